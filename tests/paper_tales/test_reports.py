"""What simulations and search bots read from a game of Paper Tales: the tags of a balance
report (the Units in each Kingdom, the Buildings) and the estimate of each seat's chance."""

from __future__ import annotations

from pathlib import Path

from tabletop.sim.report import compute, write_report
from tabletop.sim.runner import play_one
from tabletop.testing import Scenario

from .helpers import game


class TestReportTags:
    def test_win_share_by_unit_in_the_winners_kingdom(self, tmp_path: Path) -> None:
        params = {"players": 3}
        rows = [play_one("paper-tales", params, seed, ["bot:greedy"] * 3) for seed in range(3)]
        for row in rows:
            for tags in row["tags"].values():
                assert tags["Unit"] == sorted(set(tags["Unit"]))
                assert all(isinstance(b, str) and b[-1] in "12" for b in tags["Building"])
            winner = str(row["winners"][0])
            assert row["tags"][winner]["Unit"]  # nobody wins with an empty Kingdom
        run = {"game": "paper-tales", "params": params, "seats": ["bot:greedy"] * 3}
        figures = compute([{**run, "seed": 0, "results": rows}])
        units = {s.label: s for s in figures.tag_shares["Unit"]}
        winner_units = {u for r in rows for u in r["tags"][str(r["winners"][0])]["Unit"]}
        assert winner_units <= {label for label, s in units.items() if s.wins > 0}
        # the report draws them (a Unit seen once, in a winner's Kingdom, has a share of 1)
        folder = write_report([{**run, "seed": 0, "results": rows}], tmp_path)
        html = (folder / "index.html").read_text(encoding="utf-8")
        assert "Unit" in html and sorted(winner_units)[0] in html

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
