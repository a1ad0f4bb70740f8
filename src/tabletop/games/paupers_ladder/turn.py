"""Playing a Turn (the rulebook's section): you take a turn with both your characters, in either
order; each character moves (optional), then explores. Between and during them you may take the
free actions: learn a Virtue, train your Bird, discard Equipment (and, by mode, drink a potion, buy
Time, remove a card). When both characters have finished, play passes to the next player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import trait

from tabletop.engine import Action

from .base import A
from .schema import new_turn

if TYPE_CHECKING:
    from .rules import PLState


@trait
class PlayingATurn:
    """A turn: its start, the choice of character, the free actions, and its end."""

    __slots__ = ()

    def _start_turn(self: PLState, seat: int) -> None:
        d = self.data
        p = self.P(seat)
        p["turns"] += 1
        d["turn"] = seat
        d["turn_state"] = new_turn()
        self.log(f"Round {d['round']}: {self.pname(seat)}'s turn.")
        self._hook_turn_start(seat)
        for key, e in self.has(seat, "pauper", "turn_gems"):
            if e.get("below") is None or p["gems"] < int(e["below"]):
                self.gain(seat, int(e["n"]), self._key_name(seat, key))
        if p.get("misses_turn"):
            p["misses_turn"] = False
            d["turn_state"]["done"].append("pauper")
            self.log(f"{self.pname(seat)}'s Pauper misses this turn.")

    def _free_actions(self: PLState, seat: int) -> list[Action]:
        p = self.P(seat)
        acts = [A("learn", virtue=v) for v in self.learnable(seat)]
        if self._may_train(seat):
            acts.append(A("train"))
        acts += [A("discard", item=it["card"]) for it in p["inventory"]]
        if self.data["mode"] != "standard":
            acts += self._mode_free_actions(seat)
        return acts

    def _character_actions(self: PLState, seat: int) -> list[Action]:
        """A character's turn: moving (optional), then exploring."""
        ch = self.data["turn_state"]["char"]
        here = self.char_pos(seat, ch)
        acts = self._move_actions(seat, ch, here)
        if ch == "pauper":
            acts += self._use_actions(seat)
        acts += self._fragile_actions(here)
        acts += self._explore_actions(seat, ch, here)
        return acts

    def _apply_play(self: PLState, seat: int, a: Action) -> None:
        k = a.kind
        if k == "learn":
            self._learn(seat, a["virtue"])
        elif k == "train":
            self._train(seat)
        elif k == "end":
            self._end_turn()
        elif k in ("buy-time", "remove", "potion"):
            self._apply_mode_free(seat, a)
        elif k == "discard":
            self._discard_equipment(seat, a["item"])
        elif k == "act":
            self._act(seat, a["char"])
        elif k in MOVING_KINDS:
            self._apply_move(seat, a)
        elif k == "use":
            self._use_item(seat, a["item"])
        elif k == "discard-fragile":
            self._discard_fragile(seat, a["card"])
        else:
            self._apply_explore(seat, a)

    def _act(self: PLState, seat: int, ch: str) -> None:
        here = self.char_pos(seat, ch)
        self.data["turn_state"].update(
            char=ch,
            stage="move",
            moves=0,
            visited=[here],
            warped=False,
            fought=False,
            moved=False,
        )

    def _finish_char(self: PLState) -> None:
        d = self.data
        ts = d["turn_state"]
        ch = ts["char"]
        if ch == "bird":
            self._bird_turn_ends(d["turn"])
        ts["done"].append(ch)
        ts["char"] = None

    def _end_turn(self: PLState) -> None:
        d = self.data
        nxt = (d["turn"] + 1) % self.n()
        if nxt == 0:
            d["round"] += 1
            if d["round"] > int(self.C.numbers["round_limit"]["value"]):
                if d.get("solo"):
                    self._solo_over(False, "time")
                else:
                    self._game_over(None, "time")
                return
        self._start_turn(nxt)


MOVING_KINDS = frozenset({"move", "swim", "teleport", "foresight"})
