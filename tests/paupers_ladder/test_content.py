"""The content's effect vocabularies: static abilities and triggered card effects are kept apart,
and a name of the wrong one is refused when the content loads, naming file, entry and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tabletop.engine.errors import ContentError
from tabletop.games.paupers_ladder.content import DATA, Content


def data_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    text = (d / file).read_text(encoding="utf-8")
    assert text.count(old) == 1
    (d / file).write_text(text.replace(old, new), encoding="utf-8")
    return d


class TestEffectVocabularies:
    def test_the_shipped_content_loads_and_lints_clean(self) -> None:
        assert Content().lint() == []

    def test_a_weapon_inside_an_event_option_is_refused_at_load(self, tmp_path: Path) -> None:
        d = data_copy(
            tmp_path,
            "region_cards.yaml",
            "  text: Collect 2 Gems.\n  options:\n  - label: Collect\n    effects:\n"
            "    - effect: gain\n      n: 2\n  stays: discard\n  source: designed\n"
            "- id: gamblers-forest",
            "  text: Collect 2 Gems.\n  options:\n  - label: Collect\n    effects:\n"
            "    - effect: weapon\n      bonus: 2\n  stays: discard\n  source: designed\n"
            "- id: gamblers-forest",
        )
        with pytest.raises(ContentError) as err:
            Content(d)
        msg = str(err.value)
        assert "region_cards.yaml" in msg and "'glittering-find-forest'" in msg
        assert "field 'options[0].effects'" in msg and "'weapon' is a static ability" in msg

    def test_a_card_effect_among_an_items_abilities_is_refused(self, tmp_path: Path) -> None:
        d = data_copy(
            tmp_path,
            "equipment.yaml",
            "  abilities:\n  - effect: weapon\n    bonus: 2\n  rarity: false\n  source: designed\n"
            "- id: spear",
            "  abilities:\n  - effect: gain\n    n: 2\n  rarity: false\n  source: designed\n"
            "- id: spear",
        )
        with pytest.raises(ContentError, match=r"'sword', field 'abilities': 'gain' is a trig"):
            Content(d)


class TestCardEffectHandlers:
    def test_every_triggered_card_effect_has_one_handler_and_no_other_does(self) -> None:
        from tabletop.games.paupers_ladder.content import CARD_EFFECTS
        from tabletop.games.paupers_ladder.effects import EFFECT_HANDLERS

        public = {name for name in EFFECT_HANDLERS if not name.startswith("_")}
        assert public == set(CARD_EFFECTS)
