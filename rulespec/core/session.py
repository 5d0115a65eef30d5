"""Sessions: one table of a game as a server runs it, with its chance, views and record.

A :class:`Session` owns a state and the chance that drives it. Clients send decisions
(:meth:`Session.submit`, as JSON or notation, with the step they saw); the session applies
them for the seat the server authenticated, then resolves every chance node itself. Each
seat gets one strict-JSON object to look at (:meth:`Session.view`). A crash costs nothing
that was saved: :func:`resume` rebuilds the session from a :meth:`Session.checkpoint`
(the position and the seed) or from its :meth:`Session.record`, and the future chance is
the one the uninterrupted session would have drawn.

Decision (issue 13): chance is drawn from (seed, step), not from a generator carried
along. The chance node reached at step ``n`` is sampled with its own generator keyed by
the seed and ``n`` (:func:`rulespec.core.chance.at_step`), so no generator state exists:
a checkpoint is ``{game, settings, seed, position}``. The other way, a checkpoint of the
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
"""

from __future__ import annotations

import json
import operator
import secrets
from collections.abc import Mapping
from typing import Any

from rulespec.catalog import game, load_record
from rulespec.core.api import JSON, Action, Game
from rulespec.core.compact import compact
from rulespec.core.convert import Reuse
from rulespec.core.record import Record, settings_from_json, settle
from rulespec.errors import InvalidArgument, MalformedAction, MalformedRecord, bounded

CHECKPOINT_KEYS = frozenset({"game", "settings", "seed", "position"})
"""The keys of a checkpoint, every one required."""


class Session:
    """One table: a game's state, the seed all its chance comes from, and what was sent.

    Not thread-safe: a server serialises the calls on one session (a lock per table).
    The seed is a secret: whoever knows it can work out every hidden card and chip to
    come, so it stays on the server, in checkpoints and records the server keeps.
    """

    __slots__ = (
        "_actions", "_fields", "_from_setup", "_memo", "_seats", "_state", "game", "seed",
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
    ) -> None:
        self.game = game
        """The game (variant and options) played at this table."""
        self.seed = seed
        """The seed of all the chance: keep it secret (see the class docstring)."""
        self._state = settle(state, seed)
        self._actions = list(actions)
        self._seats = list(seats)
        self._from_setup = from_setup
        self._memo: dict[Any, Any] = {}
        self._fields = _Generations()

    def __repr__(self) -> str:
        return f"<Session {self.game.spec.id}, step {self.step}, to act: {sorted(self.to_act)}>"

    @property
    def state(self) -> Any:
        """The current state: a decision or the end, never a chance node (the session
        resolves those). The whole state: never send it to a client."""
        return self._state

    @property
    def step(self) -> int:
        """The current state's :attr:`~rulespec.core.kernel.Kernel.step`: what a client
        echoes as ``expect_step``."""
        step: int = self._state.step
        return step

    @property
    def to_act(self) -> frozenset[int]:
        """The seats that owe a decision now (any order, in a round of secret choices)."""
        to_act: frozenset[int] = self._state.to_act
        return to_act

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        over: bool = self._state.is_terminal
        return over

    def submit(self, seat: int, action: object, *, expect_step: int | None) -> int:
        """Apply ``action`` for ``seat`` and resolve the chance that follows; returns the new
        step.

        ``seat`` is the seat the server authenticated, never one the client names.
        ``action`` is the client's action as a JSON object (``{"type": "bid", ...}``) or
        in the game's notation (``"b1:3"``). ``expect_step`` is the step of the view the
        client decided on: an action meant for another step is refused
        (:class:`~rulespec.StaleAction`); pass ``None`` only where no client is involved.
        Errors: :class:`~rulespec.MalformedAction` (or
        :class:`~rulespec.MalformedNotation`), :class:`~rulespec.StaleAction`,
        :class:`~rulespec.NotYourTurn` (also after the end: nobody is to act),
        :class:`~rulespec.IllegalAction`, :class:`~rulespec.InvalidArgument` for a seat
        that is not one; each with a ``code`` and ``to_json()``, and nothing applied."""
        decision = self._read(action)
        state = self._state.apply(decision, player=seat, expect_step=expect_step)
        self._state = settle(state, self.seed)
        self._actions.append(decision)
        self._seats.append(seat)
        self._memo.clear()
        self._fields.age()
        return self.step

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

    def view(self, seat: int) -> JSON:
        """What ``seat`` may see now, as one strict-JSON object::

            {"seat": 1, "step": 17, "to_act": [0, 1],
             "observation": {...}, "legal_actions": [...], "outcome": null}

        ``observation`` is the seat's observation; ``to_act`` every seat that owes a
        decision; ``legal_actions`` what this seat may send now in compact form
        (:mod:`rulespec.core.compact`; empty if it owes nothing); ``outcome`` the final
        result once the game is over (:meth:`~rulespec.Outcome.to_json`), else ``null``.
        Built once per step and seat: the nested values are shared with the session's
        memo, so treat them as read-only (or use :meth:`view_json`)."""
        key = self._state._check_seat(seat, "view")
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = view_of(self._state, key, self._fields)
        return dict(found)

    def view_json(self, seat: int) -> str:
        """:meth:`view` as JSON text, ready to send (built once per step and seat)."""
        key = ("json", self._state._check_seat(seat, "view_json"))
        text = self._memo.get(key)
        if text is None:
            text = self._memo[key] = json.dumps(self.view(seat), allow_nan=False)
        found: str = text
        return found

    def checkpoint(self) -> JSON:
        """``{"game", "settings", "seed", "position"}``: all :func:`resume` needs to go on
        exactly as this session would (no history: :meth:`record` keeps that). Contains
        the seed and the whole state: it stays on the server."""
        found = self._memo.get("checkpoint")
        if found is None:
            found = self._memo["checkpoint"] = {
                "game": self.game.spec.id,
                "settings": dict(self.game.settings()),
                "seed": self.seed,
                "position": self._state.to_json(),
            }
        return dict(found)

    def record(self) -> Record:
        """Every decision sent since setup, with the seat that sent it and the seed
        (``draws="step"``): :func:`rulespec.replay` and :func:`resume` read it. A session
        resumed from a checkpoint has no record of what came before it
        (:class:`~rulespec.InvalidArgument`): keep the record where you keep checkpoints
        if you need both."""
        if not self._from_setup:
            raise InvalidArgument(
                "record: this session was resumed from a checkpoint, which holds the "
                "position but not the actions that led to it; resume from a record to keep one"
            )
        return Record.of(
            self.game, tuple(self._actions), self.seed, draws="step", seats=tuple(self._seats)
        )


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


def session(game_id: str, /, seed: int | None = None, **settings: Any) -> Session:
    """A new table of ``game_id`` with ``settings`` (as for :func:`rulespec.game`), setup
    dealt: ``session("lotus", seed=..., edition="de", players=4)``. Without ``seed``, one
    is drawn from ``secrets`` (read it back from :attr:`Session.seed` to save it)."""
    if seed is None:
        seed = secrets.randbits(64)
    _check_seed(seed)
    g = game(game_id, **settings)
    return Session(g, g.initial_state(), seed)


def _check_seed(seed: object) -> int:
    if type(seed) is not int:
        raise InvalidArgument(f"seed: expected a whole number, got {bounded(seed)}")
    return seed


def resume(source: Record | Mapping[str, Any]) -> Session:
    """The session a checkpoint (:meth:`Session.checkpoint`) or a record
    (:meth:`Session.record`, or its JSON) describes, whose future chance is the one the
    session that wrote it would have drawn.

    A checkpoint is read in the time it takes to read its position; a record is replayed
    from setup. Client data is safe here: any problem is a
    :class:`~rulespec.MalformedRecord` (or :class:`~rulespec.MalformedPosition` for the
    position, :class:`~rulespec.UnknownGame` / :class:`~rulespec.UnknownVariant` for the
    settings), and nothing names a file: text is refused, not opened or parsed."""
    if isinstance(source, Record):
        return _from_record(source)
    if not isinstance(source, Mapping):
        raise InvalidArgument(
            "resume: expected a checkpoint or a record (a Record, or a JSON object: parse "
            f"the text yourself; rulespec reads no file), got {bounded(source)}"
        )
    if "position" in source:
        return _from_checkpoint(source)
    return _from_record(load_record(source))


def _from_record(record: Record) -> Session:
    if record.seed is None or record.draws != "step":
        raise MalformedRecord(
            [
                'a session resumes from a session\'s record: a seed and "draws": "step" '
                f"(got seed {bounded(record.seed)}, draws {bounded(record.draws)})"
            ]
        )
    g = game(record.game, **dict(record.settings))
    state = record.replay(g)
    seats = record.seats if record.seats is not None else (None,) * len(record.actions)
    return Session(g, state, record.seed, record.actions, seats)


def _from_checkpoint(data: Mapping[str, Any]) -> Session:
    problems = []
    keys = set(data)
    if keys != CHECKPOINT_KEYS:
        unknown = sorted(str(k)[:40] for k in keys - CHECKPOINT_KEYS)[:12]
        missing = sorted(CHECKPOINT_KEYS - keys)
        problems.append(
            f"a checkpoint has the keys {sorted(CHECKPOINT_KEYS)}; "
            f"unknown: {unknown or 'none'}, missing: {missing or 'none'}"
        )
        raise MalformedRecord(problems)
    seed = data["seed"]
    if type(seed) is not int:
        problems.append(f"seed: expected a whole number, got {bounded(seed)}")
    position = data["position"]
    if not isinstance(position, Mapping):
        problems.append(f"position: expected an object, got {bounded(position)}")
    elif position.get("game", data["game"]) != data["game"]:
        problems.append(
            f"position.game: {bounded(position.get('game'))} is not the checkpoint's game"
        )
    if problems:
        raise MalformedRecord(problems)
    g = game(data["game"], **settings_from_json(data))
    if "settings" in position and position["settings"] != dict(g.settings()):
        raise MalformedRecord(["position.settings: not the checkpoint's settings"])
    state = g.state_from_json(position)
    return Session(g, state, seed, from_setup=False)
