"""The Saltash Necromancer (Solo Scenarios): undead hold the Mines and the other Cities, the
necromancer hides face down in a Mine; buy the spirit blade, free the 3 Cities and destroy the
necromancer. Side objective: clear the path through the Swamps."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action, piles
from tabletop.engine.actions import action_of

from ...content import CITIES, Content
from ...hidden import lay_facedown, peek_shop, shop
from ...state import Frame, PLState
from ...steps import TakeCityItem
from .. import decks, solo, survival
from . import ScenarioRules, scenario


def spirit_blade(content: Content) -> str:
    """The Rarity the necromancer can be fought with (the data's ``necromancer_weapon``)."""
    return "rar." + str(content.solo["scenarios"][SaltashNecromancer.id]["necromancer_weapon"])


class SaltashNecromancer(ScenarioRules):
    id = "saltash-necromancer"

    def set_up(self, state: PLState, seat: int) -> None:
        data = state.data
        record = data["solo"]
        content = state.content
        home = record["home"]
        solo.put_rarity(state, str(content.solo["diagonal"][home]), spirit_blade(content))
        cards = content.region_card
        undead = decks.take_from_deck(state, "mine", lambda c: cards[c].type == "undead")
        facedown = decks.take_from_deck(
            state, "mine", lambda c: cards[c].type == "trap" or cards[c].name == "necromancer"
        )
        record["necromancer"] = next(c for c in facedown if cards[c].name == "necromancer")
        state.rng.shuffle(facedown)
        state.rng.shuffle(undead)
        mines = sorted(content.wild_regions["mine"])
        lay_facedown(data, len(data["players"]), {m: facedown[i] for i, m in enumerate(mines)})
        for i, m in enumerate(mines):
            data["tiles"][m] = undead[2 * i : 2 * i + 2]
        rest = undead[6:]
        record["city_hazards"] = {c: rest.pop(0) for c in CITIES if c != home}
        piles.shuffle_all(data["decks"]["mine"], state.rng)
        colour = next(
            c
            for c in content.outcome_doc.colours
            if c != content.paupers[state.player(seat)["pauper"]].colour
        )
        record["necromancer_deck"] = piles.new_pile(
            list(content.outcome_lists[colour]), state.rng, compact=True, compact_discards=True
        )
        record["swamp_undead"] = 0
        state.log("Undead gather in the Mines and the Cities; the necromancer hides below.")

    def forced_weapon(self, content: Content, solo: dict[str, Any], hazard: str) -> str | None:
        return spirit_blade(content) if hazard == solo.get("necromancer") else None

    def special_defeat(
        self, state: PLState, seat: int, char: str, hazard: str, region: str
    ) -> bool:
        record = state.data["solo"]
        if solo.is_necromancer(state, hazard):
            record["necromancer_lives"] -= 1
            state.log(
                f"The necromancer is beaten and loses a Life ({record['necromancer_lives']} left)."
            )
            solo.earn_time_for(state, "hazard")
            if record["necromancer_lives"] <= 0:
                decks.remove_tile(state, region, hazard)
                decks.discard_region_card(state, hazard)
                record["necromancer_defeated"] = True
                state.log("The necromancer is destroyed!")
            return True
        if record.get("city_hazards", {}).get(region) == hazard:
            del record["city_hazards"][region]
            decks.discard_region_card(state, hazard)
            name = state.content.region_card[hazard].name
            state.log(f"The {name} in {region.capitalize()} is destroyed; the City rewards you.")
            solo.earn_time_for(state, "hazard")
            peek_shop(state, seat, region)  # the reward is chosen from the Shop: it is seen
            state.push({"kind": "city-reward", "seat": seat, "city": region, "char": char})
            return True
        if (
            state.content.region_card[hazard].type == "undead"
            and state.region_type(region) == "swamp"
        ):
            record["swamp_undead"] += 1
            data = state.content.solo["scenarios"][self.id]
            if record["swamp_undead"] == int(data["side_swamp_undead"]):
                state.log("Side objective: the path through the Swamps is clear.")
                state.gain(seat, int(data["side_gems"]), "clearing the path")
        return False

    def achieved(self, state: PLState) -> list[bool]:
        record = state.data["solo"]
        return [
            spirit_blade(state.content) in record["bought"],
            3 - len(record.get("city_hazards", {})) >= 3,
            bool(record.get("necromancer_defeated")),
        ]

    def objectives(self, state: PLState) -> list[dict[str, Any]]:
        record = state.data["solo"]
        cleared = 3 - len(record.get("city_hazards", {}))
        lives = record.get("necromancer_lives")
        bought, freed, destroyed = self.achieved(state)
        hunt = "destroyed" if destroyed else ("hidden" if lives is None else f"{lives} Lives left")
        return [
            {
                "text": f"Buy the {state.card_name(spirit_blade(state.content))}",
                "progress": "bought" if bought else "not yet",
                "done": bought,
            },
            {
                "text": "Defeat the undead in the 3 Cities",
                "progress": f"{cleared}/3",
                "done": freed,
            },
            {"text": "Find and defeat the necromancer", "progress": hunt, "done": destroyed},
        ]

    def side_objective(self, state: PLState) -> dict[str, Any] | None:
        n = state.data["solo"].get("swamp_undead", 0)
        data = state.content.solo["scenarios"][self.id]
        need, gems = int(data["side_swamp_undead"]), int(data["side_gems"])
        return {
            "text": f"Clearing the path: defeat {need} undead in Swamps for {gems} Gems",
            "progress": f"{min(n, need)}/{need}",
            "done": n >= need,
        }


scenario(SaltashNecromancer)


def city_rewards(state: PLState, frame: Frame) -> list[Action]:
    """If you defeat the undead in a City, the City rewards you: Gems, an Equipment card from
    its Shop, or Lives."""
    out = [action_of("city-reward", take="gems")]
    out += [
        action_of("city-reward", take="equipment", card=c)
        for c in shop(state, frame["city"])
        if not c.startswith("rar.")
    ]
    if state.player(frame["seat"])["lives"][frame["char"]] < survival.max_lives(state):
        out.append(action_of("city-reward", take="lives"))
    return out


def take_city_reward(state: PLState, seat: int, frame: Frame, take: str, card: str | None) -> None:
    data = state.content.solo["scenarios"][SaltashNecromancer.id]
    if take == "gems":
        state.gain(seat, int(data["city_reward_gems"]), f"the reward of {frame['city']}")
    elif take == "lives":
        survival.restore(
            state, seat, frame["char"], int(data["city_reward_lives"]), "the City's reward"
        )
    else:
        assert card is not None
        state.run([TakeCityItem(city=frame["city"], card=card)])


def city_reward_words(state: PLState, take: str, card: str | None) -> str:
    data = state.content.solo["scenarios"][SaltashNecromancer.id]
    if take == "gems":
        return f"The City's reward: {data['city_reward_gems']} Gems"
    if take == "lives":
        return f"The City's reward: {data['city_reward_lives']} Lives"
    return f"The City's reward: the {state.card_name(str(card))}"
