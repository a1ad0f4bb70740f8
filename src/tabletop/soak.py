# Over 600 lines: the soak's parts (fuzz, races, restarts, leak differential) and figures.
"""``python -m tabletop.soak`` (``make soak``): the reliability pass, rerunnable by anyone.

Every registered game in every mode it declares (its conformance parameter sets), in six parts,
each bounded, each printing its figures:

1. **fuzz**: random-action playouts until ``--fuzz-actions`` actions (1,000,000 by default) or
   ``--fuzz-seconds``, round-robin over the modes, with every check of the conformance harness
   (:mod:`tabletop.soakfuzz`, the same checks made cheaper): the prompt and the legal actions at
   every step; every ``--deep-every`` steps clone, JSON round trip, views of every seat and the
   spectator under resampling and the knowledge model, illegal probes (a bogus kind, a seat out
   of turn, wrong-typed and out-of-domain arguments, an argument too many or missing), each
   refused changing nothing; each game played beside it through its JSON form, the end within
   the declared bound, the record replayed from its JSON text. It stops by itself and prints how
   long it took, and per game the checked actions a second and where the time went.
2. **clients**: real server workers (uvicorn on 127.0.0.1; ``--servers`` processes on one
   store) and concurrent clients playing hot-seat games of every mode through the JSON API, with
   the races the games invite: every seat of a simultaneous decision (Paper Tales' seats, both
   Lairs seats building) posting at the same instant while the committed seats withdraw or
   change their choice and the reveal fires; one click sent twice at once; an undo racing the
   next action. Afterwards every game's stored rows must be its snapshot's actions, replaying
   them must give the snapshot (else a corrupted store), and the accepted actions minus the
   accepted undos must be what the store holds: none lost, none duplicated.
3. **the Builder's choice** (Lairs): an explorer's action racing the Builder's hidden choice
   (Howling Beetles, a Gnashing Retreat, the Shivers, ...) on two server workers
   (:func:`builder_races`), found and driven through the protocol and the HTTP API only; and
   the explorer's undo of the step that called for the choice racing the choice itself
   (:func:`undo_races`), held to the engine's undo policy.
4. **differential**: two games differing only in what one seat cannot see (the harness's
   resample) are put in the store; that seat's view, the spectator's, the live event stream and
   the running game's replay must answer identically (up to the game's id), else a leak.
5. **restarts**: the server is killed with SIGKILL at random moments while clients play, then
   started again; every action the server had accepted (answered 200) must be in the store.

Parts 2-5 run on SQLite, then on PostgreSQL: a throwaway server of the soak's own
(:mod:`tabletop.pgserver`: the installed PostgreSQL binaries, a Unix socket only, stopped at the
end even on an error or Ctrl-C), or ``--postgres URL``, or none with ``--no-postgres``. Figures
are printed per game and store; the exit status is 1 if any violation, lost or duplicated
action, corrupted store, leak or 5xx answer was seen. ``--seed`` makes the fuzz and the
clients' choices reproducible.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import httpx
except ModuleNotFoundError:  # pragma: no cover
    raise SystemExit("the soak needs httpx: pip install -e '.[test]' (make soak does)") from None

from .engine import Action, State, specs
from .engine.harness import first_difference
from .engine.registry import game_class, load
from .engine.rng import Rng, derive_seed
from .pgserver import PgServer, binaries
from .soakfuzz import ReplayMismatch, timed_playout
from .store.db import session_scope
from .store.games import GameStore


def cases() -> list[tuple[str, dict[str, Any]]]:
    """Every game of the product (``tabletop.games``; not games a test registers) and every mode
    it declares (its conformance parameter sets), interleaved: first each game's first mode,
    then each game's second, so that a short run still plays every game."""
    by_game = [
        [(spec.name, dict(p)) for p in spec.conformance]
        for spec in specs()
        if game_class(spec.name).__module__.startswith("tabletop.games.")
    ]
    longest = max((len(modes) for modes in by_game), default=0)
    return [modes[i] for i in range(longest) for modes in by_game if i < len(modes)]


@dataclass
class GameFigures:
    """One game's figures on one store (the fuzz's under the store ``""``), over all its modes."""

    fuzz_games: int = 0
    fuzz_actions: int = 0
    fuzz_seconds: float = 0.0  # summed over the workers: actions / this = one worker's rate
    fuzz_timings: dict[str, float] = field(default_factory=dict)  # seconds per kind of check
    actions: int = 0  # accepted over HTTP (actions and undos)
    races: int = 0
    lost: int = 0  # accepted and lost
    duplicated: int = 0
    server_errors: int = 0
    corrupted: int = 0
    differentials: int = 0
    leaks: int = 0

    def line(self, name: str, store: str) -> str:
        if not store:
            rate = self.fuzz_actions / self.fuzz_seconds if self.fuzz_seconds else 0.0
            return (
                f"  {name}: fuzz {self.fuzz_games} games {self.fuzz_actions} actions, "
                f"{rate:.0f} checked actions a second on one worker"
            )
        return (
            f"  {name} on {store}: HTTP actions {self.actions}, races {self.races}, "
            f"accepted-and-lost {self.lost}, duplicated {self.duplicated}, 5xx "
            f"{self.server_errors}, corrupted stores {self.corrupted}, leaks {self.leaks} in "
            f"{self.differentials} differentials"
        )


@dataclass
class Figures:
    games: int = 0
    actions: int = 0
    violations: list[str] = field(default_factory=list)
    replays: int = 0
    replay_mismatches: int = 0
    requests: int = 0
    accepted_actions: int = 0
    accepted_undos: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    server_errors: list[str] = field(default_factory=list)
    lost: int = 0
    duplicated: int = 0
    unanswered: int = 0  # requests that got no answer (a killed server, or a client's timeout)
    restarts: int = 0
    kill_accepted: int = 0
    races: int = 0
    leaks: int = 0
    corrupted: int = 0
    store: str = ""  # the store the HTTP parts play on now ("SQLite", "PostgreSQL")
    per: dict[tuple[str, str], GameFigures] = field(default_factory=dict)  # (store, game)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def game(self, name: str, store: str | None = None) -> GameFigures:
        """``name``'s figures on ``store`` (by default the current one)."""
        with self.lock:
            key = (self.store if store is None else store, name)
            return self.per.setdefault(key, GameFigures())

    def refusal(self, code: str) -> None:
        with self.lock:
            self.refused[code] = self.refused.get(code, 0) + 1


# ----------------------------------------------------------------------------------- 1+2 fuzz


@dataclass
class Playout:
    """What a fuzz worker sends back about one checked playout."""

    actions: int
    violation: str | None
    replayed: bool  # its record, through JSON text and back, replays to the same state
    seconds: float  # in the worker, checks included
    timings: dict[str, float]  # seconds per kind of check (soakfuzz)


def _one_playout(name: str, params: dict[str, Any], seed: int, deep_every: int) -> Playout:
    """One checked random playout (:func:`tabletop.soakfuzz.timed_playout`; its last check
    replays its record from JSON text)."""
    began = time.perf_counter()
    timings: dict[str, float] = {}
    game = load(name, **params)
    try:
        _, report = timed_playout(game, seed, deep_every=deep_every, timings=timings)
    except ReplayMismatch as exc:
        return Playout(0, str(exc)[:500], False, time.perf_counter() - began, timings)
    except Exception as exc:
        violation = f"fuzz {name} {params} seed={seed}: {exc!r}"[:500]
        return Playout(0, violation, True, time.perf_counter() - began, timings)
    return Playout(report.actions, None, True, time.perf_counter() - began, timings)


def fuzz(
    fig: Figures,
    seed: int,
    target: int,
    deep_every: int,
    deadline: float,
    workers: int,
) -> float:
    """Random playouts of every game and mode (round-robin, so a short budget still covers every
    mode), with the harness's checks and a replay check, on ``workers`` processes, until
    ``target`` actions or the deadline; the seconds it took."""
    began = time.monotonic()
    modes = cases()
    games = len({name for name, _ in modes})
    told = began
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[Playout]] = set()
        meta: dict[Future[Playout], tuple[str, dict[str, Any], int]] = {}
        i = 0
        while True:
            while (
                len(pending) < workers
                and (fig.actions < target or i < games)  # every game at least once
                and time.monotonic() < deadline
            ):
                name, params = modes[i % len(modes)]
                rnd = i // len(modes)
                s = derive_seed(seed, "soak", name, json.dumps(params, sort_keys=True), rnd) >> 1
                job = pool.submit(_one_playout, name, params, s, deep_every)
                pending.add(job)
                meta[job] = (name, params, s)
                i += 1
            if not pending:
                break
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for job in done:
                name, params, s = meta.pop(job)
                got = job.result()
                fig.games += 1
                fig.actions += got.actions
                fig.replays += 1
                per = fig.game(name, "")
                per.fuzz_games += 1
                per.fuzz_actions += got.actions
                per.fuzz_seconds += got.seconds
                for what, took in got.timings.items():
                    per.fuzz_timings[what] = per.fuzz_timings.get(what, 0.0) + took
                if got.violation:
                    fig.violations.append(got.violation)
                if not got.replayed:
                    fig.replay_mismatches += 1
            if time.monotonic() - told >= PROGRESS_EVERY:
                told = time.monotonic()
                _progress(fig, target, told - began)
    return time.monotonic() - began


PROGRESS_EVERY = 300.0  # seconds between the fuzz's progress lines


def _progress(fig: Figures, target: int, took: float) -> None:
    """How far the fuzz has got, and when it should be done at the pace so far."""
    rate = fig.actions / max(took, 1e-9)
    left = max(target - fig.actions, 0) / max(rate, 1e-9)
    print(
        f"fuzz: {fig.actions} of {target} actions, {fig.games} games, "
        f"{len(fig.violations)} violations in {took / 60:.0f} min; "
        f"about {left / 60:.0f} min to go",
        flush=True,
    )


def print_fuzz_profile(fig: Figures) -> None:
    """Per game: checked actions a second on one worker, and where its time went."""
    for (store, name), per in sorted(fig.per.items()):
        if store or not per.fuzz_seconds:
            continue
        total = sum(per.fuzz_timings.values()) or 1.0
        shares = ", ".join(
            f"{what} {100 * took / total:.0f}%"
            for what, took in sorted(per.fuzz_timings.items(), key=lambda t: -t[1])
            if took / total >= 0.01
        )
        print(
            f"fuzz {name}: {per.fuzz_actions} actions in {per.fuzz_seconds:.0f} worker-seconds, "
            f"{per.fuzz_actions / per.fuzz_seconds:.0f} a second on one worker ({shares})",
            flush=True,
        )


# ---------------------------------------------------------------------------------- server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# The server process: the web app under uvicorn, after importing ``modules`` (the browser tests
# add the engine's test games), then ``serve`` as ``python -m tabletop.web`` calls it.
SERVE = (
    "import importlib, sys\n"
    "for name in sys.argv[3:]:\n"
    "    importlib.import_module(name)\n"
    "from tabletop.web.app import serve\n"
    "serve('127.0.0.1', int(sys.argv[1]), sys.argv[2])\n"
)


class Server:
    """The web app in its own process on 127.0.0.1, on the store at ``db_url``; restartable on
    the same port. ``bot_delay`` is the bots' pause between moves (``TABLETOP_BOT_DELAY``);
    ``modules`` are imported first (game packages to register), found on ``path`` if given.
    The soak and the browser tests both drive it."""

    def __init__(
        self,
        db_url: str,
        *,
        bot_delay: float = 0.0,
        modules: tuple[str, ...] = (),
        path: Path | None = None,
    ) -> None:
        self.db_url = db_url
        self.bot_delay = bot_delay
        self.modules = modules
        self.path = path
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = dict(os.environ, TABLETOP_BOT_DELAY=str(self.bot_delay))
        if self.path is not None:
            env["PYTHONPATH"] = os.pathsep.join(
                p for p in (str(self.path), os.environ.get("PYTHONPATH")) if p
            )
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVE, str(self.port), self.db_url, *self.modules],
            cwd=self.path,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # generous: on a busy machine (the whole suite on 2 cores) start-up alone can take 40 s
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                status = self.proc.returncode
                self.proc = None
                raise RuntimeError(f"the web server exited with status {status}")
            try:
                with urllib.request.urlopen(self.base + "/api/specs", timeout=2) as r:
                    r.read()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()  # never leave a half-started server behind
        raise RuntimeError("the web server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, like a crash or a pulled plug."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
            self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def post(self, path: str, body: dict[str, Any]) -> Any:
        """POST ``body`` as JSON to ``path``; the decoded JSON answer."""
        req = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())


@dataclass
class ClientGame:
    id: str
    hotseat: str
    players: int
    name: str = ""
    tokens: dict[int, str] = field(default_factory=dict)  # each seat's own token
    accepted: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)  # idx, seat
    undos: int = 0
    # actions and undos sent without an answer: the server may or may not have applied them
    unsure_actions: int = 0
    unsure_undos: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


class Client:
    """One player at a keyboard: looks at a game, picks an option, sometimes races an undo, or
    all the seats of a simultaneous decision at once."""

    def __init__(self, base: str, fig: Figures, rng: Rng) -> None:
        self.http = httpx.Client(base_url=base, timeout=30)
        self.fig = fig
        self.rng = rng

    def send(
        self, method: str, url: str, g: ClientGame | None = None, **kw: Any
    ) -> httpx.Response | None:
        with self.fig.lock:
            self.fig.requests += 1
        try:
            r = self.http.request(method, url, **kw)
        except httpx.HTTPError:
            # the server was killed (restart loop) or the answer took longer than the timeout:
            # not an answer, and the request may or may not have been applied
            with self.fig.lock:
                self.fig.unanswered += 1
            return None
        if r.status_code >= 500:
            with self.fig.lock:
                self.fig.server_errors.append(f"{method} {url}: {r.status_code} {r.text[:200]}")
            if g is not None:
                self.fig.game(g.name).server_errors += 1
        elif r.status_code >= 400:
            try:
                self.fig.refusal(str(r.json().get("code")))
            except ValueError:
                self.fig.server_errors.append(f"{method} {url}: {r.status_code} without JSON")
        return r

    def prompt(self, g: ClientGame) -> dict[str, Any] | None:
        info = self.send("GET", f"/api/games/{g.id}", g)
        if info is None or info.status_code != 200:
            return None
        prompt: dict[str, Any] = info.json()["prompt"]
        return prompt if prompt["seats"] else None

    def view(self, g: ClientGame, seat: int) -> dict[str, Any] | None:
        v = self.send(
            "GET", f"/api/games/{g.id}/view", g, params={"token": g.hotseat, "seat": seat}
        )
        if v is None or v.status_code != 200:
            return None
        body: dict[str, Any] = v.json()
        return body

    def look(self, g: ClientGame) -> tuple[int, int, list[dict[str, Any]]] | None:
        """(deciding seat, action count, its options), or None if over or unreachable."""
        prompt = self.prompt(g)
        if prompt is None:
            return None
        seats = prompt["seats"]
        seat = seats[self.rng.below(len(seats))]
        body = self.view(g, seat)
        if body is None:
            return None
        return seat, body["num_actions"], body["options"]

    def _accepted(self, g: ClientGame, r: httpx.Response | None, entry: Any) -> bool:
        if r is None:
            with g.lock:
                g.unsure_actions += 1
            return False
        if r.status_code == 200:
            with g.lock:
                g.accepted.append(entry)
            with self.fig.lock:
                self.fig.accepted_actions += 1
            self.fig.game(g.name).actions += 1
            return True
        return False

    def act(self, g: ClientGame, seat: int, n: int, action: dict[str, Any]) -> bool:
        r = self.send(
            "POST",
            f"/api/games/{g.id}/actions",
            g,
            params={"token": g.hotseat},
            json={"action": action, "expected_actions": n, "seat": seat},
        )
        return self._accepted(g, r, (n, seat, action))

    def act_as(self, g: ClientGame, seat: int, view: dict[str, Any], action: Any) -> bool:
        """``action`` posted with the seat's own token on the view it saw (its ``seen``)."""
        r = self.send(
            "POST",
            f"/api/games/{g.id}/actions",
            g,
            headers={"X-Seat-Token": g.tokens[seat]},
            json={"action": action, "seen": view["seen"]},
        )
        return self._accepted(g, r, (view["num_actions"], seat, action))

    def post_as(
        self,
        g: ClientGame,
        seat: int,
        action: dict[str, Any],
        n: int,
        *,
        seen: str | None = None,
        expected: int | None = None,
    ) -> int | None:
        """``action`` with the seat's own token and the guard given (``seen`` or
        ``expected_actions``); counted as accepted at ``n``; the answer's status, or None."""
        body: dict[str, Any] = {"action": action}
        if seen is not None:
            body["seen"] = seen
        if expected is not None:
            body["expected_actions"] = expected
        r = self.send(
            "POST",
            f"/api/games/{g.id}/actions",
            g,
            headers={"X-Seat-Token": g.tokens[seat]},
            json=body,
        )
        self._accepted(g, r, (n, seat, action))
        return None if r is None else r.status_code

    def undo(self, g: ClientGame, seat: int, n: int) -> bool:
        r = self.send(
            "POST",
            f"/api/games/{g.id}/undo",
            g,
            params={"token": g.hotseat},
            json={"expected_actions": n, "seat": seat},
        )
        if r is None:
            with g.lock:
                g.unsure_undos += 1
        elif r.status_code == 200:
            with g.lock:
                g.undos += 1
            with self.fig.lock:
                self.fig.accepted_undos += 1
            self.fig.game(g.name).actions += 1
            return True
        return False

    def race(self, g: ClientGame, *moves: Callable[[], object]) -> None:
        """``moves`` at the same instant (a barrier), each on its own thread."""
        self.fig.game(g.name).races += 1
        with self.fig.lock:
            self.fig.races += 1
        barrier = threading.Barrier(len(moves))

        def run(move: Callable[[], object]) -> None:
            barrier.wait()
            move()

        threads = [threading.Thread(target=run, args=(m,)) for m in moves]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    def step(self, g: ClientGame, race_undo: bool, race_all: bool = False) -> bool:
        """One move; with ``race_all`` every seat of a simultaneous decision posts at once (or,
        with one deciding seat, its click twice at once); with ``race_undo`` the mover then
        fires an undo and another action at the same instant. False when the game is over."""
        if race_all and g.tokens:
            return self.everyone_at_once(g)
        seen = self.look(g)
        if seen is None:
            return False
        seat, n, options = seen
        if not options:
            return True
        action = options[self.rng.below(len(options))]["action"]
        if not self.act(g, seat, n, action) or not race_undo:
            return True
        after = self.look(g)
        if after is None:
            return True
        seat2, n2, options2 = after
        if n2 != n + 1 or not options2:
            return True
        other = options2[self.rng.below(len(options2))]["action"]
        self.race(g, lambda: self.undo(g, seat, n + 1), lambda: self.act(g, seat2, n + 1, other))
        return True

    def everyone_at_once(self, g: ClientGame) -> bool:
        """Every seat deciding, and every seat committed to the decision (it withdraws or
        changes its choice), posts on the view it saw at the same instant, through its own
        token; the last commitment fires the reveal while others are still posting."""
        prompt = self.prompt(g)
        if prompt is None:
            return False
        movers = sorted(set(prompt["seats"]) | set(prompt.get("committed", ())))
        moves: list[Callable[[], object]] = []
        for seat in movers:
            v = self.send(
                "GET", f"/api/games/{g.id}/view", g, headers={"X-Seat-Token": g.tokens[seat]}
            )
            if v is None or v.status_code != 200 or not v.json()["options"]:
                continue
            view = v.json()
            options = view["options"]
            action = options[self.rng.below(len(options))]["action"]
            moves.append(functools.partial(self.act_as, g, seat, view, action))
        if len(moves) == 1:
            moves.append(moves[0])  # a double click: one of the two must be refused
        if moves:
            self.race(g, *moves)
        return True


def new_games(
    base: str, count: int, seed: int, modes: list[tuple[str, dict[str, Any]]] | None = None
) -> list[ClientGame]:
    """``count`` hot-seat games, round-robin over ``modes`` (by default every game and mode)."""
    modes = modes or cases()
    out = []
    with httpx.Client(base_url=base, timeout=60) as http:
        for i in range(count):
            name, params = modes[i % len(modes)]
            seats = ["human"] * load(name, **params).num_players
            s = derive_seed(seed, "soak-client", i) >> 1
            r = http.post(
                "/api/games",
                json={"game": name, "params": params, "seats": seats, "seed": s, "title": "soak"},
            )
            r.raise_for_status()
            body = r.json()
            tokens = {int(k): v for k, v in body["seat_tokens"].items()}
            out.append(ClientGame(body["id"], body["hotseat_token"], len(seats), name, tokens))
    return out


def check_store(fig: Figures, db_url: str, games: list[ClientGame], undos: bool) -> None:
    """Every game in the store: rows = snapshot's actions = replay; accepted actions all there."""
    store = GameStore(db_url)
    for g in games:
        per = fig.game(g.name)
        lost, duplicated = fig.lost, fig.duplicated
        state, info = store.load(g.id)
        record = store.record(g.id)
        if len(record.actions) != info.num_actions or state.num_actions() != info.num_actions:
            fig.corrupted += 1
            per.corrupted += 1
            fig.violations.append(
                f"game {g.id}: {len(record.actions)} action rows, snapshot has "
                f"{state.num_actions()}, row says {info.num_actions}"
            )
        elif record.replay() != state:
            fig.corrupted += 1
            per.corrupted += 1
            fig.violations.append(f"game {g.id}: its record does not replay to its snapshot")
        if undos:
            # a request without an answer may have been applied or not: the store must hold
            # between the answered count and that count with every unanswered request applied
            least = len(g.accepted) - g.undos - g.unsure_undos
            most = len(g.accepted) - g.undos + g.unsure_actions
            if info.num_actions < least:
                fig.lost += least - info.num_actions
            elif info.num_actions > most:
                fig.duplicated += info.num_actions - most
        else:
            # without undos an accepted action stays in the store for good (the store may hold
            # more: actions committed just before a kill whose answer never reached the client).
            # It is stored at the count the client saw, or, in a simultaneous decision where
            # every seat commits on the same view, within the next commits of that decision.
            stored = [(s, a.to_json()) for s, a in record.actions]
            used: set[int] = set()
            for n, seat, action in sorted(g.accepted, key=lambda t: t[0]):
                window = range(n, min(len(stored), n + g.players))
                hits = [i for i in window if stored[i] == (seat, action)]
                free = [i for i in hits if i not in used]
                if free:
                    used.add(free[0])
                elif hits:
                    fig.duplicated += 1  # two 200s for one stored step
                else:
                    fig.lost += 1
        per.lost += fig.lost - lost
        per.duplicated += fig.duplicated - duplicated


def run_clients(
    fig: Figures,
    bases: list[str],
    db_url: str,
    seed: int,
    clients: int,
    seconds: float,
    games: int,
) -> None:
    """Concurrent clients racing undos, actions and whole simultaneous decisions, against
    the server workers at ``bases`` on one store (client k talks to worker k mod workers)."""
    played = new_games(bases[0], games, seed)
    stop = time.monotonic() + seconds

    def player(k: int) -> None:
        rng = Rng(derive_seed(seed, "soak-player", k))
        client = Client(bases[k % len(bases)], fig, rng)
        while time.monotonic() < stop:
            g = played[rng.below(len(played))]
            roll = rng.below(6)
            client.step(g, race_undo=roll == 0, race_all=roll == 1)

    run_threads(player, clients)
    check_store(fig, db_url, played, undos=True)


def run_restarts(fig: Figures, db_url: str, seed: int, rounds: int, clients: int) -> None:
    """Clients play while the server is killed with SIGKILL and started again, ``rounds`` times."""
    server = Server(db_url)
    server.start()
    played = new_games(server.base, len(cases()), derive_seed(seed, "restarts"))
    rng = Rng(derive_seed(seed, "kill"))
    try:
        for r in range(rounds):
            stop = threading.Event()

            def player(k: int, r: int = r, stop: threading.Event = stop) -> None:
                prng = Rng(derive_seed(seed, "restart-player", r, k))
                client = Client(server.base, fig, prng)
                while not stop.is_set():
                    g = played[prng.below(len(played))]
                    client.step(g, race_undo=False)

            threads = [threading.Thread(target=player, args=(k,)) for k in range(clients)]
            for t in threads:
                t.start()
            time.sleep(2.0 + rng.below(4000) / 1000)  # then a kill at a random moment
            server.kill()  # mid-request, most likely
            fig.restarts += 1
            stop.set()
            for t in threads:
                t.join()
            server.start()
    finally:
        server.stop()
    fig.kill_accepted += sum(len(g.accepted) for g in played)
    check_store(fig, db_url, played, undos=False)


def run_threads(target: Callable[[int], None], n: int) -> None:
    threads = [threading.Thread(target=target, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


# ----------------------------------------------------------------------------- differential


def plant(db_url: str, state: State) -> tuple[str, dict[int, str]]:
    """Put ``state`` in the store as a game of human seats; its id and each seat's token."""
    from .web.models import SeatToken
    from .web.service import derived_token, hash_token

    seats = ["human"] * state.game.num_players
    ident = GameStore(db_url).create(state, seats, title="soak")
    creator = secrets.token_urlsafe(24)
    tokens = {seat: derived_token(creator, ident, seat) for seat in range(len(seats))}
    with session_scope(db_url) as s:
        for seat, token in tokens.items():
            s.add(SeatToken(game_id=ident, seat=seat, token_hash=hash_token(token)))
    return ident, tokens


def first_event(http: httpx.Client, ident: str) -> str:
    """The first ``state`` event of the game's live stream (its lines, without the id)."""
    with http.stream("GET", f"/api/games/{ident}/events", timeout=30) as r:
        block: list[str] = []
        for line in r.iter_lines():
            if line:
                block.append(line)
            elif any(b.startswith("event:") for b in block):
                return "\n".join(b for b in block if not b.startswith("id:"))
            else:
                block = []
    return "\n".join(block)


def answers(http: httpx.Client, ident: str, seat: int, token: str, step: int) -> dict[str, Any]:
    """Everything the server says about a running game to ``seat`` and to anyone."""
    out: dict[str, Any] = {}
    for key, path, headers in (
        ("seat", f"/api/games/{ident}/view", {"X-Seat-Token": token}),
        ("spectator", f"/api/games/{ident}/spectator", {}),
        ("facts", f"/api/games/{ident}", {}),
        ("replay", f"/api/games/{ident}/replay/{step}", {}),
        ("record", f"/api/games/{ident}/record", {}),
    ):
        r = http.get(path, headers=headers)
        out[key] = [r.status_code, json.loads(r.text.replace(ident, "<id>"))]
    for key in ("updated", "created"):  # the moment each was stored
        if isinstance(out["facts"][1], dict):
            out["facts"][1].pop(key, None)
    out["events"] = first_event(http, ident)
    return out


def differential(
    fig: Figures,
    base: str,
    db_url: str,
    seed: int,
    per_mode: int,
    modes: list[tuple[str, dict[str, Any]]] | None = None,
) -> None:
    """For each game and mode (by default every one), ``per_mode`` times: a random position,
    and the same position with everything one seat cannot see redrawn; the server must answer
    that seat, the spectator, the event stream and the replay of both alike."""
    with httpx.Client(base_url=base, timeout=30) as http:
        for name, params in modes or cases():
            game = load(name, **params)
            per = fig.game(name)
            for i in range(per_mode):
                rng = Rng(derive_seed(seed, "differential", name, json.dumps(params), i))
                state = game.new_state(rng.next64() >> 1)
                for _ in range(rng.below(120)):
                    seats = state.current_seats()
                    if not seats:
                        break
                    seat = seats[rng.below(len(seats))]
                    state.apply(rng.choice(state.legal_actions(seat)), seat)
                for seat in range(game.num_players):
                    twin = state.resample(seat, rng.spawn("twin", seat))
                    if twin.data == state.data and twin.rng == state.rng:
                        continue
                    a, ta = plant(db_url, state)
                    b, tb = plant(db_url, twin)
                    step = state.num_actions()
                    one = answers(http, a, seat, ta[seat], step)
                    two = answers(http, b, seat, tb[seat], step)
                    per.differentials += 1
                    if one != two:
                        per.leaks += 1
                        fig.leaks += 1
                        where = first_difference(one, two, "answers")
                        fig.violations.append(
                            f"leak {name} {params} step {step}: seat {seat} can tell apart two "
                            f"games differing only in what it cannot see: {where}"
                        )
                    for ident in (a, b):
                        GameStore(db_url).delete(ident)


# ------------------------------------------------------------------ the Builder's hidden choice


def builder_modes() -> list[tuple[str, dict[str, Any]]]:
    """Lairs' two-seat modes, where one seat, the Builder, answers during the other's turn."""
    return [(n, p) for n, p in cases() if n == "lairs" and load(n, **p).num_players == 2]


def builder_choice(state: State) -> tuple[int, int] | None:
    """(the Builder, the explorer) when one seat decides during another seat's turn (the
    prompt's ``turn``: the Shivers, Howling Beetles, a Gnashing Retreat, ...), else None. Only
    the protocol says so: the game's data is never read."""
    prompt = state.prompt()
    if len(prompt.seats) != 1 or prompt.commit or prompt.turn is None:
        return None
    builder = prompt.seats[0]
    return (builder, prompt.turn) if prompt.turn != builder else None


def to_builder_choice(name: str, params: dict[str, Any], rng: Rng) -> tuple[State, int, int] | None:
    """A game played at random in memory up to a Builder's choice (a random one of the first
    few met), with the Builder and the explorer; None if the game ended without one."""
    state = load(name, **params).new_state(rng.next64() >> 1)
    met: list[tuple[State, int, int]] = []
    while not state.is_terminal() and len(met) < 3:
        found = builder_choice(state)
        if found is not None:
            met.append((state.clone(), *found))
        seats = state.current_seats()
        seat = seats[rng.below(len(seats))]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return met[rng.below(len(met))] if met else None


def builder_positions(rng: Rng, rounds: int) -> Iterator[tuple[State, int, int]]:
    """``rounds`` positions of a Builder's choice, round-robin over the modes that have them (a
    random game may end without one: up to 4 games are tried; a mode that gave none in its
    first 4 games, such as the introductory game's hazards, is left out)."""
    modes = builder_modes()
    tried = {i: 0 for i in range(len(modes))}
    found = {i: 0 for i in range(len(modes))}
    made, k = 0, 0
    while made < rounds and tried:
        live = sorted(tried)
        i = live[k % len(live)]
        k += 1
        for _ in range(4):
            tried[i] += 1
            position = to_builder_choice(*modes[i], rng.spawn("position", i, tried[i]))
            if position is not None:
                found[i] += 1
                made += 1
                yield position
                break
        if not found[i] and tried[i] >= 4:
            del tried[i]


@dataclass
class BuilderFigures:
    races: int = 0
    # how the explorer's action was sent: (a) on its view after the choice, (b) with the count
    # of after the choice, (c) on its view before it; times sent, and accepted in the race
    sent: dict[str, int] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)
    differentials: int = 0
    took: float = 0.2  # seconds the last Builder's choice took to be answered
    passed: int = 0  # positions where no choice hands the decision to the explorer


WAYS = ("a", "b", "c")


def builder_races(
    fig: Figures, bases: list[str], db_url: str, seed: int, rounds: int
) -> BuilderFigures:
    """``rounds`` times: a Lairs position where the Builder must answer during the explorer's
    turn is put in the store, and the Builder's choice (its own token, on the view it saw) and
    the explorer's next action are posted at the same instant to two different server workers.
    The explorer's action, at once or a little behind (so that it comes first or second), is
    sent (a) on
    the view it will see after the choice (its ``seen``,
    worked out by playing the choice on a twin in memory), (b) with ``expected_actions`` of after
    the choice, or (c) on the view it saw before the choice (out of turn, then stale).

    Checked, through the protocol and HTTP only: the Builder's choice is always accepted
    (nothing may come before it); (c) never is; an (a) or (b) refused because it came first is
    accepted when sent again at once; the stored game is then exactly the twin that played the
    choice and the action in that order (else a corrupted store); and where the game holds the
    choice hidden from the explorer, two games differing only in it must answer the explorer,
    the spectator, the event stream and the replay alike (else a leak). Lost and duplicated
    actions are counted by :func:`check_store` on the games played."""
    out = BuilderFigures()
    rng = Rng(derive_seed(seed, "builder-races"))
    workers = [Client(base, fig, rng.spawn("worker", k)) for k, base in enumerate(bases)]
    played: list[ClientGame] = []
    try:
        # a position where no choice hands the decision to the explorer (its turn ends, the
        # Builder decides again) is passed over: at most 4 for every race asked for
        for i, position in enumerate(builder_positions(rng.spawn("positions"), 4 * rounds)):
            if out.races >= rounds:
                break
            one = workers[i % len(workers)]
            two = workers[(i + 1) % len(workers)]
            way = WAYS[out.races % len(WAYS)]
            if not _builder_race(fig, out, one, two, db_url, position, way, played, rng):
                out.passed += 1
    finally:
        for w in workers:
            w.http.close()
    check_store(fig, db_url, played, undos=False)
    return out


def _builder_race(
    fig: Figures,
    out: BuilderFigures,
    one: Client,
    two: Client,
    db_url: str,
    found: tuple[State, int, int],
    way: str,
    played: list[ClientGame],
    rng: Rng,
) -> bool:
    """One race (see :func:`builder_races`): the Builder on worker ``one``, the explorer on
    ``two``; False if the position offers none (no choice after which the explorer decides)."""
    state, builder, explorer = found
    answered = _answered_choice(state, builder, explorer, rng)
    if answered is None:
        return False
    chosen, twin = answered
    ident, tokens = plant(db_url, state)
    g = ClientGame(ident, "", 2, state.game.name, tokens)
    played.append(g)
    views: dict[int, dict[str, Any]] = {}
    for client, seat in ((one, builder), (two, explorer)):
        r = client.send(
            "GET", f"/api/games/{ident}/view", g, headers={"X-Seat-Token": tokens[seat]}
        )
        if r is None or r.status_code != 200:
            return True
        views[seat] = r.json()
    n = views[builder]["num_actions"]
    offered = [o["action"] for o in views[builder]["options"]]
    if chosen not in offered:
        fig.violations.append(f"builder race {state.game.params}: {chosen} not offered over HTTP")
        return True
    action = rng.choice(twin.legal_actions(explorer)).to_json()
    # (a) the view it will see after the choice, (b) the count of after it, (c) its view before
    seen = {"a": twin.fingerprint(explorer), "c": views[explorer]["seen"]}.get(way)
    expected = n + 1 if way == "b" else None
    status: dict[str, int | None] = {}
    # the explorer behind by a random part of what storing a choice took last time (or not at
    # all): so that it comes while the choice is being stored, and both orders happen
    lag = out.took * rng.below(1001) / 1000 if rng.below(4) else 0.0

    def choose() -> None:
        began = time.monotonic()
        status["builder"] = one.post_as(g, builder, chosen, n, seen=views[builder]["seen"])
        out.took = time.monotonic() - began

    def explore() -> None:
        time.sleep(lag)
        status["explorer"] = two.post_as(g, explorer, action, n, seen=seen, expected=expected)

    one.race(g, choose, explore)
    out.races += 1
    out.sent[way] = out.sent.get(way, 0) + 1
    out.won[way] = out.won.get(way, 0) + (status["explorer"] == 200)
    where = f"builder race {state.game.params} at {n} ({way})"
    if status["builder"] is None or status["explorer"] is None:
        return True  # unanswered: check_store judges what was applied
    if status["builder"] != 200:
        fig.violations.append(f"{where}: the Builder's choice refused ({status['builder']})")
        return True
    if way == "c" and status["explorer"] == 200:
        fig.violations.append(f"{where}: the explorer's action on a view from before was accepted")
    if way != "c" and status["explorer"] != 200:
        again = two.post_as(g, explorer, action, n, seen=seen, expected=expected)
        if again != 200:
            fig.violations.append(
                f"{where}: the explorer's action, refused in the race ({status['explorer']}), "
                f"is refused again after the choice ({again})"
            )
            return True
    want = twin
    if way != "c":
        want = twin.clone()
        want.apply(Action.from_json(action), explorer)
    _check_stored_race(fig, g, db_url, want, where)
    _hidden_choice(fig, out, one, db_url, state, builder, explorer, chosen, twin, offered, played)
    return True


def _answered_choice(
    state: State, builder: int, explorer: int, rng: Rng
) -> tuple[dict[str, Any], State] | None:
    """The first of the Builder's choices (from a random one) after which the explorer alone
    decides, with the state it leads to; None if no choice does."""
    options = state.legal_actions(builder)
    start = rng.below(len(options))
    for k in range(len(options)):
        chosen = options[(start + k) % len(options)].to_json()
        twin = state.clone()
        twin.apply(Action.from_json(chosen), builder)
        if twin.prompt().seats == (explorer,):
            return chosen, twin
    return None


def _check_stored_race(fig: Figures, g: ClientGame, db_url: str, want: State, where: str) -> None:
    """The stored game must be exactly ``want``: the choice, then the explorer's action."""
    stored, _ = GameStore(db_url).load(g.id)
    if stored.data != want.data or stored.rng != want.rng:
        fig.corrupted += 1
        fig.game(g.name).corrupted += 1
        fig.violations.append(
            f"{where}: the stored game is not the choice then the action: "
            f"{first_difference(want.data, stored.data)}"
        )


def _hidden_choice(
    fig: Figures,
    out: BuilderFigures,
    client: Client,
    db_url: str,
    state: State,
    builder: int,
    explorer: int,
    chosen: dict[str, Any],
    twin: State,
    options: list[dict[str, Any]],
    played: list[ClientGame],
) -> None:
    """If another choice looks the same to the explorer and the spectator (their fingerprints:
    the game holds it hidden), both are made over HTTP on two copies of the position and the
    server must answer the explorer and anyone alike."""
    other = None
    for option in options:
        if option == chosen:
            continue
        alt = state.clone()
        alt.apply(Action.from_json(option), builder)
        looks = all(alt.fingerprint(s) == twin.fingerprint(s) for s in (explorer, None))
        if looks and alt.data != twin.data:
            other = option
            break
    if other is None:
        return
    games = []
    for choice in (chosen, other):
        ident, tokens = plant(db_url, state)
        g = ClientGame(ident, "", 2, state.game.name, tokens)
        played.append(g)
        seen = client.send(
            "GET", f"/api/games/{ident}/view", g, headers={"X-Seat-Token": tokens[builder]}
        )
        if seen is None or seen.status_code != 200:
            return
        body = seen.json()
        if client.post_as(g, builder, choice, body["num_actions"], seen=body["seen"]) != 200:
            fig.violations.append(f"hidden choice {state.game.params}: {choice} refused")
            return
        games.append((ident, tokens[explorer]))
    step = state.num_actions() + 1
    one, two = (answers(client.http, ident, explorer, token, step) for ident, token in games)
    out.differentials += 1
    per = fig.game(state.game.name)
    per.differentials += 1
    if one != two:
        per.leaks += 1
        fig.leaks += 1
        fig.violations.append(
            f"leak lairs {state.game.params} step {step}: the explorer can tell the Builder's "
            f"hidden choices {chosen} and {other} apart: {first_difference(one, two, 'answers')}"
        )


@dataclass
class UndoFigures:
    races: int = 0
    allowed: int = 0  # positions where the engine's policy lets the explorer undo
    undone: int = 0  # races the undo won
    chosen: int = 0  # races the Builder's choice won


def undo_races(fig: Figures, bases: list[str], db_url: str, seed: int, rounds: int) -> UndoFigures:
    """``rounds`` times: at a Lairs position where the Builder must answer during the explorer's
    turn, just after the explorer's own action, the explorer's undo of that action and the
    Builder's choice are posted at the same instant to two different server workers.

    Checked against the engine's undo policy on the position in memory (``can_undo``, the same
    function the server asks): an undo it refuses is refused in the race and the Builder's
    choice is accepted; an undo it allows races the choice, and exactly one of the two is
    accepted (the undo changes the decision due; the choice makes the last step the Builder's).
    The stored game is then exactly the position before the explorer's action, or the choice
    played on it (else a corrupted store). Lost and duplicated steps are counted by
    :func:`check_store` on the games played, undos included."""
    out = UndoFigures()
    rng = Rng(derive_seed(seed, "undo-races"))
    workers = [Client(base, fig, rng.spawn("worker", k)) for k, base in enumerate(bases)]
    played: list[ClientGame] = []
    try:
        for i, position in enumerate(builder_positions(rng.spawn("positions"), 4 * rounds)):
            if out.races >= rounds:
                break
            state, _, explorer = position
            if not state.history() or state.history()[-1][0] != explorer:
                continue  # the Builder answered last (a chain of choices): nothing to race
            one, two = workers[i % len(workers)], workers[(i + 1) % len(workers)]
            _undo_race(fig, out, one, two, db_url, position, played, rng)
    finally:
        for w in workers:
            w.http.close()
    check_store(fig, db_url, played, undos=True)
    return out


def _undo_race(
    fig: Figures,
    out: UndoFigures,
    one: Client,
    two: Client,
    db_url: str,
    found: tuple[State, int, int],
    played: list[ClientGame],
    rng: Rng,
) -> None:
    """One race (see :func:`undo_races`): the Builder on worker ``one``, the explorer's undo on
    ``two``."""
    from .web.service import can_undo

    state, builder, explorer = found
    refused = can_undo(state, explorer)
    options = state.legal_actions(builder)
    chosen = options[rng.below(len(options))]
    twin = state.clone()
    twin.apply(chosen, builder)
    ident, tokens = plant(db_url, state)
    g = ClientGame(ident, "", 2, state.game.name, tokens)
    # the planted steps count as accepted, so that an accepted undo takes one of them back
    g.accepted.extend((k, s, a.to_json()) for k, (s, a) in enumerate(state.history()))
    played.append(g)
    n = state.num_actions()
    status: dict[str, int | None] = {}

    def choose() -> None:
        status["builder"] = one.post_as(g, builder, chosen.to_json(), n, expected=n)

    def undo() -> None:
        r = two.send(
            "POST",
            f"/api/games/{ident}/undo",
            g,
            headers={"X-Seat-Token": tokens[explorer]},
            json={"expected_actions": n},
        )
        status["undo"] = None if r is None else r.status_code
        with g.lock:
            if r is None:
                g.unsure_undos += 1
            elif r.status_code == 200:
                g.undos += 1
        if r is not None and r.status_code == 200:
            with fig.lock:
                fig.accepted_undos += 1
            fig.game(g.name).actions += 1

    one.race(g, choose, undo)
    out.races += 1
    out.allowed += refused is None
    where = f"undo race {state.game.params} at {n}"
    won_undo, won_choice = status["undo"] == 200, status["builder"] == 200
    out.undone += won_undo
    out.chosen += won_choice
    if status["builder"] is None or status["undo"] is None:
        return  # unanswered: check_store judges what was applied
    if refused is not None and (won_undo or not won_choice):
        fig.violations.append(
            f"{where}: the policy refuses this undo ({refused}), yet the undo was answered "
            f"{status['undo']} and the Builder's choice {status['builder']}"
        )
        return
    if won_undo == won_choice:
        fig.violations.append(
            f"{where}: the undo ({status['undo']}) and the Builder's choice "
            f"({status['builder']}) were {'both' if won_undo else 'neither'} accepted"
        )
        return
    want = twin
    if won_undo:
        want = state.game.new_state(state.seed)
        for s, a in state.history()[:-1]:
            want.apply(a, s)
    _check_stored_race(fig, g, db_url, want, where)


# ------------------------------------------------------------------------------------ main


def store_parts(fig: Figures, args: argparse.Namespace, seed: int, label: str, url: str) -> None:
    """Parts 3-6 on one store, each printing its figures: clients, the Builder's races and the
    differential against ``args.servers`` server workers, then the kill -9 restarts."""
    fig.store = label
    workers = [Server(url) for _ in range(args.servers)]
    try:
        for server in workers:
            server.start()
        bases = [server.base for server in workers]
        before = (fig.accepted_actions, fig.accepted_undos, fig.lost, fig.duplicated, fig.races)
        errors, unanswered = len(fig.server_errors), fig.unanswered
        began = time.monotonic()
        run_clients(fig, bases, url, seed, args.clients, args.client_seconds, args.client_games)
        print(
            f"clients ({label}, {args.servers} server workers): {args.clients} clients, "
            f"{fig.accepted_actions - before[0]} actions and {fig.accepted_undos - before[1]} "
            f"undos accepted, races {fig.races - before[4]}, refusals "
            f"{dict(sorted(fig.refused.items()))}, lost {fig.lost - before[2]}, duplicated "
            f"{fig.duplicated - before[3]}, 5xx {len(fig.server_errors) - errors}, unanswered "
            f"{fig.unanswered - unanswered}; {time.monotonic() - began:.0f} s",
            flush=True,
        )
        before = (fig.lost, fig.duplicated, fig.corrupted, fig.leaks, len(fig.violations))
        errors = len(fig.server_errors)
        began = time.monotonic()
        b = builder_races(fig, bases, url, seed, args.builder_races)
        ways = ", ".join(
            f"({w}) accepted in the race {b.won.get(w, 0)} of {b.sent.get(w, 0)}" for w in WAYS
        )
        print(
            f"Builder's choice (Lairs, {label}): {b.races} races against the explorer's action "
            f"on two workers ({b.passed} positions passed over), {ways}; lost "
            f"{fig.lost - before[0]}, duplicated {fig.duplicated - before[1]}, 5xx "
            f"{len(fig.server_errors) - errors}, corrupted {fig.corrupted - before[2]}, leaks "
            f"{fig.leaks - before[3]} in {b.differentials} hidden-choice differentials, "
            f"violations {len(fig.violations) - before[4]}; "
            f"{time.monotonic() - began:.0f} s",
            flush=True,
        )
        before = (fig.lost, fig.duplicated, fig.corrupted, fig.leaks, len(fig.violations))
        errors = len(fig.server_errors)
        began = time.monotonic()
        u = undo_races(fig, bases, url, seed, args.undo_races)
        print(
            f"undo against the Builder's choice (Lairs, {label}): {u.races} races on two "
            f"workers, the undo allowed by the policy in {u.allowed}; the undo accepted in "
            f"{u.undone}, the choice in {u.chosen}; lost {fig.lost - before[0]}, duplicated "
            f"{fig.duplicated - before[1]}, 5xx {len(fig.server_errors) - errors}, corrupted "
            f"{fig.corrupted - before[2]}, violations {len(fig.violations) - before[4]}; "
            f"{time.monotonic() - began:.0f} s",
            flush=True,
        )
        leaks = fig.leaks
        began = time.monotonic()
        differential(fig, bases[0], url, seed, args.differentials)
        done = sum(p.differentials for (store, _), p in fig.per.items() if store == label)
        print(
            f"differential ({label}): {done} pairs, leaks {fig.leaks - leaks}; "
            f"{time.monotonic() - began:.0f} s",
            flush=True,
        )
    finally:
        for server in workers:
            server.stop()
    before = (fig.accepted_actions, 0, fig.lost, fig.duplicated, 0)
    began = time.monotonic()
    run_restarts(fig, url, seed, args.restarts, max(2, args.clients // 4))
    print(
        f"restarts ({label}): {args.restarts} kill -9 restarts, "
        f"{fig.accepted_actions - before[0]} actions accepted meanwhile, "
        f"lost {fig.lost - before[2]}, duplicated {fig.duplicated - before[3]}; "
        f"{time.monotonic() - began:.0f} s",
        flush=True,
    )


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m tabletop.soak",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add = parser.add_argument
    add("--seed", type=int, default=None, help="base seed (default: random)")
    add("--fuzz-actions", type=int, default=1_000_000, help="fuzz until this many actions")
    add("--deep-every", type=int, default=5, help="the costlier checks every N steps")
    add("--fuzz-seconds", type=float, default=float("inf"), help="time bound of the fuzz")
    add("--workers", type=int, default=2, help="fuzz worker processes")
    add("--clients", type=int, default=20, help="concurrent clients")
    add("--client-seconds", type=float, default=60, help="length of that run")
    add("--client-games", type=int, default=len(cases()), help="games they share (every mode)")
    add("--builder-races", type=int, default=24, help="Lairs: Builder's choice races")
    add("--undo-races", type=int, default=24, help="Lairs: undos racing the Builder's choice")
    add("--restarts", type=int, default=20, help="kill -9 restarts")
    add("--differentials", type=int, default=2, help="differential positions per mode")
    add("--servers", type=int, default=2, help="server worker processes on each store")
    add(
        "--postgres",
        default=None,
        metavar="URL",
        help="the PostgreSQL pass on this database (default: a throwaway server of its own)",
    )
    add("--no-postgres", action="store_true", help="no PostgreSQL pass (SQLite only)")
    return parser.parse_args(argv)


def postgres_binaries(args: argparse.Namespace) -> Path | None:
    """The binaries of the throwaway server to start, or None when none is needed; a
    SystemExit saying what is missing (before an hour of fuzzing, not after)."""
    if args.no_postgres or args.postgres:
        return None
    bindir = binaries()
    if bindir is None:
        raise SystemExit(
            "soak: PostgreSQL is not installed (scripts/install-postgres.sh installs it); "
            "--postgres URL uses a server of yours, --no-postgres skips that pass"
        )
    try:
        import psycopg  # noqa: F401
    except ModuleNotFoundError:
        raise SystemExit(
            "soak: the PostgreSQL pass needs psycopg: pip install -e '.[test]'"
        ) from None
    return bindir


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)  # the finally blocks stop every server started


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    bindir = postgres_binaries(args)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(7), "big")
    fig = Figures()
    began = time.monotonic()
    print(f"soak: seed {seed} (rerun with --seed {seed})", flush=True)
    previous = signal.getsignal(signal.SIGTERM)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminated)
    try:
        run(fig, args, seed, bindir)
    finally:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, previous)
    bad = (
        len(fig.violations)
        + fig.lost
        + fig.duplicated
        + len(fig.server_errors)
        + fig.corrupted
        + fig.leaks
    )
    print("per game:")
    stores = sorted({store for store, _ in fig.per}, key=lambda s: (s != "", s != "SQLite", s))
    for store in stores:
        for (where, name), per in sorted(fig.per.items()):
            if where == store:
                print(per.line(name, store))
    for line in (fig.violations + fig.server_errors)[:20]:
        print("  " + line)
    print(
        f"soak: actions {fig.actions + fig.accepted_actions} "
        f"({fig.actions} fuzz + {fig.accepted_actions} over HTTP), games {fig.games} fuzz, "
        f"races {fig.races}, violations {len(fig.violations)}, lost {fig.lost}, "
        f"duplicated {fig.duplicated}, 5xx {len(fig.server_errors)}, corrupted {fig.corrupted}, "
        f"leaks {fig.leaks}; {time.monotonic() - began:.0f} s",
        flush=True,
    )
    return 1 if bad else 0


def run(fig: Figures, args: argparse.Namespace, seed: int, bindir: Path | None) -> None:
    """The fuzz, then the HTTP parts on SQLite and on PostgreSQL (a throwaway server of its
    own unless ``--postgres URL``), which is stopped whatever happens (an error, Ctrl-C)."""
    took = fuzz(
        fig,
        seed,
        args.fuzz_actions,
        args.deep_every,
        time.monotonic() + args.fuzz_seconds,
        args.workers,
    )
    print(
        f"fuzz: {fig.games} games, {fig.actions} random actions in {took:.0f} s "
        f"({fig.actions / max(took, 1e-9):.0f} a second on {args.workers} workers), "
        f"{len(fig.violations)} violations; replays: {fig.replays}, "
        f"{fig.replay_mismatches} mismatches",
        flush=True,
    )
    print_fuzz_profile(fig)
    with tempfile.TemporaryDirectory(prefix="tabletop-soak-") as tmp:
        store_parts(fig, args, seed, "SQLite", f"sqlite:///{Path(tmp) / 'soak.db'}")
    if args.no_postgres:
        return
    pg = PgServer(bindir) if bindir is not None else None
    try:
        url = args.postgres
        if pg is not None:
            url = pg.start()
            print(f"PostgreSQL: a throwaway server ({bindir}) on a Unix socket in {pg.root}")
        store_parts(fig, args, derive_seed(seed, "postgres") >> 1, "PostgreSQL", url)
    finally:
        if pg is not None:
            pg.stop()
            print("PostgreSQL: stopped", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
