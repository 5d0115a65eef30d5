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
from rulespec.errors import MalformedPosition, bounded
from rulespec.lotus import rules as steps
from rulespec.lotus.codec import CODEC
from rulespec.lotus.components import (
    BASIC_MARKERS,
    BUILDINGS,
    COMBAT_POINTS,
    INFLUENCE_POINTS,
    NEUTRAL_CHIPS,
    START_COMBAT,
    START_INFLUENCE,
    VP_CHIPS,
    Building,
    Side,
    chips_fit,
)
from rulespec.lotus.state import (
    ConflictReveal,
    IncomeReveal,
    Phase,
    RebellionReveal,
    State,
)
from rulespec.lotus.variant import ChipSupply, ConflictTie, Negotiation, TempleExtra, VpChips

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame

_EXPANDING = frozenset({Phase.TEMPLE_EXTRA, Phase.DRAW, Phase.PLACE})


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
        reader.at("queue").bad(f"during setup the lotus areas still to deal are {left}")


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


def invariant_problems(state: State) -> list[str]:
    """Every rule invariant ``state`` breaks (empty for any state reachable by play)."""
    out: list[str] = []
    game = state.game
    n = state.players
    phase = state.phase
    if sum(state.influence) + state.bank[0] != INFLUENCE_POINTS:
        out.append("influence: the players' points and the bank do not add up to 154")
    if sum(state.combat) + state.bank[1] != COMBAT_POINTS:
        out.append("combat: the players' points and the bank do not add up to 100")
    if game.options.card_supply.limited and min(state.bank) < 0:
        out.append(
            f"bank: {state.bank[0]} influence, {state.bank[1]} combat; a limited bank never "
            "pays out more than it holds (lotus.income.supply_limit)"
        )
    for s in range(n):
        if state.influence[s] < 0 or state.combat[s] < 0 or state.vp[s] < 0:
            out.append(f"seat {s}: negative points")
    if game.options.vp_chips is VpChips.LIMITED and sum(state.vp) > VP_CHIPS:
        out.append(f"vp: {sum(state.vp)} victory-point chips handed out; there are 18")
    counts = [0] * len(BUILDINGS)
    for i, chip in enumerate(state.chips):
        if chip is None:
            continue
        counts[chip.building] += 1
        if i not in game.in_play_set:
            out.append(f"{state.area_id(i)}: holds a chip but is not in play with {n} players")
    pending = [0] * len(BUILDINGS)
    if phase is Phase.SETUP:
        pending = list(state.start_pool())
    drawn = None if state.expansion is None else state.expansion.drawn
    if drawn is not None:
        pending[drawn] += 1
    for b in BUILDINGS:
        total = counts[b] + state.unseen[b] + pending[b]
        if total != NEUTRAL_CHIPS[b]:
            out.append(
                f"chips: {total} {b.label} chips on the board, face down or still to deal; "
                f"there are {NEUTRAL_CHIPS[b]} (lotus.components.neutral_chips)"
            )
    palaces = [state.held(s)[Building.PALACE] for s in range(n)]
    if game.options.chip_supply.limited:
        for s in range(n):
            if not chips_fit(state.held(s)):
                out.append(
                    f"seat {s}: owns more buildings than its 16 chips can show "
                    "(lotus.components.chip_flip)"
                )
    if phase is not Phase.REWARD and palaces[state.emperor] < max(palaces):
        out.append(
            f"emperor: seat {state.emperor} has fewer palaces than another player "
            "(lotus.resolve.emperor_change)"
        )
    claiming = phase in (Phase.CLAIM, Phase.CHOOSE_CONFLICT, Phase.BID, Phase.REMOVE) or (
        phase is Phase.NEGOTIATE and state.resume is Phase.BID
    )
    for i, c in enumerate(state.claims):
        if not c:
            continue
        chip = state.chips[i]
        if not claiming:
            out.append(f"claims.{state.area_id(i)}: markers outside phases 1 and 2")
        elif chip is None or not chip.neutral:
            out.append(
                f"claims.{state.area_id(i)}: markers on an area without a neutral chip "
                "(lotus.claim.neutral_only)"
            )
    if claiming and phase is not Phase.CLAIM and not state.singles_pending:
        for i, c in enumerate(state.claims):
            if len(c) == 1:
                out.append(
                    f"claims.{state.area_id(i)}: a single claimant in phase 2; single "
                    "claimants are awarded their areas before the conflicts "
                    "(lotus.resolve.uncontested_first)"
                )
    if claiming:
        out.extend(claims_fit_problems(state))
        for s in range(n):
            placed = sum(1 for c in state.claims if s in c)
            if placed > state.markers_allowed(s):
                out.append(
                    f"seat {s}: {placed} markers placed, {state.markers_allowed(s)} allowed "
                    "(lotus.claim.rice_extra)"
                )
            k = state.claiming
            if state.phase is Phase.CLAIM and k is not None:
                # the round goes round the table from the emperor, one placement per turn
                turns = sum(1 for j in range(k.cursor) if (state.emperor + j) % n == s)
                if placed > turns:
                    out.append(
                        f"seat {s}: {placed} markers placed in {turns} turns so far "
                        f"(cursor {k.cursor}; lotus.claim.three_rounds)"
                    )
    if (
        state.year == 1
        and phase is Phase.CLAIM
        and any(c is not None and not c.neutral for c in state.chips)
    ):
        out.append("year 1 claims: nobody can own an area before the first resolution")
    conflict, rb, e = state.conflict, state.rebellion, state.expansion
    fighting = phase in (Phase.BID, Phase.REMOVE) or (
        phase is Phase.NEGOTIATE and state.resume is Phase.BID
    )
    if fighting and (conflict is None or len(state.claims[conflict.area]) < 2):
        out.append("area: a conflict needs an area with two or more claimants")
    elif conflict is not None and not fighting:
        out.append(f"area: no conflict is being fought in phase {phase.value}")
    elif conflict is not None:
        if any(s not in state.claims[conflict.area] for s, _ in conflict.bids):
            out.append(
                "bids: a bid from a player who is not a claimant of the area "
                "(lotus.conflict.participants)"
            )
        if phase is Phase.BID and state.seat not in state.claims[conflict.area]:
            out.append(
                f"seat: seat {state.seat} is not a claimant of the disputed area, so it is not "
                "asked for a bid (lotus.conflict.participants)"
            )
    if phase is Phase.REMOVE and (conflict is None or not conflict.tied):
        out.append("tied: the emperor must have tied players to choose from")
    rebelling = phase in (Phase.SIDE, Phase.COMBAT, Phase.REWARD) or (
        phase is Phase.NEGOTIATE and state.resume is Phase.SIDE
    )
    if rebelling and (rb is None or rb.leader == state.emperor):
        out.append("leader: a rebellion needs a leader who is not the emperor")
    elif rb is not None and not rebelling:
        out.append(f"leader: no rebellion is under way in phase {phase.value}")
    if phase is Phase.REWARD and (rb is None or rb.winners is None):
        out.append("winners: rewards need the winning side")
    if phase in _EXPANDING:
        if e is None or not e.slots or e.slots[0][0] != state.seat:
            out.append(
                f"slots: phase {phase.value} needs the placement of seat {state.seat} first in line"
            )
        elif phase is Phase.TEMPLE_EXTRA and not e.slots[0][1]:
            out.append("slots: only a temple's extra chip can be declined")
    elif e is not None:
        out.append(f"slots: no chips are being placed in phase {phase.value}")
    if phase is Phase.TEMPLE_EXTRA and game.variant.temple_extra is not TempleExtra.MAY:
        out.append(
            "phase temple_extra: this edition's temple extras are compulsory "
            "(lotus.expand.temple_extra)"
        )
    drawn = None if e is None else e.drawn
    if phase is Phase.PLACE and drawn is None:
        out.append("drawn: a placement needs the chip drawn")
    k = state.claiming
    if phase is Phase.CLAIM and (k is None or (state.emperor + k.cursor % n) % n != state.seat):
        cursor = None if k is None else k.cursor
        out.append(
            f"cursor: placement {cursor} of the claim rounds is not seat {state.seat}'s "
            "turn (lotus.claim.three_rounds)"
        )
    if phase is not Phase.CLAIM and k is not None:
        out.append(f"cursor: no claims are being placed in phase {phase.value}")
    out.extend(_who_acts_problems(state))
    out.extend(_record_problems(state))
    if not out and not state.is_chance and not state.is_terminal and not state.legal_actions():
        out.append(
            f"seat {state.seat} is to act in phase {phase.value} but has no legal action; "
            "play never reaches such a position (it would have been skipped)"
        )
    if phase is not Phase.PLACE and drawn is not None:
        out.append("drawn: a chip is waiting although nobody is placing")
    out.extend(_in_progress_problems(state))
    return out


def _in_progress_problems(state: State) -> list[str]:
    """What a step in progress must look like for play to go on as the rules say."""
    out: list[str] = []
    phase, game = state.phase, state.game
    if phase is Phase.SETUP and state.queue:
        out.append(
            "queue: nobody acts during setup (the lotus areas still to deal are those "
            "without a chip)"
        )
    if phase is Phase.SETUP:
        if state.year != 1 or any(c is not None and not c.neutral for c in state.chips):
            out.append(
                "phase setup: the start chips are dealt in year 1, before anyone owns an area"
            )
        if any(c is not None for i, c in enumerate(state.chips) if i not in game.start_areas):
            out.append("phase setup: only the lotus areas hold chips while they are dealt")
        if not state.start_areas_left():
            out.append("phase setup: every lotus area already has its start chip")
    out.extend(bid_problems(state))
    r = state.rebellion
    for seat, points in r.commits if r is not None and phase is Phase.COMBAT else ():
        if points > state.combat[seat]:
            out.append(
                f"rebellion.commits: seat {seat} committed {points} combat but holds "
                f"{state.combat[seat]} (lotus.rebellion.combat_commit)"
            )
    out.extend(_turn_problems(state))
    if phase in (Phase.DRAW, Phase.TEMPLE_EXTRA) and not (
        state.placement_areas() and any(state.unseen)
    ):
        out.append(
            f"phase {phase.value}: no chip can be drawn and placed (an empty area next to a "
            "chip and a face-down chip are needed; lotus.expand.no_space)"
        )
    return out


def claims_fit_problems(state: State) -> list[str]:
    """With each colour's chips limiting what it claims (``chip_supply`` 'limited'), a
    player's holding plus every area it claims this year fits its 16 chips, as each
    marker placed checked (found after issue 28: a palace owned one over the limit loaded
    with a palace claimed, and its award broke lotus.components.chip_flip;
    lotus.claim.chip_supply)."""
    if state.game.options.chip_supply is not ChipSupply.LIMITED:
        return []
    out = []
    for seat in range(state.players):
        held = list(state.held(seat))
        for i, claimants in enumerate(state.claims):
            chip = state.chips[i]
            if seat in claimants and chip is not None:
                held[chip.building] += 1
        if not chips_fit(held):
            out.append(
                f"claims: seat {seat} could not show its chips if it won every area it claims "
                "this year; a marker goes only where it could (lotus.claim.chip_supply)"
            )
    return out


def bid_problems(state: State) -> list[str]:
    """A pending bid puts from 0 to all of its bidder's influence on the dragon card (both
    bounds, found after issue 28: a bid of -5 loaded; lotus.conflict.bid)."""
    c = state.conflict
    if c is None or state.phase not in (Phase.BID, Phase.REMOVE):
        return []
    return [
        f"conflict.bids: seat {seat} bid {bounded(bid.influence)} influence but holds "
        f"{state.influence[seat]}; a bid is 0 to the influence held (lotus.conflict.bid)"
        for seat, bid in c.bids
        if not 0 <= bid.influence <= state.influence[seat]
    ]


def _turn_problems(state: State) -> list[str]:
    """In a secret step, those who have committed, the seat to act and the queue are
    distinct and together the seats that take part."""
    phase, c, r = state.phase, state.conflict, state.rebellion
    if phase is Phase.BID and c is not None:
        done = [s for s, _ in c.bids]
        taking_part = set(state.claims[c.area])
        who = "lotus.conflict.participants"
    elif phase is Phase.SIDE and r is not None:
        done = [s for s, _ in r.sides]
        taking_part = set(range(state.players)) - {state.emperor, r.leader}
        who = "lotus.rebellion.sides"
    elif phase is Phase.COMBAT and r is not None:
        done = [s for s, _ in r.commits]
        taking_part = set(range(state.players))
        who = "lotus.rebellion.combat_commit"
    else:
        if len(set(state.queue)) != len(state.queue):
            return [f"queue: {list(state.queue)} lists a seat twice"]
        served_in_turn = phase in (Phase.REWARD, Phase.PALACE_INCOME)
        if served_in_turn and state.queue[:1] != (state.seat,):
            return [f"queue: in phase {phase.value} the seat to act comes first in the queue"]
        if phase in (Phase.LEAD, Phase.NEGOTIATE) and state.seat in state.queue:
            return [f"queue: in phase {phase.value} the seat to act is not in the queue"]
        return []
    everyone = [*done, state.seat, *state.queue]
    if len(set(everyone)) != len(everyone) or set(everyone) != taking_part:
        return [
            f"queue: in phase {phase.value} the seats that have committed {done}, the seat to "
            f"act {state.seat} and the queue {list(state.queue)} must be each of "
            f"{sorted(taking_part)} once ({who}, lotus.secret.commit_order)"
        ]
    return []


def _suffix_of(queue: tuple[int, ...], order: tuple[int, ...]) -> bool:
    """Whether ``queue`` is what is left of ``order`` once its first seats have acted."""
    return not queue or tuple(order[len(order) - len(queue) :]) == queue


def _who_acts_problems(state: State) -> list[str]:
    """Each phase's rule on who may be asked and who may act: a question put to a seat the
    rules exclude from it, or a queue that is not the order the rules ask in, is refused
    with the rule's id (issue 18). The secret steps' queues are checked in
    :func:`_turn_problems`."""
    out: list[str] = []
    phase, seat, n = state.phase, state.seat, state.players
    if phase in (Phase.CHOOSE_CONFLICT, Phase.REMOVE) and seat != state.emperor:
        rule = (
            "lotus.resolve.emperor_orders"
            if phase is Phase.CHOOSE_CONFLICT
            else ("lotus.conflict.tie_emperor")
        )
        out.append(f"seat: in phase {phase.value} the emperor (seat {state.emperor}) acts ({rule})")
    if phase is Phase.CLAIM and state.claiming is not None:
        rnd = state.claiming.cursor // n + 1
        if rnd > BASIC_MARKERS:
            extras = state.markers_allowed(seat) - BASIC_MARKERS
            if seat in state.claiming.declined or extras < rnd - BASIC_MARKERS:
                out.append(
                    f"seat: seat {seat} has no extra marker left for claim round {rnd} "
                    "(lotus.claim.extra_rounds)"
                )
    if phase is Phase.LEAD:
        villages = [state.held(s)[Building.VILLAGE] for s in range(n)]
        ask = steps.leader_ask_order(
            villages, state.emperor, state.game.variant.leader_candidate_tie
        )
        asked = (seat, *state.queue)
        if seat == state.emperor:
            out.append(
                f"seat: the emperor (seat {seat}) is never asked to lead a rebellion "
                "(lotus.rebellion.emperor_not_candidate)"
            )
        elif any(villages[s] == 0 for s in asked):
            out.append(
                f"seat: only players owning a village are asked to lead a rebellion; asked "
                f"{list(asked)} (lotus.rebellion.candidates)"
            )
        elif [s for s in ask if s in asked] != list(asked):
            # a hand-written position may leave later candidates out, not reorder them
            out.append(
                f"queue: the candidates still to ask, {list(asked)}, are not in the asking "
                f"order {list(ask)} (lotus.rebellion.asking_order)"
            )
    r = state.rebellion
    if phase is Phase.REWARD and r is not None and r.winners is not None:
        sides = dict(r.all_sides(state.emperor))
        if len(sides) == n and any(sides.get(s) is not r.winners for s in state.queue):
            out.append(
                f"queue: only the winning side ({r.winners.value}) takes rewards; the queue "
                f"is {list(state.queue)} (lotus.rebellion.rewards)"
            )
        elif len(sides) == n:
            head = state.emperor if r.winners is Side.EMPEROR else r.leader
            allies = [s for s, side in sides.items() if side is r.winners and s != head]
            order = steps.reward_order(
                head, allies, dict(r.commits), n, state.game.variant.reward_tie
            )
            if not _suffix_of(state.queue, order):
                out.append(
                    f"queue: the winners still to choose are {list(state.queue)}, not the rest "
                    f"of the reward order {list(order)} (lotus.rebellion.reward_order)"
                )
    if phase is Phase.PALACE_INCOME:
        if not state.held(seat)[Building.PALACE]:
            out.append(
                f"seat: seat {seat} owns no palace, so it has no palace income to choose "
                "(lotus.income.palace)"
            )
        if not _suffix_of(state.queue, state.order_from_emperor()):
            out.append(
                f"queue: {list(state.queue)} is not the rest of the turn order from the "
                "emperor (lotus.income.order)"
            )
    e = state.expansion
    if e is not None and phase in _EXPANDING:
        for s in range(n):
            extras = sum(1 for t, extra in e.slots if t == s and extra)
            if extras > state.held(s)[Building.TEMPLE]:
                out.append(
                    f"slots: seat {s} has {extras} temple extras to come but owns "
                    f"{state.held(s)[Building.TEMPLE]} temple(s) (lotus.expand.temple_extra)"
                )
    return out


def _twice(entries: tuple[tuple[Any, ...], ...]) -> list[int]:
    """The seats listed more than once as the first member of ``entries``."""
    seats = [e[0] for e in entries]
    return sorted({s for s in seats if seats.count(s) > 1})


def _record_problems(state: State) -> list[str]:
    """The records of the year's parts and of the last reveal: one entry per seat, seats
    and targets the rules allow (a record that lists a seat twice, or names a seat the
    rules exclude, cannot arise in play and breaks views and tensors)."""
    out: list[str] = []
    n = state.players
    c, r, last = state.conflict, state.rebellion, state.last
    if c is not None:
        claimants = state.claims[c.area]
        if _twice(c.bids):
            out.append(f"conflict.bids: seats {_twice(c.bids)} bid twice (lotus.conflict.bid)")
        for seat, bid in c.bids:
            if bid.target == seat or bid.target not in claimants:
                out.append(
                    f"conflict.bids: seat {seat}'s dragon card names seat {bid.target}, not "
                    "another claimant of the area (lotus.conflict.target_present)"
                )
            if bid.zero_card and not state.game.variant.zero_cards:
                out.append(
                    "conflict.bids: this edition has no 0-value influence cards "
                    "(lotus.conflict.zero_card)"
                )
        if state.phase is Phase.REMOVE and not out:
            done = {s for s, _ in c.bids}
            plain = {s: (b.target, b.influence) for s, b in c.bids}
            tied = steps.removal_candidates(plain)
            if state.game.options.conflict_tie is ConflictTie.ANY_PARTICIPANT:
                tied = frozenset(plain)  # lotus.conflict.tie_scope
            if done != set(claimants) or c.tied != tied:
                out.append(
                    "conflict.tied: the emperor chooses among the claimants tied for the most "
                    "influence against them, once every claimant has bid "
                    "(lotus.conflict.removal_candidates)"
                )
        elif c.tied:
            out.append("conflict.tied: only a tie being decided (phase remove) has tied seats")
    if r is not None:
        if _twice(r.sides) or _twice(r.commits):
            out.append("rebellion: a seat chose a side or committed combat twice")
        if any(s in (state.emperor, r.leader) for s, _ in r.sides):
            out.append(
                "rebellion.sides: the emperor and the leader do not choose a side "
                "(lotus.rebellion.fixed_sides)"
            )
        if state.phase in (Phase.COMBAT, Phase.REWARD) and len(r.sides) != n - 2:
            out.append(
                f"rebellion.sides: phase {state.phase.value} comes after every other player "
                "has chosen a side (lotus.rebellion.sides)"
            )
        if r.winners is not None:
            sides = dict(r.all_sides(state.emperor))
            if any(sides.get(s) is r.winners for s in r.hit):
                out.append("rebellion.hit: only losers lose an area (lotus.rebellion.one_loss)")
            if r.palace_taker is not None and sides.get(r.palace_taker) is not r.winners:
                out.append("rebellion.palace_taker: only a winner takes an area")
        elif r.hit or r.palace_taker is not None:
            out.append("rebellion: areas are taken only once the winners are known")
    if isinstance(last, ConflictReveal):
        bidders = {e[0] for e in last.bids}
        if _twice(last.bids) or _twice(last.totals) or _twice(last.paid):
            out.append("last: the reveal lists a seat twice (lotus.conflict.reveal)")
        elif any(t == s or t not in bidders for s, t, _, _ in last.bids):
            out.append(
                "last.bids: a dragon card names the bidder or a seat that did not bid "
                "(lotus.conflict.target_present)"
            )
        elif dict(last.totals) != steps.totals_against({s: (t, p) for s, t, p, _ in last.bids}):
            out.append(
                "last.totals: not the influence bid against each seat (lotus.conflict.reveal)"
            )
        elif last.loser is not None and last.loser not in bidders:
            out.append("last.loser: the loser of a round is one of its bidders")
    elif isinstance(last, RebellionReveal):
        if _twice(last.sides) or _twice(last.combat):
            out.append("last: the reveal lists a seat twice (lotus.rebellion.winner)")
    elif isinstance(last, IncomeReveal) and (
        _twice(last.choices) or _twice(last.owed) or _twice(last.paid)
    ):
        out.append("last: the payout lists a seat twice (lotus.income.supply_limit)")
    out.extend(_gift_problems(state))
    return out


def _gift_problems(state: State) -> list[str]:
    """The window's gifts: only with the negotiation option, one positive total per
    ordered pair of two different seats (lotus.variant.negotiation_window)."""
    gifts = state.gifts
    if gifts and state.game.options.negotiation is not Negotiation.ON:
        return ["gifts: gifts are made only with negotiation = 'on' (lotus.variant.negotiation)"]
    pairs = [(g, to) for g, to, _, _ in gifts]
    out = []
    if len(set(pairs)) != len(pairs):
        out.append("gifts: a pair of seats is listed twice (lotus.variant.negotiation_window)")
    for g, to, influence, combat in gifts:
        if g == to or influence + combat == 0:
            out.append(
                f"gifts: seat {g} to seat {to}: a gift goes to another seat and gives some "
                "points (lotus.variant.negotiation_window)"
            )
    return out
