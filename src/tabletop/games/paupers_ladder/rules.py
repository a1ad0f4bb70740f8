"""The rules of Paupers' Ladder as a state machine over plain data: the state class, and how a
decision is asked and answered. The rules themselves live in one module per rulebook section:

==========================  =====================================================================
rulebook section            module
==========================  =====================================================================
Setting Up the Game,        ``setup.py`` (Paupers, Birds, the Recipe draft, the first purchase)
Starting the Game
Playing a Turn              ``turn.py`` (a turn with both characters; the free actions)
1: Moving                   ``moving.py``
2: Exploring, Encounters    ``exploring.py`` (wild Regions, drawing and encountering cards)
Fighting Hazards,           ``fighting.py`` (Outcome cards and allies, bonuses, weapons, the lucky
The Lucky Charm             charm, rewards)
Card Decks                  ``decks.py`` (drawing, discarding, reshuffling, peeking)
Region cards' effects       ``effects.py`` (what an event, hazard or Quest card does), over the
                            typed models of ``card_effects.py``
Exploring a City Region     ``cities.py`` (City Shops: buying and selling)
Equipment Cards             ``equipment.py`` (the Inventory, using Equipment, ACQUIRE)
Quests                      ``quests.py`` (Quest cards, wild Quests, Quests and Natural Disasters)
Recipes                     ``recipes.py`` (ingredients, learning Recipes, the Dispensary)
Game Objective (Virtues),   ``virtues.py``
End of the Game
Bird Cards                  ``birds.py`` (training, the trained abilities)
Survival Mode               ``survival.py`` (Lives, potions, healing, the Duty of Vigour)
Playing Solo                ``solo.py`` (the Time token, removing cards, hiding, solo set-up)
Solo Scenarios              ``scenarios/`` (one module per scenario)
==========================  =====================================================================

``views.py`` holds what each seat sees (and the resampling of what it cannot see), ``words.py``
the words for actions; ``decisions.py`` is the table of the decisions declared in the sections.

Structure: ``data["phase"]`` runs set-up (choose Paupers, Birds, the hidden Recipe draft, the
first purchase) and then ``play``. During play a turn state (``data["turn_state"]``) says which
character acts and at which stage; decisions that interrupt (an ally's price, a reward, an
EITHER/OR, a discard) are frames on ``data["stack"]``; card effects waiting to run are refs on
``data["effect_queue"]``.
After every action ``_settle`` runs queued ops until a decision is needed. Mode hooks
(``_hook_*``) are where Survival Mode and solo (Lives, the Time track) plug in.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar

from tabletop.engine import TERMINAL_PROMPT, Action, Outcome, Prompt, State
from tabletop.engine.views import log

from .base import ANYTIME_KINDS, A, J, abilities_of, ability_sources, region_ok
from .birds import Birds
from .cities import CitiesAndShops
from .content import Content
from .decisions import DECISIONS
from .decks import CardDecks
from .effects import CardEffects
from .equipment import EquipmentCards
from .evaluate import evaluate as estimate
from .exploring import Exploring
from .fighting import Fighting
from .moving import Moving
from .quests import Quests
from .recipes import Recipes
from .setup import SettingUp
from .solo import Solo
from .survival import Survival
from .turn import PlayingATurn
from .views import Views
from .virtues import Virtues
from .words import Words

__all__ = ["ANYTIME_KINDS", "A", "J", "PLState", "abilities_of", "region_ok"]

# prompts are immutable: build each one once (a decision is asked after every action)
prompt_of = lru_cache(maxsize=4096)(Prompt)
_TURN_TEXT = "Choose a character to act, or a free action."
_CHARACTER_TEXT = {
    "pauper": "Your Pauper: move, then explore.",
    "bird": "Your Bird: move, then explore.",
}
# the decisions of learning a Virtue: no other Virtue is learned in the middle of one
_VIRTUE_FRAMES = ("bravery", "magnificence")


class PLState(
    State,
    SettingUp,
    PlayingATurn,
    Moving,
    Exploring,
    Fighting,
    CardDecks,
    CardEffects,
    CitiesAndShops,
    EquipmentCards,
    Quests,
    Recipes,
    Virtues,
    Birds,
    Survival,
    Solo,
    Views,
    Words,
):
    # The engine's State comes first among the bases (mypyc compiles the sections as traits,
    # which must follow the one class they extend), so a hook State itself defines would hide a
    # section's; the hooks the Views and Words sections answer are named here.
    __slots__ = ()

    def _view(self, seat: int | None) -> J:
        return self.view_of(seat)

    def _outcome(self) -> Outcome:
        return self.game_outcome()

    def facedown_piles(self) -> dict[str, J]:
        return self.hidden_piles()

    def describe_action(self, action: Action, seat: int | None = None) -> str:
        return self.action_words(action, seat)

    def seat_name(self, seat: int) -> str:
        return self.pname(seat)

    def tags(self, seat: int) -> dict[str, Any]:
        return self.played_with(seat)

    def evaluate(self) -> list[float]:
        return estimate(self)

    def _explain_illegal(self, seat: int, action: Action) -> str | None:
        return self.why_illegal(seat, action)

    # ------------------------------------------------------------------ basics
    C: ClassVar[Content]  # the shared static content, set by the Game (never copied)

    def P(self, seat: int) -> J:
        return self.data["players"][seat]  # type: ignore[no-any-return]

    def n(self) -> int:
        return len(self.data["players"])

    def log(self, text: str, to: list[int] | None = None) -> None:
        log(self.data, text, to)

    def pname(self, seat: int) -> str:
        pid = self.P(seat)["pauper"]
        return self.C.paupers[pid].name if pid else f"Seat {seat + 1}"

    def cname(self, cid: str) -> str:
        return self.C.card_name(cid)

    def rtype(self, region: str) -> str:
        return self.C.regions[region].type

    def gain(self, seat: int, n: int, why: str = "") -> None:
        if n > 0:
            self.P(seat)["gems"] += n
            self.log(
                f"{self.pname(seat)} collects {n} Gem{'s' if n != 1 else ''}"
                + (f" ({why})" if why else "")
                + "."
            )

    def lose(self, seat: int, n: int, why: str = "") -> int:
        p = self.P(seat)
        k = min(p["gems"], max(0, n))
        p["gems"] -= k
        if k:
            self.log(
                f"{self.pname(seat)} loses {k} Gem{'s' if k != 1 else ''}"
                + (f" ({why})" if why else "")
                + "."
            )
        return int(k)

    def char_pos(self, seat: int, char: str) -> str:
        p = self.P(seat)
        return p["position"] if char == "pauper" else p["bird_position"]  # type: ignore[no-any-return]

    def set_pos(self, seat: int, char: str, region: str) -> None:
        self.P(seat)["position" if char == "pauper" else "bird_position"] = region

    def ability_sources(self, seat: int, char: str) -> list[tuple[str, list[J]]]:
        """(source key, its effects) for the sources of abilities in force for a character."""
        p = self.P(seat)
        return ability_sources(
            self.C,
            char,
            p["pauper"],
            p["bird"],
            p["trained"],
            p["inventory"],
            p["recipes"],
            p["turns"],
        )

    def abilities(self, seat: int, char: str) -> list[tuple[str, J]]:
        """(source key, effect) pairs in force for a character right now."""
        return abilities_of(self.ability_sources(seat, char))

    def has(self, seat: int, char: str, effect: str) -> list[tuple[str, J]]:
        """The abilities in force for a character with a given effect."""
        sources = self.ability_sources(seat, char)
        return [(k, e) for k, effects in sources for e in effects if e["effect"] == effect]

    def region_ok(self, cond: str | None, region: str) -> bool:
        return region_ok(self.C, cond, region)

    def used(self, key: str) -> bool:
        return key in self.data["turn_state"]["used"]

    def use(self, key: str) -> None:
        self.data["turn_state"]["used"].append(key)

    def _key_name(self, seat: int, key: str) -> str:
        if key == "start":
            return self.C.paupers[self.P(seat)["pauper"]].equipment.name
        if key == "bird":
            return str(self.P(seat)["bird"])
        return self.cname(key)

    # ------------------------------------------------------------------ asking
    def _prompt(self) -> Prompt:
        d = self.data
        ph = d["phase"]
        if ph == "over":
            return TERMINAL_PROMPT
        turn = d.get("turn")
        if d["stack"]:
            f = d["stack"][-1]
            return prompt_of((f["seat"],), f["t"], DECISIONS[f["t"]].text(self, f), turn)
        if ph == "play":  # most decisions: a turn's, between or during its characters
            char = d["turn_state"]["char"]
            seat = int(turn or 0)
            if char is None:
                return prompt_of((seat,), "turn", _TURN_TEXT, turn)
            return prompt_of((seat,), "character", _CHARACTER_TEXT[char], turn)
        if ph == "pauper":
            return prompt_of(
                (d["order"][0],), "choose-pauper", "Choose your Pauper.", d["order"][0]
            )
        if ph == "bird":
            return prompt_of((d["order"][0],), "choose-bird", "Choose your Bird.", d["order"][0])
        if ph == "draft":
            # a simultaneous decision: the engine keeps each pick hidden until all are in
            seats = tuple(range(self.n()))
            text = "Choose 1 Recipe to learn; the rest pass left."
            return prompt_of(seats, "draft", text, None, commit=True)
        s = d["order"][0]  # the first purchase
        return prompt_of((s,), "first-purchase", "You may buy 1 card from your City Shop.", s)

    def _legal_actions(self, seat: int) -> list[Action]:
        d = self.data
        if d["stack"]:
            f = d["stack"][-1]
            acts = DECISIONS[f["t"]].legal(self, f)
            if d["phase"] == "play" and f["seat"] == d["turn"] and f["t"] not in _VIRTUE_FRAMES:
                acts += self._anytime_actions(seat)
            return acts
        ph = d["phase"]
        if ph == "pauper":
            return [A("pauper", pauper=x) for x in d["paupers_shown"] if x not in d["taken"]]
        if ph == "bird":
            taken = {q["bird"] for q in d["players"]}
            return [A("bird", bird=b) for b in d["birds_shown"] if b not in taken]
        if ph == "draft":
            return [A("draft", recipe=r) for r in sorted(self.hand(seat))]
        if ph == "buy":
            city = self.first_shop_city(seat)
            acts = [A("buy", card=c) for c in self._buyable(seat, "pauper", city, 0)]
            return [*acts, A("pass")]
        ts = d["turn_state"]
        acts = self._free_actions(seat)
        if ts["char"] is None:
            for ch in ("pauper", "bird"):
                if ch not in ts["done"]:
                    acts.append(A("act", char=ch))
            if len(ts["done"]) == 2:
                acts.append(A("end"))
            return acts
        return acts + self._character_actions(seat)

    def _anytime_actions(self, seat: int) -> list[Action]:
        """The free actions allowed "at any point during your turn", also while a decision is
        open (mid-fight, say): learning a Virtue and, in solo, buying Time and removing a card."""
        acts = [A("learn", virtue=v) for v in self.learnable(seat)]
        if self.data["mode"] == "solo":
            acts += self._mode_free_actions(seat)
        return acts

    # ------------------------------------------------------------------ answering
    def push(self, frame: J) -> None:
        self.data["stack"].append(frame)

    def _apply(self, seat: int, action: Action) -> None:
        d = self.data
        k = action.kind
        if d["stack"] and k in ANYTIME_KINDS:  # a free action; the open decision stays
            self._apply_play(seat, action)
        elif d["stack"]:
            f = d["stack"].pop()
            DECISIONS[f["t"]].apply(self, seat, f, action)
        elif d["phase"] == "pauper":
            self._choose_pauper(seat, action["pauper"])
        elif d["phase"] == "bird":
            self._choose_bird(seat, action["bird"])
        elif d["phase"] == "draft":
            self.P(seat)["draft_pick"] = action["recipe"]
            if all(q["draft_pick"] is not None for q in d["players"]):
                self._draft_reveal()
        elif d["phase"] == "buy":
            self._first_purchase(seat, action)
        else:
            self._apply_play(seat, action)
        self._settle()
        if d["mode"] == "solo" and d["phase"] == "play" and not d["stack"]:
            self._solo_progress()
            self._settle()

    def _settle(self) -> None:
        d = self.data
        guard = 0
        while not d["stack"] and d["phase"] != "over":
            guard += 1
            assert guard < 10000, "settle loop"
            if d["effect_queue"]:
                op = d["effect_queue"].pop(0)
                self._op(op)
                continue
            if d["phase"] == "buy" and not d["order"]:
                self._begin_play()
                continue
            if d["phase"] != "play":
                return
            ts = d["turn_state"]
            if ts["char"] is not None and ts["stage"] == "after":
                self._finish_char()
                continue
            if ts["char"] is None and len(ts["done"]) == 2:
                s = d["turn"]
                if not self._may_train(s) and not self.learnable(s):
                    self._end_turn()
                    continue
            return

    def _top_frame(self) -> J:
        stack = self.data["stack"]
        return stack[-1] if stack else {}
