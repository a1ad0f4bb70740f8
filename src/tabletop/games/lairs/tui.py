"""A terminal picture of a Lairs view: the seat's own lair (if it built one), each explorer's map
sheet as far as it is learnt, the player mats, the dice of the check under way, and the log.
It reads the view only (the hot-seat cover between seats is the terminal's own)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import grid
from .content import CUBES, content
from .view import notes_line

PACK = ", Adventurer's Pack"
GLYPH = {"start": "S", "exit": "X", "chest": "$", "empty": "·"}
CUBE = {"basic": "b", "perception": "P", "quickness": "Q", "knowhow": "K", "brawn": "B",
        "guile": "G"}  # fmt: skip


def glyph(f: str | None) -> tuple[str, str]:
    if f is None:
        return " ", ""
    if f[:2] == "m:":
        return content().hazards[f[2:]].name[0].upper(), "bold red"
    if f[:2] == "t:":
        return content().hazards[f[2:]].name[0].lower(), "bold magenta"
    return GLYPH.get(f, "?"), {"exit": "bold green", "chest": "yellow", "start": "cyan"}.get(f, "")


def draw_grid(
    feat: list[str | None], walls: set[int], known: list[bool] | None, pos: int | None
) -> Text:
    """The 6x6 grid with walls: '|' and '---' where a wall (or learnt wall) stands."""
    t = Text("    1   2   3   4   5   6\n", style="dim")
    t.append("  +" + "---+" * grid.COLS + "\n")
    for r in range(grid.ROWS):
        t.append(f"{'ABCDEF'[r]} |")
        for c in range(grid.COLS):
            cell = r * grid.COLS + c
            ch, style = glyph(feat[cell])
            if known is not None and not known[cell] and feat[cell] is None:
                ch, style = "?", "dim"
            if cell == pos:
                t.append(f"[{ch}]", style="bold reverse " + style)
            else:
                t.append(f" {ch} ", style=style)
            east = grid.side_edge(cell, "e")
            t.append("|" if east is None or east in walls else " ")
        t.append("\n  +")
        for c in range(grid.COLS):
            cell = r * grid.COLS + c
            south = grid.side_edge(cell, "s")
            t.append("---+" if south is None or south in walls else "   +")
        t.append("\n")
    return t


def mat_text(view: dict[str, Any], i: int) -> Text:
    m = view["mats"][i]
    t = Text()
    for b in ("fresh", "conserved", "spent", "fatigued"):
        cubes = "".join(CUBE[k] * m[b][k] for k in CUBES)
        t.append(f"{b:>9}: {cubes or '-'}\n")
    if m["status"]:
        t.append("status: " + ", ".join(f"{k} ({b})" for k, b in m["status"].items()) + "\n",
                 style="magenta")  # fmt: skip
    C = content()
    if m["treasures"]:
        t.append("treasure: " + ", ".join(C.treasures[x].name for x in m["treasures"]) + "\n")
    if m["trophies"]:
        t.append("trophies: " + ", ".join(C.hazards[x].name for x in m["trophies"]) + "\n")
    if "junk" in m:
        t.append("junk: " + ", ".join(C.junk[x.split("#")[0]].name for x in m["junk"]) + "\n")
    elif m["junk_count"]:
        t.append(f"junk: {m['junk_count']} cards\n")
    t.append(f"VP {m['score']['total']}" + (" (escaped)" if m["escaped"] else ""), style="bold")
    return t


def check_text(view: dict[str, Any]) -> Text | None:
    ck = view.get("check") or view.get("last_check")
    if not ck:
        return None
    C = content()
    dice = " ".join(f"[{d['v']}{'P' if d['t'] == 'power' else ''}]" for d in ck.get("dice", []))
    t = Text(f"{C.hazards[ck['hz']].name} at {grid.name(ck['cell'])}, Target {ck['target']}: ")
    t.append(dice or "no dice yet", style="bold")
    if ck.get("mdice"):
        t.append("  Monster dice: " + " ".join(ck["mdice"]))
    if "total" in ck:
        t.append(f"  total {ck['total']}")
    return t


def hazards_text(view: dict[str, Any]) -> Text:
    C = content()
    t = Text()
    for hid in sorted(set(view["monsters"] + view["traps"])):
        h = C.hazards[hid]
        weak = f", weak to {', '.join(h.weaknesses)}" if view["pack"] else ""
        t.append(f"{h.name}", style="bold red" if h.kind == "monster" else "bold magenta")
        t.append(f" ({h.kind}, Target {h.target}{weak}): {h.text}\n")
    return t


def render(view: dict[str, Any]) -> RenderableType:
    seat = view.get("seat")
    parts: list[RenderableType] = []
    head = f"Lairs ({view['mode']}{PACK if view['pack'] else ''}) — "
    head += f"round {view['round']}/{view['rounds']}, {view['phase']}"
    parts.append(Text(head, style="bold"))
    row = Table.grid(padding=(0, 2))
    cells: list[RenderableType] = []
    lair = view.get("lair")
    if lair is not None:
        pos = None
        if view.get("maps") and seat is not None and len(view["maps"]) > 1:
            pos = view["maps"][1 - seat]["pos"]
        title = "your lair" + (" (the rival explores it)" if pos is not None else "")
        cells.append(Panel(draw_grid(lair["feat"], set(lair["walls"]), None, pos), title=title))
    for i, sheet in enumerate(view.get("maps") or []):
        who = "your map sheet" if i == seat else f"seat {i}'s map sheet"
        g = draw_grid(sheet["map"], set(sheet["mwalls"]), sheet["known"], sheet["pos"])
        notes = Text(notes_line(sheet) + "\n", style="italic")
        cells.append(Panel(Group(g, notes, mat_text(view, i)), title=who))
    for _ in cells:
        row.add_column()
    if cells:
        row.add_row(*cells)
        parts.append(row)
    if lair is not None and view["phase"] in ("select", "build"):
        left = ", ".join(f"{n} {k}" for k, n in sorted(lair["left"].items())) or "none"
        parts.append(Text(f"pieces left: {left}; walls {len(lair['walls'])}"))
        if lair.get("problem"):
            parts.append(Text("not ready: " + lair["problem"], style="yellow"))
    parts.append(Panel(hazards_text(view), title="hazards in both lairs", border_style="dim"))
    ck = check_text(view)
    if ck is not None:
        parts.append(Panel(ck, title="check"))
    if view.get("log"):
        lines = "\n".join(e["text"] for e in view["log"][-8:])
        parts.append(Panel(lines, title="log", border_style="dim"))
    return Panel(Group(*parts), title=f"seat {seat}")
