"""One pure function per rule step of a Mandala turn, named after the rule it decides.

They take plain numbers and colours, not states, so a rules lawyer can ask "who gets
the tiles?" for a hand-made situation, and the z3 proofs can be checked against them.
:mod:`rulespec.mandala.state` calls exactly these functions.

>>> draw_count(hand_after_play=6, played=1, available=50)   # the rulebook's example
2
>>> claim(holder=0, totals=(5, 3, 3), ups=(2, 1, 2), runner_up_min_share=0)
Claim(holder=0, runner_up=2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

import attrs

from rulespec.core import trace
from rulespec.core.trace import decided
from rulespec.core.words import count
from rulespec.mandala.components import MAX_DRAW, MAX_HAND_FOR_DRAW, NUM_COLOURS, Colour


def draw_count(hand_after_play: int, played: int, available: int) -> int:
    """How many cards step 2 draws.

    None with eight or more cards left (mandala.draw.skip_at_eight) or after playing two or
    more (mandala.draw.none_after_two); after exactly one, up to four, to at most eight
    (mandala.draw.one_card_up_to_four, mandala.draw.exact_count), and never more than the
    draw and discard piles hold together (mandala.draw.exhausted).

    >>> draw_count(0, 1, 90), draw_count(5, 1, 90), draw_count(8, 1, 90), draw_count(3, 2, 90)
    (4, 3, 0, 0)
    >>> draw_count(2, 1, available=1)
    1
    """
    if played != 1 or hand_after_play >= MAX_HAND_FOR_DRAW:
        return 0
    return min(MAX_DRAW, MAX_HAND_FOR_DRAW - hand_after_play, available)


def leaves_hand_empty(hand_size: int, count: int, available: int) -> bool:
    """True if playing ``count`` of ``hand_size`` cards ends step 2 with no cards in hand,
    which mandala.hand.never_empty forbids.

    >>> leaves_hand_empty(3, 3, 90), leaves_hand_empty(1, 1, 90), leaves_hand_empty(1, 1, 0)
    (True, False, True)
    """
    after = hand_size - count
    return after + draw_count(after, count, available) == 0


def plays_face_up(colour: Colour, colours_present: Iterable[Colour]) -> bool:
    """Cards go face up only in a colour new to the mandala (mandala.play.face_up_if_new);
    the colours present are those of the tiles and of the face-up cards."""
    return colour not in colours_present


def new_holder(
    active: int,
    holder: int | None,
    totals: Sequence[int],
    ups: Sequence[int],
    mandala: int | None = None,
) -> int | None:
    """Who holds the marker after the active player's majority check (step 3).

    Skipped if all the active player's cards there are face down
    (mandala.majority.skip_all_face_down); they take it with strictly more cards than every
    other player who has a face-up card there (mandala.majority.take_marker); on a tie it
    stays (mandala.majority.tie_keeps). Nobody else checks (mandala.majority.active_player_only).
    ``mandala``, if given, is named in the words the rules say while tracing.

    >>> new_holder(active=0, holder=None, totals=(1, 3), ups=(1, 0))   # example 1: 3 face down
    0
    >>> new_holder(active=1, holder=0, totals=(2, 2), ups=(2, 2))
    0
    """
    if ups[active] == 0:
        if trace.TRACING:
            decided(
                "mandala.majority.skip_all_face_down",
                f"all of seat {active}'s cards {_in(mandala)} are face down: no majority check, "
                f"the marker stays {_at(holder)}",
            )
        return holder
    mine = totals[active]
    for seat, (total, up) in enumerate(zip(totals, ups, strict=True)):
        if seat != active and up > 0 and total >= mine:
            if total == mine and trace.TRACING:
                decided(
                    "mandala.majority.tie_keeps",
                    f"seat {active} has {_card_count(mine)} {_in(mandala)}, as many as seat "
                    f"{seat} (who has a face-up card): a tie, so the marker stays {_at(holder)}",
                )
            return holder
    if trace.TRACING:
        decided(
            "mandala.majority.take_marker",
            f"seat {active} has {_card_count(mine)} {_in(mandala)}, more than every other "
            f"player with a face-up card, so the marker is seat {active}'s",
        )
    return active


def _in(mandala: int | None) -> str:
    """``in mandala 2``, or ``there``."""
    return "there" if mandala is None else f"in mandala {mandala}"


def _card_count(n: int) -> str:
    return count(n, "card")


def _at(holder: int | None) -> str:
    """Where a majority marker is, in words."""
    return "in the centre" if holder is None else f"with seat {holder}"


def is_complete(colours_present: Iterable[Colour]) -> bool:
    """All six colours are in the mandala, tiles and cards together
    (mandala.complete.six_colours)."""
    return len(set(colours_present)) == NUM_COLOURS


@attrs.frozen
class Claim:
    """Who takes a resolved mandala's tiles: the holder, and the runner-up if there is one.

    With no runner-up the holder takes both tiles; with no holder nobody takes any.
    """

    holder: int | None
    runner_up: int | None

    @property
    def holder_takes_both(self) -> bool:
        """True if the holder takes both tiles (and so makes no choice)."""
        return self.holder is not None and self.runner_up is None

    @property
    def takers(self) -> frozenset[int]:
        """Seats that receive at least one tile (and discard their cards there)."""
        return frozenset(s for s in (self.holder, self.runner_up) if s is not None)


def claim(
    holder: int | None,
    totals: Sequence[int],
    ups: Sequence[int],
    runner_up_min_share: Fraction | int,
) -> Claim:
    """Resolve who gets a mandala's tiles.

    The holder picks one (mandala.resolve.holder_picks). Among the others with a face-up
    card, the most cards wins the second tile (mandala.resolve.second_place), a tie going
    to more face-up cards (mandala.resolve.second_tie); a tie that remains, or nobody else
    with a face-up card, gives the holder both (mandala.resolve.holder_takes_both). The
    runner-up also needs ``runner_up_min_share`` of the holder's cards: one half with two
    players (mandala.resolve.two_player_half), no threshold otherwise. Without a holder
    nobody takes a tile (mandala.end.final_no_holder).

    >>> claim(0, totals=(4, 3, 3), ups=(1, 1, 1), runner_up_min_share=0)   # tie stays
    Claim(holder=0, runner_up=None)
    >>> claim(1, totals=(2, 5), ups=(1, 5), runner_up_min_share=Fraction(1, 2))
    Claim(holder=1, runner_up=None)
    >>> claim(1, totals=(3, 5), ups=(1, 5), runner_up_min_share=Fraction(1, 2))
    Claim(holder=1, runner_up=0)
    """
    if holder is None:
        return Claim(None, None)
    best: tuple[int, int] | None = None
    leaders: list[int] = []
    for seat, (total, up) in enumerate(zip(totals, ups, strict=True)):
        if seat == holder or up == 0:
            continue
        key = (total, up)
        if best is None or key > best:
            best, leaders = key, [seat]
        elif key == best:
            leaders.append(seat)
    if best is not None and _shared_total(holder, best[0], totals, ups) and trace.TRACING:
        decided(
            "mandala.resolve.second_tie",
            f"two players tie for second place with {_card_count(best[0])}; "
            + (
                f"seat {leaders[0]} has more face-up cards ({best[1]}) and is second"
                if len(leaders) == 1
                else f"they have {best[1]} face-up cards each too, so nobody is second"
            ),
        )
    if best is None or len(leaders) != 1:
        return Claim(holder, None)
    if best[0] < runner_up_min_share * totals[holder]:
        if trace.TRACING:
            decided(
                "mandala.resolve.two_player_half",
                f"seat {leaders[0]} has {_card_count(best[0])} there, fewer than half the holder's "
                f"{totals[holder]}: seat {holder} takes both tiles",
            )
        return Claim(holder, None)
    return Claim(holder, leaders[0])


def _shared_total(holder: int, total: int, totals: Sequence[int], ups: Sequence[int]) -> bool:
    """True if two or more others with a face-up card have ``total`` cards: the face-up
    cards decide (mandala.resolve.second_tie)."""
    tied = [s for s, (t, u) in enumerate(zip(totals, ups, strict=True)) if s != holder and u]
    return sum(totals[s] == total for s in tied) > 1
