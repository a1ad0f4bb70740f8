"""Every argument is what its decision says it is (issue: nothing admitted that is not what it
says). ``True == 1`` and ``hash(True) == hash(1)`` in Python, so a bool once passed for an int
(``hustle(dir=n steps=True)`` was played as ``steps=1`` and stored as ``true``), and a list where
a string was expected reached the games' rules (``build(cell=['E4'])`` raised AttributeError).
Now every argument is checked against the types the decision offers for it before any game code
sees the action, in every game and mode, compiled and from source."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop import native
from tabletop.engine import Action, IllegalAction, MalformedAction, load, specs
from tabletop.engine.actions import ArgType, ArgValue, same_args
from tabletop.engine.bots import random_action
from tabletop.engine.protocol import State
from tabletop.engine.rng import Rng
from tests.engine import lairgame, toygame  # noqa: F401  (the engine's test games)

ROOT = Path(__file__).resolve().parents[2]


def retyped(value: ArgValue) -> Iterator[ArgValue]:
    """The same value as other types: a bool for an int and back, a list for a string, a
    string for a number, null for anything, and inside lists too."""
    if type(value) is bool:
        yield int(value)
        yield "true" if value else "false"
    elif type(value) is int:
        yield value % 2 == 1
        yield str(value)
        yield (value,)
    elif type(value) is str:
        yield (value,)
        yield len(value)
        yield True
    elif value is None:
        yield "null"
        yield 0
        yield False
    elif isinstance(value, tuple):
        yield str(list(value))
        if value:
            for other in retyped(value[0]):
                yield (other, *value[1:])
                break
    if value is not None:
        yield None


def offered_types(state: State, seat: int, action: Action) -> dict[str, ArgType]:
    """The types the decision offers for each argument of ``action``'s kind."""
    declared = state._declared(seat).get(action.kind)
    assert declared is not None
    return declared[0]


def exactly_legal(state: State, seat: int, action: Action) -> bool:
    legal = state.legal_actions(seat)
    return any(a == action and same_args(a.args, action.args) for a in legal)


def probe(state: State, seat: int, wrong: Action) -> tuple[IllegalAction, bool | None]:
    """Play ``wrong``, which must be refused with the state unchanged: the refusal, and whether
    the game's own explanation was asked (None: not watched, as a compiled state's class does
    not let a test watch it)."""
    before, rng_before = state.dumps(), state.rng.state
    asked: list[Action] = []
    cls = type(state)
    own = cls.__dict__.get("_explain_illegal")
    explain = cls._explain_illegal

    def spy(self: State, s: int, a: Action) -> str | None:
        asked.append(a)
        return explain(self, s, a)

    watched = False
    with contextlib.suppress(AttributeError, TypeError):  # a compiled class: not watched
        setattr(cls, "_explain_illegal", spy)  # noqa: B010
        watched = True
    try:
        state.apply(wrong, seat)
    except IllegalAction as exc:
        refusal = exc
    else:
        raise AssertionError(f"{state.game.name} {state.game.params}: {wrong} was admitted")
    finally:
        if watched:
            if own is None:
                delattr(cls, "_explain_illegal")
            else:
                setattr(cls, "_explain_illegal", own)  # noqa: B010
    assert state.dumps() == before and state.rng.state == rng_before, f"{wrong} changed the state"
    assert not state.is_legal(wrong, seat)
    return refusal, bool(asked) if watched else None


def mutated_refusals(name: str, params: dict[str, Any], seeds: int, steps: int) -> dict[str, int]:
    """Random playouts. At every other step, the action about to be played with one argument's
    type changed must be refused (unless that very action, types and all, is legal too) and
    leave the state as it was; when the new type is not one the decision offers for that
    argument, as malformed, naming the argument and the type expected, before the game's own
    explanation is asked. An action of a kind seen earlier and not offered now, its arguments
    retyped, is refused too (the game's explanation may see it only with plain values, and
    must not fail on them). Returns counts of what was checked."""
    game = load(name, **params)
    counts = {"checked": 0, "malformed": 0, "watched": 0, "elsewhere": 0, "actions": 0}
    for seed in range(seeds):
        state, rng = game.new_state(seed), Rng(seed)
        seen: dict[str, Action] = {}
        for step in range(steps):
            if state.is_terminal():
                break
            seats = state.current_seats()
            seat = seats[rng.below(len(seats))]
            action = random_action(state, seat, rng)
            seen.setdefault(action.kind, action)
            if step % 2:
                state.apply(action, seat)
                continue
            types = offered_types(state, seat, action)
            for key, value in action.args:
                for other in retyped(value):
                    wrong = Action.of(action.kind, **{**action.params, key: other})
                    if exactly_legal(state, seat, wrong):
                        continue
                    refusal, asked = probe(state, seat, wrong)
                    counts["checked"] += 1
                    if isinstance(refusal, MalformedAction):
                        counts["malformed"] += 1
                        assert not types[key].fits(other), (name, wrong, refusal)
                        assert f"argument {key!r} must be {types[key].name()}" in str(refusal)
                        assert not asked, f"{wrong}: the game's explanation saw it"
                        counts["watched"] += asked is not None
                    else:
                        assert types[key].fits(other) or types[key].only_null(), (
                            f"{name}: {wrong} refused without naming the type: {refusal}"
                        )
            offered = {a.kind for a in state.legal_actions(seat)}
            elsewhere = [a for k, a in sorted(seen.items()) if k not in offered]
            if elsewhere:
                other_kind = elsewhere[step // 2 % len(elsewhere)]
                for key, value in other_kind.args:
                    for other in retyped(value):
                        wrong = Action.of(other_kind.kind, **{**other_kind.params, key: other})
                        probe(state, seat, wrong)
                        counts["elsewhere"] += 1
            state.apply(action, seat)
            counts["actions"] += 1
    return counts


def every_mode() -> list[tuple[str, dict[str, Any]]]:
    return [(spec.name, dict(p)) for spec in specs() for p in spec.conformance]


SEEDS, STEPS = 2, 150


@pytest.mark.parametrize(("name", "params"), every_mode(), ids=lambda v: str(v))
def test_a_wrong_typed_argument_is_refused_and_changes_nothing(
    name: str, params: dict[str, Any]
) -> None:
    counts = mutated_refusals(name, params, SEEDS, STEPS)
    assert counts["actions"] > 0
    if counts["checked"]:
        assert counts["malformed"], f"{name}: no wrong type was ever refused as malformed"


def test_the_sources_refuse_the_same_way() -> None:
    """The same property in a process that runs every compiled module from its source."""
    if native.running() != "compiled":
        pytest.skip("this process runs the sources already (no fresh `make compile` build)")
    out = subprocess.run(
        [sys.executable, "-m", "tests.engine.test_argument_types", "property"],
        cwd=ROOT,
        env=dict(os.environ, TABLETOP_PURE="1"),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    running, counts = out.stdout.split(maxsplit=1)
    assert running == "pure"
    assert all(c["malformed"] for c in json.loads(counts).values() if c["checked"])


if __name__ == "__main__":  # the source build's side (see test_the_sources_refuse_the_same_way)
    results = {f"{n} {p}": mutated_refusals(n, p, 1, 80) for n, p in every_mode()}
    print(native.running(), json.dumps(results))


def first_offer(
    name: str, params: dict[str, Any], kind: str, **having: Any
) -> tuple[State, Action]:
    """The first state of seeded random playouts where some seat is offered an action of
    ``kind`` whose arguments include ``having``: the state and that action."""
    game = load(name, **params)
    for seed in range(20):
        state, rng = game.new_state(seed), Rng(seed)
        while not state.is_terminal():
            for seat in state.current_seats():
                for a in state.legal_actions(seat):
                    if a.kind == kind and all(a.get(k) == v for k, v in having.items()):
                        return state, a
            seat = state.current_seats()[0]
            state.apply(random_action(state, seat, rng), seat)
    raise AssertionError(f"{name}: no {kind} {having} offered in 20 random games")


def deciding(state: State, action: Action) -> int:
    return next(s for s in state.current_seats() if action in state.legal_actions(s))


def refused_before_the_rules(state: State, seat: int, wrong: Action, words: str) -> str:
    """``wrong`` is refused as malformed with ``words``, the state unchanged."""
    before = state.dumps()
    with pytest.raises(MalformedAction) as refused:
        state.apply(wrong, seat)
    assert words in str(refused.value), str(refused.value)
    assert state.dumps() == before
    assert not state.is_legal(wrong, seat)
    return str(refused.value)


class TestTheOutsidePassExamples:
    def test_a_hustle_of_true_steps_is_not_a_hustle_of_one(self) -> None:
        state, one = first_offer("lairs", {}, "hustle", steps=1)
        seat = deciding(state, one)
        wrong = Action.of("hustle", **{**one.params, "steps": True})
        assert wrong == one  # Python's equality, which admitted it
        refused_before_the_rules(state, seat, wrong, "argument 'steps' must be int, not bool True")
        state.apply(Action.from_json(json.loads(json.dumps(one.to_json()))), seat)
        assert '"steps": true' not in state.dumps()

    def test_a_building_of_level_true_is_not_committed(self) -> None:
        state, build = first_offer("paper-tales", {"players": 2}, "build", level=1)
        seat = deciding(state, build)
        wrong = Action.of("build", **{**build.params, "level": True})
        refused_before_the_rules(state, seat, wrong, "argument 'level' must be int")

    def test_a_list_for_a_cell_is_refused_not_an_attribute_error(self) -> None:
        state, back = first_offer("lairs", {}, "take-back")
        seat = deciding(state, back)
        cell = back["cell"]
        wrong = Action.of("take-back", **{**back.params, "cell": [cell]})
        refused_before_the_rules(state, seat, wrong, "argument 'cell' must be str, not list of str")
        build = Action.from_json({"kind": "build", "args": {"cell": [cell], "piece": "x"}})
        assert not state.is_legal(build, seat)
