"""Fixed-size encodings of views and actions, shared by the learning adapters.

Learning libraries want a fixed-size observation vector and a fixed, numbered action space with a
mask. The engine gives neither: a view is a JSON document and the legal actions are typed
:class:`~tabletop.engine.Action` values. This module bridges the two, game-agnostically:

* an **observation encoder** turns a seat's view (``state.view(seat)``) into a ``float32`` vector
  of a fixed size. It reads the view only, never the state, so it cannot leak what the seat may not
  see.
* an **action codec** gives each legal action a number in ``range(size)``, different numbers for
  different legal actions of one decision, so a mask over ``range(size)`` says which are legal and
  a number picked from the mask maps back to exactly one action.

A game ships its own encoding in ``tabletop/games/<game>/encoding.py`` with a function
``encoding(game)`` returning an object with (duck-typed, so the game imports only the engine):

* ``observation_blocks() -> list[tuple[str, int, str]]``: the named parts of the vector, their
  sizes and meanings, in order (documentation and the vector's length);
* ``observe(view, out) -> None``: fill ``out``, a zeroed vector of the blocks' total size that
  supports ``out[i] = x``, from the view (the game need not import numpy);
* ``action_slots() -> list[tuple[str, Mapping[str, Sequence] | int]]``: the action space as slots,
  in order. ``(kind, {arg: domain, ...})`` numbers the actions of that kind by the product of their
  arguments' domains (an argument an action lacks counts as ``None``, so put ``None`` in its domain
  where it may be missing). ``(kind, n)`` numbers the actions of that kind by their rank among the
  legal actions of that kind (up to ``n``): for decisions too large to spell out, such as an
  ordering of cards.

A game without one gets the game-agnostic fallbacks: :class:`HashedViewEncoder` (feature hashing of
the view) and :class:`OrdinalCodec` (an action's position in the legal list). See
``docs/adapters.md``.
"""

from __future__ import annotations

import array
import importlib
import importlib.util
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.engine import Action, Game

# view keys that carry nothing a learner needs in a fixed vector: the game's name, the prose log
# (its facts are in the view's other fields) and the action list (the action mask carries it)
SKIP_KEYS = frozenset({"game", "log", "actions"})
HASHED_SIZE = 1024
ORDINAL_SIZE = 256


class EncodingError(ValueError):
    """An action or view the encoding has no place for, named with the game and the culprit."""


@dataclass(frozen=True)
class Block:
    """A named part of an observation vector."""

    name: str
    size: int
    doc: str = ""


# ---------------------------------------------------------------------- observations
class ObservationEncoder:
    """A view to a fixed-size ``float32`` vector."""

    game: str
    blocks: tuple[Block, ...]

    @property
    def size(self) -> int:
        return sum(b.size for b in self.blocks)

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        raise NotImplementedError


class HashedViewEncoder(ObservationEncoder):
    """The game-agnostic fallback: feature hashing of a view into ``size`` buckets.

    Every leaf of the view (less ``game``, ``log`` and ``actions``) adds to one bucket chosen by
    a CRC-32 of its key: a number (or boolean) adds its value under its path with list positions
    (``players.1.gems``); a string adds 1 under its path and value, with the positions of a list of
    plain values left out (``players.0.hand=rec.allure.1``), so a hand is a set; ``None`` adds
    nothing. The buckets are stable across runs and machines (CRC-32, not Python's ``hash``)."""

    def __init__(self, game: str, size: int = HASHED_SIZE) -> None:
        self.game = game
        self.blocks = (Block("hashed", size, "feature hashing of the view's leaves"),)
        self._size = size
        self._buckets: dict[str, int] = {}

    def _bucket(self, key: str) -> int:
        b = self._buckets.get(key)
        if b is None:
            b = zlib.crc32(key.encode("utf-8")) % self._size
            if len(self._buckets) < 200_000:
                self._buckets[key] = b
        return b

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        out = np.zeros(self._size, dtype=np.float32)
        stack: list[tuple[str, Any]] = [(k, v) for k, v in view.items() if k not in SKIP_KEYS]
        while stack:
            path, value = stack.pop()
            if value is None:
                continue
            if isinstance(value, bool | int | float):
                out[self._bucket(path)] += float(value)
            elif isinstance(value, str):
                out[self._bucket(f"{path}={value}")] += 1.0
            elif isinstance(value, Mapping):
                stack.extend((f"{path}.{k}", v) for k, v in value.items())
            elif isinstance(value, list | tuple):
                plain = all(not isinstance(v, Mapping | list | tuple) for v in value)
                for i, v in enumerate(value):
                    stack.append((path if plain and isinstance(v, str) else f"{path}.{i}", v))
            else:
                raise EncodingError(f"{self.game}: view field {path!r} is not JSON: {value!r}")
        return out


class GameObservationEncoder(ObservationEncoder):
    """A game's own observation encoding (its ``encoding.py``), checked for size.

    The game fills a zeroed ``array.array("f")`` (``out[i] = x`` on it costs a fraction of the
    same on a numpy array, and a game writes hundreds of entries), which becomes the ``float32``
    vector without a copy."""

    def __init__(self, game: str, impl: Any) -> None:
        self.game = game
        self.impl = impl
        self.blocks = tuple(Block(str(n), int(s), str(d)) for n, s, d in impl.observation_blocks())
        self._zeros = array.array("f", bytes(4 * self.size))

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        out = array.array("f", self._zeros)
        self.impl.observe(view, out)
        if len(out) != len(self._zeros):
            raise EncodingError(
                f"{self.game}: the encoding's observe() changed the vector's length "
                f"({len(out)}, not {len(self._zeros)})"
            )
        return np.frombuffer(out, dtype=np.float32)


# ---------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Slot:
    """The numbers ``start .. start+size-1`` of the action space: one action kind."""

    kind: str
    start: int
    size: int
    args: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    ordinal: bool = False

    def describe(self) -> str:
        if self.ordinal:
            return f"{self.kind}: the k-th legal '{self.kind}' action (k < {self.size})"
        if not self.args:
            return self.kind
        return f"{self.kind}: " + " x ".join(f"{a} ({len(d)})" for a, d in self.args)


class ActionCodec:
    """Numbers for legal actions in a fixed range.

    ``recall_size`` and :meth:`recall_index`: the numbers whose meaning is the same in every
    decision (those of argument slots), laid out one after the other, for counting the actions a
    seat has taken (OpenSpiel's information state). An ordinal number (a rank among one
    decision's legal actions) means another action in the next decision, so it is not counted."""

    game: str
    size: int
    recall_size: int = 0

    def indices(self, legal: Sequence[Action]) -> list[int]:
        """The number of each legal action (distinct); raises :class:`EncodingError` otherwise."""
        raise NotImplementedError

    def numbered(self, legal: Sequence[Action]) -> Mapping[int, Action]:
        """Action number -> legal action, for one decision (distinct numbers, else an
        :class:`EncodingError`)."""
        found = dict(zip(self.indices(legal), legal, strict=True))
        if len(found) != len(legal):
            raise EncodingError(f"{self.game}: two legal actions share a number")
        return found

    def slots(self) -> list[Slot]:
        raise NotImplementedError

    def label(self, index: int) -> str:
        for slot in self.slots():
            if slot.start <= index < slot.start + slot.size:
                k = index - slot.start
                if slot.ordinal:
                    return f"{slot.kind}#{k}"
                parts = []
                for name, domain in reversed(slot.args):
                    k, r = divmod(k, len(domain))
                    parts.append(f"{name}={domain[r]}")
                return slot.kind + (f"({' '.join(reversed(parts))})" if parts else "")
        raise EncodingError(f"{self.game}: action number {index} is outside 0..{self.size - 1}")

    def recall_index(self, action: Action) -> int | None:
        """The action's place among the counted numbers (``range(recall_size)``), or None when
        its number is ordinal."""
        return None

    def recall_number(self, number: int) -> int:
        """The counted place of an action number (-1: not counted)."""
        return -1


class OrdinalCodec(ActionCodec):
    """The game-agnostic fallback: an action's number is its position in the legal list (the
    engine lists legal actions in a deterministic order). Fixed size; a decision with more legal
    actions than that is refused with an :class:`EncodingError`."""

    def __init__(self, game: str, size: int = ORDINAL_SIZE) -> None:
        self.game = game
        self.size = size

    def indices(self, legal: Sequence[Action]) -> list[int]:
        if len(legal) > self.size:
            raise EncodingError(
                f"{self.game}: {len(legal)} legal actions exceed the ordinal action space of "
                f"{self.size}; give the game an encoding.py with its own action slots"
            )
        return list(range(len(legal)))

    def slots(self) -> list[Slot]:
        return [Slot("legal", 0, self.size, ordinal=True)]


class TableCodec(ActionCodec):
    """A game's action slots (see the module docstring) as one numbered space."""

    def __init__(self, game: str, spec: Sequence[tuple[str, Mapping[str, Sequence[Any]] | int]]):
        self.game = game
        self._slots: list[Slot] = []
        self._by_kind: dict[str, Slot] = {}
        self._index: dict[str, dict[str, dict[Any, int]]] = {}
        # numbers of actions of argument slots once found, by kind then arguments (a tuple's hash
        # and comparison run in C; an Action's are Python calls)
        self._memo: dict[str, dict[tuple[tuple[str, Any], ...], int]] = {}
        self._memo_size = 0
        self._recall_at: dict[str, int] = {}  # an argument slot's first counted place
        self._recall_table: list[int] | None = None
        start = 0
        recall = 0
        for kind, how in spec:
            if kind in self._by_kind:
                raise EncodingError(f"{game}: action kind {kind!r} has two slots")
            if isinstance(how, int):
                slot = Slot(kind, start, how, ordinal=True)
            else:
                args = tuple(sorted((a, tuple(d)) for a, d in how.items()))
                size = 1
                for a, d in args:
                    if len(set(map(_key, d))) != len(d):
                        raise EncodingError(f"{game}: {kind}.{a} lists a value twice")
                    size *= len(d)
                slot = Slot(kind, start, size, args)
                self._index[kind] = {a: {_key(v): i for i, v in enumerate(d)} for a, d in args}
                self._recall_at[kind] = recall
                recall += size
            self._slots.append(slot)
            self._by_kind[kind] = slot
            start += slot.size
        self.size = start
        self.recall_size = recall

    def slot_of(self, kind: str) -> Slot | None:
        return self._by_kind.get(kind)

    def recall_index(self, action: Action) -> int | None:
        at = self._recall_at.get(action.kind)
        if at is None:
            return None
        return at + self.index(action) - self._by_kind[action.kind].start

    def slots(self) -> list[Slot]:
        return list(self._slots)

    def index(self, action: Action, rank: int = 0) -> int:
        by_kind = self._memo.get(action.kind)
        found = by_kind.get(action.args) if by_kind is not None else None
        if found is not None:
            return found
        slot = self._by_kind.get(action.kind)
        if slot is None:
            raise EncodingError(
                f"{self.game}: action {action} has a kind the action encoding does not know; "
                "add a slot for it to the game's encoding.py"
            )
        if slot.ordinal:
            if rank >= slot.size:
                raise EncodingError(
                    f"{self.game}: more than {slot.size} legal {action.kind!r} actions at once"
                )
            return slot.start + rank
        known = self._index[action.kind]
        extra = [k for k, _ in action.args if k not in known]
        if extra:
            raise EncodingError(
                f"{self.game}: action {action} has argument(s) {', '.join(extra)} that the "
                f"{action.kind!r} slot does not list"
            )
        k = 0
        for name, domain in slot.args:
            value = action.get(name)
            i = known[name].get(_key(value))
            if i is None:
                raise EncodingError(
                    f"{self.game}: action {action}: {name}={value!r} is not in the encoding's "
                    f"domain for {action.kind!r}"
                )
            k = k * len(domain) + i
        if self._memo_size < 100_000:
            self._memo.setdefault(action.kind, {})[action.args] = slot.start + k
            self._memo_size += 1
        return slot.start + k

    def indices(self, legal: Sequence[Action]) -> list[int]:
        out = self._numbers(legal)
        if len(set(out)) != len(out):
            self._duplicates(out)
        return out

    def numbered(self, legal: Sequence[Action]) -> Mapping[int, Action]:
        # the common case first, in one pass: every action one of argument slots met before
        memo, none = self._memo, _NONE
        found: dict[int, Action] = {}
        for a in legal:
            number = memo.get(a.kind, none).get(a.args)
            if number is None:
                break
            found[number] = a
        else:
            if len(found) != len(legal):
                self._duplicates(self._each_number(legal))
            return found
        run = self._ordinal_run(legal)
        if run is not None:
            return OrdinalNumbers(run.start, legal)
        numbers = self._each_number(legal)
        found = dict(zip(numbers, legal))
        if len(found) != len(numbers):
            self._duplicates(numbers)
        return found

    def _duplicates(self, out: list[int]) -> None:
        dup = sorted({self.label(i) for i in out if out.count(i) > 1})
        raise EncodingError(f"{self.game}: two legal actions share a number: {dup}")

    def _ordinal_run(self, legal: Sequence[Action]) -> Slot | None:
        """The slot of a decision whose legal actions are all of one ordinal kind (a Deployment
        of thousands of orderings): numbered by rank at once, without a look at each action's
        arguments. None for any other decision."""
        if not legal:
            return None
        kind = legal[0].kind
        slot = self._by_kind.get(kind)
        if slot is None or not slot.ordinal or legal[-1].kind != kind:
            return None
        for a in legal:
            if a.kind != kind:
                return None
        if len(legal) > slot.size:
            self.index(legal[0], len(legal) - 1)  # refused, with the reason
        return slot

    def _numbers(self, legal: Sequence[Action]) -> list[int]:
        run = self._ordinal_run(legal)
        if run is not None:
            return list(range(run.start, run.start + len(legal)))
        return self._each_number(legal)

    def _each_number(self, legal: Sequence[Action]) -> list[int]:
        """The numbers of a decision that is not one ordinal run, action by action."""
        memo, none = self._memo, _NONE
        # an argument slot's action met before
        out = [memo.get(a.kind, none).get(a.args, -1) for a in legal]
        if -1 in out:
            ranks: dict[str, int] = {}
            by_kind = self._by_kind
            for j, a in enumerate(legal):
                if out[j] < 0:
                    slot = by_kind.get(a.kind)
                    if slot is None or not slot.ordinal:
                        out[j] = self.index(a)
                        continue
                    # an ordinal slot's actions are never remembered: each is numbered by its
                    # rank among the legal actions of its kind, in the engine's order
                    r = ranks.get(a.kind, 0)
                    if r >= slot.size:
                        self.index(a, r)  # refused, with the reason
                    ranks[a.kind] = r + 1
                    out[j] = slot.start + r
        return out

    def recall_number(self, number: int) -> int:
        """The counted place of a number (-1: an ordinal number, not counted)."""
        table = self._recall_table
        if table is None:
            table = [-1] * self.size
            for slot in self._slots:
                if not slot.ordinal:
                    at = self._recall_at[slot.kind]
                    table[slot.start : slot.start + slot.size] = range(at, at + slot.size)
            self._recall_table = table
        return table[number]


_NONE: dict[Any, int] = {}


class OrdinalNumbers(Mapping[int, Action]):
    """Action number -> legal action for a decision whose actions are all of one ordinal slot:
    the numbers ``start .. start + len(legal) - 1`` in the engine's order, worked out on asking
    rather than one dict entry per action (a Deployment offers thousands)."""

    __slots__ = ("_legal", "_start", "_stop")

    def __init__(self, start: int, legal: Sequence[Action]) -> None:
        self._start = start
        self._stop = start + len(legal)
        self._legal = legal

    def __getitem__(self, number: int) -> Action:
        if isinstance(number, int) and self._start <= number < self._stop:
            return self._legal[number - self._start]
        raise KeyError(number)

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and self._start <= number < self._stop

    def get(self, number: int, default: Any = None) -> Any:
        if isinstance(number, int) and self._start <= number < self._stop:
            return self._legal[number - self._start]
        return default

    def __iter__(self) -> Iterator[int]:
        return iter(range(self._start, self._stop))

    def __len__(self) -> int:
        return self._stop - self._start

    @property
    def span(self) -> range:
        """The numbers, in order."""
        return range(self._start, self._stop)


def _key(value: Any) -> Any:
    """A hashable stand-in for an argument value that tells ``1`` from ``True``."""
    return (type(value).__name__, value)


# ---------------------------------------------------------------------- finding a game's encoding
Factory = Callable[[Game], Any]
_REGISTERED: dict[str, Factory] = {}


def register_encoding(game: str, factory: Factory) -> None:
    """Give a game an encoding explicitly (for games outside ``tabletop.games``)."""
    _REGISTERED[game] = factory


def _game_module(game: Game) -> str | None:
    parts = type(game).__module__.split(".")
    if parts[:2] == ["tabletop", "games"] and len(parts) >= 3:
        return ".".join([*parts[:3], "encoding"])
    return None


@dataclass(frozen=True)
class Encoding:
    """A game's observation encoder and action codec, and whether they are its own."""

    observation: ObservationEncoder
    actions: ActionCodec
    own: bool


_CACHE: dict[tuple[str, str], Encoding] = {}


def encoding_for(game: Game) -> Encoding:
    """The encoding of a game with its parameters: the game's own, else the fallbacks."""
    key = (game.name, repr(sorted(game.params.items())))
    found = _CACHE.get(key)
    if found is not None:
        return found
    impl: Any = None
    if game.name in _REGISTERED:
        impl = _REGISTERED[game.name](game)
    else:
        module = _game_module(game)
        if module is not None and importlib.util.find_spec(module) is not None:
            impl = importlib.import_module(module).encoding(game)
    if impl is None:
        found = Encoding(HashedViewEncoder(game.name), OrdinalCodec(game.name), own=False)
    else:
        observation = GameObservationEncoder(game.name, impl)
        found = Encoding(observation, TableCodec(game.name, impl.action_slots()), own=True)
    _CACHE[key] = found
    return found


def legal_map(codec: ActionCodec, legal: Sequence[Action]) -> Mapping[int, Action]:
    """Action number -> legal action, for one decision."""
    return codec.numbered(legal)


def describe(game: Game) -> str:
    """The encoding of a game as Markdown tables: observation blocks and action slots."""
    enc = encoding_for(game)
    lines = [
        f"Encoding of {game.name} {game.params}: "
        + ("the game's own" if enc.own else "the game-agnostic fallbacks"),
        "",
        f"Observation: {enc.observation.size} floats",
        "",
        "| block | offset | size | meaning |",
        "|---|---|---|---|",
    ]
    at = 0
    for b in enc.observation.blocks:
        lines.append(f"| {b.name} | {at} | {b.size} | {b.doc} |")
        at += b.size
    lines += [
        "",
        f"Actions: {enc.actions.size} numbers",
        "",
        "| slot | first number | size | numbered by |",
        "|---|---|---|---|",
    ]
    for slot in enc.actions.slots():
        lines.append(f"| {slot.kind} | {slot.start} | {slot.size} | {slot.describe()} |")
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    from tabletop.engine import load

    name, *pairs = sys.argv[1:] or ["paupers-ladder"]
    print(describe(load(name, **dict(p.split("=", 1) for p in pairs))))
