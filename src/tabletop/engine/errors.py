"""Errors raised by the engine. Domain errors subclass ValueError, as in python-chess."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the state refused. The state is left exactly as it was."""


class MalformedAction(IllegalAction):
    """An action refused for what it is, whatever the state: not an action, a seat that is no
    seat number, or an argument whose value has a type its parameter never takes (a bool for an
    int, a list for a string), named in the message. The state is left exactly as it was."""


class ContentError(ValueError):
    """A data file that failed validation, naming the file, the entry and the field."""

    def __init__(
        self, file: str, message: str, entry: str | None = None, field: str | None = None
    ) -> None:
        self.file = file
        self.entry = entry
        self.field = field
        self.message = message
        where = file
        if entry is not None:
            where += f", entry {entry!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")


class UnknownGame(ValueError):
    """A game name that is not registered."""


class BadParameter(ValueError):
    """A game parameter that is unknown or out of range."""
