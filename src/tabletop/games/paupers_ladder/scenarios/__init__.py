"""Solo Scenarios (the rulebook's section): one module per scenario, each declaring its rules
(set-up, objectives, special rules) as one object, listed here under the scenario's id in the
solo data. ``solo.py`` holds the rules every scenario shares (Playing Solo)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from ..base import J
    from ..content import Content
    from ..rules import PLState


class ScenarioRules:
    """What a scenario adds to Playing Solo. The defaults are "nothing special"."""

    id: ClassVar[str]

    def set_up(self, s: PLState, seat: int) -> None:
        """Set Up: after the Pauper is chosen (the shared solo set-up has run)."""

    def achieved(self, s: PLState) -> list[bool]:
        """Whether each Objective is met, in the order of :meth:`objectives`: the game is won
        when all are (checked after every action, so it builds no words)."""
        raise NotImplementedError

    def objectives(self, s: PLState) -> list[dict[str, Any]]:
        """Objective(s), with their progress (public); ``done`` is :meth:`achieved`."""
        raise NotImplementedError

    def side_objective(self, s: PLState) -> dict[str, Any] | None:
        return None

    def progress(self, s: PLState) -> None:
        """Objectives that complete by where the characters are or what they hold, checked after
        every action."""

    def special_defeat(self, s: PLState, seat: int, ch: str, hz: str, region: str) -> bool:
        """A defeated hazard with a scenario's special rule; True when it replaces the usual
        reward."""
        return False

    def forced_weapon(self, C: Content, solo: J, hz: str) -> str | None:
        """The one weapon (Rarity id) a hazard can be fought with, if any; ``solo`` is the
        scenario's record, a state's or the public one of a view."""
        return None

    def may_enter(
        self, C: Content, solo: J, tiles: J, inventory: list[J], ch: str, region: str
    ) -> bool:
        """Whether a character (its Pauper holding ``inventory``) may enter ``region``; ``solo``
        and ``tiles`` are a state's records or a view's."""
        return True

    def drawn(self, s: PLState, seat: int, cid: str, region: str) -> None:
        """A Region card drawn and placed face up."""


from .fiery_siege import FierySiege  # noqa: E402
from .garoliums_tournament import GaroliumsTournament  # noqa: E402
from .saltash_necromancer import SaltashNecromancer  # noqa: E402

#: each scenario's rules, under its id in the solo data
SCENARIO_RULES: dict[str, ScenarioRules] = {
    rules.id: rules for rules in (FierySiege(), GaroliumsTournament(), SaltashNecromancer())
}
