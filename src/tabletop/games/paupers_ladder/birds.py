"""4: Bird Cards. A Bird explores, shops, fights and completes Quests like a Pauper, but uses no
Equipment or Recipes and never pays to move further. You may pay 4 Gems at any time during your
turn to train it (a free action); a trained Bird has its card's ability (the swift moves further,
the magpie collects a Gem when it neither moved nor fought, and so on)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import trait

if TYPE_CHECKING:
    from .base import J
    from .rules import PLState


@trait
class Birds:
    """Training a Bird and the trained abilities that act outside fights."""

    __slots__ = ()

    def _may_train(self: PLState, seat: int) -> bool:
        p = self.P(seat)
        return not p["trained"] and p["gems"] >= self.C.numbers["bird_training_cost"]["value"]

    def _train(self: PLState, seat: int) -> None:
        p = self.P(seat)
        p["gems"] -= int(self.C.numbers["bird_training_cost"]["value"])
        p["trained"] = True
        self.log(f"{self.pname(seat)} trains the {p['bird']} for 4 Gems.")

    def _bird_move_limit(self: PLState, seat: int) -> int:
        """How many Regions the Bird may move this turn (1; more when trained to)."""
        return bird_move_limit(self.has(seat, "bird", "bird_moves"))

    def _bird_turn_ends(self: PLState, seat: int) -> None:
        """The trained magpie: if it did not move or fight this turn, collect its Gems."""
        ts = self.data["turn_state"]
        if ts["moved"] or ts["fought"]:
            return
        for key, e in self.has(seat, "bird", "idle_gems"):
            if not self.used(key):
                self.use(key)
                self.gain(seat, int(e["n"]), "trained magpie")


def bird_move_limit(abilities: list[tuple[str, J]]) -> int:
    """How many Regions a Bird with these abilities in force may move in a turn (1; more when
    trained to: the swift)."""
    limit = 1
    for _, e in abilities:
        if e["effect"] == "bird_moves":
            limit = max(limit, int(e["n"]))
    return limit
