"""The card data: counts from the research notes, and a linter that refuses what does not fit the
closed effect vocabulary (static abilities apart from triggered ones)."""

from __future__ import annotations

import pytest

from tabletop.engine import load
from tabletop.games.paper_tales import content as C


class TestCardData:
    def test_base_game_has_42_unit_types_and_81_cards(self) -> None:
        base = [u for u in C.game_content().units.values() if not u.expansion]
        assert len(base) == 42
        assert sum(u.copies for u in base) == 81
        assert all(u.source == "card" for u in base)

    def test_card_faces_read_in_the_notes(self) -> None:
        units = C.game_content().units
        assert units["peddler"].copies == 3
        assert (units["kraken"].cost, units["kraken"].strength) == (6, 9)
        assert units["monkey"].cost == -1
        assert units["forest-spirit"].static[0] == C.Produce(effect="produce", resource="wood", n=3)

    def test_buildings_have_both_levels_at_1_and_3_lp(self) -> None:
        for b in C.game_content().buildings.values():
            assert [lv.lp for lv in b.levels] == [1, 3]
        temple = C.game_content().buildings["temple"]
        assert [c.words() for c in temple.level(1).cost] == ["1 Crystal", "2 Gold"]

    def test_expansion_and_solo_are_designed_where_unknown(self) -> None:
        c = C.game_content()
        new = [u for u in c.units.values() if u.expansion]
        assert (len(new), sum(u.copies for u in new)) == (13, 20)
        assert all(u.source == "designed" for u in new)
        assert len([b for b in c.buildings.values() if b.tile]) == 7
        assert len(c.necropolis) == 20 and len(c.lich) == 4

    def test_the_content_lints_clean(self) -> None:
        assert load("paper-tales").lint() == []

    def test_every_effect_has_one_handler_in_its_family(self) -> None:
        tables = (C.STATIC, C.TRIGGERED, C.LICH_KING)
        assert [table.missing() for table in tables] == [[], [], []]
        assert not C.STATIC.names() & C.TRIGGERED.names()
        # every effect the cards name is a model of its family's table
        content = C.game_content()
        sides = [
            *content.units.values(),
            *(lv for b in content.buildings.values() for lv in b.levels),
        ]
        for side in sides:
            assert all(type(e) in C.STATIC.models() for e in side.static)
            assert all(type(e) in C.TRIGGERED.models() for e in side.triggers)
        assert all(type(x.ability) in C.LICH_KING.models() for x in content.lich.values())

    def test_a_second_handler_for_an_effect_is_refused(self) -> None:
        with pytest.raises(ValueError, match="two handlers for the produce effect"):
            C.STATIC.handles(C.Produce)(lambda holder, effect, value: value)


class TestLinter:
    def _unit(self, **extra: object) -> list[dict]:
        base = {"id": "x", "name": "X", "copies": 1, "cost": 0, "strength": 1, "text": "x"}
        return [{**base, "source": "designed", **extra}]

    def test_unknown_effect(self) -> None:
        problems = C._lint_raw("units.yaml", self._unit(static=[{"effect": "fly"}]))
        assert "unknown effect" in problems[0] and "'x'" in problems[0]

    def test_triggered_ability_among_static_ones(self) -> None:
        raw = self._unit(static=[{"effect": "gain-lp", "when": "wars", "n": 1}])
        assert "triggered ability listed with the static ones" in C._lint_raw("u", raw)[0]

    def test_static_ability_among_triggered_ones(self) -> None:
        raw = self._unit(triggers=[{"effect": "never-dies"}])
        assert "static ability listed with the triggered ones" in C._lint_raw("u", raw)[0]

    def test_a_trigger_in_a_phase_it_cannot_fire_in(self) -> None:
        raw = self._unit(triggers=[{"effect": "age-self", "when": "wars", "n": 1}])
        assert "cannot fire in phase 'wars'" in C._lint_raw("u", raw)[0]

    def test_flip_outside_deployment(self) -> None:
        raw = self._unit(triggers=[{"effect": "gain-gold", "when": "income", "flip": True, "n": 1}])
        assert "'flip' belongs to Deployment" in C._lint_raw("u", raw)[0]

    def test_a_count_that_means_nothing_in_its_phase(self) -> None:
        raw = self._unit(triggers=[{"effect": "gain-lp", "when": "income", "n": 1}])
        raw[0]["triggers"][0]["when"] = "deploy"
        raw[0]["triggers"][0]["per"] = ["wars-won"]
        assert "means nothing in 'deploy'" in C._lint_raw("u", raw)[0]
