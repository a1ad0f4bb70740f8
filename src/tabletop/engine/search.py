"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every game.

The bot searches from what its seat may know. Each iteration draws a *determinization*: a full
state its seat cannot tell apart from the real one, from ``state.resample(seat, rng)``; that is the
only way the search touches the real state's hidden parts. The determinization also carries a
fresh game RNG, so chance (draws, dice) comes out differently in each iteration ("open chance").
One tree is shared by all determinizations: a node is reached by a sequence of (seat, action)
pairs, its children are the actions seen so far, and selection uses UCB1 over the children that are
legal in the current determinization, counting each child's *availability* (Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", 2012).

Evaluation: a game may offer ``State.evaluate() -> Sequence[float]`` (its spec then says
``provides_evaluation``), one estimate per seat in ``[0, 1]`` of how likely that seat is to win,
computed on the determinization. With it, a playout stops ``rollout`` random actions after the
tree (cut-off rollouts, cheap). Without it, playouts run random actions to the end of the game (at
most ``max_rollout`` of them) and score the outcome.

Parameters (``bot:ismcts?iterations=1000&seconds=0.5``): ``iterations`` per decision (the search
stops early once the most visited action cannot be overtaken), ``seconds`` a time budget per
decision (whichever ends first when both are given), ``c`` the exploration constant, ``rollout``
actions played after the tree before evaluating, ``policy`` a bot of the game that plays them
(random by default; ``own`` names the game's own bot, whatever the game calls it, so one bot
string fits every game), ``prior`` a bot of the game (or ``own``) whose choice, made from this
seat's own view, is tried first and favoured at the root by ``bias / (1 + visits)`` (progressive
bias), ``reuse`` how many iterations share one determinization (each with a fresh game RNG for
chance; resampling a whole game's hidden decks costs more than the rest of an iteration),
``turns`` a cut-off by turns instead of actions: playouts stop where the ``turns``-th next turn
begins (the game's prompt says whose turn it is), so every leaf is scored at the same point of the
turn cycle rather than in the middle of one seat's turn.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from .actions import Action
from .bots import Bot
from .protocol import Game, State
from .rng import Rng

Evaluator = Callable[[], Sequence[float]]

# ``prior=own`` / ``policy=own``: the game's own bot (the first of ``Game.bots()``; random if none)
OWN = "own"
# decisions in one turn after which the search hands the turn to the game's own bot
STUCK = 64


class _Node:
    """A node of the search tree: reached when ``seat`` played the action leading here."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def outcome_values(state: State) -> list[float]:
    """Per seat: 1 shared among the winners of a terminal state, 0 for the others (a game with
    no winner gives everyone ``1 / seats``)."""
    n = state.game.num_players
    winners = state.outcome().winners
    if not winners:
        return [1.0 / n] * n
    share = 1.0 / len(winners)
    return [share if s in winners else 0.0 for s in range(n)]


class ISMCTSBot(Bot):
    """Determinized tree search over what the seat does not know."""

    kind = "ismcts"
    help = "information-set Monte Carlo tree search (?iterations=N&seconds=S&c=C&rollout=R)"
    params: ClassVar[Mapping[str, type]] = {
        "iterations": int,
        "seconds": float,
        "c": float,
        "rollout": int,
        "max_rollout": int,
        "reuse": int,
        "prior": str,
        "bias": float,
        "policy": str,
        "turns": int,
    }

    def __init__(self, game: Game, seat: int, rng: Rng) -> None:
        super().__init__(game, seat, rng)
        self.iterations = 1000
        self.seconds: float | None = None
        self.c = 0.25
        self.rollout = 0
        self.max_rollout = 400
        self.reuse = 4
        self.prior = ""
        self.bias = 0.5
        self.policy = ""
        self.turns = 0
        self.stop_early = True  # benchmarks turn this off to time every iteration
        self.last_iterations = 0
        self.last_rounds = 0  # determinizations of the last decision (one per iteration)
        self._prior_action: Action | None = None
        self._helpers: dict[tuple[str, int], Bot] = {}
        # what this bot chose at each view it has decided from (log lines left out), to break
        # cycles of free actions (take an option, back out, take it again...)
        self._chosen_at: dict[int, list[Action]] = {}
        self._turn = ""  # the turn of the last decision, and how many decisions it has had
        self._same_turn = 0

    def configure(self, **options: Any) -> None:
        for key, value in options.items():
            if key not in self.params:
                raise ValueError(
                    f"bot {self.kind!r} has no parameter {key!r}; known: {', '.join(self.params)}"
                )
            try:
                converted = self.params[key](value)
            except ValueError:
                raise ValueError(
                    f"bot {self.kind!r}: parameter {key!r} must be a "
                    f"{self.params[key].__name__}, got {value!r}"
                ) from None
            if isinstance(converted, str):
                from .bots import bot_kinds

                kinds = sorted(k for k in bot_kinds(self.game) if k != self.kind)
                if converted == OWN:  # the game's own bot, whatever the game calls it
                    converted = next(iter(self.game.bots()), "random")
                if converted and converted not in kinds:
                    raise ValueError(
                        f"bot {self.kind!r}: parameter {key!r} names a bot of the game, one of "
                        f"{', '.join(kinds)} (or {OWN}: the game's own); got {value!r}"
                    )
            elif converted < 0 or (key == "iterations" and converted < 1):
                raise ValueError(f"bot {self.kind!r}: parameter {key!r} is out of range: {value}")
            setattr(self, key, converted)

    def helper(self, kind: str, seat: int) -> Bot:
        """A bot of the game (the prior, or the playout policy) for a seat, on a stream of this
        bot's own."""
        bot = self._helpers.get((kind, seat))
        if bot is None:
            from .bots import make_bot

            bot = make_bot(self.game, kind, seat, self.rng.next64())
            self._helpers[(kind, seat)] = bot
        return bot

    def act(self, state: State) -> Action:
        legal = state.legal_actions(self.seat)
        if not legal:
            raise ValueError(f"seat {self.seat} has nothing to decide now")
        if len(legal) == 1:
            self.last_iterations = self.last_rounds = 0
            return legal[0]
        # the prior bot decides from this seat's own view; the search starts from its choice
        self._prior_action = self.helper(self.prior, self.seat).act(state) if self.prior else None
        root = self.search(state)
        view = state.view(self.seat) or {}
        key = hash(json.dumps({k: v for k, v in view.items() if k != "log"}, sort_keys=True))
        before = self._chosen_at.setdefault(key, [])
        turn = repr(turn_of(state))
        self._same_turn = self._same_turn + 1 if turn == self._turn else 0
        self._turn = turn
        if self._same_turn >= STUCK:
            # this many decisions without the turn moving on (build a piece, take it back, build
            # another, with nothing to tell the options apart): the game's own bot decides
            own = next(iter(self.game.bots()), "random")
            if own != self.kind:
                return self.helper(own, self.seat).act(state)
        candidates = legal
        if len(before) >= 2:  # back at the same view again: no progress; try something else
            candidates = [a for a in legal if a not in before] or legal
        best = max(
            candidates,
            key=lambda a: (
                root.children[a].visits if a in root.children else -1,
                root.children[a].total if a in root.children else 0.0,
            ),
        )
        before.append(best)
        return best

    # ------------------------------------------------------------------ the search
    def search(self, state: State) -> _Node:
        """Run the iterations (or until the time budget is spent) and return the root."""
        root = _Node(self.seat)
        rng = self.rng
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        c = self.c
        me = self.seat
        reuse = max(1, self.reuse)
        base = state
        done = 0
        iterations = self.iterations
        while done < iterations:
            if done and done % 16 == 0 and time.perf_counter() >= (deadline or math.inf):
                break
            # looked at after every iteration: at small budgets (a few dozen iterations with
            # playouts by the game's own bot) this is where the search saves most of its time
            if self.stop_early and deadline is None and self._decided(root, iterations - done):
                break
            if done % reuse == 0:
                base = state.resample(me, rng)
            det = base.clone()
            det.rng = Rng(rng.next64())  # fresh chance for the game's own draws
            path = [root]
            node = root
            # selection and expansion
            while not det.is_terminal():
                seats = det.current_seats()
                seat = me if node is root and me in seats else seats[0]
                legal = det.legal_actions(seat)
                if len(legal) == 1 and node is not root:
                    det.apply(legal[0], seat)  # forced: no decision, no node
                    continue
                children = node.children
                untried = []
                for a in legal:
                    child = children.get(a)
                    if child is None:
                        untried.append(a)
                    else:
                        child.avail += 1
                if untried:
                    prior = self._prior_action if node is root else None
                    if prior is not None and prior in untried:
                        action = prior
                    else:
                        action = untried[rng.below(len(untried))]
                    child = _Node(seat)
                    child.avail = 1
                    children[action] = child
                    det.apply(action, seat)
                    path.append(child)
                    break
                best_score = -math.inf
                action = legal[0]
                prior = self._prior_action if node is root else None
                for a in legal:
                    ch = children[a]
                    score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if a == prior:
                        score += self.bias / (1 + ch.visits)
                    if score > best_score:
                        best_score, action = score, a
                node = children[action]
                det.apply(action, seat)
                path.append(node)
            values = self.playout(det, rng)
            for n in path:
                n.visits += 1
                n.total += values[n.seat]
            done += 1
        self.last_iterations = self.last_rounds = done
        return root

    @staticmethod
    def _decided(root: _Node, remaining: int) -> bool:
        """The most visited root action cannot be overtaken in the iterations left, so more
        search would not change the choice (only with an iteration budget: under a time budget
        the count left is unknown)."""
        visits = sorted((c.visits for c in root.children.values()), reverse=True)
        if len(visits) < 2:
            return False
        return visits[0] - visits[1] > remaining

    def playout(self, det: State, rng: Rng) -> Sequence[float]:
        """Actions from a leaf (random, or the ``policy`` bot's), then the game's evaluation (or
        the outcome). With ``turns``, the playout stops where the ``turns``-th next turn starts
        (the prompt's ``turn``, or its deciding seats where it names no turn), so every leaf is
        evaluated at the same point of the game's cycle; ``max_rollout`` bounds it."""
        evaluate: Evaluator | None = det.evaluate if det.game.spec.provides_evaluation else None
        turns = self.turns if evaluate is not None else 0
        if turns:
            limit = self.max_rollout
        else:
            limit = self.rollout if evaluate is not None else self.max_rollout
        passed = 0
        current = turn_of(det) if turns else None
        for _ in range(limit):
            if det.is_terminal():
                break
            seat = det.current_seats()[0]
            if self.policy:
                det.apply(self.helper(self.policy, seat).act(det), seat)
            else:
                det.apply(rng.choice(det.legal_actions(seat)), seat)
            if turns and not det.is_terminal():
                turn = turn_of(det)
                if turn != current:
                    current = turn
                    passed += 1
                    if passed >= turns:
                        break
        if det.is_terminal():
            return outcome_values(det)
        if evaluate is not None:
            return evaluate()
        n = det.game.num_players
        return [1.0 / n] * n


def turn_of(state: State) -> object:
    """Whose turn it is: the prompt's ``turn``, or its deciding seats where it names none."""
    prompt = state.prompt()
    return prompt.turn if prompt.turn is not None else prompt.seats
