"""Static content of Paper Tales: Units, Buildings, Necropolis and Lich King cards as pydantic
models over the YAML in ``data/``, with card abilities in a closed, typed effect vocabulary.

An ability is either *static* (it always applies and the rules query it: production, strength,
fighting from the Back, land cost) or *triggered* (it fires in one phase: Deployment, Wars,
Income, Aging, when its Unit dies, at the end of the game). The two families are separate unions
of models, and a card lists them apart (``static`` and ``triggers``); the linter rejects one in
the other's list, a trigger in a phase it cannot fire in, and a count that means nothing there.
Loaded once per process and shared by every state.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tabletop.engine.content import Entry, read_data
from tabletop.engine.errors import ContentError

DATA = Path(__file__).parent / "data"

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
class Produce(Model):
    """Produces ``n`` of a resource (times the counts in ``per``), if the condition holds."""

    effect: Literal["produce"]
    resource: Resource
    n: int = Field(1, ge=1)
    per: list[Count] = []
    cond: Condition | None = Field(None, alias="if")


class StrengthSet(Model):
    """The Unit's strength is ``value`` instead of its printed one while the condition holds."""

    effect: Literal["strength-set"]
    value: int = Field(ge=0)
    cond: Condition = Field(alias="if")


class StrengthAdd(Model):
    """The Unit gains ``n`` strength per each count."""

    effect: Literal["strength-add"]
    n: int
    per: list[Count]


class KingdomStrength(Model):
    """The Kingdom's war strength gains ``n`` per each count (a Building's bonus)."""

    effect: Literal["kingdom-strength"]
    n: int
    per: list[Count] = []


class FightsFromBack(Model):
    effect: Literal["fights-from-back"]


class CannotFight(Model):
    effect: Literal["cannot-fight"]
    cond: Condition = Field(alias="if")


class NeverDies(Model):
    effect: Literal["never-dies"]


class DiesAtAge(Model):
    """Dies in the Aging phase only when it carries at least ``n`` Age tokens."""

    effect: Literal["dies-at-age"]
    n: int = Field(ge=1)


class NoLandCost(Model):
    effect: Literal["no-land-cost"]


class GoldForResource(Model):
    """Construction: 1 Gold may stand in for each missing resource of these kinds."""

    effect: Literal["gold-for-resource"]
    resources: list[Resource]


StaticEffect = Annotated[
    Produce
    | StrengthSet
    | StrengthAdd
    | KingdomStrength
    | FightsFromBack
    | CannotFight
    | NeverDies
    | DiesAtAge
    | NoLandCost
    | GoldForResource,
    Field(discriminator="effect"),
]


# ------------------------------------------------------------------ triggered abilities
class Trigger(Model):
    when: Phase
    flip: bool = False  # Deployment only: fires only in the Deployment the card is revealed
    cond: Condition | None = Field(None, alias="if")


class AgeSelf(Trigger):
    effect: Literal["age-self"]
    n: int = Field(ge=1)


class AgeOthers(Trigger):
    """Every other Unit of the owner's Kingdom takes ``n`` Age tokens."""

    effect: Literal["age-others"]
    n: int = Field(ge=1)


class AgeOne(Trigger):
    """The owner chooses one Unit of theirs; it takes ``n`` Age tokens (times the counts)."""

    effect: Literal["age-one"]
    n: int = Field(ge=1)
    per: list[Count] = []


class UnageOne(Trigger):
    """The owner chooses one Unit of theirs carrying Age tokens; ``n`` of them come off."""

    effect: Literal["unage-one"]
    n: int = Field(ge=1)


class UpgradeOne(Trigger):
    """The owner chooses one Level 1 Building of theirs; it turns to Level 2, free."""

    effect: Literal["upgrade-one"]


class Echo(Trigger):
    """The When-revealed abilities of another Unit revealed this turn resolve once more."""

    effect: Literal["echo"]


class UpgradeBuildings(Trigger):
    """Every Level 1 Building of the owner turns to Level 2, free."""

    effect: Literal["upgrade-buildings"]


class Shapeshift(Trigger):
    effect: Literal["shapeshift"]
    max_cost: int = Field(alias="max-cost")
    age: int = Field(ge=0)


class GainLp(Trigger):
    """``n`` Legend Points (negative: lost) times the counts. ``last``: resolved after every other
    ability of the same phase (the Kraken's penalty)."""

    effect: Literal["gain-lp"]
    n: int
    per: list[Count] = []
    last: bool = False


class GainGold(Trigger):
    effect: Literal["gain-gold"]
    n: int
    per: list[Count] = []


class SaveOne(Trigger):
    """Aging: the owner may save one Unit carrying a single Age token from dying."""

    effect: Literal["save-one"]


TriggeredEffect = Annotated[
    AgeSelf
    | AgeOthers
    | AgeOne
    | UnageOne
    | UpgradeOne
    | Echo
    | UpgradeBuildings
    | Shapeshift
    | GainLp
    | GainGold
    | SaveOne,
    Field(discriminator="effect"),
]

STATIC_MODELS: tuple[type[Model], ...] = (
    Produce,
    StrengthSet,
    StrengthAdd,
    KingdomStrength,
    FightsFromBack,
    CannotFight,
    NeverDies,
    DiesAtAge,
    NoLandCost,
    GoldForResource,
)
TRIGGER_MODELS: tuple[type[Model], ...] = (
    AgeSelf,
    AgeOthers,
    AgeOne,
    UnageOne,
    UpgradeOne,
    Echo,
    UpgradeBuildings,
    Shapeshift,
    GainLp,
    GainGold,
    SaveOne,
)


def _effect_name(model: type[Model]) -> str:
    return str(model.model_fields["effect"].annotation.__args__[0])  # type: ignore[union-attr]


STATIC_NAMES = frozenset(_effect_name(m) for m in STATIC_MODELS)
TRIGGER_NAMES = frozenset(_effect_name(m) for m in TRIGGER_MODELS)
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

    def words(self) -> str:
        parts = [f"{self.need(r)} {r.capitalize()}" for r in RESOURCES if self.need(r)]
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


class Necropolis(Entry):
    id: str
    pile: Literal["1", "2", "3", "4", "end"]
    gain: int = Field(ge=0)
    black: int = Field(ge=0)
    purple: int = Field(ge=0)
    quest: Quest | None = None
    note: str = ""
    source: Source


class LkWarLp(Model):
    """The Lich King scores ``n`` more LP per War his armies win."""

    effect: Literal["lk-war-lp"]
    n: int = Field(ge=1)


class LkArmy(Model):
    effect: Literal["lk-army"]
    army: Literal["black", "purple"]
    n: int = Field(ge=1)


class LkGainLp(Model):
    """Every Immediate Gain of the Lich King is ``n`` LP higher."""

    effect: Literal["lk-gain-lp"]
    n: int = Field(ge=1)


LichAbility = Annotated[LkWarLp | LkArmy | LkGainLp, Field(discriminator="effect")]


class LichKing(Entry):
    id: str
    name: str
    ability: LichAbility
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
        self.units = {u.id: u for u in units}
        self.buildings = {b.id: b for b in buildings}
        self.necropolis = {n.id: n for n in necropolis}
        self.lich = {x.id: x for x in lich}
        # card instances: "<unit id>.<copy number>", one per printed copy
        self.instance_type: dict[str, Unit] = {}
        for u in units:
            for k in range(1, u.copies + 1):
                self.instance_type[f"{u.id}.{k}"] = u

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
            for ab in abilities:
                if not isinstance(ab, dict):
                    problems.append(f"{file}, entry {ident!r}: {where}{key}: not a mapping")
                    continue
                name = ab.get("effect")
                at = f"{file}, entry {ident!r}, {where}{key}, effect {name!r}"
                if name not in STATIC_NAMES | TRIGGER_NAMES:
                    known = ", ".join(sorted(STATIC_NAMES | TRIGGER_NAMES))
                    problems.append(f"{at}: unknown effect (known: {known})")
                    continue
                if key == "static" and name in TRIGGER_NAMES:
                    problems.append(f"{at}: a triggered ability listed with the static ones")
                    continue
                if key == "triggers" and name in STATIC_NAMES:
                    problems.append(f"{at}: a static ability listed with the triggered ones")
                    continue
                if key == "triggers":
                    phase = ab.get("when")
                    if phase not in TRIGGER_PHASES[name]:
                        allowed = ", ".join(sorted(TRIGGER_PHASES[name]))
                        problems.append(f"{at}: cannot fire in phase {phase!r} ({allowed})")
                    if ab.get("flip") and phase != "deploy":
                        problems.append(f"{at}: 'flip' belongs to Deployment abilities only")
                for count in ab.get("per") or []:
                    only = PHASE_ONLY_COUNTS.get(count)
                    phase = ab.get("when") if key == "triggers" else None
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
        c = game_content()
        base = [u for u in c.units.values() if not u.expansion]
        if len(base) != 42 or sum(u.copies for u in base) != 81:
            problems.append(
                f"units.yaml: the base game has 42 Unit types and 81 cards; found {len(base)} "
                f"types and {sum(u.copies for u in base)} cards"
            )
        if len([b for b in c.buildings.values() if not b.expansion]) != 5:
            problems.append("buildings.yaml: the base game has 5 Buildings")
        new = [u for u in c.units.values() if u.expansion]
        if len(new) != 13 or sum(u.copies for u in new) != 20:
            problems.append(
                f"units.yaml: Beyond the Gates has 20 Unit cards (13 types); found "
                f"{sum(u.copies for u in new)} cards of {len(new)} types"
            )
        if len([b for b in c.buildings.values() if b.expansion]) != 6:
            problems.append("buildings.yaml: Beyond the Gates has 6 Buildings")
        if len([b for b in c.buildings.values() if b.tile]) != 7:
            problems.append("buildings.yaml: Beyond the Gates has 7 Building tiles")
        for b in c.buildings.values():
            if [lv.level for lv in b.levels] != [1, 2]:
                problems.append(f"buildings.yaml, entry {b.id!r}: levels must be 1 then 2")
        for pile in ("1", "2", "3", "4", "end"):
            cards = [n for n in c.necropolis.values() if n.pile == pile]
            if len(cards) != 4:
                problems.append(f"necropolis.yaml: pile {pile} must hold 4 cards, not {len(cards)}")
            for n in cards:
                if (pile == "end") != (n.quest is None):
                    problems.append(
                        f"necropolis.yaml, entry {n.id!r}: a Quest Bonus on every card but END"
                    )
                if n.quest is not None:
                    problems += _lint_quest(n.id, n.quest)
        if len(c.lich) != 4:
            problems.append(f"lich_king.yaml: 4 Lich King cards, not {len(c.lich)}")
    return problems


def _lint_quest(ident: str, q: Quest) -> list[str]:
    at = f"necropolis.yaml, entry {ident!r}, field 'quest'"
    needs = {
        "produces": "resource",
        "cost-at-least": "n",
        "cost-at-most": "n",
        "strength-at-least": "n",
        "strength-at-most": "n",
        "ability": "phase",
    }[q.test]
    if getattr(q, needs) is None:
        return [f"{at}: test {q.test!r} needs {needs!r}"]
    return []


@lru_cache(maxsize=1)
def game_content() -> Content:
    units = _load_list("units.yaml", Unit)
    buildings = _load_list("buildings.yaml", Building)
    necropolis = _load_list("necropolis.yaml", Necropolis)
    lich = _load_list("lich_king.yaml", LichKing)
    return Content(units, buildings, necropolis, lich)
