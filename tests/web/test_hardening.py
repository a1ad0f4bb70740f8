"""What the outside reliability passes sent at the web app: markup in every echoed input, huge
titles and bodies, out-of-range seeds, deeply nested JSON, actions whose arguments have the wrong
type in every game. Every answer is a clean 4xx: JSON with a ``code`` and a ``message`` under
/api/, an HTML page elsewhere; nothing is stored, echoed input comes back quoted and short and
never as markup in any content type, and no page runs script it did not load from /static
(Content-Security-Policy)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from fastapi.testclient import TestClient

from tabletop.engine import Action, load, specs
from tabletop.engine.bots import random_action
from tabletop.engine.rng import Rng
from tabletop.store.games import GameStore

from .helpers import new_game, snapshot

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
    """Markup from the request never comes back as markup, in any content type: HTML escapes
    it, a JSON error body writes ``<`` and ``>`` as escapes (and ``nosniff`` stops a browser from
    reading it as HTML). A browser's route answers a page, the JSON API JSON."""
    kind = r.headers.get("content-type", "")
    assert r.headers.get("x-content-type-options") == "nosniff", url
    assert MARKUP not in r.text and "<img src=x" not in r.text, url
    if urlsplit(url).path.startswith("/api/"):
        assert kind.startswith("application/json"), (url, kind)
        if r.status_code >= 400:
            assert "<" not in r.text and ">" not in r.text, (url, r.text[:300])
    else:
        assert kind.startswith("text/html"), (url, kind, r.text[:200])


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
        echoed(client.post("/api/games", json={"game": MARKUP, "seats": ["human"]}), "/api/games")

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
        assert r.status_code == 413 and r.headers["content-type"].startswith("text/html")
        assert "larger than the limit" in r.text

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
            ("get", "/api/no/such/route", None),
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


class TestEchoedInput:
    """Issue 27 point 4: an error body quotes what it repeats, cut short, and never as markup."""

    def test_a_game_id_of_markup_is_quoted_and_escaped_in_json(self, client: TestClient) -> None:
        r = client.get(f"/api/games/{quote(MARKUP, safe='')}")
        body = clean_4xx(r, 404, "not-found")
        assert "<" not in r.text and "\\u003cimg" in r.text  # the bytes hold no markup
        assert body["message"] == f"no game {MARKUP!r}"  # the decoded text is the input, quoted

    def test_a_long_input_comes_back_short(self, client: TestClient) -> None:
        long = "x" * 5_000 + MARKUP
        body = clean_4xx(client.get(f"/api/games/{quote(long, safe='')}"), 404)
        assert len(body["message"]) < 120 and body["message"].endswith("...")
        assert "onerror" not in body["message"]
        r = client.get(f"/play/{quote(long, safe='')}")
        assert r.status_code == 404 and "x" * 200 not in r.text and "onerror" not in r.text

    def test_an_action_full_of_markup_is_refused_short_and_escaped(
        self, client: TestClient
    ) -> None:
        game = new_game(client, ["human", "human"])
        r = client.post(
            f"/api/games/{game['id']}/actions",
            headers={"X-Seat-Token": game["seat_tokens"]["0"]},
            json={
                "action": {"kind": "bid", "args": {"card": MARKUP * 100, MARKUP: 1}},
                "expected_actions": 0,
            },
        )
        body = clean_4xx(r)
        assert "<" not in r.text and len(body["message"]) < 400  # sent: 4,200 characters
        assert "argument 'card' must be int, not str" in body["message"].lower()


class TestErrorPages:
    """Issue 24 point 10: every route a browser can reach answers a failure with an HTML page;
    the JSON API keeps JSON."""

    def page(self, r, status: int) -> str:
        assert r.status_code == status, r.text[:300]
        assert r.headers["content-type"].startswith("text/html"), r.headers["content-type"]
        assert "<html" in r.text and '"code"' not in r.text
        return r.text

    def test_no_such_page(self, client: TestClient) -> None:
        text = self.page(client.get("/nope"), 404)
        assert "no such page" in text
        self.page(client.get("/static/nope.js"), 404)
        self.page(client.get("/docs/nope"), 404)  # the API's docs are pages too
        self.page(client.post("/docs"), 405)
        assert client.get("/api/nope").headers["content-type"].startswith("application/json")

    def test_no_such_report(self, client: TestClient, tmp_path: Path, monkeypatch) -> None:
        monkeypatch.setenv("TABLETOP_REPORTS", str(tmp_path))
        text = self.page(client.get(f"/reports/{quote(MARKUP, safe='')}"), 404)
        assert "no report named" in text and "&lt;img" in text and MARKUP not in text

    def test_a_replay_step_that_is_no_number(self, client: TestClient) -> None:
        game = new_game(client, ["bot:random", "bot:random"], seed=9, rounds=3)
        text = self.page(client.get(f"/replay/{game['id']}", params={"step": "two"}), 422)
        assert "step" in text
        text = self.page(client.get(f"/replay/{game['id']}", params={"step": MARKUP}), 422)
        assert MARKUP not in text
        r = client.get(f"/api/games/{game['id']}/replay/two")
        assert clean_4xx(r, 422, "malformed") and "step" in r.json()["message"]

    def test_a_method_not_allowed_on_a_page(self, client: TestClient) -> None:
        self.page(client.delete("/games"), 405)


def _every_game() -> list[Any]:
    """One parameter set per game and mode kind, played by human seats only."""
    out = []
    for spec in specs():
        seen: set[str] = set()
        for params in spec.conformance:
            mode = str(params.get("mode", "standard"))
            if mode in seen:
                continue
            seen.add(mode)
            out.append(pytest.param(spec.name, dict(params), id=f"{spec.name}-{mode}"))
    return out


class TestWrongTypedArguments:
    """Issue 27 point 1 through the JSON API: an action whose argument has the wrong type (a bool
    for an int, a list for a string, a number with a fraction, an object), a missing or an extra
    argument is a 4xx naming the argument, never a 5xx, and nothing is stored."""

    STEPS = 6

    @pytest.mark.parametrize(("name", "params"), _every_game())
    def test_every_game_refuses_them(self, client, db_url, name, params) -> None:
        seats = load(name, **params).num_players
        r = client.post(
            "/api/games",
            json={"game": name, "params": params, "seats": ["human"] * seats, "seed": 3},
        )
        assert r.status_code == 200, r.text
        game = r.json()
        rng = Rng(3)
        for _ in range(self.STEPS):
            state, _ = GameStore(db_url).load(game["id"])
            if state.is_terminal():
                break
            seat = state.current_seats()[0]
            token = game["seat_tokens"][str(seat)]
            action = random_action(state, seat, rng)
            seen = state.fingerprint(seat)
            url = f"/api/games/{game['id']}/actions"

            def send(raw: Any, token: str = token, seen: str = seen, url: str = url) -> Any:
                return client.post(
                    url, headers={"X-Seat-Token": token}, json={"action": raw, "seen": seen}
                )

            before = snapshot(db_url, game["id"])
            sent = action.to_json()
            for key, value in sent["args"].items():
                for other, words in _retyped(value):
                    raw = {"kind": sent["kind"], "args": {**sent["args"], key: other}}
                    if words != "json" and state.is_legal(Action.from_json(raw), seat):
                        continue  # another legal action after all (an age spot of null)
                    r = send(raw)
                    body = clean_4xx(r)
                    assert repr(key) in body["message"], (raw, body)
                    if words == "json":
                        assert (
                            body["code"] == "malformed" and "not an action value" in body["message"]
                        )
                    elif words:
                        assert words in body["message"], (raw, body)
                missing = {
                    "kind": sent["kind"],
                    "args": {k: v for k, v in sent["args"].items() if k != key},
                }
                if not state.is_legal(Action.from_json(missing), seat):
                    assert repr(key) in clean_4xx(send(missing))["message"]
            r = send({"kind": sent["kind"], "args": {**sent["args"], "zz_extra": 1}})
            assert "'zz_extra'" in clean_4xx(r)["message"]
            r = send({"kind": sent["kind"], "args": sent["args"], "also": 1})
            assert "'also'" in clean_4xx(r, 422, "malformed")["message"]
            assert snapshot(db_url, game["id"]) == before
            r = send(sent)
            assert r.status_code == 200, r.text


def _retyped(value: Any) -> list[tuple[Any, str]]:
    """Other JSON types for a value, each with words its refusal must hold ('json': a value no
    action can hold, refused as it is read)."""
    out: list[tuple[Any, str]] = [(1.5, "json"), ({"a": 1}, "json")]
    if isinstance(value, bool):
        out += [(int(value), "must be bool"), (str(value).lower(), "must be bool")]
    elif isinstance(value, int):
        out += [(value % 2 == 1, "not bool"), (str(value), "not str"), ([value], "not list")]
    elif isinstance(value, str):
        out += [([value], "not list"), (7, "not int"), (True, "not bool")]
    elif isinstance(value, list) and value:
        out += [([*value[:-1], 2.5], "json"), (str(value), "")]
    return out


class TestPartsOpenedAsPages:
    """The parts a board page fetches for itself (the live reload's fragment, the whole log)
    answer its script with bare markup, but a person who opens their URL in the browser gets a
    page, refusals included."""

    NAVIGATE = {"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}

    def test_a_refused_fragment_or_log_opened_in_the_browser_is_a_page(
        self, client: TestClient
    ) -> None:
        game = new_game(client, ["human", "human"])
        for url in (
            f"/play/{game['id']}/fragment",
            f"/play/{game['id']}/log",
            f"/play/{game['id']}/log?token=nope",
            "/watch/nope/fragment",
            "/watch/nope/log",
            f"/watch/{quote(MARKUP, safe='')}/log",
        ):
            r = client.get(url, headers=self.NAVIGATE)
            assert r.status_code in (401, 403, 404), (url, r.status_code)
            assert r.text.lstrip().startswith("<!doctype html>") and "Cannot open" in r.text, url
            assert MARKUP not in r.text
            bare = client.get(url)  # the page's own script: the message alone
            assert bare.status_code == r.status_code and "<html" not in bare.text, url

    def test_the_whole_log_opened_in_the_browser_is_a_page(self, client: TestClient) -> None:
        game = new_game(client, ["bot:random", "bot:random"], seed=9, rounds=3)
        bare = client.get(f"/watch/{game['id']}/log")
        assert bare.status_code == 200 and bare.text.startswith("<ol")
        page = client.get(f"/watch/{game['id']}/log", headers=self.NAVIGATE)
        assert page.status_code == 200 and "<html" in page.text and "Full log" in page.text
        assert bare.text.strip() in page.text
