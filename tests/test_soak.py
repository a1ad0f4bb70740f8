"""`make soak` in miniature: every part runs and reports clean figures (slow: a real server)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import soak
from tabletop.engine.registry import load
from tabletop.store.games import GameStore


@pytest.mark.slow
def test_a_small_soak_reports_no_violation_loss_or_5xx(capsys: pytest.CaptureFixture[str]) -> None:
    code = soak.main(
        [
            "--seed", "3", "--per-mode", "1", "--deep-every", "50", "--workers", "1",
            "--clients", "3", "--client-seconds", "5", "--client-games", "2", "--restarts", "2",
        ]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    assert "violations 0, lost 0, duplicated 0, 5xx 0" in out


class TestUnansweredRequests:
    """A request whose answer never came (a timeout on a starved server, a killed server) may or
    may not have been applied: the store is checked against a range, not counted as a loss or a
    duplicate."""

    def _game(self, tmp_path: Path, actions: int) -> tuple[str, soak.ClientGame]:
        url = f"sqlite:///{tmp_path / 'g.db'}"
        state = load("paupers-ladder", players=2).new_state(seed=11)
        store = GameStore(url)
        ident = store.create(state, ["human", "human"])
        for _ in range(actions):
            seat = state.current_seats()[0]
            action = state.legal_actions(seat)[0]
            state = store.apply(ident, seat, action)
        return url, soak.ClientGame(ident, "token", 2)

    @staticmethod
    def _counted(
        url: str, g: soak.ClientGame, answered: int, actions: int, undos: int
    ) -> tuple[int, int]:
        """(lost, duplicated) for a game whose clients had ``answered`` actions accepted and
        ``actions`` actions and ``undos`` undos sent without an answer."""
        g.accepted = [(i, 0, {}) for i in range(answered)]
        g.unsure_actions, g.unsure_undos = actions, undos
        fig = soak.Figures()
        soak.check_store(fig, url, [g], undos=True)
        return fig.lost, fig.duplicated

    def test_an_unanswered_action_that_was_applied_is_not_a_duplicate(self, tmp_path: Path) -> None:
        url, g = self._game(tmp_path, 3)
        assert self._counted(url, g, answered=2, actions=1, undos=0) == (0, 0)

    def test_an_unanswered_undo_that_was_applied_is_not_a_loss(self, tmp_path: Path) -> None:
        url, g = self._game(tmp_path, 2)
        assert self._counted(url, g, answered=3, actions=0, undos=1) == (0, 0)

    def test_beyond_the_unanswered_requests_a_loss_or_a_duplicate_still_counts(
        self, tmp_path: Path
    ) -> None:
        url, g = self._game(tmp_path, 3)
        assert self._counted(url, g, answered=1, actions=1, undos=0) == (0, 1)
        assert self._counted(url, g, answered=5, actions=0, undos=1) == (1, 0)
