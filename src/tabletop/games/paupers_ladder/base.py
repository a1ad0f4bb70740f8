"""What every rules module of Paupers' Ladder shares: the JSON type of the state's data, the
cached action builder, the free actions allowed at any point of a turn, and the abilities in force
for a character (read by the rules on the state and by the bot on its view)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tabletop.engine import Action

if TYPE_CHECKING:
    from .content import Content

J = dict[str, Any]
A = lru_cache(maxsize=8192)(Action.of)  # actions are immutable: build each one once
# free actions taken "at any point during your turn", also while a decision is open
ANYTIME_KINDS = frozenset({"learn", "buy-time", "remove"})


def ability_sources(
    C: Content,
    char: str,
    pauper: str | None,
    bird: str | None,
    trained: bool,
    inventory: list[J],
    recipes: list[J],
    turns: int,
) -> list[tuple[str, list[J]]]:
    """(source key, its effects) for the sources of abilities in force for a character: a
    trained Bird's ability; a Pauper's starting Equipment, Inventory and the Recipes learned
    before this turn (3: Recipe Cards: "it can be used from the start of your Pauper's next
    turn"). Works on a state's player or a view's (``inventory``/``recipes`` are the same
    records)."""
    if char == "bird":
        return [("bird", C.birds[bird].trained)] if trained and bird else []
    out: list[tuple[str, list[J]]] = []
    if pauper:
        out.append(("start", C.paupers[pauper].equipment.abilities))
    for it in inventory:
        out.append((it["card"], C.item[it["card"]].abilities))
    for r in recipes:
        if r["learned"] and r["learned_at"] < turns:
            out.append((r["recipe"], C.recipe[r["recipe"]].abilities))
    return out


def abilities_of(sources: list[tuple[str, list[J]]]) -> list[tuple[str, J]]:
    """(source key, effect) pairs in force, from :func:`ability_sources`' sources."""
    return [(key, e) for key, effects in sources for e in effects]


def region_ok(C: Content, cond: str | None, region: str) -> bool:
    """Whether an ally's or a bonus's Region condition holds in ``region``."""
    if cond is None:
        return True
    if cond == "coastal":
        return bool(C.regions[region].coastal)
    if cond == "city-adjacent":
        return bool(C.city_adjacent[region])
    return C.regions[region].type == cond


def region_name(C: Content, region: str) -> str:
    """A Region's printed name (a City's too); an unknown id as it is."""
    return C.regions[region].name if region in C.regions else str(region)
