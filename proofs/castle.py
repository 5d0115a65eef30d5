"""z3 proofs of The White Castle's rules.

Each claim encodes a rule function of :mod:`rulespec.castle` (or a count from the variant
table) as z3 expressions; ``tests/proofs/test_castle_encodings.py`` checks every encoding
against the code on sampled inputs and on random games, so a proof here is about the
code, not about a retelling of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import z3

from rulespec.castle import data as castle_data
from rulespec.castle.components import (
    COLOURS,
    MAX_RESOURCE,
    MAX_SEALS,
    CastleData,
    Colour,
)
from rulespec.castle.tables import TILE_SLOTS, Tables
from rulespec.castle.variant import TYPED

from .harness import Built, Claim, Expect
from .z3util import Z

PLAYER_COUNTS = (1, 2, 3, 4)
FIGURES = 5
DIE = (1, 6)


def dice_per_colour(players: int) -> int:
    """The variant table's row (castle.setup.dice)."""
    difficulty = "medium" if players == 1 else "none"
    return TYPED.variant(players=players, difficulty=difficulty).dice_per_colour


def seats(players: int) -> int:
    """Seats taking turns: the players, and the rival in solo play."""
    return players + (1 if players == 1 else 0)


def capped(r: Z, gain: Z) -> Z:
    """A resource track after a gain: :func:`rulespec.castle.rules.capped_gain`."""
    return z3.If(r + gain > MAX_RESOURCE, MAX_RESOURCE, r + gain)


def coins_after(coins: Z, die: Z, covered: Z) -> Z:
    """Coins after placing ``die`` on a field showing ``covered``:
    :func:`rulespec.castle.rules.placement_coins`."""
    return coins + die - covered


def _three_dice_left() -> Built:
    """3 colours × dice per colour, less one die per turn (3 per seat), leaves 3."""
    goals = [3 * dice_per_colour(n) - 3 * seats(n) == 3 for n in PLAYER_COUNTS]
    return [], z3.And(*[z3.BoolVal(g) for g in goals])


def _seals_suffice() -> Built:
    held = [z3.Int(f"seals_{p}") for p in range(4)]
    bounds = [z3.And(h >= 0, h <= MAX_SEALS) for h in held]
    return bounds, z3.Sum(held) <= 20


def _coin_delta() -> Built:
    coins, die, covered = z3.Ints("coins die covered")
    after = coins_after(coins, die, covered)
    legal = [coins >= 0, DIE[0] <= die, die <= DIE[1], covered >= 1, covered <= DIE[1], after >= 0]
    return legal, z3.And(after - coins <= 5, coins - after <= 5, (after > coins) == (die > covered))


def _just_in_time() -> Built:
    """An exchange into a resource before or after a gain gives the same track."""
    r, a, g = z3.Ints("r a g")
    ranges = [r >= 0, r <= MAX_RESOURCE, a >= 0, g >= 0]
    return ranges, capped(capped(r, a), g) == capped(capped(r, g), a)


def _bridge_sorted() -> Built:
    """Taking the left die of a full sorted bridge of 5 and moving the nearest middle die
    to the left end (:func:`rulespec.castle.rules.take_die`) keeps the dice sorted."""
    v = [z3.Int(f"v{i}") for i in range(5)]
    sorted_ = [z3.And(DIE[0] <= x, x <= DIE[1]) for x in v] + [v[i] <= v[i + 1] for i in range(4)]
    after = [v[1], v[2], v[3], v[4]]  # the left slot now holds v1; v2, v3, v4 stay
    return sorted_, z3.And(*[after[i] <= after[i + 1] for i in range(3)])


def _score_bound() -> Built:
    """Figures score at most 50 (courtiers) + 10 × 5 (warriors × courtiers inside) + 5 ×
    the best garden; with gardens worth at most 10: 150."""
    court = [z3.Int(f"c{i}") for i in range(4)]
    warriors = z3.Int("warrior_points")
    garden = z3.Int("garden_points")
    facts = [c >= 0 for c in court] + [z3.Sum(court) <= FIGURES, warriors >= 0, warriors <= 10]
    facts += [garden >= 0, garden <= 50]
    points = court[0] + 3 * court[1] + 6 * court[2] + 10 * court[3]  # rules.courtier_points
    inside = court[1] + court[2] + court[3]
    return facts, points + warriors * inside + garden <= 150


def _reveal_ends() -> Built:
    """Each flip moves a card from the deck to the row; 9 cards end the reveal."""
    deck, row = z3.Ints("deck row")
    return [deck + row == 9, deck >= 0, row >= 0], z3.Implies(deck == 0, row == 9)


# --- chains end on accepted data (castle.coins.costs; the loader's cycle check) -------------


def effect_graph(castle: CastleData) -> dict[str, set[str]]:
    """The free-trigger graph the loader checks (data._check_cycles): each printed action
    to the groups its symbols before the first cost trigger without paying, each group
    to its actions (the encoding test checks it is the graph the loader builds)."""
    values = {f.name: getattr(castle, f.name) for f in attrs.fields(type(castle))}
    return castle_data.trigger_graph(list(castle_data._actions(values)))


def walk(graph: Mapping[str, set[str]], steps: int, prefix: str = "at") -> list[z3.BoolRef]:
    """A chain of ``steps`` free triggers through ``graph``: ``at_i_n`` says the chain's
    i-th action is node n (exactly one per position), and each is followed by one it
    triggers. Satisfiable exactly when such a chain exists."""
    nodes = sorted(graph)
    at = [[z3.Bool(f"{prefix}_{i}_{n}") for n in range(len(nodes))] for i in range(steps + 1)]
    index = {node: n for n, node in enumerate(nodes)}
    facts: list[z3.BoolRef] = []
    for i, row in enumerate(at):
        facts.append(z3.PbEq([(b, 1) for b in row], 1))
        if i == steps:
            continue
        for n, node in enumerate(nodes):
            nxt = [at[i + 1][index[m]] for m in sorted(graph[node]) if m in index]
            facts.append(z3.Implies(row[n], z3.Or(*nxt) if nxt else z3.BoolVal(False)))
    return facts


def chain_bound(graph: Mapping[str, set[str]]) -> int:
    """Triggers after which a chain must have repeated an action: one more than the
    actions that trigger anything."""
    return sum(1 for targets in graph.values() if targets) + 1


def _default_chains_end() -> Built:
    """On the shipped data, no chain of free triggers is longer than the bound."""
    graph = effect_graph(castle_data.default())
    return [], z3.Not(z3.And(*walk(graph, chain_bound(graph))))


SHAPE_NODES = 6
"""Actions in the symbolic data shape (a smaller shape is one with actions that trigger
nothing and are triggered by nothing); a chain of this many triggers repeats an action."""


def edges(nodes: int, prefix: str = "e") -> list[list[z3.BoolRef]]:
    """A symbolic free-trigger graph: ``e_u_v`` says action u triggers v for free."""
    return [[z3.Bool(f"{prefix}_{u}_{v}") for v in range(nodes)] for u in range(nodes)]


def accepted(e: Sequence[Sequence[z3.BoolRef]]) -> list[z3.BoolRef]:
    """The loader's cycle check (data._check_cycles) as a fact: the graph has no cycle
    exactly when its actions can be ranked so that every free trigger goes to a lower rank
    (a topological order; the encoding test checks this against data._cycles)."""
    rank = [z3.Int(f"rank_{u}") for u in range(len(e))]
    return [z3.Implies(e[u][v], rank[u] > rank[v]) for u in range(len(e)) for v in range(len(e))]


def chain(steps: int) -> list[z3.ArithRef]:
    """The actions of a chain of ``steps`` triggers, by number."""
    return [z3.Int(f"x_{i}") for i in range(steps + 1)]


def in_graph(nodes: int, x: Sequence[z3.ArithRef]) -> list[z3.BoolRef]:
    """Each action of the chain is one of the graph's ``nodes``."""
    return [z3.And(v >= 0, v < nodes) for v in x]


def symbolic_walk(e: Sequence[Sequence[z3.BoolRef]], x: Sequence[z3.ArithRef]) -> z3.BoolRef:
    """``x`` is a chain of free triggers through the symbolic graph ``e``."""
    n = len(e)
    facts: list[z3.BoolRef] = []
    for i in range(len(x) - 1):
        facts.append(
            z3.Or(*[z3.And(x[i] == u, x[i + 1] == v, e[u][v]) for u in range(n) for v in range(n)])
        )
    return z3.And(*facts)


def _any_accepted_chains_end() -> Built:
    """On any accepted shape of ``SHAPE_NODES`` actions, no chain is that long."""
    e, x = edges(SHAPE_NODES), chain(SHAPE_NODES)
    return [*accepted(e), *in_graph(SHAPE_NODES, x)], z3.Not(symbolic_walk(e, x))


def _canary_unchecked_chains_end() -> Built:
    """False on purpose: without the loader's cycle check a chain can run on (a free
    cycle, the shape the loader refuses)."""
    e, x = edges(SHAPE_NODES), chain(SHAPE_NODES)
    return in_graph(SHAPE_NODES, x), z3.Not(symbolic_walk(e, x))


# --- the die tiles' setup (castle.setup.die_tiles, castle.de:93-99) ---------------------------

EMPTY = -1


def monochrome(t: Tables, slots: Sequence[Z], slot: int, colour: Z) -> z3.BoolRef:
    """A ``colour`` tile on numbered slot ``slot`` (0-based) is its room's last tile and
    leaves the room in one colour (setup._monochrome)."""
    number = slot + 1
    for numbers, diamonds in zip(t.room_slots, t.diamond_colour, strict=True):
        if number not in numbers:
            continue
        others: list[z3.BoolRef] = []
        for n, d in zip(numbers, diamonds, strict=True):
            if n == number:
                continue
            if n == 0:
                assert d is not None
                others.append(colour == int(d))
            else:
                others.append(z3.And(slots[n - 1] != EMPTY, slots[n - 1] == colour))
        return z3.And(*others)
    return z3.BoolVal(False)


def place_tile(t: Tables, slots: Sequence[Z], colour: Z, later: Sequence[Z]) -> list[Z]:
    """The numbered slots after one tile of ``colour`` is dealt, ``later`` the colours of
    the tiles still in the pile (setup._tile): to the lowest free slot, or on to the first
    later free slot where it leaves no room one-coloured when it would and another colour
    is left to draw."""
    free = [s == EMPTY for s in slots]
    first = [z3.And(free[j], *[z3.Not(f) for f in free[:j]]) for j in range(len(slots))]
    mono = [monochrome(t, slots, j, colour) for j in range(len(slots))]
    other_left = z3.Or(*[c != colour for c in later]) if later else z3.BoolVal(False)
    ok = [z3.And(free[j], z3.Not(mono[j])) for j in range(len(slots))]
    # hit: the lowest free slot is j and the first later free slot that is not monochrome
    # is later_slot (setup._tile's search)
    moved = [z3.BoolVal(False)] * len(slots)
    found: list[z3.BoolRef] = []
    for j in range(len(slots)):
        for later_slot in range(j + 1, len(slots)):
            hit = z3.And(first[j], ok[later_slot], *[z3.Not(o) for o in ok[j + 1 : later_slot]])
            moved[later_slot] = z3.Or(moved[later_slot], hit)
            found.append(hit)
    at_first_mono = z3.Or(*[z3.And(first[j], mono[j]) for j in range(len(slots))])
    moving = z3.And(at_first_mono, other_left, z3.Or(*found))
    return [z3.If(z3.If(moving, moved[j], first[j]), colour, slots[j]) for j in range(len(slots))]


def room_colours(t: Tables, slots: Sequence[Z], room: int) -> list[Z]:
    """The colours on ``room``'s slots, ♦ slots included."""
    return [
        z3.IntVal(int(d)) if n == 0 and d is not None else slots[n - 1]
        for n, d in zip(t.room_slots[room], t.diamond_colour[room], strict=True)
    ]


def tile_pile() -> dict[Colour, int]:
    """The numbered tiles of the default data by colour: all but one of each (♦)."""
    tiles = castle_data.default().die_tiles
    return {c: sum(1 for d in tiles if d.colour is c) - 1 for c in COLOURS}


def _tile_setup() -> Built:
    """Every room has two colours after the setup, for every colour order of the
    numbered tiles (expected false: the witness is an order where it fails)."""
    t = Tables.of(castle_data.default())
    pile = tile_pile()
    assert sum(pile.values()) == TILE_SLOTS  # every numbered tile is dealt
    order = [z3.Int(f"tile_{k}") for k in range(TILE_SLOTS)]
    facts: list[z3.BoolRef] = [z3.And(c >= 0, c < len(COLOURS)) for c in order]
    facts += [z3.Sum([z3.If(c == int(col), 1, 0) for c in order]) == n for col, n in pile.items()]
    slots: list[Z] = [z3.IntVal(EMPTY)] * TILE_SLOTS
    for k, colour in enumerate(order):
        slots = [z3.simplify(a) for a in place_tile(t, slots, colour, order[k + 1 :])]
    two = [
        z3.Or(*[a != b for a in room_colours(t, slots, r) for b in room_colours(t, slots, r)])
        for r in range(len(t.room_slots))
    ]
    return facts, z3.And(*two)


def _canary() -> Built:
    """False on purpose: two stacked dice leave room for a third (they do not)."""
    stacked = z3.Int("stacked")
    return [stacked == 2], stacked < 2


CLAIMS: tuple[Claim, ...] = (
    Claim(
        "castle.round.end:three_dice_left",
        "castle.round.end",
        "After three turns per seat, 3 dice remain on the bridges for 1 (with the rival), "
        "2, 3 and 4 players, from the variant table's dice per colour",
        _three_dice_left,
    ),
    Claim(
        "castle.seals.cap:twenty_suffice",
        "castle.seals.cap",
        "Four families of at most 5 seals never need more than the box's 20",
        _seals_suffice,
    ),
    Claim(
        "castle.turn.place:coin_delta",
        "castle.turn.place",
        "A legal placement changes coins by at most 5, gaining exactly when the die is higher",
        _coin_delta,
    ),
    Claim(
        "castle.seals.window:just_in_time_loses_nothing",
        "castle.seals.window",
        "A resource from seals capped at 7 gives the same track before or after another gain",
        _just_in_time,
    ),
    Claim(
        "castle.turn.take:bridges_stay_sorted",
        "castle.turn.take",
        "Taking an end die and closing the gap keeps a bridge sorted",
        _bridge_sorted,
    ),
    Claim(
        "castle.score.courtiers:figures_bounded",
        "castle.score.courtiers",
        "Figures score at most 150 with gardens worth at most 10 each",
        _score_bound,
    ),
    Claim(
        "castle.solo.reveal:reveal_ends",
        "castle.solo.reveal",
        "The rival's reveal flips at most the 9 cards",
        _reveal_ends,
    ),
    Claim(
        "castle.coins.costs:chains_end_on_default_data",
        "castle.coins.costs",
        "On the shipped data, no chain of free triggers (symbols before the first cost) "
        "outlasts one more step than the actions that trigger anything: every agenda ends",
        _default_chains_end,
    ),
    Claim(
        "castle.coins.costs:chains_end_on_accepted_data",
        "castle.coins.costs",
        f"On any data shape of {SHAPE_NODES} actions the loader's cycle check accepts, no "
        f"chain of free triggers runs {SHAPE_NODES} steps",
        _any_accepted_chains_end,
    ),
    Claim(
        "castle.coins.costs:canary_unchecked_chains_end",
        "castle.coins.costs",
        "Canary (false on purpose): without the loader's cycle check, chains of free "
        "triggers still end (a free cycle is the witness)",
        _canary_unchecked_chains_end,
        expect=Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "castle.setup.tile_swap_edge:two_colours_per_room",
        "castle.setup.tile_swap_edge",
        "Expected counterexample: the die tiles' setup leaves a room in one colour for "
        "some colour order of the numbered tiles (the witness is such an order)",
        _tile_setup,
        expect=Expect.COUNTEREXAMPLE,
        rlimit=35_000_000,  # about 10 times the 3.4 million units measured
    ),
    Claim(
        "castle.turn.stacking:canary_third_die",
        "castle.turn.stacking",
        "Canary (false on purpose): a field with two dice takes a third",
        _canary,
        expect=Expect.COUNTEREXAMPLE,
    ),
)
