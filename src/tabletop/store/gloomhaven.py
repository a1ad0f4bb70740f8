"""The store-facing side of the Gloomhaven campaign keeper, used by the CLI and the web app.

Every change runs on a copy of the stored document; if the rules refuse it nothing is written. A
change that succeeds writes the new document and one append-only history row (command, arguments,
summary, diff and the document before) in a single transaction. The commands themselves are
declared once in :mod:`tabletop.games.gloomhaven.commands`: ``svc.do(ref, "buy", args)`` runs one,
and each also answers to its method name (``svc.buy(ref, "ana", "001")``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from tabletop.games.gloomhaven import model, rules
from tabletop.games.gloomhaven.commands import BY_METHOD, COMMANDS, Args, Command, bind
from tabletop.games.gloomhaven.document import (
    EXPORT_FORMAT,
    GAME,
    canonical,
    diff,
    migrate,
    read_export,
)
from tabletop.games.gloomhaven.model import Campaign
from tabletop.games.gloomhaven.views import campaign_view

from .campaigns import CampaignBackup, CampaignHistory, CampaignRow
from .db import session_scope


@dataclass
class Result:
    campaign: Campaign
    lines: list[str]
    command: str
    seq: int | None = None  # the history entry this change wrote


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
                raise rules.Refused("no campaign yet: create one with new-campaign")
            raise rules.Refused(
                "several campaigns: name one with --campaign ("
                + ", ".join(r.id for r in rows)
                + ")"
            )
        key = ref.strip().lower()
        for r in rows:
            if r.id == key or r.name.lower() == key:
                return r
        raise rules.Refused(
            f"no campaign {ref!r} (known: {', '.join(r.id for r in rows) or 'none'})"
        )

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
    ) -> int:
        """Write the new document and its history row; answers the row's ``seq``."""
        old = json.loads(before) if before else {}
        row.document = after
        s.flush()  # bumps row.revision (version counter); a stale revision raises here
        row.updated = datetime.now(UTC)
        row.schema_version = int(json.loads(after).get("schema_version", model.SCHEMA_VERSION))
        seq = self._next_seq(s, row.id)
        s.add(
            CampaignHistory(
                campaign_id=row.id,
                seq=seq,
                command=command,
                arguments=arguments,
                summary="\n".join(lines),
                diff=diff(old, json.loads(after)),
                before=before,
                undoes=undoes,
                revision=row.revision,
            )
        )
        return seq

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
                seq = self._record(s, row, command, arguments, lines, before, after)
            except StaleDataError:
                raise rules.Refused(
                    "the campaign was changed by someone else meanwhile; nothing was saved, "
                    "try again"
                ) from None
            return Result(work, lines, command, seq)

    # ----------------------------------------------------------------- campaigns

    def create_campaign(self, name: str, seed: int = 0) -> Result:
        c = rules.new_campaign(name, seed)
        with session_scope(self.url) as s:
            if s.get(CampaignRow, c.id) is not None:
                raise rules.Refused(f"a campaign {c.id!r} already exists")
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
    def do(self, ref: str | None, command: str | Command, args: Args | dict[str, Any]) -> Result:
        """Run one declared command (by name) with its arguments, as one transaction."""
        cmd = COMMANDS[command] if isinstance(command, str) else command
        parsed = args if isinstance(args, cmd.args) else cmd.args.model_validate(args)
        return self.run(ref, cmd.recorded_as, cmd.arguments(parsed), lambda c: cmd.apply(c, parsed))

    def __getattr__(self, name: str) -> Callable[..., Result]:
        """``svc.buy(ref, "ana", "001")``: every declared command by its method name."""
        cmd = BY_METHOD.get(name)
        if cmd is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

        def call(ref: str | None, *args: Any, **kwargs: Any) -> Result:
            return self.do(ref, cmd, bind(cmd, args, kwargs))

        call.__name__ = name
        call.__doc__ = cmd.summary
        return call

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
                raise rules.Refused("nothing to undo")
            lines = [f"undid #{target.seq} {target.command}: {target.summary.splitlines()[0]}"]
            restored = target.before
            doc = json.loads(restored)
            if int(doc.get("schema_version", 1)) != model.SCHEMA_VERSION:
                restored = canonical(migrate(doc))
            seq = self._record(
                s,
                row,
                "undo",
                {"seq": target.seq},
                lines,
                row.document,
                restored,
                undoes=target.seq,
            )
            return Result(Campaign.model_validate_json(restored), lines, "undo", seq)

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
                    raise rules.Refused(
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

    def quote_enhancement(self, ref: str | None, *args: Any, **kwargs: Any) -> dict[str, object]:
        """Read-only: the cost of an enhancement now (earlier stickers counted) and whether the
        rules would allow it; its arguments are bound as ``svc.enhance`` binds them, from the
        enhance command's declaration."""
        order = bind(COMMANDS["enhance"], args, kwargs)
        return rules.quote_enhancement(self.get(ref), **order.model_dump())

    def view(self, ref: str | None = None) -> dict[str, Any]:
        return campaign_view(self.get(ref))
