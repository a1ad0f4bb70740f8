"""Every docstring example in the package runs, as a doctest: a module whose docstrings hold
``>>>`` examples is found by its source and each of its examples must pass (an example that
fails is an example that lies)."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import tabletop

PACKAGE = Path(tabletop.__file__).resolve().parent

# modules whose examples are known to fail, with the reason (none now: an entry here is an open
# item for the module's owner)
KNOWN: dict[str, str] = {}


def modules_with_examples() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>>" in path.read_text(encoding="utf-8"):
            parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


MODULES = modules_with_examples()


def from_source(module: ModuleType) -> ModuleType:
    """The module as its source defines it: a compiled module's functions keep no docstrings
    that doctest can find, so its .py is loaded beside it (under another name) and read."""
    if str(module.__file__).endswith(".py"):
        return module
    source = Path(str(module.__file__)).parent / (module.__name__.rsplit(".", 1)[-1] + ".py")
    spec = importlib.util.spec_from_file_location(module.__name__ + "_as_source", source)
    assert spec is not None and spec.loader is not None
    twin = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = twin  # dataclasses and pydantic look their module up by name
    try:
        spec.loader.exec_module(twin)
    finally:
        del sys.modules[spec.name]
    return twin


def test_the_examples_are_found() -> None:
    # the scan can fail: these modules hold examples today
    assert {"tabletop", "tabletop.engine.actions", "tabletop.testing"} <= set(MODULES)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.skip(reason=KNOWN[n])) if n in KNOWN else n
        for n in MODULES
    ],
)
def test_every_docstring_example_runs(name: str) -> None:
    module = from_source(importlib.import_module(name))
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    tests = doctest.DocTestFinder(exclude_empty=True).find(module, name)
    # examples in a module's own docstrings (not ones imported from elsewhere)
    for test in tests:
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.attempted, f"{name}: no example ran"
    assert not results.failed, f"{name}: {results.failed} of {results.attempted} examples fail"
