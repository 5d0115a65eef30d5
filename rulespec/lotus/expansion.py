"""Phase 6: new areas. Each player in turn draws a neutral chip and places it next to a
chip on the board; temples give further chips; then the next year begins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulespec.core import trace
from rulespec.core.immutable import by_identity, put
from rulespec.core.kernel import Problem, enter
from rulespec.core.rules import rule_of
from rulespec.core.trace import decided
from rulespec.core.words import count
from rulespec.lotus.actions import Action, DeclineExtra, DrawChip, PlaceChip, TakeExtra
from rulespec.lotus.components import BUILDINGS, NEUTRAL, Building
from rulespec.lotus.state import Expansion, Phase, State, area_hint, place_chips
from rulespec.lotus.variant import TempleExtra

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame


_DRAWS = tuple(DrawChip(b) for b in BUILDINGS)
_TEMPLE = (TakeExtra(), DeclineExtra())


def begin(s: State) -> State:
    """One chip per player from the emperor, then one more per temple in further
    rounds (lotus.expand.draw_place, lotus.expand.temple_order)."""
    order = s.order_from_emperor()
    temples = {seat: s.held(seat)[Building.TEMPLE] for seat in order}
    slots = [(seat, False) for seat in order]
    for k in range(1, max(temples.values(), default=0) + 1):
        slots.extend((seat, True) for seat in order if temples[seat] >= k)
    return _next(s, Expansion(tuple(slots)), queue=())


def _next(s: State, expansion: Expansion, **changes: Any) -> State:
    """The next chip to draw; none when no empty area can take one
    (lotus.expand.no_space). ``expansion`` and ``changes``, the calling effect's own, are
    made in the same new state as the next slot's."""
    if expansion.slots:
        seat, extra = expansion.slots[0]
        may = extra and s.game.variant.temple_extra is TempleExtra.MAY
        phase = Phase.TEMPLE_EXTRA if may else Phase.DRAW
        state = s.but(expansion=expansion, phase=phase, seat=seat, **changes)
        if extra and trace.TRACING:
            temples = s.held(seat)[Building.TEMPLE]
            verb = "may" if phase is Phase.TEMPLE_EXTRA else "must"
            decided(
                "lotus.expand.temple_extra",
                f"seat {seat} owns {count(temples, 'temple')}, so {verb} place "
                "one more chip for each",
            )
            decided(
                "lotus.expand.temple_order",
                "the temple extras come after everyone's chip, one at a time from the emperor",
            )
        if state.placement_areas() and any(state.unseen):
            return state
        if trace.TRACING:
            why = "no empty area borders a chip" if any(state.unseen) else "no chip is left"
            decided("lotus.expand.no_space", f"{why}: the remaining placements lapse")
    return _next_year(s.but(expansion=expansion, **changes))


def legal_temple(s: State) -> tuple[Action, ...]:
    """Take the temple's extra chip, or not (German edition)."""
    return _TEMPLE


def take_extra(s: State, a: TakeExtra) -> State:
    """The temple owner draws his extra chip."""
    return s.but(phase=Phase.DRAW)


def decline_extra(s: State, a: DeclineExtra) -> State:
    """The temple owner leaves his extra chip."""
    e = _expansion(s)
    return _next(s, e.but(slots=e.slots[1:]))


def draws(s: State) -> tuple[tuple[Action, int], ...]:
    """Chance: the neutral chip drawn, from the unordered face-down supply."""
    return tuple(zip(_DRAWS, s.unseen, strict=True))


def check_draw(s: State, a: DrawChip) -> Problem:
    """A chip still face down."""
    if not s.unseen[a.building]:
        return rule_of(
            "lotus.expand.draw_place"
        ), f"no neutral {a.building.label} chip is left to draw"
    return None


def draw(s: State, a: DrawChip) -> State:
    """The drawer holds the chip until he places it."""
    if trace.TRACING:
        decided(
            "lotus.expand.draw_place",
            f"seat {s.seat} draws a neutral {a.building.label} and must place it",
        )
        decided(
            "lotus.setup.draw_supply",
            f"the chip comes from the hidden supply, {sum(s.unseen)} face-down chips before "
            "the draw",
        )
    unseen = put(s.unseen, a.building, s.unseen[a.building] - 1)
    return s.but(phase=Phase.PLACE, unseen=unseen, expansion=_expansion(s).but(drawn=a.building))


def legal_places(s: State) -> tuple[Action, ...]:
    """Every empty area in play next to a chip."""
    places = _places(s.game)
    return tuple(places[i] for i in s.placement_areas())


def check_place(s: State, a: PlaceChip) -> Problem:
    """Only next to an area holding a chip (lotus.expand.adjacency)."""
    i = s.game.area_index.get(a.area)
    if i is None or i not in s.placement_areas():
        hint = area_hint(s, a.area, s.placement_areas())
        return rule_of(
            "lotus.expand.adjacency"
        ), f"{a.area} is not an empty area in play next to an area with a chip{hint}"
    return None


def place(s: State, a: PlaceChip) -> State:
    """The chip lies neutral on the area; the next slot follows."""
    e = _expansion(s)
    assert e.drawn is not None
    i = s.game.area_index[a.area]
    if trace.TRACING:
        decided(
            "lotus.expand.adjacency",
            f"area {a.area} borders an area with a chip, as it must; "
            f"{count(len(s.placement_areas()), 'area')} were open to the new chip",
        )
    return _next(s, Expansion(e.slots[1:]), chips=place_chips(s, {i: NEUTRAL[e.drawn]}))


def _next_year(s: State) -> State:
    """The year ends; the next begins with claims (lotus.year.phases)."""
    if trace.TRACING:
        decided(
            "lotus.year.phases",
            f"the six phases of year {s.year} are done: year {s.year + 1} begins with the claims",
        )
    return enter(s.but(year=s.year + 1, expansion=None), Phase.CLAIM)


def _expansion(s: State) -> Expansion:
    assert s.expansion is not None
    return s.expansion


@by_identity  # one action per area, made once per game: legal_actions hands out the same values
def _places(game: LotusGame) -> tuple[PlaceChip, ...]:
    return tuple(PlaceChip(area.id) for area in game.board.areas)
