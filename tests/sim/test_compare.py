"""The side-by-side benchmark (`tabletop bench --vs-openspiel`) runs on a tiny budget and, without
OpenSpiel, says how to install it. No timed assertion: the figures are for reading."""

from __future__ import annotations

import sys

import pytest
from typer.testing import CliRunner

from tabletop import native
from tabletop.cli.main import app
from tabletop.sim.bench import COMPARE_INSTALL, mode_label, modes

runner = CliRunner()


class TestSideBySideBenchmark:
    def test_every_mode_of_every_game_is_timed(self) -> None:
        labels = {mode_label(name, params) for name, params in modes(wide=True)}
        pl = "paupers-ladder players=1 mode=solo"
        solo = {x for x in labels if x.startswith(pl)}
        assert len(solo) == 12  # 3 scenarios x 4 difficulties
        assert f"{pl} scenario=fiery-siege difficulty=very-hard" in labels
        assert {f"paupers-ladder players={n}" for n in (2, 3, 4)} <= labels
        assert {f"paupers-ladder players={n} mode=survival" for n in (2, 3, 4)} <= labels
        for n in range(2, 8):  # Paper Tales: every player count, with and without the expansion
            assert f"paper-tales players={n}" in labels
            assert f"paper-tales players={n} new_units=true new_buildings=true" in labels or (
                f"paper-tales players={n} new_units=true" in labels
                and f"paper-tales players={n} new_buildings=true" in labels
            )
        assert "paper-tales players=1 mode=solo lich_cards=2" in labels
        assert {"lairs", "lairs pack=true", "lairs mode=intro"} <= labels
        for level in ("easy", "mid", "hard", "very-hard"):
            assert f"lairs mode=solo difficulty={level}" in labels
        # the declared list (what --strength plays) is the registry's, each mode once
        declared = modes()
        assert len(declared) == len({mode_label(n, p) for n, p in declared}) < len(labels)

    def test_runs_on_a_tiny_budget(self) -> None:
        pytest.importorskip("pyspiel")
        result = runner.invoke(
            app, ["bench", "--vs-openspiel", "--seconds", "0.001", "--rounds", "1"]
        )
        assert result.exit_code == 0, result.output
        out = result.output
        assert "python_tic_tac_toe" in out and "gin_rummy" in out
        assert "paupers-ladder players=1 mode=solo scenario=fiery-siege difficulty=very-hard" in out
        assert "paupers-ladder players=4 mode=survival" in out
        assert "paper-tales players=7 new_units=true" in out
        assert "lairs mode=solo pack=true difficulty=very-hard" in out
        assert "1.00x" in out  # tic-tac-toe against itself
        for game in ("paupers-ladder", "paper-tales", "lairs"):
            assert f"slowest {game} mode:" in out
        assert "random_action, templates included" in out  # how the actions are drawn
        assert "tabletop's kernel and rules: " in out  # what was timed
        assert ("compiled" if native.running() == "compiled" else "interpreted") in out

    def test_one_game_only(self) -> None:
        pytest.importorskip("pyspiel")
        result = runner.invoke(
            app, ["bench", "lairs", "--vs-openspiel", "--seconds", "0.001", "--rounds", "1"]
        )
        assert result.exit_code == 0, result.output
        assert "lairs mode=solo difficulty=easy" in result.output
        assert "paupers-ladder players" not in result.output

    def test_without_openspiel_says_how_to_install_it(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
        result = runner.invoke(app, ["bench", "--vs-openspiel", "--seconds", "0.001"])
        assert result.exit_code == 2
        assert COMPARE_INSTALL in result.output
