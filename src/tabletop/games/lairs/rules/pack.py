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


def take_attributes(s: LairsState, seat: int, cubes: tuple[str, ...]) -> None:
    """Both choose at once, in secret: the cubes go on the mats once every seat has chosen."""
    s.data["attributes"][seat] = list(cubes)
    if all(a is not None for a in s.data["attributes"]):
        for i, chosen in enumerate(s.data["attributes"]):
            for k in chosen:
                s.data["explorers"][i]["spent"][k] += 1
        s.log_public(
            "Attributes chosen: "
            + "; ".join(f"{s.who(i)}: {', '.join(a)}" for i, a in enumerate(s.data["attributes"]))
        )


def adapt(s: LairsState, e: int, frm: str, to: str) -> None:
    """Adaptation: one cube just moved from Fatigued to Spent is swapped for any supply cube."""
    ex = s.data["explorers"][e]
    ex["spent"][frm] -= 1
    ex["spent"][to] += 1
    s.log_public(f"{s.who(e)} adapts: a {frm} cube becomes {to}")


# ---------------------------------------------------------------- Scrounge
def walls_bordering(s: LairsState, e: int, cell: int) -> int:
    """Wall pieces around a space (the printed border is not a Wall piece)."""
    ws = set(s.lair_of(e)["walls"])
    return sum(1 for _, _, edge in grid.neighbours(cell) if edge in ws)


def may_scrounge(s: LairsState, e: int) -> bool:
    ex = s.data["explorers"][e]
    pos = ex["position"]
    return (
        not energy.has_status(ex, "dazzled")
        and exploring.map_empty(ex, pos)
        and pos not in ex["scrounged"]
    )


def scrounge(s: LairsState, e: int) -> None:
    ex = s.data["explorers"][e]
    pos = ex["position"]
    n = walls_bordering(s, e, pos)
    drawn = [c for c in (draw(s.data["junk_deck"], s.rng) for _ in range(n)) if c is not None]
    ex["scrounged"] = sorted({*ex["scrounged"], pos})
    s.log_public(f"{s.who(e)} Scrounges {grid.name(pos)} and draws {len(drawn)} Junk")
    queue(s, e, [FreeCreep()], front=True)
    if len(drawn) == 1:
        ex["junk"].append(drawn[0])
        over_limit(s, e)
    elif drawn:
        ask(s, "keep-junk", e, options=sorted(drawn), drawn=drawn)


def keep_junk(s: LairsState, e: int, card: str) -> None:
    ask = s.data["ask"]
    ex = s.data["explorers"][e]
    others = list(ask["drawn"])
    others.remove(card)
    s.data["junk_deck"].setdefault("discard", []).extend(others)
    ex["junk"].append(card)


def free_creep(s: LairsState, e: int) -> None:
    """After a Scrounge, the explorer may Creep out for free."""
    options = [d for d, _ in exploring.creep_targets(s, e)]
    if options:
        ask(s, "free-creep", e, options=options)


# ---------------------------------------------------------------- Recover, Scavenge
def may_recover(s: LairsState, e: int) -> list[str]:
    ex = s.data["explorers"][e]
    if not exploring.map_empty(ex, ex["position"]):
        return []
    return [k for k in CUBES if ex["fatigued"][k] > 0]


def scavenge(s: LairsState, e: int, cell: int) -> None:
    ex = s.data["explorers"][e]
    ex["scavenge"].remove(cell)
    queue(s, e, [GainJunk(effect="gain-junk", n=2)], front=True)
    s.log_public(f"{s.who(e)} Scavenges at {grid.name(cell)}")


# ---------------------------------------------------------------- Improvise
def improvise(s: LairsState, e: int) -> None:
    ck = s.data["check"]
    v = s.roll_die("basic")
    ck["dice"].append({"t": "basic", "v": v, "src": "improvise"})
    s.log_public(f"{s.who(e)} Improvises and rolls {v}")


# ---------------------------------------------------------------- Junk cards
def card_id(card: str) -> str:
    return card.split("#")[0]


def playable_now(s: LairsState, e: int, in_check: bool) -> list[tuple[str, tuple[Any, ...]]]:
    """(card, argument) pairs the explorer may play now."""
    ex = s.data["explorers"][e]
    out: list[tuple[str, tuple[Any, ...]]] = []
    ck = s.data["check"]
    for card in sorted(set(ex["junk"])):
        j = s.C.junk[card_id(card)]
        t = j.timing
        if in_check:
            kind = ck["kind"]
            if (
                t == "any-check"
                or (t == "disarm-check" and kind == "trap")
                or (t == "fight-check" and kind == "monster")
            ):
                out.append((card, ()))
            continue
        if t == "any" and j.effect.effect == "learn-space":
            out.extend((card, (n,)) for n in exploring.peer_targets_any(s, e))
        elif t == "any" and j.effect.effect == "recover":
            out.extend((card, (k,)) for k in CUBES if ex["fatigued"][k] > 0)
        elif t == "any" and j.effect.effect == "gain-fresh":
            out.extend((card, (k,)) for k in CUBES if ex["spent"][k] > 0)
        elif t == "beside-known-trap" and energy.payments(ex, "junk"):
            out.extend((card, (n,)) for n in exploring.adjacent_known_trap(s, e))
    return out


def play_junk(s: LairsState, e: int, card: str, arg: Any, pay: tuple[str, ...] = ()) -> None:
    ex = s.data["explorers"][e]
    j = s.C.junk[card_id(card)]
    discard_junk_now(s, e, card)
    if pay:
        energy.spend(ex, pay)
    s.log_public(f"{s.who(e)} plays {j.name}")
    JUNK.handler(j.effect)(s, e, j.effect, arg)


def check_stage_options(s: LairsState, e: int) -> bool:
    """Whether anything may happen between the roll and the result (else it resolves at once)."""
    ex = s.data["explorers"][e]
    return bool(energy.payments(ex, "improvise") or playable_now(s, e, True))


def discard_junk_now(s: LairsState, e: int, card: str) -> None:
    s.data["explorers"][e]["junk"].remove(card)
    s.data["junk_deck"].setdefault("discard", []).append(card)


def over_limit(s: LairsState, e: int) -> None:
    """More than three Junk cards: discard the excess at once (the explorer chooses)."""
    ex = s.data["explorers"][e]
    limit = int(s.C.numbers["junk_hand_limit"]["value"])
    if len(ex["junk"]) > limit:
        ask(s, "discard-junk", e, options=sorted(set(ex["junk"])))
