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
seat has seen from the root on: its own view of the root, then at each step who acted,
the action as far as the seat saw it (in full if it was its own or public, as the game's
``seen_by`` says, or revealed by the step; else only its type) and what changed in its
view. Two histories give a seat equal information states exactly when that seat cannot
tell them apart, because both are built from nothing but its views (which the leak tests
keep honest) and the actions it saw; text, JSON and tensor agree on it (issue 28, r28:
a public action that left every view alike was in the tensor but not the text). What a
seat saw at each step is worked out once and kept in the step's memo (a node pointing to
the seat's node of the step before, with the step's line of text), with the state the
step made (a copy without history), so a question works out only the steps after the
latest one known, from that state, on this line of play or any branch of it: asking for
every seat at every state costs one view per seat and step, whatever the game's length
(the first question about a long game replays it once). The price: once information
states are asked for, the states of a history stay alive as long as its links do.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping
from typing import Any

import attrs

from rulespec.core.leaves import changes as view_changes
from rulespec.core.leaves import compact

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


def graft(
    state: Any,
    changes: Mapping[int, Any],
    final: Any,
    *,
    root: Any = None,
    keep: int | None = None,
    known: tuple[Any, list[Link]] | None = None,
) -> Any:
    """A copy of ``final`` whose history is ``state``'s with the actions at the indices of
    ``changes`` replaced (and the root by ``root``, if given), each step made by the same
    seat as before: the links before the first change are shared, the later ones new.
    Nothing is replayed: ``final`` must be the state that history leads to, which the
    caller vouches for (a resampler, :mod:`rulespec.core.resample`). If ``keep`` is a seat
    that cannot tell the two histories apart, its information state as worked out for
    ``state`` is carried over, so asking for it on the copy, or on states played on from
    it, replays nothing; the other seats' are worked out afresh when asked for.
    ``known``: :func:`links` of ``state``, if known."""
    old_root, chain = links(state) if known is None else known
    first = 0 if root is not None else min(changes, default=len(chain))
    new = final.but()
    if state.step:
        object.__setattr__(new, "_step", state.step)
    if root is not None and old_root.step and root.step != old_root.step:
        object.__setattr__(root, "_step", old_root.step)  # a redrawn root keeps its step
    if not chain:
        return new
    previous: Any = chain[first - 1] if first else (old_root if root is None else root)
    get = changes.get
    for i, link in enumerate(chain[first:], first):
        if len(link) < 4:
            previous = [previous, get(i, link[1])]
        else:
            previous = [previous, get(i, link[1]), {}, link[3]]
    object.__setattr__(new, "_trail", previous)
    memo = chain[-1][2] if len(chain[-1]) > 2 else {}
    if keep is not None and keep in memo:
        kept = _memo(previous)
        key = _view_key(keep)
        kept[keep] = memo[keep]
        kept[("start", keep)] = memo[("start", keep)]
        kept[_STATE] = _detached(new)
        kept[_FROM] = None
        if key in memo:
            kept[key] = memo[key]
    return new


def acting(before: Any, seat: int | None) -> Any:
    """``before`` as the seat that made the step sees itself act: with ``seat`` (a seat
    owing a secret choice) moved to act, the way ``apply`` moves it."""
    if seat is None:
        return before
    step = before.game.steps[before.phase]
    return before if seat == before.current_player else step.as_seat(before, seat)


def states(state: Any) -> Iterator[Any]:
    """Every state of the history from the root to ``state``: the copies kept once an
    information state was asked for (:func:`information_state`), the rest rebuilt by
    replaying the moves (the links keep actions, not states). A kept copy has no history
    of its own."""
    root, chain = links(state)
    current = root
    yield current
    for link in chain:
        memo = link[2] if len(link) > 2 else None
        kept = memo.get(_STATE) if memo else None
        if kept is None or memo.get(_FROM) is not current:  # type: ignore[union-attr]
            kept = play(current, link[1], seat_of(link))
        current = kept
        yield current


@attrs.frozen
class Seen:
    """One step of the history as one seat saw it: who made it, the action as far as the
    seat saw it, and what changed in its view. Who acted and a public action are part
    of it even where the view comes out the same (issue 28's r28: two identical White
    Castle tasks resolved in the other order leave every view alike, yet every seat saw
    which task was taken)."""

    acted: Mapping[str, Any] | None
    """The seat's own action as JSON if it was this seat's decision, else ``None``."""
    changes: Mapping[str, Any]
    """The leaves of the seat's view that changed (``"-"``: the ones that went away)."""
    actor: int | None = None
    """The seat that made the step, ``None`` for chance."""
    action: Mapping[str, Any] | None = None
    """The action as JSON where the seat saw which it was (its own, a public one, one the
    step itself reveals), else only its ``type`` (what the information-state tensor
    records of a hidden action)."""


class InformationState:
    """Everything one seat has seen since the root of a history (perfect recall).

    ``str()`` gives a compact text, one line per step (``3 seat 1 did {...} saw {...}``:
    the step, who acted, unless this seat did, the action as far as it saw it, and what
    changed in its view), equal for two histories exactly when the seat cannot tell them
    apart; ``to_json()`` the same as data; ``tensor()`` a
    fixed-length summary as numbers in [0, 1] (:func:`tensor_layout`). Equality compares
    the seat, its view of the root and every step.

    It is a handle on what was worked out as play went (:func:`information_state`): the
    steps are read from there only when asked for, so making one costs no more than the
    steps not yet worked out."""

    __slots__ = ("_current", "_node", "_state", "_text", "game", "player", "start")

    player: int
    start: Mapping[str, Any]
    """The seat's view of the root state, as JSON."""
    game: Any

    def __init__(  # the steps worked out (a private node chain), read when asked for
        self,
        player: int,
        start: Mapping[str, Any],
        node: Any,
        state: Any,
        game: Any,
        *,
        text: str | None = None,
    ) -> None:
        self._text = f"start {compact(start)}" if text is None else text
        self.player = player
        self.start = start
        self._node = node
        self._state = state
        self._current: Any = None
        self.game = game

    @property
    def current(self) -> Any:
        """The seat's observation of the state itself (made when first asked for: the
        text does not need it)."""
        if self._current is None:
            self._current = self._state.observation(self.player)
        return self._current

    def _nodes(self) -> list[_Node]:
        out: list[_Node] = []
        node = self._node
        while node is not None:
            out.append(node)
            node = node.prev
        out.reverse()
        return out

    @property
    def steps(self) -> tuple[Seen, ...]:
        """What the seat saw at each step, in order."""
        return tuple(n.step.seen for n in self._nodes())

    def __len__(self) -> int:
        """The number of steps."""
        return 0 if self._node is None else self._node.count

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, InformationState):
            return NotImplemented
        return (
            self.player == other.player
            and len(self) == len(other)
            and self.start == other.start
            and self.steps == other.steps
        )

    def __hash__(self) -> int:
        return hash((self.player, len(self), str(self)))

    def __repr__(self) -> str:
        return f"InformationState(player={self.player}, steps={len(self)})"

    def tensor(self) -> array[float]:
        """The information state as numbers in [0, 1]: the seat's observation tensor of
        the state, the share of ``max_game_length`` played so far, then one slot for each
        of the latest :func:`horizon` steps, the latest first (zeros before the first
        step); see :func:`tensor_layout`. Its length does not grow with the game."""
        game = self.game
        players = game.players
        width = slot_width(game)
        slots = horizon(game)
        out = array("f", self.current.tensor())
        base = len(out)
        out.frombytes(bytes(out.itemsize * (1 + width * slots)))
        out[base] = min(1.0, len(self) / game.bounds().max_game_length)
        base += 1
        scale = 1.0 / _id_count(game)
        revealed = False  # a later step (or this one) showed every hidden action
        node = self._node
        for i in range(slots):
            if node is None:
                break
            s = node.step
            revealed = revealed or s.reveal
            at = base + i * width
            out[at + s.actor] = 1.0
            out[at + players + 1 + s.kind] = 1.0
            if not s.hidden or revealed:
                out[at + width - 1] = s.known * scale
            node = node.prev
        return out

    def to_json(self) -> dict[str, Any]:
        """The information state as a JSON object."""
        return {
            "player": self.player,
            "start": dict(self.start),
            "steps": [
                {
                    "actor": s.actor,
                    "action": None if s.action is None else dict(s.action),
                    "acted": s.acted,
                    "changes": dict(s.changes),
                }
                for s in self.steps
            ],
        }

    def __str__(self) -> str:
        head = f"seat {self.player}\n{self._text}"
        node = self._node
        if node is None:
            return head
        # the lines since the latest node whose text is kept, which hands it over: asked
        # along a line of play, each question joins only the new lines (issue 30)
        lines: list[str] = []
        found = node
        while found is not None and found.text is None:
            lines.append(found.step.line)
            found = found.prev
        lines.reverse()
        if found is None:
            text = "\n".join(lines)
        else:
            text = "\n".join((found.text, *lines)) if lines else found.text
            if found is not node:
                found.text = None
        node.text = text
        return f"{head}\n{text}"


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
    line: str
    """The step's line of the information state's text (worked out once)."""
    actor: int
    kind: int
    known: int
    """The action's id plus one."""
    hidden: bool
    """True if this seat did not see which action it was."""
    reveal: bool
    """True if the step showed every seat the actions hidden so far."""


class _Node:
    """One seat's information state after one step: the step, and the node before it.
    Kept on the link of the step (the nodes of a history are shared by every state
    played on from it)."""

    __slots__ = ("count", "prev", "step", "text")

    def __init__(self, prev: _Node | None, step: _Step) -> None:
        self.prev = prev
        self.step = step
        self.count: int = 1 if prev is None else prev.count + 1
        self.text: str | None = None
        """The steps' lines from the first to this one, kept on the latest node asked
        for only (:meth:`InformationState.__str__`)."""


def _memo(link: Link) -> dict[Any, Any]:
    if len(link) == 2:
        link.append({})
    found: dict[Any, Any] = link[2]
    return found


_STATE = "state"
"""The memo key of the state a link made (a copy without history), kept once any seat's
step there is worked out, so the next step needs no replay (even when play branches)."""
_FROM = "from"
"""The memo key of the state ``_STATE`` was applied to (the kept state of the link
before, or the root), or ``None`` for one :func:`graft` put there. A kept state is reused
only after the state it came from: a game may compare parts of two states by identity
(``reveals``), which holds only between a state and the one applied to it."""


def _view_key(player: int) -> tuple[str, int]:
    """The memo key of ``player``'s view (as JSON) of the state a link made, kept on
    the latest two links worked out for that seat only (so a branch from the state before
    the latest finds it too, and few views per seat stay alive)."""
    return ("view", player)


def _step(
    index: int,
    before: Any,
    after: Any,
    action: Any,
    *,
    player: int,
    view: _View,
    shared: dict[Any, Any],
    seat: int | None = None,
) -> tuple[_Step, _View]:
    """What ``player`` saw at step ``index`` from ``before`` to ``after`` (``view``: its
    view of ``before``), with what the tensor needs; and its view of ``after``.
    ``shared``: the link's memo, where what every seat shares is kept (:func:`_act`).
    ``seat``: who made the step, if out of the fixed order."""
    game = before.game
    act = shared.get(_ACT)
    if act is None:
        act = shared[_ACT] = _act(before, after, action, seat)
    by, seen, reveal, whole, text, kind, known = act
    own = by == player
    now = _view(after, player, view[1])
    hidden = not (own or seen is None or player in seen)
    if hidden and not reveal:
        shown = {"type": whole["type"]}
        text = compact(shown)
    else:
        shown = whole
    acted = whole if own else None
    changes = view_changes(view[0], now[0])
    for k, v in changes.items():
        if (type(v) is list or type(v) is dict) and not v:  # fresh, not the memo's
            changes[k] = type(v)()
    who = "" if own else ("chance " if by is None else f"seat {by} ")
    step = _Step(
        Seen(acted, changes, by, shown),
        f"{index} {who}did {text} saw {compact(changes)}",
        game.players if by is None else by,
        kind,
        known,
        hidden,
        reveal,
    )
    return step, now


_ACT = "act"
"""The memo key of what every seat's step at a link shares (:func:`_act`), worked out
for the first seat asked."""


def _act(before: Any, after: Any, action: Any, seat: int | None) -> tuple[Any, ...]:
    """What a step is for every seat: who made it (``None``: chance), the seats that
    see the action (``seen_by``), whether it reveals, the action's JSON and its text,
    its kind's index and its id plus one."""
    game = before.game
    mover = acting(before, seat)
    actor = mover.current_player
    whole = action.to_json()
    return (
        actor if isinstance(actor, int) else None,
        game.seen_by(mover, action),
        game.reveals(before, after),
        whole,
        compact(whole),
        _kind_index(game)[type(action)],
        game.action_ids().id(action) + 1,
    )


def _kind_index(game: Any) -> dict[type, int]:
    found: dict[type, int] = game._memoised(
        "kind_index", lambda: {t: i for i, t in enumerate(kinds(game))}
    )
    return found


def _pending(state: Any, player: int) -> tuple[Link | None, list[Link], Any]:
    """The latest link of ``state``'s history where ``player``'s step is worked out
    (``None``: none is), the links after it in order, and the history's root."""
    tail: list[Link] = []
    link = getattr(state, "_trail", None)
    root = state
    while link is not None:
        if len(link) >= 3 and player in link[2]:
            tail.reverse()
            return link, tail, None
        tail.append(link)
        root = link[0]
        link = root if type(root) is list else None
    tail.reverse()
    return None, tail, root


def information_state(state: Any, player: int) -> InformationState:
    """What ``player`` has seen from the root of ``state``'s history to ``state``.

    Each step is worked out once per seat and kept on the link that made it, as a node
    pointing to the node before, with the state the step made (a copy without history);
    a question works out only the steps after the latest one known, starting from that
    state, on this line of play or any branch of it. Asking at every step so costs one
    step's views per seat, whatever the length of the game."""
    anchor, tail, root = _pending(state, player)
    key = _view_key(player)
    if anchor is None:
        start, text = _root_view(root, player)
        node = None
        before = root
        view: _View = (start, {})
    else:
        memo = anchor[2]
        node = memo[player]
        start, text = memo[("start", player)]
        before = memo[_STATE]
        kept: _View | None = memo.get(key)
        if kept is None:  # not needed without a tail
            kept = _view(before, player, {}) if tail else (start, {})
        view = kept
        if tail:
            parent = anchor[0]
            if type(parent) is list and len(parent) >= 3:
                parent[2].pop(key, None)  # kept on the latest two links: branches reuse it
            if len(tail) > 1:
                memo.pop(key, None)
    for link in tail:
        memo = _memo(link)
        after = memo.get(_STATE)
        if after is None or memo.get(_FROM) is not before:
            # applied to the kept state before it, even for ``state`` itself: a game may
            # compare parts of two states by identity (``reveals``), which holds only
            # between a state and the one applied to it
            after = memo[_STATE] = _detached(play(before, link[1], seat_of(link)))
            memo[_FROM] = before
        index = 1 if node is None else node.count + 1
        step, view = _step(
            index,
            before,
            after,
            link[1],
            player=player,
            view=view,
            shared=memo,
            seat=seat_of(link),
        )
        node = memo[player] = _Node(node, step)
        memo[("start", player)] = start, text
        before = after
    if tail:
        tail[-1][2][key] = view
    return InformationState(player, start, node, state, state.game, text=text)


_ROOTS: dict[int, tuple[Any, dict[int, tuple[Mapping[str, Any], str]]]] = {}


_View = tuple[object, dict[Any, Any]]
"""A seat's view of a state as JSON, with the JSON of its fields by identity
(:meth:`~rulespec.core.convert.Converter.to_json_reusing`), which the next step's view
reuses where a field is the very object dumped before: a step dumps only what changed
(issue 30: the JSON of the view at every step was most of an information state's cost).
The JSON shares nested values with the memo: read-only."""


class _Handover:
    """The ``Reuse`` of one step's view: reads the step before's memo, and keeps in a
    new one only what this view used, so a memo holds one view's fields and an older
    one, shared by branches, is never written to."""

    __slots__ = ("new", "old")

    def __init__(self, old: dict[Any, Any]) -> None:
        self.old = old
        self.new: dict[Any, Any] = {}

    def get(self, key: tuple[str, int]) -> tuple[Any, Any] | None:
        hit: tuple[Any, Any] | None = self.old.get(key)
        if hit is not None:
            self.new[key] = hit
        return hit

    def __setitem__(self, key: tuple[str, int], entry: tuple[Any, Any]) -> None:
        self.new[key] = entry


def _view(state: Any, player: int, memo: dict[Any, Any]) -> _View:
    """``player``'s view of ``state``, reusing the JSON ``memo`` holds."""
    seen = state.observation(player)
    reusing = getattr(seen, "to_json_reusing", None)
    if reusing is None:
        return seen.to_json(), {}
    handover = _Handover(memo)
    return reusing(handover), handover.new


def _root_view(root: Any, player: int) -> tuple[Mapping[str, Any], str]:
    """``player``'s view of ``root`` as JSON and as the text's ``start`` line, kept for
    the latest few roots (a root has no link to keep it on; OpenSpiel shares one initial
    state between every state of a variant)."""
    found = _ROOTS.get(id(root))
    if found is None or found[0] is not root:
        if len(_ROOTS) >= 16:
            _ROOTS.clear()
        found = _ROOTS[id(root)] = (root, {})
    views = found[1]
    view = views.get(player)
    if view is None:
        start = root.observation(player).to_json()
        view = views[player] = (start, f"start {compact(start)}")
    return view


def _detached(state: Any) -> Any:
    """A copy of ``state`` without its history (so keeping it keeps no link alive),
    with its step."""
    kept = state.but()
    if state.step:
        object.__setattr__(kept, "_step", state.step)
    return kept


HORIZON = 64
"""The most steps an information-state tensor has a slot for (the latest ones)."""


def horizon(game: Any) -> int:
    """The steps the information-state tensor has slots for: the latest :data:`HORIZON`,
    or every step where ``max_game_length`` is smaller."""
    return min(HORIZON, int(game.bounds().max_game_length))


def _id_count(game: Any) -> int:
    """The largest action or chance id plus one: ids plus one, scaled by it, lie in [0, 1]."""
    found: int = game._memoised(
        "id_count", lambda: max(game.num_distinct_actions, game.num_chance_outcomes, 1)
    )
    return found


def slot_width(game: Any) -> int:
    """Numbers per step: the actor (seats and chance), the action type, the id."""
    players: int = game.players
    return players + 1 + len(kinds(game)) + 1


def tensor_size(game: Any) -> int:
    """The information-state tensor's length: the observation's, one for the share of
    the game played, and :func:`horizon` slots of :func:`slot_width`."""
    size: int = game.observation_shape()[0] + 1 + slot_width(game) * horizon(game)
    return size


def tensor_layout(game: Any) -> tuple[tuple[str, int, int], ...]:
    """The information-state tensor's parts as (name, offset, size): the observation
    tensor; ``played``, the steps so far over ``max_game_length``; then :func:`horizon`
    slots of :func:`slot_width` numbers, the latest step first, each the step's ``actor``
    (one-hot over the seats, then chance), ``kind`` (one-hot over :func:`kinds`) and
    ``id`` (the action's decision or chance id plus one once this seat knows which action
    it was, else 0, over the number of ids); slots before the first step are zeros. The
    text (``str()``) keeps every step; the tensor, like a learner's frame stack, only the
    latest ones, so two information states may share a tensor."""
    base = game.observation_shape()[0]
    players = game.players
    return (
        ("observation", 0, base),
        ("played", base, 1),
        ("steps[i].actor", base + 1, players + 1),
        ("steps[i].kind", base + 2 + players, len(kinds(game))),
        ("steps[i].id", base + 2 + players + len(kinds(game)), 1),
    )
