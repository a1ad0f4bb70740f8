"""The cards' texts in our words: one phrase per effect of each family, and the whole text of a
Region card, an Equipment card, a Recipe, a Quest's reward. The one effect-to-words table: the
decisions' words, the terminal, the web page and the presentation's card faces all use it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tabletop.engine.effects import Effect

from . import content as cards
from .content import Content

_REGION_WORDS = {"coastal": "in coastal Regions", "city-adjacent": "next to a City"}
USES = {"1": "one use", "2": "two uses", "unlimited": "unlimited uses", "weapon": "weapon"}


def _where(vs_type: str | None, region: str | None) -> str:
    parts = []
    if vs_type:
        parts.append(f"against {vs_type}")
    if region:
        parts.append(_REGION_WORDS.get(region, f"in {region.capitalize()} Regions"))
    return (" " + " ".join(parts)) if parts else ""


def ability_text(e: Effect) -> str:
    """A short phrase for one static ability (an ally's help or an ONGOING rule: effect_words)."""
    match e:
        case cards.Weapon():
            more = f" (+{e.vs_bonus} more against {e.vs_type})" if e.vs_type else ""
            return f"weapon +{e.bonus}{more}"
        case cards.WeaponGems():
            return "weapon: + the Gems on it, then remove 1"
        case cards.FightBonus():
            return f"+{e.bonus} Strength{_where(e.vs_type, e.region)}"
        case cards.Boost():
            return f"+{e.bonus} Strength in one fight{_where(e.vs_type, None)}"
        case cards.PeekOutcome():
            return f"peek at and reorder the top {e.n} Outcome cards"
        case cards.PeekRegion():
            after = " before moving" if e.before_move else ", then reorder them"
            return f"peek at the top {e.n} card(s) of a Region deck{after}"
        case cards.Recall():
            return f"explore one of the top {e.n} discards instead of drawing"
        case cards.FreeMoves():
            return f"{e.n} free extra move(s) a turn"
        case cards.CollectGems():
            return f"collect {e.n} Gems"
        case cards.Transmute():
            return f"instead of exploring, discard an ingredient here for {e.gems} Gems"
        case cards.DefeatGems():
            return f"+{e.n} Gems for each victory"
        case cards.TurnGems():
            below = f" when you hold fewer than {e.below}" if e.below else ""
            return f"+{e.n} Gem(s) at the start of your turn{below}"
        case cards.Discount():
            return f"buying costs {e.n} less" + (f" ({e.tag}s)" if e.tag else "")
        case cards.BirdMoves():
            return f"moves up to {e.n} Regions"
        case cards.IdleGems():
            return f"+{e.n} Gem if it neither moved nor fought"
        case cards.SellBonus():
            return f"+{e.n} Gems when it sells"
    return _FLAGS.get(type(e), e.effect)


_FLAGS: dict[type[Effect], str] = {
    cards.CharmFree: "the lucky charm costs no Gem",
    cards.TeleportCity: "instead of moving, go to any City",
    cards.Swim: "from a Beach, move straight to any coastal Region",
    cards.DiscountRoll: "roll the lucky charm in a Shop: its number comes off a price",
    cards.UnlimitedInventory: "no Inventory limit",
}


def abilities_text(effects: Iterable[Effect]) -> str:
    return "; ".join(ability_text(e) for e in effects)


# the effects whose words are one phrase, with their ``n`` where they have one
_PLAIN: dict[str, str] = {
    "gain": "collect {n} Gems",
    "lose": "lose {n} Gems",
    "pay": "pay {n} Gems",
    "draw-rarity": "draw 1 Rarity",
    "shop-take": "take a card from a Shop",
    "take-tucked": "take the card tucked here",
    "take-gems-here": "take the Gems on this card",
    "market": "use the market",
    "miss-turn": "miss your next turn",
    "learn-recipe": "learn a Recipe In Learning at once",
    "return-outcomes": "shuffle {n} discarded Outcome cards back",
    "rescue": "rescue the villager",
    "shipwreck": "search the shipwreck",
    "leave": "leave this Region",
    "send-home": "go back to your home City",
    "discard-equipment": "discard {n} Equipment",
    "discard-ingredient": "discard {n} ingredient(s)",
    "clear-region": "clear this Region",
    "no-allies": "no allies may help",
    "place-gems": "place {n} Gems here",
    "tuck-equipment": "tuck {n} Equipment under this card",
    "toll": "pay a toll of {n} Gem(s) to explore here",
    "travel-to-city": "travel to a City of your choice",
}


def effect_words(e: Effect) -> str:
    """One effect of any card, of any family, in plain words."""
    if e.effect in _PLAIN:
        return _PLAIN[e.effect].format(n=getattr(e, "n", None))
    match e:
        case cards.DrawEquipment():
            return f"draw {e.n} Equipment, keep {e.keep}"
        case cards.Smith():
            return f"a smith adds +{e.bonus} to a weapon"
        case cards.SellTrophy():
            return f"sell a {e.hazard} trophy for {e.gems} Gems"
        case cards.Disaster():
            return f"discard all cards from {_capital(e.region)} Regions"
        case cards.MoveHazard():
            return f"the hazard moves to another {_capital(e.region)} Region"
        case cards.DiscardTrophy():
            return f"discard a {e.type} trophy" if e.type else "discard a trophy"
        case cards.OutcomeCheck():
            ok = words(e.success)
            bad = words(e.failure)
            return f"draw an Outcome card: {e.min}+ {ok}" + (f", else {bad}" if bad else "")
        case cards.CharmTable():
            return "roll the lucky charm"
    if e.effect in cards.ABILITIES:
        return ability_text(e)
    return e.effect


def words(effects: Iterable[Effect]) -> str:
    return "; ".join(effect_words(e) for e in effects)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def nice(word: str) -> str:
    """An id as words: ``fish-scales`` -> ``fish scales``."""
    return word.replace("-", " ").replace("_", " ")


# ------------------------------------------------------------------ whole cards
def region_card_text(content: Content, cid: str) -> str:
    """A Region card's text: a hazard's Strength, reward and FAIL, an ingredient's Recipes, an
    event's options."""
    card = content.region_card[cid]
    if card.kind == "hazard":
        parts = [
            f"Strength {card.strength} {card.type or ''} hazard; defeat it for {card.gems} Gems"
        ]
        provided = card.provides or {}
        if "ingredient" in provided:
            parts.append(f"and {nice(str(provided['ingredient']))}")
        if provided.get("equipment"):
            parts.append("and an Equipment")
        text = " ".join(parts)
        if card.fail:
            text += f". If you lose: {words(card.fail)}"
        if card.appear:
            text += f". When it appears: {words(card.appear)}"
        if card.ongoing:
            text += f". While here: {words(card.ongoing)}"
        return text + "."
    if card.kind == "ingredient":
        ing = content.ingredients.get(card.ingredient or "")
        uses = ""
        if ing is not None:
            uses = ", ".join(content.recipes[r].name for r in ing.recipes if r in content.recipes)
        return (
            f"Ingredient: {nice(card.ingredient or card.name)}"
            + (f", for the Recipes {uses}" if uses else "")
            + (" (fragile: spoils if left)" if card.fragile else "")
            + "."
        )
    if card.text:
        return card.text
    return "; ".join(f"{o.label}: {words(o.effects)}" for o in card.options)


def item_text(content: Content, cid: str) -> str:
    item = content.item[cid]
    return f"costs {item.cost}, {USES[item.uses]}: {abilities_text(item.abilities)}"


def reward_text(options: Sequence[Sequence[Effect]]) -> str:
    return " OR ".join(" + ".join(effect_words(e) for e in option) for option in options)


def recipe_text(content: Content, rid: str) -> str:
    """A Recipe's ability and what it needs: ``+1 Strength; needs 2 of pearls, sea glass, ...``."""
    recipe = content.recipe[rid]
    return (
        f"{abilities_text(recipe.abilities)}; to learn it, tuck 2 of "
        f"{', '.join(recipe.ingredients)} under it"
    )


def quest_marks(quest: cards.Quest) -> list[str]:
    """The marks printed on a Quest card, in words: where it completes, when, and who may."""
    marks = []
    if quest.tower:
        marks.append("tower: complete it in this City")
    if quest.wild:
        marks.append("wild: completes as soon as it is met")
    if quest.pauper_only:
        marks.append("Pauper only")
    if quest.pie:
        marks.append("pie")
    return marks
