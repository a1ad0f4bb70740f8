"""Every registered game and mode, for the adapter tests: games that land are covered as they
register, with the parameter sets the conformance harness plays (every mode at least once)."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine import specs


def game_cases() -> list[Any]:
    return [
        pytest.param(
            spec.name,
            dict(params),
            id=f"{spec.name}-{'-'.join(f'{k}={v}' for k, v in params.items()) or 'default'}",
        )
        for spec in specs()
        for params in spec.conformance
    ]
