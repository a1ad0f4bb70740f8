"""The static abilities in force for a character, and what each amounts to where it is asked.

A character's abilities come from its sources (:func:`ability_sources`): a trained Bird's card; a
Pauper's starting Equipment, the Equipment in its Inventory and the Recipes it learned before this
turn. The rules ask them questions in a :class:`Situation` (a Region, the type of the hazard
fought, the card bought, the Gems on a card); each ability's handler (effects.py, registered in
the content's tables) answers with a number: :func:`amount` for one, :func:`total` for all of a
kind. Works on a state's records and on a view's alike (the bot asks the same questions)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from tabletop.engine.effects import Effect

from .content import ABILITIES, ONGOING, Content


class Situation:
    """Where a static ability (or an ONGOING rule) is asked what it amounts to. Read-only once
    made (a plain class rather than a frozen dataclass: the compiled build makes its
    constructor native, and a rule asks for one at nearly every action)."""

    __slots__ = ("coastal", "gems", "hazard_type", "next_to_city", "region_type", "tags")

    def __init__(
        self,
        region_type: str = "",
        coastal: bool = False,
        next_to_city: bool = False,
        hazard_type: str | None = None,
        tags: tuple[str, ...] = (),
        gems: int = 0,
    ) -> None:
        self.region_type: Final = region_type
        self.coastal: Final = coastal
        self.next_to_city: Final = next_to_city
        self.hazard_type: Final = hazard_type
        self.tags: Final = tags
        self.gems: Final = gems

    def __repr__(self) -> str:
        return (
            f"Situation(region_type={self.region_type!r}, coastal={self.coastal!r}, "
            f"next_to_city={self.next_to_city!r}, hazard_type={self.hazard_type!r}, "
            f"tags={self.tags!r}, gems={self.gems!r})"
        )

    def in_region(self, cond: str | None) -> bool:
        """Whether an ability's Region condition holds here (None: anywhere)."""
        if cond is None:
            return True
        if cond == "coastal":
            return self.coastal
        if cond == "city-adjacent":
            return self.next_to_city
        return self.region_type == cond


ANYWHERE = Situation()


def situation(
    content: Content,
    region: str | None = None,
    hazard_type: str | None = None,
    tags: tuple[str, ...] = (),
    gems: int = 0,
) -> Situation:
    """A Situation in a Region (with its type, coast and Cities), against a hazard's type, for a
    card's tags, with the Gems on a card."""
    if region is None:
        return Situation(hazard_type=hazard_type, tags=tags, gems=gems)
    where = content.regions[region]
    return Situation(
        where.type,
        bool(where.coastal),
        bool(content.city_adjacent[region]),
        hazard_type,
        tags,
        gems,
    )


# each kind's handler, found once in its table
_ANSWERS: dict[type, Callable[[Any, Situation], int]] = {}


def amount(ability: Effect, at: Situation = ANYWHERE) -> int:
    """What one static ability or ONGOING rule amounts to in ``at`` (its handler's answer)."""
    kind = type(ability)
    answer = _ANSWERS.get(kind)
    if answer is None:
        table = ONGOING if ability.effect in ONGOING else ABILITIES
        answer = _ANSWERS[kind] = table.handler(ability)
    found: int = answer(ability, at)
    return found


def total(
    abilities: Iterable[tuple[str, Effect]], model: type[Effect], at: Situation = ANYWHERE
) -> int:
    """The sum of what the abilities of one kind amount to in ``at``."""
    return sum(amount(e, at) for _, e in abilities if type(e) is model)


def ability_sources(
    content: Content,
    char: str,
    pauper: str | None,
    bird: str | None,
    trained: bool,
    inventory: list[Any],
    recipes: list[Any],
    turns: int,
) -> list[tuple[str, tuple[Effect, ...]]]:
    """(source key, its abilities) for the sources of abilities in force for a character: a
    trained Bird's ability; a Pauper's starting Equipment, Inventory and the Recipes learned
    before this turn (3: Recipe Cards: "it can be used from the start of your Pauper's next
    turn"). Works on a state's player or a view's (``inventory``/``recipes`` are the same
    records)."""
    if char == "bird":
        return [("bird", content.birds[bird].trained)] if trained and bird else []
    out: list[tuple[str, tuple[Effect, ...]]] = []
    if pauper:
        out.append(("start", content.paupers[pauper].equipment.abilities))
    for it in inventory:
        out.append((it["card"], content.item[it["card"]].abilities))
    for r in recipes:
        if r["learned"] and r["learned_at"] < turns:
            out.append((r["recipe"], content.recipe[r["recipe"]].abilities))
    return out


def abilities_of(sources: list[tuple[str, tuple[Effect, ...]]]) -> list[tuple[str, Effect]]:
    """(source key, ability) pairs in force, from :func:`ability_sources`' sources."""
    return [(key, e) for key, found in sources for e in found]


def having(
    content: Content,
    model: type[Effect],
    char: str,
    pauper: str | None,
    bird: str | None,
    trained: bool,
    inventory: list[Any],
    recipes: list[Any],
    turns: int,
) -> list[tuple[str, Any]]:
    """(source key, ability) for the abilities of one kind among :func:`ability_sources`' sources
    (which sources are in force is said there alone)."""
    sources = ability_sources(content, char, pauper, bird, trained, inventory, recipes, turns)
    return [(key, e) for key, found in sources for e in found if type(e) is model]
