"""Chance in the open: shuffles, draws and rolls go through the engine, so a scenario (a rule test,
a tutorial) can force any outcome by name ("the next Outcome card is X", "the lucky charm shows
2") without a hook written for one game, and the forced outcomes are plain data of the state
(``data["_forced"]``: name -> outcomes still to come), so a saved or replayed state keeps them.

A forced outcome is used by the next chance event of that name; when none is forced the state's
seeded RNG decides, as always.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from . import piles
from .components import Die
from .protocol import State

T = TypeVar("T")
FORCED = "_forced"


def force(state: State, name: str, *outcomes: Any) -> None:
    """Make the next chance events called ``name`` come out as ``outcomes``, in order."""
    state.data.setdefault(FORCED, {}).setdefault(name, []).extend(outcomes)
    state.invalidate()


def forced(state: State, name: str) -> list[Any]:
    """The outcomes still forced for ``name`` (a copy)."""
    return list((state.data.get(FORCED) or {}).get(name, []))


def _next(state: State, name: str) -> tuple[bool, Any]:
    queue = (state.data.get(FORCED) or {}).get(name)
    if not queue:
        return False, None
    value = queue.pop(0)
    if not queue:
        del state.data[FORCED][name]
        if not state.data[FORCED]:
            del state.data[FORCED]
    return True, value


def face_matching(die: Die[T], value: Any) -> T:
    """The face of ``die`` that ``value`` names: the face itself, or, for faces that are
    mappings, the first face holding ``value`` as one of its values."""
    for face in die.faces:
        if face == value:
            return face
    for face in die.faces:
        if isinstance(face, dict) and value in face.values():
            return face
    raise ValueError(f"the {die.name} has no face {value!r}")


def roll(state: State, die: Die[T], name: str | None = None) -> T:
    """A roll of ``die`` (forced under ``name``, default the die's name, or from the RNG)."""
    found, value = _next(state, name or die.name)
    if found:
        return face_matching(die, value)
    return die.roll(state.rng)


def draw(
    state: State,
    pile: piles.Pile,
    name: str,
    *,
    reshuffle: bool = True,
    draw_card: Callable[[], Any] | None = None,
) -> Any:
    """The top card of ``pile`` (forced under ``name``: that card is taken from wherever it lies
    in the pile and drawn instead). ``draw_card``: the game's own draw, when it keeps more
    bookkeeping than the pile (called after a forced card is put on top)."""
    found, value = _next(state, name)
    if found:
        piles.take(pile, value)
        piles.put_top(pile, value)
    if draw_card is not None:
        return draw_card()
    return piles.draw(pile, state.rng, reshuffle=reshuffle)


def choose(state: State, options: list[T], name: str) -> T:
    """One of ``options`` at random (forced under ``name`` to a given one)."""
    found, value = _next(state, name)
    if found:
        if value not in options:
            raise ValueError(f"{name}: {value!r} is not one of {options!r}")
        return value  # type: ignore[no-any-return]
    return options[state.rng.below(len(options))]
