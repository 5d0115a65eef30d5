"""Final scoring (castle.score.*) and the winner (castle.score.winner, castle.solo.final)."""

from __future__ import annotations

import attrs

from rulespec.castle import rules
from rulespec.castle.components import RIVAL
from rulespec.castle.state import Family, State
from rulespec.castle.variant import FinalExchange
from rulespec.core import trace
from rulespec.core.api import Outcome
from rulespec.core.trace import decided
from rulespec.core.words import count, seats


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


def _trace_scoring(s: State) -> None:
    """Every family's final scoring in words (only while tracing). Each part of the score
    is counted for every family but speaks only where it scores, so the witness of a
    scoring rule is a game where it gives points."""
    for p in range(s.players + (1 if s.rival is not None else 0)):
        fam, who = s.family(p), "the rival" if s.is_rival(p) else f"seat {p}"
        courtiers, warriors, gardeners = figure_points(s, fam)
        track = track_points(s, fam.track)
        placed = ", ".join(f"{n} {LEVELS[k]}" for k, n in enumerate(fam.court) if n)
        inside = sum(fam.court[1:])
        decided(
            "castle.score.track",
            f"{who}'s marker on space {fam.track} of the seasons track scores {track}"
            if track
            else "",
        )
        decided(
            "castle.score.courtiers",
            f"{who}'s courtiers ({placed}) score {courtiers}" if courtiers else "",
        )
        decided(
            "castle.score.warriors",
            f"{who}'s {count(sum(fam.grounds), 'warrior')} score {warriors}: their grounds' "
            f"values times {count(inside, 'courtier')} inside the castle"
            if warriors
            else "",
        )
        decided(
            "castle.score.gardeners",
            f"{who}'s {count(len(fam.gardens), 'gardener')} score {gardeners} from their "
            "garden cards"
            if gardeners
            else "",
        )
        if s.is_rival(p):
            continue
        best = rules.best_exchange(fam.coins, fam.seals, fam.resources)
        plain = rules.leftovers(fam.coins, fam.resources)
        optimum = s.game.options.final_exchange is FinalExchange.OPTIMUM
        kept = best if optimum else plain
        decided(
            "castle.score.leftovers",
            f"{who}'s leftovers ({count(fam.coins, 'coin')}, {count(fam.seals, 'seal')}, "
            f"iron/food/pearl {'/'.join(map(str, fam.resources))}) score {kept}"
            if kept
            else "",
        )
        decided(
            "castle.score.final_exchange",
            (
                f"{who}'s {count(fam.seals, 'seal')} are exchanged the best way: leftovers "
                f"score {best} instead of {plain}"
                if optimum
                else f"{who}'s {count(fam.seals, 'seal')} are not exchanged: leftovers score "
                f"{plain}, not {best}"
            )
            if fam.seals and best != plain
            else "",
        )


LEVELS = ("at the gate", "on level 1", "on level 2", "on level 3")
"""Where a courtier stands, by the index of ``Family.court``."""


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
    if trace.TRACING:
        _trace_scoring(s)
    scores = totals(s)
    place = {p: i for i, p in enumerate(s.order)}
    tiebreaks = tuple((len(s.order) - place[p],) for p in range(s.players))
    if s.game.variant.solo:
        rival = total(s, RIVAL)
        won = frozenset({0}) if scores[0] > rival else frozenset()
        if trace.TRACING:
            decided(
                "castle.solo.final",
                f"the rival scores {rival} with its track and figures, no leftovers; the "
                f"player has {scores[0]}",
            )
            decided(
                "castle.solo.outcome",
                "the player beats the rival and wins"
                if won
                else "the player does not beat the rival: nobody wins",
            )
        return CastleOutcome(scores, tiebreaks, won, rival=rival)
    best = max((scores[p], tiebreaks[p]) for p in range(s.players))
    if trace.TRACING:
        tied = [p for p in range(s.players) if scores[p] == best[0]]
        first = next(p for p in s.order if scores[p] == best[0])
        decided(
            "castle.score.winner",
            f"seat {first} has the most points, {best[0]}"
            if len(tied) == 1
            else f"{seats(tied)} tie at {best[0]} points: seat {first}, earlier in the final "
            "turn order, wins",
        )
    winners = frozenset(p for p in range(s.players) if (scores[p], tiebreaks[p]) == best)
    return CastleOutcome(scores, tiebreaks, winners)
