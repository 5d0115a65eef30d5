"""Scoring and the winner (rulebook section "Wertung" and the last lines of "Spielende").

Pure functions: a rules lawyer can score any tiles without building a state.

>>> from rulespec.mandala.components import Tile
>>> flower_points(Tile.parse("red-x3"), Tile.parse("red-7"))
21
>>> flower_points(Tile.parse("green-2"), Tile.parse("green-5"))
9
>>> tile_points(Tile.parse("purple-x3"))
0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from rulespec.core import trace
from rulespec.core.api import Outcome
from rulespec.core.tensor import Positions
from rulespec.core.trace import decided
from rulespec.core.words import seats
from rulespec.mandala.components import Face, Tile


@attrs.frozen
class Holdings:
    """The tiles in front of one player: loose tiles and flowers (pairs, never split)."""

    loose: frozenset[Tile] = frozenset()
    flowers: tuple[tuple[Tile, Tile], ...] = attrs.field(
        default=(), metadata={"tensor": Positions()}
    )
    """In the order formed; as a tensor, per tile the flower it is in (which pair, when a
    seat holds two flowers of one colour, decides their points)."""

    def receive(self, tile: Tile) -> Holdings:
        """These holdings after taking ``tile``, forming a flower if one is due.

        Rule mandala.flowers.form: a tile whose colour is already lying loose joins it in a
        flower at once. Ruling mandala.flowers.third_tile: tiles inside a flower do not
        count, so a third tile of a colour lies loose until a fourth arrives.
        """
        for other in self.loose:
            if other.colour == tile.colour:
                if trace.TRACING:
                    decided(
                        "mandala.flowers.form",
                        f"{other.label} and {tile.label} are of one colour: they form a flower",
                    )
                pair = (other, tile) if other < tile else (tile, other)
                return Holdings(self.loose - {other}, (*self.flowers, pair))
        if any(a.colour == tile.colour for a, _ in self.flowers) and trace.TRACING:
            decided(
                "mandala.flowers.third_tile",
                f"{tile.label} is a third {tile.colour.label} tile: the other two are a flower "
                "already, so it lies loose",
            )
        return Holdings(self.loose | {tile}, self.flowers)

    @property
    def tiles(self) -> frozenset[Tile]:
        """Every tile, loose or in a flower."""
        return self.loose.union(*self.flowers)

    @property
    def flower_count(self) -> int:
        """Number of flowers formed (three trigger the end: mandala.end.third_flower)."""
        return len(self.flowers)


def tile_points(tile: Tile) -> int:
    """A loose tile: its printed value (mandala.scoring.single), 0 for a loose '×3'
    (mandala.scoring.single_triple)."""
    if tile.face is Face.TIMES_THREE:
        if trace.TRACING:
            decided("mandala.scoring.single_triple", f"a loose {tile.label} scores nothing")
        return 0
    if trace.TRACING:
        decided("mandala.scoring.single", f"a loose {tile.label} scores {tile.face.value_points}")
    return tile.face.value_points


def flower_points(a: Tile, b: Tile) -> int:
    """A flower: three times the other tile if one is the '×3' (mandala.scoring.flower_triple),
    else twice the lower value plus the higher (mandala.scoring.flower_plain)."""
    for triple, other in ((a, b), (b, a)):
        if triple.face is Face.TIMES_THREE:
            points = 3 * other.face.value_points
            if trace.TRACING:
                decided(
                    "mandala.scoring.flower_triple",
                    f"the flower {a.label} + {b.label} scores three times "
                    f"{other.face.value_points}, {points}",
                )
            return points
    low, high = sorted((a.face.value_points, b.face.value_points))
    if trace.TRACING:
        decided(
            "mandala.scoring.flower_plain",
            f"the flower {a.label} + {b.label} scores twice {low} plus {high}, {2 * low + high}",
        )
    return 2 * low + high


def score(holdings: Holdings) -> int:
    """All points of one player's tiles."""
    return sum(tile_points(t) for t in holdings.loose) + sum(
        flower_points(a, b) for a, b in holdings.flowers
    )


def winners(scores: Sequence[int], cards_in_hand: Sequence[int]) -> frozenset[int]:
    """Seats that win: most points (mandala.winner.most_points), then most cards left in
    hand (mandala.winner.tiebreak_cards); a remaining tie is shared (mandala.winner.shared).

    >>> sorted(winners([10, 12, 12], [3, 1, 4]))
    [2]
    >>> sorted(winners([12, 12], [2, 2]))
    [0, 1]
    """
    keys = list(zip(scores, cards_in_hand, strict=True))
    best = max(keys)
    won = frozenset(s for s, k in enumerate(keys) if k == best)
    if trace.TRACING:
        tied = [s for s, p in enumerate(scores) if p == best[0]]
        decided(
            "mandala.winner.most_points",
            f"{seats(tied)} {'has' if len(tied) == 1 else 'have'} the most points, {best[0]}",
        )
        if len(tied) > 1:
            then = f"decide for {seats(sorted(won))}" if len(won) == 1 else "are a tie too"
            decided(
                "mandala.winner.tiebreak_cards",
                f"{seats(tied)} tie at {best[0]} points; the most cards left in hand, "
                f"{best[1]}, {then}",
            )
        if len(won) > 1:
            decided(
                "mandala.winner.shared",
                f"{seats(sorted(won))} tie on points and on cards left in hand: they share the win",
            )
    return won


def outcome(holdings: Iterable[Holdings], cards_in_hand: Sequence[int]) -> Outcome:
    """The final :class:`~rulespec.Outcome`: scores, the card tie-break and the winners."""
    scores = tuple(score(h) for h in holdings)
    return Outcome(
        scores=scores,
        tiebreaks=tuple((n,) for n in cards_in_hand),
        winners=winners(scores, cards_in_hand),
    )
