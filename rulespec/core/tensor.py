"""Observation tensors: a flat numeric encoding of a view, derived from its types.

A reinforcement-learning frontend wants each observation as a fixed-length vector of
numbers. Like :mod:`rulespec.core.convert` for JSON, the encoding follows from the attrs
field types and their ``typing.Annotated`` metadata, so a field added to an observation
appears in its tensor at once, and a field whose type says too little fails when the
layout is built, naming the field, never silently:

* a whole number with a :class:`~rulespec.core.convert.Range` is one number with that
  range; an unranged ``int`` is one number with an open range (``-inf`` to ``inf``);
* a ``bool`` is 0/1; an enum is one-hot over its members;
* ``X | None`` is a presence flag followed by X (zeros when absent);
* a union of finite domains (``to_act: Seat | Node``) is one-hot over all their members;
  a union of tagged records (a reveal) is one-hot over the ``KIND`` tags followed by each
  record's fields (zeros for the records it is not);
* a :class:`~rulespec.core.convert.Keyed` or :class:`~rulespec.core.convert.Length` tuple
  (per colour, per seat, per area) and a fixed-length tuple are each of their entries;
* an attrs record is each of its JSON fields;
* a ``frozenset`` of a finite domain is 0/1 per member; a variable-length tuple of a
  finite domain is a count per member (its order is not encoded: say :class:`Positions`
  where the order matters);
* a domain type with a JSON :class:`~rulespec.core.convert.Repr` (a Mandala tile, a Lotus
  chip) is one-hot over its members once registered with :func:`register_domain`.

What the types cannot say is a hint, in ``Annotated`` metadata or in
``attrs.field(metadata={"tensor": hint})``: :class:`OneHot` (an index named by labels, a
board area), :class:`Positions` (an ordered tuple: where each member stands),
:class:`PerKey` (a tuple of pairs keyed by their first entry: per key, its entry or
absent), :class:`Slots` (a bounded tuple of anything: one slot per place), or a
:class:`~rulespec.core.convert.Range` for an unranged number.

An observation class that mixes in :class:`ObservationParts` gets ``tensor()``,
``layout()``, and the split into what every seat sees alike (``public()``,
``public_tensor()``) and what only this seat sees (``private()``, ``private_tensor()``):
a field is private when its attrs metadata says ``"private": True``.

Every number of the tensor lies in [0, 1]: a layout entry's ``low``..``high`` says what
its values are, and the tensor holds each value's place in that range (an open end is
closed by squashing, :func:`scaled`). A tuple longer than a learner needs (the castle's
agenda) keeps its length and its first or last few entries only (:class:`Top`).

The tensor is an ``array.array('f')`` (numpy stays optional: :func:`as_numpy`). Layouts
and encoders are built once per observation class and variant; encoding walks
precomputed writers, with no type introspection per call.
"""

from __future__ import annotations

import array
import enum
import math
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from rulespec.core import svg
from rulespec.core.convert import JSON, SEAT, Keyed, Length, Range, Repr, field_hints
from rulespec.errors import TensorError  # defined there: a RulespecError

Writer = Callable[[Any, list[float]], None]
"""``write(value, out)``: puts ``value``'s numbers into ``out`` at offsets fixed when the
layout was built."""

OPEN = math.inf
"""The bound of an open range."""


class Encoding(enum.Enum):
    """How a layout entry encodes its part of the observation."""

    NUMBER = "number"
    """One number, the value itself."""
    FLAG = "0/1"
    """One number: 1 for true, 0 for false."""
    PRESENT = "present"
    """One number: 1 if the optional value that follows is there, 0 (and zeros) if not."""
    ONE_HOT = "one-hot"
    """One number per member of a domain: 1 for the value, 0 for the others."""
    MEMBERS = "0/1 per member"
    """One number per member of a domain: 1 if the set holds it."""
    COUNTS = "count per member"
    """One number per member of a domain: how often the tuple holds it."""
    POSITIONS = "position per member"
    """One number per member of a domain: 0 if absent, else 1 + the index of the entry of
    the tuple it is in."""


@attrs.frozen
class Entry:
    """One part of a layout: a JSON-style path into the observation, where its numbers
    are and what they may be."""

    path: str
    """The field, as a JSON-style path (``mandalas[0].up[1].red``, ``to_act``)."""
    offset: int
    size: int
    low: float
    """The least value of each of its numbers (``-inf``: open)."""
    high: float
    """The greatest value of each of its numbers (``inf``: open)."""
    encoding: Encoding
    public: bool
    """Seen by every seat alike (False: this seat's own)."""
    labels: tuple[str, ...] = ()
    """For one-hot and per-member encodings: the member behind each number."""

    def describe_range(self) -> str:
        """``0..15``, ``0..inf`` or ``open``."""
        if self.low == -OPEN and self.high == OPEN:
            return "open"
        return f"{_num(self.low)}..{_num(self.high)}"


def _num(x: float) -> str:
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return str(int(x)) if x == int(x) else str(x)


@attrs.frozen
class Layout:
    """Where each part of an observation lies in its tensor: entries that tile
    ``0..size`` in order, with no gap and no overlap."""

    entries: tuple[Entry, ...]
    size: int

    def indices(self, public: bool) -> tuple[int, ...]:
        """The positions of the public (or private) numbers, in order."""
        return tuple(
            i
            for e in self.entries
            if e.public is public
            for i in range(e.offset, e.offset + e.size)
        )

    def part(self, public: bool) -> Layout:
        """The layout of :meth:`ObservationParts.public_tensor` (or ``private_tensor``):
        the public (private) entries, their offsets counted afresh."""
        out, at = [], 0
        for e in self.entries:
            if e.public is public:
                out.append(attrs.evolve(e, offset=at))
                at += e.size
        return Layout(tuple(out), at)

    def __len__(self) -> int:
        return len(self.entries)


# --- hints -----------------------------------------------------------------------------


@attrs.frozen
class OneHot:
    """A whole number that indexes something with names (a board area): one-hot over
    ``labels(game)``."""

    labels: Callable[[Any], Sequence[str]]


@attrs.frozen
class Positions:
    """An ordered tuple of members of a finite domain (or of tuples of them, such as
    pairs), no member twice: per member, 0 if absent, else 1 + the index of the entry it
    is in. Keeps the order and the grouping a count per member would lose."""


@attrs.frozen
class PerKey:
    """A tuple of tuples whose first entry (a member of a finite domain, usually a seat)
    appears at most once: per member, a presence flag and the rest of its tuple (zeros
    when absent)."""


@attrs.frozen
class Slots:
    """A tuple of at most ``length(game)`` entries of any type: per place, a presence
    flag and the entry (zeros when absent)."""

    length: Callable[[Any], int]


@attrs.frozen
class Top:
    """A tuple that may hold more than a learner needs (a stack of frames, a frame's
    tasks): its length (over ``most``), then one slot per place, like :class:`Slots`, for
    only its first ``keep`` entries, or, with ``last``, its last ``keep`` entries, the
    last first (the top of a stack). What lies further down is left out of the tensor
    (the JSON keeps it)."""

    keep: int
    most: int
    """The longest the tuple may be (its length is scaled by it)."""
    last: bool = False


@attrs.frozen
class Domain:
    """Every value of a domain type, in a fixed order, and each one's label."""

    members: Callable[[Any], Sequence[Any]]
    label: Callable[[Any], str] = str


_DOMAINS: dict[Any, Domain] = {}


def register_domain(tp: Any, domain: Domain) -> None:
    """Encode values of ``tp`` one-hot over ``domain`` (a type written in JSON by a
    :class:`~rulespec.core.convert.Repr`: a tile, a chip)."""
    _DOMAINS[tp] = domain


_HINTS = (OneHot, Positions, PerKey, Slots, Top, Range)


# --- building the layout and the writers -----------------------------------------------


class _Builder:
    def __init__(self, game: Any) -> None:
        self.game = game
        self.entries: list[Entry] = []
        self.at = 0

    def take(  # noqa: PLR0917 (private; one entry's every property)
        self,
        path: str,
        size: int,
        low: float,
        high: float,
        encoding: Encoding,
        public: bool,
        labels: tuple[str, ...] = (),
    ) -> int:
        offset = self.at
        self.entries.append(Entry(path, offset, size, low, high, encoding, public, labels))
        self.at += size
        return offset


@attrs.frozen
class _Finite:
    """A finite domain: labels and the index of a value."""

    labels: tuple[str, ...]
    index: Callable[[Any], int]


def _strip(tp: Any) -> tuple[Any, list[object]]:
    metas: list[object] = []
    while typing.get_origin(tp) is typing.Annotated:
        inner, *more = typing.get_args(tp)
        metas.extend(more)
        tp = inner
    return tp, metas


def _finite(tp: Any, game: Any) -> _Finite | None:
    """The finite domain of ``tp``, or None if it has none."""
    if tp in _DOMAINS:
        d = _DOMAINS[tp]
        members = tuple(d.members(game))
        where = {m: i for i, m in enumerate(members)}
        return _Finite(tuple(d.label(m) for m in members), where.__getitem__)
    inner, metas = _strip(tp)
    for meta in metas:
        if isinstance(meta, OneHot):
            return _Finite(tuple(meta.labels(game)), _identity)
        if isinstance(meta, Range):
            low, high = meta.bounds(game)
            return _Finite(tuple(str(v) for v in range(low, high + 1)), _minus(low))
    if inner is not tp:
        return _finite(inner, game)
    if tp is bool:
        return _Finite(("false", "true"), int)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        where_e = {m: i for i, m in enumerate(tp)}
        labels = tuple(str(getattr(m, "label", m.value)) for m in tp)
        return _Finite(labels, where_e.__getitem__)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return _union_domain(typing.get_args(tp), game)
    return None


def _minus(low: int) -> Callable[[int], int]:
    return lambda v: v - low


def _identity(v: int) -> int:
    return v


def _union_domain(members: Sequence[Any], game: Any) -> _Finite | None:
    parts = []
    for m in members:
        found = _finite(m, game)
        if found is None:
            return None
        runtime, metas = _strip(m)
        runtime = typing.get_origin(runtime) or runtime
        name = "seat" if SEAT in metas else getattr(runtime, "__name__", str(runtime)).lower()
        parts.append((runtime, name, found))
    labels: list[str] = []
    starts = []
    for _, name, found in parts:
        starts.append(len(labels))
        labels += [f"{name} {label}" for label in found.labels]
    table = tuple(zip(starts, parts, strict=True))

    def index(v: Any) -> int:
        for start, (runtime, _, found) in table:
            if isinstance(v, runtime) and not (runtime is int and isinstance(v, bool)):
                return start + found.index(v)
        raise TensorError(f"{v!r} is none of {members}")

    return _Finite(tuple(labels), index)


def _build(tp: Any, b: _Builder, path: str, public: bool) -> Writer:
    if tp in _DOMAINS:
        return _one_hot(tp, b, path, public)
    if typing.get_origin(tp) is typing.Annotated:
        inner, *metas = typing.get_args(tp)
        for meta in metas:
            if isinstance(meta, _HINTS):
                return _hinted(meta, inner, b, path, public)
        for meta in metas:
            if isinstance(meta, Keyed):
                element = typing.get_args(inner)[0]
                names = list(meta.names(b.game))
                return _each(element, [f"{path}.{n}" for n in names], b, public)
            if isinstance(meta, Length):
                element = _element(inner, path)
                n = meta.of(b.game) or 0
                return _each(element, [f"{path}[{i}]" for i in range(n)], b, public)
        if any(isinstance(m, Repr) for m in metas):
            return _build(inner, b, path, public)  # the JSON form is no concern here
        return _build(inner, b, path, public)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return _union(typing.get_args(tp), b, path, public)
    if tp is bool:
        offset = b.take(path, 1, 0, 1, Encoding.FLAG, public)
        return _setter(offset, float)
    if tp is int:
        offset = b.take(path, 1, -OPEN, OPEN, Encoding.NUMBER, public)
        return _setter(offset, float)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return _bag(args[0], b, path, public, Encoding.COUNTS)
        writers = [_build(a, b, f"{path}[{i}]", public) for i, a in enumerate(args)]
        return _zipped(writers)
    if origin is frozenset:
        return _bag(typing.get_args(tp)[0], b, path, public, Encoding.MEMBERS)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _one_hot(tp, b, path, public)
    if isinstance(tp, type) and attrs.has(tp):
        return _record(tp, b, path, public)
    raise TensorError(
        f"{path or 'observation'}: no tensor form for {tp!r}; give its type a Range or a "
        "domain, or the field a tensor hint (rulespec.core.tensor)"
    )


def _element(tp: Any, path: str) -> Any:
    args = typing.get_args(_strip(tp)[0])
    if typing.get_origin(_strip(tp)[0]) is not tuple or not args:
        raise TensorError(f"{path}: a tuple was expected for this hint, not {tp!r}")
    return args[0]


def _setter(offset: int, conv: Callable[[Any], float]) -> Writer:
    def write(v: Any, out: list[float]) -> None:
        out[offset] = conv(v)

    return write


def _zipped(writers: Sequence[Writer]) -> Writer:
    def write(v: Any, out: list[float]) -> None:
        for w, x in zip(writers, v, strict=True):
            w(x, out)

    return write


def _each(element: Any, paths: Sequence[str], b: _Builder, public: bool) -> Writer:
    inner, metas = _strip(element)
    ranged = [m for m in metas if isinstance(m, Range)]
    if inner is int and ranged and not any(isinstance(m, _HINTS[:-1]) for m in metas):
        # a run of ranged numbers (cards per colour, points per seat): one slice write
        low, high = ranged[0].bounds(b.game)
        start = b.at
        for p in paths:
            b.take(p, 1, low, high, Encoding.NUMBER, public)
        end = b.at

        def write_run(v: Any, out: list[float]) -> None:
            out[start:end] = v

        return write_run
    return _zipped([_build(element, b, p, public) for p in paths])


def _one_hot(tp: Any, b: _Builder, path: str, public: bool) -> Writer:
    found = _finite(tp, b.game)
    if found is None:
        raise TensorError(f"{path}: {tp!r} has no finite domain")
    offset = b.take(path, len(found.labels), 0, 1, Encoding.ONE_HOT, public, found.labels)
    index = found.index

    def write(v: Any, out: list[float]) -> None:
        out[offset + index(v)] = 1.0

    return write


def _bag(element: Any, b: _Builder, path: str, public: bool, how: Encoding) -> Writer:
    found = _finite(element, b.game)
    if found is None:
        raise TensorError(
            f"{path}: a collection of {element!r}, which has no finite domain; give the "
            "field a tensor hint (PerKey, Slots or Positions)"
        )
    n = len(found.labels)
    high = 1 if how is Encoding.MEMBERS else OPEN
    offset = b.take(path, n, 0, high, how, public, found.labels)
    index = found.index

    def write(v: Any, out: list[float]) -> None:
        for x in v:
            out[offset + index(x)] += 1.0

    return write


def _hinted(meta: object, inner: Any, b: _Builder, path: str, public: bool) -> Writer:
    bare = _strip(inner)[0]
    if typing.get_origin(bare) in (typing.Union, types.UnionType):
        rest = [m for m in typing.get_args(bare) if m is not type(None)]
        if len(rest) == 1 and len(typing.get_args(bare)) == 2:  # X | None: the hint is X's
            return _optional(typing.Annotated[rest[0], meta], b, path, public)
    if isinstance(meta, Range):
        low, high = meta.bounds(b.game)
        offset = b.take(path, 1, low, high, Encoding.NUMBER, public)
        return _setter(offset, float)
    if isinstance(meta, OneHot):
        labels = tuple(meta.labels(b.game))
        offset = b.take(path, len(labels), 0, 1, Encoding.ONE_HOT, public, labels)

        def write_one(v: Any, out: list[float]) -> None:
            out[offset + v] = 1.0

        return write_one
    element = _element(inner, path)
    if isinstance(meta, Top):
        return _top(meta, element, b, path, public)
    if isinstance(meta, Slots):
        slots = [_optional(element, b, f"{path}[{i}]", public) for i in range(meta.length(b.game))]

        def write_slots(v: Any, out: list[float]) -> None:
            if len(v) > len(slots):
                raise TensorError(f"{path}: {len(v)} entries, room for {len(slots)}")
            for w, x in zip(slots, v, strict=False):
                w(x, out)

        return write_slots
    if isinstance(meta, PerKey):
        return _per_key(element, b, path, public)
    assert isinstance(meta, Positions)
    return _positions(element, b, path, public)


def _top(meta: Top, element: Any, b: _Builder, path: str, public: bool) -> Writer:
    size = b.take(f"{path}.length", 1, 0, meta.most, Encoding.NUMBER, public)
    slots = [_optional(element, b, f"{path}[{i}]", public) for i in range(meta.keep)]
    keep, last = meta.keep, meta.last

    def write(v: Any, out: list[float]) -> None:
        out[size] = len(v)
        for w, x in zip(slots, v[: -keep - 1 : -1] if last else v[:keep], strict=False):
            w(x, out)

    return write


def _per_key(element: Any, b: _Builder, path: str, public: bool) -> Writer:
    key, *rest = typing.get_args(_strip(element)[0])
    found = _finite(key, b.game)
    if found is None:
        raise TensorError(f"{path}: PerKey needs entries whose first member has a domain")
    rest_tp = tuple.__class_getitem__(tuple(rest))
    per: list[Writer] = []
    for label in found.labels:
        per.append(_optional(rest_tp, b, f"{path}[{label}]", public))
    index = found.index

    def write(v: Any, out: list[float]) -> None:
        seen = set()
        for k, *more in v:
            i = index(k)
            if i in seen:
                raise TensorError(f"{path}: {k!r} appears twice")
            seen.add(i)
            per[i](tuple(more), out)

    return write


def _positions(element: Any, b: _Builder, path: str, public: bool) -> Writer:
    bare = _strip(element)[0]
    grouped = typing.get_origin(bare) is tuple
    member = typing.get_args(bare)[0] if grouped else element
    found = _finite(member, b.game)
    if found is None:
        raise TensorError(f"{path}: Positions needs members of a finite domain")
    n = len(found.labels)
    offset = b.take(path, n, 0, n, Encoding.POSITIONS, public, found.labels)
    index = found.index

    def write(v: Any, out: list[float]) -> None:
        for k, x in enumerate(v, 1):
            for m in x if grouped else (x,):
                i = offset + index(m)
                if out[i]:
                    raise TensorError(f"{path}: {m!r} appears twice")
                out[i] = float(k)

    return write


def _optional(inner: Any, b: _Builder, path: str, public: bool) -> Writer:
    flag = b.take(path, 1, 0, 1, Encoding.PRESENT, public)
    write_inner = _build(inner, b, path, public)

    def write(v: Any, out: list[float]) -> None:
        if v is not None:
            out[flag] = 1.0
            write_inner(v, out)

    return write


def _union(members: Sequence[Any], b: _Builder, path: str, public: bool) -> Writer:
    rest = [m for m in members if m is not type(None)]
    if len(rest) < len(members):
        inner = rest[0] if len(rest) == 1 else typing.Union[tuple(rest)]  # noqa: UP007
        return _optional(inner, b, path, public)
    found = _union_domain(rest, b.game)
    if found is not None:
        offset = b.take(path, len(found.labels), 0, 1, Encoding.ONE_HOT, public, found.labels)
        index = found.index

        def write_one(v: Any, out: list[float]) -> None:
            out[offset + index(v)] = 1.0

        return write_one
    if all(isinstance(m, type) and attrs.has(m) and hasattr(m, "KIND") for m in rest):
        kinds = sorted(rest, key=lambda c: str(c.KIND))
        labels = tuple(str(c.KIND) for c in kinds)
        offset = b.take(path, len(kinds), 0, 1, Encoding.ONE_HOT, public, labels)
        by_type = {
            c: (offset + i, _record(c, b, f"{path}<{c.KIND}>", public)) for i, c in enumerate(kinds)
        }

        def write_tagged(v: Any, out: list[float]) -> None:
            at, w = by_type[type(v)]
            out[at] = 1.0
            w(v, out)

        return write_tagged
    raise TensorError(f"{path}: no tensor form for the union {members!r}")


def _record(cls: type, b: _Builder, path: str, public: bool) -> Writer:
    hints = field_hints(cls)
    writers: list[tuple[str, Writer]] = []
    for field in attrs.fields(cls):
        key = field.metadata.get("json", field.name)
        if key is None:
            continue
        tp = hints[field.name]
        hint = field.metadata.get("tensor")
        if hint is not None:
            tp = typing.Annotated[tp, hint]
        private = bool(field.metadata.get("private", False))
        where = f"{path}.{key}" if path else key
        writers.append((field.name, _build(tp, b, where, public and not private)))
    getters = tuple((name, w) for name, w in writers)

    def write(v: Any, out: list[float]) -> None:
        for name, w in getters:
            w(getattr(v, name), out)

    return write


# --- the encoder of one observation class and variant ----------------------------------


def scaled(entry: Entry, value: float) -> float:
    """Where ``value``, one of ``entry``'s numbers, lies in the tensor, in [0, 1]: its
    place between the entry's ``low`` and ``high``; an open end is closed by squashing
    (``v / (1 + v)`` above ``low`` from 0 up, ``(1 + v / (1 + |v|)) / 2`` for a number
    open both ways), so order is kept and every value fits."""
    low, high = entry.low, entry.high
    if math.isinf(high):
        if math.isinf(low):
            return 0.5 + 0.5 * value / (1.0 + abs(value))
        value -= low
        return value / (1.0 + value)
    if high <= low:
        return 0.0
    return (value - low) / (high - low)


Scaler = tuple[int, int, float, float | None, Entry]
"""An entry to scale: its numbers' start and end, ``low`` and ``1 / (high - low)`` (None
for an open range)."""


def _scalers(layout: Layout) -> tuple[Scaler, ...]:
    """The entries whose numbers are not already in [0, 1]."""
    out: list[Scaler] = []
    for e in layout.entries:
        if (e.low == 0 and e.high == 1) or e.encoding in _ZERO_ONE:
            continue
        finite = not (math.isinf(e.low) or math.isinf(e.high))
        inverse = (1.0 / (e.high - e.low) if e.high > e.low else 0.0) if finite else None
        out.append((e.offset, e.offset + e.size, e.low, inverse, e))
    return tuple(out)


_ZERO_ONE = (Encoding.FLAG, Encoding.PRESENT, Encoding.ONE_HOT, Encoding.MEMBERS)


@attrs.frozen
class Encoder:
    """One observation class's layout for one variant, and how to fill it."""

    layout: Layout
    write: Writer
    public_at: tuple[int, ...]
    private_at: tuple[int, ...]
    scale: tuple[Scaler, ...] = ()
    runs: tuple[ScaledRun, ...] = attrs.field(
        default=attrs.Factory(lambda self: _runs(self.scale), takes_self=True), eq=False
    )
    """The closed-range scalers, nearby ones merged (``_runs``)."""
    opened: tuple[Scaler, ...] = attrs.field(
        default=attrs.Factory(
            lambda self: tuple(s for s in self.scale if s[3] is None), takes_self=True
        ),
        eq=False,
    )
    """The open-range scalers."""

    def encode(self, observation: Any) -> array.array[float]:
        """The observation's numbers, each scaled to [0, 1] (:func:`scaled`)."""
        out = [0.0] * self.layout.size
        self.write(observation, out)
        for start, end, lows, inverses in self.runs:
            out[start:end] = [
                (x - low) * inverse
                for x, low, inverse in zip(out[start:end], lows, inverses, strict=True)
            ]
        for start, end, low, _, entry in self.opened:  # :func:`scaled`, inlined
            if not math.isinf(entry.high):
                out[start:end] = [scaled(entry, x) for x in out[start:end]]
            elif math.isinf(low):
                out[start:end] = [0.5 + 0.5 * x / (1.0 + abs(x)) for x in out[start:end]]
            else:
                out[start:end] = [(v := x - low) / (1.0 + v) for x in out[start:end]]
        return array.array("f", out)


_GAP = 32
"""The most numbers left as they are between two merged runs (:func:`_runs`)."""

ScaledRun = tuple[int, int, tuple[float, ...], tuple[float, ...]]
"""Adjacent closed-range scalers as one: start, end, and per number its ``low`` and
``1 / (high - low)``."""


def _runs(scale: tuple[Scaler, ...]) -> tuple[ScaledRun, ...]:
    """The closed-range scalers of ``scale``, merged where fewer than :data:`_GAP`
    numbers lie between them (those taking ``(x - 0.0) * 1.0``, which is ``x``): one list
    per run instead of one per entry (the White Castle's tensor has hundreds of small
    entries; issue 30). Each number is scaled as before, ``(x - low) * inverse``."""
    out: list[tuple[int, int, list[float], list[float]]] = []
    for start, end, low, inverse, _ in scale:
        if inverse is None:
            continue
        if out and start - out[-1][1] <= _GAP:
            run = out[-1]
            run[2].extend([0.0] * (start - run[1]))
            run[3].extend([1.0] * (start - run[1]))
            out[-1] = (run[0], end, run[2], run[3])
        else:
            out.append((start, end, [], []))
        out[-1][2].extend([low] * (end - start))
        out[-1][3].extend([inverse] * (end - start))
    return tuple((a, b, tuple(lows), tuple(invs)) for a, b, lows, invs in out)


_ENCODERS: dict[tuple[type, Any], Encoder] = {}
_BY_ID: dict[tuple[type, int], tuple[Any, Encoder]] = {}
_KEPT = 64
"""Game objects remembered by identity (the fast path); equal games share one encoder."""


def encoder(game: Any, observation_class: type) -> Encoder:
    """The encoder of ``observation_class`` in ``game``'s variant (built once)."""
    found = _BY_ID.get((observation_class, id(game)))
    if found is not None and found[0] is game:
        return found[1]
    made = _ENCODERS.get((observation_class, game))
    if made is None:
        b = _Builder(game)
        write = _record(observation_class, b, "", True)
        layout = Layout(tuple(b.entries), b.at)
        made = Encoder(layout, write, layout.indices(True), layout.indices(False), _scalers(layout))
        _ENCODERS[observation_class, game] = made
    if len(_BY_ID) >= _KEPT:  # a new game object per episode must not grow this forever
        _BY_ID.clear()
    _BY_ID[observation_class, id(game)] = (game, made)  # keeps game alive: ids stay unique
    return made


def layout(game: Any, observation_class: type) -> Layout:
    """Where each field of ``observation_class`` lies in its tensor, in ``game``'s variant.
    Raises :class:`TensorError` naming a field that has no tensor form."""
    return encoder(game, observation_class).layout


def observation_layout(game: Any) -> Layout:
    """The layout of ``game``'s observations (``game.views.observation``)."""
    return layout(game, game.views.observation)


def observation_shape(game: Any) -> tuple[int]:
    """``(length,)``: the shape of every observation tensor of ``game``'s variant."""
    return (observation_layout(game).size,)


def as_numpy(tensor: Sequence[float] | array.array[float]) -> Any:
    """The tensor as a ``numpy.float32`` array (a copy); imports numpy only when called."""
    import numpy as np  # type: ignore[import-not-found]  # noqa: PLC0415 (numpy is optional)

    return np.asarray(tensor, dtype=np.float32)


# --- public and private parts ----------------------------------------------------------

_Split = tuple[tuple[tuple[str, ...], Any], ...]
"""Per JSON field of a record: its key path and True (private), False (public) or the
split of a nested record that has private fields."""

_SPLITS: dict[type, _Split] = {}


def _split_of(cls: type) -> _Split:
    found = _SPLITS.get(cls)
    if found is None:
        hints = field_hints(cls)
        out = []
        for field in attrs.fields(cls):
            key = field.metadata.get("json", field.name)
            if key is None:
                continue
            how: Any = bool(field.metadata.get("private", False))
            if not how:
                nested = _nested_record(hints[field.name])
                if nested is not None and _has_private(nested):
                    how = _split_of(nested)
            out.append((tuple(key.split(".")), how))
        found = _SPLITS[cls] = tuple(out)
    return found


def _nested_record(tp: Any) -> type | None:
    tp = _strip(tp)[0]
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        rest = [m for m in typing.get_args(tp) if m is not type(None)]
        if len(rest) != 1:
            return None
        tp = _strip(rest[0])[0]
    return tp if isinstance(tp, type) and attrs.has(tp) else None


def _has_private(cls: type) -> bool:
    return any(how is not False for _, how in _split_of(cls))


def _divide(data: Mapping[str, Any], split: _Split, public: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, how in split:
        value: Any = data
        for part in key:
            value = value[part]
        if how is True or how is False:
            if how is public:
                continue
        elif isinstance(value, Mapping):
            value = _divide(value, how, public)
        elif not public:
            continue  # an absent nested record: in the public part only
        target = out
        for part in key[:-1]:
            target = target.setdefault(part, {})
        target[key[-1]] = value
    return out


class ObservationParts:
    """A mixin for a game's observation classes (attrs records with a ``game`` field left
    out of equality and JSON): the tensor, its layout and the public/private split."""

    __slots__ = ("_outcome", "_step")
    game: Any
    _step: int
    _outcome: Any
    to_json: Callable[[], JSON]
    """The observation's JSON: each game's observation class defines it (with
    :meth:`stepped`)."""

    @property
    def step(self) -> int:
        """The observed state's :attr:`~rulespec.core.kernel.Kernel.step` (public; not part
        of equality, like the state's own)."""
        try:
            step: int = self._step
        except AttributeError:
            return 0
        return step

    @property
    def final_outcome(self) -> Any:
        """The game's :class:`~rulespec.Outcome` once it is over (the final scores, which
        every seat sees then), else None: a seat's last view holds the result, not only
        the points counted before the final scoring."""
        try:
            return self._outcome
        except AttributeError:
            return None

    def stepped(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` (the observation's fields as JSON) with ``"step"`` and ``"outcome"``
        (:attr:`final_outcome` as JSON, null before the end) added."""
        data["step"] = self.step
        final = self.final_outcome
        data["outcome"] = None if final is None else final.to_json()
        return data

    def _repr_svg_(self) -> str:
        """The picture of what this seat sees, for notebooks (``game.svg(observation)``)."""
        picture: str = self.game.svg(self)
        return picture

    def _repr_html_(self) -> str:
        """The picture inline in HTML, for notebooks that prefer HTML to SVG."""
        return svg.inline_html(self._repr_svg_())

    def layout(self) -> Layout:
        """Where each field lies in :meth:`tensor`."""
        return encoder(self.game, type(self)).layout

    def tensor(self) -> array.array[float]:
        """The observation as a flat array of numbers, as :meth:`layout` says."""
        return encoder(self.game, type(self)).encode(self)

    def public_tensor(self) -> array.array[float]:
        """The numbers every seat sees alike (``layout().part(True)``)."""
        e = encoder(self.game, type(self))
        full = e.encode(self)
        return array.array("f", [full[i] for i in e.public_at])

    def private_tensor(self) -> array.array[float]:
        """The numbers only this seat sees (``layout().part(False)``)."""
        e = encoder(self.game, type(self))
        full = e.encode(self)
        return array.array("f", [full[i] for i in e.private_at])

    def public(self) -> dict[str, Any]:
        """The JSON of what every seat sees alike, in the observation's vocabulary (the
        step and the final outcome included)."""
        data = self.to_json()
        public = _divide(data, _split_of(type(self)), True)
        return {**public, "step": data["step"], "outcome": data["outcome"]}

    def private(self) -> dict[str, Any]:
        """The JSON of what only this seat sees; merged with :meth:`public` it is the
        observation's JSON."""
        return _divide(self.to_json(), _split_of(type(self)), False)
