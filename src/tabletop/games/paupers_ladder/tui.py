"""A rich terminal picture of a Paupers' Ladder view: the map of Brighthelm with everyone's
position and each Region's face-up cards, the Pauper card areas of every player, and the log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.engine.effects import Effect

from .content import CITIES, content
from .texts import abilities_text, effect_words, quest_marks

# the board as drawn in docs/paupers-ladder-map.md
LAYOUT: list[list[str | None]] = [
    ["greyhaven", "mountain-1", "beach-2", "forest-2", "blacksand"],
    ["beach-1", None, "mine-1", None, "swamp-2"],
    ["swamp-1", None, "mine-2", None, "mountain-2"],
    ["forest-1", None, "mine-3", None, "forest-3"],
    ["bluevale", "beach-3", "swamp-3", "mountain-3", "lilacsville"],
]
STYLE = {
    "city": "bold white",
    "beach": "yellow",
    "forest": "green",
    "mine": "red",
    "mountain": "grey70",
    "swamp": "dark_khaki",
}
SEAT_COLOURS = ["cyan", "magenta", "bright_green", "orange1"]


def _name(cid: str) -> str:
    return content().card_name(cid)


def _cell(view: dict[str, Any], region: str) -> RenderableType:
    cards = content()
    reg = cards.regions[region]
    text = Text(reg.name, style=STYLE[reg.type])
    if reg.coastal:
        text.append(" ~", style="blue")
    here = []
    for p in view["players"]:
        col = SEAT_COLOURS[p["seat"] % 4]
        if p["position"] == region:
            here.append(Text(f"P{p['seat'] + 1}", style=f"bold {col}"))
        if p["bird_position"] == region:
            here.append(Text(f"b{p['seat'] + 1}", style=col))
    if here:
        text.append("\n")
        for i, h in enumerate(here):
            if i:
                text.append(" ")
            text.append_text(h)
    for cid in view["tiles"].get(region, []):
        card = cards.region_card[cid]
        style = {"hazard": "bold red", "ingredient": "wheat1"}.get(card.kind, "bright_blue")
        label = card.name + (f" [{card.strength}]" if card.kind == "hazard" else "")
        gems = view["card_gems"].get(cid)
        if gems:
            label += f" ({gems}g)"
        text.append("\n• " + label, style=style)
    if reg.type == "city":
        qid = view["quests"].get(region)
        if qid:
            text.append(f"\nQuest: {_name(qid)}", style="italic")
        shop = view["shops"][region]
        text.append(f"\nShop: {shop['count']} cards", style="dim")
    else:
        text.append(f"\n{len(view['tiles'].get(region, []))}/{reg.tiles} tiles", style="dim")
    return text


def render_map(view: dict[str, Any]) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    for _ in range(5):
        grid.add_column(width=22)
    for row in LAYOUT:
        grid.add_row(*[Panel(_cell(view, r), padding=(0, 0)) if r else Text("") for r in row])
    return Panel(grid, title="Brighthelm", border_style="blue")


def _reward_text(effects: Sequence[Effect]) -> str:
    return " + ".join(effect_words(e) for e in effects)


def render_quests(view: dict[str, Any]) -> RenderableType:
    cards = content()
    text = Text()
    for city in CITIES:
        qid = view["quests"].get(city)
        if not qid:
            continue
        quest = cards.quest[qid]
        icons = quest_marks(quest)
        text.append(f"{city.capitalize()}: ", style="bold")
        text.append(f"{quest.name} — {quest.text} ")
        text.append("REWARD: " + " OR ".join(_reward_text(r) for r in quest.reward), style="gold1")
        if icons:
            text.append(f"  [{', '.join(icons)}]", style="dim")
        text.append("\n")
    return Panel(text, title="Quests", border_style="green")


def render_player(view: dict[str, Any], p: dict[str, Any]) -> RenderableType:
    cards = content()
    me = view.get("seat") == p["seat"]
    col = SEAT_COLOURS[p["seat"] % 4]
    text = Text()
    if p.get("lives"):
        lv, mx = p["lives"], p["max_lives"]
        text.append(
            f"Lives: Pauper {'♥' * lv['pauper']}{'♡' * (mx - lv['pauper'])}  "
            f"Bird {'♥' * lv['bird']}{'♡' * (mx - lv['bird'])}\n",
            style="bold red",
        )
    text.append(f"Purse: {p['gems']} Gems", style="gold1")
    text.append(f"   Outcome deck: {p['outcome_count']} cards\n")
    track = ["●" if i < len(p["virtues"]) else "○" for i in range(3)]
    text.append("Virtues: " + " ".join(track) + "  " + ", ".join(p["virtues"]) + "\n", style="bold")
    if p["bird"]:
        trained = abilities_text(cards.birds[p["bird"]].trained)
        state = f"trained: {trained}" if p["trained"] else f"untrained; trained: {trained}"
        text.append(f"Aviary: {p['bird']} ({state})\n")
    if p["recipes"]:
        text.append("Recipe Book:\n")
        for r in p["recipes"]:
            rec = cards.recipe[r["recipe"]]
            if r["learned"]:
                text.append(f"  ✓ {rec.name}: {abilities_text(rec.abilities)}\n", style="magenta")
            else:
                have = ", ".join(_name(c) for c in r["ingredients"])
                text.append(
                    f"  … {rec.name} (needs 2 of {', '.join(rec.ingredients)})"
                    + (f" has {have}" if have else "")
                    + "\n",
                    style="grey70",
                )
    if p["pauper"]:
        se = cards.paupers[p["pauper"]].equipment
        text.append(
            f"Starting Equipment: {se.name} ({abilities_text(se.abilities)})"
            + (f" ({p['charges']} left)" if p["charges"] else "")
            + "\n"
        )
    if p["inventory"]:
        items = []
        for it in p["inventory"]:
            item = cards.item[it["card"]]
            label = (
                item.name
                + (" (used once)" if it["uses"] else "")
                + (f" ({it['gems']} Gems)" if it["gems"] else "")
            )
            items.append(f"{label} [{abilities_text(item.abilities)}]")
        text.append("Inventory: " + "; ".join(items) + "\n")
    if p["trophies"]:
        pts = sum(cards.region_card[c].strength for c in p["trophies"])
        text.append(
            f"Trophy Room ({pts} Strength): " + ", ".join(_name(c) for c in p["trophies"]) + "\n"
        )
    if p["journal"]:
        text.append("Journal: " + ", ".join(_name(c) for c in p["journal"]) + "\n")
    if me and p.get("hand"):
        text.append("Draft hand: " + ", ".join(_name(c) for c in p["hand"]) + "\n", style="cyan")
    title = f"{p['name']} (player {p['seat'] + 1})" + (" — you" if me else "")
    return Panel(text, title=title, border_style=col)


def render_solo(view: dict[str, Any]) -> RenderableType:
    """The solo sheet: the Time track, and the scenario's objectives with their progress."""
    solo = view["solo"]
    text = Text()
    track = " ".join(
        f"[{i}]" if i == solo["time"] else str(i) for i in range(solo["allowance"] + 1)
    )
    text.append(f"Time {solo['time']}/{solo['allowance']}: ", style="bold")
    text.append(track + "\n", style="cyan")
    text.append(
        f"Difficulty {solo['difficulty']} — Lives up to {solo['max_lives']} each\n", style="dim"
    )
    text.append("Objectives" + (" (in this order)" if solo["ordered"] else "") + ":\n")
    for o in solo["objectives"]:
        mark = "✓" if o["done"] else "…"
        text.append(f"  {mark} {o['text']} — {o['progress']}\n", style="green" if o["done"] else "")
    if solo.get("side"):
        sd = solo["side"]
        text.append(f"  Side: {sd['text']} — {sd['progress']}\n", style="dim")
    extra = []
    if solo.get("facedown"):
        extra.append("face-down cards in " + ", ".join(solo["facedown"]))
    if solo.get("city_hazards"):
        extra.append(
            "undead in " + ", ".join(f"{c} ({_name(h)})" for c, h in solo["city_hazards"].items())
        )
    if solo.get("necromancer_lives") is not None:
        extra.append(f"necromancer Lives {solo['necromancer_lives']}")
    if solo.get("markers"):
        extra.append("Virtue markers in " + ", ".join(solo["markers"]))
    if extra:
        text.append("; ".join(extra) + "\n", style="italic")
    return Panel(text, title=solo["name"], border_style="magenta")


def render(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    prompt = view.get("prompt") or {}
    head = Text(f"Paupers' Ladder — round {view.get('round', 0)}", style="bold")
    if prompt.get("text"):
        head.append(f"   {prompt['text']}", style="italic")
    parts.append(head)
    if view.get("solo"):
        parts.append(render_solo(view))
    if view.get("phase") in ("play", "over", "buy"):
        parts.append(render_map(view))
    if view.get("phase") in ("play", "over", "buy"):
        parts.append(render_quests(view))
    fight = view.get("fight")
    if fight:
        hazard = content().region_card[fight["hazard"]]
        parts.append(
            Panel(
                Text(
                    f"Fighting the {hazard.name} (Strength {hazard.strength}): your "
                    f"Strength is {fight['strength']}"
                ),
                border_style="red",
            )
        )
    players = Table.grid(padding=(0, 1))
    for _ in view["players"]:
        players.add_column(ratio=1)
    players.add_row(*[render_player(view, p) for p in view["players"]])
    parts.append(players)
    disp = ", ".join(_name(s["top"]) + f" ({s['count']})" for s in view["dispensary"] if s["top"])
    shops = []
    for city in CITIES:
        known = view["shops"][city]["known"]
        if known:
            shops.append(
                f"{city.capitalize()}: "
                + ", ".join(f"{_name(c)} ({content().item[c].cost})" for c in known)
            )
    info = Text()
    if disp:
        info.append(f"Dispensary: {disp}\n")
    for seen in shops:
        info.append(f"Shop you have seen — {seen}\n", style="dim")
    if info:
        parts.append(info)
    log = view.get("log", [])[-12:]
    parts.append(Panel(Text("\n".join(e["text"] for e in log)), title="Log", border_style="grey50"))
    if view.get("outcome"):
        parts.append(Text(view["outcome"]["text"], style="bold green"))
    return Group(*parts)


# ---------------------------------------------------------------------------- one screen
# The whole table in a 120 x 40 terminal: the decision, the latest events, your Pauper, and a
# compact map (each Region's pieces, cards and bridges), with the full picture on a key press.
SHORT = {
    "greyhaven": "Gh",
    "blacksand": "Bs",
    "bluevale": "Bv",
    "lilacsville": "Lv",
}
CELL = 23


def short(region: str) -> str:
    """Mine 2 -> Mi2, Greyhaven -> Gh: the names bridges use on the compact map."""
    if region in SHORT:
        return SHORT[region]
    kind, _, n = region.partition("-")
    return kind[:2].capitalize() + n


def _clip(text: str, width: int = CELL) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _compact_cell(view: dict[str, Any], region: str) -> Text:
    cards = content()
    reg = cards.regions[region]
    text = Text()
    pieces = Text()
    for p in view["players"]:
        col = SEAT_COLOURS[p["seat"] % 4]
        if p["position"] == region:
            pieces.append(f" P{p['seat'] + 1}", style=f"bold {col}")
        if p["bird_position"] == region:
            pieces.append(f" b{p['seat'] + 1}", style=col)
    name = _clip(reg.name + (" ~" if reg.coastal else ""), CELL - len(pieces.plain))
    text.append(name, style=STYLE[reg.type])
    text.append_text(pieces)
    text.append("\n")
    if reg.type == "city":
        qid = view["quests"].get(region)
        line = f"Q: {_name(qid)}" if qid else "no Quest"
        text.append(_clip(line) + "\n", style="italic")
    else:
        shown = []
        for cid in view["tiles"].get(region, []):
            card = cards.region_card[cid]
            shown.append(card.name + (f"⚔{card.strength}" if card.kind == "hazard" else ""))
        line = ", ".join(shown) if shown else "-"
        text.append(_clip(line) + "\n", style="bold red" if "⚔" in line else "wheat1")
    bridges = "↔" + " ".join(short(n) for n in cards.neighbours[region])
    text.append(_clip(bridges), style="grey50")
    return text


def render_compact_map(view: dict[str, Any]) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    for _ in range(5):
        grid.add_column(width=CELL, no_wrap=True)
    for row in LAYOUT:
        grid.add_row(*[_compact_cell(view, r) if r else Text("") for r in row])
    return grid


MAP_KEY = (
    "P1 Pauper, b1 Bird of player 1 · ⚔ Strength of a hazard · ~ coastal · ↔ bridges to: "
    "Gh Greyhaven, Bs Blacksand, Bv Bluevale, Lv Lilacsville, Mi Mine, Mo Mountain, Be Beach, "
    "Fo Forest, Sw Swamp"
)


def _player_line(view: dict[str, Any], p: dict[str, Any]) -> Text:
    cards = content()
    col = SEAT_COLOURS[p["seat"] % 4]
    text = Text()
    text.append(f"{p['seat'] + 1} {p['name']}", style=f"bold {col}")
    bits = [f"{p['gems']} Gems", f"Virtues {len(p['virtues'])}/3"]
    if p["virtues"]:
        bits[-1] += " (" + ", ".join(p["virtues"]) + ")"
    if p.get("lives"):
        bits.append(f"Lives ♥{p['lives']['pauper']}/♥{p['lives']['bird']}")
    learned = sum(1 for r in p["recipes"] if r["learned"])
    bits.append(f"Recipes {learned} learned/{len(p['recipes'])}")
    if p["trophies"]:
        bits.append(f"trophies {sum(cards.region_card[c].strength for c in p['trophies'])}⚔")
    if p["journal"]:
        bits.append(f"Quests {len(p['journal'])}")
    text.append(": " + " · ".join(bits))
    return text


def _my_cards(view: dict[str, Any], p: dict[str, Any]) -> Text:
    cards = content()
    text = Text()
    inv = [cards.item[it["card"]].name for it in p["inventory"]]
    if p["pauper"]:
        eq = cards.paupers[p["pauper"]].equipment.name
        inv.insert(0, eq + (f" ({p['charges']} left)" if p["charges"] else ""))
    text.append("  Inventory: " + (", ".join(inv) or "-") + "\n", style="cyan")
    recs = []
    for r in p["recipes"]:
        rec = cards.recipe[r["recipe"]]
        recs.append(
            ("✓" if r["learned"] else "…")
            + rec.name
            + (f"+{len(r['ingredients'])}" if r["ingredients"] else "")
        )
    text.append("  Recipes: " + (", ".join(recs) or "-"), style="magenta")
    if p.get("hand"):
        text.append("\n  Draft hand: " + ", ".join(_name(c) for c in p["hand"]), style="cyan")
    return text


def render_compact(view: dict[str, Any], latest: int = 5) -> RenderableType:
    """One screen: the head, the compact map and its key, each player in a line (yours with your
    cards), and the latest events, newest first."""
    parts: list[RenderableType] = []
    head = Text(f"Paupers' Ladder · round {view.get('round', 0)}", style="bold")
    turn = view.get("turn")
    if turn is not None:
        who = next((p["name"] for p in view["players"] if p["seat"] == turn), f"Seat {turn + 1}")
        head.append(f" · {who}'s turn")
    if view.get("solo"):
        solo = view["solo"]
        head.append(f" · {solo['name']}: Time {solo['time']}/{solo['allowance']}")
        done = sum(1 for o in solo["objectives"] if o["done"])
        if solo["objectives"]:
            head.append(f", objectives {done}/{len(solo['objectives'])}")
    parts.append(head)
    if view.get("phase") in ("play", "over", "buy"):
        parts.append(render_compact_map(view))
        parts.append(Text(MAP_KEY, style="grey50"))
    fight = view.get("fight")
    if fight:
        hazard = content().region_card[fight["hazard"]]
        against = f"(Strength {hazard.strength}) against {fight['strength']}"
        parts.append(Text(f"Fight: the {hazard.name} {against}", "bold red"))
    me = view.get("seat")
    for p in sorted(view["players"], key=lambda p: (p["seat"] != me, p["seat"])):
        parts.append(_player_line(view, p))
        if p["seat"] == me:
            parts.append(_my_cards(view, p))
    log = list(reversed(view.get("log", [])[-latest:]))
    if log:
        text = Text("Latest (newest first):\n", style="bold")
        for e in log:
            text.append("  " + _clip(e["text"], 116) + "\n", style="grey70")
        text.rstrip()
        parts.append(text)
    if view.get("outcome"):
        parts.append(Text(view["outcome"]["text"], style="bold green"))
    return Group(*parts)
