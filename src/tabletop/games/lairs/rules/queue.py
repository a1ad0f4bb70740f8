"""The effect queue: effects wait in ``data["queue"]`` as plain dicts (with ``e``, the explorer
they touch, and ``at``, the hazard's space when it matters) and run in order. A handler that needs
a decision (which cube to fatigue, where the Builder moves a Gloombat) sets ``data["ask"]`` and
pushes whatever is left back on the front of the queue; the queue resumes when the answer comes.
Internal steps of the rules (entering a space, the next Hustle step) share the queue under names
starting with ``_``. The handlers are registered where the game is assembled (``effects.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, get_args

from pydantic import BaseModel

from ..state import LairsState

Item = dict[str, Any]
Handler = Callable[[LairsState, Item], None]
HANDLERS: dict[str, Handler] = {}


def handler(model: type[BaseModel] | str) -> Callable[[Handler], Handler]:
    """Register the handler of an effect model (or of an internal step, by name)."""
    name = model if isinstance(model, str) else get_args(model.model_fields["effect"].annotation)[0]

    def wrap(fn: Handler) -> Handler:
        if name in HANDLERS:
            raise ValueError(f"effect {name!r} handled twice")
        HANDLERS[name] = fn
        return fn

    return wrap


def queue(s: LairsState, e: int, effects: list[Any], at: int | None = None, front: bool = False,
          **extra: Any) -> None:  # fmt: skip
    items = []
    for eff in effects:
        raw = eff.model_dump() if isinstance(eff, BaseModel) else dict(eff)
        raw["e"] = e
        if at is not None:
            raw["at"] = at
        raw.update(extra)
        items.append(raw)
    q = s.data["queue"]
    if front:
        q[0:0] = items
    else:
        q.extend(items)


def run(s: LairsState) -> None:
    """Run queued effects until one waits for a decision or a check opens."""
    d = s.data
    while d["queue"] and d["ask"] is None and d["check"] is None and d["phase"] == "explore":
        item = d["queue"].pop(0)
        HANDLERS[item["effect"]](s, item)


def ask(s: LairsState, kind: str, seat: int | None, **info: Any) -> None:
    """Wait for a decision; in solo the Builder's decisions (seat None) are asked of the rules'
    automaton, :class:`~.rules.solo.SoloBuilder`, which the engine plays at once."""
    if seat is None:
        seat = s.builder_id(int(info.get("e", 0)))
    s.data["ask"] = {"kind": kind, "seat": seat, **info}
