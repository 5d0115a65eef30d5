"""The exceptions rulespec raises, all under one root.

Every error names what was wrong in words a person can act on. Illegal actions carry the
:class:`~rulespec.core.rules.Rule` that forbids them, so "why is this illegal?" always has
an answer; malformed input reports every problem at once instead of the first one.
"""

from __future__ import annotations

import difflib
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from rulespec.core.rules import Rule


class RulespecError(Exception):
    """Root of every exception rulespec raises on purpose.

    Each class has a stable machine-readable :attr:`code` (``illegal_action``,
    ``not_your_turn``, ...) that a server can hand to its clients, and :meth:`to_json`
    gives the code, the English message and what the error knows in data (the rule, the
    problems with their JSON paths, the numbers involved)."""

    code = "rulespec_error"
    """The stable, machine-readable kind of error (snake case; part of the documented
    format: it does not change between patch releases)."""
    http_status = 500
    """The HTTP status a server answers this error with (a suggestion, the one the
    docs' example server uses): 4xx for what a client sent, 5xx for what is wrong on the
    server's side. The docs' error table is generated from it."""
    fields: ClassVar[Mapping[str, str]] = {}
    """The keys :meth:`to_json` gives beyond ``code`` and ``message``, each with what it
    holds. Every key is always there, with one shape (``null`` where the error has
    nothing for it); the docs' error table lists them (issue 32)."""

    def __str__(self) -> str:
        # every error's text is valid Unicode whatever a client sent (issue 28, r18): a
        # lone surrogate, which JSON text may carry, is shown as its escape
        return sendable(super().__str__())

    def to_json(self) -> dict[str, Any]:
        """``{"code", "message", ...}``: the code, the English message, and the error's
        own data (:meth:`details`: the keys of :attr:`fields`); strict JSON, safe to send
        to a client: every text in it encodes as UTF-8 (``sendable``)."""
        details = _sendable_data(self.details())
        return {"code": self.code, "message": str(self), **details}

    def details(self) -> dict[str, Any]:
        """What this error knows as data, for :meth:`to_json` (none at the root)."""
        return {}


class IllegalAction(RulespecError, ValueError):
    """An action that the rules forbid in this state; the state is left unchanged.

    ``rule`` is the registered rule that forbids it and ``reason`` says what exactly is
    wrong with this action in this state.
    """

    code = "illegal_action"
    http_status = 400
    """400 Bad Request: the rules forbid what the client sent."""
    fields: ClassVar[Mapping[str, str]] = {
        "rule": "the id of the rule that forbids the action",
        "rule_title": "that rule's title",
        "reason": "what exactly is wrong with this action in this state",
        "action": "the action as JSON (null when it has none)",
    }

    def __init__(self, rule: Rule, reason: str, action: object = None) -> None:
        self.rule = rule
        self.reason = cut(reason)
        self.action = action
        super().__init__(f"{self.reason} [{rule.id}: {rule.title}]")

    def details(self) -> dict[str, Any]:
        """The rule (id and title), the reason, and the action as JSON when it has one
        (of at most ``MAX_REASON`` characters as JSON text)."""
        out: dict[str, Any] = {
            "rule": self.rule.id,
            "rule_title": self.rule.title,
            "reason": self.reason,
            "action": None,
        }
        to_json = getattr(self.action, "to_json", None)
        if callable(to_json):
            try:
                data = to_json()
                # an action a client built may hold what JSON cannot print, or a huge text
                text = json.dumps(data)
            except (TypeError, ValueError):
                return out
            if len(text) <= MAX_REASON:
                out["action"] = data
        return out


class NotYourTurn(IllegalAction):
    """The action was submitted on behalf of a seat that owes no decision now. The rule
    named is the one that says who acts (not the phase's), and ``to_act`` lists the
    seats that may act."""

    code = "not_your_turn"
    http_status = 409
    """409 Conflict: the table is not waiting for this seat now."""
    fields: ClassVar[Mapping[str, str]] = {
        **IllegalAction.fields,
        "player": "the seat that submitted (null when none was named)",
        "to_act": "the seats that may act now, sorted (empty once the game is over)",
    }

    def __init__(
        self,
        rule: Rule,
        reason: str,
        action: object = None,
        *,
        player: int | None = None,
        to_act: frozenset[int] = frozenset(),
    ) -> None:
        super().__init__(rule, reason, action)
        self.player = player
        self.to_act = to_act

    def details(self) -> dict[str, Any]:
        """The rule and reason, the seat that submitted, and the seats that may act."""
        return {**super().details(), "player": self.player, "to_act": sorted(self.to_act)}


class StaleAction(RulespecError, ValueError):
    """An action sent for an earlier (or later) state of the game: the client's
    ``expect_step`` is not the state's :attr:`~rulespec.core.kernel.Kernel.step` (in a
    :class:`~rulespec.Session`: not from the seat's guard, ``since``, to the table's
    step). Nothing is applied; the client should fetch the current view and decide
    again."""

    code = "stale_action"
    http_status = 409
    """409 Conflict: the table moved on since the client's view."""
    fields: ClassVar[Mapping[str, str]] = {
        "expect_step": "the step the client sent",
        "step": "the step the game is at",
        "since": "from a session, the seat's guard: the step since which what it sees is "
        "unchanged (null outside a session)",
    }

    def __init__(self, expected: int, step: int, *, since: int | None = None) -> None:
        self.expected = expected
        self.step = step
        self.since = since
        when = "an earlier" if expected < (step if since is None else since) else "a later"
        if since is None or since == step:
            meant = f"but the game is at step {step}"
        else:
            meant = f"but what this seat sees changed at step {since} (the game is at step {step})"
        super().__init__(
            f"the action was meant for step {expected}, {meant} ({when} state than this "
            "one); look at the current state and decide again"
        )

    def details(self) -> dict[str, Any]:
        """The step the client expected, the step the game is at and, from a session,
        the step since which the seat's view is unchanged (its guard)."""
        return {"expect_step": self.expected, "step": self.step, "since": self.since}


class UnknownGame(RulespecError, LookupError):
    """The game id is not one of :data:`rulespec.GAMES`; the message lists the valid ids,
    and :meth:`to_json` gives them as data, as :class:`UnknownVariant` gives a setting's
    (the setting is ``"game"``)."""

    code = "unknown_game"
    http_status = 400
    """400 Bad Request."""
    fields: ClassVar[Mapping[str, str]] = {
        "setting": '``"game"``',
        "choices": "the game ids rulespec implements",
    }

    def __init__(self, message: str, *, choices: tuple[str, ...] | list[str] = ()) -> None:
        super().__init__(message)
        self.choices = list(choices)

    def details(self) -> dict[str, Any]:
        """The setting (``"game"``) and the valid ids."""
        return {"setting": "game", "choices": list(self.choices)}


class InvalidArgument(RulespecError, ValueError, TypeError):
    """A call got an argument the API does not take: a seat that is not a whole number in
    range, ``upto`` that is not a count of actions, ``sample_chance`` at a decision. The
    message names the argument. (Also a ``ValueError`` and a ``TypeError``, so code that
    caught those keeps working.)"""

    code = "invalid_argument"
    http_status = 400
    """400 Bad Request."""
    fields: ClassVar[Mapping[str, str]] = {
        "argument": "the argument or request field at fault (``expect_step``, ``seat``), "
        "empty when the message is about the whole call",
    }

    def __init__(self, message: str, *, argument: str | None = None) -> None:
        super().__init__(message)
        self.argument = _argument(message) if argument is None else argument

    def details(self) -> dict[str, Any]:
        """The argument at fault."""
        return {"argument": self.argument}


def _argument(message: str) -> str:
    """The argument a message names first (``"expect_step: ..."``), else empty."""
    head, sep, _ = message.partition(": ")
    return head if sep and _ARGUMENT.fullmatch(head) else ""


_ARGUMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_.\[\]]{0,60}")


class UnknownVariant(InvalidArgument, LookupError):
    """A refused setting: a name the game does not know, a value a setting cannot take,
    values no variant has together, an axis left out that is needed. The one class for
    every refused setting of every game, wherever settings come in
    (:func:`rulespec.game`, :func:`rulespec.session`, records and checkpoints); since
    issue 27 also an :class:`InvalidArgument`, so code that catches either sees it (its
    ``code`` stays ``unknown_variant``). The message lists what is valid; :meth:`to_json`
    gives it as data: ``setting``, its ``choices``, the game's setting ``names``, and
    ``valid`` (the 1.0.0 field, whose shape depends on the case)."""

    code = "unknown_variant"
    http_status = 400
    """400 Bad Request."""
    fields: ClassVar[Mapping[str, str]] = {
        "argument": "the same as ``setting``",
        "setting": "the setting at fault (for a name the game does not know, that name)",
        "choices": "the values the setting may take given the other settings, as JSON "
        "values (empty for a name the game does not know, or for a setting that takes data)",
        "names": "every setting name the game takes: the variant axes, the settings beyond "
        "the table, the options",
        "valid": "as in 1.0.0: the choices of a value, the names for an unknown name, the "
        "settings objects of every variant when no variant has the values together",
    }

    def __init__(
        self,
        message: str,
        *,
        setting: str | None = None,
        valid: list[Any] | None = None,
        choices: list[Any] | tuple[Any, ...] | None = None,
        names: list[str] | tuple[str, ...] | None = None,
    ) -> None:
        super().__init__(message, argument=setting or "")
        self.setting = setting
        self.valid = valid
        self.choices = None if choices is None else list(choices)
        self.names = None if names is None else list(names)

    def complete(self, *, setting: str | None = None, names: list[str] | None = None) -> None:
        """Fill in what the code that raised this did not know: a game fills in its
        setting names, and the name of the setting one of its readers refused."""
        if self.setting is None and setting is not None:
            self.setting = self.argument = setting
        if self.names is None and names is not None:
            self.names = list(names)

    def details(self) -> dict[str, Any]:
        """The setting at fault, its choices, the game's setting names, ``valid``."""
        choices = self.choices
        if choices is None:  # raised as 1.0.0 did: valid holds the choices of a setting
            choices = self.valid if self.setting is not None and self.valid is not None else []
        valid = choices if self.valid is None else self.valid
        return {
            "argument": self.setting or "",
            "setting": self.setting,
            "choices": [_json_value(v) for v in choices],
            "names": list(self.names or ()),
            "valid": [_json_value(v) for v in valid],
        }


class UnknownRule(RulespecError, LookupError):
    """No rule is registered under that id; the message suggests close matches."""

    code = "unknown_rule"
    http_status = 404
    """404 Not Found: a rule look-up."""


class GameNotOver(RulespecError):
    """A final result was asked of a state that is not terminal."""

    code = "game_not_over"
    http_status = 409
    """409 Conflict, "not yet" (400 before issue 32): the request is fine, the game has
    not reached the point where it can be answered."""


class TensorError(RulespecError, TypeError):
    """An observation field whose type gives no tensor form (raised when a layout is
    built) or a value that does not fit its layout (raised when encoding). Never raised
    for a state reached by play or a position that loads: one would be a defect of the
    library. (Also a ``TypeError``, as it was before it became a ``RulespecError``.)"""

    code = "tensor_error"


class SettingIgnored(UserWarning):
    """An option set to a value other than its default on a variant where it cannot
    change play (the White Castle's solo rival options with 2-4 players): the game is
    made, as it always was, and this warning says the option does nothing there. A server
    that wants such settings refused turns it into an error
    (``warnings.simplefilter("error", SettingIgnored)``), and a lobby shows each option
    on the variants :meth:`GameSpec.offered() <rulespec.GameSpec.offered>` lists for it
    (``"columns"``). Issue 34."""


MAX_PROBLEMS = 100
"""An error lists at most this many problems (then says that more were found), so a huge
malformed input cannot make a huge message. A reader stops reading once it has found
this many and one more (:data:`MORE_PROBLEMS`): the rest of a huge input is not worked
out."""


MAX_REASON = 500
"""A reason (or one problem) is cut to this many characters: an action a client built
with a huge value cannot make a huge message."""


MAX_MESSAGE = 10_000
"""An error's text (``str(exc)``) and its :meth:`~RulespecError.to_json` written as JSON
text stay under this many characters: an error lists the problems that fit, then says
how many more there are (issue 28)."""


MORE_PROBLEMS = f"... more problems; reading stopped after the first {MAX_PROBLEMS}"
"""What a reader notes after :data:`MAX_PROBLEMS` problems, and then stops: an error
holding it does not know how many problems the rest of the input has."""


def enough(problems: Sequence[str]) -> bool:
    """Whether a reader collecting ``problems`` has more than an error lists: it stops
    reading then, noting :data:`MORE_PROBLEMS` (issue 28: the rest of a huge input is
    not worked out)."""
    return len(problems) > MAX_PROBLEMS


SUGGEST_UP_TO = 64
"""A name longer than this gets no "did you mean" suggestion (:func:`suggestions`): the
search costs time quadratic in the name's length."""


def suggestions(name: object, choices: Iterable[str], n: int = 1, cutoff: float = 0.6) -> list[str]:
    """Up to ``n`` of ``choices`` close to ``name`` (``difflib``), best first; none for
    a name that is not text or longer than :data:`SUGGEST_UP_TO` characters."""
    if not isinstance(name, str) or len(name) > SUGGEST_UP_TO:
        return []
    return difflib.get_close_matches(name, list(choices), n=n, cutoff=cutoff)


def sendable(text: str) -> str:
    """``text`` with every character that UTF-8 cannot encode (a lone surrogate such as
    ``"\\ud800"``, which a JSON text may carry) written as its escape, ``\\ud800``:
    what any server can log or send."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def _sendable_data(value: Any) -> Any:
    """JSON data with every text in it :func:`sendable` (keys included) and cut to
    :data:`MAX_REASON` characters: an error's data echoes what a client sent (a setting
    name, an argument), which may be of any length."""
    if isinstance(value, str):
        return sendable(cut(value))
    if isinstance(value, Mapping):
        return {_sendable_data(k): _sendable_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_sendable_data(v) for v in value]
    return value


def cut(text: str, limit: int = MAX_REASON) -> str:
    """``text``, cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def bounded(value: object, limit: int = 60) -> str:
    """Client data as a message shows it: JSON-like (``"x"``, ``[1, 2]``, ``null``,
    ``true``; never Python's quoting), at most ``limit`` characters, safe for huge or
    deeply nested data (containers are shown to a depth of 3, six items each)."""
    text = _show(value, 3)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def shown(action: object, limit: int = MAX_REASON) -> str:
    """An action as a message names it: its own text (``str``), cut to ``limit``; one whose
    text cannot be made (a field a client set to a number of thousands of digits, which
    Python refuses to print) by its type alone."""
    try:
        return cut(str(action), limit)
    except ValueError:
        return f"{type(action).__name__} (a field too large to print)"


_SHOWN_ITEMS = 6


def _show(value: object, depth: int) -> str:
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 200:
            return "<a number too large to print>"
        return str(int(value))
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else str(value)
    if isinstance(value, str):
        body = value[:80].replace("\\", "\\\\").replace('"', '\\"')
        body = _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", body)
        return f'"{body}{"..." if len(value) > 80 else ""}"'
    if isinstance(value, Mapping):
        if depth <= 0:
            return "{...}"
        items = [f"{_show(k, 0)}: {_show(v, depth - 1)}" for k, v in _first(value.items())]
        more = ", ..." if len(value) > _SHOWN_ITEMS else ""
        return "{" + ", ".join(items) + more + "}"
    if isinstance(value, list | tuple | set | frozenset):
        if depth <= 0:
            return "[...]"
        items = [_show(v, depth - 1) for v in _first(value)]
        more = ", ..." if len(value) > _SHOWN_ITEMS else ""
        return "[" + ", ".join(items) + more + "]"
    try:  # a Python object (an enum, an action built by hand): how Python shows it
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text[:80]


def _first(items: Any) -> list[Any]:
    out: list[Any] = []
    for item in items:
        if len(out) == _SHOWN_ITEMS:
            break
        out.append(item)
    return out


_CONTROL = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")
"""Control characters and lone surrogates: shown as JSON escapes (``\\u0000``, ``\\ud800``)."""


class _ProblemsError(RulespecError, ValueError):
    """Base for errors that collect every problem before raising."""

    what = "input"
    code = "bad_input"
    http_status = 400
    """400 Bad Request: client data that describes nothing of the game."""

    def __init__(self, problems: list[str] | tuple[str, ...]) -> None:
        listed = problems if isinstance(problems, list | tuple) else list(problems)
        kept, count, stopped = _first_problems(listed)
        self.problems = (*kept, *_more(count - len(kept), stopped))
        """The problems found, at most :data:`MAX_PROBLEMS` (then a line saying how many
        more there are), each cut to :data:`MAX_REASON` characters."""
        shown = _fitting(kept)
        self._listed = (*shown, *_more(count - len(shown), stopped))
        noun = "problem" if count == 1 else "problems"
        head = f"more than {count} problems" if stopped else f"{count} {noun}"
        lines = "\n".join(f"  - {p}" for p in self._listed)
        super().__init__(f"{self.what}: {head}\n{lines}")

    fields: ClassVar[Mapping[str, str]] = {
        "problems": 'every problem, each ``{"path", "message"}`` (``path``: the JSON path '
        "of the value at fault, empty for the whole input)",
    }

    def details(self) -> dict[str, Any]:
        """Each problem the message lists as ``{"path", "message"}`` (``path`` is the JSON
        path of the value at fault, empty when the problem is about the whole input): as
        many as fit :data:`MAX_MESSAGE`, then a line saying how many more there are."""
        return {"problems": [_problem(p) for p in self._listed]}


def _first_problems(problems: Sequence[str]) -> tuple[list[str], int, bool]:
    """The first :data:`MAX_PROBLEMS` problems, each cut to :data:`MAX_REASON` and
    :func:`sendable`; then how many problems the list stands for (a last line such as
    ``... and 7 more problems not listed``, from another error's problems, counted as
    what it says), and whether a reader stopped reading (:data:`MORE_PROBLEMS` anywhere
    in the list: there may be more)."""
    markers = problems.count(MORE_PROBLEMS)
    count, end = len(problems) - markers, len(problems)
    last = problems[-1] if problems else None
    stopped = markers > 0
    if isinstance(last, str) and last.startswith("... and "):
        more = _MORE.fullmatch(last)
        if more:
            end, count = end - 1, count - 1 + int(more.group(1))
            stopped = stopped or more.group(2) is not None
    out: list[str] = []
    for text in problems[:end]:
        if len(out) == MAX_PROBLEMS:
            break
        if text != MORE_PROBLEMS:
            out.append(sendable(cut(text)))
    return out, count, stopped


def _more(left: int, stopped: bool) -> tuple[str, ...]:
    """The line after the problems listed: how many more were found, and whether reading
    stopped (there may be more still)."""
    if left:
        return (f"... and {left} more problems not listed{f'; {_STOPPED}' if stopped else ''}",)
    return (MORE_PROBLEMS,) if stopped else ()


_ROOM = MAX_MESSAGE - 1_500
"""Room for the problems in an error's text and its JSON (the rest: the heading, the
code, the line saying more were found, each written twice)."""


def _fitting(problems: Sequence[str]) -> list[str]:
    """The first problems that fit the room of a message both as text and as JSON (each
    is in the message and in ``to_json()["problems"]``)."""
    out: list[str] = []
    room = _ROOM
    for line in problems:
        cost = len(json.dumps(line)) * 2 + 40  # in the message, and as {"path", "message"}
        if cost > room:
            break
        room -= cost
        out.append(line)
    return out


_STOPPED = f"reading stopped after the first {MAX_PROBLEMS}"
_MORE = re.compile(r"\.\.\. and (\d{1,18}) more problems not listed(; " + _STOPPED + ")?")


def _problem(text: str) -> dict[str, str]:
    """``"hands[1].red: expected ..."`` as ``{"path": "hands[1].red", "message": ...}``."""
    path, sep, message = text.partition(": ")
    if sep and path and " " not in path:
        return {"path": path, "message": message}
    return {"path": "", "message": text}


class MalformedPosition(_ProblemsError):
    """A position (JSON or dict) that does not describe a state of the game.

    ``problems`` holds one message per problem found; all of them are reported at once.
    """

    what = "malformed position"
    code = "malformed_position"


class MalformedAction(_ProblemsError):
    """An action, in JSON or built by hand, that names no action of the game (an unknown
    type, a missing field, a field of the wrong type)."""

    what = "malformed action"
    code = "malformed_action"


class MalformedNotation(MalformedAction):
    """Text that names no action in the game's short notation (:doc:`/notation`): an
    unknown form, a letter that names no colour or building, a missing number. The
    message quotes the text and says what was expected; given the state it was meant
    for, it suggests the closest legal actions. A :class:`MalformedAction`, so code that
    reads actions from clients catches both forms of bad input alike."""

    what = "malformed notation"
    code = "malformed_notation"


class MalformedRecord(_ProblemsError):
    """A game record that cannot be read or does not replay."""

    what = "malformed game record"
    code = "malformed_record"


class VariantTableError(_ProblemsError):
    """A variant table (``variants/<game>.toml``) that does not match its typed variant."""

    what = "bad variant table"
    code = "bad_variant_table"
    http_status = 500
    """500: a packaging error."""


class RulebookError(_ProblemsError):
    """A rule registry (``rulespec/<game>/rulebook.toml``) that cannot be read or checked.

    ``problems`` holds one message per problem, each naming the file and the entry.
    """

    what = "bad rulebook"
    code = "bad_rulebook"
    http_status = 500
    """500: a packaging error."""


def _json_value(value: object) -> Any:
    """``value`` as strict JSON data: JSON types as they are, an enum by its value,
    anything else as text."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, Mapping):
        return {str(k): _json_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_value(v) for v in value]
    inner = getattr(value, "value", None)
    if inner is not None and inner is not value:
        return _json_value(inner)
    return str(value)
