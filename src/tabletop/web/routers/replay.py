"""Records and replays of finished games (only once a game is over: they show every hidden
move), as JSON and as a step-by-step page."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ..deps import FinishedDep, StoreDep, refusal
from ..moves import replay_step
from ..pages import board_context, page, refused_page

router = APIRouter()


@router.get("/api/games/{ident}/record", tags=["api"], summary="The record of a finished game")
def api_record(game: FinishedDep) -> dict[str, Any]:
    return game.record.to_json()


@router.get(
    "/api/games/{ident}/replay/{step}",
    tags=["api"],
    summary="Spectator view after `step` actions of a finished game",
)
def api_replay(game: FinishedDep, store: StoreDep, step: int) -> dict[str, Any]:
    return replay_step(store, game, step)


@router.get("/replay/{ident}", response_class=HTMLResponse, include_in_schema=False)
@refusal(refused_page)
def replay(request: Request, game: FinishedDep, store: StoreDep, step: int = 0) -> HTMLResponse:
    data = replay_step(store, game, step)
    ctx = board_context(store, store.state_at(game.info.id, step), game.info, None, None, None)
    return page(request, "replay.html", mode="replay", step=step, data=data, **ctx)
