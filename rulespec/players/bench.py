"""How strong and how fast the computer players are (``rulespec bench --players``):
reported, never asserted.

Per game and player count: the win share of greedy against random (one greedy seat, the
others random), of search at two budgets against greedy (one search seat, the others
greedy), each with its 95% Wilson interval beside the share a seat of equal strength
would get (1/n), and the CPU seconds per move of each side; and The White Castle solo,
the win rate against the rival at each difficulty. The strong seat moves round the table
game by game, and game ``k`` deals the same cards in every match (its chance comes from
its own generator, the players' choices from another).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rulespec.catalog import game
from rulespec.players.base import Player
from rulespec.players.greedy import GreedyPlayer
from rulespec.players.random_player import RandomPlayer
from rulespec.players.search import SearchPlayer

TABLES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("castle", {"players": 2}),
    ("lotus", {"players": 3, "edition": "de"}),
    ("mandala", {"players": 2}),
    ("oriente", {"players": 4}),
)
"""The tables of the ladder: one player count per game (the smallest)."""

DIFFICULTIES = ("easy", "medium", "hard")


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins / games`` (95% for z = 1.96)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen
class Match:
    """One line of the ladder: ``strong`` in one seat against ``weak`` in the others."""

    table: str
    players: int
    strong: str
    weak: str
    games: int
    share: float
    """The strong seat's mean win share."""
    low: float
    high: float
    strong_seconds: float
    """CPU seconds per move of the strong seat."""
    weak_seconds: float
    iterations_per_second: float | None = None
    """For a search, its iterations per CPU second."""

    @property
    def even(self) -> float:
        """The share of a seat no stronger than the others."""
        return 1.0 / self.players


@attrs.frozen
class SoloRun:
    """The White Castle solo at one difficulty: a player against the rival."""

    difficulty: str
    player: str
    games: int
    wins: int
    low: float
    high: float
    score: float
    """The player's mean score."""
    rival: float
    """The rival's mean score."""
    seconds: float


class _Clock:
    """CPU time and moves per seat kind, and a search's iterations."""

    def __init__(self) -> None:
        self.seconds = [0.0, 0.0]
        self.moves = [0, 0]
        self.iterations = 0
        self.search_seconds = 0.0


def _game(
    table: Any, lineup: Sequence[Player], strong: int, k: int, clock: _Clock
) -> tuple[Any, Any]:
    """Game ``k`` of a match: the final state and its outcome."""
    chance = random.Random(k)
    choices = random.Random(1_000_003 + k)
    state = table.new_game(rng=chance)
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply(state.sample_chance(chance))
            continue
        seat = state.current_player
        player = lineup[seat]
        start = time.process_time()
        action = player.choose(state, seat, choices)
        spent = time.process_time() - start
        kind = 0 if seat == strong else 1
        clock.seconds[kind] += spent
        clock.moves[kind] += 1
        if isinstance(player, SearchPlayer) and kind == 0 and player.last_iterations:
            clock.iterations += player.last_iterations
            clock.search_seconds += spent
        state = state.apply(action)
    return state, state.outcome()


def match(
    game_id: str,
    settings: dict[str, Any],
    strong: Player,
    weak: Player,
    *,
    games: int,
    seed: int = 0,
) -> Match:
    """``strong`` in one seat (seat ``k % n`` in game ``k``) against ``weak`` in the others."""
    table = game(game_id, **settings)
    n = table.players
    clock = _Clock()
    total = 0.0
    for k in range(seed, seed + games):
        seat = k % n
        lineup = [strong if s == seat else weak for s in range(n)]
        _, outcome = _game(table, lineup, seat, k, clock)
        total += outcome.returns()[seat]
    low, high = wilson(total, games)
    rate = clock.iterations / clock.search_seconds if clock.search_seconds else None
    return Match(
        game_id,
        n,
        strong.name,
        weak.name,
        games,
        total / games,
        low,
        high,
        clock.seconds[0] / max(clock.moves[0], 1),
        clock.seconds[1] / max(clock.moves[1], 1),
        rate,
    )


def play_solo(difficulty: str, player: Player, games: int, seed: int) -> SoloRun:
    """``player`` alone against the rival of The White Castle at ``difficulty``."""
    table = game("castle", players=1, difficulty=difficulty)
    clock = _Clock()
    wins = 0
    scores: list[int] = []
    rivals: list[int] = []
    for k in range(seed, seed + games):
        _, outcome = _game(table, [player], 0, k, clock)
        wins += 0 in outcome.winners
        scores.append(outcome.scores[0])
        rivals.append(outcome.rival)
    low, high = wilson(wins, games)
    return SoloRun(
        difficulty,
        player.name,
        games,
        wins,
        low,
        high,
        sum(scores) / games,
        sum(rivals) / games,
        clock.seconds[0] / max(clock.moves[0], 1),
    )


def ladder(
    games: int,
    budgets: Sequence[int],
    *,
    seed: int = 0,
    tables: Sequence[tuple[str, dict[str, Any]]] = TABLES,
    solo_games: int | None = None,
    solo: bool = True,
    tell: Callable[[str], object] = print,
) -> tuple[list[Match], list[SoloRun]]:
    """Every match of the ladder and (with ``solo``) the solo games, each told as it ends."""
    matches: list[Match] = []
    for game_id, settings in tables:
        pairs: list[tuple[Player, Player]] = [(GreedyPlayer(), RandomPlayer())]
        pairs += [(SearchPlayer(iterations=b), GreedyPlayer()) for b in budgets]
        for strong, weak in pairs:
            found = match(game_id, settings, strong, weak, games=games, seed=seed)
            tell(line(found))
            matches.append(found)
    solos: list[SoloRun] = []
    players: list[Player] = [GreedyPlayer(), *(SearchPlayer(iterations=b) for b in budgets[-1:])]
    for difficulty in DIFFICULTIES if solo else ():
        for player in players:
            found_solo = play_solo(difficulty, player, solo_games or games, seed)
            tell(solo_line(found_solo))
            solos.append(found_solo)
    return matches, solos


HEADER = (
    f"{'game':<8} {'n':>2}  {'player':<11} {'against':<8} {'games':>5}  {'share':>5}  "
    f"{'95% interval':<13} {'even':>4}  {'s/move':>7} {'theirs':>7}  {'it/s':>6}"
)


def line(m: Match) -> str:
    """One match as a line of the ``HEADER`` table."""
    rate = "" if m.iterations_per_second is None else f"{m.iterations_per_second:6.0f}"
    return (
        f"{m.table:<8} {m.players:>2}  {m.strong:<11} {m.weak:<8} {m.games:>5}  {m.share:5.2f}  "
        f"{m.low:4.2f} - {m.high:4.2f}   {m.even:4.2f}  {m.strong_seconds:7.4f} "
        f"{m.weak_seconds:7.4f}  {rate:>6}"
    )


SOLO_HEADER = (
    f"{'castle solo':<11} {'player':<11} {'games':>5}  {'wins':>4}  {'95% interval':<13} "
    f"{'score':>5} {'rival':>5}  {'s/move':>7}"
)


def solo_line(s: SoloRun) -> str:
    """One solo result as a line of the ``SOLO_HEADER`` table."""
    return (
        f"{s.difficulty:<11} {s.player:<11} {s.games:>5}  {s.wins:>4}  {s.low:4.2f} - "
        f"{s.high:4.2f}   {s.score:5.1f} {s.rival:5.1f}  {s.seconds:7.4f}"
    )


def rst(matches: Sequence[Match], solos: Sequence[SoloRun], note: str) -> str:
    """The two tables as reStructuredText (the docs' "Computer players" page includes
    the file ``make players-table`` writes)."""
    out = [f".. generated by `{note}`: do not edit by hand", ""]
    out += [
        ".. list-table:: The ladder: one seat of the stronger player against the weaker",
        "   :header-rows: 1",
        "",
        "   * - game, seats",
        "     - player",
        "     - against",
        "     - games",
        "     - win share (95% interval)",
        "     - even share",
        "     - s/move (theirs)",
        "     - iterations/s",
    ]
    for m in matches:
        rate = "" if m.iterations_per_second is None else f"{m.iterations_per_second:,.0f}"
        out += [
            f"   * - {m.table}, {m.players}",
            f"     - {m.strong}",
            f"     - {m.weak}",
            f"     - {m.games}",
            f"     - {m.share:.2f} ({m.low:.2f}-{m.high:.2f})",
            f"     - {m.even:.2f}",
            f"     - {m.strong_seconds:.4f} ({m.weak_seconds:.4f})",
            f"     - {rate}",
        ]
    out += [
        "",
        ".. list-table:: The White Castle solo: one player against the rival",
        "   :header-rows: 1",
        "",
        "   * - difficulty",
        "     - player",
        "     - games",
        "     - wins (95% interval of the rate)",
        "     - mean score",
        "     - rival's mean",
        "     - s/move",
    ]
    for s in solos:
        out += [
            f"   * - {s.difficulty}",
            f"     - {s.player}",
            f"     - {s.games}",
            f"     - {s.wins} ({s.low:.2f}-{s.high:.2f})",
            f"     - {s.score:.1f}",
            f"     - {s.rival:.1f}",
            f"     - {s.seconds:.4f}",
        ]
    return "\n".join(out) + "\n"


def report(
    games: int,
    budgets: Sequence[int],
    *,
    seed: int = 0,
    out: str | None = None,
    solo_games: int | None = None,
    game_id: str | None = None,
) -> int:
    """Print the ladder and the solo table (of one game's table only, with ``game_id``;
    the solo games with The White Castle's); with ``out``, write them as the docs' table."""
    print(HEADER)
    tables = [t for t in TABLES if game_id in {None, t[0]}]
    matches, solos = ladder(
        games,
        budgets,
        seed=seed,
        tables=tables,
        solo_games=solo_games,
        solo=game_id in {None, "castle"},
        tell=_Header(SOLO_HEADER),
    )
    if out is not None:
        budget = ",".join(str(b) for b in budgets)
        note = f"rulespec bench --players --games {games} --budgets {budget} --seed {seed}"
        with open(out, "w", encoding="utf-8") as f:
            f.write(rst(matches, solos, note))
    return 0


class _Header:
    """Prints each line, and the solo table's header before its first line."""

    def __init__(self, solo_header: str) -> None:
        self.solo_header = solo_header
        self.shown = False

    def __call__(self, text: str) -> None:
        if not self.shown and not text.startswith(tuple(g for g, _ in TABLES)):
            print(self.solo_header)
            self.shown = True
        print(text, flush=True)
