"""Commands defined once: every command that changes a campaign is one declaration (arguments,
checks, effect, history entry), and the service, the CLI, the JSON routes and the forms are all
derived from it. The game package depends on nothing of the store or the surfaces."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.cli.gloomhaven import app
from tabletop.games.gloomhaven import commands
from tabletop.store.gloomhaven import CampaignService
from tabletop.web.campaigns import COMMANDS as WEB_COMMANDS

GAME_PACKAGE = Path(commands.__file__).parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
    return out


class TestLayering:
    @pytest.mark.parametrize("path", sorted(GAME_PACKAGE.glob("*.py")), ids=lambda p: p.name)
    def test_the_game_package_imports_no_store_and_no_surface(self, path: Path) -> None:
        bad = {
            m
            for m in _imports(path)
            if m.startswith(("tabletop.store", "tabletop.web", "tabletop.cli", "sqlalchemy"))
        }
        assert bad == set()


class TestOneDeclarationPerCommand:
    def test_every_declared_command_is_a_cli_command_and_a_json_route(self) -> None:
        cli = {c.name for c in app.registered_commands}
        for name, cmd in commands.COMMANDS.items():
            assert name in cli
            if cmd.web:
                assert WEB_COMMANDS[name].model is cmd.args
            else:  # a file on the server's disk is no business of a web client
                assert name.startswith("load-") and name not in WEB_COMMANDS

    def test_cli_options_come_from_the_argument_model(self) -> None:
        out = CliRunner().invoke(app, ["new-character", "--help"]).output
        for text in ("--player", "--class", "--level", "Starting level"):
            assert text in out

    def test_the_service_runs_a_declaration_and_records_its_history_entry(
        self, svc: CampaignService
    ) -> None:
        result = svc.do(None, "buy", {"character": "ana", "item": "001"})
        entry = svc.history()[-1]
        assert entry["seq"] == result.seq
        assert entry["command"] == "buy"
        assert entry["arguments"] == {"character": "ana", "item": "001"}
        assert entry["summary"].splitlines() == result.lines

    def test_history_name_of_finish_is_kept(self, svc: CampaignService) -> None:
        svc.travel(None, "lions", "1")
        svc.finish_scenario(None, "lions", True)
        assert svc.history()[-1]["command"] == "finish-scenario"

    def test_a_method_that_is_no_command_is_an_attribute_error(self, svc: CampaignService) -> None:
        with pytest.raises(AttributeError):
            svc.fly_away  # noqa: B018
