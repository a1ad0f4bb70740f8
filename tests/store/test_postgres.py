"""The store on PostgreSQL (the brief: SQLite by default, PostgreSQL by URL).

A throwaway server is started for these tests. Where PostgreSQL is not installed they are skipped,
except on CI (CI=true), where `make test` installs it first and a missing server is a failure."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator

import pytest

from tabletop.engine import Action, IllegalAction, load
from tabletop.store.games import GameStore, StaleAction

from .pgserver import PgServer, binaries
from .races import two_actions_race, undo_and_action_race


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    bindir = binaries()
    if bindir is None:
        if os.environ.get("CI") == "true":
            pytest.fail("PostgreSQL is not installed: scripts/install-postgres.sh installs it")
        pytest.skip("PostgreSQL is not installed here (scripts/install-postgres.sh)")
    pytest.importorskip("psycopg")
    server = PgServer(bindir)
    try:
        yield server.start()
    finally:
        server.stop()


class TestSavedGamesOnPostgres:
    def test_actions_are_committed_and_refusals_change_nothing(self, pg_url: str) -> None:
        import tests.engine.toygame  # noqa: F401

        store = GameStore(pg_url)
        state = load("toy-bids", players=2).new_state(3)
        ident = store.create(state, ["human", "human"])
        first = state.legal_actions(0)[0]
        store.apply(ident, 0, first, expected_actions=0)
        state.apply(first, 0)
        with pytest.raises(IllegalAction):
            store.apply(ident, 0, Action.of("bid", card=99))
        reloaded, info = store.load(ident)
        assert reloaded == state and info.num_actions == 1
        assert store.record(ident).replay() == state

    def test_two_writers_at_once_one_wins_the_other_is_stale(self, pg_url: str) -> None:
        store = GameStore(pg_url)
        state = load("paupers-ladder", players=2).new_state(5)
        ident = store.create(state, ["human", "human"])
        seat = state.current_seats()[0]
        action = state.legal_actions(seat)[0]
        outcomes: list[str] = []
        barrier = threading.Barrier(2)

        def writer() -> None:
            barrier.wait()
            try:
                store.apply(ident, seat, action, expected_actions=0)
                outcomes.append("accepted")
            except StaleAction:
                outcomes.append("stale")
            except IllegalAction:
                outcomes.append("illegal")

        threads = [threading.Thread(target=writer) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == ["accepted", "stale"]
        assert store.load(ident)[1].num_actions == 1

    def test_every_seed_in_the_documented_range_is_stored(self, pg_url: str) -> None:
        from tabletop.engine import SEED_MAX

        store = GameStore(pg_url)
        for seed in (2**31, SEED_MAX):
            ident = store.create(load("toy-bids", players=2).new_state(seed), ["human", "human"])
            assert store.load(ident)[1].seed == seed

    def test_an_undo_and_an_action_at_once_one_wins_the_other_is_stale(self, pg_url: str) -> None:
        undo_and_action_race(pg_url, rounds=10)

    def test_two_actions_at_once_never_give_a_database_error(self, pg_url: str) -> None:
        two_actions_race(pg_url, rounds=10)


class TestCampaignsOnPostgres:
    def test_a_campaign_change_and_a_refusal(self, pg_url: str) -> None:
        from tabletop.store.gloomhaven import CampaignService

        svc = CampaignService(pg_url)
        svc.create_campaign("pg-test", seed=1)
        svc.create_party("pg-test", "lions")
        svc.create_character("pg-test", "lions", "Ana", "alice", "brute")
        before = svc.document("pg-test")
        with pytest.raises(IllegalAction, match="unknown item"):
            svc.buy("pg-test", "ana", "999")
        assert svc.document("pg-test") == before
        assert [h["command"] for h in svc.history("pg-test")] == [
            "new-campaign",
            "new-party",
            "new-character",
        ]
        svc.undo("pg-test")
        assert "Ana" not in svc.document("pg-test")
