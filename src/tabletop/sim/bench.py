# Over 600 lines: every figure `tabletop bench` prints (playouts, kernel, adapters, bots).
"""Speed figures for a game: random-playout actions per second, clone and apply microseconds."""

from __future__ import annotations

import json
import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from ..engine import (
    TERMINAL_PROMPT,
    Action,
    BadParameter,
    Game,
    GameSpec,
    Outcome,
    Param,
    Prompt,
    State,
    Template,
    load,
    names,
    new_rng,
    specs,
)
from ..engine.bots import bot_kinds, make_bot, play_out
from ..engine.draws import random_action
from ..engine.rng import Rng, derive_seed
from ..engine.search import ISMCTSBot
from ..engine.snapshots import Snapshots
from ..engine.undo import undo_last
from .report import wilson
from .runner import rotated, simulate


def bench(
    game_name: str, params: Mapping[str, Any], games: int = 20, seed: int = 0
) -> dict[str, float]:
    game = load(game_name, **params)
    samples = []
    total_actions = 0
    # CPU time: on a shared machine the wall clock also counts the waits for a core
    started = time.process_time()
    sampling = 0.0  # the time spent keeping samples, left out of the playouts' time
    for i in range(games):
        state = game.new_state(seed + i)
        rng = Rng(derive_seed(seed + i, "bench"))
        while not state.is_terminal():
            seats = state.current_seats()
            seat = seats[rng.below(len(seats))]
            # uniform over the legal actions; a templated decision is drawn without listing it
            action = random_action(state, seat, rng)
            if rng.below(8) == 0:
                t0 = time.process_time()
                samples.append((state.clone(), seat, action))
                sampling += time.process_time() - t0
            state.apply(action, seat)
            total_actions += 1
    playout_seconds = time.process_time() - started - sampling
    clone_us, apply_us, legal_us = [], [], []
    for state, seat, action in samples:
        t0 = time.perf_counter()
        twin = state.clone()
        t1 = time.perf_counter()
        twin.apply(action, seat)
        t2 = time.perf_counter()
        for s in twin.current_seats():
            # a templated decision is offered as its templates, each action checked alone
            # (``apply`` above did): the full list is for bots, on demand
            if twin.templates(s) is None:
                twin.legal_actions(s)
        t3 = time.perf_counter()
        clone_us.append((t1 - t0) * 1e6)
        apply_us.append((t2 - t1) * 1e6)
        legal_us.append((t3 - t2) * 1e6)
    return {
        "games": float(games),
        "actions": float(total_actions),
        "actions_per_second": total_actions / playout_seconds if playout_seconds else 0.0,
        "clone_us_median": statistics.median(clone_us) if clone_us else 0.0,
        "apply_us_median": statistics.median(apply_us) if apply_us else 0.0,
        "legal_actions_us_median": statistics.median(legal_us) if legal_us else 0.0,
        "apply_plus_legal_us_median": statistics.median(
            [a + b for a, b in zip(apply_us, legal_us, strict=True)]
        )
        if apply_us
        else 0.0,
        "states_sampled": float(len(samples)),
    }


def mid_game(
    game_name: str, params: Mapping[str, Any], seed: int = 0, at: int | None = None
) -> State:
    """A state some way into a game, the same on every run: the game's own bot (random if it has
    none) plays every seat from seed ``seed`` for ``at`` actions (by default half the length of
    that bot's whole game from that seed), then on to the next decision with at least three
    choices (two if none comes)."""
    game = load(game_name, **params)
    kind = own_bot(game)

    def bots() -> dict[int, Any]:
        return {s: make_bot(game, kind, s, seed) for s in range(game.num_players)}

    if at is None:
        whole = game.new_state(seed)
        play_out(whole, bots())
        at = whole.num_actions() // 2
    state = game.new_state(seed)
    players = bots()
    fallback: State | None = None
    while not state.is_terminal():
        seat = state.current_seats()[0]
        if state.num_actions() >= at:
            options = len(state.legal_actions(seat))
            if options >= 3:
                return state
            if options == 2 and fallback is None:
                fallback = state.clone()
        state.apply(players[seat].act(state), seat)
    if fallback is None:
        raise ValueError(f"{game_name}: no decision with a choice after {at} actions")
    return fallback


def own_bot(game: Game) -> str:
    """The game's own bot (the first it names), or ``random`` for a game without one."""
    return next(iter(game.bots()), "random")


def search_bench(
    game_name: str,
    params: Mapping[str, Any],
    iterations: int | None = None,
    seed: int = 0,
    bot: str = "ismcts",
) -> dict[str, float]:
    """Time one decision of the search bot ``bot`` (its defaults; ``iterations`` if given) on a
    mid-game state, every iteration run (no early stop): wall seconds, the process's CPU
    seconds (on a busy machine the wall time includes waiting) and playouts per CPU second."""
    state = mid_game(game_name, params, seed)
    seat = state.current_seats()[0]
    spec = (
        bot if iterations is None else f"{bot}{'&' if '?' in bot else '?'}iterations={iterations}"
    )
    searcher = make_bot(state.game, spec, seat, seed)
    assert isinstance(searcher, ISMCTSBot)
    searcher.stop_early = False
    wall, cpu = time.perf_counter(), time.process_time()
    searcher.act(state)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "iterations": float(searcher.last_iterations),
        "rounds": float(searcher.last_rounds),
        "wall_seconds": wall,
        "cpu_seconds": cpu,
        "iterations_per_second": searcher.last_iterations / cpu if cpu else 0.0,
        "actions_at": float(state.num_actions()),
        "choices": float(len(state.legal_actions(seat))),
    }


def scaling(
    game_name: str,
    params: Mapping[str, Any],
    n: int = 600,
    seed: int = 0,
    seats: Sequence[str] | None = None,
    workers: Sequence[int] = (1, 2),
) -> list[dict[str, float]]:
    """The same ``n`` games with each number of workers: wall seconds, games per second, and
    the speed-up over the first."""
    game = load(game_name, **params)
    if seats is None:
        kind = "greedy" if "greedy" in bot_kinds(game) else "random"
        seats = [f"bot:{kind}"] * game.num_players
    out: list[dict[str, float]] = []
    base_results = None
    for w in workers:
        doc = simulate(game_name, game.params, n, seed, seats, workers=w)
        results = [{k: v for k, v in r.items() if k != "seconds"} for r in doc["results"]]
        if base_results is None:
            base_results = results
        elif results != base_results:
            raise RuntimeError(f"{w} workers gave other results than {workers[0]}")
        wall = doc["summary"]["wall_seconds"]
        out.append(
            {
                "workers": float(w),
                "games": float(n),
                "wall_seconds": wall,
                "games_per_second": n / wall if wall else 0.0,
                "speedup": (out[0]["wall_seconds"] / wall) if out and wall else 1.0,
            }
        )
    return out


# ------------------------------------------------------------------------------ every mode


def modes(game_name: str | None = None, wide: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """Every mode of every registered game (or of ``game_name``), as the registry lists them
    (``GameSpec.conformance``, which covers every mode; a game without the list: its defaults),
    each with its parameters resolved. A new game or mode is covered without naming it here.

    ``wide``: also every neighbour of a listed mode that differs from it in one choice parameter
    the entry sets (every player count of each listed variant, every scenario and difficulty of
    each solo entry...), except ``mode`` itself; combinations the game refuses are left out."""
    out: list[tuple[str, dict[str, Any]]] = []
    seen: set[str] = set()

    def add(name: str, given: Mapping[str, Any]) -> None:
        try:
            params = dict(load(name, **given).params)
        except (BadParameter, ValueError):
            return
        key = json.dumps([name, params], sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            out.append((name, params))

    for spec in specs():
        if game_name is not None and spec.name != game_name:
            continue
        listed = list(spec.conformance or ({},))
        for given in listed:
            add(spec.name, given)
        if not wide:
            continue
        choices = {p.name: p.choices for p in spec.params if p.choices and p.name != "mode"}
        for given in listed:
            for key in given:
                for value in choices.get(key, ()):
                    add(spec.name, {**given, key: value})
    if game_name is not None and not out:
        load(game_name)  # an unknown name: the registry's error names the games
    return out


def mode_label(game_name: str, params: Mapping[str, Any]) -> str:
    """``paupers-ladder players=2``, ``lairs mode=solo pack=true difficulty=hard``: the game and
    the parameters that differ from its defaults (the number of players always, where the game
    has one)."""
    plain = load(game_name).params
    shown = [
        f"{k}={str(v).lower() if isinstance(v, bool) else v}"
        for k, v in params.items()
        if k == "players" or plain.get(k, ...) != v
    ]
    return " ".join([game_name, *shown])


def build_note() -> str:
    """What runs compiled: the engine's kernel and which games' rules (``make compile``), or
    everything interpreted."""
    from .. import native

    running = native.running()
    if running != "compiled":
        return "interpreted (pure Python: no fresh build, or TABLETOP_PURE=1)"
    compiled = sorted(
        {
            m.split(".")[2].replace("_", "-")
            for m in native.MODULES
            if m.startswith("tabletop.games.")
        }
    )
    others = sorted(set(names()) - set(compiled))
    return (
        "compiled with mypyc (`make compile`): the engine's kernel"
        + (f" and the rules of {', '.join(compiled)}" if compiled else "")
        + (f"; interpreted: the rules of {', '.join(others)}" if others else "")
    )


# ------------------------------------------------------------------------ designers' throughput


def greedy_games(
    game_name: str, params: Mapping[str, Any], seconds: float = 2.0, seed: int = 0
) -> dict[str, float]:
    """Whole games with the game's own bot in every seat for about ``seconds`` of CPU time:
    games and actions per CPU second (what a balance report's run costs)."""
    game = load(game_name, **params)
    kind = own_bot(game)
    games = actions = 0
    started = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        state = game.new_state(seed + games)
        bots = {s: make_bot(game, kind, s, seed + games) for s in range(game.num_players)}
        play_out(state, bots)
        games += 1
        actions += state.num_actions()
        elapsed = time.process_time() - started
    return {
        "games": float(games),
        "actions": float(actions),
        "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed else 0.0,
        "actions_per_second": actions / elapsed if elapsed else 0.0,
    }


def throughput(
    targets: Sequence[tuple[str, Mapping[str, Any]]] | None = None,
    seconds: float = 2.0,
    search_seconds: float = 1.0,
    seed: int = 0,
    bot: str = "ismcts",
) -> list[dict[str, Any]]:
    """Per mode (every mode unless ``targets`` says): the game's own bot's whole games per CPU
    second, and the search bot's playouts per CPU second on a mid-game state (``mid_game``: a
    fixed seed and the game's own bot, so runs compare), its decisions repeated for about
    ``search_seconds`` of CPU time with every iteration run."""
    rows: list[dict[str, Any]] = []
    for name, params in targets if targets is not None else modes(wide=True):
        row: dict[str, Any] = {
            "game": name,
            "params": dict(params),
            "label": mode_label(name, params),
        }
        row.update(greedy_games(name, params, seconds, seed))
        try:
            state = mid_game(name, params, seed)
        except ValueError as exc:
            row["search"] = str(exc)
            rows.append(row)
            continue
        seat = state.current_seats()[0]
        playouts = rounds = decisions = 0
        started = time.process_time()
        spent = 0.0
        while spent < search_seconds or decisions == 0:
            searcher = make_bot(state.game, bot, seat, seed + decisions)
            assert isinstance(searcher, ISMCTSBot)
            searcher.stop_early = False
            searcher.act(state)
            playouts += searcher.last_iterations
            rounds += searcher.last_rounds
            decisions += 1
            spent = time.process_time() - started
        row["search"] = {
            "bot": bot,
            "actions_at": state.num_actions(),
            "choices": len(state.legal_actions(seat)),
            "decisions": decisions,
            "playouts": playouts,
            "rounds": rounds,
            "seconds": spent,
            "iterations_per_second": playouts / spent if spent else 0.0,
            "seconds_per_decision": spent / decisions,
        }
        rows.append(row)
    return rows


# ------------------------------------------------------------------------- search bot strength


def binomial_p(k: int, n: int, p: float) -> float:
    """The two-sided exact binomial test: the probability, under a share ``p``, of a count of
    successes in ``n`` no more likely than ``k``."""
    if n == 0:
        return 1.0
    probs = [math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)]
    observed = probs[k] * (1 + 1e-7)
    return min(1.0, sum(q for q in probs if q <= observed))


def strength_game(
    game_name: str, params: Mapping[str, Any], seed: int, seats: Sequence[str], measured: str
) -> dict[str, Any]:
    """One game with ``seats`` (bot specs), timing every decision of the seats whose spec is
    ``measured`` that has a choice: the row of :func:`strength`."""
    game = load(game_name, **params)
    state = game.new_state(seed)
    bots = {s: make_bot(game, spec.removeprefix("bot:"), s, seed) for s, spec in enumerate(seats)}
    timed = {s for s, spec in enumerate(seats) if spec == measured}
    decisions = 0
    cpu = wall = worst = 0.0
    stop = game.spec.max_actions
    while not state.is_terminal() and state.num_actions() < stop:
        for seat in state.current_seats():
            if seat not in state.current_seats():
                continue
            if seat in timed and len(state.legal_actions(seat)) > 1:
                c0, w0 = time.process_time(), time.perf_counter()
                action = bots[seat].act(state)
                spent = time.process_time() - c0
                wall += time.perf_counter() - w0
                cpu += spent
                worst = max(worst, spent)
                decisions += 1
            else:
                action = bots[seat].act(state)
            state.apply(action, seat)
    if not state.is_terminal():
        raise RuntimeError(f"{game_name} seed {seed}: no end within {stop} actions")
    outcome = state.outcome()
    return {
        "seed": seed,
        "seats": list(seats),
        "winners": list(outcome.winners),
        "scores": {str(k): v for k, v in outcome.scores.items()},
        "actions": state.num_actions(),
        "decisions": decisions,
        "cpu_seconds": cpu,
        "wall_seconds": wall,
        "worst_cpu_seconds": worst,
    }


def _strength_packed(job: tuple[str, dict[str, Any], int, list[str], str]) -> dict[str, Any]:
    return strength_game(*job)


def _run_strength_jobs(
    jobs: list[tuple[str, dict[str, Any], int, list[str], str]],
    block: int,
    budget: float | None,
    workers: int,
    progress: Callable[[int, int], None] | None,
) -> list[dict[str, Any]]:
    """Play the jobs in order (in ``workers`` processes), stopping at a whole rotation of
    ``block`` games once ``budget`` wall seconds have passed."""
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    total = len(jobs) // block

    def over_budget(done_jobs: int) -> bool:
        return (
            budget is not None
            and done_jobs % block == 0
            and (time.perf_counter() - started >= budget)
        )

    if workers <= 1:
        for k, job in enumerate(jobs):
            if over_budget(k):
                break
            rows.append(_strength_packed(job))
            if progress is not None and len(rows) % block == 0:
                progress(len(rows) // block, total)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            pending: list[Future[dict[str, Any]]] = []
            k = 0
            while k < len(jobs) or pending:
                while k < len(jobs) and len(pending) < 2 * workers and not over_budget(k):
                    pending.append(pool.submit(_strength_packed, jobs[k]))
                    k += 1
                if over_budget(k):
                    jobs = jobs[:k]
                rows.append(pending.pop(0).result())
                if progress is not None and len(rows) % block == 0:
                    progress(len(rows) // block, total)
    return rows


def strength(
    game_name: str,
    params: Mapping[str, Any],
    games: int = 200,
    seed: int = 0,
    bot: str = "bot:ismcts",
    against: str | None = None,
    budget: float | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """``bot`` against the game's own bot (or ``against``) in one mode: game ``i`` (seed
    ``seed + i``) seats ``bot`` at seat ``i % seats`` and the other bot in every other seat (seats
    rotated, so every seat is played equally often). Solo, every seed is played twice, once by
    each bot, and the two are compared seed by seed. At most ``games`` games (solo: seeds),
    stopping after ``budget`` wall seconds at a whole rotation. Returns the rows and the
    figures: the win share with its 95% Wilson interval and the two-sided exact binomial p-value
    against an even share (1 / seats; solo: of the seeds where one bot won and the other did
    not, the share ``bot`` won, against 1/2), and the CPU seconds per decision of ``bot``."""
    game = load(game_name, **params)
    other = against or f"bot:{own_bot(game)}"
    n = game.num_players
    solo = n == 1
    block = 2 if solo else n  # the games of one whole rotation (solo: both bots on one seed)
    jobs: list[tuple[str, dict[str, Any], int, list[str], str]] = []
    for i in range(games):
        if solo:
            jobs += [(game_name, dict(game.params), seed + i, [s], bot) for s in (bot, other)]
        else:
            jobs.append((game_name, dict(game.params), seed + i,
                         rotated([bot] + [other] * (n - 1), -i % n), bot))  # fmt: skip
    started = time.perf_counter()
    rows = _run_strength_jobs(jobs, block, budget, workers, progress)
    wall = time.perf_counter() - started
    decisions = sum(r["decisions"] for r in rows)
    cpu = sum(r["cpu_seconds"] for r in rows)
    figures: dict[str, Any] = {
        "game": game_name,
        "params": dict(game.params),
        "label": mode_label(game_name, game.params),
        "bot": bot,
        "against": other,
        "seats": n,
        "seed": seed,
        "decisions": decisions,
        "seconds_per_decision": cpu / decisions if decisions else 0.0,
        "worst_seconds_per_decision": max((r["worst_cpu_seconds"] for r in rows), default=0.0),
        "wall_seconds": wall,
        "rows": rows,
    }
    if solo:
        won = {(r["seed"], r["seats"][0]): bool(r["winners"]) for r in rows}
        seeds = sorted({r["seed"] for r in rows})
        mine = sum(1 for s in seeds if won[(s, bot)] and not won[(s, other)])
        theirs = sum(1 for s in seeds if won[(s, other)] and not won[(s, bot)])
        decisive = mine + theirs
        figures.update(
            games=len(seeds),
            wins=float(mine),
            n=decisive,
            even=0.5,
            bot_wins=sum(1 for s in seeds if won[(s, bot)]),
            against_wins=sum(1 for s in seeds if won[(s, other)]),
        )
    else:
        wins = 0.0
        for r in rows:
            seat = r["seats"].index(bot)
            if seat in r["winners"]:
                wins += 1 / len(r["winners"])
        figures.update(games=len(rows), wins=wins, n=len(rows), even=1 / n)
    k, m = figures["wins"], figures["n"]
    figures["share"] = k / m if m else 0.0
    figures["ci95"] = list(wilson(k, m))
    figures["p_value"] = binomial_p(round(k), m, figures["even"])
    return figures


# ------------------------------------------------------------------------------ kernel figures


class _PlaceState(State):
    """One seat places markers on a 50x50 board, facing one of 4 ways: a decision of 10,000
    options offered as one template (the shape of a Lairs build)."""

    __slots__ = ()

    SIDE = 50

    def _prompt(self) -> Prompt:
        if self.data["placed"] >= self.data["limit"]:
            return TERMINAL_PROMPT
        return Prompt((0,), "place", "Place a marker.")

    def _templates(self, seat: int) -> list[Template] | None:
        return [_PLACE]

    def _is_legal(self, seat: int, action: Action) -> bool:
        return str(action["cell"]) not in self.data["taken"]

    def _legal_actions(self, seat: int) -> list[Action]:
        return self.expand_templates(seat)

    def _apply(self, seat: int, action: Action) -> None:
        self.data["taken"][str(action["cell"])] = action["facing"]
        self.data["placed"] += 1

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"placed": self.data["placed"]}

    def _outcome(self) -> Outcome:
        return Outcome((0,), {0: float(self.data["placed"])}, "placed")


# static, like a game's content: built once, shared by every state
_PLACE = Template.of(
    "place", Param.of("cell", range(_PlaceState.SIDE**2)), Param.of("facing", range(4))
)


class _PlaceGame(Game):
    spec = GameSpec("kernel-bench", "kernel benchmark", 1, 1, (), False, 10_000)

    @property
    def num_players(self) -> int:
        return 1

    def new_state(self, seed: int = 0) -> State:
        data: dict[str, Any] = {"taken": {}, "placed": 0, "limit": 2_400}
        return _PlaceState(self, data, new_rng(seed), seed)


def kernel_figures(repeat: int = 200) -> dict[str, float]:
    """The kernel's own figures: the legality of one action in a 10,000-option template, and
    taking back a step at action 2,000 from a snapshot (and, for comparison, by replaying the
    whole game)."""
    game = _PlaceGame()
    state = game.new_state(1)
    rng = Rng(derive_seed(1, "kernel-bench"))
    snaps = Snapshots()
    snaps.keep(state)
    free = list(range(_PlaceState.SIDE**2))
    rng.shuffle(free)
    for i in range(2_000):
        state.apply(Action.of("place", cell=free[i], facing=i % 4), 0)
        snaps.keep(state)
    (template,) = state.templates(0) or []
    probe = Action.of("place", cell=free[2_100], facing=1)
    legal_us = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        state.is_legal(probe, 0)
        legal_us.append((time.perf_counter() - t0) * 1e6)
    history = state.history()
    undo_ms = []
    for _ in range(5):
        t0 = time.perf_counter()
        before = snaps.state_at(game, 1, history, len(history) - 1, later=state)
        back = undo_last(state, 0, before)
        undo_ms.append((time.perf_counter() - t0) * 1e3)
    t0 = time.perf_counter()
    replayed = undo_last(state, 0)
    replay_ms = (time.perf_counter() - t0) * 1e3
    assert back.data == replayed.data
    step_ms = []
    for step in (0, 1_000, 1_999):
        runs = []
        for _ in range(5):
            t0 = time.perf_counter()
            snaps.state_at(game, 1, history, step, later=state)
            runs.append((time.perf_counter() - t0) * 1e3)
        step_ms.append(statistics.median(runs))
    return {
        "template_options": float(template.size()),
        "legal_one_action_us_median": statistics.median(legal_us),
        "undo_at_2000_from_snapshot_ms_median": statistics.median(undo_ms),
        "undo_at_2000_by_replay_ms": replay_ms,
        "replay_step_from_snapshot_ms_max": max(step_ms),  # (median of 5 at each step)
    }


# ------------------------------------------------------------------ side by side with OpenSpiel

COMPARE_INSTALL = "pip install -e '.[compare]'"
# OpenSpiel's games timed beside ours: the pure-Python tic-tac-toe is the yardstick (ratio 1.0);
# the C++ gin rummy, through OpenSpiel's Python binding, is the aim (about 1.4 of it).
OPENSPIEL_GAMES = (
    ("python_tic_tac_toe", "OpenSpiel python_tic_tac_toe (Python)"),
    ("gin_rummy", "OpenSpiel gin_rummy (C++ via pyspiel)"),
)


class OpenSpielMissing(RuntimeError):
    """OpenSpiel is not installed (the optional ``compare`` extra)."""


def _tabletop_playouts(game: Game, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random playouts of ``game`` for about ``seconds`` of CPU time: (games, actions, CPU
    seconds). Each action is drawn as a uniform random agent draws it, with the engine's
    ``random_action`` (a templated decision drawn without listing it), from one seeded ``Rng``
    (where several seats decide at once, one of them is drawn first)."""
    games = actions = 0
    started = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        state = game.new_state(seed + games)
        rng = Rng(derive_seed(seed + games, "compare"))
        try:
            while not state.is_terminal():
                seats = state.current_seats()
                seat = seats[rng.below(len(seats))] if len(seats) > 1 else seats[0]
                state.apply(random_action(state, seat, rng), seat)
                actions += 1
        except Exception as exc:  # a rules bug: say which game to replay
            raise RuntimeError(
                f"{game.name} {json.dumps(game.params)} seed {seed + games} failed after "
                f"{state.num_actions()} random actions (stream 'compare'): {exc!r}"
            ) from exc
        games += 1
        elapsed = time.process_time() - started
    return games, actions, elapsed


def _openspiel_playouts(game: Any, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random playouts of an OpenSpiel game, the same way: a chance node's outcome is drawn
    ``outcomes[rng.below(len(outcomes))]`` (uniform, as in both games timed here)."""
    games = actions = 0
    started = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        state = game.new_initial_state()
        rng = Rng(derive_seed(seed + games, "compare"))
        while not state.is_terminal():
            if state.is_chance_node():
                legal = [a for a, _ in state.chance_outcomes()]
            else:
                legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            actions += 1
        games += 1
        elapsed = time.process_time() - started
    return games, actions, elapsed


def load_openspiel() -> dict[str, Any]:
    """OpenSpiel's games to compare with, by name; :class:`OpenSpielMissing` without it."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
        import pyspiel
    except ImportError as exc:
        raise OpenSpielMissing(
            f"OpenSpiel is not installed ({exc}); install the optional extra: {COMPARE_INSTALL}"
        ) from None
    return {name: pyspiel.load_game(name) for name, _ in OPENSPIEL_GAMES}


def versus_openspiel(
    seconds: float = 2.0,
    rounds: int = 3,
    seed: int = 0,
    targets: Sequence[tuple[str, Mapping[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """Random-playout speed of OpenSpiel's tic-tac-toe (Python) and gin rummy (C++) and of every
    mode of every game (``modes()``, or ``targets``), in this one process: each is timed for
    ``seconds`` of CPU time split over ``rounds`` rounds taken in turn (so a busy moment of a
    shared machine falls on all of them alike). Rows: label, games, actions, seconds, actions
    per second and the ratio to tic-tac-toe; ours also name their game and parameters."""
    spiel = load_openspiel()
    entries: list[tuple[str, Any]] = [(label, spiel[name]) for name, label in OPENSPIEL_GAMES]
    for name, params in targets if targets is not None else modes(wide=True):
        entries.append((mode_label(name, params), load(name, **params)))
    for _, game in entries:  # one untimed game each first: imports, caches, content loaded
        (_tabletop_playouts if isinstance(game, Game) else _openspiel_playouts)(game, 0.0, seed)
    totals: dict[str, list[float]] = {label: [0.0, 0.0, 0.0] for label, _ in entries}
    for r in range(rounds):
        for i, (label, game) in enumerate(entries):
            run = _tabletop_playouts if isinstance(game, Game) else _openspiel_playouts
            games, actions, spent = run(game, seconds / rounds, seed + 100_000 * (r * 64 + i))
            total = totals[label]
            total[0] += games
            total[1] += actions
            total[2] += spent
    rows: list[dict[str, Any]] = []
    for label, game in entries:
        played, taken, spent = totals[label]
        rows.append(
            {
                "label": label,
                "game": game.name if isinstance(game, Game) else None,
                "params": dict(game.params) if isinstance(game, Game) else None,
                "games": int(played),
                "actions": int(taken),
                "seconds": spent,
                "actions_per_second": taken / spent if spent else 0.0,
            }
        )
    base = rows[0]["actions_per_second"]
    for row in rows:
        row["ratio"] = row["actions_per_second"] / base if base else 0.0
    return rows


# ------------------------------------------------------------------ the learning adapters' cost


def adapter_overhead(
    targets: Sequence[tuple[str, Mapping[str, Any]]] | None = None,
    episodes: int = 20,
    rounds: int = 4,
    seed: int = 1,
) -> list[dict[str, Any]]:
    """Random episodes of each game (every registered game at its default parameters unless
    ``targets`` says) played natively, through PettingZoo (the mask only, then reading the
    observation too) and through OpenSpiel, the ways taking turns in ``rounds`` rounds (see
    :mod:`tabletop.adapters.speed`). One row per game: its name, title, parameters, episodes,
    and per way the episodes and decisions per CPU second and the ratio to the native rate.
    Needs the ``rl`` extra (ImportError otherwise)."""
    from ..adapters.speed import WAYS, overhead
    from ..engine import specs

    if targets is None:
        targets = [(spec.name, {}) for spec in specs()]
    rows: list[dict[str, Any]] = []
    for name, params in targets:
        game = load(name, **params)
        ways = overhead(name, game.params, episodes, rounds, seed, WAYS)
        rows.append(
            {
                "game": name,
                "title": game.spec.title,
                "params": dict(game.params),
                "players": game.num_players,
                "episodes": episodes,
                "ways": {w["way"]: w for w in ways},
            }
        )
    return rows
