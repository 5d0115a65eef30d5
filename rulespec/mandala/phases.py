"""Mandala's phase table: for each phase, who acts, what is legal or possible, and for
each action type the rule check and the effect (:mod:`rulespec.mandala.turn`,
:mod:`rulespec.mandala.resolution`). :class:`rulespec.core.kernel.Kernel` runs it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulespec.core import trace
from rulespec.core.kernel import Move, PhaseTable, Problem, Step
from rulespec.core.rules import rule_of
from rulespec.core.trace import decided
from rulespec.mandala import resolution, turn
from rulespec.mandala import rules as steps
from rulespec.mandala.actions import (
    DRAWS,
    PLAYS,
    REVEALS,
    Action,
    DrawCard,
    Play,
    ResolveNext,
    RevealTile,
    TakeTile,
)
from rulespec.mandala.components import COLOURS, NUM_MANDALAS, TILE_ORDER, Counts, Tile
from rulespec.mandala.state import Phase, State

# --- who acts ------------------------------------------------------------------------


def _seat(s: State) -> int:
    return s.seat


def _holder(s: State) -> int:
    holder = s.being_resolved().marker
    assert holder is not None
    return holder


# --- legal decisions and chance outcomes ---------------------------------------------


_PLAY_CACHE: dict[tuple[Counts, bool], tuple[Play, ...]] = {}

PLAY_CACHE_HANDS = 32_768
"""The most hands the legal-plays cache holds (about 470 bytes each: 15 MB at most).
Issue 28's watch: tracemalloc over 400 Mandala sessions found this cache the only memory
that grew, and at the 200,000 hands it held before it would reach 95 MB; random play meets about
21,000 hands in 3,000 games (and a cache of 16,000 hands already answers 90% of calls),
so the bound costs no speed."""


def legal_plays(s: State) -> tuple[Action, ...]:
    """Every legal play of the seat to act (step 1)."""
    hand, can_draw = s.hands[s.seat], s.cards_available() > 0
    if trace.TRACING:
        _trace_plays(hand, can_draw)
    found = _legal_plays(hand, can_draw)
    mandalas = s.mandalas
    if mandalas[0].tiles and mandalas[1].tiles and mandalas[2].tiles:
        return found
    # no_tiles = 'end_of_round': a mandala that could not be started again takes no cards
    if trace.TRACING:
        empty = [str(m) for m in range(len(mandalas)) if not mandalas[m].tiles]
        decided(
            "mandala.end.no_tiles_immediate",
            f"the tiles ran out, so the round goes on: seat {s.seat} plays, but not into "
            f"mandala {' or '.join(empty)}, which has no tiles",
        )
    return tuple(p for p in found if mandalas[p.mandala].tiles)


def _trace_plays(hand: Counts, can_draw: bool) -> None:
    """Count mandala.hand.never_empty when it removes a play (outside the cache, so the
    count does not depend on what earlier games left in it)."""
    size = sum(hand)
    if any(hand[c] == size for c in COLOURS) and steps.leaves_hand_empty(size, size, int(can_draw)):
        decided(
            "mandala.hand.never_empty",
            f"the {size} cards in hand are all of one colour, and playing them all would leave "
            "the hand empty: at most "
            + ("one card of them may be played" if size == 1 else f"{size - 1} of them may go"),
        )


def _legal_plays(hand: Counts, can_draw: bool) -> tuple[Play, ...]:
    """Every legal play for a hand. Cached: it depends only on the hand and on whether
    any card is left to draw (a z3 claim proves that is all ``leaves_hand_empty`` needs);
    the cache is emptied at :data:`PLAY_CACHE_HANDS` hands so a long-running server's or
    bot's memory stays bounded."""
    key = (hand, can_draw)
    found = _PLAY_CACHE.get(key)
    if found is None:
        size = sum(hand)
        available = 1 if can_draw else 0
        found = tuple(
            PLAYS[m][c][n]
            for m in range(NUM_MANDALAS)
            for c in COLOURS
            for n in range(1, hand[c] + 1)
            if n < size or not steps.leaves_hand_empty(size, n, available)
        )
        if len(_PLAY_CACHE) >= PLAY_CACHE_HANDS:
            _PLAY_CACHE.clear()
        _PLAY_CACHE[key] = found
    return found


def legal_takes(s: State) -> tuple[Action, ...]:
    """The two tiles of the mandala being resolved (mandala.resolve.holder_picks)."""
    return tuple(TakeTile(t) for t in s.being_resolved().tiles)


def card_draws(s: State) -> Sequence[tuple[Action, int]]:
    """One card from the unordered draw pile, weighted by how many of each colour."""
    return tuple(zip(DRAWS, s.draw_pile(), strict=True))


def tile_reveals(s: State) -> Sequence[tuple[Action, int]]:
    """One tile from the stack due next, every tile equally likely."""
    # one look-up per tile (hashing a tile is a Python call): (order, outcome) pairs sort by order
    return tuple(
        outcome for _, outcome in sorted(map(_REVEAL_OUTCOMES.__getitem__, s.tile_stack()))
    )


_REVEAL_OUTCOMES: dict[Tile, tuple[int, tuple[Action, int]]] = {
    t: (TILE_ORDER[t], (REVEALS[t], 1)) for t in TILE_ORDER
}


def final_orders(s: State) -> Sequence[tuple[Action, int]]:
    """Which of the mandalas still to resolve comes next, each equally likely."""
    assert s.final is not None
    return tuple((ResolveNext(m), 1) for m in s.final)


# --- rule checks -----------------------------------------------------------------------


def check_play(s: State, play: Play) -> Problem:
    """Step 1: one colour, into one mandala, at least one card, never the whole hand."""
    if not 0 <= play.mandala < NUM_MANDALAS:
        return rule_of(
            "mandala.play.one_colour_one_mandala"
        ), f"there is no mandala {play.mandala}; they are numbered 0, 1, 2"
    if play.count < 1:
        return rule_of(
            "mandala.play.at_least_one"
        ), f"{play.count} cards is not a play; play at least one"
    if not s.mandalas[play.mandala].tiles:
        return rule_of("mandala.end.no_tiles_immediate"), (
            f"mandala {play.mandala} could not be started again for want of tiles; it takes "
            "no cards for the rest of the round"
        )
    hand = s.hands[s.seat]
    if hand[play.colour] < play.count:
        return rule_of("mandala.play.one_colour_one_mandala"), (
            f"seat {s.seat} holds {hand[play.colour]} {play.colour.label} card(s), not {play.count}"
        )
    if steps.leaves_hand_empty(sum(hand), play.count, s.cards_available()):
        return rule_of("mandala.hand.never_empty"), (
            f"playing all {play.count} cards would leave seat {s.seat} with no card after drawing"
        )
    return None


def check_take(s: State, action: TakeTile) -> Problem:
    """The holder takes one of the two tiles of the mandala being resolved."""
    area = s.being_resolved()
    if action.tile not in area.tiles:
        shown = " or ".join(t.label for t in area.tiles)
        return rule_of(
            "mandala.resolve.holder_picks"
        ), f"{action.tile.label} is not in mandala {s.resolving}: {shown}"
    return None


def check_draw(s: State, action: DrawCard) -> Problem:
    """A card of a colour still in the pile it comes from."""
    if not s.draw_pile()[action.colour]:
        rule = (
            rule_of("mandala.setup.shuffle")
            if s.phase is Phase.DEAL
            else rule_of("mandala.draw.reshuffle")
        )
        return rule, f"no {action.colour.label} card is left to draw"
    return None


def check_reveal(s: State, action: RevealTile) -> Problem:
    """A tile still in the stack due next."""
    if action.tile not in s.tile_stack():
        rule = (
            rule_of("mandala.setup.tiles")
            if s.phase is Phase.SETUP_TILES
            else rule_of("mandala.resolve.new_mandala")
        )
        return rule, f"{action.tile.label} is not in the {s.next_back().value} stack"
    return None


def check_next(s: State, action: ResolveNext) -> Problem:
    """One of the mandalas still to resolve."""
    assert s.final is not None
    if action.mandala not in s.final:
        left = ", ".join(map(str, s.final))
        return rule_of(
            "mandala.end.final_resolution"
        ), f"the next mandala to resolve must be one of {left}, not {action}"
    return None


# --- what each phase asks for, in words (for the message of a misplaced action) --------


def _must_play(s: State) -> str:
    return f"seat {s.seat} must play cards (step 1)"


def _must_take(s: State) -> str:
    return f"seat {_holder(s)} must take one of mandala {s.resolving}'s tiles"


def _must_draw(s: State) -> str:
    return f"a card must be drawn for seat {s.seat}"


def _must_reveal(s: State) -> str:
    return f"a {s.next_back().value} tile must be revealed"


def _must_order(s: State) -> str:
    assert s.final is not None
    return f"the next mandala to resolve must be one of {', '.join(map(str, s.final))}"


_DRAW: dict[type, Move[State, Any]] = {DrawCard: Move(check_draw, turn.draw)}

TABLE = PhaseTable(
    State,
    Phase,
    {
        Phase.SETUP_TILES: Step.chance(
            rule_of("mandala.setup.tiles"),
            tile_reveals,
            {RevealTile: Move(check_reveal, turn.reveal_setup_tile)},
            _must_reveal,
        ),
        Phase.DEAL: Step.chance(rule_of("mandala.setup.shuffle"), card_draws, _DRAW, _must_draw),
        Phase.PLAY: Step.decision(
            rule_of("mandala.play.one_colour_one_mandala"),
            _seat,
            legal_plays,
            {Play: Move(check_play, turn.play)},
            _must_play,
            turn=rule_of("mandala.turn.order"),
        ),
        Phase.DRAW: Step.chance(rule_of("mandala.draw.reshuffle"), card_draws, _DRAW, _must_draw),
        Phase.TAKE_TILE: Step.decision(
            rule_of("mandala.resolve.holder_picks"),
            _holder,
            legal_takes,
            {TakeTile: Move(check_take, resolution.take_tile)},
            _must_take,
        ),
        Phase.NEW_TILES: Step.chance(
            rule_of("mandala.resolve.new_mandala"),
            tile_reveals,
            {RevealTile: Move(check_reveal, resolution.reveal_new_tile)},
            _must_reveal,
        ),
        Phase.FINAL_ORDER: Step.chance(
            rule_of("mandala.end.final_resolution"),
            final_orders,
            {ResolveNext: Move(check_next, resolution.resolve_next)},
            _must_order,
        ),
        Phase.GAME_OVER: Step.end(rule_of("mandala.end.final_resolution")),
    },
)
"""Every phase of Mandala, in the order a game passes through them."""
