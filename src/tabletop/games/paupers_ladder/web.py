"""Paupers' Ladder in the browser: one seat's view as self-contained HTML with an inline SVG map.

``render(view)`` draws only what the view holds (plus the static card texts from ``content``): the
map of Brighthelm as designed in docs/paupers-ladder-map.md, the Quests, every player's public
Pauper card areas (and the viewer's private ones), the market and, when the view carries them, the
solo / Survival parts (Time, Lives, objectives). Every piece of text is escaped; the markup is also
well-formed XML. CSS classes are prefixed ``pl-``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

from .card_effects import CardEffect
from .content import CITIES, VIRTUES, abilities_text, content, effect_words

# the board as drawn in docs/paupers-ladder-map.md (row, column) on a 5 x 5 grid
LAYOUT: dict[str, tuple[int, int]] = {
    "greyhaven": (0, 0),
    "mountain-1": (0, 1),
    "beach-2": (0, 2),
    "forest-2": (0, 3),
    "blacksand": (0, 4),
    "beach-1": (1, 0),
    "mine-1": (1, 2),
    "swamp-2": (1, 4),
    "swamp-1": (2, 0),
    "mine-2": (2, 2),
    "mountain-2": (2, 4),
    "forest-1": (3, 0),
    "mine-3": (3, 2),
    "forest-3": (3, 4),
    "bluevale": (4, 0),
    "beach-3": (4, 1),
    "swamp-3": (4, 2),
    "mountain-3": (4, 3),
    "lilacsville": (4, 4),
}
# Region types: (fill, border, label)
REGION_STYLE: dict[str, tuple[str, str, str]] = {
    "city": ("#efe6d2", "#6b5433", "City"),
    "beach": ("#f6e39a", "#b3922b", "Beach"),
    "forest": ("#a8d59a", "#3f7a35", "Forest"),
    "mine": ("#d7a98c", "#7d4a2c", "Mine"),
    "mountain": ("#cfd3da", "#676d78", "Mountain"),
    "swamp": ("#b8c48a", "#5f6b2c", "Swamp"),
}
# Region card kinds: (fill, border, word)
CARD_STYLE: dict[str, tuple[str, str, str]] = {
    "hazard": ("#fde2de", "#b42318", "Hazard (fight it: its Strength)"),
    "ingredient": ("#fff6dc", "#a57b12", "Ingredient (for Recipes)"),
    "event": ("#e3edfd", "#2657c9", "Event"),
    "villager": ("#e2f5e4", "#2f7d3a", "Villager (to rescue)"),
    "disaster": ("#efe2f7", "#6b2d8f", "Disaster"),
    "rest": ("#f1f1f1", "#6b6b6b", "Place of rest"),
}
# Paupers' colours (their City's Outcome deck), with a fallback per seat before Paupers are chosen
COLOURS = {"blue": "#2f6fd6", "black": "#2b2b2b", "grey": "#8d949e", "lilac": "#a57bd8"}
SEAT_FALLBACK = ["#d9480f", "#0b7285", "#5c940d", "#862e9c"]

CELL_W, CELL_H, GAP, PAD = 142, 140, 10, 14
MAP_W = PAD * 2 + CELL_W * 5 + GAP * 4
MAP_H = PAD * 2 + CELL_H * 5 + GAP * 4

CSS = """
.pl-board{font-size:14px;line-height:1.4;color:#1f2328}
.pl-board h3{font-size:1.02rem;margin:.9rem 0 .4rem}
.pl-head{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center;margin:0 0 .5rem}
.pl-pill{display:inline-block;padding:.05rem .55rem;border-radius:999px;background:#eef1f5;
border:1px solid #d8dee4;font-size:.88rem}
.pl-map{width:100%;height:auto;display:block;border-radius:10px}
.pl-mapbox{overflow:auto;max-width:100%;border-radius:10px}
.pl-mapbox.pl-zoomed .pl-map{width:780px;max-width:none}
.pl-maptools{display:flex;flex-wrap:wrap;gap:.4rem;margin:.3rem 0}
.pl-maptools button{font-size:.85rem;padding:.2rem .7rem}
.pl-list ul{margin:.3rem 0;padding-left:1.1rem;font-size:.88rem}
.pl-list li{margin:0 0 .25rem}
.pl-final td,.pl-final th{vertical-align:top}
.pl-final .pl-win td{background:#fff6d6}
.pl-legend{display:flex;flex-wrap:wrap;gap:.25rem .9rem;font-size:.82rem;margin:.4rem 0 0;
color:#414a55}
.pl-legend span{display:inline-flex;align-items:center;gap:.3rem}
.pl-sw{display:inline-block;width:.9rem;height:.9rem;border-radius:3px;border:1px solid #555}
.pl-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(270px,1fr));gap:.6rem}
.pl-area{border:1px solid #d8dee4;border-radius:9px;padding:.55rem .7rem;background:#fbfcfd}
.pl-area.pl-me{background:#f3f7ff;border-color:#9db6ec}
.pl-area h4{margin:0 0 .35rem;font-size:1rem;display:flex;align-items:center;gap:.4rem}
.pl-dot{display:inline-block;width:.85rem;height:.85rem;border-radius:50%;border:1px solid #222}
.pl-sec{margin:.3rem 0}
.pl-sec>b{font-size:.82rem;text-transform:uppercase;letter-spacing:.03em;color:#56606b}
.pl-cards{display:flex;flex-wrap:wrap;gap:.3rem;margin:.15rem 0}
.pl-card{border:1px solid #b9c2cc;border-left-width:4px;border-radius:6px;padding:.15rem .4rem;
background:#fff;font-size:.84rem;max-width:100%}
.pl-card i{color:#56606b;font-style:normal}
.pl-card.pl-learned{border-color:#8a5cc2}
.pl-card.pl-open{border-style:dashed}
.pl-card.pl-chosen{border-color:#c28a2a;background:#fff6e0}
.pl-quest{border-left-color:#2f7d3a}
.pl-item{border-left-color:#2657c9}
.pl-hz{border-left-color:#b42318}
.pl-ing{border-left-color:#a57b12}
.pl-track{display:flex;flex-wrap:wrap;gap:.25rem}
.pl-v{border:1px solid #c9cfd6;border-radius:6px;padding:.05rem .4rem;font-size:.8rem;
background:#fff;color:#56606b}
.pl-v.pl-got{background:#ffe9a8;border-color:#b38600;color:#3d2e00;font-weight:600}
.pl-muted{color:#6a737d;font-size:.85rem}
.pl-now{border:2px solid #b42318;border-radius:9px;padding:.4rem .7rem;background:#fff6f5;
margin:.4rem 0}
.pl-solo{border:2px solid #2657c9;border-radius:9px;padding:.4rem .7rem;background:#f3f7ff;
margin:.4rem 0}
"""


def _e(v: Any) -> str:
    return escape(str(v), quote=True)


def _name(cid: str) -> str:
    return content().card_name(cid)


def _nice(word: str) -> str:
    return word.replace("-", " ").replace("_", " ")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------ card texts
def _words(effects: Sequence[dict[str, Any] | CardEffect]) -> str:
    return "; ".join(effect_words(e) for e in effects)


def region_card_text(cid: str) -> str:
    C = content()
    card = C.region_card[cid]
    if card.kind == "hazard":
        parts = [
            f"Strength {card.strength} {card.type or ''} hazard; defeat it for {card.gems} Gems"
        ]
        prov = card.provides or {}
        if "ingredient" in prov:
            parts.append(f"and {_nice(str(prov['ingredient']))}")
        if prov.get("equipment"):
            parts.append("and an Equipment")
        text = " ".join(parts)
        if card.fail:
            text += f". If you lose: {_words(card.fail_effects)}"
        if card.appear:
            text += f". When it appears: {_words(card.appear_effects)}"
        if card.ongoing:
            text += f". While here: {_words(card.ongoing)}"
        return text + "."
    if card.kind == "ingredient":
        ing = C.ingredients.get(card.ingredient or "")
        uses = ", ".join(C.recipes[r].name for r in ing.recipes if r in C.recipes) if ing else ""
        return (
            f"Ingredient: {_nice(card.ingredient or card.name)}"
            + (f", for the Recipes {uses}" if uses else "")
            + (" (fragile: spoils if left)" if card.fragile else "")
            + "."
        )
    if card.text:
        return card.text
    return "; ".join(f"{o.label}: {_words(o.card_effects)}" for o in card.options)


def item_text(cid: str) -> str:
    item = content().item[cid]
    uses = {"1": "one use", "2": "two uses", "unlimited": "unlimited uses", "weapon": "weapon"}
    return f"costs {item.cost}, {uses[item.uses]}: {abilities_text(item.abilities)}"


def reward_text(options: Sequence[Sequence[CardEffect]]) -> str:
    return " OR ".join(" + ".join(effect_words(e) for e in opt) for opt in options)


# ------------------------------------------------------------------ players
def _colour(p: dict[str, Any]) -> str:
    C = content()
    pauper = C.paupers.get(str(p.get("pauper")))
    if pauper is not None and pauper.colour in COLOURS:
        return COLOURS[pauper.colour]
    return SEAT_FALLBACK[int(p.get("seat", 0)) % len(SEAT_FALLBACK)]


def _initials(name: str) -> str:
    words = [w for w in name.replace("'", "").split() if w[:1].isalpha()]
    return "".join(w[0] for w in words[:2]).upper() or "?"


# ------------------------------------------------------------------ the map
def _cell_xy(region: str) -> tuple[int, int]:
    r, c = LAYOUT[region]
    return PAD + c * (CELL_W + GAP), PAD + r * (CELL_H + GAP)


def _pauper_meeple(x: float, y: float, colour: str, label: str, title: str) -> str:
    # a person: head and shoulders, with the player's initials
    return (
        f'<g class="pl-meeple" transform="translate({x:.0f},{y:.0f}) scale(1.35)">'
        f"<title>{_e(title)}</title>"
        f'<circle cx="0" cy="-9" r="5.5" fill="{colour}" stroke="#111" stroke-width="1"/>'
        f'<path d="M-10,10 Q-10,-3 0,-3 Q10,-3 10,10 Z" fill="{colour}" stroke="#111" '
        f'stroke-width="1"/>'
        f'<text x="0" y="7" font-size="7.5" font-weight="700" fill="#fff" '
        f'text-anchor="middle">{_e(label)}</text></g>'
    )


def _bird_meeple(x: float, y: float, colour: str, title: str) -> str:
    # a small bird facing right: tail, body, head, beak and eye
    return (
        f'<g class="pl-meeple" transform="translate({x:.0f},{y:.0f}) scale(1.35)">'
        f"<title>{_e(title)}</title>"
        f'<path d="M-11,-4 L-5,0 L-11,4 Z" fill="{colour}" stroke="#111" stroke-width="1"/>'
        f'<ellipse cx="0" cy="0" rx="7" ry="5" fill="{colour}" stroke="#111" stroke-width="1"/>'
        f'<circle cx="6" cy="-4" r="3.5" fill="{colour}" stroke="#111" stroke-width="1"/>'
        f'<path d="M9,-5 L13,-3.5 L9,-2 Z" fill="#f0a500"/>'
        f'<circle cx="6.5" cy="-4.5" r="0.9" fill="#fff"/></g>'
    )


def _tower(x: float, y: float) -> str:
    return (
        f'<path d="M{x},{y + 14} L{x},{y + 3} L{x + 3},{y + 3} L{x + 3},{y} L{x + 6},{y} '
        f"L{x + 6},{y + 3} L{x + 9},{y + 3} L{x + 9},{y} L{x + 12},{y} L{x + 12},{y + 3} "
        f'L{x + 15},{y + 3} L{x + 15},{y + 14} Z" fill="#6b5433"/>'
    )


def _fit(text: str, width: float, size: float) -> str:
    limit = max(4, int(width / (size * 0.55)))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _map_card(cid: str, x: float, y: float, w: float, view: dict[str, Any]) -> str:
    C = content()
    card = C.region_card.get(cid)
    if card is None:
        return ""
    fill, border, _ = CARD_STYLE.get(card.kind, CARD_STYLE["event"])
    right = ""
    if card.kind == "hazard":
        right = f"⚔{card.strength}"
    gems = (view.get("card_gems") or {}).get(cid)
    if gems:
        right = (right + " " if right else "") + f"◆{gems}"
    tucked = (view.get("tucked") or {}).get(cid) or []
    if tucked:
        right = (right + " " if right else "") + f"+{len(tucked)}"
    label = _fit(card.name, w - 8 - len(right) * 6.2, 10)
    title = f"{card.name}: {region_card_text(cid)}"
    if tucked:
        title += " Tucked under it: " + ", ".join(_name(t) for t in tucked) + "."
    out = (
        f'<g class="pl-tile"><title>{_e(title)}</title>'
        f'<rect x="{x}" y="{y}" width="{w}" height="17" rx="3" fill="{fill}" stroke="{border}"/>'
        f'<rect x="{x}" y="{y}" width="4" height="17" rx="1.5" fill="{border}"/>'
        f'<text x="{x + 7}" y="{y + 12.5}" font-size="10" fill="#1f2328">{_e(label)}</text>'
    )
    if right:
        out += (
            f'<text x="{x + w - 4}" y="{y + 12.5}" font-size="10" font-weight="700" '
            f'fill="{border}" text-anchor="end">{_e(right)}</text>'
        )
    return out + "</g>"


def _region(region: str, view: dict[str, Any]) -> str:
    C = content()
    reg = C.regions[region]
    x, y = _cell_xy(region)
    fill, border, word = REGION_STYLE.get(reg.type, REGION_STYLE["city"])
    city = reg.type == "city"
    out = [f'<g class="pl-region" data-region="{_e(region)}">']
    out.append(f"<title>{_e(reg.name)} ({word}{', coastal' if reg.coastal else ''})</title>")
    out.append(
        f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" rx="{8 if city else 14}" '
        f'fill="{fill}" stroke="{border}" stroke-width="{3 if city else 1.6}"/>'
    )
    if city:
        out.append(_tower(x + 6, y + 5))
        out.append(
            f'<text x="{x + 25}" y="{y + 17}" font-size="13" font-weight="800" '
            f'fill="#3d2e14">{_e(reg.name)}</text>'
        )
    else:
        out.append(
            f'<text x="{x + 8}" y="{y + 17}" font-size="12.5" font-weight="700" '
            f'fill="#1f2328">{_e(reg.name)}</text>'
        )
    cy = y + 24
    if city:
        qid = (view.get("quests") or {}).get(region)
        if qid and qid in C.quest:
            q = C.quest[qid]
            out.append(
                f'<g class="pl-tile"><title>Quest: {_e(q.name)}: {_e(q.text)}</title>'
                f'<rect x="{x + 5}" y="{cy}" width="{CELL_W - 10}" height="30" rx="3" '
                f'fill="#e2f5e4" stroke="#2f7d3a"/>'
                f'<text x="{x + 9}" y="{cy + 12}" font-size="8.5" fill="#2f7d3a" '
                f'font-weight="700">QUEST</text>'
                f'<text x="{x + 9}" y="{cy + 25}" font-size="10">'
                f"{_e(_fit(q.name, CELL_W - 18, 10))}</text></g>"
            )
        cy += 34
        shop = (view.get("shops") or {}).get(region)
        if shop is not None:
            known = len(shop.get("known") or [])
            extra = f", {known} seen by you" if known else ""
            out.append(
                f'<g class="pl-tile"><title>Shop of {_e(reg.name)}: {shop["count"]} '
                f"Equipment cards face down{_e(extra)}</title>"
                f'<rect x="{x + 5}" y="{cy}" width="{CELL_W - 10}" height="17" rx="3" '
                f'fill="#fff" stroke="#6b5433"/>'
                f'<text x="{x + 9}" y="{cy + 12.5}" font-size="10">Shop: {shop["count"]} '
                f"cards{_e(extra.replace(' by you', ''))}</text></g>"
            )
        cy += 21
    else:
        cards = list((view.get("tiles") or {}).get(region, []))
        for i in range(reg.tiles):
            ty = cy + i * 19
            if i < len(cards):
                out.append(_map_card(cards[i], x + 5, ty, CELL_W - 10, view))
            elif i < 4:
                out.append(
                    f'<rect x="{x + 5}" y="{ty}" width="{CELL_W - 10}" height="17" rx="3" '
                    f'fill="none" stroke="{border}" stroke-opacity="0.45" '
                    f'stroke-dasharray="3 3"/>'
                )
        cy += 19 * min(reg.tiles, 4)
    # meeples along the bottom of the Region
    mx = x + 18
    my = y + CELL_H - 17
    for p in view.get("players") or []:
        col = _colour(p)
        if p.get("position") == region:
            who = p.get("name") or f"Seat {int(p.get('seat') or 0) + 1}"
            out.append(_pauper_meeple(mx, my, col, _initials(str(who)), f"{who} (Pauper)"))
            mx += 30
        if p.get("bird_position") == region and p.get("bird"):
            who = p.get("name") or f"Seat {int(p.get('seat') or 0) + 1}"
            out.append(_bird_meeple(mx, my, col, f"{_cap(str(p['bird']))}, the Bird of {who}"))
            mx += 34
    out.append("</g>")
    return "".join(out)


def _bridge(a: str, b: str) -> str:
    ax, ay = _cell_xy(a)
    bx, by = _cell_xy(b)
    x1, y1 = ax + CELL_W / 2, ay + CELL_H / 2
    x2, y2 = bx + CELL_W / 2, by + CELL_H / 2
    return (
        f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#7a5a3a" '
        f'stroke-width="9" stroke-linecap="round"/>'
        f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="#d9b98c" '
        f'stroke-width="6" stroke-dasharray="2 3"/>'
    )


def render_map(view: dict[str, Any]) -> str:
    C = content()
    parts = [
        f'<svg class="pl-map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {MAP_W} {MAP_H}" '
        f'role="img" aria-label="The map of Brighthelm">',
        f'<rect x="0" y="0" width="{MAP_W}" height="{MAP_H}" fill="#9fc9e6"/>',
        f'<rect x="{PAD - 6}" y="{PAD - 6}" width="{MAP_W - 2 * PAD + 12}" '
        f'height="{MAP_H - 2 * PAD + 12}" rx="26" fill="#e4dcc0" stroke="#7aa9cc" '
        f'stroke-width="3"/>',
    ]
    seen: set[tuple[str, str]] = set()
    for reg in C.regions.values():
        for b in reg.bridges:
            key = (min(reg.id, b), max(reg.id, b))
            if key in seen or reg.id not in LAYOUT or b not in LAYOUT:
                continue
            seen.add(key)
            parts.append(_bridge(reg.id, b))
    for rid in C.regions:
        if rid in LAYOUT:
            parts.append(_region(rid, view))
    parts.append("</svg>")
    return "".join(parts)


def render_legend(view: dict[str, Any]) -> str:
    items = []
    for fill, border, word in REGION_STYLE.values():
        items.append(
            f'<span><i class="pl-sw" style="background:{fill};border-color:{border}"></i>'
            f"{_e(word)}</span>"
        )
    items.append('<span><i class="pl-sw" style="background:#d9b98c"></i>Bridge</span>')
    items.append(
        '<span><i class="pl-sw" style="background:#9fc9e6"></i>Sea (outer ring is coastal)</span>'
    )
    for fill, border, word in CARD_STYLE.values():
        items.append(
            f'<span><i class="pl-sw" style="background:{fill};border-color:{border};'
            f'border-left-width:4px"></i>{_e(word)}</span>'
        )
    items.append("<span>⚔ Strength</span><span>◆ Gems on a card</span>")
    items.append("<span>+n cards tucked under</span><span>dashed: empty tile</span>")
    for p in view.get("players") or []:
        who = p.get("name") or f"Seat {int(p.get('seat') or 0) + 1}"
        col = _colour(p)
        bird = f" and Bird ({_e(p['bird'])})" if p.get("bird") else ""
        items.append(
            f'<span><i class="pl-dot" style="background:{col}"></i>'
            f"{_e(who)}: Pauper ({_e(_initials(str(who)))}){bird}</span>"
        )
    return (
        '<div class="pl-legend"><span><b>Map key</b> (tap or click a card for its text)</span>'
        + "".join(items)
        + "</div>"
    )


# ------------------------------------------------------------------ panels
def _chip(name: str, text: str, cls: str = "") -> str:
    return (
        f'<span class="pl-card {cls}"><b>{_e(name)}</b>'
        + (f" <i>{_e(text)}</i>" if text else "")
        + "</span>"
    )


def _section(title: str, chips: list[str]) -> str:
    return (
        f'<div class="pl-sec"><b>{_e(title)}</b><div class="pl-cards">{"".join(chips)}</div></div>'
    )


def _pill(text: str) -> str:
    return f'<span class="pl-pill">{_e(text)}</span>'


def render_quests(view: dict[str, Any]) -> str:
    C = content()
    rows = []
    for city in CITIES:
        qid = (view.get("quests") or {}).get(city)
        if not qid or qid not in C.quest:
            continue
        q = C.quest[qid]
        icons = []
        if q.tower:
            icons.append("tower: complete it in this City")
        if q.wild:
            icons.append("wild: completes as soon as it is met")
        if q.pauper_only:
            icons.append("Pauper only")
        if q.pie:
            icons.append("pie")
        rows.append(
            f'<div class="pl-card pl-quest"><b>{_e(C.regions[city].name)}: {_e(q.name)}</b>'
            f"<br/>{_e(q.text)}<br/><i>Reward: {_e(reward_text(q.reward_effects))}</i>"
            + (f'<br/><span class="pl-muted">{_e("; ".join(icons))}</span>' if icons else "")
            + "</div>"
        )
    if not rows:
        return ""
    return '<h3>Quests</h3><div class="pl-grid">' + "".join(rows) + "</div>"


def _virtue_track(view: dict[str, Any], p: dict[str, Any]) -> str:
    C = content()
    n = max(2, len(view.get("players") or []))
    th = C.numbers.get("thresholds", {}).get(str(n), {})
    learned = set(p.get("virtues") or [])
    brave = sum(C.region_card[c].strength for c in p.get("trophies") or [] if c in C.region_card)
    recipes = sum(1 for r in p.get("recipes") or [] if r.get("learned"))
    progress = {
        "generosity": f"{p.get('gems', 0)}/{th.get('generosity', '?')} Gems",
        "knowledge": f"{recipes}/5 Recipes",
        "bravery": f"{brave}/{th.get('bravery', '?')} Strength of trophies",
        "magnificence": "a dragon trophy",
        "fellowship": f"{len(p.get('journal') or [])}/"
        f"{C.numbers.get('fellowship_quests', {}).get('value', 3)} Quests",
    }
    need = C.numbers.get("virtues_to_win", {}).get("value", 3)
    cells = []
    for v in VIRTUES:
        got = v in learned
        cells.append(
            f'<span class="pl-v{" pl-got" if got else ""}">{"★" if got else "☆"} '
            f"{_e(_cap(v))}{'' if got else ' · ' + _e(progress[v])}</span>"
        )
    return (
        f'<div class="pl-sec"><b>Virtues</b> {len(learned)} of {_e(need)} to win'
        f'<div class="pl-track">{"".join(cells)}</div></div>'
    )


def render_player(view: dict[str, Any], p: dict[str, Any]) -> str:
    C = content()
    me = view.get("seat") is not None and view.get("seat") == p.get("seat")
    name = p.get("name") or f"Seat {int(p.get('seat') or 0) + 1}"
    pauper = C.paupers.get(str(p.get("pauper")))
    sub = ""
    if pauper is not None:
        sub = f"{pauper.trade} from {C.regions[pauper.city].name}"
    here = C.regions[p["position"]].name if p.get("position") in C.regions else None
    out = [
        f'<div class="pl-area{" pl-me" if me else ""}" data-seat="{_e(p.get("seat"))}">'
        f'<h4><i class="pl-dot" style="background:{_colour(p)}"></i>{_e(name)}'
        f'<span class="pl-muted">player {_e(int(p.get("seat") or 0) + 1)}'
        f"{' · you' if me else ''}</span></h4>"
    ]
    facts = []
    if sub:
        facts.append(_e(_cap(sub)))
    if here:
        facts.append(f"Pauper in {_e(here)}")
    if p.get("misses_turn"):
        facts.append("misses the next turn")
    if facts:
        out.append(f'<div class="pl-muted">{" · ".join(facts)}</div>')
    out.append(
        f'<div class="pl-sec"><b>Purse</b> ◆ {_e(p.get("gems", 0))} Gems · '
        f"<b>Outcome deck</b> {_e(p.get('outcome_count', 0))} cards"
        + (
            f" (last drawn: {_e(_name(p['outcome_discard'][-1]))})"
            if p.get("outcome_discard")
            else ""
        )
        + "</div>"
    )
    lives = p.get("lives")
    if isinstance(lives, dict) and lives:
        cap = p.get("max_lives")
        bits = [
            f"{_cap(str(k))} {'♥' * int(n)} {n}" + (f"/{cap}" if cap else "")
            for k, n in lives.items()
            if isinstance(n, int)
        ]
        out.append(f'<div class="pl-sec"><b>Lives</b> {_e(" · ".join(bits))}</div>')
    out.append(_virtue_track(view, p))
    if p.get("bird"):
        bird = C.birds.get(str(p["bird"]))
        ability = abilities_text(bird.trained) if bird else ""
        state = "trained" if p.get("trained") else "untrained (train it for its ability)"
        out.append(
            '<div class="pl-sec"><b>Aviary</b> '
            + _chip(_cap(str(p["bird"])), f"{state}: {ability}")
            + "</div>"
        )
    if pauper is not None:
        se = pauper.equipment
        charges = f" ({p['charges']} charges left)" if p.get("charges") else ""
        out.append(
            '<div class="pl-sec"><b>Starting Equipment</b> '
            + _chip(se.name, abilities_text(se.abilities) + charges, "pl-item")
            + "</div>"
        )
    recipes = p.get("recipes") or []
    if recipes:
        chips = []
        for r in recipes:
            rec = C.recipe.get(str(r.get("recipe")))
            if rec is None:
                continue
            if r.get("learned"):
                chips.append(
                    _chip(
                        f"✓ {rec.name}", f"learned: {abilities_text(rec.abilities)}", "pl-learned"
                    )
                )
            else:
                have = [_name(c) for c in r.get("ingredients") or []]
                needs = ", ".join(_nice(i) for i in rec.ingredients)
                text = f"needs 2 of {needs}" + (f"; has {', '.join(have)}" if have else "")
                text += f"; then: {abilities_text(rec.abilities)}"
                chips.append(_chip(rec.name, text, "pl-open"))
        out.append(_section("Recipe Book", chips))
    inv = p.get("inventory") or []
    if inv:
        chips = []
        for it in inv:
            cid = str(it.get("card"))
            if cid not in C.item:
                continue
            extra = (" · used once" if it.get("uses") else "") + (
                f" · ◆{it['gems']} on it" if it.get("gems") else ""
            )
            chips.append(_chip(C.item[cid].name, item_text(cid) + extra, "pl-item"))
        out.append(_section("Inventory", chips))
    troph = p.get("trophies") or []
    if troph:
        chips = []
        for cid in troph:
            card = C.region_card.get(cid)
            if card is not None:
                chips.append(_chip(card.name, f"⚔{card.strength} {card.type or ''}", "pl-hz"))
        out.append(_section("Trophy Room", chips))
    journal = p.get("journal") or []
    if journal:
        chips = [_chip(_name(c), "", "pl-quest") for c in journal]
        out.append(
            f'<div class="pl-sec"><b>Journal</b> (completed Quests)'
            f'<div class="pl-cards">{"".join(chips)}</div></div>'
        )
    if "hand" in p:
        hand = p.get("hand") or []
        if hand:
            chips = [_chip(_name(c), _hand_text(c), "pl-item") for c in hand]
            out.append(
                f'<div class="pl-sec"><b>Your draft hand</b> (only you see it)'
                f'<div class="pl-cards">{"".join(chips)}</div></div>'
            )
        mine = (view.get("commitments") or {}).get("mine") or {}
        if mine.get("kind") == "draft":
            pick = str(mine["args"]["recipe"])
            out.append(f'<div class="pl-sec"><b>Your pick</b> {_chip(_name(pick), "")}</div>')
        top = p.get("outcome_known_top") or []
        if top:
            out.append(
                f'<div class="pl-sec"><b>Top of your Outcome deck</b> (you peeked) '
                f"{_e(', '.join(_name(c) for c in top))}</div>"
            )
        for dk, cards in (p.get("region_known_top") or {}).items():
            if cards:
                out.append(
                    f'<div class="pl-sec"><b>Top of the {_e(_cap(dk))} deck</b> (you peeked) '
                    f"{_e(', '.join(_name(c) for c in cards))}</div>"
                )
    elif p.get("hand_count"):
        out.append(
            f'<div class="pl-muted">Draft hand: {_e(p["hand_count"])} cards (hidden)'
            + (
                " · has picked"
                if p.get("seat") in (view.get("commitments") or {}).get("committed", [])
                else ""
            )
            + "</div>"
        )
    out.append("</div>")
    return "".join(out)


def _hand_text(cid: str) -> str:
    C = content()
    if cid in C.item:
        return item_text(cid)
    if cid in C.recipe:
        return abilities_text(C.recipe[cid].abilities)
    if cid in C.quest:
        return C.quest[cid].text
    if cid in C.region_card:
        return region_card_text(cid)
    return ""


def render_players(view: dict[str, Any]) -> str:
    players = list(view.get("players") or [])
    seat = view.get("seat")
    players.sort(key=lambda p: (p.get("seat") != seat, p.get("seat", 0)))
    if not players:
        return ""
    title = "Your Pauper and the other players" if seat is not None else "The players"
    return (
        f'<h3>{title}</h3><div class="pl-grid">'
        + "".join(render_player(view, p) for p in players)
        + "</div>"
    )


def render_market(view: dict[str, Any]) -> str:
    C = content()
    out = []
    disp = [s for s in view.get("dispensary") or [] if s.get("top")]
    if disp:
        chips = [
            _chip(
                _name(s["top"]),
                f"{abilities_text(C.recipe[s['top']].abilities)} ({s['count']} in stack)",
            )
            if s["top"] in C.recipe
            else _chip(_name(s["top"]), "")
            for s in disp
        ]
        out.append(
            '<div class="pl-sec"><b>Dispensary</b> (Recipes on offer)'
            f'<div class="pl-cards">{"".join(chips)}</div></div>'
        )
    for city in CITIES:
        shop = (view.get("shops") or {}).get(city)
        if shop and shop.get("known"):
            chips = [
                _chip(_name(c), item_text(c) if c in C.item else "", "pl-item")
                for c in shop["known"]
            ]
            out.append(
                f'<div class="pl-sec"><b>Shop of {_e(C.regions[city].name)}</b> '
                f"({_e(shop['count'])} cards; these you have seen)"
                f'<div class="pl-cards">{"".join(chips)}</div></div>'
            )
    decks = view.get("decks") or {}
    if decks:
        bits = []
        for k, d in decks.items():
            last = d.get("discard") or []
            top = f", discard top: {_name(last[-1])}" if last else ""
            bits.append(f"{_cap(_nice(k))} {d.get('count', 0)}{top}")
        out.append(f'<div class="pl-muted"><b>Decks</b> {_e(" · ".join(bits))}</div>')
    if not out:
        return ""
    return "<h3>Market and decks</h3>" + "".join(out)


def _who(view: dict[str, Any], seat: Any) -> str:
    for p in view.get("players") or []:
        if p.get("seat") == seat:
            return str(p.get("name") or f"Seat {int(seat) + 1}")
    return f"Seat {int(seat) + 1}"


def render_now(view: dict[str, Any]) -> str:
    """The fight in progress, the last fight and the cards of what is being resolved."""
    C = content()
    out = []
    fight = view.get("fight")
    if fight and fight.get("hazard") in C.region_card:
        hz = C.region_card[fight["hazard"]]
        out.append(
            f"<div><b>Fight:</b> {_e(_who(view, fight.get('seat')))} against the {_e(hz.name)} "
            f"(Strength {hz.strength}); Strength so far {_e(fight.get('strength', '?'))}.</div>"
        )
    last = view.get("last_fight")
    if last and last.get("hazard") in C.region_card:
        hz = C.region_card[last["hazard"]]
        res = "won" if last.get("won") else "lost"
        out.append(
            f'<div class="pl-muted">Last fight: {_e(_who(view, last.get("seat")))}\'s '
            f"{_e(last.get('char', ''))} {res} against the {_e(hz.name)} "
            f"({_e(last.get('strength', '?'))} against {hz.strength}).</div>"
        )
    for f in view.get("stack") or []:
        ids: list[str] = []
        for v in f.values():
            vals = v if isinstance(v, list) else [v]
            ids += [x for x in vals if isinstance(x, str) and _known(x)]
        what = _nice(str(f.get("t", "")))
        offer = _choice_chips(view, f)
        if offer is not None:
            out.append(
                f"<div>{_e(_who(view, f.get('seat')))} resolves: {_e(what)}"
                f'<div class="pl-cards">{"".join(offer)}</div></div>'
            )
        elif ids:
            chips = "".join(_chip(_name(c), _hand_text(c)) for c in ids)
            out.append(
                f"<div>{_e(_who(view, f.get('seat')))} resolves: {_e(what)}"
                f'<div class="pl-cards">{chips}</div></div>'
            )
        else:
            out.append(f"<div>{_e(_who(view, f.get('seat')))} resolves: {_e(what)}</div>")
    if not out:
        return ""
    return '<div class="pl-now">' + "".join(out) + "</div>"


def _player(view: dict[str, Any], seat: Any) -> dict[str, Any]:
    for p in view.get("players") or []:
        if p.get("seat") == seat:
            return dict(p)
    return {}


def _outcome_chip(cid: str, cls: str = "") -> str:
    C = content()
    oc = C.outcome[cid]
    ally = C.allies[oc.ally].name if oc.ally and oc.ally in C.allies else ""
    return _chip(f"Outcome {oc.number}", f"ally: {ally}" if ally else "", cls)


ChipsOf = Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], list[str]]

# The cards a choice is about, one declaration per kind of decision: the frame kind, the frame
# key its cards need (a private frame the view does not open to this seat carries none) and how
# its chips are drawn from the view, the frame and the deciding seat's player.
CHOICE_CHIPS: dict[str, tuple[str, ChipsOf]] = {}


def choice_chips(kind: str, needs: str) -> Callable[[ChipsOf], ChipsOf]:
    def register(fn: ChipsOf) -> ChipsOf:
        CHOICE_CHIPS[kind] = (needs, fn)
        return fn

    return register


@choice_chips("weapon", needs="options")
def _weapon_chips(view: dict[str, Any], f: dict[str, Any], p: dict[str, Any]) -> list[str]:
    """The weapons of a fight, with the bonus each gives here."""
    C = content()
    chips = []
    for key, bonus in f["options"]:
        if key == "start" and p.get("pauper") in C.paupers:
            eq = C.paupers[p["pauper"]].equipment
            chips.append(_chip(eq.name, f"+{bonus} in this fight ({abilities_text(eq.abilities)})"))
        elif key in C.item:
            chips.append(_chip(_name(key), f"+{bonus} in this fight ({item_text(key)})"))
    if f.get("none"):
        chips.append(_chip("No weapon", "+0; nothing is used up"))
    return chips


@choice_chips("return-outcomes", needs="chosen")
def _return_chips(view: dict[str, Any], f: dict[str, Any], p: dict[str, Any]) -> list[str]:
    """The discarded Outcome cards that may go back (those chosen so far marked)."""
    C = content()
    chosen = [_outcome_chip(c, "pl-chosen") for c in f["chosen"] if c in C.outcome]
    pile = [c for c in p.get("outcome_discard") or [] if c in C.outcome]
    return chosen + [_outcome_chip(c) for c in sorted(pile)]


@choice_chips("bravery", needs="chosen")
def _bravery_chips(view: dict[str, Any], f: dict[str, Any], p: dict[str, Any]) -> list[str]:
    """The Trophy Room cards for bravery, with their points (those chosen so far marked)."""
    C = content()
    chosen = list(f["chosen"])
    chips = []
    for c in p.get("trophies") or []:
        if c in C.region_card:
            cls = "pl-chosen" if c in chosen else ""
            if c in chosen:
                chosen.remove(c)
            chips.append(_chip(_name(c), f"{C.region_card[c].strength} points", cls))
    return chips


@choice_chips("magnificence", needs="cands")
def _magnificence_chips(view: dict[str, Any], f: dict[str, Any], p: dict[str, Any]) -> list[str]:
    """The dragons for magnificence."""
    C = content()
    return [_chip(_name(c), region_card_text(c)) for c in f["cands"] if c in C.region_card]


@choice_chips("nest", needs="cities")
def _nest_chips(view: dict[str, Any], f: dict[str, Any], p: dict[str, Any]) -> list[str]:
    """The Cities of a dragon's nest."""
    return [_chip(str(c).capitalize(), "City Shop") for c in f["cities"]]


def _choice_chips(view: dict[str, Any], f: dict[str, Any]) -> list[str] | None:
    """The chips of the choice's declaration (CHOICE_CHIPS); None for other frames and for a
    frame without the cards its chips need."""
    declared = CHOICE_CHIPS.get(str(f.get("t")))
    if declared is None or declared[0] not in f:
        return None
    return declared[1](view, f, _player(view, f.get("seat")))


def _known(cid: str) -> bool:
    C = content()
    return any(cid in t for t in (C.region_card, C.item, C.quest, C.recipe, C.outcome))


def _value(v: Any) -> str:
    if isinstance(v, dict):
        return "; ".join(f"{_nice(str(k))}: {_value(x)}" for k, x in v.items())
    if isinstance(v, list):
        return ", ".join(_value(x) for x in v)
    if isinstance(v, bool):
        return "yes" if v else "no"
    if v is None:
        return "—"
    return str(v)


def render_solo(view: dict[str, Any]) -> str:
    """Time track, Lives and objectives, drawn only if the view carries them."""
    out = []
    solo = view.get("solo")
    if isinstance(solo, dict):  # the solo scenario's own block: name, Time, objectives
        view = {**view, **{k: v for k, v in solo.items() if k in ("time", "lives", "objectives")}}
        if solo.get("name"):
            diff = f" ({solo['difficulty']})" if solo.get("difficulty") else ""
            out.append(f"<div><b>Scenario</b> {_e(str(solo['name']) + diff)}</div>")
    time = view.get("time")
    if time is not None:
        if isinstance(time, int):
            marks = "".join("●" for _ in range(min(time, 40)))
            out.append(f"<div><b>Time</b> {_e(time)} <span>{marks}</span></div>")
        else:
            out.append(f"<div><b>Time</b> {_e(_value(time))}</div>")
    lives = view.get("lives")
    if lives is not None:
        if isinstance(lives, list):
            bits = [
                f"{_who(view, i)}: {'♥' * int(n)} ({n})"
                for i, n in enumerate(lives)
                if isinstance(n, int)
            ]
            out.append(f"<div><b>Lives</b> {_e(' · '.join(bits) or _value(lives))}</div>")
        elif isinstance(lives, int):
            out.append(f"<div><b>Lives</b> {'♥' * lives} ({lives})</div>")
        else:
            out.append(f"<div><b>Lives</b> {_e(_value(lives))}</div>")
    objectives = view.get("objectives")
    if objectives:
        items = objectives if isinstance(objectives, list) else [objectives]
        lis = "".join(
            f"<li>{'✓ ' if o.get('done') else ''}{_e(o.get('text', ''))}"
            f"{' (' + _e(o['progress']) + ')' if o.get('progress') else ''}</li>"
            if isinstance(o, dict) and "text" in o
            else f"<li>{_e(_value(o))}</li>"
            for o in items
        )
        out.append(f"<div><b>Objectives</b><ul>{lis}</ul></div>")
    for key in ("mode",):
        if view.get(key) and view.get(key) != "standard":
            out.append(f"<div><b>{_e(_cap(key))}</b> {_e(_value(view[key]))}</div>")
    if not out:
        return ""
    return '<div class="pl-solo">' + "".join(out) + "</div>"


def render_head(view: dict[str, Any]) -> str:
    bits = [f'<span class="pl-pill">Round {_e(view.get("round", 0))}</span>']
    if view.get("phase"):
        bits.append(f'<span class="pl-pill">Phase: {_e(_nice(str(view["phase"])))}</span>')
    if view.get("turn") is not None:
        bits.append(f'<span class="pl-pill">Turn: {_e(_who(view, view["turn"]))}</span>')
    ts = view.get("turn_state") or {}
    done = ts.get("done") or []
    if done:
        bits.append(_pill("Acted this turn: " + ", ".join(_cap(str(x)) for x in done)))
    if view.get("winners"):
        bits.append(_pill("Winners: " + ", ".join(_who(view, w) for w in view["winners"])))
    return '<div class="pl-head">' + "".join(bits) + "</div>"


def render_setup(view: dict[str, Any]) -> str:
    C = content()
    out = []
    shown = view.get("paupers_shown") or []
    taken = {p.get("pauper") for p in view.get("players") or []}
    if shown and view.get("phase") not in ("play", "over"):
        chips = [
            _chip(
                C.paupers[x].name,
                f"{C.paupers[x].trade} from {C.regions[C.paupers[x].city].name}; "
                f"{C.paupers[x].equipment.name}: {abilities_text(C.paupers[x].equipment.abilities)}"
                + (" (taken)" if x in taken else ""),
            )
            for x in shown
            if x in C.paupers
        ]
        out.append(
            f'<div class="pl-sec"><b>Paupers</b><div class="pl-cards">{"".join(chips)}</div></div>'
        )
        birds = [
            _chip(_cap(b), "trained: " + abilities_text(C.birds[b].trained))
            for b in view.get("birds_shown") or []
            if b in C.birds
        ]
        if birds:
            out.append(_section("Birds", birds))
    if not out:
        return ""
    return "<h3>Set-up</h3>" + "".join(out)


def render_map_list(view: dict[str, Any]) -> str:
    """The map as a list, for small screens: each Region's pieces, cards (with their texts) and
    bridges."""
    C = content()
    items = []
    for rid in sorted(LAYOUT, key=lambda r: LAYOUT[r]):
        reg = C.regions[rid]
        bits = []
        for p in view.get("players") or []:
            who = str(p.get("name") or f"Seat {int(p.get('seat') or 0) + 1}")
            if p.get("position") == rid:
                bits.append(f"{_e(who)}'s Pauper")
            if p.get("bird_position") == rid and p.get("bird"):
                bits.append(f"{_e(who)}'s Bird")
        cards = [
            f"<b>{_e(C.region_card[c].name)}</b> ({_e(region_card_text(c))})"
            for c in (view.get("tiles") or {}).get(rid, [])
            if c in C.region_card
        ]
        if reg.type == "city":
            qid = (view.get("quests") or {}).get(rid)
            if qid and qid in C.quest:
                cards.append(f"Quest <b>{_e(C.quest[qid].name)}</b> ({_e(C.quest[qid].text)})")
        bridges = ", ".join(C.regions[n].name for n in C.neighbours[rid])
        items.append(
            f"<li><b>{_e(reg.name)}</b> ({_e(REGION_STYLE[reg.type][2])}"
            f"{', coastal' if reg.coastal else ''})"
            + (f" · {', '.join(bits)}" if bits else "")
            + (f" · {'; '.join(cards)}" if cards else "")
            + f' <span class="pl-muted">· bridges to {_e(bridges)}</span></li>'
        )
    return (
        '<details class="pl-list" id="map-list"><summary>The map as a list</summary>'
        f"<ul>{''.join(items)}</ul></details>"
    )


def final_summary(final: dict[str, Any], views: Iterable[dict[str, Any]]) -> str:
    """The end of a game: each player's Virtues and the round each was learnt, and what else they
    gathered, winner first. ``views`` are the spectator's views from the start to the end."""
    learnt: dict[int, dict[str, int]] = {}
    for v in views:
        for p in v.get("players") or []:
            mine = learnt.setdefault(int(p.get("seat", 0)), {})
            for virtue in p.get("virtues") or []:
                mine.setdefault(str(virtue), int(v.get("round") or 0))
    winners = set((final.get("outcome") or {}).get("winners") or [])
    players = sorted(
        final.get("players") or [],
        key=lambda p: (p.get("seat") not in winners, -len(p.get("virtues") or []), p.get("seat")),
    )
    rows = []
    for p in players:
        seat = int(p.get("seat", 0))
        when = learnt.get(seat, {})
        virtues = ", ".join(
            f"{_cap(v)} (round {when.get(v, '?')})"
            for v in sorted(p.get("virtues") or [], key=lambda v: when.get(v, 0))
        )
        C = content()
        brave = sum(
            C.region_card[c].strength for c in p.get("trophies") or [] if c in C.region_card
        )
        recipes = sum(1 for r in p.get("recipes") or [] if r.get("learned"))
        how = (
            f"{p.get('gems', 0)} Gems · {recipes} Recipes learned · trophies worth {brave} "
            f"Strength · {len(p.get('journal') or [])} Quests"
        )
        rows.append(
            f'<tr class="{"pl-win" if seat in winners else ""}" data-seat="{seat}">'
            f"<td><b>{_e(p.get('name') or f'Seat {seat + 1}')}</b>"
            f"{' (winner)' if seat in winners else ''}</td>"
            f"<td>{len(p.get('virtues') or [])}</td><td>{_e(virtues) or '—'}</td>"
            f'<td class="pl-muted">{_e(how)}</td></tr>'
        )
    return (
        '<table class="grid pl-final" id="scores"><tr><th>Player</th><th>Virtues</th>'
        "<th>Learnt (round)</th><th>Also gathered</th></tr>" + "".join(rows) + "</table>"
    )


def render(view: dict[str, Any]) -> str:
    """The whole board for one seat's (or a spectator's) view."""
    return (
        f'<div class="pl-board"><style>{CSS}</style>'
        + render_head(view)
        + render_solo(view)
        + render_now(view)
        + render_setup(view)
        + '<div class="pl-maptools"><button type="button" data-zoom-map="1">Zoom the map</button>'
        + '<a href="#map-list">The map as a list</a></div>'
        + '<div class="pl-mapbox">'
        + render_map(view)
        + "</div>"
        + render_legend(view)
        + render_map_list(view)
        + render_quests(view)
        + render_players(view)
        + render_market(view)
        + "</div>"
    )
