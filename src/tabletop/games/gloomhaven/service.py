"""The campaign service used by the CLI and the web app.

Every change runs on a copy of the stored document; if the rules refuse it nothing is written. A
change that succeeds writes the new document and one append-only history row (command, arguments,
summary, diff and the document before) in a single transaction.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from tabletop.engine.content import load_entries
from tabletop.engine.errors import ContentError
from tabletop.store.campaigns import CampaignBackup, CampaignHistory, CampaignRow
from tabletop.store.db import session_scope

from . import campaign as ops
from . import integrity, model, rules
from .data import (
    CharacterClass,
    GameData,
    Item,
    PersonalQuest,
    Scenario,
    ScenarioRewards,
    check_events,
    game_data,
    load_event_file,
)
from .model import Campaign

GAME = "gloomhaven"
EXPORT_FORMAT = "tabletop.gloomhaven.campaign"

# Migrations: MIGRATIONS[v] turns a version-v document (a dict) into version v + 1.
Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}


def canonical(doc: dict[str, Any]) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def migrate(
    doc: dict[str, Any],
    target: int | None = None,
    migrations: dict[int, Migration] | None = None,
) -> dict[str, Any]:
    """Bring a document up to ``target`` (the current schema) one version at a time."""
    target = model.SCHEMA_VERSION if target is None else target
    steps = MIGRATIONS if migrations is None else migrations
    version = int(doc.get("schema_version", 1))
    if version > target:
        raise ops.Refused(
            f"campaign schema version {version} is newer than this Tabletop ({target}); upgrade"
        )
    while version < target:
        if version not in steps:
            raise ops.Refused(f"no migration from campaign schema version {version}")
        doc = steps[version](dict(doc))
        version += 1
        doc["schema_version"] = version
    return doc


def diff(before: Any, after: Any, path: str = "", limit: int = 200) -> list[dict[str, Any]]:
    """Paths whose values differ between two JSON documents (lists compared whole)."""
    out: list[dict[str, Any]] = []

    def walk(a: Any, b: Any, p: str) -> None:
        if len(out) >= limit or a == b:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for k in sorted(set(a) | set(b)):
                walk(a.get(k), b.get(k), f"{p}.{k}" if p else str(k))
            return
        out.append({"path": p, "old": a, "new": b})

    walk(before, after, path)
    return out


@dataclass
class Result:
    campaign: Campaign
    lines: list[str]
    command: str


class CampaignService:
    """All campaign commands and views over one database URL (None: $TABLETOP_DB or SQLite)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url

    # ----------------------------------------------------------------- storage plumbing

    def _row(self, s: Session, ref: str | None) -> CampaignRow:
        rows = list(s.scalars(select(CampaignRow).where(CampaignRow.game == GAME)))
        if ref is None:
            if len(rows) == 1:
                return rows[0]
            if not rows:
                raise ops.Refused("no campaign yet: create one with new-campaign")
            raise ops.Refused(
                "several campaigns: name one with --campaign ("
                + ", ".join(r.id for r in rows)
                + ")"
            )
        key = ref.strip().lower()
        for r in rows:
            if r.id == key or r.name.lower() == key:
                return r
        raise ops.Refused(f"no campaign {ref!r} (known: {', '.join(r.id for r in rows) or 'none'})")

    def _next_seq(self, s: Session, cid: str) -> int:
        last = s.scalar(
            select(func.max(CampaignHistory.seq)).where(CampaignHistory.campaign_id == cid)
        )
        return (last or 0) + 1

    def _record(
        self,
        s: Session,
        row: CampaignRow,
        command: str,
        arguments: dict[str, Any],
        lines: list[str],
        before: str | None,
        after: str,
        undoes: int | None = None,
    ) -> None:
        old = json.loads(before) if before else {}
        row.document = after
        s.flush()  # bumps row.revision (version counter); a stale revision raises here
        row.updated = datetime.now(UTC)
        row.schema_version = int(json.loads(after).get("schema_version", model.SCHEMA_VERSION))
        s.add(
            CampaignHistory(
                campaign_id=row.id,
                seq=self._next_seq(s, row.id),
                command=command,
                arguments=arguments,
                summary="\n".join(lines),
                diff=diff(old, json.loads(after)),
                before=before,
                undoes=undoes,
                revision=row.revision,
            )
        )

    def _load(self, s: Session, row: CampaignRow) -> Campaign:
        doc = json.loads(row.document)
        if int(doc.get("schema_version", 1)) != model.SCHEMA_VERSION:
            old = row.document
            s.add(
                CampaignBackup(
                    campaign_id=row.id,
                    reason=f"before schema migration from "
                    f"{doc.get('schema_version', 1)} to {model.SCHEMA_VERSION}",
                    schema_version=int(doc.get("schema_version", 1)),
                    document=old,
                )
            )
            doc = migrate(doc)
            self._record(
                s,
                row,
                "migrate",
                {"to": model.SCHEMA_VERSION},
                [f"schema migrated to version {model.SCHEMA_VERSION}"],
                old,
                canonical(doc),
            )
        return Campaign.model_validate(doc)

    def run(
        self,
        ref: str | None,
        command: str,
        arguments: dict[str, Any],
        change: Callable[[Campaign], list[str]],
    ) -> Result:
        """Apply one change as one transaction; a refusal leaves the stored document untouched."""
        with session_scope(self.url) as s:
            row = self._row(s, ref)
            current = self._load(s, row)
            before = row.document
            work = current.model_copy(deep=True)
            lines = change(work)
            after = canonical(work.dump())
            try:
                self._record(s, row, command, arguments, lines, before, after)
            except StaleDataError:
                raise ops.Refused(
                    "the campaign was changed by someone else meanwhile; nothing was saved, "
                    "try again"
                ) from None
            return Result(work, lines, command)

    # ----------------------------------------------------------------- campaigns

    def create_campaign(self, name: str, seed: int = 0) -> Result:
        c = ops.new_campaign(name, seed)
        with session_scope(self.url) as s:
            if s.get(CampaignRow, c.id) is not None:
                raise ops.Refused(f"a campaign {c.id!r} already exists")
            row = CampaignRow(
                id=c.id,
                game=GAME,
                name=name,
                schema_version=model.SCHEMA_VERSION,
                document="{}",
            )
            s.add(row)
            s.flush()
            lines = [f"campaign {name!r} founded (seed {seed})"]
            self._record(
                s,
                row,
                "new-campaign",
                {"name": name, "seed": seed},
                lines,
                None,
                canonical(c.dump()),
            )
        return Result(c, lines, "new-campaign")

    def campaigns(self) -> list[dict[str, Any]]:
        with session_scope(self.url) as s:
            return [
                {"id": r.id, "name": r.name, "revision": r.revision, "updated": r.updated}
                for r in s.scalars(select(CampaignRow).where(CampaignRow.game == GAME))
            ]

    def get(self, ref: str | None = None) -> Campaign:
        with session_scope(self.url) as s:
            return self._load(s, self._row(s, ref))

    def document(self, ref: str | None = None) -> str:
        """The stored JSON text, exactly as saved."""
        with session_scope(self.url) as s:
            return self._row(s, ref).document

    # ----------------------------------------------------------------- commands

    def create_party(self, ref: str | None, name: str) -> Result:
        return self.run(ref, "new-party", {"name": name}, lambda c: ops.create_party(c, name))

    def create_character(
        self, ref: str | None, party: str, name: str, player: str, class_id: str, level: int = 1
    ) -> Result:
        args = {"party": party, "name": name, "player": player, "class": class_id, "level": level}
        return self.run(
            ref,
            "new-character",
            args,
            lambda c: ops.create_character(c, party, name, player, class_id, level),
        )

    def keep_quest(self, ref: str | None, char: str, quest: str) -> Result:
        return self.run(
            ref,
            "keep-quest",
            {"character": char, "quest": quest},
            lambda c: ops.keep_quest(c, char, quest),
        )

    def join_party(self, ref: str | None, char: str, party: str) -> Result:
        return self.run(
            ref,
            "join-party",
            {"character": char, "party": party},
            lambda c: ops.join_party(c, char, party),
        )

    def leave_party(self, ref: str | None, char: str) -> Result:
        return self.run(ref, "leave-party", {"character": char}, lambda c: ops.leave_party(c, char))

    def buy(self, ref: str | None, char: str, item: str) -> Result:
        return self.run(
            ref, "buy", {"character": char, "item": item}, lambda c: ops.buy(c, char, item)
        )

    def sell(self, ref: str | None, char: str, item: str) -> Result:
        return self.run(
            ref, "sell", {"character": char, "item": item}, lambda c: ops.sell(c, char, item)
        )

    def level_up(self, ref: str | None, char: str, card: str, card_level: int, perk: str) -> Result:
        args = {"character": char, "card": card, "card_level": card_level, "perk": perk}
        return self.run(
            ref, "level-up", args, lambda c: ops.level_up(c, char, card, card_level, perk)
        )

    def mark_perk(self, ref: str | None, char: str, perk: str) -> Result:
        return self.run(
            ref,
            "mark-perk",
            {"character": char, "perk": perk},
            lambda c: ops.mark_perk(c, char, perk),
        )

    def rise_to_prosperity(self, ref: str | None, char: str) -> Result:
        return self.run(
            ref,
            "rise-to-prosperity",
            {"character": char},
            lambda c: ops.rise_to_prosperity(c, char),
        )

    def donate(self, ref: str | None, char: str) -> Result:
        return self.run(ref, "donate", {"character": char}, lambda c: ops.donate(c, char))

    def enhance(
        self,
        ref: str | None,
        char: str,
        card: str,
        card_level: int,
        action: str,
        sticker: str,
        multi_target: bool = False,
        hexes: int | None = None,
    ) -> Result:
        args = {
            "character": char,
            "card": card,
            "card_level": card_level,
            "action": action,
            "sticker": sticker,
            "multi_target": multi_target,
            "hexes": hexes,
        }
        return self.run(
            ref,
            "enhance",
            args,
            lambda c: ops.enhance(
                c, char, card, card_level, action, sticker, multi_target=multi_target, hexes=hexes
            ),
        )

    def fulfil_quest(self, ref: str | None, char: str) -> Result:
        return self.run(
            ref, "fulfil-quest", {"character": char}, lambda c: ops.fulfil_quest(c, char)
        )

    def retire(self, ref: str | None, char: str) -> Result:
        return self.run(ref, "retire", {"character": char}, lambda c: ops.retire(c, char))

    def travel(self, ref: str | None, party: str, scenario: str, casual: bool = False) -> Result:
        return self.run(
            ref,
            "travel",
            {"party": party, "scenario": scenario, "casual": casual},
            lambda c: ops.travel(c, party, scenario, casual),
        )

    def city_event(self, ref: str | None, party: str) -> Result:
        return self.run(
            ref, "city-event", {"party": party}, lambda c: ops.draw_city_event(c, party)
        )

    def choose(
        self, ref: str | None, party: str, choice: str, recipient: str | None = None
    ) -> Result:
        return self.run(
            ref,
            "choose",
            {"party": party, "choice": choice, "recipient": recipient},
            lambda c: ops.resolve_event(c, party, choice, recipient),
        )

    def finish_scenario(
        self,
        ref: str | None,
        party: str,
        success: bool,
        *,
        scenario_level: int | None = None,
        xp: dict[str, int] | None = None,
        coins: dict[str, int] | None = None,
        checkmarks: dict[str, int] | None = None,
        extra: ScenarioRewards | None = None,
        recipient: str | None = None,
    ) -> Result:
        args = {
            "party": party,
            "success": success,
            "scenario_level": scenario_level,
            "xp": xp,
            "coins": coins,
            "checkmarks": checkmarks,
            "recipient": recipient,
            "extra": extra.model_dump() if extra else None,
        }
        return self.run(
            ref,
            "finish-scenario",
            args,
            lambda c: ops.finish_scenario(
                c,
                party,
                success,
                scenario_level=scenario_level,
                xp=xp,
                coins=coins,
                checkmarks=checkmarks,
                extra=extra,
                recipient=recipient,
            ),
        )

    def return_to_town(self, ref: str | None, party: str) -> Result:
        return self.run(ref, "return", {"party": party}, lambda c: ops.return_to_town(c, party))

    def adjust(
        self,
        ref: str | None,
        what: str,
        amount: int = 0,
        party: str | None = None,
        name: str = "",
    ) -> Result:
        args = {"what": what, "amount": amount, "party": party, "name": name}
        return self.run(ref, "adjust", args, lambda c: ops.adjust(c, what, amount, party, name))

    # ----------------------------------------------------------------- owners' content

    def load_events(self, ref: str | None, path: Path, replace_sample: bool = False) -> Result:
        cards = load_event_file(path)
        problems = check_events(str(path), cards, game_data(), _known_items(game_data()))
        if problems:
            raise ContentError(str(path), "; ".join(problems))
        return self.run(
            ref,
            "load-events",
            {"file": str(path), "replace": replace_sample},
            lambda c: ops.load_events(c, cards, replace_sample),
        )

    def load_items(self, ref: str | None, path: Path) -> Result:
        new = load_entries(path, Item, section="items")
        return self.run(ref, "load-items", {"file": str(path)}, lambda c: ops.load_items(c, new))

    def load_classes(self, ref: str | None, path: Path) -> Result:
        new = load_entries(path, CharacterClass, section="classes")
        return self.run(
            ref, "load-classes", {"file": str(path)}, lambda c: ops.load_classes(c, new)
        )

    def unlock_class(self, ref: str | None, class_id: str) -> Result:
        return self.run(
            ref,
            "unlock-class",
            {"class": class_id},
            lambda c: ops.unlock_class_command(c, class_id),
        )

    def load_scenarios(self, ref: str | None, path: Path) -> Result:
        new = load_entries(path, Scenario, section="scenarios")
        return self.run(
            ref, "load-scenarios", {"file": str(path)}, lambda c: ops.load_scenarios(c, new)
        )

    def load_quests(self, ref: str | None, path: Path, replace_sample: bool = False) -> Result:
        new = load_entries(path, PersonalQuest, section="personal_quests")
        return self.run(
            ref,
            "load-quests",
            {"file": str(path), "replace": replace_sample},
            lambda c: ops.load_quests(c, new, replace_sample),
        )

    # ----------------------------------------------------------------- history, undo, backups

    def history(self, ref: str | None = None) -> list[dict[str, Any]]:
        with session_scope(self.url) as s:
            row = self._row(s, ref)
            rows = s.scalars(
                select(CampaignHistory)
                .where(CampaignHistory.campaign_id == row.id)
                .order_by(CampaignHistory.seq)
            )
            return [
                {
                    "seq": h.seq,
                    "command": h.command,
                    "arguments": h.arguments,
                    "summary": h.summary,
                    "diff": h.diff,
                    "undoes": h.undoes,
                    "revision": h.revision,
                    "created": h.created.isoformat(),
                }
                for h in rows
            ]

    def undo(self, ref: str | None = None) -> Result:
        """Restore the document before the latest change that was not undone yet."""
        with session_scope(self.url) as s:
            row = self._row(s, ref)
            hist = list(
                s.scalars(
                    select(CampaignHistory)
                    .where(CampaignHistory.campaign_id == row.id)
                    .order_by(CampaignHistory.seq.desc())
                )
            )
            undone = {h.undoes for h in hist if h.undoes is not None}
            target = next(
                (
                    h
                    for h in hist
                    if h.undoes is None and h.seq not in undone and h.command != "migrate"
                ),
                None,
            )
            if target is None or target.before is None:
                raise ops.Refused("nothing to undo")
            lines = [f"undid #{target.seq} {target.command}: {target.summary.splitlines()[0]}"]
            restored = target.before
            doc = json.loads(restored)
            if int(doc.get("schema_version", 1)) != model.SCHEMA_VERSION:
                restored = canonical(migrate(doc))
            self._record(
                s,
                row,
                "undo",
                {"seq": target.seq},
                lines,
                row.document,
                restored,
                undoes=target.seq,
            )
            return Result(Campaign.model_validate_json(restored), lines, "undo")

    def backups(self, ref: str | None = None) -> list[dict[str, Any]]:
        with session_scope(self.url) as s:
            cid = self._row(s, ref).id
            return [
                {
                    "id": b.id,
                    "reason": b.reason,
                    "schema_version": b.schema_version,
                    "document": b.document,
                    "created": b.created.isoformat(),
                }
                for b in s.scalars(
                    select(CampaignBackup)
                    .where(CampaignBackup.campaign_id == cid)
                    .order_by(CampaignBackup.id)
                )
            ]

    def export(self, ref: str | None = None) -> dict[str, Any]:
        """The whole campaign as versioned JSON: the document and its history."""
        history = self.history(ref)
        with session_scope(self.url) as s:
            row = self._row(s, ref)
            doc = json.loads(row.document)
        return {
            "format": EXPORT_FORMAT,
            "schema_version": model.SCHEMA_VERSION,
            "exported": datetime.now(UTC).isoformat(),
            "campaign": doc,
            "history": [{k: v for k, v in h.items() if k != "diff"} for h in history],
        }

    def import_campaign(self, data: dict[str, Any], replace: bool = False) -> Result:
        """Import an export. An existing campaign with the same id is only replaced with
        ``replace``, after its document is saved to the backup table."""
        c, history, from_version = read_export(data)
        after = canonical(c.dump())
        lines = [f"campaign {c.name!r} imported (schema {from_version})"]
        with session_scope(self.url) as s:
            row = s.get(CampaignRow, c.id)
            before = None
            if row is not None:
                if not replace:
                    raise ops.Refused(
                        f"campaign {c.id!r} already exists; import with --replace (its current "
                        "document is backed up first)"
                    )
                before = row.document
                s.add(
                    CampaignBackup(
                        campaign_id=row.id,
                        reason="before import",
                        schema_version=row.schema_version,
                        document=row.document,
                    )
                )
                lines.append("the previous document was saved as a backup")
            else:
                row = CampaignRow(
                    id=c.id,
                    game=GAME,
                    name=c.name,
                    schema_version=model.SCHEMA_VERSION,
                    document="{}",
                )
                s.add(row)
                s.flush()
                for h in history:
                    s.add(
                        CampaignHistory(
                            campaign_id=row.id,
                            seq=self._next_seq(s, row.id),
                            command=f"imported:{h['command']}"[:64],
                            arguments=h["arguments"],
                            summary=h["summary"],
                            diff=[],
                            before=None,
                            undoes=None,
                            revision=0,
                        )
                    )
                    s.flush()
            self._record(s, row, "import", {"from_schema": from_version}, lines, before, after)
        return Result(c, lines, "import")

    # ----------------------------------------------------------------- views for CLI and web

    def quote_enhancement(
        self,
        ref: str | None,
        char: str,
        card: str,
        card_level: int,
        action: str,
        sticker: str,
        multi_target: bool = False,
        hexes: int | None = None,
    ) -> dict[str, object]:
        """Read-only: the cost of an enhancement now (earlier stickers counted) and whether the
        rules would allow it."""
        return ops.quote_enhancement(
            self.get(ref),
            char,
            card,
            card_level,
            action,
            sticker,
            multi_target=multi_target,
            hexes=hexes,
        )

    def view(self, ref: str | None = None) -> dict[str, Any]:
        return campaign_view(self.get(ref))


def _field_errors(exc: ValidationError, prefix: str) -> str:
    parts = []
    for err in exc.errors()[:3]:
        where = ".".join([prefix, *(str(x) for x in err.get("loc", ()))])
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    more = len(exc.errors()) - 3
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def read_export(data: Any) -> tuple[Campaign, list[dict[str, Any]], int]:
    """Check an export field by field against the rules the commands keep; refuse (naming the
    field) anything a command could not have produced. Answers the campaign, its history rows and
    the schema version it was exported with."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise ops.Refused(f"not a Tabletop Gloomhaven campaign export (format {EXPORT_FORMAT})")
    doc = data.get("campaign")
    if not isinstance(doc, dict):
        raise ops.Refused("campaign: the export has no campaign document (an object)")
    version = data.get("schema_version", 1)
    doc = dict(doc)
    version = doc.setdefault("schema_version", version)
    if isinstance(version, bool) or not isinstance(version, int):
        raise ops.Refused(f"campaign.schema_version: {version!r} is not a whole number")
    from_version = version
    doc = migrate(doc)
    try:
        c = Campaign.model_validate(doc)
    except ValidationError as exc:
        raise ops.Refused(
            f"the campaign document is not valid: {_field_errors(exc, 'campaign')}"
        ) from None
    found = integrity.problems(c)
    if found:
        more = f" (and {len(found) - 5} more)" if len(found) > 5 else ""
        raise ops.Refused(f"the campaign document is not valid: {'; '.join(found[:5])}{more}")
    rows = data.get("history", [])
    if not isinstance(rows, list):
        raise ops.Refused("history: not a list of changes")
    history: list[dict[str, Any]] = []
    for i, h in enumerate(rows):
        try:
            history.append(HistoryRow.model_validate(h).model_dump())
        except ValidationError as exc:
            raise ops.Refused(
                f"the history is not valid: {_field_errors(exc, f'history[{i}]')}"
            ) from None
    return c, history, from_version


class HistoryRow(BaseModel):
    """One change in an export's history, as ``history`` lists it."""

    model_config = ConfigDict(extra="ignore")
    command: str = Field(max_length=64)
    arguments: dict[str, Any] = {}
    summary: str = ""


def _known_items(data: GameData) -> set[str]:
    known = set(data.items)
    for u in data.prosperity_unlocks.values():
        known |= set(u.item_ids())
    return known | set(data.rules.random_item_designs)


def character_view(c: Campaign, ch: model.Character) -> dict[str, Any]:
    cls = ops.classes(c)[ch.class_id]
    next_xp = rules.xp_minimum(ch.level + 1) if ch.level < rules.MAX_LEVEL else None
    known = ops.items(c)
    return {
        **ch.model_dump(mode="json"),
        "class_name": cls.name,
        "hp": ops.max_hp(c, ch),
        "hand_size": cls.hand_size,
        "card_pool_size": cls.starting_pool + len(ch.cards),
        "next_level_xp": next_xp,
        "levelups_due": ops.levelups_due(ch),
        "perks_earned": ops.perks_earned(ch),
        "perks_unmarked": ops.perks_unmarked(ch),
        "item_names": [known[i].name if i in known else i for i in ch.items],
    }


def event_view(c: Campaign, card_id: str) -> dict[str, Any]:
    card = ops.events(c)[card_id]
    return {
        "id": card.id,
        "deck": card.deck,
        "number": card.number,
        "intro": card.intro,
        "choices": {o.label: o.text for o in card.options},
    }


def campaign_view(c: Campaign) -> dict[str, Any]:
    """What the web app shows: parties, characters, city, shop prices, events, enhancements."""
    plevel = ops.prosperity_level(c)
    parties = {}
    for p in c.parties.values():
        parties[p.id] = {
            **p.model_dump(mode="json"),
            "where": ops.describe_location(p),
            "price_modifier": rules.price_modifier(p.reputation),
            "shop": ops.shop(c, p),
            "event": event_view(c, p.pending_event.card) if p.pending_event else None,
        }
    enh = {
        cls: {
            "enhanced_cards": sorted(ops.enhanced_cards(c, cls)),
            "limit": plevel,
            "stickers": [e.model_dump(mode="json") for e in lst],
        }
        for cls, lst in c.city.enhancements.items()
    }
    return {
        "id": c.id,
        "name": c.name,
        "schema_version": c.schema_version,
        "city": {
            **c.city.model_dump(mode="json", exclude={"road_deck", "city_deck", "enhancements"}),
            "prosperity_level": plevel,
            "road_deck_size": len(c.city.road_deck.draw),
            "city_deck_size": len(c.city.city_deck.draw),
        },
        "parties": parties,
        "characters": {k: character_view(c, ch) for k, ch in c.characters.items()},
        "enhancements": enh,
        "player_retirements": dict(c.player_retirements),
    }
