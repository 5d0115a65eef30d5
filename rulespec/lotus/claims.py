"""Setup's start chips and phase 1 of a year: claim markers, in rounds from the emperor.

The phases of a year call each other in the book's order (claims → conflicts →
rebellion → income → expansion → claims), so these modules import one another as
modules and call each other only at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulespec.core import trace
from rulespec.core.immutable import by_identity, put
from rulespec.core.kernel import Problem, enter
from rulespec.core.rules import rule_of
from rulespec.core.trace import decided
from rulespec.core.words import count, listing
from rulespec.lotus.actions import Action, DeclineExtra, PlaceMarker, StartChip
from rulespec.lotus.components import BASIC_MARKERS, BUILDINGS, NEUTRAL
from rulespec.lotus.state import ClaimRound, Phase, State, area_hint, place_chips
from rulespec.lotus.variant import RiceExtras

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame


# --- setup ---------------------------------------------------------------------------


def start_chips(s: State) -> tuple[tuple[Action, int], ...]:
    """Chance: the next lotus area's start chip, from those not dealt yet."""
    return tuple(zip(_START_CHIPS, s.start_pool(), strict=True))


def check_start(s: State, a: StartChip) -> Problem:
    """A start chip still among those to deal."""
    if not s.start_pool()[a.building]:
        return rule_of(
            "lotus.setup.start_chips"
        ), f"no {a.building.label} is left among the start chips"
    return None


def deal_start_chip(s: State, a: StartChip) -> State:
    """The chip lies neutral on the next lotus area; after the last, the first year."""
    left = s.start_areas_left()
    state = s.but(chips=place_chips(s, {left[0]: NEUTRAL[a.building]}))
    if trace.TRACING:
        decided(
            "lotus.setup.start_chips",
            f"a neutral {a.building.label} start chip, drawn at random, goes onto lotus area "
            f"{s.area_id(left[0])}",
        )
    if len(left) > 1:
        return state
    decided(
        "lotus.setup.first_emperor_seat", "the start chips are out: seat 0 is the first emperor"
    )
    return begin(state)


# --- phase 1 -------------------------------------------------------------------------


def begin(s: State) -> State:
    """A new year's claims: no markers on the board, no reveal left over."""
    state = s.but(phase=Phase.CLAIM, conflict=None, last=None)
    return _next(state, 0, (frozenset(),) * len(s.chips), frozenset())


def _next(
    s: State, position: int, claims: tuple[frozenset[int], ...], declined: frozenset[int]
) -> State:
    """The next placement: rounds 1–3 for everyone, 4–5 for rice extras
    (lotus.claim.three_rounds, lotus.claim.extra_rounds: a seat in ``declined`` has given
    up its extras; one with a single extra has none in round 5); a seat with no legal area
    skips (lotus.claim.no_legal_area). ``claims`` and ``declined`` are the markers and
    refusals so far, stored with the next placement (one new state per marker)."""
    n = s.players
    limit = s.game.variant.max_markers * n
    for p in range(position, limit):
        seat = (s.emperor + p % n) % n
        rnd = p // n + 1
        if rnd > BASIC_MARKERS:
            extras = s.markers_allowed(seat) - BASIC_MARKERS
            if seat in declined or extras < rnd - BASIC_MARKERS:
                continue
        state = s.but(claims=claims, claiming=ClaimRound(p, declined), seat=seat)
        if state.claim_areas(seat):
            return state
        if trace.TRACING:
            decided(
                "lotus.claim.no_legal_area",
                f"seat {seat} has no area left to claim: its marker of round {rnd} is skipped",
            )
    return enter(s.but(claims=claims, claiming=None), Phase.CHOOSE_CONFLICT)


def legal(s: State) -> tuple[Action, ...]:
    """The areas the seat may claim, then declining, once the basic markers are down."""
    markers = _markers(s.game)
    out: list[Action] = [markers[i] for i in s.claim_areas(s.seat)]
    if trace.TRACING:
        _trace_claim(s)
    if _cursor(s) // s.players >= BASIC_MARKERS:
        out.append(_DECLINE)
    elif trace.TRACING:
        decided(
            "lotus.claim.mandatory",
            f"seat {s.seat} must place basic marker {_cursor(s) // s.players + 1} of "
            f"{BASIC_MARKERS} on one of {len(out)} areas: declining is not offered",
        )
    return tuple(out)


def _trace_claim(s: State) -> None:
    """Count the rules that keep areas in play from the seat's claims (only while
    tracing; outside the cached area queries, so the counts do not depend on them)."""
    areas = set(s.claim_areas(s.seat))
    owned, again, short = [], [], []
    for i in s.game.in_play:
        chip = s.chips[i]
        if chip is None:
            continue
        if not chip.neutral:
            owned.append(s.area_id(i))
        elif s.seat in s.claims[i]:
            again.append(s.area_id(i))
        elif i not in areas:
            short.append(s.area_id(i))
    if owned:
        decided(
            "lotus.claim.neutral_only",
            f"{count(len(owned), 'area')} hold a player's chip and cannot be claimed; seat "
            f"{s.seat} may claim {count(len(areas), 'neutral area')}",
        )
    if again:
        decided(
            "lotus.claim.one_per_colour",
            f"seat {s.seat} already has a marker on {listing(again)}, so not again there",
        )
    if short:
        decided(
            "lotus.claim.chip_supply",
            f"seat {s.seat} could not show the building of {listing(short)} if he won "
            "everything he claims, so may not claim it",
        )


def check_marker(s: State, a: PlaceMarker) -> Problem:
    """Only neutral areas in play, one marker per area and colour, and only where the
    claimant could show the chip if he won everything he claims."""
    i = s.game.area_index.get(a.area)
    if i is None or i not in s.game.in_play_set:
        hint = area_hint(s, a.area, s.game.in_play)
        return rule_of("lotus.claim.neutral_only"), f"{a.area} is not an area in play{hint}"
    chip = s.chips[i]
    if chip is None or not chip.neutral:
        return rule_of(
            "lotus.claim.neutral_only"
        ), f"{a.area} holds no neutral chip; only neutral areas are claimed"
    if s.seat in s.claims[i]:
        return rule_of(
            "lotus.claim.one_per_colour"
        ), f"seat {s.seat} already has a marker on {a.area}"
    if i not in s.claim_areas(s.seat):
        return rule_of("lotus.claim.chip_supply"), (
            f"seat {s.seat} could not show a {chip.building.label} chip if he won {a.area} "
            "and every area he already claims"
        )
    return None


def place_marker(s: State, a: PlaceMarker) -> State:
    """The marker goes on the area; the next placement follows."""
    i = s.game.area_index[a.area]
    if trace.TRACING:
        _trace_marker(s)
    claims = put(s.claims, i, s.claims[i] | {s.seat})
    return _next(s, _cursor(s) + 1, claims, _claiming(s).declined)


def _trace_marker(s: State) -> None:
    """Count the round rules a marker follows (only while tracing)."""
    rnd = _cursor(s) // s.players + 1
    if rnd <= BASIC_MARKERS:
        decided(
            "lotus.claim.three_rounds",
            f"round {rnd} of the three basic rounds: seat {s.seat} places a marker in turn from "
            f"the emperor, seat {s.emperor}",
        )
    else:
        rice = s.markers_allowed(s.seat) - BASIC_MARKERS
        decided(
            "lotus.claim.rice_extra",
            f"seat {s.seat} owns {count(rice, 'rice field')}, so places extra "
            f"marker {rnd - BASIC_MARKERS} of {rice}",
        )
        decided("lotus.claim.extra_order", "the extra markers go in turn order, one at a time")
        decided(
            "lotus.claim.extra_rounds",
            f"it is round {rnd}: the rice extras come after the three basic rounds",
        )


def check_decline(s: State, a: DeclineExtra) -> Problem:
    """Only extra markers may be declined (lotus.claim.mandatory)."""
    if _cursor(s) // s.players < BASIC_MARKERS:
        return rule_of(
            "lotus.claim.mandatory"
        ), "the three basic markers must be placed; only extras may be declined"
    return None


def decline(s: State, a: DeclineExtra) -> State:
    """The seat places no more extra markers this year; with rice_extras =
    'each_separate' it gives up only this round's extra (lotus.claim.extra_rounds)."""
    declined = _claiming(s).declined
    if s.game.options.rice_extras is RiceExtras.EACH_SEPARATE:
        if trace.TRACING:
            decided(
                "lotus.claim.extra_rounds",
                f"seat {s.seat} gives up only this round's extra marker and may place the next",
            )
    else:
        declined = declined | {s.seat}
    return _next(s, _cursor(s) + 1, s.claims, declined)


def _claiming(s: State) -> ClaimRound:
    assert s.claiming is not None
    return s.claiming


def _cursor(s: State) -> int:
    return _claiming(s).cursor


@by_identity  # one action per area, made once per game: legal_actions hands out the same values
def _markers(game: LotusGame) -> tuple[PlaceMarker, ...]:
    return tuple(PlaceMarker(area.id) for area in game.board.areas)


_DECLINE = DeclineExtra()


_START_CHIPS = tuple(StartChip(b) for b in BUILDINGS)
