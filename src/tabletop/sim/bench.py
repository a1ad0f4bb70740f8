"""Speed figures for a game: random-playout actions per second, clone and apply microseconds."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import (
    TERMINAL_PROMPT,
    Action,
    Game,
    GameSpec,
    Outcome,
    Param,
    Prompt,
    State,
    Template,
    load,
    new_rng,
)
from ..engine.bots import bot_kinds, make_bot, random_action
from ..engine.registry import game_class
from ..engine.rng import Rng, derive_seed
from ..engine.search import ISMCTSBot
from ..engine.snapshots import Snapshots
from ..engine.undo import undo_last
from .runner import simulate


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


def mid_game(game_name: str, params: Mapping[str, Any], seed: int = 0, at: int = 120) -> State:
    """A state some way into a game: the game's own bot (random if it has none) plays ``at``
    actions, then on to the next decision with at least three choices (two if none comes)."""
    game = load(game_name, **params)
    kinds = bot_kinds(game)
    kind = "greedy" if "greedy" in kinds else "random"
    state = game.new_state(seed)
    bots = {s: make_bot(game, kind, s, seed) for s in range(game.num_players)}
    fallback: State | None = None
    while not state.is_terminal():
        seat = state.current_seats()[0]
        if state.num_actions() >= at:
            options = len(state.legal_actions(seat))
            if options >= 3:
                return state
            if options == 2 and fallback is None:
                fallback = state.clone()
        state.apply(bots[seat].act(state), seat)
    if fallback is None:
        raise ValueError(f"{game_name}: no decision with a choice after {at} actions")
    return fallback


def search_bench(
    game_name: str, params: Mapping[str, Any], iterations: int = 1000, seed: int = 0
) -> dict[str, float]:
    """Time one ISMCTS decision of ``iterations`` iterations on a mid-game state: wall seconds
    and the process's CPU seconds (on a busy machine the wall time includes waiting)."""
    state = mid_game(game_name, params, seed)
    seat = state.current_seats()[0]
    bot = make_bot(state.game, f"ismcts?iterations={iterations}", seat, seed)
    assert isinstance(bot, ISMCTSBot)
    bot.stop_early = False
    wall, cpu = time.perf_counter(), time.process_time()
    bot.search(state)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "iterations": float(bot.last_iterations),
        "wall_seconds": wall,
        "cpu_seconds": cpu,
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


def paupers_ladder_modes() -> list[dict[str, Any]]:
    """Every Paupers' Ladder mode: standard and Survival with 2, 3 and 4 players, and solo in
    each scenario at each difficulty."""
    params = {p.name: p for p in game_class("paupers-ladder").spec.params}
    modes: list[dict[str, Any]] = []
    for mode in ("standard", "survival"):
        for players in (2, 3, 4):
            modes.append({"mode": mode, "players": players})
    for scenario in params["scenario"].choices or ():
        for difficulty in params["difficulty"].choices or ():
            modes.append(
                {"mode": "solo", "players": 1, "scenario": scenario, "difficulty": difficulty}
            )
    return modes


def _tabletop_playouts(game: Game, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random playouts of ``game`` for about ``seconds`` of CPU time: (games, actions, CPU
    seconds). The action is ``legal[rng.below(len(legal))]``, as for OpenSpiel's games."""
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
                legal = state.legal_actions(seat)
                state.apply(legal[rng.below(len(legal))], seat)
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


def versus_openspiel(seconds: float = 2.0, rounds: int = 3, seed: int = 0) -> list[dict[str, Any]]:
    """Random-playout speed of OpenSpiel's tic-tac-toe (Python) and gin rummy (C++) and of every
    Paupers' Ladder mode, in this one process: each is timed for ``seconds`` of CPU time split
    over ``rounds`` rounds taken in turn (so a busy moment of a shared machine falls on all of
    them alike). Rows: label, games, actions, seconds, actions per second and the ratio to
    tic-tac-toe."""
    spiel = load_openspiel()
    entries: list[tuple[str, Any]] = [(label, spiel[name]) for name, label in OPENSPIEL_GAMES]
    for params in paupers_ladder_modes():
        if params["mode"] == "solo":
            label = f"paupers-ladder solo {params['scenario']} {params['difficulty']}"
        else:
            label = f"paupers-ladder {params['mode']} {params['players']}p"
        entries.append((label, load("paupers-ladder", **params)))
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
    for label, _ in entries:
        played, taken, spent = totals[label]
        rows.append(
            {
                "label": label,
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
