"""The content's effect vocabularies: static abilities and triggered card effects are kept apart,
and a name of the wrong one is refused when the content loads, naming file, entry and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from tabletop.engine.effects import NAME
from tabletop.engine.errors import ContentError
from tabletop.games.paupers_ladder import effects, lint
from tabletop.games.paupers_ladder.content import (
    ABILITIES,
    ALLIES,
    DATA,
    ONGOING,
    TRIGGERED,
    Content,
    Gain,
)
from tabletop.games.paupers_ladder.steps import STEPS, CompleteQuest
from tabletop.games.paupers_ladder.texts import effect_words

from .helpers import table


def data_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    text = (d / file).read_text(encoding="utf-8")
    assert text.count(old) == 1
    (d / file).write_text(text.replace(old, new), encoding="utf-8")
    return d


class TestEffectVocabularies:
    def test_the_shipped_content_loads_and_lints_clean(self) -> None:
        assert lint.problems(Content()) == []

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
        assert "field 'options.0.effects'" in msg and "'weapon' is a static ability" in msg

    def test_a_card_effect_among_an_items_abilities_is_refused(self, tmp_path: Path) -> None:
        d = data_copy(
            tmp_path,
            "equipment.yaml",
            "  abilities:\n  - effect: weapon\n    bonus: 2\n  rarity: false\n  source: designed\n"
            "- id: spear",
            "  abilities:\n  - effect: gain\n    n: 2\n  rarity: false\n  source: designed\n"
            "- id: spear",
        )
        with pytest.raises(ContentError, match=r"'sword', field 'abilities': .*'gain' is a trig"):
            Content(d)


class TestCardEffectHandlers:
    def test_every_effect_of_every_table_has_its_one_handler(self) -> None:
        assert effects.missing() == []
        for family in (ABILITIES, ALLIES, ONGOING, TRIGGERED, STEPS):
            for model in family.models():
                assert family.handler(model.model_construct()) is not None

    def test_effect_names_are_kebab_case_and_each_is_declared_once(self) -> None:
        names = [
            n for family in (ABILITIES, ALLIES, ONGOING, TRIGGERED, STEPS) for n in family.names()
        ]
        assert len(names) == len(set(names))
        assert all(NAME.match(n) for n in names)

    def test_the_queue_holds_refs_to_the_shared_models_not_copies(self) -> None:
        s = table({}, players=2)
        content = s.state.content
        assert isinstance(content.effect_at("q.orphanage.reward.0.1"), Gain)
        reward = content.quest[next(q for q in content.quest if ".orphanage." in q)]
        s.state.run(reward.reward[0])
        queued = s.data["effect_queue"][: len(reward.reward[0])]  # the queue is what is tested
        assert queued == [content.ref(e) for e in reward.reward[0]]
        assert all(content.effect_at(r) is e for r, e in zip(queued, reward.reward[0]))
        assert table({}, players=2).state.content is content  # one content, shared

    def test_a_rule_step_is_queued_as_a_mapping_of_its_model(self) -> None:
        s = table({}, players=2)
        s.state.run([CompleteQuest(city="bluevale")])
        assert s.data["effect_queue"][0] == {"effect": "complete-quest", "city": "bluevale"}


class TestTypedCardEffects:
    def test_a_bad_parameter_of_a_card_effect_is_refused_at_load(self, tmp_path: Path) -> None:
        d = data_copy(
            tmp_path,
            "region_cards.yaml",
            "  text: Collect 2 Gems.\n  options:\n  - label: Collect\n    effects:\n"
            "    - effect: gain\n      n: 2\n  stays: discard\n  source: designed\n"
            "- id: gamblers-forest",
            "  text: Collect 2 Gems.\n  options:\n  - label: Collect\n    effects:\n"
            "    - effect: gain\n      n: plenty\n  stays: discard\n  source: designed\n"
            "- id: gamblers-forest",
        )
        with pytest.raises(ContentError) as err:
            Content(d)
        msg = str(err.value)
        assert "region_cards.yaml" in msg and "'glittering-find-forest'" in msg
        assert "field 'options.0.effects'" in msg and "effect 'gain', field 'n'" in msg

    def test_models_are_frozen_and_read_by_the_words_table(self) -> None:
        c = Content()
        effect = c.effect_at("q.orphanage.reward.0.1")
        with pytest.raises(ValidationError):
            effect.n = 3  # type: ignore[attr-defined]
        assert effect_words(effect) == "collect 2 Gems"
