"""The White Castle's bounds: the longest game, the widest chance node, the returns.

``tests/castle`` checks them against random play of every variant.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from rulespec.castle.actions import Pile, pile_size, rolls
from rulespec.castle.components import FIGURES_PER_ROW, Effect, Effects, Symbol
from rulespec.core.bounds import Bounds

if TYPE_CHECKING:
    from rulespec.castle.game import CastleGame

MAX_STEPS_PER_TURN = 400
"""A generous bound on the decisions and deals of one turn: every effect resolved or
skipped removes it from the agenda, the data is checked free of free-action cycles, and
seals exchanged each remove a seal."""


def bounds(game: CastleGame) -> Bounds:
    """The bounds of ``game``."""
    n = game.players
    turns = 3 * 3 * (n + (1 if game.variant.solo else 0))
    setup = sum(pile_size(game, p) for p in Pile) + 3 * 3 + 5 * 20
    length = setup + turns * MAX_STEPS_PER_TURN + 2 * n * MAX_STEPS_PER_TURN
    widest = max(len(rolls(game.variant.dice_per_colour)), *(pile_size(game, p) for p in Pile))
    return Bounds(
        max_game_length=length,
        max_chance_outcomes=widest,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=None if game.variant.solo else 1.0,
        why={
            "max_game_length": (
                f"An upper bound, {length}: the setup deals (each pile at most once, the "
                "redraw aside, which is rare and bounded in practice) plus "
                f"{MAX_STEPS_PER_TURN} steps for each of the {turns} turns and for each "
                "seat's gardener activations (castle.round.gardeners)."
            ),
            "max_chance_outcomes": (
                f"{widest}: the widest of a roll of {game.variant.dice_per_colour} sorted "
                "dice and the largest pile dealt from."
            ),
            "min_utility": (
                "0: a seat that does not win (castle.score.winner); solo, a player who does "
                "not beat the rival (castle.solo.final)."
            ),
            "max_utility": "1: the winner (ties are broken by the order).",
            "utility_sum": (
                "Solo: none, the only seat gets 1 for beating the rival and 0 otherwise "
                "(ruling castle.solo.outcome). Else always 1: the final order breaks every "
                "tie (castle.score.winner)."
            ),
        },
    )


# --- what the rest of a game can add to a family's counts (found after issue 19) ----------

Gain = tuple[int, int, int, int]
"""An upper bound on (coins, points, seals, marker moves) one piece of play adds."""
_ZERO: Gain = (0, 0, 0, 0)
SEALS_HELD = 40
"""The most seals a position holds (the range of ``Family.seals``)."""
_FIGURE_ACTIONS = frozenset({Symbol.CASTLE, Symbol.GARDEN, Symbol.TRAINING})
_TILES = frozenset({Symbol.ANY_TILE, Symbol.RED_TILE, Symbol.BLACK_TILE, Symbol.WHITE_TILE})
FIGURE_PIECES = 3 * FIGURES_PER_ROW + FIGURES_PER_ROW + FIGURES_PER_ROW
"""The most castle, garden and training actions that still do something in the rest of
a game: each moves a courtier up a level (three levels, five courtiers), or places one of
five gardeners or five warriors (castle.actions.castle, .garden, .training)."""


def _add(*gains: Gain) -> Gain:
    return (
        sum(g[0] for g in gains),
        sum(g[1] for g in gains),
        sum(g[2] for g in gains),
        sum(g[3] for g in gains),
    )


def _most(gains: Iterable[Gain]) -> Gain:
    """Each count's largest value among ``gains`` (a bound on any one of them)."""
    out = _ZERO
    for g in gains:
        out = (max(out[0], g[0]), max(out[1], g[1]), max(out[2], g[2]), max(out[3], g[3]))
    return out


def _times(k: int, g: Gain) -> Gain:
    return (k * g[0], k * g[1], k * g[2], k * g[3])


class _Closure:
    """The free closure's gain of an action: its own symbols plus what the symbols that
    trigger other actions for free add (the lantern bonus, a light section, a die tile's
    section, a family row, the well), recursively. The data is checked free of cycles
    among these (``data._check_cycles``), so the recursion ends; a castle, garden or
    training action counts nothing here, it is a piece of its own (:data:`FIGURE_PIECES`)."""

    def __init__(self, game: CastleGame) -> None:
        self.game, self.t, self.data = game, game.tables, game.data
        self.memo: dict[Effects, Gain] = {}
        self.open: set[Effects] = set()

    def action(self, effects: Effects) -> Gain:
        found = self.memo.get(effects)
        if found is not None:
            return found
        if effects in self.open:
            raise ValueError(f"free action cycle through {effects}")  # checked data has none
        self.open.add(effects)
        gain = _add(_ZERO, *(self.effect(e) for e in effects))
        self.open.discard(effects)
        self.memo[effects] = gain
        return gain

    def effect(self, e: Effect) -> Gain:
        t, data, s = self.t, self.data, e.symbol
        if s is Symbol.COINS:
            return (e.amount, 0, 0, 0)
        if s is Symbol.VP:
            return (0, e.amount, 0, 0)
        if s is Symbol.SEALS:
            return (0, 0, e.amount, 0)
        if s is Symbol.INFLUENCE:
            return (0, 0, 0, 1)
        if s is Symbol.LANTERN:
            return self.lantern()
        if s is Symbol.LIGHT:
            return _most(self.action(c.sections[k].effects) for i, c in enumerate(t.cards)
                         for k in t.light[i])  # fmt: skip
        if s in _TILES:
            return _most(self.action(x.effects) for c in t.cards for x in c.sections)
        if s is Symbol.FAMILY:
            return _most(self.row(r) for r in range(3))
        if s is Symbol.WELL:
            return self.well()
        if s is Symbol.CHOICE:
            return _most(self.effect(Effect(o, 1)) for o in e.options)
        return _ZERO  # resources, costs, and the figure actions (pieces of their own)

    def lantern(self) -> Gain:
        """Every lantern source at once: a lantern area holds each at most once."""
        return _add(_ZERO, *(self.action(x) for x in self.t.lantern))

    def row(self, r: int) -> Gain:
        """A family row: the largest row card action beside it and all its rewards."""
        rewards = self.data.board.family[r].rewards
        card = _most(self.action(rows[r]) for rows in self.t.rows_of_card)
        return _add(card, *(self.action(x) for x in rewards))

    def well(self) -> Gain:
        """The well's seals and its two tiles' backs (castle.fields.well)."""
        back = _most(self.action(d.back) for d in self.data.die_tiles)
        return _add((0, 0, self.data.board.well.seals, 0), _times(2, back))


@attrs.frozen
class CountBounds:
    """Upper bounds on what play adds to a family's coins, points and seals and to the
    marker stamp (:func:`count_bounds`)."""

    turn: Gain
    """One turn of a player: the die's placement coins and its field's actions, the
    lantern bonus, and every castle, garden or training action the seat can still make."""
    rival_turn: Gain
    """One turn of the solo rival (zero without one)."""
    game: Gain
    """The rest of a game from any position, for one player: nine dice, the figures'
    actions once, two rounds' gardeners and the starting goods."""
    coins: int
    """What the rest of a game can add to coins, seals exchanged included."""
    points: int
    """What it can add to points (the rival's coins turned into points included)."""
    stamp: int
    """What it can add to the marker stamp (one per marker move)."""


@functools.lru_cache(maxsize=16)  # bounded: every game with its own data is a new key
def count_bounds(game: CastleGame) -> CountBounds:
    """What the rest of a game can add to a count, derived from the rules and the data
    (found after issue 19). A turn places one die (castle.turn.place: coins up to the
    largest die less the smallest value it covers) and resolves its field's actions
    (castle.fields.*: every section of a room card, an outside choice, the well, a family
    row) and, for a left die, the lantern bonus (castle.lantern.bonus: every source at
    most once); each is bounded by its free closure (:class:`_Closure`); castle, garden
    and training actions are bounded by the figures they move, at most
    :data:`FIGURE_PIECES` in a game, each worth the best ascent (a light section, or the
    lantern bonus and a Daimyo space, castle.actions.level3), garden or training ground.
    The rest of a game has at most 3 rounds of 3 turns per seat (castle.round.end), two
    round ends of gardener activations (castle.round.gardeners: five gardeners each) and
    the starting goods (castle.setup.pairs). Seals become coins one for one
    (castle.seals.exchange), so the coins' bound adds every seal a family may hold (40)
    and gain. The final scoring (castle.score.*) is worked out, never added to the
    counts. Solo, the rival's turn takes one die (castle.solo.place: its coins) and two
    cards' actions (castle.solo.actions; an undone one scores the round number,
    castle.solo.undone), its gardeners score the round number (castle.solo.gardeners)
    and its coins become at most as many points (castle.solo.round_end)."""
    c = _Closure(game)
    t, data = game.tables, game.data
    lowest = min(1, *t.printed)
    place = (6 - lowest, 0, 0, 0)
    rooms = _most(_add(_ZERO, *(c.action(x.effects) for x in card.sections)) for card in t.cards)
    outside = _most(
        c.effect(Effect(Symbol.CHOICE, 1, tuple(o.options))) for o in data.board.outside
    )
    field = _most((rooms, outside, c.well(), _most(c.row(r) for r in range(3))))
    section = _most(c.action(x.effects) for card in t.cards for x in card.sections)
    daimyo = _most(c.action(x) for card in data.level3 for x in card.spaces)
    ascent = _most((section, _add(c.lantern(), daimyo)))
    garden = _most(c.action(g.action) for g in data.gardens)
    faces = sorted((_most((c.action(x.blue), c.action(x.beige))) for x in data.training),
                   reverse=True)  # fmt: skip
    slots = max(len(g.sides) for g in data.board.grounds)
    training = _add(_ZERO, *faces[:slots]) if slots else _ZERO
    figures = _times(FIGURE_PIECES, _most((ascent, garden, training)))
    die = _add(place, field, c.lantern())
    goods = _most(c.action(r.gains) for r in data.resources)
    rest = _add(_times(3 * 3, die), figures, _times(2 * FIGURES_PER_ROW, garden), goods)
    rival_turn = _ZERO
    rival_points = 0
    if game.variant.solo:
        cards = sorted((_add(_ZERO, *(c.effect(e) if e.symbol in (Symbol.COINS, Symbol.VP)
                                     else (0, 3, 0, 1) for e in card.actions))
                        for card in data.solo), reverse=True)  # fmt: skip
        rival_turn = _add(place, _most(cards), _most(cards))
        rival_points = 3 * 3 * rival_turn[1] + 2 * FIGURES_PER_ROW * 3
    coins = rest[0] + rest[2] + SEALS_HELD
    rival_coins = 3 * 3 * rival_turn[0]
    return CountBounds(
        turn=_add(die, figures),
        rival_turn=rival_turn,
        game=rest,
        coins=max(coins, rival_coins),
        points=max(rest[1], rival_points + rival_coins),
        stamp=game.players * rest[3] + 3 * 3 * rival_turn[3],
    )
