"""Variant tables: the rule points that differ between editions or player counts, as data.

``variants/<game>.toml`` has one ``[[column]]`` per variant (its axis values, e.g.
``players = 3``), one ``[row.<field>]`` per rule point with a cited cell for every
column, and one ``[option.<field>]`` per choice players may make (mostly rulings where
the book can be read two ways). Loading is strict and reports every problem at once:
rows and columns must match the game's typed variant class field for field, and every
cell must carry a citation. The same table is rendered in the docs.
"""

from __future__ import annotations

import contextlib
import contextvars
import enum
import functools
import re
import tomllib
import types
import typing
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

import attrs

from rulespec.core.rules import Citation, Rulebook
from rulespec.errors import SettingIgnored, UnknownVariant, VariantTableError, bounded, suggestions

T = TypeVar("T")


@attrs.frozen
class Cell:
    """One variant's value for one rule point, with its sources."""

    value: object
    cites: tuple[Citation, ...]
    note: str = ""


@attrs.frozen
class Row:
    """One rule point that differs between variants."""

    key: str
    """The field of the typed variant class that holds this row's value."""
    rule: str
    title: str
    cells: tuple[tuple[str, Cell], ...]
    """(column id, cell) in column order."""
    axis: str | None = None
    """If set, the row varies along this axis only and ``by_axis`` holds its cells."""
    by_axis: tuple[tuple[str, Cell], ...] = ()
    """(axis value, cell) pairs as written in the table, for rows with an ``axis``."""

    def cell(self, column: str) -> Cell:
        """The cell of that column."""
        return dict(self.cells)[column]


@attrs.frozen
class Column:
    """One variant: its id, a readable title and its values on each axis."""

    id: str
    title: str
    axes: tuple[tuple[str, object], ...]

    def matches(self, wanted: Mapping[str, object]) -> bool:
        """True if every axis value asked for is this column's, of the same type (``3``,
        not ``3.0`` or ``True``)."""
        mine = dict(self.axes)
        return all(type(v) is type(mine.get(k)) and mine.get(k) == v for k, v in wanted.items())

    def describe(self) -> str:
        """``players=3`` style text."""
        return ", ".join(f"{k}={bounded(v)}" for k, v in self.axes)


@attrs.frozen
class OptionSpec:
    """A choice players may make regardless of the variant (a house rule or a reading)."""

    key: str
    rule: str
    title: str
    default: object
    choices: tuple[tuple[object, str], ...]
    """(value, what it means) pairs; the first is not necessarily the default."""
    cites: tuple[Citation, ...]
    columns: tuple[str, ...] = ()
    """The columns where the option can change play (``columns = [...]`` in the table,
    e.g. the solo rival's options); empty: every column. Tests and playthroughs play a
    non-default value on the first of them."""

    @property
    def values(self) -> tuple[object, ...]:
        """The allowed values."""
        return tuple(v for v, _ in self.choices)


@attrs.frozen
class VariantTable:
    """A loaded ``variants/<game>.toml``: columns, rows and options."""

    game: str
    axes: tuple[str, ...]
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    options: tuple[OptionSpec, ...]
    source: str

    def column(self, **wanted: object) -> Column:
        """The single column whose axis values match, else
        :class:`~rulespec.UnknownVariant`."""
        unknown = sorted(set(wanted) - set(self.axes))
        if unknown:
            raise UnknownVariant(
                f"{self.game} has no variant axis {', '.join(bounded(u) for u in unknown)}; "
                f"its axes are: {', '.join(self.axes)}",
                setting=unknown[0],
                choices=[],
                valid=list(self.axes),
            )
        found = [c for c in self.columns if c.matches(wanted)]
        if len(found) != 1:
            asked = ", ".join(f"{k}={bounded(v)}" for k, v in wanted.items()) or "no axis values"
            valid = "; ".join(c.describe() for c in self.columns)
            why = "no variant" if not found else "more than one variant"
            hints = "" if found else self._near(wanted)
            setting, choices = self._culprit(wanted)
            raise UnknownVariant(
                f"{self.game}: {why} matches {asked}{hints}"
                f"{type_hint(setting, wanted.get(setting), choices)}; valid: {valid}",
                setting=setting,
                choices=list(choices),
                valid=[dict(c.axes) for c in self.columns],
            )
        return found[0]

    def _culprit(self, wanted: Mapping[str, object]) -> tuple[str, tuple[object, ...]]:
        """The axis to blame when no column has ``wanted`` together, and the values it
        may take given the others: the last axis (in the table's order) whose value no
        column matching the others has; if each value fits alone, the last axis given."""
        blamed: tuple[str, tuple[object, ...]] | None = None
        given = [a for a in self.axes if a in wanted]
        for axis in given:
            others = {k: v for k, v in wanted.items() if k != axis}
            fitting = [c for c in self.columns if c.matches(others)] or list(self.columns)
            values = self.axis_values(axis, fitting)
            if not any(_same(v, wanted[axis]) for v in values):
                blamed = (axis, values)
        if blamed is None:
            axis = given[-1] if given else self.axes[0]
            blamed = (axis, self.axis_values(axis))
        return blamed

    def _near(self, wanted: Mapping[str, object]) -> str:
        """For axis values no column has together: what each axis may be, given the
        others (`` (with players=1, difficulty is one of "easy", "medium", "hard")``)."""
        hints = []
        for axis in wanted:
            others = {k: v for k, v in wanted.items() if k != axis}
            fitting = [c for c in self.columns if c.matches(others)]
            if others and fitting:
                given = ", ".join(f"{k}={bounded(v)}" for k, v in others.items())
                left = [bounded(v) for v in self.axis_values(axis, fitting)]
                verb = "is one of" if len(left) > 1 else "must be"
                hints.append(f"with {given}, {axis} {verb} {', '.join(left)}")
        return f" ({'; '.join(hints)})" if hints else ""

    def axis_values(self, axis: str, columns: Iterable[Column] | None = None) -> tuple[object, ...]:
        """The values ``axis`` takes in ``columns`` (default: every column), each once:
        whole numbers in ascending order (players 1, 2, 3, 4, though the solo columns come
        last in the castle table), other values in the table's order."""
        found = tuple(dict.fromkeys(dict(c.axes)[axis] for c in columns or self.columns))
        ints = [v for v in found if type(v) is int]
        return tuple(sorted(ints)) if len(ints) == len(found) else found

    def option(self, key: str) -> OptionSpec:
        """The option with that key."""
        for o in self.options:
            if o.key == key:
                return o
        raise UnknownVariant(
            f"{self.game} has no option {bounded(key)}",
            setting=key,
            choices=[],
            valid=[o.key for o in self.options],
        )


def tables_dir() -> Path:
    """Where the variant tables are: inside the installed package, else the source tree."""
    packaged = resources.files("rulespec") / "variants"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "variants"


@functools.cache
def load_table(game: str, rulebook: Rulebook) -> VariantTable:
    """Read and check ``variants/<game>.toml`` against the game's rulebook."""
    path = tables_dir() / f"{game}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise VariantTableError([f"{path}: {exc}"]) from exc
    return parse_table(data, rulebook, source=str(path))


def parse_table(data: Mapping[str, Any], rulebook: Rulebook, source: str) -> VariantTable:
    """Check a parsed TOML document and build a :class:`VariantTable` (all problems at once)."""
    problems: list[str] = []
    game = data.get("game")
    if game != rulebook.game:
        problems.append(f"'game' is {game!r}, expected {rulebook.game!r}")
    axes = tuple(data.get("axes", ()))
    if not axes:
        problems.append("'axes' must list the variant axes, e.g. ['players']")
    extra = sorted(set(data) - {"schema", "game", "axes", "column", "row", "option"})
    if extra:
        problems.append(f"unknown top-level keys: {', '.join(extra)}")

    def cites(where: str, refs: object) -> tuple[Citation, ...]:
        if not isinstance(refs, list) or not refs:
            problems.append(f"{where}: 'cite' must be a non-empty list of 'book:first-last'")
            return ()
        out = []
        for ref in refs:
            try:
                out.append(rulebook.cite(str(ref)))
            except (ValueError, KeyError) as exc:
                problems.append(f"{where}: {exc}")
        return tuple(out)

    def rule_id(where: str, rid: object) -> str:
        if not isinstance(rid, str) or rid not in rulebook:
            problems.append(f"{where}: 'rule' {rid!r} is not a registered rule")
        return str(rid)

    columns = []
    for i, col in enumerate(data.get("column", ())):
        cid = col.get("id")
        if not isinstance(cid, str):
            problems.append(f"column {i}: needs a string 'id'")
            continue
        missing = [a for a in axes if a not in col]
        if missing:
            problems.append(f"column {cid}: no value for axis {', '.join(missing)}")
        stray = sorted(set(col) - {"id", "title", *axes})
        if stray:
            problems.append(f"column {cid}: unknown keys {', '.join(stray)}")
        columns.append(
            Column(cid, str(col.get("title", cid)), tuple((a, col.get(a)) for a in axes))
        )
    ids = [c.id for c in columns]
    if not columns:
        problems.append("no [[column]] entries")
    if len(set(ids)) != len(ids):
        problems.append(f"duplicate column ids in {ids}")

    def cell(where: str, raw: object) -> Cell | None:
        if not isinstance(raw, dict) or "value" not in raw:
            problems.append(f"{where} needs {{ value = …, cite = [...] }}")
            return None
        stray = sorted(set(raw) - {"value", "cite", "note"})
        if stray:
            problems.append(f"{where}: unknown keys {', '.join(stray)}")
        return Cell(raw["value"], cites(where, raw.get("cite")), str(raw.get("note", "")))

    rows = []
    for key, row in data.get("row", {}).items():
        where = f"row {key}"
        axis = row.get("axis")
        cells: list[tuple[str, Cell]] = []
        by_axis: list[tuple[str, Cell]] = []
        if axis is None:
            keys = set(ids)
            for cid in ids:
                found = cell(f"{where}, column {cid}", row.get(cid))
                if found is not None:
                    cells.append((cid, found))
        elif axis not in axes:
            problems.append(f"{where}: axis {axis!r} is not one of {list(axes)}")
            keys = set()
        else:
            values = list(dict.fromkeys(str(dict(c.axes)[axis]) for c in columns))
            keys = set(values)
            for value in values:
                found = cell(f"{where}, {axis} {value}", row.get(value))
                if found is not None:
                    by_axis.append((value, found))
            lookup = dict(by_axis)
            cells = [
                (c.id, lookup[str(dict(c.axes)[axis])])
                for c in columns
                if str(dict(c.axes)[axis]) in lookup
            ]
        stray = sorted(set(row) - {"rule", "title", "axis", *keys})
        if stray:
            what = "columns" if axis is None else f"values of {axis}"
            problems.append(f"{where}: keys that are neither {what} nor rule/title: {stray}")
        rows.append(
            Row(
                key,
                rule_id(where, row.get("rule")),
                str(row.get("title", "")),
                tuple(cells),
                axis if isinstance(axis, str) else None,
                tuple(by_axis),
            )
        )

    options = []
    for key, opt in data.get("option", {}).items():
        where = f"option {key}"
        choices = opt.get("choices", {})
        if not isinstance(choices, dict) or len(choices) < 2:
            problems.append(f"{where}: 'choices' must map at least two values to descriptions")
            choices = {}
        if opt.get("default") not in choices:
            problems.append(f"{where}: default {opt.get('default')!r} is not one of the choices")
        stray = sorted(set(opt) - {"rule", "title", "default", "choices", "cite", "columns"})
        if stray:
            problems.append(f"{where}: unknown keys {', '.join(stray)}")
        applies = opt.get("columns", [])
        known = {c.id for c in columns}
        if not isinstance(applies, list) or not all(c in known for c in applies):
            problems.append(f"{where}: 'columns' must list column ids of this table")
            applies = []
        options.append(
            OptionSpec(
                key,
                rule_id(where, opt.get("rule")),
                str(opt.get("title", "")),
                opt.get("default"),
                tuple((v, str(d)) for v, d in choices.items()),
                cites(where, opt.get("cite")),
                tuple(str(c) for c in applies),
            )
        )
    if problems:
        raise VariantTableError([f"{source}: {p}" for p in problems])
    return VariantTable(rulebook.game, axes, tuple(columns), tuple(rows), tuple(options), source)


def _converter(tp: Any) -> Callable[[object], object]:
    """A strict converter from TOML values to the field type ``tp``."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        members = [_converter(a) for a in typing.get_args(tp)]

        def union(v: object) -> object:
            for conv in members:
                try:
                    return conv(v)
                except (TypeError, ValueError):
                    continue
            raise TypeError(f"{v!r} is none of {tp}")

        return union
    if tp is type(None):

        def none(v: object) -> None:
            if v is not None:
                raise TypeError(f"expected nothing, got {v!r}")

        return none
    if origin is tuple:
        args = typing.get_args(tp)
        item = _converter(args[0])

        def tup(v: object) -> tuple[object, ...]:
            if not isinstance(v, list):
                raise TypeError(f"expected a list, got {v!r}")
            return tuple(item(x) for x in v)

        return tup
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        enum_type: type[enum.Enum] = tp

        def member(v: object) -> enum.Enum:
            try:
                return enum_type(v)
            except ValueError:
                if isinstance(v, str) and v.upper() in enum_type.__members__:
                    return enum_type[v.upper()]
                raise

        return member
    if tp is Fraction:

        def frac(v: object) -> Fraction:
            if isinstance(v, bool) or not isinstance(v, int | str):
                raise TypeError(f"expected a fraction like '1/2', got {v!r}")
            return Fraction(v)

        return frac
    if tp in (int, str, bool):

        def exact(v: object) -> object:
            if type(v) is not tp:
                raise TypeError(f"expected {tp.__name__}, got {v!r}")
            return v

        return exact
    raise TypeError(f"unsupported variant field type {tp!r}")


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """``typing.get_type_hints(cls)``, worked out once per class: it compiles every
    annotation anew, which was most of what making a game cost (issue 32)."""
    found = _HINTS.get(cls)
    if found is None:
        found = _HINTS[cls] = typing.get_type_hints(cls)
    return found


def _structure(
    table: VariantTable, column: Column, cls: type[T]
) -> tuple[dict[str, object], list[str]]:
    """The typed values of one column, and every problem met while converting them."""
    fields = attrs.fields_dict(cls)  # type: ignore[arg-type]
    hints = _hints(cls)
    problems = []
    values: dict[str, object] = {}
    for axis, raw_axis in column.axes:
        try:
            values[axis] = _converter(hints[axis])(raw_axis) if axis in hints else raw_axis
        except (TypeError, ValueError) as exc:
            problems.append(f"column {column.id}, axis {axis}: {exc}")
    rows = {r.key: r for r in table.rows}
    expected = set(fields) - set(table.axes)
    for missing in sorted(expected - set(rows)):
        problems.append(f"{cls.__name__}.{missing} has no row in the table")
    for extra in sorted(set(rows) - expected):
        problems.append(f"row {extra} is not a field of {cls.__name__}")
    for key in sorted(expected & set(rows)):
        raw = rows[key].cell(column.id).value
        try:
            values[key] = _converter(hints[key])(raw)
        except (TypeError, ValueError) as exc:
            problems.append(f"row {key}, column {column.id}: {exc}")
    return values, problems


def structure(table: VariantTable, column: Column, cls: type[T]) -> T:
    """Build the typed variant ``cls`` from one column: the axes plus one field per row.

    The class and the table must agree field for field; every mismatch and every value of
    the wrong type is reported at once.
    """
    values, problems = _structure(table, column, cls)
    if problems:
        raise VariantTableError([f"{table.source}: {p}" for p in problems])
    return cls(**values)


def check_typed(table: VariantTable, variant_cls: type[object], options_cls: type[object]) -> None:
    """Check every column and every option choice against the typed classes at once.

    A game calls this when it first loads its table, so a bad cell in a column nobody has
    asked for yet, or an option choice its typed field cannot hold, fails loudly and
    together with every other problem.
    """
    problems: list[str] = []
    seen: set[str] = set()
    for column in table.columns:
        for p in _structure(table, column, variant_cls)[1]:
            if not p.startswith(("row ", "column ")) and p in seen:
                continue  # a missing or extra row is the same problem in every column
            seen.add(p)
            problems.append(p)
    fields = attrs.fields_dict(options_cls)  # type: ignore[arg-type]
    hints = _hints(options_cls)
    specs = {o.key: o for o in table.options}
    for missing in sorted(set(fields) - set(specs)):
        problems.append(f"{options_cls.__name__}.{missing} has no [option.{missing}] entry")
    for extra in sorted(set(specs) - set(fields)):
        problems.append(f"option {extra} is not a field of {options_cls.__name__}")
    for key in sorted(set(fields) & set(specs)):
        for value in specs[key].values:
            try:
                _converter(hints[key])(value)
            except (TypeError, ValueError) as exc:
                problems.append(f"option {key}: choice {value!r} does not fit: {exc}")
    if problems:
        raise VariantTableError([f"{table.source}: {p}" for p in problems])


def structure_options(table: VariantTable, cls: type[T], given: Mapping[str, object]) -> T:
    """Build the typed options ``cls`` from defaults and the values players chose."""
    fields = attrs.fields_dict(cls)  # type: ignore[arg-type]
    hints = _hints(cls)
    specs = {o.key: o for o in table.options}
    if set(fields) != set(specs):
        raise VariantTableError(
            [f"{table.source}: options {sorted(specs)} differ from {cls.__name__} {sorted(fields)}"]
        )
    unknown = sorted(set(given) - set(specs))
    if unknown:
        valid = "; ".join(f"{k} in {bounded(list(specs[k].values))}" for k in sorted(specs))
        valid = valid or "none"
        names = ", ".join(bounded(u, 40) for u in unknown[:12])
        raise UnknownVariant(
            f"{table.game} has no option {names}; its options are: {valid}",
            setting=unknown[0],
            choices=[],
            valid=[*table.axes, *sorted(specs)],
        )
    values = {}
    for key, spec in specs.items():
        raw = given.get(key, spec.default)
        if isinstance(raw, enum.Enum):
            raw = raw.value
        if not any(_same(v, raw) for v in spec.values):
            raise UnknownVariant(
                f"{table.game} option {key}={bounded(raw)} is not allowed; choose one of "
                + ", ".join(bounded(v) for v in spec.values)
                + type_hint(key, raw, spec.values),
                setting=key,
                choices=list(spec.values),
                valid=list(spec.values),
            )
        try:
            values[key] = _converter(hints[key])(raw)
        except (TypeError, ValueError) as exc:
            raise VariantTableError(
                [f"{table.source}: option {key}: choice {raw!r} does not fit: {exc}"]
            ) from exc
    return cls(**values)


V = TypeVar("V")
Opt = TypeVar("Opt")

_CHECKED: dict[tuple[str, type, type], VariantTable] = {}


@attrs.frozen
class TypedTable(Generic[V, Opt]):
    """A game's variant table bound to its typed variant and options classes.

    The table is loaded and checked against both classes, every column and every option
    choice at once, the first time it is used (:func:`check_typed`).
    """

    game: str
    rulebook: Callable[[], Rulebook]
    variant_type: type[V]
    options_type: type[Opt]

    def table(self) -> VariantTable:
        """The loaded and checked table."""
        key = (self.game, self.variant_type, self.options_type)
        found = _CHECKED.get(key)
        if found is None:
            found = load_table(self.game, self.rulebook())
            check_typed(found, self.variant_type, self.options_type)
            _CHECKED[key] = found
        return found

    def variant(self, **axes: object) -> V:
        """The typed variant of the column matching ``axes``; every axis is needed (a
        missing one is listed with the values the given axes leave it; given axes that
        no column has are refused as no variant)."""
        table = self.table()
        missing = [a for a in table.axes if a not in axes]
        if missing and any(c.matches(axes) for c in table.columns):
            valid = {a: self.values(a, axes) for a in missing}
            raise UnknownVariant(
                f"{self.game} needs "
                + " and ".join(
                    f"{a} (one of {', '.join(f'{a}={bounded(v)}' for v in valid[a])})"
                    for a in missing
                ),
                setting=missing[0],
                choices=list(valid[missing[0]]),
                valid=list(valid[missing[0]]),
            )
        return structure(table, table.column(**axes), self.variant_type)

    def values(self, axis: str, given: Mapping[str, object]) -> tuple[object, ...]:
        """The values of ``axis`` in the columns that match the other axes ``given``
        (every value of the axis if none does: then the given ones are at fault)."""
        table = self.table()
        axes = table.axes
        others = {k: v for k, v in given.items() if k != axis and k in axes}
        columns = table.columns
        fitting = [c for c in columns if c.matches(others)] or list(columns)
        return table.axis_values(axis, fitting)

    def settle(self, settings: Mapping[str, object], implied: Iterable[str]) -> dict[str, object]:
        """``settings`` with each ``implied`` axis that is left out and that the other
        axes settle (one value left) filled in; the others stay out, to be refused."""
        out = dict(settings)
        for axis in implied:
            if axis not in out:
                left = self.values(axis, out)
                if len(left) == 1:
                    out[axis] = left[0]
        return out

    def options(self, **given: object) -> Opt:
        """Options from keyword arguments, defaults filled in, unknown names rejected."""
        return structure_options(self.table(), self.options_type, given)

    def split(self, settings: Mapping[str, object], also: Iterable[str] = ()) -> tuple[V, Opt]:
        """Settings as :func:`rulespec.game` takes them: the table's axes pick the
        variant, every other name is an option. A name that is neither (nor one of
        ``also``, the game's settings beyond the table) is refused first, with the
        closest name suggested: ``player=3`` is a misspelt ``players``, not a missing one."""
        table = self.table()
        axes = table.axes
        known = [*axes, *also, *(o.key for o in table.options)]
        unknown = [k for k in settings if k not in known]
        if unknown:
            first = unknown[0]
            close = suggestions(first, known)
            hint = f" (did you mean {close[0]}=?)" if close else ""
            names = ", ".join(bounded(u, 40) for u in unknown[:12])
            listed = "; ".join(  # the table's own values, each shown whole
                f"{o.key} ({', '.join(map(bounded, o.values))})" for o in table.options
            )
            raise UnknownVariant(
                f"{self.game} has no setting {names}{hint}; its settings are "
                f"{', '.join([*axes, *also])}, and its options: {listed or 'none'}",
                setting=first if isinstance(first, str) else bounded(first, 40),
                choices=[],
                names=known,
                valid=known,  # the names, for a name the game does not know
            )
        chosen = {k: v for k, v in settings.items() if k in axes}
        variant = self.variant(**chosen)
        options = self.options(**{k: v for k, v in settings.items() if k not in axes})
        _warn_ignored(table, table.column(**chosen), settings)
        return variant, options

    def settings(self, variant: V, options: Opt) -> dict[str, object]:
        """The keyword arguments of :func:`rulespec.game` that rebuild ``variant`` and
        ``options``: the axes first, then every option (enums by their value)."""
        out: dict[str, object] = {a: _plain(getattr(variant, a)) for a in self.table().axes}
        for field in attrs.fields(self.options_type):  # type: ignore[arg-type]
            out[field.name] = _plain(getattr(options, field.name))
        return out


def _same(choice: object, value: object) -> bool:
    """``value`` is ``choice``, of the same type (``3``, not ``3.0``, ``True`` or ``"3"``)."""
    return type(choice) is type(value) and choice == value


def type_hint(setting: str, value: object, choices: Iterable[object]) -> str:
    """`` (players takes a whole number: players=5, not "5")`` when ``value`` is one of
    ``choices`` written as another type (text for a number, a float, a boolean), else
    nothing: the mistake a form or a query string makes. Only a short scalar is looked at
    (client data: a nested list or a number of thousands of digits gets no hint)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, str | int | float)
        or (len(value) > 40 if isinstance(value, str) else abs(value) > 2**63)
    ):
        return ""
    listed = list(choices)
    if (
        isinstance(value, str)
        and listed
        and all(type(c) is int for c in listed)
        and re.fullmatch(r"\s*-?[0-9]{1,18}\s*", value)
    ):
        number = int(value)
        return f" ({setting} takes a whole number: {setting}={number}, not {bounded(value)})"
    for choice in listed:
        if type(choice) is type(value):
            continue
        if str(choice) == str(value).strip() or (
            isinstance(value, int | float) and not isinstance(choice, str) and choice == value
        ):
            kind = "a whole number" if type(choice) is int else f"a {type(choice).__name__}"
            if isinstance(choice, str):
                kind = "text"
            return f" ({setting} takes {kind}: {setting}={bounded(choice)}, not {bounded(value)})"
    return ""


_STORED: contextvars.ContextVar[bool] = contextvars.ContextVar("stored_settings", default=False)


@contextlib.contextmanager
def stored_settings() -> Iterator[None]:
    """Games made inside read settings back (from a record, a checkpoint, the cross of
    every option and variant): no :class:`~rulespec.errors.SettingIgnored`, which was for
    whoever chose them. A context variable, so other threads still warn."""
    token = _STORED.set(True)
    try:
        yield
    finally:
        _STORED.reset(token)


def _warn_ignored(table: VariantTable, column: Column, settings: Mapping[str, object]) -> None:
    """Warn of each option given a non-default value on a column it does not apply to."""
    if _STORED.get():
        return
    for option in table.options:
        if not option.columns or column.id in option.columns or option.key not in settings:
            continue
        value = settings[option.key]
        if isinstance(value, enum.Enum):
            value = value.value
        if _same(option.default, value):
            continue
        where = ", ".join(option.columns)
        warnings.warn(
            f"{table.game}: option {option.key}={bounded(value)} applies only to the "
            f"variants {where}; in {column.id} it changes nothing",
            SettingIgnored,
            stacklevel=5,
        )


def _plain(value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value
