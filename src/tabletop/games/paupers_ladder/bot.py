"""The ``greedy`` bot: plays from its seat's view only, pursuing the Virtues it is closest to."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine import Action
from tabletop.engine.bots import Bot
from tabletop.engine.effects import Effect

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
from .decisions import ANYTIME_KINDS
from .rules.birds import bird_move_limit
from .rules.cities import shop_price
from .rules.equipment import inventory_fits
from .rules.fighting import (
    ability_bonus,
    hazard_strength,
    hazards_at,
    may_fight,
    weapon_bonuses,
    weapon_costs,
)
from .rules.moving import free_moves
from .rules.quests import objective_met, open_to
from .rules.recipes import ingredient_of, recipes_needing
from .rules.scenarios import SCENARIOS
from .rules.survival import may_heal
from .rules.virtues import bravery_points, dragon_cards, virtue_thresholds
from .state import abilities_of, ability_sources

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
BIRD_PREF = ["swift", "owl", "crow", "magpie", "kingfisher", "canary", "partridge", "caparrot"]


class GreedyBot(Bot):
    kind = "greedy"
    help = "pursues the Virtues it is closest to: fights it can win, buys upgrades, does Quests"

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.C: Content = content()
        self.plan: tuple[Any, list[str]] | None = None

    # ------------------------------------------------------------------ helpers
    def me(self, view: Mapping[str, Any]) -> dict[str, Any]:
        return view["players"][self.seat]  # type: ignore[no-any-return]

    def thresholds(self, view: Mapping[str, Any]) -> dict[str, int]:
        """Each Virtue's threshold in this game, as the rules set it (in solo, from the side of
        the Pauper's card)."""
        solo_pauper = self.me(view)["pauper"] if view.get("solo") else None
        return virtue_thresholds(self.C, len(view["players"]), solo_pauper)

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

    def must_fight_ok(self, view: Mapping[str, Any], char: str, hz: str, region: str) -> bool:
        return self.p_win(view, char, hz, region) >= (0.97 if self.lives(view, char) <= 1 else 0.5)

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
                opp = str(self.C.solo["diagonal"].get(home, home))
                if me["gems"] >= 8:
                    goals[opp] = 30.0
            for city, hz in solo["city_hazards"].items():
                if self.p_win(view, char, hz, city) >= 0.5:
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
                    if not r["learned"] and self.C.recipe[r["recipe"]].id == "teleport":
                        have = {self.ing_of(c) for c in r["ingredients"]}
                        for ing in self.C.recipe[r["recipe"]].ingredients:
                            if ing in have:
                                continue
                            rt = self.C.ingredients[ing].region
                            for reg in self.C.wild_regions[rt]:
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
        data = self.C.solo["scenarios"][scenario]
        key = next((k for k in data if k.endswith("_weapon")), None)
        return f"rar.{data[key]}" if key else None

    def forced_weapon(self, view: Mapping[str, Any], hz: str) -> str | None:
        """The one weapon the scenario lets this hazard be fought with (None: any), by the
        scenario's own rule on the view's public solo record."""
        solo = view.get("solo")
        if not solo:
            return None
        return SCENARIOS[solo["scenario"]].forced_weapon(self.C, solo, hz)

    def unfightable(self, view: Mapping[str, Any], char: str, hz: str) -> bool:
        forced = self.forced_weapon(view, hz)
        return not may_fight(forced, char, self.me(view)["inventory"])

    def may_enter(self, view: Mapping[str, Any], char: str, region: str) -> bool:
        """Whether the scenario lets this character enter ``region`` (its own rule, on the
        view's public solo record and tiles)."""
        solo = view.get("solo")
        if not solo:
            return True
        inventory = self.me(view)["inventory"]
        return SCENARIOS[solo["scenario"]].may_enter(
            self.C, solo, view["tiles"], inventory, char, region
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

    def dist(self, a: str, b: str) -> int:
        key = (a, b)
        cache = self.__dict__.setdefault("_dist", {})
        if key not in cache:
            seen = {a: 0}
            dq = deque([a])
            while dq:
                r = dq.popleft()
                for nb in self.C.neighbours[r]:
                    if nb not in seen:
                        seen[nb] = seen[r] + 1
                        dq.append(nb)
            for r, n in seen.items():
                cache[(a, r)] = n
        return int(cache.get(key, 9))

    def progress(self, view: Mapping[str, Any]) -> dict[str, float]:
        me = self.me(view)
        t = self.thresholds(view)
        points = bravery_points(self.C)
        num = self.C.numbers  # the 5th Recipe learned teaches knowledge, 3 Quests fellowship
        learned = sum(1 for r in me["recipes"] if r["learned"])
        ings = sum(len(r["ingredients"]) for r in me["recipes"] if not r["learned"])
        troph = sum(points[c] for c in me["trophies"])
        out = {
            "generosity": me["gems"] / t["generosity"],
            "bravery": troph / t["bravery"],
            "knowledge": (learned + 0.4 * ings) / int(num["recipe_limit"]["value"]),
            "fellowship": len(me["journal"]) / int(num["fellowship_quests"]["value"]),
            "magnificence": 0.5 if any(c in dragon_cards(self.C) for c in me["trophies"]) else 0.0,
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
            self.C,
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
        hz: str | None = None,
    ) -> int:
        """The Strength bonus this character fights with, worked out by the rules' own functions
        from the view: its ability bonuses plus its best weapon (the seat acts in its own turn,
        so the Recipes usable now are those learned before this round); against the hazard
        ``hz``, only the weapon its scenario allows."""
        me = self.me(view)
        abilities = self.abilities(view, char)
        total = ability_bonus(self.C, abilities, region, htype)
        if char == "pauper":
            forced = self.forced_weapon(view, hz) if hz else None
            weapons = weapon_bonuses(self.C, abilities, me["inventory"], htype, forced)
            total += max((v for _, v in weapons), default=0)
        return total

    def p_win(self, view: Mapping[str, Any], char: str, hz: str, region: str) -> float:
        card = self.C.region_card[hz]
        need = card.strength - self.bonus(view, char, card.type, region, hz)
        me = self.me(view)
        nums = [
            self.C.outcome[c].number
            for c in self.C.outcome_lists[self.C.paupers[me["pauper"]].colour]
        ]
        for c in me["outcome_discard"]:
            if self.C.outcome[c].number in nums:
                nums.remove(self.C.outcome[c].number)
        if not nums:
            nums = [4]
        charm = 1 if me["gems"] >= 2 else 0
        wins = sum(1 for n in nums if n + charm + 0.6 >= need)
        return wins / len(nums)

    def hazard_value(self, view: Mapping[str, Any], hz: str) -> float:
        card = self.C.region_card[hz]
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
        return bool(recipes_needing(self.C, self.me(view)["recipes"], ing))

    def ing_of(self, cid: str) -> str:
        return ingredient_of(self.C, cid)

    def card_value(self, view: Mapping[str, Any], char: str, cid: str, region: str) -> float:
        card = self.C.region_card[cid]
        me = self.me(view)
        if card.kind == "hazard":
            p = self.p_win(view, char, cid, region)
            solo = view.get("solo")
            if solo and (cid == solo.get("necromancer") or cid in solo.get("siege", [])):
                return p * 40 - (1 - p) * self.life_cost(view, char)
            if solo and self.lives(view, char) <= 1 and p < 0.97:
                return -50.0
            return p * self.hazard_value(view, cid) - (1 - p) * self.life_cost(view, char)
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
        C = self.C
        reg = C.regions[region]
        me = self.me(view)
        solo = view.get("solo")
        if solo and solo["city_hazards"].get(region):
            return self.card_value(view, char, solo["city_hazards"][region], region) + 8
        if reg.type == "city":
            best = 0.0
            lv = self.lives(view, char)
            mode = view.get("mode", "standard")
            if me.get("lives") and may_heal(
                self.C, mode, me, me["max_lives"], char, view["turn_state"] or {}
            ):
                best = max(best, 4.0 + 10.0 / max(1, lv))
            for city in CITIES:
                qid = view["quests"].get(city)
                if qid and self.quest_ok(view, char, qid, city, region):
                    best = max(best, 11.0)
            best = max(best, self.shop_value(view, char, region))  # Birds shop too
            return best
        tiles = view["tiles"][region]
        hz = [c for c in tiles if C.region_card[c].kind == "hazard"]
        if solo and region in solo["facedown"] and not hz:
            return 8.0 if char == "pauper" else 1.0
        if hz:
            if solo and all(self.unfightable(view, char, h) for h in hz):
                return -5.0
            return max(self.card_value(view, char, h, region) for h in hz)
        vals = [self.card_value(view, char, c, region) for c in tiles]
        deck = view["decks"][reg.type]
        if len(tiles) < reg.tiles and (deck["count"] > 0 or deck["discard"]):
            vals.append(3.0 if me["gems"] >= 1 or char == "bird" else 2.0)
        return max(vals) if vals else 0.0

    def quest_ok(self, view: Mapping[str, Any], char: str, qid: str, city: str, here: str) -> bool:
        q = self.C.quest[qid]
        return open_to(q, char, city, here) and objective_met(self.C, self.me(view), q)

    def item_value(self, view: Mapping[str, Any], cid: str) -> float:
        item = self.C.item[cid]
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
        held = [e for it in me["inventory"] for e in self.C.item[it["card"]].abilities]
        held += self.C.paupers[me["pauper"]].equipment.abilities
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
        return len(self.me(view)["inventory"]) >= int(self.C.numbers["inventory_limit"]["value"])

    def price(self, view: Mapping[str, Any], char: str, cid: str, disc: int = 0) -> int:
        """What this character pays for a Shop card, by the rules' own function (a Pauper's
        discounts in force; ``disc``: the skeleton key's roll at this Shop)."""
        abilities = self.abilities(view, "pauper") if char == "pauper" else []
        return shop_price(self.C, abilities, char, cid, disc)

    def buy_value(
        self, view: Mapping[str, Any], cid: str, reserve: int, char: str = "pauper", disc: int = 0
    ) -> float | None:
        """How much buying this card is worth (None: not worth it / not affordable)."""
        me = self.me(view)
        cost = self.price(view, char, cid, disc)
        solo = view.get("solo")
        weapons = {self.scenario_weapon(sc) for sc in self.C.solo["scenarios"]} - {None}
        if solo and cid in weapons:
            want = cid == self.scenario_weapon(solo["scenario"])
            return 100.0 if want and me["gems"] >= cost else None
        if solo and me["gems"] - cost < reserve + 3:
            return None
        if me["gems"] - cost < reserve or self.progress(view)["generosity"] > 0.6:
            return None
        v = self.item_value(view, cid) - cost * 0.35
        if not inventory_fits(self.C, self.abilities(view, "pauper"), len(me["inventory"]) + 1):
            v -= 2  # a card would have to go
        return v if v > 0.5 else None

    # ------------------------------------------------------------------ choose
    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        kind = view["prompt"]["kind"]
        if kind not in ("turn", "character"):  # free actions open mid-decision: left for later
            legal = [a for a in legal if a.kind not in ANYTIME_KINDS] or legal
        fn = getattr(self, "on_" + kind.replace("-", "_"), None)
        if fn is not None:
            a = fn(view, legal)
            if a is not None and a in legal:
                return a  # type: ignore[no-any-return]
        return legal[0]

    def on_choose_pauper(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        # the Paupers are balanced to within a few percent: any will do
        return self.rng.choice(legal)

    def on_choose_bird(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return min(legal, key=lambda a: BIRD_PREF.index(a["bird"]))

    def on_draft(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (self.recipe_value(view, a["recipe"]), a["recipe"]))

    def recipe_value(self, view: Mapping[str, Any], rid: str) -> float:
        name = self.C.recipe[rid].id
        solo = view.get("solo")
        if solo and solo["scenario"] == "fiery-siege" and name == "teleport":
            return 50
        return RECIPE_VALUE.get(name, 0)

    def on_recipe_choice(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (self.recipe_value(view, a["recipe"]), a["recipe"]))

    def on_hide(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        fr = view["stack"][-1]
        region = fr["region"]
        if self.must_fight_ok(view, fr["char"], fr["card"], region):
            return Action.of("fight", card=fr["card"])
        return Action.of("hide", card=fr["card"])

    def on_city_reward(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        fr = view["stack"][-1]
        if self.lives(view, fr["char"]) <= 2:
            for a in legal:
                if a["take"] == "lives":
                    return a
        return Action.of("city-reward", take="gems")

    def on_dispensary(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        def val(a: Action) -> float:
            top = view["dispensary"][a["stack"]]["top"]
            return RECIPE_VALUE.get(self.C.recipe[top].id, 0) if top else -1

        return max(legal, key=val)

    def on_first_purchase(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return self._buy_choice(view, legal, reserve=1) or Action.of("pass")

    def _buy_choice(
        self,
        view: Mapping[str, Any],
        legal: list[Action],
        reserve: int,
        char: str = "pauper",
        disc: int = 0,
    ) -> Action | None:
        best, bv = None, 0.0
        for a in legal:
            if a.kind != "buy":
                continue
            v = self.buy_value(view, a["card"], reserve, char, disc)
            if v is not None and v > bv:
                best, bv = a, v
        return best

    def mode_free(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        me = self.me(view)
        for a in legal:
            if a.kind == "potion" and self.lives(view, a["char"]) <= 2:
                return a
        solo = view.get("solo")
        if solo and Action.of("buy-time") in legal:
            saving = solo["scenario"] != "garoliums-tournament" and me["gems"] < 11
            if solo["time"] <= 2 or (solo["time"] <= 5 and not saving):
                return Action.of("buy-time")
        return None

    def on_turn(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        me = self.me(view)
        for a in legal:
            if a.kind == "learn":
                return a
        m = self.mode_free(view, legal)
        if m is not None:
            return m
        for a in legal:
            if a.kind == "train":
                prog = self.progress(view)
                if (
                    me["gems"] >= 7
                    and prog["generosity"] < 0.5
                    and me["bird"]
                    in ("swift", "owl", "crow", "magpie", "kingfisher", "canary", "partridge")
                ):
                    return a
        for want in ("pauper", "bird"):
            a = Action.of("act", char=want)
            if a in legal:
                self.plan = None
                return a
        return legal[-1]

    def _reach(self, view: Mapping[str, Any], char: str) -> dict[str, tuple[int, list[str]]]:
        me = self.me(view)
        ts = view["turn_state"]
        start = me["position"] if char == "pauper" else me["bird_position"]
        if char == "bird":
            limit = bird_move_limit(self.abilities(view, "bird"))
            budget = 0
        else:
            # pay for at most 2 extra moves, keeping 2 Gems back; free moves come first
            cost = int(self.C.numbers["extra_move_cost"]["value"])
            limit = 1 + min(2, max(0, (me["gems"] - 2) // cost))
            free = free_moves(self.abilities(view, "pauper")) - int(ts["free_used"])
            limit += free
            budget = free
        city_hazards = (view.get("solo") or {}).get("city_hazards", {})
        out: dict[str, tuple[int, list[str]]] = {start: (0, [])}
        dq = deque([start])
        while dq:
            r = dq.popleft()
            cost, path = out[r]
            if len(path) >= limit:
                continue
            if path and hazards_at(self.C, view["tiles"], city_hazards, r):
                continue
            for nb in self.C.neighbours[r]:
                if nb in out or not self.may_enter(view, char, nb):
                    continue
                step_cost = 0 if not path or budget > len(path) - 1 else 1
                out[nb] = (cost + step_cost, [*path, nb])
                dq.append(nb)
        return out

    def on_character(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        me = self.me(view)
        ts = view["turn_state"]
        char = ts["char"]
        here = me["position"] if char == "pauper" else me["bird_position"]
        m = self.mode_free(view, legal)
        if m is not None:
            return m
        for a in legal:
            if a.kind == "learn":
                return a
            if (
                a.kind == "use"
                and a["item"] in self.C.item
                and any(isinstance(e, CollectGems) for e in self.C.item[a["item"]].abilities)
            ):
                return a
        if self.plan is None or self.plan[0] != (view["round"], char):
            reach = self._reach(view, char)
            best, bv = here, self.region_value(view, char, here) + self.goal_pull(view, char, here)
            for r, (cost, path) in reach.items():
                v = (
                    self.region_value(view, char, r)
                    + self.goal_pull(view, char, r)
                    - cost * 1.2
                    - len(path) * 0.1
                )
                if v > bv + 0.01:
                    best, bv = r, v
            path = reach[best][1] if best != here else []
            self.plan = ((view["round"], char), list(path))
        path = self.plan[1]
        goals = self.solo_goals(view, char)
        for a in legal:
            if (
                a.kind in ("teleport", "swim")
                and a["to"] in goals
                and not path
                and goals[a["to"]] >= 25
                and here not in goals
            ):
                return a
        path = self.plan[1]
        if path:
            step = Action.of("move", to=path[0])
            if step in legal:
                path.pop(0)
                return step
            self.plan = ((view["round"], char), [])
        return self._explore(view, legal, char, here)

    def _explore(
        self, view: Mapping[str, Any], legal: list[Action], char: str, here: str
    ) -> Action:
        best, bv = None, -99.0
        for a in legal:
            if a.kind == "fight" or a.kind == "encounter":
                v = self.card_value(view, char, a["card"], here)
                if a.kind == "fight" and view.get("solo"):
                    v = max(v, -40.0)
            elif a.kind == "draw":
                v = 2.5
            elif a.kind == "quest":
                v = 11
            elif a.kind == "shop":
                v = self.shop_value(view, char, here) + 0.5
            elif a.kind == "transmute":
                v = 1.5 if not self.needs(view, self.ing_of(a["card"])) else -1
            elif a.kind == "pass":
                v = 0
            elif a.kind == "heal":
                lv = self.lives(view, char)
                v = 6.0 + 20.0 / max(1, lv)
            elif a.kind == "hide":
                v = 1.0 if not self.must_fight_ok(view, char, a["card"], here) else -5
            elif a.kind == "withdraw":
                v = 0.5
            elif a.kind == "reveal":
                v = 5
            else:
                continue
            if v > bv:
                best, bv = a, v
        if best is None:
            moves = [a for a in legal if a.kind == "move"]
            return moves[0] if moves else legal[-1]
        return best

    def on_ally(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        f = view["fight"]
        if f is None:
            return legal[-1]
        hz = self.C.region_card[f["hazard"]]
        need = hazard_strength(self.C, f)
        fr = view["stack"][-1]
        extra = self.bonus(view, f["char"], hz.type, f["region"], f["hazard"])
        if f["strength"] + extra < need <= f["strength"] + extra + fr["bonus"] + 1:
            return Action.of("pay-ally")
        return Action.of("decline")

    def on_boost(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        f = view["fight"]
        gap = hazard_strength(self.C, f) - f["strength"]
        if gap <= 0:
            return Action.of("resolve")
        if gap <= 2 and Action.of("charm") in legal and f["charm"] is None:
            return Action.of("charm")
        boosts = [a for a in legal if a.kind == "boost"]
        if boosts and gap <= 5:
            return boosts[0]
        if Action.of("charm") in legal and gap <= 2:
            return Action.of("charm")
        return Action.of("resolve")

    def on_reward(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        prog = self.progress(view)
        fr = view["stack"][-1]
        hz = self.C.region_card[fr["hazard"]]

        def val(a: Action) -> float:
            k = a["take"]
            if k == "ingredient":
                return 14
            if k == "trophy":
                v = hz.strength * (1.05 + 2.0 * prog["bravery"]) if prog["bravery"] >= 0 else 0.5
                if hz.type == "dragon" and prog["magnificence"] >= 0:
                    v += 30
                return v
            if k == "gems":
                return (
                    hz.gems * (1.35 + 2.0 * prog["generosity"])
                    if prog["generosity"] >= 0
                    else hz.gems * 0.6
                )
            if k == "rarity":
                return 8
            if k == "equipment":
                return 4
            return 0

        return max(legal, key=val)

    def on_event(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        fr = view["stack"][-1]
        card = self.C.region_card[fr["card"]]
        best, bv = Action.of("decline"), 0.0
        for a in legal:
            if a.kind == "rest":
                return a
            if a.kind == "option":
                v = self.effects_value(view, card.options[a["n"]].effects)
                if v > bv:
                    best, bv = a, v
        if best not in legal:
            best = legal[0]
        return best

    def on_pick(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        fr = view["stack"][-1]
        picks = [a for a in legal if a.kind == "pick"]
        if fr.get("why", "").startswith("sell:"):
            return picks[0]
        if fr["zone"] == "rec":
            me = self.me(view)
            ing = {r["recipe"]: len(r["ingredients"]) for r in me["recipes"]}
            return max(picks, key=lambda a: ing.get(a["card"], 0))
        if fr["zone"] == "inv":
            return min(
                picks, key=lambda a: (self.item_value(view, a["card"]), self.C.item[a["card"]].cost)
            )
        if fr["zone"] == "troph":
            return min(picks, key=lambda a: self.C.region_card[a["card"]].strength)
        return picks[0] if picks else legal[-1]

    def on_keep(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        keeps = [a for a in legal if a.kind == "keep"]
        return max(
            keeps, key=lambda a: (self.item_value(view, a["card"]), self.C.item[a["card"]].cost)
        )

    def on_shop(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        prog = self.progress(view)
        fr = view["stack"][-1]
        a = self._buy_choice(view, legal, reserve=2, char=fr["char"], disc=int(fr["disc"]))
        if a is not None:
            return a
        sells = [x for x in legal if x.kind == "sell"]
        if sells and (prog["generosity"] > 0.7 or self.inventory_full(view)):
            return min(sells, key=lambda x: self.item_value(view, x["item"]))
        return Action.of("leave")

    def on_disaster(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if Action.of("done") in legal:
            return Action.of("done")
        return legal[0]

    def on_reorder(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        fr = view["stack"][-1]
        if fr.get("deck") == "outcome":
            return max(legal, key=lambda a: [self.C.outcome[c].number for c in a["cards"]])
        return legal[0]

    def on_ingredient(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        me = self.me(view)
        n = {r["recipe"]: len(r["ingredients"]) for r in me["recipes"]}
        tucks = [a for a in legal if a.kind == "tuck"]
        return max(tucks, key=lambda a: n.get(a["recipe"], 0)) if tucks else legal[-1]

    def on_quest_reward(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        fr = view["stack"][-1]
        q = self.C.quest[fr["quest"]]
        return max(legal, key=lambda a: self.effects_value(view, q.reward[a["n"]]))

    def on_weapon(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """The strongest weapon; on a tie a lasting one rather than bang bombs (which wear out)."""
        opts = {k: int(v) for k, v in view["stack"][-1]["options"]}

        def lasting(key: str) -> bool:
            return not weapon_costs(self.C, key)

        weapons = [a for a in legal if a.kind == "weapon"]  # never "no-weapon": Strength wins
        if not weapons:
            return legal[0]
        return max(weapons, key=lambda a: (opts.get(a["item"], 0), lasting(a["item"]), a["item"]))

    def on_return_outcomes(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (self.C.outcome[a["card"]].number, a["card"]))

    def on_bravery(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Discard as little Strength as possible, keeping a dragon back while magnificence is
        unlearned: the smallest card that reaches the threshold, else the biggest other card."""
        fr = view["stack"][-1]
        points = bravery_points(self.C)
        total = sum(points[c] for c in fr["chosen"])
        need = self.thresholds(view)["bravery"]
        keep_dragon = "magnificence" not in self.me(view)["virtues"]

        def dragon(a: Action) -> bool:
            return keep_dragon and a["card"] in dragon_cards(self.C)

        cards = [a for a in legal if a.kind == "trophy"]  # never backs out
        if not cards:
            return legal[0]
        fit = [a for a in cards if total + points[a["card"]] >= need]
        if fit:
            return min(fit, key=lambda a: (dragon(a), points[a["card"]], a["card"]))
        return min(cards, key=lambda a: (dragon(a), -points[a["card"]], a["card"]))

    def on_magnificence(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """The first dragon in the Trophy Room, as the engine once discarded."""
        return legal[0]

    def on_nest(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Equally near Cities: the first in the old fixed order (Bluevale, Blacksand, Greyhaven,
        Lilacsville), as the engine once decided."""
        return legal[0]

    def on_relocate(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Send the hazard as far from this player's characters as the Beaches allow."""
        me = self.me(view)
        return max(
            legal,
            key=lambda a: (
                min(
                    self.dist(me["position"], a["region"]),
                    self.dist(me["bird_position"], a["region"]),
                ),
                a["region"],
            ),
        )

    def on_treasure(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """A Quest (toward fellowship) and an Equipment card are worth the wreck's Gems unless
        fellowship is learned and generosity is what this Pauper is after."""
        prog = self.progress(view)
        if prog["fellowship"] < 0 and prog["generosity"] >= 0:
            return Action.of("keep-gems")
        return Action.of("hand-over")

    def on_make_room(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Give up the Recipe worth least: fewest ingredients gathered, then the lowest value."""
        rec = {r["recipe"]: r for r in self.me(view)["recipes"]}
        return min(
            legal,
            key=lambda a: (
                len(rec[a["recipe"]]["ingredients"]) if a["recipe"] in rec else 0,
                self.recipe_value(view, a["recipe"]),
                a["recipe"],
            ),
        )

    def on_goto(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        char = view["stack"][-1].get("char", "pauper")
        return max(
            legal,
            key=lambda a: (
                self.region_value(view, char, a["city"]) + self.goal_pull(view, char, a["city"])
            ),
        )
