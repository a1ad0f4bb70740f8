"""Saved games in the store: every accepted action is committed with the new state, atomically."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from ..engine import Action, IllegalAction, Record, State, load
from ..engine.snapshots import EVERY, restore, snapshot
from .db import session_scope
from .models import SavedAction, SavedGame, SavedSnapshot


class StaleAction(IllegalAction):
    """An action sent for a state that has already moved on."""


class NotFound(LookupError):
    """No saved game with that id."""


@dataclass(frozen=True)
class GameInfo:
    id: str
    game: str
    params: dict[str, Any]
    seed: int
    seats: list[Any]
    num_actions: int
    status: str
    title: str
    updated: datetime


def _info(row: SavedGame) -> GameInfo:
    return GameInfo(
        row.id,
        row.game,
        dict(row.params),
        row.seed,
        list(row.seats),
        row.num_actions,
        row.status,
        row.title,
        row.updated,
    )


def lock_game(s: Session, ident: str) -> SavedGame:
    """Take the game's write lock for the rest of the transaction and return its row.

    This is the one place where writes to a game are serialised, on every backend and across
    processes: the transaction's first statement is an UPDATE of the game row. On PostgreSQL that
    holds the row's lock until commit (a second writer of the same game waits, then reads the
    committed row); on SQLite an UPDATE takes the database's write lock, and because it is the
    first statement the transaction's reads start after the lock is held, so they see the latest
    committed state. ``with_for_update()`` alone does nothing on SQLite. Everything that changes a
    game's actions or snapshot must go through here before it reads the row it checks."""
    found = s.execute(
        update(SavedGame)
        .where(SavedGame.id == ident)
        .values(num_actions=SavedGame.num_actions)
        .execution_options(synchronize_session=False)
    )
    if getattr(found, "rowcount", 1) == 0:
        raise NotFound(f"no saved game {ident!r}")
    row: SavedGame | None = s.execute(
        select(SavedGame).where(SavedGame.id == ident).with_for_update()
    ).scalar_one_or_none()
    if row is None:
        raise NotFound(f"no saved game {ident!r}")
    return row


class GameStore:
    """Saved games on any SQLAlchemy URL (SQLite by default)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url

    def create(self, state: State, seats: list[Any], title: str = "") -> str:
        ident = uuid.uuid4().hex
        with session_scope(self.url) as s:
            s.add(
                SavedGame(
                    id=ident,
                    game=state.game.name,
                    params=dict(state.game.params),
                    seed=state.seed,
                    seats=seats,
                    engine_version=state.to_json()["engine"],
                    state=state.dumps(),
                    num_actions=state.num_actions(),
                    status="over" if state.is_terminal() else "active",
                    title=title,
                )
            )
            for i, (seat, action) in enumerate(state.history()):
                s.add(SavedAction(game_id=ident, index=i, seat=seat, action=action.to_json()))
        return ident

    def _row(self, s: Any, ident: str) -> SavedGame:
        stmt = select(SavedGame).where(SavedGame.id == ident)
        row: SavedGame | None = s.execute(stmt).scalar_one_or_none()
        if row is None:
            raise NotFound(f"no saved game {ident!r}")
        return row

    def load(self, ident: str) -> tuple[State, GameInfo]:
        with session_scope(self.url) as s:
            row = self._row(s, ident)
            game = load(row.game, **row.params)
            return game.state_from_json(json.loads(row.state)), _info(row)

    def apply(
        self,
        ident: str,
        seat: int,
        action: Action,
        expected_actions: int | None = None,
        seen: str | None = None,
    ) -> State:
        """Apply one action and commit it with the new state in one transaction; writes to one
        game are serialised (see :func:`lock_game`).

        Staleness, per seat: ``seen`` is the ``state.fingerprint(seat)`` of the view the sender
        acted on; the action is refused as stale only if something that seat can see has changed
        since (another seat's hidden commitment does not count). ``expected_actions`` is the
        guard for senders that know only the number of actions they saw: when the game has moved
        on since, the seat's view then is rebuilt from the record and compared the same way. A
        refused action changes nothing in the store."""
        with session_scope(self.url) as s:
            row = lock_game(s, ident)
            game = load(row.game, **row.params)
            state = game.state_from_json(json.loads(row.state))
            reason = self._stale(s, row, state, seat, expected_actions, seen)
            if reason:
                raise StaleAction(reason)
            state.apply(action, seat)
            s.add(
                SavedAction(
                    game_id=ident, index=row.num_actions, seat=seat, action=action.to_json()
                )
            )
            row.state = state.dumps()
            row.num_actions = state.num_actions()
            if row.num_actions % EVERY == 0:
                s.add(SavedSnapshot(game_id=ident, step=row.num_actions, state=snapshot(state)))
            row.status = "over" if state.is_terminal() else "active"
            row.updated = datetime.now(UTC)
            return state

    def stale(
        self,
        ident: str,
        state: State,
        seat: int,
        expected_actions: int | None = None,
        seen: str | None = None,
    ) -> str | None:
        """Why an action of ``seat`` sent with these guards would be stale in ``state`` (the
        game's stored state), or None; the check :meth:`apply` makes, without the lock."""
        with session_scope(self.url) as s:
            return self._stale(s, self._row(s, ident), state, seat, expected_actions, seen)

    def _stale(
        self,
        s: Session,
        row: SavedGame,
        state: State,
        seat: int,
        expected_actions: int | None,
        seen: str | None,
    ) -> str | None:
        if (
            expected_actions is not None
            and expected_actions != row.num_actions
            and (
                not 0 <= expected_actions < row.num_actions
                or self._state_at(s, row, expected_actions).fingerprint(seat)
                != state.fingerprint(seat)
            )
        ):
            return (
                f"stale action: you saw {expected_actions} actions, the game has "
                f"{row.num_actions} and something you can see changed; reload and try again"
            )
        if seen is not None and seen != state.fingerprint(seat):
            return (
                "stale action: the game changed in a way you can see since you looked "
                f"(it has {row.num_actions} actions now); reload and try again"
            )
        return None

    def _state_at(self, s: Session, row: SavedGame, step: int) -> State:
        """The game after its first ``step`` actions: the nearest stored snapshot at or before
        it, and the rest replayed from the record."""
        actions = [(a.seat, Action.from_json(a.action)) for a in row.actions[:step]]
        snap = s.execute(
            select(SavedSnapshot)
            .where(SavedSnapshot.game_id == row.id, SavedSnapshot.step <= step)
            .order_by(SavedSnapshot.step.desc())
            .limit(1)
        ).scalar_one_or_none()
        if snap is None:
            return Record(row.game, dict(row.params), row.seed, actions).replay()
        state = restore(load(row.game, **row.params), snap.state, actions[: snap.step])
        for seat, action in actions[snap.step :]:
            state.apply(action, seat)
        return state

    def state_at(self, ident: str, step: int) -> State:
        """The game after its first ``step`` actions (replay pages, undo)."""
        with session_scope(self.url) as s:
            row = self._row(s, ident)
            if not 0 <= step <= row.num_actions:
                raise ValueError(f"step must be 0..{row.num_actions}, got {step}")
            return self._state_at(s, row, step)

    def fingerprint(self, ident: str, seat: int | None) -> str:
        """What ``seat`` can see now, as a digest (``State.fingerprint``)."""
        state, _ = self.load(ident)
        return state.fingerprint(seat)

    def record(self, ident: str) -> Record:
        with session_scope(self.url) as s:
            row = self._row(s, ident)
            actions = [(a.seat, Action.from_json(a.action)) for a in row.actions]
            return Record(row.game, dict(row.params), row.seed, actions, seats=list(row.seats))

    def list(self, game: str | None = None) -> list[GameInfo]:
        with session_scope(self.url) as s:
            stmt = select(SavedGame).order_by(SavedGame.updated.desc())
            if game:
                stmt = stmt.where(SavedGame.game == game)
            return [_info(r) for r in s.execute(stmt).scalars()]

    def delete(self, ident: str) -> None:
        with session_scope(self.url) as s:
            s.delete(self._row(s, ident))
