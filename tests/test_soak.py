"""`make soak` in miniature: every part runs and reports clean figures (slow: a real server)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import soak
from tabletop.engine.registry import load
from tabletop.store.games import GameStore

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow  # about 75 s on two busy cores: four server starts, 21 games each
def test_a_small_soak_of_every_game_reports_clean_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A few hundred actions: each game fuzzed at least once, clients and their races on every
    mode, a kill -9 restart, a differential per mode (the full run is ``make soak``)."""
    code = soak.main(
        [
            "--seed", "3", "--fuzz-actions", "200", "--deep-every", "40", "--workers", "1",
            "--clients", "3", "--client-seconds", "4", "--restarts", "1", "--differentials", "1",
        ]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    assert "violations 0, lost 0, duplicated 0, 5xx 0, corrupted 0, leaks 0" in out
    for name in ("lairs", "paper-tales", "paupers-ladder"):
        line = next(line for line in out.splitlines() if line.startswith(f"  {name}: "))
        assert " fuzz 0 games" not in line and "HTTP actions 0," not in line, line
        assert " in 0 differentials" not in line, line


@pytest.mark.soak
def test_the_http_differential_finds_a_view_that_leaks(tmp_path: Path) -> None:
    """Two games differing only in the hands the spectator cannot see: the honest Secret Bids
    answers both alike; a copy whose spectator view shows every hand is caught."""
    from tabletop.engine import registry

    from . import soak_leaky

    url = f"sqlite:///{tmp_path / 'd.db'}"
    server = soak.Server(url, modules=("tests.soak_leaky",), path=ROOT)
    server.start()
    try:
        honest, leaky = soak.Figures(), soak.Figures()
        soak.differential(honest, server.base, url, 1, 2, [("toy-bids", {"players": 2})])
        soak.differential(leaky, server.base, url, 1, 2, [("toy-leaky-bids", {"players": 2})])
    finally:
        server.stop()
        registry._GAMES.pop(soak_leaky.LeakyBids.spec.name, None)  # for no other test to meet
    assert honest.per["toy-bids"].differentials >= 2 and honest.leaks == 0, honest.violations
    assert leaky.leaks >= 1
    assert "answers['spectator']" in leaky.violations[0], leaky.violations


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
