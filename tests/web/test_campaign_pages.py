"""Gloomhaven campaign pages and their JSON API (TestClient).

Every refusal test compares the stored campaign (``CampaignService.export``: the document and its
history) before and after, so a refused form or API call provably changes nothing.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.games.gloomhaven import rules as ops
from tabletop.games.gloomhaven.commands import COMMANDS as DECLARED
from tabletop.store.gloomhaven import CampaignService
from tabletop.web.campaigns import COMMANDS

CID = "our-saga"
BASE = f"/campaigns/{CID}"


def stored(svc: CampaignService) -> dict[str, Any]:
    """The campaign as stored, without the export's own timestamp."""
    out = svc.export(CID)
    out.pop("exported")
    return out


@pytest.fixture
def svc(client: TestClient, db_url: str) -> CampaignService:
    """Campaign 'Our Saga' (seed 42): party Lions in Gloomhaven with Ana (Brute, alice) and Bo
    (Spellweaver, bob), both with a personal quest kept and 30 gold."""
    s = CampaignService(db_url)
    s.create_campaign("Our Saga", seed=42)
    s.create_party(CID, "Lions")
    for name, player, cls in (("Ana", "alice", "brute"), ("Bo", "bob", "spellweaver")):
        s.create_character(CID, "lions", name, player, cls)
        offer = s.get(CID).characters[name.lower()].quest_offer
        s.keep_quest(CID, name, offer[0])
    return s


def post(client: TestClient, command: str, page: str, **fields: Any) -> Any:
    data = {"page": page, **{k: str(v) for k, v in fields.items()}}
    return client.post(f"{BASE}/do/{command}", data=data, follow_redirects=True)


def txt(response: Any) -> str:
    """The page with HTML entities decoded (apostrophes, arrows), so assertions read naturally."""
    return unescape(response.text)


def refusal(html: str) -> str:
    m = re.search(r'id="refusal"><b>Refused — nothing was changed.</b> (.*?)</p>', html, re.S)
    assert m, "no refusal message on the page"
    return m.group(1)


class TestNavigation:
    def test_lobby_links_to_gloomhaven_campaigns(self, client: TestClient) -> None:
        html = txt(client.get("/"))
        assert 'id="gloomhaven-entry"' in html
        assert '<a href="/campaigns">Gloomhaven campaigns</a>' in html

    def test_unknown_campaign_is_404(self, client: TestClient) -> None:
        r = client.get("/campaigns/nope")
        assert r.status_code == 404
        assert "no Gloomhaven campaign 'nope'" in txt(r)
        assert client.get("/api/campaigns/nope").json()["code"] == "not-found"

    def test_unknown_party_and_character_are_404(self, client: TestClient, svc: Any) -> None:
        assert client.get(f"{BASE}/parties/wolves").status_code == 404
        assert client.get(f"{BASE}/characters/zed").status_code == 404


class TestCampaignList:
    def test_found_a_campaign_through_the_form(self, client: TestClient, db_url: str) -> None:
        assert "No campaign yet" in txt(client.get("/campaigns"))
        r = client.post("/campaigns", data={"name": "Our Saga", "seed": "42"})
        assert r.status_code == 200
        assert str(r.url).endswith(BASE)
        assert "<h1>Our Saga</h1>" in txt(r)
        listed = txt(client.get("/campaigns"))
        assert f'<a href="{BASE}">Our Saga</a>' in listed
        assert [c["id"] for c in CampaignService(db_url).campaigns()] == [CID]

    def test_a_second_campaign_of_the_same_name_is_refused(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        before = stored(svc)
        r = client.post("/campaigns", data={"name": "Our Saga", "seed": "1"})
        assert r.status_code == 409
        assert "a campaign 'our-saga' already exists" in refusal(txt(r))
        assert stored(svc) == before
        assert len(svc.campaigns()) == 1

    def test_a_name_is_required(self, client: TestClient, db_url: str) -> None:
        r = client.post("/campaigns", data={"name": "", "seed": "0"})
        assert r.status_code == 422
        assert "name: please fill this in" in refusal(txt(r))
        assert CampaignService(db_url).campaigns() == []


class TestCampaignPage:
    def test_city_parties_and_characters(self, client: TestClient, svc: CampaignService) -> None:
        html = txt(client.get(BASE))
        city = html[html.index('id="city"') : html.index('id="parties"')]
        assert "<b>level 1</b> · 0 checkmarks (level 2 at 4)" in city
        assert "Sanctuary donations</dt><dd>0 gold" in city
        for name in ("Brute", "Tinkerer", "Spellweaver", "Scoundrel", "Cragheart", "Mindthief"):
            assert f'<span class="chip">{name}</span>' in city
        assert "#1 Black Barrow" in city
        parties = html[html.index('id="parties"') : html.index('id="characters"')]
        assert "<b>Lions</b>" in parties and "in Gloomhaven" in parties
        assert f'<a href="{BASE}/characters/ana">Ana</a>' in parties
        chars = html[html.index('id="characters"') :]
        assert re.search(
            r"<b>Ana</b>.*?Brute</td><td>1</td><td>0</td><td>30</td><td>10</td>", chars, re.S
        )
        assert re.search(
            r"<b>Bo</b>.*?Spellweaver</td><td>1</td><td>0</td><td>30</td><td>6</td>", chars, re.S
        )

    def test_form_a_party_and_create_a_character_who_keeps_a_quest(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        r = post(client, "new-party", "campaign", name="Wolves")
        assert r.status_code == 200
        assert "party 'Wolves' formed in Gloomhaven with reputation 0" in txt(r)
        r = post(
            client,
            "new-character",
            "campaign",
            party="wolves",
            name="Cy",
            player="carol",
            class_id="tinkerer",
            level=1,
        )
        assert r.status_code == 200
        offer = svc.get(CID).characters["cy"].quest_offer
        assert len(offer) == 2
        page = txt(client.get(f"{BASE}/characters/cy"))
        assert 'id="keep-quest"' in page
        for qid in offer:
            assert f'name="quest" value="{qid}"' in page
        r = post(client, "keep-quest", "character:cy", character="cy", quest=offer[1])
        assert r.status_code == 200
        kept = ops.quests(svc.get(CID))[offer[1]].name
        assert "Cy keeps personal quest" in txt(r) and kept in txt(r)
        assert svc.get(CID).characters["cy"].personal_quest == offer[1]
        assert 'id="keep-quest"' not in txt(r)

    def test_character_sheet(self, client: TestClient, svc: CampaignService) -> None:
        svc.buy(CID, "ana", "003")
        html = txt(client.get(f"{BASE}/characters/ana"))
        sheet = html[html.index('id="sheet"') :]
        assert "Ana — Brute" in sheet and "played by alice" in sheet
        assert '<b id="gold">20</b>' in sheet
        assert "003 Hide Armor" in sheet
        assert '0 XP <small class="muted">(next level at 45)' in sheet
        assert "Hit points</dt><dd>10" in sheet
        quest = svc.get(CID).characters["ana"].personal_quest
        assert quest is not None
        assert ops.quests(svc.get(CID))[quest].name in sheet


class TestShop:
    def test_prices_follow_the_chosen_partys_reputation(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        svc.create_party(CID, "Wolves")
        svc.adjust(CID, "reputation", 3, "lions")  # reputation 3 to 6: every price -1
        lions = txt(client.get(f"{BASE}/shop?party=lions"))
        assert "Reputation 3: every price -1 gold" in lions
        row = lions[lions.index('data-item="001"') :]
        assert "<b>Boots of Striding</b>" in row
        assert '<b>19</b> g <small class="muted">(cost 20)</small>' in row
        assert "2 of 2" in row
        wolves = txt(client.get(f"{BASE}/shop?party=wolves"))
        assert "Reputation 0: every price +0 gold" in wolves
        assert "<b>20</b> g</td>" in wolves[wolves.index('data-item="001"') :]

    def test_buy_and_sell_through_the_forms(self, client: TestClient, svc: CampaignService) -> None:
        r = post(client, "buy", "shop:lions", character="ana", item="001")
        assert r.status_code == 200
        assert "/shop?party=lions&done=" in str(r.url)
        assert "Ana buys 001 Boots of Striding for 20 gold (10 left)" in txt(r)
        row = txt(r)[txt(r).index('data-item="001"') :]
        assert "1 of 2" in row
        assert svc.get(CID).characters["ana"].items == ["001"]
        r = post(client, "sell", "shop:lions", character="ana", item="001")
        assert "Ana sells Boots of Striding for 10 gold" in txt(r)
        ana = svc.get(CID).characters["ana"]
        assert (ana.items, ana.gold) == ([], 20)


class TestRefusalsChangeNothing:
    """Each refused form re-renders its page with the reason (HTTP 409) and the stored campaign
    (document and history) is exactly as before; the JSON variant answers 409 too."""

    def check(
        self,
        client: TestClient,
        svc: CampaignService,
        command: str,
        page: str,
        message: str,
        **fields: Any,
    ) -> None:
        before = stored(svc)
        r = post(client, command, page, **fields)
        assert r.status_code == 409
        assert message in refusal(txt(r))
        assert stored(svc) == before
        r = client.post(f"/api/campaigns/{CID}/{command}", json=fields)
        assert r.status_code == 409
        assert r.json()["code"] == "refused"
        assert message in r.json()["detail"]
        assert stored(svc) == before

    def test_not_enough_gold(self, client: TestClient, svc: CampaignService) -> None:
        svc.buy(CID, "ana", "001")  # 10 gold left
        self.check(
            client,
            svc,
            "buy",
            "shop:lions",
            "Ana has 10 gold; War Hammer costs 30",
            character="ana",
            item="010",
        )

    def test_duplicate_item(self, client: TestClient, svc: CampaignService) -> None:
        svc.buy(CID, "ana", "003")
        self.check(
            client,
            svc,
            "buy",
            "shop:lions",
            "Ana already owns Hide Armor: no character may own duplicates",
            character="ana",
            item="003",
        )

    def test_second_donation_in_one_visit(self, client: TestClient, svc: CampaignService) -> None:
        post(client, "donate", "character:ana", character="ana")
        assert svc.get(CID).city.donations == 10
        self.check(
            client,
            svc,
            "donate",
            "character:ana",
            "Ana already donated during this visit to Gloomhaven",
            character="ana",
        )

    def test_enhancement_over_the_prosperity_limit(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        svc.adjust(CID, "global-achievement", 1, None, "The Power of Enhancement")
        svc.enhance(CID, "ana", "Trample", 1, "top", "move")  # prosperity 1: one card at most
        self.check(
            client,
            svc,
            "enhance",
            "enhance:ana",
            "the Brute already has 1 enhanced cards: at most the prosperity level (1)",
            character="ana",
            card="Skewer",
            card_level=1,
            action="top",
            sticker="move",
        )

    def test_level_up_with_too_little_xp(self, client: TestClient, svc: CampaignService) -> None:
        self.check(
            client,
            svc,
            "level-up",
            "character:ana",
            "Ana cannot level up: needs 45 XP, has 0",
            character="ana",
            card="Juggernaut",
            card_level=2,
            perk="Remove two -1 cards",
        )

    def test_malformed_form_is_422_and_changes_nothing(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        before = stored(svc)
        r = post(client, "level-up", "character:ana", character="ana", card_level="two")
        assert r.status_code == 422
        text = refusal(txt(r))
        assert "card: please fill this in" in text and "card_level" in text
        r = client.post(f"/api/campaigns/{CID}/level-up", json={"character": "ana"})
        assert r.status_code == 422 and r.json()["code"] == "malformed"
        assert stored(svc) == before


class TestEnhancementQuote:
    def test_the_cost_is_shown_before_confirming(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        svc.adjust(CID, "global-achievement", 1, None, "The Power of Enhancement")
        before = stored(svc)
        q = "card=Trample&card_level=1&action=top&sticker=move"
        html = txt(client.get(f"{BASE}/characters/ana/enhance?{q}"))
        assert '<b id="quote-cost">30</b> gold' in html
        assert "Pay 30 gold and enhance" in html
        assert stored(svc) == before  # a quote changes nothing
        form = dict(re.findall(r'name="(\w+)" value="([^"]*)"', html))
        assert form["card"] == "Trample" and form["sticker"] == "move"
        r = client.post(f"{BASE}/do/enhance", data=form, follow_redirects=True)
        assert str(r.url).split("?")[0].endswith(f"{BASE}/characters/ana")
        assert "Ana enhances 'Trample' (top) with move for 30 gold" in txt(r)
        assert svc.get(CID).characters["ana"].gold == 0
        assert "Trample (L1)" in txt(r)  # the class's enhancements table

    def test_earlier_stickers_and_multi_target_count(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        svc.adjust(CID, "global-achievement", 1, None, "The Power of Enhancement")
        svc.enhance(CID, "ana", "Trample", 1, "top", "move")
        q = "card=Trample&card_level=1&action=top&sticker=attack&multi_target=on"
        html = txt(client.get(f"{BASE}/characters/ana/enhance?{q}"))
        # attack 50, doubled for multi-target, +75 for one earlier sticker on the action
        assert '<b id="quote-cost">175</b> gold' in html
        assert "(1 earlier sticker(s) on this action counted)" in html
        assert "Not allowed:</b> Ana has 0 gold; this enhancement costs 175" in html
        assert "confirm-enhance" not in html

    def test_the_refusal_reason_when_not_allowed(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        html = txt(
            client.get(
                f"{BASE}/characters/ana/enhance?card=Trample&card_level=1&action=top&sticker=move"
            )
        )
        assert '<b id="quote-cost">30</b>' in html
        assert (
            "Not allowed:</b> enhancing needs the global achievement "
            "'The Power of Enhancement'" in html
        )
        assert "confirm-enhance" not in html

    def test_an_unquotable_enhancement_says_why(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        html = txt(
            client.get(
                f"{BASE}/characters/ana/enhance?card=Trample&card_level=1&sticker=attack-hex"
            )
        )
        assert "an attack hex needs the number of hexes" in html
        assert "confirm-enhance" not in html

    def test_json_quote(self, client: TestClient, svc: CampaignService) -> None:
        r = client.get(
            f"/api/campaigns/{CID}/enhancement-quote",
            params={"character": "ana", "card": "Brute Force", "card_level": 3, "sticker": "move"},
        )
        assert r.status_code == 200
        assert r.json()["cost"] == 30 + 50 and r.json()["allowed"] is False


class TestLevelUpAndRetirement:
    def finish_with_xp(self, svc: CampaignService, xp: int) -> None:
        svc.travel(CID, "lions", "1")
        svc.finish_scenario(CID, "lions", True, xp={"ana": xp})
        svc.return_to_town(CID, "lions")

    def test_level_up_through_the_form(self, client: TestClient, svc: CampaignService) -> None:
        self.finish_with_xp(svc, 41)  # +6 bonus XP at scenario level 1: 47
        html = txt(client.get(f"{BASE}/characters/ana"))
        assert "1 level-up(s) due" in html
        r = post(
            client,
            "level-up",
            "character:ana",
            character="ana",
            card="Juggernaut",
            card_level=2,
            perk="Remove two -1 cards",
        )
        assert r.status_code == 200
        assert "Ana reaches level 2: card 'Juggernaut' (level 2) added" in txt(r)
        assert "HP 10 -> 12" in txt(r)
        assert "Juggernaut (L2)" in txt(r)
        assert svc.get(CID).characters["ana"].level == 2

    def test_fulfil_quest_and_retire(self, client: TestClient, svc: CampaignService) -> None:
        post(client, "fulfil-quest", "character:ana", character="ana")
        html = txt(client.get(f"{BASE}/characters/ana"))
        assert "fulfilled: retire in Gloomhaven" in html
        r = post(client, "retire", "character:ana", character="ana")
        assert r.status_code == 200
        assert "Ana the Brute retires" in txt(r)
        assert svc.get(CID).characters["ana"].retired
        city = txt(client.get(BASE))
        assert '<span class="chip">alice: 1</span>' in city


class TestTravelAndEvents:
    def test_city_event_shows_intro_choices_and_outcomes(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        r = post(client, "city-event", "party:lions", party="lions")
        assert r.status_code == 200
        pending = svc.get(CID).parties["lions"].pending_event
        assert pending is not None
        view = svc.view(CID)["parties"]["lions"]["event"]
        html = txt(r)
        assert f"City event {view['number']}" in html
        assert view["intro"] in html
        for label, text in view["choices"].items():
            assert f"<b>{label}:</b> {text}" in html
        r = post(client, "choose", "party:lions", party="lions", choice="B")
        assert r.status_code == 200
        assert f"city event {view['number']}, choice B" in txt(r)
        assert 'id="event"' not in txt(r)
        assert svc.get(CID).parties["lions"].pending_event is None
        # the outcome lines on the page are the history entry's summary
        assert svc.history(CID)[-1]["summary"].splitlines()[-1] in txt(r)
        again = post(client, "city-event", "party:lions", party="lions")
        assert again.status_code == 409
        assert "already completed a city event during this visit" in refusal(txt(again))

    def test_the_draw_button_disappears_once_the_visit_had_its_city_event(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        page = txt(client.get(f"{BASE}/parties/lions"))
        assert "Draw the city event" in page
        post(client, "city-event", "party:lions", party="lions")
        r = post(client, "choose", "party:lions", party="lions", choice="A")
        assert "Draw the city event" not in txt(r)
        assert 'action="/campaigns/our-saga/do/city-event"' not in txt(r)
        assert "Done for this visit" in txt(r)

    def test_travel_with_a_road_event_and_finish_the_scenario(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        r = post(client, "travel", "party:lions", party="lions", scenario="1")
        assert "no road event needed" in txt(r) and "at scenario 1" in txt(r)
        r = post(
            client,
            "finish",
            "party:lions",
            party="lions",
            success="true",
            **{"xp.ana": 5, "coins.bo": 2, "checkmarks.ana": 1},
        )
        assert r.status_code == 200, refusal(txt(r))
        assert "Ana: +11 XP, +0 gold, +1 checkmark(s)" in txt(r)
        assert "Bo: +6 XP, +4 gold" in txt(r)
        hist = txt(r)[txt(r).index('id="scenario-history"') :]
        assert "#1 Black Barrow" in hist and "success" in hist
        post(client, "return", "party:lions", party="lions")
        r = post(client, "travel", "party:lions", party="lions", scenario="2")
        assert "road event" in txt(r) and 'id="event"' in txt(r)
        assert "Road event" in txt(r)
        r = post(client, "choose", "party:lions", party="lions", choice="A")
        assert "choice A" in txt(r)
        assert "arrives at scenario 2" in txt(r)
        assert svc.get(CID).parties["lions"].status == "scenario"


class TestHistoryAndUndo:
    def test_history_lists_changes_and_undo_restores(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        before = stored(svc)["campaign"]
        post(client, "buy", "shop:lions", character="ana", item="001")
        html = txt(client.get(f"{BASE}/history"))
        assert "<b>buy</b>" in html and "character=ana, item=001" in html
        r = post(client, "undo", "history")
        assert r.status_code == 200
        assert "undid #" in txt(r) and "buy: Ana buys 001 Boots of Striding" in txt(r)
        assert 'class="undone"' in txt(r)
        assert stored(svc)["campaign"] == before

    def test_nothing_to_undo(self, client: TestClient, svc: CampaignService) -> None:
        for _ in range(len(svc.history(CID)) - 1):  # the founding itself cannot be undone
            svc.undo(CID)
        before = stored(svc)
        r = post(client, "undo", "history")
        assert r.status_code == 409 and "nothing to undo" in refusal(txt(r))
        assert stored(svc) == before


class TestJsonApi:
    def test_every_command_is_in_the_openapi_description(self, client: TestClient) -> None:
        paths = client.get("/openapi.json").json()["paths"]
        for name in COMMANDS:
            op = paths[f"/api/campaigns/{{cid}}/{name}"]["post"]
            assert "409" in op["responses"]
        for path in ("/api/campaigns", "/api/campaigns/{cid}", "/api/campaigns/{cid}/history"):
            assert path in paths
        assert "/api/campaigns/{cid}/enhancement-quote" in paths

    def test_view_history_and_commands(self, client: TestClient, svc: CampaignService) -> None:
        assert [c["id"] for c in client.get("/api/campaigns").json()] == [CID]
        view = client.get(f"/api/campaigns/{CID}").json()
        assert view["parties"]["lions"]["shop"][0]["price"] == 20
        r = client.post(f"/api/campaigns/{CID}/buy", json={"character": "ana", "item": "1"})
        assert r.status_code == 200
        out = r.json()
        assert out["lines"] == ["Ana buys 001 Boots of Striding for 20 gold (10 left)"]
        assert out["view"]["characters"]["ana"]["gold"] == 10
        hist = client.get(f"/api/campaigns/{CID}/history").json()
        assert hist[-1]["seq"] == out["seq"] and hist[-1]["command"] == "buy"
        r = client.post(f"/api/campaigns/{CID}/undo")
        assert r.status_code == 200 and r.json()["view"]["characters"]["ana"]["gold"] == 30

    def test_new_campaign_and_export(self, client: TestClient, db_url: str) -> None:
        r = client.post("/api/campaigns", json={"name": "Second", "seed": 3})
        assert r.status_code == 200 and r.json()["id"] == "second"
        assert client.post("/api/campaigns", json={"name": "Second"}).status_code == 409
        exp = client.get("/api/campaigns/second/export").json()
        assert exp["campaign"]["seed"] == 3 and exp["history"][0]["command"] == "new-campaign"


class TestFormsComeFromTheDeclarations:
    def test_each_field_of_a_declared_command_is_an_input_of_its_form(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        pages = {
            "new-character": f"{BASE}",
            "adjust": f"{BASE}",
            "level-up": f"{BASE}/characters/ana",
        }
        for command, url in pages.items():
            html = txt(client.get(url))
            form = html.split(f'action="/campaigns/{CID}/do/{command}"', 1)[1].split("</form>")[0]
            for name, field in DECLARED[command].args.model_fields.items():
                assert f'name="{name}"' in form, (command, name)
                if field.title:
                    assert field.title in form, (command, field.title)

    def test_a_quest_kept_at_the_table_through_the_derived_form(
        self, client: TestClient, svc: CampaignService
    ) -> None:
        deck = svc.get(CID).city.quest_deck
        name = ops.quests(svc.get(CID))[deck[0]].name
        r = post(
            client,
            "new-character",
            "campaign",
            party="lions",
            name="Cy",
            player="carol",
            class_id="tinkerer",
            level="1",
            quest=name,
        )
        assert r.status_code == 200
        assert svc.get(CID).characters["cy"].personal_quest == deck[0]
