"""Phase 6: new areas. Each player in turn draws a neutral chip and places it next to a
chip on the board; temples give further chips; then the next year begins."""

from __future__ import annotations

from rulespec.core.immutable import put
from rulespec.core.kernel import Problem
from rulespec.lotus import claims
from rulespec.lotus.actions import Action, DeclineExtra, DrawChip, PlaceChip, TakeExtra
from rulespec.lotus.components import BUILDINGS, NEUTRAL, Building
from rulespec.lotus.rulebook import RULEBOOK
from rulespec.lotus.state import Expansion, Phase, State
from rulespec.lotus.variant import TempleExtra

R_DRAW = RULEBOOK.get("lotus.expand.draw_place")
R_ADJACENT = RULEBOOK.get("lotus.expand.adjacency")

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
    return _next(s.but(expansion=Expansion(tuple(slots)), queue=()))


def _next(s: State) -> State:
    """The next chip to draw; none when no empty area can take one
    (lotus.expand.no_space)."""
    e = _expansion(s)
    if not e.slots or not s.placement_areas() or not any(s.unseen):
        return _next_year(s)
    seat, extra = e.slots[0]
    if extra and s.game.variant.temple_extra is TempleExtra.MAY:
        return s.but(phase=Phase.TEMPLE_EXTRA, seat=seat)
    return s.but(phase=Phase.DRAW, seat=seat)


def legal_temple(s: State) -> tuple[Action, ...]:
    """Take the temple's extra chip, or not (German edition)."""
    return _TEMPLE


def take_extra(s: State, a: TakeExtra) -> State:
    """The temple owner draws his extra chip."""
    return s.but(phase=Phase.DRAW)


def decline_extra(s: State, a: DeclineExtra) -> State:
    """The temple owner leaves his extra chip."""
    e = _expansion(s)
    return _next(s.but(expansion=e.but(slots=e.slots[1:])))


def draws(s: State) -> tuple[tuple[Action, int], ...]:
    """Chance: the neutral chip drawn, from the unordered face-down supply."""
    return tuple(zip(_DRAWS, s.unseen, strict=True))


def check_draw(s: State, a: DrawChip) -> Problem:
    """A chip still face down."""
    if not s.unseen[a.building]:
        return R_DRAW, f"no neutral {a.building.label} chip is left to draw"
    return None


def draw(s: State, a: DrawChip) -> State:
    """The drawer holds the chip until he places it."""
    unseen = put(s.unseen, a.building, s.unseen[a.building] - 1)
    return s.but(phase=Phase.PLACE, unseen=unseen, expansion=_expansion(s).but(drawn=a.building))


def legal_places(s: State) -> tuple[Action, ...]:
    """Every empty area in play next to a chip."""
    return tuple(PlaceChip(s.area_id(i)) for i in s.placement_areas())


def check_place(s: State, a: PlaceChip) -> Problem:
    """Only next to an area holding a chip (lotus.expand.adjacency)."""
    i = s.game.area_index.get(a.area)
    if i is None or i not in s.placement_areas():
        return R_ADJACENT, f"{a.area} is not an empty area in play next to an area with a chip"
    return None


def place(s: State, a: PlaceChip) -> State:
    """The chip lies neutral on the area; the next slot follows."""
    e = _expansion(s)
    assert e.drawn is not None
    i = s.game.area_index[a.area]
    state = s.but(chips=put(s.chips, i, NEUTRAL[e.drawn]), expansion=Expansion(e.slots[1:]))
    return _next(state)


def _next_year(s: State) -> State:
    """The year ends; the next begins with claims (lotus.year.phases)."""
    return claims.begin(s.but(year=s.year + 1, expansion=None))


def _expansion(s: State) -> Expansion:
    assert s.expansion is not None
    return s.expansion
