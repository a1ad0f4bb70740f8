"""Tables for saved games: the game row (seats, latest state snapshot) and its actions."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Base, utcnow


class SavedGame(Base):
    __tablename__ = "saved_games"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)  # 0..2^63 - 1 (engine.SEED_MAX)
    seats: Mapped[list[Any]] = mapped_column(JSON)
    engine_version: Mapped[str] = mapped_column(String(16))
    state: Mapped[str] = mapped_column(Text)  # the JSON snapshot after the last accepted action
    num_actions: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="active")
    title: Mapped[str] = mapped_column(String(200), default="")
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    actions: Mapped[list[SavedAction]] = relationship(
        back_populates="saved_game", order_by="SavedAction.index", cascade="all, delete-orphan"
    )
    snapshots: Mapped[list[SavedSnapshot]] = relationship(cascade="all, delete-orphan")


class SavedAction(Base):
    __tablename__ = "saved_actions"
    __table_args__ = (UniqueConstraint("game_id", "index"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("saved_games.id", ondelete="CASCADE"))
    index: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    saved_game: Mapped[SavedGame] = relationship(back_populates="actions")


class SavedSnapshot(Base):
    """The state after ``step`` actions, every ``engine.snapshots.EVERY`` actions, so undo and
    replay pages rebuild a step from the nearest one instead of replaying the whole game."""

    __tablename__ = "saved_snapshots"
    __table_args__ = (UniqueConstraint("game_id", "step"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("saved_games.id", ondelete="CASCADE"))
    step: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(Text)  # engine.snapshots.snapshot(state)
