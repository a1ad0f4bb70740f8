"""The factored action space: a templated decision answered one parameter at a time.

A game offers a big decision as templates (:mod:`tabletop.engine.templates`): a kind with named
parameters, each with a domain of values (Paper Tales' Deployment: one parameter per card held,
saying where it goes; a Lairs build: piece, space, side). The flat action space numbers the whole
combinations, which for the Deployment means a rank among tens of thousands that changes its
meaning every decision. The factored space asks the same decision as a sequence of small choices,
as the web page's form does:

1. which template (only when the decision offers several with a legal combination);
2. then each parameter in the template's order, one value at a time.

The mask of each choice keeps only the values that can still lead to a legal action, given the
values chosen before; the last choice completes one legal action, which is then played (the
engine checks it in full, as any action). A choice with a single option that does not complete
the action is made without asking; every decision still asks at least one choice. The options
are read off the decision's legal actions (:meth:`State.legal_actions`, which the engine lists
and remembers), so no game needs a hook of its own.

Numbers: every number of the flat space that keeps one meaning from decision to decision stays
(argument slots, and ordinal slots no larger than the choice block, such as an ordering of four
cards), renumbered one after the other; then the **choice block** of ``choices`` numbers, where
``start + k`` is "the k-th option of the choice asked now": the k-th template of the decision, or
the k-th value of the asked parameter's domain (in the template's order), or, for a decision
listed by rank whose slot was too large to keep, its k-th action. Ordinal slots larger than the
choice block are left out: they number decisions too big to list at once, which come as
templates.

The observation adds a **choice block** (:class:`ChoiceEncoder`), game-agnostic, describing the
choice asked: its position (which template, or the i-th parameter), the template's kind, the asked
parameter's name, what each option stands for, the values chosen so far, and how far along the
decision is. Names and values are feature-hashed (CRC-32, stable across runs), as the fallback
observation is: the choice block says *what* is asked; the game's own observation says the rest.
The block is zeros for a seat that is not deciding, so nobody sees another seat's partial
answer.
"""

from __future__ import annotations

import array
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.engine import Action, State, Template

from .encoding import ActionCodec, Block, EncodingError, OrdinalCodec, Slot

__all__ = ["CHOICES", "PARAMS", "Answer", "ChoiceEncoder", "FactoredCodec", "Step"]

CHOICES = 64  # options of one choice, at most (the choice block of the action space)
PARAMS = 16  # parameters of one template, at most (the observation's step block)
KIND_BUCKETS = 32
NAME_BUCKETS = 256
OPTION_BUCKETS = 16
CHOSEN_BUCKETS = 256


class FactoredCodec(ActionCodec):
    """The factored action space over a game's flat codec (see the module docstring)."""

    def __init__(self, flat: ActionCodec, choices: int = CHOICES) -> None:
        if choices < 2:
            raise ValueError(f"{flat.game}: the choice block needs at least 2 numbers")
        self.flat = flat
        self.game = flat.game
        self.choices = choices
        self.recall_size = flat.recall_size
        # each kept flat slot: (flat start, size, factored start)
        self._kept: list[tuple[Slot, int]] = []
        self._ranked: set[str] = set()  # kinds whose ordinal slot was left out
        start = 0
        if isinstance(flat, OrdinalCodec):
            # the fallback numbers every listed decision by position: kept whole
            self._kept.append((flat.slots()[0], 0))
            start = flat.size
        else:
            for slot in flat.slots():
                if slot.ordinal and slot.size > choices:
                    self._ranked.add(slot.kind)
                    continue
                self._kept.append((slot, start))
                start += slot.size
        self._by_kind = {slot.kind: (slot, at) for slot, at in self._kept}
        self.choice_start = start
        self.size = start + choices

    def slots(self) -> list[Slot]:
        out = [Slot(s.kind, at, s.size, s.args, s.ordinal) for s, at in self._kept]
        out.append(Slot("choice", self.choice_start, self.choices, ordinal=True))
        return out

    def label(self, index: int) -> str:
        if self.choice_start <= index < self.size:
            return f"choice#{index - self.choice_start}"
        for slot, at in self._kept:
            if at <= index < at + slot.size:
                return self.flat.label(slot.start + index - at)
        raise EncodingError(f"{self.game}: action number {index} is outside 0..{self.size - 1}")

    def recall_index(self, action: Action) -> int | None:
        return self.flat.recall_index(action)

    def recall_number(self, number: int) -> int:
        for slot, at in self._kept:
            if at <= number < at + slot.size:
                return self.flat.recall_number(slot.start + number - at)
        return -1

    def indices(self, legal: Sequence[Action]) -> list[int]:
        """The numbers of a decision listed as actions (not templates): the kept slots' numbers,
        and for a kind whose slot was left out, the choice block by rank."""
        if isinstance(self.flat, OrdinalCodec):
            return self.flat.indices(legal)
        flat = self.flat.indices(legal)
        out = []
        ranked = 0
        for action, number in zip(legal, flat, strict=True):
            if action.kind in self._ranked:
                if ranked >= self.choices:
                    raise EncodingError(
                        f"{self.game}: more than {self.choices} legal {action.kind!r} actions "
                        "listed at once; the factored space answers them through its choice "
                        f"block (make the environment with a larger choices=)"
                    )
                out.append(self.choice_start + ranked)
                ranked += 1
            else:
                slot, at = self._by_kind[action.kind]
                out.append(at + number - slot.start)
        return out


@dataclass(frozen=True)
class Step:
    """What one choice asks, for the observation: ``position`` 0 is the choice of a template
    (or of a ranked action), i >= 1 the i-th parameter of ``kind``'s template; ``asked`` the
    parameter's name; ``options`` what each option number stands for (by number in the choice
    block); ``chosen`` the parameter values chosen so far; ``params`` how many the template has."""

    position: int
    kind: str
    asked: str
    options: tuple[tuple[int, str], ...]
    chosen: tuple[tuple[str, Any], ...]
    params: int


class _Group:
    """A template's legal actions, and where each of its parameters sits in their arguments
    (an action's arguments are sorted by name, so the same place in each)."""

    __slots__ = ("actions", "template", "where")

    def __init__(self, template: Template) -> None:
        self.template = template
        self.actions: list[Action] = []
        self.where: tuple[int, ...] = ()

    def settle(self, game: str) -> None:
        if not self.actions:
            return
        names = [k for k, _ in self.actions[0].args]
        try:
            self.where = tuple(names.index(p.name) for p in self.template.params)
        except ValueError:
            raise EncodingError(
                f"{game}: legal action {self.actions[0]} lacks a parameter of its template "
                f"{self.template.kind!r} ({', '.join(p.name for p in self.template.params)})"
            ) from None


class Answer:
    """The answer under way to one decision of one seat, in the factored space. Immutable:
    :meth:`choose` returns the next answer (or the completed action), so a cloned game state may
    share it.

    ``numbers``: each legal number now -> what it stands for (an action of a listed decision, a
    template, or a value)."""

    __slots__ = ("_alive", "_group", "_groups", "chosen", "codec", "numbers", "step")

    def __init__(
        self,
        codec: FactoredCodec,
        legal: Sequence[Action],
        templates: Sequence[Template] | None,
    ) -> None:
        self.codec = codec
        self._groups: tuple[_Group, ...] = ()
        self._group: int | None = None
        self._alive: Sequence[Action] = ()  # the legal actions the choices so far allow
        self.chosen: tuple[Any, ...] = ()
        self.numbers: dict[int, Any] = {}
        self.step: Step
        if templates is None:
            self._listed(legal)
            return
        self._groups = _group(codec.game, legal, templates)
        self._settle()

    @classmethod
    def of(cls, codec: FactoredCodec, state: State, seat: int) -> Answer:
        """The answer to the decision ``seat`` faces in ``state``, nothing chosen yet."""
        return cls(codec, state.legal_actions(seat), state.templates(seat))

    # ------------------------------------------------------------------ a listed decision
    def _listed(self, legal: Sequence[Action]) -> None:
        numbers = self.codec.indices(legal)
        if len(set(numbers)) != len(numbers):
            raise EncodingError(f"{self.codec.game}: two legal actions share a number")
        self.numbers = dict(zip(numbers, legal, strict=True))
        start = self.codec.choice_start
        ranked = tuple((n - start, str(a)) for n, a in self.numbers.items() if n >= start)
        kind = next((a.kind for n, a in self.numbers.items() if n >= start), "")
        self.step = Step(0, kind, "", ranked, (), 0)

    # ------------------------------------------------------------------ a templated decision
    def _copy(self) -> Answer:
        other = Answer.__new__(Answer)
        other.codec = self.codec
        other._groups = self._groups
        other._group = self._group
        other._alive = self._alive
        other.chosen = self.chosen
        other.numbers = {}
        return other

    def _options(self) -> dict[int, Any]:
        """The feasible options of the choice now: choice number -> template index or value."""
        start, limit = self.codec.choice_start, self.codec.choices
        if self._group is None:
            return {start + k: k for k, g in enumerate(self._groups) if g.actions}
        group = self._groups[self._group]
        i = len(self.chosen)
        param = group.template.params[i]
        if len(param.domain) > limit:
            raise EncodingError(
                f"{self.codec.game}: parameter {param.name!r} of {group.template.kind!r} has "
                f"{len(param.domain)} values, more than the factored space's {limit} choices "
                "(make the environment with a larger choices=)"
            )
        at = group.where[i]
        try:
            pairs = {a.args[at] for a in self._alive}
        except IndexError:
            pairs = {("", None)}
        feasible = {v for name, v in pairs if name == param.name}
        if len(feasible) != len(pairs) or not all(param.admits(v) for v in feasible):
            raise EncodingError(
                f"{self.codec.game}: a legal {group.template.kind!r} action lacks parameter "
                f"{param.name!r} or has a value outside its domain"
            )
        return {start + k: v for k, v in enumerate(param.domain) if v in feasible}

    def _completes(self, option: Any) -> bool:
        if self._group is None:
            return not self._groups[option].template.params
        return len(self.chosen) + 1 == len(self._groups[self._group].template.params)

    def _take(self, option: Any) -> Action | None:
        """Choose ``option`` now (in place: only on a fresh copy); the action once complete."""
        if self._group is None:
            self._group = option
            self._alive = self._groups[option].actions
        else:
            group = self._groups[self._group]
            i = len(self.chosen)
            at, pair = group.where[i], (group.template.params[i].name, option)
            self._alive = [a for a in self._alive if a.args[at] == pair]
            self.chosen = (*self.chosen, option)
        group = self._groups[self._group]
        if len(self.chosen) == len(group.template.params):
            (only,) = self._alive  # every value kept can still lead to a legal action
            return only
        return None

    def _settle(self) -> None:
        """Make the forced choices that do not complete the action, then describe the next."""
        while True:
            options = self._options()
            if len(options) == 1:
                (option,) = options.values()
                if not self._completes(option):
                    done = self._take(option)
                    assert done is None
                    continue
            break
        self.numbers = options
        start = self.codec.choice_start
        if self._group is None:
            described = tuple(
                (n - start, self._groups[k].template.kind) for n, k in options.items()
            )
            self.step = Step(0, "", "", described, (), 0)
            return
        template = self._groups[self._group].template
        param = template.params[len(self.chosen)]
        names = [p.name for p in template.params]
        self.step = Step(
            len(self.chosen) + 1,
            template.kind,
            param.name,
            tuple((n - start, str(v)) for n, v in options.items()),
            tuple(zip(names, self.chosen, strict=False)),
            len(template.params),
        )

    def choose(self, number: int) -> Answer | Action:
        """The answer after choosing ``number`` (legal now, see :attr:`numbers`), or the engine
        action it completes."""
        if number not in self.numbers:
            raise ValueError(
                f"{self.codec.game}: choice {number} ({self.codec.label(number)}) is not open "
                f"now; open: {sorted(self.numbers)}"
            )
        option = self.numbers[number]
        if not self._groups:
            action: Action = option
            return action
        other = self._copy()
        done = other._take(option)
        if done is not None:
            return done
        other._settle()
        return other

    def describe(self, number: int) -> str:
        """Words for an open number: the action, the template or the parameter's value."""
        what = self.numbers[number]
        if not self._groups:
            return str(what)
        if self._group is None:
            return f"{self._groups[what].template.kind} (template)"
        return f"{self.step.kind} {self.step.asked}={what}"


def _group(game: str, legal: Sequence[Action], templates: Sequence[Template]) -> tuple[_Group, ...]:
    """The legal actions of a templated decision by the template that admits them (the first in
    offer order, when several do)."""
    groups = tuple(_Group(t) for t in templates)
    by_kind: dict[str, list[int]] = {}
    for k, t in enumerate(templates):
        by_kind.setdefault(t.kind, []).append(k)
    single = {kind: groups[ks[0]].actions for kind, ks in by_kind.items() if len(ks) == 1}
    for action in legal:
        found = single.get(action.kind)
        if found is not None:
            found.append(action)
            continue
        ks = by_kind.get(action.kind, [])
        k = next((k for k in ks if templates[k].admits(action)), -1)
        if k < 0:
            raise EncodingError(
                f"{game}: legal action {action} is admitted by none of the decision's "
                "templates; the factored space cannot ask for it"
            )
        groups[k].actions.append(action)
    for group in groups:
        group.settle(game)
    return groups


# ---------------------------------------------------------------------- the observation's block
def _bucket(text: str, buckets: int) -> int:
    return zlib.crc32(text.encode("utf-8")) % buckets


def _tokens(name: str) -> list[str]:
    """A name and its prefixes at '.', so copies of one card (``kraken.1``, ``kraken.2``) share
    a feature: ``kraken.1`` -> ``kraken.1``, ``kraken``."""
    out = [name]
    at = name.rfind(".")
    while at > 0:
        name = name[:at]
        out.append(name)
        at = name.rfind(".")
    return out


class ChoiceEncoder:
    """The observation's choice block (see the module docstring)."""

    def __init__(self, choices: int = CHOICES, params: int = PARAMS) -> None:
        self.choices = choices
        self.params = params
        self.blocks = (
            Block("choice.step", params + 1, "0: a template (or ranked action), i: parameter i"),
            Block("choice.kind", KIND_BUCKETS, "the template's kind (hashed)"),
            Block("choice.asked", NAME_BUCKETS, "the asked parameter's name and prefixes (hashed)"),
            Block(
                "choice.options",
                choices * OPTION_BUCKETS,
                "what each option number stands for (its value, hashed)",
            ),
            Block("choice.chosen", CHOSEN_BUCKETS, "the values chosen so far (hashed)"),
            Block("choice.progress", 2, "parameters chosen and left, over the template's"),
        )
        self.size = sum(b.size for b in self.blocks)
        self._zeros = array.array("f", bytes(4 * self.size))
        self._memo: dict[Step, np.ndarray] = {}

    def zeros(self) -> np.ndarray:
        return np.zeros(self.size, np.float32)

    def encode(self, step: Step | None) -> np.ndarray:
        """The block for a choice (zeros for None: not deciding)."""
        if step is None:
            return self.zeros()
        found = self._memo.get(step)
        if found is not None:
            return found.copy()
        out = array.array("f", self._zeros)
        if step.position > self.params:
            raise EncodingError(
                f"template {step.kind!r} has more than {self.params} parameters, the most the "
                "choice block describes"
            )
        out[step.position] = 1.0
        at = self.params + 1
        if step.kind:
            out[at + _bucket(step.kind, KIND_BUCKETS)] = 1.0
        at += KIND_BUCKETS
        if step.asked:
            for token in _tokens(step.asked):
                out[at + _bucket(token, NAME_BUCKETS)] += 1.0
        at += NAME_BUCKETS
        for k, what in step.options:
            out[at + k * OPTION_BUCKETS + _bucket(what, OPTION_BUCKETS)] = 1.0
        at += self.choices * OPTION_BUCKETS
        for name, value in step.chosen:
            text = str(value)
            out[at + _bucket(text, CHOSEN_BUCKETS)] += 1.0
            for token in _tokens(name):
                out[at + _bucket(f"{token}={text}", CHOSEN_BUCKETS)] += 1.0
        at += CHOSEN_BUCKETS
        if step.params:
            out[at] = len(step.chosen) / step.params
            out[at + 1] = (step.params - len(step.chosen)) / step.params
        vector = np.frombuffer(out, dtype=np.float32)
        if len(self._memo) >= 4096:
            self._memo.clear()
        self._memo[step] = vector
        return vector.copy()


def describe_step(step: Step) -> Mapping[str, Any]:
    """A step as plain data (for ``info`` and strings)."""
    return {
        "position": step.position,
        "kind": step.kind,
        "asked": step.asked,
        "options": dict(step.options),
        "chosen": dict(step.chosen),
    }
