"""The fields a die goes on (castle.fields.*): what covering one costs, and the frames of
actions it starts: a room's sections, an outside field, the well, a family-board row, and
the lantern area for a die taken from the left end."""

from __future__ import annotations

from rulespec.castle.components import ROW_COLOUR, Colour, Effect, Figure, Symbol
from rulespec.castle.state import Frame, State, filled
from rulespec.castle.tables import BOARD_FIELDS, FIELD_FAMILY, FIELD_OUTSIDE, FIELD_WELL
from rulespec.core import trace
from rulespec.core.trace import decided
from rulespec.core.words import count

# Enum members under module names: in Python 3.11 ``Phase.RESOLVE`` passes the enum
# metaclass's ``__getattr__`` hook at each use (0.1 µs; a step names dozens), a module
# global is one dictionary look-up (issue 21 §5).
_CHOICE = Symbol.CHOICE
_SEALS = Symbol.SEALS

ROW_COLOURS = tuple(ROW_COLOUR[f] for f in Figure)


def covered(s: State, field: int, seat: int) -> int:
    """The value a die placed on ``field`` covers: the top die's, else the printed one."""
    if field < BOARD_FIELDS:
        return s.fields[field] or s.game.tables.printed[field]
    return s.game.tables.printed[field]


def _effect(symbol: Symbol, amount: int, options: tuple[Symbol, ...] = ()) -> Effect:
    """The effect, the same object each time it is asked for (the options of an effect
    that is always the same one are worked out once, :func:`rulespec.castle.effects.options`)."""
    key = (symbol.value, amount, tuple(o.value for o in options))
    found = _EFFECTS.get(key)
    if found is None:
        if len(_EFFECTS) >= 256:
            _EFFECTS.clear()
        found = _EFFECTS[key] = Effect(symbol, amount, options)
    return found


_EFFECTS: dict[tuple[int, int, tuple[int, ...]], Effect] = {}


def field_frames(s: State, field: int, colour: Colour) -> tuple[Frame, ...]:
    """The frames a die placed on ``field`` starts (castle.turn.field_actions)."""
    t, data, seat = s.game.tables, s.game.data, s.actor
    if field < FIELD_OUTSIDE:
        card = t.cards[filled(s.rooms[field])]
        tiles = s.room_tiles(field)
        if trace.TRACING:
            matching = sum(1 for c in tiles if c is colour)
            decided(
                "castle.fields.rooms",
                f"room {field} has {count(matching, colour.label + ' die tile')}: the die "
                f"unlocks {count(matching, 'section')} of its card {card.id}",
            )
        return (tuple(card.sections[k].effects for k, c in enumerate(tiles) if c is colour),)
    if field < FIELD_WELL:
        decided(
            "castle.fields.outside",
            "outside the walls any colour may go, for one of the field's two actions",
        )
        out = data.board.outside[field - FIELD_OUTSIDE]
        return (((_effect(_CHOICE, 1, tuple(out.options)),),),)
    if field == FIELD_WELL:
        return (well_frame(s),)
    decided(
        "castle.fields.family",
        "on the family board's row: the row's visible rewards, then the row's card action",
    )
    return family_frames(s, seat, field - FIELD_FAMILY)


def well_frame(s: State) -> Frame:
    """One seal and the two well tiles' backs (castle.fields.well)."""
    data = s.game.data
    decided(
        "castle.fields.well", "the well counts as a 1 and gives a seal and its two tiles' resources"
    )
    backs = tuple(data.die_tiles[t].back for t in s.tiles[10:12] if t is not None)
    return ((_effect(_SEALS, data.board.well.seals),), *backs)


def family_frames(s: State, seat: int, row: int) -> tuple[Frame, ...]:
    """The row's uncovered rewards on top of its card action (castle.fields.family)."""
    fam = s.family(seat)
    rewards = s.game.data.board.family[row].rewards[: 5 - fam.left[row]]
    action = s.game.tables.rows_of_card[fam.card][row] if fam.card is not None else ()
    return (((action,) if action else ()), tuple(r for r in rewards if r))


def lantern_frame(s: State, seat: int) -> Frame:
    """Every lantern symbol of ``seat``, one task per source (castle.lantern.bonus)."""
    decided(
        "castle.lantern.bonus",
        "every lantern symbol in sight is done, in the order the player chooses",
    )
    sources = s.game.tables.lantern
    return tuple(sources[i] for i in s.family(seat).lantern if sources[i])
