"""The engine's uniform random draw of a legal action: the ``random`` bot's choice, the random
playouts of the benchmarks and the simulations, compiled with the kernel (it runs once an action
in every random playout)."""

from __future__ import annotations

from .actions import Action
from .protocol import State
from .rng import Rng
from .templates import Template

TRIES = 64  # combinations drawn from a templated decision before its full list is made


def random_action(state: State, seat: int, rng: Rng) -> Action:
    """A legal action of ``seat`` drawn uniformly at random from ``rng``. A decision offered as
    templates (hundreds of placements) is not listed: the game's own draw (``State._draw``,
    legal by construction) when it has one; else a combination of a template's parameters is
    drawn (each template in proportion to its size) and kept when the game's legality check
    accepts it, and after :data:`TRIES` refusals the full list is drawn from. Every legal action
    is equally likely either way (a combination that several templates admit is kept with one
    chance in that many). Any other decision is ``legal[rng.below(len(legal))]``, the same draws
    as picking from the list."""
    if seat in (state._prompt_cache or state.prompt()).seats:
        if state._offers_templates():
            drawn = state.draw(seat, rng)
            if drawn is not None:
                return drawn
            templates = state.templates(seat)
            if templates:
                return _from_templates(state, seat, rng, templates)
        listed = state._legal(seat)  # the deciding seat's cached list (only read here)
        return listed[rng.below(len(listed))]
    legal = state.legal_actions(seat)  # a committed seat: its options and withdraw
    return legal[rng.below(len(legal))]


def _from_templates(state: State, seat: int, rng: Rng, templates: list[Template]) -> Action:
    """A legal action of a templated decision, drawn by rejection (see :func:`random_action`)."""
    sizes = [t.size() for t in templates]
    total = sum(sizes)
    for _ in range(TRIES if total else 0):
        pick, k = rng.below(total), 0
        while pick >= sizes[k]:
            pick -= sizes[k]
            k += 1
        t = templates[k]
        values = {}
        for p in reversed(t.params):  # the combination numbered ``pick``, in offer order
            pick, i = divmod(pick, len(p.domain))
            values[p.name] = p.domain[i]
        action = t.action(**values)
        # the seat decides now, so only the action is checked (no refusal is explained)
        if not state._admitted(seat, action):
            continue
        twins = sum(1 for u in templates if u.admits(action))
        if twins == 1 or rng.below(twins) == 0:
            return action
    legal = state._legal(seat)
    return legal[rng.below(len(legal))]
