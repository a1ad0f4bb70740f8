"""Rulebook 'Leveling Up' (one perk box per level) and 'Additional Perks': a perk is one of the
boxes of the class's perk list, never free text; a perk with several boxes may be taken that
often; the pages offer the perks left as a choice, and the CLI names them when it refuses."""

from __future__ import annotations

import shutil

import pytest
from fastapi.testclient import TestClient

from tabletop.games import gloomhaven
from tabletop.games.gloomhaven import data as gdata
from tabletop.games.gloomhaven import rules as ops
from tabletop.games.gloomhaven.data import CharacterClass, game_data
from tabletop.games.gloomhaven.model import Campaign
from tabletop.store.gloomhaven import CampaignService
from tabletop.web.app import create_app

from .conftest import make_campaign
from .test_cli import gh


def with_perks_to_mark(n: int) -> Campaign:
    """Brute0 with ``n`` perks earned by checkmarks, none marked."""
    c = make_campaign()
    ops.character(c, "brute0").checkmarks = 3 * n
    return c


class TestThePerkLists:
    @pytest.mark.parametrize(
        "cls", ["brute", "tinkerer", "spellweaver", "scoundrel", "cragheart", "mindthief"]
    )
    def test_every_starting_class_declares_its_boxes(self, cls: str) -> None:
        sheet = game_data().classes[cls]
        assert sheet.perks and sum(p.boxes for p in sheet.perks) == sheet.perk_boxes == 15

    def test_the_brute_list_as_its_sheet_prints_it(self) -> None:
        perks = {p.text: p.boxes for p in game_data().classes["brute"].perks}
        assert perks["Remove two -1 cards"] == 1
        assert perks["Add two +1 cards"] == 2
        assert perks["Add one rolling STUN card"] == 2
        assert len(perks) == 11

    def test_lint_counts_the_boxes_against_the_sheet(self, tmp_path, monkeypatch) -> None:
        copy = tmp_path / "data"
        shutil.copytree(gdata.DATA, copy)
        text = (copy / "perks.yaml").read_text()
        (copy / "perks.yaml").write_text(
            text.replace('{text: "Add one +3 card"}', '{text: "Add one +3 card", boxes: 2}', 1)
        )
        monkeypatch.setattr(gdata, "DATA", copy)
        try:
            problems = gloomhaven.lint()
        finally:
            gdata.game_data.cache_clear()
        assert any(
            "perks.yaml, entry 'brute': 16 perk boxes, the sheet has 15" in p for p in problems
        )


class TestAdditionalPerks:
    def test_a_perk_not_on_the_list_is_refused_naming_the_list(self) -> None:
        c = with_perks_to_mark(1)
        before = c.dump()
        with pytest.raises(ops.Refused) as exc:
            ops.mark_perk(c, "brute0", "Add one +5 card")
        assert "the Brute has no perk 'Add one +5 card'" in str(exc.value)
        assert "Add two +1 cards" in str(exc.value)
        assert c.dump() == before

    def test_a_perk_with_two_boxes_may_be_taken_twice(self) -> None:
        c = with_perks_to_mark(3)
        ops.mark_perk(c, "brute0", "Add two +1 cards")
        ops.mark_perk(c, "brute0", "add two +1 CARDS")  # any case; recorded as printed
        assert ops.character(c, "brute0").perks == ["Add two +1 cards"] * 2
        with pytest.raises(ops.Refused, match="marked every box of the perk 'Add two \\+1 cards'"):
            ops.mark_perk(c, "brute0", "Add two +1 cards")

    def test_the_start_of_a_perk_names_it_when_no_other_starts_so(self) -> None:
        c = with_perks_to_mark(1)
        with pytest.raises(ops.Refused, match="'add one' names several perks of the Brute"):
            ops.mark_perk(c, "brute0", "add one")
        ops.mark_perk(c, "brute0", "remove two")
        assert ops.character(c, "brute0").perks == ["Remove two -1 cards"]

    def test_a_class_entered_without_its_list_takes_the_text_given(self) -> None:
        c = make_campaign()
        owners = CharacterClass(
            id="sunkeeper",
            name="Sunkeeper",
            race="Valrath",
            hand_size=11,
            hp=[10, 12, 14, 16, 18, 20, 22, 24, 26],
            perk_boxes=15,
            starting_pool=14,
            source="owner",
        )
        ops.load_classes(c, {"sunkeeper": owners})
        ops.unlock_class_command(c, "sunkeeper")
        ops.create_character(c, "lions", "Sol", "sol", "sunkeeper")
        ops.character(c, "sol").checkmarks = 3
        ops.mark_perk(c, "sol", "Add two rolling LIGHT cards")
        assert ops.character(c, "sol").perks == ["Add two rolling LIGHT cards"]

    def test_perks_typed_before_the_lists_still_fill_their_boxes(self) -> None:
        """Ruling P2: a campaign saved when perks were free text keeps them; each fills a box."""
        c = with_perks_to_mark(1)
        ch = ops.character(c, "brute0")
        ch.perks = [f"typed {n}" for n in range(14)]
        ch.bonus_perks = 14
        ops.mark_perk(c, "brute0", "Add one +3 card")  # the fifteenth box
        ch.bonus_perks += 1
        with pytest.raises(ops.Refused, match="no perk boxes left \\(15 on the Brute sheet\\)"):
            ops.mark_perk(c, "brute0", "Add two +1 cards")


class TestLevelingUp:
    def test_the_level_up_perk_is_one_of_the_list(self) -> None:
        c = make_campaign()
        ops.character(c, "brute0").xp = 45
        with pytest.raises(ops.Refused, match="the Brute has no perk 'more damage'"):
            ops.level_up(c, "brute0", "Juggernaut", None, "more damage")
        ops.level_up(c, "brute0", "Juggernaut", None, "Add one rolling STUN card")
        assert ops.character(c, "brute0").perks == ["Add one rolling STUN card"]


CID = "our-saga"


@pytest.fixture
def web_svc(db_url: str) -> tuple[TestClient, CampaignService]:
    svc = CampaignService(db_url)
    svc.create_campaign("Our Saga", seed=42)
    svc.create_party(CID, "Lions")
    svc.create_character(CID, "lions", "Ana", "alice", "brute")
    svc.keep_quest(CID, "ana", svc.get(CID).characters["ana"].quest_offer[0])
    return TestClient(create_app(db_url, bot_delay=0)), svc


@pytest.fixture
def db_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'perks.db'}"


def _form(html: str, form_id: str) -> str:
    return html.split(f'id="{form_id}"', 1)[1].split("</form>", 1)[0]


class TestPerksOnThePages:
    def test_the_level_up_form_offers_the_perks_left(
        self, web_svc: tuple[TestClient, CampaignService]
    ) -> None:
        client, _ = web_svc
        html = client.get(f"/campaigns/{CID}/characters/ana").text
        level_up = _form(html, "level-up")
        assert '<select name="perk">' in level_up
        assert '<option value="Add two +1 cards">Add two +1 cards (0 of 2 marked)</option>' in (
            level_up
        )
        assert '<option value="Add one +3 card">Add one +3 card</option>' in level_up
        assert '<input type="text" name="perk"' not in level_up

    def test_marking_through_the_form_and_the_sheet_shows_the_boxes(
        self, web_svc: tuple[TestClient, CampaignService]
    ) -> None:
        client, svc = web_svc
        svc.travel(CID, "lions", "1")
        svc.finish_scenario(CID, "lions", True, checkmarks={"ana": 3})  # one perk earned
        svc.return_to_town(CID, "lions")
        html = client.get(f"/campaigns/{CID}/characters/ana").text
        mark = _form(html, "mark-perk")
        assert '<select name="perk">' in mark and "Add two +1 cards (0 of 2 marked)" in mark
        r = client.post(
            f"/campaigns/{CID}/do/mark-perk",
            data={"page": "character:ana", "character": "ana", "perk": "Add two +1 cards"},
            follow_redirects=True,
        )
        assert r.status_code == 200
        assert svc.get(CID).characters["ana"].perks == ["Add two +1 cards"]
        perk_list = r.text.split('id="perk-list"', 1)[1].split("</ul>", 1)[0]
        assert "☑☐</span> Add two +1 cards" in perk_list
        assert 'id="mark-perk"' not in r.text  # no perk left to mark


class TestPerksInTheTerminal:
    def test_a_refused_perk_names_those_left(self, tmp_path) -> None:
        url = f"sqlite:///{tmp_path / 'cli.db'}"
        gh(url, "new-campaign", "Saga")
        gh(url, "new-party", "Lions")
        gh(url, "new-character", "lions", "Ana", "--player", "alice", "--class", "brute")
        svc = CampaignService(url)
        svc.keep_quest(None, "ana", svc.get().characters["ana"].quest_offer[0])
        svc.travel(None, "lions", "1")
        svc.finish_scenario(None, "lions", True, checkmarks={"ana": 3})
        svc.return_to_town(None, "lions")
        code, out = gh(url, "mark-perk", "ana", "more gold")
        assert code == 2 and "the Brute has no perk 'more gold'" in out
        code, out = gh(url, "character", "ana")
        assert "perks to choose │ Remove two -1 cards;" in out
        code, out = gh(url, "mark-perk", "ana", "Add one +3 card")
        assert code == 0 and "Ana marks perk 'Add one +3 card'" in out
