"""Game records: (engine version, game, parameters, seed, every action with its seat).

The record is the source of truth: replaying it reproduces the state exactly. It is what a saved
game, a bug report or a replay viewer stores.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
)

from .actions import Action
from .errors import IllegalAction
from .protocol import ENGINE_VERSION, State
from .registry import load

SEED_MAX = 2**63 - 1
"""Seeds are whole numbers from 0 to 2^63 - 1 (what every store column and the RNG hold)."""


def check_seed(seed: object, what: str = "seed") -> int:
    """``seed`` if it is a whole number in 0..SEED_MAX, else a ValueError saying the range."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        shown = repr(seed)
        if len(shown) > 40:
            shown = shown[:37] + "..."
        raise ValueError(
            f"{what} must be a whole number from 0 to {SEED_MAX} (2^63 - 1); got {shown}"
        )
    return seed


Scalar = StrictStr | StrictInt | StrictFloat | StrictBool | None


class ActionFile(BaseModel):
    """An action in a record file: ``{"kind": ..., "args": {...}}``."""

    model_config = ConfigDict(extra="forbid")
    kind: StrictStr = Field(min_length=1)
    args: dict[StrictStr, Any] = Field(default_factory=dict)


class EntryFile(BaseModel):
    """One step of a record file: the seat that acted and its action."""

    model_config = ConfigDict(extra="forbid")
    seat: StrictInt = Field(ge=0)
    action: ActionFile


class RecordFile(BaseModel):
    """What a record file must hold; :meth:`Record.from_json` refuses anything else."""

    engine: StrictStr = ENGINE_VERSION
    game: StrictStr = Field(min_length=1)
    params: dict[StrictStr, Scalar]
    seed: StrictInt = Field(ge=0, le=SEED_MAX)
    actions: list[EntryFile]
    seats: list[StrictStr] | None = None


def _first_error(exc: ValidationError) -> str:
    """One line for the first problem: the field (``actions[3].action.kind``) and what is wrong."""
    errors = exc.errors()
    err = errors[0]
    loc = list(err.get("loc", ()))
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    if err.get("type") == "missing" and len(loc) == 1:
        return f"missing field {loc[0]!r}{more}"
    msg = str(err.get("msg", "invalid"))
    if loc and loc[0] == "actions" and len(loc) > 1 and isinstance(loc[1], int):
        rest = _dotted(loc[2:]) or "entry"
        return f"action #{loc[1] + 1} is malformed: field {rest!r}: {msg}{more}"
    return f"field {_dotted(loc)!r}: {msg}{more}"


def _dotted(loc: list[Any]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


@dataclass
class Record:
    game: str
    params: dict[str, Any]
    seed: int
    actions: list[tuple[int, Action]] = field(default_factory=list)
    engine: str = ENGINE_VERSION
    seats: list[str] | None = None

    @classmethod
    def of(cls, state: State, seats: list[str] | None = None) -> Record:
        return cls(
            game=state.game.name,
            params=dict(state.game.params),
            seed=state.seed,
            actions=state.history(),
            seats=seats,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "engine": self.engine,
            "game": self.game,
            "params": self.params,
            "seed": self.seed,
            "actions": [{"seat": s, "action": a.to_json()} for s, a in self.actions],
        }
        if self.seats is not None:
            out["seats"] = self.seats
        return out

    @classmethod
    def from_json(cls, data: Any, source: str = "record") -> Record:
        """A record from its JSON form, every field checked (:class:`RecordFile`); a ValueError
        of one line naming ``source`` and the field otherwise."""
        if not isinstance(data, dict):
            raise ValueError(f"{source}: a record must be a JSON object")
        try:
            checked = RecordFile.model_validate(data)
        except ValidationError as exc:
            raise ValueError(f"{source}: {_first_error(exc)}") from None
        except RecursionError:
            raise ValueError(f"{source}: the record is nested too deeply") from None
        actions: list[tuple[int, Action]] = []
        for i, entry in enumerate(checked.actions):
            try:
                actions.append((entry.seat, Action.from_json(entry.action.model_dump())))
            except (TypeError, ValueError, RecursionError) as exc:
                raise ValueError(f"{source}: action #{i + 1} is malformed: {exc}") from None
        return cls(
            game=checked.game,
            params=dict(checked.params),
            seed=checked.seed,
            actions=actions,
            engine=checked.engine,
            seats=checked.seats,
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"{path}: cannot read record: {exc}") from None
        except UnicodeDecodeError:
            raise ValueError(f"{path}: cannot read record: the file is not UTF-8 text") from None
        except RecursionError:
            raise ValueError(f"{path}: cannot read record: JSON nested too deeply") from None
        return cls.from_json(data, source=str(path))

    def _replaying(self) -> Iterator[State]:
        """The one live state, yielded at the start and after each action (not copies)."""
        state = load(self.game, **self.params).new_state(self.seed)
        yield state
        for i, (seat, action) in enumerate(self.actions):
            try:
                state.apply(action, seat)
            except IllegalAction as exc:
                raise ValueError(
                    f"record action #{i + 1} ({action}) does not replay: {exc}"
                ) from None
            yield state

    def states(self) -> Iterator[State]:
        """Every state of the game, from the start to after the last action."""
        for state in self._replaying():
            yield state.clone()

    def replay(self) -> State:
        """The final state of the record."""
        return deque(self._replaying(), maxlen=1)[0]
