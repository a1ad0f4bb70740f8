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

    def test_the_queue_holds_refs_to_the_shared_models_not_copies(self) -> None:
        from tabletop.engine import load
        from tabletop.games.paupers_ladder.card_effects import Gain

        from .helpers import build

        game = load("paupers-ladder", players=2)
        state = build({}, players=2)
        assert isinstance(state.C.card_effect["q.orphanage.reward.0.1"], Gain)
        reward = state.C.quest[next(q for q in state.C.quest if ".orphanage." in q)]
        state.run(reward.reward_effects[0])
        queued = state.data["effect_queue"][
            : len(reward.reward_effects[0])
        ]  # the queue is what is tested
        assert queued == [e.ref for e in reward.reward_effects[0]]
        assert all(state.C.card_effect[r] is e for r, e in zip(queued, reward.reward_effects[0]))
        assert game.new_state(2).C.card_effect is state.C.card_effect  # one index, shared


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
        assert "options[0].effects" in msg or "'n'" in msg

    def test_models_are_frozen_and_read_by_the_words_table(self) -> None:
        import dataclasses

        from tabletop.games.paupers_ladder.content import effect_words

        c = Content()
        effect = c.card_effect["q.orphanage.reward.0.1"]
        with pytest.raises(dataclasses.FrozenInstanceError):
            effect.ref = "elsewhere"  # type: ignore[misc]
        assert not hasattr(effect, "__dict__")  # slots: small and shared
        assert effect_words(effect) == "collect 2 Gems"
