"""Views: log lines with per-seat visibility."""

from __future__ import annotations

from typing import Any

from tabletop.engine.views import LOG_LIMIT, log, log_for


class TestLog:
    def test_private_lines_reach_only_their_seats(self) -> None:
        data: dict[str, Any] = {}
        log(data, "everyone sees this")
        log(data, "seat 1 drew the dragonsbane", to=[1])
        assert [e["text"] for e in log_for(data, 0)] == ["everyone sees this"]
        assert [e["text"] for e in log_for(data, 1)] == [
            "everyone sees this",
            "seat 1 drew the dragonsbane",
        ]
        assert [e["n"] for e in log_for(data, None)] == [0]

    def test_the_log_keeps_its_last_lines_and_numbers_them(self) -> None:
        data: dict[str, Any] = {}
        for i in range(LOG_LIMIT + 5):
            log(data, f"line {i}")
        lines = log_for(data, 0)
        assert len(lines) == LOG_LIMIT and lines[-1] == {
            "n": LOG_LIMIT + 4,
            "text": f"line {LOG_LIMIT + 4}",
        }

    def test_a_log_saved_in_the_older_form_still_reads(self) -> None:
        # states saved before the compact form kept [number, text, seats or None] triples
        data: dict[str, Any] = {
            "log": [[7, "old public", None], [8, "old for seat 1", [1]]],
            "log_n": 9,
        }
        log(data, "new public")
        log(data, "new for seat 0", to=[0])
        assert log_for(data, 0) == [
            {"n": 7, "text": "old public"},
            {"n": 9, "text": "new public"},
            {"n": 10, "text": "new for seat 0"},
        ]
        assert [e["n"] for e in log_for(data, 1)] == [7, 8, 9]
        assert [e["n"] for e in log_for(data, None)] == [7, 9]
