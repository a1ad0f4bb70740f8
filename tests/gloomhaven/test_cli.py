"""`tabletop gloomhaven ...` through typer's CliRunner on a temporary SQLite database."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tabletop.cli.gloomhaven import app
from tabletop.cli.main import app as main_app
from tabletop.store.gloomhaven import CampaignService

runner = CliRunner()


def gh(url: str, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, [*args, "--db", url], catch_exceptions=False)
    return result.exit_code, result.output


@pytest.fixture
def cli_url(tmp_path) -> str:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    assert gh(url, "new-campaign", "Saga", "--seed", "9")[0] == 0
    assert gh(url, "new-party", "Lions")[0] == 0
    code, out = gh(url, "new-character", "lions", "Ana", "--player", "alice", "--class", "brute")
    assert code == 0, out
    offer = CampaignService(url).get().characters["ana"].quest_offer
    assert gh(url, "keep-quest", "ana", offer[0])[0] == 0
    return url


class TestEnhancementCostCommand:
    @pytest.mark.parametrize(
        ("args", "cost"),
        [
            (["attack", "--card-level", "3", "--multi-target"], "150"),
            (["attack-hex", "--card-level", "3", "--hexes", "3", "--previous", "1"], "191"),
            (["move", "--card-level", "1"], "30"),
            (["retaliate", "--card-level", "2", "--previous", "2"], "275"),
        ],
    )
    def test_cost_alone_on_last_line(self, args: list[str], cost: str) -> None:
        result = runner.invoke(app, ["enhancement-cost", *args])
        assert result.exit_code == 0
        assert result.output.strip().splitlines()[-1] == cost

    def test_unknown_sticker(self) -> None:
        result = runner.invoke(app, ["enhancement-cost", "lasers", "--card-level", "1"])
        assert result.exit_code == 2 and "unknown enhancement sticker" in result.output

    def test_attack_hex_needs_hexes(self) -> None:
        result = runner.invoke(app, ["enhancement-cost", "attack-hex", "--card-level", "1"])
        assert result.exit_code == 2 and "number of hexes" in result.output


class TestTownCommands:
    def test_buy_prints_the_sheet(self, cli_url: str) -> None:
        code, out = gh(cli_url, "buy", "ana", "1")
        assert code == 0
        assert "Boots of Striding" in out and "gold" in out and "10" in out

    def test_refusal_exits_2_and_changes_nothing(self, cli_url: str) -> None:
        doc = CampaignService(cli_url).document()
        code, out = gh(cli_url, "buy", "ana", "999")
        assert code == 2 and "unknown item '999'" in out
        assert CampaignService(cli_url).document() == doc

    def test_shop_shows_prices(self, cli_url: str) -> None:
        code, out = gh(cli_url, "shop", "lions")
        assert code == 0 and "Minor Power Potion" in out

    def test_donate_and_second_donation(self, cli_url: str) -> None:
        assert gh(cli_url, "donate", "ana")[0] == 0
        code, out = gh(cli_url, "donate", "ana")
        assert code == 2 and "already donated" in out

    def test_travel_event_finish_return_history_undo(self, cli_url: str) -> None:
        code, out = gh(cli_url, "travel", "lions", "1")
        assert code == 0 and "arrives at scenario 1" in out
        code, out = gh(
            cli_url,
            "finish",
            "lions",
            "--success",
            "--xp",
            "ana=5",
            "--coins",
            "ana=2",
            "--checkmarks",
            "ana=1",
        )
        assert code == 0 and "completes" in out
        assert gh(cli_url, "return", "lions")[0] == 0
        code, out = gh(cli_url, "travel", "lions", "2")
        assert code == 0 and "Road event" in out
        code, out = gh(cli_url, "choose", "lions", "A")
        assert code == 0 and "arrives at scenario 2" in out
        code, out = gh(cli_url, "history")
        assert code == 0 and "finish-scenario" in out
        assert gh(cli_url, "undo")[0] == 0
        assert CampaignService(cli_url).get().parties["lions"].status == "traveling"

    def test_export_import(self, cli_url: str, tmp_path) -> None:
        path = tmp_path / "saga.json"
        assert gh(cli_url, "export", str(path))[0] == 0
        assert json.loads(path.read_text())["campaign"]["name"] == "Saga"
        code, out = gh(cli_url, "import", str(path))
        assert code == 2 and "--replace" in out
        code, out = gh(cli_url, "import", str(path), "--replace")
        assert code == 0
        code, out = gh(cli_url, "backups")
        assert "before import" in out

    def test_load_events_file(self, cli_url: str, tmp_path) -> None:
        path = tmp_path / "my_events.yaml"
        path.write_text(
            "events:\n"
            "  - id: road-66\n    deck: road\n    number: 66\n    source: owner\n"
            "    intro: x\n    options:\n"
            "      - {label: A, text: a, outcomes: [{text: t, effects: [{effect: none}]}]}\n"
            "      - {label: B, text: b, outcomes: [{text: t, effects: [{effect: none}]}]}\n"
        )
        code, out = gh(cli_url, "load-events", str(path))
        assert code == 0, out
        assert "road-66" in CampaignService(cli_url).get().catalog.events

    def test_load_events_bad_file_is_refused(self, cli_url: str, tmp_path) -> None:
        path = tmp_path / "bad.yaml"
        path.write_text("events:\n  - id: x\n    deck: sea\n")
        code, out = gh(cli_url, "load-events", str(path))
        assert code == 2 and "bad.yaml" in out

    def test_show(self, cli_url: str) -> None:
        code, out = gh(cli_url, "show")
        assert code == 0 and "Ana" in out and "prosperity" in out

    def test_scenario_level(self) -> None:
        result = runner.invoke(app, ["scenario-level", "6", "4", "4", "3"])
        assert result.output.strip().splitlines()[-1] == "3"


class TestMountedUnderTabletop:
    def test_tabletop_gloomhaven_enhancement_cost(self) -> None:
        result = runner.invoke(
            main_app,
            ["gloomhaven", "enhancement-cost", "attack", "--card-level", "3", "--multi-target"],
        )
        assert result.exit_code == 0, result.output
        assert result.output.strip().splitlines()[-1] == "150"

    def test_lint_content_calls_our_lint(self) -> None:
        result = runner.invoke(main_app, ["lint-content", "gloomhaven"])
        assert result.exit_code == 0 and "gloomhaven: ok" in result.output


class TestImportOfBadFiles:
    """Defect: a binary file or an export with non-object history rows ended in a traceback."""

    @pytest.mark.parametrize(
        ("content", "says"),
        [
            (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "not a JSON text file"),
            ('{"format": "caf\u00e9"}'.encode("latin-1"), "not a JSON text file"),
            (b"[" * 200_000 + b"]" * 200_000, "saga.json"),
            (b"{not json", "is not valid JSON"),
            (b"[1, 2]", "not a Tabletop Gloomhaven campaign export"),
        ],
    )
    def test_refused_with_one_line_and_nothing_changes(
        self, cli_url: str, tmp_path, content: bytes, says: str
    ) -> None:
        path = tmp_path / "saga.json"
        path.write_bytes(content)
        doc = CampaignService(cli_url).document()
        code, out = gh(cli_url, "import", str(path), "--replace")
        said = " ".join(out.split())  # the console wraps long temporary paths
        assert code == 2 and says in said and "Traceback" not in out
        assert CampaignService(cli_url).document() == doc

    def test_history_rows_not_objects(self, cli_url: str, tmp_path) -> None:
        path = tmp_path / "saga.json"
        assert gh(cli_url, "export", str(path))[0] == 0
        data = json.loads(path.read_text())
        data["history"] = [1, 2]
        path.write_text(json.dumps(data))
        doc = CampaignService(cli_url).document()
        code, out = gh(cli_url, "import", str(path), "--replace")
        assert code == 2 and "history[0]" in out
        assert CampaignService(cli_url).document() == doc


class TestLoadingOwnersFiles:
    @pytest.mark.parametrize("command", ["load-items", "load-classes", "load-events"])
    def test_a_binary_file_is_refused_with_its_name(
        self, cli_url: str, tmp_path, command: str
    ) -> None:
        path = tmp_path / "cards.yaml"
        path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
        doc = CampaignService(cli_url).document()
        code, out = gh(cli_url, command, str(path))
        assert code == 2 and "cards.yaml" in out and "not a text file" in out
        assert CampaignService(cli_url).document() == doc
