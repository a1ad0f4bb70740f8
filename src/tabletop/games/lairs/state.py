"""The state of a game of Lairs: its plain data, named once and built in one place
(:func:`new_data`), and the state class whose protocol hooks are answered by the decision due
(:mod:`tabletop.engine.decisions`).

The state stays JSON-native (dicts, lists, ints, strings), so a clone is one cheap copy. The
TypedDicts below only name the keys for readers and type checkers.

- ``lairs[i]`` is the lair seat ``i`` built (in solo, ``lairs[0]`` is the generated lair): its
  walls, readiness and changed Targets. Its features (what stands on each space) are a hidden
  thing of the engine's knowledge model, the zone ``lair:<i>`` (in ``data["secret"]``, a
  :class:`~tabletop.engine.knowledge.Zones` of its own, so that a resample redraws them within
  the building rules): each space carries who knows it, the builder always, everyone once the
  explorer's map sheet shows it truly. :class:`Lair` reads both as one lair.
- ``explorers[i]`` is seat ``i`` as an explorer: its player mat (baskets), its map sheet (what it
  has learnt of the lair it explores: nothing else of that lair is ever copied into it), its
  cards.
- A feature is ``"start"``, ``"exit"``, ``"chest"``, ``"m:<monster>"`` or ``"t:<trap>"``; on a map
  sheet a Known space with no feature reads ``"empty"``.

This module imports no rules: the state class gets its decisions (``decisions``) and the rules'
entry points its hooks need (``rules``, a :class:`Rules`) where the game is assembled, the
package's ``__init__``.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Final, TypedDict

from mypy_extensions import mypyc_attr

from tabletop.engine import Action, Outcome, chance
from tabletop.engine.decisions import DecidingState, StateRules
from tabletop.engine.knowledge import ZONES, Zones, bit, everyone, learnt
from tabletop.engine.piles import new_pile
from tabletop.engine.rng import Rng
from tabletop.engine.scores import ScoreItem, SeatScore
from tabletop.engine.views import log

from . import grid
from .content import CUBES, TRIGGERED, Content
from .grid import SPACES
from .steps import STEPS


class LairRecord(TypedDict):
    walls: list[int]
    ready: bool
    target: dict[str, int]  # Monster Targets changed during play, by space


@mypyc_attr(native_class=False)
class Lair(dict[str, Any]):
    """One lair as the rules read it: ``feat`` (the 36 spaces' features, the live list of its
    knowledge zone), ``walls``, ``ready`` and ``target`` (the live values of ``data["lairs"][i]``).
    Writing a key writes through to where it lives; nothing of it is stored twice."""

    __slots__ = ("_rec", "_zone")

    def __init__(self, data: dict[str, Any], i: int) -> None:
        rec = data["lairs"][i]
        zone = data[SECRET][ZONES][_ZONE_NAMES[i] if i < 2 else zone_name(i)]
        # dict's own methods: made several times an action, without super() or keywords
        dict.update(self, rec)
        dict.__setitem__(self, "feat", zone["items"])
        self._rec = rec
        self._zone = zone

    def __setitem__(self, key: str, value: Any) -> None:
        if key == "feat":
            self._zone["items"][:] = value
            value = self._zone["items"]
        else:
            self._rec[key] = value
        super().__setitem__(key, value)


SECRET = "secret"  # the lairs' knowledge zones (data["secret"]["_zones"])
# the data's layout: older saves are rewritten by :func:`upgrade`
LAYOUT = 3
# the decision each phase before exploring waits for
PHASE_DECISIONS = {"select": "draft", "build": "build", "attributes": "attributes"}
# the decision a check waits for at each of its stages
CHECK_DECISIONS = {"buy": "check", "reroll": "reroll", "after-roll": "after-roll"}


def zone_name(i: int) -> str:
    return f"lair:{i}"


_ZONE_0: Final = "lair:0"  # zone_name(0) and (1), as constants for the hot paths
_ZONE_1: Final = "lair:1"
_ZONE_NAMES = (_ZONE_0, _ZONE_1)
assert (zone_name(0), zone_name(1)) == _ZONE_NAMES


def install_lair(data: dict[str, Any], i: int, lair: dict[str, Any]) -> None:
    """Put a whole lair (a plain dict with ``feat``, as generated or written by a scenario) in
    place of lair ``i``, keeping what each seat knows of its spaces."""
    data["lairs"][i] = {k: v for k, v in lair.items() if k != "feat"}
    data[SECRET][ZONES][zone_name(i)]["items"][:] = list(lair["feat"])


class Explorer(TypedDict):
    position: int | None
    previous: int | None  # the space entered from
    known: list[bool]
    map: list[str | None]
    map_walls: list[int]  # walls learnt (seen around Known spaces, or bumped into)
    visited: list[bool]
    scrounged: list[int]
    fresh: dict[str, int]
    spent: dict[str, int]
    fatigued: dict[str, int]
    conserved: dict[str, int]
    status: dict[str, str]  # status -> basket
    treasures: list[str]
    junk: list[str]
    trophies: list[str]
    notes: int  # VP noted in the Notes section
    escaped: int | None  # 1 for the first to escape, 2 for the second
    turns: int
    scavenge: list[int]  # spaces opened/disarmed/defeated this turn, not yet Scavenged
    targets: dict[str, int]  # Targets noted on the map sheet, by space
    noted: dict[str, int]  # the Notes section: changed Targets of Monsters that left the map
    struck: list[str]  # the hazards whose Strike hit it, in order (for balance reports)


def empty_cubes() -> dict[str, int]:
    return {k: 0 for k in CUBES}


def new_lair() -> LairRecord:
    return {"walls": [], "ready": False, "target": {}}


def new_explorer(cubes: dict[str, int], basket: str) -> Explorer:
    ex: Explorer = {
        "position": None,
        "previous": None,
        "known": [False] * SPACES,
        "map": [None] * SPACES,
        "map_walls": [],
        "visited": [False] * SPACES,
        "scrounged": [],
        "fresh": empty_cubes(),
        "spent": empty_cubes(),
        "fatigued": empty_cubes(),
        "conserved": empty_cubes(),
        "status": {},
        "treasures": [],
        "junk": [],
        "trophies": [],
        "notes": 0,
        "escaped": None,
        "turns": 0,
        "scavenge": [],
        "targets": {},
        "noted": {},
        "struck": [],
    }
    for k, n in cubes.items():
        ex[basket][k] += n  # type: ignore[literal-required]
    return ex


def new_data(content: Content, params: dict[str, Any], rng: Rng, seats: int) -> dict[str, Any]:
    """The whole state at the start of a game (before hazard selection and building)."""
    mode = params["mode"]
    pack = bool(params.get("pack", False))
    solo = mode == "solo"
    if pack:
        start = content.numbers["start_cubes"]["pack"]
    else:
        start = content.numbers["start_cubes"]["intro" if mode == "intro" else "standard"]
    treasure = new_pile(sorted(content.treasures), rng)
    data: dict[str, Any] = {
        "layout": LAYOUT,
        "mode": mode,
        "pack": pack,
        "solo": solo,
        "difficulty": params.get("difficulty"),
        "phase": "select",
        "round": 0,
        "turn": None,
        "first": None,
        "monsters": [],
        "traps": [],
        "draft": None,
        "lairs": [new_lair() for _ in range(1 if solo else seats)],
        "explorers": [new_explorer(dict(start["cubes"]), start["basket"]) for _ in range(seats)],
        "attributes": [None] * seats,  # the Attribute cubes each seat chose (Adventurer's Pack)
        "check": None,
        "queue": [],
        "ask": None,
        "ending": False,  # the explorer ended its turn (Conserve) with something free left to do
        "treasure": treasure,
        "display": [],
        "junk_deck": new_pile(sorted(content.junk_deck()), rng) if pack else None,
        "escapes": 0,
        "turns_left": None,  # to the explorer still inside, once the first has escaped
        "rounds": int(content.numbers["round_limit"]["value"]),
        "goal": None,  # solo: VP needed to win
        "last_check": None,  # the last check decided, its roll and total, for surfaces
    }
    data[SECRET] = {}
    zones = Zones(data[SECRET], seats)
    for i in range(len(data["lairs"])):
        # only its builder knows a lair (in solo nobody: the rules built it)
        builder = 0 if solo else bit(i)
        zones.create(zone_name(i), [None] * SPACES, pool=zone_name(i), known=builder)
    return data


@mypyc_attr(allow_interpreted_subclasses=True)
class Rules(StateRules["LairsState"]):
    """The rules' entry points the state's hooks call (rules/turns.py, view.py, hidden.py,
    evaluate.py, rules/treasure.py), set on the state class where the game is assembled, so the
    state imports no rules."""

    @abstractmethod
    def score(self, state: LairsState, explorer: int) -> dict[str, int]:
        """One explorer's victory points by part, and their total (rules/treasure.py)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class LairsState(DecidingState):
    __slots__ = ()
    content: ClassVar[Content]
    rules: ClassVar[Rules]

    # ------------------------------------------------------------ the decision due
    def decision_kind(self) -> str | None:
        data = self.data
        phase = data["phase"]
        if phase == "over":
            return None
        if phase != "explore":
            return PHASE_DECISIONS[phase]
        if data["ask"] is not None:
            return str(data["ask"]["kind"])
        check = data["check"]
        if check is not None:
            return CHECK_DECISIONS[check["stage"]]
        return "turn"

    def whose_turn(self) -> int | None:
        turn: int | None = self.data["turn"]
        return turn

    def after_decision(self) -> None:
        self.rules.advance(self)
        self.sync_knowledge()

    # ------------------------------------------------------------ helpers the rules use
    def lair(self, i: int) -> Lair:
        """Lair ``i`` (the one seat ``i`` built; in solo, 0 is the generated lair)."""
        return Lair(self.data, i)

    def lair_read(self, i: int) -> dict[str, Any]:
        """Lair ``i`` to read only (a draw's many checks): a plain mapping of the same live
        values as :meth:`lair` (``feat`` the zone's own list), cheaper to make than a ``Lair``;
        a key written to it is written nowhere else."""
        data = self.data
        out = dict(data["lairs"][i])
        out["feat"] = data[SECRET][ZONES][_ZONE_NAMES[i] if i < 2 else zone_name(i)]["items"]
        return out

    def lair_index(self, seat: int) -> int:
        """The index of the lair explorer ``seat`` explores."""
        return 0 if self.data["solo"] else 1 - seat

    def lair_of(self, seat: int) -> Lair:
        """The lair explorer ``seat`` explores."""
        return Lair(self.data, self.lair_index(seat))

    def feat_of(self, seat: int) -> list[str | None]:
        """The live features of the lair explorer ``seat`` explores (its ``Lair``'s ``feat``,
        read without making the ``Lair``: the rules' hot paths read nothing else of it)."""
        return self.feat(self.lair_index(seat))

    def feat(self, i: int) -> list[str | None]:
        """The live features of lair ``i`` (its ``Lair``'s ``feat``, without making it)."""
        items: list[str | None] = self.data[SECRET][ZONES][
            _ZONE_0 if i == 0 else _ZONE_1 if i == 1 else zone_name(i)
        ]["items"]
        return items

    def walls_of(self, seat: int) -> list[int]:
        """The live walls of the lair explorer ``seat`` explores (its ``Lair``'s ``walls``)."""
        walls: list[int] = self.data["lairs"][self.lair_index(seat)]["walls"]
        return walls

    def secrets(self) -> Zones:
        """The lairs' knowledge zones."""
        return Zones(self.data[SECRET], len(self.data["explorers"]))

    def sync_knowledge(self) -> None:
        """Who knows each space of each lair, from the map sheets: a space is known to everyone
        (the map sheets are public) once its explorer's map sheet shows truly what stands there
        (a Known space whose invisible hazard is still hidden is not), else to its builder
        alone. The knowledge model derives the resample and the undo policy from this."""
        data = self.data
        if data["phase"] not in ("explore", "over"):
            return
        zones: Zones | None = None  # made only when a space becomes known to everyone
        held = data[SECRET][ZONES]
        all_ = everyone(len(data["explorers"]))
        solo = data["solo"]
        for seat, explorer in enumerate(data["explorers"]):
            i = self.lair_index(seat)
            name = _ZONE_NAMES[i] if i < 2 else zone_name(i)
            zone = held[name]
            alone = 0 if solo else bit(i)
            known: list[int] = zone["known"]
            items: list[str | None] = zone["items"]
            sheet: list[str | None] = explorer["map"]
            # everyone where the map sheet shows the space truly, else its builder alone: one
            # pass, each space compared in place (nothing is made unless a space changes; a
            # space the sheet leaves blank, most of them, is its builder's alone)
            for c in range(SPACES):
                m = sheet[c]
                if m is None:
                    want = alone
                else:
                    item = items[c]
                    true = m == "empty" if item is None else m == item
                    want = all_ if true else alone
                if known[c] == want:
                    continue
                if want == all_:
                    if zones is None:
                        zones = self.secrets()
                    zones.learn(name, all_, "explored", at=c)
                else:
                    known[c] = alone

    def builder_of(self, seat: int) -> int | None:
        """The seat that built the lair explorer ``seat`` explores (None in solo: the
        automaton)."""
        return None if self.data["solo"] else 1 - seat

    def builder_id(self, seat: int) -> int:
        """Who decides for the Builder of the lair explorer ``seat`` explores: the seat that built
        it, or in solo the rules' automaton (id ``num_players``, see
        :class:`.rules.solo.SoloBuilder`)."""
        builder = self.builder_of(seat)
        return int(self.game.num_players) if builder is None else builder

    def who(self, seat: int) -> str:
        return "the explorer" if self.data["solo"] else self.seat_name(seat)

    def log_public(self, text: str) -> None:
        log(self.data, text[0].upper() + text[1:])

    def log_for_both(self, seat: int, text: str) -> None:
        self.log_public(f"{self.who(seat)} {text}")

    def log_private(self, seat: int, text: str) -> None:
        if seat >= self.game.num_players:
            return  # the solo Builder, an automaton, keeps no log
        log(self.data, text[0].upper() + text[1:], to=[seat])

    def target_bonus(self) -> int:
        data = self.data
        if data["solo"]:
            return self.content.difficulties[data["difficulty"]].target_bonus
        return 0

    def roll_die(self, kind: str) -> int:
        """One Basic or Power die, in the open (a scenario may force the next "dice")."""
        die = self.content.power_die if kind == "power" else self.content.basic_die
        return int(chance.roll(self, die, "dice"))

    def roll_monster_die(self) -> str:
        return str(chance.roll(self, self.content.monster_die, "monster dice"))

    # ------------------------------------------------------------ what the surfaces see
    def _view(self, seat: int | None) -> dict[str, Any]:
        return self.rules.view(self, seat)

    def scores(self) -> list[dict[str, int]]:
        return [self.rules.score(self, e) for e in range(len(self.data["explorers"]))]

    def _outcome(self) -> Outcome:
        data = self.data
        sc = self.scores()
        totals = {i: float(p["total"]) for i, p in enumerate(sc)}
        if data["solo"]:
            explorer = data["explorers"][0]
            won = explorer["escaped"] is not None and sc[0]["total"] >= data["goal"]
            text = (
                f"You escaped with {sc[0]['total']} VP (goal {data['goal']}): you win"
                if won
                else f"{sc[0]['total']} VP, goal {data['goal']}"
                + ("" if explorer["escaped"] is not None else ", and you did not escape")
            )
            return Outcome(
                (0,) if won else (), totals, data.get("over", "over"), text, self.breakdown(sc)
            )
        best = max(totals.values())
        top = [i for i, v in totals.items() if v == best]
        if len(top) > 1:
            esc = [i for i in top if data["explorers"][i]["escaped"] == 1]
            top = esc or top
        text = ", ".join(f"{self.seat_name(i)}: {int(v)} VP" for i, v in totals.items())
        return Outcome(tuple(top), totals, data.get("over", "over"), text, self.breakdown(sc))

    def breakdown(self, scores: list[dict[str, int]]) -> tuple[SeatScore, ...]:
        """How each explorer's score was made: escape, trophies, treasure, sets, VP noted on the
        map sheet; the first out breaks a tie (ruling in docs/rulings/lairs.md)."""
        lines = []
        for seat, parts in enumerate(scores):
            explorer = self.data["explorers"][seat]
            escaped = explorer["escaped"]
            items = (
                ScoreItem(
                    "Escape",
                    parts["escape"],
                    "first out" if escaped == 1 else "second out" if escaped == 2 else "not out",
                ),
                ScoreItem("Trophies", parts["trophies"], f"{len(explorer['trophies'])} defeated"),
                ScoreItem("Treasure", parts["treasure"], f"{len(explorer['treasures'])} cards"),
                ScoreItem("Sets", parts["collections"]),
                ScoreItem("Notes", parts["notes"]),
            )
            tiebreak = (
                (ScoreItem("Out first", 1 if escaped == 1 else 0),) if not self.data["solo"] else ()
            )
            lines.append(SeatScore(seat, self.seat_name(seat), items, tiebreak))
        return tuple(lines)

    def rounds(self) -> int:
        return int(self.data.get("round", 0))

    def tags(self, seat: int) -> dict[str, Any]:
        """What seat faced as an explorer, for balance reports (see evaluate.py)."""
        return self.rules.tags(self, seat)

    def evaluate(self) -> list[float]:
        """Each seat's chance to win from here, estimated for search bots (see evaluate.py)."""
        return self.rules.evaluate(self)

    def _resample(self, seat: int | None, rng: Rng) -> LairsState:
        """A state ``seat`` cannot tell from this one, with everything hidden from it drawn
        again from ``rng`` and a fresh RNG, every time, mid-check too (:mod:`.hidden`)."""
        return self.rules.resample(self, seat, rng)

    def unlearnt_edges(self, i: int) -> list[int]:
        """The edges of lair ``i`` whose Wall (or its absence) nobody but its builder has
        learnt: none of the explorer's Known or visited spaces touches them, and the explorer
        never bumped into them (its map sheet, which is public, shows every wall learnt)."""
        data = self.data
        explorer = data["explorers"][0 if data["solo"] else 1 - i]
        bumped = set(explorer["map_walls"])
        seen = [k or v for k, v in zip(explorer["known"], explorer["visited"], strict=True)]
        out = []
        for e in range(grid.EDGES):
            a, b = grid.edge_cells(e)
            if not (seen[a] or seen[b] or e in bumped):
                out.append(e)
        return out

    def undo_blocked(self, seat: int, action: Action) -> str | None:
        """A space some seat learnt (the knowledge model's :func:`learnt` over the lairs'
        zones), a wall the Builder told of, a card drawn from the Treasure or Junk deck (piles:
        their order is hidden, though a draw moves no random number)."""
        after = self.clone()
        after.apply(action, seat)
        if learnt(self.data[SECRET], after.data[SECRET], self.game.num_players) is not None:
            return "the Builder told what stands on a space"
        for ex, then in zip(self.data["explorers"], after.data["explorers"], strict=True):
            if ex["map_walls"] != then["map_walls"]:
                return "the Builder told of a wall"
        for key, name in (("treasure", "Treasure"), ("junk_deck", "Junk")):
            pile, then = self.data[key], after.data[key]
            if pile is not None and len(then["draw"]) != len(pile["draw"]):
                return f"it drew from the {name} deck"
        return None


# ---------------------------------------------------------------------- older saves
# layout 1's abbreviated keys, spelt out: of the data, of an explorer, of a check
_DATA_KEYS = {
    "ex": "explorers",
    "attrs": "attributes",
    "junkdeck": "junk_deck",
    "dice": "last_check",
    "horn": "turns_left",
}
_EXPLORER_KEYS = {"pos": "position", "prev": "previous", "mwalls": "map_walls"}
_CHECK_KEYS = {
    "e": "explorer",
    "hz": "hazard",
    "mdice": "monster_dice",
    "adds": "added",
    "reroll_n": "rerolls_allowed",
}
# layout 1's steps of the rules in the queue, by their new names
_STEPS = {
    "_enter": "enter-space",
    "_hustle": "hustle-step",
    "_check": "open-check",
    "_rest": "rest-cube",
    "_refresh": "refresh",
    "_free_creep": "free-creep",
}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A saved game's data in this layout, one layout at a time: 1 to 2 (:func:`_spelt_out`), 2
    to 3 (:func:`_dice_and_asks_spelt_out`). A save of a layout this version does not know (newer,
    or not a whole number) is refused with the layout it names, before anything is read."""
    layout = data.get("layout", 1)
    if isinstance(layout, bool) or not isinstance(layout, int) or not 1 <= layout <= LAYOUT:
        raise ValueError(
            f"a Lairs save of layout {layout!r}: this version reads layouts 1 to {LAYOUT}"
        )
    if layout < 2:
        data = _spelt_out(data)
    if layout < 3:
        _dice_and_asks_spelt_out(data)
    data["layout"] = LAYOUT
    return data


def _spelt_out(data: dict[str, Any]) -> dict[str, Any]:
    """Layout 1 (before the keys were spelt out) in layout 2: ``ex``, ``attrs``, ``junkdeck``,
    ``dice``, ``horn``; an explorer's ``pos``, ``prev``, ``mwalls``; a check's ``e``, ``hz``,
    ``mdice``, ``adds``, ``reroll_n`` and the Skull abilities it kept (``mods``: the static ones
    are read from the hazard now); the queue's flat entries (the effect's fields beside ``e`` and
    ``at``, the rules' steps named ``_enter`` and the like); ``lastbuild``, never read, is gone."""
    data = {_DATA_KEYS.get(key, key): value for key, value in data.items()}
    data.pop("lastbuild", None)
    for explorer in data["explorers"]:
        for old, new in _EXPLORER_KEYS.items():
            explorer[new] = explorer.pop(old)
    for key in ("check", "last_check"):
        check = data.get(key)
        if check is not None:
            check.pop("mods", None)
            data[key] = {_CHECK_KEYS.get(k, k): v for k, v in check.items()}
    data["queue"] = [_queued(entry) for entry in data["queue"]]
    return data


# layout 2's abbreviated keys of a rolled die and of a question asked
_DIE_KEYS = {"t": "type", "v": "value", "src": "source"}
_ASK_KEYS = {"e": "explorer", "frm": "origin", "op": "operation"}


def _dice_and_asks_spelt_out(data: dict[str, Any]) -> None:
    """Layout 2 in layout 3, in place: a rolled die's ``t``, ``v``, ``src`` (in the check under
    way and the last one) become ``type``, ``value``, ``source``; a question's ``e``, ``frm``,
    ``op`` become ``explorer``, ``origin``, ``operation``."""
    for key in ("check", "last_check"):
        check = data.get(key)
        if check is not None:
            check["dice"] = [
                {_DIE_KEYS.get(k, k): v for k, v in die.items()} for die in check["dice"]
            ]
    if data.get("ask") is not None:
        data["ask"] = {_ASK_KEYS.get(k, k): v for k, v in data["ask"].items()}


def _queued(entry: dict[str, Any]) -> dict[str, Any]:
    """A layout 1 queue entry in this layout, its effect's fields as its model writes them."""
    fields = dict(entry)
    explorer, at = fields.pop("e"), fields.pop("at", None)
    name = fields["effect"] = _STEPS.get(fields["effect"], fields["effect"])
    if name in STEPS:
        effect = STEPS.model(name).model_validate(fields)
    else:
        effect = TRIGGERED.parse(fields, "a saved game's effect queue", name)
    return {"explorer": explorer, "at": at, "effect": effect.model_dump()}
