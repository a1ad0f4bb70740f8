"""`tabletop gloomhaven ...`: the Gloomhaven campaign keeper on the command line.

Every change goes through :class:`tabletop.store.gloomhaven.CampaignService` (one transaction, one
history row) and prints what happened and the changed sheet. The commands that change a campaign
are built from their declarations (:mod:`tabletop.games.gloomhaven.commands`): arguments, options
and help come from each command's argument model; the rest here are views and files.
"""

from __future__ import annotations

import inspect
import json
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table

from tabletop.engine.errors import ContentError, IllegalAction
from tabletop.games.gloomhaven import rules
from tabletop.games.gloomhaven.commands import COMMANDS, Cli, Command
from tabletop.games.gloomhaven.data import game_data
from tabletop.games.gloomhaven.model import Campaign
from tabletop.games.gloomhaven.views import campaign_view, character_view
from tabletop.store.gloomhaven import CampaignService, Result

app = typer.Typer(
    help="Gloomhaven campaign keeper: parties, characters, town, travel, events, history.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console(width=110)

DbOpt = Annotated[
    str | None,
    typer.Option("--db", envvar="TABLETOP_DB", help="SQLAlchemy URL (default ./var/tabletop.db)."),
]
CampOpt = Annotated[
    str | None,
    typer.Option("--campaign", "-c", help="Campaign id or name (optional when there is one)."),
]


# Given once before the subcommand (`tabletop gloomhaven --db URL show`), or on the subcommand.
_GIVEN: dict[str, str | None] = {"db": None, "campaign": None}


@app.callback()
def _before(db: DbOpt = None, campaign: CampOpt = None) -> None:
    """Gloomhaven campaign keeper: parties, characters, town, travel, events, history.

    --db and --campaign may be given here, once, or on each command."""
    _GIVEN.update(db=db, campaign=campaign)


def _camp(campaign: str | None) -> str | None:
    return campaign or _GIVEN["campaign"]


def _fail(message: str) -> None:
    console.print(f"[red]refused:[/red] {message}")
    raise typer.Exit(2)


def _do(action: Callable[[], Any]) -> Any:
    try:
        return action()
    except (IllegalAction, ContentError, ValueError) as exc:
        _fail(str(exc))


def _lines(result: Result) -> None:
    for line in result.lines:
        console.print(line, markup=False, highlight=False)


# --------------------------------------------------------------------------- sheets


def print_character(c: Campaign, ref: str) -> None:
    ch = rules.character(c, ref)
    v = character_view(c, ch)
    t = Table(title=f"{ch.name} - {v['class_name']} ({ch.player})", show_header=False)
    t.add_column("field", style="bold")
    t.add_column("value")
    where = rules.describe_location(c.parties[ch.party]) if ch.party else "no party"
    t.add_row("party", f"{ch.party or '-'} ({where})" if not ch.retired else "retired")
    t.add_row("level", f"{ch.level} (levels due: {v['levelups_due']})")
    nxt = v["next_level_xp"]
    t.add_row("xp", f"{ch.xp}" + (f" / next level at {nxt}" if nxt is not None else ""))
    t.add_row("gold", str(ch.gold))
    t.add_row("hp / hand size", f"{v['hp']} / {v['hand_size']}")
    t.add_row("items", ", ".join(f"{i} {n}" for i, n in zip(ch.items, v["item_names"])) or "-")
    t.add_row(
        "perks",
        f"{len(ch.perks)} marked of {v['perks_earned']} earned"
        + (f": {'; '.join(ch.perks)}" if ch.perks else ""),
    )
    t.add_row("checkmarks", str(ch.checkmarks))
    offer = " or ".join(f"{rules.quest_name(c, q)} ({q})" for q in ch.quest_offer)
    quest = (
        rules.quest_name(c, ch.personal_quest)
        if ch.personal_quest
        else (f"choose {offer}" if offer else "none")
    )
    t.add_row("personal quest", quest + (" (FULFILLED: retire)" if ch.quest_fulfilled else ""))
    t.add_row(
        "card pool",
        f"{v['card_pool_size']} cards; added: "
        + (", ".join(f"{x.name} (L{x.level})" for x in ch.cards) or "-"),
    )
    if ch.blesses_next_scenario:
        t.add_row("next scenario", f"{ch.blesses_next_scenario} BLESS")
    console.print(t)


def print_party(c: Campaign, ref: str) -> None:
    p = rules.party(c, ref)
    t = Table(title=f"Party {p.name}", show_header=False)
    t.add_column("field", style="bold")
    t.add_column("value")
    t.add_row("where", rules.describe_location(p))
    t.add_row("reputation", f"{p.reputation} (shop price {rules.price_modifier(p.reputation):+d})")
    donors = ", ".join(c.characters[d].name for d in p.donated if d in c.characters)
    t.add_row(
        "visit",
        f"{p.visit} (city event {'done' if p.city_event_done else 'open'}; "
        f"donated: {donors or '-'})",
    )
    t.add_row(
        "members",
        ", ".join(
            f"{m.name} ({rules.class_name(c, m.class_id)} L{m.level}, {m.gold}g, {m.xp}xp)"
            for m in rules.members(c, p)
        )
        or "-",
    )
    t.add_row("achievements", ", ".join(p.achievements) or "-")
    if p.next_scenario_notes:
        t.add_row("next scenario", "; ".join(p.next_scenario_notes))
    t.add_row(
        "scenarios",
        ", ".join(
            f"{h.scenario}{'' if h.success else ' (failed)'}{' casual' if h.casual else ''}"
            for h in p.history
        )
        or "-",
    )
    console.print(t)
    if p.pending_event is not None:
        card = rules.event_cards(c)[p.pending_event.card]
        console.print(
            f"[bold]{card.deck.title()} event {card.number}[/bold]: {card.intro}",
            markup=True,
            highlight=False,
        )
        for o in card.options:
            console.print(f"  {o.label}: {o.text}", markup=False, highlight=False)
        console.print("  choose with: tabletop gloomhaven choose PARTY A|B")


def print_city(c: Campaign) -> None:
    v = campaign_view(c)["city"]
    t = Table(title=f"Gloomhaven - campaign {c.name}", show_header=False)
    t.add_column("field", style="bold")
    t.add_column("value")
    t.add_row("prosperity", f"{c.city.prosperity} checkmarks, level {v['prosperity_level']}")
    t.add_row("donations", f"{c.city.donations} gold")
    t.add_row("classes", ", ".join(rules.class_name(c, x) for x in c.city.unlocked_classes))
    t.add_row(
        "scenarios",
        f"unlocked {', '.join(c.city.unlocked_scenarios)}; completed "
        f"{', '.join(c.city.completed_scenarios) or '-'}",
    )
    t.add_row(
        "achievements",
        ", ".join(
            f"{k}" + (f" x{n}" if n > 1 else "") for k, n in c.city.global_achievements.items()
        )
        or "-",
    )
    t.add_row("envelopes", ", ".join(c.city.envelopes) or "-")
    t.add_row(
        "event decks",
        f"road {v['road_deck_size']}, city {v['city_deck_size']}"
        + (f"; waiting for cards: {len(c.city.waiting_events)}" if c.city.waiting_events else ""),
    )
    t.add_row("personal quests", f"{len(c.city.quest_deck)} in the deck")
    t.add_row(
        "parties",
        ", ".join(f"{p.name} ({rules.describe_location(p)})" for p in c.parties.values()) or "-",
    )
    t.add_row("retirements", ", ".join(f"{k} {n}" for k, n in c.player_retirements.items()) or "-")
    console.print(t)


def print_shop(c: Campaign, party_ref: str) -> None:
    p = rules.party(c, party_ref)
    t = Table(title=f"Shop for {p.name} (reputation {p.reputation})")
    for col in ("item", "name", "slot", "cost", "price", "sells for", "left", "copies"):
        t.add_column(col)
    for row in rules.shop(c, p):
        if row["name"] is None:
            t.add_row(str(row["id"]), "(card not entered)", "", "", "", "", "", "")
            continue
        t.add_row(
            str(row["id"]),
            str(row["name"]),
            str(row["slot"]),
            str(row["cost"]),
            str(row["price"]),
            str(row["sell"]),
            str(row["available"]),
            str(row["copies"]),
        )
    console.print(t)


def _char_cmd(result: Result, ref: str) -> None:
    _lines(result)
    print_character(result.campaign, ref)


def _party_cmd(result: Result, ref: str) -> None:
    _lines(result)
    print_party(result.campaign, ref)


def _svc(db: str | None) -> CampaignService:
    return CampaignService(db or _GIVEN["db"])


def _pairs(values: list[str] | None, what: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in values or []:
        name, sep, num = v.partition("=")
        if not sep or not num.strip().lstrip("-").isdigit():
            _fail(f"{what} must be CHARACTER=NUMBER, not {v!r}")
        out[name.strip()] = int(num)
    return out


# --------------------------------------------------------------------------- campaigns


@app.command("new-campaign")
def new_campaign(
    name: str,
    seed: int = typer.Option(0, help="Seed for every shuffle and draw."),
    db: DbOpt = None,
) -> None:
    """Found a campaign: items 001-014, the six starting classes, shuffled event decks."""
    r = _do(lambda: _svc(db).create_campaign(name, seed))
    _lines(r)
    print_city(r.campaign)


@app.command()
def campaigns(db: DbOpt = None) -> None:
    """List the campaigns in the database."""
    for row in _svc(db).campaigns():
        console.print(f"{row['id']}: {row['name']} (revision {row['revision']})", markup=False)


@app.command()
def show(campaign: CampOpt = None, db: DbOpt = None) -> None:
    """The city, every party and every character."""
    c = _do(lambda: _svc(db).get(_camp(campaign)))
    print_city(c)
    for p in c.parties:
        print_party(c, p)
    for ch in c.characters.values():
        if not ch.retired:
            print_character(c, ch.id)


@app.command()
def character(character: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Show a character sheet."""
    c = _do(lambda: _svc(db).get(_camp(campaign)))
    _do(lambda: print_character(c, character))


@app.command()
def party(party: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Show a party sheet (and the event in hand)."""
    c = _do(lambda: _svc(db).get(_camp(campaign)))
    _do(lambda: print_party(c, party))


@app.command()
def shop(party: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """The city's supply as this party sees it, with prices by reputation."""
    c = _do(lambda: _svc(db).get(_camp(campaign)))
    _do(lambda: print_shop(c, party))


@app.command("enhancement-cost")
def enhancement_cost(
    sticker: str,
    card_level: Annotated[int, typer.Option("--card-level")],
    multi_target: Annotated[bool, typer.Option("--multi-target")] = False,
    hexes: Annotated[int | None, typer.Option("--hexes")] = None,
    previous: Annotated[int, typer.Option("--previous")] = 0,
    db: DbOpt = None,
) -> None:
    """The gold cost of one enhancement; the cost alone is printed on the last line.

    STICKER: one of move, attack, range, shield, push, pull, pierce, retaliate, heal, target,
    summon-move, summon-attack, summon-range, summon-hp, poison, wound, muddle, immobilize,
    disarm, curse, strengthen, bless, jump, element, any-element, attack-hex."""
    cost = _do(
        lambda: rules.enhancement_cost(
            sticker, card_level, multi_target=multi_target, hexes=hexes, previous=previous
        )
    )
    base = game_data().stickers[sticker].base
    parts = [f"{sticker}: base {base}"]
    if sticker == "attack-hex":
        parts.append(f"/ {hexes} hexes")
    elif multi_target:
        parts.append("x2 multi-target")
    parts.append(f"+ card level {card_level}, + {previous} earlier on the action")
    console.print(" ".join(parts), markup=False)
    print(cost)


@app.command("scenario-level")
def scenario_level(
    levels: list[int],
    difficulty: Annotated[str, typer.Option()] = "normal",
    db: DbOpt = None,
) -> None:
    """Recommended scenario level for these character levels, with its table row."""
    lvl = _do(lambda: rules.scenario_level(levels, difficulty))
    row = game_data().scenario_levels[lvl]
    console.print(
        f"monster level {row.monster_level}, gold per coin {row.gold_per_coin}, trap "
        f"damage {row.trap_damage}, bonus XP {row.bonus_xp}"
    )
    print(lvl)


@app.command()
def history(campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Every change, oldest first: command, arguments and what happened."""
    rows = _do(lambda: _svc(db).history(_camp(campaign)))
    t = Table(title="History")
    for col in ("#", "command", "arguments", "what happened"):
        t.add_column(col)
    for h in rows:
        args = ", ".join(f"{k}={v}" for k, v in h["arguments"].items() if v not in (None, {}, []))
        t.add_row(str(h["seq"]), h["command"], args, h["summary"])
    console.print(t)


@app.command()
def undo(campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Undo the last change (recorded in the history as an undo)."""
    r = _do(lambda: _svc(db).undo(_camp(campaign)))
    _lines(r)
    print_city(r.campaign)


@app.command()
def export(file: Path, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Write the whole campaign (document and history) as versioned JSON."""
    data = _do(lambda: _svc(db).export(_camp(campaign)))
    file.write_text(json.dumps(data, indent=1, sort_keys=True, default=str), encoding="utf-8")
    console.print(
        f"exported campaign {data['campaign']['id']} (schema {data['schema_version']}) to {file}",
        markup=False,
    )


@app.command("import")
def import_(
    file: Path,
    replace: Annotated[
        bool, typer.Option("--replace", help="Replace an existing campaign (backed up first).")
    ] = False,
    db: DbOpt = None,
) -> None:
    """Import a campaign export; an existing campaign is backed up before it is replaced."""
    try:
        data = json.loads(file.read_bytes().decode("utf-8"))
    except OSError as exc:
        _fail(f"cannot read {file}: {exc.strerror or exc}")
    except UnicodeDecodeError as exc:
        _fail(f"{file} is not a JSON text file (not UTF-8 at byte {exc.start})")
    except json.JSONDecodeError as exc:
        _fail(f"{file} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}")
    except RecursionError:
        _fail(f"{file} nests too deeply to be a campaign export")
    r = _do(lambda: _svc(db).import_campaign(data, replace))
    _lines(r)
    print_city(r.campaign)


@app.command()
def backups(campaign: CampOpt = None, db: DbOpt = None) -> None:
    """The backups taken before imports and schema migrations."""
    for b in _do(lambda: _svc(db).backups(_camp(campaign))):
        console.print(
            f"#{b['id']} {b['created']}: {b['reason']} (schema {b['schema_version']}, "
            f"{len(b['document'])} bytes)",
            markup=False,
        )


# --------------------------------------------------------------------------- declared commands


def _cli_parameter(name: str, field: Any) -> inspect.Parameter:
    """One typer parameter for one field of a command's argument model."""
    hint = next((m for m in field.metadata if isinstance(m, Cli)), Cli())
    kind = field.annotation
    origin = typing.get_origin(kind)
    if origin is typing.Literal:
        kind = str
    elif origin is dict:
        kind = list[str] | None  # NAME=NUMBER, repeated
    elif origin is list:
        kind = list[str] | None
    help_text = field.description or ""
    if hint.argument:
        info: Any = typer.Argument(help=help_text, show_default=False)
    else:
        flags = hint.flags or (f"--{name.replace('_', '-')}",)
        info = typer.Option(*flags, help=help_text, show_default=False)
    if field.is_required():
        default: Any = inspect.Parameter.empty
    elif origin in (dict, list):
        default = None
    else:
        default = field.get_default(call_default_factory=True)
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=Annotated[kind, info]
    )


def _validation_message(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = "--" + "-".join(str(x) for x in err.get("loc", ())).replace("_", "-")
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts)


def _show_after(cmd: Command, result: Result, values: dict[str, Any]) -> None:
    _lines(result)
    subject = values.get(cmd.subject) or values.get("name")
    if cmd.subject == "character" and subject:
        print_character(result.campaign, str(subject))
    elif cmd.subject == "party" and subject:
        print_party(result.campaign, str(subject))
    else:
        print_city(result.campaign)


def _declared(cmd: Command) -> Callable[..., None]:
    fields = cmd.args.model_fields
    pairs = [k for k, f in fields.items() if typing.get_origin(f.annotation) is dict]
    lists = [k for k, f in fields.items() if typing.get_origin(f.annotation) is list]

    def run(**kwargs: Any) -> None:
        db, campaign = kwargs.pop("db"), kwargs.pop("campaign")
        for k in pairs:
            kwargs[k] = _pairs(kwargs[k], "--" + k.replace("_", "-"))
        for k in lists:
            kwargs[k] = kwargs[k] or []
        try:
            args = cmd.args.model_validate(kwargs)
        except ValidationError as exc:
            _fail(_validation_message(exc))
        result = _do(lambda: _svc(db).do(_camp(campaign), cmd, args))
        _show_after(cmd, result, kwargs)

    params = [_cli_parameter(k, f) for k, f in fields.items()]
    params += [
        inspect.Parameter(
            "campaign", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=CampOpt
        ),
        inspect.Parameter("db", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=DbOpt),
    ]
    run.__signature__ = inspect.Signature(params, return_annotation=None)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    run.__name__ = cmd.method
    run.__doc__ = cmd.summary
    return run


for _cmd in COMMANDS.values():
    # an integer argument may be negative (`adjust reputation -1`), which is not an option
    negative = any(
        f.annotation is int and any(isinstance(m, Cli) and m.argument for m in f.metadata)
        for f in _cmd.args.model_fields.values()
    )
    app.command(
        _cmd.name,
        context_settings={"ignore_unknown_options": True} if negative else None,
    )(_declared(_cmd))
