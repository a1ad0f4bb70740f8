"""Paper Tales (Catch Up Games) with Beyond the Gates: 2 to 7 players, and the solo mode against
the Army of the Lich King. Content as data (``data/``), rules by rulebook section (``rules/``).

Here the game is assembled: the state class gets its decisions and the rules' entry points its
hooks need (the state module imports no rules), and the effects' handlers join their tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine import Game, GameSpec, ParamSpec, State, register
from tabletop.engine.bots import Bot
from tabletop.engine.errors import BadParameter
from tabletop.engine.protocol import Automaton
from tabletop.engine.rng import Rng

from . import effects as _handlers  # noqa: F401 (the handlers join the effect tables)
from . import evaluate, scenario, view
from .bot import GreedyBot
from .content import LICH_KING, STATIC, TRIGGERED, game_content
from .decisions import DECISIONS
from .presentation import PaperTalesPresentation
from .rules import setup, solo, turn
from .state import PaperTalesState, upgrade

__all__ = ["PaperTales", "PaperTalesState"]

MODES = ("standard", "solo")
# 4 turns; per turn per seat: at most 9 draft picks (and discards), one Deployment, 5 age
# choices, 3 saves and a Construction; 60 leaves room for changed commitments.
MAX_ACTIONS = 4 * 7 * 60


class PaperTalesRules(turn.TurnRules):
    """The rules' entry points the state's hooks call (``advance``: ``turn.TurnRules``)."""

    def view(self, state: PaperTalesState, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def resample(self, state: PaperTalesState, seat: int | None, rng: Rng) -> PaperTalesState:
        return view.resample(state, seat, rng)

    def evaluate(self, state: PaperTalesState) -> list[float]:
        return evaluate.evaluate(state)

    def tags(self, state: PaperTalesState, seat: int) -> dict[str, Any]:
        return evaluate.tags(state, seat)


PaperTalesState.decisions = DECISIONS
PaperTalesState.rules = PaperTalesRules()


@register
class PaperTales(Game):
    presentation = PaperTalesPresentation()
    spec = GameSpec(
        name="paper-tales",
        title="Paper Tales",
        min_players=1,
        max_players=7,
        params=(
            ParamSpec(
                "players",
                3,
                "number of players: 2 to 5, 6 or 7 with the expansion's kit, 1 for solo",
                choices=(1, 2, 3, 4, 5, 6, 7),
                default_when=(("mode", "solo", 1),),
            ),
            ParamSpec("mode", "standard", "standard, or solo against the Lich King", choices=MODES),
            ParamSpec("new_units", False, "Beyond the Gates: shuffle its 20 Units into the deck"),
            ParamSpec(
                "new_buildings",
                False,
                "Beyond the Gates: its 6 Buildings, through the 7 tiles (3 revealed)",
            ),
            ParamSpec(
                "lich_cards",
                0,
                "solo difficulty: how many Lich King cards (0-4)",
                minimum=0,
                maximum=4,
                only_when=("mode", ("solo",)),
            ),
        ),
        hidden_information=True,
        provides_evaluation=True,
        provides_tags=True,
        max_actions=MAX_ACTIONS,
        description="Draft Units, deploy them face down, wage Wars and build a Kingdom in 4 turns.",
        modes=MODES,
        conformance=(
            {"players": 2},
            {"players": 3},
            {"players": 5},
            {"players": 4, "new_buildings": True},
            {"players": 6, "new_units": True, "new_buildings": True},
            {"players": 7, "new_units": True},
            {"mode": "solo", "players": 1, "lich_cards": 2},
            {"mode": "solo", "lich_cards": 4, "new_units": True, "new_buildings": True},
        ),
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        mode, players = self.params["mode"], self.params["players"]
        if mode == "solo" and players != 1:
            raise BadParameter(f"paper-tales: solo is for 1 player; got players={players}")
        if mode != "solo" and players == 1:
            raise BadParameter("paper-tales: 1 player plays mode=solo")
        self.content = game_content()
        PaperTalesState.content = self.content
        self._players = int(players)  # asked at every prompt of solo (the Lich King's seat)

    @property
    def num_players(self) -> int:
        return self._players

    def state_class(self) -> type[State]:
        return PaperTalesState

    def bots(self) -> Mapping[str, type[Bot]]:
        return {"greedy": GreedyBot}

    def automata(self) -> Mapping[int, Automaton]:
        """Solo: the Lich King, played by the engine whenever the rules reach one of his steps."""
        if self.params["mode"] != "solo":
            return {}
        return {self.num_players: solo.LichKing()}

    def lint(self) -> list[str]:
        missing = [
            f"{table.family} effect {name!r} has no handler"
            for table in (STATIC, TRIGGERED, LICH_KING)
            for name in table.missing()
        ]
        return self.content.lint() + missing

    def new_state(self, seed: int = 0) -> PaperTalesState:
        return setup.new_game(self, seed)

    def build_state(self, spec: Mapping[str, Any], seed: int = 0) -> PaperTalesState:
        return scenario.build(self, spec, seed)

    def upgrade_data(self, data: dict[str, Any]) -> dict[str, Any]:
        """Saves from before the state's keys were spelt out load in this layout."""
        return upgrade(data)
