"""The Kingdom (rulebook: Kingdom, resources, strength): spots, what a Kingdom produces, how strong
each Unit and the whole Front are, the conditions and counts abilities use, and how an ability of
a card in the Kingdom is asked (static) or resolved (triggered). The abilities' handlers are the
effect tables' (``effects.py`` registers one per effect), found through the tables, so this
module needs no handler by name. Apart from :func:`fire`, nothing here changes the state."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..content import (
    RESOURCES,
    STATIC,
    TRIGGERED,
    Aged,
    AgeExactly,
    CannotFight,
    FightsFromBack,
    GainGold,
    GoldForResource,
    InFront,
    KingdomStrength,
    NoLandCost,
    Produce,
    Produces,
    StrengthAdd,
    StrengthSet,
    Trigger,
)
from ..state import BACK, EXTRA, FRONT, SPOT_NAMES, SPOTS, UnitInPlay

if TYPE_CHECKING:
    from ..state import PaperTalesState

# the handler of each effect model, as the tables give it (found once per model)
_HANDLERS: dict[type, Callable[..., Any]] = {}


@dataclass(slots=True)
class Holder:
    """Where an ability is: the state, its owner, and the Unit (or Building) holding it."""

    state: PaperTalesState
    seat: int
    unit: UnitInPlay | None = None
    spot: int | None = None
    building: str | None = None
    dying: list[UnitInPlay] = field(default_factory=list)

    # written out: a dataclass's generated __init__ runs interpreted even in the compiled build,
    # and a Holder is made for every card each time a Kingdom is asked something
    def __init__(
        self,
        state: PaperTalesState,
        seat: int,
        unit: UnitInPlay | None = None,
        spot: int | None = None,
        building: str | None = None,
        dying: list[UnitInPlay] | None = None,
    ) -> None:
        self.state = state
        self.seat = seat
        self.unit = unit
        self.spot = spot
        self.building = building
        self.dying = [] if dying is None else dying

    @property
    def name(self) -> str:
        if self.unit is not None:
            return self.state.content.instance_type[self.unit["card"]].name
        if self.building is not None:
            return self.state.content.buildings[self.building].name
        return "?"


def _handler(table: Any, effect: Any) -> Callable[..., Any]:
    found = _HANDLERS.get(type(effect))
    if found is None:
        found = _HANDLERS[type(effect)] = table.handler(effect)
    return found


def ask(holder: Holder, model: type, start: Any, effects: Sequence[Any]) -> Any:
    """Fold the static abilities of one model over ``start`` (a question of the rules)."""
    value = start
    for effect in effects:
        if type(effect) is model:
            value = _handler(STATIC, effect)(holder, effect, value)
    return value


def fire(holder: Holder, effect: Trigger) -> None:
    """Resolve one triggered ability, if its condition holds."""
    if holds(holder, effect.cond):
        _handler(TRIGGERED, effect)(holder, effect)


# ------------------------------------------------------------------ conditions and counts
def holds(holder: Holder, condition: Any) -> bool:
    if condition is None:
        return True
    if isinstance(condition, Produces):
        return resources(holder.state, holder.seat)[condition.resource] >= 1
    if isinstance(condition, Aged):
        return holder.unit is not None and holder.unit["age"] >= 1
    if isinstance(condition, AgeExactly):
        return holder.unit is not None and holder.unit["age"] == condition.n
    if isinstance(condition, InFront):
        return holder.spot is not None and holder.spot in FRONT
    raise TypeError(f"unknown condition {condition!r}")


def amount(holder: Holder, n: int, per: Sequence[str]) -> int:
    total = n
    for name in per:
        total *= count(holder.state, holder.seat, name, holder)
    return total


def count(state: PaperTalesState, seat: int, name: str, holder: Holder | None = None) -> int:
    """What an ability counts (see ``content.Count``)."""
    if name in RESOURCES:
        return resources(state, seat)[name]
    if name == "age-on-self":
        return holder.unit["age"] if holder is not None and holder.unit is not None else 0
    if name == "age-in-kingdom":
        return sum(u["age"] for _, u in units(state, seat))
    if name == "wars-won":
        return int(state.player(seat)["wars_won"])
    if name == "level-2-buildings":
        return level2(state, seat)
    if name == "buildings":
        return len(state.player(seat)["buildings"])
    if name == "strong-units":
        return sum(1 for s, u in units(state, seat) if unit_strength(state, seat, s, u) >= 3)
    if name == "age-on-dying-units":
        return sum(u["age"] for u in holder.dying) if holder is not None else 0
    if name == "dying-units":
        return len(holder.dying) if holder is not None else 0
    if name == "income-gold":
        return income(state, seat)
    if name == "units":
        return sum(1 for _ in units(state, seat))
    raise ValueError(f"unknown count {name!r}")


# ------------------------------------------------------------------ the Kingdom
def units(state: PaperTalesState, seat: int) -> Iterator[tuple[int, UnitInPlay]]:
    """(spot, Unit) of a Kingdom as everyone sees it."""
    for spot, unit in enumerate(state.player(seat)["kingdom"]):
        if unit is not None:
            yield spot, unit


def level2(state: PaperTalesState, seat: int) -> int:
    return sum(1 for level in state.player(seat)["buildings"].values() if level == 2)


def open_spots(state: PaperTalesState, seat: int) -> tuple[int, ...]:
    """The spots a Kingdom may use: 2 Front and 2 Back, and one more Front spot once it owns a
    Level 2 Building (ruling 9)."""
    extra = (EXTRA,) if level2(state, seat) else ()
    return (0, 1, 2, 3, *extra)


def spot_name(spot: Any) -> str:
    if isinstance(spot, int) and 0 <= spot < SPOTS:
        return SPOT_NAMES[spot]
    return f"spot {spot}"


# one card's abilities: its static ones by model, its triggered ones by phase (each list in the
# card's order; a model or phase the card has none of is absent)
Abilities = tuple[dict[type, list[Any]], dict[str, list[Any]]]


def _tables(static: Sequence[Any], triggers: Sequence[Any]) -> Abilities:
    by_model: dict[type, list[Any]] = {}
    for effect in static:
        by_model.setdefault(type(effect), []).append(effect)
    by_phase: dict[str, list[Any]] = {}
    for effect in triggers:
        by_phase.setdefault(effect.when, []).append(effect)
    return by_model, by_phase


def unit_abilities(state: PaperTalesState, card: str) -> Abilities:
    """A Unit card's abilities by model and phase, worked out once per content."""
    memo = state.content.unit_abilities
    found: Abilities | None = memo.get(card)
    if found is None:
        face = state.content.instance_type[card]
        found = memo[card] = _tables(face.static, face.triggers)
    return found


def building_abilities(state: PaperTalesState, building: str, level: int) -> Abilities:
    """A Building side's abilities by model and phase, worked out once per content."""
    memo = state.content.building_abilities
    key = (building, level)
    found: Abilities | None = memo.get(key)
    if found is None:
        side = state.content.buildings[building].level(level)
        found = memo[key] = _tables(side.static, side.triggers)
    return found


def statics(state: PaperTalesState, seat: int, model: type) -> list[tuple[Holder, list[Any]]]:
    """The cards of a Kingdom that have static abilities of ``model``, each with them: Units
    by spot, then Buildings in the order of the game's Building list (a card without one is
    skipped: folding none changes nothing)."""
    return _holding(state, seat, 0, model)


def triggered(state: PaperTalesState, seat: int, phase: str) -> list[tuple[Holder, list[Any]]]:
    """The cards of a Kingdom that have triggered abilities of ``phase``, each with them, in
    the order of :func:`statics`, taken before any fires."""
    return _holding(state, seat, 1, phase)


def _holding(
    state: PaperTalesState, seat: int, table: int, key: Any
) -> list[tuple[Holder, list[Any]]]:
    """The cards of a Kingdom whose ability table ``table`` (0: static by model, 1: triggered
    by phase) has abilities under ``key``, each with them: Units by spot, then Buildings."""
    out: list[tuple[Holder, list[Any]]] = []
    for spot, unit in enumerate(state.player(seat)["kingdom"]):
        if unit is not None:
            effects = unit_abilities(state, unit["card"])[table].get(key)
            if effects is not None:
                out.append((Holder(state, seat, unit=unit, spot=spot), effects))
    owned = state.player(seat)["buildings"]
    if owned:  # in the order of the game's Buildings, as owned_buildings gives them
        for building in state.data["buildings"]:
            level = owned.get(building)
            if level is None:
                continue
            effects = building_abilities(state, building, level)[table].get(key)
            if effects is not None:
                out.append((Holder(state, seat, building=building), effects))
    return out


def construction_statics(
    state: PaperTalesState, seat: int
) -> tuple[dict[str, int], set[str], bool]:
    """What Construction reads of a Kingdom's static abilities, in one walk of its cards: what
    it produces (:func:`resources`), the resources Gold stands in for (:func:`gold_for`) and
    whether it pays no land cost (:func:`no_land_cost`); each folded in the same order."""
    if state._cache.get("still") is not None:  # a view: resources' memo answers
        return resources(state, seat), gold_for(state, seat), no_land_cost(state, seat)
    found = {r: 0 for r in RESOURCES}
    stand_in: set[str] = set()
    free_land = False
    player = state.player(seat)
    holders: list[tuple[Holder, dict[type, list[Any]]]] = []
    for spot, unit in enumerate(player["kingdom"]):
        if unit is not None:
            by_model = unit_abilities(state, unit["card"])[0]
            if by_model:
                holders.append((Holder(state, seat, unit=unit, spot=spot), by_model))
    owned = player["buildings"]
    if owned:
        for building in state.data["buildings"]:
            level = owned.get(building)
            if level is not None:
                by_model = building_abilities(state, building, level)[0]
                if by_model:
                    holders.append((Holder(state, seat, building=building), by_model))
    for holder, by_model in holders:
        effects = by_model.get(Produce)
        if effects is not None:
            found = ask(holder, Produce, found, effects)
        effects = by_model.get(GoldForResource)
        if effects is not None:
            stand_in = ask(holder, GoldForResource, stand_in, effects)
        effects = by_model.get(NoLandCost)
        if effects is not None and ask(holder, NoLandCost, False, effects):
            free_land = True
    return found, stand_in, free_land


def resources(state: PaperTalesState, seat: int) -> dict[str, int]:
    """What the Kingdom produces now (Units and Buildings). Resources are never spent. While a
    view is drawn (the state cannot change) the answer is remembered."""
    memo = state._cache.get("still")
    if memo is not None and seat in memo:
        return dict(memo[seat])
    found = {r: 0 for r in RESOURCES}
    for holder, static in statics(state, seat, Produce):
        found = ask(holder, Produce, found, static)
    if memo is not None:
        memo[seat] = dict(found)
    return found


def unit_strength(state: PaperTalesState, seat: int, spot: int, unit: UnitInPlay) -> int:
    """A Unit's strength during Wars: printed, replaced, then raised by its abilities."""
    card = state.content.instance_type[unit["card"]]
    by_model = unit_abilities(state, unit["card"])[0]
    value = card.strength
    if StrengthSet in by_model or StrengthAdd in by_model:
        holder = Holder(state, seat, unit=unit, spot=spot)
        value = ask(holder, StrengthSet, value, card.static)
        value = ask(holder, StrengthAdd, value, card.static)
    return max(0, int(value))


def fights(state: PaperTalesState, seat: int, spot: int, unit: UnitInPlay) -> bool:
    """Front Units fight; Back Units only with the fight-from-the-Back ability; a Unit that
    cannot fight (an aged Leviathan) never does."""
    by_model = unit_abilities(state, unit["card"])[0]
    if not by_model:
        return spot in FRONT
    card = state.content.instance_type[unit["card"]]
    holder = Holder(state, seat, unit=unit, spot=spot)
    if ask(holder, CannotFight, False, card.static):
        return False
    return spot in FRONT or (spot in BACK and ask(holder, FightsFromBack, False, card.static))


def war_strength(state: PaperTalesState, seat: int) -> int:
    """The Kingdom's strength in Wars: its fighting Units plus the Buildings' bonuses."""
    total = sum(
        unit_strength(state, seat, spot, unit)
        for spot, unit in units(state, seat)
        if fights(state, seat, spot, unit)
    )
    for holder, static in statics(state, seat, KingdomStrength):
        if holder.building is not None:
            total = ask(holder, KingdomStrength, total, static)
    return int(total)


def income(state: PaperTalesState, seat: int) -> int:
    """The Gold this Kingdom earns in the Income phase: 2, plus every Income ability. Computed in
    advance for the Ogre (research notes, Wars)."""
    total = 2
    for holder, triggers in triggered(state, seat, "income"):
        for effect in triggers:
            income_ability = isinstance(effect, GainGold) and effect.when == "income"
            if income_ability and holds(holder, effect.cond):
                total += amount(holder, effect.n, effect.per)
    return total


def gold_for(state: PaperTalesState, seat: int) -> set[str]:
    """The resources 1 Gold may stand in for at Construction."""
    found: set[str] = set()
    for holder, static in statics(state, seat, GoldForResource):
        found = ask(holder, GoldForResource, found, static)
    return found


def no_land_cost(state: PaperTalesState, seat: int) -> bool:
    found = statics(state, seat, NoLandCost)
    return any(ask(holder, NoLandCost, False, static) for holder, static in found)
