"""The scenario spec behind ``PaupersLadder.build_state``: a compact description of a position for
rule tests, validated by :class:`ScenarioSpec` (an unknown key at any level is refused, with its
path: ``seats.0.posiiton``), then built on a new game so every card stays accounted for.

A spec names cards by their content ids (``"pest"``, ``"fatestone"``, ``"storm"``); the builder
takes real card instances out of the shuffled decks::

    {"seats": [{"pauper": "ginny", "bird": "magpie", "trained": False, "gems": 5,
                "position": "beach-2", "bird_position": "swamp-1",
                "outcome": [5, "1:cheery-dwarf"],          # top of the Outcome deck first
                "recipes": ["storm", {"recipe": "foresight", "ingredients": ["pearls"],
                                      "learned": True, "fresh": False}],
                "inventory": ["fatestone", {"item": "bang-bombs", "gems": 3}],
                "trophies": ["pest"], "journal": ["the-burial"], "virtues": []}],
     "tiles": {"forest-1": ["toadstools"]},   # face-up cards in Regions
     "decks": {"mine": ["skeleton"]},         # top of a Region/Equipment/Quest deck first
     "discards": {"beach": ["razor-fish"]},
     "exhausted": ["mine"],                  # these decks hold only their "decks" cards
     "quests": {"bluevale": "the-burial"},
     "shops": {"bluevale": ["fatestone"]},     # these cards, topped up to 5 from the deck
     "card_gems": {"old-shipwreck": 4},
     "tucked": {"water-mill": ["dagger"]},
     "turn": 0, "round": 1, "char": "pauper", "done": ["bird"],
     "charm": ["wink", 2],                     # the lucky charm's next results
     "time": 7}                                # solo: the Time token (seats may give "lives")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import model_validator

from tabletop.engine import chance, piles
from tabletop.engine.content import Spec, validate_spec
from tabletop.engine.errors import BadParameter

from . import hidden
from .content import CITIES, WILD, Boost, Content, PlaceGems
from .rules import cities
from .state import PLState, new_turn

if TYPE_CHECKING:
    from . import PaupersLadder


class ScenarioError(BadParameter):
    """A scenario spec that names something unknown or impossible."""


class RecipeSpec(Spec):
    """A Recipe of the Recipe Book: its id alone, or with what it holds."""

    recipe: str
    ingredients: list[str] = []
    learned: bool = False
    fresh: bool = False  # learned this turn: usable from the next

    @model_validator(mode="before")
    @classmethod
    def _named(cls, raw: Any) -> Any:
        return {"recipe": raw} if isinstance(raw, str) else raw


class ItemSpec(Spec):
    """A card of the Inventory: its id alone, or with its Gems and uses."""

    item: str
    gems: int | None = None  # Gems on the card (its ACQUIRE's, if not given)
    used: int = 0  # uses so far

    @model_validator(mode="before")
    @classmethod
    def _named(cls, raw: Any) -> Any:
        return {"item": raw} if isinstance(raw, str) else raw


class LivesSpec(Spec):
    pauper: int | None = None
    bird: int | None = None


class SeatSpec(Spec):
    pauper: str | None = None
    bird: str | None = None
    trained: bool = False
    gems: int | None = None
    position: str | None = None
    bird_position: str | None = None
    charges: int | None = None
    outcome: list[int | str] = []  # top first: a number, or "number:ally"
    recipes: list[RecipeSpec] = []
    inventory: list[ItemSpec] = []
    trophies: list[str] = []
    journal: list[str] = []
    virtues: list[str] = []
    lives: LivesSpec | None = None


class ScenarioSpec(Spec):
    players: int | None = None  # the game's number of seats, if given
    seats: list[SeatSpec] | None = None
    tiles: dict[str, list[str]] = {}
    decks: dict[str, list[str]] = {}
    discards: dict[str, list[str]] = {}
    exhausted: list[str] = []
    quests: dict[str, str] = {}
    shops: dict[str, list[str]] = {}
    card_gems: dict[str, int] = {}
    tucked: dict[str, list[str]] = {}
    turn: int = 0
    round: int = 1
    char: Literal["pauper", "bird"] | None = None
    done: list[Literal["pauper", "bird"]] = []
    charm: list[str | int] = []
    time: int | None = None


def build(game: PaupersLadder, raw: object, seed: int = 0) -> PLState:
    """A new game set up as the spec says (the spec refused, naming its path, if it is not one)."""
    spec = validate_spec(ScenarioSpec, raw, game.name)
    if spec.players is not None and spec.players != game.num_players:
        raise ScenarioError(
            f"the spec is for {spec.players} players; the game has {game.num_players}"
        )
    return _Builder(game, seed).build(spec)


class _Builder:
    """Builds one scenario, taking each named card out of where it lies in the new game."""

    def __init__(self, game: PaupersLadder, seed: int) -> None:
        self.game = game
        self.content: Content = game.content
        self.state = game.new_state(seed)
        self.data = self.state.data

    def build(self, spec: ScenarioSpec) -> PLState:
        data = self.data
        # work on the face-down piles as lists; they are joined back at the end (see piles.py)
        for pile in data["decks"].values():
            pile["draw"] = piles.cards(pile)
        self._quests(spec)
        seats = spec.seats or [SeatSpec() for _ in range(self.game.num_players)]
        if len(seats) != self.game.num_players:
            raise ScenarioError(
                f"{len(seats)} seats given for a {self.game.num_players}-player game"
            )
        for s, seat in enumerate(seats):
            self._seat(s, seat)
        data["taken"] = [p["pauper"] for p in data["players"]]
        self._board(spec)
        self._decks(spec)
        for pile in data["decks"].values():
            pile["draw"] = " ".join(pile["draw"])
        for city in CITIES:
            cities.restock(self.state, city)
        if data["mode"] != "solo":  # solo keeps the Recipe deck: its top 4 are the Dispensary
            rest = piles.cards(data["decks"]["recipe"])
            data["decks"]["recipe"]["draw"] = ""
            hidden.create_dispensary(data, len(data["players"]), [rest[i::4] for i in range(4)])
        self._turn(spec)
        self.state.log("Scenario set up.")
        return self.state

    # ------------------------------------------------------------ taking named cards
    def _take(self, deck: str, entry: str) -> str | None:
        draw = self.data["decks"][deck]["draw"]
        for cid in draw:
            if cid.split(".")[1] == entry:
                draw.remove(cid)
                return str(cid)
        return None

    def region_card(self, entry: str, deck: str | None = None) -> str:
        decks = [deck, *[w for w in WILD if w != deck]] if deck else list(WILD)
        for name in decks:
            found = self._take(name, entry)
            if found is not None:
                return found
        raise ScenarioError(f"no Region card {entry!r} left in {decks}")

    def item(self, entry: str) -> str:
        for deck in ("equipment", "rarity"):
            found = self._take(deck, entry)
            if found is not None:
                return found
        for city in CITIES:
            for cid in hidden.shop(self.state, city):
                if cid.split(".")[1] == entry:
                    hidden.take_from_shop(self.state, city, cid)
                    return str(cid)
        raise ScenarioError(f"no Equipment or Rarity {entry!r} left")

    def quest(self, entry: str) -> str:
        found = self._take("quest", entry)
        if found is None:
            raise ScenarioError(f"no Quest {entry!r} left")
        return found

    def recipe(self, entry: str) -> str:
        found = self._take("recipe", entry)
        if found is None:
            raise ScenarioError(f"no Recipe {entry!r} left")
        return found

    def any_card(self, entry: str) -> str:
        if entry in self.content.equipment or entry in self.content.rarities:
            return self.item(entry)
        return self.region_card(entry)

    # ------------------------------------------------------------ the parts of a spec
    def _quests(self, spec: ScenarioSpec) -> None:
        quests = self.data["quests"]
        draw = self.data["decks"]["quest"]["draw"]
        for city in CITIES:  # the Quests back into the deck so any can be named
            draw.append(quests[city])
        for city, entry in spec.quests.items():
            if city not in CITIES:
                raise ScenarioError(f"unknown City {city!r}")
            quests[city] = self.quest(entry)
        for city in CITIES:
            if city not in spec.quests:
                quests[city] = draw.pop()

    def _seat(self, s: int, seat: SeatSpec) -> None:
        content = self.content
        player = self.data["players"][s]
        side = "2" if self.game.num_players == 2 else "3-4"
        pid = seat.pauper or [p.id for p in content.paupers.values() if p.side == side][s]
        if pid not in content.paupers:
            raise ScenarioError(f"seat {s + 1}: unknown Pauper {pid!r}")
        pauper = content.paupers[pid]
        player["pauper"] = pid
        player["bird"] = seat.bird or list(content.birds)[s]
        if player["bird"] not in content.birds:
            raise ScenarioError(f"seat {s + 1}: unknown Bird {player['bird']!r}")
        player["trained"] = seat.trained
        player["gems"] = content.number["starting_gems"] if seat.gems is None else seat.gems
        for key, region in (("position", seat.position), ("bird_position", seat.bird_position)):
            where = region or pauper.city
            if where not in content.regions:
                raise ScenarioError(f"seat {s + 1}: unknown Region {where!r} for {key}")
            player[key] = where
        for e in pauper.equipment.abilities:
            if type(e) is Boost and e.charges:
                player["charges"] = e.charges if seat.charges is None else seat.charges
        player["outcome_deck"] = self._outcome_deck(s, pauper.colour, seat.outcome)
        player["turns"] = 1
        self._cards(s, player, seat)
        if seat.lives is not None:
            if "lives" not in player:
                raise ScenarioError(f"seat {s + 1}: Lives exist only in Survival Mode and solo")
            given = seat.lives.model_dump(exclude_none=True)
            player["lives"].update({k: int(v) for k, v in given.items()})

    def _outcome_deck(self, s: int, colour: str, wanted: list[int | str]) -> dict[str, object]:
        """A seat's Outcome deck shuffled, with the wanted cards on top (the first on top)."""
        content = self.content
        cards = list(content.outcome_lists[colour])
        self.state.rng.shuffle(cards)
        top: list[str] = []
        for want in wanted:
            number, _, ally = str(want).partition(":")
            match = sorted(
                (
                    c
                    for c in cards
                    if content.outcome[c].number == int(number)
                    and (not ally or content.outcome[c].ally == ally)
                ),
                key=lambda c: (content.outcome[c].ally is not None, c),
            )
            if not match:
                raise ScenarioError(f"seat {s + 1}: no Outcome card {want!r} left in {colour}")
            cards.remove(match[0])
            top.append(match[0])
        return piles.new_pile(cards + list(reversed(top)), compact=True, compact_discards=True)

    def _cards(self, s: int, player: dict[str, object], seat: SeatSpec) -> None:
        """A seat's Recipe Book, Inventory, Trophy Room, Journal and Virtues."""
        recipes = []
        for recipe in seat.recipes:
            recipes.append(
                {
                    "recipe": self.recipe(recipe.recipe),
                    "ingredients": [self.region_card(i) for i in recipe.ingredients],
                    "learned": recipe.learned,
                    "learned_at": 1 if recipe.fresh else 0,
                }
            )
        player["recipes"] = recipes
        inventory = []
        for item in seat.inventory:
            cid = self.item(item.item)
            gems = item.gems
            if gems is None:
                placed = [e.n for e in self.content.item[cid].acquire if type(e) is PlaceGems]
                gems = placed[-1] if placed else 0
            inventory.append({"card": cid, "uses": item.used, "gems": gems})
        player["inventory"] = inventory
        player["trophies"] = [self.region_card(t) for t in seat.trophies]
        player["journal"] = [self.quest(q) for q in seat.journal]
        player["virtues"] = list(seat.virtues)

    def _board(self, spec: ScenarioSpec) -> None:
        """The face-up cards in the Regions, the Gems on them and the cards tucked under them."""
        data = self.data
        for region, cards in spec.tiles.items():
            if region not in data["tiles"]:
                raise ScenarioError(f"unknown wild Region {region!r}")
            deck = self.content.regions[region].type
            data["tiles"][region] = [self.region_card(c, deck) for c in cards]
            if len(data["tiles"][region]) > self.content.regions[region].tiles:
                raise ScenarioError(f"{region}: more cards than tiles")
        for name, gems in spec.card_gems.items():
            data["card_gems"][self._on_board(name, "card_gems")] = gems
        for name, items in spec.tucked.items():
            data["tucked"][self._on_board(name, "tucked")] = [self.item(i) for i in items]

    def _on_board(self, name: str, key: str) -> str:
        found = [c for r in self.data["tiles"].values() for c in r if c.split(".")[1] == name]
        if not found:
            raise ScenarioError(f"{key}: no card {name!r} on the board")
        return str(found[0])

    def _decks(self, spec: ScenarioSpec) -> None:
        """The discards, the tops of decks, the decks drawn down, the Shops' cards."""
        data = self.data
        for deck, cards in spec.discards.items():
            data["decks"][deck]["discard"] += [
                self.region_card(c, deck) if deck in WILD else self.item(c) for c in cards
            ]
        for deck, cards in spec.decks.items():
            if deck not in data["decks"]:
                raise ScenarioError(f"unknown deck {deck!r}")
            if deck in WILD:
                ids = [self.region_card(c, deck) for c in cards]
            elif deck == "quest":
                ids = [self.quest(c) for c in cards]
            else:
                ids = [self.item(c) for c in cards]
            data["decks"][deck]["draw"] += list(reversed(ids))
        for deck in spec.exhausted:
            if deck not in data["decks"]:
                raise ScenarioError(f"exhausted: unknown deck {deck!r}")
            pile = data["decks"][deck]
            cut = len(pile["draw"]) - len(spec.decks.get(deck, ()))
            pile["removed"] += pile["draw"][:cut]  # out of play: the deck has been drawn down
            pile["draw"] = pile["draw"][cut:]
        for city, cards in spec.shops.items():
            for c in hidden.shop(self.state, city):
                data["decks"][hidden.pool_of(c)]["draw"].insert(0, c)
                hidden.take_from_shop(self.state, city, c)
            for c in cards:
                hidden.add_to_shop(self.state, city, self.any_card(c), known=0)

    def _turn(self, spec: ScenarioSpec) -> None:
        """Play under way: whose turn, which round, which character acts, the Time, the charm."""
        data = self.data
        data["phase"] = "play"
        data["order"] = []
        data["round"] = spec.round
        data["turn"] = spec.turn
        data["turn_state"] = new_turn(list(spec.done))
        if spec.char is not None:
            data["turn_state"]["char"] = spec.char
            data["turn_state"]["visited"] = [self.state.position(spec.turn, spec.char)]
        if spec.time is not None:
            if "solo" not in data:
                raise ScenarioError("the Time track exists only in solo")
            data["solo"]["time"] = spec.time
            data["solo"]["home"] = self.content.paupers[data["players"][0]["pauper"]].city
        for x in spec.charm:
            # the engine's open chance: the next lucky charm rolls show these faces or numbers
            try:
                chance.face_matching(self.content.lucky_charm, x)
            except ValueError:
                raise ScenarioError(f"the lucky charm has no face or number {x!r}") from None
            chance.force(self.state, self.content.lucky_charm.name, x)
