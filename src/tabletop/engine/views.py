"""Helpers for building redacted views and private logs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

LOG_LIMIT = 30


def log(data: dict[str, Any], text: str, to: Sequence[int] | None = None) -> None:
    """Add a line to the state's log (``data["log"]``), public or for some seats only.

    The log keeps its last ``LOG_LIMIT`` lines so states stay small; surfaces that want the whole
    story keep the lines they have seen."""
    entries = data.setdefault("log", [])
    # entries are compact [number, text, seats or None] triples: cheap to clone
    entries.append([data.get("log_n", 0), text, list(to) if to else None])
    data["log_n"] = data.get("log_n", 0) + 1
    if len(entries) > LOG_LIMIT:
        del entries[: len(entries) - LOG_LIMIT]


def log_for(data: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The log lines ``seat`` may read."""
    return [
        {"n": n, "text": text}
        for n, text, to in data.get("log", [])
        if to is None or (seat is not None and seat in to)
    ]
