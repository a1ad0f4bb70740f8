"""`tabletop gloomhaven ...`: the Gloomhaven campaign keeper on the command line.

Every change goes through :class:`tabletop.games.gloomhaven.service.CampaignService` (one
transaction, one history row) and prints what happened and the changed sheet.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from tabletop.engine.errors import ContentError, IllegalAction
from tabletop.games.gloomhaven import campaign as ops
from tabletop.games.gloomhaven import rules
from tabletop.games.gloomhaven.data import ScenarioRewards, game_data
from tabletop.games.gloomhaven.model import Campaign
from tabletop.games.gloomhaven.service import CampaignService, Result, campaign_view, character_view

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
    ch = ops.character(c, ref)
    v = character_view(c, ch)
    t = Table(title=f"{ch.name} - {v['class_name']} ({ch.player})", show_header=False)
    t.add_column("field", style="bold")
    t.add_column("value")
    where = ops.describe_location(c.parties[ch.party]) if ch.party else "no party"
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
    quest = ch.personal_quest or (
        f"choose from {', '.join(ch.quest_offer)}" if ch.quest_offer else "none"
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
    p = ops.party(c, ref)
    t = Table(title=f"Party {p.name}", show_header=False)
    t.add_column("field", style="bold")
    t.add_column("value")
    t.add_row("where", ops.describe_location(p))
    t.add_row("reputation", f"{p.reputation} (shop price {rules.price_modifier(p.reputation):+d})")
    t.add_row(
        "visit",
        f"{p.visit} (city event {'done' if p.city_event_done else 'open'}; "
        f"donated: {', '.join(p.donated) or '-'})",
    )
    t.add_row(
        "members",
        ", ".join(
            f"{m.name} ({ops.class_name(c, m.class_id)} L{m.level}, {m.gold}g, {m.xp}xp)"
            for m in ops.members(c, p)
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
        card = ops.events(c)[p.pending_event.card]
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
    t.add_row("classes", ", ".join(ops.class_name(c, x) for x in c.city.unlocked_classes))
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
        ", ".join(f"{p.name} ({ops.describe_location(p)})" for p in c.parties.values()) or "-",
    )
    t.add_row("retirements", ", ".join(f"{k} {n}" for k, n in c.player_retirements.items()) or "-")
    console.print(t)


def print_shop(c: Campaign, party_ref: str) -> None:
    p = ops.party(c, party_ref)
    t = Table(title=f"Shop for {p.name} (reputation {p.reputation})")
    for col in ("item", "name", "slot", "cost", "price", "sells for", "left", "copies"):
        t.add_column(col)
    for row in ops.shop(c, p):
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
    return CampaignService(db)


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
    c = _do(lambda: _svc(db).get(campaign))
    print_city(c)
    for p in c.parties:
        print_party(c, p)
    for ch in c.characters.values():
        if not ch.retired:
            print_character(c, ch.id)


@app.command("new-party")
def new_party(name: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Form a new party (reputation 0, in Gloomhaven)."""
    _party_cmd(_do(lambda: _svc(db).create_party(campaign, name)), name)


@app.command("new-character")
def new_character(
    party: str,
    name: str,
    player: Annotated[str, typer.Option(help="The player (retirements count per player).")],
    class_id: Annotated[str, typer.Option("--class", help="brute, tinkerer, spellweaver, ...")],
    level: Annotated[int, typer.Option(help="Starting level, at most the prosperity level.")] = 1,
    campaign: CampOpt = None,
    db: DbOpt = None,
) -> None:
    """Create a character: gold 15x(L+1), XP at the level's minimum, two personal quests drawn."""
    r = _do(lambda: _svc(db).create_character(campaign, party, name, player, class_id, level))
    _char_cmd(r, name)


@app.command("keep-quest")
def keep_quest(character: str, quest: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Keep one of the two personal quests drawn; the other is shuffled back."""
    _char_cmd(_do(lambda: _svc(db).keep_quest(campaign, character, quest)), character)


@app.command("join-party")
def join_party(character: str, party: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Move a character into a party (both in Gloomhaven)."""
    _char_cmd(_do(lambda: _svc(db).join_party(campaign, character, party)), character)


@app.command("leave-party")
def leave_party(character: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Take a character out of its party (in Gloomhaven)."""
    _char_cmd(_do(lambda: _svc(db).leave_party(campaign, character)), character)


@app.command()
def character(character: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Show a character sheet."""
    c = _do(lambda: _svc(db).get(campaign))
    _do(lambda: print_character(c, character))


@app.command()
def party(party: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Show a party sheet (and the event in hand)."""
    c = _do(lambda: _svc(db).get(campaign))
    _do(lambda: print_party(c, party))


@app.command()
def shop(party: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """The city's supply as this party sees it, with prices by reputation."""
    c = _do(lambda: _svc(db).get(campaign))
    _do(lambda: print_shop(c, party))


@app.command()
def buy(character: str, item: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Buy an item (in Gloomhaven; price by party reputation; no duplicates)."""
    _char_cmd(_do(lambda: _svc(db).buy(campaign, character, item)), character)


@app.command()
def sell(character: str, item: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Sell an item for half its price, rounded down; it returns to the supply."""
    _char_cmd(_do(lambda: _svc(db).sell(campaign, character, item)), character)


@app.command("level-up")
def level_up(
    character: str,
    card: Annotated[str, typer.Option(help="The ability card added to the pool.")],
    card_level: Annotated[int, typer.Option(help="Its level (at most the new level).")],
    perk: Annotated[str, typer.Option(help="The perk box marked.")],
    campaign: CampOpt = None,
    db: DbOpt = None,
) -> None:
    """Level up in Gloomhaven when the XP allows: one card, one perk, more HP."""
    r = _do(lambda: _svc(db).level_up(campaign, character, card, card_level, perk))
    _char_cmd(r, character)


@app.command("mark-perk")
def mark_perk(character: str, perk: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Mark a perk earned with checkmarks or a player's earlier retirements."""
    _char_cmd(_do(lambda: _svc(db).mark_perk(campaign, character, perk)), character)


@app.command("rise-to-prosperity")
def rise_to_prosperity(character: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Raise a character's XP to the prosperity level's minimum (then level up)."""
    _char_cmd(_do(lambda: _svc(db).rise_to_prosperity(campaign, character)), character)


@app.command()
def donate(character: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Donate 10 gold to the Sanctuary of the Great Oak (once per visit): 2 BLESS next scenario."""
    _char_cmd(_do(lambda: _svc(db).donate(campaign, character)), character)


@app.command()
def enhance(
    character: str,
    card: Annotated[str, typer.Option(help="The ability card.")],
    card_level: Annotated[int, typer.Option(help="The card's level (X cards: 1).")],
    sticker: Annotated[str, typer.Option(help="Sticker, as for enhancement-cost.")],
    action: Annotated[str, typer.Option(help="top or bottom")] = "top",
    multi_target: Annotated[bool, typer.Option("--multi-target")] = False,
    hexes: Annotated[int | None, typer.Option(help="Attack hex: hexes targeted now.")] = None,
    campaign: CampOpt = None,
    db: DbOpt = None,
) -> None:
    """Enhance an ability card (cost computed; earlier stickers on the action counted)."""
    r = _do(
        lambda: _svc(db).enhance(
            campaign, character, card, card_level, action, sticker, multi_target, hexes
        )
    )
    _char_cmd(r, character)


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


@app.command("fulfil-quest")
def fulfil_quest(character: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Record that a character fulfilled its personal quest (it must then retire in town)."""
    _char_cmd(_do(lambda: _svc(db).fulfil_quest(campaign, character)), character)


@app.command()
def retire(character: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Retire a character whose personal quest is fulfilled."""
    r = _do(lambda: _svc(db).retire(campaign, character))
    _lines(r)
    print_character(r.campaign, character)
    print_city(r.campaign)


@app.command()
def travel(
    party: str,
    scenario: str,
    casual: Annotated[bool, typer.Option("--casual", help="Casual mode: no road event.")] = False,
    campaign: CampOpt = None,
    db: DbOpt = None,
) -> None:
    """Travel to a scenario, drawing a road event when one is required."""
    _party_cmd(_do(lambda: _svc(db).travel(campaign, party, scenario, casual)), party)


@app.command("city-event")
def city_event(party: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Draw the visit's city event."""
    _party_cmd(_do(lambda: _svc(db).city_event(campaign, party)), party)


@app.command()
def choose(
    party: str,
    choice: str,
    recipient: Annotated[str | None, typer.Option(help="Who takes an item gained.")] = None,
    campaign: CampOpt = None,
    db: DbOpt = None,
) -> None:
    """Choose A or B for the event in hand and resolve every outcome that applies."""
    _party_cmd(_do(lambda: _svc(db).choose(campaign, party, choice, recipient)), party)


@app.command()
def finish(
    party: str,
    success: Annotated[bool, typer.Option("--success/--failure")],
    level: Annotated[
        int | None, typer.Option(help="Scenario level (default: recommended).")
    ] = None,
    xp: Annotated[list[str] | None, typer.Option(help="CHARACTER=XP gained in play.")] = None,
    coins: Annotated[list[str] | None, typer.Option(help="CHARACTER=money tokens.")] = None,
    checkmarks: Annotated[list[str] | None, typer.Option(help="CHARACTER=checkmarks.")] = None,
    reward_gold: Annotated[int, typer.Option(help="Extra reward: gold each.")] = 0,
    reward_xp: Annotated[int, typer.Option(help="Extra reward: XP each.")] = 0,
    reward_prosperity: Annotated[int, typer.Option()] = 0,
    reward_reputation: Annotated[int, typer.Option()] = 0,
    global_achievement: Annotated[list[str] | None, typer.Option()] = None,
    party_achievement: Annotated[list[str] | None, typer.Option()] = None,
    unlock: Annotated[list[str] | None, typer.Option(help="Scenario unlocked.")] = None,
    item: Annotated[list[str] | None, typer.Option(help="Item gained (one copy).")] = None,
    item_design: Annotated[list[str] | None, typer.Option(help="Item design gained.")] = None,
    recipient: Annotated[str | None, typer.Option(help="Who takes an item gained.")] = None,
    campaign: CampOpt = None,
    db: DbOpt = None,
) -> None:
    """End the scenario: XP, coins, battle-goal checkmarks and rewards (catalog + extra)."""
    extra = ScenarioRewards(
        gold_each=reward_gold,
        xp_each=reward_xp,
        prosperity=reward_prosperity,
        reputation=reward_reputation,
        global_achievements=global_achievement or [],
        party_achievements=party_achievement or [],
        unlock_scenarios=unlock or [],
        items=[i.zfill(3) for i in item or []],
        item_designs=[i.zfill(3) for i in item_design or []],
    )
    r = _do(
        lambda: _svc(db).finish_scenario(
            campaign,
            party,
            success,
            scenario_level=level,
            xp=_pairs(xp, "--xp"),
            coins=_pairs(coins, "--coins"),
            checkmarks=_pairs(checkmarks, "--checkmarks"),
            extra=extra,
            recipient=recipient,
        )
    )
    _party_cmd(r, party)


@app.command("return")
def return_(party: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Return to Gloomhaven after a scenario (a new visit after a campaign scenario)."""
    _party_cmd(_do(lambda: _svc(db).return_to_town(campaign, party)), party)


@app.command()
def adjust(
    what: Annotated[
        str, typer.Argument(help="prosperity, reputation, global-achievement or party-achievement")
    ],
    amount: Annotated[int, typer.Argument(help="Change (achievements: 1 gain, -1 lose).")] = 1,
    party: Annotated[str | None, typer.Option()] = None,
    name: Annotated[str, typer.Option(help="Achievement name.")] = "",
    campaign: CampOpt = None,
    db: DbOpt = None,
) -> None:
    """Apply a gain or loss by hand (a reward the catalog lacks); limits still hold."""
    r = _do(lambda: _svc(db).adjust(campaign, what, amount, party, name))
    _lines(r)
    print_city(r.campaign)


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


def _loader(kind: str) -> Callable[..., None]:
    def run(file: Path, replace_sample: bool, campaign: str | None, db: str | None) -> None:
        svc = _svc(db)
        if kind == "events":
            r = _do(lambda: svc.load_events(campaign, file, replace_sample))
        elif kind == "quests":
            r = _do(lambda: svc.load_quests(campaign, file, replace_sample))
        elif kind == "classes":
            r = _do(lambda: svc.load_classes(campaign, file))
        elif kind == "items":
            r = _do(lambda: svc.load_items(campaign, file))
        else:
            r = _do(lambda: svc.load_scenarios(campaign, file))
        _lines(r)
        print_city(r.campaign)

    return run


@app.command("load-events")
def load_events(
    file: Path,
    replace_sample: Annotated[
        bool, typer.Option("--replace-sample", help="Drop the sample deck and rebuild the decks.")
    ] = False,
    campaign: CampOpt = None,
    db: DbOpt = None,
) -> None:
    """Enter your real road and city event cards from a YAML file (see docs/gloomhaven.md)."""
    _loader("events")(file, replace_sample, campaign, db)


@app.command("load-quests")
def load_quests(
    file: Path,
    replace_sample: Annotated[bool, typer.Option("--replace-sample")] = False,
    campaign: CampOpt = None,
    db: DbOpt = None,
) -> None:
    """Enter your real personal quest cards from a YAML file."""
    _loader("quests")(file, replace_sample, campaign, db)


@app.command("load-items")
def load_items(file: Path, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Enter item cards (015 and up) from a YAML file."""
    _loader("items")(file, False, campaign, db)


@app.command("load-classes")
def load_classes(file: Path, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Enter further classes (HP, hand size, perk boxes, event numbers, unlocking envelope)."""
    _loader("classes")(file, False, campaign, db)


@app.command("unlock-class")
def unlock_class(class_id: str, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Unlock an entered class by hand; its unlock events join both decks."""
    r = _do(lambda: _svc(db).unlock_class(campaign, class_id))
    _lines(r)
    print_city(r.campaign)


@app.command("load-scenarios")
def load_scenarios(file: Path, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Enter Scenario Book entries (links and rewards) from a YAML file."""
    _loader("scenarios")(file, False, campaign, db)


@app.command()
def history(campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Every change, oldest first: command, arguments and what happened."""
    rows = _do(lambda: _svc(db).history(campaign))
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
    r = _do(lambda: _svc(db).undo(campaign))
    _lines(r)
    print_city(r.campaign)


@app.command()
def export(file: Path, campaign: CampOpt = None, db: DbOpt = None) -> None:
    """Write the whole campaign (document and history) as versioned JSON."""
    data = _do(lambda: _svc(db).export(campaign))
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
    for b in _do(lambda: _svc(db).backups(campaign)):
        console.print(
            f"#{b['id']} {b['created']}: {b['reason']} (schema {b['schema_version']}, "
            f"{len(b['document'])} bytes)",
            markup=False,
        )
