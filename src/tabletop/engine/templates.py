"""Decisions of any size: an action *template* is a kind with named parameters, each with a
domain of values (``build piece=... cell=... rotation=...``). A game offers a decision as
templates instead of listing every action: views carry the templates (a handful of small lists,
not thousands of actions), a surface asks for one value per parameter, and the engine checks one
action's legality by the template's domains plus the game's own ``State._is_legal``, never by
listing them all. The full list stays available on demand (``state.legal_actions(seat)``, for bots
and the harness): the product of the domains, filtered by ``_is_legal``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, ArgValue, _freeze, _thaw, same_value

_PLAIN = (int, str, bool, type(None))  # values that need no freezing


@dataclass(frozen=True, slots=True)
class Param:
    """One named parameter of a template and the values it may take, in offer order. ``labels``
    (optional, same length): words for the values, for forms and the terminal."""

    name: str
    domain: tuple[ArgValue, ...]
    label: str = ""
    labels: tuple[str, ...] = ()
    # each value by itself (value -> the domain's value): a lookup finds the equal value, and
    # ``admits`` then compares its type, since ``True == 1`` and both hash alike
    _index: dict[ArgValue, ArgValue] = field(default_factory=dict, compare=False, repr=False)
    _json: tuple[Any, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.labels and len(self.labels) != len(self.domain):
            raise ValueError(
                f"parameter {self.name!r}: {len(self.labels)} labels for {len(self.domain)} values"
            )
        index: dict[ArgValue, ArgValue] = {}
        for v in self.domain:
            index.setdefault(v, v)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_json", tuple(_thaw(v) for v in self.domain))

    @classmethod
    def of(
        cls, name: str, domain: Sequence[Any], label: str = "", labels: Sequence[str] = ()
    ) -> Param:
        values = tuple(domain)
        if not all(type(v) in _PLAIN for v in values):
            values = tuple(_freeze(v) for v in values)
        return cls(name, values, label, tuple(labels))

    def admits(self, value: ArgValue) -> bool:
        """Whether ``value`` is one of the domain's values, of the same type throughout (``True``
        is not ``1``, ``(1, True)`` is not ``(1, 1)``)."""
        if value is None:
            return None in self._index
        try:
            found = self._index.get(value)
        except TypeError:  # unhashable: no value of any domain
            return False
        if found is value or (found is not None and same_value(found, value)):
            return True
        # a domain holding both 1 and True keeps one of them in the index: look at them all
        return found is not None and any(v == value and same_value(v, value) for v in self.domain)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "label": self.label or self.name,
            "domain": list(self._json),
        }
        if self.labels:
            out["labels"] = list(self.labels)
        return out


@dataclass(frozen=True, slots=True)
class Template:
    """A family of actions of one kind: every combination of its parameters' values that the
    game's ``_is_legal`` accepts. ``fixed``: arguments every action of the family carries."""

    kind: str
    params: tuple[Param, ...]
    text: str = ""
    fixed: tuple[tuple[str, ArgValue], ...] = ()

    # written out: a dataclass's generated __init__ runs interpreted even in the compiled build
    # (about 0.9 us a call against 0.03 us compiled); the same fields, in the same order
    def __init__(
        self,
        kind: str,
        params: tuple[Param, ...],
        text: str = "",
        fixed: tuple[tuple[str, ArgValue], ...] = (),
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "params", params)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "fixed", fixed)

    @classmethod
    def of(
        cls,
        kind: str,
        *params: Param,
        text: str = "",
        fixed: Mapping[str, Any] | None = None,
    ) -> Template:
        frozen = tuple(sorted((k, _freeze(v)) for k, v in (fixed or {}).items()))
        return cls(kind, params, text, frozen)

    def size(self) -> int:
        """How many combinations the domains allow (an upper bound of the legal actions)."""
        n = 1
        for p in self.params:
            n *= len(p.domain)
        return n

    def admits(self, action: Action) -> bool:
        """True when ``action`` is of this kind with exactly these parameters, each in its
        domain (the game's ``_is_legal`` decides the rest)."""
        if action.kind != self.kind or len(action.args) != len(self.params) + len(self.fixed):
            return False
        fixed = dict(self.fixed)
        previous = ""
        try:
            for key, value in action.args:
                if previous and key <= previous:  # a name twice (not made by Action.of)
                    return False
                previous = key
                if key in fixed:
                    want = fixed[key]
                    if want != value or not same_value(want, value):
                        return False
                    continue
                param = self.param(key)
                if param is None or not param.admits(value):
                    return False
        except (TypeError, ValueError):  # arguments that are no (name, value) pairs
            return False
        return True

    def param(self, name: str) -> Param | None:
        for p in self.params:
            if p.name == name:
                return p
        return None

    def actions(self) -> Iterator[Action]:
        """Every combination, in offer order (unfiltered)."""
        names = [p.name for p in self.params]
        fixed = dict(self.fixed)
        for values in itertools.product(*(p.domain for p in self.params)):
            yield Action.of(self.kind, **fixed, **dict(zip(names, values, strict=True)))

    def action(self, **values: Any) -> Action:
        """The action for the given parameter values (a form's answers)."""
        return Action.of(self.kind, **dict(self.fixed), **values)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "params": [p.to_json() for p in self.params],
            "fixed": {k: _thaw(v) for k, v in self.fixed},
            "size": self.size(),
        }
