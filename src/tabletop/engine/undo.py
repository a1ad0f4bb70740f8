"""Undo as a policy, implemented by replay (never by inverse operations).

A seat may take back its own last action only while the game is not over and nothing was revealed
by it: no other seat has acted since, the action drew nothing random (the RNG did not move), no
seat learnt anything it did not know, and the game does not object (``State.undo_blocked``).
"Learnt" comes from the knowledge model when the game keeps its hidden things in zones and
face-down piles (:mod:`.knowledge`: some seat knows an item after the action that it did not know
before, or fewer items are hidden from it, as when a card is drawn face up from a deck);
otherwise (or when some of them lie outside zones, ``State.hidden_outside_zones``) it is checked by
replaying the action on states resampled for each seat (what a seat
sees after it must not depend on what was hidden). The earlier state is rebuilt by replaying the
record without that action, so it is exactly the state before it.
"""

from __future__ import annotations

from . import piles
from .errors import IllegalAction
from .knowledge import ZONES, learnt
from .protocol import WITHDRAW, State
from .rng import Rng, derive_seed

RESAMPLES = 4


def _revealed_to(previous: State, after: State, seat: int, acting: int) -> int | None:
    """A seat whose view after the action depends on what was hidden from it, if any."""
    assert after._history is not None
    action = after._history.action
    if not previous.game.spec.hidden_information:
        return None  # nothing is hidden: a resample is the same state
    for viewer in range(previous.game.num_players):
        seen = after.fingerprint(viewer)
        for i in range(RESAMPLES):
            world = previous.resample(viewer, Rng(derive_seed(previous.seed, "undo", viewer, i)))
            if not world.is_legal(action, acting):
                continue
            world.apply(action, acting)
            if world.fingerprint(viewer) != seen:
                return viewer
    return None


def undo_last(state: State, seat: int, before: State | None = None) -> State:
    """The state before ``seat``'s last action, or :class:`IllegalAction` naming why not.
    ``before``: that state when the caller has it (rebuilt from a snapshot, see
    :mod:`.snapshots`); otherwise it is replayed from the start."""
    if state.is_terminal():
        # the record (seed and every action) is public once a game ends: reopening it would let
        # a player replay the end knowing everything
        raise IllegalAction(f"{state.game.name}: the game is over; a finished game stays finished")
    node = state._history
    if node is None:
        raise IllegalAction(f"{state.game.name}: nothing to undo")
    last_seat, last_action = node.seat, node.action
    if last_seat != seat:
        raise IllegalAction(
            f"{state.game.name}: the last action was {state.seat_name(last_seat)}'s; "
            f"{state.seat_name(seat)} can only undo its own last action"
        )
    if before is not None:
        if before.num_actions() != node.length - 1:
            raise ValueError("undo_last: 'before' is not the state before the last action")
        previous = before.clone()
    else:
        previous = state.game.new_state(state.seed)
        for s, a in state.history()[:-1]:
            previous.apply(a, s)
    decision = previous.prompt()
    if not previous.undoable():
        raise IllegalAction(
            f"{state.game.name}: {last_action} cannot be undone: a {decision.kind!r} decision "
            "is final once made"
        )
    if decision.commit and last_action != WITHDRAW and decision.seats == (seat,):
        raise IllegalAction(
            f"{state.game.name}: {last_action} cannot be undone: it revealed hidden information "
            "(the last choice of a simultaneous decision revealed everyone's choices)"
        )
    if previous.rng != state.rng:
        raise IllegalAction(
            f"{state.game.name}: {last_action} cannot be undone: it drew something at random"
        )
    facedown = {pool: piles.size(p) for pool, p in previous.facedown_piles().items()}
    zoned = previous.data.get(ZONES) or state.data.get(ZONES) or facedown
    if zoned and not previous.hidden_outside_zones():
        now = {pool: piles.size(p) for pool, p in state.facedown_piles().items()}
        viewer = learnt(previous.data, state.data, state.game.num_players, facedown, now)
    else:
        viewer = _revealed_to(previous, state, seat, last_seat)
    if viewer is not None:
        raise IllegalAction(
            f"{state.game.name}: {last_action} cannot be undone: it revealed hidden information"
            + (" to the spectators" if viewer == -1 else f" to {state.seat_name(viewer)}")
        )
    reason = previous.undo_blocked(seat, last_action)
    if reason:
        raise IllegalAction(f"{state.game.name}: {last_action} cannot be undone: {reason}")
    return previous
