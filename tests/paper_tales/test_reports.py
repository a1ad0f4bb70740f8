"""What simulations and search bots read from a game of Paper Tales: the tags of a balance
report (the Units in each Kingdom, the Buildings) and the estimate of each seat's chance."""

from __future__ import annotations

from pathlib import Path

from tabletop.sim.report import compute, write_report
from tabletop.sim.runner import play_one
from tabletop.testing import Scenario

from .helpers import game


class TestReportTags:
    def test_units_played_not_only_those_left_in_the_kingdom(self, tmp_path: Path) -> None:
        params = {"players": 3}
        rows = [play_one("paper-tales", params, seed, ["bot:greedy"] * 3) for seed in range(3)]
        for row in rows:
            for seat, tags in row["tags"].items():
                assert tags["Unit"] == sorted(set(tags["Unit"]))
                assert all(isinstance(b, str) and b[-1] in "12" for b in tags["Building"])
                # every Unit left at the end was played; Units that aged and died were too
                assert set(tags["Unit"]) <= set(row["played"][seat]["Unit"])
            winner = str(row["winners"][0])
            assert row["tags"][winner]["Unit"]  # nobody wins with an empty Kingdom
        assert any(
            set(row["played"][s]["Unit"]) > set(row["tags"][s]["Unit"])
            for row in rows
            for s in row["tags"]
        )
        run = {"game": "paper-tales", "params": params, "seats": ["bot:greedy"] * 3}
        figures = compute([{**run, "seed": 0, "results": rows}])
        assert not figures.cards_at_end and "Unit" not in figures.tag_shares
        units = {c.label: c for c in figures.cards["Unit"]}
        played = {u for r in rows for s in r["played"] for u in r["played"][s]["Unit"]}
        assert set(units) == played
        for label, card in units.items():
            plays = sum(label in r["played"][s]["Unit"] for r in rows for s in r["played"])
            assert (card.plays, card.seat_games) == (plays, 9)
        # Paper Tales decides everything at once: there is no first player to report
        assert {r["first"] for r in rows} == {None} and figures.first_player is None
        folder = write_report([{**run, "seed": 0, "results": rows}], tmp_path)
        html = (folder / "index.html").read_text(encoding="utf-8")
        assert "Unit: play rate and win rate when played" in html and sorted(played)[0] in html
        assert "has no first player" in html
        assert "Red" in html  # seats named as the game names them

    def test_tags_name_the_kingdom_and_its_buildings(self) -> None:
        seat = {"kingdom": {0: "knight", 2: "farmer"}, "buildings": {"town": 2}}
        s = game({"seats": [seat, {}, {}]})
        assert s.state.tags(0) == {"Unit": ["Farmer", "Knight"], "Building": ["Town 2"]}


class TestEvaluate:
    def test_one_chance_per_seat_the_leader_highest(self) -> None:
        s = game({"seats": [{"legend_points": 20}, {"legend_points": 5}, {"legend_points": 5}]})
        chances = s.state.evaluate()
        assert len(chances) == 3 and abs(sum(chances) - 1.0) < 1e-9
        assert chances[0] > chances[1] == chances[2]

    def test_solo_against_the_lich_king(self) -> None:
        ahead = Scenario(
            "paper-tales",
            {"seats": [{"legend_points": 30}], "solo": {"legend_points": 5}},
            mode="solo",
        )
        behind = Scenario(
            "paper-tales",
            {"seats": [{"legend_points": 5}], "solo": {"legend_points": 30}},
            mode="solo",
        )
        (a,), (b,) = ahead.state.evaluate(), behind.state.evaluate()
        assert 0.5 < a <= 1.0 and 0.0 <= b < 0.5
