"""A throwaway PostgreSQL server: ``initdb`` in a temporary folder, a Unix socket in that folder
only (no TCP listener at all), fsync off, stopped and deleted at the end. The store tests and
``make soak`` start one each; nothing is left running.

It uses Debian's PostgreSQL server binaries (``scripts/install-postgres.sh``), or ``initdb`` on
the PATH. As root it runs the server as the ``postgres`` user, since PostgreSQL refuses to run as
root."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType


def binaries() -> Path | None:
    """The folder of PostgreSQL's server binaries (the newest installed), or None."""
    for found in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(found) / "initdb").exists():
            return Path(found)
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _unused_port() -> int:
    # only names the socket file (and the server's shared memory key): a number no other server
    # here is using keeps two throwaway servers (a test and a soak) out of each other's way
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """``start()`` gives the SQLAlchemy URL of a new, empty database; ``stop()`` ends the server
    and deletes its folder (also as a context manager, and safe to call twice or after a
    failed start)."""

    def __init__(self, bindir: Path, port: int | None = None) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
        self.data = self.root / "data"
        self.port = port if port is not None else _unused_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.as_root = os.geteuid() == 0

    def _cmd(self, *args: str) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *args] if self.as_root else list(args)

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@/postgres?host={self.root}&port={self.port}"

    def start(self, timeout: float = 60) -> str:
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        try:
            self._start(timeout)
        except BaseException:
            self.stop()  # never leave a half-started server or its folder behind
            raise
        return self.url

    def _start(self, timeout: float) -> None:
        initdb = [str(self.bindir / "initdb"), "-D", str(self.data), "-A", "trust"]
        done = subprocess.run(
            self._cmd(*initdb, "-U", "postgres", "--no-sync"), capture_output=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"initdb failed ({done.returncode}): {done.stderr.decode(errors='replace')[-500:]}"
            )
        self.proc = subprocess.Popen(
            self._cmd(
                str(self.bindir / "postgres"),
                *("-D", str(self.data), "-k", str(self.root), "-p", str(self.port)),
                *("-c", "listen_addresses=", "-c", "fsync=off", "-c", "max_connections=200"),
            ),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            # its own process group: a Ctrl-C meant for the caller does not stop it under the
            # caller's feet; the caller stops it (stop()) once its own clients are gone
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while not self._ready():
            if self.proc.poll() is not None:
                raise RuntimeError(f"PostgreSQL exited at start with status {self.proc.returncode}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"PostgreSQL did not accept connections within {timeout:.0f} s")
            time.sleep(0.1)

    def _ready(self) -> bool:
        if not (self.root / f".s.PGSQL.{self.port}").exists():
            return False
        ready = self.bindir / "pg_isready"
        if not ready.exists():  # pragma: no cover  (Debian's package has it)
            time.sleep(0.3)
            return True
        probe = [str(ready), "-q", "-h", str(self.root), "-p", str(self.port), "-U", "postgres"]
        return subprocess.run(probe, capture_output=True, check=False).returncode == 0

    def stop(self) -> None:
        """A fast shutdown (open sessions are ended, like ``pg_ctl stop -m fast``), then SIGKILL
        if it lingers; the folder is deleted."""
        proc, self.proc = self.proc, None
        pid = self._postmaster()
        if pid is not None:
            self._signal(pid, signal.SIGINT)
            deadline = time.monotonic() + 20
            while self._alive(pid) and time.monotonic() < deadline:
                time.sleep(0.05)
            if self._alive(pid):
                self._signal(pid, signal.SIGKILL)
        if proc is not None:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        shutil.rmtree(self.root, ignore_errors=True)

    def _postmaster(self) -> int | None:
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    @staticmethod
    def _signal(pid: int, sig: int) -> None:
        with contextlib.suppress(OSError):
            os.kill(pid, sig)

    def _alive(self, pid: int) -> bool:
        # the postmaster deletes its pid file as it ends (a SIGKILLed one cannot: then ask)
        if not (self.data / "postmaster.pid").exists():
            return False
        try:
            os.kill(pid, 0)
        except OSError:
            return False
        return True

    def __enter__(self) -> str:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
