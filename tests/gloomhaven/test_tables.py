"""Every threshold and table, cell by cell, against the rulebook and the research notes on
Gloomhaven."""

from __future__ import annotations

import math
import shutil

import pytest

from tabletop.games import gloomhaven
from tabletop.games.gloomhaven import data as gdata
from tabletop.games.gloomhaven import rules
from tabletop.games.gloomhaven.data import game_data

XP = {1: 0, 2: 45, 3: 95, 4: 150, 5: 210, 6: 275, 7: 345, 8: 420, 9: 500}
PROSPERITY = {1: 0, 2: 4, 3: 9, 4: 15, 5: 22, 6: 30, 7: 39, 8: 50, 9: 64}


class TestLevelingUpXpTable:
    @pytest.mark.parametrize(("level", "xp"), XP.items())
    def test_minimum_xp(self, level: int, xp: int) -> None:
        assert rules.xp_minimum(level) == xp
        assert rules.level_for_xp(xp) == level
        if xp:
            assert rules.level_for_xp(xp - 1) == level - 1

    def test_level_is_capped_at_nine(self) -> None:
        assert rules.level_for_xp(10_000) == 9


class TestGloomhavenProsperityThresholds:
    @pytest.mark.parametrize(("level", "marks"), PROSPERITY.items())
    def test_threshold(self, level: int, marks: int) -> None:
        assert rules.level_for_checkmarks(marks) == level
        if marks:
            assert rules.level_for_checkmarks(marks - 1) == level - 1


REPUTATION = {
    20: -5,
    19: -5,
    18: -4,
    15: -4,
    14: -3,
    11: -3,
    10: -2,
    7: -2,
    6: -1,
    3: -1,
    2: 0,
    0: 0,
    -2: 0,
    -3: 1,
    -6: 1,
    -7: 2,
    -10: 2,
    -11: 3,
    -14: 3,
    -15: 4,
    -18: 4,
    -19: 5,
    -20: 5,
}


class TestReputationPriceModifiers:
    @pytest.mark.parametrize(("rep", "mod"), REPUTATION.items())
    def test_breakpoints(self, rep: int, mod: int) -> None:
        assert rules.price_modifier(rep) == mod

    @pytest.mark.parametrize("rep", range(-20, 21))
    def test_matches_ghs_formula(self, rep: int) -> None:
        # GHS ItemManager.pricerModifier: -ceil((rep-2)/4) for rep >= 0, -floor((rep+2)/4) else
        expected = -math.ceil((rep - 2) / 4) if rep >= 0 else -math.floor((rep + 2) / 4)
        assert rules.price_modifier(rep) == expected

    def test_selling_is_half_rounded_down(self) -> None:
        assert rules.sell_price(30) == 15
        assert rules.sell_price(25) == 12
        assert rules.sell_price(10) == 5


ITEMS = [
    ("001", "Boots of Striding", 20, 2, "legs", 0),
    ("002", "Winged Shoes", 20, 2, "legs", 0),
    ("003", "Hide Armor", 10, 2, "body", 2),
    ("004", "Leather Armor", 20, 2, "body", 0),
    ("005", "Cloak of Invisibility", 20, 2, "body", 0),
    ("006", "Eagle-Eye Goggles", 30, 2, "head", 0),
    ("007", "Iron Helmet", 10, 2, "head", 0),
    ("008", "Heater Shield", 20, 2, "one_hand", 0),
    ("009", "Piercing Bow", 30, 2, "two_hands", 0),
    ("010", "War Hammer", 30, 2, "two_hands", 0),
    ("011", "Poison Dagger", 20, 2, "one_hand", 0),
    ("012", "Minor Healing Potion", 10, 4, "small", 0),
    ("013", "Minor Stamina Potion", 10, 4, "small", 0),
    ("014", "Minor Power Potion", 10, 4, "small", 0),
]


class TestBuyingAndSellingItemsTable:
    @pytest.mark.parametrize(("id_", "name", "cost", "copies", "slot", "minus"), ITEMS)
    def test_item(self, id_: str, name: str, cost: int, copies: int, slot: str, minus: int) -> None:
        item = game_data().items[id_]
        assert (item.name, item.cost, item.copies, item.slot, item.minus_one_cards) == (
            name,
            cost,
            copies,
            slot,
            minus,
        )
        assert item.source != ""

    def test_exactly_items_001_to_014(self) -> None:
        assert sorted(game_data().items) == [f"{n:03d}" for n in range(1, 15)]

    @pytest.mark.parametrize(
        ("level", "first", "last"),
        [
            (1, 1, 14),
            (2, 15, 21),
            (3, 22, 28),
            (4, 29, 35),
            (5, 36, 42),
            (6, 43, 49),
            (7, 50, 56),
            (8, 57, 63),
            (9, 64, 70),
        ],
    )
    def test_prosperity_unlocks(self, level: int, first: int, last: int) -> None:
        u = game_data().prosperity_unlocks[level]
        assert (u.first, u.last) == (first, last)


STICKER_BASE = {
    "move": 30,
    "attack": 50,
    "range": 30,
    "shield": 100,
    "push": 30,
    "pull": 30,
    "pierce": 30,
    "retaliate": 100,
    "heal": 30,
    "target": 50,
    "summon-move": 100,
    "summon-attack": 100,
    "summon-range": 50,
    "summon-hp": 50,
    "poison": 75,
    "wound": 75,
    "muddle": 50,
    "immobilize": 100,
    "disarm": 150,
    "curse": 75,
    "strengthen": 50,
    "bless": 50,
    "jump": 50,
    "element": 100,
    "any-element": 150,
}


class TestEnhancingAbilityCardsCostTable:
    @pytest.mark.parametrize(("sticker", "base"), STICKER_BASE.items())
    def test_base_cost(self, sticker: str, base: int) -> None:
        assert rules.enhancement_cost(sticker, 1) == base
        assert rules.enhancement_cost(sticker, 1, multi_target=True) == 2 * base

    def test_sticker_list_is_the_cli_list(self) -> None:
        assert set(rules.STICKERS) == set(STICKER_BASE) | {"attack-hex"}
        assert set(game_data().stickers) == set(rules.STICKERS)

    @pytest.mark.parametrize("level", range(1, 10))
    def test_card_level_surcharge(self, level: int) -> None:
        assert rules.enhancement_cost("move", level) == 30 + 25 * (level - 1)

    @pytest.mark.parametrize(("previous", "extra"), [(0, 0), (1, 75), (2, 150), (3, 225)])
    def test_previous_enhancement_surcharge(self, previous: int, extra: int) -> None:
        assert rules.enhancement_cost("heal", 1, previous=previous) == 30 + extra

    @pytest.mark.parametrize(
        ("hexes", "cost"), [(1, 200), (2, 100), (3, 66), (4, 50), (6, 33), (7, 28)]
    )
    def test_attack_hex_is_200_over_hexes_rounded_down(self, hexes: int, cost: int) -> None:
        assert rules.enhancement_cost("attack-hex", 1, hexes=hexes) == cost
        # never doubled for multiple targets
        assert rules.enhancement_cost("attack-hex", 1, hexes=hexes, multi_target=True) == cost


CLASSES = {
    "brute": (10, [10, 12, 14, 16, 18, 20, 22, 24, 26]),
    "tinkerer": (12, [8, 9, 11, 12, 14, 15, 17, 18, 20]),
    "spellweaver": (8, [6, 7, 8, 9, 10, 11, 12, 13, 14]),
    "scoundrel": (9, [8, 9, 11, 12, 14, 15, 17, 18, 20]),
    "cragheart": (11, [10, 12, 14, 16, 18, 20, 22, 24, 26]),
    "mindthief": (10, [6, 7, 8, 9, 10, 11, 12, 13, 14]),
}


class TestCreatingNewCharactersClasses:
    @pytest.mark.parametrize(("cls", "hand", "hp"), [(k, *v) for k, v in CLASSES.items()])
    def test_class(self, cls: str, hand: int, hp: list[int]) -> None:
        row = game_data().classes[cls]
        assert row.hand_size == hand
        assert row.hp == hp
        assert row.starting

    def test_six_starting_classes(self) -> None:
        assert sorted(game_data().classes) == sorted(CLASSES)


SCENARIO_LEVELS = [
    (0, 0, 2, 2, 4),
    (1, 1, 2, 3, 6),
    (2, 2, 3, 4, 8),
    (3, 3, 3, 5, 10),
    (4, 4, 4, 6, 12),
    (5, 5, 4, 7, 14),
    (6, 6, 5, 8, 16),
    (7, 7, 6, 9, 18),
]


class TestScenarioScaling:
    @pytest.mark.parametrize(("level", "monster", "gold", "trap", "xp"), SCENARIO_LEVELS)
    def test_row(self, level: int, monster: int, gold: int, trap: int, xp: int) -> None:
        row = game_data().scenario_levels[level]
        assert (row.monster_level, row.gold_per_coin, row.trap_damage, row.bonus_xp) == (
            monster,
            gold,
            trap,
            xp,
        )

    def test_rulebook_example_levels_6_4_4_3_give_3(self) -> None:
        assert rules.scenario_level([6, 4, 4, 3]) == 3

    @pytest.mark.parametrize(
        ("diff", "level"), [("easy", 2), ("normal", 3), ("hard", 4), ("very-hard", 5)]
    )
    def test_difficulty(self, diff: str, level: int) -> None:
        assert rules.scenario_level([6, 4, 4, 3], diff) == level

    def test_clamped_to_0_and_7(self) -> None:
        assert rules.scenario_level([1], "easy") == 0
        assert rules.scenario_level([9, 9], "very-hard") == 7


class TestContentLint:
    def test_shipped_data_is_clean(self) -> None:
        assert gloomhaven.lint() == []

    def test_every_entry_names_its_source(self) -> None:
        d = game_data()
        for group in (d.items, d.classes, d.scenarios, d.events, d.personal_quests):
            for entry in group.values():
                assert entry.source.strip()

    def test_sample_events_are_marked_designed(self) -> None:
        assert all(e.source == "designed" for e in game_data().events.values())

    def test_lint_reports_a_bad_reference(self, tmp_path, monkeypatch) -> None:
        copy = tmp_path / "data"
        shutil.copytree(gdata.DATA, copy)
        text = (copy / "events.yaml").read_text()
        (copy / "events.yaml").write_text(text.replace("[brute, cragheart]", "[brute, wizard]"))
        monkeypatch.setattr(gdata, "DATA", copy)
        try:
            problems = gloomhaven.lint()
        finally:
            gdata.game_data.cache_clear()
        assert any("unknown class 'wizard'" in p and "road-01" in p for p in problems)

    def test_lint_reports_an_unknown_effect(self, tmp_path, monkeypatch) -> None:
        copy = tmp_path / "data"
        shutil.copytree(gdata.DATA, copy)
        text = (copy / "events.yaml").read_text()
        (copy / "events.yaml").write_text(
            text.replace("{effect: xp, amount: 10", "{effect: fame, amount: 10")
        )
        monkeypatch.setattr(gdata, "DATA", copy)
        try:
            problems = gloomhaven.lint()
        finally:
            gdata.game_data.cache_clear()
        assert any("unknown event effect 'fame'" in p for p in problems)

    def test_lint_reports_a_hole_in_the_reputation_table(self, tmp_path, monkeypatch) -> None:
        copy = tmp_path / "data"
        shutil.copytree(gdata.DATA, copy)
        text = (copy / "reputation.yaml").read_text()
        (copy / "reputation.yaml").write_text(text.replace("{min: 3, max: 6", "{min: 4, max: 6"))
        monkeypatch.setattr(gdata, "DATA", copy)
        try:
            problems = gloomhaven.lint()
        finally:
            gdata.game_data.cache_clear()
        assert any("reputation 3 matches 0 rows" in p for p in problems)
