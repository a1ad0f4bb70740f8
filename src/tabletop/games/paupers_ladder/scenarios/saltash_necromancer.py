"""The Saltash Necromancer (Solo Scenarios): undead hold the Mines and the other Cities, the
necromancer hides face down in a Mine; buy the spirit blade, free the 3 Cities and destroy the
necromancer. Side objective: clear the path through the Swamps."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import Action, piles

from ..base import A, J
from ..content import CITIES
from ..decisions import Decision, decision
from ..hidden import lay_facedown, shop
from . import ScenarioRules

if TYPE_CHECKING:
    from ..content import Content
    from ..rules import PLState


def spirit_blade(C: Content) -> str:
    """The Rarity the necromancer can be fought with (the data's ``necromancer_weapon``)."""
    return "rar." + str(C.solo["scenarios"][SaltashNecromancer.id]["necromancer_weapon"])


class SaltashNecromancer(ScenarioRules):
    id = "saltash-necromancer"

    def set_up(self, s: PLState, seat: int) -> None:
        d = s.data
        solo = d["solo"]
        C = s.C
        home = solo["home"]
        s._put_rarity(str(C.solo["diagonal"][home]), spirit_blade(s.C))
        rc = C.region_card
        undead = s._take_from_deck("mine", lambda c: rc[c].type == "undead")
        hidden = s._take_from_deck(
            "mine", lambda c: rc[c].type == "trap" or rc[c].name == "necromancer"
        )
        solo["necromancer"] = next(c for c in hidden if rc[c].name == "necromancer")
        s.rng.shuffle(hidden)
        s.rng.shuffle(undead)
        mines = sorted(C.wild_regions["mine"])
        lay_facedown(d, len(d["players"]), {m: hidden[i] for i, m in enumerate(mines)})
        for i, m in enumerate(mines):
            d["tiles"][m] = undead[2 * i : 2 * i + 2]
        rest = undead[6:]
        solo["city_hazards"] = {c: rest.pop(0) for c in CITIES if c != home}
        piles.shuffle_all(d["decks"]["mine"], s.rng)
        colour = next(
            c for c in C.outcome_doc.colours if c != C.paupers[s.P(seat)["pauper"]].colour
        )
        solo["necromancer_deck"] = piles.new_pile(
            list(C.outcome_lists[colour]), s.rng, compact=True, compact_discards=True
        )
        solo["swamp_undead"] = 0
        s.log("Undead gather in the Mines and the Cities; the necromancer hides below.")

    def forced_weapon(self, C: Content, solo: J, hz: str) -> str | None:
        return spirit_blade(C) if hz == solo.get("necromancer") else None

    def special_defeat(self, s: PLState, seat: int, ch: str, hz: str, region: str) -> bool:
        solo = s.data["solo"]
        card = s.C.region_card[hz]
        if s._is_necromancer(hz):
            solo["necromancer_lives"] -= 1
            s.log(f"The necromancer is beaten and loses a Life ({solo['necromancer_lives']} left).")
            s._hook_hazard_defeated(seat, ch)
            if solo["necromancer_lives"] <= 0:
                s._remove_tile(region, hz)
                s.discard_region_card(hz)
                solo["necromancer_defeated"] = True
                s.log("The necromancer is destroyed!")
            return True
        if solo.get("city_hazards", {}).get(region) == hz:
            del solo["city_hazards"][region]
            s.discard_region_card(hz)
            s.log(f"The {card.name} in {region.capitalize()} is destroyed; the City rewards you.")
            s._hook_hazard_defeated(seat, ch)
            s._peek_shop(seat, region)  # the reward is chosen from the Shop: it is seen
            s.push({"t": "city-reward", "seat": seat, "city": region, "char": ch})
            return True
        if card.type == "undead" and s.rtype(region) == "swamp":
            solo["swamp_undead"] += 1
            data = s.C.solo["scenarios"][self.id]
            if solo["swamp_undead"] == int(data["side_swamp_undead"]):
                s.log("Side objective: the path through the Swamps is clear.")
                s.gain(seat, int(data["side_gems"]), "clearing the path")
        return False

    def achieved(self, s: PLState) -> list[bool]:
        solo = s.data["solo"]
        return [
            spirit_blade(s.C) in solo["bought"],
            3 - len(solo.get("city_hazards", {})) >= 3,
            bool(solo.get("necromancer_defeated")),
        ]

    def objectives(self, s: PLState) -> list[dict[str, Any]]:
        solo = s.data["solo"]
        cleared = 3 - len(solo.get("city_hazards", {}))
        lives = solo.get("necromancer_lives")
        blade = spirit_blade(s.C)
        bought, cities, necromancer = self.achieved(s)
        return [
            {
                "text": f"Buy the {s.cname(blade)}",
                "progress": "bought" if bought else "not yet",
                "done": bought,
            },
            {
                "text": "Defeat the undead in the 3 Cities",
                "progress": f"{cleared}/3",
                "done": cities,
            },
            {
                "text": "Find and defeat the necromancer",
                "progress": "destroyed"
                if necromancer
                else ("hidden" if lives is None else f"{lives} Lives left"),
                "done": necromancer,
            },
        ]

    def side_objective(self, s: PLState) -> dict[str, Any] | None:
        n = s.data["solo"].get("swamp_undead", 0)
        data = s.C.solo["scenarios"][self.id]
        need, gems = int(data["side_swamp_undead"]), int(data["side_gems"])
        return {
            "text": f"Clearing the path: defeat {need} undead in Swamps for {gems} Gems",
            "progress": f"{min(n, need)}/{need}",
            "done": n >= need,
        }


@decision
class CityReward(Decision):
    """If you defeat the undead in a City, the City rewards you: Gems, an Equipment card from
    its Shop, or Lives."""

    kind = "city-reward"
    actions = ("city-reward",)

    def text(self, s: PLState, f: J) -> str:
        return "city-reward"  # the prompt's text as it has always read (kept for replays)

    def legal(self, s: PLState, f: J) -> list[Action]:
        acts = [A("city-reward", take="gems")]
        acts += [
            A("city-reward", take="equipment", card=c)
            for c in shop(s, f["city"])
            if not c.startswith("rar.")
        ]
        if s.P(f["seat"])["lives"][f["char"]] < s.max_lives():
            acts.append(A("city-reward", take="lives"))
        return acts

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return s._city_reward_words(a["take"], a.get("card"))

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        sc = s.C.solo["scenarios"][SaltashNecromancer.id]
        take = a["take"]
        if take == "gems":
            s.gain(seat, int(sc["city_reward_gems"]), f"the reward of {f['city']}")
        elif take == "lives":
            s.restore(seat, f["char"], int(sc["city_reward_lives"]), "the City's reward")
        else:
            s.run([{"effect": "_city_item", "city": f["city"], "card": a["card"]}])
