"""Simulation: same seed, same results, whatever the number of workers."""

from __future__ import annotations

import pytest

from tabletop.engine import load
from tabletop.engine.bots import make_bot
from tabletop.sim.runner import parse_params, parse_seats, simulate


class TestSimulate:
    def test_results_do_not_depend_on_workers(self) -> None:
        one = simulate("toy-bids", {"players": 3}, 12, 100, ["bot:random"] * 3, workers=1)
        two = simulate("toy-bids", {"players": 3}, 12, 100, ["bot:random"] * 3, workers=2)
        strip = lambda doc: [{k: v for k, v in r.items() if k != "seconds"} for r in doc["results"]]  # noqa: E731
        assert strip(one) == strip(two)
        assert [r["seed"] for r in one["results"]] == list(range(100, 112))

    def test_document_shape_and_summary(self) -> None:
        doc = simulate("toy-bids", {}, 10, 0, ["bot:random", "bot:random"])
        assert set(doc) == {"game", "params", "seed", "seats", "results", "summary"}
        row = doc["results"][0]
        assert set(row) >= {"seed", "winners", "scores", "reason", "actions", "rounds"}
        s = doc["summary"]
        assert s["games"] == 10 and s["reasons"] == {"rounds": 10}
        assert set(s["win_share"]) == {"0", "1"}

    def test_seat_and_param_parsing(self) -> None:
        assert parse_seats("bot:random", 3) == ["bot:random"] * 3
        with pytest.raises(ValueError, match="names 2 seats; the game has 3"):
            parse_seats("bot:a,bot:b", 3)
        assert parse_params(["players=3", "mode=solo"]) == {"players": "3", "mode": "solo"}
        with pytest.raises(ValueError, match="key=value"):
            parse_params(["players"])

    def test_unknown_bot_kind(self) -> None:
        with pytest.raises(ValueError, match="has no bot 'genius'; available: ismcts, random"):
            make_bot(load("toy-bids"), "genius", 0, 1)
