"""Every worked example of the Adventurer's Pack rulebook, reproducing its numbers."""

from __future__ import annotations

from typing import Any

from tabletop.games.lairs import grid

from .helpers import PACK, arena, scenario


def dice_of(s: Any) -> list[tuple[str, int]]:
    return [(d["type"], d["value"]) for d in s.view(0)["last_check"]["dice"]]


class TestWeaknessExamples:
    def test_tanglethorn_two_brawn_one_quickness_one_basic(self) -> None:
        """Weak to Brawn and Perception: 2 Brawn, 1 Quickness, 1 Basic buy 2 Power dice and
        2 Basic dice."""
        s = scenario(
            {"fresh": {"brawn": 2, "quickness": 1, "basic": 2}, "known": ["A2"]},
            lair1=arena("tanglethorn"),
            dice=[8, 7, 2, 1],
            monster_dice=["blank", "blank"],
            params=PACK,
        )
        s.do("creep", dir="e").do("pay", cubes=("basic",)).expect("check")
        for cube in ("brawn", "brawn", "quickness", "basic"):
            s.do("buy", cube=cube)
        s.do("roll")
        assert sorted(t for t, _ in dice_of(s)) == ["basic", "basic", "power", "power"]

    def test_greased_pit_one_guile_one_quickness_one_basic(self) -> None:
        """Weak to Guile and Quickness: 1 Guile, 1 Quickness, 1 Basic buy 2 Power dice and
        1 Basic die."""
        s = scenario(
            {"fresh": {"guile": 1, "quickness": 1, "basic": 2}, "known": ["B1"]},
            lair1=arena(trap="greased-pit"),
            dice=[5, 5, 3],
            params=PACK,
        )
        s.do("creep", dir="s").do("pay", cubes=("basic",)).expect("check")
        for cube in ("guile", "quickness", "basic"):
            s.do("buy", cube=cube)
        s.do("roll")
        assert sorted(t for t, _ in dice_of(s)) == ["basic", "power", "power"]


class TestMonsterRollExample:
    def test_autoflail_13_minus_2_and_a_skull_fails_against_12(self) -> None:
        s = scenario(
            {"fresh": {"basic": 5}, "spent": {"knowhow": 1}, "known": ["A2"]},
            lair1=arena("autoflail"),
            dice=[5, 4, 2, 2],
            monster_dice=["-2", "skull"],
            params=PACK,
        )
        s.do("creep", dir="e")
        for _ in range(4):
            s.do("buy", cube="basic")
        s.do("roll")
        last = s.view(0)["last_check"]
        assert [v for _, v in dice_of(s)] == [5, 4, 2, 2]
        assert last["mdice"] == ["-2", "skull"]
        assert last["total"] == 11 and last["target"] == 12
        mat = s.view(0)["mats"][0]
        cubes = {k: mat[b][k] for b in ("fresh", "spent", "fatigued") for k in ("knowhow",)}
        assert cubes["knowhow"] == 0  # the skull demoted the Know-how cube
        # failed: the Autoflail is still there and its Strike hit (2 cubes fatigued)
        assert s.view(0)["maps"][0]["map"][1] == "m:autoflail"
        assert sum(mat["fatigued"].values()) == 2


class TestImproviseExample:
    def test_hungry_blob_7_plus_an_improvised_2_makes_9(self) -> None:
        s = scenario(
            {"fresh": {"basic": 3, "guile": 1}, "known": ["A2"]},
            lair1=arena("hungry-blob"),
            dice=[5, 2, 2],
            monster_dice=["blank", "blank"],
            params=PACK,
        )
        s.do("creep", dir="e").do("pay", cubes=("basic",))
        s.do("buy", cube="basic").do("buy", cube="basic").do("roll").expect("after-roll")
        assert s.view(0)["check"]["dice"][0]["value"] + s.view(0)["check"]["dice"][1]["value"] == 7
        s.do("improvise", cubes=("guile",))
        last = s.view(0)["last_check"]
        assert last["total"] == 9 and last["target"] == 8
        assert s.view(0)["mats"][0]["trophies"] == ["hungry-blob"]

    def test_the_improvised_die_is_basic_even_against_a_guile_weakness(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2, "guile": 2}, "known": ["B1"]},
            lair1=arena(trap="greased-pit"),
            dice=[1, 1],
            params=PACK,
        )
        s.do("creep", dir="s").do("pay", cubes=("basic",))
        s.do("buy", cube="basic").do("roll").do("improvise", cubes=("guile",)).do("go")
        assert [d["type"] for d in s.view(0)["last_check"]["dice"]] == ["basic", "basic"]


class TestSplatterSurge:
    def test_target_8_roll_12_fails_and_the_target_becomes_12(self) -> None:
        s = scenario(
            {"fresh": {"basic": 3}, "known": ["A2"]},
            lair1=arena("hungry-blob"),
            dice=[6, 6],
            monster_dice=["blank", "skull"],
            params=PACK,
        )
        s.do("creep", dir="e")
        s.do("buy", cube="basic").do("buy", cube="basic").do("roll")
        assert s.view(0)["last_check"]["total"] == 12
        assert s.view(0)["maps"][0]["targets"] == {"1": 12}
        assert s.view(0)["mats"][0]["trophies"] == []


class TestScroungeExample:
    def test_two_wall_pieces_draw_two_junk_keep_one_then_creep_out(self) -> None:
        # A2 is a dead end: the printed border north, Wall pieces west and east
        lair = arena(walls=["A1|A2", "A2|A3"])
        s = scenario(
            {"fresh": {"knowhow": 1, "basic": 2}, "pos": "A2"},
            lair1=lair,
            junk_deck=["part-of-a-scroll#0", "candle-stub#0"],
            params=PACK,
        )
        s.do("scrounge").do("pay", cubes=("knowhow",)).expect("keep-junk")
        assert sorted(s.view(0)["ask"]["options"]) == ["candle-stub#0", "part-of-a-scroll#0"]
        s.do("keep", card="part-of-a-scroll#0").expect("free-creep")
        assert s.view(0)["mats"][0]["junk"] == ["part-of-a-scroll#0"]
        assert s.view(0)["maps"][0]["scrounged"] == [1]
        assert [a["dir"] for a in s.options() if a.kind == "creep"] == ["s"]
        s.do("creep", dir="s")
        assert s.view(0)["maps"][0]["pos"] == grid.parse("B2")
        assert s.view(0)["mats"][0]["fresh"]["basic"] == 2  # the Creep out was free

    def test_a_scrounged_space_cannot_be_scrounged_again(self) -> None:
        lair = arena(walls=["A1|A2", "A2|A3"])
        s = scenario({"fresh": {"knowhow": 2, "basic": 2}, "pos": "A2"}, lair1=lair, params=PACK)
        s.do("scrounge").do("pay", cubes=("knowhow",)).do(
            "keep", card=s.view(0)["ask"]["options"][0]
        ).do("stay")
        assert "scrounge" not in {a.kind for a in s.options()}


class TestAppraiseExample:
    def test_guardian_statue_moon_shard_priest_statue_keep_the_shard(self) -> None:
        lair = arena(chests=["A2"])
        s = scenario(
            {"fresh": {"perception": 2, "basic": 2}},
            lair1=lair,
            treasure_deck=["guardian-statue", "moon-shard", "priest-statue"],
            display=["jade-idol", "old-crown", "bone-flute"],
            params=PACK,
        )
        s.do("creep", dir="e").do("pay", cubes=("basic",)).expect("appraise")
        assert s.view(0)["ask"]["drawn"] == ["guardian-statue"]
        s.do("appraise", cubes=("perception",))
        s.do("appraise", cubes=("perception",))
        assert s.view(0)["ask"]["drawn"] == ["guardian-statue", "moon-shard", "priest-statue"]
        s.do("keep", card="moon-shard")
        assert s.view(0)["mats"][0]["treasures"] == ["moon-shard"]
        assert s.view(0)["mats"][0]["fresh"]["perception"] == 0


class TestScavengeExample:
    def test_after_defeating_a_monster_a_knowhow_cube_draws_two_junk(self) -> None:
        s = scenario(
            {"fresh": {"basic": 4, "knowhow": 1}, "known": ["A2"]},
            lair1=arena("hungry-blob"),
            dice=[6, 6, 6],
            monster_dice=["blank", "blank"],
            junk_deck=["bit-of-rope#0", "candle-stub#0"],
            params=PACK,
        )
        s.do("creep", dir="e").do("pay", cubes=("basic",))
        s.do("buy", cube="basic").do("buy", cube="basic").do("roll")
        assert s.view(0)["mats"][0]["trophies"] == ["hungry-blob"]
        s.do("scavenge", at="A2")
        assert sorted(s.view(0)["mats"][0]["junk"]) == ["bit-of-rope#0", "candle-stub#0"]
        assert "scavenge" not in {a.kind for a in s.options()}  # once per Feature


class TestChargeExample:
    def test_charging_a_known_tanglethorn_gives_a_free_power_die(self) -> None:
        s = scenario(
            {"fresh": {"brawn": 1, "basic": 2}, "known": ["A2"]},
            lair1=arena("tanglethorn"),
            dice=[3, 8],
            monster_dice=["blank", "blank"],
            params=PACK,
        )
        s.do("charge", dir="e").do("pay", cubes=("brawn",)).expect("check")
        assert s.view(0)["check"]["free"] == 1
        s.do("buy", cube="basic").do("roll")
        assert sorted(t for t, _ in dice_of(s)) == ["basic", "power"]
        assert s.view(0)["last_check"]["total"] == 11

    def test_charging_an_unknown_monster_ignores_its_strike(self) -> None:
        s = scenario({"fresh": {"brawn": 1, "basic": 2}}, lair1=arena("hungry-blob"), params=PACK)
        s.do("charge", dir="e").do("pay", cubes=("brawn",))
        mat = s.view(0)["mats"][0]
        assert sum(mat["fatigued"].values()) == 0
        assert s.view(0)["maps"][0]["map"][1] == "m:hungry-blob"


class TestSneakExample:
    def test_sneaking_into_unknown_crushing_walls_ignores_its_strike(self) -> None:
        s = scenario(
            {"fresh": {"guile": 1, "basic": 2}}, lair1=arena(trap="crushing-walls"), params=PACK
        )
        s.do("sneak", dir="s").do("pay", cubes=("guile",))
        assert s.view(0)["maps"][0]["map"][grid.parse("B1")] == "t:crushing-walls"
        mat = s.view(0)["mats"][0]
        assert sum(mat["fatigued"].values()) == 0 and mat["fresh"]["basic"] == 2
        assert s.state.prompt().kind == "turn"  # then decide what to do next


class TestRecoverExample:
    def test_a_brawn_cube_moves_a_fatigued_cube_to_spent(self) -> None:
        s = scenario(
            {"fresh": {"brawn": 1, "basic": 1}, "fatigued": {"basic": 2, "guile": 1}},
            lair1=arena(),
            params=PACK,
        )
        s.do("recover", cube="guile")
        mat = s.view(0)["mats"][0]
        assert mat["fatigued"]["guile"] == 0 and mat["spent"]["guile"] == 1
        assert mat["spent"]["brawn"] == 1


class TestAdaptationExample:
    def test_refreshing_two_fatigued_cubes_swap_a_basic_for_a_second_brawn(self) -> None:
        s = scenario(
            {"fresh": {"basic": 1}, "fatigued": {"basic": 1, "brawn": 1}},
            lair1=arena(),
            params=PACK,
        )
        s.do("creep", dir="s")  # seat 0's last cube: its turn ends (nothing Conserved to rest)
        s.do("conserve")  # seat 1's turn ends; seat 0 refreshes
        s.expect("adapt", seat=0)
        s.do("adapt", frm="basic", to="brawn")
        mat = s.view(0)["mats"][0]
        assert mat["spent"] == {**mat["spent"], "brawn": 2, "basic": 0}


class TestGainingAStatusExample:
    def test_maddening_mantle_gives_enraging_and_entering_a_monster_adds_3(self) -> None:
        lair = arena("hungry-blob", "maddening-mantle")
        s = scenario({"fresh": {"basic": 6}, "known": ["A2"]}, lair1=lair, params=PACK)
        s.do("creep", dir="s")  # the unknown Maddening Mantle strikes
        assert s.view(0)["mats"][0]["status"] == {"enraging": "fatigued"}
        s.do("creep", dir="n")
        s.do("creep", dir="e")  # into the Known Hungry Blob: Target 8 + 3
        assert s.view(0)["check"]["target"] == 11
        assert s.view(0)["maps"][0]["targets"] == {"1": 11}


class TestStatusChits:
    def test_a_status_lingers_for_the_rest_of_the_turn_and_two_more(self) -> None:
        s = scenario(
            {"fresh": {"basic": 1}, "status": {"sleepy": "fatigued"}}, lair1=arena(), params=PACK
        )
        seen = []
        for _ in range(4):
            s.do("conserve")  # seat 0
            seen.append(s.view(0)["mats"][0]["status"].get("sleepy"))
            s.do("conserve")  # seat 1
        assert seen == ["fatigued", "spent", "fresh", None]
        assert s.view(0)["mats"][0]["status"] == {}

    def test_gaining_a_status_already_held_moves_it_back_to_fatigued(self) -> None:
        from tabletop.games.lairs.rules.energy import gain_status

        ex = {"status": {"dazed": "fresh"}}
        gain_status(ex, "dazed")
        assert ex["status"] == {"dazed": "fatigued"}

    def test_sleepy_needs_one_extra_cube(self) -> None:
        s = scenario(
            {"fresh": {"basic": 2}, "status": {"sleepy": "spent"}}, lair1=arena(), params=PACK
        )
        s.do("creep", dir="s")
        assert s.view(0)["mats"][0]["spent"]["basic"] == 2

    def test_dazed_cubes_count_as_basic(self) -> None:
        s = scenario(
            {"fresh": {"brawn": 2, "basic": 1}, "known": ["A2"], "status": {"dazed": "spent"}},
            lair1=arena("hungry-blob"),
            dice=[1, 1],
            monster_dice=["blank", "blank"],
            params=PACK,
        )
        s.do("creep", dir="e").do("pay", cubes=("basic",))
        s.do("buy", cube="brawn").do("buy", cube="brawn").do("roll")
        assert [t for t, _ in dice_of(s)] == ["basic", "basic"]

    def test_terrified_may_not_buy_dice_for_a_fight(self) -> None:
        s = scenario(
            {"fresh": {"basic": 3}, "known": ["A2"], "status": {"terrified": "spent"}},
            lair1=arena("hungry-blob"),
            params=PACK,
        )
        s.do("creep", dir="e").expect("check")
        assert [a.kind for a in s.options()] == ["roll"]

    def test_dazzled_learns_features_not_walls_and_bumps(self) -> None:
        lair = arena(walls=["B1|B2"])
        s = scenario(
            {"fresh": {"basic": 3}, "status": {"dazzled": "spent"}}, lair1=lair, params=PACK
        )
        s.do("creep", dir="s")
        sheet = s.view(0)["maps"][0]
        assert sheet["map"][grid.parse("B1")] == "empty" and not sheet["known"][6]
        assert "peer" not in {a.kind for a in s.options()}
        s.do("creep", dir="e")  # bumps into the unseen wall: drawn, the move wasted
        sheet = s.view(0)["maps"][0]
        assert sheet["pos"] == grid.parse("B1")
        assert grid.parse_edge("B1|B2") in sheet["mwalls"]
        assert s.view(0)["mats"][0]["fresh"]["basic"] == 1

    def test_poisoned_rolls_a_basic_die_of_cubes_to_fatigue(self) -> None:
        s = scenario(
            {"fresh": {"basic": 1}, "spent": {"basic": 5}, "status": {"poisoned": "spent"}},
            lair1=arena(),
            dice=[3],
            params=PACK,
        )
        s.do("conserve").do("conserve")  # around to seat 0's next turn
        mat = s.view(0)["mats"][0]
        assert sum(mat["fatigued"].values()) == 3


class TestJunkCards:
    def test_more_than_three_junk_must_be_discarded_at_once(self) -> None:
        s = scenario(
            {
                "fresh": {"basic": 4, "knowhow": 1},
                "known": ["A2"],
                "junk": ["map-fragment#0", "map-fragment#1", "candle-stub#0"],
            },
            lair1=arena("hungry-blob"),
            dice=[6, 6],
            monster_dice=["blank", "blank"],
            junk_deck=["bit-of-rope#0", "chipped-dagger#0"],
            params=PACK,
        )
        s.do("creep", dir="e").do("pay", cubes=("basic",))
        s.do("buy", cube="basic").do("buy", cube="basic").do("roll")
        s.do("scavenge", at="A2").expect("discard-junk")
        s.do("discard", card="candle-stub#0")
        assert s.state.prompt().kind == "discard-junk"  # still one too many
        s.do("discard", card="map-fragment#1")
        assert len(s.view(0)["mats"][0]["junk"]) == 3

    def test_a_cracked_mirror_only_in_a_disarm_check(self) -> None:
        s = scenario(
            {"fresh": {"basic": 3}, "known": ["B1"], "junk": ["cracked-mirror#0"]},
            lair1=arena(trap="greased-pit"),
            dice=[2, 2],
            params=PACK,
        )
        assert "junk" not in {a.kind for a in s.options()}
        s.do("creep", dir="s")
        s.do("buy", cube="basic").do("roll").expect("after-roll")
        s.do("junk", card="cracked-mirror#0")
        assert s.view(0)["last_check"]["total"] == 2 + 3


def test_dazzled_explorer_may_still_take_on_the_hazard_it_stands_with() -> None:
    s = scenario(
        {"fresh": {"basic": 6}, "status": {"dazzled": "spent"}},
        lair1=arena("hungry-blob"),
        params=PACK,
    )
    s.do("creep", dir="e")  # unknown Hungry Blob: revealed, it strikes; the space stays Unknown
    assert not s.view(0)["maps"][0]["known"][1]
    s.do("try").expect("check")


class TestChooseYourAttributes:
    def test_both_choose_in_secret_and_the_cubes_start_spent(self) -> None:
        from tabletop.testing import Scenario

        s = Scenario("lairs", seed=2, pack=True)
        while s.state.prompt().kind == "build":
            seat = s.state.prompt().seats[0]
            s.state.apply(_builder_move(s, seat), seat)
        s.expect("attributes")
        before = s.view(1)
        s.do("attributes", by=0, cubes=("brawn", "guile", "knowhow"))
        assert s.view(1)["mats"] == before["mats"]  # seat 0's choice stays secret
        s.do("attributes", by=1, cubes=("guile", "perception", "quickness"))
        mats = s.view(0)["mats"]
        cubes = [{k: m["spent"][k] + m["fresh"][k] for k in m["spent"]} for m in mats]
        assert cubes[0] == {
            "basic": 3,
            "perception": 0,
            "quickness": 0,
            "knowhow": 1,
            "brawn": 1,
            "guile": 1,
        }
        assert cubes[1]["guile"] == 1 and cubes[1]["knowhow"] == 0


def _builder_move(s: Any, seat: int) -> Any:
    from tabletop.engine.bots import make_bot

    bots = s.__dict__.setdefault("_bots", {})
    if seat not in bots:
        bots[seat] = make_bot(s.game, "greedy", seat, 2)
    return bots[seat].act(s.state)
