"""What one White Castle player may see (ruling castle.info.decks).

Everything lies on the table except, in solo play, which card is the solo deck's top
card when it came from the shuffled part: its bridge side (die and target field) is
public (castle.solo.deck), its back is not. The view lists the cards the player has not
seen (``unseen``: the shuffled part with that top card) and the top card's bridge side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import attrs

from rulespec.castle.codec import CODEC
from rulespec.castle.components import Colour, Effect, Place, Slot
from rulespec.castle.state import Family, Phase, Stage, State
from rulespec.core.api import JSON, Node
from rulespec.core.convert import PER_SEAT, Range, Reuse, Seat
from rulespec.core.tensor import ObservationParts, Slots, Top

if TYPE_CHECKING:
    from rulespec.castle.game import CastleGame

MAX_STACK = 2
"""The most dice one board field holds in any variant (``stack``, castle.turn.stacking)."""
MAX_FRAMES = 8
MAX_TASKS = 24
MAX_EFFECTS = 8


Idx = Annotated[int, Range(0, 10_000)]
"""A component's index (``Idx | None`` where a place may be empty)."""
OptIdx = Idx | None
"""A component's index, or None for an empty place."""
TENSOR_EFFECTS = 2
TENSOR_TASKS = 8
ViewTask = Annotated[tuple[Effect, ...], Top(TENSOR_EFFECTS, MAX_EFFECTS)]
"""A task as a view holds it (at most eight effects); the tensor keeps its length and
its head (the effect to resolve or skip now) and the one after."""
ViewFrame = Annotated[tuple[ViewTask, ...], Top(TENSOR_TASKS, MAX_TASKS)]
"""A frame as a view holds it (at most 24 tasks); the tensor keeps its length and its
first eight tasks."""


ViewAgenda = Annotated[tuple[ViewFrame, ...], Top(1, MAX_FRAMES, last=True)]
"""The agenda as a view holds it (at most eight frames); the tensor keeps its depth and
its top frame (the one the seat acts in): every place of every frame was 92 thousand
numbers, 40 times the rest."""


Bridge = Annotated[tuple[Annotated[int, Range(0, 6)], ...], Slots(lambda game: 5)]
"""A bridge's die values, left to right (0: an empty slot)."""


@attrs.frozen
class SoloView:
    """The solo deck as the player sees it."""

    unseen: Annotated[tuple[Idx, ...], Slots(lambda game: 9)]
    """Cards of the shuffled part, the top card among them if it came from there."""
    bottom: Annotated[tuple[Idx, ...], Slots(lambda game: 9)]
    top: OptIdx
    """The top card if the player knows it (it came from under the deck), else None."""
    top_side: tuple[Colour, Slot, Place] | None
    """The top card's bridge side, or None while there is no top card."""
    row: Annotated[tuple[Idx, ...], Slots(lambda game: 9)]
    tasks: Annotated[tuple[Effect, ...], Slots(lambda game: 4)]
    choices: Annotated[tuple[Idx, ...], Slots(lambda game: 6)]


@attrs.frozen
class CastleObservation(ObservationParts):
    """One player's view of a state; equal views mean the player cannot tell them apart.

    Its JSON uses the vocabulary of a position."""

    game: CastleGame = attrs.field(repr=False, eq=False, metadata={"json": None})
    player: Seat = attrs.field(metadata={"private": True})
    phase: Phase
    stage: Stage
    to_act: Seat | Node
    round: Annotated[int, Range(1, 3)]
    actor: Annotated[int, Range(0, 4)]
    turns: Annotated[int, Range(0, 20)]
    order: Annotated[tuple[Annotated[int, Range(0, 4)], ...], Slots(lambda game: 5)]
    picking: Annotated[tuple[Annotated[int, Range(0, 4)], ...], Slots(lambda game: 5)]
    rooms: Annotated[tuple[OptIdx, ...], Slots(lambda game: 5)]
    deck1: Annotated[tuple[Idx, ...], Slots(lambda game: 40)]
    deck2: Annotated[tuple[Idx, ...], Slots(lambda game: 40)]
    level3: OptIdx
    daimyo: Annotated[tuple[Annotated[int, Range(0, 4)] | None, ...], Slots(lambda game: 6)]
    beside: Annotated[tuple[Annotated[int, Range(0, 20)], ...], Slots(lambda game: 5)]
    diamond: Annotated[tuple[Idx, ...], Slots(lambda game: 3)]
    tiles: Annotated[tuple[OptIdx, ...], Slots(lambda game: 12)]
    gardens: Annotated[tuple[OptIdx, ...], Slots(lambda game: 6)]
    training: Annotated[tuple[OptIdx, ...], Slots(lambda game: 8)]
    display: Annotated[tuple[tuple[OptIdx, OptIdx], ...], Slots(lambda game: 5)]
    bridges: tuple[Bridge, Bridge, Bridge]
    fields: Annotated[tuple[Annotated[int, Range(0, 6)], ...], Slots(lambda game: 7)]
    stacked: Annotated[tuple[Annotated[int, Range(0, MAX_STACK)], ...], Slots(lambda game: 7)]
    """Dice on each board field: at most two with three or four players, one with one or
    two (castle.turn.stacking; the rival's die goes to the well, castle.solo.place); the
    loader refuses more (:func:`rulespec.castle.position.shape_problems`)."""
    held: tuple[
        Annotated[int, Range(0, 6)], Annotated[int, Range(0, 6)], Annotated[int, Range(0, 1)]
    ]
    agenda: ViewAgenda
    families: Annotated[tuple[Family, ...], PER_SEAT]
    rival: Family | None
    solo: SoloView | None
    refill: OptIdx
    stamp: Annotated[int, Range(0, 10_000)]

    def to_json(self) -> JSON:
        """The view as JSON, in the same vocabulary as a position."""
        return self.stepped(CODEC.to_json(self))

    def to_json_reusing(self, memo: Reuse) -> JSON:
        """:meth:`to_json`, reusing the JSON of fields dumped before."""
        return self.stepped(CODEC.to_json_reusing(self, None, memo))


def solo_view(state: State) -> SoloView | None:
    """The solo deck as seen: the top card's identity only if it came from below."""
    solo = state.solo
    if solo is None:
        return None
    top = solo.top
    known = top is not None and top not in solo.hidden and solo.known
    unseen = solo.hidden if known or top is None else tuple(sorted((*solo.hidden, top)))
    side = None
    if top is not None:
        card = state.game.data.solo[top]
        side = (card.colour, card.slot, card.target)
    return SoloView(
        unseen=unseen,
        bottom=solo.bottom,
        top=top if known else None,
        top_side=side,
        row=solo.row,
        tasks=solo.tasks,
        choices=solo.choices,
    )


def observe(state: State, player: int) -> CastleObservation:
    """The view of ``state`` for seat ``player``."""
    return CastleObservation(
        game=state.game,
        player=player,
        phase=state.phase,
        stage=state.stage,
        to_act=state.current_player,
        round=state.round,
        actor=state.actor,
        turns=state.turns,
        order=state.order,
        picking=state.picking,
        rooms=state.rooms,
        deck1=state.deck1,
        deck2=state.deck2,
        level3=state.level3,
        daimyo=state.daimyo,
        beside=state.beside,
        diamond=state.diamond,
        tiles=state.tiles,
        gardens=state.gardens,
        training=state.training,
        display=state.display,
        bridges=state.bridges,
        fields=state.fields,
        stacked=state.stacked,
        held=state.held,
        agenda=state.agenda,
        families=state.families,
        rival=state.rival,
        solo=solo_view(state),
        refill=state.refill,
        stamp=state.stamp,
    )
