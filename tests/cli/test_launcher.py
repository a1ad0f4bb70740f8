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


def paupers_index() -> str:
    return str([s.name for s in specs()].index("paupers-ladder") + 1)


class TestLauncherAsksOnlyWhatApplies:
    """Issue 10, item 1: a standard game is not asked the solo scenario, and nothing typed ends
    in a traceback."""

    def test_a_standard_game_is_not_asked_solo_questions(self, tmp_path: Path) -> None:
        db = f"sqlite:///{tmp_path / 'l.db'}"
        asked: list[str] = []
        # mode: standard (Enter takes the default), players: 2 (default), first-game birds: no
        answers = iter([paupers_index(), "", "", "", "", "q"])

        def ask(prompt: str) -> str:
            asked.append(prompt)
            return next(answers)

        console, _ = scripted([])
        launcher(console, db, ask=ask)
        text = console.file.getvalue()  # type: ignore[attr-defined]
        assert "solo scenario" not in text and "solo difficulty" not in text
        [saved] = GameStore(db).list()
        assert saved.params["mode"] == "standard" and "scenario" not in saved.params
        assert saved.seats == ["human", "bot:greedy"]
        assert "make play" in text and "make run" not in text

    def test_solo_asks_the_scenario_and_defaults_to_one_player(self, tmp_path: Path) -> None:
        db = f"sqlite:///{tmp_path / 'l.db'}"
        # mode 3 = solo; players (default 1 in solo); scenario 2; difficulty 3; birds (default)
        console, answers = scripted([paupers_index(), "3", "", "2", "3", "", "", "q"])
        launcher(console, db, ask=lambda _p: next(answers))
        [saved] = GameStore(db).list()
        assert saved.params["players"] == 1
        assert saved.params["scenario"] == "saltash-necromancer"
        assert saved.params["difficulty"] == "hard"

    def test_bad_seats_and_bad_combinations_are_asked_again(self, tmp_path: Path) -> None:
        db = f"sqlite:///{tmp_path / 'l.db'}"
        # survival with 1 player is refused by the game; then seats with an unknown bot
        console, answers = scripted(
            [paupers_index(), "2", "1", "", "2", "", "", "human,bot:smart", "human,human", "q"]
        )
        launcher(console, db, ask=lambda _p: next(answers))
        text = console.file.getvalue()  # type: ignore[attr-defined]
        assert "Choose again" in text and "no bot 'smart'" in text
        [saved] = GameStore(db).list()
        assert saved.params["mode"] == "survival" and saved.seats == ["human", "human"]
