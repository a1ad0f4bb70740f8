"""Phase 5, Construction. Each player may take one Construction action: construct a new Building
(at Level 1, or straight at Level 2 meeting both costs, ruling 6) or upgrade one to Level 2.
Resource costs are thresholds the Kingdom must produce, never spent; Gold is spent. A new
Building also costs land: 2 Gold per Building already owned (ruling 5), unless a Landlord says
otherwise. Some Units let 1 Gold stand in for each missing resource. Everyone chooses at once,
face down, and the choices are carried out together."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING, Any

from tabletop.engine.views import log

from ..content import RESOURCES, Cost, game_content
from . import kingdom

if TYPE_CHECKING:
    from ..state import PaperTalesState

LAND_PER_BUILDING = 2
# what a Building may take at Construction: (level, upgrade) for one owned at Level 1 or new
_UPGRADE = ((2, True),)
_NEW = ((1, False), (2, False))
# the resources a cost needs, each with how many (only those it needs)
Needs = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Option:
    """One Construction action a seat can afford: what, at which level, paid which way."""

    building: str
    level: int
    upgrade: bool
    way: int  # which of the cost alternatives
    cost: Cost
    gold: int  # Gold it takes in all (printed Gold, land, Gold standing in for resources)
    land: int  # of which for land

    # written out: a dataclass's generated __init__ runs interpreted even in the compiled build
    def __init__(
        self, building: str, level: int, upgrade: bool, way: int, cost: Cost, gold: int, land: int
    ) -> None:
        object.__setattr__(self, "building", building)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "upgrade", upgrade)
        object.__setattr__(self, "way", way)
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "gold", gold)
        object.__setattr__(self, "land", land)


def land_cost(state: PaperTalesState, seat: int) -> int:
    if kingdom.no_land_cost(state, seat):
        return 0
    return LAND_PER_BUILDING * len(state.player(seat)["buildings"])


@lru_cache(maxsize=512)
def ways(building: str, level: int, upgrade: bool) -> list[Cost]:
    """The cost alternatives: a level's own, or for a new Level 2 Building both levels' summed
    (static content, loaded once per process)."""
    found = game_content().buildings[building]
    if level == 1 or upgrade:
        return list(found.level(level).cost)
    return [a.plus(b) for a, b in product(found.level(1).cost, found.level(2).cost)]


def gold_needed(
    state: PaperTalesState,
    seat: int,
    cost: Cost,
    land: int,
    have: dict[str, int] | None = None,
    stand_in: set[str] | None = None,
) -> int | None:
    """Gold a cost takes from this Kingdom now, or None when a resource is missing and no
    ability lets Gold stand in for it (``have`` and ``stand_in``: already known)."""
    if have is None:
        have = kingdom.resources(state, seat)
    if stand_in is None:
        stand_in = kingdom.gold_for(state, seat)
    gold = cost.gold + land
    for resource in RESOURCES:
        missing = max(0, cost.need(resource) - have[resource])
        if missing and resource not in stand_in:
            return None
        gold += missing
    return gold


@lru_cache(maxsize=512)
def priced(building: str, level: int, upgrade: bool) -> list[tuple[int, Cost, int, Needs]]:
    """The cost alternatives (see :func:`ways`) as plain figures: (way, cost, printed Gold,
    the resources it needs, each with how many), worked out once per process."""
    return [
        (way, cost, cost.gold, tuple((r, cost.need(r)) for r in RESOURCES if cost.need(r)))
        for way, cost in enumerate(ways(building, level, upgrade))
    ]


# what a seat's Construction options follow from: its Gold, its Buildings with their levels,
# the land a new Building costs, what its Kingdom produces (by RESOURCES), the resources Gold
# may stand in for, and the game's Buildings
Figures = tuple[
    int, tuple[tuple[str, int], ...], int, tuple[int, ...], frozenset[str], tuple[str, ...]
]


# the figures by the data that decides them (see figures)
_FIGURES: dict[tuple[Any, ...], Figures] = {}
_FIGURES_MAX = 4096


def figures(state: PaperTalesState, seat: int) -> Figures:
    """Everything :func:`options` reads of the state, as one hashable key (every ability reads
    its owner's Kingdom, so two states with these equal have the same options). Remembered by
    what the abilities may read of the seat's record (its Gold, Wars won, every Unit's fields
    spot by spot and its Buildings; never its Legend Points) and the game's Buildings: the
    listing and the choice carried out at the reveal ask the same; so do clones."""
    mine = state.player(seat)
    key = (
        mine["gold"],
        mine["wars_won"],
        tuple([None if unit is None else tuple(unit.items()) for unit in mine["kingdom"]]),
        tuple(mine["buildings"].items()),
        tuple(state.data["buildings"]),
    )
    found = _FIGURES.get(key)
    if found is None:
        if len(_FIGURES) >= _FIGURES_MAX:
            _FIGURES.clear()
        found = _FIGURES[key] = _figures(state, seat)
    return found


def _figures(state: PaperTalesState, seat: int) -> Figures:
    # resources, gold_for and land_cost from one walk of the Kingdom's static abilities
    have, stand_in, free_land = kingdom.construction_statics(state, seat)
    land = 0 if free_land else LAND_PER_BUILDING * len(state.player(seat)["buildings"])
    return (
        int(state.player(seat)["gold"]),
        tuple(state.owned_buildings(seat)),
        land,
        tuple([have[r] for r in RESOURCES]),
        frozenset(stand_in),
        tuple(state.data["buildings"]),
    )


def options(state: PaperTalesState, seat: int) -> list[Option]:
    """Every Construction action the seat can afford now (each priced as :func:`gold_needed`
    prices it, from the figures of :func:`priced`)."""
    return options_of(figures(state, seat))


def options_of(known: Figures) -> list[Option]:
    """:func:`options` from the :func:`figures` that decide them."""
    purse, owned_levels, land, produced, stand_in, buildings = known
    have = dict(zip(RESOURCES, produced))
    owned = dict(owned_levels)
    found: list[Option] = []
    for building in buildings:
        level_now = owned.get(building)
        if level_now == 2:
            continue
        plans = _UPGRADE if level_now == 1 else _NEW
        for level, upgrade in plans:
            paid_land = 0 if upgrade else land
            for way, cost, printed, needs in priced(building, level, upgrade):
                gold = printed + paid_land
                payable = True
                for resource, need in needs:
                    missing = need - have[resource]
                    if missing > 0:
                        if resource not in stand_in:
                            payable = False
                            break
                        gold += missing
                if payable and gold <= purse:
                    found.append(Option(building, level, upgrade, way, cost, gold, paid_land))
    return found


def matching(state: PaperTalesState, seat: int, choice: Mapping[str, Any]) -> Option | None:
    """The option a Construction action names, if the seat can afford it now."""
    building, level, way = str(choice.get("building")), choice.get("level"), choice.get("way")
    if building not in state.data["buildings"] or level not in (1, 2):
        return None
    player = state.player(seat)
    owned = player["buildings"].get(building)
    if owned == 2 or (owned == 1 and level != 2):
        return None
    upgrade = owned == 1
    costs = ways(building, int(level), upgrade)
    if not isinstance(way, int) or not 0 <= way < len(costs):
        return None
    known = figures(state, seat)
    paid_land = 0 if upgrade else known[2]
    have = dict(zip(RESOURCES, known[3], strict=True))
    gold = gold_needed(state, seat, costs[way], paid_land, have, set(known[4]))
    if gold is None or gold > player["gold"]:
        return None
    return Option(building, int(level), upgrade, int(way), costs[way], gold, paid_land)


def price_words(option: Option) -> str:
    """What an option asks, in players' words: ``needs 1 Wood; pay 2 Gold (2 for land)``."""
    parts = []
    needs = option.cost.resource_words()
    if needs:
        parts.append(f"needs {needs}")
    if not option.gold:
        parts.append("free")
        return "; ".join(parts)
    why = []
    if option.land:
        why.append(f"{option.land} for land")
    standing = option.gold - option.cost.gold - option.land
    if standing:
        why.append(f"{standing} for missing resources")
    if why and option.cost.gold:
        why.insert(0, f"{option.cost.gold} printed")
    parts.append(f"pay {option.gold} Gold" + (f" ({', '.join(why)})" if why else ""))
    return "; ".join(parts)


def why_not(state: PaperTalesState, seat: int, building: str, level: int) -> str:
    """Players' words for a refused Construction action."""
    player = state.player(seat)
    if building not in state.data["buildings"]:
        return f"{building!r} is not a Building of this game"
    owned = player["buildings"].get(building)
    name = state.content.buildings[building].name
    if owned == 2 or (owned == 1 and level == 1):
        return f"your {name} is already at Level {owned}"
    upgrade = owned == 1
    land = 0 if upgrade else land_cost(state, seat)
    best = None
    for cost in ways(building, level, upgrade):
        gold = gold_needed(state, seat, cost, land)
        if gold is not None and (best is None or gold < best):
            best = gold
    if best is None:
        return f"your Kingdom does not produce the resources the {name} needs"
    paid = f"{best} Gold" + (f" ({land} of it for land)" if land else "")
    return f"the {name} takes {paid} and you have {player['gold']}"


def build(state: PaperTalesState, seat: int, choice: Mapping[str, Any] | None) -> None:
    """One seat's Construction, carried out (everyone's together, in seat order, at the
    reveal)."""
    data = state.data
    if choice is None:
        log(data, f"{state.subject(seat, 'constructs')} nothing")
        return
    option = matching(state, seat, choice)
    assert option is not None, f"construction choice {dict(choice)} became unaffordable"
    player = state.player(seat)
    player["gold"] -= option.gold
    player["buildings"][option.building] = option.level
    name = state.content.buildings[option.building].name
    if option.upgrade:
        words = f"{state.subject(seat, 'upgrades')} the {name}"
    else:
        words = f"{state.subject(seat, 'constructs')} a {name}"
    log(data, f"{words} (Level {option.level}) for {option.gold} Gold")
