"""Helpers for building redacted views and private logs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

LOG_LIMIT = 30


def log(data: dict[str, Any], text: str, to: Sequence[int] | None = None) -> None:
    """Add a line to the state's log (``data["log"]``), public or for some seats only.

    The log keeps its last ``LOG_LIMIT`` lines so states stay small; surfaces that want the whole
    story keep the lines they have seen. ``data["log_n"]`` counts every line ever added."""
    entries = data.get("log")
    if entries is None:
        entries = data["log"] = []
    # a public line is its text alone, a private one [text, seats]: every state is cloned many
    # times over, and a line's number is implied by its place (``log_n`` counts them all)
    entries.append([text, list(to)] if to else text)
    data["log_n"] = data.get("log_n", 0) + 1
    if len(entries) > LOG_LIMIT:
        del entries[: len(entries) - LOG_LIMIT]


def log_for(data: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The log lines ``seat`` may read, numbered."""
    entries = data.get("log", [])
    first = data.get("log_n", len(entries)) - len(entries)
    out: list[dict[str, Any]] = []
    for i, entry in enumerate(entries):
        if type(entry) is str:
            out.append({"n": first + i, "text": entry})
        elif len(entry) == 3:  # [number, text, seats or None], as states saved before kept it
            n, text, to = entry
            if to is None or (seat is not None and seat in to):
                out.append({"n": n, "text": text})
        elif seat is not None and seat in entry[1]:
            out.append({"n": first + i, "text": entry[0]})
    return out
