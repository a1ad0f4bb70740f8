"""The campaign document as stored and exported: canonical JSON, schema migrations, the diff
recorded with each change, and the checks an export passes before it is imported."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import integrity, model
from .model import Campaign
from .rules import Refused

GAME = "gloomhaven"
EXPORT_FORMAT = "tabletop.gloomhaven.campaign"

# Migrations: MIGRATIONS[v] turns a version-v document (a dict) into version v + 1.
Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}


def canonical(doc: dict[str, Any]) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def migrate(
    doc: dict[str, Any],
    target: int | None = None,
    migrations: dict[int, Migration] | None = None,
) -> dict[str, Any]:
    """Bring a document up to ``target`` (the current schema) one version at a time."""
    target = model.SCHEMA_VERSION if target is None else target
    steps = MIGRATIONS if migrations is None else migrations
    version = int(doc.get("schema_version", 1))
    if version > target:
        raise Refused(
            f"campaign schema version {version} is newer than this Tabletop ({target}); upgrade"
        )
    while version < target:
        if version not in steps:
            raise Refused(f"no migration from campaign schema version {version}")
        doc = steps[version](dict(doc))
        version += 1
        doc["schema_version"] = version
    return doc


def diff(before: Any, after: Any, path: str = "", limit: int = 200) -> list[dict[str, Any]]:
    """Paths whose values differ between two JSON documents (lists compared whole)."""
    out: list[dict[str, Any]] = []

    def walk(a: Any, b: Any, p: str) -> None:
        if len(out) >= limit or a == b:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for k in sorted(set(a) | set(b)):
                walk(a.get(k), b.get(k), f"{p}.{k}" if p else str(k))
            return
        out.append({"path": p, "old": a, "new": b})

    walk(before, after, path)
    return out


def _field_errors(exc: ValidationError, prefix: str) -> str:
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join([prefix, *(str(x) for x in err.get("loc", ()))])
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    more = len(exc.errors()) - 3
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def read_export(data: Any) -> tuple[Campaign, list[dict[str, Any]], int]:
    """Check an export field by field against the rules the commands keep; refuse (naming the
    field) anything a command could not have produced. Answers the campaign, its history rows and
    the schema version it was exported with."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise Refused(f"not a Tabletop Gloomhaven campaign export (format {EXPORT_FORMAT})")
    doc = data.get("campaign")
    if not isinstance(doc, dict):
        raise Refused("campaign: the export has no campaign document (an object)")
    version = data.get("schema_version", 1)
    doc = dict(doc)
    version = doc.setdefault("schema_version", version)
    if isinstance(version, bool) or not isinstance(version, int):
        raise Refused(f"campaign.schema_version: {version!r} is not a whole number")
    from_version = version
    doc = migrate(doc)
    try:
        c = Campaign.model_validate(doc)
    except ValidationError as exc:
        raise Refused(
            f"the campaign document is not valid: {_field_errors(exc, 'campaign')}"
        ) from None
    found = integrity.problems(c)
    if found:
        more = f" (and {len(found) - 5} more)" if len(found) > 5 else ""
        raise Refused(f"the campaign document is not valid: {'; '.join(found[:5])}{more}")
    rows = data.get("history", [])
    if not isinstance(rows, list):
        raise Refused("history: not a list of changes")
    history: list[dict[str, Any]] = []
    for i, h in enumerate(rows):
        try:
            history.append(HistoryRow.model_validate(h).model_dump())
        except ValidationError as exc:
            raise Refused(
                f"the history is not valid: {_field_errors(exc, f'history[{i}]')}"
            ) from None
    return c, history, from_version


class HistoryRow(BaseModel):
    """One change in an export's history, as ``history`` lists it."""

    model_config = ConfigDict(extra="ignore")
    command: str = Field(max_length=64)
    arguments: dict[str, Any] = {}
    summary: str = ""
