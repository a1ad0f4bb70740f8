"""The compact scenario builder behind ``PaupersLadder.build_state``.

A spec names cards by their content ids (``"pest"``, ``"fatestone"``, ``"storm"``) and the builder
takes real card instances out of the shuffled decks, so every card stays accounted for::

    {"players": 2,                       # optional, defaults to the game's
     "seats": [{"pauper": "ginny", "bird": "magpie", "trained": False, "gems": 5,
                "position": "beach-2", "bird_position": "swamp-1",
                "outcome": [5, "1:cheery-dwarf"],          # top of the Outcome deck first
                "recipes": ["storm", {"recipe": "foresight", "ingredients": ["pearls"],
                                      "learned": True, "fresh": False}],
                "inventory": ["fatestone", {"item": "bang-bombs", "gems": 3}],
                "trophies": ["pest"], "journal": ["the-burial"], "virtues": []}],
     "tiles": {"forest-1": ["toadstools"]},   # face-up cards in Regions
     "decks": {"mine": ["skeleton"]},         # top of a Region/Equipment/Quest deck first
     "discards": {"beach": ["razor-fish"]},
     "exhausted": ["mine"],                  # these decks hold only their "decks" cards
     "quests": {"bluevale": "the-burial"},
     "shops": {"bluevale": ["fatestone"]},     # these cards, topped up to 5 from the deck
     "card_gems": {"old-shipwreck": 4},
     "turn": 0, "round": 1, "char": "pauper", "done": ["bird"],
     "charm": ["wink", 2],                     # the lucky charm's next results
     "time": 7}                                # solo: the Time token (seats may give "lives")
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.engine import chance, piles

from . import hidden
from .card_effects import PlaceGems
from .content import CITIES, WILD
from .schema import new_turn

if TYPE_CHECKING:
    from . import PaupersLadder
    from .rules import PLState


class ScenarioError(ValueError):
    """A scenario spec that names something unknown or impossible."""


def build(game: PaupersLadder, spec: Mapping[str, Any], seed: int = 0) -> PLState:
    C = game.content
    state = game.new_state(seed)
    d = state.data
    known = {
        "players",
        "seats",
        "tiles",
        "decks",
        "discards",
        "quests",
        "shops",
        "card_gems",
        "turn",
        "round",
        "char",
        "done",
        "charm",
        "tucked",
        "time",
        "exhausted",
    }
    bad = sorted(set(spec) - known)
    if bad:
        raise ScenarioError(f"unknown scenario keys {bad}; known: {sorted(known)}")

    # work on the face-down piles as lists; they are joined back at the end (see piles.py)
    for pile in d["decks"].values():
        pile["draw"] = piles.cards(pile)

    def region_card(entry: str, deck: str | None = None) -> str:
        decks = [deck, *[w for w in WILD if w != deck]] if deck else list(WILD)
        for dk in decks:
            for cid in d["decks"][dk]["draw"]:
                if cid.split(".")[1] == entry:
                    d["decks"][dk]["draw"].remove(cid)
                    return str(cid)
        raise ScenarioError(f"no Region card {entry!r} left in {decks}")

    def item(entry: str) -> str:
        for dk in ("equipment", "rarity"):
            for cid in d["decks"][dk]["draw"]:
                if cid.split(".")[1] == entry:
                    d["decks"][dk]["draw"].remove(cid)
                    return str(cid)
        for city in CITIES:
            for cid in hidden.shop(state, city):
                if cid.split(".")[1] == entry:
                    hidden.take_from_shop(state, city, cid)
                    return str(cid)
        raise ScenarioError(f"no Equipment or Rarity {entry!r} left")

    def quest(entry: str) -> str:
        for cid in d["decks"]["quest"]["draw"]:
            if cid.split(".")[1] == entry:
                d["decks"]["quest"]["draw"].remove(cid)
                return str(cid)
        raise ScenarioError(f"no Quest {entry!r} left")

    def recipe(entry: str) -> str:
        for cid in d["decks"]["recipe"]["draw"]:
            if cid.split(".")[1] == entry:
                d["decks"]["recipe"]["draw"].remove(cid)
                return str(cid)
        raise ScenarioError(f"no Recipe {entry!r} left")

    def any_card(entry: str) -> str:
        if entry in C.equipment or entry in C.rarities:
            return item(entry)
        return region_card(entry)

    # quests back into the deck so any can be named
    for city in CITIES:
        d["decks"]["quest"]["draw"].append(d["quests"][city])
    for city, entry in (spec.get("quests") or {}).items():
        if city not in CITIES:
            raise ScenarioError(f"unknown City {city!r}")
        d["quests"][city] = quest(entry)
    for city in CITIES:
        if city not in (spec.get("quests") or {}):
            d["quests"][city] = d["decks"]["quest"]["draw"].pop()

    seats = list(spec.get("seats") or [{} for _ in range(game.num_players)])
    if len(seats) != game.num_players:
        raise ScenarioError(f"{len(seats)} seats given for a {game.num_players}-player game")
    side = "2" if game.num_players == 2 else "3-4"
    defaults = [p.id for p in C.paupers.values() if p.side == side]
    free_birds = list(C.birds)
    for s, ss in enumerate(seats):
        p = d["players"][s]
        pid = ss.get("pauper", defaults[s])
        if pid not in C.paupers:
            raise ScenarioError(f"seat {s}: unknown Pauper {pid!r}")
        pa = C.paupers[pid]
        p["pauper"] = pid
        p["bird"] = ss.get("bird", free_birds[s])
        if p["bird"] not in C.birds:
            raise ScenarioError(f"seat {s}: unknown Bird {p['bird']!r}")
        p["trained"] = bool(ss.get("trained", False))
        p["gems"] = int(ss.get("gems", C.numbers["starting_gems"]["value"]))
        for key in ("position", "bird_position"):
            r = ss.get(key, pa.city)
            if r not in C.regions:
                raise ScenarioError(f"seat {s}: unknown Region {r!r} for {key}")
            p[key] = r
        for e in pa.equipment.abilities:
            if e["effect"] == "boost" and e.get("charges"):
                p["charges"] = int(ss.get("charges", e["charges"]))
        cards = list(C.outcome_lists[pa.colour])
        state.rng.shuffle(cards)
        top: list[str] = []
        for want in ss.get("outcome", []):
            num, _, ally = str(want).partition(":")
            match = sorted(
                (
                    c
                    for c in cards
                    if C.outcome[c].number == int(num) and (not ally or C.outcome[c].ally == ally)
                ),
                key=lambda c: (C.outcome[c].ally is not None, c),
            )
            if not match:
                raise ScenarioError(f"seat {s}: no Outcome card {want!r} left in {pa.colour}")
            cards.remove(match[0])
            top.append(match[0])
        p["outcome_deck"] = piles.new_pile(
            cards + list(reversed(top)), compact=True, compact_discards=True
        )
        p["turns"] = 1
        for r in ss.get("recipes", []):
            r = {"recipe": r} if isinstance(r, str) else dict(r)
            rid = recipe(r["recipe"])
            ing = [region_card(i) for i in r.get("ingredients", [])]
            learned = bool(r.get("learned", False))
            p["recipes"].append(
                {
                    "recipe": rid,
                    "ingredients": ing,
                    "learned": learned,
                    "learned_at": 1 if r.get("fresh") else 0,
                }
            )
        for it in ss.get("inventory", []):
            it = {"item": it} if isinstance(it, str) else dict(it)
            cid = item(it["item"])
            p["inventory"].append(
                {"card": cid, "uses": int(it.get("used", 0)), "gems": int(it.get("gems", 0))}
            )
            if "gems" not in it:
                for eff in C.item[cid].acquire_effects:
                    if isinstance(eff, PlaceGems):
                        p["inventory"][-1]["gems"] = eff.n
        p["trophies"] = [region_card(t) for t in ss.get("trophies", [])]
        p["journal"] = [quest(q) for q in ss.get("journal", [])]
        p["virtues"] = list(ss.get("virtues", []))
        if "lives" in ss:
            if "lives" not in p:
                raise ScenarioError(f"seat {s}: Lives exist only in Survival Mode and solo")
            p["lives"].update({k: int(v) for k, v in dict(ss["lives"]).items()})
    d["taken"] = [p["pauper"] for p in d["players"]]

    for region, cards in (spec.get("tiles") or {}).items():
        if region not in d["tiles"]:
            raise ScenarioError(f"unknown wild Region {region!r}")
        dk = C.regions[region].type
        d["tiles"][region] = [region_card(c, dk) for c in cards]
        if len(d["tiles"][region]) > C.regions[region].tiles:
            raise ScenarioError(f"{region}: more cards than tiles")
    for name, gems in (spec.get("card_gems") or {}).items():
        found = [c for r in d["tiles"].values() for c in r if c.split(".")[1] == name]
        if not found:
            raise ScenarioError(f"cardgems: no card {name!r} on the board")
        cid = str(found[0])
        d["card_gems"][cid] = int(gems)
    for name, items in (spec.get("tucked") or {}).items():
        found = [c for r in d["tiles"].values() for c in r if c.split(".")[1] == name]
        if not found:
            raise ScenarioError(f"tucked: no card {name!r} on the board")
        cid = str(found[0])
        d["tucked"][cid] = [item(i) for i in items]
    for dk, cards in (spec.get("discards") or {}).items():
        d["decks"][dk]["discard"] += [region_card(c, dk) if dk in WILD else item(c) for c in cards]
    for dk, cards in (spec.get("decks") or {}).items():
        if dk not in d["decks"]:
            raise ScenarioError(f"unknown deck {dk!r}")
        if dk in WILD:
            ids = [region_card(c, dk) for c in cards]
        elif dk == "quest":
            ids = [quest(c) for c in cards]
        else:
            ids = [item(c) for c in cards]
        d["decks"][dk]["draw"] += list(reversed(ids))
    for dk in spec.get("exhausted") or ():
        if dk not in d["decks"]:
            raise ScenarioError(f"exhausted: unknown deck {dk!r}")
        keep = len((spec.get("decks") or {}).get(dk, ()))
        pile = d["decks"][dk]
        cut = len(pile["draw"]) - keep
        pile["removed"] += pile["draw"][:cut]  # out of play: the deck has been drawn down
        pile["draw"] = pile["draw"][cut:]
    for city, cards in (spec.get("shops") or {}).items():
        for c in hidden.shop(state, city):
            d["decks"][hidden.pool_of(c)]["draw"].insert(0, c)
            hidden.take_from_shop(state, city, c)
        for c in cards:
            hidden.add_to_shop(state, city, any_card(c), known=0)

    for pile in d["decks"].values():
        pile["draw"] = " ".join(pile["draw"])
    for city in CITIES:
        state._restock(city)
    # the Dispensary from the Recipes left
    if d["mode"] != "solo":  # solo keeps the Recipe deck: its top 4 are the Dispensary
        rest = piles.cards(d["decks"]["recipe"])
        d["decks"]["recipe"]["draw"] = ""
        hidden.create_dispensary(d, len(d["players"]), [rest[i::4] for i in range(4)])
    d["phase"] = "play"
    d["order"] = []
    d["round"] = int(spec.get("round", 1))
    turn = int(spec.get("turn", 0))
    d["turn"] = turn
    d["turn_state"] = new_turn(spec.get("done", []))
    ch = spec.get("char")
    if ch is not None:
        if ch not in ("pauper", "bird"):
            raise ScenarioError(f"char must be 'pauper' or 'bird', not {ch!r}")
        d["turn_state"]["char"] = ch
        d["turn_state"]["visited"] = [state.char_pos(turn, ch)]
    if "time" in spec:
        if "solo" not in d:
            raise ScenarioError("the Time track exists only in solo")
        d["solo"]["time"] = int(spec["time"])
        d["solo"]["home"] = C.paupers[d["players"][0]["pauper"]].city
    for x in spec.get("charm", []):
        # the engine's open chance: the next lucky charm rolls show these faces or numbers
        try:
            chance.face_matching(C.lucky_charm, x)
        except ValueError:
            raise ScenarioError(f"the lucky charm has no face or number {x!r}") from None
        chance.force(state, C.lucky_charm.name, x)
    state.log("Scenario set up.")
    return state
