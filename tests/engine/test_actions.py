"""Actions: typed values with a lossless JSON form."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine import Action

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4), max_leaves=8)


class TestAction:
    @given(
        st.text(min_size=1, max_size=10), st.dictionaries(st.text(max_size=6), values, max_size=4)
    )
    def test_json_round_trip_is_lossless(self, kind: str, args: dict) -> None:
        action = Action.of(kind, **args)
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action

    def test_argument_order_does_not_matter(self) -> None:
        assert Action.of("move", a=1, b=2) == Action.of("move", b=2, a=1)
        assert hash(Action.of("move", a=1, b=2)) == hash(Action.of("move", b=2, a=1))

    def test_lookup_and_missing_argument(self) -> None:
        a = Action.of("buy", card="lantern", price=3)
        assert a["card"] == "lantern" and a.get("nothing", 0) == 0
        with pytest.raises(KeyError, match="no argument 'cost'"):
            a["cost"]

    def test_unsupported_argument_types_are_refused(self) -> None:
        with pytest.raises(TypeError, match="action arguments"):
            Action.of("x", value=1.5)

    def test_malformed_json_is_refused_with_a_reason(self) -> None:
        with pytest.raises(ValueError, match="needs a 'kind'"):
            Action.from_json({"args": {}})
        with pytest.raises(ValueError, match="must be an object"):
            Action.from_json({"kind": "x", "args": [1]})

    def test_readable_text(self) -> None:
        assert str(Action.of("move", region="forest-1")) == "move(region=forest-1)"
        assert str(Action.of("pass")) == "pass"
