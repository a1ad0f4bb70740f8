"""The Adventurer's Pack: Attributes, Adaptation, the seven new actions and Junk cards.

Scrounge, Appraise (see :mod:`.treasure`), Scavenge, Charge, Sneak, Recover and Improvise; Junk
cards are played by discarding them, at the time their text allows; a hand holds at most three.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from tabletop.engine.piles import draw

from .. import grid
from ..content import CUBES, JUNK, GainJunk
from ..state import LairsState
from ..steps import FreeCreep
from . import energy, exploring
from .queue import ask, queue

ATTRIBUTE_CHOICES = ("perception", "quickness", "knowhow", "brawn", "guile")


def attribute_sets() -> list[tuple[str, ...]]:
    """Three different Attribute cubes (After Building Lairs: Choose Your Attributes)."""
    return [tuple(sorted(c)) for c in combinations(ATTRIBUTE_CHOICES, 3)]


def take_attributes(state: LairsState, seat: int, cubes: tuple[str, ...]) -> None:
    """Both choose at once, in secret: the cubes go on the mats once every seat has chosen."""
    state.data["attributes"][seat] = list(cubes)
    if all(a is not None for a in state.data["attributes"]):
        for i, chosen in enumerate(state.data["attributes"]):
            for k in chosen:
                state.data["explorers"][i]["spent"][k] += 1
        state.log_public(
            "Attributes chosen: "
            + "; ".join(
                f"{state.who(i)}: {', '.join(a)}" for i, a in enumerate(state.data["attributes"])
            )
        )


def adapt(state: LairsState, seat: int, frm: str, to: str) -> None:
    """Adaptation: one cube just moved from Fatigued to Spent is swapped for any supply cube."""
    explorer = state.data["explorers"][seat]
    explorer["spent"][frm] -= 1
    explorer["spent"][to] += 1
    state.log_public(f"{state.who(seat)} adapts: a {frm} cube becomes {to}")


# ---------------------------------------------------------------- Scrounge
def walls_bordering(state: LairsState, seat: int, cell: int) -> int:
    """Wall pieces around a space (the printed border is not a Wall piece)."""
    ws = set(state.lair_of(seat)["walls"])
    return sum(1 for _, _, edge in grid.neighbours(cell) if edge in ws)


def may_scrounge(state: LairsState, seat: int) -> bool:
    explorer = state.data["explorers"][seat]
    pos = explorer["position"]
    return (
        not energy.has_status(explorer, "dazzled")
        and exploring.map_empty(explorer, pos)
        and pos not in explorer["scrounged"]
    )


def scrounge(state: LairsState, seat: int) -> None:
    explorer = state.data["explorers"][seat]
    pos = explorer["position"]
    n = walls_bordering(state, seat, pos)
    drawn = [
        c for c in (draw(state.data["junk_deck"], state.rng) for _ in range(n)) if c is not None
    ]
    explorer["scrounged"] = sorted({*explorer["scrounged"], pos})
    state.log_public(f"{state.who(seat)} Scrounges {grid.name(pos)} and draws {len(drawn)} Junk")
    queue(state, seat, [FreeCreep()], front=True)
    if len(drawn) == 1:
        explorer["junk"].append(drawn[0])
        over_limit(state, seat)
    elif drawn:
        ask(state, "keep-junk", seat, options=sorted(drawn), drawn=drawn)


def keep_junk(state: LairsState, seat: int, card: str) -> None:
    ask = state.data["ask"]
    explorer = state.data["explorers"][seat]
    others = list(ask["drawn"])
    others.remove(card)
    state.data["junk_deck"].setdefault("discard", []).extend(others)
    explorer["junk"].append(card)


def free_creep(state: LairsState, seat: int) -> None:
    """After a Scrounge, the explorer may Creep out for free."""
    options = [d for d, _ in exploring.creep_targets(state, seat)]
    if options:
        ask(state, "free-creep", seat, options=options)


# ---------------------------------------------------------------- Recover, Scavenge
def may_recover(state: LairsState, seat: int) -> list[str]:
    explorer = state.data["explorers"][seat]
    if not exploring.map_empty(explorer, explorer["position"]):
        return []
    return [k for k in CUBES if explorer["fatigued"][k] > 0]


def scavenge(state: LairsState, seat: int, cell: int) -> None:
    explorer = state.data["explorers"][seat]
    explorer["scavenge"].remove(cell)
    queue(state, seat, [GainJunk(effect="gain-junk", n=2)], front=True)
    state.log_public(f"{state.who(seat)} Scavenges at {grid.name(cell)}")


# ---------------------------------------------------------------- Improvise
def improvise(state: LairsState, seat: int) -> None:
    check = state.data["check"]
    v = state.roll_die("basic")
    check["dice"].append({"type": "basic", "value": v, "source": "improvise"})
    state.log_public(f"{state.who(seat)} Improvises and rolls {v}")


# ---------------------------------------------------------------- Junk cards
def card_id(card: str) -> str:
    return card.split("#")[0]


def playable_now(state: LairsState, seat: int, in_check: bool) -> list[tuple[str, tuple[Any, ...]]]:
    """(card, argument) pairs the explorer may play now."""
    explorer = state.data["explorers"][seat]
    out: list[tuple[str, tuple[Any, ...]]] = []
    check = state.data["check"]
    for card in sorted(set(explorer["junk"])):
        j = state.content.junk[card_id(card)]
        t = j.timing
        if in_check:
            kind = check["kind"]
            if (
                t == "any-check"
                or (t == "disarm-check" and kind == "trap")
                or (t == "fight-check" and kind == "monster")
            ):
                out.append((card, ()))
            continue
        if t == "any" and j.effect.effect == "learn-space":
            out.extend((card, (n,)) for n in exploring.peer_targets_any(state, seat))
        elif t == "any" and j.effect.effect == "recover":
            out.extend((card, (k,)) for k in CUBES if explorer["fatigued"][k] > 0)
        elif t == "any" and j.effect.effect == "gain-fresh":
            out.extend((card, (k,)) for k in CUBES if explorer["spent"][k] > 0)
        elif t == "beside-known-trap" and energy.payments(explorer, "junk"):
            out.extend((card, (n,)) for n in exploring.adjacent_known_trap(state, seat))
    return out


def play_junk(state: LairsState, seat: int, card: str, arg: Any, pay: tuple[str, ...] = ()) -> None:
    explorer = state.data["explorers"][seat]
    j = state.content.junk[card_id(card)]
    discard_junk_now(state, seat, card)
    if pay:
        energy.spend(explorer, pay)
    state.log_public(f"{state.who(seat)} plays {j.name}")
    JUNK.handler(j.effect)(state, seat, j.effect, arg)


def check_stage_options(state: LairsState, seat: int) -> bool:
    """Whether anything may happen between the roll and the result (else it resolves at once)."""
    explorer = state.data["explorers"][seat]
    return bool(energy.payments(explorer, "improvise") or playable_now(state, seat, True))


def discard_junk_now(state: LairsState, seat: int, card: str) -> None:
    state.data["explorers"][seat]["junk"].remove(card)
    state.data["junk_deck"].setdefault("discard", []).append(card)


def over_limit(state: LairsState, seat: int) -> None:
    """More than three Junk cards: discard the excess at once (the explorer chooses)."""
    explorer = state.data["explorers"][seat]
    limit = int(state.content.numbers["junk_hand_limit"]["value"])
    if len(explorer["junk"]) > limit:
        ask(state, "discard-junk", seat, options=sorted(set(explorer["junk"])))
