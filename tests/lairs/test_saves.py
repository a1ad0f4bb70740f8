"""Saves of older layouts load in today's layout and play on as the game does. Layout 1 is from
before the state's keys were spelt out (``ex``, ``mwalls``, a check's ``hz``, the queue's flat
entries and ``_enter``-like steps); layout 2 from before a rolled die's keys (``t``, ``v``,
``src``) and a question's (``e``) were. Each save was made mid-turn by the code of its layout, with
effects waiting in the queue, a question asked or dice on the table; replaying its seed and
actions today reaches the same state. A layout this version does not know is refused by name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine import Action, load
from tabletop.engine.rng import Rng

SAVES: dict[str, Any] = {
    f"layout{layout}-{name}": case
    for layout in (1, 2)
    for name, case in json.loads(
        (Path(__file__).parent / "saves" / f"layout{layout}.json").read_text(encoding="utf-8")
    ).items()
}


@pytest.mark.parametrize("name", sorted(SAVES))
def test_an_older_save_loads_as_the_game_replayed_today(name: str) -> None:
    case = SAVES[name]
    game = load("lairs", **case["params"])
    old = case["save"]
    if name.startswith("layout1"):
        assert "ex" in old["data"] and old["data"]["queue"], "a save of layout 1, mid-turn"
    else:
        data = old["data"]
        assert data["layout"] == 2, "a save of layout 2"
        shown = [
            *(data["check"] or {}).get("dice", []),
            *((data["last_check"] or {}).get("dice", [])),
        ]
        assert (data["ask"] or {}).get("e") is not None or any("t" in d for d in shown)
    loaded = game.state_from_json(old)
    replayed = game.new_state(case["seed"])
    for seat, action in case["actions"]:
        replayed.apply(Action.from_json(action), seat)
    assert loaded.data == replayed.data
    assert loaded.rng == replayed.rng
    for seat in [*range(game.num_players), None]:
        assert loaded.view(seat) == replayed.view(seat)


@pytest.mark.parametrize("name", sorted(SAVES))
def test_an_older_save_plays_on_like_the_game(name: str) -> None:
    case = SAVES[name]
    game = load("lairs", **case["params"])
    loaded = game.state_from_json(case["save"])
    replayed = game.new_state(case["seed"])
    for seat, action in case["actions"]:
        replayed.apply(Action.from_json(action), seat)
    rng = Rng(7)
    for _ in range(200):
        if replayed.is_terminal():
            break
        seats = replayed.current_seats()
        seat = seats[rng.below(len(seats))]
        action = rng.choice(replayed.legal_actions(seat))
        assert loaded.legal_actions(seat) == replayed.legal_actions(seat)
        loaded.apply(action, seat)
        replayed.apply(action, seat)
    assert loaded.data == replayed.data


@pytest.mark.parametrize("layout", [4, 0, "2", 2.5, True])
def test_a_save_of_a_layout_this_version_does_not_know_is_refused(layout: object) -> None:
    game = load("lairs", mode="standard")
    blob = game.new_state(1).to_json()
    blob["data"]["layout"] = layout
    with pytest.raises(ValueError, match=rf"layout {layout!r}: this version reads layouts 1 to 3"):
        game.state_from_json(blob)
