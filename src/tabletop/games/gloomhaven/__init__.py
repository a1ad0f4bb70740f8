"""Gloomhaven campaign keeper: travel, road and city events, town activities, prosperity and
retirement, kept safe in the store. A campaign layer, not a turn-based registered ``Game``.

``lint()`` checks every data file and cross-reference (``tabletop lint-content gloomhaven``).
"""

from __future__ import annotations

from .lint import lint
from .rules import enhancement_cost

__all__ = ["enhancement_cost", "lint"]
