"""Setting Up the Game and Starting the Game (the rulebook's sections). Each player chooses a
Pauper (with its Outcome deck, starting Gems and Equipment), then, in reverse order, a Bird; the
Recipe draft (choose 1 of 4 in secret, pass the rest left, until everyone has 3 Recipes In
Learning) deals the Dispensary; then each player may buy 1 card from their City Shop. The board
itself (decks, Shops, Quests, Birds on offer) is laid out by ``PaupersLadder.new_state``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import trait

from tabletop.engine import Action, Zones, piles
from tabletop.engine.knowledge import ZONES, bit

from . import hidden

if TYPE_CHECKING:
    from .rules import PLState


@trait
class SettingUp:
    """From choosing the Paupers to the first turn."""

    __slots__ = ()

    def _choose_pauper(self: PLState, seat: int, pid: str) -> None:
        d = self.data
        p = self.P(seat)
        pa = self.C.paupers[pid]
        p["pauper"] = pid
        d["taken"].append(pid)
        p["position"] = p["bird_position"] = pa.city
        p["gems"] = int(self.C.numbers["starting_gems"]["value"])
        cards = list(self.C.outcome_lists[pa.colour])
        self.rng.shuffle(cards)
        p["outcome_deck"] = piles.new_pile(cards, compact=True, compact_discards=True)
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

    def hand(self: PLState, seat: int) -> list[str]:
        """A seat's Recipe draft hand (kept in the engine's knowledge zones during the draft)."""
        zone = self.data[ZONES].get(f"hand:{seat}")
        return list(zone["items"]) if zone is not None else []

    def zones_how(self: PLState, seat: int, zone: str) -> str | None:
        """How ``seat`` last learnt a draft hand (``looked``, ``passed``), while the draft runs."""
        return Zones(self.data, self.n()).how(zone, seat) if zone in self.data[ZONES] else None

    def _start_draft(self: PLState) -> None:
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
            self.P(s)["draft_pick"] = None

    def _end_draft(self: PLState) -> list[str]:
        """The cards left in the draft hands, the zones gone."""
        rest = [c for s in range(self.n()) for c in self.hand(s)]
        for s in range(self.n()):
            del self.data[ZONES][f"hand:{s}"]
        return rest

    def _draft_reveal(self: PLState) -> None:
        d = self.data
        n = self.n()
        z = Zones(d, n)
        for s in range(n):
            p = self.P(s)
            z.take(f"hand:{s}", p["draft_pick"], seen_by=bit(s))
            p["recipes"].append(
                {"recipe": p["draft_pick"], "ingredients": [], "learned": False, "learned_at": 0}
            )
            self.log(f"{self.pname(s)} chooses {self.cname(p['draft_pick'])} to learn.")
            p["draft_pick"] = None
        zones = d["_zones"]
        hands = [(zones[f"hand:{s}"]["items"], zones[f"hand:{s}"]["known"]) for s in range(n)]
        for s in range(n):
            to = (s + 1) % n
            zones[f"hand:{to}"]["items"], zones[f"hand:{to}"]["known"] = hands[s]
            z.learn(f"hand:{to}", bit(to), "passed")  # the passer still knows it too
        if d["mode"] == "solo" and len(self.P(0)["recipes"]) >= 3:
            rest = self._end_draft()
            self.discard_to("recipe", rest)
            self.log("The other Recipe is discarded: " + ", ".join(self.cname(c) for c in rest))
            d["phase"] = "buy"
            d["order"] = [0]
            self._peek_shop(0, self.first_shop_city(0))
            self.log("You may buy 1 card before your first turn.")
            return
        if len(self.P(0)["recipes"]) >= int(self.C.numbers["learning_limit"]["value"]):
            rest = self._end_draft()
            deck = d["decks"]["recipe"]
            cards = piles.cards(deck) + rest
            self.rng.shuffle(cards)
            deck["draw"] = ""
            stacks: list[list[str]] = [[], [], [], []]
            for i, c in enumerate(cards):
                stacks[i % 4].append(c)
            hidden.create_dispensary(d, n, stacks)
            d["phase"] = "buy"
            d["order"] = list(range(n))
            for s in range(n):
                city = self.C.paupers[self.P(s)["pauper"]].city
                self._peek_shop(s, city)
            self.log("The Dispensary is dealt. Each player may buy 1 card in their City.")

    def _begin_play(self: PLState) -> None:
        d = self.data
        d["phase"] = "play"
        d["round"] = 1
        d["turn"] = 0
        self._start_turn(0)

    def _choose_bird(self: PLState, seat: int, bird: str) -> None:
        d = self.data
        self.P(seat)["bird"] = bird
        self.log(f"{self.pname(seat)} takes the {bird}.")
        d["order"].pop(0)
        if not d["order"]:
            self._start_draft()

    def _first_purchase(self: PLState, seat: int, action: Action) -> None:
        """Starting the Game: each player may buy 1 card from their City Shop."""
        d = self.data
        if action.kind == "buy":
            city = self.first_shop_city(seat)
            self._buy(seat, "pauper", city, action["card"], 0)
        d["order"].pop(0)
        if not d["order"] and not d["stack"]:
            self._begin_play()
