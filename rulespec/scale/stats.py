"""Merged statistics of many games: lengths, scores and win shares by seat, how the games
ended, ties, rule coverage.

Every field is an exact count or sum (integers and :class:`~fractions.Fraction`), so
merging partial statistics gives the same result in any order: whatever the executor,
the number of workers or the chunking, the same seeds give equal :class:`Stats`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

import attrs

from rulespec.core.record import Record
from rulespec.scale.coverage import KINDS, NOT_DECIDING, Coverage


@attrs.frozen
class GameResult:
    """One seeded game, as played by :func:`rulespec.simulate`."""

    seed: int
    steps: int
    """Actions applied, chance outcomes included."""
    decisions: int
    """Actions the players chose."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    """Every seat sharing the win, ascending."""
    end: str
    """The rule id of the terminal step (see :class:`Stats` ``ends``)."""
    tied: bool
    """True if two or more seats had the top score (tie-breaks decided, or a shared win)."""
    record: Record | None = None
    """With ``records=True``: the explicit record (every chance outcome in order, seed
    None), replayable with :func:`rulespec.replay`."""

    @property
    def returns(self) -> tuple[float, ...]:
        """1 for a sole winner, 1/k each for k sharing the win, 0 otherwise."""
        share = 1.0 / len(self.winners)
        return tuple(share if s in self.winners else 0.0 for s in range(len(self.scores)))


@attrs.frozen
class Stats:
    """Statistics merged over games; add two with ``+``."""

    game: str
    players: int
    games: int = 0
    steps: int = 0
    decisions: int = 0
    shortest: int | None = None
    """Fewest steps in one game."""
    longest: int | None = None
    score_sums: tuple[int, ...] = ()
    wins: tuple[Fraction, ...] = ()
    """Win shares summed per seat (a shared win splits 1)."""
    ends: tuple[tuple[str, int], ...] = ()
    """How many games ended under each terminal rule id. Neither game's terminal state
    records which end trigger fired, so this is the rule of the terminal step."""
    tied: int = 0
    """Games whose top score was shared by two or more seats."""
    shared: int = 0
    """Games won by more than one seat after the tie-breaks."""
    coverage: Coverage = Coverage()

    @classmethod
    def of(
        cls, game: str, players: int, results: Iterable[GameResult], coverage: Coverage
    ) -> Stats:
        """Statistics of ``results``, with the coverage counted while they were played."""
        out = cls(game, players, coverage=coverage)
        scores = [0] * players
        wins = [Fraction(0)] * players
        ends: Counter[str] = Counter()
        games = steps = decisions = tied = shared = 0
        lengths: list[int] = []
        for r in results:
            games += 1
            steps += r.steps
            decisions += r.decisions
            lengths.append(r.steps)
            for seat, points in enumerate(r.scores):
                scores[seat] += points
            for seat in r.winners:
                wins[seat] += Fraction(1, len(r.winners))
            ends[r.end] += 1
            tied += r.tied
            shared += len(r.winners) > 1
        if not games:
            return out
        return attrs.evolve(
            out,
            games=games,
            steps=steps,
            decisions=decisions,
            shortest=min(lengths),
            longest=max(lengths),
            score_sums=tuple(scores),
            wins=tuple(wins),
            ends=tuple(sorted(ends.items())),
            tied=tied,
            shared=shared,
        )

    def __add__(self, other: Stats) -> Stats:
        if (self.game, self.players) != (other.game, other.players):
            raise ValueError("statistics of different games do not merge")
        if not other.games:
            return attrs.evolve(self, coverage=self.coverage + other.coverage)
        if not self.games:
            return attrs.evolve(other, coverage=self.coverage + other.coverage)
        assert self.shortest is not None
        assert other.shortest is not None
        assert self.longest is not None
        assert other.longest is not None
        ends = Counter(dict(self.ends))
        ends.update(dict(other.ends))
        return Stats(
            self.game,
            self.players,
            self.games + other.games,
            self.steps + other.steps,
            self.decisions + other.decisions,
            min(self.shortest, other.shortest),
            max(self.longest, other.longest),
            tuple(a + b for a, b in zip(self.score_sums, other.score_sums, strict=True)),
            tuple(a + b for a, b in zip(self.wins, other.wins, strict=True)),
            tuple(sorted(ends.items())),
            self.tied + other.tied,
            self.shared + other.shared,
            self.coverage + other.coverage,
        )

    @property
    def mean_steps(self) -> float:
        """Mean game length in steps (0 before any game)."""
        return self.steps / self.games if self.games else 0.0

    def report(self, rule_ids: Iterable[str] = ()) -> str:
        """A readable summary; with ``rule_ids`` (e.g. every id of the game's rulebook),
        coverage lists the rules that decided nothing."""
        if not self.games:
            return f"{self.game}: no game finished"
        n = self.games
        lines = [
            f"{self.game}, {self.players} seats: {n} games",
            f"length (steps): min {self.shortest}, mean {self.mean_steps:.1f}, "
            f"max {self.longest}; decisions per game {self.decisions / n:.1f}",
            "seat  mean score  win share",
        ]
        for seat in range(self.players):
            lines.append(
                f"{seat:>4}  {self.score_sums[seat] / n:>10.2f}  {float(self.wins[seat]) / n:>9.3f}"
            )
        lines.append(
            f"top score tied in {self.tied} games ({self.tied / n:.1%}), win shared in "
            f"{self.shared} ({self.shared / n:.1%})"
        )
        lines.append("ended (rule of the terminal step):")
        lines.extend(f"  {rule:<48} {count:>8}" for rule, count in self.ends)
        lines.append("rule coverage (applied / rejected / ended / decided):")
        by_rule = self.coverage.by_rule()
        for rule, kinds in by_rule.items():
            counts = " / ".join(str(kinds.get(k, 0)) for k in KINDS)
            lines.append(f"  {rule:<48} {counts}")
        ids = tuple(rule_ids)
        missing = self.coverage.unexercised(ids)
        if ids:
            expected = [r for r in ids if r not in NOT_DECIDING]
            lines.append(
                f"rules exercised: {len(expected) - len(missing)} of {len(expected)} "
                f"({len(ids) - len(expected)} more have no decision point in play)"
            )
        if missing:
            lines.append(f"rules that decided nothing ({len(missing)}):")
            lines.extend(f"  {rule}" for rule in missing)
        return "\n".join(lines)
