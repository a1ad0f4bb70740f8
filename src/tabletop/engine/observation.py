"""Building blocks for a game's fixed-size observation encoding (its ``encoding.py``, read by the
learning adapters): an index of ids to positions, and a layout of named blocks, each filled from
a seat's view by one function."""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any

# fills its block of ``out``, starting at the given position, from a view
Filler = Callable[[Mapping[str, Any], MutableSequence[float], int], None]


class Index:
    """Ids to positions in a block."""

    def __init__(self, ids: Sequence[Any]) -> None:
        self.ids = tuple(ids)
        self.at = {x: i for i, x in enumerate(self.ids)}

    def __len__(self) -> int:
        return len(self.ids)


def mark_many(out: MutableSequence[float], at: int, index: Index, xs: Sequence[Any]) -> None:
    """Mark each id of ``xs`` (ids outside the index are left out)."""
    get = index.at.get
    for x in xs:
        i = get(x)
        if i is not None:
            out[at + i] = 1.0


class ObservationLayout:
    """An observation vector as named blocks, in order; a game's encoding adds its blocks with
    ``_add`` and gets ``observation_blocks``, ``observe`` and ``size``."""

    def __init__(self) -> None:
        self.layout: list[tuple[str, int, str, Filler]] = []

    def _add(self, name: str, size: int, doc: str, fill: Filler) -> None:
        self.layout.append((name, size, doc, fill))

    @property
    def size(self) -> int:
        return sum(n for _, n, _, _ in self.layout)

    def observation_blocks(self) -> list[tuple[str, int, str]]:
        return [(name, size, doc) for name, size, doc, _ in self.layout]

    def observe(self, view: Mapping[str, Any], out: MutableSequence[float]) -> None:
        """Fill ``out`` (zeros, of the blocks' total size) from the view."""
        at = 0
        for _, size, _, fill in self.layout:
            fill(view, out, at)
            at += size
