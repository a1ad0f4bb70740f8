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
