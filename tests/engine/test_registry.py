"""The registry: discovery of the game packages is complete before anyone gets an answer."""

from __future__ import annotations

import subprocess
import sys

FIRST_REQUESTS = """
import threading
from tabletop.engine import UnknownGame
from tabletop.engine.registry import game_class

errors = []
barrier = threading.Barrier(8)

def first():
    barrier.wait()
    try:
        game_class("paupers-ladder")
    except UnknownGame as exc:
        errors.append(str(exc))

threads = [threading.Thread(target=first) for _ in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(len(errors), errors[:1])
"""


class TestDiscovery:
    def test_threads_asking_at_once_in_a_fresh_process_all_find_the_game(self) -> None:
        # a fresh interpreter: discovery has not run yet, as in a server that just started
        out = subprocess.run(
            [sys.executable, "-c", FIRST_REQUESTS], capture_output=True, text=True, check=True
        )
        assert out.stdout.startswith("0 "), out.stdout

    def test_the_web_app_finishes_discovery_before_serving(self) -> None:
        code = (
            "import tabletop.engine.registry as r\n"
            "from tabletop.web.app import create_app\n"
            "assert not r._DISCOVERED\n"
            "create_app('sqlite://', bot_delay=0)\n"
            "print(r._DISCOVERED)\n"
        )
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert out.stdout.strip() == "True", out.stderr
