"""White Lotus positions as JSON: the documented, hand-writable format and its validation.

``dump`` writes every field; ``load`` accepts the same and lets a hand-written position
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
(whatever the component counts leave), no claims and no step in progress.

Loading checks the format, the conservation of cards and chips, and every invariant the
rules keep (the emperor holds the most palaces, markers only on neutral areas, chip
supplies, …), and reports every problem at once in a :class:`~rulespec.MalformedPosition`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rulespec.core.positions import ProblemReader
from rulespec.errors import MalformedAction, MalformedPosition
from rulespec.lotus.actions import Bid, action_from_json
from rulespec.lotus.components import (
    BUILDINGS,
    COMBAT_POINTS,
    INFLUENCE_POINTS,
    NEUTRAL,
    NEUTRAL_CHIPS,
    OWNED,
    START_COMBAT,
    START_INFLUENCE,
    VP_CHIPS,
    Building,
    Chip,
    Side,
    chips_fit,
)
from rulespec.lotus.state import (
    ClaimRound,
    Conflict,
    ConflictReveal,
    Expansion,
    Phase,
    Rebellion,
    RebellionReveal,
    Reveal,
    State,
)
from rulespec.lotus.variant import ChipSupply, TempleExtra, VpChips

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame

_KEYS = frozenset(
    {
        "game", "settings", "phase", "year", "emperor", "seat", "chips", "unseen",
        "influence", "combat", "bank", "vp", "claims", "declined", "cursor", "queue",
        "area", "bids", "tied", "leader", "sides", "commits", "winners", "hit",
        "palace_taker", "slots", "drawn", "singles_pending", "resume", "final", "last",
    }
)  # fmt: skip


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def dump_reveal(state: State) -> list[list[Any]]:
    """The last public reveal as ``[[key, value], …]`` pairs."""
    last = state.last
    if isinstance(last, ConflictReveal):
        out: list[list[Any]] = [
            ["conflict", state.area_id(last.area)],
            ["bids", [list(b) for b in last.bids]],
            ["totals", [list(t) for t in last.totals]],
        ]
        if last.loser is not None:
            out += [["loser", last.loser], ["paid", [list(p) for p in last.paid]]]
        return out
    if isinstance(last, RebellionReveal):
        return [
            ["rebellion", last.leader],
            ["sides", [[seat, side.value] for seat, side in last.sides]],
            ["combat", [list(c) for c in last.combat]],
            ["totals", list(last.totals)],
            ["winner", last.winner.value],
        ]
    return []


def dump(state: State) -> dict[str, Any]:
    """Every field of ``state``, in the position format ``load`` reads back."""
    ids = [a.id for a in state.game.board.areas]
    k, c, r, e = state.claiming, state.conflict, state.rebellion, state.expansion
    return {
        "game": "lotus",
        "settings": dict(state.game.settings()),
        "phase": state.phase.value,
        "year": state.year,
        "emperor": state.emperor,
        "seat": state.seat,
        "chips": {
            ids[i]: {"building": chip.building.label}
            if chip.owner is None
            else {"building": chip.building.label, "owner": chip.owner}
            for i, chip in enumerate(state.chips)
            if chip is not None
        },
        "unseen": {b.label: state.unseen[b] for b in BUILDINGS},
        "influence": list(state.influence),
        "combat": list(state.combat),
        "bank": {"influence": state.bank[0], "combat": state.bank[1]},
        "vp": list(state.vp),
        "claims": {ids[i]: sorted(cl) for i, cl in enumerate(state.claims) if cl},
        "declined": [] if k is None else sorted(k.declined),
        "cursor": 0 if k is None else k.cursor,
        "queue": [ids[i] for i in state.start_areas_left()]
        if state.phase is Phase.SETUP
        else list(state.queue),
        "area": None if c is None else ids[c.area],
        "bids": [] if c is None else [[seat, b.to_json()] for seat, b in c.bids],
        "tied": [] if c is None else sorted(c.tied),
        "leader": None if r is None else r.leader,
        "sides": [] if r is None else [[seat, side.value] for seat, side in r.sides],
        "commits": [] if r is None else [list(x) for x in r.commits],
        "winners": None if r is None or r.winners is None else r.winners.value,
        "hit": [] if r is None else sorted(r.hit),
        "palace_taker": None if r is None else r.palace_taker,
        "slots": [] if e is None else [list(x) for x in e.slots],
        "drawn": None if e is None or e.drawn is None else e.drawn.label,
        "singles_pending": state.singles_pending,
        "resume": None if state.resume is None else state.resume.value,
        "final": state.final,
        "last": dump_reveal(state),
    }


class _Reader(ProblemReader):
    """Reads White Lotus's vocabulary: seats, buildings, per-seat numbers."""

    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players

    def seat(self, where: str, v: object) -> int:
        return self.integer(where, v, 0, self.players - 1)

    def maybe_seat(self, where: str, v: object) -> int:
        return -1 if v is None else self.seat(where, v)

    def seats(self, where: str, v: object) -> list[int]:
        if not isinstance(v, list):
            self.bad(where, f"expected a list of seats, got {v!r}")
            return []
        return [self.seat(f"{where}[{i}]", x) for i, x in enumerate(v)]

    def per_seat(self, where: str, v: object, low: int, high: int) -> tuple[int, ...]:
        if not isinstance(v, list) or len(v) != self.players:
            self.bad(where, f"expected one whole number per seat ({self.players}), got {v!r}")
            return (0,) * self.players
        return tuple(self.integer(f"{where}[{i}]", x, low, high) for i, x in enumerate(v))

    def building(self, where: str, v: object) -> Building:
        try:
            return Building[str(v).upper()]
        except KeyError:
            valid = ", ".join(b.label for b in BUILDINGS)
            self.bad(where, f"{v!r} is not a building ({valid})")
            return Building.VILLAGE


_EXPANDING = frozenset({Phase.TEMPLE_EXTRA, Phase.DRAW, Phase.PLACE})


def _reveal(r: _Reader, raw: object, area: Callable[[str, object], int]) -> Reveal | None:
    """The last reveal from its ``[[key, value], …]`` pairs (see :func:`dump_reveal`)."""
    if raw in ([], None):
        return None
    pairs = (
        {p[0]: _frozen(p[1]) for p in raw if isinstance(p, list) and len(p) == 2}
        if isinstance(raw, list)
        else {}
    )
    try:
        if "conflict" in pairs:
            loser = pairs.get("loser")
            return ConflictReveal(
                area("last.conflict", pairs["conflict"]),
                tuple((int(s), int(t), int(i), bool(z)) for s, t, i, z in pairs["bids"]),
                tuple((int(s), int(t)) for s, t in pairs["totals"]),
                None if loser is None else int(loser),
                tuple((int(s), int(a)) for s, a in pairs.get("paid", ())),
            )
        if "rebellion" in pairs:
            e, rb = pairs["totals"]
            return RebellionReveal(
                int(pairs["rebellion"]),
                tuple((int(s), Side(side)) for s, side in pairs["sides"]),
                tuple((int(s), int(c)) for s, c in pairs["combat"]),
                (int(e), int(rb)),
                Side(pairs["winner"]),
            )
    except (KeyError, TypeError, ValueError):
        pass
    r.bad("last", "expected the pairs of a conflict or rebellion reveal, as a position writes them")
    return None


def load(game: LotusGame, data: Mapping[str, Any]) -> State:
    """Read a position for ``game``; every problem at once in a
    :class:`~rulespec.MalformedPosition`."""
    if not isinstance(data, Mapping):
        raise MalformedPosition([f"a position must be a JSON object, got {type(data).__name__}"])
    n = game.players
    r = _Reader(n)
    if data.get("game", "lotus") != "lotus":
        r.bad("game", f"this is a White Lotus position loader, got {data.get('game')!r}")
    for key in sorted(set(data) - _KEYS):
        r.bad(key, f"unknown key; a position has {', '.join(sorted(_KEYS))}")
    settings = data.get("settings", {})
    if isinstance(settings, Mapping):
        for key, value in game.settings().items():
            if key in settings and settings[key] != value:
                r.bad(f"settings.{key}", f"position says {settings[key]!r}, the game is {value!r}")
    areas = game.board.areas
    index = game.area_index

    def area(where: str, v: object) -> int:
        if not isinstance(v, str) or v not in index:
            r.bad(where, f"{v!r} is not an area of the board")
            return -1
        return index[v]

    chips: list[Chip | None] = [None] * len(areas)
    raw_chips = data.get("chips", {})
    if not isinstance(raw_chips, Mapping):
        r.bad("chips", "expected an object mapping area ids to chips")
        raw_chips = {}
    for aid, raw in raw_chips.items():
        i = area(f"chips.{aid}", aid)
        if i < 0:
            continue
        if not isinstance(raw, Mapping) or "building" not in raw:
            r.bad(f"chips.{aid}", 'expected {"building": …} with an optional "owner"')
            continue
        for key in sorted(set(raw) - {"building", "owner"}):
            r.bad(f"chips.{aid}.{key}", "unknown key; a chip has building and owner")
        b = r.building(f"chips.{aid}.building", raw["building"])
        owner = r.maybe_seat(f"chips.{aid}.owner", raw.get("owner"))
        chips[i] = NEUTRAL[b] if owner < 0 else OWNED[owner][b]

    default_phase = "setup" if not raw_chips and data.get("year", 1) == 1 else "claim"
    try:
        phase = Phase(data.get("phase", default_phase))
    except ValueError:
        r.bad("phase", f"{data.get('phase')!r} is not one of {[p.value for p in Phase]}")
        phase = Phase.CLAIM
    year = r.integer("year", data.get("year", 1), 1, 1000)
    emperor = r.seat("emperor", data.get("emperor", 0))
    seat = r.seat("seat", data.get("seat", 0))
    influence = r.per_seat(
        "influence", data.get("influence", [START_INFLUENCE] * n), 0, INFLUENCE_POINTS * 100
    )
    combat = r.per_seat("combat", data.get("combat", [START_COMBAT] * n), 0, COMBAT_POINTS * 100)
    vp = r.per_seat("vp", data.get("vp", [0] * n), 0, 10_000)

    claims: list[frozenset[int]] = [frozenset()] * len(areas)
    raw_claims = data.get("claims", {})
    if not isinstance(raw_claims, Mapping):
        r.bad("claims", "expected an object mapping area ids to lists of seats")
        raw_claims = {}
    for aid, raw in raw_claims.items():
        i = area(f"claims.{aid}", aid)
        seats = r.seats(f"claims.{aid}", raw)
        if len(set(seats)) != len(seats):
            r.bad(
                f"claims.{aid}", "a seat has two markers on one area (lotus.claim.one_per_colour)"
            )
        if i >= 0:
            claims[i] = frozenset(seats)

    bids: list[tuple[int, Bid]] = []
    raw_bids = data.get("bids", [])
    for k, pair in enumerate(raw_bids if isinstance(raw_bids, list) else []):
        if not isinstance(pair, list) or len(pair) != 2:
            r.bad(f"bids[{k}]", "expected [seat, bid]")
            continue
        try:
            bid = action_from_json(pair[1])
        except MalformedAction as exc:
            r.bad(f"bids[{k}]", "; ".join(exc.problems))
            continue
        if not isinstance(bid, Bid):
            r.bad(f"bids[{k}]", "expected a bid")
            continue
        bids.append((r.seat(f"bids[{k}][0]", pair[0]), bid))

    def pairs(key: str, parse: Any) -> list[tuple[int, Any]]:
        raw = data.get(key, [])
        out = []
        for k, pair in enumerate(raw if isinstance(raw, list) else []):
            if not isinstance(pair, list) or len(pair) != 2:
                r.bad(f"{key}[{k}]", "expected [seat, value]")
                continue
            try:
                out.append((r.seat(f"{key}[{k}][0]", pair[0]), parse(pair[1])))
            except (ValueError, TypeError):
                r.bad(f"{key}[{k}]", f"{pair[1]!r} is not valid here")
        return out

    def combat_points(v: object) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(v)
        return v

    sides = pairs("sides", Side)
    commits = pairs("commits", combat_points)
    slots = pairs("slots", lambda v: r.flag("slots", v))

    def enum_or_none(key: str, kind: Any) -> Any:
        raw = data.get(key)
        if raw is None:
            return None
        try:
            return kind(raw)
        except ValueError:
            r.bad(key, f"{raw!r} is not valid here")
            return None

    winners = enum_or_none("winners", Side)
    resume = enum_or_none("resume", Phase)
    drawn_raw = data.get("drawn")
    drawn = None if drawn_raw is None else r.building("drawn", drawn_raw)
    raw_area = data.get("area")
    conflict_area = -1 if raw_area is None else area("area", raw_area)

    # chips not on the board: unseen, unless given
    on_board = [0] * len(BUILDINGS)
    for chip in chips:
        if chip is not None:
            on_board[chip.building] += 1
    pending_start = [0] * len(BUILDINGS)
    if phase is Phase.SETUP:
        for b in game.variant.start_chips:
            pending_start[b] += 1
        for i in game.start_areas:
            chip = chips[i]
            if chip is not None:
                pending_start[chip.building] -= 1
    raw_unseen = data.get("unseen", "rest")
    if drawn is not None:
        pending_start[drawn] += 1
    if raw_unseen == "rest":
        unseen = tuple(max(0, NEUTRAL_CHIPS[b] - on_board[b] - pending_start[b]) for b in BUILDINGS)
    elif isinstance(raw_unseen, Mapping):
        unseen = tuple(
            r.integer(f"unseen.{b.label}", raw_unseen.get(b.label, 0), 0, NEUTRAL_CHIPS[b])
            for b in BUILDINGS
        )
        for key in sorted(set(raw_unseen) - {b.label for b in BUILDINGS}):
            r.bad(f"unseen.{key}", "not a building")
    else:
        r.bad("unseen", 'expected {"village": 12, …} or "rest"')
        unseen = (0,) * len(BUILDINGS)
    raw_bank = data.get("bank", "rest")
    if raw_bank == "rest":
        bank = (INFLUENCE_POINTS - sum(influence), COMBAT_POINTS - sum(combat))
    elif isinstance(raw_bank, Mapping):
        bank = (
            r.integer("bank.influence", raw_bank.get("influence"), -(10**6), INFLUENCE_POINTS),
            r.integer("bank.combat", raw_bank.get("combat"), -(10**6), COMBAT_POINTS),
        )
    else:
        r.bad("bank", 'expected {"influence": …, "combat": …} or "rest"')
        bank = (0, 0)

    raw_queue = data.get("queue")
    queue: tuple[int, ...] = ()
    if phase is Phase.SETUP:
        left = [areas[i].id for i in game.start_areas if chips[i] is None]
        if raw_queue is not None and raw_queue != left:
            r.bad("queue", f"during setup the lotus areas still to deal are {left}")
    elif raw_queue is not None:
        queue = tuple(r.seats("queue", raw_queue))
    last = _reveal(r, data.get("last", []), area)

    # the parts of the year: each sub-record exists only while its part is under way
    cursor = r.integer("cursor", data.get("cursor", (seat - emperor) % n), 0, 100)
    declined = frozenset(r.seats("declined", data.get("declined", [])))
    claiming = ClaimRound(cursor, declined) if phase is Phase.CLAIM else None
    if claiming is None and (declined or data.get("cursor", 0) != 0):
        r.bad("cursor", "cursor and declined belong to phase 1 (claim) only")
    tied = frozenset(r.seats("tied", data.get("tied", [])))
    conflict = None
    if raw_area is not None:
        conflict = Conflict(conflict_area, tuple(bids), tied)
    elif bids or tied:
        r.bad("area", "bids and tied need the area being fought over")
    leader = r.maybe_seat("leader", data.get("leader"))
    hit = frozenset(r.seats("hit", data.get("hit", [])))
    palace_taker = r.maybe_seat("palace_taker", data.get("palace_taker"))
    rebellion = None
    if leader >= 0:
        rebellion = Rebellion(
            leader,
            tuple(sides),
            tuple(commits),
            winners,
            hit,
            None if palace_taker < 0 else palace_taker,
        )
    elif sides or commits or winners is not None or hit or palace_taker >= 0:
        r.bad("leader", "sides, commits, winners, hit and palace_taker need a rebel leader")
    expansion = None
    if slots or drawn is not None or phase in _EXPANDING:
        expansion = Expansion(tuple(slots), drawn)

    if r.problems:
        raise MalformedPosition(r.problems)
    state = State(
        game=game,
        phase=phase,
        year=year,
        emperor=emperor,
        seat=seat,
        chips=tuple(chips),
        unseen=unseen,
        influence=influence,
        combat=combat,
        bank=bank,
        vp=vp,
        claims=tuple(claims),
        queue=queue,
        claiming=claiming,
        conflict=conflict,
        rebellion=rebellion,
        expansion=expansion,
        singles_pending=r.flag("singles_pending", data.get("singles_pending", False)),
        resume=resume,
        final=r.flag("final", data.get("final", False)),
        last=last,
    )
    problems = r.problems + invariant_problems(state)
    if problems:
        raise MalformedPosition(problems)
    return state


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
    if game.options.chip_supply is ChipSupply.LIMITED:
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
    if claiming:
        for s in range(n):
            placed = sum(1 for c in state.claims if s in c)
            if placed > state.markers_allowed(s):
                out.append(
                    f"seat {s}: {placed} markers placed, {state.markers_allowed(s)} allowed "
                    "(lotus.claim.rice_extra)"
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
            out.append("bids: a bid from a player who is not a claimant of the area")
        if phase is Phase.BID and state.seat not in state.claims[conflict.area]:
            out.append(f"seat: seat {state.seat} is not a claimant of the disputed area")
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
    if not out and not state.is_chance and not state.is_terminal and not state.legal_actions():
        out.append(
            f"seat {state.seat} is to act in phase {phase.value} but has no legal action; "
            "play never reaches such a position (it would have been skipped)"
        )
    if phase is not Phase.PLACE and drawn is not None:
        out.append("drawn: a chip is waiting although nobody is placing")
    return out
