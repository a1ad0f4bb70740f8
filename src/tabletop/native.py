"""The modules compiled to C with mypyc, and the guard that never lets stale ones run.

The engine's kernel and Paupers' Ladder's rules are plain, typed Python; ``make compile`` (which
``make run`` and ``make test`` call) compiles the modules listed in :data:`MODULES` with mypyc, the
compiler that ships with mypy. The compiled code is the same source, so the same seed and actions
give the same game either way (a test plays both and compares). It runs random playouts about
twice as fast (docs/speed.md).

A compiled module sits beside its source as an extension (``rules.cpython-311-….so``), which Python
imports before the ``.py``. :func:`guard` (run when :mod:`tabletop` is imported, before any of
these modules) has every module imported from its source instead when a listed source is newer
than the build, part of the build is missing, or it holds a module no longer listed (and says so
once on stderr), or when ``TABLETOP_PURE=1`` is set: an edited rule always runs as written.

``python src/tabletop/native.py`` prints the listed sources, one per line, for the Makefile.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: the compiled modules: the engine's hot kernel, and the rules of Paupers' Ladder, Paper Tales and
#: Lairs (each game's state, decisions, effects, rules by rulebook section, hidden zones and views)
MODULES: tuple[str, ...] = (
    "tabletop.engine.actions",
    "tabletop.engine.decisions",
    "tabletop.engine.draws",
    "tabletop.engine.knowledge",
    "tabletop.engine.piles",
    "tabletop.engine.protocol",
    "tabletop.engine.rng",
    "tabletop.engine.templates",
    "tabletop.engine.views",
    "tabletop.games.paupers_ladder.abilities",
    "tabletop.games.paupers_ladder.decisions",
    "tabletop.games.paupers_ladder.effects",
    "tabletop.games.paupers_ladder.hidden",
    "tabletop.games.paupers_ladder.rules",
    "tabletop.games.paupers_ladder.rules.birds",
    "tabletop.games.paupers_ladder.rules.choices",
    "tabletop.games.paupers_ladder.rules.cities",
    "tabletop.games.paupers_ladder.rules.decks",
    "tabletop.games.paupers_ladder.rules.ending",
    "tabletop.games.paupers_ladder.rules.equipment",
    "tabletop.games.paupers_ladder.rules.exploring",
    "tabletop.games.paupers_ladder.rules.fighting",
    "tabletop.games.paupers_ladder.rules.moving",
    "tabletop.games.paupers_ladder.rules.quests",
    "tabletop.games.paupers_ladder.rules.recipes",
    "tabletop.games.paupers_ladder.rules.scenarios",
    "tabletop.games.paupers_ladder.rules.scenarios.fiery_siege",
    "tabletop.games.paupers_ladder.rules.scenarios.garoliums_tournament",
    "tabletop.games.paupers_ladder.rules.scenarios.saltash_necromancer",
    "tabletop.games.paupers_ladder.rules.setup",
    "tabletop.games.paupers_ladder.rules.solo",
    "tabletop.games.paupers_ladder.rules.survival",
    "tabletop.games.paupers_ladder.rules.turn",
    "tabletop.games.paupers_ladder.rules.virtues",
    "tabletop.games.paupers_ladder.state",
    "tabletop.games.paupers_ladder.view",
    "tabletop.games.paper_tales.decisions",
    "tabletop.games.paper_tales.effects",
    "tabletop.games.paper_tales.hidden",
    "tabletop.games.paper_tales.rules",
    "tabletop.games.paper_tales.rules.aging",
    "tabletop.games.paper_tales.rules.construction",
    "tabletop.games.paper_tales.rules.deployment",
    "tabletop.games.paper_tales.rules.endgame",
    "tabletop.games.paper_tales.rules.income",
    "tabletop.games.paper_tales.rules.kingdom",
    "tabletop.games.paper_tales.rules.recruitment",
    "tabletop.games.paper_tales.rules.setup",
    "tabletop.games.paper_tales.rules.solo",
    "tabletop.games.paper_tales.rules.turn",
    "tabletop.games.paper_tales.rules.wars",
    "tabletop.games.paper_tales.state",
    "tabletop.games.paper_tales.view",
    "tabletop.games.lairs.decisions",
    "tabletop.games.lairs.effects",
    "tabletop.games.lairs.grid",
    "tabletop.games.lairs.hidden",
    "tabletop.games.lairs.rules",
    "tabletop.games.lairs.rules.builder",
    "tabletop.games.lairs.rules.building",
    "tabletop.games.lairs.rules.checks",
    "tabletop.games.lairs.rules.energy",
    "tabletop.games.lairs.rules.exploring",
    "tabletop.games.lairs.rules.pack",
    "tabletop.games.lairs.rules.queue",
    "tabletop.games.lairs.rules.setup",
    "tabletop.games.lairs.rules.solo",
    "tabletop.games.lairs.rules.treasure",
    "tabletop.games.lairs.rules.turns",
    "tabletop.games.lairs.state",
    "tabletop.games.lairs.view",
)
#: the name of the shared library that holds the compiled code of every listed module
GROUP = "tabletop_native"
#: set to 1 to run every listed module from its source even when a fresh build is present
PURE_ENV = "TABLETOP_PURE"

SRC = Path(__file__).resolve().parent.parent  # the directory that holds the package


def source(name: str) -> Path:
    """The source file of a listed module (a package's ``__init__.py``)."""
    base = SRC / name.replace(".", "/")
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def sources() -> list[Path]:
    """The source file of every compiled module."""
    return [source(name) for name in MODULES]


def _extension(source: Path) -> Path | None:
    """The compiled extension beside ``source``, if there is one."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        found = source.with_name(source.stem + suffix)
        if found.exists():
            return found
    return None


def build_state() -> str:
    """``compiled`` (a complete build, newer than every source), ``stale`` (some source was
    changed after the build, part of it is missing, or it holds a module no longer listed) or
    ``none`` (no build)."""
    library = _extension(SRC / f"{GROUP}__mypyc.py")  # the shared library of a build
    files = sources()
    shims = [_extension(f) for f in files]
    if library is None and not any(shims):
        return "none"
    if library is None or not all(shims):
        return "stale"
    if len(list((SRC / "tabletop").rglob("*.so"))) != len(shims):
        return "stale"  # a module compiled by an older build and no longer listed
    built = library.stat().st_mtime
    if any(f.stat().st_mtime > built for f in files):
        return "stale"
    return "compiled"


class _FromSource(importlib.abc.MetaPathFinder):
    """Finds each of the package's modules at its ``.py``, ahead of any compiled extension (a
    listed module's, or one an older build left)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("tabletop."):
            return None
        found = source(fullname)
        if not found.exists():
            return None
        if found.name == "__init__.py":
            return importlib.util.spec_from_file_location(
                fullname, found, submodule_search_locations=[str(found.parent)]
            )
        return importlib.util.spec_from_file_location(fullname, found)


_STATE: list[str] = []


def guard() -> str:
    """Run the listed modules from their sources unless a fresh, complete build is present (or
    when ``TABLETOP_PURE=1``); returns what runs: ``compiled`` or ``pure``. Called once, by
    :mod:`tabletop`'s import, before any listed module is imported."""
    if _STATE:
        return _STATE[0]
    state = build_state()
    if state == "compiled" and os.environ.get(PURE_ENV, "") in ("", "0"):
        _STATE.append("compiled")
        return "compiled"
    if not any(isinstance(f, _FromSource) for f in sys.meta_path):
        sys.meta_path.insert(0, _FromSource())
    if state == "stale":
        print(
            "tabletop: the compiled modules are older than their sources; running the sources "
            "(slower). `make compile` rebuilds them.",
            file=sys.stderr,
        )
    _STATE.append("pure")
    return "pure"


def running() -> str:
    """What runs in this process: ``compiled`` or ``pure`` (see :func:`guard`)."""
    return guard()


if __name__ == "__main__":  # the Makefile's list of compiled sources
    for path in sources():
        print(path.relative_to(SRC.parent))
