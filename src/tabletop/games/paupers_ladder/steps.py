"""The rules' own steps that wait in a state's effect queue among the card effects (a fight's next
draw, the end of an event). They are printed on no card, but are effects of the engine's idiom all
the same: a model each in :data:`STEPS`, one handler each in effects.py, queued as small mappings
(state.py), so a section that needs a later one queues it instead of importing it."""

from __future__ import annotations

from typing import Any, Literal

from tabletop.engine.effects import Effect, EffectTable

STEPS: EffectTable[Any] = EffectTable("paupers-ladder", "rule step")


@STEPS.effect
class DrawForFight(Effect):
    """Fighting Hazards: draw the next Outcome card of the fight."""

    effect: Literal["draw-for-fight"] = "draw-for-fight"


@STEPS.effect
class AddBonuses(Effect):
    """Fighting Hazards: the bonuses of Recipes, Equipment and a weapon."""

    effect: Literal["add-bonuses"] = "add-bonuses"


@STEPS.effect
class OfferBoost(Effect):
    """Fighting Hazards: boost, roll the lucky charm or resolve (or resolve at once, won)."""

    effect: Literal["offer-boost"] = "offer-boost"


@STEPS.effect
class ResolveFight(Effect):
    effect: Literal["resolve-fight"] = "resolve-fight"


@STEPS.effect
class WildDefeat(Effect):
    """Quests: a defeated hazard may complete a wild Quest."""

    effect: Literal["wild-defeat"] = "wild-defeat"
    hazard: str
    region: str
    char: str


@STEPS.effect
class EncounterCard(Effect):
    """Encounters: meet a drawn card once its APPEAR effects have run."""

    effect: Literal["encounter-card"] = "encounter-card"
    card: str


@STEPS.effect
class EndEvent(Effect):
    """Encounters: an event card leaves the Region when its effects say it goes."""

    effect: Literal["end-event"] = "end-event"
    card: str


@STEPS.effect
class TakeCityItem(Effect):
    """The Saltash Necromancer: the Equipment card a freed City gives from its Shop."""

    effect: Literal["take-city-item"] = "take-city-item"
    city: str
    card: str


@STEPS.effect
class CompleteQuest(Effect):
    effect: Literal["complete-quest"] = "complete-quest"
    city: str


@STEPS.effect
class EndDisaster(Effect):
    """A natural disaster leaves the game; its deck is shuffled."""

    effect: Literal["end-disaster"] = "end-disaster"
    card: str


# the steps that carry nothing, made once (a fight queues them at every draw)
DRAW_FOR_FIGHT = DrawForFight()
ADD_BONUSES = AddBonuses()
OFFER_BOOST = OfferBoost()
RESOLVE_FIGHT = ResolveFight()
