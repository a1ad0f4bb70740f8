"""The greedy Lairs bot: it builds a lair from the generator's plan (at its hardest-but-one level)
and explores from its map sheet alone: Peer into the unknown when a Perception cube is spare, walk
to a Known Chest, else to the nearest Unknown space, fight or disarm when its Fresh cubes buy
enough dice, wait (Conserve) when they do not, and leave by the Exit once it carries two
Treasures, the rival has escaped or the torches run low. Stepping into the unknown with Fatigued
cubes and cubes to spare it sets a Basic cube aside first (Conserved: a Strike passes it by and
it rests a Fatigued cube next turn); Terrified, it keeps away from Monsters (no die may be
bought); with its last cube spent it plays A Bit of Rope if it holds one. It reads views only."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from tabletop.engine import Action
from tabletop.engine.bots import Bot

from . import grid
from .content import CUBES, content
from .decisions import cell_side
from .rules import solo

MEAN = {"basic": 3.5, "power": 5.5}


class GreedyBot(Bot):
    kind = "greedy"
    help = "builds a generated lair; explores greedily for Chests, then the Exit"

    plan: dict[str, Any] | None = None

    # ------------------------------------------------------------ dispatch
    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        kind = view["prompt"]["kind"]
        fn = getattr(self, "on_" + kind.replace("-", "_"), None)
        act = fn(view, legal) if fn is not None else None
        if act is None or act not in legal:
            act = legal[-1] if kind == "after-roll" else legal[0]
        return act

    @staticmethod
    def _first(legal: list[Action], kind: str, **args: Any) -> Action | None:
        for a in legal:
            if a.kind == kind and all(a.get(k) == v for k, v in args.items()):
                return a
        return None

    # ------------------------------------------------------------ before exploring
    def on_draft(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        cards = content()
        return max(legal, key=lambda a: (cards.hazards[a["hazard"]].target, a["hazard"]))

    def on_attributes(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        return self._first(legal, "attributes", cubes=("brawn", "guile", "quickness"))

    def on_build(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        for _ in range(2):
            found = self._build_step(view, legal)
            if found is not None:
                return found
            self.plan = None  # the plan no longer fits what is built: draw up another
        return self._first(legal, "ready")

    def _build_step(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        """The next step towards the plan (a generated lair): take back what differs from it,
        then its Walls, then the Start, the Exit, the Chests and the hazards; None when no step
        of the plan is legal."""
        cards = content()
        lair = view["lair"]
        if self.plan is None:
            self.plan = solo.generate(
                cards, self.rng, list(view["monsters"]), list(view["traps"]), "hard"
            )
        plan = self.plan
        feat, walls = lair["feat"], set(lair["walls"])
        pwalls = set(plan["walls"])
        for c in range(grid.SPACES):
            if feat[c] and feat[c] != plan["feat"][c]:
                return self._first(legal, "take-back", cell=grid.name(c), side="space")
        for e in sorted(walls - pwalls):
            cell, side = cell_side(e)
            a = self._first(legal, "take-back", cell=cell, side=side)
            if a:
                return a
        for e in sorted(pwalls - walls):
            cell, side = cell_side(e)
            a = self._first(legal, "build", piece="wall", cell=cell, side=side)
            if a:
                return a
        order = sorted(
            (c for c in range(grid.SPACES) if plan["feat"][c] and feat[c] is None),
            key=lambda c: (("start", "exit", "chest", plan["feat"][c]).index(plan["feat"][c]), c),
        )
        for c in order:
            a = self._first(legal, "build", piece=plan["feat"][c], cell=grid.name(c), side="space")
            if a:
                return a
        return self._first(legal, "ready")

    # ------------------------------------------------------------ exploring
    def _me(self, view: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        seat = self.seat
        return view["maps"][seat], view["mats"][seat]

    def _path(self, sheet: dict[str, Any], goal: Any, avoid_hazards: bool = True) -> list[int]:
        """Shortest path on the map sheet to a space satisfying ``goal`` (spaces, pos excluded)."""
        start = sheet["pos"]
        map_walls = set(sheet["mwalls"])
        prev: dict[int, int] = {start: -1}
        q = deque([start])
        while q:
            c = q.popleft()
            if c != start and goal(c):
                path = []
                while c != start:
                    path.append(c)
                    c = prev[c]
                return path[::-1]
            if c != start and not sheet["known"][c]:
                continue  # do not plan through the unknown
            if c != start and (sheet["map"][c] or "")[:2] in ("m:", "t:") and avoid_hazards:
                continue
            for _, n, e in grid.neighbours(c):
                if n not in prev and e not in map_walls:
                    prev[n] = c
                    q.append(n)
        return []

    def _dice_needed(self, view: Mapping[str, Any], hazard: str, target: int, fresh: int) -> int:
        pack = view["pack"]
        margin = 2.0 if pack else 1.0
        return int(max(1, -(-(target + margin) // MEAN["basic"])))

    def on_turn(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        cards = content()
        sheet, mat = self._me(view)
        pos = sheet["pos"]
        fresh = sum(mat["fresh"].values())
        here = sheet["map"][pos] or ""
        escape = self._first(legal, "escape")
        late = view["round"] >= view["rounds"] - 3
        leave = len(mat["treasures"]) >= 2 or late or view["horn"] is not None
        if escape and (leave or (view["solo"] and mat["score"]["total"] >= (view["goal"] or 0))):
            return escape
        if not fresh:  # the last cube is gone: a free Junk card may bring one back
            junk = [a for a in legal if a.kind == "junk"]
            rope = [a for a in junk if a["card"].startswith("bit-of-rope")]
            return (rope or junk)[0] if junk else self._first(legal, "conserve")
        # Terrified, no die may be bought against a Monster: keep away from Monsters
        terrified = "terrified" in mat["status"]
        if here[:2] in ("m:", "t:") and not (terrified and here[:2] == "m:"):
            target = sheet["targets"].get(str(pos), cards.hazards[here[2:]].target)
            if fresh >= self._dice_needed(view, here[2:], target, fresh):
                return self._first(legal, "try")
            if fresh < 4:
                return self._first(legal, "conserve")
        if leave:
            path = self._path(sheet, lambda c: sheet["map"][c] == "exit", avoid_hazards=terrified)
        else:
            path = self._path(sheet, lambda c: sheet["map"][c] == "chest", avoid_hazards=terrified)
        if not path:
            path = self._path(sheet, lambda c: not sheet["known"][c])
        if not path:
            path = self._path(sheet, lambda c: sheet["map"][c] == "exit", avoid_hazards=terrified)
        if not path:
            path = self._path(sheet, lambda c: not sheet["known"][c], avoid_hazards=False)
        if not path:
            return self._first(legal, "conserve")
        nxt = path[0]
        dirn = next(d for d, n, _ in grid.neighbours(pos) if n == nxt)
        if not sheet["known"][nxt]:
            peer = self._first(legal, "peer", at=grid.name(nxt))
            if peer and mat["fresh"].get("perception", 0) > 0:
                return peer
        if (
            not sheet["known"][nxt]
            and sum(mat["fatigued"].values())
            and not sum(mat["conserved"].values())
            and fresh >= 3
        ):
            # into the unknown with cubes to spare: set a Basic one aside first (ruling E3): a
            # Strike passes it by, and next turn it rests a Fatigued cube
            a = self._first(legal, "conserve-one", cube="basic")
            if a:
                return a
        there = sheet["map"][nxt] or ""
        if there[:2] in ("m:", "t:"):
            target = sheet["targets"].get(str(nxt), cards.hazards[there[2:]].target)
            if fresh - 1 < self._dice_needed(view, there[2:], target, fresh):
                return self._first(legal, "conserve")
            special = "charge" if there[:2] == "m:" else "sneak"
            attr = "brawn" if special == "charge" else "guile"
            if mat["fresh"].get(attr, 0) > 0:
                a = self._first(legal, special, dir=dirn)
                if a:
                    return a
        straight = 1
        for c in path[1:3]:
            prev = path[straight - 1]
            if grid.step(prev, dirn) == c and sheet["known"][c] and sheet["map"][c] == "empty":
                straight += 1
            else:
                break
        if straight >= 2 and mat["fresh"].get("quickness", 0) > 0:
            a = self._first(legal, "hustle", dir=dirn, steps=straight)
            if a:
                return a
        return self._first(legal, "creep", dir=dirn) or self._first(legal, "conserve")

    def on_pay(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        pays = [a for a in legal if a.kind == "pay"]
        rank = {k: i for i, k in enumerate(("basic", "perception", "knowhow", "quickness",
                                              "guile", "brawn"))}  # fmt: skip
        return min(pays, key=lambda a: (len(a["cubes"]), sum(rank[k] for k in a["cubes"])))

    def on_check(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        cards = content()
        check = view["check"]
        hazard = cards.hazards[check["hz"]]
        weak = set(hazard.weaknesses) if view["pack"] else set()
        bought = [("power" if k in weak else "basic") for k in check["bought"]]
        dice = bought + ["power"] * check["free"]
        expect = sum(MEAN[t] for t in dice)
        margin = 2.0 if view["pack"] and check["kind"] == "monster" else 1.0
        if expect >= check["target"] + margin:
            return self._first(legal, "roll")
        buys = [a for a in legal if a.kind == "buy"]
        if not buys:
            return self._first(legal, "roll")
        order = ["basic", "knowhow", "perception", "guile", "brawn", "quickness"]
        return min(buys, key=lambda a: (a["cube"] not in weak, order.index(a["cube"])))

    def on_after_roll(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        check = view["check"]
        total = sum(d["value"] for d in check["dice"]) + check["adds"]
        if total < check["target"] + (2 if check["kind"] == "monster" else 0):
            for a in legal:
                if a.kind in ("junk", "improvise"):
                    return a
        return self._first(legal, "go")

    def on_cube(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        order = {k: i for i, k in enumerate(CUBES)}
        return min(legal, key=lambda a: (a["basket"] == "fresh", order[a["cube"]]))

    def on_discard(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        cards = content()
        treasures = cards.treasures
        return min(legal, key=lambda a: treasures[a["card"]].vp if a["card"] in treasures else -1)

    def on_display(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        cards = content()
        return max(legal, key=lambda a: cards.treasures[a["card"]].vp)

    def on_appraise(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        cards = content()
        keeps = [a for a in legal if a.kind == "keep"]
        best = max(keeps, key=lambda a: cards.treasures[a["card"]].vp)
        if cards.treasures[best["card"]].vp >= 2:
            return best
        return self._first(legal, "appraise") or best

    def on_adapt(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        return self._first(legal, "adapt", frm="basic", to="brawn") or self._first(legal, "keep")

    def on_free_creep(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        return self._first(legal, "stay")

    def on_rest(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        rank = ("basic", "knowhow", "perception", "quickness", "guile", "brawn")
        return max(legal, key=lambda a: rank.index(a["cube"]))

    def on_swap_quickness(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        return self._first(legal, "swap", cube="basic") or legal[0]

    # ------------------------------------------------------------ the Builder's choices
    def _near_own_exit(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        lair = view["lair"]
        dist = grid.distances(lair["feat"].index("exit"), set(lair["walls"]))
        return min(legal, key=lambda a: (dist[grid.parse(a["cell"])], a["cell"]))

    def on_relocate(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return self._near_own_exit(view, legal)

    def on_beetles(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        """The first Unknown Monster, to the space nearest its own Exit."""
        moves = [a for a in legal if a.kind == "move"]
        if not moves:
            return self._first(legal, "none")
        lair = view["lair"]
        dist = grid.distances(lair["feat"].index("exit"), set(lair["walls"]))
        first = min(grid.parse(a["monster"]) for a in moves)
        mine = [a for a in moves if grid.parse(a["monster"]) == first]
        return min(mine, key=lambda a: (dist[grid.parse(a["to"])], a["to"]))

    def on_grip(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        order = {"fresh": 0, "conserved": 1, "spent": 2}
        return min(legal, key=lambda a: (order[a["basket"]], a["cube"] == "basic", a["cube"]))

    def on_reroll(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        """The Shivers: the explorer's highest dice (as many as it may choose)."""
        dice = view["check"]["dice"]
        return max(legal, key=lambda a: (sum(dice[i]["value"] for i in a["dice"]), -len(a["dice"])))
