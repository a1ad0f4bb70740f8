"""Paper Tales in the browser: one seat's view drawn from the Jinja2 templates in ``templates/``
with the styles of ``static/paper-tales.css``.

``render(view)`` draws only what the view holds (plus static card texts): the score track, the
Lich King's Necropolis line in solo, the seat's draft hand, hand and face-down Deployment, and a
board of every Kingdom (Front and Back rows, the extra spot, Buildings at their level, Age tokens,
Gold). Kingdoms flow in a grid that wraps: readable at 7 players and one column wide on a phone.
While the seat arranges its Deployment, its cards and places carry ``data-target`` values (see
:func:`tabletop.games.paper_tales.presentation.PaperTalesPresentation.board_targets`).

The page links the stylesheet the presentation declares (the web app serves it under
``/game-static/paper-tales/``); until it reads each game's templates itself, they are read by this
module's own :class:`jinja2.Environment`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, Template, select_autoescape

from .content import LichKing, Necropolis, Unit, game_content
from .rules.deployment import KIND
from .rules.turn import PHASE_NAMES, TURNS

STYLESHEET = Path(__file__).parent / "static" / "paper-tales.css"
LOG_LINES = 12


def unit(card: str) -> Unit:
    return game_content().units[str(card).split(".")[0]]


def necropolis(ident: str) -> Necropolis:
    return game_content().necropolis[ident]


def lich(ident: str) -> LichKing:
    return game_content().lich[ident]


@lru_cache(maxsize=1)
def _board() -> Template:
    env = Environment(
        loader=PackageLoader("tabletop.games.paper_tales", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        extensions=["jinja2.ext.do"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(unit=unit, necropolis=necropolis, lich=lich)
    # every Building in the rulebook's order: a Kingdom's are drawn in it, never a mapping's
    env.globals["buildings"] = list(game_content().buildings.values())
    return env.get_template("board.html")


def deploying(view: dict[str, Any]) -> bool:
    """Whether the viewing seat is arranging its Deployment now (a template is offered)."""
    return any(t.get("kind") == KIND for t in view.get("templates") or ())


def render(view: dict[str, Any], compact: bool = False) -> str:
    """The whole board for one seat's (or a spectator's) view; ``compact``: the seat's own
    Kingdom and cards, and a line for each other Kingdom."""
    seat = view.get("seat")
    players = view["players"]
    return _board().render(
        view=view,
        compact=compact,
        seat=seat,
        me=players[seat] if seat is not None else None,
        draft=view.get("draft"),
        solo=view.get("solo"),
        deploying=deploying(view),
        committed=list((view.get("prompt") or {}).get("committed") or ()),
        track=sorted(players, key=lambda p: -p["legend_points"]),
        phase=PHASE_NAMES.get(view["phase"], view["phase"]),
        turns=TURNS,
        log=view.get("log", [])[-LOG_LINES:],
    )
