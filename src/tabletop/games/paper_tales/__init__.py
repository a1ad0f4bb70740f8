"""Paper Tales (Catch Up Games) with Beyond the Gates: 2 to 7 players, and the solo mode against
the Army of the Lich King. Content as data (``data/``), rules by rulebook section (``rules/``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine import Game, GameSpec, ParamSpec, State, register
from tabletop.engine.bots import Bot
from tabletop.engine.errors import BadParameter
from tabletop.engine.protocol import Automaton

from .content import game_content
from .effects import check_registry
from .play import PTState
from .presentation import PaperTalesPresentation
from .rules import setup, solo

__all__ = ["PTState", "PaperTales"]

MODES = ("standard", "solo")
# 4 turns; per turn per seat: at most 9 draft picks (and discards), one Deployment, 5 age
# choices, 3 saves and a Construction; 60 leaves room for changed commitments.
MAX_ACTIONS = 4 * 7 * 60


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
        PTState.content = self.content

    @property
    def num_players(self) -> int:
        return int(self.params["players"])

    def state_class(self) -> type[State]:
        return PTState

    def bots(self) -> Mapping[str, type[Bot]]:
        from .bot import GreedyBot

        return {"greedy": GreedyBot}

    def automata(self) -> Mapping[int, Automaton]:
        """Solo: the Lich King, played by the engine whenever the rules reach one of his steps."""
        if self.params["mode"] != "solo":
            return {}
        return {self.num_players: solo.LichKing()}

    def lint(self) -> list[str]:
        return self.content.lint() + check_registry()

    def new_state(self, seed: int = 0) -> PTState:
        return setup.new_game(self, seed)

    def build_state(self, spec: Mapping[str, Any], seed: int = 0) -> PTState:
        from .scenario import build

        return build(self, spec, seed)
