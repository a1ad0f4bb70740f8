"""Monster and Trap Effect Clarifications, one test class per hazard, and the Junk cards."""

from __future__ import annotations

from typing import Any

from tabletop.games.lairs import grid

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
        assert [(d["t"], d["v"]) for d in last["dice"]] == [("basic", 5), ("basic", 2)]
        assert last["total"] == 7


class TestFrightGobbler:
    def test_the_shivers_the_builder_picks_two_dice_to_reroll(self) -> None:
        s = fight("fright-gobbler", [6, 6, 1, 2], ["blank", "skull"])
        s.expect("reroll", seat=1)
        s.do("reroll", die=0).do("reroll", die=1)
        last = s.view(0)["last_check"]
        assert [d["v"] for d in last["dice"]] == [1, 2] and last["total"] == 3

    def test_grip_of_fear_the_builder_fatigues_any_cube_even_a_conserved_one(self) -> None:
        s = scenario({"fresh": {"basic": 3}}, lair1=arena("fright-gobbler"), params=PACK)
        s.do("creep", dir="e").expect("grip", seat=1)
        s.do("cube", basket="fresh", cube="basic")
        mat = s.view(0)["mats"][0]
        assert mat["fatigued"]["basic"] == 1 and mat["status"] == {"terrified": "fatigued"}


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
        s.do("creep", dir="e").do("pay", cubes=("basic",))
        assert s.view(0)["mats"][0]["fatigued"]["quickness"] == 0  # not until the check is over
        s.do("buy", cube="basic").do("roll")
        assert s.view(0)["mats"][0]["fatigued"]["quickness"] == 1

    def test_jaws_of_steel_every_3_counts_as_zero(self) -> None:
        s = fight("gear-hound", [3, 3, 6], ["blank", "skull"], cubes=3)
        assert s.view(0)["last_check"]["total"] == 6


class TestGloombat:
    def test_evasive_flutter_every_basic_die_counts_as_1(self) -> None:
        s = fight("gloombat", [6, 6], ["blank", "skull"])
        assert s.view(0)["last_check"]["total"] == 2

    def test_gnashing_retreat_with_no_unknown_empty_space_it_stays(self) -> None:
        lair = arena("gloombat")
        s = scenario(
            {"fresh": {"basic": 4}, "known": [grid.name(c) for c in range(36)]}, lair1=lair
        )
        s.data["ex"][0]["map"][1] = None  # only the Gloombat's own space is not on the map
        s.state.invalidate()
        s.do("creep", dir="e")
        assert s.state.lair(1)["feat"][1] == "m:gloombat"


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
        s.data["ex"][0]["map"][1] = "m:whisperling-mob"  # met before, so Known
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
