"""How people see Paupers' Ladder: the terminal's and the web page's drawings, card texts, the
words explaining an option, the order options are read in and the questions asked before an
option that throws a card away (see :mod:`tabletop.engine.presentation`)."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action
from tabletop.engine.presentation import Presentation, Provides, View

from . import tui, web
from .content import content

__all__ = ["PaupersLadderPresentation"]

# kinds people pick most come first; leaving and throwing cards away come last
LATE_KINDS = ("end", "pass", "done", "leave", "decline", "back-out", "keep-gems")
LOSS_KINDS = ("discard", "discard-fragile", "drop-recipe")
# the questions asked before an option that throws a card away, by the argument naming the card
CONFIRM = {
    "discard": ("item", "Throw the {} out of your Inventory for good?"),
    "discard-fragile": ("card", "Discard the {} from this Region?"),
    "drop-recipe": ("recipe", "Give up the {} Recipe for good?"),
}


class PaupersLadderPresentation(Presentation):
    provides = Provides(
        cards=True,
        explain=True,
        option_rank=True,
        confirm=True,
        terminal=True,
        terminal_compact=True,
        html=True,
    )

    def card_text(self, name: str) -> str | None:
        return tui.card_text(name)

    def explain(self, view: View, action: Action) -> str | None:
        return tui.explain(dict(view), action.to_json()) or None

    def option_rank(self, view: View, action: Action) -> int:
        return 2 if action.kind in LOSS_KINDS else 1 if action.kind in LATE_KINDS else 0

    def confirm(self, view: View, action: Action) -> str | None:
        found = CONFIRM.get(action.kind)
        if found is None:
            return None
        arg, question = found
        return question.format(content().card_name(str(action.get(arg))))

    def terminal(self, view: View, compact: bool = False) -> Any:
        return tui.render_compact(dict(view)) if compact else tui.render(dict(view))

    def html(self, view: View, compact: bool = False) -> str:
        return web.render(dict(view))
