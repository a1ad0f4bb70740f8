"""Paper Tales in the browser: one seat's view as self-contained, escaped HTML.

``render(view)`` draws only what the view holds (plus static card texts): the score track, the
Lich King's Necropolis line in solo, the seat's draft hand and face-down Deployment, and a board of
every Kingdom (Front and Back rows, the extra spot, Buildings at their level, Age tokens, Gold).
Kingdoms flow in a grid that wraps: readable at 7 players and one column wide on a phone. CSS
classes are prefixed ``pt-``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .content import game_content

COLOURS = ["#c0392b", "#2e6fbd", "#2e8b57", "#c9a400", "#8e44ad", "#d35400", "#6b6b6b"]
CSS = """
.pt-board{font-family:system-ui,sans-serif;font-size:14px;line-height:1.3;max-width:1200px}
.pt-head{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;margin-bottom:.5em}
.pt-pill{background:#eee;border-radius:1em;padding:.1em .6em}
.pt-track{display:flex;flex-wrap:wrap;gap:.3em;margin:.4em 0}
.pt-score{border-radius:.3em;color:#fff;padding:.1em .5em;font-weight:600}
.pt-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));gap:.6em}
.pt-kingdom{border:2px solid #ccc;border-radius:.5em;padding:.4em;background:#fffdf7}
.pt-kingdom.pt-me{box-shadow:0 0 0 2px #333}
.pt-kingdom h4{margin:0 0 .3em 0;font-size:1em}
.pt-row{display:grid;grid-template-columns:3.2em repeat(3,1fr);gap:.25em;margin:.2em 0}
.pt-row>b{font-size:.75em;color:#777;align-self:center}
.pt-spot{border:1px dashed #bbb;border-radius:.3em;min-height:2.6em;padding:.15em;font-size:.8em}
.pt-spot.pt-full{border:1px solid #8a6d3b;background:#f6ecd6}
.pt-spot.pt-none{visibility:hidden}
.pt-age{color:#b8860b}
.pt-str{float:right;font-weight:700;color:#2e6fbd}
.pt-bld{font-size:.8em;color:#555;margin:.2em 0}
.pt-cards{display:flex;flex-wrap:wrap;gap:.3em}
.pt-card{border:1px solid #8a6d3b;border-radius:.3em;background:#f6ecd6;padding:.2em .4em;
  font-size:.8em;max-width:14em}
.pt-card i{display:block;color:#555;font-size:.9em}
.pt-sec{margin:.5em 0}
.pt-log{font-size:.8em;color:#555;max-height:12em;overflow:auto}
@media (max-width:520px){.pt-grid{grid-template-columns:1fr}.pt-board{font-size:13px}}
"""
PHASES = {
    "draft": "1 Recruitment",
    "solo-pick": "1 Recruitment",
    "deploy": "2 Deployment",
    "deployed": "2 Deployment",
    "build": "5 Construction",
    "aging": "6 Aging",
    "over": "Game over",
}


def _e(v: Any) -> str:
    return escape(str(v), quote=True)


def _unit(card: str) -> Any:
    return game_content().units[card.split(".")[0]]


def card_chip(card: str) -> str:
    u = _unit(card)
    cost = f"{u.cost} Gold" if u.cost >= 0 else "+1 Gold"
    return (
        f'<span class="pt-card" title="{_e(u.text)}"><b>{_e(u.name)}</b> · {_e(cost)} · '
        f"str {u.strength}<i>{_e(u.text)}</i></span>"
    )


def _spot(u: dict[str, Any] | None, hidden: bool = False) -> str:
    if hidden:
        return '<div class="pt-spot pt-none"></div>'
    if u is None:
        return '<div class="pt-spot"></div>'
    unit = _unit(u["card"])
    ages = "☾" * int(u["age"])
    return (
        f'<div class="pt-spot pt-full" title="{_e(unit.text)}"><span class="pt-str">'
        f"{u['strength']}</span>{_e(unit.name)}"
        f'<div class="pt-age" aria-label="{u["age"]} Age tokens">{ages}</div></div>'
    )


def _rows(p: dict[str, Any], key: str) -> str:
    spots = p[key]
    extra = 4 in p["spots"]
    front = _spot(spots[0]) + _spot(spots[1]) + _spot(spots[4], hidden=not extra)
    back = _spot(spots[2]) + _spot(spots[3]) + _spot(None, hidden=True)
    return (
        f'<div class="pt-row"><b>Front</b>{front}</div><div class="pt-row"><b>Back</b>{back}</div>'
    )


def _kingdom(view: dict[str, Any], p: dict[str, Any]) -> str:
    content = game_content()
    colour = COLOURS[p["seat"] % len(COLOURS)]
    me = view.get("seat") == p["seat"]
    res = p["resources"]
    blds = (
        ", ".join(f"{_e(content.buildings[b].name)} L{lv}" for b, lv in p["buildings"].items())
        or "no Building"
    )
    status = []
    if p["has_kept"]:
        status.append("1 card kept")
    if p["hand_size"] and not me:
        status.append(f"{p['hand_size']} in hand")
    out = [
        f'<div class="pt-kingdom{" pt-me" if me else ""}" style="border-color:{colour}">',
        f'<h4 style="color:{colour}">{_e(p["name"])}{" (you)" if me else ""} · '
        f"{p['legend_points']} LP · "
        f"{p['gold']} Gold · strength {p['strength']}</h4>",
        f'<div class="pt-bld">Wood {res["wood"]} · Food {res["food"]} · Crystal {res["crystal"]}'
        f"<br/>{blds}</div>",
        _rows(p, "kingdom"),
    ]
    if status:
        out.append(f'<div class="pt-bld">{_e(", ".join(status))}</div>')
    if "plan" in p:
        out.append(
            f'<div class="pt-bld"><b>Face down</b> (costs {p["plan_cost"]} Gold, only you see '
            "it)</div>" + _rows(p, "plan")
        )
    out.append("</div>")
    return "".join(out)


def _solo(view: dict[str, Any]) -> str:
    solo = view.get("solo")
    if not solo:
        return ""
    content = game_content()
    cards = []
    for i, ident in enumerate(solo["line"]):
        label = "END" if i == 4 else str(i + 1)
        now = ' style="outline:2px solid #8e44ad"' if i + 1 == solo["time"] else ""
        if ident is None:
            cards.append(f'<span class="pt-card"{now}><b>{label}</b> face down</span>')
            continue
        n = content.necropolis[ident]
        quest = f"; Quest {n.quest.lp} LP ({_e(n.quest.test)})" if n.quest else ""
        cards.append(
            f'<span class="pt-card"{now}><b>{label}</b> +{n.gain} LP · Black {n.black} · '
            f"Purple {n.purple}{quest}</span>"
        )
    parts = [
        f'<div class="pt-sec"><b>Lich King: {solo["legend_points"]} LP</b>'
        f'<div class="pt-cards">{"".join(cards)}</div></div>'
    ]
    if solo["lich_king_cards"]:
        chips = "".join(
            f'<span class="pt-card"><b>{_e(content.lich[x].name)}</b><i>'
            f"{_e(content.lich[x].text)}</i></span>"
            for x in solo["lich_king_cards"]
        )
        parts.append(
            f'<div class="pt-sec"><b>Lich King cards</b><div class="pt-cards">{chips}</div></div>'
        )
    if solo["armies"]:
        a = solo["armies"]
        parts.append(f'<div class="pt-sec">Armies: Black {a["black"]}, Purple {a["purple"]}</div>')
    if solo["offer"]:
        chips = "".join(card_chip(c) for c in solo["offer"])
        parts.append(
            f'<div class="pt-sec"><b>On offer</b><div class="pt-cards">{chips}</div></div>'
        )
    if solo["netherworld"]:
        chips = "".join(card_chip(c) for c in solo["netherworld"])
        parts.append(
            f'<div class="pt-sec"><b>Netherworld</b><div class="pt-cards">{chips}</div></div>'
        )
    return "".join(parts)


def _private(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    if seat is None:
        return ""
    me = view["players"][seat]
    out = []
    draft = view.get("draft")
    if draft and draft.get("hand"):
        way = "next" if draft["direction"] == 1 else "previous"
        chips = "".join(card_chip(c) for c in draft["hand"])
        out.append(
            f'<div class="pt-sec"><b>Your draft hand</b> (passing to the {way} player)'
            f'<div class="pt-cards">{chips}</div></div>'
        )
    if me.get("hand"):
        chips = "".join(card_chip(c) for c in me["hand"])
        out.append(f'<div class="pt-sec"><b>Your hand</b><div class="pt-cards">{chips}</div></div>')
    if me.get("kept"):
        out.append(f'<div class="pt-sec"><b>Kept face down</b> {card_chip(me["kept"])}</div>')
    return "".join(out)


def render(view: dict[str, Any]) -> str:
    """The whole board for one seat's (or a spectator's) view."""
    players = view["players"]
    track = "".join(
        f'<span class="pt-score" style="background:{COLOURS[p["seat"] % len(COLOURS)]}">'
        f"{_e(p['name'])} {p['legend_points']}</span>"
        for p in sorted(players, key=lambda p: -p["legend_points"])
    )
    if view.get("solo"):
        lich = view["solo"]["legend_points"]
        track += f'<span class="pt-score" style="background:#222">Lich King {lich}</span>'
    head = (
        f'<div class="pt-head"><b>Turn {view["turn"]} of 4</b>'
        f'<span class="pt-pill">{_e(PHASES.get(view["phase"], view["phase"]))}</span>'
        f'<span class="pt-pill">draw pile {view["deck"]}</span>'
        f'<span class="pt-pill">discards {view["discards"]}</span></div>'
    )
    kingdoms = "".join(_kingdom(view, p) for p in players)
    log = "".join(f"<div>{_e(e['text'])}</div>" for e in view.get("log", [])[-12:])
    return (
        f'<div class="pt-board"><style>{CSS}</style>{head}'
        f'<div class="pt-track">{track}</div>{_solo(view)}{_private(view)}'
        f'<div class="pt-grid">{kingdoms}</div>'
        f'<div class="pt-sec pt-log">{log}</div></div>'
    )
