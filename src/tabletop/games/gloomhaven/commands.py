"""Every command that changes a campaign, declared once.

A :class:`Command` holds its arguments (a pydantic model whose fields carry their help text and, in
``Cli`` markers, how the terminal spells them), its checks and effect (a rule operation of
:mod:`.rules` that refuses with a message naming what was wrong), and its history entry (the
name and arguments recorded with the summary). The surfaces derive everything else from these
declarations: the store's service runs ``COMMANDS[name]`` in one transaction, the CLI builds one
typer command per declaration, and the web app one JSON route and one form handler.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from tabletop.engine.content import load_entries
from tabletop.engine.errors import ContentError

from . import rules as ops
from .data import (
    CharacterClass,
    Item,
    PersonalQuest,
    Scenario,
    ScenarioRewards,
    check_events,
    game_data,
    known_item_ids,
    load_event_file,
)
from .model import Campaign


@dataclass(frozen=True)
class Cli:
    """How the terminal spells one argument: positional (``argument``), or an option under
    ``flags`` (default ``--field-name``; a bool may name its pair, ``--success/--failure``)."""

    argument: bool = False
    flags: tuple[str, ...] = ()


ARG = Cli(argument=True)


class Args(BaseModel):
    """The arguments of one command, JSON-native (they are recorded in the history as they are)."""

    model_config = ConfigDict(extra="forbid")


class NewParty(Args):
    name: Annotated[str, ARG] = Field(
        title="Party name", description="The party's name.", examples=["Lions"], max_length=80
    )


class NewCharacter(Args):
    party: Annotated[str, ARG] = Field(
        title="Party", description="Party id or name.", examples=["lions"]
    )
    name: Annotated[str, ARG] = Field(
        title="Character name", description="The character's name.", examples=["Ana"], max_length=80
    )
    player: str = Field(
        title="Player", description="The player (retirements count per player).", max_length=80
    )
    class_id: Annotated[str, Cli(flags=("--class",))] = Field(
        title="Class",
        description="An unlocked class: brute, tinkerer, spellweaver, ...",
        examples=["brute"],
    )
    level: int = Field(
        1, title="Starting level", description="Starting level, at most the prosperity level."
    )
    quest: str | None = Field(
        None,
        title="Personal quest kept",
        description="Only when the two were drawn at the table: its name or number; empty: the "
        "keeper draws two",
    )


class OneCharacter(Args):
    character: Annotated[str, ARG] = Field(description="Character id or name.", examples=["ana"])


class KeepQuest(OneCharacter):
    quest: Annotated[str, ARG] = Field(description="One of the two personal quests drawn.")


class JoinParty(OneCharacter):
    party: Annotated[str, ARG] = Field(description="Party id or name.")


class ItemTrade(OneCharacter):
    item: Annotated[str, ARG] = Field(
        description="Item number or name.", examples=["001", "Boots of Striding"]
    )


class Buy(ItemTrade):
    others: Annotated[list[str], ARG] = Field(
        default_factory=list,
        description="Further CHARACTER ITEM pairs, bought in the same change.",
        examples=[["bo", "Cloak of Invisibility"]],
    )


class Donate(OneCharacter):
    others: Annotated[list[str], ARG] = Field(
        default_factory=list, description="Further characters donating in the same change."
    )


class LevelUp(OneCharacter):
    card: str = Field(title="New ability card", description="The card added to the pool, by name.")
    card_level: int | None = Field(
        None, title="Its level", description="Empty: as printed on the card."
    )
    perk: str = Field(
        title="Perk marked", description="One of the class's perks with a box left (its text)."
    )


class MarkPerk(OneCharacter):
    perk: Annotated[str, ARG] = Field(
        title="Perk marked", description="One of the class's perks with a box left (its text)."
    )


class Enhance(OneCharacter):
    card: str = Field(title="Card", description="The ability card, by name.", examples=["Skewer"])
    card_level: int | None = Field(
        None, title="Card level", description="Empty: as printed; X cards: 1."
    )
    action: Literal["top", "bottom"] = Field("top", title="Action", description="top or bottom")
    sticker: str = Field(
        title="Sticker", description="The sticker, as for enhancement-cost.", examples=["attack"]
    )
    multi_target: bool = Field(
        False, title="Multi-target", description="the ability targets several enemies or allies"
    )
    hexes: int | None = Field(
        None, title="Hexes targeted now", description="Attack hex only: hexes the attack targets."
    )


class OneParty(Args):
    party: Annotated[str, ARG] = Field(description="Party id or name.", examples=["lions"])


class Travel(OneParty):
    scenario: Annotated[str, ARG] = Field(
        title="Scenario", description="Scenario number.", examples=["1"]
    )
    casual: Annotated[bool, Cli(flags=("--casual",))] = Field(
        False, title="Casual", description="casual mode (no road event, no story rewards)"
    )


class Choose(OneParty):
    choice: Annotated[str, ARG] = Field(description="A or B.", examples=["A"])
    recipient: str | None = Field(None, description="Who takes an item gained.")


class Finish(OneParty):
    success: Annotated[bool, Cli(flags=("--success/--failure",))] = Field(
        description="Whether the scenario was won."
    )
    level: int | None = Field(None, description="Scenario level (default: recommended).")
    xp: dict[str, int] = Field(default_factory=dict, description="CHARACTER=XP gained in play.")
    coins: dict[str, int] = Field(default_factory=dict, description="CHARACTER=money tokens.")
    checkmarks: dict[str, int] = Field(
        default_factory=dict, description="CHARACTER=battle-goal checkmarks."
    )
    reward_gold: int = Field(0, description="Extra reward: gold each.")
    reward_xp: int = Field(0, description="Extra reward: XP each.")
    reward_prosperity: int = Field(0, description="Extra reward: prosperity.")
    reward_reputation: int = Field(0, description="Extra reward: reputation.")
    global_achievement: list[str] = Field(default_factory=list, description="Gained.")
    party_achievement: list[str] = Field(default_factory=list, description="Gained.")
    unlock: list[str] = Field(default_factory=list, description="Scenario unlocked.")
    item: list[str] = Field(default_factory=list, description="Item gained (one copy).")
    item_design: list[str] = Field(default_factory=list, description="Item design gained.")
    recipient: str | None = Field(None, description="Who takes an item gained.")

    def rewards(self) -> ScenarioRewards:
        return ScenarioRewards(
            gold_each=self.reward_gold,
            xp_each=self.reward_xp,
            prosperity=self.reward_prosperity,
            reputation=self.reward_reputation,
            global_achievements=self.global_achievement,
            party_achievements=self.party_achievement,
            unlock_scenarios=self.unlock,
            items=[i.strip().zfill(3) for i in self.item],
            item_designs=[i.strip().zfill(3) for i in self.item_design],
        )


class Adjust(Args):
    what: Annotated[
        Literal["prosperity", "reputation", "global-achievement", "party-achievement"], ARG
    ] = Field(
        title="What",
        description="prosperity, reputation, global-achievement or party-achievement",
    )
    amount: Annotated[int, ARG] = Field(
        1, title="Change", description="The change (achievements: 1 gain, -1 lose)."
    )
    party: str | None = Field(
        None, title="Party", description="For reputation and party achievements."
    )
    name: str = Field("", title="Achievement name", description="The achievement's name.")


class UnlockClass(Args):
    class_id: Annotated[str, ARG] = Field(description="An entered class.")


class LoadFile(Args):
    file: Annotated[Path, ARG] = Field(
        title="File", description="A YAML file of your own cards (see docs/gloomhaven.md)."
    )


class LoadSampled(LoadFile):
    replace_sample: Annotated[bool, Cli(flags=("--replace-sample",))] = Field(
        False, description="Drop the shipped sample cards (the decks are rebuilt)."
    )


CommandArgs = Any  # each effect takes its own Args subclass


@dataclass(frozen=True)
class Command:
    """One campaign command: its arguments, its checks and effect, its history entry."""

    name: str  # as typed in the terminal and in the JSON route
    method: str  # the service's method of the same command
    args: type[Args]
    effect: Callable[[Campaign, CommandArgs], list[str]]
    summary: str  # one line of help
    subject: Literal["character", "party", "city"]  # what the command changes, shown after it
    history: str = ""  # the name its history entries carry (default: ``name``)
    web: bool = True  # served as a JSON route and form (not for files on the server's disk)

    @property
    def recorded_as(self) -> str:
        return self.history or self.name

    def arguments(self, args: Args) -> dict[str, Any]:
        """The history entry's arguments (empty lists and tables left out)."""
        return {k: v for k, v in args.model_dump(mode="json").items() if v not in ([], {})}

    def apply(self, c: Campaign, args: Args) -> list[str]:
        """Check and carry out the command on ``c`` (a working copy): the lines saying what
        happened, or :class:`~.campaign.Refused` naming what was wrong."""
        return self.effect(c, args)


def _finish(c: Campaign, a: Finish) -> list[str]:
    return ops.finish_scenario(
        c,
        a.party,
        a.success,
        scenario_level=a.level,
        xp=a.xp,
        coins=a.coins,
        checkmarks=a.checkmarks,
        extra=a.rewards(),
        recipient=a.recipient or None,
    )


def _buy(c: Campaign, a: Buy) -> list[str]:
    if len(a.others) % 2:
        raise ops.Refused(
            f"after {a.character} {a.item}, give CHARACTER ITEM pairs; {a.others[-1]!r} has no item"
        )
    pairs = [(a.character, a.item), *zip(a.others[::2], a.others[1::2], strict=True)]
    return [line for ch, item in pairs for line in ops.buy(c, ch, item)]


Read = TypeVar("Read")


def _from(path: Path, read: Callable[[Path], Read]) -> Read:
    """Read an owner's file; one that is not text is refused with its name."""
    try:
        return read(path)
    except UnicodeDecodeError as exc:
        raise ContentError(str(path), f"not a text file (not UTF-8 at byte {exc.start})") from None


def _load_events(c: Campaign, a: LoadSampled) -> list[str]:
    cards = _from(a.file, load_event_file)
    problems = check_events(str(a.file), cards, game_data(), known_item_ids(game_data()))
    if problems:
        raise ContentError(str(a.file), "; ".join(problems))
    return ops.load_events(c, cards, a.replace_sample)


Card = TypeVar("Card", bound=BaseModel)


def _entered(
    model: type[Card], section: str, enter: Callable[[Campaign, dict[str, Card]], list[str]]
) -> Callable[[Campaign, LoadFile], list[str]]:
    """The effect of a command that enters the owner's cards of one kind: the file's
    ``section`` read as ``model`` entries (each checked, the file named in a refusal), then
    ``enter`` adds them to the campaign's catalog."""

    def effect(c: Campaign, a: LoadFile) -> list[str]:
        return enter(c, _from(a.file, lambda f: load_entries(f, model, section=section)))

    return effect


def _enhance(c: Campaign, a: Enhance) -> list[str]:
    return ops.enhance(c, **a.model_dump())


_ALL = [
    Command(
        "new-party",
        "create_party",
        NewParty,
        lambda c, a: ops.create_party(c, a.name),
        "Form a new party (reputation 0, in Gloomhaven).",
        "party",
    ),
    Command(
        "new-character",
        "create_character",
        NewCharacter,
        lambda c, a: ops.create_character(
            c, a.party, a.name, a.player, a.class_id, a.level, a.quest or None
        ),
        "Create a character: gold 15x(L+1), XP at the level's minimum, two personal quests drawn.",
        "character",
    ),
    Command(
        "keep-quest",
        "keep_quest",
        KeepQuest,
        lambda c, a: ops.keep_quest(c, a.character, a.quest),
        "Keep one of the two personal quests drawn; the other is shuffled back.",
        "character",
    ),
    Command(
        "join-party",
        "join_party",
        JoinParty,
        lambda c, a: ops.join_party(c, a.character, a.party),
        "Move a character into a party (both in Gloomhaven).",
        "character",
    ),
    Command(
        "leave-party",
        "leave_party",
        OneCharacter,
        lambda c, a: ops.leave_party(c, a.character),
        "Take a character out of its party (in Gloomhaven).",
        "character",
    ),
    Command(
        "buy",
        "buy",
        Buy,
        _buy,
        "Buy an item, by number or name (in Gloomhaven; price by party reputation; no "
        "duplicates); several characters may buy at once: CHARACTER ITEM [CHARACTER ITEM ...].",
        "character",
    ),
    Command(
        "sell",
        "sell",
        ItemTrade,
        lambda c, a: ops.sell(c, a.character, a.item),
        "Sell an item for half its price, rounded down; it returns to the supply.",
        "character",
    ),
    Command(
        "level-up",
        "level_up",
        LevelUp,
        lambda c, a: ops.level_up(c, a.character, a.card, a.card_level, a.perk),
        "Level up in Gloomhaven when the XP allows: one card, one perk, more HP.",
        "character",
    ),
    Command(
        "mark-perk",
        "mark_perk",
        MarkPerk,
        lambda c, a: ops.mark_perk(c, a.character, a.perk),
        "Mark a perk earned with checkmarks or a player's earlier retirements.",
        "character",
    ),
    Command(
        "rise-to-prosperity",
        "rise_to_prosperity",
        OneCharacter,
        lambda c, a: ops.rise_to_prosperity(c, a.character),
        "Raise a character's XP to the prosperity level's minimum (then level up).",
        "character",
    ),
    Command(
        "donate",
        "donate",
        Donate,
        lambda c, a: [line for ch in [a.character, *a.others] for line in ops.donate(c, ch)],
        "Donate 10 gold to the Sanctuary of the Great Oak (once per visit): 2 BLESS next "
        "scenario; several characters may donate at once.",
        "character",
    ),
    Command(
        "enhance",
        "enhance",
        Enhance,
        _enhance,
        "Enhance an ability card (cost computed; earlier stickers on the action counted).",
        "character",
    ),
    Command(
        "fulfil-quest",
        "fulfil_quest",
        OneCharacter,
        lambda c, a: ops.fulfil_quest(c, a.character),
        "Record that a character fulfilled its personal quest (it must then retire in town).",
        "character",
    ),
    Command(
        "retire",
        "retire",
        OneCharacter,
        lambda c, a: ops.retire(c, a.character),
        "Retire a character whose personal quest is fulfilled.",
        "city",
    ),
    Command(
        "travel",
        "travel",
        Travel,
        lambda c, a: ops.travel(c, a.party, a.scenario, a.casual),
        "Travel to a scenario, drawing a road event when one is required.",
        "party",
    ),
    Command(
        "city-event",
        "city_event",
        OneParty,
        lambda c, a: ops.draw_city_event(c, a.party),
        "Draw the visit's city event.",
        "party",
    ),
    Command(
        "choose",
        "choose",
        Choose,
        lambda c, a: ops.resolve_event(c, a.party, a.choice, a.recipient or None),
        "Choose A or B for the event in hand and resolve every outcome that applies.",
        "party",
    ),
    Command(
        "finish",
        "finish_scenario",
        Finish,
        _finish,
        "End the scenario: XP, coins, battle-goal checkmarks and rewards (catalog + extra).",
        "party",
        history="finish-scenario",
    ),
    Command(
        "return",
        "return_to_town",
        OneParty,
        lambda c, a: ops.return_to_town(c, a.party),
        "Return to Gloomhaven after a scenario (a new visit after a campaign scenario).",
        "party",
    ),
    Command(
        "adjust",
        "adjust",
        Adjust,
        lambda c, a: ops.adjust(c, a.what, a.amount, a.party or None, a.name),
        "Apply a gain or loss by hand (a reward the catalog lacks); limits still hold.",
        "city",
    ),
    Command(
        "unlock-class",
        "unlock_class",
        UnlockClass,
        lambda c, a: ops.unlock_class_command(c, a.class_id),
        "Unlock an entered class by hand; its unlock events join both decks.",
        "city",
    ),
]

_ALL += [
    Command(
        "load-events",
        "load_events",
        LoadSampled,
        _load_events,
        "Enter your real road and city event cards from a YAML file (see docs/gloomhaven.md).",
        "city",
        web=False,
    ),
    Command(
        "load-quests",
        "load_quests",
        LoadSampled,
        lambda c, a: ops.load_quests(
            c,
            _from(a.file, lambda f: load_entries(f, PersonalQuest, section="personal_quests")),
            a.replace_sample,
        ),
        "Enter your real personal quest cards from a YAML file.",
        "city",
        web=False,
    ),
    Command(
        "load-items",
        "load_items",
        LoadFile,
        _entered(Item, "items", ops.load_items),
        "Enter item cards (015 and up) from a YAML file.",
        "city",
        web=False,
    ),
    Command(
        "load-classes",
        "load_classes",
        LoadFile,
        _entered(CharacterClass, "classes", ops.load_classes),
        "Enter further classes (HP, hand size, perk boxes, card names, events, unlocking box).",
        "city",
        web=False,
    ),
    Command(
        "load-scenarios",
        "load_scenarios",
        LoadFile,
        _entered(Scenario, "scenarios", ops.load_scenarios),
        "Enter Scenario Book entries (links and rewards) from a YAML file.",
        "city",
        web=False,
    ),
]

COMMANDS: dict[str, Command] = {cmd.name: cmd for cmd in _ALL}
BY_METHOD: dict[str, Command] = {cmd.method: cmd for cmd in _ALL}


def bind(cmd: Command, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Args:
    """The command's arguments from a Python call: positional values in the order the model
    declares its fields, then keywords (``svc.buy(None, "ana", "001")``)."""
    names = list(cmd.args.model_fields)
    if len(args) > len(names):
        raise TypeError(f"{cmd.method}() takes at most {len(names)} arguments")
    values = dict(zip(names, args, strict=False))
    clash = set(values) & set(kwargs)
    if clash:
        raise TypeError(f"{cmd.method}() got {', '.join(sorted(clash))} twice")
    values.update(kwargs)
    return cmd.args.model_validate(values)
