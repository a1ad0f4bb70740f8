"""No view carries a card its seat may not see: other hands, draft hands in flight, picks,
face-down Deployments, kept cards, the draw pile, the unrevealed Necropolis cards."""

from __future__ import annotations

import json

import pytest

from tabletop.engine import load
from tabletop.engine.rng import Rng
from tabletop.games.paper_tales import PaperTalesState, hidden
from tabletop.games.paper_tales.rules import solo
from tabletop.testing import Scenario


def hidden_from(state: PaperTalesState, seat: int | None) -> set[str]:
    """Card ids the seat must not find in its view."""
    data = state.data
    out: set[str] = set(data["deck"]["draw"].split()) if data["deck"]["draw"] else set()
    for s in range(len(data["players"])):
        if s == seat:
            continue
        out |= set(hidden.hand(state, s)) | set(hidden.draft_hand(state, s))
        if hidden.kept(state, s):
            out.add(str(hidden.kept(state, s)))
    if data["solo"] is not None:
        line, shown = solo.line(state), data["solo"]["revealed"]
        out |= set(line[shown:]) - set(line[:shown])
    return out


@pytest.mark.parametrize(
    "params",
    [{"players": 3}, {"players": 2}, {"mode": "solo", "lich_cards": 1, "new_units": True}],
)
def test_no_view_names_a_hidden_card(params: dict) -> None:
    game = load("paper-tales", **params)
    for seed in range(2):
        state = game.new_state(seed)
        rng = Rng(seed)
        steps = 0
        while not state.is_terminal():
            if steps % 3 == 0:
                for seat in [*range(game.num_players), None]:
                    text = json.dumps(state.view(seat))
                    leaked = [c for c in hidden_from(state, seat) if f'"{c}"' in text]
                    assert not leaked, (seed, steps, seat, leaked)
            seats = state.current_seats()
            seat = seats[rng.below(len(seats))]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            steps += 1


class TestKnowledge:
    """Who knows which hidden card is kept by the kernel's knowledge zones: resampling for a seat
    redraws only what it does not know."""

    def test_a_seat_still_knows_the_hand_it_passed_on(self) -> None:
        s = Scenario("paper-tales", players=3, seed=5)
        for seat in range(3):  # turn 1: hands pass to the next seat
            s.do("pick", by=seat, card=s.view(seat)["draft"]["hand"][0])
        passed = hidden.draft_hand(s.state, 1)  # what seat 0 passed on to seat 1
        unknown = hidden.draft_hand(s.state, 2)  # passed by seat 1: seat 0 never saw it
        varied = False
        for i in range(12):
            world = s.state.resample(0, Rng(i))
            assert hidden.draft_hand(world, 1) == passed
            assert world.view(0) == s.view(0)
            varied |= hidden.draft_hand(world, 2) != unknown
        assert varied

    def test_a_card_taken_unseen_from_a_passed_hand_loses_track_of_it(self) -> None:
        s = Scenario("paper-tales", players=3, seed=5)
        for seat in range(3):
            s.do("pick", by=seat, card=s.view(seat)["draft"]["hand"][0])
        s.do("pick", by=1, card=s.view(1)["draft"]["hand"][0])  # committed, hidden
        for seat in (0, 2):
            s.do("pick", by=seat, card=s.view(seat)["draft"]["hand"][0])
        # seat 1 took a card seat 0 did not see from the hand seat 0 passed: it is now unknown
        assert any(
            hidden.draft_hand(s.state.resample(0, Rng(i)), 2) != hidden.draft_hand(s.state, 2)
            for i in range(12)
        )

    def test_face_down_necropolis_cards_are_redrawn_the_revealed_stay(self) -> None:
        s = Scenario("paper-tales", mode="solo", lich_cards=0, seed=3)
        line = solo.line(s.state)
        seen = set()
        for i in range(20):
            world = s.state.resample(0, Rng(i))
            other = solo.line(world)
            assert other[0] == line[0]  # the revealed turn-1 card
            assert all(c.startswith(p) for c, p in zip(other, ("n1", "n2", "n3", "n4", "nend")))
            seen.add(tuple(other[1:]))
        assert len(seen) > 1
