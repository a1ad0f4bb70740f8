"""The greedy bot: it values each Unit by its card (strength, production, abilities, cost), drafts
and deploys the best it can pay for, Front first, and constructs the Building worth most LP. It
reads only its seat's view and the static content."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from tabletop.engine import Action
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

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        kind = view["prompt"]["kind"]
        me = view["players"][self.seat]
        if kind in ("draft", "recruit"):
            return max(legal, key=lambda a: self._pick_score(a))
        if kind == "deploy":
            return self._deploy(view, me, legal)
        if kind == "age-one":
            tokens = int(view["pending"][0]["tokens"] or 0) if view.get("pending") else 1
            return max(legal, key=lambda a: self._age_score(me, a, tokens))
        if kind == "save":
            return max(legal, key=lambda a: self._save_score(me, a))
        if kind == "construct":
            return max(legal, key=lambda a: self._build_score(view, me, a))
        return legal[0]

    def _pick_score(self, a: Action) -> float:
        """Keep the best card; with 2 players, discard the best left (the opponent's next)."""
        return unit_value(_unit(a["card"]))

    def _deploy(
        self, view: Mapping[str, Any], me: Mapping[str, Any], legal: list[Action]
    ) -> Action:
        """One arrangement: the Units in play stay, the best new Units the Gold pays for go in,
        strong fighters to the Front; a much better card replaces the weakest old Unit; a strong
        Unit idle in the Back moves up; the best card left is kept."""
        units = game_content().units
        spots = list(me["spots"])
        room = {"front": sum(1 for s in spots if s in FRONT), "back": 2}
        rows: dict[str, str] = {}
        worth: dict[str, float] = {}
        for spot, u in enumerate(me["kingdom"]):
            if u is not None:
                rows[u["card"]] = "front" if spot in FRONT else "back"
                # an aged Unit dies at this Aging anyway, but fights once more
                worth[u["card"]] = unit_value(u["unit"]) - (0.5 if u["age"] else 0.0)

        def fighter(c: str) -> bool:
            unit = units[_unit(c)]
            return unit.strength >= 2 and not any(
                isinstance(e, FightsFromBack) for e in unit.static
            )

        def used(row: str) -> int:
            return sum(1 for r in rows.values() if r == row)

        gold = int(me["gold"])
        hand = sorted(me.get("hand", []), key=lambda c: (-unit_value(_unit(c)), c))
        for c in hand:
            cost = units[_unit(c)].cost
            value = unit_value(_unit(c))
            if value <= 0.5 or cost > gold:
                continue
            order = ["front", "back"] if fighter(c) else ["back", "front"]
            row = next((r for r in order if used(r) < room[r]), None)
            if row is None:
                olds = [o for o in rows if o in worth]
                if not olds:
                    continue
                worst = min(olds, key=lambda o: (worth[o], o))
                if value <= worth[worst] + 1.5:
                    continue
                row = rows.pop(worst)
            rows[c] = row
            worth[c] = value
            gold -= cost
        for c in sorted(rows, key=lambda c: (-worth[c], c)):
            if rows[c] == "back" and fighter(c) and used("front") < room["front"]:
                rows[c] = "front"
        left = [c for c in hand if c not in rows]
        keep = max(left, key=lambda c: (unit_value(_unit(c)), c)) if left else None
        args = {c: rows.get(c, "keep" if c == keep else "discard") for c in [*worth, *hand]}
        for u in me["kingdom"]:
            if u is not None:
                args.setdefault(u["card"], "discard")
        choice = Action.of("deploy", **args)
        return choice if choice in legal else legal[0]

    def _age_score(self, me: Mapping[str, Any], a: Action, n: int) -> float:
        spot = a.get("spot")
        u = me["kingdom"][spot] if spot is not None else None
        if u is None:
            return -99.0
        if n < 0:  # taking tokens off: spare the best Unit that would die
            lover = u["unit"] in AGE_LOVERS
            return (unit_value(u["unit"]) if u["age"] == 1 else 0.5) - (5.0 if lover else 0.0)
        if u["unit"] in AGE_LOVERS:
            return 10.0 + float(u["age"])
        if u["unit"] == "demon":
            return 8.0
        if u["age"] >= 1:
            return 5.0  # it dies at this Aging anyway
        return -unit_value(u["unit"])

    def _save_score(self, me: Mapping[str, Any], a: Action) -> float:
        spot = a.get("spot")
        if spot is None:
            return 0.0
        u = me["kingdom"][spot]
        return unit_value(u["unit"]) if u is not None else -1.0

    def _build_score(self, view: Mapping[str, Any], me: Mapping[str, Any], a: Action) -> float:
        b = a.get("building")
        if b is None:
            return 0.0
        level = int(a["level"])
        owned = me["buildings"].get(b)
        building = game_content().buildings[b]
        lp = building.level(level).lp - (building.level(owned).lp if owned else 0)
        side = building.level(level)
        produces = sum(1 for e in side.static if isinstance(e, Produce))
        later = 4 - int(view["turn"])
        gold = sum(c.gold for c in side.cost)  # a rough price, Gold alternatives included
        return lp + later * (1.0 * produces + 0.5 * len(side.triggers)) - 0.1 * gold + 0.5
