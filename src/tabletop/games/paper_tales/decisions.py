"""Every kind of decision, declared once: its prompt text, its legal actions, how it is carried
out, and the words that describe one of its actions. The prompt's ``kind`` names the decision."""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tabletop.engine import Action
from tabletop.engine.templates import Template

from .rules import aging, construction, deployment, kingdom, recruitment, solo

if TYPE_CHECKING:
    from .play import PTState


class Decision:
    kind: str = ""
    simultaneous: bool = False
    # one action per seat, kept hidden by the engine until every seat has committed (the kernel's
    # commitments)
    commit: bool = False
    # taken by the rules' automaton (the Lich King), not by a seat
    automaton: bool = False

    def text(self, st: PTState, seat: int) -> str:
        raise NotImplementedError

    def legal(self, st: PTState, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, st: PTState, seat: int, action: Action) -> None:
        raise NotImplementedError

    def words(self, st: PTState, action: Action, seat: int) -> str:
        return str(action)

    def templates(self, st: PTState, seat: int) -> list[Template] | None:
        """The decision as kernel templates (a decision too big to list), or None."""
        return None

    def explain(self, st: PTState, seat: int, action: Action) -> str | None:
        """Words for why an action is refused (the usual mistakes), or None."""
        return None

    def is_legal(self, st: PTState, seat: int, action: Action) -> bool:
        """A templated decision: the rules its domains do not say."""
        return True

    def reveal(self, st: PTState, commitments: Mapping[int, Action]) -> bool:
        """A committed decision carried out for every seat together; False: one by one."""
        return False


DECISIONS: dict[str, Decision] = {}


def decision(cls: type[Decision]) -> type[Decision]:
    DECISIONS[cls.kind] = cls()
    return cls


def _act(kind: str, **args: Any) -> Action:
    """An action built directly (the hot paths): plain str/int/None arguments, sorted by name,
    exactly as ``Action.of`` would make them."""
    return Action(kind, tuple(sorted(args.items())))


@lru_cache(maxsize=4096)
def _cards(kind: str, hand: tuple[str, ...]) -> list[Action]:
    """One action per card of a draft hand, made once per hand: while the others commit, a
    seat's hand stays the same and so does its list (the engine copies it, never changes it)."""
    return [Action(kind, (("card", c),)) for c in hand]


def _unit(st: PTState, card: Any) -> str:
    return st.content.unit(str(card)).name


@decision
class Draft(Decision):
    """Recruitment: keep one card of the hand in front of you (2 players: and discard one)."""

    kind = "draft"
    simultaneous = True
    commit = True

    def text(self, st: PTState, seat: int) -> str:
        if recruitment.burning(st, seat):
            return "Discard one more card face down; the rest is passed on."
        if recruitment.burns(len(st.data["players"])):
            return "Keep one card (then discard another face down); the rest is passed on."
        return "Keep one card; the rest is passed on."

    def legal(self, st: PTState, seat: int) -> list[Action]:
        # the kept card has left the hand already: the discard is any card still in it
        kind = "burn" if recruitment.burning(st, seat) else "pick"
        return _cards(kind, tuple(recruitment.choices(st, seat)))

    def explain(self, st: PTState, seat: int, action: Action) -> str | None:
        if action.kind in ("pick", "burn") and action.get("card") not in recruitment.choices(
            st, seat
        ):
            return f"{action.get('card')} is not in the hand in front of seat {seat}"
        return None

    def apply(self, st: PTState, seat: int, action: Action) -> None:
        if action.kind == "burn":
            recruitment.burn(st, seat, str(action["card"]))
        else:
            recruitment.pick(st, seat, str(action["card"]))

    def reveal(self, st: PTState, commitments: Mapping[int, Action]) -> bool:
        """Every seat's pick (or discard) carried out in seat order, then the hands pass once."""
        for seat in sorted(commitments):
            self.apply(st, seat, commitments[seat])
        return True

    def words(self, st: PTState, action: Action, seat: int) -> str:
        verb = "Discard" if action.kind == "burn" else "Keep"
        return f"{verb} the {_unit(st, action['card'])}"


@decision
class SoloPick(Decision):
    """Solo Unit selection: keep one of the cards in front of you."""

    kind = "recruit"

    def text(self, st: PTState, seat: int) -> str:
        s = st.data["solo"]
        assert s is not None
        if s["stage"] >= len(solo.OFFERS):
            return "Keep one of the two Netherworld cards; the other goes under the pile."
        return "Keep one card; the others go to the Netherworld."

    def legal(self, st: PTState, seat: int) -> list[Action]:
        s = st.data["solo"]
        assert s is not None
        return _cards("pick", tuple(sorted(set(s["offer"]))))

    def apply(self, st: PTState, seat: int, action: Action) -> None:
        solo.pick(st, str(action["card"]))

    def words(self, st: PTState, action: Action, seat: int) -> str:
        return f"Keep the {_unit(st, action['card'])}"


@decision
class Deploy(Decision):
    """Deployment: the whole face-down arrangement of a Kingdom (where each card goes, the card
    kept) as one commitment, offered as a template; everyone reveals together."""

    kind = "deploy"
    simultaneous = True
    commit = True

    def text(self, st: PTState, seat: int) -> str:
        return "Arrange your Kingdom face down (Front, Back, one card kept); all reveal together."

    def templates(self, st: PTState, seat: int) -> list[Template] | None:
        return [deployment.template(st, seat)]

    def is_legal(self, st: PTState, seat: int, action: Action) -> bool:
        return deployment.why_not(st, seat, action) is None

    def explain(self, st: PTState, seat: int, action: Action) -> str | None:
        return deployment.explain(st, seat, action) if action.kind == deployment.KIND else None

    def legal(self, st: PTState, seat: int) -> list[Action]:
        return deployment.options(st, seat)

    def apply(self, st: PTState, seat: int, action: Action) -> None:
        raise AssertionError("a Deployment is carried out by its reveal, all seats together")

    def reveal(self, st: PTState, commitments: Mapping[int, Action]) -> bool:
        deployment.reveal(st, commitments)
        return True

    def words(self, st: PTState, action: Action, seat: int) -> str:
        return deployment.words(st, seat, action)


@decision
class AgeOne(Decision):
    """A Deployment ability putting Age tokens on one Unit of yours (Time Master, Alchemist)."""

    kind = "age-one"

    def text(self, st: PTState, seat: int) -> str:
        q = st.data["pending"][0]
        if q["n"] < 0:
            return f"{_unit(st, q['card'])}: take {-q['n']} Age token(s) off one of your Units."
        return f"{_unit(st, q['card'])}: put {q['n']} Age token(s) on one of your Units."

    def legal(self, st: PTState, seat: int) -> list[Action]:
        n = int(st.data["pending"][0]["n"])
        targets = deployment.age_targets(st, seat, n)
        if not targets:  # no Unit left carrying a token to take off
            return [Action.of("age", spot=None)]
        return [Action.of("age", spot=s) for s in targets]

    def apply(self, st: PTState, seat: int, action: Action) -> None:
        q = st.data["pending"].pop(0)
        if action["spot"] is not None:
            deployment.age_one(st, seat, int(action["spot"]), int(q["n"]), _unit(st, q["card"]))

    def words(self, st: PTState, action: Action, seat: int) -> str:
        if action["spot"] is None:
            return "No Unit to take a token off"
        u = st.data["players"][seat]["kingdom"][int(action["spot"])]
        name = _unit(st, u["c"]) if u else kingdom.spot_name(action["spot"])
        n = int(st.data["pending"][0]["n"]) if st.data["pending"] else 0
        verb = f"Put {n} Age token(s) on" if n > 0 else f"Take {-n} Age token(s) off"
        return f"{verb} the {name} ({kingdom.spot_name(action['spot'])})"


@decision
class UpgradeOne(Decision):
    """A Deployment ability raising one Building of your choice to Level 2 (the Djinn)."""

    kind = "upgrade-one"

    def text(self, st: PTState, seat: int) -> str:
        return f"{_unit(st, st.data['pending'][0]['card'])}: raise one Building to Level 2."

    def legal(self, st: PTState, seat: int) -> list[Action]:
        targets = deployment.upgrade_targets(st, seat)
        if not targets:  # a Golem revealed alongside already raised them all
            return [Action.of("upgrade", building=None)]
        return [Action.of("upgrade", building=b) for b in targets]

    def apply(self, st: PTState, seat: int, action: Action) -> None:
        q = st.data["pending"].pop(0)
        if action["building"] is not None:
            deployment.upgrade_one(st, seat, str(action["building"]), _unit(st, q["card"]))

    def words(self, st: PTState, action: Action, seat: int) -> str:
        if action["building"] is None:
            return "Nothing left to raise"
        return f"Raise the {st.content.buildings[str(action['building'])].name} to Level 2"


@decision
class Save(Decision):
    """Aging: a Mystical Healer may save one Unit carrying a single Age token."""

    kind = "save"

    def text(self, st: PTState, seat: int) -> str:
        return "Mystical Healer: save one of your Units carrying a single Age token?"

    def legal(self, st: PTState, seat: int) -> list[Action]:
        return [Action.of("save", spot=None)] + [
            Action.of("save", spot=s) for s in aging.savable(st, seat)
        ]

    def apply(self, st: PTState, seat: int, action: Action) -> None:
        q = st.data["pending"].pop(0)
        spot = action.get("spot")
        aging.save(st, seat, None if spot is None else int(spot), str(q["card"]))

    def words(self, st: PTState, action: Action, seat: int) -> str:
        spot = action.get("spot")
        return "Save nobody" if spot is None else f"Save {kingdom.spot_name(spot)}"


@decision
class Construct(Decision):
    """Construction: one Building constructed or upgraded, or none; chosen face down."""

    kind = "construct"
    simultaneous = True
    commit = True

    def text(self, st: PTState, seat: int) -> str:
        return "Construct or upgrade one Building, or nothing."

    def legal(self, st: PTState, seat: int) -> list[Action]:
        # what a seat can construct follows from its own data and the game's Buildings alone
        # (every ability reads its owner's Kingdom): remembered while the others commit, and
        # across copies of the state. Marshal format 2 has no back-references, so equal data
        # gives equal bytes in a clone too (format 4 marks objects shared by reference count,
        # so a clone's bytes differed and every clone missed)
        key = marshal.dumps((st.data["players"][seat], st.data["buildings"]), 2)
        found = _BUILDS.get(key)
        if found is None:
            if len(_BUILDS) >= 4096:
                _BUILDS.clear()
            found = [Action.of("build", building=None)]
            for o in construction.options(st, seat):
                found.append(Action.of("build", building=o.building, level=o.level, way=o.way))
            _BUILDS[key] = found
        return found

    def explain(self, st: PTState, seat: int, action: Action) -> str | None:
        """A Building the Kingdom cannot afford or have, in words."""
        if action.kind != "build" or action.get("building") is None:
            return None
        b, level = action.get("building"), action.get("level")
        if not isinstance(level, int) or level not in (1, 2):
            return "the level is 1 or 2"
        return construction.why_not(st, seat, str(b), level)

    def apply(self, st: PTState, seat: int, action: Action) -> None:
        b = action.get("building")
        choice = None if b is None else {"building": b, "level": action["level"]}
        if choice is not None:
            choice["way"] = action["way"]
        construction.commit(st, seat, choice)

    def words(self, st: PTState, action: Action, seat: int) -> str:
        b = action.get("building")
        if b is None:
            return "Construct nothing"
        for o in construction.options(st, seat):
            if (o.building, o.level, o.way) == (b, action["level"], action["way"]):
                verb = "Upgrade the" if o.upgrade else "Construct a"
                name = st.content.buildings[b].name
                return f"{verb} {name} at Level {o.level} ({o.cost.words()}; {o.gold} Gold)"
        return f"Construct {b} at Level {action['level']}"


@decision
class LichKingTurn(Decision):
    """Solo: one of the Lich King's steps, taken by the engine's automaton (never a seat)."""

    kind = "lich-king"
    automaton = True

    def text(self, st: PTState, seat: int) -> str:
        return "The Lich King acts."

    def legal(self, st: PTState, seat: int) -> list[Action]:
        s = st.data["solo"]
        assert s is not None
        return [Action.of("lich-king", step=s["due"])]

    def apply(self, st: PTState, seat: int, action: Action) -> None:
        solo.act(st, str(action["step"]))

    def words(self, st: PTState, action: Action, seat: int) -> str:
        return {
            "gain": "The Lich King scores his Immediate Gain and Quest Bonuses",
            "wars": "The Lich King's armies wage War",
            "end": "The Lich King scores his END card",
        }.get(str(action["step"]), str(action))


_BUILDS: dict[bytes, list[Action]] = {}


def for_kind(kind: str) -> Decision:
    return DECISIONS[kind]
