"""Rulebook 'Buying And Selling Items' as the shop shows it: each item with its text, and for each
member of the party whether a purchase would succeed, with the very refusal ``buy`` would give;
the pages disable Buy when it cannot succeed and say why, the terminal lists who may buy."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.games.gloomhaven import rules as ops
from tabletop.games.gloomhaven.data import game_data
from tabletop.games.gloomhaven.model import Campaign
from tabletop.store.gloomhaven import CampaignService
from tabletop.web.app import create_app

from .test_cli import gh


def row(c: Campaign, item: str, party: str = "lions") -> dict[str, Any]:
    return next(r for r in ops.shop(c, c.parties[party]) if r["id"] == item)


def refusal_of_buy(c: Campaign, who: str, item: str) -> str:
    work = c.model_copy(deep=True)
    with pytest.raises(ops.Refused) as exc:
        ops.buy(work, who, item)
    return str(exc.value)


def buyer(shop_row: dict[str, Any], who: str) -> dict[str, Any]:
    return next(b for b in shop_row["buyers"] if b["id"] == who)


class TestTheItemsText:
    def test_every_item_of_the_starting_supply_says_what_it_does(self) -> None:
        for item_id in [f"{n:03d}" for n in range(1, 15)]:
            assert game_data().items[item_id].text.strip(), item_id

    def test_the_shop_row_carries_the_text(self, camp: Campaign) -> None:
        assert row(camp, "001")["text"] == "During one of your move abilities, add +2 Move to it."


class TestWhoMayBuy:
    """Each member's answer is exactly the refusal ``buy`` raises (one function gives both)."""

    def test_not_enough_gold(self, camp: Campaign) -> None:
        ops.character(camp, "brute0").gold = 29
        r = row(camp, "006")  # Eagle-Eye Goggles, 30 gold at reputation 0
        assert buyer(r, "brute0")["refusal"] == refusal_of_buy(camp, "brute0", "006")
        assert buyer(r, "brute0")["refusal"] == "Brute0 has 29 gold; Eagle-Eye Goggles costs 30"
        assert buyer(r, "spellweaver1")["refusal"] is None and r["buy_refusal"] is None

    def test_already_owned_and_sold_out(self, camp: Campaign) -> None:
        ops.buy(camp, "brute0", "001")
        ops.buy(camp, "spellweaver1", "001")  # both copies now held in the party
        r = row(camp, "001")
        assert buyer(r, "brute0")["refusal"] == refusal_of_buy(camp, "brute0", "001")
        assert "already owns Boots of Striding" in str(buyer(r, "brute0")["refusal"])
        assert r["available"] == 0
        assert r["buy_refusal"] == "; ".join(
            refusal_of_buy(camp, who, "001") for who in ("brute0", "spellweaver1")
        )

    def test_a_copy_left_for_the_party(self, camp: Campaign) -> None:
        ops.buy(camp, "brute0", "002")
        ops.buy(camp, "brute0", "012")
        ops.character(camp, "brute0").gold = 100
        assert buyer(row(camp, "002"), "spellweaver1")["refusal"] is None
        ops.buy(camp, "spellweaver1", "002")
        ops.create_party(camp, "Wolves")
        ops.create_character(camp, "wolves", "Dax", "dan", "mindthief")
        r = row(camp, "002", "wolves")  # other parties' characters hold no copy back (ruling T6)
        assert r["available"] == 2 and buyer(r, "dax")["refusal"] is None
        ops.sell(camp, "brute0", "002")
        assert row(camp, "002")["available"] == 1

    def test_nobody_buys_outside_gloomhaven(self, camp: Campaign) -> None:
        ops.travel(camp, "lions", "1")
        r = row(camp, "003")
        assert (
            r["buy_refusal"]
            == "buying items only happens in Gloomhaven; party 'Lions' is at scenario 1"
        )
        for who in ("brute0", "spellweaver1"):
            assert buyer(r, who)["refusal"] == refusal_of_buy(camp, who, "003")

    def test_a_card_not_entered_cannot_be_bought(self, camp: Campaign) -> None:
        ops.change_prosperity(camp, 4)
        r = row(camp, "015")
        assert r["buy_refusal"] == refusal_of_buy(camp, "brute0", "015")
        assert "its card is not entered yet" in r["buy_refusal"]

    def test_a_party_without_members(self, camp: Campaign) -> None:
        ops.create_party(camp, "Wolves")
        assert row(camp, "001", "wolves")["buy_refusal"] == "party Wolves has no members"


CID = "our-saga"


@pytest.fixture
def shop_svc(tmp_path) -> tuple[TestClient, CampaignService]:
    url = f"sqlite:///{tmp_path / 'shop.db'}"
    svc = CampaignService(url)
    svc.create_campaign("Our Saga", seed=42)
    svc.create_party(CID, "Lions")
    for name, player, cls in (("Ana", "alice", "brute"), ("Bo", "bob", "spellweaver")):
        svc.create_character(CID, "lions", name, player, cls)
        svc.keep_quest(CID, name, svc.get(CID).characters[name.lower()].quest_offer[0])
    return TestClient(create_app(url, bot_delay=0)), svc


def cell(html: str, item: str) -> str:
    return html.split(f'data-item="{item}"', 1)[1].split("</tr>", 1)[0]


class TestTheShopPage:
    def test_each_item_shows_its_text(self, shop_svc: tuple[TestClient, CampaignService]) -> None:
        client, _ = shop_svc
        html = unescape(client.get(f"/campaigns/{CID}/shop?party=lions").text)
        assert '<p class="item-text">During your turn, perform Heal 3, self.</p>' in cell(
            html, "012"
        )

    def test_buy_is_disabled_with_the_reason_when_nobody_can_buy(
        self, shop_svc: tuple[TestClient, CampaignService]
    ) -> None:
        client, svc = shop_svc
        svc.buy(CID, "ana", "001")
        svc.buy(CID, "bo", "001")  # 10 gold left each; both copies held
        html = unescape(client.get(f"/campaigns/{CID}/shop?party=lions").text)
        boots, bow = cell(html, "001"), cell(html, "009")
        assert re.search(r'<button type="submit" disabled aria-describedby="why-001">Buy', boots)
        assert '<select name="character" aria-label="buyer of Boots of Striding" disabled>' in boots
        assert "Ana already owns Boots of Striding" in boots.split('id="why-001">', 1)[1]
        assert "Bo has 10 gold; Piercing Bow costs 30" in bow.split('id="why-009">', 1)[1]
        helmet = cell(html, "007")  # 10 gold: both may buy it
        assert "disabled" not in helmet and 'class="why"' not in helmet
        assert '<option value="ana" selected>' in helmet

    def test_a_member_who_cannot_buy_is_not_offered(
        self, shop_svc: tuple[TestClient, CampaignService]
    ) -> None:
        client, svc = shop_svc
        svc.buy(CID, "bo", "001")
        html = unescape(client.get(f"/campaigns/{CID}/shop?party=lions").text)
        boots = cell(html, "001")
        assert '<option value="bo" disabled>Bo (10 g): cannot buy</option>' in boots
        assert (
            '<p class="why" id="why-001">Bo already owns Boots of Striding: '
            "no character may own duplicates</p>" in boots
        )
        assert '<option value="ana" selected>Ana (30 g)</option>' in boots
        assert '<button type="submit" aria-describedby="why-001">Buy</button>' in boots

    def test_the_buy_the_page_offers_succeeds(
        self, shop_svc: tuple[TestClient, CampaignService]
    ) -> None:
        client, _ = shop_svc
        html = unescape(client.get(f"/campaigns/{CID}/shop?party=lions").text)
        form = cell(html, "014").split("<form", 1)[1].split("</form>", 1)[0]
        fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form))
        fields["character"] = re.search(r'<option value="(\w+)" selected>', form).group(1)
        r = client.post(f"/campaigns/{CID}/do/buy", data=fields, follow_redirects=True)
        assert r.status_code == 200 and "Ana buys 014 Minor Power Potion" in unescape(r.text)


class TestTheShopInTheTerminal:
    def test_the_table_shows_texts_and_who_may_buy(self, tmp_path) -> None:
        url = f"sqlite:///{tmp_path / 'cli.db'}"
        gh(url, "new-campaign", "Saga")
        gh(url, "new-party", "Lions")
        gh(url, "new-character", "lions", "Ana", "--player", "alice", "--class", "brute")
        gh(url, "buy", "ana", "001")
        code, out = gh(url, "shop", "lions")
        assert code == 0
        lines = {line.split("│")[1].strip(): line for line in out.splitlines() if "│" in line}
        assert lines["001"].rstrip("│ ").endswith("-")  # Ana owns it: nobody else to buy
        assert lines["003"].rstrip("│ ").endswith("Ana")
        assert "During one of your move" in out


class TestSelling:
    def test_what_a_character_may_sell_and_for_how_much(self, camp: Campaign) -> None:
        ops.buy(camp, "brute0", "006")  # 30 gold
        (sale,) = ops.sales(camp, ops.character(camp, "brute0"))
        assert sale == {"id": "006", "name": "Eagle-Eye Goggles", "price": 15, "refusal": None}

    def test_selling_outside_gloomhaven_is_disabled_with_the_reason(
        self, shop_svc: tuple[TestClient, CampaignService]
    ) -> None:
        client, svc = shop_svc
        svc.buy(CID, "ana", "003")
        svc.travel(CID, "lions", "1")
        html = unescape(client.get(f"/campaigns/{CID}/shop?party=lions").text)
        sell = html.split('id="sell"', 1)[1]
        assert '<button type="submit" disabled aria-describedby="sell-ana-003">Sell for 5 g' in sell
        assert "selling items only happens in Gloomhaven; Ana's party 'Lions' is at scenario 1" in (
            sell
        )
        assert "buying items only happens in Gloomhaven; party 'Lions' is at scenario 1" in (
            cell(html, "001")
        )
