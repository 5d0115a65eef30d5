"""Helpers of the fuzz suite (``tests/test_fuzz.py``): calling an entry point under guard,
odd values, JSON mutations, and the checks an accepted input must pass.

Nothing here knows a game's rules: the mutations work on any JSON document (a position,
an action, a record, a board), and the vocabulary of a game (the strings and keys its
positions and actions use) is harvested from seeded random play of the game itself, so a
game added to :data:`rulespec.GAMES` is fuzzed with no change here.

Three guards wrap every call of the library with client data (:func:`attempt`):

* **exception type**: a :class:`rulespec.RulespecError` is a refusal; any other exception
  is re-raised unchanged, with a note naming the entry point and its input, so hypothesis
  tells distinct defects apart by where they are raised and shrinks each one;
* **message size and text**: a refusal's ``str(exc)`` and its ``to_json()`` as JSON text
  are at most :data:`MESSAGE_LIMIT` characters, and both encode as UTF-8 whatever the
  input held (a lone surrogate, which JSON text may carry, must come out escaped);
* **hangs**: a call still running after :data:`HANG_SECONDS` (``signal.setitimer`` on the
  main thread, cancelled as soon as it returns) fails as a hang. This is a guard against a
  call that never returns or blows up quadratically, not a speed assertion: the limit is
  orders of magnitude above what any call needs, and nothing else here is timed;
* **files**: while the call runs, an audit hook (:func:`sys.addaudithook`) refuses every
  ``open`` of a path outside the Python installation and the library's own data (its
  package and its variant tables), and of any path the input names; the call then fails
  with the path it tried to open. The refusal aborts the open, so no such file is read.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import enum
import functools
import json
import math
import os
import random
import signal
import site
import sys
import tempfile
import threading
import types
import typing
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from hypothesis.control import note as hypothesis_note

import rulespec
from rulespec.core.variants import stored_settings, tables_dir
from rulespec.errors import MAX_MESSAGE
from rulespec.lotus import board as boards

MESSAGE_LIMIT = MAX_MESSAGE
"""The longest message a refusal may carry (as text, and its ``to_json()`` as JSON text),
however big its input (issue 28: 10 KB)."""
HANG_SECONDS = 10.0
"""A call that has not returned after this long is a hang (see the module docstring)."""
RANDOM_STEPS = 50
"""Seeded random steps an accepted position must survive."""
LONG = 100_000
"""The length of the long strings and lists the fuzzers send."""
DEEP = 10_000
"""The nesting depth of the deep lists and objects the fuzzers send."""


# --- showing inputs, bounded -----------------------------------------------------------


def _depth(value: object) -> int:
    """How deep ``value`` nests, following the first member (iteratively)."""
    depth = 0
    while isinstance(value, (list, tuple, dict)) and depth < 10**6:
        depth += 1
        if not value:
            break
        value = next(iter(value.values())) if isinstance(value, dict) else value[0]
    return depth


def show(value: object, limit: int = 1500) -> str:
    """A bounded, crash-free rendering of client data: long strings, huge numbers and deep
    nesting are summarised, so a note never fails or floods the report."""
    parts: list[str] = []
    size = 0

    def put(text: str) -> None:
        nonlocal size
        parts.append(text)
        size += len(text)

    def walk(v: object, depth: int) -> None:
        if size > limit:
            return
        if isinstance(v, (list, tuple, dict)) and depth >= 12:
            put(f"<{type(v).__name__} nested {_depth(v)} deep>")
        elif v is None or isinstance(v, (bool, float)):
            put(repr(v))
        elif isinstance(v, int):
            digits = int(abs(v).bit_length() * 0.30103) + 1
            put(repr(v) if digits < 40 else f"<{'-' if v < 0 else ''}int of ~{digits} digits>")
        elif isinstance(v, str):
            put(repr(v) if len(v) <= 80 else f"{v[:30]!r}+<str of {len(v)} chars>")
        elif isinstance(v, dict):
            put("{")
            for i, (k, x) in enumerate(v.items()):
                if i >= 24:
                    put(f", …<{len(v)} keys>")
                    break
                if i:
                    put(", ")
                walk(k, depth + 1)
                put(": ")
                walk(x, depth + 1)
            put("}")
        elif isinstance(v, (list, tuple)):
            put("[" if isinstance(v, list) else "(")
            for i, x in enumerate(v):
                if i >= 24:
                    put(f", …<{len(v)} items>")
                    break
                if i:
                    put(", ")
                walk(x, depth + 1)
            put("]" if isinstance(v, list) else ")")
        else:
            try:
                text = repr(v)
            except Exception as exc:
                text = f"<{type(v).__name__}: repr raised {type(exc).__name__}>"
            put(text if len(text) <= 200 else text[:200] + "…")

    walk(value, 0)
    text = "".join(parts)
    return text if len(text) <= limit else text[:limit] + "…"


def note(text: str) -> None:
    """A hypothesis note when a hypothesis test is running (printed with the minimal
    example), else nothing: failures outside hypothesis carry the text in their message."""
    if currently_in_test_context():
        hypothesis_note(text)


# --- odd values --------------------------------------------------------------------------


class Odd:
    """An odd value, built fresh on each use; its ``repr`` is a short label, so hypothesis
    can print a drawn one even when the value is 10,000 levels deep or 10 MB long."""

    __slots__ = ("label", "make")

    def __init__(self, label: str, make: Callable[[], object]) -> None:
        self.label = label
        self.make = make

    def __repr__(self) -> str:
        return self.label

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(self.label)

    def __call__(self) -> object:
        return self.make()


def nested_list(levels: int) -> list[Any]:
    """``[[[…]]]``, built iteratively."""
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


def nested_object(levels: int) -> dict[str, Any]:
    """``{"a": {"a": …}}``, built iteratively."""
    value: dict[str, Any] = {}
    for _ in range(levels):
        value = {"a": value}
    return value


def _const(label: str, value: object) -> Odd:
    return Odd(label, lambda: copy.deepcopy(value))


HUGE = [
    _const("10**400", 10**400),
    _const("-(10**400)", -(10**400)),
    _const("10**5000", 10**5000),
    _const("-(10**5000)", -(10**5000)),
    _const("2**63", 2**63),
    _const("2**64", 2**64),
    _const("-(2**63)", -(2**63)),
    _const("-1", -1),
    _const("-7", -7),
]
FLOATS = [
    _const("1.0", 1.0),
    _const("0.0", 0.0),
    _const("0.5", 0.5),
    _const("-0.0", -0.0),
    _const("1e308", 1e308),
    _const("nan", math.nan),
    _const("inf", math.inf),
    _const("-inf", -math.inf),
]
SURROGATES = [
    _const("'\\ud800' (a lone surrogate)", "\ud800"),
    _const("'x\\udfffx' (a lone low surrogate)", "x\udfffx"),
]
"""Text a JSON reader accepts (``json.loads('"\\ud800"')``) that UTF-8 cannot encode: an
error echoing it must escape it (issue 28, r18)."""
OTHER_TYPES = [
    *SURROGATES,
    _const("None", None),
    _const("True", True),
    _const("False", False),
    _const("0", 0),
    _const("1", 1),
    _const("''", ""),
    _const("'x'", "x"),
    _const("'0'", "0"),
    _const("[]", []),
    _const("{}", {}),
    _const("[None]", [None]),
    _const("{'': None}", {"": None}),
]
BIG = [
    Odd(f"'x' * {LONG:_}", lambda: "x" * LONG),
    Odd(f"list nested {DEEP:_} deep", lambda: nested_list(DEEP)),
    Odd(f"object nested {DEEP:_} deep", lambda: nested_object(DEEP)),
    Odd(f"[0] * {LONG:_}", lambda: [0] * LONG),
    Odd(f"[{{}}] * {LONG:_}", lambda: [{} for _ in range(LONG)]),
    Odd(f"{{'k0': 0, …}} with {DEEP:_} keys", lambda: {f"k{i}": 0 for i in range(DEEP)}),
]
ODD_VALUES = [*OTHER_TYPES, *HUGE, *FLOATS, *BIG]
"""Every kind of odd value a client can send in JSON (and NaN/inf, which Python's JSON
reader accepts)."""


@functools.cache
def board_file() -> str:
    """A temporary file holding a valid White Lotus board: if client data naming it makes
    the library read it, the library would even accept it. Removed at exit."""
    handle, path = tempfile.mkstemp(prefix="rulespec-fuzz-", suffix=".json")
    with os.fdopen(handle, "w", encoding="utf-8") as f:
        json.dump(boards.schematic().to_json(), f)
    atexit.register(lambda: os.path.exists(path) and os.unlink(path))
    return path


FILE_NAMES = [
    _const("'/etc/passwd'", "/etc/passwd"),
    _const("'../../../../etc/passwd'", "../../../../etc/passwd"),
    _const("'board.json'", "board.json"),
    _const("'/nonexistent/board.json'", "/nonexistent/board.json"),
    Odd("<a temporary file holding a valid board>", board_file),
]
"""Strings that name files; client data must never make the library open them."""


# --- guarded calls -----------------------------------------------------------------------


class Hang(BaseException):
    """Raised by the alarm when a guarded call runs past :data:`HANG_SECONDS`."""


class ForbiddenOpen(BaseException):
    """Raised by the audit hook when a watched call opens a file it must not open."""


def _on_alarm(signum: int, frame: object) -> None:
    raise Hang


@contextlib.contextmanager
def hang_guard(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Raise :class:`Hang` in the block if it runs longer than ``seconds``; nothing off
    the main thread or without ``SIGALRM``."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGALRM"):
        yield
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class _Watch:
    active = False
    busy = False
    named: frozenset[str] = frozenset()
    opened: list[str] = []  # noqa: RUF012
    installed = False


@functools.cache
def _allowed_roots() -> tuple[str, ...]:
    """Where the library may read while it handles client data: the Python installation
    (the standard library, site-packages) and its own package and variant tables."""
    places = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        *site.getsitepackages(),
        os.path.dirname(rulespec.__file__),
        str(tables_dir()),
    }
    roots = {os.path.abspath(p) for p in places} | {os.path.realpath(p) for p in places}
    return tuple(sorted(r.rstrip(os.sep) + os.sep for r in roots))


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if not _Watch.active or _Watch.busy or event != "open":
        return
    path = args[0] if args else None
    if path is None or isinstance(path, int):
        return
    _Watch.busy = True
    try:
        text = os.path.abspath(os.fsdecode(path))
        named = text in _Watch.named
        inside = text.startswith(_allowed_roots())
    finally:
        _Watch.busy = False
    if named or not inside:
        _Watch.opened.append(text)
        raise ForbiddenOpen(text)


@contextlib.contextmanager
def watching_files(named: tuple[str, ...] = ()) -> Iterator[list[str]]:
    """Refuse (and record) every open of a file outside the allowed roots or named in
    ``named`` while the block runs; yields the list of refused paths."""
    if not _Watch.installed:
        _allowed_roots()  # computed before watching: it may touch the file system
        sys.addaudithook(_audit)
        _Watch.installed = True
    _Watch.named = frozenset(os.path.abspath(n) for n in named if isinstance(n, str))
    _Watch.opened = []
    _Watch.active = True
    try:
        yield _Watch.opened
    finally:
        _Watch.active = False


def _describe(what: str, args: tuple[Any, ...], kwargs: dict[str, Any], limit: int = 600) -> str:
    shown = [show(a, limit) for a in args]
    shown += [f"{k}={show(v, limit // 2)}" for k, v in kwargs.items()]
    return f"{what}({', '.join(shown)})"


def attempt(
    what: str,
    fn: Callable[..., Any],
    /,
    *args: Any,
    named: tuple[str, ...] = (),
    **kwargs: Any,
) -> tuple[bool, Any]:
    """Call ``fn(*args, **kwargs)`` with client data under every guard.

    Returns ``(True, result)`` if it returned, ``(False, exc)`` if it refused with a
    :class:`~rulespec.RulespecError` whose message is bounded. A hang, an opened file or
    an over-long message fails with an ``AssertionError`` naming the call; any other
    exception is re-raised as it is, with a note naming the call and its input.
    """
    label = _describe(what, args, kwargs)
    try:
        with hang_guard(), watching_files(named) as opened:
            result = fn(*args, **kwargs)
    except Hang:
        note(f"hang: {_describe(what, args, kwargs, 5000)}")
        raise AssertionError(
            f"{label} did not return within {HANG_SECONDS:g} s: a hang or a blow-up"
        ) from None
    except ForbiddenOpen as exc:
        note(f"opened a file: {_describe(what, args, kwargs, 5000)}")
        raise AssertionError(
            f"{label} opened the file {exc.args[0]!r} while handling client data"
        ) from None
    except rulespec.RulespecError as exc:
        _no_file_opened(label, opened)
        _bounded(label, exc, lambda: _describe(what, args, kwargs, 5000))
        return False, exc
    except BaseException as exc:
        note(f"{type(exc).__name__} escaped from {_describe(what, args, kwargs, 5000)}")
        exc.add_note(f"fuzz: {label} raised {type(exc).__name__}, not a RulespecError")
        raise
    _no_file_opened(label, opened)
    return True, result


def _no_file_opened(label: str, opened: list[str]) -> None:
    if opened:
        raise AssertionError(f"{label} opened {opened} while handling client data")


def _bounded(label: str, exc: BaseException, detail: Callable[[], str]) -> None:
    message = str(exc)
    _sendable(label, exc, message, detail)
    if len(message) > MESSAGE_LIMIT:
        note(f"unbounded message: {detail()}")
        # shortened, so the report stays readable; chained, so hypothesis tells apart the
        # places that raise over-long messages
        exc.args = (f"{message[:400]}…[{len(message):,} characters; cut by the fuzz suite]",)
        raise AssertionError(
            f"{label} raised {type(exc).__name__} with a message of {len(message):,} "
            f"characters (at most {MESSAGE_LIMIT:,}); it begins {message[:240]!r}"
        ) from exc


def _sendable(label: str, exc: BaseException, message: str, detail: Callable[[], str]) -> None:
    """A refusal's text and JSON encode as UTF-8, and its JSON is bounded too."""
    as_json = exc.to_json() if isinstance(exc, rulespec.RulespecError) else {}
    try:
        message.encode("utf-8")
        text = json.dumps(as_json, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
    except (UnicodeEncodeError, ValueError, TypeError) as bad:
        note(f"unsendable error text: {detail()}")
        raise AssertionError(
            f"{label} raised {type(exc).__name__} whose text or to_json() a server cannot "
            f"send as UTF-8 JSON: {bad}"
        ) from None
    size = len(json.dumps(as_json))
    if size > MESSAGE_LIMIT:
        note(f"unbounded to_json(): {detail()}")
        raise AssertionError(
            f"{label} raised {type(exc).__name__} whose to_json() is {size:,} characters of "
            f"JSON (at most {MESSAGE_LIMIT:,})"
        )


def bounded_text(label: str, text: str) -> None:
    """A message returned rather than raised (an explanation) is bounded too."""
    if len(text) > MESSAGE_LIMIT:
        note(f"unbounded text: {label}")
        raise AssertionError(
            f"{label} returned a text of {len(text):,} characters (at most "
            f"{MESSAGE_LIMIT:,}); it begins {text[:240]!r}"
        )


@contextlib.contextmanager
def must_work(label: str, known: tuple[str, str] | None = None) -> Iterator[None]:
    """A block that must not raise at all (checks of an accepted input), under the hang
    guard; anything raised gets a note naming ``label``. With ``known`` (game id, part of
    the check), an exception of a defect listed in :data:`KNOWN_DEFECTS` is an xfail
    naming it."""
    try:
        with hang_guard():
            yield
    except Hang:
        note(f"hang: {label}")
        slow = AssertionError(f"{label}: no result within {HANG_SECONDS:g} s")
        if known is not None:
            xfail_if_known(known[0], known[1], slow)
        raise slow from None
    except Exception as exc:
        if known is not None:
            xfail_if_known(known[0], known[1], exc)
        note(f"failed: {label}")
        exc.add_note(f"fuzz: while {label}")
        raise
    except BaseException as exc:
        note(f"failed: {label}")
        exc.add_note(f"fuzz: while {label}")
        raise


def strict_json(label: str, data: object) -> str:
    """``data`` as strict JSON text (no NaN or infinity), or a failure naming ``label``."""
    try:
        return json.dumps(data, allow_nan=False, sort_keys=True)
    except (ValueError, TypeError, RecursionError) as exc:
        raise AssertionError(f"{label} is not strict JSON ({exc}): {show(data)}") from exc


# --- games, states, vocabulary -------------------------------------------------------------


@functools.cache
def game_of(game_id: str, settings_json: str) -> Any:
    """The game a position or record names (built once per settings)."""
    return rulespec.game(game_id, **json.loads(settings_json))


def game_for(data: dict[str, Any]) -> Any:
    """The game of a real ``to_json()`` position or record."""
    return game_of(data["game"], json.dumps(data["settings"], sort_keys=True))


class Reached:
    """A state reached by play, shown briefly (a state's own ``repr`` holds its game)."""

    __slots__ = ("game", "position", "state")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.position = state.to_json()
        self.game = game_for(self.position)

    def __repr__(self) -> str:
        settings = ",".join(f"{k}={v}" for k, v in self.position["settings"].items())
        node = self.state.current_player
        return f"<{self.position['game']}[{settings}] state, to act: {node!r}>"


def _collect_words(value: object, words: dict[str, None]) -> None:
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            words[v] = None
        elif isinstance(v, dict):
            words.update(dict.fromkeys(k for k in v if isinstance(k, str)))
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


@attrs.frozen
class Harvest:
    """What seeded random play of every variant of a game shows: the strings and keys of
    its positions and actions, and instances of each action class."""

    words: tuple[str, ...]
    actions: dict[type, tuple[Any, ...]]
    """Up to 24 instances of each action class seen, by class."""


@functools.cache
def harvest(game_id: str) -> Harvest:
    """One seeded random game (at most 1,500 steps) of each variant of a game; generic:
    no game is named."""
    words: dict[str, None] = {}
    actions: dict[type, dict[Any, None]] = {}

    def keep(action: Any) -> None:
        seen = actions.setdefault(type(action), {})
        if len(seen) < 24:
            seen[action] = None

    for settings in rulespec.spec(game_id).variants():
        game = rulespec.game(game_id, **settings)
        rng = random.Random(5)
        state = game.initial_state()
        for step in range(1500):
            if state.is_terminal:
                break
            if step % 7 == 0:
                _collect_words(state.to_json(), words)
                for action in state.legal_actions():
                    keep(action)
                    _collect_words(action.to_json(), words)
            if state.is_chance:  # what rulespec.random_step does, keeping the action
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            keep(action)
            state = state.apply(action)
        _collect_words(state.to_json(), words)
    return Harvest(tuple(sorted(words)), {cls: tuple(found) for cls, found in actions.items()})


def vocabulary(game_id: str) -> tuple[str, ...]:
    """Every string and key the positions and actions of a game use."""
    return harvest(game_id).words


# --- random JSON and mutations -----------------------------------------------------------


def json_values(words: tuple[str, ...] = ()) -> st.SearchStrategy[Any]:
    """Random JSON (with NaN and infinities, which Python's reader accepts), its strings
    and keys partly drawn from ``words``."""
    texts = st.text(max_size=12) | st.sampled_from(["\ud800", "x\udfffx"])
    if words:
        texts = st.sampled_from(words) | texts
    leaves = (
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats()
        | texts
        | st.sampled_from([10**400, -(10**400), 2**63, -1])
    )
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(texts, inner, max_size=5),
        max_leaves=16,
    )


def json_objects(words: tuple[str, ...]) -> st.SearchStrategy[dict[str, Any]]:
    """Random JSON objects whose keys are mostly the game's own words."""
    return st.dictionaries(
        st.sampled_from(words) | st.text(max_size=8), json_values(words), max_size=10
    )


Path = tuple[str | int, ...]


def path_text(path: Path) -> str:
    """``hands[1].red`` style."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            shown = part if len(part) <= 40 else part[:20] + f"…<{len(part)} chars>"
            out += f".{shown}" if out else shown
    return out or "<the whole document>"


@attrs.frozen
class Mutation:
    """One change to a JSON document, with a short ``repr`` for hypothesis to print."""

    kind: str
    """``replace``, ``copy`` (the value at ``source``), ``tweak`` (add ``arg``),
    ``delete``, ``add_key`` (``key`` → ``arg``), ``append`` (``arg``) or ``repeat`` (a
    list's first element appended again)."""
    path: Path
    arg: Any = None
    key: Any = None
    source: Path = ()

    def __repr__(self) -> str:
        where = path_text(self.path)
        if self.kind == "replace":
            return f"{where} := {show(self.arg, 200)}"
        if self.kind == "copy":
            return f"{where} := the value at {path_text(self.source)}"
        if self.kind == "tweak":
            return f"{where} += {self.arg}"
        if self.kind == "delete":
            return f"del {where}"
        if self.kind == "add_key":
            return f"{where}[{show(self.key, 80)}] = {show(self.arg, 200)}"
        if self.kind == "repeat":
            return f"{where}: its first element repeated at its end"
        return f"{where}.append({show(self.arg, 200)})"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(repr(self))


def _get(doc: Any, path: Path) -> Any:
    node = doc
    for part in path:
        node = node[part]
    return node


def _has(doc: Any, path: Path) -> bool:
    node = doc
    for part in path:
        inside_dict = isinstance(node, dict) and part in node
        inside_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if not (inside_dict or inside_list):
            return False
        node = node[part]
    return True


def _materialise(value: Any) -> Any:
    if isinstance(value, Odd):
        return value()
    return copy.deepcopy(value)


def apply_mutations(base: Any, mutations: tuple[Mutation, ...]) -> Any:
    """A mutated copy of ``base`` (mutations whose path has gone are skipped)."""
    doc = {"": copy.deepcopy(base)}  # a parent for the whole document

    for m in mutations:
        path: Path = ("", *m.path)
        if not _has(doc, path):
            continue
        parent, last = _get(doc, path[:-1]), path[-1]
        if m.kind == "replace":
            parent[last] = _materialise(m.arg)
        elif m.kind == "copy":
            source: Path = ("", *m.source)
            if _has(doc, source):
                found = _get(doc, source)
                try:
                    parent[last] = copy.deepcopy(found)
                except RecursionError:  # a deep value: share it, unless that makes a cycle
                    if source != path[: len(source)]:
                        parent[last] = found
        elif m.kind == "tweak":
            old = parent[last]
            if isinstance(old, int) and not isinstance(old, bool):
                parent[last] = old + m.arg
            else:
                parent[last] = m.arg
        elif m.kind == "delete":
            if len(path) > 1:
                del parent[last]
        elif m.kind == "add_key":
            target = parent[last]
            if isinstance(target, dict):
                key = _materialise(m.key)
                target[key if isinstance(key, str) else str(key)] = _materialise(m.arg)
        elif m.kind == "append":
            target = parent[last]
            if isinstance(target, list):
                target.append(_materialise(m.arg))
        elif m.kind == "repeat":
            target = parent[last]
            if isinstance(target, list) and target:
                with contextlib.suppress(RecursionError):  # a deep element: not repeated
                    target.append(copy.deepcopy(target[0]))
    return doc[""]


@st.composite
def _paths(draw: st.DrawFn, doc: Any) -> Path:
    """A path into ``doc``, descending one level at a time (shrinks towards the root)."""
    path: list[str | int] = []
    node = doc
    while isinstance(node, (dict, list)) and node and draw(st.integers(0, 3)) > 0:
        if isinstance(node, dict):
            key: str | int = draw(st.sampled_from(list(node)))
        else:
            key = draw(st.integers(0, len(node) - 1))
        path.append(key)
        node = node[key]
    return tuple(path)


FAMILIES = ("types", "sizes", "plausible", "numbers")
"""The kinds of mutation, each fuzzed by its own test so that a defect easy to hit in one
(an over-long message) does not hide the defects of another (a position that loads but
breaks play):

* ``types``: a value replaced by another JSON type, a huge or negative number, a bool, a
  float, NaN or an infinity, an empty container, random JSON (or an ``extra`` value, such
  as the name of a file); a short unknown key added; such a value appended to a list;
* ``sizes``: a value replaced by a 100,000-character string, a list or object nested
  10,000 deep, a list of 100,000 entries or an object of 10,000 keys; an unknown key of
  100,000 characters added; such a value appended to a list;
* ``plausible``: changes that keep the document's vocabulary: a number nudged, a value
  replaced by another value of the same document or by a word of the game, a key or an
  element deleted, an element repeated, an unknown key that is a word of the game.
* ``numbers``: one to three whole numbers of the document, each as likely as any other
  however deep it lies, set one above or below what they were, to -1 or 0, or to a huge
  number of either sign (issue 28: every count has a lower and an upper bound, and a
  number Python cannot print is refused like any other).
"""

_LONG_KEY = Odd(f"'k' * {LONG:_}", lambda: "k" * LONG)


@st.composite
def mutations(
    draw: st.DrawFn,
    doc: Any,
    words: tuple[str, ...],
    family: str,
    extra: tuple[Any, ...] = (),
) -> tuple[Mutation, ...]:
    """One to three changes of one of the :data:`FAMILIES` to ``doc``."""
    if family == "types":
        values = st.one_of(
            st.sampled_from([*OTHER_TYPES, *HUGE, *FLOATS]),
            *([st.sampled_from(extra)] if extra else []),
            json_values(words),
        )
        keys: st.SearchStrategy[Any] = st.text(max_size=6)
        kinds = ["replace", "replace", "add_key", "append"]
    elif family == "sizes":
        values = st.sampled_from(BIG)
        keys = st.just(_LONG_KEY)
        kinds = ["replace", "replace", "add_key", "append"]
    elif family == "plausible":
        values = st.sampled_from(words) | st.integers(-2, 20)
        keys = st.sampled_from(words)
        kinds = ["tweak", "copy", "word", "delete", "add_key", "repeat"]
    elif family == "numbers":
        return draw(_number_mutations(doc))
    else:
        raise ValueError(f"no mutation family {family!r}; choose one of {FAMILIES}")
    out = []
    for _ in range(draw(st.integers(1, 3))):
        path = draw(_paths(doc))
        kind = draw(st.sampled_from(kinds))
        if kind in ("replace", "word"):
            out.append(Mutation("replace", path, draw(values)))
        elif kind == "copy":
            out.append(Mutation("copy", path, source=draw(_paths(doc))))
        elif kind == "tweak":
            out.append(Mutation("tweak", path, draw(st.sampled_from([1, -1, 2, -2, 5, -100]))))
        elif kind == "delete":
            out.append(Mutation("delete", path))
        elif kind == "add_key":
            out.append(Mutation("add_key", path, draw(values), key=draw(keys)))
        elif kind == "repeat":
            out.append(Mutation("repeat", path))
        else:
            out.append(Mutation("append", path, draw(values)))
    return tuple(out)


def number_paths(doc: Any) -> list[Path]:
    """The path of every whole number in ``doc`` (bools aside), iteratively."""
    out: list[Path] = []
    stack: list[tuple[Path, Any]] = [((), doc)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool):
            out.append(path)
    return sorted(out, key=lambda p: [str(x) for x in p])


NUMBER_CHANGES = [*HUGE[:4], _const("2**63", 2**63), _const("-1", -1), _const("0", 0)]


@st.composite
def _number_mutations(draw: st.DrawFn, doc: Any) -> tuple[Mutation, ...]:
    paths = number_paths(doc)
    if not paths:
        return ()
    out = []
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths))
        if draw(st.booleans()):
            out.append(Mutation("tweak", path, draw(st.sampled_from([1, -1]))))
        else:
            out.append(Mutation("replace", path, draw(st.sampled_from(NUMBER_CHANGES))))
    return tuple(out)


# --- what an accepted input must keep ------------------------------------------------------


@attrs.frozen
class Known:
    """A defect the fuzz finds that is being fixed elsewhere (issue 19 names each by its
    id): while it stands, an example that hits it is an xfail naming it, not a failure.
    Remove the entry once the defect is fixed (the test then passes on its own)."""

    id: str
    """The defect's id in issue 19 (``r07``), or ``new:`` and a name for one found since."""
    game: str
    part: str
    """Which check hits it: ``play`` (hash, JSON, problems, random steps), ``tensor``,
    ``information``, ``resample``."""
    error: str
    """The exception's class name (an ``AssertionError`` is a check that failed)."""
    text: str = ""
    """A piece of the exception's message that identifies it."""

    def matches(self, game_id: str, part: str, exc: BaseException) -> bool:
        """Whether ``exc``, raised by ``part`` of the checks of a ``game_id`` state, is
        this defect (``game`` ``*``: of every game)."""
        return (
            self.game in (game_id, "*")
            and self.part == part
            and type(exc).__name__ == self.error
            and self.text in str(exc)
        )


KNOWN_DEFECTS: tuple[Known, ...] = ()
"""The defects of issue 19 still open that the fuzz of accepted states finds."""


def xfail_if_known(game_id: str, part: str, exc: BaseException) -> None:
    """An xfail naming the defect if ``exc`` is one of :data:`KNOWN_DEFECTS`."""
    for known in KNOWN_DEFECTS:
        if known.matches(game_id, part, exc):
            pytest.xfail(
                f"known defect {known.id} ({game_id}, {part}): {type(exc).__name__}: "
                f"{str(exc)[:300]}"
            )


def information_shape(game: Any) -> int | None:
    """The information-state tensor length, or ``None`` where it is not offered."""
    try:
        return int(game.information_state_shape()[0])
    except rulespec.InvalidArgument:
        return None


def check_views(game: Any, state: Any, label: str) -> None:
    """What every seat may ask of a state built from accepted client data: its
    observation (strict JSON) and observation tensor (of the game's shape), its
    information state (text, strict JSON, and the tensor where the variant offers one),
    and before the end a resampled state (:meth:`resample`) with the same view and no
    problems."""
    game_id = game.spec.id
    shape = game.observation_shape()[0]
    info_shape = information_shape(game)
    for seat in range(game.players):
        with must_work(f"observation({seat}) of the state {label} accepted", (game_id, "view")):
            seen = state.observation(seat)
            strict_json(f"observation({seat}) of the state {label} accepted", seen.to_json())
        with must_work(f"observation({seat}).tensor() of {label}", (game_id, "tensor")):
            if len(seen.tensor()) != shape:
                raise AssertionError(f"observation({seat}).tensor() is not {shape} long")
        with must_work(f"information_state({seat}) of {label}", (game_id, "information")):
            info = state.information_state(seat)
            str(info)
            strict_json(f"information_state({seat}).to_json() of {label}", info.to_json())
            if info_shape is not None and len(info.tensor()) != info_shape:
                raise AssertionError(f"information_state({seat}).tensor() is not {info_shape}")
        if state.is_terminal:
            continue
        with must_work(f"resample({seat}, Random(0)) of {label}", (game_id, "resample")):
            new = state.resample(seat, random.Random(0))
            if new.observation(seat) != seen:
                raise AssertionError(f"resample({seat}) changed what seat {seat} sees")
            if new.problems() != ():
                raise AssertionError(f"resample({seat}) has problems {new.problems()}")


def check_accepted_state(game: Any, state: Any, label: str) -> None:
    """A state built from accepted client data: hashable, strict JSON that reloads to
    itself, no problems, every seat's views (:func:`check_views`), and it survives
    :data:`RANDOM_STEPS` seeded random steps without a problem or an exception, its
    views still good at the end."""
    with must_work(f"checking the state {label} accepted", (game.spec.id, "play")):
        hash(state)
        data = state.to_json()
        text = strict_json(f"to_json() of the state {label} accepted", data)
        again = game.state_from_json(json.loads(text))
        if again != state or again.to_json() != data:
            raise AssertionError(
                f"the state {label} accepted does not equal a reload of its to_json(): {show(data)}"
            )
        found = state.problems()
        if found != ():
            raise AssertionError(f"the state {label} accepted has problems {found}")
    check_views(game, state, label)
    with must_work(f"{RANDOM_STEPS} random steps after the state {label}", (game.spec.id, "play")):
        rng = random.Random(0)
        for step in range(RANDOM_STEPS):
            if state.is_terminal:
                break
            state = rulespec.random_step(state, rng)
            found = state.problems()
            if found != ():
                raise AssertionError(
                    f"{step + 1} random steps (Random(0)) after the state {label} accepted: "
                    f"problems {found} in {show(state.to_json())}"
                )
        for seat in range(game.players):
            strict_json(
                f"observation({seat}) after the random steps", state.observation(seat).to_json()
            )


def check_chance_outcomes(state: Any) -> None:
    """Exact probabilities summing to 1 matching the legal actions at a chance node,
    nothing elsewhere."""
    outcomes = state.chance_outcomes()
    if not isinstance(outcomes, tuple):
        raise AssertionError(f"chance_outcomes() returned {type(outcomes).__name__}")
    if state.is_chance:
        if not outcomes or sum(p for _, p in outcomes) != 1:
            raise AssertionError(f"chance outcomes do not sum to 1: {outcomes}")
        if not all(isinstance(p, Fraction) and p > 0 for _, p in outcomes):
            raise AssertionError(f"chance outcomes not positive fractions: {outcomes}")
        if tuple(a for a, _ in outcomes) != state.legal_actions():
            raise AssertionError("chance outcomes differ from the legal actions")
    elif outcomes != ():
        raise AssertionError(f"chance outcomes away from a chance node: {outcomes}")


# --- a session's rows (issue 32) ------------------------------------------------------------


SESSION_MOVES = 40
"""Decisions of the seeded session whose rows are mutated (enough for two positions)."""


@functools.lru_cache(maxsize=64)
def _session_rows(game_id: str, settings_json: str, seed: int) -> str:
    with stored_settings():  # the cross of options and variants: no SettingIgnored
        table = rulespec.session(game_id, seed=seed, settings=json.loads(settings_json))
    table.position_every = 16
    made = table.checkpoint()
    rng = random.Random(seed)
    rows = []
    while not table.is_over and len(rows) < SESSION_MOVES:
        seat = rng.choice(list(table.to_act))
        view = table.view(seat)
        action = rng.choice(rulespec.core.compact.expand(view["legal_actions"]))
        rows.append(table.submit(seat, action, expect_step=view["step"]).to_json())
    return json.dumps({"made": made, "rows": rows})


def session_rows(game: Any, seed: int) -> tuple[dict[str, Any], list[Any]]:
    """The checkpoint of a new seeded table of ``game`` and the rows of its first
    :data:`SESSION_MOVES` random decisions, as a store holds them (fresh copies)."""
    data = json.loads(_session_rows(game.spec.id, json.dumps(dict(game.settings())), seed))
    return data["made"], data["rows"]


# --- actions built by hand with wrong field types ---------------------------------------------


def _strip(tp: Any) -> Any:
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def wrong_values(cls: type, field: str) -> tuple[Odd, ...]:
    """Values of the wrong type (bools, floats, strings, None) or never in range for one
    field of an action class, from the field's type hint (no game is named)."""
    hints = typing.get_type_hints(cls, include_extras=True)
    tp = _strip(hints[field])
    union = typing.get_origin(tp) in (typing.Union, types.UnionType)
    members = typing.get_args(tp) if union else (tp,)
    members = tuple(_strip(m) for m in members)
    optional = type(None) in members
    out: list[Odd] = []
    for m in members:
        if m is type(None):
            continue
        if m is bool:
            out += [_const("0", 0), _const("1", 1), _const("1.0", 1.0), _const("'true'", "true")]
        elif m is int:
            out += [
                _const("True", True),
                _const("False", False),
                _const("1.0", 1.0),
                _const("0.0", 0.0),
                _const("nan", math.nan),
                _const("inf", math.inf),
                _const("'0'", "0"),
                _const("'1'", "1"),
                *HUGE,
            ]
        elif m is str:
            out += [
                _const("0", 0),
                _const("True", True),
                _const("1.0", 1.0),
                _const("''", ""),
                Odd(f"'x' * {LONG:_}", lambda: "x" * LONG),
            ]
        elif isinstance(m, type) and issubclass(m, enum.Enum):
            # a member's JSON form (its label, or a plain enum's value) is read as the
            # member, as JSON reads it (issue 8): only other spellings are wrong
            first = next(iter(m))
            out += [
                _const(repr(first.name), first.name),
                _const("True", True),
                _const("False", False),
                _const("1.0", 1.0),
                _const("0.5", 0.5),
            ]
        else:
            out += [_const("True", True), _const("1.0", 1.0), _const("0", 0), _const("'x'", "x")]
    if not optional:
        out.append(_const("None", None))
    seen: dict[str, Odd] = {}
    for o in out:
        seen.setdefault(o.label, o)
    return tuple(seen.values())


class NotAnAction:
    """An object that is no action of any game (its ``str`` is long)."""

    def __str__(self) -> str:
        return "not an action " * 10_000

    def __repr__(self) -> str:
        return "NotAnAction()"


def foreign_objects() -> list[Odd]:
    """Things handed to ``apply``/``explain`` that are no action of the state's game."""
    return [
        _const("None", None),
        _const("0", 0),
        _const("'play'", "play"),
        Odd(f"'x' * {LONG:_}", lambda: "x" * LONG),
        _const("{'type': 'pass'}", {"type": "pass"}),
        _const("[]", []),
        Odd("NotAnAction()", NotAnAction),
        Odd("object()", object),
    ]
