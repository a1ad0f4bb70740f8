"""The face-down cards of Paupers' Ladder in the kernel's knowledge zones
(``tabletop.engine.knowledge``). Not a rulebook section: the sections call these functions.

- Each City Shop is a zone (``shop:CITY``, bottom card first): its cards lie face down, and a
  seat that peeks at the Shop (buying, a dragon's nest, the thieves' guild) knows them until one
  it did not see leaves. Equipment and Rarity cards have different backs: the Shop pool is split
  by them (``split_pool``), so a resample never turns one into the other.
- The cards a seat draws for "draw 2, keep 1" lie in ``drawn:SEAT`` (only the drawer knows them)
  until it keeps one.
- The top cards of a deck that someone has peeked at (foresight, the crystal ball, the
  fatestone) lie on the deck in ``top:DECK`` (a Region deck) or ``outcome-top:SEAT`` (an Outcome
  deck): the deck is that zone, top last, on its compact pile. A pending "put them back in any
  order" lists the zone's top cards; drawing takes the zone's top card first.

- The Dispensary's stacks (``dispensary:0`` to ``3``, pool ``recipes``): each top card face
  up (known to everyone), the cards under it known to nobody.
- Solo, each face-down card in a Region (``facedown:REGION``): known to nobody until turned
  face up. (The Birds not shown at set-up are not in the state at all: no rule uses them.)
- The draw decks (Equipment, Rarity, Region, Outcome, Quest and Recipe decks, the Saltash
  necromancer's deck) stay compact piles, cheaper to copy, named to the kernel by
  :func:`facedown_piles` with their pools: the model counts each as a zone known to nobody.

The seats' views, the resample of what a seat does not know and the undo policy follow from the
zones and the face-down piles: the engine deals each pile again together with the zones' cards
of its pool that the seat does not know, and a card drawn from a pile is a reveal for undo."""

from __future__ import annotations

from typing import Any

from tabletop.engine import State, piles
from tabletop.engine.knowledge import ZONES, Zones, bit, everyone, knows, split_pool

from .content import CITIES, WILD

EQUIPMENT = "equipment"
RARITY = "rarity"
SHOP = "paupers-ladder:shop"  # the pool of a Shop's cards, split by their backs
RECIPES = "recipes"  # the Recipe deck, the draft hands and the Dispensary
QUESTS = "quests"
NECROMANCER = "necromancer"  # the Saltash necromancer's Outcome deck
FACEDOWN = "facedown:"  # + a Region: a solo face-down card
FACEDOWN_POOL = "paupers-ladder:facedown"
_DISPENSARY = [f"dispensary:{i}" for i in range(4)]


def pool_of(card: str) -> str:
    """The deck a face-down item card comes from, told by its back."""
    return RARITY if card.startswith("rar.") else EQUIPMENT


split_pool(SHOP, pool_of)


def zones(state: State) -> Zones:
    return Zones(state.data, len(state.data["players"]))


def all_seats(state: State) -> int:
    """Every seat (not the spectators: they watch the table, not the cards passed around)."""
    return (1 << len(state.data["players"])) - 1


# ---------------------------------------------------------------- the City Shops
def create_shops(data: dict[str, Any], players: int, shops: dict[str, list[str]]) -> None:
    """The Shops as set up: every card face down, known to nobody."""
    zone = Zones(data, players)
    for city in CITIES:
        zone.create(f"shop:{city}", shops[city], pool=SHOP)


def shop(state: State, city: str) -> list[str]:
    """A City Shop's cards, bottom first (a copy)."""
    return list(state.data[ZONES][f"shop:{city}"]["items"])


def shop_known(state: State, city: str, seat: int | None) -> list[str]:
    """The cards of a Shop that ``seat`` knows, bottom first."""
    zone = state.data[ZONES][f"shop:{city}"]
    return [c for c, m in zip(zone["items"], zone["known"], strict=True) if knows(m, seat)]


def peek_shop(state: State, seat: int, city: str) -> None:
    """``seat`` looks through a Shop's cards (every Shop card is learnt by looking: the zone
    does not note how, which keeps it small to copy)."""
    zones(state).learn(f"shop:{city}", bit(seat), "")


def take_from_shop(state: State, city: str, card: str) -> None:
    """A card leaves a Shop (bought, taken as a reward): the table sees which."""
    zones(state).take(f"shop:{city}", card, seen_by=all_seats(state))


def add_to_shop(state: State, city: str, card: str, known: int) -> None:
    """A card joins a Shop face down (``known``: who saw which card it is)."""
    zones(state).put(f"shop:{city}", card, known=known)


def swap_in_shop(state: State, city: str, at: int, card: str) -> None:
    """Put ``card`` in the place of the Shop's card at ``at`` (what is known of the place stays:
    a solo set-up step done before anyone looks)."""
    zone = state.data[ZONES][f"shop:{city}"]
    zones(state).put(f"shop:{city}", card, known=zone["known"][at], at=at)


def shop_of(state: State, card: str) -> str | None:
    """The City whose Shop holds ``card``, if any."""
    for city in CITIES:
        if card in state.data[ZONES][f"shop:{city}"]["items"]:
            return city
    return None


# ---------------------------------------------------------------- draw 2, keep 1
def hold_drawn(state: State, seat: int, cards: list[str]) -> None:
    """Cards drawn to keep 1: only the drawer sees them."""
    zone = zones(state)
    zone.create(f"drawn:{seat}", pool=EQUIPMENT)
    for card in cards:
        zone.put(f"drawn:{seat}", card, known=bit(seat), how="looked")


def drawn(state: State, seat: int) -> list[str]:
    zone = state.data[ZONES].get(f"drawn:{seat}")
    return list(zone["items"]) if zone is not None else []


def release_drawn(state: State, seat: int) -> list[str]:
    """The drawn cards, the zone gone (one is kept, the rest discarded face up)."""
    return list(state.data[ZONES].pop(f"drawn:{seat}")["items"])


# ---------------------------------------------------------------- what a choice lists
def keep_cards(state: State, frame: dict[str, Any]) -> list[str]:
    """The cards a "keep 1" choice offers: the drawn cards, the Equipment (not Rarities) of the
    Shops it looks into, or the cards tucked under a Region card."""
    src = frame.get("source")
    if src == "drawn":
        return drawn(state, frame["seat"])
    if src == "shops":
        return [c for city in frame["cities"] for c in shop(state, city) if pool_of(c) == EQUIPMENT]
    return list(frame["cards"])


# ---------------------------------------------------------------- the known tops of decks
_TOP = {dk: f"top:{dk}" for dk in WILD}
_OUTCOME_TOP = [f"outcome-top:{s}" for s in range(8)]


def top_zone(deck: str, seat: int | None = None) -> str:
    """The zone of the known top cards of a Region deck, or of ``seat``'s Outcome deck."""
    if deck == "outcome":
        assert seat is not None
        return _OUTCOME_TOP[seat]
    return _TOP.get(deck) or f"top:{deck}"


def deck_pile(state: State, deck: str, seat: int | None = None) -> dict[str, Any]:
    """The compact pile under a deck's known top (``seat``: whose Outcome deck)."""
    d = state.data
    if deck == "outcome":
        assert seat is not None
        pile: dict[str, Any] = d["players"][seat]["outcome_deck"]
        return pile
    pile = d["decks"][deck]
    return pile


def top_size(state: State, deck: str, seat: int | None = None) -> int:
    zone = state.data[ZONES].get(top_zone(deck, seat))
    return len(zone["items"]) if zone is not None else 0


def deck_size(state: State, deck: str, seat: int | None = None) -> int:
    """The cards left to draw in a deck (its known top and its pile)."""
    return top_size(state, deck, seat) + piles.size(deck_pile(state, deck, seat))


def peek_top(state: State, deck: str, seat: int, n: int, owner: int | None = None) -> list[str]:
    """``seat`` peeks at the top ``n`` cards of a deck (``owner``: whose Outcome deck): they
    join the deck's known top if they are not there yet. Returns them, top first."""
    name = top_zone(deck, owner)
    known_zones = state.data[ZONES]
    if name not in known_zones:
        zones(state).create(name, pool=deck if deck != "outcome" else f"outcome:{owner}")
    zone = known_zones[name]
    pile = deck_pile(state, deck, owner)
    while len(zone["items"]) < n and pile["draw"]:
        zone["items"].insert(0, piles.draw(pile, state.rng, reshuffle=False))  # under the known top
        zone["known"].insert(0, 0)
    if not zone["items"]:
        del known_zones[name]
        return []
    k = min(n, len(zone["items"]))
    for i in range(len(zone["items"]) - k, len(zone["items"])):
        zone["known"][i] |= bit(seat)
    zone.setdefault("how", {})[str(seat)] = "looked"
    return list(reversed(zone["items"][-k:]))


def known_top(state: State, deck: str, seat: int | None, owner: int | None = None) -> list[str]:
    """The cards on top of a deck that ``seat`` knows, top first."""
    zone = state.data[ZONES].get(top_zone(deck, owner))
    out: list[str] = []
    if zone is not None:
        for card, mask in zip(reversed(zone["items"]), reversed(zone["known"]), strict=True):
            if not knows(mask, seat):
                break
            out.append(card)
    return out


def draw_top(state: State, deck: str, owner: int | None = None) -> str | None:
    """The top card of a deck's known top, drawn in sight of the table (None: no known top)."""
    name = top_zone(deck, owner)
    zone = state.data[ZONES].get(name)
    if zone is None:
        return None
    card, _ = zones(state).take(name, seen_by=all_seats(state))
    if not zone["items"]:
        del state.data[ZONES][name]
    return str(card)


def reorder_top(
    state: State, deck: str, seat: int, top_first: list[str], owner: int | None
) -> None:
    """``seat`` puts the top cards back in the given order: only it knows the new order."""
    zone = state.data[ZONES][top_zone(deck, owner)]
    n = len(top_first)
    if sorted(zone["items"][-n:]) != sorted(top_first):
        raise ValueError("reorder must use exactly the cards on top of the deck")
    zone["items"][-n:] = list(reversed(top_first))
    zone["known"][-n:] = [bit(seat)] * n


def forget_top(state: State, deck: str, owner: int | None = None) -> None:
    """The known top goes back onto its pile, as it lay (the deck is shuffled or drawn down)."""
    zone = state.data[ZONES].pop(top_zone(deck, owner), None)
    if zone is not None:
        pile = deck_pile(state, deck, owner)
        piles.set_cards(pile, piles.cards(pile) + zone["items"])


def reorder_cards(state: State, frame: dict[str, Any]) -> list[str]:
    """The cards a pending "put them back in any order" holds: the deck's top ``count``, top
    first."""
    owner = frame["seat"] if frame["deck"] == "outcome" else None
    items = state.data[ZONES][top_zone(frame["deck"], owner)]["items"]
    return list(reversed(items[-int(frame["count"]) :]))


# ---------------------------------------------------------------- what nobody has seen
def create_dispensary(data: dict[str, Any], players: int, stacks: list[list[str]]) -> None:
    """The Dispensary's 4 stacks (bottom first): only each top card lies face up."""
    zone = Zones(data, players)
    for name, stack in zip(_DISPENSARY, stacks, strict=True):
        zone.create(name, stack, pool=RECIPES)
        if stack:
            zone.learn(name, everyone(players), "", at=len(stack) - 1)


def dispensary(state: State) -> list[list[str]]:
    """The Dispensary's stacks, bottom first, the face-up top last (4 empty stacks before the
    draft has ended)."""
    known_zones = state.data[ZONES]
    if _DISPENSARY[0] not in known_zones:
        return [[], [], [], []]
    return [list(known_zones[name]["items"]) for name in _DISPENSARY]


def take_from_dispensary(state: State, stack: int) -> str:
    """Take a stack's face-up top: the card under it is turned face up."""
    name = _DISPENSARY[stack]
    card, _ = zones(state).take(name, seen_by=all_seats(state))
    left = len(state.data[ZONES][name]["items"])
    if left:
        zones(state).learn(name, everyone(len(state.data["players"])), "", at=left - 1)
    return str(card)


def lay_facedown(data: dict[str, Any], players: int, cards: dict[str, str]) -> None:
    """Solo: a face-down card in each of these Regions (the Saltash Necromancer's Mines)."""
    zone = Zones(data, players)
    for region, card in cards.items():
        zone.create(FACEDOWN + region, [card], pool=FACEDOWN_POOL)


def facedown_regions(state: State) -> list[str]:
    """The Regions where a face-down card lies, in name order (where they lie is public)."""
    n = len(FACEDOWN)
    return sorted(name[n:] for name in state.data[ZONES] if name.startswith(FACEDOWN))


def facedown_in(state: State, region: str) -> bool:
    return FACEDOWN + region in state.data[ZONES]


def facedown_cards(state: State) -> dict[str, str]:
    """The face-down cards by Region (what they are: the rules' and the tests' business)."""
    known_zones = state.data[ZONES]
    return {r: str(known_zones[FACEDOWN + r]["items"][0]) for r in facedown_regions(state)}


def reveal_facedown(state: State, region: str) -> str:
    """Turn the face-down card of a Region face up (it leaves its zone for the Region)."""
    return str(state.data[ZONES].pop(FACEDOWN + region)["items"][0])


def facedown_piles(state: State) -> dict[str, dict[str, Any]]:
    """The compact face-down piles whose order nobody knows, by pool (see
    ``State.facedown_piles``): the Equipment and Rarity decks (pools shared with the Shops and
    the drawn cards), the Region decks and the Outcome decks (shared with their known tops), the
    Recipe deck (shared with the draft hands and the Dispensary), the Quest deck and the
    Saltash necromancer's deck."""
    d = state.data
    decks = d["decks"]
    out = {
        EQUIPMENT: decks[EQUIPMENT],
        RARITY: decks[RARITY],
        RECIPES: decks["recipe"],
        QUESTS: decks["quest"],
    }
    out.update({dk: decks[dk] for dk in WILD})
    out.update({f"outcome:{s}": p["outcome_deck"] for s, p in enumerate(d["players"])})
    solo = d.get("solo")
    if solo and "necromancer_deck" in solo:
        out[NECROMANCER] = solo["necromancer_deck"]
    return out


# ---------------------------------------------------------------- the Recipe draft
def hand(state: State, seat: int) -> list[str]:
    """A seat's Recipe draft hand (a knowledge zone while the draft runs)."""
    zone = state.data[ZONES].get(f"hand:{seat}")
    return list(zone["items"]) if zone is not None else []


def hand_how(state: State, seat: int, zone: str) -> str | None:
    """How ``seat`` last learnt a draft hand (``looked``, ``passed``), while the draft runs."""
    if zone not in state.data[ZONES]:
        return None
    return zones(state).how(zone, seat)
