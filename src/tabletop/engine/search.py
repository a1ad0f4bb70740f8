# Over 600 lines: the ismcts bot's two methods, its budget and its determinizations.
"""Search bots for every game: determinized search over what the bot's seat may know.

The bot searches from what its seat may know. Every playout starts from a *determinization*: a
full state its seat cannot tell apart from the real one, from ``state.resample(seat, rng)``; that
is the only way the search touches the real state's hidden parts. The determinization also carries
a fresh game RNG, so chance (draws, dice) comes out differently from one determinization to the
next ("open chance").

Two methods (``method=``):

``paired`` (the default for a game with a bot of its own): a policy-improvement search over the
game's own bot. The bot's seat first asks its own copy of the game's bot (the *prior*, fed every
real decision, so a bot that plans ahead keeps its plan) what it would do; the candidates are that
action and up to ``width - 1`` others. Each iteration draws one determinization and plays *every*
candidate still in the race on it, with the same chance and the same bots (common random numbers:
the candidates are compared on the same deals and dice, so a difference comes from the action, not
from luck). After the candidate the game's own bot plays every seat for ``horizon`` actions per
seat (or ``rollout`` actions, or to where the ``turns``-th next turn begins), then the game's
``State.evaluate()`` scores the position (a game without an evaluation is played to its end and
scored by the outcome). A candidate whose paired gain over the prior is clearly negative leaves the
race (``mean + standard error < 0``); the search ends when only the prior is left. The bot plays
another candidate only when, over at least :data:`PAIRS` determinizations, its mean gain exceeds
:func:`bar` standard errors of the paired differences: ``z`` taken as a one-sided normal level,
made stricter for the number of candidates compared with the prior (the best of several noisy
gains looks better than any one of them) and for the few pairs the standard error comes from
(Student's t). A noisy search therefore keeps the prior's choice rather than a lucky rival.

In a simultaneous decision the other seats' pending commitments are redrawn by ``resample`` among
their options; the search then has each of them re-decided by that seat's copy of the game's bot
from what that seat sees in the determinization, so the opponents it plays against choose as the
game's bot would rather than at random.

``tree`` (the default for a game without a bot of its own): single-observer information-set Monte
Carlo tree search (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
2012). One tree is shared by all determinizations: a node is reached by a sequence of (seat,
action) pairs, its children are the actions seen so far, and selection uses UCB1 over the children
legal in the current determinization, counting each child's *availability*. Its parameters: ``c``
the exploration constant, ``bias`` the weight of the prior's favour at the root (progressive bias),
``reuse`` how many iterations share one determinization, ``max_rollout``; the search stops early
once the most visited action cannot be overtaken.

Parameters common to both (``bot:ismcts?iterations=8&width=4``): ``iterations`` (paired: the
determinizations, each playing every candidate left; tree: the iterations), ``seconds`` a time
budget per decision in wall seconds, whichever ends first (paired: 0.8 by default, and a
determinization is begun only if one more of the average length so far fits), ``prior`` and
``policy`` bots of the game (``own``: the game's own bot, whatever the game calls it, so one bot
string fits every game), ``horizon``, ``rollout`` and ``turns`` the playout's length.
"""

from __future__ import annotations

import copy
import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from statistics import NormalDist
from typing import Any, ClassVar

from .actions import Action
from .bots import Bot, bot_kinds, engine_bot, make_bot
from .errors import IllegalAction
from .protocol import COMMITS, Game, State
from .rng import Rng, derive_seed

Evaluator = Callable[[], Sequence[float]]

# ``prior=own`` / ``policy=own``: the game's own bot (the first of ``Game.bots()``; random if none)
OWN = "own"
# returns to a view already decided from, in one turn, after which the search hands the turn to
# the game's own bot (a solo game's turn never changes hands: counting every decision would hand
# the whole game over after this many)
STUCK = 64
# paired determinizations a candidate needs before the bot may play it instead of the prior's
PAIRS = 3
PAIRED = "paired"
TREE = "tree"
METHODS = (PAIRED, TREE)
# each method's defaults (the parameters not listed have one default for both)
DEFAULTS: Mapping[str, Mapping[str, Any]] = {
    PAIRED: {"iterations": 8, "prior": OWN, "policy": OWN, "horizon": 12, "seconds": 0.8},
    TREE: {"iterations": 1000, "prior": "", "policy": "", "horizon": 0, "seconds": None},
}
# the parameters that name a bot of the game
BOT_PARAMETERS = frozenset({"prior", "policy"})


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


def _plain_copy(value: Any) -> Any:
    """A copy of the plain containers in ``value`` (dicts, lists, sets, tuples), sharing every
    other object (content, the game): a bot's plan copied, its static data not."""
    if isinstance(value, dict):
        return {k: _plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_plain_copy(v) for v in value)
    if isinstance(value, set):
        return {_plain_copy(v) for v in value}
    return value


def fork(bot: Bot, seed: int) -> Bot:
    """A copy of ``bot`` whose plans (any plain data it keeps between decisions) are its own and
    whose random stream starts at ``seed``: playouts change the copy, never the bot."""
    twin = copy.copy(bot)
    for key, value in vars(bot).items():
        if isinstance(value, dict | list | tuple | set):
            setattr(twin, key, _plain_copy(value))
    twin.rng = Rng(seed)
    return twin


def paired_gain(
    values: Sequence[float | None], base: Sequence[float | None]
) -> tuple[float, float, int]:
    """The mean of the paired differences ``values - base`` (iterations where both were played),
    its standard error, and the number of pairs (a standard error of ``inf`` below two)."""
    diffs = [v - b for v, b in zip(values, base, strict=True) if v is not None and b is not None]
    n = len(diffs)
    if n == 0:
        return 0.0, math.inf, 0
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf, n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n), n


@engine_bot
class ISMCTSBot(Bot):
    """Determinized search over what the seat does not know (see the module's docstring)."""

    kind = "ismcts"
    help = (
        "search over what its seat may know, improving on the game's own bot "
        "(?iterations=N&width=K&horizon=H&seconds=S; method=tree for ISMCTS's tree)"
    )
    params: ClassVar[Mapping[str, type]] = {
        "method": str,
        "iterations": int,
        "seconds": float,
        "width": int,
        "horizon": int,
        "z": float,
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
        self.method = PAIRED
        self.iterations = 8
        self.seconds: float | None = None
        self.width = 4
        self.horizon = 12
        self.z = 1.0
        self.c = 0.25
        self.rollout = 0
        self.max_rollout = 400
        self.reuse = 4
        self.prior = ""
        self.bias = 0.5
        self.policy = ""
        self.turns = 0
        # the paired search improves on the game's own bot; a game without one gets the tree
        self._defaults(PAIRED if self._own() != "random" else TREE)
        self.stop_early = True  # benchmarks turn this off to time every iteration
        self.last_iterations = 0  # playouts of the last decision (tree: iterations)
        self.last_rounds = 0  # determinizations of the last decision
        self._prior_action: Action | None = None
        self._prior_bot: Bot | None = None  # this seat's own copy of the prior, fed every decision
        self._helpers: dict[tuple[str, int], Bot] = {}
        self._templates: dict[tuple[str, int], Bot] = {}
        # what this bot chose at each view it has decided from (log lines left out), to break
        # cycles of free actions (take an option, back out, take it again...)
        self._chosen_at: dict[int, list[Action]] = {}
        self._turn = ""  # the turn of the last decision, and how many decisions it has had
        self._same_turn = 0

    # ------------------------------------------------------------------ parameters
    def _own(self) -> str:
        return next(iter(self.game.bots()), "random")

    def _defaults(self, method: str) -> None:
        for key, value in DEFAULTS[method].items():
            if key in BOT_PARAMETERS and value == OWN:
                own = self._own()
                # a random prior favours nothing: a game without a bot of its own has no prior
                value = "" if key == "prior" and own == "random" else own
            setattr(self, key, value)
        self.method = method

    def configure(self, **options: Any) -> None:
        if "method" in options:
            method = str(options["method"])
            if method not in METHODS:
                raise ValueError(
                    f"bot {self.kind!r}: parameter 'method' must be one of "
                    f"{', '.join(METHODS)}; got {method!r}"
                )
            self._defaults(method)
        for key, value in options.items():
            if key not in self.params:
                raise ValueError(
                    f"bot {self.kind!r} has no parameter {key!r}; known: {', '.join(self.params)}"
                )
            if key == "method":
                continue
            try:
                converted = self.params[key](value)
            except ValueError:
                raise ValueError(
                    f"bot {self.kind!r}: parameter {key!r} must be a "
                    f"{self.params[key].__name__}, got {value!r}"
                ) from None
            if isinstance(converted, str):
                kinds = sorted(k for k in bot_kinds(self.game) if k != self.kind)
                if converted == OWN:  # the game's own bot, whatever the game calls it
                    converted = self._own()
                if converted and converted not in kinds:
                    raise ValueError(
                        f"bot {self.kind!r}: parameter {key!r} names a bot of the game, one of "
                        f"{', '.join(kinds)} (or {OWN}: the game's own); got {value!r}"
                    )
            elif converted < 0 or (key in ("iterations", "width") and converted < 1):
                raise ValueError(f"bot {self.kind!r}: parameter {key!r} is out of range: {value}")
            setattr(self, key, converted)

    def helper(self, kind: str, seat: int) -> Bot:
        """A bot of the game for a seat, on a stream of this bot's own (the tree's playout
        policy; the game's own bot a stuck turn is handed to)."""
        bot = self._helpers.get((kind, seat))
        if bot is None:
            bot = make_bot(self.game, kind, seat, self.rng.next64())
            self._helpers[(kind, seat)] = bot
        return bot

    def _template(self, kind: str, seat: int) -> Bot:
        """The bot every playout's copy of a seat's policy is forked from (never asked itself,
        so it keeps the state a new bot has); for this bot's own seat, its prior when the
        policy is that bot, so the playouts continue the prior's plans."""
        if seat == self.seat and self._prior_bot is not None and kind == self.prior:
            return self._prior_bot
        bot = self._templates.get((kind, seat))
        if bot is None:
            bot = make_bot(self.game, kind, seat, self.rng.next64())
            self._templates[(kind, seat)] = bot
        return bot

    # ------------------------------------------------------------------ deciding
    def act(self, state: State) -> Action:
        legal = state.legal_actions(self.seat)
        if not legal:
            raise ValueError(f"seat {self.seat} has nothing to decide now")
        if len(legal) == 1:
            self.last_iterations = self.last_rounds = 0
            return legal[0]
        view = state.view(self.seat) or {}
        key = hash(json.dumps({k: v for k, v in view.items() if k != "log"}, sort_keys=True))
        turn = repr(turn_of(state))
        if turn != self._turn:
            self._turn, self._same_turn = turn, 0
        elif key in self._chosen_at:
            # back at a view already decided from in this turn; a solo game's turn never
            # changes hands, so only such returns count, not every decision of the turn
            self._same_turn += 1
        if self._same_turn >= STUCK:
            # this many returns without the turn moving on (build a piece, take it back, build
            # another, with nothing to tell the options apart): the game's own bot decides
            own = self._own()
            if own != self.kind:
                self.last_iterations = self.last_rounds = 0
                return self.helper(own, self.seat).act(state)
        # the prior bot decides from this seat's own view; the search starts from its choice
        self._prior_action = None
        if self.prior:
            if self._prior_bot is None:
                self._prior_bot = make_bot(self.game, self.prior, self.seat, self.rng.next64())
            self._prior_action = self._prior_bot.act(state)
        if self.method == TREE:
            root = self.search(state)
            ranked = sorted(
                legal,
                key=lambda a: (
                    root.children[a].visits if a in root.children else -1,
                    root.children[a].total if a in root.children else 0.0,
                ),
                reverse=True,
            )
        else:
            ranked = self.paired(state, legal)
        before = self._chosen_at.setdefault(key, [])
        candidates = legal
        if len(before) >= 2:  # back at the same view again: no progress; try something else
            candidates = [a for a in legal if a not in before] or legal
        chosen = set(candidates)
        best = next((a for a in ranked if a in chosen), candidates[0])
        before.append(best)
        return best

    # ------------------------------------------------------------------ the paired search
    def candidates(self, legal: Sequence[Action], prior: Action | None) -> list[Action]:
        """The prior's action first, then up to ``width - 1`` others (all of them when few;
        else drawn from this bot's stream, without listing more than the decision has)."""
        others = [a for a in legal if a != prior]
        room = self.width - (prior is not None)
        if len(others) > room:
            picked: list[Action] = []
            seen: set[int] = set()
            while len(picked) < room:
                i = self.rng.below(len(others))
                if i not in seen:
                    seen.add(i)
                    picked.append(others[i])
            others = picked
        return ([prior] if prior is not None else []) + others

    def paired(self, state: State, legal: Sequence[Action]) -> list[Action]:
        """The candidates best first: the one to play, then the others by their mean gain (see
        the module's docstring). ``last_iterations`` counts the playouts, ``last_rounds`` the
        determinizations."""
        me = self.seat
        rng = self.rng
        prior = self._prior_action
        cands = self.candidates(legal, prior)
        self.last_iterations = self.last_rounds = 0
        if len(cands) == 1:
            return cands
        started = time.perf_counter()
        deadline = started + self.seconds if self.seconds else None
        values: list[list[float | None]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        kind = self.policy or "random"
        seats = range(self.game.num_players)
        for j in range(self.iterations):
            # another determinization only if one more, as long as the average so far, fits
            if j and deadline is not None:
                now = time.perf_counter()
                if now + (now - started) / j > deadline:
                    break
            world = state.resample(me, rng)
            seed = rng.next64()
            templates = {s: self._template(kind, s) for s in seats}
            self._recommit(world, {s: fork(b, derive_seed(seed, "commit", s)) for s, b in
                                   templates.items()})  # fmt: skip
            chance = derive_seed(seed, "chance")
            for k in range(len(cands)):
                if k not in alive:
                    values[k].append(None)
                    continue
                det = world.clone()
                det.rng = Rng(chance)
                try:
                    det.apply(cands[k], me)
                except IllegalAction:  # not open to this seat in this determinization
                    values[k].append(None)
                    continue
                bots = {s: fork(b, derive_seed(seed, "bot", s)) for s, b in templates.items()}
                values[k].append(self.rollout_values(det, bots)[me])
                self.last_iterations += 1
            self.last_rounds += 1
            if self.stop_early and j >= 1:
                alive = self._race(values, alive, 0 if prior is not None else None)
                if len(alive) == 1:
                    break
        return self._ranking(cands, values, alive, prior is not None)

    def _race(
        self, values: Sequence[Sequence[float | None]], alive: list[int], base: int | None
    ) -> list[int]:
        """The candidates left in the race: those not clearly worse than the prior (without a
        prior, than the best so far) and not equal to it on every determinization so far."""
        ref = base
        if ref is None:
            ref = max(alive, key=lambda k: _mean(values[k]))
        out = []
        for k in alive:
            if k == ref:
                out.append(k)
                continue
            mean, se, n = paired_gain(values[k], values[ref])
            if n >= 2 and mean + se < 0:
                continue
            if n >= 3 and se == 0 and mean == 0:  # the same on every determinization
                continue
            out.append(k)
        return out

    def _ranking(
        self,
        cands: Sequence[Action],
        values: Sequence[Sequence[float | None]],
        alive: Sequence[int],
        has_prior: bool,
    ) -> list[Action]:
        if not has_prior:
            order = sorted(range(len(cands)), key=lambda k: (k in alive, _mean(values[k])),
                           reverse=True)  # fmt: skip
            return [cands[k] for k in order]
        gains = {k: paired_gain(values[k], values[0]) for k in range(1, len(cands))}
        better = [
            k
            for k in alive
            if k
            and gains[k][2] >= PAIRS
            and gains[k][0] > bar(self.z, len(cands) - 1, gains[k][2]) * gains[k][1]
        ]
        first = max(better, key=lambda k: gains[k][0]) if better else 0
        rest = sorted((k for k in range(len(cands)) if k != first),
                      key=lambda k: gains[k][0] if k else 0.0, reverse=True)  # fmt: skip
        return [cands[first]] + [cands[k] for k in rest]

    def _recommit(self, world: State, bots: Mapping[int, Bot]) -> None:
        """In a simultaneous decision this seat has still to make: the other seats' pending
        commitments (redrawn at random by ``resample``) made again by their copies of the
        policy bot, from what each sees in the determinization."""
        commits = world.data.get(COMMITS)
        if not commits or self.seat not in world.prompt().seats:
            return
        others = sorted(int(k) for k in commits if int(k) != self.seat)
        for s in others:
            del commits[str(s)]
        if not commits:
            del world.data[COMMITS]
        world.invalidate()
        for s in others:
            if s in world.current_seats():
                world.apply(bots[s].act(world), s)

    def rollout_values(self, det: State, bots: Mapping[int, Bot]) -> Sequence[float]:
        """The paired search's playout: the bots play every seat from ``det`` for the playout's
        length, then the game's evaluation (or the outcome) scores it."""
        return self._play(det, lambda d, seat: bots[seat].act(d))

    # ------------------------------------------------------------------ the tree search
    def search(self, state: State) -> _Node:
        """Run the tree's iterations (or until the time budget is spent) and return the root."""
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
        """The tree's playout from a leaf: random actions, or the ``policy`` bot's, then the
        game's evaluation (or the outcome)."""
        if self.policy:
            return self._play(det, lambda d, seat: self.helper(self.policy, seat).act(d))
        return self._play(det, lambda d, seat: rng.choice(d.legal_actions(seat)))

    def _play(self, det: State, choose: Callable[[State, int], Action]) -> Sequence[float]:
        """Actions chosen by ``choose`` from ``det`` for the playout's length, then the game's
        evaluation (or the outcome). The length: with an evaluation, ``rollout`` actions, or
        else ``horizon`` actions per seat, or with ``turns`` up to where the ``turns``-th next
        turn starts (the prompt's ``turn``, or its deciding seats where it names no turn), so
        every leaf is evaluated at the same point of the game's cycle; without one, to the end
        (``max_rollout`` bounds every playout)."""
        evaluate: Evaluator | None = det.evaluate if det.game.spec.provides_evaluation else None
        turns = self.turns if evaluate is not None else 0
        if turns or evaluate is None:
            limit = self.max_rollout
        else:
            limit = self.rollout or self.horizon * det.game.num_players
        passed = 0
        current = turn_of(det) if turns else None
        for _ in range(limit):
            if det.is_terminal():
                break
            seat = det.current_seats()[0]
            det.apply(choose(det, seat), seat)
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


def bar(z: float, rivals: int, pairs: int) -> float:
    """How many standard errors a candidate's paired gain must exceed for the bot to play it
    rather than the prior's choice: ``z`` as a one-sided normal level, made stricter for the
    ``rivals`` compared at once (Bonferroni: the best of several noisy gains is larger than
    any one of them) and turned into Student's t for ``pairs`` pairs (their standard error is
    itself estimated from a few; Cornish-Fisher's expansion of the t quantile)."""
    if z <= 0:
        return z
    tail = (1.0 - NormalDist().cdf(z)) / max(1, rivals)
    if tail <= 1e-15:  # beyond what a float tells from certainty: no gain is enough
        return math.inf
    q = NormalDist().inv_cdf(1.0 - tail)
    df = max(1, pairs - 1)
    return (
        q
        + (q**3 + q) / (4 * df)
        + (5 * q**5 + 16 * q**3 + 3 * q) / (96 * df**2)
        + (3 * q**7 + 19 * q**5 + 17 * q**3 - 15 * q) / (384 * df**3)
    )


def _mean(values: Sequence[float | None]) -> float:
    seen = [v for v in values if v is not None]
    return sum(seen) / len(seen) if seen else -math.inf


def turn_of(state: State) -> object:
    """Whose turn it is: the prompt's ``turn``, or its deciding seats where it names none."""
    prompt = state.prompt()
    return prompt.turn if prompt.turn is not None else prompt.seats
