"""The game-agnostic core: protocol, randomness, components, content, records, views, bots."""

from .actions import Action
from .components import Deck, Die, EmptyDeck, Zone, clamp, lose, new_deck, pay
from .errors import BadParameter, ContentError, IllegalAction, UnknownGame
from .protocol import (
    ENGINE_VERSION,
    TERMINAL_PROMPT,
    Game,
    GameSpec,
    Outcome,
    ParamSpec,
    Prompt,
    State,
    new_rng,
)
from .records import SEED_MAX, Record, check_seed
from .registry import load, names, register, specs
from .rng import Rng, derive_seed

__all__ = [
    "ENGINE_VERSION",
    "SEED_MAX",
    "TERMINAL_PROMPT",
    "Action",
    "BadParameter",
    "ContentError",
    "Deck",
    "Die",
    "EmptyDeck",
    "Game",
    "GameSpec",
    "IllegalAction",
    "Outcome",
    "ParamSpec",
    "Prompt",
    "Record",
    "Rng",
    "State",
    "UnknownGame",
    "Zone",
    "check_seed",
    "clamp",
    "derive_seed",
    "load",
    "lose",
    "names",
    "new_deck",
    "new_rng",
    "pay",
    "register",
    "specs",
]
