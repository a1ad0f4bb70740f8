"""Tabletop: a rules engine and play platform for tabletop games.

>>> import tabletop
>>> game = tabletop.load("paupers-ladder", players=2)
>>> state = game.new_state(seed=1)
>>> state.prompt().kind, state.legal_actions()[0]
('choose-pauper', Action(kind='pauper', args=(('pauper', 'cissy'),)))
>>> state.apply(tabletop.Action.of("pauper", pauper="cissy"), 0)
>>> state.history()
[(0, Action(kind='pauper', args=(('pauper', 'cissy'),)))]
>>> state.apply(tabletop.Action.of("pauper", pauper=1), 1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
tabletop.engine.errors.MalformedAction: ...: argument 'pauper' must be str, not int 1 ...
"""

from .native import guard

guard()  # a stale compiled build never runs: the sources do (tabletop.native)

from .engine import Action, Game, IllegalAction, Record, State, load, names, specs  # noqa: E402

__version__ = "0.1.0"
__all__ = ["Action", "Game", "IllegalAction", "Record", "State", "load", "names", "specs"]
