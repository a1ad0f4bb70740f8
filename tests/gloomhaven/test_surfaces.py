"""The surfaces render the rules' numbers and compute none: for the campaign the earlier code saved
(``saved/``), the CLI's tables, the web pages and the JSON API show exactly the numbers that code
computed (its view, kept in ``saved/our-saga.view.json``), section by section of the rulebook."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import tabletop
from tabletop.cli.gloomhaven import app
from tabletop.games.gloomhaven import rules, views
from tabletop.store.gloomhaven import CampaignService
from tabletop.web.app import create_app

SAVED = Path(__file__).parent / "saved"
CID = "our-saga"
BEFORE: dict[str, Any] = json.loads((SAVED / "our-saga.view.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> str:
    db = f"sqlite:///{tmp_path_factory.mktemp('surfaces') / 'saved.db'}"
    export = json.loads((SAVED / "our-saga.export.json").read_text(encoding="utf-8"))
    CampaignService(db).import_campaign(export)
    return db


@pytest.fixture(scope="module")
def web(url: str) -> Iterator[TestClient]:
    with TestClient(create_app(url, bot_delay=0)) as client:
        yield client


def cli(url: str, *args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--db", url], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def table_rows(output: str) -> dict[str, list[str]]:
    """A rich table's rows by their first cell."""
    rows = {}
    for line in output.splitlines():
        cells = [c.strip() for c in line.strip().strip("│┃").split("│")]
        if len(cells) > 1 and cells[0]:
            rows[cells[0]] = cells[1:]
    return rows


def page(web: TestClient, path: str) -> str:
    response = web.get(f"/campaigns/{CID}{path}")
    assert response.status_code == 200
    return unescape(response.text)


@pytest.fixture
def fresh_url(tmp_path: Path) -> str:
    """The saved campaign in a database of its own, for a test that changes it."""
    db = f"sqlite:///{tmp_path / 'fresh.db'}"
    export = json.loads((SAVED / "our-saga.export.json").read_text(encoding="utf-8"))
    CampaignService(db).import_campaign(export)
    return db


class TestCreatingNewCharacters:
    def test_the_form_offers_the_unlocked_classes(self, web: TestClient) -> None:
        form = page(web, "").split('id="new-character"', 1)[1].split("</form>", 1)[0]
        offered = re.findall(r'<option value="(\w+)">', form.split('name="class_id"', 1)[1])
        assert offered[:6] == BEFORE["city"]["unlocked_classes"]

    def test_a_new_character_starts_with_the_rules_gold_and_xp(self, fresh_url: str) -> None:
        out = cli(
            fresh_url,
            "new-character",
            "wolves",
            "Fay",
            "--player",
            "fay",
            "--class",
            "cragheart",
            "--level",
            "3",
        )
        gold, xp = rules.starting_gold(3), rules.xp_minimum(3)
        assert (gold, xp) == (60, 95)
        assert f"Fay the Cragheart (fay) joins 'Wolves': {gold} gold, {xp} XP" in out
        rows = table_rows(out)
        assert rows["gold"] == [str(gold)] and rows["level"] == ["1 (levels due: 2)"]


class TestCompletingCityEvents:
    @pytest.mark.parametrize("pid", ["lions", "wolves"])
    def test_the_event_in_hand_reads_as_before(self, url: str, web: TestClient, pid: str) -> None:
        event = BEFORE["parties"][pid]["event"]
        out = cli(url, "party", pid)
        assert f"City event {event['number']}: {event['intro']}" in out
        html = page(web, f"/parties/{pid}")
        assert f"<h2>City event {event['number']}</h2>" in html and event["intro"] in html
        for label, text in event["choices"].items():
            assert f"  {label}: {text}" in out and f"<b>{label}:</b> {text}" in html
        assert web.get(f"/api/campaigns/{CID}").json()["parties"][pid]["event"] == event


class TestTravelingAndRoadEvents:
    def test_the_travel_form_offers_the_unlocked_scenarios(self, fresh_url: str) -> None:
        CampaignService(fresh_url).choose(CID, "lions", "A")  # the city event out of hand
        with TestClient(create_app(fresh_url, bot_delay=0)) as client:
            form = page(client, "/parties/lions").split('id="travel"', 1)[1].split("</form>")[0]
        assert re.findall(r'<option value="(\d+)"[^>]*>([^<]*)</option>', form) == [
            ("1", "#1 Black Barrow (completed)"),
            ("2", "#2 Barrow Lair"),
        ]


class TestReputation:
    """The price modifier written beside the party's reputation track."""

    @pytest.mark.parametrize("pid", ["lions", "wolves"])
    def test_every_surface_shows_the_modifier_the_rules_give(
        self, url: str, web: TestClient, pid: str
    ) -> None:
        before = BEFORE["parties"][pid]
        rep, mod = before["reputation"], before["price_modifier"]
        assert rules.price_modifier(rep) == mod
        assert table_rows(cli(url, "party", pid))["reputation"] == [f"{rep} (shop price {mod:+d})"]
        assert f"reputation {rep} (shop prices {mod:+d})" in page(web, f"/parties/{pid}")
        assert f"Reputation {rep}: every price {mod:+d} gold." in page(web, f"/shop?party={pid}")
        assert web.get(f"/api/campaigns/{CID}").json()["parties"][pid]["price_modifier"] == mod


class TestBuyingAndSellingItems:
    """Prices by reputation, half the printed price back, copies left for the party."""

    @pytest.mark.parametrize("pid", ["lions", "wolves"])
    def test_the_cli_shop_shows_the_rows_as_before(self, url: str, pid: str) -> None:
        rows = table_rows(cli(url, "shop", pid))
        for row in BEFORE["parties"][pid]["shop"]:
            if row["name"] is None:
                assert rows[row["id"]][0] == "(card not entered)"
                continue
            keys = ("slot", "cost", "price", "sell", "available", "copies")
            shown = dict(zip(("name", *keys), rows[row["id"]], strict=False))
            assert shown["name"] == row["name"]
            assert [shown[k] for k in keys] == [str(row[k]) for k in keys]

    @pytest.mark.parametrize("pid", ["lions", "wolves"])
    def test_the_shop_page_shows_the_prices_and_copies_as_before(
        self, web: TestClient, pid: str
    ) -> None:
        html = page(web, f"/shop?party={pid}")
        for row in BEFORE["parties"][pid]["shop"]:
            if row["name"] is None:
                continue
            cells = html.split(f'data-item="{row["id"]}"', 1)[1].split("</tr>", 1)[0]
            assert f"<b>{row['price']}</b> g" in cells
            assert f"{row['available']} of {row['copies']}" in cells

    def test_sale_prices_on_the_page_are_half_the_cost(self, web: TestClient) -> None:
        html = page(web, "/shop?party=wolves")
        hide_armor = next(r for r in BEFORE["parties"]["wolves"]["shop"] if r["id"] == "003")
        assert hide_armor["sell"] == rules.sell_price(hide_armor["cost"]) == 5
        assert f"Sell for {hide_armor['sell']} g" in html  # Dax owns one


class TestLevelingUp:
    """The experience table and what a level gives: hit points, the next threshold."""

    @pytest.mark.parametrize("cid", ["ana", "bo", "cy", "dax", "eve"])
    def test_every_surface_shows_the_sheet_as_before(
        self, url: str, web: TestClient, cid: str
    ) -> None:
        ch = BEFORE["characters"][cid]
        rows = table_rows(cli(url, "character", cid))
        assert rows["level"] == [f"{ch['level']} (levels due: {ch['levelups_due']})"]
        assert rows["xp"] == [f"{ch['xp']} / next level at {ch['next_level_xp']}"]
        assert rows["hp / hand size"] == [f"{ch['hp']} / {ch['hand_size']}"]
        assert rows["perks"][0].startswith(f"{len(ch['perks'])} marked of {ch['perks_earned']}")
        sheet = page(web, f"/characters/{cid}")
        assert f"Hit points</dt><dd>{ch['hp']}" in sheet
        assert f"(next level at {ch['next_level_xp']})" in sheet
        assert f"card pool {ch['card_pool_size']}" in sheet


class TestGloomhavenProsperity:
    """The track, its level, the next threshold, and the levels a new character may start at."""

    def test_the_city_as_before(self, url: str, web: TestClient) -> None:
        city = BEFORE["city"]
        level, marks = city["prosperity_level"], city["prosperity"]
        assert table_rows(cli(url, "show"))["prosperity"] == [f"{marks} checkmarks, level {level}"]
        html = page(web, "")
        next_at = rules.prosperity_minimum(level + 1)
        assert f"<b>level {level}</b> · {marks} checkmarks (level {level + 1} at {next_at})" in html

    def test_new_characters_start_at_most_at_the_prosperity_level(self, web: TestClient) -> None:
        form = page(web, "").split('id="new-character"', 1)[1].split("</form>", 1)[0]
        levels = re.findall(r'<option value="(\d)"', form.split('name="level"', 1)[1])
        assert levels == [str(n) for n in range(1, BEFORE["city"]["prosperity_level"] + 1)]


class TestScenarioScaling:
    """Rulebook example: levels 6, 4, 4 and 3 give scenario level 3."""

    def test_the_cli_prints_the_rules_level_and_row(self, url: str) -> None:
        out = cli(url, "scenario-level", "6", "4", "4", "3").splitlines()
        row = views.scenario_scaling([6, 4, 4, 3])
        assert out[-1] == "3" == str(row["level"])
        assert out[0] == "monster level 3, gold per coin 3, trap damage 5, bonus XP 10"


class TestEnhancingAbilityCards:
    """Rulebook example: +1 attack on a multi-target level 3 action, 150; then an attack hex on
    the same action (3 hexes), 191."""

    @pytest.mark.parametrize(
        ("args", "cost", "words"),
        [
            (
                ["attack", "--card-level", "3", "--multi-target"],
                150,
                "attack: base 50 x2 multi-target + card level 3, + 0 earlier on the action",
            ),
            (
                ["attack-hex", "--card-level", "3", "--hexes", "3", "--previous", "1"],
                191,
                "attack-hex: base 200 / 3 hexes + card level 3, + 1 earlier on the action",
            ),
        ],
    )
    def test_the_cli_prints_the_rules_cost(
        self, url: str, args: list[str], cost: int, words: str
    ) -> None:
        out = cli(url, "enhancement-cost", *args).splitlines()
        assert out == [words, str(cost)]

    def test_the_quote_page_and_the_api_give_the_same_cost(self, web: TestClient) -> None:
        # Cy (Tinkerer, level 3): attack on Crank Bow, a level 3 card: 50 + 50 for the level
        html = page(web, "/characters/cy/enhance?card=Crank+Bow&sticker=attack&action=top")
        assert '<b id="quote-cost">100</b>' in html
        assert "Cy has 57 gold; this enhancement costs 100" in html
        params = {"character": "cy", "card": "Crank Bow", "card_level": 3, "sticker": "attack"}
        quote = web.get(f"/api/campaigns/{CID}/enhancement-quote", params=params).json()
        assert quote == {
            "cost": 100,
            "previous": 0,
            "allowed": False,
            "refusal": "Cy has 57 gold; this enhancement costs 100",
        }


class TestDonatingToTheSanctuary:
    def test_the_page_disables_a_donation_the_rules_refuse(self, web: TestClient) -> None:
        sheet = page(web, "/characters/ana")  # Ana has 8 gold
        form = sheet.split('id="donate"', 1)[1].split("</form>", 1)[0]
        assert "disabled" in form and "Ana has 8 gold; a donation is 10" in form
        assert "disabled" not in page(web, "/characters/cy").split('id="donate"', 1)[1][:600]


def _imported(path: Path) -> set[str]:
    """The modules a file imports, its relative imports resolved against its package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(SRC).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(x for x in (base, node.module or "") if x)
            out |= {module} | {f"{module}.{a.name}" for a in node.names}
    return out


SRC = Path(tabletop.__file__).parent.parent
SURFACES = [
    SRC / "tabletop" / "cli" / "gloomhaven.py",
    *sorted((SRC / "tabletop" / "web").rglob("*.py")),
]


class TestTheSurfacesComputeNoRule:
    @pytest.mark.parametrize("path", SURFACES, ids=lambda p: str(p.relative_to(SRC)))
    def test_cli_and_web_read_the_views_and_run_the_commands_only(self, path: Path) -> None:
        game = "tabletop.games.gloomhaven."
        reached = {m for m in _imported(path) if m.startswith(game)}
        allowed = ("commands", "views", "model")
        assert {m for m in reached if m[len(game) :].split(".")[0] not in allowed} == set()

    def test_the_rules_import_no_store_and_no_surface(self) -> None:
        for path in (SRC / "tabletop" / "games" / "gloomhaven").rglob("*.py"):
            bad = {m for m in _imported(path) if m.startswith(("tabletop.store", "tabletop.web"))}
            assert bad | {m for m in _imported(path) if m.startswith("tabletop.cli")} == set()
