"""Adapters that let game-AI libraries load every registered game.

- :mod:`tabletop.adapters.pettingzoo`: ``env(game, **params)``, a PettingZoo AEC environment.
- :mod:`tabletop.adapters.openspiel`: importing it registers every game with OpenSpiel as
  ``tabletop_<game>`` (``pyspiel.load_game("tabletop_paupers_ladder")``).
- :mod:`tabletop.adapters.encoding`: the fixed-size observation and action encodings both share.
- :mod:`tabletop.adapters.factored`: the factored action space (a templated decision asked one
  parameter at a time), ``action_space="factored"`` in both.
- :mod:`tabletop.adapters.speed`: what the adapters cost (``tabletop bench --adapters``).

Both need the optional extra: ``pip install -e '.[rl]'``. See ``docs/adapters.md``.
"""
