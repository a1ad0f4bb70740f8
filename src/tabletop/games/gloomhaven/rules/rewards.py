"""Rulebook 'Scenario Completion', the kinds of reward (also the outcomes of events): global and
party achievements, unlocked scenarios, one copy of an item for a present character, an item
design for the whole supply, and the random item design and side scenario that replace an
envelope opened twice."""

from __future__ import annotations

from tabletop.engine.rng import Rng

from ..data import game_data
from ..model import Campaign, Party
from .common import Refused, character, item_label, items, members, scenarios


def gain_global_achievement(c: Campaign, name: str) -> list[str]:
    held = c.city.global_achievements
    held[name] = held.get(name, 0) + 1
    return [f"global achievement {name!r}"]


def lose_global_achievement(c: Campaign, name: str) -> list[str]:
    held = c.city.global_achievements
    if held.get(name, 0) <= 0:
        return [f"global achievement {name!r} was not held"]
    held[name] -= 1
    if not held[name]:
        del held[name]
    return [f"global achievement {name!r} lost"]


def gain_party_achievement(p: Party, name: str) -> list[str]:
    if name not in p.achievements:
        p.achievements.append(name)
    return [f"party achievement {name!r}"]


def lose_party_achievement(p: Party, name: str) -> list[str]:
    if name not in p.achievements:
        return [f"party achievement {name!r} was not held"]
    p.achievements.remove(name)
    return [f"party achievement {name!r} lost"]


def unlock_scenario(c: Campaign, scenario_id: str) -> list[str]:
    if scenario_id in c.city.unlocked_scenarios:
        return [f"scenario {scenario_id} was already unlocked"]
    c.city.unlocked_scenarios.append(scenario_id)
    s = scenarios(c).get(scenario_id)
    if s is None:
        return [f"scenario {scenario_id} unlocked"]
    links = ", ".join(s.linked) or "none"
    home = "yes" if s.linked_to_gloomhaven else "no"
    return [f"scenario {scenario_id} {s.name} unlocked (linked: {links}; Gloomhaven: {home})"]


def give_item(c: Campaign, p: Party, item_id: str, recipient: str | None) -> list[str]:
    """One copy of an item to one present character: the recipient, or else the first member
    without one (ruling E8)."""
    if recipient is not None:
        ch = character(c, recipient)
        if ch.id not in p.members:
            raise Refused(f"{ch.name} is not in party {p.name!r}")
        targets = [ch]
    else:
        targets = members(c, p)
    for ch in targets:
        if item_id not in ch.items:
            ch.items.append(item_id)
            return [f"{ch.name} gains {item_label(c, item_id)}"]
    return [f"{item_label(c, item_id)}: no present character can take another copy"]


def add_item_design(c: Campaign, item_id: str) -> list[str]:
    """Every copy of the item joins the city's supply."""
    if item_id in c.city.item_designs:
        return [f"item design {item_id} was already in the supply"]
    c.city.item_designs.append(item_id)
    note = "" if item_id in items(c) else " (its card is not entered yet)"
    return [f"item design {item_label(c, item_id)}: every copy enters the city's supply{note}"]


def random_item_design(c: Campaign, rng: Rng) -> list[str]:
    pool = [i for i in game_data().rules.random_item_designs if i not in c.city.item_designs]
    if not pool:
        return ["no random item designs are left"]
    return ["random item design drawn:", *add_item_design(c, rng.choice(pool))]


def random_side_scenario(c: Campaign, rng: Rng) -> list[str]:
    unlocked = c.city.unlocked_scenarios
    pool = [s for s in game_data().rules.random_side_scenarios if s not in unlocked]
    if not pool:
        return ["no random side scenarios are left"]
    pick = rng.choice(pool)
    unlocked.append(pick)
    return [f"random side scenario {pick} unlocked"]
