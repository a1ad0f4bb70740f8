"""Base rules: hazard checks with Basic dice, Strikes, Chests and Treasure, Refresh and Conserve,
the Exit and the end of the game, victory points, the intro game."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import Action, load
from tabletop.engine.harness import random_playout
from tabletop.games.lairs import grid
from tabletop.games.lairs.content import content
from tabletop.games.lairs.rules.treasure import collection_bonus, score
from tabletop.testing import Scenario

from . import helpers
from .helpers import scenario


def arena(monster: str | None = None, trap: str | None = None, **more: Any) -> dict[str, Any]:
    """The shared arena lair with its Exit close by, in A3."""
    return helpers.arena(monster, trap, **{"exit": "A3", **more})


class TestHazardChecks:
    def test_entering_an_unknown_monster_reveals_it_and_its_strike_hits(self) -> None:
        s = scenario({"fresh": {"basic": 4}}, lair1=arena("hungry-blob"))
        s.do("creep", dir="e")
        mat = s.view(0)["mats"][0]
        assert s.view(0)["maps"][0]["map"][1] == "m:hungry-blob"
        assert sum(mat["fatigued"].values()) == 2  # fatigue 2 any cubes, from Fresh first
        assert mat["fresh"]["basic"] == 1
        assert s.view(0)["check"] is None  # no check on an Unknown hazard: decide what next
        assert s.find("try")

    def test_entering_a_known_monster_is_a_fight_check_with_basic_dice(self) -> None:
        s = scenario(
            {"fresh": {"basic": 4}, "known": ["A2"]}, lair1=arena("hungry-blob"), dice=[4, 4]
        )
        s.do("creep", dir="e").expect("check")
        assert s.view(0)["check"]["target"] == 8
        s.do("buy", cube="basic").do("buy", cube="basic").do("roll")
        assert s.view(0)["last_check"]["total"] == 8  # meeting the Target succeeds
        mat = s.view(0)["mats"][0]
        assert mat["trophies"] == ["hungry-blob"] and mat["score"]["trophies"] == 2
        assert s.view(0)["maps"][0]["map"][1] == "empty"

    def test_a_failed_check_strikes_and_the_explorer_stays(self) -> None:
        s = scenario(
            {"fresh": {"basic": 7}, "known": ["A2"]}, lair1=arena("hungry-blob"), dice=[3, 4]
        )
        s.do("creep", dir="e").do("buy", cube="basic").do("buy", cube="basic").do("roll")
        assert s.view(0)["last_check"]["total"] == 7
        v = s.view(0)
        assert v["maps"][0]["pos"] == 1 and v["maps"][0]["map"][1] == "m:hungry-blob"
        assert sum(v["mats"][0]["fatigued"].values()) == 2
        assert s.find("try")  # try again while cubes last, or walk away
        assert s.find("creep", dir="w")

    def test_disarming_a_known_trap_empties_its_space(self) -> None:
        s = scenario(
            {"fresh": {"basic": 4}, "known": ["B1"]}, lair1=arena(trap="greased-pit"), dice=[6, 2]
        )
        s.do("creep", dir="s").do("buy", cube="basic").do("buy", cube="basic").do("roll")
        v = s.view(0)
        assert v["maps"][0]["map"][grid.parse("B1")] == "empty"
        assert v["mats"][0]["trophies"] == []  # a disarmed Trap is no trophy

    def test_without_the_pack_every_die_is_basic(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2, "quickness": 2}, "known": ["B1"]},
            lair1=arena(trap="greased-pit"),
            dice=[1, 1],
        )
        s.do("creep", dir="s").do("pay", cubes=("basic",))
        s.do("buy", cube="quickness").do("roll")
        assert [d["type"] for d in s.view(0)["last_check"]["dice"]] == ["basic"]

    def test_buying_dice_without_cubes_is_refused(self) -> None:
        s = scenario({"fresh": {"basic": 2}, "known": ["A2"]}, lair1=arena("hungry-blob"))
        s.do("creep", dir="e").do("buy", cube="basic")
        assert "buy" not in {a.kind for a in s.options()}
        s.refuse(Action.of("buy", cube="basic"))

    def test_furniture_golem_pushes_back_into_the_space_entered_from(self) -> None:
        s = scenario({"fresh": {"basic": 4}}, lair1=arena("furniture-golem"))
        s.do("creep", dir="e")
        assert s.view(0)["maps"][0]["pos"] == 0

    def test_chain_snares_spend_every_fresh_cube_and_end_the_turn(self) -> None:
        s = scenario({"fresh": {"basic": 4}}, lair1=arena(trap="chain-snares"))
        s.do("creep", dir="s")
        assert s.view(0)["mats"][0]["spent"]["basic"] == 4
        assert s.state.prompt().seats == (1,)


class TestBuilderHiddenChoices:
    def test_the_gloombat_retreat_is_asked_of_the_builder_seat(self) -> None:
        s = scenario({"fresh": {"basic": 4}}, lair1=arena("gloombat"))
        s.do("creep", dir="e")  # unknown Gloombat: its Strike fatigues one cube, then retreats
        s.expect("relocate", seat=1)
        assert s.view(0)["ask"] == {"kind": "relocate", "seat": 1}  # the explorer sees no options
        s.do("to", cell="F1")
        assert s.state.lair(1)["feat"][grid.parse("F1")] == "m:gloombat"
        assert s.view(0)["maps"][0]["map"][1] == "empty"
        assert "F1" not in str(s.view(0)["log"])
        assert "F1" in str(s.view(1)["log"])

    def test_howling_beetles_move_an_unknown_monster(self) -> None:
        lair = arena("autoflail", "howling-beetles")
        s = scenario({"fresh": {"basic": 4}}, lair1=lair)
        s.do("creep", dir="s").expect("beetles", seat=1)
        s.do("move", monster="A2", to="E5")
        assert s.state.lair(1)["feat"][grid.parse("E5")] == "m:autoflail"

    def test_the_builder_may_leave_the_monsters_be(self) -> None:
        s = scenario({"fresh": {"basic": 4}}, lair1=arena("autoflail", "howling-beetles"))
        s.do("creep", dir="s").do("none")
        assert s.state.lair(1)["feat"][1] == "m:autoflail"


class TestChestsAndTreasure:
    def test_entering_a_chest_draws_a_random_treasure(self) -> None:
        s = scenario(
            {"fresh": {"basic": 3}},
            lair1=arena(chests=["A2"]),
            treasure_deck=["moon-shard"],
            display=["jade-idol"],
        )
        s.do("creep", dir="e")
        assert s.view(0)["mats"][0]["treasures"] == ["moon-shard"]
        assert s.view(0)["maps"][0]["map"][1] == "empty"

    def test_collection_bonus(self) -> None:
        C = content()
        assert collection_bonus(C, ["moon-shard", "sun-shard"]) == 2
        assert collection_bonus(C, ["moon-shard", "sun-shard", "cut-garnet"]) == 5
        assert collection_bonus(C, ["moon-shard", "bone-flute"]) == 0

    def test_score_adds_treasure_collections_trophies_notes_and_the_escape(self) -> None:
        C = content()
        ex = {
            "treasures": ["moon-shard", "sun-shard"],
            "trophies": ["autoflail"],
            "notes": 2,
            "escaped": 1,
        }
        assert score(C, ex) == {
            "treasure": 6,
            "collections": 2,
            "trophies": 4,
            "notes": 2,
            "escape": 5,
            "total": 19,
        }

    @pytest.mark.parametrize("params", [{"mode": "standard", "pack": True}, {"mode": "solo"}])
    def test_the_end_screen_says_how_every_score_was_made(self, params: dict) -> None:
        state, _ = random_playout(load("lairs", **params), 3, check=False)
        outcome = state.outcome()
        assert len(outcome.breakdown) == len(state.data["explorers"])
        for line in outcome.breakdown:
            assert line.total == outcome.scores[line.seat]
            assert [i.label for i in line.items] == [
                "Escape", "Trophies", "Treasure", "Sets", "Notes"
            ]  # fmt: skip
            assert line.name == state.seat_name(line.seat)


class TestRefreshAndConserve:
    def test_refresh_moves_spent_to_fresh_and_fatigued_to_spent(self) -> None:
        s = scenario(
            {"fresh": {"basic": 1}, "spent": {"basic": 2}, "fatigued": {"quickness": 1}},
            lair1=arena(),
        )
        s.do("creep", dir="s")  # the last Fresh cube: the turn ends
        s.do("conserve")  # seat 1
        mat = s.view(0)["mats"][0]
        assert mat["fresh"]["basic"] == 3 and mat["spent"]["quickness"] == 1

    def test_conserved_cubes_stay_fresh(self) -> None:
        s = scenario({"fresh": {"basic": 3}}, lair1=arena())
        s.do("creep", dir="s")
        s.do("conserve")
        assert s.view(0)["mats"][0]["conserved"]["basic"] == 2
        s.do("conserve")  # seat 1
        mat = s.view(0)["mats"][0]
        assert mat["fresh"]["basic"] == 3 and mat["conserved"]["basic"] == 0

    def test_e3_a_cube_conserved_during_the_turn_is_set_aside_and_the_turn_goes_on(
        self,
    ) -> None:
        s = scenario({"fresh": {"basic": 2, "quickness": 1}}, lair1=arena())
        s.do("conserve-one", cube="quickness").expect("turn", seat=0)
        mat = s.view(0)["mats"][0]
        assert mat["fresh"]["quickness"] == 0  # it may not be spent this turn
        s.do("creep", dir="s").expect("turn", seat=0)
        s.do("creep", dir="s")  # the last unconserved cube: the turn ends
        assert s.state.prompt().seats == (1,)
        assert s.view(0)["mats"][0]["conserved"]["quickness"] == 1

    def test_e3_each_conserved_cube_rests_a_fatigued_one_at_refresh(self) -> None:
        s = scenario({"fresh": {"basic": 2}, "fatigued": {"guile": 1}}, lair1=arena())
        s.do("conserve-one", cube="basic").do("creep", dir="s")
        s.do("conserve")  # seat 1; seat 0 rests and refreshes
        mat = s.view(0)["mats"][0]
        assert mat["fresh"] == {**mat["fresh"], "basic": 2, "guile": 1}
        assert mat["fatigued"]["guile"] == 0 and mat["spent"]["guile"] == 0

    def test_e3_the_explorer_chooses_which_fatigued_cube_rests(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2}, "fatigued": {"guile": 1, "brawn": 1}},
            lair1=arena(),
            params={"pack": True},
        )
        s.do("conserve-one", cube="basic").do("creep", dir="s").do("conserve")
        s.expect("rest", seat=0).do("rest", cube="brawn")
        mat = s.view(0)["mats"][0]
        assert mat["fresh"]["brawn"] == 1 and mat["spent"]["guile"] == 1

    def test_e5_ordinary_penalties_pass_a_conserved_cube_by(self) -> None:
        s = scenario({"fresh": {"basic": 2, "quickness": 1}}, lair1=arena(trap="greased-pit"))
        s.do("conserve-one", cube="quickness")
        s.do("creep", dir="s")  # the Greased Pit: fatigue a Quickness cube, then any cube
        mat = s.view(0)["mats"][0]
        assert mat["conserved"]["quickness"] == 1 and mat["fatigued"]["quickness"] == 0
        assert mat["fatigued"]["basic"] == 1

    def test_starting_cubes_of_the_intro_game_refresh_into_fresh(self) -> None:
        s = Scenario("lairs", seed=4, mode="intro")
        assert s.data["explorers"][0]["spent"] == {
            "basic": 4,
            "perception": 1,
            "quickness": 1,
            "knowhow": 0,
            "brawn": 0,
            "guile": 0,
        }


class TestTheExitAndTheEnd:
    def test_escaping_first_scores_5_and_the_other_gets_two_more_turns(self) -> None:
        s = scenario({"fresh": {"basic": 3}, "pos": "A3"}, lair1=arena(), lair0=arena())
        s.do("escape")
        assert s.view(0)["mats"][0]["escaped"] == 1
        assert s.view(0)["mats"][0]["score"]["escape"] == 5
        assert s.state.prompt().seats == (1,)
        s.do("conserve")
        s.expect("turn", seat=1)  # seat 0 is out: seat 1 plays on
        s.do("conserve")
        assert s.state.is_terminal()
        out = s.state.outcome()
        assert out.winners == (0,)

    def test_the_second_to_escape_scores_2(self) -> None:
        s = scenario({"fresh": {"basic": 3}, "pos": "A3"}, lair1=arena(), lair0=arena())
        s.do("escape")
        s.do("hustle", dir="e", steps=2).do("pay", cubes=("quickness",))
        s.do("escape")
        assert s.view(1)["mats"][1]["score"]["escape"] == 2
        assert s.state.is_terminal()

    def test_r4_arriving_on_the_exit_with_the_last_cube_the_explorer_may_escape_at_once(
        self,
    ) -> None:
        s = scenario({"fresh": {"basic": 1}, "pos": "A2"}, lair1=arena(), lair0=arena())
        s.do("creep", dir="e").expect("turn", seat=0)
        s.do("escape")
        assert s.view(0)["mats"][0]["escaped"] == 1

    def test_torches_burn_out_after_the_last_round(self) -> None:
        s = scenario({"fresh": {"basic": 1}}, lair1=arena(), rounds=2)
        for _ in range(4):
            s.do("conserve")
        assert s.state.is_terminal()
        assert s.state.outcome().reason == "torches"

    def test_the_log_says_who_is_still_inside_when_the_last_turns_run_out(self) -> None:
        """Ruling R2: once one explorer has escaped the other has two more turns; when they
        are spent the game ends with that explorer still inside, and the log says so."""
        s = scenario({"fresh": {"basic": 3}, "pos": "A3"}, lair1=arena(exit="A3"), lair0=arena())
        s.do("escape").do("conserve").do("conserve")
        assert s.state.is_terminal()
        last = s.view(None)["log"][-1]["text"]
        assert "explorers are out" not in last
        assert "Seat 2 is still inside" in last

    def test_the_log_says_the_explorers_are_out_when_both_escaped(self) -> None:
        s = scenario(
            {"fresh": {"basic": 3}, "pos": "A3"}, lair1=arena(exit="A3"), lair0=arena(exit="A3")
        )
        s.do("escape")
        s.do("hustle", dir="e", steps=2).do("pay", cubes=("quickness",)).do("escape")
        assert "the explorers are out" in s.view(None)["log"][-1]["text"]


def test_payments_looked_up_are_the_ones_worked_out_for_that_basket() -> None:
    """E2: the ways to pay are worked out once per Fresh basket and Statuses, then looked up (by
    the counts capped at the most cubes a payment takes); over many baskets, up to 8 cubes of a
    kind (the cache filled by all the others first), every lookup is what the rule gives that
    basket afresh, and a few read by hand."""
    from tabletop.engine.rng import Rng
    from tabletop.games.lairs.content import CUBES
    from tabletop.games.lairs.rules import energy

    r = Rng(9)
    baskets = []
    for _ in range(400):
        ex = {
            "fresh": {k: r.below(9) if r.below(4) == 0 else r.below(3) for k in CUBES},
            "status": {s: "fresh" for s in ("dazed", "sleepy") if r.below(3) == 0},
        }
        baskets.append(ex)
        for action in energy.COSTS:
            energy.payments(ex, action)
    for ex in baskets:
        fresh = dict(ex["fresh"])
        for action in energy.COSTS:
            afresh = energy._work_out(
                fresh, action, "dazed" in ex["status"], "sleepy" in ex["status"]
            )
            assert energy.payments(ex, action) == list(afresh), (ex, action)
            assert energy.can_pay(ex, action) == bool(afresh), (ex, action)
            assert energy.payable(ex)[action] == bool(afresh), (ex, action)
    one = {k: 0 for k in CUBES}
    sleepy = {"fresh": {**one, "basic": 1}, "status": {"sleepy": "fresh"}}
    assert not energy.can_pay(sleepy, "creep")  # Sleepy: one cube more than Creep's one
    assert energy.payments({**sleepy, "status": {}}, "creep") == [("basic",)]
    dazed = {"fresh": {**one, "perception": 1, "basic": 1}, "status": {"dazed": "fresh"}}
    assert energy.payments(dazed, "peer") == [("basic", "perception")]  # two any, not Perception
    assert energy.payments({**dazed, "status": {}}, "peer") == [
        ("basic", "perception"),
        ("perception",),
    ]
