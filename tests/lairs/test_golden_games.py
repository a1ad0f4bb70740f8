"""Golden games of Lairs from the first piece to the end: the greedy bot on every seat builds,
explores and escapes (or runs out of torches), base game, Adventurer's Pack and solo. Each step
records the decision, a digest of every seat's view and the spectator's, and the action taken;
the end records the outcome and the spectator's whole view. Any rule change anywhere in a game
shows up as a reviewable diff. Regenerate with `make golden` after an intended change."""

from __future__ import annotations

import difflib
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import load
from tabletop.engine.bots import make_bot

ROOT = Path(__file__).parent.parent / "golden" / "lairs"
CASES = [
    {"mode": "standard"},
    {"mode": "standard", "pack": True},
    {"mode": "solo", "difficulty": "mid"},
    {"mode": "solo", "pack": True, "difficulty": "hard"},
]


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def greedy_game(params: dict[str, Any], seed: int) -> str:
    """A whole game of greedy bots, as text (the first deciding seat acts at each step)."""
    game = load("lairs", **params)
    state = game.new_state(seed)
    bots = {s: make_bot(game, "greedy", s, seed) for s in range(game.num_players)}
    lines = [
        "game: lairs (greedy bots to the end)",
        f"params: {json.dumps(game.params, sort_keys=True)}",
        f"seed: {seed}",
    ]
    step = 0
    while not state.is_terminal():
        prompt = state.prompt()
        seat = prompt.seats[0]
        views = [_digest(state.view(v)) for v in [*range(game.num_players), None]]
        action = bots[seat].act(state)
        lines.append(
            f"{step} {prompt.kind} r{state.rounds()} views {' '.join(views)} | seat {seat}: "
            f"{state.describe_action(action, seat)} [{action}]"
        )
        state.apply(action, seat)
        step += 1
        assert step < game.spec.max_actions
    lines.append(f"outcome: {json.dumps(state.outcome().to_json(), sort_keys=True)}")
    lines.append(f"spectator: {json.dumps(state.view(None), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def golden_file(params: dict[str, Any], seed: int) -> Path:
    tag = "-".join(f"{k}={v}" for k, v in sorted(params.items()))
    return ROOT / f"greedy-{tag}-seed{seed}.txt"


@pytest.mark.parametrize("params", CASES, ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()))
def test_a_whole_greedy_game_matches_its_golden_file(
    params: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    path = golden_file(params, 1)
    text = greedy_game(params, 1)
    assert "outcome:" in text and " turn r" in text  # explored, to the end
    if request.config.getoption("--regenerate-golden"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden game for {params}: run `make golden`"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            difflib.unified_diff(expected.splitlines(True), text.splitlines(True), str(path), "now")
        )
        pytest.fail(f"the greedy game changed (run `make golden` if intended):\n{diff[:4000]}")
