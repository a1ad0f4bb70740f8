"""The lobby: choosing a game and its seats, starting it, its links again, a rematch, the saved
games."""

from __future__ import annotations

import re
from typing import Any

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ...engine import BadParameter, UnknownGame, load
from ...engine.registry import game_class
from ...store.games import GameStore
from ..deps import BotKick, CreatorDep, FormDep, GameDep, KickDep, StoreDep, refusal
from ..pages import error_page, page, refused_page
from ..payloads import available_specs
from ..render import player_name, player_names
from ..service import MAX_TITLE, BadRequest, BadSeats, NewGame, create_game, default_bot

router = APIRouter(include_in_schema=False)


def seat_spec(seat: int, choice: str, options: str | None) -> str:
    """A seat of the lobby's form: its choice, with a bot's options (``iterations=200, c=0.7``)
    joined into the engine's spec (``bot:ismcts?iterations=200&c=0.7``)."""
    items = [x for x in re.split(r"[\s,&]+", options or "") if x]
    if not items:
        return choice
    if not choice.startswith("bot:"):
        raise BadSeats(f"Seat {seat + 1} is a person: options apply to a bot only")
    return f"{choice}{'&' if '?' in choice else '?'}{'&'.join(items)}"


def lobby_games() -> list[dict[str, Any]]:
    """The lobby's games (the API's specs) with what the lobby adds: the opponent each offers
    by default (greedy, wherever the game has it) and the words for each choice of a
    parameter (a solo scenario by its name, not its id)."""
    games = available_specs()
    for g in games:
        g["default_bot"] = default_bot(g["bots"])
        for p in g["params"]:
            if p["choices"]:
                p["labels"] = {str(c): choice_label(c) for c in p["choices"]}
    return games


def choice_label(value: Any) -> str:
    """A parameter's choice as people read it: an id ``garoliums-tournament`` as ``Garoliums
    Tournament``; numbers and words as they are."""
    text = str(value)
    if "-" in text or "_" in text:
        return " ".join(w[:1].upper() + w[1:] for w in re.split(r"[-_]+", text) if w)
    return text


def saved_games_rows(store: GameStore, limit: int | None = None) -> list[dict[str, Any]]:
    """The saved games for a list: each game's facts, its title in words, and each seat by the
    one name it goes by in the game (``State.seat_name``), with who plays it."""
    rows = []
    for info in store.list()[:limit]:
        try:
            state, _ = store.load(info.id)
            names = state.seat_names()
            title = info.title or state.game.spec.title
        except Exception:  # a save this version cannot load is still listed
            names, title = [], info.title or info.game
        rows.append(
            {
                "info": info,
                "title": title,
                "seats": [
                    (
                        player_name(i, dict(enumerate(names))),
                        "a person" if s == "human" else str(s).replace("bot:", "bot "),
                    )
                    for i, s in enumerate(info.seats)
                ],
            }
        )
    return rows


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request, store: StoreDep) -> HTMLResponse:
    return page(
        request, "lobby.html", games=lobby_games(), saved=saved_games_rows(store, 50), error=None
    )


def created_page(request: Request, store: GameStore, kick: BotKick, made: NewGame) -> HTMLResponse:
    """The page of a game just made (new or a rematch): its seats' links, its bots started."""
    state, info = store.load(made.id)
    kick(made.id, state, info)
    return page(
        request,
        "created.html",
        info=info,
        made=made,
        spec=state.game.spec,
        names=player_names(state.view(None)),
    )


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
            games=lobby_games(),
            saved=saved_games_rows(store, 50),
            error=str(exc),
        )
    return created_page(request, store, kick, made)


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


_REMATCH = re.compile(r"^(?P<base>.*?) \(rematch(?: (?P<n>\d+))?\)$")


def rematch_title(title: str, taken: list[str]) -> str:
    """A rematch's title: ``Friday (rematch 1)``, then ``Friday (rematch 2)``... numbered after
    the highest rematch of that title among ``taken`` (the saved games' titles)."""
    found = _REMATCH.match(title)
    base = found["base"] if found else title
    highest = 0
    for other in taken:
        m = _REMATCH.match(other)
        if m and m["base"] == base:
            highest = max(highest, int(m["n"] or 1))
    suffix = f" (rematch {highest + 1})"
    return base[: MAX_TITLE - len(suffix)] + suffix


@router.post("/rematch/{ident}", response_class=HTMLResponse)
@refusal(refused_page)
async def rematch(request: Request, game: GameDep, store: StoreDep, kick: KickDep) -> HTMLResponse:
    info = game.info
    title = rematch_title(info.title, [i.title for i in store.list(info.game)])
    try:
        made = await anyio.to_thread.run_sync(
            lambda: create_game(
                store.url, info.game, dict(info.params), list(info.seats), None, title
            )
        )
    except (UnknownGame, BadParameter, BadSeats) as exc:
        return error_page(request, 422, str(exc))
    return created_page(request, store, kick, made)


@router.get("/games", response_class=HTMLResponse)
def saved_games(request: Request, store: StoreDep) -> HTMLResponse:
    return page(request, "games.html", saved=saved_games_rows(store))
