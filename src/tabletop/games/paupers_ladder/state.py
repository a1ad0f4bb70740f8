"""The state of Paupers' Ladder: its plain data, typed, and the state class the rules work on.

The data stays JSON (dicts, lists, strings, numbers), cheap to clone and to save; the TypedDicts
below only name it, and the ``new_*`` functions build its blank records (a new game, a new turn, a
new fight). Games saved by older versions load through saves.py.

:class:`PLState` is the engine's :class:`~tabletop.engine.decisions.DecidingState`: every protocol
hook is answered by the decision due, which :meth:`PLState.decision_kind` names: the top frame of
``data["stack"]`` (a decision that interrupts play: a reward, a discard, an EITHER/OR), else the
set-up step of ``data["phase"]``, else the turn's (``turn`` between the characters, ``character``
while one acts). Its other methods are the accessors the rules read and write the data through.

The effect queue (``data["effect_queue"]``) holds what waits to run, in order: card effects by their
ref (the models stay in the content) and the rules' own steps (a fight's next draw, the end of an
event) as small mappings; :meth:`PLState.run_next` runs the first through the handler its table
has for it (effects.py registers them), so that a section that needs a later one queues it rather
than importing it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TypedDict, TypeVar

from tabletop.engine import Outcome, Prompt, chance
from tabletop.engine.decisions import DecidingState, DecisionTable
from tabletop.engine.effects import Effect
from tabletop.engine.piles import new_pile
from tabletop.engine.presentation import numbered_seat
from tabletop.engine.scores import ScoreItem, SeatScore
from tabletop.engine.views import log

from . import hidden
from .abilities import ability_sources, having
from .content import TRIGGERED, Content
from .steps import STEPS

Pile = dict[str, Any]  # see tabletop.engine.piles: {"draw", "discard", "removed"}
Frame = dict[str, Any]  # an open decision on the stack: {"kind": its kind, "seat": ..., ...}


# ------------------------------------------------------------------ the data, typed
class InventoryCard(TypedDict):
    card: str  # the card id
    uses: int  # uses so far (a 2-use card is rotated after the first)
    gems: int  # Gems on the card (bang bombs)


class RecipeRecord(TypedDict):
    recipe: str  # the Recipe card id
    ingredients: list[str]  # ingredients tucked under it (Region card ids)
    learned: bool
    learned_at: int  # the player's turn count when learned (usable from the next turn)


class Player(TypedDict, total=False):
    pauper: str | None
    bird: str | None
    trained: bool  # the Bird is trained
    gems: int  # the Purse
    position: str | None  # the Pauper's Region
    bird_position: str | None  # the Bird's Region
    outcome_deck: Pile
    recipes: list[RecipeRecord]  # the Recipe Book
    inventory: list[InventoryCard]
    trophies: list[str]  # the Trophy Room
    journal: list[str]  # completed Quests
    virtues: list[str]
    virtue_rounds: dict[str, int]  # the round each Virtue was learnt in
    draft_pick: str | None  # the Recipe picked in the draft, until all have picked
    turns: int  # turns started so far
    misses_turn: bool  # the Pauper misses the next turn
    charges: int  # charges left on a starting boost (Dagris's potions)
    smith: dict[str, Any] | None  # a smith's bonus for the next turn
    lives: dict[str, int]  # Survival and solo: Lives per character


class TurnState(TypedDict, total=False):
    char: str | None  # the character acting now (None: between characters)
    done: list[str]  # the characters that have finished
    stage: str  # "move" until the character explores, then "after"
    moves: int  # Regions moved this character's turn
    visited: list[str]  # Regions this character has been in this turn
    free_used: int  # free extra moves used
    used: list[str]  # abilities (by source key) used this turn
    warped: bool  # swam or teleported (no walking after)
    fought: bool
    moved: bool
    time_bought: bool  # solo
    removed: bool  # solo: a card removed this turn
    healed: list[str]  # characters healed by the City healer this turn


class Fight(TypedDict, total=False):
    seat: int
    char: str
    hazard: str  # the hazard's card id
    region: str
    strength: int  # the Strength so far
    cards: list[str]  # Outcome cards drawn
    charm: dict[str, Any] | None  # the lucky charm's face, once rolled
    boosts: list[str]  # boosts used
    weapon: str | None
    bonus: int  # ability and weapon bonuses
    hazard_strength: int  # solo: the necromancer's Strength this fight (drawn, not printed)
    hazard_cards: list[str]  # solo: the necromancer's Outcome cards


class GameData(TypedDict, total=False):
    phase: str  # pauper, bird, draft, buy, play, over
    round: int
    turn: int | None  # the seat whose turn it is
    mode: str  # standard, survival, solo
    order: list[int]  # seats still to choose in a set-up step
    players: list[Player]
    decks: dict[str, Pile]  # Region decks by type, equipment, rarity, quest, recipe
    tiles: dict[str, list[str]]  # face-up Region cards per wild Region
    card_gems: dict[str, int]  # Gems lying on a Region card
    tucked: dict[str, list[str]]  # Equipment tucked under a Region card
    quests: dict[str, str | None]  # each City's Quest
    stack: list[Frame]  # open decisions (frames), the last on top
    effect_queue: list[str | dict[str, Any]]  # card effects waiting to run (refs), rule steps
    effect_context: dict[str, Any] | None  # who meets which card where, while its effects run
    fight: Fight | None
    last_fight: dict[str, Any] | None  # the fight just resolved, as the views show it
    turn_state: TurnState | None
    taken: list[str]  # Paupers chosen
    paupers_shown: list[str]
    birds_shown: list[str]
    winners: list[int]
    reason: str  # why the game ended: virtues, time, objectives, lives
    log: list[dict[str, Any]]
    log_n: int
    _zones: dict[str, Any]  # the knowledge zones (hidden.py): the Shops, the cards drawn to keep
    # 1, the known tops of decks, the Dispensary, solo face-down cards
    solo: dict[str, Any]  # solo: scenario, difficulty, Time, and the scenario's own pieces
    # (the Saltash Necromancer: ``necromancer``, ``necromancer_deck``, ``necromancer_lives``,
    # ``necromancer_defeated``, ``city_hazards``; the Fiery Siege: ``markers``, ``collected``,
    # ``siege``, ``dragonfire_learned``, ``inside_home``, ``dragonsbane_bought``)


def new_player() -> Player:
    """A seat before it chooses its Pauper."""
    return {
        "pauper": None,
        "bird": None,
        "trained": False,
        "gems": 0,
        "position": None,
        "bird_position": None,
        "outcome_deck": new_pile([], compact=True, compact_discards=True),
        "recipes": [],
        "inventory": [],
        "trophies": [],
        "journal": [],
        "virtues": [],
        "virtue_rounds": {},
        "draft_pick": None,
        "turns": 0,
        "misses_turn": False,
        "charges": 0,
        "smith": None,
    }


def new_game(mode: str, players: int) -> GameData:
    """The data of a game before set-up deals anything (see rules/setup.py)."""
    return {
        "phase": "pauper",
        "round": 0,
        "turn": None,
        "mode": mode,
        "order": list(range(players)),
        "players": [new_player() for _ in range(players)],
        "decks": {},
        "tiles": {},
        "card_gems": {},
        "tucked": {},
        "quests": {},
        "stack": [],
        "effect_queue": [],
        "effect_context": None,
        "fight": None,
        "turn_state": None,
        "taken": [],
        "paupers_shown": [],
        "birds_shown": [],
        "log": [],
        "log_n": 0,
    }


def new_turn(done: list[str] | None = None) -> TurnState:
    """The turn state at the start of a turn (``done``: characters that will not act)."""
    return {
        "char": None,
        "done": list(done or []),
        "stage": "move",
        "moves": 0,
        "visited": [],
        "free_used": 0,
        "used": [],
        "warped": False,
        "fought": False,
        "moved": False,
    }


def new_fight(seat: int, char: str, hazard: str, region: str) -> Fight:
    return {
        "seat": seat,
        "char": char,
        "hazard": hazard,
        "region": region,
        "strength": 0,
        "cards": [],
        "charm": None,
        "boosts": [],
        "weapon": None,
        "bonus": 0,
    }


def new_context(seat: int, char: str, card: str, region: str) -> dict[str, Any]:
    """Who meets which card where, while its effects run (``effect_context``); ``left`` turns
    true once the character has left the Region."""
    return {"seat": seat, "char": char, "card": card, "region": region, "left": False}


# ------------------------------------------------------------------ the state
class PLState(DecidingState):
    """A game of Paupers' Ladder: the data above, the RNG, the history."""

    __slots__ = ()
    # Set where the game is assembled (the package __init__), so that this module imports none
    # of the modules that read the state: the shared static content, the decisions, what a seat
    # sees (view.py) and the estimate for search bots (evaluate.py).
    content: ClassVar[Content]
    decisions: ClassVar[DecisionTable]
    seen: ClassVar[Callable[[PLState, int | None], dict[str, Any]]]
    estimate: ClassVar[Callable[[PLState], list[float]]]

    # ------------------------------------------------------------ the decision due
    def decision_kind(self) -> str | None:
        d = self.data
        phase = d["phase"]
        if phase == "over":
            return None
        if d["stack"]:
            return str(d["stack"][-1]["kind"])
        if phase == "play":
            return "turn" if d["turn_state"]["char"] is None else "character"
        return SETUP_DECISIONS[phase]

    def _prompt(self) -> Prompt:
        # asked after every action: in play with no open decision, the prompt is the turn's or
        # the character's, whose seats, words and turn hang on the seat and the character alone
        # (decisions.py: Turn, Character), so each is made once
        d = self.data
        if d["phase"] == "play" and not d["stack"]:
            key = (d["turn"], d["turn_state"]["char"])
            found = _PLAY_PROMPTS.get(key)
            if found is None:
                found = _PLAY_PROMPTS[key] = super()._prompt()
            return found
        return super()._prompt()

    def _offers_templates(self) -> bool:
        # asked before every action drawn and checked; no decision of this game is offered as
        # templates (the package checks its table once, where the game is assembled)
        return False

    def whose_turn(self) -> int | None:
        d = self.data
        if d["stack"] or d["phase"] == "play":
            turn: int | None = d.get("turn")
            return turn
        if d["phase"] == "draft":
            return None
        return int(d["order"][0])

    # ------------------------------------------------------------ the protocol's other hooks
    def seat_name(self, seat: int) -> str:
        pauper = self.data["players"][seat]["pauper"]
        return self.content.paupers[pauper].name if pauper else numbered_seat(seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return PLState.seen(self, seat)

    def evaluate(self) -> list[float]:
        return PLState.estimate(self)

    def facedown_piles(self) -> dict[str, Pile]:
        return hidden.facedown_piles(self)

    def tags(self, seat: int) -> dict[str, Any]:
        """What this seat played with, for balance reports: its Pauper, its Bird and the Virtues
        it learned."""
        p = self.player(seat)
        content = self.content
        return {
            "Pauper": content.paupers[p["pauper"]].name if p["pauper"] else None,
            "Bird": content.birds[p["bird"]].name if p["bird"] else None,
            "Virtue": list(p["virtues"]),
        }

    def _outcome(self) -> Outcome:
        d = self.data
        winners = tuple(d.get("winners", []))
        if d.get("solo"):
            return self._solo_outcome(winners)
        scores = {s: float(len(self.player(s)["virtues"])) for s in range(self.player_count())}
        if d.get("reason") == "virtues":
            text = f"{self.seat_name(winners[0])} learns a third Virtue and wins."
        else:
            text = "The round limit ends the tournament; most Virtues wins."
        breakdown = tuple(self.virtue_score(s) for s in range(self.player_count()))
        return Outcome(
            winners=winners,
            scores=scores,
            reason=d.get("reason", "virtues"),
            text=text,
            breakdown=breakdown if d["phase"] == "over" else (),
        )

    def _solo_outcome(self, winners: tuple[int, ...]) -> Outcome:
        d = self.data
        scenario = self.content.solo["scenarios"][d["solo"]["scenario"]]
        won = bool(winners)
        why = SOLO_ENDINGS.get(d.get("reason", "time"), "")
        result = ScoreItem(f"{scenario['name']} {'won' if won else 'lost'}", 1 if won else 0, why)
        return Outcome(
            winners=winners,
            scores={0: 1.0 if won else 0.0},
            reason=d.get("reason", "time"),
            text=f"{scenario['name']}: {'won' if won else 'lost'}. {why} "
            + str(scenario["win" if won else "lose"]),
            breakdown=(SeatScore(0, self.seat_name(0), (result,)),),
        )

    def virtue_score(self, seat: int) -> SeatScore:
        """A seat's Virtues, one point each, with the round each was learnt in."""
        p = self.player(seat)
        when = p["virtue_rounds"]
        items = tuple(
            ScoreItem(
                f"Virtue of {v.capitalize()}",
                1,
                f"learnt in round {when[v]}" if v in when else "",
            )
            for v in p["virtues"]
        )
        return SeatScore(seat, self.seat_name(seat), items)

    # ------------------------------------------------------------ the players
    def player(self, seat: int) -> dict[str, Any]:
        """A seat's record (a :class:`Player`), live."""
        found: dict[str, Any] = self.data["players"][seat]
        return found

    def player_count(self) -> int:
        return len(self.data["players"])

    def log(self, text: str, to: list[int] | None = None) -> None:
        log(self.data, text, to)

    def card_name(self, cid: str) -> str:
        found: str | None = self.content.card_names.get(cid)
        return cid if found is None else found

    def region_type(self, region: str) -> str:
        return self.content.regions[region].type

    def gain(self, seat: int, n: int, why: str = "") -> None:
        if n > 0:
            self.player(seat)["gems"] += n
            self.log(
                f"{self.seat_name(seat)} collects {n} Gem{'s' if n != 1 else ''}"
                + (f" ({why})" if why else "")
                + "."
            )

    def lose(self, seat: int, n: int, why: str = "") -> int:
        p = self.player(seat)
        k = min(p["gems"], max(0, n))
        p["gems"] -= k
        if k:
            self.log(
                f"{self.seat_name(seat)} loses {k} Gem{'s' if k != 1 else ''}"
                + (f" ({why})" if why else "")
                + "."
            )
        return int(k)

    def position(self, seat: int, char: str) -> str:
        """The Region a seat's Pauper or Bird is in."""
        p = self.data["players"][seat]
        return str(p["position"] if char == "pauper" else p["bird_position"])

    def set_position(self, seat: int, char: str, region: str) -> None:
        self.player(seat)["position" if char == "pauper" else "bird_position"] = region

    # ------------------------------------------------------------ abilities in force
    def ability_sources(self, seat: int, char: str) -> list[tuple[str, tuple[Effect, ...]]]:
        """(source key, its abilities) for the sources of abilities in force for a character."""
        p = self.player(seat)
        return ability_sources(
            self.content,
            char,
            p["pauper"],
            p["bird"],
            p["trained"],
            p["inventory"],
            p["recipes"],
            p["turns"],
        )

    def abilities(self, seat: int, char: str) -> list[tuple[str, Effect]]:
        """(source key, ability) pairs in force for a character right now."""
        return [(key, e) for key, found in self.ability_sources(seat, char) for e in found]

    def having(self, seat: int, char: str, model: type[Effect]) -> list[tuple[str, Any]]:
        """The abilities of one kind in force for a character, with their source keys."""
        # asked several times for every action listed: read from the player in one pass
        p = self.data["players"][seat]
        return having(
            self.content,
            model,
            char,
            p["pauper"],
            p["bird"],
            p["trained"],
            p["inventory"],
            p["recipes"],
            p["turns"],
        )

    def used(self, key: str) -> bool:
        """Whether an ability (by its source key) was used this turn."""
        return key in self.data["turn_state"]["used"]

    def use(self, key: str) -> None:
        self.data["turn_state"]["used"].append(key)

    def source_name(self, seat: int, key: str) -> str:
        """The name of an ability's source: starting Equipment, the Bird or a card."""
        if key == "start":
            return self.content.paupers[self.player(seat)["pauper"]].equipment.name
        if key == "bird":
            return str(self.player(seat)["bird"])
        return self.card_name(key)

    def roll_charm(self) -> dict[str, Any]:
        """The Lucky Charm, rolled through the engine's open chance (a scenario may force it:
        ``force(state, "lucky charm", "wink")``)."""
        face: dict[str, Any] = chance.roll(self, self.content.lucky_charm)
        return dict(face)

    # ------------------------------------------------------------ open decisions
    def push(self, frame: Frame) -> None:
        """Open a decision that interrupts play (its kind is ``frame["kind"]``)."""
        self.data["stack"].append(frame)

    def frame(self) -> Frame:
        """The open decision on top of the stack (empty when there is none)."""
        stack = self.data["stack"]
        top: Frame = stack[-1] if stack else {}
        return top

    def pop_frame(self) -> Frame:
        popped: Frame = self.data["stack"].pop()
        return popped

    # ------------------------------------------------------------ the effect queue
    def run(self, effects: Iterable[Effect], front: bool = True) -> None:
        """Queue card effects (by their ref: the models stay in the content) and rule steps
        (as mappings of their fields), ahead of what waits (``front``) or behind it."""
        content = self.content
        queued: list[str | dict[str, Any]] = [
            dict(vars(e)) if type(e) in STEP_MODELS else content.ref(e) for e in effects
        ]
        queue = self.data["effect_queue"]
        if front:
            queue[:0] = queued
        else:
            queue.extend(queued)

    def run_entries(self, entries: Iterable[dict[str, Any]]) -> None:
        """Queue rule steps kept as mappings (the steps an open decision runs once answered),
        ahead of what waits."""
        self.data["effect_queue"][:0] = [dict(e) for e in entries]

    def run_next(self) -> None:
        """Run the first effect of the queue through its table's handler."""
        entry = self.data["effect_queue"].pop(0)
        if isinstance(entry, str):
            self.run_effect(self.content.effect_at(entry))
            return
        step = _step(entry)
        _handler(step)(self, step)

    def run_effect(self, effect: Effect) -> None:
        """Run one triggered card effect now."""
        _handler(effect)(self, effect)

    def context(self) -> dict[str, Any]:
        """Who meets which card where, while its effects run (``data["effect_context"]``)."""
        found: dict[str, Any] = self.data.get("effect_context") or {}
        return found


# the prompts of play with no open decision, by (the turn's seat, the character acting or None)
_PLAY_PROMPTS: dict[tuple[int, str | None], Prompt] = {}
# the decision of each set-up step (before play; the turn's own are named in decision_kind)
SETUP_DECISIONS = {
    "pauper": "choose-pauper",
    "bird": "choose-bird",
    "draft": "draft",
    "buy": "first-purchase",
}
SOLO_ENDINGS = {
    "objectives": "All the objectives are complete.",
    "time": "The Time token reached zero.",
    "lives": "A character lost its last Life.",
}
# the steps read from the queue so far, by their mapping (a step is read once per process)
_STEPS_READ: dict[tuple[tuple[str, Any], ...], Effect] = {}
STEP_MODELS = frozenset(STEPS.models())
# each model's handler, found once in its table (the card effects' or the steps')
_HANDLERS: dict[type, Callable[[PLState, Any], None]] = {}


def _handler(effect: Effect) -> Callable[[PLState, Any], None]:
    found = _HANDLERS.get(type(effect))
    if found is None:
        table = STEPS if type(effect) in STEP_MODELS else TRIGGERED
        found = _HANDLERS[type(effect)] = table.handler(effect)
    return found


E = TypeVar("E", bound=Effect)
# the rule steps made so far, by model and fields (a drawn card queues its encounter at every
# draw: one model serves every queue, steps being immutable)
_STEPS_MADE: dict[tuple[type, tuple[tuple[str, Any], ...]], Effect] = {}


def step(model: type[E], **fields: Any) -> E:
    """A rule step with these fields, validated once per fields."""
    key = (model, tuple(fields.items()))
    made: Any = _STEPS_MADE.get(key)
    if made is None:
        made = _STEPS_MADE[key] = model(**fields)
    found: E = made
    return found


def _step(entry: dict[str, Any]) -> Effect:
    """A queued mapping as its model: a rule step, or a card effect of an old save's queue."""
    key = tuple(entry.items())
    found = _STEPS_READ.get(key)
    if found is None:
        name = str(entry["effect"])
        if name in STEPS:
            found = STEPS.model(name).model_validate(entry)
        else:
            found = TRIGGERED.parse(entry, "the effect queue", name)
        _STEPS_READ[key] = found
    return found
