"""Playing and taking back a step for a seat the dependencies have already checked, shared by the
JSON API and the page forms; and one step of a finished game's replay."""

from __future__ import annotations

import re
from typing import Any

from ..engine import Action, IllegalAction, MalformedAction, State
from ..engine.actions import echo
from ..store.games import GameStore, NotFound, StaleAction
from .deps import ApiError, Finished, Loaded
from .payloads import ActionIn, UndoIn, seat_payload
from .render import action_label, seats_phrase
from .service import GameOver, UndoRefused, delete_last_action

ACTION_KEYS = ("kind", "args")

# the engine's wrapper around a refusal: "GAME: ACTION is not legal for SEAT at 'KIND': REASON
# (legal kinds now: ...)"; players read the reason alone
_WRAPPER = re.compile(
    r"^[\w-]+: .*? is not legal for .*? at '[^']*'(?:: (?P<why>.*?))?"
    r"(?: \(legal kinds now: [^)]*\))?$",
    re.S,
)
_RULING = re.compile(r" \(ruling [^)]*\)")


def players_words(
    message: str, state: State | None = None, action: Action | None = None, seat: int | None = None
) -> str:
    """A refusal as players read it: the engine's reason alone, as a sentence, without the
    action's code, the seat, the decision's kind or the rulings' numbers (``"deploy(...) is not
    legal for Seat 1 at 'deploy': your new Units cost 7 Gold and you have 5 (ruling 13)"`` ->
    ``"Your new Units cost 7 Gold and you have 5."``). With no reason given, the action in the
    game's words is named ("Bid 3 is not allowed now."). A message of another shape is kept."""
    found = _WRAPPER.match(message.strip())
    if found is None:
        return message
    words = _RULING.sub("", found.group("why") or "").strip()
    if not words:
        named = action_label(state, action, seat) if state is not None and action else ""
        words = f"{named} is not allowed now" if named else "that move is not allowed now"
    words = words[:1].upper() + words[1:]
    return words if words[-1:] in ".!?" else words + "."


def action_in(raw: Any) -> Action:
    """The action of a request's JSON ``action``; an ApiError 422 ``malformed`` naming what is
    wrong (not an object, a key it does not take, no kind, an argument whose value is a number
    with a fraction, an object or anything else that is no action value), the input quoted and
    cut short."""
    if not isinstance(raw, dict):
        raise ApiError(
            422,
            "malformed",
            'malformed action: \'action\' must be an object {"kind": ..., "args": {...}}, '
            f"not {echo(raw)}",
        )
    extra = sorted(str(k) for k in raw if k not in ACTION_KEYS)
    if extra:
        raise ApiError(
            422,
            "malformed",
            "malformed action: an action takes 'kind' and 'args' only, not "
            + ", ".join(echo(k) for k in extra[:5]),
        )
    try:
        return Action.from_json(raw)
    except ValueError as exc:
        raise ApiError(422, "malformed", f"malformed action: {exc}") from None
    except RecursionError:
        raise ApiError(422, "malformed", "malformed action: nested too deeply") from None


def play_action(store: GameStore, game: Loaded, seat: int, body: ActionIn) -> State:
    """Play ``body.action`` for ``seat``; the new state, or an ApiError changing nothing."""
    ident, state, info = game.id, game.state, game.info
    action = action_in(body.action)
    if body.seen is None and body.expected_actions is None:
        raise ApiError(
            422,
            "malformed",
            "malformed request: say which view you acted on: 'seen' (from the view) or "
            "'expected_actions'",
        )
    stale = store.stale(ident, state, seat, body.expected_actions, body.seen)
    if stale:
        raise ApiError(409, "stale", stale)
    if state.is_terminal():
        raise ApiError(409, "game-over", "the game is over")
    prompt = state.prompt()
    if seat not in prompt.seats and seat not in prompt.committed:
        raise ApiError(
            409,
            "not-your-turn",
            f"{state.seat_name(seat)} may not act now: waiting for "
            f"{seats_phrase(list(prompt.seats), info.seats, None)} to choose.",
        )
    try:
        return store.apply(
            ident, seat, action, expected_actions=body.expected_actions, seen=body.seen
        )
    except StaleAction as exc:
        raise ApiError(409, "stale", str(exc)) from None
    except MalformedAction as exc:  # an argument of a type its parameter never takes
        raise ApiError(422, "malformed", players_words(str(exc), state, action, seat)) from None
    except IllegalAction as exc:
        words = players_words(str(exc), state, action, seat)
        raise ApiError(409, "illegal-action", words) from None
    except NotFound:
        raise ApiError(404, "not-found", f"no game {echo(ident)}") from None


def undo_step(store: GameStore, game: Loaded, seat: int, body: UndoIn) -> State:
    """Take back ``seat``'s last step; the state before it, or an ApiError changing nothing."""
    try:
        return delete_last_action(store.url, game.id, seat, body.expected_actions, body.seen)
    except StaleAction as exc:
        raise ApiError(409, "stale", str(exc)) from None
    except GameOver as exc:
        raise ApiError(409, "game-over", str(exc)) from None
    except UndoRefused as exc:
        raise ApiError(409, "undo-refused", str(exc)) from None
    except NotFound:
        raise ApiError(404, "not-found", f"no game {echo(game.id)}") from None


def replay_step(store: GameStore, game: Finished, step: int) -> dict[str, Any]:
    """The spectator's payload after ``step`` actions of a finished game, with that step."""
    record, info = game.record, game.info
    if not 0 <= step <= len(record.actions):
        raise ApiError(404, "no-such-step", f"step must be 0..{len(record.actions)}, got {step}")
    # from the nearest stored snapshot, not a replay of the whole game
    state = store.state_at(info.id, step)
    out = seat_payload(state, info, None)
    out["step"] = step
    out["steps"] = len(record.actions)
    if step:
        seat, action = record.actions[step - 1]
        before = store.state_at(info.id, step - 1)
        out["last"] = {
            "seat": seat,
            "action": action.to_json(),
            "label": action_label(before, action, seat),
        }
    else:
        out["last"] = None
    return out
