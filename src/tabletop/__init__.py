"""Tabletop: a rules engine and play platform for tabletop games.

>>> import tabletop
>>> game = tabletop.load("paupers-ladder", players=2)   # doctest: +SKIP
>>> state = game.new_state(seed=1)                      # doctest: +SKIP
"""

from .native import guard

guard()  # a stale compiled build never runs: the sources do (tabletop.native)

from .engine import Action, Game, IllegalAction, Record, State, load, names, specs  # noqa: E402

__version__ = "0.1.0"
__all__ = ["Action", "Game", "IllegalAction", "Record", "State", "load", "names", "specs"]
