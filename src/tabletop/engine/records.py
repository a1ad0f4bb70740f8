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

from .actions import Action
from .errors import IllegalAction
from .protocol import ENGINE_VERSION, State
from .registry import load


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
        if not isinstance(data, dict):
            raise ValueError(f"{source}: a record must be a JSON object")
        for key in ("game", "params", "seed", "actions"):
            if key not in data:
                raise ValueError(f"{source}: missing field {key!r}")
        actions: list[tuple[int, Action]] = []
        for i, entry in enumerate(data["actions"]):
            try:
                actions.append((int(entry["seat"]), Action.from_json(entry["action"])))
            except (KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"{source}: action #{i + 1} is malformed: {exc}") from None
        return cls(
            game=str(data["game"]),
            params=dict(data["params"]),
            seed=int(data["seed"]),
            actions=actions,
            engine=str(data.get("engine", ENGINE_VERSION)),
            seats=data.get("seats"),
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"{path}: cannot read record: {exc}") from None
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
