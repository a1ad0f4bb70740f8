"""Content loading: errors name the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.engine.content import (
    Entry,
    check_references,
    load_document,
    load_entries,
)
from tabletop.engine.errors import ContentError


class Card(Entry):
    id: str
    cost: int
    source: str = "rulebook"


class TestLoadEntries:
    def test_valid_entries_load_by_id(self, tmp_path: Path) -> None:
        f = tmp_path / "cards.yaml"
        f.write_text("- {id: lantern, cost: 3}\n- {id: rope, cost: 1, source: designed}\n")
        cards = load_entries(f, Card)
        assert cards["rope"].source == "designed" and cards["lantern"].cost == 3

    def test_an_error_names_file_entry_and_field(self, tmp_path: Path) -> None:
        f = tmp_path / "cards.yaml"
        f.write_text("- {id: lantern, cost: three}\n")
        with pytest.raises(ContentError) as err:
            load_entries(f, Card)
        assert err.value.file == str(f) and err.value.entry == "lantern"
        assert err.value.field == "cost" and "cards.yaml, entry 'lantern', field 'cost'" in str(
            err.value
        )

    def test_unknown_fields_and_duplicates_are_errors(self, tmp_path: Path) -> None:
        f = tmp_path / "cards.yaml"
        f.write_text("- {id: a, cost: 1, colour: red}\n")
        with pytest.raises(ContentError, match="field 'colour'"):
            load_entries(f, Card)
        f.write_text("- {id: a, cost: 1}\n- {id: a, cost: 2}\n")
        with pytest.raises(ContentError, match="entry 'a', field 'id': duplicate id"):
            load_entries(f, Card)

    def test_syntax_errors_and_shapes(self, tmp_path: Path) -> None:
        f = tmp_path / "cards.yaml"
        f.write_text("- {id: a, cost: [\n")
        with pytest.raises(ContentError, match="not valid YAML"):
            load_entries(f, Card)
        f.write_text("id: a\n")
        with pytest.raises(ContentError, match="expected a list"):
            load_entries(f, Card)
        with pytest.raises(ContentError, match="cannot read"):
            load_entries(tmp_path / "missing.yaml", Card)

    def test_toml_documents_and_sections(self, tmp_path: Path) -> None:
        f = tmp_path / "card.toml"
        f.write_text('id = "a"\ncost = 2\n')
        assert load_document(f, Card).cost == 2
        g = tmp_path / "deck.yaml"
        g.write_text("cards:\n  - {id: b, cost: 1}\n")
        assert list(load_entries(g, Card, section="cards")) == ["b"]
        with pytest.raises(ContentError, match="missing top-level section 'items'"):
            load_entries(g, Card, section="items")


class TestReferences:
    def test_dangling_references(self) -> None:
        problems = check_references("q.yaml", "q1", "needs", ["a", "zz"], {"a"}, "card")
        assert problems == ["q.yaml, entry 'q1', field 'needs': unknown card 'zz'"]
