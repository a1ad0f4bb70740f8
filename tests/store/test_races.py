"""Concurrent writes to one saved game on SQLite (PostgreSQL: test_postgres.py)."""

from __future__ import annotations

from pathlib import Path

from .races import two_actions_race, undo_and_action_race


class TestWritesToOneGameAreSerialised:
    def test_an_undo_and_an_action_at_once_one_wins_the_other_is_stale(
        self, tmp_path: Path
    ) -> None:
        undo_and_action_race(f"sqlite:///{tmp_path / 'races.db'}", rounds=15)

    def test_two_actions_at_once_one_wins_the_other_is_stale(self, tmp_path: Path) -> None:
        two_actions_race(f"sqlite:///{tmp_path / 'races.db'}", rounds=15)
