"""Paupers' Ladder (Bedsit Games): the 2-4 player game, with its content as data."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from tabletop.engine import Game, GameSpec, ParamSpec, State, new_rng, register
from tabletop.engine.bots import Bot
from tabletop.engine.errors import BadParameter
from tabletop.engine.piles import new_pile

from .content import CITIES, WILD, Content, content, solo_ids
from .hidden import create_shops
from .rules import PLState
from .schema import new_game

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


# The rulebook's first-game Bird set (Setting Up the Game)
FIRST_GAME_BIRDS = ("canary", "crow", "magpie", "swift")


@lru_cache(maxsize=64)
def rest_cards(C: Content, deck: str) -> tuple[str, ...]:
    """A Region deck's Rest cards, which only Survival Mode plays with (the content alone
    decides them: worked out once, not at every set-up)."""
    return tuple(c for c in C.deck_lists[deck] if C.region_card[c].kind == "rest")


@register
class PaupersLadder(Game):
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
        PLState.C = self.content

    @property
    def num_players(self) -> int:
        return int(self.params["players"])

    def state_class(self) -> type[State]:
        return PLState

    def bots(self) -> Mapping[str, type[Bot]]:
        from .bot import GreedyBot

        return {"greedy": GreedyBot}

    def lint(self) -> list[str]:
        problems = self.content.lint()
        limit = int(self.content.numbers["round_limit"]["value"])
        if 60 + limit * 4 * _TURN_BOUND > MAX_ACTIONS:
            problems.append(
                f"components.yaml, entry 'round_limit': {limit} rounds break the "
                f"max_actions bound {MAX_ACTIONS}"
            )
        return problems

    # ------------------------------------------------------------------ a new game
    def _blank(self) -> dict[str, Any]:
        d: dict[str, Any] = dict(new_game(self.params["mode"], self.num_players))
        if self.params["mode"] != "standard":
            lives = int(self.content.solo["survival"]["lives"])
            solo = None
            if self.params["mode"] == "solo":
                diff = self.content.solo["difficulties"][self.params["difficulty"]]
                lives = int(diff["lives"])
                solo = {
                    "scenario": self.params["scenario"],
                    "difficulty": self.params["difficulty"],
                    "time": int(diff["time"]),
                    "allowance": int(diff["time"]),
                    "max_lives": lives,
                    "bought": [],
                }
                d["solo"] = solo
            for p in d["players"]:
                p["lives"] = {"pauper": lives, "bird": lives}
        return d

    def new_state(self, seed: int = 0) -> PLState:
        C = self.content
        rng = new_rng(seed)
        d = self._blank()
        for dk in WILD:
            cards = list(C.deck_lists[dk])
            rest = list(rest_cards(C, dk)) if self.params["mode"] != "survival" else []
            if rest:
                cards = [c for c in cards if c not in rest]
            rng.shuffle(cards)
            d["decks"][dk] = {"draw": " ".join(cards), "discard": [], "removed": rest}
        eq = list(C.equipment_list)
        rng.shuffle(eq)
        rar = [c for c in C.rarity_list if c != "rar.dragonsbane"]
        rng.shuffle(rar)
        four = ["rar.dragonsbane", *rar[:3]]
        rng.shuffle(four)
        # each Shop: its Rarity at the bottom, 4 Equipment on top, face down (hidden.py)
        create_shops(
            d,
            self.num_players,
            {city: [four[i]] + [eq.pop() for _ in range(4)] for i, city in enumerate(CITIES)},
        )
        d["decks"]["equipment"] = new_pile(eq, compact=True)
        d["decks"]["rarity"] = new_pile(rar[3:], compact=True)
        qs = list(C.quest_list)
        rng.shuffle(qs)
        for city in CITIES:
            d["quests"][city] = qs.pop()
        d["decks"]["quest"] = new_pile(qs, compact=True)
        rec = list(C.recipe_list)
        rng.shuffle(rec)
        d["decks"]["recipe"] = new_pile(rec, compact=True)
        birds = list(C.birds)
        rng.shuffle(birds)
        # the top 4 are shown; no rule uses the others again: they stay in the box, not the state
        d["birds_shown"] = birds[:4]
        if self.params["first_game_birds"]:  # set-up: "if this is your first game, search the deck"
            d["birds_shown"] = [b for b in FIRST_GAME_BIRDS if b in C.birds]
        side = "2" if self.num_players == 2 else "3-4"
        if self.params["mode"] == "solo":
            side = C.solo["difficulties"][self.params["difficulty"]]["side"]
        d["paupers_shown"] = [p.id for p in C.paupers.values() if p.side == side]
        d["tiles"] = {r.id: [] for r in C.regions.values() if r.type != "city"}
        state = PLState(self, d, rng, seed)
        state.log(
            "The tournament begins. Quests: "
            + "; ".join(f"{c.capitalize()}: {C.quest[d['quests'][c]].name}" for c in CITIES)
        )
        return state

    # ------------------------------------------------------------------ scenarios
    def upgrade_data(self, data: dict[str, Any]) -> dict[str, Any]:
        """Games saved with the state's old short keys load with today's names (schema.py)."""
        from .schema import upgrade

        return upgrade(data)

    def build_state(self, spec: Mapping[str, Any], seed: int = 0) -> PLState:
        from .scenario import build

        return build(self, spec, seed)
