"""The White Castle state: the frozen record of a position.

Components are small integers into the game's :class:`~rulespec.castle.tables.Tables`
(castle cards, row cards, lantern sources, die tiles ...), None where a place is empty.
What happens in each phase is in :mod:`rulespec.castle.turn` (a turn's decisions),
:mod:`rulespec.castle.effects` (what each symbol does), :mod:`rulespec.castle.rounds`
(what comes next, round ends), :mod:`rulespec.castle.setup` (the deals) and
:mod:`rulespec.castle.rival` (the solo rival),
tied together by the phase table in :mod:`rulespec.castle.phases`.

A turn is a chain of small decisions over an *agenda*: a stack of frames, each a tuple
of tasks, each task a tuple of :class:`~rulespec.castle.components.Effect` still to do
(its head first). The seat acting resolves or skips the head of a task of the top
frame; resolving may push a new frame (the castle action, a garden, the lantern ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Self, TypeVar

import attrs

from rulespec.castle.actions import Action
from rulespec.castle.components import RIVAL, Colour, Effect
from rulespec.castle.tables import BOARD_FIELDS, GARDENS, ROOMS, TILE_SLOTS
from rulespec.core import trace
from rulespec.core.api import Outcome
from rulespec.core.convert import PER_SEAT, Range
from rulespec.core.kernel import Evolve, Kernel, PhaseEnum
from rulespec.core.tensor import Slots
from rulespec.core.trace import decided
from rulespec.errors import GameNotOver

if TYPE_CHECKING:
    from rulespec.castle.game import CastleGame

Index = Annotated[int, Range(0, 10_000)]
"""A component's index in the game's tables (``Index | None`` where a place may be empty;
positions written before issue 21 wrote -1 there, and still load)."""
SeatNumber = Annotated[int, Range(0, 4)]
"""A seat, the solo rival's included."""
Count = Annotated[int, Range(0, 10_000)]
"""A whole number from 0 (coins, points, track spaces)."""
Small = Annotated[int, Range(0, 7)]
"""A resource track's value, 0 to 7."""
Figures = Annotated[int, Range(0, 5)]
"""A number of figures of one kind, 0 to 5."""


_ROOM_COLOURS: dict[
    int,
    tuple[Any, dict[tuple[int | None, ...], tuple[tuple[Colour, ...], ...]], list[Any]],
] = {}
"""Per game (by identity, the game kept alive with its entry): room colours per tile
layout, and the last layout asked about with its colours."""


T = TypeVar("T")


def filled(value: T | None) -> T:
    """``value`` at a place the rules have filled by now (a room's card after setup, the
    level 3 card, a garden slot ...): None there is a bug in the caller, never a position
    (the loader refuses such positions)."""
    assert value is not None, "an empty place where the rules put a component"
    return value


class Phase(PhaseEnum):
    """Where the game stands; the phase decides who acts and what may be applied."""

    SETUP = "setup"
    """Chance: the setup deals, one card, tile or seat at a time (``setup.next_pile``)."""
    PICK = "pick"
    """A seat picks a pair of starting cards (castle.setup.pairs)."""
    ROLL = "roll"
    """Chance: the dice of one colour, sorted onto their bridge."""
    TAKE = "take"
    """The seat to act takes a die from an end of a bridge."""
    PLACE = "place"
    """The seat to act places the die it took."""
    RESOLVE = "resolve"
    """The seat to act resolves or skips the head of a task on its agenda."""
    EXCHANGE = "exchange"
    """The seat to act holds more than five seals and must exchange (castle.seals.cap)."""
    REFILL = "refill"
    """Chance: a room's card is replaced from its level's deck."""
    SOLO_DRAW = "solo_draw"
    """Chance: the solo deck's new top card (its bridge side becomes public)."""
    RIVAL = "rival"
    """Seat 0 makes one of the solo rival's free choices."""
    GAME_OVER = "game_over"


class Stage(PhaseEnum):
    """What the agenda belongs to: it says what comes when the agenda is empty."""

    SETUP = "setup"
    PICKS = "picks"
    TURN = "turn"
    GARDENERS = "gardeners"
    OVER = "over"


Task = tuple[Effect, ...]
"""Effects still to do, the head first."""
Frame = tuple[Task, ...]
"""Tasks the seat may take in any order."""


_new = object.__new__
_set = object.__setattr__


class DictFields(Evolve):
    """A frozen attrs record kept in an instance dict (``slots=False``), with a cheap
    :meth:`but`: copying the dict is one C call, where a slotted copy stores each field
    through its descriptor, about three times slower for the 13 fields of a family and the
    32 of a state, which a step copies several times (issue 21 §5)."""

    __slots__ = ()

    def but(self, **changes: Any) -> Self:
        """A copy with some fields replaced (an unknown field name is a ``TypeError``)."""
        old = self.__dict__  # exactly the fields: attrs' __init__ sets each, nothing else
        fields = old | changes  # a copy and an update in one C call
        if len(fields) != len(old):  # a name that is no field added an entry
            unknown = sorted(changes.keys() - old.keys())
            raise TypeError(f"{type(self).__name__} has no fields {unknown}")
        new = _new(type(self))
        _set(new, "__dict__", fields)
        return new

    def __getstate__(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)


@attrs.frozen(slots=False)
class Family(DictFields):
    """One family (or the solo rival): supplies, figures, cards and track marker."""

    coins: Count
    seals: Annotated[int, Range(0, 40)]
    resources: tuple[Small, Small, Small]
    """Iron, food, pearl (castle.resources.cap)."""
    points: Count
    left: tuple[Figures, Figures, Figures]
    """Courtiers, gardeners, warriors still on the family board."""
    court: tuple[Figures, Figures, Figures, Figures]
    """Courtiers at the gate and on levels 1, 2, 3."""
    gardens: Annotated[tuple[Annotated[int, Range(0, 5)], ...], Slots(lambda game: 6)]
    """Garden slots (``2 * bridge + kind``) holding this family's gardener, sorted."""
    grounds: Annotated[tuple[Figures, ...], Slots(lambda game: len(game.data.board.grounds))]
    """Warriors on each training ground."""
    card: Index | None
    """The row card beside the family rows (``tables.rows_of_card``), None for none."""
    lantern: Annotated[tuple[Count, ...], Slots(lambda game: 24)]
    """Lantern sources in the lantern area, in the order they came."""
    track: Count
    """Space on the seasons track (0: the heron)."""
    height: Count
    """When the marker arrived on its space: a later arrival lies on top."""
    dice: tuple[
        Annotated[int, Range(0, 6)], Annotated[int, Range(0, 6)], Annotated[int, Range(0, 6)]
    ]
    """The die value on each family-board field this round (0: none)."""

    @classmethod
    def start(cls, grounds: int) -> Family:
        """A family at setup (castle.setup.family)."""
        return cls(
            0,
            0,
            (0, 0, 0),
            0,
            (5, 5, 5),
            (0, 0, 0, 0),
            (),
            (0,) * grounds,
            None,
            (),
            0,
            0,
            (0, 0, 0),
        )


@attrs.frozen(slots=False)
class Solo(DictFields):
    """The solo deck and the rival's turn in progress (castle.solo.*)."""

    hidden: tuple[int, ...]
    """Cards of the shuffled part of the deck (unordered, sorted)."""
    bottom: tuple[int, ...]
    """Cards put under the deck this round, top first (known order)."""
    top: Index | None
    """The top card (its bridge side is public; None while none is drawn)."""
    row: tuple[int, ...]
    """Cards revealed this rival turn, left to right."""
    tasks: tuple[Effect, ...]
    """The rival's actions still to do this turn."""
    choices: tuple[int, ...]
    """While seat 0 decides for the rival: the candidates (gardens or rooms)."""
    known: bool = False
    """Whether the top card came from under the deck (so the player knows it)."""


@attrs.frozen(repr=False, slots=False)
class State(Kernel[Action], DictFields):
    """A White Castle position. Build one with ``rulespec.game("castle", players=n)``.

    A ``DictFields``: the history and step stay in the kernel's slots, outside the
    instance dict, so a copy never carries them.
    """

    game: CastleGame = attrs.field(repr=False, metadata={"json": None})
    phase: Phase
    stage: Stage
    round: Annotated[int, Range(1, 3)]
    actor: Annotated[int, Range(0, 4)]
    """The seat acting (:data:`~rulespec.castle.components.RIVAL` in the rival's turn)."""
    turns: Annotated[int, Range(0, 20)]
    """Turns finished in this round."""
    order: tuple[int, ...]
    """Turn order, first to last (the solo rival is :data:`~rulespec.castle.components.RIVAL`)."""
    picking: tuple[int, ...]
    """Seats still to pick a pair, in picking order; at round end, seats still to
    activate gardeners."""
    rooms: tuple[Index | None, ...]
    """The castle card in each room."""
    deck1: tuple[int, ...]
    deck2: tuple[int, ...]
    """Castle cards left in the level 1 and level 2 decks (unordered, sorted)."""
    level3: Index | None
    daimyo: tuple[SeatNumber | None, ...]
    """Per Daimyo space: None while free, else the seat of the courtier on it."""
    beside: tuple[int, ...]
    """Courtiers lying beside a full Daimyo card, per seat (the rival last)."""
    diamond: tuple[int, ...]
    """The die tiles on the ♦ slots, red, black, white (castle.setup.die_tiles)."""
    tiles: tuple[Index | None, ...]
    """The die tile on each numbered slot 1..12 (11, 12 at the well), None before setup."""
    gardens: tuple[Index | None, ...]
    """The garden card on each garden slot (``2 * bridge + kind``)."""
    training: tuple[Index | None, ...]
    """The training tile on each training-tile slot."""
    display: tuple[tuple[Index | None, Index | None], ...]
    """Starting pairs laid out: (resource card, action card), None once taken (and the
    action card while it is still to be dealt)."""
    bridges: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    """Die values per bridge slot, left (lantern) to right; 0 for an empty slot."""
    fields: tuple[int, ...]
    """The top die's value on each main-board field (rooms, outside), 0: none."""
    stacked: tuple[int, ...]
    """Dice on each main-board field."""
    held: tuple[int, int, int]
    """The die taken this turn: colour, value, 1 if from the left end (else 0); value 0:
    none."""
    agenda: tuple[Frame, ...]
    families: Annotated[tuple[Family, ...], PER_SEAT]
    rival: Family | None
    solo: Solo | None
    refill: Index | None
    """A room waiting for a new card (None: none)."""
    stamp: Count
    """Arrivals on the seasons track so far (orders markers on one space)."""
    refill_wait: Annotated[int, Range(0, 64)] = 0
    """0: ``refill`` is dealt at once. Else the refill waits for the light section taken
    with the card (castle.actions.refill_timing): it is dealt once the agenda holds fewer
    frames than this."""

    @classmethod
    def initial(cls, game: CastleGame) -> State:
        """Before any chance: full decks, nothing dealt (castle.setup.*); the deals that
        follow are in :mod:`rulespec.castle.setup`."""
        t, data, variant = game.tables, game.data, game.variant
        grounds = len(data.board.grounds)
        players = variant.players
        keep = [i for i, c in enumerate(t.cards) if variant.diamond_cards or c.min_players <= 2]
        if not variant.diamond_cards:
            decided(
                "castle.setup.two_player_cards",
                "with one or two players the ♦ cards of levels 1 and 2 stay in the box",
            )
        deck1 = tuple(i for i in keep if t.level_of[i] == 1)
        deck2 = tuple(i for i in keep if t.level_of[i] == 2)
        rival = None
        solo = None
        order: tuple[int, ...] = ()
        stamp = 0
        families = tuple(Family.start(grounds) for _ in range(players))
        if variant.solo:
            if trace.TRACING:
                decided(
                    "castle.solo.difficulty",
                    f"the rival starts as the difficulty {variant.difficulty} sets it",
                )
            rival = Family.start(grounds).but(
                points=variant.rival_points, track=variant.rival_influence
            )
            # the heron order (castle.solo.difficulty): position 1 plays first
            order = (1, 0) if variant.rival_heron == 1 else (0, 1)
            # on one space, the earlier seat in order lies on top
            first, second = order
            fams = {first: 2, second: 1}
            families = (families[0].but(height=fams[0]),)
            rival = rival.but(height=fams[1])
            stamp = 2
            solo = Solo(tuple(range(len(data.solo))), (), None, (), (), ())
        return cls(
            game=game,
            phase=Phase.SETUP,
            stage=Stage.SETUP,
            round=1,
            actor=0,
            turns=0,
            order=order,
            picking=(),
            rooms=(None,) * ROOMS,
            deck1=deck1,
            deck2=deck2,
            level3=None,
            daimyo=(),
            beside=(0,) * (players + (1 if variant.solo else 0)),
            diamond=(),
            tiles=(None,) * TILE_SLOTS,
            gardens=(None,) * GARDENS,
            training=(None,) * len(t.ground_of_slot),
            display=(),
            bridges=((), (), ()),
            fields=(0,) * BOARD_FIELDS,
            stacked=(0,) * BOARD_FIELDS,
            held=(0, 0, 0),
            agenda=(),
            families=families,
            rival=rival,
            solo=solo,
            refill=None,
            stamp=stamp,
        )

    # --- queries ---------------------------------------------------------------------

    def family(self, seat: int) -> Family:
        """The family of ``seat`` (the rival's for
        :data:`~rulespec.castle.components.RIVAL` in solo play)."""
        if seat == RIVAL and self.rival is not None:
            return self.rival
        return self.families[seat]

    def is_rival(self, seat: int) -> bool:
        """Whether ``seat`` is the solo rival's."""
        return seat == RIVAL and self.rival is not None

    def with_family(self, seat: int, fam: Family, **changes: Any) -> State:
        """This state with ``seat``'s family replaced, and ``changes`` made (one copy)."""
        if seat == RIVAL and self.rival is not None:
            if fam is not self.rival:
                changes["rival"] = fam
        elif fam is not self.families[seat]:
            fams = list(self.families)
            fams[seat] = fam
            changes["families"] = tuple(fams)
        return self.but(**changes) if changes else self

    def dice_left(self) -> int:
        """Dice still on the bridges."""
        red, black, white = self.bridges
        return len(red) - red.count(0) + len(black) - black.count(0) + len(white) - white.count(0)

    def room_tiles(self, room: int) -> tuple[Colour, ...]:
        """The colours of the die tiles in ``room``, in section order (worked out once per
        game and tile layout: the layout is fixed after setup)."""
        return self.tile_colours()[room]

    def tile_colours(self) -> tuple[tuple[Colour, ...], ...]:
        """:meth:`room_tiles` of every room. The tiles tuple is the same object from the end
        of setup on, so the last layout asked about is checked by identity first (hashing
        it costs more than the placements that ask)."""
        cache = _ROOM_COLOURS.get(id(self.game))
        if cache is None or cache[0] is not self.game:
            cache = _ROOM_COLOURS[id(self.game)] = (self.game, {}, [None, ()])
            if len(_ROOM_COLOURS) > 64:
                _ROOM_COLOURS.clear()
                _ROOM_COLOURS[id(self.game)] = cache
        last = cache[2]
        tiles = self.tiles
        if last[0] is tiles:
            found: tuple[tuple[Colour, ...], ...] = last[1]
            return found
        rooms = cache[1].get(tiles)
        if rooms is None:
            rooms = cache[1][tiles] = tuple(
                self._room_colours(r) for r in range(len(self.game.tables.room_slots))
            )
            if len(cache[1]) > 10_000:
                cache[1].clear()
        last[:] = (tiles, rooms)
        return rooms

    def _room_colours(self, room: int) -> tuple[Colour, ...]:
        t = self.game.tables
        out = []
        for number, diamond in zip(t.room_slots[room], t.diamond_colour[room], strict=True):
            if number == 0:
                assert diamond is not None
                out.append(diamond)
            else:
                tile = self.tiles[number - 1]
                tiles = self.game.data.die_tiles
                out.append(Colour.RED if tile is None else tiles[tile].colour)
        return tuple(out)

    def scores(self) -> tuple[int, ...]:
        """Each seat's final score as if the game ended now (castle.score.*)."""
        scores: tuple[int, ...] = self.game.score(self).scores
        return scores

    def outcome(self) -> Outcome:
        """Final scores and winners; only at the end."""
        if not self.is_terminal:
            raise GameNotOver(
                f"the game is not over (phase {self.phase.value}); "
                "[castle.score.winner] decides only at the end"
            )
        outcome: Outcome = self.game.score(self)  # scoring.outcome, bound in game.py
        return outcome
