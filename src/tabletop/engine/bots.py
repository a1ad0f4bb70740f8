"""The bot protocol and the engine's ``random`` bot.

A bot decides from what its seat may know: the seat's view and its legal actions. A game may allow
*cheating* bots (``GameSpec.cheating_bots_allowed``) that read the full state; they say so with
``cheating = True``. Each bot has its own RNG stream, so bots never disturb the game's randomness.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

from .actions import Action
from .draws import random_action as random_action  # the random draw, where it always was
from .protocol import Game, State
from .rng import Rng, derive_seed


class Bot:
    """Base class: override :meth:`choose` (or :meth:`choose_from_state` for a cheating bot)."""

    kind: ClassVar[str] = "bot"
    cheating: ClassVar[bool] = False
    help: ClassVar[str] = ""

    def __init__(self, game: Game, seat: int, rng: Rng) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng

    def configure(self, **options: Any) -> None:
        """Set the bot's parameters (``bot:KIND?key=value&...``); plain bots take none."""
        if options:
            raise ValueError(f"bot {self.kind!r} takes no parameters; got {', '.join(options)}")

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        raise NotImplementedError(f"bot {self.kind!r} does not choose from a view")

    def choose_from_state(self, state: State) -> Action:
        raise NotImplementedError(f"bot {self.kind!r} does not read the state")

    def act(self, state: State) -> Action:
        """The bot's action in ``state`` (for its seat)."""
        if self.cheating:
            if not state.game.spec.cheating_bots_allowed:
                raise ValueError(f"{state.game.name} does not allow cheating bots ({self.kind})")
            return self.choose_from_state(state)
        view = state.view(self.seat)
        assert view is not None
        return self.choose(view, state.legal_actions(self.seat))


B = TypeVar("B", bound="Bot")

# The bot kinds every game has: random here, the search bot where engine/search.py declares it
# (it builds on this module, so it adds itself; tabletop.engine imports it).
ENGINE_BOTS: dict[str, type[Bot]] = {}


def engine_bot(cls: type[B]) -> type[B]:
    """Class decorator: ``cls`` is a bot kind of every game, by its ``kind``."""
    if cls.kind in ENGINE_BOTS:
        raise ValueError(f"engine bot kind {cls.kind!r} declared twice")
    ENGINE_BOTS[cls.kind] = cls
    return cls


@engine_bot
class RandomBot(Bot):
    """Picks uniformly among the legal actions (a templated decision without listing it: see
    :func:`random_action`)."""

    kind = "random"
    help = "picks any legal action at random"

    def act(self, state: State) -> Action:
        return random_action(state, self.seat, self.rng)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)


def bot_kinds(game: Game) -> dict[str, type[Bot]]:
    """Every bot kind that can play ``game``: the engine's, then the game's own."""
    kinds: dict[str, type[Bot]] = dict(ENGINE_BOTS)
    kinds.update(game.bots())
    return kinds


def parse_bot(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts?iterations=1000&c=0.7"`` -> ``("ismcts", {"iterations": "1000", "c": "0.7"})``."""
    kind, _, query = spec.partition("?")
    options: dict[str, str] = {}
    for item in query.split("&") if query else []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"bot {spec!r}: parameters are key=value joined by '&', got {item!r}")
        options[key.strip()] = value.strip()
    return kind.strip(), options


def make_bot(game: Game, kind: str, seat: int, seed: int) -> Bot:
    """A bot of the given kind (``KIND`` or ``KIND?key=value&...``) for a seat, with its own
    stream derived from the game seed."""
    kinds = bot_kinds(game)
    name, options = parse_bot(kind)
    if name not in kinds:
        raise ValueError(f"{game.name} has no bot {name!r}; available: {', '.join(sorted(kinds))}")
    bot = kinds[name](game, seat, Rng(derive_seed(seed, "bot", seat, name)))
    bot.configure(**options)
    return bot


def play_out(state: State, bots: Mapping[int, Bot], max_actions: int | None = None) -> State:
    """Let the bots play ``state`` to its end, or until about ``max_actions`` more actions (the
    game's declared bound by default) have been played. Returns it."""
    limit = max_actions if max_actions is not None else state.game.spec.max_actions
    stop = state.num_actions() + limit
    while not state.is_terminal() and state.num_actions() < stop:
        for seat in state.current_seats():
            if seat in state.current_seats():
                state.apply(bots[seat].act(state), seat)
    return state
