"""What the outside reliability pass sent at the web app: markup in every echoed input, huge
titles and bodies, out-of-range seeds, deeply nested JSON. Every answer is a clean 4xx with a
``code`` and a ``message``, nothing is stored, and no page runs script it did not load from
/static (Content-Security-Policy)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from tabletop.store.games import GameStore

from .helpers import new_game

MARKUP = "<img src=x onerror=alert(document.domain)>"
TEMPLATES = Path(__file__).resolve().parents[2] / "src" / "tabletop" / "web" / "templates"


def clean_4xx(r, status: int | None = None, code: str | None = None) -> dict:
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    if status is not None:
        assert r.status_code == status, r.text[:300]
    body = r.json()
    assert isinstance(body.get("code"), str) and body["code"]
    assert isinstance(body.get("message"), str) and body["message"]
    if code is not None:
        assert body["code"] == code, body
    return body


def echoed(r, url: str) -> None:
    """Markup from the request never comes back as markup: HTML escapes it, JSON is JSON (and
    ``nosniff`` stops a browser from reading it as HTML)."""
    kind = r.headers.get("content-type", "")
    assert r.headers.get("x-content-type-options") == "nosniff", url
    if kind.startswith("application/json"):
        return
    assert kind.startswith("text/html"), (url, kind)
    assert MARKUP not in r.text and "<img src=x" not in r.text, url


class TestNoMarkupIsEchoed:
    def test_every_route_that_echoes_input_escapes_it(self, client: TestClient) -> None:
        game = new_game(client, ["human", "human"])
        ident, token = game["id"], game["seat_tokens"]["0"]
        bad = quote(MARKUP, safe="")
        urls = [
            f"/play/{bad}/fragment",
            f"/watch/{bad}/fragment",
            f"/play/{bad}",
            f"/watch/{bad}",
            f"/hotseat/{bad}",
            f"/replay/{bad}",
            f"/play/{ident}/fragment?token={bad}",
            f"/play/{ident}?token={bad}",
            f"/play/{ident}?token={token}&error={bad}",
            f"/hotseat/{ident}?token={bad}",
            f"/hotseat/{ident}?token={game['hotseat_token']}&error={bad}",
            f"/replay/{ident}?step={bad}",
            f"/api/games/{bad}",
            f"/api/games/{bad}/view?token={bad}",
            f"/api/games/{ident}/replay/{bad}",
            f"/campaigns/{bad}",
            f"/{bad}",
        ]
        for url in urls:
            echoed(client.get(url), url)
        posts = [
            ("/new", {"game": MARKUP}),
            ("/new", {"game": "toy-bids", "title": MARKUP}),
            (f"/play/{bad}/act", {"token": MARKUP, "expected_actions": "0", "action": "{}"}),
        ]
        for url, form in posts:
            echoed(client.post(url, data=form, follow_redirects=True), url)
        echoed(client.post("/api/games", json={"game": MARKUP, "seats": ["human"]}), "api")

    def test_a_title_with_markup_is_shown_as_text(self, client: TestClient) -> None:
        r = client.post(
            "/api/games",
            json={"game": "toy-bids", "seats": ["human", "human"], "title": MARKUP, "seed": 1},
        )
        assert r.status_code == 200
        for page in ("/", "/games", f"/watch/{r.json()['id']}"):
            text = client.get(page).text
            assert MARKUP not in text and "&lt;img src=x" in text, page

    def test_the_fragment_404_is_escaped(self, client: TestClient) -> None:
        r = client.get(f"/play/{quote(MARKUP, safe='')}/fragment")
        assert r.status_code == 404 and "&lt;img" in r.text


class TestContentSecurityPolicy:
    def test_every_page_forbids_inline_script(self, client: TestClient) -> None:
        game = new_game(client, ["human", "human"])
        for url in ("/", "/games", f"/watch/{game['id']}", "/campaigns", "/api/specs", "/nope"):
            policy = client.get(url).headers["content-security-policy"]
            script = next(p for p in policy.split(";") if p.strip().startswith("script-src"))
            assert "'unsafe-inline'" not in script and "'self'" in script, url
            assert "default-src 'self'" in policy

    def test_no_template_holds_inline_script_or_handlers(self) -> None:
        import re

        for path in TEMPLATES.rglob("*.html"):
            text = path.read_text()
            for tag in re.findall(r"<script\b[^>]*>", text):
                assert "src=" in tag, f"{path.name}: inline script {tag}"
            assert not re.search(r"\son[a-z]+\s*=", text), f"{path.name}: inline event handler"


class TestLimits:
    def test_a_seed_of_2_to_the_63_is_refused_not_a_500(self, client: TestClient) -> None:
        for seed in (2**63, 2**64, -1):
            r = client.post(
                "/api/games", json={"game": "toy-bids", "seats": ["human", "human"], "seed": seed}
            )
            body = clean_4xx(r, 422, "malformed")
            assert "seed" in body["message"]
        assert client.get("/api/games").json() == []
        r = client.post(
            "/api/games", json={"game": "toy-bids", "seats": ["human", "human"], "seed": 2**63 - 1}
        )
        assert r.status_code == 200, r.text

    def test_a_long_title_is_refused(self, client: TestClient, db_url: str) -> None:
        body = {"game": "toy-bids", "seats": ["human", "human"], "title": "x" * 201}
        assert "title" in clean_4xx(client.post("/api/games", json=body), 422)["message"]
        r = client.post("/new", data={"game": "toy-bids", "title": "x" * 201})
        assert r.status_code == 422 and "at most 200 characters" in r.text
        assert GameStore(db_url).list() == []

    def test_a_body_over_the_limit_is_refused(self, client: TestClient, db_url: str) -> None:
        big = {"game": "toy-bids", "seats": ["human", "human"], "title": "x" * 1_000_000}
        clean_4xx(client.post("/api/games", json=big), 413, "too-large")
        r = client.post("/new", content=b"game=toy-bids&title=" + b"x" * 1_000_000)
        clean_4xx(r, 413, "too-large")

        def chunks():
            for _ in range(100):
                yield b"x" * 10_000

        r = client.post(
            "/api/games", content=chunks(), headers={"content-type": "application/json"}
        )
        clean_4xx(r, 413, "too-large")
        assert GameStore(db_url).list() == []


class TestErrorBodies:
    def test_deeply_nested_json_gets_code_and_message(self, client: TestClient) -> None:
        game = new_game(client, ["human", "human"])
        for depth in (5_000, 30_000):
            deep = '{"action": ' + "[" * depth + "]" * depth + ', "expected_actions": 0}'
            r = client.post(
                f"/api/games/{game['id']}/actions",
                content=deep,
                headers={"content-type": "application/json", "X-Seat-Token": "x"},
            )
            clean_4xx(r)

    @pytest.mark.parametrize(
        ("method", "url", "body"),
        [
            ("get", "/api/games/nope", None),
            ("get", "/no/such/page", None),
            ("delete", "/api/games", None),
            ("post", "/api/games", "not json"),
            ("post", "/api/games", {"game": "toy-bids"}),
            ("post", "/api/games", {"game": "nope", "seats": []}),
            ("post", "/api/seat-count", {"game": "nope"}),
            ("get", "/api/games/nope/events", None),
        ],
    )
    def test_every_4xx_carries_code_and_message(self, client, method, url, body) -> None:
        kwargs = {}
        if isinstance(body, str):
            kwargs = {"content": body, "headers": {"content-type": "application/json"}}
        elif body is not None:
            kwargs = {"json": body}
        clean_4xx(getattr(client, method)(url, **kwargs))

    def test_refusals_of_actions_carry_code_and_message(self, client: TestClient) -> None:
        game = new_game(client, ["human", "human"])
        url = f"/api/games/{game['id']}/actions"
        clean_4xx(client.post(url, json={"action": {"kind": "x"}, "expected_actions": 0}), 401)
        r = client.post(
            url,
            json={"action": {"kind": "x"}, "expected_actions": 9},
            headers={"X-Seat-Token": game["seat_tokens"]["0"]},
        )
        assert json.loads(r.text)["code"] == "stale" and r.json()["message"]
