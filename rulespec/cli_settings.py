"""A game's settings as command-line options: ``--players 3`` or ``--players=3``.

The options of a game come from its class (:func:`rulespec.catalog.game_type`): its
variant table (each axis is required unless the other axes settle it, each option has
its default) and its declared settings beyond the table
(:class:`rulespec.core.game.Setting`: White Lotus's ``--board``, with their choices and
titles), so a row or option added to a table is an option of ``rulespec play`` at once,
listed in the help. Names are written with dashes (``--final-mandalas``; underscores work
too).

Every mistake is a :class:`UsageError` phrased as the command line is written
(``--edition de``, never ``edition='de'``): an unknown option with the closest name
("unknown option --player (did you mean --players?)"), a value that is not a choice, a
missing value, a missing setting (with only the values the other settings leave it:
``--players 1`` needs ``--difficulty {easy,medium,hard}``) or axis values no variant has.
The ``rulespec`` command prints it with the usage and exits with status 2.
"""

from __future__ import annotations

import difflib
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

import rulespec
from rulespec.catalog import game_type
from rulespec.core.game import BaseGame


class UsageError(Exception):
    """A command line that does not say what to do (exit status 2)."""


@attrs.frozen
class Setting:
    """One keyword of :func:`rulespec.game`, as a command-line option."""

    name: str
    """The keyword (``final_mandalas``)."""
    choices: tuple[object, ...] | None
    """The values allowed, as the game takes them (``3``, ``"fr"``); ``None``: any text."""
    required: bool
    default: object = None
    title: str = ""
    note: str = ""
    """What it is when left out, if no single default says it (an axis the others
    settle: ``none with --players 2–4; required with --players 1``)."""

    @property
    def flag(self) -> str:
        """``--final-mandalas``."""
        return option(self.name)

    def read(self, text: str) -> object:
        """The value ``text`` names, or a :class:`UsageError` listing the choices."""
        if self.choices is None:
            return text
        for choice in self.choices:
            if str(choice).lower() == text.lower():
                return choice
        shown = ", ".join(str(c) for c in self.choices)
        raise UsageError(f"argument {self.flag}: invalid choice: {text!r} (choose from {shown})")

    def usage(self, choices: Sequence[object] | None = None) -> str:
        """``--players {3,4,5,6}`` or ``--board BOARD``; ``choices``: only those."""
        shown = self.choices if choices is None else choices
        if shown is None:
            return f"{self.flag} {self.name.upper()}"
        return f"{self.flag} {{{','.join(str(c) for c in shown)}}}"


def option(name: str) -> str:
    """The option of a keyword: ``final_mandalas`` is ``--final-mandalas``."""
    return "--" + name.replace("_", "-")


def settings_of(game_id: str) -> tuple[Setting, ...]:
    """A game's settings: the variant table's axes (required, unless the other axes
    settle them), its options, then the settings its class declares beyond the table
    (``extra``), each with its default."""
    cls = game_type(game_id)
    table = cls.typed.table()
    found = []
    for axis in table.axes:
        choices = table.axis_values(axis)
        implied = axis in cls.implied
        note = settled(cls, axis) if implied else ""
        found.append(Setting(axis, choices, not implied, note=note))
    found += [Setting(o.key, o.values, False, o.default, o.title) for o in table.options]
    found += [Setting(s.name, s.choices, False, s.default, s.title) for s in cls.extra]
    return tuple(found)


def settled(cls: type[BaseGame[Any]], axis: str) -> str:
    """What an implied axis is when left out, by the values of the other axes:
    ``none with --players 2–4; required with --players 1``."""
    table = cls.typed.table()
    others = [a for a in table.axes if a != axis]
    left: dict[tuple[object, ...], list[object]] = {}
    for column in table.columns:
        values = dict(column.axes)
        key = tuple(values[a] for a in others)
        left.setdefault(key, []).append(values[axis])
    said: dict[str, list[tuple[object, ...]]] = {}
    for key, found in left.items():
        said.setdefault(str(found[0]) if len(found) == 1 else "required", []).append(key)
    parts = []
    for what, keys in said.items():
        if len(others) == 1:
            where = f"{option(others[0])} {_span([k[0] for k in keys])}"
        else:
            where = " or ".join(
                " ".join(f"{option(a)} {v}" for a, v in zip(others, k, strict=True)) for k in keys
            )
        parts.append(f"{what} with {where}")
    return "; ".join(parts)


def _span(values: Sequence[object]) -> str:
    """``2–4`` for consecutive whole numbers, else the values with commas."""
    ints = sorted(v for v in values if type(v) is int)
    if len(ints) == len(values) > 2 and ints == list(range(ints[0], ints[-1] + 1)):
        return f"{ints[0]}–{ints[-1]}"
    return ", ".join(str(v) for v in values)


def parse(game_id: str, argv: Sequence[str], known: Iterable[str] = ()) -> dict[str, object]:
    """The keywords of :func:`rulespec.game` that ``argv`` (``["--players", "3"]``,
    ``["--players=3"]``) gives for ``game_id``. ``known`` are the command's own options,
    offered too when an unknown option is close to one of them."""
    settings = settings_of(game_id)
    by_flag = {s.flag: s for s in settings} | {f"--{s.name}": s for s in settings}
    out: dict[str, object] = {}
    items = list(argv)
    i = 0
    while i < len(items):
        token = items[i]
        flag, eq, value = token.partition("=")
        if not flag.startswith("--") or flag == "--":
            raise UsageError(f"unrecognized argument {token!r}: settings are --name value")
        setting = by_flag.get(flag)
        if setting is None:
            raise UsageError(_unknown(flag, game_id, settings, known))
        if not eq:
            i += 1
            if i == len(items) or items[i].startswith("--"):
                raise UsageError(f"argument {setting.flag}: expected one value")
            value = items[i]
        i += 1
        if setting.name in out:
            raise UsageError(f"argument {setting.flag}: given twice")
        out[setting.name] = setting.read(value)
    _check_axes(game_id, settings, out)
    return out


def _check_axes(game_id: str, settings: Sequence[Setting], out: dict[str, object]) -> None:
    """A :class:`UsageError` for a missing axis (with only the values the given axes leave
    it: ``castle needs --difficulty {easy,medium,hard}`` with ``--players 1``), or for
    axis values no variant has together; an axis the others settle may be left out."""
    typed = game_type(game_id).typed
    axes = typed.table().axes
    given = {k: v for k, v in out.items() if k in axes}
    missing = [
        s.usage(typed.values(s.name, given) if s.name in axes else None)
        for s in settings
        if s.required and s.name not in out
    ]
    if not missing:  # an axis the others settle is asked for once they are given
        for s in settings:
            if s.name in axes and s.name not in out:
                left = typed.values(s.name, given)
                if len(left) != 1:
                    missing.append(s.usage(left))
    if missing:
        raise UsageError(f"{game_id} needs {' and '.join(missing)}")
    if len(given) == len(axes) and not any(c.matches(given) for c in typed.table().columns):
        last = next(s for s in reversed(settings) if s.name in axes)
        others = " ".join(f"{option(k)} {v}" for k, v in given.items() if k != last.name)
        asked = " ".join(f"{option(k)} {v}" for k, v in given.items())
        raise UsageError(
            f"{game_id} has no variant {asked}: with {others}, give "
            f"{last.usage(typed.values(last.name, given))}"
        )


def _unknown(flag: str, game_id: str, settings: Sequence[Setting], known: Iterable[str]) -> str:
    names = [s.flag for s in settings] + [k for k in known if k.startswith("--")]
    close = difflib.get_close_matches(flag, names, n=1) if len(flag) <= 64 else []
    hint = f" (did you mean {close[0]}?)" if close else ""
    listed = ", ".join(s.flag for s in settings)
    return f"unknown option {flag}{hint}; the settings of {game_id} are {listed}"


def help_text() -> str:
    """Every game with its settings, for the help of the commands that take them."""
    lines = ["game settings, as --name value or --name=value (from each game's variant table):"]
    for spec in rulespec.GAMES:
        low, high = spec.players
        lines.append(f"  {spec.id}: {spec.title}, {low}–{high} players")
        settings = settings_of(spec.id)
        width = max(len(s.usage()) for s in settings) + 2
        for s in settings:
            said = "required" if s.required else s.note or f"default {s.default}"
            if s.title:
                said += f": {s.title}"
            body = textwrap.wrap(said, width=max(30, 96 - width - 4))
            lines.append(f"    {s.usage():<{width}}{body[0]}")
            lines.extend(f"    {'':<{width}}{more}" for more in body[1:])
    return "\n".join(lines)


def games_text() -> str:
    """The games, one a line, for ``rulespec --help``."""
    lines = ["games:"]
    for spec in rulespec.GAMES:
        low, high = spec.players
        lines.append(f"  {spec.id:<9} {spec.title}, {low}–{high} players")
    lines.append("their settings: rulespec play --help")
    return "\n".join(lines)
