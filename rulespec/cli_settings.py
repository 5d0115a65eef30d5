"""A game's settings as command-line options: ``--players 3`` or ``--players=3``.

The options of a game come from its variant table (each axis is required, each option
has its default) and from the keywords of its ``make`` (White Lotus's ``--board``, whose
choices are the game module's ``BOARDS``: a keyword ``name`` takes those of ``NAMES``),
so a row or option added to a table is an option of ``rulespec play`` at once, listed in
the help. Names are written with dashes (``--final-mandalas``; underscores work too).

Every mistake is a :class:`UsageError` phrased as the command line is written
(``--edition de``, never ``edition='de'``): an unknown option with the closest name
("unknown option --player (did you mean --players?)"), a value that is not a choice, a
missing value or a missing required setting. The ``rulespec`` command prints it with the
usage and exits with status 2.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import textwrap
from collections.abc import Iterable, Sequence

import attrs

import rulespec


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

    def usage(self) -> str:
        """``--players {3,4,5,6}`` or ``--board BOARD``."""
        if self.choices is None:
            return f"{self.flag} {self.name.upper()}"
        return f"{self.flag} {{{','.join(str(c) for c in self.choices)}}}"


def option(name: str) -> str:
    """The option of a keyword: ``final_mandalas`` is ``--final-mandalas``."""
    return "--" + name.replace("_", "-")


def settings_of(game_id: str) -> tuple[Setting, ...]:
    """A game's settings: the variant table's axes (required), its options, then the
    other keywords its ``make`` takes, each with its default."""
    spec = rulespec.spec(game_id)
    table = spec.table()
    module = importlib.import_module(f"rulespec.{game_id}.game")
    optional = getattr(module, "OPTIONAL_AXES", ())  # axes its make() can fill in itself
    found = [
        Setting(
            axis,
            tuple(dict.fromkeys(dict(c.axes)[axis] for c in table.columns)),
            axis not in optional,
        )
        for axis in table.axes
    ]
    found += [Setting(o.key, o.values, False, o.default, o.title) for o in table.options]
    titles = getattr(module, "SETTING_TITLES", {})  # what the other keywords mean
    for name, p in inspect.signature(module.make).parameters.items():
        if p.kind is p.KEYWORD_ONLY or p.kind is p.POSITIONAL_OR_KEYWORD:
            default = None if p.default is p.empty else p.default
            named = getattr(module, f"{name.upper()}S", None)  # BOARDS for board
            choices = tuple(named) if isinstance(named, tuple) else None
            title = titles.get(name, "")
            found.append(Setting(name, choices, p.default is p.empty, default, title))
    return tuple(found)


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
    missing = [s for s in settings if s.required and s.name not in out]
    if missing:
        raise UsageError(f"{game_id} needs {' and '.join(s.usage() for s in missing)}")
    return out


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
            said = "required" if s.required else f"default {s.default}"
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
