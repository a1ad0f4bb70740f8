# Over 600 lines: the whole board page (map, players, Shops, prompts) for the templates.
"""Paupers' Ladder in the browser: one seat's view drawn from the Jinja2 templates in
``templates/`` (the board, its map, the players' areas) with the styles of
``static/paupers-ladder.css``.

This module prepares what the templates show, from the view alone (plus the static card texts of
the content): the map of Brighthelm as designed in docs/paupers-ladder-map.md, the Quests, every
player's public Pauper card areas (and the viewer's private ones), the market and, when the view
carries them, the solo / Survival parts (Time, Lives, objectives). The templates escape every piece
of text; the markup is also well-formed XML. CSS classes are prefixed ``pl-``.

Until the web app serves a game's static files and loads its template directory, the templates are
read here with their own environment and the stylesheet is inlined into the board.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from jinja2 import Environment, PackageLoader, Template
from markupsafe import Markup

from tabletop.engine.effects import Effect

from . import texts
from .content import CITIES, VIRTUES, content
from .texts import abilities_text, nice

STYLESHEET = Path(__file__).parent / "static" / "paupers-ladder.css"

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


class Chip(NamedTuple):
    """A card as the board shows it: its name, a line of text, a CSS class of its kind."""

    name: str
    text: str = ""
    cls: str = ""


@lru_cache(maxsize=1)
def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("tabletop.games.paupers_ladder", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _template(name: str) -> Template:
    return _environment().get_template(name)


@lru_cache(maxsize=1)
def _css() -> Markup:
    return Markup(STYLESHEET.read_text(encoding="utf-8"))


# the templates are laid out for reading: the page drops the line breaks between tags
_BETWEEN_TAGS = re.compile(r">\s*\n\s*<")


def _page(markup: str) -> str:
    return _BETWEEN_TAGS.sub("><", markup).strip()


def _name(cid: str) -> str:
    return content().card_name(cid)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------ card texts
def region_card_text(cid: str) -> str:
    return texts.region_card_text(content(), cid)


def item_text(cid: str) -> str:
    return texts.item_text(content(), cid)


def reward_text(options: Sequence[Sequence[Effect]]) -> str:
    return texts.reward_text(options)


def _hand_text(cid: str) -> str:
    cards = content()
    if cid in cards.item:
        return item_text(cid)
    if cid in cards.recipe:
        return abilities_text(cards.recipe[cid].abilities)
    if cid in cards.quest:
        return cards.quest[cid].text
    if cid in cards.region_card:
        return region_card_text(cid)
    return ""


def _known(cid: str) -> bool:
    cards = content()
    tables = (cards.region_card, cards.item, cards.quest, cards.recipe, cards.outcome)
    return any(cid in t for t in tables)


# ------------------------------------------------------------------ players
def _colour(p: dict[str, Any]) -> str:
    pauper = content().paupers.get(str(p.get("pauper")))
    if pauper is not None and pauper.colour in COLOURS:
        return COLOURS[pauper.colour]
    return SEAT_FALLBACK[int(p.get("seat", 0)) % len(SEAT_FALLBACK)]


def _initials(name: str) -> str:
    words = [w for w in name.replace("'", "").split() if w[:1].isalpha()]
    return "".join(w[0] for w in words[:2]).upper() or "?"


def _who(view: dict[str, Any], seat: Any) -> str:
    """The name a seat goes by (the view's own names)."""
    for p in view.get("players") or []:
        if p.get("seat") == seat:
            return str(p.get("name") or f"Seat {int(seat) + 1}")
    names = view.get("seat_names") or []
    if isinstance(seat, int) and 0 <= seat < len(names):
        return str(names[seat])
    return f"Seat {int(seat) + 1}"


def _player(view: dict[str, Any], seat: Any) -> dict[str, Any]:
    for p in view.get("players") or []:
        if p.get("seat") == seat:
            return dict(p)
    return {}


# ------------------------------------------------------------------ the map
def _cell_xy(region: str) -> tuple[int, int]:
    row, column = LAYOUT[region]
    return PAD + column * (CELL_W + GAP), PAD + row * (CELL_H + GAP)


def _fit(text: str, width: float, size: float) -> str:
    limit = max(4, int(width / (size * 0.55)))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _map_card(cid: str, x: float, y: float, w: float, view: dict[str, Any]) -> dict[str, Any]:
    card = content().region_card[cid]
    fill, border, _ = CARD_STYLE.get(card.kind, CARD_STYLE["event"])
    marks = []
    if card.kind == "hazard":
        marks.append(f"⚔{card.strength}")
    gems = (view.get("card_gems") or {}).get(cid)
    if gems:
        marks.append(f"◆{gems}")
    tucked = (view.get("tucked") or {}).get(cid) or []
    if tucked:
        marks.append(f"+{len(tucked)}")
    right = " ".join(marks)
    title = f"{card.name}: {region_card_text(cid)}"
    if tucked:
        title += " Tucked under it: " + ", ".join(_name(t) for t in tucked) + "."
    label = _fit(card.name, w - 8 - len(right) * 6.2, 10)
    return {
        "card": cid,
        "x": x,
        "y": y,
        "w": w,
        "fill": fill,
        "border": border,
        "label": label,
        "right": right,
        "title": title,
    }


def _region(region: str, view: dict[str, Any]) -> dict[str, Any]:
    cards = content()
    reg = cards.regions[region]
    x, y = _cell_xy(region)
    fill, border, word = REGION_STYLE.get(reg.type, REGION_STYLE["city"])
    out: dict[str, Any] = {
        "id": region,
        "name": reg.name,
        "word": word,
        "coastal": reg.coastal,
        "city": reg.type == "city",
        "x": x,
        "y": y,
        "fill": fill,
        "border": border,
        "meeples": _meeples(region, x + 18, y + CELL_H - 17, view),
    }
    if reg.type == "city":
        qid = (view.get("quests") or {}).get(region)
        if qid and qid in cards.quest:
            quest = cards.quest[qid]
            label = _fit(quest.name, CELL_W - 18, 10)
            out["quest"] = {"name": quest.name, "text": quest.text, "label": label}
        shop = (view.get("shops") or {}).get(region)
        if shop is not None:
            known = len(shop.get("known") or [])
            extra = f", {known} seen by you" if known else ""
            short = extra.replace(" by you", "")
            out["shop"] = {"count": shop["count"], "extra": extra, "short": short}
        return out
    tiles = list((view.get("tiles") or {}).get(region, []))
    out["tiles"] = []
    for i in range(reg.tiles):
        ty = y + 24 + i * 19
        if i < len(tiles):
            out["tiles"].append(_map_card(tiles[i], x + 5, ty, CELL_W - 10, view))
        elif i < 4:
            out["tiles"].append({"card": None, "x": x + 5, "y": ty, "w": CELL_W - 10})
    return out


def _meeples(region: str, x: float, y: float, view: dict[str, Any]) -> list[dict[str, Any]]:
    """The characters in a Region, along its bottom: a person for a Pauper, a bird for a Bird."""
    out: list[dict[str, Any]] = []
    for p in view.get("players") or []:
        colour = _colour(p)
        who = str(p.get("name") or _who(view, p.get("seat")))
        at = {"colour": colour, "y": f"{y:.0f}"}
        if p.get("position") == region:
            title = f"{who} (Pauper)"
            out.append(
                {**at, "pauper": True, "x": f"{x:.0f}", "label": _initials(who), "title": title}
            )
            x += 30
        if p.get("bird_position") == region and p.get("bird"):
            title = f"{_cap(str(p['bird']))}, the Bird of {who}"
            out.append({**at, "pauper": False, "x": f"{x:.0f}", "title": title})
            x += 34
    return out


def _bridges() -> list[dict[str, str]]:
    cards = content()
    seen: set[tuple[str, str]] = set()
    out = []
    for reg in cards.regions.values():
        for b in reg.bridges:
            key = (min(reg.id, b), max(reg.id, b))
            if key in seen or reg.id not in LAYOUT or b not in LAYOUT:
                continue
            seen.add(key)
            ax, ay = _cell_xy(reg.id)
            bx, by = _cell_xy(b)
            out.append(
                {
                    "x1": f"{ax + CELL_W / 2:.0f}",
                    "y1": f"{ay + CELL_H / 2:.0f}",
                    "x2": f"{bx + CELL_W / 2:.0f}",
                    "y2": f"{by + CELL_H / 2:.0f}",
                }
            )
    return out


def map_of(view: dict[str, Any]) -> dict[str, Any]:
    """The map's drawing: its size, the bridges, every Region with its cards and characters."""
    regions = [_region(r, view) for r in content().regions if r in LAYOUT]
    return {
        "width": MAP_W,
        "height": MAP_H,
        "pad": PAD,
        "cell_w": CELL_W,
        "cell_h": CELL_H,
        "bridges": _bridges(),
        "regions": regions,
    }


def _legend(view: dict[str, Any]) -> dict[str, Any]:
    players = []
    for p in view.get("players") or []:
        who = str(p.get("name") or _who(view, p.get("seat")))
        players.append(
            {"name": who, "colour": _colour(p), "initials": _initials(who), "bird": p.get("bird")}
        )
    return {
        "regions": [{"fill": f, "border": b, "word": w} for f, b, w in REGION_STYLE.values()],
        "cards": [{"fill": f, "border": b, "word": w} for f, b, w in CARD_STYLE.values()],
        "players": players,
    }


def _map_list(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The map as a list, for small screens: each Region's pieces, cards (with their texts) and
    bridges."""
    cards = content()
    out = []
    for rid in sorted(LAYOUT, key=lambda r: LAYOUT[r]):
        reg = cards.regions[rid]
        pieces = []
        for p in view.get("players") or []:
            who = str(p.get("name") or _who(view, p.get("seat")))
            if p.get("position") == rid:
                pieces.append(f"{who}'s Pauper")
            if p.get("bird_position") == rid and p.get("bird"):
                pieces.append(f"{who}'s Bird")
        shown: list[dict[str, Any]] = [
            {"name": cards.region_card[c].name, "text": region_card_text(c)}
            for c in (view.get("tiles") or {}).get(rid, [])
            if c in cards.region_card
        ]
        qid = (view.get("quests") or {}).get(rid) if reg.type == "city" else None
        if qid and qid in cards.quest:
            quest = cards.quest[qid]
            shown.append({"name": quest.name, "text": quest.text, "quest": True})
        out.append(
            {
                "name": reg.name,
                "word": REGION_STYLE[reg.type][2],
                "coastal": reg.coastal,
                "pieces": pieces,
                "cards": shown,
                "bridges": ", ".join(cards.regions[n].name for n in cards.neighbours[rid]),
            }
        )
    return out


# ------------------------------------------------------------------ panels
def _quests(view: dict[str, Any]) -> list[dict[str, Any]]:
    cards = content()
    out = []
    for city in CITIES:
        qid = (view.get("quests") or {}).get(city)
        if not qid or qid not in cards.quest:
            continue
        quest = cards.quest[qid]
        icons = texts.quest_marks(quest)
        out.append(
            {
                "city": cards.regions[city].name,
                "name": quest.name,
                "text": quest.text,
                "reward": reward_text(quest.reward),
                "icons": "; ".join(icons),
            }
        )
    return out


def _virtue_track(view: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
    cards = content()
    seats = max(2, len(view.get("players") or []))
    needed = cards.numbers.get("thresholds", {}).get(str(seats), {})
    learned = set(p.get("virtues") or [])
    brave = sum(
        cards.region_card[c].strength for c in p.get("trophies") or [] if c in cards.region_card
    )
    recipes = sum(1 for r in p.get("recipes") or [] if r.get("learned"))
    quests = cards.numbers.get("fellowship_quests", {}).get("value", 3)
    progress = {
        "generosity": f"{p.get('gems', 0)}/{needed.get('generosity', '?')} Gems",
        "knowledge": f"{recipes}/5 Recipes",
        "bravery": f"{brave}/{needed.get('bravery', '?')} Strength of trophies",
        "magnificence": "a dragon trophy",
        "fellowship": f"{len(p.get('journal') or [])}/{quests} Quests",
    }
    track = [{"name": _cap(v), "got": v in learned, "progress": progress[v]} for v in VIRTUES]
    need = cards.numbers.get("virtues_to_win", {}).get("value", 3)
    return {"learned": len(learned), "need": need, "track": track}


def _card_areas(p: dict[str, Any]) -> dict[str, Any]:
    """A player's Aviary, starting Equipment, Recipe Book, Inventory, Trophy Room and Journal."""
    cards = content()
    out: dict[str, Any] = {}
    if p.get("bird"):
        bird = cards.birds.get(str(p["bird"]))
        ability = abilities_text(bird.trained) if bird else ""
        trained = "trained" if p.get("trained") else "untrained (train it for its ability)"
        out["aviary"] = Chip(_cap(str(p["bird"])), f"{trained}: {ability}")
    pauper = cards.paupers.get(str(p.get("pauper")))
    if pauper is not None:
        equipment = pauper.equipment
        charges = f" ({p['charges']} charges left)" if p.get("charges") else ""
        text = abilities_text(equipment.abilities) + charges
        out["starting"] = Chip(equipment.name, text, "pl-item")
    out["recipes"] = [
        _recipe_chip(r) for r in p.get("recipes") or [] if r.get("recipe") in cards.recipe
    ]
    inventory = []
    for it in p.get("inventory") or []:
        cid = str(it.get("card"))
        if cid in cards.item:
            extra = (" · used once" if it.get("uses") else "") + (
                f" · ◆{it['gems']} on it" if it.get("gems") else ""
            )
            inventory.append(Chip(cards.item[cid].name, item_text(cid) + extra, "pl-item"))
    out["inventory"] = inventory
    out["trophies"] = [
        Chip(
            cards.region_card[c].name,
            f"⚔{cards.region_card[c].strength} {cards.region_card[c].type or ''}",
            "pl-hz",
        )
        for c in p.get("trophies") or []
        if c in cards.region_card
    ]
    out["journal"] = [Chip(_name(c), "", "pl-quest") for c in p.get("journal") or []]
    return out


def _recipe_chip(r: dict[str, Any]) -> Chip:
    recipe = content().recipe[str(r.get("recipe"))]
    if r.get("learned"):
        return Chip(
            f"✓ {recipe.name}", f"learned: {abilities_text(recipe.abilities)}", "pl-learned"
        )
    have = [_name(c) for c in r.get("ingredients") or []]
    needs = ", ".join(nice(i) for i in recipe.ingredients)
    text = f"needs 2 of {needs}" + (f"; has {', '.join(have)}" if have else "")
    text += f"; then: {abilities_text(recipe.abilities)}"
    return Chip(recipe.name, text, "pl-open")


def _area(view: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
    """One player's area as the template draws it."""
    cards = content()
    seat = int(p.get("seat") or 0)
    pauper = cards.paupers.get(str(p.get("pauper")))
    facts = []
    if pauper is not None:
        facts.append(_cap(f"{pauper.trade} from {cards.regions[pauper.city].name}"))
    if p.get("position") in cards.regions:
        facts.append(f"Pauper in {cards.regions[p['position']].name}")
    if p.get("misses_turn"):
        facts.append("misses the next turn")
    area = {
        "seat": p.get("seat"),
        "number": seat + 1,
        "me": view.get("seat") is not None and view.get("seat") == p.get("seat"),
        "name": p.get("name") or _who(view, seat),
        "colour": _colour(p),
        "facts": facts,
        "gems": p.get("gems", 0),
        "outcome_count": p.get("outcome_count", 0),
        "last_drawn": _name(p["outcome_discard"][-1]) if p.get("outcome_discard") else "",
        "lives": _lives(p),
        "virtues": _virtue_track(view, p),
        "hand_count": p.get("hand_count"),
        "has_picked": seat in ((view.get("commitments") or {}).get("committed") or []),
        **_card_areas(p),
    }
    if "hand" in p:
        area["private"] = _private(view, p)
    return area


def _lives(p: dict[str, Any]) -> str:
    lives = p.get("lives")
    if not isinstance(lives, dict) or not lives:
        return ""
    cap = p.get("max_lives")
    return " · ".join(
        f"{_cap(str(k))} {'♥' * int(n)} {n}" + (f"/{cap}" if cap else "")
        for k, n in lives.items()
        if isinstance(n, int)
    )


def _private(view: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
    """What only the player sees: its draft hand and pick, the tops of decks it peeked at."""
    mine = (view.get("commitments") or {}).get("mine") or {}
    pick = _name(str(mine["args"]["recipe"])) if mine.get("kind") == "draft" else ""
    tops = [
        (_cap(deck), ", ".join(_name(c) for c in found))
        for deck, found in (p.get("region_known_top") or {}).items()
        if found
    ]
    return {
        "hand": [Chip(_name(c), _hand_text(c), "pl-item") for c in p.get("hand") or []],
        "pick": pick,
        "outcome_top": ", ".join(_name(c) for c in p.get("outcome_known_top") or []),
        "region_tops": tops,
    }


def _market(view: dict[str, Any]) -> dict[str, Any] | None:
    cards = content()
    dispensary = [
        Chip(
            _name(s["top"]),
            f"{abilities_text(cards.recipe[s['top']].abilities)} ({s['count']} in stack)",
        )
        if s["top"] in cards.recipe
        else Chip(_name(s["top"]))
        for s in view.get("dispensary") or []
        if s.get("top")
    ]
    shops = []
    for city in CITIES:
        shop = (view.get("shops") or {}).get(city)
        if shop and shop.get("known"):
            found = [
                Chip(_name(c), item_text(c) if c in cards.item else "", "pl-item")
                for c in shop["known"]
            ]
            shops.append({"city": cards.regions[city].name, "count": shop["count"], "cards": found})
    bits = []
    for name, deck in (view.get("decks") or {}).items():
        last = deck.get("discard") or []
        top = f", discard top: {_name(last[-1])}" if last else ""
        bits.append(f"{_cap(nice(name))} {deck.get('count', 0)}{top}")
    if not (dispensary or shops or bits):
        return None
    return {"dispensary": dispensary, "shops": shops, "decks": " · ".join(bits)}


def _now(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The fight in progress, the last fight and the cards of what is being resolved."""
    cards = content()
    out: list[dict[str, Any]] = []
    fight = view.get("fight")
    if fight and fight.get("hazard") in cards.region_card:
        hazard = cards.region_card[fight["hazard"]]
        out.append(
            {
                "kind": "fight",
                "who": _who(view, fight.get("seat")),
                "hazard": hazard.name,
                "strength": hazard.strength,
                "so_far": fight.get("strength", "?"),
            }
        )
    last = view.get("last_fight")
    if last and last.get("hazard") in cards.region_card:
        hazard = cards.region_card[last["hazard"]]
        out.append(
            {
                "kind": "last",
                "who": _who(view, last.get("seat")),
                "char": last.get("char", ""),
                "result": "won" if last.get("won") else "lost",
                "hazard": hazard.name,
                "strength": last.get("strength", "?"),
                "needed": hazard.strength,
            }
        )
    for frame in view.get("stack") or []:
        offer = _choice_data(view, frame)
        if offer is None:
            ids = [
                x
                for v in frame.values()
                for x in (v if isinstance(v, list) else [v])
                if isinstance(x, str) and _known(x)
            ]
            offer = [Chip(_name(c), _hand_text(c)) for c in ids] or None
        what = nice(str(frame.get("kind", "")))
        out.append(
            {"kind": "frame", "who": _who(view, frame.get("seat")), "what": what, "chips": offer}
        )
    return out


# ------------------------------------------------------------------ the cards a choice is about
def _outcome_chip(cid: str, cls: str = "") -> Chip:
    cards = content()
    card = cards.outcome[cid]
    ally = cards.allies[card.ally].name if card.ally and card.ally in cards.allies else ""
    return Chip(f"Outcome {card.number}", f"ally: {ally}" if ally else "", cls)


ChipsOf = Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], list[Chip]]

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
def _weapon_chips(view: dict[str, Any], frame: dict[str, Any], p: dict[str, Any]) -> list[Chip]:
    """The weapons of a fight, with the bonus each gives here."""
    cards = content()
    out = []
    for key, bonus in frame["options"]:
        if key == "start" and p.get("pauper") in cards.paupers:
            equipment = cards.paupers[p["pauper"]].equipment
            ability = abilities_text(equipment.abilities)
            out.append(Chip(equipment.name, f"+{bonus} in this fight ({ability})"))
        elif key in cards.item:
            out.append(Chip(_name(key), f"+{bonus} in this fight ({item_text(key)})"))
    if frame.get("none"):
        out.append(Chip("No weapon", "+0; nothing is used up"))
    return out


@choice_chips("return-outcomes", needs="chosen")
def _return_chips(view: dict[str, Any], frame: dict[str, Any], p: dict[str, Any]) -> list[Chip]:
    """The discarded Outcome cards that may go back (those chosen so far marked)."""
    cards = content()
    chosen = [_outcome_chip(c, "pl-chosen") for c in frame["chosen"] if c in cards.outcome]
    pile = [c for c in p.get("outcome_discard") or [] if c in cards.outcome]
    return chosen + [_outcome_chip(c) for c in sorted(pile)]


@choice_chips("bravery", needs="chosen")
def _bravery_chips(view: dict[str, Any], frame: dict[str, Any], p: dict[str, Any]) -> list[Chip]:
    """The Trophy Room cards for bravery, with their points (those chosen so far marked)."""
    cards = content()
    chosen = list(frame["chosen"])
    out = []
    for c in p.get("trophies") or []:
        if c in cards.region_card:
            cls = "pl-chosen" if c in chosen else ""
            if c in chosen:
                chosen.remove(c)
            out.append(Chip(_name(c), f"{cards.region_card[c].strength} points", cls))
    return out


@choice_chips("magnificence", needs="candidates")
def _magnificence_chips(
    view: dict[str, Any], frame: dict[str, Any], p: dict[str, Any]
) -> list[Chip]:
    """The dragons for magnificence."""
    cards = content()
    return [
        Chip(_name(c), region_card_text(c)) for c in frame["candidates"] if c in cards.region_card
    ]


@choice_chips("nest", needs="cities")
def _nest_chips(view: dict[str, Any], frame: dict[str, Any], p: dict[str, Any]) -> list[Chip]:
    """The Cities of a dragon's nest."""
    return [Chip(str(c).capitalize(), "City Shop") for c in frame["cities"]]


def _choice_data(view: dict[str, Any], frame: dict[str, Any]) -> list[Chip] | None:
    """The chips of the choice's declaration (CHOICE_CHIPS); None for other frames and for a
    frame without the cards its chips need."""
    declared = CHOICE_CHIPS.get(str(frame.get("kind")))
    if declared is None or declared[0] not in frame:
        return None
    return declared[1](view, frame, _player(view, frame.get("seat")))


def _choice_chips(view: dict[str, Any], frame: dict[str, Any]) -> list[str] | None:
    """The chips of a choice as markup (see :func:`_choice_data`)."""
    found = _choice_data(view, frame)
    if found is None:
        return None
    chip = _template("macros.html").module.chip  # type: ignore[attr-defined]
    return [str(chip(c.name, c.text, c.cls)) for c in found]


# ------------------------------------------------------------------ the head, solo, set-up
def _head(view: dict[str, Any]) -> list[str]:
    bits = [f"Round {view.get('round', 0)}"]
    if view.get("phase"):
        bits.append(f"Phase: {nice(str(view['phase']))}")
    if view.get("turn") is not None:
        bits.append(f"Turn: {_who(view, view['turn'])}")
    done = (view.get("turn_state") or {}).get("done") or []
    if done:
        bits.append("Acted this turn: " + ", ".join(_cap(str(x)) for x in done))
    if view.get("winners"):
        bits.append("Winners: " + ", ".join(_who(view, w) for w in view["winners"]))
    return bits


def _value(v: Any) -> str:
    if isinstance(v, dict):
        return "; ".join(f"{nice(str(k))}: {_value(x)}" for k, x in v.items())
    if isinstance(v, list):
        return ", ".join(_value(x) for x in v)
    if isinstance(v, bool):
        return "yes" if v else "no"
    if v is None:
        return "—"
    return str(v)


def _solo(view: dict[str, Any]) -> dict[str, Any] | None:
    """Time track, Lives and objectives, drawn only if the view carries them."""
    out: dict[str, Any] = {"time": None, "marks": None, "lives": None}
    solo = view.get("solo")
    if isinstance(solo, dict):  # the solo scenario's own block: name, Time, objectives
        view = {**view, **{k: v for k, v in solo.items() if k in ("time", "lives", "objectives")}}
        if solo.get("name"):
            diff = f" ({solo['difficulty']})" if solo.get("difficulty") else ""
            out["scenario"] = str(solo["name"]) + diff
    time = view.get("time")
    if time is not None:
        out["time"] = time if isinstance(time, int) else _value(time)
        out["marks"] = "".join("●" for _ in range(min(time, 40))) if isinstance(time, int) else None
    lives = view.get("lives")
    if lives is not None:
        out["lives"] = _solo_lives(view, lives)
    objectives = view.get("objectives")
    if objectives:
        out["objectives"] = [
            _objective(o) for o in (objectives if isinstance(objectives, list) else [objectives])
        ]
    if view.get("mode") and view.get("mode") != "standard":
        out["mode"] = _value(view["mode"])
    shown = ("scenario", "objectives", "mode")
    if out["time"] is None and out["lives"] is None and not any(out.get(k) for k in shown):
        return None
    return out


def _solo_lives(view: dict[str, Any], lives: Any) -> str:
    if isinstance(lives, list):
        bits = [
            f"{_who(view, i)}: {'♥' * int(n)} ({n})"
            for i, n in enumerate(lives)
            if isinstance(n, int)
        ]
        return " · ".join(bits) or _value(lives)
    if isinstance(lives, int):
        return f"{'♥' * lives} ({lives})"
    return _value(lives)


def _objective(o: Any) -> str:
    if isinstance(o, dict) and "text" in o:
        return (
            ("✓ " if o.get("done") else "")
            + str(o.get("text", ""))
            + (f" ({o['progress']})" if o.get("progress") else "")
        )
    return _value(o)


def _setup(view: dict[str, Any]) -> list[tuple[str, list[Chip]]]:
    cards = content()
    shown = view.get("paupers_shown") or []
    if not shown or view.get("phase") in ("play", "over"):
        return []
    taken = {p.get("pauper") for p in view.get("players") or []}
    paupers = []
    for x in shown:
        if x in cards.paupers:
            pauper = cards.paupers[x]
            text = (
                f"{pauper.trade} from {cards.regions[pauper.city].name}; "
                f"{pauper.equipment.name}: {abilities_text(pauper.equipment.abilities)}"
                + (" (taken)" if x in taken else "")
            )
            paupers.append(Chip(pauper.name, text))
    out = [("Paupers", paupers)]
    birds = [
        Chip(_cap(b), "trained: " + abilities_text(cards.birds[b].trained))
        for b in view.get("birds_shown") or []
        if b in cards.birds
    ]
    if birds:
        out.append(("Birds", birds))
    return out


# ------------------------------------------------------------------ the page
def render(view: dict[str, Any], compact: bool = False) -> str:
    """The whole board for one seat's (or a spectator's) view; ``compact``: the head, the
    decision under way and the map only."""
    players = sorted(
        view.get("players") or [],
        key=lambda p: (p.get("seat") != view.get("seat"), p.get("seat", 0)),
    )
    markup = _template("board.html").render(
        css=_css(),
        compact=compact,
        head=_head(view),
        solo=_solo(view),
        now=_now(view),
        setup=_setup(view),
        map=map_of(view),
        legend=_legend(view),
        map_list=_map_list(view),
        quests=_quests(view),
        players=[_area(view, p) for p in players],
        players_title=(
            "Your Pauper and the other players" if view.get("seat") is not None else "The players"
        ),
        market=_market(view),
    )
    return _page(markup)
