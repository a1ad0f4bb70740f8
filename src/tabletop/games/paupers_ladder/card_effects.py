"""The triggered card effects as typed models: one small frozen class per effect of the card
vocabulary (what a Region card's option, FAIL or APPEAR, a Quest's reward or an ACQUIRE does).

Each is built once when the content loads, from the data the vocabulary has checked, and shared by
every state: the effect queue of a state holds only its ``ref`` (the card and the place on it, such
as ``beach.pest.fail.0``), never a copy. ``Content.card_effect`` finds the model again from its ref.
A state saved before the queue held refs holds the effect's own mapping; ``effect_from_data``
rebuilds the model from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class CardEffect:
    """One triggered effect; ``kind`` is its name in the data, ``ref`` where it is printed."""

    kind: ClassVar[str] = ""
    ref: str


# ---------------------------------------------------------------- Gems
@dataclass(frozen=True, slots=True)
class Gain(CardEffect):
    kind: ClassVar[str] = "gain"
    n: int


@dataclass(frozen=True, slots=True)
class Lose(CardEffect):
    kind: ClassVar[str] = "lose"
    n: int


@dataclass(frozen=True, slots=True)
class Pay(CardEffect):
    kind: ClassVar[str] = "pay"
    n: int
    onto_card: bool = False


@dataclass(frozen=True, slots=True)
class TakeGemsHere(CardEffect):
    kind: ClassVar[str] = "take_gems_here"


@dataclass(frozen=True, slots=True)
class PlaceGems(CardEffect):
    kind: ClassVar[str] = "place_gems"
    n: int


@dataclass(frozen=True, slots=True)
class SellTrophy(CardEffect):
    kind: ClassVar[str] = "sell_trophy"
    hazard: str
    gems: int


# ---------------------------------------------------------------- chance
@dataclass(frozen=True, slots=True)
class CharmTable(CardEffect):
    """Roll the lucky charm: the effects of the face rolled run."""

    kind: ClassVar[str] = "charm_table"
    neutral: tuple[CardEffect, ...]
    happy: tuple[CardEffect, ...]
    wink: tuple[CardEffect, ...]

    def on(self, face: str) -> tuple[CardEffect, ...]:
        result: tuple[CardEffect, ...] = getattr(self, face)
        return result


@dataclass(frozen=True, slots=True)
class OutcomeCheck(CardEffect):
    """Draw an Outcome card: ``min`` or more runs ``success``, else ``failure``."""

    kind: ClassVar[str] = "outcome_check"
    min: int
    success: tuple[CardEffect, ...]
    failure: tuple[CardEffect, ...]


# ---------------------------------------------------------------- cards gained
@dataclass(frozen=True, slots=True)
class DrawEquipment(CardEffect):
    kind: ClassVar[str] = "draw_equipment"
    n: int
    keep: int


@dataclass(frozen=True, slots=True)
class DrawRarity(CardEffect):
    kind: ClassVar[str] = "draw_rarity"


@dataclass(frozen=True, slots=True)
class ShopTake(CardEffect):
    kind: ClassVar[str] = "shop_take"


@dataclass(frozen=True, slots=True)
class TakeTucked(CardEffect):
    kind: ClassVar[str] = "take_tucked"


@dataclass(frozen=True, slots=True)
class TuckEquipment(CardEffect):
    kind: ClassVar[str] = "tuck_equipment"
    n: int


@dataclass(frozen=True, slots=True)
class Market(CardEffect):
    kind: ClassVar[str] = "market"


@dataclass(frozen=True, slots=True)
class Smith(CardEffect):
    kind: ClassVar[str] = "smith"
    bonus: int


@dataclass(frozen=True, slots=True)
class LearnRecipe(CardEffect):
    kind: ClassVar[str] = "learn_recipe"


@dataclass(frozen=True, slots=True)
class ReturnOutcomes(CardEffect):
    kind: ClassVar[str] = "return_outcomes"
    n: int


# ---------------------------------------------------------------- cards lost (FAIL)
@dataclass(frozen=True, slots=True)
class DiscardEquipment(CardEffect):
    kind: ClassVar[str] = "discard_equipment"
    n: int


@dataclass(frozen=True, slots=True)
class DiscardTrophy(CardEffect):
    kind: ClassVar[str] = "discard_trophy"
    type: str | None = None


@dataclass(frozen=True, slots=True)
class DiscardIngredient(CardEffect):
    kind: ClassVar[str] = "discard_ingredient"
    n: int


@dataclass(frozen=True, slots=True)
class MissTurn(CardEffect):
    kind: ClassVar[str] = "miss_turn"


# ---------------------------------------------------------------- where characters and cards go
@dataclass(frozen=True, slots=True)
class SendHome(CardEffect):
    kind: ClassVar[str] = "send_home"


@dataclass(frozen=True, slots=True)
class TravelToCity(CardEffect):
    kind: ClassVar[str] = "travel_to_city"


@dataclass(frozen=True, slots=True)
class Leave(CardEffect):
    kind: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class MoveHazard(CardEffect):
    kind: ClassVar[str] = "move_hazard"
    region: str


@dataclass(frozen=True, slots=True)
class ClearRegion(CardEffect):
    kind: ClassVar[str] = "clear_region"


@dataclass(frozen=True, slots=True)
class Disaster(CardEffect):
    kind: ClassVar[str] = "disaster"
    region: str


# ---------------------------------------------------------------- wild Quests
@dataclass(frozen=True, slots=True)
class Rescue(CardEffect):
    kind: ClassVar[str] = "rescue"


@dataclass(frozen=True, slots=True)
class Shipwreck(CardEffect):
    kind: ClassVar[str] = "shipwreck"


MODELS: dict[str, type[CardEffect]] = {
    m.kind: m
    for m in (
        Gain,
        Lose,
        Pay,
        TakeGemsHere,
        PlaceGems,
        SellTrophy,
        CharmTable,
        OutcomeCheck,
        DrawEquipment,
        DrawRarity,
        ShopTake,
        TakeTucked,
        TuckEquipment,
        Market,
        Smith,
        LearnRecipe,
        ReturnOutcomes,
        DiscardEquipment,
        DiscardTrophy,
        DiscardIngredient,
        MissTurn,
        SendHome,
        TravelToCity,
        Leave,
        MoveHazard,
        ClearRegion,
        Disaster,
        Rescue,
        Shipwreck,
    )
}

# the fields that hold lists of effects (run by the effect that holds them)
NESTED_FIELDS = {
    "charm_table": ("neutral", "happy", "wink"),
    "outcome_check": ("success", "failure"),
}


def effect_from_data(
    data: Mapping[str, Any], ref: str, index: dict[str, CardEffect] | None = None
) -> CardEffect:
    """The model of one effect of the data (already checked against the vocabulary), with the
    effects it holds; every model built is recorded in ``index`` under its ref."""
    model = MODELS[str(data["effect"])]
    nested = NESTED_FIELDS.get(model.kind, ())
    args: dict[str, Any] = {}
    for f in fields(model):
        if f.name == "ref" or f.name not in data:
            continue
        v = data[f.name]
        if f.name in nested:
            v = effects_from_data(v, ref and f"{ref}.{f.name}", index)
        args[f.name] = v
    effect = model(ref=ref, **args)
    if index is not None and ref:
        index[ref] = effect
    return effect


def effect_data(effect: CardEffect) -> dict[str, Any]:
    """The data of an effect, as printed (how a saved game of old holds it in its queue)."""
    out: dict[str, Any] = {"effect": effect.kind}
    for f in fields(effect):
        if f.name != "ref":
            v = getattr(effect, f.name)
            out[f.name] = [effect_data(x) for x in v] if isinstance(v, tuple) else v
    return out


def effects_from_data(
    data: list[Any], ref: str, index: dict[str, CardEffect] | None = None
) -> tuple[CardEffect, ...]:
    """The models of a list of effects printed at ``ref`` (``ref.0``, ``ref.1``, ...); with no
    ref (an effect rebuilt from a saved game), none of them has one."""
    return tuple(effect_from_data(e, ref and f"{ref}.{i}", index) for i, e in enumerate(data))
