"""The knowledge model: hidden things carry who knows them and how they learnt it.

A game keeps its hidden cards in *zones* inside ``state.data`` (through :class:`Zones`): a hand,
a draw pile, a secret grid. Each position of a zone holds one item (a card id, a rotation, ``None``
for an empty cell) and a *knowledge mask*: which seats know what lies there (bit ``1 << seat``;
``PUBLIC``: everyone, spectators included). Each zone also remembers, per seat, how it last
learnt something there (``looked``, ``passed``, ``revealed``, ``played``...). From this alone the
engine derives, for every game that uses zones:

- the **view**: :meth:`Zones.view` shows a seat the items it knows and only a count otherwise;
- the **resample** for a seat (``State.resample``): the items it does not know are redrawn
  among the positions it does not know, within the same *pool* (items of one pool are
  interchangeable, such as the cards of one deck), so a hand it passed on stays what it was.
  A pool may be split by the items' backs (:func:`split_pool`: a stack of cards from two decks);
- the **undo policy** (``tabletop.engine.undo``): an action after which some seat knows an item
  it did not know before, or fewer items of a pool are hidden from it (one left a face-down
  place for the open table), cannot be taken back.

A large face-down pile whose order nobody knows (a draw deck) may stay a compact pile
(:mod:`.piles`, cheaper to copy than a zone) that the game names with its pool
(``State.facedown_piles``): the model counts it as a zone of that pool known to no seat, so the
resample deals it again together with the unknown items of its pool, and drawing from it is a
reveal for undo.

Rules for moving things: moving items keeps what each seat knows about them, and who watched the
move (``seen_by``) keeps knowing; a seat that did not see *which* item left a zone loses track of
that whole zone (it no longer knows which items remain).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import piles as _piles
from .rng import Rng

ZONES = "_zones"
PUBLIC = 1 << 62
Item = Any


_SPLITS: dict[str, Callable[[Any], str]] = {}


def split_pool(pool: str, by: Callable[[Any], str]) -> None:
    """The items of zones of ``pool`` belong to the pool ``by(item)`` (cards of two decks stacked
    face down in one zone, told apart by their backs, are never redrawn as each other). Static,
    like a game's content: a game registers it once, at import; the state holds no copy."""
    _SPLITS[pool] = by


def item_pool(pool: str, item: Any) -> str:
    """The pool an item of a zone of ``pool`` is redrawn within."""
    split = _SPLITS.get(pool)
    return pool if split is None else split(item)


def bit(seat: int | None) -> int:
    """The knowledge bit of a seat (``None``, a spectator: what is public)."""
    return PUBLIC if seat is None else 1 << seat


def everyone(players: int) -> int:
    """Known to every seat and the spectators."""
    return PUBLIC | ((1 << players) - 1)


def knows(mask: int, seat: int | None) -> bool:
    return bool(mask & (bit(seat) | PUBLIC))


class Zones:
    """The zones of a state's data (``data["_zones"]``): ``{name: {"pool", "items", "known"}}``,
    and ``"how"`` once a seat learnt something there (absent until then: a smaller state to
    copy). A thin interface over plain data, like :class:`~tabletop.engine.components.Deck`."""

    __slots__ = ("players", "zones")

    def __init__(self, data: dict[str, Any], players: int) -> None:
        self.zones: dict[str, dict[str, Any]] = data.setdefault(ZONES, {})
        self.players = players

    # ------------------------------------------------------------------ reading
    def __contains__(self, name: str) -> bool:
        return name in self.zones

    def items(self, name: str) -> list[Item]:
        """The items of a zone, bottom (first) to top (last), a copy."""
        return list(self.zones[name]["items"])

    def size(self, name: str) -> int:
        return len(self.zones[name]["items"])

    def known(self, name: str) -> list[int]:
        return list(self.zones[name]["known"])

    def how(self, name: str, seat: int) -> str | None:
        """How ``seat`` last learnt something in this zone."""
        found: str | None = self.zones[name].get("how", {}).get(str(seat))
        return found

    def known_items(self, seat: int | None) -> list[tuple[str, int, Item]]:
        """Every (zone, position, item) ``seat`` knows."""
        return [
            (name, i, item)
            for name, z in sorted(self.zones.items())
            for i, (item, mask) in enumerate(zip(z["items"], z["known"], strict=True))
            if knows(mask, seat)
        ]

    def view(self, name: str, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees of a zone: its size, and the items it knows (``None`` where it does
        not know), or only the size when it knows none."""
        z = self.zones[name]
        shown = [item if knows(m, seat) else None for item, m in zip(z["items"], z["known"])]
        out: dict[str, Any] = {"count": len(shown)}
        if any(knows(m, seat) for m in z["known"]):
            out["items"] = shown
        return out

    # ------------------------------------------------------------------ changing
    def create(self, name: str, items: Sequence[Item] = (), *, pool: str, known: int = 0) -> None:
        """A new zone of ``pool`` holding ``items``, each known to ``known`` (a mask)."""
        self.zones[name] = {
            "pool": pool,
            "items": list(items),
            "known": [known] * len(items),
        }

    def _note(self, name: str, mask: int, how: str) -> None:
        if not how:
            return
        hows = self.zones[name].setdefault("how", {})
        for seat in range(self.players):
            if mask & (1 << seat):
                hows[str(seat)] = how

    def put(
        self, name: str, item: Item, *, known: int, how: str = "", at: int | None = None
    ) -> None:
        """Put ``item`` on top of a zone (or at position ``at``: replacing what lies there, for
        fixed-size zones such as a grid), known to ``known``."""
        z = self.zones[name]
        if at is None:
            z["items"].append(item)
            z["known"].append(known)
        else:
            z["items"][at] = item
            z["known"][at] = known
        self._note(name, known, how)

    def put_all(self, name: str, items: list[Item], *, known: int, how: str = "") -> None:
        """:meth:`put` of each of ``items`` in turn, on top of a zone, all known to ``known``
        (a deal: one extension of the zone's lists, not a call a card)."""
        if not items:
            return
        z = self.zones[name]
        z["items"].extend(items)
        z["known"].extend([known] * len(items))
        self._note(name, known, how)

    def take(
        self, name: str, item: Item | None = None, *, seen_by: int, at: int | None = None
    ) -> tuple[Item, int]:
        """Take ``item`` (or the one at ``at``, default the top) out of a zone. Returns it with
        what is still known of it: only by the seats in ``seen_by`` (who watched which item
        left); every other seat loses track of the rest of the zone."""
        z = self.zones[name]
        if at is None:
            at = len(z["items"]) - 1 if item is None else z["items"].index(item)
        found = z["items"].pop(at)
        mask = z["known"].pop(at)
        keep = seen_by | PUBLIC
        z["known"] = [m & keep if m & PUBLIC == 0 else m for m in z["known"]]
        return found, mask & seen_by

    def move(
        self,
        src: str,
        dst: str,
        item: Item | None = None,
        *,
        seen_by: int,
        learn: int = 0,
        how: str = "",
    ) -> Item:
        """Move ``item`` (default the top) from ``src`` to the top of ``dst``: the watchers in
        ``seen_by`` keep knowing it, the seats in ``learn`` learn it (noted as ``how``)."""
        found, mask = self.take(src, item, seen_by=seen_by)
        self.put(dst, found, known=mask | learn, how=how)
        return found

    def learn(self, name: str, seats: int, how: str, at: int | None = None) -> None:
        """The seats in the mask ``seats`` learn every item of a zone (or the one at ``at``)."""
        z = self.zones[name]
        positions = range(len(z["items"])) if at is None else [at]
        for i in positions:
            z["known"][i] |= seats
        self._note(name, seats, how)

    def reveal(self, name: str, how: str = "revealed", at: int | None = None) -> None:
        """Everyone (spectators too) learns the zone (or one position)."""
        self.learn(name, everyone(self.players), how, at)

    def shuffle(self, name: str, rng: Rng) -> None:
        """Shuffle a zone: afterwards nobody knows which item lies where (public items too,
        unless the whole zone was public)."""
        z = self.zones[name]
        rng.shuffle(z["items"])
        if not all(m & PUBLIC for m in z["known"]):
            z["known"] = [0] * len(z["items"])


def resample_zones(
    data: dict[str, Any],
    seat: int | None,
    rng: Rng,
    facedown: Mapping[str, _piles.Pile] | None = None,
) -> bool:
    """Redraw, within each pool, the items at the positions ``seat`` does not know (what it
    knows stays where it is), dealing each face-down pile of ``facedown`` (by pool, see
    ``State.facedown_piles``) again together with them. True when anything could change."""
    zones: dict[str, dict[str, Any]] = data.get(ZONES) or {}
    pools: dict[str, list[tuple[str, int]]] = {}
    for name in sorted(zones):
        z = zones[name]
        split = _SPLITS.get(z["pool"])
        for i, mask in enumerate(z["known"]):
            if not knows(mask, seat):
                pool = z["pool"] if split is None else split(z["items"][i])
                pools.setdefault(pool, []).append((name, i))
    changed = False
    for pool in sorted(set(pools) | set(facedown or ())):
        slots = pools.get(pool, [])
        pile = facedown.get(pool) if facedown else None
        deck = _piles.cards(pile) if pile is not None else []
        items = deck + [zones[name]["items"][i] for name, i in slots]
        if len(set(map(repr, items))) > 1:
            changed = True
        rng.shuffle(items)
        if pile is not None:
            _piles.set_cards(pile, items[: len(deck)])
        for (name, i), item in zip(slots, items[len(deck) :], strict=True):
            zones[name]["items"][i] = item
    return changed


def learnt(
    before: dict[str, Any],
    after: dict[str, Any],
    players: int,
    facedown_before: Mapping[str, int] | None = None,
    facedown_after: Mapping[str, int] | None = None,
) -> int | None:
    """A seat (or ``-1`` for the spectators) that knows an item after that it did not know
    before (counted as items per pool, so moving a known card keeps it known, and an item put
    into the zones from the open table was known already), or from which
    fewer items of a pool are hidden after (an item it did not know left the face-down places,
    such as a card drawn face up from a deck), or None. ``facedown_*``: the sizes of the
    face-down piles by pool (``State.facedown_piles``), hidden from every seat."""
    arrived = _known_counts(after, -1)  # every item in the zones, known or not
    for key, n in _known_counts(before, -1).items():
        arrived[key] = arrived.get(key, 0) - n
    for seat in [*range(players), None]:
        known_before = _known_counts(before, seat)
        for key, n in _known_counts(after, seat).items():
            # an item put into a zone from the open (a card sold to a Shop) was known already
            if n - known_before.get(key, 0) > max(arrived.get(key, 0), 0):
                return -1 if seat is None else seat
        if seat is None:  # spectators do not play: only what is hidden from a seat counts here
            break
        hidden_after = _hidden_counts(after, seat, facedown_after)
        for pool, n in _hidden_counts(before, seat, facedown_before).items():
            if hidden_after.get(pool, 0) < n:
                return int(seat)
    return None


def _known_counts(data: dict[str, Any], seat: int | None) -> dict[tuple[str, str], int]:
    """The items ``seat`` knows in the zones, by (pool, item); ``seat`` -1: every item."""
    out: dict[tuple[str, str], int] = {}
    for z in (data.get(ZONES) or {}).values():
        for item, mask in zip(z["items"], z["known"], strict=True):
            if seat == -1 or knows(mask, seat):
                key = (item_pool(z["pool"], item), repr(item))
                out[key] = out.get(key, 0) + 1
    return out


def _hidden_counts(
    data: dict[str, Any], seat: int | None, facedown: Mapping[str, int] | None
) -> dict[str, int]:
    out: dict[str, int] = dict(facedown or {})
    for z in (data.get(ZONES) or {}).values():
        for item, mask in zip(z["items"], z["known"], strict=True):
            if not knows(mask, seat):
                pool = item_pool(z["pool"], item)
                out[pool] = out.get(pool, 0) + 1
    return out
