"""Solo mode, Army of the Lich King (the Beyond the Gates rulebook). The Lich King deploys and
builds nothing: he is an automaton of these rules, not a seat. He scores through his line of 5
Necropolis cards (one from each of the piles 1, 2, 3, 4 and END, face down, the first revealed):
at the end of each Recruitment the current card's Immediate Gain, and every revealed card's Quest
Bonus for each Netherworld Unit meeting it; in Wars his Black and Purple armies (the current card
plus the next) each fight the player's Kingdom; at the end, the END card's gain. Ties go to him."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from tabletop.engine import Action, State, piles
from tabletop.engine.knowledge import ZONES
from tabletop.engine.protocol import Automaton
from tabletop.engine.views import log

from .. import content as C
from .. import hidden
from ..effects import fire
from . import kingdom, recruitment

if TYPE_CHECKING:
    from ..play import PTState

PILES = ("1", "2", "3", "4", "end")
# The solo Unit selection: draw this many, keep one, the rest go to Netherworld.
OFFERS = (5, 4, 3)
LP_PER_WAR = 3
LICH_LP_PER_WAR = 1


def setup(st: PTState, lich_cards: int) -> None:
    """One card from each Necropolis pile, face down in a line, the first revealed; the Lich King
    cards drawn at random for the difficulty."""
    content = st.content
    line = []
    for pile in PILES:
        cards = sorted(n.id for n in content.necropolis.values() if n.pile == pile)
        line.append(cards[st.rng.below(len(cards))])
    lich = sorted(content.lich)
    st.rng.shuffle(lich)
    set_line(st, line, 1)
    st.data["solo"] = {
        "revealed": 1,
        "lich": sorted(lich[:lich_cards]),
        "lp": 0,
        "nether": [],
        "offer": [],
        "stage": 0,
    }


class LichKing(Automaton):
    """The solo opponent: an automaton of the rules, never a seat. He has no choices to make; when
    the rules reach one of his steps (the Immediate Gain and Quest Bonuses, his Wars, the END
    card) he takes it, and everything he needs is on his Necropolis line."""

    name = "the Lich King"

    def act(self, state: State, who: int) -> Action:
        s = state.data["solo"]
        return Action.of("lich-king", step=s["due"])


def due(st: PTState, step: str) -> bool:
    """The rules reach one of the Lich King's steps (``gain``, ``wars``, ``end``): True, and the
    step waits for him, unless he has just taken it."""
    s = st.data["solo"]
    assert s is not None
    if s.get("acted") == f"{st.data['turn']}:{step}":
        return False
    s["due"] = step
    return True


def act(st: PTState, step: str) -> None:
    """The Lich King takes his step: the Immediate Gain and Quest Bonuses at the end of
    Recruitment, his Wars, the END card's gain."""
    s = st.data["solo"]
    assert s is not None and s.get("due") == step, f"the Lich King's {step!r} is not due"
    {"gain": lich_king_gains, "wars": wars, "end": end_of_game}[step](st)
    s["due"] = None
    s["acted"] = f"{st.data['turn']}:{step}"


def set_line(st: PTState, cards: list[str], revealed: int) -> None:
    """The Necropolis line in the knowledge zones: position I holds one card of pile I, face
    down (known to nobody) unless revealed; the rest of pile I lies aside unseen, so what lies
    face down may be any card of its pile."""
    z = hidden.zones(st)
    for i, (pile, ident) in enumerate(zip(PILES, cards, strict=True)):
        rest = sorted(
            n.id for n in st.content.necropolis.values() if n.pile == pile and n.id != ident
        )
        z.create(f"line:{i}", [ident], pool=f"necropolis-{pile}")
        z.create(f"pile:{i}", rest, pool=f"necropolis-{pile}")
    reveal(st, revealed)


def reveal(st: PTState, revealed: int) -> None:
    """The first ``revealed`` cards of the line are face up."""
    z = hidden.zones(st)
    for i in range(revealed):
        z.reveal(f"line:{i}")


LINE = tuple(f"line:{i}" for i in range(len(PILES)))  # the line's zones, turn 1 to 4 then END


def line(st: PTState) -> list[str]:
    """The Necropolis line, turn 1 to 4 then END (the rules read all of it)."""
    zones = st.data[ZONES]
    return [zones[name]["items"][0] for name in LINE]


def solo(st: PTState) -> C.Necropolis:
    return st.content.necropolis[line(st)[st.data["turn"] - 1]]


def start_recruitment(st: PTState) -> None:
    d = st.data
    s = d["solo"]
    assert s is not None
    s["nether"] = []
    s["stage"] = 0
    s["offer"] = recruitment.deal(st, OFFERS[0])
    d["phase"] = "solo-pick"
    log(d, f"Turn {d['turn']}: Recruitment; the Unit selection begins")


def pick(st: PTState, card: str) -> None:
    """The player keeps ``card`` from the cards in front of them."""
    d = st.data
    s = d["solo"]
    assert s is not None
    offer = list(s["offer"])
    offer.remove(card)
    hidden.deal(st, "hand:0", [card], 0, "picked")
    stage = s["stage"]
    if stage < len(OFFERS):
        s["nether"] += offer
    else:  # the other of the 2 Netherworld cards goes under the pile
        s["nether"] = offer + s["nether"]
    s["stage"] = stage + 1
    if s["stage"] < len(OFFERS):
        s["offer"] = recruitment.deal(st, OFFERS[s["stage"]])
    elif s["stage"] == len(OFFERS):
        st.rng.shuffle(s["nether"])
        s["offer"] = [s["nether"].pop(), s["nether"].pop()]
    else:  # the last card from the top of Netherworld is simply kept
        hidden.deal(st, "hand:0", [s["nether"].pop()], 0)
        s["offer"] = []
        recruitment.finish(st)


def quest_met(st: PTState, quest: C.Quest, card: str) -> bool:
    """Whether a Netherworld Unit meets a Quest: printed strength, resource conditions met."""
    return _quest_met(st.content, quest, card)


def _quest_met(content: C.Content, quest: C.Quest, card: str) -> bool:
    unit = content.unit(card)
    if quest.test == "produces":
        return any(isinstance(e, C.Produce) and e.resource == quest.resource for e in unit.static)
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


@lru_cache(maxsize=64)
def _meeting(necropolis: str) -> frozenset[str]:
    """The Unit cards meeting a Necropolis card's Quest: static content, so found once per card
    (the Quest Bonuses test every Netherworld card against every revealed Quest at every
    Recruitment)."""
    content = C.game_content()  # static content, loaded once per process
    quest = content.necropolis[necropolis].quest
    if quest is None:
        return frozenset()
    return frozenset(c for c in content.instance_type if _quest_met(content, quest, c))


def lich_king_gains(st: PTState) -> None:
    """End of Recruitment: the current card's Immediate Gain, then every revealed card's Quest
    Bonus per Netherworld Unit; then Netherworld goes to the discard pile."""
    d = st.data
    s = d["solo"]
    assert s is not None
    cards = line(st)
    gain = st.content.necropolis[cards[d["turn"] - 1]].gain + lich_bonus(st, C.LkGainLp)
    total = gain
    for ident in cards[: s["revealed"]]:
        quest = st.content.necropolis[ident].quest
        if quest is not None:
            total += quest.lp * len(_meeting(ident).intersection(s["nether"]))
    s["lp"] += total
    log(d, f"The Lich King scores {total} LP ({gain} Immediate Gain, the rest Quest Bonuses)")
    piles.add_discards(d["deck"], s["nether"])
    s["nether"] = []


def lich_bonus(st: PTState, effect: type, **match: str) -> int:
    """What the Lich King cards in play add to one of his figures (``effect``, for the army
    named in ``match``)."""
    s = st.data["solo"]
    assert s is not None
    return _lich_bonus(tuple(s["lich"]), effect, tuple(match.items()))


@lru_cache(maxsize=256)
def _lich_bonus(lich: tuple[str, ...], effect: type, match: tuple[tuple[str, str], ...]) -> int:
    """Static content and the cards drawn at set-up: summed once per game's cards."""
    content = C.game_content()  # static content, loaded once per process
    total = 0
    for ident in lich:
        ab = content.lich[ident].ability
        if isinstance(ab, effect) and all(getattr(ab, k) == v for k, v in match):
            total += int(ab.n)
    return total


def armies(st: PTState) -> dict[str, int]:
    """Black and Purple strengths: the current Necropolis card plus the next."""
    s = st.data["solo"]
    assert s is not None
    t = st.data["turn"]
    cards = line(st)
    now, nxt = (st.content.necropolis[cards[i]] for i in (t - 1, t))
    return {
        "black": now.black + nxt.black + lich_bonus(st, C.LkArmy, army="black"),
        "purple": now.purple + nxt.purple + lich_bonus(st, C.LkArmy, army="purple"),
    }


def wars(st: PTState) -> None:
    """Reveal the next Necropolis card; one War against each army; ties won by both."""
    d = st.data
    s = d["solo"]
    assert s is not None
    s["revealed"] = max(s["revealed"], d["turn"] + 1)
    reveal(st, s["revealed"])
    mine = kingdom.war_strength(st, 0)
    p = d["players"][0]
    p["won"] = 0
    lich = 0
    for army, strength in armies(st).items():
        if mine >= strength:
            p["won"] += 1
            st.add_lp(0, LP_PER_WAR, f"War against the {army.capitalize()} army won")
        if strength >= mine:
            lich += LICH_LP_PER_WAR + lich_bonus(st, C.LkWarLp)
    s["lp"] += lich
    log(d, f"Wars: your strength {mine}; the Lich King scores {lich} LP")
    for ctx, _, trig in list(kingdom.sources(st, 0)):
        for e in trig:
            if e.when == "wars":
                fire(ctx, e)


def end_of_game(st: PTState) -> None:
    s = st.data["solo"]
    assert s is not None
    gain = st.content.necropolis[line(st)[-1]].gain + lich_bonus(st, C.LkGainLp)
    s["lp"] += gain
    log(st.data, f"The Lich King scores the END card's {gain} LP")
