"""``python -m tabletop.soak`` (``make soak``): the reliability pass, rerunnable by anyone.

Four parts, each bounded, each printing its figures:

1. **fuzz**: random-action playouts of every registered game in every mode it declares (its
   conformance parameter sets), checked at every step by the conformance harness (protocol,
   clone, JSON round trip, views of every seat and the spectator under resampling, refusals
   changing nothing, the end within the declared bound).
2. **replay**: each fuzzed game's record through its JSON text and back, replayed: it must give
   the same state.
3. **clients**: a real server (uvicorn on 127.0.0.1, its own SQLite file) and concurrent clients
   playing hot-seat games through the JSON API, firing actions and undos at the same game at the
   same instant. Afterwards every game's stored rows must be its snapshot's actions, replaying
   them must give the snapshot, and the accepted actions minus the accepted undos must be what
   the store holds: no action lost, none duplicated.
4. **restarts**: the server is killed with SIGKILL at random moments while clients play, then
   started again; every action the server had accepted (answered 200) must be in the store.

Every figure is printed; the exit status is 1 if any violation, lost or duplicated action, or
5xx answer was seen. ``--seed`` makes the fuzz and the clients' choices reproducible.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import httpx
except ModuleNotFoundError:  # pragma: no cover
    raise SystemExit("the soak needs httpx: pip install -e '.[test]' (make soak does)") from None

from .engine import Record, specs
from .engine.harness import random_playout
from .engine.registry import load
from .engine.rng import Rng, derive_seed
from .store.games import GameStore

# Hot-seat games the clients play (every seat a person): modes with and without hidden draws.
CLIENT_GAMES: list[tuple[str, dict[str, Any]]] = [
    ("paupers-ladder", {"players": 2}),
    ("paupers-ladder", {"players": 3}),
    ("paupers-ladder", {"mode": "survival", "players": 2}),
    ("paupers-ladder", {"mode": "solo", "scenario": "fiery-siege", "difficulty": "hard"}),
]


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
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def refusal(self, code: str) -> None:
        with self.lock:
            self.refused[code] = self.refused.get(code, 0) + 1


# ----------------------------------------------------------------------------------- 1+2 fuzz


def _one_playout(
    name: str, params: dict[str, Any], seed: int, deep_every: int
) -> tuple[int, str | None, bool]:
    """(actions, violation or None, replayed identically) of one checked random playout."""
    game = load(name, **params)
    try:
        state, report = random_playout(game, seed, deep_every=deep_every)
    except Exception as exc:
        return 0, f"fuzz {name} {params} seed={seed}: {exc!r}"[:500], True
    text = json.dumps(Record.of(state).to_json())
    again = Record.from_json(json.loads(text)).replay()
    return report.actions, None, again == state


def fuzz(
    fig: Figures, seed: int, per_mode: int, deep_every: int, deadline: float, workers: int
) -> None:
    """Random playouts of every game and mode (round-robin, so a short budget still covers every
    mode), with the harness's checks and a replay check, on ``workers`` processes."""
    cases = [(spec.name, dict(p)) for spec in specs() for p in spec.conformance]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for i in range(per_mode):
            if time.monotonic() > deadline:
                return
            jobs = []
            for name, params in cases:
                s = derive_seed(seed, "soak", name, json.dumps(params, sort_keys=True), i) >> 1
                jobs.append(
                    (name, params, s, pool.submit(_one_playout, name, params, s, deep_every))
                )
            for name, params, s, job in jobs:
                actions, violation, same = job.result()
                fig.games += 1
                fig.actions += actions
                fig.replays += 1
                if violation:
                    fig.violations.append(violation)
                if not same:
                    fig.replay_mismatches += 1
                    fig.violations.append(f"replay {name} {params} seed={s}: another state")


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
    accepted: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)  # idx, seat
    undos: int = 0
    # actions and undos sent without an answer: the server may or may not have applied them
    unsure_actions: int = 0
    unsure_undos: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


class Client:
    """One player at a keyboard: looks at a game, picks an option, sometimes races an undo."""

    def __init__(self, base: str, fig: Figures, rng: Rng) -> None:
        self.http = httpx.Client(base_url=base, timeout=30)
        self.fig = fig
        self.rng = rng

    def send(self, method: str, url: str, **kw: Any) -> httpx.Response | None:
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
        elif r.status_code >= 400:
            try:
                self.fig.refusal(str(r.json().get("code")))
            except ValueError:
                self.fig.server_errors.append(f"{method} {url}: {r.status_code} without JSON")
        return r

    def look(self, g: ClientGame) -> tuple[int, int, list[dict[str, Any]]] | None:
        """(deciding seat, action count, its options), or None if over or unreachable."""
        info = self.send("GET", f"/api/games/{g.id}")
        if info is None or info.status_code != 200:
            return None
        prompt = info.json()["prompt"]
        if not prompt["seats"]:
            return None
        seats = prompt["seats"]
        seat = seats[self.rng.below(len(seats))]
        v = self.send("GET", f"/api/games/{g.id}/view", params={"token": g.hotseat, "seat": seat})
        if v is None or v.status_code != 200:
            return None
        body = v.json()
        return seat, body["num_actions"], body["options"]

    def act(self, g: ClientGame, seat: int, n: int, action: dict[str, Any]) -> bool:
        r = self.send(
            "POST",
            f"/api/games/{g.id}/actions",
            params={"token": g.hotseat},
            json={"action": action, "expected_actions": n, "seat": seat},
        )
        if r is None:
            with g.lock:
                g.unsure_actions += 1
        elif r.status_code == 200:
            with g.lock:
                g.accepted.append((n, seat, action))
            with self.fig.lock:
                self.fig.accepted_actions += 1
            return True
        return False

    def undo(self, g: ClientGame, seat: int, n: int) -> bool:
        r = self.send(
            "POST",
            f"/api/games/{g.id}/undo",
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
            return True
        return False

    def step(self, g: ClientGame, race_undo: bool) -> bool:
        """One move; with ``race_undo`` the mover then fires an undo and another action at the
        same instant (the race of the reliability report). False when the game is over."""
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
        barrier = threading.Barrier(2)

        def undo() -> None:
            barrier.wait()
            self.undo(g, seat, n + 1)

        def move() -> None:
            barrier.wait()
            self.act(g, seat2, n + 1, other)

        threads = [threading.Thread(target=undo), threading.Thread(target=move)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return True


def new_games(base: str, count: int, seed: int) -> list[ClientGame]:
    out = []
    with httpx.Client(base_url=base, timeout=30) as http:
        for i in range(count):
            name, params = CLIENT_GAMES[i % len(CLIENT_GAMES)]
            seats = ["human"] * load(name, **params).num_players
            s = derive_seed(seed, "soak-client", i) >> 1
            r = http.post(
                "/api/games",
                json={"game": name, "params": params, "seats": seats, "seed": s, "title": "soak"},
            )
            r.raise_for_status()
            out.append(ClientGame(r.json()["id"], r.json()["hotseat_token"], len(seats)))
    return out


def check_store(fig: Figures, db_url: str, games: list[ClientGame], undos: bool) -> None:
    """Every game in the store: rows = snapshot's actions = replay; accepted actions all there."""
    store = GameStore(db_url)
    for g in games:
        state, info = store.load(g.id)
        record = store.record(g.id)
        if len(record.actions) != info.num_actions or state.num_actions() != info.num_actions:
            fig.violations.append(
                f"game {g.id}: {len(record.actions)} action rows, snapshot has "
                f"{state.num_actions()}, row says {info.num_actions}"
            )
        if record.replay() != state:
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
            continue
        # without undos an accepted action stays in the store for good (the store may hold more:
        # actions committed just before a kill whose answer never reached the client). It is
        # stored at the count the client saw, or, in a simultaneous decision where every seat
        # commits on the same view, within the next commits of that decision (one a seat).
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


def run_clients(
    fig: Figures, workdir: Path, seed: int, clients: int, seconds: float, games: int
) -> None:
    """Concurrent clients with undo/action races against one server."""
    server = Server(f"sqlite:///{workdir / 'clients.db'}")
    server.start()
    try:
        played = new_games(server.base, games, seed)
        stop = time.monotonic() + seconds

        def player(k: int) -> None:
            rng = Rng(derive_seed(seed, "soak-player", k))
            client = Client(server.base, fig, rng)
            while time.monotonic() < stop:
                g = played[rng.below(len(played))]
                client.step(g, race_undo=rng.below(3) == 0)

        run_threads(player, clients)
    finally:
        server.stop()
    check_store(fig, server.db_url, played, undos=True)


def run_restarts(fig: Figures, workdir: Path, seed: int, rounds: int, clients: int) -> None:
    """Clients play while the server is killed with SIGKILL and started again, ``rounds`` times."""
    server = Server(f"sqlite:///{workdir / 'restarts.db'}")
    server.start()
    played = new_games(server.base, 6, derive_seed(seed, "restarts"))
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
    fig.kill_accepted = sum(len(g.accepted) for g in played)
    check_store(fig, server.db_url, played, undos=False)


def run_threads(target: Callable[[int], None], n: int) -> None:
    threads = [threading.Thread(target=target, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


# ------------------------------------------------------------------------------------ main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tabletop.soak", description=__doc__)
    parser.add_argument("--seed", type=int, default=None, help="base seed (default: random)")
    parser.add_argument("--per-mode", type=int, default=25, help="fuzzed games per mode")
    parser.add_argument("--deep-every", type=int, default=5, help="full checks every N steps")
    parser.add_argument("--fuzz-seconds", type=float, default=300, help="time bound of the fuzz")
    parser.add_argument("--workers", type=int, default=2, help="fuzz worker processes")
    parser.add_argument("--clients", type=int, default=20, help="concurrent clients")
    parser.add_argument("--client-seconds", type=float, default=60, help="length of that run")
    parser.add_argument("--client-games", type=int, default=8, help="games they share")
    parser.add_argument("--restarts", type=int, default=20, help="kill -9 restarts")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(7), "big")
    fig = Figures()
    began = time.monotonic()
    print(f"soak: seed {seed} (rerun with --seed {seed})", flush=True)

    fuzz(
        fig,
        seed,
        args.per_mode,
        args.deep_every,
        time.monotonic() + args.fuzz_seconds,
        args.workers,
    )
    print(
        f"fuzz: {fig.games} games, {fig.actions} random actions, "
        f"{len(fig.violations)} violations; replays: {fig.replays}, "
        f"{fig.replay_mismatches} mismatches",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="tabletop-soak-") as tmp:
        work = Path(tmp)
        run_clients(fig, work, seed, args.clients, args.client_seconds, args.client_games)
        print(
            f"clients: {args.clients} clients, {fig.requests} requests, "
            f"{fig.accepted_actions} actions and {fig.accepted_undos} undos accepted, "
            f"refusals {dict(sorted(fig.refused.items()))}, lost {fig.lost}, "
            f"duplicated {fig.duplicated}, 5xx {len(fig.server_errors)}, "
            f"unanswered {fig.unanswered}",
            flush=True,
        )
        before, lost, duplicated = fig.accepted_actions, fig.lost, fig.duplicated
        run_restarts(fig, work, seed, args.restarts, max(2, args.clients // 4))
        print(
            f"restarts: {fig.restarts} kill -9 restarts, "
            f"{fig.accepted_actions - before} actions accepted meanwhile, "
            f"lost {fig.lost - lost}, duplicated {fig.duplicated - duplicated}",
            flush=True,
        )
    bad = len(fig.violations) + fig.lost + fig.duplicated + len(fig.server_errors)
    for line in (fig.violations + fig.server_errors)[:20]:
        print("  " + line)
    print(
        f"soak: actions {fig.actions + fig.accepted_actions} "
        f"({fig.actions} fuzz + {fig.accepted_actions} over HTTP), games {fig.games} fuzz + "
        f"{args.client_games + 6} served, violations {len(fig.violations)}, lost {fig.lost}, "
        f"duplicated {fig.duplicated}, 5xx {len(fig.server_errors)}; "
        f"{time.monotonic() - began:.0f} s",
        flush=True,
    )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
