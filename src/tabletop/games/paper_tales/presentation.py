"""How people see Paper Tales (:mod:`tabletop.engine.presentation`): every card's face in our
words, the words on each option, the order options are read in, the questions before an option
that throws something away, the terminal's and the web page's drawings, and the board targets
that let a Deployment be played on the board. Everything here reads views and static content."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabletop.engine import Action
from tabletop.engine.presentation import EVERYTHING, BoardTarget, CardFace, Presentation, View

from . import tui, web
from .content import Building, Content, Cost, Necropolis, Unit, game_content
from .rules.deployment import DISCARD, IN_BACK, IN_FRONT, KIND, WORDS

__all__ = ["PaperTalesPresentation"]

# an option that passes (nothing constructed, nobody saved) is read after the others
PASSING = 1_000


def unit_face(ident: str, unit: Unit) -> CardFace:
    facts = [("Cost", f"{unit.cost} Gold"), ("Strength", str(unit.strength))]
    facts.append(("Copies", str(unit.copies)))
    if unit.expansion:
        facts.append(("From", "Beyond the Gates"))
    return CardFace(ident, unit.name, unit.text, tuple(facts))


def _costs(costs: Sequence[Cost]) -> str:
    return " or ".join(c.words() for c in costs)


def building_face(building: Building) -> CardFace:
    one, two = building.level(1), building.level(2)
    text = f"Level 1 ({one.lp} LP): {one.text} Level 2 ({two.lp} LP): {two.text}"
    facts = (("Level 1 cost", _costs(one.cost)), ("Level 2 cost", _costs(two.cost)))
    return CardFace(building.id, building.name, text, facts)


def necropolis_face(card: Necropolis) -> CardFace:
    facts = (
        ("Immediate Gain", f"{card.gain} LP"),
        ("Black army", str(card.black)),
        ("Purple army", str(card.purple)),
    )
    quest = card.quest
    if quest is None:
        text = "The END card: no Quest Bonus; its gain is scored at the end of the game."
    else:
        text = f"Quest Bonus: {quest.lp} LP per Netherworld Unit {quest.words()}."
    return CardFace(card.id, card.name, text, facts)


@lru_cache(maxsize=1)
def card_faces() -> dict[str, CardFace]:
    """Every card the game shows, by every id a view names it by: a Unit by its type
    (``golem``) and by each printed copy (``golem.1``), every Building, Necropolis and Lich
    King card."""
    content: Content = game_content()
    faces: dict[str, CardFace] = {}
    for unit in content.units.values():
        faces[unit.id] = unit_face(unit.id, unit)
    for card, unit in content.instance_type.items():
        faces[card] = unit_face(card, unit)
    for building in content.buildings.values():
        faces[building.id] = building_face(building)
    for necropolis in content.necropolis.values():
        faces[necropolis.id] = necropolis_face(necropolis)
    for lich in content.lich.values():
        faces[lich.id] = CardFace(lich.id, lich.name, f"Lich King card: {lich.text}")
    return faces


@lru_cache(maxsize=1)
def _name_order() -> dict[str, int]:
    """Each Unit card's place when the cards are read by name."""
    content = game_content()
    named = sorted(content.instance_type, key=lambda c: (content.unit(c).name, c))
    return {card: i for i, card in enumerate(named)}


def _mine(view: View) -> Mapping[str, Any] | None:
    seat = view.get("seat")
    players = view.get("players") or []
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None


def _unit_at(view: View, spot: Any) -> Mapping[str, Any] | None:
    me = _mine(view)
    kingdom = (me or {}).get("kingdom") or []
    return kingdom[spot] if isinstance(spot, int) and 0 <= spot < len(kingdom) else None


def _face(ident: Any) -> CardFace | None:
    return card_faces().get(str(ident))


class PaperTalesPresentation(Presentation):
    provides = EVERYTHING

    # ----------------------------------------------------------------- cards
    def cards(self) -> Mapping[str, CardFace]:
        return card_faces()

    # ----------------------------------------------------------------- options
    def explain(self, view: View, action: Action) -> str | None:
        """What an option does beyond its label: the card it keeps or discards, the Unit it
        acts on, the Building level it constructs, what an arrangement costs."""
        if action.kind in ("pick", "burn"):
            face = _face(action.get("card"))
            return face.words() if face is not None else None
        if action.kind == KIND:
            return self._deployment(view, action)
        if action.kind in ("age", "save"):
            unit = _unit_at(view, action.get("spot"))
            if unit is None:
                return None
            face = _face(unit["card"])
            tokens = unit["age"]
            carries = f"carries {tokens} Age token{'' if tokens == 1 else 's'}"
            return f"It {carries}. " + (face.words() if face is not None else "")
        if action.kind in ("build", "upgrade"):
            return self._building(action)
        return None

    def _building(self, action: Action) -> str | None:
        ident = action.get("building")
        if ident is None:
            return "Keep your Gold for the turns to come." if action.kind == "build" else None
        found = game_content().buildings.get(str(ident))
        if found is None:
            return None
        level = action.get("level") if action.kind == "build" else 2
        side = found.level(2 if level == 2 else 1)
        return f"{found.name} at Level {side.level}: {side.lp} LP at the end. {side.text}"

    def _deployment(self, view: View, action: Action) -> str | None:
        me = _mine(view)
        if me is None:
            return None
        in_play = {u["card"] for u in me.get("kingdom") or [] if u is not None}
        content = game_content().instance_type
        cost = sum(
            content[card].cost
            for card, where in action.args
            if card in content and card not in in_play and where in (IN_FRONT, IN_BACK)
        )
        gone = [content[c].name for c, w in action.args if c in in_play and w == DISCARD]
        words = f"The new Units cost {cost} Gold of your {me.get('gold', 0)}."
        if gone:
            words += f" Leaves play: {', '.join(sorted(gone))}."
        return words

    def option_rank(self, view: View, action: Action) -> int:
        """Cards read by name; an option that passes (nothing constructed, nobody saved, no
        Unit to act on) after the others."""
        if action.kind in ("pick", "burn"):
            return _name_order().get(str(action.get("card")), 0)
        passes = {"build": "building", "upgrade": "building", "age": "spot", "save": "spot"}
        if action.kind in passes and action.get(passes[action.kind]) is None:
            return PASSING
        return 0

    def confirm(self, view: View, action: Action) -> str | None:
        """Before an arrangement that takes Units out of play, or letting a Healer save
        nobody: the question to ask."""
        if action.kind == KIND:
            me = _mine(view) or {}
            in_play = {u["card"] for u in me.get("kingdom") or [] if u is not None}
            content = game_content().instance_type
            gone = sorted(content[c].name for c, w in action.args if c in in_play and w == DISCARD)
            if gone:
                return f"Discard {', '.join(gone)} from your Kingdom? It goes to the discard pile."
        if action.kind == "save" and action.get("spot") is None:
            return "Save nobody? Your Units carrying a single Age token die at this Aging."
        return None

    # ----------------------------------------------------------------- drawings
    def terminal(self, view: View, compact: bool = False) -> Any:
        return tui.render(dict(view), compact=compact)

    def html(self, view: View, compact: bool = False) -> str:
        return web.render(dict(view), compact=compact)

    def stylesheets(self) -> Sequence[Path]:
        return (web.STYLESHEET,)

    def board_targets(self, view: View) -> list[BoardTarget]:
        """A Deployment is played by two taps: a card (its element's ``data-target`` is
        ``deploy:CARD``, naming the template's parameter), then a place (``deploy=front``,
        ``deploy=back``, ``deploy=keep`` or ``deploy=discard``, naming the value). Each target is
        one card and one place it may go, its element the place's."""
        found: list[BoardTarget] = []
        for template in view.get("templates") or ():
            if template.get("kind") != KIND:
                continue
            for param in template.get("params") or ():
                card = param["name"]
                face = _face(card)
                name = face.name if face is not None else card
                for value in param.get("domain") or ():
                    label = f"{name}: {WORDS.get(value, value)}"
                    found.append(BoardTarget(KIND, card, value, f"{KIND}={value}", label))
        return found
