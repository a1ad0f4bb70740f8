"""The content's lint: what the models alone cannot say (counts the rulebook prints, references
between files, the map's shape). Every problem names its file and entry. The effects were checked
when the content loaded (content.py): a wrong name or parameter never gets this far."""

from __future__ import annotations

from tabletop.engine.content import check_references

from .content import CITIES, WILD, Content, RegionCard, SellTrophy


def problems(content: Content) -> list[str]:
    """Every problem of the loaded content (empty: it is sound)."""
    return [
        *_map(content),
        *_people(content),
        *_recipes(content),
        *_equipment(content),
        *_region_cards(content),
        *_quests(content),
    ]


def _map(content: Content) -> list[str]:
    out: list[str] = []
    regions = content.regions
    f = str(content.dir / "map.yaml")
    cities = [r for r in regions.values() if r.type == "city"]
    if sorted(c.id for c in cities) != sorted(CITIES):
        out.append(f"{f}: the cities must be exactly {', '.join(CITIES)}")
    for r in regions.values():
        out += check_references(f, r.id, "bridges", r.bridges, regions, "region")
        for b in r.bridges:
            if b in regions and r.id not in regions[b].bridges:
                out.append(f"{f}, entry {r.id!r}, field 'bridges': bridge to {b!r} is one-way")
        if r.type == "city" and len(r.bridges) != 3:
            out.append(f"{f}, entry {r.id!r}, field 'bridges': a City joins exactly 3 Regions")
        if r.type != "city" and r.tiles < 1:
            out.append(f"{f}, entry {r.id!r}, field 'tiles': a wild Region needs tiles")
    mines = [r for r in regions.values() if r.type == "mine"]
    if len(mines) != 3 or sorted(m.number or 0 for m in mines) != [1, 2, 3]:
        out.append(f"{f}: there must be 3 Mine Regions numbered 1-3")
    if any(m.coastal for m in mines):
        out.append(f"{f}: the Mine Regions lie in the middle of the board (not coastal)")
    position = {c.id: c.position for c in cities}
    if {position.get("bluevale"), position.get("blacksand")} != {"south-west", "north-east"}:
        out.append(f"{f}: Bluevale and Blacksand must be diagonally opposite")
    if not any(regions[b].type == "beach" for b in content.neighbours.get("bluevale", ())):
        out.append(f"{f}, entry 'bluevale': a Beach Region must join Bluevale")
    if len([r for r in regions.values() if r.type == "beach"]) < 2:
        out.append(f"{f}: there must be several Beach Regions")
    return out


def _people(content: Content) -> list[str]:
    """The Paupers, the Birds and the Outcome decks with their allies."""
    out: list[str] = []
    f = str(content.dir / "paupers.yaml")
    if len(content.paupers) != 8:
        out.append(f"{f}: expected 8 Paupers, found {len(content.paupers)}")
    for side in ("2", "3-4"):
        paupers = [p for p in content.paupers.values() if p.side == side]
        if sorted(p.city for p in paupers) != sorted(CITIES):
            out.append(f"{f}: the {side!r} side needs one Pauper per City")
    for p in content.paupers.values():
        out += check_references(f, p.id, "city", [p.city], set(CITIES), "city")
        if p.colour not in content.outcome_doc.colours:
            out.append(f"{f}, entry {p.id!r}, field 'colour': no Outcome deck {p.colour!r}")
    f = str(content.dir / "birds.yaml")
    if len(content.birds) != 8:
        out.append(f"{f}: expected 8 Birds, found {len(content.birds)}")
    f = str(content.dir / "outcomes.yaml")
    if len(content.outcome_doc.deck) != 36 or len(content.outcome_doc.colours) != 4:
        out.append(f"{f}: expected 4 Outcome decks of 36")
    for i, card in enumerate(content.outcome_doc.deck):
        if card.ally is not None:
            out += check_references(f, f"#{i + 1}", "ally", [card.ally], content.allies, "ally")
    return out


def _recipes(content: Content) -> list[str]:
    """The Recipes and the ingredients, which name each other."""
    out: list[str] = []
    f = str(content.dir / "recipes.yaml")
    if len(content.recipe_list) != 36:
        out.append(f"{f}: expected 36 Recipe cards, found {len(content.recipe_list)}")
    for recipe in content.recipes.values():
        out += check_references(
            f, recipe.id, "ingredients", recipe.ingredients, content.ingredients, "ingredient"
        )
        if len(recipe.ingredients) != 3:
            out.append(f"{f}, entry {recipe.id!r}, field 'ingredients': needs 3 ingredients")
    f = str(content.dir / "ingredients.yaml")
    for ing in content.ingredients.values():
        out += check_references(f, ing.id, "recipes", ing.recipes, content.recipes, "recipe")
        if len(ing.recipes) != 4:
            out.append(f"{f}, entry {ing.id!r}, field 'recipes': serves exactly 4 Recipes")
        for rid in ing.recipes:
            if rid in content.recipes and ing.id not in content.recipes[rid].ingredients:
                out.append(f"{f}, entry {ing.id!r}, field 'recipes': {rid!r} does not list it")
    return out


def _equipment(content: Content) -> list[str]:
    out: list[str] = []
    f = str(content.dir / "equipment.yaml")
    if len(content.equipment_list) != 66:
        out.append(f"{f}: expected 66 Equipment cards, found {len(content.equipment_list)}")
    if len(content.rarity_list) != 12:
        out.append(f"{f}: expected 12 Rarities, found {len(content.rarity_list)}")
    for need in ("dragonsbane", "spirit-blade"):
        if need not in content.rarities:
            out.append(f"{f}: the Rarity {need!r} is missing")
    for e in [*content.equipment.values(), *content.rarities.values()]:
        if e.cost < 1:
            out.append(f"{f}, entry {e.id!r}, field 'cost': must be at least 1")
    return out


def _region_cards(content: Content) -> list[str]:
    out: list[str] = []
    f = str(content.dir / "region_cards.yaml")
    for deck in WILD:
        out += _deck(content, f, deck, content.region_cards(deck))
    mine = content.decks.mine
    if sum(c.copies for c in mine if c.type == "undead") != 9:
        out.append(f"{f}, deck 'mine': needs exactly 9 undead")
    if sum(c.copies for c in mine if c.type == "trap") != 2:
        out.append(f"{f}, deck 'mine': needs exactly 2 traps")
    if not any(c.name == "necromancer" for c in mine):
        out.append(f"{f}, deck 'mine': needs the necromancer")
    hazards = hazard_names(content)
    for deck in WILD:
        for c in content.region_cards(deck):
            for option in c.options:
                for e in option.effects:
                    if isinstance(e, SellTrophy):
                        out += check_references(
                            f, c.id, "options.sell-trophy.hazard", [e.hazard], hazards, "hazard"
                        )
    return out


def _deck(content: Content, f: str, deck: str, cards: list[RegionCard]) -> list[str]:
    """One Region deck: its 48 cards, every kind of card in it, and each card's own needs."""
    out: list[str] = []
    n = sum(c.copies for c in cards)
    if n != 48:
        out.append(f"{f}, deck {deck!r}: expected 48 cards, found {n}")
    kinds = {c.kind for c in cards}
    for kind in ("hazard", "event", "ingredient", "disaster", "villager", "rest"):
        if kind not in kinds:
            out.append(f"{f}, deck {deck!r}: has no {kind} card")
    if not any(c.type == "dragon" for c in cards):
        out.append(f"{f}, deck {deck!r}: a dragon resides in each wild deck")
    if not any(c.fragile for c in cards):
        out.append(f"{f}, deck {deck!r}: has no fragile ingredient")
    seen: set[str] = set()
    for c in cards:
        if c.id in seen:
            out.append(f"{f}, deck {deck!r}, entry {c.id!r}: duplicate id")
        seen.add(c.id)
        if c.kind == "hazard":
            if c.strength < 1 or c.type is None:
                out.append(f"{f}, entry {c.id!r}: a hazard needs strength and type")
            provided = (c.provides or {}).get("ingredient")
            if provided is not None:
                out += check_references(
                    f, c.id, "provides.ingredient", [provided], content.ingredients, "ingredient"
                )
        elif c.kind == "ingredient":
            out += check_references(
                f, c.id, "ingredient", [c.ingredient or ""], content.ingredients, "ingredient"
            )
        elif not c.options:
            out.append(f"{f}, entry {c.id!r}, field 'options': an event needs options")
    return out


def _quests(content: Content) -> list[str]:
    out: list[str] = []
    f = str(content.dir / "quests.yaml")
    hazards = hazard_names(content)
    for q in content.quests.values():
        out += check_references(f, q.id, "objective.names", q.objective.names, hazards, "hazard")
    if len(content.quest_list) != 34:
        out.append(f"{f}: expected 34 Quest cards, found {len(content.quest_list)}")
    for q in content.quests.values():
        if q.wild and q.tower:
            out.append(f"{f}, entry {q.id!r}: a Quest cannot be both wild and tower")
        if q.objective.kind in ("defeat", "rescue", "shipwreck") and not q.wild:
            out.append(
                f"{f}, entry {q.id!r}, field 'wild': a wild objective needs the mountain icon"
            )
    return out


def hazard_names(content: Content) -> set[str]:
    return {c.name for c in content.region_card.values() if c.kind == "hazard"}
