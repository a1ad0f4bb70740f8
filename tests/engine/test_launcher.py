"""The launcher that `make run` starts."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

from tabletop.cli.launcher import launcher
from tabletop.engine import specs
from tabletop.store.games import GameStore


def scripted(answers: list[str]) -> tuple[Console, Iterator[str]]:
    return Console(file=io.StringIO(), width=120), iter(answers)


class TestLauncher:
    def test_new_game_then_resume_from_the_menu(self, tmp_path: Path) -> None:
        db = f"sqlite:///{tmp_path / 'l.db'}"
        index = [s.name for s in specs()].index("toy-bids") + 1
        # choose the game, players (default), rounds=3, seats: two humans, one bid, then quit
        console, answers = scripted([str(index), "", "3", "human,human", "1", "", "q"])
        launcher(console, db, ask=lambda _prompt: next(answers))
        [saved] = GameStore(db).list()
        assert saved.game == "toy-bids" and saved.num_actions == 1
        text = console.file.getvalue()  # type: ignore[attr-defined]
        assert "What would you like to play?" in text and "Saved as" in text
        # the saved game is offered for resuming
        resume = len(specs()) + 1
        console, answers = scripted([str(resume), "1", "", "q"])
        launcher(console, db, ask=lambda _prompt: next(answers))
        [saved] = GameStore(db).list()
        assert saved.num_actions == 2
