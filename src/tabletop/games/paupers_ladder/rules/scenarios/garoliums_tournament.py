"""Garolium's Tournament (Solo Scenarios): a card on each Region deck's red-X Region and one in
the Mine Region an Outcome card picks; learn any 3 Virtues before Time runs out."""

from __future__ import annotations

from typing import Any

from ...content import WILD
from ...state import PLState
from .. import decks, solo
from . import ScenarioRules, scenario


class GaroliumsTournament(ScenarioRules):
    id = "garoliums-tournament"

    def set_up(self, state: PLState, seat: int) -> None:
        content = state.content
        data = content.solo["scenarios"][self.id]
        for deck in WILD:
            solo.setup_card(state, deck, data["x_regions"][deck])
        card = decks.draw_outcome(state, seat)
        decks.discard_outcomes(state, seat, [card])
        number = content.outcome[card].number
        mine = next(
            r.id
            for r in content.regions.values()
            if r.type == "mine" and r.number == (number - 1) % 3 + 1
        )
        state.log(f"Outcome card {number}: a Mine card goes to {content.regions[mine].name}.")
        solo.setup_card(state, "mine", mine)

    def achieved(self, state: PLState) -> list[bool]:
        return [len(state.player(0)["virtues"]) >= state.content.number["virtues_to_win"]]

    def objectives(self, state: PLState) -> list[dict[str, Any]]:
        n = len(state.player(0)["virtues"])
        need = state.content.number["virtues_to_win"]
        text = f"Learn any {need} of the 5 Virtues"
        return [{"text": text, "progress": f"{n}/{need}", "done": self.achieved(state)[0]}]


scenario(GaroliumsTournament)
