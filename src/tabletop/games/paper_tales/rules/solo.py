"""Solo mode, Army of the Lich King (the Beyond the Gates rulebook). The Lich King deploys and
builds nothing: he is an automaton of these rules, not a seat. He scores through his line of 5
Necropolis cards (one from each of the piles 1, 2, 3, 4 and END, face down, the first revealed):
at the end of each Recruitment the current card's Immediate Gain, and every revealed card's Quest
Bonus for each Netherworld Unit meeting it; in Wars his Black and Purple armies (the current card
plus the next) each fight the player's Kingdom; at the end, the END card's gain. Ties go to him.
His Lich King cards' abilities are the ``lich-king`` effect table's (handlers in effects.py)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from tabletop.engine import Action, State, piles
from tabletop.engine.knowledge import ZONES
from tabletop.engine.protocol import Automaton
from tabletop.engine.views import log

from .. import hidden
from ..content import LICH_KING, Content, Necropolis, Produce, Quest, game_content
from ..state import Solo
from . import recruitment, wars
from .kingdom import fire, triggered, war_strength

if TYPE_CHECKING:
    from ..state import PaperTalesState

PILES = ("1", "2", "3", "4", "end")
# The solo Unit selection: draw this many, keep one, the rest go to Netherworld.
OFFERS = (5, 4, 3)
LP_PER_WAR = 3
LICH_LP_PER_WAR = 1
# the sources of the Lich King's Legend Points, in his score's breakdown
GAINS, QUESTS, END_CARD = "Immediate Gains", "Quest Bonuses", "END card"
# the line's zones, turn 1 to 4 then END
LINE = tuple(f"line:{i}" for i in range(len(PILES)))
# the rest of each pile, set aside unseen, and the pool of each position
PILE_ZONES = tuple(f"pile:{i}" for i in range(len(PILES)))
POOLS = tuple(f"necropolis-{pile}" for pile in PILES)


def setup(state: PaperTalesState, lich_cards: int) -> None:
    """One card from each Necropolis pile, face down in a line, the first revealed; the Lich King
    cards drawn at random for the difficulty."""
    line = []
    for pile in PILES:
        cards = _pile(pile)
        line.append(cards[state.rng.below(len(cards))])
    lich = list(_lich_cards())
    state.rng.shuffle(lich)
    set_line(state, line, 1)
    state.data["solo"] = {
        "revealed": 1,
        "lich_king_cards": sorted(lich[:lich_cards]),
        "legend_points": 0,
        "legend_point_sources": {},
        "netherworld": [],
        "offer": [],
        "stage": 0,
    }


class LichKing(Automaton):
    """The solo opponent: an automaton of the rules, never a seat. He has no choices to make; when
    the rules reach one of his steps (the Immediate Gain and Quest Bonuses, his Wars, the END
    card) he takes it, and everything he needs is on his Necropolis line."""

    name = "the Lich King"

    def act(self, state: State, who: int) -> Action:
        return step_action(str(state.data["solo"]["due"]))


# the Lich King's one action per step, made once (he takes up to 9 steps a game)
_STEP_ACTIONS: dict[str, Action] = {}


def step_action(step: str) -> Action:
    """The Lich King's action for one of his steps (``gain``, ``wars``, ``end``)."""
    found = _STEP_ACTIONS.get(step)
    if found is None:
        found = _STEP_ACTIONS[step] = Action.of("lich-king", step=step)
    return found


def _solo(state: PaperTalesState) -> Solo:
    found = state.solo()
    assert found is not None, "a solo rule in a game with players"
    return found


def due(state: PaperTalesState, step: str) -> bool:
    """The rules reach one of the Lich King's steps (``gain``, ``wars``, ``end``): True, and the
    step waits for him, unless he has just taken it."""
    solo = _solo(state)
    if solo.get("acted") == f"{state.data['turn']}:{step}":
        return False
    solo["due"] = step
    return True


def act(state: PaperTalesState, step: str) -> None:
    """The Lich King takes his step: the Immediate Gain and Quest Bonuses at the end of
    Recruitment, his Wars, the END card's gain."""
    solo = _solo(state)
    assert solo.get("due") == step, f"the Lich King's {step!r} is not due"
    if step == "gain":
        lich_king_gains(state)
    elif step == "wars":
        war(state)
    else:
        end_of_game(state)
    solo["due"] = None
    solo["acted"] = f"{state.data['turn']}:{step}"


def set_line(state: PaperTalesState, cards: list[str], revealed: int) -> None:
    """The Necropolis line in the knowledge zones: position I holds one card of pile I, face
    down (known to nobody) unless revealed; the rest of pile I lies aside unseen, so what lies
    face down may be any card of its pile."""
    zones = hidden.zones(state)
    for i, ident in enumerate(cards):
        pool = POOLS[i]
        zones.create(LINE[i], [ident], pool=pool)
        zones.create(PILE_ZONES[i], _rest(PILES[i], ident), pool=pool)
    reveal(state, revealed)


# the rest of each Necropolis pile without one of its cards, by (pile, card): static content
_RESTS: dict[tuple[str, str], tuple[str, ...]] = {}


def _rest(pile: str, ident: str) -> tuple[str, ...]:
    """The cards of a Necropolis pile but ``ident``, in the pile's order (found once each)."""
    found = _RESTS.get((pile, ident))
    if found is None:
        found = _RESTS[pile, ident] = tuple(card for card in _pile(pile) if card != ident)
    return found


@lru_cache(maxsize=8)
def _pile(pile: str) -> tuple[str, ...]:
    """The Necropolis cards of one pile, by id (static content: listed once per process, not at
    every set-up)."""
    content = game_content()  # static content, loaded once per process
    return tuple(sorted(n.id for n in content.necropolis.values() if n.pile == pile))


@lru_cache(maxsize=1)
def _lich_cards() -> tuple[str, ...]:
    """The Lich King cards, by id (static content)."""
    return tuple(sorted(game_content().lich))


def reveal(state: PaperTalesState, revealed: int) -> None:
    """The first ``revealed`` cards of the line are face up."""
    zones = hidden.zones(state)
    for i in range(revealed):
        zones.reveal(f"line:{i}")


def line(state: PaperTalesState) -> list[str]:
    """The Necropolis line, turn 1 to 4 then END (the rules read all of it)."""
    zones = state.data[ZONES]
    return [zones[name]["items"][0] for name in LINE]


def current(state: PaperTalesState) -> Necropolis:
    """The Necropolis card of this turn."""
    return state.content.necropolis[line(state)[state.data["turn"] - 1]]


def start_recruitment(state: PaperTalesState) -> None:
    data = state.data
    solo = _solo(state)
    solo["netherworld"] = []
    solo["stage"] = 0
    solo["offer"] = recruitment.deal(state, OFFERS[0])
    data["phase"] = "solo-pick"
    log(data, f"Turn {data['turn']}: Recruitment; the Unit selection begins")


def pick(state: PaperTalesState, card: str) -> None:
    """The player keeps ``card`` from the cards in front of them."""
    solo = _solo(state)
    offer = list(solo["offer"])
    offer.remove(card)
    hidden.deal(state, "hand:0", [card], 0, "picked")
    stage = solo["stage"]
    if stage < len(OFFERS):
        solo["netherworld"] += offer
    else:  # the other of the 2 Netherworld cards goes under the pile
        solo["netherworld"] = offer + solo["netherworld"]
    solo["stage"] = stage + 1
    if solo["stage"] < len(OFFERS):
        solo["offer"] = recruitment.deal(state, OFFERS[solo["stage"]])
    elif solo["stage"] == len(OFFERS):
        state.rng.shuffle(solo["netherworld"])
        solo["offer"] = [solo["netherworld"].pop(), solo["netherworld"].pop()]
    else:  # the last card from the top of Netherworld is simply kept
        hidden.deal(state, "hand:0", [solo["netherworld"].pop()], 0)
        solo["offer"] = []
        recruitment.finish(state)


def quest_met(state: PaperTalesState, quest: Quest, card: str) -> bool:
    """Whether a Netherworld Unit meets a Quest: printed strength, resource conditions met."""
    return _quest_met(state.content, quest, card)


def _quest_met(content: Content, quest: Quest, card: str) -> bool:
    unit = content.instance_type[card]
    if quest.test == "produces":
        return any(isinstance(e, Produce) and e.resource == quest.resource for e in unit.static)
    n = int(quest.n or 0)
    if quest.test == "cost-at-least":
        return unit.cost >= n
    if quest.test == "cost-at-most":
        return unit.cost <= n
    if quest.test == "strength-at-least":
        return unit.strength >= n
    if quest.test == "strength-at-most":
        return unit.strength <= n
    return any(e.when == quest.phase for e in unit.triggers)


# the Unit cards meeting each Necropolis card's Quest (see _meeting)
_MEETING: dict[str, frozenset[str]] = {}


def _meeting(necropolis: str) -> frozenset[str]:
    """The Unit cards meeting a Necropolis card's Quest: static content, so found once per card
    (the Quest Bonuses test every Netherworld card against every revealed Quest at every
    Recruitment)."""
    found = _MEETING.get(necropolis)
    if found is None:
        content = game_content()  # static content, loaded once per process
        quest = content.necropolis[necropolis].quest
        if quest is None:
            found = frozenset()
        else:
            found = frozenset(c for c in content.instance_type if _quest_met(content, quest, c))
        _MEETING[necropolis] = found
    return found


def lich_king_gains(state: PaperTalesState) -> None:
    """End of Recruitment: the current card's Immediate Gain, then every revealed card's Quest
    Bonus per Netherworld Unit; then Netherworld goes to the discard pile."""
    data = state.data
    solo = _solo(state)
    cards = line(state)
    gain = current(state).gain + bonuses(state)["gain"]
    quests = 0
    netherworld: list[str] = solo["netherworld"]
    for ident in cards[: solo["revealed"]]:
        quest = state.content.necropolis[ident].quest
        if quest is not None:
            meeting = _meeting(ident)
            quests += quest.lp * len({card for card in netherworld if card in meeting})
    state.add_lich_king_lp(gain, GAINS)
    state.add_lich_king_lp(quests, QUESTS)
    log(
        data,
        f"The Lich King scores {gain + quests} LP ({gain} Immediate Gain, the rest Quest Bonuses)",
    )
    piles.add_discards(data["deck"], solo["netherworld"])
    solo["netherworld"] = []


def bonuses(state: PaperTalesState) -> dict[str, int]:
    """What the Lich King cards in play add to his figures: ``black`` and ``purple`` (his
    armies), ``war`` (LP per War his armies win), ``gain`` (every Immediate Gain)."""
    return dict(_bonuses(tuple(_solo(state)["lich_king_cards"])))


@lru_cache(maxsize=64)
def _bonuses(cards: tuple[str, ...]) -> dict[str, int]:
    """Static content and the cards drawn at set-up: folded once per game's cards."""
    content = game_content()  # static content, loaded once per process
    figures = {"black": 0, "purple": 0, "war": 0, "gain": 0}
    for ident in cards:
        ability = content.lich[ident].ability
        LICH_KING.handler(ability)(ability, figures)
    return figures


def armies(state: PaperTalesState, more: dict[str, int] | None = None) -> dict[str, int]:
    """Black and Purple strengths: the current Necropolis card plus the next (``more``: the
    :func:`bonuses`, when already known)."""
    turn = state.data["turn"]
    cards = line(state)
    known = state.content.necropolis
    now, after = known[cards[turn - 1]], known[cards[turn]]
    if more is None:
        more = bonuses(state)
    return {
        "black": now.black + after.black + more["black"],
        "purple": now.purple + after.purple + more["purple"],
    }


def war(state: PaperTalesState) -> None:
    """Reveal the next Necropolis card; one War against each army; ties won by both."""
    data = state.data
    solo = _solo(state)
    before = solo["revealed"]
    solo["revealed"] = max(before, data["turn"] + 1)
    zones = hidden.zones(state)
    for i in range(before, solo["revealed"]):  # the cards revealed before stay as they were
        zones.reveal(LINE[i])
    mine = war_strength(state, 0)
    player = state.player(0)
    player["wars_won"] = 0
    lich = 0
    more = bonuses(state)
    for army, strength in armies(state, more).items():
        if mine >= strength:
            player["wars_won"] += 1
            why = f"War against the {army.capitalize()} army won"
            state.add_lp(0, LP_PER_WAR, wars.SOURCE, why)
        if strength >= mine:
            lich += LICH_LP_PER_WAR + more["war"]
    state.add_lich_king_lp(lich, wars.SOURCE)
    log(data, f"Wars: your strength {mine}; the Lich King scores {lich} LP")
    for holder, triggers in triggered(state, 0, "wars"):
        for effect in triggers:
            fire(holder, effect)


def end_of_game(state: PaperTalesState) -> None:
    gain = state.content.necropolis[line(state)[-1]].gain + bonuses(state)["gain"]
    state.add_lich_king_lp(gain, END_CARD)
    log(state.data, f"The Lich King scores the END card's {gain} LP")
