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
from .rules.turn import PHASE_NAMES
from .state import BACK, FRONT, SPOTS

MAX_SEATS = 7
PHASES = tuple(PHASE_NAMES)  # every phase of the data, in the rules' order
PROMPTS = tuple(sorted(DECISIONS.kinds()))
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
        content: Content = game.content  # type: ignore[attr-defined]
        self.content = content
        self.cards = Index(sorted(content.instance_type))
        self.units = Index(sorted(content.units))
        self.buildings = Index(sorted(content.buildings))
        self.necropolis = Index(sorted(content.necropolis))
        self.lich = Index(sorted(content.lich))
        self._build()

    def _unit_of(self, card: Any) -> int | None:
        if not isinstance(card, str):
            return None
        return self.units.at.get(card.split(".")[0])

    def _count(self, out: MutableSequence[float], at: int, cards: Sequence[Any]) -> None:
        for card in cards:
            i = self._unit_of(card)
            if i is not None:
                out[at + i] += 1.0

    def _mark(self, out: MutableSequence[float], at: int, card: Any) -> None:
        i = self._unit_of(card)
        if i is not None:
            out[at + i] = 1.0

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        self.unit_kinds, self.building_kinds = len(self.units), len(self.buildings)
        self.prompt_kinds = len(PROMPTS) + 1
        self.spot_size = self.unit_kinds + 3
        self.per_player = (
            1 + 2 + 2 * self.building_kinds + SPOTS * self.spot_size + SPOTS + len(RESOURCES) + 6
        )
        self.line_length = len(OFFERS) + 2  # the Necropolis line: one card per pile
        unit_kinds, building_kinds = self.unit_kinds, self.building_kinds
        necropolis_kinds, lich_kinds = len(self.necropolis), len(self.lich)
        self._add(
            "decision",
            len(PHASES) + 1 + self.prompt_kinds + 3 + 2 * MAX_SEATS
            + PENDING_SHOWN * (MAX_SEATS + self.prompt_kinds + unit_kinds + 1),
            "phase (+ other), prompt kind (+ other), turn/4, deck/100, discards/100, who decides "
            "and who has committed (relative: 0 = the observing seat), the first pending "
            f"Deployment abilities ({PENDING_SHOWN}: seat, kind, Unit, tokens/3)",
            self._decision,
        )  # fmt: skip
        self._add(
            "players",
            MAX_SEATS * self.per_player,
            f"{MAX_SEATS} blocks of {self.per_player}, observing seat first: present, LP/10, "
            "Gold/10, each Building at Level 1 or 2, each Kingdom spot's Unit, Age/3, new and "
            "strength/10, open spots, resources/10, war strength/10, hand size/10, a card kept, "
            "decided, Wars won/10",
            self._players,
        )
        self._add(
            "private",
            5 * unit_kinds + 4 + MAX_SEATS + 2 + SPOTS * self.spot_size + 1 + 2 * building_kinds,
            "the observing seat's hand (cards per Unit), the card it keeps, its draft hand, pick "
            "and discard, the draft (under way, passing to the next seat, step/10, with discards, "
            "hand sizes/10 relative), its committed arrangement (committed, cost/10, each spot) "
            "and its committed Construction (committed, Building and Level)",
            self._private,
        )
        self._add(
            "board",
            2 * building_kinds,
            "the Buildings in the game, the Building tiles revealed",
            self._board,
        )
        self._add(
            "solo",
            7 + self.line_length * (necropolis_kinds + 1) + lich_kinds + 3 * unit_kinds,
            "solo: present, Time/4, the Lich King's LP/10, selection stage/5, armies known, black "
            "and purple armies/10, the Necropolis line (each card, or face down), the Lich King "
            "cards, the Netherworld, the cards offered and the discard pile (cards per Unit)",
            self._solo,
        )

    def _decision(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        me, n = v["seat"], len(v["players"])
        phase = v.get("phase")
        out[at + (PHASES.index(phase) if phase in PHASES else len(PHASES))] = 1.0
        at += len(PHASES) + 1
        prompt = v.get("prompt") or {}
        kind = prompt.get("kind")
        out[at + (PROMPTS.index(kind) if kind in PROMPTS else len(PROMPTS))] = 1.0
        at += self.prompt_kinds
        out[at] = float(v.get("turn") or 0) / 4.0
        out[at + 1] = float(v.get("deck") or 0) / 100.0
        out[at + 2] = float(v.get("discards") or 0) / 100.0
        at += 3
        for seat in prompt.get("seats") or ():
            out[at + (seat - me) % n] = 1.0
        at += MAX_SEATS
        for seat in prompt.get("committed") or ():
            out[at + (seat - me) % n] = 1.0
        at += MAX_SEATS
        for k, queued in enumerate((v.get("pending") or [])[:PENDING_SHOWN]):
            base = at + k * (MAX_SEATS + self.prompt_kinds + self.unit_kinds + 1)
            out[base + (queued["seat"] - me) % n] = 1.0
            base += MAX_SEATS
            due = queued.get("kind")
            out[base + (PROMPTS.index(due) if due in PROMPTS else len(PROMPTS))] = 1.0
            base += self.prompt_kinds
            self._mark(out, base, queued.get("card"))
            out[base + self.unit_kinds] = float(queued.get("tokens") or 0) / 3.0

    def _players(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        me = v["seat"]
        seats = v["players"]
        committed = set((v.get("prompt") or {}).get("committed") or ())
        for rel in range(len(seats)):
            seat = seats[(me + rel) % len(seats)]
            block = at + rel * self.per_player
            self._player(seat, seat["seat"] in committed, out, block, self.spot_size)

    def _private(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        unit_kinds = self.unit_kinds
        mine = v["players"][v["seat"]]
        self._count(out, at, mine.get("hand") or ())
        at += unit_kinds
        self._mark(out, at, mine.get("kept"))
        at += unit_kinds
        draft = v.get("draft") or {}
        self._count(out, at, draft.get("hand") or ())
        at += unit_kinds
        self._mark(out, at, draft.get("pick"))
        at += unit_kinds
        self._mark(out, at, draft.get("burn"))
        at += unit_kinds
        if draft:
            out[at] = 1.0
            out[at + 1] = float(draft.get("direction") == 1)
            out[at + 2] = float(draft.get("step") or 0) / SCALE
            out[at + 3] = float(bool(draft.get("burns")))
            sizes = draft.get("sizes") or []
            me, n = v["seat"], len(sizes)
            for seat, size in enumerate(sizes):
                out[at + 4 + (seat - me) % n] = float(size) / SCALE
        at += 4 + MAX_SEATS
        plan = mine.get("plan")
        if plan is not None:
            out[at] = 1.0
            out[at + 1] = float(mine.get("plan_cost") or 0) / SCALE
            for spot, unit in enumerate(plan[:SPOTS]):
                if unit is not None:
                    self._spot(unit, out, at + 2 + spot * self.spot_size)
        at += 2 + SPOTS * self.spot_size
        chosen = (v.get("commitments") or {}).get("mine")
        if isinstance(chosen, Mapping) and chosen.get("kind") == "build":
            out[at] = 1.0
            args = chosen.get("args") or {}
            building = self.buildings.at.get(str(args.get("building")))
            if building is not None:
                level = int(args.get("level") or 1)
                out[at + 1 + 2 * building + (level - 1)] = 1.0

    def _board(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        for building in v.get("buildings_in_game") or ():
            if building in self.buildings.at:
                out[at + self.buildings.at[building]] = 1.0
        for building in v.get("tiles") or ():
            if building in self.buildings.at:
                out[at + self.building_kinds + self.buildings.at[building]] = 1.0

    def _solo(self, v: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        solo = v.get("solo")
        if not solo:
            return
        necropolis_kinds = len(self.necropolis)
        out[at] = 1.0
        out[at + 1] = float(solo.get("time") or 0) / 4.0
        out[at + 2] = float(solo.get("legend_points") or 0) / SCALE
        out[at + 3] = float(solo.get("stage") or 0) / 5.0
        armies = solo.get("armies")
        if armies:
            out[at + 4] = 1.0
            out[at + 5] = float(armies.get("black") or 0) / SCALE
            out[at + 6] = float(armies.get("purple") or 0) / SCALE
        at += 7
        for i, card in enumerate((solo.get("line") or [])[: self.line_length]):
            base = at + i * (necropolis_kinds + 1)
            if card is None:
                out[base + necropolis_kinds] = 1.0
            elif card in self.necropolis.at:
                out[base + self.necropolis.at[card]] = 1.0
        at += self.line_length * (necropolis_kinds + 1)
        for card in solo.get("lich_king_cards") or ():
            if card in self.lich.at:
                out[at + self.lich.at[card]] = 1.0
        at += len(self.lich)
        self._count(out, at, solo.get("netherworld") or ())
        at += self.unit_kinds
        self._count(out, at, solo.get("offer") or ())
        at += self.unit_kinds
        self._count(out, at, solo.get("discard_pile") or ())

    def _spot(self, unit: Mapping[str, Any], out: MutableSequence[float], at: int) -> None:
        self._mark(out, at, unit.get("card"))
        unit_kinds = len(self.units)
        out[at + unit_kinds] = float(unit.get("age") or 0) / 3.0
        out[at + unit_kinds + 1] = float(bool(unit.get("new")))
        out[at + unit_kinds + 2] = float(unit.get("strength") or 0) / SCALE

    def _player(
        self,
        player: Mapping[str, Any],
        decided: bool,
        out: MutableSequence[float],
        at: int,
        spot_size: int,
    ) -> None:
        out[at] = 1.0
        out[at + 1] = float(player.get("legend_points") or 0) / SCALE
        out[at + 2] = float(player.get("gold") or 0) / SCALE
        at += 3
        for building, level in (player.get("buildings") or {}).items():
            i = self.buildings.at.get(building)
            if i is not None and level in (1, 2):
                out[at + 2 * i + level - 1] = 1.0
        at += 2 * len(self.buildings)
        for spot, unit in enumerate((player.get("kingdom") or [])[:SPOTS]):
            if unit is not None:
                self._spot(unit, out, at + spot * spot_size)
        at += SPOTS * spot_size
        for spot in player.get("spots") or ():
            if 0 <= spot < SPOTS:
                out[at + spot] = 1.0
        at += SPOTS
        made = player.get("resources") or {}
        for i, resource in enumerate(RESOURCES):
            out[at + i] = float(made.get(resource) or 0) / SCALE
        at += len(RESOURCES)
        out[at] = float(player.get("strength") or 0) / SCALE
        out[at + 1] = float(player.get("hand_size") or 0) / SCALE
        out[at + 2] = float(bool(player.get("has_kept")))
        out[at + 3] = float(decided)
        out[at + 4] = float(player.get("wars_won") or 0) / SCALE
        out[at + 5] = float(len(player.get("spots") or ())) / SPOTS

    # ------------------------------------------------------------------ the interface
    def _most_ways(self) -> int:
        """The most cost alternatives of any Construction (a new Level 2 Building pays both
        levels' costs, every pair of alternatives)."""
        most = 1
        for building in self.content.buildings.values():
            one, two = len(building.level(1).cost), len(building.level(2).cost)
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
