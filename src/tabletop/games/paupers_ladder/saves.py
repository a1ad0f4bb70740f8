"""Games saved by older versions of Paupers' Ladder, upgraded to today's layout of the state's data
(the game's ``upgrade_data``): the short keys spelt out, the hidden cards moved into knowledge
zones, the effect queue's names in kebab-case."""

from __future__ import annotations

from typing import Any

from tabletop.engine import piles
from tabletop.engine.knowledge import Zones, bit

from .content import CITIES, WILD
from .hidden import EQUIPMENT, SHOP, create_dispensary, lay_facedown, top_zone

# The short keys of games saved before the state spelt its keys out, and their names now. Each old
# key named one thing wherever it stood (``hz`` the hazard of a fight, of a reward frame or of a
# queued step), so a saved game is upgraded by renaming every mapping key found in this table.
RENAMED: dict[str, str] = {
    # a player
    "pos": "position",
    "bpos": "bird_position",
    "out": "outcome_deck",
    "outk": "outcome_known",
    "rk": "region_known",
    "rec": "recipes",
    "inv": "inventory",
    "troph": "trophies",
    "pick": "draft_pick",
    "miss": "misses_turn",
    # an Inventory card
    "c": "card",
    "u": "uses",
    "g": "gems",
    # a Recipe Book entry
    "r": "recipe",
    "ing": "ingredients",
    "at": "learned_at",
    # a fight (and the last fight)
    "hz": "hazard",
    "str": "strength",
    "hs": "hazard_strength",
    "hcards": "hazard_cards",
    # the game
    "shopk": "shop_known",
    "q": "effect_queue",
    "ctx": "effect_context",
    "ts": "turn_state",
    "cardgems": "card_gems",
    # solo scenarios' own pieces
    "city_hz": "city_hazards",
    "necro": "necromancer",
    "necro_out": "necromancer_deck",
    "necro_lives": "necromancer_lives",
    "necro_dead": "necromancer_defeated",
    "o1": "dragonfire_learned",
    "o2": "inside_home",
    "o3": "dragonsbane_bought",
}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """The data of a saved game in today's layout. A game saved with the short keys (it has
    ``ts``, which every game had from its first step) gets every key renamed by
    :data:`RENAMED`: only mapping keys change, values (card ids, a pick frame's ``zone``) and the
    keys of mappings keyed by data (Regions, decks, cards) stay, since none of those is a short
    key. A game saved before the Shops and the drawn cards were knowledge zones gets its zones
    (:func:`_into_zones`), one saved before the Dispensary and the solo face-down cards were
    zones gets those and loses the unused hidden Birds (:func:`_facedown_into_zones`); one saved
    before the round of each Virtue was kept gets an empty record of them; one saved while effect
    names were snake_case gets today's names in its effect queue (:func:`_kebab_case`); one saved
    before the open decisions' frames spelt out their keys (``t``, ``src``, ``cands``, ``disc``,
    a pick's zone ``troph``) gets them spelt out (:func:`_frames_spelt_out`). Anything else is
    returned as it is."""
    if "ts" in data:
        data = renamed_keys(data)
        assert isinstance(data, dict)
    if "shops" in data:
        _into_zones(data)
    if any("region_known" in p for p in data["players"]):
        _tops_into_zones(data)
    if "dispensary" in data:
        _facedown_into_zones(data)
    for p in data["players"]:
        p.setdefault("virtue_rounds", {})  # saved before the rounds were kept: not known
    _kebab_case(data)
    _frames_spelt_out(data)
    return data


# the short keys of an open decision's frame (on ``data["stack"]``) and the short names of the
# zones a pick frame takes from, in games saved before they were spelt out
FRAME_KEYS = {"t": "kind", "src": "source", "cands": "candidates", "disc": "discount"}
PICK_ZONES = {"troph": "trophies", "inv": "inventory", "ing": "ingredients", "rec": "recipes"}


def _frames_spelt_out(data: dict[str, Any]) -> None:
    """The open decisions' frames with today's keys (``kind``, ``source``, ``candidates``,
    ``discount``) and a pick frame's zone by its full name, in place; a frame already spelt out
    is left as it is."""
    for i, frame in enumerate(data["stack"]):
        if "t" in frame:
            frame = data["stack"][i] = {FRAME_KEYS.get(k, k): v for k, v in frame.items()}
        if frame["kind"] == "pick":
            frame["zone"] = PICK_ZONES.get(frame["zone"], frame["zone"])


def _facedown_into_zones(data: dict[str, Any]) -> None:
    """The Dispensary's stacks (``dispensary``) and the solo face-down cards
    (``solo["facedown"]``, by Region) into their zones (hidden.py); the Birds not shown
    (``birds_hidden``) leave the state: no rule draws them, so there is nothing to hide."""
    players = len(data["players"])
    stacks = data.pop("dispensary")
    if any(stacks):  # an empty Dispensary (before the draft ends, or solo) has no zones
        create_dispensary(data, players, stacks)
    data.pop("birds_hidden", None)  # no rule uses them: they went back to the box
    solo = data.get("solo")
    if solo and "facedown" in solo:
        lay_facedown(data, players, solo.pop("facedown"))


def _into_zones(data: dict[str, Any]) -> None:
    """The Shops' cards and who has seen each (``shops``, ``shop_known``), and the cards an open
    "draw 2, keep 1" or "keep 1 from the Shops" choice held in its frame, into the zones
    hidden.py keeps them in."""
    players = len(data["players"])
    z = Zones(data, players)
    shops, known = data.pop("shops"), data.pop("shop_known")
    for city in CITIES:
        z.create(f"shop:{city}", pool=SHOP)
        for card, mask in zip(shops[city], known[city], strict=True):
            z.put(f"shop:{city}", card, known=mask)
    for f in data["stack"]:
        if f["t"] == "keep" and f.get("src") == "drawn":
            seat = f["seat"]
            z.create(f"drawn:{seat}", pool=EQUIPMENT)
            for card in f.pop("cards"):
                z.put(f"drawn:{seat}", card, known=bit(seat), how="looked")
        elif f["t"] == "keep" and f.get("src") == "shops":
            cards = set(f.pop("cards"))
            f["cities"] = [city for city in CITIES if cards & set(shops[city])]


def _tops_into_zones(data: dict[str, Any]) -> None:
    """The top cards of a deck that seats knew (each player's ``region_known`` and
    ``outcome_known``, top first, and an open reorder's ``cards``) onto the deck as its known
    top zone (hidden.py): as many cards as anyone knew leave the pile for the zone."""
    players = data["players"]
    reorders = [f for f in data["stack"] if f["t"] == "reorder"]
    tops: list[tuple[str, int | None, dict[str, Any], dict[int, int]]] = []
    for dk in WILD:
        known = {s: len(p["region_known"].get(dk, [])) for s, p in enumerate(players)}
        tops.append((dk, None, data["decks"][dk], known))
    for s, p in enumerate(players):
        tops.append(("outcome", s, p["outcome_deck"], {s: len(p["outcome_known"])}))
    for f in reorders:
        for deck, owner, _pile, known in tops:
            if f["deck"] == deck and (deck != "outcome" or owner == f["seat"]):
                known[f["seat"]] = max(known.get(f["seat"], 0), len(f["cards"]))
        f["count"] = len(f.pop("cards"))
    z = Zones(data, len(players))
    for deck, owner, pile, known in tops:
        depth = min(max(known.values(), default=0), piles.size(pile))
        if not depth:
            continue
        name = top_zone(deck, owner)
        z.create(name, pool=deck if deck != "outcome" else f"outcome:{owner}")
        cards = piles.cards(pile)
        piles.set_cards(pile, cards[: len(cards) - depth])
        for i, card in enumerate(cards[len(cards) - depth :]):  # bottom of the known top first
            from_top = depth - i
            mask = sum(bit(s) for s, k in known.items() if k >= from_top)
            z.put(name, card, known=mask)
    for p in players:
        p.pop("region_known", None)
        p.pop("outcome_known", None)


def renamed_keys(value: Any) -> Any:
    """``value`` with every mapping key of :data:`RENAMED` renamed, at any depth (a saved
    state's data, or a view saved with the old names)."""
    if isinstance(value, dict):
        return {RENAMED.get(k, k): renamed_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed_keys(v) for v in value]
    return value


# The rules' own steps in the effect queue of a game saved while they were named with a leading
# underscore, and their names now (the card effects' names only changed their underscores).
STEPS_RENAMED = {
    "_draw_outcome": "draw-for-fight",
    "_bonuses": "add-bonuses",
    "_boost": "offer-boost",
    "_resolve": "resolve-fight",
    "_wild_defeat": "wild-defeat",
    "_encounter": "encounter-card",
    "_end_event": "end-event",
    "_city_item": "take-city-item",
    "_complete_quest": "complete-quest",
    "_disaster_end": "end-disaster",
}


def _kebab_case(data: dict[str, Any]) -> None:
    """The mappings waiting in the effect queue (and in an open Quest's ``then``) named as today:
    the rules' steps by :data:`STEPS_RENAMED`, card effects (an old save's copies, nested
    effects too) in kebab-case. Refs (strings) name a card's place, not an effect: they stay."""
    queue = data.get("effect_queue") or []
    data["effect_queue"] = [_renamed(e) for e in queue]
    for frame in data.get("stack") or []:
        if frame.get("then"):
            frame["then"] = [_renamed(e) for e in frame["then"]]


def _renamed(entry: Any) -> Any:
    if isinstance(entry, list):
        return [_renamed(e) for e in entry]
    if not isinstance(entry, dict):
        return entry
    out = {k: _renamed(v) for k, v in entry.items()}
    name = out.get("effect")
    if isinstance(name, str):
        out["effect"] = STEPS_RENAMED.get(name, name.replace("_", "-"))
    return out
