"""The campaign document: plain, typed data saved whole in the store after every change."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .data import CharacterClass, EventCard, Item, PersonalQuest, Scenario

SCHEMA_VERSION = 1
GLOOMHAVEN = "gloomhaven"


class Doc(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class CardRef(Doc):
    """An ability card added to the pool on a level-up (the starting Level 1 and X cards of the
    class are always in the pool and are not listed)."""

    name: str
    level: int


class Character(Doc):
    id: str
    name: str
    player: str
    class_id: str
    party: str | None = None
    level: int = 1
    xp: int = 0
    gold: int = 0
    items: list[str] = []
    perks: list[str] = []
    bonus_perks: int = 0
    checkmarks: int = 0
    personal_quest: str | None = None
    quest_offer: list[str] = []
    quest_fulfilled: bool = False
    cards: list[CardRef] = []
    blesses_next_scenario: int = 0
    retired: bool = False
    created_level: int = 1


class PendingEvent(Doc):
    deck: Literal["road", "city"]
    card: str


class ScenarioRecord(Doc):
    scenario: str
    success: bool
    casual: bool
    level: int | None = None
    visit: int = 0


class Party(Doc):
    id: str
    name: str
    members: list[str] = []
    reputation: int = 0
    status: Literal["town", "traveling", "scenario", "after_scenario"] = "town"
    location: str = GLOOMHAVEN
    destination: str | None = None
    casual: bool = False
    visit: int = 1
    city_event_done: bool = False
    donated: list[str] = []
    pending_event: PendingEvent | None = None
    achievements: list[str] = []
    next_scenario_notes: list[str] = []
    history: list[ScenarioRecord] = []


class Enhancement(Doc):
    card: str
    card_level: int
    action: Literal["top", "bottom"]
    sticker: str
    multi_target: bool = False
    hexes: int | None = None
    cost: int
    character: str


class DeckState(Doc):
    """Card ids; the top of the deck is the END of ``draw``."""

    draw: list[str] = []
    discard: list[str] = []
    removed: list[str] = []


class EventNumber(Doc):
    deck: Literal["road", "city"]
    number: int


class City(Doc):
    prosperity: int = 0
    donations: int = 0
    item_designs: list[str] = []
    loose_items: dict[str, int] = {}
    road_deck: DeckState = DeckState()
    city_deck: DeckState = DeckState()
    added_events: list[EventNumber] = []
    waiting_events: list[EventNumber] = []
    unlocked_classes: list[str] = []
    retired_classes: list[str] = []
    global_achievements: dict[str, int] = {}
    envelopes: list[str] = []
    unlocked_scenarios: list[str] = []
    completed_scenarios: list[str] = []
    quest_deck: list[str] = []
    removed_quests: list[str] = []
    enhancements: dict[str, list[Enhancement]] = {}
    triggers_fired: list[str] = []
    retirements: int = 0


class Catalog(Doc):
    """Content entered by the owners (their real cards), on top of the shipped data."""

    items: dict[str, Item] = {}
    classes: dict[str, CharacterClass] = {}
    scenarios: dict[str, Scenario] = {}
    personal_quests: dict[str, PersonalQuest] = {}
    events: dict[str, EventCard] = {}
    replace_sample_events: bool = False
    replace_sample_quests: bool = False


class Campaign(Doc):
    schema_version: int = SCHEMA_VERSION
    id: str
    name: str
    seed: int
    rng_state: int
    city: City = City()
    parties: dict[str, Party] = {}
    characters: dict[str, Character] = {}
    player_retirements: dict[str, int] = {}
    catalog: Catalog = Catalog()
    counter: int = 0
    notes: list[str] = Field(default_factory=list)

    def dump(self) -> dict[str, Any]:
        return self.model_dump(mode="json")
