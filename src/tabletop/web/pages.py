"""The pages' shared parts: the templates, an error page, and what a board page shows one seat.

A board page is built only from ``state.view(seat)`` and what that seat is offered.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from ..engine import WITHDRAW, Action, State, Template
from ..engine.registry import presentation
from ..store.games import GameInfo, GameStore
from . import guards, service
from .deps import ApiError
from .payloads import decision
from .render import (
    action_label,
    confirm_question,
    humanize,
    lone_option,
    names_phrase,
    player_name,
    player_names,
    seat_label,
    seats_phrase,
    split_view,
    table_options,
    value_html,
    whole,
)

# where the stylesheets each game declares are served
GAME_STATIC = "/game-static"

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
templates.env.globals.update(humanize=humanize, value_html=value_html)


def page(request: Request, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
    return templates.TemplateResponse(request, name, ctx, status_code=status)


def error_page(request: Request, status: int, message: str) -> HTMLResponse:
    return page(request, "error.html", status=status, message=message)


# ----------------------------------------------------------------------------- refusal answers


def refused_page(request: Request, exc: ApiError) -> Response:
    """A page route's refusal: the error page, the message escaped."""
    return error_page(request, exc.status, exc.message)


def navigated(request: Request) -> bool:
    """Whether the browser opened this URL as a page (typed, a link, a new tab), not the page's
    own script fetching a part of it (the live reload, the whole log)."""
    mode = request.headers.get("sec-fetch-mode", "")
    dest = request.headers.get("sec-fetch-dest", "")
    return mode == "navigate" or dest == "document"


def refused_fragment(request: Request, exc: ApiError) -> Response:
    """A fragment's refusal: the message escaped, bare, to the page's script that asked it
    (the live reload); the error page to a person who opened the fragment's URL."""
    if navigated(request):
        return refused_page(request, exc)
    return guards.escaped_html(exc.message, exc.status)


# ----------------------------------------------------------------------------- a board page


def board_context(
    store: GameStore,
    state: State,
    info: GameInfo,
    seat: int | None,
    token: str | None,
    error: str | None,
    kept: str | None = None,
) -> dict[str, Any]:
    """Everything play.html / board.html show ``seat`` (None: a spectator) of ``state``;
    ``kept``: the template form a refusal sent back (:func:`kept_choices`), chosen again."""
    view = state.view(seat)
    assert view is not None
    prompt = state.prompt()
    per_seat, panels = split_view(view, state.game.num_players)
    renderer = service.game_renderer(state.game)
    board = Markup(renderer(view)) if renderer is not None else None
    names = player_names(view)
    legal, forms_offered = decision(state, seat)
    committed = seat is not None and seat in prompt.committed
    options = option_rows(state, seat, legal)
    mine = (view.get("commitments") or {}).get("mine") if committed else None
    my_choice = yours(action_label(state, Action.from_json(mine), seat)) if mine else None
    deciding_me = bool(options or forms_offered) and not committed
    # the seats this page waits for, by name: those still choosing (not those who have chosen)
    waiting = (
        names_phrase([s for s in prompt.seats if s != seat], names)
        if not deciding_me and not state.is_terminal()
        else ""
    )
    undo_reason = undo_refusal(store, state, info, seat)
    outcome = view.get("outcome")
    log_entries = list(reversed(view.get("log") or []))
    return {
        "info": info,
        "spec": state.game.spec,
        "state": state,
        "view": view,
        "seat": seat,
        "token": token,
        "prompt": prompt,
        "prompt_title": prompt.text or humanize(prompt.kind),
        "names": names,
        "me": player_name(seat, names) if seat is not None else None,
        "round": view.get("round") if isinstance(view.get("round"), int) else None,
        "deciding": seats_phrase(list(prompt.seats), info.seats, seat, names),
        "turn": turn_phrase(prompt.turn, info, seat, names),
        "per_seat": per_seat,
        "panels": {
            k: v for k, v in panels.items() if isinstance(v, (list, dict)) and k != "commitments"
        },
        "committed": seats_phrase(list(prompt.committed), info.seats, seat, names)
        if prompt.committed
        else "",
        "scalars": {k: v for k, v in panels.items() if not isinstance(v, (list, dict))},
        "board": board,
        "stylesheets": stylesheet_urls(state.game.name),
        "options": options,
        "withdraw": json.dumps(WITHDRAW.to_json()) if committed else None,
        "my_choice": my_choice,
        "your_turn": deciding_me,
        "waiting_for": waiting,
        "log": log_entries,
        "latest": log_entries[:8],
        "forms": form_rows(forms_offered, kept_choices(kept)),
        "num_actions": state.num_actions(),
        "seen": state.fingerprint(seat),
        "seat_rows": [
            {"seat": i, "label": seat_label(i, info.seats, seat, names)}
            for i in range(state.game.num_players)
        ],
        "outcome": outcome,
        "scores": final_scores(outcome, info.seats, seat, names),
        "winners": seats_phrase(list(outcome["winners"]), info.seats, seat, names)
        if outcome
        else "",
        "can_undo": undo_reason == "",
        "error": error,
    }


def turn_phrase(
    turn: int | None, info: GameInfo, seat: int | None, names: dict[int, str]
) -> str | None:
    """Whose turn it is, as the page of ``seat`` says it ("Your turn", "Alice's turn")."""
    if turn is None:
        return None
    return "Your turn" if turn == seat else f"{seat_label(turn, info.seats, seat, names)}'s turn"


def option_rows(state: State, seat: int | None, legal: list[Action]) -> list[dict[str, Any]]:
    """The options ``seat`` is offered, each with its JSON, its words, the question to confirm
    it (if any) and whether it is the lone option the page takes for the player."""
    lone = lone_option(state, seat) if seat is not None and len(legal) == 1 else None
    return [
        {
            "json": json.dumps(a.to_json()),
            "label": label,
            "confirm": confirm_question(state, a, seat),
            "auto": a == lone,
        }
        for a, label in table_options(state, seat, legal)
        if a != WITHDRAW
    ]


def kept_choices(raw: str | None) -> dict[str, dict[str, Any]]:
    """The choices of a template form a refusal sent back in its page's address
    (``kept={"kind": ..., "args": {...}}``, see ``routers/seats.py``), by kind; {} for none or
    for anything else (the address is the player's to edit: it only ever preselects)."""
    try:
        found = json.loads(raw) if raw else None
    except ValueError:
        return {}
    if not isinstance(found, dict) or not isinstance(found.get("args"), dict):
        return {}
    return {str(found.get("kind")): found["args"]}


def form_rows(
    offered: list[Template], kept: dict[str, dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """The template decisions offered, as forms: each field with its choices' JSON, words and
    whether it is chosen already (``kept``: what the player sent before a refusal)."""
    rows = []
    for t in offered:
        chosen = (kept or {}).get(t.kind, {})
        fields = []
        for p in t.params:
            domain = p.to_json()["domain"]
            fields.append(
                {
                    "name": p.name,
                    "label": p.label or p.name,
                    "choices": [
                        (json.dumps(v), p.labels[i] if p.labels else str(v))
                        for i, v in enumerate(domain)
                    ],
                    "selected": json.dumps(chosen[p.name])
                    if p.name in chosen and chosen[p.name] in domain
                    else None,
                }
            )
        rows.append(
            {
                "kind": t.kind,
                "text": t.text or humanize(t.kind),
                "fixed": json.dumps(t.to_json()["fixed"]),
                "fields": fields,
            }
        )
    return rows


def undo_refusal(store: GameStore, state: State, info: GameInfo, seat: int | None) -> str | None:
    """Why ``seat`` may not take back its last action ("" if it may; None if it has none)."""
    if seat is None or state.is_terminal():
        return None
    hist = state.history()
    if not hist or hist[-1][0] != seat:
        return None
    earlier = store.state_at(info.id, state.num_actions() - 1)
    return service.can_undo(state, seat, earlier) or ""


def yours(label: str) -> str:
    """An option's words as what the player did: "Keep the Commander" -> "You keep the
    Commander"; words that do not start with a verb -> "Your choice: Front: Golem; ..."."""
    head, _, rest = label.partition(" ")
    if rest and head.isalpha() and head[:1].isupper() and head[1:].islower():
        return f"You {head.lower()} {rest}"
    return f"Your choice: {label}"


# what changes on a board without the player seeing it: the count of actions it was drawn at
_UNSEEN = re.compile(r'(data-num-actions="|name="expected_actions" value=")\d+"')


def board_markup(ctx: dict[str, Any], mode: str) -> tuple[Markup, str]:
    """``board.html`` for a board context, and the digest of what it shows: equal digests mean
    the player would see the same page, so the live reload leaves it alone (another seat's
    secret step changes the game's number of actions, not this page)."""
    html = templates.get_template("board.html").render({**ctx, "mode": mode})
    digest = hashlib.blake2b(_UNSEEN.sub(r'\1"', html).encode(), digest_size=12).hexdigest()
    return Markup(html), digest


def final_scores(
    outcome: dict[str, Any] | None, seats: list[Any], me: int | None, names: dict[int, str]
) -> list[dict[str, Any]]:
    """The end screen's rows, best first: each seat's total and, where the game gives it, how
    the score was made source by source and the tie-breakers (``Outcome.breakdown``)."""
    if not outcome:
        return []
    made = {int(b["seat"]): b for b in outcome.get("breakdown") or []}
    rows = [
        {
            "seat": int(k),
            "label": seat_label(int(k), seats, me, names),
            "score": whole(v),
            "winner": int(k) in (outcome.get("winners") or []),
            "sources": [
                {"label": i["label"], "points": whole(i["points"]), "detail": i["detail"]}
                for i in made.get(int(k), {}).get("items", [])
            ],
            "tiebreak": [
                {"label": i["label"], "points": whole(i["points"]), "detail": i["detail"]}
                for i in made.get(int(k), {}).get("tiebreak", [])
            ],
        }
        for k, v in (outcome.get("scores") or {}).items()
    ]
    return sorted(rows, key=lambda r: (not r["winner"], -float(r["score"]), r["seat"]))


def stylesheet_urls(game: str) -> list[str]:
    """The page-head links of the stylesheets a game's presentation declares (served by
    ``routers/game_static.py``)."""
    return [f"{GAME_STATIC}/{game}/{path.name}" for path in presentation(game).stylesheets()]


def redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)
