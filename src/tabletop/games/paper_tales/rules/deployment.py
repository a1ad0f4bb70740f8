# Over 600 lines: the whole Deployment, its template, listing, counted draw and reveal.
"""Phase 2, Deployment. Everyone at once arranges their Kingdom face down: new Units from the hand
go on empty spots, Units already in play may be moved or discarded to make room. Then everyone
reveals, pays the cost of the new Units only, keeps at most one card of the hand face down for
the next turn and discards the rest. The abilities of revealed Units then resolve (the Kraken's
penalty last, after the Golem's upgrades).

The whole arrangement is one decision, committed face down through the kernel's commitments (any
seat may change it until the last seat commits) and offered as one template: one parameter per
card the seat holds or has in play, saying where it goes (Front, Back; a card in hand may instead
be kept face down, at most one, or discarded; a Unit in play may be discarded; a card the hand
cannot pay for is offered no row). Within a row the spots are alike (only Front or Back matters
to the rules, ruling 14), so the arrangement names rows and the game seats the Units: a Unit
staying in its row keeps its spot, the others take the free spots of the row in order (Units
already in play first)."""

from __future__ import annotations

import gc
from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from tabletop.engine import Action, piles
from tabletop.engine.rng import Rng
from tabletop.engine.templates import Param, Template
from tabletop.engine.views import log

from .. import hidden
from ..content import Shapeshift, Trigger, game_content
from ..state import BACK, EXTRA, FRONT, SPOTS, UnitInPlay
from .kingdom import Holder, fire, open_spots, spot_name, unit_abilities, units

if TYPE_CHECKING:
    from ..state import PaperTalesState

KIND = "deploy"
# where a card goes: the values of its parameter
IN_FRONT, IN_BACK, KEEP, DISCARD = "front", "back", "keep", "discard"
WORDS = {
    IN_FRONT: "Front",
    IN_BACK: "Back",
    KEEP: "keep face down",
    DISCARD: "discard",
}
PLACES = (IN_FRONT, IN_BACK, KEEP, DISCARD)


def start(state: PaperTalesState) -> None:
    data = state.data
    data["phase"] = "deploy"
    log(data, f"Turn {data['turn']}: Deployment; everyone places Units face down")


def row_of(spot: int) -> str:
    return IN_FRONT if spot in FRONT else IN_BACK


def row_spots(state: PaperTalesState, seat: int) -> dict[str, tuple[int, ...]]:
    """The open spots of each row of a Kingdom (shared: not to be changed)."""
    return _ROWS[open_spots(state, seat)]


def _rows(spots: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    return {
        IN_FRONT: tuple(s for s in spots if s in FRONT),
        IN_BACK: tuple(s for s in spots if s in BACK),
    }


# the rows of the two Kingdom shapes (with and without the extra spot), made once
_ROWS: dict[tuple[int, ...], dict[str, tuple[int, ...]]] = {
    spots: _rows(spots) for spots in ((0, 1, 2, 3), (0, 1, 2, 3, EXTRA))
}


def holdings(state: PaperTalesState, seat: int) -> tuple[dict[str, int], list[str]]:
    """The seat's Units in play (card -> spot) and its hand (sorted): what the decision places."""
    kingdom = state.player(seat)["kingdom"]
    in_play = {unit["card"]: spot for spot, unit in enumerate(kingdom) if unit is not None}
    return in_play, sorted(hidden.hand(state, seat))


def domain(card: str, spot: int | None) -> tuple[str, ...]:
    """Where one card may go: a Unit in play (at ``spot``) stays in its row first."""
    if spot is None:
        return (DISCARD, IN_FRONT, IN_BACK, KEEP)
    here = row_of(spot)
    return (here, IN_BACK if here == IN_FRONT else IN_FRONT, DISCARD)


def offered(card: str, spot: int | None, cost: int, budget: int) -> tuple[str, ...]:
    """The places the template offers a card: its :func:`domain`, less the rows for a card in
    hand its owner cannot pay for even with every Gold the hand can give (``budget``: the Gold
    and every Monkey's; ruling 13), which no legal arrangement puts there; fewer arrangements
    are drawn only to be refused."""
    if spot is None and cost > budget:
        return (DISCARD, KEEP)
    return domain(card, spot)


def template(state: PaperTalesState, seat: int) -> Template:
    """The Deployment of one seat as a template: a parameter per card."""
    in_play, hand = holdings(state, seat)
    caps = row_spots(state, seat)
    gold = int(state.player(seat)["gold"])
    return _template(
        tuple(sorted(in_play.items())), tuple(hand), len(caps[IN_FRONT]), len(caps[IN_BACK]), gold
    )


@lru_cache(maxsize=32)
def _template(
    in_play: tuple[tuple[str, int], ...], hand: tuple[str, ...], front: int, back: int, gold: int
) -> Template:
    """Made once per seat and Deployment (it stays the same while the others commit)."""
    spots = dict(in_play)
    unit = game_content().unit  # static content, loaded once per process
    budget = gold - sum(min(0, unit(card).cost) for card in hand)
    params = []
    for card in sorted([*spots, *hand]):
        spot = spots.get(card)
        params.append(_param(card, spot, offered(card, spot, unit(card).cost, budget)))
    text = (
        f"Arrange your Kingdom face down: at most {front} Units in the Front and {back} in the "
        f"Back, new Units paid from {gold} Gold; keep at most one card of your hand face down."
    )
    return Template.of(KIND, *params, text=text)


@lru_cache(maxsize=4096)
def _param(card: str, spot: int | None, values: tuple[str, ...]) -> Param:
    """One card's parameter (``spot``: where it is in play, None: in hand), made once: the
    same cards come back in every Deployment of a process."""
    face = game_content().unit(card)
    if spot is None:
        where = f"in hand: {face.cost_words()}, strength {face.strength}"
    else:
        where = f"{spot_name(spot)}, strength {face.strength}"
    return Param.of(card, values, f"{face.name} ({where})", [WORDS[v] for v in values])


def limits(state: PaperTalesState, seat: int) -> tuple[dict[str, int], int, int, int]:
    """What an arrangement of ``seat`` is held to now: the cost of each card in hand, the Front
    and Back spots and the Gold. Remembered until the data changes (a random draw checks
    several arrangements of one seat against the same state)."""
    key = f"deploy-limits:{seat}"
    memo: tuple[dict[str, int], int, int, int] | None = state._cache.get(key)
    if memo is None:
        unit = state.content.instance_type
        costs = {card: unit[card].cost for card in hidden.hand(state, seat)}
        caps = row_spots(state, seat)
        gold = int(state.player(seat)["gold"])
        memo = (costs, len(caps[IN_FRONT]), len(caps[IN_BACK]), gold)
        state._cache[key] = memo
    return memo


def why_not(state: PaperTalesState, seat: int, action: Action) -> str | None:
    """Why an arrangement (admitted by the template) cannot be played now, in players' words,
    or None."""
    costs, front, back, gold = limits(state, seat)
    fronts = backs = kept = cost = 0
    for card, where in action.args:
        if where == IN_FRONT:
            fronts += 1
            cost += costs.get(card, 0)  # a Unit in play is paid already
        elif where == IN_BACK:
            backs += 1
            cost += costs.get(card, 0)
        elif where == KEEP:
            kept += 1
    for row, placed, spots in ((IN_FRONT, fronts, front), (IN_BACK, backs, back)):
        if placed > spots:
            return (
                f"{placed} Units in the {WORDS[row]}, but your Kingdom has "
                f"{spots} {WORDS[row]} spots"
            )
    if kept > 1:
        return "you may keep at most one card face down"
    if cost > gold:
        return f"your new Units cost {cost} Gold and you have {gold} (ruling 13)"
    return None


def explain(state: PaperTalesState, seat: int, action: Action) -> str:
    """Players' words for a refused arrangement: a card it should not name or misses, a place a
    card cannot go, or the rule it breaks."""
    in_play, hand = holdings(state, seat)
    places = dict(action.args)
    unknown = sorted(set(places) - set(in_play) - set(hand))
    if unknown:
        return f"{_names(state, unknown)}: not in your hand or Kingdom"
    missing = sorted((set(in_play) | set(hand)) - set(places))
    if missing:
        return f"say where every card goes; nothing said for {_names(state, missing)}"
    for card, where in action.args:
        allowed = domain(card, in_play.get(card))
        if where not in allowed:
            name = _names(state, [card])
            return f"the {name} may go to {', '.join(WORDS[v] for v in allowed)}, not {where!r}"
    return why_not(state, seat, action) or "not a legal arrangement"


def _names(state: PaperTalesState, cards: list[str]) -> str:
    """Cards by name where they are cards of the game (else as given)."""
    known = state.content.instance_type
    return ", ".join(known[c].name if c in known else repr(c) for c in cards)


def options(state: PaperTalesState, seat: int) -> list[Action]:
    """Every legal arrangement (for bots and the harness; a surface offers the template): the
    Front, then the Back from what is left, within the rows' spots and the Gold, then the card
    kept. Remembered by what decides it, since it stays the same while the others commit."""
    in_play, hand = holdings(state, seat)
    caps = row_spots(state, seat)
    rows = tuple(sorted((card, row_of(spot)) for card, spot in in_play.items()))
    gold = int(state.player(seat)["gold"])
    return _options(rows, tuple(hand), gold, len(caps[IN_FRONT]), len(caps[IN_BACK]))


# few listings kept: each holds up to tens of thousands of actions the cycle collector walks
@lru_cache(maxsize=8)
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
    unit = game_content().unit  # static content, loaded once per process
    cards = sorted([*(card for card, _ in in_play), *hand])
    at = {card: i for i, card in enumerate(cards)}
    cost = {card: unit(card).cost for card in hand}
    mine = set(hand)
    # each (card, where) pair made once and shared by every action that holds it
    pair = [{where: (card, where) for where in PLACES} for card in cards]
    found: list[Action] = []
    now = [pair[i][DISCARD] for i in range(len(cards))]
    for in_front in range(min(front, len(cards)) + 1):
        for fronts in combinations(cards, in_front):
            front_cost = sum(cost.get(card, 0) for card in fronts)
            rest = [card for card in cards if card not in fronts]
            for card in fronts:
                now[at[card]] = pair[at[card]][IN_FRONT]
            for in_back in range(min(back, len(rest)) + 1):
                for backs in combinations(rest, in_back):
                    if front_cost + sum(cost.get(card, 0) for card in backs) > gold:
                        continue
                    for card in backs:
                        now[at[card]] = pair[at[card]][IN_BACK]
                    found.append(Action(KIND, tuple(now)))
                    for kept in rest:
                        if kept in mine and kept not in backs:
                            i = at[kept]
                            now[i] = pair[i][KEEP]
                            found.append(Action(KIND, tuple(now)))
                            now[i] = pair[i][DISCARD]
                    for card in backs:
                        now[at[card]] = pair[at[card]][DISCARD]
            for card in fronts:
                now[at[card]] = pair[at[card]][DISCARD]
    return found


def draw(state: PaperTalesState, seat: int, rng: Rng) -> Action:
    """A legal arrangement drawn uniformly at random (every one of :func:`options` equally
    likely) without listing them: the legal arrangements are counted (:class:`Arrangements`)
    and the one numbered ``rng.below(count)`` is built. One draw, legal by construction."""
    found = Arrangements(state, seat)
    return found.numbered(rng.below(found.total))


class Arrangements:
    """The legal arrangements of one seat's Deployment, counted and numbered without listing
    them. An arrangement is: which cards of the hand go into play (``placed``: Units the seat
    can afford, and together no more than the Gold, ruling 13), the card kept face down (none,
    or one of the hand's other cards), which Units in play stay, and the row of each card in
    play then (at most the Front's and the Back's spots). For ``s`` cards placed from the hand
    and ``m`` Units in play there are ``ways(s)`` choices of the Units that stay and their rows,
    so the count is the sum over every affordable ``placed`` of ``(hand - s + 1) * ways(s)``.
    """

    def __init__(self, state: PaperTalesState, seat: int) -> None:
        in_play, hand = holdings(state, seat)
        caps = row_spots(state, seat)
        gold = int(state.player(seat)["gold"])
        unit = state.content.instance_type
        # (cost, card) of each card in hand, cheapest first; a card that pays adds to the budget
        priced = sorted([(unit[card].cost, card) for card in hand])
        budget = gold - sum([cost for cost, _ in priced if cost < 0])
        self.hand = hand
        self.in_play = sorted(in_play)  # the Units in play, by card
        self.front = len(caps[IN_FRONT])
        self.back = len(caps[IN_BACK])
        # the cards of the hand the template offers a row (its domains: see offered), cheapest
        # first: the masks over them then depend on the costs as a multiset (see _subsets)
        playable = [card for cost, card in priced if cost <= budget]
        self.playable = playable
        costs = tuple([cost for cost, _ in priced if cost <= budget])
        self.costs = costs
        self.gold = gold
        # the weight of a placing of each size (see _weights), and their sum over the
        # affordable placings, from how many choices of the costs have each size and price
        weights = _weights(len(hand), len(self.in_play), self.front, self.back)
        self.weights: tuple[int, ...] = weights
        most = len(weights) - 1
        total = 0
        for size, price, count in _histogram(costs):
            if size <= most and price <= gold:
                total += count * weights[size]
        self.total: int = total

    def numbered(self, pick: int) -> Action:
        """The legal arrangement numbered ``pick``, from 0 to the count less one (each number
        another arrangement)."""
        where = dict.fromkeys([*self.hand, *self.in_play], DISCARD)
        mask = -1
        weights = self.weights
        most = len(weights) - 1
        gold = self.gold
        for placing, size, price in _subsets(self.costs):  # the placings in the order counted
            if size > most or price > gold:
                continue
            weight = weights[size]
            if pick < weight:
                mask = placing
                break
            pick -= weight
        if mask < 0:
            raise ValueError(f"number beyond the count {self.total} of arrangements")
        placed = [card for i, card in enumerate(self.playable) if mask >> i & 1]
        others = [card for card in self.hand if card not in placed]
        pick, keep = divmod(pick, len(others) + 1)
        if keep:
            where[others[keep - 1]] = KEEP
        m = len(self.in_play)
        stay, pick = _part(pick, _stay_parts(len(placed), m, self.front, self.back))
        pick, ranked = divmod(pick, comb(m, stay))
        board = sorted([*placed, *_combination(self.in_play, stay, ranked)])
        least, parts = _front_parts(len(board), self.front, self.back)
        fronts, pick = _part(pick, parts)
        in_front = set(_combination(board, least + fronts, pick))
        for card in board:
            where[card] = IN_FRONT if card in in_front else IN_BACK
        return Action(KIND, tuple(sorted(where.items())))


@lru_cache(maxsize=256)
def _weights(hand: int, in_play: int, front: int, back: int) -> tuple[int, ...]:
    """The weight of a placing of each size, 0 to the spots (see :class:`Arrangements`): the
    card kept (or none) of the rest of the hand, times the ways of the Units in play."""
    return tuple(
        (hand - size + 1) * _stay_ways(size, in_play, front, back)
        for size in range(front + back + 1)
    )


# the memos of the counted draw, by the hand's costs (few: the same ones come back)
_HISTOGRAMS: dict[tuple[int, ...], list[tuple[int, int, int]]] = {}
_SUBSETS: dict[tuple[int, ...], list[tuple[int, int, int]]] = {}
_MEMO_MAX = 4096


def _histogram(costs: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """How many choices of cards of these ``costs`` have each size and price, as (size, price,
    count): the count of a Deployment's arrangements without walking every choice (shared:
    not to be changed)."""
    listed = _HISTOGRAMS.get(costs)
    if listed is None:
        found: dict[tuple[int, int], int] = {(0, 0): 1}
        for cost in costs:  # each card in or out of the choice
            for (size, price), count in list(found.items()):
                key = (size + 1, price + cost)
                found[key] = found.get(key, 0) + count
        listed = [(size, price, count) for (size, price), count in found.items()]
        if len(_HISTOGRAMS) >= _MEMO_MAX:
            _HISTOGRAMS.clear()
        _HISTOGRAMS[costs] = listed
    return listed


def _subsets(costs: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """Every choice of cards of these ``costs`` as (bit mask, how many, their price), by mask:
    what the costs alone decide, worked out once (the same few come back in every game)."""
    listed = _SUBSETS.get(costs)
    if listed is None:
        price = [0] * (1 << len(costs))
        size = [0] * (1 << len(costs))
        for mask in range(1, 1 << len(costs)):
            low = mask & -mask
            rest = mask ^ low
            price[mask] = price[rest] + costs[low.bit_length() - 1]
            size[mask] = size[rest] + 1
        listed = [(mask, size[mask], price[mask]) for mask in range(1 << len(costs))]
        if len(_SUBSETS) >= _MEMO_MAX:
            _SUBSETS.clear()
        _SUBSETS[costs] = listed
    return listed


@lru_cache(maxsize=256)
def _rows_ways(cards: int, front: int, back: int) -> int:
    """The ways to put ``cards`` Units into rows of ``front`` and ``back`` spots."""
    return sum(comb(cards, fronts) for fronts in range(max(0, cards - back), min(front, cards) + 1))


@lru_cache(maxsize=256)
def _stay_ways(placed: int, in_play: int, front: int, back: int) -> int:
    """The ways to choose which of ``in_play`` Units stay and the rows of all in play, with
    ``placed`` cards placed from the hand."""
    return sum(
        comb(in_play, stay) * _rows_ways(placed + stay, front, back) for stay in range(in_play + 1)
    )


@lru_cache(maxsize=256)
def _stay_parts(placed: int, in_play: int, front: int, back: int) -> list[int]:
    """The arrangements with each number of the ``in_play`` Units staying (shared)."""
    return [comb(in_play, k) * _rows_ways(placed + k, front, back) for k in range(in_play + 1)]


@lru_cache(maxsize=256)
def _front_parts(board: int, front: int, back: int) -> tuple[int, list[int]]:
    """The fewest of ``board`` Units in the Front, and the ways with each number from there
    (shared)."""
    least = max(0, board - back)
    return least, [comb(board, k) for k in range(least, min(front, board) + 1)]


def _part(pick: int, weights: list[int]) -> tuple[int, int]:
    """Which of the parts of these sizes holds number ``pick``, and its number within it."""
    for i, weight in enumerate(weights):
        if pick < weight:
            return i, pick
        pick -= weight
    raise ValueError(f"number {pick} beyond the parts {weights}")


def _combination(items: list[str], k: int, rank: int) -> list[str]:
    """The ``k`` items numbered ``rank`` among the ``comb(len(items), k)`` choices of them."""
    chosen: list[str] = []
    n = len(items)
    for i, item in enumerate(items):
        if k == 0:
            break
        with_it = comb(n - i - 1, k - 1)
        if rank < with_it:
            chosen.append(item)
            k -= 1
        else:
            rank -= with_it
    return chosen


def arrangement(state: PaperTalesState, seat: int, action: Action) -> list[UnitInPlay | None]:
    """The Kingdom an arrangement makes: a Unit staying in its row keeps its spot, the others
    take the free spots of their row in order (Units in play first, by spot, then new ones,
    by card)."""
    kingdom = state.player(seat)["kingdom"]
    places = dict(action.args)
    caps = row_spots(state, seat)
    out: list[UnitInPlay | None] = [None] * SPOTS
    movers: dict[str, list[UnitInPlay]] = {IN_FRONT: [], IN_BACK: []}
    in_play: set[str] = set()
    for spot, unit in enumerate(kingdom):
        if unit is None:
            continue
        card = unit["card"]
        in_play.add(card)
        where = places.get(card)
        if where not in (IN_FRONT, IN_BACK):
            continue
        row = str(where)
        if spot in caps[row]:
            out[spot] = unit.copy()
        else:
            movers[row].append(unit.copy())
    fresh: dict[str, list[str]] = {IN_FRONT: [], IN_BACK: []}
    for card, where in action.args:
        if where in (IN_FRONT, IN_BACK) and card not in in_play:
            fresh[str(where)].append(str(card))
    for row in (IN_FRONT, IN_BACK):
        placed = movers[row]
        for card in sorted(fresh[row]):
            placed.append({"card": card, "age": 0, "new": True})
        i = 0
        for spot in caps[row]:
            if i == len(placed):
                break
            if out[spot] is None:
                out[spot] = placed[i]
                i += 1
    return out


def planned_cost(state: PaperTalesState, mine: list[UnitInPlay | None]) -> int:
    """Gold the new Units of an arrangement cost (a Monkey's -1 gives Gold back)."""
    known = state.content.instance_type
    return sum(known[unit["card"]].cost for unit in mine if unit is not None and unit["new"])


def kept_card(action: Action) -> str | None:
    for card, where in action.args:
        if where == KEEP:
            return card
    return None


def reveal(state: PaperTalesState, commitments: Mapping[int, Action]) -> None:
    """Everyone reveals at once and pays; unplaced hand cards are kept (one) or discarded."""
    data = state.data
    plans = {seat: arrangement(state, seat, action) for seat, action in commitments.items()}
    for seat in state.seats():
        _reveal_one(state, seat, plans[seat], kept_card(commitments[seat]))
    for seat in state.resolution_order():
        resolve_abilities(state, seat)
    for player in data["players"]:
        for unit in player["kingdom"]:
            if unit is not None:
                unit["new"] = False
    data["phase"] = "deployed"


def _reveal_one(
    state: PaperTalesState, seat: int, mine: list[UnitInPlay | None], keep: str | None
) -> None:
    """One Kingdom revealed: the arrangement in play, its new Units paid, the hand put away."""
    data = state.data
    player = state.player(seat)
    placed = {unit["card"] for unit in mine if unit is not None}
    gone = [u["card"] for u in player["kingdom"] if u is not None and u["card"] not in placed]
    piles.add_discards(data["deck"], gone)
    cost = planned_cost(state, mine)
    player["gold"] -= cost
    player["kingdom"] = mine
    # the hand revealed into the Kingdom, kept face down or discarded
    piles.add_discards(data["deck"], hidden.reveal_hand(state, seat, placed, keep))
    new = [state.content.instance_type[u["card"]].name for u in mine if u is not None and u["new"]]
    words = ", ".join(new) if new else "no new Unit"
    pays = state.verb(seat, "pays")
    log(data, f"{state.subject(seat, 'reveals')} {words} and {pays} {cost} Gold")
    if gone:
        log(data, f"{state.subject(seat, 'discards')} {len(gone)} Unit(s) from play")


def words(state: PaperTalesState, seat: int, action: Action) -> str:
    """An arrangement in words: the rows, the kept card, what is discarded."""
    known = state.content.instance_type
    groups: dict[str, list[str]] = {IN_FRONT: [], IN_BACK: [], KEEP: [], DISCARD: []}
    for card, where in action.args:
        name = known[card].name if card in known else str(card)
        groups.setdefault(str(where), []).append(name)
    parts = [
        f"{WORDS[row]}: {', '.join(sorted(groups[row])) or 'nobody'}" for row in (IN_FRONT, IN_BACK)
    ]
    parts.append(f"keep {groups[KEEP][0]}" if groups[KEEP] else "keep no card")
    if groups[DISCARD]:
        parts.append(f"discard {', '.join(sorted(groups[DISCARD]))}")
    return "; ".join(parts)


def _deploy_triggers(state: PaperTalesState, unit: UnitInPlay) -> list[Trigger]:
    """A Unit's Deployment abilities now (those of its reveal only if it was just revealed)."""
    found: list[Trigger] = unit_abilities(state, unit["card"])[1].get("deploy", [])
    return [e for e in found if unit["new"] or not e.flip]


def resolve_abilities(state: PaperTalesState, seat: int) -> None:
    """Deployment abilities of one Kingdom: Shapeshifters first, then by spot, the ones marked
    ``last`` (the Kraken's penalty) after all others; choices wait in the pending queue."""
    mine = state.player(seat)["kingdom"]
    for spot, unit in enumerate(list(mine)):
        if unit is None:
            continue
        for effect in _deploy_triggers(state, unit):
            if isinstance(effect, Shapeshift):
                fire(Holder(state, seat, unit=unit, spot=spot), effect)
    later: list[tuple[Holder, Trigger]] = []
    for spot, unit in enumerate(list(mine)):
        if unit is None or mine[spot] is not unit:
            continue
        for effect in _deploy_triggers(state, unit):
            if isinstance(effect, Shapeshift):
                continue
            holder = Holder(state, seat, unit=unit, spot=spot)
            if effect.__dict__.get("last", False):  # a field of some models only
                later.append((holder, effect))
            else:
                fire(holder, effect)
    for holder, effect in later:
        fire(holder, effect)


def age_targets(state: PaperTalesState, seat: int, tokens: int) -> list[int]:
    """Units that may take ``tokens`` Age tokens (or, negative, give some up)."""
    return [spot for spot, unit in units(state, seat) if tokens > 0 or unit["age"] > 0]


def age_one(state: PaperTalesState, seat: int, spot: int, tokens: int, source: str) -> None:
    unit = state.player(seat)["kingdom"][spot]
    assert unit is not None
    unit["age"] = max(0, unit["age"] + tokens)
    name = state.content.instance_type[unit["card"]].name
    if tokens > 0:
        verb = f"puts {age_tokens(tokens)} on"
    else:
        verb = f"takes {age_tokens(-tokens)} off"
    log(state.data, f"{state.possessive(seat)} {source} {verb} the {name}")


def age_tokens(n: int) -> str:
    """``1 Age token``, ``2 Age tokens``."""
    return f"{n} Age token" + ("" if n == 1 else "s")


def upgrade_targets(state: PaperTalesState, seat: int) -> list[str]:
    return [building for building, level in state.owned_buildings(seat) if level == 1]


def upgrade_one(state: PaperTalesState, seat: int, building: str, source: str) -> None:
    state.player(seat)["buildings"][building] = 2
    name = state.content.buildings[building].name
    log(state.data, f"{state.possessive(seat)} {source} raises the {name} to Level 2")
