"""Tables for long campaigns (Gloomhaven): the current document, an append-only history of every
change (with the document before it, for undo), and backups taken before imports and migrations."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, utcnow


class CampaignRow(Base):
    __tablename__ = "campaigns"

    id: Mapped[str] = mapped_column(String(80), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    name: Mapped[str] = mapped_column(String(200))
    schema_version: Mapped[int] = mapped_column(Integer)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    document: Mapped[str] = mapped_column(Text)  # canonical JSON (sorted keys)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    # optimistic concurrency: a change based on a stale revision fails instead of overwriting
    __mapper_args__ = {"version_id_col": revision}


class CampaignHistory(Base):
    """One row per change, never updated or deleted. ``before`` is the document the change
    replaced (None for the creation), so ``undo`` can restore it."""

    __tablename__ = "campaign_history"
    __table_args__ = (UniqueConstraint("campaign_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("campaigns.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    command: Mapped[str] = mapped_column(String(64))
    arguments: Mapped[dict[str, Any]] = mapped_column(JSON)
    summary: Mapped[str] = mapped_column(Text)
    diff: Mapped[list[Any]] = mapped_column(JSON)
    before: Mapped[str | None] = mapped_column(Text, nullable=True)
    undoes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    revision: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class CampaignBackup(Base):
    """A whole document saved before an import or a schema migration overwrote it."""

    __tablename__ = "campaign_backups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    campaign_id: Mapped[str] = mapped_column(String(80), index=True)
    reason: Mapped[str] = mapped_column(String(200))
    schema_version: Mapped[int] = mapped_column(Integer)
    document: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
