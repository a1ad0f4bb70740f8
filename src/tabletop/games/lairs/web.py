"""The Lairs board for the web app: the seat's own lair (while building and as the Builder), each
explorer's map sheet filling in as it learns, the player mats, and the dice of the last check.
Markup from the view only."""

from __future__ import annotations

import json
from html import escape
from typing import Any

from . import grid
from .content import CUBES, content
from .view import notes_line

CSS = """
.lr-board{display:flex;flex-wrap:wrap;gap:1rem;font-size:.9rem}
.lr-sheet h3{margin:.2rem 0;font-size:1rem}
.lr-grid{display:grid;grid-template-columns:repeat(6,2.2rem);grid-auto-rows:2.2rem;
  border:3px solid #333;width:max-content}
.lr-c{display:flex;align-items:center;justify-content:center;border:1px dashed #ccc;
  font-weight:bold;position:relative}
.lr-c.u{background:#ddd}.lr-c.e{border-right:3px solid #333}.lr-c.s{border-bottom:3px solid #333}
.lr-c.w{border-left:3px solid #333}.lr-c.n{border-top:3px solid #333}
.lr-c.me{outline:3px solid #1a73e8;outline-offset:-4px}
.lr-m{color:#b00020}.lr-t{color:#7b1fa2}.lr-x{color:#2e7d32}.lr-ch{color:#b8860b}.lr-s{color:#0277bd}
.lr-notes{font-style:italic;margin:.2rem 0}
.lr-mat{margin:.3rem 0}.lr-cube{display:inline-block;min-width:1.1rem;text-align:center;
  border-radius:3px;margin:1px;padding:0 2px;color:#fff;font-size:.75rem}
.lr-basic{background:#777}.lr-perception{background:#2e7d32}.lr-quickness{background:#f9a825}
.lr-knowhow{background:#6a1b9a}.lr-brawn{background:#c62828}.lr-guile{background:#1565c0}
.lr-die{display:inline-block;border:2px solid #333;border-radius:4px;padding:0 .3rem;margin:1px}
.lr-die.power{background:#ffe082}
[data-act],[data-pick]{cursor:pointer}.lr-c[data-act]:hover{background:#e3f2fd}
.lr-piece.picked{background:#bbdefb}
.lr-eb{position:absolute;background:#90caf9;opacity:.6}
.lr-eb.e{right:-4px;top:15%;width:6px;height:70%}.lr-eb.s{bottom:-4px;left:15%;height:6px;width:70%}
.lr-eb:hover{opacity:1;background:#1565c0}
.lr-piece{display:inline-block;border:1px solid #999;border-radius:4px;padding:.1rem .4rem;
  margin:.15rem;background:#fafafa}
"""

CLASS = {"start": ("S", "lr-s"), "exit": ("X", "lr-x"), "chest": ("$", "lr-ch"), "empty": ("", "")}


def _feature(f: str | None) -> tuple[str, str, str]:
    """(glyph, css class, title) of a feature."""
    if f is None:
        return "", "", ""
    if f[:2] in ("m:", "t:"):
        h = content().hazards[f[2:]]
        return h.name[:2], "lr-m" if f[0] == "m" else "lr-t", f"{h.name} (Target {h.target})"
    g, cls = CLASS.get(f, ("?", ""))
    return g, cls, f


def _act(a: dict[str, Any]) -> str:
    return escape(json.dumps(a, sort_keys=True), quote=True)


def clickable(view: dict[str, Any], explorer: bool) -> tuple[dict[int, str], dict[int, str]]:
    """Actions a click on a space (or on the edge east or south of it) stands for. While
    building, the decision is a template (``build piece cell side``): a click on a free space
    names its cell and side and sends the form with the piece picked (see :func:`pieces_html`),
    a click on an edge places a Wall there, a click on a placed piece or Wall takes it back."""
    by_cell: dict[int, str] = {}
    by_edge: dict[int, str] = {}
    seat = view.get("seat")
    for a in view.get("actions") or []:
        args = a.get("args", {})
        if explorer and a["kind"] in ("creep", "to") and "dir" in args and seat is not None:
            nxt = grid.step(view["maps"][seat]["pos"], args["dir"])
            if nxt is not None:
                by_cell.setdefault(nxt, _act(a))
        elif explorer and a["kind"] in ("backtrack", "peer"):
            by_cell.setdefault(grid.parse(args.get("to") or args["at"]), _act(a))
        elif not explorer and a["kind"] in ("to", "move"):
            by_cell.setdefault(grid.parse(args["cell"]), _act(a))
    kinds = {t["kind"]: t for t in view.get("templates") or []}
    lair = view.get("lair")
    if explorer or lair is None or not ({"build", "take-back"} & set(kinds)):
        return by_cell, by_edge
    pieces = _domain(kinds.get("build"), "piece")
    walls = set(lair["walls"])
    for cell in range(grid.SPACES):
        name = grid.name(cell)
        if lair["feat"][cell] is not None:
            if "take-back" in kinds:
                by_cell[cell] = _act(_template_act("take-back", cell=name, side="space"))
        elif pieces - {"wall"}:
            by_cell[cell] = _act(_template_act("build", cell=name, side="space"))
        for d, side in (("e", "east"), ("s", "south")):
            e = grid.side_edge(cell, d)
            if e is None:
                continue
            if e in walls and "take-back" in kinds:
                by_edge[e] = _act(_template_act("take-back", cell=name, side=side))
            elif e not in walls and "wall" in pieces:
                by_edge[e] = _act(_template_act("build", piece="wall", cell=name, side=side))
    return by_cell, by_edge


def _domain(template: dict[str, Any] | None, name: str) -> set[Any]:
    for p in (template or {}).get("params", []):
        if p["name"] == name:
            return set(p["domain"])
    return set()


def _template_act(kind: str, **args: Any) -> dict[str, Any]:
    return {"kind": kind, "args": args}


def pieces_html(view: dict[str, Any]) -> str:
    """The pieces left to place, each a chip that picks it in the build form (``data-pick``),
    and the listed choices (the lair is ready)."""
    chips = []
    ready = False
    for t in view.get("templates") or []:
        ready = ready or t["kind"] == "ready"
        if t["kind"] != "build":
            continue
        for p in t["params"]:
            if p["name"] != "piece":
                continue
            for value, label in zip(p["domain"], p.get("labels") or p["domain"], strict=True):
                pick = _act({"template": "build", "piece": value})
                chips.append(f'<span class="lr-piece" data-pick="{pick}">{escape(label)}</span>')
    if ready:
        act = _act(_template_act("ready"))
        chips.append(f'<span class="lr-piece" data-act="{act}">the lair is ready</span>')
    return "<div>" + "".join(chips) + "</div>" if chips else ""


def grid_html(
    feat: list[str | None],
    walls: set[int],
    known: list[bool] | None,
    pos: int | None,
    clicks: tuple[dict[int, str], dict[int, str]] = ({}, {}),
) -> str:
    by_cell, by_edge = clicks
    cells = []
    for cell in range(grid.SPACES):
        classes = ["lr-c"]
        for d in ("n", "e", "s", "w"):
            e = grid.side_edge(cell, d)
            if e is not None and e in walls:
                classes.append(d)
        if known is not None and not known[cell] and feat[cell] is None:
            classes.append("u")
        if cell == pos:
            classes.append("me")
        g, cls, title = _feature(feat[cell])
        tip = escape(f"{grid.name(cell)} {title}".strip())
        act = f' data-act="{by_cell[cell]}"' if cell in by_cell else ""
        bars = ""
        for d in ("e", "s"):
            e = grid.side_edge(cell, d)
            if e is not None and e in by_edge:
                bars += f'<i class="lr-eb {d}" data-act="{by_edge[e]}"></i>'
        cells.append(
            f'<div class="{" ".join(classes)}" title="{tip}" data-cell="{grid.name(cell)}"{act}>'
            f'<span class="{cls}">{escape(g)}</span>{bars}</div>'
        )
    return '<div class="lr-grid">' + "".join(cells) + "</div>"


def mat_html(view: dict[str, Any], i: int) -> str:
    m = view["mats"][i]
    C = content()
    rows = []
    for b in ("fresh", "conserved", "spent", "fatigued"):
        cubes = "".join(
            f'<span class="lr-cube lr-{k}" title="{k}">{k[0].upper()}</span>'
            for k in CUBES
            for _ in range(m[b][k])
        )
        rows.append(f"<div>{b}: {cubes or '—'}</div>")
    if m["status"]:
        rows.append("<div>status: " + escape(", ".join(m["status"])) + "</div>")
    if m["treasures"]:
        names = ", ".join(C.treasures[t].name for t in m["treasures"])
        rows.append(f"<div>treasure: {escape(names)}</div>")
    if m["trophies"]:
        rows.append(
            f"<div>trophies: {escape(', '.join(C.hazards[t].name for t in m['trophies']))}</div>"
        )
    if m.get("junk"):
        rows.append(
            f"<div>junk: {escape(', '.join(C.junk[j.split('#')[0]].name for j in m['junk']))}</div>"
        )
    rows.append(f"<div><b>{m['score']['total']} VP</b>{' — escaped' if m['escaped'] else ''}</div>")
    return '<div class="lr-mat">' + "".join(rows) + "</div>"


def dice_html(view: dict[str, Any]) -> str:
    ck = view.get("check") or view.get("last_check")
    if not ck:
        return ""
    h = content().hazards[ck["hz"]]
    dice = "".join(
        f'<span class="lr-die {d["t"]}" title="{d["t"]} die">{d["v"]}</span>' for d in ck["dice"]
    )
    out = f"<h3>{escape(h.name)} at {grid.name(ck['cell'])} — Target {ck['target']}</h3>"
    out += f"<div>{dice or 'no dice yet'}"
    if ck.get("mdice"):
        out += " Monster dice: " + " ".join(escape(f) for f in ck["mdice"])
    if "total" in ck:
        out += f" — total <b>{ck['total']}</b>"
    return f'<div class="lr-sheet">{out}</div></div>'


def hazards_html(view: dict[str, Any]) -> str:
    C = content()
    rows = []
    for hid in sorted(set(view["monsters"] + view["traps"])):
        h = C.hazards[hid]
        weak = f", weak to {', '.join(h.weaknesses)}" if view["pack"] else ""
        cls = "lr-m" if h.kind == "monster" else "lr-t"
        rows.append(
            f'<div><b class="{cls}">{escape(h.name)}</b> ({h.kind}, Target {h.target}'
            f"{escape(weak)}): {escape(h.text)}</div>"
        )
    return '<div class="lr-sheet"><h3>Hazards in both lairs</h3>' + "".join(rows) + "</div>"


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    parts = []
    lair = view.get("lair")
    maps = view.get("maps") or []
    if lair is not None:
        pos = maps[1 - seat]["pos"] if maps and seat is not None and len(maps) > 1 else None
        head = "Your lair" + (" (the rival explores it)" if pos is not None else "")
        extra = ""
        if view["phase"] in ("select", "build"):
            left = ", ".join(f"{n} {k}" for k, n in sorted(lair["left"].items())) or "none"
            extra = f"<div>pieces left: {escape(left)}; walls: {len(lair['walls'])}</div>"
            if lair.get("problem"):
                extra += f"<div>not ready: {escape(lair['problem'])}</div>"
        parts.append(
            f'<div class="lr-sheet"><h3>{head}</h3>'
            + grid_html(lair["feat"], set(lair["walls"]), None, pos, clickable(view, False))
            + extra
            + pieces_html(view)
            + "</div>"
        )
    for i, sheet in enumerate(maps):
        who = "Your map sheet" if i == seat else f"Seat {i}'s map sheet"
        parts.append(
            f'<div class="lr-sheet"><h3>{who}</h3>'
            + grid_html(
                sheet["map"],
                set(sheet["mwalls"]),
                sheet["known"],
                sheet["pos"],
                clickable(view, True) if i == seat else ({}, {}),
            )
            + f'<div class="lr-notes">{escape(notes_line(sheet))}</div>'
            + mat_html(view, i)
            + "</div>"
        )
    info = f"<div>Round {view['round']} of {view['rounds']}"
    if view.get("goal"):
        info += f"; goal {view['goal']} VP"
    info += "</div>"
    return (
        f'<div class="lr-board"><style>{CSS}</style>{info}'
        + "".join(parts)
        + dice_html(view)
        + hazards_html(view)
        + "</div>"
    )
