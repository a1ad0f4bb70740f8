"""The conformance harness over every registered game and every mode it declares."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.engine import load, specs
from tabletop.engine.decisions import DecidingState
from tabletop.engine.harness import random_playout
from tabletop.testing import check_game

from .modes import game_cases

CASES = game_cases()


@pytest.mark.parametrize(("name", "params"), CASES)
def test_random_playouts_keep_the_protocol(name: str, params: dict) -> None:
    reports = check_game(name, params, range(3), deep_every=3, through_json=False)
    assert all(r.terminal for r in reports)


# Played through its JSON form beside it (issue 27, point 5). Paper Tales' Golem once named the
# Buildings it raises in a mapping's order ("raises Town, Barracks, Mine" in memory, "Barracks,
# Mine, Town" once the JSON form's sorted keys had reordered it): with these seeds three of its
# modes showed it.
THROUGH_JSON_SEEDS = range(3)


@pytest.mark.parametrize(("name", "params"), CASES)
def test_every_mode_plays_on_the_same_through_its_json_form(name: str, params: dict) -> None:
    """Played in memory and, beside it, rebuilt from its JSON text before every action (as the
    web store keeps a game): data, log and RNG equal after every action."""
    game = load(name, **params)
    for seed in THROUGH_JSON_SEEDS:
        _, report = random_playout(game, seed, check=False, through_json=True)
        assert report.terminal


def test_every_registered_game_is_in_the_harness() -> None:
    for spec in specs():
        assert spec.conformance, f"{spec.name} declares no conformance parameter sets"
        for mode in spec.modes:
            covered = [p for p in spec.conformance if p.get("mode", spec.modes[0]) == mode]
            assert covered, f"{spec.name}: mode {mode!r} is not covered by the conformance harness"


# Random playouts per parameter set for the coverage of declared decisions (unchecked, so cheap).
COVERAGE_SEEDS = range(12)

# Decisions too rare for random playouts (they need a second dragon trophy, a full Recipe Book when
# dragonfire comes, two Cities equally near a dragon's nest, a Lairs hand over its Junk limit), each
# with the rule tests that build the state and are prompted for it; the test below checks those
# files do.
RARE_DECISIONS: dict[str, dict[str, str]] = {
    "lairs": {"discard-junk": "lairs/test_rulebook_examples.py"},
    "paupers-ladder": {
        "magnificence": "paupers_ladder/test_rulebook_examples.py",
        "make-room": "paupers_ladder/test_solo.py",
        "nest": "paupers_ladder/test_solo.py",
    },
}


@pytest.mark.parametrize("name", sorted(spec.name for spec in specs()))
def test_every_declared_decision_is_reached(name: str) -> None:
    """Every kind a game declares is prompted in its random playouts (automata's decisions are
    played by the rules, never prompted, and are checked by the game's own tests)."""
    spec = next(s for s in specs() if s.name == name)
    reached: set[str] = set()
    declared: tuple[str, ...] = ()
    for params in spec.conformance:
        game = load(name, **params)
        state = game.new_state(0)
        if not isinstance(state, DecidingState):
            pytest.skip(f"{name} does not declare its decisions")
        declared = tuple(d.kind for d in state.decisions if not d.automaton)
        for seed in COVERAGE_SEEDS:
            _, report = random_playout(game, seed, check=False)
            reached |= set(report.decisions)
    rare = RARE_DECISIONS.get(name, {})
    for kind, where in rare.items():
        assert kind in declared, f"{name}: {kind!r} is listed as rare but not declared"
        text = (Path(__file__).parent / where).read_text(encoding="utf-8")
        assert f'prompt().kind == "{kind}"' in text, f"{where} is never prompted for {kind!r}"
    missing = sorted(set(declared) - reached - set(rare))
    assert not missing, f"{name}: declared decisions never reached in random playouts: {missing}"
