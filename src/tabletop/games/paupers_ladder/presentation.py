"""How people see Paupers' Ladder (see :mod:`tabletop.engine.presentation`): every card, Pauper,
Bird and Region it shows as a card face, the words explaining an option, the order options are read
in, the questions asked before an option that throws a card away, the terminal's drawings
(tui.py), the web page's (web.py, its templates and stylesheet) and the board's targets: the
Regions and the face-up cards a player may answer a decision with by tapping them on the map."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabletop.engine import Action
from tabletop.engine.presentation import EVERYTHING, BoardTarget, CardFace, Presentation, View

from . import tui, web
from .content import Content, content
from .texts import USES, abilities_text, recipe_text, region_card_text, reward_text, words

__all__ = ["PaupersLadderPresentation"]

# kinds people pick most come first; leaving and throwing cards away come last
LATE_KINDS = ("end", "pass", "done", "leave", "decline", "back-out", "keep-gems")
LOSS_KINDS = ("discard", "discard-fragile", "drop-recipe")
# the questions asked before an option that throws a card away, by the argument naming the card
CONFIRM = {
    "discard": ("item", "Throw the {} out of your Inventory for good?"),
    "discard-fragile": ("card", "Discard the {} from this Region?"),
    "drop-recipe": ("recipe", "Give up the {} Recipe for good?"),
}
# the arguments that name a Region (answered by tapping it on the map) and a card
REGION_ARGS = ("to", "city", "region")
CARD_ARGS = ("card",)


class PaupersLadderPresentation(Presentation):
    provides = EVERYTHING

    def cards(self) -> Mapping[str, CardFace]:
        return card_faces(content())

    def explain(self, view: View, action: Action) -> str | None:
        """The texts of the cards, Regions, Paupers and Birds an option names."""
        faces = self.cards()
        notes: list[str] = []
        for value in action.params.values():
            for v in value if isinstance(value, list | tuple) else [value]:
                face = faces.get(v) if isinstance(v, str) else None
                if face is not None:
                    notes.append(f"{face.name}: {face.text}")
        return "; ".join(dict.fromkeys(notes)) or None

    def option_rank(self, view: View, action: Action) -> int:
        return 2 if action.kind in LOSS_KINDS else 1 if action.kind in LATE_KINDS else 0

    def confirm(self, view: View, action: Action) -> str | None:
        found = CONFIRM.get(action.kind)
        if found is None:
            return None
        arg, question = found
        return question.format(content().card_name(str(action.get(arg))))

    def terminal(self, view: View, compact: bool = False) -> Any:
        return tui.render_compact(dict(view)) if compact else tui.render(dict(view))

    def html(self, view: View, compact: bool = False) -> str:
        return web.render(dict(view), compact)

    def stylesheets(self) -> Sequence[Path]:
        return (web.STYLESHEET,)

    def board_targets(self, view: View) -> list[BoardTarget]:
        """The map's Regions and face-up cards that answer the seat's options: a Region for a
        move, a swim, a teleport, a City to travel to or whose Quest to complete, a Region for a
        hazard to move to; a card on the map to encounter, fight, hide from, discard, remove."""
        cards = content()
        on_map = {c for tiles in (view.get("tiles") or {}).values() for c in tiles}
        out = []
        for raw in view.get("actions") or []:
            kind, args = raw["kind"], raw.get("args") or {}
            for param, value in args.items():
                if param in REGION_ARGS and value in cards.regions:
                    label = cards.regions[value].name
                    out.append(BoardTarget(kind, param, value, f"region:{value}", label))
                elif param in CARD_ARGS and value in on_map:
                    label = cards.card_name(value)
                    out.append(BoardTarget(kind, param, value, f"card:{value}", label))
        return out


@lru_cache(maxsize=4)
def card_faces(cards: Content) -> dict[str, CardFace]:
    """Every card the game shows, by id: Region cards, Equipment and Rarities, Quests, Recipes,
    Outcome cards, the Paupers (and their starting Equipment), the Birds and the Regions."""
    faces: dict[str, CardFace] = {}
    for cid, card in cards.region_card.items():
        deck = (("Deck", cards.region_deck_of[cid].capitalize()),)
        faces[cid] = CardFace(cid, card.name, region_card_text(cards, cid), deck)
    for cid, item in cards.item.items():
        kind = "Rarity" if cid.startswith("rar.") else "Equipment"
        text = f"{kind}, {USES[item.uses]}: {abilities_text(item.abilities)}"
        faces[cid] = CardFace(cid, item.name, text, (("Cost", f"{item.cost} Gems"),))
    for cid, quest in cards.quest.items():
        text = f"Quest: {quest.text} Reward: {reward_text(quest.reward)}"
        faces[cid] = CardFace(cid, quest.name, text)
    for cid in cards.recipe:
        name = cards.recipe[cid].name
        faces[cid] = CardFace(cid, name, f"Recipe: {recipe_text(cards, cid)}")
    for cid, outcome in cards.outcome.items():
        ally = cards.allies[outcome.ally] if outcome.ally else None
        text = f"the ally {ally.name}: {words(ally.effects)}" if ally else "no ally"
        name = f"Outcome {outcome.number}" + (f" ({ally.name})" if ally else "")
        faces[cid] = CardFace(cid, name, text, (("Number", str(outcome.number)),))
    _people_and_places(cards, faces)
    return faces


def _people_and_places(cards: Content, faces: dict[str, CardFace]) -> None:
    """The Paupers with their starting Equipment, the Birds and the Regions of the map."""
    for pid, pauper in cards.paupers.items():
        equipment = pauper.equipment
        start = f"{equipment.name} ({abilities_text(equipment.abilities)})"
        city = cards.regions[pauper.city].name
        text = f"{pauper.trade} from {city}; starts with the {start}"
        facts = (("City", city), ("Side", pauper.side))
        faces[pid] = CardFace(pid, pauper.name, text, facts)
        faces[f"starting.{pid}"] = CardFace(
            f"starting.{pid}", equipment.name, abilities_text(equipment.abilities)
        )
    for bid, bird in cards.birds.items():
        faces[bid] = CardFace(bid, bird.name, f"trained: {abilities_text(bird.trained)}")
    for rid, region in cards.regions.items():
        bridges = ", ".join(cards.regions[n].name for n in cards.neighbours[rid])
        coast = " on the coast" if region.coastal else ""
        text = f"a {region.type}{coast}; bridges to {bridges}"
        faces[rid] = CardFace(rid, region.name, text, (("Tiles", str(region.tiles)),))
