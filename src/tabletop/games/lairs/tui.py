"""A terminal picture of a Lairs view: the seat's own lair (if it built one), each explorer's map
sheet as far as it is learnt, the player mats, the dice of the check under way, and the log.
It reads the view only (the hot-seat cover between seats is the terminal's own)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
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
# The marks of the cubes, the same on both boards (the web page's mats and key use them): two
# letters each, no two alike whatever the case (Basic and Brawn were both "B" once).
CUBE_MARK = {"basic": "Ba", "perception": "Pe", "quickness": "Qu", "knowhow": "Kn",
             "brawn": "Br", "guile": "Gu"}  # fmt: skip


def cube_text(basket: dict[str, int]) -> str:
    """A basket's cubes by their marks, a count before a mark held more than once:
    ``4Ba Pe Qu``; ``-`` for none."""
    held = [(basket.get(k, 0), CUBE_MARK[k]) for k in CUBES]
    return " ".join(f"{n}{mark}" if n > 1 else mark for n, mark in held if n) or "-"


def glyph(f: str | None) -> tuple[str, str]:
    """A feature's mark (a hazard's two letters, :func:`short_labels`) and its style."""
    if f is None:
        return " ", ""
    if f[:2] in ("m:", "t:"):
        return short_labels()[f[2:]], "bold red" if f[0] == "m" else "bold magenta"
    return GLYPH.get(f, "?"), {"exit": "bold green", "chest": "yellow", "start": "cyan"}.get(f, "")


def _grid(
    feat: list[str | None],
    walls: set[int],
    known: list[bool] | None,
    pos: int | None,
    face: Callable[[str | None, bool, bool], tuple[str, str]],
) -> Text:
    """The 6x6 grid with its walls, each space drawn by ``face(feature, unknown, explorer here)``
    as (text, style): '|' and '---' where a wall (or a learnt wall) stands."""
    t = Text("    1   2   3   4   5   6\n", style="dim")
    t.append("  +" + "---+" * grid.COLS + "\n")
    for r in range(grid.ROWS):
        t.append(f"{'ABCDEF'[r]} |")
        for c in range(grid.COLS):
            cell = r * grid.COLS + c
            unknown = known is not None and not known[cell] and feat[cell] is None
            t.append(*face(feat[cell], unknown, cell == pos))
            east = grid.side_edge(cell, "e")
            t.append("|" if east is None or east in walls else " ")
        t.append("\n  +")
        for c in range(grid.COLS):
            cell = r * grid.COLS + c
            south = grid.side_edge(cell, "s")
            t.append("---+" if south is None or south in walls else "   +")
        t.append("\n")
    return t


def draw_grid(
    feat: list[str | None], walls: set[int], known: list[bool] | None, pos: int | None
) -> Text:
    """The 6x6 grid with walls, three columns a space (a hazard's two letters), ``>`` before
    the explorer's."""

    def face(f: str | None, unknown: bool, here: bool) -> tuple[str, str]:
        ch, style = ("?", "dim") if unknown else glyph(f)
        ch = ch.ljust(2)
        return (">" + ch, "bold reverse " + style) if here else (" " + ch, style)

    return _grid(feat, walls, known, pos, face)


def compact_grid(
    feat: list[str | None],
    walls: set[int],
    known: list[bool] | None,
    pos: int | None,
    labels: dict[str, str],
) -> Text:
    """The 6x6 grid in 27 columns: two letters a space, ``>`` before the explorer's."""

    def face(f: str | None, unknown: bool, here: bool) -> tuple[str, str]:
        ch, style = ("? ", "dim") if unknown else short_glyph(f, labels)
        return (">" + ch, "bold reverse " + style) if here else (" " + ch, style)

    t = _grid(feat, walls, known, pos, face)
    t.right_crop(1)  # no newline after the last row: it sits in a table cell
    return t


def mat_text(view: dict[str, Any], i: int) -> Text:
    m = view["mats"][i]
    t = Text()
    for b in ("fresh", "conserved", "spent", "fatigued"):
        t.append(f"{b:>9}: {cube_text(m[b])}\n")
    if m["status"]:
        t.append("status: " + ", ".join(f"{k} ({b})" for k, b in m["status"].items()) + "\n",
                 style="magenta")  # fmt: skip
    cards = content()
    if m["treasures"]:
        t.append("treasure: " + ", ".join(cards.treasures[x].name for x in m["treasures"]) + "\n")
    if m["trophies"]:
        t.append("trophies: " + ", ".join(cards.hazards[x].name for x in m["trophies"]) + "\n")
    if "junk" in m:
        t.append("junk: " + ", ".join(cards.junk[x.split("#")[0]].name for x in m["junk"]) + "\n")
    elif m["junk_count"]:
        t.append(f"junk: {m['junk_count']} cards\n")
    t.append(f"VP {m['score']['total']}" + (" (escaped)" if m["escaped"] else ""), style="bold")
    return t


def check_text(view: dict[str, Any]) -> Text | None:
    ck = view.get("check") or view.get("last_check")
    if not ck:
        return None
    cards = content()
    dice = " ".join(
        f"[{d['value']}{'P' if d['type'] == 'power' else ''}]" for d in ck.get("dice", [])
    )
    t = Text(f"{cards.hazards[ck['hz']].name} at {grid.name(ck['cell'])}, Target {ck['target']}: ")
    t.append(dice or "no dice yet", style="bold")
    if ck.get("mdice"):
        t.append("  Monster dice: " + " ".join(ck["mdice"]))
    if "total" in ck:
        t.append(f"  total {ck['total']}")
    return t


def hazards_text(view: dict[str, Any]) -> Text:
    cards = content()
    t = Text()
    labels = short_labels()
    for hid in sorted(set(view["monsters"] + view["traps"])):
        h = cards.hazards[hid]
        weak = f", weak to {', '.join(h.weaknesses)}" if view["pack"] else ""
        style = "bold red" if h.kind == "monster" else "bold magenta"
        t.append(f"{labels[hid]} {h.name}", style=style)
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
        who = "your map sheet" if i == seat else f"{seat_name(view, i)}'s map sheet"
        g = draw_grid(sheet["map"], set(sheet["mwalls"]), sheet["known"], sheet["pos"])
        notes = Text(notes_line(sheet) + "\n", style="italic")
        cells.append(Panel(Group(g, notes, mat_text(view, i)), title=who))
    for _ in cells:
        row.add_column()
    if cells:
        row.add_row(*cells)
        parts.append(row)
    if lair is not None and view["phase"] in ("select", "build"):
        labels = short_labels()
        pieces = sorted(lair["left"].items())
        left = ", ".join(f"{n} {piece_name(k, labels)}" for k, n in pieces) or "none"
        parts.append(Text(f"pieces left: {left}; walls {len(lair['walls'])}"))
        if lair.get("problem") and not pieces:
            parts.append(Text("not ready: " + lair["problem"], style="yellow"))
    parts.append(Panel(hazards_text(view), title="hazards in both lairs", border_style="dim"))
    parts.append(Text(KEY + "\n" + CUBE_KEY, style="dim"))
    ck = check_text(view)
    if ck is not None:
        parts.append(Panel(ck, title="check"))
    if view.get("log"):
        lines = "\n".join(e["text"] for e in view["log"][-8:])
        parts.append(Panel(lines, title="log", border_style="dim"))
    title = seat_name(view, seat) if isinstance(seat, int) else "spectator"
    return Panel(Group(*parts), title=title)


def seat_name(view: dict[str, Any], i: int) -> str:
    """The name a seat goes by on screen (the view's ``seat_names``: Seat 1, Seat 2)."""
    names = view.get("seat_names") or []
    return str(names[i]) if i < len(names) else f"Seat {i + 1}"


# ------------------------------------------------------------------ the compact drawing
# What a player decides from, in a 120x40 terminal with the options under it: the lair and the
# map sheets side by side with two-letter hazard labels and a key, the mats in a column beside
# them, the hazards in play in two columns (their full text through ``?NAME``), the last few log
# lines. The whole drawing (``v`` in the terminal) is :func:`render`.
LOG_LINES = 4
KEY = (
    "key: S start, X exit, $ chest, · empty, ? not learnt, > explorer, AB monster, ab trap, "
    "T8 Target 8"
)
CUBE_KEY = "cubes: " + ", ".join(f"{mark} {k}" for k, mark in CUBE_MARK.items())


@cache
def short_labels() -> dict[str, str]:
    """Two letters for each hazard, the same in every game: a monster's in capitals, a trap's
    in lower case (no two alike whatever the case); the initials of its first two words where
    they are free, else its first letter and a later one."""
    cards = content()
    labels: dict[str, str] = {}
    used: set[str] = set()
    for hid in sorted(cards.hazards):
        h = cards.hazards[hid]
        letters = "".join(ch for ch in h.name if ch.isalpha() or ch == " ")
        words = letters.split()
        tries = [words[0][0] + words[1][0]] if len(words) > 1 else []
        flat = letters.replace(" ", "")
        tries += [flat[0] + ch for ch in flat[1:]]
        label = ""
        for t in tries:
            label = t.upper() if h.kind == "monster" else t.lower()
            if label.upper() not in used:
                break
        used.add(label.upper())
        labels[hid] = label
    return labels


def short_glyph(f: str | None, labels: dict[str, str]) -> tuple[str, str]:
    if f is None:
        return "  ", ""
    if f[:2] in ("m:", "t:"):
        return labels[f[2:]], "bold red" if f[0] == "m" else "bold magenta"
    ch, style = glyph(f)
    return ch + " ", style


def compact_mat(view: dict[str, Any], i: int) -> Text:
    """A mat in a few lines: the cubes by where they are, status, treasures (with their VP),
    trophies, junk (with its cost), VP."""
    m = view["mats"][i]
    cards = content()

    def cubes(b: str) -> str:
        return cube_text(m[b])

    t = Text(f"fresh {cubes('fresh')} · conserved {cubes('conserved')}\n")
    t.append(f"spent {cubes('spent')} · fatigued {cubes('fatigued')}\n")
    if m["status"]:
        t.append("status: " + ", ".join(f"{k} ({b})" for k, b in m["status"].items()) + "\n",
                 style="magenta")  # fmt: skip
    if m["treasures"]:
        names = (f"{cards.treasures[x].name} {cards.treasures[x].vp}" for x in m["treasures"])
        t.append("treasure: " + ", ".join(names) + "\n")
    if m["trophies"]:
        t.append("trophies: " + ", ".join(cards.hazards[x].name for x in m["trophies"]) + "\n")
    if "junk" in m:
        junk = [cards.junk[x.split("#")[0]] for x in m["junk"]]
        t.append("junk: " + (", ".join(f"{j.name} ({j.cost})" for j in junk) or "-") + "\n")
    elif m["junk_count"]:
        t.append(f"junk: {m['junk_count']} cards\n")
    t.append(f"VP {m['score']['total']}" + (" (escaped)" if m["escaped"] else ""), style="bold")
    return t


def hazard_key(view: dict[str, Any], labels: dict[str, str]) -> Table:
    """The hazards in both lairs in two columns: label, name, kind, Target (and weaknesses with
    the Pack); their text is a ``?NAME`` away."""
    cards = content()
    table = Table.grid(padding=(0, 3))
    table.add_column(ratio=1)
    table.add_column(ratio=1)
    cells: list[Text] = []
    for hid in sorted(set(view["monsters"] + view["traps"])):
        h = cards.hazards[hid]
        t = Text(f"{labels[hid]} ", style="bold red" if h.kind == "monster" else "bold magenta")
        t.append(f"{h.name}", style="bold")
        weak = f", weak to {', '.join(h.weaknesses)}" if view["pack"] else ""
        t.append(f" ({h.kind} T{h.target}{weak})")
        cells.append(t)
    for k in range(0, len(cells), 2):
        table.add_row(*cells[k : k + 2])
    return table


def piece_name(key: str, labels: dict[str, str]) -> str:
    """A piece as players name it, a hazard with its mark: "Gloombat GL", "chest"."""
    if key[:2] in ("m:", "t:"):
        return f"{content().hazards[key[2:]].name} {labels[key[2:]]}"
    return key


def compact_header(view: dict[str, Any]) -> Text:
    """The compact drawing's first line: the mode, who you are, the round, whose turn, decks."""
    seat = view.get("seat")

    def who(i: int) -> str:
        return seat_name(view, i)

    head = f"Lairs ({view['mode']}{', Pack' if view['pack'] else ''})"
    if isinstance(seat, int):
        head += f" — {who(seat)}"
    head += f" — round {view['round']}/{view['rounds']}, {view['phase']}"
    if view.get("turn") is not None and view["phase"] == "explore":
        head += ", your turn" if view["turn"] == seat else f", {who(view['turn'])}'s turn"
    extra = []
    if view.get("goal") is not None:
        extra.append(f"goal {view['goal']} VP")
    if view.get("treasure_deck") is not None:
        extra.append(f"treasure deck {view['treasure_deck']}")
    if view.get("junk_deck") is not None and view["pack"]:
        extra.append(f"junk deck {view['junk_deck']}")
    return Text(head + (" · " + ", ".join(extra) if extra else ""), style="bold")


def render_compact(view: dict[str, Any]) -> RenderableType:
    """The drawing beside the options: everything :func:`render` shows but the hazards' texts
    (``?NAME``) and the older log, in under 30 lines at 120 columns."""
    seat = view.get("seat")
    cards = content()
    labels = short_labels()

    def who(i: int) -> str:
        return seat_name(view, i)

    parts: list[RenderableType] = [compact_header(view)]
    row = Table.grid(padding=(0, 3))
    cells: list[RenderableType] = []
    lair = view.get("lair")
    if lair is not None:
        pos = None
        if view.get("maps") and seat is not None and len(view["maps"]) > 1:
            pos = view["maps"][1 - seat]["pos"]
        title = Text("your lair" + (" (rival inside)" if pos is not None else ""), style="bold")
        cells.append(
            Group(title, compact_grid(lair["feat"], set(lair["walls"]), None, pos, labels))
        )
    mats: list[RenderableType] = []
    for i, sheet in enumerate(view.get("maps") or []):
        title = Text("your map sheet" if i == seat else f"{who(i)}'s map sheet", style="bold")
        g = compact_grid(sheet["map"], set(sheet["mwalls"]), sheet["known"], sheet["pos"], labels)
        cells.append(Group(title, g))
        mine = "you" if i == seat else who(i)
        mats.append(Text.assemble((f"{mine}: ", "bold"), (notes_line(sheet), "italic")))
        mats.append(compact_mat(view, i))
    if mats:
        cells.append(Group(*mats))
    grids = len(cells) - (1 if mats else 0)
    for _ in range(grids):  # a grid never wraps: the mats' column gives way
        row.add_column(min_width=27, no_wrap=True)
    if mats:
        row.add_column(ratio=1)
    if cells:
        row.add_row(*cells)
        parts.append(row)
    if lair is not None and view["phase"] in ("select", "build"):
        left = ", ".join(f"{n} {piece_name(k, labels)}" for k, n in sorted(lair["left"].items()))
        parts.append(Text(f"pieces left: {left or 'none'}; walls placed {len(lair['walls'])}"))
        if lair.get("problem") and not left:
            parts.append(Text("not ready: " + lair["problem"], style="yellow"))
    if view.get("draft_pool"):
        pool = ", ".join(f"{cards.hazards[h].name} {labels[h]}" for h in view["draft_pool"])
        parts.append(Text(f"to draft: {pool}"))
    if view.get("display"):
        shown = ", ".join(
            f"{cards.treasures[x].name} ({cards.treasures[x].vp} VP)" for x in view["display"]
        )
        parts.append(Text(f"treasure display: {shown}"))
    parts.append(hazard_key(view, labels))
    parts.append(Text(KEY, style="dim"))
    if mats:
        parts.append(Text(CUBE_KEY, style="dim"))
    if view.get("horn") is not None:
        turns = view["horn"]
        parts.append(Text(f"An explorer has escaped: {turns} turn{'s' * (turns != 1)} left to the "
                          "one still inside", style="bold yellow"))  # fmt: skip
    ck = check_text(view)
    if ck is not None:
        parts.append(Text.assemble(("check: ", "bold"), ck))
    if view.get("log"):
        lines = "\n".join("· " + e["text"] for e in view["log"][-LOG_LINES:])
        parts.append(Text(lines, style="dim"))
    return Group(*parts)
