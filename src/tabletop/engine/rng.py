"""Seeded, serialisable randomness.

Every random draw in a game goes through an :class:`Rng` owned by the state, so the same seed and
the same actions give the same game on every machine. The generator is SplitMix64: its whole state
is one 64-bit integer, which makes cloning and saving free. Bots and redeterminisation get their
own streams through :func:`derive_seed`, so searching never disturbs the game's own stream.

The state is saved (and read, as ``Rng.state``) as the unsigned integer; the generator holds it
as the same bits read as a signed 64-bit integer, and the draws compute on those, which the
compiled build (:mod:`tabletop.native`) keeps in machine words: no draw makes a Python integer
there. A test pins both builds to the published unsigned algorithm.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SIGN = 1 << 63
# SplitMix64's constants as signed 64-bit integers (the arithmetic below is signed, see _wrap),
# declared as words so that the compiled draws read them as C constants
_GAMMA: Final[i64] = 0x9E3779B97F4A7C15 - (1 << 64)
_MIX1: Final[i64] = 0xBF58476D1CE4E5B9 - (1 << 64)
_MIX2: Final[i64] = 0x94D049BB133111EB - (1 << 64)
_LOW63: Final[i64] = (1 << 63) - 1
_QUARTER: Final = 1 << 62
_TOP: Final[i64] = -(1 << 63)  # the sign bit alone


# The generator's arithmetic is written on signed 64-bit integers (``i64``): compiled
# (tabletop.native) they are machine words and wrap around by themselves; interpreted they are
# Python ints and _wrap reduces them, so both give the same numbers.
def _wrap(x: i64) -> i64:
    """``x`` reduced to a signed 64-bit integer (two's complement)."""
    top = x >> 63
    if top == 0 or top == -1:  # already one (always, compiled: a word wraps by itself)
        return x
    return (x & _LOW63) + (top & 1) * _TOP


def _mix(s: i64) -> i64:
    """SplitMix64's output for the state ``s`` (signed): shifts are logical, as on unsigned."""
    z = _wrap((s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MIX1)
    z = _wrap((z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2)
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _signed(state: int) -> i64:
    return state - (1 << 64) if state & _SIGN else state


def _unsigned(s: i64) -> int:
    return int(s) + (1 << 64) if s < 0 else int(s)


def _span_rest(n: i64) -> i64:
    """``2**64 % n`` (the draws above the last multiple of ``n`` are refused: no modulo bias)."""
    return (((_LOW63 % n) + 1) % n * 2) % n


def _draw(s: i64, n: i64, rest: i64) -> i64:
    """The draw of ``below(n)`` from the output ``s``, or -1 when it is refused (``s`` read as
    unsigned is among the top ``rest`` values)."""
    if s < 0:
        if rest and s >= -rest:
            return -1
        return (s % n + rest) % n
    return s % n


def derive_seed(seed: int, *labels: object) -> int:
    """A new 64-bit seed from a seed and labels, stable across Python versions and machines."""
    text = repr((int(seed), *[str(label) for label in labels])).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


class Rng:
    """SplitMix64 generator whose state is a single integer (``self.state``, unsigned; held as
    its signed 64-bit reading, ``_s``)."""

    __slots__ = ("_s",)

    def __init__(self, seed: int = 0) -> None:
        self._s: i64 = _signed(int(seed) & _MASK)

    @property
    def state(self) -> int:
        """The generator's state, the unsigned 64-bit integer that is saved."""
        return _unsigned(self._s)

    @state.setter
    def state(self, value: int) -> None:
        self._s = _signed(int(value) & _MASK)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other._s == self._s

    def __hash__(self) -> int:
        return hash(self.state)

    def copy(self) -> Rng:
        other = Rng()
        other._s = self._s
        return other

    def next64(self) -> int:
        s = _wrap(self._s + _GAMMA)
        self._s = s
        return _unsigned(_mix(s))

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        if n > _QUARTER:
            return self._below_wide(n)
        bound: i64 = n
        rest = _span_rest(bound)
        s = self._s
        while True:
            s = _wrap(s + _GAMMA)
            j = _draw(_mix(s), bound, rest)
            if j >= 0:
                self._s = s
                return int(j)

    def _below_wide(self, n: int) -> int:
        """``below`` for a bound above 2**62, on Python ints (never in a game's rules)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            z = self.next64()
            if z < limit:
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
        top down (a game's set-up shuffles every deck, so the draws are made here in one go)."""
        s = self._s
        i: i64 = len(items) - 1
        while i > 0:
            n = i + 1
            rest = _span_rest(n)
            while True:
                s = _wrap(s + _GAMMA)
                j = _draw(_mix(s), n, rest)
                if j >= 0:
                    break
            items[i], items[j] = items[j], items[i]
            i -= 1
        self._s = s

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def spawn(self, *labels: object) -> Rng:
        """An independent stream derived from this one's current state and labels."""
        return Rng(derive_seed(self.state, *labels))
