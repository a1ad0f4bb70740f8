"""Energy Cubes and the player mat: the Fresh, Spent and Fatigued baskets, paying for actions,
Conserving (during the turn) and resting, Refresh at the start of a turn, penalties that fatigue
or spend cubes, and Status chits moving along the baskets (base rules; Status chits and
Adaptation from the Adventurer's Pack)."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from ..content import CUBES
from ..state import LairsState

# What each action costs: alternatives, each a list of cubes ("any" is a cube of any colour).
# Creep, Hustle, Backtrack and Peer are base actions (the "two any cubes" alternative for the base
# actions is ruling E2); the rest are the Adventurer's Pack's.
COSTS: dict[str, list[list[str]]] = {
    "creep": [["any"]],
    "hustle": [["quickness"], ["any", "any"]],
    "backtrack": [["quickness"], ["any", "any"]],
    "peer": [["perception"], ["any", "any"]],
    "scrounge": [["knowhow"], ["any", "any"]],
    "charge": [["brawn"], ["any", "any"]],
    "sneak": [["guile"], ["any", "any"]],
    "recover": [["brawn"]],
    "appraise": [["perception"]],
    "scavenge": [["knowhow"]],
    "improvise": [["guile"]],
    "junk": [["any"]],
}


# the most cubes any payment takes (the longest alternative, and Sleepy's one more): a basket's
# counts above it change no way to pay, so the memos below read the counts capped at it
_CAP = max(len(alt) for alts in COSTS.values() for alt in alts) + 1


def _capped(basket: dict[str, int]) -> tuple[int, ...]:
    """The Fresh basket's counts by kind (in CUBES order), each at most ``_CAP``: the key of the
    payment memos, so that they stay small however many cubes an explorer holds."""
    return tuple([min(basket[k], _CAP) for k in CUBES])


def total(basket: dict[str, int]) -> int:
    return sum(basket.values())


def has_status(explorer: dict[str, Any], status: str) -> bool:
    return status in explorer["status"]


def payments(
    explorer: dict[str, Any], action: str, sleepy_applies: bool = True
) -> list[tuple[str, ...]]:
    """Every distinct way to pay for ``action`` from the Fresh basket (sorted cube tuples).

    Dazed: every cube counts as Basic when spent, so no Attribute cost can be met. Sleepy: one more
    cube of any kind first (Conserving and buying dice are exempt)."""
    return list(_ways(explorer, action, sleepy_applies))


def can_pay(explorer: dict[str, Any], action: str, sleepy_applies: bool = True) -> bool:
    """Whether :func:`payments` offers any way to pay."""
    return bool(_ways(explorer, action, sleepy_applies))


def payable(explorer: dict[str, Any]) -> dict[str, bool]:
    """:func:`can_pay` of every action that costs cubes, at once (what the explorer's turn asks
    before offering its actions), looked up by the Fresh basket and the Statuses that matter."""
    status = explorer["status"]
    key = (_capped(explorer["fresh"]), "dazed" in status, "sleepy" in status)
    found = _PAYABLE.get(key)
    if found is None:
        fresh: dict[str, int] = explorer["fresh"]
        dazed, sleepy = key[1], key[2]
        found = _PAYABLE[key] = {a: _affords(fresh, a, dazed, sleepy) for a in COSTS}
    return found


def _affords(fresh: dict[str, int], action: str, dazed: bool, sleepy: bool) -> bool:
    """Whether some way to pay for ``action`` exists (:func:`_work_out` is not empty), without
    listing them: an alternative's named cubes are in the basket, and the basket holds as many
    cubes as the alternative (and Sleepy's one more) takes, the "any" cubes being the rest."""
    held = sum(fresh.values())
    for alt in COSTS[action]:
        named = [n for n in alt if n != "any"]
        if named and dazed:
            continue
        if held < len(alt) + sleepy:
            continue
        if all(fresh[k] >= named.count(k) for k in named):
            return True
    return False


_PAYABLE: dict[tuple[Any, ...], dict[str, bool]] = {}
_WAYS: dict[tuple[Any, ...], tuple[tuple[str, ...], ...]] = {}


def _ways(
    explorer: dict[str, Any], action: str, sleepy_applies: bool
) -> tuple[tuple[str, ...], ...]:
    """:func:`payments`, worked out once for each action, count of Fresh cubes by kind and
    status that matters (Dazed, Sleepy), then looked up: the explorer's turn asks it of every
    action kind, every turn."""
    status = explorer["status"]
    counts = _capped(explorer["fresh"])
    dazed, sleepy = "dazed" in status, sleepy_applies and "sleepy" in status
    key = (action, counts, dazed, sleepy)
    found = _WAYS.get(key)
    if found is None:
        fresh = dict(zip(CUBES, counts, strict=True))
        found = _WAYS[key] = _work_out(fresh, action, dazed, sleepy)
    return found


def _work_out(
    fresh: dict[str, int], action: str, dazed: bool, sleepy: bool
) -> tuple[tuple[str, ...], ...]:
    extra = ["any"] if sleepy else []
    out: set[tuple[str, ...]] = set()
    kinds = [k for k in CUBES if fresh[k] > 0]
    for alt in COSTS[action]:
        need = alt + extra
        named = [n for n in need if n != "any"]
        if named and dazed:
            continue
        anys = len(need) - len(named)
        for fill in combinations_with_replacement(kinds, anys):
            pay = tuple(sorted(named + list(fill)))
            counts: dict[str, int] = {}
            for k in pay:
                counts[k] = counts.get(k, 0) + 1
            if all(fresh[k] >= n for k, n in counts.items()):
                out.add(pay)
    return tuple(sorted(out))


def spend(explorer: dict[str, Any], cubes: tuple[str, ...] | list[str]) -> None:
    for k in cubes:
        if explorer["fresh"][k] <= 0:
            raise ValueError(f"no Fresh {k} cube to spend")
        explorer["fresh"][k] -= 1
        explorer["spent"][k] += 1


def conserve(explorer: dict[str, Any], kind: str | None = None) -> int:
    """Conserve (ruling E3), at any time on the explorer's turn: one Fresh cube of ``kind`` (or,
    with none, every Fresh cube left) is set aside as Conserved. It may not be spent this turn,
    ordinary penalties pass it by (E5), it stays Fresh through Refresh and rests a Fatigued
    cube there (:func:`rest`). Returns how many cubes were set aside."""
    kinds = CUBES if kind is None else (kind,)
    n = 0
    for k in kinds:
        m = explorer["fresh"][k] if kind is None else min(1, explorer["fresh"][k])
        if kind is not None and m == 0:
            raise ValueError(f"no Fresh {k} cube to conserve")
        explorer["conserved"][k] += m
        explorer["fresh"][k] -= m
        n += m
    return n


def rest(explorer: dict[str, Any], kind: str) -> None:
    """Before Refresh, a Conserved cube rests one Fatigued cube (ruling E3): it comes back Fresh
    with the Conserved cubes instead of moving only to Spent (kept with them until Refresh)."""
    move_cube(explorer, "fatigued", kind, "conserved")


def refresh(explorer: dict[str, Any]) -> list[str]:
    """Start of a turn: Conserved and Spent cubes become Fresh, Fatigued cubes become Spent, and
    every Status chit moves one basket to the left (leaving the mat from Fresh). Returns the
    colours of the cubes that moved from Fatigued to Spent (for Adaptation)."""
    moved: list[str] = []
    for k in CUBES:
        explorer["fresh"][k] += explorer["conserved"][k] + explorer["spent"][k]
        explorer["conserved"][k] = 0
        explorer["spent"][k] = explorer["fatigued"][k]
        moved.extend([k] * explorer["fatigued"][k])
        explorer["fatigued"][k] = 0
    left = {"fatigued": "spent", "spent": "fresh"}
    for name, basket in list(explorer["status"].items()):
        if basket == "fresh":
            del explorer["status"][name]
        else:
            explorer["status"][name] = left[basket]
    return moved


def gain_status(explorer: dict[str, Any], status: str) -> None:
    """A new Status chit goes to Fatigued; one already held moves back to Fatigued."""
    explorer["status"][status] = "fatigued"


def penalty_sources(explorer: dict[str, Any], cube: str) -> list[tuple[str, str]]:
    """(basket, colour) a penalty may take a cube from: the Fresh cubes first, then Spent ones
    (ruling E5). A Conserved cube is set aside: only the effects that say so reach it (Chain
    Snares, Grip of Fear). ``cube`` is a colour or "any"."""
    for basket in ("fresh", "spent"):
        found = [(basket, k) for k in CUBES if explorer[basket][k] > 0 and cube in ("any", k)]
        if found:
            return found
    return []


def move_cube(explorer: dict[str, Any], basket: str, kind: str, to: str) -> None:
    if explorer[basket][kind] <= 0:
        raise ValueError(f"no {kind} cube in {basket}")
    explorer[basket][kind] -= 1
    explorer[to][kind] += 1


def swap_cube(explorer: dict[str, Any], kind: str, new: str) -> bool:
    """Swap one cube of ``kind`` (wherever it is on the mat, Fresh first) for ``new``."""
    for b in ("fresh", "conserved", "spent", "fatigued"):
        if explorer[b][kind] > 0:
            explorer[b][kind] -= 1
            explorer[b][new] += 1
            return True
    return False


def all_cubes(explorer: dict[str, Any]) -> dict[str, int]:
    out = {k: 0 for k in CUBES}
    for b in ("fresh", "conserved", "spent", "fatigued"):
        for k in CUBES:
            out[k] += explorer[b][k]
    return out


def active(state: LairsState, seat: int) -> bool:
    """Whether the explorer still has unconserved Fresh cubes (the turn goes on)."""
    return total(state.data["explorers"][seat]["fresh"]) > 0


def cube_penalty_apply(state: LairsState, seat: int, op: str, basket: str, kind: str) -> None:
    explorer = state.data["explorers"][seat]
    move_cube(explorer, basket, kind, "spent" if op == "spend" else "fatigued")
    verb = "spends" if op == "spend" else "fatigues"
    state.log_public(f"{state.who(seat)} {verb} a {kind} cube")
