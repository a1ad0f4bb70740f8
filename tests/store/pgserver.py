"""A throwaway PostgreSQL server for tests: initdb in a temporary folder, a Unix socket only (no
network), stopped at the end. Uses Debian's postgresql binaries; as root it runs the server as the
``postgres`` user, since PostgreSQL refuses to run as root."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path


def binaries() -> Path | None:
    for pattern in ("/usr/lib/postgresql/*/bin",):
        for found in sorted(glob.glob(pattern), reverse=True):
            if (Path(found) / "initdb").exists():
                return Path(found)
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class PgServer:
    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
        self.data = self.root / "data"
        self.port = 54329
        self.proc: subprocess.Popen[bytes] | None = None
        self.as_root = os.geteuid() == 0

    def _cmd(self, *args: str) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *args] if self.as_root else list(args)

    def start(self) -> str:
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        subprocess.run(
            self._cmd(
                str(self.bindir / "initdb"),
                "-D",
                str(self.data),
                "-A",
                "trust",
                "-U",
                "postgres",
                "--no-sync",
            ),
            check=True,
            capture_output=True,
        )
        self.proc = subprocess.Popen(
            self._cmd(
                str(self.bindir / "postgres"),
                "-D",
                str(self.data),
                "-k",
                str(self.root),
                "-p",
                str(self.port),
                "-c",
                "listen_addresses=",
                "-c",
                "fsync=off",
            ),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        socket = self.root / f".s.PGSQL.{self.port}"
        deadline = time.monotonic() + 30
        while not socket.exists():
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError("the test PostgreSQL server did not start")
            time.sleep(0.1)
        time.sleep(0.3)
        return f"postgresql+psycopg://postgres@/postgres?host={self.root}&port={self.port}"

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.root, ignore_errors=True)
