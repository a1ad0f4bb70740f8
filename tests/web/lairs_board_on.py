"""Imported by a test server process: installs the toy-lairs drawing of :mod:`lairs_board`
there (tests in this process install it only for themselves, with monkeypatch)."""

from __future__ import annotations

from tests.web.lairs_board import install

install()
