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

from typing import TYPE_CHECKING, Any

from tabletop.engine import piles
from tabletop.engine.knowledge import ZONES, Zones, bit, everyone, knows, split_pool

from .content import CITIES, WILD

if TYPE_CHECKING:
    from .rules import PLState

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


def zones(st: PLState) -> Zones:
    return Zones(st.data, len(st.data["players"]))


def all_seats(st: PLState) -> int:
    """Every seat (not the spectators: they watch the table, not the cards passed around)."""
    return (1 << len(st.data["players"])) - 1


# ---------------------------------------------------------------- the City Shops
def create_shops(data: dict[str, Any], players: int, shops: dict[str, list[str]]) -> None:
    """The Shops as set up: every card face down, known to nobody."""
    z = Zones(data, players)
    for city in CITIES:
        z.create(f"shop:{city}", shops[city], pool=SHOP)


def shop(st: PLState, city: str) -> list[str]:
    """A City Shop's cards, bottom first (a copy)."""
    return list(st.data[ZONES][f"shop:{city}"]["items"])


def shop_known(st: PLState, city: str, seat: int | None) -> list[str]:
    """The cards of a Shop that ``seat`` knows, bottom first."""
    z = st.data[ZONES][f"shop:{city}"]
    return [c for c, m in zip(z["items"], z["known"], strict=True) if knows(m, seat)]


def peek_shop(st: PLState, seat: int, city: str) -> None:
    """``seat`` looks through a Shop's cards (every Shop card is learnt by looking: the zone
    does not note how, which keeps it small to copy)."""
    zones(st).learn(f"shop:{city}", bit(seat), "")


def take_from_shop(st: PLState, city: str, card: str) -> None:
    """A card leaves a Shop (bought, taken as a reward): the table sees which."""
    zones(st).take(f"shop:{city}", card, seen_by=all_seats(st))


def add_to_shop(st: PLState, city: str, card: str, known: int) -> None:
    """A card joins a Shop face down (``known``: who saw which card it is)."""
    zones(st).put(f"shop:{city}", card, known=known)


def swap_in_shop(st: PLState, city: str, at: int, card: str) -> None:
    """Put ``card`` in the place of the Shop's card at ``at`` (what is known of the place stays:
    a solo set-up step done before anyone looks)."""
    z = st.data[ZONES][f"shop:{city}"]
    zones(st).put(f"shop:{city}", card, known=z["known"][at], at=at)


def shop_of(st: PLState, card: str) -> str | None:
    """The City whose Shop holds ``card``, if any."""
    for city in CITIES:
        if card in st.data[ZONES][f"shop:{city}"]["items"]:
            return city
    return None


# ---------------------------------------------------------------- draw 2, keep 1
def hold_drawn(st: PLState, seat: int, cards: list[str]) -> None:
    """Cards drawn to keep 1: only the drawer sees them."""
    z = zones(st)
    z.create(f"drawn:{seat}", pool=EQUIPMENT)
    for card in cards:
        z.put(f"drawn:{seat}", card, known=bit(seat), how="looked")


def drawn(st: PLState, seat: int) -> list[str]:
    zone = st.data[ZONES].get(f"drawn:{seat}")
    return list(zone["items"]) if zone is not None else []


def release_drawn(st: PLState, seat: int) -> list[str]:
    """The drawn cards, the zone gone (one is kept, the rest discarded face up)."""
    return list(st.data[ZONES].pop(f"drawn:{seat}")["items"])


# ---------------------------------------------------------------- what a choice lists
def keep_cards(st: PLState, f: dict[str, Any]) -> list[str]:
    """The cards a "keep 1" choice offers: the drawn cards, the Equipment (not Rarities) of the
    Shops it looks into, or the cards tucked under a Region card."""
    src = f.get("src")
    if src == "drawn":
        return drawn(st, f["seat"])
    if src == "shops":
        return [c for city in f["cities"] for c in shop(st, city) if pool_of(c) == EQUIPMENT]
    return list(f["cards"])


# ---------------------------------------------------------------- the known tops of decks
_TOP = {dk: f"top:{dk}" for dk in WILD}
_OUTCOME_TOP = [f"outcome-top:{s}" for s in range(8)]


def top_zone(deck: str, seat: int | None = None) -> str:
    """The zone of the known top cards of a Region deck, or of ``seat``'s Outcome deck."""
    if deck == "outcome":
        assert seat is not None
        return _OUTCOME_TOP[seat]
    return _TOP.get(deck) or f"top:{deck}"


def deck_pile(st: PLState, deck: str, seat: int | None = None) -> dict[str, Any]:
    """The compact pile under a deck's known top (``seat``: whose Outcome deck)."""
    d = st.data
    if deck == "outcome":
        assert seat is not None
        pile: dict[str, Any] = d["players"][seat]["outcome_deck"]
        return pile
    pile = d["decks"][deck]
    return pile


def top_size(st: PLState, deck: str, seat: int | None = None) -> int:
    zone = st.data[ZONES].get(top_zone(deck, seat))
    return len(zone["items"]) if zone is not None else 0


def deck_size(st: PLState, deck: str, seat: int | None = None) -> int:
    """The cards left to draw in a deck (its known top and its pile)."""
    return top_size(st, deck, seat) + piles.size(deck_pile(st, deck, seat))


def peek_top(st: PLState, deck: str, seat: int, n: int, owner: int | None = None) -> list[str]:
    """``seat`` peeks at the top ``n`` cards of a deck (``owner``: whose Outcome deck): they
    join the deck's known top if they are not there yet. Returns them, top first."""
    name = top_zone(deck, owner)
    zs = st.data[ZONES]
    if name not in zs:
        zones(st).create(name, pool=deck if deck != "outcome" else f"outcome:{owner}")
    z = zs[name]
    pile = deck_pile(st, deck, owner)
    while len(z["items"]) < n and pile["draw"]:
        z["items"].insert(0, piles.draw(pile, st.rng, reshuffle=False))  # under the known top
        z["known"].insert(0, 0)
    if not z["items"]:
        del zs[name]
        return []
    k = min(n, len(z["items"]))
    for i in range(len(z["items"]) - k, len(z["items"])):
        z["known"][i] |= bit(seat)
    z.setdefault("how", {})[str(seat)] = "looked"
    return list(reversed(z["items"][-k:]))


def known_top(st: PLState, deck: str, seat: int | None, owner: int | None = None) -> list[str]:
    """The cards on top of a deck that ``seat`` knows, top first."""
    zone = st.data[ZONES].get(top_zone(deck, owner))
    out: list[str] = []
    if zone is not None:
        for card, mask in zip(reversed(zone["items"]), reversed(zone["known"]), strict=True):
            if not knows(mask, seat):
                break
            out.append(card)
    return out


def draw_top(st: PLState, deck: str, owner: int | None = None) -> str | None:
    """The top card of a deck's known top, drawn in sight of the table (None: no known top)."""
    name = top_zone(deck, owner)
    zone = st.data[ZONES].get(name)
    if zone is None:
        return None
    card, _ = zones(st).take(name, seen_by=all_seats(st))
    if not zone["items"]:
        del st.data[ZONES][name]
    return str(card)


def reorder_top(st: PLState, deck: str, seat: int, top_first: list[str], owner: int | None) -> None:
    """``seat`` puts the top cards back in the given order: only it knows the new order."""
    z = st.data[ZONES][top_zone(deck, owner)]
    n = len(top_first)
    if sorted(z["items"][-n:]) != sorted(top_first):
        raise ValueError("reorder must use exactly the cards on top of the deck")
    z["items"][-n:] = list(reversed(top_first))
    z["known"][-n:] = [bit(seat)] * n


def forget_top(st: PLState, deck: str, owner: int | None = None) -> None:
    """The known top goes back onto its pile, as it lay (the deck is shuffled or drawn down)."""
    zone = st.data[ZONES].pop(top_zone(deck, owner), None)
    if zone is not None:
        pile = deck_pile(st, deck, owner)
        piles.set_cards(pile, piles.cards(pile) + zone["items"])


def reorder_cards(st: PLState, f: dict[str, Any]) -> list[str]:
    """The cards a pending "put them back in any order" holds: the deck's top ``count``, top
    first."""
    owner = f["seat"] if f["deck"] == "outcome" else None
    items = st.data[ZONES][top_zone(f["deck"], owner)]["items"]
    return list(reversed(items[-int(f["count"]) :]))


# ---------------------------------------------------------------- what nobody has seen
def create_dispensary(data: dict[str, Any], players: int, stacks: list[list[str]]) -> None:
    """The Dispensary's 4 stacks (bottom first): only each top card lies face up."""
    z = Zones(data, players)
    for name, stack in zip(_DISPENSARY, stacks, strict=True):
        z.create(name, stack, pool=RECIPES)
        if stack:
            z.learn(name, everyone(players), "", at=len(stack) - 1)


def dispensary(st: PLState) -> list[list[str]]:
    """The Dispensary's stacks, bottom first, the face-up top last (4 empty stacks before the
    draft has ended)."""
    zs = st.data[ZONES]
    if _DISPENSARY[0] not in zs:
        return [[], [], [], []]
    return [list(zs[name]["items"]) for name in _DISPENSARY]


def take_from_dispensary(st: PLState, stack: int) -> str:
    """Take a stack's face-up top: the card under it is turned face up."""
    name = _DISPENSARY[stack]
    card, _ = zones(st).take(name, seen_by=all_seats(st))
    left = len(st.data[ZONES][name]["items"])
    if left:
        zones(st).learn(name, everyone(len(st.data["players"])), "", at=left - 1)
    return str(card)


def lay_facedown(data: dict[str, Any], players: int, cards: dict[str, str]) -> None:
    """Solo: a face-down card in each of these Regions (the Saltash Necromancer's Mines)."""
    z = Zones(data, players)
    for region, card in cards.items():
        z.create(FACEDOWN + region, [card], pool=FACEDOWN_POOL)


def facedown_regions(st: PLState) -> list[str]:
    """The Regions where a face-down card lies, in name order (where they lie is public)."""
    n = len(FACEDOWN)
    return sorted(name[n:] for name in st.data[ZONES] if name.startswith(FACEDOWN))


def facedown_in(st: PLState, region: str) -> bool:
    return FACEDOWN + region in st.data[ZONES]


def facedown_cards(st: PLState) -> dict[str, str]:
    """The face-down cards by Region (what they are: the rules' and the tests' business)."""
    zs = st.data[ZONES]
    return {r: str(zs[FACEDOWN + r]["items"][0]) for r in facedown_regions(st)}


def reveal_facedown(st: PLState, region: str) -> str:
    """Turn the face-down card of a Region face up (it leaves its zone for the Region)."""
    return str(st.data[ZONES].pop(FACEDOWN + region)["items"][0])


def facedown_piles(st: PLState) -> dict[str, dict[str, Any]]:
    """The compact face-down piles whose order nobody knows, by pool (see
    ``State.facedown_piles``): the Equipment and Rarity decks (pools shared with the Shops and
    the drawn cards), the Region decks and the Outcome decks (shared with their known tops), the
    Recipe deck (shared with the draft hands and the Dispensary), the Quest deck and the
    Saltash necromancer's deck."""
    d = st.data
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
