"""``tabletop report``: run (or read) simulations and write a balance report with plots."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..engine import BadParameter, UnknownGame, load
from ..engine.bots import bot_kinds
from ..sim.bench import (
    OpenSpielMissing,
    build_note,
    load_openspiel,
    mode_label,
    scaling,
    search_bench,
    strength,
    throughput,
    versus_openspiel,
)
from ..sim.report import MIN_PLAYS, ab_figures, comparable, load_runs, write_report
from ..sim.runner import parse_params, parse_seats, simulate

console = Console()


def _fail(message: str) -> None:
    console.print(f"[red]error:[/red] {message}")
    raise typer.Exit(2)


def default_seats(game: Any) -> str:
    """The game's own bot for every seat (greedy where it has one), else random."""
    own = sorted(k for k in bot_kinds(game) if k not in ("random", "ismcts"))
    return f"bot:{'greedy' if 'greedy' in own else (own[0] if own else 'random')}"


def sweep_values(game_name: str, given: dict[str, str], sweep: str | None) -> list[dict[str, Any]]:
    """The parameter sets to run: one, or one per value of the swept parameter (see
    :func:`sweep_plan`). A solo mode's ``difficulty`` is swept unless given."""
    return sweep_plan(game_name, given, sweep)[0]


def sweep_plan(
    game_name: str, given: dict[str, str], sweep: str | None
) -> tuple[list[dict[str, Any]], list[str]]:
    """The parameter sets of a run or a sweep, and notes on what was left out.

    ``sweep`` is ``NAME`` (every value the parameter has: its choices, both booleans, or its
    range) or ``NAME=V1,V2,...``. A value the game refuses with the given parameters (one player
    outside solo) is left out, with a note; one named explicitly is refused. A given parameter
    that applies only with some values of the swept one (a solo difficulty in a sweep of the
    mode) is used where it applies and left out elsewhere, with a note. Refused (BadParameter),
    before any game is played, when the parameter is unknown, also given, has no values to
    sweep, applies to none of them, or fewer than two values can be played."""
    spec = load(game_name).spec
    if sweep is None:
        base = load(game_name, **given)
        if "difficulty" in base.params and "difficulty" not in given:
            sweep = "difficulty"
        else:
            return [dict(base.params)], []
    name, _, listed = sweep.partition("=")
    name = name.strip()
    known = [p.name for p in spec.params]
    if name not in known:
        raise BadParameter(
            f"{game_name}: --sweep {name}: no such parameter; known: {', '.join(known)}"
        )
    if name in given:
        raise BadParameter(f"--sweep {name} and --param {name}=... contradict each other")
    p = spec.param(name)
    if listed:
        values: list[Any] = [p.coerce(game_name, v.strip()) for v in listed.split(",") if v.strip()]
    elif p.choices:
        values = list(p.choices)
    elif isinstance(p.default, bool):
        values = [False, True]
    elif p.minimum is not None and p.maximum is not None:
        values = list(range(p.minimum, p.maximum + 1))
    else:
        raise BadParameter(
            f"{game_name}: parameter {name!r} has no list of values to sweep; name them: "
            f"--sweep {name}=A,B"
        )
    followers = {q: spec.param(q) for q in given if spec.param(q).only_when is not None}
    sets: list[dict[str, Any]] = []
    notes: list[str] = []
    unused = set(followers)
    for value in values:
        params: dict[str, Any] = dict(given)
        dropped = []
        for q, qs in followers.items():
            assert qs.only_when is not None
            if qs.only_when[0] == name and value not in qs.only_when[1]:
                del params[q]
                dropped.append(q)
            else:
                unused.discard(q)
        params[name] = value
        try:
            g = load(game_name, **params)
        except BadParameter as exc:
            if listed:
                raise BadParameter(f"--sweep {name}={value}: {exc}") from None
            notes.append(f"{name}={value} left out: {exc}")
            continue
        if dropped:
            notes.append(f"{name}={value}: {', '.join(dropped)} left out (does not apply)")
        resolved = dict(g.params)
        if resolved not in sets:
            sets.append(resolved)
    if unused:
        raise BadParameter(
            f"--sweep {name}: {', '.join(sorted(unused))} applies to none of its values"
        )
    if not sets:
        raise BadParameter(f"--sweep {name}: no value can be played ({notes[0]})")
    if len(sets) < 2:
        why = "; ".join(notes) or "every value gives the same game"
        raise BadParameter(f"--sweep {name}: only one value can be played ({why})")
    return sets, notes


def seats_for(
    game_name: str, param_sets: list[dict[str, Any]], seats: str | None
) -> list[list[str]]:
    """The bots of every parameter set (the game's own bot in every seat unless ``seats``
    says); refused, naming the value, where a seat list does not fit a set's number of seats."""
    out = []
    for ps in param_sets:
        g = load(game_name, **ps)
        try:
            specs = parse_seats(seats or default_seats(g), g.num_players)
        except ValueError as exc:
            if len(param_sets) > 1:
                shown = ", ".join(f"{k}={v}" for k, v in ps.items())
                raise ValueError(
                    f"{exc} with {shown}; a sweep that changes the number of seats takes one "
                    "bot for every seat (--seats bot:KIND)"
                ) from None
            raise
        for spec in specs:
            if not spec.startswith("bot:"):
                raise ValueError(f"report seats are bot:KIND, got {spec!r}")
        out.append(specs)
    return out


def _simulate_runs(
    game: str,
    param_sets: list[dict[str, Any]],
    n: int,
    seed: int,
    seat_specs: list[list[str]],
    workers: int,
    backend: str,
    address: str | None,
    sweep: str | None = None,
) -> list[dict[str, Any]]:
    """One run of ``n`` games per parameter set (with its seats), each with its progress bar."""
    runs = []
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
    ) as progress:
        tasks = [
            progress.add_task(
                f"{game} "
                + " ".join(f"{k}={v}" for k, v in ps.items() if k != "players" or sweep == k),
                total=n,
            )
            for ps in param_sets
        ]
        for ps, specs, task in zip(param_sets, seat_specs, tasks, strict=True):

            def advance(done: int, task: Any = task) -> None:
                progress.update(task, completed=done)

            try:
                run = simulate(
                    game, ps, n, seed, specs, workers, backend, progress=advance, address=address
                )
            except (ValueError, RuntimeError) as exc:
                _fail(str(exc))
            if sweep is not None:
                run["sweep"] = sweep
            runs.append(run)
    return runs


def report(
    game: Annotated[str, typer.Argument(help="Game name (see `tabletop games`).")],
    param: Annotated[
        list[str] | None, typer.Option("--param", "-p", help="A game parameter as key=value.")
    ] = None,
    seats: Annotated[
        str | None, typer.Option(help="bot:KIND per seat (default: the game's own bot)")
    ] = None,
    n: Annotated[int, typer.Option("-n", help="Games per run (per swept value).")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the first game (game i uses seed+i).")] = 0,
    from_: Annotated[
        list[Path] | None,
        typer.Option("--from", help="Report on results from `simulate --json` (repeat)."),
    ] = None,
    out: Annotated[Path, typer.Option(help="Folder the report's folder goes in.")] = Path(
        "reports"
    ),
    sweep: Annotated[
        str | None,
        typer.Option(
            help="NAME or NAME=A,B,...: run once per value of this parameter (players, mode, "
            "a rule; solo: difficulty by default), every figure per value."
        ),
    ] = None,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address.")] = None,
    ab: Annotated[
        str | None,
        typer.Option(
            "--ab",
            help="KEY=VALUE: an A/B of two rule variants, the given parameters against them with "
            "KEY=VALUE, same seeds and seats both sides; prints every figure per variant with "
            "the difference and its 95% interval.",
        ),
    ] = None,
) -> None:
    """Write a balance report (HTML with plots, also PNG files) from simulated games."""
    if ab is not None and (from_ or sweep):
        _fail("--ab runs both variants itself: not with --from or --sweep")
    swept = sweep.partition("=")[0].strip() if sweep else None
    if from_:
        runs = _runs_from_files(game, from_)
    else:
        if n < 1:
            _fail("-n must be at least 1")
        try:
            param_sets, notes, swept = _planned(game, parse_params(param), ab, sweep, swept)
            seat_specs = seats_for(game, param_sets, seats)
        except (UnknownGame, BadParameter, ValueError) as exc:
            _fail(escape(str(exc)))
        for note in notes:
            _line(console, f"note: {note}")
        runs = _simulate_runs(
            game, param_sets, n, seed, seat_specs, workers, backend, address, swept
        )
    with Progress(
        SpinnerColumn(), TextColumn("{task.description}"), console=console, transient=True
    ) as progress:
        progress.add_task("plotting", total=None)
        try:
            folder = write_report(runs, out, sweep=swept, ab=True if ab is not None else None)
        except ValueError as exc:
            _fail(escape(str(exc)))
    if ab is not None or (comparable(runs) and runs[0]["params"] != runs[1]["params"]):
        # an A/B, or a sweep of two values on the same seeds and seats (a boolean rule)
        print_ab(console, ab_figures(runs[0], runs[1]))
    console.print(f"report written to [bold]{folder / 'index.html'}[/bold]")


def _runs_from_files(game: str, files: list[Path]) -> list[dict[str, Any]]:
    """The runs saved by `simulate --json` in ``files``, all of ``game`` (else refused)."""
    try:
        runs = load_runs(files)
    except ValueError as exc:
        _fail(str(exc))
    wrong = sorted({r["game"] for r in runs} - {game})
    if wrong:
        _fail(f"--from holds results of {', '.join(wrong)}, not {game}")
    return runs


def _planned(
    game: str, given: dict[str, str], ab: str | None, sweep: str | None, swept: str | None
) -> tuple[list[dict[str, Any]], list[str], str | None]:
    """The parameter sets to run (an A/B's two, or a sweep's), the notes on them, and the
    parameter that differs between them."""
    if ab is not None:
        return ab_variants(game, given, ab), [], next(iter(parse_params([ab])))
    param_sets, notes = sweep_plan(game, given, sweep)
    if len(param_sets) > 1 and swept is None:
        swept = "difficulty"  # a solo mode's, swept by default
    return param_sets, notes, swept


def ab_variants(game_name: str, given: dict[str, str], ab: str) -> list[dict[str, Any]]:
    """The two parameter sets of ``--ab KEY=VALUE``: the given ones, and those with KEY=VALUE
    (refused, before any game is played, when KEY is no parameter of the game, is also given
    with --param, or does not change the game)."""
    pair = parse_params([ab])
    ((key, value),) = pair.items()
    if key in given:
        raise BadParameter(f"--ab {key}=... and --param {key}=... contradict each other")
    base = load(game_name, **given)
    if key not in base.params:
        raise BadParameter(
            f"{game_name}: --ab {key}: no such parameter; known: {', '.join(base.params)}"
        )
    variant = load(game_name, **{**given, key: value})
    if dict(variant.params) == dict(base.params):
        raise BadParameter(f"--ab {ab}: the game's parameters are already so; nothing to compare")
    if variant.num_players != base.num_players:
        raise BadParameter(f"--ab {ab} changes the number of seats; an A/B keeps the seats")
    return [dict(base.params), dict(variant.params)]


def print_ab(out: Console, ab: dict[str, Any]) -> None:
    """The A/B table: each figure for the base and the variant, the difference, its 95%
    interval, and what the interval says ("run more games" where it is too wide to tell the
    variants apart); then the cards whose figures differ (an interval corrected for the number
    of cards compared), the others counted."""
    changed = ", ".join(f"{k}={ab['variant'].get(k)}" for k in ab["changed"])
    was = ", ".join(f"{k}={ab['base'].get(k)}" for k in ab["changed"])
    _line(
        out,
        f"A/B {ab['game']}: {changed} (variant) against {was} (base), {ab['games']} games "
        f"each, the same seeds (from {ab['seed']}) and seats",
    )
    _line(out, "| figure | base | variant | difference (95% CI) | |")
    _line(out, "|---|---:|---:|---|---|")
    for f in ab["figures"]:
        _line(out, _ab_row(f))
    for key, what in (
        ("tags", "tags: {} win shares compared (a seat with each value"),
        ("cards", "cards: {} figures compared (play rates and win rates when played"),
    ):
        lines = ab.get(key, [])
        if not lines:
            continue
        shown = [f for f in lines if f["decided"]]
        _line(
            out,
            what.format(len(lines))
            + f", each side at least {MIN_PLAYS}), each interval corrected for that many "
            f"comparisons; {len(shown)} show a difference"
            + (":" if shown else " (all of them are in the report)"),
        )
        for f in shown:
            _line(out, _ab_row(f))


def _ab_row(f: dict[str, Any]) -> str:
    lo, hi = f["ci95"]
    if f["kind"] == "share":
        cells = (
            f"{f['base']:.1%} | {f['variant']:.1%} | {f['difference']:+.1%} "
            f"({lo:+.1%} to {hi:+.1%})"
        )
    else:
        cells = (
            f"{f['base']:.1f} | {f['variant']:.1f} | {f['difference']:+.1f} "
            f"({lo:+.1f} to {hi:+.1f})"
        )
    return f"| {f['figure']} | {cells} | {f['note']} |"


def add_search_rows(
    table: Table, name: str, params: dict[str, Any], iterations: int | None
) -> None:
    """The time of one search-bot decision on a mid-game state, as rows of the bench table."""
    try:
        r = search_bench(name, params, iterations)
    except ValueError as exc:
        table.add_row("ISMCTS decision", f"not timed: {exc}")
        return
    table.add_row(
        f"ISMCTS decision, {r['iterations']:.0f} playouts in {r['rounds']:.0f} "
        "determinizations, wall s",
        f"{r['wall_seconds']:.3f}",
    )
    table.add_row("ISMCTS decision, CPU s", f"{r['cpu_seconds']:.3f}")
    table.add_row("ISMCTS playouts per CPU second", f"{r['iterations_per_second']:.0f}")
    table.add_row("  (state: after action, choices)", f"{r['actions_at']:.0f}, {r['choices']:.0f}")


def _line(out: Console, text: str) -> None:
    """A plain line, never wrapped or cut, whatever the terminal's width."""
    out.print(text, soft_wrap=True, highlight=False, markup=False)


def bench_scaling(out: Console, name: str, params: dict[str, Any], n: int) -> None:
    """Run ``n`` games on 1 and on 2 worker processes and print both, with the speed-up."""
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), console=out) as progress:
        progress.add_task(f"{name}: {n} games on 1, then 2 workers", total=None)
        rows = scaling(name, params, n)
    table = Table(title=f"{name}: {n} games, local worker processes")
    for col in ("workers", "wall seconds", "games per second", "speed-up"):
        table.add_column(col, justify="right")
    for r in rows:
        table.add_row(
            f"{r['workers']:.0f}",
            f"{r['wall_seconds']:.1f}",
            f"{r['games_per_second']:.2f}",
            f"{r['speedup']:.2f}x",
        )
    out.print(table)


def bench_versus_openspiel(
    out: Console,
    seconds: float,
    rounds: int,
    targets: list[tuple[str, dict[str, Any]]] | None = None,
) -> None:
    """Random playouts of OpenSpiel's tic-tac-toe and gin rummy and of every mode of every game
    (or ``targets``), timed in this one process, with each one's ratio to tic-tac-toe."""
    try:
        load_openspiel()
    except OpenSpielMissing as exc:
        _fail(escape(str(exc)))
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), console=out) as progress:
        progress.add_task(
            f"random playouts, {seconds:g} CPU seconds each in {rounds} rounds", total=None
        )
        try:
            rows = versus_openspiel(seconds, rounds, targets=targets)
        except RuntimeError as exc:  # a game failed: which one, with its seed
            _fail(escape(str(exc)))
    _line(
        out,
        "random playouts side by side, one process: each action drawn as a uniform random agent "
        "draws it (tabletop: the engine's random_action, templates included; OpenSpiel: "
        "legal[rng.below(len(legal))], chance the same way); every entry the same CPU seconds "
        f"({seconds:g}) in {rounds} interleaved rounds",
    )
    _line(out, f"tabletop's kernel and rules: {build_note()}")
    width = max(52, *(len(r["label"]) + 2 for r in rows))
    _line(out, f"{'game':<{width}}{'games':>7}{'actions':>10}{'actions/s':>11}{'ratio':>8}")
    for r in rows:
        _line(
            out,
            f"{r['label']:<{width}}{r['games']:>7}{r['actions']:>10}"
            f"{r['actions_per_second']:>11.0f}{r['ratio']:>7.2f}x",
        )
    ours = [r for r in rows if r["game"] is not None]
    for game in sorted({r["game"] for r in ours}):
        slowest = min((r for r in ours if r["game"] == game), key=lambda r: r["ratio"])
        _line(out, f"slowest {game} mode: {slowest['label']} at {slowest['ratio']:.2f}x")
    slowest = min(ours, key=lambda r: r["ratio"])
    _line(
        out,
        f"slowest mode of all: {slowest['label']} at {slowest['ratio']:.2f}x tic-tac-toe "
        f"(gin rummy: {rows[1]['ratio']:.2f}x)",
    )


def bench_throughput(
    out: Console,
    targets: list[tuple[str, dict[str, Any]]] | None,
    seconds: float,
    bot: str,
) -> None:
    """Designers' throughput: every mode's games per CPU second with the game's own bot in every
    seat, and the search bot's playouts per CPU second on a mid-game state of the mode."""
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), console=out) as progress:
        progress.add_task(
            f"every mode: {seconds:g} CPU seconds of whole games, {seconds:g} of search", total=None
        )
        rows = throughput(targets, seconds, seconds, bot=bot.removeprefix("bot:"))
    _line(
        out,
        "designers' throughput: whole games with the game's own bot in every seat, and the "
        f"search bot ({bot}, every iteration run) deciding on a mid-game state (seed 0, the "
        "game's own bot playing half its game), per CPU second of this process",
    )
    _line(out, f"tabletop's kernel and rules: {build_note()}")
    _line(out, "")
    _line(
        out,
        "| mode | games / CPU s | actions / CPU s | search playouts / CPU s | search s / decision "
        "| mid-game state (action, choices) |",
    )
    _line(out, "|---|---:|---:|---:|---:|---|")
    for r in rows:
        search = r["search"]
        if isinstance(search, str):
            cells = f"| - | - | not timed: {search} |"
        else:
            cells = (
                f"| {search['iterations_per_second']:,.0f} | {search['seconds_per_decision']:.3f} "
                f"| {search['actions_at']}, {search['choices']} |"
            )
        _line(
            out,
            f"| {r['label']} | {r['games_per_second']:,.2f} | {r['actions_per_second']:,.0f} "
            + cells,
        )


def bench_strength(
    out: Console,
    targets: list[tuple[str, dict[str, Any]]],
    games: int,
    seed: int,
    bot: str,
    against: str | None,
    budget: float | None,
    workers: int,
) -> None:
    """The search bot against the game's own bot in every mode: a Markdown table of win shares
    with their 95% intervals and p-values, and the seconds per decision."""
    _line(
        out,
        f"{bot} against {against or 'the game`s own bot'}, seats rotated, game i with seed "
        f"{seed} + i; up to {games} games a mode"
        + (f", at most {budget:g} wall seconds a mode" if budget else "")
        + f", {workers} worker process{'es' if workers > 1 else ''}",
    )
    _line(out, f"tabletop's kernel and rules: {build_note()}")
    _line(
        out,
        "win share: a shared win counts 1/k; solo: every seed played by both bots, the share of "
        "the seeds one of them won and the other lost that the search bot won (even: 1/2)",
    )
    _line(out, "")
    _line(
        out,
        "| mode | games | wins | win share (95% CI) | even share | p | CPU s / decision (worst) |",
    )
    _line(out, "|---|---:|---:|---|---:|---:|---:|")
    for name, params in targets:
        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=out,
            transient=True,
        ) as progress:
            task = progress.add_task(mode_label(name, params), total=games)

            def advance(done: int, total: int, task: Any = task) -> None:
                progress.update(task, completed=done, total=total)

            try:
                f = strength(name, params, games, seed, bot, against, budget, workers, advance)
            except (ValueError, RuntimeError) as exc:
                _fail(escape(str(exc)))
        lo, hi = f["ci95"]
        if f["seats"] == 1:
            wins = (
                f"{f['wins']:g} of {f['n']} decisive seeds (won {f['bot_wins']}, "
                f"the other bot {f['against_wins']})"
            )
        else:
            wins = f"{f['wins']:g}"
        _line(
            out,
            f"| {f['label']} | {f['games']} | {wins} | {f['share']:.1%} ({lo:.1%} - {hi:.1%}) "
            f"| {f['even']:.1%} | {_p(f['p_value'])} | {f['seconds_per_decision']:.3f} "
            f"({f['worst_seconds_per_decision']:.2f}) |",
        )


def _p(p: float) -> str:
    return f"{p:.2g}" if p >= 0.001 else "<0.001"
