"""Where a state came from: its history, and what one seat has seen of it.

Every state made by ``apply`` keeps a link to the state it came from and the action
applied, outside its fields (``(parent, action)``): equality, hashing, JSON positions and
pickles are unchanged, and a state read from a position, or unpickled, is the root of its
own history. A :class:`~rulespec.Record` carries a history across processes. (Keeping the
parents alive costs random play about 5% against a chain of actions alone, measured; it
is what lets an information state grow by one step per call instead of replaying the
game.)

An *information state* (perfect recall, as game-theory algorithms want it) is what one
seat has seen from the root on: its own view of the root, then at each step its own
action if it acted and what changed in its view. Two histories give a seat equal
information states exactly when that seat cannot tell them apart, because both are built
from nothing but its views (which the leak tests keep honest) and its own actions. What a
seat saw at a step is worked out once and kept on the state (``_memo``), so asking at
every step of a game costs one step's work each time.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.core.leaves import compact, delta, leaves
from rulespec.errors import InvalidArgument


def chain(state: Any) -> list[Any]:
    """Every state of ``state``'s history, from its root to ``state`` itself."""
    out = [state]
    link = getattr(state, "_trail", None)
    while link is not None:
        state = link[0]
        out.append(state)
        link = getattr(state, "_trail", None)
    out.reverse()
    return out


def walk(state: Any) -> tuple[Any, tuple[Any, ...]]:
    """The root state of ``state``'s history and the actions applied since, in order."""
    states = chain(state)
    return states[0], tuple(s._trail[1] for s in states[1:])


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

    def tensor(self) -> array[float]:
        """The information state as numbers: the seat's observation tensor of the state,
        then one slot per step up to the variant's ``max_game_length`` (zeros after the
        last step); see :func:`tensor_layout`."""
        game = self.game
        tensor_size(game)  # refuses variants whose tensor would be too large
        players = game.players
        width = slot_width(game)
        out = array("f", self.current.tensor())
        base = len(out)
        out.frombytes(bytes(out.itemsize * width * game.bounds().max_game_length))
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


@attrs.frozen
class _Step:
    """What one seat saw at one step, kept on the state the step made."""

    seen: Seen
    actor: int
    kind: int
    known: int
    """The action's id plus one."""
    hidden: bool
    """True if this seat did not see which action it was."""
    reveal: bool
    """True if the step showed every seat the actions hidden so far."""


def _memo(state: Any) -> dict[int, _Step]:
    try:
        found: dict[int, _Step] = state._memo
    except AttributeError:
        found = {}
        object.__setattr__(state, "_memo", found)
    return found


def _step(
    before: Any, after: Any, player: int, view: dict[str, object]
) -> tuple[_Step, dict[str, object]]:
    """What ``player`` saw from ``before`` to ``after`` (``view``: the leaves of its view
    of ``before``), with what the tensor needs; and the leaves of its view of ``after``."""
    game = before.game
    action = after._trail[1]
    actor = before.current_player
    own = actor == player
    seen = game.seen_by(before, action)
    now = _leaves(after, player)
    step = _Step(
        Seen(action.to_json() if own else None, delta(view, now)),
        actor if isinstance(actor, int) else game.players,
        _kind_index(game)[type(action)],
        game.action_ids().id(action) + 1,
        not (own or seen is None or player in seen),
        game.reveals(before, after),
    )
    return step, now


def _leaves(state: Any, player: int) -> dict[str, object]:
    return leaves(state.observation(player).to_json())


def _kind_index(game: Any) -> dict[type, int]:
    found: dict[type, int] = game._memoised(
        "kind_index", lambda: {t: i for i, t in enumerate(kinds(game))}
    )
    return found


def information_state(state: Any, player: int) -> InformationState:
    """What ``player`` has seen from the root of ``state``'s history to ``state``."""
    states = chain(state)
    steps: list[_Step | None] = [_memo(s).get(player) for s in states[1:]]
    view: dict[str, object] | None = None
    for i, known in enumerate(steps):
        if known is None:
            before, after = states[i], states[i + 1]
            if view is None:
                view = _leaves(before, player)
            found, view = _step(before, after, player, view)
            _memo(after)[player] = found
            steps[i] = found
        else:
            view = None
    done = [s for s in steps if s is not None]
    codes: list[list[int]] = []
    pending: list[int] = []
    for k, s in enumerate(done):
        codes.append([s.actor, s.kind, 0 if s.hidden else s.known])
        if s.hidden:
            pending.append(k)
        if s.reveal:
            for j in pending:
                codes[j][2] = done[j].known
            pending.clear()
    game = state.game
    return InformationState(
        player,
        states[0].observation(player).to_json(),
        tuple(s.seen for s in done),
        tuple((a, b, c) for a, b, c in codes),
        state.observation(player),
        game,
    )


MAX_TENSOR = 1_000_000
"""The largest information-state tensor offered, in numbers (4 MB as 32-bit floats). A
variant whose steps up to ``max_game_length`` need more (White Lotus with negotiation:
any number of gifts per window makes its proved bound about 1.5 million steps) offers its
information states as text and JSON only."""


def slot_width(game: Any) -> int:
    """Numbers per step: the actor (seats and chance), the action type, the id."""
    players: int = game.players
    return players + 1 + len(kinds(game)) + 1


def tensor_size(game: Any) -> int:
    """The information-state tensor's length; ``InvalidArgument`` above :data:`MAX_TENSOR`."""
    steps = slot_width(game) * game.bounds().max_game_length
    size: int = game.observation_shape()[0] + steps
    if size > MAX_TENSOR:
        raise InvalidArgument(
            f"information_state tensor: this variant's {game.bounds().max_game_length} "
            f"possible steps would need {size} numbers (at most {MAX_TENSOR} are offered); "
            "use the information state's text or JSON"
        )
    return size


def tensor_layout(game: Any) -> tuple[tuple[str, int, int], ...]:
    """The information-state tensor's parts as (name, offset, size): the observation
    tensor, then ``max_game_length`` slots of :func:`slot_width` numbers, each the step's
    ``actor`` (one-hot over the seats, then chance), ``kind`` (one-hot over :func:`kinds`)
    and ``id`` (the action's decision or chance id plus one once this seat knows which
    action it was, else 0); slots after the last step are zeros."""
    base = game.observation_shape()[0]
    players = game.players
    return (
        ("observation", 0, base),
        ("steps[i].actor", base, players + 1),
        ("steps[i].kind", base + players + 1, len(kinds(game))),
        ("steps[i].id", base + players + 1 + len(kinds(game)), 1),
    )
