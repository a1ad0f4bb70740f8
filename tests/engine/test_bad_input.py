"""Bad input to the protocol gets IllegalAction naming what was wrong, in the compiled build as
from the sources (issue 23 point 6: mypyc checks argument types at the call, so the compiled
build answered ``state.apply({...})`` or a seat given as ``"0"`` with TypeError)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabletop import native
from tabletop.engine import Action, IllegalAction, MalformedAction, load
from tabletop.engine.protocol import State
from tests.engine import lairgame, toygame  # noqa: F401  (the engine's test games)

ROOT = Path(__file__).resolve().parents[2]

# every game, a templated one among them; Paupers' Ladder's state class is compiled too
GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("toy-bids", {"players": 2}),
    ("toy-lairs", {"players": 3}),
    ("paupers-ladder", {"players": 2}),
    ("paper-tales", {"players": 2}),
    ("lairs", {}),
)


def bad_calls(state: State) -> dict[str, Callable[[], object]]:
    """Calls that name no action or no seat, by name."""
    seat = state.current_seats()[0]
    legal = state.legal_actions(seat)[0]
    return {
        "apply(dict)": lambda: state.apply(legal.to_json(), seat),
        "apply(None)": lambda: state.apply(None, seat),
        "apply('x')": lambda: state.apply("x", seat),
        "apply(kind only)": lambda: state.apply(legal.kind, seat),
        "apply(seat '0')": lambda: state.apply(legal, str(seat)),
        "apply(seat True)": lambda: state.apply(legal, bool(seat) if seat in (0, 1) else True),
        "apply(seat 1.0)": lambda: state.apply(legal, float(seat)),
        "apply(seat [0])": lambda: state.apply(legal, [seat]),
        "check(dict)": lambda: state.check({"kind": legal.kind}, seat),
        "check(seat '0')": lambda: state.check(legal, str(seat)),
        "is_legal(dict)": lambda: state.is_legal(legal.to_json(), seat),
        "is_legal(seat '0')": lambda: state.is_legal(legal, str(seat)),
        "legal_actions('0')": lambda: state.legal_actions(str(seat)),
        "legal_actions(True)": lambda: state.legal_actions(True),
        "legal_actions(1.5)": lambda: state.legal_actions(1.5),
        "view('0')": lambda: state.view("0"),
        "view(True)": lambda: state.view(True),
        "view(99)": lambda: state.view(99),
        "view(-1)": lambda: state.view(-1),
        "templates('0')": lambda: state.templates("0"),
        "templates(False)": lambda: state.templates(False),
    }


# what each refusal must name
WORDS = {
    "dict": "not a dict",
    "None": "not None",
    "'x'": "not a str 'x'",
    "kind only": "not a str",
    "'0'": "not a str '0'",
    "True": "not a bool",
    "False": "not a bool",
    "1.0": "not a float",
    "1.5": "not a float",
    "[0]": "not a list",
    "99": "there is no seat 99",
    "-1": "there is no seat -1",
}


def answers() -> dict[str, dict[str, str]]:
    """Every bad call on every game: the exception's class and message (the state checked
    unchanged after each)."""
    out: dict[str, dict[str, str]] = {}
    for name, params in GAMES:
        state = load(name, **params).new_state(1)
        before = state.dumps()
        for call, run in bad_calls(state).items():
            try:
                run()
            except Exception as exc:  # the point: which exception, in either build
                out[f"{name} {call}"] = {"type": type(exc).__name__, "message": str(exc)}
            else:
                out[f"{name} {call}"] = {"type": "none", "message": ""}
            assert state.dumps() == before, f"{name} {call} changed the state"
    return out


def check_answers(found: dict[str, dict[str, str]]) -> None:
    for key, answer in found.items():
        assert answer["type"] == "MalformedAction", (key, answer)
        arg = key.split("(", 1)[1].rstrip(")").replace("seat ", "")
        assert WORDS[arg] in answer["message"], (key, answer["message"])
        call = key.split(" ", 1)[1].split("(")[0]
        assert answer["message"].split(": ", 1)[1].startswith(call), (key, answer["message"])


class TestBadInput:
    def test_every_bad_call_is_refused_naming_what_was_wrong(self) -> None:
        check_answers(answers())

    def test_refusals_are_illegal_actions(self) -> None:
        state = load("toy-bids").new_state(0)
        with pytest.raises(IllegalAction, match="apply takes an Action"):
            state.apply({"kind": "bid", "args": {"card": 1}}, 0)
        assert issubclass(MalformedAction, IllegalAction) and issubclass(IllegalAction, ValueError)

    def test_a_seat_that_is_an_int_subclass_acts_as_that_int(self) -> None:
        from enum import IntEnum

        class Seat(IntEnum):
            FIRST = 0

        state = load("toy-bids").new_state(0)
        legal = state.legal_actions(Seat.FIRST)
        assert legal == state.legal_actions(0)
        state.apply(Action.of(legal[0].kind, **legal[0].params), Seat.FIRST)
        assert state.history()[-1][0] == 0 and type(state.history()[-1][0]) is int

    def test_the_compiled_build_and_the_sources_answer_alike(self) -> None:
        if native.running() != "compiled":
            pytest.skip("no fresh compiled build here (`make compile`)")
        out = subprocess.run(
            [sys.executable, "-m", "tests.engine.test_bad_input"],
            cwd=ROOT,
            env=dict(os.environ, TABLETOP_PURE="1"),
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        )
        running, blob = out.stdout.split(maxsplit=1)
        assert running == "pure"
        from_source = json.loads(blob)
        check_answers(from_source)
        assert from_source == answers()


if __name__ == "__main__":  # the sources' side of the comparison
    print(native.running(), json.dumps(answers()))
