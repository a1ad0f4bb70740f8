"""Terminal play: humans pick from numbered options, bots play their seats."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from ..engine import Action, Game, IllegalAction, Record, State, Template
from ..engine.bots import Bot, bot_kinds, make_bot
from ..engine.registry import presentation
from ..store.games import GameStore, NotFound
from ..web.render import confirm_question, humanize, table_options, whole_log
from .render import game_renderer

HELP = (
    "Type the number of an option. Other keys: [b]h[/b] the options explained, "
    "[b]?NAME[/b] a card's text (e.g. ?sword), [b]v[/b] the whole table, [b]l[/b] the whole log, "
    "[b]s[/b] save, [b]q[/b] save and quit."
)
YES = ("y", "yes")


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
        self.compact = game_renderer(state.game.name, compact=True)
        self.shown = presentation(state.game.name)
        self.bots: dict[int, Bot] = {}
        for seat, spec in enumerate(seats):
            if spec != "human":
                kind = spec.split(":", 1)[1] if spec.startswith("bot:") else spec
                self.bots[seat] = make_bot(state.game, kind, seat, state.seed)
        self.humans = [s for s, spec in enumerate(seats) if spec == "human"]
        self.last_human: int | None = None
        self.seen_log: dict[int | None, int] = {}

    # ----------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        """The one name a player goes by on screen (:meth:`State.seat_name`)."""
        return self.state.seat_name(seat)

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
            self.ask(f"Pass the keyboard to {self.name(seat)}, then press Enter ")
            self.console.clear()
        self.last_human = seat

    def show(self, seat: int, full: bool = False) -> None:
        view = self.state.view(seat)
        assert view is not None
        self.console.print((self.render if full else self.compact)(view))

    def show_log(self, seat: int) -> None:
        entries = whole_log(Record.of(self.state).states(), seat)
        lines = [e["text"] for e in reversed(entries)]
        self.console.print(
            Panel("\n".join(lines) or "Nothing yet.", title="The whole log, newest first")
        )

    def options_table(
        self, seat: int, options: list[tuple[Action, str]], detail: bool = False
    ) -> Table:
        table = Table(show_header=False, box=None, padding=(0, 1))
        columns = 2 if len(options) > 12 and not detail else 1
        for _ in range(columns):
            table.add_column(justify="right", style="bold")
            table.add_column(ratio=1)
        cells = []
        for i, (action, text) in enumerate(options, 1):
            if detail and self.shown.provides.explain:
                more = self.shown.explain(self.state.view(seat) or {}, action)
                if more:
                    text += f"\n[dim]{more}[/dim]"
            cells.append((str(i), text))
        rows = (len(cells) + columns - 1) // columns
        for r in range(rows):
            row: list[str] = []
            for c in range(columns):
                i = r + c * rows
                row += list(cells[i]) if i < len(cells) else ["", ""]
            table.add_row(*row)
        return table

    def template_turn(self, seat: int, templates: list[Template]) -> Action:
        """A templated decision as a short guided question: which kind (when several), then one
        numbered answer per parameter; the engine checks the one action that results."""
        who = self.name(seat)
        while True:
            template = templates[0]
            if len(templates) > 1:
                for i, t in enumerate(templates, 1):
                    self.console.print(f"  [bold]{i}[/bold] {t.text or humanize(t.kind)}")
                raw = self.ask(f"{who}, which? ").strip()
                if not (raw.isdigit() and 1 <= int(raw) <= len(templates)):
                    self.console.print(f"[red]type 1 to {len(templates)}[/red]")
                    continue
                template = templates[int(raw) - 1]
            self.console.print(f"[green]{who}: {template.text or humanize(template.kind)}[/green]")
            values: dict[str, Any] = {}
            for param in template.params:
                words = param.labels or tuple(str(v) for v in param.domain)
                shown = ", ".join(f"{i} {w}" for i, w in enumerate(words, 1))
                while True:
                    raw = self.ask(f"{humanize(param.label or param.name)} ({shown}): ").strip()
                    if raw in ("q", "quit"):
                        self.save()
                        raise QuitGame
                    if raw.isdigit() and 1 <= int(raw) <= len(param.domain):
                        values[param.name] = param.domain[int(raw) - 1]
                        break
                    self.console.print(f"[red]type 1 to {len(param.domain)}, or q[/red]")
            action = template.action(**values)
            try:
                self.state.check(action, seat)
            except IllegalAction as exc:
                self.console.print(f"[red]{exc}[/red]")
                continue
            return action

    def human_turn(self, seat: int) -> Action:
        self.hand_over(seat)
        self.show(seat)
        templates = self.state.templates(seat)
        if templates:
            return self.template_turn(seat, templates)
        prompt = self.state.prompt()
        options = table_options(self.state, seat)
        who = self.name(seat)
        title = prompt.text or humanize(prompt.kind)
        while True:
            self.console.print(
                Panel(
                    self.options_table(seat, options),
                    title=f"{who}: {title}",
                    subtitle="number · h help · ?NAME card · v table · l log · q quit",
                    border_style="green",
                )
            )
            raw = self.ask(f"{who}> ").strip()
            answer = raw.lower()
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                action = options[int(answer) - 1][0]
                question = confirm_question(self.state, action, seat)
                if question and self.ask(f"{question} (y/n) ").strip().lower() not in YES:
                    self.console.print("[yellow]Kept it: choose again.[/yellow]")
                    continue
                return action
            if answer in ("h", "help"):
                self.console.print(HELP)
                self.console.print(self.options_table(seat, options, detail=True))
            elif answer.startswith("?") and len(answer) > 1:
                self.console.print(self.card_words(raw[1:].strip()))
            elif answer in ("?",):
                self.console.print(HELP)
            elif answer == "v":
                self.show(seat, full=True)
            elif answer == "l":
                self.show_log(seat)
            elif answer == "s":
                self.save()
            elif answer in ("q", "quit"):
                self.save()
                raise QuitGame
            else:
                self.console.print(
                    f"[red]'{raw}' is not an option: type 1 to {len(options)}, or h for help[/red]"
                )

    def card_words(self, name: str) -> str:
        if not self.shown.provides.cards:
            return f"{self.state.game.spec.title} has no card texts to look up."
        text = self.shown.card_text(name)
        return text if text else f"No card called {name!r}."

    def run(self) -> State:
        while not self.state.is_terminal():
            for seat in self.state.current_seats():
                if seat not in self.state.current_seats():
                    continue
                if seat in self.bots:
                    action = self.bots[seat].act(self.state)
                    if self.humans:
                        # a simultaneous choice stays face down until every seat has chosen
                        words = (
                            "has chosen"
                            if self.state.prompt().commit
                            else self.state.describe_action(action, seat)
                        )
                        self.console.print(
                            f"[magenta]{self.name(seat)} ({self.seats[seat]}):[/magenta] {words}"
                        )
                else:
                    action = self.human_turn(seat)
                self.commit(seat, action)
                watcher = self.humans[0] if len(self.humans) == 1 else None
                for line in self.new_log(watcher):
                    self.console.print(f"[dim]· {line}[/dim]")
        self.save()
        self.game_over()
        return self.state

    def game_over(self) -> None:
        outcome = self.state.outcome()
        final = self.state.view(self.humans[0] if len(self.humans) == 1 else None)
        assert final is not None
        self.console.print(self.render(final))
        winners = ", ".join(self.name(w) for w in outcome.winners) or "nobody"
        lines = [outcome.text or outcome.reason, f"Winner: {winners}"]
        for seat, score in sorted(outcome.scores.items()):
            lines.append(f"  {self.name(int(seat))}: {whole(score)}")
        self.console.print(Panel("\n".join(lines), title="Game over"))


def whole(score: Any) -> str:
    """A score as people write it: 3, not 3.0."""
    if isinstance(score, float) and score.is_integer():
        return str(int(score))
    return str(score)


def default_seats(game: Game) -> list[str]:
    """One person, and the game's own bot (or the random one) in every other seat."""
    kinds = sorted(k for k in bot_kinds(game) if k != "random")
    bot = f"bot:{'greedy' if 'greedy' in kinds else (kinds[0] if kinds else 'random')}"
    return ["human"] + [bot] * (game.num_players - 1)


def seats_for(text: str | None, num_players: int, game: Game | None = None) -> list[str]:
    """``human,bot:greedy`` -> a spec per seat; by default seat 1 is human and the rest are the
    game's bot. With ``game``, each bot kind is checked against the game's bots."""
    if not text:
        if game is not None:
            return default_seats(game)
        return ["human"] + ["bot:random"] * (num_players - 1)
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) != num_players:
        raise ValueError(f"--seats names {len(parts)} seats; the game has {num_players}")
    kinds = sorted(bot_kinds(game)) if game is not None else None
    for p in parts:
        if p != "human" and not p.startswith("bot:"):
            raise ValueError(f"a seat is 'human' or 'bot:KIND', got {p!r}")
        if kinds is not None and p.startswith("bot:") and p[4:] not in kinds:
            raise ValueError(
                f"{game.name if game else 'the game'} has no bot {p[4:]!r}; "
                f"the bots are: {', '.join('bot:' + k for k in kinds)}"
            )
    return parts


def resume_hint(game: str, game_id: str) -> str:
    """How to come back to a stored game: the launcher's list, or its id (any unique start)."""
    return (
        f"To resume: `make play` (or `tabletop launch`) and pick it from the list, "
        f"or `tabletop play {game} --resume {game_id[:8]}`."
    )


def find_game_id(store: GameStore, text: str) -> str:
    """The stored game whose id is ``text`` or starts with it (it must be the only one)."""
    ids = [i.id for i in store.list()]
    if text in ids:
        return text
    found = [i for i in ids if i.startswith(text.lower())] if text else []
    if len(found) == 1:
        return found[0]
    if not found:
        raise NotFound(f"no saved game and no file {text!r} (see `tabletop saves`)")
    raise NotFound(
        f"{len(found)} saved games start with {text!r}: type more of the id "
        f"({', '.join(f[: len(text) + 4] for f in found[:5])}...)"
    )


def stored_game_of(store: GameStore, record: Record) -> str | None:
    """The stored game a record file was saved from (same game, parameters, seed and seats, and
    one's actions a beginning of the other's), so resuming a file continues that game."""
    best: tuple[int, str] | None = None
    mine = [(s, a.to_json()) for s, a in record.actions]
    for info in store.list(record.game):
        if dict(info.params) != dict(record.params):
            continue
        if record.seats is not None and list(info.seats) != list(record.seats):
            continue
        stored = store.record(info.id)
        if stored.seed != record.seed:
            continue
        theirs = [(s, a.to_json()) for s, a in stored.actions]
        n = min(len(mine), len(theirs))
        if mine[:n] == theirs[:n] and (best is None or len(theirs) > best[0]):
            best = (len(theirs), info.id)
    return best[1] if best else None


def describe_seats(seats: list[str]) -> dict[str, Any]:
    return {str(i): s for i, s in enumerate(seats)}
