"""The table of every decision that interrupts play, each declared once in the module of its
rulebook section: its prompt text, its legal actions, how it is carried out, and the words for
the kinds of action it alone offers (``actions``; kinds several decisions offer, such as ``done``
or ``option``, have their words in words.py).

A decision waiting for its answer is a frame ``{"t": kind, "seat": ..., ...}`` on
``data["stack"]``; the prompt's ``kind`` is the frame's ``t``. The frame is taken off the stack
before ``apply`` runs; a decision that goes on (a Shop visit, choosing bravery cards) puts it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

from tabletop.engine import Action

if TYPE_CHECKING:
    from .base import J
    from .rules import PLState


@mypyc_attr(native_class=False)
class Decision:
    kind: ClassVar[str]
    actions: ClassVar[tuple[str, ...]] = ()  # the action kinds whose words it gives

    def text(self, s: PLState, f: J) -> str:
        raise NotImplementedError

    def legal(self, s: PLState, f: J) -> list[Action]:
        raise NotImplementedError

    def apply(self, s: PLState, seat: int, f: J, a: Action) -> None:
        raise NotImplementedError

    def words(self, s: PLState, a: Action, seat: int | None) -> str:
        raise NotImplementedError


DECISIONS: dict[str, Decision] = {}
ACTION_WORDS: dict[str, Decision] = {}  # action kind -> the decision that words it


def decision(cls: type[Decision]) -> type[Decision]:
    """Register a decision under its kind (the sections' modules declare them)."""
    d = cls()
    DECISIONS[cls.kind] = d
    for kind in cls.actions:
        if kind in ACTION_WORDS:
            raise ValueError(f"action kind {kind!r} worded by two decisions")
        ACTION_WORDS[kind] = d
    return cls
