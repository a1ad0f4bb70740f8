"""Terminal play: humans pick from numbered options, bots play their seats."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from ..engine import Action, Record, State
from ..engine.bots import Bot, make_bot
from ..store.games import GameStore
from .render import game_renderer

HELP = (
    "Type the number of an option. Other commands: [b]h[/b] help on the options, "
    "[b]v[/b] show your view again, [b]s[/b] save, [b]q[/b] save and quit."
)


class QuitGame(Exception):
    """The player left; the game is saved."""


class TerminalGame:
    def __init__(
        self,
        state: State,
        seats: list[str],
        *,
        console: Console | None = None,
        ask: Callable[[str], str] | None = None,
        store: GameStore | None = None,
        game_id: str | None = None,
        save_file: Path | None = None,
        bot_delay: float = 0.0,
    ) -> None:
        self.state = state
        self.seats = seats
        self.console = console or Console()
        self.ask = ask or (lambda prompt: self.console.input(prompt))
        self.store = store
        self.game_id = game_id
        self.save_file = save_file
        self.render = game_renderer(state.game.name)
        self.bots: dict[int, Bot] = {}
        for seat, spec in enumerate(seats):
            if spec != "human":
                kind = spec.split(":", 1)[1] if spec.startswith("bot:") else spec
                self.bots[seat] = make_bot(state.game, kind, seat, state.seed)
        self.humans = [s for s, spec in enumerate(seats) if spec == "human"]
        self.last_human: int | None = None
        self.seen_log: dict[int | None, int] = {}

    # ----------------------------------------------------------------------------------
    def save(self) -> None:
        if self.save_file is not None:
            Record.of(self.state, self.seats).save(self.save_file)
            self.console.print(f"[dim]saved record to {self.save_file}[/dim]")

    def commit(self, seat: int, action: Action) -> None:
        if self.store is not None and self.game_id is not None:
            self.state = self.store.apply(self.game_id, seat, action, self.state.num_actions())
        else:
            self.state.apply(action, seat)

    def new_log(self, seat: int | None) -> list[str]:
        view = self.state.view(seat)
        assert view is not None
        last = self.seen_log.get(seat, -1)
        fresh = [e for e in view.get("log", []) if e["n"] > last]
        if fresh:
            self.seen_log[seat] = fresh[-1]["n"]
        return [e["text"] for e in fresh]

    def hand_over(self, seat: int) -> None:
        """Hot-seat: hide the previous seat's private information before the next human plays."""
        if len(self.humans) > 1 and self.last_human is not None and self.last_human != seat:
            self.console.clear()
            self.ask(f"Pass the keyboard to seat {seat}, then press Enter ")
            self.console.clear()
        self.last_human = seat

    def show(self, seat: int) -> None:
        view = self.state.view(seat)
        assert view is not None
        self.console.print(self.render(view))

    def options_table(self, seat: int, legal: list[Action], detail: bool = False) -> Table:
        table = Table(show_header=False, box=None)
        table.add_column(justify="right", style="bold")
        table.add_column()
        for i, action in enumerate(legal, 1):
            text = self.state.describe_action(action, seat)
            if detail:
                text += f"  [dim]{action}[/dim]"
            table.add_row(str(i), text)
        return table

    def human_turn(self, seat: int) -> Action:
        self.hand_over(seat)
        self.show(seat)
        prompt = self.state.prompt()
        legal = self.state.legal_actions(seat)
        while True:
            self.console.print(
                Panel(
                    self.options_table(seat, legal),
                    title=f"Seat {seat}: {prompt.text or prompt.kind}",
                    border_style="green",
                )
            )
            answer = self.ask(f"seat {seat}> ").strip().lower()
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            if answer in ("h", "help", "?"):
                self.console.print(HELP)
                self.console.print(self.options_table(seat, legal, detail=True))
            elif answer == "v":
                self.show(seat)
            elif answer == "s":
                self.save()
            elif answer in ("q", "quit"):
                self.save()
                raise QuitGame
            else:
                self.console.print(
                    f"[red]'{answer}' is not an option: type 1 to {len(legal)}[/red]"
                )

    def run(self) -> State:
        while not self.state.is_terminal():
            for seat in self.state.current_seats():
                if seat not in self.state.current_seats():
                    continue
                if seat in self.bots:
                    action = self.bots[seat].act(self.state)
                    if self.humans:
                        self.console.print(
                            f"[magenta]seat {seat} ({self.seats[seat]}):[/magenta] "
                            f"{self.state.describe_action(action, seat)}"
                        )
                else:
                    action = self.human_turn(seat)
                self.commit(seat, action)
                watcher = self.humans[0] if len(self.humans) == 1 else None
                for line in self.new_log(watcher):
                    self.console.print(f"[dim]· {line}[/dim]")
        self.save()
        outcome = self.state.outcome()
        final = self.state.view(self.humans[0] if len(self.humans) == 1 else None)
        assert final is not None
        self.console.print(self.render(final))
        winners = ", ".join(f"seat {w}" for w in outcome.winners) or "nobody"
        self.console.print(
            Panel(f"{outcome.text or outcome.reason}\nWinner: {winners}", title="Game over")
        )
        return self.state


def seats_for(text: str | None, num_players: int) -> list[str]:
    """``human,bot:greedy`` -> a spec per seat; by default seat 0 is human and the rest random."""
    if not text:
        return ["human"] + ["bot:random"] * (num_players - 1)
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) != num_players:
        raise ValueError(f"--seats names {len(parts)} seats; the game has {num_players}")
    for p in parts:
        if p != "human" and not p.startswith("bot:"):
            raise ValueError(f"a seat is 'human' or 'bot:KIND', got {p!r}")
    return parts


def describe_seats(seats: list[str]) -> dict[str, Any]:
    return {str(i): s for i, s in enumerate(seats)}
