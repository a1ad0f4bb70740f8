"""Static content of Lairs: pydantic models over the YAML in ``data/``. Effects are typed models in
a closed vocabulary, so an unknown effect or a misspelt field is refused when the content loads,
naming the file, the entry and the field.

Each family of effects is one :class:`~tabletop.engine.effects.EffectTable`: every model joins its
table here, once, and its handler once in ``effects.py``:

- :data:`TRIGGERED`: what a Strike, a reward, a Known hazard's entry or a Skull penalty does to the
  explorer, queued and run in order (``rules/queue.py``);
- :data:`CHECK`: Skull abilities that act on the check at once (The Shivers, Brain Fog);
- :data:`STATIC`: Skull abilities that change how the check counts while the skull is rolled; they
  change nothing themselves and are asked where they apply (``rules/checks.py``);
- :data:`JUNK`: what a Junk card does when it is played.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from tabletop.engine.components import Die
from tabletop.engine.content import Entry, read_data, validate_entry
from tabletop.engine.effects import Effect, EffectTable
from tabletop.engine.errors import ContentError

DATA = Path(__file__).parent / "data"

Source = Literal["rulebook", "designed"]
CubeKind = Literal["basic", "perception", "quickness", "knowhow", "brawn", "guile"]
CUBES: tuple[str, ...] = ("basic", "perception", "quickness", "knowhow", "brawn", "guile")
ATTRIBUTES: tuple[str, ...] = ("knowhow", "brawn", "guile")
STATUSES: tuple[str, ...] = ("dazed", "dazzled", "enraging", "poisoned", "sleepy", "terrified")
StatusName = Literal["dazed", "dazzled", "enraging", "poisoned", "sleepy", "terrified"]


GAME = "lairs"
TRIGGERED: EffectTable[Callable[..., None]] = EffectTable(GAME, "triggered")
CHECK: EffectTable[Callable[..., None]] = EffectTable(GAME, "check")
STATIC: EffectTable[Callable[..., Any]] = EffectTable(GAME, "static")
JUNK: EffectTable[Callable[..., None]] = EffectTable(GAME, "junk")


# ---------------------------------------------------------------- penalties (Strikes, Skulls)
@TRIGGERED.effect
class Fatigue(Effect):
    effect: Literal["fatigue"]
    n: int = Field(ge=1)
    cube: CubeKind | Literal["any"] = "any"


@TRIGGERED.effect
class Spend(Effect):
    effect: Literal["spend"]
    n: int = Field(ge=1)


@TRIGGERED.effect
class SpendAllFresh(Effect):
    effect: Literal["spend-all-fresh"]


@TRIGGERED.effect
class DiscardTreasure(Effect):
    effect: Literal["discard-treasure"]
    n: int = Field(ge=1)


@TRIGGERED.effect
class DiscardCard(Effect):
    """Discard a Junk or a Treasure card of your choice; fatigue one cube if you hold neither."""

    effect: Literal["discard-card"]


@TRIGGERED.effect
class Demote(Effect):
    effect: Literal["demote"]
    cube: CubeKind


@TRIGGERED.effect
class AddTarget(Effect):
    effect: Literal["add-target"]
    n: int = Field(ge=1)


@STATIC.effect
class SubtractRoll(Effect):
    effect: Literal["subtract-roll"]
    n: int = Field(ge=1)


@TRIGGERED.effect
class GainStatus(Effect):
    effect: Literal["status"]
    status: StatusName


@TRIGGERED.effect
class PushBack(Effect):
    effect: Literal["push-back"]


@TRIGGERED.effect
class Blink(Effect):
    """Moved directly to the Start space (ignoring distance and walls)."""

    effect: Literal["blink"]


@TRIGGERED.effect
class RelocateSelf(Effect):
    """The Builder secretly moves this Monster to an Unknown Empty space (Gnashing Retreat)."""

    effect: Literal["relocate-self"]


@TRIGGERED.effect
class RelocateMonster(Effect):
    """The Builder may move one Unknown Monster to an Unknown Empty space (Howling Beetles)."""

    effect: Literal["relocate-monster"]


@TRIGGERED.effect
class BuilderFatigue(Effect):
    """The Builder picks one of your cubes, even a Conserved one; you fatigue it."""

    effect: Literal["builder-fatigue"]


@CHECK.effect
class BuilderReroll(Effect):
    """The Builder picks up to ``n`` of your rolled dice; you reroll them."""

    effect: Literal["builder-reroll"]
    n: int = Field(ge=1)


@STATIC.effect
class BasicDiceCount(Effect):
    effect: Literal["basic-dice-count"]
    value: int


@CHECK.effect
class PowerToBasic(Effect):
    effect: Literal["power-to-basic"]


@STATIC.effect
class FacesCountZero(Effect):
    effect: Literal["faces-count-zero"]
    face: int


@STATIC.effect
class Splatter(Effect):
    """Hungry Blob: a roll that meets the Target does no damage; the Target rises to the roll."""

    effect: Literal["splatter"]


@STATIC.effect
class LoseTreasureUnlessWin(Effect):
    effect: Literal["lose-treasure-unless-win"]


# ---------------------------------------------------------------- rewards
@TRIGGERED.effect
class DrawTreasure(Effect):
    effect: Literal["draw-treasure"]
    n: int = Field(ge=1)


@TRIGGERED.effect
class TakeDisplay(Effect):
    effect: Literal["take-display"]


@TRIGGERED.effect
class GainJunk(Effect):
    effect: Literal["gain-junk"]
    n: int = Field(ge=1)


@TRIGGERED.effect
class GainVP(Effect):
    effect: Literal["gain-vp"]
    n: int = Field(ge=1)


@TRIGGERED.effect
class QuicknessCube(Effect):
    effect: Literal["quickness-cube"]


# ---------------------------------------------------------------- Junk card effects
@JUNK.effect
class AddRoll(Effect):
    effect: Literal["add-roll"]
    n: int = Field(ge=1)


@JUNK.effect
class AddDie(Effect):
    effect: Literal["add-die"]
    die: Literal["basic", "power"]


@JUNK.effect
class DisarmAdjacent(Effect):
    effect: Literal["disarm-adjacent"]


@JUNK.effect
class LearnSpace(Effect):
    effect: Literal["learn-space"]


@JUNK.effect
class Recover(Effect):
    effect: Literal["recover"]
    n: int = Field(ge=1)


@JUNK.effect
class GainFresh(Effect):
    effect: Literal["gain-fresh"]
    n: int = Field(ge=1)


def union_of(*tables: EffectTable[Any]) -> Any:
    """The discriminated union of the models of several families (a Skull holds more than one)."""
    models = tuple(model for table in tables for model in table.models())
    return Annotated[Union[models], Field(discriminator="effect")]  # noqa: UP007


if TYPE_CHECKING:  # the unions the tables derive, as the type checker sees them
    TriggeredEffect = Effect
    SkullEffect = Effect
    JunkEffect = Effect
else:
    TriggeredEffect = TRIGGERED.union()
    SkullEffect = union_of(CHECK, STATIC, TRIGGERED)
    JunkEffect = JUNK.union()
# effects that may stand in a Strike or a Skull (the rest are rewards or Junk)
PENALTIES = frozenset(
    {
        "fatigue", "spend", "spend-all-fresh", "discard-treasure", "discard-card", "demote",
        "add-target", "subtract-roll", "status", "push-back", "blink", "relocate-self",
        "relocate-monster", "builder-fatigue", "builder-reroll", "basic-dice-count",
        "power-to-basic", "faces-count-zero", "splatter", "lose-treasure-unless-win",
    }
)  # fmt: skip
REWARDS = frozenset({"draw-treasure", "take-display", "gain-junk", "gain-vp", "quickness-cube"})


# ---------------------------------------------------------------- entries
class Hazard(Entry):
    id: str
    name: str
    text: str  # the card's rules and the rulebook's clarifications, in our own words
    set: Literal["base", "pack"]
    intro: bool = False
    category: Literal["natural", "mechanical", "enchanted"]
    target: int = Field(ge=1)
    vp: int = Field(default=0, ge=0)
    weaknesses: list[CubeKind]
    strike: list[TriggeredEffect]
    strike_name: str | None = None
    skull: list[SkullEffect] = []
    skull_name: str | None = None
    on_known_entry: list[TriggeredEffect] = []
    special_name: str | None = None
    reward: list[TriggeredEffect] = []
    placement: Literal["dead-end", "hallway"] | None = None
    invisible: bool = False
    intangible: bool = False
    source: Source
    note: str | None = None
    kind: Literal["monster", "trap"] = "monster"


class Treasure(Entry):
    id: str
    name: str
    type: str
    vp: int = Field(ge=0)
    source: Source


class Junk(Entry):
    id: str
    name: str
    copies: int = Field(ge=1)
    timing: Literal["any", "disarm-check", "fight-check", "any-check", "beside-known-trap"]
    effect: JunkEffect
    cost: int = 0
    text: str
    source: Source


class Difficulty(Entry):
    walls: int
    target_bonus: int
    goal_vp: int
    rounds: int
    source: Source


class Numbers(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


class Content:
    """Every data file, validated; the look-ups the rules use."""

    def __init__(self) -> None:
        hz = read_data(DATA / "hazards.yaml")
        self.monsters: dict[str, Hazard] = {}
        self.traps: dict[str, Hazard] = {}
        for section, kind, into in (
            ("monsters", "monster", self.monsters),
            ("traps", "trap", self.traps),
        ):
            for i, raw in enumerate(hz.get(section) or []):
                name = str(raw.get("id", f"#{i + 1}")) if isinstance(raw, dict) else f"#{i + 1}"
                entry = validate_entry(Hazard, {**raw, "kind": kind}, "hazards.yaml", name)
                if entry.id in self.monsters or entry.id in self.traps:
                    raise ContentError("hazards.yaml", "duplicate id", entry=entry.id, field="id")
                into[entry.id] = entry
        self.hazards: dict[str, Hazard] = {**self.monsters, **self.traps}
        tr = read_data(DATA / "treasures.yaml")
        self.treasure_types: list[str] = list(tr["types"])
        self.collection_bonus: list[int] = [int(x) for x in tr["collection_bonus"]]
        self.treasures: dict[str, Treasure] = {}
        for i, raw in enumerate(tr["cards"]):
            t = validate_entry(Treasure, raw, "treasures.yaml", str(raw.get("id", f"#{i + 1}")))
            if t.type not in self.treasure_types:
                raise ContentError("treasures.yaml", f"unknown type {t.type!r}", t.id, "type")
            self.treasures[t.id] = t
        jk = read_data(DATA / "junk.yaml")
        self.junk: dict[str, Junk] = {}
        for i, raw in enumerate(jk["cards"]):
            j = validate_entry(Junk, raw, "junk.yaml", str(raw.get("id", f"#{i + 1}")))
            self.junk[j.id] = j
        self.numbers: dict[str, Any] = dict(read_data(DATA / "rules.yaml"))
        self.difficulties: dict[str, Difficulty] = {
            k: validate_entry(Difficulty, v, "rules.yaml", f"solo.difficulties.{k}")
            for k, v in self.numbers["solo"]["difficulties"].items()
        }
        self.basic_faces: list[int] = list(self.numbers["dice"]["basic"]["faces"])
        self.power_faces: list[int] = list(self.numbers["dice"]["power"]["faces"])
        self.monster_faces: list[str] = [str(f) for f in self.numbers["dice"]["monster"]["faces"]]
        self.basic_die: Die[int] = Die("basic die", tuple(self.basic_faces))
        self.power_die: Die[int] = Die("power die", tuple(self.power_faces))
        self.monster_die: Die[str] = Die("monster die", tuple(self.monster_faces))
        lair = self.numbers["lair"]
        self.walls_min: int = int(lair["walls_min"])
        self.walls_max: int = int(lair["walls_max"])
        self.chests: int = int(lair["chests"])
        self.n_monsters: int = int(lair["monsters"])
        self.n_traps: int = int(lair["traps"])
        problems = self.lint()
        if problems:
            raise ContentError("hazards.yaml", problems[0])

    def lint(self) -> list[str]:
        out = []
        for h in self.hazards.values():
            for part, effects in (("strike", h.strike), ("skull", h.skull)):
                for e in effects:
                    if e.effect not in PENALTIES:
                        out.append(
                            f"hazards.yaml, entry {h.id!r}, field {part!r}: "
                            f"{e.effect!r} is not a penalty"
                        )
            for e in h.reward:
                if e.effect not in REWARDS:
                    out.append(f"hazards.yaml, entry {h.id!r}, field 'reward': {e.effect!r}")
        for kind, intro in (("monster", self.monsters), ("trap", self.traps)):
            if sum(1 for h in intro.values() if h.intro) != 1:
                out.append(f"hazards.yaml: exactly one intro {kind} expected")
        return out

    def hazard_pool(self, pack: bool) -> tuple[list[str], list[str]]:
        sets = ("base", "pack") if pack else ("base",)
        return (
            [h.id for h in self.monsters.values() if h.set in sets],
            [h.id for h in self.traps.values() if h.set in sets],
        )

    def junk_deck(self) -> list[str]:
        return [f"{j.id}#{i}" for j in self.junk.values() for i in range(j.copies)]


@lru_cache(maxsize=1)
def content() -> Content:
    return Content()
