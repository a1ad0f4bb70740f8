"""The words for actions: what each option says. Not a rulebook section."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mypy_extensions import trait

from tabletop.engine import Action

from .content import abilities_text, effect_words
from .decisions import ACTION_WORDS

if TYPE_CHECKING:
    from .rules import PLState


@trait
class Words:
    """The words of the actions."""

    __slots__ = ()

    def action_words(self: PLState, action: Action, seat: int | None = None) -> str:
        k = action.kind
        owner = ACTION_WORDS.get(k)
        if owner is not None:  # an action of one decision: its words are declared with it
            return owner.words(self, action, seat)
        g = action.get
        C = self.C
        nm = self.cname

        def reg(r: str) -> str:
            return C.regions[r].name if r in C.regions else str(r)

        table: dict[str, Callable[[], str]] = {
            "pauper": lambda: (
                f"Play {C.paupers[g('pauper')].name} from "
                f"{C.paupers[g('pauper')].city.capitalize()} "
                f"({C.paupers[g('pauper')].equipment.name}: "
                f"{abilities_text(C.paupers[g('pauper')].equipment.abilities)})"
            ),
            "bird": lambda: (
                f"Take the {g('bird')} (trained: {abilities_text(C.birds[g('bird')].trained)})"
            ),
            "draft": lambda: (
                f"Keep the {nm(g('recipe'))} Recipe ("
                f"{abilities_text(C.recipe[g('recipe')].abilities)}; needs 2 of "
                f"{', '.join(C.recipe[g('recipe')].ingredients)})"
            ),
            "buy": lambda: (
                f"Buy the {nm(g('card'))} for {self.price(seat or 0, 'pauper', g('card'))} "
                f"Gems ({abilities_text(C.item[g('card')].abilities)})"
            ),
            "discard": lambda: f"Discard the {nm(g('item'))} from your Inventory",
            "pass": lambda: "Pass",
            "act": lambda: f"Take your {g('char')}'s turn",
            "end": lambda: "End your turn",
            "learn": lambda: f"Learn the Virtue of {g('virtue')}",
            "train": lambda: "Train your Bird (4 Gems)",
            "move": lambda: f"Move to {reg(g('to'))}{self._move_cost_words(seat or 0)}",
            "swim": lambda: f"Swim to {reg(g('to'))}",
            "teleport": lambda: f"Teleport to {reg(g('to'))}",
            "foresight": lambda: "Use foresight (peek at a Region deck)",
            "use": lambda: f"Use the {nm(g('item'))}",
            "discard-fragile": lambda: f"Discard the {nm(g('card'))}",
            "shop": lambda: "Visit the City Shop",
            "quest": lambda: f"Complete the Quest in {reg(g('city'))}",
            "fight": lambda: f"Fight the {nm(g('card'))}",
            "draw": lambda: "Draw a Region card",
            "encounter": lambda: f"Encounter the {nm(g('card'))}",
            "recall": lambda: f"Recall the {nm(g('card'))} from the discards",
            "transmute": lambda: f"Transmute the {nm(g('card'))} into Gems",
            "decline": lambda: "Decline",
            "option": lambda: self._option_words(int(g("n"))),
            "done": lambda: "Done",
            "leave": lambda: "Leave",
            "heal": lambda: "Visit the City healer (1 Gem: restore 1 Life; your turn ends)",
            "hide": lambda: f"Hide from the {nm(g('card'))} (roll the lucky charm)",
            "withdraw": lambda: f"Hold back from the {nm(g('card'))} (it cannot be fought now)",
            "reveal": lambda: f"Encounter the face-down card in {reg(g('region'))}",
            "buy-time": lambda: "Pay 3 Gems: move the Time token 1 away from zero",
            "remove": lambda: (
                f"Spend {self.remove_cost(g('card'))} Time to remove the {nm(g('card'))}"
                + next(
                    (f" from {reg(r)}" for r, cs in self.data["tiles"].items() if g("card") in cs),
                    "",
                )
            ),
            "potion": lambda: (
                f"Drink the {self._key_name(seat or 0, g('item'))}: "
                f"restore 1 Life to your {g('char')}"
            ),
        }
        fn = table.get(k)
        return fn() if fn is not None else str(action)

    def _city_reward_words(self: PLState, take: str, card: str | None) -> str:
        sc = self.C.solo["scenarios"][self.data["solo"]["scenario"]]
        if take == "gems":
            return f"The City's reward: {sc['city_reward_gems']} Gems"
        if take == "lives":
            return f"The City's reward: {sc['city_reward_lives']} Lives"
        return f"The City's reward: the {self.cname(str(card))}"

    def _move_cost_words(self: PLState, seat: int) -> str:
        """What a Pauper's move costs now: the second and later moves of a turn cost Gems unless
        an ability makes them free."""
        ts = self.data.get("turn_state") or {}
        if ts.get("char") != "pauper" or not ts.get("moves"):
            return ""
        if self._free_moves_left(seat) > 0:
            return " (free extra move)"
        cost = int(self.C.numbers["extra_move_cost"]["value"])
        return f" ({cost} Gem{'s' if cost != 1 else ''})"

    def _progress_words(self: PLState, seat: int | None, recipe: str) -> str:
        for r in self.P(seat or 0)["recipes"]:
            if r["recipe"] == recipe and not r["learned"]:
                have = ", ".join(self.cname(c) for c in r["ingredients"])
                return f" (has {have})" if have else " (no ingredient yet)"
        return ""

    def _reward_words(self: PLState, take: str, recipe: str | None) -> str:
        f = self._top_frame()
        hz = self.C.region_card.get(str(f.get("hazard")))
        name = hz.name if hz else "hazard"
        if take == "gems":
            return f"Collect the {hz.gems if hz else 0} Gems the {name} carried"
        if take == "trophy":
            return f"Put the {name} in your Trophy Room ({hz.strength if hz else 0} points)"
        if take == "ingredient":
            return (
                f"Tuck the {name} under {self.cname(str(recipe))} as an ingredient"
                + self._progress_words(self.data["stack"][-1].get("seat"), str(recipe))
            )
        return f"Draw 1 {'Rarity' if take == 'rarity' else 'Equipment'}"

    def _option_words(self: PLState, n: int) -> str:
        f = self._top_frame()
        if f.get("t") == "event":
            card = self.C.region_card[f["card"]]
            return f"{card.options[n].label} ({card.text})" if card.text else card.options[n].label
        if f.get("t") == "quest-reward":
            q = self.C.quest[f["quest"]]
            return "Reward: " + ", ".join(effect_words(e) for e in q.reward_effects[n])
        return f"Choose option {n + 1}"

    def why_illegal(self: PLState, seat: int, action: Action) -> str | None:
        if action.kind == "move":
            return "you can only move along a bridge, and not out of a hazard's Region once moved"
        if action.kind == "buy":
            return "that card is not in this Shop or you cannot afford it"
        return None
