"""The lobby: choosing a game and its seats, starting it, its links again, a rematch, the saved
games."""

from __future__ import annotations

import re

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ...engine import BadParameter, UnknownGame, load
from ...engine.registry import game_class
from ..deps import CreatorDep, FormDep, GameDep, KickDep, StoreDep, refusal
from ..pages import error_page, page, refused_page
from ..payloads import available_specs
from ..render import player_names
from ..service import BadRequest, BadSeats, create_game

router = APIRouter(include_in_schema=False)


def seat_spec(seat: int, choice: str, options: str | None) -> str:
    """A seat of the lobby's form: its choice, with a bot's options (``iterations=200, c=0.7``)
    joined into the engine's spec (``bot:ismcts?iterations=200&c=0.7``)."""
    items = [x for x in re.split(r"[\s,&]+", options or "") if x]
    if not items:
        return choice
    if not choice.startswith("bot:"):
        raise BadSeats(f"seat {seat + 1} is a person: options apply to a bot only")
    return f"{choice}{'&' if '?' in choice else '?'}{'&'.join(items)}"


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request, store: StoreDep) -> HTMLResponse:
    return page(request, "lobby.html", games=available_specs(), saved=store.list()[:50], error=None)


@router.post("/new", response_class=HTMLResponse)
async def new_game(request: Request, form: FormDep, store: StoreDep, kick: KickDep) -> HTMLResponse:
    name = form.get("game", "")
    prefix = f"{name}.param."
    params = {k[len(prefix) :]: v for k, v in form.items() if k.startswith(prefix)}
    try:
        # the form sends every field; keep only those that apply (e.g. no solo scenario in a
        # standard game)
        params = game_class(name).spec.applicable(params)
        count = load(name, **params).num_players
        seats = [
            seat_spec(
                i, form.get(f"{name}.seat.{i}", "human"), form.get(f"{name}.seat.{i}.options")
            )
            for i in range(count)
        ]
        made = await anyio.to_thread.run_sync(
            lambda: create_game(store.url, name, params, seats, None, form.get("title", ""))
        )
    except (UnknownGame, BadParameter, BadSeats, BadRequest) as exc:
        return page(
            request,
            "lobby.html",
            status=422,
            games=available_specs(),
            saved=store.list()[:50],
            error=str(exc),
        )
    state, info = store.load(made.id)
    kick(made.id, state, info)
    return page(request, "created.html", info=info, made=made, spec=state.game.spec, names={})


@router.get("/links/{ident}", response_class=HTMLResponse)
@refusal(refused_page)
def links_page(request: Request, game: GameDep, made: CreatorDep) -> HTMLResponse:
    return page(
        request,
        "created.html",
        info=game.info,
        made=made,
        spec=game.state.game.spec,
        again=True,
        names=player_names(game.state.view(None)),
    )


@router.post("/rematch/{ident}", response_class=HTMLResponse)
@refusal(refused_page)
async def rematch(request: Request, game: GameDep, store: StoreDep, kick: KickDep) -> HTMLResponse:
    info = game.info
    try:
        made = await anyio.to_thread.run_sync(
            lambda: create_game(
                store.url, info.game, dict(info.params), list(info.seats), None, info.title
            )
        )
    except (UnknownGame, BadParameter, BadSeats) as exc:
        return error_page(request, 422, str(exc))
    state, new_info = store.load(made.id)
    kick(made.id, state, new_info)
    return page(request, "created.html", info=new_info, made=made, spec=state.game.spec, names={})


@router.get("/games", response_class=HTMLResponse)
def saved_games(request: Request, store: StoreDep) -> HTMLResponse:
    return page(request, "games.html", saved=store.list())
