"""The position lab: rulespec behind one call that takes JSON text and returns JSON text.

The docs site runs rulespec in the reader's browser (Pyodide): its script sends
:func:`call` a request and shows the reply, so only strings cross between JavaScript and
Python and every answer is the library's own. Any host that is not Python can drive
rulespec the same way. The lab holds no table: each request carries the game, its
settings and the position (``state.to_json()``, or for The White Castle also the short
form a person writes), so undo is the host keeping the positions it was sent.

Requests are objects with an ``"op"``:

``{"op": "games"}``
    every game with its variants and options (:meth:`~rulespec.GameSpec.offered`);
``{"op": "open", "game", "settings", "position", "seat"}``
    the view of a position (without ``position``: the initial state; ``"seed"`` deals a
    new game as ``game.new_game(seed=...)`` does);
``{"op": "play", ..., "move"}``
    the view after a move in notation (a chance outcome is a move too), or, if the
    rules forbid it, the refusal with its rule;
``{"op": "chance", ..., "seed"}``
    the view after a chance outcome drawn with its probability (seeded);
``{"op": "why", ..., "move"}``
    whether the move is legal here and, if not, the rule that forbids it
    (:func:`rulespec.explain`), with the rule's citations.

``settings`` may be left out when the position names its own (every position does;
the short form names at least the player count). ``seat`` draws the picture as that
seat sees it; without it the picture shows the whole table. A view is::

    {"game", "settings", "position", "short", "step", "to_move", "status",
     "moves": [{"move", "text", "p"}], "outcome", "picture", "said"}

``to_move`` is a seat, ``"chance"`` or ``"over"``; ``moves`` lists the legal moves (at a
chance node the outcomes with their probabilities ``p`` as exact fractions); ``said`` is
the last move in words (``game.narrate``) after ``play`` and ``chance``. Every reply has
``"ok"``: ``false`` with ``"error"`` (:meth:`~rulespec.RulespecError.to_json`) for
anything the library refuses, and with ``"why"`` too when a move was illegal.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from rulespec import catalog
from rulespec.core.api import JSON, Action, Explanation, Game, State
from rulespec.core.rules import Rule
from rulespec.errors import InvalidArgument, MalformedPosition, RulespecError, bounded

MAX_REQUEST = 1_000_000
"""The longest request text read (a position is a few kilobytes)."""

OPS = ("games", "open", "play", "chance", "why")
"""The requests :func:`call` answers."""

_GAMES: dict[tuple[str, str], Game[Any]] = {}
"""Games made so far, by id and settings: a reader plays one or two variants, and making
a game reads its tables."""
_KEEP_GAMES = 32


def call(request: str) -> str:
    """Answer one request (JSON text) with one reply (JSON text); see the module's
    docstring for both. Nothing the request holds raises: the library's refusals come
    back as ``{"ok": false, "error": ...}``."""
    try:
        reply = answer(_read(request))
    except RulespecError as exc:
        reply = {"ok": False, "error": exc.to_json()}
    return json.dumps(reply, allow_nan=False)


def answer(request: Mapping[str, Any]) -> JSON:
    """:func:`call` on a request already read (a dict); raises what the library raises."""
    op = request.get("op")
    if op == "games":
        return {"ok": True, "games": [_game_entry(spec.id) for spec in catalog.GAMES]}
    if op not in OPS:
        raise InvalidArgument(f"lab: op must be one of {', '.join(OPS)}, got {bounded(op)}")
    game, state = _position(request)
    seat = _seat(request.get("seat"), game)
    if op == "open":
        return {"ok": True, "view": view(game, state, seat)}
    if op == "chance":
        if not state.is_chance:
            raise InvalidArgument("lab: chance asked where no chance node is (a player decides)")
        drawn = state.sample_chance(random.Random(_whole(request.get("seed"), "seed")))
        return _played(game, state, drawn, seat)
    move = request.get("move")
    if not isinstance(move, str):
        raise InvalidArgument(f"lab: move must be text in the game's notation, got {bounded(move)}")
    action = game.parse_action(move, state)
    verdict = state.explain(action)
    if op == "why":
        return {"ok": True, "why": explanation(game, verdict)}
    if not verdict.legal:
        assert verdict.rule is not None
        return {
            "ok": False,
            "error": {"code": "illegal_action", "message": str(verdict)},
            "why": explanation(game, verdict),
        }
    return _played(game, state, action, seat)


def view(game: Game[Any], state: State[Any], seat: int | None = None) -> JSON:
    """What the lab shows of a position (the module's docstring lists the keys)."""
    if state.is_terminal:
        to_move: int | str = "over"
        status = f"The game is over: {state.outcome().summary()}."
        moves: list[JSON] = []
    elif state.is_chance:
        to_move = "chance"
        status = "Chance decides next: pick an outcome, or draw one at random."
        moves = [
            {"move": game.format_action(a), "text": state.describe(a), "p": str(p)}
            for a, p in state.chance_outcomes()
        ]
    else:
        current = state.current_player
        assert isinstance(current, int)
        to_move = current
        status = f"Seat {current} to move."
        moves = [
            {"move": game.format_action(a), "text": state.describe(a), "p": None}
            for a in state.legal_actions()
        ]
    drawn = state if seat is None else state.observation(seat)
    position = state.to_json()
    return {
        "game": game.spec.id,
        "settings": dict(game.settings()),
        "position": position,
        "short": _short(game, state),
        "step": position.get("step"),
        "to_move": to_move,
        "status": status,
        "moves": moves,
        "outcome": state.outcome().to_json() if state.is_terminal else None,
        "picture": game.svg(drawn),
        "said": None,
    }


def explanation(game: Game[Any], verdict: Explanation) -> JSON:
    """An :class:`~rulespec.Explanation` as JSON: legal or not, the reason, and the rule
    that forbids the move with its title and citations (``castle.de:437`` and the book's
    section)."""
    return {
        "legal": verdict.legal,
        "move": _notation(game, verdict.action),
        "reason": verdict.reason,
        "rule": None if verdict.rule is None else rule_json(verdict.rule),
    }


def rule_json(rule: Rule) -> JSON:
    """A rule as the lab shows it: id, kind, title, our paraphrase and its citations."""
    return {
        "id": rule.id,
        "kind": rule.kind.value,
        "title": rule.title,
        "text": rule.text,
        "cites": [{"ref": c.ref, "text": str(c)} for c in rule.cites],
    }


def _played(game: Game[Any], state: State[Any], action: Action, seat: int | None) -> JSON:
    after = state.apply(action)
    shown = view(game, after, seat)
    shown["said"] = game.narrate(state, action, after)
    return {"ok": True, "view": shown, "move": game.format_action(action)}


def _read(request: object) -> Mapping[str, Any]:
    if not isinstance(request, str):
        raise InvalidArgument(f"lab: a request is JSON text, got {type(request).__name__}")
    if len(request) > MAX_REQUEST:
        raise InvalidArgument(f"lab: a request has at most {MAX_REQUEST} characters")
    try:
        data = json.loads(request)
    except (ValueError, RecursionError) as exc:
        raise InvalidArgument(f"lab: the request is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise InvalidArgument(f"lab: a request is a JSON object, got {bounded(data)}")
    return data


def _position(request: Mapping[str, Any]) -> tuple[Game[Any], State[Any]]:
    """The game and the state a request names."""
    position = request.get("position")
    if isinstance(position, str):  # pasted text: read here, so its errors say so
        try:
            position = json.loads(position)
        except (ValueError, RecursionError) as exc:
            raise MalformedPosition([f"the position is not JSON: {exc}"]) from None
    if position is not None and not isinstance(position, dict):
        raise MalformedPosition([f"a position is a JSON object, got {bounded(position)}"])
    game_id = request.get("game")
    if game_id is None and position is not None:
        game_id = position.get("game")
    settings = request.get("settings")
    if settings is None:
        settings = {} if position is None else position.get("settings", {})
    if not isinstance(settings, dict):
        raise InvalidArgument(f"lab: settings are a JSON object, got {bounded(settings)}")
    game = _game(game_id, settings)
    if position is not None:
        return game, game.state_from_json(position)
    seed = request.get("seed")
    if seed is not None:
        return game, game.new_game(seed=_whole(seed, "seed"))
    return game, game.initial_state()


def _game(game_id: object, settings: Mapping[str, Any]) -> Game[Any]:
    catalog.spec(game_id)  # type: ignore[arg-type]  # UnknownGame lists the games
    key = (str(game_id), json.dumps(settings, sort_keys=True))
    found = _GAMES.get(key)
    if found is None:
        found = catalog.game(str(game_id), **{str(k): v for k, v in settings.items()})
        if len(_GAMES) >= _KEEP_GAMES:
            _GAMES.clear()
        _GAMES[key] = found
    return found


def _game_entry(game_id: str) -> JSON:
    spec = catalog.spec(game_id)
    low, high = spec.players
    return {
        "id": spec.id,
        "title": spec.title,
        "players": [low, high],
        "short_form": game_id == "castle",
        **spec.offered(),
    }


def _seat(raw: object, game: Game[Any]) -> int | None:
    if raw is None:
        return None
    if type(raw) is not int or not 0 <= raw < game.players:
        raise InvalidArgument(f"lab: seat must be from 0 to {game.players - 1}, got {bounded(raw)}")
    return raw


def _whole(raw: object, name: str) -> int:
    if type(raw) is not int or not 0 <= raw < 2**63:
        raise InvalidArgument(f"lab: {name} must be a whole number from 0, got {bounded(raw)}")
    return raw


def _notation(game: Game[Any], action: object) -> str:
    try:
        return game.format_action(action)
    except (RulespecError, AttributeError, TypeError, ValueError):
        return str(action)


def _short(game: Game[Any], state: Any) -> JSON | None:
    """The White Castle's short form of the position, where one exists (between turns)."""
    if game.spec.id != "castle":
        return None
    from rulespec.castle import position  # noqa: PLC0415  (only this game has one)

    try:
        short: JSON = position.short(state)
    except InvalidArgument:
        return None
    return short
