"""Card Decks (the rulebook's section): discards and reshuffling, read through views."""

from __future__ import annotations

from tabletop.testing import Scenario


def exhausted_forest() -> Scenario:
    """The Forest deck is down to its last card (a glittering find) with 2 cards discarded;
    the Bird explores Forest 1 and the Pauper, with a recall potion, waits in Forest 2."""
    return Scenario(
        "paupers-ladder",
        {
            "seats": [
                {
                    "pauper": "ognov",
                    "position": "forest-2",
                    "bird_position": "forest-1",
                    "inventory": ["recall-potion"],
                },
                {},
            ],
            "decks": {"forest": ["glittering-find-forest"]},
            "discards": {"forest": ["toadstools", "wolf"]},
            "exhausted": ["forest"],
        },
        seed=1,
        players=2,
    )


class TestCardDecks:
    def test_the_last_card_discarded_reshuffles_the_deck_at_once(self) -> None:
        s = exhausted_forest()
        assert s.view(0)["decks"]["forest"]["count"] == 1
        s.do("act", char="bird").do("draw").expect("event").do("option", n=0)
        forest = s.view(0)["decks"]["forest"]
        # the glittering find was the deck's last card: once discarded, all 3 are shuffled back
        assert (forest["count"], forest["discard"]) == (3, [])

    def test_a_recall_potion_cannot_take_from_a_discard_pile_shuffled_back(self) -> None:
        s = exhausted_forest()
        assert any(a.kind == "recall" for a in s.options()) is False  # the Pauper is not acting
        s.do("act", char="bird").do("draw").do("option", n=0)
        s.do("act", char="pauper")
        assert [a.kind for a in s.options() if a.kind in ("draw", "recall")] == ["draw"]

    def test_discards_wait_while_the_deck_still_has_cards(self) -> None:
        s = Scenario(
            "paupers-ladder",
            {
                "seats": [
                    {"pauper": "ognov", "position": "forest-2", "inventory": ["recall-potion"]},
                    {},
                ],
                "discards": {"forest": ["toadstools", "wolf"]},
                "char": "pauper",
            },
            seed=1,
            players=2,
        )
        recalls = [a for a in s.options() if a.kind == "recall"]
        assert len(recalls) == 2  # the top 4 of the discard pile may be recalled
        assert len(s.view(0)["decks"]["forest"]["discard"]) == 2
