"""Phase 2, Deployment. Everyone at once arranges their Kingdom face down: new Units from the hand
go on empty spots, Units already in play may be moved or discarded to make room. Then everyone
reveals, pays the cost of the new Units only, keeps at most one card of the hand face down for
the next turn and discards the rest. The abilities of revealed Units then resolve (the Kraken's
penalty last, after the Golem's upgrades).

The whole arrangement is one decision, committed face down through the kernel's commitments (any
seat may change it until the last seat commits) and offered as one template: one parameter per
card the seat holds or has in play, saying where it goes (Front, Back; a card in hand may instead
be kept face down, at most one, or discarded; a Unit in play may be discarded). Within a row the
spots are alike (only Front or Back matters to the rules, ruling 14), so the arrangement names
rows and the game seats the Units: a Unit staying in its row keeps its spot, the others take the
free spots of the row in order (Units already in play first)."""

from __future__ import annotations

import copy
import gc
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from tabletop.engine import Action, piles
from tabletop.engine.knowledge import bit, everyone
from tabletop.engine.templates import Param, Template
from tabletop.engine.views import log

from .. import content as C
from .. import hidden
from ..effects import Ctx, fire
from ..state import BACK, EXTRA, FRONT, SPOTS, UnitInPlay
from . import kingdom

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..play import PTState

KIND = "deploy"
# where a card goes: the values of its parameter
IN_FRONT, IN_BACK, KEEP, DISCARD = "front", "back", "keep", "discard"
WORDS = {
    IN_FRONT: "Front",
    IN_BACK: "Back",
    KEEP: "keep face down",
    DISCARD: "discard",
}


def start(st: PTState) -> None:
    d = st.data
    d["phase"] = "deploy"
    for p in d["players"]:
        p["done"] = False
    log(d, f"Turn {d['turn']}: Deployment; everyone places Units face down")


def row_of(spot: int) -> str:
    return IN_FRONT if spot in FRONT else IN_BACK


def row_spots(st: PTState, seat: int) -> dict[str, tuple[int, ...]]:
    """The open spots of each row of a Kingdom (shared: not to be changed)."""
    return _ROWS[kingdom.open_spots(st, seat)]


def _rows(spots: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    return {
        IN_FRONT: tuple(s for s in spots if s in FRONT),
        IN_BACK: tuple(s for s in spots if s in BACK),
    }


# the rows of the two Kingdom shapes (with and without the extra spot), made once
_ROWS: dict[tuple[int, ...], dict[str, tuple[int, ...]]] = {
    spots: _rows(spots) for spots in ((0, 1, 2, 3), (0, 1, 2, 3, EXTRA))
}


def holdings(st: PTState, seat: int) -> tuple[dict[str, int], list[str]]:
    """The seat's Units in play (card -> spot) and its hand (sorted): what the decision places."""
    p = st.data["players"][seat]
    in_play = {u["c"]: spot for spot, u in enumerate(p["kingdom"]) if u is not None}
    return in_play, sorted(hidden.hand(st, seat))


def domain(card: str, spot: int | None) -> tuple[str, ...]:
    """Where one card may go: a Unit in play (at ``spot``) stays in its row first."""
    if spot is None:
        return (DISCARD, IN_FRONT, IN_BACK, KEEP)
    here = row_of(spot)
    return (here, IN_BACK if here == IN_FRONT else IN_FRONT, DISCARD)


def template(st: PTState, seat: int) -> Template:
    """The Deployment of one seat as a template: a parameter per card."""
    in_play, hand = holdings(st, seat)
    caps = row_spots(st, seat)
    gold = int(st.data["players"][seat]["gold"])
    return _template(
        tuple(sorted(in_play.items())), tuple(hand), len(caps[IN_FRONT]), len(caps[IN_BACK]), gold
    )


@lru_cache(maxsize=256)
def _template(
    in_play: tuple[tuple[str, int], ...], hand: tuple[str, ...], front: int, back: int, gold: int
) -> Template:
    """Made once per seat and Deployment (it stays the same while the others commit)."""
    spots = dict(in_play)
    unit = C.game_content().unit  # static content, loaded once per process
    params = []
    for card in sorted([*spots, *hand]):
        spot = spots.get(card)
        where = "in hand" if spot is None else kingdom.spot_name(spot)
        values = domain(card, spot)
        label = f"{unit(card).name} ({where})"
        params.append(Param.of(card, values, label, [WORDS[v] for v in values]))
    text = (
        f"Arrange your Kingdom face down: at most {front} Units in the Front and {back} in the "
        f"Back, new Units paid from {gold} Gold; keep at most one card of your hand face down."
    )
    return Template.of(KIND, *params, text=text)


def why_not(st: PTState, seat: int, action: Action) -> str | None:
    """Why an arrangement (admitted by the template) cannot be played now, or None."""
    in_play = {u["c"] for u in st.data["players"][seat]["kingdom"] if u is not None}
    caps = row_spots(st, seat)
    counts = {IN_FRONT: 0, IN_BACK: 0, KEEP: 0}
    cost = 0
    for card, where in action.args:
        if where in counts:
            counts[str(where)] += 1
        if card not in in_play and where in (IN_FRONT, IN_BACK):
            cost += st.content.unit(card).cost
    for row in (IN_FRONT, IN_BACK):
        if counts[row] > len(caps[row]):
            return (
                f"{counts[row]} Units in the {WORDS[row]} but this Kingdom has "
                f"{len(caps[row])} {WORDS[row]} spots"
            )
    if counts[KEEP] > 1:
        return "at most one card is kept face down"
    gold = int(st.data["players"][seat]["gold"])
    if cost > gold:
        return f"the new Units cost {cost} Gold and cannot be paid with {gold} (ruling 13)"
    return None


def explain(st: PTState, seat: int, action: Action) -> str:
    """Words for a refused arrangement: a card it should not name or misses, a place a card
    cannot go, or the rule it breaks."""
    in_play, hand = holdings(st, seat)
    names = dict(action.args)
    unknown = sorted(set(names) - set(in_play) - set(hand))
    if unknown:
        return f"{', '.join(unknown)}: not in seat {seat}'s hand or Kingdom"
    missing = sorted((set(in_play) | set(hand)) - set(names))
    if missing:
        return f"say where each card goes; missing: {', '.join(missing)}"
    for card, where in action.args:
        allowed = domain(card, in_play.get(card))
        if where not in allowed:
            return f"{card} may go to {', '.join(allowed)}, not {where!r}"
    return why_not(st, seat, action) or "not a legal arrangement"


def options(st: PTState, seat: int) -> list[Action]:
    """Every legal arrangement (for bots and the harness; a surface offers the template): the
    Front, then the Back from what is left, within the rows' spots and the Gold, then the card
    kept. Remembered by what decides it, since it stays the same while the others commit."""
    in_play, hand = holdings(st, seat)
    caps = row_spots(st, seat)
    rows = tuple(sorted((card, row_of(spot)) for card, spot in in_play.items()))
    gold = int(st.data["players"][seat]["gold"])
    return _options(rows, tuple(hand), gold, len(caps[IN_FRONT]), len(caps[IN_BACK]))


@lru_cache(maxsize=256)
def _options(
    in_play: tuple[tuple[str, str], ...], hand: tuple[str, ...], gold: int, front: int, back: int
) -> list[Action]:
    # tens of thousands of new tuples at once would wake the cycle collector over and over
    paused = gc.isenabled()
    gc.disable()
    try:
        return _enumerate(in_play, hand, gold, front, back)
    finally:
        if paused:
            gc.enable()


def _enumerate(
    in_play: tuple[tuple[str, str], ...], hand: tuple[str, ...], gold: int, front: int, back: int
) -> list[Action]:
    unit = C.game_content().unit  # static content, loaded once per process
    cards = sorted([*(c for c, _ in in_play), *hand])
    at = {c: i for i, c in enumerate(cards)}
    cost = {c: unit(c).cost for c in hand}
    mine = set(hand)
    # each (card, where) pair made once and shared by every action that holds it
    pair = [{w: (c, w) for w in (IN_FRONT, IN_BACK, KEEP, DISCARD)} for c in cards]
    out: list[Action] = []
    now = [pair[i][DISCARD] for i in range(len(cards))]
    for nf in range(min(front, len(cards)) + 1):
        for f in combinations(cards, nf):
            f_cost = sum(cost.get(c, 0) for c in f)
            rest = [c for c in cards if c not in f]
            for c in f:
                now[at[c]] = pair[at[c]][IN_FRONT]
            for nb in range(min(back, len(rest)) + 1):
                for b in combinations(rest, nb):
                    if f_cost + sum(cost.get(c, 0) for c in b) > gold:
                        continue
                    for c in b:
                        now[at[c]] = pair[at[c]][IN_BACK]
                    out.append(Action(KIND, tuple(now)))
                    for k in rest:
                        if k in mine and k not in b:
                            i = at[k]
                            now[i] = pair[i][KEEP]
                            out.append(Action(KIND, tuple(now)))
                            now[i] = pair[i][DISCARD]
                    for c in b:
                        now[at[c]] = pair[at[c]][DISCARD]
            for c in f:
                now[at[c]] = pair[at[c]][DISCARD]
    return out


def arrangement(st: PTState, seat: int, action: Action) -> list[UnitInPlay | None]:
    """The Kingdom an arrangement makes: a Unit staying in its row keeps its spot, the others
    take the free spots of their row in order (Units in play first, then new ones)."""
    p = st.data["players"][seat]
    old = {u["c"]: (spot, u) for spot, u in enumerate(p["kingdom"]) if u is not None}
    caps = row_spots(st, seat)
    out: list[UnitInPlay | None] = [None] * SPOTS
    movers: dict[str, list[UnitInPlay]] = {IN_FRONT: [], IN_BACK: []}
    fresh: dict[str, list[UnitInPlay]] = {IN_FRONT: [], IN_BACK: []}
    for card, where in sorted(action.args, key=lambda a: old[a[0]][0] if a[0] in old else 99):
        if where not in (IN_FRONT, IN_BACK):
            continue
        row = str(where)
        if card in old:
            spot, u = old[card]
            if spot in caps[row]:
                out[spot] = copy.copy(u)
            else:
                movers[row].append(copy.copy(u))
        else:
            fresh[row].append({"c": card, "age": 0, "new": True})
    for row in (IN_FRONT, IN_BACK):
        free = [s for s in caps[row] if out[s] is None]
        for spot, u in zip(free, [*movers[row], *sorted(fresh[row], key=lambda x: x["c"])]):
            out[spot] = u
    return out


def planned_cost(st: PTState, seat: int, mine: list[UnitInPlay | None]) -> int:
    """Gold the new Units of an arrangement cost (a Monkey's -1 gives Gold back)."""
    return sum(st.content.unit(u["c"]).cost for u in mine if u is not None and u["new"])


def kept_card(action: Action) -> str | None:
    for card, where in action.args:
        if where == KEEP:
            return card
    return None


def reveal(st: PTState, commitments: Mapping[int, Action]) -> None:
    """Everyone reveals at once and pays; unplaced hand cards are kept (one) or discarded."""
    d = st.data
    plans = {seat: arrangement(st, seat, a) for seat, a in commitments.items()}
    for seat, p in enumerate(d["players"]):
        mine = plans[seat]
        kept_ids = {u["c"] for u in mine if u is not None}
        gone = [u["c"] for u in p["kingdom"] if u is not None and u["c"] not in kept_ids]
        piles.add_discards(d["deck"], gone)
        cost = planned_cost(st, seat, mine)
        p["gold"] -= cost
        p["kingdom"] = mine
        keep = kept_card(commitments[seat])
        for c in hidden.hand(st, seat):
            if c in kept_ids:  # revealed into the Kingdom
                hidden.take(st, f"hand:{seat}", c, everyone(len(d["players"])))
            elif c == keep:
                hidden.move(st, f"hand:{seat}", f"kept:{seat}", c, seat)
            else:
                piles.add_discards(d["deck"], [hidden.take(st, f"hand:{seat}", c, bit(seat))])
        p["done"] = False
        new = [st.content.unit(u["c"]).name for u in mine if u is not None and u["new"]]
        words = ", ".join(new) if new else "no new Unit"
        log(d, f"{st.who(seat)} reveals {words} and pays {cost} Gold")
        if gone:
            log(d, f"{st.who(seat)} discards {len(gone)} Unit(s) from play")
    for seat in st.resolution_order():
        resolve_abilities(st, seat)
    for p in d["players"]:
        for u in p["kingdom"]:
            if u is not None:
                u["new"] = False
    d["phase"] = "deployed"


def words(st: PTState, seat: int, action: Action) -> str:
    """An arrangement in words: the rows, the kept card, what is discarded."""
    unit = st.content.unit
    groups: dict[str, list[str]] = {IN_FRONT: [], IN_BACK: [], KEEP: [], DISCARD: []}
    for card, where in action.args:
        groups.setdefault(str(where), []).append(unit(card).name)
    parts = [
        f"{WORDS[row]}: {', '.join(sorted(groups[row])) or 'nobody'}" for row in (IN_FRONT, IN_BACK)
    ]
    parts.append(f"keep {groups[KEEP][0]}" if groups[KEEP] else "keep no card")
    if groups[DISCARD]:
        parts.append(f"discard {', '.join(sorted(groups[DISCARD]))}")
    return "; ".join(parts)


def resolve_abilities(st: PTState, seat: int) -> None:
    """Deployment abilities of one Kingdom: Shapeshifters first, then by spot, the ones marked
    ``last`` (the Kraken's penalty) after all others; choices wait in the pending queue."""
    mine = st.data["players"][seat]["kingdom"]

    def triggers(u: UnitInPlay) -> list[C.Trigger]:
        unit = st.content.unit(u["c"])
        return [e for e in unit.triggers if e.when == "deploy" and (u["new"] or not e.flip)]

    for spot, u in enumerate(list(mine)):
        if u is None:
            continue
        for e in triggers(u):
            if isinstance(e, C.Shapeshift):
                fire(Ctx(st, seat, unit=u, spot=spot), e)
    later: list[tuple[Ctx, C.Trigger]] = []
    for spot, u in enumerate(list(mine)):
        if u is None or mine[spot] is not u:
            continue
        for e in triggers(u):
            if isinstance(e, C.Shapeshift):
                continue
            ctx = Ctx(st, seat, unit=u, spot=spot)
            if getattr(e, "last", False):
                later.append((ctx, e))
            else:
                fire(ctx, e)
    for ctx, e in later:
        fire(ctx, e)


def age_targets(st: PTState, seat: int, n: int) -> list[int]:
    """Units that may take ``n`` Age tokens (or, ``n`` negative, give some up)."""
    return [spot for spot, u in kingdom.units(st, seat) if n > 0 or u["age"] > 0]


def age_one(st: PTState, seat: int, spot: int, n: int, source: str) -> None:
    u = st.data["players"][seat]["kingdom"][spot]
    assert u is not None
    u["age"] = max(0, u["age"] + n)
    name = st.content.unit(u["c"]).name
    verb = f"puts {n} Age token(s) on" if n > 0 else f"takes {-n} Age token(s) off"
    log(st.data, f"{st.who(seat)}'s {source} {verb} {name}")


def upgrade_targets(st: PTState, seat: int) -> list[str]:
    owned = st.data["players"][seat]["buildings"]
    return [b for b in st.data["buildings"] if owned.get(b) == 1]


def upgrade_one(st: PTState, seat: int, building: str, source: str) -> None:
    st.data["players"][seat]["buildings"][building] = 2
    name = st.content.buildings[building].name
    log(st.data, f"{st.who(seat)}'s {source} raises the {name} to Level 2")
