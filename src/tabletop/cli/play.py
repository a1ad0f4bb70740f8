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
from ..web.render import confirm_question, humanize, lone_option, table_options, whole_log
from .render import game_renderer

HELP = (
    "Type the number of an option. Other keys: [b]h[/b] the options explained, "
    "[b]?NAME[/b] a card's text (e.g. ?sword), [b]v[/b] the whole table, [b]l[/b] the whole log, "
    "[b]s[/b] save, [b]q[/b] save and quit."
)
YES = ("y", "yes")
# Clear the screen and the scrollback (ESC[3J, which clearing the screen alone leaves), then home
# the cursor: the hot-seat cover must not leave the last player's hand a scroll away.
COVER = "\x1b[H\x1b[2J\x1b[3J"


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

    def cover(self) -> None:
        """Wipe what the terminal shows and keeps (the screen and its scrollback)."""
        if self.console.is_terminal:
            self.console.file.write(COVER)
            self.console.file.flush()

    def hand_over(self, seat: int) -> None:
        """Hot-seat: hide the previous seat's private information before the next human plays."""
        if len(self.humans) > 1 and self.last_human is not None and self.last_human != seat:
            self.cover()
            self.ask(f"Pass the keyboard to {self.name(seat)}, then press Enter ")
            self.cover()
        self.last_human = seat

    def show(self, seat: int, full: bool = False) -> Any:
        """Draw the seat's view (compact unless ``full``); returns the drawing."""
        view = self.state.view(seat)
        assert view is not None
        drawing = (self.render if full else self.compact)(view)
        self.console.print(drawing)
        return drawing

    def show_log(self, seat: int) -> None:
        entries = whole_log(Record.of(self.state).states(), seat)
        lines = [e["text"] for e in reversed(entries)]
        self.console.print(
            Panel("\n".join(lines) or "Nothing yet.", title="The whole log, newest first")
        )

    def options_table(
        self,
        seat: int,
        options: list[tuple[Action, str]],
        detail: bool = False,
        rows: int | None = None,
    ) -> Table:
        """The numbered options; ``rows``: the lines they may take (what the terminal has left
        under the drawing), filled with more columns and one line per option when needed."""
        table = Table(show_header=False, box=None, padding=(0, 1))
        n = len(options)
        columns = 2 if n > 12 and not detail else 1
        fold = False
        if rows is not None and not detail:
            rows = max(rows, 4)
            while columns < 4 and -(-n // columns) > rows:
                columns += 1
            width = max(20, (self.console.width - 4) // columns - 5)
            wrapped = sum(-(-len(label) // width) for _, label in options) / columns
            fold = columns > 1 or wrapped > rows
        for _ in range(columns):
            table.add_column(justify="right", style="bold")
            if fold:
                table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
            else:
                table.add_column(ratio=1)
        cells = []
        for i, (action, text) in enumerate(options, 1):
            if detail and self.shown.provides.explain:
                more = self.shown.explain(self.state.view(seat) or {}, action)
                if more:
                    text += f"\n[dim]{more}[/dim]"
            cells.append((str(i), text))
        per_column = (len(cells) + columns - 1) // columns
        for r in range(per_column):
            row: list[str] = []
            for c in range(columns):
                i = r + c * per_column
                row += list(cells[i]) if i < len(cells) else ["", ""]
            table.add_row(*row)
        return table

    def lines_of(self, renderable: Any) -> int:
        """How many lines ``renderable`` takes on this console."""
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def template_turn(self, seat: int, templates: list[Template]) -> Action:
        """A templated decision as a short guided question: which kind (when several), then one
        answer per parameter, by its number or its name (``B1``); the engine checks the one
        action that results."""
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
                    # or the answer's own words: a lair's space as B1, a facing as north
                    named = [i for i, w in enumerate(words) if w.strip().lower() == raw.lower()]
                    if raw and len(named) == 1:
                        values[param.name] = param.domain[named[0]]
                        break
                    self.console.print(
                        f"[red]type 1 to {len(param.domain)} or an answer's name, or q[/red]"
                    )
            action = template.action(**values)
            try:
                self.state.check(action, seat)
            except IllegalAction as exc:
                self.console.print(f"[red]{exc}[/red]")
                continue
            return action

    def options_panel(
        self, seat: int, options: list[tuple[Action, str]], rows: int | None = None
    ) -> Panel:
        """The options in their panel; ``rows``: the lines the panel may take."""
        prompt = self.state.prompt()
        title = prompt.text or humanize(prompt.kind)
        return Panel(
            self.options_table(seat, options, rows=None if rows is None else rows - 2),
            title=f"{self.name(seat)}: {title}",
            subtitle="number · h help · ?NAME card · v table · l log · q quit",
            border_style="green",
        )

    def decision_screen(self, seat: int) -> list[Any]:
        """What the terminal shows a player deciding (before any answer): the compact drawing
        and, for listed options, the numbered panel (a template asks its questions next)."""
        view = self.state.view(seat)
        assert view is not None
        drawing = self.compact(view)
        shown: list[Any] = [drawing]
        if not self.state.templates(seat):
            options = table_options(self.state, seat)
            shown.append(self.options_panel(seat, options, self.rows_left(drawing)))
        return shown

    def rows_left(self, drawing: Any) -> int:
        """The lines the options may take under ``drawing`` in this terminal (one line is the
        question)."""
        return max(self.console.height, 24) - self.lines_of(drawing) - 1

    def human_turn(self, seat: int) -> Action:
        self.hand_over(seat)
        drawing = self.show(seat)
        templates = self.state.templates(seat)
        if templates:
            return self.template_turn(seat, templates)
        options = table_options(self.state, seat)
        who = self.name(seat)
        rows = self.rows_left(drawing)
        while True:
            self.console.print(self.options_panel(seat, options, rows))
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

    def next_seat(self) -> int:
        """Who acts next among the seats due: a person still deciding keeps the keyboard (one
        hand-over per builder while both build at once), else the bots, else the first
        person."""
        due = self.state.current_seats()
        if self.last_human in due:
            return self.last_human
        bots = [s for s in due if s in self.bots]
        return bots[0] if bots else due[0]

    def run(self) -> State:
        while not self.state.is_terminal():
            seat = self.next_seat()
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
                only = lone_option(self.state, seat)
                if only is not None:
                    # nothing to think over: one option, nothing drawn, revealed or thrown away
                    if len(self.humans) == 1:  # (on a shared screen the log says what is public)
                        words = self.state.describe_action(only, seat)
                        self.console.print(
                            f"[green]{self.name(seat)}:[/green] {words} (no other option)"
                        )
                    action = only
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
        made = {line.seat: line for line in outcome.breakdown}
        for seat, score in sorted(outcome.scores.items()):
            lines.append(f"  {self.name(int(seat))}: {whole(score)}")
            line = made.get(int(seat))
            for item in line.items if line else ():
                more = f" ({item.detail})" if item.detail else ""
                lines.append(f"      {item.label}: {whole(item.points)}{more}")
            if line and line.tiebreak:
                ties = ", ".join(f"{i.label} {whole(i.points)}" for i in line.tiebreak)
                lines.append(f"      tie-break: {ties}")
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
