"""Actions: typed values with a lossless JSON form."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine import Action, Param, Template
from tabletop.engine.actions import ArgType, echo, malformed, same_args, same_value, type_name

REFUSED = "refused by its type"


def or_refused(make: Callable[[], object]) -> object:
    """What ``make`` gives; in the compiled build a value of a type the annotations exclude (a
    Python list, which JSON never gives: lists arrive as tuples) is refused by the typed code
    itself, with TypeError, before any check sees it."""
    try:
        return make()
    except TypeError:
        return REFUSED


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


class TestArgumentTypes:
    """A value's type is part of what it says: ``True == 1`` in Python, never here."""

    @pytest.mark.parametrize(
        ("raw", "words"),
        [
            ({"kind": "hustle", "args": {"steps": 1.5}}, "argument 'steps' of 'hustle': a number"),
            (
                {"kind": "build", "args": {"cell": {"x": 1}}},
                "argument 'cell' of 'build': an object",
            ),
            ({"kind": "pay", "args": {"cubes": [1, [2.0]]}}, "argument 'cubes' of 'pay': a number"),
            ({"kind": 5, "args": {}}, "'kind' must be a non-empty string, not 5"),
            ({"kind": "", "args": {}}, "'kind' must be a non-empty string"),
            ({"kind": "x", "args": {1: 2}}, "an argument's name must be a string, not 1"),
        ],
    )
    def test_json_that_is_no_action_is_refused_naming_the_argument(self, raw, words) -> None:
        with pytest.raises(ValueError, match=re.escape(words)):
            Action.from_json(raw)

    def test_lists_come_back_as_tuples_and_bools_stay_bools(self) -> None:
        a = Action.from_json({"kind": "x", "args": {"pay": [1, [True, None]], "ok": True}})
        assert a.args == (("ok", True), ("pay", (1, (True, None))))
        assert type(a["ok"]) is bool

    def test_equal_values_of_other_types_are_not_the_same_value(self) -> None:
        assert True == 1 and not same_value(True, 1)
        assert not same_value((1, True), (1, 1)) and same_value((1, (2,)), (1, (2,)))
        assert Action.of("x", n=True) == Action.of("x", n=1)  # Python's equality...
        assert not same_args(Action.of("x", n=True).args, Action.of("x", n=1).args)  # ...not ours

    def test_a_domain_admits_its_values_of_their_own_type_only(self) -> None:
        steps = Param.of("steps", [1, 2, 3])
        assert steps.admits(1) and not steps.admits(True) and not steps.admits("1")
        flags = Param.of("flag", [True, False, None])
        assert flags.admits(False) and flags.admits(None) and not flags.admits(0)
        pays = Param.of("pay", [(1, 2), (3,)])
        assert pays.admits((1, 2)) and not pays.admits((1, True))
        assert or_refused(lambda: pays.admits([1, 2])) in (False, REFUSED)  # type: ignore[arg-type]
        both = Param.of("odd", [1, True])  # equal values of two types: both kept apart
        assert both.admits(1) and both.admits(True)
        assert or_refused(lambda: both.admits(1.0)) in (False, REFUSED)  # type: ignore[arg-type]
        t = Template.of("hustle", Param.of("dir", ["n", "s"]), steps, fixed={"fast": True})
        assert t.admits(Action.of("hustle", dir="n", steps=2, fast=True))
        assert not t.admits(Action.of("hustle", dir="n", steps=2, fast=1))
        assert not t.admits(Action.of("hustle", dir="n", steps=True, fast=True))
        assert not t.admits(Action("hustle", (("dir", "n"), ("dir", "s"), ("fast", True))))

    def test_the_types_of_a_decision_in_words(self) -> None:
        t = ArgType()
        for v in (1, None, (2, 3)):
            t.add(v)
        assert t.name() == "int or null or list of int"
        assert t.fits(5) and t.fits(()) and t.fits((1,)) and not t.fits((True,))
        assert not t.fits("5") and not t.fits(False)
        assert type_name(("a", 1)) == "list of int or str" and type_name(()) == "list"

    def test_malformed_actions_are_named(self) -> None:
        assert malformed(Action.of("x", a=1)) is None
        assert "not an action" in (malformed({"kind": "x"}) or "")
        assert "given twice or out of order" in (malformed(Action("x", (("b", 1), ("a", 2)))) or "")
        listed = or_refused(lambda: malformed(Action("x", (("a", [1]),))))  # type: ignore[arg-type]
        assert listed == REFUSED or "argument 'a': a list" in str(listed)
        numbered = or_refused(lambda: malformed(Action(3, ())))  # type: ignore[arg-type]
        assert numbered == REFUSED or "kind is a non-empty string" in str(numbered)

    def test_echoed_input_is_quoted_and_short(self) -> None:
        assert echo("<b>") == "'<b>'"
        long = echo("x" * 500)
        assert long.startswith("'xxx") and long.endswith("'...") and len(long) < 70
        assert len(echo(list(range(1000)))) < 70
