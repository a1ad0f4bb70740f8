"""How people see Lairs: the terminal's and the web page's drawings of a view (see
:mod:`tabletop.engine.presentation`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.engine.presentation import BoardTarget, Presentation, Provides, View

from . import grid, tui, web

__all__ = ["LairsPresentation"]


class LairsPresentation(Presentation):
    provides = Provides(terminal=True, html=True, board_targets=True)

    def terminal(self, view: View, compact: bool = False) -> Any:
        return tui.render(dict(view))

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
        for space, (_, words) in explorer.items():
            name = grid.name(space)
            found.append(BoardTarget("turn", "to", name, name, words))
        return found
