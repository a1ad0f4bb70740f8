"""The seat pages: one seat's page, hot-seat, spectators, their live fragments and whole logs, and
the forms that play or take back a step.

The game lookup and the token checks are dependencies (:mod:`tabletop.web.deps`); a refusal is
answered as an escaped error page, a bare escaped fragment, or a redirect back to the seat's page
with the reason (:func:`tabletop.web.deps.refusal`).
"""

from __future__ import annotations

import json
from urllib.parse import quote

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ...store.games import NotFound
from .. import guards
from ..deps import (
    ApiError,
    FormDep,
    GameDep,
    HotseatDep,
    KickDep,
    SeatDep,
    StoreDep,
    TokenDep,
    refusal,
)
from ..moves import play_action, undo_step
from ..pages import board_context, page, redirect, refused_fragment, refused_page
from ..payloads import ActionIn, UndoIn
from ..render import player_name, player_names, whole_log
from ..service import human_seats

router = APIRouter(include_in_schema=False)

STALE_PAGE = (
    "The game moved on while you were choosing, so your choice was not played. "
    "This is the new situation: choose again."
)


def refused_seat_page(request: Request, exc: ApiError) -> Response:
    if exc.code == "seat-required":  # a hot-seat token opened as a seat page
        token = request.query_params.get("token", "")
        return redirect(f"/hotseat/{request.path_params['ident']}?token={quote(token)}")
    return refused_page(request, exc)


def back_to(ident: str, form: dict[str, str], error: str | None = None) -> RedirectResponse:
    """The page a form came from (hot-seat or a seat's page), with the refusal if any."""
    token = quote(form.get("token", ""))
    if form.get("mode") == "hotseat":
        # the cover shows only when the deciding seat changes: the seat that just moved
        # goes on uncovered if it must decide again
        url = f"/hotseat/{ident}?token={token}"
        if form.get("seat"):
            url += f"&show={quote(form['seat'])}"
    else:
        url = f"/play/{ident}?token={token}"
    if error:
        url += "&error=" + quote(error)
    return redirect(url)


def refused_form(request: Request, exc: ApiError) -> Response:
    """A form's refusal: back to its page, which says why (a stale choice in plain words)."""
    form = getattr(request.state, "form", None) or {}
    message = STALE_PAGE if exc.code == "stale" and request.url.path.endswith("/act") else None
    return back_to(request.path_params["ident"], form, message or exc.message)


@router.get("/play/{ident}", response_class=HTMLResponse)
@refusal(refused_seat_page)
def play(
    request: Request,
    game: GameDep,
    seat: SeatDep,
    token: TokenDep,
    store: StoreDep,
    kick: KickDep,
    error: str | None = None,
) -> HTMLResponse:
    kick(game.id, game.state, game.info)
    ctx = board_context(store, game.state, game.info, seat, token, error)
    return page(request, "play.html", mode="seat", **ctx)


@router.get("/play/{ident}/fragment", response_class=HTMLResponse)
@refusal(refused_fragment)
def play_fragment(
    request: Request, game: GameDep, seat: SeatDep, token: TokenDep, store: StoreDep
) -> HTMLResponse:
    ctx = board_context(store, game.state, game.info, seat, token, None)
    return page(request, "board.html", mode="seat", **ctx)


def whole_log_page(request: Request, store: StoreDep, ident: str, seat: int | None) -> Response:
    """The whole log a seat saw (a state keeps only its latest lines), newest first."""
    try:
        record = store.record(ident)
    except NotFound:
        return guards.escaped_html(f"no game {ident!r}", 404)
    entries = list(reversed(whole_log(record.states(), seat)))
    return page(request, "log.html", log=entries)


@router.get("/play/{ident}/log", response_class=HTMLResponse)
@refusal(refused_fragment)
def play_log(request: Request, game: GameDep, seat: SeatDep, store: StoreDep) -> Response:
    return whole_log_page(request, store, game.id, seat)


@router.get("/watch/{ident}/log", response_class=HTMLResponse)
def watch_log(request: Request, ident: str, store: StoreDep) -> Response:
    return whole_log_page(request, store, ident, None)


@router.get("/watch/{ident}", response_class=HTMLResponse)
@refusal(refused_page)
def watch(request: Request, game: GameDep, store: StoreDep, kick: KickDep) -> HTMLResponse:
    kick(game.id, game.state, game.info)
    ctx = board_context(store, game.state, game.info, None, None, None)
    return page(request, "play.html", mode="watch", **ctx)


@router.get("/watch/{ident}/fragment", response_class=HTMLResponse)
@refusal(refused_fragment)
def watch_fragment(request: Request, game: GameDep, store: StoreDep) -> HTMLResponse:
    ctx = board_context(store, game.state, game.info, None, None, None)
    return page(request, "board.html", mode="watch", **ctx)


@router.get("/hotseat/{ident}", response_class=HTMLResponse)
@refusal(refused_page)
def hotseat(
    request: Request,
    game: HotseatDep,
    token: TokenDep,
    store: StoreDep,
    kick: KickDep,
    show: int | None = None,
    error: str | None = None,
) -> HTMLResponse:
    state, info = game.state, game.info
    kick(game.id, state, info)
    humans = human_seats(info)
    due = [s for s in state.current_seats() if s in humans]
    if show is not None and show in due:
        ctx = board_context(store, state, info, show, token, error)
        return page(request, "play.html", mode="hotseat", **ctx)
    if due:
        public = state.view(None) or {}
        return page(
            request,
            "handover.html",
            info=info,
            spec=state.game.spec,
            next_seat=due[0],
            next_name=player_name(due[0], player_names(public)),
            round=public.get("round") if public else None,
            token=token,
            num_actions=state.num_actions(),
            error=error,
        )
    ctx = board_context(store, state, info, None, token, error)
    return page(request, "play.html", mode="hotseat-wait", **ctx)


@router.post("/play/{ident}/act")
@refusal(refused_form)
async def act_form(
    form: FormDep, game: GameDep, seat: SeatDep, store: StoreDep, kick: KickDep
) -> Response:
    try:
        expected = int(form.get("expected_actions", ""))
        if form.get("template"):
            # a template's form: one field per parameter, each value in its JSON form
            args = dict(json.loads(form.get("fixed") or "{}"))
            for key, raw in form.items():
                if key.startswith("arg."):
                    args[key[4:]] = json.loads(raw)
            action = {"kind": form["template"], "args": args}
        else:
            action = json.loads(form.get("action", ""))
    except ValueError:
        return back_to(game.id, form, "malformed action form")
    seen = form.get("seen") or None
    body = ActionIn(
        action=action, expected_actions=None if seen else expected, seen=seen, seat=seat
    )
    state = await anyio.to_thread.run_sync(lambda: play_action(store, game, seat, body))
    kick(game.id, state, game.info)
    return back_to(game.id, form)


@router.post("/play/{ident}/undo")
@refusal(refused_form)
async def undo_form(form: FormDep, game: GameDep, seat: SeatDep, store: StoreDep) -> Response:
    try:
        expected = int(form.get("expected_actions", ""))
    except ValueError:
        return back_to(game.id, form, "malformed undo form")
    body = UndoIn(expected_actions=expected)
    await anyio.to_thread.run_sync(lambda: undo_step(store, game, seat, body))
    if form.get("mode") == "hotseat" and form.get("seat"):
        token = quote(form.get("token", ""))
        return redirect(f"/hotseat/{game.id}?token={token}&show={form['seat']}")
    return back_to(game.id, form)
