"""The JSON API: refusals change nothing, seats see only their own secrets, resume, live events,
spectators, replays and undo. Played on the engine's test game ``toy-bids``."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.engine import load as tabletop_load
from tabletop.store.games import GameStore
from tabletop.web.app import create_app

from .helpers import new_game, snapshot


def view(client: TestClient, game: dict[str, Any], seat: int) -> dict[str, Any]:
    r = client.get(
        f"/api/games/{game['id']}/view", params={"token": game["seat_tokens"][str(seat)]}
    )
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def act(
    client: TestClient,
    game: dict[str, Any],
    as_seat: int,
    action: Any,
    expected: int,
    **extra: Any,
) -> Any:
    return client.post(
        f"/api/games/{game['id']}/actions",
        headers={"X-Seat-Token": game["seat_tokens"][str(as_seat)]},
        json={"action": action, "expected_actions": expected, **extra},
    )


class TestRefusals:
    """Every refusal under Security answers 4xx with a clear reason and leaves the store alone."""

    @pytest.fixture
    def game(self, client: TestClient) -> dict[str, Any]:
        return new_game(client, ["human", "human"])

    def refused(
        self, db_url: str, game: dict[str, Any], send: Any, status: int, code: str, words: str
    ) -> None:
        before = snapshot(db_url, game["id"])
        r = send()
        assert r.status_code == status, r.text
        body = r.json()
        assert body["code"] == code
        assert words in body["detail"]
        assert snapshot(db_url, game["id"]) == before

    def test_action_without_token(self, client, db_url, game) -> None:
        bid = view(client, game, 0)["options"][0]["action"]
        self.refused(
            db_url,
            game,
            lambda: client.post(
                f"/api/games/{game['id']}/actions", json={"action": bid, "expected_actions": 0}
            ),
            401,
            "token-required",
            "token",
        )

    def test_action_with_unknown_token(self, client, db_url, game) -> None:
        bid = view(client, game, 0)["options"][0]["action"]
        self.refused(
            db_url,
            game,
            lambda: client.post(
                f"/api/games/{game['id']}/actions",
                params={"token": "not-a-real-token"},
                json={"action": bid, "expected_actions": 0},
            ),
            403,
            "bad-token",
            "does not open any seat",
        )

    def test_token_of_another_game(self, client, db_url, game) -> None:
        other = new_game(client, ["human", "human"], seed=8)
        bid = view(client, game, 0)["options"][0]["action"]
        self.refused(
            db_url,
            game,
            lambda: client.post(
                f"/api/games/{game['id']}/actions",
                params={"token": other["seat_tokens"]["0"]},
                json={"action": bid, "expected_actions": 0},
            ),
            403,
            "bad-token",
            "does not open any seat",
        )

    def test_action_for_the_wrong_seat(self, client, db_url, game) -> None:
        bid = view(client, game, 1)["options"][0]["action"]
        self.refused(
            db_url,
            game,
            lambda: act(client, game, 0, bid, 0, seat=1),
            403,
            "wrong-seat",
            "your token is for Seat 1",
        )

    def test_view_of_the_wrong_seat(self, client, game) -> None:
        r = client.get(
            f"/api/games/{game['id']}/view",
            params={"token": game["seat_tokens"]["0"], "seat": 1},
        )
        assert r.status_code == 403
        assert "Seat 1" in r.json()["detail"]

    def test_view_without_token(self, client, game) -> None:
        r = client.get(f"/api/games/{game['id']}/view")
        assert r.status_code == 401
        assert r.json()["code"] == "token-required"

    def test_out_of_turn(self, client, db_url, game) -> None:
        # seat 0 bids high, seat 1 low: seat 1 alone answers steal-or-pass
        high = view(client, game, 0)["options"][-2]["action"]  # (the last option is withdraw)
        assert act(client, game, 0, high, 0).status_code == 200
        low = view(client, game, 1)["options"][0]["action"]
        assert act(client, game, 1, low, 1).status_code == 200
        assert view(client, game, 1)["view"]["prompt"]["seats"] == [1]
        self.refused(
            db_url,
            game,
            lambda: act(client, game, 0, {"kind": "pass", "args": {}}, 2),
            409,
            "not-your-turn",
            "Seat 1 may not act now",
        )

    def test_stale(self, client, db_url, game) -> None:
        bid = view(client, game, 0)["options"][0]["action"]
        self.refused(
            db_url, game, lambda: act(client, game, 0, bid, 5), 409, "stale", "you saw 5 actions"
        )

    def test_stale_after_the_game_moved_on_in_a_way_the_seat_sees(self, client, db_url, game):
        v0 = view(client, game, 0)
        assert act(client, game, 0, v0["options"][0]["action"], 0).is_success
        assert act(client, game, 1, view(client, game, 1)["options"][0]["action"], 1).is_success
        # the bids are revealed: seat 0's view from before them is stale, by either guard
        for guard in ({"seen": v0["seen"]}, {"expected_actions": 0}):
            self.refused(
                db_url,
                game,
                lambda guard=guard: client.post(
                    f"/api/games/{game['id']}/actions",
                    headers={"X-Seat-Token": game["seat_tokens"]["0"]},
                    json={"action": v0["options"][1]["action"], **guard},
                ),
                409,
                "stale",
                "you can see",
            )

    def test_another_seats_hidden_choice_does_not_make_a_view_stale(self, client, game) -> None:
        v1 = view(client, game, 1)
        assert act(client, game, 0, view(client, game, 0)["options"][0]["action"], 0).is_success
        # seat 1 acts on the view it loaded before seat 0's bid: nothing it can see changed
        r = act(client, game, 1, v1["options"][0]["action"], v1["num_actions"])
        assert r.status_code == 200, r.text

    def test_illegal_action(self, client, db_url, game) -> None:
        hand = view(client, game, 0)["view"]["hand"]
        missing = next(c for c in range(1, 11) if c not in hand)
        self.refused(
            db_url,
            game,
            lambda: act(client, game, 0, {"kind": "bid", "args": {"card": missing}}, 0),
            409,
            "illegal-action",
            "is not allowed now.",
        )

    @pytest.mark.parametrize(
        "action",
        [
            "bid",
            {"args": {"card": 3}},
            {"kind": "bid", "args": [3]},
            {"kind": "bid", "args": {"card": 2.5}},
            {"kind": ""},
        ],
    )
    def test_malformed_action(self, client, db_url, game, action) -> None:
        self.refused(db_url, game, lambda: act(client, game, 0, action, 0), 422, "malformed", "")

    def test_malformed_body(self, client, db_url, game) -> None:
        token = game["seat_tokens"]["0"]
        url = f"/api/games/{game['id']}/actions?token={token}"
        for body in (b"{not json", b'{"action": {"kind": "bid"}}', b'{"expected_actions": 0}'):
            self.refused(
                db_url,
                game,
                lambda body=body: client.post(
                    url, content=body, headers={"Content-Type": "application/json"}
                ),
                422,
                "malformed",
                "malformed request",
            )

    def test_unknown_game(self, client) -> None:
        r = client.post(
            "/api/games/nope/actions",
            params={"token": "x"},
            json={"action": {"kind": "bid"}, "expected_actions": 0},
        )
        assert r.status_code == 404
        assert "no game" in r.json()["detail"]

    def test_hotseat_token_must_name_a_human_seat(self, client, db_url) -> None:
        game = new_game(client, ["human", "bot:random"])
        token = game["hotseat_token"]
        bid = {"kind": "bid", "args": {"card": 1}}
        url = f"/api/games/{game['id']}/actions"
        before = snapshot(db_url, game["id"])
        r = client.post(url, params={"token": token}, json={"action": bid, "expected_actions": 1})
        assert (r.status_code, r.json()["code"]) == (422, "seat-required")
        r = client.post(
            url, params={"token": token}, json={"action": bid, "expected_actions": 1, "seat": 1}
        )
        assert (r.status_code, r.json()["code"]) == (403, "wrong-seat")
        assert snapshot(db_url, game["id"]) == before

    def test_bad_new_game(self, client) -> None:
        for body, words in (
            ({"game": "nope", "seats": ["human"]}, "unknown game"),
            ({"game": "toy-bids", "seats": ["human"]}, "has 2 seats"),
            ({"game": "toy-bids", "seats": ["human", "bot:genius"]}, "no bot 'genius'"),
            ({"game": "toy-bids", "params": {"players": 9}, "seats": []}, "<= 7"),
        ):
            r = client.post("/api/games", json=body)
            assert r.status_code == 422
            assert words in r.json()["detail"]
        assert client.get("/api/games").json() == []


class TestSecrets:
    def test_each_seat_sees_only_its_own_hand_all_game(self, client, db_url) -> None:
        game = new_game(client, ["human", "human"], seed=11)
        store = GameStore(db_url)
        responses = 0
        while True:
            state, _ = store.load(game["id"])
            if state.is_terminal():
                break
            for seat in (0, 1):
                other = 1 - seat
                got = view(client, game, seat)
                responses += 1
                assert got["view"] == state.view(seat)
                assert got["view"]["hand"] == state.data["hands"][seat]
                # nothing about the other seat beyond counts and public facts
                text = json.dumps(got)
                assert "hands" not in text and '"bids"' not in text
                assert got["view"]["hand_sizes"][other] == len(state.data["hands"][other])
                if state.commitment(other) is not None:
                    assert other in got["view"]["commitments"]["committed"]
                    assert f'"{state.commitment(other)}"' not in text
                mine = state.commitment(seat)
                if state.prompt().commit:
                    assert got["view"]["commitments"]["mine"] == (mine and mine.to_json())
            seat = state.current_seats()[0]
            v = view(client, game, seat)
            r = act(client, game, seat, v["options"][-1]["action"], v["num_actions"])
            assert r.status_code == 200, r.text
            assert r.json()["view"] == store.load(game["id"])[0].view(seat)
        assert responses > 10

    def test_pending_bid_is_hidden_from_the_other_seat_page(self, client, db_url) -> None:
        game = new_game(client, ["human", "human"], seed=5)
        v0 = view(client, game, 0)
        act(client, game, 0, v0["options"][0]["action"], 0)
        state, _ = GameStore(db_url).load(game["id"])
        page = client.get(f"/play/{game['id']}", params={"token": game["seat_tokens"]["1"]}).text
        hand_panel = page.split('id="panel-hand"')[1].split("</section>")[0]
        chips = [c.split("</span>")[0] for c in hand_panel.split('class="chip">')[1:]]
        assert chips == [str(c) for c in state.data["hands"][1]]
        assert state.commitment(0) is not None
        assert "Has chosen: Seat 1" in page and 'id="my-choice"' not in page
        mine = client.get(f"/play/{game['id']}", params={"token": game["seat_tokens"]["0"]}).text
        card = v0["options"][0]["action"]["args"]["card"]
        assert f'<b id="my-choice-words">You bid {card}</b>' in mine

    def test_record_is_closed_while_the_game_runs(self, client) -> None:
        game = new_game(client, ["human", "bot:random"])
        r = client.get(f"/api/games/{game['id']}/record")
        assert r.status_code == 409
        assert "when the game is over" in r.json()["detail"]
        assert client.get(f"/api/games/{game['id']}/replay/0").status_code == 409


def test_bots_answer_a_human_until_the_end(client, db_url) -> None:
    game = new_game(client, ["human", "bot:random"], seed=3, rounds=4)
    while True:
        v = view(client, game, 0)
        if v["status"] == "over":
            break
        assert v["options"], "the bots left a human-free decision pending"
        assert act(client, game, 0, v["options"][0]["action"], v["num_actions"]).is_success
    state, info = GameStore(db_url).load(game["id"])
    assert state.is_terminal() and info.status == "over"
    assert {s for s, _ in state.history()} == {0, 1}


def test_resume_after_restart(db_url) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as first:
        game = new_game(first, ["human", "human"], seed=2)
        v = view(first, game, 0)
        assert act(first, game, 0, v["options"][0]["action"], 0).is_success
        seen = view(first, game, 0)
    with TestClient(create_app(db_url, bot_delay=0)) as second:
        assert view(second, game, 0) == seen
        v1 = view(second, game, 1)
        assert act(second, game, 1, v1["options"][0]["action"], 1).is_success
        assert [g["id"] for g in second.get("/api/games").json()] == [game["id"]]


def test_events_deliver_the_other_seats_move(db_url) -> None:
    app = create_app(db_url, bot_delay=0)
    # the move below must land while the stream is open, even on a busy machine
    app.state.sse_lifetime = 5.0
    app.state.sse_poll = 0.05
    with TestClient(app) as watcher, TestClient(app) as player:
        game = new_game(player, ["human", "human"])
        got: dict[str, str] = {}

        def listen() -> None:
            got["body"] = watcher.get(f"/api/games/{game['id']}/events", params={"since": 0}).text

        t = threading.Thread(target=listen)
        t.start()
        time.sleep(0.4)
        bid = view(player, game, 0)["options"][0]["action"]
        assert act(player, game, 0, bid, 0).is_success
        t.join(10)
    events = [e for e in got["body"].split("\n\n") if e.startswith("id:")]
    assert events == ['id: 1\nevent: state\ndata: {"num_actions": 1, "status": "active"}']


def test_spectator_sees_no_hand(client) -> None:
    game = new_game(client, ["human", "bot:random"])
    r = client.get(f"/api/games/{game['id']}/spectator")
    assert r.status_code == 200
    body = r.json()
    assert body["seat"] is None and body["options"] == []
    assert body["view"]["hand"] is None and body["view"]["commitments"]["mine"] is None
    page = client.get(f"/watch/{game['id']}").text
    assert "spectator" in page and "<form" not in page
    assert '<dd id="fact-hand"><span class="none">—</span></dd>' in page


def test_replay_of_a_finished_game(client, db_url) -> None:
    game = new_game(client, ["bot:random", "bot:random"], seed=9, rounds=3)
    state, info = GameStore(db_url).load(game["id"])
    assert state.is_terminal()
    record = client.get(f"/api/games/{game['id']}/record").json()
    steps = len(record["actions"])
    assert steps == info.num_actions > 0
    first = client.get(f"/api/games/{game['id']}/replay/0").json()
    assert first["last"] is None and first["num_actions"] == 0 and first["steps"] == steps
    mid = client.get(f"/api/games/{game['id']}/replay/1").json()
    assert mid["last"]["seat"] == record["actions"][0]["seat"]
    assert mid["last"]["label"].startswith("Bid ")
    last = client.get(f"/api/games/{game['id']}/replay/{steps}").json()
    assert last["view"] == state.view(None)
    assert client.get(f"/api/games/{game['id']}/replay/{steps + 1}").status_code == 404
    page = client.get(f"/replay/{game['id']}", params={"step": 1}).text
    assert "Step 1 of" in page and "Next" in page


class TestUndo:
    def test_own_bid_before_the_other_seat_moves(self, client, db_url) -> None:
        game = new_game(client, ["human", "human"], seed=4)
        start = snapshot(db_url, game["id"])
        v = view(client, game, 0)
        assert act(client, game, 0, v["options"][0]["action"], 0).is_success
        r = client.post(
            f"/api/games/{game['id']}/undo",
            params={"token": game["seat_tokens"]["0"]},
            json={"expected_actions": 1},
        )
        assert r.status_code == 200, r.text
        assert r.json()["view"] == v["view"]
        assert snapshot(db_url, game["id"]) == start

    def undo(self, client, game, seat, expected):
        return client.post(
            f"/api/games/{game['id']}/undo",
            params={"token": game["seat_tokens"][str(seat)]},
            json={"expected_actions": expected},
        )

    def test_refused_past_a_reveal_or_another_seat(self, client, db_url) -> None:
        game = new_game(client, ["human", "human"], seed=4)
        act(client, game, 0, view(client, game, 0)["options"][0]["action"], 0)
        act(client, game, 1, view(client, game, 1)["options"][0]["action"], 1)
        before = snapshot(db_url, game["id"])
        # seat 1's bid completed the round and showed it seat 0's bid
        r = self.undo(client, game, 1, 2)
        assert (r.status_code, r.json()["code"]) == (409, "undo-refused")
        assert "revealed hidden information" in r.json()["detail"]
        r = self.undo(client, game, 0, 2)
        assert r.status_code == 409 and "the last step was Seat 2's" in r.json()["detail"]
        r = self.undo(client, game, 1, 1)
        assert (r.status_code, r.json()["code"]) == (409, "stale")
        assert snapshot(db_url, game["id"]) == before

    def test_refused_past_a_deal_of_new_cards(self, client, db_url) -> None:
        game = new_game(client, ["human", "human"], seed=4)
        store = GameStore(db_url)
        # play until someone has answered steal-or-pass (which deals new cards)
        while True:
            state, _ = store.load(game["id"])
            seat = state.current_seats()[0]
            kind = state.prompt().kind
            v = view(client, game, seat)
            act(client, game, seat, v["options"][0]["action"], v["num_actions"])
            if kind == "steal-or-pass" or store.load(game["id"])[0].rounds() > state.rounds():
                break
        before = snapshot(db_url, game["id"])
        r = self.undo(client, game, seat, before[1])
        assert r.status_code == 409
        # the top card of the shuffled deck was hidden until dealt: a reveal
        assert "cannot be undone: it revealed hidden information" in r.json()["detail"]
        assert snapshot(db_url, game["id"]) == before


class TestPages:
    def test_lobby_offers_the_game_its_options_and_bots(self, client) -> None:
        page = client.get("/").text
        assert "Secret Bids (engine test game)" in page
        assert 'name="toy-bids.param.players"' in page and 'value="bot:random"' in page

    def test_seat_count_follows_parameters(self, client) -> None:
        r = client.post("/api/seat-count", json={"game": "toy-bids", "params": {"players": "3"}})
        assert r.json() == {"seats": 3, "roles": ["player"] * 3, "automata": []}

    def test_new_game_form_then_hotseat(self, client, db_url) -> None:
        r = client.post(
            "/new",
            data={
                "game": "toy-bids",
                "toy-bids.param.players": "2",
                "toy-bids.param.rounds": "3",
                "toy-bids.seat.0": "human",
                "toy-bids.seat.1": "human",
            },
        )
        assert r.status_code == 200 and "Play on this screen" in r.text
        hot = r.text.split('id="hotseat-link" href="')[1].split('"')[0].replace("&amp;", "&")
        ident = hot.split("/")[2].split("?")[0]
        cover = client.get(hot).text
        assert "Pass the device to Seat 1" in cover and "panel-hand" not in cover
        seat0 = client.get(hot + "&show=0").text
        assert "you are <b>Seat 1</b>" in seat0 and 'id="panel-hand"' in seat0
        action = seat0.split('name="action" value="')[1].split('"')[0].replace("&#34;", '"')
        token = hot.split("token=")[1]
        r = client.post(
            f"/play/{ident}/act",
            data={
                "token": token,
                "expected_actions": "0",
                "action": action,
                "mode": "hotseat",
                "seat": "0",
            },
        )
        assert r.status_code == 200 and "Pass the device to Seat 2" in r.text
        assert GameStore(db_url).load(ident)[1].num_actions == 1

    def test_page_with_a_bad_token(self, client) -> None:
        game = new_game(client, ["human", "human"])
        r = client.get(f"/play/{game['id']}", params={"token": "nope"})
        assert r.status_code == 403 and "does not open any seat" in r.text

    def test_form_refusal_is_shown_on_the_page(self, client, db_url) -> None:
        game = new_game(client, ["human", "human"])
        before = snapshot(db_url, game["id"])
        r = client.post(
            f"/play/{game['id']}/act",
            data={
                "token": game["seat_tokens"]["0"],
                "expected_actions": "3",
                "action": '{"kind": "bid", "args": {"card": 1}}',
            },
        )
        assert r.status_code == 200 and "The game moved on while you were choosing" in r.text
        assert snapshot(db_url, game["id"]) == before
        # a take-back sent on an old page says so in the same words, nothing undone
        r = client.post(
            f"/play/{game['id']}/undo",
            data={"token": game["seat_tokens"]["0"], "expected_actions": "3"},
        )
        assert r.status_code == 200 and "so nothing was taken back" in r.text
        assert "stale undo" not in r.text
        assert snapshot(db_url, game["id"]) == before


def test_game_renderer_is_used_when_a_game_ships_one(monkeypatch, client) -> None:
    from tabletop.web import service as webservice

    drawn = "<svg id='drawn'></svg>"
    monkeypatch.setattr(webservice, "game_renderer", lambda game: lambda v: drawn)
    game = new_game(client, ["human", "human"])
    page = client.get(f"/play/{game['id']}", params={"token": game["seat_tokens"]["0"]}).text
    assert "<svg id='drawn'></svg>" in page and 'id="panel-hand"' not in page


def test_openapi_documents_the_api(client) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for p in ("/api/games", "/api/games/{ident}/view", "/api/games/{ident}/actions"):
        assert p in paths
    assert "/api/games/{ident}/undo" in paths and "/api/games/{ident}/replay/{step}" in paths


class TestFinishedGamesCannotBeUndone:
    def test_undo_after_the_end_is_refused_and_changes_nothing(self, client, db_url) -> None:
        from tabletop.engine.harness import random_playout
        from tabletop.web.service import create_game

        game = tabletop_load("paupers-ladder", mode="solo")
        finished, _ = random_playout(game, 0, check=False)  # its last step drew nothing random
        made = create_game(db_url, "paupers-ladder", {"mode": "solo"}, ["human"], seed=0)
        store = GameStore(db_url)
        for seat, action in finished.history():
            store.apply(made.id, seat, action)
        assert client.get(f"/api/games/{made.id}/record").status_code == 200
        before = snapshot(db_url, made.id)
        r = client.post(
            f"/api/games/{made.id}/undo",
            params={"token": made.seat_tokens[0]},
            json={"expected_actions": before[1]},
        )
        assert (r.status_code, r.json()["code"]) == (409, "game-over"), r.text
        assert snapshot(db_url, made.id) == before
