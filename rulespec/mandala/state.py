"""The Mandala state: the frozen record of a position and the queries the rules ask of it.

What happens in each phase (the transitions, the legal actions and the rule checks) is in
:mod:`rulespec.mandala.turn` and :mod:`rulespec.mandala.resolution`, tied together by the
phase table in :mod:`rulespec.mandala.phases`; the contract (``apply``, ``legal_actions``,
``explain``, …) comes from :class:`rulespec.core.kernel.Kernel`. Steps without a decision
(the majority check, completion, flowers, discards) happen inside ``apply``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import attrs

from rulespec.core.api import Outcome
from rulespec.core.convert import PER_SEAT, Length, Range, Seat
from rulespec.core.kernel import Evolve, Kernel, PhaseEnum
from rulespec.errors import GameNotOver
from rulespec.mandala import scoring
from rulespec.mandala.actions import Action
from rulespec.mandala.components import (
    COLOURS,
    DARK_TILES,
    FULL_DECK,
    LIGHT_TILES,
    MAX_HAND_FOR_DRAW,
    NO_CARDS,
    NUM_MANDALAS,
    Back,
    Colour,
    Counts,
    Tile,
)
from rulespec.mandala.scoring import Holdings

if TYPE_CHECKING:
    from rulespec.mandala.game import MandalaGame


MandalaNumber = Annotated[int, Range(0, NUM_MANDALAS - 1)]
"""One of the three mandalas, 0, 1 or 2."""


class Phase(PhaseEnum):
    """Where the game stands; the phase decides who acts and what may be applied."""

    SETUP_TILES = "setup_tiles"
    """Chance: the six starting tiles, dark then light for mandalas 0, 1, 2."""
    DEAL = "deal"
    """Chance: starting hands, one card at a time, seat by seat."""
    PLAY = "play"
    """Step 1: the seat to act plays cards."""
    DRAW = "draw"
    """Step 2, chance: the seat to act draws one card at a time."""
    TAKE_TILE = "take_tile"
    """The marker holder of the mandala being resolved chooses a tile."""
    NEW_TILES = "new_tiles"
    """Chance: a resolved mandala gets a new dark, then light, tile."""
    FINAL_ORDER = "final_order"
    """Chance: which mandala the final resolution takes next."""
    GAME_OVER = "game_over"
    """Terminal."""


@attrs.frozen
class Area(Evolve):
    """One mandala: its tiles, its marker and every seat's cards, face up and face down."""

    tiles: tuple[Tile, ...]
    """Dark tile first; empty only after the tiles ran out (mandala.end.no_tiles)."""
    marker: Seat | None
    """The seat holding the majority marker, or None if it lies in the centre."""
    up: Annotated[tuple[Counts, ...], PER_SEAT]
    """Face-up cards per seat and colour."""
    down: Annotated[tuple[Counts, ...], PER_SEAT]
    """Face-down cards per seat and colour (their colours were shown to all)."""

    @classmethod
    def empty(cls, players: int, tiles: tuple[Tile, ...] = ()) -> Area:
        """A mandala with no cards and the marker in the centre."""
        return cls(tiles, None, (NO_CARDS,) * players, (NO_CARDS,) * players)

    def colours(self) -> frozenset[Colour]:
        """Colours present: tiles and face-up cards (face-down cards never add one)."""
        found = {t.colour for t in self.tiles}
        columns = zip(COLOURS, zip(*self.up, strict=True), strict=True)
        found.update([c for c, col in columns if any(col)])  # a list: no generator to resume
        return frozenset(found)

    def totals(self) -> tuple[int, ...]:
        """Cards per seat, face up and down together."""
        return tuple([sum(u) + sum(d) for u, d in zip(self.up, self.down, strict=True)])

    def ups(self) -> tuple[int, ...]:
        """Face-up cards per seat."""
        return tuple(map(sum, self.up))  # map runs in C: no generator to resume

    def is_empty(self) -> bool:
        """True if no seat has a card here."""
        return not any(map(any, self.up)) and not any(map(any, self.down))


@attrs.frozen(repr=False)  # Kernel's short repr: the state's header line
class State(Kernel[Action], Evolve):
    """A Mandala position. Build one with ``rulespec.game("mandala", players=n)``.

    Seats are numbered clockwise from the starting player (ruling
    mandala.setup.first_player). Card piles are :data:`~rulespec.mandala.components.Counts`.
    """

    game: MandalaGame = attrs.field(repr=False, metadata={"json": None})
    phase: Phase
    seat: Seat
    """The seat whose turn it is (during setup: the seat being dealt)."""
    turn: Annotated[int, Range(0, 10**6)]
    """Turns begun so far; seat 0 begins every round (mandala.end.round)."""
    pending: Annotated[int, Range(0, 2 * NUM_MANDALAS + MAX_HAND_FOR_DRAW)]
    """Cards or tiles still to come in the current chance step (at most the six starting
    tiles, or a starting hand of up to eight cards)."""
    played: MandalaNumber | None
    """Mandala played into this turn, None before step 1."""
    resolving: MandalaNumber | None
    """Mandala being resolved or refilled, None when none."""
    deck: Counts
    discard: Counts
    hands: Annotated[tuple[Counts, ...], PER_SEAT]
    mandalas: Annotated[tuple[Area, ...], Length(lambda game: NUM_MANDALAS, "mandala")]
    dark: frozenset[Tile] = attrs.field(metadata={"json": "stacks.dark"})
    """Dark-backed tiles still in their stack."""
    light: frozenset[Tile] = attrs.field(metadata={"json": "stacks.light"})
    """Light-backed tiles still in their stack."""
    holdings: Annotated[tuple[Holdings, ...], PER_SEAT] = attrs.field(metadata={"json": "tiles"})
    """The tiles in front of each seat, loose and in flowers."""
    final: tuple[MandalaNumber, ...] | None = attrs.field()
    """During the final resolution: the mandalas still to resolve; None before."""
    last_completed: MandalaNumber | None = attrs.field()
    """The mandala completed most recently, None if none yet."""

    @classmethod
    def initial(cls, game: MandalaGame) -> State:
        """Before any chance: full deck and stacks, empty hands (mandala.setup.shuffle)."""
        n = game.players
        return cls(
            game=game,
            phase=Phase.SETUP_TILES,
            seat=0,
            turn=0,
            pending=2 * NUM_MANDALAS,
            played=None,
            resolving=None,
            deck=FULL_DECK,
            discard=NO_CARDS,
            hands=(NO_CARDS,) * n,
            mandalas=tuple(Area.empty(n) for _ in range(NUM_MANDALAS)),
            dark=DARK_TILES,
            light=LIGHT_TILES,
            holdings=(Holdings(),) * n,
            final=None,
            last_completed=None,
        )

    # --- queries -----------------------------------------------------------------------

    def scores(self) -> tuple[int, ...]:
        """Points each seat's tiles are worth right now."""
        return tuple(scoring.score(h) for h in self.holdings)

    def outcome(self) -> Outcome:
        """Final scores and winners (mandala.winner.*); only at the end."""
        if not self.is_terminal:
            raise GameNotOver(
                f"the game is not over (phase {self.phase.value}); "
                "[mandala.winner.most_points] decides only at the end"
            )
        return scoring.outcome(self.holdings, tuple(sum(h) for h in self.hands))

    def cards_available(self) -> int:
        """Cards that step 2 could draw: draw pile plus discard pile."""
        return sum(self.deck) + sum(self.discard)

    def draw_pile(self) -> Counts:
        """The pile the next card comes from (the discard pile, if the deck is empty)."""
        return self.deck if any(self.deck) else self.discard

    def next_back(self) -> Back:
        """Dark first, then light, for each mandala being set up or restarted."""
        return Back.DARK if self.pending % 2 == 0 else Back.LIGHT

    def tile_stack(self) -> frozenset[Tile]:
        """The stack the next tile comes from."""
        return self.dark if self.next_back() is Back.DARK else self.light

    def being_resolved(self) -> Area:
        """The mandala being resolved (phase TAKE_TILE) or refilled (NEW_TILES)."""
        assert self.resolving is not None
        return self.mandalas[self.resolving]
