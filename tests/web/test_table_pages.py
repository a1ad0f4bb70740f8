"""What a new player meets on the game pages (issue 10, items 6 to 14), through the test client.
The browser suite checks the same pages at desktop and phone sizes (test_table_browser.py)."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from tabletop.engine import load
from tabletop.engine.bots import make_bot
from tabletop.store.games import GameStore
from tabletop.web.render import table_options, whole
from tabletop.web.service import create_game

from .helpers import new_game


def play_until(db_url: str, ident: str, test: Any, limit: int = 3000) -> Any:
    """Let random bots play the stored game until ``test(state)`` holds; the state then."""
    store = GameStore(db_url)
    state, _ = store.load(ident)
    bots = {s: make_bot(state.game, "random", s, 11) for s in range(state.game.num_players)}
    for _ in range(limit):
        if test(state):
            return state
        if state.is_terminal():
            break
        seat = state.current_seats()[0]
        state = store.apply(ident, seat, bots[seat].act(state), state.num_actions())
    raise AssertionError("the game never got there")


def paupers(db_url: str, seats: list[str], seed: int = 3) -> Any:
    return create_game(db_url, "paupers-ladder", {"players": len(seats)}, seats, seed)


def options_on(page: str) -> list[tuple[str, str | None]]:
    """(label, confirm question) of each option button, in page order."""
    out = []
    for form in re.findall(r'<form method="post" action="/play/[^"]+/act"(.*?)</form>', page, re.S):
        confirm = re.search(r'data-confirm="([^"]*)"', form)
        label = re.search(r'<button type="submit" class="option[^"]*">(.*?)</button>', form, re.S)
        assert label
        out.append((unescape(label.group(1)), unescape(confirm.group(1)) if confirm else None))
    return out


class TestLatestBesideTheDecision:
    """Item 6: the latest events next to the decision, newest first; the full log one click
    away."""

    def test_latest_events_come_before_the_board_newest_first(self, client: TestClient) -> None:
        made = paupers(client.app.state.db_url, ["human", "human"])  # type: ignore[attr-defined]
        play_until(client.app.state.db_url, made.id, lambda s: s.num_actions() >= 12)  # type: ignore[attr-defined]
        state, _ = GameStore(client.app.state.db_url).load(made.id)  # type: ignore[attr-defined]
        seat = state.current_seats()[0]
        page = client.get(f"/play/{made.id}", params={"token": made.seat_tokens[seat]}).text
        assert page.index('id="prompt"') < page.index('id="latest"') < page.index('id="board"')
        latest = re.search(r'id="latest">(.*?)</section>', page, re.S)
        assert latest
        shown = [unescape(x) for x in re.findall(r"<li[^>]*>(.*?)</li>", latest.group(1))]
        log = [e["text"] for e in state.view(seat)["log"]]
        assert shown == list(reversed(log))[: len(shown)] and len(shown) >= 5
        assert 'href="#log"' in latest.group(1)
        full = re.search(r'<details class="card log" id="log"[^>]*>(.*?)</details>', page, re.S)
        assert full and len(re.findall(r"<li>", full.group(1))) == len(log)

    def test_the_full_log_has_every_line_newest_first(self, client: TestClient) -> None:
        db_url = client.app.state.db_url  # type: ignore[attr-defined]
        made = paupers(db_url, ["human", "human"])
        state = play_until(db_url, made.id, lambda s: s.view(0)["log"][-1]["n"] >= 80)
        kept = state.view(0)["log"]
        assert len(kept) < 80  # the state keeps only its latest lines
        page = client.get(f"/play/{made.id}/log", params={"token": made.seat_tokens[0]}).text
        lines = [unescape(x) for x in re.findall(r"<li>(.*?)</li>", page)]
        assert len(lines) > 80 and lines[0] == kept[-1]["text"]
        assert lines[-1].startswith("The tournament begins")
        other = client.get(f"/play/{made.id}/log", params={"token": "nope"})
        assert other.status_code == 403


class TestOptions:
    """Item 7: costs on the options, throwing away last and confirmed, none reading the same."""

    def test_discard_is_last_and_asks_first(self, client: TestClient, db_url: str) -> None:
        made = paupers(db_url, ["human", "human"])

        def can_discard(state: Any) -> bool:
            seat = state.current_seats()[0]
            kinds = [a.kind for a in state.legal_actions(seat)]
            return "discard" in kinds and len(kinds) > 1

        state = play_until(db_url, made.id, can_discard)
        seat = state.current_seats()[0]
        page = client.get(f"/play/{made.id}", params={"token": made.seat_tokens[seat]}).text
        options = options_on(page)
        assert options[-1][1] and "for good?" in options[-1][1]
        assert options[0][1] is None
        assert len({label for label, _ in options}) == len(options)

    def test_labels_are_the_ordered_distinct_options(self, db_url: str) -> None:
        made = paupers(db_url, ["human", "human"])

        def twins(state: Any) -> bool:
            seat = state.current_seats()[0]
            labels = [state.describe_action(a, seat) for a in state.legal_actions(seat)]
            return len(set(labels)) < len(labels)

        state = play_until(db_url, made.id, twins)
        seat = state.current_seats()[0]
        labels = [label for _, label in table_options(state, seat)]
        assert len(set(labels)) == len(labels) < len(state.legal_actions(seat))


class TestNamesAndNumbers:
    """Item 10: seats from 1, one name per player, round and whose turn, whole scores, words."""

    def test_status_says_round_and_whose_turn_and_no_seat_zero(self, client: TestClient) -> None:
        db_url = client.app.state.db_url  # type: ignore[attr-defined]
        made = paupers(db_url, ["human", "human"])
        state = play_until(db_url, made.id, lambda s: s.prompt().kind == "turn")
        seat = state.current_seats()[0]
        other = 1 - seat
        name = state.view(None)["players"][seat]["name"]
        mine = client.get(f"/play/{made.id}", params={"token": made.seat_tokens[seat]}).text
        theirs = client.get(f"/play/{made.id}", params={"token": made.seat_tokens[other]}).text
        assert f"Round {state.view(None)['round']}" in mine and "Your turn" in mine
        assert f"{name}&#39;s turn" in theirs or f"{name}'s turn" in theirs
        assert "Move " not in mine and "Seat 0" not in mine and "Seat 0" not in theirs
        assert f"You are <b>{name}</b>" in mine
        assert "<h2>Choose a character to act, or a free action.</h2>" in mine

    def test_prompt_titles_are_words(self) -> None:
        kinds = set()
        for mode in ("survival", "solo"):
            for seed in range(8):
                game = load("paupers-ladder", mode=mode)
                state = game.new_state(seed)
                bots = {s: make_bot(game, "random", s, seed) for s in range(game.num_players)}
                while not state.is_terminal():
                    prompt = state.prompt()
                    kinds.add(prompt.kind)
                    assert prompt.text and " " in prompt.text, (prompt.kind, prompt.text)
                    seat = state.current_seats()[0]
                    state.apply(bots[seat].act(state), seat)
        assert "hide" in kinds  # "Fight the ... or hide?", not "hide"

    def test_scores_are_whole_numbers(self) -> None:
        assert [whole(v) for v in (3.0, 0.0, 2.5, 4)] == ["3", "0", "2.5", "4"]

    def test_lobby_numbers_seats_from_one_and_keeps_bot_menus_short(
        self, client: TestClient
    ) -> None:
        page = client.get("/").text
        assert "Seat 1" in page and "Seat 0" not in page
        assert not re.search(r"<option value=\"bot:[^\"]+\"[^>]*>[^<]* — ", page)


class TestEndOfGame:
    """Item 12: winner, how each score was made (Virtues and when), replay and rematch."""

    def test_final_scores_virtues_rounds_replay_and_rematch(
        self, client: TestClient, db_url: str
    ) -> None:
        made = paupers(db_url, ["human", "bot:greedy"], seed=5)
        store = GameStore(db_url)
        state, _ = store.load(made.id)
        game = load("paupers-ladder", players=2)
        bots = {s: make_bot(game, "greedy", s, 5) for s in range(2)}
        while not state.is_terminal():
            seat = state.current_seats()[0]
            state = store.apply(made.id, seat, bots[seat].act(state), state.num_actions())
        page = client.get(f"/play/{made.id}", params={"token": made.seat_tokens[0]}).text
        final = state.view(None)
        table = re.search(r'id="scores">(.*?)</table>', page, re.S)
        assert table and not re.search(r"<td>\d+\.0</td>", table.group(1))
        assert any(isinstance(v, float) for v in state.outcome().scores.values())
        for p in final["players"]:
            assert p["name"] in table.group(1)
            for virtue in p["virtues"]:
                learnt = rf"Virtue of {virtue.capitalize()}: 1 .{{0,40}}\(learnt in round \d+\)"
                assert re.search(learnt, table.group(1))
        winner = final["players"][state.outcome().winners[0]]["name"]
        assert re.search(rf'id="winners">{re.escape(winner)}', unescape(page))
        assert f'href="/replay/{made.id}"' in page and f'action="/rematch/{made.id}"' in page
        again = client.post(f"/rematch/{made.id}")
        assert again.status_code == 200 and "is ready" in again.text
        ident = re.search(r'data-game-id="([0-9a-f]+)"', again.text)
        assert ident and ident.group(1) != made.id
        _, info = store.load(ident.group(1))
        assert info.params == state.game.params and info.seats == ["human", "bot:greedy"]


class TestSeatLinks:
    """Item 13: the creator sees every link again; a player can show theirs again."""

    def test_the_creator_link_shows_every_seat_link(self, client: TestClient) -> None:
        game = new_game(client, ["human", "human"])
        assert game["creator_link"]
        page = client.get(game["creator_link"]).text
        for seat, link in game["seat_links"].items():
            assert link in unescape(page), seat
        assert game["hotseat_link"] in unescape(page)

    def test_the_creator_token_opens_no_seat(self, client: TestClient) -> None:
        game = new_game(client, ["human", "human"])
        token = game["creator_link"].split("token=")[1]
        r = client.get(f"/api/games/{game['id']}/view", params={"token": token})
        assert r.status_code == 403 and r.json()["code"] == "creator-token"
        r = client.post(
            f"/api/games/{game['id']}/actions",
            params={"token": token},
            json={"action": {"kind": "bid", "args": {}}, "expected_actions": 0},
        )
        assert r.status_code == 403

    def test_a_seat_token_does_not_show_the_links(self, client: TestClient) -> None:
        game = new_game(client, ["human", "human"])
        r = client.get(f"/links/{game['id']}", params={"token": game["seat_tokens"]["0"]})
        assert r.status_code == 403 and "/play/" not in r.text

    def test_a_player_can_show_their_link_again(self, client: TestClient) -> None:
        game = new_game(client, ["human", "human"])
        page = client.get(game["seat_links"]["1"]).text
        assert "Show my private link again" in page and game["seat_links"]["1"] in unescape(page)


class TestHotSeatCover:
    """Item 14: the cover shows only when the deciding seat changes."""

    def test_the_same_seat_goes_on_without_the_cover(self, client: TestClient, db_url: str) -> None:
        made = paupers(db_url, ["human", "human"])
        state = play_until(db_url, made.id, lambda s: s.prompt().kind == "turn")
        seat = state.current_seats()[0]
        act = next(a for a in state.legal_actions(seat) if a.kind == "act")
        r = client.post(
            f"/play/{made.id}/act",
            data={
                "token": made.hotseat_token,
                "expected_actions": str(state.num_actions()),
                "action": json.dumps(act.to_json()),
                "mode": "hotseat",
                "seat": str(seat),
            },
        )
        after, _ = GameStore(db_url).load(made.id)
        assert list(after.current_seats()) == [seat]
        assert r.status_code == 200 and 'id="handover"' not in r.text and 'id="prompt"' in r.text

    def test_the_cover_shows_when_the_seat_changes(self, client: TestClient, db_url: str) -> None:
        made = paupers(db_url, ["human", "human"])
        state, _ = GameStore(db_url).load(made.id)
        seat = state.current_seats()[0]
        action = state.legal_actions(seat)[0]
        r = client.post(
            f"/play/{made.id}/act",
            data={
                "token": made.hotseat_token,
                "expected_actions": "0",
                "action": json.dumps(action.to_json()),
                "mode": "hotseat",
                "seat": str(seat),
            },
        )
        assert 'id="handover"' in r.text and f"Pass the device to Seat {2 - seat}" in r.text


class TestAlertsCardsAndPhones:
    """Items 8, 9 and 11 in the markup; the browser suite checks them in Chromium."""

    def test_the_page_says_whose_turn_for_the_alert(self, client: TestClient) -> None:
        game = new_game(client, ["human", "human"])
        page = client.get(game["seat_links"]["0"]).text
        assert 'data-your-turn="1"' in page and 'id="turn-alert"' in page

    def test_the_map_zooms_and_reads_as_a_list(self, client: TestClient, db_url: str) -> None:
        made = paupers(db_url, ["human", "human"])
        page = client.get(f"/play/{made.id}", params={"token": made.seat_tokens[0]}).text
        assert "data-zoom-map" in page and 'id="map-list"' in page and 'id="card-text"' in page
        assert "tap or click a card for its text" in page

    def test_no_inline_script_in_the_new_parts(self, client: TestClient) -> None:
        game = new_game(client, ["human", "human"])
        page = client.get(game["seat_links"]["0"]).text
        assert "onclick" not in page and "onsubmit" not in page
