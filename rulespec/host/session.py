"""Sessions: one table of a game as a server runs it, with its chance, views and record.

A :class:`Session` owns a state and the chance that drives it. Clients send decisions
(:meth:`Session.submit`, as JSON or notation, with the step of the view they decided on);
the session applies them for the seat the server authenticated if nothing that seat sees
has changed since (its guard, :meth:`Session.guard`), then resolves every chance node
itself. Each seat gets one strict-JSON object to look at (:meth:`Session.view`), and a
spectator the public part (:meth:`Session.spectator_view`). A crash costs nothing that
was saved: :func:`resume` rebuilds the session from a :meth:`Session.checkpoint` (the
position, the seed, the record and the guards) or from its :meth:`Session.record`, and
the future chance is the one the uninterrupted session would have drawn.

Since issue 32 a server can store a move before the table makes it
(:meth:`Session.prepare`, then :meth:`Session.commit`, or ``submit(..., store=...)``),
resume from the rows it stored (``resume(first_checkpoint, rows=rows)``: rows carry a
position every :attr:`Session.position_every` decisions, so a restart replays at most
that many), and wait for the next step (:meth:`Session.wait`, :meth:`Session.wait_async`,
:meth:`Session.listen`, and :meth:`Session.stream` for a push) instead of polling.

Decision (issue 20): the stale guard is per seat, the step at which what the seat sees
last changed, not the table's step: in a round of secret choices every seat decides on
the view it had when the round began, and another seat's commitment (all it shows is
that the seat has committed) must not make those choices stale. A digest of each seat's
observation was the other way; it would have to leave out the commitment flags (game by
game), and a view that changes and changes back would look unchanged. The guard is a
step, so a client that echoes its view's ``step`` (as before) needs no change.

Decision (issue 13): chance is drawn from (seed, step), not from a generator carried
along. The chance node reached at step ``n`` is sampled with its own generator keyed by
the seed and ``n`` (:func:`rulespec.core.chance.at_step`), so no generator state exists:
a checkpoint is ``{game, settings, seed, position}`` (and since issue 20 the record and
the guards). The other way, a checkpoint of the
position and the state of one ``random.Random`` (``getstate()``: 625 numbers), was
measured on this project's machine (2 shared cores, Python 3.11): its generator state is
7.3 KB of JSON beside a 1.5 KB position; restoring it costs 35 µs on top of reading the
position (0.43 to 0.53 ms), and saving it after each move 36 µs on top of the position's
45 to 75 µs. A generator per chance node costs 1.4 µs (BLAKE2b,
:class:`~rulespec.core.chance.StepRandom`; seeding a Mersenne Twister would cost 3.9 µs):
per decision, 2 µs in Mandala (1.4 chance nodes follow one) and 0.1 µs in White Lotus
(0.08). Both restore without a replay; (seed, step) keeps the checkpoint small, costs less
per move than saving a generator would, and makes a session a function of its position
and seed alone (any process holding them goes on identically). What it costs: a session
seeded with ``s`` deals another game than ``game.new_game(seed=s)``, and its record says
so (``draws="step"``, :class:`~rulespec.Record`). The measurements are in the docs'
"Serving games" page.

Decision (issue 32): rows carry a position every 16 decisions, rather than the server
pairing rows with checkpoints of its own: the store stays one append-only list per table,
and a restart reads one position and replays at most 15 rows, 1.4 to 2.6 times the cost of
a checkpoint resume where replaying every row cost 7 to 19 times (measured in the docs'
"Serving games" page). Every 8 rows is no faster (reading the rows' shape then weighs as
much as the replay) and doubles what the positions add to the rows; every 32 costs half
as much again at restart; every 16 adds a third to two thirds to the rows' size. Rows
before the last position are checked for their shape and their steps (a row missing or
moved shows in the steps: each row's step is the one before plus one plus its chance),
not replayed, as a checkpoint's actions are trusted; :func:`record_from_rows` replays and
compares every row.
"""

from __future__ import annotations

import contextlib
import json
import operator
import random
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from rulespec.catalog import game, load_record
from rulespec.core.api import JSON, Action, Game
from rulespec.core.chance import at_step
from rulespec.core.compact import compact
from rulespec.core.convert import Reuse
from rulespec.core.record import Record, settings_from_json, settle
from rulespec.core.seats import Seats, check_seat, is_seat
from rulespec.core.seeds import SEED_MAX, check_seed, seed_or_new, seed_problem
from rulespec.core.variants import stored_settings
from rulespec.errors import (
    InvalidArgument,
    MalformedAction,
    MalformedRecord,
    RulespecError,
    StaleAction,
    bounded,
    cut,
)

if TYPE_CHECKING:
    from rulespec.players.base import Player

CHECKPOINT_KEYS = frozenset({"game", "settings", "seed", "position"})
"""The keys every checkpoint has."""

CHECKPOINT_HISTORY_KEYS = frozenset({"actions", "seats", "guards"})
"""The keys a checkpoint written since issue 20 adds: the decisions since setup and the
seat of each (the table's record, absent when the table's history is unknown) and each
seat's guard. A checkpoint without them still resumes (its guards then start at its step)."""

ROW_KEYS = ("step", "seat", "action", "chance", "guards")
"""The keys every row has (:meth:`Submitted.to_json`)."""

ROW_EXTRA_KEYS = ("to_act", "is_over", "position")
"""The keys a row written since issue 32 adds: the seats to act and whether the game is
over after it (always), and the position after it (every :attr:`Session.position_every`
decisions). A row without them (written by 1.0.0) is read as before."""

POSITION_EVERY = 16
"""By default a row carries the position after it every this many decisions (see the
module's decision of issue 32): a restart from rows replays at most this many."""

MAX_ROW_PROBLEMS = 10
"""Rows that cannot be read are reported up to this many, and the first row that does not
replay ends the check (none after it can be checked): the message stays a few KB however
many bad rows a store holds (r21)."""

_ROW_PROBLEM = 300
"""Each problem of a row is cut to this many characters."""

_MISSING: Any = object()
_WAITING = threading.Lock()  # makes each table's condition once, whichever thread asks


class Submitted(int):
    """What :meth:`Session.submit` (and :meth:`Session.prepare`) returns: the new step
    (it *is* that ``int``, so code that used the step goes on working) and the row a store
    appends to keep the table's history without calling :meth:`Session.record` on every
    move."""

    seat: int
    """The seat that sent the decision."""
    action: Action
    """The decision as the game read it (its canonical form, whatever the client sent)."""
    chance: tuple[Action, ...]
    """The chance outcomes the session drew after it, in order."""
    guards: tuple[int, ...]
    """Each seat's guard after it (:meth:`Session.guard`)."""
    to_act: Seats
    """The seats that owe a decision after it (since issue 32)."""
    is_over: bool
    """Whether the game is over after it (since issue 32)."""
    position: JSON | None
    """The position after it (``state.to_json()``) on every
    :attr:`Session.position_every`-th row, else ``None``: what lets :func:`resume` start
    from the last such row instead of replaying every row (since issue 32)."""

    def __new__(
        cls,
        step: int,
        seat: int,
        action: Action,
        chance: tuple[Action, ...],
        guards: tuple[int, ...],
        *,
        to_act: Iterable[int] = (),
        is_over: bool = False,
        position: JSON | None = None,
    ) -> Submitted:
        made = super().__new__(cls, step)
        made.seat = seat
        made.action = action
        made.chance = chance
        made.guards = guards
        made.to_act = Seats(to_act)
        made.is_over = is_over
        made.position = position
        return made

    _pending: tuple[Session, Any, Any] | None = None
    """(the table, the state it was prepared at, the state after): what commit() makes."""

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_pending"}

    def __getnewargs_ex__(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        # copies and pickles rebuild it whole (an int's own would pass the step alone);
        # what commit() needs stays behind: a copy is a row, not a move to make
        args = (int(self), self.seat, self.action, self.chance, self.guards)
        return args, {
            "to_act": tuple(self.to_act),
            "is_over": self.is_over,
            "position": self.position,
        }

    @property
    def step(self) -> int:
        """The table's step after the decision and its chance."""
        return int(self)

    def to_json(self) -> JSON:
        """``{"step", "seat", "action", "chance", "guards", "to_act", "is_over"}`` and,
        on a row that carries one, ``"position"``: one row for a store;
        :func:`~rulespec.host.session.resume` (``rows=``) and
        :func:`~rulespec.host.session.record_from_rows` read them back."""
        out: JSON = {
            "step": int(self),
            "seat": self.seat,
            "action": self.action.to_json(),
            "chance": [a.to_json() for a in self.chance],
            "guards": list(self.guards),
            "to_act": list(self.to_act),
            "is_over": self.is_over,
        }
        if self.position is not None:
            out["position"] = self.position
        return out


class Session:
    """One table: a game's state, the seed all its chance comes from, and what was sent.

    Not thread-safe: a server serialises the calls on one session (a lock per table);
    :meth:`wait` alone may be called from any thread at any time. The seed is a secret:
    whoever knows it can work out every hidden card and chip to come, so it stays on the
    server, in checkpoints and records the server keeps.
    """

    __slots__ = (
        "_actions", "_fields", "_from_setup", "_guards", "_json", "_listeners", "_memo",
        "_seats", "_state", "_waiting", "game", "position_every", "seed",
    )  # fmt: skip

    def __init__(
        self,
        game: Game[Any],
        state: Any,
        seed: int,
        actions: tuple[Action, ...] = (),
        seats: tuple[int | None, ...] = (),
        *,
        from_setup: bool = True,
        guards: tuple[int, ...] | None = None,
        actions_json: list[JSON] | None = None,
    ) -> None:
        self.game = game
        """The game (variant and options) played at this table."""
        self.seed = check_seed(seed)
        """The seed of all the chance: keep it secret (see the class docstring)."""
        self.position_every = POSITION_EVERY
        """Every this many decisions a row carries the position after it
        (:attr:`Submitted.position`); 0: never (a restart from rows then replays them all)."""
        self._state = settle(state, seed)
        # the decisions, each as an action or its JSON or both (None: not worked out yet):
        # a table resumed from a checkpoint or rows reads its actions only when record()
        # asks, and one replayed from a record writes their JSON only when checkpoint()
        # asks, so resuming costs neither (issue 32)
        self._actions: list[Action | None] = list(actions)
        self._json: list[JSON | None] = [None] * len(actions)
        if actions_json is not None:
            self._actions = [None] * len(actions_json)
            self._json = list(actions_json)
        self._seats = list(seats)
        self._from_setup = from_setup
        step = self._state.step
        self._guards = [step] * game.players if guards is None else list(guards)
        self._memo: dict[Any, Any] = {}
        self._fields = _Generations()
        self._listeners: list[Callable[[Submitted], object]] = []
        self._waiting: threading.Condition | None = None

    def __repr__(self) -> str:
        return f"<Session {self.game.spec.id}, step {self.step}, to act: {list(self.to_act)}>"

    @property
    def state(self) -> Any:
        """The current state: a decision or the end, never a chance node (the session
        resolves those). The whole state: never send it to a client."""
        return self._state

    @property
    def step(self) -> int:
        """The current state's :attr:`~rulespec.core.kernel.Kernel.step`: what a client
        echoes as ``expect_step``. It grows with every accepted decision and never
        otherwise: it is the table's version (:meth:`wait` waits for it to grow)."""
        step: int = self._state.step
        return step

    @property
    def to_act(self) -> Seats:
        """The seats that owe a decision now (any order, in a round of secret choices):
        a frozenset, as in 1.0.0, that iterates in ascending order and takes an index
        (:class:`~rulespec.core.seats.Seats`), so it reads as a view's sorted list."""
        return Seats(self._state.to_act)

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        over: bool = self._state.is_terminal
        return over

    @property
    def guards(self) -> tuple[int, ...]:
        """Every seat's guard (:meth:`guard`), seat 0 first."""
        return tuple(self._guards)

    def guard(self, seat: int) -> int:
        """The step at which what ``seat`` sees last changed: any ``expect_step`` from it
        to :attr:`step` is a choice made on the seat's current view, and is accepted.

        It moves to the new step after every accepted decision, for every seat, except
        one: in a round of secret choices, when another seat commits and this seat still
        owes its own choice in the same round (no chance drawn in between), this seat's
        guard stays. All it could learn is that the other seat has committed, and a
        choice made at the same time as the others cannot depend on theirs."""
        return self._guards[check_seat(seat, self.game.players)]

    # --- taking a decision ----------------------------------------------------------

    def submit(
        self,
        seat: int,
        action: object,
        *,
        expect_step: int = _MISSING,
        unguarded: bool = False,
        store: Callable[[Submitted], object] | None = None,
    ) -> Submitted:
        """Apply ``action`` for ``seat`` and resolve the chance that follows; returns the
        new step, as a :class:`Submitted` that also holds the row a store appends (the
        decision as read, the chance drawn, the guards, who is to act).

        ``seat`` is the seat the server authenticated, never one the client names: a
        whole number from 0 to ``players - 1`` (``None`` is an
        :class:`~rulespec.InvalidArgument`, never "whoever is to act"). ``action`` is the
        client's action as a JSON object (``{"type": "bid", ...}``) or in the game's
        notation (``"b1:3"``). ``expect_step`` is required: the ``step`` (or ``guard``)
        of the view the client decided on. It is accepted from the seat's
        :meth:`guard` to the current step, else the action is stale
        (:class:`~rulespec.StaleAction`): something the seat sees has changed since.
        ``None`` is no step (:class:`~rulespec.InvalidArgument`); code without clients
        that wants no guard says ``unguarded=True`` instead of ``expect_step``.

        ``store``, if given, is called with the row before the table moves: if it raises
        (a full disk, a constraint), the exception propagates and the table is as it
        was, step, guards, views and record (issue 32). It is :meth:`prepare`, then
        ``store(row)``, then :meth:`commit`.

        Errors: :class:`~rulespec.MalformedAction` (or
        :class:`~rulespec.MalformedNotation`), :class:`~rulespec.StaleAction`,
        :class:`~rulespec.NotYourTurn` (also after the end: nobody is to act),
        :class:`~rulespec.IllegalAction`, :class:`~rulespec.InvalidArgument`; each with a
        ``code`` and ``to_json()``, and nothing applied."""
        row = self.prepare(seat, action, expect_step=expect_step, unguarded=unguarded)
        if store is not None:
            store(row)
        return self.commit(row)

    def prepare(
        self,
        seat: int,
        action: object,
        *,
        expect_step: int = _MISSING,
        unguarded: bool = False,
    ) -> Submitted:
        """Everything :meth:`submit` does but move the table: the action is read,
        checked against the guard and applied, the chance drawn, and the row returned;
        the table stays where it was until :meth:`commit` is given the row. A server
        stores the row in between, so a row that could not be stored is a move never
        made. The same arguments and errors as :meth:`submit`."""
        seat = check_seat(seat, self.game.players)
        if unguarded is not False and unguarded is not True:
            raise InvalidArgument(f"unguarded: expected true or false, got {bounded(unguarded)}")
        if unguarded:
            if expect_step is not _MISSING:
                raise InvalidArgument(
                    "expect_step: give expect_step or unguarded=True, not both",
                    argument="expect_step",
                )
        elif expect_step is _MISSING:
            raise InvalidArgument(
                "expect_step: required, the step of the view the client decided on (code "
                "without clients passes unguarded=True)",
                argument="expect_step",
            )
        else:
            self._check_guard(seat, expect_step)
        decision = self._read(action)
        before = self._state
        state = before.apply(decision, player=seat)
        drawn: list[Action] = []
        while state.is_chance:
            outcome = state.sample_chance(at_step(self.seed, state.step))
            drawn.append(outcome)
            state = state.apply(outcome)
        guards = list(self._guards)
        _move_guards(guards, before, seat, state)
        every = self.position_every
        count = len(self._seats) + 1
        position = state.to_json() if every > 0 and count % every == 0 else None
        row = Submitted(
            state.step,
            seat,
            decision,
            tuple(drawn),
            tuple(guards),
            to_act=state.to_act,
            is_over=state.is_terminal,
            position=position,
        )
        row._pending = (self, before, state)
        return row

    def commit(self, row: Submitted) -> Submitted:
        """Make the move :meth:`prepare` returned ``row`` for (once it is stored): the
        table goes to the row's step, its record and guards with it, and whoever
        :meth:`listen`\\ s or :meth:`wait`\\ s hears of it. A row prepared when the
        table was at another step (another move was committed since) is a
        :class:`~rulespec.StaleAction` and changes nothing, as is a row committed once
        already; a row this table did not prepare is an :class:`~rulespec.InvalidArgument`."""
        pending = getattr(row, "_pending", None)
        if not isinstance(row, Submitted) or pending is None or pending[0] is not self:
            raise InvalidArgument(
                f"row: not a row this table prepared (or committed already), got {bounded(row)}",
                argument="row",
            )
        _, before, state = pending
        if before is not self._state:
            raise StaleAction(before.step, self.step)
        row._pending = None
        self._state = state
        self._actions.append(row.action)
        self._json.append(None)
        self._seats.append(row.seat)
        self._guards = list(row.guards)
        self._memo.clear()
        self._fields.age()
        self._tell(row)
        return row

    # --- computer players (issue 31) -----------------------------------------------

    def bot_rng(self, seat: int) -> random.Random:
        """The generator a computer player for ``seat`` decides with at this step: keyed by
        the seed, the step and the seat (as chance is, :func:`rulespec.core.chance.at_step`,
        but never the same stream), so a table of bots is a function of its seed alone."""
        return random.Random(f"bot {self.seed} {self.step} {check_seat(seat, self.game.players)}")

    def play(
        self,
        seat: int,
        player: Player,
        *,
        rng: random.Random | None = None,
        store: Callable[[Submitted], object] | None = None,
    ) -> Submitted:
        """Let ``player`` (:mod:`rulespec.players`) make ``seat``'s decision, and submit it
        as :meth:`submit` does (``store`` as there; no guard: the player decides on the
        current view). ``rng`` defaults to :meth:`bot_rng`. The player sees only what
        ``seat`` may see (:class:`~rulespec.players.view.SeatView`); a seat that owes no
        decision is an :class:`~rulespec.InvalidArgument`."""
        chosen = player.choose(self._state, seat, self.bot_rng(seat) if rng is None else rng)
        return self.submit(seat, chosen, unguarded=True, store=store)

    def play_bots(
        self,
        bots: Mapping[int, Player],
        *,
        store: Callable[[Submitted], object] | None = None,
    ) -> tuple[Submitted, ...]:
        """Let the computer players move for their seats (``{seat: player}``) until only
        seats they do not play owe a decision, or the game is over; the rows, in order.
        In a round of secret choices the bots commit theirs while a human still owes one
        (neither sees the other's). Each decides with :meth:`bot_rng`."""
        rows: list[Submitted] = []
        for seat in bots:
            check_seat(seat, self.game.players)
        while not self.is_over:
            owing = [s for s in self.to_act if s in bots]
            if not owing:
                break
            rows.append(self.play(owing[0], bots[owing[0]], store=store))
        return tuple(rows)

    def _check_guard(self, seat: int, expect_step: object) -> None:
        if expect_step is None:  # a JSON null from a client must not switch the guard off
            raise InvalidArgument(
                "expect_step: null is no step; send the step of the view decided on (code "
                "without clients passes unguarded=True)",
                argument="expect_step",
            )
        if type(expect_step) is not int or not 0 <= expect_step <= SEED_MAX:
            raise InvalidArgument(
                "expect_step: expected a step, a whole number from 0 to 2**63 - 1, got "
                f"{bounded(expect_step)}",
                argument="expect_step",
            )
        if not self._guards[seat] <= expect_step <= self.step:
            raise StaleAction(expect_step, self.step, since=self._guards[seat])

    def _read(self, action: object) -> Action:
        if isinstance(action, Mapping):
            return self.game.action_from_json(action)
        if isinstance(action, str):
            # no state: a notation error then suggests nothing, where the closest legal
            # actions of the state could be another seat's secret
            return self.game.parse_action(action)
        if type(action) in self.game.table.action_types():  # type: ignore[attr-defined]
            found: Action = action  # type: ignore[assignment]
            return found
        raise MalformedAction(
            [
                'expected an action: a JSON object with its "type", or the action\'s '
                f"notation as text, got {bounded(action)}"
            ]
        )

    # --- hearing of the next step (issue 32) -----------------------------------------

    def listen(self, callback: Callable[[Submitted], object]) -> Callable[[], None]:
        """Call ``callback(row)`` after every move the table makes from now on, in the
        thread that made it, before :meth:`submit` (or :meth:`commit`) returns; returns
        the function that stops it. A callback should be quick (wake a waiter, queue a
        push) and not raise: an exception from one is logged (logger ``rulespec``) and
        the others are still called, since the move is made."""
        self._listeners.append(callback)

        def stop() -> None:
            with contextlib.suppress(ValueError):  # stopped already
                self._listeners.remove(callback)

        return stop

    def wait(self, after: int, timeout: float | None = None) -> int:
        """Block until the table's :attr:`step` is past ``after`` (or ``timeout``
        seconds have gone by), and return the step. Safe from any thread, without the
        table's lock: a push handler waits here, then takes the lock to build its view.
        A finished game moves no more: only the timeout ends a wait past its last step."""
        if type(after) is not int:
            raise InvalidArgument(f"after: expected a step, got {bounded(after)}")
        if self._state.step > after:
            return self.step
        waiting = self._condition()
        with waiting:
            waiting.wait_for(lambda: self._state.step > after, timeout)
        return self.step

    async def wait_async(self, after: int) -> int:
        """:meth:`wait` for asyncio: ``await table.wait_async(step)`` returns the step
        once it is past ``after``, whichever thread moves the table (a timeout is the
        caller's: ``asyncio.wait_for``)."""
        import asyncio  # noqa: PLC0415 (asyncio costs 10 ms to import; most servers use threads)

        if type(after) is not int:
            raise InvalidArgument(f"after: expected a step, got {bounded(after)}")
        loop = asyncio.get_running_loop()
        moved: asyncio.Future[None] = loop.create_future()

        def wake(_: Submitted) -> None:
            loop.call_soon_threadsafe(_resolve, moved)

        stop = self.listen(wake)
        try:
            if self._state.step <= after:
                await moved
        finally:
            stop()
        return self.step

    def stream(
        self,
        seat: int | None = None,
        *,
        lock: AbstractContextManager[object] | None = None,
        timeout: float | None = None,
    ) -> Iterator[str | None]:
        """What a push (server-sent events, a websocket) sends one client: the view of
        ``seat`` (:meth:`view_json`; ``None``: the spectator's,
        :meth:`spectator_view_json`) now, then again after every move, until the view
        of the finished game; ``None`` after ``timeout`` seconds without a move, so the
        caller can send a keep-alive (and find out that the client has gone). It waits
        without ``lock`` (:meth:`wait`) and builds each view holding it: pass the lock
        that serialises the calls on this table. Each view is built once per step
        however many clients stream it, and only for a seat someone streams."""
        if seat is not None:
            check_seat(seat, self.game.players, "stream")
        step = -1
        while step < 0 or not self.is_over:
            if self.wait(step, timeout) <= step:
                yield None
                continue
            with lock if lock is not None else contextlib.nullcontext():
                step = self.step
                text = self.spectator_view_json() if seat is None else self.view_json(seat)
            yield text

    def _condition(self) -> threading.Condition:
        with _WAITING:
            if self._waiting is None:
                self._waiting = threading.Condition()
            return self._waiting

    def _tell(self, row: Submitted) -> None:
        """Wake every waiter and call every listener: a move was made."""
        waiting = self._waiting
        if waiting is not None:
            with waiting:
                waiting.notify_all()
        for callback in tuple(self._listeners):
            try:
                callback(row)
            except Exception:
                import logging  # noqa: PLC0415 (only when a listener fails)

                logging.getLogger("rulespec").exception("a session listener raised")

    # --- what seats see ---------------------------------------------------------------

    def view(self, seat: int) -> JSON:
        """What ``seat`` may see now, as one strict-JSON object::

            {"seat": 1, "step": 17, "guard": 16, "to_act": [0, 1],
             "observation": {...}, "legal_actions": [...], "outcome": null}

        ``observation`` is the seat's observation; ``guard`` the step at which it last
        changed (:meth:`guard`; a client echoes ``step`` or ``guard`` as
        ``expect_step``); ``to_act`` every seat that owes a decision; ``legal_actions``
        what this seat may send now in compact form (:mod:`rulespec.core.compact`; empty
        if it owes nothing); ``outcome`` the final result once the game is over
        (:meth:`~rulespec.Outcome.to_json`), else ``null``. Built once per step and
        seat, and only for a seat that asks: the nested values are shared with the
        session's memo, so treat them as read-only (or use :meth:`view_json`). ``seat``
        must be a seat (:class:`~rulespec.InvalidArgument` otherwise, ``None``
        included): a spectator asks for :meth:`spectator_view`."""
        key = check_seat(seat, self.game.players, "view")
        found = self._memo.get(key)
        if found is None:
            found = view_of(self._state, key, self._fields)
            found["guard"] = self._guards[key]
            self._memo[key] = found
        return dict(found)

    def view_json(self, seat: int) -> str:
        """:meth:`view` as JSON text, ready to send (built once per step and seat)."""
        key = ("json", check_seat(seat, self.game.players, "view_json"))
        text = self._memo.get(key)
        if text is None:
            text = self._memo[key] = json.dumps(self.view(seat), allow_nan=False)
        found: str = text
        return found

    def spectator_view(self) -> JSON:
        """What anyone may see, seated or not: public information only, as one
        strict-JSON object::

            {"seat": null, "step": 17, "to_act": [0, 1], "observation": {...},
             "legal_actions": [], "outcome": null}

        ``observation`` is the part of an observation every seat sees alike
        (:meth:`~rulespec.core.tensor.ObservationParts.public`): no hand, no face-down
        chip, no pending secret choice. Built once per step."""
        found = self._memo.get("spectator")
        if found is None:
            state = self._state
            found = self._memo["spectator"] = {
                "seat": None,
                "step": state.step,
                "to_act": sorted(state.to_act),
                "observation": state.observation(0).public(),
                "legal_actions": [],
                "outcome": state.outcome().to_json() if state.is_terminal else None,
            }
        return dict(found)

    def spectator_view_json(self) -> str:
        """:meth:`spectator_view` as JSON text (built once per step)."""
        text = self._memo.get("spectator_json")
        if text is None:
            text = self._memo["spectator_json"] = json.dumps(self.spectator_view(), allow_nan=False)
        found: str = text
        return found

    # --- keeping the table ------------------------------------------------------------

    def checkpoint(self) -> JSON:
        """``{"game", "settings", "seed", "position", "actions", "seats", "guards"}``: all
        :func:`resume` needs to go on exactly as this session would, its record and its
        guards included (``actions`` and ``seats`` only when the table knows its history:
        one resumed from an older checkpoint does not). Contains the seed and the whole
        state: it stays on the server. Taken when the table is made, it is also where
        its rows start (``resume(checkpoint, rows=rows)``)."""
        found = self._memo.get("checkpoint")
        if found is None:
            found = {
                "game": self.game.spec.id,
                "settings": dict(self.game.settings()),
                "seed": self.seed,
                "position": self._state.to_json(),
            }
            if self._from_setup:
                found["actions"] = self._actions_json()
                found["seats"] = list(self._seats)
            found["guards"] = list(self._guards)
            self._memo["checkpoint"] = found
        return dict(found)

    def _actions_json(self) -> list[JSON]:
        for i, data in enumerate(self._json):
            if data is None:
                action = self._actions[i]
                assert action is not None  # every decision is held one way or the other
                self._json[i] = action.to_json()
        return [data for data in self._json if data is not None]

    def record(self) -> Record:
        """Every decision sent since setup, with the seat that sent it and the seed
        (``draws="step"``): :func:`rulespec.replay` and :func:`resume` read it. A table
        resumed from a checkpoint keeps the record the checkpoint holds; only one resumed
        from a checkpoint written before checkpoints held records has none
        (:class:`~rulespec.InvalidArgument`)."""
        if not self._from_setup:
            raise InvalidArgument(
                "record: this session was resumed from a checkpoint without its record "
                "(written before checkpoints kept one), which holds the position but not the "
                "actions that led to it"
            )
        problems: list[str] = []
        for i, action in enumerate(self._actions):
            if action is None:
                try:
                    self._actions[i] = self.game.action_from_json(self._json[i] or {})
                except MalformedAction as exc:
                    problems.extend(f"actions[{i}]: {p}" for p in exc.problems)
        if problems:
            raise MalformedRecord(problems)
        return Record.of(
            self.game,
            tuple(a for a in self._actions if a is not None),
            self.seed,
            draws="step",
            seats=tuple(self._seats),
        )


def _resolve(future: Any) -> None:
    if not future.done():
        future.set_result(None)


def _move_guards(guards: list[int], before: Any, seat: int, after: Any) -> None:
    """Each seat's guard after ``seat``'s decision took ``before`` to ``after`` (chance
    included): the new step, except for a seat still owing its secret choice in the same
    round (see :meth:`Session.guard`)."""
    step = after.step
    same_round = (
        step == before.step + 1
        and getattr(before, "phase", None) == getattr(after, "phase", None)
        and len(before.to_act) > 1
    )
    owing = after.to_act if same_round else frozenset()
    for p in range(len(guards)):
        if p == seat or p not in owing or p not in before.to_act:
            guards[p] = step


# --- a client's request -------------------------------------------------------------


REQUEST_KEYS = ("action", "expect_step")
"""The keys of a decision as a client sends it (:func:`read_request`)."""


def read_request(body: object) -> dict[str, Any]:
    """The keyword arguments of :meth:`Session.submit` (and :meth:`Session.prepare`) in
    a client's request body, ``{"action": ..., "expect_step": n}`` parsed from JSON:
    ``table.submit(seat, **read_request(body))``. Each missing or unknown key is named
    (:class:`~rulespec.InvalidArgument` with its ``argument``; a missing ``action`` is a
    :class:`~rulespec.MalformedAction`), so a body without ``expect_step`` hears that, not
    that ``null`` is no step; the values are checked by ``submit`` as ever."""
    if not isinstance(body, Mapping):
        raise InvalidArgument(
            f'request: expected an object {{"action": ..., "expect_step": n}}, got {bounded(body)}',
            argument="request",
        )
    unknown = [k for k in body if k not in REQUEST_KEYS]
    if unknown:
        raise InvalidArgument(
            f"{bounded(unknown[0], 40)}: not a field of a request; a request has "
            '"action" and "expect_step"',
            argument=unknown[0] if isinstance(unknown[0], str) else "request",
        )
    if "action" not in body:
        raise MalformedAction(["action: missing; send the action as JSON or notation"])
    if "expect_step" not in body:
        raise InvalidArgument(
            "expect_step: missing; send the step of the view the action was decided on",
            argument="expect_step",
        )
    return {"action": body["action"], "expect_step": body["expect_step"]}


# --- rows ---------------------------------------------------------------------------


class _Row:
    """A row as read: checked for its shape, not yet against the game."""

    __slots__ = (
        "action",
        "chance",
        "guards",
        "index",
        "is_over",
        "position",
        "seat",
        "step",
        "to_act",
    )

    def __init__(self, index: int, data: Mapping[str, Any]) -> None:
        self.index = index
        self.step: int = data["step"]
        self.seat: int = data["seat"]
        self.action: Any = data["action"]
        self.chance: list[Any] = data["chance"]
        self.guards: list[int] = data["guards"]
        self.to_act: list[int] | None = data.get("to_act")
        self.is_over: bool | None = data.get("is_over")
        self.position: Any = data.get("position")


def _read_rows(rows: object, players: int) -> list[_Row]:
    """``rows`` checked for their shape (every key, type and range; the steps in order,
    each the one before plus one plus its chance: a row missing or moved shows), or a
    :class:`~rulespec.MalformedRecord` naming the rows at fault."""
    if rows is None or isinstance(rows, str | bytes | Mapping) or not isinstance(rows, Iterable):
        raise MalformedRecord(
            [
                "rows: expected a list of rows (objects, or what submit returned), got "
                + bounded(rows)
            ]
        )
    out: list[_Row] = []
    problems: list[str] = []
    for i, item in enumerate(rows):
        data: Any = item.to_json() if isinstance(item, Submitted) else item
        problem = _row_problem(data, players)
        if problem is not None:
            problems.append(cut(f"rows[{i}]: {problem}", _ROW_PROBLEM))
            if len(problems) >= MAX_ROW_PROBLEMS:
                problems.append("rows: no more checked after these")
                break
            continue
        row = _Row(i, data)
        if out and row.step != out[-1].step + 1 + len(row.chance):
            problems.append(_gap(row, out[-1]))
            break
        out.append(row)
    if problems:
        raise MalformedRecord(problems)
    return out


def _gap(row: _Row, last: _Row) -> str:
    want = last.step + 1 + len(row.chance)
    return (
        f"rows[{row.index}].step: {row.step}, but the row before ends at step {last.step} "
        f"and this one has {len(row.chance)} chance outcomes, so step {want}: a row is "
        "missing, moved or changed"
    )


def _row_problem(data: object, players: int) -> str | None:
    """What is wrong with one row's shape, or None."""
    if not isinstance(data, Mapping):
        return f"expected a row object, got {bounded(data)}"
    missing = [k for k in ROW_KEYS if k not in data]
    unknown = [str(k)[:40] for k in data if k not in ROW_KEYS and k not in ROW_EXTRA_KEYS]
    if missing or unknown:
        return (
            f"a row has {', '.join(ROW_KEYS)} (and {', '.join(ROW_EXTRA_KEYS)}); missing: "
            f"{', '.join(missing) or 'none'}, unknown: {', '.join(unknown[:6]) or 'none'}"
        )
    step, seat, chance, guards = data["step"], data["seat"], data["chance"], data["guards"]
    if type(step) is not int or not 0 <= step <= SEED_MAX:
        return f"step: expected a whole number from 0 to 2**63 - 1, got {bounded(step)}"
    if not is_seat(seat, players):
        return f"seat: expected a seat, a whole number from 0 to {players - 1}, got {bounded(seat)}"
    if not isinstance(data["action"], Mapping):
        return f"action: expected an action object, got {bounded(data['action'])}"
    if not isinstance(chance, list) or not all(isinstance(c, Mapping) for c in chance):
        return f"chance: expected a list of chance outcomes (objects), got {bounded(chance)}"
    if (
        not isinstance(guards, list)
        or len(guards) != players
        or not all(type(g) is int and 0 <= g <= step for g in guards)
    ):
        return f"guards: expected one step from 0 to {step} per seat, got {bounded(guards)}"
    to_act = data.get("to_act", [])
    if not isinstance(to_act, list) or not all(is_seat(p, players) for p in to_act):
        return f"to_act: expected a list of seats, got {bounded(to_act)}"
    over = data.get("is_over", False)
    if type(over) is not bool:
        return f"is_over: expected true or false, got {bounded(over)}"
    if "position" in data and not isinstance(data["position"], Mapping):
        return f"position: expected a position object, got {bounded(data['position'])}"
    return None


def _replay_row(
    game: Game[Any], seed: int, state: Any, guards: list[int], row: _Row
) -> tuple[Any, Action]:
    """The state after ``row`` (its decision, then the chance drawn as a session draws
    it), every field the row holds compared with the replay; ``guards`` moved. A
    :class:`~rulespec.MalformedRecord` names the row and the first field that disagrees."""
    where = f"rows[{row.index}]"
    try:
        decision = game.action_from_json(row.action)
        after = state.apply(decision, player=row.seat)
    except RulespecError as exc:
        raise MalformedRecord([cut(f"{where}: does not replay: {exc}", _ROW_PROBLEM)]) from None
    drawn: list[JSON] = []
    while after.is_chance:
        outcome = after.sample_chance(at_step(seed, after.step))
        drawn.append(outcome.to_json())
        after = after.apply(outcome)
    moved = list(guards)
    _move_guards(moved, state, row.seat, after)
    wrong = _disagreement(row, after, drawn, moved, game)
    if wrong is not None:
        raise MalformedRecord(
            [
                cut(
                    f"{where}.{wrong}: not what the replay gives (a row changed, missing or moved)",
                    _ROW_PROBLEM,
                )
            ]
        )
    guards[:] = moved
    return after, decision


def _disagreement(
    row: _Row, after: Any, drawn: list[JSON], guards: list[int], game: Game[Any]
) -> str | None:
    """The first field of ``row`` that is not what the replay gave, or None."""
    if row.step != after.step:
        return f"step ({row.step}; the replay is at {after.step})"
    if len(row.chance) != len(drawn) or not all(
        _same_action(game, c, d) for c, d in zip(row.chance, drawn, strict=True)
    ):
        return f"chance ({len(row.chance)} outcomes; the replay draws {bounded(drawn)})"
    if row.guards != guards:
        return f"guards ({bounded(row.guards)}; the replay gives {bounded(guards)})"
    if row.to_act is not None and sorted(row.to_act) != sorted(after.to_act):
        return f"to_act ({bounded(row.to_act)}; the replay gives {sorted(after.to_act)})"
    if row.is_over is not None and row.is_over != after.is_terminal:
        return f"is_over ({bounded(row.is_over)})"
    if row.position is not None and dict(row.position) != after.to_json():
        return "position"
    return None


def _same_action(game: Game[Any], sent: Any, drawn: JSON) -> bool:
    """Whether a row's chance outcome is the one drawn (as written, or as the game reads it)."""
    if sent == drawn:
        return True
    try:
        same: bool = game.action_from_json(sent).to_json() == drawn
    except RulespecError:
        return False
    return same


def record_from_rows(
    game: Game[Any], seed: int, rows: Iterable[Submitted | Mapping[str, Any]]
) -> Record:
    """The record of a table from the rows a store appended (each a :class:`Submitted`
    or its JSON), equal to what :meth:`Session.record` returns for it. Every row is
    replayed from setup and compared with the replay, field by field (its step, chance,
    guards and, where it has them, who is to act, the end and the position): a row
    missing, moved or changed is a :class:`~rulespec.MalformedRecord` naming it (r27), as
    is anything but a list of rows (``None`` included)."""
    if not callable(getattr(game, "initial_state", None)) or not hasattr(game, "players"):
        raise InvalidArgument(
            f"game: expected a game made by rulespec.game(...), got {bounded(game)}",
            argument="game",
        )
    seed = check_seed(seed)
    read = _read_rows(rows, game.players)
    state: Any = settle(game.initial_state(), seed)
    guards = [state.step] * game.players
    if read and read[0].step != state.step + 1 + len(read[0].chance):
        raise MalformedRecord([_first_gap(read[0], state.step)])
    actions: list[Action] = []
    for row in read:
        state, decision = _replay_row(game, seed, state, guards, row)
        actions.append(decision)
    return Record.of(game, tuple(actions), seed, draws="step", seats=tuple(r.seat for r in read))


def _first_gap(row: _Row, step: int) -> str:
    want = step + 1 + len(row.chance)
    return (
        f"rows[{row.index}].step: {row.step}, but the table starts at step {step} and this "
        f"row has {len(row.chance)} chance outcomes, so step {want}: a row is missing, moved "
        "or changed"
    )


def _since(read: list[_Row], start: int, known: int | None) -> list[_Row]:
    """The rows after a saved table at step ``start`` holding ``known`` decisions (None:
    an unknown number): rows up to ``start`` are the ones it holds already, which must
    end at ``start`` (all of them, or none, given); the first row after it must follow
    on from ``start``."""
    held = [r for r in read if r.step <= start]
    if held and (held[-1].step != start or (known is not None and len(held) != known)):
        holds = "an unknown number of" if known is None else str(known)
        raise MalformedRecord(
            [
                f"rows[{held[-1].index}]: the rows up to the saved table's step ({start}) "
                f"are {len(held)}, ending at step {held[-1].step}; the table holds {holds} "
                f"decisions ending at step {start}"
            ]
        )
    new = read[len(held) :]
    if new and new[0].step != start + 1 + len(new[0].chance):
        raise MalformedRecord([_first_gap(new[0], start)])
    return new


def _last_position(rows: list[_Row]) -> int | None:
    """The index of the last row that carries a position, or None."""
    return max((i for i, r in enumerate(rows) if r.position is not None), default=None)


def _position(game_: Game[Any], mark: _Row) -> Any:
    """The state a row's position describes, checked to be this game's at the row's step."""
    position = mark.position
    if position.get("game", game_.spec.id) != game_.spec.id or (
        "settings" in position and position["settings"] != dict(game_.settings())
    ):
        raise MalformedRecord([f"rows[{mark.index}].position: not a position of this table's game"])
    try:
        state = game_.state_from_json(position)
    except RulespecError as exc:
        raise MalformedRecord([cut(f"rows[{mark.index}].position: {exc}", _ROW_PROBLEM)]) from None
    if state.step != mark.step or state.is_chance:
        raise MalformedRecord([f"rows[{mark.index}].position: not the position at the row's step"])
    return state


def _follow(table: Session, new: list[_Row]) -> Session:
    """``table`` brought up to date with ``new`` (:func:`_since`): from the last row
    that carries a position the table starts again (the rows before it join its record
    unread), and every row after that one is replayed and compared."""
    last = _last_position(new)
    if last is not None:
        table._state = _position(table.game, new[last])
        table._guards = list(new[last].guards)
        _hold(table, new[: last + 1])
        new = new[last + 1 :]
    state = table._state
    guards = list(table._guards)
    for r in new:
        state, decision = _replay_row(table.game, table.seed, state, guards, r)
        table._actions.append(decision)
        table._json.append(r.action)
        table._seats.append(r.seat)
    table._state = state
    table._guards = guards
    table._memo.clear()
    return table


def _hold(table: Session, rows: list[_Row]) -> None:
    """Add ``rows`` to the table's record as they are (their actions read when the
    record is asked for)."""
    for r in rows:
        table._actions.append(None)
        table._json.append(r.action)
        table._seats.append(r.seat)


def view_of(state: Any, seat: int, reuse: Reuse | None = None) -> JSON:
    """The view of ``state`` for ``seat`` that :meth:`Session.view` returns. With
    ``reuse``, the observation's fields that are the very objects dumped before take
    their JSON from it (:meth:`~rulespec.core.convert.Converter.to_json_reusing`): the
    view then shares nested values with ``reuse``."""
    legal = state.legal_actions(player=seat)
    seen = state.observation(seat)
    reusing = getattr(seen, "to_json_reusing", None)
    return {
        "seat": seat,
        "step": state.step,
        "to_act": sorted(state.to_act),
        "observation": seen.to_json() if reuse is None or reusing is None else reusing(reuse),
        "legal_actions": _compact(legal, reuse),
        "outcome": state.outcome().to_json() if state.is_terminal else None,
    }


def _compact(legal: tuple[Any, ...], reuse: Reuse | None) -> list[JSON]:
    """The compact form of ``legal``; with ``reuse``, worked out once per list of the very
    same action objects (games build most of their actions once and hand them out again:
    94% of the actions a seat was offered in a measured game of each)."""
    if not legal:
        return []
    if reuse is None:
        return compact([a.to_json() for a in legal])
    key = ("legal", hash(tuple(map(id, legal))))
    hit = reuse.get(key)
    if hit is not None and len(hit[0]) == len(legal) and all(map(operator.is_, hit[0], legal)):
        found: list[JSON] = hit[1]
        return found
    made = compact([a.to_json() for a in legal])
    reuse[key] = (legal, made)
    return made


class _Generations:
    """The JSON of observation fields dumped at this step and the one before: what a
    view reuses (the board, the banks), and no more (older entries are dropped)."""

    __slots__ = ("before", "now")

    def __init__(self) -> None:
        self.now: dict[tuple[str, int], tuple[Any, Any]] = {}
        self.before: dict[tuple[str, int], tuple[Any, Any]] = {}

    def get(self, key: tuple[str, int]) -> tuple[Any, Any] | None:
        found = self.now.get(key)
        if found is None:
            found = self.before.get(key)
            if found is not None:
                self.now[key] = found
        return found

    def __setitem__(self, key: tuple[str, int], entry: tuple[Any, Any]) -> None:
        self.now[key] = entry

    def age(self) -> None:
        """A step was made: what was not used since the one before is dropped."""
        self.before, self.now = self.now, {}


def session(
    game_id: str,
    /,
    seed: int | None = None,
    *,
    settings: Mapping[str, Any] | None = None,
    **options: Any,
) -> Session:
    """A new table of ``game_id``, setup dealt. Settings (as for :func:`rulespec.game`)
    come either as one mapping, ``settings={"edition": "de", "players": 4}`` (the form
    for settings a client sent: the seed is never one of them, and a ``"seed"`` in it is
    an :class:`~rulespec.InvalidArgument`), or as keywords of your own code,
    ``session("lotus", seed=..., edition="de", players=4)``; not both. ``seed`` is a
    whole number from 0 to 2**63 - 1 (:mod:`rulespec.core.seeds`); without one, one is
    drawn from ``secrets`` (read it back from :attr:`Session.seed` to save it). A refused
    setting is an :class:`~rulespec.UnknownVariant`, as from :func:`rulespec.game`."""
    if settings is not None:
        if options:
            raise InvalidArgument(
                "session: give the settings as settings={...} or as keywords, not both"
            )
        if not isinstance(settings, Mapping):
            raise InvalidArgument(f"settings: expected an object, got {bounded(settings)}")
        if "seed" in settings:
            raise InvalidArgument(
                "settings: the seed is not a setting (whoever picks it knows every hidden "
                "card to come); the server passes seed= itself"
            )
        odd = [k for k in settings if not isinstance(k, str)]
        if odd:
            raise InvalidArgument(f"settings: names must be text, got {bounded(odd)}")
        options = dict(settings)
    seed = seed_or_new(seed)
    g = game(game_id, **options)
    return Session(g, g.initial_state(), seed)


def resume(source: Record | Mapping[str, Any], rows: object = _MISSING) -> Session:
    """The session a checkpoint (:meth:`Session.checkpoint`) or a record
    (:meth:`Session.record`, or its JSON) describes, whose future chance is the one the
    session that wrote it would have drawn, with the same guards and the same record;
    with ``rows``, brought up to date with the rows a store appended since (or since
    setup: rows the source holds already are skipped).

    A checkpoint is read in the time it takes to read its position; its actions (trusted
    to be the ones that led to it: a checkpoint is the server's own data) are read when
    :meth:`Session.record` asks for them. A record is replayed from setup. Rows start
    again from the last row that carries a position (:attr:`Session.position_every`),
    and only the rows after it are replayed, each compared with the replay; the rows
    before are checked for their shape and their steps. So a server that stores the
    checkpoint of a new table and then one row per move resumes with
    ``resume(checkpoint, rows=rows)`` at about the cost of reading one position and
    replaying up to :data:`~rulespec.host.session.POSITION_EVERY` rows.
    ``{"game", "settings", "seed"}`` alone is a source too: the table at setup.

    Client data is safe here: any problem is a :class:`~rulespec.MalformedRecord` (or
    :class:`~rulespec.MalformedPosition` for the position, :class:`~rulespec.UnknownGame`
    / :class:`~rulespec.UnknownVariant` for the settings), and nothing names a file: text
    is refused, not opened or parsed."""
    if isinstance(source, Record):
        table = _from_record(source)
    elif not isinstance(source, Mapping):
        raise InvalidArgument(
            "resume: expected a checkpoint or a record (a Record, or a JSON object: parse "
            f"the text yourself; rulespec reads no file), got {bounded(source)}"
        )
    elif "position" in source:
        return _from_checkpoint(source, None if rows is _MISSING else rows, rows is not _MISSING)
    elif set(source) <= {"game", "settings", "seed"} and "seed" in source and rows is not _MISSING:
        table = _from_record(load_record({**source, "draws": "step"}))
    else:
        table = _from_record(load_record(source))
    if rows is not _MISSING:
        _follow(table, _since(_read_rows(rows, table.game.players), table.step, _known(table)))
    return table


def _known(table: Session) -> int | None:
    """How many decisions the table holds, if it knows its history."""
    return len(table._seats) if table._from_setup else None


def _from_record(record: Record) -> Session:
    problem = seed_problem(record.seed)
    if problem is not None or record.draws != "step":
        raise MalformedRecord(
            [
                'a session resumes from a session\'s record: a seed and "draws": "step" '
                f"(got seed {bounded(record.seed)}, draws {bounded(record.draws)})"
            ]
        )
    seed: int = record.seed  # type: ignore[assignment]
    with stored_settings():  # read back: warned of when the table was made
        g = game(record.game, **dict(record.settings))
    actions = record.actions
    seats = record.seats if record.seats is not None else (None,) * len(actions)
    if len(seats) != len(actions):
        raise MalformedRecord(
            [f"seats: {len(seats)} seats for {len(actions)} actions (one per action)"]
        )
    state: Any = settle(g.initial_state(), seed)
    guards = [state.step] * g.players
    sent: list[int | None] = []
    for i, action in enumerate(actions):
        seat = seats[i]
        if seat is None:  # a record without seats: the seat in turn sent it
            seat = state.current_player if type(state.current_player) is int else None
        try:
            after = settle(state.apply(action, player=seat), seed)
        except RulespecError as exc:
            raise MalformedRecord([cut(f"action {i} ({action}): {exc}", _ROW_PROBLEM)]) from exc
        if seat is not None:
            _move_guards(guards, state, seat, after)
        sent.append(seat)
        state = after
    return Session(g, state, seed, actions, tuple(sent), guards=tuple(guards))


def _from_checkpoint(data: Mapping[str, Any], rows: object = None, given: bool = False) -> Session:
    problems = []
    keys = set(data)
    if not CHECKPOINT_KEYS <= keys <= CHECKPOINT_KEYS | CHECKPOINT_HISTORY_KEYS:
        allowed = CHECKPOINT_KEYS | CHECKPOINT_HISTORY_KEYS
        unknown = sorted(str(k)[:40] for k in keys - allowed)[:12]
        missing = sorted(CHECKPOINT_KEYS - keys)
        problems.append(
            f"a checkpoint has the keys {sorted(CHECKPOINT_KEYS)} (and may have "
            f"{sorted(CHECKPOINT_HISTORY_KEYS)}); unknown: {unknown or 'none'}, "
            f"missing: {missing or 'none'}"
        )
        raise MalformedRecord(problems)
    seed = data["seed"]
    problem = seed_problem(seed)
    if problem is not None:
        problems.append(problem)
    position = data["position"]
    if not isinstance(position, Mapping):
        problems.append(f"position: expected an object, got {bounded(position)}")
    elif position.get("game", data["game"]) != data["game"]:
        problems.append(
            f"position.game: {bounded(position.get('game'))} is not the checkpoint's game"
        )
    if ("actions" in data) != ("seats" in data):
        problems.append('"actions" and "seats" come together (the record of the table)')
    if problems:
        raise MalformedRecord(problems)
    with stored_settings():
        g = game(data["game"], **settings_from_json(data))
    if "settings" in position and position["settings"] != dict(g.settings()):
        raise MalformedRecord(["position.settings: not the checkpoint's settings"])
    actions = data.get("actions", [])
    seats = data.get("seats", [])
    if (
        not isinstance(actions, list)
        or not isinstance(seats, list)
        or len(actions) != len(seats)
        or not all(isinstance(a, Mapping) for a in actions)
    ):
        raise MalformedRecord(
            ["actions, seats: expected a list of action objects and a seat for each"]
        )
    for i, seat in enumerate(seats):
        if type(seat) is not int or not 0 <= seat < g.players:
            raise MalformedRecord([f"seats[{i}]: expected a seat, got {bounded(seat)}"])
    start, known = position.get("step"), len(seats) if "actions" in data else None
    new: list[_Row] | None = None
    if given:
        new = _read_rows(rows, g.players)
        if type(start) is int:  # (else the position's own checks say what is wrong)
            new = _since(new, start, known)
            last = _last_position(new)
            if last is not None:  # a later position: the checkpoint's own is not read
                table = Session(
                    g,
                    _position(g, new[last]),
                    seed,
                    (),
                    tuple(seats),
                    from_setup="actions" in data,
                    guards=tuple(new[last].guards),
                    actions_json=actions,
                )
                _hold(table, new[: last + 1])
                return _follow(table, new[last + 1 :])
    state = g.state_from_json(position)
    guards = _guards(data.get("guards"), g.players, state.step)
    table = Session(
        g,
        state,
        seed,
        (),
        tuple(seats),
        from_setup="actions" in data,
        guards=guards,
        actions_json=actions,
    )
    if new is not None:
        _follow(table, _since(new, table.step, known))
    return table


def _guards(raw: object, players: int, step: int) -> tuple[int, ...] | None:
    if raw is None:
        return None
    if (
        not isinstance(raw, list)
        or len(raw) != players
        or any(type(g) is not int or not 0 <= g <= step for g in raw)
    ):
        raise MalformedRecord(
            [f"guards: expected one step from 0 to {step} per seat, got {bounded(raw)}"]
        )
    return tuple(raw)
