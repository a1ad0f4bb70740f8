"""Static content of Paupers' Ladder: pydantic models over the YAML in ``data/``, the closed effect
vocabulary, lint, and the id lookups the rules use. Loaded once per process and shared by states."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr

from tabletop.engine.components import Die
from tabletop.engine.content import (
    EffectVocabulary,
    Entry,
    check_references,
    load_document,
    load_entries,
    read_data,
)
from tabletop.engine.errors import ContentError

from . import card_effects as ce
from .card_effects import CardEffect, effect_from_data, effects_from_data

DATA = Path(__file__).parent / "data"

WILD = ("beach", "forest", "mine", "mountain", "swamp")
CITIES = ("bluevale", "blacksand", "greyhaven", "lilacsville")
HAZARD_TYPES = ("humanoid", "vermin", "magical", "undead", "trap", "dragon")
VIRTUES = ("generosity", "knowledge", "bravery", "magnificence", "fellowship")
Source = Literal["rulebook", "designed"]
Effect = dict[str, Any]
RegionCond = Literal["beach", "forest", "mine", "mountain", "swamp", "coastal", "city-adjacent"]
WildType = Literal["beach", "forest", "mine", "mountain", "swamp"]
HazardType = Literal["humanoid", "vermin", "magical", "undead", "trap", "dragon"]


# ------------------------------------------------------------------ entry models
def _private(model: BaseModel, name: str) -> Any:
    """A private attribute of a model read straight from its store (pydantic's attribute lookup
    of private names is slow, and the typed card effects are read on the hot path)."""
    private = model.__pydantic_private__
    assert private is not None
    return private[name]


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
    abilities: list[Effect]
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
    trained: list[Effect]
    source: Source


class Ally(Entry):
    id: str
    name: str
    effects: list[Effect]
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
    abilities: list[Effect]
    source: Source


class Equipment(Entry):
    id: str
    name: str
    cost: int
    uses: Literal["1", "2", "unlimited", "weapon"]
    copies: int = 1
    abilities: list[Effect]
    acquire: list[Effect] = []
    tags: list[str] = []
    rarity: bool = False
    source: Source
    _acquire: tuple[CardEffect, ...] = PrivateAttr(default=())

    @property
    def acquire_effects(self) -> tuple[CardEffect, ...]:
        """ACQUIRE as typed models (built at load)."""
        return _private(self, "_acquire")  # type: ignore[no-any-return]


class EquipmentDoc(Entry):
    equipment: list[Equipment]
    rarities: list[Equipment]


class Option(Entry):
    label: str
    effects: list[Effect]
    _typed: tuple[CardEffect, ...] = PrivateAttr(default=())

    @property
    def card_effects(self) -> tuple[CardEffect, ...]:
        """The option's effects as typed models (built at load)."""
        return _private(self, "_typed")  # type: ignore[no-any-return]


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
    fail: list[Effect] = []
    appear: list[Effect] = []
    ongoing: list[Effect] = []
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
    _fail: tuple[CardEffect, ...] = PrivateAttr(default=())
    _appear: tuple[CardEffect, ...] = PrivateAttr(default=())

    @property
    def fail_effects(self) -> tuple[CardEffect, ...]:
        """FAIL as typed models (built at load)."""
        return _private(self, "_fail")  # type: ignore[no-any-return]

    @property
    def appear_effects(self) -> tuple[CardEffect, ...]:
        """APPEAR as typed models (built at load)."""
        return _private(self, "_appear")  # type: ignore[no-any-return]


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
    reward: list[list[Effect]]
    tower: bool = False
    wild: bool = False
    pie: bool = False
    pauper_only: bool = False
    source: Source
    _reward: tuple[tuple[CardEffect, ...], ...] = PrivateAttr(default=())

    @property
    def reward_effects(self) -> tuple[tuple[CardEffect, ...], ...]:
        """Each reward option as typed models (built at load)."""
        return _private(self, "_reward")  # type: ignore[no-any-return]


class Numbers(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


# ------------------------------------------------------------------ effect vocabulary
class _P(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NoParams(_P):
    pass


class N(_P):
    n: int


class Weapon(_P):
    bonus: int
    vs_type: HazardType | None = None
    vs_bonus: int = 0


class FightBonus(_P):
    bonus: int
    region: RegionCond | None = None
    vs_type: HazardType | None = None


class Boost(_P):
    bonus: int
    vs_type: HazardType | None = None
    charges: int | None = None


class PeekRegion(_P):
    n: int
    before_move: bool = False


class Transmute(_P):
    gems: int


class TurnGems(_P):
    n: int
    below: int | None = None


class Discount(_P):
    n: int
    tag: str | None = None


class AllyBonus(_P):
    bonus: int
    region: RegionCond


class AllyDraw(_P):
    region: RegionCond


class AllyPay(_P):
    cost: int
    bonus: int


class Pay(_P):
    n: int
    onto_card: bool = False


class CharmTable(_P):
    neutral: list[Effect]
    happy: list[Effect]
    wink: list[Effect]


class OutcomeCheck(_P):
    min: int
    success: list[Effect]
    failure: list[Effect]


class DrawEquipment(_P):
    n: int
    keep: int


class Smith(_P):
    bonus: int


class SellTrophy(_P):
    hazard: str
    gems: int


class RegionParam(_P):
    region: WildType


class DiscardTrophy(_P):
    type: HazardType | None = None


VOCAB = EffectVocabulary("paupers-ladder")
_EFFECTS: dict[str, type[BaseModel]] = {
    # abilities of Equipment, Recipes, Birds and starting Equipment
    "weapon": Weapon,
    "weapon_gems": NoParams,
    "fight_bonus": FightBonus,
    "boost": Boost,
    "peek_outcome": N,
    "peek_region": PeekRegion,
    "recall": N,
    "free_moves": N,
    "charm_free": NoParams,
    "collect_gems": N,
    "teleport_city": NoParams,
    "swim": NoParams,
    "transmute": Transmute,
    "defeat_gems": N,
    "turn_gems": TurnGems,
    "discount": Discount,
    "discount_roll": NoParams,
    "unlimited_inventory": NoParams,
    "bird_moves": N,
    "idle_gems": N,
    "sell_bonus": N,
    # allies on Outcome cards
    "ally_bonus": AllyBonus,
    "ally_draw": AllyDraw,
    "ally_pay": AllyPay,
    # encounters, FAIL, APPEAR, ONGOING and rewards
    "gain": N,
    "lose": N,
    "pay": Pay,
    "charm_table": CharmTable,
    "outcome_check": OutcomeCheck,
    "draw_equipment": DrawEquipment,
    "draw_rarity": NoParams,
    "shop_take": NoParams,
    "take_tucked": NoParams,
    "take_gems_here": NoParams,
    "market": NoParams,
    "smith": Smith,
    "miss_turn": NoParams,
    "sell_trophy": SellTrophy,
    "learn_recipe": NoParams,
    "return_outcomes": N,
    "rescue": NoParams,
    "shipwreck": NoParams,
    "leave": NoParams,
    "disaster": RegionParam,
    "send_home": NoParams,
    "discard_equipment": N,
    "discard_trophy": DiscardTrophy,
    "discard_ingredient": N,
    "move_hazard": RegionParam,
    "clear_region": NoParams,
    "no_allies": NoParams,
    "place_gems": N,
    "tuck_equipment": N,
    "toll": N,
    "travel_to_city": NoParams,
}
for _name, _model in _EFFECTS.items():
    VOCAB.define(_name, _model)

NESTED = {"charm_table": ("neutral", "happy", "wink"), "outcome_check": ("success", "failure")}


# Two vocabularies kept apart (and a third for allies): static abilities, in force while a card is
# held (Equipment, Recipes, Birds, starting Equipment), and triggered effects that run once when a
# card is met, fought, completed or acquired (Region cards' options, FAIL, APPEAR, ONGOING, Quest
# rewards, ACQUIRE). A name from one vocabulary in a field of the other is refused at load.
ABILITIES = frozenset(
    {
        "weapon",
        "weapon_gems",
        "fight_bonus",
        "boost",
        "peek_outcome",
        "peek_region",
        "recall",
        "free_moves",
        "charm_free",
        "collect_gems",
        "teleport_city",
        "swim",
        "transmute",
        "defeat_gems",
        "turn_gems",
        "discount",
        "discount_roll",
        "unlimited_inventory",
        "bird_moves",
        "idle_gems",
        "sell_bonus",
    }
)
ALLY_EFFECTS = frozenset({"ally_bonus", "ally_draw", "ally_pay"})
ONGOING = frozenset({"toll", "no_allies"})  # a Region card's rule while it lies face up
CARD_EFFECTS = frozenset(_EFFECTS) - ABILITIES - ALLY_EFFECTS - ONGOING
VOCABULARIES = {
    "ability": (ABILITIES, "a static ability (of Equipment, a Recipe or a Bird)"),
    "ally": (ALLY_EFFECTS, "an ally's effect"),
    "ongoing": (ONGOING, "an ONGOING rule of a Region card"),
    "card": (CARD_EFFECTS, "a triggered card effect"),
}


def check_effects(
    effects: list[Effect],
    file: str,
    entry: str,
    field: str,
    kind: str = "card",
    vocabulary_only: bool = False,
) -> list[str]:
    """Problems with a list of effects in one field: names of the wrong vocabulary for the field
    (``kind``: ability, ally or card) and, unless ``vocabulary_only``, unknown names and bad
    parameters."""
    allowed, what = VOCABULARIES[kind]
    out: list[str] = []
    for eff in effects:
        if not isinstance(eff, dict):
            out.append(f"{file}, entry {entry!r}: an effect must be a mapping, got {eff!r}")
            continue
        name = eff.get("effect")
        if name in VOCAB.effects and name not in allowed:
            other = next(w for k, (names, w) in VOCABULARIES.items() if name in names)
            out.append(f"{file}, entry {entry!r}, field {field!r}: {name!r} is {other}, not {what}")
            continue
        if not vocabulary_only:
            out.extend(VOCAB.check(eff, file, entry))
        for key in NESTED.get(str(name), ()):
            inner = eff.get(key)
            if isinstance(inner, list):
                out.extend(
                    check_effects(inner, file, entry, f"{field}.{key}", kind, vocabulary_only)
                )
    return out


# ------------------------------------------------------------------ the loaded content
class Content:
    """Every static table, keyed by ids; card instances get ids like ``beach.pest.2``."""

    def __init__(self, data_dir: Path = DATA) -> None:
        self.dir = data_dir
        self.regions: dict[str, Region] = {
            r.id: r for r in load_document(data_dir / "map.yaml", MapDoc).regions
        }
        self.paupers = load_entries(data_dir / "paupers.yaml", Pauper)
        self.birds = load_entries(data_dir / "birds.yaml", Bird)
        self.outcome_doc = load_document(data_dir / "outcomes.yaml", OutcomeDoc)
        self.allies = {a.id: a for a in self.outcome_doc.allies}
        self.ingredients = load_entries(data_dir / "ingredients.yaml", Ingredient)
        self.recipes = load_entries(data_dir / "recipes.yaml", Recipe)
        eqdoc = load_document(data_dir / "equipment.yaml", EquipmentDoc)
        self.equipment = {e.id: e for e in eqdoc.equipment}
        self.rarities = {e.id: e for e in eqdoc.rarities}
        self.decks = load_document(data_dir / "region_cards.yaml", RegionDecks)
        self.quests = load_entries(data_dir / "quests.yaml", Quest)
        raw = load_document(data_dir / "components.yaml", Numbers).model_dump()
        self.numbers: dict[str, Any] = raw
        self.charm_faces: list[dict[str, Any]] = raw["lucky_charm"]["faces"]
        self.lucky_charm: Die[dict[str, Any]] = Die("lucky charm", tuple(self.charm_faces))
        self.solo: dict[str, Any] = load_document(data_dir / "solo.yaml", Numbers).model_dump()

        # card instances
        self.region_card: dict[str, RegionCard] = {}
        self.region_deck_of: dict[str, str] = {}
        self.deck_lists: dict[str, list[str]] = {}
        for deck in WILD:
            ids: list[str] = []
            for card in getattr(self.decks, deck):
                for k in range(1, card.copies + 1):
                    cid = f"{deck}.{card.id}.{k}"
                    self.region_card[cid] = card
                    self.region_deck_of[cid] = deck
                    ids.append(cid)
            self.deck_lists[deck] = ids
        self.item: dict[str, Equipment] = {}
        self.equipment_list: list[str] = []
        for e in self.equipment.values():
            for k in range(1, e.copies + 1):
                cid = f"eq.{e.id}.{k}"
                self.item[cid] = e
                self.equipment_list.append(cid)
        self.rarity_list: list[str] = []
        for e in self.rarities.values():
            cid = f"rar.{e.id}"
            self.item[cid] = e
            self.rarity_list.append(cid)
        self.quest: dict[str, Quest] = {}
        self.quest_list: list[str] = []
        for q in self.quests.values():
            for k in range(1, q.copies + 1):
                cid = f"q.{q.id}.{k}"
                self.quest[cid] = q
                self.quest_list.append(cid)
        self.recipe: dict[str, Recipe] = {}
        self.recipe_list: list[str] = []
        for r in self.recipes.values():
            for k in range(1, r.copies + 1):
                cid = f"rec.{r.id}.{k}"
                self.recipe[cid] = r
                self.recipe_list.append(cid)
        self.outcome: dict[str, OutcomeCard] = {}
        self.outcome_lists: dict[str, list[str]] = {}
        for colour in self.outcome_doc.colours:
            ids = []
            for i, oc in enumerate(self.outcome_doc.deck):
                cid = f"{colour}-{i + 1:02d}"
                self.outcome[cid] = oc
                ids.append(cid)
            self.outcome_lists[colour] = ids
        self.neighbours = {r.id: tuple(r.bridges) for r in self.regions.values()}
        self.city_adjacent = {
            r.id: any(self.regions[b].type == "city" for b in r.bridges if b in self.regions)
            for r in self.regions.values()
        }
        self.wild_regions = {
            t: tuple(r.id for r in self.regions.values() if r.type == t) for t in WILD
        }
        # an effect of the wrong vocabulary (a weapon in an event option) would crash in play
        problems = self.effect_problems(vocabulary_only=True)
        if problems:
            raise ContentError(str(self.dir), "; ".join(problems))
        self._build_card_effects()

    def _build_card_effects(self) -> None:
        """Build the triggered card effects as typed models, once, from the data checked against
        the vocabulary (a bad parameter is refused here: it would otherwise crash in play), and
        index them by their ref for the effect queues of the states."""
        problems = self.effect_problems(triggered_only=True)
        if problems:
            raise ContentError(str(self.dir), "; ".join(problems))
        index: dict[str, CardEffect] = {}
        self.card_effect = index
        for deck in WILD:
            for c in getattr(self.decks, deck):
                ref = f"{deck}.{c.id}"
                c._fail = effects_from_data(c.fail, f"{ref}.fail", index)
                c._appear = effects_from_data(c.appear, f"{ref}.appear", index)
                for i, o in enumerate(c.options):
                    o._typed = effects_from_data(o.effects, f"{ref}.options.{i}", index)
        for q in self.quests.values():
            q._reward = tuple(
                effects_from_data(opt, f"q.{q.id}.reward.{i}", index)
                for i, opt in enumerate(q.reward)
            )
        for prefix, table in (("eq", self.equipment), ("rar", self.rarities)):
            for e in table.values():
                e._acquire = effects_from_data(e.acquire, f"{prefix}.{e.id}.acquire", index)
        # what the rules themselves give for a victory: an Equipment card or a Rarity
        self.victory_equipment = effect_from_data(
            {"effect": "draw_equipment", "n": 1, "keep": 1}, "rules.victory.equipment", index
        )
        self.victory_rarity = effect_from_data(
            {"effect": "draw_rarity"}, "rules.victory.rarity", index
        )

    def card_name(self, cid: str) -> str:
        for table in (self.region_card, self.item, self.quest, self.recipe):
            if cid in table:
                return str(table[cid].name)
        if cid in self.outcome:
            oc = self.outcome[cid]
            return f"{oc.number}" + (f" ({self.allies[oc.ally].name})" if oc.ally else "")
        if cid.startswith("starting."):
            return self.paupers[cid.split(".", 1)[1]].equipment.name
        return cid

    # -------------------------------------------------------------- lint
    def effect_problems(
        self, vocabulary_only: bool = False, triggered_only: bool = False
    ) -> list[str]:
        """Every effect list checked against the vocabulary of its field (at load: only that;
        lint checks names and parameters too). ``triggered_only``: only the triggered card
        effects, names and parameters (what the typed models are built from)."""
        if triggered_only:
            return self._triggered_problems()
        out: list[str] = []
        v = vocabulary_only
        f = str(self.dir / "paupers.yaml")
        for p in self.paupers.values():
            out += check_effects(
                p.equipment.abilities, f, p.id, "equipment.abilities", "ability", vocabulary_only=v
            )
        f = str(self.dir / "birds.yaml")
        for bird in self.birds.values():
            out += check_effects(bird.trained, f, bird.id, "trained", "ability", vocabulary_only=v)
        f = str(self.dir / "outcomes.yaml")
        for a in self.allies.values():
            out += check_effects(a.effects, f, a.id, "effects", "ally", vocabulary_only=v)
        f = str(self.dir / "recipes.yaml")
        for rec in self.recipes.values():
            out += check_effects(
                rec.abilities, f, rec.id, "abilities", "ability", vocabulary_only=v
            )
        f = str(self.dir / "equipment.yaml")
        for e in [*self.equipment.values(), *self.rarities.values()]:
            out += check_effects(e.abilities, f, e.id, "abilities", "ability", vocabulary_only=v)
        f = str(self.dir / "region_cards.yaml")
        for deck in WILD:
            for c in getattr(self.decks, deck):
                out += check_effects(c.ongoing, f, c.id, "ongoing", "ongoing", vocabulary_only=v)
        return out + self._triggered_problems(vocabulary_only=v)

    def _triggered_problems(self, vocabulary_only: bool = False) -> list[str]:
        out: list[str] = []
        v = vocabulary_only
        f = str(self.dir / "equipment.yaml")
        for e in [*self.equipment.values(), *self.rarities.values()]:
            out += check_effects(e.acquire, f, e.id, "acquire", vocabulary_only=v)
        f = str(self.dir / "region_cards.yaml")
        for deck in WILD:
            for c in getattr(self.decks, deck):
                for fld in ("fail", "appear"):
                    out += check_effects(getattr(c, fld), f, c.id, fld, vocabulary_only=v)
                for i, o in enumerate(c.options):
                    out += check_effects(
                        o.effects, f, c.id, f"options[{i}].effects", vocabulary_only=v
                    )
        f = str(self.dir / "quests.yaml")
        for q in self.quests.values():
            for i, opt in enumerate(q.reward):
                out += check_effects(opt, f, q.id, f"reward[{i}]", vocabulary_only=v)
        return out

    def lint(self, players_counts: tuple[int, ...] = (2, 3, 4)) -> list[str]:
        out: list[str] = self.effect_problems()
        f = str(self.dir / "map.yaml")
        cities = [r for r in self.regions.values() if r.type == "city"]
        if sorted(c.id for c in cities) != sorted(CITIES):
            out.append(f"{f}: the cities must be exactly {', '.join(CITIES)}")
        for r in self.regions.values():
            out += check_references(f, r.id, "bridges", r.bridges, self.regions, "region")
            for b in r.bridges:
                if b in self.regions and r.id not in self.regions[b].bridges:
                    out.append(f"{f}, entry {r.id!r}, field 'bridges': bridge to {b!r} is one-way")
            if r.type == "city" and len(r.bridges) != 3:
                out.append(f"{f}, entry {r.id!r}, field 'bridges': a City joins exactly 3 Regions")
            if r.type != "city" and r.tiles < 1:
                out.append(f"{f}, entry {r.id!r}, field 'tiles': a wild Region needs tiles")
        mines = [r for r in self.regions.values() if r.type == "mine"]
        if len(mines) != 3 or sorted(m.number or 0 for m in mines) != [1, 2, 3]:
            out.append(f"{f}: there must be 3 Mine Regions numbered 1-3")
        if any(m.coastal for m in mines):
            out.append(f"{f}: the Mine Regions lie in the middle of the board (not coastal)")
        pos = {c.id: c.position for c in cities}
        if {pos.get("bluevale"), pos.get("blacksand")} != {"south-west", "north-east"}:
            out.append(f"{f}: Bluevale and Blacksand must be diagonally opposite")
        if not any(self.regions[b].type == "beach" for b in self.neighbours.get("bluevale", ())):
            out.append(f"{f}, entry 'bluevale': a Beach Region must join Bluevale")
        if len([r for r in self.regions.values() if r.type == "beach"]) < 2:
            out.append(f"{f}: there must be several Beach Regions")
        # counts
        f = str(self.dir / "paupers.yaml")
        if len(self.paupers) != 8:
            out.append(f"{f}: expected 8 Paupers, found {len(self.paupers)}")
        for side in ("2", "3-4"):
            ps = [p for p in self.paupers.values() if p.side == side]
            if sorted(p.city for p in ps) != sorted(CITIES):
                out.append(f"{f}: the {side!r} side needs one Pauper per City")
        for p in self.paupers.values():
            out += check_references(f, p.id, "city", [p.city], set(CITIES), "city")
            if p.colour not in self.outcome_doc.colours:
                out.append(f"{f}, entry {p.id!r}, field 'colour': no Outcome deck {p.colour!r}")
        f = str(self.dir / "birds.yaml")
        if len(self.birds) != 8:
            out.append(f"{f}: expected 8 Birds, found {len(self.birds)}")
        f = str(self.dir / "outcomes.yaml")
        if len(self.outcome_doc.deck) != 36 or len(self.outcome_doc.colours) != 4:
            out.append(f"{f}: expected 4 Outcome decks of 36")
        for i, oc in enumerate(self.outcome_doc.deck):
            if oc.ally is not None:
                out += check_references(f, f"#{i + 1}", "ally", [oc.ally], self.allies, "ally")
        f = str(self.dir / "recipes.yaml")
        if len(self.recipe_list) != 36:
            out.append(f"{f}: expected 36 Recipe cards, found {len(self.recipe_list)}")
        for rec in self.recipes.values():
            out += check_references(
                f, rec.id, "ingredients", rec.ingredients, self.ingredients, "ingredient"
            )
            if len(rec.ingredients) != 3:
                out.append(f"{f}, entry {rec.id!r}, field 'ingredients': needs 3 ingredients")
        f = str(self.dir / "ingredients.yaml")
        for ing in self.ingredients.values():
            out += check_references(f, ing.id, "recipes", ing.recipes, self.recipes, "recipe")
            if len(ing.recipes) != 4:
                out.append(f"{f}, entry {ing.id!r}, field 'recipes': serves exactly 4 Recipes")
            for rid in ing.recipes:
                if rid in self.recipes and ing.id not in self.recipes[rid].ingredients:
                    out.append(f"{f}, entry {ing.id!r}, field 'recipes': {rid!r} does not list it")
        f = str(self.dir / "equipment.yaml")
        if len(self.equipment_list) != 66:
            out.append(f"{f}: expected 66 Equipment cards, found {len(self.equipment_list)}")
        if len(self.rarity_list) != 12:
            out.append(f"{f}: expected 12 Rarities, found {len(self.rarity_list)}")
        for need in ("dragonsbane", "spirit-blade"):
            if need not in self.rarities:
                out.append(f"{f}: the Rarity {need!r} is missing")
        for e in [*self.equipment.values(), *self.rarities.values()]:
            if e.cost < 1:
                out.append(f"{f}, entry {e.id!r}, field 'cost': must be at least 1")
        f = str(self.dir / "region_cards.yaml")
        for deck in WILD:
            cards = getattr(self.decks, deck)
            n = sum(c.copies for c in cards)
            if n != 48:
                out.append(f"{f}, deck {deck!r}: expected 48 cards, found {n}")
            kinds = {c.kind for c in cards}
            for k in ("hazard", "event", "ingredient", "disaster", "villager", "rest"):
                if k not in kinds:
                    out.append(f"{f}, deck {deck!r}: has no {k} card")
            if not any(c.type == "dragon" for c in cards):
                out.append(f"{f}, deck {deck!r}: a dragon resides in each wild deck")
            if not any(c.fragile for c in cards):
                out.append(f"{f}, deck {deck!r}: has no fragile ingredient")
            seen: set[str] = set()
            for c in cards:
                if c.id in seen:
                    out.append(f"{f}, deck {deck!r}, entry {c.id!r}: duplicate id")
                seen.add(c.id)
                if c.kind == "hazard":
                    if c.strength < 1 or c.type is None:
                        out.append(f"{f}, entry {c.id!r}: a hazard needs strength and type")
                    prov = c.provides or {}
                    if "ingredient" in prov:
                        out += check_references(
                            f,
                            c.id,
                            "provides.ingredient",
                            [prov["ingredient"]],
                            self.ingredients,
                            "ingredient",
                        )
                elif c.kind == "ingredient":
                    out += check_references(
                        f, c.id, "ingredient", [c.ingredient or ""], self.ingredients, "ingredient"
                    )
                elif not c.options:
                    out.append(f"{f}, entry {c.id!r}, field 'options': an event needs options")
        mine = self.decks.mine
        if sum(c.copies for c in mine if c.type == "undead") != 9:
            out.append(f"{f}, deck 'mine': needs exactly 9 undead")
        if sum(c.copies for c in mine if c.type == "trap") != 2:
            out.append(f"{f}, deck 'mine': needs exactly 2 traps")
        if not any(c.name == "necromancer" for c in mine):
            out.append(f"{f}, deck 'mine': needs the necromancer")
        hazard_names = {c.name for c in self.region_card.values() if c.kind == "hazard"}
        for deck in WILD:
            for c in getattr(self.decks, deck):
                for o in c.options:
                    for e in o.effects:
                        if e.get("effect") == "sell_trophy":
                            out += check_references(
                                f,
                                c.id,
                                "options.sell_trophy.hazard",
                                [str(e.get("hazard"))],
                                hazard_names,
                                "hazard",
                            )
        f = str(self.dir / "quests.yaml")
        for q in self.quests.values():
            out += check_references(
                f, q.id, "objective.names", q.objective.names, hazard_names, "hazard"
            )
        if len(self.quest_list) != 34:
            out.append(f"{f}: expected 34 Quest cards, found {len(self.quest_list)}")
        for q in self.quests.values():
            if q.wild and q.tower:
                out.append(f"{f}, entry {q.id!r}: a Quest cannot be both wild and tower")
            if q.objective.kind in ("defeat", "rescue", "shipwreck") and not q.wild:
                out.append(
                    f"{f}, entry {q.id!r}, field 'wild': a wild objective needs the mountain icon"
                )
        return out


@lru_cache(maxsize=4)
def solo_ids(table: str) -> tuple[str, ...]:
    """The ids of the solo data's ``scenarios`` or ``difficulties``, in file order, read without
    loading the whole content (the game's parameters list them at import)."""
    return tuple(read_data(DATA / "solo.yaml")[table])


@lru_cache(maxsize=1)
def content() -> Content:
    """The shared content (loaded once per process)."""
    try:
        return Content()
    except ContentError:
        raise


_REGION_WORDS = {"coastal": "in coastal Regions", "city-adjacent": "next to a City"}


def _where(e: Effect) -> str:
    parts = []
    if e.get("vs_type"):
        parts.append(f"against {e['vs_type']}")
    if e.get("region"):
        r = str(e["region"])
        parts.append(_REGION_WORDS.get(r, f"in {r.capitalize()} Regions"))
    return (" " + " ".join(parts)) if parts else ""


def effect_text(e: Effect) -> str:
    """A short English phrase for one ability effect (used by the terminal UI)."""
    k = e.get("effect")
    words: dict[str, str] = {
        "weapon": f"weapon +{e.get('bonus')}"
        + (f" (+{e.get('vs_bonus')} more against {e.get('vs_type')})" if e.get("vs_type") else ""),
        "weapon_gems": "weapon: + the Gems on it, then remove 1",
        "fight_bonus": f"+{e.get('bonus')} Strength{_where(e)}",
        "boost": f"+{e.get('bonus')} Strength in one fight{_where(e)}",
        "peek_outcome": f"peek at and reorder the top {e.get('n')} Outcome cards",
        "peek_region": f"peek at the top {e.get('n')} card(s) of a Region deck"
        + (" before moving" if e.get("before_move") else ", then reorder them"),
        "recall": f"explore one of the top {e.get('n')} discards instead of drawing",
        "free_moves": f"{e.get('n')} free extra move(s) a turn",
        "charm_free": "the lucky charm costs no Gem",
        "collect_gems": f"collect {e.get('n')} Gems",
        "teleport_city": "instead of moving, go to any City",
        "swim": "from a Beach, move straight to any coastal Region",
        "transmute": f"instead of exploring, discard an ingredient here for {e.get('gems')} Gems",
        "defeat_gems": f"+{e.get('n')} Gems for each victory",
        "turn_gems": f"+{e.get('n')} Gem(s) at the start of your turn"
        + (f" when you hold fewer than {e.get('below')}" if e.get("below") else ""),
        "discount": f"buying costs {e.get('n')} less"
        + (f" ({e.get('tag')}s)" if e.get("tag") else ""),
        "discount_roll": "roll the lucky charm in a Shop: its number comes off a price",
        "unlimited_inventory": "no Inventory limit",
        "bird_moves": f"moves up to {e.get('n')} Regions",
        "idle_gems": f"+{e.get('n')} Gem if it neither moved nor fought",
        "sell_bonus": f"+{e.get('n')} Gems when it sells",
    }
    return words.get(str(k), str(k))


def abilities_text(effects: list[Effect]) -> str:
    return "; ".join(effect_text(e) for e in effects)


_CARD_WORDS = {
    "gain": "collect {n} Gems",
    "lose": "lose {n} Gems",
    "pay": "pay {n} Gems",
    "draw_rarity": "draw 1 Rarity",
    "shop_take": "take a card from a Shop",
    "take_tucked": "take the card tucked here",
    "take_gems_here": "take the Gems on this card",
    "market": "use the market",
    "miss_turn": "miss your next turn",
    "learn_recipe": "learn a Recipe In Learning at once",
    "return_outcomes": "shuffle {n} discarded Outcome cards back",
    "rescue": "rescue the villager",
    "shipwreck": "search the shipwreck",
    "leave": "leave this Region",
    "send_home": "go back to your home City",
    "discard_equipment": "discard {n} Equipment",
    "discard_ingredient": "discard {n} ingredient(s)",
    "clear_region": "clear this Region",
    "no_allies": "no allies may help",
    "place_gems": "place {n} Gems here",
    "tuck_equipment": "tuck {n} Equipment under this card",
    "toll": "pay a toll of {n} Gem(s) to explore here",
    "travel_to_city": "travel to a City of your choice",
}


def effect_words(e: Effect | CardEffect) -> str:
    """One effect of any card, of either vocabulary, in plain words: the one effect-to-words
    table (the web page, the terminal and the rules' action words all use it). A triggered card
    effect is read from its typed model; a static ability from its data."""
    if not isinstance(e, CardEffect):  # an ability, an ally or an ONGOING rule
        name = str(e.get("effect"))
        return _CARD_WORDS[name].format(n=e.get("n")) if name in _CARD_WORDS else effect_text(e)
    k = e.kind
    if k in _CARD_WORDS:
        return _CARD_WORDS[k].format(n=getattr(e, "n", None))
    if isinstance(e, ce.DrawEquipment):
        return f"draw {e.n} Equipment, keep {e.keep}"
    if isinstance(e, ce.Smith):
        return f"a smith adds +{e.bonus} to a weapon"
    if isinstance(e, ce.SellTrophy):
        return f"sell a {e.hazard} trophy for {e.gems} Gems"
    if isinstance(e, ce.Disaster):
        return f"discard all cards from {_capital(e.region)} Regions"
    if isinstance(e, ce.MoveHazard):
        return f"the hazard moves to another {_capital(e.region)} Region"
    if isinstance(e, ce.DiscardTrophy):
        return f"discard a {e.type} trophy" if e.type else "discard a trophy"
    if isinstance(e, ce.OutcomeCheck):
        ok = "; ".join(effect_words(x) for x in e.success)
        bad = "; ".join(effect_words(x) for x in e.failure)
        return f"draw an Outcome card: {e.min}+ {ok}" + (f", else {bad}" if bad else "")
    if isinstance(e, ce.CharmTable):
        return "roll the lucky charm"
    return k


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
