"""Gloomhaven campaign pages in real headless Chromium: a purchase and an enhancement, entered
only through the pages, from the lobby to the history. Screenshots go to artifacts/screenshots/.

Run with ``pytest -m browser -p no:xdist tests/web``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.store.gloomhaven import CampaignService

from .browser_support import Server, shot

pytestmark = pytest.mark.browser

CID = "our-saga"


@pytest.fixture
def gh_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'campaign.db'}")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def page(gh_server: Server, browser: Any) -> Iterator[Any]:
    # the test process's one Chromium (tests/web/browser_support.py): a second Playwright
    # cannot run beside it
    pg = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    pg.set_default_timeout(15000)
    yield pg


def done_text(pg: Any) -> str:
    return str(pg.locator("#done").inner_text())


def found_campaign_with_two_characters(pg: Any, base: str) -> None:
    """Lobby -> Gloomhaven campaigns -> found 'Our Saga' -> party Lions -> Ana and Bo, each
    keeping the first personal quest drawn."""
    pg.goto(base + "/")
    pg.locator("#gloomhaven-entry a", has_text="Gloomhaven campaigns").click()
    pg.wait_for_url(base + "/campaigns")
    shot(pg, "gloomhaven-01-campaigns")
    pg.fill("#new-campaign input[name=name]", "Our Saga")
    pg.fill("#new-campaign input[name=seed]", "42")
    pg.click("#new-campaign button[type=submit]")
    pg.wait_for_url(f"{base}/campaigns/{CID}")
    pg.fill("#new-party input[name=name]", "Lions")
    pg.click("#new-party button[type=submit]")
    assert "party 'Lions' formed" in done_text(pg)
    for name, player, cls in (("Ana", "alice", "brute"), ("Bo", "bob", "spellweaver")):
        pg.fill("#new-character input[name=name]", name)
        pg.fill("#new-character input[name=player]", player)
        pg.select_option("#new-character select[name=class_id]", cls)
        pg.click("#new-character button[type=submit]")
        assert f"{name} the {cls.title()} ({player}) joins 'Lions'" in done_text(pg)
    for ident in ("ana", "bo"):
        pg.goto(f"{base}/campaigns/{CID}/characters/{ident}")
        if ident == "ana":
            shot(pg, "gloomhaven-03-keep-quest")
        pg.locator("#keep-quest button").first.click()
        assert "keeps personal quest" in done_text(pg)
    pg.goto(f"{base}/campaigns/{CID}")
    shot(pg, "gloomhaven-02-campaign")


def test_gloomhaven_purchase_through_the_pages(gh_server: Server, page: Any) -> None:
    pg, base = page, gh_server.base
    found_campaign_with_two_characters(pg, base)
    pg.click("nav.gh-nav >> text=Shop")
    row = pg.locator('tr[data-item="001"]')
    assert "20 g" in row.inner_text() and "2 of 2" in row.inner_text()
    row.locator("select[name=character]").select_option("bo")
    row.locator("button", has_text="Buy").click()
    assert "Bo buys 001 Boots of Striding for 20 gold (10 left)" in done_text(pg)
    assert "1 of 2" in pg.locator('tr[data-item="001"]').inner_text()
    assert "Boots of Striding" in pg.locator("#sell").inner_text()
    shot(pg, "gloomhaven-04-shop-after-purchase")

    # a second pair for Bo cannot succeed, so the shop no longer offers it, and says why
    row = pg.locator('tr[data-item="001"]')
    assert row.locator("select[name=character] option[value=bo]").is_disabled()
    reason = row.locator(".why").inner_text()
    assert "Bo already owns Boots of Striding: no character may own duplicates" in reason
    assert row.locator("select[name=character]").input_value() == "ana"
    assert row.locator("button", has_text="Buy").is_enabled()  # Ana may still buy the other
    shot(pg, "gloomhaven-05-shop-buyer-not-offered")
    assert CampaignService(gh_server.db_url).get(CID).characters["bo"].items == ["001"]

    pg.click("nav.gh-nav >> text=History & undo")
    assert "Bo buys 001 Boots of Striding" in pg.locator("#history").inner_text()
    shot(pg, "gloomhaven-06-history")


def test_gloomhaven_enhancement_through_the_pages(gh_server: Server, page: Any) -> None:
    pg, base = page, gh_server.base
    found_campaign_with_two_characters(pg, base)
    # the city first needs "The Power of Enhancement" (entered by hand here)
    pg.select_option("#adjust select[name=what]", "global-achievement")
    pg.fill("#adjust input[name=name]", "The Power of Enhancement")
    pg.click("#adjust button[type=submit]")
    assert "The Power of Enhancement" in pg.locator("#city").inner_text()

    pg.goto(f"{base}/campaigns/{CID}/characters/ana")
    form = pg.locator("#enhance-quote")
    form.locator("input[name=card]").fill("Trample")
    form.locator("select[name=sticker]").select_option("move")
    form.locator("button", has_text="See the cost").click()
    assert pg.locator("#quote-cost").inner_text() == "30"
    shot(pg, "gloomhaven-07-enhancement-quote")
    svc = CampaignService(gh_server.db_url)
    assert svc.get(CID).characters["ana"].gold == 30  # a quote changes nothing
    pg.click("#confirm-enhance button")
    assert "Ana enhances 'Trample' (top) with move for 30 gold" in done_text(pg)
    assert pg.locator("#gold").inner_text() == "0"
    assert "Trample (L1)" in pg.locator("#enhancements").inner_text()
    shot(pg, "gloomhaven-08-enhanced")
    assert [e.cost for e in svc.get(CID).city.enhancements["brute"]] == [30]

    # a second card is over the limit at prosperity level 1: the quote says why, no confirm
    form = pg.locator("#enhance-quote")
    form.locator("input[name=card]").fill("Skewer")
    form.locator("select[name=sticker]").select_option("move")
    form.locator("button", has_text="See the cost").click()
    refusal = pg.locator("#quote-refusal").inner_text()
    assert "the Brute already has 1 enhanced cards: at most the prosperity level (1)" in refusal
    assert pg.locator("#confirm-enhance").count() == 0
    shot(pg, "gloomhaven-09-enhancement-refused")


def test_gloomhaven_city_event_through_the_pages(gh_server: Server, page: Any) -> None:
    pg, base = page, gh_server.base
    found_campaign_with_two_characters(pg, base)
    pg.goto(f"{base}/campaigns/{CID}/parties/lions")
    pg.click("#city-event button")
    event = pg.locator("#event")
    assert "City event" in event.inner_text()
    assert event.locator("form.choice").count() == 2
    shot(pg, "gloomhaven-10-city-event")
    event.locator("button", has_text="Choose A").click()
    assert "choice A" in done_text(pg)
    assert pg.locator("#event").count() == 0
    shot(pg, "gloomhaven-11-city-event-resolved")


@pytest.fixture(params=[(1200, 900), (390, 844)], ids=["desktop", "phone"])
def sized_page(request: Any, gh_server: Server, browser: Any) -> Iterator[Any]:
    width, height = request.param
    pg = browser.new_context(viewport={"width": width, "height": height}).new_page()
    pg.set_default_timeout(15000)
    yield pg


def fits(pg: Any) -> None:
    """No sideways scrolling: the page is no wider than the window."""
    pg.wait_for_load_state("load")
    width = pg.evaluate("window.innerWidth")
    assert pg.evaluate("document.documentElement.scrollWidth") <= width, pg.url


def test_gloomhaven_keeper_pages_fit_and_the_city_event_button_goes(
    gh_server: Server, sized_page: Any
) -> None:
    """Issue 10 item 16 at desktop and phone (390 px) sizes: every keeper page fits the window,
    the "Draw the city event" button is gone once the visit had its event, and an enhancement of
    a card the class does not have is refused with the class's cards listed."""
    pg, base = sized_page, gh_server.base
    size = "phone" if pg.viewport_size["width"] < 500 else "desktop"
    found_campaign_with_two_characters(pg, base)
    for path in ("", "/parties/lions", "/characters/ana", "/shop?party=lions", "/history"):
        pg.goto(f"{base}/campaigns/{CID}{path}")
        fits(pg)
    pg.goto(f"{base}/campaigns/{CID}/parties/lions")
    assert pg.locator("#city-event button", has_text="Draw the city event").count() == 1
    pg.click("#city-event button")
    pg.locator("#event button", has_text="Choose A").click()
    assert "choice A" in done_text(pg)
    assert pg.locator("text=Draw the city event").count() == 0
    assert "Done for this visit" in pg.locator("#city-event").inner_text()
    fits(pg)
    shot(pg, f"gloomhaven-12-city-event-done-{size}")

    pg.goto(f"{base}/campaigns/{CID}")
    pg.select_option("#adjust select[name=what]", "global-achievement")
    pg.fill("#adjust input[name=name]", "The Power of Enhancement")
    pg.click("#adjust button[type=submit]")
    pg.goto(f"{base}/campaigns/{CID}/characters/ana")
    form = pg.locator("#enhance-quote")
    form.locator("input[name=card]").fill("Fireball")
    form.locator("button", has_text="See the cost").click()
    problem = pg.locator("#quote-refusal, #quote-problem, .refusal").first.inner_text()
    assert "the Brute has no ability card 'Fireball'" in problem
    assert "Trample" in problem and "Skewer" in problem
    fits(pg)
    shot(pg, f"gloomhaven-13-unknown-card-{size}")
