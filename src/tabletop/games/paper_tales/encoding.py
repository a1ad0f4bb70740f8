"""Paper Tales as fixed-size vectors, for the learning adapters (``tabletop.adapters``).

The adapters find this module by its name and call :func:`encoding`. It reads a seat's view only
(never the state), so an observation holds nothing the seat may not see. Every id space comes from
the game's content (base and Beyond the Gates alike, in sorted order), so one layout serves every
mode and player count.

Observation: the decision (phase, prompt kind, turn, who decides and who has committed, relative to
the observing seat, the pending Deployment abilities); seven player blocks, the observing seat
first (LP, Gold, Buildings, each Kingdom spot's Unit, Age, strength, resources); the observing
seat's private cards (hand, card kept, draft hand, pick and discard, the arrangement and
Construction it committed face down); the Buildings in the game; the solo Necropolis and Lich King.
Cards are counted by Unit (copies of a Unit are interchangeable).

Actions: one slot per kind, numbered by its arguments (card instances, spots, Buildings, levels,
ways to pay). The Deployment is one face-down commitment of the whole Kingdom (a card -> place
argument per card held), tens of thousands of arrangements at once: it is numbered by rank among
the legal arrangements (the engine lists them in a fixed order: the Front, then the Back, then the
card kept), up to a bound counted from the Kingdom's spots and the largest hand.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence, Sequence
from math import comb
from typing import Any

from tabletop.engine import Game
from tabletop.engine.observation import Index, ObservationLayout

from .content import RESOURCES, Content
from .decisions import DECISIONS
from .rules.solo import OFFERS
from .state import BACK, FRONT, SPOTS

MAX_SEATS = 7
PHASES = (
    "draft",
    "recruited",
    "solo-pick",
    "deploy",
    "deployed",
    "aging",
    "build",
    "built",
    "ending",
    "over",
)
PROMPTS = tuple(sorted(DECISIONS))
LICH_STEPS = ("gain", "wars", "end")
# the largest hand at a Deployment: five cards recruited each turn (every player count and solo:
# 5 picks of 5, 2 players 4 picks of 9 and the last card, solo 3 offers, a Netherworld card and
# the last) and the one card kept face down from the turn before
HAND_MAX = 5 + 1
PENDING_SHOWN = 3
SCALE = 10.0


def deployment_bound(in_play: int, hand: int, front: int, back: int) -> int:
    """How many arrangements a Deployment can have at most: a Front of up to ``front`` cards, a
    Back of up to ``back`` of the others, and at most one hand card left kept face down (a Unit
    in play is never kept); every other card is discarded."""
    total = 0
    for f_play in range(min(front, in_play) + 1):
        for f_hand in range(min(front - f_play, hand) + 1):
            for b_play in range(min(back, in_play - f_play) + 1):
                for b_hand in range(min(back - b_play, hand - f_hand) + 1):
                    ways = (
                        comb(in_play, f_play)
                        * comb(hand, f_hand)
                        * comb(in_play - f_play, b_play)
                        * comb(hand - f_hand, b_hand)
                    )
                    total += ways * (1 + hand - f_hand - b_hand)
    return total


class PaperTalesEncoding(ObservationLayout):
    """The observation layout and action slots of Paper Tales."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        C: Content = game.content  # type: ignore[attr-defined]
        self.C = C
        self.cards = Index(sorted(C.instance_type))
        self.units = Index(sorted(C.units))
        self.buildings = Index(sorted(C.buildings))
        self.necropolis = Index(sorted(C.necropolis))
        self.lich = Index(sorted(C.lich))
        self._build()

    def _unit_of(self, card: Any) -> int | None:
        if not isinstance(card, str):
            return None
        return self.units.at.get(card.split(".")[0])

    def _count(self, out: MutableSequence[float], at: int, cards: Sequence[Any]) -> None:
        for c in cards:
            i = self._unit_of(c)
            if i is not None:
                out[at + i] += 1.0

    def _mark(self, out: MutableSequence[float], at: int, card: Any) -> None:
        i = self._unit_of(card)
        if i is not None:
            out[at + i] = 1.0

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        U, B = len(self.units), len(self.buildings)
        n_prompts = len(PROMPTS) + 1

        def decision(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            me, n = v["seat"], len(v["players"])
            phase = v.get("phase")
            out[at + (PHASES.index(phase) if phase in PHASES else len(PHASES))] = 1.0
            at += len(PHASES) + 1
            prompt = v.get("prompt") or {}
            kind = prompt.get("kind")
            out[at + (PROMPTS.index(kind) if kind in PROMPTS else len(PROMPTS))] = 1.0
            at += n_prompts
            out[at] = float(v.get("turn") or 0) / 4.0
            out[at + 1] = float(v.get("deck") or 0) / 100.0
            out[at + 2] = float(v.get("discards") or 0) / 100.0
            at += 3
            for s in prompt.get("seats") or ():
                out[at + (s - me) % n] = 1.0
            at += MAX_SEATS
            for s in prompt.get("committed") or ():
                out[at + (s - me) % n] = 1.0
            at += MAX_SEATS
            for k, q in enumerate((v.get("pending") or [])[:PENDING_SHOWN]):
                base = at + k * (MAX_SEATS + n_prompts + U + 1)
                out[base + (q["seat"] - me) % n] = 1.0
                base += MAX_SEATS
                qk = q.get("kind")
                out[base + (PROMPTS.index(qk) if qk in PROMPTS else len(PROMPTS))] = 1.0
                base += n_prompts
                self._mark(out, base, q.get("card"))
                out[base + U] = float(q.get("n") or 0) / 3.0

        self._add(
            "decision",
            len(PHASES) + 1 + n_prompts + 3 + 2 * MAX_SEATS
            + PENDING_SHOWN * (MAX_SEATS + n_prompts + U + 1),
            "phase (+ other), prompt kind (+ other), turn/4, deck/100, discards/100, who decides "
            "and who has committed (relative: 0 = the observing seat), the first pending "
            f"Deployment abilities ({PENDING_SHOWN}: seat, kind, Unit, tokens/3)",
            decision,
        )  # fmt: skip

        spot_size = U + 3
        per_player = 1 + 2 + 2 * B + SPOTS * spot_size + SPOTS + len(RESOURCES) + 6

        def players(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            me = v["seat"]
            ps = v["players"]
            for rel in range(len(ps)):
                self._player(ps[(me + rel) % len(ps)], out, at + rel * per_player, spot_size)

        self._add(
            "players",
            MAX_SEATS * per_player,
            f"{MAX_SEATS} blocks of {per_player}, observing seat first: present, LP/10, Gold/10, "
            "each Building at Level 1 or 2, each Kingdom spot's Unit, Age/3, new and strength/10, "
            "open spots, resources/10, war strength/10, hand size/10, a card kept, decided, "
            "Wars won/10",
            players,
        )

        def private(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            p = v["players"][v["seat"]]
            self._count(out, at, p.get("hand") or ())
            at += U
            self._mark(out, at, p.get("kept"))
            at += U
            draft = v.get("draft") or {}
            self._count(out, at, draft.get("hand") or ())
            at += U
            self._mark(out, at, draft.get("pick"))
            at += U
            self._mark(out, at, draft.get("burn"))
            at += U
            if draft:
                out[at] = 1.0
                out[at + 1] = float(draft.get("direction") == 1)
                out[at + 2] = float(draft.get("step") or 0) / SCALE
                out[at + 3] = float(bool(draft.get("burns")))
                sizes = draft.get("sizes") or []
                me, n = v["seat"], len(sizes)
                for s, size in enumerate(sizes):
                    out[at + 4 + (s - me) % n] = float(size) / SCALE
            at += 4 + MAX_SEATS
            plan = p.get("plan")
            if plan is not None:
                out[at] = 1.0
                out[at + 1] = float(p.get("plan_cost") or 0) / SCALE
                for spot, u in enumerate(plan[:SPOTS]):
                    if u is not None:
                        self._spot(u, out, at + 2 + spot * spot_size)
            at += 2 + SPOTS * spot_size
            commit = p.get("commit")
            if isinstance(commit, Mapping):
                out[at] = 1.0
                b = self.buildings.at.get(str(commit.get("building")))
                if b is not None:
                    level = int(commit.get("level") or 1)
                    out[at + 1 + 2 * b + (level - 1)] = 1.0
            elif commit is not None:
                out[at] = 1.0

        self._add(
            "private",
            5 * U + 4 + MAX_SEATS + 2 + SPOTS * spot_size + 1 + 2 * B,
            "the observing seat's hand (cards per Unit), the card it keeps, its draft hand, pick "
            "and discard, the draft (under way, passing to the next seat, step/10, with discards, "
            "hand sizes/10 relative), its committed arrangement (committed, cost/10, each spot) "
            "and its committed Construction (committed, Building and Level)",
            private,
        )

        def board(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            for b in v.get("buildings_in_game") or ():
                if b in self.buildings.at:
                    out[at + self.buildings.at[b]] = 1.0
            for b in v.get("tiles") or ():
                if b in self.buildings.at:
                    out[at + B + self.buildings.at[b]] = 1.0

        self._add("board", 2 * B, "the Buildings in the game, the Building tiles revealed", board)

        N, L = len(self.necropolis), len(self.lich)
        line = len(OFFERS) + 2  # the Necropolis line: one card per pile

        def solo(v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
            s = v.get("solo")
            if not s:
                return
            out[at] = 1.0
            out[at + 1] = float(s.get("time") or 0) / 4.0
            out[at + 2] = float(s.get("lich_lp") or 0) / SCALE
            out[at + 3] = float(s.get("stage") or 0) / 5.0
            armies = s.get("armies")
            if armies:
                out[at + 4] = 1.0
                out[at + 5] = float(armies.get("black") or 0) / SCALE
                out[at + 6] = float(armies.get("purple") or 0) / SCALE
            at += 7
            for i, c in enumerate((s.get("line") or [])[:line]):
                base = at + i * (N + 1)
                if c is None:
                    out[base + N] = 1.0
                elif c in self.necropolis.at:
                    out[base + self.necropolis.at[c]] = 1.0
            at += line * (N + 1)
            for c in s.get("lich") or ():
                if c in self.lich.at:
                    out[at + self.lich.at[c]] = 1.0
            at += L
            self._count(out, at, s.get("nether") or ())
            at += U
            self._count(out, at, s.get("offer") or ())
            at += U
            self._count(out, at, s.get("discard_pile") or ())

        self._add(
            "solo",
            7 + line * (N + 1) + L + 3 * U,
            "solo: present, Time/4, the Lich King's LP/10, selection stage/5, armies known, black "
            "and purple armies/10, the Necropolis line (each card, or face down), the Lich King "
            "cards, the Netherworld, the cards offered and the discard pile (cards per Unit)",
            solo,
        )

    def _spot(self, u: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        self._mark(out, at, u.get("card"))
        U = len(self.units)
        out[at + U] = float(u.get("age") or 0) / 3.0
        out[at + U + 1] = float(bool(u.get("new")))
        out[at + U + 2] = float(u.get("strength") or 0) / SCALE

    def _player(
        self, p: Mapping[str, Any], out: MutableSequence[float], at: int, spot_size: int
    ) -> None:
        out[at] = 1.0
        out[at + 1] = float(p.get("lp") or 0) / SCALE
        out[at + 2] = float(p.get("gold") or 0) / SCALE
        at += 3
        for b, level in (p.get("buildings") or {}).items():
            i = self.buildings.at.get(b)
            if i is not None and level in (1, 2):
                out[at + 2 * i + level - 1] = 1.0
        at += 2 * len(self.buildings)
        for spot, u in enumerate((p.get("kingdom") or [])[:SPOTS]):
            if u is not None:
                self._spot(u, out, at + spot * spot_size)
        at += SPOTS * spot_size
        for s in p.get("spots") or ():
            if 0 <= s < SPOTS:
                out[at + s] = 1.0
        at += SPOTS
        res = p.get("resources") or {}
        for i, r in enumerate(RESOURCES):
            out[at + i] = float(res.get(r) or 0) / SCALE
        at += len(RESOURCES)
        out[at] = float(p.get("strength") or 0) / SCALE
        out[at + 1] = float(p.get("hand_size") or 0) / SCALE
        out[at + 2] = float(bool(p.get("has_kept")))
        out[at + 3] = float(bool(p.get("decided")))
        out[at + 4] = float(p.get("won") or 0) / SCALE
        out[at + 5] = float(len(p.get("spots") or ())) / SPOTS

    # ------------------------------------------------------------------ the interface
    def _most_ways(self) -> int:
        """The most cost alternatives of any Construction (a new Level 2 Building pays both
        levels' costs, every pair of alternatives)."""
        most = 1
        for b in self.C.buildings.values():
            one, two = len(b.level(1).cost), len(b.level(2).cost)
            most = max(most, one, two, one * two)
        return most

    def action_slots(self) -> list[tuple[str, Mapping[str, Sequence[Any]] | int]]:
        cards, buildings = self.cards.ids, self.buildings.ids
        spots = (None, *range(SPOTS))
        deploy = deployment_bound(SPOTS, HAND_MAX, len(FRONT), len(BACK))
        return [
            ("pick", {"card": cards}),
            ("burn", {"card": cards}),
            ("deploy", deploy),
            ("age", {"spot": spots}),
            ("upgrade", {"building": (None, *buildings)}),
            ("save", {"spot": spots}),
            (
                "build",
                {
                    "building": (None, *buildings),
                    "level": (None, 1, 2),
                    "way": (None, *range(self._most_ways())),
                },
            ),
            ("lich-king", {"step": LICH_STEPS}),
        ]


def encoding(game: Game) -> PaperTalesEncoding:
    """The adapters' hook (see ``tabletop.adapters.encoding``)."""
    return PaperTalesEncoding(game)
