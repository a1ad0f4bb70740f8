"""Phase 1, Recruitment: the draft. Everyone is dealt 5 Units, keeps one face down and passes the
rest, until everyone holds 5; the passing direction alternates from turn to turn (ruling 3). With
2 players, 9 cards each: keep one and discard one face down, pass the rest, and the last card is
kept (ruling 2). The card kept over from the last turn joins the hand at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import piles
from tabletop.engine.knowledge import bit
from tabletop.engine.views import log

from .. import hidden

if TYPE_CHECKING:
    from ..play import PTState


def hand_size(players: int) -> int:
    return 9 if players == 2 else 5


def burns(players: int) -> bool:
    """Whether each draft step also discards a card (the 2-player draft)."""
    return players == 2


def direction(turn: int) -> int:
    """+1: hands pass to the next seat (turns 1 and 3); -1: to the previous (turns 2 and 4)."""
    return 1 if turn % 2 == 1 else -1


def deal(st: PTState, n: int) -> list[str]:
    """``n`` cards from the draw pile, the discards shuffled back in when it runs out."""
    out = []
    for _ in range(n):
        card = piles.draw(st.data["deck"], st.rng)
        if card is None:
            break
        out.append(card)
    return out


def start(st: PTState) -> None:
    d = st.data
    n = len(d["players"])
    size = hand_size(n)
    hidden.open_draft(st)
    for seat in range(n):
        hidden.deal(st, f"draft:{seat}", deal(st, size), seat)
    d["draft"] = {"picks": [None] * n, "step": 0}
    for p in d["players"]:
        p["done"] = False
    d["phase"] = "draft"
    way = "next" if direction(d["turn"]) == 1 else "previous"
    log(d, f"Turn {d['turn']}: Recruitment; hands pass to the {way} player")
    _auto_last(st)


def choices(st: PTState, seat: int) -> list[str]:
    return sorted(hidden.draft_hand(st, seat))


def burning(st: PTState, seat: int) -> bool:
    """2 players: the seat has kept its card and now discards one."""
    draft = st.data["draft"]
    return draft is not None and draft["picks"][seat] is not None


def pick(st: PTState, seat: int, card: str) -> None:
    """A seat's pick (revealed to nobody: it goes to the seat's hand); 2 players: a discard
    follows."""
    draft = st.data["draft"]
    assert draft is not None
    hidden.move(st, f"draft:{seat}", f"hand:{seat}", card, seat)
    draft["picks"][seat] = card
    if not burns(len(st.data["players"])):
        _done(st, seat)


def burn(st: PTState, seat: int, card: str) -> None:
    """2 players: the seat's face-down discard."""
    hidden.take(st, f"draft:{seat}", card, bit(seat))
    piles.add_discards(st.data["deck"], [card])
    _done(st, seat)


def _done(st: PTState, seat: int) -> None:
    st.data["players"][seat]["done"] = True
    if all(p["done"] for p in st.data["players"]):
        _resolve(st)


def _resolve(st: PTState) -> None:
    """Everyone has kept (and discarded) a card: the rest of each hand is passed on."""
    d = st.data
    draft = d["draft"]
    assert draft is not None
    n = len(d["players"])
    for p in d["players"]:
        p["done"] = False
    hidden.pass_hands(st, direction(d["turn"]))
    draft["picks"] = [None] * n
    draft["step"] += 1
    _auto_last(st)


def _auto_last(st: PTState) -> None:
    """A last single card is simply kept; when every hand is empty the draft is over."""
    over = True
    for seat in range(len(st.data["players"])):
        left = hidden.draft_hand(st, seat)
        if len(left) == 1:
            hidden.move(st, f"draft:{seat}", f"hand:{seat}", left[0], seat)
        elif left:
            over = False
    if over:
        finish(st)


def finish(st: PTState) -> None:
    """End of the draft (the solo selection ends alike)."""
    if st.data["draft"] is not None:
        hidden.close_draft(st)
    st.data["draft"] = None
    st.data["phase"] = "recruited"


def add_kept(st: PTState) -> None:
    """End of Recruitment: the card kept over from the last turn joins the hand."""
    d = st.data
    for seat, p in enumerate(d["players"]):
        card = hidden.kept(st, seat)
        if card is not None:
            hidden.move(st, f"kept:{seat}", f"hand:{seat}", card, seat)
        p["done"] = False
