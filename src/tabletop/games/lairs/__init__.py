"""Lairs (Kids Table Board Gaming): two players each build a secret lair on a 6x6 grid for the
other, then take turns exploring each other's lair; the engine is the honest Builder. With the
Adventurer's Pack (``pack=true``) and a solo mode against a generated lair.

Here the game is assembled: the state class gets its decisions and the rules' entry points its
hooks need (the state module imports no rules), and the effects' handlers join their tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.engine import Automaton, Game, GameSpec, ParamSpec, State, new_rng, register
from tabletop.engine.bots import Bot
from tabletop.engine.errors import BadParameter
from tabletop.engine.rng import Rng

from . import effects, evaluate, hidden, scenario, view
from .bot import GreedyBot
from .content import content as load_content
from .decisions import DECISIONS
from .presentation import LairsPresentation
from .rules import pack as _pack  # noqa: F401  (registers the internal steps of the Pack)
from .rules import setup, turns
from .rules.building import friendly_set
from .rules.solo import LEVELS, SoloBuilder
from .rules.treasure import score
from .state import LairsState, new_data, upgrade

__all__ = ["Lairs", "LairsState"]

MODES = ("standard", "intro", "solo")
SELECTIONS = ("random", "friendly", "drafting")
# A bound for the harness, not a rule: building is a walk that random play ends within a few
# hundred actions (taking back is one option among the pieces); exploring is at most 14 rounds of
# two turns, each of a few cubes with their follow-up answers.
MAX_ACTIONS = 20_000


class LairsRules(turns.TurnRules):
    """The rules' entry points the state's hooks call (``advance``: ``turns.TurnRules``)."""

    def view(self, state: LairsState, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def resample(self, state: LairsState, seat: int | None, rng: Rng) -> LairsState:
        return hidden.resample(state, seat, rng)

    def evaluate(self, state: LairsState) -> list[float]:
        return evaluate.evaluate(state)

    def tags(self, state: LairsState, seat: int) -> dict[str, Any]:
        return evaluate.tags(state, seat)

    def score(self, state: LairsState, explorer: int) -> dict[str, int]:
        return score(state.content, state.data["explorers"][explorer])


LairsState.decisions = DECISIONS
LairsState.rules = LairsRules()


@register
class Lairs(Game):
    presentation = LairsPresentation()
    spec = GameSpec(
        name="lairs",
        title="Lairs",
        min_players=1,
        max_players=2,
        params=(
            ParamSpec(
                "mode",
                "standard",
                "standard (2 players), intro (the first game: Hungry Blobs and Greased Pits) "
                "or solo (1 player against a generated lair)",
                choices=MODES,
            ),
            ParamSpec("pack", False, "play with the Adventurer's Pack"),
            ParamSpec(
                "selection",
                "random",
                "Hazard Selection: random, friendly (the hazards parameter) or drafting",
                choices=SELECTIONS,
                only_when=("mode", ("standard", "solo")),
            ),
            ParamSpec(
                "hazards",
                "",
                "friendly selection: 3 Monster and 3 Trap ids, comma separated "
                "(empty: the recommended set)",
                only_when=("mode", ("standard", "solo")),
            ),
            ParamSpec(
                "difficulty",
                "easy",
                "solo difficulty",
                choices=LEVELS,
                only_when=("mode", ("solo",)),
            ),
        ),
        hidden_information=True,
        provides_evaluation=True,
        provides_tags=True,
        max_actions=MAX_ACTIONS,
        description="Build a secret lair for your rival, then race through theirs.",
        modes=MODES,
        conformance=(
            {"mode": "standard"},
            {"mode": "intro"},
            {"mode": "standard", "pack": True},
            {"mode": "standard", "pack": True, "selection": "drafting"},
            {"mode": "solo", "difficulty": "mid"},
            {"mode": "solo", "pack": True, "difficulty": "hard"},
        ),
    )

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        p = self.params
        if p["mode"] == "intro" and p["pack"]:
            raise BadParameter("lairs: the intro game is played without the Adventurer's Pack")
        if p.get("selection") == "drafting" and p["mode"] == "solo":
            raise BadParameter("lairs: drafting needs two players; solo uses random or friendly")
        self.content = load_content()
        LairsState.content = self.content
        if p.get("selection") == "friendly":
            try:
                friendly_set(p.get("hazards", ""), self.content, p["pack"])
            except ValueError as exc:
                raise BadParameter(f"lairs: {exc}") from None

    @property
    def num_players(self) -> int:
        return 1 if self.params["mode"] == "solo" else 2

    def automata(self) -> dict[int, Automaton]:
        """In solo the Builder is the rules' automaton (after the one seat, id 1)."""
        return {1: SoloBuilder()} if self.params["mode"] == "solo" else {}

    def state_class(self) -> type[State]:
        return LairsState

    def bots(self) -> Mapping[str, type[Bot]]:
        return {"greedy": GreedyBot}

    def lint(self) -> list[str]:
        problems = self.content.lint()
        problems += effects.missing()
        return problems

    def new_state(self, seed: int = 0) -> LairsState:
        rng = new_rng(seed)
        data = new_data(self.content, self.params, rng, self.num_players)
        state = LairsState(self, data, rng, seed)
        setup.start(state)
        return state

    def upgrade_data(self, data: dict[str, Any]) -> dict[str, Any]:
        """Saves from before the state's keys were spelt out load in this layout."""
        return upgrade(data)

    def build_state(self, spec: Mapping[str, Any], seed: int = 0) -> State:
        return scenario.build(self, spec, seed)
