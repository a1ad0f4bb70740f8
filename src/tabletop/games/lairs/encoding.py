"""Lairs as fixed-size vectors, for the learning adapters (``tabletop.adapters``).

The adapters find this module by its name and call :func:`encoding`. It reads a seat's view only
(never the state), so an observation holds nothing the seat may not see. Every id space comes from
the game's content (base and Adventurer's Pack alike, in sorted order) and the 6 x 6 grid, so one
layout serves every mode.

Observation: the decision (phase, prompt kind, round, whose turn, who decides, relative to the
observing seat; mode, Pack, solo, difficulty); the Hazards and Treasures on the table; the seat's
own lair as its builder knows it (while building and after); both explorers' map sheets and
player mats, the observing seat's first (cubes by basket, statuses, Treasures, trophies, Junk);
the check under way and the last one; the question the seat is asked, with its options.

Actions: one slot per kind, numbered by its arguments over the content's domains: pieces x spaces
x sides for ``build`` (the Template the builders see, spelt out in full: it is small), spaces,
directions, cubes, cube payments (every sorted multiset of up to three cubes), Junk and Treasure
cards, the Attribute sets.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

from tabletop.engine import Game
from tabletop.engine.observation import Index, ObservationLayout, mark_many

from . import grid
from .content import CUBES, STATUSES, Content
from .decisions import DECISIONS, SIDES
from .rules.energy import COSTS
from .rules.pack import attribute_sets, card_id

PHASES = ("select", "build", "attributes", "explore", "over")
PROMPTS = tuple(sorted(DECISIONS.kinds()))
MODES = ("intro", "standard", "solo")
BASKETS = ("fresh", "spent", "fatigued", "conserved")
CHECK_STAGES = ("buy", "after-roll", "reroll")
DIE_TYPES = ("basic", "power")
SEATS = 2
# a check rolls a die per cube bought, free Power dice and extra dice from Improvise and Junk: far
# fewer than this many, whatever the explorer owns
DICE_MAX = 24
SCALE = 10.0
# the Shivers: the Builder's one choice of up to two of the rolled dice (by place in the roll)
SHIVERS = tuple(c for k in range(3) for c in combinations(range(DICE_MAX), k))
CELLS = tuple(grid.name(c) for c in range(grid.SPACES))


def _rel(seat: Any, me: int) -> int | None:
    return (seat - me) % SEATS if isinstance(seat, int) and 0 <= seat < SEATS else None


class LairsEncoding(ObservationLayout):
    """The observation layout and action slots of Lairs."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        C: Content = game.content  # type: ignore[attr-defined]
        self.content = C
        self.hazards = Index(sorted(C.hazards))
        self.treasures = Index(sorted(C.treasures))
        self.junk = Index(sorted(C.junk))
        self.junk_cards = tuple(sorted(C.junk_deck()))
        self.difficulties = Index(sorted(C.difficulties))
        pieces = ["start", "exit", "chest"]
        pieces += [f"m:{h}" for h in sorted(C.monsters)] + [f"t:{h}" for h in sorted(C.traps)]
        self.pieces = Index(pieces)  # what a lair's space holds
        self.features = Index(["empty", *pieces])  # what a map sheet says a space holds
        self._build()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        """Every block of the observation, in order."""
        self._build_decision_and_table()
        self._build_lair()
        self._build_maps()
        self._build_mats()
        self._build_checks()
        self._build_ask()

    def _build_decision_and_table(self) -> None:
        """The blocks of the decision and the table."""
        H = len(self.hazards)
        T = len(self.treasures)
        nD = len(self.difficulties)

        def decision(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            me = int(v["seat"])
            _one(out, at, PHASES, v.get("phase"))
            at += len(PHASES) + 1
            prompt = v.get("prompt") or {}
            _one(out, at, PROMPTS, prompt.get("kind"))
            at += len(PROMPTS) + 1
            for s in prompt.get("seats") or ():
                r = _rel(s, me)
                if r is not None:
                    out[at + r] = 1.0
            at += SEATS
            for i, key in enumerate(("turn", "first", "horn")):
                r = _rel(v.get(key), me)
                if r is not None:
                    out[at + i * SEATS + r] = 1.0
            at += 3 * SEATS
            out[at] = float(v.get("round") or 0) / SCALE
            out[at + 1] = float(v.get("rounds") or 0) / SCALE
            out[at + 2] = float(v.get("goal") or 0) / SCALE
            out[at + 3] = float(bool(v.get("pack")))
            out[at + 4] = float(bool(v.get("solo")))
            at += 5
            _one(out, at, MODES, v.get("mode"))
            at += len(MODES) + 1
            d = self.difficulties.at.get(v.get("difficulty"))
            if d is not None:
                out[at + d] = 1.0

        self._add(
            "decision",
            len(PHASES) + len(PROMPTS) + 2 + SEATS * 4 + 5 + len(MODES) + 1 + nD,
            "phase and prompt kind (+ other), who decides, whose turn, who went first, who holds "
            "the horn (relative: 0 = the observing seat), round/10, rounds/10, goal/10, Pack, "
            "solo, mode (+ other), difficulty",
            decision,
        )

        def table(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            me = int(v["seat"])
            for i, key in enumerate(("monsters", "traps", "draft_pool")):
                mark_many(out, at + i * H, self.hazards, v.get(key) or ())
            at += 3 * H
            mark_many(out, at, self.treasures, v.get("display") or ())
            at += T
            out[at] = float(v.get("treasure_deck") or 0) / SCALE
            out[at + 1] = float(v.get("junk_deck") or 0) / SCALE
            for s, ready in enumerate((v.get("ready") or [])[:SEATS]):
                out[at + 2 + (s - me) % SEATS] = float(bool(ready))

        self._add(
            "table",
            3 * H + T + 2 + SEATS,
            "the Monsters and Traps in play, the draft pool, the Treasure display, deck sizes/10, "
            "lairs ready (relative)",
            table,
        )

    def _build_lair(self) -> None:
        """The blocks of the lair the seat built."""
        S = grid.SPACES
        E = grid.EDGES
        P = len(self.pieces)

        def lair(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            own = v.get("lair")
            if not own:
                return
            out[at] = 1.0
            out[at + 1] = float(own.get("problem") is not None)
            at += 2
            for c, f in enumerate((own.get("feat") or [])[:S]):
                i = self.pieces.at.get(f)
                if i is not None:
                    out[at + c * P + i] = 1.0
            at += S * P
            for e in own.get("walls") or ():
                if 0 <= e < E:
                    out[at + e] = 1.0
            at += E
            for piece, n in (own.get("left") or {}).items():
                i = self.pieces.at.get(piece)
                if i is not None:
                    out[at + i] = float(n)
            at += P
            _targets(out, at, own.get("target"))

        self._add(
            "lair",
            2 + S * P + E + P + S,
            "the observing builder's own lair: present, a problem left, each space's piece, the "
            "Walls, pieces left to place, Target changes/10 by space",
            lair,
        )

    def _build_maps(self) -> None:
        """The blocks of both map sheets."""
        H = len(self.hazards)
        S = grid.SPACES
        E = grid.EDGES
        F = len(self.features) + 1
        per_map = 1 + 4 * S + S * F + E + S + H

        def maps(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            me = int(v["seat"])
            for s, m in enumerate((v.get("maps") or [])[:SEATS]):
                base = at + ((s - me) % SEATS) * per_map
                out[base] = 1.0
                base += 1
                pos = m.get("pos")
                if isinstance(pos, int) and 0 <= pos < S:
                    out[base + pos] = 1.0
                for i, key in enumerate(("known", "visited")):
                    for c, x in enumerate((m.get(key) or [])[:S]):
                        out[base + (1 + i) * S + c] = float(bool(x))
                for c in m.get("scrounged") or ():
                    if 0 <= c < S:
                        out[base + 3 * S + c] = 1.0
                base += 4 * S
                for c, f in enumerate((m.get("map") or [])[:S]):
                    if f is not None:
                        i = self.features.at.get(f, len(self.features))
                        out[base + c * F + i] = 1.0
                base += S * F
                for e in m.get("mwalls") or ():
                    if 0 <= e < E:
                        out[base + e] = 1.0
                base += E
                _targets(out, base, m.get("targets"))
                base += S
                # the Notes section: Targets of Monsters that moved off the map, by Monster
                for h, n in ((m.get("notes") or {}).get("targets") or {}).items():
                    if h in self.hazards.at and isinstance(n, int | float):
                        out[base + self.hazards.at[h]] = float(n) / SCALE

        self._add(
            "maps",
            SEATS * per_map,
            f"{SEATS} map sheets of {per_map}, the observing seat's explorer first: present, "
            "position, spaces known, visited and scrounged, what each space holds (+ other), "
            "Walls mapped, Target changes/10, Targets noted in the Notes section/10 by Monster",
            maps,
        )

    def _build_mats(self) -> None:
        """The blocks of the explorers' mats."""
        H = len(self.hazards)
        T = len(self.treasures)
        J = len(self.junk)
        S = grid.SPACES
        per_mat = 4 * len(CUBES) + 2 * len(STATUSES) + T + H + 8 + S + J

        def mats(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            me = int(v["seat"])
            for s, m in enumerate((v.get("mats") or [])[:SEATS]):
                base = at + ((s - me) % SEATS) * per_mat
                for b, basket in enumerate(BASKETS):
                    cubes = m.get(basket) or {}
                    for k, cube in enumerate(CUBES):
                        out[base + b * len(CUBES) + k] = float(cubes.get(cube) or 0) / SCALE
                base += 4 * len(CUBES)
                for name, turns in (m.get("status") or {}).items():
                    if name in STATUSES:
                        i = STATUSES.index(name)
                        out[base + 2 * i] = 1.0
                        if isinstance(turns, int | float) and not isinstance(turns, bool):
                            out[base + 2 * i + 1] = float(turns) / SCALE
                base += 2 * len(STATUSES)
                for t in m.get("treasures") or ():
                    if t in self.treasures.at:
                        out[base + self.treasures.at[t]] += 1.0
                base += T
                mark_many(out, base, self.hazards, m.get("trophies") or ())
                base += H
                score = m.get("score") or {}
                for i, x in enumerate(
                    (
                        1.0,
                        float(m.get("notes") or 0) / SCALE,
                        float(m.get("escaped") is not None),
                        float(m.get("escaped") or 0) / SCALE,
                        float(m.get("turns") or 0) / SCALE,
                        float(m.get("junk_count") or 0) / SCALE,
                        float(score.get("total") or 0) / SCALE,
                        float(len(m.get("scavenge") or ())) / SCALE,
                    )
                ):
                    out[base + i] = x
                base += 8
                for c in m.get("scavenge") or ():
                    if 0 <= c < S:
                        out[base + c] = 1.0
                base += S
                for card in m.get("junk") or ():  # the observing seat's own hand only
                    j = self.junk.at.get(card_id(card))
                    if j is not None:
                        out[base + j] += 1.0

        self._add(
            "mats",
            SEATS * per_mat,
            f"{SEATS} player mats of {per_mat}, the observing seat's first: cubes/10 in each "
            "basket, statuses (and turns/10), Treasures, trophies, present, notes/10, escaped "
            "(and when/10), turns/10, Junk held/10, score/10, Scavenge spaces, and the observing "
            "seat's own Junk cards",
            mats,
        )

    def _build_checks(self) -> None:
        """The blocks of the checks under way."""
        H = len(self.hazards)
        S = grid.SPACES
        per_check = 1 + SEATS + S + H + 2 + len(CHECK_STAGES) + 1 + 4 + len(CUBES)
        per_check += len(DIE_TYPES) * 9 + 4

        def check(
            check_view: Mapping[str, Any], me: int, out: MutableSequence[float], at: int
        ) -> None:
            out[at] = 1.0
            at += 1
            r = _rel(check_view.get("e"), me)
            if r is not None:
                out[at + r] = 1.0
            at += SEATS
            cell = check_view.get("cell")
            if isinstance(cell, int) and 0 <= cell < S:
                out[at + cell] = 1.0
            at += S
            mark_many(out, at, self.hazards, [check_view.get("hz")])
            at += H
            out[at] = float(check_view.get("kind") == "monster")
            out[at + 1] = float(check_view.get("kind") == "trap")
            at += 2
            _one(out, at, CHECK_STAGES, check_view.get("stage"))
            at += len(CHECK_STAGES) + 1
            out[at] = float(check_view.get("target") or 0) / SCALE
            out[at + 1] = float(check_view.get("free") or 0) / SCALE
            out[at + 2] = float(check_view.get("adds") or 0) / SCALE
            out[at + 3] = float(check_view.get("total") or 0) / SCALE
            at += 4
            for cube in check_view.get("bought") or ():
                if cube in CUBES:
                    out[at + CUBES.index(cube)] += 1.0 / SCALE
            at += len(CUBES)
            for die in check_view.get("dice") or ():
                if die.get("type") in DIE_TYPES:
                    v = int(die.get("value") or 0)
                    out[at + DIE_TYPES.index(die["type"]) * 9 + min(max(v, 0), 8)] += 1.0
            at += len(DIE_TYPES) * 9
            mdice = [str(x) for x in check_view.get("mdice") or ()]
            out[at] = len(mdice) / 2.0
            out[at + 1] = sum(1 for x in mdice if x == "skull") / 2.0
            out[at + 2] = float(bool(check_view.get("skull")))
            out[at + 3] = len(check_view.get("rerolls") or ()) / 2.0

        def checks(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            me = int(v["seat"])
            for i, key in enumerate(("check", "last_check")):
                check_view = v.get(key)
                if check_view:
                    check(check_view, me, out, at + i * per_check)

        self._add(
            "checks",
            2 * per_check,
            f"the check under way and the last check ({per_check} each): present, explorer "
            "(relative), space, Hazard, monster or trap, stage, Target/10, free dice/10, adds/10, "
            "total/10, cubes bought/10, dice rolled by type and face, Monster dice and skulls/2, "
            "a skull, rerolls/2",
            checks,
        )

    def _build_ask(self) -> None:
        """The blocks of the question asked."""
        T = len(self.treasures)
        J = len(self.junk)

        def ask(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            a = v.get("ask")
            if not a:
                return
            me = int(v["seat"])
            out[at] = 1.0
            r = _rel(a.get("seat"), me)
            if r is not None:
                out[at + 1 + r] = 1.0
            at += 1 + SEATS
            _one(out, at, PROMPTS, a.get("kind"))
            at += len(PROMPTS) + 1
            cards = [*(a.get("drawn") or ())]
            for o in a.get("options") or ():
                if isinstance(o, str):
                    cards.append(o)
            for c in cards:
                if c in self.treasures.at:
                    out[at + self.treasures.at[c]] = 1.0
                else:
                    i = self.junk.at.get(card_id(c)) if isinstance(c, str) else None
                    if i is not None:
                        out[at + T + i] = 1.0
            at += T + J
            out[at] = len(a.get("options") or ()) / SCALE

        self._add(
            "ask",
            1 + SEATS + len(PROMPTS) + 1 + T + J + 1,
            "the question asked: present, of whom (relative), kind (+ other), the Treasure and "
            "Junk cards it offers (the asked seat only), how many options/10",
            ask,
        )

    # ------------------------------------------------------------------ the interface
    def action_slots(self) -> list[tuple[str, Mapping[str, Sequence[Any]] | int]]:
        cells, dirs = CELLS, grid.DIRS
        most = max(len(alt) for alts in COSTS.values() for alt in alts) + 1  # Sleepy: one more
        payments: list[tuple[str, ...]] = [()]
        for n in range(1, most + 1):
            payments += [tuple(sorted(p)) for p in combinations_with_replacement(CUBES, n)]
        pays = tuple(dict.fromkeys(payments))
        cards = (*self.treasures.ids, *self.junk_cards)
        steps = tuple(range(1, max(grid.ROWS, grid.COLS)))
        return [
            ("draft", {"hazard": self.hazards.ids}),
            ("build", {"piece": (*self.pieces.ids, "wall"), "cell": cells, "side": SIDES}),
            ("take-back", {"cell": cells, "side": SIDES}),
            ("ready", {}),
            ("attributes", {"cubes": tuple(attribute_sets())}),
            ("creep", {"dir": dirs}),
            ("hustle", {"dir": dirs, "steps": steps}),
            ("backtrack", {"to": cells}),
            ("peer", {"at": cells}),
            ("scrounge", {}),
            ("charge", {"dir": dirs}),
            ("sneak", {"dir": dirs}),
            ("recover", {"cube": CUBES}),
            ("scavenge", {"at": cells}),
            ("junk", {"card": self.junk_cards, "on": (None, *cells, *CUBES)}),
            ("try", {}),
            ("escape", {}),
            ("conserve", {}),
            ("conserve-one", {"cube": CUBES}),
            ("pay", {"cubes": pays}),
            ("back", {}),
            ("buy", {"cube": CUBES}),
            ("roll", {}),
            ("improvise", {"cubes": pays}),
            ("go", {}),
            ("reroll", {"dice": SHIVERS}),
            ("cube", {"basket": BASKETS, "cube": CUBES}),
            ("discard", {"card": cards}),
            ("take", {"card": self.treasures.ids}),
            ("keep", {"card": (None, *cards)}),
            ("appraise", {"cubes": pays}),
            ("stay", {}),
            ("adapt", {"frm": CUBES, "to": CUBES}),
            ("rest", {"cube": CUBES}),
            ("swap", {"cube": CUBES}),
            ("to", {"cell": cells}),
            ("move", {"monster": cells, "to": cells}),
            ("none", {}),
        ]


def _one(out: MutableSequence[float], at: int, values: Sequence[str], x: Any) -> None:
    """A one-hot of ``x`` among ``values``, the slot after them for anything else."""
    out[at + (values.index(x) if x in values else len(values))] = 1.0


def _targets(out: MutableSequence[float], at: int, targets: Any) -> None:
    """Target values changed on spaces (keyed by the space's number), /10."""
    for c, n in (targets or {}).items():
        cell = int(c) if str(c).isdigit() else -1
        if 0 <= cell < grid.SPACES and isinstance(n, int | float):
            out[at + cell] = float(n) / SCALE


def encoding(game: Game) -> LairsEncoding:
    """The adapters' hook (see ``tabletop.adapters.encoding``)."""
    return LairsEncoding(game)
