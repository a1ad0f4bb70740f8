"""What things are worth to the greedy bot's seat, read from its view only: the Virtues it is
closest to, a fight's chance, a card's, a Region's, an item's and a Shop's worth. The rules' own
functions over a view's records (prices, free moves, fight bonuses, Quests, healing, a scenario's
rules) answer what the rules compute."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.bots import Bot
from tabletop.engine.effects import Effect

from .abilities import abilities_of, ability_sources
from .content import (
    CITIES,
    Boost,
    CharmFree,
    CharmTable,
    CollectGems,
    Content,
    Discount,
    DrawEquipment,
    DrawRarity,
    FightBonus,
    FreeMoves,
    Gain,
    LearnRecipe,
    Lose,
    Market,
    MissTurn,
    OutcomeCheck,
    Pay,
    Rescue,
    ReturnOutcomes,
    SellTrophy,
    ShopTake,
    TakeTucked,
    TravelToCity,
    TurnGems,
    Weapon,
    WeaponGems,
    content,
)
from .rules.cities import shop_price
from .rules.equipment import inventory_fits
from .rules.fighting import (
    ability_bonus,
    may_fight,
    weapon_bonuses,
)
from .rules.quests import objective_met, open_to
from .rules.recipes import ingredient_of, recipes_needing
from .rules.scenarios import SCENARIOS
from .rules.survival import may_heal
from .rules.virtues import bravery_points, dragon_cards, virtue_thresholds

RECIPE_VALUE = {
    "strength": 6,
    "fortune": 6,
    "fleetfoot": 5,
    "allure": 5,
    "haggle": 3,
    "storm": 4,
    "dragonfire": 4,
    "beastlore": 4,
    "brawn": 4,
    "exorcism": 3,
    "spellward": 3,
    "teleport": 4,
    "flux": 4,
    "transmute": 3,
    "swim": 2,
    "foresight": 1,
}


class Valuation(Bot):
    """What the cards, Regions and options of a view are worth to the bot's seat."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.content: Content = content()

    # ------------------------------------------------------------------ helpers
    def me(self, view: Mapping[str, Any]) -> dict[str, Any]:
        return view["players"][self.seat]  # type: ignore[no-any-return]

    def thresholds(self, view: Mapping[str, Any]) -> dict[str, int]:
        """Each Virtue's threshold in this game, as the rules set it (in solo, from the side of
        the Pauper's card)."""
        solo_pauper = self.me(view)["pauper"] if view.get("solo") else None
        return virtue_thresholds(self.content, len(view["players"]), solo_pauper)

    # ------------------------------------------------------------------ Survival and solo
    def lives(self, view: Mapping[str, Any], char: str) -> int:
        lv = self.me(view).get("lives")
        return int(lv[char]) if lv else 99

    def life_cost(self, view: Mapping[str, Any], char: str) -> float:
        """What losing a fight costs in Lives: in solo the last Life loses the game."""
        n = self.lives(view, char)
        if n >= 99:
            return 3.0
        if view.get("solo"):
            return 3.0 + (1000.0 if n <= 1 else 24.0 / n)
        return 3.0 + (8.0 if n <= 1 else 6.0 / n)

    def must_fight_ok(self, view: Mapping[str, Any], char: str, hazard: str, region: str) -> bool:
        return self.p_win(view, char, hazard, region) >= (
            0.97 if self.lives(view, char) <= 1 else 0.5
        )

    def solo_goals(self, view: Mapping[str, Any], char: str) -> dict[str, float]:
        """Regions the scenario wants this character in, with how much they are worth."""
        solo = view.get("solo")
        if not solo:
            return {}
        me = self.me(view)
        goals: dict[str, float] = {}
        inv = {it["card"] for it in me["inventory"]}
        home = solo["home"]
        if solo["scenario"] == "saltash-necromancer":
            blade = self.scenario_weapon(solo["scenario"]) in inv
            if not blade and char == "pauper":
                opp = str(self.content.solo["diagonal"].get(home, home))
                if me["gems"] >= 8:
                    goals[opp] = 30.0
            for city, hazard in solo["city_hazards"].items():
                if self.p_win(view, char, hazard, city) >= 0.5:
                    goals[city] = 18.0
            if blade or char == "bird":
                for m in solo["facedown"]:
                    goals[m] = 10.0 if blade and char == "pauper" else 3.0
            nec = solo.get("necromancer")
            if nec and blade and char == "pauper":
                for r, cards in view["tiles"].items():
                    if nec in cards:
                        goals[r] = 40.0
        elif solo["scenario"] == "fiery-siege" and char == "pauper":
            for c in solo["markers"]:
                goals[c] = 25.0
            done = [o["done"] for o in solo["objectives"]]
            if not done[1]:  # the way in: the teleport Recipe's ingredients
                for r in me["recipes"]:
                    if not r["learned"] and self.content.recipe[r["recipe"]].id == "teleport":
                        have = {self.ing_of(c) for c in r["ingredients"]}
                        for ing in self.content.recipe[r["recipe"]].ingredients:
                            if ing in have:
                                continue
                            rt = self.content.ingredients[ing].region
                            for reg in self.content.wild_regions[rt]:
                                if self.may_enter(view, char, reg):
                                    goals[reg] = max(goals.get(reg, 0.0), 14.0)
            if done[0] and not done[1]:
                goals[home] = 40.0  # reached only by teleport or a tunnel: the pull shows the way
            if done[1] and not done[2] and me["gems"] >= 8:
                goals[home] = 30.0
            if done[2]:
                for r, cards in view["tiles"].items():
                    if any(c in solo["siege"] for c in cards):
                        goals[r] = 40.0
        return goals

    def scenario_weapon(self, scenario: str) -> str | None:
        """The Rarity a scenario's foe can only be fought with (from the solo data), if any."""
        data = self.content.solo["scenarios"][scenario]
        key = next((k for k in data if k.endswith("_weapon")), None)
        return f"rar.{data[key]}" if key else None

    def forced_weapon(self, view: Mapping[str, Any], hazard: str) -> str | None:
        """The one weapon the scenario lets this hazard be fought with (None: any), by the
        scenario's own rule on the view's public solo record."""
        solo = view.get("solo")
        if not solo:
            return None
        return SCENARIOS[solo["scenario"]].forced_weapon(self.content, solo, hazard)

    def unfightable(self, view: Mapping[str, Any], char: str, hazard: str) -> bool:
        forced = self.forced_weapon(view, hazard)
        return not may_fight(forced, char, self.me(view)["inventory"])

    def may_enter(self, view: Mapping[str, Any], char: str, region: str) -> bool:
        """Whether the scenario lets this character enter ``region`` (its own rule, on the
        view's public solo record and tiles)."""
        solo = view.get("solo")
        if not solo:
            return True
        inventory = self.me(view)["inventory"]
        return SCENARIOS[solo["scenario"]].may_enter(
            self.content, solo, view["tiles"], inventory, char, region
        )

    def goal_pull(self, view: Mapping[str, Any], char: str, region: str) -> float:
        goals = self.solo_goals(view, char)
        if not goals:
            return 0.0
        best = 0.0
        solo = view["solo"]
        for g, v in goals.items():
            if g == solo["home"] and not solo["objectives"][1]["done"]:
                continue  # no road in: only a teleport or a tunnel gets there
            dist = self.dist(region, g)
            best = max(best, v - 4.0 * dist)
        return best

    def dist(self, start: str, end: str) -> int:
        key = (start, end)
        cache = self.__dict__.setdefault("_dist", {})
        if key not in cache:
            seen = {start: 0}
            dq = deque([start])
            while dq:
                r = dq.popleft()
                for nb in self.content.neighbours[r]:
                    if nb not in seen:
                        seen[nb] = seen[r] + 1
                        dq.append(nb)
            for r, n in seen.items():
                cache[(start, r)] = n
        return int(cache.get(key, 9))

    def progress(self, view: Mapping[str, Any]) -> dict[str, float]:
        me = self.me(view)
        t = self.thresholds(view)
        points = bravery_points(self.content)
        num = self.content.numbers  # the 5th Recipe learned teaches knowledge, 3 Quests fellowship
        learned = sum(1 for r in me["recipes"] if r["learned"])
        ings = sum(len(r["ingredients"]) for r in me["recipes"] if not r["learned"])
        troph = sum(points[c] for c in me["trophies"])
        out = {
            "generosity": me["gems"] / t["generosity"],
            "bravery": troph / t["bravery"],
            "knowledge": (learned + 0.4 * ings) / int(num["recipe_limit"]["value"]),
            "fellowship": len(me["journal"]) / int(num["fellowship_quests"]["value"]),
            "magnificence": 0.5
            if any(c in dragon_cards(self.content) for c in me["trophies"])
            else 0.0,
        }
        for v in me["virtues"]:
            out[v] = -1.0
        return out

    def abilities(self, view: Mapping[str, Any], char: str) -> list[tuple[str, Effect]]:
        """The abilities in force for this seat's character, by the rules' own function on the
        seat's view (the seat acts in its own turn, so the Recipes usable now are those learned
        before this round: its turn count is the round's number)."""
        me = self.me(view)
        sources = ability_sources(
            self.content,
            char,
            me["pauper"],
            me["bird"],
            me["trained"],
            me["inventory"],
            me["recipes"],
            int(view["round"]),
        )
        return abilities_of(sources)

    def bonus(
        self,
        view: Mapping[str, Any],
        char: str,
        htype: str | None,
        region: str,
        hazard: str | None = None,
    ) -> int:
        """The Strength bonus this character fights with, worked out by the rules' own functions
        from the view: its ability bonuses plus its best weapon (the seat acts in its own turn,
        so the Recipes usable now are those learned before this round); against the hazard
        ``hazard``, only the weapon its scenario allows."""
        me = self.me(view)
        abilities = self.abilities(view, char)
        total = ability_bonus(self.content, abilities, region, htype)
        if char == "pauper":
            forced = self.forced_weapon(view, hazard) if hazard else None
            weapons = weapon_bonuses(self.content, abilities, me["inventory"], htype, forced)
            total += max((v for _, v in weapons), default=0)
        return total

    def p_win(self, view: Mapping[str, Any], char: str, hazard: str, region: str) -> float:
        card = self.content.region_card[hazard]
        need = card.strength - self.bonus(view, char, card.type, region, hazard)
        me = self.me(view)
        nums = [
            self.content.outcome[c].number
            for c in self.content.outcome_lists[self.content.paupers[me["pauper"]].colour]
        ]
        for c in me["outcome_discard"]:
            if self.content.outcome[c].number in nums:
                nums.remove(self.content.outcome[c].number)
        if not nums:
            nums = [4]
        charm = 1 if me["gems"] >= 2 else 0
        wins = sum(1 for n in nums if n + charm + 0.6 >= need)
        return wins / len(nums)

    def hazard_value(self, view: Mapping[str, Any], hazard: str) -> float:
        card = self.content.region_card[hazard]
        prog = self.progress(view)
        v = max(
            card.gems * (1.2 if prog["generosity"] >= 0 else 0.5),
            card.strength * (1.0 if prog["bravery"] >= 0 else 0.2),
        )
        if card.type == "dragon" and prog["magnificence"] >= 0:
            v += 12
        if view.get("solo"):
            v += 3
        prov = card.provides or {}
        if "ingredient" in prov and self.needs(view, prov["ingredient"]):
            v = max(v, 10)
        if prov.get("rarity"):
            v = max(v, 7)
        return v

    def needs(self, view: Mapping[str, Any], ing: str) -> bool:
        return bool(recipes_needing(self.content, self.me(view)["recipes"], ing))

    def ing_of(self, cid: str) -> str:
        return ingredient_of(self.content, cid)

    def card_value(self, view: Mapping[str, Any], char: str, cid: str, region: str) -> float:
        card = self.content.region_card[cid]
        me = self.me(view)
        if card.kind == "hazard":
            chance = self.p_win(view, char, cid, region)
            solo = view.get("solo")
            if solo and (cid == solo.get("necromancer") or cid in solo.get("siege", [])):
                return chance * 40 - (1 - chance) * self.life_cost(view, char)
            if solo and self.lives(view, char) <= 1 and chance < 0.97:
                return -50.0
            return chance * self.hazard_value(view, cid) - (1 - chance) * self.life_cost(view, char)
        if card.kind == "ingredient":
            if not self.needs(view, str(card.ingredient)):
                return -1.0
            return 12.0 + 8.0 * max(0.0, self.progress(view)["knowledge"])
        if card.icon == "pauper" and char != "pauper":
            return -1.0
        if card.icon == "bird" and not (char == "bird" and me["trained"]):
            return -1.0
        return max([self.effects_value(view, o.effects) for o in card.options] + [-1.0])

    def effects_value(self, view: Mapping[str, Any], effects: Sequence[Effect]) -> float:
        """What a card's effects (an event's option, a Quest's reward) are worth to this seat,
        read from the typed models of the content."""
        me = self.me(view)
        v = 0.0
        for e in effects:
            match e:
                case Gain():
                    v += e.n
                case Pay():
                    if me["gems"] < e.n:
                        return -5
                    v -= e.n
                case Lose():
                    v -= e.n
                case DrawEquipment():
                    v += 3 + (e.n - 1)
                case DrawRarity():
                    v += 6
                case CharmTable():
                    v += self.effects_value(view, e.happy) + self.effects_value(view, e.wink)
                    v /= 3
                case OutcomeCheck():
                    v += 0.5 * self.effects_value(view, e.success) + 0.5 * self.effects_value(
                        view, e.failure
                    )
                case LearnRecipe():
                    v += 15 if any(not r["learned"] for r in me["recipes"]) else -20
                case ShopTake() | TakeTucked() | Market():
                    v += 3
                case MissTurn():
                    v -= 2
                case SellTrophy():
                    v += e.gems - 4
                case ReturnOutcomes():
                    v += 2
                case Rescue():
                    v += 4
                case TravelToCity():
                    v -= 1
        return v

    def region_value(self, view: Mapping[str, Any], char: str, region: str) -> float:
        cards = self.content
        reg = cards.regions[region]
        me = self.me(view)
        solo = view.get("solo")
        if solo and solo["city_hazards"].get(region):
            return self.card_value(view, char, solo["city_hazards"][region], region) + 8
        if reg.type == "city":
            best = 0.0
            lv = self.lives(view, char)
            mode = view.get("mode", "standard")
            if me.get("lives") and may_heal(
                self.content, mode, me, me["max_lives"], char, view["turn_state"] or {}
            ):
                best = max(best, 4.0 + 10.0 / max(1, lv))
            for city in CITIES:
                qid = view["quests"].get(city)
                if qid and self.quest_ok(view, char, qid, city, region):
                    best = max(best, 11.0)
            best = max(best, self.shop_value(view, char, region))  # Birds shop too
            return best
        tiles = view["tiles"][region]
        hazard = [c for c in tiles if cards.region_card[c].kind == "hazard"]
        if solo and region in solo["facedown"] and not hazard:
            return 8.0 if char == "pauper" else 1.0
        if hazard:
            if solo and all(self.unfightable(view, char, h) for h in hazard):
                return -5.0
            return max(self.card_value(view, char, h, region) for h in hazard)
        vals = [self.card_value(view, char, c, region) for c in tiles]
        deck = view["decks"][reg.type]
        if len(tiles) < reg.tiles and (deck["count"] > 0 or deck["discard"]):
            vals.append(3.0 if me["gems"] >= 1 or char == "bird" else 2.0)
        return max(vals) if vals else 0.0

    def quest_ok(self, view: Mapping[str, Any], char: str, qid: str, city: str, here: str) -> bool:
        q = self.content.quest[qid]
        return open_to(q, char, city, here) and objective_met(self.content, self.me(view), q)

    def item_value(self, view: Mapping[str, Any], cid: str) -> float:
        item = self.content.item[cid]
        v = 0.0
        for e in item.abilities:
            match e:
                case Weapon():
                    best = max((w.bonus for w in self._weapons_held(view)), default=0)
                    v += max(0, e.bonus - best) * 3 + (1 if e.vs_type else 0)
                case WeaponGems():
                    v += 2
                case FightBonus():
                    v += e.bonus * (3 if e.region is None and e.vs_type is None else 1.2)
                case Boost():
                    v += e.bonus * 0.8
                case FreeMoves():
                    v += 3
                case CollectGems():
                    v += e.n * (2 if item.uses == "2" else 1) - item.cost
                case TurnGems():
                    v += 6
                case CharmFree():
                    v += 1.5
                case Discount():
                    v += 1
        return v

    def _weapons_held(self, view: Mapping[str, Any]) -> list[Weapon]:
        """The weapons of the Inventory and the starting Equipment."""
        me = self.me(view)
        held = [e for it in me["inventory"] for e in self.content.item[it["card"]].abilities]
        held += self.content.paupers[me["pauper"]].equipment.abilities
        return [e for e in held if isinstance(e, Weapon)]

    def shop_value(self, view: Mapping[str, Any], char: str, city: str) -> float:
        me = self.me(view)
        known = view["shops"][city]["known"]
        if not known:
            return 2.0 if me["gems"] >= 6 else 0.0
        best = 0.0
        for c in known:
            v = self.buy_value(view, c, reserve=2, char=char)
            if v is not None:
                best = max(best, v)
        sellable = self.inventory_full(view) or self.progress(view)["generosity"] > 0.7
        if sellable and me["inventory"]:
            best = max(best, 1.0)
        return best

    def inventory_full(self, view: Mapping[str, Any]) -> bool:
        """Whether the Inventory is at its limit (the data's; selling makes room)."""
        return len(self.me(view)["inventory"]) >= int(
            self.content.numbers["inventory_limit"]["value"]
        )

    def price(self, view: Mapping[str, Any], char: str, cid: str, disc: int = 0) -> int:
        """What this character pays for a Shop card, by the rules' own function (a Pauper's
        discounts in force; ``disc``: the skeleton key's roll at this Shop)."""
        abilities = self.abilities(view, "pauper") if char == "pauper" else []
        return shop_price(self.content, abilities, char, cid, disc)

    def buy_value(
        self, view: Mapping[str, Any], cid: str, reserve: int, char: str = "pauper", disc: int = 0
    ) -> float | None:
        """How much buying this card is worth (None: not worth it / not affordable)."""
        me = self.me(view)
        cost = self.price(view, char, cid, disc)
        solo = view.get("solo")
        weapons = {self.scenario_weapon(sc) for sc in self.content.solo["scenarios"]} - {None}
        if solo and cid in weapons:
            want = cid == self.scenario_weapon(solo["scenario"])
            return 100.0 if want and me["gems"] >= cost else None
        if solo and me["gems"] - cost < reserve + 3:
            return None
        if me["gems"] - cost < reserve or self.progress(view)["generosity"] > 0.6:
            return None
        v = self.item_value(view, cid) - cost * 0.35
        if not inventory_fits(
            self.content, self.abilities(view, "pauper"), len(me["inventory"]) + 1
        ):
            v -= 2  # a card would have to go
        return v if v > 0.5 else None

    def recipe_value(self, view: Mapping[str, Any], rid: str) -> float:
        name = self.content.recipe[rid].id
        solo = view.get("solo")
        if solo and solo["scenario"] == "fiery-siege" and name == "teleport":
            return 50
        return RECIPE_VALUE.get(name, 0)
