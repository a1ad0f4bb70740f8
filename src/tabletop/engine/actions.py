"""Typed action values with a lossless JSON form.

An argument's value is a ``str``, an ``int``, a ``bool``, ``None`` or a tuple of such values
(a JSON list), and its type is part of what it says: ``True`` is not the number 1, though Python
finds them equal. The state checks every argument's type against what the decision declares
before anything else (:meth:`tabletop.engine.protocol.State.check`); the helpers for that check
are here (:func:`same_value`, :class:`ArgType`, :func:`malformed`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

ArgValue = str | int | bool | None | tuple["ArgValue", ...]
_SCALARS = (str, int, bool, type(None))
_NAMES = {str: "str", int: "int", bool: "bool", type(None): "null"}
ECHO = 60  # characters of an echoed input kept in a message


def _freeze(value: Any) -> ArgValue:
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value  # type: ignore[no-any-return]
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    # an IntEnum or a str subclass is kept as the plain value it stands for, as JSON keeps it
    if isinstance(value, int):
        return int(value)
    if isinstance(value, str):
        return str(value)
    raise TypeError(
        f"action arguments must be str, int, bool, None or sequences; got {echo(value)}"
    )


def _tuples(raw: Any) -> Any:
    """JSON lists as tuples, everything else as it is (for :func:`value_problem` to judge)."""
    if type(raw) is list or type(raw) is tuple:
        return tuple([_tuples(v) for v in raw])
    return raw


def _thaw(value: ArgValue) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def echo(value: object, limit: int = ECHO) -> str:
    """``value`` quoted (its ``repr``) and cut to about ``limit`` characters, for a message that
    repeats what it was given: an input never comes back whole."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "..."
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def same_value(a: ArgValue, b: ArgValue) -> bool:
    """Whether two *equal* values also have the same types throughout (``1`` and ``True`` are
    equal in Python, never the same value here)."""
    if type(a) is not type(b):
        return False
    if type(a) is tuple:
        assert isinstance(a, tuple) and isinstance(b, tuple)
        for x, y in zip(a, b, strict=True):
            if not same_value(x, y):
                return False
    return True


def same_args(a: tuple[tuple[str, ArgValue], ...], b: tuple[tuple[str, ArgValue], ...]) -> bool:
    """Whether two equal argument tuples have the same types throughout."""
    for (_, x), (_, y) in zip(a, b, strict=True):
        if x is not y and not same_value(x, y):
            return False
    return True


class ArgType:
    """The types an argument takes, learnt from the values a decision offers for it: scalar
    types (``str``, ``int``, ``bool``, ``NoneType``) and, for lists, the type of their items
    (any length: how long a list may be is the domain's business, not its type)."""

    __slots__ = ("items", "scalars")

    def __init__(self) -> None:
        self.scalars: set[type] = set()
        self.items: ArgType | None = None

    def add(self, value: ArgValue) -> None:
        if type(value) is tuple:
            assert isinstance(value, tuple)
            items = self.items
            if items is None:
                items = self.items = ArgType()
            for v in value:
                items.add(v)
        else:
            self.scalars.add(type(value))

    def merge(self, other: ArgType) -> None:
        """Take in the types of ``other`` too."""
        self.scalars |= other.scalars
        if other.items is not None:
            if self.items is None:
                self.items = ArgType()
            self.items.merge(other.items)

    def fits(self, value: ArgValue) -> bool:
        """Whether ``value`` (well-formed) has one of these types throughout."""
        if type(value) is tuple:
            assert isinstance(value, tuple)
            items = self.items
            return items is not None and all(items.fits(v) for v in value)
        return type(value) in self.scalars

    def only_null(self) -> bool:
        """Whether the only value offered is null (its other type is not known now)."""
        return self.scalars == {type(None)} and self.items is None

    def name(self) -> str:
        """The types in words: ``int``, ``str or null``, ``list of int``."""
        words = sorted(_NAMES.get(t, t.__name__) for t in self.scalars)
        if self.items is not None:
            inner = self.items.name()
            words.append(f"list of {inner}" if inner else "list")
        return " or ".join(words)


def type_name(value: ArgValue) -> str:
    """The type of a (well-formed) value in words, as :meth:`ArgType.name` says it."""
    found = ArgType()
    found.add(value)
    return found.name() or "empty list"


def value_problem(value: object) -> str | None:
    """Why ``value`` is no argument value at all (a float, an object, a set...), or None."""
    kind = type(value)
    if kind in _SCALARS:
        return None
    if kind is tuple:
        assert isinstance(value, tuple)
        for item in value:
            problem = value_problem(item)
            if problem is not None:
                return problem
        return None
    what = {float: "a number with a fraction", dict: "an object", list: "a list (not a tuple)"}.get(
        kind, f"a {kind.__name__}"
    )
    return (
        f"{what} ({echo(value)}) is not an action value: values are str, int, bool, null or "
        "lists of them"
    )


def malformed(action: object) -> str | None:
    """Why ``action`` is not a well-formed :class:`Action` (its kind not a string, an argument
    name twice or out of order, a value of no argument type), naming the argument; or None."""
    if not isinstance(action, Action):
        return f"not an action: {echo(action)}"
    if type(action.kind) is not str or not action.kind:
        return f"an action's kind is a non-empty string, not {echo(action.kind)}"
    args = action.args
    if type(args) is not tuple:
        return f"an action's arguments are a tuple of (name, value) pairs, not {echo(args)}"
    previous = ""
    for pair in args:
        if type(pair) is not tuple or len(pair) != 2 or type(pair[0]) is not str:
            return f"an action's arguments are (name, value) pairs, not {echo(pair)}"
        name, value = pair
        if previous and name <= previous:
            return (
                f"argument {echo(name)} is given twice or out of order "
                "(build actions with Action.of)"
            )
        previous = name
        problem = value_problem(value)
        if problem is not None:
            return f"argument {echo(name)}: {problem}"
    return None


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

    # written out: a dataclass's generated __init__ runs interpreted even in the compiled build
    # (about 0.9 us a call against 0.03 us compiled); the same fields, in the same order
    def __init__(self, kind: str, args: tuple[tuple[str, ArgValue], ...] = ()) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "args", args)

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
        """The action of a JSON object ``{"kind": ..., "args": {...}}``; a ValueError naming what
        is wrong (the kind, or the argument whose value is a number with a fraction, an object,
        anything but a string, an integer, true/false, null or a list of them)."""
        if not isinstance(data, Mapping) or "kind" not in data:
            raise ValueError(f"an action needs a 'kind': {echo(data)}")
        kind = data["kind"]
        if type(kind) is not str or not kind:
            raise ValueError(f"an action's 'kind' must be a non-empty string, not {echo(kind)}")
        args = data.get("args", {})
        if not isinstance(args, Mapping):
            raise ValueError(f"an action's 'args' must be an object, not {echo(args)}")
        frozen: list[tuple[str, ArgValue]] = []
        for name, raw in args.items():
            if type(name) is not str:
                raise ValueError(f"an argument's name must be a string, not {echo(name)}")
            value = _tuples(raw)
            problem = value_problem(value)
            if problem is not None:
                raise ValueError(f"argument {echo(name)} of {echo(kind)}: {problem}")
            frozen.append((name, value))
        frozen.sort(key=lambda pair: pair[0])
        return cls(kind, tuple(frozen))

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        inner = " ".join(f"{k}={_thaw(v)}" for k, v in self.args)
        return f"{self.kind}({inner})"


# actions are immutable: an action the rules offer after every action can be built once
# (arguments must be hashable: the memo's key)
action_of = lru_cache(maxsize=8192)(Action.of)
