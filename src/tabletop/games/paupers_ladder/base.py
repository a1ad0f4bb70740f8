"""What every rules module of Paupers' Ladder shares: the JSON type of the state's data, the
cached action builder, and the free actions allowed at any point of a turn."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tabletop.engine import Action

J = dict[str, Any]
A = lru_cache(maxsize=8192)(Action.of)  # actions are immutable: build each one once
# free actions taken "at any point during your turn", also while a decision is open
ANYTIME_KINDS = frozenset({"learn", "buy-time", "remove"})
