"""The Tabletop web app: lobby, seat pages, hot-seat, spectators, replays, and a JSON API.

Every page and every API call reads the store; nothing that matters lives in the process, so the
app survives restarts and several workers or hosts can share one database (see docs/web.md).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

import anyio
from fastapi import BackgroundTasks, FastAPI, Header, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from markupsafe import Markup
from pydantic import BaseModel, Field
from sqlalchemy import select

from ..engine import (
    SEED_MAX,
    WITHDRAW,
    Action,
    BadParameter,
    IllegalAction,
    Record,
    State,
    Template,
    UnknownGame,
    load,
    specs,
)
from ..engine.bots import bot_kinds
from ..engine.protocol import GameSpec
from ..engine.registry import discover, game_class
from ..store.db import Base, get_engine, session_scope
from ..store.games import GameInfo, GameStore, NotFound, StaleAction
from ..store.models import SavedGame
from . import guards, models
from .campaigns import router as campaign_router
from .render import action_label, humanize, seat_label, seats_phrase, split_view, value_html
from .reports import router as reports_router
from .service import (
    MAX_TITLE,
    BadRequest,
    BadSeats,
    BotRunner,
    GameOver,
    UndoRefused,
    can_undo,
    create_game,
    delete_last_action,
    game_renderer,
    human_seats,
    parse_action,
    seat_for_token,
)

HERE = Path(__file__).parent
log = logging.getLogger("tabletop.web")
HOTSEAT = models.HOTSEAT
STALE_PAGE = (
    "The game moved on while you were choosing, so your choice was not played. "
    "This is the new situation: choose again."
)


class ApiError(Exception):
    """A refusal: HTTP status, a short machine code and a sentence for people."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


# ----------------------------------------------------------------------------- API models


class ActionIn(BaseModel):
    action: Any = Field(
        ..., description="The action as JSON: {kind, args}", examples=[{"kind": "bid", "args": {}}]
    )
    seen: str | None = Field(
        None,
        description="The 'seen' digest of the view you acted on: the action is refused as stale "
        "only if something your seat can see changed since (others' hidden choices do not).",
    )
    expected_actions: int | None = Field(
        None,
        description="Or: how many actions the game had in the view you acted on (the same "
        "per-seat check, from the record). One of the two is required.",
    )
    seat: int | None = Field(
        None,
        description="Only with a hot-seat token: which human seat acts. A seat token may "
        "omit it (or must name its own seat).",
    )


class UndoIn(BaseModel):
    expected_actions: int
    seen: str | None = None
    seat: int | None = None


class NewGameIn(BaseModel):
    game: str = Field(..., examples=["toy-bids"])
    params: dict[str, Any] = Field(default_factory=dict)
    seats: list[str] = Field(..., description="One per seat: 'human' or 'bot:KIND'.")
    seed: int | None = Field(
        None, ge=0, le=SEED_MAX, description="0 to 2^63 - 1; a random one when missing."
    )
    title: str = Field("", max_length=MAX_TITLE)


class NewGameOut(BaseModel):
    id: str
    seat_links: dict[int, str] = Field(description="Human seat -> its private page link.")
    seat_tokens: dict[int, str]
    hotseat_link: str | None
    hotseat_token: str | None
    spectator_link: str


class SeatCountIn(BaseModel):
    game: str
    params: dict[str, Any] = Field(default_factory=dict)


def _spec_json(spec: GameSpec) -> dict[str, Any]:
    game = load(spec.name)
    return {
        "name": spec.name,
        "title": spec.title,
        "description": spec.description,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "default_seats": game.num_players,
        "modes": list(spec.modes),
        "params": [
            {
                "name": p.name,
                "default": p.default,
                "help": p.help,
                "choices": list(p.choices) if p.choices is not None else None,
                "minimum": p.minimum,
                "maximum": p.maximum,
                "type": type(p.default).__name__,
                "only_when": list(p.only_when) if p.only_when else None,
                "default_when": [list(d) for d in p.default_when],
            }
            for p in spec.params
        ],
        "bots": {k: cls.help for k, cls in bot_kinds(game).items()},
        "hidden_information": spec.hidden_information,
    }


def available_specs() -> list[dict[str, Any]]:
    """The lobby's games. A game that cannot even load its spec (one still being written) is left
    out with a logged warning rather than breaking the lobby for every other game."""
    out = []
    for spec in specs():
        try:
            out.append(_spec_json(spec))
        except Exception as exc:
            log.warning("game %s is not available in the lobby: %r", spec.name, exc)
    return out


def decision(state: State, seat: int | None) -> tuple[list[Action], list[Template]]:
    """What a seat is offered: listed actions and the templates to fill in as forms. A templated
    decision lists only its one-combination templates (and withdraw), never every action."""
    if seat is None:
        return [], []
    templates = state.templates(seat)
    if templates is None:
        return state.legal_actions(seat), []
    listed = [WITHDRAW] if seat in state.prompt().committed else []
    forms = []
    for t in templates:
        if t.params:
            forms.append(t)
        else:
            a = t.action()
            if state.is_legal(a, seat):
                listed.insert(0, a)
    return listed, forms


def _info_json(info: GameInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "game": info.game,
        "title": info.title,
        "params": info.params,
        "seats": info.seats,
        "num_actions": info.num_actions,
        "status": info.status,
        "updated": info.updated.isoformat(),
    }


def create_app(db_url: str | None = None, bot_delay: float | None = None) -> FastAPI:
    """The web app on a store URL (default: $TABLETOP_DB or SQLite ./var/tabletop.db).

    ``bot_delay``: seconds a bot waits before each move so people can follow (default
    $TABLETOP_BOT_DELAY or 0.8; tests use 0)."""
    if bot_delay is None:
        bot_delay = float(os.environ.get("TABLETOP_BOT_DELAY", "0.8"))
    discover()  # every game registered before the first request (requests run in threads)
    Base.metadata.create_all(get_engine(db_url))
    store = GameStore(db_url)
    bots = BotRunner(db_url, bot_delay)
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.globals.update(humanize=humanize, value_html=value_html)

    app = FastAPI(
        title="Tabletop",
        description="Play tabletop games in the browser. The JSON API speaks the engine's "
        "protocol: views, prompts and actions as JSON. A seat's token (header `X-Seat-Token` or "
        "query `token`) is required for its view and its actions.",
        version="0.1.0",
    )
    app.state.db_url = db_url
    app.state.bots = bots
    app.state.sse_lifetime = 25.0
    app.state.sse_poll = 0.3
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(campaign_router)
    app.include_router(reports_router)

    # ------------------------------------------------------------------ errors

    guards.install(app)  # body limit, CSP, JSON error bodies with code and message

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(guards.error_body(exc.status, exc.message, exc.code), exc.status)

    # ------------------------------------------------------------------ helpers

    def load_game(ident: str) -> tuple[State, GameInfo]:
        try:
            return store.load(ident)
        except NotFound:
            raise ApiError(404, "not-found", f"no game {ident!r}") from None

    def resolve_seat(ident: str, info: GameInfo, token: str | None, seat: int | None) -> int:
        """The seat a request acts for; refuses a missing/wrong token or another seat."""
        if not token:
            raise ApiError(401, "token-required", "this needs your seat's token")
        opened = seat_for_token(db_url, ident, token)
        if opened is None:
            raise ApiError(403, "bad-token", "this token does not open any seat of this game")
        if opened == HOTSEAT:
            humans = human_seats(info)
            if seat is None:
                raise ApiError(
                    422, "seat-required", "a hot-seat token must say which seat acts ('seat')"
                )
            if seat not in humans:
                raise ApiError(
                    403, "wrong-seat", f"seat {seat} is not a human seat of this game: {humans}"
                )
            return seat
        if seat is not None and seat != opened:
            raise ApiError(
                403,
                "wrong-seat",
                f"your token is for seat {opened}; you cannot act or look for seat {seat}",
            )
        return opened

    def kick_bots(ident: str, state: State, info: GameInfo, tasks: BackgroundTasks) -> None:
        if bots.needs_bots(state, info) and bots.claim(ident):
            tasks.add_task(bots.run, ident)

    def seat_payload(state: State, info: GameInfo, seat: int | None) -> dict[str, Any]:
        view = state.view(seat)
        assert view is not None
        legal, templates = decision(state, seat)
        out = {
            "id": info.id,
            "game": info.game,
            "seat": seat,
            "num_actions": state.num_actions(),
            "status": "over" if state.is_terminal() else "active",
            "seats": info.seats,
            "seen": state.fingerprint(seat),
            "view": view,
            "options": [
                {"action": a.to_json(), "label": action_label(state, a, seat)} for a in legal
            ],
            "roles": list(state.game.roles()),
        }
        if templates:
            out["templates"] = [t.to_json() for t in templates]
        return out

    def do_action(ident: str, token: str | None, body: ActionIn) -> tuple[State, GameInfo, int]:
        state, info = load_game(ident)
        seat = resolve_seat(ident, info, token, body.seat)
        try:
            action = parse_action(body.action)
        except ValueError as exc:
            raise ApiError(422, "malformed", str(exc)) from None
        if body.seen is None and body.expected_actions is None:
            raise ApiError(
                422,
                "malformed",
                "malformed request: say which view you acted on: 'seen' (from the view) or "
                "'expected_actions'",
            )
        stale = store.stale(ident, state, seat, body.expected_actions, body.seen)
        if stale:
            raise ApiError(409, "stale", stale)
        if state.is_terminal():
            raise ApiError(409, "game-over", "the game is over")
        prompt = state.prompt()
        if seat not in prompt.seats and seat not in prompt.committed:
            raise ApiError(
                409,
                "not-your-turn",
                f"seat {seat} may not act now; waiting for "
                f"{seats_phrase(list(prompt.seats), info.seats, None)} ({prompt.kind})",
            )
        try:
            new = store.apply(
                ident, seat, action, expected_actions=body.expected_actions, seen=body.seen
            )
        except StaleAction as exc:
            raise ApiError(409, "stale", str(exc)) from None
        except IllegalAction as exc:
            raise ApiError(409, "illegal-action", str(exc)) from None
        except NotFound:
            raise ApiError(404, "not-found", f"no game {ident!r}") from None
        return new, info, seat

    def do_undo(ident: str, token: str | None, body: UndoIn) -> tuple[State, GameInfo, int]:
        _, info = load_game(ident)
        seat = resolve_seat(ident, info, token, body.seat)
        try:
            new = delete_last_action(db_url, ident, seat, body.expected_actions, body.seen)
        except StaleAction as exc:
            raise ApiError(409, "stale", str(exc)) from None
        except GameOver as exc:
            raise ApiError(409, "game-over", str(exc)) from None
        except UndoRefused as exc:
            raise ApiError(409, "undo-refused", str(exc)) from None
        except NotFound:
            raise ApiError(404, "not-found", f"no game {ident!r}") from None
        return new, info, seat

    def finished(ident: str) -> tuple[Record, GameInfo]:
        state, info = load_game(ident)
        if not state.is_terminal():
            raise ApiError(
                409,
                "game-in-progress",
                "the record and replay open when the game is over (they show every hidden move)",
            )
        return store.record(ident), info

    # ------------------------------------------------------------------ JSON API

    @app.get("/api/specs", tags=["api"], summary="Every game, its parameters and bot kinds")
    def api_specs() -> list[dict[str, Any]]:
        return available_specs()

    @app.post("/api/seat-count", tags=["api"], summary="How many seats a game has with params")
    def api_seat_count(body: SeatCountIn) -> dict[str, Any]:
        try:
            game = load(body.game, **game_class(body.game).spec.applicable(body.params))
        except (UnknownGame, BadParameter) as exc:
            raise ApiError(422, "bad-parameters", str(exc)) from None
        return {"seats": game.num_players}

    @app.get("/api/games", tags=["api"], summary="Saved games (public facts only)")
    def api_games() -> list[dict[str, Any]]:
        return [_info_json(i) for i in store.list()]

    @app.post("/api/games", tags=["api"], summary="Start a game", response_model=NewGameOut)
    def api_new_game(body: NewGameIn, tasks: BackgroundTasks) -> NewGameOut:
        try:
            made = create_game(db_url, body.game, body.params, body.seats, body.seed, body.title)
        except (UnknownGame, BadParameter, BadSeats) as exc:
            raise ApiError(422, "bad-game", str(exc)) from None
        except BadRequest as exc:
            raise ApiError(422, "malformed", str(exc)) from None
        state, info = store.load(made.id)
        kick_bots(made.id, state, info, tasks)
        return NewGameOut(
            id=made.id,
            seat_links={s: f"/play/{made.id}?token={t}" for s, t in made.seat_tokens.items()},
            seat_tokens=made.seat_tokens,
            hotseat_link=f"/hotseat/{made.id}?token={made.hotseat_token}"
            if made.hotseat_token
            else None,
            hotseat_token=made.hotseat_token,
            spectator_link=f"/watch/{made.id}",
        )

    @app.get("/api/games/{ident}", tags=["api"], summary="A game's public facts")
    def api_game(ident: str) -> dict[str, Any]:
        state, info = load_game(ident)
        out = _info_json(info)
        out["prompt"] = state.prompt().to_json()
        return out

    @app.get("/api/games/{ident}/view", tags=["api"], summary="A seat's view (token required)")
    def api_view(
        ident: str,
        tasks: BackgroundTasks,
        token: str | None = Query(None, description="The seat token (or header X-Seat-Token)"),
        seat: int | None = Query(None, description="Only with a hot-seat token"),
        x_seat_token: str | None = Header(None),
    ) -> dict[str, Any]:
        state, info = load_game(ident)
        s = resolve_seat(ident, info, x_seat_token or token, seat)
        kick_bots(ident, state, info, tasks)
        return seat_payload(state, info, s)

    @app.post("/api/games/{ident}/actions", tags=["api"], summary="Play an action")
    def api_action(
        ident: str,
        body: ActionIn,
        tasks: BackgroundTasks,
        token: str | None = Query(None),
        x_seat_token: str | None = Header(None),
    ) -> dict[str, Any]:
        state, info, seat = do_action(ident, x_seat_token or token, body)
        kick_bots(ident, state, info, tasks)
        return seat_payload(state, info, seat)

    @app.post("/api/games/{ident}/undo", tags=["api"], summary="Take back your own last step")
    def api_undo(
        ident: str,
        body: UndoIn,
        token: str | None = Query(None),
        x_seat_token: str | None = Header(None),
    ) -> dict[str, Any]:
        state, info, seat = do_undo(ident, x_seat_token or token, body)
        return seat_payload(state, info, seat)

    @app.get("/api/games/{ident}/spectator", tags=["api"], summary="The public view")
    def api_spectator(ident: str, tasks: BackgroundTasks) -> dict[str, Any]:
        state, info = load_game(ident)
        kick_bots(ident, state, info, tasks)
        return seat_payload(state, info, None)

    @app.get("/api/games/{ident}/record", tags=["api"], summary="The record of a finished game")
    def api_record(ident: str) -> dict[str, Any]:
        record, _ = finished(ident)
        return record.to_json()

    @app.get(
        "/api/games/{ident}/replay/{step}",
        tags=["api"],
        summary="Spectator view after `step` actions of a finished game",
    )
    def api_replay(ident: str, step: int) -> dict[str, Any]:
        record, info = finished(ident)
        return replay_step(record, info, step)

    def replay_step(record: Record, info: GameInfo, step: int) -> dict[str, Any]:
        if not 0 <= step <= len(record.actions):
            raise ApiError(
                404, "no-such-step", f"step must be 0..{len(record.actions)}, got {step}"
            )
        # from the nearest stored snapshot, not a replay of the whole game
        state = store.state_at(info.id, step)
        out = seat_payload(state, info, None)
        out["step"] = step
        out["steps"] = len(record.actions)
        if step:
            seat, action = record.actions[step - 1]
            before = store.state_at(info.id, step - 1)
            out["last"] = {
                "seat": seat,
                "action": action.to_json(),
                "label": action_label(before, action, seat),
            }
        else:
            out["last"] = None
        return out

    def _status(ident: str) -> tuple[int, str] | None:
        with session_scope(db_url) as s:
            row = s.execute(
                select(SavedGame.num_actions, SavedGame.status).where(SavedGame.id == ident)
            ).first()
            return (int(row[0]), str(row[1])) if row is not None else None

    @app.get(
        "/api/games/{ident}/events",
        tags=["api"],
        summary="Server-sent events: `state` with {num_actions, status} whenever the game moves",
    )
    async def api_events(
        ident: str,
        request: Request,
        since: int | None = Query(None, description="The number of actions you have seen"),
        last_event_id: str | None = Header(None),
    ) -> StreamingResponse:
        first = await anyio.to_thread.run_sync(_status, ident)
        if first is None:
            raise ApiError(404, "not-found", f"no game {ident!r}")
        seen = since
        if last_event_id is not None and last_event_id.isdigit():
            seen = int(last_event_id)
        lifetime = float(app.state.sse_lifetime)
        poll = float(app.state.sse_poll)

        async def stream() -> Any:
            nonlocal seen
            yield "retry: 1000\n\n"
            loop = asyncio.get_running_loop()
            end = loop.time() + lifetime
            quiet = 0.0
            while loop.time() < end:
                now = await anyio.to_thread.run_sync(_status, ident)
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

    # ------------------------------------------------------------------ pages

    def page(request: Request, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        return templates.TemplateResponse(request, name, ctx, status_code=status)

    def error_page(request: Request, status: int, message: str) -> HTMLResponse:
        return page(request, "error.html", status=status, message=message)

    def board_context(
        state: State, info: GameInfo, seat: int | None, token: str | None, error: str | None
    ) -> dict[str, Any]:
        view = state.view(seat)
        assert view is not None
        prompt = state.prompt()
        per_seat, panels = split_view(view, state.game.num_players)
        renderer = game_renderer(state.game)
        board = Markup(renderer(view)) if renderer is not None else None
        legal, templates = decision(state, seat)
        options = [
            {"json": json.dumps(a.to_json()), "label": action_label(state, a, seat)} for a in legal
        ]
        forms = [
            {
                "kind": t.kind,
                "text": t.text or humanize(t.kind),
                "fixed": json.dumps(t.to_json()["fixed"]),
                "fields": [
                    {
                        "name": p.name,
                        "label": p.label or p.name,
                        "choices": [
                            (json.dumps(v), p.labels[i] if p.labels else str(v))
                            for i, v in enumerate(p.to_json()["domain"])
                        ],
                    }
                    for p in t.params
                ],
            }
            for t in templates
        ]
        undo_reason = None
        if seat is not None and not state.is_terminal():
            hist = state.history()
            if hist and hist[-1][0] == seat:
                earlier = store.state_at(info.id, state.num_actions() - 1)
                undo_reason = can_undo(state, seat, earlier) or ""
        outcome = view.get("outcome")
        return {
            "info": info,
            "spec": state.game.spec,
            "state": state,
            "view": view,
            "seat": seat,
            "token": token,
            "prompt": prompt,
            "deciding": seats_phrase(list(prompt.seats), info.seats, seat),
            "turn": seat_label(prompt.turn, info.seats, seat) if prompt.turn is not None else None,
            "per_seat": per_seat,
            "panels": {
                k: v
                for k, v in panels.items()
                if isinstance(v, (list, dict)) and k != "commitments"
            },
            "committed": seats_phrase(list(prompt.committed), info.seats, seat)
            if prompt.committed
            else "",
            "scalars": {k: v for k, v in panels.items() if not isinstance(v, (list, dict))},
            "board": board,
            "options": options,
            "forms": forms,
            "log": view.get("log") or [],
            "num_actions": state.num_actions(),
            "seen": state.fingerprint(seat),
            "seat_rows": [
                {"seat": i, "label": seat_label(i, info.seats, seat)}
                for i in range(state.game.num_players)
            ],
            "outcome": outcome,
            "winners": seats_phrase(list(outcome["winners"]), info.seats, seat) if outcome else "",
            "can_undo": undo_reason == "",
            "error": error,
        }

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def lobby(request: Request) -> HTMLResponse:
        games = available_specs()
        return page(request, "lobby.html", games=games, saved=store.list()[:50], error=None)

    async def form_data(request: Request) -> dict[str, str]:
        raw = (await request.body()).decode("utf-8", errors="replace")
        return {k: v[-1] for k, v in parse_qs(raw, keep_blank_values=True).items()}

    @app.post("/new", response_class=HTMLResponse, include_in_schema=False)
    async def new_game(request: Request, tasks: BackgroundTasks) -> HTMLResponse:
        form = await form_data(request)
        name = form.get("game", "")
        params = {
            k[len(f"{name}.param.") :]: v for k, v in form.items() if k.startswith(f"{name}.param.")
        }
        try:
            # the form sends every field; keep only those that apply (e.g. no solo scenario in a
            # standard game)
            params = game_class(name).spec.applicable(params)
            count = load(name, **params).num_players
            seats = [form.get(f"{name}.seat.{i}", "human") for i in range(count)]
            made = await anyio.to_thread.run_sync(
                lambda: create_game(db_url, name, params, seats, None, form.get("title", ""))
            )
        except (UnknownGame, BadParameter, BadSeats, BadRequest) as exc:
            games = available_specs()
            return page(
                request,
                "lobby.html",
                status=422,
                games=games,
                saved=store.list()[:50],
                error=str(exc),
            )
        state, info = store.load(made.id)
        kick_bots(made.id, state, info, tasks)
        return page(request, "created.html", info=info, made=made, spec=state.game.spec)

    @app.get("/play/{ident}", response_class=HTMLResponse, include_in_schema=False)
    def play(
        request: Request,
        ident: str,
        tasks: BackgroundTasks,
        token: str | None = None,
        error: str | None = None,
    ) -> HTMLResponse:
        try:
            state, info = load_game(ident)
            seat = resolve_seat(ident, info, token, None)
        except ApiError as exc:
            if exc.code == "seat-required":  # a hot-seat token opened as a seat page
                return RedirectResponse(f"/hotseat/{ident}?token={quote(token or '')}", 303)  # type: ignore[return-value]
            return error_page(request, exc.status, exc.message)
        kick_bots(ident, state, info, tasks)
        ctx = board_context(state, info, seat, token, error)
        return page(request, "play.html", mode="seat", **ctx)

    @app.get("/play/{ident}/fragment", response_class=HTMLResponse, include_in_schema=False)
    def play_fragment(request: Request, ident: str, token: str | None = None) -> HTMLResponse:
        try:
            state, info = load_game(ident)
            seat = resolve_seat(ident, info, token, None)
        except ApiError as exc:
            return guards.escaped_html(exc.message, exc.status)
        ctx = board_context(state, info, seat, token, None)
        return page(request, "board.html", mode="seat", **ctx)

    @app.get("/watch/{ident}", response_class=HTMLResponse, include_in_schema=False)
    def watch(request: Request, ident: str, tasks: BackgroundTasks) -> HTMLResponse:
        try:
            state, info = load_game(ident)
        except ApiError as exc:
            return error_page(request, exc.status, exc.message)
        kick_bots(ident, state, info, tasks)
        return page(
            request, "play.html", mode="watch", **board_context(state, info, None, None, None)
        )

    @app.get("/watch/{ident}/fragment", response_class=HTMLResponse, include_in_schema=False)
    def watch_fragment(request: Request, ident: str) -> HTMLResponse:
        try:
            state, info = load_game(ident)
        except ApiError as exc:
            return guards.escaped_html(exc.message, exc.status)
        return page(
            request, "board.html", mode="watch", **board_context(state, info, None, None, None)
        )

    @app.get("/hotseat/{ident}", response_class=HTMLResponse, include_in_schema=False)
    def hotseat(
        request: Request,
        ident: str,
        tasks: BackgroundTasks,
        token: str | None = None,
        show: int | None = None,
        error: str | None = None,
    ) -> HTMLResponse:
        try:
            state, info = load_game(ident)
            if seat_for_token(db_url, ident, token) != HOTSEAT:
                raise ApiError(403, "bad-token", "this is not the hot-seat link of this game")
        except ApiError as exc:
            return error_page(request, exc.status, exc.message)
        kick_bots(ident, state, info, tasks)
        humans = human_seats(info)
        due = [s for s in state.current_seats() if s in humans]
        if show is not None and show in due:
            ctx = board_context(state, info, show, token, error)
            return page(request, "play.html", mode="hotseat", **ctx)
        if due:
            return page(
                request,
                "handover.html",
                info=info,
                spec=state.game.spec,
                next_seat=due[0],
                token=token,
                num_actions=state.num_actions(),
                error=error,
            )
        ctx = board_context(state, info, None, token, error)
        return page(request, "play.html", mode="hotseat-wait", **ctx)

    def back_to(ident: str, form: dict[str, str], error: str | None = None) -> RedirectResponse:
        token = quote(form.get("token", ""))
        if form.get("mode") == "hotseat":
            url = f"/hotseat/{ident}?token={token}"
            if error and form.get("seat"):
                url += f"&show={quote(form['seat'])}"
        else:
            url = f"/play/{ident}?token={token}"
        if error:
            url += "&error=" + quote(error)
        return RedirectResponse(url, status_code=303)

    def form_seat(form: dict[str, str]) -> int | None:
        raw = form.get("seat", "")
        return int(raw) if raw.lstrip("-").isdigit() else None

    @app.post("/play/{ident}/act", include_in_schema=False)
    async def act_form(request: Request, ident: str, tasks: BackgroundTasks) -> RedirectResponse:
        form = await form_data(request)
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
            return back_to(ident, form, "malformed action form")
        seen = form.get("seen") or None
        body = ActionIn(
            action=action,
            expected_actions=None if seen else expected,
            seen=seen,
            seat=form_seat(form),
        )
        try:
            state, info, _ = await anyio.to_thread.run_sync(
                lambda: do_action(ident, form.get("token"), body)
            )
        except ApiError as exc:
            if exc.code == "stale":
                return back_to(ident, form, STALE_PAGE)
            return back_to(ident, form, exc.message)
        kick_bots(ident, state, info, tasks)
        return back_to(ident, form)

    @app.post("/play/{ident}/undo", include_in_schema=False)
    async def undo_form(request: Request, ident: str) -> RedirectResponse:
        form = await form_data(request)
        try:
            expected = int(form.get("expected_actions", ""))
        except ValueError:
            return back_to(ident, form, "malformed undo form")
        body = UndoIn(expected_actions=expected, seat=form_seat(form))
        try:
            await anyio.to_thread.run_sync(lambda: do_undo(ident, form.get("token"), body))
        except ApiError as exc:
            return back_to(ident, form, exc.message)
        if form.get("mode") == "hotseat" and form.get("seat"):
            url = f"/hotseat/{ident}?token={quote(form.get('token', ''))}&show={form['seat']}"
            return RedirectResponse(url, status_code=303)
        return back_to(ident, form)

    @app.get("/replay/{ident}", response_class=HTMLResponse, include_in_schema=False)
    def replay(request: Request, ident: str, step: int = 0) -> HTMLResponse:
        try:
            record, info = finished(ident)
            data = replay_step(record, info, step)
        except ApiError as exc:
            return error_page(request, exc.status, exc.message)
        prefix = store.state_at(info.id, step)
        ctx = board_context(prefix, info, None, None, None)
        return page(request, "replay.html", mode="replay", step=step, data=data, **ctx)

    @app.get("/games", response_class=HTMLResponse, include_in_schema=False)
    def saved_games(request: Request) -> HTMLResponse:
        return page(request, "games.html", saved=store.list())

    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None) -> None:
    """Run the web app with uvicorn (blocking)."""
    import uvicorn

    # Live pages hold event streams open; do not let them delay a restart for long.
    uvicorn.run(create_app(db), host=host, port=port, log_level="info", timeout_graceful_shutdown=2)
