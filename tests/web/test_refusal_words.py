"""Refusals in players' words on every way in (issue 24, point 7): the JSON API, the page forms
sent without JavaScript (a redirect back to the page, which says why), for every game: the
engine's reason alone, no action code, no seat, no decision kind, no ruling number; seats named
from 1 wherever a seat is named."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi.testclient import TestClient

from tabletop.engine import Action
from tabletop.games.paper_tales.web import unit
from tabletop.store.games import GameStore
from tabletop.web.moves import players_words

from .helpers import new_game, snapshot

ENGINE_SPEAK = re.compile(r"is not legal for|legal kinds now|seat \d|\bat '|\(ruling|\w+\(\w+=")


def test_the_engine_wrapper_leaves_the_reason_as_a_sentence() -> None:
    raw = (
        "paper-tales: deploy(blacksmith.3=front, golem.1=back) is not legal for Seat 1 at "
        "'deploy': your new Units cost 7 Gold and you have 5 (ruling 13) (legal kinds now: "
        "deploy, withdraw)"
    )
    assert players_words(raw) == "Your new Units cost 7 Gold and you have 5."
    bare = "toy-bids: bid(card=3) is not legal for Seat 2 at 'bid' (legal kinds now: bid)"
    assert players_words(bare) == "That move is not allowed now."
    # anything else is left as it was (a stale view, a token)
    assert players_words("this needs your seat's token") == "this needs your seat's token"


def paper_tales_at_deployment(db_url: str, client: TestClient) -> tuple[dict[str, Any], Any]:
    r = client.post(
        "/api/games",
        json={
            "game": "paper-tales",
            "params": {"players": 2},
            "seats": ["human", "human"],
            "seed": 4,
        },
    )
    made = r.json()
    store = GameStore(db_url)
    for _ in range(200):
        state, _ = store.load(made["id"])
        if state.prompt().kind == "deploy":
            return made, state
        seat = state.current_seats()[0]
        store.apply(made["id"], seat, state.legal_actions(seat)[0], seen=state.fingerprint(seat))
    raise AssertionError("never reached the Deployment")


def too_dear(state: Any, seat: int) -> Action:
    """An arrangement of ``seat``'s Deployment putting the dearest cards of its hand in play
    until they cost more than its Gold (the seed gives such a hand)."""
    view = state.view(seat)
    me = view["players"][seat]
    template = next(t for t in state.templates(seat) if t.kind == "deploy")
    hand = sorted(me["hand"], key=lambda c: -unit(c).cost)
    args: dict[str, str] = {p.name: "discard" for p in template.params}
    spent, rows = 0, ["front", "front", "back", "back"]
    for card, row in zip(hand, rows, strict=False):
        args[card] = row
        spent += unit(card).cost
        if spent > me["gold"]:
            return Action.of("deploy", **args)
    raise AssertionError("the hand costs no more than the Gold: another seed")


def test_the_json_api_refuses_in_players_words(client: TestClient, db_url: str) -> None:
    made, state = paper_tales_at_deployment(db_url, client)
    action = too_dear(state, 0)
    before = snapshot(db_url, made["id"])
    r = client.post(
        f"/api/games/{made['id']}/actions",
        headers={"X-Seat-Token": made["seat_tokens"]["0"]},
        json={"action": action.to_json(), "seen": state.fingerprint(0)},
    )
    assert r.status_code == 409 and r.json()["code"] == "illegal-action"
    message = r.json()["message"]
    assert re.fullmatch(r"Your new Units cost \d+ Gold and you have \d+\.", message), message
    assert r.json()["detail"] == message
    assert snapshot(db_url, made["id"]) == before


def test_a_form_sent_without_javascript_comes_back_in_players_words(
    client: TestClient, db_url: str
) -> None:
    made, state = paper_tales_at_deployment(db_url, client)
    action = too_dear(state, 0)
    token = made["seat_tokens"]["0"]
    form = {
        "token": token,
        "expected_actions": str(state.num_actions()),
        "seen": state.fingerprint(0),
        "template": "deploy",
        "fixed": "{}",
        **{f"arg.{k}": f'"{v}"' for k, v in action.args},
    }
    r = client.post(f"/play/{made['id']}/act", data=form, follow_redirects=False)
    assert r.status_code == 303
    error = parse_qs(urlsplit(r.headers["location"]).query)["error"][0]
    assert re.fullmatch(r"Your new Units cost \d+ Gold and you have \d+\.", error), error
    page = client.get(r.headers["location"]).text
    shown = unescape(re.search(r'<p class="error"[^>]*id="error">(.*?)</p>', page, re.S)[1])
    assert shown == error
    # every choice the player made is chosen again in the form, nothing to redo
    for card, where in action.args:
        select = re.search(
            rf'<select name="arg\.{re.escape(card)}"[^>]*>(.*?)</select>', page, re.S
        )
        assert select, card
        chosen = re.findall(r'<option value="([^"]*)" selected>', select[1])
        assert [unescape(v) for v in chosen] == [json.dumps(where)], (card, chosen)


def test_a_bid_the_rules_refuse_reads_as_words(client: TestClient, db_url: str) -> None:
    """A card not in hand, through the API and a form: never the engine's wrapper."""
    made = new_game(client, ["human", "human"])
    state, _ = GameStore(db_url).load(made["id"])
    hand = state.view(0)["hand"]
    bad = {"kind": "bid", "args": {"card": next(c for c in range(1, 11) if c not in hand)}}
    token = made["seat_tokens"]["0"]
    r = client.post(
        f"/api/games/{made['id']}/actions",
        headers={"X-Seat-Token": token},
        json={"action": bad, "seen": state.fingerprint(0)},
    )
    assert r.status_code == 409, r.text
    message = r.json()["message"]
    assert not ENGINE_SPEAK.search(message), message
    assert message[:1].isupper() and message.endswith("."), message
    form = {"token": token, "expected_actions": "0", "action": json.dumps(bad)}
    r = client.post(f"/play/{made['id']}/act", data=form, follow_redirects=False)
    error = parse_qs(urlsplit(r.headers["location"]).query)["error"][0]
    assert error == message


def test_kept_choices_in_the_address_only_ever_preselect(client: TestClient, db_url: str) -> None:
    """The page address carrying a refused form's choices is the player's to edit: anything
    that is no choice offered is ignored, never shown."""
    made, _ = paper_tales_at_deployment(db_url, client)
    url = f"/play/{made['id']}"
    token = made["seat_tokens"]["0"]
    plain = client.get(url, params={"token": token}).text
    for kept in ("{not json", "[1]", '{"kind": "deploy", "args": {"nope": "<b>x</b>"}}'):
        r = client.get(url, params={"token": token, "kept": kept})
        assert r.status_code == 200 and "<b>x</b>" not in r.text
        assert r.text.count(" selected>") == plain.count(" selected>")


def test_a_lairs_piece_refused_reads_as_words(client: TestClient, db_url: str) -> None:
    made = client.post(
        "/api/games",
        json={"game": "lairs", "params": {}, "seats": ["human", "human"], "seed": 3},
    ).json()
    store = GameStore(db_url)
    state, _ = store.load(made["id"])
    start = Action.of("build", piece="start", cell="F6", side="space")
    state = store.apply(made["id"], 0, start, seen=state.fingerprint(0))
    before = snapshot(db_url, made["id"])
    chest = {"kind": "build", "args": {"piece": "chest", "cell": "F6", "side": "space"}}
    r = client.post(
        f"/api/games/{made['id']}/actions",
        headers={"X-Seat-Token": made["seat_tokens"]["0"]},
        json={"action": chest, "seen": state.fingerprint(0)},
    )
    assert r.status_code == 409, r.text
    message = r.json()["message"]  # the rule's own words (Lairs' rules may word it otherwise)
    assert "F6" in message and not ENGINE_SPEAK.search(message), message
    assert message[:1].isupper() and message.endswith("."), message
    assert snapshot(db_url, made["id"]) == before
