"""The seat pages as the game moves (issue 24): after a simultaneous choice the player sees it as
theirs and whom the table waits for; a page is redrawn only when something its seat can see
changed; a lone option with nothing to think over is taken without a click; the lobby offers
greedy and names solo scenarios; a rematch gets a title of its own."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from tabletop.engine import load
from tabletop.engine.bots import make_bot
from tabletop.store.games import GameStore
from tabletop.web.pages import yours
from tabletop.web.render import lone_option
from tabletop.web.routers.lobby import rematch_title
from tabletop.web.service import create_game


def page_of(client: TestClient, ident: str, token: str) -> str:
    r = client.get(f"/play/{ident}", params={"token": token})
    assert r.status_code == 200, r.text
    return r.text


def first_match(pattern: str, text: str) -> str:
    found = re.search(pattern, text, re.S)
    assert found, pattern
    return unescape(found.group(1))


class TestAfterCommitting:
    """Issue 24, "What to build" 4: your choice as yours, the tab title "Waiting for ..." and
    withdraw beside it."""

    def start(self, client: TestClient) -> Any:
        r = client.post(
            "/api/games",
            json={"game": "paper-tales", "params": {"players": 3}, "seats": ["human"] * 3},
        )
        assert r.status_code == 200, r.text
        return r.json()

    def test_the_choice_reads_as_yours_and_the_table_waits_for_the_others_by_name(
        self, client: TestClient, db_url: str
    ) -> None:
        made = self.start(client)
        ident, tokens = made["id"], made["seat_tokens"]
        view = client.get(f"/api/games/{ident}/view", params={"token": tokens["0"]}).json()
        option = view["options"][1]
        assert option["label"].startswith("Keep the ")
        r = client.post(
            f"/api/games/{ident}/actions",
            params={"token": tokens["0"]},
            json={"action": option["action"], "seen": view["seen"]},
        )
        assert r.status_code == 200, r.text
        state, _ = GameStore(db_url).load(ident)
        names = state.seat_names()
        mine = page_of(client, ident, tokens["0"])
        card = option["label"].removeprefix("Keep the ")
        assert first_match(r'id="my-choice-words">(.*?)</b>', mine) == f"You keep the {card}"
        waiting = f"{names[1]} and {names[2]}"
        assert first_match(r'id="waiting-for">(.*?)</span>', mine) == (
            f"Waiting for {waiting} to choose."
        )
        # the tab title (static/app.js) reads these: not "Your turn", but whom the table awaits
        assert 'data-your-turn="0"' in mine and f'data-waiting-for="{waiting}"' in mine
        # withdraw beside the choice, and not among the options to change it to
        choice = mine.split('id="my-choice"')[1].split("</div>")[0]
        assert 'id="withdraw"' in choice and "Withdraw my choice" in choice
        options = mine.split('id="change-choice"')[1]
        assert "withdraw" not in options.split('id="latest"')[0].lower()
        # the others see only that this seat has chosen
        theirs = page_of(client, ident, tokens["1"])
        assert 'id="my-choice"' not in theirs and f"You keep the {card}" not in theirs
        assert f"Has chosen: {names[0]}" in theirs and 'data-your-turn="1"' in theirs

    def test_withdrawing_gives_the_decision_back(self, client: TestClient, db_url: str) -> None:
        made = self.start(client)
        ident, token = made["id"], made["seat_tokens"]["0"]
        view = client.get(f"/api/games/{ident}/view", params={"token": token}).json()
        client.post(
            f"/api/games/{ident}/actions",
            params={"token": token},
            json={"action": view["options"][0]["action"], "seen": view["seen"]},
        )
        mine = page_of(client, ident, token)
        withdraw = first_match(
            r'class="withdraw">.*?name="action" value="([^"]*)"', mine.split('id="my-choice"')[1]
        )
        seen = first_match(r'class="withdraw">.*?name="seen" value="([^"]*)"', mine)
        r = client.post(
            f"/play/{ident}/act",
            data={"token": token, "action": withdraw, "seen": seen, "expected_actions": "1"},
            follow_redirects=False,
        )
        assert r.status_code == 303 and "error" not in r.headers["location"]
        again = page_of(client, ident, token)
        assert 'id="my-choice"' not in again and 'data-your-turn="1"' in again

    def test_words_that_do_not_start_with_a_verb_are_still_yours(self) -> None:
        assert (
            yours("Start with brawn, guile, quickness") == "You start with brawn, guile, quickness"
        )
        assert yours("Front: Golem; Back: nobody") == "Your choice: Front: Golem; Back: nobody"


class TestTheLiveReloadLeavesAnUnchangedPageAlone:
    """Issue 24 point 1: the page is redrawn only when something its seat can see changed, not
    for every secret step of a rival (or a bot) building its lair."""

    def test_a_rivals_secret_piece_answers_204_and_a_seen_change_redraws(
        self, client: TestClient, db_url: str
    ) -> None:
        made = client.post(
            "/api/games", json={"game": "lairs", "seats": ["human", "human"], "seed": 3}
        ).json()
        ident, tokens = made["id"], made["seat_tokens"]
        fragment = client.get(f"/play/{ident}/fragment", params={"token": tokens["0"]})
        digest = fragment.headers["X-Board-Digest"]
        assert f'data-digest="{digest}"' in page_of(client, ident, tokens["0"])
        store = GameStore(db_url)
        state, _ = store.load(ident)
        rival = make_bot(state.game, "greedy", 1, 5)
        for _ in range(3):  # the rival builds three pieces of its secret lair
            state = store.apply(ident, 1, rival.act(state), state.num_actions())
        again = client.get(
            f"/play/{ident}/fragment", params={"token": tokens["0"], "digest": digest}
        )
        assert again.status_code == 204 and again.headers["X-Board-Digest"] == digest
        # the rival's own page did change: its lair holds the pieces
        theirs = client.get(f"/play/{ident}/fragment", params={"token": tokens["1"], "digest": ""})
        assert theirs.status_code == 200
        # seat 0 builds: its own board changes, so its page is redrawn
        mine = make_bot(state.game, "greedy", 0, 5)
        store.apply(ident, 0, mine.act(state), state.num_actions())
        moved = client.get(
            f"/play/{ident}/fragment", params={"token": tokens["0"], "digest": digest}
        )
        assert moved.status_code == 200 and moved.headers["X-Board-Digest"] != digest

    def test_the_hot_seat_page_reloads_only_when_its_screen_changed(
        self, client: TestClient, db_url: str
    ) -> None:
        made = client.post(
            "/api/games", json={"game": "lairs", "seats": ["human", "bot:greedy"], "seed": 3}
        ).json()
        ident, token = made["id"], made["hotseat_token"]
        page = client.get(f"/hotseat/{ident}", params={"token": token, "show": 0}).text
        digest = first_match(r'data-digest="([^"]*)"', page)
        url = f"/hotseat/{ident}/changed"
        assert f'data-changed="{url}?token={token}&amp;show=0"' in page
        same = client.get(url, params={"token": token, "show": 0, "digest": digest})
        assert same.status_code == 204
        store = GameStore(db_url)
        state, _ = store.load(ident)
        store.apply(ident, 0, make_bot(state.game, "greedy", 0, 5).act(state), state.num_actions())
        changed = client.get(url, params={"token": token, "show": 0, "digest": digest})
        assert changed.status_code == 200


def paupers_game_where(db_url: str, test: Any, seats: int = 2) -> tuple[Any, Any]:
    """A stored Paupers' Ladder game of people (its links), played by random bots until
    ``test(state)``, and that state."""
    for seed in range(20):
        made = create_game(db_url, "paupers-ladder", {"players": seats}, ["human"] * seats, seed)
        ident = made.id
        store = GameStore(db_url)
        state, _ = store.load(ident)
        bots = {s: make_bot(state.game, "random", s, seed) for s in range(seats)}
        for _ in range(600):
            if state.is_terminal():
                break
            if test(state):
                return made, state
            seat = state.current_seats()[0]
            state = store.apply(ident, seat, bots[seat].act(state), state.num_actions())
    raise AssertionError("no such state")


class TestALoneOption:
    """Issue 24 point 10: a one-option decision is taken without a click where nothing is left
    to think over: not a draw from a deck, not a simultaneous choice, nothing thrown away."""

    def test_the_page_marks_it_to_be_taken_and_says_so(
        self, client: TestClient, db_url: str
    ) -> None:
        def lone(state: Any) -> bool:
            return lone_option(state, state.current_seats()[0]) is not None

        made, state = paupers_game_where(db_url, lone)
        page = page_of(client, made.id, made.seat_tokens[state.current_seats()[0]])
        assert len(re.findall(r"<form [^>]*data-auto=\"1\"", page)) == 1
        assert 'id="only-option"' in page

    def test_a_draw_is_left_to_the_player(self, client: TestClient, db_url: str) -> None:
        def one_draw(state: Any) -> bool:
            seat = state.current_seats()[0]
            legal = state.legal_actions(seat)
            return len(legal) == 1 and legal[0].kind == "draw"

        made, state = paupers_game_where(db_url, one_draw)
        seat = state.current_seats()[0]
        assert lone_option(state, seat) is None
        page = page_of(client, made.id, made.seat_tokens[seat])
        assert "data-auto" not in page and 'id="only-option"' not in page


def test_every_lone_option_draws_nothing_and_commits_nothing() -> None:
    """The rule itself, over seeded random playouts of every game: what is taken for a player
    never moves the random stream, is never a simultaneous choice, and is the only option."""
    from tabletop.engine import specs
    from tabletop.engine.bots import random_action
    from tabletop.engine.rng import Rng

    taken = 0
    for spec in specs():
        for params in spec.conformance[:2]:
            game = load(spec.name, **params)
            state = game.new_state(1)
            rng = Rng(2)
            for _ in range(400):
                if state.is_terminal():
                    break
                seat = state.current_seats()[0]
                only = lone_option(state, seat)
                if only is not None:
                    taken += 1
                    assert state.legal_actions(seat) == [only]
                    assert not state.prompt().commit
                    after = state.clone()
                    after.apply(only, seat)
                    assert after.rng == state.rng, (spec.name, only)
                state.apply(random_action(state, seat, rng), seat)
    assert taken > 0


class TestTheLobby:
    def test_greedy_is_the_default_opponent_in_every_game(self, client: TestClient) -> None:
        page = client.get("/").text
        for g in client.get("/api/specs").json():
            if "greedy" not in g["bots"]:
                continue
            fieldset = page.split(f'data-game="{g["name"]}"')[1].split("</fieldset>")[0]
            seat2 = fieldset.split(f'name="{g["name"]}.seat.1"')[1].split("</select>")[0]
            assert '<option value="bot:greedy" selected>' in seat2, g["name"]
            assert 'bot:ismcts" selected' not in fieldset

    def test_solo_scenarios_show_their_names(self, client: TestClient) -> None:
        page = client.get("/").text
        select = page.split('name="paupers-ladder.param.scenario"')[1].split("</select>")[0]
        assert ">Fiery Siege</option>" in select
        assert '<option value="fiery-siege"' in select and ">fiery-siege<" not in select


class TestRematch:
    def test_a_rematch_gets_a_title_of_its_own(self) -> None:
        assert rematch_title("Friday", ["Friday"]) == "Friday (rematch 1)"
        assert rematch_title("Friday (rematch 1)", ["Friday", "Friday (rematch 1)"]) == (
            "Friday (rematch 2)"
        )
        taken = ["Friday", "Friday (rematch 1)", "Friday (rematch 2)"]
        assert rematch_title("Friday", taken) == "Friday (rematch 3)"
        assert len(rematch_title("x" * 200, [])) <= 200

    def test_through_the_page(self, client: TestClient, db_url: str) -> None:
        game = load("toy-bids")
        ident = create_game(db_url, "toy-bids", {}, ["human", "bot:random"], 1, "Friday").id
        store = GameStore(db_url)
        state, _ = store.load(ident)
        bots = {s: make_bot(game, "random", s, 3) for s in (0, 1)}
        while not state.is_terminal():
            seat = state.current_seats()[0]
            state = store.apply(ident, seat, bots[seat].act(state), state.num_actions())
        assert client.post(f"/rematch/{ident}").status_code == 200
        titles = sorted(i.title for i in store.list())
        assert titles == ["Friday", "Friday (rematch 1)"]
