"""The Fiery Siege (Solo Scenarios): dragons besiege your City; learn dragonfire by collecting
the 3 Virtue markers, find a way into your City, buy dragonsbane and defeat the 3 dragons. Side
objective: dragons' nests."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import Action, piles

from ..base import A, J
from ..content import CITIES
from ..decisions import Decision, decision
from ..hidden import keep_cards
from . import ScenarioRules

if TYPE_CHECKING:
    from ..content import Content
    from ..rules import PLState


def dragonsbane(C: Content) -> str:
    """The Rarity any dragon can be fought with (the data's ``dragon_weapon``)."""
    return "rar." + str(C.solo["scenarios"][FierySiege.id]["dragon_weapon"])


class FierySiege(ScenarioRules):
    id = "fiery-siege"

    def set_up(self, s: PLState, seat: int) -> None:
        d = s.data
        solo = d["solo"]
        C = s.C
        p = s.P(seat)
        home = solo["home"]
        data = C.solo["scenarios"][self.id]
        rec = s._take_from_deck("recipe", lambda c: C.recipe[c].id in ("dragonfire", "teleport"))
        solo["dragonfire"] = next(c for c in rec if C.recipe[c].id == "dragonfire")
        tele = next(c for c in rec if C.recipe[c].id == "teleport")
        back = [c for c in rec if C.recipe[c].id == "teleport" and c != tele]
        pile = d["decks"]["recipe"]
        cards = piles.cards(pile) + back
        s.rng.shuffle(cards)
        piles.set_cards(pile, [*cards, tele])
        s._put_rarity(home, dragonsbane(s.C))
        solo["siege"] = []
        for region in C.neighbours[home]:
            dk = C.regions[region].type
            dragon = s._take_from_deck(dk, lambda c: C.region_card[c].type == "dragon")
            d["tiles"][region].extend(dragon)
            solo["siege"] += dragon
            piles.shuffle_all(d["decks"][dk], s.rng)
        start = str(data["start_region"][home])
        p["position"] = p["bird_position"] = start
        solo["markers"] = [c for c in CITIES if c != home]
        solo["collected"] = []
        solo["nests"] = []
        s.log(f"Dragons besiege {home.capitalize()}; you set out from {C.regions[start].name}.")

    # ------------------------------------------------------------ special rules
    def forced_weapon(self, C: Content, solo: J, hz: str) -> str | None:
        return dragonsbane(C) if C.region_card[hz].type == "dragon" else None

    def may_enter(
        self, C: Content, solo: J, tiles: J, inventory: list[J], ch: str, region: str
    ) -> bool:
        if not any(c in solo["siege"] for c in tiles.get(region, ())):
            return True
        blade = dragonsbane(C)
        return ch == "pauper" and any(it["card"] == blade for it in inventory)

    def special_defeat(self, s: PLState, seat: int, ch: str, hz: str, region: str) -> bool:
        solo = s.data["solo"]
        if hz in solo["siege"]:
            solo["siege"].remove(hz)
        if hz in solo["nests"] and ch == "pauper":
            s.restore(seat, "pauper", s.max_lives(), "the dragon's nest")
        return False

    def drawn(self, s: PLState, seat: int, cid: str, region: str) -> None:
        if s.C.region_card[cid].type == "dragon":
            dragon_nest(s, seat, cid, region)

    # ------------------------------------------------------------ objectives
    def progress(self, s: PLState) -> None:
        solo = s.data["solo"]
        p = s.P(0)
        here = p["position"]
        if here in solo["markers"]:
            solo["markers"].remove(here)
            solo["collected"].append(here)
            s.log(f"You take the Virtue marker in {here.capitalize()}.")
            if len(solo["collected"]) == 3 and not solo.get("dragonfire_learned"):
                solo["dragonfire_learned"] = True
                s.log("The dragon lore is complete.")
                limit = int(s.C.numbers["recipe_limit"]["value"])
                if len(p["recipes"]) < limit:
                    learn_dragonfire(s, 0)
                else:  # a full Recipe Book: the player gives one up (ruling 47)
                    cands = [r["recipe"] for r in p["recipes"] if not r["learned"]] or [
                        r["recipe"] for r in p["recipes"]
                    ]
                    if len(cands) == 1:
                        drop_recipe(s, 0, cands[0])
                        learn_dragonfire(s, 0)
                    else:
                        s.push({"t": "make-room", "seat": 0, "cands": cands})
        if solo.get("dragonfire_learned") and not solo.get("inside_home") and here == solo["home"]:
            solo["inside_home"] = True
            s.log(f"You are inside {here.capitalize()}!")
        blade = dragonsbane(s.C)
        if (
            solo.get("inside_home")
            and not solo.get("dragonsbane_bought")
            and any(it["card"] == blade for it in p["inventory"])
        ):
            solo["dragonsbane_bought"] = True

    def achieved(self, s: PLState) -> list[bool]:
        solo = s.data["solo"]
        return [
            bool(solo.get("dragonfire_learned")),
            bool(solo.get("inside_home")),
            bool(solo.get("dragonsbane_bought")),
            bool(solo.get("dragonsbane_bought")) and not solo.get("siege"),
        ]

    def objectives(self, s: PLState) -> list[dict[str, Any]]:
        solo = s.data["solo"]
        got = len(solo.get("collected", []))
        lore, inside, bought, dragons = self.achieved(s)
        return [
            {
                "text": "Learn dragonfire (collect the 3 Virtue markers)",
                "progress": f"{got}/3",
                "done": lore,
            },
            {
                "text": f"Find a way into {str(solo.get('home', '')).capitalize()}",
                "progress": "inside" if inside else "not yet",
                "done": inside,
            },
            {
                "text": f"Buy {s.cname(dragonsbane(s.C))}",
                "progress": "bought" if bought else "not yet",
                "done": bought,
            },
            {
                "text": "Defeat the 3 dragons around your City",
                "progress": f"{3 - len(solo.get('siege', []))}/3",
                "done": dragons,
            },
        ]

    def side_objective(self, s: PLState) -> dict[str, Any] | None:
        return {
            "text": "Dragon nests: a drawn dragon gives 1 Equipment; beating it restores Lives",
            "progress": f"{len(s.data['solo'].get('nests', []))} found",
            "done": False,
        }


def learn_dragonfire(s: PLState, seat: int) -> None:
    rid = s.data["solo"]["dragonfire"]
    s.P(seat)["recipes"].append(
        {"recipe": rid, "ingredients": [], "learned": False, "learned_at": 0}
    )
    s.log("Dragonfire is learned.")
    s.learn_recipe(seat, rid)


def drop_recipe(s: PLState, seat: int, rid: str) -> None:
    p = s.P(seat)
    r = next(x for x in p["recipes"] if x["recipe"] == rid)
    p["recipes"].remove(r)
    for c in r["ingredients"]:
        s.discard_region_card(c)
    s.discard_to("recipe", [rid])
    s.log(f"{s.pname(seat)} gives up the {s.cname(rid)} Recipe to make room.")


def dragon_nest(s: PLState, seat: int, cid: str, region: str) -> None:
    """Side objective: a dragon drawn from a Region deck nests; collect 1 Equipment from the
    nearest City Shop (counted in Regions crossed)."""
    s.data["solo"]["nests"].append(cid)
    dist = {region: 0}
    frontier = [region]
    while frontier:
        nxt = []
        for r in frontier:
            for nb in s.C.neighbours[r]:
                if nb not in dist:
                    dist[nb] = dist[r] + 1
                    nxt.append(nb)
        frontier = nxt
    near = min(dist.get(c, 99) for c in CITIES)
    cities = [c for c in CITIES if dist.get(c, 99) == near]
    if len(cities) == 1:
        nest_shop(s, seat, cities[0])
    else:  # equally near Cities: the player chooses the Shop
        both = " and ".join(c.capitalize() for c in cities)
        s.log(f"A dragon's nest! {both} are equally near: the player chooses the Shop.")
        s.push({"t": "nest", "seat": seat, "cities": cities})


def nest_shop(s: PLState, seat: int, city: str) -> None:
    frame = {"t": "keep", "seat": seat, "src": "shops", "cities": [city], "private": True}
    s.log(f"A dragon's nest! Collect 1 Equipment from the Shop in {city.capitalize()}.")
    if keep_cards(s, frame):  # the Shop's cards are face down: only this player looks at them
        s._peek_shop(seat, city)
        s.push(frame)


@decision
class Nest(Decision):
    """A dragon's nest with equally near Cities: choose the Shop to collect from."""

    kind = "nest"
    actions = ("nest",)

    def text(self, s: PLState, f: J) -> str:
        return "A dragon's nest: choose which of the nearest City Shops you collect from."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("nest", city=c) for c in f["cities"]]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return f"Collect 1 Equipment from the Shop in {str(a['city']).capitalize()} (dragon's nest)"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        nest_shop(s, seat, a["city"])


@decision
class MakeRoom(Decision):
    """Dragonfire and a full Recipe Book (ruling 47): give up a Recipe first."""

    kind = "make-room"
    actions = ("drop-recipe",)

    def text(self, s: PLState, f: J) -> str:
        return "Your Recipe Book is full: give up a Recipe to learn dragonfire."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("drop-recipe", recipe=c) for c in f["cands"]]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        rid = a["recipe"]
        learning = any(r["recipe"] == rid and not r["learned"] for r in s.P(seat or 0)["recipes"])
        state = " In Learning" if learning else " (learned)"
        return f"Give up the {s.cname(rid)} Recipe{state} to make room for dragonfire"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        drop_recipe(s, seat, a["recipe"])
        learn_dragonfire(s, seat)
