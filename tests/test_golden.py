"""Golden playthroughs: seeded random games written as text and diffed against committed files.

Regenerate after an intended rule change with `make golden` and review the diff."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tabletop.engine.playthrough import golden_cases, golden_path, playthrough_text

ROOT = Path(__file__).parent / "golden"


@pytest.mark.parametrize(("name", "params", "seed"), golden_cases())
def test_playthrough_matches_golden_file(
    name: str, params: dict, seed: int, request: pytest.FixtureRequest
) -> None:
    path = golden_path(ROOT, name, params, seed)
    text = playthrough_text(name, params, seed)
    if request.config.getoption("--regenerate-golden"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden playthrough for {name} {params}: run `make golden`"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), text.splitlines(True), str(path), "now", n=1
            )
        )
        pytest.fail(f"playthrough changed (run `make golden` if intended):\n{diff[:4000]}")
