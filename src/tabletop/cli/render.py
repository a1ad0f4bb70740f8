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


def game_part(game: str, name: str) -> Any:
    """An optional part of a game's terminal module (``render``, ``render_compact``,
    ``card_text``, ``explain``), or None when the game ships no such module or part."""
    module = f"tabletop.games.{game.replace('-', '_')}.tui"
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is None or not module.startswith(exc.name):
            raise
        return None
    return getattr(mod, name, None)


def game_renderer(game: str) -> Renderer:
    """The game's own terminal drawing of a view, else the generic one."""
    render: Renderer = game_part(game, "render") or generic_render
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
