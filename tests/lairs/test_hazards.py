"""Monster and Trap Effect Clarifications, one test class per hazard, and the Junk cards."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console

from tabletop.engine import Action
from tabletop.engine.bots import make_bot
from tabletop.games.lairs import grid, tui, web
from tabletop.games.lairs.encoding import encoding
from tabletop.testing import Scenario

from .helpers import PACK, arena, scenario


def fight(monster: str, dice: list[int], mdice: list[str], cubes: int = 2, **ex: Any) -> Any:
    fresh = {"basic": cubes + 4, **ex.pop("fresh", {})}
    s = scenario(
        {"fresh": fresh, "known": ["A2"], **ex},
        lair1=arena(monster),
        dice=dice,
        monster_dice=mdice,
        params=PACK,
    )
    s.do("creep", dir="e")
    if s.state.prompt().kind == "pay":
        s.do("pay", cubes=("basic",))
    for _ in range(cubes):
        s.do("buy", cube="basic")
    return s.do("roll")


def seen_by(s: Scenario, seat: int | None) -> str:
    """Everything ``seat`` (None: a spectator) sees now: its view (prompt, log and actions
    included) and the number of actions played."""
    return json.dumps({"view": s.view(seat), "actions": s.state.num_actions()}, sort_keys=True)


class TestDevilsCarpet:
    def test_brain_fog_turns_power_dice_into_rerolled_basic_dice(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2, "brawn": 1}, "known": ["A2"]},
            lair1=arena("devils-carpet"),
            dice=[8, 2, 5],
            monster_dice=["blank", "skull"],
            params=PACK,
        )
        s.do("creep", dir="e").do("pay", cubes=("basic",))
        s.do("buy", cube="brawn").do("buy", cube="basic").do("roll")
        last = s.view(0)["last_check"]
        assert [(d["type"], d["value"]) for d in last["dice"]] == [("basic", 5), ("basic", 2)]
        assert last["total"] == 7


class TestFrightGobbler:
    def test_the_shivers_the_builder_picks_two_dice_to_reroll(self) -> None:
        s = fight("fright-gobbler", [6, 6, 1, 2], ["blank", "skull"])
        s.expect("reroll", seat=1)
        s.do("reroll", dice=(0, 1))
        last = s.view(0)["last_check"]
        assert [d["value"] for d in last["dice"]] == [1, 2] and last["total"] == 3

    def test_the_shivers_the_builders_own_bot_rerolls_the_highest_dice(self) -> None:
        s = fight("fright-gobbler", [6, 6, 1, 2], ["blank", "skull"])
        s.expect("reroll", seat=1)
        bot = make_bot(s.state.game, "greedy", 1, 1)
        assert bot.act(s.state) == Action.of("reroll", dice=(0, 1))

    def test_grip_of_fear_the_builder_fatigues_any_cube_even_a_conserved_one(self) -> None:
        s = scenario({"fresh": {"basic": 3}}, lair1=arena("fright-gobbler"), params=PACK)
        s.do("creep", dir="e").expect("grip", seat=1)
        s.do("cube", basket="fresh", cube="basic")
        mat = s.view(0)["mats"][0]
        assert mat["fatigued"]["basic"] == 1 and mat["status"] == {"terrified": "fatigued"}

    def test_grip_of_fear_reaches_a_cube_conserved_during_the_turn(self) -> None:
        """Grip of Fear: "even a Conserved cube". A cube Conserved during the turn is set aside
        from ordinary penalties (ruling E5) but not from the Builder's Grip of Fear."""
        s = scenario(
            {"fresh": {"basic": 2, "guile": 1}}, lair1=arena("fright-gobbler"), params=PACK
        )
        s.do("conserve-one", cube="guile").expect("turn", seat=0)
        s.do("creep", dir="e").expect("grip", seat=1)
        assert ["conserved", "guile"] in s.data["ask"]["options"]
        s.do("cube", basket="conserved", cube="guile")
        mat = s.view(0)["mats"][0]
        assert mat["conserved"]["guile"] == 0 and mat["fatigued"]["guile"] == 1

    def test_the_shivers_the_builder_chooses_up_to_two_dice_at_once_then_they_are_rerolled(
        self,
    ) -> None:
        s = scenario(
            {"fresh": {"basic": 4}, "known": ["A2"]},
            lair1=arena("fright-gobbler"),
            dice=[6, 6, 5, 1, 2],
            monster_dice=["blank", "skull"],
            params=PACK,
        )
        s.do("creep", dir="e")
        s.do("buy", cube="basic").do("buy", cube="basic").do("buy", cube="basic").do("roll")
        s.expect("reroll", seat=1)
        choices = {tuple(a["dice"]) for a in s.options(1)}
        # none, any one of the three dice, or any two of them: one choice
        assert choices == {(), (0,), (1,), (2,), (0, 1), (0, 2), (1, 2)}
        s.do("reroll", dice=(0, 1))
        assert s.state.prompt().kind != "reroll"  # no second pick after seeing a new face
        last = s.view(0)["last_check"]
        assert [d["value"] for d in last["dice"]] == [1, 2, 5] and last["total"] == 8


class TestFurnitureGolem:
    def test_wall_of_chairs_resolves_the_space_entered_from_as_a_creep(self) -> None:
        lair = arena(walls=[], monsters={"A3": "furniture-golem"}, chests=["A2"])
        s = scenario({"fresh": {"basic": 4}, "pos": "A2", "prev": "A1"}, lair1=lair)
        s.do("creep", dir="e")
        assert s.view(0)["maps"][0]["pos"] == grid.parse("A2")


class TestGearHound:
    def test_high_alert_only_when_entering_its_known_space(self) -> None:
        s = scenario(
            {"fresh": {"basic": 4, "quickness": 1}, "known": ["A2"]},
            lair1=arena("gear-hound"),
            dice=[1],
            monster_dice=["blank", "blank"],
            params=PACK,
        )
        s.do("creep", dir="e").do("pay", cubes=("basic",)).expect("check")
        assert s.view(0)["mats"][0]["fatigued"]["quickness"] == 1  # on entering, before the check
        s.do("buy", cube="basic").do("roll")
        assert s.view(0)["mats"][0]["fatigued"]["quickness"] == 1  # once: the fight adds none

    def test_jaws_of_steel_every_3_counts_as_zero(self) -> None:
        s = fight("gear-hound", [3, 3, 6], ["blank", "skull"], cubes=3)
        assert s.view(0)["last_check"]["total"] == 6

    def test_high_alert_fatigues_the_quickness_cube_before_the_check_opens(self) -> None:
        """High Alert "only occurs when you enter the Gear Hound's space": charging into a
        Known Gear Hound with a Fresh Quickness cube, that cube is fatigued on entering, so it
        cannot buy a die for the fight."""
        s = scenario(
            {"fresh": {"brawn": 1, "quickness": 1, "basic": 1}, "known": ["A2"]},
            lair1=arena("gear-hound"),
            params=PACK,
        )
        s.do("charge", dir="e").do("pay", cubes=("brawn",)).expect("check")
        mat = s.view(0)["mats"][0]
        assert mat["fatigued"]["quickness"] == 1 and mat["fresh"]["quickness"] == 0
        assert {a["cube"] for a in s.options(0) if a.kind == "buy"} == {"basic"}
        assert s.view(0)["check"]["free"] == 1  # the Charge's free Power die stands


class TestGloombat:
    def test_evasive_flutter_every_basic_die_counts_as_1(self) -> None:
        s = fight("gloombat", [6, 6], ["blank", "skull"])
        assert s.view(0)["last_check"]["total"] == 2

    def test_gnashing_retreat_with_no_unknown_empty_space_it_stays(self) -> None:
        lair = arena("gloombat")
        s = scenario(
            {"fresh": {"basic": 4}, "known": [grid.name(c) for c in range(36)]}, lair1=lair
        )
        s.data["explorers"][0]["map"][1] = None  # only the Gloombat's own space is not on the map
        s.state.invalidate()
        s.do("creep", dir="e")
        assert s.state.lair(1)["feat"][1] == "m:gloombat"

    def test_gnashing_retreat_a_changed_target_is_tracked_in_the_notes_section(self) -> None:
        """Enraging raises the Known Gloombat's Target from 8 to 11; the fight fails and it
        retreats: its marker leaves the map sheet and the 11 goes to the Notes section, which
        the explorer's view (and the terminal and web boards) show."""
        s = scenario(
            {"fresh": {"basic": 4}, "known": ["A2"], "status": {"enraging": "spent"}},
            lair1=arena("gloombat"),
            dice=[1],
            monster_dice=["blank", "blank"],
            params=PACK,
        )
        s.do("creep", dir="e").expect("check")
        assert s.view(0)["check"]["target"] == 11
        s.do("buy", cube="basic").do("roll").expect("relocate", seat=1)
        s.do("to", cell="A3")
        v = s.view(0)
        sheet = v["maps"][0]
        assert sheet["map"][1] == "empty" and sheet["targets"] == {}
        assert sheet["notes"] == {"vp": 0, "targets": {"gloombat": 11}}
        assert v == {**v, "maps": s.view(None)["maps"]}  # the map sheets are public
        console = Console(width=200, record=True)
        console.print(tui.render(v))
        assert "Notes: Gloombat Target 11" in console.export_text()
        assert "Notes: Gloombat Target 11" in web.render(v)
        # and the observation an agent is given carries it too
        enc = encoding(s.game)
        noted, forgot = [0.0] * enc.size, [0.0] * enc.size
        enc.observe(v, noted)
        enc.observe({**v, "maps": [{**sheet, "notes": {"vp": 0}}, *v["maps"][1:]]}, forgot)
        assert noted != forgot

    def test_a_noted_target_goes_back_on_the_map_when_the_gloombat_is_found(self) -> None:
        s = scenario(
            {
                "fresh": {"basic": 4, "perception": 1},
                "known": ["A2"],
                "status": {"enraging": "spent"},
            },
            lair1=arena("gloombat", walls=["A2|B2"]),
            dice=[1],
            monster_dice=["blank", "blank"],
            params=PACK,
        )
        s.do("creep", dir="e").do("pay", cubes=("basic",))
        s.do("buy", cube="basic").do("roll").do("cube", basket="fresh", cube="basic")
        s.do("to", cell="A3")
        assert s.view(0)["maps"][0]["notes"]["targets"] == {"gloombat": 11}
        s.do("peer", at="A3")
        if s.state.prompt().kind == "pay":
            s.do("pay", cubes=("perception",))
        sheet = s.view(0)["maps"][0]
        assert sheet["map"][grid.parse("A3")] == "m:gloombat"
        assert sheet["targets"] == {str(grid.parse("A3")): 11}
        assert sheet["notes"]["targets"] == {}


class TestHungryBlob:
    def test_splatter_surge_only_when_the_roll_meets_the_target(self) -> None:
        s = fight("hungry-blob", [2, 2], ["blank", "skull"])
        assert s.view(0)["maps"][0]["targets"] == {}  # a failed roll leaves the Target


class TestTanglethorn:
    def test_plundering_coils_a_lost_fight_costs_a_treasure(self) -> None:
        s = fight("tanglethorn", [1, 1], ["blank", "skull"], treasures=["moon-shard"])
        assert s.view(0)["mats"][0]["treasures"] == []

    def test_plundering_coils_the_treasure_is_not_lost_if_you_win(self) -> None:
        s = fight("tanglethorn", [6, 6], ["blank", "skull"], treasures=["moon-shard"])
        assert s.view(0)["mats"][0]["treasures"] == ["moon-shard"]


class TestWhisperlingMob:
    def test_intangible_subtracts_4_per_power_die_bought_with_brawn(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2, "brawn": 2}, "pos": "A2"},
            lair1=arena("whisperling-mob"),
            dice=[8, 8],
            monster_dice=["blank", "blank"],
            params=PACK,
        )
        s.do("try").do("buy", cube="brawn").do("buy", cube="brawn").do("roll")
        assert s.view(0)["last_check"]["total"] == 16 - 8

    def test_a_charges_free_power_die_is_not_affected(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2, "brawn": 1}},
            lair1=arena("whisperling-mob"),
            dice=[8],
            monster_dice=["blank", "blank"],
            params=PACK,
        )
        s.data["explorers"][0]["map"][1] = "m:whisperling-mob"  # met before, so Known
        s.state.invalidate()
        s.do("charge", dir="e").do("pay", cubes=("brawn",)).do("roll")
        assert s.view(0)["last_check"]["total"] == 8

    def test_invisible_to_peering_so_entering_meets_an_unknown_monster(self) -> None:
        s = scenario(
            {"fresh": {"basic": 4}, "known": ["A2"]}, lair1=arena("whisperling-mob"), params=PACK
        )
        assert s.view(0)["maps"][0]["map"][1] == "empty"
        s.do("creep", dir="e")
        assert s.view(0)["mats"][0]["status"] == {"sleepy": "fatigued"}


class TestBlinkRunes:
    def test_moving_directly_to_the_start_ignores_distance_and_walls(self) -> None:
        lair = arena(trap=None, traps={"D4": "blink-runes"}, walls=["A1|A2", "A1|B1"])
        s = scenario({"fresh": {"basic": 3}, "pos": "D3"}, lair1=lair, params=PACK)
        s.do("creep", dir="e")
        v = s.view(0)
        assert v["maps"][0]["pos"] == 0 and v["mats"][0]["status"] == {"dazzled": "fatigued"}


class TestChainSnares:
    def test_conserved_cubes_are_spent_too(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2}, "conserved": {"quickness": 1}}, lair1=arena(trap="chain-snares")
        )
        s.do("creep", dir="s")
        assert s.view(0)["mats"][0]["spent"]["quickness"] == 1

    def test_a_cube_conserved_during_the_turn_is_spent_and_rests_nothing(self) -> None:
        """Chain Snares: "This includes Conserved cubes." A cube Conserved during the turn
        (ruling E3) is spent with the rest, so at the next Refresh it rests no Fatigued cube."""
        s = scenario(
            {"fresh": {"basic": 2, "quickness": 1}, "fatigued": {"guile": 1}},
            lair1=arena(trap="chain-snares"),
        )
        s.do("conserve-one", cube="quickness").expect("turn", seat=0)
        assert s.view(0)["mats"][0]["conserved"]["quickness"] == 1
        s.do("creep", dir="s")
        mat = s.view(0)["mats"][0]
        assert mat["conserved"]["quickness"] == 0 and mat["spent"]["quickness"] == 1
        s.expect("turn", seat=1).do("conserve")
        mat = s.view(0)["mats"][0]
        assert mat["fresh"]["guile"] == 0 and mat["spent"]["guile"] == 1  # not rested


class TestGremlingSwarm:
    def test_discard_a_junk_or_a_treasure_of_your_choice(self) -> None:
        s = scenario(
            {"fresh": {"basic": 4}, "treasures": ["moon-shard"], "junk": ["map-fragment#0"]},
            lair1=arena(trap="gremling-swarm"),
            params=PACK,
        )
        s.do("creep", dir="s").expect("discard")
        s.do("discard", card="map-fragment#0")
        assert s.view(0)["mats"][0]["treasures"] == ["moon-shard"]

    def test_with_neither_fatigue_one_cube(self) -> None:
        s = scenario({"fresh": {"basic": 4}}, lair1=arena(trap="gremling-swarm"))
        s.do("creep", dir="s")
        mat = s.view(0)["mats"][0]
        assert mat["fatigued"]["basic"] == 1 and mat["spent"]["basic"] == 2


class TestHowlingBeetles:
    """The Builder "does not need to inform the explorer whether they actually did move a
    Monster"."""

    STEPS = [("creep", {"dir": "n"}), ("conserve", {}), ("conserve", {}), ("creep", {"dir": "s"})]

    def game(self, move: bool) -> tuple[Scenario, list[tuple[str, str]]]:
        s = scenario({"fresh": {"basic": 4}}, lair1=arena("autoflail", "howling-beetles"))
        s.do("creep", dir="s")  # into the Unknown Howling Beetles: their Strike
        seen = [(seen_by(s, 0), seen_by(s, None))]
        s.expect("beetles", seat=1)
        # the Builder answers every question it is asked (however many) until the explorer
        # plays on: moving the Autoflail from A2 to E5, or leaving it be
        while s.state.prompt().seats == (1,):
            options = s.options(1)
            if not move:
                s.do("none")
                continue
            wanted = [a for a in options if "E5" in a.params.values()]
            wanted = wanted or [a for a in options if "A2" in a.params.values()]
            s.do(wanted[0].kind, **wanted[0].params)
        seen.append((seen_by(s, 0), seen_by(s, None)))
        for kind, args in self.STEPS:  # the explorer walks on, a turn of seat 1, and back
            s.do(kind, **args)
            seen.append((seen_by(s, 0), seen_by(s, None)))
        return s, seen

    def test_nothing_the_explorer_or_a_spectator_sees_tells_whether_a_monster_moved(
        self,
    ) -> None:
        moved, a = self.game(move=True)
        stayed, b = self.game(move=False)
        assert moved.state.lair(1)["feat"][grid.parse("E5")] == "m:autoflail"
        assert stayed.state.lair(1)["feat"][grid.parse("A2")] == "m:autoflail"
        assert len(a) == len(b)
        for step, (x, y) in enumerate(zip(a, b, strict=True)):
            assert x[0] == y[0], f"the explorer's view differs after step {step}"
            assert x[1] == y[1], f"the spectator's view differs after step {step}"
        # the Builder, who chose, knows what it did
        assert "E5" in str(moved.view(1)["log"]) and "E5" not in str(stayed.view(1)["log"])

    def test_the_builder_decides_once_which_monster_goes_where_or_none(self) -> None:
        s = scenario({"fresh": {"basic": 4}}, lair1=arena("autoflail", "howling-beetles"))
        s.do("creep", dir="s").expect("beetles", seat=1)
        options = s.options(1)
        assert Action.of("none") in options
        moves = [a for a in options if a.kind == "move"]
        assert {a["monster"] for a in moves} == {"A2"}
        # every Unknown Empty space but the explorer's own: 36 less the Start, the Exit, the
        # Monster, the Beetles' space (where the explorer stands)
        assert len(moves) == 32
        s.do("move", monster="A2", to="E5")
        assert s.state.prompt().seats == (0,)  # one decision, then the Strike goes on

    def test_with_no_unknown_monster_the_builder_is_still_asked(self) -> None:
        """Whether a Monster is left to move is the Builder's knowledge: the question comes
        either way (with only "none" to answer)."""
        s = scenario({"fresh": {"basic": 4}}, lair1=arena(trap="howling-beetles"))
        s.do("creep", dir="s").expect("beetles", seat=1)
        assert s.options(1) == [Action.of("none")]

    def test_an_invisible_monster_on_a_known_space_is_still_unknown(self) -> None:
        """A Whisperling Mob is shown only to an explorer entering its space, so on a space the
        explorer Peered into it is still an Unknown Monster the Beetles may move."""
        lair = arena(trap="howling-beetles", monsters={"C1": "whisperling-mob"})
        lair["walls"] = ["C1|C2", "C1|D1", "E1|E2", "E1|F1"]  # dead ends: C1, E1 and F1
        s = scenario({"fresh": {"basic": 4}, "known": ["C1"]}, lair1=lair, params=PACK)
        assert s.view(0)["maps"][0]["map"][grid.parse("C1")] == "empty"
        s.do("creep", dir="s").expect("beetles", seat=1)
        # it may go only to a dead end (its placement limit): E1 or F1
        moves = [(a["monster"], a["to"]) for a in s.options(1) if a.kind == "move"]
        assert moves == [("C1", "E1"), ("C1", "F1")]


class TestJunk:
    def test_map_fragment_learns_an_adjacent_space(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2}, "junk": ["map-fragment#0"]},
            lair1=arena("autoflail"),
            params=PACK,
        )
        s.do("junk", card="map-fragment#0", on="A2")
        assert s.view(0)["maps"][0]["map"][1] == "m:autoflail"

    def test_crumpled_manual_disarms_a_known_trap_beside_you(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2}, "known": ["B1"], "junk": ["crumpled-manual#0"]},
            lair1=arena(trap="greased-pit"),
            params=PACK,
        )
        s.do("junk", card="crumpled-manual#0", on="B1")
        assert s.state.lair(1)["feat"][grid.parse("B1")] is None
        assert s.view(0)["mats"][0]["spent"]["basic"] == 1

    def test_a_bit_of_rope_can_save_a_turn(self) -> None:
        """Junk with no timing may be used "at any time on your turn": spending the last Fresh
        cube does not end the turn while a free Junk card can be played (ruling R4), so A Bit
        of Rope brings a Spent cube back and the turn goes on."""
        s = scenario(
            {"fresh": {"basic": 1}, "spent": {"brawn": 1}, "junk": ["bit-of-rope#0"]},
            lair1=arena(),
            params=PACK,
        )
        s.do("creep", dir="s").expect("turn", seat=0)
        assert s.view(0)["mats"][0]["fresh"] == {**s.view(0)["mats"][0]["fresh"], "basic": 0}
        s.do("junk", card="bit-of-rope#0", on="brawn")
        s.do("creep", dir="s")
        assert s.view(0)["maps"][0]["pos"] == grid.parse("C1")
        assert s.state.prompt().seats == (1,)  # nothing free is left: the turn is over

    def test_with_no_cube_and_a_free_card_the_explorer_may_end_the_turn(self) -> None:
        s = scenario(
            {"fresh": {"basic": 1}, "spent": {"brawn": 1}, "junk": ["bit-of-rope#0"]},
            lair1=arena(),
            params=PACK,
        )
        s.do("creep", dir="s").do("conserve")
        assert s.state.prompt().seats == (1,)
        assert s.view(0)["mats"][0]["junk_count"] == 1

    def test_candle_stub_and_bit_of_rope(self) -> None:
        s = scenario(
            {
                "fresh": {"basic": 1},
                "fatigued": {"guile": 1},
                "spent": {"brawn": 1},
                "junk": ["candle-stub#0", "bit-of-rope#0"],
            },
            lair1=arena(),
            params=PACK,
        )
        s.do("junk", card="candle-stub#0", on="guile")
        s.do("junk", card="bit-of-rope#0", on="brawn")
        mat = s.view(0)["mats"][0]
        assert mat["spent"]["guile"] == 1 and mat["fresh"]["brawn"] == 1

    def test_chipped_dagger_adds_a_power_die_to_a_fight_even_terrified(self) -> None:
        s = scenario(
            {
                "fresh": {"basic": 2},
                "known": ["A2"],
                "junk": ["chipped-dagger#0"],
                "status": {"terrified": "spent"},
            },
            lair1=arena("hungry-blob"),
            dice=[7],
            monster_dice=["blank", "blank"],
            params=PACK,
        )
        s.do("creep", dir="e").do("roll").do("junk", card="chipped-dagger#0")
        assert s.view(0)["last_check"]["total"] == 7


class TestMapFragmentWhileDazzled:
    """Dazzled, the explorer stands in an Unknown space whose walls it has not learnt: a Map
    Fragment looks as a Peer does (ruling P2), never through a wall (X4), so it is offered only
    across an edge learnt to be open."""

    def test_no_look_across_an_edge_not_learnt(self) -> None:
        lair = arena(walls=["A2|A3"])
        s = scenario(
            {"fresh": {"basic": 3}, "junk": ["map-fragment#0"], "status": {"dazzled": "spent"}},
            lair1=lair,
            params=PACK,
        )
        s.do("creep", dir="e")  # Dazzled: A2's features are told, not its walls
        assert not s.view(0)["maps"][0]["known"][grid.parse("A2")]
        fragments = [a for a in s.options(0) if a.kind == "junk"]
        assert fragments == []
        assert s.view(0)["maps"][0]["map"][grid.parse("A3")] is None

    def test_from_a_known_space_it_looks_as_a_peer(self) -> None:
        s = scenario(
            {"fresh": {"basic": 3}, "junk": ["map-fragment#0"], "status": {"dazzled": "spent"}},
            lair1=arena(walls=["A1|B1"]),
            params=PACK,
        )
        assert {a["on"] for a in s.options(0) if a.kind == "junk"} == {"A2"}
