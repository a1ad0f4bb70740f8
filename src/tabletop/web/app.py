"""The Tabletop web app: lobby, seat pages, hot-seat, spectators, replays, and a JSON API.

Every page and every API call reads the store; nothing that matters lives in the process, so the
app survives restarts and several workers or hosts can share one database (see docs/web.md).

Every route lives in ``tabletop.web.routers``, one router per concern and URL prefix: lobby, seat
pages, the games' JSON API, replays and records; the Gloomhaven campaign pages (``/campaigns``)
and their JSON API (``/api/campaigns``); the reports (``/reports``) and their JSON
(``/api/reports``); the stylesheets each game's presentation declares (``/game-static``). This
module only assembles them; the store, the game lookup, the seat and
token checks are FastAPI dependencies (``tabletop.web.deps``).
"""

from __future__ import annotations

import os
from pathlib import Path

import uvicorn
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from ..engine.registry import discover
from ..store.base import Base
from ..store.db import get_engine
from ..store.games import GameStore
from . import errors, guards
from .routers import (
    api,
    campaign_api,
    campaign_pages,
    game_static,
    lobby,
    replay,
    report_api,
    reports,
    seats,
)
from .service import BotRunner

HERE = Path(__file__).parent


def create_app(db_url: str | None = None, bot_delay: float | None = None) -> FastAPI:
    """The web app on a store URL (default: $TABLETOP_DB or SQLite ./var/tabletop.db).

    ``bot_delay``: seconds a bot waits before each move so people can follow (default
    $TABLETOP_BOT_DELAY or 0.8; tests use 0)."""
    if bot_delay is None:
        bot_delay = float(os.environ.get("TABLETOP_BOT_DELAY", "0.8"))
    discover()  # every game registered before the first request (requests run in threads)
    Base.metadata.create_all(get_engine(db_url))

    app = FastAPI(
        title="Tabletop",
        description="Play tabletop games in the browser. The JSON API speaks the engine's "
        "protocol: views, prompts and actions as JSON. A seat's token (header `X-Seat-Token` or "
        "query `token`) is required for its view and its actions.",
        version="0.1.0",
    )
    app.state.db_url = db_url
    app.state.store = GameStore(db_url)
    app.state.bots = BotRunner(db_url, bot_delay)
    app.state.sse_lifetime = 25.0
    app.state.sse_poll = 0.3
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    for router in (
        api.router,
        replay.router,
        lobby.router,
        seats.router,
        campaign_pages.router,
        campaign_api.router,
        reports.router,
        report_api.router,
        game_static.router,
    ):
        app.include_router(router)

    guards.install(app)  # body limit, CSP
    errors.install(app)  # refusals: JSON under /api/, pages elsewhere, never echoing markup
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None) -> None:
    """Run the web app with uvicorn (blocking)."""
    # Live pages hold event streams open; do not let them delay a restart for long.
    uvicorn.run(create_app(db), host=host, port=port, log_level="info", timeout_graceful_shutdown=2)
