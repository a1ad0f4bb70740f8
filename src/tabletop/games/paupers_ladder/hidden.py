"""The face-down cards of Paupers' Ladder in the kernel's knowledge zones
(``tabletop.engine.knowledge``). Not a rulebook section: the sections call these functions.

- Each City Shop is a zone (``shop:CITY``, bottom card first): its cards lie face down, and a
  seat that peeks at the Shop (buying, a dragon's nest, the thieves' guild) knows them until one
  it did not see leaves. Equipment and Rarity cards have different backs, so a Shop's Rarity is
  of the Rarity pool and the rest of the Equipment pool: a resample never turns one into the
  other.
- The cards a seat draws for "draw 2, keep 1" lie in ``drawn:SEAT`` (only the drawer knows them)
  until it keeps one.

The seats' views, the resample of what a seat does not know and the undo policy follow from the
zones. The Equipment and Rarity decks stay compact piles; :func:`resample` deals each again
together with the zones' cards of its pool that the seat does not know."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import piles
from tabletop.engine.knowledge import ZONES, Zones, bit, knows
from tabletop.engine.rng import Rng

from .content import CITIES

if TYPE_CHECKING:
    from .rules import PLState

EQUIPMENT = "equipment"
RARITY = "rarity"


def pool_of(card: str) -> str:
    """The deck a face-down item card comes from, told by its back."""
    return RARITY if card.startswith("rar.") else EQUIPMENT


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
        z.create(f"shop:{city}", pool=EQUIPMENT)
        for card in shops[city]:
            z.put(f"shop:{city}", card, known=0, pool=pool_of(card))


def shop(st: PLState, city: str) -> list[str]:
    """A City Shop's cards, bottom first (a copy)."""
    return list(st.data[ZONES][f"shop:{city}"]["items"])


def shop_known(st: PLState, city: str, seat: int | None) -> list[str]:
    """The cards of a Shop that ``seat`` knows, bottom first."""
    z = st.data[ZONES][f"shop:{city}"]
    return [c for c, m in zip(z["items"], z["known"], strict=True) if knows(m, seat)]


def peek_shop(st: PLState, seat: int, city: str) -> None:
    """``seat`` looks through a Shop's cards."""
    zones(st).learn(f"shop:{city}", bit(seat), "looked")


def take_from_shop(st: PLState, city: str, card: str) -> None:
    """A card leaves a Shop (bought, taken as a reward): the table sees which."""
    zones(st).take(f"shop:{city}", card, seen_by=all_seats(st))


def add_to_shop(st: PLState, city: str, card: str, known: int) -> None:
    """A card joins a Shop face down (``known``: who saw which card it is)."""
    zones(st).put(f"shop:{city}", card, known=known, pool=pool_of(card))


def swap_in_shop(st: PLState, city: str, at: int, card: str) -> None:
    """Put ``card`` in the place of the Shop's card at ``at`` (what is known of the place stays:
    a solo set-up step done before anyone looks)."""
    z = st.data[ZONES][f"shop:{city}"]
    zones(st).put(f"shop:{city}", card, known=z["known"][at], at=at, pool=pool_of(card))


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
        z.put(f"drawn:{seat}", card, known=bit(seat), how="looked", pool=pool_of(card))


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


# ---------------------------------------------------------------- resampling
def resample(st: PLState, seat: int | None, rng: Rng) -> None:
    """Deal the Equipment and the Rarity decks again, each together with the zones' cards of
    its pool that ``seat`` does not know (any of them may be any card it has not seen); the
    engine then redraws the unknown positions of every zone within their pools."""
    d = st.data
    zs = d[ZONES]
    for deck in (EQUIPMENT, RARITY):
        cards = piles.cards(d["decks"][deck])
        slots = []
        for name in sorted(zs):
            z = zs[name]
            own = z.get("pools")
            for i, mask in enumerate(z["known"]):
                if (own[i] if own is not None else z["pool"]) == deck and not knows(mask, seat):
                    slots.append((name, i))
        pool = cards + [zs[name]["items"][i] for name, i in slots]
        rng.shuffle(pool)
        piles.set_cards(d["decks"][deck], pool[: len(cards)])
        for (name, i), card in zip(slots, pool[len(cards) :], strict=True):
            zs[name]["items"][i] = card
