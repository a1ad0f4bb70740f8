"""The lobby's seats: bots with parameters (``bot:ismcts?iterations=200``) are accepted as the
engine's bots accept them and bad ones refused naming the seat and the spec; each seat's role and
the rules' own participants (automata) are shown while choosing; the site's navigation reaches the
reports. Played on the engine's test games."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tests.engine.lairgame as lairgame
from tabletop.engine.registry import game_class
from tabletop.store.games import GameStore

from .helpers import new_game


class TestBotsWithParameters:
    def test_the_api_seats_an_ismcts_bot_with_iterations_and_it_plays(
        self, client: TestClient, db_url: str
    ) -> None:
        game = new_game(client, ["human", "bot:ismcts?iterations=20"], rounds=2)
        _, info = GameStore(db_url).load(game["id"])
        assert info.seats == ["human", "bot:ismcts?iterations=20"]
        for _ in range(20):
            v = client.get(
                f"/api/games/{game['id']}/view", params={"token": game["seat_tokens"]["0"]}
            ).json()
            if v["status"] == "over":
                break
            r = client.post(
                f"/api/games/{game['id']}/actions",
                params={"token": game["seat_tokens"]["0"]},
                json={"action": v["options"][0]["action"], "seen": v["seen"]},
            )
            assert r.status_code == 200, r.text
        state, _ = GameStore(db_url).load(game["id"])
        assert state.is_terminal()
        assert 1 in {seat for seat, _ in state.history()}  # the bot moved

    def test_the_lobby_form_seats_a_bot_with_parameters(
        self, client: TestClient, db_url: str
    ) -> None:
        r = client.post(
            "/new",
            data={
                "game": "toy-bids",
                "toy-bids.param.players": "2",
                "toy-bids.param.rounds": "2",
                "toy-bids.seat.0": "human",
                "toy-bids.seat.1": "bot:ismcts?iterations=200&c=0.7",
            },
        )
        assert r.status_code == 200, r.text
        [info] = GameStore(db_url).list()
        assert info.seats == ["human", "bot:ismcts?iterations=200&c=0.7"]

    def test_the_lobby_joins_a_seats_bot_options_into_its_spec(
        self, client: TestClient, db_url: str
    ) -> None:
        form = {
            "game": "toy-bids",
            "toy-bids.param.players": "2",
            "toy-bids.seat.0": "human",
            "toy-bids.seat.0.options": "",
            "toy-bids.seat.1": "bot:ismcts",
            "toy-bids.seat.1.options": " iterations=20, c=0.7 ",
        }
        assert client.post("/new", data=form).status_code == 200
        [info] = GameStore(db_url).list()
        assert info.seats == ["human", "bot:ismcts?iterations=20&c=0.7"]
        for seat, options, words in (
            ("1", "iterations=none", "Seat 2 ('bot:ismcts?iterations=none')"),
            ("0", "iterations=20", "Seat 1 is a person: options apply to a bot only"),
        ):
            r = client.post("/new", data={**form, f"toy-bids.seat.{seat}.options": options})
            assert r.status_code == 422 and words in unescape(r.text), r.text[-2000:]
        assert len(GameStore(db_url).list()) == 1

    @pytest.mark.parametrize(
        ("spec", "words"),
        [
            ("bot:ismcts?iterations=many", "parameter 'iterations' must be a int"),
            ("bot:ismcts?iterations=0", "out of range"),
            ("bot:ismcts?depth=3", "has no parameter 'depth'"),
            ("bot:ismcts?iterations", "parameters are key=value"),
            ("bot:random?iterations=5", "takes no parameters"),
            ("bot:genius?iterations=5", "no bot 'genius'"),
        ],
    )
    def test_a_bad_bot_is_refused_naming_the_seat_and_the_spec(
        self, client: TestClient, spec: str, words: str
    ) -> None:
        r = client.post(
            "/api/games", json={"game": "toy-bids", "seats": ["human", spec], "seed": 1}
        )
        assert r.status_code == 422, r.text
        message = r.json()["message"]
        assert message.startswith(f"Seat 2 ({spec!r})") and words in message, message
        page = client.post(
            "/new",
            data={"game": "toy-bids", "toy-bids.seat.0": "human", "toy-bids.seat.1": spec},
        )
        assert page.status_code == 422 and f"Seat 2 ({spec!r})" in unescape(page.text)
        assert client.get("/api/games").json() == []


class TestRolesAndAutomata:
    def test_the_rules_own_participant_is_named_and_is_no_seat(self, client: TestClient) -> None:
        r = client.post(
            "/api/seat-count",
            json={"game": "toy-lairs", "params": {"players": "2", "archivist": "true"}},
        )
        assert r.json() == {
            "seats": 2,
            "roles": ["player", "player"],
            "automata": [lairgame.ARCHIVIST],
        }
        plain = client.post("/api/seat-count", json={"game": "toy-lairs", "params": {}})
        assert plain.json()["automata"] == []

    def test_paper_tales_solo_names_the_lich_king(self, client: TestClient) -> None:
        """Solo Paper Tales: one seat to fill; the Lich King is played by the rules."""
        r = client.post("/api/seat-count", json={"game": "paper-tales", "params": {"mode": "solo"}})
        assert r.json() == {"seats": 1, "roles": ["player"], "automata": ["the Lich King"]}
        standard = client.post("/api/seat-count", json={"game": "paper-tales", "params": {}})
        assert standard.json()["automata"] == []

    def test_each_seat_shows_its_role(
        self, client: TestClient, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        def roles(game: Any) -> tuple[str, ...]:
            return ("builder",) + ("explorer",) * (game.num_players - 1)

        monkeypatch.setattr(lairgame.LairsGame, "roles", roles)
        r = client.post("/api/seat-count", json={"game": "toy-lairs", "params": {"players": 3}})
        assert r.json()["roles"] == ["builder", "explorer", "explorer"]
        page = client.get("/").text
        lairs = page[page.index('data-game="toy-lairs"') :]
        lairs = lairs[: lairs.index("</fieldset>")]
        assert '<span class="seat-role">(Builder)</span>' in lairs
        assert lairs.count('<span class="seat-role">(Explorer)</span>') == 4  # 5 seats by default
        bids = page[page.index('data-game="toy-bids"') :]
        bids = bids[: bids.index("</fieldset>")]
        assert '<span class="seat-role" hidden>(Player)</span>' in bids


def test_the_navigation_reaches_the_reports(client: TestClient) -> None:
    for url in ("/", "/games", "/campaigns", "/reports"):
        assert '<a href="/reports">Reports</a>' in client.get(url).text, url


def test_a_game_outside_tabletop_games_can_register_its_drawing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The board of a build picks the template's fields: each cell, kept card and facing of the
    drawing names the field it fills (data-pick), for the seat's own lair only."""
    from tabletop.web import service

    from . import lairs_board

    made = service.create_game(
        client.app.state.db_url,  # type: ignore[attr-defined]
        "toy-lairs",
        {"players": 2, "size": 2},
        ["human", "human"],
        seed=3,
    )
    url = f"/play/{made.id}?token={made.seat_tokens[0]}"
    assert 'id="my-lair"' not in client.get(url).text
    monkeypatch.setattr(game_class("toy-lairs"), "presentation", lairs_board.BOARD)
    page = client.get(url).text
    assert 'id="my-lair"' in page and 'data-pick="{&quot;cell&quot;: 3}"' in page
