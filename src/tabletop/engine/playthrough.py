"""Golden playthroughs: a seeded random game written as text (views, legal actions, choices).

Every step records the prompt, a digest of every seat's view, the legal actions and the choice;
every ``FULL_VIEW_EVERY`` steps the deciding seat's whole view is written out too, so files stay
small enough to review while any change to any view still shows up.

Committed playthrough files turn any rule change into a reviewable diff (after OpenSpiel's
``integration_tests/playthroughs``). ``tabletop golden --regenerate`` rewrites them; a test diffs.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .registry import load, specs
from .rng import Rng, derive_seed

GOLDEN_STEPS = 80
FULL_VIEW_EVERY = 20
LIST_AT_MOST = 128  # a longer templated decision is written as its size and a digest


def playthrough_text(
    name: str, params: Mapping[str, Any], seed: int, steps: int = GOLDEN_STEPS
) -> str:
    """The first ``steps`` decisions of a seeded random game, as text."""
    game = load(name, **params)
    state = game.new_state(seed)
    rng = Rng(derive_seed(seed, "golden"))
    lines = [f"game: {name}", f"params: {json.dumps(game.params, sort_keys=True)}", f"seed: {seed}"]
    for step in range(steps):
        prompt = state.prompt()
        lines.append("")
        lines.append(
            f"## step {step}: {prompt.kind} (seats {list(prompt.seats)}, turn {prompt.turn})"
        )
        if not prompt.seats:
            lines.append(f"outcome: {json.dumps(state.outcome().to_json(), sort_keys=True)}")
            break
        seat = prompt.seats[rng.below(len(prompt.seats))]
        digests = []
        for viewer in [*range(game.num_players), None]:
            text = json.dumps(state.view(viewer), sort_keys=True)
            digests.append(hashlib.sha256(text.encode()).hexdigest()[:10])
        lines.append("view digests (seats, spectator): " + " ".join(digests))
        if step % FULL_VIEW_EVERY == 0:
            lines.append(f"view[{seat}]: {json.dumps(state.view(seat), sort_keys=True)}")
        legal = state.legal_actions(seat)
        listing = " | ".join(str(a) for a in legal)
        if len(legal) > LIST_AT_MOST and state.templates(seat) is not None:
            # a templated decision of thousands of actions: their number and a digest
            digest = hashlib.sha256(listing.encode()).hexdigest()[:10]
            listing = f"{len(legal)} actions of the templates, digest {digest}"
        lines.append(f"legal[{seat}]: " + listing)
        action = rng.choice(legal)
        lines.append(f"chosen[{seat}]: {action}")
        state.apply(action, seat)
    return "\n".join(lines) + "\n"


def golden_cases() -> list[tuple[str, dict[str, Any], int]]:
    """One golden game per conformance parameter set of every registered game."""
    cases = []
    for spec in specs():
        for params in spec.conformance or ({},):
            cases.append((spec.name, dict(params), 1))
    return cases


def golden_path(root: Path, name: str, params: Mapping[str, Any], seed: int) -> Path:
    tag = "-".join(f"{k}={v}" for k, v in sorted(params.items())) or "default"
    return root / name / f"{tag}-seed{seed}.txt"


def regenerate(root: Path, only: str | None = None) -> list[Path]:
    written = []
    for name, params, seed in golden_cases():
        if only and name != only:
            continue
        path = golden_path(root, name, params, seed)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(playthrough_text(name, params, seed), encoding="utf-8")
        written.append(path)
    return written
