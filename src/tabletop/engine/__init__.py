"""The game-agnostic core: protocol, randomness, components, content, records, views, bots."""

from .actions import Action
from .components import Deck, Die, EmptyDeck, Zone, clamp, lose, new_deck, pay
from .errors import BadParameter, ContentError, IllegalAction, MalformedAction, UnknownGame
from .knowledge import PUBLIC, Zones
from .protocol import (
    ENGINE_VERSION,
    TERMINAL_PROMPT,
    WITHDRAW,
    Automaton,
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
from .search import ISMCTSBot  # declares the search bot, a kind every game has
from .templates import Param, Template

__all__ = [
    "ENGINE_VERSION",
    "PUBLIC",
    "SEED_MAX",
    "TERMINAL_PROMPT",
    "WITHDRAW",
    "Action",
    "Automaton",
    "BadParameter",
    "ContentError",
    "Deck",
    "Die",
    "EmptyDeck",
    "Game",
    "GameSpec",
    "ISMCTSBot",
    "IllegalAction",
    "MalformedAction",
    "Outcome",
    "Param",
    "ParamSpec",
    "Prompt",
    "Record",
    "Rng",
    "State",
    "Template",
    "UnknownGame",
    "Zone",
    "Zones",
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
