"""Fuzzing every entry point a move-validating server feeds with client data.

The server hands rulespec whatever its clients send: positions, actions, records, settings,
seats, board files. Whatever it gets, the library must

* return normally or raise a :class:`rulespec.RulespecError` subclass, never any other
  exception, with a bounded message (at most ``tests.fuzz.MESSAGE_LIMIT`` characters as
  text and as JSON, however big the input) that a server can send as UTF-8 (issue 28);
* stop reading once it has the problems it will report: ten times more bad input costs
  no more work (Python calls counted, never timed), and no "did you mean" search runs on
  a name over 64 characters (issue 28);
* never half-apply anything: an illegal ``apply`` leaves the state's ``to_json()`` as it
  was;
* never open a file because client data named it (an audit hook refuses and reports any
  ``open`` outside the Python installation and the library's own data while a call runs);
* build only sound states from what it accepts: hashable, strict JSON
  (``allow_nan=False``) equal to a reload of itself, ``problems() == ()``, and able to
  go on for 50 seeded random steps with no problem and no exception; every count has
  both bounds (each whole number of each phase's positions one off or -1 is refused or
  plays on), and a further form a game writes (the Castle short position) reads back
  to what the form keeps.

Inputs are real ones (positions of states reached by seeded random play through
:func:`rulespec.testing.states`, legal actions, records of seeded games, the shipped
board) mutated field by field (another JSON type, huge and negative numbers, bools where
ints are, floats, NaN and infinities, 100,000-character strings, lists and objects nested
10,000 deep, empty containers, keys deleted, unknown keys added, values copied from
elsewhere in the document), random JSON, and hand-built action objects with fields of the
wrong type. Everything iterates :data:`rulespec.GAMES` and ``spec.variants()``: a game
added to the catalogue is fuzzed with no change here (only the board tests are White
Lotus's own, as ``rulespec.lotus.board`` is).

Budget and profiles: the examples per test come from the hypothesis profile
(``tests/conftest.py``): ``ci`` is derandomized (the same examples every run), ``deep``
runs ten times as many with random seeds. No count is written here.

No test here is timed. Every call runs under a hang guard (``tests.fuzz.HANG_SECONDS``,
10 s, set with ``signal.setitimer`` and cancelled when the call returns) so that a call
that never returns, or blows up quadratically on a big input, fails loudly with its input
instead of stalling CI: the guard is orders of magnitude above what any call needs, and
is not a speed assertion.

A failure shows the minimal input hypothesis shrank to: the falsifying example (the
mutations as ``path := value``, with big values by a short label) and the notes naming the
entry point and the input as the library received it. An exception other than a
RulespecError is re-raised where the library raised it, so hypothesis reports each
distinct defect separately.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import math
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.catalog import game_type
from rulespec.core.compact import expand
from rulespec.core.seats import is_seat
from rulespec.errors import SUGGEST_UP_TO, InvalidArgument, RulespecError
from rulespec.host.session import read_request, record_from_rows
from rulespec.lotus import board as boards
from rulespec.testing import games, states
from tests.fuzz import (
    BIG,
    DEEP,
    FAMILIES,
    FILE_NAMES,
    HUGE,
    LONG,
    ODD_VALUES,
    OTHER_TYPES,
    Odd,
    Reached,
    apply_mutations,
    attempt,
    bounded_text,
    check_accepted_state,
    check_chance_outcomes,
    foreign_objects,
    harvest,
    json_objects,
    json_values,
    must_work,
    mutations,
    nested_list,
    number_paths,
    path_text,
    session_rows,
    show,
    strict_json,
    vocabulary,
    wrong_values,
    xfail_if_known,
)
from tests.fuzz import _audit as fuzz_audit  # left out of the calls counted (_counting)

MAX_STEPS = 700
"""Random steps a drawn state lies at most from the start: most games of most variants
end before, so finished games are drawn too."""
RECORD_ACTIONS = 150
"""Actions kept in a record drawn for mutation (a prefix of a seeded game)."""


class Built:
    """A game of one variant, shown briefly (a White Lotus game's ``repr`` holds its
    whole board)."""

    __slots__ = ("game",)

    def __init__(self, game: Any) -> None:
        self.game = game

    def __repr__(self) -> str:
        settings = ",".join(f"{k}={v}" for k, v in self.game.settings().items())
        return f"<{self.game.spec.id}[{settings}]>"


@st.composite
def _variants(draw: st.DrawFn) -> Built:
    return Built(draw(games()))


@st.composite
def _reached(draw: st.DrawFn) -> Reached:
    return Reached(draw(states(max_steps=MAX_STEPS)))


VARIANTS = _variants()
"""Every variant of every game (rulespec.testing.games), shown briefly (a composite
rather than ``.map``, which would print the whole game)."""
REACHED = _reached()
"""States reached by seeded random play (rulespec.testing.states), shown briefly."""
DECIDING = REACHED.filter(lambda r: not r.state.is_terminal)

FUZZ = settings(phases=[p for p in settings.default.phases if p is not Phase.explain])
"""The profile's settings (examples, derandomization, database) without the explain
phase, which replays a failing example hundreds of times to comment on it: the
falsifying example and the notes already show the input."""


def value_of(drawn: object) -> object:
    """A drawn value, built if it is an :class:`~tests.fuzz.Odd`."""
    return drawn() if isinstance(drawn, Odd) else drawn


def unchanged(state: Any, before: dict[str, Any], label: str) -> None:
    if state.to_json() != before:
        raise AssertionError(f"{label} changed the state it refused: {show(state.to_json())}")


# --- positions -----------------------------------------------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
@FUZZ
@given(reached=REACHED, data=st.data())
def test_mutated_positions_load_or_raise_a_rulespec_error_and_what_loads_plays_on(
    family: str, reached: Reached, data: st.DataObject
) -> None:
    words = vocabulary(reached.position["game"])
    plan = data.draw(
        mutations(reached.position, words, family, tuple(FILE_NAMES)), label="mutations"
    )
    position = apply_mutations(reached.position, plan)
    ok, state = attempt("game.state_from_json", reached.game.state_from_json, position)
    if ok:
        check_accepted_state(reached.game, state, f"state_from_json({show(position)})")


@FUZZ
@given(variant=VARIANTS, data=st.data())
def test_random_json_positions_load_or_raise_a_rulespec_error_and_what_loads_plays_on(
    variant: Built, data: st.DataObject
) -> None:
    game = variant.game
    words = vocabulary(game.spec.id)
    header = {"game": game.spec.id, "settings": dict(game.settings())}
    with_header = json_objects(words).map(lambda d: {**header, **d})
    position = data.draw(json_values(words) | json_objects(words) | with_header, label="position")
    ok, state = attempt("game.state_from_json", game.state_from_json, position)
    if ok:
        check_accepted_state(game, state, f"state_from_json({show(position)})")


# --- actions ---------------------------------------------------------------------------------


def _check_accepted_action(game: Any, state: Any, action: Any, label: str) -> None:
    """An action read from client data: hashable, strict JSON that reads back to itself;
    ``apply`` and ``explain`` agree on it, and a refusal changes nothing."""
    with must_work(f"checking the action {label} accepted"):
        hash(action)
        text = strict_json(f"to_json() of the action {label} accepted", action.to_json())
        again = game.action_from_json(json.loads(text))
        if again != action or again.to_json() != action.to_json():
            raise AssertionError(f"the action {label} accepted does not read back to itself")
    before = state.to_json()
    applied, after = attempt("state.apply", state.apply, action)
    explained, verdict = attempt("state.explain", state.explain, action)
    if explained:
        bounded_text(f"str(state.explain({show(action)}))", str(verdict))
        if bool(verdict.legal) != applied:
            raise AssertionError(
                f"explain({action}) says legal={verdict.legal} but apply "
                f"{'applied it' if applied else 'refused it'}"
            )
    if applied:
        with must_work(f"checking the state after applying {label}"):
            if after.problems() != ():
                raise AssertionError(f"applying {action} gave problems {after.problems()}")
    else:
        unchanged(state, before, f"state.apply({action})")


@pytest.mark.parametrize("family", FAMILIES)
@FUZZ
@given(reached=DECIDING, data=st.data())
def test_mutated_actions_read_or_raise_a_rulespec_error(
    family: str, reached: Reached, data: st.DataObject
) -> None:
    game, state = reached.game, reached.state
    words = vocabulary(game.spec.id)
    base = data.draw(st.sampled_from(state.legal_actions()), label="legal action").to_json()
    doc = apply_mutations(base, data.draw(mutations(base, words, family), label="mutations"))
    ok, action = attempt("game.action_from_json", game.action_from_json, doc)
    if ok:
        _check_accepted_action(game, state, action, f"action_from_json({show(doc)})")


@FUZZ
@given(reached=DECIDING, data=st.data())
def test_random_json_actions_read_or_raise_a_rulespec_error(
    reached: Reached, data: st.DataObject
) -> None:
    game, state = reached.game, reached.state
    words = vocabulary(game.spec.id)
    if data.draw(st.booleans(), label="with a type of the game"):
        types = sorted(
            {a.to_json()["type"] for found in harvest(game.spec.id).actions.values() for a in found}
        )
        fields = data.draw(json_objects(words), label="fields")
        doc = {**fields, "type": data.draw(st.sampled_from(types), label="type")}
    else:
        doc = data.draw(json_values(words), label="action")
    ok, action = attempt("game.action_from_json", game.action_from_json, doc)
    if ok:
        _check_accepted_action(game, state, action, f"action_from_json({show(doc)})")


def _action_classes(game: Any) -> list[type]:
    """The action classes of a game with at least one field, each seen in play."""
    seen = harvest(game.spec.id).actions
    found = [c for c in game.table.action_types() if attrs.fields(c) and seen.get(c)]
    return sorted(found, key=lambda c: c.__name__)


@FUZZ
@given(reached=REACHED, data=st.data())
def test_actions_with_fields_of_the_wrong_type_are_refused_by_apply_and_explain_without_change(
    reached: Reached, data: st.DataObject
) -> None:
    game, state = reached.game, reached.state
    cls = data.draw(st.sampled_from(_action_classes(game)), label="action class")
    legal = [a for a in state.legal_actions() if type(a) is cls]
    base = data.draw(
        st.sampled_from(legal or list(harvest(game.spec.id).actions[cls])), label="base action"
    )
    name = data.draw(st.sampled_from([f.name for f in attrs.fields(cls)]), label="field")
    field = attrs.fields_dict(cls)[name]
    wrong = data.draw(st.sampled_from(wrong_values(cls, name)), label="wrong value")
    built, action = attempt(
        f"building {cls.__name__}", lambda: attrs.evolve(base, **{field.alias: wrong()})
    )
    if not built:
        return  # refused where it was built (a MalformedAction): nothing to apply
    before = state.to_json()
    applied, _ = attempt("state.apply", state.apply, action)
    if applied:
        raise AssertionError(
            f"state.apply accepted {cls.__name__} with {field.name}={wrong!r} "
            f"(built from {base!r}) in {show(before)}"
        )
    unchanged(state, before, "state.apply")
    explained, verdict = attempt("state.explain", state.explain, action)
    if explained:
        bounded_text("str(state.explain(...))", str(verdict))
        if verdict.legal:
            raise AssertionError(
                f"state.explain calls {cls.__name__} with {field.name}={wrong!r} legal"
            )
    unchanged(state, before, "state.explain")


def _other_games_actions() -> list[Odd]:
    out = []
    for spec in rulespec.GAMES:

        def first(spec_id: str = spec.id) -> object:
            game = rulespec.game(spec_id, **rulespec.spec(spec_id).variants()[0])
            return game.new_game(seed=0).legal_actions()[0]

        out.append(Odd(f"<the first legal action of a new {spec.id} game>", first))
    return out


@FUZZ
@given(reached=REACHED, thing=st.sampled_from([*foreign_objects(), *_other_games_actions()]))
def test_objects_that_are_no_action_here_are_refused_by_apply_and_explain_without_change(
    reached: Reached, thing: Odd
) -> None:
    state = reached.state
    value = thing()
    if value in state.legal_actions():
        return  # a game's own action, legal here: nothing to refuse
    before = state.to_json()
    applied, _ = attempt("state.apply", state.apply, value)
    if applied:
        raise AssertionError(f"state.apply accepted {thing!r}")
    unchanged(state, before, "state.apply")
    explained, verdict = attempt("state.explain", state.explain, value)
    if explained:
        bounded_text(f"str(state.explain({thing!r}))", str(verdict))
        if verdict.legal:
            raise AssertionError(f"state.explain calls {thing!r} legal")
    unchanged(state, before, "state.explain")


def _odd_players(state: Any, n: int) -> list[Odd]:
    """Player values for ``apply(action, player=…)``: the seat to act (as itself and as a
    float, a bool, a string, wrapped around), every seat of ``n`` and non-seats."""
    actor = state.current_player
    seat = actor if isinstance(actor, int) else 0
    return [
        Odd("None", lambda: None),
        Odd("True", lambda: True),
        Odd("False", lambda: False),
        Odd(f"{float(seat)!r}", lambda: float(seat)),
        Odd(f"{str(seat)!r}", lambda: str(seat)),
        Odd(f"{seat + n} (the seat plus the player count)", lambda: seat + n),
        Odd(f"{seat - n} (the seat minus the player count)", lambda: seat - n),
        Odd("-1", lambda: -1),
        Odd("99", lambda: 99),
        Odd("10**400", lambda: 10**400),
        Odd("nan", lambda: math.nan),
        Odd("[0]", lambda: [0]),
        *(Odd(repr(s), lambda s=s: s) for s in range(n)),
    ]


@FUZZ
@given(reached=DECIDING, data=st.data())
def test_apply_takes_only_the_seat_to_act_as_player(reached: Reached, data: st.DataObject) -> None:
    state = reached.state
    action = data.draw(st.sampled_from(state.legal_actions()), label="legal action")
    player = data.draw(st.sampled_from(_odd_players(state, reached.game.players)), label="player")
    value = player()
    actor = state.current_player
    before = state.to_json()
    ok, after = attempt("state.apply", state.apply, action, player=value)
    right = type(value) is int and isinstance(actor, int) and value == actor
    owing = type(value) is int and value in state.to_act  # a secret choice, before its turn
    if owing and not right:
        if not ok:  # the actor's action may not be one this seat can make: refused whole
            unchanged(state, before, f"state.apply(player={player!r})")
    elif right:
        if not ok:
            raise AssertionError(f"apply({action}, player={player!r}) refused: {after}")
        with must_work("applying without a player"):
            if after != state.apply(action):
                raise AssertionError("player= changed what apply does")
    else:
        if ok:
            raise AssertionError(
                f"apply({action}, player={player!r}) applied it, but {actor!r} is to act"
            )
        if not is_seat(value, reached.game.players) and not isinstance(after, InvalidArgument):
            raise AssertionError(f"apply(player={player!r}) raised {after!r}, no InvalidArgument")
        unchanged(state, before, f"state.apply(player={player!r})")


# --- every entry point that takes a seat (issue 19, r05) -------------------------------------


def _first(state: Any) -> Any:
    legal = state.legal_actions()
    return legal[0] if legal else "x"


SEAT_ENTRIES: dict[str, tuple[str, Callable[[Any, object], object]]] = {
    "state.observation": ("observation", lambda s, v: s.observation(v)),
    "state.observation(...).tensor": ("observation", lambda s, v: s.observation(v).tensor()),
    "state.information_state": ("information_state", lambda s, v: s.information_state(v)),
    "state.resample": ("resample", lambda s, v: s.resample(v, random.Random(0))),
    "state.legal_actions(player=)": ("legal_actions", lambda s, v: s.legal_actions(player=v)),
    "state.apply(action, player=)": ("player", lambda s, v: s.apply(_first(s), player=v)),
    "state.apply(text, player=)": ("player", lambda s, v: s.apply("x", player=v)),
    "state.explain(action, player=)": ("player", lambda s, v: s.explain(_first(s), player=v)),
    "state.explain(text, player=)": ("player", lambda s, v: s.explain("x", player=v)),
}
"""Every entry point of a state that takes a seat: the name its refusal must start with,
and the call."""


def _not_seats(players: int) -> list[Odd]:
    """Values that are no seat of ``players``: None, bools, floats, text, negative,
    too large and huge numbers (10**5000 has more digits than Python prints)."""
    return [
        Odd("None", lambda: None),
        Odd("True", lambda: True),
        Odd("False", lambda: False),
        Odd("0.0", lambda: 0.0),
        Odd("1.0", lambda: 1.0),
        Odd("nan", lambda: math.nan),
        Odd("'0'", lambda: "0"),
        Odd(f"'x' * {LONG:_}", lambda: "x" * LONG),
        Odd("-1", lambda: -1),
        Odd(f"{players} (the player count)", lambda: players),
        Odd("2**64", lambda: 2**64),
        Odd("10**5000", lambda: 10**5000),
        Odd("-(10**5000)", lambda: -(10**5000)),
        Odd("[0]", lambda: [0]),
        Odd("{}", dict),
    ]


@FUZZ
@given(reached=REACHED, entry=st.sampled_from(sorted(SEAT_ENTRIES)))
def test_every_entry_point_that_takes_a_seat_refuses_what_is_no_seat(
    reached: Reached, entry: str
) -> None:
    """Issue 19, r05: a seat is a whole number in range, always. Anything else (``None``
    from a failed seat lookup above all) is an :class:`~rulespec.InvalidArgument` naming
    the argument, and nothing is applied; a real seat gets an answer or a RulespecError.
    Every value is tried on each drawn state (refusals are cheap)."""
    state, players = reached.state, reached.game.players
    name, call = SEAT_ENTRIES[entry]
    before = state.to_json()
    for seat in _not_seats(players):
        ok, found = attempt(entry, call, state, seat())
        if ok:
            raise AssertionError(f"{entry} took {seat!r}, which is no seat of {players}")
        if not isinstance(found, InvalidArgument) or not str(found).startswith(f"{name}:"):
            raise AssertionError(f"{entry} refused {seat!r} with {found!r}, not InvalidArgument")
        unchanged(state, before, entry)
    if entry == "state.resample":
        return  # resampling a real seat is checked with every accepted state (check_views)
    for p in range(players):  # answered, or a bounded RulespecError (checked by attempt)
        attempt(entry, call, state, p)


def _odd_steps(step: int) -> list[Odd]:
    return [
        Odd(f"{step} (the step)", lambda: step),
        Odd(f"{step + 1}", lambda: step + 1),
        Odd("-1", lambda: -1),
        Odd("True", lambda: True),
        Odd(f"{float(step)!r}", lambda: float(step)),
        Odd(f"{str(step)!r}", lambda: str(step)),
        Odd("None (no check)", lambda: None),
        Odd("2**64", lambda: 2**64),
        Odd("10**5000", lambda: 10**5000),
        Odd("-(10**5000)", lambda: -(10**5000)),
    ]


@FUZZ
@given(reached=DECIDING)
def test_apply_takes_only_the_states_step_as_expect_step(reached: Reached) -> None:
    """``expect_step`` is read from client data: a number of any size (more digits than
    Python prints included) is the step, a stale step or an InvalidArgument, with a
    bounded message; nothing else. Every value is tried on each drawn state."""
    state = reached.state
    action = state.legal_actions()[0]
    before = state.to_json()
    for odd in _odd_steps(state.step):
        value = odd()
        try:
            ok, found = attempt("state.apply", state.apply, action, expect_step=value)
        except ValueError as exc:
            xfail_if_known("*", "expect_step", exc)
            raise
        if value is None or (type(value) is int and value == state.step):
            if not ok:
                raise AssertionError(f"apply(expect_step={odd!r}) refused: {found!r}")
            continue
        if ok:
            raise AssertionError(f"apply(expect_step={odd!r}) applied at step {state.step}")
        unchanged(state, before, f"state.apply(expect_step={odd!r})")


# --- records -----------------------------------------------------------------------------


def _record_json(game: Any, seed: int, seeded: bool) -> dict[str, Any]:
    """The record of the first RECORD_ACTIONS actions of a seeded random game: every
    action (explicit), or the decisions only with the seed."""
    chance = random.Random(seed)
    decide = random.Random(seed + 1)
    state = game.initial_state()
    played = []
    if seeded:
        state = rulespec.advance(state, chance)
    while not state.is_terminal and len(played) < RECORD_ACTIONS:
        if state.is_chance:
            action = state.sample_chance(chance)
        else:
            action = decide.choice(state.legal_actions())
        played.append(action)
        state = state.apply(action)
        if seeded:
            state = rulespec.advance(state, chance)
    if seeded:
        played = [a for a in played if not _is_chance_action(game, a)]
    return game.record(tuple(played), seed if seeded else None).to_json()


def _is_chance_action(game: Any, action: Any) -> bool:
    return any(
        step.node is rulespec.CHANCE and type(action) in step.moves
        for step in game.table.steps.values()
    )


def _check_loaded_record(record: Any, label: str) -> None:
    """A record read from client data: strict JSON that reads back to itself; if it
    replays, the state it reaches keeps the contract."""
    with must_work(f"checking the record {label} accepted"):
        text = strict_json(f"to_json() of the record {label} accepted", record.to_json())
        if rulespec.load_record(json.loads(text)) != record:
            raise AssertionError(f"the record {label} accepted does not read back to itself")
    replayed, state = attempt("rulespec.replay", rulespec.replay, record)
    if replayed:
        built, its_game = attempt(
            "rulespec.game", rulespec.game, record.game, **dict(record.settings)
        )
        if not built:
            raise AssertionError(f"the game of the record {label} accepted: {its_game}")
        check_accepted_state(its_game, state, f"replay of {label}")


@pytest.mark.parametrize("family", FAMILIES)
@FUZZ
@given(variant=VARIANTS, seed=st.integers(0, 2), seeded=st.booleans(), data=st.data())
def test_mutated_records_load_or_raise_a_rulespec_error_and_what_loads_replays(
    family: str, variant: Built, seed: int, seeded: bool, data: st.DataObject
) -> None:
    words = vocabulary(variant.game.spec.id)
    base = _record_json(variant.game, seed, seeded)
    plan = data.draw(mutations(base, words, family, tuple(FILE_NAMES)), label="mutations")
    record_json = apply_mutations(base, plan)
    ok, record = attempt("rulespec.load_record", rulespec.load_record, record_json)
    if ok:
        _check_loaded_record(record, f"load_record({show(record_json)})")


@FUZZ
@given(variant=VARIANTS, data=st.data())
def test_random_json_records_load_or_raise_a_rulespec_error_and_what_loads_replays(
    variant: Built, data: st.DataObject
) -> None:
    game = variant.game
    words = vocabulary(game.spec.id)
    record_json = data.draw(
        json_values(words)
        | st.fixed_dictionaries(
            {
                "game": st.sampled_from([game.spec.id, *words]),
                "actions": st.lists(json_objects(words), max_size=4),
            },
            optional={"settings": json_objects(words), "seed": json_values(words)},
        )
        | st.fixed_dictionaries(
            {
                "game": st.just(game.spec.id),
                "settings": st.just(dict(game.settings())),
                "actions": st.lists(
                    st.sampled_from(
                        [
                            a.to_json()
                            for found in harvest(game.spec.id).actions.values()
                            for a in found
                        ]
                    ),
                    max_size=6,
                ),
            },
            optional={"seed": json_values(words)},
        ),
        label="record",
    )
    ok, record = attempt("rulespec.load_record", rulespec.load_record, record_json)
    if ok:
        _check_loaded_record(record, f"load_record({show(record_json)})")


# --- a session's rows and its entry points (issue 32) -----------------------------------------


def _check_resumed(game: Any, table: Any, label: str) -> None:
    """A table resumed from accepted rows keeps the contract, and its record (asked for,
    so its rows' actions are read) replays to its state or is a RulespecError."""
    check_accepted_state(game, table.state, label)
    ok, record = attempt(f"record() of {label}", table.record)
    if ok:
        with must_work(f"replaying the record of {label}"):
            if rulespec.replay(record) != table.state:
                raise AssertionError(f"the record of {label} does not replay to its state")


@pytest.mark.parametrize("family", FAMILIES)
@FUZZ
@given(variant=VARIANTS, seed=st.integers(0, 2), data=st.data())
def test_mutated_rows_resume_or_raise_a_rulespec_error_and_what_resumes_plays_on(
    family: str, variant: Built, seed: int, data: st.DataObject
) -> None:
    """Rows a store gives back, mutated: record_from_rows compares every row with the
    replay, so what it accepts is a true history; resume(made, rows=...) accepts only rows
    whose steps hold together, and what it gives plays on."""
    game = variant.game
    made, base = session_rows(game, seed)
    plan = data.draw(mutations(base, vocabulary(game.spec.id), family), label="mutations")
    rows = apply_mutations(base, plan)
    ok, record = attempt("record_from_rows", record_from_rows, game, seed, rows)
    if ok:
        with must_work("replaying the record of accepted rows"):
            state = rulespec.replay(record)
        check_accepted_state(game, state, f"record_from_rows({show(rows)})")
    resumed, table = attempt("rulespec.resume", rulespec.resume, made, rows=rows)
    if resumed:
        _check_resumed(game, table, f"resume(made, rows={show(rows)})")
        if ok and table.state != state:
            raise AssertionError("resume and record_from_rows accept the same rows differently")


@FUZZ
@given(variant=VARIANTS, data=st.data())
def test_random_json_rows_are_refused_with_a_rulespec_error(
    variant: Built, data: st.DataObject
) -> None:
    game = variant.game
    made, base = session_rows(game, 0)
    words = vocabulary(game.spec.id)
    rows = data.draw(
        json_values(words)
        | st.lists(json_objects(words) | st.sampled_from(base), max_size=6)
        | st.lists(st.sampled_from(base), max_size=8),
        label="rows",
    )
    ok, record = attempt("record_from_rows", record_from_rows, game, 0, rows)
    if ok:
        check_accepted_state(game, rulespec.replay(record), "random rows")
    resumed, table = attempt("rulespec.resume", rulespec.resume, made, rows=rows)
    if resumed:
        _check_resumed(game, table, f"resume(made, rows={show(rows)})")


def _odd_requests(view: dict[str, Any], action: Any) -> list[Odd]:
    step = view["step"]
    return [
        *ODD_VALUES,
        Odd("{}", dict),
        Odd("no expect_step", lambda: {"action": action}),
        Odd("no action", lambda: {"expect_step": step}),
        Odd("an unknown key", lambda: {"action": action, "expect_step": step, "seat": 0}),
        *(
            Odd(f"expect_step {v.label}", lambda v=v: {"action": action, "expect_step": v()})
            for v in ODD_VALUES
        ),
        *(
            Odd(f"action {v.label}", lambda v=v: {"action": v(), "expect_step": step})
            for v in ODD_VALUES
        ),
    ]


@FUZZ
@given(reached=DECIDING, data=st.data())
def test_a_request_through_read_request_and_submit_is_refused_whole_or_made_whole(
    reached: Reached, data: st.DataObject
) -> None:
    """read_request, prepare, submit and commit with a client's odd request body: refused
    with a RulespecError and the table as it was, or the one legal move made."""
    state = reached.state
    game = state.game
    table = rulespec.Session(game, state, 1)
    seat = table.to_act[0]
    view = table.view(seat)
    action = expand(view["legal_actions"])[0]
    body = value_of(data.draw(st.sampled_from(_odd_requests(view, action)), label="body"))

    def shown() -> Any:
        return (table.step, table.guards, table.view_json(seat), table.spectator_view_json())

    before = shown()
    read, request = attempt("read_request", read_request, body)
    if not read:
        return
    prepared, _ = attempt("Session.prepare", table.prepare, seat, **request)
    if shown() != before:
        raise AssertionError(f"prepare changed the table: {show(body)}")
    submitted, _ = attempt("Session.submit", table.submit, seat, **request)
    if submitted != prepared:
        raise AssertionError(f"prepare and submit disagree on {show(body)}")
    if submitted:
        check_accepted_state(game, table.state, f"submit({show(body)})")
    elif shown() != before:
        raise AssertionError(f"submit changed the table it refused: {show(body)}")


@FUZZ
@given(reached=DECIDING, odd=st.sampled_from([*ODD_VALUES, *foreign_objects()]))
def test_odd_rows_steps_and_seats_are_refused_by_commit_wait_and_stream(
    reached: Reached, odd: Odd
) -> None:
    table = rulespec.Session(reached.state.game, reached.state, 1)
    value = odd()
    before = (table.step, table.guards)
    ok, _ = attempt("Session.commit", table.commit, value)
    if ok or (table.step, table.guards) != before:
        raise AssertionError(f"commit({odd!r}) was taken")
    if type(value) is not int:
        ok, _ = attempt("Session.wait", table.wait, value, timeout=0)
        if ok:
            raise AssertionError(f"wait({odd!r}) was taken")
    if value is not None and not is_seat(value, table.game.players):
        ok, _ = attempt("Session.stream", lambda: next(table.stream(value, timeout=0)))
        if ok:
            raise AssertionError(f"stream({odd!r}) was taken")


def _odd_uptos(n: int) -> list[Odd]:
    return [
        Odd("None", lambda: None),
        Odd("0", lambda: 0),
        Odd(f"{n // 2} (half the actions)", lambda: n // 2),
        Odd(f"{n} (every action)", lambda: n),
        Odd(f"{n + 1} (one past the end)", lambda: n + 1),
        Odd("10**400", lambda: 10**400),
        Odd("-1", lambda: -1),
        Odd("-5", lambda: -5),
        Odd("-(10**400)", lambda: -(10**400)),
        Odd("True", lambda: True),
        Odd("False", lambda: False),
        Odd("'3'", lambda: "3"),
        Odd("1.5", lambda: 1.5),
        Odd("2.0", lambda: 2.0),
        Odd("nan", lambda: math.nan),
        Odd("inf", lambda: math.inf),
        Odd("[1]", lambda: [1]),
    ]


@FUZZ
@given(variant=VARIANTS, seed=st.integers(0, 2), seeded=st.booleans(), data=st.data())
def test_replay_up_to_an_odd_count_returns_that_state_or_raises_a_rulespec_error(
    variant: Built, seed: int, seeded: bool, data: st.DataObject
) -> None:
    game = variant.game
    record = rulespec.load_record(_record_json(game, seed, seeded))
    n = len(record.actions)
    upto = data.draw(st.sampled_from(_odd_uptos(n)), label="upto")
    value = upto()
    ok, state = attempt("rulespec.replay", rulespec.replay, record, upto=value)
    whole = value is None or (type(value) is int and 0 <= value <= n)
    past_the_end = type(value) is int and value > n
    if whole:
        if not ok:
            raise AssertionError(f"replay(upto={upto!r}) of {n} actions refused: {state}")
        check_accepted_state(game, state, f"replay(upto={upto!r})")
    elif past_the_end:
        if ok:
            with must_work("replaying the whole record"):
                if state != rulespec.replay(record):
                    raise AssertionError(
                        f"replay(upto={upto!r}) past the end is not the whole record"
                    )
    elif ok:
        raise AssertionError(
            f"replay(upto={upto!r}) of a record of {n} actions returned a state; a count "
            "of actions is a whole number from 0 to the number of actions"
        )


# --- every count has both bounds (issue 28: r22, r26) ----------------------------------------


def _each_phase(game: Any, seed: int) -> list[dict[str, Any]]:
    """The first and the last position of each phase of one seeded random game."""
    first: dict[object, dict[str, Any]] = {}
    last: dict[object, dict[str, Any]] = {}
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    while not state.is_terminal:
        phase = getattr(state, "phase", None)
        first.setdefault(phase, state.to_json())
        last[phase] = state.to_json()
        state = rulespec.random_step(state, rng)
    return [*first.values(), *(v for k, v in last.items() if v is not first[k])]


def _set(doc: Any, path: tuple[str | int, ...], value: int) -> Any:
    out = json.loads(json.dumps(doc))
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def _at(doc: Any, path: tuple[str | int, ...]) -> int:
    for key in path:
        doc = doc[key]
    found: int = doc
    return found


EDGE_VARIANTS = [(s, v) for s in rulespec.GAMES for v in dict.fromkeys(
    json.dumps(x, sort_keys=True) for x in (s.variants()[0], s.variants()[-1]))]  # fmt: skip


@pytest.mark.parametrize(
    ("spec", "settings_json"), EDGE_VARIANTS, ids=lambda x: getattr(x, "id", x)
)
def test_every_number_of_a_position_one_off_or_negative_is_refused_or_plays_on(
    spec: Any, settings_json: str
) -> None:
    """Issue 28, r22 and r26: a White Castle die too many on a family row before the roll,
    and a White Lotus bid of -5, loaded with no problems and broke play a few steps later.
    Every count has a lower and an upper bound: each whole number of the first and last
    position of every phase of a seeded game (the first and last variant of each game),
    set one above, one below and to -1, is refused with a RulespecError, or loads with no
    problems and keeps none, nor raises, for 20 random steps. Exhaustive over the
    numbers, where a drawn mutation would rarely hit the one that matters."""
    game = rulespec.game(spec.id, **json.loads(settings_json))
    failures = []
    for base in _each_phase(game, 4):
        for path in number_paths(base):
            for value in {_at(base, path) + 1, _at(base, path) - 1, -1}:
                ok, state = attempt(
                    "game.state_from_json", game.state_from_json, _set(base, path, value)
                )
                if not ok:
                    continue
                rng = random.Random(0)
                try:
                    for _ in range(20):
                        if state.problems() or state.is_terminal:
                            break
                        state = rulespec.random_step(state, rng)
                    broke = state.problems()[:1]
                except Exception as exc:  # every failure is listed, crashes too
                    broke = (f"{type(exc).__name__}: {exc}",)
                if broke:
                    failures.append((base.get("phase"), path_text(path), value, broke[0][:160]))
    assert not failures, "\n".join(map(str, failures[:8]))


# --- the further forms a game reads and writes (issue 28: Castle's short position) -------


def _written(state: Any) -> list[tuple[Any, dict[str, Any]]]:
    """Each further form of the state's game that has a writer (``Schema.write``), with
    the state written in it (a form that cannot describe this state is left out)."""
    out = []
    for form in type(state.game).schemas:
        if form.write is None:
            continue
        try:
            out.append((form, json.loads(json.dumps(form.write(state)))))
        except InvalidArgument:
            continue
    return out


FORM_GAMES = [s.id for s in rulespec.GAMES if any(x.write for x in game_type(s.id).schemas)]
"""The games that read and write a further form of position."""
IN_A_FORM = st.builds(
    Reached, states(games(st.sampled_from(FORM_GAMES or ["mandala"])), max_steps=MAX_STEPS)
).filter(lambda r: bool(_written(r.state)))
"""States of those games that some further form describes (not Castle's setup, say)."""


@pytest.mark.skipif(not FORM_GAMES, reason="no game writes a further form")
@FUZZ
@given(reached=IN_A_FORM)
def test_a_state_written_in_a_further_form_reads_back_to_what_the_form_keeps(
    reached: Reached,
) -> None:
    """Issue 28, r17: Castle's short form left out the starting pairs left over, so the
    position read back dealt other cards. Reading a written form gives back what the form
    says it keeps (``Schema.kept``: Castle's short form, all but the markers' stamp
    numbers), and writing that again gives the same text."""
    game, state = reached.game, reached.state
    for form, written in _written(state):
        ok, again = attempt("game.state_from_json", game.state_from_json, written)
        if not ok:
            raise AssertionError(f"{form.kind} written of a reached state was refused: {again}")
        with must_work(f"reading back the {form.kind} written"):
            if form.kept(again) != form.kept(state):
                raise AssertionError(f"{form.kind} read back is not the state it was written of")
            if json.loads(json.dumps(form.write(again))) != written:
                raise AssertionError(f"{form.kind} read back writes another {form.kind}")


@pytest.mark.skipif(not FORM_GAMES, reason="no game writes a further form")
@pytest.mark.parametrize("family", FAMILIES)
@FUZZ
@given(reached=IN_A_FORM, data=st.data())
def test_mutated_positions_in_a_further_form_load_or_raise_a_rulespec_error_and_play_on(
    family: str, reached: Reached, data: st.DataObject
) -> None:
    game = reached.game
    words = vocabulary(game.spec.id)
    form, written = data.draw(st.sampled_from(_written(reached.state)), label="form")
    plan = data.draw(mutations(written, words, family, tuple(FILE_NAMES)), label="mutations")
    position = apply_mutations(written, plan)
    ok, state = attempt(f"game.state_from_json ({form.kind})", game.state_from_json, position)
    if ok:
        check_accepted_state(game, state, f"state_from_json({show(position)})")


def _schema_kinds(game: Any) -> list[Odd]:
    kinds = ["position", "action", "observation", *(x.kind for x in type(game).schemas)]
    return [Odd(repr(k), lambda k=k: k) for k in kinds]


@FUZZ
@given(variant=VARIANTS, data=st.data())
def test_json_schema_of_a_form_is_a_schema_and_of_anything_else_a_rulespec_error(
    variant: Built, data: st.DataObject
) -> None:
    """Issue 28, r24: ``game.json_schema("bogus")`` raised a ValueError. A form the game
    reads gives strict JSON; anything else (another game's form, None, a number, a long
    text) is a RulespecError with a bounded, sendable message."""
    game = variant.game
    odd = [*ODD_IDS, *(Odd(f"{x.kind!r}", lambda k=x.kind: k) for s in rulespec.GAMES
                       for x in game_type(s.id).schemas)]  # fmt: skip
    kind = data.draw(st.sampled_from([*_schema_kinds(game), *odd]), label="of")
    value = kind()
    ok, schema = attempt("game.json_schema", game.json_schema, value)
    forms = {"position", "action", "observation", *(x.kind for x in type(game).schemas)}
    if type(value) is str and value in forms:
        if not ok:
            raise AssertionError(f"json_schema({kind!r}) refused a form the game reads")
        strict_json(f"json_schema({kind!r})", schema)
    elif ok:
        raise AssertionError(f"json_schema({kind!r}) gave a schema of no form the game reads")


# --- readers stop early and stay cheap (issue 28: r19, r20, r21) ---------------------------


@contextlib.contextmanager
def _counting() -> Iterator[list[int]]:
    """Count the Python function calls made in the block (``sys.setprofile``): a measure
    of work that does not depend on the machine's load (no timing)."""
    count = [0]
    ours = fuzz_audit.__code__  # the fuzz suite's audit hook runs on events, not the library

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is not ours:
            count[0] += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield count
    finally:
        sys.setprofile(previous)


def _work(call: Callable[[], object]) -> int:
    """The Python calls ``call`` makes before it returns or raises a RulespecError."""
    with _counting() as count, contextlib.suppress(RulespecError):
        call()
    return count[0]


def _longest_list(doc: Any) -> list[str | int]:
    """The path of the longest list in ``doc`` (the first found of that length)."""
    best: tuple[int, list[str | int]] = (-1, [])
    stack: list[tuple[list[str | int], Any]] = [([], doc)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, list):
            best = max(best, (len(value), path), key=lambda b: b[0])
            stack.extend(([*path, i], v) for i, v in enumerate(value))
        elif isinstance(value, dict):
            stack.extend(([*path, k], v) for k, v in value.items())
    return best[1]


def _with(doc: Any, path: list[str | int], value: Any) -> Any:
    out = json.loads(json.dumps(doc))
    if not path:
        return value
    node = out
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return out


def _bad_inputs(spec: Any) -> dict[str, Callable[[int], Callable[[], object]]]:
    """Per entry point, a call refusing an input with ``n`` bad entries (unknown keys,
    wrong elements, unknown actions, long names), built from the game's own data."""
    game = rulespec.game(spec.id, **spec.variants()[0])
    state = game.new_game(seed=3)
    position = state.to_json()
    action = state.legal_actions()[0].to_json()
    record = _record_json(game, 3, seeded=True)
    where = _longest_list(position)
    out: dict[str, Callable[[int], Callable[[], object]]] = {
        "state_from_json, unknown keys": lambda n: (
            lambda: game.state_from_json({**position, **{f"k{i}": 0 for i in range(n)}})
        ),
        "state_from_json, a list of wrong entries": lambda n: (
            lambda: game.state_from_json(_with(position, where, [{"x": [1]}] * n))
        ),
        "action_from_json, unknown keys": lambda n: (
            lambda: game.action_from_json({**action, **{f"k{i}": 0 for i in range(n)}})
        ),
        "action_from_json, a long type": lambda n: (
            lambda: game.action_from_json({"type": "x" * (10 * n)})
        ),
        "load_record, unknown actions": lambda n: (
            lambda: rulespec.load_record(
                {**record, "actions": [{"type": "nope"}] * n, "seats": None}
            )
        ),
        "load_record, wrong seats": lambda n: (
            lambda: rulespec.load_record({**record, "actions": [action] * n, "seats": [-1] * n})
        ),
        "rulespec.game, unknown settings": lambda n: (
            lambda: rulespec.game(spec.id, **{f"k{i}": 0 for i in range(n)})
        ),
        "parse_action, a long text": lambda n: lambda: game.parse_action("x" * (10 * n), state),
    }
    later, rng = state, random.Random(3)
    while not _written(later) and not later.is_terminal:
        later = rulespec.random_step(later, rng)
    for form, written in _written(later):
        out[f"state_from_json ({form.kind}), unknown keys"] = lambda n, w=written: (
            lambda: game.state_from_json({**w, **{f"k{i}": 0 for i in range(n)}})
        )
    return out


READERS = [(spec, name) for spec in rulespec.GAMES for name in _bad_inputs(spec)]


@pytest.mark.parametrize(("spec", "reader"), READERS, ids=[f"{s.id}-{n}" for s, n in READERS])
def test_refusing_ten_times_more_bad_input_takes_no_more_work(spec: Any, reader: str) -> None:
    """Issue 28, r20: once an error has the problems it will list (100), a reader works
    out nothing more: ten times as many unknown keys, wrong entries, unknown actions or
    characters cost the same number of Python calls (``sys.setprofile``, no timing),
    well under one call per extra entry. Every game's every reader of client data."""
    make = _bad_inputs(spec)[reader]
    small, large = _work(make(500)), _work(make(5_000))
    assert large <= small + 500, (
        f"{reader}: {small} Python calls for 500 bad entries, {large} for 5,000"
    )
    attempt(reader, make(5_000))  # and the refusal is a bounded, sendable RulespecError


def _long_names(spec: Any) -> dict[str, Callable[[str], object]]:
    game = rulespec.game(spec.id, **spec.variants()[0])
    state = game.new_game(seed=3)
    settings = dict(game.settings())
    return {
        "rulespec.game (game id)": rulespec.game,
        "rulespec.game (setting name)": lambda name: rulespec.game(
            spec.id, **{**settings, name: 1}
        ),
        "rulespec.rule": lambda name: rulespec.rule(f"{spec.id}.{name}"),
        "game.action_from_json (type)": lambda name: game.action_from_json({"type": name}),
        "game.json_schema": game.json_schema,
        "game.parse_action": lambda name: game.parse_action(name, state),
        "rulespec.advance_until (phase)": lambda name: rulespec.advance_until(
            state, phase=name, rng=random.Random(0)
        ),
        "rulespec.load_record (game id)": lambda name: rulespec.load_record(
            {"game": name, "actions": []}
        ),
    }


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_no_did_you_mean_search_for_a_name_over_64_characters(
    spec: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 28, r19 (docs/serving.rst, The limits): a name longer than
    ``SUGGEST_UP_TO`` (64) characters gets no "did you mean" search, at any entry point
    that suggests names; one just under the limit still gets one where it is close."""
    searched: list[int] = []
    real = difflib.get_close_matches

    def spy(word: Any, *args: Any, **kwargs: Any) -> list[str]:
        searched.append(len(word) if isinstance(word, str) else -1)
        return real(word, *args, **kwargs)

    monkeypatch.setattr(difflib, "get_close_matches", spy)
    for name, call in _long_names(spec).items():
        searched.clear()
        attempt(name, call, "x" * (SUGGEST_UP_TO + 1) + "y" * 10_000)
        assert all(n <= SUGGEST_UP_TO for n in searched), f"{name} searched {searched}"


# --- files named by client data ----------------------------------------------------------


def _file_cases(spec: Any) -> list[tuple[str, dict[str, Any], str]]:
    """(setting, settings, file name) for each setting of a game's first variant (and
    ``board``) set to each name of a file."""
    game = rulespec.game(spec.id, **spec.variants()[0])
    base = dict(game.settings())
    out = []
    for key in dict.fromkeys([*base, "board"]):
        for name in FILE_NAMES:
            value = name()
            out.append((key, {**base, key: value}, value))
    return out


ENTRIES = ["rulespec.load_record", "rulespec.game", "game.state_from_json"]


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_no_file_named_by_client_data_is_opened(spec: Any, entry: str) -> None:
    """Each setting set to the name of a file (``/etc/passwd``, a relative path, a
    temporary file holding a valid board, …) in a record, in ``rulespec.game``'s
    settings and in a position: nothing may open it. Every case is tried; the failure
    lists all of them."""
    game = rulespec.game(spec.id, **spec.variants()[0])
    position = game.new_game(seed=0).to_json()
    failures = []
    for key, named_settings, path in _file_cases(spec):
        if entry == "rulespec.load_record":
            record = {"game": spec.id, "settings": named_settings, "seed": None, "actions": []}
            call: tuple[Any, ...] = (rulespec.load_record, record)
            kwargs: dict[str, Any] = {}
        elif entry == "rulespec.game":
            call, kwargs = (rulespec.game, spec.id), named_settings
        else:
            call, kwargs = (game.state_from_json, {**position, "settings": named_settings}), {}
        try:
            attempt(entry, *call, named=(path,), **kwargs)
        except Exception as exc:
            failures.append(f"{key}={path!r}: {type(exc).__name__}: {str(exc)[:400]}")
    if failures:
        pytest.fail(f"{entry} with a setting naming a file:\n" + "\n".join(failures))


# --- settings and lookups ----------------------------------------------------------------


def _misspellings() -> list[Odd]:
    out = []
    for game_id in dict.fromkeys(s.id for s in rulespec.GAMES):
        for label, text in [
            ("without its last letter", game_id[:-1]),
            ("with an extra letter", game_id + "s"),
            ("in capitals", game_id.upper()),
            ("with a leading space", " " + game_id),
            ("with a NUL", game_id + "\x00"),
            ("with a dot", game_id + "."),
        ]:
            out.append(Odd(f"{text!r} ({game_id} {label})", lambda t=text: t))
    return out


ODD_IDS = [
    *OTHER_TYPES,
    *HUGE[:1],
    Odd("123", lambda: 123),
    *BIG,
    Odd("'x' * 10_000_000 (10 MB)", lambda: "x" * 10_000_000),
    *_misspellings(),
]


@FUZZ
@given(game_id=st.sampled_from(ODD_IDS) | st.text(max_size=12))
def test_odd_game_ids_are_refused_by_game_spec_rulebook_and_rules(game_id: object) -> None:
    value = value_of(game_id)
    for name, fn in [
        ("rulespec.game", rulespec.game),
        ("rulespec.spec", rulespec.spec),
        ("rulespec.rulebook", rulespec.rulebook),
        ("rulespec.rules", rulespec.rules),
    ]:
        ok, _ = attempt(name, fn, value)
        if ok and value not in rulespec.GAMES.ids:
            raise AssertionError(f"{name}({game_id!r}) accepted an id that is not a game")


def _rule_ids() -> list[Odd]:
    out: list[Odd] = [
        *OTHER_TYPES,
        *BIG[:1],
        Odd("'.'", lambda: "."),
        Odd("'x' * 10_000_000 (10 MB)", lambda: "x" * 10_000_000),
    ]
    for spec in rulespec.GAMES:
        real = spec.rulebook().rules[0].id
        for label, text in [
            ("", real),
            (" misspelt", real[:-1] + ("x" if real[-1] != "x" else "y")),
            (" with a trailing space", real + " "),
            (" in capitals", real.upper()),
            (" (the game id alone)", spec.id),
            (" (the game id and a dot)", spec.id + "."),
            (" with a long tail", real + "." + "y" * LONG),
        ]:
            out.append(Odd(f"{show(text, 60)}{label}", lambda t=text: t))
    return out


@FUZZ
@given(rule_id=st.sampled_from(_rule_ids()) | st.text(max_size=20))
def test_odd_rule_ids_are_refused_by_rule(rule_id: object) -> None:
    value = value_of(rule_id)
    ok, found = attempt("rulespec.rule", rulespec.rule, value)
    if ok and (type(value) is not str or found.id != value):
        raise AssertionError(f"rulespec.rule({rule_id!r}) returned the rule {found.id!r}")


def _odd_setting_values() -> list[Odd]:
    boards_ = [Odd(repr(v), lambda v=v: v) for v in (None, 1, [], {}, "x", "schematic ")]
    return [*ODD_VALUES, *FILE_NAMES, *boards_]


ODD_NAMES = [
    Odd("''", lambda: ""),
    Odd("'x'", lambda: "x"),
    Odd("'board'", lambda: "board"),
    Odd("'players '", lambda: "players "),
    Odd("'Players'", lambda: "Players"),
    Odd(f"'k' * {LONG:_}", lambda: "k" * LONG),
]


@FUZZ
@given(variant=VARIANTS, data=st.data())
def test_odd_settings_are_refused_or_give_the_game_they_name(
    variant: Built, data: st.DataObject
) -> None:
    game = variant.game
    settings: dict[str, Any] = dict(game.settings())
    words = vocabulary(game.spec.id)
    values = st.sampled_from(_odd_setting_values()) | st.sampled_from(words)
    for _ in range(data.draw(st.integers(1, 2), label="changes")):
        change = data.draw(
            st.sampled_from(["replace", "add", "delete", "as a float"]), label="change"
        )
        if change == "as a float":  # the same number in the wrong type: 3.0 players
            numbers = sorted(k for k, v in settings.items() if type(v) is int)
            if numbers:
                key = data.draw(st.sampled_from(numbers), label="setting")
                settings[key] = float(settings[key])
        elif change == "add":
            name = value_of(
                data.draw(st.sampled_from(ODD_NAMES) | st.sampled_from(words), label="name")
            )
            settings[str(name)] = value_of(data.draw(values, label="value"))
        elif settings:
            key = data.draw(st.sampled_from(sorted(settings)), label="setting")
            if change == "delete":
                del settings[key]
            else:
                settings[key] = value_of(data.draw(values, label="value"))
    ok, made = attempt("rulespec.game", rulespec.game, game.spec.id, **settings)
    if not ok:
        return
    with must_work(f"checking the game built from {show(settings)}"):
        got = dict(made.settings())
        for key, value in settings.items():
            if key not in got or type(got[key]) is not type(value) or got[key] != value:
                raise AssertionError(
                    f"rulespec.game accepted {key}={show(value, 200)}, but the game it built "
                    f"has {key}={show(got.get(key, '<nothing>'), 200)}"
                )
        strict_json("a new game's position", made.new_game(seed=0).to_json())


# --- state queries with odd arguments ------------------------------------------------------


def _odd_seats(players: int) -> list[Odd]:
    return [
        *(Odd(repr(s), lambda s=s: s) for s in range(players)),
        Odd("True", lambda: True),
        Odd("False", lambda: False),
        Odd("0.0", lambda: 0.0),
        Odd("1.0", lambda: 1.0),
        Odd("-1", lambda: -1),
        Odd(f"{players} (the player count)", lambda: players),
        Odd("99", lambda: 99),
        Odd("10**400", lambda: 10**400),
        Odd("-(10**400)", lambda: -(10**400)),
        Odd("'0'", lambda: "0"),
        Odd("None", lambda: None),
        Odd("nan", lambda: math.nan),
        Odd("[0]", lambda: [0]),
    ]


@FUZZ
@given(reached=REACHED, data=st.data())
def test_observation_of_an_odd_seat_is_refused_and_of_a_seat_shows_that_seat(
    reached: Reached, data: st.DataObject
) -> None:
    state = reached.state
    n = reached.game.players
    seat = data.draw(st.sampled_from(_odd_seats(n)), label="seat")
    value = seat()
    ok, view = attempt("state.observation", state.observation, value)
    if type(value) is int and 0 <= value < n:
        if not ok:
            raise AssertionError(f"observation({seat!r}) refused a seat: {view}")
        with must_work(f"checking observation({seat!r})"):
            if type(view.player) is not int or view.player != value:
                raise AssertionError(f"observation({seat!r}).player is {view.player!r}")
            strict_json(f"observation({seat!r}).to_json()", view.to_json())
    elif ok:
        raise AssertionError(f"observation({seat!r}) accepted what is not a seat of {n}")


@FUZZ
@given(reached=REACHED)
def test_sample_chance_is_refused_outside_a_chance_node(reached: Reached) -> None:
    state = reached.state
    before = state.to_json()
    ok, drawn = attempt("state.sample_chance", state.sample_chance, random.Random(0))
    if state.is_chance:
        if not ok:
            raise AssertionError(f"sample_chance refused at a chance node: {drawn}")
        if drawn not in state.legal_actions():
            raise AssertionError(f"sample_chance drew {drawn}, not a chance outcome here")
    elif ok:
        raise AssertionError(f"sample_chance drew {drawn} where {state.current_player!r} is to act")
    unchanged(state, before, "state.sample_chance")


@FUZZ
@given(reached=REACHED)
def test_chance_outcomes_at_every_kind_of_node_are_exact_or_empty(reached: Reached) -> None:
    state = reached.state
    ok, _ = attempt("state.chance_outcomes", state.chance_outcomes)
    if not ok:
        raise AssertionError("chance_outcomes() raised")
    with must_work("checking chance_outcomes()"):
        check_chance_outcomes(state)


# --- board data (White Lotus) ----------------------------------------------------------------


def _check_accepted_board(board: Any, label: str) -> None:
    """A board read from client data: strict JSON that reads back to itself, and a game
    on it for 3 and 6 players whose first state keeps the contract for 50 random steps."""
    with must_work(f"checking the board {label} accepted"):
        text = strict_json(f"to_json() of the board {label} accepted", board.to_json())
        if boards.from_json(json.loads(text)) != board:
            raise AssertionError(f"the board {label} accepted does not read back to itself")
    for players in (3, 6):
        ok, game = attempt(
            "rulespec.game", rulespec.game, "lotus", edition="de", players=players, board=board
        )
        if not ok:
            raise AssertionError(f"a game on the board {label} accepted: {game}")
        ok, state = attempt("game.new_game", game.new_game, seed=0)
        if not ok:
            raise AssertionError(f"a new game on the board {label} accepted: {state}")
        check_accepted_state(game, state, f"new_game on the board {label}")


def _board_words(base: dict[str, Any]) -> tuple[str, ...]:
    words: dict[str, None] = dict.fromkeys(base)
    for area in base["areas"]:
        words.update(dict.fromkeys([area["id"], *area]))
    return tuple(sorted(words))


@pytest.mark.parametrize("family", FAMILIES)
@FUZZ
@given(data=st.data())
def test_mutated_boards_load_or_raise_a_rulespec_error_and_what_loads_plays_on(
    family: str, data: st.DataObject
) -> None:
    base = boards.schematic().to_json()
    plan = data.draw(mutations(base, _board_words(base), family), label="mutations")
    doc = apply_mutations(base, plan)
    ok, board = attempt("rulespec.lotus.board.from_json", boards.from_json, doc)
    if ok:
        _check_accepted_board(board, f"from_json({show(doc)})")


@FUZZ
@given(data=st.data())
def test_random_json_boards_load_or_raise_a_rulespec_error(data: st.DataObject) -> None:
    words = _board_words(boards.schematic().to_json())
    doc = data.draw(
        json_values(words) | json_objects(words).map(lambda d: {"format": 1, **d}),
        label="board",
    )
    ok, board = attempt("rulespec.lotus.board.from_json", boards.from_json, doc)
    if ok:
        _check_accepted_board(board, f"from_json({show(doc)})")


def _big_board(count: int, same_id: bool = False) -> dict[str, Any]:
    """A board of ``count`` areas in a chain (or all with one id)."""
    areas = []
    for i in range(count):
        aid = "a" if same_id else f"a{i}"
        adjacent = [] if same_id else [f"a{j}" for j in (i - 1, i + 1) if 0 <= j < count]
        areas.append(
            {
                "id": aid,
                "name": aid,
                "brown": False,
                "lotus": False,
                "dragon": False,
                "pos": [i, 0],
                "adjacent": adjacent,
            }
        )
    return {"format": 1, "name": "big", "stand_in": "fuzz", "areas": areas}


@pytest.mark.parametrize(
    "board",
    [
        pytest.param(lambda: _big_board(100_000), id="100000-distinct-areas"),
        pytest.param(lambda: _big_board(100_000, same_id=True), id="100000-areas-one-id"),
    ],
)
def test_a_board_of_100000_areas_is_refused_within_the_hang_guard(board: Any) -> None:
    ok, _ = attempt("rulespec.lotus.board.from_json", boards.from_json, board())
    if ok:
        raise AssertionError("a board of 100,000 areas was accepted")


@pytest.mark.parametrize(
    "pos",
    [[10**400, 0], [0, -(10**400)], [math.nan, 0], [math.inf, 0], [True, 0], ["0", 0]],
    ids=["10**400", "-(10**400)", "nan", "inf", "bool", "string"],
)
def test_a_board_with_an_odd_area_position_is_refused(pos: list[Any]) -> None:
    data = boards.schematic().to_json()
    data["areas"][0]["pos"] = pos
    ok, board = attempt("rulespec.lotus.board.from_json", boards.from_json, data)
    if ok:
        _check_accepted_board(board, f"with areas[0].pos = {show(pos)}")


def test_a_board_with_a_duplicate_id_is_refused() -> None:
    data = boards.schematic().to_json()
    data["areas"][1]["id"] = data["areas"][0]["id"]
    ok, _ = attempt("rulespec.lotus.board.from_json", boards.from_json, data)
    if ok:
        raise AssertionError("a board with two areas of one id was accepted")


def test_the_fuzz_helpers_build_and_show_big_values_without_recursing() -> None:
    """The deep values are built iteratively and every odd value is shown briefly, so a
    report never fails on, or drowns in, its own input."""
    assert "<list nested" in show(nested_list(DEEP))
    assert "int of ~401 digits" in show(10**400)
    for odd in ODD_VALUES:
        assert len(show(odd())) < 1600, odd
