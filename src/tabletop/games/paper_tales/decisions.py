"""Every decision of Paper Tales, declared once in the engine's terms (:mod:`tabletop.engine.
decisions`): who decides, the prompt's text, the legal actions (or the Deployment's template),
how an answer is carried out, why one is refused (in players' words) and the words for one.
The rules themselves are the sections' (``rules/``); each decision only hands over to them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.engine import Action
from tabletop.engine.actions import action_of
from tabletop.engine.decisions import Decision, DecisionTable
from tabletop.engine.rng import Rng
from tabletop.engine.templates import Template

from .rules import aging, construction, deployment, recruitment, solo
from .rules.kingdom import spot_name

if TYPE_CHECKING:
    from .state import PaperTalesState, Pending

# each decision joins the table right after its class (a class decorator would keep mypyc from
# compiling the class as a native subclass of the engine's Decision)
DECISIONS = DecisionTable("paper-tales")
# what a seat may construct, by the data that decides it (see Construct.legal)
_BUILDS: dict[construction.Figures, list[Action]] = {}
_BUILDS_MAX = 4096


def everyone(state: PaperTalesState) -> tuple[int, ...]:
    return tuple(state.seats())


def queued(state: PaperTalesState) -> Pending:
    """The choice an ability left to its owner, now due."""
    found: Pending = state.data["pending"][0]
    return found


# the one action of each kind per card ("pick" or "burn" -> card -> action), made once: the
# same cards come back in every draft of a process
_CARD_ACTIONS: dict[str, dict[str, Action]] = {}


def _cards(kind: str, hand: Sequence[str]) -> list[Action]:
    """One action per card of a draft hand."""
    made = _CARD_ACTIONS.get(kind)
    if made is None:
        made = _CARD_ACTIONS[kind] = {}
    out: list[Action] = []
    for card in hand:
        found = made.get(card)
        if found is None:
            found = made[card] = Action(kind, (("card", card),))
        out.append(found)
    return out


def unit_name(state: PaperTalesState, card: Any) -> str:
    """A Unit card by name (a card id the game does not know, as given)."""
    found = state.content.instance_type.get(str(card))
    return found.name if found is not None else repr(card)


def unit_at(state: PaperTalesState, seat: int, spot: Any) -> str:
    """The Unit at a spot of a seat's Kingdom, with the spot: ``the Knight (Front left)``."""
    kingdom = state.player(seat)["kingdom"]
    unit = kingdom[spot] if isinstance(spot, int) and 0 <= spot < len(kingdom) else None
    if unit is None:
        return f"the {spot_name(spot)}"
    return f"the {unit_name(state, unit['card'])} ({spot_name(spot)})"


class Draft(Decision["PaperTalesState"]):
    """Recruitment: keep one card of the hand in front of you (2 players: and discard one)."""

    kind = "draft"
    offers = ("pick", "burn")
    commit = True

    def seats(self, state: PaperTalesState) -> tuple[int, ...]:
        return everyone(state)

    def text(self, state: PaperTalesState, seat: int) -> str:
        if recruitment.burning(state, seat):
            return "Discard one more card face down; the rest is passed on."
        if recruitment.burns(len(state.data["players"])):
            return "Keep one card (then discard another face down); the rest is passed on."
        return "Keep one card; the rest is passed on."

    def legal(self, state: PaperTalesState, seat: int) -> list[Action]:
        # the kept card has left the hand already: the discard is any card still in it
        kind = "burn" if recruitment.burning(state, seat) else "pick"
        return _cards(kind, recruitment.choices(state, seat))

    def explain(self, state: PaperTalesState, seat: int, action: Action) -> str | None:
        if action.kind not in self.offers:
            return None
        card = action.get("card")
        if card not in recruitment.choices(state, seat):
            return f"the {unit_name(state, card)} is not in the hand in front of you"
        wanted = "burn" if recruitment.burning(state, seat) else "pick"
        if action.kind != wanted:
            return "you discard a card now" if wanted == "burn" else "you keep a card now"
        return None

    def apply(self, state: PaperTalesState, seat: int, action: Action) -> None:
        if action.kind == "burn":
            recruitment.burn(state, seat, str(action["card"]))
        else:
            recruitment.pick(state, seat, str(action["card"]))

    def reveal(self, state: PaperTalesState, commitments: Mapping[int, Action]) -> None:
        """Every seat's pick (or discard) carried out in seat order, then the hands pass once."""
        super().reveal(state, commitments)
        recruitment.step_done(state)

    def words(self, state: PaperTalesState, action: Action, seat: int) -> str:
        verb = "Discard" if action.kind == "burn" else "Keep"
        return f"{verb} the {unit_name(state, action.get('card'))}"


DECISIONS.declare(Draft)


class SoloPick(Decision["PaperTalesState"]):
    """Solo Unit selection: keep one of the cards in front of you."""

    kind = "recruit"
    offers = ("pick",)

    def seats(self, state: PaperTalesState) -> tuple[int, ...]:
        return (0,)

    def text(self, state: PaperTalesState, seat: int) -> str:
        found = state.solo()
        if found is not None and found["stage"] >= len(solo.OFFERS):
            return "Keep one of the two Netherworld cards; the other goes under the pile."
        return "Keep one card; the others go to the Netherworld."

    def legal(self, state: PaperTalesState, seat: int) -> list[Action]:
        found = state.solo()
        assert found is not None
        return _cards("pick", sorted(set(found["offer"])))

    def explain(self, state: PaperTalesState, seat: int, action: Action) -> str | None:
        found = state.solo()
        if action.kind == "pick" and found is not None and action.get("card") not in found["offer"]:
            return f"the {unit_name(state, action.get('card'))} is not among the cards offered"
        return None

    def apply(self, state: PaperTalesState, seat: int, action: Action) -> None:
        solo.pick(state, str(action["card"]))

    def words(self, state: PaperTalesState, action: Action, seat: int) -> str:
        return f"Keep the {unit_name(state, action.get('card'))}"


DECISIONS.declare(SoloPick)


class Deploy(Decision["PaperTalesState"]):
    """Deployment: the whole face-down arrangement of a Kingdom (where each card goes, the card
    kept) as one commitment, offered as a template; everyone reveals together."""

    kind = "deploy"
    offers = (deployment.KIND,)
    commit = True

    def seats(self, state: PaperTalesState) -> tuple[int, ...]:
        return everyone(state)

    def text(self, state: PaperTalesState, seat: int) -> str:
        return "Arrange your Kingdom face down (Front, Back, one card kept); all reveal together."

    def templates(self, state: PaperTalesState, seat: int) -> list[Template] | None:
        return [deployment.template(state, seat)]

    def is_legal(self, state: PaperTalesState, seat: int, action: Action) -> bool:
        return deployment.why_not(state, seat, action) is None

    def explain(self, state: PaperTalesState, seat: int, action: Action) -> str | None:
        if action.kind != deployment.KIND:
            return None
        return deployment.explain(state, seat, action)

    def legal(self, state: PaperTalesState, seat: int) -> list[Action]:
        return deployment.options(state, seat)

    def draw(self, state: PaperTalesState, seat: int, rng: Rng) -> Action | None:
        return deployment.draw(state, seat, rng)

    def apply(self, state: PaperTalesState, seat: int, action: Action) -> None:
        raise AssertionError("a Deployment is carried out by its reveal, all seats together")

    def reveal(self, state: PaperTalesState, commitments: Mapping[int, Action]) -> None:
        deployment.reveal(state, commitments)

    def words(self, state: PaperTalesState, action: Action, seat: int) -> str:
        return deployment.words(state, seat, action)


DECISIONS.declare(Deploy)


class AgeOne(Decision["PaperTalesState"]):
    """A Deployment ability putting Age tokens on one Unit of yours (Time Master, Alchemist), or
    taking some off (Apprentice)."""

    kind = "age-one"
    offers = ("age",)

    def seats(self, state: PaperTalesState) -> tuple[int, ...]:
        return (int(queued(state)["seat"]),)

    def text(self, state: PaperTalesState, seat: int) -> str:
        choice = queued(state)
        tokens = int(choice.get("tokens", 0))
        name = unit_name(state, choice["card"])
        if tokens < 0:
            return f"{name}: take {deployment.age_tokens(-tokens)} off one of your Units."
        return f"{name}: put {deployment.age_tokens(tokens)} on one of your Units."

    def legal(self, state: PaperTalesState, seat: int) -> list[Action]:
        targets = deployment.age_targets(state, seat, int(queued(state).get("tokens", 0)))
        if not targets:  # no Unit left carrying a token to take off
            return [Action.of("age", spot=None)]
        return [Action.of("age", spot=spot) for spot in targets]

    def apply(self, state: PaperTalesState, seat: int, action: Action) -> None:
        choice = state.data["pending"].pop(0)
        spot = action["spot"]
        if spot is not None:
            tokens = int(choice.get("tokens", 0))
            deployment.age_one(state, seat, int(spot), tokens, unit_name(state, choice["card"]))

    def words(self, state: PaperTalesState, action: Action, seat: int) -> str:
        spot = action.get("spot")
        if spot is None:
            return "No Unit to take a token off"
        pending = state.data["pending"]
        tokens = int(pending[0].get("tokens", 0)) if pending else 0
        if tokens > 0:
            verb = f"Put {deployment.age_tokens(tokens)} on"
        else:
            verb = f"Take {deployment.age_tokens(-tokens)} off"
        return f"{verb} {unit_at(state, seat, spot)}"


DECISIONS.declare(AgeOne)


class UpgradeOne(Decision["PaperTalesState"]):
    """A Deployment ability raising one Building of your choice to Level 2 (the Djinn)."""

    kind = "upgrade-one"
    offers = ("upgrade",)

    def seats(self, state: PaperTalesState) -> tuple[int, ...]:
        return (int(queued(state)["seat"]),)

    def text(self, state: PaperTalesState, seat: int) -> str:
        return f"{unit_name(state, queued(state)['card'])}: raise one Building to Level 2."

    def legal(self, state: PaperTalesState, seat: int) -> list[Action]:
        targets = deployment.upgrade_targets(state, seat)
        if not targets:  # a Golem revealed alongside already raised them all
            return [Action.of("upgrade", building=None)]
        return [Action.of("upgrade", building=building) for building in targets]

    def apply(self, state: PaperTalesState, seat: int, action: Action) -> None:
        choice = state.data["pending"].pop(0)
        building = action["building"]
        if building is not None:
            source = unit_name(state, choice["card"])
            deployment.upgrade_one(state, seat, str(building), source)

    def words(self, state: PaperTalesState, action: Action, seat: int) -> str:
        building = action.get("building")
        if building is None:
            return "Nothing left to raise"
        found = state.content.buildings.get(str(building))
        return f"Raise the {found.name if found else building} to Level 2"


DECISIONS.declare(UpgradeOne)


class Save(Decision["PaperTalesState"]):
    """Aging: a Mystical Healer may save one Unit carrying a single Age token."""

    kind = "save"
    offers = ("save",)

    def seats(self, state: PaperTalesState) -> tuple[int, ...]:
        return (int(queued(state)["seat"]),)

    def text(self, state: PaperTalesState, seat: int) -> str:
        return "Mystical Healer: save one of your Units carrying a single Age token?"

    def legal(self, state: PaperTalesState, seat: int) -> list[Action]:
        return [Action.of("save", spot=None)] + [
            Action.of("save", spot=spot) for spot in aging.savable(state, seat)
        ]

    def apply(self, state: PaperTalesState, seat: int, action: Action) -> None:
        state.data["pending"].pop(0)
        spot = action.get("spot")
        aging.save(state, seat, None if spot is None else int(spot))

    def words(self, state: PaperTalesState, action: Action, seat: int) -> str:
        spot = action.get("spot")
        if spot is None:
            return "Save nobody"
        return f"Save {unit_at(state, seat, spot)}"


DECISIONS.declare(Save)


class Construct(Decision["PaperTalesState"]):
    """Construction: one Building constructed or upgraded, or none; chosen face down."""

    kind = "construct"
    offers = ("build",)
    commit = True

    def seats(self, state: PaperTalesState) -> tuple[int, ...]:
        return everyone(state)

    def text(self, state: PaperTalesState, seat: int) -> str:
        return "Construct or upgrade one Building, or nothing."

    def legal(self, state: PaperTalesState, seat: int) -> list[Action]:
        # what a seat can construct follows from a few figures of its Kingdom alone (every
        # ability reads its owner's Kingdom): remembered by them, across states and games
        key = construction.figures(state, seat)
        found = _BUILDS.get(key)
        if found is None:
            if len(_BUILDS) >= _BUILDS_MAX:
                _BUILDS.clear()
            found = [action_of("build", building=None)]
            for option in construction.options_of(key):
                found.append(
                    action_of("build", building=option.building, level=option.level, way=option.way)
                )
            _BUILDS[key] = found
        return found

    def explain(self, state: PaperTalesState, seat: int, action: Action) -> str | None:
        """A Building the Kingdom cannot afford or have, in words."""
        if action.kind != "build" or action.get("building") is None:
            return None
        building, level = action.get("building"), action.get("level")
        if not isinstance(level, int) or isinstance(level, bool) or level not in (1, 2):
            return "a Building is constructed at Level 1 or 2"
        return construction.why_not(state, seat, str(building), level)

    def apply(self, state: PaperTalesState, seat: int, action: Action) -> None:
        building = action.get("building")
        choice = None if building is None else dict(action.args)
        construction.build(state, seat, choice)

    def reveal(self, state: PaperTalesState, commitments: Mapping[int, Action]) -> None:
        """Everyone's Construction at once, carried out in seat order."""
        super().reveal(state, commitments)
        state.data["phase"] = "built"

    def words(self, state: PaperTalesState, action: Action, seat: int) -> str:
        building = action.get("building")
        if building is None:
            return "Construct nothing"
        option = construction.matching(state, seat, dict(action.args))
        found = state.content.buildings.get(str(building))
        name = found.name if found is not None else str(building)
        if option is None:
            return f"Construct a {name} at Level {action.get('level')}"
        price = construction.price_words(option)
        if option.upgrade:
            return f"Upgrade the {name} to Level {option.level}: {price}"
        return f"Construct a {name} at Level {option.level}: {price}"


DECISIONS.declare(Construct)


class LichKingTurn(Decision["PaperTalesState"]):
    """Solo: one of the Lich King's steps, taken by the engine's automaton (never a seat)."""

    kind = "lich-king"
    offers = ("lich-king",)
    automaton = True

    def seats(self, state: PaperTalesState) -> tuple[int, ...]:
        # the seat after the players' (asked at every prompt: the data, not the game's property)
        return (len(state.data["players"]),)

    def text(self, state: PaperTalesState, seat: int) -> str:
        return "The Lich King acts."

    def legal(self, state: PaperTalesState, seat: int) -> list[Action]:
        found = state.solo()
        assert found is not None
        return [solo.step_action(str(found["due"]))]

    def apply(self, state: PaperTalesState, seat: int, action: Action) -> None:
        solo.act(state, str(action["step"]))

    def words(self, state: PaperTalesState, action: Action, seat: int) -> str:
        return {
            "gain": "The Lich King scores his Immediate Gain and Quest Bonuses",
            "wars": "The Lich King's armies wage War",
            "end": "The Lich King scores his END card",
        }.get(str(action.get("step")), str(action))


DECISIONS.declare(LichKingTurn)
