"""The table of every decision that interrupts play, each declared once in the module of its
rulebook section: its prompt text, its legal actions and how it is carried out.

A decision waiting for its answer is a frame ``{"t": kind, "seat": ..., ...}`` on
``data["stack"]``; the prompt's ``kind`` is the frame's ``t``. The frame is taken off the stack
before ``apply`` runs; a decision that goes on (a Shop visit, choosing bravery cards) puts it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from tabletop.engine import Action

if TYPE_CHECKING:
    from .base import J
    from .rules import PLState


class Decision:
    kind: ClassVar[str]

    def text(self, s: PLState, f: J) -> str:
        raise NotImplementedError

    def legal(self, s: PLState, f: J) -> list[Action]:
        raise NotImplementedError

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        raise NotImplementedError


DECISIONS: dict[str, Decision] = {}


def decision(cls: type[Decision]) -> type[Decision]:
    """Register a decision under its kind (the sections' modules declare them)."""
    DECISIONS[cls.kind] = cls()
    return cls
