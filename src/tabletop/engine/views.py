"""Helpers for building redacted views and private logs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

LOG_LIMIT = 40


def log(data: dict[str, Any], text: str, to: Sequence[int] | None = None) -> None:
    """Add a line to the state's log (``data["log"]``), public or for some seats only.

    The log keeps its last ``LOG_LIMIT`` lines so states stay small; surfaces that want the whole
    story keep the lines they have seen."""
    entries = data.setdefault("log", [])
    entries.append({"n": data.get("log_n", 0), "text": text, "to": list(to) if to else None})
    data["log_n"] = data.get("log_n", 0) + 1
    if len(entries) > LOG_LIMIT:
        del entries[: len(entries) - LOG_LIMIT]


def log_for(data: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The log lines ``seat`` may read."""
    return [
        {"n": e["n"], "text": e["text"]}
        for e in data.get("log", [])
        if e["to"] is None or (seat is not None and seat in e["to"])
    ]


def count_only(cards: Sequence[Any]) -> dict[str, int]:
    """A hidden pile: only how many cards it holds."""
    return {"count": len(cards)}
