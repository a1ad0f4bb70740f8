"""The conformance harness: random playouts of a game with the protocol checked at every step.

Checks (after OpenSpiel's RandomSimTest and PettingZoo's api/seed tests):
- legal actions are non-empty unless the state is terminal, unique, and in a deterministic order;
- ``clone()`` then the same action gives equal states;
- a JSON round trip (through text) gives an equal state;
- replaying the record gives the same state;
- a state resampled for a seat (its hidden parts redrawn) gives that seat an identical view, so
  states that differ only in others' secrets look the same to it; and resampling really changes
  hidden things in hidden-information games;
- every view is JSON-safe; an illegal action or a wrong seat is refused and changes nothing;
- in a simultaneous decision, changing a seat's commitment changes no other seat's view (it is
  hidden), and withdrawing then committing it again gives the same state;
- a templated decision: every legal action fits a template, checking one action alone
  (``is_legal``) agrees with the full list for random combinations of the templates' domains,
  and the game's own random draw (``State._draw``), where it has one, is a legal action;
- the knowledge model (games with zones), for every seat and the spectator: (a) the view is
  identical across resamples, (b) every item the seat knows stays where it is, (c) what it does
  not know does vary over the resamples of a playout;
- a game whose decisions are declared (:mod:`.decisions`): every prompt names a declared kind,
  every legal action is of a kind its decision offers, and the reached kinds are counted
  (``PlayoutReport.decisions``) so a test can prove every declared kind is reached;
- the game ends within its declared bound; the same seed gives the same game;
- played beside it through its JSON form (``dumps()`` then ``from_json`` before every action, as
  the web store keeps a game), the game goes on the same: data (its log too) and RNG equal
  after every action, so nothing the rules derive depends on the order of a mapping that the
  JSON form's sorted keys change.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, same_args
from .decisions import DecidingState
from .errors import IllegalAction
from .knowledge import ZONES, knows
from .protocol import ENGINE_VERSION, WITHDRAW, Game, State
from .records import Record
from .rng import Rng, derive_seed

ROUND_TRIPS = 256  # legal actions of one seat put through JSON at most, evenly spread


class ConformanceError(AssertionError):
    """A protocol rule broken by a game, with where it happened."""


@dataclass
class PlayoutReport:
    game: str
    params: dict[str, Any]
    seed: int
    actions: int = 0
    terminal: bool = False
    resample_changes: int = 0
    resample_checks: int = 0
    unknown_could_vary: int = 0
    unknown_varied: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)


def _fail(game: Game, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name} {game.params} seed={seed} step={step}: {message}")


def _canon(view: Any) -> str:
    return json.dumps(view, sort_keys=True)


def _unknown(state: State, seat: int | None) -> list[tuple[str, int, Any]]:
    return [
        (name, i, item)
        for name, z in sorted((state.data.get(ZONES) or {}).items())
        for i, (item, mask) in enumerate(zip(z["items"], z["known"], strict=True))
        if not knows(mask, seat)
    ]


def check_knowledge(
    state: State, seed: int, step: int, rng: Rng, report: PlayoutReport | None = None
) -> None:
    """(a) views identical across resamples, (b) known items unchanged, (c) unknown items vary
    (counted in the report; judged over the whole playout)."""
    game = state.game
    zones = state.data.get(ZONES) or {}
    for seat in [*range(game.num_players), None]:
        canon = _canon(state.view(seat))
        unknown = _unknown(state, seat)
        pools: dict[str, set[str]] = {}
        for name, _, item in unknown:
            pools.setdefault(zones[name]["pool"], set()).add(repr(item))
        could = any(len(items) > 1 for items in pools.values())
        varied = False
        for i in range(3):
            world = state.resample(seat, rng.spawn("knowledge", step, seat, i))
            if _canon(world.view(seat)) != canon:
                raise _fail(game, seed, step, f"(a) seat {seat}'s view changed under resample")
            wz = world.data.get(ZONES) or {}
            for name, z in zones.items():
                for j, (item, mask) in enumerate(zip(z["items"], z["known"], strict=True)):
                    if knows(mask, seat) and wz[name]["items"][j] != item:
                        raise _fail(
                            game,
                            seed,
                            step,
                            f"(b) resample for seat {seat} changed {name}[{j}], which it knows",
                        )
            if _unknown(world, seat) != unknown:
                varied = True
        if report is not None and could:
            report.unknown_could_vary += 1
            report.unknown_varied += varied


def check_templates(state: State, seed: int, step: int, rng: Rng) -> None:
    """Legal actions fit the templates; one action's check agrees with the full list."""
    game = state.game
    rng = rng.spawn("templates", step)  # (the playout's own stream must not move)
    for seat in state.prompt().seats:
        templates = state.templates(seat)
        if templates is None:
            continue
        legal = set(state.legal_actions(seat))
        for a in legal:
            if not any(t.admits(a) for t in templates):
                raise _fail(game, seed, step, f"legal action {a} fits none of the templates")
        for _ in range(5):  # the game's own draw (State._draw), where it has one, is legal
            drawn = state._draw(seat, rng)
            if drawn is not None and drawn not in legal:
                raise _fail(game, seed, step, f"the game's draw {drawn} is not a legal action")
        json.dumps([t.to_json() for t in templates])
        for t in templates:
            if not t.params:
                continue
            for _ in range(20):
                values = {p.name: p.domain[rng.below(len(p.domain))] for p in t.params if p.domain}
                if len(values) != len(t.params):
                    break
                a = t.action(**values)
                if state.is_legal(a, seat) != (a in legal):
                    raise _fail(
                        game, seed, step, f"is_legal({a}) disagrees with the list of legal actions"
                    )


def check_declared(state: State, seed: int, step: int) -> None:
    """The decision now due is declared, and every legal action is of a kind it offers."""
    if not isinstance(state, DecidingState):
        return
    game = state.game
    prompt = state.prompt()
    if prompt.kind not in state.decisions:
        raise _fail(game, seed, step, f"prompt kind {prompt.kind!r} is not a declared decision")
    offers = state.decisions[prompt.kind].offers
    for seat in prompt.seats if offers else ():
        for a in state.legal_actions(seat):
            if a.kind not in offers:
                raise _fail(
                    game,
                    seed,
                    step,
                    f"{a} is offered at {prompt.kind!r}, which declares only {list(offers)}",
                )


def check_step(state: State, seed: int, step: int, rng: Rng, deep: bool) -> None:
    """Protocol checks on one state (``deep`` adds the costlier ones)."""
    game = state.game
    prompt = state.prompt()
    if not prompt.seats:
        if state.legal_actions() or any(state.legal_actions(s) for s in range(game.num_players)):
            raise _fail(game, seed, step, "terminal state offers actions")
        return
    check_declared(state, seed, step)
    _check_listing(state, seed, step)
    if not deep:
        return
    _check_round_trips(state, seed, step)
    _check_views(state, seed, step, rng)
    _check_refusals(state, seed, step, rng)
    if prompt.committed:
        check_commitments(state, seed, step)
    check_templates(state, seed, step, rng)


def _check_listing(state: State, seed: int, step: int) -> None:
    """Each deciding seat has actions, listed once each, the same every time, JSON-safe."""
    game = state.game
    prompt = state.prompt()
    for seat in prompt.seats:
        if not 0 <= seat < game.num_players:
            raise _fail(game, seed, step, f"prompt names seat {seat} out of range")
        legal = state.legal_actions(seat)
        if not legal:
            raise _fail(
                game, seed, step, f"seat {seat} must decide {prompt.kind!r} but has no action"
            )
        if len(set(legal)) != len(legal):
            raise _fail(game, seed, step, f"duplicate legal actions for seat {seat}: {legal}")
        if state.legal_actions(seat) != legal:
            raise _fail(game, seed, step, "legal_actions is not deterministic")
        # a decision of thousands of actions (a templated Deployment): an even sample of them
        every = max(1, -(-len(legal) // ROUND_TRIPS))
        for a in legal[::every]:
            if Action.from_json(json.loads(json.dumps(a.to_json()))) != a:
                raise _fail(game, seed, step, f"action {a} does not round-trip through JSON")


def _check_round_trips(state: State, seed: int, step: int) -> None:
    """A clone and the JSON form are the same state, offering the same actions."""
    game = state.game
    prompt = state.prompt()
    twin = state.clone()
    if twin != state:
        raise _fail(game, seed, step, "clone() is not equal to the state")
    text = state.dumps()
    back = game.state_from_json(json.loads(text))
    if back != state:
        raise _fail(game, seed, step, "JSON round trip changed the state")
    for seat in prompt.seats:
        if back.legal_actions(seat) != state.legal_actions(seat):
            raise _fail(game, seed, step, "legal actions differ after a JSON round trip")


def _check_views(state: State, seed: int, step: int, rng: Rng) -> None:
    """Views are JSON-safe and unchanged by resampling what the seat cannot see. The spectator
    (seat None) is checked like a seat, and since it sees only what is public, its view must
    also survive resampling for any seat. A resampled world must be a game that can go on, with
    dice of its own, and drawing it leaves the truth as it was."""
    game = state.game
    spectator = _canon(state.view(None))
    truth = state.dumps()
    for seat in [*range(game.num_players), None]:
        view = state.view(seat)
        try:
            canon = _canon(view)
        except (TypeError, ValueError) as exc:
            raise _fail(game, seed, step, f"view of seat {seat} is not JSON-safe: {exc}") from None
        other = state.resample(seat, rng.spawn("resample", step, seat))
        who = "the spectator" if seat is None else f"seat {seat}"
        if other.rng == state.rng:
            raise _fail(
                game, seed, step, f"resampled for {who}, the world kept the true RNG (its dice)"
            )
        if _canon(other.view(seat)) != canon:
            raise _fail(game, seed, step, f"{who}'s view changed when only hidden things changed")
        if seat is not None and _canon(other.view(None)) != spectator:
            raise _fail(
                game,
                seed,
                step,
                f"the spectator's view changed when only things hidden from seat {seat} changed"
                " (the spectator sees something that is not public)",
            )
        _check_playable(other, seed, step, rng.spawn("playable", step, seat), who)
    if state.dumps() != truth:
        raise _fail(game, seed, step, "resampling changed the state it was drawn from")


def _check_refusals(state: State, seed: int, step: int, rng: Rng) -> None:
    """A bogus action, a seat out of turn and every illegal probe are refused with
    IllegalAction, and leave the state as it was."""
    game = state.game
    prompt = state.prompt()
    before = state.dumps()
    bogus = Action.of("__no_such_action__")
    try:
        state.apply(bogus, prompt.seats[0])
    except IllegalAction:
        pass
    else:
        raise _fail(game, seed, step, "a bogus action was accepted")
    outsiders = [
        s for s in range(game.num_players) if s not in prompt.seats and s not in prompt.committed
    ]
    if outsiders:
        try:
            state.apply(state.legal_actions(prompt.seats[0])[0], outsiders[0])
        except IllegalAction:
            pass
        else:
            raise _fail(game, seed, step, f"seat {outsiders[0]} acted out of turn")
    probed = prompt.seats[0]
    legal = state.legal_actions(probed)
    offered = set(legal)
    probing = rng.spawn("probe", step)  # its own stream: a checked playout plays the same game
    for probe in illegal_probes(legal[probing.below(len(legal))], probing):
        if probe in offered and any(
            a == probe and same_args(a.args, probe.args) for a in legal
        ):  # ``in`` alone takes True for 1
            continue
        try:
            state.apply(probe, probed)
        except IllegalAction:
            pass
        except Exception as exc:  # a game's code reached with what it was never offered
            raise _fail(
                game, seed, step, f"{probe} by seat {probed} raised {exc!r}, not IllegalAction"
            ) from None
        else:
            raise _fail(game, seed, step, f"{probe} (not offered) was accepted")
    if state.dumps() != before:
        raise _fail(game, seed, step, "a refused action changed the state")


def illegal_probes(action: Action, rng: Rng) -> list[Action]:
    """Actions a client may send that no decision offers, made from a legal one: one argument
    of the wrong type (a bool for a number, a number for a bool, a list for a string, a string
    for a number), out of its domain (an unknown name, a number far out of range), an argument
    too many, and each argument missing. Each must be refused with ``IllegalAction``."""
    args = dict(action.args)
    out = [Action.of(action.kind, **args, __extra__=1)]
    if not args:
        return out
    keys = sorted(args)
    key = keys[rng.below(len(keys))]
    value = args[key]
    if isinstance(value, bool):
        wrong: list[Any] = [int(value), str(value).lower()]
    elif isinstance(value, int):
        wrong = [value == 1, str(value), 10**12, -(10**12)]
    elif isinstance(value, str):
        wrong = [[value], 1, True, value + "__no_such__"]
    else:
        wrong = [str(value), 1]
    out += [Action.of(action.kind, **{**args, key: w}) for w in wrong]
    out += [Action.of(action.kind, **{k: v for k, v in args.items() if k != key})]
    return out


def check_commitments(state: State, seed: int, step: int) -> None:
    """A pending commitment is hidden from the other seats, may be changed, and withdrawing it
    then committing it again leaves the game as it was."""
    game = state.game
    prompt = state.prompt()
    seat = prompt.committed[0]
    mine = state.commitment(seat)
    assert mine is not None
    others = [s for s in [*range(game.num_players), None] if s != seat]
    seen = {s: state.fingerprint(s) for s in others}
    for option in state.legal_actions(seat):
        if option in (mine, WITHDRAW):
            continue
        changed = state.clone()
        changed.apply(option, seat)
        if changed.commitment(seat) != option:
            raise _fail(game, seed, step, f"seat {seat} could not change its commitment")
        for s in others:
            if changed.fingerprint(s) != seen[s]:
                raise _fail(
                    game, seed, step, f"seat {s} can see seat {seat}'s pending commitment change"
                )
        break
    again = state.clone()
    again.apply(WITHDRAW, seat)
    if seat not in again.prompt().seats or again.commitment(seat) is not None:
        raise _fail(game, seed, step, f"seat {seat} could not withdraw its commitment")
    again.apply(mine, seat)
    if again.data != state.data or again.rng != state.rng:
        raise _fail(game, seed, step, "withdrawing and committing again changed the game")


def _check_playable(world: State, seed: int, step: int, rng: Rng, who: str) -> None:
    """A world resampled for ``who`` must still be a consistent game: each deciding seat has
    actions, and one of them applies (a resample that redraws hidden cards but leaves a pending
    choice listing the old ones is caught here)."""
    game = world.game
    # in a simultaneous decision every waiting seat commits, so the reveal runs the rules too
    together = world.clone() if world.prompt().commit else None
    for seat in world.prompt().seats:
        legal = world.legal_actions(seat)
        if not legal:
            raise _fail(game, seed, step, f"resampled for {who}: seat {seat} has no action")
        twin = together if together is not None else world.clone()
        action = rng.choice(twin.legal_actions(seat) if together is not None else legal)
        try:
            twin.apply(action, seat)
        except Exception as exc:
            raise _fail(
                game,
                seed,
                step,
                f"resampled for {who}: {action} by seat {seat} fails ({exc!r}); resample() left "
                "the hidden things inconsistent",
            ) from None


def first_difference(a: Any, b: Any, path: str = "data") -> str | None:
    """Where two JSON-like values first differ (``data['log'][3]``), or None when equal."""
    if type(a) is not type(b):
        return f"{path}: {_brief(a)} against {_brief(b)}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=repr):
            if key not in a or key not in b:
                return f"{path}[{key!r}] is only in {'the first' if key in a else 'the second'}"
            found = first_difference(a[key], b[key], f"{path}[{key!r}]")
            if found:
                return found
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        if len(a) != len(b):
            return f"{path}: {len(a)} items against {len(b)}"
        return None
    return None if a == b else f"{path}: {_brief(a)} against {_brief(b)}"


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:120] + "..."


def stored_text(state: State) -> str:
    """``state.dumps()`` without the history (sorted keys, as the web store writes a game):
    the history is the same actions either way, and writing it out at every step of a long
    playout would cost the square of its length."""
    blob = {
        "engine": ENGINE_VERSION,
        "game": state.game.name,
        "params": dict(state.game.params),
        "seed": state.seed,
        "rng": state.rng.state,
        "data": state.data,
    }
    return json.dumps(blob, sort_keys=True)


def through_json_state(game: Game, text: str, like: State) -> State:
    """A state as the web store has it: rebuilt from its JSON text (by ``from_json``, the
    game's upgrade of saved data included), with the history of ``like``."""
    kept = game.state_from_json(json.loads(text))
    kept._history = like._history
    return kept


def random_playout(
    game: Game,
    seed: int,
    *,
    deep_every: int = 1,
    check: bool = True,
    through_json: bool | None = None,
) -> tuple[State, PlayoutReport]:
    """Play one game with uniformly random legal actions, checking the protocol as it goes.
    ``through_json`` (by default as ``check``): play it at once through its JSON form too,
    rebuilt from ``dumps()`` before every action as the web store does, and compare data, log
    and RNG after every action (alone, with ``check=False``, the cheapest check of it)."""
    state = game.new_state(seed)
    stored = stored_text(state) if (check if through_json is None else through_json) else None
    rng = Rng(derive_seed(seed, "harness"))
    report = PlayoutReport(game.name, dict(game.params), seed)
    limit = game.spec.max_actions
    step = 0
    while not state.is_terminal():
        if step >= limit:
            raise _fail(game, seed, step, f"game did not end within its bound of {limit} actions")
        deep = check and deep_every > 0 and step % deep_every == 0
        if check:
            check_step(state, seed, step, rng, deep)
            if deep and state.data.get(ZONES):
                check_knowledge(state, seed, step, rng, report)
            if deep and game.spec.hidden_information:
                for seat in range(game.num_players):
                    world = state.resample(seat, rng.spawn("diff", step, seat))
                    report.resample_checks += 1
                    report.resample_changes += world.data != state.data
        seats = state.current_seats()
        seat = seats[rng.below(len(seats))]
        action = rng.choice(state.legal_actions(seat))
        kept = through_json_state(game, stored, state) if stored is not None else None
        report.kinds[action.kind] = report.kinds.get(action.kind, 0) + 1
        due = state.prompt().kind
        report.decisions[due] = report.decisions.get(due, 0) + 1
        if deep:
            twin = state.clone()
            twin.apply(action, seat)
            state.apply(action, seat)
            if twin != state:
                raise _fail(game, seed, step, f"clone + {action} differs from the original + it")
        else:
            state.apply(action, seat)
        if kept is not None:
            kept.apply(Action.from_json(json.loads(json.dumps(action.to_json()))), seat)
            if kept.data != state.data or kept.rng != state.rng:
                where = first_difference(state.data, kept.data) or (
                    f"the RNG: {state.rng.state} against {kept.rng.state}"
                )
                raise _fail(
                    game,
                    seed,
                    step,
                    f"played through its JSON form (as the web store keeps it), {action} by "
                    f"seat {seat} leaves the game otherwise: {where} (in memory against "
                    "through JSON; an order taken from a mapping's order?)",
                )
            stored = stored_text(kept)
        step += 1
    if check:
        check_step(state, seed, step, rng, True)
        outcome = state.outcome()
        for w in outcome.winners:
            if not 0 <= w < game.num_players:
                raise _fail(game, seed, step, f"winner {w} is not a seat")
        replayed = Record.of(state).replay()
        if replayed != state:
            raise _fail(game, seed, step, "replaying the record does not give the same state")
    report.actions = step
    report.terminal = True
    return state, report
