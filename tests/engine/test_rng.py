"""Seeded randomness: SplitMix64 streams, derived seeds, shuffles."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine.rng import Rng, derive_seed


class TestRng:
    def test_known_first_outputs_pin_the_algorithm(self) -> None:
        # SplitMix64 reference values for seed 0 (from the published algorithm)
        rng = Rng(0)
        assert rng.next64() == 0xE220A8397B1DCDAF
        assert rng.next64() == 0x6E789E6AA1B965F4

    def test_same_seed_same_stream(self) -> None:
        a, b = Rng(42), Rng(42)
        assert [a.below(100) for _ in range(50)] == [b.below(100) for _ in range(50)]

    def test_copy_is_independent(self) -> None:
        a = Rng(7)
        b = a.copy()
        a.next64()
        assert a != b
        b.next64()
        assert a == b

    @given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=10**6))
    def test_below_stays_in_range(self, seed: int, n: int) -> None:
        assert 0 <= Rng(seed).below(n) < n

    def test_below_refuses_a_bad_bound(self) -> None:
        with pytest.raises(ValueError, match="positive bound"):
            Rng(1).below(0)

    def test_below_is_roughly_uniform(self) -> None:
        rng = Rng(3)
        counts = Counter(rng.below(6) for _ in range(60_000))
        assert all(9_000 < c < 11_000 for c in counts.values())

    @given(st.lists(st.integers(), max_size=30), st.integers(min_value=0, max_value=2**32))
    def test_shuffle_is_a_permutation(self, items: list[int], seed: int) -> None:
        shuffled = list(items)
        Rng(seed).shuffle(shuffled)
        assert sorted(shuffled) == sorted(items)

    @given(st.lists(st.integers(), max_size=60), st.integers(min_value=0, max_value=2**64 - 1))
    def test_shuffle_draws_like_below_from_the_top_down(self, items: list[int], seed: int) -> None:
        # the written-out shuffle must give the same order and leave the same state as
        # Fisher-Yates over ``below`` (every saved seed's decks depend on it)
        reference, rng = list(items), Rng(seed)
        for i in range(len(reference) - 1, 0, -1):
            j = rng.below(i + 1)
            reference[i], reference[j] = reference[j], reference[i]
        fast, other = list(items), Rng(seed)
        other.shuffle(fast)
        assert fast == reference
        assert other == rng

    def test_random_is_a_unit_float(self) -> None:
        rng = Rng(9)
        values = [rng.random() for _ in range(1000)]
        assert all(0.0 <= v < 1.0 for v in values)

    def test_choice_of_empty_is_an_error(self) -> None:
        with pytest.raises(ValueError, match="empty"):
            Rng(1).choice([])


class TestDerivedSeeds:
    def test_stable_across_runs(self) -> None:
        assert derive_seed(1, "bot", 0) == derive_seed(1, "bot", 0)
        assert derive_seed(1, "bot", 0) != derive_seed(1, "bot", 1)
        assert derive_seed(1, "bot", 0) != derive_seed(2, "bot", 0)

    def test_spawned_streams_do_not_disturb_the_parent(self) -> None:
        a, b = Rng(5), Rng(5)
        child = a.spawn("search")
        child.next64()
        assert a == b


def _reference_below(state: int, n: int) -> tuple[int, int]:
    """SplitMix64's ``below`` on unsigned Python ints, as published: (draw, next state)."""
    mask = (1 << 64) - 1
    limit = (1 << 64) - (1 << 64) % n
    while True:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        if z < limit:
            return z % n, state


class TestSignedArithmetic:
    """The generator computes on signed 64-bit integers (machine words once compiled); it must
    draw exactly what the unsigned algorithm draws."""

    @given(
        st.integers(min_value=0, max_value=(1 << 64) - 1),
        st.one_of(
            st.integers(min_value=1, max_value=200),
            st.integers(min_value=1, max_value=1 << 62),
            st.integers(min_value=(1 << 62) + 1, max_value=1 << 64),
        ),
    )
    def test_below_draws_what_the_unsigned_algorithm_draws(self, seed: int, n: int) -> None:
        rng, state = Rng(seed), seed
        for _ in range(5):
            expected, state = _reference_below(state, n)
            assert rng.below(n) == expected
            assert rng.state == state

    @given(st.integers(min_value=2, max_value=1 << 62))
    def test_a_draw_among_the_top_values_is_refused_and_the_next_kept(self, n: int) -> None:
        from tabletop.engine.rng import _draw, _span_rest

        rest = _span_rest(n)
        assert rest == (1 << 64) % n
        if rest:  # the top `rest` unsigned values (signed: -rest .. -1) are refused
            assert _draw(-rest, n, rest) == -1
            assert _draw(-1, n, rest) == -1
            assert _draw(-rest - 1, n, rest) == ((1 << 64) - rest - 1) % n
        assert _draw((1 << 63) - 1, n, rest) == ((1 << 63) - 1) % n
        assert _draw(-(1 << 63), n, rest) == (1 << 63) % n
