"""Shared test set-up: the engine's own test game is registered for every test process; the
browser tests anywhere share one Chromium per test process (tests/web/browser_support.py)."""

from __future__ import annotations

import pytest

import tests.engine.lairgame
import tests.engine.toygame  # noqa: F401  (registers "toy-bids")
from tests.web.browser_support import browser, chromium  # noqa: F401  (the browser fixtures)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--regenerate-golden",
        action="store_true",
        default=False,
        help="rewrite tests/golden/ from the current rules instead of diffing against it",
    )
