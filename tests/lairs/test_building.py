"""Building a lair: pieces, the three legality rules, and refusals that name the rule."""

from __future__ import annotations

import pytest

from tabletop.engine import Action, IllegalAction
from tabletop.games.lairs import grid
from tabletop.games.lairs.content import content
from tabletop.games.lairs.rules import building
from tabletop.games.lairs.scenario import lair_from
from tabletop.testing import Scenario

from .helpers import PLAIN


def building_game(seed: int = 1, **params: object) -> Scenario:
    s = Scenario("lairs", seed=seed, mode="intro", **params)
    s.expect("build")
    return s


def place(s: Scenario, seat: int, piece: str, cell: str) -> None:
    s.do("build", by=seat, piece=piece, cell=cell, side="space")


def wall_action(edge: str) -> Action:
    """The build action of a Wall on an edge "A1|A2": the east or south side of the first."""
    a, b = edge.split("|")
    return Action.of("build", piece="wall", cell=a, side="east" if a[0] == b[0] else "south")


def wall(s: Scenario, seat: int, edge: str) -> None:
    s.state.apply(wall_action(edge), seat)


class TestBuildingALair:
    def test_both_builders_build_at_once_in_secret(self) -> None:
        s = building_game()
        assert s.state.prompt().seats == (0, 1)
        place(s, 0, "start", "A1")
        assert s.view(0)["lair"]["feat"][0] == "start"
        assert s.view(1)["lair"]["feat"][0] is None  # seat 1 sees only its own lair
        assert "lair" not in s.view(None)

    def test_intro_game_pieces(self) -> None:
        s = building_game()
        left = s.view(0)["lair"]["left"]
        assert left == {"start": 1, "exit": 1, "chest": 3, "m:hungry-blob": 3, "t:greased-pit": 3}

    def test_one_feature_per_space(self) -> None:
        s = building_game()
        place(s, 0, "start", "A1")
        reason = s.refuse(Action.of("build", piece="exit", cell="A1", side="space"), 0)
        assert "A1 already holds a feature" in reason

    def test_a_wall_sealing_the_start_is_refused(self) -> None:
        s = building_game()
        place(s, 0, "start", "A1")
        wall(s, 0, "A1|A2")
        reason = s.refuse(wall_action("A1|B1"), 0)
        assert "No Unreachable Spaces" in reason

    def test_ready_only_when_complete_and_within_the_wall_range(self) -> None:
        s = building_game()
        reason = s.refuse(Action.of("ready"), 0)
        assert "pieces still to place" in reason

    def test_a_plain_lair_passes_every_rule(self) -> None:
        d = {
            "monsters": ["hungry-blob", "autoflail", "gloombat"],
            "traps": ["greased-pit", "chain-snares", "howling-beetles"],
        }
        assert building.ready_problem(d, lair_from(PLAIN), content()) is None

    def test_too_few_walls(self) -> None:
        d = {
            "monsters": ["hungry-blob", "autoflail", "gloombat"],
            "traps": ["greased-pit", "chain-snares", "howling-beetles"],
        }
        few = lair_from({**PLAIN, "walls": PLAIN["walls"][:16]})
        assert "at least 17 Wall pieces" in (building.ready_problem(d, few, content()) or "")

    def test_at_most_twenty_walls(self) -> None:
        lair = lair_from(PLAIN)
        extra = [e for e in range(grid.EDGES) if e not in lair["walls"]]
        lair["walls"] = sorted(lair["walls"] + extra[:3])
        assert len(lair["walls"]) == 20
        assert building.legal_edges(lair, content()) == []


class TestPerilRule:
    def test_second_monster_on_the_only_path_is_refused(self) -> None:
        C = content()
        # Start A1, Chest A4: walls under A1-A3, so every path from the Start runs A2, A3
        lair = lair_from(
            {
                "start": "A1",
                "chests": ["A4"],
                "monsters": {"A2": "hungry-blob"},
                "walls": ["A1|B1", "A2|B2", "A3|B3"],
            }
        )
        assert building.place_problem(lair, "m:autoflail", grid.parse("A3"), None, C) == (
            "the Peril Rule: the chest at A4 needs a path from the Start crossing at most one "
            "Monster and at most one Trap"
        )
        # one Trap beside the Monster is still allowed
        assert building.place_problem(lair, "t:greased-pit", grid.parse("A3"), None, C) is None

    def test_legal_cells_agree_with_the_rule_checked_space_by_space(self) -> None:
        C = content()
        lair = lair_from(PLAIN)
        for c in (grid.parse("D5"), grid.parse("B4")):
            lair["feat"][c] = None
        for piece in ("m:autoflail", "t:greased-pit", "chest"):
            fast = building.legal_cells(lair, piece, C)
            slow = [c for c in range(36) if building.place_problem(lair, piece, c, None, C) is None]
            assert fast == slow
        slow_edges = [
            e for e in range(60) if building.place_problem(lair, "wall", None, e, C) is None
        ]
        assert building.legal_edges(lair, C) == slow_edges


class TestPlacementLimits:
    def test_whisperling_mob_only_in_a_dead_end(self) -> None:
        C = content()
        lair = lair_from({"start": "F6", "walls": ["A1|A2"]})
        # A1 has the border on two sides and one wall: a dead end
        assert building.place_problem(lair, "m:whisperling-mob", 0, None, C) is None
        assert "dead end" in (building.place_problem(lair, "m:whisperling-mob", 7, None, C) or "")

    def test_crushing_walls_only_in_a_hallway(self) -> None:
        C = content()
        lair = lair_from({"start": "F6", "walls": ["B2|B3", "B3|B4"]})
        assert building.place_problem(lair, "t:crushing-walls", grid.parse("B3"), None, C) is None
        assert "hallway" in (building.place_problem(lair, "t:crushing-walls", 7, None, C) or "")

    def test_a_wall_that_would_spoil_a_dead_end_cannot_be_taken_back(self) -> None:
        C = content()
        lair = lair_from({"start": "F6", "monsters": {"A1": "whisperling-mob"}, "walls": ["A1|A2"]})
        assert building.removable_edges(lair, C) == []


class TestHazardSelection:
    def test_random_selection_is_identical_for_both_lairs(self) -> None:
        s = Scenario("lairs", seed=3)
        left0 = s.view(0)["lair"]["left"]
        left1 = s.view(1)["lair"]["left"]
        assert left0 == left1
        assert len(s.view(0)["monsters"]) == 3 and len(s.view(0)["traps"]) == 3

    def test_base_game_draws_only_base_hazards(self) -> None:
        C = content()
        for seed in range(10):
            v = Scenario("lairs", seed=seed).view(0)
            assert all(C.hazards[h].set == "base" for h in v["monsters"] + v["traps"])

    def test_friendly_selection_takes_the_named_hazards(self) -> None:
        names = "autoflail,gloombat,fright-gobbler,greased-pit,blink-runes,chain-snares"
        s = Scenario("lairs", seed=1, pack=True, selection="friendly", hazards=names)
        assert sorted(s.view(0)["monsters"] + s.view(0)["traps"]) == sorted(names.split(","))

    def test_friendly_selection_refuses_a_bad_list(self) -> None:
        from tabletop.engine import BadParameter, load

        with pytest.raises(BadParameter, match="3 different Monsters and 3 different Traps"):
            load("lairs", selection="friendly", hazards="autoflail,gloombat")
        with pytest.raises(BadParameter, match="unknown or unavailable hazard 'fright-gobbler'"):
            load(
                "lairs",
                selection="friendly",
                hazards="autoflail,gloombat,fright-gobbler,greased-pit,chain-snares,gremling-swarm",
            )

    def test_drafting_alternates_until_three_of_each(self) -> None:
        s = Scenario("lairs", seed=2, pack=True, selection="drafting")
        first = s.state.prompt().seats[0]
        seen = []
        while s.state.prompt().kind == "draft":
            seen.append(s.state.prompt().seats[0])
            s.state.apply(s.options()[0])
        assert seen == [first, 1 - first] * 3
        assert len(s.view(0)["monsters"]) == 3 and len(s.view(0)["traps"]) == 3
        s.expect("build")


def test_bad_action_arguments_are_refused_cleanly() -> None:
    s = building_game()
    before = s.state.dumps()
    bad = [
        Action.of("build", piece="start", cell="Z9", side="space"),
        Action.of("build", piece="start", cell="A1"),
        Action.of("build", piece="dragon", cell="A1", side="space"),
        Action.of("build", piece="wall", cell="A1", side="north"),
        Action.of("take-back", cell="A1", side="space"),
        Action.of("place", cell="A1"),
    ]
    for a in bad:
        with pytest.raises(IllegalAction):
            s.state.apply(a, 0)
    assert s.state.dumps() == before


class TestBuildingIsATemplate:
    """Building is offered as templates (piece x space x side), each action checked alone."""

    def test_the_view_carries_templates_not_every_placement(self) -> None:
        s = building_game()
        view = s.view(0)
        assert view["actions"] == []
        kinds = {t["kind"]: t for t in view["templates"]}
        assert set(kinds) == {"build"}  # nothing placed yet, nothing to take back, not ready
        names = [p["name"] for p in kinds["build"]["params"]]
        assert names == ["piece", "cell", "side"]
        assert kinds["build"]["size"] == 6 * 36 * 3  # 5 kinds of feature and the Wall

    def test_one_check_agrees_with_the_full_list(self) -> None:
        s = building_game()
        place(s, 0, "start", "A1")
        wall(s, 0, "A1|A2")
        legal = set(s.options(0))
        for t in s.state.templates(0) or []:
            for a in t.actions():
                assert s.state.is_legal(a, 0) == (a in legal), a

    def test_a_wall_on_the_border_or_a_feature_on_an_edge_is_refused(self) -> None:
        s = building_game()
        reason = s.refuse(Action.of("build", piece="wall", cell="A6", side="east"), 0)
        assert "printed border" in reason
        reason = s.refuse(Action.of("build", piece="chest", cell="A1", side="east"), 0)
        assert "stands on a space" in reason

    def test_taking_back_a_piece_and_a_wall(self) -> None:
        s = building_game()
        place(s, 0, "chest", "B2")
        wall(s, 0, "B2|B3")
        s.do("take-back", by=0, cell="B2", side="space")
        s.do("take-back", by=0, cell="B2", side="east")
        assert s.view(0)["lair"]["feat"][grid.parse("B2")] is None
        assert s.view(0)["lair"]["walls"] == []


def test_the_peril_witness_covers_every_change_that_could_matter() -> None:
    """Walling an edge or adding a Monster off the witness paths never cuts a goal off, so the
    legal placements can be found with one search (checked on random lairs)."""
    from tabletop.engine.rng import Rng

    r = Rng(3)
    for _ in range(120):
        walls = set(r.sample(list(range(60)), r.below(26)))
        kinds: list[str | None] = [None] * 36
        for c in r.sample(list(range(36)), 8):
            kinds[c] = r.choice(["monster", "trap"])
        start = r.below(36)
        kinds[start] = None
        goals = [c for c in r.sample(list(range(36)), 4) if kinds[c] is None and c != start]
        reach, edges, cells = grid.peril_witness(start, walls, kinds, goals)
        assert reach == grid.peril_reach(start, walls, kinds)
        kept = [g for g in goals if reach[g]]
        for e in range(60):
            if e not in walls and e not in edges:
                after = grid.peril_reach(start, walls | {e}, kinds)
                assert all(after[g] for g in kept)
        for c in range(36):
            if c not in cells and kinds[c] is None and c != start:
                more = list(kinds)
                more[c] = "monster"
                after = grid.peril_reach(start, walls, more)
                assert all(after[g] for g in kept if g != c)


def test_the_one_placement_check_agrees_with_the_full_rule_check() -> None:
    """Checking one placement looks only at what it changes (the lair kept every rule before);
    it gives the same answer as checking the whole lair, over random legal partial lairs."""
    from tabletop.engine import load
    from tabletop.engine.rng import Rng

    C = content()
    game = load("lairs", mode="standard", pack=True)
    r = Rng(7)
    checked = 0
    for seed in range(6):
        s = game.new_state(seed)
        while s.prompt().kind != "build":
            s.apply(s.legal_actions()[0])
        for _ in range(60):
            lair = s.lair(0)
            for piece in [*building.pieces_left(s.data, lair, C), "wall"]:
                for cell in r.sample(list(range(36)), 6):
                    edge = r.below(60)
                    args = (None, edge) if piece == "wall" else (cell, None)
                    said = building.placement_problem(lair, piece, *args, C)
                    assert said == building.place_problem(lair, piece, *args, C)
                    # the draw's fast check gives the same verdict
                    ok = building.placement_ok(
                        lair, piece, cell, edge, C, building.placing_context(lair)
                    )
                    assert ok == (said is None)
                    checked += 1
            options = s.legal_actions(0)
            builds = [a for a in options if a.kind == "build"] or options
            s.apply(r.choice(builds), 0)
            if s.prompt().kind != "build" or 0 not in s.prompt().seats:
                break
    assert checked > 1000


def test_the_peril_flood_by_corridors_agrees_with_the_step_by_step_flood() -> None:
    from tabletop.engine.rng import Rng

    r = Rng(5)
    for _ in range(500):
        walls = set(r.sample(list(range(60)), r.below(31)))
        kinds: list[str | None] = [None] * 36
        for c in r.sample(list(range(36)), r.below(13)):
            kinds[c] = r.choice(["monster", "trap"])
        start = r.below(36)
        kinds[start] = None
        mon = sum(1 << c for c, k in enumerate(kinds) if k == "monster")
        trap = sum(1 << c for c, k in enumerate(kinds) if k == "trap")
        mask = grid.peril_mask(start, walls, mon, trap)
        assert grid.peril_reach(start, walls, kinds) == [bool(mask >> c & 1) for c in range(36)]


def test_a_hazard_off_the_peril_paths_keeps_every_goal_reached() -> None:
    """The spaces of one allowed path to each goal (the shortcut of ``legal_cells``): they hold
    the Start and every goal, and a Monster or a Trap on any other empty space leaves every goal
    reached under the Peril Rule."""
    from tabletop.engine.rng import Rng
    from tabletop.games.lairs.rules import solo

    C = content()
    hazards = (["autoflail", "gloombat", "whisperling-mob"], ["crushing-walls", "greased-pit"])
    for seed in range(10):
        lair = solo.generate(C, Rng(seed), hazards[0], [*hazards[1], "howling-beetles"], "mid")
        feat, walls = lair["feat"], lair["walls"]
        mon, trap, goals = building._masks(feat)
        start, leave = feat.index("start"), grid.leavers(walls)
        path = grid.peril_path_cells(start, leave, mon, trap, goals)
        assert path >> start & 1 and not goals & ~path
        for c in range(grid.SPACES):
            if feat[c] is None and not path >> c & 1:
                for m, t in ((mon | 1 << c, trap), (mon, trap | 1 << c)):
                    assert not goals & ~grid.peril_mask(start, walls, m, t, goals)
