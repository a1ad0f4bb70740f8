"""Seeded, serialisable randomness.

Every random draw in a game goes through an :class:`Rng` owned by the state, so the same seed and
the same actions give the same game on every machine. The generator is SplitMix64: its whole state
is one 64-bit integer, which makes cloning and saving free. Bots and redeterminisation get their
own streams through :func:`derive_seed`, so searching never disturbs the game's own stream.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_SPAN = 1 << 64


def derive_seed(seed: int, *labels: object) -> int:
    """A new 64-bit seed from a seed and labels, stable across Python versions and machines."""
    text = repr((int(seed), *[str(label) for label in labels])).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


class Rng:
    """SplitMix64 generator whose state is a single integer (``self.state``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = int(seed) & _MASK

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def copy(self) -> Rng:
        return Rng(self.state)

    def next64(self) -> int:
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        limit = _SPAN - _SPAN % n  # the largest multiple of n not above 2**64
        s = self.state
        while True:
            # next64, written out: this is the hottest call of every random playout
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("Rng.choice from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: the draws of ``below(i + 1)`` for each ``i`` from the
        top down, with ``below`` written out (a game's set-up shuffles every deck)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                s = (s + _GAMMA) & _MASK
                z = ((s ^ (s >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def spawn(self, *labels: object) -> Rng:
        """An independent stream derived from this one's current state and labels."""
        return Rng(derive_seed(self.state, *labels))
