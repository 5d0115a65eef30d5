"""The White Castle's bounds: the longest game, the widest chance node, the returns, and
what the rest of a game can add to coins, points and the marker stamp
(:func:`count_bounds`, which the position loader leaves room for; found after issue 19).

``tests/castle`` checks them against random play of every variant
(``test_count_bounds.py``: no turn adds more than its bound).
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

Gain = tuple[int, int, int, int, int]
"""An upper bound on (coins, points, seals, marker moves, lantern bonuses) one piece of
play adds; the last counts the lantern bonuses taken, for a position whose lantern areas
hold more than play puts there (:meth:`CountBounds.lanterns`)."""
_ZERO: Gain = (0, 0, 0, 0, 0)
_ONE_LANTERN: Gain = (0, 0, 0, 0, 1)
SEALS_HELD = 40
"""The most seals a position holds (the range of ``Family.seals``)."""
_FIGURE_ACTIONS = frozenset({Symbol.CASTLE, Symbol.GARDEN, Symbol.TRAINING})
_TILES = frozenset({Symbol.ANY_TILE, Symbol.RED_TILE, Symbol.BLACK_TILE, Symbol.WHITE_TILE})
FIGURE_PIECES = 3 * FIGURES_PER_ROW + FIGURES_PER_ROW + FIGURES_PER_ROW
"""The most castle, garden and training actions that still do something in the rest of
a game: each moves a courtier up a level (three levels, five courtiers), or places one of
five gardeners or five warriors (castle.actions.castle, .garden, .training)."""


def add(*gains: Gain) -> Gain:
    """The sum of ``gains``, count by count."""
    a, b, c, d, e = (sum(g[i] for g in gains) for i in range(5))
    return (a, b, c, d, e)


def _most(gains: Iterable[Gain]) -> Gain:
    """Each count's largest value among ``gains`` (a bound on any one of them)."""
    out = _ZERO
    for g in gains:
        a, b, c, d, e = (max(x, y) for x, y in zip(out, g, strict=True))
        out = (a, b, c, d, e)
    return out


def times(k: int, g: Gain) -> Gain:
    """``g`` ``k`` times over."""
    return (k * g[0], k * g[1], k * g[2], k * g[3], k * g[4])


class Closure:
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
        gain = add(_ZERO, *(self.effect(e) for e in effects))
        self.open.discard(effects)
        self.memo[effects] = gain
        return gain

    def effect(self, e: Effect) -> Gain:
        t, s = self.t, e.symbol
        if s is Symbol.COINS:
            return (e.amount, 0, 0, 0, 0)
        if s is Symbol.VP:
            return (0, e.amount, 0, 0, 0)
        if s is Symbol.SEALS:
            return (0, 0, e.amount, 0, 0)
        if s is Symbol.INFLUENCE:
            return (0, 0, 0, 1, 0)
        if s is Symbol.LANTERN:
            return add(self.lantern(), _ONE_LANTERN)
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
        if s is Symbol.SECTION and 0 <= e.amount < len(t.cards):  # a light section
            card = t.cards[e.amount]
            return _most(self.action(card.sections[k].effects) for k in t.light[e.amount])
        if s is Symbol.DAIMYO:
            return self.daimyo()
        return _ZERO  # resources, costs, and the figure actions (pieces of their own)

    def daimyo(self) -> Gain:
        """The best Daimyo space of any level 3 card."""
        return _most(self.action(x) for card in self.data.level3 for x in card.spaces)

    def ascent(self) -> Gain:
        """A courtier's ascent: a light section on level 1 or 2, or on level 3 the
        lantern bonus and a Daimyo space (castle.actions.level3)."""
        t = self.t
        section = _most(self.action(c.sections[k].effects) for i, c in enumerate(t.cards)
                        for k in t.light[i])  # fmt: skip
        return _most((section, add(self.lantern(), _ONE_LANTERN, self.daimyo())))

    def rival(self, e: Effect) -> Gain:
        """One action of the solo rival: its coins or points, else at most a marker move
        or the round number (3 at most) for an action it cannot do (castle.solo.undone)."""
        if e.symbol in (Symbol.COINS, Symbol.VP):
            return self.effect(e)
        return (0, 3, 0, 1, 0)

    def lantern(self) -> Gain:
        """Every lantern source at once: a lantern area holds each at most once."""
        return add(_ZERO, *(self.action(x) for x in self.t.lantern))

    def row(self, r: int) -> Gain:
        """A family row: the largest row card action beside it and all its rewards."""
        rewards = self.data.board.family[r].rewards
        card = _most(self.action(rows[r]) for rows in self.t.rows_of_card)
        return add(card, *(self.action(x) for x in rewards))

    def well(self) -> Gain:
        """The well's seals and its two tiles' backs (castle.fields.well)."""
        back = _most(self.action(d.back) for d in self.data.die_tiles)
        return add((0, 0, self.data.board.well.seals, 0, 0), times(2, back))


@attrs.frozen
class CountBounds:
    """Upper bounds on what play adds to a family's coins, points and seals and to the
    marker stamp (:func:`count_bounds`). Each :data:`Gain` is (coins, points, seals,
    marker moves, lantern bonuses)."""

    die: Gain
    """One die of a player: its placement coins, its field's actions and the lantern
    bonus, the castle, garden and training actions among them left out."""
    figure: Gain
    """One castle, garden or training action: the best ascent, garden or ground."""
    rival_turn: Gain
    """One turn of the solo rival (zero without one)."""
    game: Gain
    """The rest of a game from any position with an empty agenda, for one player: nine
    dice, every figure's action, two rounds' gardeners and the starting goods."""
    coins: int
    """What the rest of a game can add to coins, seals exchanged included."""
    points: int
    """What it can add to points (the rival's coins turned into points included)."""
    stamp: int
    """What it can add to the marker stamp (one per marker move, every seat's)."""
    closure: Closure = attrs.field(eq=False, repr=False)

    @property
    def turn(self) -> Gain:
        """One turn of a player: its die and every figure's action it can still make."""
        return add(self.die, times(FIGURE_PIECES, self.figure))

    def lanterns(self, sources: Iterable[int]) -> Gain:
        """What a lantern area's ``sources`` add each time its bonus is taken, beyond the
        bound's one of each source (a position written by hand may hold a source twice,
        and play may still add every source once more)."""
        return add(_ZERO, *(self.closure.action(self.closure.t.lantern[i]) for i in sources))

    def pending(self, tasks: Iterable[Effects]) -> Gain:
        """What the tasks already on an agenda add (a loaded position may hold some)."""
        return add(_ZERO, *(self.closure.action(task) for task in tasks))


@functools.lru_cache(maxsize=16)  # bounded: every game with its own data is a new key
def count_bounds(game: CastleGame) -> CountBounds:
    """What the rest of a game can add to a count, derived from the rules and the data
    (found after issue 19). A die placed brings coins up to the largest die less the
    smallest value it covers (castle.turn.place), its field's actions (castle.fields.*:
    every section of a room card, an outside choice, the well, a family row) and, for a
    left die, the lantern bonus (castle.lantern.bonus: every source at most once), each
    bounded by its free closure (:class:`Closure`). Castle, garden and training actions
    are bounded by the figures they move, at most :data:`FIGURE_PIECES` in a game, each
    worth the best ascent (a light section, or the lantern bonus and a Daimyo space,
    castle.actions.level3), garden or training ground (every tile of it). The rest of a
    game has at most 3 rounds of 3 dice per seat (castle.round.end), two round ends of
    gardener activations (castle.round.gardeners: five gardeners at most) and the
    starting goods (castle.setup.pairs). Seals become coins one for one
    (castle.seals.exchange), so the coins' bound adds every seal gained and the most a
    family holds (:data:`SEALS_HELD`). The final scoring (castle.score.*) is worked out
    for the returns, never added to the counts. Solo, the rival's turn places a die
    (castle.solo.place: its coins) and does two cards' actions (castle.solo.actions;
    coins, points or a marker move, an undone one scores the round number,
    castle.solo.undone), its gardeners score the round number (castle.solo.gardeners),
    and its coins become at most as many points (castle.solo.round_end)."""
    c = Closure(game)
    t, data = game.tables, game.data
    place: Gain = (6 - min(1, *t.printed), 0, 0, 0, 0)
    rooms = _most(add(_ZERO, *(c.action(x.effects) for x in card.sections)) for card in t.cards)
    outside = _most(
        c.effect(Effect(Symbol.CHOICE, 1, tuple(o.options))) for o in data.board.outside
    )
    field = _most((rooms, outside, c.well(), _most(c.row(r) for r in range(3))))
    garden = _most(c.action(g.action) for g in data.gardens)
    face = _most(c.action(f) for x in data.training for f in (x.blue, x.beige))
    slots = max((len(g.sides) for g in data.board.grounds), default=0)
    training = times(slots, face)  # a tile per slot (a loaded one may lie twice)
    figure = _most((c.ascent(), garden, training))
    die = add(place, field, c.lantern(), _ONE_LANTERN)
    goods = _most(c.action(r.gains) for r in data.resources)
    rest = add(
        times(3 * 3, die),
        times(FIGURE_PIECES, figure),
        times(2 * FIGURES_PER_ROW, garden),
        goods,
    )
    rival_turn = _ZERO
    rival_points = 0
    if game.variant.solo:
        card = _most(add(_ZERO, *(c.rival(e) for e in x.actions)) for x in data.solo)
        rival_turn = add(place, card, card)
        rival_points = 3 * 3 * rival_turn[1] + 2 * FIGURES_PER_ROW * 3
    rival_coins = 3 * 3 * rival_turn[0]
    return CountBounds(
        die=die,
        figure=figure,
        rival_turn=rival_turn,
        game=rest,
        coins=max(rest[0] + rest[2] + SEALS_HELD, rival_coins),
        points=max(rest[1], rival_points + rival_coins),
        stamp=game.players * rest[3] + 3 * 3 * rival_turn[3],
        closure=c,
    )


# --- how much a position's lists can hold (issue 28) ----------------------------------------


def lantern_most(game: CastleGame) -> int:
    """The most sources a lantern area holds: a family's starting resource card and the
    bonus card that comes with it (castle.setup.pairs), then the row card each courtier
    gives up when it lands on level 1 and on level 2 and takes that room's card
    (castle.actions.card_swap: twice per courtier at most, as it only climbs)."""
    bonus = 1 if game.data.bonuses else 0
    return 1 + bonus + 2 * FIGURES_PER_ROW


def rival_tasks_most(game: CastleGame) -> int:
    """The most actions the solo rival has waiting: those of the two cards its turn
    reveals last (castle.solo.actions)."""
    return 2 * max((len(card.actions) for card in game.data.solo), default=0)


@functools.lru_cache(maxsize=16)  # bounded: every game with its own data is a new key
def agenda_depth(game: CastleGame) -> int:
    """The most frames a turn's agenda holds (found after issue 28, where a position of
    3,000 pending frames loaded): the frames a die placed starts (castle.turn.field_actions:
    a room's sections, an outside choice, the well, a family row's card action and its
    rewards) with the lantern bonus on top (castle.lantern.bonus), or a round end's garden
    actions (castle.round.gardeners), and every frame the resolution of their tasks
    pushes, recursively (:class:`Depth`). The data has no cycle of free actions
    (``data._check_cycles``); a cycle through a castle, garden or training action moves a
    figure each time round, so it ends within :data:`FIGURE_PIECES` such actions."""
    d = Depth(game)
    t, data, k = game.tables, game.data, FIGURE_PIECES
    lantern = (t.lantern,)
    starts = [
        *(((tuple(x.effects for x in card.sections)), *lantern) for card in t.cards),
        *((((Effect(Symbol.CHOICE, 1, tuple(o.options)),),), *lantern) for o in data.board.outside),
        ((*(d.back for d in data.die_tiles), (Effect(Symbol.SEALS, data.board.well.seals),)),
         *lantern),
        *(((rows[r],), data.board.family[r].rewards, *lantern)
          for rows in t.rows_of_card for r in range(3)),
        (tuple(g.action for g in data.gardens),),
        (tuple(r.gains for r in data.resources),),
    ]  # fmt: skip
    return max(d.frames(frames, k) for frames in starts)


class Depth:
    """How many frames resolving an effect can push above the frame it lies in, with
    ``k`` castle, garden or training actions still able to move a figure
    (:func:`agenda_depth`). Where the state decides what is pushed (which room, garden,
    Daimyo space or lantern source) the largest of all is taken."""

    def __init__(self, game: CastleGame) -> None:
        self.game, self.t, self.data = game, game.tables, game.data
        self.memo: dict[tuple[Effect, int], int] = {}

    def frames(self, frames: Iterable[Iterable[Effects]], k: int) -> int:
        """Frames pushed at once, the last on top: each is resolved with those below it
        still there."""
        kept = [tuple(f) for f in frames]
        kept = [f for f in kept if f]
        return max((j + 1 + self.frame(f, k) for j, f in enumerate(kept)), default=0)

    def frame(self, frame: Iterable[Effects], k: int) -> int:
        return max((self.task(x, k) for x in frame), default=0)

    def task(self, task: Effects, k: int) -> int:
        return max((self.effect(e, k) for e in task), default=0)

    def effect(self, e: Effect, k: int) -> int:
        key = (e, k)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._effect(e, k)
        return found

    def _effect(self, e: Effect, k: int) -> int:
        t, data, s = self.t, self.data, e.symbol
        if s is Symbol.CHOICE:
            return max((1 + self.effect(Effect(o, 1), k) for o in e.options), default=0)
        if s is Symbol.LANTERN:
            return self.frames([t.lantern], k)
        if s is Symbol.CASTLE:  # an audience, then an ascent (castle.actions.castle)
            return 1 + self.effect(Effect(Symbol.ASCENT), k)
        if k == 0 and s in _FIGURE_ACTIONS | {Symbol.ASCENT}:
            return 0  # no figure left to move: nothing to do (castle.actions.no_figure)
        if s is Symbol.ASCENT:  # a room's light section, or on level 3 lantern and Daimyo
            sections = max(
                self.effect(Effect(Symbol.SECTION, c), k - 1) for c in range(len(t.cards))
            )
            level3 = self.task((Effect(Symbol.LANTERN), Effect(Symbol.DAIMYO)), k - 1)
            return 1 + max(sections, level3)
        if s is Symbol.TRAINING:
            return self.frames([[f for x in data.training for f in (x.blue, x.beige)]], k - 1)
        if s is Symbol.GARDEN:
            return self.frames([[g.action for g in data.gardens]], k - 1)
        if s is Symbol.SECTION:
            light = t.light[e.amount] if 0 <= e.amount < len(t.cards) else ()
            return self.frames([[t.cards[e.amount].sections[i].effects for i in light]], k)
        if s in _ROOM_SECTIONS:
            return self.frames([[x.effects for c in t.cards for x in c.sections]], k)
        if s is Symbol.DAIMYO:
            return self.frames([[x for card in data.level3 for x in card.spaces]], k)
        if s is Symbol.WELL:
            return self.frames([[d.back for d in data.die_tiles]], k)
        if s is Symbol.FAMILY:
            return max(
                self.frames([(rows[r],), data.board.family[r].rewards], k)
                for rows in t.rows_of_card
                for r in range(3)
            )
        return 0


_ROOM_SECTIONS = _TILES | {Symbol.LIGHT}
"""Symbols that push one section of a card in the castle (castle.symbols.in_castle)."""
