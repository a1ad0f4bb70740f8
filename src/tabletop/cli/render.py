"""Rendering views in the terminal: a game's declared presentation
(:func:`tabletop.engine.registry.presentation`), or a generic drawing of the view's fields for a
game that provides none."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table

from ..engine.registry import presentation

Renderer = Callable[[dict[str, Any]], RenderableType]
_SKIP = {"actions", "log", "prompt", "outcome", "game", "seat"}


def game_renderer(game: str, compact: bool = False) -> Renderer:
    """The game's own terminal drawing of a view (its declared presentation), else the generic
    one; ``compact``: the short drawing beside the options, where the game has one."""
    shown = presentation(game)
    if compact and shown.provides.terminal_compact:
        return lambda view: shown.terminal(view, compact=True)
    if shown.provides.terminal:
        return lambda view: shown.terminal(view)
    return generic_render


def generic_render(view: dict[str, Any]) -> RenderableType:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan")
    table.add_column()
    for key, value in view.items():
        if key in _SKIP:
            continue
        table.add_row(key, Pretty(value, max_length=12))
    seat = view.get("seat")
    names = view.get("seat_names") or []
    who = names[seat] if isinstance(seat, int) and seat < len(names) else "spectator"
    title = f"{view.get('game')} — {who}"
    parts: list[RenderableType] = [table]
    if view.get("log"):
        lines = "\n".join(e["text"] for e in view["log"][-8:])
        parts.append(Panel(lines, title="log", border_style="dim"))
    return Panel(Group(*parts), title=title)
