"""`tabletop gloomhaven ...`: the Gloomhaven campaign keeper on the command line.

Every change goes through :class:`tabletop.store.gloomhaven.CampaignService` (one transaction, one
history row) and prints what happened and the changed sheet. The commands that change a campaign
are built from their declarations (:mod:`tabletop.games.gloomhaven.commands`): arguments, options
and help come from each command's argument model. The sheets print the game's views
(:mod:`tabletop.games.gloomhaven.views`) and compute nothing; the rest here are files.
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
from tabletop.games.gloomhaven import views
from tabletop.games.gloomhaven.commands import COMMANDS, Cli, Command
from tabletop.games.gloomhaven.views import campaign_view, character_sheet, party_sheet
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


def _sheet(title: str) -> Table:
    t = Table(title=title, show_header=False)
    t.add_column("field", style="bold")
    t.add_column("value")
    return t


def print_character(ch: dict[str, Any]) -> None:
    """A character's sheet (``views.character_view``)."""
    t = _sheet(f"{ch['name']} - {ch['class_name']} ({ch['player']})")
    t.add_row("party", "retired" if ch["retired"] else f"{ch['party'] or '-'} ({ch['where']})")
    t.add_row("level", f"{ch['level']} (levels due: {ch['levelups_due']})")
    nxt = ch["next_level_xp"]
    t.add_row("xp", f"{ch['xp']}" + (f" / next level at {nxt}" if nxt is not None else ""))
    t.add_row("gold", str(ch["gold"]))
    t.add_row("hp / hand size", f"{ch['hp']} / {ch['hand_size']}")
    owned = zip(ch["items"], ch["item_names"], strict=True)
    t.add_row("items", ", ".join(f"{i} {n}" for i, n in owned) or "-")
    perks = ch["perks"]
    t.add_row(
        "perks",
        f"{len(perks)} marked of {ch['perks_earned']} earned"
        + (f": {'; '.join(perks)}" if perks else ""),
    )
    open_perks = [p["text"] for p in ch["perk_list"] if p["open"]]
    if open_perks and (ch["perks_unmarked"] > 0 or ch["levelups_due"] > 0):
        t.add_row("perks to choose", "; ".join(open_perks))
    t.add_row("checkmarks", str(ch["checkmarks"]))
    offer = " or ".join(
        f"{name} ({q})" for name, q in zip(ch["quest_offer_names"], ch["quest_offer"], strict=True)
    )
    quest = ch["quest_name"] or (f"choose {offer}" if offer else "none")
    t.add_row("personal quest", quest + (" (FULFILLED: retire)" if ch["quest_fulfilled"] else ""))
    added = ", ".join(f"{x['name']} (L{x['level']})" for x in ch["cards"]) or "-"
    t.add_row("card pool", f"{ch['card_pool_size']} cards; added: {added}")
    if ch["blesses_next_scenario"]:
        t.add_row("next scenario", f"{ch['blesses_next_scenario']} BLESS")
    console.print(t)


def print_party(p: dict[str, Any], characters: dict[str, dict[str, Any]]) -> None:
    """A party's sheet (``views.party_view``) and the event in hand."""
    t = _sheet(f"Party {p['name']}")
    t.add_row("where", p["where"])
    t.add_row("reputation", f"{p['reputation']} (shop price {p['price_modifier']:+d})")
    donors = ", ".join(characters[d]["name"] for d in p["donated"] if d in characters)
    event = "done" if p["city_event_done"] else "open"
    t.add_row("visit", f"{p['visit']} (city event {event}; donated: {donors or '-'})")
    members = [characters[m] for m in p["members"]]
    t.add_row(
        "members",
        ", ".join(
            f"{m['name']} ({m['class_name']} L{m['level']}, {m['gold']}g, {m['xp']}xp)"
            for m in members
        )
        or "-",
    )
    t.add_row("achievements", ", ".join(p["achievements"]) or "-")
    if p["next_scenario_notes"]:
        t.add_row("next scenario", "; ".join(p["next_scenario_notes"]))
    played = [
        f"{h['scenario']}{'' if h['success'] else ' (failed)'}{' casual' if h['casual'] else ''}"
        for h in p["history"]
    ]
    t.add_row("scenarios", ", ".join(played) or "-")
    console.print(t)
    card = p["event"]
    if card is not None:
        console.print(
            f"[bold]{card['deck'].title()} event {card['number']}[/bold]: {card['intro']}",
            markup=True,
            highlight=False,
        )
        for label, text in card["choices"].items():
            console.print(f"  {label}: {text}", markup=False, highlight=False)
        console.print("  choose with: tabletop gloomhaven choose PARTY A|B")


def print_city(v: dict[str, Any]) -> None:
    """The city (``views.campaign_view``)."""
    city, class_names = v["city"], v["names"]["classes"]
    t = _sheet(f"Gloomhaven - campaign {v['name']}")
    t.add_row("prosperity", f"{city['prosperity']} checkmarks, level {city['prosperity_level']}")
    t.add_row("donations", f"{city['donations']} gold")
    t.add_row("classes", ", ".join(class_names.get(x, x) for x in city["unlocked_classes"]))
    t.add_row(
        "scenarios",
        f"unlocked {', '.join(city['unlocked_scenarios'])}; completed "
        f"{', '.join(city['completed_scenarios']) or '-'}",
    )
    held = city["global_achievements"].items()
    t.add_row("achievements", ", ".join(k + (f" x{n}" if n > 1 else "") for k, n in held) or "-")
    t.add_row("envelopes", ", ".join(city["envelopes"]) or "-")
    waiting = len(city["waiting_events"])
    t.add_row(
        "event decks",
        f"road {city['road_deck_size']}, city {city['city_deck_size']}"
        + (f"; waiting for cards: {waiting}" if waiting else ""),
    )
    t.add_row("personal quests", f"{len(city['quest_deck'])} in the deck")
    parties = v["parties"].values()
    t.add_row("parties", ", ".join(f"{p['name']} ({p['where']})" for p in parties) or "-")
    retired = v["player_retirements"].items()
    t.add_row("retirements", ", ".join(f"{k} {n}" for k, n in retired) or "-")
    console.print(t)


SHOP_COLUMNS = ("item", "name", "slot", "cost", "price", "sells for", "left", "copies", "buyers")


def print_shop(p: dict[str, Any]) -> None:
    """The city's supply as a party sees it (``views.party_view``'s shop): each item with its
    text, and who of the party may buy it now (the rules' answer)."""
    t = Table(title=f"Shop for {p['name']} (reputation {p['reputation']})")
    for col in SHOP_COLUMNS:
        t.add_column(col)
    for row in p["shop"]:
        if row["name"] is None:
            t.add_row(str(row["id"]), "(card not entered)", *[""] * (len(SHOP_COLUMNS) - 2))
            continue
        name = str(row["name"]) + (f"\n[dim]{row['text']}[/dim]" if row["text"] else "")
        buyers = ", ".join(b["name"] for b in row["buyers"] if b["refusal"] is None) or "-"
        fields = ("slot", "cost", "price", "sell", "available", "copies")
        t.add_row(str(row["id"]), name, *(str(row[k]) for k in fields), buyers)
    console.print(t)
    console.print("buy with: tabletop gloomhaven buy CHARACTER ITEM", highlight=False)


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
    print_city(campaign_view(r.campaign))


@app.command()
def campaigns(db: DbOpt = None) -> None:
    """List the campaigns in the database."""
    for row in _svc(db).campaigns():
        console.print(f"{row['id']}: {row['name']} (revision {row['revision']})", markup=False)


@app.command()
def show(campaign: CampOpt = None, db: DbOpt = None) -> None:
    """The city, every party and every character."""
    v = campaign_view(_do(lambda: _svc(db).get(_camp(campaign))))
    print_city(v)
    for p in v["parties"].values():
        print_party(p, v["characters"])
    for ch in v["characters"].values():
        if not ch["retired"]:
            print_character(ch)


@app.command()
def character(character: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Show a character sheet."""
    c = _do(lambda: _svc(db).get(_camp(campaign)))
    print_character(_do(lambda: character_sheet(c, character)))


@app.command()
def party(party: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Show a party sheet (and the event in hand)."""
    c = _do(lambda: _svc(db).get(_camp(campaign)))
    print_party(_do(lambda: party_sheet(c, party)), campaign_view(c)["characters"])


@app.command()
def shop(party: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """The city's supply as this party sees it, with prices by reputation."""
    c = _do(lambda: _svc(db).get(_camp(campaign)))
    print_shop(_do(lambda: party_sheet(c, party)))


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
    quote = _do(
        lambda: views.enhancement_cost(
            sticker, card_level, multi_target=multi_target, hexes=hexes, previous=previous
        )
    )
    console.print(quote["explained"], markup=False)
    print(quote["cost"])


@app.command("scenario-level")
def scenario_level(
    levels: list[int],
    difficulty: Annotated[str, typer.Option()] = "normal",
    db: DbOpt = None,
) -> None:
    """Recommended scenario level for these character levels, with its table row."""
    row = _do(lambda: views.scenario_scaling(levels, difficulty))
    console.print(
        f"monster level {row['monster_level']}, gold per coin {row['gold_per_coin']}, trap "
        f"damage {row['trap_damage']}, bonus XP {row['bonus_xp']}"
    )
    print(row["level"])


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
    print_city(campaign_view(r.campaign))


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
    print_city(campaign_view(r.campaign))


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
    c = result.campaign
    if cmd.subject == "character" and subject:
        print_character(character_sheet(c, str(subject)))
    elif cmd.subject == "party" and subject:
        print_party(party_sheet(c, str(subject)), campaign_view(c)["characters"])
    else:
        print_city(campaign_view(c))


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
