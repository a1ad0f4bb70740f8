"""How people see Lairs: the terminal's and the web page's drawings of a view, and the cards'
words for ``?NAME`` (see :mod:`tabletop.engine.presentation`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from tabletop.engine.presentation import CardFace, Presentation, Provides, View

from . import tui, web
from .content import content

__all__ = ["LairsPresentation"]


@cache
def card_faces() -> dict[str, CardFace]:
    """Every hazard, treasure and junk card with its facts (a hazard's Target and weaknesses, a
    treasure's VP, a junk card's cost): the compact terminal drawing names them, ``?NAME`` reads
    them."""
    C = content()
    faces: dict[str, CardFace] = {}
    for h in C.hazards.values():
        facts = [("Kind", h.kind), ("Target", str(h.target))]
        if h.weaknesses:
            facts.append(("Weak to (Adventurer's Pack)", ", ".join(h.weaknesses)))
        if h.vp:
            facts.append(("VP", str(h.vp)))
        faces[h.id] = CardFace(h.id, h.name, h.text, tuple(facts))
    for t in C.treasures.values():
        text = f"A treasure of the {t.type} type, worth {t.vp} VP."
        faces.setdefault(t.id, CardFace(t.id, t.name, text, (("Type", t.type), ("VP", str(t.vp)))))
    for j in C.junk.values():
        when = (("Cost", str(j.cost)), ("When", j.timing.replace("-", " ")))
        faces.setdefault(j.id, CardFace(j.id, j.name, j.text, when))
    return faces


class LairsPresentation(Presentation):
    provides = Provides(cards=True, terminal=True, terminal_compact=True, html=True)

    def cards(self) -> Mapping[str, CardFace]:
        return card_faces()

    def terminal(self, view: View, compact: bool = False) -> Any:
        return (tui.render_compact if compact else tui.render)(dict(view))

    def html(self, view: View, compact: bool = False) -> str:
        return web.render(dict(view))
