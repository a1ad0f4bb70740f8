"""The state of a game of Paper Tales: its plain data, named with TypedDicts, and the state class
whose protocol hooks are answered by the decision due (:mod:`tabletop.engine.decisions`).

The data stays JSON-native (dicts, lists, strings, numbers), so cloning is a cheap copy. A Kingdom
is a list of spots: 0 and 1 are the Front, 2 and 3 the Back, 4 the additional Front spot a Level 2
Building opens. A Unit in play is ``{"card": card, "age": tokens, "new": revealed this turn}``.
Every Legend Point is recorded with its source as it is scored (``legend_point_sources``), so the
end of the game says how each score was made.

This module imports no rules: the state class gets its decisions (``decisions``) and the rules'
entry points its hooks need (``rules``, a :class:`Rules`) where the game is assembled, the
package's ``__init__``.
"""

from __future__ import annotations

from typing import Any, ClassVar, NotRequired, TypedDict

from mypy_extensions import mypyc_attr

from tabletop.engine import Outcome
from tabletop.engine.decisions import DecidingState, StateRules
from tabletop.engine.rng import Rng
from tabletop.engine.scores import ScoreItem, SeatScore
from tabletop.engine.views import log

from .content import Content

FRONT = (0, 1, 4)
BACK = (2, 3)
EXTRA = 4
SPOTS = 5
SPOT_NAMES = ("Front left", "Front right", "Back left", "Back right", "Front extra")
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Grey")
SOLO_NAME = "You"
LICH_KING = "the Lich King"
# the data's layout: older saves are rewritten by :func:`upgrade`
LAYOUT = 2
# the decision of each phase that waits for the seats (when nothing is pending)
PHASE_DECISIONS = {
    "draft": "draft",
    "solo-pick": "recruit",
    "deploy": "deploy",
    "build": "construct",
}
# the sources of Legend Points a breakdown names first, in this order (abilities follow by name)
FIRST_SOURCES = ("Wars", "Buildings", "Immediate Gains", "Quest Bonuses", "END card")
SCENARIO_SOURCE = "Before this scenario"
UNRECORDED_SOURCE = "Not recorded"


class UnitInPlay(TypedDict):
    card: str
    age: int
    new: bool
    saved: NotRequired[bool]  # Aging: a Mystical Healer saved it


class Player(TypedDict):
    gold: int
    legend_points: int
    legend_point_sources: dict[str, int]  # where the Legend Points came from (they sum up)
    # the hand and the card kept face down are in the knowledge zones (hidden.py)
    kingdom: list[UnitInPlay | None]  # what everyone sees
    buildings: dict[str, int]  # Building id -> level
    wars_won: int  # Wars won this turn


class Draft(TypedDict):
    # the hands in front of the seats are in the knowledge zones (hidden.py)
    picks: list[str | None]  # 2 players: each seat's card kept at this step, before its discard
    step: int


class Pending(TypedDict):
    """A choice an ability leaves to its owner, made one by one after the reveal."""

    seat: int
    kind: str  # the decision that asks it
    card: str  # the card whose ability it is
    tokens: NotRequired[int]  # age-one: Age tokens to put on (negative: to take off)


class Solo(TypedDict):
    # the Necropolis line is in the knowledge zones (rules/solo.py, line)
    revealed: int  # how many of them are face up
    lich_king_cards: list[str]  # the Lich King cards in play
    legend_points: int  # the Lich King's score
    legend_point_sources: dict[str, int]
    netherworld: list[str]  # the Netherworld pile
    offer: list[str]  # the cards in front of the player in the solo Unit selection
    stage: int  # which step of the selection
    due: NotRequired[str | None]  # the Lich King's step the rules wait for (gain, wars, end)
    acted: NotRequired[str]  # "turn:step" he took last


class Data(TypedDict):
    layout: int
    turn: int
    phase: str
    deck: dict[str, Any]
    players: list[Player]
    draft: Draft | None
    pending: list[Pending]  # choices that must be made one by one (ages, saves)
    buildings: list[str]  # the Buildings every player may construct in this game, in order
    tiles: list[str]  # Beyond the Gates: the 3 revealed Building tiles
    solo: Solo | None
    log: list[Any]
    log_n: int


def new_player(gold: int) -> Player:
    return {
        "gold": gold,
        "legend_points": 0,
        "legend_point_sources": {},
        "kingdom": [None] * SPOTS,
        "buildings": {},
        "wars_won": 0,
    }


@mypyc_attr(allow_interpreted_subclasses=True)
class Rules(StateRules["PaperTalesState"]):
    """The rules' entry points the state's hooks call (rules/turn.py, view.py, evaluate.py), set
    on the state class where the game is assembled, so the state imports no rules."""


@mypyc_attr(allow_interpreted_subclasses=True)
class PaperTalesState(DecidingState):
    __slots__ = ()
    content: ClassVar[Content]
    rules: ClassVar[Rules]

    # ------------------------------------------------------------------ the decision due
    def decision_kind(self) -> str | None:
        data = self.data
        phase = data["phase"]
        if phase == "over":
            return None
        solo = data["solo"]
        if solo is not None and solo.get("due"):
            return "lich-king"
        if data["pending"]:
            return str(data["pending"][0]["kind"])
        return PHASE_DECISIONS[phase]

    def after_decision(self) -> None:
        self.rules.advance(self)

    # ------------------------------------------------------------------ accessors for the rules
    def player(self, seat: int) -> Player:
        found: Player = self.data["players"][seat]
        return found

    def solo(self) -> Solo | None:
        found: Solo | None = self.data["solo"]
        return found

    def seats(self) -> range:
        return range(len(self.data["players"]))

    def seat_name(self, seat: int) -> str:
        """A colour in the game with players; "You" in solo."""
        if self.data["solo"] is not None:
            return SOLO_NAME
        return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"Seat {seat + 1}"

    def subject(self, seat: int, verb: str, opening: bool = True) -> str:
        """A seat doing something, in good grammar: ``Red loses`` or, in solo, ``You lose``
        (``verb`` as it goes with a colour; ``opening``: at the start of a sentence)."""
        name = self.seat_name(seat)
        if name == SOLO_NAME and not opening:
            name = "you"
        return f"{name} {self.verb(seat, verb)}"

    def verb(self, seat: int, verb: str) -> str:
        """A verb as it goes with a seat's name: ``pays`` for a colour, ``pay`` for "You"."""
        return plain_verb(verb) if self.seat_name(seat) == SOLO_NAME else verb

    def possessive(self, seat: int, opening: bool = True) -> str:
        """``Red's`` or, in solo, ``Your``."""
        name = self.seat_name(seat)
        if name != SOLO_NAME:
            return f"{name}'s"
        return "Your" if opening else "your"

    def add_lp(self, seat: int, points: int, source: str, why: str | None = None) -> None:
        """Legend Points gained (or lost: the score never goes below 0), recorded under their
        ``source`` (``Wars``, ``Buildings``, a card's name) with what the score really moved."""
        player = self.player(seat)
        before = player["legend_points"]
        player["legend_points"] = max(0, before + points)
        record(player["legend_point_sources"], source, player["legend_points"] - before)
        verb = "gains" if points >= 0 else "loses"
        log(self.data, f"{self.subject(seat, verb)} {abs(points)} LP ({why or source})")

    def add_lich_king_lp(self, points: int, source: str) -> None:
        """Solo: Legend Points for the Lich King, recorded under their source."""
        solo = self.solo()
        assert solo is not None
        solo["legend_points"] += points
        record(solo["legend_point_sources"], source, points)

    def resolution_order(self) -> list[int]:
        """When simultaneous abilities interact: the player furthest ahead on the score track
        first, then the one with less Gold; still level, a fixed seat order (ruling 12)."""
        players = self.data["players"]
        if len(players) == 1:  # solo: nobody to order (the Lich King has no abilities)
            return [0]
        return sorted(
            range(len(players)),
            key=lambda s: (-players[s]["legend_points"], players[s]["gold"], s),
        )

    def owned_buildings(self, seat: int) -> list[tuple[str, int]]:
        """A seat's Buildings with their levels, in the order of the game's Buildings (never in
        the order of a mapping, which a saved game's sorted keys would change)."""
        owned = self.player(seat)["buildings"]
        return [(b, owned[b]) for b in self.data["buildings"] if b in owned]

    def rounds(self) -> int:
        return int(self.data["turn"])

    # ------------------------------------------------------------------ what the surfaces see
    def _view(self, seat: int | None) -> dict[str, Any]:
        self._cache["still"] = {}  # nothing changes while a view is drawn: remember resources
        try:
            return self.rules.view(self, seat)
        finally:
            del self._cache["still"]

    def _resample(self, seat: int | None, rng: Rng) -> PaperTalesState:
        return self.rules.resample(self, seat, rng)

    def evaluate(self) -> list[float]:
        return self.rules.evaluate(self)

    def tags(self, seat: int) -> dict[str, Any]:
        return self.rules.tags(self, seat)

    def winners(self) -> tuple[int, ...]:
        """The most LP; among the tied, the most Gold left; still tied, a shared victory."""
        players = self.data["players"]
        best = max((p["legend_points"], p["gold"]) for p in players)
        return tuple(s for s, p in enumerate(players) if (p["legend_points"], p["gold"]) == best)

    def _outcome(self) -> Outcome:
        data = self.data
        players = data["players"]
        scores = {s: float(p["legend_points"]) for s, p in enumerate(players)}
        if data["phase"] != "over":
            return Outcome((), scores, "not over")
        breakdown = tuple(self.score_of(s) for s in self.seats())
        solo = self.solo()
        if solo is not None:
            mine, lich = players[0]["legend_points"], int(solo["legend_points"])
            won = mine > lich
            verdict = "you win" if won else "the Lich King wins"
            if mine == lich:
                verdict += " (a tie goes to him)"
            text = f"You {mine} LP, the Lich King {lich} LP: {verdict}"
            lich_line = SeatScore(
                self.game.num_players, LICH_KING, items(solo["legend_point_sources"])
            )
            return Outcome((0,) if won else (), scores, "lich-king", text, (*breakdown, lich_line))
        win = self.winners()
        best = max(p["legend_points"] for p in players)
        tied = sum(1 for p in players if p["legend_points"] == best)
        text = "Most Legend Points"
        if tied > 1:
            text += " (tie broken by Gold)" if len(win) == 1 else " (a shared victory)"
        return Outcome(win, scores, "legend-points", text, breakdown)

    def score_of(self, seat: int) -> SeatScore:
        """One seat's Legend Points by source; the Gold left breaks a tie (not in solo, where
        the Lich King wins ties)."""
        player = self.player(seat)
        found = items(player["legend_point_sources"])
        buildings = ", ".join(
            f"{self.content.buildings[b].name} at Level {level}"
            for b, level in self.owned_buildings(seat)
        )
        found = tuple(
            ScoreItem(i.label, i.points, buildings) if i.label == "Buildings" else i for i in found
        )
        gold = ScoreItem("Gold", player["gold"], "left at the end: breaks a tie on LP")
        tiebreak = () if self.data["solo"] is not None else (gold,)
        return SeatScore(seat, self.seat_name(seat), found, tiebreak)


def plain_verb(verb: str) -> str:
    """The verb that goes with "you": ``loses`` -> ``lose``, ``has`` -> ``have``."""
    if verb == "has":
        return "have"
    if verb.endswith(("shes", "ches", "xes", "sses")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def record(sources: dict[str, int], source: str, points: int) -> None:
    """Points added to a score's source (a source whose points cancel out is dropped)."""
    total = sources.get(source, 0) + points
    if total:
        sources[source] = total
    else:
        sources.pop(source, None)


def items(sources: dict[str, int]) -> tuple[ScoreItem, ...]:
    """A score's sources as items, in an order that never depends on the mapping's: the usual
    sources first, then abilities by name, what came before the record last."""
    last = (SCENARIO_SOURCE, UNRECORDED_SOURCE)

    def rank(label: str) -> tuple[int, int, str]:
        if label in FIRST_SOURCES:
            return (0, FIRST_SOURCES.index(label), "")
        return (2 if label in last else 1, 0, label)

    return tuple(
        ScoreItem(label, points, "ability" if rank(label)[0] == 1 else "")
        for label, points in sorted(sources.items(), key=lambda kv: rank(kv[0]))
    )


# ---------------------------------------------------------------------- older saves
def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A saved game's data in this layout. Layout 1 (before the keys were spelt out): ``lp``,
    ``won``, ``c``, ``n``, ``lich``, ``nether``; ``done`` and ``commit`` are gone (the engine
    keeps commitments); the sources of Legend Points were not recorded, so what a score held
    then is one source, :data:`UNRECORDED_SOURCE`."""
    if data.get("layout", 1) >= LAYOUT:
        return data
    for player in data["players"]:
        lp = int(player.pop("lp"))
        player["legend_points"] = lp
        player["legend_point_sources"] = {UNRECORDED_SOURCE: lp} if lp else {}
        player["wars_won"] = player.pop("won")
        player.pop("done", None)
        player.pop("commit", None)
        for unit in player["kingdom"]:
            if unit is not None:
                unit["card"] = unit.pop("c")
    for queued in data["pending"]:
        if "n" in queued:
            queued["tokens"] = queued.pop("n")
    solo = data.get("solo")
    if solo is not None:
        lp = int(solo.pop("lp"))
        solo["legend_points"] = lp
        solo["legend_point_sources"] = {UNRECORDED_SOURCE: lp} if lp else {}
        solo["lich_king_cards"] = solo.pop("lich")
        solo["netherworld"] = solo.pop("nether")
    data["layout"] = LAYOUT
    return data
