"""`tabletop replay`: step through a record with the keys people expect."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rich.console import Console, RenderableType

from ..engine import Action, Record, State

NEXT = {"n", "enter", "right", "down", " ", "next", "j"}
PREVIOUS = {"p", "left", "up", "b", "back", "prev", "k"}
QUIT = {"q", "quit", "exit", "\x1b"}
KEYS = "n / → / Enter: next step · p / ←: previous step · g: go to the end · q: quit"


class Stepper:
    """The states of a record, computed as far as they are asked for and kept for going back."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self._states: list[State] = []
        self._source: Iterator[State] = record.states()

    def __len__(self) -> int:
        return len(self.record.actions) + 1

    def __getitem__(self, i: int) -> State:
        while len(self._states) <= i:
            self._states.append(next(self._source))
        return self._states[i]


def show_step(
    console: Console,
    stepper: Stepper,
    i: int,
    seat: int | None,
    render: Callable[[dict], RenderableType],  # type: ignore[type-arg]
    full: bool,
) -> None:
    record = stepper.record
    state = stepper[i]
    if i:
        s, action = record.actions[i - 1]
        before = stepper[i - 1]
        console.rule(f"step {i} of {len(record.actions)}: {before.seat_name(s)}")
        if s != seat and before.prompt().commit:
            # another seat's simultaneous choice is face down until all have chosen: the reveal
            # shows in the view and the log, as it did at the table
            console.print("has chosen")
        else:
            console.print(
                before.describe_action(action, s) if isinstance(action, Action) else action
            )
    else:
        console.rule(f"the start (step 0 of {len(record.actions)})")
    view = state.view(seat)
    if view is not None and full:
        console.print(render(view))


def step_through(
    console: Console,
    record: Record,
    seat: int | None,
    render: Callable[[dict], RenderableType],  # type: ignore[type-arg]
    read_key: Callable[[str], str],
    start: int = 0,
) -> int:
    """Show step ``start``, then move with n/p/arrows until q or the end of input. Returns the
    step shown last."""
    stepper = Stepper(record)
    last = len(stepper) - 1
    i = min(max(start, 0), last)
    console.print(f"[dim]{KEYS}[/dim]")
    show_step(console, stepper, i, seat, render, True)
    while True:
        key = read_key(f"[{i}/{last}] n/p/q> ")
        if key in QUIT:
            return i
        if key in NEXT:
            if i == last:
                console.print("[dim]This is the last step (p goes back, q quits).[/dim]")
                continue
            i += 1
        elif key in PREVIOUS:
            if i == 0:
                console.print("[dim]This is the start (n goes forward, q quits).[/dim]")
                continue
            i -= 1
        elif key in ("g", "end"):
            i = last
        elif key in ("h", "?", "help"):
            console.print(KEYS)
            continue
        else:
            console.print(f"[red]'{key}' is not a key here.[/red] {KEYS}")
            continue
        show_step(console, stepper, i, seat, render, True)
