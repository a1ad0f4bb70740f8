"""The seat pages: one seat's page, hot-seat, spectators, their live fragments and whole logs, and
the forms that play or take back a step.

The game lookup and the token checks are dependencies (:mod:`tabletop.web.deps`); a refusal is
answered as an escaped error page, a bare escaped fragment, or a redirect back to the seat's page
with the reason (:func:`tabletop.web.deps.refusal`).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ...engine.actions import echo
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
from ..pages import (
    board_context,
    board_markup,
    error_page,
    navigated,
    page,
    redirect,
    refused_fragment,
    refused_page,
)
from ..payloads import ActionIn, UndoIn
from ..render import player_name, player_names, whole_log
from ..service import human_seats

router = APIRouter(include_in_schema=False)

STALE_PAGE = (
    "The game moved on while you were choosing, so your choice was not played. "
    "This is the new situation: choose again."
)
STALE_UNDO = (
    "The game moved on since you looked, so nothing was taken back. This is the new situation."
)


def refused_seat_page(request: Request, exc: ApiError) -> Response:
    if exc.code == "seat-required":  # a hot-seat token opened as a seat page
        token = request.query_params.get("token", "")
        return redirect(f"/hotseat/{request.path_params['ident']}?token={quote(token)}")
    return refused_page(request, exc)


def back_to(
    ident: str, form: dict[str, str], error: str | None = None, kept: str | None = None
) -> RedirectResponse:
    """The page a form came from (hot-seat or a seat's page), with the refusal if any and the
    template form's choices to keep (``kept``)."""
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
    if kept:
        url += "&kept=" + quote(kept)
    return redirect(url)


def kept_form(form: dict[str, str]) -> str | None:
    """A template form's choices as its page keeps them after a refusal: ``{"kind", "args"}``
    with each field's value (None: no template form, or fields that are no JSON)."""
    if not form.get("template"):
        return None
    try:
        args = {k[4:]: json.loads(v) for k, v in form.items() if k.startswith("arg.")}
    except ValueError:
        return None
    return json.dumps({"kind": form["template"], "args": args}, separators=(",", ":"))


def refused_form(request: Request, exc: ApiError) -> Response:
    """A form's refusal: back to its page, which says why (a stale choice in plain words)."""
    form = getattr(request.state, "form", None) or {}
    acting = request.url.path.endswith("/act")
    message = None
    if exc.code == "stale":
        message = STALE_PAGE if acting else STALE_UNDO
    # the choices of a refused template form come back chosen (a stale one starts afresh:
    # the situation changed)
    kept = kept_form(form) if acting and exc.code != "stale" else None
    return back_to(request.path_params["ident"], form, message or exc.message, kept)


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
    kept: str | None = None,
) -> HTMLResponse:
    kick(game.id, game.state, game.info)
    ctx = board_context(store, game.state, game.info, seat, token, error, kept)
    return board_page(request, "seat", ctx)


def board_page(request: Request, mode: str, ctx: dict[str, Any]) -> HTMLResponse:
    """A page with a live board: the board drawn once, with the digest of what it shows."""
    board, digest = board_markup(ctx, mode)
    return page(request, "play.html", mode=mode, board_html=board, digest=digest, **ctx)


def fragment(mode: str, ctx: dict[str, Any], digest: str | None) -> Response:
    """The live reload's answer: the board, or 204 (nothing to redraw) when it would show the
    player what the page already shows (``digest``), e.g. after another seat's secret step."""
    board, now = board_markup(ctx, mode)
    headers = {"X-Board-Digest": now, "Cache-Control": "no-store"}
    if digest == now:
        return Response(status_code=204, headers=headers)
    return HTMLResponse(board, headers=headers)


@router.get("/play/{ident}/fragment", response_class=HTMLResponse)
@refusal(refused_fragment)
def play_fragment(
    game: GameDep, seat: SeatDep, token: TokenDep, store: StoreDep, digest: str | None = None
) -> Response:
    ctx = board_context(store, game.state, game.info, seat, token, None)
    return fragment("seat", ctx, digest)


def whole_log_page(request: Request, store: StoreDep, ident: str, seat: int | None) -> Response:
    """The whole log a seat saw (a state keeps only its latest lines), newest first."""
    try:
        record = store.record(ident)
    except NotFound:
        message = f"no game {echo(ident)}"
        if navigated(request):
            return error_page(request, 404, message)
        return guards.escaped_html(message, 404)
    entries = list(reversed(whole_log(record.states(), seat)))
    # the list, for the page's script; a page of its own to a person who opened the URL
    return page(request, "whole_log.html" if navigated(request) else "log.html", log=entries)


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
    return board_page(request, "watch", ctx)


@router.get("/watch/{ident}/fragment", response_class=HTMLResponse)
@refusal(refused_fragment)
def watch_fragment(game: GameDep, store: StoreDep, digest: str | None = None) -> Response:
    ctx = board_context(store, game.state, game.info, None, None, None)
    return fragment("watch", ctx, digest)


def hotseat_screen(
    store: StoreDep,
    game: HotseatDep,
    token: str | None,
    show: int | None,
    error: str | None,
    kept: str | None = None,
) -> tuple[str, str, dict[str, Any]]:
    """What the hot-seat page shows now: ``(template, mode, context)``: the board of the seat
    shown (``show``, while it decides), the cover handing the device to the next person, or
    the public board while no person decides."""
    state, info = game.state, game.info
    humans = human_seats(info)
    due = [s for s in state.current_seats() if s in humans]
    if show is not None and show in due:
        ctx = board_context(store, state, info, show, token, error, kept)
        return "play.html", "hotseat", ctx
    if due:
        public = state.view(None) or {}
        return (
            "handover.html",
            "hotseat-cover",
            {
                "info": info,
                "spec": state.game.spec,
                "next_seat": due[0],
                "next_name": player_name(due[0], player_names(public)),
                "round": public.get("round") if public else None,
                "token": token,
                "num_actions": state.num_actions(),
                "error": error,
            },
        )
    return "play.html", "hotseat-wait", board_context(store, state, info, None, token, error)


def screen_digest(template: str, mode: str, ctx: dict[str, Any]) -> str:
    """The digest of what a hot-seat screen shows (:func:`board_markup`'s for a board)."""
    if template == "play.html":
        return board_markup(ctx, mode)[1]
    return f"cover:{ctx['next_seat']}:{ctx['round']}"


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
    kept: str | None = None,
) -> HTMLResponse:
    kick(game.id, game.state, game.info)
    template, mode, ctx = hotseat_screen(store, game, token, show, error, kept)
    if template == "play.html":
        return board_page(request, mode, ctx)
    return page(request, template, **ctx)


@router.get("/hotseat/{ident}/changed")
@refusal(refused_fragment)
def hotseat_changed(
    game: HotseatDep,
    token: TokenDep,
    store: StoreDep,
    show: int | None = None,
    digest: str | None = None,
) -> Response:
    """Whether the hot-seat page would now show something else than ``digest`` (200: reload)
    or the same (204: leave it be), so other seats' unseen steps never reload the screen."""
    template, mode, ctx = hotseat_screen(store, game, token, show, None)
    now = screen_digest(template, mode, ctx)
    headers = {"X-Board-Digest": now, "Cache-Control": "no-store"}
    return Response(status_code=204 if digest == now else 200, headers=headers)


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
    # undone=1: the page does not take a lone option for the player again (see static/app.js),
    # so one can take back further than a step that had no choice
    if form.get("mode") == "hotseat" and form.get("seat"):
        token = quote(form.get("token", ""))
        return redirect(f"/hotseat/{game.id}?token={token}&show={form['seat']}&undone=1")
    return redirect(str(back_to(game.id, form).headers["location"]) + "&undone=1")
