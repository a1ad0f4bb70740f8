"""The rules' own steps that wait in the effect queue among the hazards' effects (entering a space,
the next step of a Hustle, a cube resting at the start of a turn). They are printed on no card, but
are effects of the engine's idiom all the same: a model each in :data:`STEPS`, one handler each in
effects.py, queued like the rest (``rules/queue.py``), so a rule that needs a later one queues it
instead of calling it."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Literal

from tabletop.engine.effects import Effect, EffectTable

STEPS: EffectTable[Callable[..., None]] = EffectTable("lairs", "rule step")


@STEPS.effect
class EnterSpace(Effect):
    """Moving into a space and resolving it (``how``: creep, charge, sneak, backtrack, blink)."""

    effect: Literal["enter-space"] = "enter-space"
    cell: int
    how: str = "creep"


@STEPS.effect
class HustleStep(Effect):
    """The next step of a Hustle: ``left`` steps still allowed, ``taken`` so far, the cubes
    ``paid`` for it, and the space it should stand on (``expect``) if it goes on."""

    effect: Literal["hustle-step"] = "hustle-step"
    dir: str
    left: int
    paid: list[str]
    taken: int = 0
    expect: int | None = None


@STEPS.effect
class OpenCheck(Effect):
    """The check of a Known hazard entered, once what entering set off has happened (``free``:
    the Power dice a Charge or a Sneak gives)."""

    effect: Literal["open-check"] = "open-check"
    cell: int
    free: int = 0


@STEPS.effect
class RestCube(Effect):
    """At the start of a turn, one Conserved cube rests one Fatigued cube (ruling E3)."""

    effect: Literal["rest-cube"] = "rest-cube"


@STEPS.effect
class Refresh(Effect):
    """Refresh at the start of the turn (ruling E4) and what comes with it."""

    effect: Literal["refresh"] = "refresh"


@STEPS.effect
class FreeCreep(Effect):
    """After a Scrounge: the explorer may Creep out for free."""

    effect: Literal["free-creep"] = "free-creep"


@cache
def enter_space(cell: int, how: str = "creep") -> EnterSpace:
    """The step entering ``cell`` (one frozen model a space and way, made once a process and
    shared, so that the queue writes its fields once)."""
    return EnterSpace(cell=cell, how=how)


@lru_cache(maxsize=4096)
def hustle_step(
    dirn: str, left: int, paid: tuple[str, ...], taken: int = 0, expect: int | None = None
) -> HustleStep:
    """The next step of a Hustle (one frozen model for each, made once a process and shared,
    as :func:`enter_space`: a Hustle has few directions, lengths and prices)."""
    return HustleStep(dir=dirn, left=left, paid=list(paid), taken=taken, expect=expect)


@cache
def open_check(cell: int, free: int = 0) -> OpenCheck:
    """The check of the Known hazard at ``cell`` (one shared model a space and bonus)."""
    return OpenCheck(cell=cell, free=free)


REST_CUBE = RestCube()
REFRESH = Refresh()
