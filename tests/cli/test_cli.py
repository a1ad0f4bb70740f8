"""The `tabletop` command, driven through typer's test runner."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tabletop.cli import main
from tabletop.cli.keys import line_key
from tabletop.cli.main import app
from tabletop.cli.play import QuitGame, TerminalGame, find_game_id
from tabletop.engine import Action, Record, load, specs
from tabletop.store.games import GameStore, NotFound
from tabletop.web.render import table_options

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.db'}"


class TestCli:
    def test_games_lists_registered_games(self) -> None:
        result = runner.invoke(app, ["games"])
        assert result.exit_code == 0 and "toy-bids" in result.output

    def test_simulate_prints_a_table_and_writes_json(self, tmp_path: Path) -> None:
        out = tmp_path / "sim.json"
        result = runner.invoke(
            app,
            [
                "simulate",
                "toy-bids",
                "--param",
                "players=3",
                "--param",
                "rounds=4",
                "-n",
                "6",
                "--seed",
                "9",
                "--seats",
                "bot:random",
                "--json",
                str(out),
            ],
        )
        assert result.exit_code == 0, result.output
        assert "win share seat 3" in result.output
        doc = json.loads(out.read_text())
        assert doc["params"] == {"players": 3, "rounds": 4} and len(doc["results"]) == 6

    def test_simulate_seats_default_to_the_games_own_bot(self) -> None:
        result = runner.invoke(
            app, ["simulate", "paupers-ladder", "--param", "mode=solo", "-n", "2"]
        )
        assert result.exit_code == 0, result.output
        assert "win share seat 1 (bot:greedy)" in result.output
        result = runner.invoke(app, ["simulate", "toy-bids", "-n", "2"])
        assert "win share seat 1 (bot:random)" in result.output

    def test_bad_params_are_clear_errors(self) -> None:
        result = runner.invoke(app, ["simulate", "toy-bids", "--param", "players=9"])
        assert result.exit_code == 2 and "'players' must be <= 7" in result.output
        result = runner.invoke(app, ["simulate", "nope"])
        assert result.exit_code == 2 and "unknown game 'nope'" in result.output

    def test_bench_prints_figures(self) -> None:
        result = runner.invoke(app, ["bench", "toy-bids", "--games", "3"])
        assert result.exit_code == 0, result.output
        assert "clone() us, median" in result.output

    def test_play_with_a_human_saves_and_replays(self, tmp_path: Path, db: str) -> None:
        record = tmp_path / "game.json"
        # the human always picks option 1 until the game ends
        result = runner.invoke(
            app,
            [
                "play",
                "toy-bids",
                "--param",
                "rounds=2",
                "--seats",
                "human,bot:random",
                "--seed",
                "4",
                "--save",
                str(record),
                "--db",
                db,
            ],
            input="1\n" * 20,
        )
        assert result.exit_code == 0, result.output
        assert "Game over" in result.output
        saved = Record.load(record)
        assert saved.replay().is_terminal()
        result = runner.invoke(app, ["replay", str(record), "--no-pause", "--seat", "1"])
        assert result.exit_code == 0 and "step 1 of" in result.output
        result = runner.invoke(app, ["saves", "--db", db])
        assert "Secret Bids" in result.output and "finished" in result.output

    def test_quit_and_resume_from_the_store(self, db: str) -> None:
        result = runner.invoke(
            app,
            ["play", "toy-bids", "--seats", "human,human", "--seed", "2", "--db", db],
            input="1\n\n1\nq\n",
        )
        assert result.exit_code == 0, result.output
        assert "Pass the keyboard to Seat 2" in result.output
        game_id = result.output.split("game id ")[1].split()[0]
        assert len(game_id) == 8  # the short id people see is enough to resume
        result = runner.invoke(
            app, ["play", "toy-bids", "--resume", game_id, "--db", db], input="1\n" * 40 + "\n" * 40
        )
        assert result.exit_code == 0, result.output

    def test_an_invalid_choice_is_explained(self, db: str) -> None:
        result = runner.invoke(
            app,
            ["play", "toy-bids", "--param", "rounds=1", "--seats", "human,bot:random", "--db", db],
            input="99\nh\n1\n1\n1\n",
        )
        assert "'99' is not an option" in result.output

    def test_lint_content_of_an_unknown_game(self) -> None:
        result = runner.invoke(app, ["lint-content", "nope"])
        assert result.exit_code == 2 and "unknown game" in result.output


class TestRefusalsAreOneLine:
    """Bad seeds and bad record files end in one clear line (exit 2), never a traceback."""

    def refused(self, args: list[str], words: str) -> None:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output and words in result.output, result.output

    def test_a_seed_of_2_to_the_64(self, db: str) -> None:
        seed = str(2**64)
        self.refused(["play", "paupers-ladder", "--seed", seed, "--db", db], "0 to")
        self.refused(["simulate", "toy-bids", "-n", "2", "--seed", str(2**63 - 1)], "0 to")

    @pytest.mark.parametrize(
        ("field", "value"),
        [("seed", None), ("seed", 2**64), ("params", [1, 2]), ("actions", 5)],
    )
    def test_replay_and_resume_of_a_bad_record(self, tmp_path: Path, db: str, field, value) -> None:
        path = tmp_path / "bad.json"
        good = {"game": "toy-bids", "params": {}, "seed": 1, "actions": []}
        path.write_text(json.dumps({**good, field: value}))
        self.refused(["replay", str(path), "--db", db], f"field '{field}'")
        self.refused(["play", "toy-bids", "--resume", str(path), "--db", db], f"field '{field}'")

    def test_replay_of_a_deeply_nested_or_binary_file(self, tmp_path: Path, db: str) -> None:
        path = tmp_path / "deep.json"
        path.write_text("[" * 200_000 + "]" * 200_000)
        self.refused(["replay", str(path), "--db", db], "nested too deeply")
        path.write_bytes(b"\xff\xfe\x00binary")
        self.refused(["replay", str(path), "--db", db], "deep.json: cannot read record")


@pytest.fixture
def narrow(monkeypatch: pytest.MonkeyPatch) -> Console:
    """The command's console as in an 80-column terminal."""
    console = Console(width=80, force_terminal=False)
    monkeypatch.setattr(main, "console", console)
    return console


def played(db: str, *args: str, answers: str = "q\n") -> str:
    result = runner.invoke(app, ["play", *args, "--db", db], input=answers)
    assert result.exit_code == 0, result.output
    return result.output


class TestNoTracebacks:
    """Issue 10, item 1: whatever a user types, a command answers with a sentence, never a
    traceback."""

    @pytest.mark.parametrize(
        "args",
        [
            ["play", "paupers-ladder", "--seats", "human,bot:smart"],
            ["play", "paupers-ladder", "--seats", "human"],
            ["play", "paupers-ladder", "--seats", "human,robot"],
            ["play", "paupers-ladder", "--param", "scenario=fiery-siege"],
            ["play", "paupers-ladder", "--param", "players=9"],
            ["play", "paupers-ladder", "--param", "players"],
            ["play", "nope"],
            ["play", "paupers-ladder", "--resume", "no-such-game"],
            ["replay", "no-such-game"],
            ["replay", "no-such-file.json"],
            ["simulate", "paupers-ladder", "--seats", "bot:smart", "-n", "1"],
            ["bench", "nope"],
        ],
    )
    def test_bad_input_is_a_sentence(self, args: list[str], db: str) -> None:
        result = runner.invoke(
            app, [*args, "--db", db] if args[0] != "simulate" and args[0] != "bench" else args
        )
        assert result.exit_code == 2, result.output
        assert isinstance(result.exception, SystemExit), result.exception
        assert "error:" in result.output and "Traceback" not in result.output

    def test_an_unknown_bot_names_the_bots_there_are(self, db: str) -> None:
        result = runner.invoke(
            app, ["play", "paupers-ladder", "--seats", "human,bot:smart", "--db", db]
        )
        assert "no bot 'smart'" in result.output and "bot:greedy" in result.output

    def test_a_broken_record_file_is_a_sentence(self, tmp_path: Path, db: str) -> None:
        bad = tmp_path / "bad.json"
        bad.write_text("{not json")
        result = runner.invoke(app, ["play", "toy-bids", "--resume", str(bad), "--db", db])
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit)


class TestSavesAndResume:
    """Issue 10, items 2 to 4."""

    def test_saves_shows_whole_ids_in_a_narrow_terminal(self, db: str, narrow: Console) -> None:
        played(db, "toy-bids", "--seats", "human,human")
        [info] = GameStore(db).list()
        result = runner.invoke(app, ["saves", "--db", db])
        assert result.exit_code == 0 and info.id in result.output

    def test_resume_takes_any_unique_start_of_an_id(self, db: str) -> None:
        played(db, "toy-bids", "--seats", "human,human", answers="1\n\nq\n")
        [info] = GameStore(db).list()
        for prefix in (info.id[:8], info.id[:4], info.id.upper()[:6]):
            out = played(db, "toy-bids", "--resume", prefix, answers="q\n")
            assert "Saved." in out
        assert [g.id for g in GameStore(db).list()] == [info.id]

    def test_an_ambiguous_start_asks_for_more(self) -> None:
        class Listed:
            def __init__(self, ident: str) -> None:
                self.id = ident

        class Store:
            def list(self) -> list[Listed]:
                return [Listed("abc123" + "0" * 26), Listed("abd456" + "0" * 26)]

        store: Any = Store()
        assert find_game_id(store, "abc") == "abc123" + "0" * 26
        with pytest.raises(NotFound, match="2 saved games start with 'ab'"):
            find_game_id(store, "ab")
        with pytest.raises(NotFound, match="no saved game"):
            find_game_id(store, "zz")

    def test_resuming_a_file_continues_the_same_stored_game(self, tmp_path: Path, db: str) -> None:
        record = tmp_path / "g.json"
        played(db, "toy-bids", "--seats", "human,human", "--save", str(record), answers="1\n\nq\n")
        assert len(GameStore(db).list()) == 1
        played(db, "toy-bids", "--resume", str(record), answers="1\nq\n")
        played(db, "toy-bids", "--resume", str(record), answers="q\n")
        [info] = GameStore(db).list()
        assert info.num_actions == 2 == len(Record.load(record).actions)

    def test_a_file_from_elsewhere_becomes_one_stored_game(self, tmp_path: Path, db: str) -> None:
        other = f"sqlite:///{tmp_path / 'other.db'}"
        record = tmp_path / "g.json"
        played(
            other, "toy-bids", "--seats", "human,human", "--save", str(record), answers="1\n\nq\n"
        )
        played(db, "toy-bids", "--resume", str(record), answers="q\n")
        played(db, "toy-bids", "--resume", str(record), answers="q\n")
        assert len(GameStore(db).list()) == 1

    def test_quitting_says_how_to_resume(self, db: str) -> None:
        out = played(db, "toy-bids", "--seats", "human,human")
        assert "make run" not in out and "make play" in out and "--resume" in out


class TestReplayKeys:
    """Issue 10, item 5: n/p or arrows step, q quits."""

    @pytest.fixture
    def record(self, tmp_path: Path) -> Path:
        game = load("toy-bids", rounds=2)
        state = game.new_state(3)
        while not state.is_terminal():
            for seat in state.current_seats():
                state.apply(state.legal_actions(seat)[0], seat)
        path = tmp_path / "r.json"
        Record.of(state).save(path)
        return path

    def test_q_quits_at_once(self, record: Path) -> None:
        result = runner.invoke(app, ["replay", str(record)], input="q\n")
        assert result.exit_code == 0, result.output
        assert "step 1 of" not in result.output

    def test_n_and_p_step_forward_and_back(self, record: Path) -> None:
        result = runner.invoke(app, ["replay", str(record)], input="n\nn\np\nq\n")
        out = result.output
        assert result.exit_code == 0, out
        assert out.count("step 1 of") == 2 and out.count("step 2 of") == 1

    def test_arrow_keys_step(self, record: Path) -> None:
        result = runner.invoke(app, ["replay", str(record)], input="\x1b[C\n\x1b[C\n\x1b[D\nq\n")
        assert result.output.count("step 1 of") == 2

    def test_going_back_from_the_start_says_so(self, record: Path) -> None:
        result = runner.invoke(app, ["replay", str(record)], input="p\nq\n")
        assert "This is the start" in result.output

    def test_read_key_maps_typed_lines(self) -> None:
        assert [line_key(x) for x in ("\x1b[C", "\x1b[D", "", "N", "q")] == [
            "right",
            "left",
            "enter",
            "n",
            "q",
        ]


class TestHelpAndGames:
    """Issue 10, item 15."""

    @pytest.mark.parametrize("command", [[], ["play"], ["replay"], ["simulate"], ["saves"]])
    def test_help_has_no_type_labels(self, command: list[str]) -> None:
        result = runner.invoke(app, [*command, "--help"])
        assert result.exit_code == 0
        assert not re.search(r"<(bool|int|str|path|list\[str\])>", result.output), result.output

    def test_games_lists_whole_names_modes_choices_and_bots(self, narrow: Console) -> None:
        result = runner.invoke(app, ["games"])
        out = result.output
        assert result.exit_code == 0
        for spec in specs():
            assert spec.name in out
            for mode in spec.modes:
                assert mode in out
        for word in ("saltash-necromancer", "fiery-siege", "very-hard", "bot:greedy", "bot:random"):
            assert word in out, word
        assert "…" not in out


def paupers_state_where(test: Any, players: int = 2, seeds: int = 30) -> Any:
    """The first state of seeded random Paupers' Ladder games where ``test(state)`` holds."""
    from tabletop.engine.bots import make_bot

    for seed in range(seeds):
        game = load("paupers-ladder", players=players)
        state = game.new_state(seed)
        bots = {s: make_bot(game, "random", s, seed) for s in range(players)}
        while not state.is_terminal():
            if test(state):
                return state
            seat = state.current_seats()[0]
            state.apply(bots[seat].act(state), seat)
    raise AssertionError("no such state in the seeded games")


def screens(state: Any, answers: list[str], seats: list[str] | None = None) -> list[str]:
    """What a 120-column terminal shows before each answer, playing ``state`` from the seat that
    decides now."""
    console = Console(width=120, force_terminal=False, file=io.StringIO())
    out = console.file
    marks: list[int] = []
    feed = iter(answers)

    def ask(_prompt: str) -> str:
        marks.append(out.tell())
        return next(feed)

    seat = state.current_seats()[0]
    seats = seats or ["human" if s == seat else "bot:greedy" for s in range(state.game.num_players)]
    with contextlib.suppress(QuitGame, StopIteration):
        TerminalGame(state, seats, console=console, ask=ask).run()
    text = out.getvalue()  # type: ignore[attr-defined]
    return [text[a:b] for a, b in zip([0, *marks], [*marks, len(text)], strict=True)]


class TestPaupersAtTheTerminal:
    """Issue 10, items 6 to 8 and 10 in the terminal."""

    def test_a_second_move_shows_its_cost(self) -> None:
        def second_move(state: Any) -> bool:
            ts = state.view(None).get("turn_state") or {}
            seat = state.current_seats()[0]
            return (
                state.prompt().kind == "character"
                and ts.get("char") == "pauper"
                and ts.get("moves") == 1
                and state.data["players"][seat]["gems"] >= 1
                and any(a.kind == "move" for a in state.legal_actions(seat))
            )

        state = paupers_state_where(second_move)
        seat = state.current_seats()[0]
        labels = [label for a, label in table_options(state, seat) if a.kind == "move"]
        assert labels and all(label.endswith("(1 Gem)") for label in labels), labels
        move = next(a for a in state.legal_actions(seat) if a.kind == "move")
        state.apply(move, seat)
        assert "paying 1 Gem for the extra move" in state.view(seat)["log"][-1]["text"]

    def test_discarding_comes_last_and_asks_first(self) -> None:
        def can_discard(state: Any) -> bool:
            seat = state.current_seats()[0]
            kinds = [a.kind for a in state.legal_actions(seat)]
            return "discard" in kinds and kinds[0] == "discard" and len(kinds) > 1

        state = paupers_state_where(can_discard)
        seat = state.current_seats()[0]
        options = table_options(state, seat)
        assert options[0][0].kind != "discard" and options[-1][0].kind == "discard"
        number = str(len(options))
        before = state.num_actions()
        shown = screens(state.clone(), [number, "n", "q"])
        assert "for good? (y/n)" not in shown[1]  # the question is the prompt itself
        assert "Kept it" in shown[2]
        kept = state.clone()
        screens(kept, [number, "n", "q"])
        assert kept.num_actions() == before

    def test_no_two_options_read_the_same(self) -> None:
        def twins(state: Any) -> bool:
            seat = state.current_seats()[0]
            labels = [state.describe_action(a, seat) for a in state.legal_actions(seat)]
            return len(set(labels)) < len(labels)

        state = paupers_state_where(twins)
        seat = state.current_seats()[0]
        labels = [label for _, label in table_options(state, seat)]
        assert len(set(labels)) == len(labels)

    def test_h_explains_in_words_and_a_card_name_shows_its_text(self) -> None:
        state = load("paupers-ladder", players=2).new_state(1)
        shown = screens(state, ["h", "?sword", "?nothing-like-it", "q"])
        assert "(pauper=" not in shown[1] and "pauper(" not in shown[1]
        assert "starts with the" in shown[1]  # each Pauper explained
        assert "sword (Cost 4 Gems): Equipment, weapon: weapon +2" in shown[2]
        assert "No card called 'nothing-like-it'" in shown[3]

    def test_seats_count_from_one_and_each_player_has_one_name(self) -> None:
        state = load("paupers-ladder", players=2).new_state(1)
        shown = screens(state, ["1", "1", "q"], seats=["human", "bot:greedy"])
        assert "Seat 1" in shown[1] and "Seat 0" not in "".join(shown)
        name = state.view(None)["players"][0]["name"]
        assert name != "Seat 1" and f"{name}:" in "".join(shown[2:])

    def test_each_screen_fits_120_by_40(self) -> None:
        state = load("paupers-ladder", players=2).new_state(5)
        shown = screens(state, ["1"] * 60 + ["q"])
        # the decision screen: from the compact table to the question, bots' lines before it
        for text in shown[1:]:
            screen = text[text.find("Paupers' Ladder ·") :] if "Paupers' Ladder ·" in text else text
            assert screen.count("\n") <= 40, screen
            assert max((len(line) for line in screen.splitlines()), default=0) <= 120

    def test_bots_moves_show_as_they_happen(self) -> None:
        state = load("paupers-ladder", players=2).new_state(2)
        shown = screens(state, ["1"] * 12 + ["q"], seats=["human", "bot:greedy"])
        assert any("(bot:greedy):" in s for s in shown)


class TestATemplateAtTheTerminal:
    """A templated decision (Drafters' Lairs' build) is a short guided question: one numbered
    answer per parameter; a built cell is refused with the engine's reason and asked again."""

    def test_the_build_is_asked_parameter_by_parameter(self) -> None:
        state = load("toy-lairs", players=2, hand=3, size=2).new_state(4)
        while state.data["phase"] == "draft":
            for seat in state.current_seats():
                state.apply(state.legal_actions(seat)[0], seat)
        console = Console(width=120, force_terminal=False, file=io.StringIO())
        answers = iter(["1", "2", "3", "q"])
        prompts: list[str] = []

        def ask(prompt: str) -> str:
            prompts.append(prompt)
            return next(answers)

        game = TerminalGame(state, ["human", "bot:random"], console=console, ask=ask)
        action = game.template_turn(0, state.templates(0) or [])
        card = state.templates(0)[0].params[0].domain[0]  # type: ignore[index]
        assert action == Action.of("build", card=card, cell=1, rotation=2)
        assert prompts[1].startswith("Cell (1 row 1, column 1, 2 row 1, column 2")
        assert "3 south" in prompts[2]
