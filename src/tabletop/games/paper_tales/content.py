# Over 600 lines: every card model, the three effect families and the data linter: one schema.
"""Static content of Paper Tales: Units, Buildings, Necropolis and Lich King cards as pydantic
models over the YAML in ``data/``, with card abilities in closed, typed effect vocabularies.

An ability is either *static* (it always applies and the rules query it: production, strength,
fighting from the Back, land cost) or *triggered* (it fires in one phase: Deployment, Wars,
Income, Aging, when its Unit dies, at the end of the game); the Lich King's cards have static
abilities of their own. Each family is one :class:`~tabletop.engine.effects.EffectTable`: every
model joins its table here, once (``@STATIC.effect``), its handler once where the rules are
(``effects.py``), and the content's fields take the union the table derives. A card lists the
two families apart (``static`` and ``triggers``); the linter rejects one in the other's list, a
trigger in a phase it cannot fire in, and a count that means nothing there. Loaded once per
process and shared by every state.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tabletop.engine.content import Entry, read_data
from tabletop.engine.effects import Effect, EffectTable
from tabletop.engine.errors import ContentError

DATA = Path(__file__).parent / "data"
GAME = "paper-tales"

RESOURCES = ("wood", "food", "crystal")
Resource = Literal["wood", "food", "crystal"]
Source = Literal["card", "rulebook", "designed"]
# What an ability may count. Resources count what the whole Kingdom produces (Units and
# Buildings); the others are named for what they count.
Count = Literal[
    "wood",
    "food",
    "crystal",
    "age-on-self",
    "age-in-kingdom",
    "wars-won",
    "level-2-buildings",
    "buildings",
    "strong-units",
    "age-on-dying-units",
    "dying-units",
    "income-gold",
    "units",
]
Phase = Literal["deploy", "wars", "income", "aging", "dies", "end-of-game"]

# the three families of abilities, each effect declared once in its table (handlers: effects.py)
STATIC: EffectTable[Callable[..., Any]] = EffectTable(GAME, "static")
TRIGGERED: EffectTable[Callable[..., Any]] = EffectTable(GAME, "triggered")
LICH_KING: EffectTable[Callable[..., Any]] = EffectTable(GAME, "lich-king")


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


# ------------------------------------------------------------------ conditions
class Produces(Model):
    test: Literal["produces"]
    resource: Resource


class Aged(Model):
    test: Literal["aged"]


class AgeExactly(Model):
    test: Literal["age-exactly"]
    n: int = Field(ge=0)


class InFront(Model):
    test: Literal["front"]


Condition = Annotated[Produces | Aged | AgeExactly | InFront, Field(discriminator="test")]


# ------------------------------------------------------------------ static abilities
@STATIC.effect
class Produce(Effect):
    """Produces ``n`` of a resource (times the counts in ``per``), if the condition holds."""

    effect: Literal["produce"]
    resource: Resource
    n: int = Field(1, ge=1)
    per: list[Count] = []
    cond: Condition | None = Field(None, alias="if")


@STATIC.effect
class StrengthSet(Effect):
    """The Unit's strength is ``value`` instead of its printed one while the condition holds."""

    effect: Literal["strength-set"]
    value: int = Field(ge=0)
    cond: Condition = Field(alias="if")


@STATIC.effect
class StrengthAdd(Effect):
    """The Unit gains ``n`` strength per each count."""

    effect: Literal["strength-add"]
    n: int
    per: list[Count]


@STATIC.effect
class KingdomStrength(Effect):
    """The Kingdom's war strength gains ``n`` per each count (a Building's bonus)."""

    effect: Literal["kingdom-strength"]
    n: int
    per: list[Count] = []


@STATIC.effect
class FightsFromBack(Effect):
    effect: Literal["fights-from-back"]


@STATIC.effect
class CannotFight(Effect):
    effect: Literal["cannot-fight"]
    cond: Condition = Field(alias="if")


@STATIC.effect
class NeverDies(Effect):
    effect: Literal["never-dies"]


@STATIC.effect
class DiesAtAge(Effect):
    """Dies in the Aging phase only when it carries at least ``n`` Age tokens."""

    effect: Literal["dies-at-age"]
    n: int = Field(ge=1)


@STATIC.effect
class NoLandCost(Effect):
    effect: Literal["no-land-cost"]


@STATIC.effect
class GoldForResource(Effect):
    """Construction: 1 Gold may stand in for each missing resource of these kinds."""

    effect: Literal["gold-for-resource"]
    resources: list[Resource]


# ------------------------------------------------------------------ triggered abilities
class Trigger(Effect):
    """What every triggered ability says: its phase, whether it fires only in the Deployment
    that reveals its card, and its condition."""

    when: Phase
    flip: bool = False
    cond: Condition | None = Field(None, alias="if")


@TRIGGERED.effect
class AgeSelf(Trigger):
    effect: Literal["age-self"]
    n: int = Field(ge=1)


@TRIGGERED.effect
class AgeOthers(Trigger):
    """Every other Unit of the owner's Kingdom takes ``n`` Age tokens."""

    effect: Literal["age-others"]
    n: int = Field(ge=1)


@TRIGGERED.effect
class AgeOne(Trigger):
    """The owner chooses one Unit of theirs; it takes ``n`` Age tokens (times the counts)."""

    effect: Literal["age-one"]
    n: int = Field(ge=1)
    per: list[Count] = []


@TRIGGERED.effect
class UnageOne(Trigger):
    """The owner chooses one Unit of theirs carrying Age tokens; ``n`` of them come off."""

    effect: Literal["unage-one"]
    n: int = Field(ge=1)


@TRIGGERED.effect
class UpgradeOne(Trigger):
    """The owner chooses one Level 1 Building of theirs; it turns to Level 2, free."""

    effect: Literal["upgrade-one"]


@TRIGGERED.effect
class Echo(Trigger):
    """The When-revealed abilities of another Unit revealed this turn resolve once more."""

    effect: Literal["echo"]


@TRIGGERED.effect
class UpgradeBuildings(Trigger):
    """Every Level 1 Building of the owner turns to Level 2, free."""

    effect: Literal["upgrade-buildings"]


@TRIGGERED.effect
class Shapeshift(Trigger):
    effect: Literal["shapeshift"]
    max_cost: int = Field(alias="max-cost")
    age: int = Field(ge=0)


@TRIGGERED.effect
class GainLp(Trigger):
    """``n`` Legend Points (negative: lost) times the counts. ``last``: resolved after every other
    ability of the same phase (the Kraken's penalty)."""

    effect: Literal["gain-lp"]
    n: int
    per: list[Count] = []
    last: bool = False


@TRIGGERED.effect
class GainGold(Trigger):
    effect: Literal["gain-gold"]
    n: int
    per: list[Count] = []


@TRIGGERED.effect
class SaveOne(Trigger):
    """Aging: the owner may save one Unit carrying a single Age token from dying."""

    effect: Literal["save-one"]


# ------------------------------------------------------------------ the Lich King's abilities
@LICH_KING.effect
class LichKingWarLp(Effect):
    """The Lich King scores ``n`` more LP per War his armies win."""

    effect: Literal["lich-king-war-lp"]
    n: int = Field(ge=1)


@LICH_KING.effect
class LichKingArmy(Effect):
    """One of the Lich King's armies is ``n`` stronger."""

    effect: Literal["lich-king-army"]
    army: Literal["black", "purple"]
    n: int = Field(ge=1)


@LICH_KING.effect
class LichKingGainLp(Effect):
    """Every Immediate Gain of the Lich King is ``n`` LP higher."""

    effect: Literal["lich-king-gain-lp"]
    n: int = Field(ge=1)


if TYPE_CHECKING:  # the unions the tables derive, as the type checker sees them
    StaticEffect = Effect
    TriggeredEffect = Trigger
    LichKingAbility = Effect
else:
    StaticEffect = STATIC.union()
    TriggeredEffect = TRIGGERED.union()
    LichKingAbility = LICH_KING.union()

# The phases in which each triggered ability may fire, and the counts that mean something there.
TRIGGER_PHASES: dict[str, frozenset[str]] = {
    "age-self": frozenset({"deploy"}),
    "age-others": frozenset({"deploy"}),
    "age-one": frozenset({"deploy"}),
    "unage-one": frozenset({"deploy"}),
    "upgrade-one": frozenset({"deploy"}),
    "echo": frozenset({"deploy"}),
    "upgrade-buildings": frozenset({"deploy"}),
    "shapeshift": frozenset({"deploy"}),
    "gain-lp": frozenset({"deploy", "wars", "aging", "dies", "end-of-game"}),
    "gain-gold": frozenset({"deploy", "wars", "income", "aging", "dies"}),
    "save-one": frozenset({"aging"}),
}
PHASE_ONLY_COUNTS: dict[str, frozenset[str]] = {
    "wars-won": frozenset({"wars"}),
    "age-on-dying-units": frozenset({"aging"}),
    "dying-units": frozenset({"aging"}),
}


# ------------------------------------------------------------------ entries
class Unit(Entry):
    id: str
    name: str
    copies: int = Field(ge=1, le=3)
    cost: int = Field(ge=-1)
    strength: int = Field(ge=0)
    static: list[StaticEffect] = []
    triggers: list[TriggeredEffect] = []
    text: str
    expansion: bool = False
    source: Source

    def cost_words(self) -> str:
        """What it costs to deploy: ``2 Gold``, ``free``, or the Monkey's ``gives 1 Gold``."""
        if self.cost < 0:
            return f"gives {-self.cost} Gold"
        return f"{self.cost} Gold" if self.cost else "free"


class Cost(Model):
    """One way to pay: resources the Kingdom must produce (never spent) and Gold (spent)."""

    wood: int = Field(0, ge=0)
    food: int = Field(0, ge=0)
    crystal: int = Field(0, ge=0)
    gold: int = Field(0, ge=0)

    def need(self, resource: str) -> int:
        return int(getattr(self, resource))

    def plus(self, other: Cost) -> Cost:
        return Cost(
            wood=self.wood + other.wood,
            food=self.food + other.food,
            crystal=self.crystal + other.crystal,
            gold=self.gold + other.gold,
        )

    def resource_words(self) -> str:
        """The resources it needs (``1 Wood + 1 Crystal``), or an empty string."""
        return " + ".join(f"{self.need(r)} {r.capitalize()}" for r in RESOURCES if self.need(r))

    def words(self) -> str:
        parts = [self.resource_words()] if self.resource_words() else []
        if self.gold:
            parts.append(f"{self.gold} Gold")
        return " + ".join(parts) or "nothing"


class BuildingLevel(Model):
    level: Literal[1, 2]
    lp: int = Field(ge=0)
    cost: list[Cost] = Field(min_length=1)
    static: list[StaticEffect] = []
    triggers: list[TriggeredEffect] = []
    text: str


class Building(Entry):
    id: str
    name: str
    levels: list[BuildingLevel] = Field(min_length=2, max_length=2)
    expansion: bool = False
    tile: bool = False  # Beyond the Gates: one of the 7 Building tiles, 3 of which are revealed
    source: Source

    def level(self, n: int) -> BuildingLevel:
        return self.levels[n - 1]


class Quest(Model):
    """A Necropolis Quest Bonus: ``lp`` for each Netherworld Unit passing the test."""

    lp: int = Field(ge=1)
    test: Literal[
        "produces",
        "cost-at-least",
        "cost-at-most",
        "strength-at-least",
        "strength-at-most",
        "ability",
    ]
    resource: Resource | None = None
    n: int | None = None
    phase: Phase | None = None

    def words(self) -> str:
        """What the Quest asks of a Netherworld Unit, in our words."""
        n = self.n
        return {
            "produces": f"producing {str(self.resource).capitalize()}",
            "cost-at-least": f"costing {n} Gold or more",
            "cost-at-most": f"costing {n} Gold or less",
            "strength-at-least": f"of strength {n} or more",
            "strength-at-most": f"of strength {n} or less",
            "ability": f"with a {PHASE_WORDS.get(str(self.phase), str(self.phase))} ability",
        }[self.test]


# a phase as a card names it
PHASE_WORDS = {
    "deploy": "Deployment",
    "wars": "Wars",
    "income": "Income",
    "aging": "Aging",
    "dies": "death",
    "end-of-game": "end-of-game",
}


class Necropolis(Entry):
    id: str
    pile: Literal["1", "2", "3", "4", "end"]
    gain: int = Field(ge=0)
    black: int = Field(ge=0)
    purple: int = Field(ge=0)
    quest: Quest | None = None
    note: str = ""
    source: Source

    @property
    def name(self) -> str:
        """``Necropolis 2: Tyrants``, from its pile and id."""
        label = "END" if self.pile == "end" else self.pile
        return f"Necropolis {label}: {self.id.split('-', 1)[1].capitalize()}"

    def text(self) -> str:
        """The card in our words: its gain, its armies, its Quest Bonus."""
        words = (
            f"Immediate Gain {self.gain} LP. Black army {self.black}, Purple army {self.purple}."
        )
        if self.quest is not None:
            words += f" Quest Bonus: {self.quest.lp} LP per Netherworld Unit {self.quest.words()}."
        return words


class LichKing(Entry):
    id: str
    name: str
    ability: LichKingAbility
    text: str
    source: Source


class Content:
    """Every card of the game, by id, with the lookups the rules use."""

    def __init__(
        self,
        units: list[Unit],
        buildings: list[Building],
        necropolis: list[Necropolis],
        lich: list[LichKing],
    ) -> None:
        self.units = {unit.id: unit for unit in units}
        self.buildings = {building.id: building for building in buildings}
        self.necropolis = {card.id: card for card in necropolis}
        self.lich = {card.id: card for card in lich}
        # each card's abilities by model and by phase (rules/kingdom.py, abilities), found on
        # first use: static content, shared by every state and never copied
        self.unit_abilities: dict[str, Any] = {}
        self.building_abilities: dict[tuple[str, int], Any] = {}
        # card instances: "<unit id>.<copy number>", one per printed copy
        self.instance_type: dict[str, Unit] = {}
        for unit in units:
            for copy in range(1, unit.copies + 1):
                self.instance_type[f"{unit.id}.{copy}"] = unit

    def unit(self, card: str) -> Unit:
        return self.instance_type[card]

    def deck(self, *, base: bool = True, expansion: bool = False) -> list[str]:
        return [c for c, u in self.instance_type.items() if (expansion if u.expansion else base)]

    def lint(self) -> list[str]:
        return lint_data()


def _load_list(name: str, model: type[Entry]) -> list[Any]:
    path = DATA / name
    raw = read_data(path)
    problems = _lint_raw(name, raw)
    if problems:
        raise ContentError(str(path), problems[0])
    out = []
    seen: set[str] = set()
    for i, entry in enumerate(raw):
        ident = str(entry.get("id", f"#{i + 1}")) if isinstance(entry, dict) else f"#{i + 1}"
        try:
            item = model.model_validate(entry)
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(p) for p in err["loc"])
            raise ContentError(str(path), err["msg"], entry=ident, field=loc or None) from None
        if ident in seen:
            raise ContentError(str(path), "duplicate id", entry=ident, field="id")
        seen.add(ident)
        out.append(item)
    return out


def _abilities(entry: dict[str, Any]) -> list[tuple[str, str, list[Any]]]:
    """(where, list name, abilities) for a Unit entry or each level of a Building entry."""
    out = [("", key, entry.get(key) or []) for key in ("static", "triggers")]
    for lv in entry.get("levels") or []:
        if isinstance(lv, dict):
            where = f"level {lv.get('level')} "
            out += [(where, key, lv.get(key) or []) for key in ("static", "triggers")]
    return out


def _lint_raw(file: str, raw: Any) -> list[str]:
    """The checks pydantic cannot phrase: misplaced abilities, phases, counts."""
    if not isinstance(raw, list):
        return [f"{file}: expected a list of entries"]
    problems: list[str] = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            problems.append(f"{file}, entry #{i + 1}: not a mapping")
            continue
        ident = entry.get("id", f"#{i + 1}")
        for where, key, abilities in _abilities(entry):
            for ability in abilities:
                problems += _lint_ability(f"{file}, entry {ident!r}, {where}{key}", key, ability)
    return problems


def _lint_ability(at: str, key: str, ability: Any) -> list[str]:
    """One ability of a card's ``static`` or ``triggers`` list (``at`` says where it is)."""
    if not isinstance(ability, dict):
        return [f"{at}: not a mapping"]
    name = ability.get("effect")
    at = f"{at}, effect {name!r}"
    static, triggered = STATIC.names(), TRIGGERED.names()
    if name not in static | triggered:
        return [f"{at}: unknown effect (known: {', '.join(sorted(static | triggered))})"]
    if key == "static" and name in triggered:
        return [f"{at}: a triggered ability listed with the static ones"]
    if key == "triggers" and name in static:
        return [f"{at}: a static ability listed with the triggered ones"]
    problems = []
    phase = ability.get("when") if key == "triggers" else None
    if key == "triggers":
        if phase not in TRIGGER_PHASES[str(name)]:
            allowed = ", ".join(sorted(TRIGGER_PHASES[str(name)]))
            problems.append(f"{at}: cannot fire in phase {phase!r} ({allowed})")
        if ability.get("flip") and phase != "deploy":
            problems.append(f"{at}: 'flip' belongs to Deployment abilities only")
    for count in ability.get("per") or []:
        only = PHASE_ONLY_COUNTS.get(count)
        if only is not None and phase not in only:
            problems.append(f"{at}: count {count!r} means nothing in {phase!r}")
        if count == "income-gold" and name != "strength-add":
            problems.append(f"{at}: 'income-gold' is for strength only (Ogre)")
    return problems


def lint_data() -> list[str]:
    """Every problem in the data files (empty when all is sound)."""
    problems: list[str] = []
    files: tuple[tuple[str, type[Entry]], ...] = (
        ("units.yaml", Unit),
        ("buildings.yaml", Building),
        ("necropolis.yaml", Necropolis),
        ("lich_king.yaml", LichKing),
    )
    for name, model in files:
        try:
            raw = read_data(DATA / name)
        except ContentError as exc:
            problems.append(str(exc))
            continue
        problems += _lint_raw(name, raw)
        if not problems:
            try:
                _load_list(name, model)
            except ContentError as exc:
                problems.append(str(exc))
    if not problems:
        problems += _lint_counts(game_content())
    return problems


def _lint_counts(content: Content) -> list[str]:
    """The numbers of cards the rulebooks give, and what each pile must hold."""
    problems = []
    base = [u for u in content.units.values() if not u.expansion]
    if len(base) != 42 or sum(u.copies for u in base) != 81:
        problems.append(
            f"units.yaml: the base game has 42 Unit types and 81 cards; found {len(base)} "
            f"types and {sum(u.copies for u in base)} cards"
        )
    if len([b for b in content.buildings.values() if not b.expansion]) != 5:
        problems.append("buildings.yaml: the base game has 5 Buildings")
    new = [u for u in content.units.values() if u.expansion]
    if len(new) != 13 or sum(u.copies for u in new) != 20:
        problems.append(
            f"units.yaml: Beyond the Gates has 20 Unit cards (13 types); found "
            f"{sum(u.copies for u in new)} cards of {len(new)} types"
        )
    if len([b for b in content.buildings.values() if b.expansion]) != 6:
        problems.append("buildings.yaml: Beyond the Gates has 6 Buildings")
    if len([b for b in content.buildings.values() if b.tile]) != 7:
        problems.append("buildings.yaml: Beyond the Gates has 7 Building tiles")
    for building in content.buildings.values():
        if [side.level for side in building.levels] != [1, 2]:
            problems.append(f"buildings.yaml, entry {building.id!r}: levels must be 1 then 2")
    for pile in ("1", "2", "3", "4", "end"):
        cards = [n for n in content.necropolis.values() if n.pile == pile]
        if len(cards) != 4:
            problems.append(f"necropolis.yaml: pile {pile} must hold 4 cards, not {len(cards)}")
        for card in cards:
            if (pile == "end") != (card.quest is None):
                problems.append(
                    f"necropolis.yaml, entry {card.id!r}: a Quest Bonus on every card but END"
                )
            if card.quest is not None:
                problems += _lint_quest(card.id, card.quest)
    if len(content.lich) != 4:
        problems.append(f"lich_king.yaml: 4 Lich King cards, not {len(content.lich)}")
    return problems


def _lint_quest(ident: str, quest: Quest) -> list[str]:
    at = f"necropolis.yaml, entry {ident!r}, field 'quest'"
    needs = {
        "produces": "resource",
        "cost-at-least": "n",
        "cost-at-most": "n",
        "strength-at-least": "n",
        "strength-at-most": "n",
        "ability": "phase",
    }[quest.test]
    if getattr(quest, needs) is None:
        return [f"{at}: test {quest.test!r} needs {needs!r}"]
    return []


@lru_cache(maxsize=1)
def game_content() -> Content:
    units = _load_list("units.yaml", Unit)
    buildings = _load_list("buildings.yaml", Building)
    necropolis = _load_list("necropolis.yaml", Necropolis)
    lich = _load_list("lich_king.yaml", LichKing)
    return Content(units, buildings, necropolis, lich)
