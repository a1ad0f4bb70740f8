"""End of the Game (the rulebook's section): the first player with 3 Virtues wins; the round limit
ends the tournament, the most Virtues winning. Solo (Playing Solo: Winning and Losing): all the
scenario's objectives won, or Time or a character's last Life lost."""

from __future__ import annotations

from ..state import PLState


def game_over(state: PLState, seat: int | None, reason: str) -> None:
    """The tournament ends: ``seat`` has won by its Virtues, or (None) the round limit ends it."""
    data = state.data
    data["phase"] = "over"
    data["stack"] = []
    data["effect_queue"] = []
    if seat is None:
        best = max(len(q["virtues"]) for q in data["players"])
        data["winners"] = [
            s for s in range(state.player_count()) if len(state.player(s)["virtues"]) == best
        ]
        data["reason"] = reason
        state.log(f"The tournament closes after {data['round'] - 1} rounds.")
    else:
        data["winners"] = [seat]
        data["reason"] = reason
        state.log(f"{state.seat_name(seat)} has learned 3 Virtues and wins the tournament!")


def solo_over(state: PLState, won: bool, reason: str) -> None:
    """A solo game is won (every objective) or lost (``time``, ``lives``)."""
    data = state.data
    data["phase"] = "over"
    data["stack"] = []
    data["effect_queue"] = []
    data["winners"] = [0] if won else []
    data["reason"] = reason
    state.log("You have won!" if won else f"You have lost ({reason}).")
