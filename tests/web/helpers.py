"""Helpers shared by the web tests."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tabletop.store.games import GameStore


def new_game(client: TestClient, seats: list[str], seed: int = 7, **params: Any) -> dict[str, Any]:
    r = client.post(
        "/api/games", json={"game": "toy-bids", "params": params, "seats": seats, "seed": seed}
    )
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def snapshot(db_url: str, ident: str) -> tuple[str, int, list[Any]]:
    """Everything the store holds about a game: the state, its action count, its record."""
    state, info = GameStore(db_url).load(ident)
    record = GameStore(db_url).record(ident)
    return (
        json.dumps(state.to_json(), sort_keys=True),
        info.num_actions,
        [(s, a.to_json()) for s, a in record.actions],
    )
