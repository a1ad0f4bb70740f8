"""The side-by-side benchmark (`tabletop bench --vs-openspiel`) runs on a tiny budget and, without
OpenSpiel, says how to install it. No timed assertion: the figures are for reading."""

from __future__ import annotations

import sys

import pytest
from typer.testing import CliRunner

from tabletop import native
from tabletop.cli.main import app
from tabletop.sim.bench import COMPARE_INSTALL, paupers_ladder_modes

runner = CliRunner()


class TestSideBySideBenchmark:
    def test_every_paupers_ladder_mode_is_timed(self) -> None:
        modes = paupers_ladder_modes()
        assert {"mode": "standard", "players": 4} in modes
        assert {"mode": "survival", "players": 3} in modes
        solo = {(m["scenario"], m["difficulty"]) for m in modes if m["mode"] == "solo"}
        assert len(solo) == 12  # 3 scenarios x 4 difficulties
        assert ("fiery-siege", "very-hard") in solo

    def test_runs_on_a_tiny_budget(self) -> None:
        pytest.importorskip("pyspiel")
        result = runner.invoke(
            app, ["bench", "--vs-openspiel", "--seconds", "0.001", "--rounds", "1"]
        )
        assert result.exit_code == 0, result.output
        out = result.output
        assert "python_tic_tac_toe" in out and "gin_rummy" in out
        assert "paupers-ladder solo fiery-siege very-hard" in out
        assert "paupers-ladder survival 4p" in out
        assert "1.00x" in out  # tic-tac-toe against itself
        assert "slowest Paupers' Ladder mode:" in out
        assert f"tabletop's kernel and rules: {native.running()}" in out  # what was timed

    def test_without_openspiel_says_how_to_install_it(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
        result = runner.invoke(app, ["bench", "--vs-openspiel", "--seconds", "0.001"])
        assert result.exit_code == 2
        assert COMPARE_INSTALL in result.output
