"""A game of four turns, each of six phases: Recruitment, Deployment, Wars, Income, Construction,
Aging; then the end of the game. :func:`advance` carries the game through every step that needs
nobody's decision, and stops where a seat must choose."""

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
            if d["solo"] is not None:
                solo.lich_king_gains(st)
            recruitment.add_kept(st)
            deployment.start(st)
        elif phase == "deployed":
            if d["pending"]:
                return
            if d["solo"] is not None:
                solo.wars(st)
            else:
                wars.resolve(st)
            income.resolve(st)
            d["phase"] = "build"
        elif phase == "aging":
            if d["pending"]:
                return
            aging.finish(st)
            if d["turn"] >= TURNS:
                if d["solo"] is not None:
                    solo.end_of_game(st)
                endgame.score(st)
                return
            d["turn"] += 1
            begin_turn(st)
        elif phase == "built":
            aging.start(st)
        else:
            return
