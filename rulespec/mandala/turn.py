"""Setup and a player's turn: the starting tiles and hands, then the four steps of a turn
(play, draw, the majority check, completion).

Each public function is the effect of one action in one phase (see
:mod:`rulespec.mandala.phases`); it assumes the action passed its rule check.
"""

from __future__ import annotations

from rulespec.core import trace
from rulespec.core.immutable import put
from rulespec.core.trace import decided
from rulespec.mandala import resolution
from rulespec.mandala import rules as steps
from rulespec.mandala.actions import DrawCard, Play, RevealTile
from rulespec.mandala.components import (
    MAX_DRAW,
    MAX_HAND_FOR_DRAW,
    NO_CARDS,
    NUM_MANDALAS,
    Back,
    Colour,
    Counts,
    add,
)
from rulespec.mandala.state import Phase, State
from rulespec.mandala.variant import Reshuffle


def reveal_setup_tile(s: State, action: RevealTile) -> State:
    """One of the six starting tiles, dark then light for mandalas 0, 1 and 2
    (mandala.setup.tiles); then the starting hands."""
    tile = action.tile
    dark = tile.back is Back.DARK
    state = s.but(dark=s.dark - {tile}) if dark else s.but(light=s.light - {tile})
    m = (2 * NUM_MANDALAS - s.pending) // 2
    area = s.mandalas[m]
    area = area.but(tiles=(*area.tiles, tile))
    state = state.but(mandalas=put(s.mandalas, m, area), pending=s.pending - 1)
    if trace.TRACING:
        decided(
            "mandala.setup.tiles",
            f"mandala {m} gets its {'dark' if dark else 'light'} tile, {tile.label}",
        )
    if state.pending:
        return state
    if trace.TRACING:
        hands = ", ".join(
            f"seat {seat} {n}" for seat, n in enumerate(s.game.variant.starting_hands)
        )
        decided(
            "mandala.setup.starting_hands",
            f"the six tiles are out; the starting hands are dealt: {hands} cards",
        )
    return state.but(phase=Phase.DEAL, seat=0, pending=s.game.variant.starting_hands[0])


def play(s: State, action: Play) -> State:
    """Step 1, then step 2's draw count (mandala.play.*, mandala.draw.*)."""
    seat, colour, count = s.seat, action.colour, action.count
    hand = add(s.hands[seat], colour, -count)
    area = s.mandalas[action.mandala]
    if steps.plays_face_up(colour, area.colours()):
        if trace.TRACING:
            decided("mandala.play.face_up_if_new")
        area = area.but(up=_bump(area.up, seat, colour, count))
    else:
        if trace.TRACING:  # the rule's point: a colour already there goes face down
            decided(
                "mandala.play.face_up_if_new",
                f"{colour.label} is already in mandala {action.mandala}, so the "
                f"{'card goes' if count == 1 else f'{count} cards go'} face down",
            )
        area = area.but(down=_bump(area.down, seat, colour, count))
    draws = steps.draw_count(sum(hand), count, s.cards_available())
    if trace.TRACING:
        _trace_draw_count(sum(hand), count, draws)
    state = s.but(
        hands=put(s.hands, seat, hand),
        mandalas=put(s.mandalas, action.mandala, area),
        played=action.mandala,
        phase=Phase.DRAW,
        pending=draws,
    )
    return state if draws else _after_draw(state)


def draw(s: State, action: DrawCard) -> State:
    """One card into the hand of ``seat`` (setup deal or step 2)."""
    colour = action.colour
    deck, discard = s.deck, s.discard
    if not any(deck):  # mandala.draw.reshuffle, at the moment of need
        if trace.TRACING:
            _trace_reshuffle(sum(discard), "a card is needed and the draw pile is empty")
        deck, discard = discard, NO_CARDS
    hands = put(s.hands, s.seat, add(s.hands[s.seat], colour, 1))
    deck = add(deck, colour, -1)
    if s.game.options.reshuffle is Reshuffle.WHEN_EMPTY and not any(deck) and any(discard):
        # mandala.draw.reshuffle_timing, option reshuffle = 'when_empty': at once
        if trace.TRACING:
            _trace_reshuffle(sum(discard), "the last card of the draw pile was just drawn")
        deck, discard = discard, NO_CARDS
    state = s.but(deck=deck, discard=discard, hands=hands, pending=s.pending - 1)
    if state.pending:
        return state
    if s.phase is Phase.DRAW:
        return _after_draw(state)
    # setup deal: next seat, or the first turn
    if trace.TRACING:
        decided(
            "mandala.setup.shuffle",
            f"seat {s.seat}'s starting hand comes from the shuffled face-down draw pile, "
            f"{sum(state.deck)} cards left in it; the discard pile is empty",
        )
    nxt = s.seat + 1
    if nxt < s.players:
        return state.but(seat=nxt, pending=s.game.variant.starting_hands[nxt])
    decided("mandala.setup.first_player", "every hand is dealt: seat 0 starts, then clockwise")
    return state.but(seat=0, phase=Phase.PLAY, turn=1)


def _after_draw(s: State) -> State:
    """Steps 3 and 4: the majority check, then completion."""
    m = s.played
    assert m is not None
    area = s.mandalas[m]
    if trace.TRACING:
        decided(
            "mandala.majority.active_player_only",
            f"seat {s.seat}, whose turn it is, checks the majority of mandala {m}; nobody else",
        )
    holder = steps.new_holder(s.seat, area.marker, area.totals(), area.ups(), m)
    mandalas = s.mandalas
    if holder != area.marker:
        area = area.but(marker=holder)
        mandalas = put(s.mandalas, m, area)
    if steps.is_complete(area.colours()):
        if trace.TRACING:
            decided(
                "mandala.complete.six_colours",
                f"mandala {m} now shows all six colours: it is resolved",
            )
        return resolution.start(s.but(mandalas=mandalas, last_completed=m), m)
    return resolution.end_turn(s, mandalas)


def _trace_draw_count(hand_after_play: int, played: int, draws: int) -> None:
    """Which rule of step 2 decided the draw count, in words (only while tracing)."""
    if played != 1:
        decided("mandala.draw.none_after_two", f"{played} cards were played, so none are drawn")
    elif draws == 0 and hand_after_play >= MAX_HAND_FOR_DRAW:
        decided(
            "mandala.draw.skip_at_eight",
            f"{hand_after_play} cards are still in hand, so none are drawn",
        )
    else:
        wanted = min(MAX_DRAW, MAX_HAND_FOR_DRAW - hand_after_play)
        words = (
            f"one card was played and {hand_after_play} are left in hand, so "
            f"{wanted} {'is' if wanted == 1 else 'are'} drawn (up to 4, up to 8 in hand)"
        )
        decided("mandala.draw.one_card_up_to_four", words)
        decided("mandala.draw.exact_count", f"{words}: exactly that many, not fewer")
        if draws < wanted:
            decided(
                "mandala.draw.exhausted",
                f"only {draws} {'card is' if draws == 1 else 'cards are'} left to draw, so "
                f"{draws} instead of {wanted}",
            )


def _trace_reshuffle(cards: int, when: str) -> None:
    """The discard pile becomes the draw pile (only while tracing)."""
    words = f"{when}: the discard pile's {cards} cards are shuffled into a new draw pile"
    decided("mandala.draw.reshuffle", words)
    decided("mandala.draw.reshuffle_timing", words)


def _bump(per_seat: tuple[Counts, ...], seat: int, colour: Colour, n: int) -> tuple[Counts, ...]:
    return put(per_seat, seat, add(per_seat[seat], colour, n))
