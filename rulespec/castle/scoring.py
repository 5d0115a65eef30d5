"""Final scoring (castle.score.*) and the winner (castle.score.winner, castle.solo.final)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from rulespec.castle.variant import FinalExchange
from rulespec.core.api import Outcome
from rulespec.core.trace import decided

if TYPE_CHECKING:
    from rulespec.castle.state import Family, State


def leftovers(coins: int, resources: tuple[int, ...]) -> int:
    """A point per 5 coins; 1 per resource at 3-6, 2 at 7 (castle.score.leftovers)."""
    return coins // 5 + sum(2 if r >= 7 else 1 if r >= 3 else 0 for r in resources)


def best_exchange(fam: Family) -> int:
    """The leftover points after the best exchange of the family's seals
    (castle.score.final_exchange): some seals become resources (two each, capped at 7),
    the rest coins."""
    best = 0
    s = fam.seals
    r0, r1, r2 = fam.resources
    for g in range(s // 2 + 1):
        coins = fam.coins + s - 2 * g
        for a in range(g + 1):
            for b in range(g - a + 1):
                c = g - a - b
                value = leftovers(coins, (min(7, r0 + a), min(7, r1 + b), min(7, r2 + c)))
                best = max(best, value)
    return best


def track_points(s: State, space: int) -> int:
    """Points for a marker on ``space`` (castle.score.track)."""
    track = s.game.data.board.track
    trees = [t.after for t in track.trees]
    if space <= trees[0]:
        return 0
    if space <= trees[1]:
        return track.season_points[0]
    if space <= trees[2]:
        return track.season_points[1]
    return track.final[min(space - trees[2] - 1, len(track.final) - 1)]


def figures(s: State, fam: Family) -> int:
    """Courtiers, warriors (times courtiers inside) and gardeners
    (castle.score.courtiers, castle.score.warriors, castle.score.gardeners)."""
    data = s.game.data
    court = data.board.court.points
    courtiers = sum(n * p for n, p in zip(fam.court, court, strict=True))
    inside = sum(fam.court[1:])
    grounds = data.board.grounds
    warriors = sum(n * g.points for n, g in zip(fam.grounds, grounds, strict=True)) * inside
    gardeners = sum(data.gardens[s.gardens[g]].points for g in fam.gardens)
    return courtiers + warriors + gardeners


def total(s: State, seat: int) -> int:
    """The seat's final score (the rival: no leftovers, castle.solo.final)."""
    fam = s.family(seat)
    points = fam.points + track_points(s, fam.track) + figures(s, fam)
    if seat >= s.players:
        return points
    if s.game.options.final_exchange is FinalExchange.OPTIMUM:
        return points + best_exchange(fam)
    return points + leftovers(fam.coins, fam.resources)


def totals(s: State) -> tuple[int, ...]:
    """Every seat's final score."""
    return tuple(total(s, p) for p in range(s.players))


@attrs.frozen
class CastleOutcome(Outcome):
    """An outcome; in solo play it also holds the rival's score (ruling
    castle.solo.outcome): the player is the winner, with return 1, only when
    :attr:`beats_rival`; otherwise nobody wins and the return is 0."""

    rival: int | None = None
    """The rival's final score in solo play, else None."""

    @property
    def beats_rival(self) -> bool | None:
        """Solo: whether the player scored more than the rival (castle.solo.final)."""
        return None if self.rival is None else self.scores[0] > self.rival

    def summary(self) -> str:
        if self.rival is None:
            return super().summary()
        verdict = "the player wins" if self.beats_rival else "the rival wins"
        return f"final scores: seat 0: {self.scores[0]}, rival: {self.rival}; {verdict}"


def outcome(s: State) -> Outcome:
    """Most points wins; ties go to the earlier seat in the final order
    (castle.score.winner); solo: more points than the rival (castle.solo.final)."""
    decided("castle.score.leftovers")
    decided("castle.score.track")
    decided("castle.score.courtiers")
    decided("castle.score.warriors")
    decided("castle.score.gardeners")
    decided("castle.score.final_exchange")
    scores = totals(s)
    place = {p: i for i, p in enumerate(s.order)}
    tiebreaks = tuple((len(s.order) - place[p],) for p in range(s.players))
    if s.game.variant.solo:
        decided("castle.solo.final")
        decided("castle.solo.outcome")
        rival = total(s, s.players)
        won = frozenset({0}) if scores[0] > rival else frozenset()
        return CastleOutcome(scores, tiebreaks, won, rival=rival)
    decided("castle.score.winner")
    best = max((scores[p], tiebreaks[p]) for p in range(s.players))
    winners = frozenset(p for p in range(s.players) if (scores[p], tiebreaks[p]) == best)
    return CastleOutcome(scores, tiebreaks, winners)
