"""The engine's random bot over Lairs' templated building decision: a placement is drawn from
the template without listing hundreds of them, and every legal action is still equally likely."""

from __future__ import annotations

import pytest

from tabletop.engine import State, draws, load
from tabletop.engine.bots import random_action
from tabletop.engine.rng import Rng


def _building() -> tuple[State, int]:
    game = load("lairs", mode="standard")
    state = game.new_state(5)
    assert state.prompt().kind == "build"
    return state, 0


def test_a_drawn_placement_is_legal_and_every_one_equally_likely() -> None:
    state, seat = _building()
    legal = state.legal_actions(seat)
    assert 300 < len(legal) < 1080  # fewer than the template's combinations
    rng = Rng(11)
    per = 50
    counts = dict.fromkeys(legal, 0)
    for _ in range(per * len(legal)):
        a = random_action(state, seat, rng)
        assert a in counts, a
        counts[a] += 1
    # Pearson's chi-square over the legal actions: mean len-1, deviation sqrt(2(len-1));
    # a draw that favoured a piece, a side or a template would be far beyond 5 deviations
    chi2 = sum((n - per) ** 2 / per for n in counts.values())
    dof = len(legal) - 1
    assert chi2 < dof + 5 * (2 * dof) ** 0.5, chi2
    assert min(counts.values()) > 0


def test_without_templates_it_draws_as_picking_from_the_list() -> None:
    game = load("lairs", mode="solo")
    state = game.new_state(2)
    seat = state.prompt().seats[0]
    assert state.templates(seat) is None
    legal = state.legal_actions(seat)
    for k in range(20):
        assert random_action(state, seat, Rng(k)) == legal[Rng(k).below(len(legal))]


def test_after_the_tries_run_out_it_draws_from_the_full_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, seat = _building()
    monkeypatch.setattr(draws, "TRIES", 0)
    legal = state.legal_actions(seat)
    for k in range(20):
        a = random_action(state, seat, Rng(k))
        assert a == legal[Rng(k).below(len(legal))]


@pytest.mark.parametrize("tries", [draws.TRIES, 2])
def test_the_games_draw_is_the_engines_draw_from_the_templates(
    tries: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Build's own draw takes the same numbers from the Rng as the engine's rejection draw over
    its templates, and so the same action (the same games as before it), the full list's draw
    after the tries run out included."""
    monkeypatch.setattr(draws, "TRIES", tries)
    drawn = 0
    for params in ({"mode": "standard"}, {"mode": "standard", "pack": True}):
        game = load("lairs", **params)
        for seed in range(2):
            state, rng = game.new_state(seed), Rng(100 + seed)
            while state.prompt().kind in ("draft", "build"):
                seat = state.prompt().seats[rng.below(len(state.prompt().seats))]
                if state.prompt().kind == "build":
                    mine, engines = rng.copy(), rng.copy()
                    decision = state.decision()  # type: ignore[attr-defined]
                    action = decision.draw(state, seat, mine)
                    templates = state.templates(seat)
                    assert templates is not None
                    assert action == draws._from_templates(state, seat, engines, templates)
                    assert mine.state == engines.state
                    drawn += 1
                state.apply(random_action(state, seat, rng), seat)
    assert drawn > 200
