"""Loading and validating a game's data files.

Data files are YAML (or TOML) lists or mappings of entries, each validated by a pydantic model. Any
error names the file, the entry (by its ``id`` or position) and the field. Effects are typed
models in the tables of :mod:`tabletop.engine.effects`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import BadParameter, ContentError

M = TypeVar("M", bound=BaseModel)


class Entry(BaseModel):
    """Base for content entries: unknown fields are errors, entries are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Spec(BaseModel):
    """Base for a scenario spec's models (:mod:`tabletop.testing`): an unknown key at any level
    is refused, so a misspelt ``posiiton`` never leaves a state set up other than written."""

    model_config = ConfigDict(extra="forbid")


def validate_spec(model: type[M], raw: Any, game: str) -> M:
    """A scenario spec through its model; :class:`BadParameter` names the path of the first key
    that is wrong (``players.0.posiiton: Extra inputs are not permitted``)."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = _field_path(err["loc"]) or "the spec"
        raise BadParameter(f"{game}: scenario spec, {where}: {err['msg']}") from None


def read_data(path: Path) -> Any:
    """Parse one YAML or TOML file, naming the file on a syntax error."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(str(path), f"cannot read: {exc}") from None
    try:
        if path.suffix == ".toml":
            return tomllib.loads(text)
        return yaml.safe_load(text)
    except (yaml.YAMLError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(str(path), f"not valid {path.suffix[1:].upper()}: {exc}") from None


def _field_path(loc: Iterable[Any]) -> str:
    return ".".join(str(p) for p in loc)


def validate_entry(model: type[M], raw: Any, file: str, entry: str) -> M:
    """One entry through its model; the first error names file, entry and field."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ContentError(
            file, err["msg"], entry=entry, field=_field_path(err["loc"]) or None
        ) from None


def load_entries(
    path: Path, model: type[M], *, key: str = "id", section: str | None = None
) -> dict[str, M]:
    """Entries of a file (a list, or a list under ``section``) keyed by their ``key`` field.

    Duplicate keys are errors."""
    data = read_data(path)
    if section is not None:
        if not isinstance(data, Mapping) or section not in data:
            raise ContentError(str(path), f"missing top-level section {section!r}")
        data = data[section]
    if not isinstance(data, list):
        raise ContentError(str(path), "expected a list of entries")
    out: dict[str, M] = {}
    for i, raw in enumerate(data):
        name = str(raw.get(key, f"#{i + 1}")) if isinstance(raw, Mapping) else f"#{i + 1}"
        item = validate_entry(model, raw, str(path), name)
        ident = str(getattr(item, key))
        if ident in out:
            raise ContentError(str(path), "duplicate id", entry=ident, field=key)
        out[ident] = item
    return out


def load_document(path: Path, model: type[M]) -> M:
    """A whole file validated as one model."""
    return validate_entry(model, read_data(path), str(path), path.stem)


def check_references(
    file: str,
    entry: str,
    field_name: str,
    refs: Iterable[str],
    known: Mapping[str, Any] | set[str],
    what: str,
) -> list[str]:
    """Problems for references from an entry's field to ids that do not exist."""
    return [
        f"{file}, entry {entry!r}, field {field_name!r}: unknown {what} {ref!r}"
        for ref in refs
        if ref not in known
    ]
