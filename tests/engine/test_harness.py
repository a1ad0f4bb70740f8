"""The conformance harness catches what it promises to catch, the spectator's view included."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import Action, IllegalAction, load
from tabletop.engine.actions import same_args
from tabletop.engine.harness import (
    ConformanceError,
    check_step,
    first_difference,
    illegal_probes,
    random_playout,
)
from tabletop.engine.rng import Rng
from tabletop.engine.views import log

from .toygame import ToyGame, ToyState


class LeakyToyState(ToyState):
    """Secret Bids whose spectator sees every hand: the leak the harness must find."""

    __slots__ = ()

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        if seat is None:
            view["hands"] = [list(h) for h in self.data["hands"]]
        return view


class StaleChoiceToyState(ToyState):
    """Secret Bids whose pending choices list cards in a field of their own ("offers", like a
    "keep one of these" frame) that resample() forgets to redraw with the hands."""

    __slots__ = ()

    def _legal_actions(self, seat: int) -> list[Any]:
        offers = self.data["offers"][seat]
        return [Action.of("bid", card=c) for c in sorted(set(offers))]


def started(cls: type[ToyState]) -> ToyState:
    honest = load("toy-bids", players=2).new_state(3)
    data = dict(honest.data, offers=[list(h) for h in honest.data["hands"]])
    return cls(honest.game, data, honest.rng, honest.seed)


class TestTheSpectatorIsChecked:
    def test_an_honest_game_passes(self) -> None:
        check_step(started(ToyState), 3, 0, Rng(1), True)

    def test_a_spectator_view_carrying_hidden_cards_is_caught(self) -> None:
        with pytest.raises(ConformanceError, match="spectator"):
            check_step(started(LeakyToyState), 3, 0, Rng(1), True)

    def test_a_resampled_world_that_cannot_go_on_is_caught(self) -> None:
        with pytest.raises(ConformanceError, match="resample"):
            for i in range(20):
                check_step(started(StaleChoiceToyState), 3, i, Rng(i), True)


class MapOrderToyState(ToyState):
    """Secret Bids that remembers each round's bids in a mapping and names them, next round, in
    the mapping's order: the order it was made in, in memory; sorted, once through JSON."""

    __slots__ = ()

    def resolve(self) -> None:
        d = self.data
        if d.get("tally"):
            log(d, "last round: " + ", ".join(d["tally"]))
        bids = d["bids"]
        d["tally"] = {f"seat-{s}": b for s, b in sorted(enumerate(bids), reverse=True)}
        super().resolve()


class MapOrderGame(ToyGame):
    def new_state(self, seed: int = 0) -> ToyState:
        made = super().new_state(seed)
        return MapOrderToyState(self, made.data, made.rng, seed)


class TestPlayedThroughJson:
    def test_an_honest_game_plays_the_same_through_json(self) -> None:
        _, report = random_playout(load("toy-bids", players=3), 1, deep_every=0)
        assert report.terminal and report.actions > 6

    def test_an_order_taken_from_a_mapping_is_caught(self) -> None:
        game = MapOrderGame(players=3)
        with pytest.raises(ConformanceError, match=r"through its JSON form.*\['log'\]"):
            random_playout(game, 1, deep_every=0)
        random_playout(game, 1, deep_every=0, through_json=False, check=False)  # it plays

    def test_the_first_difference_is_named(self) -> None:
        a = {"log": [{"text": "x"}, {"text": "a, b"}], "n": 1}
        b = {"log": [{"text": "x"}, {"text": "b, a"}], "n": 1}
        assert first_difference(a, b) == "data['log'][1]['text']: 'a, b' against 'b, a'"
        assert first_difference(a, a) is None
        assert "2 items against 1" in (first_difference([1, 2], [1]) or "")


class TestIllegalProbes:
    def test_each_argument_gets_a_wrong_type_an_out_of_domain_value_and_goes_missing(self) -> None:
        legal = Action.of("build", building="temple", level=2, free=True)
        seen: dict[str, set[str]] = {}
        for i in range(40):
            for probe in illegal_probes(legal, Rng(i)):
                assert probe != legal or not same_args(probe.args, legal.args)
                for key, value in probe.args:
                    seen.setdefault(key, set()).add(type(value).__name__)
        assert {"bool", "str", "int"} <= seen["level"]  # True, "2", 10**12
        assert {"tuple", "int", "bool", "str"} <= seen["building"]  # ["temple"] is frozen
        assert {"int", "str", "bool"} <= seen["free"]
        assert "__extra__" in seen
        missing = {
            k
            for p in illegal_probes(legal, Rng(0))
            for k in ("building", "level", "free")
            if k not in dict(p.args)
        }
        assert missing  # one argument left out

    def test_a_game_refuses_every_probe_changing_nothing(self) -> None:
        state = load("toy-bids", players=3).new_state(2)
        before = state.dumps()
        for seat in state.current_seats():
            for action in state.legal_actions(seat)[:3]:
                for probe in illegal_probes(action, Rng(seat)):
                    with pytest.raises(IllegalAction):
                        state.apply(probe, seat)
        assert state.dumps() == before
