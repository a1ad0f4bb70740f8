"""The Fiery Siege (Solo Scenarios): dragons besiege your City; learn dragonfire by collecting
the 3 Virtue markers, find a way into your City, buy dragonsbane and defeat the 3 dragons. Side
objective: dragons' nests."""

from __future__ import annotations

from typing import Any

from tabletop.engine import piles

from ...content import CITIES, Content
from ...hidden import keep_cards, peek_shop
from ...state import PLState
from .. import decks, recipes, solo, survival
from . import ScenarioRules, scenario


def dragonsbane(content: Content) -> str:
    """The Rarity any dragon can be fought with (the data's ``dragon_weapon``)."""
    return "rar." + str(content.solo["scenarios"][FierySiege.id]["dragon_weapon"])


class FierySiege(ScenarioRules):
    id = "fiery-siege"

    def set_up(self, state: PLState, seat: int) -> None:
        data = state.data
        record = data["solo"]
        content = state.content
        player = state.player(seat)
        home = record["home"]
        scenario = content.solo["scenarios"][self.id]
        named = decks.take_from_deck(
            state, "recipe", lambda c: content.recipe[c].id in ("dragonfire", "teleport")
        )
        record["dragonfire"] = next(c for c in named if content.recipe[c].id == "dragonfire")
        teleport = next(c for c in named if content.recipe[c].id == "teleport")
        back = [c for c in named if content.recipe[c].id == "teleport" and c != teleport]
        pile = data["decks"]["recipe"]
        cards = piles.cards(pile) + back
        state.rng.shuffle(cards)
        piles.set_cards(pile, [*cards, teleport])
        solo.put_rarity(state, home, dragonsbane(content))
        record["siege"] = []
        for region in content.neighbours[home]:
            deck = content.regions[region].type
            dragon = decks.take_from_deck(
                state, deck, lambda c: content.region_card[c].type == "dragon"
            )
            data["tiles"][region].extend(dragon)
            record["siege"] += dragon
            piles.shuffle_all(data["decks"][deck], state.rng)
        start = str(scenario["start_region"][home])
        player["position"] = player["bird_position"] = start
        record["markers"] = [c for c in CITIES if c != home]
        record["collected"] = []
        record["nests"] = []
        state.log(
            f"Dragons besiege {home.capitalize()}; you set out from {content.regions[start].name}."
        )

    # ------------------------------------------------------------ special rules
    def forced_weapon(self, content: Content, solo: dict[str, Any], hazard: str) -> str | None:
        return dragonsbane(content) if content.region_card[hazard].type == "dragon" else None

    def may_enter(
        self,
        content: Content,
        solo: dict[str, Any],
        tiles: dict[str, Any],
        inventory: list[Any],
        char: str,
        region: str,
    ) -> bool:
        if not any(c in solo["siege"] for c in tiles.get(region, ())):
            return True
        blade = dragonsbane(content)
        return char == "pauper" and any(it["card"] == blade for it in inventory)

    def special_defeat(
        self, state: PLState, seat: int, char: str, hazard: str, region: str
    ) -> bool:
        record = state.data["solo"]
        if hazard in record["siege"]:
            record["siege"].remove(hazard)
        if hazard in record["nests"] and char == "pauper":
            survival.restore(state, seat, "pauper", survival.max_lives(state), "the dragon's nest")
        return False

    def drawn(self, state: PLState, seat: int, cid: str, region: str) -> None:
        if state.content.region_card[cid].type == "dragon":
            dragon_nest(state, seat, cid, region)

    # ------------------------------------------------------------ objectives
    def progress(self, state: PLState) -> None:
        record = state.data["solo"]
        here = state.player(0)["position"]
        if here in record["markers"]:
            record["markers"].remove(here)
            record["collected"].append(here)
            state.log(f"You take the Virtue marker in {here.capitalize()}.")
            if len(record["collected"]) == 3 and not record.get("dragonfire_learned"):
                record["dragonfire_learned"] = True
                state.log("The dragon lore is complete.")
                _dragon_lore(state)
        if (
            record.get("dragonfire_learned")
            and not record.get("inside_home")
            and here == record["home"]
        ):
            record["inside_home"] = True
            state.log(f"You are inside {here.capitalize()}!")
        blade = dragonsbane(state.content)
        if (
            record.get("inside_home")
            and not record.get("dragonsbane_bought")
            and any(it["card"] == blade for it in state.player(0)["inventory"])
        ):
            record["dragonsbane_bought"] = True

    def achieved(self, state: PLState) -> list[bool]:
        record = state.data["solo"]
        return [
            bool(record.get("dragonfire_learned")),
            bool(record.get("inside_home")),
            bool(record.get("dragonsbane_bought")),
            bool(record.get("dragonsbane_bought")) and not record.get("siege"),
        ]

    def objectives(self, state: PLState) -> list[dict[str, Any]]:
        record = state.data["solo"]
        got = len(record.get("collected", []))
        lore, inside, bought, dragons = self.achieved(state)
        home = str(record.get("home", "")).capitalize()
        blade = state.card_name(dragonsbane(state.content))
        return [
            {
                "text": "Learn dragonfire (collect the 3 Virtue markers)",
                "progress": f"{got}/3",
                "done": lore,
            },
            {
                "text": f"Find a way into {home}",
                "progress": "inside" if inside else "not yet",
                "done": inside,
            },
            {"text": f"Buy {blade}", "progress": "bought" if bought else "not yet", "done": bought},
            {
                "text": "Defeat the 3 dragons around your City",
                "progress": f"{3 - len(record.get('siege', []))}/3",
                "done": dragons,
            },
        ]

    def side_objective(self, state: PLState) -> dict[str, Any] | None:
        return {
            "text": "Dragon nests: a drawn dragon gives 1 Equipment; beating it restores Lives",
            "progress": f"{len(state.data['solo'].get('nests', []))} found",
            "done": False,
        }


scenario(FierySiege)


def _dragon_lore(state: PLState) -> None:
    """Dragonfire is learned; with a full Recipe Book the player gives one up (ruling 47)."""
    player = state.player(0)
    if len(player["recipes"]) < state.content.number["recipe_limit"]:
        learn_dragonfire(state, 0)
        return
    candidates = [r["recipe"] for r in player["recipes"] if not r["learned"]] or [
        r["recipe"] for r in player["recipes"]
    ]
    if len(candidates) == 1:
        drop_recipe(state, 0, candidates[0])
        learn_dragonfire(state, 0)
    else:
        state.push({"kind": "make-room", "seat": 0, "candidates": candidates})


def learn_dragonfire(state: PLState, seat: int) -> None:
    rid = state.data["solo"]["dragonfire"]
    state.player(seat)["recipes"].append(
        {"recipe": rid, "ingredients": [], "learned": False, "learned_at": 0}
    )
    state.log("Dragonfire is learned.")
    recipes.learn_recipe(state, seat, rid)


def drop_recipe(state: PLState, seat: int, rid: str) -> None:
    player = state.player(seat)
    record = next(x for x in player["recipes"] if x["recipe"] == rid)
    player["recipes"].remove(record)
    for c in record["ingredients"]:
        decks.discard_region_card(state, c)
    decks.discard_to(state, "recipe", [rid])
    state.log(f"{state.seat_name(seat)} gives up the {state.card_name(rid)} Recipe to make room.")


def dragon_nest(state: PLState, seat: int, cid: str, region: str) -> None:
    """Side objective: a dragon drawn from a Region deck nests; collect 1 Equipment from the
    nearest City Shop (counted in Regions crossed)."""
    state.data["solo"]["nests"].append(cid)
    distance = {region: 0}
    frontier = [region]
    while frontier:
        further = []
        for r in frontier:
            for nb in state.content.neighbours[r]:
                if nb not in distance:
                    distance[nb] = distance[r] + 1
                    further.append(nb)
        frontier = further
    near = min(distance.get(c, 99) for c in CITIES)
    nearest = [c for c in CITIES if distance.get(c, 99) == near]
    if len(nearest) == 1:
        nest_shop(state, seat, nearest[0])
    else:  # equally near Cities: the player chooses the Shop
        both = " and ".join(c.capitalize() for c in nearest)
        state.log(f"A dragon's nest! {both} are equally near: the player chooses the Shop.")
        state.push({"kind": "nest", "seat": seat, "cities": nearest})


def nest_shop(state: PLState, seat: int, city: str) -> None:
    frame = {"kind": "keep", "seat": seat, "source": "shops", "cities": [city], "private": True}
    state.log(f"A dragon's nest! Collect 1 Equipment from the Shop in {city.capitalize()}.")
    if keep_cards(state, frame):  # the Shop's cards are face down: only this player looks at them
        peek_shop(state, seat, city)
        state.push(frame)


def make_room_words(state: PLState, seat: int, rid: str) -> str:
    learning = any(r["recipe"] == rid and not r["learned"] for r in state.player(seat)["recipes"])
    which = " In Learning" if learning else " (learned)"
    return f"Give up the {state.card_name(rid)} Recipe{which} to make room for dragonfire"
