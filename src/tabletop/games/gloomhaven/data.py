# Over 600 lines: every static table of the campaign and its schema, loaded once.
"""Static facts of the Gloomhaven campaign, loaded from the YAML files in ``data/``.

Every entry carries a ``source`` (``rulebook``, ``designed`` or a research reference). Models are
built on :mod:`tabletop.engine.content`; :func:`lint` checks every file and cross-reference.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from tabletop.engine.content import (
    Entry,
    check_references,
    load_document,
    load_entries,
)
from tabletop.engine.effects import Effect, EffectTable
from tabletop.engine.errors import ContentError

DATA = Path(__file__).parent / "data"

Per = Literal["each", "collective"]
DeckName = Literal["road", "city"]
CardLevel = Literal["X", "1", "2", "3", "4", "5", "6", "7", "8", "9"]


# --------------------------------------------------------------------------- tables


class XpThreshold(Entry):
    level: int = Field(ge=1, le=9)
    xp: int = Field(ge=0)
    source: str


class ProsperityThreshold(Entry):
    level: int = Field(ge=1, le=9)
    checkmarks: int = Field(ge=0)
    source: str


class Progression(Entry):
    xp_thresholds: list[XpThreshold]
    prosperity_thresholds: list[ProsperityThreshold]


class PriceModifier(Entry):
    min: int
    max: int
    modifier: int
    source: str


class Reputation(Entry):
    price_modifiers: list[PriceModifier]


class Item(Entry):
    id: str = Field(pattern=r"^\d{3}$")
    name: str
    cost: int = Field(ge=0)
    copies: int = Field(ge=1)
    slot: Literal["head", "body", "legs", "one_hand", "two_hands", "small"]
    minus_one_cards: int = Field(default=0, ge=0)
    text: str = ""  # what the card does, in our own words; empty: not entered
    source: str


class ProsperityUnlock(Entry):
    level: int = Field(ge=1, le=9)
    first: int = Field(ge=1)
    last: int = Field(ge=1)
    source: str

    def item_ids(self) -> list[str]:
        return [f"{n:03d}" for n in range(self.first, self.last + 1)]


class Sticker(Entry):
    id: str
    base: int = Field(ge=0)
    divided_by_hexes: bool = False
    source: str


class LevelSurcharge(Entry):
    level: int = Field(ge=1, le=9)
    gold: int = Field(ge=0)
    source: str


class PreviousSurcharge(Entry):
    previous: int = Field(ge=0)
    gold: int = Field(ge=0)
    source: str


class Enhancements(Entry):
    stickers: list[Sticker]
    card_level_surcharge: list[LevelSurcharge]
    previous_enhancement_surcharge: list[PreviousSurcharge]


class Perk(Entry):
    """One perk of a class's sheet: what it does to the attack modifier deck (in our own words)
    and how many boxes it has (a perk with several may be taken that often)."""

    text: str
    boxes: int = Field(default=1, ge=1)


class CharacterClass(Entry):
    id: str
    name: str
    race: str
    hand_size: int = Field(ge=1)
    hp: list[int] = Field(min_length=9, max_length=9)
    perk_boxes: int = Field(ge=1)
    starting_pool: int = Field(ge=1)
    starting: bool = False
    retire_event: int | None = None
    unlock_event: int | None = None
    unlocked_by: str | None = None  # the box or envelope that unlocks it (owners' data)
    # ability card names by level ("X", "1" .. "9"); empty: the names are not entered
    cards: dict[CardLevel, list[str]] = {}
    # the perk list of the sheet; empty: not entered (any perk text is taken)
    perks: list[Perk] = []
    source: str

    def card_levels(self) -> dict[str, CardLevel]:
        """Each ability card's name (lower case) -> its level."""
        return {name.lower(): level for level, names in self.cards.items() for name in names}

    def card_name(self, ref: str) -> str | None:
        """The card's name as printed, for a name typed in any case; None if not the class's."""
        key = ref.strip().lower()
        for names in self.cards.values():
            for name in names:
                if name.lower() == key:
                    return name
        return None


class ClassCards(Entry):
    """One class's ability card names (``ability_cards.yaml``)."""

    id: str
    cards: dict[CardLevel, list[str]]
    source: str


class ClassPerks(Entry):
    """One class's perk list (``perks.yaml``)."""

    id: str
    perks: list[Perk] = Field(min_length=1)
    source: str


class ScenarioLevel(Entry):
    level: int = Field(ge=0, le=7)
    monster_level: int
    gold_per_coin: int
    trap_damage: int
    bonus_xp: int
    source: str


class Difficulty(Entry):
    id: str
    adjust: int
    source: str


class ScenarioLevels(Entry):
    levels: list[ScenarioLevel]
    difficulty: list[Difficulty]


class EventRef(Entry):
    deck: Literal["road", "city", "both"] = "both"
    number: int = Field(ge=1)


class ScenarioRewards(Entry):
    gold_each: int = 0
    xp_each: int = 0
    prosperity: int = 0
    reputation: int = 0
    global_achievements: list[str] = []
    lose_global_achievements: list[str] = []
    party_achievements: list[str] = []
    lose_party_achievements: list[str] = []
    unlock_scenarios: list[str] = []
    items: list[str] = []
    item_designs: list[str] = []
    add_events: list[EventRef] = []


class Scenario(Entry):
    id: str
    name: str
    linked: list[str] = []
    linked_to_gloomhaven: bool = False
    rewards: ScenarioRewards = ScenarioRewards()
    source: str


class PersonalQuest(Entry):
    id: str
    name: str
    goal: str
    opens: str | None = None
    source: str


class Trigger(Entry):
    id: str
    when: Literal[
        "reputation_at_least",
        "reputation_at_most",
        "donations_at_least",
        "global_achievement_count",
        "party_achievements_all",
        "retirements_at_least",
    ]
    value: int
    achievement: str | None = None
    achievements: list[str] = []
    open: str | None = None
    add_events: list[EventRef] = []
    global_achievement: str | None = None
    source: str


class CampaignRules(Entry):
    max_party_size: int
    max_checkmark_perks: int
    checkmarks_per_perk: int
    sanctuary_donation: int
    sanctuary_blesses: int
    reputation_min: int
    reputation_max: int
    enhancement_achievement: str
    starting_scenarios: list[str]
    random_item_designs: list[str]
    random_side_scenarios: list[str]
    triggers: list[Trigger]


# --------------------------------------------------------------------------- events


class ReputationRange(Entry):
    min: int = Field(ge=-20, le=20)
    max: int = Field(ge=-20, le=20)


class Condition(Entry):
    """At most one of: class icons, a reputation range, a collective gold payment, otherwise."""

    classes: list[str] | None = None
    reputation: ReputationRange | None = None
    collective_gold: int | None = Field(default=None, ge=1)
    otherwise: bool | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Condition:
        set_ = [
            k for k in ("classes", "reputation", "collective_gold", "otherwise") if getattr(self, k)
        ]
        if len(set_) != 1:
            raise ValueError(
                "a condition has exactly one of classes, reputation, collective_gold, otherwise"
            )
        return self

    def describe(self) -> str:
        if self.classes:
            return "if " + " or ".join(self.classes) + " in party"
        if self.reputation is not None:
            return f"if reputation {self.reputation.min}..{self.reputation.max}"
        if self.collective_gold:
            return f"pay {self.collective_gold} gold collectively"
        return "otherwise"


# The snake_case effect names of earlier versions (owners' event cards kept in a campaign's
# catalog, event files written for them), read as today's kebab-case names.
EARLIER_EFFECT_NAMES = {
    "item_design": "item-design",
    "random_item_design": "random-item-design",
    "global_achievement": "global-achievement",
    "lose_global_achievement": "lose-global-achievement",
    "party_achievement": "party-achievement",
    "lose_party_achievement": "lose-party-achievement",
    "unlock_scenario": "unlock-scenario",
    "add_events": "add-events",
    "next_scenario": "next-scenario",
}


class Outcome(Entry):
    condition: Condition | None = None
    text: str
    card: Literal["return", "remove"] = "return"
    effects: list[dict[str, Any]] = Field(min_length=1)

    @field_validator("effects", mode="before")
    @classmethod
    def _earlier_names(cls, effects: Any) -> Any:
        if not isinstance(effects, list):
            return effects
        return [
            {**e, "effect": EARLIER_EFFECT_NAMES[e["effect"]]}
            if isinstance(e, dict) and e.get("effect") in EARLIER_EFFECT_NAMES
            else e
            for e in effects
        ]


class EventOption(Entry):
    label: Literal["A", "B"]
    text: str
    outcomes: list[Outcome] = Field(min_length=1)


class EventCard(Entry):
    id: str
    deck: DeckName
    number: int = Field(ge=1)
    initial: bool = False
    source: str
    intro: str
    options: list[EventOption] = Field(min_length=2, max_length=2)

    @model_validator(mode="after")
    def _a_then_b(self) -> EventCard:
        if [o.label for o in self.options] != ["A", "B"]:
            raise ValueError("options must be A then B")
        return self

    def option(self, label: str) -> EventOption:
        for o in self.options:
            if o.label == label:
                return o
        raise KeyError(label)


# The effects of event outcomes, one typed model each (kebab-case names, one handler each in
# rules/events.py). Negative amounts are losses.

EVENT_EFFECTS: EffectTable[Any] = EffectTable("gloomhaven", "event")


class AmountEach(Effect):
    """An amount of gold, experience or checkmarks, for each character or shared by all."""

    amount: int
    per: Per


@EVENT_EFFECTS.effect
class GainGold(AmountEach):
    effect: Literal["gold"]


@EVENT_EFFECTS.effect
class GainXp(AmountEach):
    effect: Literal["xp"]


@EVENT_EFFECTS.effect
class GainCheckmarks(AmountEach):
    effect: Literal["checkmarks"]


@EVENT_EFFECTS.effect
class ChangeReputation(Effect):
    effect: Literal["reputation"]
    amount: int


@EVENT_EFFECTS.effect
class ChangeProsperity(Effect):
    effect: Literal["prosperity"]
    amount: int


@EVENT_EFFECTS.effect
class GainItem(Effect):
    effect: Literal["item"]
    item: str = Field(pattern=r"^\d{3}$")


@EVENT_EFFECTS.effect
class GainItemDesign(Effect):
    effect: Literal["item-design"]
    item: str = Field(pattern=r"^\d{3}$")


@EVENT_EFFECTS.effect
class RandomItemDesign(Effect):
    effect: Literal["random-item-design"]


@EVENT_EFFECTS.effect
class GainGlobalAchievement(Effect):
    effect: Literal["global-achievement"]
    name: str


@EVENT_EFFECTS.effect
class LoseGlobalAchievement(Effect):
    effect: Literal["lose-global-achievement"]
    name: str


@EVENT_EFFECTS.effect
class GainPartyAchievement(Effect):
    effect: Literal["party-achievement"]
    name: str


@EVENT_EFFECTS.effect
class LosePartyAchievement(Effect):
    effect: Literal["lose-party-achievement"]
    name: str


@EVENT_EFFECTS.effect
class UnlockScenario(Effect):
    effect: Literal["unlock-scenario"]
    scenario: str


@EVENT_EFFECTS.effect
class AddEvents(Effect):
    effect: Literal["add-events"]
    deck: Literal["road", "city", "both"] = "both"
    number: int = Field(ge=1)


@EVENT_EFFECTS.effect
class NextScenarioNote(Effect):
    effect: Literal["next-scenario"]
    note: str


@EVENT_EFFECTS.effect
class NoEffect(Effect):
    effect: Literal["none"]


# --------------------------------------------------------------------------- loading


class GameData(BaseModel):
    """All static facts, loaded once."""

    xp: dict[int, int]
    prosperity: dict[int, int]
    price_modifiers: list[PriceModifier]
    items: dict[str, Item]
    prosperity_unlocks: dict[int, ProsperityUnlock]
    stickers: dict[str, Sticker]
    level_surcharge: dict[int, int]
    previous_surcharge: dict[int, int]
    classes: dict[str, CharacterClass]
    scenario_levels: dict[int, ScenarioLevel]
    difficulty: dict[str, int]
    scenarios: dict[str, Scenario]
    events: dict[str, EventCard]
    personal_quests: dict[str, PersonalQuest]
    rules: CampaignRules


def load_event_file(path: Path) -> dict[str, EventCard]:
    """Event cards of a file (``events:`` list), each effect checked against the vocabulary."""
    cards = load_entries(path, EventCard, section="events")
    problems: list[str] = []
    for card in cards.values():
        for option in card.options:
            for outcome in option.outcomes:
                for effect in outcome.effects:
                    problems += EVENT_EFFECTS.check(effect, str(path), card.id)
    if problems:
        raise ContentError(str(path), "; ".join(problems))
    return cards


def _with_sheets(classes: dict[str, CharacterClass]) -> dict[str, CharacterClass]:
    """The classes with their ability card names (``ability_cards.yaml``) and perk lists
    (``perks.yaml``), kept in files of their own."""
    cards = load_entries(DATA / "ability_cards.yaml", ClassCards, section="ability_cards")
    perks = load_entries(DATA / "perks.yaml", ClassPerks, section="perks")
    for file, table in (("ability_cards.yaml", cards), ("perks.yaml", perks)):
        unknown = sorted(set(table) - set(classes))
        if unknown:
            raise ContentError(file, f"no class {', '.join(unknown)} in classes.yaml")
    out = {}
    for k, cls in classes.items():
        update: dict[str, Any] = {}
        if k in cards:
            update["cards"] = cards[k].cards
        if k in perks:
            update["perks"] = perks[k].perks
        out[k] = cls.model_copy(update=update)
    return out


@lru_cache(maxsize=1)
def game_data() -> GameData:
    prog = load_document(DATA / "progression.yaml", Progression)
    rep = load_document(DATA / "reputation.yaml", Reputation)
    enh = load_document(DATA / "enhancements.yaml", Enhancements)
    lev = load_document(DATA / "scenario_levels.yaml", ScenarioLevels)
    return GameData(
        xp={t.level: t.xp for t in prog.xp_thresholds},
        prosperity={t.level: t.checkmarks for t in prog.prosperity_thresholds},
        price_modifiers=rep.price_modifiers,
        items=load_entries(DATA / "items.yaml", Item, section="items"),
        prosperity_unlocks={
            int(k): v
            for k, v in load_entries(
                DATA / "items.yaml", ProsperityUnlock, key="level", section="prosperity_unlocks"
            ).items()
        },
        stickers={s.id: s for s in enh.stickers},
        level_surcharge={s.level: s.gold for s in enh.card_level_surcharge},
        previous_surcharge={s.previous: s.gold for s in enh.previous_enhancement_surcharge},
        classes=_with_sheets(
            load_entries(DATA / "classes.yaml", CharacterClass, section="classes")
        ),
        scenario_levels={s.level: s for s in lev.levels},
        difficulty={d.id: d.adjust for d in lev.difficulty},
        scenarios=load_entries(DATA / "scenarios.yaml", Scenario, section="scenarios"),
        events=load_event_file(DATA / "events.yaml"),
        personal_quests=load_entries(
            DATA / "personal_quests.yaml", PersonalQuest, section="personal_quests"
        ),
        rules=load_document(DATA / "campaign.yaml", CampaignRules),
    )


def known_item_ids(data: GameData) -> set[str]:
    """Every item number the campaign can come to hold: the entered cards, the numbers each
    prosperity level unlocks and the random item designs."""
    known = set(data.items)
    for unlock in data.prosperity_unlocks.values():
        known |= set(unlock.item_ids())
    return known | set(data.rules.random_item_designs)


def check_events(
    file: str,
    cards: dict[str, EventCard],
    data: GameData,
    known_items: set[str],
    known_classes: set[str] | None = None,
) -> list[str]:
    """Cross-references of event cards: classes, items, scenarios; deck numbers unique."""
    out: list[str] = []
    seen: dict[tuple[str, int], str] = {}
    for card in cards.values():
        key = (card.deck, card.number)
        if key in seen:
            out.append(
                f"{file}, entry {card.id!r}: {card.deck} event {card.number} also {seen[key]}"
            )
        seen[key] = card.id
        for option in card.options:
            for i, outcome in enumerate(option.outcomes):
                cond = outcome.condition
                if cond and cond.classes:
                    out += check_references(
                        file,
                        card.id,
                        f"{option.label}.outcomes.{i}.condition.classes",
                        cond.classes,
                        known_classes if known_classes is not None else set(data.classes),
                        "class",
                    )
                if cond and cond.otherwise and i == 0:
                    out.append(
                        f"{file}, entry {card.id!r}: option {option.label} starts with 'otherwise'"
                    )
                for effect in outcome.effects:
                    out += EVENT_EFFECTS.check(effect, file, card.id)
                    if effect.get("effect") in ("item", "item-design"):
                        out += check_references(
                            file,
                            card.id,
                            f"{option.label}.outcomes.{i}.effects.item",
                            [str(effect.get("item"))],
                            known_items,
                            "item",
                        )
    return out
