"""``tabletop lint-content gloomhaven``: every problem in the data files, each naming its file and
entry: validation, the shapes of the printed tables, and cross-references."""

from __future__ import annotations

from itertools import pairwise

from tabletop.engine.content import check_references
from tabletop.engine.errors import ContentError

from .data import GameData, check_events, game_data, known_item_ids
from .rules.enhancements import STICKERS

NINE = list(range(1, 10))


def _check_table(file: str, name: str, keys: list[int], expected: list[int]) -> list[str]:
    if sorted(keys) != expected or len(keys) != len(set(keys)):
        return [f"{file}: {name} must have exactly the rows {expected}, got {sorted(keys)}"]
    return []


def _check_increasing(file: str, name: str, table: dict[int, int]) -> list[str]:
    values = [table[k] for k in sorted(table)]
    if any(b <= a for a, b in pairwise(values)):
        return [f"{file}: {name} must increase strictly with the level"]
    return []


def _progression(data: GameData) -> list[str]:
    out = _check_table("progression.yaml", "xp_thresholds", list(data.xp), NINE)
    out += _check_table("progression.yaml", "prosperity_thresholds", list(data.prosperity), NINE)
    out += _check_increasing("progression.yaml", "xp_thresholds", data.xp)
    out += _check_increasing("progression.yaml", "prosperity_thresholds", data.prosperity)
    if data.xp.get(1) != 0 or data.prosperity.get(1) != 0:
        out.append("progression.yaml: level 1 must start at 0")
    return out


def _reputation(data: GameData) -> list[str]:
    """Every reputation from -20 to 20 has exactly one price modifier."""
    out = []
    for rep in range(-20, 21):
        hits = [m for m in data.price_modifiers if m.min <= rep <= m.max]
        if len(hits) != 1:
            out.append(f"reputation.yaml: reputation {rep} matches {len(hits)} rows (needs 1)")
    return out


def _items(data: GameData) -> list[str]:
    out = _check_table("items.yaml", "prosperity_unlocks", list(data.prosperity_unlocks), NINE)
    level1 = data.prosperity_unlocks.get(1)
    if level1 is not None:
        out += check_references(
            "items.yaml", "1", "prosperity_unlocks", level1.item_ids(), data.items, "item"
        )
    numbers = [n for u in data.prosperity_unlocks.values() for n in range(u.first, u.last + 1)]
    if len(numbers) != len(set(numbers)):
        out.append("items.yaml: an item number is unlocked at two prosperity levels")
    return out


def _enhancements(data: GameData) -> list[str]:
    out = _check_table(
        "enhancements.yaml", "card_level_surcharge", list(data.level_surcharge), NINE
    )
    if set(data.stickers) != set(STICKERS):
        out.append(
            "enhancements.yaml: the stickers must be the rulebook's: "
            f"missing {sorted(set(STICKERS) - set(data.stickers))}, "
            f"unknown {sorted(set(data.stickers) - set(STICKERS))}"
        )
    hexes = [s for s in data.stickers.values() if s.divided_by_hexes]
    if [s.id for s in hexes] != ["attack-hex"]:
        out.append("enhancements.yaml: exactly the attack-hex sticker is divided by hexes")
    out += _check_table(
        "scenario_levels.yaml", "levels", [k + 1 for k in data.scenario_levels], list(range(1, 9))
    )
    return out


def _classes(data: GameData) -> list[str]:
    """Hit points, the card lists of ``ability_cards.yaml``, the perk lists of ``perks.yaml``."""
    out = []
    for c in data.classes.values():
        if c.hp != sorted(c.hp):
            out.append(f"classes.yaml, entry {c.id!r}: hp must not fall with the level")
        if c.cards:
            where = f"ability_cards.yaml, entry {c.id!r}"
            pool = len(c.cards.get("X", [])) + len(c.cards.get("1", []))
            if pool != c.starting_pool:
                out.append(f"{where}: {pool} X and level 1 cards, the pool is {c.starting_pool}")
            for level in "23456789":
                if len(c.cards.get(level, [])) != 2:  # type: ignore[call-overload]
                    out.append(f"{where}: level {level} needs two cards")
            card_names = [n.lower() for level_names in c.cards.values() for n in level_names]
            if len(card_names) != len(set(card_names)):
                out.append(f"{where}: a card name appears twice")
        if c.perks:
            where = f"perks.yaml, entry {c.id!r}"
            boxes = sum(p.boxes for p in c.perks)
            if boxes != c.perk_boxes:
                out.append(f"{where}: {boxes} perk boxes, the sheet has {c.perk_boxes}")
            texts = [" ".join(p.text.lower().split()) for p in c.perks]
            if len(texts) != len(set(texts)):
                out.append(f"{where}: a perk appears twice")
    starting = [c.id for c in data.classes.values() if c.starting]
    if len(starting) != 6:
        out.append(f"classes.yaml: the box opens with six classes, found {len(starting)}")
    return out


def _scenarios(data: GameData) -> list[str]:
    out = []
    for s in data.scenarios.values():
        out += check_references(
            "scenarios.yaml", s.id, "linked", s.linked, data.scenarios, "scenario"
        )
        out += check_references(
            "scenarios.yaml",
            s.id,
            "rewards.unlock_scenarios",
            s.rewards.unlock_scenarios,
            data.scenarios,
            "scenario",
        )
        out += check_references(
            "scenarios.yaml",
            s.id,
            "rewards.items",
            s.rewards.items + s.rewards.item_designs,
            data.items,
            "item",
        )
    out += check_references(
        "campaign.yaml",
        "starting_scenarios",
        "starting_scenarios",
        data.rules.starting_scenarios,
        data.scenarios,
        "scenario",
    )
    return out


def _events_and_triggers(data: GameData) -> list[str]:
    out = check_events("events.yaml", data.events, data, known_item_ids(data))
    for deck in ("road", "city"):
        if not any(c.initial and c.deck == deck for c in data.events.values()):
            out.append(f"events.yaml: the {deck} deck starts empty")
    for t in data.rules.triggers:
        if not (t.open or t.add_events or t.global_achievement):
            out.append(f"campaign.yaml, entry {t.id!r}: a trigger must do something")
    return out


def lint() -> list[str]:
    """Every problem in the data files: validation, table shapes, cross-references."""
    game_data.cache_clear()
    try:
        data = game_data()
    except ContentError as exc:
        return [str(exc)]
    checks = (_progression, _reputation, _items, _enhancements, _classes, _scenarios)
    return [problem for check in (*checks, _events_and_triggers) for problem in check(data)]
