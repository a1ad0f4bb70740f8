"""The Paupers' Ladder board in the web app (tabletop.games.paupers_ladder.web.render): well-formed,
complete, escaped, and drawn from the seat's view alone; plus one game played in headless Chromium.
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from markupsafe import escape

from tabletop.engine import Rng, State, load, piles
from tabletop.engine.errors import ContentError
from tabletop.games.paupers_ladder.content import content
from tabletop.games.paupers_ladder.web import render
from tests.paupers_ladder.helpers import table as pl_build
from tests.paupers_ladder.helpers import tile


def escaped(text: str) -> str:
    """Text as the board's templates escape it (Jinja2's autoescape)."""
    return str(escape(text))


def states(players: int, seed: int, mode: str = "standard", every: int = 25) -> Iterator[State]:
    """Snapshots of a seeded random game, every ``every`` actions, and its last state."""
    s = load("paupers-ladder", players=players, mode=mode).new_state(seed)
    rng = Rng(seed)
    n = 0
    while not s.is_terminal() and n < 600:
        if n % every == 0:
            yield s.clone()
        seat = rng.choice(s.current_seats())
        s.apply(rng.choice(s.legal_actions(seat)), seat)
        n += 1
    yield s


def seats(s: State) -> list[int | None]:
    return [None, *range(s.game.num_players)]


def well_formed(markup: str) -> ET.Element:
    return ET.fromstring(markup)


class TestMarkup:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_well_formed_for_every_seat_through_random_games(self, players: int) -> None:
        for s in states(players, seed=players + 10):
            for seat in seats(s):
                view = s.view(seat)
                assert view is not None
                root = well_formed(render(view))
                assert root.get("class") == "pl-board"
                assert root.find(".//{http://www.w3.org/2000/svg}svg") is not None

    def test_solo_view_renders_if_solo_exists(self) -> None:
        try:
            game = load("paupers-ladder", players=1, mode="solo")
            s = game.new_state(4)
        except (ContentError, ValueError, KeyError, NotImplementedError) as exc:
            pytest.skip(f"solo mode is not available yet: {exc}")
        for snap in states(1, seed=4, mode="solo"):
            view = snap.view(0)
            assert view is not None
            markup = render(view)
            well_formed(markup)
            for key, word in (("time", "Time"), ("lives", "Lives"), ("objectives", "Objectives")):
                if view.get(key) or (view.get("solo") or {}).get(key):
                    assert f"<b>{word}</b>" in markup
            for obj in (view.get("solo") or {}).get("objectives") or []:
                assert escaped(obj["text"]) in markup
            for p in view["players"]:
                if p.get("lives"):
                    assert "<b>Lives</b>" in markup
        assert s is not None

    def test_every_region_and_every_character_is_drawn(self) -> None:
        C = content()
        for players in (2, 3, 4):
            s = list(states(players, seed=7, every=1000))[-1]
            for seat in seats(s):
                view = s.view(seat)
                assert view is not None
                markup = render(view)
                for reg in C.regions.values():
                    assert f">{escaped(reg.name)}<" in markup
                for p in view["players"]:
                    assert escaped(p["name"]) in markup
                    assert f"{p['name']} (Pauper)" in html.unescape(markup)
                    if p["bird"]:
                        assert f"{p['bird'].capitalize()}, the Bird of {p['name']}" in (
                            html.unescape(markup)
                        )
                for cards in view["tiles"].values():
                    for cid in cards:
                        assert escaped(C.card_name(cid)) in markup
                for qid in view["quests"].values():
                    assert escaped(C.quest[qid].text) in markup

    def test_legend_names_region_types_cards_and_players(self) -> None:
        s = list(states(2, seed=3, every=1000))[-1]
        view = s.view(0)
        assert view is not None
        legend = render(view).split('class="pl-legend"')[1]
        for word in ("City", "Beach", "Forest", "Mine", "Mountain", "Swamp", "Bridge", "Hazard"):
            assert word in legend
        for p in view["players"]:
            assert escaped(p["name"]) in legend


class TestEscaping:
    def test_names_and_card_texts_from_data_are_escaped(self, monkeypatch: Any) -> None:
        C = content()
        s = list(states(2, seed=5, every=1000))[-1]
        view = s.view(0)
        assert view is not None
        view["players"][0]["name"] = "<script>alert('x')</script> & co"
        evil = "<img src=x onerror=alert(1)>"
        on_tiles = [c for cards in view["tiles"].values() for c in cards]
        assert on_tiles, "the game should have cards on the map"
        card = C.region_card[on_tiles[0]]
        monkeypatch.setitem(
            C.region_card, on_tiles[0], card.model_copy(update={"name": evil, "text": evil})
        )
        qid = next(iter(view["quests"].values()))
        quest = C.quest[qid]
        monkeypatch.setitem(C.quest, qid, quest.model_copy(update={"name": evil, "text": evil}))
        view["time"] = evil
        view["objectives"] = [evil]
        markup = render(view)
        well_formed(markup)
        assert "<script" not in markup and "<img" not in markup
        assert "&lt;script&gt;" in markup and "&amp; co" in markup
        assert escaped(evil) in markup


class TestOnlyTheView:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_resampled_hidden_information_draws_the_same_board(self, players: int) -> None:
        for k, s in enumerate(states(players, seed=20 + players, every=40)):
            for seat in range(players):
                r = s.resample(seat, Rng(100 + k))
                mine, theirs = s.view(seat), r.view(seat)
                assert mine is not None and theirs is not None
                assert render(theirs) == render(mine)

    def test_only_the_seat_sees_its_draft_hand(self) -> None:
        game = load("paupers-ladder", players=3)
        s = game.new_state(5)
        while s.data["phase"] != "draft":
            s.apply(s.legal_actions()[0])
        C = content()
        hand = s.view(1)["players"][1]["hand"]  # the seat's own view holds its hand
        assert hand
        own = render(s.view(1) or {})
        assert "Your draft hand" in own
        for cid in hand:
            assert escaped(C.card_name(cid)) in own
        for seat in (None, 0, 2):
            other = render(s.view(seat) or {})
            area = other.split('data-seat="1"')[1].split('class="pl-area')[0]
            assert "Your draft hand" not in area
            assert f"Draft hand: {len(hand)} cards (hidden)" in area  # only their number

    def test_solo_parts_are_drawn_only_when_the_view_has_them(self) -> None:
        s = list(states(2, seed=2, every=1000))[-1]
        view = s.view(0)
        assert view is not None
        plain = render(view)
        assert 'class="pl-solo"' not in plain and "<b>Lives</b>" not in plain
        view.update({"time": 7, "lives": [2, 3], "objectives": ["Defeat the necromancer"]})
        markup = render(view)
        assert "<b>Time</b> 7" in markup
        assert "♥♥ (2)" in markup and "♥♥♥ (3)" in markup
        assert "Defeat the necromancer" in markup


def _now(s: Any, seat: int | None) -> str:
    """The "now" panel of the board as ``seat`` sees it (what is being resolved)."""
    markup = render(s.view(seat) or {})
    assert 'class="pl-now"' in markup
    return markup.split('class="pl-now"')[1].split("</div></div>")[0]


class TestChoicesShowTheirCards:
    """A choice the rulebook gives the player shows the cards it is about on the board."""

    def test_the_weapon_choice_shows_each_weapon_and_no_weapon(self) -> None:
        s = pl_build(
            {
                "seats": [
                    {
                        "pauper": "ginny",
                        "position": "mountain-1",
                        "outcome": [3],
                        "inventory": ["bang-bombs", "sword"],
                    },
                    {},
                ],
                "char": "pauper",
                "tiles": {"mountain-1": ["giant"]},
            }
        )
        s.do("fight", card=tile(s, "mountain-1", "giant"))
        assert s.state.prompt().kind == "weapon"
        for seat in (None, 0, 1):  # an Inventory is public: every seat sees the choice
            now = _now(s, seat)
            assert "resolves: weapon" in now
            for name in ("whittling blade", "bang bombs", "sword", "No weapon"):
                assert f"<b>{name}</b>" in now
            assert "+3 in this fight" in now  # the bombs' 3 Gems

    def test_the_outcome_cards_to_shuffle_back_are_shown(self) -> None:
        s = pl_build(
            {
                "seats": [{"position": "beach-1", "outcome": [6]}, {}],
                "char": "pauper",
                "quests": {"lilacsville": "lost-villagers"},
                "tiles": {"beach-1": ["lost-fisherman"]},
            }
        )
        p = s.data["players"][0]
        draw = piles.cards(p["outcome_deck"])
        piles.set_cards(p["outcome_deck"], draw[6:])
        piles.add_discards(p["outcome_deck"], draw[:6])
        s.do("encounter", card=tile(s, "beach-1", "lost-fisherman"))
        s.do("option", n=0)
        assert s.state.prompt().kind == "return-outcomes"
        first = s.options()[0]["card"]
        s.do("return", card=first)
        now = _now(s, 1)
        C = content()
        assert 'pl-chosen"><b>Outcome ' + str(C.outcome[first].number) in now
        for c in piles.discards(p["outcome_deck"]):
            assert f"<b>Outcome {C.outcome[c].number}</b>" in now

    def test_bravery_and_magnificence_show_the_trophy_room_cards(self) -> None:
        troph = ["giant", "golem", "sea-beast", "sea-dragon", "green-dragon"]
        s = pl_build({"seats": [{"trophies": troph}, {}]})
        s.do("learn", virtue="bravery")
        golem = next(
            a["card"]
            for a in s.options()
            if a.kind == "trophy" and a["card"].split(".")[1] == "golem"
        )
        s.do("trophy", card=golem)
        now = _now(s, 1)
        assert 'pl-chosen"><b>golem</b>' in now
        for name in ("giant", "sea dragon", "green dragon"):
            assert f"<b>{name}</b>" in now
        s.do("back-out")
        s.do("learn", virtue="magnificence")
        now = _now(s, 1)
        assert "resolves: magnificence" in now
        assert "<b>sea dragon</b>" in now and "<b>green dragon</b>" in now
        assert "<b>giant</b>" not in now

    def test_each_choice_with_cards_is_declared_for_a_decision_of_the_rules(self) -> None:
        from tabletop.games.paupers_ladder.decisions import DECISIONS
        from tabletop.games.paupers_ladder.web import CHOICE_CHIPS, _choice_chips

        assert set(CHOICE_CHIPS) <= set(DECISIONS.kinds())
        nest = {"kind": "nest", "seat": 0, "cities": ["bluevale", "greyhaven"]}
        chips = "".join(_choice_chips({"players": []}, nest) or [])
        assert "<b>Bluevale</b>" in chips and "<b>Greyhaven</b>" in chips
        assert _choice_chips({}, {"kind": "nest", "seat": 1}) is None  # a frame closed to the seat
        assert _choice_chips({}, {"kind": "keep", "seat": 0, "cards": []}) is None

    def test_draw_2_keep_1_cards_stay_off_the_other_seats_board(self) -> None:
        s = pl_build(
            {
                "seats": [{"position": "beach-1", "gems": 1}, {}],
                "char": "pauper",
                "quests": {"bluevale": "treasure-at-sea"},
                "decks": {"beach": ["old-shipwreck"]},
            }
        )
        s.do("draw")
        s.do("option", n=0)
        s.do("hand-over")
        assert s.state.prompt().kind == "keep"
        names = [content().card_name(c) for c in s.view(0)["stack"][-1]["cards"]]
        mine, theirs = _now(s, 0), _now(s, 1)
        assert all(f"<b>{escaped(n)}</b>" in mine for n in names)
        assert "<b>" not in theirs and "resolves: keep" in theirs


# ------------------------------------------------------------------ in the browser
@pytest.mark.browser
def test_two_player_game_against_greedy_bot_in_the_browser(server: Any, browser: Any) -> None:
    from tabletop.store.games import GameStore

    from .browser_support import settle, shot

    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.goto(server.base + "/")
    page.select_option("#game-select", "paupers-ladder")
    page.select_option("select[name='paupers-ladder.seat.1']", "bot:greedy")
    page.click("#start")
    page.locator("#created").wait_for()
    page.locator("a.seat-link").first.click()
    page.locator("#board .pl-board").wait_for()
    ident = page.url.split("/play/")[1].split("?")[0]
    url = page.url
    store = GameStore(server.db_url)
    shot(page, "paupers-ladder-start")
    clicks = 0
    # bounded by looks, not by the clock, which failed on a busy machine where each click took
    # seconds; the bot answers at once, and the page follows it live
    for _ in range(2000):
        if clicks >= 40:
            break
        settle(page)
        state, _ = store.load(ident)
        if state.is_terminal():
            break
        shown = page.locator(f"#status[data-num-actions='{state.num_actions()}']").count()
        if 0 not in state.current_seats() or not shown:
            page.wait_for_timeout(100)  # the bot, or the live page, is catching up
            continue
        page.locator("#prompt button.option").first.click()
        clicks += 1
        if clicks == 8:
            shot(page, "paupers-ladder-setup")
    page.goto(url)
    board = page.locator("#board .pl-board")
    board.wait_for()
    state, _ = store.load(ident)
    assert clicks >= 10 and state.num_actions() > clicks
    for reg in content().regions.values():
        assert page.locator(f"g.pl-region[data-region='{reg.id}']").count() == 1
    assert page.locator("#board g.pl-meeple").count() >= 2
    shot(page, "paupers-ladder-play")
    shot(page, "paupers-ladder-board", "#board .pl-board")
