"""Playing Solo (the rulebook's section): the difficulty level (Lives, Time allowance, Pauper
side), the Time token (moved toward zero each turn, earned back by defeating hazards, Quests,
Recipes and Virtues, or bought for 3 Gems), removing Region cards for Time, hiding from hazards,
the City healer, solo Recipes, and winning or losing. Each scenario's own set-up, objectives and
special rules are in ``scenarios/``."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from mypy_extensions import trait

from tabletop.engine import Action, piles

from .base import A, J
from .content import Content, abilities_text
from .decisions import Decision, decision
from .hidden import facedown_in, reveal_facedown, shop, shop_of, swap_in_shop
from .scenarios import SCENARIO_RULES, ScenarioRules
from .schema import new_context

if TYPE_CHECKING:
    from .rules import PLState


@lru_cache(maxsize=4096)
def card_remove_cost(C: Content, cid: str) -> int | None:
    """Removing Region Cards: the Time a card costs to remove by its kind and strength (None:
    too strong to remove). The content alone decides it: worked out once per card."""
    card = C.region_card[cid]
    rc = C.solo["remove_cost"]
    if card.kind == "ingredient":
        return int(rc["ingredient"])
    if card.kind != "hazard":
        return int(rc["event"])
    if card.strength >= int(rc["never_from"]):
        return None
    if card.strength >= 6:
        return int(rc["hazard_high"])
    if card.strength >= 4:
        return int(rc["hazard_mid"])
    return int(rc["hazard_low"])


@trait
class Solo:
    """The rules every solo scenario shares, and the hooks through which a scenario acts."""

    __slots__ = ()

    def scenario(self: PLState) -> str | None:
        solo = self.data.get("solo")
        return str(solo["scenario"]) if solo else None

    def _mode_free_actions(self: PLState, seat: int) -> list[Action]:
        d = self.data
        ts = d["turn_state"]
        if d["phase"] != "play" or ts is None:
            return []
        p = self.P(seat)
        acts: list[Action] = []
        if d["mode"] == "survival":
            for key in self._potions(seat):
                if p["lives"]["pauper"] < self.max_lives():
                    acts.append(A("potion", item=key, char="pauper"))
                if p["bird_position"] == p["position"] and p["lives"]["bird"] < self.max_lives():
                    acts.append(A("potion", item=key, char="bird"))
            return acts
        solo = d["solo"]
        et = self.C.solo["earn_time"]
        if (
            not ts.get("time_bought")
            and p["gems"] >= int(et["gems_for_time"])
            and solo["time"] < solo["allowance"]
        ):
            acts.append(A("buy-time"))
        if not ts.get("removed"):
            occupied = (p["position"], p["bird_position"])
            tiles = d["tiles"]
            for region in sorted(r for r, cards in tiles.items() if cards and r not in occupied):
                for c in tiles[region]:
                    cost = self.remove_cost(c)
                    if cost is not None and cost <= solo["time"]:
                        acts.append(A("remove", card=c))
        return acts

    def remove_cost(self: PLState, cid: str) -> int | None:
        """Time spent to remove a face-up Region card (None: it cannot be removed)."""
        if self.protected(cid):
            return None
        return card_remove_cost(self.C, cid)

    def protected(self: PLState, cid: str) -> bool:
        """Scenario pieces: the necromancer and the dragons besieging the starting City."""
        solo = self.data.get("solo")
        if not solo:
            return False
        return cid == solo.get("necromancer") or cid in solo.get("siege", [])

    def _apply_mode_free(self: PLState, seat: int, a: Action) -> None:
        d = self.data
        ts = d["turn_state"]
        p = self.P(seat)
        if a.kind == "potion":
            key = a["item"]
            self.use(key)
            if key == "start":
                p["charges"] -= 1
            else:
                self.spend_item(seat, key)
            self.restore(seat, a["char"], 1, f"a potion ({self._key_name(seat, key)})")
            return
        solo = d["solo"]
        if a.kind == "buy-time":
            ts["time_bought"] = True
            p["gems"] -= int(self.C.solo["earn_time"]["gems_for_time"])
            self.log("You pay 3 Gems for more Time.")
            self.earn_time(1)
            return
        cid = a["card"]
        cost = int(self.remove_cost(cid) or 0)
        region = next(r for r, cs in d["tiles"].items() if cid in cs)
        ts["removed"] = True
        solo["time"] -= cost
        self._remove_tile(region, cid)
        self.discard_region_card(cid)
        self.log(
            f"You spend {cost} Time to remove the {self.cname(cid)} from "
            f"{self.C.regions[region].name} (Time {solo['time']})."
        )

    def earn_time(self: PLState, n: int) -> None:
        solo = self.data["solo"]
        before = solo["time"]
        solo["time"] = min(solo["allowance"], solo["time"] + n)
        if solo["time"] != before:
            self.log(f"Time moves {solo['time'] - before} away from zero: {solo['time']}.")

    def _forced_weapon(self: PLState, hz: str) -> str | None:
        rules = self.scenario_rules()
        return rules.forced_weapon(self.C, self.data["solo"], hz) if rules else None

    def scenario_rules(self: PLState) -> ScenarioRules | None:
        """The rules of the solo scenario being played (None outside solo)."""
        solo = self.data.get("solo")
        return SCENARIO_RULES[solo["scenario"]] if solo else None

    def _is_necromancer(self: PLState, hz: str) -> bool:
        solo = self.data.get("solo")
        return solo is not None and hz == solo.get("necromancer")

    def may_enter(self: PLState, seat: int, ch: str, region: str) -> bool:
        # asked for every neighbouring Region at every step of a move: the scenario looked up
        # here rather than through scenario_rules()
        solo = self.data.get("solo")
        if not solo:
            return True
        inventory = self.P(seat)["inventory"]
        return SCENARIO_RULES[solo["scenario"]].may_enter(
            self.C, solo, self.data["tiles"], inventory, ch, region
        )

    def _hazard_actions(self: PLState, seat: int, ch: str, hz: list[str]) -> list[Action]:
        acts: list[Action] = []
        for h in hz:
            if not self.can_fight(seat, ch, h):
                acts.append(A("withdraw", card=h))
                continue
            acts.append(A("fight", card=h))
            if self.data["mode"] == "solo" and self.C.region_card[h].type != "trap":
                acts.append(A("hide", card=h))
        return acts

    def _mode_explore_actions(self: PLState, seat: int, ch: str, here: str) -> list[Action] | None:
        solo = self.data.get("solo")
        if not solo:
            return None
        hz = solo.get("city_hazards", {}).get(here)
        if hz:  # a City held by an undead cannot be explored until it is defeated
            return self._hazard_actions(seat, ch, [hz])
        if facedown_in(self, here) and not self.hazards_in(here):
            return [A("reveal", region=here)]
        return None

    def _apply_mode_explore(self: PLState, seat: int, ch: str, here: str, a: Action) -> None:
        d = self.data
        if a.kind == "heal":
            d["turn_state"].setdefault("healed", []).append(ch)
            if self._vigour(seat, ch):
                self.log("Garolium's National Duty of Vigour: the City healer treats you free.")
            else:
                self.lose(seat, int(self.C.solo["healer_cost"]["value"]), "the City healer")
            self.restore(seat, ch, 1, "the City healer")
        elif a.kind == "withdraw":
            self.log(f"The {ch} cannot fight the {self.cname(a['card'])}; its turn ends.")
        elif a.kind == "hide":
            self._hide(seat, ch, a["card"], here)
        elif a.kind == "reveal":
            cid = reveal_facedown(self, here)
            self.log(f"The face-down card in {self.C.regions[here].name} is the {self.cname(cid)}!")
            if self._is_necromancer(cid):
                d["solo"]["necromancer_lives"] = int(
                    self.C.solo["scenarios"][d["solo"]["scenario"]]["necromancer_lives"]
                )
            d["tiles"][here].append(cid)
            self.encounter(seat, ch, cid, here)

    def _hide(self: PLState, seat: int, ch: str, hz: str, region: str) -> None:
        face = self.roll_charm()
        self.log(f"Your {ch} tries to hide: the lucky charm shows a {face['face']} face.")
        if face["face"] == "neutral":
            self.log("No hiding place: the fight goes on.")
            self.start_fight(seat, ch, hz, region)
        elif face["face"] == "wink":
            self.gain(seat, 1, "found while hiding")

    def _solo_recipe_choice(self: PLState, seat: int) -> None:
        deck = self.data["decks"]["recipe"]
        n = int(self.C.solo["recipe_choice"]["value"])
        cards = [c for c in (piles.draw(deck, self.rng) for _ in range(n)) if c]
        if cards:
            self.push({"t": "recipe-choice", "seat": seat, "cards": [str(c) for c in cards]})

    def first_shop_city(self: PLState, seat: int) -> str:
        solo = self.data.get("solo")
        city = self.C.paupers[self.P(seat)["pauper"]].city
        if solo and self.C.solo["scenarios"][solo["scenario"]].get("first_shop") == "diagonal":
            return str(self.C.solo["diagonal"][city])
        return city

    def _put_rarity(self: PLState, city: str, rid: str) -> None:
        """Put a Rarity face down in a City Shop; the one it displaces takes its old place."""
        d = self.data
        cards = shop(self, city)
        i = next(k for k, c in enumerate(cards) if c.startswith("rar."))
        old = cards[i]
        if old == rid:
            return
        other = shop_of(self, rid)
        if other is not None:
            swap_in_shop(self, other, shop(self, other).index(rid), old)
            swap_in_shop(self, city, i, rid)
            return
        pile = d["decks"]["rarity"]
        cards = piles.cards(pile)
        cards.remove(rid)
        cards.append(old)
        self.rng.shuffle(cards)
        piles.set_cards(pile, cards)
        swap_in_shop(self, city, i, rid)

    def _take_from_deck(self: PLState, dk: str, pred: Callable[[str], bool]) -> list[str]:
        pile = self.data["decks"][dk]
        out: list[str] = []
        rest: list[str] = []
        for c in piles.cards(pile):  # each card asked once (a scenario's set-up scans whole decks)
            (out if pred(c) else rest).append(c)
        piles.set_cards(pile, rest)
        return out

    def _solo_setup(self: PLState, seat: int) -> None:
        """Setting Up a Scenario: the scenario's Gems, then its own set-up."""
        solo = self.data["solo"]
        p = self.P(seat)
        solo["home"] = self.C.paupers[p["pauper"]].city
        p["gems"] = int(self.C.solo["scenarios"][solo["scenario"]]["gems"])
        SCENARIO_RULES[solo["scenario"]].set_up(self, seat)

    def _setup_card(self: PLState, dk: str, region: str) -> None:
        d = self.data
        self._forget_deck(dk)
        pile = d["decks"][dk]
        while True:
            cid = str(piles.draw(pile, self.rng))
            if self.C.region_card[cid].kind != "disaster":
                break
            piles.set_cards(pile, [cid, *piles.cards(pile)])  # to the bottom; draw again
        piles.shuffle_all(pile, self.rng)
        d["tiles"][region].append(cid)
        d["effect_context"] = new_context(0, "pauper", cid, region)
        for e in self.C.region_card[cid].appear_effects:
            self.run_effect(e)
        self.log(f"Set-up: the {self.cname(cid)} lies in {self.C.regions[region].name}.")

    def _special_defeat(self: PLState, seat: int, ch: str, hz: str, region: str) -> bool:
        """Scenario victories that replace the usual reward; True when handled."""
        rules = self.scenario_rules()
        return rules.special_defeat(self, seat, ch, hz, region) if rules else False

    def objectives(self: PLState) -> list[dict[str, Any]]:
        """The scenario's objectives with their progress (public)."""
        return SCENARIO_RULES[self.data["solo"]["scenario"]].objectives(self)

    def side_objective(self: PLState) -> dict[str, Any] | None:
        return SCENARIO_RULES[self.data["solo"]["scenario"]].side_objective(self)

    def _solo_progress(self: PLState) -> None:
        """Winning the Game: checked after every action of the solo player's turn."""
        d = self.data
        if d["phase"] != "play":
            return
        rules = SCENARIO_RULES[d["solo"]["scenario"]]
        rules.progress(self)
        if d["phase"] == "play" and all(rules.achieved(self)):
            self._solo_over(True, "objectives")

    def _solo_over(self: PLState, won: bool, reason: str) -> None:
        d = self.data
        d["phase"] = "over"
        d["stack"] = []
        d["effect_queue"] = []
        d["winners"] = [0] if won else []
        d["reason"] = reason
        self.log("You have won!" if won else f"You have lost ({reason}).")

    def _hook_turn_start(self: PLState, seat: int) -> None:
        """Solo: the Time track moves toward zero; on zero the game is lost."""
        solo = self.data.get("solo")
        if not solo:
            return
        if solo["time"] <= 0:
            self.log("The Time token is on zero at the start of your turn.")
            self._solo_over(False, "time")
            return
        solo["time"] -= 1
        self.log(f"Time: {solo['time']}.")

    def _hook_hazard_defeated(self: PLState, seat: int, char: str) -> None:
        if self.data.get("solo"):
            self.earn_time(int(self.C.solo["earn_time"]["hazard"]))

    def _hook_quest_completed(self: PLState, seat: int) -> None:
        if self.data.get("solo"):
            self.earn_time(int(self.C.solo["earn_time"]["quest"]))

    def _hook_recipe_learned(self: PLState, seat: int) -> None:
        if self.data.get("solo"):
            self.earn_time(int(self.C.solo["earn_time"]["recipe"]))

    def _hook_virtue_learned(self: PLState, seat: int) -> None:
        if self.data.get("solo"):
            self.earn_time(int(self.C.solo["earn_time"]["virtue"]))


# ---------------------------------------------------------------- solo decisions
@decision
class Hide(Decision):
    """Hiding From Hazards: before a fight, roll the lucky charm to try to hide instead."""

    kind = "hide"

    def text(self, s: PLState, f: J) -> str:
        return f"Fight the {s.cname(f.get('card', ''))} or hide?"

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("fight", card=f["card"]), A("hide", card=f["card"])]

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind == "fight":
            s.start_fight(seat, f["char"], f["card"], f["region"])
        else:
            s._hide(seat, f["char"], f["card"], f["region"])


@decision
class RecipeChoice(Decision):
    """Solo Recipes: a new Recipe In Learning is 1 of the top cards of the Recipe deck; the
    others are discarded."""

    kind = "recipe-choice"
    actions = ("choose-recipe",)

    def text(self, s: PLState, f: J) -> str:
        return "Choose the Recipe to take."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("choose-recipe", recipe=c) for c in f["cards"]]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        rid = a["recipe"]
        return f"Take the {s.cname(rid)} Recipe ({abilities_text(s.C.recipe[rid].abilities)})"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        keep = a["recipe"]
        rest = [c for c in f["cards"] if c != keep]
        s.discard_to("recipe", rest)
        s.P(seat)["recipes"].append(
            {"recipe": keep, "ingredients": [], "learned": False, "learned_at": 0}
        )
        s.log(f"{s.pname(seat)} takes {s.cname(keep)} to learn; the rest are discarded.")
