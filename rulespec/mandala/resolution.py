"""Resolving a completed mandala, the end of a turn, and the end of the game with its
final resolution.

Each public function without a leading underscore is either the effect of one action in
one phase (see :mod:`rulespec.mandala.phases`) or a step :mod:`rulespec.mandala.turn`
continues with.
"""

from __future__ import annotations

from rulespec.core import trace
from rulespec.core.immutable import put
from rulespec.core.trace import decided
from rulespec.mandala import rules as steps
from rulespec.mandala.actions import ResolveNext, RevealTile, TakeTile
from rulespec.mandala.components import NUM_MANDALAS, Back, Tile, plus
from rulespec.mandala.state import Area, Phase, State
from rulespec.mandala.variant import FinalMandalas, NoTiles


def start(s: State, m: int) -> State:
    """Resolve mandala ``m``: ask the holder to choose, or hand out the tiles at once."""
    area = s.mandalas[m]
    claim = steps.claim(area.marker, area.totals(), area.ups(), s.game.variant.runner_up_min_share)
    if claim.runner_up is not None:
        return s.but(phase=Phase.TAKE_TILE, resolving=m)
    return _resolve(s, m, None)


def take_tile(s: State, action: TakeTile) -> State:
    """The holder's choice (mandala.resolve.holder_picks); the other tile goes on."""
    assert s.resolving is not None
    return _resolve(s, s.resolving, action.tile)


def _resolve(s: State, m: int, chosen: Tile | None) -> State:
    """Hand out mandala ``m``'s tiles, form flowers, discard or take back the cards."""
    area = s.mandalas[m]
    claim = steps.claim(area.marker, area.totals(), area.ups(), s.game.variant.runner_up_min_share)
    holdings = list(s.holdings)
    if claim.holder is not None:
        if claim.runner_up is None:  # mandala.resolve.holder_takes_both
            if trace.TRACING:
                decided(
                    "mandala.resolve.holder_takes_both",
                    f"nobody else qualifies for second place in mandala {m}, so seat "
                    f"{claim.holder} takes both tiles, "
                    + " and ".join(t.label for t in area.tiles),
                )
            for t in area.tiles:
                holdings[claim.holder] = holdings[claim.holder].receive(t)
        else:  # mandala.resolve.holder_picks, mandala.resolve.second_place
            assert chosen is not None
            (other,) = (t for t in area.tiles if t != chosen)
            if trace.TRACING:
                decided(
                    "mandala.resolve.holder_picks",
                    f"seat {claim.holder} holds the marker of mandala {m} and picks {chosen.label}",
                )
                decided(
                    "mandala.resolve.second_place",
                    f"seat {claim.runner_up} has the second most cards there, with a face-up "
                    f"card, and takes the other tile, {other.label}",
                )
            holdings[claim.holder] = holdings[claim.holder].receive(chosen)
            holdings[claim.runner_up] = holdings[claim.runner_up].receive(other)
        tiles: tuple[Tile, ...] = ()
    else:  # mandala.end.final_no_holder: the tiles stay
        if trace.TRACING:
            decided(
                "mandala.end.final_no_holder",
                f"nobody holds the marker of mandala {m}: nobody takes its tiles",
            )
        assert s.final is not None, "a completed mandala always has a marker holder"
        tiles = area.tiles
    discard, hands = s.discard, list(s.hands)
    for seat in range(s.players):
        cards = plus(area.up[seat], area.down[seat])
        if seat in claim.takers:  # mandala.resolve.discard_winners
            if trace.TRACING:
                decided(
                    "mandala.resolve.discard_winners",
                    f"seat {seat} took a tile and discards its {sum(cards)} cards there",
                )
            discard = plus(discard, cards)
        else:  # mandala.resolve.take_back
            if any(cards) and trace.TRACING:
                decided(
                    "mandala.resolve.take_back",
                    f"seat {seat} took no tile and takes its {sum(cards)} cards there back "
                    f"into hand, {sum(hands[seat]) + sum(cards)} cards now",
                )
            hands[seat] = plus(hands[seat], cards)
    state = s.but(
        holdings=tuple(holdings),
        discard=discard,
        hands=tuple(hands),
        mandalas=put(s.mandalas, m, Area.empty(s.players, tiles)),
        resolving=m,
    )
    if s.final is not None:
        return _continue_final(state)
    if state.dark and state.light:  # mandala.resolve.new_mandala
        if trace.TRACING:
            decided(
                "mandala.resolve.new_mandala",
                f"mandala {m} starts anew: a dark and a light tile are drawn for it",
            )
        if trace.TRACING:
            decided(
                "mandala.resolve.marker_returns",
                f"the marker of mandala {m} goes back to the centre, held by nobody",
            )
        return state.but(phase=Phase.NEW_TILES, pending=2)
    return no_tiles(state, m)


def no_tiles(s: State, m: int | None) -> State:
    """The mandala just resolved cannot be started again (mandala.end.no_tiles): the game
    ends at once, or with no_tiles = 'end_of_round' once the round is over, the mandala
    left empty (ambiguity mandala.end.no_tiles_immediate)."""
    later = s.game.options.no_tiles is NoTiles.END_OF_ROUND
    if trace.TRACING:
        words = f"no {'dark' if not s.dark else 'light'} tile is left to start mandala {m} anew"
        decided("mandala.end.no_tiles", f"{words}: the game ends")
        decided(
            "mandala.end.no_tiles_immediate",
            f"{words}: the round is played out first, mandala {m} left empty"
            if later
            else f"{words}: the game ends at once, mid-round",
        )
    if later:
        return end_turn(s.but(resolving=None))
    return _begin_final(s)


def reveal_new_tile(s: State, action: RevealTile) -> State:
    """A tile from its stack into the mandala just resolved (mandala.resolve.new_mandala);
    after the light one, the turn ends."""
    tile = action.tile
    dark = tile.back is Back.DARK
    state = s.but(dark=s.dark - {tile}) if dark else s.but(light=s.light - {tile})
    m = s.resolving
    assert m is not None
    area = s.mandalas[m]
    area = area.but(tiles=(*area.tiles, tile))
    state = state.but(mandalas=put(s.mandalas, m, area), pending=s.pending - 1)
    if state.pending:
        return state
    return end_turn(state.but(resolving=None))


def end_turn(s: State, mandalas: tuple[Area, ...] | None = None) -> State:
    """Next seat clockwise, or the end after the round of a third flower. ``mandalas``,
    if given, replace the state's in the same new state (a marker just moved)."""
    if mandalas is None:
        mandalas = s.mandalas
    last_seat = s.seat == s.players - 1
    if last_seat and any(h.flower_count >= 3 for h in s.holdings):
        # mandala.end.third_flower, mandala.end.round
        if trace.TRACING:
            three = [str(p) for p, h in enumerate(s.holdings) if h.flower_count >= 3]
            who = f"seat{'s' if len(three) > 1 else ''} {' and '.join(three)}"
            decided(
                "mandala.end.third_flower",
                f"{who} formed a third flower this round, which seat {s.seat} closes: the "
                "game ends",
            )
            decided(
                "mandala.end.round",
                f"seat {s.seat} sits to the right of seat 0, who started: the round ends here",
            )
        return _begin_final(s.but(played=None, resolving=None, pending=0, mandalas=mandalas))
    m0, m1, m2 = mandalas[0].tiles, mandalas[1].tiles, mandalas[2].tiles
    if not (m0 and m1 and m2) and (last_seat or not (m0 or m1 or m2)):
        # no_tiles = 'end_of_round': the round in which the tiles ran out is over, or no
        # mandala is left to play into (mandala.end.no_tiles_immediate)
        if trace.TRACING:
            decided(
                "mandala.end.no_tiles_immediate",
                "the round in which the tiles ran out is over (or no mandala is left to play "
                "into): the game ends",
            )
            decided(
                "mandala.end.round",
                f"seat {s.seat} closes the round in which the tiles ran out: the game ends",
            )
        return _begin_final(s.but(played=None, resolving=None, pending=0, mandalas=mandalas))
    nxt = (s.seat + 1) % s.players
    if sum(s.hands[nxt]) == 1 and not s.cards_available():
        return stalled(s.but(mandalas=mandalas), nxt)
    if trace.TRACING:
        decided("mandala.turn.order", f"seat {nxt} is next, clockwise")
    return s.but(
        played=None,
        resolving=None,
        pending=0,
        mandalas=mandalas,
        phase=Phase.PLAY,
        seat=nxt,
        turn=s.turn + 1,
    )


def stalled(s: State, seat: int) -> State:
    """The next seat holds one card and nothing is left to draw: it has no legal play, so
    the game ends before its turn (ruling mandala.end.stalled)."""
    if trace.TRACING:
        decided(
            "mandala.end.stalled",
            f"seat {seat} holds a single card and none is left to draw, so "
            "cannot play: the game ends",
        )
    return _begin_final(s.but(played=None, resolving=None, pending=0))


def _begin_final(s: State) -> State:
    """The game ends: choose which mandalas the final resolution covers."""
    in_play = [m for m in range(NUM_MANDALAS) if s.mandalas[m].tiles]
    if s.game.options.final_mandalas is FinalMandalas.TWO_OTHERS:
        in_play = [m for m in in_play if m != s.last_completed]
    if trace.TRACING:
        decided(
            "mandala.end.final_mandalas",
            "the final resolution covers "
            + (f"mandalas {', '.join(map(str, in_play))}" if in_play else "no mandala")
            + (
                f", not mandala {s.last_completed}, the last one completed"
                if s.game.options.final_mandalas is FinalMandalas.TWO_OTHERS
                else ""
            ),
        )
    return _continue_final(s.but(final=tuple(in_play), resolving=None))


def _continue_final(s: State) -> State:
    """Resolve the next mandala (a chance node when more than one is left)."""
    assert s.final is not None
    if not s.final:
        return s.but(phase=Phase.GAME_OVER, resolving=None, pending=0)
    if trace.TRACING:
        decided(
            "mandala.end.final_resolution",
            f"mandalas {' and '.join(map(str, s.final))} are still to be resolved, in random order"
            if len(s.final) > 1
            else f"mandala {s.final[0]} is resolved last",
        )
    if len(s.final) == 1:
        return start(s.but(final=()), s.final[0])
    return s.but(phase=Phase.FINAL_ORDER, resolving=None, pending=0)


def resolve_next(s: State, action: ResolveNext) -> State:
    """The final resolution takes mandala ``action.mandala`` next (mandala.end.final_resolution)."""
    assert s.final is not None
    rest = tuple(m for m in s.final if m != action.mandala)
    return start(s.but(final=rest), action.mandala)
