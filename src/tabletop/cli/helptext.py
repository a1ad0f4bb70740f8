"""`--help` in words people read: a value's kind as NUMBER, TEXT or FILE (or the option's own
metavar), and nothing after an on/off flag, instead of typer's ``<int>``, ``<bool>`` labels."""

from __future__ import annotations

from typing import Any

import typer.core

WORDS = {"int": "NUMBER", "float": "NUMBER", "str": "TEXT", "path": "FILE", "bool": ""}


def _words(self: Any, ctx: Any) -> str | None:
    if getattr(self, "is_flag", False) or isinstance(self, typer.core.TyperArgument):
        return None  # a flag takes no value; an argument's name already says what it is
    if self.metavar is not None:
        return str(self.metavar)
    label = _original(self, ctx)
    if label.startswith("<") and label.endswith(">"):
        label = label[1:-1]
    many = label.startswith("list[")
    if many:
        label = label[5:-1]
    word = WORDS.get(label, label.upper())
    return word + (" (repeat)" if many and word else "")


_original = typer.core._TyperParameter.display_type


def install() -> None:
    """Use the words above in every command's help (idempotent)."""
    typer.core.TyperOption.display_type_rich = _words  # type: ignore[method-assign]
    typer.core.TyperArgument.display_type_rich = _words  # type: ignore[method-assign]
