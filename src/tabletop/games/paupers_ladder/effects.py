"""What Region, Quest and hazard cards do: the triggered card effects of the data, typed models
built at load (card_effects.py), queued by reference on ``data["effect_queue"]`` while an encounter,
a reward or a FAIL resolves, each run by one handler registered in ``EFFECT_HANDLERS`` under its
name; the internal steps of the rules that wait in the same queue (a fight's next draw, the end of
an event) are small mappings run by the handlers of ``RULE_STEPS``; and the choices those effects
ask for (which card to give up or keep, where to travel, where a hazard moves). Static abilities are
read where they act (moving, fighting, Shops); see content.py for the two vocabularies."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from mypy_extensions import trait

from tabletop.engine import Action, piles

from . import card_effects as ce
from .base import A, J, region_name
from .card_effects import CardEffect, effect_data, effect_from_data
from .content import CITIES
from .decisions import Decision, decision
from .hidden import hold_drawn, keep_cards, release_drawn, shop, shop_of, take_from_shop

if TYPE_CHECKING:
    from .rules import PLState


@trait
class CardEffects:
    """Running the card effects queued on the state."""

    __slots__ = ()

    def run(self: PLState, ops: Iterable[CardEffect | J], front: bool = True) -> None:
        """Queue card effects (by their ref: the models stay in the content) and rule steps."""
        queued: list[str | J] = [
            (o.ref or effect_data(o)) if isinstance(o, CardEffect) else o for o in ops
        ]
        q = self.data["effect_queue"]
        if front:
            q[:0] = queued
        else:
            q.extend(queued)

    def _op(self: PLState, op: str | J) -> None:
        """Run one queued card effect or rule step through its handler."""
        if isinstance(op, str):
            self.run_effect(self.C.card_effect[op])
            return
        step = RULE_STEPS.get(op["effect"])
        if step is not None:
            step(self, op)
        else:  # a game saved while the queue held copies of the effects' data
            self.run_effect(effect_from_data(op, ""))

    def run_effect(self: PLState, effect: CardEffect) -> None:
        """Run one card effect now."""
        EFFECT_HANDLERS[effect.kind](self, effect)

    def _option_possible(self: PLState, seat: int, effects: Iterable[CardEffect]) -> bool:
        for e in effects:
            if isinstance(e, ce.SellTrophy) and not any(
                self.C.region_card[c].name == e.hazard for c in self.P(seat)["trophies"]
            ):
                return False
            if isinstance(e, ce.TakeTucked) and not self.data["tucked"].get(
                self.data["effect_context"].get("card"), []
            ):
                return False
            if isinstance(e, ce.LearnRecipe) and not any(
                not r["learned"] for r in self.P(seat)["recipes"]
            ):
                return False
        return True

    def _picked(self: PLState, seat: int, f: J, cid: str) -> None:
        p = self.P(seat)
        why = f["why"]
        zone = f["zone"]
        if zone == "inv":
            p["inventory"] = [it for it in p["inventory"] if it["card"] != cid]
            if why == "sell" or why.startswith("sell"):
                pass
            self._discard_items([cid])
        elif zone == "troph":
            p["trophies"].remove(cid)
            self.discard_region_card(cid)
        elif zone == "ing":
            for r in p["recipes"]:
                if cid in r["ingredients"]:
                    r["ingredients"].remove(cid)
            self.discard_region_card(cid)
        elif zone == "rec":
            self.learn_recipe(seat, cid)
            return
        self.log(f"{self.pname(seat)} discards the {self.cname(cid)} ({why}).")
        if why.startswith("sell:"):
            self.gain(seat, int(why.split(":")[1]), "sold to the swamp lady")

    def _kept(self: PLState, seat: int, f: J, cid: str) -> None:
        d = self.data
        src = f["src"]
        if src == "drawn":
            others = [c for c in release_drawn(self, seat) if c != cid]
            self._discard_items(others)
            if others:
                self.log(f"Discarded: {', '.join(self.cname(c) for c in others)}.")
        elif src == "shops":
            city = shop_of(self, cid)
            if city is not None:
                take_from_shop(self, city, cid)
                self._restock(city)
        elif src == "tucked":
            d["tucked"][f["card"]].remove(cid)
        self.acquire(seat, cid)


# ---------------------------------------------------------------- choices a card asks for
@decision
class Pick(Decision):
    """A card effect that takes cards from you (a FAIL discard, a Quest's objects, a trophy sold,
    a Recipe learned at once, an Inventory over its limit): choose which."""

    kind = "pick"
    actions = ("pick",)

    def text(self, s: PLState, f: J) -> str:
        return f"Choose a card ({f.get('why', '')})."

    def legal(self, s: PLState, f: J) -> list[Action]:
        acts = [A("pick", card=c) for c in f["cands"]]
        if f.get("optional"):
            acts.append(A("done"))
        return acts

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return f"Choose the {s.cname(a['card'])}"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind != "pick":
            return
        f["n"] -= 1
        f["cands"] = [c for c in f["cands"] if c != a["card"]]
        if f["n"] > 0 and f["cands"]:
            s.push(f)
        elif f.get("then"):
            s.run(f["then"])
        s._picked(seat, f, a["card"])


@decision
class Keep(Decision):
    """A card effect that gives you 1 of several cards (draw 2 keep 1, a Shop's card, a card
    tucked under a Region card): choose which."""

    kind = "keep"
    actions = ("keep",)

    def text(self, s: PLState, f: J) -> str:
        return "Choose a card to keep."

    def legal(self, s: PLState, f: J) -> list[Action]:
        acts = [A("keep", card=c) for c in keep_cards(s, f)]
        if f.get("optional"):
            acts.append(A("done"))
        return acts

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return f"Keep the {s.cname(a['card'])}"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind == "keep":
            s._kept(seat, f, a["card"])


@decision
class Goto(Decision):
    """Dwarf tunnels, the underground river: the character travels to a City of your choice."""

    kind = "goto"
    actions = ("goto",)

    def text(self, s: PLState, f: J) -> str:
        return "Choose a City to travel to."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("goto", city=c) for c in CITIES]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return f"Travel to {region_name(s.C, a['city'])}"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        s.set_pos(seat, f["char"], a["city"])
        s.log(f"{s.pname(seat)}'s {f['char']} travels to {a['city'].capitalize()}.")


@decision
class Relocate(Decision):
    """A hazard that moves after a fight it won (the sea beast): the player whose character
    lost places it in a Region of that type with room."""

    kind = "relocate"
    actions = ("relocate",)

    def text(self, s: PLState, f: J) -> str:
        return f"Choose the Beach Region the {s.cname(f.get('card', ''))} moves to."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("relocate", region=r) for r in f["cands"]]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return f"Move it to {region_name(s.C, a['region'])}"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        s._move_hazard(f["card"], f["from"], a["region"])


# ---------------------------------------------------------------- the handlers, by effect name
EffectHandler = Callable[["PLState", Any], None]
StepHandler = Callable[["PLState", J], None]
EFFECT_HANDLERS: dict[str, EffectHandler] = {}
RULE_STEPS: dict[str, StepHandler] = {}


def card_effect(name: str) -> Callable[[EffectHandler], EffectHandler]:
    """Register the handler of one effect of the card vocabulary; it takes the effect's typed
    model and reads who acts from ``data["effect_context"]``."""

    def register(fn: EffectHandler) -> EffectHandler:
        EFFECT_HANDLERS[name] = fn
        return fn

    return register


def rule_step(name: str) -> Callable[[StepHandler], StepHandler]:
    """Register an internal step of the rules (named with a leading underscore) that waits in the
    effect queue as a small mapping of its arguments."""

    def register(fn: StepHandler) -> StepHandler:
        RULE_STEPS[name] = fn
        return fn

    return register


@rule_step("_draw_outcome")
def _op_draw_outcome(st: PLState, op: J) -> None:
    st._fight_draw()


@rule_step("_bonuses")
def _op_bonuses(st: PLState, op: J) -> None:
    st._fight_bonuses()


@rule_step("_boost")
def _op_boost(st: PLState, op: J) -> None:
    d = st.data
    f = d["fight"]
    fr = {"t": "boost", "seat": f["seat"]}
    won = f["strength"] >= st.hz_strength()
    if not won and len(st._boost_actions(f["seat"], fr)) > 1:
        st.push(fr)
    else:
        st._fight_resolve()


@rule_step("_resolve")
def _op_resolve(st: PLState, op: J) -> None:
    st._fight_resolve()


@rule_step("_wild_defeat")
def _op_wild_defeat(st: PLState, op: J) -> None:
    _ctx, seat, _ = _context(st)
    st.check_wild_quests(seat, op["char"], "defeat", op["region"], op["hazard"])


@rule_step("_encounter")
def _op_encounter(st: PLState, op: J) -> None:
    ctx, seat, _ = _context(st)
    ch: str = str(ctx.get("char", "pauper"))
    region: Any = ctx.get("region")
    st.encounter(seat, ch, op["card"], region)


@rule_step("_end_event")
def _op_end_event(st: PLState, op: J) -> None:
    d = st.data
    ctx: J = d.get("effect_context") or {}
    region: Any = ctx.get("region")
    cid = op["card"]
    c = st.C.region_card[cid]
    on_tile = region is not None and cid in d["tiles"].get(region, [])
    gone = (
        c.stays == "discard"
        or ctx.get("left")
        or (c.leave_when_empty and not d["card_gems"].get(cid) and not d["tucked"].get(cid))
    )
    if on_tile and gone and c.stays != "forever":
        st._remove_tile(region, cid)
        st.discard_region_card(cid)


@rule_step("_city_item")
def _op_city_item(st: PLState, op: J) -> None:
    _ctx, seat, _ = _context(st)
    city, cid = op["city"], op["card"]
    if cid in shop(st, city):
        take_from_shop(st, city, cid)
        st._restock(city)
        st.acquire(seat, cid)


@rule_step("_complete_quest")
def _op_complete_quest(st: PLState, op: J) -> None:
    _ctx, seat, _ = _context(st)
    st.complete_quest(seat, op["city"])


@rule_step("_disaster_end")
def _op_disaster_end(st: PLState, op: J) -> None:
    d = st.data
    cid = op["card"]
    dk = st.C.region_deck_of[cid]
    d["decks"][dk]["removed"].append(cid)
    st._forget_deck(dk)
    piles.shuffle_all(d["decks"][dk], st.rng)


def _context(st: PLState) -> tuple[J, int, Any]:
    """What a card effect runs in: its context, the seat it acts for (the turn's player unless
    the context names one) and the card it comes from."""
    d = st.data
    ctx: J = d.get("effect_context") or {}
    return ctx, int(ctx.get("seat", d.get("turn") or 0) or 0), ctx.get("card")


@card_effect("gain")
def _gain(st: PLState, op: ce.Gain) -> None:
    _ctx, seat, card = _context(st)
    st.gain(seat, op.n, st.cname(card) if card else "")


@card_effect("lose")
def _lose(st: PLState, op: ce.Lose) -> None:
    _ctx, seat, card = _context(st)
    st.lose(seat, op.n, st.cname(card) if card else "")


@card_effect("pay")
def _pay(st: PLState, op: ce.Pay) -> None:
    d = st.data
    ctx, seat, card = _context(st)
    p = st.P(seat)
    k = min(p["gems"], op.n)
    p["gems"] -= k
    if op.onto_card and card:
        d["card_gems"][card] = d["card_gems"].get(card, 0) + k
        if d["card_gems"][card] >= 6:
            ctx["left"] = True
    st.log(f"{st.pname(seat)} pays {k} Gems.")


@card_effect("charm_table")
def _charm_table(st: PLState, op: ce.CharmTable) -> None:
    face = st.roll_charm()
    st.log(f"The lucky charm shows a {face['face']} face.")
    st.run(op.on(face["face"]))


@card_effect("outcome_check")
def _outcome_check(st: PLState, op: ce.OutcomeCheck) -> None:
    _ctx, seat, _ = _context(st)
    cid = st.draw_outcome(seat)
    st.discard_outcomes(seat, [cid])
    num = st.C.outcome[cid].number
    ok = num >= op.min
    st.log(f"Outcome card {num}: {'success' if ok else 'failure'}.")
    st.run(op.success if ok else op.failure)


@card_effect("draw_equipment")
def _draw_equipment(st: PLState, op: ce.DrawEquipment) -> None:
    _ctx, seat, _ = _context(st)
    cards = [c for c in (st.draw_from("equipment") for _ in range(op.n)) if c]
    if len(cards) == 1:
        st.acquire(seat, cards[0])
    elif cards:  # drawn cards are seen only by the drawer until one is kept
        st.log(f"{st.pname(seat)} draws {len(cards)} Equipment cards to keep 1.")
        st.log("Drawn: " + ", ".join(st.cname(c) for c in cards) + ".", to=[seat])
        hold_drawn(st, seat, cards)
        st.push({"t": "keep", "seat": seat, "src": "drawn", "private": True})


@card_effect("draw_rarity")
def _draw_rarity(st: PLState, op: ce.DrawRarity) -> None:
    _ctx, seat, _ = _context(st)
    rar = st.draw_from("rarity")
    if rar:
        st.acquire(seat, rar)


@card_effect("shop_take")
def _shop_take(st: PLState, op: ce.ShopTake) -> None:
    _ctx, seat, _ = _context(st)
    for city in CITIES:
        st._peek_shop(seat, city)
    frame = {"t": "keep", "seat": seat, "src": "shops", "cities": list(CITIES), "private": True}
    if keep_cards(st, frame):  # the payer looks into every Shop: the others must not see them
        st.push(frame)


@card_effect("take_tucked")
def _take_tucked(st: PLState, op: ce.TakeTucked) -> None:
    d = st.data
    _ctx, seat, card = _context(st)
    cards = d["tucked"].get(card, [])
    if cards:
        st.push({"t": "keep", "seat": seat, "cards": list(cards), "src": "tucked", "card": card})


@card_effect("take_gems_here")
def _take_gems_here(st: PLState, op: ce.TakeGemsHere) -> None:
    d = st.data
    ctx, seat, card = _context(st)
    n = d["card_gems"].pop(card, 0)
    ctx["found"] = n
    st.gain(seat, n, "found in the wreck")


@card_effect("market")
def _market(st: PLState, op: ce.Market) -> None:
    d = st.data
    _ctx, seat, _ = _context(st)
    pile = d["decks"]["equipment"]["discard"]
    if pile:
        c = pile.pop(st.rng.below(len(pile)))
        st.acquire(seat, c)


@card_effect("smith")
def _smith(st: PLState, op: ce.Smith) -> None:
    ctx, seat, _ = _context(st)
    ch: str = str(ctx.get("char", "pauper"))
    p = st.P(seat)
    p["smith"] = {"char": ch, "turn": p["turns"] + 1, "bonus": op.bonus}


@card_effect("miss_turn")
def _miss_turn(st: PLState, op: ce.MissTurn) -> None:
    _ctx, seat, _ = _context(st)
    p = st.P(seat)
    p["misses_turn"] = True
    st.log(f"{st.pname(seat)}'s Pauper will miss their next turn.")


@card_effect("sell_trophy")
def _sell_trophy(st: PLState, op: ce.SellTrophy) -> None:
    _ctx, seat, _ = _context(st)
    p = st.P(seat)
    cands = [c for c in p["trophies"] if st.C.region_card[c].name == op.hazard]
    if cands:
        st.push(
            {
                "t": "pick",
                "seat": seat,
                "zone": "troph",
                "why": f"sell:{op.gems}",
                "cands": cands[:1],
                "n": 1,
                "optional": True,
            }
        )


@card_effect("learn_recipe")
def _learn_recipe(st: PLState, op: ce.LearnRecipe) -> None:
    _ctx, seat, _ = _context(st)
    p = st.P(seat)
    cands = [r["recipe"] for r in p["recipes"] if not r["learned"]]
    if cands:
        st.push(
            {
                "t": "pick",
                "seat": seat,
                "zone": "rec",
                "why": "learn at once",
                "cands": cands,
                "n": 1,
            }
        )


@card_effect("return_outcomes")
def _return_outcomes(st: PLState, op: ce.ReturnOutcomes) -> None:
    _ctx, seat, _ = _context(st)
    p = st.P(seat)
    pile = piles.discards(p["outcome_deck"])
    if len(pile) <= op.n:  # no choice: every discard goes back
        piles.set_discards(p["outcome_deck"], [])
        st._return_outcomes(seat, pile)
    else:
        st.push({"t": "return-outcomes", "seat": seat, "n": op.n, "chosen": []})


@card_effect("rescue")
def _rescue(st: PLState, op: ce.Rescue) -> None:
    ctx, seat, _ = _context(st)
    ch: str = str(ctx.get("char", "pauper"))
    region: Any = ctx.get("region")
    st.check_wild_quests(seat, ch, "rescue", region)


@card_effect("shipwreck")
def _shipwreck(st: PLState, op: ce.Shipwreck) -> None:
    d = st.data
    ctx, seat, _ = _context(st)
    found = ctx.get("found", 0)
    if found:
        for city in CITIES:
            qid = d["quests"].get(city)
            if qid and st.C.quest[qid].objective.kind == "shipwreck":
                st.push({"t": "treasure", "seat": seat, "city": city, "found": found})
                break


@card_effect("leave")
def _leave(st: PLState, op: ce.Leave) -> None:
    d = st.data
    ctx: J = d.get("effect_context") or {}
    ctx["left"] = True


@card_effect("disaster")
def _disaster(st: PLState, op: ce.Disaster) -> None:
    d = st.data
    _ctx, seat, _ = _context(st)
    rt = op.region
    for r in st.C.wild_regions[rt]:
        for c in list(d["tiles"][r]):
            if st.protected(c):
                continue
            d["tiles"][r].remove(c)
            st.discard_region_card(c)
    st.log(f"Natural disaster! Every card in the {rt.capitalize()} Regions is lost.")
    st.push({"t": "disaster", "seat": seat, "done": []})


@card_effect("send_home")
def _send_home(st: PLState, op: ce.SendHome) -> None:
    ctx, seat, _ = _context(st)
    ch: str = str(ctx.get("char", "pauper"))
    p = st.P(seat)
    home = st.C.paupers[p["pauper"]].city
    st.set_pos(seat, ch, home)
    st.log(f"{st.pname(seat)}'s {ch} is sent back to {home.capitalize()}.")


@card_effect("discard_equipment")
def _discard_equipment(st: PLState, op: ce.DiscardEquipment) -> None:
    _ctx, seat, _ = _context(st)
    p = st.P(seat)
    cands = [it["card"] for it in p["inventory"]]
    if cands:
        st.push(
            {
                "t": "pick",
                "seat": seat,
                "zone": "inv",
                "why": "FAIL",
                "cands": cands,
                "n": op.n,
            }
        )


@card_effect("discard_trophy")
def _discard_trophy(st: PLState, op: ce.DiscardTrophy) -> None:
    _ctx, seat, _ = _context(st)
    p = st.P(seat)
    cands = [c for c in p["trophies"] if op.type is None or st.C.region_card[c].type == op.type]
    if cands:
        st.push(
            {
                "t": "pick",
                "seat": seat,
                "zone": "troph",
                "why": "FAIL",
                "cands": cands,
                "n": 1,
            }
        )


@card_effect("discard_ingredient")
def _discard_ingredient(st: PLState, op: ce.DiscardIngredient) -> None:
    _ctx, seat, _ = _context(st)
    p = st.P(seat)
    cands = [c for r in p["recipes"] for c in r["ingredients"]]
    if cands:
        st.push(
            {
                "t": "pick",
                "seat": seat,
                "zone": "ing",
                "why": "FAIL",
                "cands": cands,
                "n": op.n,
            }
        )


@card_effect("move_hazard")
def _move_hazard(st: PLState, op: ce.MoveHazard) -> None:
    d = st.data
    ctx, seat, card = _context(st)
    region: Any = ctx.get("region")
    rt = op.region
    cands = [
        r
        for r in st.C.wild_regions[rt]
        if r != region and len(d["tiles"][r]) < st.C.regions[r].tiles
    ]
    if len(cands) == 1:
        st._move_hazard(card, region, cands[0])
    elif cands:  # the player whose character lost the fight places it
        st.push({"t": "relocate", "seat": seat, "card": card, "from": region, "cands": cands})


@card_effect("clear_region")
def _clear_region(st: PLState, op: ce.ClearRegion) -> None:
    d = st.data
    ctx: J = d.get("effect_context") or {}
    card: Any = ctx.get("card")
    region: Any = ctx.get("region")
    for c in list(d["tiles"][region]):
        if c != card and not st.protected(c):
            d["tiles"][region].remove(c)
            st.discard_region_card(c)
    st.log(f"The {st.cname(card)} clears {st.C.regions[region].name}.")


@card_effect("place_gems")
def _place_gems(st: PLState, op: ce.PlaceGems) -> None:
    d = st.data
    ctx: J = d.get("effect_context") or {}
    card: Any = ctx.get("card")
    d["card_gems"][card] = op.n


@card_effect("tuck_equipment")
def _tuck_equipment(st: PLState, op: ce.TuckEquipment) -> None:
    d = st.data
    ctx: J = d.get("effect_context") or {}
    card: Any = ctx.get("card")
    d["tucked"][card] = [c for c in (st.draw_from("equipment") for _ in range(op.n)) if c]


@card_effect("travel_to_city")
def _travel_to_city(st: PLState, op: ce.TravelToCity) -> None:
    ctx, seat, _ = _context(st)
    ch: str = str(ctx.get("char", "pauper"))
    st.push({"t": "goto", "seat": seat, "char": ch})
