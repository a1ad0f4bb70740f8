# Over 600 lines: the 21 decisions of the game, a short class each, in one table.
"""Every kind of decision in Lairs, each declared once: who decides, its text, its legal actions
(worked out only from what that seat knows), how it is carried out, and its words.

Kinds: ``draft`` (Pack drafting), ``build`` (both builders at once, in secret), ``attributes``
(Pack, both at once), ``turn`` (the explorer's actions), ``pay`` (which cubes pay for an action),
``check`` (buying dice), ``after-roll`` (Improvise, Junk), ``reroll`` (the Builder's Shivers), and
the explorer's and Builder's answers to effects (``cube``, ``discard``, ``display``, ``appraise``,
``keep-junk``, ``discard-junk``, ``free-creep``, ``adapt``, ``rest``, ``swap-quickness``,
``relocate``, ``beetles``, ``grip``)."""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from tabletop.engine import Action, Param, Rng, Template, draws
from tabletop.engine.decisions import Decision, DecisionTable

from . import grid
from .content import CUBES
from .rules import builder, building, checks, energy, exploring, pack, setup, treasure, turns
from .rules.energy import COSTS
from .rules.queue import queue
from .state import LairsState
from .steps import enter_space, hustle_step

DECISIONS = DecisionTable("lairs")


class LairsDecision(Decision["LairsState"]):
    """A Lairs decision: its words for an action come from :meth:`say`; an action a client made
    up (a missing or misspelt argument) has its plain form for words."""

    def words(self, state: LairsState, action: Action, seat: int) -> str:
        try:
            return self.say(state, action)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            return str(action)

    def say(self, state: LairsState, action: Action) -> str:
        return str(action)


class AskedDecision(LairsDecision):
    """A decision an effect asked (``data["ask"]``): the seat it names decides."""

    def seats(self, state: LairsState) -> tuple[int, ...]:
        return (int(state.data["ask"]["seat"]),)


def _pays(pay: tuple[str, ...]) -> str:
    return " + ".join(pay) if pay else "free"


# ---------------------------------------------------------------- before exploring
class Draft(LairsDecision):
    """Hazard Selection, drafting: alternate choosing one Hazard each until three of each."""

    kind = "draft"
    offers = ("draft",)

    def seats(self, state: LairsState) -> tuple[int, ...]:
        return (int(state.data["draft"]["next"]),)

    def text(self, state: LairsState, seat: int) -> str:
        return "Draft a Hazard for both lairs"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [
            Action.of("draft", hazard=h) for h in building.draft_options(state.data, state.content)
        ]

    def apply(self, state: LairsState, seat: int, action: Action) -> None:
        state.log_public(
            f"{state.seat_name(seat)} drafts the {state.content.hazards[action['hazard']].name}"
        )
        if building.draft_pick(state.data, state.content, action["hazard"]):
            setup.after_selection(state)

    def say(self, state: LairsState, action: Action) -> str:
        return f"Draft the {state.content.hazards[action['hazard']].name}"


DECISIONS.declare(Draft)


SIDES = ("space", "east", "south")  # where on a space a piece goes: a feature, or a Wall edge
SIDE_LABELS = ("on the space", "on its east edge", "on its south edge")


def side_of(side: str) -> str | None:
    """The direction of a Wall side (``None`` for a feature on the space itself)."""
    return {"east": "e", "south": "s"}.get(side)


def edge_at(cell: str, side: str) -> int | None:
    """The edge named by a space and a Wall side, or None (the printed border, or a feature)."""
    data = side_of(side)
    return None if data is None else grid.side_edge(grid.parse(cell), data)


def cell_side(e: int) -> tuple[str, str]:
    """The (space, side) that names an edge: the space west of it or north of it."""
    a, b = grid.edge_cells(e)
    return grid.name(a), "east" if b == a + 1 else "south"


@cache
def build_params() -> tuple[Param, Param]:
    """The space and side parameters of the building templates: static, made once."""
    cells = [grid.name(c) for c in range(grid.SPACES)]
    return (
        Param.of("cell", cells, "space"),
        Param.of("side", SIDES, "where on the space", SIDE_LABELS),
    )


READY = Template.of("ready", text="The lair is ready.")
READY_ACTION = Action.of("ready")


@cache
def placing(piece: str, cell: int | None, edge: int | None) -> Action:
    """The build action placing ``piece`` on space ``cell`` or, for a Wall, on ``edge``; with
    no piece, the take-back of what stands there. Made once a process and shared (an Action is
    immutable): listing a lair's placements makes hundreds."""
    if edge is not None:
        where, side = cell_side(edge)
    else:
        assert cell is not None
        where, side = grid.name(cell), "space"
    if not piece:
        return Action.of("take-back", cell=where, side=side)
    return Action.of("build", piece=piece, cell=where, side=side)


def _required(state: LairsState) -> tuple[tuple[str, int], ...]:
    """The pieces a lair needs (:func:`building.pieces_required`), in name order, worked out once
    a game for its Hazards."""
    data = state.data
    monsters: list[str] = data["monsters"]
    traps: list[str] = data["traps"]
    key = (tuple(monsters), tuple(traps))
    memo = state.game.memo.setdefault("build_pieces_required", {})
    found: tuple[tuple[str, int], ...] | None = memo.get(key)
    if found is None:
        if len(memo) >= 4096:  # a bound on what a long simulation keeps
            memo.clear()
        found = memo[key] = tuple(sorted(building.pieces_required(data, state.content).items()))
    return found


class Build(LairsDecision):
    """Building a lair, offered as templates (see :mod:`tabletop.engine.templates`): ``build
    piece cell side`` (a feature on a space, or a Wall on a space's east or south edge), ``take-back
    cell side`` (a placed feature or Wall), and ``ready`` once the lair is complete and legal. One
    action's legality is one check of the lair (:func:`building.place_problem`), never a listing
    of every placement."""

    kind = "build"
    offers = ("build", "take-back", "ready")

    def seats(self, state: LairsState) -> tuple[int, ...]:
        return tuple(i for i, lair in enumerate(state.data["lairs"]) if not lair["ready"])

    def text(self, state: LairsState, seat: int) -> str:
        # both builders decide at once: the prompt says nothing of either's pieces
        return "Build your lair"

    def templates(self, state: LairsState, seat: int) -> list[Template]:
        content, data = state.content, state.data
        # the templates depend only on the pieces left, whether anything is placed and whether
        # the lair is complete: those are counted straight from the data (no Lair made), and
        # the templates for each are made once a game
        walls = len(data["lairs"][seat]["walls"])
        placed: dict[str, int] = {}
        for f in state.feat(seat):
            if f is not None:
                placed[f] = placed.get(f, 0) + 1
        left = tuple([p for p, n in _required(state) if n > placed.get(p, 0)])
        pieces = left + (("wall",) if walls < content.walls_max else ())
        # complete: ready (every step kept the lair legal; is_legal checks it in full)
        key = (pieces, bool(walls or placed), not left and walls >= content.walls_min)
        memo = state.game.memo.setdefault("build_templates", {})
        found: list[Template] | None = memo.get(key)
        if found is None:
            found = memo[key] = self._make_templates(state, *key)
        return list(found)

    def _make_templates(
        self, state: LairsState, pieces: tuple[str, ...], placed: bool, ready: bool
    ) -> list[Template]:
        """The templates for the pieces left (static per set of pieces: made once a game)."""
        cell, side = build_params()
        out = []
        if pieces:
            piece = Param.of("piece", pieces, "piece", [piece_name(state, p) for p in pieces])
            out.append(
                Template.of(
                    "build",
                    piece,
                    cell,
                    side,
                    text="Place a piece: a feature on a space, or a Wall on a space's edge.",
                )
            )
        if placed:
            out.append(
                Template.of(
                    "take-back", cell, side, text="Take back the feature or Wall placed there."
                )
            )
        if ready:
            out.append(READY)
        return out

    def draw(self, state: LairsState, seat: int, rng: Rng) -> Action | None:
        """The engine's own draw from these templates (:func:`tabletop.engine.draws.random_action`
        by rejection: up to ``TRIES`` combinations numbered ``rng.below(total)`` in offer order,
        then the full list), made here with the same numbers from ``rng`` and so the same action,
        but each refused combination refused from its numbers, without making an Action and
        asking the engine: the same games as before, every legal action equally likely. No
        combination is admitted by two templates (their kinds differ), so the engine's draw
        among twins never happens."""
        templates = state.templates(seat) or []
        sizes = [t.size() for t in templates]
        total = sum(sizes)
        lair = state.lair_read(seat)  # only read here
        ctx: building.Placing | None = None  # the lair's masks, once a draw
        for _ in range(draws.TRIES if total else 0):
            pick, k = rng.below(total), 0
            while pick >= sizes[k]:
                pick -= sizes[k]
                k += 1
            t = templates[k]
            if t.kind == "ready":
                if building.ready_problem(state.data, lair, state.content) is None:
                    return READY_ACTION
                continue
            # the parameters are (piece,) cell, side: decoded last first, as the engine does
            side = pick % len(SIDES)
            pick //= len(SIDES)
            cell = pick % grid.SPACES
            pick //= grid.SPACES
            piece = "" if t.kind == "take-back" else t.params[0].domain[pick]
            if ctx is None:
                ctx = building.placing_context(lair)
            found = self._placing_if_legal(state, lair, piece, cell, side, ctx)
            if found is not None:
                return found
        legal = state._legal(seat)
        return legal[rng.below(len(legal))]

    def _placing_if_legal(
        self,
        state: LairsState,
        lair: dict[str, Any],
        piece: Any,
        cell: int,
        side: int,
        ctx: building.Placing,
    ) -> Action | None:
        """The build action (``piece``; none: the take-back) at space ``cell`` and side number
        ``side`` when :meth:`is_legal` accepts it, else None (``ctx``: the lair's
        :func:`building.placing_context`)."""
        content = state.content
        if side == 0:  # on the space
            if not piece:
                return placing("", cell, None) if lair["feat"][cell] is not None else None
            if piece == "wall":
                return None
            ok = building.placement_ok(lair, piece, cell, -1, content, ctx)
            return placing(piece, cell, None) if ok else None
        if piece and piece != "wall":
            return None  # a feature stands on a space, not on an edge
        e = grid.side_edge(cell, "e" if side == 1 else "s")
        if e is None:
            return None  # the printed border
        if not piece:
            if e not in lair["walls"] or not building.removable_edges(lair, content, only=e):
                return None
        elif not building.placement_ok(lair, "wall", -1, e, content, ctx):
            return None
        return placing(piece, None, e)

    def is_legal(self, state: LairsState, seat: int, action: Action) -> bool:
        # admitted by a template: its piece is one of the pieces left
        return self.problem(state, seat, action, admitted=True) is None

    def explain(self, state: LairsState, seat: int, action: Action) -> str | None:
        """The building rule a well-formed build action breaks, in the rulebook's words."""
        if action.kind not in self.offers:
            return None
        try:
            return self.problem(state, seat, action)
        except (KeyError, ValueError, TypeError):
            return None

    def problem(
        self, state: LairsState, seat: int, action: Action, admitted: bool = False
    ) -> str | None:
        """Why a build action (of the right shape) breaks a rule now, or None."""
        lair, content = state.lair(seat), state.content
        if action.kind == "ready":
            return building.ready_problem(state.data, lair, content)
        cell, side = action["cell"], action["side"]
        if action.kind == "take-back":
            if side == "space":
                if lair["feat"][grid.parse(cell)] is None:
                    return f"nothing stands on {cell} to take back"
                return None
            e = edge_at(cell, side)
            if e is None or e not in lair["walls"]:
                return f"there is no Wall on the {side} edge of {cell} to take back"
            if e not in building.removable_edges(lair, content, only=e):
                return "taking that Wall back would break a hazard's placement limit"
            return None
        piece = action["piece"]
        if (
            not admitted
            and piece != "wall"
            and piece not in building.pieces_left(state.data, lair, content)
        ):
            return f"no {piece} is left to place"
        if piece == "wall":
            if side == "space":
                return "a Wall goes on an edge: choose the east or south edge of a space"
            e = edge_at(cell, side)
            if e is None:
                return f"the {side} edge of {cell} is the printed border, not a place for a Wall"
            return building.placement_problem(lair, "wall", None, e, content)
        if side != "space":
            return f"{piece_name(state, piece)} stands on a space, not on an edge"
        return building.placement_problem(lair, piece, grid.parse(cell), None, content)

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        """Every legal build action, found with one search of the lair per piece (the same
        answer as :meth:`is_legal` over the templates' combinations)."""
        lair, content = state.lair(seat), state.content
        out = []
        for piece in sorted(building.pieces_left(state.data, lair, content)):
            out += [placing(piece, c, None) for c in building.legal_cells(lair, piece, content)]
        out += [placing("wall", None, e) for e in building.legal_edges(lair, content)]
        out += [placing("", c, None) for c, f in enumerate(lair["feat"]) if f is not None]
        out += [placing("", None, e) for e in building.removable_edges(lair, content)]
        if building.ready_problem(state.data, lair, content) is None:
            out.append(READY_ACTION)
        return out

    def apply(self, state: LairsState, seat: int, action: Action) -> None:
        lair = state.lair(seat)
        if action.kind == "build":
            e = edge_at(action["cell"], action["side"])
            if action["piece"] == "wall":
                building.place(lair, "wall", None, e)
            else:
                building.place(lair, action["piece"], grid.parse(action["cell"]), None)
        elif action.kind == "take-back":
            e = edge_at(action["cell"], action["side"])
            if e is None:
                lair["feat"][grid.parse(action["cell"])] = None
            else:
                lair["walls"].remove(e)
        elif action.kind == "ready":
            lair["ready"] = True
            state.log_public(f"{state.seat_name(seat)}'s lair is ready")
            if all(x["ready"] for x in state.data["lairs"]):
                setup.after_building(state)

    def say(self, state: LairsState, action: Action) -> str:
        k = action.kind
        if k == "ready":
            return "The lair is ready"
        e = edge_at(action["cell"], action["side"])
        where = (
            action["cell"] if e is None else "between " + grid.edge_name(e).replace("|", " and ")
        )
        if k == "build":
            what = "a Wall" if action["piece"] == "wall" else piece_name(state, action["piece"])
            return f"Place {what} {'at ' if e is None else ''}{where}"
        return f"Take back the {'piece at' if e is None else 'Wall'} {where}"


DECISIONS.declare(Build)


def piece_name(state: LairsState, p: str) -> str:
    if p[:2] in ("m:", "t:"):
        return f"the {state.content.hazards[p[2:]].name}"
    return {"start": "the Start", "exit": "the Exit", "chest": "a Chest", "wall": "a Wall"}[p]


class Attributes(LairsDecision):
    kind = "attributes"
    offers = ("attributes",)
    # one secret choice per seat: the engine's commitments keep each hidden (and changeable)
    # until both have chosen
    commit = True

    def seats(self, state: LairsState) -> tuple[int, ...]:
        return tuple(i for i, chosen in enumerate(state.data["attributes"]) if chosen is None)

    def text(self, state: LairsState, seat: int) -> str:
        return "Choose three different Attribute cubes"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("attributes", cubes=c) for c in pack.attribute_sets()]

    def apply(self, state: LairsState, seat: int, action: Action) -> None:
        pack.take_attributes(state, seat, tuple(action["cubes"]))
        if all(x is not None for x in state.data["attributes"]):
            turns.begin_exploring(state)

    def say(self, state: LairsState, action: Action) -> str:
        return "Start with " + ", ".join(action["cubes"])


DECISIONS.declare(Attributes)


# ---------------------------------------------------------------- the explorer's turn


PAID = (
    "creep", "hustle", "backtrack", "peer", "scrounge", "charge", "sneak", "recover", "scavenge",
)  # fmt: skip


@cache
def act(kind: str, key: str = "", value: int | str | tuple[str, ...] | None = None) -> Action:
    """The action ``kind`` with one argument or none (a space given as its number is named like
    the map sheet): the explorer's actions recur every turn, so each is made once and shared (an
    Action is immutable)."""
    if not key:
        return Action.of(kind)
    if isinstance(value, int) and key in ("to", "at"):
        value = grid.name(value)
    return Action.of(kind, **{key: value})


@cache
def hustle(dirn: str, steps: int) -> Action:
    return Action.of("hustle", dir=dirn, steps=steps)


# the explorer's moves, each made once (the Turn offers them from these tables every action)
_BY_DIR: Final = {k: {d: act(k, "dir", d) for d in grid.DIRS} for k in ("creep", "charge", "sneak")}
_HUSTLES: Final = {(d, n): hustle(d, n) for d in grid.DIRS for n in (1, 2, 3)}
_BACKTRACKS: Final = tuple(act("backtrack", "to", c) for c in range(grid.SPACES))
_PEERS: Final = tuple(act("peer", "at", c) for c in range(grid.SPACES))
_CONSERVE_ONE: Final = {k: act("conserve-one", "cube", k) for k in CUBES}
_TRY, _ESCAPE, _CONSERVE = act("try"), act("escape"), act("conserve")


class Turn(LairsDecision):
    kind = "turn"
    offers = (
        "creep", "hustle", "backtrack", "peer", "scrounge", "charge", "sneak", "recover",
        "scavenge", "junk", "try", "escape", "conserve", "conserve-one",
    )  # fmt: skip

    def seats(self, state: LairsState) -> tuple[int, ...]:
        return (int(state.data["turn"]),)

    def explain(self, state: LairsState, seat: int, action: Action) -> str | None:
        return explain_move(state, seat, action)

    def text(self, state: LairsState, seat: int) -> str:
        return "Your turn: explore"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        """The explorer's actions now. An action whose cost cannot be paid from the Fresh basket
        is not offered (what can be paid is looked up once, before any action is made); each
        action is one shared value (:func:`act`), made once a process."""
        data = state.data
        explorer = data["explorers"][seat]
        pos = explorer["position"]
        paid = energy.payable(explorer)
        out: list[Action] = []
        opened = exploring.open_dirs(explorer, pos)  # once, for Creep, Peer, Charge and Sneak
        if paid["creep"]:
            creep = _BY_DIR["creep"]
            out += [creep[dirn] for dirn, _, _ in opened]
        if paid["hustle"]:
            out += [_HUSTLES[way] for way in exploring.hustle_options(state, seat)]
        if paid["backtrack"]:
            out += [_BACKTRACKS[c] for c in exploring.backtrack_targets(state, seat)]
        if paid["peer"]:
            out += [_PEERS[c] for c in exploring.peer_targets(state, seat, opened)]
        if data["pack"]:
            if paid["scrounge"] and pack.may_scrounge(state, seat):
                out.append(act("scrounge"))
            for dirn, _, _ in opened:
                out += [_BY_DIR[kind][dirn] for kind in ("charge", "sneak") if paid[kind]]
            if paid["recover"]:
                out += [act("recover", "cube", k) for k in pack.may_recover(state, seat)]
            if paid["scavenge"]:
                out += [act("scavenge", "at", c) for c in explorer["scavenge"]]
            for card, args in pack.playable_now(state, seat, False):
                if state.content.junk[pack.card_id(card)].cost and not paid["junk"]:
                    continue
                on = args[0] if args else None
                out.append(
                    Action.of("junk", card=card, on=grid.name(on) if isinstance(on, int) else on)
                )
        mapped = explorer["map"][pos] or ""
        fresh = energy.total(explorer["fresh"])
        if mapped[:2] in ("m:", "t:") and fresh:
            out.append(_TRY)
        if mapped == "exit":
            out.append(_ESCAPE)
        out.append(_CONSERVE)  # the rest of the Fresh cubes: the turn ends
        if fresh > 1:  # one cube set aside, the turn goes on with the others
            out += [_CONSERVE_ONE[k] for k in CUBES if explorer["fresh"][k]]
        return out

    def apply(self, state: LairsState, seat: int, action: Action) -> None:
        explorer = state.data["explorers"][seat]
        cost = action.kind if action.kind in PAID else None
        if action.kind == "junk" and state.content.junk[pack.card_id(action["card"])].cost:
            cost = "junk"
        if cost is not None:
            pays = energy.payments(explorer, cost)
            if len(pays) > 1:
                state.data["ask"] = {"kind": "pay", "seat": seat, "act": action.to_json(),
                                 "options": [list(p) for p in pays]}  # fmt: skip
                return
            carry_out(state, seat, action, pays[0])
        else:
            carry_out(state, seat, action, ())

    def say(self, state: LairsState, action: Action) -> str:
        return action_words(state, action)


DECISIONS.declare(Turn)


def explain_move(state: LairsState, seat: int, action: Action) -> str | None:
    """Why a well-formed move of the explorer is refused: the rule it breaks, in the rulebook's
    words (a wall learnt, the lair's edge, a cost the Fresh cubes cannot pay)."""
    explorer = state.data["explorers"][seat]
    try:
        if action.kind in ("creep", "charge", "sneak", "hustle"):
            nxt = grid.step(explorer["position"], action["dir"])
            if nxt is None:
                return "that is the edge of the lair"
            if grid.edge(explorer["position"], nxt) in explorer["map_walls"]:
                return (
                    f"a wall blocks the way from {grid.name(explorer['position'])} {action['dir']}"
                )
        if action.kind in COSTS and not energy.payments(explorer, action.kind):
            alts = " or ".join(" + ".join(alt) for alt in COSTS[action.kind])
            return f"{action.kind} costs {alts} from your Fresh cubes, which you do not have"
    except (KeyError, ValueError, TypeError):
        return None
    return None


def action_words(state: LairsState, action: Action) -> str:
    k = action.kind
    dirs = {"n": "north", "e": "east", "s": "south", "w": "west"}
    if k == "creep":
        return f"Creep {dirs[action['dir']]}"
    if k == "hustle":
        steps = action["steps"]
        return f"Hustle {dirs[action['dir']]}, up to {steps} space{'s' * (steps > 1)}"
    if k == "backtrack":
        return f"Backtrack to {action['to']}"
    if k == "peer":
        return f"Peer into {action['at']}"
    if k in ("charge", "sneak"):
        return f"{k.capitalize()} {dirs[action['dir']]}"
    if k == "conserve-one":
        return f"Conserve a {action['cube']} cube (set it aside; the turn goes on)"
    if k == "recover":
        return f"Recover a Fatigued {action['cube']} cube"
    if k == "scavenge":
        return f"Scavenge at {action['at']}"
    if k == "junk":
        j = state.content.junk[pack.card_id(action["card"])]
        on = action.get("on")
        return f"Play {j.name}" + (f" ({on if isinstance(on, str) else grid.name(on)})" if on
                                     is not None else "")  # fmt: skip
    return {
        "scrounge": "Scrounge this space",
        "try": "Take on the hazard here again",
        "escape": "Escape through the Exit",
        "conserve": "Conserve the rest of your cubes (end the turn)",
    }.get(k, str(action))


def carry_out(state: LairsState, seat: int, action: Action, pay: tuple[str, ...]) -> None:
    data = state.data
    explorer = data["explorers"][seat]
    if action.kind != "junk":
        energy.spend(explorer, pay)
    pos = explorer["position"]
    k = action.kind
    if k in ("creep", "charge", "sneak"):
        nxt = grid.step(pos, action["dir"])
        assert nxt is not None
        if not explorer["known"][pos] and exploring.bump(state, seat, pos, nxt):
            return
        queue(state, seat, [enter_space(nxt, k)])
    elif k == "hustle":
        queue(state, seat, [hustle_step(action["dir"], action["steps"], tuple(pay))])
    elif k == "backtrack":
        to = grid.parse(action["to"])
        last = exploring.backtrack_path(state, seat, to)[-2]  # the space it enters ``to`` from
        state.log_public(f"{state.who(seat)} backtracks to {action['to']}")
        if exploring.map_empty(explorer, to):
            explorer["previous"], explorer["position"] = last, to
        else:  # a visited Exit or Known hazard: resolved as entered from the path
            explorer["position"] = last
            queue(state, seat, [enter_space(to, "backtrack")])
    elif k == "peer":
        c = grid.parse(action["at"])
        exploring.learn(state, seat, c, entering=False)
        state.log_public(f"{state.who(seat)} peers into {action['at']}: {explorer['map'][c]}")
    elif k == "scrounge":
        pack.scrounge(state, seat)
    elif k == "recover":
        energy.move_cube(explorer, "fatigued", action["cube"], "spent")
        state.log_public(f"{state.who(seat)} Recovers a {action['cube']} cube")
    elif k == "scavenge":
        pack.scavenge(state, seat, grid.parse(action["at"]))
    elif k == "junk":
        on = action.get("on")
        pack.play_junk(state, seat, action["card"], grid.parse(on) if _is_space(on) else on, pay)
    elif k == "try":
        checks.start(state, seat, pos)
    elif k == "escape":
        turns.escape(state, seat)
    elif k == "conserve-one":
        energy.conserve(explorer, action["cube"])
        state.log_public(f"{state.who(seat)} conserves a {action['cube']} cube")
    elif k == "conserve":
        n = energy.conserve(explorer)
        data["ending"] = True
        state.log_public(f"{state.who(seat)} conserves {n} cube{'s' * (n != 1)} and ends the turn")


def _is_space(v: Any) -> bool:
    return isinstance(v, str) and len(v) == 2 and v[0] in "ABCDEF"


class Pay(AskedDecision):
    kind = "pay"
    offers = ("pay", "back")

    def text(self, state: LairsState, seat: int) -> str:
        return "Which cubes pay for it?"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [act("pay", "cubes", tuple(p)) for p in state.data["ask"]["options"]] + [act("back")]

    def apply(self, state: LairsState, seat: int, action: Action) -> None:
        ask = state.data["ask"]
        state.data["ask"] = None
        if action.kind == "back":
            return
        carry_out(state, seat, Action.from_json(ask["act"]), tuple(action["cubes"]))

    def say(self, state: LairsState, action: Action) -> str:
        return "Never mind" if action.kind == "back" else f"Pay {_pays(action['cubes'])}"


DECISIONS.declare(Pay)


# ---------------------------------------------------------------- checks


class Check(LairsDecision):
    kind = "check"
    offers = ("buy", "roll")

    def seats(self, state: LairsState) -> tuple[int, ...]:
        return (int(state.data["check"]["explorer"]),)

    def explain(self, state: LairsState, seat: int, action: Action) -> str | None:
        return explain_move(state, seat, action)

    def text(self, state: LairsState, seat: int) -> str:
        check = state.data["check"]
        hazard = state.content.hazards[check["hazard"]]
        return f"Buy dice against the {hazard.name} (Target {check['target']})"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        out = [Action.of("buy", cube=k) for k in checks.may_buy(state, seat)]
        return [*out, Action.of("roll")]

    def apply(self, state: LairsState, seat: int, action: Action) -> None:
        if action.kind == "buy":
            checks.buy(state, seat, action["cube"])
            return
        checks.roll(state, seat)
        if not (state.data["pack"] and pack.check_stage_options(state, seat)):
            checks.after_roll(state)

    def say(self, state: LairsState, action: Action) -> str:
        if action.kind == "roll":
            n = len(state.data["check"]["bought"]) + state.data["check"]["free"]
            return f"Roll {n} di{'c' if n != 1 else ''}e"
        die = checks.die_for(state, state.data["check"]["explorer"], action["cube"])
        return f"Spend a {action['cube']} cube for a {die.capitalize()} die"


DECISIONS.declare(Check)


class AfterRoll(LairsDecision):
    kind = "after-roll"
    offers = ("improvise", "junk", "go")

    def seats(self, state: LairsState) -> tuple[int, ...]:
        return (int(state.data["check"]["explorer"]),)

    def explain(self, state: LairsState, seat: int, action: Action) -> str | None:
        return explain_move(state, seat, action)

    def text(self, state: LairsState, seat: int) -> str:
        return f"You rolled {checks.total(state)}: Improvise or play Junk?"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        explorer = state.data["explorers"][seat]
        out = [Action.of("improvise", cubes=p) for p in energy.payments(explorer, "improvise")]
        out += [Action.of("junk", card=c) for c, _ in pack.playable_now(state, seat, True)]
        return [*out, Action.of("go")]

    def apply(self, state: LairsState, seat: int, action: Action) -> None:
        if action.kind == "improvise":
            energy.spend(state.data["explorers"][seat], tuple(action["cubes"]))
            pack.improvise(state, seat)
        elif action.kind == "junk":
            pack.play_junk(state, seat, action["card"], None)
        if action.kind == "go" or not pack.check_stage_options(state, seat):
            checks.after_roll(state)

    def say(self, state: LairsState, action: Action) -> str:
        if action.kind == "improvise":
            return f"Improvise ({_pays(action['cubes'])}) for an extra Basic die"
        if action.kind == "junk":
            return f"Play {state.content.junk[pack.card_id(action['card'])].name}"
        return "Let the roll stand"


DECISIONS.declare(AfterRoll)


class Reroll(LairsDecision):
    """The Shivers: the Builder chooses up to two of the explorer's rolled dice, in one choice,
    and then they are rerolled (no second pick after seeing a new face)."""

    kind = "reroll"
    offers = ("reroll",)

    def seats(self, state: LairsState) -> tuple[int, ...]:
        return (state.builder_id(int(state.data["check"]["explorer"])),)

    def text(self, state: LairsState, seat: int) -> str:
        return "The Shivers: choose up to two of the explorer's dice to be rerolled"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("reroll", dice=c) for c in checks.reroll_choices(state)]

    def apply(self, state: LairsState, seat: int, action: Action) -> None:
        checks.reroll(state, tuple(action["dice"]))

    def say(self, state: LairsState, action: Action) -> str:
        if not action["dice"]:
            return "Have no die rerolled"
        dice = state.data["check"]["dice"]
        shown = " and ".join(
            f"the {dice[i]['type']} die showing {dice[i]['value']}" for i in action["dice"]
        )
        return f"Have {shown} rerolled"


DECISIONS.declare(Reroll)


# ---------------------------------------------------------------- answers to effects


class Answer(AskedDecision):
    """An answer to an effect's question; the queue resumes after it."""

    def apply(self, state: LairsState, seat: int, action: Action) -> None:
        ask = state.data["ask"]
        state.data["ask"] = None
        self.answer(state, seat, action, ask)

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        raise NotImplementedError


class CubeChoice(Answer):
    kind = "cube"
    offers = ("cube",)

    def text(self, state: LairsState, seat: int) -> str:
        return f"Which cube do you {state.data['ask']['operation']}?"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("cube", basket=b, cube=k) for b, k in state.data["ask"]["options"]]

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        energy.cube_penalty_apply(state, seat, ask["operation"], action["basket"], action["cube"])

    def say(self, state: LairsState, action: Action) -> str:
        return f"A {action['cube']} cube from {action['basket']}"


DECISIONS.declare(CubeChoice)


class Discard(Answer):
    kind = "discard"
    offers = ("discard",)

    def text(self, state: LairsState, seat: int) -> str:
        return "Which card do you discard?"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("discard", card=c) for c in state.data["ask"]["options"]]

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        card = action["card"]
        if card in state.data["explorers"][seat]["treasures"]:
            treasure.discard_treasure_now(state, seat, card)
        else:
            pack.discard_junk_now(state, seat, card)

    def say(self, state: LairsState, action: Action) -> str:
        return f"Discard {card_name(state, action['card'])}"


DECISIONS.declare(Discard)


def card_name(state: LairsState, card: str) -> str:
    if card in state.content.treasures:
        return state.content.treasures[card].name
    return state.content.junk[pack.card_id(card)].name


class DiscardJunk(Answer):
    kind = "discard-junk"
    offers = ("discard",)

    def text(self, state: LairsState, seat: int) -> str:
        return "Too much Junk: discard one"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("discard", card=c) for c in state.data["ask"]["options"]]

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        pack.discard_junk_now(state, seat, action["card"])
        pack.over_limit(state, seat)

    def say(self, state: LairsState, action: Action) -> str:
        return f"Discard {card_name(state, action['card'])}"


DECISIONS.declare(DiscardJunk)


class Display(Answer):
    kind = "display"
    offers = ("take",)

    def text(self, state: LairsState, seat: int) -> str:
        return "Take a Treasure from the display"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("take", card=c) for c in state.data["ask"]["options"]]

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        treasure.take_from_display(state, seat, action["card"])

    def say(self, state: LairsState, action: Action) -> str:
        t = state.content.treasures[action["card"]]
        return f"Take the {t.name} ({t.type}, {t.vp} VP)"


DECISIONS.declare(Display)


class Appraise(AskedDecision):
    kind = "appraise"
    offers = ("keep", "appraise")

    def text(self, state: LairsState, seat: int) -> str:
        return "Keep a Treasure, or Appraise for another"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        drawn = state.data["ask"]["drawn"]
        out = [Action.of("keep", card=c) for c in sorted(set(drawn))]
        if len(state.data["treasure"].get("draw", [])) > 0:
            out += [Action.of("appraise", cubes=p) for p in treasure.may_appraise(state, seat)]
        return out

    def apply(self, state: LairsState, seat: int, action: Action) -> None:
        if action.kind == "appraise":
            treasure.appraise(state, seat, tuple(action["cubes"]))
            return
        drawn = list(state.data["ask"]["drawn"])
        state.data["ask"] = None
        drawn.remove(action["card"])
        treasure.keep(state, seat, action["card"], drawn)

    def say(self, state: LairsState, action: Action) -> str:
        if action.kind == "appraise":
            return f"Appraise ({_pays(action['cubes'])}): draw one more"
        t = state.content.treasures[action["card"]]
        return f"Keep the {t.name} ({t.type}, {t.vp} VP)"


DECISIONS.declare(Appraise)


class KeepJunk(Answer):
    kind = "keep-junk"
    offers = ("keep",)

    def text(self, state: LairsState, seat: int) -> str:
        return "Keep one of the Junk you found"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("keep", card=c) for c in state.data["ask"]["options"]]

    def apply(self, state: LairsState, seat: int, action: Action) -> None:
        pack.keep_junk(state, seat, action["card"])
        state.data["ask"] = None
        pack.over_limit(state, seat)

    def say(self, state: LairsState, action: Action) -> str:
        return f"Keep {card_name(state, action['card'])}"


DECISIONS.declare(KeepJunk)


class FreeCreep(Answer):
    kind = "free-creep"
    offers = ("creep", "stay")

    def text(self, state: LairsState, seat: int) -> str:
        return "Creep out for free?"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("creep", dir=d) for d in state.data["ask"]["options"]] + [
            Action.of("stay")
        ]

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        if action.kind == "creep":
            carry_out(state, seat, Action.of("creep", dir=action["dir"]), ())

    def say(self, state: LairsState, action: Action) -> str:
        return "Stay here" if action.kind == "stay" else action_words(state, action) + " (free)"


DECISIONS.declare(FreeCreep)


class Adapt(Answer):
    kind = "adapt"
    offers = ("adapt", "keep")

    def text(self, state: LairsState, seat: int) -> str:
        return "Adaptation: swap a cube you refreshed from Fatigued?"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        out = [
            Action.of("adapt", frm=f, to=t)
            for f in state.data["ask"]["options"]
            for t in CUBES
            if t != f
        ]
        return [*out, Action.of("keep")]

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        if action.kind == "adapt":
            pack.adapt(state, seat, action["frm"], action["to"])

    def say(self, state: LairsState, action: Action) -> str:
        return (
            "Keep your cubes"
            if action.kind == "keep"
            else f"Swap a {action['frm']} for a {action['to']}"
        )


DECISIONS.declare(Adapt)


class Rest(Answer):
    """At the start of the turn each cube Conserved last turn rests a Fatigued cube: it comes
    back Fresh (ruling E3). Asked when the explorer has a choice of colour."""

    kind = "rest"
    offers = ("rest",)

    def text(self, state: LairsState, seat: int) -> str:
        return "A Conserved cube rests a Fatigued one: which comes back Fresh?"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("rest", cube=k) for k in state.data["ask"]["options"]]

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        energy.rest(state.data["explorers"][seat], action["cube"])
        state.log_public(f"{state.who(seat)} rests a Fatigued {action['cube']} cube")

    def say(self, state: LairsState, action: Action) -> str:
        return f"Rest a {action['cube']} cube"


DECISIONS.declare(Rest)


class SwapQuickness(Answer):
    kind = "swap-quickness"
    offers = ("swap",)

    def text(self, state: LairsState, seat: int) -> str:
        return "Change a cube into a Quickness cube"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("swap", cube=k) for k in state.data["ask"]["options"]]

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        energy.swap_cube(state.data["explorers"][seat], action["cube"], "quickness")

    def say(self, state: LairsState, action: Action) -> str:
        return f"Change a {action['cube']} cube"


DECISIONS.declare(SwapQuickness)


# ---------------------------------------------------------------- the Builder's hidden choices


class Relocate(Answer):
    """Gnashing Retreat: the Builder secretly moves the Gloombat to an Unknown Empty space."""

    kind = "relocate"
    offers = ("to",)

    def text(self, state: LairsState, seat: int) -> str:
        return "Gnashing Retreat: where does the Gloombat go?"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("to", cell=grid.name(c)) for c in state.data["ask"]["options"]]

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        builder.move_monster(state, ask["explorer"], ask["origin"], grid.parse(action["cell"]))
        state.log_public("the Gloombat flutters off to somewhere unknown")
        state.log_private(seat, f"you moved the Gloombat to {action['cell']}")

    def say(self, state: LairsState, action: Action) -> str:
        return f"Move it to {action['cell']}"


DECISIONS.declare(Relocate)


class Beetles(Answer):
    """Howling Beetles: the Builder may move one Unknown Monster to an Unknown Empty space, and
    need not say whether they did. One decision (which Monster and where, or none), always
    asked, with the same prompt and the same public log line either way."""

    kind = "beetles"
    offers = ("move", "none")

    def text(self, state: LairsState, seat: int) -> str:
        return "Howling Beetles: move an Unknown Monster to an Unknown Empty space, or none?"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        moves = [
            Action.of("move", monster=grid.name(m), to=grid.name(to))
            for m, to in state.data["ask"]["options"]
        ]
        return [*moves, Action.of("none")]

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        state.log_public("the Builder answers the Howling Beetles in secret")
        if action.kind == "none":
            state.log_private(seat, "you left the Monsters where they were")
            return
        frm, to = grid.parse(action["monster"]), grid.parse(action["to"])
        builder.move_monster(state, ask["explorer"], frm, to)
        state.log_private(seat, f"you moved the Monster from {action['monster']} to {action['to']}")

    def say(self, state: LairsState, action: Action) -> str:
        if action.kind == "none":
            return "Leave the Monsters be"
        return f"Move the Monster at {action['monster']} to {action['to']}"


DECISIONS.declare(Beetles)


class Grip(Answer):
    """Grip of Fear: the Builder picks any one of the explorer's cubes; it is fatigued."""

    kind = "grip"
    offers = ("cube",)

    def text(self, state: LairsState, seat: int) -> str:
        return "Grip of Fear: which of the explorer's cubes is fatigued?"

    def legal(self, state: LairsState, seat: int) -> list[Action]:
        return [Action.of("cube", basket=b, cube=k) for b, k in state.data["ask"]["options"]]

    def answer(self, state: LairsState, seat: int, action: Action, ask: dict[str, Any]) -> None:
        energy.cube_penalty_apply(
            state, ask["explorer"], "fatigue", action["basket"], action["cube"]
        )

    def say(self, state: LairsState, action: Action) -> str:
        return f"Their {action['cube']} cube from {action['basket']}"


DECISIONS.declare(Grip)
