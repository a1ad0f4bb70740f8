"""A rich terminal picture of a Paper Tales view: the score track, every Kingdom (Front and Back
rows, the extra spot, Buildings at their level, Age tokens, Gold), the seat's own hand, draft and
face-down Deployment, the Lich King's line in solo, and the log. Reads the view only."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .content import game_content

COLOURS = ["red", "blue", "green", "yellow", "magenta", "dark_orange", "grey70"]
PHASES = {
    "draft": "1 Recruitment",
    "solo-pick": "1 Recruitment",
    "deploy": "2 Deployment",
    "deployed": "2 Deployment",
    "build": "5 Construction",
    "aging": "6 Aging",
    "over": "game over",
}


def unit_name(card: str | None) -> str:
    if not card:
        return "-"
    return game_content().units[card.split(".")[0]].name


def _unit_cell(u: dict[str, Any] | None) -> Text:
    if u is None:
        return Text("·", style="dim")
    t = Text(unit_name(u["card"]), style="bold")
    t.append(f" {u['strength']}", style="cyan")
    if u["age"]:
        t.append(" " + "☾" * u["age"], style="yellow")
    return t


def _kingdom(p: dict[str, Any], key: str = "kingdom") -> Table:
    spots = p[key]
    grid = Table.grid(padding=(0, 2))
    front = [0, 1, 4] if 4 in p["spots"] else [0, 1]
    grid.add_row(Text("Front", style="dim"), *(_unit_cell(spots[s]) for s in front))
    grid.add_row(Text("Back", style="dim"), *(_unit_cell(spots[s]) for s in (2, 3)))
    return grid


def _buildings(p: dict[str, Any]) -> str:
    content = game_content()
    parts = [f"{content.buildings[b].name} L{lv}" for b, lv in p["buildings"].items()]
    return ", ".join(parts) or "no Building"


def _player(view: dict[str, Any], p: dict[str, Any]) -> Panel:
    res = p["resources"]
    head = Text(
        f"{p['legend_points']} LP · {p['gold']} Gold · strength {p['strength']} · "
        f"Wood {res['wood']} Food {res['food']} Crystal {res['crystal']}"
    )
    lines: list[RenderableType] = [head, Text(_buildings(p), style="italic"), _kingdom(p)]
    if "plan" in p:
        lines.append(Text(f"Face down (costs {p['plan_cost']} Gold):", style="bold green"))
        lines.append(_kingdom(p, "plan"))
    if p.get("hand"):
        lines.append(Text("Hand: " + ", ".join(unit_name(c) for c in p["hand"]), style="green"))
    elif p["hand_size"]:
        lines.append(Text(f"{p['hand_size']} cards in hand", style="dim"))
    if p.get("kept"):
        lines.append(Text(f"Kept face down: {unit_name(p['kept'])}", style="green"))
    elif p["has_kept"]:
        lines.append(Text("1 card kept face down", style="dim"))
    colour = COLOURS[p["seat"] % len(COLOURS)]
    mine = view.get("seat") == p["seat"]
    return Panel(
        Group(*lines),
        title=f"[{colour}]{p['name']}[/{colour}]" + (" (you)" if mine else ""),
        border_style=colour if mine else "dim",
    )


def _solo(view: dict[str, Any]) -> RenderableType | None:
    solo = view.get("solo")
    if not solo:
        return None
    content = game_content()
    cells = []
    for i, ident in enumerate(solo["line"]):
        label = "END" if i == 4 else str(i + 1)
        if ident is None:
            cells.append(Text(f"[{label}] face down", style="dim"))
            continue
        n = content.necropolis[ident]
        t = Text(f"[{label}] +{n.gain} LP, Black {n.black}, Purple {n.purple}")
        if n.quest is not None:
            t.append(f", Quest {n.quest.lp} LP", style="italic")
        if i + 1 == solo["time"]:
            t.stylize("bold")
        cells.append(t)
    parts: list[RenderableType] = [
        Text(f"Lich King: {solo['legend_points']} LP", style="bold magenta"),
        *cells,
    ]
    if solo["lich_king_cards"]:
        parts.append(
            Text(
                "Lich King cards: "
                + ", ".join(content.lich[x].name for x in solo["lich_king_cards"])
            )
        )
    if solo["armies"]:
        parts.append(
            Text(f"Armies: Black {solo['armies']['black']}, Purple {solo['armies']['purple']}")
        )
    if solo["offer"]:
        parts.append(
            Text("On offer: " + ", ".join(unit_name(c) for c in solo["offer"]), style="green")
        )
    if solo["netherworld"]:
        parts.append(
            Text(
                "Netherworld: " + ", ".join(unit_name(c) for c in solo["netherworld"]), style="dim"
            )
        )
    return Panel(Group(*parts), title="Necropolis", border_style="magenta")


def render(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    phase = PHASES.get(view["phase"], view["phase"])
    head = Text(f"Paper Tales · turn {view['turn']} of 4 · {phase}", style="bold")
    head.append(f" · draw pile {view['deck']}, discards {view['discards']}", style="dim")
    parts.append(head)
    solo = _solo(view)
    if solo is not None:
        parts.append(solo)
    draft = view.get("draft")
    if draft and draft.get("hand") is not None:
        way = "next" if draft["direction"] == 1 else "previous"
        t = Text(f"Draft (passing to the {way} player): ", style="bold green")
        t.append(", ".join(unit_name(c) for c in draft["hand"]))
        parts.append(t)
    grid = Table.grid(padding=(0, 1), expand=True)
    cols = 2 if len(view["players"]) > 1 else 1
    for _ in range(cols):
        grid.add_column(ratio=1)
    panels = [_player(view, p) for p in view["players"]]
    for i in range(0, len(panels), cols):
        grid.add_row(*panels[i : i + cols])
    parts.append(grid)
    if view.get("log"):
        lines = "\n".join(e["text"] for e in view["log"][-8:])
        parts.append(Panel(lines, title="log", border_style="dim"))
    return Group(*parts)
