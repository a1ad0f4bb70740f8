"""Chance in the open: rolls, draws and random choices go through the engine, and a scenario
forces any of them by name, with no hook written for one game."""

from __future__ import annotations

import pytest

from tabletop.engine import Die, load, piles
from tabletop.engine.chance import choose, draw, force, forced, roll


def state():  # type: ignore[no-untyped-def]
    return load("toy-bids", players=2).new_state(4)


class TestForcing:
    def test_a_forced_roll_by_face_or_by_a_value_of_the_face(self) -> None:
        s = state()
        die = Die("charm", ({"face": "wink", "number": 2}, {"face": "happy", "number": 1}))
        force(s, "charm", "happy", 2)
        assert roll(s, die) == {"face": "happy", "number": 1}
        assert roll(s, die) == {"face": "wink", "number": 2}
        assert forced(s, "charm") == [] and "_forced" not in s.data
        before = s.rng.state
        roll(s, die)
        assert s.rng.state != before  # unforced: the seeded RNG decides

    def test_a_forced_draw_takes_that_card_wherever_it_lies(self) -> None:
        s = state()
        pile = piles.new_pile(["a", "b", "c", "d"])
        force(s, "outcome", "b")
        assert draw(s, pile, "outcome") == "b"
        assert piles.cards(pile) == ["a", "c", "d"]
        assert draw(s, pile, "outcome") == "d"

    def test_a_forced_choice_must_be_an_option(self) -> None:
        s = state()
        force(s, "weather", "rain", "hail")
        assert choose(s, ["sun", "rain"], "weather") == "rain"
        with pytest.raises(ValueError, match="not one of"):
            choose(s, ["sun", "rain"], "weather")

    def test_forced_outcomes_are_plain_data_kept_by_a_saved_state(self) -> None:
        s = state()
        force(s, "charm", "wink")
        back = s.game.state_from_json(s.to_json())
        assert forced(back, "charm") == ["wink"]

    def test_an_unknown_face_is_refused(self) -> None:
        s = state()
        force(s, "charm", "frown")
        with pytest.raises(ValueError, match="no face 'frown'"):
            roll(s, Die("charm", ("smile",)))
