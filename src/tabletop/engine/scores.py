"""How every score was made: the breakdown a game gives with its :class:`~.protocol.Outcome`.

Each seat's total is the sum of its items, each named for its source (``"Wars"``,
``"Trophies"``, ``"Virtue of Bravery"``); tie-breakers (Gold in Paper Tales) are listed apart,
since they decide a tie without adding to the score. Every surface draws the same breakdown: the
end screens, the terminal and the reports.

    >>> line = SeatScore(0, "Red", (ScoreItem("Wars", 6), ScoreItem("Buildings", 4)))
    >>> line.total
    10
    >>> line.to_json()["items"][0]
    {'label': 'Wars', 'points': 6, 'detail': ''}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """Points from one source, with optional words on how they were won."""

    label: str
    points: int | float
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "points": self.points, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's final score: its name as people read it, its items, and its tie-breakers."""

    seat: int
    name: str
    items: tuple[ScoreItem, ...]
    tiebreak: tuple[ScoreItem, ...] = ()

    @property
    def total(self) -> int | float:
        return sum(i.points for i in self.items)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "total": self.total,
            "items": [i.to_json() for i in self.items],
            "tiebreak": [i.to_json() for i in self.tiebreak],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatScore:
        def items(key: str) -> tuple[ScoreItem, ...]:
            return tuple(
                ScoreItem(str(i["label"]), i["points"], str(i.get("detail", "")))
                for i in data.get(key) or []
            )

        return cls(int(data["seat"]), str(data["name"]), items("items"), items("tiebreak"))
