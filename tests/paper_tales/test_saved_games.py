"""Saved games: a game played on through its JSON form (as the web store plays it) is the same
game as one kept in memory, and saves made before the state's keys were spelt out still load."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tabletop.engine import State, load
from tabletop.engine.bots import random_action
from tabletop.engine.rng import Rng
from tabletop.games.paper_tales.presentation import PaperTalesPresentation
from tabletop.games.paper_tales.state import LAYOUT, UNRECORDED_SOURCE

from .helpers import arrangement, card, game

SAVES = Path(__file__).parent / "saves"


def through_json(state: State) -> State:
    """The state as the store keeps it: written with ``dumps()`` (sorted keys) and read back."""
    return state.game.state_from_json(json.loads(state.dumps()))


def through_reversed_json(state: State) -> State:
    """The JSON form with every mapping's keys in reverse order: no order a mapping holds, sorted
    or as built, may change what the game does."""

    def turned(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: turned(value[key]) for key in reversed(list(value))}
        if isinstance(value, list):
            return [turned(item) for item in value]
        return value

    blob = json.loads(state.dumps())
    blob["data"] = turned(blob["data"])
    return state.game.state_from_json(blob)


def _mode_id(params: dict[str, Any]) -> str:
    return "-".join(f"{key}={value}" for key, value in params.items())


def same(one: State, other: State) -> bool:
    return one.dumps() == other.dumps()


class TestAGamePlaysOnThroughItsJsonForm:
    """Issue 27, point 5: nothing the game derives may depend on the order of a mapping, which
    the JSON form's sorted keys change."""

    def test_the_golem_raises_the_buildings_in_the_games_order(self) -> None:
        # constructed Temple first, then Tavern: in memory the Kingdom's mapping holds them in
        # that order, through the JSON form in sorted order; the log follows the game's order
        spec = {
            "phase": "deploy",
            "seats": [{"gold": 5, "hand": ["golem"], "buildings": {"temple": 1, "tavern": 1}}],
        }
        spec["seats"] += [{}, {}]
        kept = game(spec)
        golem = {card(kept, 0, "golem"): "front"}
        actions = [arrangement(kept, 0, golem), arrangement(kept, 1), arrangement(kept, 2)]
        saved = through_json(kept.state)
        for seat, action in enumerate(actions):
            kept.state.apply(action, seat)
            saved = through_json(saved)
            saved.apply(action, seat)
        logged = [e["text"] for e in kept.view(0)["log"]]
        assert "Red's Golem raises Tavern, Temple to Level 2" in logged
        assert [e["text"] for e in (saved.view(0) or {})["log"]] == logged
        assert same(kept.state, saved)

    @pytest.mark.parametrize(
        "params", [dict(p) for p in load("paper-tales").spec.conformance], ids=_mode_id
    )
    @pytest.mark.parametrize("form", [through_json, through_reversed_json])
    def test_random_games_give_the_same_data_log_and_rng_either_way(
        self, params: dict[str, Any], form: Callable[[State], State]
    ) -> None:
        # every mode; each side draws its own action with its own twin RNG, so a choice list
        # ordered by a mapping would show as a different action; the deciding seat's view is
        # compared with its keys in order
        table = load("paper-tales", **params)
        for seed in range(3):
            kept = table.new_state(seed)
            saved = form(kept)
            rng, twin = Rng(seed), Rng(seed)
            step = 0
            while not kept.is_terminal():
                saved = form(saved)
                seats = kept.current_seats()
                seat = seats[rng.below(len(seats))]
                assert saved.current_seats() == seats and seat == seats[twin.below(len(seats))]
                action = random_action(kept, seat, rng)
                assert random_action(saved, seat, twin) == action, (seed, step)
                kept.apply(action, seat)
                saved.apply(action, seat)
                step += 1
                assert kept.data == saved.data, (seed, step, action)
                assert kept.data["log"] == saved.data["log"], (seed, step, action)
                assert kept.rng == saved.rng, (seed, step, action)
                assert json.dumps(kept.view(seat)) == json.dumps(saved.view(seat)), (seed, step)
            assert same(kept, saved)
            assert kept.outcome() == saved.outcome()

    def test_a_kingdoms_buildings_are_drawn_in_the_rulebooks_order(self) -> None:
        spec = {"seats": [{"buildings": {"temple": 1, "tavern": 2, "mine": 1}}, {}]}
        view = game(spec).view(0)
        turned = json.loads(json.dumps(view))
        owned = turned["players"][0]["buildings"]
        turned["players"][0]["buildings"] = {b: owned[b] for b in reversed(list(owned))}
        drawing = PaperTalesPresentation()
        for compact in (False, True):
            assert drawing.html(turned, compact) == drawing.html(view, compact)
            assert _text(drawing.terminal(turned, compact)) == _text(
                drawing.terminal(view, compact)
            )
        assert "Mine L1, Tavern L2, Temple L1" in drawing.html(view)
        assert "Mine 1, Tavern 2, Temple 1" in _text(drawing.terminal(view))


def _text(renderable: Any) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


class TestSavesOfTheFirstLayout:
    """Saves written before the keys were spelt out (``lp``, ``won``, ``c``, ``n``, ``lich``,
    ``nether``), by the version of the rules before this one."""

    @pytest.mark.parametrize("name", ["three-players", "solo", "two-players-pending"])
    def test_an_old_save_loads_and_plays_on(self, name: str) -> None:
        blob = json.loads((SAVES / f"layout-1-{name}.json").read_text(encoding="utf-8"))
        old = blob["data"]
        table = load("paper-tales", **blob["params"])
        state = table.state_from_json(blob)
        data = state.data
        assert data["layout"] == LAYOUT
        for before, player in zip(old["players"], data["players"], strict=True):
            assert player["legend_points"] == before["lp"]
            assert player["wars_won"] == before["won"]
            assert "lp" not in player and "done" not in player and "commit" not in player
            expected = {UNRECORDED_SOURCE: before["lp"]} if before["lp"] else {}
            assert player["legend_point_sources"] == expected
            for unit, was in zip(player["kingdom"], before["kingdom"], strict=True):
                assert (unit and unit["card"]) == (was and was["c"])
        if old["solo"] is not None:
            assert data["solo"]["legend_points"] == old["solo"]["lp"]
            assert data["solo"]["lich_king_cards"] == old["solo"]["lich"]
        # the same game as replaying its actions in this version, but for the log's words and
        # the sources the old layout did not record
        replayed = table.new_state(blob["seed"])
        for seat, action in state.history():
            replayed.apply(action, seat)
        assert replayed.rng == state.rng
        assert _without_words(replayed.data) == _without_words(data)
        # and it plays on to its end, as the replayed game does
        rng = Rng(3)
        while not state.is_terminal():
            seat = state.current_seats()[0]
            action = random_action(state, seat, rng)
            state.apply(action, seat)
            replayed.apply(action, seat)
        assert state.outcome().scores == replayed.outcome().scores
        for line in state.outcome().breakdown[: table.num_players]:
            assert line.total == state.outcome().scores[line.seat]


def _without_words(data: dict[str, Any]) -> dict[str, Any]:
    """The data less the log and the recorded sources of Legend Points."""
    out = json.loads(json.dumps(data))
    out.pop("log")
    for player in [*out["players"], *([out["solo"]] if out["solo"] else [])]:
        player.pop("legend_point_sources")
    return out
