"""Typed action values with a lossless JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

ArgValue = str | int | bool | None | tuple["ArgValue", ...]


def _freeze(value: Any) -> ArgValue:
    kind = type(value)
    if kind is str or kind is int:
        return value  # type: ignore[no-any-return]
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if value is None or isinstance(value, (str, bool, int)):
        return value
    raise TypeError(f"action arguments must be str, int, bool, None or sequences; got {value!r}")


def _thaw(value: ArgValue) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """One decision: a kind (``"move"``) and named arguments (``region="forest-1"``).

    Actions are hashable, comparable and round-trip through JSON exactly::

        >>> a = Action.of("move", region="forest-1", pay=(1, 2))
        >>> Action.from_json(a.to_json()) == a
        True
    """

    kind: str
    args: tuple[tuple[str, ArgValue], ...] = ()

    @classmethod
    def of(cls, kind: str, /, **args: Any) -> Action:
        # games build every legal action with this: no or one argument needs no sorting
        if not args:
            return cls(kind, ())
        if len(args) == 1:
            ((key, value),) = args.items()
            return cls(kind, ((key, _freeze(value)),))
        return cls(kind, tuple(sorted([(k, _freeze(v)) for k, v in args.items()])))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(f"action {self.kind!r} has no argument {key!r}")

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.args)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": {k: _thaw(v) for k, v in self.args}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or "kind" not in data:
            raise ValueError(f"an action needs a 'kind': {data!r}")
        args = data.get("args", {})
        if not isinstance(args, Mapping):
            raise ValueError(f"an action's 'args' must be an object: {data!r}")
        return cls.of(str(data["kind"]), **args)

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        inner = " ".join(f"{k}={_thaw(v)}" for k, v in self.args)
        return f"{self.kind}({inner})"
