"""Scenario builder for Lairs tests (``Game.build_state``): lairs written by their spaces, explorers
placed with given cubes, dice rigged in order, so a test reads like a rulebook example::

    {
      "lairs": [{"start": "A1", "exit": "F6", "chests": ["B2"], "monsters": {"C3": "autoflail"},
                 "traps": {"D4": "greased-pit"}, "walls": ["A1|A2"]}, {...}],
      "explorers": [{"pos": "C2", "fresh": {"basic": 4}, "known": ["C2", "C3"]}, {...}],
      "turn": 0, "dice": [5, 4, 2, 2], "monster_dice": ["-2", "skull"],
    }

``lairs[i]`` is the lair seat ``i`` built (in solo, the one lair). Unlisted explorer fields keep
their start-of-game values; an explorer stands on the Start of the lair it explores unless
``pos`` says otherwise, and knows the Start and every space listed in ``known``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from tabletop.engine import Game, chance
from tabletop.engine.content import Spec, validate_spec

from . import grid
from .content import CUBES
from .rules import exploring
from .rules.treasure import refill_display
from .state import LairsState, install_lair


class LairSpec(Spec):
    """One lair by its spaces (``"B2"``) and Wall edges (``"A1|A2"``)."""

    start: str
    exit: str | None = None
    chests: list[str] = []
    monsters: dict[str, str] = {}
    traps: dict[str, str] = {}
    walls: list[str] = []
    targets: dict[str, int] = {}


class ExplorerSpec(Spec):
    """An explorer: where it stands, its cubes by basket, what it knows and carries."""

    pos: str | None = None
    prev: str | None = None
    fresh: dict[str, int] | None = None
    spent: dict[str, int] | None = None
    fatigued: dict[str, int] | None = None
    conserved: dict[str, int] | None = None
    known: list[str] = []
    visited: list[str] = []
    treasures: list[str] | None = None
    junk: list[str] | None = None
    trophies: list[str] | None = None
    status: dict[str, str] | None = None
    notes: int | None = None


class ScenarioSpec(Spec):
    """A whole scenario: every key at every level is one of these, or the spec is refused."""

    lairs: list[LairSpec] = Field(min_length=1)
    explorers: list[ExplorerSpec] | None = None
    turn: int = 0
    dice: list[int | str] = []
    monster_dice: list[int | str] = []
    display: list[str] | None = None
    treasure_deck: list[str] | None = None
    junk_deck: list[str] | None = None
    rounds: int | None = None


def lair_from(spec: Mapping[str, Any]) -> dict[str, Any]:
    lair: dict[str, Any] = {"ready": True, "target": {}}
    feat: list[str | None] = [None] * grid.SPACES
    feat[grid.parse(spec["start"])] = "start"
    if "exit" in spec:
        feat[grid.parse(spec["exit"])] = "exit"
    for c in spec.get("chests", []):
        feat[grid.parse(c)] = "chest"
    for c, m in spec.get("monsters", {}).items():
        feat[grid.parse(c)] = f"m:{m}"
    for c, t in spec.get("traps", {}).items():
        feat[grid.parse(c)] = f"t:{t}"
    lair["feat"] = feat
    lair["walls"] = sorted(grid.parse_edge(w) for w in spec.get("walls", []))
    lair["ready"] = True
    lair["target"] = {str(grid.parse(c)): int(v) for c, v in spec.get("targets", {}).items()}
    return lair


def build(game: Game, spec: Mapping[str, Any], seed: int) -> LairsState:
    validate_spec(ScenarioSpec, spec, game.name)  # an unknown key anywhere is refused, by path
    s = game.new_state(seed)
    assert isinstance(s, LairsState)
    data = s.data
    data["draft"] = None
    lairs = [lair_from(x) for x in spec["lairs"]]
    for i, lair in enumerate(lairs):
        install_lair(data, i, lair)
    hazard = {f[2:] for lair in lairs for f in lair["feat"] if f and f[:2] in ("m:", "t:")}
    data["monsters"] = sorted(h for h in hazard if h in s.content.monsters) or data["monsters"]
    data["traps"] = sorted(h for h in hazard if h in s.content.traps) or data["traps"]
    data["phase"] = "explore"
    data["round"] = 1
    data["first"] = int(spec.get("turn", 0))
    data["turn"] = data["first"]
    if data["pack"]:
        data["attributes"] = [[] for _ in data["explorers"]]
    for e, exspec in enumerate(spec.get("explorers", [{}] * len(data["explorers"]))):
        explorer = data["explorers"][e]
        lair = s.lair_of(e)
        start = lair["feat"].index("start")
        for b in ("fresh", "spent", "fatigued", "conserved"):
            if b in exspec or "fresh" in exspec:
                explorer[b] = {k: int(exspec.get(b, {}).get(k, 0)) for k in CUBES}
        explorer["position"] = start
        explorer["visited"][start] = True
        exploring.learn(s, e, start, entering=True)
        for c in exspec.get("known", []):
            exploring.learn(s, e, grid.parse(c), entering=False)
        for c in exspec.get("visited", []):
            explorer["visited"][grid.parse(c)] = True
        if "pos" in exspec:
            pos = grid.parse(exspec["pos"])
            explorer["position"] = pos
            explorer["visited"][pos] = True
            exploring.learn(s, e, pos, entering=True)
        if "prev" in exspec:
            explorer["previous"] = grid.parse(exspec["prev"])
        for key in ("treasures", "junk", "trophies"):
            if key in exspec:
                explorer[key] = list(exspec[key])
        if "status" in exspec:
            explorer["status"] = dict(exspec["status"])
        if "notes" in exspec:
            explorer["notes"] = int(exspec["notes"])
    if "display" in spec:
        data["display"] = list(spec["display"])
    elif not data["display"]:
        refill_display(s)
    if "treasure_deck" in spec:
        data["treasure"]["draw"] = list(reversed(spec["treasure_deck"]))
    if "junk_deck" in spec and data["junk_deck"] is not None:
        data["junk_deck"]["draw"] = list(reversed(spec["junk_deck"]))
    if "dice" in spec:
        chance.force(s, "dice", *spec["dice"])
    if "monster_dice" in spec:
        chance.force(s, "monster dice", *spec["monster_dice"])
    if "rounds" in spec:
        data["rounds"] = int(spec["rounds"])
    s.sync_knowledge()
    s.invalidate()
    return s
