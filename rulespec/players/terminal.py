"""Playing against computer players in a terminal (``rulespec play GAME --bot 1=search:500``).

The table is a :class:`~rulespec.Session`: its chance comes from the seed, the bots move
with :meth:`~rulespec.Session.play_bots`, and every seat no bot plays is a human at the
keyboard. A human is shown what its seat may see and nothing more: its observation (as
one line of JSON), the other seats' decisions in the game's words except a secret choice
(White Lotus bids, sides, combat: only that it was made), and its own legal actions. With
no human seat the log is a spectator's of the whole game, chance included, as the plain
``rulespec play`` log.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from rulespec.errors import InvalidArgument, RulespecError
from rulespec.host.session import Session, Submitted, session
from rulespec.players.base import Player
from rulespec.players.names import parse_player

SHOWN = 12
"""Legal actions listed before a human asks for all with ``?``."""


def parse_bots(specs: list[str], players: int) -> dict[int, Player]:
    """``["1=search:500", "2=greedy"]`` as ``{seat: player}``; ``all=PLAYER`` for every
    seat. An :class:`~rulespec.InvalidArgument` names what is wrong."""
    bots: dict[int, Player] = {}
    for spec in specs:
        seat_text, sep, name = spec.partition("=")
        if not sep:
            raise InvalidArgument(f"--bot {spec}: say SEAT=PLAYER (1=search:500)", argument="bot")
        if seat_text == "all":
            seats = list(range(players))
        elif seat_text.isdigit() and int(seat_text) < players:
            seats = [int(seat_text)]
        else:
            raise InvalidArgument(
                f"--bot {spec}: the seat is a number from 0 to {players - 1}, or all",
                argument="bot",
            )
        try:
            player = parse_player(name)
        except InvalidArgument as exc:
            raise InvalidArgument(f"--bot {spec}: {exc}", argument="bot") from None
        bots.update(dict.fromkeys(seats, player))
    return bots


def _secret(state: Any) -> bool:
    """Whether a decision in ``state`` is a secret choice (a round others commit to
    without seeing it)."""
    return state.game.steps[state.phase].owing is not None


def play(
    game_id: str,
    settings: Mapping[str, object],
    seed: int,
    bots: Mapping[int, Player],
    *,
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
) -> int:
    """Play one game at a table seeded with ``seed``: the seats in ``bots`` by their
    players, every other seat by ``read`` (a line of notation, or the number of a listed
    action; ``?`` lists every legal action, ``q`` stops). Exit status 0 at the end of
    the game, 1 if a human stopped or the input ran out."""
    write = (out or sys.stdout).write
    table = session(game_id, seed, settings=dict(settings))
    game = table.game
    humans = [s for s in range(game.players) if s not in bots]
    names = ", ".join(
        f"seat {s}: {bots[s].name if s in bots else 'you'}" for s in range(game.players)
    )
    write(f"{game.spec.title}, seed {seed}; {names}\n")
    if not humans:
        write(f"{table.state}\n")
    while not table.is_over:
        owing = [s for s in table.to_act if s in bots]
        if owing:
            before = table.state
            row = table.play(owing[0], bots[owing[0]])
            write(_told(table, before, row, watched=bool(humans)))
            continue
        if not _human(table, table.to_act[0], read, write):
            write(f"stopped at step {table.step}\n")
            return 1
    if not humans:
        write(f"{table.state}\n")
    write(f"{table.state.outcome().summary()}\n")
    return 0


def _told(table: Session, before: Any, row: Submitted, *, watched: bool) -> str:
    """A bot's decision for the log: in the game's words and notation, but only that a
    secret choice was made when a human watches; with no human, the chance after it too."""
    game = table.game
    if watched and _secret(before):
        return f"{'':8} seat {row.seat} makes its secret choice\n"
    state = before.apply(row.action, player=row.seat)
    lines = [_entry(game.format_action(row.action), game.narrate(before, row.action, state))]
    for outcome in row.chance:
        after = state.apply(outcome)
        if not watched:
            lines.append(_entry(game.format_action(outcome), game.narrate(state, outcome, after)))
        state = after
    return "".join(lines)


def _entry(notation: str, words: str) -> str:
    first, *rest = words.splitlines()
    return "".join([f"{notation:<8} {first.lstrip()}\n", *(f"{'':9}{r}\n" for r in rest)])


def _human(
    table: Session, seat: int, read: Callable[[str], str], write: Callable[[str], Any]
) -> bool:
    """One human decision for ``seat``; False if the human stopped or input ran out."""
    state = table.state
    legal = state.legal_actions(player=seat)
    game = table.game
    seen = json.dumps(state.observation(seat).to_json(), separators=(",", ":"))
    write(f"\nseat {seat} sees: {seen}\n")
    _list(state, legal, SHOWN, write)
    while True:
        try:
            text = read(f"seat {seat}> ").strip()
        except EOFError:
            return False
        if text in {"q", "quit"}:
            return False
        if text == "?":
            _list(state, legal, len(legal), write)
            continue
        if text.isdigit() and 1 <= int(text) <= len(legal):
            action: Any = legal[int(text) - 1]
        else:
            try:
                action = state.read_notation(text, player=seat)
            except RulespecError as exc:
                write(f"{exc}\n")
                continue
        try:
            table.submit(seat, action, unguarded=True)
        except RulespecError as exc:
            write(f"{exc}\n")
            continue
        write(f"{game.format_action(action):<8} seat {seat}: {state.describe(action)}\n")
        return True


def _list(state: Any, legal: tuple[Any, ...], upto: int, write: Callable[[str], Any]) -> None:
    game = state.game
    for k, action in enumerate(legal[:upto], 1):
        write(f"  {k:>3}. {game.format_action(action):<8} {state.describe(action)}\n")
    if len(legal) > upto:
        write(f"  ... {len(legal) - upto} more: ? lists them all\n")
