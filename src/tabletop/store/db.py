"""Database set-up: SQLite at ./var/tabletop.db by default, any SQLAlchemy URL by --db or
TABLETOP_DB."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

# every table module, so that creating the tables creates them all
from . import campaigns, models  # noqa: F401
from .base import Base, utcnow

__all__ = ["Base", "database_url", "get_engine", "session_scope", "utcnow"]

DEFAULT_PATH = Path("var") / "tabletop.db"


def database_url(url: str | None = None) -> str:
    """The URL to use: the argument, else $TABLETOP_DB, else SQLite at ./var/tabletop.db."""
    if url:
        return url
    env = os.environ.get("TABLETOP_DB")
    if env:
        return env
    DEFAULT_PATH.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{DEFAULT_PATH}"


_ENGINES: dict[str, Engine] = {}


def get_engine(url: str | None = None) -> Engine:
    """A (cached) engine for the URL with every table created."""
    resolved = database_url(url)
    engine = _ENGINES.get(resolved)
    if engine is None:
        if resolved.startswith("sqlite"):
            path = resolved.split("///", 1)[-1]
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        if resolved.startswith("sqlite"):
            # writers of one game queue on SQLite's write lock (see store.games.lock_game): wait
            # for it rather than fail with "database is locked" under load
            engine = create_engine(resolved, future=True, connect_args={"timeout": 60})
        else:
            engine = create_engine(resolved, future=True)
        if resolved.startswith("sqlite"):

            @event.listens_for(engine, "connect")
            def _sqlite_pragmas(dbapi_conn, _record):  # type: ignore[no-untyped-def]
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=FULL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()

        Base.metadata.create_all(engine)
        _ENGINES[resolved] = engine
    return engine


@contextmanager
def session_scope(url: str | None = None) -> Iterator[Session]:
    """A session whose work is committed as one transaction, or rolled back on any error."""
    factory = sessionmaker(bind=get_engine(url), expire_on_commit=False)
    session = factory()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()
