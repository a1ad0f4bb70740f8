"""The compiled modules (tabletop.native): the same games as the sources, and a stale build that
never runs."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop import load, native
from tabletop.engine.bots import random_action
from tabletop.engine.rng import Rng

# every Paupers' Ladder mode kind, and the other games (the engine's kernel is compiled for all)
MODES: tuple[tuple[str, dict[str, object]], ...] = (
    ("paupers-ladder", {"players": 2}),
    ("paupers-ladder", {"players": 4}),
    ("paupers-ladder", {"mode": "survival", "players": 3}),
    ("paupers-ladder", {"mode": "solo", "scenario": "fiery-siege", "difficulty": "hard"}),
    ("paupers-ladder", {"mode": "solo", "scenario": "saltash-necromancer", "difficulty": "easy"}),
    (
        "paupers-ladder",
        {"mode": "solo", "scenario": "garoliums-tournament", "difficulty": "very-hard"},
    ),
    ("paper-tales", {"players": 3}),
    ("paper-tales", {"mode": "solo", "players": 1}),
    ("lairs", {"pack": True}),
)

GAMES = 4  # per mode


def _digest(modes: tuple[tuple[str, dict[str, object]], ...], games: int) -> str:
    """Random games: a digest of every legal list, view, action and outcome."""
    h = hashlib.sha256()
    for name, params in modes:
        game = load(name, **params)
        for seed in range(games):
            state, rng = game.new_state(seed), Rng(seed)
            while not state.is_terminal():
                seat = state.current_seats()[0]
                action = random_action(state, seat, rng)
                h.update(repr(action).encode())
                h.update(json.dumps(state.view(seat), sort_keys=True).encode())
                state.apply(action, seat)
            h.update(repr(state.outcome()).encode())
    return h.hexdigest()


def _run_from_source(games: int) -> tuple[str, str]:
    """This file run as a script in a process that imports every listed module from its
    source: what runs there, and its digest."""
    env = dict(os.environ, TABLETOP_PURE="1")
    out = subprocess.run(
        [sys.executable, __file__, json.dumps(MODES), str(games)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    running, digest = out.stdout.split()
    return running, digest


class TestSameGames:
    def test_the_compiled_modules_play_the_same_games_as_the_sources(self) -> None:
        if native.running() != "compiled":
            pytest.skip("no fresh compiled build here (`make compile`)")
        running, from_source = _run_from_source(games=GAMES)
        assert running == "pure"
        assert _digest(MODES, GAMES) == from_source

    def test_the_digest_sees_a_different_game(self) -> None:
        # the comparison above can fail: another seed gives another digest
        assert _digest(MODES[:1], 1) != _digest((("paupers-ladder", {"players": 3}),), 1)


class TestLairsGridWords:
    """Lairs' floods (the Peril Rule's reach, its paths, the walls' leavers) hold a lair's spaces
    as 64-bit words in the compiled build: the same masks as the sources' Python ints, on random
    lairs, every space a Start (a shift of a C int would lose the spaces past the 31st)."""

    def test_the_compiled_floods_give_the_sources_masks(self) -> None:
        import importlib.util

        from tabletop.games.lairs import grid

        if native.running() != "compiled":
            pytest.skip("no fresh compiled build here (`make compile`)")
        source = importlib.util.spec_from_file_location(
            "_source_grid", Path(grid.__file__).with_name("grid.py")
        )
        assert source is not None and source.loader is not None
        pure = importlib.util.module_from_spec(source)
        source.loader.exec_module(pure)
        rng = Rng(7)
        for start in range(grid.SPACES):
            for _ in range(40):
                walls = rng.sample(list(range(grid.EDGES)), rng.below(20))
                leave = grid.leavers(walls)
                assert leave == pure.leavers(walls)
                kinds = rng.sample([c for c in range(grid.SPACES) if c != start], 6)
                mon = sum(1 << c for c in kinds[:3])
                trap = sum(1 << c for c in kinds[3:])
                goals = sum(1 << c for c in rng.sample(list(range(grid.SPACES)), 4))
                for f, args in (
                    ("peril_mask_left", (start, leave, mon, trap, goals)),
                    ("peril_mask_left", (start, leave, mon, trap)),
                    ("peril_path_cells", (start, leave, mon, trap, goals)),
                    ("reach_left", (start, leave, grid.FULL & ~mon)),
                    ("step_left", (mon | 1 << start, leave)),
                    ("joined_left", (start, kinds[0], leave)),
                    ("with_wall", (leave, rng.below(grid.EDGES))),
                ):
                    assert getattr(grid, f)(*args) == getattr(pure, f)(*args), (f, walls, args)


class TestTheGuard:
    def _tree(self, root: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
        layout = [f.relative_to(native.SRC) for f in native.sources()]  # the real one
        monkeypatch.setattr(native, "SRC", root)
        files = [root / f for f in layout]
        for f in files:
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text("")
        assert native.sources() == files
        return files

    def _build(self, root: Path, files: list[Path]) -> Path:
        suffix = native.importlib.machinery.EXTENSION_SUFFIXES[0]
        later = time.time() + 10
        for f in files:
            shim = f.with_name(f.stem + suffix)
            shim.write_text("")
            os.utime(shim, (later, later))
        library = root / f"{native.GROUP}__mypyc{suffix}"
        library.write_text("")
        os.utime(library, (later, later))
        return library

    def test_no_build(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self._tree(tmp_path, monkeypatch)
        assert native.build_state() == "none"

    def test_a_fresh_build(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        files = self._tree(tmp_path, monkeypatch)
        self._build(tmp_path, files)
        assert native.build_state() == "compiled"

    def test_a_source_changed_after_the_build(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        files = self._tree(tmp_path, monkeypatch)
        self._build(tmp_path, files)
        later = time.time() + 20
        os.utime(files[5], (later, later))
        assert native.build_state() == "stale"

    def test_part_of_a_build_missing(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        files = self._tree(tmp_path, monkeypatch)
        library = self._build(tmp_path, files)
        library.unlink()
        assert native.build_state() == "stale"

    def test_a_module_an_older_build_compiled(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        files = self._tree(tmp_path, monkeypatch)
        self._build(tmp_path, files)
        suffix = native.importlib.machinery.EXTENSION_SUFFIXES[0]
        (tmp_path / "tabletop" / "engine" / f"unlisted{suffix}").write_text("")
        assert native.build_state() == "stale"

    def test_pure_imports_every_listed_module_from_its_source(self) -> None:
        code = (
            "import importlib, tabletop, tabletop.native as n\n"
            "print(n.running(), all(importlib.import_module(m).__file__.endswith('.py') "
            "for m in n.MODULES))"
        )
        env = dict(os.environ, TABLETOP_PURE="1")
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        assert out.stdout.split() == ["pure", "True"]


if __name__ == "__main__":  # the other side of the comparison (see _run_from_source)
    modes = tuple((name, params) for name, params in json.loads(sys.argv[1]))
    print(native.running(), _digest(modes, int(sys.argv[2])))
