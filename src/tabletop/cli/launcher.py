"""The interactive launcher that `make run` starts: choose a game, parameters and seats, play."""

from __future__ import annotations

import os
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from ..engine import load, specs
from ..engine.bots import bot_kinds
from ..store.games import GameStore
from .play import QuitGame, TerminalGame, seats_for


def _choose(console: Console, ask: Callable[[str], str], title: str, options: list[str]) -> int:
    table = Table(title=title, show_header=False)
    for i, o in enumerate(options, 1):
        table.add_row(str(i), o)
    console.print(table)
    while True:
        answer = ask("choose> ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return int(answer) - 1
        console.print(f"[red]type a number from 1 to {len(options)}[/red]")


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
        spec = all_specs[pick]
        params: dict[str, object] = {}
        for p in spec.params:
            if p.choices:
                choice = _choose(console, ask, f"{p.name}: {p.help}", [str(c) for c in p.choices])
                params[p.name] = p.choices[choice]
                continue
            while True:
                raw = ask(f"{p.name} ({p.help}) [{p.default}]: ").strip()
                try:
                    params[p.name] = p.coerce(spec.name, raw) if raw else p.default
                    break
                except ValueError as exc:
                    console.print(f"[red]{exc}[/red]")
        game = load(spec.name, **params)
        kinds = sorted(k for k in bot_kinds(game) if k != "random")
        bot = f"bot:{kinds[0]}" if kinds else "bot:random"
        default = ",".join(["human"] + [bot] * (game.num_players - 1))
        text = ask(f"Seats (human or bot:KIND, comma-separated) [{default}]: ").strip() or default
        seats = seats_for(text, game.num_players)
        state = game.new_state(int.from_bytes(os.urandom(4), "big"))
        game_id = store.create(state, seats)
    try:
        TerminalGame(state, seats, console=console, ask=ask, store=store, game_id=game_id).run()
    except QuitGame:
        console.print(f"Saved as {game_id}; pick it from `make run` to resume.")
