"""One handler per effect of the closed vocabulary, registered by its model.

Static abilities answer the rules' questions (what does this Kingdom produce, how strong is this
Unit, may it fight from the Back); they live in ``STATIC`` and never change the state. Triggered
abilities change the state when their phase comes; they live in ``TRIGGERS``. The content linter
keeps the two families apart in the data, and :func:`check_registry` proves every effect of the
vocabulary has exactly one handler.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.engine import piles
from tabletop.engine.views import log

from . import content as C
from .state import FRONT, UnitInPlay

if TYPE_CHECKING:
    from .play import PTState


@dataclass(slots=True)
class Ctx:
    """Where an ability is: the state, its owner, and the Unit (or Building) carrying it."""

    st: PTState
    seat: int
    unit: UnitInPlay | None = None
    spot: int | None = None
    building: str | None = None
    dying: list[UnitInPlay] = field(default_factory=list)

    @property
    def name(self) -> str:
        if self.unit is not None:
            return self.st.content.unit(self.unit["c"]).name
        if self.building is not None:
            return self.st.content.buildings[self.building].name
        return "?"


# ------------------------------------------------------------------ conditions and counts
def holds(ctx: Ctx, cond: Any) -> bool:
    from .rules import kingdom

    if cond is None:
        return True
    if isinstance(cond, C.Produces):
        return kingdom.resources(ctx.st, ctx.seat)[cond.resource] >= 1
    if isinstance(cond, C.Aged):
        return ctx.unit is not None and ctx.unit["age"] >= 1
    if isinstance(cond, C.AgeExactly):
        return ctx.unit is not None and ctx.unit["age"] == cond.n
    if isinstance(cond, C.InFront):
        return ctx.spot is not None and ctx.spot in FRONT
    raise TypeError(f"unknown condition {cond!r}")


def amount(ctx: Ctx, n: int, per: Sequence[str]) -> int:
    from .rules import kingdom

    total = n
    for name in per:
        total *= kingdom.count(ctx.st, ctx.seat, name, ctx)
    return total


# ------------------------------------------------------------------ static abilities
StaticHandler = Callable[[Ctx, Any, Any], Any]
STATIC: dict[type, StaticHandler] = {}


def static(model: type) -> Callable[[StaticHandler], StaticHandler]:
    def register(fn: StaticHandler) -> StaticHandler:
        if model in STATIC:
            raise ValueError(f"two static handlers for {model.__name__}")
        STATIC[model] = fn
        return fn

    return register


@static(C.Produce)
def produce(ctx: Ctx, e: C.Produce, acc: dict[str, int]) -> dict[str, int]:
    if holds(ctx, e.cond):
        acc[e.resource] += amount(ctx, e.n, e.per)
    return acc


@static(C.StrengthSet)
def strength_set(ctx: Ctx, e: C.StrengthSet, value: int) -> int:
    return e.value if holds(ctx, e.cond) else value


@static(C.StrengthAdd)
def strength_add(ctx: Ctx, e: C.StrengthAdd, value: int) -> int:
    return value + amount(ctx, e.n, e.per)


@static(C.KingdomStrength)
def kingdom_strength(ctx: Ctx, e: C.KingdomStrength, value: int) -> int:
    return value + amount(ctx, e.n, e.per)


def _flag(ctx: Ctx, e: Any, value: Any) -> bool:
    return True


def _cond_flag(ctx: Ctx, e: Any, value: Any) -> bool:
    return holds(ctx, e.cond)


def _threshold(ctx: Ctx, e: C.DiesAtAge, value: Any) -> int:
    return e.n


def _resources(ctx: Ctx, e: C.GoldForResource, acc: set[str]) -> set[str]:
    return acc | set(e.resources)


STATIC[C.FightsFromBack] = _flag
STATIC[C.NeverDies] = _flag
STATIC[C.NoLandCost] = _flag
STATIC[C.CannotFight] = _cond_flag
STATIC[C.DiesAtAge] = _threshold
STATIC[C.GoldForResource] = _resources


def ask(ctx: Ctx, model: type, start: Any, effects: Sequence[Any]) -> Any:
    """Fold the static abilities of one model over ``start`` (a query of the rules)."""
    value = start
    for e in effects:
        if type(e) is model:
            value = STATIC[model](ctx, e, value)
    return value


# ------------------------------------------------------------------ triggered abilities
TriggerHandler = Callable[[Ctx, Any], None]
TRIGGERS: dict[type, TriggerHandler] = {}


def trigger(model: type) -> Callable[[TriggerHandler], TriggerHandler]:
    def register(fn: TriggerHandler) -> TriggerHandler:
        if model in TRIGGERS:
            raise ValueError(f"two trigger handlers for {model.__name__}")
        TRIGGERS[model] = fn
        return fn

    return register


def fire(ctx: Ctx, e: Any) -> None:
    """Resolve one triggered ability, if its condition holds."""
    if holds(ctx, e.cond):
        TRIGGERS[type(e)](ctx, e)


def _kingdom(ctx: Ctx) -> list[UnitInPlay | None]:
    kingdom: list[UnitInPlay | None] = ctx.st.data["players"][ctx.seat]["kingdom"]
    return kingdom


@trigger(C.AgeSelf)
def age_self(ctx: Ctx, e: C.AgeSelf) -> None:
    assert ctx.unit is not None
    ctx.unit["age"] += e.n


@trigger(C.AgeOthers)
def age_others(ctx: Ctx, e: C.AgeOthers) -> None:
    for u in _kingdom(ctx):
        if u is not None and u is not ctx.unit:
            u["age"] += e.n
    log(ctx.st.data, f"{ctx.st.who(ctx.seat)}'s {ctx.name} ages every other Unit of theirs")


@trigger(C.AgeOne)
def age_one(ctx: Ctx, e: C.AgeOne) -> None:
    n = amount(ctx, e.n, e.per)
    if n > 0 and any(u is not None for u in _kingdom(ctx)):
        assert ctx.unit is not None
        ctx.st.data["pending"].append(
            {"seat": ctx.seat, "kind": "age-one", "card": ctx.unit["c"], "n": n}
        )


@trigger(C.UnageOne)
def unage_one(ctx: Ctx, e: C.UnageOne) -> None:
    if any(u is not None and u["age"] > 0 for u in _kingdom(ctx)):
        assert ctx.unit is not None
        ctx.st.data["pending"].append(
            {"seat": ctx.seat, "kind": "age-one", "card": ctx.unit["c"], "n": -e.n}
        )


@trigger(C.UpgradeOne)
def upgrade_one(ctx: Ctx, e: C.UpgradeOne) -> None:
    owned = ctx.st.data["players"][ctx.seat]["buildings"]
    if any(lv == 1 for lv in owned.values()):
        assert ctx.unit is not None
        ctx.st.data["pending"].append(
            {"seat": ctx.seat, "kind": "upgrade-one", "card": ctx.unit["c"]}
        )


@trigger(C.Echo)
def echo(ctx: Ctx, e: C.Echo) -> None:
    """The first other Unit of the Kingdom revealed this turn with When-revealed abilities."""
    for spot, u in enumerate(_kingdom(ctx)):
        if u is None or u is ctx.unit or not u["new"]:
            continue
        again = [
            t
            for t in ctx.st.content.unit(u["c"]).triggers
            if t.when == "deploy" and t.flip and not isinstance(t, (C.Echo, C.Shapeshift))
        ]
        if again:
            name = ctx.st.content.unit(u["c"]).name
            log(ctx.st.data, f"{ctx.st.who(ctx.seat)}'s {ctx.name} repeats the {name}'s abilities")
            for t in again:
                fire(Ctx(ctx.st, ctx.seat, unit=u, spot=spot), t)
            return


@trigger(C.UpgradeBuildings)
def upgrade_buildings(ctx: Ctx, e: C.UpgradeBuildings) -> None:
    owned = ctx.st.data["players"][ctx.seat]["buildings"]
    raised = [b for b, lv in owned.items() if lv == 1]
    for b in raised:
        owned[b] = 2
    if raised:
        names = ", ".join(ctx.st.content.buildings[b].name for b in raised)
        log(ctx.st.data, f"{ctx.st.who(ctx.seat)}'s {ctx.name} raises {names} to Level 2")


@trigger(C.Shapeshift)
def shapeshift(ctx: Ctx, e: C.Shapeshift) -> None:
    st, d = ctx.st, ctx.st.data
    assert ctx.unit is not None and ctx.spot is not None
    turned: list[str] = []
    found = None
    while True:
        card = piles.draw(d["deck"], st.rng)
        if card is None:
            break
        if st.content.unit(card).cost <= e.max_cost:
            found = card
            break
        turned.append(card)
    piles.add_discards(d["deck"], [*turned, ctx.unit["c"]])
    kingdom = _kingdom(ctx)
    if found is None:
        kingdom[ctx.spot] = None
        log(d, f"{st.who(ctx.seat)}'s Shapeshifter finds no Unit and leaves")
        return
    kingdom[ctx.spot] = {"c": found, "age": e.age, "new": False}
    log(
        d,
        f"{st.who(ctx.seat)}'s Shapeshifter turns over {len(turned)} card(s) and becomes a "
        f"{st.content.unit(found).name}",
    )


@trigger(C.GainLp)
def gain_lp(ctx: Ctx, e: C.GainLp) -> None:
    n = amount(ctx, e.n, e.per)
    if n:
        ctx.st.add_lp(ctx.seat, n, ctx.name)


@trigger(C.GainGold)
def gain_gold(ctx: Ctx, e: C.GainGold) -> None:
    n = amount(ctx, e.n, e.per)
    if n:
        p = ctx.st.data["players"][ctx.seat]
        p["gold"] = max(0, p["gold"] + n)
        log(ctx.st.data, f"{ctx.st.who(ctx.seat)} gains {n} Gold ({ctx.name})")


@trigger(C.SaveOne)
def save_one(ctx: Ctx, e: C.SaveOne) -> None:
    from .rules import aging

    if aging.savable(ctx.st, ctx.seat):
        assert ctx.unit is not None
        ctx.st.data["pending"].append({"seat": ctx.seat, "kind": "save", "card": ctx.unit["c"]})


def check_registry() -> list[str]:
    """Every effect of the vocabulary has its handler, in the right family."""
    problems = []
    for model in C.STATIC_MODELS:
        if model not in STATIC:
            problems.append(f"static effect {model.__name__} has no handler")
    for model in C.TRIGGER_MODELS:
        if model not in TRIGGERS:
            problems.append(f"triggered effect {model.__name__} has no handler")
    return problems
