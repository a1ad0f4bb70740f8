"""The stylesheets a game's presentation declares are served, and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tabletop.engine.presentation import Presentation, Provides
from tabletop.engine.registry import game_class
from tabletop.web.app import create_app

from .helpers import new_game


class Styled(Presentation):
    provides = Provides()

    def __init__(self, css: Path) -> None:
        self.css = css

    def stylesheets(self) -> list[Path]:
        return [self.css]


@pytest.fixture
def styled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    css = tmp_path / "toy.css"
    css.write_text(".toy { color: teal }\n")
    (tmp_path / "secret.txt").write_text("not for the web")
    monkeypatch.setattr(game_class("toy-bids"), "presentation", Styled(css))
    return css


class TestGameStylesheets:
    def test_a_declared_stylesheet_is_served_and_linked_from_the_board(
        self, styled: Path, tmp_path: Path
    ) -> None:
        client = TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", bot_delay=0))
        r = client.get("/game-static/toy-bids/toy.css")
        assert r.status_code == 200 and "teal" in r.text
        assert r.headers["content-type"].startswith("text/css")
        game = new_game(client, ["human", "human"])
        page = client.get(f"/play/{game['id']}", params={"token": game["seat_tokens"]["0"]})
        assert '<link rel="stylesheet" href="/game-static/toy-bids/toy.css">' in page.text

    def test_nothing_undeclared_is_served(self, styled: Path, tmp_path: Path) -> None:
        client = TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", bot_delay=0))
        assert client.get("/game-static/toy-bids/secret.txt").status_code == 404
        assert client.get("/game-static/toy-bids/..%2Fsecret.txt").status_code == 404
        assert client.get("/game-static/no-such-game/toy.css").status_code == 404
