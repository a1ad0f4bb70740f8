"""How people see Lairs: the terminal's and the web page's drawings of a view (see
:mod:`tabletop.engine.presentation`)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.presentation import Presentation, Provides, View

from . import tui, web

__all__ = ["LairsPresentation"]


class LairsPresentation(Presentation):
    provides = Provides(terminal=True, html=True)

    def terminal(self, view: View, compact: bool = False) -> Any:
        return tui.render(dict(view))

    def html(self, view: View, compact: bool = False) -> str:
        return web.render(dict(view))
