"""A scenario builder for rule tests, so tests read like the rulebook's examples.

Build a state from a compact spec (whatever the game's ``build_state`` accepts: deck orders, hands,
board, resources), script the choices, run to a point, assert:

>>> from tabletop import Action
>>> from tabletop.testing import Scenario
>>> spec = {"seats": [{"pauper": "ognov", "position": "mountain-1"}, {}], "char": "pauper"}
>>> s = Scenario("paupers-ladder", spec, players=2, seed=1)
>>> s.expect("character", seat=0).do("move", to="greyhaven").view(0)["players"][0]["position"]
'greyhaven'
>>> print(s.refuse(Action.of("move", to="swamp-1")))  # doctest: +ELLIPSIS
paupers-ladder: move(to=swamp-1) is not legal ...: you can only move along a bridge...
>>> s.play("pass").expect("turn").options()
[Action(kind='train', args=()), Action(kind='act', args=(('char', 'bird'),))]
>>> s.do("draw")  # doctest: +ELLIPSIS
Traceback (most recent call last):
tabletop.testing.ScenarioError: no legal action(s) match draw {} for seat (0,) at 'turn'; legal:
  train
  act(char=bird)

``do`` picks the one legal action of that kind whose arguments include the given ones, of the
same types (``by=SEAT`` says which seat, when several decide at once); it fails, listing the legal
options, when none or several match (strict: no decision is ever guessed). ``play`` takes the same
steps written as ``"kind key=value ..."``, ``refuse`` returns the reason of a refusal that left
the state exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .engine import Action, Game, IllegalAction, State, load
from .engine.actions import same_value
from .engine.bots import Bot, make_bot
from .engine.harness import ConformanceError, PlayoutReport, random_playout


class ScenarioError(AssertionError):
    """A scripted step that does not fit the state."""


def parse_step(step: str) -> tuple[str, dict[str, Any]]:
    """``"move region=forest-2 pay=1"`` -> ``("move", {"region": "forest-2", "pay": 1})``."""
    kind, *pairs = step.split()
    args: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ScenarioError(f"step {step!r}: expected key=value, got {pair!r}")
        key, raw = pair.split("=", 1)
        value: Any = raw
        if raw.lstrip("-").isdigit():
            value = int(raw)
        elif raw in ("true", "false"):
            value = raw == "true"
        elif raw == "none":
            value = None
        args[key] = value
    return kind, args


class Scenario:
    """A state under test, with scripted steps and readable failures."""

    def __init__(
        self,
        game: str | Game,
        spec: Mapping[str, Any] | None = None,
        *,
        seed: int = 0,
        **params: Any,
    ) -> None:
        self.game = load(game, **params) if isinstance(game, str) else game
        self.state: State = (
            self.game.build_state(spec, seed) if spec is not None else self.game.new_state(seed)
        )

    # -------------------------------------------------------------- looking
    @property
    def data(self) -> dict[str, Any]:
        return self.state.data

    def view(self, seat: int | None) -> dict[str, Any]:
        view = self.state.view(seat)
        assert view is not None
        return view

    def options(self, seat: int | None = None) -> list[Action]:
        return self.state.legal_actions(seat)

    def expect(self, kind: str | None = None, seat: int | None = None) -> Scenario:
        """Assert the prompt's kind (and that ``seat`` is among the deciding seats)."""
        prompt = self.state.prompt()
        if kind is not None and prompt.kind != kind:
            raise ScenarioError(f"expected a {kind!r} decision, the state waits for {prompt}")
        if seat is not None and seat not in prompt.seats:
            raise ScenarioError(f"expected seat {seat} to decide, the state waits for {prompt}")
        return self

    # -------------------------------------------------------------- acting
    def find(self, kind: str, /, by: int | None = None, **args: Any) -> Action:
        """The unique legal action of ``kind`` whose arguments include ``args``, each of the
        same type (``True`` does not match an argument of 1)."""
        seat = by
        legal = self.state.legal_actions(seat)
        want = Action.of(kind, **args).args
        matches = [a for a in legal if a.kind == kind and _includes(a, want)]
        if len(matches) != 1:
            listing = "\n  ".join(str(a) for a in legal) or "(none)"
            what = "no" if not matches else f"{len(matches)}"
            raise ScenarioError(
                f"{what} legal action(s) match {kind} {args} for seat "
                f"{seat if seat is not None else self.state.current_seats()} "
                f"at {self.state.prompt().kind!r}; legal:\n  {listing}"
            )
        return matches[0]

    def do(self, kind: str, /, by: int | None = None, **args: Any) -> Scenario:
        """Play the one legal action of ``kind`` with these arguments (``by``: the seat, needed
        when several seats decide at once)."""
        seat = by
        action = self.find(kind, seat, **args)
        try:
            self.state.apply(action, seat)
        except IllegalAction as exc:  # pragma: no cover - find() only returns legal actions
            raise ScenarioError(str(exc)) from None
        return self

    def play(self, *steps: str, by: int | None = None) -> Scenario:
        """Several ``do`` steps written as ``"kind key=value ..."`` strings."""
        for step in steps:
            kind, args = parse_step(step)
            self.do(kind, by, **args)
        return self

    def refuse(self, action: Action, seat: int | None = None) -> str:
        """Assert the state refuses ``action`` and stays exactly as it was; returns the reason."""
        before = self.state.dumps()
        try:
            self.state.apply(action, seat)
        except IllegalAction as exc:
            if self.state.dumps() != before:
                raise ScenarioError(f"refusing {action} changed the state") from None
            return str(exc)
        raise ScenarioError(f"{action} was accepted, expected a refusal")

    def run_until(
        self,
        done: Callable[[State], bool],
        bots: Mapping[int, Bot | str] | None = None,
        limit: int = 10_000,
    ) -> Scenario:
        """Let bots decide until ``done(state)``. Without bots, any decision before that fails."""
        made: dict[int, Bot] = {}
        for seat, bot in (bots or {}).items():
            made[seat] = (
                make_bot(self.game, bot, seat, self.state.seed) if isinstance(bot, str) else bot
            )
        for _ in range(limit):
            if done(self.state):
                return self
            seats = self.state.current_seats()
            if not seats:
                raise ScenarioError("the game ended before the condition was met")
            seat = seats[0]
            if seat not in made:
                raise ScenarioError(
                    f"unscripted decision: seat {seat} must decide {self.state.prompt().kind!r}"
                )
            self.state.apply(made[seat].act(self.state), seat)
        raise ScenarioError(f"condition not met within {limit} actions")


def _includes(action: Action, want: tuple[tuple[str, Any], ...]) -> bool:
    """Whether ``action`` has every one of these arguments, of the same value and type."""
    have = dict(action.args)
    return all(
        key in have and have[key] == value and same_value(have[key], value) for key, value in want
    )


# A game with hidden information must redraw it: a seat's resampled world differs from the truth
# in at least this share of the harness's draws (every game and mode draws anew in all of them).
RESAMPLE_SHARE = 0.9


def check_game(
    name: str,
    params: Mapping[str, Any],
    seeds: range,
    *,
    deep_every: int = 1,
    through_json: bool = True,
) -> list[PlayoutReport]:
    """A game's conformance test: checked random playouts (``engine/harness.py``) for each
    seed, the same seed giving the same game, and resampling shown to change what is hidden;
    ``through_json``: each also played beside it through its JSON form (the harness's check)."""
    game = load(name, **params)
    reports = []
    for seed in seeds:
        state, report = random_playout(game, seed, deep_every=deep_every, through_json=through_json)
        again, _ = random_playout(game, seed, check=False)
        if again != state:
            raise ConformanceError(f"{name} {params} seed={seed}: same seed gave another game")
        reports.append(report)
    could = sum(r.unknown_could_vary for r in reports)
    if could and not sum(r.unknown_varied for r in reports):
        raise ConformanceError(
            f"{name} {params}: (c) resample never changed anything a seat does not know"
        )
    if game.spec.hidden_information:
        checks = sum(r.resample_checks for r in reports)
        changes = sum(r.resample_changes for r in reports)
        if checks and changes < RESAMPLE_SHARE * checks:
            raise ConformanceError(
                f"{name} {params}: declares hidden information but resample() gave back the "
                f"true hidden state in {checks - changes} of {checks} draws (a seat's world "
                f"must differ in at least {RESAMPLE_SHARE:.0%}), so searches plan on the truth "
                "and the view-leak check proves little"
            )
    return reports
