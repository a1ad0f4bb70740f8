"""Records: replaying reproduces the state exactly; files load with clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.engine import Record, load
from tabletop.engine.bots import make_bot, play_out


def finished(seed: int = 5):  # type: ignore[no-untyped-def]
    game = load("toy-bids", players=3)
    state = game.new_state(seed)
    bots = {s: make_bot(game, "random", s, seed) for s in range(3)}
    return play_out(state, bots)


class TestRecord:
    def test_replay_reproduces_the_state(self, tmp_path: Path) -> None:
        state = finished()
        path = tmp_path / "game.json"
        Record.of(state, ["bot:random"] * 3).save(path)
        record = Record.load(path)
        assert record.replay() == state
        assert record.seats == ["bot:random"] * 3
        states = list(record.states())
        assert len(states) == state.num_actions() + 1 and states[-1] == state

    def test_malformed_files_say_what_is_wrong(self, tmp_path: Path) -> None:
        path = tmp_path / "bad.json"
        path.write_text("{not json")
        with pytest.raises(ValueError, match="cannot read record"):
            Record.load(path)
        path.write_text(json.dumps({"game": "toy-bids", "params": {}, "seed": 1}))
        with pytest.raises(ValueError, match="missing field 'actions'"):
            Record.load(path)
        path.write_text(
            json.dumps({"game": "toy-bids", "params": {}, "seed": 1, "actions": [{"seat": 0}]})
        )
        with pytest.raises(ValueError, match="action #1 is malformed"):
            Record.load(path)

    def test_a_record_that_does_not_replay_names_the_action(self) -> None:
        record = Record.of(finished())
        seat, action = record.actions[0]
        record.actions[0] = (seat, action.__class__.of("bid", card=1000))
        with pytest.raises(
            ValueError, match=r"record action #1 \(bid\(card=1000\)\) does not replay"
        ):
            record.replay()
