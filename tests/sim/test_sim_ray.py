"""The Ray backend on a real two-node cluster gives the games local processes give, even when a
worker dies in the middle of a task (needs `pip install -e '.[ray]'`, which `make test` does).

The cluster (``ray start --head`` and a worker node, one CPU each) runs with the driver inside
namespaces of their own: a network namespace whose only interface is loopback (Ray would otherwise
pick the machine's own address, even when told 127.0.0.1) and a PID namespace, so that killing a
worker can only hit this cluster's and everything ends with the driver (see ray_cluster.py).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.sim.runner import simulate

ROOT = Path(__file__).resolve().parents[2]
GAME, N, SEED, SEATS = "paupers-ladder", 40, 40, ["bot:greedy", "bot:greedy"]


def _strip(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def _namespaces_allowed() -> bool:
    if not shutil.which("unshare") or not shutil.which("ip"):
        return False
    probe = subprocess.run(
        ["unshare", "--net", "--pid", "--fork", "--mount-proc", "true"], capture_output=True
    )
    return probe.returncode == 0


class TestRayCluster:
    def test_two_node_cluster_matches_local_and_survives_a_killed_worker(
        self, tmp_path: Path
    ) -> None:
        pytest.importorskip("ray", reason="the ray extra is part of `make test`'s set-up")
        if not _namespaces_allowed():
            pytest.skip("needs unshare and ip with the right to make namespaces (root)")
        local = _strip(simulate(GAME, {"players": 2}, N, SEED, SEATS, workers=1)["results"])
        out = tmp_path / "ray.json"
        cmd = ["unshare", "--net", "--pid", "--fork", "--mount-proc", sys.executable]
        cmd += ["-m", "tests.sim.ray_cluster", str(out), GAME, str(N), str(SEED), *SEATS]
        for _attempt in range(2):  # Ray gives a node 30 s to start: a busy machine may miss it
            done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
            if done.returncode == 0 or "timed out during startup" not in done.stderr:
                break
        assert done.returncode == 0, done.stderr[-3000:]
        report = json.loads(out.read_text())
        assert len(report["nodes"]) == 2
        assert all(n["ip"] == "127.0.0.1" and n["alive"] for n in report["nodes"])
        assert _strip(report["plain"]) == local
        # a worker was killed in the middle of a batch; its batch ran again, once
        assert report["killed"], "no worker was running a batch to kill"
        assert _strip(report["killed_run"]) == local
        seeds = [r["seed"] for r in report["killed_run"]]
        assert seeds == list(range(SEED, SEED + N))
