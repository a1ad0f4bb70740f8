"""Ingredients, Fragile Ingredients, Learning Recipes, Recipe Limit and 3: Recipe Cards (the
rulebook's sections). A needed ingredient is tucked under a Recipe In Learning; with 2 of its 3
ingredients the Recipe is learned (usable from the Pauper's next turn) and a new Recipe In
Learning is chosen from the Dispensary while the Recipe Book has room; the 5th learned Recipe
teaches knowledge. Fragile ingredients may be discarded before exploring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import trait

from tabletop.engine import Action

from . import hidden
from .base import A, J
from .decisions import Decision, decision

if TYPE_CHECKING:
    from .content import Content
    from .rules import PLState


@trait
class Recipes:
    """Ingredients and learning Recipes."""

    __slots__ = ()

    def _fragile_actions(self: PLState, here: str) -> list[Action]:
        """Fragile Ingredients: a character may discard one in its Region before exploring."""
        acts: list[Action] = []
        for c in self.data["tiles"].get(here, ()):
            card = self.C.region_card[c]
            if card.kind == "ingredient" and card.fragile:
                acts.append(A("discard-fragile", card=c))
        return acts

    def _discard_fragile(self: PLState, seat: int, cid: str) -> None:
        here = self.char_pos(seat, self.data["turn_state"]["char"])
        self._remove_tile(here, cid)
        self.discard_region_card(cid)
        self.log(f"{self.pname(seat)} discards the {self.cname(cid)}.")

    def _ingredient(self: PLState, seat: int, cid: str, region: str | None) -> None:
        ing = self._ingredient_of(cid)
        recipes = self.needs(seat, ing)
        if not recipes:
            self.log(f"{self.pname(seat)} does not need {self.cname(cid)}; it stays.")
            return
        self.push(
            {"t": "ingredient", "seat": seat, "card": cid, "recipes": recipes, "region": region}
        )

    def _ingredient_of(self: PLState, cid: str) -> str:
        return ingredient_of(self.C, cid)

    def needs(self: PLState, seat: int, ing: str) -> list[str]:
        return recipes_needing(self.C, self.P(seat)["recipes"], ing)

    def tuck(self: PLState, seat: int, cid: str, rid: str) -> None:
        p = self.P(seat)
        r = next(x for x in p["recipes"] if x["recipe"] == rid)
        r["ingredients"].append(cid)
        self.log(f"{self.pname(seat)} tucks {self.cname(cid)} under {self.cname(rid)}.")
        if len(r["ingredients"]) >= 2:
            self.learn_recipe(seat, rid)

    def learn_recipe(self: PLState, seat: int, rid: str) -> None:
        p = self.P(seat)
        r = next(x for x in p["recipes"] if x["recipe"] == rid)
        for c in r["ingredients"]:
            self.discard_region_card(c)
        r["ingredients"] = []
        r["learned"] = True
        r["learned_at"] = p["turns"]
        self.log(f"{self.pname(seat)} learns the {self.cname(rid)} Recipe.")
        self._hook_recipe_learned(seat)
        learned = sum(1 for x in p["recipes"] if x["learned"])
        if learned >= int(self.C.numbers["recipe_limit"]["value"]):
            if "knowledge" not in p["virtues"]:  # each Virtue is learned once
                self.learn_virtue(seat, "knowledge")
            return
        if self.data["mode"] == "solo":
            if len(p["recipes"]) < int(self.C.numbers["recipe_limit"]["value"]):
                self._solo_recipe_choice(seat)
            return
        if len(p["recipes"]) < int(self.C.numbers["recipe_limit"]["value"]) and any(
            hidden.dispensary(self)
        ):
            self.push({"t": "dispensary", "seat": seat})


# ---------------------------------------------------------------- which Recipe needs what
def ingredient_of(C: Content, cid: str) -> str:
    """Ingredients: the ingredient a Region card is (or a hazard provides); "" for none."""
    card = C.region_card[cid]
    if card.kind == "ingredient":
        return str(card.ingredient)
    return str((card.provides or {}).get("ingredient", ""))


def recipes_needing(C: Content, recipes: list[J], ing: str) -> list[str]:
    """The Recipes In Learning that still need the ingredient ``ing`` (a state's player's
    ``recipes`` or a view's: the same records)."""
    out = []
    for r in recipes:
        if r["learned"] or ing not in C.recipe[r["recipe"]].ingredients:
            continue
        if any(ingredient_of(C, c) == ing for c in r["ingredients"]):
            continue
        out.append(r["recipe"])
    return out


# ---------------------------------------------------------------- decisions about Recipes
@decision
class Ingredient(Decision):
    """Ingredients: collect a needed ingredient by tucking it under a Recipe In Learning."""

    kind = "ingredient"
    actions = ("tuck",)

    def text(self, s: PLState, f: J) -> str:
        return "Tuck the ingredient under a Recipe In Learning?"

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("tuck", recipe=r) for r in f["recipes"]] + [A("leave")]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        return f"Tuck it under {s.cname(a['recipe'])}{s._progress_words(seat, a['recipe'])}"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        if a.kind == "tuck":
            cid = f["card"]
            if f["region"]:
                s._remove_tile(f["region"], cid)
            s.tuck(seat, cid, a["recipe"])
        else:
            s.log(f"{s.pname(seat)} leaves the {s.cname(f['card'])}.")


@decision
class Dispensary(Decision):
    """Learning Recipes: choose a new Recipe In Learning from the Dispensary's visible cards."""

    kind = "dispensary"
    actions = ("take",)

    def text(self, s: PLState, f: J) -> str:
        return "Choose a new Recipe In Learning from the Dispensary."

    def legal(self, s: PLState, f: J) -> list[Action]:
        return [A("take", stack=i) for i, st in enumerate(hidden.dispensary(s)) if st]

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        stack = hidden.dispensary(s)[a["stack"]]
        if not stack:
            return "Take"
        return f"Take {s.cname(stack[-1])} from the Dispensary (stack {a['stack'] + 1})"

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        card = hidden.take_from_dispensary(s, a["stack"])
        s.P(seat)["recipes"].append(
            {"recipe": card, "ingredients": [], "learned": False, "learned_at": 0}
        )
        s.log(f"{s.pname(seat)} takes {s.cname(card)} from the Dispensary.")
