"""Quests, Quest Card Symbols and Quests and Natural Disasters (the rulebook's sections). Each City
shows a Quest; City Quests are completed by exploring a City with the objective met (Tower
Quests only in their own City), wild Quests as soon as a character does what they ask (defeat,
rescue). A completed Quest goes to the Journal, pays its reward and is replaced; a natural
disaster replaces 1 or 2 Quests."""

from __future__ import annotations

from typing import Any

from ..content import CITIES, Content, Quest
from ..state import PLState
from ..steps import CompleteQuest
from . import decks, solo


def completable(state: PLState, seat: int, char: str, city: str, here: str) -> bool:
    """Whether this character, exploring ``here``, may complete the Quest shown in ``city``."""
    qid = state.data["quests"].get(city)
    if qid is None:
        return False
    quest = state.content.quest[qid]
    return open_to(quest, char, city, here) and objective_met(
        state.content, state.player(seat), quest
    )


def _candidates(state: PLState, seat: int, quest: Quest) -> tuple[str, list[str]]:
    """The zone and the cards a City Quest's objects are chosen from."""
    player = state.player(seat)
    objective = quest.objective
    if objective.kind == "equipment":
        return "inventory", [it["card"] for it in player["inventory"]]
    if objective.kind == "trophies":
        return "trophies", list(player["trophies"])
    cards = state.content.region_card
    if objective.kind == "trophy_type":
        return "trophies", [c for c in player["trophies"] if cards[c].type in objective.types]
    return "trophies", [c for c in player["trophies"] if cards[c].name in objective.names]


def complete(state: PLState, seat: int, city: str) -> None:
    """A Quest completed: to the Journal, replaced, its reward (a choice of several, or run)."""
    qid = state.data["quests"][city]
    quest = state.content.quest[qid]
    state.log(f"{state.seat_name(seat)} completes the Quest {quest.name} in {city.capitalize()}.")
    state.player(seat)["journal"].append(qid)
    state.data["quests"][city] = None
    replace(state, city)
    solo.earn_time_for(state, "quest")
    if len(quest.reward) > 1:
        state.push({"kind": "quest-reward", "seat": seat, "quest": qid})
    else:
        state.run(quest.reward[0], front=True)


def replace(state: PLState, city: str) -> None:
    new = decks.draw_from(state, "quest")
    state.data["quests"][city] = new
    if new:
        state.log(
            f"New Quest in {city.capitalize()}: {state.card_name(new)} - "
            f"{state.content.quest[new].text}"
        )


def check_wild(
    state: PLState, seat: int, char: str, kind: str, region: str, hazard: str | None = None
) -> None:
    """Wild Quests complete as soon as a character does what they ask where they ask it."""
    content = state.content
    for city in CITIES:
        qid = state.data["quests"].get(city)
        if qid is None:
            continue
        quest = content.quest[qid]
        objective = quest.objective
        if not quest.wild or objective.kind != kind or (quest.pauper_only and char != "pauper"):
            continue
        if objective.regions and state.region_type(region) not in objective.regions:
            continue
        if hazard is not None:
            card = content.region_card[hazard]
            if objective.types and card.type not in objective.types:
                continue
            if card.strength < objective.min_strength:
                continue
        complete(state, seat, city)


def attempt(state: PLState, seat: int, city: str) -> None:
    """A City Quest explored: its Gems paid, or its objects chosen, then completed."""
    quest = state.content.quest[state.data["quests"][city]]
    objective = quest.objective
    then = [CompleteQuest(city=city).model_dump()]
    if objective.kind == "gems":
        state.player(seat)["gems"] -= objective.n
        state.log(f"{state.seat_name(seat)} gives {objective.n} Gems for the Quest.")
        state.run([CompleteQuest(city=city)])
        return
    zone, cards = _candidates(state, seat, quest)
    state.push(
        {
            "kind": "pick",
            "seat": seat,
            "zone": zone,
            "why": "Quest",
            "candidates": cards,
            "n": objective.n,
            "then": then,
        }
    )


def sweep_away(state: PLState, frame: dict[str, Any], city: str) -> None:
    """Quests and Natural Disasters: one of the Quests shown is discarded and replaced."""
    data = state.data
    old = data["quests"][city]
    decks.discard_to(state, "quest", [old])
    data["quests"][city] = None
    state.log(f"The Quest {state.card_name(old)} is swept away.")
    replace(state, city)
    frame["done"].append(city)
    state.push(frame)


# ---------------------------------------------------------------- who may complete a City Quest
def open_to(quest: Quest, char: str, city: str, here: str) -> bool:
    """Quest Card Symbols: whether this character exploring ``here`` may complete the Quest shown
    in ``city`` (never a wild Quest, a Tower Quest only in its own City, a Pauper's Quest only by
    the Pauper)."""
    return not (
        quest.wild or (quest.tower and city != here) or (quest.pauper_only and char != "pauper")
    )


def objective_met(content: Content, player: Any, quest: Quest) -> bool:
    """Whether a player meets a City Quest's objective: works on a state's player or a view's
    (``gems``, ``inventory`` and ``trophies`` are the same records)."""
    objective = quest.objective
    cards = content.region_card
    if objective.kind == "gems":
        return bool(player["gems"] >= objective.n)
    if objective.kind == "equipment":
        return len(player["inventory"]) >= objective.n
    if objective.kind == "trophies":
        return len(player["trophies"]) >= objective.n
    if objective.kind == "trophy_type":
        return sum(1 for c in player["trophies"] if cards[c].type in objective.types) >= objective.n
    if objective.kind == "trophy_name":
        return sum(1 for c in player["trophies"] if cards[c].name in objective.names) >= objective.n
    return False
