"""Simulation: many seeded bot games in local processes (or on a Ray cluster).

Game ``i`` of a run with seed ``S`` is played with seed ``S + i``, so any single game can be
replayed with ``tabletop play --seed``; results never depend on how many workers ran them.

With ``rotate``, game ``i`` seats the bots rotated by ``i`` places (seat ``s`` gets the bot named
for seat ``(s + i) % players``), so each bot plays every seat equally often; each row then names
the bots of its game (``seats``) and the summary gives each bot's win share with its 95% Wilson
interval (``win_share_by_bot``), the figure a bot-against-bot measurement needs.

Each result row names the seat that moved first (``first``) and, where the game offers
``State.tags(seat)`` (a mapping of category -> value or list of values, e.g. ``{"Pauper": "...",
"Virtue": [...]}``), each seat's tags, so reports can show win share by character or card.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..engine import load
from ..engine.bots import make_bot


def parse_seats(text: str, num_players: int) -> list[str]:
    """``"bot:greedy,bot:random"`` -> bot kinds per seat. One entry fills every seat."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) == 1:
        parts = parts * num_players
    if len(parts) != num_players:
        raise ValueError(f"--seats names {len(parts)} seats; the game has {num_players}")
    return parts


def parse_params(items: Sequence[str] | None) -> dict[str, str]:
    """``["players=3", "mode=solo"]`` -> a dict. Each ``--param`` holds one ``key=value``."""
    out: dict[str, str] = {}
    for item in items or []:
        if "=" not in item:
            raise ValueError(f"--param takes key=value, got {item!r}")
        key, value = item.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def rotated(seats: Sequence[str], i: int) -> list[str]:
    """The bots of game ``i`` of a rotated run: seat ``s`` gets ``seats[(s + i) % n]``."""
    n = len(seats)
    return [seats[(s + i) % n] for s in range(n)]


def play_one(
    game_name: str, params: Mapping[str, Any], seed: int, seats: Sequence[str]
) -> dict[str, Any]:
    """One bot game; returns its result row: the winners, scores and reason, its length, the
    seat that took the first turn (``first``: the first prompt that names a seat's turn; None
    in a game where no prompt ever does, every decision being made by all at once), each seat's
    name at the end (``names``: ``State.seat_name``) and, where the game reports them, each
    seat's tags at the end (``tags``) and every value a list-valued tag held at any point of the
    game (``played``: a card that entered a Kingdom and died is played all the same)."""
    game = load(game_name, **params)
    state = game.new_state(seed)
    bots = {}
    for seat, spec in enumerate(seats):
        kind = spec.split(":", 1)[1] if spec.startswith("bot:") else spec
        if kind == "human":
            raise ValueError("simulations take bot seats only (bot:KIND)")
        bots[seat] = make_bot(game, kind, seat, seed)
    tagged = game.spec.provides_tags
    played: list[dict[str, set[str]]] = [{} for _ in range(game.num_players)]
    first = state.prompt().turn
    started = time.perf_counter()
    stop = game.spec.max_actions
    while not state.is_terminal() and state.num_actions() < stop:
        for seat in state.current_seats():  # as play_out plays them
            if seat in state.current_seats():
                state.apply(bots[seat].act(state), seat)
                if first is None and not state.is_terminal():
                    first = state.prompt().turn
                if tagged:
                    _note_played(state, played)
    actions = state.num_actions()
    if not state.is_terminal():
        raise RuntimeError(f"{game_name} seed {seed}: no end within {stop} actions")
    outcome = state.outcome()
    row = {
        "seed": seed,
        "winners": list(outcome.winners),
        "scores": {str(k): v for k, v in outcome.scores.items()},
        "reason": outcome.reason,
        "actions": actions,
        "rounds": state.rounds(),
        "first": first,
        "seconds": time.perf_counter() - started,
        "seats": list(seats),
        "names": state.seat_names(),
    }
    if tagged:
        row["tags"] = {str(s): dict(state.tags(s)) for s in range(game.num_players)}
        row["played"] = {
            str(s): {k: sorted(v) for k, v in sorted(played[s].items())}
            for s in range(game.num_players)
        }
    return row


def _note_played(state: Any, played: list[dict[str, set[str]]]) -> None:
    """Add what each seat's list-valued tags hold now to what they held before."""
    for s, seen in enumerate(played):
        for category, value in state.tags(s).items():
            if isinstance(value, list | tuple):
                seen.setdefault(category, set()).update(str(v) for v in value)


def _play_packed(job: tuple[str, dict[str, Any], int, list[str]]) -> dict[str, Any]:
    return play_one(*job)


def _play_batch(jobs: list[tuple[str, dict[str, Any], int, list[str]]]) -> list[dict[str, Any]]:
    return [play_one(*job) for job in jobs]


def ray_batches(
    jobs: Sequence[tuple[str, dict[str, Any], int, list[str]]], address: str | None
) -> Iterator[dict[str, Any]]:
    """Run the jobs as Ray tasks of a few games each and yield the rows in seed order.

    A task whose worker dies is run again by Ray (``max_retries``); a game is a pure function of
    its seed, so a retried batch gives the same rows, and each batch's rows are taken once, from
    the one result Ray returns for it: no game is lost or counted twice."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs `pip install tabletop[ray]`") from None
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(log_to_driver=False)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
    size = max(1, min(8, len(jobs) // (cpus * 4)))
    remote = ray.remote(max_retries=5, retry_exceptions=False)(_play_batch)
    refs = [remote.remote(list(jobs[i : i + size])) for i in range(0, len(jobs), size)]
    for ref in refs:
        yield from ray.get(ref)


def run_games(
    game_name: str,
    params: Mapping[str, Any],
    seeds: Sequence[int],
    seats: Sequence[str],
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    rotate: bool = False,
) -> Iterator[dict[str, Any]]:
    """Results in seed order, whatever the number of workers. ``backend="ray"`` runs on the Ray
    cluster at ``address`` (``"auto"``: the one this machine belongs to; None: a local one).
    ``rotate``: game ``i`` of the run seats the bots rotated by ``i`` places."""
    jobs = [
        (game_name, dict(params), s, rotated(seats, i) if rotate else list(seats))
        for i, s in enumerate(seeds)
    ]
    if backend == "ray":
        yield from ray_batches(jobs, address)
        return
    if backend != "local":
        raise ValueError(f"unknown backend {backend!r}; use local or ray")
    if workers <= 1:
        for job in jobs:
            yield _play_packed(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        chunk = max(1, len(jobs) // (workers * 8))
        yield from pool.map(_play_packed, jobs, chunksize=chunk)


def bot_shares(results: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per bot (as named in the rows' ``seats``): the games it sat in, its wins (a win shared by
    k seats counts 1/k), its share and the share's 95% Wilson interval."""
    from .report import wilson

    wins: dict[str, float] = {}
    games: Counter[str] = Counter()
    for r in results:
        winners = r["winners"]
        for s, spec in enumerate(r.get("seats", [])):
            games[spec] += 1
            wins[spec] = wins.get(spec, 0.0) + (1 / len(winners) if s in winners else 0.0)
    out = {}
    for spec, n in games.items():
        lo, hi = wilson(wins[spec], n)
        out[spec] = {"wins": wins[spec], "games": n, "share": wins[spec] / n, "ci95": [lo, hi]}
    return out


def summarise(
    results: Sequence[Mapping[str, Any]], num_players: int, wall: float
) -> dict[str, Any]:
    n = len(results)
    wins = Counter(w for r in results for w in r["winners"])
    actions = [r["actions"] for r in results]
    rounds = [r["rounds"] for r in results]
    reasons = Counter(r["reason"] for r in results)
    cpu = sum(r.get("seconds", 0.0) for r in results)
    return {
        "games": n,
        "win_share": {str(s): (wins[s] / n if n else 0.0) for s in range(num_players)},
        "no_winner_share": (sum(1 for r in results if not r["winners"]) / n) if n else 0.0,
        "actions_mean": statistics.fmean(actions) if actions else 0.0,
        "actions_median": statistics.median(actions) if actions else 0.0,
        "rounds_mean": statistics.fmean(rounds) if rounds else 0.0,
        "rounds_median": statistics.median(rounds) if rounds else 0.0,
        "reasons": dict(sorted(reasons.items())),
        "actions_per_second": (sum(actions) / cpu) if cpu else 0.0,
        "wall_seconds": wall,
        "win_share_by_bot": bot_shares(results),
    }


def simulate(
    game_name: str,
    params: Mapping[str, Any],
    n: int,
    seed: int,
    seats: Sequence[str],
    workers: int = 1,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
    address: str | None = None,
    rotate: bool = False,
) -> dict[str, Any]:
    """Run ``n`` games and return the JSON document of the run (``rotate``: game ``i`` seats the
    bots rotated by ``i`` places)."""
    game = load(game_name, **params)
    started = time.perf_counter()
    results = []
    for row in run_games(
        game_name,
        game.params,
        [seed + i for i in range(n)],
        seats,
        workers,
        backend,
        address,
        rotate,
    ):
        results.append(row)
        if progress is not None:
            progress(len(results))
    wall = time.perf_counter() - started
    return {
        "game": game_name,
        "params": dict(game.params),
        "seed": seed,
        "seats": list(seats),
        "rotate": rotate,
        "results": results,
        "summary": summarise(results, game.num_players, wall),
    }
