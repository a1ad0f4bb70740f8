"""The Ray backend gives the same results as local processes (needs `pip install tabletop[ray]`)."""

from __future__ import annotations

import pytest

from tabletop.sim.runner import simulate

pytestmark = pytest.mark.slow


def test_ray_backend_matches_local_processes() -> None:
    pytest.importorskip("ray")
    seats = ["bot:random", "bot:random"]
    local = simulate("paupers-ladder", {"players": 2}, 3, 5, seats, workers=1)
    remote = simulate("paupers-ladder", {"players": 2}, 3, 5, seats, backend="ray")

    def strip(doc: dict) -> list[dict]:
        return [{k: v for k, v in r.items() if k != "seconds"} for r in doc["results"]]

    assert strip(local) == strip(remote)
