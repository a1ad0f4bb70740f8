"""The FastAPI dependencies every route shares, and how a refusal is answered.

One dependency per check, so no route looks anything up or checks a token by hand:

- :func:`get_store` -- the game store of this app (``StoreDep``);
- :func:`get_game` -- the game named in the path, or 404 ``not-found`` (``GameDep``);
- :func:`seat_token` -- the token of the request: header ``X-Seat-Token``, query ``token``, or a
  page form's ``token`` field (``TokenDep``);
- :func:`get_seat` -- the seat the token plays, with every token check: 401
  ``token-required``, 403 ``bad-token`` / ``creator-token`` / ``wrong-seat``, 422
  ``seat-required`` (``SeatDep``); a hot-seat token names its seat in the query, the JSON body
  or the form (``seat``);
- :func:`hotseat_game` -- the game of a hot-seat link, or 403 ``bad-token`` (``HotseatDep``);
- :func:`creator_links` -- a game's links for its creator's token, or 403 (``CreatorDep``);
- :func:`finished_game` -- a finished game's record, or 409 ``game-in-progress`` (``FinishedDep``);
- :func:`bot_kick` -- starts the bots of a game when a bot seat must decide (``KickDep``).

A dependency refuses by raising :class:`ApiError`. The JSON API answers it as
``{"code", "message", "detail"}``; a page route names how it answers instead with
:func:`refusal` (an escaped HTML page, a fragment, or a redirect back to the seat's page).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import parse_qs

from fastapi import BackgroundTasks, Depends, Header, Query, Request
from fastapi.responses import Response

from ..engine import Record, State
from ..engine.actions import echo
from ..engine.presentation import numbered_seat
from ..store.games import GameInfo, GameStore, NotFound
from . import models
from .service import BotRunner, NewGame, human_seats, seat_for_token, seat_links

HOTSEAT = models.HOTSEAT
CREATOR = models.CREATOR


class ApiError(Exception):
    """A refusal: HTTP status, a short machine code and a sentence for people."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


RefusalAnswer = Callable[[Request, ApiError], Response]


def refusal(answer: RefusalAnswer) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a page route: a refusal (from its dependencies or its body) is answered by
    ``answer(request, error)`` rather than as the JSON API's error body."""

    def mark(endpoint: Callable[..., Any]) -> Callable[..., Any]:
        endpoint.on_refusal = answer  # type: ignore[attr-defined]
        return endpoint

    return mark


def refusal_answer(request: Request) -> RefusalAnswer | None:
    """The answer the matched route chose with :func:`refusal` (None: the JSON body)."""
    return getattr(request.scope.get("endpoint"), "on_refusal", None)


# ----------------------------------------------------------------------------- the store


def get_store(request: Request) -> GameStore:
    store: GameStore = request.app.state.store
    return store


StoreDep = Annotated[GameStore, Depends(get_store)]


def get_db_url(request: Request) -> str | None:
    url: str | None = request.app.state.db_url
    return url


DbUrlDep = Annotated[str | None, Depends(get_db_url)]


# ----------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class Loaded:
    """A saved game as stored now: its state and its public facts."""

    state: State
    info: GameInfo

    @property
    def id(self) -> str:
        return self.info.id


def get_game(ident: str, store: StoreDep) -> Loaded:
    try:
        state, info = store.load(ident)
    except NotFound:
        raise ApiError(404, "not-found", f"no game {echo(ident)}") from None
    return Loaded(state, info)


GameDep = Annotated[Loaded, Depends(get_game)]


@dataclass(frozen=True)
class Finished:
    """A finished game: its record (every hidden move) may be shown."""

    record: Record
    info: GameInfo


def finished_game(game: GameDep, store: StoreDep) -> Finished:
    if not game.state.is_terminal():
        raise ApiError(
            409,
            "game-in-progress",
            "the record and replay open when the game is over (they show every hidden move)",
        )
    return Finished(store.record(game.id), game.info)


FinishedDep = Annotated[Finished, Depends(finished_game)]


# ----------------------------------------------------------------------------- tokens and seats


async def form_fields(request: Request) -> dict[str, str]:
    """A page form's fields (the last value of each), read once per request; {} for anything
    but a form post."""
    cached: dict[str, str] | None = getattr(request.state, "form", None)
    if cached is not None:
        return cached
    fields: dict[str, str] = {}
    kind = request.headers.get("content-type", "")
    if request.method == "POST" and not kind.startswith("application/json"):
        raw = (await request.body()).decode("utf-8", errors="replace")
        fields = {k: v[-1] for k, v in parse_qs(raw, keep_blank_values=True).items()}
    request.state.form = fields
    return fields


FormDep = Annotated[dict[str, str], Depends(form_fields)]


def seat_token(
    form: FormDep,
    token: Annotated[
        str | None, Query(description="The seat token (or header X-Seat-Token)")
    ] = None,
    x_seat_token: Annotated[str | None, Header()] = None,
) -> str | None:
    return x_seat_token or token or form.get("token") or None


TokenDep = Annotated[str | None, Depends(seat_token)]


async def requested_seat(
    request: Request,
    form: FormDep,
    seat: Annotated[int | None, Query(description="Only with a hot-seat token")] = None,
) -> int | None:
    """The seat a request names (a hot-seat token must): query, JSON body or form ``seat``."""
    if seat is not None:
        return seat
    raw: Any = form.get("seat")
    if raw is None and request.method == "POST" and not form:
        try:
            body = json.loads(await request.body() or b"null")
        except ValueError:
            body = None
        raw = body.get("seat") if isinstance(body, dict) else None
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str) and raw.lstrip("-").isdigit():
        return int(raw)
    return None


def get_seat(
    game: GameDep,
    token: TokenDep,
    url: DbUrlDep,
    seat: Annotated[int | None, Depends(requested_seat)],
) -> int:
    """The seat a request acts or looks for; refuses a missing or wrong token or another seat."""
    if not token:
        raise ApiError(401, "token-required", "this needs your seat's token")
    opened = seat_for_token(url, game.id, token)
    if opened is None:
        raise ApiError(403, "bad-token", "this token does not open any seat of this game")
    if opened == CREATOR:
        raise ApiError(
            403,
            "creator-token",
            "this is the creator's token: it shows the seat links (/links/GAME?token=...); "
            "play with a seat's own link",
        )
    if opened == HOTSEAT:
        humans = human_seats(game.info)
        if seat is None:
            raise ApiError(
                422, "seat-required", "a hot-seat token must say which seat acts ('seat')"
            )
        if seat not in humans:
            raise ApiError(
                403,
                "wrong-seat",
                f"{numbered_seat(seat)} is not a human seat of this game "
                f"({', '.join(numbered_seat(h) for h in humans) or 'none'})",
            )
        return seat
    if seat is not None and seat != opened:
        raise ApiError(
            403,
            "wrong-seat",
            f"your token is for {numbered_seat(opened)}; you cannot act or look for "
            f"{numbered_seat(seat)}",
        )
    return opened


SeatDep = Annotated[int, Depends(get_seat)]


def hotseat_game(game: GameDep, token: TokenDep, url: DbUrlDep) -> Loaded:
    """The game, for its hot-seat link only."""
    if seat_for_token(url, game.id, token) != HOTSEAT:
        raise ApiError(403, "bad-token", "this is not the hot-seat link of this game")
    return game


HotseatDep = Annotated[Loaded, Depends(hotseat_game)]


def creator_links(game: GameDep, token: TokenDep, url: DbUrlDep) -> NewGame:
    """Every link of the game, for its creator's token only."""
    made = seat_links(url, game.id, token)
    if made is None:
        raise ApiError(
            403, "bad-token", "this link does not show this game's seat links (creator only)"
        )
    return made


CreatorDep = Annotated[NewGame, Depends(creator_links)]


# ----------------------------------------------------------------------------- bots


@dataclass(frozen=True)
class BotKick:
    """Starts a game's bots after the response when a bot seat must decide."""

    bots: BotRunner
    tasks: BackgroundTasks

    def __call__(self, ident: str, state: State, info: GameInfo) -> None:
        if self.bots.needs_bots(state, info) and self.bots.claim(ident):
            self.tasks.add_task(self.bots.run, ident)


def bot_kick(request: Request, tasks: BackgroundTasks) -> BotKick:
    return BotKick(request.app.state.bots, tasks)


KickDep = Annotated[BotKick, Depends(bot_kick)]
