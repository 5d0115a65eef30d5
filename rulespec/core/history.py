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

from array import array
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
    when the seat cannot tell them apart; ``to_json()`` the same as data; ``tensor()``
    the same as a flat array of numbers (:func:`tensor_layout`)."""

    player: int
    start: Mapping[str, Any]
    """The seat's view of the root state, as JSON."""
    steps: tuple[Seen, ...]
    codes: tuple[tuple[int, int, int], ...] = attrs.field(eq=False, repr=False, default=())
    """Per step, what the tensor records: the actor (a seat, or the seat count for
    chance), the action type (its place in :func:`kinds`) and the action's id plus one
    once this seat knows which action it was (its own, a public one, or a secret since
    revealed), else 0."""
    current: Any = attrs.field(eq=False, repr=False, default=None)
    """The seat's observation of the state itself."""
    game: Any = attrs.field(eq=False, repr=False, default=None)

    def tensor(self) -> Any:
        """The information state as numbers: the seat's observation tensor of the state,
        then one slot per step up to the variant's ``max_game_length`` (zeros after the
        last step); see :func:`tensor_layout`."""
        players = self.game.players
        width = players + 1 + len(kinds(self.game)) + 1
        length = self.game.bounds().max_game_length
        if len(self.codes) > length:
            raise AssertionError(
                f"{len(self.codes)} steps, more than the proved max_game_length {length}"
            )
        out = array("f", self.current.tensor())
        base = len(out)
        out.frombytes(bytes(out.itemsize * width * length))
        for i, (actor, kind, known) in enumerate(self.codes):
            at = base + i * width
            out[at + actor] = 1.0
            out[at + players + 1 + kind] = 1.0
            out[at + width - 1] = float(known)
        return out

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


def kinds(game: Any) -> tuple[type, ...]:
    """The game's action types (decisions and chance outcomes) by their JSON ``type``."""
    found: tuple[type, ...] = game._memoised(
        "kinds", lambda: tuple(sorted(game.table.action_types(), key=lambda t: t.KIND))
    )
    return found


def information_state(state: Any, player: int) -> InformationState:
    """What ``player`` has seen from the root of ``state``'s history to ``state``."""
    root, actions = walk(state)
    game = root.game
    ids = game.action_ids()
    kind_of = {t: i for i, t in enumerate(kinds(game))}
    current = root
    view = current.observation(player).to_json()
    start = view
    before = leaves(view)
    steps = []
    codes: list[list[int]] = []
    pending: list[tuple[int, int]] = []  # (step, id + 1) of actions still hidden
    for action in actions:
        actor = current.current_player
        own = actor == player
        acted = action.to_json() if own else None
        seen = game.seen_by(current, action)
        known = ids.id(action) + 1
        code = [actor if isinstance(actor, int) else game.players, kind_of[type(action)], 0]
        if own or seen is None or player in seen:
            code[2] = known
        else:
            pending.append((len(codes), known))
        codes.append(code)
        after_state = current.apply(action)
        if pending and game.reveals(current, after_state):
            for step, value in pending:
                codes[step][2] = value
            pending.clear()
        current = after_state
        after = leaves(current.observation(player).to_json())
        steps.append(Seen(acted, delta(before, after)))
        before = after
    return InformationState(
        player,
        start,
        tuple(steps),
        tuple((a, k, i) for a, k, i in codes),
        current.observation(player),
        game,
    )


def tensor_layout(game: Any) -> tuple[tuple[str, int, int], ...]:
    """The information-state tensor's parts as (name, offset, size): the observation
    tensor, then per step ``actor`` (one-hot over the seats and chance), ``kind`` (one-hot
    over :func:`kinds`) and ``id`` (the action's id plus one once known, else 0)."""
    base = game.observation_shape()[0]
    players = game.players
    width = players + 1 + len(kinds(game)) + 1
    out = [("observation", 0, base)]
    for i in range(game.bounds().max_game_length):
        at = base + i * width
        out += [
            (f"steps[{i}].actor", at, players + 1),
            (f"steps[{i}].kind", at + players + 1, len(kinds(game))),
            (f"steps[{i}].id", at + width - 1, 1),
        ]
    return tuple(out)
