"""A game of four turns, each of six phases: Recruitment, Deployment, Wars, Income, Construction,
Aging; then the end of the game. :func:`advance` carries the game through every step that needs
nobody's decision, and stops where a seat must choose, or where the Lich King (solo) acts: the
engine plays him (``LichKing``, a kernel automaton) and the rules go on from there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import aging, deployment, endgame, income, recruitment, solo, wars

if TYPE_CHECKING:
    from ..play import PTState

TURNS = 4


def begin_turn(st: PTState) -> None:
    if st.data["solo"] is not None:
        solo.start_recruitment(st)
    else:
        recruitment.start(st)


def advance(st: PTState) -> None:
    d = st.data
    while True:
        phase = d["phase"]
        if phase == "setup":
            begin_turn(st)
        elif phase == "recruited":
            if d["solo"] is not None and solo.due(st, "gain"):
                return
            recruitment.add_kept(st)
            deployment.start(st)
        elif phase == "deployed":
            if d["pending"]:
                return
            if d["solo"] is not None:
                if solo.due(st, "wars"):
                    return
            else:
                wars.resolve(st)
            income.resolve(st)
            d["phase"] = "build"
        elif phase == "aging":
            if d["pending"]:
                return
            aging.finish(st)
            if d["turn"] >= TURNS:
                d["phase"] = "ending"
            else:
                d["turn"] += 1
                begin_turn(st)
        elif phase == "ending":
            if d["solo"] is not None and solo.due(st, "end"):
                return
            endgame.score(st)
            return
        elif phase == "built":
            aging.start(st)
        else:
            return
