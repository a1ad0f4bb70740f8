"""The terminal's pictures of a Paper Tales view (``rich``), both made to fit a 120x40 window.

The full picture: the turn and phase, the score track, the Lich King's Necropolis line in solo,
the seat's own cards (draft hand, hand, card kept, face-down Deployment) with their cost and
strength, every Kingdom (Front and Back rows, the extra spot, Buildings at their level, Age
tokens, resources, Gold) in a grid of up to three columns, and the last lines of the log. The
compact picture, beside the options: the same head, the seat's own Kingdom and cards, and one
line for every other Kingdom. Reads the view only (and the static card texts)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .content import game_content
from .rules.turn import PHASE_NAMES, TURNS
from .state import BACK, EXTRA

COLOURS = ("red", "blue", "green", "yellow", "magenta", "dark_orange", "grey70")
LOG_LINES = 6  # the full picture's log
WIDE = 120  # the window the pictures are made for


def unit_name(card: str | None) -> str:
    if not card:
        return "-"
    return game_content().units[card.split(".")[0]].name


def card_line(card: str) -> Text:
    """A card of a hand or an offer: its name, cost and strength (``Golem (2 Gold, str 3)``)."""
    unit = game_content().units[card.split(".")[0]]
    line = Text(unit.name, style="bold")
    line.append(f" ({unit.cost_words()}, str {unit.strength})", style="cyan")
    return line


def cards_line(label: str, cards: list[str], style: str = "green") -> Text:
    line = Text(f"{label}: ", style=style)
    for i, card in enumerate(cards):
        if i:
            line.append(", ")
        line.append_text(card_line(card))
    return line


def _unit_cell(unit: dict[str, Any] | None) -> Text:
    if unit is None:
        return Text("·", style="dim")
    cell = Text(unit_name(unit["card"]), style="bold", overflow="ellipsis", no_wrap=True)
    cell.append(f" {unit['strength']}", style="cyan")
    if unit["age"]:
        cell.append("☾" * unit["age"], style="yellow")
    return cell


def _rows(player: dict[str, Any], key: str = "kingdom") -> Table:
    spots = player[key]
    grid = Table.grid(padding=(0, 1))
    front = [0, 1, EXTRA] if EXTRA in player["spots"] else [0, 1]
    grid.add_row(Text("Front", style="dim"), *(_unit_cell(spots[s]) for s in front))
    grid.add_row(Text("Back ", style="dim"), *(_unit_cell(spots[s]) for s in BACK))
    return grid


def _buildings(player: dict[str, Any]) -> str:
    owned = player["buildings"]  # drawn in the rulebook's order, never the mapping's
    parts = [f"{b.name} {owned[b.id]}" for b in game_content().buildings.values() if b.id in owned]
    return ", ".join(parts) or "no Building"


def _facts(player: dict[str, Any]) -> Text:
    res = player["resources"]
    line = Text(f"W{res['wood']} F{res['food']} C{res['crystal']} · ", style="dim")
    line.append(_buildings(player), style="italic")
    return line


def _kingdom(view: dict[str, Any], player: dict[str, Any]) -> Panel:
    lines: list[RenderableType] = [_facts(player), _rows(player)]
    if "plan" in player:
        lines.append(Text(f"Face down, costs {player['plan_cost']} Gold:", style="bold green"))
        lines.append(_rows(player, "plan"))
    hidden = []
    if player["hand_size"] and view.get("seat") != player["seat"]:
        hidden.append(f"{player['hand_size']} in hand")
    if player["has_kept"] and view.get("seat") != player["seat"]:
        hidden.append("1 kept")
    if player["seat"] in _committed(view):
        hidden.append("has chosen")
    if hidden:
        lines.append(Text(" · ".join(hidden), style="dim"))
    colour = COLOURS[player["seat"] % len(COLOURS)]
    mine = view.get("seat") == player["seat"]
    you = " (you)" if mine and player["name"] != "You" else ""
    title = (
        f"[{colour}]{player['name']}[/{colour}]{you} "
        f"{player['legend_points']} LP · {player['gold']} Gold · str {player['strength']}"
    )
    return Panel(
        Group(*lines), title=title, title_align="left", border_style=colour if mine else "dim"
    )


def _committed(view: dict[str, Any]) -> list[int]:
    return list((view.get("prompt") or {}).get("committed") or [])


def _head(view: dict[str, Any]) -> Text:
    phase = PHASE_NAMES.get(view["phase"], view["phase"])
    head = Text(f"Paper Tales · turn {view['turn']} of {TURNS} · {phase}", style="bold")
    head.append(f" · draw pile {view['deck']}, discards {view['discards']}", style="dim")
    head.append("\n")
    players = sorted(view["players"], key=lambda p: -p["legend_points"])
    for i, player in enumerate(players):
        colour = COLOURS[player["seat"] % len(COLOURS)]
        head.append(" · " if i else "LP: ")
        head.append(f"{player['name']} {player['legend_points']}", style=colour)
    solo = view.get("solo")
    if solo:
        head.append(f" · the Lich King {solo['legend_points']}", style="magenta")
    return head


def _private(view: dict[str, Any]) -> list[RenderableType]:
    """What only the viewing seat sees: its draft hand, hand and card kept."""
    seat = view.get("seat")
    if seat is None:
        return []
    me = view["players"][seat]
    parts: list[RenderableType] = []
    draft = view.get("draft")
    if draft and draft.get("hand"):
        way = "next" if draft["direction"] == 1 else "previous"
        parts.append(cards_line(f"Draft hand (passing to the {way} player)", draft["hand"]))
    if me.get("hand"):
        parts.append(cards_line("Hand", me["hand"]))
    if me.get("kept"):
        parts.append(cards_line("Kept face down", [me["kept"]]))
    return parts


def _solo(view: dict[str, Any]) -> RenderableType | None:
    solo = view.get("solo")
    if not solo:
        return None
    content = game_content()
    line = Text()
    for i, ident in enumerate(solo["line"]):
        label = "END" if i == 4 else str(i + 1)
        if i:
            line.append("  ")
        if ident is None:
            line.append(f"[{label}] face down", style="dim")
            continue
        card = content.necropolis[ident]
        quest = f", Quest {card.quest.lp} LP" if card.quest is not None else ""
        cell = f"[{label}] +{card.gain} LP, Black {card.black}, Purple {card.purple}{quest}"
        line.append(cell, style="bold" if i + 1 == solo["time"] else "")
    parts: list[RenderableType] = [line]
    if solo["lich_king_cards"]:
        names = ", ".join(content.lich[x].name for x in solo["lich_king_cards"])
        parts.append(Text(f"Lich King cards: {names}"))
    if solo["armies"]:
        armies = solo["armies"]
        parts.append(Text(f"Armies: Black {armies['black']}, Purple {armies['purple']}"))
    if solo["offer"]:
        parts.append(cards_line("On offer", solo["offer"]))
    if solo["netherworld"]:
        parts.append(cards_line("Netherworld", solo["netherworld"], style="dim"))
    title = f"Necropolis · the Lich King {solo['legend_points']} LP"
    return Panel(Group(*parts), title=title, title_align="left", border_style="magenta")


def _grid(panels: list[Panel], columns: int) -> Table:
    grid = Table.grid(padding=(0, 1), expand=True)
    for _ in range(columns):
        grid.add_column(ratio=1)
    for i in range(0, len(panels), columns):
        row = panels[i : i + columns]
        grid.add_row(*row, *([""] * (columns - len(row))))
    return grid


def render(view: dict[str, Any], compact: bool = False) -> RenderableType:
    """The picture of one seat's (or a spectator's) view; ``compact``: the short one."""
    return _compact(view) if compact else _full(view)


def _full(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [_head(view)]
    solo = _solo(view)
    if solo is not None:
        parts.append(solo)
    parts += _private(view)
    players = view["players"]
    columns = 1 if len(players) == 1 else 2 if len(players) <= 4 else 3
    parts.append(_grid([_kingdom(view, p) for p in players], columns))
    scores = _scores(view)
    if scores is not None:
        parts.append(scores)
        return Group(*parts)
    log = [e["text"] for e in view.get("log", [])[-LOG_LINES:]]
    if log:
        parts.append(Text("\n".join(log), style="dim", overflow="ellipsis", no_wrap=True))
    return Group(*parts)


def _scores(view: dict[str, Any]) -> Text | None:
    """At the end: how every score was made, one line a seat (and the Lich King's), best first."""
    lines = list((view.get("outcome") or {}).get("breakdown") or ())
    if not lines:
        return None
    text = Text("How every score was made:", style="bold")
    for line in sorted(lines, key=lambda one: -one["total"]):
        colour = COLOURS[line["seat"] % len(COLOURS)] if line["seat"] < len(COLOURS) else ""
        text.append("\n")
        name = line["name"][:1].upper() + line["name"][1:]
        text.append(f"{name} {line['total']}", style=f"bold {colour}".strip())
        items = ", ".join(f"{i['label']} {i['points']}" for i in line["items"])
        text.append(f": {items or 'nothing'}")
        for tiebreak in line["tiebreak"]:
            text.append(f" · {tiebreak['label']} {tiebreak['points']}", style="dim")
    text.overflow = "ellipsis"
    text.no_wrap = True
    return text


def _compact(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [_head(view)]
    seat = view.get("seat")
    solo = _solo(view)
    if solo is not None:
        parts.append(solo)
    for player in view["players"]:
        if player["seat"] == seat:
            parts.append(_kingdom(view, player))
        else:
            parts.append(_one_line(player, view))
    parts += _private(view)
    return Group(*parts)


def _one_line(player: dict[str, Any], view: dict[str, Any]) -> Text:
    """Another Kingdom in one line: score, Gold, strength, its Front | Back."""
    colour = COLOURS[player["seat"] % len(COLOURS)]
    line = Text(f"{player['name']}", style=colour)
    line.append(
        f" {player['legend_points']} LP {player['gold']} Gold str {player['strength']}: ",
    )
    front = [player["kingdom"][s] for s in (0, 1, EXTRA) if player["kingdom"][s]]
    back = [player["kingdom"][s] for s in BACK if player["kingdom"][s]]
    line.append(", ".join(f"{unit_name(u['card'])} {u['strength']}" for u in front) or "-")
    line.append(" | ", style="dim")
    line.append(", ".join(f"{unit_name(u['card'])} {u['strength']}" for u in back) or "-")
    if player["seat"] in _committed(view):
        line.append(" · has chosen", style="dim")
    line.overflow = "ellipsis"
    line.no_wrap = True
    return line
