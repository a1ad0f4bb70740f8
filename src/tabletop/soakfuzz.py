"""The soak's checked random playout: every check of the conformance harness's
:func:`~tabletop.engine.harness.random_playout`, made cheap enough for a million actions.

It plays the same game as ``random_playout`` for the same seed (the same random choices) and
checks the same things at the same steps; what differs is how:

- **nothing is serialised twice.** The harness writes the whole state, its history included, five
  times a deep step (the JSON round trip, and "unchanged" checks before and after the resamples
  and the refused probes), so a long game costs the square of its length. Here the JSON round
  trip reuses the state the through-JSON twin was just rebuilt from when its text is the
  state's own (else it rebuilds one); the history, which only ever grows, is put through JSON
  once, whole, at the end; "unchanged" compares a ``marshal`` snapshot of the data (exact about
  types: ``True`` is not ``1``), the RNG and the history's identity, and only when those bytes
  differ the JSON text (a dict whose keys came back in another order is the same state).
- **views are compared by a cheap fingerprint.** Each view is written as JSON once (that is the
  JSON-safety check); a resampled world's view is compared by ``==`` and its ``marshal`` bytes
  (together as exact as JSON text, at a quarter of its cost) and, only when those disagree, by
  its canonical JSON.
- **each resampled world serves every check that needs one.** The harness draws up to five worlds
  per seat and deep step (the knowledge model's three, the view check's, the count of hidden
  changes); here the knowledge model's first world is also the view check's and the count's.
- **an action's JSON round trip is checked once per process** (by its exact ``repr``: ``True``
  and ``1`` apart), not at every step it is offered again.

:func:`timed_playout` returns the seconds spent on each kind of check as well (``--profile``).
"""

from __future__ import annotations

import json
import marshal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .engine import Action, Game, IllegalAction, Record, State
from .engine.actions import same_args
from .engine.decisions import DecidingState
from .engine.harness import (
    ROUND_TRIPS,
    ConformanceError,
    PlayoutReport,
    check_commitments,
    check_declared,
    check_templates,
    first_difference,
    illegal_probes,
    stored_text,
    through_json_state,
)
from .engine.knowledge import ZONES, knows
from .engine.rng import Rng, derive_seed

# the repr of every action whose JSON round trip this process has checked (bounded)
_ROUND_TRIPPED: set[str] = set()
_ROUND_TRIPPED_MAX = 500_000

Timings = dict[str, float]


class ReplayMismatch(ConformanceError):
    """A finished game's record, replayed from its JSON text, gives another state."""


class _Clock:
    """Seconds per kind of check (nothing when not asked for)."""

    def __init__(self, timings: Timings | None) -> None:
        self.timings = timings

    @contextmanager
    def __call__(self, what: str) -> Iterator[None]:
        if self.timings is None:
            yield
            return
        began = time.perf_counter()
        try:
            yield
        finally:
            self.timings[what] = self.timings.get(what, 0.0) + time.perf_counter() - began


def _fail(game: Game, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name} {game.params} seed={seed} step={step}: {message}")


def _canon(view: Any) -> str:
    return json.dumps(view, sort_keys=True)


def _same_history(a: State, b: State) -> bool:
    """Equal histories, walking only the entries that are not shared (a clone shares them)."""
    x, y = a._history, b._history
    while x is not y:
        if x is None or y is None or x.length != y.length:
            return False
        if x.seat != y.seat or x.action != y.action or not same_args(x.action.args, y.action.args):
            return False
        x, y = x.parent, y.parent
    return True


def _same(a: State, b: State) -> bool:
    """``a == b`` (the same game, seed, RNG, data and history) without listing the histories."""
    return (
        a.game.name == b.game.name
        and a.game.params == b.game.params
        and a.seed == b.seed
        and a.rng == b.rng
        and a.data == b.data
        and _same_history(a, b)
    )


class _Snapshot:
    """What a state is now, to tell later whether a check changed it."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.data = _bytes(state.data)
        self.rng = state.rng.state
        self.history = state._history
        self.seed = state.seed

    def unchanged(self) -> bool:
        s = self.state
        if s.rng.state != self.rng or s._history is not self.history or s.seed != self.seed:
            return False
        if self.data is None:  # pragma: no cover  (game data is JSON: marshal writes it)
            raise TypeError("a state whose data marshal cannot write")
        if _bytes(s.data) == self.data:
            return True
        # the same values with a dict's keys in another order are the same state in JSON
        return _canon(marshal.loads(self.data)) == _canon(s.data)


def _bytes(value: Any) -> bytes | None:
    """``value`` in marshal's version 2, which writes no back-references (so equal values give
    equal bytes however their parts are shared) and keeps ``True``, ``1`` and ``1.0`` apart;
    None for what marshal cannot write."""
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        return None


class _View:
    """A seat's view of the true state: written as JSON once (its JSON-safety), and compared
    with another by ``==`` and its marshal bytes (exact about types), only when those disagree
    by its canonical JSON (dict keys in another order, a tuple for a list)."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.canon = _canon(view)  # raises if it is not JSON-safe
        self.bytes = _bytes(view)

    def same(self, other: Any) -> bool:
        if other == self.view and self.bytes is not None and _bytes(other) == self.bytes:
            return True
        try:
            return _canon(other) == self.canon
        except (TypeError, ValueError):
            return False


def _unknown(state: State, seat: int | None) -> list[tuple[str, int, Any]]:
    return [
        (name, i, item)
        for name, z in sorted((state.data.get(ZONES) or {}).items())
        for i, (item, mask) in enumerate(zip(z["items"], z["known"], strict=True))
        if not knows(mask, seat)
    ]


def timed_playout(
    game: Game, seed: int, *, deep_every: int = 1, timings: Timings | None = None
) -> tuple[State, PlayoutReport]:
    """One random playout of ``game`` from ``seed`` with every check of ``random_playout``
    (``deep_every``: the costlier ones every that many steps, and at the first and the last);
    a :class:`ConformanceError` naming the step at the first one that fails. ``timings``, if
    given, gains the seconds spent per kind of check."""
    return _Playout(game, seed, deep_every, _Clock(timings)).run()


class _Playout:
    def __init__(self, game: Game, seed: int, deep_every: int, clock: _Clock) -> None:
        self.game = game
        self.seed = seed
        self.deep_every = deep_every
        self.clock = clock
        self.rng = Rng(derive_seed(seed, "harness"))
        self.report = PlayoutReport(game.name, dict(game.params), seed)
        self.step = 0

    def fail(self, message: str) -> ConformanceError:
        return _fail(self.game, self.seed, self.step, message)

    def run(self) -> tuple[State, PlayoutReport]:
        game, clock, rng = self.game, self.clock, self.rng
        with clock("play"):
            state = game.new_state(self.seed)
        with clock("through JSON"):
            stored = stored_text(state)
            kept = through_json_state(game, stored, state)
        limit = game.spec.max_actions
        while not state.is_terminal():
            if self.step >= limit:
                raise self.fail(f"game did not end within its bound of {limit} actions")
            deep = self.deep_every > 0 and self.step % self.deep_every == 0
            back = None
            if deep:
                with clock("round trip"):
                    own = stored_text(
                        state
                    )  # the through-JSON twin is the round trip if built from it
                    back = kept if own == stored else through_json_state(game, own, state)
            self.check(state, deep, back)
            with clock("play"):
                seats = state.current_seats()
                seat = seats[rng.below(len(seats))]
                action = rng.choice(state.legal_actions(seat))
                self.report.kinds[action.kind] = self.report.kinds.get(action.kind, 0) + 1
                due = state.prompt().kind
                self.report.decisions[due] = self.report.decisions.get(due, 0) + 1
            if deep:
                with clock("clone"):
                    twin = state.clone()
                    twin.apply(action, seat)
            with clock("play"):
                state.apply(action, seat)
            if deep:
                with clock("clone"):
                    if not _same(twin, state):
                        raise self.fail(f"clone + {action} differs from the original + it")
            with clock("through JSON"):
                kept.apply(Action.from_json(json.loads(json.dumps(action.to_json()))), seat)
                if kept.data != state.data or kept.rng != state.rng:
                    where = first_difference(state.data, kept.data) or (
                        f"the RNG: {state.rng.state} against {kept.rng.state}"
                    )
                    raise self.fail(
                        f"played through its JSON form (as the web store keeps it), {action} by "
                        f"seat {seat} leaves the game otherwise: {where} (in memory against "
                        "through JSON; an order taken from a mapping's order?)"
                    )
                stored = stored_text(kept)
                kept = through_json_state(game, stored, state)
            self.step += 1
        self.check(state, True, None)
        with clock("end"):
            outcome = state.outcome()
            for w in outcome.winners:
                if not 0 <= w < game.num_players:
                    raise self.fail(f"winner {w} is not a seat")
            # the history's JSON round trip, every entry once (the deep steps left it out)
            back = game.state_from_json(json.loads(state.dumps()))
            if back != state:
                raise self.fail("JSON round trip of the whole state (its history) changed it")
            # the record through its JSON text and back, replayed (the harness replays it in
            # memory; the text is what a saved game is)
            text = json.dumps(Record.of(state).to_json())
            if Record.from_json(json.loads(text)).replay() != state:
                raise ReplayMismatch(
                    f"{game.name} {game.params} seed={self.seed}: its record, through JSON "
                    "text and back, replays to another state"
                )
        self.report.actions = self.step
        self.report.terminal = True
        return state, self.report

    # ------------------------------------------------------------------------- one state
    def check(self, state: State, deep: bool, back: State | None) -> None:
        """The harness's ``check_step``, its knowledge and resample checks, on ``state``;
        ``back``: the state rebuilt from its JSON text (the deep checks run with it)."""
        clock = self.clock
        prompt = state.prompt()
        if not prompt.seats:
            with clock("prompt, legal actions"):
                n = self.game.num_players
                if state.legal_actions() or any(state.legal_actions(s) for s in range(n)):
                    raise self.fail("terminal state offers actions")
            return
        with clock("prompt, legal actions"):
            if isinstance(state, DecidingState):
                check_declared(state, self.seed, self.step)
            self.listing(state)
        if not deep or back is None:
            return
        with clock("round trip"):
            self.round_trip(state, back)
        with clock("views"):
            self.views(state)
        with clock("illegal probes"):
            self.refusals(state)
        if prompt.committed:
            with clock("commitments"):
                check_commitments(state, self.seed, self.step)
        with clock("templates"):
            check_templates(state, self.seed, self.step, self.rng)

    def listing(self, state: State) -> None:
        """Each deciding seat has actions, listed once each, the same every time, JSON-safe."""
        for seat in state.prompt().seats:
            if not 0 <= seat < self.game.num_players:
                raise self.fail(f"prompt names seat {seat} out of range")
            legal = state.legal_actions(seat)
            if not legal:
                raise self.fail(
                    f"seat {seat} must decide {state.prompt().kind!r} but has no action"
                )
            if len(set(legal)) != len(legal):
                raise self.fail(f"duplicate legal actions for seat {seat}: {legal}")
            if state.legal_actions(seat) != legal:
                raise self.fail("legal_actions is not deterministic")
            every = max(1, -(-len(legal) // ROUND_TRIPS))
            for a in legal[::every]:
                key = f"{a.kind}\x00{a.args!r}"
                if key in _ROUND_TRIPPED:
                    continue
                if Action.from_json(json.loads(json.dumps(a.to_json()))) != a:
                    raise self.fail(f"action {a} does not round-trip through JSON")
                if len(_ROUND_TRIPPED) >= _ROUND_TRIPPED_MAX:
                    _ROUND_TRIPPED.clear()
                _ROUND_TRIPPED.add(key)

    def round_trip(self, state: State, back: State) -> None:
        """A clone and the JSON form (``back``, or one rebuilt now) are the same state,
        offering the same actions."""
        if not _same(state.clone(), state):
            raise self.fail("clone() is not equal to the state")
        if back.data != state.data or back.rng != state.rng or back.seed != state.seed:
            raise self.fail("JSON round trip changed the state")
        for seat in state.prompt().seats:
            if back.legal_actions(seat) != state.legal_actions(seat):
                raise self.fail("legal actions differ after a JSON round trip")

    def views(self, state: State) -> None:
        """The harness's view checks, knowledge model and count of hidden changes, on one
        resampled world per seat (the knowledge model's first, when the game has zones)."""
        game, rng, step = self.game, self.rng, self.step
        truth = _Snapshot(state)
        seats: list[int | None] = [*range(game.num_players), None]
        views: dict[int | None, _View] = {}
        for seat in seats:
            try:
                views[seat] = _View(state.view(seat))
            except (TypeError, ValueError) as exc:
                raise self.fail(f"view of seat {seat} is not JSON-safe: {exc}") from None
        zones = state.data.get(ZONES) or {}
        for seat in seats:
            who = "the spectator" if seat is None else f"seat {seat}"
            mine = views[seat]
            if zones:
                worlds = [
                    state.resample(seat, rng.spawn("knowledge", step, seat, i)) for i in range(3)
                ]
                self.knowledge(state, seat, mine, worlds)
            else:
                worlds = [state.resample(seat, rng.spawn("resample", step, seat))]
            world = worlds[0]
            if world.rng == state.rng:
                raise self.fail(f"resampled for {who}, the world kept the true RNG (its dice)")
            if not zones and not mine.same(world.view(seat)):
                raise self.fail(f"{who}'s view changed when only hidden things changed")
            if seat is not None and not views[None].same(world.view(None)):
                raise self.fail(
                    f"the spectator's view changed when only things hidden from seat {seat} "
                    "changed (the spectator sees something that is not public)"
                )
            self.playable(world, rng.spawn("playable", step, seat), who)
            if seat is not None and game.spec.hidden_information:
                self.report.resample_checks += 1
                self.report.resample_changes += world.data != state.data
        if not truth.unchanged():
            raise self.fail("resampling changed the state it was drawn from")

    def knowledge(self, state: State, seat: int | None, mine: _View, worlds: list[State]) -> None:
        """(a) views identical across resamples, (b) known items unchanged, (c) unknown items
        vary (counted; judged over the whole playout)."""
        zones = state.data.get(ZONES) or {}
        unknown = _unknown(state, seat)
        pools: dict[str, set[str]] = {}
        for name, _, item in unknown:
            pools.setdefault(zones[name]["pool"], set()).add(repr(item))
        could = any(len(items) > 1 for items in pools.values())
        varied = False
        for world in worlds:
            if not mine.same(world.view(seat)):
                raise self.fail(f"(a) seat {seat}'s view changed under resample")
            wz = world.data.get(ZONES) or {}
            for name, z in zones.items():
                for j, (item, mask) in enumerate(zip(z["items"], z["known"], strict=True)):
                    if knows(mask, seat) and wz[name]["items"][j] != item:
                        raise self.fail(
                            f"(b) resample for seat {seat} changed {name}[{j}], which it knows"
                        )
            if _unknown(world, seat) != unknown:
                varied = True
        if could:
            self.report.unknown_could_vary += 1
            self.report.unknown_varied += varied

    def playable(self, world: State, rng: Rng, who: str) -> None:
        """A resampled world is a game that can go on: each deciding seat has actions, and one
        of them applies."""
        together = world.clone() if world.prompt().commit else None
        for seat in world.prompt().seats:
            legal = world.legal_actions(seat)
            if not legal:
                raise self.fail(f"resampled for {who}: seat {seat} has no action")
            twin = together if together is not None else world.clone()
            action = rng.choice(twin.legal_actions(seat) if together is not None else legal)
            try:
                twin.apply(action, seat)
            except Exception as exc:
                raise self.fail(
                    f"resampled for {who}: {action} by seat {seat} fails ({exc!r}); resample() "
                    "left the hidden things inconsistent"
                ) from None

    def refusals(self, state: State) -> None:
        """A bogus action, a seat out of turn and every illegal probe are refused with
        IllegalAction, and leave the state as it was."""
        game, prompt = self.game, state.prompt()
        before = _Snapshot(state)
        try:
            state.apply(Action.of("__no_such_action__"), prompt.seats[0])
        except IllegalAction:
            pass
        else:
            raise self.fail("a bogus action was accepted")
        outsiders = [
            s
            for s in range(game.num_players)
            if s not in prompt.seats and s not in prompt.committed
        ]
        if outsiders:
            try:
                state.apply(state.legal_actions(prompt.seats[0])[0], outsiders[0])
            except IllegalAction:
                pass
            else:
                raise self.fail(f"seat {outsiders[0]} acted out of turn")
        probed = prompt.seats[0]
        legal = state.legal_actions(probed)
        offered = set(legal)
        probing = self.rng.spawn("probe", self.step)
        for probe in illegal_probes(legal[probing.below(len(legal))], probing):
            if probe in offered and any(
                a == probe and same_args(a.args, probe.args) for a in legal
            ):
                continue
            try:
                state.apply(probe, probed)
            except IllegalAction:
                pass
            except Exception as exc:
                raise self.fail(
                    f"{probe} by seat {probed} raised {exc!r}, not IllegalAction"
                ) from None
            else:
                raise self.fail(f"{probe} (not offered) was accepted")
        if not before.unchanged():
            raise self.fail("a refused action changed the state")
