"""What the JSON API sends and receives: its bodies, the lobby's specs, and a seat's payload.

Seat payloads are built only from ``state.view(seat)`` and what that seat is offered, so no
answer to one seat carries another seat's secrets.
"""

from __future__ import annotations

import logging
from typing import Any

from pydantic import BaseModel, Field

from ..engine import SEED_MAX, WITHDRAW, Action, State, Template, load, specs
from ..engine.bots import bot_kinds
from ..engine.protocol import Game, GameSpec
from ..store.games import GameInfo
from .render import action_label
from .service import MAX_TITLE

log = logging.getLogger("tabletop.web")


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
    creator_link: str | None = Field(
        None, description="Shows every seat link of the game again; keep it private."
    )


class SeatCountIn(BaseModel):
    game: str
    params: dict[str, Any] = Field(default_factory=dict)


def seating(game: Game) -> dict[str, Any]:
    """How a game with its parameters is seated: the seats to fill, the role of each (the
    kernel's roles, such as a builder and an explorer), and the rules' own participants
    (automata such as a solo opponent), which are never a seat to fill."""
    return {
        "seats": game.num_players,
        "roles": list(game.roles()),
        "automata": [a.name for _, a in sorted(game.automata().items())],
    }


def spec_json(spec: GameSpec) -> dict[str, Any]:
    game = load(spec.name)
    seated = seating(game)
    return {
        "name": spec.name,
        "title": spec.title,
        "description": spec.description,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "default_seats": game.num_players,
        "roles": seated["roles"],
        "automata": seated["automata"],
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
            out.append(spec_json(spec))
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


def info_json(info: GameInfo) -> dict[str, Any]:
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


def seat_payload(state: State, info: GameInfo, seat: int | None) -> dict[str, Any]:
    """One seat's answer (``seat`` None: the spectator's): its view and what it is offered."""
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
        "options": [{"action": a.to_json(), "label": action_label(state, a, seat)} for a in legal],
        "roles": list(state.game.roles()),
    }
    if templates:
        out["templates"] = [t.to_json() for t in templates]
    return out
