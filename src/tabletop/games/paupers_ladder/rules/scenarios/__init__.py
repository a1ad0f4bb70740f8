"""Solo Scenarios (the rulebook's section): one module per scenario, each declaring its rules
(set-up, objectives, special rules) as one :class:`ScenarioRules`, registered here under the
scenario's id in the solo data. The modules that read a scenario's rules (Playing Solo, moving,
fighting, the views) find them here by the id, so no rules module imports a scenario: the
scenarios, which use the sections' rules, register themselves when the game is assembled."""

from __future__ import annotations

from typing import Any, ClassVar

from ...content import Content
from ...state import PLState


class ScenarioRules:
    """What a scenario adds to Playing Solo. The defaults are "nothing special"."""

    id: ClassVar[str]

    def set_up(self, state: PLState, seat: int) -> None:
        """Set Up: after the Pauper is chosen (the shared solo set-up has run)."""

    def achieved(self, state: PLState) -> list[bool]:
        """Whether each Objective is met, in the order of :meth:`objectives`: the game is won
        when all are (checked after every action, so it builds no words)."""
        raise NotImplementedError

    def objectives(self, state: PLState) -> list[dict[str, Any]]:
        """Objective(s), with their progress (public); ``done`` is :meth:`achieved`."""
        raise NotImplementedError

    def side_objective(self, state: PLState) -> dict[str, Any] | None:
        return None

    def progress(self, state: PLState) -> None:
        """Objectives that complete by where the characters are or what they hold, checked after
        every action."""

    def special_defeat(
        self, state: PLState, seat: int, char: str, hazard: str, region: str
    ) -> bool:
        """A defeated hazard with a scenario's special rule; True when it replaces the usual
        reward."""
        return False

    def forced_weapon(self, content: Content, solo: dict[str, Any], hazard: str) -> str | None:
        """The one weapon (Rarity id) a hazard can be fought with, if any; ``solo`` is the
        scenario's record, a state's or the public one of a view."""
        return None

    def may_enter(
        self,
        content: Content,
        solo: dict[str, Any],
        tiles: dict[str, Any],
        inventory: list[Any],
        char: str,
        region: str,
    ) -> bool:
        """Whether a character (its Pauper holding ``inventory``) may enter ``region``; ``solo``
        and ``tiles`` are a state's records or a view's."""
        return True

    def drawn(self, state: PLState, seat: int, cid: str, region: str) -> None:
        """A Region card drawn and placed face up."""


#: each scenario's rules, under its id in the solo data (filled by the scenarios' modules)
SCENARIOS: dict[str, ScenarioRules] = {}


def scenario(cls: type[ScenarioRules]) -> type[ScenarioRules]:
    """A scenario's rules join the table under its id (a statement after the class: mypyc makes
    a decorated class a plain Python class, which may not derive from a compiled one)."""
    if cls.id in SCENARIOS:
        raise ValueError(f"paupers-ladder: solo scenario {cls.id!r} declared twice")
    SCENARIOS[cls.id] = cls()
    return cls


def scenario_rules(state: PLState) -> ScenarioRules | None:
    """The rules of the solo scenario being played (None outside solo)."""
    solo = state.data.get("solo")
    return SCENARIOS[solo["scenario"]] if solo else None
