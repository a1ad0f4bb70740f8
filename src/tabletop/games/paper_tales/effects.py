"""One handler per effect, each registered once with its model's table (``content.py``).

Static abilities answer the rules' questions (what does this Kingdom produce, how strong is this
Unit, may it fight from the Back): a handler takes the holder, the effect and the answer so far
and returns the answer, never changing the state. Triggered abilities change the state when their
phase comes: a handler takes the holder and the effect. The Lich King's cards add to his figures.
The rules reach every handler through the tables (``rules/kingdom.py``'s ``ask`` and ``fire``,
``rules/solo.py``'s bonuses); this module is imported where the game is assembled, and
``EffectTable.missing`` proves every effect has its handler.
"""

from __future__ import annotations

from tabletop.engine import piles
from tabletop.engine.views import log

from .content import (
    LICH_KING,
    STATIC,
    TRIGGERED,
    AgeOne,
    AgeOthers,
    AgeSelf,
    CannotFight,
    DiesAtAge,
    Echo,
    FightsFromBack,
    GainGold,
    GainLp,
    GoldForResource,
    KingdomStrength,
    LichKingArmy,
    LichKingGainLp,
    LichKingWarLp,
    NeverDies,
    NoLandCost,
    Produce,
    SaveOne,
    Shapeshift,
    StrengthAdd,
    StrengthSet,
    UnageOne,
    UpgradeBuildings,
    UpgradeOne,
)
from .rules import aging
from .rules.kingdom import Holder, amount, fire, holds
from .state import Pending, UnitInPlay


# ------------------------------------------------------------------ static abilities
@STATIC.handles(Produce)
def produce(holder: Holder, effect: Produce, found: dict[str, int]) -> dict[str, int]:
    if holds(holder, effect.cond):
        found[effect.resource] += amount(holder, effect.n, effect.per)
    return found


@STATIC.handles(StrengthSet)
def strength_set(holder: Holder, effect: StrengthSet, value: int) -> int:
    return effect.value if holds(holder, effect.cond) else value


@STATIC.handles(StrengthAdd)
def strength_add(holder: Holder, effect: StrengthAdd, value: int) -> int:
    return value + amount(holder, effect.n, effect.per)


@STATIC.handles(KingdomStrength)
def kingdom_strength(holder: Holder, effect: KingdomStrength, value: int) -> int:
    return value + amount(holder, effect.n, effect.per)


@STATIC.handles(FightsFromBack)
def fights_from_back(holder: Holder, effect: FightsFromBack, value: bool) -> bool:
    return True


@STATIC.handles(CannotFight)
def cannot_fight(holder: Holder, effect: CannotFight, value: bool) -> bool:
    return value or holds(holder, effect.cond)


@STATIC.handles(NeverDies)
def never_dies(holder: Holder, effect: NeverDies, value: bool) -> bool:
    return True


@STATIC.handles(DiesAtAge)
def dies_at_age(holder: Holder, effect: DiesAtAge, value: int) -> int:
    return effect.n


@STATIC.handles(NoLandCost)
def no_land_cost(holder: Holder, effect: NoLandCost, value: bool) -> bool:
    return True


@STATIC.handles(GoldForResource)
def gold_for_resource(holder: Holder, effect: GoldForResource, found: set[str]) -> set[str]:
    return found | set(effect.resources)


# ------------------------------------------------------------------ triggered abilities
def _kingdom(holder: Holder) -> list[UnitInPlay | None]:
    return holder.state.player(holder.seat)["kingdom"]


def _queue(holder: Holder, kind: str, tokens: int | None = None) -> None:
    """A choice the ability leaves to its owner, asked after the reveal."""
    assert holder.unit is not None
    queued: Pending = {"seat": holder.seat, "kind": kind, "card": holder.unit["card"]}
    if tokens is not None:
        queued["tokens"] = tokens
    holder.state.data["pending"].append(queued)


@TRIGGERED.handles(AgeSelf)
def age_self(holder: Holder, effect: AgeSelf) -> None:
    assert holder.unit is not None
    holder.unit["age"] += effect.n


@TRIGGERED.handles(AgeOthers)
def age_others(holder: Holder, effect: AgeOthers) -> None:
    for unit in _kingdom(holder):
        if unit is not None and unit is not holder.unit:
            unit["age"] += effect.n
    whose = holder.state.possessive(holder.seat)
    log(holder.state.data, f"{whose} {holder.name} ages every other Unit in the Kingdom")


@TRIGGERED.handles(AgeOne)
def age_one(holder: Holder, effect: AgeOne) -> None:
    tokens = amount(holder, effect.n, effect.per)
    if tokens > 0 and any(unit is not None for unit in _kingdom(holder)):
        _queue(holder, "age-one", tokens)


@TRIGGERED.handles(UnageOne)
def unage_one(holder: Holder, effect: UnageOne) -> None:
    if any(unit is not None and unit["age"] > 0 for unit in _kingdom(holder)):
        _queue(holder, "age-one", -effect.n)


@TRIGGERED.handles(UpgradeOne)
def upgrade_one(holder: Holder, effect: UpgradeOne) -> None:
    if any(level == 1 for _, level in holder.state.owned_buildings(holder.seat)):
        _queue(holder, "upgrade-one")


@TRIGGERED.handles(Echo)
def echo(holder: Holder, effect: Echo) -> None:
    """The first other Unit of the Kingdom revealed this turn with When-revealed abilities."""
    state = holder.state
    for spot, unit in enumerate(_kingdom(holder)):
        if unit is None or unit is holder.unit or not unit["new"]:
            continue
        card = state.content.instance_type[unit["card"]]
        again = [
            t
            for t in card.triggers
            if t.when == "deploy" and t.flip and not isinstance(t, (Echo, Shapeshift))
        ]
        if again:
            whose = state.possessive(holder.seat)
            log(state.data, f"{whose} {holder.name} repeats the {card.name}'s abilities")
            for trigger in again:
                fire(Holder(state, holder.seat, unit=unit, spot=spot), trigger)
            return


@TRIGGERED.handles(UpgradeBuildings)
def upgrade_buildings(holder: Holder, effect: UpgradeBuildings) -> None:
    state = holder.state
    owned = state.player(holder.seat)["buildings"]
    raised = [b for b, level in state.owned_buildings(holder.seat) if level == 1]
    for building in raised:
        owned[building] = 2
    if raised:
        names = ", ".join(state.content.buildings[b].name for b in raised)
        whose = state.possessive(holder.seat)
        log(state.data, f"{whose} {holder.name} raises {names} to Level 2")


@TRIGGERED.handles(Shapeshift)
def shapeshift(holder: Holder, effect: Shapeshift) -> None:
    state, data = holder.state, holder.state.data
    assert holder.unit is not None and holder.spot is not None
    turned: list[str] = []
    found = None
    while True:
        card = piles.draw(data["deck"], state.rng)
        if card is None:
            break
        if state.content.instance_type[card].cost <= effect.max_cost:
            found = card
            break
        turned.append(card)
    piles.add_discards(data["deck"], [*turned, holder.unit["card"]])
    kingdom = _kingdom(holder)
    whose = state.possessive(holder.seat)
    if found is None:
        kingdom[holder.spot] = None
        log(data, f"{whose} Shapeshifter finds no Unit and leaves")
        return
    kingdom[holder.spot] = {"card": found, "age": effect.age, "new": False}
    log(
        data,
        f"{whose} Shapeshifter turns over {len(turned)} card(s) and becomes a "
        f"{state.content.instance_type[found].name}",
    )


@TRIGGERED.handles(GainLp)
def gain_lp(holder: Holder, effect: GainLp) -> None:
    points = amount(holder, effect.n, effect.per)
    if points:
        holder.state.add_lp(holder.seat, points, holder.name)


@TRIGGERED.handles(GainGold)
def gain_gold(holder: Holder, effect: GainGold) -> None:
    gold = amount(holder, effect.n, effect.per)
    if gold:
        state = holder.state
        player = state.player(holder.seat)
        player["gold"] = max(0, player["gold"] + gold)
        log(state.data, f"{state.subject(holder.seat, 'gains')} {gold} Gold ({holder.name})")


@TRIGGERED.handles(SaveOne)
def save_one(holder: Holder, effect: SaveOne) -> None:
    if aging.savable(holder.state, holder.seat):
        _queue(holder, "save")


# ------------------------------------------------------------------ the Lich King's cards
@LICH_KING.handles(LichKingWarLp)
def lich_king_war_lp(effect: LichKingWarLp, figures: dict[str, int]) -> None:
    figures["war"] += effect.n


@LICH_KING.handles(LichKingArmy)
def lich_king_army(effect: LichKingArmy, figures: dict[str, int]) -> None:
    figures[effect.army] += effect.n


@LICH_KING.handles(LichKingGainLp)
def lich_king_gain_lp(effect: LichKingGainLp, figures: dict[str, int]) -> None:
    figures["gain"] += effect.n
