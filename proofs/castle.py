"""z3 proofs of The White Castle's rules.

Each claim encodes a rule function of :mod:`rulespec.castle` (or a count from the variant
table) as z3 expressions; ``tests/proofs/test_castle_encodings.py`` checks every encoding
against the code on sampled inputs and on random games, so a proof here is about the
code, not about a retelling of it.
"""

from __future__ import annotations

import z3

from rulespec.castle.components import MAX_RESOURCE, MAX_SEALS
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
    """A resource track after a gain (castle.resources.cap; engine.gain_resources)."""
    return z3.If(r + gain > MAX_RESOURCE, MAX_RESOURCE, r + gain)


def coins_after(coins: Z, die: Z, covered: Z) -> Z:
    """Coins after placing ``die`` on a field showing ``covered`` (engine.place)."""
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
    to the left end keeps the dice sorted."""
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
    points = court[0] + 3 * court[1] + 6 * court[2] + 10 * court[3]
    inside = court[1] + court[2] + court[3]
    return facts, points + warriors * inside + garden <= 150


def _reveal_ends() -> Built:
    """Each flip moves a card from the deck to the row; 9 cards end the reveal."""
    deck, row = z3.Ints("deck row")
    return [deck + row == 9, deck >= 0, row >= 0], z3.Implies(deck == 0, row == 9)


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
        "castle.turn.stacking:canary_third_die",
        "castle.turn.stacking",
        "Canary (false on purpose): a field with two dice takes a third",
        _canary,
        expect=Expect.COUNTEREXAMPLE,
    ),
)
