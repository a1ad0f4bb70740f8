"""Keeping the campaign safe: transactions, refusals, history, undo, export/import, backups."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select

from tabletop.engine.errors import IllegalAction
from tabletop.games.gloomhaven import document as svc_mod
from tabletop.games.gloomhaven import model
from tabletop.games.gloomhaven import rules as ops
from tabletop.store.campaigns import CampaignBackup, CampaignHistory
from tabletop.store.db import session_scope
from tabletop.store.gloomhaven import CampaignService

REFUSALS: dict[str, Callable[[CampaignService], Any]] = {
    "unknown item": lambda s: s.buy(None, "ana", "999"),
    "not enough gold": lambda s: s.buy(None, "ana", "006") and s.buy(None, "ana", "009"),
    "duplicate item": lambda s: s.buy(None, "ana", "012") and s.buy(None, "ana", "012"),
    "second donation": lambda s: s.donate(None, "ana") and s.donate(None, "ana"),
    "level-up outside town": lambda s: (
        s.travel(None, "lions", "1") and s.level_up(None, "ana", "Juggernaut", 2, "p")
    ),
    "level-up without xp": lambda s: s.level_up(None, "ana", "Juggernaut", 2, "p"),
    "over-limit enhancement": lambda s: (
        s.adjust(None, "global-achievement", 1, name="The Power of Enhancement")
        and s.enhance(None, "ana", "Trample", 1, "top", "move")
        and s.enhance(None, "ana", "Leaping Cleave", 1, "top", "move")
    ),
    "enhancement without achievement": lambda s: s.enhance(
        None, "ana", "Trample", 1, "top", "move"
    ),
    "unknown sticker": lambda s: (
        s.adjust(None, "global-achievement", 1, name="The Power of Enhancement")
        and s.enhance(None, "ana", "Trample", 1, "top", "lasers")
    ),
    "second city event": lambda s: (
        s.city_event(None, "lions") and s.choose(None, "lions", "A") and s.city_event(None, "lions")
    ),
    "unknown character": lambda s: s.donate(None, "zed"),
    "retire without quest": lambda s: s.retire(None, "ana"),
    "locked scenario": lambda s: s.travel(None, "lions", "2"),
    "sell unowned": lambda s: s.sell(None, "ana", "001"),
    "bad event choice": lambda s: s.city_event(None, "lions") and s.choose(None, "lions", "C"),
}


MESSAGES = {
    "unknown item": "unknown item '999'",
    "not enough gold": "Ana has 0 gold; Piercing Bow costs 30",
    "duplicate item": "no character may own duplicates",
    "second donation": "already donated during this visit",
    "level-up outside town": "leveling up only happens in Gloomhaven",
    "level-up without xp": "needs 45 XP, has 0",
    "over-limit enhancement": "already has 1 enhanced cards: at most the prosperity level (1)",
    "enhancement without achievement": "The Power of Enhancement",
    "unknown sticker": "unknown enhancement sticker 'lasers'",
    "second city event": "already completed a city event",
    "unknown character": "no character 'zed'",
    "retire without quest": "only retire with a fulfilled personal quest",
    "locked scenario": "scenario 2 is not unlocked",
    "sell unowned": "does not own item 001",
    "bad event choice": "choose A or B",
}


class TestRefusalsChangeNothing:
    @pytest.mark.parametrize("name", REFUSALS)
    def test_stored_document_byte_identical(self, svc: CampaignService, name: str) -> None:
        with pytest.raises(IllegalAction) as info:
            REFUSALS[name](svc)
        # the refused (last) command left no trace: compare with the state just before it
        before_doc = svc.document()
        hist = svc.history()
        with pytest.raises(IllegalAction, match=str(info.value).split(":")[0][:20]):
            _last_call(svc, name)
        assert svc.document() == before_doc
        assert svc.history() == hist
        assert MESSAGES[name] in str(info.value)


def _last_call(svc: CampaignService, name: str) -> None:
    """Repeat only the command that was refused (its set-up already happened)."""
    last = {
        "not enough gold": lambda: svc.buy(None, "ana", "009"),
        "duplicate item": lambda: svc.buy(None, "ana", "012"),
        "second donation": lambda: svc.donate(None, "ana"),
        "level-up outside town": lambda: svc.level_up(None, "ana", "Juggernaut", 2, "p"),
        "over-limit enhancement": lambda: svc.enhance(
            None, "ana", "Leaping Cleave", 1, "top", "move"
        ),
        "unknown sticker": lambda: svc.enhance(None, "ana", "Trample", 1, "top", "lasers"),
        "second city event": lambda: svc.city_event(None, "lions"),
        "bad event choice": lambda: svc.choose(None, "lions", "C"),
    }.get(name, lambda: REFUSALS[name](svc))
    last()


class TestTransactionsAndHistory:
    def test_every_change_writes_one_history_row(self, svc: CampaignService) -> None:
        n = len(svc.history())
        r = svc.buy(None, "ana", "001")
        h = svc.history()
        assert len(h) == n + 1
        assert h[-1]["command"] == "buy"
        assert h[-1]["arguments"] == {"character": "ana", "item": "001"}
        assert "Boots of Striding" in h[-1]["summary"]
        paths = {d["path"] for d in h[-1]["diff"]}
        assert "characters.ana.gold" in paths and "characters.ana.items" in paths
        assert json.loads(svc.document()) == r.campaign.dump()

    def test_history_is_append_only_through_undo(self, svc: CampaignService) -> None:
        svc.buy(None, "ana", "001")
        first = svc.history()
        svc.undo()
        after = svc.history()
        assert after[: len(first)] == first
        assert after[-1]["command"] == "undo"

    def test_a_failing_write_rolls_back(self, svc: CampaignService) -> None:
        doc = svc.document()

        def boom(c: model.Campaign) -> list[str]:
            ops.buy(c, "ana", "001")
            raise RuntimeError("disk on fire")

        with pytest.raises(RuntimeError):
            svc.run(None, "buy", {}, boom)
        assert svc.document() == doc


class TestUndo:
    def test_undo_restores_the_previous_document(self, svc: CampaignService) -> None:
        doc = svc.document()
        svc.buy(None, "ana", "001")
        assert svc.document() != doc
        svc.undo()
        assert svc.document() == doc

    def test_repeated_undo_walks_back(self, svc: CampaignService) -> None:
        d0 = svc.document()
        svc.buy(None, "ana", "001")
        svc.buy(None, "ana", "012")
        svc.undo()
        svc.undo()
        assert svc.document() == d0

    def test_nothing_to_undo(self, url: str) -> None:
        s = CampaignService(url)
        s.create_campaign("Fresh")
        with pytest.raises(IllegalAction, match="nothing to undo"):
            s.undo()

    def test_undo_restores_rng_state(self, svc: CampaignService) -> None:
        before = svc.get().rng_state
        svc.city_event(None, "lions")
        svc.choose(None, "lions", "A")
        svc.undo()
        svc.undo()
        assert svc.get().rng_state == before


class TestExportImport:
    def test_round_trip_into_a_new_database(self, svc: CampaignService, tmp_path) -> None:
        svc.buy(None, "ana", "001")
        data = json.loads(json.dumps(svc.export(), default=str))
        assert data["format"] == "tabletop.gloomhaven.campaign"
        assert data["schema_version"] == model.SCHEMA_VERSION
        other = CampaignService(f"sqlite:///{tmp_path / 'other.db'}")
        other.import_campaign(data)
        assert other.document() == svc.document()
        assert [h["command"] for h in other.history()][:-1] == [
            f"imported:{h['command']}" for h in svc.history()
        ]

    def test_import_over_existing_needs_replace_and_backs_up(self, svc: CampaignService) -> None:
        data = svc.export()
        svc.buy(None, "ana", "001")
        changed = svc.document()
        with pytest.raises(IllegalAction, match="already exists"):
            svc.import_campaign(data)
        assert svc.document() == changed
        svc.import_campaign(data, replace=True)
        backups = svc.backups()
        assert backups[-1]["reason"] == "before import"
        assert backups[-1]["document"] == changed
        assert json.loads(svc.document()) == data["campaign"]
        svc.undo()  # an import can be undone too
        assert svc.document() == changed

    def test_not_an_export(self, svc: CampaignService) -> None:
        with pytest.raises(IllegalAction, match="not a Tabletop Gloomhaven campaign export"):
            svc.import_campaign({"format": "something"})

    def test_newer_schema_refused(self, svc: CampaignService) -> None:
        data = svc.export()
        data["campaign"]["schema_version"] = model.SCHEMA_VERSION + 1
        with pytest.raises(IllegalAction, match="newer than this Tabletop"):
            svc.import_campaign(data, replace=True)


class TestSchemaMigration:
    def test_old_document_is_backed_up_then_migrated(
        self, svc: CampaignService, url: str, monkeypatch
    ) -> None:
        old = svc.document()

        def v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
            doc["notes"] = [*doc.get("notes", []), "migrated to 2"]
            return doc

        monkeypatch.setattr(model, "SCHEMA_VERSION", 2)
        monkeypatch.setitem(svc_mod.MIGRATIONS, 1, v1_to_v2)
        c = svc.get()
        assert c.schema_version == 2 and c.notes == ["migrated to 2"]
        with session_scope(url) as s:
            backup = s.scalars(select(CampaignBackup)).all()[-1]
            assert backup.document == old and "migration" in backup.reason
            last = s.scalars(select(CampaignHistory).order_by(CampaignHistory.seq.desc())).first()
            assert last is not None and last.command == "migrate"

    def test_migrate_steps_in_order(self) -> None:
        steps = {1: lambda d: {**d, "a": 1}, 2: lambda d: {**d, "b": d["a"] + 1}}
        out = svc_mod.migrate({"schema_version": 1}, target=3, migrations=steps)
        assert out == {"schema_version": 3, "a": 1, "b": 2}


class TestSameSeedSameCampaign:
    def test_two_databases_same_commands_same_documents(self, tmp_path) -> None:
        docs = []
        for name in ("a", "b"):
            s = CampaignService(f"sqlite:///{tmp_path / name}.db")
            s.create_campaign("Twin", seed=77)
            s.create_party(None, "Lions")
            s.create_character(None, "lions", "Ana", "alice", "brute")
            s.keep_quest(None, "ana", s.get().characters["ana"].quest_offer[1])
            s.city_event(None, "lions")
            s.choose(None, "lions", "B")
            s.travel(None, "lions", "1")
            s.finish_scenario(None, "lions", True)
            s.return_to_town(None, "lions")
            s.travel(None, "lions", "2")
            docs.append(s.document())
        assert docs[0] == docs[1]


class TestConcurrentChanges:
    def test_a_change_based_on_a_stale_revision_is_refused(self, svc: CampaignService) -> None:
        other = CampaignService(svc.url)

        def meanwhile(c: model.Campaign) -> list[str]:
            other.buy(None, "bo", "012")  # commits first, on its own connection
            return ops.buy(c, "ana", "012")

        with pytest.raises(IllegalAction, match="changed by someone else"):
            svc.run(None, "buy", {}, meanwhile)
        doc = svc.get()
        assert "012" in doc.characters["bo"].items
        assert "012" not in doc.characters["ana"].items


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change to one field of an export, given as a dotted path."""

    def change(data: dict[str, Any]) -> None:
        *parents, leaf = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(leaf)] = value
        else:
            target[leaf] = value

    return change


IMPOSSIBLE_IMPORTS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "reputation 99": (_set("campaign.parties.lions.reputation", 99), "parties.lions.reputation"),
    "gold -50": (_set("campaign.characters.ana.gold", -50), "characters.ana.gold"),
    "class wizard": (_set("campaign.characters.ana.class_id", "wizard"), "ana.class_id"),
    "missing member": (_set("campaign.parties.lions.members", ["ana", "zed"]), "members[1]"),
    "member of no party": (_set("campaign.characters.bo.party", None), "lions.members[1]"),
    "xp below the level": (_set("campaign.characters.ana.level", 3), "characters.ana.xp"),
    "prosperity off the track": (_set("campaign.city.prosperity", 999), "city.prosperity"),
    "unknown quest": (_set("campaign.characters.ana.personal_quest", "pq-x"), "personal_quest"),
    "unknown event": (_set("campaign.city.road_deck.draw.0", "road-999"), "road_deck.draw[0]"),
    "gold as text": (_set("campaign.characters.ana.gold", "lots"), "campaign.characters.ana.gold"),
    "party not an object": (_set("campaign.parties.lions", 5), "campaign.parties.lions"),
    "history rows not objects": (_set("history", [1, "x"]), "history[0]"),
    "history not a list": (_set("history", {"a": 1}), "history"),
    "history row without command": (_set("history.0", {"summary": "x"}), "history[0].command"),
    "schema version null": (_set("campaign.schema_version", None), "campaign.schema_version"),
    "quest held twice": (_set("campaign.city.quest_deck.0", "pq-s01"), "personal quest"),
    "generator state": (_set("campaign.rng_state", -1), "campaign.rng_state"),
}


class TestImportIsCheckedLikeTheCommands:
    """Defect: a well-formed export with impossible values was stored, after which `show` and
    `buy` crashed. Every field is checked against the rules the commands keep."""

    @pytest.mark.parametrize("case", sorted(IMPOSSIBLE_IMPORTS))
    def test_refused_naming_the_field_and_nothing_changes(
        self, svc: CampaignService, case: str
    ) -> None:
        change, field = IMPOSSIBLE_IMPORTS[case]
        data = json.loads(json.dumps(svc.export(), default=str))
        change(data)
        doc, history, backups = svc.document(), svc.history(), svc.backups()
        with pytest.raises(IllegalAction) as exc:
            svc.import_campaign(data, replace=True)
        assert field in str(exc.value)
        assert svc.document() == doc
        assert svc.history() == history
        assert svc.backups() == backups

    @pytest.mark.parametrize("case", ["reputation 99", "gold -50", "history rows not objects"])
    def test_refused_into_an_empty_database_too(self, svc: CampaignService, tmp_path, case) -> None:
        change, field = IMPOSSIBLE_IMPORTS[case]
        data = json.loads(json.dumps(svc.export(), default=str))
        change(data)
        other = CampaignService(f"sqlite:///{tmp_path / 'other.db'}")
        with pytest.raises(IllegalAction, match=field.replace("[", r"\[").replace("]", r"\]")):
            other.import_campaign(data)
        assert other.campaigns() == []

    def test_a_sound_export_still_imports(self, svc: CampaignService, tmp_path) -> None:
        svc.buy(None, "ana", "001")
        data = json.loads(json.dumps(svc.export(), default=str))
        other = CampaignService(f"sqlite:///{tmp_path / 'other.db'}")
        other.import_campaign(data)
        assert other.document() == svc.document()
