"""Conformance vectors: positions with their legal actions and results, as JSON lines.

Chess engines prove their move generators with perft counts; other implementations of
these games (a JavaScript UI, a C++ bot) prove they follow rulespec with vectors. A vector
file is JSON lines: a header, then one vector per position. Each vector holds a position
(``state.to_json()``), who is to act, every seat's observation, the legal actions in
order (ids and JSON; at a chance node with exact probabilities as text), for each legal
action (or a seeded sample of at most ``sample`` of them) the position and observations
it leads to, a few illegal actions with the rule each one breaks, and at the end of a
game its outcome. :func:`check` replays a file against rulespec itself and reports every
disagreement with its line number; another implementation runs the same comparisons
against its own engine.

Positions come from seeded random play (``random.Random(seed + i)`` drives game ``i``
exactly as ``rulespec play --seed`` does), chosen in two ways:

* hand-picked: the first position of each value of the game's ``Phase`` enum, and the
  first position where an illegal near miss is refused by a ruling (a point the
  rulebooks leave open), found by playing on until each phase is seen or ``search``
  steps were played (phases a variant never reaches are named in the header);
* random: ``positions`` positions of each of the first ``games`` games, chosen by seed.

The format is documented on the "Conformance vectors" page of the docs (``vectors.rst``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, TextIO

import attrs

import rulespec
from rulespec import catalog
from rulespec.core.api import CHANCE, TERMINAL
from rulespec.core.leaves import compact, leaves
from rulespec.errors import MAX_PROBLEMS, InvalidArgument, RulespecError, bounded, cut

FORMAT = "rulespec-vectors"
"""The ``format`` of a vector file's header line."""
FORMAT_VERSION = 1
"""The version of the format described on the docs page; a reader refuses other versions."""
MAX_STEPS = 20_000
"""A random game longer than this is a bug (no variant's random game comes near it)."""


@attrs.frozen
class _Pick:
    """A position chosen for a vector: which random game, which step, and why."""

    state: Any
    seed: int
    step: int
    why: list[str] = attrs.field(factory=list, eq=False)
    must_refuse: list[int] = attrs.field(factory=list, eq=False)
    """Decision ids to list among the illegal actions (those that cite a ruling)."""


def _whole(name: str, value: object, least: int) -> int:
    if type(value) is not int or value < least:
        raise InvalidArgument(
            f"{name}: expected a whole number of at least {least}, got {bounded(value)}"
        )
    return value


def _check_game(game: object) -> Any:
    if not (hasattr(game, "spec") and hasattr(game, "action_ids") and hasattr(game, "settings")):
        raise InvalidArgument(
            f"game: expected a game made by rulespec.game(...), got {bounded(game)}"
        )
    return game


def phases(game: Any) -> tuple[str, ...]:
    """The values of ``game``'s ``Phase`` enum, in declaration order."""
    return tuple(p.value for p in type(game).table.phases)


def _near_misses(game: Any, state: Any, rng: random.Random, count: int) -> list[int]:
    """Up to ``count`` decision ids that are not legal here, drawn by ``rng`` from the
    id blocks of the legal actions' types (near misses, not actions of another phase)."""
    legal = set(state.legal_action_ids())
    kinds = {type(a).KIND for a in state.legal_actions()}
    blocks = [b for b in game.action_ids().decision_blocks if b.kind in kinds]
    size = sum(len(b.actions) for b in blocks)
    if size - len(legal) <= count:
        return [i for b in blocks for i in range(b.first, b.last + 1) if i not in legal]
    found: set[int] = set()
    for _ in range(8 * count):  # rejection sampling: most ids of a block are illegal
        k = rng.randrange(size)
        for b in blocks:
            if k < len(b.actions):
                break
            k -= len(b.actions)
        if b.first + k not in legal:
            found.add(b.first + k)
            if len(found) == count:
                break
    return sorted(found)


def _play(game: Any, seed: int) -> Iterator[Any]:
    """The states of the random game ``seed`` (as ``rulespec play --seed`` plays it)."""
    rng = random.Random(seed)
    state = game.initial_state()
    yield state
    for _ in range(MAX_STEPS):
        if state.is_terminal:
            return
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        state = state.apply(action)
        yield state
    raise RuntimeError(f"random game {seed} of {game.spec.id} did not end in {MAX_STEPS} steps")


def _picks(
    game: Any, seed: int, games: int, positions: int, search: int
) -> tuple[list[_Pick], list[str]]:
    """The chosen positions in game order, and the phases not reached within the search
    budget (``search`` steps, counted over whole games: a game begun is played out)."""
    wanted = set(phases(game))
    rulings_seen: set[str] = set()
    probe = random.Random(f"rulings {seed}")
    chosen: dict[tuple[int, int], _Pick] = {}

    def pick(state: Any, s: int, n: int, why: str) -> _Pick:
        found = chosen.setdefault((s, n), _Pick(state, s, n))
        found.why.append(why)
        return found

    budget = search
    i = 0
    while i < games or (wanted and budget > 0):
        s = seed + i
        searching = budget > 0
        trajectory: list[Any] = []
        for n, state in enumerate(_play(game, s)):
            if i < games:
                trajectory.append(state)
            budget -= 1
            phase = state.phase.value
            if phase in wanted and searching:
                wanted.discard(phase)
                pick(state, s, n, f"phase:{phase}")
            if searching and not state.is_chance and not state.is_terminal:
                for a_id in _near_misses(game, state, probe, 2):
                    rule = state.explain(game.action(a_id)).rule
                    if rule is not None and rule.is_ruling and rule.id not in rulings_seen:
                        rulings_seen.add(rule.id)
                        pick(state, s, n, f"ruling:{rule.id}").must_refuse.append(a_id)
        if trajectory:
            rng = random.Random(f"positions {seed} {s}")
            for n in sorted(rng.sample(range(len(trajectory)), min(positions, len(trajectory)))):
                pick(trajectory[n], s, n, "random")
        i += 1
    missing = [p for p in phases(game) if p in wanted]
    return [chosen[k] for k in sorted(chosen)], missing


def _to_act(state: Any) -> int | str:
    actor = state.current_player
    if actor is CHANCE:
        return "chance"
    if actor is TERMINAL:
        return "terminal"
    seat: int = actor
    return seat


def _views(state: Any) -> list[Any]:
    return [state.observation(p).to_json() for p in range(state.players)]


def _ratio(p: Fraction) -> str:
    return str(p)


def _outcome(state: Any) -> dict[str, Any]:
    outcome = state.outcome()
    k = len(outcome.winners)
    return {
        "scores": list(outcome.scores),
        "tiebreaks": [list(t) for t in outcome.tiebreaks],
        "winners": sorted(outcome.winners),
        "returns": [
            _ratio(Fraction(1, k) if s in outcome.winners else Fraction(0))
            for s in range(len(outcome.scores))
        ],
    }


def _vector(game: Any, pick: _Pick, seed: int, sample: int, illegal: int) -> dict[str, Any]:
    state = pick.state
    rng = random.Random(f"vector {seed} {pick.seed} {pick.step}")
    legal: list[dict[str, Any]]
    if state.is_chance:
        legal = [
            {"id": i, "action": game.chance_outcome(i).to_json(), "probability": _ratio(p)}
            for i, p in state.chance_outcome_ids()
        ]
    else:
        legal = [{"id": i, "action": game.action(i).to_json()} for i in state.legal_action_ids()]
    chosen: Sequence[int] = range(len(legal))
    if len(legal) > sample:
        chosen = sorted(rng.sample(range(len(legal)), sample))
    results = []
    for k in chosen:
        i = legal[k]["id"]
        after = state.apply(game.chance_outcome(i) if state.is_chance else game.action(i))
        results.append({"id": i, "position": after.to_json(), "observations": _views(after)})
    refused = []
    if not state.is_chance and not state.is_terminal:
        ids = sorted(set(_near_misses(game, state, rng, illegal)) | set(pick.must_refuse))
        for i in ids:
            rule = state.explain(game.action(i)).rule
            refused.append({"id": i, "action": game.action(i).to_json(), "rule": rule.id})
    return {
        "type": "vector",
        "game": game.spec.id,
        "settings": dict(game.settings()),
        "origin": {"seed": pick.seed, "step": pick.step},
        "why": pick.why,
        "phase": state.phase.value,
        "to_act": _to_act(state),
        "position": state.to_json(),
        "observations": _views(state),
        "legal": legal,
        "results": results,
        "sampled": len(results) < len(legal),
        "illegal": refused,
        "outcome": _outcome(state) if state.is_terminal else None,
    }


def generate(
    game: Any,
    *,
    seed: int = 0,
    games: int = 3,
    positions: int = 4,
    sample: int = 20,
    illegal: int = 5,
    search: int = 20_000,
) -> Iterator[dict[str, Any]]:
    """The header, then the vectors of ``game`` (a :func:`rulespec.game`), as JSON dicts.

    ``games`` random games (seeds ``seed`` … ``seed + games - 1``) give ``positions``
    positions each; hand-picked positions (each ``Phase`` value, each ruling met by a near
    miss) come from seeded games played until each phase was seen or ``search`` steps were
    played (the game under way is finished). Each vector gives results for every legal
    action, or for ``sample`` of them chosen by seed when there are more; and up to
    ``illegal`` refused near misses. Same arguments, same vectors. The arguments are
    checked at once (:class:`~rulespec.InvalidArgument`); the vectors are made as read.
    """
    game = _check_game(game)
    seed = _whole("seed", seed, -(2**63))
    games = _whole("games", games, 0)
    positions = _whole("positions", positions, 0)
    sample = _whole("sample", sample, 1)
    illegal = _whole("illegal", illegal, 0)
    search = _whole("search", search, 0)
    return _generate(
        game,
        seed=seed,
        games=games,
        positions=positions,
        sample=sample,
        illegal=illegal,
        search=search,
    )


def _generate(
    game: Any, *, seed: int, games: int, positions: int, sample: int, illegal: int, search: int
) -> Iterator[dict[str, Any]]:
    picks, missing = _picks(game, seed, games, positions, search)
    ids = game.action_ids()
    yield {
        "type": "header",
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "rulespec": rulespec.__version__,
        "game": game.spec.id,
        "settings": dict(game.settings()),
        "players": game.players,
        "action_ids": ids.digest(),
        "num_distinct_actions": len(ids.decisions),
        "num_chance_outcomes": len(ids.chance),
        "seed": seed,
        "games": games,
        "positions": positions,
        "sample": sample,
        "illegal": illegal,
        "search": search,
        "phases": list(phases(game)),
        "phases_not_reached": missing,
        "vectors": len(picks),
    }
    for pick in picks:
        yield _vector(game, pick, seed, sample, illegal)


def dumps(vector: Mapping[str, Any]) -> str:
    """One line of a vector file: compact JSON, keys in the documented order."""
    return json.dumps(vector, separators=(",", ":"), ensure_ascii=False)


def write(game: Any, out: TextIO | str | Path, **options: Any) -> int:
    """Write :func:`generate`'s lines to ``out`` (an open text file or a path); returns the
    number of lines written. ``options`` are those of :func:`generate`."""
    lines = (dumps(v) + "\n" for v in generate(game, **options))
    if isinstance(out, str | Path):
        with open(out, "w", encoding="utf-8", newline="\n") as f:
            return sum(f.write(line) > 0 for line in lines)
    return sum(out.write(line) > 0 for line in lines)


# --- the reference checker ------------------------------------------------------------


class _Bad(Exception):
    """One problem with a line; stops checking that line."""


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise _Bad(f"no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _Bad(f"{key!r} has the wrong type: {bounded(value)}")
    return value


def _same(what: str, file: object, ours: object) -> str | None:
    """None if ``file`` and ``ours`` are the same JSON, else where they differ."""
    if compact(file) == compact(ours):
        return None
    a, b = leaves(file), leaves(ours)
    paths = [p for p in sorted(a.keys() | b.keys()) if compact(a.get(p)) != compact(b.get(p))]
    shown = ", ".join(
        f"{p or '(top)'}: file {bounded(a.get(p), 40)}, rulespec {bounded(b.get(p), 40)}"
        for p in paths[:3]
    )
    more = f" and {len(paths) - 3} more" if len(paths) > 3 else ""
    return f"{what} differs at {shown}{more}"


class _Checker:
    def __init__(self) -> None:
        self.games: dict[str, Any] = {}

    def game(self, data: Mapping[str, Any]) -> Any:
        game_id = _get(data, "game", str)
        settings = _get(data, "settings", dict)
        key = compact([game_id, settings])
        if key not in self.games:
            try:
                self.games[key] = catalog.game(game_id, **settings)
            except RulespecError as exc:
                raise _Bad(f"no such game or variant: {cut(str(exc), 200)}") from None
        return self.games[key]

    def header(self, data: Mapping[str, Any]) -> list[str]:
        if data.get("format") != FORMAT:
            raise _Bad(f"not a vector file header ('format' is not {FORMAT!r})")
        version = _get(data, "format_version", int)
        if version != FORMAT_VERSION:
            raise _Bad(f"format version {version}; this checker reads version {FORMAT_VERSION}")
        game = self.game(data)
        digest = _get(data, "action_ids", str)
        if digest != game.action_ids().digest():
            return [
                "the action ids digest differs from rulespec's: the file numbers actions "
                "differently (see the action ids page)"
            ]
        return []

    def vector(self, data: Mapping[str, Any]) -> list[str]:
        game = self.game(data)
        problems: list[str] = []
        try:
            state = game.state_from_json(_get(data, "position", dict))
        except RulespecError as exc:
            raise _Bad(f"the position does not load: {cut(str(exc), 300)}") from None
        for what, file, ours in (
            ("position (written back)", data["position"], state.to_json()),
            ("to_act", data.get("to_act"), _to_act(state)),
            ("phase", data.get("phase"), state.phase.value),
            ("observations", data.get("observations"), _views(state)),
        ):
            found = _same(what, file, ours)
            if found:
                problems.append(found)
        legal = _get(data, "legal", list)
        ours_legal = [
            {"id": i, "action": game.chance_outcome(i).to_json(), "probability": _ratio(p)}
            for i, p in state.chance_outcome_ids()
        ]
        if not state.is_chance:
            ours_legal = [
                {"id": i, "action": game.action(i).to_json()} for i in state.legal_action_ids()
            ]
        problems.extend(self._legal(legal, ours_legal))
        legal_ids = {e["id"] for e in ours_legal}
        for n, result in enumerate(_get(data, "results", list)):
            if not isinstance(result, dict):
                problems.append(f"results[{n}] is not an object")
                continue
            problems.extend(self._result(game, state, legal_ids, n, result))
        for n, refused in enumerate(_get(data, "illegal", list)):
            if not isinstance(refused, dict):
                problems.append(f"illegal[{n}] is not an object")
                continue
            problems.extend(self._illegal(game, state, n, refused))
        outcome = _outcome(state) if state.is_terminal else None
        found = _same("outcome", data.get("outcome"), outcome)
        if found:
            problems.append(found)
        return problems

    def _legal(self, legal: list[Any], ours: list[dict[str, Any]]) -> list[str]:
        ids = [e.get("id") if isinstance(e, dict) else e for e in legal]
        if ids != [e["id"] for e in ours]:
            first = next(
                (k for k, (a, b) in enumerate(zip(ids, ours, strict=False)) if a != b["id"]),
                min(len(ids), len(ours)),
            )
            return [
                f"legal ids differ from index {first}: file {bounded(ids[first : first + 3])}, "
                f"rulespec {bounded([e['id'] for e in ours[first : first + 3]])} "
                f"(file lists {len(ids)}, rulespec {len(ours)})"
            ]
        out = []
        for k, (a, b) in enumerate(zip(legal, ours, strict=True)):
            found = _same(f"legal[{k}] (id {b['id']})", a, b)
            if found:
                out.append(found)
        return out

    def _result(
        self, game: Any, state: Any, legal: set[int], n: int, result: Mapping[str, Any]
    ) -> list[str]:
        i = result.get("id")
        if type(i) is not int or i not in legal:
            return [f"results[{n}]: id {bounded(i)} is not one of the legal ids"]
        after = state.apply(game.chance_outcome(i) if state.is_chance else game.action(i))
        out = []
        for what, file, ours in (
            (f"results[{n}] (id {i}): position", result.get("position"), after.to_json()),
            (f"results[{n}] (id {i}): observations", result.get("observations"), _views(after)),
        ):
            found = _same(what, file, ours)
            if found:
                out.append(found)
        return out

    def _illegal(self, game: Any, state: Any, n: int, refused: Mapping[str, Any]) -> list[str]:
        i = refused.get("id")
        if type(i) is not int or not 0 <= i < game.num_distinct_actions:
            return [f"illegal[{n}]: {bounded(i)} is no decision id of this variant"]
        action = game.action(i)
        out = []
        found = _same(f"illegal[{n}] (id {i}): action", refused.get("action"), action.to_json())
        if found:
            out.append(found)
        explanation = state.explain(action)
        if explanation.legal or explanation.rule is None:
            out.append(f"illegal[{n}]: id {i} is legal here")
        elif explanation.rule.id != refused.get("rule"):
            out.append(
                f"illegal[{n}] (id {i}): refused by {explanation.rule.id}, "
                f"not {bounded(refused.get('rule'))}"
            )
        return out


def check(lines: Iterable[str | Mapping[str, Any]], *, limit: int = MAX_PROBLEMS) -> list[str]:
    """Replay a vector file against rulespec: every disagreement as ``line N: …`` (empty
    when all agree). ``lines`` are the file's lines (or already-read dicts); the first must
    be the header. At most ``limit`` problems are listed, then a last line says the check
    stopped there. A malformed file gives problems, never an exception."""
    limit = _whole("limit", limit, 1)
    checker = _Checker()
    problems: list[str] = []
    seen = 0
    for number, line in enumerate(lines, start=1):
        seen = number
        found = _check_line(checker, number, line)
        problems.extend(f"line {number}: {cut(p)}" for p in found)
        if len(problems) >= limit:
            return [*problems[:limit], f"... stopped after {limit} problems"]
    if seen == 0:
        problems.append("line 1: the file is empty (a vector file starts with a header line)")
    return problems


def _check_line(checker: _Checker, number: int, line: str | Mapping[str, Any]) -> list[str]:
    try:
        data = _parse(line)
        if not isinstance(data, Mapping):
            raise _Bad(f"not a JSON object: {bounded(data)}")
        kind = data.get("type")
        if number == 1:
            if kind != "header":
                raise _Bad("the first line must be the header ('type': 'header')")
            return checker.header(data)
        if kind != "vector":
            raise _Bad(f"'type' must be 'vector', got {bounded(kind)}")
        return checker.vector(data)
    except _Bad as exc:
        return [str(exc)]
    except Exception as exc:  # a vector no state answers: report, never a traceback
        return [f"cannot be checked: {type(exc).__name__}: {cut(str(exc), 200)}"]


def _parse(line: str | Mapping[str, Any]) -> object:
    if not isinstance(line, str):
        return line
    try:
        return json.loads(line)
    except (ValueError, RecursionError) as exc:  # not JSON, or nested too deep
        raise _Bad(f"not JSON: {cut(str(exc), 200)}") from None


def read(path: str | Path) -> list[str]:
    """The lines of a vector file (for :func:`check`)."""
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def summary(lines: Sequence[str]) -> str:
    """``12 vectors of mandala (players=2, final_mandalas=all)``, from a file's header."""
    try:
        header = json.loads(lines[0])
        settings = ", ".join(f"{k}={v}" for k, v in header["settings"].items())
        return f"{len(lines) - 1} vectors of {header['game']} ({settings})"
    except Exception:
        return f"{max(len(lines) - 1, 0)} vectors"
