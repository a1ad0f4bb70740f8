"""Components: decks, dice, zones and counters over plain data."""

from __future__ import annotations

import pytest

from tabletop.engine import Deck, Die, EmptyDeck, Rng, Zone, clamp, lose, new_deck, pay


def deck(cards: list[str], reshuffle: bool = True) -> Deck:
    data = new_deck(cards)  # unshuffled: the last card listed is on top
    return Deck(data, Rng(1), reshuffle=reshuffle)


class TestDeck:
    def test_draws_from_the_top_and_discards_face_up_beside(self) -> None:
        d = deck(["a", "b", "c"])
        assert d.draw() == "c"
        d.discard("c")
        assert d.discards == ["c"] and len(d) == 2

    def test_reshuffles_the_discard_when_empty_as_a_rule_option(self) -> None:
        d = deck(["a"])
        d.discard("x", "y")
        assert d.draw() == "a"
        assert sorted([d.draw(), d.draw()]) == ["x", "y"]
        with pytest.raises(EmptyDeck):
            d.draw()

    def test_no_reshuffle_when_the_option_is_off(self) -> None:
        d = deck(["a"], reshuffle=False)
        d.discard("x")
        d.draw()
        with pytest.raises(EmptyDeck):
            d.draw()
        assert d.discards == ["x"]

    def test_peek_and_reorder(self) -> None:
        d = deck(["a", "b", "c", "d"])
        assert d.peek(2) == ["d", "c"]
        d.reorder(["c", "d"])
        assert d.peek(2) == ["c", "d"] and len(d) == 4
        with pytest.raises(ValueError, match="exactly the cards"):
            d.reorder(["a", "b"])

    def test_search_take_and_remove_from_game(self) -> None:
        d = deck(["a", "b", "c"])
        assert d.search(lambda c: c in "ab") == ["b", "a"]
        d.remove_from_game(d.take("b"))
        assert d.data["removed"] == ["b"] and len(d) == 2
        with pytest.raises(ValueError, match="not in the deck"):
            d.take("zzz")

    def test_shuffle_uses_the_given_rng(self) -> None:
        a = new_deck(range(20), Rng(4))
        b = new_deck(range(20), Rng(4))
        assert a == b and a["draw"] != list(range(20))


class TestDie:
    def test_rolls_faces_from_its_table(self) -> None:
        die = Die("charm", ("neutral", "happy", "wink"))
        rng = Rng(2)
        rolls = {die.roll(rng) for _ in range(100)}
        assert rolls == {"neutral", "happy", "wink"}


class TestCountersAndZones:
    def test_clamp_lose_and_pay(self) -> None:
        assert clamp(25, -20, 20) == 20 and clamp(-30, -20, 20) == -20
        assert lose(3, 5) == 0
        assert pay(5, 2) == 3
        with pytest.raises(ValueError, match="cannot pay 6"):
            pay(5, 6)

    def test_zone_visibility(self) -> None:
        hand = Zone(["x", "y"], "owner", owner=1)
        assert hand.view(1) == {"count": 2, "cards": ["x", "y"]}
        assert hand.view(0) == {"count": 2}
        assert hand.view(None) == {"count": 2}
        assert Zone(["z"], "hidden").view(0) == {"count": 1}
        with pytest.raises(ValueError, match="visibility"):
            Zone([], "secret")


class TestCompactPiles:
    """The compact form (one string of ids) behaves exactly like the list form."""

    def both(self) -> list[Deck]:
        cards = [f"c{i}" for i in range(12)]
        return [Deck(new_deck(cards, Rng(8), compact=c), Rng(9)) for c in (False, True)]

    def test_the_draw_pile_is_one_string(self) -> None:
        data = new_deck(["a", "b"], compact=True)
        assert data["draw"] == "a b"
        assert Deck(data, Rng(1)).draw() == "b" and data["draw"] == "a"

    def test_same_draws_reshuffles_and_searches_in_both_forms(self) -> None:
        plain, compact = self.both()
        for deck in (plain, compact):
            deck.discard(*[deck.draw() for _ in range(5)])
            deck.reorder(list(reversed(deck.peek(3))))
            deck.put_bottom(deck.draw())
            deck.take(deck.discards[0])
            for _ in range(10):  # runs out and reshuffles the discards in
                deck.draw()
        assert plain.cards() == compact.cards() and plain.discards == compact.discards
        assert len(plain) == len(compact)
        assert plain.search(lambda c: c.endswith("1")) == compact.search(lambda c: c.endswith("1"))

    def test_refusals_are_the_same(self) -> None:
        for deck in self.both():
            with pytest.raises(ValueError, match="exactly the cards"):
                deck.reorder(["zz"])
            with pytest.raises(ValueError, match="not in the deck"):
                deck.take("zz")
