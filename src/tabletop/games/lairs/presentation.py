"""How people see Lairs: the terminal's and the web page's drawings of a view, and the cards'
words for ``?NAME`` (see :mod:`tabletop.engine.presentation`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from tabletop.engine.presentation import BoardTarget, CardFace, Presentation, Provides, View

from . import grid, tui, web
from .content import content

__all__ = ["LairsPresentation"]


@cache
def card_faces() -> dict[str, CardFace]:
    """Every hazard, treasure and junk card with its facts (a hazard's Target and weaknesses, a
    treasure's VP, a junk card's cost): the compact terminal drawing names them, ``?NAME`` reads
    them."""
    cards = content()
    faces: dict[str, CardFace] = {}
    for h in cards.hazards.values():
        facts = [("Kind", h.kind), ("Target", str(h.target))]
        if h.weaknesses:
            facts.append(("Weak to (Adventurer's Pack)", ", ".join(h.weaknesses)))
        if h.vp:
            facts.append(("VP", str(h.vp)))
        faces[h.id] = CardFace(h.id, h.name, h.text, tuple(facts))
    for t in cards.treasures.values():
        text = f"A treasure of the {t.type} type, worth {t.vp} VP."
        faces.setdefault(t.id, CardFace(t.id, t.name, text, (("Type", t.type), ("VP", str(t.vp)))))
    for j in cards.junk.values():
        when = (("Cost", str(j.cost)), ("When", j.timing.replace("-", " ")))
        faces.setdefault(j.id, CardFace(j.id, j.name, j.text, when))
    return faces


class LairsPresentation(Presentation):
    provides = Provides(
        cards=True, terminal=True, terminal_compact=True, html=True, board_targets=True
    )

    def cards(self) -> Mapping[str, CardFace]:
        return card_faces()

    def terminal(self, view: View, compact: bool = False) -> Any:
        return (tui.render_compact if compact else tui.render)(dict(view))

    def html(self, view: View, compact: bool = False) -> str:
        return web.render(dict(view))

    def stylesheets(self) -> Sequence[Path]:
        return (web.STYLESHEET,)

    def board_targets(self, view: View) -> list[BoardTarget]:
        """While building, the spaces and edges of the seat's own lair a tap answers the
        ``build`` and ``take-back`` templates with (their elements' ``data-target`` is the
        space, ``B1``, or the space and the side of an edge, ``B1-east``): a space where a piece
        left may go (one target per piece and space), an edge a Wall may go on, a placed piece
        or Wall that may be taken back. While exploring, the spaces of the explorer's map a move
        goes to."""
        v = dict(view)
        found: list[BoardTarget] = []
        cells, edges, removable = web.legal_targets(v)
        for piece, where in sorted(cells.items()):
            for c in sorted(where):
                name = grid.name(c)
                label = f"{web.piece_words(piece)} on {name}"
                found.append(BoardTarget("build", "cell", name, name, label))
        for e in sorted(edges):
            at, side = web.edge_side(e)
            found.append(BoardTarget("build", "side", side, f"{at}-{side}", "a Wall"))
        lair = v.get("lair") or {}
        if any(t.get("kind") == "take-back" for t in v.get("templates") or ()):
            for c, f in enumerate(lair.get("feat") or []):
                if f is not None:
                    found.append(BoardTarget("take-back", "cell", grid.name(c), grid.name(c)))
            for e in sorted(removable):
                at, side = web.edge_side(e)
                found.append(BoardTarget("take-back", "side", side, f"{at}-{side}"))
        explorer = web.clickable(v, True)[0] if v.get("maps") else {}
        for space, (_, words, _) in explorer.items():
            name = grid.name(space)
            found.append(BoardTarget("turn", "to", name, name, words))
        return found
