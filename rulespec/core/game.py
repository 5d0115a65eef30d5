"""What every game's ``Game`` class shares: settings, new games, positions, records.

A game package's ``game.py`` is its composition root. It declares the :class:`GameSpec`
(pure data) and a frozen ``Game`` class that inherits from :class:`BaseGame` and binds,
as class attributes, the game's typed variant table, its phase table
(:class:`~rulespec.core.kernel.PhaseTable`), its views
(:class:`~rulespec.core.kernel.Views`) and its action reader. Everything else on this page
is derived from those, once for every game (one level of inheritance, no hooks).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

from rulespec.core.api import Action, GameSpec
from rulespec.core.kernel import PhaseTable, Step, Views
from rulespec.core.play import advance
from rulespec.core.record import Record
from rulespec.core.variants import TypedTable


class BaseGame:
    """Shared behaviour of a game's frozen ``Game`` class (fields ``variant`` and
    ``options``, at least)."""

    __slots__ = ()

    spec: ClassVar[GameSpec]
    """The game's declarative record."""
    typed: ClassVar[TypedTable[Any, Any]]
    """The variant table with its typed variant and options classes."""
    table: ClassVar[PhaseTable[Any, Any]]
    """The phases, each with who acts, what is legal and what each action does."""
    steps: ClassVar[Mapping[Any, Step[Any, Any]]]
    """``table.steps``, where the kernel looks it up on every call."""
    views: ClassVar[Views]
    """The functions that look at a state: observation, JSON, invariants, text."""
    read_action: ClassVar[Callable[[Mapping[str, Any]], Action]]
    """Reads one action of this game from JSON."""

    variant: Any
    options: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table = cls.__dict__.get("table")
        if table is not None:
            cls.steps = table.steps
        reader = cls.__dict__.get("read_action")
        if reader is not None and not isinstance(reader, staticmethod):
            cls.read_action = staticmethod(reader)

    @classmethod
    def make(cls, **settings: Any) -> Self:
        """The game for ``settings`` (``rulespec.game(id, **settings)`` ends up here):
        the variant table's axes pick the column, every other name is an option."""
        variant, options = cls.typed.split(settings)
        return cls(variant, options)  # type: ignore[call-arg]

    @property
    def players(self) -> int:
        """Number of seats, numbered 0 … players-1 in turn order."""
        players: int = self.variant.players
        return players

    def settings(self) -> Mapping[str, object]:
        """The variant axes and options as keyword arguments for :func:`rulespec.game`."""
        return self.typed.settings(self.variant, self.options)

    def initial_state(self) -> Any:
        """The state before any chance: setup is still to be dealt."""
        raise NotImplementedError

    def new_game(self, seed: int | None = None, *, rng: random.Random | None = None) -> Any:
        """The first decision state, setup chance sampled with ``random.Random(seed)``
        (or with ``rng``)."""
        if rng is None:
            rng = random.Random(seed)
        return advance(self.initial_state(), rng)

    def state_from_json(self, data: Mapping[str, Any]) -> Any:
        """Load a position; :class:`~rulespec.MalformedPosition` lists every problem."""
        return self.views.load(self, data)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Read one action; :class:`~rulespec.MalformedAction` if it names none."""
        return type(self).read_action(data)

    def record(self, played: tuple[Action, ...], seed: int | None = None) -> Record:
        """A replayable record of ``played`` (decisions only when ``seed`` is given)."""
        return Record.of(self, played, seed)

    def narrate(self, before: Any, action: Action, after: Any) -> str:
        """One readable log entry: what ``action`` did between ``before`` and ``after``."""
        return self.views.narrate(before, action, after)
