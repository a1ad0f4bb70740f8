"""Fighting Hazards, Outcome Cards (allies) and The Lucky Charm (the rulebook's sections). Draw an
Outcome card for your Strength (allies add to it, draw again, or ask a price); your Pauper adds 1
weapon and the bonuses of Recipes and Equipment; boost with Equipment or roll the lucky charm once
per fight; a Strength at least the hazard's defeats it and earns a reward (its Gems, an ingredient,
Equipment, a Rarity, or the Trophy Room), otherwise the hazard's FAIL applies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mypy_extensions import trait

from tabletop.engine import Action, chance, piles

from .base import A, J, region_ok
from .decisions import Decision, decision
from .decks import discard_into
from .schema import new_context, new_fight

if TYPE_CHECKING:
    from .content import Content
    from .rules import PLState


def ability_bonus(
    C: Content, abilities: list[tuple[str, J]], region: str, hz_type: str | None
) -> int:
    """Fighting Hazards: the Strength bonuses of Recipes, Equipment and a trained Bird in force
    against a hazard of ``hz_type`` in ``region`` (weapons apart: only 1 is used)."""
    return sum(
        int(e["bonus"])
        for _, e in abilities
        if e["effect"] == "fight_bonus"
        and region_ok(C, e.get("region"), region)
        and (e.get("vs_type") is None or e["vs_type"] == hz_type)
    )


def weapon_costs(C: Content, key: str) -> bool:
    """True for a weapon with a cost or drawback for being used (bang bombs lose a Gem)."""
    item = C.item.get(key)
    return item is not None and any(e["effect"] == "weapon_gems" for e in item.abilities)


def hazard_strength(C: Content, fight: J) -> int:
    """The Strength to beat in a fight (a state's fight or a view's): the hazard's printed
    Strength, or the one drawn for it (solo: the necromancer's)."""
    if "hazard_strength" in fight:
        return int(fight["hazard_strength"])
    return int(C.region_card[fight["hazard"]].strength)


def may_fight(forced: str | None, ch: str, inventory: list[J]) -> bool:
    """Whether a character may fight a hazard that only the weapon ``forced`` can fight (None:
    any hazard): only a Pauper holding it (solo scenarios' dragons and necromancer)."""
    if forced is None:
        return True
    return ch == "pauper" and any(it["card"] == forced for it in inventory)


def weapon_bonuses(
    abilities: list[tuple[str, J]], inventory: list[J], hz_type: str | None, forced: str | None
) -> list[tuple[str, int]]:
    """Each weapon the Pauper holds with its bonus against a hazard of ``hz_type`` (bang bombs:
    the Gems on them); only ``forced`` when a hazard may be fought with that weapon alone."""
    out: list[tuple[str, int]] = []
    for key, e in abilities:
        if forced and key != forced:
            continue
        if e["effect"] == "weapon":
            vs = int(e.get("vs_bonus", 0)) if e.get("vs_type") == hz_type else 0
            out.append((key, int(e["bonus"]) + vs))
        elif e["effect"] == "weapon_gems":
            it = next(i for i in inventory if i["card"] == key)
            if int(it["gems"]) > 0:
                out.append((key, int(it["gems"])))
    return out


@trait
class Fighting:
    """A fight from the first Outcome card to its reward or FAIL."""

    __slots__ = ()

    def roll_charm(self: PLState) -> J:
        # through the engine's open chance: a scenario forces it with force(state, "lucky charm",
        # "wink") or a number
        face: J = chance.roll(self, self.C.lucky_charm)
        return dict(face)

    def start_fight(self: PLState, seat: int, ch: str, hz: str, region: str) -> None:
        d = self.data
        d["turn_state"]["fought"] = True
        card = self.C.region_card[hz]
        d["fight"] = new_fight(seat, ch, hz, region)
        d["effect_context"] = new_context(seat, ch, hz, region)
        if self._is_necromancer(hz):
            solo = d["solo"]
            draws = [str(piles.draw(solo["necromancer_deck"], self.rng)) for _ in range(2)]
            discard_into(solo["necromancer_deck"], draws, self.rng)
            d["fight"]["hazard_strength"] = sum(self.C.outcome[c].number for c in draws)
            d["fight"]["hazard_cards"] = draws
            self.log(
                f"The necromancer draws {' + '.join(self.cname(c) for c in draws)}: "
                f"Strength {d['fight']['hazard_strength']}."
            )
        self.log(
            f"{self.pname(seat)}'s {ch} fights the {card.name} (Strength {self.hz_strength()})."
        )
        self.run([{"effect": "_draw_outcome"}, {"effect": "_bonuses"}, {"effect": "_boost"}])

    def _no_allies(self: PLState) -> bool:
        f = self.data["fight"]
        return any(e["effect"] == "no_allies" for e in self.C.region_card[f["hazard"]].ongoing)

    def _fight_draw(self: PLState) -> None:
        f = self.data["fight"]
        cid = self.draw_outcome(f["seat"])
        oc = self.C.outcome[cid]
        f["cards"].append(cid)
        f["strength"] += oc.number
        self.log(
            f"Outcome card: {oc.number}"
            + (f" with the ally {self.C.allies[oc.ally].name}" if oc.ally else "")
            + "."
        )
        if oc.ally is None or self._no_allies():
            return
        for e in self.C.allies[oc.ally].effects:
            if e["effect"] == "ally_bonus" and self.region_ok(e["region"], f["region"]):
                f["strength"] += int(e["bonus"])
                self.log(f"The {self.C.allies[oc.ally].name} adds {e['bonus']}.")
            elif e["effect"] == "ally_draw" and self.region_ok(e["region"], f["region"]):
                self.log(f"The {self.C.allies[oc.ally].name} draws another Outcome card.")
                self.run([{"effect": "_draw_outcome"}])
            elif e["effect"] == "ally_pay":
                self.push(
                    {
                        "t": "ally",
                        "seat": f["seat"],
                        "cost": int(e["cost"]),
                        "bonus": int(e["bonus"]),
                        "ally": oc.ally,
                    }
                )

    def _fight_bonuses(self: PLState) -> None:
        f = self.data["fight"]
        seat, ch = f["seat"], f["char"]
        hz = self.C.region_card[f["hazard"]]
        p = self.P(seat)
        total = ability_bonus(self.C, self.abilities(seat, ch), f["region"], hz.type)
        smith = p.get("smith")
        if smith and smith["char"] == ch and smith["turn"] == p["turns"]:
            total += int(smith["bonus"])
        if total:
            self.log(f"Bonuses add {total}.")
        f["strength"] += total
        f["bonus"] = total
        weapons = self.weapons(seat)
        # a weapon that costs something to use (bang bombs lose a Gem) may be left unused
        costly = [k for k, _ in weapons if self._weapon_costs(k)]
        if len(weapons) >= 2 or costly:
            frame: J = {"t": "weapon", "seat": seat, "options": [[k, v] for k, v in weapons]}
            if costly and not self._forced_weapon(f["hazard"]):
                frame["none"] = True
            self.push(frame)
        elif weapons:
            self._use_weapon(seat, *weapons[0])

    def _weapon_costs(self: PLState, key: str) -> bool:
        return weapon_costs(self.C, key)

    def weapons(self: PLState, seat: int) -> list[tuple[str, int]]:
        """The weapons the fighting Pauper may use in this fight, with their bonus (one is used:
        the player's choice). A hazard that may only be fought with one weapon allows only it."""
        f = self.data["fight"]
        if f["char"] != "pauper":
            return []
        hz = self.C.region_card[f["hazard"]]
        forced = self._forced_weapon(f["hazard"])
        out = weapon_bonuses(
            self.abilities(seat, "pauper"), self.P(seat)["inventory"], hz.type, forced
        )
        seen: set[str] = set()  # two copies of one weapon are one choice
        uniq = []
        for key, v in out:
            name = self._key_name(seat, key)
            if name not in seen:
                seen.add(name)
                uniq.append((key, v))
        return uniq

    def _use_weapon(self: PLState, seat: int, key: str, v: int) -> None:
        f = self.data["fight"]
        p = self.P(seat)
        f["weapon"] = key
        if v <= 0:
            return
        f["strength"] += v
        f["bonus"] += v
        self.log(f"Weapon: {self._key_name(seat, key)} (+{v}).")
        it = next((i for i in p["inventory"] if i["card"] == key), None)
        if it is not None and self._weapon_costs(key):
            it["gems"] -= 1  # bang bombs: one Gem comes off per fight
            if it["gems"] <= 0:
                p["inventory"].remove(it)
                self._discard_items([key])

    def _boost_actions(self: PLState, seat: int, fr: J) -> list[Action]:
        f = self.data["fight"]
        acts: list[Action] = []
        hz = self.C.region_card[f["hazard"]]
        p = self.P(seat)
        if f["charm"] is None:
            acts += [A("boost", item=k) for k in self._boost_items(seat, hz.type)]
            if self._charm_free(seat, f["char"]) or p["gems"] >= 1:
                acts.append(A("charm"))
        acts.append(A("resolve"))
        return acts

    def _boost_items(self: PLState, seat: int, htype: str | None) -> list[str]:
        f = self.data["fight"]
        if f["char"] != "pauper":
            return []
        out = []
        p = self.P(seat)
        for key, e in self.has(seat, "pauper", "boost"):
            if key in f["boosts"] or self.used(key):
                continue
            if e.get("vs_type") and e["vs_type"] != htype:
                continue
            if key == "start" and p.get("charges", 0) <= 0:
                continue
            out.append(key)
        return out

    def _charm_free(self: PLState, seat: int, ch: str) -> bool:
        return bool(self.has(seat, ch, "charm_free"))

    def _fight_resolve(self: PLState) -> None:
        d = self.data
        f = d["fight"]
        seat, ch = f["seat"], f["char"]
        hz = self.C.region_card[f["hazard"]]
        self.discard_outcomes(seat, f["cards"])
        region = f["region"]
        hs = self.hz_strength()
        d["last_fight"] = {
            "seat": seat,
            "char": ch,
            "hazard": f["hazard"],
            "strength": f["strength"],
            "hazard_strength": hs,
            "won": f["strength"] >= hs,
            "cards": list(f["cards"]),
        }
        if f["strength"] >= hs and self._special_defeat(seat, ch, f["hazard"], region):
            d["fight"] = None
            return
        if f["strength"] >= hs:
            self.log(f"Strength {f['strength']} against {hs}: the {hz.name} is defeated!")
            self._remove_tile(region, f["hazard"])
            bonus = sum(int(e["n"]) for _, e in self.has(seat, ch, "defeat_gems"))
            self.gain(seat, bonus, "bonus for the victory")
            self._hook_hazard_defeated(seat, ch)
            opts: list[list[Any]] = []
            if hz.gems:
                opts.append(["gems", None])
            prov = hz.provides or {}
            if "ingredient" in prov:
                opts += [["ingredient", r] for r in self.needs(seat, prov["ingredient"])]
            if prov.get("equipment") and self.deck_available("equipment"):
                opts.append(["equipment", None])
            if prov.get("rarity") and self.deck_available("rarity"):
                opts.append(["rarity", None])
            opts.append(["trophy", None])
            self.push({"t": "reward", "seat": seat, "options": opts, "hazard": f["hazard"]})
            self.run(
                [{"effect": "_wild_defeat", "hazard": f["hazard"], "region": region, "char": ch}]
            )
        else:
            self.log(f"Strength {f['strength']} against {hs}: the {hz.name} wins.")
            self._hook_fight_lost(seat, ch)
            self.run(hz.fail_effects)
        d["fight"] = None

    def _reward(self: PLState, seat: int, f: J, kind: str, rid: str | None) -> None:
        hz = self.C.region_card[f["hazard"]]
        p = self.P(seat)
        if kind == "trophy":
            p["trophies"].append(f["hazard"])
            self.log(f"{self.pname(seat)} puts the {hz.name} in the Trophy Room.")
            return
        if kind == "ingredient":
            assert rid is not None
            self.tuck(seat, f["hazard"], rid)
            return
        self.discard_region_card(f["hazard"])
        if kind == "gems":
            self.gain(seat, hz.gems, f"carried by the {hz.name}")
        elif kind == "equipment":
            self.run([self.C.victory_equipment])
        elif kind == "rarity":
            self.run([self.C.victory_rarity])

    def hz_strength(self: PLState) -> int:
        return hazard_strength(self.C, self.data["fight"])

    def can_fight(self: PLState, seat: int, ch: str, hz: str) -> bool:
        return may_fight(self._forced_weapon(hz), ch, self.P(seat)["inventory"])


# ---------------------------------------------------------------- the decisions of a fight
@decision
class Ally(Decision):
    """Outcome Cards: an ally that requires payment offers its bonus for a price."""

    kind = "ally"
    actions = ("pay-ally",)

    def text(self, s: PLState, f: J) -> str:
        return "An ally offers help for a price."

    def legal(self, s: PLState, f: J) -> list[Action]:
        acts = [A("decline")]
        if s.P(f["seat"])["gems"] >= f["cost"]:
            acts.insert(0, A("pay-ally"))
        return acts

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return "Pay the ally"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind == "pay-ally":
            s.P(seat)["gems"] -= f["cost"]
            s.data["fight"]["strength"] += f["bonus"]
            s.log(
                f"{s.pname(seat)} pays the {s.C.allies[f['ally']].name} "
                f"{f['cost']} Gems for +{f['bonus']}."
            )


@decision
class Weapon(Decision):
    """Fighting Hazards: only 1 weapon can be used in a fight (the player's choice)."""

    kind = "weapon"
    actions = ("weapon", "no-weapon")

    def text(self, s: PLState, f: J) -> str:
        return "Choose the 1 weapon your Pauper uses in this fight" + (
            ", or none." if f.get("none") else "."
        )

    def legal(self, s: PLState, f: J) -> list[Action]:
        acts = [A("weapon", item=k) for k, _ in f["options"]]
        if f.get("none"):
            acts.append(A("no-weapon"))
        return acts

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        options = s._top_frame().get("options", [])
        if a.kind == "weapon":
            bonus = next((v for kk, v in options if kk == a["item"]), 0)
            return f"Fight with the {s._key_name(seat or 0, a['item'])} (+{bonus})"
        return "Fight with no weapon" + "".join(
            f" (the {s._key_name(seat or 0, kk)} keep their Gems)"
            for kk, _ in options
            if s._weapon_costs(kk)
        )

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind == "no-weapon":
            s.log(f"{s.pname(seat)}'s Pauper fights with no weapon.")
        else:
            v = next(int(v) for k, v in f["options"] if k == a["item"])
            s._use_weapon(seat, a["item"], v)


@decision
class Boost(Decision):
    """Fighting Hazards and The Lucky Charm: boost your Strength with Equipment, roll the lucky
    charm once per fight, or resolve the fight."""

    kind = "boost"
    actions = ("boost", "charm", "resolve")

    def text(self, s: PLState, f: J) -> str:
        return "Boost your Strength, roll the lucky charm, or resolve the fight."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return s._boost_actions(f["seat"], f)

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        if a.kind == "boost":
            return f"Use the {s._key_name(seat or 0, a['item'])}"
        return "Roll the lucky charm" if a.kind == "charm" else "Resolve the fight"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        fight = s.data["fight"]
        p = s.P(seat)
        if a.kind == "boost":
            key = a["item"]
            e = next(e for kk, e in s.has(seat, "pauper", "boost") if kk == key)
            fight["boosts"].append(key)
            fight["strength"] += int(e["bonus"])
            s.use(key)
            if key == "start":
                p["charges"] -= 1
            else:
                s.spend_item(seat, key)
            s.log(f"{s._key_name(seat, key)} adds {e['bonus']}.")
            s.run([{"effect": "_boost"}])
        elif a.kind == "charm":
            if not s._charm_free(seat, fight["char"]):
                p["gems"] -= int(s.C.numbers["charm_cost"]["value"])
            face = s.roll_charm()
            fight["charm"] = face
            fight["strength"] += int(face["number"])
            s.log(f"The lucky charm shows {face['face']} ({face['number']}).")
            s.run([{"effect": "_boost"}])
        else:
            s.run([{"effect": "_resolve"}])


@decision
class Reward(Decision):
    """Fighting Hazards: a defeated hazard's reward (its Gems, an ingredient, Equipment, a
    Rarity, or the Trophy Room)."""

    kind = "reward"
    actions = ("reward",)

    def text(self, s: PLState, f: J) -> str:
        return "You won! Choose your reward."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("reward", take=k, recipe=r) for k, r in f["options"]]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return s._reward_words(a["take"], a["recipe"])

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        s._reward(seat, f, a["take"], a["recipe"])
