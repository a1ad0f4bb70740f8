"""Every registered game and mode, for the conformance and adapter tests: games that land are
covered as they register, with the parameter sets each declares (every mode at least once)."""

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
