"""Game Objective and End of the Game (the rulebook's sections): the 5 Virtues (generosity,
knowledge, bravery, magnificence, fellowship), learned at any time during your turn once their
requirement is met, each once; the first player with 3 Virtues wins, and the round limit ends the
tournament with the most Virtues winning."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from mypy_extensions import trait

from tabletop.engine import Action

from .base import A, J
from .decisions import Decision, decision

if TYPE_CHECKING:
    from .content import Content
    from .rules import PLState


@lru_cache(maxsize=64)
def virtue_thresholds(C: Content, players: int, solo_pauper: str | None) -> dict[str, int]:
    """The Virtue thresholds for a number of players; in solo, those printed on the side of the
    Pauper's card. Content alone decides them: worked out once per game set-up, not per check."""
    key = str(max(2, players))
    if solo_pauper:
        key = "3" if C.paupers[solo_pauper].side == "3-4" else "2"
    return {virtue: int(n) for virtue, n in C.numbers["thresholds"][key].items()}


@lru_cache(maxsize=8)
def bravery_points(C: Content) -> dict[str, int]:
    """Each Region card's strength, the points it adds toward bravery (content alone)."""
    return {cid: card.strength for cid, card in C.region_card.items()}


@lru_cache(maxsize=8)
def dragon_cards(C: Content) -> frozenset[str]:
    """The Region cards that are dragons (magnificence needs one in the Trophy Room)."""
    return frozenset(cid for cid, card in C.region_card.items() if card.type == "dragon")


@trait
class Virtues:
    """The Virtues and the end of the game."""

    __slots__ = ()

    def thresholds(self: PLState) -> dict[str, int]:
        """Each Virtue's threshold in this game (see :func:`virtue_thresholds`)."""
        d = self.data
        solo = d["players"][0]["pauper"] if d["mode"] == "solo" else None
        return virtue_thresholds(self.C, len(d["players"]), solo)

    def threshold(self: PLState, virtue: str) -> int:
        return self.thresholds()[virtue]

    def free_trophies(self: PLState, seat: int) -> list[str]:
        """The Trophy Room cards a Virtue may take: those an open choice of this seat offers (a
        Quest's objects, a trophy to sell or discard) are spoken for until it is made."""
        troph: list[str] = self.P(seat)["trophies"]
        stack = self.data["stack"]
        if not stack:
            return troph
        held = [
            c
            for f in stack
            if f["t"] == "pick" and f["seat"] == seat and f["zone"] == "troph"
            for c in f["cands"]
        ]
        if not held:
            return troph
        out = list(troph)
        for c in held:  # one offered copy reserves one card of the room
            if c in out:
                out.remove(c)
        return out

    def learnable(self: PLState, seat: int) -> list[str]:
        p = self.P(seat)
        have = p["virtues"]
        need = self.thresholds()
        troph = self.free_trophies(seat)
        out = []
        if "generosity" not in have and p["gems"] >= need["generosity"]:
            out.append("generosity")
        if "bravery" not in have and (
            sum(map(bravery_points(self.C).__getitem__, troph)) >= need["bravery"]
        ):
            out.append("bravery")
        if "magnificence" not in have and not dragon_cards(self.C).isdisjoint(troph):
            out.append("magnificence")
        if "fellowship" not in have and len(p["journal"]) >= int(
            self.C.numbers["fellowship_quests"]["value"]
        ):
            out.append("fellowship")
        return out

    def _learn(self: PLState, seat: int, v: str) -> None:
        """The free action of learning a Virtue whose requirement is met."""
        if v == "bravery":  # the player picks the Trophy Room cards to discard
            self.push({"t": "bravery", "seat": seat, "chosen": []})
        elif v == "magnificence" and len(self._dragons(seat)) >= 2:
            # the player chooses which dragon leaves the Trophy Room
            self.push({"t": "magnificence", "seat": seat, "cands": self._dragons(seat)})
        else:
            self.learn_virtue(seat, v)

    def learn_virtue(self: PLState, seat: int, v: str, trophies: list[str] | None = None) -> None:
        p = self.P(seat)
        if v == "generosity":
            p["gems"] -= self.threshold("generosity")
        elif v == "bravery":
            for c in trophies or []:
                p["trophies"].remove(c)
                self.discard_region_card(c)
        elif v == "magnificence":
            dragon = (trophies or self._dragons(seat))[0]
            p["trophies"].remove(dragon)
            self.discard_region_card(dragon)
        elif v == "fellowship":
            self.discard_to("quest", p["journal"][:3])
            p["journal"] = p["journal"][3:]
        p["virtues"].append(v)
        p["virtue_rounds"][v] = int(self.data["round"])
        self.log(f"{self.pname(seat)} learns the Virtue of {v}!")
        self._hook_virtue_learned(seat)
        if self.data["mode"] == "solo":
            self._solo_progress()
        elif len(p["virtues"]) >= int(self.C.numbers["virtues_to_win"]["value"]):
            self._game_over(seat, "virtues")

    def _dragons(self: PLState, seat: int) -> list[str]:
        """The dragons in a Trophy Room, one per name (two copies of one card are one choice)."""
        out: list[str] = []
        for c in self.free_trophies(seat):
            if self.C.region_card[c].type == "dragon" and all(
                self.cname(x) != self.cname(c) for x in out
            ):
                out.append(c)
        return out

    def _game_over(self: PLState, seat: int | None, reason: str) -> None:
        d = self.data
        d["phase"] = "over"
        d["stack"] = []
        d["effect_queue"] = []
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


# ---------------------------------------------------------------- paying for a Virtue
@decision
class Bravery(Decision):
    """Bravery: choose the Trophy Room cards to discard, one at a time, until their Strength
    reaches the threshold (or back out before it, discarding nothing)."""

    kind = "bravery"
    actions = ("trophy", "back-out")

    def text(self, s: PLState, f: J) -> str:
        return "Choose Trophy Room cards to discard for bravery, or back out."

    def legal(self, s: PLState, f: J) -> list[Action]:
        names: set[str] = set()
        acts = []
        for c in s.free_trophies(f["seat"]):
            if c not in f["chosen"] and s.cname(c) not in names:
                names.add(s.cname(c))
                acts.append(A("trophy", card=c))
        acts.append(A("back-out"))  # before the threshold: nothing is discarded yet
        return acts

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        if a.kind == "back-out":
            return "Back out: no card is discarded and bravery is not learned now"
        points = s.C.region_card[a["card"]].strength
        return f"Discard the {s.cname(a['card'])} ({points} points) for bravery"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind == "back-out":
            s.log(f"{s.pname(seat)} backs out of bravery; the Trophy Room is unchanged.")
            return
        f["chosen"].append(a["card"])
        total = sum(s.C.region_card[c].strength for c in f["chosen"])
        if total >= s.threshold("bravery"):
            s.learn_virtue(seat, "bravery", f["chosen"])
        else:
            s.push(f)


@decision
class Magnificence(Decision):
    """Magnificence: choose which dragon leaves the Trophy Room."""

    kind = "magnificence"
    actions = ("dragon",)

    def text(self, s: PLState, f: J) -> str:
        return "Choose the dragon to discard from your Trophy Room for magnificence."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("dragon", card=c) for c in f["cands"]]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        points = s.C.region_card[a["card"]].strength
        return f"Discard the {s.cname(a['card'])} ({points} points) for magnificence"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        s.learn_virtue(seat, "magnificence", [a["card"]])
