"""The Lairs board for the web app: the seat's own lair (while building and as the Builder), each
explorer's map sheet filling in as it learns, the player mats, and the dice of the last check.
Markup from the view only."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from . import grid
from .content import CUBES, content
from .rules import building, energy
from .tui import CUBE_MARK, short_labels
from .view import notes_line

STYLESHEET = Path(__file__).parent / "static" / "lairs.css"

CLASS = {"start": ("S", "lr-s"), "exit": ("X", "lr-x"), "chest": ("$", "lr-ch"), "empty": ("", "")}
NAMES = {"start": "Start", "exit": "Exit", "chest": "Chest", "wall": "Wall"}
SIDE_OF = {"e": "east", "s": "south"}


def glyph(f: str) -> str:
    """The short mark of a feature on the grid (its key is the legend, :func:`legend_html`): a
    hazard's two letters, the terminal's too (:func:`tabletop.games.lairs.tui.short_labels`: no
    two alike, a monster's in capitals, a trap's in lower case)."""
    if f[:2] in ("m:", "t:"):
        return short_labels()[f[2:]]
    return CLASS.get(f, ("?", ""))[0] if f != "wall" else "▮"


def piece_words(f: str) -> str:
    """A piece as players name it: "Golem", "Start", "Wall"."""
    if f[:2] in ("m:", "t:"):
        return content().hazards[f[2:]].name
    return NAMES.get(f, f)


def _feature(f: str | None) -> tuple[str, str, str]:
    """(glyph, css class, title) of a feature."""
    if f is None:
        return "", "", ""
    if f[:2] in ("m:", "t:"):
        h = content().hazards[f[2:]]
        kind = "monster" if f[0] == "m" else "trap"
        return glyph(f), "lr-m" if f[0] == "m" else "lr-t", f"{h.name} ({kind}, Target {h.target})"
    g, cls = CLASS.get(f, ("?", ""))
    return g, cls, piece_words(f)


def _act(a: dict[str, Any]) -> str:
    return escape(json.dumps(a, sort_keys=True), quote=True)


def _mat_of(view: dict[str, Any]) -> dict[str, Any] | None:
    seat = view.get("seat")
    mats = view.get("mats") or []
    return mats[seat] if isinstance(seat, int) and 0 <= seat < len(mats) else None


def cost_words(view: dict[str, Any], kind: str, marks: bool = False) -> str:
    """What an explorer's action costs, on its target: the one way the Fresh cubes can pay
    ("pays Basic"), or the alternatives when there is a choice ("Quickness or 2 cubes of any
    kind"); "free" for an action that costs nothing. ``marks``: as short as a space on a phone
    takes, in the cubes' marks ("pays Ba", "Qu or 2 any")."""
    alts = energy.COSTS.get(kind)
    if not alts:
        return "free"

    def cube(c: str) -> str:
        return CUBE_MARK.get(c, c) if marks else c.capitalize()

    mat = _mat_of(view)
    if mat is not None:
        ways = energy.payments({"fresh": mat["fresh"], "status": mat["status"]}, kind)
        if len(ways) == 1:
            return "pays " + " + ".join(cube(c) for c in ways[0])
    words = []
    for alt in alts:
        n = alt.count("any")
        named = [cube(c) for c in alt if c != "any"]
        anys = f"{n} any" if marks else f"{n} cube{'s' * (n > 1)} of any kind"
        words.append(" + ".join(named + ([anys] if n else [])))
    return " or ".join(words)


VERB = {"creep": "Creep", "to": "Move", "backtrack": "Backtrack", "peer": "Peer", "move": "Move"}
STEPPING = ("creep", "charge", "sneak", "hustle")


def paid_for(view: dict[str, Any]) -> tuple[str, int | None]:
    """While the explorer chooses how to pay (the view's pending ``ask``): the action's words
    and the space it goes to (None: it goes nowhere, or the view does not say)."""
    ask = view.get("ask") or {}
    act = ask.get("act") if isinstance(ask, dict) else None
    seat, maps = view.get("seat"), view.get("maps") or []
    if not isinstance(act, dict) or not isinstance(seat, int) or seat >= len(maps):
        return "it", None
    kind, args = str(act.get("kind")), act.get("args") or {}
    verb = kind.replace("-", " ").capitalize()
    if kind in STEPPING and args.get("dir") in SIDES:
        to = grid.step(maps[seat]["pos"], args["dir"])
        return f"{verb} {SIDES[args['dir']]}", to
    where = args.get("to") or args.get("at")
    if isinstance(where, str) and len(where) == 2:
        return f"{verb} {'into' if kind == 'peer' else 'to'} {where}", grid.parse(where)
    return verb, None


SIDES = {"n": "north", "e": "east", "s": "south", "w": "west"}


def pay_html(view: dict[str, Any]) -> str:
    """The explorer's question "which cubes pay for it?" on the map sheet, when an action can
    be paid more than one way (one way is paid without asking): a button per way showing its
    cubes, and the way back; each sends the option it stands for (``data-act``)."""
    actions = view.get("actions") or []
    ways = [a for a in actions if a.get("kind") == "pay"]
    if not ways:
        return ""
    what, _ = paid_for(view)
    buttons = []
    for a in ways:
        cubes = list(a.get("args", {}).get("cubes") or [])
        words = " + ".join(str(c).capitalize() for c in cubes) or "nothing"
        chips = "".join(cube_html(c) for c in cubes if c in CUBE_MARK)
        buttons.append(
            f'<button type="button" class="lr-way" data-act="{_act(a)}"'
            f' title="Pay {escape(words)}">{chips} <span>{escape(words)}</span></button>'
        )
    back = next((a for a in actions if a.get("kind") == "back"), None)
    if back is not None:
        buttons.append(
            f'<button type="button" class="lr-way lr-back" data-act="{_act(back)}">'
            "Never mind</button>"
        )
    return (
        f'<div class="lr-pay" data-note-here=""><p><b>{escape(what)}: which cubes pay?</b> '
        "Each way spends these Fresh cubes.</p>"
        f'<div class="lr-ways">{"".join(buttons)}</div></div>'
    )


Target = tuple[str, str, str]  # (the action as data-act, its words, the words on the space)


def clickable(view: dict[str, Any], explorer: bool) -> tuple[dict[int, Target], dict[int, str]]:
    """Actions a tap on a space stands for, with the words on the target (an explorer's move
    and its cube cost, in full and as short as the space takes), and, while building, the
    take-back of each placed Wall by edge. A tap on a free space names its cell and side and
    sends the build form with the piece picked in the palette (see :func:`palette_html`); a tap
    on a placed piece takes it back."""
    by_cell: dict[int, Target] = {}
    by_edge: dict[int, str] = {}
    seat = view.get("seat")
    for a in view.get("actions") or []:
        args = a.get("args", {})
        kind = a["kind"]
        if explorer and kind in ("creep", "to") and "dir" in args and seat is not None:
            nxt = grid.step(view["maps"][seat]["pos"], args["dir"])
            if nxt is not None and nxt not in by_cell:
                by_cell[nxt] = _move(view, a)
        elif explorer and kind in ("backtrack", "peer"):
            cell = grid.parse(args.get("to") or args["at"])
            if cell not in by_cell:
                by_cell[cell] = _move(view, a)
        elif not explorer and kind in ("to", "move"):
            cell = grid.parse(args["cell"])
            by_cell.setdefault(cell, (_act(a), VERB[kind], VERB[kind]))
    kinds = {t["kind"]: t for t in view.get("templates") or []}
    lair = view.get("lair")
    if explorer or lair is None or not ({"build", "take-back"} & set(kinds)):
        return by_cell, by_edge
    for cell in range(grid.SPACES):
        name = grid.name(cell)
        if lair["feat"][cell] is not None:
            if "take-back" in kinds:
                act = _act(_template_act("take-back", cell=name, side="space"))
                by_cell[cell] = (act, "", "")
        elif "build" in kinds:
            by_cell[cell] = (_act(_template_act("build", cell=name, side="space")), "", "")
    if "take-back" in kinds:
        for e in lair["walls"]:
            name, side = edge_side(e)
            by_edge[e] = _act(_template_act("take-back", cell=name, side=side))
    return by_cell, by_edge


def _move(view: dict[str, Any], a: dict[str, Any]) -> Target:
    kind = a["kind"]
    words = f"{VERB[kind]} · {cost_words(view, kind)}"
    return _act(a), words, f"{VERB[kind]} {cost_words(view, kind, marks=True)}"


def edge_side(e: int) -> tuple[str, str]:
    """The (space, side) naming an edge: the space west of it or north of it."""
    a, b = grid.edge_cells(e)
    return grid.name(a), "east" if b == a + 1 else "south"


def _domain(template: dict[str, Any] | None, name: str) -> list[Any]:
    for p in (template or {}).get("params", []):
        if p["name"] == name:
            return list(p["domain"])
    return []


def _template_act(kind: str, **args: Any) -> dict[str, Any]:
    return {"kind": kind, "args": args}


def _templates(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["kind"]: t for t in view.get("templates") or []}


def legal_targets(view: dict[str, Any]) -> tuple[dict[str, set[int]], set[int], set[int]]:
    """While building: the spaces each piece left may go on now, the edges a Wall may go on,
    and the Walls that may be taken back, worked out from the seat's own lair in its view."""
    lair = view.get("lair")
    kinds = _templates(view)
    if lair is None or not ({"build", "take-back"} & set(kinds)):
        return {}, set(), set()
    cards = content()
    pieces = [p for p in _domain(kinds.get("build"), "piece") if p != "wall"]
    cells = {p: set(building.legal_cells(lair, p, cards)) for p in pieces}
    walls = "wall" in _domain(kinds.get("build"), "piece")
    edges = set(building.legal_edges(lair, cards)) if walls else set()
    removable = set(building.removable_edges(lair, cards)) if "take-back" in kinds else set()
    return cells, edges, removable


def palette_html(view: dict[str, Any]) -> str:
    """The pieces left to place, each a chip with its mark, its name and how many are left,
    that picks it in the build form (``data-pick``); the way to take a piece back; the lair's
    readiness."""
    kinds = _templates(view)
    lair = view.get("lair") or {}
    left: dict[str, int] = dict(lair.get("left") or {})
    chips = []
    domain = _domain(kinds.get("build"), "piece")
    order = sorted(domain, key=_palette_place)
    for value in order:
        pick = _act({"template": "build", "piece": value})
        g, cls, title = _feature(value) if value != "wall" else ("▮", "lr-w", "Wall")
        if value == "wall":
            cards = content()
            count = (
                f"{len(lair.get('walls') or [])} placed of {cards.walls_min} to {cards.walls_max}"
            )
        else:
            count = f"{left.get(_left_key(value, left), 1)} left"
        chips.append(
            f'<button type="button" class="lr-piece" data-pick="{pick}"'
            f' data-piece="{escape(value)}" title="{escape(title)}"><b class="{cls}">'
            f"{escape(g)}</b> {escape(piece_words(value))} <small>{escape(count)}</small></button>"
        )
    if "wall" not in domain and lair.get("walls") and "take-back" in kinds:
        chips.append(
            '<label class="lr-piece lr-tb"><input type="checkbox" class="lr-tb-walls"> '
            "Take back Walls</label>"
        )
    out = ""
    if chips:
        out += '<div class="lr-palette" data-note-here="">' + "".join(chips) + "</div>"
    if "build" in kinds or "take-back" in kinds:
        out += (
            '<p class="lr-how">Pick a piece, then tap a space lit green. With the Wall picked, tap '
            "a lit edge between two spaces. Tap a placed piece (or, with the Wall picked, a "
            "placed Wall) to take it back.</p>"
        )
    if "ready" in kinds:
        act = _act(_template_act("ready"))
        out += (
            f'<button type="button" class="primary lr-ready" data-act="{act}">'
            "The lair is ready</button>"
        )
    elif lair.get("problem") and not left and "build" in kinds:
        out += f'<p class="lr-problem">Not ready yet: {escape(lair["problem"])}.</p>'
    return out


FIRST = ("start", "exit", "chest")


def _palette_place(piece: str) -> int:
    """Where a piece sits in the palette: the Start, the Exit, the Chests, the hazards, then the
    Wall."""
    if piece in FIRST:
        return FIRST.index(piece)
    return 99 if piece == "wall" else len(FIRST)


def _left_key(piece: str, left: dict[str, int]) -> str:
    """The key of ``left`` that counts ``piece`` (counted by piece, or by kind for hazards)."""
    if piece in left:
        return piece
    return piece[2:] if piece[2:] in left else piece


def legend_html(features: set[str]) -> str:
    """The key to the marks on the grids: every feature shown or still to place."""
    if not features:
        return ""
    order = sorted(features, key=lambda f: (f[:2] not in ("m:", "t:"), f[:2], piece_words(f)))
    items = []
    for f in order:
        g, cls, title = _feature(f)
        items.append(f'<li><b class="{cls}">{escape(g)}</b> {escape(title)}</li>')
    return '<ul class="lr-legend">' + "".join(items) + "</ul>"


def grid_html(
    feat: list[str | None],
    walls: set[int],
    known: list[bool] | None,
    pos: int | None,
    clicks: tuple[dict[int, Target], dict[int, str]] = ({}, {}),
    legal: tuple[dict[str, set[int]], set[int], set[int]] | None = None,
    pending: int | None = None,
) -> str:
    """A 6x6 grid: its spaces (with what is known of them), its Walls, and, while building
    (``legal``), every inner edge as a target a Wall may be placed on or taken back from;
    ``pending``: the space a move waiting for its payment goes to."""
    by_cell, by_edge = clicks
    cells = []
    for cell in range(grid.SPACES):
        name = grid.name(cell)
        classes = ["lr-c"]
        for d in ("n", "e", "s", "w"):
            e = grid.side_edge(cell, d)
            if e is not None and e in walls:
                classes.append(d)
        if known is not None and not known[cell] and feat[cell] is None:
            classes.append("u")
        if cell == pos:
            classes.append("me")
        if cell == pending:
            classes.append("pending")
        g, cls, title = _feature(feat[cell])
        words = shown = ""
        attrs = ""
        if cell in by_cell:
            act, words, shown = by_cell[cell]
            attrs += f' data-act="{act}" data-target="{name}"'
            classes.append("go" if words else "tap")
        tip = escape(f"{name} {title}".strip() + (f": {words}" if words else ""))
        if legal is not None:
            ok = " ".join(sorted(p for p, where in legal[0].items() if cell in where))
            attrs += f' data-ok="{escape(ok)}"'
        short = escape(title.split(" (")[0]) if title else ""
        cells.append(
            f'<div class="{" ".join(classes)}" title="{tip}" data-cell="{name}"{attrs}>'
            f'<span class="lr-name">{name}</span><b class="{cls}">{escape(g)}</b>'
            + (f"<small>{short}</small>" if short and len(short) > 2 else "")
            + (f'<em class="lr-cost">{escape(shown)}</em>' if shown else "")
            + "</div>"
        )
    edges = ""
    if legal is not None:
        edges = "".join(_edge_html(e, walls, legal, by_edge) for e in range(grid.EDGES))
    return '<div class="lr-grid">' + "".join(cells) + edges + "</div>"


def _edge_html(
    e: int,
    walls: set[int],
    legal: tuple[dict[str, set[int]], set[int], set[int]],
    by_edge: dict[int, str],
) -> str:
    """One inner edge while building: a diamond over it (the two triangles of the spaces either
    side nearest to it), so each edge takes every tap closer to it than to another edge."""
    a, b = grid.edge_cells(e)
    ra, ca = divmod(a, grid.COLS)
    cell, side = edge_side(e)
    if b == a + 1:  # the edge east of a
        x, y = (ca + 1) / grid.COLS, (ra + 0.5) / grid.ROWS
    else:
        x, y = (ca + 0.5) / grid.COLS, (ra + 1) / grid.ROWS
    where = grid.edge_name(e).replace("|", " and ")
    style = f'style="left:{x * 100:.3f}%;top:{y * 100:.3f}%"'
    _, legal_edges, removable = legal
    name = f"{cell}-{side}"
    if e in walls:
        if e in by_edge and e in removable:
            return (
                f'<i class="lr-eb wall" {style} data-target="{name}" data-act="{by_edge[e]}"'
                f' title="Take back the Wall between {where}"></i>'
            )
        return (
            f'<i class="lr-eb wall" {style} data-refuse="Taking this Wall back would break a '
            f'hazard\'s placement limit." title="Wall between {where}"></i>'
        )
    if e in legal_edges:
        act = _act(_template_act("build", piece="wall", cell=cell, side=side))
        return (
            f'<i class="lr-eb ok" {style} data-target="{name}" data-act="{act}"'
            f' title="Place a Wall between {where}"></i>'
        )
    return (
        f'<i class="lr-eb no" {style} data-refuse="A Wall cannot go between {where} now: it '
        f'would cut a path or break a placement rule." title="No Wall between {where}"></i>'
    )


def cube_html(kind: str) -> str:
    """One cube as a chip with its mark (``Ba``, ``Br``: the key names them, :func:`cube_key`)."""
    return (
        f'<span class="lr-cube lr-{escape(kind)}" title="{escape(kind.capitalize())} cube">'
        f"{escape(CUBE_MARK[kind])}</span>"
    )


def cube_key() -> str:
    """The key to the cubes' marks, in the mats' order."""
    items = "".join(f"<li>{cube_html(k)} {escape(k.capitalize())}</li>" for k in CUBES)
    return f'<ul class="lr-legend lr-cube-key">{items}</ul>'


def mat_html(view: dict[str, Any], i: int) -> str:
    m = view["mats"][i]
    cards = content()
    rows = []
    for b in ("fresh", "conserved", "spent", "fatigued"):
        cubes = "".join(cube_html(k) for k in CUBES for _ in range(m[b][k]))
        rows.append(f"<div>{b}: {cubes or '—'}</div>")
    if m["status"]:
        rows.append("<div>status: " + escape(", ".join(m["status"])) + "</div>")
    if m["treasures"]:
        names = ", ".join(cards.treasures[t].name for t in m["treasures"])
        rows.append(f"<div>treasure: {escape(names)}</div>")
    if m["trophies"]:
        names = ", ".join(cards.hazards[t].name for t in m["trophies"])
        rows.append(f"<div>trophies: {escape(names)}</div>")
    if m.get("junk"):
        names = ", ".join(cards.junk[j.split("#")[0]].name for j in m["junk"])
        rows.append(f"<div>junk: {escape(names)}</div>")
    rows.append(f"<div><b>{m['score']['total']} VP</b>{' — escaped' if m['escaped'] else ''}</div>")
    return '<div class="lr-mat">' + "".join(rows) + "</div>"


def dice_html(view: dict[str, Any]) -> str:
    ck = view.get("check") or view.get("last_check")
    if not ck:
        return ""
    h = content().hazards[ck["hz"]]
    dice = "".join(
        f'<span class="lr-die {d["type"]}" title="{d["type"]} die">{d["value"]}</span>'
        for d in ck["dice"]
    )
    out = f"<h3>{escape(h.name)} at {grid.name(ck['cell'])} — Target {ck['target']}</h3>"
    out += f"<div>{dice or 'no dice yet'}"
    if ck.get("mdice"):
        out += " Monster dice: " + " ".join(escape(f) for f in ck["mdice"])
    if "total" in ck:
        out += f" — total <b>{ck['total']}</b>"
    return f'<div class="lr-sheet">{out}</div></div>'


def hazards_html(view: dict[str, Any]) -> str:
    cards = content()
    rows = []
    for hid in sorted(set(view["monsters"] + view["traps"])):
        h = cards.hazards[hid]
        weak = f", weak to {', '.join(h.weaknesses)}" if view["pack"] else ""
        cls = "lr-m" if h.kind == "monster" else "lr-t"
        rows.append(
            f'<div><b class="{cls}">{escape(glyph(f"{h.kind[0]}:{hid}"))} {escape(h.name)}</b> '
            f"({h.kind}, Target {h.target}{escape(weak)}): {escape(h.text)}</div>"
        )
    return '<div class="lr-sheet"><h3>Hazards in both lairs</h3>' + "".join(rows) + "</div>"


def render(view: dict[str, Any]) -> str:
    """The board: while building, the seat's own lair first (its palette above it); while
    exploring, the seat's own map sheet first (where its moves are tapped), then its lair and
    the other map sheets."""
    seat = view.get("seat")
    parts: list[tuple[int, str]] = []  # (place on the board, markup)
    lair = view.get("lair")
    maps = view.get("maps") or []
    shown: set[str] = set()
    if lair is not None:
        pos = maps[1 - seat]["pos"] if maps and seat is not None and len(maps) > 1 else None
        head = "Your lair" + (" (the rival explores it)" if pos is not None else "")
        building_now = view["phase"] in ("select", "build")
        legal = legal_targets(view) if building_now else None
        builds = legal is not None and "build" in _templates(view)
        shown |= {f for f in lair["feat"] if f is not None} | set(lair.get("left") or {})
        extra = ""
        if building_now:
            left = ", ".join(f"{n} {piece_words(k)}" for k, n in sorted(lair["left"].items()))
            extra = (
                f'<p class="lr-left">Still to place: {escape(left or "nothing")}; '
                f"Walls placed: {len(lair['walls'])}</p>"
            )
        lair_part = (
            f'<div class="lr-sheet lr-own{" lr-building" if builds else ""}"><h3>{head}</h3>'
            + (palette_html(view) if building_now else "")
            + grid_html(lair["feat"], set(lair["walls"]), None, pos, clickable(view, False), legal)
            + extra
            + (_highlights(legal) if legal is not None else "")
            + "</div>"
        )
        # while building the lair comes first; while exploring, after the seat's map sheet
        parts.append((0 if building_now else 1, lair_part))
    names = view.get("seat_names") or []
    for i, sheet in enumerate(maps):
        other = names[i] if i < len(names) else f"Seat {i + 1}"
        who = "Your map sheet" if i == seat else f"{other}'s map sheet"
        shown |= {f for f in sheet["map"] if f}
        sheet_part = (
            f'<div class="lr-sheet"><h3>{escape(who)}</h3>'
            + grid_html(
                sheet["map"],
                set(sheet["mwalls"]),
                sheet["known"],
                sheet["pos"],
                clickable(view, True) if i == seat else ({}, {}),
                pending=paid_for(view)[1] if i == seat else None,
            )
            + (pay_html(view) if i == seat else "")
            + f'<div class="lr-notes">{escape(notes_line(sheet))}</div>'
            + mat_html(view, i)
            + "</div>"
        )
        parts.append((0 if i == seat else 2, sheet_part))
    info = f'<div class="lr-info">Round {view["round"]} of {view["rounds"]}'
    if view.get("goal"):
        info += f"; goal {view['goal']} VP"
    info += "</div>"
    return (
        f'<div class="lr-board">{info}'
        + "".join(markup for _, markup in sorted(parts, key=lambda p: p[0]))
        + '<div class="lr-sheet lr-key"><h3>Key</h3>'
        + legend_html({f for f in shown if f != "empty"})
        + (cube_key() if maps else "")
        + "</div>"
        + dice_html(view)
        + hazards_html(view)
        + "</div>"
    )


def _highlights(legal: tuple[dict[str, set[int]], set[int], set[int]]) -> str:
    """The rules lighting the spaces the picked piece may go on (the page marks the pick on the
    board's box as ``data-pick-build-piece``, see static/app.js); one rule per piece left."""
    rules, chips = [], []
    for piece in [*legal[0], "wall"]:
        p = escape(piece, quote=True)
        rules.append(f'[data-pick-build-piece="{p}"] .lr-c[data-ok~="{p}"]')
        chips.append(f'[data-pick-build-piece="{p}"] .lr-piece[data-piece="{p}"]')
    return (
        "<style>"
        + ",".join(rules)
        + "{background:#c8f0cf;box-shadow:inset 0 0 0 2px #2e7d32}"
        + ",".join(chips)
        + "{background:#bbdefb;outline:3px solid #1a73e8;outline-offset:-3px}</style>"
    )
