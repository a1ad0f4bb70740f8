"""The conformance harness over every registered game and every mode it declares."""

from __future__ import annotations

import pytest

from tabletop.engine import specs
from tabletop.testing import check_game

from .modes import game_cases

CASES = game_cases()


@pytest.mark.parametrize(("name", "params"), CASES)
def test_random_playouts_keep_the_protocol(name: str, params: dict) -> None:
    reports = check_game(name, params, range(3), deep_every=3)
    assert all(r.terminal for r in reports)


def test_every_registered_game_is_in_the_harness() -> None:
    for spec in specs():
        assert spec.conformance, f"{spec.name} declares no conformance parameter sets"
        for mode in spec.modes:
            covered = [p for p in spec.conformance if p.get("mode", spec.modes[0]) == mode]
            assert covered, f"{spec.name}: mode {mode!r} is not covered by the conformance harness"
