"""How people see a game: the presentation protocol every game implements and every surface uses.

A game's :class:`Presentation` is declared on its :class:`~.protocol.Game` class
(``presentation = LairsPresentation()``) and found through the registry
(:func:`tabletop.engine.registry.presentation`), never by a module's name. It says what it
provides in :attr:`Presentation.provides`, as OpenSpiel's ``GameType`` declares
``provides_observation_tensor``; what it does not provide, a surface draws generically.

What it covers, all from views (what one seat may know), never from a state:

- **cards**: every card the game shows, by id, with its name, its text and its facts (cost,
  strength); :meth:`Presentation.card_text` finds one by id or by name for ``?NAME`` and tooltips;
- **options**: the words explaining one option (:meth:`Presentation.explain`), the order people
  read a seat's options in (:meth:`Presentation.option_rank`), and the question to ask before an
  option that throws something away (:meth:`Presentation.confirm`);
- **drawings**: the terminal's (``rich``) and the web page's (HTML) drawing of a view, compact and
  full, and the stylesheets the web drawing uses;
- **board targets**: which element of the board drawing supplies which value of a template's
  parameter (a space of the lair, a spot of the Kingdom), so a player answers on the board.

Two promises that span surfaces belong to the protocol itself rather than to drawings: the one name
a seat goes by (:meth:`~.protocol.State.seat_name`, counted from 1 unless the game names its
players; every view carries ``seat_names``) and the breakdown of every final score
(:class:`~.scores.SeatScore` in :attr:`~.protocol.Outcome.breakdown`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .actions import Action, ArgValue

View = Mapping[str, Any]


def numbered_seat(seat: int) -> str:
    """A seat as people count it, from 1: the name of a seat the game gives no other name."""
    return f"Seat {seat + 1}"


@dataclass(frozen=True, slots=True)
class Provides:
    """What a presentation provides (the rest, surfaces draw generically)."""

    cards: bool = False
    explain: bool = False
    option_rank: bool = False
    confirm: bool = False
    terminal: bool = False
    terminal_compact: bool = False
    html: bool = False
    html_compact: bool = False
    board_targets: bool = False


EVERYTHING = Provides(*(True,) * len(Provides.__slots__))


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as players read it: its name, its text in our words, and its facts in order
    (``(("Cost", "2 Gold"), ("Strength", "3"))``)."""

    id: str
    name: str
    text: str
    facts: tuple[tuple[str, str], ...] = ()

    def words(self) -> str:
        """One line: ``Golem (Cost 2 Gold, Strength 3): text``."""
        facts = ", ".join(f"{k} {v}" for k, v in self.facts)
        return f"{self.name}" + (f" ({facts})" if facts else "") + f": {self.text}"


@dataclass(frozen=True, slots=True)
class BoardTarget:
    """An element of the board drawing (``element``: the value of its ``data-target``) that
    answers one parameter of a template with one value: tapping a lair's space B1 gives
    ``cell="B1"`` to the ``build`` template."""

    kind: str
    param: str
    value: ArgValue
    element: str
    label: str = ""


class Presentation:
    """The generic presentation (nothing provided); a game subclasses it and overrides what its
    :attr:`provides` declares."""

    provides: Provides = Provides()

    # ----------------------------------------------------------------- cards
    def cards(self) -> Mapping[str, CardFace]:
        """Every card the game shows, by id."""
        return {}

    def card_text(self, name: str) -> str | None:
        """A card's words, found by id or by name (case and surrounding spaces ignored; a unique
        prefix of a name is enough), or None."""
        cards = self.cards()
        face = cards.get(name)
        if face is None:
            wanted = name.strip().lower()
            by_name = {c.name.lower(): c for c in cards.values()}
            face = by_name.get(wanted)
            if face is None and wanted:
                starts = sorted(n for n in by_name if n.startswith(wanted))
                face = by_name[starts[0]] if len(starts) == 1 else None
        return face.words() if face is not None else None

    # ----------------------------------------------------------------- options
    def explain(self, view: View, action: Action) -> str | None:
        """Words on what one option does, beyond its label, or None."""
        return None

    def option_rank(self, view: View, action: Action) -> int:
        """Where an option sorts among a seat's options (lower first; equal keep the game's
        order)."""
        return 0

    def confirm(self, view: View, action: Action) -> str | None:
        """The question to ask before an option that throws something away, or None."""
        return None

    # ----------------------------------------------------------------- drawings
    def terminal(self, view: View, compact: bool = False) -> Any:
        """The terminal's drawing of a view (a ``rich`` renderable)."""
        raise NotImplementedError(f"{type(self).__name__} provides no terminal drawing")

    def html(self, view: View, compact: bool = False) -> str:
        """The web page's drawing of a view (safe HTML markup)."""
        raise NotImplementedError(f"{type(self).__name__} provides no web drawing")

    def stylesheets(self) -> Sequence[Path]:
        """The CSS files the web drawing uses, served under ``/static/games/<game>/``."""
        return ()

    def board_targets(self, view: View) -> list[BoardTarget]:
        """The board elements that answer the templates in ``view`` (see :class:`BoardTarget`)."""
        return []
