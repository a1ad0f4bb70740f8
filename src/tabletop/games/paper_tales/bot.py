"""The greedy bot: it values each Unit by its card (strength, production, abilities, cost), drafts
and deploys the best it can pay for, Front first, and constructs the Building worth most LP. It
reads only its seat's view and the static content."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from tabletop.engine import Action, State
from tabletop.engine.bots import Bot

from .content import (
    FightsFromBack,
    GainGold,
    GainLp,
    GoldForResource,
    NoLandCost,
    Produce,
    StrengthAdd,
    StrengthSet,
    UpgradeBuildings,
    game_content,
)
from .state import FRONT

AGE_LOVERS = frozenset({"militiaman", "salamander", "adventurer", "relic-of-wisdom", "colossus"})


@lru_cache(maxsize=256)
def unit_value(unit_id: str) -> float:
    """A rough worth of a Unit type, from its card alone."""
    unit = game_content().units[unit_id]
    value = float(unit.strength)
    for ability in unit.static:
        if isinstance(ability, StrengthSet):
            value = max(value, 0.6 * ability.value)
        elif isinstance(ability, (StrengthAdd, Produce)):
            value += 1.5 * ability.n
        elif isinstance(ability, (FightsFromBack, GoldForResource, NoLandCost)):
            value += 0.5
    for trigger in unit.triggers:
        if isinstance(trigger, GainLp):
            value += 1.5 * trigger.n
        elif isinstance(trigger, GainGold):
            value += 1.0 * trigger.n
        elif isinstance(trigger, UpgradeBuildings):
            value += 3.0
    return value - 0.8 * unit.cost


def _unit(card: Any) -> str:
    return str(card).split(".")[0]


class GreedyBot(Bot):
    kind = "greedy"
    help = "drafts and deploys the strongest Units it can pay for, builds for the most LP"

    def act(self, state: State) -> Action:
        """As :meth:`choose`, except that a Deployment (thousands of arrangements, offered as a
        template) is not listed: the arrangement is made from the view and checked alone, and
        only when the rules refuse it is the list drawn up."""
        view = state.view(self.seat)
        assert view is not None
        if view["prompt"]["kind"] == "deploy":
            choice = self._arrangement(view, view["players"][self.seat])
            if state.is_legal(choice, self.seat):
                return choice
        return self.choose(view, state.legal_actions(self.seat))

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        kind = view["prompt"]["kind"]
        me = view["players"][self.seat]
        if kind in ("draft", "recruit"):
            return max(legal, key=self._pick_score)
        if kind == "deploy":
            return self._deploy(view, me, legal)
        if kind == "age-one":
            tokens = int(view["pending"][0]["tokens"] or 0) if view.get("pending") else 1
            return max(legal, key=lambda action: self._age_score(me, action, tokens))
        if kind == "save":
            return max(legal, key=lambda action: self._save_score(me, action))
        if kind == "construct":
            return max(legal, key=lambda action: self._build_score(view, me, action))
        return legal[0]

    def _pick_score(self, action: Action) -> float:
        """Keep the best card; with 2 players, discard the best left (the opponent's next)."""
        return unit_value(_unit(action["card"]))

    def _deploy(
        self, view: Mapping[str, Any], me: Mapping[str, Any], legal: list[Action]
    ) -> Action:
        choice = self._arrangement(view, me)
        return choice if choice in legal else legal[0]

    def _arrangement(self, view: Mapping[str, Any], me: Mapping[str, Any]) -> Action:
        """One arrangement: the Units in play stay, the best new Units the Gold pays for go in,
        strong fighters to the Front; a much better card replaces the weakest old Unit; a strong
        Unit idle in the Back moves up; the best card left is kept."""
        units = game_content().units
        room = {"front": sum(1 for spot in me["spots"] if spot in FRONT), "back": 2}
        rows: dict[str, str] = {}
        worth: dict[str, float] = {}
        for spot, unit in enumerate(me["kingdom"]):
            if unit is not None:
                rows[unit["card"]] = "front" if spot in FRONT else "back"
                # an aged Unit dies at this Aging anyway, but fights once more
                worth[unit["card"]] = unit_value(unit["unit"]) - (0.5 if unit["age"] else 0.0)

        def fighter(card: str) -> bool:
            face = units[_unit(card)]
            return face.strength >= 2 and not any(
                isinstance(e, FightsFromBack) for e in face.static
            )

        def used(row: str) -> int:
            return sum(1 for r in rows.values() if r == row)

        gold = int(me["gold"])
        hand = sorted(me.get("hand", []), key=lambda card: (-unit_value(_unit(card)), card))
        for card in hand:
            cost = units[_unit(card)].cost
            value = unit_value(_unit(card))
            if value <= 0.5 or cost > gold:
                continue
            order = ["front", "back"] if fighter(card) else ["back", "front"]
            row = next((r for r in order if used(r) < room[r]), None)
            if row is None:
                olds = [old for old in rows if old in worth]
                if not olds:
                    continue
                worst = min(olds, key=lambda old: (worth[old], old))
                if value <= worth[worst] + 1.5:
                    continue
                row = rows.pop(worst)
            rows[card] = row
            worth[card] = value
            gold -= cost
        for card in sorted(rows, key=lambda card: (-worth[card], card)):
            if rows[card] == "back" and fighter(card) and used("front") < room["front"]:
                rows[card] = "front"
        left = [card for card in hand if card not in rows]
        keep = max(left, key=lambda card: (unit_value(_unit(card)), card)) if left else None
        args = {
            card: rows.get(card, "keep" if card == keep else "discard") for card in [*worth, *hand]
        }
        for unit in me["kingdom"]:
            if unit is not None:
                args.setdefault(unit["card"], "discard")
        return Action.of("deploy", **args)

    def _age_score(self, me: Mapping[str, Any], action: Action, tokens: int) -> float:
        spot = action.get("spot")
        unit = me["kingdom"][spot] if spot is not None else None
        if unit is None:
            return -99.0
        if tokens < 0:  # taking tokens off: spare the best Unit that would die
            lover = unit["unit"] in AGE_LOVERS
            value = unit_value(unit["unit"]) if unit["age"] == 1 else 0.5
            return value - (5.0 if lover else 0.0)
        if unit["unit"] in AGE_LOVERS:
            return 10.0 + float(unit["age"])
        if unit["unit"] == "demon":
            return 8.0
        if unit["age"] >= 1:
            return 5.0  # it dies at this Aging anyway
        return -unit_value(unit["unit"])

    def _save_score(self, me: Mapping[str, Any], action: Action) -> float:
        spot = action.get("spot")
        if spot is None:
            return 0.0
        unit = me["kingdom"][spot]
        return unit_value(unit["unit"]) if unit is not None else -1.0

    def _build_score(self, view: Mapping[str, Any], me: Mapping[str, Any], action: Action) -> float:
        ident = action.get("building")
        if ident is None:
            return 0.0
        level = int(action["level"])
        owned = me["buildings"].get(ident)
        building = game_content().buildings[ident]
        lp = building.level(level).lp - (building.level(owned).lp if owned else 0)
        side = building.level(level)
        produces = sum(1 for e in side.static if isinstance(e, Produce))
        later = 4 - int(view["turn"])
        gold = sum(cost.gold for cost in side.cost)  # a rough price, Gold alternatives included
        return lp + later * (1.0 * produces + 0.5 * len(side.triggers)) - 0.1 * gold + 0.5
