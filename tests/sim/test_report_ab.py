"""`tabletop report GAME --ab KEY=VALUE`: two rule variants on the same seeds and seats, every
figure per variant with the difference and its 95% interval (Newcombe's for shares)."""

from __future__ import annotations

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
        for f in ab["figures"]:
            lo, hi = f["ci95"]
            assert lo <= f["difference"] <= hi
            assert f["difference"] == pytest.approx(f["variant"] - f["base"])

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
