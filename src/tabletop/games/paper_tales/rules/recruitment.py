"""Phase 1, Recruitment: the draft. Everyone is dealt 5 Units, keeps one face down and passes the
rest, until everyone holds 5; the passing direction alternates from turn to turn (ruling 3). With
2 players, 9 cards each: keep one and discard one face down, pass the rest, and the last card is
kept (ruling 2). The card kept over from the last turn joins the hand at the end.

Each step is one simultaneous decision (the engine keeps every pick face down until all seats
have chosen); its reveal carries the picks out in seat order, then the hands pass on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import piles
from tabletop.engine.knowledge import bit
from tabletop.engine.views import log

from .. import hidden

if TYPE_CHECKING:
    from ..state import PaperTalesState


def hand_size(players: int) -> int:
    return 9 if players == 2 else 5


def burns(players: int) -> bool:
    """Whether each draft step also discards a card (the 2-player draft)."""
    return players == 2


def direction(turn: int) -> int:
    """+1: hands pass to the next seat (turns 1 and 3); -1: to the previous (turns 2 and 4)."""
    return 1 if turn % 2 == 1 else -1


def deal(state: PaperTalesState, n: int) -> list[str]:
    """``n`` cards from the draw pile, the discards shuffled back in when it runs out."""
    found = []
    deck, rng = state.data["deck"], state.rng
    for _ in range(n):
        card = piles.draw(deck, rng)
        if card is None:
            break
        found.append(card)
    return found


def start(state: PaperTalesState) -> None:
    data = state.data
    players = len(data["players"])
    hidden.open_draft(state)
    for seat in range(players):
        hidden.deal(state, f"draft:{seat}", deal(state, hand_size(players)), seat)
    data["draft"] = {"picks": [None] * players, "step": 0}
    data["phase"] = "draft"
    way = "next" if direction(data["turn"]) == 1 else "previous"
    log(data, f"Turn {data['turn']}: Recruitment; hands pass to the {way} player")
    _auto_last(state)


def choices(state: PaperTalesState, seat: int) -> list[str]:
    return sorted(hidden.draft_hand(state, seat))


def burning(state: PaperTalesState, seat: int) -> bool:
    """2 players: the seat has kept its card and now discards one."""
    draft = state.data["draft"]
    return draft is not None and draft["picks"][seat] is not None


def pick(state: PaperTalesState, seat: int, card: str) -> None:
    """A seat's pick (revealed to nobody: it goes to the seat's hand); 2 players: the card is
    remembered until the discard that follows."""
    draft = state.data["draft"]
    assert draft is not None
    hidden.move(state, f"draft:{seat}", f"hand:{seat}", card, seat)
    if burns(len(state.data["players"])):
        draft["picks"][seat] = card


def burn(state: PaperTalesState, seat: int, card: str) -> None:
    """2 players: the seat's face-down discard ends its step."""
    draft = state.data["draft"]
    assert draft is not None
    hidden.take(state, f"draft:{seat}", card, bit(seat))
    piles.add_discards(state.data["deck"], [card])
    draft["picks"][seat] = None


def step_done(state: PaperTalesState) -> None:
    """After every seat's pick (and, with 2 players, its discard): the rest of each hand is
    passed on, unless the discards are still to come."""
    draft = state.data["draft"]
    assert draft is not None
    if any(kept is not None for kept in draft["picks"]):
        return
    hidden.pass_hands(state, direction(state.data["turn"]))
    draft["step"] += 1
    _auto_last(state)


def _auto_last(state: PaperTalesState) -> None:
    """A last single card is simply kept; when every hand is empty the draft is over."""
    over = True
    for seat in state.seats():
        left = hidden.draft_hand(state, seat)
        if len(left) == 1:
            hidden.move(state, f"draft:{seat}", f"hand:{seat}", left[0], seat)
        elif left:
            over = False
    if over:
        finish(state)


def finish(state: PaperTalesState) -> None:
    """End of the draft (the solo selection ends alike)."""
    if state.data["draft"] is not None:
        hidden.close_draft(state)
    state.data["draft"] = None
    state.data["phase"] = "recruited"


def add_kept(state: PaperTalesState) -> None:
    """End of Recruitment: the card kept over from the last turn joins the hand."""
    for seat in state.seats():
        card = hidden.kept(state, seat)
        if card is not None:
            hidden.move(state, f"kept:{seat}", f"hand:{seat}", card, seat)
