"""The registry of games. Every package under ``tabletop.games`` registers itself on import."""

from __future__ import annotations

import importlib
import pkgutil
import threading
from typing import Any, TypeVar

from .errors import UnknownGame
from .presentation import Presentation
from .protocol import Game, GameSpec

G = TypeVar("G", bound=type[Game])

_GAMES: dict[str, type[Game]] = {}
_DISCOVERED = False
# Discovery imports every game package once. Threads asking at the same time (a server's first
# requests) wait for it to finish; the importing thread itself may re-enter (a game package that
# looks up the registry while it is imported) and then sees the games registered so far.
_DISCOVERY_LOCK = threading.RLock()
_DISCOVERING = False


def register(cls: G) -> G:
    """Class decorator: make a :class:`Game` subclass available by its ``spec.name``."""
    name = cls.spec.name
    if name in _GAMES and _GAMES[name] is not cls:
        raise ValueError(f"game {name!r} is registered twice")
    _GAMES[name] = cls
    return cls


def _discover() -> None:
    """Import every game package; marked done only once all of them are imported."""
    global _DISCOVERED, _DISCOVERING
    if _DISCOVERED:
        return
    with _DISCOVERY_LOCK:
        if _DISCOVERED or _DISCOVERING:
            return
        _DISCOVERING = True
        try:
            import tabletop.games as games_pkg

            for mod in sorted(pkgutil.iter_modules(games_pkg.__path__), key=lambda m: m.name):
                if mod.ispkg:
                    importlib.import_module(f"tabletop.games.{mod.name}")
            _DISCOVERED = True
        finally:
            _DISCOVERING = False


def discover() -> None:
    """Finish registering every game now (a server calls this before serving its first request)."""
    _discover()


def game_class(name: str) -> type[Game]:
    _discover()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"unknown game {name!r}; registered games: {known}") from None


def presentation(name: str) -> Presentation:
    """How people see the game ``name`` (its declared :class:`Presentation`; the generic one
    when it declares none): every surface finds drawings, card texts and explanations here."""
    return game_class(name).presentation


def specs() -> list[GameSpec]:
    """The registry records of every game, by name."""
    _discover()
    return [_GAMES[n].spec for n in sorted(_GAMES)]


def names() -> list[str]:
    _discover()
    return sorted(_GAMES)


_CACHE: dict[tuple[str, tuple[tuple[str, Any], ...]], Game] = {}


def load(name: str, **params: Any) -> Game:
    """A :class:`Game` with the given parameters. Games are immutable, so equal requests share one
    instance and its static content."""
    cls = game_class(name)
    resolved = cls.spec.resolve(params)
    key = (name, tuple(sorted((k, repr(v)) for k, v in resolved.items())))
    game = _CACHE.get(key)
    if game is None:
        game = cls(**resolved)
        _CACHE[key] = game
    return game
