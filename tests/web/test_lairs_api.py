"""Drafters' Lairs through the store and the web API: five seats draft at once, each sees only
its own hand and "has chosen" for the others; the build is offered as a template (a form on the
page), never as a list; the Archivist never appears as a seat."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tabletop.store.games import GameStore


def start(client: TestClient, **params: Any) -> dict[str, Any]:
    players = int(params.get("players", 5))
    r = client.post(
        "/api/games",
        json={"game": "toy-lairs", "params": params, "seats": ["human"] * players, "seed": 5},
    )
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def view(client: TestClient, game: dict[str, Any], seat: int) -> dict[str, Any]:
    r = client.get(
        f"/api/games/{game['id']}/view", params={"token": game["seat_tokens"][str(seat)]}
    )
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def post(client: TestClient, game: dict[str, Any], seat: int, action: Any, seen: str) -> Any:
    return client.post(
        f"/api/games/{game['id']}/actions",
        headers={"X-Seat-Token": game["seat_tokens"][str(seat)]},
        json={"action": action, "seen": seen},
    )


def draft_round(client: TestClient, game: dict[str, Any], seats: int) -> None:
    views = {s: view(client, game, s) for s in range(seats)}
    for s in reversed(range(seats)):
        r = post(client, game, s, views[s]["options"][0]["action"], views[s]["seen"])
        assert r.status_code == 200, r.text


class TestDraftThroughTheApi:
    def test_each_seat_sees_its_hand_and_only_has_chosen_of_the_others(
        self, client, db_url
    ) -> None:
        game = start(client)
        v0 = view(client, game, 0)
        card = v0["options"][0]["action"]["args"]["card"]
        r = post(client, game, 0, v0["options"][0]["action"], v0["seen"])
        assert r.status_code == 200
        for s in (1, 2, 3, 4):
            v = view(client, game, s)
            assert v["view"]["commitments"] == {"committed": [0], "mine": None}
            assert v["view"]["hands"][0] == {"count": 4}
            # seat 0's card shows nowhere unless this seat holds a copy of that id (it cannot)
            assert f'"{card}"' not in json.dumps(v)
        spectator = client.get(f"/api/games/{game['id']}/spectator").json()
        assert f'"{card}"' not in json.dumps(spectator)

    def test_the_passed_hand_is_known_to_the_passer_after_the_reveal(self, client, db_url) -> None:
        game = start(client)
        before = view(client, game, 0)["view"]["hands"][0]["items"]
        draft_round(client, game, 5)
        state, _ = GameStore(db_url).load(game["id"])
        passed = state.zones().items("hand:1")
        assert set(passed) < set(before)
        assert view(client, game, 0)["view"]["hands"][1]["items"] == passed


class TestBuildThroughTheApi:
    def building(self, client: TestClient) -> dict[str, Any]:
        game = start(client, players=3, hand=3, archivist=True)
        for _ in range(2):
            draft_round(client, game, 3)
        return game

    def test_the_view_carries_a_template_and_an_action_from_it_is_accepted(self, client, db_url):
        game = self.building(client)
        v = view(client, game, 1)
        assert v["options"] == [] and v["view"]["actions"] == []
        (build,) = v["templates"]
        assert build["size"] == len(build["params"][0]["domain"]) * 9 * 4
        assert v["roles"] == ["player"] * 3  # the Archivist is no seat
        action = {
            "kind": "build",
            "args": {"card": build["params"][0]["domain"][0], "cell": 4, "rotation": 3},
        }
        r = post(client, game, 1, action, v["seen"])
        assert r.status_code == 200, r.text
        assert r.json()["view"]["commitments"]["mine"] == action
        bad = {
            "kind": "build",
            "args": {"card": build["params"][0]["domain"][0], "cell": 40, "rotation": 3},
        }
        r = post(client, game, 2, bad, view(client, game, 2)["seen"])
        assert r.status_code == 409 and r.json()["code"] == "illegal-action"

    def test_the_page_renders_the_template_as_a_form_and_the_form_plays(self, client, db_url):
        game = self.building(client)
        token = game["seat_tokens"]["0"]
        page = client.get(f"/play/{game['id']}", params={"token": token}).text
        assert 'data-template="build"' in page
        assert 'name="arg.cell"' in page and "row 2, column 3" in page
        assert page.count('class="option"') == 0  # no button per action
        v = view(client, game, 0)
        card = v["templates"][0]["params"][0]["domain"][0]
        r = client.post(
            f"/play/{game['id']}/act",
            data={
                "token": token,
                "expected_actions": str(v["num_actions"]),
                "seen": v["seen"],
                "template": "build",
                "fixed": "{}",
                "arg.card": json.dumps(card),
                "arg.cell": "5",
                "arg.rotation": "2",
            },
            follow_redirects=False,
        )
        assert r.status_code == 303 and "error" not in r.headers["location"], r.headers
        state, _ = GameStore(db_url).load(game["id"])
        assert state.commitment(0).to_json() == {
            "kind": "build",
            "args": {"card": card, "cell": 5, "rotation": 2},
        }
        page = client.get(f"/play/{game['id']}", params={"token": game["seat_tokens"]["1"]}).text
        assert "Has chosen: Seat 0" in page

    def test_the_game_plays_to_its_end_with_every_lair_revealed(self, client, db_url) -> None:
        game = self.building(client)
        while True:
            views = {s: view(client, game, s) for s in range(3)}
            if views[0]["status"] == "over":
                break
            for s in range(3):
                t = views[s]["templates"][0]
                free = [
                    c for c, item in enumerate(views[s]["view"]["lairs"][s]["items"]) if item == ""
                ]
                action = {
                    "kind": "build",
                    "args": {"card": t["params"][0]["domain"][0], "cell": free[0], "rotation": 1},
                }
                assert post(client, game, s, action, views[s]["seen"]).status_code == 200
        final = client.get(f"/api/games/{game['id']}/spectator").json()
        assert all(None not in lair["items"] for lair in final["view"]["lairs"])
        assert final["view"]["archivist"]["kept"]["count"] == 2
        record = GameStore(db_url).record(game["id"])
        assert all(seat < 3 for seat, _ in record.actions)
