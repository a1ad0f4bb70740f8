"""Paupers' Ladder (Bedsit Games): 2-4 players, Survival Mode and solo in 3 scenarios, with its
content as data (``data/``) and its rules by rulebook section (``rules/``). Here the game is
assembled: the state class gets the shared content, its decisions, its view and its estimate, and
the modules that register into the tables (the effects' handlers, the scenarios) are imported."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine import Game, GameSpec, ParamSpec, State, new_rng, register
from tabletop.engine.bots import Bot
from tabletop.engine.errors import BadParameter

from . import effects, evaluate, lint, saves, scenario
from .bot import GreedyBot
from .content import CITIES, content, solo_ids
from .decisions import DECISIONS
from .presentation import PaupersLadderPresentation
from .rules.scenarios import fiery_siege, garoliums_tournament, saltash_necromancer
from .rules.setup import lay_out_board
from .state import PLState
from .view import view_of

__all__ = ["PLState", "PaupersLadder"]

# A true upper bound on actions: set-up (4 Paupers, 4 Birds, 12 draft picks, 4 first purchases and
# their overflow discards) plus the round limit x seats x the most actions one turn can take. A
# character's turn is bounded: at most 19 moves (no Region twice), one use of each ability and item,
# 4 fragile discards, one exploration, and in a fight at most 36 Outcome draws (ally chains) with
# their ally choices, one boost per item, the charm and the reward; the free actions (5 Virtues,
# training, discarding a bounded Inventory) add a few more. 300 per turn covers all of it.
_TURN_BOUND = 300
MODES = ("standard", "survival", "solo")
# the solo scenarios and difficulty levels, in the order of the solo data
SCENARIOS = solo_ids("scenarios")
DIFFICULTIES = solo_ids("difficulties")
MAX_ACTIONS = 60 + 60 * 4 * _TURN_BOUND


@register
class PaupersLadder(Game):
    presentation = PaupersLadderPresentation()
    spec = GameSpec(
        name="paupers-ladder",
        title="Paupers' Ladder",
        min_players=1,
        max_players=4,
        params=(
            ParamSpec(
                "players",
                2,
                "number of players (1 for solo)",
                choices=(1, 2, 3, 4),
                default_when=(("mode", "solo", 1),),
            ),
            ParamSpec(
                "mode",
                "standard",
                "rules mode: standard, survival (Lives) or solo (1 player, a scenario)",
                choices=MODES,
            ),
            ParamSpec(
                "scenario",
                SCENARIOS[0],
                "solo scenario",
                choices=SCENARIOS,
                only_when=("mode", ("solo",)),
            ),
            ParamSpec(
                "difficulty",
                "easy",
                "solo difficulty",
                choices=DIFFICULTIES,
                only_when=("mode", ("solo",)),
            ),
            ParamSpec(
                "first_game_birds",
                False,
                "first game: offer only the canary, crow, magpie and swift instead of 4 at random",
            ),
        ),
        hidden_information=True,
        provides_evaluation=True,
        provides_tags=True,
        max_actions=MAX_ACTIONS,
        description="Paupers race to learn 3 of 5 Virtues in the land of Brighthelm.",
        modes=MODES,
        conformance=(
            {"players": 2},
            {"players": 3},
            {"players": 4},
            {"mode": "survival", "players": 2},
            {"mode": "solo", "players": 1, "scenario": "garoliums-tournament", "difficulty": "mid"},
            {"mode": "solo", "players": 1, "scenario": "saltash-necromancer", "difficulty": "easy"},
            {"mode": "solo", "players": 1, "scenario": "fiery-siege", "difficulty": "hard"},
        ),
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        mode, players = self.params["mode"], self.params["players"]
        if mode == "solo" and players != 1:
            raise BadParameter(
                f"paupers-ladder: parameter 'players' must be 1 in mode 'solo'; got {players}"
            )
        if mode != "solo" and players == 1:
            raise BadParameter(
                f"paupers-ladder: parameter 'players' must be 2, 3 or 4 in mode {mode!r}; "
                "use mode=solo for 1 player"
            )
        self.content = content()
        PLState.content = self.content

    @property
    def num_players(self) -> int:
        return int(self.params["players"])

    def state_class(self) -> type[State]:
        return PLState

    def bots(self) -> Mapping[str, type[Bot]]:
        return {"greedy": GreedyBot}

    def lint(self) -> list[str]:
        problems = lint.problems(self.content) + effects.missing()
        limit = int(self.content.numbers["round_limit"]["value"])
        if 60 + limit * 4 * _TURN_BOUND > MAX_ACTIONS:
            problems.append(
                f"components.yaml, entry 'round_limit': {limit} rounds break the "
                f"max_actions bound {MAX_ACTIONS}"
            )
        return problems

    # ------------------------------------------------------------------ a new game
    def new_state(self, seed: int = 0) -> PLState:
        rng = new_rng(seed)
        data = lay_out_board(self.content, self.params, rng)
        state = PLState(self, data, rng, seed)
        quests = "; ".join(
            f"{c.capitalize()}: {self.content.quest[data['quests'][c]].name}" for c in CITIES
        )
        state.log("The tournament begins. Quests: " + quests)
        return state

    # ------------------------------------------------------------------ scenarios
    def upgrade_data(self, data: dict[str, Any]) -> dict[str, Any]:
        """Games saved by older versions load with today's layout (saves.py)."""
        return saves.upgrade(data)

    def build_state(self, spec: Mapping[str, Any], seed: int = 0) -> PLState:
        """A state set up as a scenario spec says (scenario.py)."""
        return scenario.build(self, spec, seed)


# the state's parts (the content comes with the first game made), attached here so that state.py
# imports none of the modules that read it
PLState.decisions = DECISIONS
PLState.seen = view_of
PLState.estimate = evaluate.evaluate
# the tables the rules find each other through, filled by the modules that register into them
REGISTERED = (effects, fiery_siege, garoliums_tournament, saltash_necromancer)
