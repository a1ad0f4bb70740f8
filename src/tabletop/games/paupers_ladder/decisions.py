# Over 600 lines: the 31 decisions and 6 free actions of the game, a short class each, in one table.
"""Every decision of Paupers' Ladder, declared once in the engine's terms (a
:class:`~tabletop.engine.decisions.Decision` in :data:`DECISIONS`): who decides, the prompt's text,
the legal actions, what an answer does and the words of its actions. They are thin: the rules of
each rulebook section (``rules/``) do the work.

Three shapes:

- the set-up steps and the turn's own decisions (``turn`` between the characters, ``character``
  while one acts), named by the state's phase;
- the decisions that interrupt play (a reward, a discard, an EITHER/OR): a frame
  ``{"kind": kind, "seat": ..., ...}`` on ``data["stack"]``, taken off when answered
  (:class:`OpenDecision`);
- the free actions (:data:`FREE_ACTIONS`), not decisions of their own: the turn's decisions offer
  them all, and the free actions allowed "at any point during your turn" (learning a Virtue,
  buying Time, removing a card) stay open beside a decision that interrupts the turn's player,
  leaving it open.

Every answer is followed by the game settling (the effect queue, the turn moving on:
``turn.after_answer``). Each class is declared with a statement after it rather than the table's
decorator: mypyc compiles a decorated class as a plain Python class, which may not derive from a
compiled one.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from itertools import permutations
from typing import ClassVar

from tabletop.engine import Action, piles
from tabletop.engine.actions import action_of
from tabletop.engine.decisions import Decision, DecisionTable

from . import hidden
from .content import CITIES, WILD
from .rules import (
    birds,
    choices,
    cities,
    decks,
    equipment,
    exploring,
    fighting,
    moving,
    quests,
    recipes,
    setup,
    solo,
    survival,
    turn,
    virtues,
)
from .rules.scenarios import fiery_siege, saltash_necromancer
from .state import Frame, PLState
from .steps import RESOLVE_FIGHT
from .texts import abilities_text, effect_words

DECISIONS = DecisionTable("paupers-ladder")


# ---------------------------------------------------------------- the free actions
class FreeAction:
    """A free action of the turn's player, offered by the turn's decisions (``anytime``: also
    beside a decision that interrupts the turn)."""

    kind: ClassVar[str]
    anytime: ClassVar[bool] = False
    # the one mode it is offered in (None: every mode); the others never ask it
    mode: ClassVar[str | None] = None

    @abstractmethod
    def offers(self, state: PLState, seat: int) -> list[Action]:
        """Its actions open to ``seat`` now."""

    @abstractmethod
    def take(self, state: PLState, seat: int, action: Action) -> None:
        """Carry it out."""

    @abstractmethod
    def words(self, state: PLState, action: Action, seat: int) -> str:
        """Players' words for one of its actions."""


class LearnVirtue(FreeAction):
    kind = "learn"
    anytime = True

    def offers(self, state: PLState, seat: int) -> list[Action]:
        found = virtues.learnable(state, seat)  # mostly none: no list made for them then
        return [action_of("learn", virtue=v) for v in found] if found else []

    def take(self, state: PLState, seat: int, action: Action) -> None:
        virtues.learn(state, seat, action["virtue"])

    def words(self, state: PLState, action: Action, seat: int) -> str:
        return f"Learn the Virtue of {action['virtue']}"


class TrainBird(FreeAction):
    kind = "train"

    def offers(self, state: PLState, seat: int) -> list[Action]:
        return [action_of("train")] if birds.may_train(state, seat) else []

    def take(self, state: PLState, seat: int, action: Action) -> None:
        birds.train(state, seat)

    def words(self, state: PLState, action: Action, seat: int) -> str:
        return "Train your Bird (4 Gems)"


class DiscardEquipment(FreeAction):
    kind = "discard"

    def offers(self, state: PLState, seat: int) -> list[Action]:
        inventory = state.data["players"][seat]["inventory"]
        return [action_of("discard", item=it["card"]) for it in inventory] if inventory else []

    def take(self, state: PLState, seat: int, action: Action) -> None:
        equipment.discard_equipment(state, seat, action["item"])

    def words(self, state: PLState, action: Action, seat: int) -> str:
        return f"Discard the {state.card_name(action['item'])} from your Inventory"


class DrinkPotion(FreeAction):
    kind = "potion"
    mode = "survival"

    def offers(self, state: PLState, seat: int) -> list[Action]:
        return survival.potion_actions(state, seat)

    def take(self, state: PLState, seat: int, action: Action) -> None:
        survival.drink(state, seat, action["item"], action["char"])

    def words(self, state: PLState, action: Action, seat: int) -> str:
        potion = state.source_name(seat, action["item"])
        return f"Drink the {potion}: restore 1 Life to your {action['char']}"


class BuyTime(FreeAction):
    kind = "buy-time"
    anytime = True
    mode = "solo"

    def offers(self, state: PLState, seat: int) -> list[Action]:
        return [action_of("buy-time")] if solo.may_buy_time(state, seat) else []

    def take(self, state: PLState, seat: int, action: Action) -> None:
        solo.buy_time(state, seat)

    def words(self, state: PLState, action: Action, seat: int) -> str:
        return "Pay 3 Gems: move the Time token 1 away from zero"


class RemoveCard(FreeAction):
    kind = "remove"
    anytime = True
    mode = "solo"

    def offers(self, state: PLState, seat: int) -> list[Action]:
        return solo.removals(state, seat)

    def take(self, state: PLState, seat: int, action: Action) -> None:
        solo.remove_card(state, action["card"])

    def words(self, state: PLState, action: Action, seat: int) -> str:
        card = action["card"]
        where = next((r for r, cards in state.data["tiles"].items() if card in cards), None)
        return (
            f"Spend {solo.remove_cost(state, card)} Time to remove the {state.card_name(card)}"
            + (f" from {state.content.region_name(where)}" if where else "")
        )


#: the free actions by kind, in the order they are offered
FREE_ACTIONS: dict[str, FreeAction] = {
    free.kind: free
    for free in (
        LearnVirtue(),
        TrainBird(),
        DiscardEquipment(),
        DrinkPotion(),
        BuyTime(),
        RemoveCard(),
    )
}
FREE_KINDS = tuple(FREE_ACTIONS)
ANYTIME_KINDS = tuple(kind for kind, free in FREE_ACTIONS.items() if free.anytime)


# the free actions a mode offers, by (mode, anytime): listed after every action, so the
# others are not asked
_OFFERED: dict[tuple[str, bool], tuple[FreeAction, ...]] = {}


def free_actions(state: PLState, seat: int, anytime: bool = False) -> list[Action]:
    """The free actions open to the turn's player (``anytime``: only those allowed beside a
    decision that interrupts the turn)."""
    mode = str(state.data["mode"])
    offered = _OFFERED.get((mode, anytime))
    if offered is None:
        offered = _OFFERED[mode, anytime] = tuple(
            free
            for free in FREE_ACTIONS.values()
            if (free.anytime or not anytime) and free.mode in (None, mode)
        )
    out: list[Action] = []
    for free in offered:
        found = free.offers(state, seat)
        if found:  # mostly none
            out += found
    return out


# ---------------------------------------------------------------- the shapes of decisions
class Answered(Decision[PLState]):
    """A decision whose answer is followed by the game settling."""

    def apply(self, state: PLState, seat: int, action: Action) -> None:
        self.answer(state, seat, action)
        turn.after_answer(state)

    @abstractmethod
    def answer(self, state: PLState, seat: int, action: Action) -> None:
        """Carry out the answer (the game settles next)."""


class TurnDecision(Answered):
    """A decision of the turn itself: the free actions are offered beside its own."""

    def seats(self, state: PLState) -> tuple[int, ...]:
        return (int(state.data["turn"]),)

    def legal(self, state: PLState, seat: int) -> list[Action]:
        return free_actions(state, seat) + self.options(state, seat)

    def answer(self, state: PLState, seat: int, action: Action) -> None:
        free = FREE_ACTIONS.get(action.kind)
        if free is not None:
            free.take(state, seat, action)
        else:
            self.choose(state, seat, action)

    def words(self, state: PLState, action: Action, seat: int) -> str:
        free = FREE_ACTIONS.get(action.kind)
        return (
            free.words(state, action, seat) if free is not None else self.say(state, action, seat)
        )

    @abstractmethod
    def options(self, state: PLState, seat: int) -> list[Action]:
        """Its own actions (after the free ones)."""

    @abstractmethod
    def choose(self, state: PLState, seat: int, action: Action) -> None:
        """Carry out one of its own actions."""

    @abstractmethod
    def say(self, state: PLState, action: Action, seat: int) -> str:
        """Words for one of its own actions."""


class OpenDecision(Answered):
    """A decision that interrupts play: its frame is the top of ``data["stack"]``, taken off when
    it is answered (a decision that goes on puts it back). Beside it, the turn's player may take
    the free actions allowed at any point of the turn (``free_open``), which leave it open."""

    free_open: ClassVar[bool] = True

    def seats(self, state: PLState) -> tuple[int, ...]:
        return (int(state.frame()["seat"]),)

    def text(self, state: PLState, seat: int) -> str:
        return self.ask(state, state.frame())

    def legal(self, state: PLState, seat: int) -> list[Action]:
        frame = state.frame()
        found = self.options(state, frame)
        if self._beside_turn(state, frame):
            return found + free_actions(state, seat, anytime=True)
        return found

    def _beside_turn(self, state: PLState, frame: Frame) -> bool:
        data = state.data
        return self.free_open and data["phase"] == "play" and frame["seat"] == data["turn"]

    def answer(self, state: PLState, seat: int, action: Action) -> None:
        if action.kind in ANYTIME_KINDS:  # a free action; the open decision stays
            FREE_ACTIONS[action.kind].take(state, seat, action)
            return
        self.choose(state, seat, state.pop_frame(), action)

    def words(self, state: PLState, action: Action, seat: int) -> str:
        if action.kind in ANYTIME_KINDS:
            return FREE_ACTIONS[action.kind].words(state, action, seat)
        return self.say(state, state.frame(), action, seat)

    @abstractmethod
    def ask(self, state: PLState, frame: Frame) -> str:
        """The prompt's words."""

    @abstractmethod
    def options(self, state: PLState, frame: Frame) -> list[Action]:
        """Its own actions."""

    @abstractmethod
    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        """Carry out one of its actions (the frame already taken off the stack)."""

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        """Words for one of its actions."""
        return SHARED_WORDS.get(action.kind, str(action))


# the words of the actions several decisions offer
SHARED_WORDS = {"done": "Done", "decline": "Decline", "leave": "Leave", "pass": "Pass"}


def _open(*kinds: str) -> tuple[str, ...]:
    """The kinds a decision that interrupts play answers with: its own and the anytime ones."""
    return (*kinds, *ANYTIME_KINDS)


def _buy_words(state: PLState, seat: int, card: str, char: str, discount: int) -> str:
    cost = cities.price(state, seat, char, card, discount)
    return (
        f"Buy the {state.card_name(card)} for {cost} Gems "
        f"({abilities_text(state.content.item[card].abilities)})"
    )


# ---------------------------------------------------------------- Setting Up the Game
class ChoosePauper(Answered):
    """Setting Up the Game: each player chooses a Pauper."""

    kind = "choose-pauper"
    offers = ("pauper",)

    def seats(self, state: PLState) -> tuple[int, ...]:
        return (int(state.data["order"][0]),)

    def text(self, state: PLState, seat: int) -> str:
        return "Choose your Pauper."

    def legal(self, state: PLState, seat: int) -> list[Action]:
        return setup.paupers_offered(state)

    def answer(self, state: PLState, seat: int, action: Action) -> None:
        setup.choose_pauper(state, seat, action["pauper"])

    def words(self, state: PLState, action: Action, seat: int) -> str:
        pauper = state.content.paupers[action["pauper"]]
        equipment = pauper.equipment
        return (
            f"Play {pauper.name} from {pauper.city.capitalize()} "
            f"({equipment.name}: {abilities_text(equipment.abilities)})"
        )


DECISIONS.declare(ChoosePauper)


class ChooseBird(Answered):
    """Setting Up the Game: in reverse order, each player chooses a Bird."""

    kind = "choose-bird"
    offers = ("bird",)

    def seats(self, state: PLState) -> tuple[int, ...]:
        return (int(state.data["order"][0]),)

    def text(self, state: PLState, seat: int) -> str:
        return "Choose your Bird."

    def legal(self, state: PLState, seat: int) -> list[Action]:
        return setup.birds_offered(state)

    def answer(self, state: PLState, seat: int, action: Action) -> None:
        setup.choose_bird(state, seat, action["bird"])

    def words(self, state: PLState, action: Action, seat: int) -> str:
        bird = action["bird"]
        return f"Take the {bird} (trained: {abilities_text(state.content.birds[bird].trained)})"


DECISIONS.declare(ChooseBird)


class Draft(Answered):
    """Setting Up the Game: the Recipe draft, every seat choosing in secret at once (the engine
    keeps each pick hidden until all are in); the rest of each hand passes left."""

    kind = "draft"
    offers = ("draft",)
    commit = True

    def seats(self, state: PLState) -> tuple[int, ...]:
        return tuple(range(state.player_count()))

    def text(self, state: PLState, seat: int) -> str:
        return "Choose 1 Recipe to learn; the rest pass left."

    def legal(self, state: PLState, seat: int) -> list[Action]:
        return [action_of("draft", recipe=r) for r in sorted(hidden.hand(state, seat))]

    def answer(self, state: PLState, seat: int, action: Action) -> None:
        setup.draft_pick(state, seat, action["recipe"])

    def reveal(self, state: PLState, commitments: Mapping[int, Action]) -> None:
        for seat in sorted(commitments):
            self.answer(state, seat, commitments[seat])
        setup.draft_reveal(state)
        turn.after_answer(state)

    def words(self, state: PLState, action: Action, seat: int) -> str:
        recipe = state.content.recipe[action["recipe"]]
        return (
            f"Keep the {recipe.name} Recipe ({abilities_text(recipe.abilities)}; needs 2 of "
            f"{', '.join(recipe.ingredients)})"
        )


DECISIONS.declare(Draft)


class FirstPurchase(Answered):
    """Starting the Game: each player may buy 1 card from their City Shop."""

    kind = "first-purchase"
    offers = ("buy", "pass")

    def seats(self, state: PLState) -> tuple[int, ...]:
        return (int(state.data["order"][0]),)

    def text(self, state: PLState, seat: int) -> str:
        return "You may buy 1 card from your City Shop."

    def legal(self, state: PLState, seat: int) -> list[Action]:
        return setup.first_purchase_offer(state, seat)

    def explain(self, state: PLState, seat: int, action: Action) -> str | None:
        if action.kind == "buy":
            return "that card is not in this Shop or you cannot afford it"
        return None

    def answer(self, state: PLState, seat: int, action: Action) -> None:
        setup.first_purchase(state, seat, action)

    def words(self, state: PLState, action: Action, seat: int) -> str:
        if action.kind == "buy":
            return _buy_words(state, seat, action["card"], "pauper", 0)
        return "Pass"


DECISIONS.declare(FirstPurchase)


# ---------------------------------------------------------------- Playing a Turn
class Turn(TurnDecision):
    """Playing a Turn: choose a character to act (each once), or a free action; end the turn."""

    kind = "turn"
    offers = (*FREE_KINDS, "act", "end")

    def text(self, state: PLState, seat: int) -> str:
        return "Choose a character to act, or a free action."

    def options(self, state: PLState, seat: int) -> list[Action]:
        done = state.data["turn_state"]["done"]
        out = [action_of("act", char=c) for c in ("pauper", "bird") if c not in done]
        if len(done) == 2:
            out.append(action_of("end"))
        return out

    def choose(self, state: PLState, seat: int, action: Action) -> None:
        if action.kind == "end":
            turn.end_turn(state)
        else:
            turn.act(state, seat, action["char"])

    def say(self, state: PLState, action: Action, seat: int) -> str:
        return f"Take your {action['char']}'s turn" if action.kind == "act" else "End your turn"


DECISIONS.declare(Turn)


def _move(state: PLState, seat: int, action: Action) -> None:
    moving.move(state, seat, action["to"])


def _warp(state: PLState, seat: int, action: Action) -> None:
    moving.warp(state, seat, action.kind, action["to"], action.get("via"))


def _foresight(state: PLState, seat: int, action: Action) -> None:
    moving.foresight(state, seat, action["via"])


def _use(state: PLState, seat: int, action: Action) -> None:
    equipment.use_item(state, seat, action["item"])


def _discard_fragile(state: PLState, seat: int, action: Action) -> None:
    recipes.discard_fragile(state, seat, action["card"])


# a character's actions before it explores, by kind (every other kind explores)
BEFORE_EXPLORING = {
    "move": _move,
    "swim": _warp,
    "teleport": _warp,
    "foresight": _foresight,
    "use": _use,
    "discard-fragile": _discard_fragile,
}


_CHARACTER_TEXT = {
    char: f"Your {char.capitalize()}: move, then explore." for char in ("pauper", "bird")
}


class Character(TurnDecision):
    """1: Moving, then 2: Exploring, for the character acting (the free actions beside)."""

    kind = "character"
    offers = (*FREE_KINDS, *BEFORE_EXPLORING, *exploring.EXPLORING)

    def text(self, state: PLState, seat: int) -> str:
        return _CHARACTER_TEXT[state.data["turn_state"]["char"]]

    def options(self, state: PLState, seat: int) -> list[Action]:
        return turn.character_actions(state, seat)

    def explain(self, state: PLState, seat: int, action: Action) -> str | None:
        if action.kind == "move":
            return "you can only move along a bridge, and not out of a hazard's Region once moved"
        return None

    def choose(self, state: PLState, seat: int, action: Action) -> None:
        before = BEFORE_EXPLORING.get(action.kind)
        if before is not None:
            before(state, seat, action)
        else:
            exploring.explore(state, seat, action)

    def say(self, state: PLState, action: Action, seat: int) -> str:
        return CHARACTER_WORDS[action.kind](state, action, seat)


DECISIONS.declare(Character)


Words = Callable[[PLState, Action, int], str]


def _card_words(verb: str, after: str = "") -> Words:
    return lambda state, action, seat: f"{verb} the {state.card_name(action['card'])}{after}"


def _region_words(verb: str, key: str) -> Words:
    return lambda state, action, seat: f"{verb} {state.content.region_name(action[key])}"


# the words of a character's actions, by kind
CHARACTER_WORDS: dict[str, Words] = {
    "move": lambda state, action, seat: (
        f"Move to {state.content.region_name(action['to'])}" + moving.move_cost_words(state, seat)
    ),
    "swim": _region_words("Swim to", "to"),
    "teleport": _region_words("Teleport to", "to"),
    "foresight": lambda state, action, seat: "Use foresight (peek at a Region deck)",
    "use": lambda state, action, seat: f"Use the {state.card_name(action['item'])}",
    "discard-fragile": _card_words("Discard"),
    "shop": lambda state, action, seat: "Visit the City Shop",
    "quest": _region_words("Complete the Quest in", "city"),
    "fight": _card_words("Fight"),
    "draw": lambda state, action, seat: "Draw a Region card",
    "encounter": _card_words("Encounter"),
    "recall": _card_words("Recall", " from the discards"),
    "transmute": _card_words("Transmute", " into Gems"),
    "pass": lambda state, action, seat: "Pass",
    "heal": lambda state, action, seat: (
        "Visit the City healer (1 Gem: restore 1 Life; your turn ends)"
    ),
    "hide": _card_words("Hide from", " (roll the lucky charm)"),
    "withdraw": _card_words("Hold back from", " (it cannot be fought now)"),
    "reveal": _region_words("Encounter the face-down card in", "region"),
}


# ---------------------------------------------------------------- Encounters
class Event(OpenDecision):
    """Encounters: an event card's options (or walking away; a natural disaster must be met).
    In Survival Mode a place of rest may restore a Life instead."""

    kind = "event"
    offers = _open("option", "rest", "decline")

    def ask(self, state: PLState, frame: Frame) -> str:
        return f"Encounter {state.card_name(frame.get('card', ''))}: choose."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return exploring.event_options(state, frame["seat"], frame)

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "rest":
            exploring.rest(state, seat, frame)
        elif action.kind == "option":
            exploring.choose_option(state, frame, action["n"])
        else:
            state.log(f"{state.seat_name(seat)} leaves the {state.card_name(frame['card'])} alone.")

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        if action.kind == "rest":
            return "Rest here: restore 1 Life instead"
        if action.kind == "option":
            card = state.content.region_card[frame["card"]]
            label = card.options[action["n"]].label
            return f"{label} ({card.text})" if card.text else label
        return super().say(state, frame, action, seat)


DECISIONS.declare(Event)


# ---------------------------------------------------------------- Fighting Hazards
class Ally(OpenDecision):
    """Outcome Cards: an ally that requires payment offers its bonus for a price."""

    kind = "ally"
    offers = _open("pay-ally", "decline")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "An ally offers help for a price."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        if state.player(frame["seat"])["gems"] >= frame["cost"]:
            return [action_of("pay-ally"), action_of("decline")]
        return [action_of("decline")]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "pay-ally":
            fighting.pay_ally(state, seat, frame)

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        return "Pay the ally" if action.kind == "pay-ally" else "Decline"


DECISIONS.declare(Ally)


class Weapon(OpenDecision):
    """Fighting Hazards: only 1 weapon can be used in a fight (the player's choice)."""

    kind = "weapon"
    offers = _open("weapon", "no-weapon")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Choose the 1 weapon your Pauper uses in this fight" + (
            ", or none." if frame.get("none") else "."
        )

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        out = [action_of("weapon", item=k) for k, _ in frame["options"]]
        if frame.get("none"):
            out.append(action_of("no-weapon"))
        return out

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "no-weapon":
            state.log(f"{state.seat_name(seat)}'s Pauper fights with no weapon.")
        else:
            value = next(int(v) for k, v in frame["options"] if k == action["item"])
            fighting.use_weapon(state, seat, action["item"], value)

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        options = frame.get("options", [])
        if action.kind == "weapon":
            bonus = next((v for k, v in options if k == action["item"]), 0)
            return f"Fight with the {state.source_name(seat, action['item'])} (+{bonus})"
        return "Fight with no weapon" + "".join(
            f" (the {state.source_name(seat, k)} keep their Gems)"
            for k, _ in options
            if fighting.weapon_costs(state.content, k)
        )


DECISIONS.declare(Weapon)


class Boost(OpenDecision):
    """Fighting Hazards and The Lucky Charm: boost your Strength with Equipment, roll the lucky
    charm once per fight, or resolve the fight."""

    kind = "boost"
    offers = _open("boost", "charm", "resolve")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Boost your Strength, roll the lucky charm, or resolve the fight."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return fighting.boost_actions(state, frame["seat"])

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "boost":
            fighting.boost(state, seat, action["item"])
        elif action.kind == "charm":
            fighting.roll_charm(state, seat)
        else:
            state.run([RESOLVE_FIGHT])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        if action.kind == "boost":
            return f"Use the {state.source_name(seat, action['item'])}"
        if action.kind == "charm":
            cost = fighting.charm_cost(state, seat, state.data["fight"]["char"])
            price = "free" if cost == 0 else f"{cost} Gem" + ("" if cost == 1 else "s")
            return f"Roll the lucky charm ({price})"
        return "Resolve the fight"


DECISIONS.declare(Boost)


class Reward(OpenDecision):
    """Fighting Hazards: a defeated hazard's reward (its Gems, an ingredient, Equipment, a
    Rarity, or the Trophy Room)."""

    kind = "reward"
    offers = _open("reward")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "You won! Choose your reward."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return [action_of("reward", take=k, recipe=r) for k, r in frame["options"]]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        fighting.take_reward(state, seat, frame, action["take"], action["recipe"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        hazard = state.content.region_card.get(str(frame.get("hazard")))
        name = hazard.name if hazard else "hazard"
        take = action["take"]
        if take == "gems":
            return f"Collect the {hazard.gems if hazard else 0} Gems the {name} carried"
        if take == "trophy":
            return f"Put the {name} in your Trophy Room ({hazard.strength if hazard else 0} points)"
        if take == "ingredient":
            recipe = str(action["recipe"])
            return (
                f"Tuck the {name} under {state.card_name(recipe)} as an ingredient"
                + recipes.progress_words(state, frame["seat"], recipe)
            )
        return f"Draw 1 {'Rarity' if take == 'rarity' else 'Equipment'}"


DECISIONS.declare(Reward)


# ---------------------------------------------------------------- Card Decks
class PeekDeck(OpenDecision):
    """Foresight, the crystal ball: choose the Region deck to peek at."""

    kind = "peek-deck"
    offers = _open("peek", "done")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Choose a Region deck to peek at."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        found = [action_of("peek", deck=d) for d in WILD if hidden.deck_size(state, d)]
        return found or [action_of("done")]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind != "peek":
            return
        deck = action["deck"]
        n = int(frame["n"])
        top = hidden.peek_top(state, deck, seat, n)
        state.log(f"{state.seat_name(seat)} peeks at the {deck} deck.")
        state.log(
            f"Top of the {deck} deck: {', '.join(state.card_name(c) for c in top)}.", to=[seat]
        )
        if n > 1 and len(top) > 1:
            state.push(
                {"kind": "reorder", "seat": seat, "deck": deck, "count": len(top), "private": True}
            )

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        if action.kind == "peek":
            return f"Peek at the {action['deck']} deck"
        return super().say(state, frame, action, seat)


DECISIONS.declare(PeekDeck)


class Reorder(OpenDecision):
    """The fatestone, the crystal ball: put the peeked cards back in any order."""

    kind = "reorder"
    offers = _open("order")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Put the peeked cards back in any order."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        cards = hidden.reorder_cards(state, frame)
        return [action_of("order", cards=order) for order in sorted(set(permutations(cards)))]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        owner = seat if frame["deck"] == "outcome" else None
        hidden.reorder_top(state, frame["deck"], seat, list(action["cards"]), owner)
        state.log(f"{state.seat_name(seat)} puts the cards back in a chosen order.")

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        return "Order: " + ", ".join(state.card_name(c) for c in action["cards"])


DECISIONS.declare(Reorder)


class ReturnOutcomes(OpenDecision):
    """Lost Villagers' reward: choose discarded Outcome cards to shuffle back into your deck
    (identical cards are one choice)."""

    kind = "return-outcomes"
    offers = _open("return")

    def ask(self, state: PLState, frame: Frame) -> str:
        left = frame.get("n", 0) - len(frame.get("chosen", []))
        return f"Choose a discarded Outcome card to shuffle back ({left} to go)."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        seen: set[tuple[int, str | None]] = set()
        out = []
        for c in sorted(piles.discards(state.player(frame["seat"])["outcome_deck"])):
            card = state.content.outcome[c]
            if (card.number, card.ally) not in seen:
                seen.add((card.number, card.ally))
                out.append(action_of("return", card=c))
        return out

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        deck = state.player(seat)["outcome_deck"]
        pile = piles.discards(deck)
        pile.remove(action["card"])
        piles.set_discards(deck, pile)
        frame["chosen"].append(action["card"])
        if len(frame["chosen"]) < frame["n"] and pile:
            state.push(frame)
        else:
            decks.return_outcomes(state, seat, frame["chosen"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        card = state.card_name(action["card"])
        return f"Shuffle a discarded {card} back into your Outcome deck"


DECISIONS.declare(ReturnOutcomes)


# ---------------------------------------------------------------- choices cards ask for
class Pick(OpenDecision):
    """A card effect that takes cards from you (a FAIL discard, a Quest's objects, a trophy sold,
    a Recipe learned at once, an Inventory over its limit): choose which."""

    kind = "pick"
    offers = _open("pick", "done")

    def ask(self, state: PLState, frame: Frame) -> str:
        return f"Choose a card ({frame.get('why', '')})."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        out = [action_of("pick", card=c) for c in frame["candidates"]]
        if frame.get("optional"):
            out.append(action_of("done"))
        return out

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "pick":
            choices.pick(state, seat, frame, action["card"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        if action.kind == "pick":
            return f"Choose the {state.card_name(action['card'])}"
        return super().say(state, frame, action, seat)


DECISIONS.declare(Pick)


class Keep(OpenDecision):
    """A card effect that gives you 1 of several cards (draw 2 keep 1, a Shop's card, a card
    tucked under a Region card): choose which."""

    kind = "keep"
    offers = _open("keep", "done")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Choose a card to keep."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        out = [action_of("keep", card=c) for c in hidden.keep_cards(state, frame)]
        if frame.get("optional"):
            out.append(action_of("done"))
        return out

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "keep":
            choices.kept(state, seat, frame, action["card"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        if action.kind == "keep":
            return f"Keep the {state.card_name(action['card'])}"
        return super().say(state, frame, action, seat)


DECISIONS.declare(Keep)


class Goto(OpenDecision):
    """Dwarf tunnels, the underground river: the character travels to a City of your choice."""

    kind = "goto"
    offers = _open("goto")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Choose a City to travel to."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return [action_of("goto", city=c) for c in CITIES]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        state.set_position(seat, frame["char"], action["city"])
        state.log(
            f"{state.seat_name(seat)}'s {frame['char']} travels to {action['city'].capitalize()}."
        )

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        return f"Travel to {state.content.region_name(action['city'])}"


DECISIONS.declare(Goto)


class Relocate(OpenDecision):
    """A hazard that moves after a fight it won (the sea beast): the player whose character
    lost places it in a Region of that type with room."""

    kind = "relocate"
    offers = _open("relocate")

    def ask(self, state: PLState, frame: Frame) -> str:
        return f"Choose the Beach Region the {state.card_name(frame.get('card', ''))} moves to."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return [action_of("relocate", region=r) for r in frame["candidates"]]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        exploring.move_hazard(state, frame["card"], frame["from"], action["region"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        return f"Move it to {state.content.region_name(action['region'])}"


DECISIONS.declare(Relocate)


# ---------------------------------------------------------------- Exploring a City Region
class Shop(OpenDecision):
    """Exploring a City Region: buy 1 card from the City Shop and/or sell 1 Equipment to it."""

    kind = "shop"
    offers = _open("buy", "sell", "leave")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Buy and/or sell one card."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        seat = frame["seat"]
        out = []
        if not frame["bought"]:
            found = cities.buyable(state, seat, frame["char"], frame["city"], frame["discount"])
            out += [action_of("buy", card=c) for c in found]
        if not frame["sold"]:
            out += [action_of("sell", item=it["card"]) for it in state.player(seat)["inventory"]]
        return [*out, action_of("leave")]

    def explain(self, state: PLState, seat: int, action: Action) -> str | None:
        if action.kind == "buy":
            return "that card is not in this Shop or you cannot afford it"
        return None

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "buy":
            frame["bought"] = True
            state.push(frame)
            cities.buy(state, seat, frame["char"], frame["city"], action["card"], frame["discount"])
        elif action.kind == "sell":
            frame["sold"] = True
            state.push(frame)
            cities.sell(state, seat, frame["char"], frame["city"], action["item"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        if action.kind == "buy":
            return _buy_words(state, seat, action["card"], frame["char"], frame["discount"])
        if action.kind == "sell":
            value = cities.sale_value(state, seat, frame["char"], action["item"])
            return f"Sell the {state.card_name(action['item'])} for {value} Gem" + (
                "" if value == 1 else "s"
            )
        return super().say(state, frame, action, seat)


DECISIONS.declare(Shop)


# ---------------------------------------------------------------- Quests
class QuestReward(OpenDecision):
    """Quest Card Symbols: a Quest whose reward offers a choice."""

    kind = "quest-reward"
    offers = _open("option")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Choose the Quest reward."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        quest = state.content.quest[frame["quest"]]
        return [action_of("option", n=i) for i in range(len(quest.reward))]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        state.run(state.content.quest[frame["quest"]].reward[action["n"]])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        quest = state.content.quest[frame["quest"]]
        return "Reward: " + ", ".join(effect_words(e) for e in quest.reward[action["n"]])


DECISIONS.declare(QuestReward)


class Disaster(OpenDecision):
    """Quests and Natural Disasters: replace 1 or 2 of the Quests."""

    kind = "disaster"
    offers = _open("replace", "done")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Choose Quests to replace (1 or 2)."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        done = frame["done"]
        out = [
            action_of("replace", city=c)
            for c in CITIES
            if c not in done and state.data["quests"].get(c)
        ]
        if len(done) >= 2:
            out = []
        if done or not out:
            out.append(action_of("done"))
        return out

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "replace":
            quests.sweep_away(state, frame, action["city"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        if action.kind == "replace":
            return f"Replace the Quest in {state.content.region_name(action['city'])}"
        return super().say(state, frame, action, seat)


DECISIONS.declare(Disaster)


class Treasure(OpenDecision):
    """Treasure at Sea: hand the Gems found in the wreck to the old pirate, or keep them."""

    kind = "treasure"
    offers = _open("hand-over", "keep-gems")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Hand the Gems from the wreck to the old pirate (Treasure at Sea)?"

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return [action_of("hand-over"), action_of("keep-gems")]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "hand-over":
            state.lose(seat, frame["found"], "handed to the old pirate")
            quests.complete(state, seat, frame["city"])
        else:
            state.log(f"{state.seat_name(seat)} keeps the Gems from the wreck.")

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        if action.kind == "keep-gems":
            return "Keep the Gems (Treasure at Sea stays open)"
        found = frame.get("found", 0)
        return f"Hand the {found} Gems to the old pirate and complete Treasure at Sea"


DECISIONS.declare(Treasure)


# ---------------------------------------------------------------- Recipes
class IngredientChoice(OpenDecision):
    """Ingredients: collect a needed ingredient by tucking it under a Recipe In Learning."""

    kind = "ingredient"
    offers = _open("tuck", "leave")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Tuck the ingredient under a Recipe In Learning?"

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return [action_of("tuck", recipe=r) for r in frame["recipes"]] + [action_of("leave")]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "tuck":
            if frame["region"]:
                decks.remove_tile(state, frame["region"], frame["card"])
            recipes.tuck(state, seat, frame["card"], action["recipe"])
        else:
            state.log(f"{state.seat_name(seat)} leaves the {state.card_name(frame['card'])}.")

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        if action.kind == "tuck":
            recipe = action["recipe"]
            return f"Tuck it under {state.card_name(recipe)}" + recipes.progress_words(
                state, seat, recipe
            )
        return super().say(state, frame, action, seat)


DECISIONS.declare(IngredientChoice)


class Dispensary(OpenDecision):
    """Learning Recipes: choose a new Recipe In Learning from the Dispensary's visible cards."""

    kind = "dispensary"
    offers = _open("take")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Choose a new Recipe In Learning from the Dispensary."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        stacks = hidden.dispensary(state)
        return [action_of("take", stack=i) for i, stack in enumerate(stacks) if stack]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        recipes.take_from_dispensary(state, seat, action["stack"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        stack = hidden.dispensary(state)[action["stack"]]
        if not stack:
            return "Take"
        return (
            f"Take {state.card_name(stack[-1])} from the Dispensary (stack {action['stack'] + 1})"
        )


DECISIONS.declare(Dispensary)


# ---------------------------------------------------------------- paying for a Virtue
class Bravery(OpenDecision):
    """Bravery: choose the Trophy Room cards to discard, one at a time, until their Strength
    reaches the threshold (or back out before it, discarding nothing). No other Virtue is
    learned in the middle of it."""

    kind = "bravery"
    offers = ("trophy", "back-out")
    free_open = False

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Choose Trophy Room cards to discard for bravery, or back out."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        offered = virtues.bravery_offer(state, frame["seat"], frame["chosen"])
        # before the threshold, backing out discards nothing
        return [*(action_of("trophy", card=c) for c in offered), action_of("back-out")]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "back-out":
            state.log(
                f"{state.seat_name(seat)} backs out of bravery; the Trophy Room is unchanged."
            )
        else:
            virtues.choose_for_bravery(state, seat, frame, action["card"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        if action.kind == "back-out":
            return "Back out: no card is discarded and bravery is not learned now"
        points = state.content.region_card[action["card"]].strength
        return f"Discard the {state.card_name(action['card'])} ({points} points) for bravery"


DECISIONS.declare(Bravery)


class Magnificence(OpenDecision):
    """Magnificence: choose which dragon leaves the Trophy Room (no other Virtue is learned in
    the middle of it)."""

    kind = "magnificence"
    offers = ("dragon",)
    free_open = False

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Choose the dragon to discard from your Trophy Room for magnificence."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return [action_of("dragon", card=c) for c in frame["candidates"]]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        virtues.learn_virtue(state, seat, "magnificence", [action["card"]])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        points = state.content.region_card[action["card"]].strength
        return f"Discard the {state.card_name(action['card'])} ({points} points) for magnificence"


DECISIONS.declare(Magnificence)


# ---------------------------------------------------------------- Playing Solo
class Hide(OpenDecision):
    """Hiding From Hazards: before a fight, roll the lucky charm to try to hide instead."""

    kind = "hide"
    offers = _open("fight", "hide")

    def ask(self, state: PLState, frame: Frame) -> str:
        return f"Fight the {state.card_name(frame.get('card', ''))} or hide?"

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return [action_of("fight", card=frame["card"]), action_of("hide", card=frame["card"])]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        if action.kind == "fight":
            fighting.start(state, seat, frame["char"], frame["card"], frame["region"])
        else:
            exploring.hide(state, seat, frame["char"], frame["card"], frame["region"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        return CHARACTER_WORDS[action.kind](state, action, seat)


DECISIONS.declare(Hide)


class RecipeChoice(OpenDecision):
    """Solo Recipes: a new Recipe In Learning is 1 of the top cards of the Recipe deck; the
    others are discarded."""

    kind = "recipe-choice"
    offers = _open("choose-recipe")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Choose the Recipe to take."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return [action_of("choose-recipe", recipe=c) for c in frame["cards"]]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        solo.take_recipe(state, seat, frame, action["recipe"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        rid = action["recipe"]
        ability = abilities_text(state.content.recipe[rid].abilities)
        return f"Take the {state.card_name(rid)} Recipe ({ability})"


DECISIONS.declare(RecipeChoice)


class Nest(OpenDecision):
    """The Fiery Siege: a dragon's nest with equally near Cities: choose the Shop to collect
    from."""

    kind = "nest"
    offers = _open("nest")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "A dragon's nest: choose which of the nearest City Shops you collect from."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return [action_of("nest", city=c) for c in frame["cities"]]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        fiery_siege.nest_shop(state, seat, action["city"])

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        city = str(action["city"]).capitalize()
        return f"Collect 1 Equipment from the Shop in {city} (dragon's nest)"


DECISIONS.declare(Nest)


class MakeRoom(OpenDecision):
    """The Fiery Siege: dragonfire and a full Recipe Book (ruling 47): give up a Recipe first."""

    kind = "make-room"
    offers = _open("drop-recipe")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "Your Recipe Book is full: give up a Recipe to learn dragonfire."

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return [action_of("drop-recipe", recipe=c) for c in frame["candidates"]]

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        fiery_siege.drop_recipe(state, seat, action["recipe"])
        fiery_siege.learn_dragonfire(state, seat)

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        return fiery_siege.make_room_words(state, seat, action["recipe"])


DECISIONS.declare(MakeRoom)


class CityReward(OpenDecision):
    """The Saltash Necromancer: a City freed of its undead rewards you: Gems, an Equipment card
    from its Shop, or Lives."""

    kind = "city-reward"
    offers = _open("city-reward")

    def ask(self, state: PLState, frame: Frame) -> str:
        return "city-reward"  # the prompt's text as it has always read (kept for replays)

    def options(self, state: PLState, frame: Frame) -> list[Action]:
        return saltash_necromancer.city_rewards(state, frame)

    def choose(self, state: PLState, seat: int, frame: Frame, action: Action) -> None:
        take, card = action["take"], action.get("card")
        saltash_necromancer.take_city_reward(state, seat, frame, take, card)

    def say(self, state: PLState, frame: Frame, action: Action, seat: int) -> str:
        return saltash_necromancer.city_reward_words(state, action["take"], action.get("card"))


DECISIONS.declare(CityReward)
