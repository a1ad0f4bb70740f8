"""Game Objective (the rulebook's section): the 5 Virtues (generosity, knowledge, bravery,
magnificence, fellowship), learned at any time during your turn once their requirement is met,
each once; the first player with 3 Virtues wins (End of the Game: ending.py)."""

from __future__ import annotations

from functools import lru_cache

from ..content import Content
from ..state import Frame, PLState
from . import decks, ending, solo


@lru_cache(maxsize=64)
def virtue_thresholds(content: Content, players: int, solo_pauper: str | None) -> dict[str, int]:
    """The Virtue thresholds for a number of players; in solo, those printed on the side of the
    Pauper's card. Content alone decides them: worked out once per game set-up, not per check."""
    key = str(max(2, players))
    if solo_pauper:
        key = "3" if content.paupers[solo_pauper].side == "3-4" else "2"
    return {virtue: int(n) for virtue, n in content.numbers["thresholds"][key].items()}


@lru_cache(maxsize=8)
def bravery_points(content: Content) -> dict[str, int]:
    """Each Region card's strength, the points it adds toward bravery (content alone)."""
    return {cid: card.strength for cid, card in content.region_card.items()}


@lru_cache(maxsize=8)
def dragon_cards(content: Content) -> frozenset[str]:
    """The Region cards that are dragons (magnificence needs one in the Trophy Room)."""
    return frozenset(cid for cid, card in content.region_card.items() if card.type == "dragon")


def thresholds(state: PLState) -> dict[str, int]:
    """Each Virtue's threshold in this game (see :func:`virtue_thresholds`)."""
    data = state.data
    solo_pauper = data["players"][0]["pauper"] if data["mode"] == "solo" else None
    return virtue_thresholds(state.content, len(data["players"]), solo_pauper)


def threshold(state: PLState, virtue: str) -> int:
    return thresholds(state)[virtue]


def free_trophies(state: PLState, seat: int) -> list[str]:
    """The Trophy Room cards a Virtue may take: those an open choice of this seat offers (a
    Quest's objects, a trophy to sell or discard) are spoken for until it is made."""
    trophies: list[str] = state.player(seat)["trophies"]
    stack = state.data["stack"]
    if not stack:
        return trophies
    held = [
        c
        for frame in stack
        if frame["kind"] == "pick" and frame["seat"] == seat and frame["zone"] == "trophies"
        for c in frame["candidates"]
    ]
    if not held:
        return trophies
    out = list(trophies)
    for c in held:  # one offered copy reserves one card of the room
        if c in out:
            out.remove(c)
    return out


def learnable(state: PLState, seat: int) -> list[str]:
    """The Virtues whose requirement a seat meets now, not learned yet."""
    # asked after every action (the free actions listed, the turn's end): the cheap checks
    # first, the Trophy Room only for the Virtues not learned yet
    data = state.data
    players = data["players"]
    player = players[seat]
    have = player["virtues"]
    content = state.content
    need = virtue_thresholds(
        content, len(players), players[0]["pauper"] if data["mode"] == "solo" else None
    )
    out = []
    if "generosity" not in have and player["gems"] >= need["generosity"]:
        out.append("generosity")
    brave = "bravery" not in have
    grand = "magnificence" not in have
    if (brave or grand) and (player["trophies"] or need["bravery"] <= 0):
        trophies = free_trophies(state, seat) if data["stack"] else player["trophies"]
        if brave and sum(map(bravery_points(content).__getitem__, trophies)) >= need["bravery"]:
            out.append("bravery")
        if grand and not dragon_cards(content).isdisjoint(trophies):
            out.append("magnificence")
    if "fellowship" not in have and len(player["journal"]) >= content.number["fellowship_quests"]:
        out.append("fellowship")
    return out


def learn(state: PLState, seat: int, virtue: str) -> None:
    """The free action of learning a Virtue whose requirement is met."""
    if virtue == "bravery":  # the player picks the Trophy Room cards to discard
        state.push({"kind": "bravery", "seat": seat, "chosen": []})
    elif virtue == "magnificence" and len(dragons(state, seat)) >= 2:
        # the player chooses which dragon leaves the Trophy Room
        state.push({"kind": "magnificence", "seat": seat, "candidates": dragons(state, seat)})
    else:
        learn_virtue(state, seat, virtue)


def learn_virtue(state: PLState, seat: int, virtue: str, trophies: list[str] | None = None) -> None:
    """A Virtue learned, its price paid (Gems, trophies, a dragon, 3 Quests of the Journal)."""
    player = state.player(seat)
    if virtue == "generosity":
        player["gems"] -= threshold(state, "generosity")
    elif virtue == "bravery":
        for c in trophies or []:
            player["trophies"].remove(c)
            decks.discard_region_card(state, c)
    elif virtue == "magnificence":
        dragon = (trophies or dragons(state, seat))[0]
        player["trophies"].remove(dragon)
        decks.discard_region_card(state, dragon)
    elif virtue == "fellowship":
        decks.discard_to(state, "quest", player["journal"][:3])
        player["journal"] = player["journal"][3:]
    player["virtues"].append(virtue)
    player["virtue_rounds"][virtue] = int(state.data["round"])
    state.log(f"{state.seat_name(seat)} learns the Virtue of {virtue}!")
    solo.earn_time_for(state, "virtue")
    if state.data["mode"] == "solo":
        solo.progress(state)
    elif len(player["virtues"]) >= state.content.number["virtues_to_win"]:
        ending.game_over(state, seat, "virtues")


def dragons(state: PLState, seat: int) -> list[str]:
    """The dragons in a Trophy Room, one per name (two copies of one card are one choice)."""
    out: list[str] = []
    content = state.content
    for c in free_trophies(state, seat):
        if content.region_card[c].type == "dragon" and all(
            state.card_name(x) != state.card_name(c) for x in out
        ):
            out.append(c)
    return out


def choose_for_bravery(state: PLState, seat: int, frame: Frame, card: str) -> None:
    """Bravery: one more Trophy Room card chosen; at the threshold the Virtue is learned."""
    chosen: list[str] = frame["chosen"]
    chosen.append(card)
    total = sum(state.content.region_card[c].strength for c in chosen)
    if total >= threshold(state, "bravery"):
        learn_virtue(state, seat, "bravery", chosen)
    else:
        state.push(frame)


def bravery_offer(state: PLState, seat: int, chosen: list[str]) -> list[str]:
    """The Trophy Room cards bravery may still take, one per name."""
    names: set[str] = set()
    out = []
    for c in free_trophies(state, seat):
        if c not in chosen and state.card_name(c) not in names:
            names.add(state.card_name(c))
            out.append(c)
    return out
