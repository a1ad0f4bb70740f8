# Over 600 lines: every subcommand's options and output; each one's work lives in its module.
"""The `tabletop` command."""

from __future__ import annotations

import importlib
import json
import pkgutil
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from typer.core import TyperCommand

from .. import native
from ..engine import (
    BadParameter,
    Record,
    UnknownGame,
    check_seed,
    load,
    names,
    specs,
)
from ..engine.bots import bot_kinds
from ..engine.errors import ContentError
from ..sim.bench import adapter_overhead, kernel_figures, modes
from ..sim.bench import bench as run_bench
from ..sim.runner import parse_params, parse_seats
from ..sim.runner import simulate as run_simulate
from ..store.games import GameStore, NotFound
from . import helptext
from .keys import read_key
from .play import (
    QuitGame,
    TerminalGame,
    find_game_id,
    resume_hint,
    seats_for,
    stored_game_of,
)
from .render import game_renderer
from .replay import Stepper, show_step, step_through
from .report import (
    add_search_rows,
    bench_scaling,
    bench_strength,
    bench_throughput,
    bench_versus_openspiel,
    default_seats,
    report,
)

helptext.install()
app = typer.Typer(
    help="Tabletop: play, simulate and check tabletop games.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

ParamOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--param", "-p", metavar="KEY=VALUE", help="A game parameter as key=value (repeat)."
    ),
]
DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="TABLETOP_DB",
        metavar="URL",
        help="SQLAlchemy URL (default ./var/tabletop.db).",
    ),
]


def fail(message: str) -> None:
    # one line, whatever the terminal's width; the message's own brackets are not markup
    console.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True, highlight=False)
    raise typer.Exit(2)


def _plain(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _game(name: str, param: list[str] | None) -> Any:
    try:
        return load(name, **parse_params(param))
    except (UnknownGame, BadParameter, ValueError) as exc:
        fail(str(exc))


@app.command()
def games() -> None:
    """List the games: the name to type, players, modes, parameters and their choices, bots."""
    for spec in specs():
        players = f"{spec.min_players}-{spec.max_players}"
        if spec.min_players == spec.max_players:
            players = str(spec.min_players)
        table = Table(
            title=f"[bold]{spec.name}[/bold]: {spec.title}",
            title_justify="left",
            show_header=False,
            box=None,
            padding=(0, 1),
        )
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        if spec.description:
            table.add_row("about", spec.description)
        table.add_row(
            "players", players + (" · hidden information" if spec.hidden_information else "")
        )
        table.add_row("modes", ", ".join(spec.modes))
        for p in spec.params:
            if p.choices:
                allowed = " | ".join(map(str, p.choices))
            elif isinstance(p.default, bool):
                allowed = "true | false"
            elif isinstance(p.default, int):
                lo = "" if p.minimum is None else str(p.minimum)
                hi = "" if p.maximum is None else str(p.maximum)
                allowed = f"a number {lo}..{hi}" if lo or hi else "a number"
            else:
                allowed = "text"
            when = ""
            if p.only_when:
                other, values = p.only_when
                when = f" (only when {other}={'|'.join(map(str, values))})"
            table.add_row(
                f"--param {p.name}=",
                f"{allowed}; default {_plain(p.default)}{when}"
                + (f" — {p.help}" if p.help else ""),
            )
        try:
            kinds = bot_kinds(load(spec.name))
        except Exception:  # a game still being written must not hide the others
            kinds = {}
        for kind, cls in sorted(kinds.items()):
            table.add_row(f"bot:{kind}", getattr(cls, "help", "") or "")
        console.print(table)
        console.print()
    console.print(
        "Play one: [bold]tabletop play NAME --seats human,bot:KIND[/bold] "
        "(add --param key=value to choose its parameters)."
    )
    campaigns = [m for m in _content_modules() if m not in names()]
    if campaigns:
        console.print(f"Campaign keepers: {', '.join(campaigns)} (see `tabletop <name> --help`)")


@app.command()
def play(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game name (see `tabletop games`).")],
    param: ParamOpt = None,
    seats: Annotated[
        str | None,
        typer.Option(
            metavar="SEATS", help="One per seat: human or bot:KIND, e.g. human,bot:greedy"
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the game.")] = 0,
    save: Annotated[Path | None, typer.Option(help="Write the record to FILE as you play.")] = None,
    resume: Annotated[
        str | None,
        typer.Option(
            metavar="FILE|ID", help="Continue a record FILE or a stored game (its id or start)."
        ),
    ] = None,
    db: DbOpt = None,
) -> None:
    """Play in the terminal: each human seat sees its own view and picks numbered options."""
    store = GameStore(db)
    try:
        if resume:
            if Path(resume).exists():
                record = Record.load(resume)
                state = record.replay()
                seat_specs = record.seats or seats_for(seats, state.game.num_players, state.game)
                found = stored_game_of(store, record)
                if found is None:
                    game_id = store.create(state, seat_specs)
                else:  # the same stored game: bring it up to the file, then go on from there
                    game_id = found
                    state, info = store.load(found)
                    for s, action in record.actions[state.num_actions() :]:
                        state = store.apply(found, s, action)
                    seat_specs = list(info.seats)
                save = save or Path(resume)
            else:
                game_id = find_game_id(store, resume)
                state, info = store.load(game_id)
                seat_specs = list(info.seats)
        else:
            check_seed(seed, "--seed")
            g = _game(game, param)
            state = g.new_state(seed)
            seat_specs = seats_for(seats, g.num_players, g)
            game_id = store.create(state, seat_specs)
        terminal = TerminalGame(
            state, seat_specs, console=console, store=store, game_id=game_id, save_file=save
        )
    except (ValueError, NotFound) as exc:
        fail(str(exc))
    console.print(f"[dim]game id {game_id[:8]} (full id {game_id})[/dim]")
    try:
        terminal.run()
    except QuitGame:
        console.print(f"Saved. {resume_hint(state.game.name, game_id)}")
    except (EOFError, KeyboardInterrupt):
        console.print(f"\nStopped. {resume_hint(state.game.name, game_id)}")


@app.command()
def saves(
    db: DbOpt = None,
    game: Annotated[str | None, typer.Option(help="Only this game's saves.")] = None,
) -> None:
    """List the saved games in the store (resume one with --resume and its id, or its start)."""
    store = GameStore(db)
    infos = store.list(game)
    if not infos:
        console.print("No saved games yet." if game is None else f"No saved games of {game}.")
        return
    console.print(saves_table(store, infos, console.width))


def saves_table(store: GameStore, infos: list[Any], width: int) -> Table:
    """The saved games as people read them at any width: the whole id (``--resume`` takes it,
    or any unique start of it), then the game in words (its title, its options, who sits where,
    how far it is); at 110 columns and more in columns of their own, else under the id."""
    table = Table(title=f"Saved games ({len(infos)})", title_justify="left", show_lines=True)
    ids = max(len(i.id) for i in infos)
    table.add_column("id (resume with it)", no_wrap=True, min_width=ids, overflow="ignore")
    wide = width >= 110
    if wide:
        table.add_column("game", ratio=3)
        table.add_column("seats", ratio=3)
        table.add_column("progress", ratio=2)
    else:
        table.add_column("game", ratio=1)
    for info in infos:
        game_words, seat_words, progress = save_words(store, info)
        if wide:
            table.add_row(info.id, game_words, seat_words, progress)
        else:
            table.add_row(info.id, f"{game_words}\n{seat_words}\n{progress}")
    return table


def seat_kind(spec: Any) -> str:
    """A seat in words: ``human`` -> ``a person``, ``bot:ismcts?iterations=200`` ->
    ``bot ismcts (iterations=200)``."""
    text = str(spec)
    if text == "human":
        return "a person"
    kind, _, options = text.removeprefix("bot:").partition("?")
    return f"bot {kind}" + (f" ({options.replace('&', ', ')})" if options else "")


def save_words(store: GameStore, info: Any) -> tuple[str, str, str]:
    """A saved game in words: (game, seats, progress). Seats go by the names players know them
    by (the game's, else Seat N from 1)."""
    try:
        spec = load(info.game, **info.params).spec
        title = spec.title
    except (UnknownGame, BadParameter):
        title = info.game
    options = ", ".join(
        f"{k.replace('_', ' ')} {('yes' if v else 'no') if isinstance(v, bool) else v}"
        for k, v in info.params.items()
        if v not in ("", None)
    )
    game_words = escape(
        title if not info.title or info.title == title else f"{info.title}: {title}"
    )
    if options:
        game_words += f" ({escape(options)})"
    try:
        state, _ = store.load(info.id)
        names = state.seat_names()
    except Exception:  # a save of a game this version cannot load still lists
        names = [f"Seat {i + 1}" for i in range(len(info.seats))]
    seat_words = ", ".join(
        f"{escape(names[i] if i < len(names) else f'Seat {i + 1}')}: {escape(seat_kind(spec_))}"
        for i, spec_ in enumerate(info.seats)
    )
    status = "finished" if info.status == "over" else "in play"
    progress = (
        f"{status}, {info.num_actions} steps, saved {info.updated.strftime('%Y-%m-%d %H:%M')}"
    )
    return game_words, seat_words, progress


@app.command()
def simulate(
    game: Annotated[str, typer.Argument()],
    param: ParamOpt = None,
    n: Annotated[int, typer.Option("-n", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first game (game i uses seed+i).")] = 0,
    seats: Annotated[
        str | None,
        typer.Option(help="bot:KIND per seat, comma-separated (default: the game's own bot)"),
    ] = None,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (ray backend).")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write results to FILE.")] = None,
    rotate: Annotated[
        bool, typer.Option(help="Game i seats the bots rotated by i places (bot against bot).")
    ] = False,
) -> None:
    """Run N bot games and print winner shares, lengths and end reasons."""
    g = _game(game, param)
    if seats is None:
        seats = default_seats(g)
    try:
        check_seed(seed, "--seed")
        check_seed(seed + max(n - 1, 0), "--seed plus the number of games")
        seat_specs = parse_seats(seats, g.num_players)
        for spec in seat_specs:
            if not spec.startswith("bot:"):
                raise ValueError(f"simulation seats are bot:KIND, got {spec!r}")
    except ValueError as exc:
        fail(str(exc))
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{game}", total=n)
        try:
            doc = run_simulate(
                game,
                g.params,
                n,
                seed,
                seat_specs,
                workers,
                backend,
                progress=lambda done: progress.update(task, completed=done),
                address=address,
                rotate=rotate,
            )
        except (ValueError, RuntimeError) as exc:
            fail(str(exc))
    s = doc["summary"]
    table = Table(title=f"{game} {json.dumps(g.params)}: {s['games']} games, seats {seats}")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for seat, share in s["win_share"].items():
        spec = "bots rotated" if rotate else seat_specs[int(seat)]
        table.add_row(f"win share seat {int(seat) + 1} ({spec})", f"{share:.1%}")
    for spec, b in s["win_share_by_bot"].items() if rotate else ():
        lo, hi = b["ci95"]
        table.add_row(
            f"win share {spec} ({b['wins']:g} of {b['games']} games)",
            f"{b['share']:.1%} (95% CI {lo:.1%} - {hi:.1%})",
        )
    table.add_row("games with no winner", f"{s['no_winner_share']:.1%}")
    table.add_row("actions mean / median", f"{s['actions_mean']:.1f} / {s['actions_median']:.0f}")
    table.add_row("rounds mean / median", f"{s['rounds_mean']:.1f} / {s['rounds_median']:.0f}")
    for reason, count in s["reasons"].items():
        table.add_row(f"ended by {reason}", f"{count} ({count / s['games']:.1%})")
    table.add_row("actions per second (per worker)", f"{s['actions_per_second']:.0f}")
    table.add_row("wall seconds", f"{s['wall_seconds']:.1f}")
    console.print(table)
    if json_out:
        json_out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        console.print(f"results written to {json_out}")


app.command()(report)


class _BenchCommand(TyperCommand):
    """``tabletop bench``: ``--games`` alone (no number after it) asks for the designers'
    throughput table; with a number it is a count, as before."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        given: list[str] = []
        for i, arg in enumerate(args):
            given.append(arg)
            if arg == "--games" and (i + 1 == len(args) or not args[i + 1].isdigit()):
                given.append(str(THROUGHPUT))
        return super().parse_args(ctx, given)


THROUGHPUT = 0  # ``--games`` given without a number


def _print_adapter_overhead(
    game: str | None, param: list[str] | None, all_games: bool, episodes: int
) -> None:
    """``bench --adapters``: random episodes natively and through the adapters, as a table."""
    picked: list[tuple[str, dict[str, Any]]] | None = None
    if all_games:
        picked = [(spec.name, dict(p)) for spec in specs() for p in spec.conformance or ({},)]
    elif game:
        picked = [(game, dict(_game(game, param).params))]
    try:
        rows = adapter_overhead(picked, episodes=max(1, episodes))
    except ImportError as exc:
        fail(f"{exc}; the adapters need the optional extra: pip install -e '.[rl]'")
    lines = [
        f"tabletop's kernel and rules: {native.running()}; CPU time of this process, the "
        "ways taking turns; ratios of decisions per second to the native rate",
        "",
        "| game | episodes | native | pettingzoo | pettingzoo + observation | openspiel |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        plain = load(row["game"]).params  # the defaults: only other values are named
        shown = {k: v for k, v in row["params"].items() if k != "players" and plain.get(k) != v}
        label = f"{row['title']}, {row['players']} player{'s' if row['players'] > 1 else ''}"
        label += "".join(f", {k}={_plain(v)}" for k, v in shown.items())
        ways = row["ways"]
        cells = [
            f"{ways['native']['episodes_per_second']:.1f} ep/s "
            f"({ways['native']['decisions_per_second']:,.0f} decisions/s)"
        ]
        for way in ("pettingzoo", "pettingzoo+obs", "openspiel"):
            w = ways[way]
            cells.append(f"{w['episodes_per_second']:.1f} ep/s ({w['ratio']:.2f}x)")
        lines.append(f"| {label} | {row['episodes']} | " + " | ".join(cells) + " |")
    for line in lines:
        console.print(line, soft_wrap=True, highlight=False, markup=False)


def _print_playout_tables(
    targets: list[tuple[str, dict[str, Any]]], games: int, search: int | None
) -> None:
    """``bench GAME``: random-playout speed and the costs of clone, apply and legal actions."""
    for name, params in targets:
        r = run_bench(name, params, games=games)
        table = Table(title=f"{name} {json.dumps(params)}")
        table.add_column("figure")
        table.add_column("value", justify="right")
        table.add_row("random playouts", f"{r['games']:.0f} games, {r['actions']:.0f} actions")
        table.add_row("actions per CPU second", f"{r['actions_per_second']:.0f}")
        table.add_row("clone() us, median", f"{r['clone_us_median']:.1f}")
        table.add_row("apply() us, median", f"{r['apply_us_median']:.1f}")
        table.add_row("legal_actions() us, median", f"{r['legal_actions_us_median']:.1f}")
        table.add_row("apply + legal_actions us, median", f"{r['apply_plus_legal_us_median']:.1f}")
        table.add_row("states sampled", f"{r['states_sampled']:.0f}")
        if search != 0:
            add_search_rows(table, name, params, search)
        console.print(table)


def _print_kernel_figures() -> None:
    """The kernel's figures on a 50x50 board: legality in a large template, undo, replay."""
    k = kernel_figures()
    table = Table(title="kernel (a 50x50 board, 2,000 actions played)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row(
        f"legality of one action in a {k['template_options']:,.0f}-option template, us median",
        f"{k['legal_one_action_us_median']:.1f}",
    )
    table.add_row(
        "undo at step 2,000 from a snapshot, ms median",
        f"{k['undo_at_2000_from_snapshot_ms_median']:.2f}",
    )
    table.add_row(
        "undo at step 2,000 by replay from the start, ms", f"{k['undo_at_2000_by_replay_ms']:.1f}"
    )
    table.add_row(
        "a replay step from a snapshot, ms (worst of 3)",
        f"{k['replay_step_from_snapshot_ms_max']:.2f}",
    )
    console.print(table)


# the options of `tabletop bench`
GamesBenchOpt = Annotated[
    int,
    typer.Option(
        "--games",
        help="Alone: every mode's games per CPU second with the game's own bot, and the "
        "search bot's playouts per second on a mid-game state. With a number: the random "
        "playouts to run (GAME), or the games per mode (--strength, default 200).",
    ),
]

AllGamesBenchOpt = Annotated[bool, typer.Option("--all", help="Every game, default parameters.")]

SearchBenchOpt = Annotated[
    int | None,
    typer.Option(
        help="Determinizations of the ISMCTS decision timed on a mid-game state (default: "
        "the bot's own; 0: skip)."
    ),
]

ScalingBenchOpt = Annotated[
    bool, typer.Option("--scaling", help="Time -n games on 1 and on 2 worker processes.")
]

StrengthBenchOpt = Annotated[
    bool,
    typer.Option(
        "--strength",
        help="The search bot (--bot) against the game's own bot in every mode (or GAME's, "
        "or the one --param names), seats rotated: win share, 95% interval, p-value against "
        "an even share, seconds per decision.",
    ),
]

BudgetBenchOpt = Annotated[
    float | None,
    typer.Option(help="--strength: at most this many wall seconds a mode (whole rotations)."),
]

SeedBenchOpt = Annotated[
    int, typer.Option(help="--strength: the seed of game 1 (game i: seed + i).")
]

BotBenchOpt = Annotated[str, typer.Option(help="The search bot of --strength and --games.")]

VsOpenspielBenchOpt = Annotated[
    bool,
    typer.Option(
        "--vs-openspiel",
        help="Random playouts of every mode of every game (or GAME's) beside OpenSpiel's "
        "tic-tac-toe and gin rummy, in one process (needs the 'compare' extra).",
    ),
]

SecondsBenchOpt = Annotated[
    float, typer.Option(help="CPU seconds per entry for --vs-openspiel (--games: per mode).")
]

AdaptersBenchOpt = Annotated[
    bool,
    typer.Option(
        "--adapters",
        help="--games random episodes of every game (or the one named, or --all modes) "
        "natively and through PettingZoo and OpenSpiel: the adapters' overhead as a Markdown "
        "table, as in docs/adapters.md (needs the 'rl' extra).",
    ),
]


@app.command(cls=_BenchCommand)
def bench(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument()] = None,
    param: ParamOpt = None,
    games_: GamesBenchOpt = 20,
    all_games: AllGamesBenchOpt = False,
    search: SearchBenchOpt = None,
    scaling: ScalingBenchOpt = False,
    n: Annotated[int, typer.Option("-n", help="Games for --scaling.")] = 600,
    strength: StrengthBenchOpt = False,
    budget: BudgetBenchOpt = None,
    workers: Annotated[int, typer.Option(help="--strength: worker processes.")] = 1,
    seed: SeedBenchOpt = 1,
    bot: BotBenchOpt = "bot:ismcts",
    vs_openspiel: VsOpenspielBenchOpt = False,
    seconds: SecondsBenchOpt = 4.0,
    rounds: Annotated[int, typer.Option(help="Rounds taken in turn for --vs-openspiel.")] = 3,
    adapters: AdaptersBenchOpt = False,
) -> None:
    """Print random-playout actions per second, clone/apply microseconds and the time of an
    ISMCTS decision; with --scaling, the speed-up of 2 worker processes over 1; with
    --vs-openspiel, every mode of every game beside OpenSpiel's games; with --games alone, the
    designers' throughput; with --strength, the search bot against the game's own bot; with
    --adapters, what the learning adapters cost."""
    if adapters:
        _print_adapter_overhead(game, param, all_games, games_)
        return
    chosen: list[tuple[str, dict[str, Any]]] | None = None  # the modes to time (None: every one)
    if game is not None:
        try:
            chosen = (
                [(game, dict(_game(game, param).params))]
                if param
                else modes(game, wide=not strength)
            )
        except (UnknownGame, BadParameter, ValueError) as exc:
            fail(str(exc))
    if vs_openspiel:
        bench_versus_openspiel(console, seconds, max(1, rounds), chosen)
        return
    if scaling:
        bench_scaling(console, game or "paupers-ladder", dict(_game(game or "paupers-ladder",
                      param).params), n)  # fmt: skip
        return
    if strength:
        default = getattr(ctx.get_parameter_source("games_"), "name", "") == "DEFAULT"
        count = 200 if default else games_
        if count < 1:
            fail("--strength --games takes the number of games a mode (at least 1)")
        bench_strength(console, chosen or modes(), count, seed, bot, None, budget, max(1, workers))
        return
    if games_ == THROUGHPUT:
        bench_throughput(console, chosen, seconds, bot)
        return
    targets: list[tuple[str, dict[str, Any]]] = []
    if all_games:
        targets = [(spec.name, dict(p)) for spec in specs() for p in (spec.conformance or ({},))]
    elif game:
        targets = [(game, dict(_game(game, param).params))]
    else:
        fail("name a game or pass --all")
    _print_playout_tables(targets, games_, search)
    _print_kernel_figures()


@app.command()
def replay(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE|ID", help="A record JSON file or a stored game id (or its start)."
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(help="Show what this seat saw, 1 for the first (default: a spectator)."),
    ] = None,
    to: Annotated[
        int | None, typer.Option(help="Start at (or, with --no-pause, stop at) step N.")
    ] = None,
    pause: Annotated[
        bool, typer.Option(help="Step with the keys n/p (or arrows) and q; else print it all.")
    ] = True,
    db: DbOpt = None,
) -> None:
    """Step through a record: n or → next, p or ← back, q quits."""
    try:
        if Path(file).exists():
            record = Record.load(file)
        else:
            store = GameStore(db)
            record = store.record(find_game_id(store, file))
        num = load(record.game, **record.params).num_players
    except (ValueError, NotFound) as exc:
        fail(str(exc))
    if seat is not None and not 1 <= seat <= num:
        fail(f"--seat must be 1 to {num} (this game has {num} seats), got {seat}")
    view_seat = seat - 1 if seat is not None else None
    render = game_renderer(record.game)
    try:
        if pause:
            step_through(console, record, view_seat, render, read_key, start=to or 0)
            return
        stepper = Stepper(record)
        last = len(record.actions) if to is None else min(max(to, 0), len(record.actions))
        for i in range(last + 1):
            show_step(console, stepper, i, view_seat, render, i == last)
    except ValueError as exc:
        fail(str(exc))


def _content_modules() -> list[str]:
    import tabletop.games as pkg

    out = []
    for mod in pkgutil.iter_modules(pkg.__path__):
        if mod.ispkg:
            module = importlib.import_module(f"tabletop.games.{mod.name}")
            if hasattr(module, "lint"):
                out.append(mod.name.replace("_", "-"))
    return sorted(set(out) | set(names()))


@app.command("lint-content")
def lint_content(game: Annotated[str | None, typer.Argument()] = None) -> None:
    """Check every data file, every reference between entries and every effect name."""
    targets = [game] if game else _content_modules()
    problems: list[str] = []
    for name in targets:
        try:
            if name in names():
                found = load(name).lint()
            else:
                module = importlib.import_module(f"tabletop.games.{name.replace('-', '_')}")
                if not hasattr(module, "lint"):
                    fail(f"unknown game {name!r}")
                found = module.lint()
        except ContentError as exc:
            found = [str(exc)]
        except ModuleNotFoundError:
            fail(f"unknown game {name!r}; known: {', '.join(_content_modules())}")
        problems += found
        mark = "[green]ok[/green]" if not found else f"[red]{len(found)} problem(s)[/red]"
        console.print(f"{name}: {mark}")
    for p in problems:
        console.print(f"  {p}")
    if problems:
        raise typer.Exit(1)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: DbOpt = None,
) -> None:
    """Serve the web app (lobby, games, campaigns) at http://HOST:PORT."""
    from ..web.app import serve as run

    console.print(f"Tabletop is at [bold]http://{host}:{port}[/bold] (Ctrl-C stops it)")
    run(host, port, db)


@app.command()
def launch(db: DbOpt = None) -> None:
    """The main job: pick a game, its parameters and seats, and play in the terminal."""
    from .launcher import launcher

    launcher(console, db)


def _mount_optional() -> None:
    for name in ("gloomhaven",):
        try:
            module = importlib.import_module(f"tabletop.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"tabletop.cli.{name}":
                continue
            raise
        app.add_typer(module.app, name=name)


_mount_optional()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
