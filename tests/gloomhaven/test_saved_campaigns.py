"""Campaigns saved by an earlier Tabletop still load, read the same and keep their history.

``saved/`` holds one campaign ("Our Saga": two parties, five characters of five classes, perks
typed as free text, items bought and sold, an enhancement, a scenario played, events in hand, an
import over it) exactly as the code before the rules moved into ``rules/`` saved it: its export,
its stored document, its view (what the web pages and the JSON API were built from) and the
campaign tables of the SQLite database it lived in (as SQL text).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tabletop.store.campaigns import CampaignRow
from tabletop.store.db import session_scope
from tabletop.store.gloomhaven import CampaignService

SAVED = Path(__file__).parent / "saved"
CID = "our-saga"


def saved(name: str) -> Any:
    return json.loads((SAVED / name).read_text(encoding="utf-8"))


def as_json(view: dict[str, Any]) -> Any:
    """The view as the JSON API sends it."""
    return json.loads(json.dumps(view))


def assert_kept(old: Any, new: Any, path: str = "view") -> None:
    """Every value of ``old`` is in ``new`` unchanged (``new`` may carry more keys)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), path
        for key, value in old.items():
            assert key in new, f"{path}.{key} is gone"
            assert_kept(value, new[key], f"{path}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), path
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            assert_kept(a, b, f"{path}[{i}]")
    else:
        assert new == old, f"{path}: {old!r} became {new!r}"


@pytest.fixture
def old_database(tmp_path: Path) -> str:
    """The SQLite database the earlier code wrote (its campaign tables), opened by today's."""
    path = tmp_path / "saved.db"
    with sqlite3.connect(path) as db:
        db.executescript((SAVED / "our-saga.sqlite.sql").read_text(encoding="utf-8"))
    return f"sqlite:///{path}"


class TestASavedCampaignStillLoads:
    def test_its_export_imports_and_reads_as_before(self, tmp_path: Path) -> None:
        svc = CampaignService(f"sqlite:///{tmp_path / 'new.db'}")
        svc.import_campaign(saved("our-saga.export.json"))
        assert_kept(saved("our-saga.view.json"), as_json(svc.view(CID)))
        assert json.loads(svc.document(CID)) == saved("our-saga.document.json")

    def test_its_stored_document_loads_unchanged(self, tmp_path: Path) -> None:
        url = f"sqlite:///{tmp_path / 'doc.db'}"
        text = (SAVED / "our-saga.document.json").read_text(encoding="utf-8").strip()
        with session_scope(url) as s:
            s.add(
                CampaignRow(
                    id=CID, game="gloomhaven", name="Our Saga", schema_version=1, document=text
                )
            )
        svc = CampaignService(url)
        assert svc.get(CID).dump() == saved("our-saga.document.json")
        assert_kept(saved("our-saga.view.json"), as_json(svc.view(CID)))
        assert svc.document(CID) == text  # reading writes nothing


class TestItsDatabaseKeepsHistoryAndBackups:
    def test_history_and_backups_read_as_written(self, old_database: str) -> None:
        svc = CampaignService(old_database)
        history = svc.history(CID)
        assert [h["seq"] for h in history] == list(range(1, 34))
        assert history[-1]["command"] == "import"
        assert [b["reason"] for b in svc.backups(CID)] == ["before import"]
        assert_kept(saved("our-saga.view.json"), as_json(svc.view(CID)))

    def test_undo_restores_documents_the_earlier_code_wrote(self, old_database: str) -> None:
        svc = CampaignService(old_database)
        svc.undo(CID)  # the import: its document was the same
        assert svc.get(CID).dump() == saved("our-saga.document.json")
        svc.undo(CID)  # the Wolves' city event
        wolves = svc.get(CID).parties["wolves"]
        assert wolves.pending_event is None and not wolves.city_event_done

    def test_new_changes_append_and_leave_every_earlier_row(self, old_database: str) -> None:
        svc = CampaignService(old_database)
        before = svc.history(CID)
        svc.choose(CID, "wolves", "A")
        svc.buy(CID, "dax", "013")
        after = svc.history(CID)
        assert after[: len(before)] == before
        assert [h["command"] for h in after[len(before) :]] == ["choose", "buy"]
        svc.import_campaign(svc.export(CID), replace=True)
        assert [b["reason"] for b in svc.backups(CID)] == ["before import", "before import"]
