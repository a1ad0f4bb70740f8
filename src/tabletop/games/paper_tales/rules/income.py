"""Phase 4, Income: every Kingdom earns 2 Gold plus its Income abilities."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.views import log

from . import kingdom

if TYPE_CHECKING:
    from ..play import PTState


def resolve(st: PTState) -> None:
    d = st.data
    for seat, p in enumerate(d["players"]):
        gold = kingdom.income(st, seat)
        p["gold"] += gold
        log(d, f"Income: {st.who(seat)} earns {gold} Gold")
