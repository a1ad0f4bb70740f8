"""The Lairs state: the protocol's hooks over the plain data of :mod:`.state`, with every decision
taken from :mod:`.decisions` and every rule from :mod:`.rules`."""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.engine import TERMINAL_PROMPT, Action, Outcome, Prompt, State, Template, chance
from tabletop.engine.knowledge import Zones, bit, everyone, learnt
from tabletop.engine.rng import Rng
from tabletop.engine.scores import ScoreItem, SeatScore
from tabletop.engine.views import log

from . import decisions, effects, grid, view
from .content import Content
from .rules import building, solo, turns
from .rules.treasure import score
from .state import SECRET, Lair, install_lair, zone_name


class LairsState(State):
    __slots__ = ()
    C: ClassVar[Content]

    # ------------------------------------------------------------ helpers the rules use
    def lair(self, i: int) -> Lair:
        """Lair ``i`` (the one seat ``i`` built; in solo, 0 is the generated lair)."""
        return Lair(self.data, i)

    def lair_index(self, e: int) -> int:
        """The index of the lair explorer ``e`` explores."""
        return 0 if self.data["solo"] else 1 - e

    def lair_of(self, e: int) -> Lair:
        """The lair explorer ``e`` explores."""
        return Lair(self.data, self.lair_index(e))

    def secrets(self) -> Zones:
        """The lairs' knowledge zones."""
        return Zones(self.data[SECRET], len(self.data["ex"]))

    def sync_knowledge(self) -> None:
        """Who knows each space of each lair, from the map sheets: a space is known to everyone
        (the map sheets are public) once its explorer's map sheet shows truly what stands there
        (a Known space whose invisible hazard is still hidden is not), else to its builder
        alone. The knowledge model derives the resample and the undo policy from this."""
        d = self.data
        if d["phase"] not in ("explore", "over"):
            return
        z = self.secrets()
        all_ = everyone(len(d["ex"]))
        for e, ex in enumerate(d["ex"]):
            i = self.lair_index(e)
            zone = z.zones[zone_name(i)]
            alone = 0 if d["solo"] else bit(i)
            known = zone["known"]
            should = [
                all_ if m is not None and (m == f or (m == "empty" and f is None)) else alone
                for m, f in zip(ex["map"], zone["items"], strict=True)
            ]  # everyone where the map sheet shows the space truly, else its builder alone
            if should == known:
                continue
            for c, (k, want) in enumerate(zip(known, should, strict=True)):
                if k != want and want == all_:
                    z.learn(zone_name(i), all_, "explored", at=c)
                elif k != want:
                    known[c] = alone

    def builder_of(self, e: int) -> int | None:
        """The seat that built the lair ``e`` explores (None in solo: the automaton)."""
        return None if self.data["solo"] else 1 - e

    def builder_id(self, e: int) -> int:
        """Who decides for the Builder of the lair ``e`` explores: the seat that built it, or in
        solo the rules' automaton (id ``num_players``, see :class:`.rules.solo.SoloBuilder`)."""
        seat = self.builder_of(e)
        return int(self.game.num_players) if seat is None else seat

    def who(self, e: int) -> str:
        return "the explorer" if self.data["solo"] else self.seat_name(e)

    def log_public(self, text: str) -> None:
        log(self.data, text[0].upper() + text[1:])

    def log_for_both(self, e: int, text: str) -> None:
        self.log_public(f"{self.who(e)} {text}")

    def log_private(self, seat: int, text: str) -> None:
        if seat >= self.game.num_players:
            return  # the solo Builder, an automaton, keeps no log
        log(self.data, text[0].upper() + text[1:], to=[seat])

    def target_bonus(self) -> int:
        d = self.data
        if d["solo"]:
            return self.C.difficulties[d["difficulty"]].target_bonus
        return 0

    def roll_die(self, kind: str) -> int:
        """One Basic or Power die, in the open (a scenario may force the next "dice")."""
        die = self.C.power_die if kind == "power" else self.C.basic_die
        return int(chance.roll(self, die, "dice"))

    def roll_monster_die(self) -> str:
        return str(chance.roll(self, self.C.monster_die, "monster dice"))

    # ------------------------------------------------------------ set-up steps
    def after_selection(self) -> None:
        d = self.data
        d["draft"] = None
        names = [self.C.hazards[h].name for h in d["monsters"] + d["traps"]]
        self.log_public("Hazards for both lairs: " + ", ".join(names))
        if d["solo"]:
            lair = solo.generate(self.C, self.rng, d["monsters"], d["traps"], d["difficulty"])
            install_lair(d, 0, lair)
            diff = self.C.difficulties[d["difficulty"]]
            d["goal"] = diff.goal_vp
            d["rounds"] = diff.rounds
            self.after_building()
        else:
            d["phase"] = "build"

    def after_building(self) -> None:
        d = self.data
        if d["pack"]:
            d["phase"] = "attributes"
        else:
            turns.begin_exploring(self)

    # ------------------------------------------------------------ protocol hooks
    def _decision(self) -> tuple[str, tuple[int, ...]]:
        d = self.data
        phase = d["phase"]
        if phase == "select":
            return "draft", (d["draft"]["next"],)
        if phase == "build":
            return "build", tuple(i for i, lair in enumerate(d["lairs"]) if not lair["ready"])
        if phase == "attributes":
            return "attributes", tuple(i for i, a in enumerate(d["attrs"]) if a is None)
        if phase == "over":
            return "over", ()
        if d["ask"] is not None:
            return d["ask"]["kind"], (d["ask"]["seat"],)
        ck = d["check"]
        if ck is not None:
            if ck["stage"] == "buy":
                return "check", (ck["e"],)
            if ck["stage"] == "reroll":
                return "reroll", (self.builder_id(ck["e"]),)
            return "after-roll", (ck["e"],)
        return "turn", (d["turn"],)

    def _prompt(self) -> Prompt:
        kind, seats = self._decision()
        if not seats:
            return TERMINAL_PROMPT
        dec = decisions.DECISIONS[kind]
        # choosing Attributes is one secret action per seat: the engine's commitments keep each
        # choice hidden (and changeable) until both have chosen
        commit = kind == "attributes"
        return Prompt(seats, kind, dec.text(self, seats[0]), turn=self.data["turn"], commit=commit)

    def _legal_actions(self, seat: int) -> list[Action]:
        kind, _ = self._decision()
        return decisions.DECISIONS[kind].legal(self, seat)

    def _templates(self, seat: int) -> list[Template] | None:
        # building, the one templated decision, is the whole of the build phase
        if self.data["phase"] == "build":
            return decisions.BUILD.templates(self, seat)
        return None

    def _is_legal(self, seat: int, action: Action) -> bool:
        # called only for the templated decision, building
        return decisions.BUILD.is_legal(self, seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        kind, _ = self._decision()
        decisions.DECISIONS[kind].apply(self, seat, action)
        turns.advance(self)
        self.sync_knowledge()

    def _explain_illegal(self, seat: int, action: Action) -> str | None:
        return view.explain(self, seat, action)

    def describe_action(self, action: Action, seat: int | None = None) -> str:
        kind, _ = self._decision()
        dec = decisions.DECISIONS.get(kind)
        try:
            return dec.words(self, action) if dec is not None else str(action)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            return str(action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def scores(self) -> list[dict[str, int]]:
        return [score(self.C, ex) for ex in self.data["ex"]]

    def _outcome(self) -> Outcome:
        d = self.data
        sc = self.scores()
        totals = {i: float(p["total"]) for i, p in enumerate(sc)}
        if d["solo"]:
            ex = d["ex"][0]
            won = ex["escaped"] is not None and sc[0]["total"] >= d["goal"]
            text = (
                f"You escaped with {sc[0]['total']} VP (goal {d['goal']}): you win"
                if won
                else f"{sc[0]['total']} VP, goal {d['goal']}"
                + ("" if ex["escaped"] is not None else ", and you did not escape")
            )
            return Outcome(
                (0,) if won else (), totals, d.get("over", "over"), text, self.breakdown(sc)
            )
        best = max(totals.values())
        top = [i for i, v in totals.items() if v == best]
        if len(top) > 1:
            esc = [i for i in top if d["ex"][i]["escaped"] == 1]
            top = esc or top
        text = ", ".join(f"{self.seat_name(i)}: {int(v)} VP" for i, v in totals.items())
        return Outcome(tuple(top), totals, d.get("over", "over"), text, self.breakdown(sc))

    def breakdown(self, scores: list[dict[str, int]]) -> tuple[SeatScore, ...]:
        """How each explorer's score was made: escape, trophies, treasure, sets, VP noted on the
        map sheet; the first out breaks a tie (ruling in docs/rulings/lairs.md)."""
        lines = []
        for seat, parts in enumerate(scores):
            ex = self.data["ex"][seat]
            escaped = ex["escaped"]
            items = (
                ScoreItem(
                    "Escape",
                    parts["escape"],
                    "first out" if escaped == 1 else "second out" if escaped == 2 else "not out",
                ),
                ScoreItem("Trophies", parts["trophies"], f"{len(ex['trophies'])} defeated"),
                ScoreItem("Treasure", parts["treasure"], f"{len(ex['treasures'])} cards"),
                ScoreItem("Sets", parts["collections"]),
                ScoreItem("Notes", parts["notes"]),
            )
            tiebreak = (
                (ScoreItem("Out first", 1 if escaped == 1 else 0),) if not self.data["solo"] else ()
            )
            lines.append(SeatScore(seat, self.seat_name(seat), items, tiebreak))
        return tuple(lines)

    def rounds(self) -> int:
        return int(self.data.get("round", 0))

    def tags(self, seat: int) -> dict[str, Any]:
        """What seat faced as an explorer, for balance reports (see evaluate.py)."""
        from .evaluate import tags

        return tags(self, seat)

    def evaluate(self) -> list[float]:
        """Each seat's chance to win from here, estimated for search bots (see evaluate.py)."""
        from .evaluate import evaluate

        return evaluate(self)

    def _resample(self, seat: int | None, rng: Rng) -> LairsState:
        """A state ``seat`` cannot tell from this one, with everything hidden from it drawn
        again from ``rng`` and a fresh RNG, every time, mid-check too (:mod:`.hidden`)."""
        from .hidden import resample

        return resample(self, seat, rng)

    def unlearnt_edges(self, i: int) -> list[int]:
        """The edges of lair ``i`` whose Wall (or its absence) nobody but its builder has
        learnt: none of the explorer's Known or visited spaces touches them, and the explorer
        never bumped into them (its map sheet, which is public, shows every wall learnt)."""
        d = self.data
        ex = d["ex"][0 if d["solo"] else 1 - i]
        bumped = set(ex["mwalls"])
        seen = [k or v for k, v in zip(ex["known"], ex["visited"], strict=True)]
        out = []
        for e in range(grid.EDGES):
            a, b = grid.edge_cells(e)
            if not (seen[a] or seen[b] or e in bumped):
                out.append(e)
        return out

    def undo_blocked(self, seat: int, action: Action) -> str | None:
        """A space some seat learnt (the knowledge model's :func:`learnt` over the lairs'
        zones), a wall the Builder told of, a card drawn from the Treasure or Junk deck (piles:
        their order is hidden, though a draw moves no random number)."""
        after = self.clone()
        after.apply(action, seat)
        if learnt(self.data[SECRET], after.data[SECRET], self.game.num_players) is not None:
            return "the Builder told what stands on a space"
        for ex, then in zip(self.data["ex"], after.data["ex"], strict=True):
            if ex["mwalls"] != then["mwalls"]:
                return "the Builder told of a wall"
        for key, name in (("treasure", "Treasure"), ("junkdeck", "Junk")):
            pile, then = self.data[key], after.data[key]
            if pile is not None and len(then["draw"]) != len(pile["draw"]):
                return f"it drew from the {name} deck"
        return None


def start_phase(s: LairsState) -> None:
    """Hazard selection right after a new game is set up (drafting waits for the seats)."""
    building.select_hazards(s)
    if s.data["draft"] is None:
        s.after_selection()


__all__ = ["LairsState", "effects", "start_phase"]
