"""Simultaneous decisions through the web API: seven clients commit to the same prompt at the
same moment and all succeed, in any order, with the same resulting game; on SQLite with one
server and on PostgreSQL with two server processes sharing the database."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tabletop.engine import Action, load
from tabletop.store.games import GameStore

from .browser_support import Server, free_port
from .helpers import new_game

SEATS = 7


def call(base: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
    req = urllib.request.Request(
        base + path,
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json", "X-Seat-Token": token},
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def expected_state(seed: int, choices: dict[int, dict[str, Any]]) -> Any:
    """The game after the given first bids, played by the engine alone."""
    state = load("toy-bids", players=SEATS).new_state(seed)
    for seat in sorted(choices):
        state.apply(Action.from_json(choices[seat]), seat)
    return state


def everyone_at_once(bases: list[str], game: dict[str, Any]) -> dict[int, tuple[int, Any]]:
    """Each seat looks at its view, then all post their bid at the same instant (seat i through
    server i mod len(bases))."""
    views = {}
    for seat in range(SEATS):
        token = game["seat_tokens"][str(seat)]
        status, views[seat] = call(
            bases[seat % len(bases)], "GET", f"/api/games/{game['id']}/view", token=token
        )
        assert status == 200
    barrier = threading.Barrier(SEATS)
    results: dict[int, tuple[int, Any]] = {}

    def client(seat: int) -> None:
        v = views[seat]
        body = {"action": v["options"][-1]["action"], "seen": v["seen"]}
        barrier.wait()
        results[seat] = call(
            bases[seat % len(bases)],
            "POST",
            f"/api/games/{game['id']}/actions",
            body,
            game["seat_tokens"][str(seat)],
        )

    threads = [threading.Thread(target=client, args=(s,)) for s in range(SEATS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return {s: (results[s][0], views[s]["options"][-1]["action"]) for s in range(SEATS)}


def start_game(base: str, seed: int) -> dict[str, Any]:
    status, game = call(
        base,
        "POST",
        "/api/games",
        {
            "game": "toy-bids",
            "params": {"players": SEATS},
            "seats": ["human"] * SEATS,
            "seed": seed,
        },
    )
    assert status == 200, game
    out: dict[str, Any] = game
    return out


def check_round(bases: list[str], db_url: str, seed: int) -> None:
    game = start_game(bases[0], seed)
    results = everyone_at_once(bases, game)
    assert {s: r[0] for s, r in results.items()} == dict.fromkeys(range(SEATS), 200)
    state, info = GameStore(db_url).load(game["id"])
    assert info.num_actions == SEATS
    want = expected_state(seed, {s: r[1] for s, r in results.items()})
    assert state.data == want.data and state.rng == want.rng
    assert GameStore(db_url).record(game["id"]).replay().data == want.data


class TestSevenAtOnce:
    def test_on_sqlite(self, server: Server) -> None:
        for seed in (1, 2, 3):
            check_round([server.base], server.db_url, seed)


@pytest.fixture
def postgres() -> Iterator[str]:
    from tests.store.pgserver import PgServer, binaries

    bindir = binaries()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed here (scripts/install-postgres.sh)")
    pytest.importorskip("psycopg")
    pg = PgServer(bindir)
    pg.port = free_port()
    try:
        yield pg.start()
    finally:
        pg.stop()


def test_seven_at_once_on_postgres_with_two_server_workers(postgres: str) -> None:
    servers = [Server(postgres), Server(postgres)]
    try:
        for srv in servers:
            srv.start()
        for seed in (1, 2):
            check_round([srv.base for srv in servers], postgres, seed)
    finally:
        for srv in servers:
            srv.stop()


def test_any_order_through_the_api_gives_the_same_game(client: TestClient, db_url: str) -> None:
    orders = [list(range(SEATS)), list(reversed(range(SEATS))), [3, 0, 6, 1, 5, 2, 4]]
    finals = []
    for order in orders:
        game = new_game(client, ["human"] * SEATS, seed=9, players=SEATS)
        views = {
            s: client.get(
                f"/api/games/{game['id']}/view", params={"token": game["seat_tokens"][str(s)]}
            ).json()
            for s in range(SEATS)
        }
        for s in order:
            r = client.post(
                f"/api/games/{game['id']}/actions",
                headers={"X-Seat-Token": game["seat_tokens"][str(s)]},
                json={"action": views[s]["options"][0]["action"], "seen": views[s]["seen"]},
            )
            assert r.status_code == 200, r.text
        finals.append(GameStore(db_url).load(game["id"])[0])
    assert all(f.data == finals[0].data and f.rng == finals[0].rng for f in finals)


def test_a_seat_changes_then_withdraws_through_the_api(client: TestClient, db_url: str) -> None:
    game = new_game(client, ["human"] * 3, seed=4, players=3)
    token = game["seat_tokens"]["1"]
    url = f"/api/games/{game['id']}"
    v = client.get(f"{url}/view", params={"token": token}).json()
    first, second = v["options"][0]["action"], v["options"][1]["action"]
    v = client.post(
        f"{url}/actions", params={"token": token}, json={"action": first, "seen": v["seen"]}
    ).json()
    assert v["view"]["commitments"]["mine"] == first
    v = client.post(
        f"{url}/actions", params={"token": token}, json={"action": second, "seen": v["seen"]}
    ).json()
    assert v["view"]["commitments"]["mine"] == second
    other = client.get(f"{url}/view", params={"token": game["seat_tokens"]["0"]}).json()
    assert other["view"]["commitments"] == {"committed": [1], "mine": None}
    assert json.dumps(second) not in json.dumps(other)
    withdraw = {"kind": "withdraw", "args": {}}
    v = client.post(
        f"{url}/actions", params={"token": token}, json={"action": withdraw, "seen": v["seen"]}
    ).json()
    assert v["view"]["commitments"] == {"committed": [], "mine": None}
    assert GameStore(db_url).load(game["id"])[0].prompt().seats == (0, 1, 2)
