"""End of the game, after the fourth turn: each player scores the LP printed on their Buildings
(1 at Level 1, 3 at Level 2) and the end-of-game abilities of their Units. The most LP wins; among
tied players, the one with the most Gold left; if still tied, they share the victory."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.views import log

from ..effects import fire
from . import kingdom

if TYPE_CHECKING:
    from ..play import PTState


def score(st: PTState) -> None:
    d = st.data
    for seat, p in enumerate(d["players"]):
        lp = sum(st.content.buildings[b].level(lv).lp for b, lv in p["buildings"].items())
        if lp:
            st.add_lp(seat, lp, "Buildings")
        for ctx, _, trig in list(kingdom.sources(st, seat)):
            for e in trig:
                if e.when == "end-of-game":
                    fire(ctx, e)
    d["phase"] = "over"
    log(
        d,
        "The game is over: "
        + ", ".join(f"{st.who(s)} {p['lp']} LP" for s, p in enumerate(d["players"])),
    )


def winners(st: PTState) -> tuple[int, ...]:
    players = st.data["players"]
    best = max((p["lp"], p["gold"]) for p in players)
    return tuple(s for s, p in enumerate(players) if (p["lp"], p["gold"]) == best)
