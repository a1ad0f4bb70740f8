"""The ``greedy`` bot: plays from its seat's view only, pursuing the Virtues it is closest to. What
things are worth is valuation.py's; here, for each decision, the option it chooses."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from tabletop.engine import Action

from .content import CollectGems
from .decisions import ANYTIME_KINDS
from .rules.birds import bird_move_limit
from .rules.fighting import hazard_strength, hazards_at, weapon_costs
from .rules.moving import free_moves
from .rules.virtues import bravery_points, dragon_cards
from .valuation import RECIPE_VALUE, Valuation

BIRD_PREF = ["swift", "owl", "crow", "magpie", "kingfisher", "canary", "partridge", "caparrot"]


class GreedyBot(Valuation):
    kind = "greedy"
    help = "pursues the Virtues it is closest to: fights it can win, buys upgrades, does Quests"

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        # this turn's route for the character acting: ((round, character), Regions still to go)
        self.plan: tuple[Any, list[str]] | None = None

    # ------------------------------------------------------------------ choose
    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        kind = view["prompt"]["kind"]
        if kind not in ("turn", "character"):  # free actions open mid-decision: left for later
            legal = [a for a in legal if a.kind not in ANYTIME_KINDS] or legal
        chooser = CHOOSERS.get(kind)
        if chooser is not None:
            found = chooser(self, view, legal)
            if found is not None and found in legal:
                return found
        return legal[0]

    def on_choose_pauper(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        # the Paupers are balanced to within a few percent: any will do
        return self.rng.choice(legal)

    def on_choose_bird(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return min(legal, key=lambda a: BIRD_PREF.index(a["bird"]))

    def on_draft(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (self.recipe_value(view, a["recipe"]), a["recipe"]))

    def on_recipe_choice(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (self.recipe_value(view, a["recipe"]), a["recipe"]))

    def on_hide(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        frame = view["stack"][-1]
        region = frame["region"]
        if self.must_fight_ok(view, frame["char"], frame["card"], region):
            return Action.of("fight", card=frame["card"])
        return Action.of("hide", card=frame["card"])

    def on_city_reward(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        frame = view["stack"][-1]
        if self.lives(view, frame["char"]) <= 2:
            for a in legal:
                if a["take"] == "lives":
                    return a
        return Action.of("city-reward", take="gems")

    def on_dispensary(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        def val(a: Action) -> float:
            top = view["dispensary"][a["stack"]]["top"]
            return RECIPE_VALUE.get(self.content.recipe[top].id, 0) if top else -1

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
        turn = view["turn_state"]
        start = me["position"] if char == "pauper" else me["bird_position"]
        if char == "bird":
            limit = bird_move_limit(self.abilities(view, "bird"))
            budget = 0
        else:
            # pay for at most 2 extra moves, keeping 2 Gems back; free moves come first
            cost = int(self.content.numbers["extra_move_cost"]["value"])
            limit = 1 + min(2, max(0, (me["gems"] - 2) // cost))
            free = free_moves(self.abilities(view, "pauper")) - int(turn["free_used"])
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
            if path and hazards_at(self.content, view["tiles"], city_hazards, r):
                continue
            for nb in self.content.neighbours[r]:
                if nb in out or not self.may_enter(view, char, nb):
                    continue
                step_cost = 0 if not path or budget > len(path) - 1 else 1
                out[nb] = (cost + step_cost, [*path, nb])
                dq.append(nb)
        return out

    def on_character(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        me = self.me(view)
        turn = view["turn_state"]
        char = turn["char"]
        here = me["position"] if char == "pauper" else me["bird_position"]
        m = self.mode_free(view, legal)
        if m is not None:
            return m
        for a in legal:
            if a.kind == "learn":
                return a
            if (
                a.kind == "use"
                and a["item"] in self.content.item
                and any(isinstance(e, CollectGems) for e in self.content.item[a["item"]].abilities)
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
        fight = view["fight"]
        if fight is None:
            return legal[-1]
        hazard = self.content.region_card[fight["hazard"]]
        need = hazard_strength(self.content, fight)
        frame = view["stack"][-1]
        extra = self.bonus(view, fight["char"], hazard.type, fight["region"], fight["hazard"])
        if fight["strength"] + extra < need <= fight["strength"] + extra + frame["bonus"] + 1:
            return Action.of("pay-ally")
        return Action.of("decline")

    def on_boost(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        fight = view["fight"]
        gap = hazard_strength(self.content, fight) - fight["strength"]
        if gap <= 0:
            return Action.of("resolve")
        if gap <= 2 and Action.of("charm") in legal and fight["charm"] is None:
            return Action.of("charm")
        boosts = [a for a in legal if a.kind == "boost"]
        if boosts and gap <= 5:
            return boosts[0]
        if Action.of("charm") in legal and gap <= 2:
            return Action.of("charm")
        return Action.of("resolve")

    def on_reward(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        prog = self.progress(view)
        frame = view["stack"][-1]
        hazard = self.content.region_card[frame["hazard"]]

        def val(a: Action) -> float:
            k = a["take"]
            if k == "ingredient":
                return 14
            if k == "trophy":
                v = (
                    hazard.strength * (1.05 + 2.0 * prog["bravery"])
                    if prog["bravery"] >= 0
                    else 0.5
                )
                if hazard.type == "dragon" and prog["magnificence"] >= 0:
                    v += 30
                return v
            if k == "gems":
                return (
                    hazard.gems * (1.35 + 2.0 * prog["generosity"])
                    if prog["generosity"] >= 0
                    else hazard.gems * 0.6
                )
            if k == "rarity":
                return 8
            if k == "equipment":
                return 4
            return 0

        return max(legal, key=val)

    def on_event(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        frame = view["stack"][-1]
        card = self.content.region_card[frame["card"]]
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
        frame = view["stack"][-1]
        picks = [a for a in legal if a.kind == "pick"]
        if frame.get("why", "").startswith("sell:"):
            return picks[0]
        if frame["zone"] == "recipes":
            me = self.me(view)
            ing = {r["recipe"]: len(r["ingredients"]) for r in me["recipes"]}
            return max(picks, key=lambda a: ing.get(a["card"], 0))
        if frame["zone"] == "inventory":
            return min(
                picks,
                key=lambda a: (self.item_value(view, a["card"]), self.content.item[a["card"]].cost),
            )
        if frame["zone"] == "trophies":
            return min(picks, key=lambda a: self.content.region_card[a["card"]].strength)
        return picks[0] if picks else legal[-1]

    def on_keep(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        keeps = [a for a in legal if a.kind == "keep"]
        return max(
            keeps,
            key=lambda a: (self.item_value(view, a["card"]), self.content.item[a["card"]].cost),
        )

    def on_shop(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        prog = self.progress(view)
        frame = view["stack"][-1]
        a = self._buy_choice(
            view, legal, reserve=2, char=frame["char"], disc=int(frame["discount"])
        )
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
        frame = view["stack"][-1]
        if frame.get("deck") == "outcome":
            return max(legal, key=lambda a: [self.content.outcome[c].number for c in a["cards"]])
        return legal[0]

    def on_ingredient(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        me = self.me(view)
        n = {r["recipe"]: len(r["ingredients"]) for r in me["recipes"]}
        tucks = [a for a in legal if a.kind == "tuck"]
        return max(tucks, key=lambda a: n.get(a["recipe"], 0)) if tucks else legal[-1]

    def on_quest_reward(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        frame = view["stack"][-1]
        q = self.content.quest[frame["quest"]]
        return max(legal, key=lambda a: self.effects_value(view, q.reward[a["n"]]))

    def on_weapon(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """The strongest weapon; on a tie a lasting one rather than bang bombs (which wear out)."""
        opts = {k: int(v) for k, v in view["stack"][-1]["options"]}

        def lasting(key: str) -> bool:
            return not weapon_costs(self.content, key)

        weapons = [a for a in legal if a.kind == "weapon"]  # never "no-weapon": Strength wins
        if not weapons:
            return legal[0]
        return max(weapons, key=lambda a: (opts.get(a["item"], 0), lasting(a["item"]), a["item"]))

    def on_return_outcomes(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (self.content.outcome[a["card"]].number, a["card"]))

    def on_bravery(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Discard as little Strength as possible, keeping a dragon back while magnificence is
        unlearned: the smallest card that reaches the threshold, else the biggest other card."""
        frame = view["stack"][-1]
        points = bravery_points(self.content)
        total = sum(points[c] for c in frame["chosen"])
        need = self.thresholds(view)["bravery"]
        keep_dragon = "magnificence" not in self.me(view)["virtues"]

        def dragon(a: Action) -> bool:
            return keep_dragon and a["card"] in dragon_cards(self.content)

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


Chooser = Callable[[GreedyBot, Mapping[str, Any], list[Action]], Action | None]
# each decision's chooser (a decision not listed: its first option)
CHOOSERS: dict[str, Chooser] = {
    "choose-pauper": GreedyBot.on_choose_pauper,
    "choose-bird": GreedyBot.on_choose_bird,
    "draft": GreedyBot.on_draft,
    "recipe-choice": GreedyBot.on_recipe_choice,
    "hide": GreedyBot.on_hide,
    "city-reward": GreedyBot.on_city_reward,
    "dispensary": GreedyBot.on_dispensary,
    "first-purchase": GreedyBot.on_first_purchase,
    "turn": GreedyBot.on_turn,
    "character": GreedyBot.on_character,
    "ally": GreedyBot.on_ally,
    "boost": GreedyBot.on_boost,
    "reward": GreedyBot.on_reward,
    "event": GreedyBot.on_event,
    "pick": GreedyBot.on_pick,
    "keep": GreedyBot.on_keep,
    "shop": GreedyBot.on_shop,
    "disaster": GreedyBot.on_disaster,
    "reorder": GreedyBot.on_reorder,
    "ingredient": GreedyBot.on_ingredient,
    "quest-reward": GreedyBot.on_quest_reward,
    "weapon": GreedyBot.on_weapon,
    "return-outcomes": GreedyBot.on_return_outcomes,
    "bravery": GreedyBot.on_bravery,
    "magnificence": GreedyBot.on_magnificence,
    "nest": GreedyBot.on_nest,
    "relocate": GreedyBot.on_relocate,
    "treasure": GreedyBot.on_treasure,
    "make-room": GreedyBot.on_make_room,
    "goto": GreedyBot.on_goto,
}
