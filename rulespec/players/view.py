"""What one seat may see of a state: the only thing a player decides from."""

from __future__ import annotations

import random
from typing import Any

from rulespec.core.history import InformationState, acting
from rulespec.errors import InvalidArgument


class SeatView:
    """One seat's view of a state. The state itself is kept out of reach: what is offered
    is the seat's legal actions (a function of what it has seen), its observation and
    information state, and determinisations drawn from that information state.

    The seat must owe a decision (be in ``state.to_act``); in a round of secret choices
    it may be any seat still owing one, not only ``current_player``."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: Any, seat: int) -> None:
        if state.is_terminal or state.is_chance or seat not in state.to_act:
            raise InvalidArgument(
                f"a player for seat {seat} can only choose when that seat owes a decision; "
                f"to act now: {sorted(state.to_act) or 'nobody'}"
            )
        self._state = state
        self.seat = seat
        """The seat deciding."""

    @property
    def game(self) -> Any:
        """The game (variant and options): public."""
        return self._state.game

    @property
    def game_id(self) -> str:
        """The game's id (``castle``, ``lotus``, ...)."""
        game_id: str = self._state.game.spec.id
        return game_id

    def legal_actions(self) -> tuple[Any, ...]:
        """The seat's legal decisions now (what it may do depends only on what it sees;
        the tests check this on resampled states)."""
        legal: tuple[Any, ...] = self._state.legal_actions(player=self.seat)
        return legal

    def observation(self) -> Any:
        """What the seat sees of the state now."""
        return self._state.observation(self.seat)

    def information_state(self) -> InformationState:
        """Everything the seat has seen since the root (perfect recall)."""
        info: InformationState = self._state.information_state(self.seat)
        return info

    def determinise(self, rng: random.Random) -> Any:
        """A full state drawn from the seat's information state (exact resampling: every
        component hidden from the seat redrawn among those consistent with what it has
        seen), with the seat to act in it. Its hidden parts are a guess, never the truth:
        two states the seat cannot tell apart give the same draw for the same ``rng``."""
        drawn = self._state.resample(self.seat, rng)
        return acting(drawn, self.seat)
