"""`tabletop report GAME --ab KEY=VALUE`: two rule variants on the same seeds and seats, every
figure per variant with the difference and its 95% interval (Newcombe's for shares)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.engine.presentation import numbered_seat
from tabletop.sim.report import Share, ab_figures, newcombe
from tabletop.sim.runner import simulate

runner = CliRunner()


class TestDifferenceInterval:
    def test_newcombes_worked_example(self) -> None:
        """Newcombe (1998), method 10: 56/70 against 48/80, difference 0.2 (0.0524, 0.3339)."""
        lo, hi = newcombe(Share("a", 48, 80), Share("b", 56, 70))
        assert lo == pytest.approx(0.0524, abs=1e-4)
        assert hi == pytest.approx(0.3339, abs=1e-4)


class TestABReport:
    def test_same_seeds_both_sides_and_every_figure_with_its_interval(self) -> None:
        seats = ["bot:greedy", "bot:greedy"]
        a = simulate("paupers-ladder", {"players": 2}, 4, 3, seats)
        b = simulate("paupers-ladder", {"players": 2, "first_game_birds": True}, 4, 3, seats)
        ab = ab_figures(a, b)
        assert ab["changed"] == ["first_game_birds"] and ab["games"] == 4
        names = [f["figure"] for f in ab["figures"]]
        assert names[:2] == [f"win share, {numbered_seat(s)}" for s in (0, 1)]
        assert "mean actions" in names and "first player's win share" in names
        assert "mean score margin" in names
        for f in ab["figures"]:
            lo, hi = f["ci95"]
            assert lo <= f["difference"] <= hi
            assert f["difference"] == pytest.approx(f["variant"] - f["base"])
            assert f["note"].startswith("no difference shown: run more games")  # 4 games

    def test_runs_with_different_seeds_are_refused(self) -> None:
        seats = ["bot:random", "bot:random"]
        a = simulate("paupers-ladder", {"players": 2}, 2, 1, seats)
        b = simulate("paupers-ladder", {"players": 2}, 2, 5, seats)
        with pytest.raises(ValueError, match="same seed"):
            ab_figures(a, b)

    def test_the_command_prints_the_table_and_writes_the_report(self, tmp_path: Path) -> None:
        result = runner.invoke(
            app,
            ["report", "paupers-ladder", "--ab", "first_game_birds=true", "-n", "2",
             "--seats", "bot:random,bot:random", "--out", str(tmp_path)],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        out = result.output
        assert "A/B paupers-ladder: first_game_birds=True (variant)" in out
        assert f"| win share, {numbered_seat(0)} |" in out and "difference (95% CI)" in out
        assert "run more games" in out  # 2 games cannot tell anything apart
        assert list(tmp_path.glob("*/index.html"))

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--ab", "colour=red"], "no such parameter"),
            (["--ab", "first_game_birds=false"], "already so"),
            (["--ab", "players=3"], "changes the number of seats"),
            (["--ab", "players=3", "--param", "players=2"], "contradict"),
        ],
    )
    def test_refused_before_any_game_is_played(self, args: list[str], message: str) -> None:
        result = runner.invoke(app, ["report", "paupers-ladder", "-n", "2", *args])
        assert result.exit_code == 2
        assert message in result.output


def _card_run(params: dict, dragon_wins: int, n: int = 60) -> dict:
    """``n`` games where seat 0 plays a Dragon and wins ``dragon_wins`` of them; seat 1 plays
    an Imp."""
    rows = [
        {"seed": i, "winners": [0] if i < dragon_wins else [1], "reason": "x", "actions": 10,
         "rounds": 5, "first": 0, "scores": {"0": 1, "1": 0},
         "played": {"0": {"Unit": ["Dragon"]}, "1": {"Unit": ["Imp"]}},
         "tags": {"0": {"Unit": [], "Pauper": "Ann"}, "1": {"Unit": [], "Pauper": "Bo"}}}
        for i in range(n)
    ]  # fmt: skip
    return {"game": "g", "params": params, "seed": 0, "seats": ["bot:a", "bot:b"],
            "results": rows}  # fmt: skip


class TestCardsInAnAB:
    def test_cards_compared_with_an_interval_corrected_for_their_number(self) -> None:
        ab = ab_figures(_card_run({"x": 1}, 30), _card_run({"x": 2}, 55))
        cards = {f["figure"]: f for f in ab["cards"]}
        # two cards, a play rate and a win rate when played each: four comparisons
        assert ab["card_comparisons"] == 4 and len(cards) == 4
        dragon = cards["win rate when played, Unit Dragon"]
        assert dragon["base"] == 0.5 and dragon["variant"] == pytest.approx(55 / 60)
        assert dragon["decided"] and dragon["note"] == "a difference"
        plain = ab_figures(_card_run({"x": 1}, 30), _card_run({"x": 2}, 30))
        assert not any(f["decided"] for f in plain["cards"])
        # the corrected interval is wider than the figure's own 95% one
        own = next(f for f in ab["figures"] if f["figure"] == "win share, Seat 1")
        assert own["variant"] == dragon["variant"]
        assert (dragon["ci95"][1] - dragon["ci95"][0]) > (own["ci95"][1] - own["ci95"][0])

    def test_single_valued_tags_compared_too(self) -> None:
        ab = ab_figures(_card_run({"x": 1}, 30), _card_run({"x": 2}, 55))
        tags = {f["figure"]: f for f in ab["tags"]}
        assert ab["tag_comparisons"] == 2 and set(tags) == {
            "win share, Pauper Ann",
            "win share, Pauper Bo",
        }
        assert tags["win share, Pauper Ann"]["decided"]
        assert tags["win share, Pauper Bo"]["difference"] == pytest.approx(5 / 60 - 0.5)


class TestSweepOfABoolean:
    def test_a_two_value_sweep_on_the_same_seeds_is_an_ab(self, tmp_path: Path) -> None:
        result = runner.invoke(
            app,
            ["report", "paupers-ladder", "--sweep", "first_game_birds", "-n", "2",
             "--seats", "bot:random,bot:random", "--out", str(tmp_path)],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        assert "A/B paupers-ladder: first_game_birds=True (variant)" in result.output
        (folder,) = list(tmp_path.iterdir())
        figures = json.loads((folder / "figures.json").read_text())
        assert figures["sweep"] == "first_game_birds" and figures["ab"]["changed"] == [
            "first_game_birds"
        ]
        # read again from its runs: the same comparison
        again = runner.invoke(
            app, ["report", "paupers-ladder", "--from", str(folder / "runs.json"), "--out",
                  str(tmp_path / "again")],
        )  # fmt: skip
        assert again.exit_code == 0 and "A/B paupers-ladder" in again.output
