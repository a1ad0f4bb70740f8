"""Garolium's Tournament (Solo Scenarios): a card on each Region deck's red-X Region and one in
the Mine Region an Outcome card picks; learn any 3 Virtues before Time runs out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..content import WILD
from . import ScenarioRules

if TYPE_CHECKING:
    from ..rules import PLState


class GaroliumsTournament(ScenarioRules):
    id = "garoliums-tournament"

    def set_up(self, s: PLState, seat: int) -> None:
        C = s.C
        data = C.solo["scenarios"][self.id]
        for dk in WILD:
            s._setup_card(dk, data["x_regions"][dk])
        oc = s.draw_outcome(seat)
        s.discard_outcomes(seat, [oc])
        num = C.outcome[oc].number
        mine = next(
            r.id for r in C.regions.values() if r.type == "mine" and r.number == (num - 1) % 3 + 1
        )
        s.log(f"Outcome card {num}: a Mine card goes to {C.regions[mine].name}.")
        s._setup_card("mine", mine)

    def achieved(self, s: PLState) -> list[bool]:
        return [len(s.P(0)["virtues"]) >= int(s.C.numbers["virtues_to_win"]["value"])]

    def objectives(self, s: PLState) -> list[dict[str, Any]]:
        n = len(s.P(0)["virtues"])
        need = int(s.C.numbers["virtues_to_win"]["value"])
        text = f"Learn any {need} of the 5 Virtues"
        return [{"text": text, "progress": f"{n}/{need}", "done": self.achieved(s)[0]}]
