"""A drawing of the engine's test game toy-lairs for the web page, as a game's own ``web.py``
would draw it: the seat's own lair as a grid whose cells pick the build template's ``cell``,
its kept cards picking ``card``, and the four facings picking ``rotation`` (``data-pick``, see
static/app.js). From the seat's view only. Installed by the tests that need it
(:func:`install`; a server process imports :mod:`lairs_board_on`), since toy-lairs lives
outside ``tabletop.games``."""

from __future__ import annotations

import json
from html import escape
from typing import Any

from tabletop.engine.presentation import Presentation, Provides, View
from tabletop.engine.registry import game_class

FACINGS = ("north", "east", "south", "west")


def _pick(**fields: Any) -> str:
    return escape(json.dumps(fields), quote=True)


def render(view: dict[str, Any]) -> str:
    seat = view.get("seat")
    side = int(view["size"])
    out = ['<div class="toy-lairs">']
    if isinstance(seat, int):
        cells = view["lairs"][seat].get("items") or [""] * side * side
        out.append('<h3>Your lair</h3><table class="grid" id="my-lair">')
        for row in range(side):
            out.append("<tr>")
            for col in range(side):
                cell = row * side + col
                card = cells[cell] or ""
                out.append(
                    f'<td data-cell="{cell}" data-pick="{_pick(cell=cell)}">{escape(card) or "·"}'
                    "</td>"
                )
            out.append("</tr>")
        out.append("</table>")
        kept = view["kept"][seat].get("items") or []
        chips = "".join(
            f'<span class="chip" data-card="{escape(c)}" data-pick="{_pick(card=c)}">'
            f"{escape(c)}</span>"
            for c in kept
        )
        out.append(f'<p id="my-kept">Kept: {chips or "none"}</p>')
        facings = "".join(
            f'<span class="chip" data-facing="{r}" data-pick="{_pick(rotation=r)}">{f}</span>'
            for r, f in enumerate(FACINGS)
        )
        out.append(f'<p id="facings">Facing: {facings}</p>')
    out.append(f"<p>Phase: {escape(str(view['phase']))}</p></div>")
    return "".join(out)


class Board(Presentation):
    """The drawing above as the test game's declared presentation."""

    provides = Provides(html=True)

    def html(self, view: View, compact: bool = False) -> str:
        return render(dict(view))


BOARD = Board()


def install() -> None:
    game_class("toy-lairs").presentation = BOARD
