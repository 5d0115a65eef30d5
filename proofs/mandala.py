"""z3 proofs of Mandala's rules.

The first half of this module encodes the rule functions of
:mod:`rulespec.mandala.rules` and :mod:`rulespec.mandala.scoring`, and the card and tile
movements of one turn of :class:`rulespec.mandala.State`, as z3 expressions built from
z3 variables (or constants). ``tests/proofs/test_mandala_encodings.py`` checks each
encoding against the Python code on sampled inputs and on turns of random games, so the
claims in the second half are about the code, not about a retelling of it.

Conventions: a seat or "nobody" is an integer with :data:`NONE` for nobody; a tile face
is its printed value with :data:`X3` for the '×3'; a colour is its
:class:`~rulespec.mandala.Colour` value.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs
import z3

from rulespec.mandala.components import (
    CARDS_PER_COLOUR,
    COLOURS,
    MAX_DRAW,
    MAX_HAND_FOR_DRAW,
    NUM_COLOURS,
    NUM_MANDALAS,
    TILES,
    Back,
    Face,
)
from rulespec.mandala.state import State
from rulespec.mandala.variant import TYPED

from .harness import Built, Claim, Expect
from .z3util import (
    NONE,
    Z,
    count_true,
    each_player_count,
    int_vars,
    is_seat,
    item_at,
    larger,
    smaller,
)

X3 = 0
"""The face code of the '×3' tile (it prints no value); other faces are their values."""
FACES = (2, 3, 4, 5, 7, X3)
PLAYER_COUNTS = (2, 3, 4)
TILES_PER_BACK = len(TILES) // 2
STACK = 0
"""Tile place: still in its stack (the dark or light one, by its back)."""


def face_code(face: Face) -> int:
    """The integer a face is encoded as (its printed value; :data:`X3` for '×3')."""
    return X3 if face is Face.TIMES_THREE else face.value_points


# --- step 2: drawing (mandala.draw.*, mandala.hand.never_empty) -------------------------


def draw_count(hand_after_play: Z, played: Z, available: Z) -> Z:
    """:func:`rulespec.mandala.rules.draw_count`."""
    refill = smaller(smaller(z3.IntVal(MAX_DRAW), MAX_HAND_FOR_DRAW - hand_after_play), available)
    return z3.If(z3.Or(played != 1, hand_after_play >= MAX_HAND_FOR_DRAW), 0, refill)


def leaves_hand_empty(hand_size: Z, count: Z, available: Z) -> Z:
    """:func:`rulespec.mandala.rules.leaves_hand_empty`."""
    after = hand_size - count
    return after + draw_count(after, count, available) == 0


# --- steps 1, 3 and 4: colours and the majority ------------------------------------------


def colours_present(tile_colours: Sequence[Z], up: Sequence[Sequence[Z]]) -> list[Z]:
    """Per colour, whether it is present in a mandala: a tile of that colour or anyone's
    face-up card of it (``Area.colours``). ``up`` is per seat, then per colour."""
    return [
        z3.Or(*[t == c for t in tile_colours], *[seat[c] > 0 for seat in up])
        for c in range(NUM_COLOURS)
    ]


def plays_face_up(colour: Z, present: Sequence[Z]) -> Z:
    """:func:`rulespec.mandala.rules.plays_face_up`, with ``present`` from
    :func:`colours_present`."""
    return z3.Not(item_at(present, colour))


def is_complete(present: Sequence[Z]) -> Z:
    """:func:`rulespec.mandala.rules.is_complete`."""
    return z3.And(*present)


def new_holder(active: Z, holder: Z, totals: Sequence[Z], ups: Sequence[Z]) -> Z:
    """:func:`rulespec.mandala.rules.new_holder` (holder :data:`NONE` for nobody)."""
    mine = item_at(totals, active)
    blocked = z3.Or(
        *[
            z3.And(active != s, up > 0, total >= mine)
            for s, (total, up) in enumerate(zip(totals, ups, strict=True))
        ]
    )
    return z3.If(z3.Or(item_at(ups, active) == 0, blocked), holder, active)


def majority_invariant(holder: Z, totals: Sequence[Z], ups: Sequence[Z]) -> Z:
    """What the majority rule keeps true of every mandala between turns: nobody holds the
    marker while no card lies face up; otherwise the holder has a face-up card and at least
    as many cards as every player with a face-up card (``position.invariant_problems``
    checks the same)."""
    players = len(totals)
    nobody = z3.And(holder == NONE, *[up == 0 for up in ups])
    held = z3.And(
        is_seat(holder, players),
        item_at(ups, holder) > 0,
        *[
            z3.Implies(up > 0, total <= item_at(totals, holder))
            for total, up in zip(totals, ups, strict=True)
        ],
    )
    return z3.Or(nobody, held)


# --- resolution (mandala.resolve.*) --------------------------------------------------------


def claim(
    holder: Z, totals: Sequence[Z], ups: Sequence[Z], runner_up_min_share: Fraction | int
) -> tuple[Z, Z]:
    """:func:`rulespec.mandala.rules.claim` as (holder, runner-up), :data:`NONE` for nobody."""
    share = Fraction(runner_up_min_share)
    seats = range(len(totals))
    eligible = [z3.And(holder != NONE, holder != s, ups[s] > 0) for s in seats]

    def beats(s: int, t: int) -> Z:
        return z3.Or(totals[s] > totals[t], z3.And(totals[s] == totals[t], ups[s] > ups[t]))

    held = item_at(totals, holder)
    runner_up: Z = z3.IntVal(NONE)
    for s in reversed(seats):
        unique_best = z3.And(
            eligible[s], *[z3.Implies(eligible[t], beats(s, t)) for t in seats if t != s]
        )
        enough = share.denominator * totals[s] >= share.numerator * held
        runner_up = z3.If(z3.And(unique_best, enough), s, runner_up)
    return holder, runner_up


# --- scoring (mandala.scoring.*) -----------------------------------------------------------


def is_face(face: Z) -> Z:
    """The face code is one of the six faces."""
    return z3.Or(*[face == f for f in FACES])


def tile_points(face: Z) -> Z:
    """:func:`rulespec.mandala.scoring.tile_points` of a tile with this face code."""
    return z3.If(face == X3, 0, face)


def flower_points(a: Z, b: Z) -> Z:
    """:func:`rulespec.mandala.scoring.flower_points` of two tiles with these face codes."""
    return z3.If(a == X3, 3 * b, z3.If(b == X3, 3 * a, 2 * smaller(a, b) + larger(a, b)))


# --- the cards of one turn (mandala.play.*, mandala.draw.*, mandala.resolve.*) ------------


@attrs.frozen
class CardPiles:
    """Every card pile per colour: z3 variables, or the ints read from a state.

    ``up`` and ``down`` are indexed by mandala, seat, colour.
    """

    deck: tuple[Any, ...]
    discard: tuple[Any, ...]
    hands: tuple[tuple[Any, ...], ...]
    up: tuple[tuple[tuple[Any, ...], ...], ...]
    down: tuple[tuple[tuple[Any, ...], ...], ...]

    @classmethod
    def fresh(cls, prefix: str, players: int) -> CardPiles:
        """New z3 integer variables named after the pile, seat and colour."""

        def row(name: str) -> tuple[Z, ...]:
            return tuple(z3.Int(f"{prefix}_{name}_{c.label}") for c in COLOURS)

        def area(kind: str) -> tuple[tuple[tuple[Z, ...], ...], ...]:
            return tuple(
                tuple(row(f"m{m}_{kind}_s{s}") for s in range(players)) for m in range(NUM_MANDALAS)
            )

        return cls(
            row("deck"),
            row("discard"),
            tuple(row(f"hand_s{s}") for s in range(players)),
            area("up"),
            area("down"),
        )

    @classmethod
    def of(cls, state: State) -> CardPiles:
        """The counts in a real state."""
        return cls(
            state.deck,
            state.discard,
            state.hands,
            tuple(a.up for a in state.mandalas),
            tuple(a.down for a in state.mandalas),
        )

    def cells(self) -> list[Any]:
        """Every count, in a fixed order."""
        out = [*self.deck, *self.discard]
        for hand in self.hands:
            out.extend(hand)
        for side in (self.up, self.down):
            for area in side:
                for seat in area:
                    out.extend(seat)
        return out

    def colour_total(self, colour: int) -> Z:
        """All cards of one colour, wherever they are."""
        return z3.Sum([x for i, x in enumerate(self.cells()) if i % NUM_COLOURS == colour])

    def equal(self, other: CardPiles) -> list[Z]:
        """Cell by cell equality (``other`` may hold ints)."""
        return [a == b for a, b in zip(self.cells(), other.cells(), strict=True)]


@attrs.frozen
class TurnMove:
    """The choices and chance outcomes of one turn, as z3 variables.

    A play of ``count`` cards of ``colour`` by ``seat`` into ``mandala``, face up or not;
    the cards drawn per colour, from the deck and, after a reshuffle, from the former
    discard pile; and which mandalas were resolved, with the seats that took a tile there
    (ruling mandala.end.final_resolution: at the end several mandalas resolve in one turn).
    """

    seat: Z
    colour: Z
    count: Z
    mandala: Z
    face_up: Z
    from_deck: tuple[Z, ...]
    from_discard: tuple[Z, ...]
    reshuffled: Z
    resolved: tuple[Z, ...]
    takes: tuple[tuple[Z, ...], ...]

    @classmethod
    def fresh(cls, prefix: str, players: int) -> TurnMove:
        """New z3 variables."""
        return cls(
            z3.Int(f"{prefix}_seat"),
            z3.Int(f"{prefix}_colour"),
            z3.Int(f"{prefix}_count"),
            z3.Int(f"{prefix}_mandala"),
            z3.Bool(f"{prefix}_face_up"),
            tuple(z3.Int(f"{prefix}_deck_draw_{c.label}") for c in COLOURS),
            tuple(z3.Int(f"{prefix}_discard_draw_{c.label}") for c in COLOURS),
            z3.Bool(f"{prefix}_reshuffled"),
            tuple(z3.Bool(f"{prefix}_resolved_m{m}") for m in range(NUM_MANDALAS)),
            tuple(
                tuple(z3.Bool(f"{prefix}_m{m}_takes_s{s}") for s in range(players))
                for m in range(NUM_MANDALAS)
            ),
        )


def _piles(
    deck: Sequence[Z],
    discard: Sequence[Z],
    hands: Sequence[Sequence[Z]],
    up: Sequence[Sequence[Sequence[Z]]],
    down: Sequence[Sequence[Sequence[Z]]],
) -> CardPiles:
    return CardPiles(
        tuple(deck),
        tuple(discard),
        tuple(tuple(h) for h in hands),
        tuple(tuple(tuple(s) for s in a) for a in up),
        tuple(tuple(tuple(s) for s in a) for a in down),
    )


def play_step(before: CardPiles, move: TurnMove) -> tuple[list[Z], CardPiles]:
    """Step 1: ``count`` cards of ``colour`` leave the hand for the seat's face-up or
    face-down cards in one mandala (mandala.play.one_colour_one_mandala,
    mandala.play.at_least_one). Returns the guards and the piles after the play."""
    players = len(before.hands)
    seats, colours, mandalas = range(players), range(NUM_COLOURS), range(NUM_MANDALAS)
    cons: list[Z] = [
        is_seat(move.seat, players),
        move.colour >= 0,
        move.colour < NUM_COLOURS,
        move.mandala >= 0,
        move.mandala < NUM_MANDALAS,
        move.count >= 1,
    ]

    def playing(s: int, c: int) -> Z:
        return z3.And(move.seat == s, move.colour == c)

    cons += [
        z3.Implies(playing(s, c), move.count <= before.hands[s][c]) for s in seats for c in colours
    ]

    def placed(m: int, s: int, c: int, face_up: Z) -> Z:
        return z3.If(z3.And(move.mandala == m, playing(s, c), face_up), move.count, 0)

    hands = [
        [before.hands[s][c] - z3.If(playing(s, c), move.count, 0) for c in colours] for s in seats
    ]
    up = [
        [[before.up[m][s][c] + placed(m, s, c, move.face_up) for c in colours] for s in seats]
        for m in mandalas
    ]
    down = [
        [
            [before.down[m][s][c] + placed(m, s, c, z3.Not(move.face_up)) for c in colours]
            for s in seats
        ]
        for m in mandalas
    ]
    return cons, _piles(before.deck, before.discard, hands, up, down)


def draw_step(before: CardPiles, move: TurnMove) -> tuple[list[Z], CardPiles]:
    """Step 2: :func:`draw_count` cards into the seat's hand; when the deck is used up the
    whole discard pile becomes the deck (mandala.draw.reshuffle, ruling
    mandala.draw.reshuffle_timing). ``before`` is the state after step 1."""
    players = len(before.hands)
    seats, colours = range(players), range(NUM_COLOURS)
    supply = z3.Sum(*before.deck, *before.discard)
    hand_size = item_at([z3.Sum(h) for h in before.hands], move.seat)
    drawn = [move.from_deck[c] + move.from_discard[c] for c in colours]
    cons: list[Z] = [z3.Sum(drawn) == draw_count(hand_size, move.count, supply)]
    for c in colours:
        cons += [
            move.from_deck[c] >= 0,
            move.from_discard[c] >= 0,
            move.from_deck[c] <= before.deck[c],
            z3.If(
                move.reshuffled,
                z3.And(
                    move.from_deck[c] == before.deck[c],
                    move.from_discard[c] <= before.discard[c],
                ),
                move.from_discard[c] == 0,
            ),
        ]
    deck = [
        z3.If(
            move.reshuffled,
            before.discard[c] - move.from_discard[c],
            before.deck[c] - move.from_deck[c],
        )
        for c in colours
    ]
    discard = [z3.If(move.reshuffled, 0, before.discard[c]) for c in colours]
    hands = [
        [before.hands[s][c] + z3.If(move.seat == s, drawn[c], 0) for c in colours] for s in seats
    ]
    return cons, _piles(deck, discard, hands, before.up, before.down)


def resolve_step(before: CardPiles, move: TurnMove, m: int) -> CardPiles:
    """If mandala ``m`` is resolved, the cards of the seats that took a tile go to the
    discard pile and everyone else takes theirs back (mandala.resolve.discard_winners,
    mandala.resolve.take_back); the mandala is left without cards."""
    players = len(before.hands)
    seats, colours = range(players), range(NUM_COLOURS)
    resolved, takes = move.resolved[m], move.takes[m]

    def cards(s: int, c: int) -> Z:
        return before.up[m][s][c] + before.down[m][s][c]

    hands = [
        [
            before.hands[s][c] + z3.If(z3.And(resolved, z3.Not(takes[s])), cards(s, c), 0)
            for c in colours
        ]
        for s in seats
    ]
    discard = [
        before.discard[c]
        + z3.Sum([z3.If(z3.And(resolved, takes[s]), cards(s, c), 0) for s in seats])
        for c in colours
    ]

    def emptied(side: tuple[tuple[tuple[Z, ...], ...], ...]) -> list[list[list[Z]]]:
        return [
            [[z3.If(resolved, 0, x) if i == m else x for x in seat] for seat in area]
            for i, area in enumerate(side)
        ]

    return _piles(before.deck, discard, hands, emptied(before.up), emptied(before.down))


@attrs.frozen
class Turn:
    """One turn's card piles: before (at step 1), after (at the next player's step 1 or the
    end of the game), and in between, named so that the solver can reason stage by stage:
    after step 1, after step 2, after resolving mandala 0, after resolving mandala 1.

    Several mandalas resolve in one turn only at the end (ruling
    mandala.end.final_resolution); their order does not change where cards go.
    """

    before: CardPiles
    after: CardPiles
    move: TurnMove
    stages: tuple[CardPiles, ...]

    @classmethod
    def fresh(cls, prefix: str, players: int) -> Turn:
        """New z3 variables for every pile, stage and choice."""
        return cls(
            CardPiles.fresh(f"{prefix}before", players),
            CardPiles.fresh(f"{prefix}after", players),
            TurnMove.fresh(f"{prefix}move", players),
            tuple(
                CardPiles.fresh(f"{prefix}{name}", players)
                for name in ("played", "drawn", "resolved_m0", "resolved_m1")
            ),
        )

    @property
    def chain(self) -> tuple[CardPiles, ...]:
        """Before, every stage, after."""
        return (self.before, *self.stages, self.after)

    def relation(self) -> list[Z]:
        """Constraints linking consecutive stages: :func:`play_step`, :func:`draw_step`,
        then :func:`resolve_step` for mandalas 0, 1, 2."""
        played, drawn, *resolved = self.stages
        cons, result = play_step(self.before, self.move)
        cons += played.equal(result)
        draw_cons, result = draw_step(played, self.move)
        cons += draw_cons + drawn.equal(result)
        for m, (src, dst) in enumerate(
            zip((drawn, *resolved), (*resolved, self.after), strict=True)
        ):
            cons += dst.equal(resolve_step(src, self.move, m))
        return cons


# --- the tiles of one turn (mandala.resolve.*, mandala.flowers.*) -------------------------


def _mandala_place(m: int) -> int:
    return 1 + m


def _seat_place(s: int) -> int:
    return 1 + NUM_MANDALAS + s


@attrs.frozen
class TilePlaces:
    """Where each of the 36 tiles lies, one Boolean per tile and place.

    Places: :data:`STACK` (its own back's stack), then mandalas 0–2, then the seats (loose
    or in a flower: scoring is not this encoding's concern).
    """

    at: tuple[tuple[Z, ...], ...]

    @classmethod
    def fresh(cls, prefix: str, players: int) -> TilePlaces:
        """New z3 Booleans."""
        places = 1 + NUM_MANDALAS + players
        return cls(
            tuple(tuple(z3.Bool(f"{prefix}_{t.label}_p{p}") for p in range(places)) for t in TILES)
        )

    @classmethod
    def of(cls, state: State) -> TilePlaces:
        """The places in a real state, as z3 Boolean constants."""
        where: dict[int, int] = {}
        for i, t in enumerate(TILES):
            if t in state.dark or t in state.light:
                where[i] = STACK
            for m, area in enumerate(state.mandalas):
                if t in area.tiles:
                    where[i] = _mandala_place(m)
            for s, h in enumerate(state.holdings):
                if t in h.tiles:
                    where[i] = _seat_place(s)
        places = 1 + NUM_MANDALAS + state.players
        return cls(
            tuple(
                tuple(z3.BoolVal(where.get(i) == p) for p in range(places))
                for i in range(len(TILES))
            )
        )

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.at[0]) - 1 - NUM_MANDALAS

    def stack(self, back: Back) -> Z:
        """Tiles left in one stack."""
        return count_true(
            [row[STACK] for t, row in zip(TILES, self.at, strict=True) if t.back is back]
        )

    def in_mandala(self, m: int, back: Back | None = None) -> Z:
        """Tiles in mandala ``m`` (of one back, if given)."""
        return count_true(
            [
                row[_mandala_place(m)]
                for t, row in zip(TILES, self.at, strict=True)
                if back is None or t.back is back
            ]
        )

    def held(self, s: int) -> Z:
        """Tiles in front of seat ``s``."""
        return count_true([row[_seat_place(s)] for row in self.at])

    def total(self) -> Z:
        """Tiles in the stacks, the mandalas and in front of the players."""
        return z3.Sum(
            self.stack(Back.DARK),
            self.stack(Back.LIGHT),
            *[self.in_mandala(m) for m in range(NUM_MANDALAS)],
            *[self.held(s) for s in range(self.players)],
        )

    def well_formed(self) -> Z:
        """Every tile lies in exactly one place."""
        return z3.And(*[z3.PbEq([(b, 1) for b in row], 1) for row in self.at])

    def mandalas_set(self) -> Z:
        """Every mandala holds one dark and one light tile (between turns, before the
        end: mandala.setup.tiles, mandala.resolve.new_mandala)."""
        return z3.And(*[self.in_mandala(m, b) == 1 for m in range(NUM_MANDALAS) for b in Back])

    def equal(self, other: TilePlaces) -> list[Z]:
        """Place by place equality."""
        return [
            a == b
            for ra, rb in zip(self.at, other.at, strict=True)
            for a, b in zip(ra, rb, strict=True)
        ]


@attrs.frozen
class TileMove:
    """One resolution and restart, as z3 variables: the mandala, who takes the tiles
    (runner-up :data:`NONE`: the holder takes both), the tile the holder picks, and the
    two tiles revealed for the new mandala. ``happened`` false means no resolution."""

    happened: Z
    mandala: Z
    holder: Z
    runner_up: Z
    pick: tuple[Z, ...]
    reveal: tuple[Z, ...]

    @classmethod
    def fresh(cls, prefix: str) -> TileMove:
        """New z3 variables."""
        return cls(
            z3.Bool(f"{prefix}_resolution"),
            z3.Int(f"{prefix}_mandala"),
            z3.Int(f"{prefix}_holder"),
            z3.Int(f"{prefix}_runner_up"),
            tuple(z3.Bool(f"{prefix}_pick_{t.label}") for t in TILES),
            tuple(z3.Bool(f"{prefix}_reveal_{t.label}") for t in TILES),
        )


def tile_relation(before: TilePlaces, after: TilePlaces, move: TileMove) -> list[Z]:
    """Constraints linking tile places before and after a turn that is not the last.

    Either nothing moves, or one mandala is resolved: the holder takes the tile they pick
    and the runner-up the other, or the holder both (mandala.resolve.holder_picks,
    mandala.resolve.second_place, mandala.resolve.holder_takes_both); then one dark and
    one light tile leave their stacks for that mandala (mandala.resolve.new_mandala).
    """
    players = before.players
    mandalas = range(NUM_MANDALAS)
    in_resolved = [
        z3.Or(*[z3.And(move.mandala == m, row[_mandala_place(m)]) for m in mandalas])
        for row in before.at
    ]
    revealed = [z3.And(r, row[STACK]) for r, row in zip(move.reveal, before.at, strict=True)]
    guards = [
        move.mandala >= 0,
        move.mandala < NUM_MANDALAS,
        is_seat(move.holder, players),
        move.runner_up >= NONE,
        move.runner_up < players,
        move.runner_up != move.holder,
        z3.Implies(
            move.runner_up != NONE,
            z3.PbEq([(z3.And(p, r), 1) for p, r in zip(move.pick, in_resolved, strict=True)], 1),
        ),
        *[
            z3.PbEq([(r, 1) for t, r in zip(TILES, revealed, strict=True) if t.back is back], 1)
            for back in Back
        ],
    ]
    cons: list[Z] = [z3.Implies(move.happened, z3.And(*guards))]
    for row_b, row_a, pick, new, here in zip(
        before.at, after.at, move.pick, revealed, in_resolved, strict=True
    ):
        to_holder = z3.And(here, z3.Or(move.runner_up == NONE, pick))
        to_runner = z3.And(here, move.runner_up != NONE, z3.Not(pick))
        moved = [z3.And(row_b[STACK], z3.Not(new))]
        moved += [z3.If(move.mandala == m, new, row_b[_mandala_place(m)]) for m in mandalas]
        moved += [
            z3.Or(
                row_b[_seat_place(s)],
                z3.And(to_holder, move.holder == s),
                z3.And(to_runner, move.runner_up == s),
            )
            for s in range(players)
        ]
        cons += [
            a == z3.If(move.happened, m, b) for a, m, b in zip(row_a, moved, row_b, strict=True)
        ]
    return cons


# --- the claims ---------------------------------------------------------------------------


def _draw_inputs() -> tuple[Z, Z, Z, Z, list[Z]]:
    hand, played, available = z3.Ints("hand_after_play played available")
    drawn = draw_count(hand, played, available)
    return hand, played, available, drawn, [hand >= 0, played >= 1, available >= 0]


def _draw_cap() -> Built:
    hand, _, available, drawn, assumptions = _draw_inputs()
    return assumptions, z3.And(
        z3.Implies(drawn > 0, hand + drawn <= MAX_HAND_FOR_DRAW),
        drawn >= 0,
        drawn <= MAX_DRAW,
        drawn <= available,
    )


def _draw_skip_at_eight() -> Built:
    hand, _, _, drawn, assumptions = _draw_inputs()
    return assumptions, z3.Implies(hand >= MAX_HAND_FOR_DRAW, drawn == 0)


def _draw_none_after_two() -> Built:
    _, played, _, drawn, assumptions = _draw_inputs()
    return assumptions, z3.Implies(played >= 2, drawn == 0)


def _draw_exact() -> Built:
    """With enough cards to draw, one played card always refills to 8 or draws 4."""
    hand, played, available, drawn, assumptions = _draw_inputs()
    return [*assumptions, played == 1, hand < MAX_HAND_FOR_DRAW, available >= MAX_DRAW], z3.Or(
        hand + drawn == MAX_HAND_FOR_DRAW, drawn == MAX_DRAW
    )


def _never_empty() -> Built:
    hand, count, available = z3.Ints("hand count available")
    after = hand - count
    return [hand >= 1, count >= 1, count <= hand, available >= 0], z3.Implies(
        z3.Not(leaves_hand_empty(hand, count, available)),
        after + draw_count(after, count, available) >= 1,
    )


def _stall_exact() -> Built:
    """Some play is legal exactly unless one card is left in hand and none to draw."""
    hand, count, available = z3.Ints("hand count available")
    stuck = z3.And(hand == 1, available == 0)
    every_play_empties = z3.Implies(
        z3.And(stuck, count >= 1, count <= hand), leaves_hand_empty(hand, count, available)
    )
    one_card_is_fine = z3.Implies(z3.Not(stuck), z3.Not(leaves_hand_empty(hand, 1, available)))
    return [hand >= 1, available >= 0], z3.And(every_play_empties, one_card_is_fine)


def _only_whether_cards_remain() -> Built:
    """The state caches legal plays per hand and *whether* any card is left to draw;
    sound only if the rule cannot tell one card left from many."""
    hand, count, available = z3.Ints("hand count available")
    return [hand >= 0, count >= 1, count <= hand, available >= 1], leaves_hand_empty(
        hand, count, available
    ) == leaves_hand_empty(hand, count, z3.IntVal(1))


def _some_play_always_legal() -> Built:
    hand, available = z3.Ints("hand available")
    return [hand >= 1, available >= 0], z3.Not(leaves_hand_empty(hand, 1, available))


def _seat_inputs(players: int, prefix: str = "") -> tuple[list[Z], list[Z], list[Z]]:
    totals = int_vars(f"{prefix}total_s", players)
    ups = int_vars(f"{prefix}up_s", players)
    return totals, ups, [z3.And(u >= 0, u <= t) for t, u in zip(totals, ups, strict=True)]


def _taker_has_majority(players: int) -> Built:
    totals, ups, assumptions = _seat_inputs(players, f"p{players}_")
    active, holder = z3.Ints(f"p{players}_active p{players}_holder")
    new = new_holder(active, holder, totals, ups)
    mine = item_at(totals, active)
    strict = z3.And(
        *[z3.Implies(z3.And(active != s, ups[s] > 0), mine > totals[s]) for s in range(players)]
    )
    assumptions += [is_seat(active, players), holder >= NONE, holder < players]
    return assumptions, z3.Implies(z3.And(new == active, holder != active), strict)


def _majority_inductive(players: int) -> Built:
    """Initial: an empty mandala satisfies the invariant. Step: the active player adds
    cards (face up or down), then step 3 runs; the invariant holds again."""
    p = f"p{players}_"
    totals, ups, assumptions = _seat_inputs(players, p)
    active, holder, count = z3.Ints(f"{p}active {p}holder {p}count")
    face_up = z3.Bool(f"{p}face_up")
    totals2 = [z3.If(active == s, t + count, t) for s, t in enumerate(totals)]
    ups2 = [z3.If(z3.And(active == s, face_up), u + count, u) for s, u in enumerate(ups)]
    holder2 = new_holder(active, holder, totals2, ups2)
    zeros = [z3.IntVal(0)] * players
    assumptions += [
        is_seat(active, players),
        count >= 1,
        majority_invariant(holder, totals, ups),
    ]
    return assumptions, z3.And(
        majority_invariant(z3.IntVal(NONE), zeros, zeros),
        majority_invariant(holder2, totals2, ups2),
        z3.Implies(holder2 != NONE, item_at(ups2, holder2) > 0),
    )


def _holder_at_completion(players: int) -> Built:
    p = f"p{players}_"
    up = [int_vars(f"{p}up_s{s}_c", NUM_COLOURS) for s in range(players)]
    down_total = int_vars(f"{p}down_s", players)
    tiles = int_vars(f"{p}tile_colour_", 2)
    holder = z3.Int(f"{p}holder")
    ups = [z3.Sum(row) for row in up]
    totals = [u + d for u, d in zip(ups, down_total, strict=True)]
    assumptions = [x >= 0 for row in up for x in row] + [d >= 0 for d in down_total]
    assumptions += [z3.And(t >= 0, t < NUM_COLOURS) for t in tiles]
    assumptions.append(majority_invariant(holder, totals, ups))
    complete = is_complete(colours_present(tiles, up))
    return assumptions, z3.Implies(
        complete, z3.And(is_seat(holder, players), item_at(ups, holder) > 0)
    )


def _claim_inputs(players: int) -> tuple[list[Z], list[Z], Z, Z, Z, list[Z]]:
    p = f"p{players}_"
    totals, ups, assumptions = _seat_inputs(players, p)
    holder = z3.Int(f"{p}holder")
    share = TYPED.variant(players=players).runner_up_min_share
    h, r = claim(holder, totals, ups, share)
    assumptions.append(is_seat(holder, players))
    return totals, ups, holder, h, r, assumptions


def _tiles_to_one_seat(players: int) -> Built:
    _, ups, _, h, r, assumptions = _claim_inputs(players)
    first = list(range(players))
    takes_first = [h == s for s in first]
    takes_second = [z3.If(r == NONE, h == s, r == s) for s in first]
    holder_gets = count_true([item_at(takes_first, h), item_at(takes_second, h)])
    return assumptions, z3.And(
        z3.PbEq([(t, 1) for t in takes_first], 1),
        z3.PbEq([(t, 1) for t in takes_second], 1),
        count_true([takes_first[s] for s in first]) + count_true([takes_second[s] for s in first])
        == 2,
        z3.Or(holder_gets == 1, holder_gets == 2),
        r != h,
        z3.Or(r == NONE, z3.And(is_seat(r, players), item_at(ups, r) > 0)),
    )


def _runner_up_not_above_holder(players: int) -> Built:
    totals, ups, holder, h, r, assumptions = _claim_inputs(players)
    assumptions.append(majority_invariant(holder, totals, ups))
    return assumptions, z3.Implies(r != NONE, item_at(totals, r) <= item_at(totals, h))


def _two_player_half() -> Built:
    totals, _, _, h, r, assumptions = _claim_inputs(2)
    return assumptions, z3.Implies(r != NONE, 2 * item_at(totals, r) >= item_at(totals, h))


def _two_player_rule_matters() -> Built:
    totals, ups, assumptions = _seat_inputs(2)
    holder = z3.Int("holder")
    _, half = claim(holder, totals, ups, Fraction(1, 2))
    _, none = claim(holder, totals, ups, 0)
    invariant = majority_invariant(holder, totals, ups)  # a witness that can occur
    return [*assumptions, is_seat(holder, 2), invariant], half == none


def _tile_faces() -> tuple[Z, Z, list[Z]]:
    a, b = z3.Ints("face_a face_b")
    return a, b, [is_face(a), is_face(b), a != b]  # two tiles of one colour differ


def _flower_bounds() -> Built:
    a, b, assumptions = _tile_faces()
    f = flower_points(a, b)
    return assumptions, z3.And(f >= 6, f <= 21)


def _flower_at_least_seven() -> Built:
    a, b, assumptions = _tile_faces()
    return assumptions, flower_points(a, b) >= 7


def _single_bounds() -> Built:
    a = z3.Int("face")
    t = tile_points(a)
    return [is_face(a)], z3.And(t >= 0, t <= 7)


def _flower_beats_loose() -> Built:
    a, b, assumptions = _tile_faces()
    return assumptions, flower_points(a, b) > tile_points(a) + tile_points(b)


def _turn_conserves_cards() -> Built:
    """Each stage keeps every colour's total, hence the whole turn does; and no pile ends
    negative. Four seats cover two and three: a smaller game is the same relation with
    the extra seats holding no cards and never acting."""
    players = max(PLAYER_COUNTS)
    turn = Turn.fresh("", players)
    colours = range(NUM_COLOURS)
    assumptions = [x >= 0 for x in turn.before.cells()]
    assumptions += [turn.before.colour_total(c) == CARDS_PER_COLOUR for c in colours]
    assumptions += turn.relation()
    links = [
        z3.And(*[a.colour_total(c) == b.colour_total(c) for c in colours])
        for a, b in itertools.pairwise(turn.chain)
    ]
    return assumptions, z3.And(
        *links,
        z3.And(*[turn.after.colour_total(c) == CARDS_PER_COLOUR for c in colours]),
        z3.And(*[x >= 0 for x in turn.after.cells()]),
    )


def _tile_step() -> tuple[TilePlaces, TilePlaces, TileMove, list[Z], list[Z]]:
    """A resolution and restart with four seats (which covers two and three: a smaller
    game is the same relation with seats that never take a tile), and lemmas that lead
    the solver from per-tile facts to counts."""
    players = max(PLAYER_COUNTS)
    before = TilePlaces.fresh("before", players)
    after = TilePlaces.fresh("after", players)
    move = TileMove.fresh("move")
    assumptions = [
        before.well_formed(),
        before.mandalas_set(),
        before.stack(Back.DARK) > 0,  # else the game ends instead (mandala.end.no_tiles)
        before.stack(Back.LIGHT) > 0,
        move.happened,
        *tile_relation(before, after, move),
    ]
    revealed = [z3.And(r, row[STACK]) for r, row in zip(move.reveal, before.at, strict=True)]
    lemmas = [
        z3.And(
            *[
                count_true([a[STACK]]) == count_true([b[STACK]]) - count_true([r])
                for a, b, r in zip(after.at, before.at, revealed, strict=True)
            ]
        ),
        *[
            count_true([r for t, r in zip(TILES, revealed, strict=True) if t.back is back]) == 1
            for back in Back
        ],
    ]
    return before, after, move, assumptions, lemmas


def _tiles_conserved() -> Built:
    before, after, _, assumptions, lemmas = _tile_step()
    seats = range(after.players)
    return (
        assumptions,
        z3.And(
            after.well_formed(),
            after.mandalas_set(),
            *[z3.And(*[count_true(row) == 1 for row in p.at]) for p in (before, after)],
            *[p.total() == len(TILES) for p in (before, after)],
            *lemmas,
            after.stack(Back.DARK) == before.stack(Back.DARK) - 1,
            after.stack(Back.LIGHT) == before.stack(Back.LIGHT) - 1,
            z3.And(*[after.in_mandala(m) == before.in_mandala(m) for m in range(NUM_MANDALAS)]),
            z3.Sum([after.held(s) - before.held(s) for s in seats]) == 2,
            z3.And(
                *[
                    count_true([a]) >= count_true([b])  # a tile in front of a player stays there
                    for ra, rb in zip(after.at, before.at, strict=True)
                    for a, b in zip(ra[_seat_place(0) :], rb[_seat_place(0) :], strict=True)
                ]
            ),
            z3.And(*[after.held(s) >= before.held(s) for s in seats]),
        ),
    )


def _stacks_deplete_together() -> Built:
    before, after, _, assumptions, lemmas = _tile_step()
    k = z3.Int("resolutions")
    start = TILES_PER_BACK - NUM_MANDALAS  # the setup lays out one of each per mandala
    assumptions += [
        k >= 0,
        before.stack(Back.DARK) == start - k,
        before.stack(Back.LIGHT) == start - k,
    ]
    dark, light = after.stack(Back.DARK), after.stack(Back.LIGHT)
    return assumptions, z3.And(
        *lemmas,
        dark == start - (k + 1),
        light == start - (k + 1),
        (dark == 0) == (light == 0),
    )


def _canary_draws_four() -> Built:
    _, _, _, drawn, assumptions = _draw_inputs()
    return assumptions, drawn != MAX_DRAW


def _canary_active_takes(players: int) -> Built:
    totals, ups, assumptions = _seat_inputs(players, f"p{players}_")
    active, holder = z3.Ints(f"p{players}_active p{players}_holder")
    assumptions += [
        is_seat(active, players),
        holder >= NONE,
        holder < players,
        item_at(ups, active) > 0,
    ]
    return assumptions, new_holder(active, holder, totals, ups) == active


CLAIMS: tuple[Claim, ...] = (
    Claim(
        "mandala.components.cards:turn_conserves_each_colour",
        "mandala.components.cards",
        "A whole turn (play, draw with reshuffle, resolutions) keeps 15 cards of each colour "
        "and no pile negative, for 2, 3 and 4 players",
        _turn_conserves_cards,
        rlimit=80_000_000,  # 10× the 7_558_870 units it uses (z3 5.4.1), rounded up
    ),
    Claim(
        "mandala.resolve.new_mandala:tiles_each_in_one_place",
        "mandala.resolve.new_mandala",
        "A resolution and restart keeps every tile in exactly one place, 36 in all, one "
        "dark and one light tile per mandala; each stack loses one, players gain two and "
        "never lose one",
        _tiles_conserved,
        rlimit=200_000_000,  # 10× the 16_474_031 units it uses (z3 5.4.1), rounded up
    ),
    Claim(
        "mandala.end.no_tiles_immediate:stacks_deplete_together",
        "mandala.end.no_tiles_immediate",
        "After k resolutions both tile stacks hold 15 − k, so they run out at the same "
        "resolution (induction over the tile step)",
        _stacks_deplete_together,
    ),
    Claim(
        "mandala.draw.one_card_up_to_four:never_above_eight",
        "mandala.draw.one_card_up_to_four",
        "A draw never takes the hand above 8, draws at most 4 and never more than the piles hold",
        _draw_cap,
    ),
    Claim(
        "mandala.draw.exact_count:refills_to_eight_or_four",
        "mandala.draw.exact_count",
        "After one card, with at least 4 cards to draw, the hand reaches 8 or 4 are drawn",
        _draw_exact,
    ),
    Claim(
        "mandala.draw.skip_at_eight:no_draw_at_eight",
        "mandala.draw.skip_at_eight",
        "With 8 or more cards after step 1, nothing is drawn",
        _draw_skip_at_eight,
    ),
    Claim(
        "mandala.draw.none_after_two:no_draw_after_two",
        "mandala.draw.none_after_two",
        "After playing two or more cards, nothing is drawn",
        _draw_none_after_two,
    ),
    Claim(
        "mandala.hand.never_empty:allowed_play_keeps_a_card",
        "mandala.hand.never_empty",
        "Every play the never-empty rule allows ends step 2 with at least one card in hand",
        _never_empty,
    ),
    Claim(
        "mandala.hand.never_empty:only_whether_cards_remain",
        "mandala.hand.never_empty",
        "Whether a play empties the hand depends on the cards left to draw only through "
        "'none' or 'some' (what the state's cache of legal plays assumes)",
        _only_whether_cards_remain,
    ),
    Claim(
        "mandala.end.stalled:stall_check_is_exact",
        "mandala.end.stalled",
        "Some play is legal unless the hand is one card and nothing is left to draw: "
        "exactly the condition the state checks before a turn",
        _stall_exact,
    ),
    Claim(
        "mandala.end.stalled:some_play_always_legal",
        "mandala.end.stalled",
        "Expected counterexample: one card in hand and empty piles leave no legal play, "
        "the situation the book does not cover (hence the ruling)",
        _some_play_always_legal,
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "mandala.majority.take_marker:taker_has_strict_majority",
        "mandala.majority.take_marker",
        "A player who takes the marker has more cards there than every other player with a "
        "face-up card (2–4 players)",
        lambda: each_player_count(_taker_has_majority, PLAYER_COUNTS),
    ),
    Claim(
        "mandala.majority.take_marker:holder_has_face_up_majority",
        "mandala.majority.take_marker",
        "Inductive invariant: the marker is held iff a card lies face up, and its holder "
        "has a face-up card and at least as many cards as every face-up player (2–4 players)",
        lambda: each_player_count(_majority_inductive, PLAYER_COUNTS),
    ),
    Claim(
        "mandala.complete.six_colours:holder_exists_when_complete",
        "mandala.complete.six_colours",
        "A complete mandala always has a marker holder with a face-up card, so a normal "
        "resolution always hands out its tiles (2–4 players)",
        lambda: each_player_count(_holder_at_completion, PLAYER_COUNTS),
    ),
    Claim(
        "mandala.resolve.second_place:each_tile_to_one_seat",
        "mandala.resolve.second_place",
        "With a holder, each tile goes to exactly one seat: the holder gets 1 or 2, the "
        "runner-up is another seat with a face-up card (2–4 players, shares from the table)",
        lambda: each_player_count(_tiles_to_one_seat, PLAYER_COUNTS),
    ),
    Claim(
        "mandala.resolve.second_place:runner_up_not_above_holder",
        "mandala.resolve.second_place",
        "Under the majority invariant the runner-up never has more cards than the holder, "
        "so 'second most' and 'most among the others' agree (2–4 players)",
        lambda: each_player_count(_runner_up_not_above_holder, PLAYER_COUNTS),
    ),
    Claim(
        "mandala.resolve.two_player_half:runner_up_has_half",
        "mandala.resolve.two_player_half",
        "With two players a runner-up has at least half the holder's cards",
        _two_player_half,
    ),
    Claim(
        "mandala.resolve.two_player_half:differs_from_no_threshold",
        "mandala.resolve.two_player_half",
        "Expected counterexample: the two-player half rule changes who gets a tile "
        "(the witness is a position where it does)",
        _two_player_rule_matters,
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "mandala.scoring.flower_triple:flower_between_6_and_21",
        "mandala.scoring.flower_triple",
        "A flower scores from 6 (×3 with a 2) to 21 (×3 with a 7)",
        _flower_bounds,
    ),
    Claim(
        "mandala.scoring.flower_triple:flower_at_least_7",
        "mandala.scoring.flower_triple",
        "Expected counterexample: the lowest flower is not 2+3 (7) but ×3 with a 2 (6)",
        _flower_at_least_seven,
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "mandala.scoring.single:tile_between_0_and_7",
        "mandala.scoring.single",
        "A loose tile scores from 0 (×3) to 7",
        _single_bounds,
    ),
    Claim(
        "mandala.flowers.form:flower_beats_loose_tiles",
        "mandala.flowers.form",
        "A flower always scores more than its two tiles would loose, so the forced "
        "formation never costs points",
        _flower_beats_loose,
    ),
    # canaries: false on purpose; a proof here means the encodings or the harness broke
    Claim(
        "mandala.draw.one_card_up_to_four:canary_never_draws_four",
        "mandala.draw.one_card_up_to_four",
        "Canary (false): the draw never draws 4",
        _canary_draws_four,
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "mandala.majority.tie_keeps:canary_active_always_takes",
        "mandala.majority.tie_keeps",
        "Canary (false): an active player with a face-up card always ends up with the marker",
        lambda: _canary_active_takes(3),
        Expect.COUNTEREXAMPLE,
    ),
)
