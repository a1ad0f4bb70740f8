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


class TestRecordFilesAreValidated:
    """Every field of a record file is checked; a bad one is named in one line, never a
    traceback (a pydantic model, ``RecordFile``)."""

    GOOD = {"game": "toy-bids", "params": {}, "seed": 1, "actions": []}

    def refused(self, tmp_path: Path, text: str | bytes, words: str) -> str:
        path = tmp_path / "bad.json"
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)
        with pytest.raises(ValueError) as info:
            Record.load(path)
        message = str(info.value)
        assert message.startswith(str(path)) and "\n" not in message
        assert words in message, message
        return message

    @pytest.mark.parametrize(
        ("field", "value", "words"),
        [
            ("seed", None, "field 'seed'"),
            ("seed", "7", "field 'seed'"),
            ("seed", 2**64, "field 'seed'"),
            ("seed", -1, "field 'seed'"),
            ("params", [1, 2], "field 'params'"),
            ("actions", 5, "field 'actions'"),
            ("actions", [{"seat": "x", "action": {"kind": "bid"}}], "action #1 is malformed"),
            ("actions", [{"seat": 0, "action": {"kind": ""}}], "action.kind"),
            ("actions", [{"seat": 0, "action": {"kind": "bid", "args": [1]}}], "action.args"),
            ("game", 3, "field 'game'"),
            ("seats", "human", "field 'seats'"),
        ],
    )
    def test_a_wrong_field_is_named(self, tmp_path: Path, field: str, value, words: str) -> None:
        self.refused(tmp_path, json.dumps({**self.GOOD, field: value}), words)

    def test_a_file_nested_200000_levels_deep(self, tmp_path: Path) -> None:
        deep = '{"game": "toy-bids", "params": {}, "seed": 1, "actions": ' + "[" * 200_000
        self.refused(tmp_path, deep + "]" * 200_000 + "}", "nested too deeply")

    def test_a_file_that_is_not_utf8(self, tmp_path: Path) -> None:
        self.refused(tmp_path, b'{"game": "\xff\xfe"}', "not UTF-8")

    def test_the_seed_range_is_documented_and_enforced(self) -> None:
        from tabletop.engine import SEED_MAX, check_seed

        assert check_seed(SEED_MAX) == SEED_MAX == 2**63 - 1 and check_seed(0) == 0
        for bad in (SEED_MAX + 1, -1, True, "3", None):
            with pytest.raises(ValueError, match=r"from 0 to 9223372036854775807"):
                check_seed(bad)
