"""Ingredients, Fragile Ingredients, Learning Recipes, Recipe Limit and 3: Recipe Cards (the
rulebook's sections). A needed ingredient is tucked under a Recipe In Learning; with 2 of its 3
ingredients the Recipe is learned (usable from the Pauper's next turn) and a new Recipe In
Learning is chosen from the Dispensary while the Recipe Book has room; the 5th learned Recipe
teaches knowledge. Fragile ingredients may be discarded before exploring."""

from __future__ import annotations

from typing import Any

from tabletop.engine import Action
from tabletop.engine.actions import action_of

from .. import hidden
from ..content import Content
from ..state import PLState
from . import decks, solo, virtues


def fragile_actions(state: PLState, here: str) -> list[Action]:
    """Fragile Ingredients: a character may discard one in its Region before exploring."""
    out: list[Action] = []
    for c in state.data["tiles"].get(here, ()):
        card = state.content.region_card[c]
        if card.kind == "ingredient" and card.fragile:
            out.append(action_of("discard-fragile", card=c))
    return out


def discard_fragile(state: PLState, seat: int, cid: str) -> None:
    here = state.position(seat, state.data["turn_state"]["char"])
    decks.remove_tile(state, here, cid)
    decks.discard_region_card(state, cid)
    state.log(f"{state.seat_name(seat)} discards the {state.card_name(cid)}.")


def meet_ingredient(state: PLState, seat: int, cid: str, region: str | None) -> None:
    """Ingredients: an ingredient a Recipe In Learning needs may be tucked under it."""
    recipes = needs(state, seat, ingredient_of(state.content, cid))
    if not recipes:
        state.log(f"{state.seat_name(seat)} does not need {state.card_name(cid)}; it stays.")
        return
    state.push(
        {"kind": "ingredient", "seat": seat, "card": cid, "recipes": recipes, "region": region}
    )


def needs(state: PLState, seat: int, ingredient: str) -> list[str]:
    return recipes_needing(state.content, state.player(seat)["recipes"], ingredient)


def tuck(state: PLState, seat: int, cid: str, rid: str) -> None:
    """An ingredient under a Recipe In Learning; the second one teaches the Recipe."""
    player = state.player(seat)
    record = next(x for x in player["recipes"] if x["recipe"] == rid)
    record["ingredients"].append(cid)
    state.log(f"{state.seat_name(seat)} tucks {state.card_name(cid)} under {state.card_name(rid)}.")
    if len(record["ingredients"]) >= 2:
        learn_recipe(state, seat, rid)


def learn_recipe(state: PLState, seat: int, rid: str) -> None:
    """Learning Recipes: the ingredients are discarded; the Recipe is usable from the next turn;
    the 5th teaches knowledge; a new Recipe In Learning comes while the Book has room."""
    player = state.player(seat)
    record = next(x for x in player["recipes"] if x["recipe"] == rid)
    for c in record["ingredients"]:
        decks.discard_region_card(state, c)
    record["ingredients"] = []
    record["learned"] = True
    record["learned_at"] = player["turns"]
    state.log(f"{state.seat_name(seat)} learns the {state.card_name(rid)} Recipe.")
    solo.earn_time_for(state, "recipe")
    learned = sum(1 for x in player["recipes"] if x["learned"])
    limit = state.content.number["recipe_limit"]
    if learned >= limit:
        if "knowledge" not in player["virtues"]:  # each Virtue is learned once
            virtues.learn_virtue(state, seat, "knowledge")
        return
    if state.data["mode"] == "solo":
        if len(player["recipes"]) < limit:
            solo.recipe_choice(state, seat)
        return
    if len(player["recipes"]) < limit and any(hidden.dispensary(state)):
        state.push({"kind": "dispensary", "seat": seat})


def take_from_dispensary(state: PLState, seat: int, stack: int) -> None:
    """Learning Recipes: a new Recipe In Learning from one of the Dispensary's face-up tops."""
    card = hidden.take_from_dispensary(state, stack)
    state.player(seat)["recipes"].append(
        {"recipe": card, "ingredients": [], "learned": False, "learned_at": 0}
    )
    state.log(f"{state.seat_name(seat)} takes {state.card_name(card)} from the Dispensary.")


def progress_words(state: PLState, seat: int, recipe: str) -> str:
    """What a Recipe In Learning has gathered, for the words of an option about it."""
    for r in state.player(seat)["recipes"]:
        if r["recipe"] == recipe and not r["learned"]:
            have = ", ".join(state.card_name(c) for c in r["ingredients"])
            return f" (has {have})" if have else " (no ingredient yet)"
    return ""


# ---------------------------------------------------------------- which Recipe needs what
def ingredient_of(content: Content, cid: str) -> str:
    """Ingredients: the ingredient a Region card is (or a hazard provides); "" for none."""
    card = content.region_card[cid]
    if card.kind == "ingredient":
        return str(card.ingredient)
    return str((card.provides or {}).get("ingredient", ""))


def recipes_needing(content: Content, recipes: list[Any], ingredient: str) -> list[str]:
    """The Recipes In Learning that still need ``ingredient`` (a state's player's ``recipes`` or
    a view's: the same records)."""
    out = []
    for r in recipes:
        if r["learned"] or ingredient not in content.recipe[r["recipe"]].ingredients:
            continue
        if any(ingredient_of(content, c) == ingredient for c in r["ingredients"]):
            continue
        out.append(r["recipe"])
    return out
