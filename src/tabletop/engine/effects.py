"""Card effects in one idiom: a closed vocabulary of typed models, one handler for each.

An effect is a frozen pydantic model (:class:`Effect`) whose ``effect`` field is a ``Literal``
naming it in kebab-case (``"gain-gems"``). A game keeps one :class:`EffectTable` per family:
*static* abilities answer the rules' questions (how strong is this Unit, what does this Kingdom
produce) and never change the state; *triggered* ones change the state when their moment comes.
Each effect is declared exactly once: its model joins a table with :meth:`EffectTable.effect`
(where the content is defined), and its handler is registered once, keyed by the model's type,
with :meth:`EffectTable.handles` (where the rules are). The table derives the rest: the names, the
union the content's pydantic models parse (:meth:`EffectTable.union`), the check of raw data
(errors name file, entry and field) and the proof that every effect has exactly one handler
(:meth:`EffectTable.missing`).

    >>> from typing import Literal
    >>> TRIGGERS = EffectTable("demo", "triggered")
    >>> @TRIGGERS.effect
    ... class GainGems(Effect):
    ...     effect: Literal["gain-gems"]
    ...     n: int
    >>> @TRIGGERS.handles(GainGems)
    ... def gain_gems(purse: dict[str, int], e: GainGems) -> None:
    ...     purse["gems"] += e.n
    >>> purse = {"gems": 1}
    >>> e = TRIGGERS.parse({"effect": "gain-gems", "n": 2}, "cards.yaml", "ruby")
    >>> TRIGGERS.handler(e)(purse, e)
    >>> purse["gems"], TRIGGERS.missing()
    (3, [])
"""

import re
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Generic, TypeVar, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import ContentError

H = TypeVar("H", bound=Callable[..., Any])
E = TypeVar("E", bound="Effect")

# the one naming convention of effect names: lower-case words joined by hyphens
NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


class Effect(BaseModel):
    """Base of every effect model: immutable, unknown fields refused. A subclass narrows
    ``effect`` to a ``Literal`` of its one name."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    effect: str


def effect_name(model: type[BaseModel]) -> str:
    """The name an effect model declares in its ``effect`` field's ``Literal``."""
    field = model.model_fields.get("effect")
    names = get_args(field.annotation) if field is not None else ()
    if len(names) != 1 or not isinstance(names[0], str):
        raise TypeError(f"{model.__name__}: an effect model declares effect: Literal['its-name']")
    return str(names[0])


class EffectTable(Generic[H]):
    """One family of a game's effects: each model with its one handler."""

    def __init__(self, game: str, family: str) -> None:
        self.game = game
        self.family = family
        self._models: dict[str, type[Effect]] = {}
        self._handlers: dict[type[Effect], H] = {}

    # ----------------------------------------------------------------- declaring
    def effect(self, model: type[E]) -> type[E]:
        """Class decorator: the model joins the vocabulary under its name."""
        name = effect_name(model)
        if not NAME.match(name):
            raise ValueError(f"{self.game}: effect name {name!r} is not kebab-case")
        if name in self._models:
            raise ValueError(f"{self.game}: {self.family} effect {name!r} declared twice")
        self._models[name] = model
        return model

    def handles(self, model: type[Effect]) -> Callable[[H], H]:
        """Function decorator: the one handler of ``model``."""
        if self._models.get(effect_name(model)) is not model:
            raise ValueError(
                f"{self.game}: {model.__name__} is not a {self.family} effect of this table"
            )

        def register(handler: H) -> H:
            if model in self._handlers:
                raise ValueError(f"{self.game}: two handlers for the {effect_name(model)} effect")
            self._handlers[model] = handler
            return handler

        return register

    # ----------------------------------------------------------------- reading
    def handler(self, effect: BaseModel) -> H:
        """The handler of one effect (by its model's type)."""
        found = self._handlers.get(type(effect))  # type: ignore[arg-type]
        if found is None:
            raise KeyError(f"{self.game}: no {self.family} handler for {type(effect).__name__}")
        return found

    def names(self) -> frozenset[str]:
        return frozenset(self._models)

    def models(self) -> tuple[type[Effect], ...]:
        return tuple(self._models.values())

    def model(self, name: str) -> type[Effect]:
        found = self._models.get(name)
        if found is None:
            known = ", ".join(sorted(self._models))
            raise KeyError(f"{self.game}: unknown {self.family} effect {name!r} (known: {known})")
        return found

    def __contains__(self, name: object) -> bool:
        return name in self._models

    def missing(self) -> list[str]:
        """The effects declared without a handler (empty once the rules handle every one)."""
        return sorted(n for n, m in self._models.items() if m not in self._handlers)

    def union(self) -> Any:
        """The discriminated union of the models, for a content model's field type."""
        models = tuple(self._models.values())
        if len(models) == 1:
            return models[0]
        return Annotated[Union[models], Field(discriminator="effect")]  # noqa: UP007

    # ----------------------------------------------------------------- content
    def parse(self, raw: Any, file: str, entry: str) -> Effect:
        """One raw effect record as its typed model; a :class:`ContentError` names the file, the
        entry and the field otherwise."""
        problems = self.check(raw, file, entry)
        if problems:
            raise ContentError(file, problems[0])
        parsed: Effect = self._model_of(raw).model_validate(raw)
        return parsed

    def check(self, raw: Any, file: str, entry: str) -> list[str]:
        """Problems with one raw effect record ``{"effect": NAME, ...}`` (empty: it is sound)."""
        if not isinstance(raw, Mapping):
            return [f"{file}, entry {entry!r}: an effect is a mapping, got {raw!r}"]
        name = raw.get("effect")
        if name not in self._models:
            known = ", ".join(sorted(self._models))
            return [
                f"{file}, entry {entry!r}: unknown {self.family} effect {name!r} (known: {known})"
            ]
        try:
            self._model_of(raw).model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            return [f"{file}, entry {entry!r}, effect {name!r}, field {where!r}: {err['msg']}"]
        return []

    def _model_of(self, raw: Mapping[str, Any]) -> type[Effect]:
        return self._models[str(raw["effect"])]
