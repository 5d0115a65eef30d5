"""Where a state came from: its history, and what one seat has seen of it.

Every state made by ``apply`` keeps, outside its fields, a small link: the link of the
state it came from (or that state itself, at the root) and the action applied, plus a memo
once an information state is asked for. Equality, hashing, JSON positions and pickles are
unchanged, and a state read from a position, or unpickled, is the root of its own history.
A :class:`~rulespec.Record` carries a history across processes. The links keep actions,
not states, so old states are freed as play goes on. Measured on random play: the links
cost about 4% per step; keeping every earlier state alive instead cost 10-30% (the
garbage collector scans them all).

An *information state* (perfect recall, as game-theory algorithms want it) is what one
seat has seen from the root on: its own view of the root, then at each step its own
action if it acted and what changed in its view. Two histories give a seat equal
information states exactly when that seat cannot tell them apart, because both are built
from nothing but its views (which the leak tests keep honest) and its own actions. What a
seat saw at each step is worked out once and kept in the step's memo, with a copy of the
latest state asked about, so asking at every step of a game costs one step's work (and
the first question about a long game replays it once).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from rulespec.core.leaves import compact, delta, leaves
from rulespec.errors import InvalidArgument

Link = list[Any]
"""``[previous link, or the root state; action]``, and a memo (a dict per seat and the
state's copy) appended once an information state is asked for. One small list per step:
a tuple and a separate memo would cost two allocations on every ``apply``. A secret
choice committed out of the fixed order (a seat of :attr:`~rulespec.core.kernel.Kernel.to_act`
other than the current player) also names its seat: ``[previous, action, memo, seat]``."""


def links(state: Any) -> tuple[Any, list[Link]]:
    """The root of ``state``'s history and the links from it to ``state``, in order."""
    out: list[Link] = []
    link = getattr(state, "_trail", None)
    root = state
    while link is not None:
        out.append(link)
        root = link[0]
        link = root if type(root) is list else None
    out.reverse()
    return root, out


def walk(state: Any) -> tuple[Any, tuple[Any, ...]]:
    """The root state of ``state``'s history and the actions applied since, in order."""
    root, chain = links(state)
    return root, tuple(link[1] for link in chain)


Move = tuple[Any, int | None]
"""An action of a history and the seat that submitted it out of the fixed order, else
``None`` (the current player, or chance, made it)."""


def moves(state: Any) -> tuple[Any, tuple[Move, ...]]:
    """The root state of ``state``'s history and its moves since, in order: what
    :func:`walk` gives plus who committed each secret choice made out of turn, which
    replaying needs (the action alone would be applied as the next seat in order)."""
    root, chain = links(state)
    return root, tuple((link[1], seat_of(link)) for link in chain)


def seat_of(link: Link) -> int | None:
    """The seat named by a link of a choice committed out of turn, else ``None``."""
    seat: int | None = link[3] if len(link) > 3 else None
    return seat


def play(state: Any, action: Any, seat: int | None) -> Any:
    """``state`` after ``action``, submitted by ``seat`` if it was made out of turn."""
    return state.apply(action) if seat is None else state.apply(action, player=seat)


def acting(before: Any, seat: int | None) -> Any:
    """``before`` as the seat that made the step sees itself act: with ``seat`` (a seat
    owing a secret choice) moved to act, the way ``apply`` moves it."""
    if seat is None:
        return before
    step = before.game.steps[before.phase]
    return before if seat == before.current_player else step.as_seat(before, seat)


def states(state: Any) -> Iterator[Any]:
    """Every state of the history from the root to ``state``, rebuilt by replaying the
    moves from the root (the links keep actions, not states)."""
    root, done = moves(state)
    current = root
    yield current
    for action, seat in done:
        current = play(current, action, seat)
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


def _memo(link: Link) -> dict[Any, Any]:
    if len(link) == 2:
        link.append({})
    found: dict[Any, Any] = link[2]
    return found


_STATE = "state"
"""The memo key of the state a link made, kept (as a copy) by the last question."""


def _step(
    before: Any, after: Any, player: int, view: dict[str, object]
) -> tuple[_Step, dict[str, object]]:
    """What ``player`` saw from ``before`` to ``after`` (``view``: the leaves of its view
    of ``before``), with what the tensor needs; and the leaves of its view of ``after``."""
    game = before.game
    action = after._trail[1]
    mover = acting(before, seat_of(after._trail))
    actor = mover.current_player
    own = actor == player
    seen = game.seen_by(mover, action)
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
    root, chain = links(state)
    steps: list[_Step | None] = [_memo(link).get(player) for link in chain]
    first = next((i for i, s in enumerate(steps) if s is None), len(steps))
    if first < len(steps):
        before = _resume(root, chain, first)
        view = _leaves(before, player)
        for i in range(first, len(steps)):
            after = play(before, chain[i][1], seat_of(chain[i]))
            if steps[i] is None:
                steps[i], view = _step(before, after, player, view)
                _memo(chain[i])[player] = steps[i]
            else:
                view = _leaves(after, player)
            before = after
        for link in chain[:-1]:
            if len(link) >= 3:
                link[2].pop(_STATE, None)  # only the latest state is kept
        _memo(chain[-1])[_STATE] = _detached(before)
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
    return InformationState(
        player,
        root.observation(player).to_json(),
        tuple(s.seen for s in done),
        tuple((a, b, c) for a, b, c in codes),
        state.observation(player),
        state.game,
    )


def _detached(state: Any) -> Any:
    """A copy of ``state`` without its history (so keeping it keeps no link alive),
    with its step."""
    kept = state.but()
    if state.step:
        object.__setattr__(kept, "_step", state.step)
    return kept


def _resume(root: Any, chain: list[Link], first: int) -> Any:
    """The state before step ``first``: a kept copy where there is one, else replayed
    from the nearest kept copy or from the root."""
    for i in range(first - 1, -1, -1):
        link = chain[i]
        if len(link) >= 3 and _STATE in link[2]:
            state = link[2][_STATE]
            break
    else:
        i, state = -1, root
    for link in chain[i + 1 : first]:
        state = play(state, link[1], seat_of(link))
    return state


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
