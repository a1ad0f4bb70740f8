"""The plain-data state of Paper Tales, named with TypedDicts and built in one place.

The state stays JSON-native (dicts, lists, strings, numbers), so cloning is a cheap copy. A
Kingdom is a list of spots: 0 and 1 are the Front, 2 and 3 the Back, 4 the additional Front spot a
Level 2 Building opens. A Unit in play is ``{"c": card, "age": tokens, "new": revealed this turn}``.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from tabletop.engine.piles import new_pile
from tabletop.engine.rng import Rng

from . import hidden

FRONT = (0, 1, 4)
BACK = (2, 3)
EXTRA = 4
SPOTS = 5
SPOT_NAMES = ("Front left", "Front right", "Back left", "Back right", "Front extra")


class UnitInPlay(TypedDict):
    c: str
    age: int
    new: bool
    saved: NotRequired[bool]  # Aging: a Mystical Healer saved it


class Player(TypedDict):
    gold: int
    lp: int
    # the hand and the card kept face down are in the knowledge zones (hidden.py)
    kingdom: list[UnitInPlay | None]  # what everyone sees
    # a Deployment's face-down arrangement is the seat's kernel commitment until the reveal
    done: bool  # within a reveal: this seat's choice is carried out, the others' may not be yet
    buildings: dict[str, int]  # Building id -> level
    won: int  # Wars won this turn
    commit: dict[str, Any] | None  # a committed simultaneous choice, hidden until all commit


class Draft(TypedDict):
    # the hands in front of the seats are in the knowledge zones (hidden.py)
    picks: list[str | None]  # 2 players: each seat's card kept at this step, before its discard
    step: int


class Solo(TypedDict):
    # the Necropolis line is in the knowledge zones (rules/solo.py, line)
    revealed: int  # how many of them are face up
    lich: list[str]  # the Lich King cards in play
    lp: int  # the Lich King's score
    nether: list[str]  # the Netherworld pile
    offer: list[str]  # the cards in front of the player in the solo Unit selection
    stage: int  # which step of the selection
    due: NotRequired[str | None]  # the Lich King's step the rules wait for (gain, wars, end)
    acted: NotRequired[str]  # "turn:step" he took last


class Data(TypedDict):
    turn: int
    phase: str
    deck: dict[str, Any]
    players: list[Player]
    draft: Draft | None
    pending: list[dict[str, Any]]  # choices that must be made one by one (ages, saves)
    buildings: list[str]  # the Buildings every player may construct in this game
    tiles: list[str]  # Beyond the Gates: the 3 revealed Building tiles
    solo: Solo | None
    log: list[Any]
    log_n: int


def new_player(gold: int) -> Player:
    return {
        "gold": gold,
        "lp": 0,
        "kingdom": [None] * SPOTS,
        "done": False,
        "buildings": {},
        "won": 0,
        "commit": None,
    }


def new_data(
    players: int, deck: list[str], buildings: list[str], tiles: list[str], gold: int, rng: Rng
) -> Data:
    """The data of a game at its start: shuffled draw pile, every seat with its starting Gold."""
    data: Data = {
        "turn": 1,
        "phase": "setup",
        "deck": new_pile(deck, rng, compact=True, compact_discards=True),
        "players": [new_player(gold) for _ in range(players)],
        "draft": None,
        "pending": [],
        "buildings": list(buildings),
        "tiles": list(tiles),
        "solo": None,
        "log": [],
        "log_n": 0,
    }
    hidden.create(data, players)  # type: ignore[arg-type]
    return data
