"""Generic, readable HTML for any game's view (used when a game ships no renderer of its own)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from markupsafe import Markup, escape

from ..engine import WITHDRAW, Action, IllegalAction, State
from ..engine.registry import presentation
from ..engine.undo import undo_last

# View fields the page shows in their own places rather than as panels.
RESERVED = ("game", "seat", "seat_names", "prompt", "actions", "outcome", "log")
# A list as long as the number of seats is shown per seat unless its name says it holds cards.
_NOT_PER_SEAT = re.compile(r"hand|card|deck|pile|draw|discard")
_PER_SEAT_ANYWAY = re.compile(r"size|count|score|has_|per_seat")


def humanize(key: str) -> str:
    """``hand_sizes`` -> ``Hand sizes``; ``my_bid`` -> ``Your bid``."""
    text = key.replace("_", " ").replace("-", " ").strip()
    if text.startswith("my "):
        text = "your " + text[3:]
    return text[:1].upper() + text[1:]


def player_names(view: dict[str, Any] | None) -> dict[int, str]:
    """The names of the seats in a view (``seat_names``, :meth:`State.seat_name`), by seat."""
    return {s: str(n) for s, n in enumerate((view or {}).get("seat_names") or [])}


def player_name(seat: int, names: dict[int, str] | None = None) -> str:
    """One name per player everywhere: the game's name for them, else Seat N counted from 1."""
    return (names or {}).get(seat) or f"Seat {seat + 1}"


def seat_label(
    seat: int | None, seats: list[Any], me: int | None = None, names: dict[int, str] | None = None
) -> str:
    if seat is None:
        return "nobody"
    spec = str(seats[seat]) if 0 <= seat < len(seats) else "?"
    who = "you" if seat == me else ("bot" if spec.startswith("bot:") else "")
    name = player_name(seat, names)
    return f"{name} ({who})" if who else name


def seats_phrase(
    seats: list[int], all_seats: list[Any], me: int | None, names: dict[int, str] | None = None
) -> str:
    labels = [seat_label(s, all_seats, me, names) for s in seats]
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " and " + labels[-1]


def names_phrase(seats: list[int], names: dict[int, str] | None = None) -> str:
    """Players by name, as a sentence lists them: "Seat 2", "Ann and Seat 3", "A, B and C"."""
    words = [player_name(s, names) for s in seats]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def whole_log(states: Iterable[State], seat: int | None) -> list[dict[str, Any]]:
    """Every log line ``seat`` saw in a game, oldest first: a state keeps only its latest lines,
    so the game's states (a record replayed) give the whole story."""
    seen: dict[int, dict[str, Any]] = {}
    for state in states:
        view = state.view(seat) or {}
        for entry in view.get("log") or []:
            if isinstance(entry, dict) and isinstance(entry.get("n"), int):
                seen.setdefault(entry["n"], entry)
    return [seen[n] for n in sorted(seen)]


def whole(value: Any) -> str:
    """A score as people write it: 3, not 3.0."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _is_scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))


def _scalar(v: Any) -> Markup:
    if v is None:
        return Markup('<span class="none">—</span>')
    if isinstance(v, bool):
        return Markup("yes" if v else "no")
    return escape(str(v))


def value_html(v: Any, depth: int = 0) -> Markup:
    """Any JSON value as nested, readable HTML."""
    if _is_scalar(v):
        return _scalar(v)
    if depth > 4:
        return escape(str(v))
    if isinstance(v, dict):
        if not v:
            return Markup('<span class="none">none</span>')
        rows = Markup("").join(
            Markup("<dt>{}</dt><dd>{}</dd>").format(humanize(str(k)), value_html(x, depth + 1))
            for k, x in v.items()
        )
        return Markup('<dl class="kv">{}</dl>').format(rows)
    if isinstance(v, list):
        if not v:
            return Markup('<span class="none">none</span>')
        if all(_is_scalar(x) for x in v):
            chips = Markup("").join(
                Markup('<span class="chip">{}</span>').format(_scalar(x)) for x in v
            )
            return Markup('<span class="chips">{}</span>').format(chips)
        if all(isinstance(x, dict) for x in v):
            keys: list[str] = []
            for x in v:
                keys.extend(k for k in x if k not in keys)
            head = Markup("").join(Markup("<th>{}</th>").format(humanize(k)) for k in keys)
            body = Markup("").join(
                Markup("<tr>{}</tr>").format(
                    Markup("").join(
                        Markup("<td>{}</td>").format(value_html(x.get(k), depth + 1)) for k in keys
                    )
                )
                for x in v
            )
            return Markup('<table class="grid"><tr>{}</tr>{}</table>').format(head, body)
        items = Markup("").join(Markup("<li>{}</li>").format(value_html(x, depth + 1)) for x in v)
        return Markup("<ul>{}</ul>").format(items)
    return escape(str(v))


def is_per_seat(key: str, value: Any, num_players: int) -> bool:
    if not isinstance(value, list) or num_players < 2 or len(value) != num_players:
        return False
    if not all(_is_scalar(x) or isinstance(x, (list, dict)) for x in value):
        return False
    return not (_NOT_PER_SEAT.search(key) and not _PER_SEAT_ANYWAY.search(key))


def split_view(view: dict[str, Any], num_players: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """(per-seat fields, other fields) of a view, without the reserved ones."""
    per_seat: dict[str, Any] = {}
    panels: dict[str, Any] = {}
    for key, value in view.items():
        if key in RESERVED:
            continue
        if is_per_seat(key, value, num_players):
            per_seat[key] = value
        else:
            panels[key] = value
    return per_seat, panels


def action_label(state: State, action: Action, seat: int | None) -> str:
    """The game's words for an action, or a tidy generic phrase when the game has none. The
    kernel's own withdraw (taking back a simultaneous choice) has the same words in every game:
    a game may use the kind ``withdraw`` for an action of its own, with arguments."""
    if action == WITHDRAW:
        return "Withdraw your choice"
    words = state.describe_action(action, seat)
    if words != str(action):
        return words
    head = action.kind.replace("-", " ").replace("_", " ")
    head = head[:1].upper() + head[1:]
    if not action.args:
        return head
    args = ", ".join(f"{k.replace('_', ' ')} {_plain(v)}" for k, v in action.args)
    return f"{head}: {args}"


def table_options(
    state: State, seat: int | None, legal: list[Action] | None = None
) -> list[tuple[Action, str]]:
    """A seat's options as people should read them: in the game's order of what people usually
    do (the game's presentation ranks them, when it provides a rank: throwing cards away last),
    and never two that read the same (identical copies of a card are one option)."""
    if seat is None:
        return []
    actions = state.legal_actions(seat) if legal is None else legal
    labelled = [(a, action_label(state, a, seat)) for a in actions]
    shown = presentation(state.game.name)
    if shown.provides.option_rank:
        view = state.view(seat) or {}
        labelled.sort(key=lambda pair: shown.option_rank(view, pair[0]))
    seen: set[str] = set()
    out = []
    for action, label in labelled:
        if label not in seen:
            seen.add(label)
            out.append((action, label))
    return out


def lone_option(state: State, seat: int) -> Action | None:
    """The one option a player may be spared deciding (taken without a click or a key), or
    None. Only when there is truly nothing to think over: exactly one option, no form to fill,
    no simultaneous choice (a commitment is the player's to make, even a forced one), nothing
    the game asks before (it throws something away), and an answer the undo policy could take
    back (it draws nothing at random and reveals nothing to anyone)."""
    prompt = state.prompt()
    if prompt.commit or seat not in prompt.seats or state.templates(seat):
        return None
    legal = state.legal_actions(seat)
    if len(legal) != 1 or confirm_question(state, legal[0], seat):
        return None
    if not state.undoable():
        return None
    after = state.clone()
    after.apply(legal[0], seat)
    try:
        undo_last(after, seat, state)
    except IllegalAction:
        return None
    return legal[0]


def confirm_question(state: State, action: Action, seat: int | None) -> str | None:
    """The question to ask before an option that throws something away (None: just do it)."""
    shown = presentation(state.game.name)
    if not shown.provides.confirm:
        return None
    return shown.confirm(state.view(seat) or {}, action) or None


def _plain(v: Any) -> str:
    if isinstance(v, tuple):
        return "(" + ", ".join(_plain(x) for x in v) + ")"
    return str(v)
