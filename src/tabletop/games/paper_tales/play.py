"""The state of a game of Paper Tales: the protocol's hooks, each handed to the decision the
prompt names; the rules live in ``rules/``, the views in ``view.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tabletop.engine import TERMINAL_PROMPT, Action, Outcome, Prompt, State
from tabletop.engine.rng import Rng
from tabletop.engine.templates import Template
from tabletop.engine.views import log

from . import view as views
from .content import Content
from .decisions import for_kind
from .rules import endgame, turn

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Grey")
_PROMPTS: dict[tuple[tuple[int, ...], str, str], Prompt] = {}
# the decision of each phase that waits for the seats (when nothing is pending)
PHASE_DECISIONS = {
    "draft": "draft",
    "solo-pick": "recruit",
    "deploy": "deploy",
    "build": "construct",
}


class PTState(State):
    __slots__ = ()
    content: ClassVar[Content]

    # ------------------------------------------------------------------ helpers for the rules
    def who(self, seat: int) -> str:
        if self.data["solo"] is not None:
            return "You"
        return SEAT_NAMES[seat] if seat < len(SEAT_NAMES) else f"Seat {seat}"

    def seat_name(self, seat: int) -> str:
        return self.who(seat)

    def add_lp(self, seat: int, n: int, why: str) -> None:
        """Legend Points gained (or lost: the score never goes below 0)."""
        p = self.data["players"][seat]
        before = p["lp"]
        p["lp"] = max(0, before + n)
        log(self.data, f"{self.who(seat)} {'gains' if n >= 0 else 'loses'} {abs(n)} LP ({why})")

    def resolution_order(self) -> list[int]:
        """When simultaneous abilities interact: the player furthest ahead on the score track
        first, then the one with less Gold; still level, a fixed seat order (ruling 12)."""
        players = self.data["players"]
        return sorted(range(len(players)), key=lambda s: (-players[s]["lp"], players[s]["gold"], s))

    # ------------------------------------------------------------------ protocol hooks
    def _kind(self) -> str | None:
        """The decision now. Every hook asks for it (a commitment about ten times), so it is
        remembered in the state's memo, which the engine clears whenever the data changes (and
        ``_apply`` as soon as it has changed it)."""
        memo = self._cache
        if "kind" in memo:
            found: str | None = memo["kind"]
            return found
        d = self.data
        phase = d["phase"]
        kind: str | None
        if phase == "over":
            kind = None
        elif d["solo"] is not None and d["solo"].get("due"):
            kind = "lich-king"
        elif d["pending"]:
            kind = str(d["pending"][0]["kind"])
        else:
            kind = PHASE_DECISIONS[phase]
        memo["kind"] = kind
        return kind

    def _prompt(self) -> Prompt:
        # asked several times per action (the engine's automata loop and reveal ask it raw):
        # remembered like the kind, until the data changes
        memo = self._cache
        found: Prompt | None = memo.get("prompt")
        if found is None:
            found = memo["prompt"] = self._new_prompt()
        return found

    def _new_prompt(self) -> Prompt:
        kind = self._kind()
        if kind is None:
            return TERMINAL_PROMPT
        dec = for_kind(kind)
        d = self.data
        if dec.automaton:
            seats: tuple[int, ...] = (self.game.num_players,)
        elif d["pending"]:
            seats = (int(d["pending"][0]["seat"]),)
        elif dec.simultaneous:
            seats = tuple(s for s, p in enumerate(d["players"]) if not p["done"])
        else:
            seats = (0,)
        text = dec.text(self, seats[0])
        key = (seats, kind, text)
        found = _PROMPTS.get(key)
        if found is None:  # a prompt is immutable: one object per decision, seats and words
            if len(_PROMPTS) >= 4096:
                _PROMPTS.clear()
            found = _PROMPTS[key] = Prompt(seats, kind, text, turn=None, commit=dec.commit)
        return found

    def _legal_actions(self, seat: int) -> list[Action]:
        kind = self._kind()
        assert kind is not None
        return for_kind(kind).legal(self, seat)

    def _apply(self, seat: int, action: Action) -> None:
        kind = self._kind()
        assert kind is not None
        for_kind(kind).apply(self, seat, action)
        # the data changed: the decision and its prompt are asked afresh
        self._cache.pop("kind", None)
        self._cache.pop("prompt", None)
        turn.advance(self)

    def _templates(self, seat: int) -> list[Template] | None:
        kind = self._kind()
        return None if kind is None else for_kind(kind).templates(self, seat)

    def _is_legal(self, seat: int, action: Action) -> bool:
        kind = self._kind()
        return kind is not None and for_kind(kind).is_legal(self, seat, action)

    def _reveal(self, commitments: Mapping[int, Action]) -> None:
        kind = self._kind()
        assert kind is not None
        if for_kind(kind).reveal(self, commitments):
            self.invalidate()
            turn.advance(self)
        else:
            super()._reveal(commitments)

    def _explain_illegal(self, seat: int, action: Action) -> str | None:
        kind = self._kind()
        return None if kind is None else for_kind(kind).explain(self, seat, action)

    def describe_action(self, action: Action, seat: int | None = None) -> str:
        kind = self._kind()
        if kind is None:
            return str(action)
        try:
            return for_kind(kind).words(self, action, seat if seat is not None else 0)
        except (KeyError, ValueError, TypeError, AssertionError):
            return str(action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        self._cache["still"] = {}  # nothing changes while a view is drawn: remember resources
        try:
            return views.view(self, seat)
        finally:
            del self._cache["still"]

    def _outcome(self) -> Outcome:
        d = self.data
        players = d["players"]
        scores = {s: float(p["lp"]) for s, p in enumerate(players)}
        if d["phase"] != "over":
            return Outcome((), scores, "not over")
        if d["solo"] is not None:
            lich = int(d["solo"]["lp"])
            won = players[0]["lp"] > lich
            text = f"You {players[0]['lp']} LP, the Lich King {lich} LP: " + (
                "you win" if won else "the Lich King wins"
            )
            return Outcome((0,) if won else (), scores, "lich-king", text)
        win = endgame.winners(self)
        best = max(p["lp"] for p in players)
        tied = sum(1 for p in players if p["lp"] == best)
        text = "Most Legend Points"
        if tied > 1:
            text += " (tie broken by Gold)" if len(win) == 1 else " (a shared victory)"
        return Outcome(win, scores, "legend-points", text)

    def tags(self, seat: int) -> dict[str, Any]:
        """What this seat played with, for balance reports (the Units in its Kingdom, its
        Buildings; see evaluate.py)."""
        from .evaluate import tags

        return tags(self, seat)

    def evaluate(self) -> list[float]:
        """Each seat's chance to win from here, estimated for search bots (see evaluate.py)."""
        from .evaluate import evaluate

        return evaluate(self)

    def rounds(self) -> int:
        return int(self.data["turn"])

    def _resample(self, seat: int | None, rng: Rng) -> PTState:
        """The game's hidden things redrawn; the engine then redraws others' commitments."""
        return views.resample(self, seat, rng)
