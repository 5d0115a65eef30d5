"""Seeded mass simulation: :func:`simulate` plays games by seed, in chunks, on one of the
:mod:`~rulespec.scale.executors`, and streams back each :class:`GameResult` while it
merges their :class:`~rulespec.scale.stats.Stats`.

A game's randomness comes from its seed alone: one ``random.Random(seed)`` samples every
chance node (``state.sample_chance``) and drives the policy, exactly as
:func:`rulespec.playout` and ``rulespec play --seed`` do with uniform random play. So a
seed gives the same game here, in a worker process or on a Ray node, whatever the chunk it
falls in, and merged statistics do not depend on the executor, the workers or the order.
"""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from typing import Any

from rulespec import catalog
from rulespec.core import trace
from rulespec.core.api import Action, Game
from rulespec.core.play import random_step
from rulespec.core.record import Record
from rulespec.core.seeds import check_seed
from rulespec.errors import InvalidArgument, RulespecError, bounded
from rulespec.scale import coverage
from rulespec.scale.coverage import Coverage, Tally
from rulespec.scale.executors import Runner
from rulespec.scale.stats import GameResult, Stats

Policy = Callable[[Any, random.Random], Action]
"""``policy(state, rng) -> action``: a decision for the seat to act. It must draw any
randomness from ``rng`` (the game's own), and be picklable for worker processes or Ray
(a module-level function or an instance of a module-level class)."""

MAX_STEPS = 1_000_000
"""A game that has not ended after this many steps is an error (as in :func:`rulespec.playout`)."""

CHUNK = 32
"""Most games per chunk by default. A game takes 3-4 ms on one core and a chunk costs
about 1 ms to schedule on a process pool or Ray (docs: Running at scale), so 32 games
keep scheduling near 1%; fewer when there are too few games to keep every worker busy."""


class SimulationError(RulespecError):
    """A simulated game failed (an illegal action from the policy, a game that does not
    end); the message names the seed, which replays the failure."""

    code = "simulation_failed"


def play(
    game: Game[Any],
    seed: int,
    policy: Policy | None = None,
    *,
    record: bool = False,
    probe: bool = False,
    tally: Tally | None = None,
) -> GameResult:
    """Play one game from ``seed``; uniform random play when ``policy`` is None.

    ``probe`` re-submits, at each decision, what was legal at the previous decision of
    the same phase and is not now (for rule coverage, see :mod:`rulespec.scale.coverage`);
    it draws no randomness, so the game is the same with or without it. ``tally``, the
    coverage being counted, is put back after each decision of a policy that says it
    ``looks_ahead`` (the greedy and search players of :mod:`rulespec.players`): what it
    tries on its lookahead is not play, and neither are the rule decisions it meets
    there; its listing of the legal actions is counted once, as for any policy.
    """
    rng = random.Random(seed)
    state: Any = game.initial_state()
    played: list[Action] | None = [] if record else None
    steps = decisions = 0
    earlier: dict[Any, tuple[Action, ...]] = {}
    while not state.is_terminal:
        if steps >= MAX_STEPS:
            raise SimulationError(f"seed {seed}: no end after {MAX_STEPS} steps")
        chance = state.is_chance
        if not chance and probe:
            coverage.probe(state, earlier.get(state.phase, ()))
            earlier[state.phase] = state.legal_actions()
        if played is None and policy is None:
            state = random_step(state, rng)
        else:
            if chance:
                action = state.sample_chance(rng)
            elif policy is None:
                action = rng.choice(state.legal_actions())
            elif tally is None or not getattr(policy, "looks_ahead", False):
                action = policy(state, rng)
            else:
                action = _unseen(policy, state, rng, tally)
            state = state.apply(action)
            if played is not None:
                played.append(action)
        steps += 1
        decisions += not chance
    outcome = state.outcome()
    top = max(outcome.scores)
    steps_table = getattr(state.game, "steps", None)
    return GameResult(
        seed=seed,
        steps=steps,
        decisions=decisions,
        scores=tuple(outcome.scores),
        winners=tuple(sorted(outcome.winners)),
        end="terminal" if steps_table is None else steps_table[state.phase].rule.id,
        tied=outcome.scores.count(top) > 1,
        record=None if played is None else Record.of(game, tuple(played)),
    )


def _unseen(policy: Policy, state: Any, rng: random.Random, tally: Tally) -> Action:
    """``policy``'s decision, with the coverage and rule decisions its lookahead caused
    undone; what listing the legal actions counts is counted once, as for any policy."""
    kept = Counter(tally)
    with trace.tracing():  # an inner block counts apart, and is dropped
        action = policy(state, rng)
    if tally != kept:
        tally.clear()
        tally.update(kept)
    state.legal_actions()
    return action


def play_chunk(
    game: Game[Any],
    seeds: tuple[int, ...],
    policy: Policy | None,
    records: bool,
    probe: bool,
) -> tuple[tuple[GameResult, ...], Coverage]:
    """Play ``seeds`` in order on a covered copy of ``game``, with the rule hooks traced
    (the task each worker runs): their results and the rule coverage they produced."""
    tally: Tally = Counter()
    kernel = hasattr(type(game), "steps")
    playing = coverage.covered(game, tally) if kernel else game
    results = []
    with trace.tracing() as decided:
        for seed in seeds:
            try:
                result = play(
                    playing,
                    seed,
                    policy,
                    record=records,
                    probe=probe and kernel,
                    tally=tally if kernel and policy is not None else None,
                )
            except (RulespecError, RuntimeError, ValueError, TypeError) as exc:
                # re-raised as one picklable error: a worker's exception must cross processes
                raise SimulationError(f"seed {seed}: {type(exc).__name__}: {exc}") from None
            results.append(result)
            if kernel:
                tally[result.end, "ended"] += 1
    coverage.add_decided(tally, decided)
    return tuple(results), Coverage.of(tally)


class Simulation(Iterator[GameResult]):
    """A run of :func:`simulate`: iterate it for each :class:`GameResult` as its chunk
    comes back (completion order; each result carries its seed), or call :meth:`run`.

    :attr:`stats` is merged over every chunk received so far. Ctrl-C (KeyboardInterrupt)
    during the run stops the workers, sets :attr:`interrupted` and ends the iteration,
    leaving the statistics of the chunks that finished.
    """

    def __init__(
        self,
        *,
        game: Game[Any],
        seeds: tuple[int, ...],
        policy: Policy | None,
        runner: Runner,
        records: bool,
        chunk: int,
        probe: bool,
    ) -> None:
        self.game = game
        self.seeds = seeds
        self.runner = runner
        self.chunk = chunk
        self.total = len(seeds)
        """Games asked for."""
        self.done = 0
        """Games whose results have come back."""
        self.interrupted = False
        """True once Ctrl-C (KeyboardInterrupt) ended the run early."""
        self.stats = Stats(game.spec.id, game.players)
        """Merged over every chunk received so far."""
        chunks = [seeds[i : i + chunk] for i in range(0, len(seeds), chunk)]
        self._tasks = [(game, c, policy, records, probe) for c in chunks]
        self._stream = self._results()

    @property
    def retries(self) -> int:
        """Chunks run again because their worker died."""
        return self.runner.retries

    def _results(self) -> Generator[GameResult, None, None]:
        spec = self.game.spec.id
        try:
            for _, (results, cover) in self.runner.map(play_chunk, self._tasks):
                self.stats = self.stats + Stats.of(spec, self.game.players, results, cover)
                self.done += len(results)
                yield from results
        except KeyboardInterrupt:
            self.interrupted = True

    def __next__(self) -> GameResult:
        return next(self._stream)

    def close(self) -> None:
        """Stop the run now (the workers too); :attr:`stats` keeps what finished."""
        self._stream.close()

    def run(self) -> Stats:
        """Play every remaining game; the merged statistics."""
        for _ in self:
            pass
        return self.stats


def simulate(
    game: Game[Any] | str,
    policy: Policy | None = None,
    *,
    seeds: Iterable[int] = range(100),
    executor: str = "inprocess",
    jobs: int | None = None,
    address: str | None = None,
    records: bool = False,
    chunk: int | None = None,
    settings: Mapping[str, object] | None = None,
    probe: bool = False,
) -> Simulation:
    """Play one game per seed and merge the statistics, on ``executor``:

    - ``"inprocess"``: here, one game after another;
    - ``"processes"``: ``jobs`` local worker processes (default: one per core);
    - ``"ray"``: Ray tasks (``pip install 'rulespec[ray]'``), on the cluster at
      ``address`` or on a local one started with ``jobs`` CPUs and shut down after.

    ``game`` is a game (``rulespec.game("lotus", edition="fr", players=6)``) or a game id
    with ``settings``. ``policy(state, rng)`` picks decisions (default: uniformly among
    the legal actions). ``records`` attaches each game's explicit
    :class:`~rulespec.Record`. ``chunk`` is the number of games per task. ``probe``
    counts rejections for rule coverage (:mod:`rulespec.scale.coverage`).

    >>> run = simulate("mandala", settings={"players": 2}, seeds=range(3))
    >>> [r.seed for r in run]
    [0, 1, 2]
    >>> plays = run.stats.coverage.by_rule()["mandala.play.one_colour_one_mandala"]
    >>> run.stats.games, plays["applied"] > 0
    (3, True)
    """
    if isinstance(game, str):
        game = catalog.game(game, **dict(settings or {}))
    elif settings is not None:
        raise InvalidArgument("settings: only with a game id; a game already has its settings")
    if policy is not None and not callable(policy):
        raise InvalidArgument(f"policy: a callable (state, rng) -> action, got {bounded(policy)}")
    seeds = tuple(seeds)
    for s in seeds:  # one seed type everywhere (rulespec.core.seeds)
        check_seed(s, "seeds")
    if chunk is not None and (type(chunk) is not int or chunk < 1):
        raise InvalidArgument(f"chunk: a whole number of games, 1 or more, got {bounded(chunk)}")
    runner = Runner(executor, jobs, address)
    if executor != "inprocess":
        try:
            pickle.dumps((game, policy))
        except Exception as exc:
            raise InvalidArgument(
                f"the {executor} executor sends the game and the policy to its workers, so "
                "both must be picklable (a module-level function or an instance of a "
                f"module-level class; not a lambda or a local function): {exc}"
            ) from None
    if chunk is None:
        chunk = max(1, min(CHUNK, math.ceil(len(seeds) / (4 * runner.jobs))))
    return Simulation(
        game=game,
        seeds=seeds,
        policy=policy,
        runner=runner,
        records=records,
        chunk=chunk,
        probe=probe,
    )
