"""The effect queue: effects wait in ``data["queue"]`` and run in order. An entry is a small
mapping, ``{"explorer": e, "at": space or None, "effect": the effect's fields}``: the explorer it
touches, the hazard's space when it matters, and a hazard's effect (``content.TRIGGERED``) or a
step of the rules (``steps.STEPS``). Each runs through its table's one handler, with its typed
model (read once a process from its mapping). A handler that needs a decision (which cube to
fatigue, where the Builder moves a Gloombat) sets ``data["ask"]`` and queues whatever is left at
the front; the queue resumes when the answer comes. The handlers are registered where the game is
assembled (``effects.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop.engine.effects import Effect

from ..content import TRIGGERED
from ..state import LairsState
from ..steps import STEPS

Handler = Callable[[LairsState, int, Any, "int | None"], None]

# the effects read from the queue so far, by their mapping (each is read once a process)
_READ: dict[tuple[tuple[str, Any], ...], Effect] = {}
_READ_MAX = 4096
# each model's handler, found once in its table (the hazards' effects' or the rules' steps')
_HANDLERS: dict[type, Handler] = {}
# the mappings of the effects queued so far, by the identity of the model (a hazard's Strike is
# one model of the content, queued again and again): (model, its fields), the model kept so
# that its identity is not reused, and whether any field is a list
_DUMPED: dict[int, tuple[Effect, dict[str, Any], bool]] = {}
# the model of each mapping queued and not yet run, by the mapping's identity: (mapping, model),
# so that running it needs no reading (a copied state's mappings are read as before)
_QUEUED: dict[int, tuple[dict[str, Any], Effect]] = {}
_KEPT_MAX = 4096


def _fields(effect: Effect) -> dict[str, Any]:
    """A new mapping of ``effect``'s fields (its ``model_dump``, made once a model)."""
    found = _DUMPED.get(id(effect))
    if found is None or found[0] is not effect:
        if len(_DUMPED) >= _KEPT_MAX:
            _DUMPED.clear()
        dumped = effect.model_dump()
        lists = any(isinstance(v, list) for v in dumped.values())
        found = _DUMPED[id(effect)] = (effect, dumped, lists)
    if found[2]:  # each list its own, so that the entry may be changed in place
        fields = {k: list(v) if isinstance(v, list) else v for k, v in found[1].items()}
    else:
        fields = dict(found[1])
    if len(_QUEUED) >= _KEPT_MAX:
        _QUEUED.clear()
    _QUEUED[id(fields)] = (fields, effect)
    return fields


def queue(
    state: LairsState,
    explorer: int,
    effects: Sequence[Effect],
    at: int | None = None,
    front: bool = False,
) -> None:
    """Effects that touch ``explorer`` wait in order: after what waits already, or (``front``)
    before it."""
    entries = [{"explorer": explorer, "at": at, "effect": _fields(e)} for e in effects]
    waiting = state.data["queue"]
    if front:
        waiting[0:0] = entries
    else:
        waiting.extend(entries)


def run(state: LairsState) -> None:
    """Run queued effects until one waits for a decision or a check opens."""
    data = state.data
    while data["queue"] and data["ask"] is None and data["check"] is None:
        if data["phase"] != "explore":
            return
        entry = data["queue"].pop(0)
        effect = read(entry["effect"])
        handler_of(effect)(state, int(entry["explorer"]), effect, entry["at"])


def read(fields: dict[str, Any]) -> Effect:
    """A queued effect's mapping as its typed model."""
    queued = _QUEUED.pop(id(fields), None)
    if queued is not None and queued[0] is fields:
        return queued[1]
    key = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in fields.items())
    found = _READ.get(key)
    if found is None:
        name = str(fields["effect"])
        if name in STEPS:
            found = STEPS.model(name).model_validate(fields)
        else:
            found = TRIGGERED.parse(fields, "the effect queue", name)
        if len(_READ) >= _READ_MAX:
            _READ.clear()
        _READ[key] = found
    return found


def handler_of(effect: Effect) -> Handler:
    found = _HANDLERS.get(type(effect))
    if found is None:
        table = STEPS if effect.effect in STEPS else TRIGGERED
        found = _HANDLERS[type(effect)] = table.handler(effect)
    return found


def count_waiting(state: LairsState, model: type[Effect], explorer: int) -> int:
    """How many of one kind of effect wait in the queue for ``explorer``."""
    name = model.model_fields["effect"].default
    return sum(
        1
        for entry in state.data["queue"]
        if entry["effect"]["effect"] == name and entry["explorer"] == explorer
    )


def next_is(state: LairsState, model: type[Effect]) -> bool:
    """Whether the next queued effect is of ``model``'s kind."""
    queued = state.data["queue"]
    return bool(queued) and queued[0]["effect"]["effect"] == model.model_fields["effect"].default


def drop_next(state: LairsState) -> None:
    """The next queued effect is dropped (a Hustle that stops)."""
    _QUEUED.pop(id(state.data["queue"].pop(0)["effect"]), None)


def ask(state: LairsState, kind: str, seat: int | None, **info: Any) -> None:
    """Wait for a decision; in solo the Builder's decisions (seat None) are asked of the rules'
    automaton, :class:`~.rules.solo.SoloBuilder`, which the engine plays at once."""
    if seat is None:
        seat = state.builder_id(int(info.get("explorer", 0)))
    state.data["ask"] = {"kind": kind, "seat": seat, **info}
