"""Solo: a lair generated from a seed at a chosen difficulty, and the engine as the Builder.

No published Lairs game offers solo play; this mode is designed (rulings in "Solo"). The
generator lays walls at random while every space stays reachable, places the Start, the Exit
(farther from the Start as the difficulty rises), the Chests, then the hazards, each on a space
allowed by the three legality rules and the hazard's own placement limit (at higher difficulty on
the spaces the most paths from the Start cross). Every generated lair passes the same legality
check a player's lair must pass before it is ready. Harder levels also add to every Target, ask
for more VP and give fewer rounds.

The automaton Builder answers the Builder's hidden choices with fixed, sensible policies: the
Gloombat and Howling Beetles' Monster go to the Unknown Empty space nearest the Exit; Grip of Fear
takes the explorer's rarest Fresh cube; The Shivers rerolls the explorer's two best dice.
"""

from __future__ import annotations

from typing import Any, cast

from tabletop.engine import Action, Automaton, State
from tabletop.engine.rng import Rng

from .. import grid
from ..content import CUBES, Content
from ..state import LairsState
from . import building

LEVELS = ("easy", "mid", "hard", "very-hard")


def _walls(rng: Rng, count: int) -> set[int]:
    order = list(range(grid.EDGES))
    rng.shuffle(order)
    walls: set[int] = set()
    leave = grid.leavers(())
    for e in order:
        if len(walls) >= count:
            break
        # the lair is connected so far: the Wall cuts it only if its two spaces are now apart
        trial = grid.with_wall(leave, e)
        a, b = grid.edge_cells(e)
        if grid.joined_left(a, b, trial):
            walls.add(e)
            leave = trial
    return walls


def _through(start: int, walls: set[int]) -> list[int]:
    """How many shortest paths from the Start (to every space) pass each space: a crude measure
    of a chokepoint."""
    dist = grid.distances(start, walls)
    # each space's path steps to its lowest-numbered neighbour one step nearer: the paths form
    # a tree, and a space is crossed by the paths of the spaces of its subtree, itself included
    weight = [0] * grid.SPACES
    for c in sorted(range(grid.SPACES), key=lambda c: -dist[c]):
        if dist[c] <= 0:
            continue
        weight[c] += 1
        parent = min(
            n for _, n, e in grid.neighbours(c) if e not in walls and dist[n] == dist[c] - 1
        )
        if dist[parent] > 0:
            weight[parent] += weight[c]
    return weight


def generate(
    content: Content, rng: Rng, monsters: list[str], traps: list[str], level: str
) -> dict[str, Any]:
    """A legal lair (``feat`` and ``walls``) for the chosen hazards at a difficulty level."""
    diff = content.difficulties[level]
    rank = LEVELS.index(level)
    fake = {"monsters": monsters, "traps": traps}
    for _attempt in range(200):
        walls = _walls(rng, diff.walls)
        if len(walls) < content.walls_min:
            continue
        feat: list[str | None] = [None] * grid.SPACES
        start = rng.below(grid.SPACES)
        feat[start] = "start"
        dist = grid.distances(start, walls)
        far = sorted(range(grid.SPACES), key=lambda c: (-dist[c], c))
        # easy: the Exit anywhere in the far half; very hard: among the 3 farthest spaces
        pool = far[: max(3, 18 - 5 * rank)]
        feat[rng.choice(pool)] = "exit"
        free = [c for c in range(grid.SPACES) if feat[c] is None]
        for c in rng.sample(free, content.chests):
            feat[c] = "chest"
        near = [c for c in range(grid.SPACES) if c != start and dist[c] > 1]
        if rank >= 2:
            # the most crossed legal spaces: the first few in that order (the search stops)
            weight = _through(start, walls)
            near.sort(key=lambda c: (-weight[c], c))
        ok = True
        lair = {"feat": feat, "walls": sorted(walls)}  # feat filled in place
        for piece in [f"m:{m}" for m in monsters] + [f"t:{t}" for t in traps]:
            if rank >= 2:
                cells = building.legal_cells(lair, piece, content, near, max(3, 10 - 2 * rank))
            else:
                cells = building.legal_cells(lair, piece, content, near)
            if not cells:
                ok = False
                break
            feat[rng.choice(cells)] = piece
        if not ok:
            continue
        lair = {"feat": feat, "walls": sorted(walls), "ready": True, "target": {}}
        if building.ready_problem(fake, lair, content) is None:
            return lair
    raise RuntimeError(f"lairs: no legal lair generated for {monsters} {traps} at {level}")


# ---------------------------------------------------------------- the automaton Builder
def _nearest_exit(state: LairsState, seat: int, options: list[int]) -> int:
    lair = state.lair_of(seat)
    dist = grid.distances(lair["feat"].index("exit"), set(lair["walls"]))
    return min(options, key=lambda c: (dist[c], c))


class SoloBuilder(Automaton):
    """The solo game's Builder, an automaton of the rules (ruling O3): the engine asks it, like
    a builder seat, each hidden choice (the Gloombat's retreat, the Howling Beetles, the Grip of
    Fear, the Shivers' rerolls) and plays its answer. Its policy: move a Monster to the Unknown
    Empty space nearest the Exit (the first Unknown Monster, for the Beetles), fatigue the
    explorer's scarcest cube (preferring a Fresh or Conserved one), reroll the highest dice."""

    name = "the Builder"

    def act(self, state: State, who: int) -> Action:
        s = cast("LairsState", state)
        data = s.data
        ask = data["ask"]
        if ask is None:  # the Shivers: the two highest dice, in one choice
            check = data["check"]
            best = sorted(range(len(check["dice"])), key=lambda i: (-check["dice"][i]["value"], i))
            return Action.of("reroll", dice=tuple(sorted(best[: check["rerolls_allowed"]])))
        e = ask["explorer"]
        kind = ask["kind"]
        if kind == "relocate":
            return Action.of("to", cell=grid.name(_nearest_exit(s, e, ask["options"])))
        if kind == "beetles":
            if not ask["options"]:
                return Action.of("none")
            first = min(m for m, _ in ask["options"])
            to = _nearest_exit(s, e, [t for m, t in ask["options"] if m == first])
            return Action.of("move", monster=grid.name(first), to=grid.name(to))
        if kind == "grip":
            explorer = data["explorers"][e]
            counts = {
                k: explorer["fresh"][k] + explorer["conserved"][k] + explorer["spent"][k]
                for k in CUBES
            }
            basket, cube = min(ask["options"], key=lambda o: (o[0] == "spent", counts[o[1]], o[1]))
            return Action.of("cube", basket=basket, cube=cube)
        raise ValueError(f"lairs: the solo Builder has no policy for {kind!r}")
