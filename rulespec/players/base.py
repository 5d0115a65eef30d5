"""The player protocol, and the base of the players written on a seat's view."""

from __future__ import annotations

import abc
import random
from typing import Any, Protocol, runtime_checkable

from rulespec.players.view import SeatView


@runtime_checkable
class Player(Protocol):
    """A computer player: ``choose(state, seat, rng)`` returns a legal action for ``seat``.

    A player must decide from what ``seat`` may see: wrap the state in a
    :class:`~rulespec.players.view.SeatView` first and use nothing else
    (:class:`ViewPlayer` does it for you)."""

    name: str
    """What the player is called in a bench table or on the command line."""

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A legal action for ``seat`` (which owes a decision in ``state``)."""


class ViewPlayer(abc.ABC):
    """A player written on a seat's view: subclasses implement :meth:`decide`."""

    name = "player"
    looks_ahead = True
    """Whether the player applies actions to states of its own (determinisations): then
    :func:`rulespec.simulate` leaves what it tried there out of the rule coverage."""

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        """Wrap ``state`` in the seat's view and :meth:`decide` on it alone."""
        return self.decide(SeatView(state, seat), rng)

    @abc.abstractmethod
    def decide(self, view: SeatView, rng: random.Random) -> Any:
        """A legal action for ``view.seat``, from the view alone."""

    def __call__(self, state: Any, rng: random.Random) -> Any:
        """The player as a policy for :func:`rulespec.simulate`: the choice of the seat
        to act (``state.current_player``)."""
        return self.choose(state, state.current_player, rng)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
