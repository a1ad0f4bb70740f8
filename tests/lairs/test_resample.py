"""Ruling K2: a resample redraws everything a seat cannot see of the rival lair, every time,
with a fresh RNG, mid-check too, and the seat's view stays exactly as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabletop.engine import State, load
from tabletop.engine.bots import make_bot
from tabletop.engine.knowledge import ZONES, knows
from tabletop.engine.rng import Rng
from tabletop.games.lairs import grid, hidden
from tabletop.games.lairs.rules import building
from tabletop.games.lairs.state import SECRET, zone_name

from .helpers import PACK, arena, scenario


def seen(state: State, seat: int | None) -> str:
    return json.dumps(
        [state.view(seat), state.legal_actions(seat) if seat is not None else None],
        sort_keys=True,
        default=str,
    )


def hidden_parts(state: State, seat: int | None) -> Any:
    """What ``seat`` may not see: the features of the spaces it does not know, the Walls, the
    order of the decks and the rival's Junk hand."""
    d = state.data
    zones = d[SECRET][ZONES]
    spaces = {
        name: [f for f, m in zip(z["items"], z["known"], strict=True) if not knows(m, seat)]
        for name, z in zones.items()
    }
    hands = [ex["junk"] for i, ex in enumerate(d["explorers"]) if i != seat]
    return [spaces, [r["walls"] for r in d["lairs"]], d["treasure"], d["junk_deck"], hands]


def explore_state(seed: int, steps: int, **params: Any) -> State:
    """A greedy game ``steps`` decisions into the exploring."""
    game = load("lairs", mode="standard", **params)
    state = game.new_state(seed)
    bots = {i: make_bot(game, "greedy", i, seed) for i in range(2)}
    n = 0
    while not state.is_terminal() and n < steps:
        seat = state.current_seats()[0]
        state.apply(bots[seat].act(state), seat)
        n += state.data["phase"] == "explore"
    return state


def assert_lairs_keep_the_rules(world: State, truth: State) -> None:
    C = world.content  # type: ignore[attr-defined]
    for i in range(2):
        if building.problem(truth.lair(i)["feat"], set(truth.lair(i)["walls"]), C) is None:  # type: ignore[attr-defined]
            feat, walls = world.lair(i)["feat"], set(world.lair(i)["walls"])  # type: ignore[attr-defined]
            assert building.problem(feat, walls, C) is None


class TestK2Resample:
    @pytest.mark.parametrize("seat", [0, 1, None])
    def test_hidden_parts_and_the_rng_are_redrawn_and_the_view_is_the_same(
        self, seat: int | None
    ) -> None:
        truth = explore_state(3, 12, pack=True)
        before = json.dumps(truth.data, sort_keys=True)
        for k in range(5):
            world = truth.resample(seat, Rng(k))
            assert seen(world, seat) == seen(truth, seat)
            assert world.rng != truth.rng
            assert hidden_parts(world, seat) != hidden_parts(truth, seat)
            assert_lairs_keep_the_rules(world, truth)
        assert json.dumps(truth.data, sort_keys=True) == before  # the truth is untouched

    def test_a_builder_keeps_its_own_lair(self) -> None:
        truth = explore_state(3, 12)
        world = truth.resample(1, Rng(5))
        assert world.lair(1)["feat"] == truth.lair(1)["feat"]  # type: ignore[attr-defined]
        assert world.lair(1)["walls"] == truth.lair(1)["walls"]  # type: ignore[attr-defined]
        assert world.lair(0)["feat"] != truth.lair(0)["feat"]  # type: ignore[attr-defined]

    def test_mid_check_the_rival_lair_and_the_dice_are_redrawn(self) -> None:
        """While a fight is under way the spaces not yet seen are still redrawn, and the same
        actions then roll other dice: the search never plans against the true dice."""
        s = scenario({"fresh": {"basic": 4}, "known": ["A2"]}, lair1=arena("hungry-blob"))
        s.do("creep", dir="e").expect("check")
        truth = s.state
        rolls, spaces = set(), set()
        for k in range(8):
            world = truth.resample(0, Rng(k))
            assert seen(world, 0) == seen(truth, 0)
            assert world.lair(1)["feat"][grid.parse("A2")] == "m:hungry-blob"  # type: ignore[attr-defined]
            spaces.add(json.dumps(world.lair(1)["feat"]))  # type: ignore[attr-defined]
            for a in ("buy", "buy", "roll"):
                act = next(x for x in world.legal_actions(0) if x.kind == a)
                world.apply(act, 0)
            rolls.add(json.dumps(world.view(0)["last_check"]["dice"]))
        # an arena has few hidden features (the Trap, the Exit): redraws vary, and the truth
        # is one draw among them, not the one that always comes back
        assert len(spaces - {json.dumps(truth.lair(1)["feat"])}) > 1  # type: ignore[attr-defined]
        assert len(rolls) > 1

    def test_a_builders_choice_under_way_is_worked_out_on_the_redrawn_lair(self) -> None:
        """The Howling Beetles strike; while the Builder chooses, the explorer's resample moves
        the Unknown Monsters too, and the Builder's options name where they stand now."""
        s = scenario({"fresh": {"basic": 4}}, lair1=arena("autoflail", "howling-beetles"))
        s.do("creep", dir="s").expect("beetles", seat=1)
        truth = s.state
        moved = 0
        for k in range(6):
            world = truth.resample(0, Rng(k))
            assert seen(world, 0) == seen(truth, 0)
            feat = world.lair(1)["feat"]  # type: ignore[attr-defined]
            moves = [a for a in world.legal_actions(1) if a.kind == "move"]
            assert moves and all(feat[grid.parse(a["monster"])] == "m:autoflail" for a in moves)
            assert all(feat[grid.parse(a["to"])] is None for a in moves)
            moved += feat[grid.parse("A2")] != "m:autoflail"
            world.apply(moves[0], 1)  # and the game goes on from there
        assert moved

    def test_a_known_empty_space_gets_nothing_or_an_invisible_hazard(self) -> None:
        """A Peer does not tell a Whisperling Mob: the map sheet's Known empty space may hide
        one, so a resample puts there nothing or an invisible hazard, never a Chest."""
        lair1 = arena(trap="howling-beetles", monsters={"C1": "whisperling-mob"})
        lair1["walls"] = ["C1|C2", "C1|D1", "E1|E2", "E1|F1"]
        s = scenario({"fresh": {"basic": 4}, "known": ["C1"]}, lair1=lair1, params=PACK)
        truth = s.state
        sheet = truth.data["explorers"][0]["map"]
        shown_empty = [c for c in range(grid.SPACES) if sheet[c] == "empty"]
        mob_moved = 0
        for k in range(20):
            world = truth.resample(0, Rng(k))
            feat = world.lair(1)["feat"]  # type: ignore[attr-defined]
            for c in shown_empty:
                assert feat[c] in (None, "m:whisperling-mob", "t:crushing-walls")
            mob_moved += feat[grid.parse("C1")] is None
        assert mob_moved

    def test_the_sampler_cannot_fail_the_walk_from_the_lair_keeps_the_rules(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """With no direct build allowed, the walk from the lair as it is still redraws it and
        keeps every building rule."""
        monkeypatch.setattr(hidden, "STARTS", 0)
        truth = explore_state(4, 6)
        walked = hidden.COUNTS["walked"]
        world = truth.resample(0, Rng(9))
        assert hidden.COUNTS["walked"] > walked
        assert seen(world, 0) == seen(truth, 0)
        assert world.lair(1)["feat"] != truth.lair(1)["feat"]  # type: ignore[attr-defined]
        assert_lairs_keep_the_rules(world, truth)

    def test_a_redrawn_lair_keeps_the_building_rules_over_many_games(self) -> None:
        for seed in range(3):
            truth = explore_state(seed, 20)
            for k in range(10):
                world = truth.resample(None, Rng(k))
                assert seen(world, None) == seen(truth, None)
                assert_lairs_keep_the_rules(world, truth)
                for i in range(2):
                    z = world.data[SECRET][ZONES][zone_name(i)]
                    assert sorted(map(str, z["items"])) == sorted(
                        map(str, truth.data[SECRET][ZONES][zone_name(i)]["items"])
                    )


class TestJunkHands:
    """Junk cards (Adventurer's Pack): "To play a Junk card, discard it ... and then do what it
    says": a card being played is in the open, the rest of a hand is not."""

    HAND = ["crumpled-manual#0", "candle-stub#0", "bit-of-rope#0"]

    def paying(self) -> State:
        s = scenario(
            {"fresh": {"basic": 1, "knowhow": 1}, "known": ["B1"], "junk": list(self.HAND)},
            lair1=arena(trap="greased-pit"),
            params=PACK,
        )
        s.do("junk", card="crumpled-manual#0", on="B1")
        s.expect("pay")  # two ways to pay its cube: the question waits for seat 0
        return s.state

    def test_the_card_being_played_is_shown_and_kept_the_rest_redrawn(self) -> None:
        truth = self.paying()
        assert truth.view(1)["ask"]["playing"] == "crumpled-manual#0"
        others = set()
        for who in (1, None):
            for i in range(20):
                world = truth.resample(who, Rng(100 + i))
                hand = world.data["explorers"][0]["junk"]
                assert hand[0] == "crumpled-manual#0" and len(hand) == 3
                others.add(tuple(hand[1:]))
                assert seen(world, who) == seen(truth, who)
                for action in world.legal_actions(0):  # the payment goes through in every world
                    world.clone().apply(action, 0)
        assert len(others) > 5  # the cards not played are drawn again

    def test_a_discard_offers_the_redrawn_hand(self) -> None:
        s = scenario(
            {"fresh": {"basic": 4}, "treasures": ["moon-shard"], "junk": ["map-fragment#0"]},
            lair1=arena(trap="gremling-swarm"),
            params=PACK,
        )
        s.do("creep", dir="s").expect("discard")
        for i in range(10):
            world = s.state.resample(1, Rng(7 + i))
            hand = world.data["explorers"][0]["junk"]
            assert world.data["ask"]["options"] == ["moon-shard", *hand]
            for action in world.legal_actions(0):
                world.clone().apply(action, 0)
