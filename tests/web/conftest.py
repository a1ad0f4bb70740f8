"""Fixtures for the web app: a fresh SQLite store per test and a TestClient with instant bots."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tabletop.web.app import create_app

from .browser_support import server  # noqa: F401  (the browser tests' server)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        yield c
