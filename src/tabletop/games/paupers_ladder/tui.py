"""A rich terminal picture of a Paupers' Ladder view: the map of Brighthelm with everyone's
position and each Region's face-up cards, the Pauper card areas of every player, and the log."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .content import CITIES, abilities_text, content

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
    C = content()
    reg = C.regions[region]
    t = Text(reg.name, style=STYLE[reg.type])
    if reg.coastal:
        t.append(" ~", style="blue")
    here = []
    for p in view["players"]:
        col = SEAT_COLOURS[p["seat"] % 4]
        if p["pos"] == region:
            here.append(Text(f"P{p['seat']}", style=f"bold {col}"))
        if p["bpos"] == region:
            here.append(Text(f"b{p['seat']}", style=col))
    if here:
        t.append("\n")
        for i, h in enumerate(here):
            if i:
                t.append(" ")
            t.append_text(h)
    for cid in view["tiles"].get(region, []):
        card = C.region_card[cid]
        style = {"hazard": "bold red", "ingredient": "wheat1"}.get(card.kind, "bright_blue")
        label = card.name + (f" [{card.strength}]" if card.kind == "hazard" else "")
        gems = view["cardgems"].get(cid)
        if gems:
            label += f" ({gems}g)"
        t.append("\n• " + label, style=style)
    if reg.type == "city":
        qid = view["quests"].get(region)
        if qid:
            t.append(f"\nQuest: {_name(qid)}", style="italic")
        shop = view["shops"][region]
        t.append(f"\nShop: {shop['count']} cards", style="dim")
    else:
        t.append(f"\n{len(view['tiles'].get(region, []))}/{reg.tiles} tiles", style="dim")
    return t


def render_map(view: dict[str, Any]) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    for _ in range(5):
        grid.add_column(width=22)
    for row in LAYOUT:
        grid.add_row(*[Panel(_cell(view, r), padding=(0, 0)) if r else Text("") for r in row])
    return Panel(grid, title="Brighthelm", border_style="blue")


def _reward_text(effects: list[dict[str, Any]]) -> str:
    words = []
    for e in effects:
        k = e["effect"]
        if k == "gain":
            words.append(f"{e['n']} Gems")
        elif k == "draw_equipment":
            words.append(f"draw {e['n']} Equipment, keep {e['keep']}")
        elif k == "draw_rarity":
            words.append("1 Rarity")
        elif k == "learn_recipe":
            words.append("learn a Recipe In Learning at once")
        elif k == "return_outcomes":
            words.append(f"shuffle {e['n']} discarded Outcome cards back")
    return " + ".join(words)


def render_quests(view: dict[str, Any]) -> RenderableType:
    C = content()
    t = Text()
    for city in CITIES:
        qid = view["quests"].get(city)
        if not qid:
            continue
        q = C.quest[qid]
        icons = []
        if q.tower:
            icons.append("tower: in this City")
        if q.wild:
            icons.append("wild: completes when met")
        if q.pauper_only:
            icons.append("Pauper only")
        t.append(f"{city.capitalize()}: ", style="bold")
        t.append(f"{q.name} — {q.text} ")
        t.append("REWARD: " + " OR ".join(_reward_text(r) for r in q.reward), style="gold1")
        if icons:
            t.append(f"  [{', '.join(icons)}]", style="dim")
        t.append("\n")
    return Panel(t, title="Quests", border_style="green")


def render_player(view: dict[str, Any], p: dict[str, Any]) -> RenderableType:
    C = content()
    me = view.get("seat") == p["seat"]
    col = SEAT_COLOURS[p["seat"] % 4]
    t = Text()
    if p.get("lives"):
        lv, mx = p["lives"], p["max_lives"]
        t.append(
            f"Lives: Pauper {'♥' * lv['pauper']}{'♡' * (mx - lv['pauper'])}  "
            f"Bird {'♥' * lv['bird']}{'♡' * (mx - lv['bird'])}\n",
            style="bold red",
        )
    t.append(f"Purse: {p['gems']} Gems", style="gold1")
    t.append(f"   Outcome deck: {p['outcome_count']} cards\n")
    track = ["●" if i < len(p["virtues"]) else "○" for i in range(3)]
    t.append("Virtues: " + " ".join(track) + "  " + ", ".join(p["virtues"]) + "\n", style="bold")
    if p["bird"]:
        trained = abilities_text(C.birds[p["bird"]].trained)
        state = f"trained: {trained}" if p["trained"] else f"untrained; trained: {trained}"
        t.append(f"Aviary: {p['bird']} ({state})\n")
    if p["recipes"]:
        t.append("Recipe Book:\n")
        for r in p["recipes"]:
            rec = C.recipe[r["r"]]
            if r["learned"]:
                t.append(f"  ✓ {rec.name}: {abilities_text(rec.abilities)}\n", style="magenta")
            else:
                have = ", ".join(_name(c) for c in r["ing"])
                t.append(
                    f"  … {rec.name} (needs 2 of {', '.join(rec.ingredients)})"
                    + (f" has {have}" if have else "")
                    + "\n",
                    style="grey70",
                )
    if p["pauper"]:
        se = C.paupers[p["pauper"]].equipment
        t.append(
            f"Starting Equipment: {se.name} ({abilities_text(se.abilities)})"
            + (f" ({p['charges']} left)" if p["charges"] else "")
            + "\n"
        )
    if p["inventory"]:
        items = []
        for it in p["inventory"]:
            item = C.item[it["c"]]
            s = (
                item.name
                + (" (used once)" if it["u"] else "")
                + (f" ({it['g']} Gems)" if it["g"] else "")
            )
            items.append(f"{s} [{abilities_text(item.abilities)}]")
        t.append("Inventory: " + "; ".join(items) + "\n")
    if p["trophies"]:
        pts = sum(C.region_card[c].strength for c in p["trophies"])
        t.append(
            f"Trophy Room ({pts} Strength): " + ", ".join(_name(c) for c in p["trophies"]) + "\n"
        )
    if p["journal"]:
        t.append("Journal: " + ", ".join(_name(c) for c in p["journal"]) + "\n")
    if me and p.get("hand"):
        t.append("Draft hand: " + ", ".join(_name(c) for c in p["hand"]) + "\n", style="cyan")
    title = f"{p['name']} (seat {p['seat']})" + (" — you" if me else "")
    return Panel(t, title=title, border_style=col)


def render_solo(view: dict[str, Any]) -> RenderableType:
    """The solo sheet: the Time track, and the scenario's objectives with their progress."""
    solo = view["solo"]
    t = Text()
    track = " ".join(
        f"[{i}]" if i == solo["time"] else str(i) for i in range(solo["allowance"] + 1)
    )
    t.append(f"Time {solo['time']}/{solo['allowance']}: ", style="bold")
    t.append(track + "\n", style="cyan")
    t.append(
        f"Difficulty {solo['difficulty']} — Lives up to {solo['max_lives']} each\n", style="dim"
    )
    t.append("Objectives" + (" (in this order)" if solo["ordered"] else "") + ":\n")
    for o in solo["objectives"]:
        mark = "✓" if o["done"] else "…"
        t.append(f"  {mark} {o['text']} — {o['progress']}\n", style="green" if o["done"] else "")
    if solo.get("side"):
        sd = solo["side"]
        t.append(f"  Side: {sd['text']} — {sd['progress']}\n", style="dim")
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
        t.append("; ".join(extra) + "\n", style="italic")
    return Panel(t, title=solo["name"], border_style="magenta")


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
        hz = content().region_card[fight["hz"]]
        parts.append(
            Panel(
                Text(
                    f"Fighting the {hz.name} (Strength {hz.strength}): your "
                    f"Strength is {fight['str']}"
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
    for s in shops:
        info.append(f"Shop you have seen — {s}\n", style="dim")
    if info:
        parts.append(info)
    log = view.get("log", [])[-12:]
    parts.append(Panel(Text("\n".join(e["text"] for e in log)), title="Log", border_style="grey50"))
    if view.get("outcome"):
        parts.append(Text(view["outcome"]["text"], style="bold green"))
    return Group(*parts)
