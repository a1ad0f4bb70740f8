"""2: Exploring, Exploring Wild Regions and Encounters (the rulebook's sections). A character
that has finished moving explores its Region: a hazard there must be fought; otherwise it draws a
card onto an empty tile and encounters it, or encounters a face-up card already there (a City is
explored by shopping, completing a Quest or, with Lives, the healer). Drawn cards with APPEAR
instructions act first; an event offers its options; the Pauper and Bird icons limit who may
encounter a card; a toll bridge charges first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import trait

from tabletop.engine import Action

from . import card_effects as ce
from .base import A, J
from .content import CITIES
from .decisions import Decision, decision
from .schema import new_context

if TYPE_CHECKING:
    from .content import Content
    from .rules import PLState


@trait
class Exploring:
    """What a character may explore, and drawing and encountering Region cards."""

    __slots__ = ()

    def hazards_in(self: PLState, region: str) -> list[str]:
        solo = self.data.get("solo")
        city_hazards = solo.get("city_hazards", {}) if solo else {}
        return hazards_at(self.C, self.data["tiles"], city_hazards, region)

    def _explore_actions(self: PLState, seat: int, ch: str, here: str) -> list[Action]:
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

    def _apply_explore(self: PLState, seat: int, a: Action) -> None:
        """2: Exploring. The character's turn ends once this resolves."""
        d = self.data
        ts = d["turn_state"]
        ch = ts["char"]
        here = self.char_pos(seat, ch)
        k = a.kind
        ts["stage"] = "after"
        self._toll(seat, here)
        if k == "pass":
            self.log(f"{self.pname(seat)}'s {ch} explores {self.C.regions[here].name}: nothing.")
        elif k == "shop":
            self._visit_shop(seat, ch, here)
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

    def _toll(self: PLState, seat: int, here: str) -> None:
        for c in self.data["tiles"].get(here, ()):
            for e in self.C.region_card[c].ongoing:
                if e["effect"] == "toll":
                    self.lose(seat, int(e["n"]), "toll")

    def _remove_tile(self: PLState, region: str, cid: str) -> None:
        self.data["tiles"][region].remove(cid)

    def _place(self: PLState, region: str, cid: str, seat: int, ch: str) -> None:
        card = self.C.region_card[cid]
        self.log(f"{self.pname(seat)}'s {ch} draws {card.name} in {self.C.regions[region].name}.")
        if card.kind == "rest" and self.data["mode"] != "survival":  # set aside outside Survival
            self.data["decks"][self.C.region_deck_of[cid]]["removed"].append(cid)
            return
        if card.kind == "disaster":
            self.run([*card.options[0].card_effects, {"effect": "_disaster_end", "card": cid}])
            self.data["effect_context"] = {"seat": seat, "char": ch, "card": cid, "region": region}
            return
        self.data["tiles"][region].append(cid)
        self.data["effect_context"] = new_context(seat, ch, cid, region)
        scenario = self.scenario_rules()  # a solo scenario's rule for a card drawn (a nest)
        if scenario is not None:
            scenario.drawn(self, seat, cid, region)
        self.run([*card.appear_effects, {"effect": "_encounter", "card": cid}])

    def encounter(self: PLState, seat: int, ch: str, cid: str, region: str) -> None:
        card = self.C.region_card[cid]
        self.data["effect_context"] = new_context(seat, ch, cid, region)
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

    def _move_hazard(self: PLState, card: str, src: str, dst: str) -> None:
        self._remove_tile(src, card)
        self.data["tiles"][dst].append(card)
        self.log(f"The {self.cname(card)} moves to {self.C.regions[dst].name}.")


def hazards_at(C: Content, tiles: J, city_hazards: J, region: str) -> list[str]:
    """2: Exploring: the hazards a character in ``region`` must fight (and which stop a move
    there): the face-up hazards in its tiles, or a City's hazard (solo: Saltash Necromancer's
    undead). Works on a state's tiles or a view's (the same records)."""
    if city_hazards.get(region):
        return [city_hazards[region]]
    return [c for c in tiles.get(region, ()) if C.region_card[c].kind == "hazard"]


# ---------------------------------------------------------------- Encounters
@decision
class Event(Decision):
    """Encounters: an event card's options (or walking away; a natural disaster must be met).
    In Survival Mode a place of rest may restore a Life instead."""

    kind = "event"
    actions = ("rest",)

    def text(self, s: PLState, f: J) -> str:
        return f"Encounter {s.cname(f.get('card', ''))}: choose."

    def legal(self, s: PLState, f: J) -> list[Action]:
        seat = f["seat"]
        p = s.P(seat)
        card = s.C.region_card[f["card"]]
        acts = []
        for i, opt in enumerate(card.options):
            effects = opt.card_effects
            cost = sum(e.n for e in effects if isinstance(e, ce.Pay))
            if p["gems"] >= cost and s._option_possible(seat, effects):
                acts.append(A("option", n=i))
        if card.kind == "rest" and s.data["mode"] == "survival":
            lv = p["lives"]
            if lv[s.data["effect_context"]["char"]] < s.max_lives():
                acts.insert(0, A("rest"))
        if card.kind != "disaster":
            acts.append(A("decline"))
        return acts

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return "Rest here: restore 1 Life instead"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind == "rest":
            s.restore(
                seat, s.data["effect_context"]["char"], 1, f"resting at the {s.cname(f['card'])}"
            )
        elif a.kind == "option":
            card = s.C.region_card[f["card"]]
            s.run([*card.options[a["n"]].card_effects, {"effect": "_end_event", "card": f["card"]}])
        else:
            s.log(f"{s.pname(seat)} leaves the {s.cname(f['card'])} alone.")
