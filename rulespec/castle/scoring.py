"""Final scoring (castle.score.*) and the winner (castle.score.winner, castle.solo.final)."""

from __future__ import annotations

import attrs

from rulespec.castle import rules
from rulespec.castle.components import RIVAL
from rulespec.castle.state import Family, State
from rulespec.castle.variant import FinalExchange
from rulespec.core.api import Outcome
from rulespec.core.trace import decided


def filled(value: int | None) -> int:
    """A garden slot's card at the end (:func:`rulespec.castle.state.filled`; the state
    module imports this one)."""
    assert value is not None
    return value


def track_points(s: State, space: int) -> int:
    """Points for a marker on ``space`` (:func:`rules.track_points`)."""
    track = s.game.data.board.track
    trees = tuple(t.after for t in track.trees)
    return rules.track_points(space, trees, track.season_points, track.final)


def figure_points(s: State, fam: Family) -> tuple[int, int, int]:
    """Courtiers, warriors (times courtiers inside) and gardeners
    (:func:`rules.courtier_points`, :func:`rules.warrior_points`, castle.score.gardeners)."""
    data = s.game.data
    courtiers = rules.courtier_points(fam.court, data.board.court.points)
    ground_points = [g.points for g in data.board.grounds]
    warriors = rules.warrior_points(fam.grounds, ground_points, sum(fam.court[1:]))
    gardeners = sum(data.gardens[filled(s.gardens[g])].points for g in fam.gardens)
    return courtiers, warriors, gardeners


def figures(s: State, fam: Family) -> int:
    """All the family's figures' points."""
    return sum(figure_points(s, fam))


def total(s: State, seat: int) -> int:
    """The seat's final score (:func:`rules.final_score`; the rival scores no leftovers,
    castle.solo.final)."""
    fam = s.family(seat)
    if s.is_rival(seat):
        leftover = 0
    elif s.game.options.final_exchange is FinalExchange.OPTIMUM:
        leftover = rules.best_exchange(fam.coins, fam.seals, fam.resources)
    else:
        leftover = rules.leftovers(fam.coins, fam.resources)
    courtiers, warriors, gardeners = figure_points(s, fam)
    return rules.final_score(
        fam.points,
        leftover=leftover,
        track=track_points(s, fam.track),
        courtiers=courtiers,
        warriors=warriors,
        gardeners=gardeners,
    )


def totals(s: State) -> tuple[int, ...]:
    """Every seat's final score."""
    return tuple(total(s, p) for p in range(s.players))


def final_scores(state: State) -> tuple[int, ...] | None:
    """Each family's final score (the rival's last) once the game is over, else None: the
    points on the track do not yet hold the final scoring (castle.score.*)."""
    if not state.is_terminal:
        return None
    count = state.players + (1 if state.rival is not None else 0)
    return tuple(total(state, p) for p in range(count))


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
        rival = total(s, RIVAL)
        won = frozenset({0}) if scores[0] > rival else frozenset()
        return CastleOutcome(scores, tiebreaks, won, rival=rival)
    decided("castle.score.winner")
    best = max((scores[p], tiebreaks[p]) for p in range(s.players))
    winners = frozenset(p for p in range(s.players) if (scores[p], tiebreaks[p]) == best)
    return CastleOutcome(scores, tiebreaks, winners)
