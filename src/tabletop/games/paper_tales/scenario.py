"""Scenario builder for tests: a state from a compact spec, cards named by Unit type.

``{"turn": 2, "phase": "deploy", "seats": [{"gold": 5, "legend_points": 3, "hand": ["knight"],
"kingdom": {0: "forest-spirit", 1: {"unit": "golem", "age": 1}}, "buildings": {"town": 2}}],
"solo": {"line": [...], "revealed": 2, "netherworld": ["miner", ...], "lich_king_cards": [...],
"legend_points": 4}}``

The spec is read through pydantic models (:class:`tabletop.engine.content.Spec`) that refuse an
unknown key at every level, naming its path, so a misspelt key never leaves a state set up other
than written. Each named Unit takes a free copy out of the draw pile, so the deck stays whole.
Phases that wait for a decision (``draft``, ``deploy``, ``build``) are set up as at their start.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, get_args

from pydantic import BeforeValidator, Field

from tabletop.engine import Game, piles
from tabletop.engine.content import Spec, validate_spec
from tabletop.engine.errors import BadParameter

from . import hidden
from .rules import deployment, recruitment, setup, solo, turn
from .state import SCENARIO_SOURCE, SPOTS, PaperTalesState, record

GAME = "paper-tales"
# the phases a scenario may start in
Phase = Literal["setup", "draft", "solo-pick", "recruited", "deploy", "deployed", "build", "built"]
PHASES = get_args(Phase)


class UnitSpec(Spec):
    """A Unit in play: its type and the Age tokens it carries."""

    unit: str
    age: int = Field(0, ge=0)


def _named(value: Any) -> Any:
    """A Unit in play given by its type alone (``"knight"``) is one carrying no Age token."""
    return {"unit": value} if isinstance(value, str) else value


InPlay = Annotated[UnitSpec, BeforeValidator(_named)]


class SeatSpec(Spec):
    gold: int | None = Field(None, ge=0)
    legend_points: int = Field(0, ge=0)
    hand: list[str] = []
    kept: str | None = None
    kingdom: dict[int, InPlay] = {}  # spot (0-4) -> Unit
    buildings: dict[str, Literal[1, 2]] = {}


class SoloSpec(Spec):
    line: list[str] | None = Field(None, min_length=5, max_length=5)
    revealed: int | None = Field(None, ge=1, le=5)
    lich_king_cards: list[str] | None = None
    legend_points: int = Field(0, ge=0)
    netherworld: list[str] = []


class ScenarioSpec(Spec):
    turn: int = Field(1, ge=1, le=4)
    phase: Phase = "setup"
    seats: list[SeatSpec] = []
    solo: SoloSpec | None = None


def _refuse(where: str, why: str) -> BadParameter:
    return BadParameter(f"{GAME}: scenario spec, {where}: {why}")


def _take(state: PaperTalesState, name: str, where: str) -> str:
    """A free copy of a Unit type, out of the draw pile."""
    if name not in state.content.units:
        raise _refuse(where, f"unknown Unit {name!r}")
    deck = state.data["deck"]
    for card in piles.cards(deck):
        if card.split(".")[0] == name:
            return str(piles.take(deck, card))
    raise _refuse(where, f"no copy of {name!r} left in the draw pile")


def _seat(state: PaperTalesState, seat: int, spec: SeatSpec) -> None:
    at = f"seats.{seat}"
    player = state.player(seat)
    if spec.gold is not None:
        player["gold"] = spec.gold
    player["legend_points"] = spec.legend_points
    record(player["legend_point_sources"], SCENARIO_SOURCE, spec.legend_points)
    for building in spec.buildings:
        if building not in state.content.buildings:
            raise _refuse(f"{at}.buildings", f"unknown Building {building!r}")
    player["buildings"] = dict(spec.buildings)
    cards = [_take(state, name, f"{at}.hand.{i}") for i, name in enumerate(spec.hand)]
    hidden.deal(state, f"hand:{seat}", cards, seat)
    if spec.kept:
        hidden.deal(state, f"kept:{seat}", [_take(state, spec.kept, f"{at}.kept")], seat)
    for spot, unit in spec.kingdom.items():
        if not 0 <= spot < SPOTS:
            raise _refuse(f"{at}.kingdom.{spot}", f"a spot is 0 to {SPOTS - 1}")
        card = _take(state, unit.unit, f"{at}.kingdom.{spot}")
        player["kingdom"][spot] = {"card": card, "age": unit.age, "new": False}


def _solo(state: PaperTalesState, spec: SoloSpec) -> None:
    lich = state.solo()
    if lich is None:
        raise _refuse("solo", "a solo spec needs mode=solo")
    lich["revealed"] = spec.revealed if spec.revealed is not None else state.data["turn"]
    if spec.line is not None:
        for i, card in enumerate(spec.line):
            if card not in state.content.necropolis:
                raise _refuse(f"solo.line.{i}", f"unknown Necropolis card {card!r}")
        solo.set_line(state, list(spec.line), lich["revealed"])
    else:
        solo.reveal(state, lich["revealed"])
    if spec.lich_king_cards is not None:
        for i, card in enumerate(spec.lich_king_cards):
            if card not in state.content.lich:
                raise _refuse(f"solo.lich_king_cards.{i}", f"unknown Lich King card {card!r}")
        lich["lich_king_cards"] = list(spec.lich_king_cards)
    lich["legend_points"] = spec.legend_points
    record(lich["legend_point_sources"], SCENARIO_SOURCE, spec.legend_points)
    lich["netherworld"] = [
        _take(state, name, f"solo.netherworld.{i}") for i, name in enumerate(spec.netherworld)
    ]


def build(game: Game, raw: Mapping[str, Any], seed: int = 0) -> PaperTalesState:
    spec = validate_spec(ScenarioSpec, raw, GAME)
    if len(spec.seats) > game.num_players:
        raise _refuse("seats", f"{len(spec.seats)} seats in a game of {game.num_players}")
    state = setup.blank_state(game, seed)
    state.data["turn"] = spec.turn
    for seat, seat_spec in enumerate(spec.seats):
        _seat(state, seat, seat_spec)
    if spec.solo is not None:
        _solo(state, spec.solo)
    if spec.phase == "setup":
        turn.advance(state)
    elif spec.phase == "draft":
        recruitment.start(state)
    elif spec.phase == "deploy":
        deployment.start(state)
    else:
        state.data["phase"] = spec.phase
    state.invalidate()
    return state
