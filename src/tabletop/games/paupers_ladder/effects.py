"""What Region, Quest and hazard cards do: the interpreter of the card effects in the data (the
ops queued on ``data["q"]`` while an encounter, a reward or a FAIL resolves), and the choices those
effects ask for (which card to give up or keep, where to travel, where a hazard moves)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import Action, piles

from .base import A, J
from .content import CITIES
from .decisions import Decision, decision

if TYPE_CHECKING:
    from .rules import PLState


class CardEffects:
    """Running the card effects queued on the state."""

    __slots__ = ()

    def _op(self: PLState, op: J) -> None:
        d = self.data
        e = op["effect"]
        ctx: J = d.get("ctx") or {}
        seat: int = int(ctx.get("seat", d.get("turn") or 0) or 0)
        ch: str = str(ctx.get("char", "pauper"))
        card: Any = ctx.get("card")
        region: Any = ctx.get("region")
        p = self.P(seat)
        if e == "_draw_outcome":
            self._fight_draw()
        elif e == "_bonuses":
            self._fight_bonuses()
        elif e == "_boost":
            f = d["fight"]
            fr = {"t": "boost", "seat": f["seat"]}
            won = f["str"] >= self.hz_strength()
            if not won and len(self._boost_actions(f["seat"], fr)) > 1:
                self.push(fr)
            else:
                self._fight_resolve()
        elif e == "_resolve":
            self._fight_resolve()
        elif e == "_wild_defeat":
            self.check_wild_quests(seat, op["char"], "defeat", op["region"], op["hz"])
        elif e == "_encounter":
            self.encounter(seat, ch, op["card"], region)
        elif e == "_end_event":
            cid = op["card"]
            c = self.C.region_card[cid]
            on_tile = region is not None and cid in d["tiles"].get(region, [])
            gone = (
                c.stays == "discard"
                or ctx.get("left")
                or (c.leave_when_empty and not d["cardgems"].get(cid) and not d["tucked"].get(cid))
            )
            if on_tile and gone and c.stays != "forever":
                self._remove_tile(region, cid)
                self.discard_region_card(cid)
        elif e == "_city_item":
            city, cid = op["city"], op["card"]
            if cid in d["shops"][city]:
                i = d["shops"][city].index(cid)
                d["shops"][city].pop(i)
                d["shopk"][city].pop(i)
                self._restock(city)
                self.acquire(seat, cid)
        elif e == "_complete_quest":
            self.complete_quest(seat, op["city"])
        elif e == "_disaster_end":
            cid = op["card"]
            dk = self.C.region_deck_of[cid]
            d["decks"][dk]["removed"].append(cid)
            piles.shuffle_all(d["decks"][dk], self.rng)
            self._forget_deck(dk)
        elif e == "gain":
            self.gain(seat, int(op["n"]), self.cname(card) if card else "")
        elif e == "lose":
            self.lose(seat, int(op["n"]), self.cname(card) if card else "")
        elif e == "pay":
            k = min(p["gems"], int(op["n"]))
            p["gems"] -= k
            if op.get("onto_card") and card:
                d["cardgems"][card] = d["cardgems"].get(card, 0) + k
                if d["cardgems"][card] >= 6:
                    ctx["left"] = True
            self.log(f"{self.pname(seat)} pays {k} Gems.")
        elif e == "charm_table":
            face = self.roll_charm()
            self.log(f"The lucky charm shows a {face['face']} face.")
            self.run(list(op[face["face"]]))
        elif e == "outcome_check":
            cid = self.draw_outcome(seat)
            self.discard_outcomes(seat, [cid])
            num = self.C.outcome[cid].number
            ok = num >= int(op["min"])
            self.log(f"Outcome card {num}: {'success' if ok else 'failure'}.")
            self.run(list(op["success"] if ok else op["failure"]))
        elif e == "draw_equipment":
            cards = [c for c in (self.draw_from("equipment") for _ in range(int(op["n"]))) if c]
            if len(cards) == 1:
                self.acquire(seat, cards[0])
            elif cards:  # drawn cards are seen only by the drawer until one is kept
                self.log(f"{self.pname(seat)} draws {len(cards)} Equipment cards to keep 1.")
                self.log("Drawn: " + ", ".join(self.cname(c) for c in cards) + ".", to=[seat])
                self.push(
                    {"t": "keep", "seat": seat, "cards": cards, "src": "drawn", "private": True}
                )
        elif e == "draw_rarity":
            rar = self.draw_from("rarity")
            if rar:
                self.acquire(seat, rar)
        elif e == "shop_take":
            cands = []
            for city in CITIES:
                self._peek_shop(seat, city)
                cands += [c for c in d["shops"][city] if not c.startswith("rar.")]
            if cands:  # the payer looks into every Shop: the others must not see the cards
                self.push(
                    {"t": "keep", "seat": seat, "cards": cands, "src": "shops", "private": True}
                )
        elif e == "take_tucked":
            cards = d["tucked"].get(card, [])
            if cards:
                self.push(
                    {"t": "keep", "seat": seat, "cards": list(cards), "src": "tucked", "card": card}
                )
        elif e == "take_gems_here":
            n = d["cardgems"].pop(card, 0)
            ctx["found"] = n
            self.gain(seat, n, "found in the wreck")
        elif e == "market":
            pile = d["decks"]["equipment"]["discard"]
            if pile:
                c = pile.pop(self.rng.below(len(pile)))
                self.acquire(seat, c)
        elif e == "smith":
            p["smith"] = {"char": ch, "turn": p["turns"] + 1, "bonus": int(op["bonus"])}
        elif e == "miss_turn":
            p["miss"] = True
            self.log(f"{self.pname(seat)}'s Pauper will miss their next turn.")
        elif e == "sell_trophy":
            cands = [c for c in p["troph"] if self.C.region_card[c].name == op["hazard"]]
            if cands:
                self.push(
                    {
                        "t": "pick",
                        "seat": seat,
                        "zone": "troph",
                        "why": f"sell:{op['gems']}",
                        "cands": cands[:1],
                        "n": 1,
                        "optional": True,
                    }
                )
        elif e == "learn_recipe":
            cands = [r["r"] for r in p["rec"] if not r["learned"]]
            if cands:
                self.push(
                    {
                        "t": "pick",
                        "seat": seat,
                        "zone": "rec",
                        "why": "learn at once",
                        "cands": cands,
                        "n": 1,
                    }
                )
        elif e == "return_outcomes":
            pile = piles.discards(p["out"])
            if len(pile) <= int(op["n"]):  # no choice: every discard goes back
                piles.set_discards(p["out"], [])
                self._return_outcomes(seat, pile)
            else:
                self.push({"t": "return-outcomes", "seat": seat, "n": int(op["n"]), "chosen": []})
        elif e == "rescue":
            self.check_wild_quests(seat, ch, "rescue", region)
        elif e == "shipwreck":
            found = ctx.get("found", 0)
            if found:
                for city in CITIES:
                    qid = d["quests"].get(city)
                    if qid and self.C.quest[qid].objective.kind == "shipwreck":
                        self.push({"t": "treasure", "seat": seat, "city": city, "found": found})
                        break
        elif e == "leave":
            ctx["left"] = True
        elif e == "disaster":
            rt = op["region"]
            for r in self.C.wild_regions[rt]:
                for c in list(d["tiles"][r]):
                    if self.protected(c):
                        continue
                    d["tiles"][r].remove(c)
                    self.discard_region_card(c)
            self.log(f"Natural disaster! Every card in the {rt.capitalize()} Regions is lost.")
            self.push({"t": "disaster", "seat": seat, "done": []})
        elif e == "send_home":
            home = self.C.paupers[p["pauper"]].city
            self.set_pos(seat, ch, home)
            self.log(f"{self.pname(seat)}'s {ch} is sent back to {home.capitalize()}.")
        elif e == "discard_equipment":
            cands = [it["c"] for it in p["inv"]]
            if cands:
                self.push(
                    {
                        "t": "pick",
                        "seat": seat,
                        "zone": "inv",
                        "why": "FAIL",
                        "cands": cands,
                        "n": int(op["n"]),
                    }
                )
        elif e == "discard_trophy":
            cands = [
                c
                for c in p["troph"]
                if op.get("type") is None or self.C.region_card[c].type == op["type"]
            ]
            if cands:
                self.push(
                    {
                        "t": "pick",
                        "seat": seat,
                        "zone": "troph",
                        "why": "FAIL",
                        "cands": cands,
                        "n": 1,
                    }
                )
        elif e == "discard_ingredient":
            cands = [c for r in p["rec"] for c in r["ing"]]
            if cands:
                self.push(
                    {
                        "t": "pick",
                        "seat": seat,
                        "zone": "ing",
                        "why": "FAIL",
                        "cands": cands,
                        "n": int(op["n"]),
                    }
                )
        elif e == "move_hazard":
            rt = op["region"]
            cands = [
                r
                for r in self.C.wild_regions[rt]
                if r != region and len(d["tiles"][r]) < self.C.regions[r].tiles
            ]
            if len(cands) == 1:
                self._move_hazard(card, region, cands[0])
            elif cands:  # the player whose character lost the fight places it
                self.push(
                    {"t": "relocate", "seat": seat, "card": card, "from": region, "cands": cands}
                )
        elif e == "clear_region":
            for c in list(d["tiles"][region]):
                if c != card and not self.protected(c):
                    d["tiles"][region].remove(c)
                    self.discard_region_card(c)
            self.log(f"The {self.cname(card)} clears {self.C.regions[region].name}.")
        elif e == "place_gems":
            d["cardgems"][card] = int(op["n"])
        elif e == "tuck_equipment":
            d["tucked"][card] = [
                c for c in (self.draw_from("equipment") for _ in range(int(op["n"]))) if c
            ]
        elif e == "teleport_city":
            self.push({"t": "goto", "seat": seat, "char": ch})
        else:
            raise AssertionError(f"unhandled effect {e}")

    def _option_possible(self: PLState, seat: int, effects: list[J]) -> bool:
        for e in effects:
            if e["effect"] == "sell_trophy" and not any(
                self.C.region_card[c].name == e["hazard"] for c in self.P(seat)["troph"]
            ):
                return False
            if e["effect"] == "take_tucked" and not self.data["tucked"].get(
                self.data["ctx"].get("card"), []
            ):
                return False
            if e["effect"] == "learn_recipe" and not any(
                not r["learned"] for r in self.P(seat)["rec"]
            ):
                return False
        return True

    def _picked(self: PLState, seat: int, f: J, cid: str) -> None:
        p = self.P(seat)
        why = f["why"]
        zone = f["zone"]
        if zone == "inv":
            p["inv"] = [it for it in p["inv"] if it["c"] != cid]
            if why == "sell" or why.startswith("sell"):
                pass
            self._discard_items([cid])
        elif zone == "troph":
            p["troph"].remove(cid)
            self.discard_region_card(cid)
        elif zone == "ing":
            for r in p["rec"]:
                if cid in r["ing"]:
                    r["ing"].remove(cid)
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
            others = [c for c in f["cards"] if c != cid]
            self._discard_items(others)
            if others:
                self.log(f"Discarded: {', '.join(self.cname(c) for c in others)}.")
        elif src == "shops":
            for city in CITIES:
                if cid in d["shops"][city]:
                    i = d["shops"][city].index(cid)
                    d["shops"][city].pop(i)
                    d["shopk"][city].pop(i)
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

    def text(self, s: PLState, f: J) -> str:
        return f"Choose a card ({f.get('why', '')})."

    def legal(self, s: PLState, f: J) -> list[Action]:
        acts = [A("pick", card=c) for c in f["cands"]]
        if f.get("optional"):
            acts.append(A("done"))
        return acts

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

    def text(self, s: PLState, f: J) -> str:
        return "Choose a card to keep."

    def legal(self, s: PLState, f: J) -> list[Action]:
        acts = [A("keep", card=c) for c in f["cards"]]
        if f.get("optional"):
            acts.append(A("done"))
        return acts

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind == "keep":
            s._kept(seat, f, a["card"])


@decision
class Goto(Decision):
    """Dwarf tunnels, the underground river: the character travels to a City of your choice."""

    kind = "goto"

    def text(self, s: PLState, f: J) -> str:
        return "Choose a City to travel to."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("goto", city=c) for c in CITIES]

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        s.set_pos(seat, f["char"], a["city"])
        s.log(f"{s.pname(seat)}'s {f['char']} travels to {a['city'].capitalize()}.")


@decision
class Relocate(Decision):
    """A hazard that moves after a fight it won (the sea beast): the player whose character
    lost places it in a Region of that type with room."""

    kind = "relocate"

    def text(self, s: PLState, f: J) -> str:
        return f"Choose the Beach Region the {s.cname(f.get('card', ''))} moves to."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("relocate", region=r) for r in f["cands"]]

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        s._move_hazard(f["card"], f["from"], a["region"])
