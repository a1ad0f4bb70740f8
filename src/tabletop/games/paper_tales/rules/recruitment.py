"""Phase 1, Recruitment: the draft. Everyone is dealt 5 Units, keeps one face down and passes the
rest, until everyone holds 5; the passing direction alternates from turn to turn (ruling 3). With
2 players, 9 cards each: keep one and discard one face down, pass the rest, and the last card is
kept (ruling 2). The card kept over from the last turn joins the hand at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import piles
from tabletop.engine.views import log

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
    d["draft"] = {
        "hands": [deal(st, size) for _ in range(n)],
        "picks": [None] * n,
        "burns": [None] * n,
        "step": 0,
    }
    for p in d["players"]:
        p["hand"] = []
        p["done"] = False
    d["phase"] = "draft"
    way = "next" if direction(d["turn"]) == 1 else "previous"
    log(d, f"Turn {d['turn']}: Recruitment; hands pass to the {way} player")
    _auto_last(st)


def choices(st: PTState, seat: int) -> list[str]:
    draft = st.data["draft"]
    assert draft is not None
    return sorted(draft["hands"][seat])


def burning(st: PTState, seat: int) -> bool:
    """2 players: the seat has kept its card and now discards one."""
    draft = st.data["draft"]
    return draft is not None and draft["picks"][seat] is not None


def pick(st: PTState, seat: int, card: str) -> None:
    """A seat's pick, hidden until everyone has chosen (2 players: a discard follows)."""
    draft = st.data["draft"]
    assert draft is not None
    draft["picks"][seat] = card
    if not burns(len(st.data["players"])):
        _done(st, seat)


def burn(st: PTState, seat: int, card: str) -> None:
    """2 players: the seat's face-down discard."""
    draft = st.data["draft"]
    assert draft is not None
    draft["burns"][seat] = card
    _done(st, seat)


def _done(st: PTState, seat: int) -> None:
    st.data["players"][seat]["done"] = True
    if all(p["done"] for p in st.data["players"]):
        _resolve(st)


def _resolve(st: PTState) -> None:
    d = st.data
    draft = d["draft"]
    assert draft is not None
    n = len(d["players"])
    left: list[list[str]] = []
    for seat, p in enumerate(d["players"]):
        hand = list(draft["hands"][seat])
        pick, burn = draft["picks"][seat], draft["burns"][seat]
        assert pick is not None
        hand.remove(pick)
        p["hand"].append(pick)
        if burn is not None:
            hand.remove(burn)
            piles.add_discards(d["deck"], [burn])
        left.append(hand)
        p["done"] = False
    way = direction(d["turn"])
    draft["hands"] = [left[(seat - way) % n] for seat in range(n)]
    draft["picks"] = [None] * n
    draft["burns"] = [None] * n
    draft["step"] += 1
    _auto_last(st)


def _auto_last(st: PTState) -> None:
    """A last single card is simply kept; when every hand is empty the draft is over."""
    d = st.data
    draft = d["draft"]
    assert draft is not None
    for seat, p in enumerate(d["players"]):
        if len(draft["hands"][seat]) == 1:
            p["hand"].append(draft["hands"][seat].pop())
    if all(not h for h in draft["hands"]):
        finish(st)


def finish(st: PTState) -> None:
    """End of the draft (the solo selection ends alike)."""
    st.data["draft"] = None
    st.data["phase"] = "recruited"


def add_kept(st: PTState) -> None:
    """End of Recruitment: the card kept over from the last turn joins the hand."""
    d = st.data
    for p in d["players"]:
        if p["kept"] is not None:
            p["hand"].append(p["kept"])
            p["kept"] = None
        p["done"] = False
