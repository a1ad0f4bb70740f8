"""The terminal as players meet it (issue 24, "What to build" 6, the parts every game shares): the
hot-seat cover wipes the scrollback too, through a real pseudo-terminal; `tabletop saves` reads at
80 and 120 columns; ``?NAME`` answers from each game's presentation; a one-option decision with
nothing to think over is taken for the player; each game's typical decision fits 120x40."""

from __future__ import annotations

import contextlib
import io
import itertools
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tabletop.cli import main
from tabletop.cli.main import app
from tabletop.cli.play import COVER, QuitGame, TerminalGame
from tabletop.engine import load, specs
from tabletop.engine.bots import bot_kinds, make_bot
from tabletop.engine.registry import game_class, presentation
from tabletop.web.render import lone_option
from tabletop.web.service import create_game

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def run_in_a_pty(args: list[str], answers: str, timeout: float = 120) -> bytes:
    """Run ``tabletop ARGS`` on a pseudo-terminal of 120x40 (it sees a real terminal), typing
    ``answers``; everything it wrote to the terminal."""
    master, slave = os.openpty()
    env = dict(os.environ, COLUMNS="120", LINES="40", TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    code = "import tests.engine.toygame; from tabletop.cli.main import app; app()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=ROOT,
        env=env,
        close_fds=True,
    )
    os.close(slave)
    os.write(master, answers.encode())
    out = b""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the program exited and closed the terminal
                    break
                if not chunk:
                    break
                out += chunk
            elif proc.poll() is not None:
                break
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
    return out


class TestTheHotSeatCover:
    def test_it_clears_the_screen_and_the_scrollback_through_a_real_terminal(
        self, tmp_path: Path
    ) -> None:
        db = f"sqlite:///{tmp_path / 'pty.db'}"
        out = run_in_a_pty(
            ["play", "toy-bids", "--seats", "human,human", "--seed", "3", "--db", db],
            answers="1\n\nq\n",
        )
        # colours and bold left out (rich styles the numbers); the clearing sequences stay
        text = re.sub(r"\x1b\[[0-9;]*m", "", out.decode("utf-8", "replace"))
        handover = text.index("Pass the keyboard to Seat 2")
        before, after = text[:handover], text[handover:]
        # the first player's screen is wiped, scrollback included, before the hand-over shows;
        # and again once the next player presses Enter
        assert before.rstrip().endswith(COVER) or COVER in before[-200:], before[-300:]
        assert "\x1b[3J" in COVER and COVER in after
        assert after.index(COVER) < after.index("Seat 2>")


class TestSaves:
    @pytest.fixture
    def db(self, tmp_path: Path) -> str:
        url = f"sqlite:///{tmp_path / 'saves.db'}"
        create_game(url, "paupers-ladder", {"players": 3}, ["human", "bot:greedy", "human"], 5,
                    "Friday night with the family")  # fmt: skip
        seats = ["human", "bot:greedy", "bot:greedy", "bot:ismcts?iterations=200", "human"]
        create_game(url, "paper-tales", {"players": 5, "new_units": True}, seats, 5)
        create_game(url, "lairs", {"pack": True}, ["human", "human"], 5)
        return url

    @pytest.mark.parametrize("width", [80, 120])
    def test_readable_at_80_and_120_columns(
        self, db: str, width: int, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        console = Console(width=width, force_terminal=False, file=io.StringIO())
        monkeypatch.setattr(main, "console", console)
        result = runner.invoke(app, ["saves", "--db", db])
        assert result.exit_code == 0
        text = console.file.getvalue()  # type: ignore[attr-defined]
        assert max(len(line) for line in text.splitlines()) <= width
        rows = table_rows(text)
        from tabletop.store.games import GameStore

        infos = GameStore(db).list()
        assert [row[0] for row in rows] == [info.id for info in infos]  # whole: --resume takes it
        cells = " | ".join(" | ".join(row[1:]) for row in rows)
        # words, not JSON: the title, the options and the seats by the names the game gives
        assert "{" not in text and '"' not in text
        assert "Friday night with the family: Paupers' Ladder (players 3, mode standard" in cells
        assert "Paper Tales (players 5, mode standard, new units yes, new buildings no)" in cells
        state = load("paper-tales", players=5, new_units=True).new_state(5)
        assert f"{state.seat_name(3)}: bot ismcts (iterations=200)" in cells
        assert "Seat 1: a person, Seat 2: bot greedy, Seat 3: a person" in cells
        assert cells.count("in play, 0 steps, saved ") == 3


def table_rows(text: str) -> list[list[str]]:
    """The rows of a drawn rich table, each cell's lines joined with spaces (rows apart by
    their rules)."""
    rows: list[list[str]] = []
    current: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("│"):
            parts = [p.strip() for p in line.strip("│").split("│")]
            if not current:
                current = [[] for _ in parts]
            for cell, part in zip(current, parts, strict=True):
                if part:
                    cell.append(part)
        elif current and line[:1] in "├└":
            rows.append([" ".join(cell) for cell in current])
            current = []
    return rows


def product_games() -> list[Any]:
    """The product's games (the engine's test games draw generically and have no cards)."""
    return [s for s in specs() if game_class(s.name).__module__.startswith("tabletop.games.")]


class TestCardTexts:
    @pytest.mark.parametrize("name", sorted(s.name for s in product_games()))
    def test_query_a_card_by_name_answers_with_its_text(self, name: str) -> None:
        shown = presentation(name)
        if not shown.provides.cards or not shown.cards():
            pytest.xfail(f"{name}'s presentation lists no cards yet (Presentation.cards)")
        state = load(name).new_state(1)
        game = TerminalGame(
            state, ["human"] * state.game.num_players, console=Console(file=io.StringIO())
        )
        for face in list(shown.cards().values())[:20]:
            words = game.card_words(face.name)
            assert words == face.words() or face.name in words, (face.name, words)
            assert game.card_words(face.name.upper()) == words
        assert game.card_words("no such card at all") == "No card called 'no such card at all'."


def paupers_where(test: Any, players: int = 1, **params: Any) -> Any:
    for seed in range(30):
        game = load("paupers-ladder", players=players, **params)
        state = game.new_state(seed)
        bots = {s: make_bot(game, "random", s, seed) for s in range(players)}
        for _ in range(800):
            if state.is_terminal():
                break
            if test(state):
                return state
            seat = state.current_seats()[0]
            state.apply(bots[seat].act(state), seat)
    raise AssertionError("no such state")


class TestALoneOption:
    def test_is_taken_and_said_without_asking(self) -> None:
        state = paupers_where(lambda s: lone_option(s, s.current_seats()[0]) is not None,
                              mode="solo")  # fmt: skip
        seat = state.current_seats()[0]
        only = lone_option(state, seat)
        assert only is not None
        words = state.describe_action(only, seat)
        before = state.num_actions()
        console = Console(width=120, force_terminal=False, file=io.StringIO())
        asked: list[str] = []

        def ask(prompt: str) -> str:
            asked.append(prompt)
            raise QuitGame

        game = TerminalGame(state, ["human"], console=console, ask=ask)
        with contextlib.suppress(QuitGame):
            game.run()
        assert state is not game.state or game.state.num_actions() > before
        assert game.state.history()[before] == (seat, only)
        assert f"{words} (no other option)" in console.file.getvalue()  # type: ignore[attr-defined]

    def test_a_draw_from_a_deck_is_still_asked(self) -> None:
        def one_draw(s: Any) -> bool:
            legal = s.legal_actions(s.current_seats()[0])
            return len(legal) == 1 and legal[0].kind == "draw"

        state = paupers_where(one_draw, players=2)
        seat = state.current_seats()[0]
        assert lone_option(state, seat) is None
        asked: list[str] = []

        def ask(prompt: str) -> str:
            asked.append(prompt)
            raise QuitGame

        seats = ["human" if s == seat else "bot:greedy" for s in range(2)]
        game = TerminalGame(state, seats, console=Console(file=io.StringIO()), ask=ask)
        with contextlib.suppress(QuitGame):
            game.run()
        assert asked and game.state.num_actions() == state.num_actions()


class TestOneHandOverPerBuilder:
    def test_a_person_still_deciding_keeps_the_keyboard(self) -> None:
        """Two people build their lairs at once: each builds the whole lair in one go."""
        state = load("lairs").new_state(3)
        assert state.prompt().kind == "build" and len(state.current_seats()) == 2
        builders = {s: make_bot(state.game, "greedy", s, 3) for s in (0, 1)}
        game = TerminalGame(state, ["human", "human"], console=Console(file=io.StringIO()))
        order = []
        while game.state.prompt().kind == "build":
            seat = game.next_seat()
            order.append(seat)
            game.last_human = seat
            game.commit(seat, builders[seat].act(game.state))
        changes = sum(1 for a, b in itertools.pairwise(order) if a != b)
        assert changes == 1, order


# ------------------------------------------------------------------------- screens at 120x40
ROWS, COLUMNS = 40, 120

# Screens that do not fit yet, by (game, parameters, decision): the game's own drawing is taller
# than the terminal; its engineer fixes the drawing (this list then shrinks: strict).
TOO_TALL: dict[str, str] = {}


def typical_screens(name: str, params: dict[str, Any], seed: int = 3) -> dict[str, str]:
    """Each kind of decision seat 1 meets in a seeded game against the game's own bot, as the
    terminal shows it (the compact drawing and the options, or a template's questions), at
    120 columns and 40 rows."""
    game = load(name, **params)
    state = game.new_state(seed)
    kind = "greedy" if "greedy" in bot_kinds(game) else "random"
    bots = {s: make_bot(game, kind, s, seed) for s in range(game.num_players)}
    seats = ["human"] + [f"bot:{kind}"] * (game.num_players - 1)
    console = Console(width=COLUMNS, height=ROWS, force_terminal=False, file=io.StringIO())
    terminal = TerminalGame(state, seats, console=console)
    found: dict[str, str] = {}
    for _ in range(3000):
        if state.is_terminal():
            break
        seat = state.current_seats()[0]
        decision = state.prompt().kind
        if seat == 0 and decision not in found:
            out = Console(width=COLUMNS, height=ROWS, force_terminal=False, file=io.StringIO())
            for part in terminal.decision_screen(0):
                out.print(part)
            found[decision] = out.file.getvalue()  # type: ignore[attr-defined]
        state.apply(bots[seat].act(state), seat)
    return found


def screen_cases() -> list[Any]:
    cases = []
    for spec in product_games():
        for params in spec.conformance:
            ident = f"{spec.name}-{'-'.join(f'{k}={v}' for k, v in params.items()) or 'default'}"
            reason = TOO_TALL.get(ident) or TOO_TALL.get(spec.name)
            marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
            cases.append(pytest.param(spec.name, dict(params), id=ident, marks=marks))
    return cases


@pytest.mark.parametrize(("name", "params"), screen_cases())
def test_each_games_typical_decisions_fit_120_by_40(name: str, params: dict[str, Any]) -> None:
    """The screen a player decides from fits a 120x40 terminal (one row is the question); a
    game whose drawing does not fit is named with the decisions and their heights."""
    screens = typical_screens(name, params)
    assert screens, f"{name} {params}: seat 1 met no decision"
    tall = {
        kind: text.count("\n")
        for kind, text in screens.items()
        if text.count("\n") > ROWS - 1 or max(map(len, text.splitlines() or [""])) > COLUMNS
    }
    assert not tall, f"{name} {params}: screens taller than {ROWS - 1} lines: {tall}"
