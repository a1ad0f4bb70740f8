"""Playing Paper Tales in the terminal (``tabletop play paper-tales``): hot-seat hides each seat's
hand, draft and face-down Deployment from the others, and a solo game runs to its end.

The terminal is driven as a person would: every line written to the screen and every question
asked is attributed to the person at the keyboard at that moment (the seat that played last; a
hand-over moves the keyboard on), and checked against what that seat may know right then, from
the views alone: no name of a card that another seat holds out of sight may appear."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.cli.play import TerminalGame
from tabletop.engine import Record, State, load
from tabletop.engine.bots import Bot, make_bot
from tabletop.games.paper_tales.content import game_content
from tabletop.web.render import table_options

PASS = "Pass the keyboard to "


def card_ids(node: Any) -> Iterator[str]:
    """Every Unit card id anywhere in a view."""
    cards = game_content().instance_type
    if isinstance(node, str):
        if node in cards:
            yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from card_ids(key)
            yield from card_ids(value)
    elif isinstance(node, list):
        for value in node:
            yield from card_ids(value)


def unseen_names(state: State, seat: int) -> set[str]:
    """Names of the cards other seats hold out of ``seat``'s sight (their hands, drafts, kept
    cards and face-down Deployments, as their own views show them), less every name ``seat``'s
    own view shows or mentions (a copy of the same Unit may lie in the open)."""
    content = game_content()
    mine = state.view(seat)
    text = json.dumps(mine)
    seen = {content.unit(c).name for c in card_ids(mine)}
    hidden: set[str] = set()
    for other in range(state.game.num_players):
        if other != seat:
            hidden |= {content.unit(c).name for c in card_ids(state.view(other))}
    return {name for name in hidden - seen if name not in text}


class Watched(io.StringIO):
    """The screen: each write is checked against what the person at the keyboard may know."""

    def __init__(self) -> None:
        super().__init__()
        self.game: TerminalGame | None = None
        self.leaks: list[tuple[int, str, str]] = []
        self.checked = 0  # writes checked while hidden cards were in play

    def viewer(self) -> int:
        assert self.game is not None
        last = self.game.last_human
        return last if last is not None else self.game.humans[0]

    def check(self, text: str) -> None:
        if self.game is None or not text.strip():
            return
        seat = self.viewer()
        unseen = unseen_names(self.game.state, seat)
        if unseen:
            self.checked += 1
        for name in unseen:
            if name in text:
                self.leaks.append((seat, name, text))

    def write(self, text: str) -> int:
        self.check(text)
        return super().write(text)


class Player:
    """The people at the keyboard: each human seat plays what the greedy bot would, answering
    the terminal's questions (a numbered option, or one answer per parameter of the Deployment
    template), and presses Enter when the keyboard is handed over."""

    def __init__(self, screen: Watched) -> None:
        self.screen = screen
        self.planned: list[str] = []
        self.bots: dict[int, Bot] = {}
        self.handovers: list[str] = []

    def bot(self, state: State, seat: int) -> Bot:
        if seat not in self.bots:
            self.bots[seat] = make_bot(state.game, "greedy", seat, 5)
        return self.bots[seat]

    def __call__(self, prompt: str) -> str:
        game = self.screen.game
        assert game is not None
        self.screen.check(prompt)  # the question is on the screen too
        if prompt.startswith(PASS):
            self.handovers.append(prompt)
            return ""
        state = game.state
        seat = self.screen.viewer()  # a human's turn hands the keyboard to its seat first
        if prompt.endswith("> "):  # a numbered option
            action = self.bot(state, seat).act(state)
            labels = [a for a, _ in table_options(state, seat)]
            return str(labels.index(action) + 1)
        if not self.planned:  # the first parameter of a template: plan the whole action
            action = self.bot(state, seat).act(state)
            template = (state.templates(seat) or [])[0]
            self.planned = [
                str(param.domain.index(action[param.name]) + 1) for param in template.params
            ]
        return self.planned.pop(0)


def play(
    params: dict[str, Any], seats: list[str], seed: int, stop: Any = None
) -> tuple[TerminalGame, Watched, Player]:
    """Play a game in the terminal until it ends (or ``stop(state)`` holds)."""
    state = load("paper-tales", **params).new_state(seed)
    screen = Watched()
    answers = Player(screen)
    console = Console(width=120, force_terminal=False, file=screen)

    class Until(Exception):
        pass

    def ask(prompt: str) -> str:
        if stop is not None and stop(game.state):
            raise Until
        return answers(prompt)

    game = TerminalGame(state, seats, console=console, ask=ask)
    screen.game = game
    with contextlib.suppress(Until):
        game.run()
    return game, screen, answers


class TestHotSeat:
    """Issue 13, item 5: hot-seat in the terminal hides hands between seats."""

    @pytest.mark.parametrize(
        ("players", "seats"),
        [
            (2, ["human", "human"]),
            (3, ["human", "human", "bot:greedy"]),
            (3, ["human", "bot:greedy", "human"]),
        ],
    )
    def test_no_seat_sees_another_seats_hidden_cards_through_a_draft_and_a_deployment(
        self, players: int, seats: list[str]
    ) -> None:
        def after_first_deployment(state: State) -> bool:
            return state.rounds() >= 2

        game, screen, answers = play({"players": players}, seats, 3, after_first_deployment)
        assert game.state.rounds() >= 2  # a whole draft and a Deployment were played
        assert screen.leaks == []
        assert screen.checked > 50  # the check ran while hidden cards were in play
        # the keyboard went from one person to the other, and each saw their own hand
        assert len(answers.handovers) >= 4
        out = screen.getvalue()
        assert "Hand: " in out
        names = [game.name(s) for s in game.humans]
        assert all(any(name in p for p in answers.handovers) for name in names[1:])

    def test_a_bot_choosing_face_down_shows_only_that_it_has_chosen(self) -> None:
        def at_construction(state: State) -> bool:  # after a draft and a Deployment
            return state.prompt().kind == "construct"

        game, screen, _ = play({"players": 3}, ["human", "bot:greedy", "human"], 8, at_construction)
        out = screen.getvalue()
        assert screen.leaks == []
        assert f"{game.name(1)} (bot:greedy): has chosen" in out


class TestSolo:
    """Issue 13, items 3 and 5: a solo game against the Lich King in the terminal, to its end."""

    def test_a_solo_game_runs_to_its_end(self) -> None:
        game, screen, answers = play({"mode": "solo", "lich_cards": 2}, ["human"], 6)
        state = game.state
        assert state.is_terminal()
        out = screen.getvalue()
        assert "Game over" in out and "the Lich King" in out
        assert state.outcome().text in out
        assert answers.handovers == []  # one person: the screen is never handed over
        assert screen.leaks == []

    def test_the_play_command_plays_solo_from_the_keyboard(self, tmp_path: Any) -> None:
        db = f"sqlite:///{tmp_path / 'store.db'}"
        # the first option each time, and each card of the Deployment to its first place (a
        # card in hand: discarded; a Unit in play: stays in its row), always legal
        result = CliRunner().invoke(
            app,
            ["play", "paper-tales", "--param", "mode=solo", "--seed", "2", "--db", db],
            input="1\n" * 400,
        )
        assert result.exit_code == 0, result.output
        assert "Game over" in result.output
        assert "the Lich King" in result.output


class TestReplay:
    """`tabletop replay RECORD --seat N` steps through a game as that seat saw it: another
    seat's draft pick is face down there too."""

    def test_a_replay_as_one_seat_hides_the_others_picks(self, tmp_path: Any) -> None:
        state = load("paper-tales", players=3).new_state(4)
        bots = {s: make_bot(state.game, "greedy", s, 4) for s in range(3)}
        picks: dict[int, str] = {}
        while state.prompt().kind == "draft" and len(picks) < 3:
            seat = state.current_seats()[0]
            action = bots[seat].act(state)
            picks.setdefault(seat, state.describe_action(action, seat))
            state.apply(action, seat)
        path = tmp_path / "game.json"
        Record.of(state).save(path)
        result = CliRunner().invoke(
            app, ["replay", str(path), "--seat", "1", "--no-pause"], input="n\n" * 5 + "q\n"
        )
        assert result.exit_code == 0, result.output
        out = result.output
        assert picks[0] in out  # seat 1 (seat 0 here) sees its own pick
        assert picks[1] not in out and picks[2] not in out
        assert out.count("has chosen") >= 2


class TestCardTexts:
    """Issue 24, point 4: ``?NAME`` in the terminal answers with the card's cost, strength and
    text."""

    def test_question_mark_golem(self) -> None:
        state = load("paper-tales", players=2).new_state(1)
        game = TerminalGame(state, ["human", "human"], console=Console(file=io.StringIO()))
        words = game.card_words("Golem")
        assert words.startswith("Golem (Cost 2 Gold, Strength 3")
        assert "Level 1 Building" in words
        assert game.card_words("Temple").startswith("Temple (Level 1 cost 1 Crystal or 2 Gold")
        assert game.card_words("Zzz") == "No card called 'Zzz'."
