"""Where a state came from: its history, and what one seat has seen of it.

Every state reached by ``apply`` remembers the action that made it and the state it came
from, as a chain of small cells (``(previous cell or root state, action)``) kept outside
the state's fields: equality, hashing, JSON positions and pickles are unchanged, and a
state read from a position, or unpickled, is the root of its own history. A
:class:`~rulespec.Record` carries a history across processes.

An *information state* (perfect recall, as game-theory algorithms want it) is what one
seat has seen from the root on: its own view of the root, then at each step its own
action if it acted and what changed in its view. Two histories give a seat equal
information states exactly when that seat cannot tell them apart, because both are built
from nothing but its views (which the leak tests keep honest) and its own actions.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from rulespec.core.leaves import compact, delta, leaves

Cell = tuple[Any, Any]
"""``(previous cell, or the root state; action)``."""


def walk(state: Any) -> tuple[Any, tuple[Any, ...]]:
    """The root state of ``state``'s history and the actions applied since, in order."""
    cell = getattr(state, "_trail", None)
    if cell is None:
        return state, ()
    actions = []
    while type(cell) is tuple:
        cell, action = cell
        actions.append(action)
    actions.reverse()
    return cell, tuple(actions)


def states(state: Any) -> Iterator[Any]:
    """Every state of the history from the root to ``state`` (rebuilt by replaying the
    actions from the root: the chain keeps actions, not states, so old states are freed)."""
    root, actions = walk(state)
    current = root
    yield current
    for action in actions:
        current = current.apply(action)
        yield current


@attrs.frozen
class Seen:
    """One step of the history as one seat saw it."""

    acted: Mapping[str, Any] | None
    """The seat's own action as JSON if it was this seat's decision, else ``None``."""
    changes: Mapping[str, Any]
    """The leaves of the seat's view that changed (``"-"``: the ones that went away)."""


@attrs.frozen
class InformationState:
    """Everything one seat has seen since the root of a history (perfect recall).

    ``str()`` gives a compact text, one line per step, equal for two histories exactly
    when the seat cannot tell them apart; ``to_json()`` the same as data."""

    player: int
    start: Mapping[str, Any]
    """The seat's view of the root state, as JSON."""
    steps: tuple[Seen, ...]

    def to_json(self) -> dict[str, Any]:
        """The information state as a JSON object."""
        return {
            "player": self.player,
            "start": dict(self.start),
            "steps": [{"acted": s.acted, "changes": dict(s.changes)} for s in self.steps],
        }

    def __str__(self) -> str:
        lines = [f"seat {self.player}", f"start {compact(self.start)}"]
        for i, s in enumerate(self.steps, 1):
            own = f" did {compact(s.acted)}" if s.acted is not None else ""
            lines.append(f"{i}{own} saw {compact(s.changes)}")
        return "\n".join(lines)


def information_state(state: Any, player: int) -> InformationState:
    """What ``player`` has seen from the root of ``state``'s history to ``state``."""
    root, actions = walk(state)
    current = root
    view = current.observation(player).to_json()
    start = view
    before = leaves(view)
    steps = []
    for action in actions:
        acted = action.to_json() if current.current_player == player else None
        current = current.apply(action)
        after = leaves(current.observation(player).to_json())
        steps.append(Seen(acted, delta(before, after)))
        before = after
    return InformationState(player, start, tuple(steps))
