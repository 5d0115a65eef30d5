"""The games rulespec knows, and the lookups that span them (rules, records).

:data:`GAMES` lists the games explicitly (no registration by import) and loads each one
only when it is first used: ``import rulespec`` imports no game package. A game is a
package ``rulespec/<id>/`` whose ``game`` module defines ``SPEC`` (its
:class:`~rulespec.GameSpec`) and ``GAME`` (its class, whose ``make(**settings)`` makes a
game); adding one is that package plus its id in :data:`GAMES`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, overload

from rulespec.core.api import Action, Explanation, Game, GameSpec, State
from rulespec.core.record import Record, settings_from_json
from rulespec.core.rules import Rule, Rulebook
from rulespec.core.seats import is_seat
from rulespec.core.seeds import seed_problem
from rulespec.core.variants import stored_settings
from rulespec.errors import (
    MORE_PROBLEMS,
    InvalidArgument,
    MalformedAction,
    MalformedRecord,
    UnknownGame,
    UnknownRule,
    bounded,
    enough,
    suggestions,
)

if TYPE_CHECKING:  # the game packages load on first use, never on import
    from rulespec.castle import CastleGame
    from rulespec.core.game import BaseGame
    from rulespec.lotus import LotusGame
    from rulespec.mandala import MandalaGame
    from rulespec.oriente import OrienteGame


class Games(Sequence[GameSpec]):
    """The explicit list of games, as :class:`~rulespec.GameSpec` records loaded on first
    use. ``ids`` needs no game at all."""

    def __init__(self, *ids: str) -> None:
        self.ids: tuple[str, ...] = ids

    @overload
    def __getitem__(self, index: int) -> GameSpec: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[GameSpec, ...]: ...
    def __getitem__(self, index: int | slice) -> GameSpec | tuple[GameSpec, ...]:
        if isinstance(index, slice):
            return tuple(_module(i).SPEC for i in self.ids[index])
        found: GameSpec = _module(self.ids[index]).SPEC
        return found

    def __len__(self) -> int:
        return len(self.ids)

    def __iter__(self) -> Iterator[GameSpec]:
        return (_module(i).SPEC for i in self.ids)

    def __repr__(self) -> str:
        return f"GAMES{self.ids!r}"


GAMES = Games(
    "castle",
    "lotus",
    "mandala",
    "oriente",
)
"""Every game rulespec implements, listed explicitly (no registration by import)."""


def _module(game_id: str) -> ModuleType:
    """The ``game`` module of a listed game (importing its package on first use)."""
    return importlib.import_module(f"rulespec.{game_id}.game")


def _check_id(game_id: object) -> str:
    if isinstance(game_id, str) and game_id in GAMES.ids:
        return game_id
    valid = ", ".join(GAMES.ids)
    raise UnknownGame(
        f"no game {bounded(game_id)}{_suggest(game_id, GAMES.ids)}; rulespec implements: {valid}",
        choices=GAMES.ids,
    )


def _suggest(name: object, choices: Sequence[str]) -> str:
    """`` (did you mean 'x'?)`` for a near miss; a long or non-text name gets none (the
    search would cost more than it helps: :func:`~rulespec.errors.suggestions`)."""
    close = suggestions(name, choices)
    return f' (did you mean "{close[0]}"?)' if close else ""


def spec(game_id: str) -> GameSpec:
    """The :class:`GameSpec` of a game id; :class:`UnknownGame` lists the valid ids."""
    found: GameSpec = _module(_check_id(game_id)).SPEC
    return found


# One overload per game id, so type checkers see the game's own state and action types
# (tests/test_typed_api.py, which mypy checks): a new game adds its line here.
@overload
def game(game_id: Literal["castle"], **settings: Any) -> CastleGame: ...
@overload
def game(game_id: Literal["lotus"], **settings: Any) -> LotusGame: ...
@overload
def game(game_id: Literal["mandala"], **settings: Any) -> MandalaGame: ...
@overload
def game(game_id: Literal["oriente"], **settings: Any) -> OrienteGame: ...
@overload
def game(game_id: str, **settings: Any) -> Game[Any]: ...
def game(game_id: str, **settings: Any) -> Game[Any]:
    """A game for a variant and options, e.g. ``game("mandala", players=3)``.

    Unknown games, variant values or options raise :class:`~rulespec.UnknownGame` or
    :class:`~rulespec.UnknownVariant` listing the valid values. Type checkers see the
    game's own class for a literal id (``game("lotus", …)`` is a
    :class:`~rulespec.lotus.LotusGame`, its states :class:`rulespec.lotus.State`).
    """
    made: Game[Any] = game_type(game_id).make(**settings)
    return made


def game_type(game_id: str) -> type[BaseGame[Any]]:
    """A game's class (:class:`~rulespec.core.game.BaseGame`): its variant table, its
    settings beyond the table (``extra``) and the axes the others settle (``implied``),
    for hosts that list settings without making a game (the command line)."""
    found: type[BaseGame[Any]] = _module(_check_id(game_id)).GAME
    return found


def rulebook(game_id: str) -> Rulebook:
    """A game's full rulebook (rules, rulings, the books cited)."""
    return spec(game_id).rulebook()


def rules(game_id: str) -> tuple[Rule, ...]:
    """Every rule, ruling and ambiguity of a game, in rulebook order."""
    return rulebook(game_id).rules


def rulings(game_id: str) -> tuple[Rule, ...]:
    """A game's rulings and ambiguities (the points where rulespec decided what the books
    leave open), in rulebook order."""
    return rulebook(game_id).rulings


def search(text: str, game: str | None = None) -> tuple[Rule, ...]:
    """The rules, rulings and ambiguities whose id, title or paraphrase contain every word
    of ``text`` at a word's start (case and ``.``/``_``/``-`` ignored: ``"max mark"`` finds
    ``lotus.claim.max_markers``), of one game or of all: those matched by id and title
    alone first, then those the paraphrase matches, each group in rulebook order."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidArgument(f"search: expected some words to look for, got {bounded(text)}")
    words = _words(text)
    books = [rulebook(game)] if game is not None else [s.rulebook() for s in GAMES]
    named: list[Rule] = []
    described: list[Rule] = []
    for book in books:
        for r in book.rules:
            head = _words(f"{r.id} {r.title}")
            if all(any(h.startswith(w) for h in head) for w in words):
                named.append(r)
            elif all(any(h.startswith(w) for h in (*head, *_words(r.text))) for w in words):
                described.append(r)
    return (*named, *described)


def _words(text: str) -> list[str]:
    """Lower-case words, ids split at ``.`` and ``_``, compounds at ``-`` (so
    ``two-player`` finds ``two_player`` and "two players")."""
    return text.casefold().replace(".", " ").replace("_", " ").replace("-", " ").split()


def rule(rule_id: str) -> Rule:
    """The rule with that id, e.g. ``rule("mandala.draw.one_card_up_to_four")``."""
    if not isinstance(rule_id, str):
        raise UnknownRule(f"a rule id is text like 'mandala.turn.order', got {bounded(rule_id)}")
    game_id = rule_id.split(".", 1)[0]
    try:
        book = rulebook(game_id)
    except UnknownGame as exc:
        raise UnknownRule(f"no rule {bounded(rule_id)}: {exc}") from None
    return book.get(rule_id)


def explain(state: State[Any], action: Action | str) -> Explanation:
    """Whether ``action`` is legal in ``state`` and, if not, which rule forbids it and why;
    ``action`` may be given in the game's notation (``explain(state, "2R@1")``)."""
    return state.explain(action)


def load_record(data: Mapping[str, Any]) -> Record:
    """Read a :class:`Record` from its JSON form, checking the game and every action."""
    if not isinstance(data, Mapping):
        raise MalformedRecord([f"a record must be a JSON object, got {type(data).__name__}"])
    unknown = sorted(str(k)[:40] for k in data if k not in _RECORD_KEYS)
    if unknown:
        raise MalformedRecord([f"unknown keys {unknown[:12]}; a record has {sorted(_RECORD_KEYS)}"])
    with stored_settings():  # read back: warned of when the game was made
        g = game(data.get("game"), **settings_from_json(data))  # type: ignore[arg-type]
    raw = data.get("actions", [])
    if not isinstance(raw, list):
        raise MalformedRecord([f"'actions' must be a list, got {bounded(raw)}"])
    most = g.bounds().max_game_length
    if len(raw) > most:  # refused unread: no game of the variant is that long
        raise MalformedRecord(
            [f"actions: {len(raw)} actions, but no game of this variant takes more than {most}"]
        )
    problems: list[str] = []
    # the seats first: they are cheap to check, and past the problem cap no action is read
    seats = _seats(data.get("seats"), len(raw), g.players, problems)
    parsed: list[Action] = []
    for i, a in enumerate(raw):
        if enough(problems):
            problems.append(MORE_PROBLEMS)
            break
        try:
            parsed.append(g.action_from_json(a))
        except MalformedAction as exc:
            problems.extend(f"actions[{i}]: {p}" for p in exc.problems)
    seed = data.get("seed")
    if seed is not None:
        problem = seed_problem(seed)
        if problem is not None:
            problems.append(f"{problem} (or null)")
    draws = data.get("draws", "stream")
    if draws not in ("stream", "step"):
        problems.append(f'draws: expected "stream" or "step", got {bounded(draws)}')
    if problems:
        raise MalformedRecord(problems)
    return Record.of(g, tuple(parsed), seed, draws=draws, seats=seats)


_RECORD_KEYS = frozenset({"game", "settings", "seed", "actions", "draws", "seats"})


def _seats(
    raw: object, count: int, players: int, problems: list[str]
) -> tuple[int | None, ...] | None:
    """A record's ``"seats"``: absent, or one seat (or null, for a chance outcome) per
    action."""
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != count:
        problems.append(
            f"seats: expected a list of {count} seats (one per action), got {bounded(raw)}"
        )
        return None
    for i, seat in enumerate(raw):
        if enough(problems):
            problems.append(MORE_PROBLEMS)
            break
        if seat is not None and not is_seat(seat, players):
            problems.append(
                f"seats[{i}]: expected a seat from 0 to {players - 1} or null, got {bounded(seat)}"
            )
    return tuple(raw)


def replay(record: Record, *, upto: int | None = None) -> State[Any]:
    """The state a record leads to (after ``upto`` actions, if given: a whole number from
    0 to the number of actions)."""
    if not isinstance(record, Record):
        raise InvalidArgument(f"replay: expected a Record (see load_record), got {bounded(record)}")
    with stored_settings():
        made = game(record.game, **dict(record.settings))
    return record.replay(made, upto=upto)
