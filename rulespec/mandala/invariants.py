"""The rules a Mandala state keeps, as a table of named checks (:data:`INVARIANTS`).

Play keeps each of them by its transitions; a hand-written position is checked against
them all when it is read (``rulespec.mandala.position.load``), and a state's
``problems()`` runs them on any state. Each check is tied to the rule it enforces, and
each refusal names it; what the books do not state but a position as data must keep (a
step's part present in a phase that has none) is ``mandala.position.format``.
"""

from __future__ import annotations

from collections.abc import Iterator

from rulespec.core.invariants import Invariant, check
from rulespec.mandala import rules as steps
from rulespec.mandala.components import (
    CARDS_PER_COLOUR,
    COLOURS,
    MAX_DRAW,
    MAX_HAND_FOR_DRAW,
    NUM_MANDALAS,
    Colour,
    plus,
)
from rulespec.mandala.state import Area, Phase, State
from rulespec.mandala.variant import NoTiles

Problems = Iterator[str]

FORMAT = "mandala.position.format"
"""The ruling for what a position as data must keep where the books state no rule."""


def invariant_problems(state: State, *, settling: bool = False) -> list[str]:
    """Every rule invariant ``state`` breaks (empty for any state reachable by play).

    Used by ``load`` and, in the tests, after every step of random play. ``settling``:
    ``load`` settles the situations play passes through inside a step
    (``rulespec.mandala.position.settled``), so it does not report them.
    """
    return check(state, SETTLING if settling else INVARIANTS)


def _mandalas(state: State) -> Iterator[tuple[int, str, Area]]:
    return ((m, f"mandalas[{m}]", a) for m, a in enumerate(state.mandalas))


def _started(state: State, m: int) -> bool:
    """Whether mandala ``m`` is past setup and not being given its new tiles."""
    setting_up = state.phase in (Phase.SETUP_TILES, Phase.DEAL)
    refilling = m == state.resolving and state.phase is Phase.NEW_TILES
    return not setting_up and not refilling


# --- each mandala -------------------------------------------------------------------------


def _two_tiles(state: State) -> Problems:
    for m, where, a in _mandalas(state):
        backs = sorted(t.back.value for t in a.tiles)
        if _started(state, m) and a.tiles and backs != ["dark", "light"]:
            yield f"{where}: needs one dark and one light tile, has {backs}"


def _restarted(state: State) -> Problems:
    for m, where, a in _mandalas(state):
        live = _started(state, m) and not a.tiles and state.final is None
        if live and (state.dark or state.light):
            yield f"{where}: has no tiles although the stacks are not empty"


def _out_of_tiles(state: State) -> Problems:
    for m, where, a in _mandalas(state):
        if not _started(state, m) or a.tiles or state.final is not None:
            continue
        if any(map(any, (*a.up, *a.down))):
            yield (
                f"{where}: cards in a mandala that could not be started again "
                "(mandala.end.no_tiles_immediate)"
            )
        elif state.phase is Phase.PLAY and state.game.options.no_tiles is NoTiles.AT_ONCE:
            yield (
                f"{where}: no tiles to start it again, and with no_tiles = 'at_once' "
                "the game ended when they ran out (mandala.end.no_tiles_immediate)"
            )


def _face_up_once(state: State) -> Problems:
    for _, where, a in _mandalas(state):
        tile_colours = {t.colour for t in a.tiles}
        owners: dict[Colour, list[int]] = {}
        for seat, counts in enumerate(a.up):
            for colour in COLOURS:
                if counts[colour]:
                    owners.setdefault(colour, []).append(seat)
        for colour, seats in owners.items():
            if len(seats) > 1:
                yield (
                    f"{where}: {colour.label} lies face up for seats {seats}; only the first "
                    "player of a colour places it face up (mandala.play.face_up_if_new)"
                )
            if colour in tile_colours:
                yield (
                    f"{where}: {colour.label} is a tile colour, so its cards go face down "
                    "(mandala.play.face_up_if_new)"
                )


def _face_down_present(state: State) -> Problems:
    for _, where, a in _mandalas(state):
        present = a.colours()
        for seat, counts in enumerate(a.down):
            for colour in COLOURS:
                if counts[colour] and colour not in present:
                    yield (
                        f"{where}: seat {seat} has face-down {colour.label} cards but "
                        f"{colour.label} is not present (mandala.play.face_up_if_new)"
                    )


def _resolved_when_complete(state: State) -> Problems:
    phase = state.phase
    for m, where, a in _mandalas(state):
        waiting = (m == state.resolving and phase is Phase.TAKE_TILE) or (
            m == state.played and phase is Phase.DRAW  # step 4 comes after the draw
        )
        if steps.is_complete(a.colours()) and not waiting:
            yield (
                f"{where}: shows all six colours but was not resolved "
                "(mandala.complete.six_colours)"
            )


def _majority(state: State) -> Problems:
    for m, where, a in _mandalas(state):
        ups, totals = a.ups(), a.totals()
        if m == state.played and state.phase is Phase.DRAW:
            # step 3 comes after the draw: the marker is as it was before this turn's card
            yield from _majority_before_check(state, m)
        elif any(ups):
            if a.marker is None or ups[a.marker] == 0:
                yield (
                    f"{where}: face-up cards lie here, so the marker belongs to a seat with "
                    "a face-up card (mandala.majority.take_marker)"
                )
            elif any(ups[s] and totals[s] > totals[a.marker] for s in range(state.players)):
                yield (
                    f"{where}: a face-up player has more cards than the marker holder "
                    "(mandala.majority.take_marker)"
                )
        elif a.marker is not None:
            yield f"{where}: the marker is held but no face-up card lies here"


def _majority_before_check(state: State, m: int) -> Problems:
    """Mandala ``m``, played into this turn with one card (a draw follows only a single
    card), before its majority check: the marker is where the rule left it before that
    card, so among the other seats it obeys mandala.majority.take_marker, and a holder who
    is the active seat led by at least one card before it."""
    a, seat = state.mandalas[m], state.seat
    ups, totals = a.ups(), a.totals()
    others = [s for s in range(state.players) if s != seat and ups[s]]
    where = f"mandalas[{m}]"
    if a.marker is None:
        if others:
            yield (
                f"{where}: seats {others} show face-up cards but nobody holds the marker "
                "(mandala.majority.take_marker)"
            )
        return
    before = totals[a.marker] - (1 if a.marker == seat else 0)
    if not ups[a.marker] or any(totals[s] > before for s in others if s != a.marker):
        yield (
            f"{where}: the marker holder, seat {a.marker}, did not have the face-up majority "
            "before this turn's card (mandala.majority.take_marker)"
        )


# --- the whole table ----------------------------------------------------------------------


def _cards(state: State) -> Problems:
    total = plus(state.deck, state.discard)
    for h in state.hands:
        total = plus(total, h)
    for a in state.mandalas:
        for pile in (*a.up, *a.down):
            total = plus(total, pile)
    for colour in COLOURS:
        if total[colour] != CARDS_PER_COLOUR:
            yield f"cards: {total[colour]} {colour.label} cards in all, not 15"


def _stacks_alike(state: State) -> Problems:
    setting_up = state.phase in (Phase.SETUP_TILES, Phase.DEAL)
    refilling = state.phase is Phase.NEW_TILES
    if not setting_up and not refilling and len(state.dark) != len(state.light):
        yield "stacks: dark and light stacks differ in size; each mandala takes one of each"


def _hands_not_empty(state: State) -> Problems:
    for seat, h in enumerate(state.hands) if state.phase is Phase.PLAY else ():
        if not any(h):
            yield f"hands[{seat}]: empty at a turn's start (mandala.hand.never_empty)"


def _stalled(state: State) -> Problems:
    hand = state.hands[state.seat]
    nothing_to_draw = not any(state.deck) and not any(state.discard)
    if state.phase is Phase.PLAY and sum(hand) == 1 and nothing_to_draw:
        yield (
            f"seat {state.seat} is to play with one card and nothing left to draw: the "
            "game ends before this turn (mandala.end.stalled); the loader settles it"
        )


def _third_flower(state: State) -> Problems:
    round_start = state.phase is Phase.PLAY and state.seat == 0
    if round_start and any(h.flower_count >= 3 for h in state.holdings):
        yield (
            "a player has three flowers at a round's start: the game should have "
            "ended (mandala.end.third_flower)"
        )


def _drawer_played(state: State) -> Problems:
    """The seat drawing in step 2 is the one who just played a single card into
    ``played``."""
    seat, m = state.seat, state.played
    if state.phase is Phase.DRAW and m is not None and not state.mandalas[m].totals()[seat]:
        yield (
            f"seat: seat {seat} draws after playing into mandala {m} but has no card there "
            "(mandala.draw.one_card_up_to_four)"
        )


def _only_played_completes(state: State) -> Problems:
    if state.phase is Phase.TAKE_TILE and state.final is None and state.resolving != state.played:
        yield (
            f"resolving: mandala {state.resolving} is being resolved, but seat {state.seat} "
            f"played into mandala {state.played}; only the mandala played into is completed "
            "(mandala.complete.six_colours)"
        )


def _completer_played(state: State) -> Problems:
    seat, m = state.seat, state.played
    if (
        state.phase is Phase.TAKE_TILE
        and state.final is None
        and state.resolving == m
        and m is not None
        and not state.mandalas[m].totals()[seat]
    ):
        yield f"seat: seat {seat} completed mandala {m} but has no card there (mandala.turn.order)"


def _resolving_named(state: State) -> Problems:
    if state.phase is Phase.TAKE_TILE and state.resolving is None:
        yield "resolving: a tile choice needs the mandala being resolved"


def _runner_up(state: State) -> Problems:
    if state.phase is Phase.TAKE_TILE and state.resolving is not None:
        a = state.mandalas[state.resolving]
        share = state.game.variant.runner_up_min_share
        if steps.claim(a.marker, a.totals(), a.ups(), share).runner_up is None:
            yield "phase take_tile: nobody shares this mandala's tiles, so no choice"


def _played_named(state: State) -> Problems:
    phase = state.phase
    if phase in (Phase.DRAW, Phase.TAKE_TILE) and state.played is None and state.final is None:
        yield f"played: phase {phase.value} needs the mandala played into this turn"


def _final_order(state: State) -> Problems:
    if state.phase is Phase.FINAL_ORDER and (state.final is None or len(state.final) < 2):
        yield "final: choosing an order needs at least two mandalas left"


def _restarting_named(state: State) -> Problems:
    if state.phase is Phase.NEW_TILES and state.resolving is None:
        yield "resolving: new tiles need the mandala being restarted"


# --- a chance step in progress: what is still to come agrees with what has come ----------


def _nothing_dealt(state: State) -> Problems:
    phase, pending = state.phase, state.pending
    if phase in (Phase.PLAY, Phase.TAKE_TILE, Phase.FINAL_ORDER, Phase.GAME_OVER) and pending:
        yield f"pending: {pending} cards or tiles to come, but phase {phase.value} deals none"


def _setup_tiles(state: State) -> Problems:
    pending, tiles = state.pending, [len(a.tiles) for a in state.mandalas]
    if state.phase is Phase.SETUP_TILES:
        placed = 2 * NUM_MANDALAS - pending
        wanted = [min(2, max(0, placed - 2 * m)) for m in range(NUM_MANDALAS)]
        if not 1 <= pending <= 2 * NUM_MANDALAS or tiles != wanted:
            yield (
                f"pending: setup has placed {sum(tiles)} tiles with {pending} to come; the six "
                "starting tiles go dark then light into mandalas 0, 1, 2 (mandala.setup.tiles)"
            )


def _starting_hands(state: State) -> Problems:
    if state.phase is not Phase.DEAL:
        return
    pending, hands = state.pending, [sum(h) for h in state.hands]
    starting = state.game.variant.starting_hands
    dealt = [starting[s] if s < state.seat else 0 for s in range(state.players)]
    dealt[state.seat] = starting[state.seat] - pending
    if not 1 <= pending <= starting[state.seat] or hands != dealt:
        yield (
            f"pending: seat {state.seat} is being dealt with {pending} cards to come, but the "
            f"hands hold {hands}; starting hands are {list(starting)}, dealt seat by seat "
            "(mandala.setup.starting_hands)"
        )


def _tiles_before_hands(state: State) -> Problems:
    if state.phase is Phase.DEAL and [len(a.tiles) for a in state.mandalas] != [2] * NUM_MANDALAS:
        yield "mandalas: the starting hands are dealt after all six tiles are out"


def _draw_count(state: State) -> Problems:
    if state.phase is not Phase.DRAW:
        return
    pending, hand = state.pending, sum(state.hands[state.seat])
    limit = min(MAX_DRAW, MAX_HAND_FOR_DRAW - hand, state.cards_available())
    if not 1 <= pending <= limit:
        yield (
            f"pending: {pending} cards still to draw; with {hand} in hand and "
            f"{state.cards_available()} left to draw, step 2 draws 1 to {max(limit, 1)} "
            "(mandala.draw.one_card_up_to_four)"
        )


def _no_tiles_left(state: State) -> Problems:
    if state.phase is Phase.NEW_TILES and not state.dark and not state.light:
        yield (
            "stacks: no tiles are left to start the resolved mandala again; the game or "
            "the round ends instead (mandala.end.no_tiles); the loader settles it"
        )


def _new_tiles(state: State) -> Problems:
    m, pending = state.resolving, state.pending
    if state.phase is not Phase.NEW_TILES:
        return
    tiles = [len(a.tiles) for a in state.mandalas]
    if m is None or not 1 <= pending <= 2 or tiles[m] != 2 - pending:
        held = "?" if m is None else tiles[m]
        yield (
            f"pending: a resolved mandala gets a dark then a light tile; mandala {m} holds "
            f"{held} with {pending} to come (mandala.resolve.new_mandala)"
        )


INVARIANTS: tuple[Invariant[State], ...] = (
    Invariant("mandala.setup.tiles", _two_tiles),
    Invariant("mandala.resolve.new_mandala", _restarted),
    Invariant("mandala.end.no_tiles_immediate", _out_of_tiles),
    Invariant("mandala.play.face_up_if_new", _face_up_once),
    Invariant("mandala.play.face_up_if_new", _face_down_present),
    Invariant("mandala.complete.six_colours", _resolved_when_complete),
    Invariant("mandala.majority.take_marker", _majority),
    Invariant("mandala.components.cards", _cards),
    Invariant("mandala.resolve.new_mandala", _stacks_alike),
    Invariant("mandala.hand.never_empty", _hands_not_empty),
    Invariant("mandala.end.stalled", _stalled),
    Invariant("mandala.end.third_flower", _third_flower),
    Invariant("mandala.draw.one_card_up_to_four", _drawer_played),
    Invariant("mandala.complete.six_colours", _only_played_completes),
    Invariant("mandala.turn.order", _completer_played),
    Invariant(FORMAT, _resolving_named),
    Invariant("mandala.resolve.holder_takes_both", _runner_up),
    Invariant(FORMAT, _played_named),
    Invariant("mandala.end.final_resolution", _final_order),
    Invariant(FORMAT, _restarting_named),
    Invariant(FORMAT, _nothing_dealt),
    Invariant("mandala.setup.tiles", _setup_tiles),
    Invariant("mandala.setup.starting_hands", _starting_hands),
    Invariant("mandala.setup.starting_hands", _tiles_before_hands),
    Invariant("mandala.draw.one_card_up_to_four", _draw_count),
    Invariant("mandala.end.no_tiles", _no_tiles_left),
    Invariant("mandala.resolve.new_mandala", _new_tiles),
)
"""The rules every Mandala state keeps, in the order they are checked."""

SETTLING: tuple[Invariant[State], ...] = tuple(
    i for i in INVARIANTS if i.check not in (_stalled, _no_tiles_left)
)
"""The table without the situations ``load`` settles by their ruling
(mandala.end.stalled, mandala.end.no_tiles), which play passes through inside a step."""
