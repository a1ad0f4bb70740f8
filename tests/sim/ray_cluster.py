"""A two-node Ray cluster on loopback, for the Ray backend test (and the 1 -> 2 node figure).

Run as the first process of fresh namespaces: ``unshare --net --pid --fork --mount-proc python -m
tests.sim.ray_cluster OUT.json GAME N SEED SEATS...``. The network namespace has only loopback, so
both nodes report 127.0.0.1 (Ray otherwise picks the machine's own interface); the PID namespace
means that the processes seen (and the worker killed) are this cluster's only, and that everything
the cluster started ends when this process does.

It starts ``ray start --head`` and a worker node (``ray start --address``), one CPU each, then:

1. runs the simulation on the cluster (``backend="ray"``, ``address``);
2. runs it again while a thread kills (SIGKILL) a worker process in the middle of a task;
3. with ``--speedup``, times the same run on the head node alone and on both nodes.

The rows of every run and the pids killed go to OUT.json.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

PORT = 6379


def ray_cli() -> str:
    return str(Path(sys.executable).parent / "ray")


def start(head: bool, temp: str) -> None:
    common = [
        "--node-ip-address=127.0.0.1",
        "--num-cpus=1",
        "--object-store-memory=80000000",
        "--disable-usage-stats",
    ]
    if head:
        args = ["--head", f"--port={PORT}", f"--temp-dir={temp}", "--include-dashboard=false"]
    else:
        args = [f"--address=127.0.0.1:{PORT}"]
    done = subprocess.run(
        [ray_cli(), "start", *args, *common],
        capture_output=True,
        text=True,
        env={**os.environ, "RAY_USAGE_STATS_ENABLED": "0"},
    )
    if done.returncode:
        raise RuntimeError(f"ray start {' '.join(args)} failed:\n{done.stdout[-2000:]}\n"
                           f"{done.stderr[-2000:]}")  # fmt: skip


def task_workers() -> list[int]:
    """Worker processes running one of our simulation batches now (Ray names them by task)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")
        except OSError:
            continue
        if cmd.startswith("ray::_play_batch"):
            out.append(int(entry.name))
    return out


def killer(killed: list[int], started: threading.Event, stop: threading.Event) -> None:
    """Once the run is under way, kill one worker that is in the middle of a batch."""
    started.wait()
    while not stop.is_set():
        pids = task_workers()
        if pids:
            time.sleep(0.1)  # let it get into its games
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    continue
                killed.append(pid)
                return
        time.sleep(0.01)


def main(argv: list[str]) -> int:
    speedup = "--speedup" in argv
    out, game, n, seed, *seats = [a for a in argv if a != "--speedup"]
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    temp = os.path.join(tempfile.gettempdir(), f"ttray-{os.getpid()}-{int(time.time())}")
    report: dict[str, Any] = {}
    start(True, temp)
    import ray

    from tabletop.sim.runner import simulate

    address = f"127.0.0.1:{PORT}"
    ray.init(address=address, log_to_driver=False)

    def run(count: int = int(n)) -> tuple[list[dict[str, Any]], float]:
        t0 = time.perf_counter()
        doc = simulate(
            game, {"players": 2}, count, int(seed), seats, backend="ray", address=address
        )
        return doc["results"], time.perf_counter() - t0

    if speedup:
        run(4)  # warm the worker
        report["one_node_seconds"] = run()[1]
    start(False, temp)
    deadline = time.time() + 60
    while sum(1 for x in ray.nodes() if x["Alive"]) < 2 and time.time() < deadline:
        time.sleep(0.5)
    report["nodes"] = [
        {"ip": x["NodeManagerAddress"], "alive": x["Alive"], "cpus": x["Resources"].get("CPU")}
        for x in ray.nodes()
    ]
    if speedup:
        run(8)  # warm the new node's worker too
    report["plain"], seconds = run()
    if speedup:
        report["two_node_seconds"] = seconds
    killed: list[int] = []
    started, stop = threading.Event(), threading.Event()
    thread = threading.Thread(target=killer, args=(killed, started, stop), daemon=True)
    thread.start()
    started.set()
    report["killed_run"], _ = run()
    stop.set()
    report["killed"] = killed
    Path(out).write_text(json.dumps(report), encoding="utf-8")
    ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
