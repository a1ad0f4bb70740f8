"""The rules of Paupers' Ladder (2-4 players) as a state machine over plain data.

Structure: ``data["phase"]`` runs set-up (choose Paupers, Birds, the hidden Recipe draft, the
first purchase) and then ``play``. During play a turn state (``data["ts"]``) says which character
acts and at which stage; decisions that interrupt (an ally's price, a reward, an EITHER/OR, a
discard) are frames on ``data["stack"]``; card effects waiting to run are ops on ``data["q"]``.
After every action ``_settle`` runs queued ops until a decision is needed. Mode hooks
(``_hook_*``) are where Survival Mode and solo (Lives, the Time track) plug in.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import permutations
from typing import Any, ClassVar

from tabletop.engine import (
    TERMINAL_PROMPT,
    Action,
    Outcome,
    Prompt,
    Rng,
    State,
    Zones,
    chance,
    piles,
)
from tabletop.engine.knowledge import bit
from tabletop.engine.views import log, log_for

from .content import CITIES, WILD, Content, abilities_text

J = dict[str, Any]
# free actions taken "at any point during your turn", also while a decision is open
ANYTIME_KINDS = frozenset({"learn", "buy-time", "remove"})
# the decisions of learning a Virtue: no other Virtue is learned in the middle of one
_VIRTUE_FRAMES = ("bravery", "magnificence")
A = lru_cache(maxsize=8192)(Action.of)  # actions are immutable: build each one once


def _discard_into(pile: J, cards: list[str], rng: Rng) -> bool:
    """Put cards on a pile's discards; a run-out pile is reshuffled at once (True when it was)."""
    piles.add_discards(pile, cards)
    if cards and not pile["draw"]:
        return piles.refill(pile, rng)
    return False


class PLState(State):
    __slots__ = ()

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

    def threshold(self, virtue: str) -> int:
        key = str(max(2, self.n()))
        pid = self.P(0)["pauper"]
        if self.data["mode"] == "solo" and pid:  # solo: the thresholds printed on the side
            key = "3" if self.C.paupers[pid].side == "3-4" else "2"
        return int(self.C.numbers["thresholds"][key][virtue])

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
        return p["pos"] if char == "pauper" else p["bpos"]  # type: ignore[no-any-return]

    def set_pos(self, seat: int, char: str, region: str) -> None:
        self.P(seat)["pos" if char == "pauper" else "bpos"] = region

    # ------------------------------------------------------------------ decks
    def draw_from(self, name: str) -> str | None:
        d = self.data["decks"][name]
        if not d["draw"]:
            if not d["discard"]:
                return None
            self._forget_deck(name)
        card = piles.draw(d, self.rng)
        for p in self.data["players"]:
            known = p["rk"].get(name)
            if known:
                known.pop(0)
        return str(card)

    def discard_to(self, name: str, cards: list[str]) -> None:
        """Card Decks: discarded cards go face up next to their deck; "when the last card in a
        deck has been discarded", the deck is reshuffled from its discards at once (so nothing
        can be taken from a discard pile the rulebook has already shuffled back)."""
        if _discard_into(self.data["decks"][name], cards, self.rng):
            self._forget_deck(name)

    def discard_outcomes(self, seat: int, cards: list[str]) -> None:
        """Outcome cards are discarded after use; a used-up Outcome deck is reshuffled at once."""
        p = self.P(seat)
        if _discard_into(p["out"], cards, self.rng):
            p["outk"] = []

    def _forget_deck(self, name: str) -> None:
        for p in self.data["players"]:
            p["rk"].pop(name, None)

    def deck_available(self, name: str) -> bool:
        d = self.data["decks"][name]
        return bool(d["draw"] or d["discard"])

    def draw_outcome(self, seat: int) -> str:
        p = self.P(seat)
        d = p["out"]
        if not d["draw"]:
            p["outk"] = []
        card = piles.draw(d, self.rng)
        if p["outk"]:
            p["outk"].pop(0)
        return str(card)

    def discard_region_card(self, cid: str) -> None:
        self.discard_to(self.C.region_deck_of[cid], [cid])
        self.data["cardgems"].pop(cid, None)
        tucked = self.data["tucked"].pop(cid, None)
        if tucked:
            self._discard_items(tucked)

    def _discard_items(self, cids: list[str]) -> None:
        for c in cids:
            self.discard_to("rarity" if c.startswith("rar.") else "equipment", [c])

    def roll_charm(self) -> J:
        # through the engine's open chance: a scenario forces it with force(state, "lucky charm",
        # "wink") or a number
        face: J = chance.roll(self, self.C.lucky_charm)
        return dict(face)

    # ------------------------------------------------------------------ abilities
    def abilities(self, seat: int, char: str) -> list[tuple[str, J]]:
        """(source key, effect) pairs in force for a character right now."""
        p = self.P(seat)
        out: list[tuple[str, J]] = []
        if char == "bird":
            if p["trained"] and p["bird"]:
                out += [("bird", e) for e in self.C.birds[p["bird"]].trained]
            return out
        if p["pauper"]:
            out += [("start", e) for e in self.C.paupers[p["pauper"]].equipment.abilities]
        for it in p["inv"]:
            out += [(it["c"], e) for e in self.C.item[it["c"]].abilities]
        for r in p["rec"]:
            if r["learned"] and r["at"] < p["turns"]:
                out += [(r["r"], e) for e in self.C.recipe[r["r"]].abilities]
        return out

    def has(self, seat: int, char: str, effect: str) -> list[tuple[str, J]]:
        return [(k, e) for k, e in self.abilities(seat, char) if e["effect"] == effect]

    def region_ok(self, cond: str | None, region: str) -> bool:
        if cond is None:
            return True
        if cond == "coastal":
            return bool(self.C.regions[region].coastal)
        if cond == "city-adjacent":
            return bool(self.C.city_adjacent[region])
        return self.rtype(region) == cond

    def inv_limit_ok(self, seat: int) -> bool:
        if self.has(seat, "pauper", "unlimited_inventory"):
            return True
        return len(self.P(seat)["inv"]) <= int(self.C.numbers["inventory_limit"]["value"])

    def used(self, key: str) -> bool:
        return key in self.data["ts"]["used"]

    def use(self, key: str) -> None:
        self.data["ts"]["used"].append(key)

    def spend_item(self, seat: int, cid: str) -> None:
        """One use of an Inventory card: uses 1 discard, uses 2 rotate then discard."""
        p = self.P(seat)
        for it in p["inv"]:
            if it["c"] == cid:
                uses = self.C.item[cid].uses
                it["u"] += 1
                if uses == "1" or (uses == "2" and it["u"] >= 2):
                    p["inv"].remove(it)
                    self._discard_items([cid])
                    self.log(f"{self.pname(seat)} uses up the {self.cname(cid)}.")
                return

    # ------------------------------------------------------------------ prompt
    def _prompt(self) -> Prompt:
        d = self.data
        if d["phase"] == "over":
            return TERMINAL_PROMPT
        turn = d.get("turn")
        if d["stack"]:
            f = d["stack"][-1]
            return Prompt((f["seat"],), f["t"], self._frame_text(f), turn)
        ph = d["phase"]
        if ph == "pauper":
            return Prompt((d["order"][0],), "choose-pauper", "Choose your Pauper.", d["order"][0])
        if ph == "bird":
            return Prompt((d["order"][0],), "choose-bird", "Choose your Bird.", d["order"][0])
        if ph == "draft":
            # a simultaneous decision: the engine keeps each pick hidden until all are in
            seats = tuple(range(self.n()))
            text = "Choose 1 Recipe to learn; the rest pass left."
            return Prompt(seats, "draft", text, None, commit=True)
        if ph == "buy":
            s = d["order"][0]
            return Prompt((s,), "first-purchase", "You may buy 1 card from your City Shop.", s)
        ts = d["ts"]
        seat = int(turn or 0)
        if ts["char"] is None:
            return Prompt((seat,), "turn", "Choose a character to act, or a free action.", turn)
        who = "Pauper" if ts["char"] == "pauper" else "Bird"
        return Prompt((seat,), "character", f"Your {who}: move, then explore.", turn)

    def _frame_text(self, f: J) -> str:
        t = str(f["t"])
        texts: dict[str, str] = {
            "ally": "An ally offers help for a price.",
            "boost": "Boost your Strength, roll the lucky charm, or resolve the fight.",
            "reward": "You won! Choose your reward.",
            "event": f"Encounter {self.cname(f.get('card', ''))}: choose.",
            "pick": f"Choose a card ({f.get('why', '')}).",
            "keep": "Choose a card to keep.",
            "shop": "Buy and/or sell one card.",
            "disaster": "Choose Quests to replace (1 or 2).",
            "dispensary": "Choose a new Recipe In Learning from the Dispensary.",
            "reorder": "Put the peeked cards back in any order.",
            "ingredient": "Tuck the ingredient under a Recipe In Learning?",
            "quest-reward": "Choose the Quest reward.",
            "peek-deck": "Choose a Region deck to peek at.",
            "goto": "Choose a City to travel to.",
            "weapon": "Choose the 1 weapon your Pauper uses in this fight"
            + (", or none." if f.get("none") else "."),
            "make-room": "Your Recipe Book is full: give up a Recipe to learn dragonfire.",
            "return-outcomes": (
                "Choose a discarded Outcome card to shuffle back "
                f"({f.get('n', 0) - len(f.get('chosen', []))} to go)."
            ),
            "bravery": "Choose Trophy Room cards to discard for bravery, or back out.",
            "magnificence": "Choose the dragon to discard from your Trophy Room for magnificence.",
            "nest": "A dragon's nest: choose which of the nearest City Shops you collect from.",
            "relocate": f"Choose the Beach Region the {self.cname(f.get('card', ''))} moves to.",
            "treasure": "Hand the Gems from the wreck to the old pirate (Treasure at Sea)?",
            "hide": f"Fight the {self.cname(f.get('card', ''))} or hide?",
            "recipe-choice": "Choose the Recipe to take.",
        }
        return texts.get(t, t)

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self, seat: int) -> list[Action]:
        d = self.data
        if d["stack"]:
            f = d["stack"][-1]
            acts = self._frame_actions(f)
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
        ts = d["ts"]
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

    def _free_actions(self, seat: int) -> list[Action]:
        p = self.P(seat)
        acts = [A("learn", virtue=v) for v in self.learnable(seat)]
        if not p["trained"] and p["gems"] >= self.C.numbers["bird_training_cost"]["value"]:
            acts.append(A("train"))
        acts += [A("discard", item=it["c"]) for it in p["inv"]]
        if self.data["mode"] != "standard":
            acts += self._mode_free_actions(seat)
        return acts

    def learnable(self, seat: int) -> list[str]:
        p = self.P(seat)
        out = []
        if "generosity" not in p["virtues"] and p["gems"] >= self.threshold("generosity"):
            out.append("generosity")
        brave = sum(self.C.region_card[c].strength for c in p["troph"])
        if "bravery" not in p["virtues"] and brave >= self.threshold("bravery"):
            out.append("bravery")
        if "magnificence" not in p["virtues"] and any(
            self.C.region_card[c].type == "dragon" for c in p["troph"]
        ):
            out.append("magnificence")
        if "fellowship" not in p["virtues"] and len(p["journal"]) >= int(
            self.C.numbers["fellowship_quests"]["value"]
        ):
            out.append("fellowship")
        return out

    def hazards_in(self, region: str) -> list[str]:
        solo = self.data.get("solo")
        if solo and solo.get("city_hz", {}).get(region):
            return [solo["city_hz"][region]]
        return [
            c for c in self.data["tiles"].get(region, ()) if self.C.region_card[c].kind == "hazard"
        ]

    def _character_actions(self, seat: int) -> list[Action]:
        d = self.data
        ts = d["ts"]
        ch = ts["char"]
        here = self.char_pos(seat, ch)
        acts: list[Action] = []
        stopped = bool(self.hazards_in(here)) and (ts["moves"] > 0 or ts["warped"])
        # movement
        if not stopped and not ts["warped"]:
            if ch == "bird":
                limit = 1
                for _, e in self.has(seat, "bird", "bird_moves"):
                    limit = max(limit, int(e["n"]))
                may = ts["moves"] < limit
            else:
                may = (
                    ts["moves"] == 0
                    or self._free_moves_left(seat) > 0
                    or self.P(seat)["gems"] >= self.C.numbers["extra_move_cost"]["value"]
                )
            if may:
                visited = ts["visited"]
                acts += [
                    A("move", to=nb)
                    for nb in self.C.neighbours[here]
                    if nb not in visited and self.may_enter(seat, ch, nb)
                ]
            if ch == "pauper" and ts["moves"] == 0:
                if self.rtype(here) == "beach" and self._ability_free(seat, "swim"):
                    for r in sorted(self.C.regions):
                        if self.C.regions[r].coastal and r != here and self.may_enter(seat, ch, r):
                            acts.append(A("swim", to=r))
                for key, _ in self.has(seat, "pauper", "teleport_city"):
                    if not self.used(key):
                        acts += [A("teleport", to=c, via=key) for c in CITIES if c != here]
                        break
        if ch == "pauper":
            if ts["moves"] == 0 and not ts["warped"]:
                for key, e in self.has(seat, "pauper", "peek_region"):
                    if e.get("before_move") and not self.used(key):
                        acts.append(A("foresight", via=key))
                        break
            seen: set[str] = set()
            for key, e in self.abilities(seat, "pauper"):
                if key in seen or self.used(key):
                    continue
                if e["effect"] in ("peek_outcome", "collect_gems") or (
                    e["effect"] == "peek_region" and not e.get("before_move")
                ):
                    seen.add(key)
                    acts.append(A("use", item=key))
        for c in d["tiles"].get(here, ()):
            card = self.C.region_card[c]
            if card.kind == "ingredient" and card.fragile:
                acts.append(A("discard-fragile", card=c))
        # exploring
        acts += self._explore_actions(seat, ch, here)
        return acts

    def _ability_free(self, seat: int, effect: str) -> bool:
        return any(not self.used(k) for k, _ in self.has(seat, "pauper", effect))

    def _free_moves_left(self, seat: int) -> int:
        total = sum(int(e["n"]) for _, e in self.has(seat, "pauper", "free_moves"))
        return total - int(self.data["ts"]["free_used"])

    def _explore_actions(self, seat: int, ch: str, here: str) -> list[Action]:
        d = self.data
        acts: list[Action] = []
        if d["mode"] != "standard":
            special = self._mode_explore_actions(seat, ch, here)
            if special is not None:
                return special
        if self.rtype(here) == "city":
            if self._may_heal(seat, ch):
                acts.append(A("heal"))
            acts.append(A("shop"))
            for city in CITIES:
                if self.quest_completable(seat, ch, city, here):
                    acts.append(A("quest", city=city))
            acts.append(A("pass"))
            return acts
        hz = self.hazards_in(here)
        if hz:
            return acts + self._hazard_actions(seat, ch, hz)
        tiles = d["tiles"][here]
        deck = self.rtype(here)
        room = len(tiles) < self.C.regions[here].tiles
        if room and self.deck_available(deck):
            acts.append(A("draw"))
        for c in tiles:
            acts.append(A("encounter", card=c))
        if ch == "pauper":
            for key, _e in self.has(seat, "pauper", "transmute"):
                if not self.used(key):
                    for c in tiles:
                        if self.C.region_card[c].kind == "ingredient":
                            acts.append(A("transmute", card=c, via=key))
                    break
            if room:
                for key, e in self.has(seat, "pauper", "recall"):
                    pile = d["decks"][deck]["discard"]
                    for c in pile[-int(e["n"]) :][::-1]:
                        if self.C.region_card[c].kind not in ("disaster",):
                            acts.append(A("recall", card=c, via=key))
                    break
        if not acts:
            acts.append(A("pass"))
        return acts

    # ------------------------------------------------------------------ quests
    def quest_completable(self, seat: int, ch: str, city: str, here: str) -> bool:
        qid = self.data["quests"].get(city)
        if qid is None:
            return False
        q = self.C.quest[qid]
        if q.wild or (q.tower and city != here) or (q.pauper_only and ch != "pauper"):
            return False
        return self._objective_met(seat, q)

    def _objective_met(self, seat: int, q: Any) -> bool:
        p = self.P(seat)
        o = q.objective
        if o.kind == "gems":
            return bool(p["gems"] >= o.n)
        if o.kind == "equipment":
            return bool(len(p["inv"]) >= o.n)
        if o.kind == "trophies":
            return bool(len(p["troph"]) >= o.n)
        if o.kind == "trophy_type":
            return bool(sum(1 for c in p["troph"] if self.C.region_card[c].type in o.types) >= o.n)
        if o.kind == "trophy_name":
            return bool(sum(1 for c in p["troph"] if self.C.region_card[c].name in o.names) >= o.n)
        return False

    def _quest_candidates(self, seat: int, q: Any) -> tuple[str, list[str]]:
        p = self.P(seat)
        o = q.objective
        if o.kind == "equipment":
            return "inv", [it["c"] for it in p["inv"]]
        if o.kind == "trophies":
            return "troph", list(p["troph"])
        if o.kind == "trophy_type":
            return "troph", [c for c in p["troph"] if self.C.region_card[c].type in o.types]
        return "troph", [c for c in p["troph"] if self.C.region_card[c].name in o.names]

    def complete_quest(self, seat: int, city: str) -> None:
        qid = self.data["quests"][city]
        q = self.C.quest[qid]
        self.log(f"{self.pname(seat)} completes the Quest {q.name} in {city.capitalize()}.")
        self.P(seat)["journal"].append(qid)
        self.data["quests"][city] = None
        self._replace_quest(city)
        self._hook_quest_completed(seat)
        if len(q.reward) > 1:
            self.push({"t": "quest-reward", "seat": seat, "quest": qid})
        else:
            self.run(list(q.reward[0]), front=True)

    def _replace_quest(self, city: str) -> None:
        new = self.draw_from("quest")
        self.data["quests"][city] = new
        if new:
            self.log(
                f"New Quest in {city.capitalize()}: {self.cname(new)} - {self.C.quest[new].text}"
            )

    def check_wild_quests(
        self, seat: int, ch: str, kind: str, region: str, hazard: str | None = None
    ) -> None:
        for city in CITIES:
            qid = self.data["quests"].get(city)
            if qid is None:
                continue
            q = self.C.quest[qid]
            o = q.objective
            if not q.wild or o.kind != kind or (q.pauper_only and ch != "pauper"):
                continue
            if o.regions and self.rtype(region) not in o.regions:
                continue
            if hazard is not None:
                card = self.C.region_card[hazard]
                if o.types and card.type not in o.types:
                    continue
                if card.strength < o.min_strength:
                    continue
            self.complete_quest(seat, city)

    # ------------------------------------------------------------------ frames
    def push(self, frame: J) -> None:
        self.data["stack"].append(frame)

    def run(self, ops: list[J], front: bool = True) -> None:
        q = self.data["q"]
        if front:
            q[:0] = [dict(o) for o in ops]
        else:
            q.extend(dict(o) for o in ops)

    def _frame_actions(self, f: J) -> list[Action]:
        t = f["t"]
        seat = f["seat"]
        p = self.P(seat)
        if t == "ally":
            acts = [A("decline")]
            if p["gems"] >= f["cost"]:
                acts.insert(0, A("pay-ally"))
            return acts
        if t == "boost":
            return self._boost_actions(seat, f)
        if t == "reward":
            return [A("reward", take=k, recipe=r) for k, r in f["options"]]
        if t == "event":
            card = self.C.region_card[f["card"]]
            acts = []
            for i, opt in enumerate(card.options):
                cost = sum(int(e["n"]) for e in opt.effects if e["effect"] == "pay")
                if p["gems"] >= cost and self._option_possible(seat, opt.effects):
                    acts.append(A("option", n=i))
            if card.kind == "rest" and self.data["mode"] == "survival":
                lv = self.P(seat)["lives"]
                if lv[self.data["ctx"]["char"]] < self.max_lives():
                    acts.insert(0, A("rest"))
            if card.kind != "disaster":
                acts.append(A("decline"))
            return acts
        if t == "pick":
            acts = [A("pick", card=c) for c in f["cands"]]
            if f.get("optional"):
                acts.append(A("done"))
            return acts
        if t == "keep":
            acts = [A("keep", card=c) for c in f["cards"]]
            if f.get("optional"):
                acts.append(A("done"))
            return acts
        if t == "shop":
            acts = []
            if not f["bought"]:
                acts += [
                    A("buy", card=c) for c in self._buyable(seat, f["char"], f["city"], f["disc"])
                ]
            if not f["sold"]:
                acts += [A("sell", item=it["c"]) for it in p["inv"]]
            return [*acts, A("leave")]
        if t == "disaster":
            acts = [
                A("replace", city=c)
                for c in CITIES
                if c not in f["done"] and self.data["quests"].get(c)
            ]
            if len(f["done"]) >= 2:
                acts = []
            if f["done"] or not acts:
                acts.append(A("done"))
            return acts
        if t == "dispensary":
            return [A("take", stack=i) for i, s in enumerate(self.data["dispensary"]) if s]
        if t == "reorder":
            return [A("order", cards=perm) for perm in sorted(set(permutations(f["cards"])))]
        if t == "ingredient":
            return [A("tuck", recipe=r) for r in f["recipes"]] + [A("leave")]
        if t == "quest-reward":
            q = self.C.quest[f["quest"]]
            return [A("option", n=i) for i in range(len(q.reward))]
        if t == "goto":
            return [A("goto", city=c) for c in CITIES]
        if t == "weapon":
            acts = [A("weapon", item=k) for k, _ in f["options"]]
            if f.get("none"):
                acts.append(A("no-weapon"))
            return acts
        if t == "return-outcomes":
            seen: set[tuple[int, str | None]] = set()
            acts = []
            for c in sorted(piles.discards(p["out"])):  # identical cards are one choice
                oc = self.C.outcome[c]
                if (oc.number, oc.ally) not in seen:
                    seen.add((oc.number, oc.ally))
                    acts.append(A("return", card=c))
            return acts
        if t == "bravery":
            names: set[str] = set()
            acts = []
            for c in p["troph"]:
                if c not in f["chosen"] and self.cname(c) not in names:
                    names.add(self.cname(c))
                    acts.append(A("trophy", card=c))
            acts.append(A("back-out"))  # before the threshold: nothing is discarded yet
            return acts
        if t == "magnificence":
            return [A("dragon", card=c) for c in f["cands"]]
        if t == "nest":
            return [A("nest", city=c) for c in f["cities"]]
        if t == "relocate":
            return [A("relocate", region=r) for r in f["cands"]]
        if t == "treasure":
            return [A("hand-over"), A("keep-gems")]
        if t == "hide":
            return [A("fight", card=f["card"]), A("hide", card=f["card"])]
        if t == "recipe-choice":
            return [A("choose-recipe", recipe=c) for c in f["cards"]]
        if t == "make-room":
            return [A("drop-recipe", recipe=c) for c in f["cands"]]
        if t == "city-reward":
            acts = [A("city-reward", take="gems")]
            acts += [
                A("city-reward", take="equipment", card=c)
                for c in self.data["shops"][f["city"]]
                if not c.startswith("rar.")
            ]
            if self.P(seat)["lives"][f["char"]] < self.max_lives():
                acts.append(A("city-reward", take="lives"))
            return acts
        if t == "peek-deck":
            return [A("peek", deck=dk) for dk in WILD if self.data["decks"][dk]["draw"]] or [
                A("done")
            ]
        raise AssertionError(f"unknown frame {t}")

    def _option_possible(self, seat: int, effects: list[J]) -> bool:
        for e in effects:
            if e["effect"] == "sell_trophy" and not any(
                self.C.region_card[c].name == e["hazard"] for c in self.P(seat)["troph"]
            ):
                return False
            if e["effect"] == "take_tucked" and not self.data["tucked"].get(
                self.data["ctx"].get("card"), []
            ):
                return False
            if e["effect"] == "learn_recipe" and not any(
                not r["learned"] for r in self.P(seat)["rec"]
            ):
                return False
        return True

    def _buyable(self, seat: int, ch: str, city: str, disc: int) -> list[str]:
        p = self.P(seat)
        return [c for c in self.data["shops"][city] if self.price(seat, ch, c, disc) <= p["gems"]]

    def price(self, seat: int, ch: str, cid: str, disc: int = 0) -> int:
        item = self.C.item[cid]
        cost = item.cost
        if ch == "pauper":
            for _, e in self.has(seat, "pauper", "discount"):
                if e.get("tag") is None or e["tag"] in item.tags:
                    cost -= int(e["n"])
            cost -= disc
        return max(1, cost)

    # ------------------------------------------------------------------ apply
    def _apply(self, seat: int, action: Action) -> None:
        d = self.data
        k = action.kind
        if d["stack"] and k in ANYTIME_KINDS:  # a free action; the open decision stays
            self._apply_play(seat, action)
        elif d["stack"]:
            f = d["stack"].pop()
            self._apply_frame(seat, f, action)
        elif d["phase"] == "pauper":
            self._choose_pauper(seat, action["pauper"])
        elif d["phase"] == "bird":
            self.P(seat)["bird"] = action["bird"]
            self.log(f"{self.pname(seat)} takes the {action['bird']}.")
            d["order"].pop(0)
            if not d["order"]:
                self._start_draft()
        elif d["phase"] == "draft":
            self.P(seat)["pick"] = action["recipe"]
            if all(q["pick"] is not None for q in d["players"]):
                self._draft_reveal()
        elif d["phase"] == "buy":
            if k == "buy":
                city = self.first_shop_city(seat)
                self._buy(seat, "pauper", city, action["card"], 0)
            d["order"].pop(0)
            if not d["order"] and not d["stack"]:
                self._begin_play()
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
            if d["q"]:
                op = d["q"].pop(0)
                self._op(op)
                continue
            if d["phase"] == "buy" and not d["order"]:
                self._begin_play()
                continue
            if d["phase"] != "play":
                return
            ts = d["ts"]
            if ts["char"] is not None and ts["stage"] == "after":
                self._finish_char()
                continue
            if ts["char"] is None and len(ts["done"]) == 2:
                s = d["turn"]
                if not self.learnable(s) and not any(
                    a.kind == "train" for a in self._free_actions(s)
                ):
                    self._end_turn()
                    continue
            return

    # ------------------------------------------------------------------ set-up
    def _choose_pauper(self, seat: int, pid: str) -> None:
        d = self.data
        p = self.P(seat)
        pa = self.C.paupers[pid]
        p["pauper"] = pid
        d["taken"].append(pid)
        p["pos"] = p["bpos"] = pa.city
        p["gems"] = int(self.C.numbers["starting_gems"]["value"])
        cards = list(self.C.outcome_lists[pa.colour])
        self.rng.shuffle(cards)
        p["out"] = piles.new_pile(cards, compact=True, compact_discards=True)
        if d["mode"] == "solo":
            self._solo_setup(seat)
        for _, e in [("start", e) for e in pa.equipment.abilities]:
            if e["effect"] == "boost" and e.get("charges"):
                p["charges"] = int(e["charges"])
        self.log(f"Seat {seat + 1} plays {pa.name} ({pa.trade}) from {pa.city.capitalize()}.")
        d["order"].pop(0)
        if not d["order"]:
            d["phase"] = "bird"
            d["order"] = list(reversed(range(self.n())))

    def hand(self, seat: int) -> list[str]:
        """A seat's Recipe draft hand (kept in the engine's knowledge zones during the draft)."""
        zones = self.data.get("_zones")
        return list(zones[f"hand:{seat}"]["items"]) if zones else []

    def zones_how(self, seat: int, zone: str) -> str | None:
        """How ``seat`` last learnt a draft hand (``looked``, ``passed``), while the draft runs."""
        return Zones(self.data, self.n()).how(zone, seat) if self.data.get("_zones") else None

    def _start_draft(self) -> None:
        # The draft hands live in knowledge zones: who knows which hand (its holder; the seat
        # that passed it on) is kept there, so views, resampling and undo follow from it.
        d = self.data
        d["phase"] = "draft"
        hand = int(self.C.numbers["draft_hand"]["value"])
        z = Zones(d, self.n())
        for s in range(self.n()):
            cards = [str(piles.draw(d["decks"]["recipe"], self.rng)) for _ in range(hand)]
            z.create(f"hand:{s}", pool="recipes")
            for c in cards:
                z.put(f"hand:{s}", c, known=bit(s), how="looked")
            self.P(s)["pick"] = None

    def _end_draft(self) -> list[str]:
        """The cards left in the draft hands, the zones gone."""
        rest = [c for s in range(self.n()) for c in self.hand(s)]
        self.data.pop("_zones", None)
        return rest

    def _draft_reveal(self) -> None:
        d = self.data
        n = self.n()
        z = Zones(d, n)
        for s in range(n):
            p = self.P(s)
            z.take(f"hand:{s}", p["pick"], seen_by=bit(s))
            p["rec"].append({"r": p["pick"], "ing": [], "learned": False, "at": 0})
            self.log(f"{self.pname(s)} chooses {self.cname(p['pick'])} to learn.")
            p["pick"] = None
        zones = d["_zones"]
        hands = [(zones[f"hand:{s}"]["items"], zones[f"hand:{s}"]["known"]) for s in range(n)]
        for s in range(n):
            to = (s + 1) % n
            zones[f"hand:{to}"]["items"], zones[f"hand:{to}"]["known"] = hands[s]
            z.learn(f"hand:{to}", bit(to), "passed")  # the passer still knows it too
        if d["mode"] == "solo" and len(self.P(0)["rec"]) >= 3:
            rest = self._end_draft()
            self.discard_to("recipe", rest)
            self.log("The other Recipe is discarded: " + ", ".join(self.cname(c) for c in rest))
            d["phase"] = "buy"
            d["order"] = [0]
            self._peek_shop(0, self.first_shop_city(0))
            self.log("You may buy 1 card before your first turn.")
            return
        if len(self.P(0)["rec"]) >= int(self.C.numbers["learning_limit"]["value"]):
            rest = self._end_draft()
            deck = d["decks"]["recipe"]
            cards = piles.cards(deck) + rest
            self.rng.shuffle(cards)
            deck["draw"] = ""
            stacks: list[list[str]] = [[], [], [], []]
            for i, c in enumerate(cards):
                stacks[i % 4].append(c)
            d["dispensary"] = stacks
            d["phase"] = "buy"
            d["order"] = list(range(n))
            for s in range(n):
                city = self.C.paupers[self.P(s)["pauper"]].city
                self._peek_shop(s, city)
            self.log("The Dispensary is dealt. Each player may buy 1 card in their City.")

    def _begin_play(self) -> None:
        d = self.data
        d["phase"] = "play"
        d["round"] = 1
        d["turn"] = 0
        self._start_turn(0)

    # ------------------------------------------------------------------ turns
    def _start_turn(self, seat: int) -> None:
        d = self.data
        p = self.P(seat)
        p["turns"] += 1
        d["turn"] = seat
        d["ts"] = {
            "char": None,
            "done": [],
            "stage": "move",
            "moves": 0,
            "visited": [],
            "free_used": 0,
            "used": [],
            "warped": False,
            "fought": False,
            "moved": False,
        }
        self.log(f"Round {d['round']}: {self.pname(seat)}'s turn.")
        self._hook_turn_start(seat)
        for key, e in self.has(seat, "pauper", "turn_gems"):
            if e.get("below") is None or p["gems"] < int(e["below"]):
                self.gain(seat, int(e["n"]), self._key_name(seat, key))
        if p.get("miss"):
            p["miss"] = False
            d["ts"]["done"].append("pauper")
            self.log(f"{self.pname(seat)}'s Pauper misses this turn.")

    def _key_name(self, seat: int, key: str) -> str:
        if key == "start":
            return self.C.paupers[self.P(seat)["pauper"]].equipment.name
        if key == "bird":
            return str(self.P(seat)["bird"])
        return self.cname(key)

    def _end_turn(self) -> None:
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

    def _finish_char(self) -> None:
        d = self.data
        ts = d["ts"]
        seat = d["turn"]
        ch = ts["char"]
        if ch == "bird" and not ts["moved"] and not ts["fought"]:
            for key, e in self.has(seat, "bird", "idle_gems"):
                if not self.used(key):
                    self.use(key)
                    self.gain(seat, int(e["n"]), "trained magpie")
        ts["done"].append(ch)
        ts["char"] = None

    def _apply_play(self, seat: int, a: Action) -> None:
        d = self.data
        ts = d["ts"]
        p = self.P(seat)
        k = a.kind
        if k == "learn":
            if a["virtue"] == "bravery":  # the player picks the Trophy Room cards to discard
                self.push({"t": "bravery", "seat": seat, "chosen": []})
            elif a["virtue"] == "magnificence" and len(self._dragons(seat)) >= 2:
                # the player chooses which dragon leaves the Trophy Room
                self.push({"t": "magnificence", "seat": seat, "cands": self._dragons(seat)})
            else:
                self.learn_virtue(seat, a["virtue"])
            return
        if k == "train":
            p["gems"] -= int(self.C.numbers["bird_training_cost"]["value"])
            p["trained"] = True
            self.log(f"{self.pname(seat)} trains the {p['bird']} for 4 Gems.")
            return
        if k == "end":
            self._end_turn()
            return
        if k in ("buy-time", "remove", "potion"):
            self._apply_mode_free(seat, a)
            return
        if k == "discard":
            p["inv"] = [it for it in p["inv"] if it["c"] != a["item"]]
            self._discard_items([a["item"]])
            self.log(f"{self.pname(seat)} discards the {self.cname(a['item'])}.")
            return
        if k == "act":
            ch = a["char"]
            here = self.char_pos(seat, ch)
            ts.update(
                char=ch,
                stage="move",
                moves=0,
                visited=[here],
                warped=False,
                fought=False,
                moved=False,
            )
            return
        ch = ts["char"]
        here = self.char_pos(seat, ch)
        if k == "move":
            to = a["to"]
            paid = ""
            if ch == "pauper" and ts["moves"] >= 1:
                if self._free_moves_left(seat) > 0:
                    ts["free_used"] += 1
                    paid = " (a free extra move)"
                else:
                    cost = int(self.C.numbers["extra_move_cost"]["value"])
                    p["gems"] -= cost
                    paid = f", paying {cost} Gem{'s' if cost != 1 else ''} for the extra move"
            ts["moves"] += 1
            ts["moved"] = True
            ts["visited"].append(to)
            self.set_pos(seat, ch, to)
            self.log(f"{self.pname(seat)}'s {ch} moves to {self.C.regions[to].name}{paid}.")
            return
        if k in ("swim", "teleport"):
            if k == "teleport":
                key = a["via"]
                self.use(key)
                if key.startswith("eq."):
                    self.spend_item(seat, key)
            else:
                self.use(
                    next(kk for kk, _ in self.has(seat, "pauper", "swim") if not self.used(kk))
                )
            ts["moves"] += 1
            ts["moved"] = True
            ts["warped"] = True
            self.set_pos(seat, ch, a["to"])
            self.log(
                f"{self.pname(seat)} {'swims' if k == 'swim' else 'teleports'} to "
                f"{self.C.regions[a['to']].name}."
            )
            return
        if k == "foresight":
            self.use(a["via"])
            self.push({"t": "peek-deck", "seat": seat, "n": 1})
            return
        if k == "use":
            self._use_item(seat, a["item"])
            return
        if k == "discard-fragile":
            self._remove_tile(here, a["card"])
            self.discard_region_card(a["card"])
            self.log(f"{self.pname(seat)} discards the {self.cname(a['card'])}.")
            return
        # exploring: the character's turn ends once this resolves
        ts["stage"] = "after"
        self._toll(seat, here)
        if k == "pass":
            self.log(f"{self.pname(seat)}'s {ch} explores {self.C.regions[here].name}: nothing.")
        elif k == "shop":
            disc = 0
            if ch == "pauper" and self.has(seat, "pauper", "discount_roll"):
                disc = int(self.roll_charm()["number"])
                self.log(f"{self.pname(seat)}'s skeleton key takes {disc} off one price.")
            self._peek_shop(seat, here)
            self.push(
                {
                    "t": "shop",
                    "seat": seat,
                    "city": here,
                    "char": ch,
                    "bought": False,
                    "sold": False,
                    "disc": disc,
                }
            )
        elif k == "quest":
            self._do_quest(seat, a["city"])
        elif k in ("heal", "hide", "withdraw", "reveal"):
            self._apply_mode_explore(seat, ch, here, a)
        elif k == "fight":
            self.start_fight(seat, ch, a["card"], here)
        elif k == "draw":
            cid = self.draw_from(self.rtype(here))
            assert cid is not None
            self._place(here, cid, seat, ch)
        elif k == "encounter":
            self.encounter(seat, ch, a["card"], here)
        elif k == "recall":
            self.spend_item(seat, a["via"])
            pile = d["decks"][self.rtype(here)]["discard"]
            pile.remove(a["card"])
            self.log(f"{self.pname(seat)} drinks the recall potion.")
            self._place(here, a["card"], seat, ch)
        elif k == "transmute":
            self.use(a["via"])
            self._remove_tile(here, a["card"])
            self.discard_region_card(a["card"])
            gems = int(
                next(e for kk, e in self.has(seat, "pauper", "transmute") if kk == a["via"])["gems"]
            )
            self.gain(seat, gems, f"transmuting the {self.cname(a['card'])}")

    def _toll(self, seat: int, here: str) -> None:
        for c in self.data["tiles"].get(here, ()):
            for e in self.C.region_card[c].ongoing:
                if e["effect"] == "toll":
                    self.lose(seat, int(e["n"]), "toll")

    def _remove_tile(self, region: str, cid: str) -> None:
        self.data["tiles"][region].remove(cid)

    def _place(self, region: str, cid: str, seat: int, ch: str) -> None:
        card = self.C.region_card[cid]
        self.log(f"{self.pname(seat)}'s {ch} draws {card.name} in {self.C.regions[region].name}.")
        if card.kind == "rest" and self.data["mode"] != "survival":  # set aside outside Survival
            self.data["decks"][self.C.region_deck_of[cid]]["removed"].append(cid)
            return
        if card.kind == "disaster":
            self.run([*card.options[0].effects, {"effect": "_disaster_end", "card": cid}])
            self.data["ctx"] = {"seat": seat, "char": ch, "card": cid, "region": region}
            return
        self.data["tiles"][region].append(cid)
        self.data["ctx"] = {"seat": seat, "char": ch, "card": cid, "region": region, "left": False}
        if card.type == "dragon" and self.scenario() == "fiery-siege":
            self._dragon_nest(seat, cid, region)
        ops = [dict(e) for e in card.appear]
        ops.append({"effect": "_encounter", "card": cid})
        self.run(ops)

    # ------------------------------------------------------------------ encounters
    def encounter(self, seat: int, ch: str, cid: str, region: str) -> None:
        card = self.C.region_card[cid]
        self.data["ctx"] = {"seat": seat, "char": ch, "card": cid, "region": region, "left": False}
        self.log(f"{self.pname(seat)}'s {ch} encounters {card.name}.")
        if card.kind == "hazard":
            if not self.can_fight(seat, ch, cid):
                self.log(f"Your {ch} cannot fight the {card.name}; its turn ends.")
                return
            if self.data["mode"] == "solo" and card.type != "trap":
                self.push({"t": "hide", "seat": seat, "card": cid, "region": region, "char": ch})
                return
            self.start_fight(seat, ch, cid, region)
            return
        if card.kind == "ingredient":
            self._ingredient(seat, cid, region)
            return
        p = self.P(seat)
        if card.icon == "pauper" and ch != "pauper":
            self.log("Only a Pauper can encounter this: no effect.")
            return
        if card.icon == "bird" and not (ch == "bird" and p["trained"]):
            self.log("Only a trained Bird can encounter this: no effect.")
            return
        self.push({"t": "event", "seat": seat, "card": cid})

    def _ingredient(self, seat: int, cid: str, region: str | None) -> None:
        ing = self._ingredient_of(cid)
        recipes = self.needs(seat, ing)
        if not recipes:
            self.log(f"{self.pname(seat)} does not need {self.cname(cid)}; it stays.")
            return
        self.push(
            {"t": "ingredient", "seat": seat, "card": cid, "recipes": recipes, "region": region}
        )

    def _ingredient_of(self, cid: str) -> str:
        card = self.C.region_card[cid]
        if card.kind == "ingredient":
            return str(card.ingredient)
        return str((card.provides or {}).get("ingredient", ""))

    def needs(self, seat: int, ing: str) -> list[str]:
        out = []
        for r in self.P(seat)["rec"]:
            if r["learned"] or ing not in self.C.recipe[r["r"]].ingredients:
                continue
            if any(self._ingredient_of(c) == ing for c in r["ing"]):
                continue
            out.append(r["r"])
        return out

    def tuck(self, seat: int, cid: str, rid: str) -> None:
        p = self.P(seat)
        r = next(x for x in p["rec"] if x["r"] == rid)
        r["ing"].append(cid)
        self.log(f"{self.pname(seat)} tucks {self.cname(cid)} under {self.cname(rid)}.")
        if len(r["ing"]) >= 2:
            self.learn_recipe(seat, rid)

    def learn_recipe(self, seat: int, rid: str) -> None:
        p = self.P(seat)
        r = next(x for x in p["rec"] if x["r"] == rid)
        for c in r["ing"]:
            self.discard_region_card(c)
        r["ing"] = []
        r["learned"] = True
        r["at"] = p["turns"]
        self.log(f"{self.pname(seat)} learns the {self.cname(rid)} Recipe.")
        self._hook_recipe_learned(seat)
        learned = sum(1 for x in p["rec"] if x["learned"])
        if learned >= int(self.C.numbers["recipe_limit"]["value"]):
            if "knowledge" not in p["virtues"]:  # each Virtue is learned once
                self.learn_virtue(seat, "knowledge")
            return
        if self.data["mode"] == "solo":
            if len(p["rec"]) < int(self.C.numbers["recipe_limit"]["value"]):
                self._solo_recipe_choice(seat)
            return
        if len(p["rec"]) < int(self.C.numbers["recipe_limit"]["value"]) and any(
            self.data["dispensary"]
        ):
            self.push({"t": "dispensary", "seat": seat})

    def learn_virtue(self, seat: int, v: str, trophies: list[str] | None = None) -> None:
        p = self.P(seat)
        if v == "generosity":
            p["gems"] -= self.threshold("generosity")
        elif v == "bravery":
            for c in trophies or []:
                p["troph"].remove(c)
                self.discard_region_card(c)
        elif v == "magnificence":
            dragon = (trophies or self._dragons(seat))[0]
            p["troph"].remove(dragon)
            self.discard_region_card(dragon)
        elif v == "fellowship":
            self.discard_to("quest", p["journal"][:3])
            p["journal"] = p["journal"][3:]
        p["virtues"].append(v)
        self.log(f"{self.pname(seat)} learns the Virtue of {v}!")
        self._hook_virtue_learned(seat)
        if self.data["mode"] == "solo":
            self._solo_progress()
        elif len(p["virtues"]) >= int(self.C.numbers["virtues_to_win"]["value"]):
            self._game_over(seat, "virtues")

    def _dragons(self, seat: int) -> list[str]:
        """The dragons in a Trophy Room, one per name (two copies of one card are one choice)."""
        out: list[str] = []
        for c in self.P(seat)["troph"]:
            if self.C.region_card[c].type == "dragon" and all(
                self.cname(x) != self.cname(c) for x in out
            ):
                out.append(c)
        return out

    def _game_over(self, seat: int | None, reason: str) -> None:
        d = self.data
        d["phase"] = "over"
        d["stack"] = []
        d["q"] = []
        if seat is None:
            best = max(len(q["virtues"]) for q in d["players"])
            cands = [s for s in range(self.n()) if len(self.P(s)["virtues"]) == best]
            d["winners"] = cands
            d["reason"] = reason
            self.log(f"The tournament closes after {d['round'] - 1} rounds.")
        else:
            d["winners"] = [seat]
            d["reason"] = reason
            self.log(f"{self.pname(seat)} has learned 3 Virtues and wins the tournament!")

    # ------------------------------------------------------------------ fights
    def start_fight(self, seat: int, ch: str, hz: str, region: str) -> None:
        d = self.data
        d["ts"]["fought"] = True
        card = self.C.region_card[hz]
        d["fight"] = {
            "seat": seat,
            "char": ch,
            "hz": hz,
            "region": region,
            "str": 0,
            "cards": [],
            "charm": None,
            "boosts": [],
            "weapon": None,
            "bonus": 0,
        }
        d["ctx"] = {"seat": seat, "char": ch, "card": hz, "region": region, "left": False}
        if self._is_necromancer(hz):
            solo = d["solo"]
            draws = [str(piles.draw(solo["necro_out"], self.rng)) for _ in range(2)]
            _discard_into(solo["necro_out"], draws, self.rng)
            d["fight"]["hs"] = sum(self.C.outcome[c].number for c in draws)
            d["fight"]["hcards"] = draws
            self.log(
                f"The necromancer draws {' + '.join(self.cname(c) for c in draws)}: "
                f"Strength {d['fight']['hs']}."
            )
        self.log(
            f"{self.pname(seat)}'s {ch} fights the {card.name} (Strength {self.hz_strength()})."
        )
        self.run([{"effect": "_draw_outcome"}, {"effect": "_bonuses"}, {"effect": "_boost"}])

    def _no_allies(self) -> bool:
        f = self.data["fight"]
        return any(e["effect"] == "no_allies" for e in self.C.region_card[f["hz"]].ongoing)

    def _fight_draw(self) -> None:
        f = self.data["fight"]
        cid = self.draw_outcome(f["seat"])
        oc = self.C.outcome[cid]
        f["cards"].append(cid)
        f["str"] += oc.number
        self.log(
            f"Outcome card: {oc.number}"
            + (f" with the ally {self.C.allies[oc.ally].name}" if oc.ally else "")
            + "."
        )
        if oc.ally is None or self._no_allies():
            return
        for e in self.C.allies[oc.ally].effects:
            if e["effect"] == "ally_bonus" and self.region_ok(e["region"], f["region"]):
                f["str"] += int(e["bonus"])
                self.log(f"The {self.C.allies[oc.ally].name} adds {e['bonus']}.")
            elif e["effect"] == "ally_draw" and self.region_ok(e["region"], f["region"]):
                self.log(f"The {self.C.allies[oc.ally].name} draws another Outcome card.")
                self.run([{"effect": "_draw_outcome"}])
            elif e["effect"] == "ally_pay":
                self.push(
                    {
                        "t": "ally",
                        "seat": f["seat"],
                        "cost": int(e["cost"]),
                        "bonus": int(e["bonus"]),
                        "ally": oc.ally,
                    }
                )

    def _fight_bonuses(self) -> None:
        f = self.data["fight"]
        seat, ch = f["seat"], f["char"]
        hz = self.C.region_card[f["hz"]]
        p = self.P(seat)
        total = 0
        for _, e in self.abilities(seat, ch):
            if (
                e["effect"] == "fight_bonus"
                and self.region_ok(e.get("region"), f["region"])
                and (e.get("vs_type") is None or e["vs_type"] == hz.type)
            ):
                total += int(e["bonus"])
        smith = p.get("smith")
        if smith and smith["char"] == ch and smith["turn"] == p["turns"]:
            total += int(smith["bonus"])
        if total:
            self.log(f"Bonuses add {total}.")
        f["str"] += total
        f["bonus"] = total
        weapons = self.weapons(seat)
        # a weapon that costs something to use (bang bombs lose a Gem) may be left unused
        costly = [k for k, _ in weapons if self._weapon_costs(k)]
        if len(weapons) >= 2 or costly:
            frame: J = {"t": "weapon", "seat": seat, "options": [[k, v] for k, v in weapons]}
            if costly and not self._forced_weapon(f["hz"]):
                frame["none"] = True
            self.push(frame)
        elif weapons:
            self._use_weapon(seat, *weapons[0])

    def _weapon_costs(self, key: str) -> bool:
        """True for a weapon with a cost or drawback for being used (bang bombs lose a Gem)."""
        item = self.C.item.get(key)
        return item is not None and any(e["effect"] == "weapon_gems" for e in item.abilities)

    def weapons(self, seat: int) -> list[tuple[str, int]]:
        """The weapons the fighting Pauper may use in this fight, with their bonus (one is used:
        the player's choice). A hazard that may only be fought with one weapon allows only it."""
        f = self.data["fight"]
        if f["char"] != "pauper":
            return []
        hz = self.C.region_card[f["hz"]]
        forced = self._forced_weapon(f["hz"])
        p = self.P(seat)
        out: list[tuple[str, int]] = []
        for key, e in self.abilities(seat, "pauper"):
            if forced and key != forced:
                continue
            if e["effect"] == "weapon":
                vs = int(e.get("vs_bonus", 0)) if e.get("vs_type") == hz.type else 0
                out.append((key, int(e["bonus"]) + vs))
            elif e["effect"] == "weapon_gems":
                it = next(i for i in p["inv"] if i["c"] == key)
                if int(it["g"]) > 0:
                    out.append((key, int(it["g"])))
        seen: set[str] = set()  # two copies of one weapon are one choice
        uniq = []
        for key, v in out:
            name = self._key_name(seat, key)
            if name not in seen:
                seen.add(name)
                uniq.append((key, v))
        return uniq

    def _use_weapon(self, seat: int, key: str, v: int) -> None:
        f = self.data["fight"]
        p = self.P(seat)
        f["weapon"] = key
        if v <= 0:
            return
        f["str"] += v
        f["bonus"] += v
        self.log(f"Weapon: {self._key_name(seat, key)} (+{v}).")
        it = next((i for i in p["inv"] if i["c"] == key), None)
        if it is not None and self._weapon_costs(key):
            it["g"] -= 1  # bang bombs: one Gem comes off per fight
            if it["g"] <= 0:
                p["inv"].remove(it)
                self._discard_items([key])

    def _boost_actions(self, seat: int, fr: J) -> list[Action]:
        f = self.data["fight"]
        acts: list[Action] = []
        hz = self.C.region_card[f["hz"]]
        p = self.P(seat)
        if f["charm"] is None:
            acts += [A("boost", item=k) for k in self._boost_items(seat, hz.type)]
            if self._charm_free(seat, f["char"]) or p["gems"] >= 1:
                acts.append(A("charm"))
        acts.append(A("resolve"))
        return acts

    def _boost_items(self, seat: int, htype: str | None) -> list[str]:
        f = self.data["fight"]
        if f["char"] != "pauper":
            return []
        out = []
        p = self.P(seat)
        for key, e in self.has(seat, "pauper", "boost"):
            if key in f["boosts"] or self.used(key):
                continue
            if e.get("vs_type") and e["vs_type"] != htype:
                continue
            if key == "start" and p.get("charges", 0) <= 0:
                continue
            out.append(key)
        return out

    def _charm_free(self, seat: int, ch: str) -> bool:
        return bool(self.has(seat, ch, "charm_free"))

    def _fight_resolve(self) -> None:
        d = self.data
        f = d["fight"]
        seat, ch = f["seat"], f["char"]
        hz = self.C.region_card[f["hz"]]
        self.discard_outcomes(seat, f["cards"])
        region = f["region"]
        hs = self.hz_strength()
        d["last_fight"] = {
            "seat": seat,
            "char": ch,
            "hz": f["hz"],
            "str": f["str"],
            "hs": hs,
            "won": f["str"] >= hs,
            "cards": list(f["cards"]),
        }
        if f["str"] >= hs and self._special_defeat(seat, ch, f["hz"], region):
            d["fight"] = None
            return
        if f["str"] >= hs:
            self.log(f"Strength {f['str']} against {hs}: the {hz.name} is defeated!")
            self._remove_tile(region, f["hz"])
            bonus = sum(int(e["n"]) for _, e in self.has(seat, ch, "defeat_gems"))
            self.gain(seat, bonus, "bonus for the victory")
            self._hook_hazard_defeated(seat, ch)
            opts: list[list[Any]] = []
            if hz.gems:
                opts.append(["gems", None])
            prov = hz.provides or {}
            if "ingredient" in prov:
                opts += [["ingredient", r] for r in self.needs(seat, prov["ingredient"])]
            if prov.get("equipment") and self.deck_available("equipment"):
                opts.append(["equipment", None])
            if prov.get("rarity") and self.deck_available("rarity"):
                opts.append(["rarity", None])
            opts.append(["trophy", None])
            self.push({"t": "reward", "seat": seat, "options": opts, "hz": f["hz"]})
            self.run([{"effect": "_wild_defeat", "hz": f["hz"], "region": region, "char": ch}])
        else:
            self.log(f"Strength {f['str']} against {hs}: the {hz.name} wins.")
            self._hook_fight_lost(seat, ch)
            self.run([dict(e) for e in hz.fail])
        d["fight"] = None

    # ------------------------------------------------------------------ frames: apply
    def _apply_frame(self, seat: int, f: J, a: Action) -> None:
        d = self.data
        t = f["t"]
        p = self.P(seat)
        k = a.kind
        if t == "ally":
            if k == "pay-ally":
                p["gems"] -= f["cost"]
                d["fight"]["str"] += f["bonus"]
                self.log(
                    f"{self.pname(seat)} pays the {self.C.allies[f['ally']].name} "
                    f"{f['cost']} Gems for +{f['bonus']}."
                )
        elif t == "boost":
            fight = d["fight"]
            if k == "boost":
                key = a["item"]
                e = next(e for kk, e in self.has(seat, "pauper", "boost") if kk == key)
                fight["boosts"].append(key)
                fight["str"] += int(e["bonus"])
                self.use(key)
                if key == "start":
                    p["charges"] -= 1
                else:
                    self.spend_item(seat, key)
                self.log(f"{self._key_name(seat, key)} adds {e['bonus']}.")
                self.run([{"effect": "_boost"}])
            elif k == "charm":
                if not self._charm_free(seat, fight["char"]):
                    p["gems"] -= int(self.C.numbers["charm_cost"]["value"])
                face = self.roll_charm()
                fight["charm"] = face
                fight["str"] += int(face["number"])
                self.log(f"The lucky charm shows {face['face']} ({face['number']}).")
                self.run([{"effect": "_boost"}])
            else:
                self.run([{"effect": "_resolve"}])
        elif t == "reward":
            self._reward(seat, f, a["take"], a["recipe"])
        elif t == "event" and k == "rest":
            self.restore(seat, d["ctx"]["char"], 1, f"resting at the {self.cname(f['card'])}")
        elif t == "event":
            if k == "option":
                card = self.C.region_card[f["card"]]
                self.run(
                    [*card.options[a["n"]].effects, {"effect": "_end_event", "card": f["card"]}]
                )
            else:
                self.log(f"{self.pname(seat)} leaves the {self.cname(f['card'])} alone.")
        elif t == "pick":
            if k == "pick":
                f["n"] -= 1
                f["cands"] = [c for c in f["cands"] if c != a["card"]]
                if f["n"] > 0 and f["cands"]:
                    self.push(f)
                elif f.get("then"):
                    self.run(f["then"])
                self._picked(seat, f, a["card"])
        elif t == "keep":
            if k == "keep":
                self._kept(seat, f, a["card"])
        elif t == "shop":
            if k == "buy":
                f["bought"] = True
                self.push(f)
                self._buy(seat, f["char"], f["city"], a["card"], f["disc"])
            elif k == "sell":
                f["sold"] = True
                self.push(f)
                self._sell(seat, f["char"], f["city"], a["item"])
        elif t == "disaster":
            if k == "replace":
                old = d["quests"][a["city"]]
                self.discard_to("quest", [old])
                d["quests"][a["city"]] = None
                self.log(f"The Quest {self.cname(old)} is swept away.")
                self._replace_quest(a["city"])
                f["done"].append(a["city"])
                self.push(f)
        elif t == "dispensary":
            card = d["dispensary"][a["stack"]].pop()
            p["rec"].append({"r": card, "ing": [], "learned": False, "at": 0})
            self.log(f"{self.pname(seat)} takes {self.cname(card)} from the Dispensary.")
        elif t == "reorder":
            deck = d["decks"][f["deck"]] if f["deck"] != "outcome" else p["out"]
            piles.reorder(deck, list(a["cards"]))
            if f["deck"] == "outcome":
                p["outk"] = list(a["cards"])
            else:
                p["rk"][f["deck"]] = list(a["cards"])
            self.log(f"{self.pname(seat)} puts the cards back in a chosen order.")
        elif t == "ingredient":
            if k == "tuck":
                cid = f["card"]
                if f["region"]:
                    self._remove_tile(f["region"], cid)
                self.tuck(seat, cid, a["recipe"])
            else:
                self.log(f"{self.pname(seat)} leaves the {self.cname(f['card'])}.")
        elif t == "quest-reward":
            q = self.C.quest[f["quest"]]
            self.run(list(q.reward[a["n"]]))
        elif t in ("hide", "recipe-choice", "city-reward", "make-room"):
            self._apply_mode_frame(seat, f, a)
        elif t == "weapon":
            if k == "no-weapon":
                self.log(f"{self.pname(seat)}'s Pauper fights with no weapon.")
            else:
                v = next(int(v) for k, v in f["options"] if k == a["item"])
                self._use_weapon(seat, a["item"], v)
        elif t == "return-outcomes":
            pile = piles.discards(p["out"])
            pile.remove(a["card"])
            piles.set_discards(p["out"], pile)
            f["chosen"].append(a["card"])
            if len(f["chosen"]) < f["n"] and pile:
                self.push(f)
            else:
                self._return_outcomes(seat, f["chosen"])
        elif t == "bravery" and k == "back-out":
            self.log(f"{self.pname(seat)} backs out of bravery; the Trophy Room is unchanged.")
        elif t == "bravery":
            f["chosen"].append(a["card"])
            total = sum(self.C.region_card[c].strength for c in f["chosen"])
            if total >= self.threshold("bravery"):
                self.learn_virtue(seat, "bravery", f["chosen"])
            else:
                self.push(f)
        elif t == "magnificence":
            self.learn_virtue(seat, "magnificence", [a["card"]])
        elif t == "nest":
            self._nest_shop(seat, a["city"])
        elif t == "relocate":
            self._move_hazard(f["card"], f["from"], a["region"])
        elif t == "treasure":
            if k == "hand-over":
                self.lose(seat, f["found"], "handed to the old pirate")
                self.complete_quest(seat, f["city"])
            else:
                self.log(f"{self.pname(seat)} keeps the Gems from the wreck.")
        elif t == "goto":
            self.set_pos(seat, f["char"], a["city"])
            self.log(f"{self.pname(seat)}'s {f['char']} travels to {a['city'].capitalize()}.")
        elif t == "peek-deck" and k == "peek":
            dk = a["deck"]
            n = int(f["n"])
            top = piles.peek(d["decks"][dk], n)
            self.log(f"{self.pname(seat)} peeks at the {dk} deck.")
            self.log(f"Top of the {dk} deck: {', '.join(self.cname(c) for c in top)}.", to=[seat])
            if n > 1 and len(top) > 1:
                self.push({"t": "reorder", "seat": seat, "deck": dk, "cards": top, "private": True})
            else:
                p["rk"][dk] = list(top)

    def _return_outcomes(self, seat: int, cards: list[str]) -> None:
        p = self.P(seat)
        draw = piles.cards(p["out"]) + list(cards)
        self.rng.shuffle(draw)
        piles.set_cards(p["out"], draw)
        p["outk"] = []
        self.log(
            f"{self.pname(seat)} shuffles {len(cards)} Outcome cards back"
            + (f" ({', '.join(self.cname(c) for c in cards)})." if cards else ".")
        )

    def _move_hazard(self, card: str, src: str, dst: str) -> None:
        self._remove_tile(src, card)
        self.data["tiles"][dst].append(card)
        self.log(f"The {self.cname(card)} moves to {self.C.regions[dst].name}.")

    def _reward(self, seat: int, f: J, kind: str, rid: str | None) -> None:
        hz = self.C.region_card[f["hz"]]
        p = self.P(seat)
        if kind == "trophy":
            p["troph"].append(f["hz"])
            self.log(f"{self.pname(seat)} puts the {hz.name} in the Trophy Room.")
            return
        if kind == "ingredient":
            assert rid is not None
            self.tuck(seat, f["hz"], rid)
            return
        self.discard_region_card(f["hz"])
        if kind == "gems":
            self.gain(seat, hz.gems, f"carried by the {hz.name}")
        elif kind == "equipment":
            self.run([{"effect": "draw_equipment", "n": 1, "keep": 1}])
        elif kind == "rarity":
            self.run([{"effect": "draw_rarity"}])

    def _picked(self, seat: int, f: J, cid: str) -> None:
        p = self.P(seat)
        why = f["why"]
        zone = f["zone"]
        if zone == "inv":
            p["inv"] = [it for it in p["inv"] if it["c"] != cid]
            if why == "sell" or why.startswith("sell"):
                pass
            self._discard_items([cid])
        elif zone == "troph":
            p["troph"].remove(cid)
            self.discard_region_card(cid)
        elif zone == "ing":
            for r in p["rec"]:
                if cid in r["ing"]:
                    r["ing"].remove(cid)
            self.discard_region_card(cid)
        elif zone == "rec":
            self.learn_recipe(seat, cid)
            return
        self.log(f"{self.pname(seat)} discards the {self.cname(cid)} ({why}).")
        if why.startswith("sell:"):
            self.gain(seat, int(why.split(":")[1]), "sold to the swamp lady")

    def _kept(self, seat: int, f: J, cid: str) -> None:
        d = self.data
        src = f["src"]
        if src == "drawn":
            others = [c for c in f["cards"] if c != cid]
            self._discard_items(others)
            if others:
                self.log(f"Discarded: {', '.join(self.cname(c) for c in others)}.")
        elif src == "shops":
            for city in CITIES:
                if cid in d["shops"][city]:
                    i = d["shops"][city].index(cid)
                    d["shops"][city].pop(i)
                    d["shopk"][city].pop(i)
                    self._restock(city)
        elif src == "tucked":
            d["tucked"][f["card"]].remove(cid)
        self.acquire(seat, cid)

    def acquire(self, seat: int, cid: str) -> None:
        p = self.P(seat)
        p["inv"].append({"c": cid, "u": 0, "g": 0})
        self.log(f"{self.pname(seat)} adds the {self.cname(cid)} to the Inventory.")
        for e in self.C.item[cid].acquire:
            if e["effect"] == "place_gems":
                p["inv"][-1]["g"] = int(e["n"])
        if not self.inv_limit_ok(seat):
            excess = len(p["inv"]) - int(self.C.numbers["inventory_limit"]["value"])
            self.push(
                {
                    "t": "pick",
                    "seat": seat,
                    "zone": "inv",
                    "why": "Inventory is full",
                    "cands": [it["c"] for it in p["inv"]],
                    "n": excess,
                }
            )

    # ------------------------------------------------------------------ shops
    def _peek_shop(self, seat: int, city: str) -> None:
        bit = 1 << seat
        ks = self.data["shopk"][city]
        for i in range(len(ks)):
            ks[i] |= bit

    def _restock(self, city: str) -> None:
        d = self.data
        while len(d["shops"][city]) < int(self.C.numbers["shop_size"]["value"]):
            c = self.draw_from("equipment")
            if c is None:
                return
            d["shops"][city].append(c)
            d["shopk"][city].append(0)

    def _buy(self, seat: int, ch: str, city: str, cid: str, disc: int) -> None:
        d = self.data
        cost = self.price(seat, ch, cid, disc)
        self.P(seat)["gems"] -= cost
        i = d["shops"][city].index(cid)
        d["shops"][city].pop(i)
        d["shopk"][city].pop(i)
        self.log(f"{self.pname(seat)} buys the {self.cname(cid)} for {cost} Gems.")
        if d["mode"] == "solo":
            d["solo"]["bought"].append(cid)
        self._restock(city)
        self.acquire(seat, cid)

    def _sell(self, seat: int, ch: str, city: str, cid: str) -> None:
        d = self.data
        p = self.P(seat)
        p["inv"] = [it for it in p["inv"] if it["c"] != cid]
        value = (self.C.item[cid].cost + 1) // 2
        d["shops"][city].append(cid)
        d["shopk"][city].append((1 << self.n()) - 1)
        self.log(f"{self.pname(seat)} sells the {self.cname(cid)}.")
        self.gain(seat, value, "sale")
        for _, e in self.has(seat, ch, "sell_bonus"):
            self.gain(seat, int(e["n"]), "the caparrot haggles")
        self._restock(city)

    def _do_quest(self, seat: int, city: str) -> None:
        q = self.C.quest[self.data["quests"][city]]
        o = q.objective
        then = [{"effect": "_complete_quest", "city": city}]
        if o.kind == "gems":
            self.P(seat)["gems"] -= o.n
            self.log(f"{self.pname(seat)} gives {o.n} Gems for the Quest.")
            self.run(then)
            return
        zone, cands = self._quest_candidates(seat, q)
        self.push(
            {
                "t": "pick",
                "seat": seat,
                "zone": zone,
                "why": "Quest",
                "cands": cands,
                "n": o.n,
                "then": then,
            }
        )

    # ------------------------------------------------------------------ items used in a turn
    def _use_item(self, seat: int, key: str) -> None:
        e = next(
            e
            for kk, e in self.abilities(seat, "pauper")
            if kk == key and e["effect"] in ("peek_outcome", "peek_region", "collect_gems")
        )
        self.use(key)
        p = self.P(seat)
        if e["effect"] == "collect_gems":
            self.gain(seat, int(e["n"]), self.cname(key))
        elif e["effect"] == "peek_outcome":
            top = piles.peek(p["out"], int(e["n"]))
            self.log(f"{self.pname(seat)} uses the {self.cname(key)} on the Outcome deck.")
            self.log(
                "Top of your Outcome deck: " + ", ".join(self.cname(c) for c in top), to=[seat]
            )
            if len(top) > 1:
                self.push(
                    {"t": "reorder", "seat": seat, "deck": "outcome", "cards": top, "private": True}
                )
            else:
                p["outk"] = top
        else:
            self.log(f"{self.pname(seat)} uses the {self.cname(key)}.")
            self.push({"t": "peek-deck", "seat": seat, "n": int(e["n"])})
        if key.startswith(("eq.", "rar.")):
            self.spend_item(seat, key)

    # ------------------------------------------------------------------ ops (card effects)
    def _op(self, op: J) -> None:
        d = self.data
        e = op["effect"]
        ctx: J = d.get("ctx") or {}
        seat: int = int(ctx.get("seat", d.get("turn") or 0) or 0)
        ch: str = str(ctx.get("char", "pauper"))
        card: Any = ctx.get("card")
        region: Any = ctx.get("region")
        p = self.P(seat)
        if e == "_draw_outcome":
            self._fight_draw()
        elif e == "_bonuses":
            self._fight_bonuses()
        elif e == "_boost":
            f = d["fight"]
            fr = {"t": "boost", "seat": f["seat"]}
            won = f["str"] >= self.hz_strength()
            if not won and len(self._boost_actions(f["seat"], fr)) > 1:
                self.push(fr)
            else:
                self._fight_resolve()
        elif e == "_resolve":
            self._fight_resolve()
        elif e == "_wild_defeat":
            self.check_wild_quests(seat, op["char"], "defeat", op["region"], op["hz"])
        elif e == "_encounter":
            self.encounter(seat, ch, op["card"], region)
        elif e == "_end_event":
            cid = op["card"]
            c = self.C.region_card[cid]
            on_tile = region is not None and cid in d["tiles"].get(region, [])
            gone = (
                c.stays == "discard"
                or ctx.get("left")
                or (c.leave_when_empty and not d["cardgems"].get(cid) and not d["tucked"].get(cid))
            )
            if on_tile and gone and c.stays != "forever":
                self._remove_tile(region, cid)
                self.discard_region_card(cid)
        elif e == "_city_item":
            city, cid = op["city"], op["card"]
            if cid in d["shops"][city]:
                i = d["shops"][city].index(cid)
                d["shops"][city].pop(i)
                d["shopk"][city].pop(i)
                self._restock(city)
                self.acquire(seat, cid)
        elif e == "_complete_quest":
            self.complete_quest(seat, op["city"])
        elif e == "_disaster_end":
            cid = op["card"]
            dk = self.C.region_deck_of[cid]
            d["decks"][dk]["removed"].append(cid)
            piles.shuffle_all(d["decks"][dk], self.rng)
            self._forget_deck(dk)
        elif e == "gain":
            self.gain(seat, int(op["n"]), self.cname(card) if card else "")
        elif e == "lose":
            self.lose(seat, int(op["n"]), self.cname(card) if card else "")
        elif e == "pay":
            k = min(p["gems"], int(op["n"]))
            p["gems"] -= k
            if op.get("onto_card") and card:
                d["cardgems"][card] = d["cardgems"].get(card, 0) + k
                if d["cardgems"][card] >= 6:
                    ctx["left"] = True
            self.log(f"{self.pname(seat)} pays {k} Gems.")
        elif e == "charm_table":
            face = self.roll_charm()
            self.log(f"The lucky charm shows a {face['face']} face.")
            self.run(list(op[face["face"]]))
        elif e == "outcome_check":
            cid = self.draw_outcome(seat)
            self.discard_outcomes(seat, [cid])
            num = self.C.outcome[cid].number
            ok = num >= int(op["min"])
            self.log(f"Outcome card {num}: {'success' if ok else 'failure'}.")
            self.run(list(op["success"] if ok else op["failure"]))
        elif e == "draw_equipment":
            cards = [c for c in (self.draw_from("equipment") for _ in range(int(op["n"]))) if c]
            if len(cards) == 1:
                self.acquire(seat, cards[0])
            elif cards:  # drawn cards are seen only by the drawer until one is kept
                self.log(f"{self.pname(seat)} draws {len(cards)} Equipment cards to keep 1.")
                self.log("Drawn: " + ", ".join(self.cname(c) for c in cards) + ".", to=[seat])
                self.push(
                    {"t": "keep", "seat": seat, "cards": cards, "src": "drawn", "private": True}
                )
        elif e == "draw_rarity":
            rar = self.draw_from("rarity")
            if rar:
                self.acquire(seat, rar)
        elif e == "shop_take":
            cands = []
            for city in CITIES:
                self._peek_shop(seat, city)
                cands += [c for c in d["shops"][city] if not c.startswith("rar.")]
            if cands:  # the payer looks into every Shop: the others must not see the cards
                self.push(
                    {"t": "keep", "seat": seat, "cards": cands, "src": "shops", "private": True}
                )
        elif e == "take_tucked":
            cards = d["tucked"].get(card, [])
            if cards:
                self.push(
                    {"t": "keep", "seat": seat, "cards": list(cards), "src": "tucked", "card": card}
                )
        elif e == "take_gems_here":
            n = d["cardgems"].pop(card, 0)
            ctx["found"] = n
            self.gain(seat, n, "found in the wreck")
        elif e == "market":
            pile = d["decks"]["equipment"]["discard"]
            if pile:
                c = pile.pop(self.rng.below(len(pile)))
                self.acquire(seat, c)
        elif e == "smith":
            p["smith"] = {"char": ch, "turn": p["turns"] + 1, "bonus": int(op["bonus"])}
        elif e == "miss_turn":
            p["miss"] = True
            self.log(f"{self.pname(seat)}'s Pauper will miss their next turn.")
        elif e == "sell_trophy":
            cands = [c for c in p["troph"] if self.C.region_card[c].name == op["hazard"]]
            if cands:
                self.push(
                    {
                        "t": "pick",
                        "seat": seat,
                        "zone": "troph",
                        "why": f"sell:{op['gems']}",
                        "cands": cands[:1],
                        "n": 1,
                        "optional": True,
                    }
                )
        elif e == "learn_recipe":
            cands = [r["r"] for r in p["rec"] if not r["learned"]]
            if cands:
                self.push(
                    {
                        "t": "pick",
                        "seat": seat,
                        "zone": "rec",
                        "why": "learn at once",
                        "cands": cands,
                        "n": 1,
                    }
                )
        elif e == "return_outcomes":
            pile = piles.discards(p["out"])
            if len(pile) <= int(op["n"]):  # no choice: every discard goes back
                piles.set_discards(p["out"], [])
                self._return_outcomes(seat, pile)
            else:
                self.push({"t": "return-outcomes", "seat": seat, "n": int(op["n"]), "chosen": []})
        elif e == "rescue":
            self.check_wild_quests(seat, ch, "rescue", region)
        elif e == "shipwreck":
            found = ctx.get("found", 0)
            if found:
                for city in CITIES:
                    qid = d["quests"].get(city)
                    if qid and self.C.quest[qid].objective.kind == "shipwreck":
                        self.push({"t": "treasure", "seat": seat, "city": city, "found": found})
                        break
        elif e == "leave":
            ctx["left"] = True
        elif e == "disaster":
            rt = op["region"]
            for r in self.C.wild_regions[rt]:
                for c in list(d["tiles"][r]):
                    if self.protected(c):
                        continue
                    d["tiles"][r].remove(c)
                    self.discard_region_card(c)
            self.log(f"Natural disaster! Every card in the {rt.capitalize()} Regions is lost.")
            self.push({"t": "disaster", "seat": seat, "done": []})
        elif e == "send_home":
            home = self.C.paupers[p["pauper"]].city
            self.set_pos(seat, ch, home)
            self.log(f"{self.pname(seat)}'s {ch} is sent back to {home.capitalize()}.")
        elif e == "discard_equipment":
            cands = [it["c"] for it in p["inv"]]
            if cands:
                self.push(
                    {
                        "t": "pick",
                        "seat": seat,
                        "zone": "inv",
                        "why": "FAIL",
                        "cands": cands,
                        "n": int(op["n"]),
                    }
                )
        elif e == "discard_trophy":
            cands = [
                c
                for c in p["troph"]
                if op.get("type") is None or self.C.region_card[c].type == op["type"]
            ]
            if cands:
                self.push(
                    {
                        "t": "pick",
                        "seat": seat,
                        "zone": "troph",
                        "why": "FAIL",
                        "cands": cands,
                        "n": 1,
                    }
                )
        elif e == "discard_ingredient":
            cands = [c for r in p["rec"] for c in r["ing"]]
            if cands:
                self.push(
                    {
                        "t": "pick",
                        "seat": seat,
                        "zone": "ing",
                        "why": "FAIL",
                        "cands": cands,
                        "n": int(op["n"]),
                    }
                )
        elif e == "move_hazard":
            rt = op["region"]
            cands = [
                r
                for r in self.C.wild_regions[rt]
                if r != region and len(d["tiles"][r]) < self.C.regions[r].tiles
            ]
            if len(cands) == 1:
                self._move_hazard(card, region, cands[0])
            elif cands:  # the player whose character lost the fight places it
                self.push(
                    {"t": "relocate", "seat": seat, "card": card, "from": region, "cands": cands}
                )
        elif e == "clear_region":
            for c in list(d["tiles"][region]):
                if c != card and not self.protected(c):
                    d["tiles"][region].remove(c)
                    self.discard_region_card(c)
            self.log(f"The {self.cname(card)} clears {self.C.regions[region].name}.")
        elif e == "place_gems":
            d["cardgems"][card] = int(op["n"])
        elif e == "tuck_equipment":
            d["tucked"][card] = [
                c for c in (self.draw_from("equipment") for _ in range(int(op["n"]))) if c
            ]
        elif e == "teleport_city":
            self.push({"t": "goto", "seat": seat, "char": ch})
        else:
            raise AssertionError(f"unhandled effect {e}")

    # ------------------------------------------------------------------ modes: shared
    def scenario(self) -> str | None:
        solo = self.data.get("solo")
        return str(solo["scenario"]) if solo else None

    def max_lives(self) -> int:
        solo = self.data.get("solo")
        if solo:
            return int(solo["max_lives"])
        return int(self.C.solo["survival"]["lives"])

    def restore(self, seat: int, ch: str, n: int, why: str) -> None:
        lv = self.P(seat)["lives"]
        k = max(0, min(n, self.max_lives() - lv[ch]))
        lv[ch] += k
        self.log(f"{self.pname(seat)}'s {ch} restores {k} Life ({why}): {lv[ch]} now.")

    def _may_heal(self, seat: int, ch: str) -> bool:
        d = self.data
        if d["mode"] == "standard" or ch in d["ts"].get("healed", []):
            return False
        p = self.P(seat)
        if p["lives"][ch] >= self.max_lives():
            return False
        return bool(p["gems"] >= int(self.C.solo["healer_cost"]["value"]) or self._vigour(seat, ch))

    def _vigour(self, seat: int, ch: str) -> bool:
        """Garolium's National Duty of Vigour: free healing, badly wounded with an empty Purse."""
        p = self.P(seat)
        return bool(self.data["mode"] == "survival" and p["lives"][ch] == 0 and p["gems"] == 0)

    def _potions(self, seat: int) -> list[str]:
        p = self.P(seat)
        out = [it["c"] for it in p["inv"] if "potion" in self.C.item[it["c"]].tags]
        if p.get("charges", 0) > 0 and any(
            e["effect"] == "boost" and e.get("charges")
            for e in self.C.paupers[p["pauper"]].equipment.abilities
        ):
            out.append("start")
        return [k for k in out if not self.used(k)]

    def _mode_free_actions(self, seat: int) -> list[Action]:
        d = self.data
        ts = d["ts"]
        if d["phase"] != "play" or ts is None:
            return []
        p = self.P(seat)
        acts: list[Action] = []
        if d["mode"] == "survival":
            for key in self._potions(seat):
                if p["lives"]["pauper"] < self.max_lives():
                    acts.append(A("potion", item=key, char="pauper"))
                if p["bpos"] == p["pos"] and p["lives"]["bird"] < self.max_lives():
                    acts.append(A("potion", item=key, char="bird"))
            return acts
        solo = d["solo"]
        et = self.C.solo["earn_time"]
        if (
            not ts.get("time_bought")
            and p["gems"] >= int(et["gems_for_time"])
            and solo["time"] < solo["allowance"]
        ):
            acts.append(A("buy-time"))
        if not ts.get("removed"):
            occupied = {p["pos"], p["bpos"]}
            for region in sorted(d["tiles"]):
                if region in occupied:
                    continue
                for c in d["tiles"][region]:
                    cost = self.remove_cost(c)
                    if cost is not None and cost <= solo["time"]:
                        acts.append(A("remove", card=c))
        return acts

    def remove_cost(self, cid: str) -> int | None:
        """Time spent to remove a face-up Region card (None: it cannot be removed)."""
        if self.protected(cid):
            return None
        card = self.C.region_card[cid]
        rc = self.C.solo["remove_cost"]
        if card.kind == "ingredient":
            return int(rc["ingredient"])
        if card.kind != "hazard":
            return int(rc["event"])
        if card.strength >= int(rc["never_from"]):
            return None
        if card.strength >= 6:
            return int(rc["hazard_high"])
        if card.strength >= 4:
            return int(rc["hazard_mid"])
        return int(rc["hazard_low"])

    def protected(self, cid: str) -> bool:
        """Scenario pieces: the necromancer and the dragons besieging the starting City."""
        solo = self.data.get("solo")
        if not solo:
            return False
        return cid == solo.get("necro") or cid in solo.get("siege", [])

    def _apply_mode_free(self, seat: int, a: Action) -> None:
        d = self.data
        ts = d["ts"]
        p = self.P(seat)
        if a.kind == "potion":
            key = a["item"]
            self.use(key)
            if key == "start":
                p["charges"] -= 1
            else:
                self.spend_item(seat, key)
            self.restore(seat, a["char"], 1, f"a potion ({self._key_name(seat, key)})")
            return
        solo = d["solo"]
        if a.kind == "buy-time":
            ts["time_bought"] = True
            p["gems"] -= int(self.C.solo["earn_time"]["gems_for_time"])
            self.log("You pay 3 Gems for more Time.")
            self.earn_time(1)
            return
        cid = a["card"]
        cost = int(self.remove_cost(cid) or 0)
        region = next(r for r, cs in d["tiles"].items() if cid in cs)
        ts["removed"] = True
        solo["time"] -= cost
        self._remove_tile(region, cid)
        self.discard_region_card(cid)
        self.log(
            f"You spend {cost} Time to remove the {self.cname(cid)} from "
            f"{self.C.regions[region].name} (Time {solo['time']})."
        )

    def earn_time(self, n: int) -> None:
        solo = self.data["solo"]
        before = solo["time"]
        solo["time"] = min(solo["allowance"], solo["time"] + n)
        if solo["time"] != before:
            self.log(f"Time moves {solo['time'] - before} away from zero: {solo['time']}.")

    def can_fight(self, seat: int, ch: str, hz: str) -> bool:
        forced = self._forced_weapon(hz)
        if forced is None:
            return True
        return ch == "pauper" and any(it["c"] == forced for it in self.P(seat)["inv"])

    def _forced_weapon(self, hz: str) -> str | None:
        sc = self.scenario()
        if sc == "saltash-necromancer" and self._is_necromancer(hz):
            return "rar.spirit-blade"
        if sc == "fiery-siege" and self.C.region_card[hz].type == "dragon":
            return "rar.dragonsbane"
        return None

    def _is_necromancer(self, hz: str) -> bool:
        solo = self.data.get("solo")
        return solo is not None and hz == solo.get("necro")

    def hz_strength(self) -> int:
        f = self.data["fight"]
        return int(f["hs"]) if "hs" in f else int(self.C.region_card[f["hz"]].strength)

    def may_enter(self, seat: int, ch: str, region: str) -> bool:
        solo = self.data.get("solo")
        if not solo or solo["scenario"] != "fiery-siege":
            return True
        if not any(c in solo["siege"] for c in self.data["tiles"].get(region, ())):
            return True
        return ch == "pauper" and any(it["c"] == "rar.dragonsbane" for it in self.P(seat)["inv"])

    def _hazard_actions(self, seat: int, ch: str, hz: list[str]) -> list[Action]:
        acts: list[Action] = []
        for h in hz:
            if not self.can_fight(seat, ch, h):
                acts.append(A("withdraw", card=h))
                continue
            acts.append(A("fight", card=h))
            if self.data["mode"] == "solo" and self.C.region_card[h].type != "trap":
                acts.append(A("hide", card=h))
        return acts

    def _mode_explore_actions(self, seat: int, ch: str, here: str) -> list[Action] | None:
        solo = self.data.get("solo")
        if not solo:
            return None
        hz = solo.get("city_hz", {}).get(here)
        if hz:  # a City held by an undead cannot be explored until it is defeated
            return self._hazard_actions(seat, ch, [hz])
        if solo.get("facedown", {}).get(here) and not self.hazards_in(here):
            return [A("reveal", region=here)]
        return None

    def _apply_mode_explore(self, seat: int, ch: str, here: str, a: Action) -> None:
        d = self.data
        if a.kind == "heal":
            d["ts"].setdefault("healed", []).append(ch)
            if self._vigour(seat, ch):
                self.log("Garolium's National Duty of Vigour: the City healer treats you free.")
            else:
                self.lose(seat, int(self.C.solo["healer_cost"]["value"]), "the City healer")
            self.restore(seat, ch, 1, "the City healer")
        elif a.kind == "withdraw":
            self.log(f"The {ch} cannot fight the {self.cname(a['card'])}; its turn ends.")
        elif a.kind == "hide":
            self._hide(seat, ch, a["card"], here)
        elif a.kind == "reveal":
            cid = d["solo"]["facedown"].pop(here)
            self.log(f"The face-down card in {self.C.regions[here].name} is the {self.cname(cid)}!")
            if self._is_necromancer(cid):
                d["solo"]["necro_lives"] = int(
                    self.C.solo["scenarios"]["saltash-necromancer"]["necromancer_lives"]
                )
            d["tiles"][here].append(cid)
            self.encounter(seat, ch, cid, here)

    def _hide(self, seat: int, ch: str, hz: str, region: str) -> None:
        face = self.roll_charm()
        self.log(f"Your {ch} tries to hide: the lucky charm shows a {face['face']} face.")
        if face["face"] == "neutral":
            self.log("No hiding place: the fight goes on.")
            self.start_fight(seat, ch, hz, region)
        elif face["face"] == "wink":
            self.gain(seat, 1, "found while hiding")

    def _apply_mode_frame(self, seat: int, f: J, a: Action) -> None:
        t = f["t"]
        if t == "hide":
            if a.kind == "fight":
                self.start_fight(seat, f["char"], f["card"], f["region"])
            else:
                self._hide(seat, f["char"], f["card"], f["region"])
        elif t == "make-room":
            self._drop_recipe(seat, a["recipe"])
            self._learn_dragonfire(seat)
        elif t == "recipe-choice":
            keep = a["recipe"]
            rest = [c for c in f["cards"] if c != keep]
            self.discard_to("recipe", rest)
            self.P(seat)["rec"].append({"r": keep, "ing": [], "learned": False, "at": 0})
            self.log(
                f"{self.pname(seat)} takes {self.cname(keep)} to learn; the rest are discarded."
            )
        elif t == "city-reward":
            sc = self.C.solo["scenarios"]["saltash-necromancer"]
            take = a["take"]
            if take == "gems":
                self.gain(seat, int(sc["city_reward_gems"]), f"the reward of {f['city']}")
            elif take == "lives":
                self.restore(seat, f["char"], int(sc["city_reward_lives"]), "the City's reward")
            else:
                self.run([{"effect": "_city_item", "city": f["city"], "card": a["card"]}])

    def _solo_recipe_choice(self, seat: int) -> None:
        deck = self.data["decks"]["recipe"]
        n = int(self.C.solo["recipe_choice"]["value"])
        cards = [c for c in (piles.draw(deck, self.rng) for _ in range(n)) if c]
        if cards:
            self.push({"t": "recipe-choice", "seat": seat, "cards": [str(c) for c in cards]})

    def first_shop_city(self, seat: int) -> str:
        solo = self.data.get("solo")
        city = self.C.paupers[self.P(seat)["pauper"]].city
        if solo and solo["scenario"] == "fiery-siege":
            return str(self.C.solo["diagonal"][city])
        return city

    # ------------------------------------------------------------------ solo: set-up
    def _put_rarity(self, city: str, rid: str) -> None:
        """Put a Rarity face down in a City Shop; the one it displaces takes its old place."""
        d = self.data
        shop = d["shops"][city]
        i = next(k for k, c in enumerate(shop) if c.startswith("rar."))
        old = shop[i]
        if old == rid:
            return
        for other in CITIES:
            if rid in d["shops"][other]:
                j = d["shops"][other].index(rid)
                d["shops"][other][j] = old
                shop[i] = rid
                return
        pile = d["decks"]["rarity"]
        cards = piles.cards(pile)
        cards.remove(rid)
        cards.append(old)
        self.rng.shuffle(cards)
        piles.set_cards(pile, cards)
        shop[i] = rid

    def _take_from_deck(self, dk: str, pred: Callable[[str], bool]) -> list[str]:
        pile = self.data["decks"][dk]
        cards = piles.cards(pile)
        out = [c for c in cards if pred(c)]
        piles.set_cards(pile, [c for c in cards if not pred(c)])
        return out

    def _solo_setup(self, seat: int) -> None:
        d = self.data
        solo = d["solo"]
        C = self.C
        p = self.P(seat)
        home = C.paupers[p["pauper"]].city
        solo["home"] = home
        sc = solo["scenario"]
        data = C.solo["scenarios"][sc]
        p["gems"] = int(data["gems"])
        if sc == "garoliums-tournament":
            for dk in WILD:
                self._setup_card(dk, data["x_regions"][dk])
            oc = self.draw_outcome(seat)
            self.discard_outcomes(seat, [oc])
            num = C.outcome[oc].number
            mine = next(
                r.id
                for r in C.regions.values()
                if r.type == "mine" and r.number == (num - 1) % 3 + 1
            )
            self.log(f"Outcome card {num}: a Mine card goes to {C.regions[mine].name}.")
            self._setup_card("mine", mine)
        elif sc == "saltash-necromancer":
            self._put_rarity(str(C.solo["diagonal"][home]), "rar.spirit-blade")
            rc = C.region_card
            undead = self._take_from_deck("mine", lambda c: rc[c].type == "undead")
            hidden = self._take_from_deck(
                "mine", lambda c: rc[c].type == "trap" or rc[c].name == "necromancer"
            )
            solo["necro"] = next(c for c in hidden if rc[c].name == "necromancer")
            self.rng.shuffle(hidden)
            self.rng.shuffle(undead)
            mines = sorted(C.wild_regions["mine"])
            solo["facedown"] = {m: hidden[i] for i, m in enumerate(mines)}
            for i, m in enumerate(mines):
                d["tiles"][m] = undead[2 * i : 2 * i + 2]
            rest = undead[6:]
            solo["city_hz"] = {c: rest.pop(0) for c in CITIES if c != home}
            piles.shuffle_all(d["decks"]["mine"], self.rng)
            colour = next(c for c in C.outcome_doc.colours if c != C.paupers[p["pauper"]].colour)
            solo["necro_out"] = piles.new_pile(
                list(C.outcome_lists[colour]), self.rng, compact=True, compact_discards=True
            )
            solo["swamp_undead"] = 0
            self.log("Undead gather in the Mines and the Cities; the necromancer hides below.")
        else:
            rec = self._take_from_deck(
                "recipe", lambda c: C.recipe[c].id in ("dragonfire", "teleport")
            )
            solo["dragonfire"] = next(c for c in rec if C.recipe[c].id == "dragonfire")
            tele = next(c for c in rec if C.recipe[c].id == "teleport")
            back = [c for c in rec if C.recipe[c].id == "teleport" and c != tele]
            pile = d["decks"]["recipe"]
            cards = piles.cards(pile) + back
            self.rng.shuffle(cards)
            piles.set_cards(pile, [*cards, tele])
            self._put_rarity(home, "rar.dragonsbane")
            solo["siege"] = []
            for region in C.neighbours[home]:
                dk = C.regions[region].type
                dragon = self._take_from_deck(dk, lambda c: C.region_card[c].type == "dragon")
                d["tiles"][region].extend(dragon)
                solo["siege"] += dragon
                piles.shuffle_all(d["decks"][dk], self.rng)
            start = str(data["start_region"][home])
            p["pos"] = p["bpos"] = start
            solo["markers"] = [c for c in CITIES if c != home]
            solo["collected"] = []
            solo["nests"] = []
            self.log(
                f"Dragons besiege {home.capitalize()}; you set out from {C.regions[start].name}."
            )

    def _setup_card(self, dk: str, region: str) -> None:
        d = self.data
        pile = d["decks"][dk]
        while True:
            cid = str(piles.draw(pile, self.rng))
            if self.C.region_card[cid].kind != "disaster":
                break
            piles.set_cards(pile, [cid, *piles.cards(pile)])  # to the bottom; draw again
        piles.shuffle_all(pile, self.rng)
        d["tiles"][region].append(cid)
        d["ctx"] = {"seat": 0, "char": "pauper", "card": cid, "region": region, "left": False}
        for e in self.C.region_card[cid].appear:
            self._op(dict(e))
        self.log(f"Set-up: the {self.cname(cid)} lies in {self.C.regions[region].name}.")

    # ------------------------------------------------------------------ solo: scenario play
    def _dragon_nest(self, seat: int, cid: str, region: str) -> None:
        """Fiery Siege side objective: a dragon drawn from a Region deck."""
        d = self.data
        d["solo"]["nests"].append(cid)
        dist = {region: 0}
        frontier = [region]
        while frontier:
            nxt = []
            for r in frontier:
                for nb in self.C.neighbours[r]:
                    if nb not in dist:
                        dist[nb] = dist[r] + 1
                        nxt.append(nb)
            frontier = nxt
        near = min(dist.get(c, 99) for c in CITIES)
        cities = [c for c in CITIES if dist.get(c, 99) == near]
        if len(cities) == 1:
            self._nest_shop(seat, cities[0])
        else:  # equally near Cities: the player chooses the Shop
            both = " and ".join(c.capitalize() for c in cities)
            self.log(f"A dragon's nest! {both} are equally near: the player chooses the Shop.")
            self.push({"t": "nest", "seat": seat, "cities": cities})

    def _nest_shop(self, seat: int, city: str) -> None:
        cands = [c for c in self.data["shops"][city] if not c.startswith("rar.")]
        self.log(f"A dragon's nest! Collect 1 Equipment from the Shop in {city.capitalize()}.")
        if cands:  # the Shop's cards are face down: only this player looks at them
            self._peek_shop(seat, city)
            self.push({"t": "keep", "seat": seat, "cards": cands, "src": "shops", "private": True})

    def _special_defeat(self, seat: int, ch: str, hz: str, region: str) -> bool:
        """Scenario victories that replace the usual reward; True when handled."""
        d = self.data
        solo = d.get("solo")
        if not solo:
            return False
        card = self.C.region_card[hz]
        sc = solo["scenario"]
        if self._is_necromancer(hz):
            solo["necro_lives"] -= 1
            self.log(f"The necromancer is beaten and loses a Life ({solo['necro_lives']} left).")
            self._hook_hazard_defeated(seat, ch)
            if solo["necro_lives"] <= 0:
                self._remove_tile(region, hz)
                self.discard_region_card(hz)
                solo["necro_dead"] = True
                self.log("The necromancer is destroyed!")
            return True
        if solo.get("city_hz", {}).get(region) == hz:
            del solo["city_hz"][region]
            self.discard_region_card(hz)
            self.log(
                f"The {card.name} in {region.capitalize()} is destroyed; the City rewards you."
            )
            self._hook_hazard_defeated(seat, ch)
            self._peek_shop(seat, region)  # the reward is chosen from the Shop: it is seen
            self.push({"t": "city-reward", "seat": seat, "city": region, "char": ch})
            return True
        if sc == "saltash-necromancer" and card.type == "undead" and self.rtype(region) == "swamp":
            solo["swamp_undead"] += 1
            data = self.C.solo["scenarios"][sc]
            if solo["swamp_undead"] == int(data["side_swamp_undead"]):
                self.log("Side objective: the path through the Swamps is clear.")
                self.gain(seat, int(data["side_gems"]), "clearing the path")
        if sc == "fiery-siege":
            if hz in solo["siege"]:
                solo["siege"].remove(hz)
            if hz in solo["nests"] and ch == "pauper":
                self.restore(seat, "pauper", self.max_lives(), "the dragon's nest")
        return False

    def objectives(self) -> list[dict[str, Any]]:
        """The scenario's objectives with their progress (public)."""
        solo = self.data["solo"]
        p = self.P(0)
        sc = solo["scenario"]
        if sc == "garoliums-tournament":
            n = len(p["virtues"])
            return [{"text": "Learn any 3 of the 5 Virtues", "progress": f"{n}/3", "done": n >= 3}]
        if sc == "saltash-necromancer":
            cleared = 3 - len(solo.get("city_hz", {}))
            lives = solo.get("necro_lives")
            return [
                {
                    "text": "Buy the spirit blade",
                    "progress": "bought" if "rar.spirit-blade" in solo["bought"] else "not yet",
                    "done": "rar.spirit-blade" in solo["bought"],
                },
                {
                    "text": "Defeat the undead in the 3 Cities",
                    "progress": f"{cleared}/3",
                    "done": cleared >= 3,
                },
                {
                    "text": "Find and defeat the necromancer",
                    "progress": "destroyed"
                    if solo.get("necro_dead")
                    else ("hidden" if lives is None else f"{lives} Lives left"),
                    "done": bool(solo.get("necro_dead")),
                },
            ]
        got = len(solo.get("collected", []))
        return [
            {
                "text": "Learn dragonfire (collect the 3 Virtue markers)",
                "progress": f"{got}/3",
                "done": bool(solo.get("o1")),
            },
            {
                "text": f"Find a way into {str(solo.get('home', '')).capitalize()}",
                "progress": "inside" if solo.get("o2") else "not yet",
                "done": bool(solo.get("o2")),
            },
            {
                "text": "Buy dragonsbane",
                "progress": "bought" if solo.get("o3") else "not yet",
                "done": bool(solo.get("o3")),
            },
            {
                "text": "Defeat the 3 dragons around your City",
                "progress": f"{3 - len(solo.get('siege', []))}/3",
                "done": bool(solo.get("o3")) and not solo.get("siege"),
            },
        ]

    def side_objective(self) -> dict[str, Any] | None:
        solo = self.data["solo"]
        sc = solo["scenario"]
        if sc == "saltash-necromancer":
            n = solo.get("swamp_undead", 0)
            return {
                "text": "Clearing the path: defeat 3 undead in Swamps for 6 Gems",
                "progress": f"{min(n, 3)}/3",
                "done": n >= 3,
            }
        if sc == "fiery-siege":
            return {
                "text": "Dragon nests: a drawn dragon gives 1 Equipment; beating it restores Lives",
                "progress": f"{len(solo.get('nests', []))} found",
                "done": False,
            }
        return None

    def _solo_progress(self) -> None:
        d = self.data
        if d["phase"] != "play":
            return
        solo = d["solo"]
        p = self.P(0)
        if solo["scenario"] == "fiery-siege":
            here = p["pos"]
            if here in solo["markers"]:
                solo["markers"].remove(here)
                solo["collected"].append(here)
                self.log(f"You take the Virtue marker in {here.capitalize()}.")
                if len(solo["collected"]) == 3 and not solo.get("o1"):
                    solo["o1"] = True
                    self.log("The dragon lore is complete.")
                    limit = int(self.C.numbers["recipe_limit"]["value"])
                    if len(p["rec"]) < limit:
                        self._learn_dragonfire(0)
                    else:  # a full Recipe Book: the player gives one up (ruling 47)
                        cands = [r["r"] for r in p["rec"] if not r["learned"]] or [
                            r["r"] for r in p["rec"]
                        ]
                        if len(cands) == 1:
                            self._drop_recipe(0, cands[0])
                            self._learn_dragonfire(0)
                        else:
                            self.push({"t": "make-room", "seat": 0, "cands": cands})
            if solo.get("o1") and not solo.get("o2") and here == solo["home"]:
                solo["o2"] = True
                self.log(f"You are inside {here.capitalize()}!")
            if (
                solo.get("o2")
                and not solo.get("o3")
                and any(it["c"] == "rar.dragonsbane" for it in p["inv"])
            ):
                solo["o3"] = True
        if d["phase"] == "play" and all(o["done"] for o in self.objectives()):
            self._solo_over(True, "objectives")

    def _learn_dragonfire(self, seat: int) -> None:
        rid = self.data["solo"]["dragonfire"]
        self.P(seat)["rec"].append({"r": rid, "ing": [], "learned": False, "at": 0})
        self.log("Dragonfire is learned.")
        self.learn_recipe(seat, rid)

    def _drop_recipe(self, seat: int, rid: str) -> None:
        p = self.P(seat)
        r = next(x for x in p["rec"] if x["r"] == rid)
        p["rec"].remove(r)
        for c in r["ing"]:
            self.discard_region_card(c)
        self.discard_to("recipe", [rid])
        self.log(f"{self.pname(seat)} gives up the {self.cname(rid)} Recipe to make room.")

    def _solo_over(self, won: bool, reason: str) -> None:
        d = self.data
        d["phase"] = "over"
        d["stack"] = []
        d["q"] = []
        d["winners"] = [0] if won else []
        d["reason"] = reason
        self.log("You have won!" if won else f"You have lost ({reason}).")

    # ------------------------------------------------------------------ mode hooks
    def _hook_turn_start(self, seat: int) -> None:
        """Solo: the Time track moves toward zero; on zero the game is lost."""
        solo = self.data.get("solo")
        if not solo:
            return
        if solo["time"] <= 0:
            self.log("The Time token is on zero at the start of your turn.")
            self._solo_over(False, "time")
            return
        solo["time"] -= 1
        self.log(f"Time: {solo['time']}.")

    def _hook_fight_lost(self, seat: int, char: str) -> None:
        """Survival/solo: a lost fight costs a Life; badly wounded (Survival) or lost (solo)."""
        d = self.data
        if d["mode"] == "standard":
            return
        lv = self.P(seat)["lives"]
        lv[char] = max(0, lv[char] - 1)
        self.log(f"{self.pname(seat)}'s {char} loses a Life: {lv[char]} left.")
        if lv[char] > 0:
            return
        if d["mode"] == "solo":
            self._solo_over(False, "lives")
            return
        home = self.C.paupers[self.P(seat)["pauper"]].city
        self.set_pos(seat, char, home)
        self.log(f"Badly wounded, the {char} is carried back to {home.capitalize()}.")

    def _hook_hazard_defeated(self, seat: int, char: str) -> None:
        if self.data.get("solo"):
            self.earn_time(int(self.C.solo["earn_time"]["hazard"]))

    def _hook_quest_completed(self, seat: int) -> None:
        if self.data.get("solo"):
            self.earn_time(int(self.C.solo["earn_time"]["quest"]))

    def _hook_recipe_learned(self, seat: int) -> None:
        if self.data.get("solo"):
            self.earn_time(int(self.C.solo["earn_time"]["recipe"]))

    def _hook_virtue_learned(self, seat: int) -> None:
        if self.data.get("solo"):
            self.earn_time(int(self.C.solo["earn_time"]["virtue"]))

    # ------------------------------------------------------------------ outcome, view
    def _outcome(self) -> Outcome:
        d = self.data
        winners = tuple(d.get("winners", []))
        if d.get("solo"):
            data = self.C.solo["scenarios"][d["solo"]["scenario"]]
            won = bool(winners)
            why = {
                "objectives": "All the objectives are complete.",
                "time": "The Time token reached zero.",
                "lives": "A character lost its last Life.",
            }.get(d.get("reason", "time"), "")
            return Outcome(
                winners=winners,
                scores={0: 1.0 if won else 0.0},
                reason=d.get("reason", "time"),
                text=f"{data['name']}: {'won' if won else 'lost'}. {why} "
                + str(data["win" if won else "lose"]),
            )
        scores = {s: float(len(self.P(s)["virtues"])) for s in range(self.n())}
        if d.get("reason") == "virtues":
            text = f"{self.pname(winners[0])} learns a third Virtue and wins."
        else:
            text = "The round limit ends the tournament; most Virtues wins."
        return Outcome(winners=winners, scores=scores, reason=d.get("reason", "virtues"), text=text)

    def rounds(self) -> int:
        return int(self.data.get("round", 0))

    def _view(self, seat: int | None) -> dict[str, Any]:
        d = self.data
        players = []
        for s, p in enumerate(d["players"]):
            mine = seat == s
            pv: dict[str, Any] = {
                "seat": s,
                "pauper": p["pauper"],
                "name": self.pname(s),
                "bird": p["bird"],
                "trained": p["trained"],
                "gems": p["gems"],
                "pos": p["pos"],
                "bpos": p["bpos"],
                "recipes": [dict(r) for r in p["rec"]],
                "inventory": [dict(i) for i in p["inv"]],
                "trophies": list(p["troph"]),
                "journal": list(p["journal"]),
                "virtues": list(p["virtues"]),
                "outcome_count": piles.size(p["out"]),
                "outcome_discard": piles.discards(p["out"]),
                "miss": bool(p.get("miss")),
                "charges": p.get("charges", 0),
                "hand_count": len(self.hand(s)),
            }
            if "lives" in p:
                pv["lives"] = dict(p["lives"])
                pv["max_lives"] = self.max_lives()
            if mine:
                pv["hand"] = self.hand(s)
                pv["outcome_known_top"] = list(p["outk"])
                pv["region_known_top"] = {k: list(v) for k, v in p["rk"].items()}
            players.append(pv)
        shops = {}
        for city in CITIES:
            cards = d["shops"][city]
            ks = d["shopk"][city]
            shops[city] = {
                "count": len(cards),
                "known": [c for c, k in zip(cards, ks) if seat is not None and k & (1 << seat)],
            }
        stack = []
        for f in d["stack"]:
            if f.get("private") and f["seat"] != seat:
                stack.append({"t": f["t"], "seat": f["seat"]})
            else:
                stack.append(dict(f))
        decks = {
            k: {"count": piles.size(v), "discard": list(v["discard"])}
            for k, v in d["decks"].items()
        }
        return {
            "phase": d["phase"],
            "round": d.get("round", 0),
            "turn": d.get("turn"),
            "players": players,
            "tiles": {k: list(v) for k, v in d["tiles"].items()},
            "cardgems": dict(d["cardgems"]),
            "tucked": {k: list(v) for k, v in d["tucked"].items()},
            "quests": dict(d["quests"]),
            "shops": shops,
            "dispensary": [{"count": len(s), "top": s[-1] if s else None} for s in d["dispensary"]],
            "decks": decks,
            "paupers_shown": list(d["paupers_shown"]),
            "birds_shown": list(d["birds_shown"]),
            "ts": dict(d["ts"]) if d["ts"] else None,
            "fight": dict(d["fight"]) if d.get("fight") else None,
            "last_fight": d.get("last_fight"),
            "stack": stack,
            "winners": list(d.get("winners", [])),
            "log": log_for(d, seat),
            **self._mode_view(),
        }

    def _mode_view(self) -> dict[str, Any]:
        d = self.data
        if d["mode"] == "standard":
            return {}
        out: dict[str, Any] = {"mode": d["mode"]}
        solo = d.get("solo")
        if not solo:
            return out
        out["solo"] = {
            "scenario": solo["scenario"],
            "name": self.C.solo["scenarios"][solo["scenario"]]["name"],
            "difficulty": solo["difficulty"],
            "time": solo["time"],
            "allowance": solo["allowance"],
            "max_lives": solo["max_lives"],
            "home": solo.get("home"),
            "objectives": self.objectives() if d["players"][0]["pauper"] else [],
            "side": self.side_objective(),
            "ordered": solo["scenario"] == "fiery-siege",
            # face-down Mine cards: only where they lie, never what they are
            "facedown": sorted(solo.get("facedown", {})),
            "city_hazards": dict(solo.get("city_hz", {})),
            "necromancer": solo.get("necro") if solo.get("necro_lives") is not None else None,
            "necromancer_lives": solo.get("necro_lives"),
            "necromancer_deck": piles.size(solo["necro_out"]) if "necro_out" in solo else None,
            "markers": list(solo.get("markers", [])),
            "collected": list(solo.get("collected", [])),
            "siege": list(solo.get("siege", [])),
        }
        return out

    def tags(self, seat: int) -> dict[str, Any]:
        """What this seat played with, for balance reports: its Pauper, its Bird and the
        Virtues it learned."""
        p = self.P(seat)
        return {
            "Pauper": self.C.paupers[p["pauper"]].name if p["pauper"] else None,
            "Bird": self.C.birds[p["bird"]].name if p["bird"] else None,
            "Virtue": list(p["virtues"]),
        }

    def evaluate(self) -> list[float]:
        """Each seat's chance to win from here, estimated for search bots (see evaluate.py)."""
        from .evaluate import evaluate

        return evaluate(self)

    # ------------------------------------------------------------------ resample
    def _shop_slot(self, card: str) -> tuple[str, int]:
        for city in CITIES:
            if card in self.data["shops"][city]:
                return city, self.data["shops"][city].index(card)
        raise ValueError(f"{card} is not in any Shop")

    def _resample(self, seat: int | None, rng: Rng) -> PLState:
        other = self.clone()
        d = other.data
        solo = d.get("solo")
        if solo and solo.get("facedown"):
            regions = sorted(solo["facedown"])
            hidden = [solo["facedown"][r] for r in regions]
            rng.shuffle(hidden)
            solo["facedown"] = dict(zip(regions, hidden))
        if solo and "necro_out" in solo:
            draw = piles.cards(solo["necro_out"])
            rng.shuffle(draw)
            piles.set_cards(solo["necro_out"], draw)
        # a "put the peeked cards back" choice pending: its seat is looking at the top cards
        peeking = [f for f in d["stack"] if f["t"] == "reorder"]

        def looked_at(deck: str, s: int | None) -> int:
            return max(
                [len(f["cards"]) for f in peeking if f["deck"] == deck and f["seat"] == s] or [0]
            )

        # Region decks: keep the tops the seat has seen (or is looking at)
        for dk in WILD:
            known = len(other.P(seat)["rk"].get(dk, [])) if seat is not None else 0
            known = max(known, looked_at(dk, seat))
            draw = piles.cards(d["decks"][dk])
            cut = len(draw) - known
            rest = draw[:cut]
            rng.shuffle(rest)
            draw[:cut] = rest
            piles.set_cards(d["decks"][dk], draw)
            for s, p in enumerate(d["players"]):
                if s != seat:
                    p["rk"].pop(dk, None)
        for s, p in enumerate(d["players"]):
            draw = piles.cards(p["out"])
            known = max(len(p["outk"]), looked_at("outcome", s)) if s == seat else 0
            cut = len(draw) - known
            rest = draw[:cut]
            rng.shuffle(rest)
            draw[:cut] = rest
            piles.set_cards(p["out"], draw)
            if s != seat:
                p["outk"] = []
        # another seat's pending reorder lists whatever now lies on top of the redrawn pile
        for f in peeking:
            if f["seat"] != seat:
                pile = (
                    d["players"][f["seat"]]["out"]
                    if f["deck"] == "outcome"
                    else d["decks"][f["deck"]]
                )
                f["cards"] = piles.peek(pile, len(f["cards"]))
        # a "keep 1 from the Shops" choice of another seat lists Shop cards: note where each lies,
        # so the choice lists whatever the redrawn Shops hold there
        looking = [
            (f, [self._shop_slot(c) for c in f["cards"]])
            for f in d["stack"]
            if f["t"] == "keep" and f.get("src") == "shops" and f["seat"] != seat
        ]
        # shops + Equipment/Rarity decks (face-down cards the seat has not seen)
        for deckname, is_rar in (("equipment", False), ("rarity", True)):
            slots = []
            for city in CITIES:
                for i, (c, k) in enumerate(zip(d["shops"][city], d["shopk"][city])):
                    if c.startswith("rar.") == is_rar and not (
                        seat is not None and k & (1 << seat)
                    ):
                        slots.append((city, i))
            # cards another seat drew for "draw 2, keep 1" and has not chosen from yet
            held = [
                f
                for f in d["stack"]
                if f["t"] == "keep" and f.get("src") == "drawn" and f["seat"] != seat
            ]
            if is_rar:
                held = []
            pool = [d["shops"][c][i] for c, i in slots] + piles.cards(d["decks"][deckname])
            pool += [c for f in held for c in f["cards"]]
            rng.shuffle(pool)
            for j, (c, i) in enumerate(slots):
                d["shops"][c][i] = pool[j]
            pool = pool[len(slots) :]
            for f in held:
                f["cards"] = pool[: len(f["cards"])]
                pool = pool[len(f["cards"]) :]
            piles.set_cards(d["decks"][deckname], pool)
        for f, slots_of in looking:
            f["cards"] = [d["shops"][c][i] for c, i in slots_of]
        quests = piles.cards(d["decks"]["quest"])
        rng.shuffle(quests)
        piles.set_cards(d["decks"]["quest"], quests)
        # Dispensary: only the top of each stack is face up
        under = [c for s in d["dispensary"] for c in s[:-1]]
        rng.shuffle(under)
        for s in d["dispensary"]:
            k = len(s) - 1
            if k > 0:
                s[:k] = under[:k]
                under = under[k:]
        # The Recipe deck; the draft hands are knowledge zones (the engine redraws what the seat
        # does not know, keeping the hand it passed on) and the engine redraws the others' picks
        recipes = piles.cards(d["decks"]["recipe"])
        rng.shuffle(recipes)
        piles.set_cards(d["decks"]["recipe"], recipes)
        rng.shuffle(d["birds_hidden"])
        other.rng = Rng(rng.next64())
        return other

    # ------------------------------------------------------------------ words
    def describe_action(self, action: Action, seat: int | None = None) -> str:
        k = action.kind
        g = action.get
        C = self.C
        nm = self.cname

        def reg(r: str) -> str:
            return C.regions[r].name if r in C.regions else str(r)

        table: dict[str, Callable[[], str]] = {
            "pauper": lambda: (
                f"Play {C.paupers[g('pauper')].name} from "
                f"{C.paupers[g('pauper')].city.capitalize()} "
                f"({C.paupers[g('pauper')].equipment.name}: "
                f"{abilities_text(C.paupers[g('pauper')].equipment.abilities)})"
            ),
            "bird": lambda: (
                f"Take the {g('bird')} (trained: {abilities_text(C.birds[g('bird')].trained)})"
            ),
            "draft": lambda: (
                f"Keep the {nm(g('recipe'))} Recipe ("
                f"{abilities_text(C.recipe[g('recipe')].abilities)}; needs 2 of "
                f"{', '.join(C.recipe[g('recipe')].ingredients)})"
            ),
            "buy": lambda: (
                f"Buy the {nm(g('card'))} for {self.price(seat or 0, 'pauper', g('card'))} "
                f"Gems ({abilities_text(C.item[g('card')].abilities)})"
            ),
            "discard": lambda: f"Discard the {nm(g('item'))} from your Inventory",
            "pass": lambda: "Pass",
            "act": lambda: f"Take your {g('char')}'s turn",
            "end": lambda: "End your turn",
            "learn": lambda: f"Learn the Virtue of {g('virtue')}",
            "train": lambda: "Train your Bird (4 Gems)",
            "move": lambda: f"Move to {reg(g('to'))}{self._move_cost_words(seat or 0)}",
            "swim": lambda: f"Swim to {reg(g('to'))}",
            "teleport": lambda: f"Teleport to {reg(g('to'))}",
            "foresight": lambda: "Use foresight (peek at a Region deck)",
            "use": lambda: f"Use the {nm(g('item'))}",
            "discard-fragile": lambda: f"Discard the {nm(g('card'))}",
            "shop": lambda: "Visit the City Shop",
            "quest": lambda: f"Complete the Quest in {reg(g('city'))}",
            "fight": lambda: f"Fight the {nm(g('card'))}",
            "draw": lambda: "Draw a Region card",
            "encounter": lambda: f"Encounter the {nm(g('card'))}",
            "recall": lambda: f"Recall the {nm(g('card'))} from the discards",
            "transmute": lambda: f"Transmute the {nm(g('card'))} into Gems",
            "pay-ally": lambda: "Pay the ally",
            "decline": lambda: "Decline",
            "boost": lambda: f"Use the {self._key_name(seat or 0, g('item'))}",
            "charm": lambda: "Roll the lucky charm",
            "resolve": lambda: "Resolve the fight",
            "reward": lambda: self._reward_words(g("take"), g("recipe")),
            "option": lambda: self._option_words(int(g("n"))),
            "pick": lambda: f"Choose the {nm(g('card'))}",
            "keep": lambda: f"Keep the {nm(g('card'))}",
            "done": lambda: "Done",
            "sell": lambda: f"Sell the {nm(g('item'))}",
            "leave": lambda: "Leave",
            "replace": lambda: f"Replace the Quest in {reg(g('city'))}",
            "take": lambda: (
                f"Take {nm(self.data['dispensary'][g('stack')][-1])} from the Dispensary "
                f"(stack {g('stack') + 1})"
                if self.data["dispensary"][g("stack")]
                else "Take"
            ),
            "order": lambda: "Order: " + ", ".join(nm(c) for c in g("cards")),
            "tuck": lambda: (
                f"Tuck it under {nm(g('recipe'))}{self._progress_words(seat, g('recipe'))}"
            ),
            "peek": lambda: f"Peek at the {g('deck')} deck",
            "goto": lambda: f"Travel to {reg(g('city'))}",
            "heal": lambda: "Visit the City healer (1 Gem: restore 1 Life; your turn ends)",
            "hide": lambda: f"Hide from the {nm(g('card'))} (roll the lucky charm)",
            "withdraw": lambda: f"Hold back from the {nm(g('card'))} (it cannot be fought now)",
            "reveal": lambda: f"Encounter the face-down card in {reg(g('region'))}",
            "buy-time": lambda: "Pay 3 Gems: move the Time token 1 away from zero",
            "remove": lambda: (
                f"Spend {self.remove_cost(g('card'))} Time to remove the {nm(g('card'))}"
                + next(
                    (f" from {reg(r)}" for r, cs in self.data["tiles"].items() if g("card") in cs),
                    "",
                )
            ),
            "potion": lambda: (
                f"Drink the {self._key_name(seat or 0, g('item'))}: "
                f"restore 1 Life to your {g('char')}"
            ),
            "rest": lambda: "Rest here: restore 1 Life instead",
            "choose-recipe": lambda: (
                f"Take the {nm(g('recipe'))} Recipe "
                f"({abilities_text(C.recipe[g('recipe')].abilities)})"
            ),
            "weapon": lambda: (
                f"Fight with the {self._key_name(seat or 0, g('item'))} (+"
                + str(
                    next(
                        (v for kk, v in self._top_frame().get("options", []) if kk == g("item")), 0
                    )
                )
                + ")"
            ),
            "no-weapon": lambda: (
                "Fight with no weapon"
                + "".join(
                    f" (the {self._key_name(seat or 0, kk)} keep their Gems)"
                    for kk, _ in self._top_frame().get("options", [])
                    if self._weapon_costs(kk)
                )
            ),
            "return": lambda: f"Shuffle a discarded {nm(g('card'))} back into your Outcome deck",
            "trophy": lambda: (
                f"Discard the {nm(g('card'))} ({C.region_card[g('card')].strength} points) "
                "for bravery"
            ),
            "back-out": lambda: "Back out: no card is discarded and bravery is not learned now",
            "nest": lambda: (
                f"Collect 1 Equipment from the Shop in {str(g('city')).capitalize()} "
                "(dragon's nest)"
            ),
            "dragon": lambda: (
                f"Discard the {nm(g('card'))} ({C.region_card[g('card')].strength} points) "
                "for magnificence"
            ),
            "relocate": lambda: f"Move it to {reg(g('region'))}",
            "drop-recipe": lambda: (
                f"Give up the {nm(g('recipe'))} Recipe"
                + (
                    " In Learning"
                    if any(
                        r["r"] == g("recipe") and not r["learned"] for r in self.P(seat or 0)["rec"]
                    )
                    else " (learned)"
                )
                + " to make room for dragonfire"
            ),
            "hand-over": lambda: (
                f"Hand the {self._top_frame().get('found', 0)} Gems to the old pirate "
                "and complete Treasure at Sea"
            ),
            "keep-gems": lambda: "Keep the Gems (Treasure at Sea stays open)",
            "city-reward": lambda: {
                "gems": "The City's reward: 3 Gems",
                "lives": "The City's reward: 2 Lives",
            }.get(g("take"), f"The City's reward: the {nm(str(g('card')))}"),
        }
        fn = table.get(k)
        return fn() if fn is not None else str(action)

    def _move_cost_words(self, seat: int) -> str:
        """What a Pauper's move costs now: the second and later moves of a turn cost Gems unless
        an ability makes them free."""
        ts = self.data.get("ts") or {}
        if ts.get("char") != "pauper" or not ts.get("moves"):
            return ""
        if self._free_moves_left(seat) > 0:
            return " (free extra move)"
        cost = int(self.C.numbers["extra_move_cost"]["value"])
        return f" ({cost} Gem{'s' if cost != 1 else ''})"

    def _progress_words(self, seat: int | None, recipe: str) -> str:
        for r in self.P(seat or 0)["rec"]:
            if r["r"] == recipe and not r["learned"]:
                have = ", ".join(self.cname(c) for c in r["ing"])
                return f" (has {have})" if have else " (no ingredient yet)"
        return ""

    # kinds people pick most come first; leaving and throwing cards away come last
    _LATE_KINDS = ("end", "pass", "done", "leave", "decline", "back-out", "keep-gems")
    _LOSS_KINDS = ("discard", "discard-fragile", "drop-recipe")

    def option_rank(self, action: Action) -> int:
        """Where an option goes in the list people read (stable within a rank)."""
        if action.kind in self._LOSS_KINDS:
            return 2
        if action.kind in self._LATE_KINDS:
            return 1
        return 0

    def confirm_text(self, action: Action, seat: int | None = None) -> str | None:
        """A question to ask before an option that throws a card away, or None."""
        g = action.get
        if action.kind == "discard":
            return f"Throw the {self.cname(g('item'))} out of your Inventory for good?"
        if action.kind == "discard-fragile":
            return f"Discard the {self.cname(g('card'))} from this Region?"
        if action.kind == "drop-recipe":
            return f"Give up the {self.cname(g('recipe'))} Recipe for good?"
        return None

    def _top_frame(self) -> J:
        stack = self.data["stack"]
        return stack[-1] if stack else {}

    def _reward_words(self, take: str, recipe: str | None) -> str:
        f = self._top_frame()
        hz = self.C.region_card.get(str(f.get("hz")))
        name = hz.name if hz else "hazard"
        if take == "gems":
            return f"Collect the {hz.gems if hz else 0} Gems the {name} carried"
        if take == "trophy":
            return f"Put the {name} in your Trophy Room ({hz.strength if hz else 0} points)"
        if take == "ingredient":
            return (
                f"Tuck the {name} under {self.cname(str(recipe))} as an ingredient"
                + self._progress_words(self.data["stack"][-1].get("seat"), str(recipe))
            )
        return f"Draw 1 {'Rarity' if take == 'rarity' else 'Equipment'}"

    def _option_words(self, n: int) -> str:
        f = self._top_frame()
        if f.get("t") == "event":
            card = self.C.region_card[f["card"]]
            return f"{card.options[n].label} ({card.text})" if card.text else card.options[n].label
        if f.get("t") == "quest-reward":
            q = self.C.quest[f["quest"]]
            return "Reward: " + ", ".join(
                f"{e['effect'].replace('_', ' ')} {e.get('n', '')}".strip() for e in q.reward[n]
            )
        return f"Choose option {n + 1}"

    def _explain_illegal(self, seat: int, action: Action) -> str | None:
        if action.kind == "move":
            return "you can only move along a bridge, and not out of a hazard's Region once moved"
        if action.kind == "buy":
            return "that card is not in this Shop or you cannot afford it"
        return None
