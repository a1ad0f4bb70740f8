"""Races on one saved game, shared by the SQLite and PostgreSQL store tests: an undo and an
action sent at the same instant, and two actions at once. Every write to a game is serialised
(``tabletop.store.games.lock_game``): exactly one wins, the other is refused as stale, and the
store keeps one action row per action of its snapshot."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial

import tests.engine.toygame  # noqa: F401  (registers "toy-bids")
from tabletop.engine import load
from tabletop.store.games import GameStore, StaleAction
from tabletop.web.service import UndoRefused, create_game, delete_last_action


def at_once(*calls: Callable[[], object]) -> list[str]:
    """Run the calls in threads released together; each outcome as a word."""
    barrier = threading.Barrier(len(calls))
    out: list[str] = []

    def run(call: Callable[[], object]) -> None:
        barrier.wait()
        try:
            call()
            out.append("accepted")
        except StaleAction:
            out.append("stale")
        except UndoRefused:
            out.append("undo-refused")
        except Exception as exc:  # what the races used to give: IntegrityError, locked database
            out.append(f"error: {exc!r}")

    threads = [threading.Thread(target=run, args=(c,)) for c in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(out)


def consistent(url: str, ident: str) -> None:
    """The store's rows are the snapshot's actions, and replaying them gives the snapshot."""
    store = GameStore(url)
    state, info = store.load(ident)
    record = store.record(ident)
    assert len(record.actions) == info.num_actions == state.num_actions()
    assert record.replay() == state


def undo_and_action_race(url: str, rounds: int) -> None:
    for r in range(rounds):
        made = create_game(url, "toy-bids", {"players": 2}, ["human", "human"], seed=4 + r)
        store = GameStore(url)
        state, _ = store.load(made.id)
        store.apply(made.id, 0, state.legal_actions(0)[0], expected_actions=0)
        other = state.legal_actions(1)[0]
        outcomes = at_once(
            partial(delete_last_action, url, made.id, 0, expected_actions=1),
            partial(store.apply, made.id, 1, other, expected_actions=1),
        )
        assert outcomes == ["accepted", "stale"], outcomes
        consistent(url, made.id)


def two_actions_race(url: str, rounds: int) -> None:
    game = load("toy-bids", players=2)
    for r in range(rounds):
        state = game.new_state(10 + r)
        store = GameStore(url)
        ident = store.create(state, ["human", "human"])
        a0, b0 = state.legal_actions(0)[:2]
        # one seat sends two different bids on the same view: one wins, the other is stale
        outcomes = at_once(
            partial(store.apply, ident, 0, a0, expected_actions=0),
            partial(store.apply, ident, 0, b0, expected_actions=0),
        )
        assert outcomes == ["accepted", "stale"], outcomes
        consistent(url, ident)
        # two seats bid on the same view: simultaneous commitments, so both count
        ident = store.create(state, ["human", "human"])
        a1 = state.legal_actions(1)[0]
        outcomes = at_once(
            partial(store.apply, ident, 0, a0, expected_actions=0),
            partial(store.apply, ident, 1, a1, expected_actions=0),
        )
        assert outcomes == ["accepted", "accepted"], outcomes
        consistent(url, ident)
