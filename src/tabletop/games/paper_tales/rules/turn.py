"""A game of four turns, each of six phases: Recruitment, Deployment, Wars, Income, Construction,
Aging; then the end of the game. :func:`advance` carries the game through every step that needs
nobody's decision, and stops where a seat must choose, or where the Lich King (solo) acts: the
engine plays him (``LichKing``, a kernel automaton) and the rules go on from there.

:data:`PHASE_NAMES` names each phase of the data as the rulebook numbers it, for every surface."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from ..state import Rules
from . import aging, deployment, endgame, income, recruitment, solo, wars

if TYPE_CHECKING:
    from ..state import PaperTalesState

TURNS = 4
# every phase the data goes through, as players read it
PHASE_NAMES = {
    "setup": "Set-up",
    "draft": "1 Recruitment",
    "solo-pick": "1 Recruitment",
    "recruited": "1 Recruitment",
    "deploy": "2 Deployment",
    "deployed": "2 Deployment",
    "build": "5 Construction",
    "built": "5 Construction",
    "aging": "6 Aging",
    "ending": "End of the game",
    "over": "Game over",
}


def begin_turn(state: PaperTalesState) -> None:
    if state.data["solo"] is not None:
        solo.start_recruitment(state)
    else:
        recruitment.start(state)


def advance(state: PaperTalesState) -> None:
    data = state.data
    solo_game = data["solo"] is not None
    while True:
        phase = data["phase"]
        if phase == "setup":
            begin_turn(state)
        elif phase == "recruited":
            if solo_game and solo.due(state, "gain"):
                return
            recruitment.add_kept(state)
            deployment.start(state)
        elif phase == "deployed":
            if data["pending"] or (solo_game and solo.due(state, "wars")):
                return
            if not solo_game:
                wars.resolve(state)
            income.resolve(state)
            data["phase"] = "build"
        elif phase == "built":
            aging.start(state)
        elif phase == "aging":
            if data["pending"]:
                return
            aging.finish(state)
            if data["turn"] >= TURNS:
                data["phase"] = "ending"
            else:
                data["turn"] += 1
                begin_turn(state)
        elif phase == "ending":
            if solo_game and solo.due(state, "end"):
                return
            endgame.score(state)
            return
        else:
            return


@mypyc_attr(allow_interpreted_subclasses=True)
class TurnRules(Rules):
    """The state's ``advance`` hook, here so that the compiled build calls :func:`advance`
    without an interpreted frame after every action (the game's ``PaperTalesRules`` adds the
    other hooks)."""

    def advance(self, state: PaperTalesState) -> None:
        advance(state)
