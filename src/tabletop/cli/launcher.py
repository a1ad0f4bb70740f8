"""The interactive launcher that `make play` starts: choose a game, parameters and seats, play."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from ..engine import BadParameter, Game, load, specs
from ..engine.protocol import GameSpec, ParamSpec
from ..store.games import GameStore
from .play import QuitGame, TerminalGame, default_seats, resume_hint, seats_for


def _choose(
    console: Console,
    ask: Callable[[str], str],
    title: str,
    options: list[str],
    default: int | None = None,
) -> int:
    table = Table(title=title, show_header=False)
    for i, o in enumerate(options, 1):
        table.add_row(str(i), o + ("  (default: press Enter)" if default == i - 1 else ""))
    console.print(table)
    while True:
        answer = ask("choose> ").strip()
        if not answer and default is not None:
            return default
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return int(answer) - 1
        console.print(f"[red]type a number from 1 to {len(options)}[/red]")


def _ordered(spec: GameSpec) -> list[ParamSpec]:
    """The parameters others depend on first (the mode before the players it defaults, and before
    the solo scenario that applies only in its mode), then the rest in the game's order."""
    named = {p.only_when[0] for p in spec.params if p.only_when}
    named |= {other for p in spec.params for other, _, _ in p.default_when}
    return [p for p in spec.params if p.name in named] + [
        p for p in spec.params if p.name not in named
    ]


def ask_params(console: Console, ask: Callable[[str], str], spec: GameSpec) -> Game:
    """Ask each parameter that applies to the answers so far, with its default, until the game
    loads; a refused combination is explained and asked again."""
    while True:
        params: dict[str, Any] = {}
        for p in _ordered(spec):
            if not p.applies(params):
                continue
            default = p.default_for(params)
            if p.choices:
                shown = [str(c) for c in p.choices]
                at = list(p.choices).index(default) if default in p.choices else None
                choice = _choose(console, ask, f"{p.name}: {p.help}", shown, at)
                params[p.name] = p.choices[choice]
                continue
            if isinstance(p.default, bool):
                options = ["yes", "no"]
                choice = _choose(console, ask, f"{p.name}: {p.help}", options, 0 if default else 1)
                params[p.name] = choice == 0
                continue
            while True:
                raw = ask(f"{p.name} ({p.help}) [{default}]: ").strip()
                try:
                    params[p.name] = p.coerce(spec.name, raw) if raw else default
                    break
                except (BadParameter, ValueError) as exc:
                    console.print(f"[red]{exc}[/red]")
        try:
            return load(spec.name, **params)
        except (BadParameter, ValueError) as exc:
            console.print(f"[red]{exc}[/red] Choose again.")


def ask_seats(console: Console, ask: Callable[[str], str], game: Game) -> list[str]:
    default = ",".join(default_seats(game))
    while True:
        text = ask(f"Seats (human or bot:KIND, comma-separated) [{default}]: ").strip() or default
        try:
            return seats_for(text, game.num_players, game)
        except ValueError as exc:
            console.print(f"[red]{exc}[/red]")


def launcher(
    console: Console, db: str | None = None, ask: Callable[[str], str] | None = None
) -> None:
    ask = ask or console.input
    store = GameStore(db)
    console.print("[bold]Tabletop[/bold] — rules-enforced tabletop games in your terminal.\n")
    all_specs = specs()
    saved = [g for g in store.list() if g.status == "active"][:9]
    options = [f"New game: {s.title}" for s in all_specs] + [
        f"Resume {g.game} ({g.num_actions} actions, {g.updated:%Y-%m-%d %H:%M}) {g.id[:8]}"
        for g in saved
    ]
    if not options:
        console.print("No games are installed yet.")
        return
    pick = _choose(console, ask, "What would you like to play?", options)
    if pick >= len(all_specs):
        info = saved[pick - len(all_specs)]
        state, _ = store.load(info.id)
        seats, game_id = list(info.seats), info.id
    else:
        game = ask_params(console, ask, all_specs[pick])
        seats = ask_seats(console, ask, game)
        state = game.new_state(int.from_bytes(os.urandom(4), "big"))
        game_id = store.create(state, seats)
    try:
        TerminalGame(state, seats, console=console, ask=ask, store=store, game_id=game_id).run()
    except QuitGame:
        console.print(f"Saved as {game_id[:8]}. {resume_hint(state.game.name, game_id)}")
