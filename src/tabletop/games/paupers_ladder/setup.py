"""Setting Up the Game and Starting the Game (the rulebook's sections). Each player chooses a
Pauper (with its Outcome deck, starting Gems and Equipment), then, in reverse order, a Bird; the
Recipe draft (choose 1 of 4 in secret, pass the rest left, until everyone has 3 Recipes In
Learning) deals the Dispensary; then each player may buy 1 card from their City Shop. Before all
that, :func:`lay_out_board` lays out the board: the decks, the Shops, the Quests, the Birds and
Paupers on offer (``PaupersLadder.new_state`` starts every game with it)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from mypy_extensions import trait

from tabletop.engine import Action, Rng, Zones, piles
from tabletop.engine.knowledge import ZONES, bit
from tabletop.engine.piles import new_pile

from . import hidden
from .content import CITIES, WILD, Content
from .hidden import create_shops
from .schema import new_game

if TYPE_CHECKING:
    from .rules import PLState


# The rulebook's first-game Bird set (Setting Up the Game)
FIRST_GAME_BIRDS = ("canary", "crow", "magpie", "swift")


@lru_cache(maxsize=64)
def rest_cards(C: Content, deck: str) -> tuple[str, ...]:
    """A Region deck's Rest cards, which only Survival Mode plays with (the content alone
    decides them: worked out once, not at every set-up)."""
    return tuple(c for c in C.deck_lists[deck] if C.region_card[c].kind == "rest")


def _blank(C: Content, params: Mapping[str, Any]) -> dict[str, Any]:
    """The state's records before the board is laid out: one per player, and by mode the Lives
    and the solo track."""
    d: dict[str, Any] = dict(new_game(params["mode"], int(params["players"])))
    if params["mode"] != "standard":
        lives = int(C.solo["survival"]["lives"])
        if params["mode"] == "solo":
            diff = C.solo["difficulties"][params["difficulty"]]
            lives = int(diff["lives"])
            d["solo"] = {
                "scenario": params["scenario"],
                "difficulty": params["difficulty"],
                "time": int(diff["time"]),
                "allowance": int(diff["time"]),
                "max_lives": lives,
                "bought": [],
            }
        for p in d["players"]:
            p["lives"] = {"pauper": lives, "bird": lives}
    return d


def lay_out_board(C: Content, params: Mapping[str, Any], rng: Rng) -> dict[str, Any]:
    """Setting Up the Game, the board: each Region deck shuffled (without its Rest cards outside
    Survival Mode), the City Shops dealt face down, a Quest on each City, the Recipe deck, the
    Birds and the Paupers on offer."""
    d = _blank(C, params)
    players = int(params["players"])
    for dk in WILD:
        cards = list(C.deck_lists[dk])
        rest = list(rest_cards(C, dk)) if params["mode"] != "survival" else []
        if rest:
            cards = [c for c in cards if c not in rest]
        rng.shuffle(cards)
        d["decks"][dk] = {"draw": " ".join(cards), "discard": [], "removed": rest}
    eq = list(C.equipment_list)
    rng.shuffle(eq)
    rar = [c for c in C.rarity_list if c != "rar.dragonsbane"]
    rng.shuffle(rar)
    four = ["rar.dragonsbane", *rar[:3]]
    rng.shuffle(four)
    # each Shop: its Rarity at the bottom, 4 Equipment on top, face down (hidden.py)
    create_shops(
        d,
        players,
        {city: [four[i]] + [eq.pop() for _ in range(4)] for i, city in enumerate(CITIES)},
    )
    d["decks"]["equipment"] = new_pile(eq, compact=True)
    d["decks"]["rarity"] = new_pile(rar[3:], compact=True)
    qs = list(C.quest_list)
    rng.shuffle(qs)
    for city in CITIES:
        d["quests"][city] = qs.pop()
    d["decks"]["quest"] = new_pile(qs, compact=True)
    rec = list(C.recipe_list)
    rng.shuffle(rec)
    d["decks"]["recipe"] = new_pile(rec, compact=True)
    birds = list(C.birds)
    rng.shuffle(birds)
    # the top 4 are shown; no rule uses the others again: they stay in the box, not the state
    d["birds_shown"] = birds[:4]
    if params["first_game_birds"]:  # set-up: "if this is your first game, search the deck"
        d["birds_shown"] = [b for b in FIRST_GAME_BIRDS if b in C.birds]
    side = "2" if players == 2 else "3-4"
    if params["mode"] == "solo":
        side = C.solo["difficulties"][params["difficulty"]]["side"]
    d["paupers_shown"] = [p.id for p in C.paupers.values() if p.side == side]
    d["tiles"] = {r.id: [] for r in C.regions.values() if r.type != "city"}
    return d


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
