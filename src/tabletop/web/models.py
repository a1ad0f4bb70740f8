"""The web app's own table: seat links (hashed tokens) for saved games.

A token is shown once, when the game is created; the store keeps only its SHA-256, so a leaked
database does not hand out seats. ``seat`` is the seat number, or ``HOTSEAT`` for the one link that
plays every human seat of the game on one screen, or ``CREATOR`` for the creator's token, from
which every seat link of the game is derived (so its holder can be shown them again).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..store.base import Base

HOTSEAT = -1
# The game's creator: a token that opens no seat but shows every seat link again.
CREATOR = -2


def _now() -> datetime:
    return datetime.now(UTC)


class SeatToken(Base):
    __tablename__ = "web_seat_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("saved_games.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
