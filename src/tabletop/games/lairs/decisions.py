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
from typing import Any

from tabletop.engine import Action, Param, Template
from tabletop.engine.decisions import Decision, DecisionTable

from . import grid
from .content import CUBES
from .rules import builder, building, checks, energy, exploring, pack, setup, treasure, turns
from .rules.energy import COSTS
from .rules.queue import queue
from .state import LairsState
from .steps import EnterSpace, HustleStep

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

    def seats(self, s: LairsState) -> tuple[int, ...]:
        return (int(s.data["draft"]["next"]),)

    def text(self, s: LairsState, seat: int) -> str:
        return "Draft a Hazard for both lairs"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("draft", hazard=h) for h in building.draft_options(s.data, s.C)]

    def apply(self, s: LairsState, seat: int, a: Action) -> None:
        s.log_public(f"{s.seat_name(seat)} drafts the {s.C.hazards[a['hazard']].name}")
        if building.draft_pick(s.data, s.C, a["hazard"]):
            setup.after_selection(s)

    def say(self, s: LairsState, a: Action) -> str:
        return f"Draft the {s.C.hazards[a['hazard']].name}"


DECISIONS.declare(Draft)


SIDES = ("space", "east", "south")  # where on a space a piece goes: a feature, or a Wall edge
SIDE_LABELS = ("on the space", "on its east edge", "on its south edge")


def side_of(side: str) -> str | None:
    """The direction of a Wall side (``None`` for a feature on the space itself)."""
    return {"east": "e", "south": "s"}.get(side)


def edge_at(cell: str, side: str) -> int | None:
    """The edge named by a space and a Wall side, or None (the printed border, or a feature)."""
    d = side_of(side)
    return None if d is None else grid.side_edge(grid.parse(cell), d)


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


class Build(LairsDecision):
    """Building a lair, offered as templates (see :mod:`tabletop.engine.templates`): ``build
    piece cell side`` (a feature on a space, or a Wall on a space's east or south edge), ``take-back
    cell side`` (a placed feature or Wall), and ``ready`` once the lair is complete and legal. One
    action's legality is one check of the lair (:func:`building.place_problem`), never a listing
    of every placement."""

    kind = "build"
    offers = ("build", "take-back", "ready")

    def seats(self, s: LairsState) -> tuple[int, ...]:
        return tuple(i for i, lair in enumerate(s.data["lairs"]) if not lair["ready"])

    def text(self, s: LairsState, seat: int) -> str:
        # both builders decide at once: the prompt says nothing of either's pieces
        return "Build your lair"

    def templates(self, s: LairsState, seat: int) -> list[Template]:
        lair, C, d = s.lair(seat), s.C, s.data
        # the templates depend only on the pieces placed and the number of Walls: looked up by
        # those (cheap to read), worked out once a game for each
        walls = len(lair["walls"])
        placed = tuple(sorted(filter(None, lair["feat"])))
        seen = (tuple(d["monsters"]), tuple(d["traps"]), placed, walls)
        by_lair = s.game.memo.setdefault("build_templates_by_lair", {})
        found: list[Template] | None = by_lair.get(seen)
        if found is None:
            left = building.pieces_left(d, lair, C)
            pieces = tuple(sorted(left)) + (("wall",) if walls < C.walls_max else ())
            # complete: ready (every step kept the lair legal; is_legal checks it in full)
            key = (pieces, bool(walls or placed), not left and walls >= C.walls_min)
            memo = s.game.memo.setdefault("build_templates", {})
            found = memo.get(key)
            if found is None:
                found = self._make_templates(s, *key)
                memo[key] = found
            if len(by_lair) >= 4096:  # a bound on what a long simulation keeps
                by_lair.clear()
            by_lair[seen] = found
        return list(found)

    def _make_templates(
        self, s: LairsState, pieces: tuple[str, ...], placed: bool, ready: bool
    ) -> list[Template]:
        """The templates for the pieces left (static per set of pieces: made once a game)."""
        cell, side = build_params()
        out = []
        if pieces:
            piece = Param.of("piece", pieces, "piece", [piece_name(s, p) for p in pieces])
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

    def is_legal(self, s: LairsState, seat: int, a: Action) -> bool:
        # admitted by a template: its piece is one of the pieces left
        return self.problem(s, seat, a, admitted=True) is None

    def explain(self, s: LairsState, seat: int, a: Action) -> str | None:
        """The building rule a well-formed build action breaks, in the rulebook's words."""
        if a.kind not in self.offers:
            return None
        try:
            return self.problem(s, seat, a)
        except (KeyError, ValueError, TypeError):
            return None

    def problem(self, s: LairsState, seat: int, a: Action, admitted: bool = False) -> str | None:
        """Why a build action (of the right shape) breaks a rule now, or None."""
        lair, C = s.lair(seat), s.C
        if a.kind == "ready":
            return building.ready_problem(s.data, lair, C)
        cell, side = a["cell"], a["side"]
        if a.kind == "take-back":
            if side == "space":
                if lair["feat"][grid.parse(cell)] is None:
                    return f"nothing stands on {cell} to take back"
                return None
            e = edge_at(cell, side)
            if e is None or e not in lair["walls"]:
                return f"there is no Wall on the {side} edge of {cell} to take back"
            if e not in building.removable_edges(lair, C, only=e):
                return "taking that Wall back would break a hazard's placement limit"
            return None
        piece = a["piece"]
        if not admitted and piece != "wall" and piece not in building.pieces_left(s.data, lair, C):
            return f"no {piece} is left to place"
        if piece == "wall":
            if side == "space":
                return "a Wall goes on an edge: choose the east or south edge of a space"
            e = edge_at(cell, side)
            if e is None:
                return f"the {side} edge of {cell} is the printed border, not a place for a Wall"
            return building.placement_problem(lair, "wall", None, e, C)
        if side != "space":
            return f"{piece_name(s, piece)} stands on a space, not on an edge"
        return building.placement_problem(lair, piece, grid.parse(cell), None, C)

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        """Every legal build action, found with one search of the lair per piece (the same
        answer as :meth:`is_legal` over the templates' combinations)."""
        lair, C = s.lair(seat), s.C
        out = []
        for piece in sorted(building.pieces_left(s.data, lair, C)):
            out += [placing(piece, c, None) for c in building.legal_cells(lair, piece, C)]
        out += [placing("wall", None, e) for e in building.legal_edges(lair, C)]
        out += [placing("", c, None) for c, f in enumerate(lair["feat"]) if f is not None]
        out += [placing("", None, e) for e in building.removable_edges(lair, C)]
        if building.ready_problem(s.data, lair, C) is None:
            out.append(READY_ACTION)
        return out

    def apply(self, s: LairsState, seat: int, a: Action) -> None:
        lair = s.lair(seat)
        if a.kind == "build":
            e = edge_at(a["cell"], a["side"])
            if a["piece"] == "wall":
                building.place(lair, "wall", None, e)
            else:
                building.place(lair, a["piece"], grid.parse(a["cell"]), None)
        elif a.kind == "take-back":
            e = edge_at(a["cell"], a["side"])
            if e is None:
                lair["feat"][grid.parse(a["cell"])] = None
            else:
                lair["walls"].remove(e)
        elif a.kind == "ready":
            lair["ready"] = True
            s.log_public(f"{s.seat_name(seat)}'s lair is ready")
            if all(x["ready"] for x in s.data["lairs"]):
                setup.after_building(s)

    def say(self, s: LairsState, a: Action) -> str:
        k = a.kind
        if k == "ready":
            return "The lair is ready"
        e = edge_at(a["cell"], a["side"])
        where = a["cell"] if e is None else "between " + grid.edge_name(e).replace("|", " and ")
        if k == "build":
            what = "a Wall" if a["piece"] == "wall" else piece_name(s, a["piece"])
            return f"Place {what} {'at ' if e is None else ''}{where}"
        return f"Take back the {'piece at' if e is None else 'Wall'} {where}"


DECISIONS.declare(Build)


def piece_name(s: LairsState, p: str) -> str:
    if p[:2] in ("m:", "t:"):
        return f"the {s.C.hazards[p[2:]].name}"
    return {"start": "the Start", "exit": "the Exit", "chest": "a Chest", "wall": "a Wall"}[p]


class Attributes(LairsDecision):
    kind = "attributes"
    offers = ("attributes",)
    # one secret choice per seat: the engine's commitments keep each hidden (and changeable)
    # until both have chosen
    commit = True

    def seats(self, s: LairsState) -> tuple[int, ...]:
        return tuple(i for i, chosen in enumerate(s.data["attributes"]) if chosen is None)

    def text(self, s: LairsState, seat: int) -> str:
        return "Choose three different Attribute cubes"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("attributes", cubes=c) for c in pack.attribute_sets()]

    def apply(self, s: LairsState, seat: int, a: Action) -> None:
        pack.take_attributes(s, seat, tuple(a["cubes"]))
        if all(x is not None for x in s.data["attributes"]):
            turns.begin_exploring(s)

    def say(self, s: LairsState, a: Action) -> str:
        return "Start with " + ", ".join(a["cubes"])


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


class Turn(LairsDecision):
    kind = "turn"
    offers = (
        "creep", "hustle", "backtrack", "peer", "scrounge", "charge", "sneak", "recover",
        "scavenge", "junk", "try", "escape", "conserve", "conserve-one",
    )  # fmt: skip

    def seats(self, s: LairsState) -> tuple[int, ...]:
        return (int(s.data["turn"]),)

    def explain(self, s: LairsState, seat: int, a: Action) -> str | None:
        return explain_move(s, seat, a)

    def text(self, s: LairsState, seat: int) -> str:
        return "Your turn: explore"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        """The explorer's actions now. An action whose cost cannot be paid from the Fresh basket
        is not offered (what can be paid is looked up once, before any action is made); each
        action is one shared value (:func:`act`), made once a process."""
        d = s.data
        ex = d["explorers"][seat]
        pos = ex["position"]
        paid = energy.payable(ex)
        out: list[Action] = []
        creeps = exploring.creep_targets(s, seat)
        if paid["creep"]:
            out += [act("creep", "dir", dirn) for dirn, _ in creeps]
        if paid["hustle"]:
            out += [hustle(dirn, n) for dirn, n in exploring.hustle_options(s, seat)]
        if paid["backtrack"]:
            out += [act("backtrack", "to", c) for c in exploring.backtrack_targets(s, seat)]
        if paid["peer"]:
            out += [act("peer", "at", c) for c in exploring.peer_targets(s, seat)]
        if d["pack"]:
            if paid["scrounge"] and pack.may_scrounge(s, seat):
                out.append(act("scrounge"))
            for dirn, _ in creeps:
                out += [act(kind, "dir", dirn) for kind in ("charge", "sneak") if paid[kind]]
            if paid["recover"]:
                out += [act("recover", "cube", k) for k in pack.may_recover(s, seat)]
            if paid["scavenge"]:
                out += [act("scavenge", "at", c) for c in ex["scavenge"]]
            for card, args in pack.playable_now(s, seat, False):
                if s.C.junk[pack.card_id(card)].cost and not paid["junk"]:
                    continue
                on = args[0] if args else None
                out.append(
                    Action.of("junk", card=card, on=grid.name(on) if isinstance(on, int) else on)
                )
        mapped = ex["map"][pos] or ""
        fresh = energy.total(ex["fresh"])
        if mapped[:2] in ("m:", "t:") and fresh:
            out.append(act("try"))
        if mapped == "exit":
            out.append(act("escape"))
        out.append(act("conserve"))  # the rest of the Fresh cubes: the turn ends
        if fresh > 1:  # one cube set aside, the turn goes on with the others
            out += [act("conserve-one", "cube", k) for k in CUBES if ex["fresh"][k]]
        return out

    def apply(self, s: LairsState, seat: int, a: Action) -> None:
        ex = s.data["explorers"][seat]
        cost = a.kind if a.kind in PAID else None
        if a.kind == "junk" and s.C.junk[pack.card_id(a["card"])].cost:
            cost = "junk"
        if cost is not None:
            pays = energy.payments(ex, cost)
            if len(pays) > 1:
                s.data["ask"] = {"kind": "pay", "seat": seat, "act": a.to_json(),
                                 "options": [list(p) for p in pays]}  # fmt: skip
                return
            carry_out(s, seat, a, pays[0])
        else:
            carry_out(s, seat, a, ())

    def say(self, s: LairsState, a: Action) -> str:
        return action_words(s, a)


DECISIONS.declare(Turn)


def explain_move(s: LairsState, seat: int, a: Action) -> str | None:
    """Why a well-formed move of the explorer is refused: the rule it breaks, in the rulebook's
    words (a wall learnt, the lair's edge, a cost the Fresh cubes cannot pay)."""
    ex = s.data["explorers"][seat]
    try:
        if a.kind in ("creep", "charge", "sneak", "hustle"):
            nxt = grid.step(ex["position"], a["dir"])
            if nxt is None:
                return "that is the edge of the lair"
            if grid.edge(ex["position"], nxt) in ex["map_walls"]:
                return f"a wall blocks the way from {grid.name(ex['position'])} {a['dir']}"
        if a.kind in COSTS and not energy.payments(ex, a.kind):
            alts = " or ".join(" + ".join(alt) for alt in COSTS[a.kind])
            return f"{a.kind} costs {alts} from your Fresh cubes, which you do not have"
    except (KeyError, ValueError, TypeError):
        return None
    return None


def action_words(s: LairsState, a: Action) -> str:
    k = a.kind
    dirs = {"n": "north", "e": "east", "s": "south", "w": "west"}
    if k == "creep":
        return f"Creep {dirs[a['dir']]}"
    if k == "hustle":
        return f"Hustle {dirs[a['dir']]}, up to {a['steps']} space{'s' * (a['steps'] > 1)}"
    if k == "backtrack":
        return f"Backtrack to {a['to']}"
    if k == "peer":
        return f"Peer into {a['at']}"
    if k in ("charge", "sneak"):
        return f"{k.capitalize()} {dirs[a['dir']]}"
    if k == "conserve-one":
        return f"Conserve a {a['cube']} cube (set it aside; the turn goes on)"
    if k == "recover":
        return f"Recover a Fatigued {a['cube']} cube"
    if k == "scavenge":
        return f"Scavenge at {a['at']}"
    if k == "junk":
        j = s.C.junk[pack.card_id(a["card"])]
        on = a.get("on")
        return f"Play {j.name}" + (f" ({on if isinstance(on, str) else grid.name(on)})" if on
                                     is not None else "")  # fmt: skip
    return {
        "scrounge": "Scrounge this space",
        "try": "Take on the hazard here again",
        "escape": "Escape through the Exit",
        "conserve": "Conserve the rest of your cubes (end the turn)",
    }.get(k, str(a))


def carry_out(s: LairsState, e: int, a: Action, pay: tuple[str, ...]) -> None:
    d = s.data
    ex = d["explorers"][e]
    if a.kind != "junk":
        energy.spend(ex, pay)
    pos = ex["position"]
    k = a.kind
    if k in ("creep", "charge", "sneak"):
        nxt = grid.step(pos, a["dir"])
        assert nxt is not None
        if not ex["known"][pos] and exploring.bump(s, e, pos, nxt):
            return
        queue(s, e, [EnterSpace(cell=nxt, how=k)])
    elif k == "hustle":
        queue(s, e, [HustleStep(dir=a["dir"], left=a["steps"], paid=list(pay))])
    elif k == "backtrack":
        to = grid.parse(a["to"])
        last = exploring.backtrack_path(s, e, to)[-2]  # the space it enters ``to`` from
        s.log_public(f"{s.who(e)} backtracks to {a['to']}")
        if exploring.map_empty(ex, to):
            ex["previous"], ex["position"] = last, to
        else:  # a visited Exit or Known hazard: resolved as entered from the path
            ex["position"] = last
            queue(s, e, [EnterSpace(cell=to, how="backtrack")])
    elif k == "peer":
        c = grid.parse(a["at"])
        exploring.learn(s, e, c, entering=False)
        s.log_public(f"{s.who(e)} peers into {a['at']}: {ex['map'][c]}")
    elif k == "scrounge":
        pack.scrounge(s, e)
    elif k == "recover":
        energy.move_cube(ex, "fatigued", a["cube"], "spent")
        s.log_public(f"{s.who(e)} Recovers a {a['cube']} cube")
    elif k == "scavenge":
        pack.scavenge(s, e, grid.parse(a["at"]))
    elif k == "junk":
        on = a.get("on")
        pack.play_junk(s, e, a["card"], grid.parse(on) if _is_space(on) else on, pay)
    elif k == "try":
        checks.start(s, e, pos)
    elif k == "escape":
        turns.escape(s, e)
    elif k == "conserve-one":
        energy.conserve(ex, a["cube"])
        s.log_public(f"{s.who(e)} conserves a {a['cube']} cube")
    elif k == "conserve":
        n = energy.conserve(ex)
        d["ending"] = True
        s.log_public(f"{s.who(e)} conserves {n} cube{'s' * (n != 1)} and ends the turn")


def _is_space(v: Any) -> bool:
    return isinstance(v, str) and len(v) == 2 and v[0] in "ABCDEF"


class Pay(AskedDecision):
    kind = "pay"
    offers = ("pay", "back")

    def text(self, s: LairsState, seat: int) -> str:
        return "Which cubes pay for it?"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [act("pay", "cubes", tuple(p)) for p in s.data["ask"]["options"]] + [act("back")]

    def apply(self, s: LairsState, seat: int, a: Action) -> None:
        ask = s.data["ask"]
        s.data["ask"] = None
        if a.kind == "back":
            return
        carry_out(s, seat, Action.from_json(ask["act"]), tuple(a["cubes"]))

    def say(self, s: LairsState, a: Action) -> str:
        return "Never mind" if a.kind == "back" else f"Pay {_pays(a['cubes'])}"


DECISIONS.declare(Pay)


# ---------------------------------------------------------------- checks


class Check(LairsDecision):
    kind = "check"
    offers = ("buy", "roll")

    def seats(self, s: LairsState) -> tuple[int, ...]:
        return (int(s.data["check"]["explorer"]),)

    def explain(self, s: LairsState, seat: int, a: Action) -> str | None:
        return explain_move(s, seat, a)

    def text(self, s: LairsState, seat: int) -> str:
        ck = s.data["check"]
        return f"Buy dice against the {s.C.hazards[ck['hazard']].name} (Target {ck['target']})"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        out = [Action.of("buy", cube=k) for k in checks.may_buy(s, seat)]
        return [*out, Action.of("roll")]

    def apply(self, s: LairsState, seat: int, a: Action) -> None:
        if a.kind == "buy":
            checks.buy(s, seat, a["cube"])
            return
        checks.roll(s, seat)
        if not (s.data["pack"] and pack.check_stage_options(s, seat)):
            checks.after_roll(s)

    def say(self, s: LairsState, a: Action) -> str:
        if a.kind == "roll":
            n = len(s.data["check"]["bought"]) + s.data["check"]["free"]
            return f"Roll {n} di{'c' if n != 1 else ''}e"
        die = checks.die_for(s, s.data["check"]["explorer"], a["cube"])
        return f"Spend a {a['cube']} cube for a {die.capitalize()} die"


DECISIONS.declare(Check)


class AfterRoll(LairsDecision):
    kind = "after-roll"
    offers = ("improvise", "junk", "go")

    def seats(self, s: LairsState) -> tuple[int, ...]:
        return (int(s.data["check"]["explorer"]),)

    def explain(self, s: LairsState, seat: int, a: Action) -> str | None:
        return explain_move(s, seat, a)

    def text(self, s: LairsState, seat: int) -> str:
        return f"You rolled {checks.total(s)}: Improvise or play Junk?"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        ex = s.data["explorers"][seat]
        out = [Action.of("improvise", cubes=p) for p in energy.payments(ex, "improvise")]
        out += [Action.of("junk", card=c) for c, _ in pack.playable_now(s, seat, True)]
        return [*out, Action.of("go")]

    def apply(self, s: LairsState, seat: int, a: Action) -> None:
        if a.kind == "improvise":
            energy.spend(s.data["explorers"][seat], tuple(a["cubes"]))
            pack.improvise(s, seat)
        elif a.kind == "junk":
            pack.play_junk(s, seat, a["card"], None)
        if a.kind == "go" or not pack.check_stage_options(s, seat):
            checks.after_roll(s)

    def say(self, s: LairsState, a: Action) -> str:
        if a.kind == "improvise":
            return f"Improvise ({_pays(a['cubes'])}) for an extra Basic die"
        if a.kind == "junk":
            return f"Play {s.C.junk[pack.card_id(a['card'])].name}"
        return "Let the roll stand"


DECISIONS.declare(AfterRoll)


class Reroll(LairsDecision):
    """The Shivers: the Builder chooses up to two of the explorer's rolled dice, in one choice,
    and then they are rerolled (no second pick after seeing a new face)."""

    kind = "reroll"
    offers = ("reroll",)

    def seats(self, s: LairsState) -> tuple[int, ...]:
        return (s.builder_id(int(s.data["check"]["explorer"])),)

    def text(self, s: LairsState, seat: int) -> str:
        return "The Shivers: choose up to two of the explorer's dice to be rerolled"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("reroll", dice=c) for c in checks.reroll_choices(s)]

    def apply(self, s: LairsState, seat: int, a: Action) -> None:
        checks.reroll(s, tuple(a["dice"]))

    def say(self, s: LairsState, a: Action) -> str:
        if not a["dice"]:
            return "Have no die rerolled"
        dice = s.data["check"]["dice"]
        shown = " and ".join(f"the {dice[i]['t']} die showing {dice[i]['v']}" for i in a["dice"])
        return f"Have {shown} rerolled"


DECISIONS.declare(Reroll)


# ---------------------------------------------------------------- answers to effects


class Answer(AskedDecision):
    """An answer to an effect's question; the queue resumes after it."""

    def apply(self, s: LairsState, seat: int, a: Action) -> None:
        ask = s.data["ask"]
        s.data["ask"] = None
        self.answer(s, seat, a, ask)

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        raise NotImplementedError


class CubeChoice(Answer):
    kind = "cube"
    offers = ("cube",)

    def text(self, s: LairsState, seat: int) -> str:
        return f"Which cube do you {s.data['ask']['op']}?"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("cube", basket=b, cube=k) for b, k in s.data["ask"]["options"]]

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        energy.cube_penalty_apply(s, seat, ask["op"], a["basket"], a["cube"])

    def say(self, s: LairsState, a: Action) -> str:
        return f"A {a['cube']} cube from {a['basket']}"


DECISIONS.declare(CubeChoice)


class Discard(Answer):
    kind = "discard"
    offers = ("discard",)

    def text(self, s: LairsState, seat: int) -> str:
        return "Which card do you discard?"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("discard", card=c) for c in s.data["ask"]["options"]]

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        card = a["card"]
        if card in s.data["explorers"][seat]["treasures"]:
            treasure.discard_treasure_now(s, seat, card)
        else:
            pack.discard_junk_now(s, seat, card)

    def say(self, s: LairsState, a: Action) -> str:
        return f"Discard {card_name(s, a['card'])}"


DECISIONS.declare(Discard)


def card_name(s: LairsState, card: str) -> str:
    if card in s.C.treasures:
        return s.C.treasures[card].name
    return s.C.junk[pack.card_id(card)].name


class DiscardJunk(Answer):
    kind = "discard-junk"
    offers = ("discard",)

    def text(self, s: LairsState, seat: int) -> str:
        return "Too much Junk: discard one"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("discard", card=c) for c in s.data["ask"]["options"]]

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        pack.discard_junk_now(s, seat, a["card"])
        pack.over_limit(s, seat)

    def say(self, s: LairsState, a: Action) -> str:
        return f"Discard {card_name(s, a['card'])}"


DECISIONS.declare(DiscardJunk)


class Display(Answer):
    kind = "display"
    offers = ("take",)

    def text(self, s: LairsState, seat: int) -> str:
        return "Take a Treasure from the display"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("take", card=c) for c in s.data["ask"]["options"]]

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        treasure.take_from_display(s, seat, a["card"])

    def say(self, s: LairsState, a: Action) -> str:
        t = s.C.treasures[a["card"]]
        return f"Take the {t.name} ({t.type}, {t.vp} VP)"


DECISIONS.declare(Display)


class Appraise(AskedDecision):
    kind = "appraise"
    offers = ("keep", "appraise")

    def text(self, s: LairsState, seat: int) -> str:
        return "Keep a Treasure, or Appraise for another"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        drawn = s.data["ask"]["drawn"]
        out = [Action.of("keep", card=c) for c in sorted(set(drawn))]
        if len(s.data["treasure"].get("draw", [])) > 0:
            out += [Action.of("appraise", cubes=p) for p in treasure.may_appraise(s, seat)]
        return out

    def apply(self, s: LairsState, seat: int, a: Action) -> None:
        if a.kind == "appraise":
            treasure.appraise(s, seat, tuple(a["cubes"]))
            return
        drawn = list(s.data["ask"]["drawn"])
        s.data["ask"] = None
        drawn.remove(a["card"])
        treasure.keep(s, seat, a["card"], drawn)

    def say(self, s: LairsState, a: Action) -> str:
        if a.kind == "appraise":
            return f"Appraise ({_pays(a['cubes'])}): draw one more"
        t = s.C.treasures[a["card"]]
        return f"Keep the {t.name} ({t.type}, {t.vp} VP)"


DECISIONS.declare(Appraise)


class KeepJunk(Answer):
    kind = "keep-junk"
    offers = ("keep",)

    def text(self, s: LairsState, seat: int) -> str:
        return "Keep one of the Junk you found"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("keep", card=c) for c in s.data["ask"]["options"]]

    def apply(self, s: LairsState, seat: int, a: Action) -> None:
        pack.keep_junk(s, seat, a["card"])
        s.data["ask"] = None
        pack.over_limit(s, seat)

    def say(self, s: LairsState, a: Action) -> str:
        return f"Keep {card_name(s, a['card'])}"


DECISIONS.declare(KeepJunk)


class FreeCreep(Answer):
    kind = "free-creep"
    offers = ("creep", "stay")

    def text(self, s: LairsState, seat: int) -> str:
        return "Creep out for free?"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("creep", dir=d) for d in s.data["ask"]["options"]] + [Action.of("stay")]

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        if a.kind == "creep":
            carry_out(s, seat, Action.of("creep", dir=a["dir"]), ())

    def say(self, s: LairsState, a: Action) -> str:
        return "Stay here" if a.kind == "stay" else action_words(s, a) + " (free)"


DECISIONS.declare(FreeCreep)


class Adapt(Answer):
    kind = "adapt"
    offers = ("adapt", "keep")

    def text(self, s: LairsState, seat: int) -> str:
        return "Adaptation: swap a cube you refreshed from Fatigued?"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        out = [
            Action.of("adapt", frm=f, to=t)
            for f in s.data["ask"]["options"]
            for t in CUBES
            if t != f
        ]
        return [*out, Action.of("keep")]

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        if a.kind == "adapt":
            pack.adapt(s, seat, a["frm"], a["to"])

    def say(self, s: LairsState, a: Action) -> str:
        return "Keep your cubes" if a.kind == "keep" else f"Swap a {a['frm']} for a {a['to']}"


DECISIONS.declare(Adapt)


class Rest(Answer):
    """At the start of the turn each cube Conserved last turn rests a Fatigued cube: it comes
    back Fresh (ruling E3). Asked when the explorer has a choice of colour."""

    kind = "rest"
    offers = ("rest",)

    def text(self, s: LairsState, seat: int) -> str:
        return "A Conserved cube rests a Fatigued one: which comes back Fresh?"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("rest", cube=k) for k in s.data["ask"]["options"]]

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        energy.rest(s.data["explorers"][seat], a["cube"])
        s.log_public(f"{s.who(seat)} rests a Fatigued {a['cube']} cube")

    def say(self, s: LairsState, a: Action) -> str:
        return f"Rest a {a['cube']} cube"


DECISIONS.declare(Rest)


class SwapQuickness(Answer):
    kind = "swap-quickness"
    offers = ("swap",)

    def text(self, s: LairsState, seat: int) -> str:
        return "Change a cube into a Quickness cube"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("swap", cube=k) for k in s.data["ask"]["options"]]

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        energy.swap_cube(s.data["explorers"][seat], a["cube"], "quickness")

    def say(self, s: LairsState, a: Action) -> str:
        return f"Change a {a['cube']} cube"


DECISIONS.declare(SwapQuickness)


# ---------------------------------------------------------------- the Builder's hidden choices


class Relocate(Answer):
    """Gnashing Retreat: the Builder secretly moves the Gloombat to an Unknown Empty space."""

    kind = "relocate"
    offers = ("to",)

    def text(self, s: LairsState, seat: int) -> str:
        return "Gnashing Retreat: where does the Gloombat go?"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("to", cell=grid.name(c)) for c in s.data["ask"]["options"]]

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        builder.move_monster(s, ask["e"], ask["frm"], grid.parse(a["cell"]))
        s.log_public("the Gloombat flutters off to somewhere unknown")
        s.log_private(seat, f"you moved the Gloombat to {a['cell']}")

    def say(self, s: LairsState, a: Action) -> str:
        return f"Move it to {a['cell']}"


DECISIONS.declare(Relocate)


class Beetles(Answer):
    """Howling Beetles: the Builder may move one Unknown Monster to an Unknown Empty space, and
    need not say whether they did. One decision (which Monster and where, or none), always
    asked, with the same prompt and the same public log line either way."""

    kind = "beetles"
    offers = ("move", "none")

    def text(self, s: LairsState, seat: int) -> str:
        return "Howling Beetles: move an Unknown Monster to an Unknown Empty space, or none?"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        moves = [
            Action.of("move", monster=grid.name(m), to=grid.name(to))
            for m, to in s.data["ask"]["options"]
        ]
        return [*moves, Action.of("none")]

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        s.log_public("the Builder answers the Howling Beetles in secret")
        if a.kind == "none":
            s.log_private(seat, "you left the Monsters where they were")
            return
        frm, to = grid.parse(a["monster"]), grid.parse(a["to"])
        builder.move_monster(s, ask["e"], frm, to)
        s.log_private(seat, f"you moved the Monster from {a['monster']} to {a['to']}")

    def say(self, s: LairsState, a: Action) -> str:
        if a.kind == "none":
            return "Leave the Monsters be"
        return f"Move the Monster at {a['monster']} to {a['to']}"


DECISIONS.declare(Beetles)


class Grip(Answer):
    """Grip of Fear: the Builder picks any one of the explorer's cubes; it is fatigued."""

    kind = "grip"
    offers = ("cube",)

    def text(self, s: LairsState, seat: int) -> str:
        return "Grip of Fear: which of the explorer's cubes is fatigued?"

    def legal(self, s: LairsState, seat: int) -> list[Action]:
        return [Action.of("cube", basket=b, cube=k) for b, k in s.data["ask"]["options"]]

    def answer(self, s: LairsState, seat: int, a: Action, ask: dict[str, Any]) -> None:
        energy.cube_penalty_apply(s, ask["e"], "fatigue", a["basket"], a["cube"])

    def say(self, s: LairsState, a: Action) -> str:
        return f"Their {a['cube']} cube from {a['basket']}"


DECISIONS.declare(Grip)
