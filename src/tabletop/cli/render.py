"""Rendering views in the terminal. A game may ship ``tabletop.games.<pkg>.tui.render(view)``;
otherwise a generic renderer shows the view's fields."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table

Renderer = Callable[[dict[str, Any]], RenderableType]
_SKIP = {"actions", "log", "prompt", "outcome", "game", "seat"}


def game_renderer(game: str) -> Renderer:
    module = f"tabletop.games.{game.replace('-', '_')}.tui"
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is None or not module.startswith(exc.name):
            raise
        return generic_render
    render: Renderer = mod.render
    return render


def generic_render(view: dict[str, Any]) -> RenderableType:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan")
    table.add_column()
    for key, value in view.items():
        if key in _SKIP:
            continue
        table.add_row(key, Pretty(value, max_length=12))
    title = f"{view.get('game')} — seat {view.get('seat')}"
    parts: list[RenderableType] = [table]
    if view.get("log"):
        lines = "\n".join(e["text"] for e in view["log"][-8:])
        parts.append(Panel(lines, title="log", border_style="dim"))
    return Panel(Group(*parts), title=title)
