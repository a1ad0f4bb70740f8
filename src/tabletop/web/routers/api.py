"""The JSON API of games: specs, starting a game, a seat's view, actions, undo, live events.

Every refusal is ``{"code", "message", "detail"}`` (docs/web.md lists them); the game lookup and
the token checks are the dependencies of :mod:`tabletop.web.deps`.
"""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import StreamingResponse
from sqlalchemy import select

from ...engine import BadParameter, UnknownGame, load
from ...engine.registry import game_class
from ...store.db import session_scope
from ...store.models import SavedGame
from ..deps import ApiError, DbUrlDep, GameDep, KickDep, SeatDep, StoreDep
from ..moves import play_action, undo_step
from ..payloads import (
    ActionIn,
    NewGameIn,
    NewGameOut,
    SeatCountIn,
    UndoIn,
    available_specs,
    info_json,
    seat_payload,
    seating,
)
from ..service import BadRequest, BadSeats, create_game

router = APIRouter(prefix="/api", tags=["api"])


@router.get("/specs", summary="Every game, its parameters and bot kinds")
def api_specs() -> list[dict[str, Any]]:
    return available_specs()


@router.post(
    "/seat-count",
    summary="How many seats a game has with params, each seat's role, and the rules' automata",
)
def api_seat_count(body: SeatCountIn) -> dict[str, Any]:
    try:
        game = load(body.game, **game_class(body.game).spec.applicable(body.params))
    except (UnknownGame, BadParameter) as exc:
        raise ApiError(422, "bad-parameters", str(exc)) from None
    return seating(game)


@router.get("/games", summary="Saved games (public facts only)")
def api_games(store: StoreDep) -> list[dict[str, Any]]:
    return [info_json(i) for i in store.list()]


@router.post("/games", summary="Start a game", response_model=NewGameOut)
def api_new_game(body: NewGameIn, store: StoreDep, kick: KickDep) -> NewGameOut:
    try:
        made = create_game(store.url, body.game, body.params, body.seats, body.seed, body.title)
    except (UnknownGame, BadParameter, BadSeats) as exc:
        raise ApiError(422, "bad-game", str(exc)) from None
    except BadRequest as exc:
        raise ApiError(422, "malformed", str(exc)) from None
    state, info = store.load(made.id)
    kick(made.id, state, info)
    return NewGameOut(
        id=made.id,
        seat_links={s: f"/play/{made.id}?token={t}" for s, t in made.seat_tokens.items()},
        seat_tokens=made.seat_tokens,
        hotseat_link=f"/hotseat/{made.id}?token={made.hotseat_token}"
        if made.hotseat_token
        else None,
        hotseat_token=made.hotseat_token,
        spectator_link=f"/watch/{made.id}",
        creator_link=f"/links/{made.id}?token={made.creator_token}" if made.creator_token else None,
    )


@router.get("/games/{ident}", summary="A game's public facts")
def api_game(game: GameDep) -> dict[str, Any]:
    out = info_json(game.info)
    out["prompt"] = game.state.prompt().to_json()
    return out


@router.get("/games/{ident}/view", summary="A seat's view (token required)")
def api_view(game: GameDep, seat: SeatDep, kick: KickDep) -> dict[str, Any]:
    kick(game.id, game.state, game.info)
    return seat_payload(game.state, game.info, seat)


@router.post("/games/{ident}/actions", summary="Play an action")
def api_action(
    body: ActionIn, game: GameDep, seat: SeatDep, store: StoreDep, kick: KickDep
) -> dict[str, Any]:
    state = play_action(store, game, seat, body)
    kick(game.id, state, game.info)
    return seat_payload(state, game.info, seat)


@router.post("/games/{ident}/undo", summary="Take back your own last step")
def api_undo(body: UndoIn, game: GameDep, seat: SeatDep, store: StoreDep) -> dict[str, Any]:
    return seat_payload(undo_step(store, game, seat, body), game.info, seat)


@router.get("/games/{ident}/spectator", summary="The public view")
def api_spectator(game: GameDep, kick: KickDep) -> dict[str, Any]:
    kick(game.id, game.state, game.info)
    return seat_payload(game.state, game.info, None)


def _status(url: str | None, ident: str) -> tuple[int, str] | None:
    with session_scope(url) as s:
        row = s.execute(
            select(SavedGame.num_actions, SavedGame.status).where(SavedGame.id == ident)
        ).first()
        return (int(row[0]), str(row[1])) if row is not None else None


@router.get(
    "/games/{ident}/events",
    summary="Server-sent events: `state` with {num_actions, status} whenever the game moves",
)
async def api_events(
    ident: str,
    request: Request,
    url: DbUrlDep,
    since: Annotated[int | None, Query(description="The number of actions you have seen")] = None,
    last_event_id: Annotated[str | None, Header()] = None,
) -> StreamingResponse:
    # not GameDep: this asks the store only for the game's action count, on every poll
    first = await anyio.to_thread.run_sync(_status, url, ident)
    if first is None:
        raise ApiError(404, "not-found", f"no game {ident!r}")
    seen = since
    if last_event_id is not None and last_event_id.isdigit():
        seen = int(last_event_id)
    lifetime = float(request.app.state.sse_lifetime)
    poll = float(request.app.state.sse_poll)

    async def stream() -> Any:
        nonlocal seen
        yield "retry: 1000\n\n"
        loop = asyncio.get_running_loop()
        end = loop.time() + lifetime
        quiet = 0.0
        while loop.time() < end:
            now = await anyio.to_thread.run_sync(_status, url, ident)
            if now is None:
                yield 'event: gone\ndata: {"detail": "the game was deleted"}\n\n'
                return
            if now[0] != seen:
                seen = now[0]
                data = json.dumps({"num_actions": now[0], "status": now[1]})
                yield f"id: {now[0]}\nevent: state\ndata: {data}\n\n"
                quiet = 0.0
            elif quiet >= 15:
                yield ": still here\n\n"
                quiet = 0.0
            if await request.is_disconnected():
                return
            await asyncio.sleep(poll)
            quiet += poll

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
