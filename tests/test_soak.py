"""`make soak` in miniature: every part runs and reports clean figures (slow: a real server)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import soak, soakfuzz
from tabletop.engine.harness import ConformanceError, random_playout
from tabletop.engine.registry import load
from tabletop.pgserver import PgServer, binaries
from tabletop.store.games import GameStore

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow  # a few minutes on two busy cores: server starts on two stores, 21 modes each
def test_a_small_soak_of_every_game_reports_clean_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A few hundred actions: each game fuzzed at least once, clients and their races on every
    mode, the Builder's races, a kill -9 restart, a differential per mode, on SQLite and (where
    it is installed) on a throwaway PostgreSQL server of the soak's own (the full run is
    ``make soak``)."""
    postgres = binaries() is not None
    code = soak.main(
        [
            "--seed", "3", "--fuzz-actions", "200", "--deep-every", "40", "--workers", "1",
            "--clients", "3", "--client-seconds", "4", "--builder-races", "3", "--undo-races", "2",
            "--restarts", "1", "--differentials", "1",
            *(() if postgres else ("--no-postgres",)),
        ]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    assert "violations 0, lost 0, duplicated 0, 5xx 0, corrupted 0, leaks 0" in out
    stores = ("SQLite", "PostgreSQL") if postgres else ("SQLite",)
    for name in ("lairs", "paper-tales", "paupers-ladder"):
        line = next(line for line in out.splitlines() if line.startswith(f"  {name}: "))
        assert " fuzz 0 games" not in line, line
        for store in stores:
            line = next(ln for ln in out.splitlines() if ln.startswith(f"  {name} on {store}: "))
            assert "HTTP actions 0," not in line and " in 0 differentials" not in line, line
    for store in stores:
        line = next(
            ln for ln in out.splitlines() if ln.startswith(f"Builder's choice (Lairs, {store})")
        )
        assert ": 3 races" in line, line
    if postgres:
        assert "PostgreSQL: stopped" in out


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
    assert honest.per[("", "toy-bids")].differentials >= 2 and honest.leaks == 0, honest.violations
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


class TestTheSoaksPlayout:
    """The soak's cheaper checked playout (``tabletop.soakfuzz``) against the harness's."""

    @pytest.mark.parametrize(
        ("name", "params"),
        [
            ("paper-tales", {"mode": "solo", "players": 1, "lich_cards": 2}),
            ("paupers-ladder", {"mode": "solo", "players": 1, "scenario": "fiery-siege"}),
            ("lairs", {"mode": "solo", "difficulty": "mid"}),
        ],
    )
    def test_it_plays_the_harness_s_game_and_counts_the_same(
        self, name: str, params: dict[str, object]
    ) -> None:
        game = load(name, **params)
        theirs, their_report = random_playout(game, 5, deep_every=3)
        timings: dict[str, float] = {}
        ours, our_report = soakfuzz.timed_playout(game, 5, deep_every=3, timings=timings)
        assert ours == theirs
        assert (our_report.actions, our_report.kinds, our_report.decisions) == (
            their_report.actions,
            their_report.kinds,
            their_report.decisions,
        )
        assert our_report.resample_checks == their_report.resample_checks
        assert {"views", "illegal probes", "round trip", "clone", "through JSON"} <= set(timings)

    def test_a_spectator_view_that_shows_the_hands_is_caught(self) -> None:
        from tabletop.engine import registry

        from . import soak_leaky

        # (an earlier test may have imported it and taken it out of the registry again)
        registry._GAMES.setdefault(soak_leaky.LeakyBids.spec.name, soak_leaky.LeakyBids)
        try:
            leaky = load("toy-leaky-bids", players=2)
            honest = load("toy-bids", players=2)
            soakfuzz.timed_playout(honest, 1, deep_every=1)
            with pytest.raises(ConformanceError, match="spectator"):
                soakfuzz.timed_playout(leaky, 1, deep_every=1)
        finally:
            registry._GAMES.pop(soak_leaky.LeakyBids.spec.name, None)

    def test_a_view_is_the_same_only_when_its_json_is(self) -> None:
        view = soakfuzz._View({"a": [1, 2], "b": {"x": True, "y": None}})
        assert view.same({"b": {"y": None, "x": True}, "a": [1, 2]})  # keys in another order
        assert view.same({"a": (1, 2), "b": {"x": True, "y": None}})  # a tuple is a JSON list
        assert not view.same({"a": [1, 2], "b": {"x": 1, "y": None}})  # 1 is not true
        assert not view.same({"a": [1.0, 2], "b": {"x": True, "y": None}})
        assert not view.same({"a": [1, 2], "b": {"x": True}})

    def test_a_change_is_seen_however_small_and_a_reordering_is_none(self) -> None:
        state = load("toy-bids", players=2).new_state(3)
        before = soakfuzz._Snapshot(state)
        assert before.unchanged()
        state.data = dict(reversed(list(state.data.items())))  # the same data, keys reordered
        assert before.unchanged()
        key = next(k for k, v in state.data.items() if isinstance(v, int) and v in (0, 1))
        state.data[key] = bool(state.data[key])  # equal in Python, not in JSON
        assert not before.unchanged()


class TestThrowawayPostgres:
    def test_two_at_once_each_stopped_leaves_nothing(self) -> None:
        bindir = binaries()
        if bindir is None:
            pytest.skip("PostgreSQL is not installed here (scripts/install-postgres.sh)")
        pytest.importorskip("psycopg")
        one, two = PgServer(bindir), PgServer(bindir)
        try:
            urls = [one.start(), two.start()]
            assert urls[0] != urls[1]
            state = load("paupers-ladder", players=2).new_state(seed=1)
            made = [GameStore(url).create(state, ["human", "human"]) for url in urls]
            assert [GameStore(url).load(i)[0] == state for url, i in zip(urls, made)] == [True] * 2
            pid = one._postmaster()
        finally:
            one.stop()
            two.stop()
        assert not one.root.exists() and not two.root.exists()
        assert pid is not None and not Path(f"/proc/{pid}").exists()
        one.stop()  # twice is harmless


@pytest.mark.soak
def test_the_builders_choice_races_the_explorers_action_cleanly(tmp_path: Path) -> None:
    """Lairs positions where the Builder answers during the explorer's turn, each raced on two
    server workers: every way of sending the explorer's action is tried and nothing is lost,
    duplicated, corrupted or leaked."""
    url = f"sqlite:///{tmp_path / 'b.db'}"
    servers = [soak.Server(url), soak.Server(url)]
    try:
        for server in servers:
            server.start()
        fig = soak.Figures(store="SQLite")
        got = soak.builder_races(fig, [s.base for s in servers], url, 5, 3)
    finally:
        for server in servers:
            server.stop()
    assert got.races == 3 and got.sent == {"a": 1, "b": 1, "c": 1}, got
    assert fig.violations == [] and fig.server_errors == []
    assert (fig.lost, fig.duplicated, fig.corrupted, fig.leaks) == (0, 0, 0, 0)
    assert fig.per[("SQLite", "lairs")].races == 3


@pytest.mark.soak
def test_the_explorers_undo_races_the_builders_choice_cleanly(tmp_path: Path) -> None:
    """The explorer's undo of the step that called for the Builder's choice, raced against that
    choice on two server workers: the engine's undo policy holds over HTTP, one of the two wins,
    and the store is the position before the step or the choice played on it."""
    url = f"sqlite:///{tmp_path / 'u.db'}"
    servers = [soak.Server(url), soak.Server(url)]
    try:
        for server in servers:
            server.start()
        fig = soak.Figures(store="SQLite")
        got = soak.undo_races(fig, [s.base for s in servers], url, 5, 4)
    finally:
        for server in servers:
            server.stop()
    assert got.races == 4, got
    assert got.undone + got.chosen == 4, got
    assert fig.violations == [] and fig.server_errors == []
    assert (fig.lost, fig.duplicated, fig.corrupted) == (0, 0, 0)
