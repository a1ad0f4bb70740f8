# Over 600 lines: every card model and effect of the game, declared once, and the loader.
"""Static content of Paupers' Ladder: pydantic models over the YAML in ``data/``, every effect of
the cards declared once as a typed model in one of the engine's effect tables, and the id lookups
the rules use. Loaded once per process and shared by every state (never copied).

The effects come in four families, kept apart in the data (a name of one family in a field of
another is refused at load, naming file, entry and field):

- :data:`ABILITIES`, static: what Equipment, a Recipe, a trained Bird or a Pauper's starting
  Equipment can do while held (a weapon, a free move, a discount); the rules ask them what they
  amount to (abilities.py).
- :data:`ALLIES`, triggered: what an ally on an Outcome card does when it is drawn in a fight.
- :data:`ONGOING`, static: the rule of a Region card while it lies face up (a toll, no allies).
- :data:`TRIGGERED`, triggered: what happens once, when a card is met, fought, completed or
  acquired (an event's option, FAIL, APPEAR, a Quest's reward, ACQUIRE).

Each handler is in effects.py, registered by the model's type. A triggered effect keeps a ref (the
card and the place on it, such as ``beach.pest.fail.0``) by which a state's effect queue names it:
:meth:`Content.ref` and :meth:`Content.effect_at`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError

from tabletop.engine.components import Die
from tabletop.engine.content import Entry, load_document, load_entries, read_data, validate_entry
from tabletop.engine.effects import Effect, EffectTable
from tabletop.engine.errors import ContentError

DATA = Path(__file__).parent / "data"
M = TypeVar("M", bound=BaseModel)

WILD = ("beach", "forest", "mine", "mountain", "swamp")
CITIES = ("bluevale", "blacksand", "greyhaven", "lilacsville")
HAZARD_TYPES = ("humanoid", "vermin", "magical", "undead", "trap", "dragon")
VIRTUES = ("generosity", "knowledge", "bravery", "magnificence", "fellowship")
Source = Literal["rulebook", "designed"]
RegionCond = Literal["beach", "forest", "mine", "mountain", "swamp", "coastal", "city-adjacent"]
WildType = Literal["beach", "forest", "mine", "mountain", "swamp"]
HazardType = Literal["humanoid", "vermin", "magical", "undead", "trap", "dragon"]

GAME = "paupers-ladder"
ABILITIES: EffectTable[Any] = EffectTable(GAME, "ability")
ALLIES: EffectTable[Any] = EffectTable(GAME, "ally")
ONGOING: EffectTable[Any] = EffectTable(GAME, "ongoing")
TRIGGERED: EffectTable[Any] = EffectTable(GAME, "triggered")
# each family in words, for a name found in the wrong one
FAMILY_WORDS: dict[str, str] = {
    "ability": "a static ability (of Equipment, a Recipe or a Bird)",
    "ally": "an ally's effect",
    "ongoing": "an ONGOING rule of a Region card",
    "triggered": "a triggered card effect",
}
FAMILIES = (ABILITIES, ALLIES, ONGOING, TRIGGERED)


def _parsed(table: EffectTable[Any], raw: Any) -> Effect:
    """One raw effect of a field of ``table``'s family, as its model (a ValueError says why not:
    pydantic adds the entry's field)."""
    if isinstance(raw, Effect):
        return raw
    if not isinstance(raw, Mapping):
        raise ValueError(f"an effect is a mapping, got {raw!r}")
    name = raw.get("effect")
    if name not in table:
        other = next((t.family for t in FAMILIES if name in t), None)
        if other is not None:
            raise ValueError(f"{name!r} is {FAMILY_WORDS[other]}, not {FAMILY_WORDS[table.family]}")
        known = ", ".join(sorted(table.names()))
        raise ValueError(f"unknown effect {name!r} (the {table.family} effects: {known})")
    try:
        return table.model(str(name)).model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ValueError(f"effect {name!r}, field {where!r}: {err['msg']}") from None


def _effects_of(table: EffectTable[Any]) -> Any:
    """The field type of a list of effects of one family, parsed into their models at load."""

    def parse(raw: Any) -> tuple[Effect, ...]:
        if not isinstance(raw, list | tuple):
            raise ValueError(f"a list of effects is expected, got {raw!r}")
        return tuple(_parsed(table, e) for e in raw)

    return Annotated[tuple[Effect, ...], BeforeValidator(parse)]


if TYPE_CHECKING:  # to the type checker, each is a tuple of effect models
    Abilities = tuple[Effect, ...]
    AllyEffects = tuple[Effect, ...]
    OngoingRules = tuple[Effect, ...]
    Triggered = tuple[Effect, ...]
else:
    Abilities = _effects_of(ABILITIES)
    AllyEffects = _effects_of(ALLIES)
    OngoingRules = _effects_of(ONGOING)
    Triggered = _effects_of(TRIGGERED)


# ------------------------------------------------------------------ static abilities
@ABILITIES.effect
class Weapon(Effect):
    """A weapon: +``bonus`` Strength in a fight (+``vs_bonus`` more against ``vs_type``)."""

    effect: Literal["weapon"]
    bonus: int
    vs_type: HazardType | None = None
    vs_bonus: int = 0


@ABILITIES.effect
class WeaponGems(Effect):
    """A weapon worth the Gems on it, one of which comes off per fight (bang bombs)."""

    effect: Literal["weapon-gems"]


@ABILITIES.effect
class FightBonus(Effect):
    effect: Literal["fight-bonus"]
    bonus: int
    region: RegionCond | None = None
    vs_type: HazardType | None = None


@ABILITIES.effect
class Boost(Effect):
    """+``bonus`` Strength in one fight, once a turn (``charges``: a starting boost's uses)."""

    effect: Literal["boost"]
    bonus: int
    vs_type: HazardType | None = None
    charges: int | None = None


@ABILITIES.effect
class PeekOutcome(Effect):
    effect: Literal["peek-outcome"]
    n: int


@ABILITIES.effect
class PeekRegion(Effect):
    effect: Literal["peek-region"]
    n: int
    before_move: bool = False


@ABILITIES.effect
class Recall(Effect):
    effect: Literal["recall"]
    n: int


@ABILITIES.effect
class FreeMoves(Effect):
    effect: Literal["free-moves"]
    n: int


@ABILITIES.effect
class CharmFree(Effect):
    effect: Literal["charm-free"]


@ABILITIES.effect
class CollectGems(Effect):
    effect: Literal["collect-gems"]
    n: int


@ABILITIES.effect
class TeleportCity(Effect):
    effect: Literal["teleport-city"]


@ABILITIES.effect
class Swim(Effect):
    effect: Literal["swim"]


@ABILITIES.effect
class Transmute(Effect):
    effect: Literal["transmute"]
    gems: int


@ABILITIES.effect
class DefeatGems(Effect):
    effect: Literal["defeat-gems"]
    n: int


@ABILITIES.effect
class TurnGems(Effect):
    effect: Literal["turn-gems"]
    n: int
    below: int | None = None


@ABILITIES.effect
class Discount(Effect):
    effect: Literal["discount"]
    n: int
    tag: str | None = None


@ABILITIES.effect
class DiscountRoll(Effect):
    effect: Literal["discount-roll"]


@ABILITIES.effect
class UnlimitedInventory(Effect):
    effect: Literal["unlimited-inventory"]


@ABILITIES.effect
class BirdMoves(Effect):
    effect: Literal["bird-moves"]
    n: int


@ABILITIES.effect
class IdleGems(Effect):
    effect: Literal["idle-gems"]
    n: int


@ABILITIES.effect
class SellBonus(Effect):
    effect: Literal["sell-bonus"]
    n: int


# ------------------------------------------------------------------ allies on Outcome cards
@ALLIES.effect
class AllyBonus(Effect):
    effect: Literal["ally-bonus"]
    bonus: int
    region: RegionCond


@ALLIES.effect
class AllyDraw(Effect):
    effect: Literal["ally-draw"]
    region: RegionCond


@ALLIES.effect
class AllyPay(Effect):
    effect: Literal["ally-pay"]
    cost: int
    bonus: int


# ------------------------------------------------------------------ ONGOING rules of Region cards
@ONGOING.effect
class Toll(Effect):
    effect: Literal["toll"]
    n: int


@ONGOING.effect
class NoAllies(Effect):
    effect: Literal["no-allies"]


# ------------------------------------------------------------------ triggered card effects
@TRIGGERED.effect
class Gain(Effect):
    effect: Literal["gain"]
    n: int


@TRIGGERED.effect
class Lose(Effect):
    effect: Literal["lose"]
    n: int


@TRIGGERED.effect
class Pay(Effect):
    effect: Literal["pay"]
    n: int
    onto_card: bool = False


@TRIGGERED.effect
class TakeGemsHere(Effect):
    effect: Literal["take-gems-here"]


@TRIGGERED.effect
class PlaceGems(Effect):
    effect: Literal["place-gems"]
    n: int


@TRIGGERED.effect
class SellTrophy(Effect):
    effect: Literal["sell-trophy"]
    hazard: str
    gems: int


@TRIGGERED.effect
class CharmTable(Effect):
    """Roll the lucky charm: the effects of the face rolled run."""

    effect: Literal["charm-table"]
    neutral: Triggered
    happy: Triggered
    wink: Triggered

    def on(self, face: str) -> tuple[Effect, ...]:
        if face == "happy":
            return self.happy
        if face == "wink":
            return self.wink
        return self.neutral


@TRIGGERED.effect
class OutcomeCheck(Effect):
    """Draw an Outcome card: ``min`` or more runs ``success``, else ``failure``."""

    effect: Literal["outcome-check"]
    min: int
    success: Triggered
    failure: Triggered


@TRIGGERED.effect
class DrawEquipment(Effect):
    effect: Literal["draw-equipment"]
    n: int
    keep: int


@TRIGGERED.effect
class DrawRarity(Effect):
    effect: Literal["draw-rarity"]


@TRIGGERED.effect
class ShopTake(Effect):
    effect: Literal["shop-take"]


@TRIGGERED.effect
class TakeTucked(Effect):
    effect: Literal["take-tucked"]


@TRIGGERED.effect
class TuckEquipment(Effect):
    effect: Literal["tuck-equipment"]
    n: int


@TRIGGERED.effect
class Market(Effect):
    effect: Literal["market"]


@TRIGGERED.effect
class Smith(Effect):
    effect: Literal["smith"]
    bonus: int


@TRIGGERED.effect
class LearnRecipe(Effect):
    effect: Literal["learn-recipe"]


@TRIGGERED.effect
class ReturnOutcomes(Effect):
    effect: Literal["return-outcomes"]
    n: int


@TRIGGERED.effect
class DiscardEquipment(Effect):
    effect: Literal["discard-equipment"]
    n: int


@TRIGGERED.effect
class DiscardTrophy(Effect):
    effect: Literal["discard-trophy"]
    type: HazardType | None = None


@TRIGGERED.effect
class DiscardIngredient(Effect):
    effect: Literal["discard-ingredient"]
    n: int


@TRIGGERED.effect
class MissTurn(Effect):
    effect: Literal["miss-turn"]


@TRIGGERED.effect
class SendHome(Effect):
    effect: Literal["send-home"]


@TRIGGERED.effect
class TravelToCity(Effect):
    effect: Literal["travel-to-city"]


@TRIGGERED.effect
class Leave(Effect):
    effect: Literal["leave"]


@TRIGGERED.effect
class MoveHazard(Effect):
    effect: Literal["move-hazard"]
    region: WildType


@TRIGGERED.effect
class ClearRegion(Effect):
    effect: Literal["clear-region"]


@TRIGGERED.effect
class Disaster(Effect):
    effect: Literal["disaster"]
    region: WildType


@TRIGGERED.effect
class Rescue(Effect):
    effect: Literal["rescue"]


@TRIGGERED.effect
class Shipwreck(Effect):
    effect: Literal["shipwreck"]


# the effects a triggered effect holds, run by it (by field, for the refs of the nested effects)
NESTED: dict[type[Effect], tuple[str, ...]] = {
    CharmTable: ("neutral", "happy", "wink"),
    OutcomeCheck: ("success", "failure"),
}


# ------------------------------------------------------------------ entry models
class Region(Entry):
    id: str
    name: str
    type: Literal["city", "beach", "forest", "mine", "mountain", "swamp"]
    coastal: bool
    tiles: int
    bridges: list[str]
    position: str | None = None
    number: int | None = None
    source: Source


class MapDoc(Entry):
    regions: list[Region]


class StartingEquipment(Entry):
    name: str
    abilities: Abilities
    source: Source


class Pauper(Entry):
    id: str
    name: str
    trade: str
    city: str
    side: Literal["2", "3-4"]
    colour: str
    equipment: StartingEquipment
    source: Source


class Bird(Entry):
    id: str
    name: str
    trained: Abilities
    source: Source


class Ally(Entry):
    id: str
    name: str
    effects: AllyEffects
    source: Source


class OutcomeCard(Entry):
    number: int
    ally: str | None = None


class OutcomeDoc(Entry):
    colours: list[str]
    deck: list[OutcomeCard]
    allies: list[Ally]
    source: Source


class Ingredient(Entry):
    id: str
    name: str
    region: WildType
    recipes: list[str]
    source: Source


class Recipe(Entry):
    id: str
    name: str
    copies: int
    ingredients: list[str]
    abilities: Abilities
    source: Source


class Equipment(Entry):
    id: str
    name: str
    cost: int
    uses: Literal["1", "2", "unlimited", "weapon"]
    copies: int = 1
    abilities: Abilities
    acquire: Triggered = ()
    tags: list[str] = []
    rarity: bool = False
    source: Source


class EquipmentDoc(Entry):
    equipment: list[Equipment]
    rarities: list[Equipment]


class Option(Entry):
    label: str
    effects: Triggered


class RegionCard(Entry):
    id: str
    name: str
    kind: Literal["hazard", "event", "ingredient", "disaster", "villager", "rest"]
    copies: int = 1
    text: str = ""
    # hazards
    strength: int = 0
    type: HazardType | None = None
    gems: int = 0
    provides: dict[str, Any] | None = None
    fail: Triggered = ()
    appear: Triggered = ()
    ongoing: OngoingRules = ()
    # events
    icon: Literal["pauper", "bird"] | None = None
    options: list[Option] = []
    stays: Literal["discard", "forever", "until", "removed"] = "discard"
    until: str | None = None
    leave_when_empty: bool = False
    # ingredients
    ingredient: str | None = None
    fragile: bool = False
    source: Source


class RegionDecks(Entry):
    beach: list[RegionCard]
    forest: list[RegionCard]
    mine: list[RegionCard]
    mountain: list[RegionCard]
    swamp: list[RegionCard]


class Objective(Entry):
    kind: Literal[
        "gems",
        "equipment",
        "trophies",
        "trophy_type",
        "trophy_name",
        "defeat",
        "rescue",
        "shipwreck",
    ]
    n: int = 1
    types: list[HazardType] = []
    names: list[str] = []
    regions: list[WildType] = []
    min_strength: int = 0


class Quest(Entry):
    id: str
    name: str
    copies: int = 1
    text: str = ""
    objective: Objective
    reward: list[Triggered]
    tower: bool = False
    wild: bool = False
    pie: bool = False
    pauper_only: bool = False
    source: Source


class Numbers(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


# what the rules themselves give for a victory: an Equipment card or a Rarity
VICTORY_EQUIPMENT = DrawEquipment(effect="draw-equipment", n=1, keep=1)
VICTORY_RARITY = DrawRarity(effect="draw-rarity")


# ------------------------------------------------------------------ the loaded content
class Content:
    """Every static table, keyed by ids; card instances get ids like ``beach.pest.2``."""

    def __init__(self, data_dir: Path = DATA) -> None:
        self.dir = data_dir
        self.regions: dict[str, Region] = {
            r.id: r for r in _document(data_dir / "map.yaml", MapDoc, regions=Region).regions
        }
        self.paupers = load_entries(data_dir / "paupers.yaml", Pauper)
        self.birds = load_entries(data_dir / "birds.yaml", Bird)
        self.outcome_doc = _document(data_dir / "outcomes.yaml", OutcomeDoc, allies=Ally)
        self.allies = {a.id: a for a in self.outcome_doc.allies}
        self.ingredients = load_entries(data_dir / "ingredients.yaml", Ingredient)
        self.recipes = load_entries(data_dir / "recipes.yaml", Recipe)
        equipment = _document(
            data_dir / "equipment.yaml", EquipmentDoc, equipment=Equipment, rarities=Equipment
        )
        self.equipment = {e.id: e for e in equipment.equipment}
        self.rarities = {e.id: e for e in equipment.rarities}
        self.decks = _document(
            data_dir / "region_cards.yaml", RegionDecks, **dict.fromkeys(WILD, RegionCard)
        )
        self.quests = load_entries(data_dir / "quests.yaml", Quest)
        raw = load_document(data_dir / "components.yaml", Numbers).model_dump()
        self.numbers: dict[str, Any] = raw
        # the rule numbers by name (``round_limit``, ``extra_move_cost``, ...)
        self.number: dict[str, int] = {k: int(v["value"]) for k, v in raw.items() if "value" in v}
        self.charm_faces: list[dict[str, Any]] = raw["lucky_charm"]["faces"]
        self.lucky_charm: Die[dict[str, Any]] = Die("lucky charm", tuple(self.charm_faces))
        self.solo: dict[str, Any] = load_document(data_dir / "solo.yaml", Numbers).model_dump()
        self._card_instances()
        self.neighbours = {r.id: tuple(r.bridges) for r in self.regions.values()}
        self.city_adjacent = {
            r.id: any(self.regions[b].type == "city" for b in r.bridges if b in self.regions)
            for r in self.regions.values()
        }
        self.wild_regions = {
            t: tuple(r.id for r in self.regions.values() if r.type == t) for t in WILD
        }
        self._effect_refs()
        # every card id's printed name, by its id (asked for at nearly every action's log line)
        self.card_names: dict[str, str] = self._card_names()

    def _card_names(self) -> dict[str, str]:
        """Each card instance's name: a Region card, an Equipment, Quest or Recipe card; an
        Outcome card by its number (and its ally); a Pauper's starting Equipment."""
        names: dict[str, str] = {}
        for table in (self.recipe, self.quest, self.item, self.region_card):
            names.update((cid, str(card.name)) for cid, card in table.items())
        for cid, card in self.outcome.items():
            names.setdefault(
                cid, f"{card.number}" + (f" ({self.allies[card.ally].name})" if card.ally else "")
            )
        for pauper_id, pauper in self.paupers.items():
            names.setdefault(f"starting.{pauper_id}", pauper.equipment.name)
        return names

    def _card_instances(self) -> None:
        """Each card's instances, one id per copy (``beach.pest.2``, ``eq.rope.1``)."""
        self.region_card: dict[str, RegionCard] = {}
        self.region_deck_of: dict[str, str] = {}
        self.deck_lists: dict[str, list[str]] = {}
        for deck in WILD:
            ids: list[str] = []
            for entry in self.region_cards(deck):
                for k in range(1, entry.copies + 1):
                    cid = f"{deck}.{entry.id}.{k}"
                    self.region_card[cid] = entry
                    self.region_deck_of[cid] = deck
                    ids.append(cid)
            self.deck_lists[deck] = ids
        self.item: dict[str, Equipment] = {}
        self.equipment_list = self._copies("eq", self.equipment.values(), self.item)
        self.rarity_list: list[str] = []
        for e in self.rarities.values():
            self.item[f"rar.{e.id}"] = e
            self.rarity_list.append(f"rar.{e.id}")
        self.quest: dict[str, Quest] = {}
        self.quest_list = self._copies("q", self.quests.values(), self.quest)
        self.recipe: dict[str, Recipe] = {}
        self.recipe_list = self._copies("rec", self.recipes.values(), self.recipe)
        self.outcome: dict[str, OutcomeCard] = {}
        self.outcome_lists: dict[str, list[str]] = {}
        for colour in self.outcome_doc.colours:
            ids = []
            for i, outcome in enumerate(self.outcome_doc.deck):
                cid = f"{colour}-{i + 1:02d}"
                self.outcome[cid] = outcome
                ids.append(cid)
            self.outcome_lists[colour] = ids

    @staticmethod
    def _copies(prefix: str, entries: Iterable[Any], into: dict[str, Any]) -> list[str]:
        ids = []
        for entry in entries:
            for k in range(1, entry.copies + 1):
                cid = f"{prefix}.{entry.id}.{k}"
                into[cid] = entry
                ids.append(cid)
        return ids

    def region_cards(self, deck: str) -> list[RegionCard]:
        """The cards of one Region deck, as printed (one entry per card, its copies counted)."""
        cards: list[RegionCard] = getattr(self.decks, deck)
        return cards

    def _effect_refs(self) -> None:
        """Every triggered effect by its ref, the card and place it is printed at (the state's
        effect queue holds refs, never copies: ``beach.pest.fail.0``, ``q.orphanage.reward.0.1``,
        the nested ``...options.0.1.happy.0``), and each effect's ref by its identity."""
        self._at: dict[str, Effect] = {}
        self._ref: dict[int, str] = {}
        for deck in WILD:
            for card in self.region_cards(deck):
                ref = f"{deck}.{card.id}"
                self._index(card.fail, f"{ref}.fail")
                self._index(card.appear, f"{ref}.appear")
                for i, option in enumerate(card.options):
                    self._index(option.effects, f"{ref}.options.{i}")
        for quest in self.quests.values():
            for i, reward in enumerate(quest.reward):
                self._index(reward, f"q.{quest.id}.reward.{i}")
        for prefix, table in (("eq", self.equipment), ("rar", self.rarities)):
            for e in table.values():
                self._index(e.acquire, f"{prefix}.{e.id}.acquire")
        self._index((VICTORY_EQUIPMENT,), "rules.victory.equipment", alone=True)
        self._index((VICTORY_RARITY,), "rules.victory.rarity", alone=True)

    def _index(self, effects: Iterable[Effect], ref: str, alone: bool = False) -> None:
        for i, effect in enumerate(effects):
            at = ref if alone else f"{ref}.{i}"
            self._at[at] = effect
            self._ref.setdefault(id(effect), at)
            for field in NESTED.get(type(effect), ()):
                self._index(getattr(effect, field), f"{at}.{field}")

    def effect_at(self, ref: str) -> Effect:
        """The triggered effect printed at ``ref``."""
        return self._at[ref]

    def ref(self, effect: Effect) -> str:
        """Where a triggered effect of this content is printed (its ref)."""
        return self._ref[id(effect)]

    def refs(self) -> dict[str, Effect]:
        """Every triggered effect by its ref (a copy)."""
        return dict(self._at)

    def card_name(self, cid: str) -> str:
        """A card instance's printed name (:meth:`_card_names`); an unknown id as it is."""
        return self.card_names.get(cid, cid)

    def region_name(self, region: str) -> str:
        """A Region's printed name (a City's too); an unknown id as it is."""
        return self.regions[region].name if region in self.regions else str(region)


def _document(path: Path, model: type[M], **lists: type[Entry]) -> M:
    """A whole file as one model, its ``lists`` of entries validated one by one first, so an
    error names the entry by its id (``region_cards.yaml, entry 'pest', field 'fail.0'``)."""
    raw = read_data(path)
    if not isinstance(raw, dict):
        raise ContentError(str(path), "expected a mapping of sections")
    parsed = dict(raw)
    for key, entry in lists.items():
        items = raw.get(key)
        if not isinstance(items, list):
            raise ContentError(str(path), f"missing the list {key!r}")
        parsed[key] = [
            validate_entry(entry, item, str(path), str(_entry_id(item, i)))
            for i, item in enumerate(items)
        ]
    return validate_entry(model, parsed, str(path), path.stem)


def _entry_id(raw: Any, i: int) -> str:
    return str(raw.get("id", f"#{i + 1}")) if isinstance(raw, Mapping) else f"#{i + 1}"


@lru_cache(maxsize=4)
def solo_ids(table: str) -> tuple[str, ...]:
    """The ids of the solo data's ``scenarios`` or ``difficulties``, in file order, read without
    loading the whole content (the game's parameters list them at import)."""
    return tuple(read_data(DATA / "solo.yaml")[table])


@lru_cache(maxsize=1)
def content() -> Content:
    """The shared content (loaded once per process)."""
    return Content()
