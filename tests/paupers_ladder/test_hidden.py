"""The face-down piles nobody knows (the decks, the Dispensary's under-cards, solo face-down cards)
in the kernel's knowledge model: the engine's own resample redraws them and its undo policy sees
a card leave them. Named after the rulebook sections that lay these cards face down."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.engine import IllegalAction, Rng, load, piles
from tabletop.engine.knowledge import learnt
from tabletop.engine.undo import undo_last
from tabletop.games.paupers_ladder import hidden
from tabletop.games.paupers_ladder.content import WILD
from tabletop.games.paupers_ladder.saves import upgrade
from tabletop.games.paupers_ladder.state import PLState

from .test_solo import set_up


def played(players: int, seed: int, until: Any, limit: int = 600) -> PLState:
    """A random game played until ``until(state)`` holds."""
    s = load("paupers-ladder", players=players).new_state(seed)
    rng = Rng(seed)
    for _ in range(limit):
        if until(s) or s.is_terminal():
            break
        seat = s.current_seats()[0]
        s.apply(rng.choice(s.legal_actions(seat)), seat)
    assert until(s), "the random game never got there"
    assert isinstance(s, PLState)
    return s


def after_the_draft(s: PLState) -> bool:
    return s.view(None)["phase"] == "play"


def sizes(s: PLState) -> dict[str, int]:
    return {pool: piles.size(p) for pool, p in s.facedown_piles().items()}


class TestSetUpTheDispensary:
    """Set-up: the Recipes left after the draft form the Dispensary's 4 stacks, top face up."""

    def test_only_the_tops_show_and_a_resample_keeps_them_but_redraws_the_rest(self) -> None:
        s = played(2, 4, after_the_draft)
        stacks = hidden.dispensary(s)
        assert sum(map(len, stacks)) == 36 - 3 * 2  # 3 Recipes kept per player
        view = s.view(0)
        text = json.dumps(view)
        for stack in stacks:
            for card in stack[:-1]:  # the under-cards themselves
                assert f'"{card}"' not in text
        assert [st["top"] for st in view["dispensary"]] == [st[-1] for st in stacks]
        seen = set()
        for k in range(8):
            r = s.resample(0, Rng(k))
            assert isinstance(r, PLState)
            assert r.view(0) == view
            again = hidden.dispensary(r)
            assert [st[-1] for st in again] == [st[-1] for st in stacks]
            assert list(map(len, again)) == list(map(len, stacks))
            seen.add(tuple(c for st in again for c in st[:-1]))
        assert len(seen) > 1  # the under-cards vary

    def test_taking_a_top_turns_the_next_card_face_up(self) -> None:
        s = played(2, 4, after_the_draft)
        stack = hidden.dispensary(s)[0]
        before = s.clone()
        assert hidden.take_from_dispensary(s, 0) == stack[-1]
        assert s.view(1)["dispensary"][0] == {"count": len(stack) - 1, "top": stack[-2]}
        assert learnt(before.data, s.data, 2) == 0  # the table learnt the next card


class TestSetUpTheDecks:
    """Set-up: the Quest, Recipe, Equipment, Rarity, Region and Outcome decks lie face down."""

    def test_the_engine_resample_shuffles_every_deck_nobody_has_seen(self) -> None:
        s = played(2, 7, after_the_draft)
        quests = set()
        for k in range(6):
            r = s.resample(1, Rng(k))
            assert r.view(1) == s.view(1)
            assert sizes(r) == sizes(s)  # each deck keeps its size; Equipment may trade cards
            # with the Shops' cards seat 1 has not seen (one pool), the Quest deck with nothing
            deck = piles.cards(r.facedown_piles()[hidden.QUESTS])
            assert sorted(deck) == sorted(piles.cards(s.facedown_piles()[hidden.QUESTS]))
            quests.add(tuple(deck))
        assert len(quests) > 1

    def test_a_deck_a_seat_peeked_at_keeps_its_known_top_for_that_seat(self) -> None:
        s = played(2, 7, after_the_draft)
        seen = hidden.peek_top(s, "forest", 0, 2)
        for k in range(6):
            r = s.resample(0, Rng(k))
            assert isinstance(r, PLState)
            assert hidden.known_top(r, "forest", 0) == seen


class TestUndoAfterADraw:
    """Undo (the engine's policy, from the knowledge model): a step that drew a card from a
    face-down pile, or showed the next card of the Dispensary, cannot be taken back; a step that
    showed nothing can."""

    @pytest.mark.parametrize("players", [2, 3])
    def test_every_draw_from_a_face_down_pile_is_refused_and_quiet_steps_are_not(
        self, players: int
    ) -> None:
        s = load("paupers-ladder", players=players).new_state(2)
        rng = Rng(5)
        drew = quiet = 0
        while not s.is_terminal() and s.num_actions() < 700:
            seat = s.current_seats()[0]
            before = s.clone()
            s.apply(rng.choice(s.legal_actions(seat)), seat)
            if before.rng != s.rng or s.is_terminal():
                continue  # refused for the random draw, tested in tests/engine
            # a card drawn from a face-down pile now lies face up: a Region card on a tile
            # (exploring), the next Recipe of a Dispensary stack
            table, was = s.view(None), before.view(None)
            shown = sum(map(len, table["tiles"].values())) > sum(
                map(len, was["tiles"].values())
            ) and any(sizes(s)[dk] < sizes(before)[dk] for dk in WILD)
            shown |= [d["top"] for d in table["dispensary"]] != [
                d["top"] for d in was["dispensary"]
            ] and sum(d["count"] for d in table["dispensary"]) > 0
            if shown:
                drew += 1
                with pytest.raises(IllegalAction, match="revealed hidden information"):
                    undo_last(s, seat, before=before)
            elif s.data["_zones"] == before.data["_zones"] and sizes(s) == sizes(before):
                # nothing hidden moved
                quiet += 1
                assert undo_last(s, seat, before=before).data == before.data
        assert drew > 5 and quiet > 5

    def test_the_others_see_the_card_bought_from_a_shop_they_never_saw(self) -> None:
        s = played(2, 4, lambda s: "buy" in {a.kind for a in s.legal_actions(s.current_seats()[0])})
        seat = s.current_seats()[0]
        buy = next(a for a in s.legal_actions(seat) if a.kind == "buy")
        before = s.clone()
        other = 1 - seat
        card = buy["card"]
        city = hidden.shop_of(s, card)
        assert city is not None and card not in hidden.shop_known(s, city, other)
        s.apply(buy, seat)
        with pytest.raises(IllegalAction, match=f"to {s.seat_name(other)}"):
            undo_last(s, seat, before=before)


class TestTheSaltashNecromancer:
    """Set-up: a trap or the necromancer lies face down in each Mine; the necromancer fights
    with its own Outcome deck."""

    def test_the_face_down_cards_and_the_necromancers_deck_are_redrawn_by_the_engine(self) -> None:
        s = set_up("saltash-necromancer", "alf").state
        where, decks = set(), set()
        for k in range(12):
            r = s.resample(0, Rng(k))
            assert isinstance(r, PLState)
            assert r.view(0) == s.view(0)
            assert sorted(hidden.facedown_cards(r).values()) == sorted(
                hidden.facedown_cards(s).values()
            )
            where.add(tuple(hidden.facedown_cards(r).items()))
            decks.add(tuple(piles.cards(r.facedown_piles()[hidden.NECROMANCER])))
        assert len(where) > 1 and len(decks) > 1

    def test_turning_a_face_down_card_up_shows_it(self) -> None:
        s = set_up("saltash-necromancer", "alf").state
        before = s.clone()
        region = hidden.facedown_regions(s)[0]
        card = hidden.facedown_cards(s)[region]
        assert hidden.reveal_facedown(s, region) == card
        assert region not in s.view(0)["solo"]["facedown"]
        assert learnt(before.data, s.data, 1) == 0


class TestSavedGames:
    """Games saved before the Dispensary and the solo face-down cards were zones still load."""

    def test_a_dispensary_saved_as_lists_becomes_its_zones(self) -> None:
        s = played(3, 4, after_the_draft)
        old = json.loads(json.dumps(s.data))
        old["dispensary"] = [old["_zones"].pop(f"dispensary:{i}")["items"] for i in range(4)]
        old["birds_hidden"] = ["owl", "raven"]  # no rule used them: they leave the state
        assert upgrade(old) == s.data
        loaded = type(s).from_json(s.game, {**json.loads(s.dumps()), "data": old})
        assert loaded == s and loaded.view(1) == s.view(1)

    def test_solo_face_down_cards_saved_by_region_become_their_zones(self) -> None:
        s = set_up("saltash-necromancer", "alf").state
        old = json.loads(json.dumps(s.data))
        old["solo"]["facedown"] = {
            r: old["_zones"].pop(f"facedown:{r}")["items"][0] for r in hidden.facedown_regions(s)
        }
        old["dispensary"] = [[], [], [], []]
        old["birds_hidden"] = []
        assert upgrade(old) == s.data
