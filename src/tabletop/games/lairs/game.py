"""The Lairs state: the protocol's hooks over the plain data of :mod:`.state`, with every decision
taken from :mod:`.decisions` and every rule from :mod:`.rules`."""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.engine import TERMINAL_PROMPT, Action, Outcome, Prompt, State, Template, chance
from tabletop.engine.piles import shuffle
from tabletop.engine.rng import Rng
from tabletop.engine.views import log

from . import decisions, effects, view
from .content import Content
from .rules import building, solo, turns
from .rules.treasure import score


class LairsState(State):
    __slots__ = ()
    C: ClassVar[Content]

    # ------------------------------------------------------------ helpers the rules use
    def lair_of(self, e: int) -> dict[str, Any]:
        """The lair explorer ``e`` explores."""
        d = self.data
        return d["lairs"][0] if d["solo"] else d["lairs"][1 - e]  # type: ignore[no-any-return]

    def builder_of(self, e: int) -> int | None:
        """The seat that built the lair ``e`` explores (None in solo: the automaton)."""
        return None if self.data["solo"] else 1 - e

    def who(self, e: int) -> str:
        return "the explorer" if self.data["solo"] else f"seat {e}"

    def log_public(self, text: str) -> None:
        log(self.data, text[0].upper() + text[1:])

    def log_for_both(self, e: int, text: str) -> None:
        self.log_public(f"{self.who(e)} {text}")

    def log_private(self, seat: int, text: str) -> None:
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
            d["lairs"][0] = solo.generate(
                self.C, self.rng, d["monsters"], d["traps"], d["difficulty"]
            )
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
                seat = self.builder_of(ck["e"])
                assert seat is not None
                return "reroll", (seat,)
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
        kind, _ = self._decision()
        if kind == "build":
            return decisions.BUILD.templates(self, seat)
        return None

    def _is_legal(self, seat: int, action: Action) -> bool:
        # called only for the templated decision, building
        return decisions.BUILD.is_legal(self, seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        kind, _ = self._decision()
        decisions.DECISIONS[kind].apply(self, seat, action)
        turns.advance(self)

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
            return Outcome((0,) if won else (), totals, d.get("over", "over"), text)
        best = max(totals.values())
        top = [i for i, v in totals.items() if v == best]
        if len(top) > 1:
            esc = [i for i in top if d["ex"][i]["escaped"] == 1]
            top = esc or top
        text = ", ".join(f"seat {i}: {int(v)} VP" for i, v in totals.items())
        return Outcome(tuple(top), totals, d.get("over", "over"), text)

    def rounds(self) -> int:
        return int(self.data.get("round", 0))

    def resample(self, seat: int | None, rng: Rng) -> LairsState:
        """A state ``seat`` cannot tell from this one: the Treasure and Junk decks reshuffled, the
        rival's Junk hand redrawn, and the features of the spaces of the lair ``seat`` explores
        that it has not learnt shuffled among those spaces (keeping the lair legal; the walls
        stay, as walls of Unknown spaces may border Known ones)."""
        other = self.clone()
        d = other.data
        shuffle(d["treasure"], rng)
        if d["junkdeck"] is not None:
            if seat is not None and not d["solo"]:
                rival = d["ex"][1 - seat]
                d["junkdeck"]["draw"] = list(d["junkdeck"]["draw"]) + rival["junk"]
                shuffle(d["junkdeck"], rng)
                n = len(rival["junk"])
                rival["junk"] = [d["junkdeck"]["draw"].pop() for _ in range(n)]
            else:
                shuffle(d["junkdeck"], rng)
        if (
            seat is not None
            and d["phase"] == "explore"
            and d["ask"] is None
            and d["check"] is None
            and not d["queue"]
        ):
            self._shuffle_unlearnt(other, seat, rng)
        return other

    def _shuffle_unlearnt(self, other: LairsState, seat: int, rng: Rng) -> None:
        d = other.data
        ex, lair = d["ex"][seat], other.lair_of(seat)
        spaces = [
            c
            for c in range(len(lair["feat"]))
            if ex["map"][c] is None and lair["feat"][c] != "start" and c != ex["pos"]
            and str(c) not in lair["target"]
        ]  # fmt: skip
        if len(spaces) < 2:
            return
        original = [lair["feat"][c] for c in spaces]
        for _ in range(20):
            feats = list(original)
            rng.shuffle(feats)
            for c, f in zip(spaces, feats, strict=True):
                lair["feat"][c] = f
            if building.problem(lair["feat"], set(lair["walls"]), self.C) is None:
                return
        for c, f in zip(spaces, original, strict=True):
            lair["feat"][c] = f


def start_phase(s: LairsState) -> None:
    """Hazard selection right after a new game is set up (drafting waits for the seats)."""
    building.select_hazards(s)
    if s.data["draft"] is None:
        s.after_selection()


__all__ = ["LairsState", "effects", "start_phase"]
