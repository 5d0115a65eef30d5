"""White Lotus positions as JSON: the documented, hand-writable format and its validation.

``state.to_json()`` writes every field; ``load`` accepts the same and lets a hand-written position
leave out what follows from the rest. A minimal position (year 2, seat 1 to claim)::

    {"game": "lotus", "settings": {"edition": "de", "players": 3},
     "year": 2, "emperor": 0, "seat": 1, "phase": "claim",
     "chips": {"a09": {"building": "palace", "owner": 0},
               "a11": {"building": "village", "owner": 1},
               "a15": {"building": "temple"}}}

``chips`` maps area ids to a building and, for a player's chip, its ``owner`` seat
(absent: a neutral chip); areas not listed are empty. Defaults: ``phase`` "claim" (or
"setup" in year 1 with no chips), ``emperor`` and ``seat`` 0, starting cards for
``influence`` (12) and ``combat`` (3), no victory points, ``bank`` and ``unseen`` "rest"
(whatever the component counts leave), no claims and no part of the year under way but
the claims themselves when ``phase`` is "claim" (``claiming``: the placement due, from the
emperor, and nobody has declined).

The parts of a year that are under way are objects of their own, ``null`` otherwise:
``claiming`` (phase 1: ``cursor``, ``declined``), ``conflict`` (an area fought over:
``area``, ``bids``, ``tied``), ``rebellion`` (``leader``, ``sides``, ``commits``,
``winners``, ``hit``, ``palace_taker``) and ``expansion`` (phase 6: ``slots``,
``drawn``); ``last`` is the last public reveal, ``{"type": "conflict", …}`` or
``{"type": "rebellion", …}``; ``gifts`` (negotiation variant, default none) the points
given in the current window, ``[[giver, receiver, influence, combat], …]``, one total per
pair. Positions written before this layout (those keys at the top
level, ``last`` as ``[[key, value], …]`` pairs) still load: :func:`upgrade` rewrites them.

Loading checks the format, the conservation of cards and chips, and every invariant the
rules keep (the emperor holds the most palaces, markers only on neutral areas, chip
supplies, …), and reports every problem at once in a :class:`~rulespec.MalformedPosition`.
Counts no game reaches are refused too (a year beyond the areas in play, more than 2
victory-point chips a year for one seat), so play from any position accepted stays inside
the ranges of the format (:func:`bound_problems`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulespec.core.convert import Reader
from rulespec.core.positions import check_header
from rulespec.errors import MalformedPosition
from rulespec.lotus.codec import CODEC
from rulespec.lotus.components import (
    COMBAT_POINTS,
    INFLUENCE_POINTS,
    NEUTRAL_CHIPS,
    START_COMBAT,
    START_INFLUENCE,
)
from rulespec.lotus.invariants import EXPANDING as _EXPANDING
from rulespec.lotus.invariants import invariant_problems
from rulespec.lotus.state import Phase, State

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame


# --- positions written before the parts of the year had objects of their own ------------

_FLAT_CLAIMS = ("cursor", "declined")
_FLAT_CONFLICT = ("area", "bids", "tied")
_FLAT_REBELLION = ("leader", "sides", "commits", "winners", "hit", "palace_taker")
_FLAT_EXPANSION = ("slots", "drawn")
_FLAT = frozenset(_FLAT_CLAIMS + _FLAT_CONFLICT + _FLAT_REBELLION + _FLAT_EXPANSION)


def upgrade(data: Mapping[str, Any]) -> dict[str, Any]:
    """A position in the current layout. One written before it (``area``, ``bids``,
    ``leader``, ``slots``, … at the top level; ``last`` as ``[[key, value], …]``; the
    lotus areas still to deal in ``queue`` during setup) is rewritten: each part of the
    year becomes its object, or ``null`` where the old keys held nothing; anything the
    rewrite cannot place is left for the reader to report."""
    if not (_FLAT & set(data) or isinstance(data.get("last"), list)):
        return dict(data)
    out = dict(data)
    phase = data.get("phase")

    def given(keys: tuple[str, ...]) -> dict[str, Any]:
        return {k: data[k] for k in keys if k in data and data[k] not in (None, [], 0, False)}

    def move(part: str, keys: tuple[str, ...], wanted: bool) -> None:
        # a part of the year given in the current layout is kept as given, and old keys
        # beside it stay where they are, for the reader to report as unknown
        if part in data:
            return
        for k in keys:
            out.pop(k, None)
        if wanted:
            out[part] = {k: data[k] for k in keys if k in data}

    move("claiming", _FLAT_CLAIMS, phase == "claim" or bool(given(_FLAT_CLAIMS)))
    move(
        "conflict",
        _FLAT_CONFLICT,
        data.get("area") is not None or bool(given(_FLAT_CONFLICT)),
    )
    move(
        "rebellion",
        _FLAT_REBELLION,
        data.get("leader") is not None or bool(given(_FLAT_REBELLION)),
    )
    move(
        "expansion",
        _FLAT_EXPANSION,
        (isinstance(phase, str) and phase in {p.value for p in _EXPANDING})
        or bool(given(_FLAT_EXPANSION)),
    )
    if phase == "setup" and isinstance(data.get("queue"), list):
        out["queue"] = []  # the lotus areas still to deal are those without a chip
    last = data.get("last")
    if isinstance(last, list):
        out["last"] = _upgrade_reveal(last)
    return out


def _upgrade_reveal(pairs: list[Any]) -> Any:
    """``[["conflict", "a17"], ["bids", …], …]`` as the tagged object it is now."""
    if not pairs:
        return None
    found = {p[0]: p[1] for p in pairs if isinstance(p, list) and len(p) == 2}
    if "conflict" in found:
        renamed = {"area": found.pop("conflict")}
        return {"type": "conflict", **renamed, **found}
    if "rebellion" in found:
        renamed = {"leader": found.pop("rebellion")}
        return {"type": "rebellion", **renamed, **found}
    return pairs  # not a reveal: the reader says so


# --- reading -----------------------------------------------------------------------------


def _with_defaults(data: Mapping[str, Any], game: LotusGame) -> dict[str, Any]:
    """The position with what a hand-written one may leave out filled in, in JSON."""
    n = game.players
    chips = data.get("chips", {})
    year = data.get("year", 1)
    phase = data.get("phase", "setup" if not chips and year == 1 else "claim")
    seat, emperor = data.get("seat", 0), data.get("emperor", 0)
    raw: dict[str, Any] = {
        "phase": phase,
        "year": 1,
        "emperor": 0,
        "seat": 0,
        "chips": {},
        "influence": [START_INFLUENCE] * n,
        "combat": [START_COMBAT] * n,
        "vp": [0] * n,
        "claims": {},
        "queue": [],
        "conflict": None,
        "rebellion": None,
        "expansion": None,
        "singles_pending": False,
        "resume": None,
        "final": False,
        "last": None,
        **data,
    }
    if "claiming" not in data:
        cursor = (seat - emperor) % n if isinstance(seat, int) and isinstance(emperor, int) else 0
        raw["claiming"] = {"cursor": cursor} if phase == "claim" else None
    elif isinstance(data["claiming"], Mapping) and "cursor" not in data["claiming"]:
        cursor = (seat - emperor) % n if isinstance(seat, int) and isinstance(emperor, int) else 0
        raw["claiming"] = {"cursor": cursor, **data["claiming"]}
    return raw


def load(game: LotusGame, data: Mapping[str, Any]) -> State:
    """Read a position for ``game``; every problem at once in a
    :class:`~rulespec.MalformedPosition`."""
    if not isinstance(data, Mapping):
        raise MalformedPosition([f"a position must be a JSON object, got {type(data).__name__}"])
    reader = Reader(game)
    check_header(reader, data, game)
    _check_old_setup_queue(reader, data, game)
    raw = _with_defaults(upgrade(data), game)
    unseen_rest = raw.get("unseen", "rest") == "rest"
    bank_rest = raw.get("bank", "rest") == "rest"
    if unseen_rest:
        raw["unseen"] = {}
    if bank_rest:
        raw["bank"] = {"influence": 0, "combat": 0}
    values = CODEC.fields(State, raw, reader, extra=("game", "settings"))
    if reader.problems:  # what follows adds up the pieces, so it needs them all
        raise MalformedPosition(reader.problems)
    if unseen_rest:
        values["unseen"] = _unseen_rest(game, values)
    supply = game.options.card_supply
    shown: list[str] = []
    if bank_rest or not supply.limited:
        # an unlimited bank is written as the piles show it, never below 0: the state's
        # balance follows from the seats' points (lotus.income.supply_limit)
        balance = (
            INFLUENCE_POINTS - sum(values["influence"]),
            COMBAT_POINTS - sum(values["combat"]),
        )
        if not bank_rest and values["bank"] not in (balance, supply.shown(balance)):
            piles = supply.shown(balance)
            shown.append(
                f"bank: the seats' points leave the unlimited bank showing {piles[0]} "
                f"influence and {piles[1]} combat, not {values['bank'][0]} and "
                f"{values['bank'][1]} (lotus.income.supply_limit)"
            )
        values["bank"] = balance
    # secret choices are kept by seat whatever order they came in (lotus.commitments)
    c, r = values.get("conflict"), values.get("rebellion")
    if c is not None:
        values["conflict"] = c.but(bids=tuple(sorted(c.bids, key=_by_seat)))
    if r is not None:
        values["rebellion"] = r.but(
            sides=tuple(sorted(r.sides, key=_by_seat)),
            commits=tuple(sorted(r.commits, key=_by_seat)),
        )
    state = State(game=game, **values)
    problems = shown + invariant_problems(state) + bound_problems(state)
    if problems:
        raise MalformedPosition(problems)
    return state


def bound_problems(state: State) -> list[str]:
    """Counts no game reaches, checked at load only (issue 19): a position within them
    leaves room in the formats' ranges (year up to 1,000, victory points up to 10,000) for
    whatever the rest of a game adds, so play from it keeps its views and tensors in range.
    Not an invariant of play: a game played on from a position that no game reaches may
    pass these counts (its JSON is then refused naming them)."""
    areas = len(state.game.in_play)
    out = []
    if state.year > areas:
        out.append(
            f"year: {state.year}; a game with {areas} areas in play lasts at most {areas} "
            "years (lotus.end.trigger, lotus.end.year_cap)"
        )
    for seat, vp in enumerate(state.vp):
        if vp > 2 * state.year:
            out.append(
                f"vp: seat {seat} holds {vp} victory-point chips in year {state.year}; a seat "
                "takes at most 2 a year (lotus.tribute.emperor_point, lotus.rebellion.rewards)"
            )
    return out


def _by_seat(entry: tuple[int, object]) -> int:
    return entry[0]


def _check_old_setup_queue(reader: Reader, data: Mapping[str, Any], game: LotusGame) -> None:
    """In the layout before the kernel a setup position listed the lotus areas still to
    deal in ``queue``; they must be exactly those without a chip, in board order."""
    queue = data.get("queue")
    if data.get("phase") != "setup" or not queue or not isinstance(data.get("chips", {}), Mapping):
        return
    chips = data.get("chips", {})
    left = [game.area_ids[i] for i in game.start_areas if game.area_ids[i] not in chips]
    if queue != left:
        reader.at("queue").bad(
            f"during setup the lotus areas still to deal are {left} (lotus.setup.start_chips)"
        )


def _unseen_rest(game: LotusGame, values: Mapping[str, Any]) -> tuple[int, ...]:
    """The face-down chips: every chip not on the board, in hand or still to deal."""
    left = list(NEUTRAL_CHIPS)
    for chip in values["chips"]:
        if chip is not None:
            left[chip.building] -= 1
    if values["phase"] is Phase.SETUP:
        for b in game.variant.start_chips:
            left[b] -= 1
        for i in game.start_areas:
            chip = values["chips"][i]
            if chip is not None:
                left[chip.building] += 1
    expansion = values["expansion"]
    if expansion is not None and expansion.drawn is not None:
        left[expansion.drawn] -= 1
    return tuple(max(0, x) for x in left)
