"""Sessions: a table as a server runs it (submit, views, chance, checkpoints, records), and
legal actions in compact form."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
import rulespec.codes
from rulespec.core.compact import compact, count, expand
from rulespec.host.session import record_from_rows
from tests.variants import played

VARIANTS = played()
"""The generic suites' variants (:mod:`tests.variants`): every column, every option value
once; the full cross of options and columns is played by ``rulespec verify``."""
TABLES = [
    ("mandala", {"players": 2}),
    ("mandala", {"players": 4}),
    ("lotus", {"edition": "de", "players": 3}),
    ("lotus", {"edition": "fr", "players": 5}),
]


def _key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def _strict(data: object) -> Any:
    """``data`` through strict JSON and back (fails on NaN, infinities, non-JSON types)."""
    return json.loads(json.dumps(data, allow_nan=False))


def _play(table: rulespec.Session, rng: random.Random, until: int | None = None) -> None:
    """Random decisions, each sent by a random seat among those owing one, as JSON or as
    notation, with the step of the view it was chosen from."""
    while not table.is_over and (until is None or table.step < until):
        seat = rng.choice(sorted(table.to_act))
        view = table.view(seat)
        action: Any = rng.choice(expand(view["legal_actions"]))
        if rng.random() < 0.3:
            action = table.game.format_action(table.game.action_from_json(action))
        table.submit(seat, action, expect_step=view["step"])


# --- views --------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "settings_"), VARIANTS, ids=str)
def test_views_are_strict_json_and_list_exactly_the_legal_actions(
    game_id: str, settings_: dict[str, Any]
) -> None:
    """One game of every variant: every seat's view of every state is strict JSON, and
    its compact legal actions expand to exactly ``legal_actions(player=seat)``."""
    table = rulespec.session(game_id, seed=3, **settings_)
    rng = random.Random(3)
    while True:
        state = table.state
        assert not state.is_chance
        for seat in range(state.players):
            view = table.view(seat)
            assert _strict(view) == view
            assert table.view_json(seat) == json.dumps(view, allow_nan=False)
            assert view["seat"] == seat
            assert view["step"] == state.step == view["observation"]["step"]
            assert view["observation"] == state.observation(seat).to_json()  # reused: same
            assert view["to_act"] == sorted(state.to_act)
            legal = [a.to_json() for a in state.legal_actions(player=seat)]
            assert bool(legal) == (seat in state.to_act)
            expanded = expand(view["legal_actions"])
            assert len(expanded) == len(legal) == count(view["legal_actions"])
            assert sorted(map(_key, expanded)) == sorted(map(_key, legal))
        if table.is_over:
            break
        seat = rng.choice(sorted(table.to_act))
        table.submit(seat, rng.choice(table.state.legal_actions(player=seat)), unguarded=True)
    outcome = table.state.outcome()
    for seat in range(table.state.players):
        assert table.view(seat)["outcome"] == outcome.to_json()
        assert table.view(seat)["legal_actions"] == []


def test_the_outcome_as_json_lists_the_winners_in_order() -> None:
    outcome = rulespec.Outcome(
        scores=(3, 5, 5), tiebreaks=((1,), (2,), (2,)), winners=frozenset({2, 1})
    )
    assert outcome.to_json() == {
        "scores": [3, 5, 5],
        "tiebreaks": [[1], [2], [2]],
        "winners": [1, 2],
    }


def test_a_bid_is_offered_as_ranges() -> None:
    """The White Lotus bids of a conflict: a handful of entries instead of hundreds."""
    table = rulespec.session("lotus", seed=8, edition="de", players=4)
    rng = random.Random(8)
    while not any(e["type"] == "bid" for s in table.to_act for e in table.view(s)["legal_actions"]):
        _play(table, rng, until=table.step + 1)
    seat = next(s for s in sorted(table.to_act) if table.view(s)["legal_actions"])
    entries = table.view(seat)["legal_actions"]
    bids = [e for e in entries if e["type"] == "bid"]
    assert len(bids) <= 4
    assert any(isinstance(e["influence"], dict) for e in bids)
    assert count(entries) == len(table.state.legal_actions(player=seat)) > len(entries)


def test_a_view_is_built_once_per_step_and_seat() -> None:
    table = rulespec.session("mandala", seed=1, players=2)
    first = table.view(0)
    assert table.view(0) == first
    assert table.view(0) is not first  # a fresh object each time: adding keys is safe
    assert table.view_json(0) is table.view_json(0)
    seat = min(table.to_act)
    table.submit(seat, table.state.legal_actions(player=seat)[0], expect_step=table.step)
    assert table.view(0)["step"] == table.step != first["step"]


@pytest.mark.parametrize("bad", [-1, 2, True, 1.0, "0", None])
def test_a_view_for_no_seat_is_an_invalid_argument(bad: object) -> None:
    table = rulespec.session("mandala", seed=1, players=2)
    with pytest.raises(rulespec.InvalidArgument, match="view"):
        table.view(bad)  # type: ignore[arg-type]


# --- compact legal actions ----------------------------------------------------------

_FIELD = st.one_of(st.integers(-3, 8), st.booleans(), st.sampled_from(["a", "b", "c"]))


@given(
    st.lists(
        st.fixed_dictionaries(
            {"type": st.sampled_from(["x", "y"]), "f": _FIELD, "g": st.integers(0, 5)},
            optional={"h": st.sampled_from([None, [1, 2], {"k": 1}, 0])},
        ),
        max_size=40,
    )
)
def test_compact_and_expand_are_inverse_on_any_set_of_actions(
    actions: list[dict[str, Any]],
) -> None:
    unique = list({_key(a): a for a in actions}.values())
    entries = compact(unique)
    assert _strict(entries) == entries
    back = expand(entries)
    assert sorted(map(_key, back)) == sorted(map(_key, unique))  # each action once
    assert count(entries) == len(unique)
    assert len(entries) <= len(unique)


def test_compact_forms() -> None:
    full = [{"type": "bid", "target": t, "amount": n} for t in (1, 2) for n in range(5)]
    assert compact(full) == [{"type": "bid", "target": [1, 2], "amount": {"min": 0, "max": 4}}]
    # not a product: split on the field with the fewest values, then merged back
    ragged = [*full, {"type": "bid", "target": 3, "amount": 0}]
    assert compact(ragged) == [
        {"type": "bid", "target": [1, 2], "amount": {"min": 0, "max": 4}},
        {"type": "bid", "target": [3], "amount": [0]},
    ]
    # two consecutive numbers stay a list; gaps, bools and text are listed
    assert compact([{"type": "t", "n": 4}, {"type": "t", "n": 5}]) == [{"type": "t", "n": [4, 5]}]
    gaps = [{"type": "t", "n": n} for n in (1, 2, 4)]
    assert compact(gaps) == [{"type": "t", "n": [1, 2, 4]}]
    assert compact([{"type": "t", "n": 1}, {"type": "t", "n": True}]) == [
        {"type": "t", "n": [1, True]}
    ]
    # a value that is itself a list or an object is one choice among the listed
    assert compact([{"type": "play", "cards": ["red", "red"]}]) == [
        {"type": "play", "cards": [["red", "red"]]}
    ]
    assert compact([{"type": "pass"}]) == [{"type": "pass"}]
    assert expand([{"type": "pass"}]) == [{"type": "pass"}]
    assert compact([]) == []


# --- submit -------------------------------------------------------------------------


def test_a_stale_action_through_submit_changes_nothing() -> None:
    table = rulespec.session("lotus", seed=2, edition="de", players=3)
    _play(table, random.Random(2), until=20)
    seat = min(table.to_act)
    view = table.view(seat)
    action = expand(view["legal_actions"])[0]
    before = table.checkpoint()
    for old in (view["guard"] - 1, view["step"] + 1, 0):
        with pytest.raises(rulespec.StaleAction) as caught:
            table.submit(seat, action, expect_step=old)
        assert caught.value.to_json()["step"] == view["step"]
        assert caught.value.to_json()["since"] == view["guard"]
    assert table.checkpoint() == before
    assert table.view(seat) == view
    assert table.submit(seat, action, expect_step=view["step"]) > view["step"]


def _secret_round(seed: int) -> rulespec.Session:
    """A White Lotus table at the start of a round of secret choices by 3 or more seats."""
    table = rulespec.session("lotus", seed=seed, edition="de", players=5)
    rng = random.Random(seed)
    while len(table.to_act) < 3:
        _play(table, rng, until=table.step + 1)
    return table


def test_secret_choices_through_submit_in_any_order_give_the_same_table() -> None:
    start = _secret_round(6)
    saved = json.loads(json.dumps(start.checkpoint()))
    owing = sorted(start.to_act)
    rng = random.Random(6)
    choice = {p: rng.choice(expand(start.view(p)["legal_actions"])) for p in owing}
    ends = []
    for order in (owing, owing[::-1], [owing[1], owing[0], *owing[2:]]):
        table = rulespec.resume(saved)
        for k, seat in enumerate(order):
            assert seat in table.to_act
            assert table.view(seat)["legal_actions"]
            table.submit(seat, choice[seat], expect_step=start.step + k)
            if k < len(order) - 1:
                assert seat not in table.to_act
                assert table.view(seat)["legal_actions"] == []
                with pytest.raises(rulespec.NotYourTurn) as caught:
                    table.submit(seat, choice[seat], expect_step=table.step)
                assert caught.value.to_json()["to_act"] == sorted(table.to_act)
        _play(table, random.Random(1), until=table.step + 30)  # and the same chance after
        ends.append({k: v for k, v in table.checkpoint().items() if k not in ("actions", "seats")})
    assert ends[0] == ends[1] == ends[2]


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "nonsense"}, "malformed_action"),
        ({"type": "bid", "target": "x"}, "malformed_action"),
        ([1, 2], "malformed_action"),
        (None, "malformed_action"),
        ("@@@", "malformed_notation"),
    ],
)
def test_bad_actions_through_submit_are_errors_with_codes(action: object, code: str) -> None:
    table = rulespec.session("lotus", seed=1, edition="de", players=3)
    seat = min(table.to_act)
    with pytest.raises(rulespec.MalformedAction) as caught:
        table.submit(seat, action, expect_step=table.step)
    data = _strict(caught.value.to_json())
    assert data["code"] == code
    assert table.step == table.view(seat)["step"]


def test_the_wrong_seat_and_a_finished_game_are_not_your_turn() -> None:
    table = rulespec.session("mandala", seed=4, players=2)
    seat = min(table.to_act)
    other = 1 - seat
    action = table.view(seat)["legal_actions"]
    with pytest.raises(rulespec.NotYourTurn):
        table.submit(other, expand(action)[0], expect_step=table.step)
    _play(table, random.Random(4))
    assert table.is_over
    with pytest.raises(rulespec.NotYourTurn) as caught:
        table.submit(0, expand(action)[0], expect_step=table.step)
    assert caught.value.to_json()["to_act"] == []
    with pytest.raises(rulespec.InvalidArgument):
        table.submit(7, expand(action)[0], expect_step=table.step)


# --- chance, checkpoints, records ---------------------------------------------------


@pytest.mark.parametrize(("game_id", "settings_"), TABLES)
def test_a_resumed_table_draws_the_same_chance_as_the_uninterrupted_one(
    game_id: str, settings_: dict[str, Any]
) -> None:
    """The crash: the table is thrown away mid-game and rebuilt from its checkpoint (or its
    record) through JSON; the same decisions then meet the same chance to the end."""
    whole = rulespec.session(game_id, seed=11, **settings_)
    _play(whole, random.Random(5))
    halfway = whole.step // 2
    table = rulespec.session(game_id, seed=11, **settings_)
    rng = random.Random(5)
    _play(table, rng, until=halfway)
    checkpoint = json.loads(json.dumps(table.checkpoint(), allow_nan=False))
    record = json.loads(json.dumps(table.record().to_json(), allow_nan=False))
    for saved in (checkpoint, record):
        again = rulespec.resume(saved)
        assert again.state == table.state
        assert again.step == table.step
        assert [again.view(s) for s in range(table.state.players)] == [
            table.view(s) for s in range(table.state.players)
        ]
        _play(again, _copy(rng))  # the same decisions as the uninterrupted table
        assert again.state == whole.state
        assert again.state.to_json() == whole.state.to_json()
        assert again.view(0) == whole.view(0)


def _copy(rng: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def test_a_session_record_replays_and_reads_back() -> None:
    table = rulespec.session("lotus", seed=21, edition="fr", players=4)
    _play(table, random.Random(21))
    record = table.record()
    assert record.draws == "step"
    assert record.seats is not None
    assert len(record.seats) == len(record.actions)
    assert rulespec.replay(record) == table.state
    data = _strict(record.to_json())
    assert data["draws"] == "step"
    assert rulespec.load_record(data) == record
    assert rulespec.replay(rulespec.load_record(data), upto=10).step > 10  # chance counted
    assert rulespec.resume(record).record() == record


def test_records_without_sessions_are_written_as_before() -> None:
    game = rulespec.game("mandala", players=2)
    record = game.record((), seed=3)
    assert record.to_json() == {
        "game": "mandala",
        "settings": dict(game.settings()),
        "seed": 3,
        "actions": [],
    }
    assert rulespec.replay(record) == game.new_game(seed=3)


def test_a_session_is_not_new_game_with_the_same_seed_but_is_reproducible() -> None:
    a = rulespec.session("mandala", seed=1, players=2)
    b = rulespec.session("mandala", seed=1, players=2)
    assert a.state == b.state
    c = rulespec.session("mandala", seed=2, players=2)
    assert c.state != a.state
    assert type(rulespec.session("mandala", players=2).seed) is int


def test_a_checkpoint_keeps_the_record_and_an_old_one_resumes_without_it() -> None:
    table = rulespec.session("lotus", seed=5, edition="de", players=3)
    _play(table, random.Random(5), until=40)
    saved = _strict(table.checkpoint())
    again = rulespec.resume(saved)
    assert again.record() == table.record()
    assert [again.guard(s) for s in range(3)] == [table.guard(s) for s in range(3)]
    _play(again, random.Random(6), until=60)  # and goes on keeping it
    assert rulespec.replay(again.record()) == again.state
    old = {k: saved[k] for k in ("game", "settings", "seed", "position")}  # before issue 20
    resumed = rulespec.resume(old)
    assert resumed.state == table.state
    assert [resumed.guard(s) for s in range(3)] == [table.step] * 3  # nothing older accepted
    with pytest.raises(rulespec.InvalidArgument, match="checkpoint"):
        resumed.record()
    assert "actions" not in resumed.checkpoint()


def _checkpoint() -> dict[str, Any]:
    return json.loads(json.dumps(rulespec.session("mandala", seed=1, players=2).checkpoint()))


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (lambda c: {**c, "extra": 1}, rulespec.MalformedRecord),
        (lambda c: {k: v for k, v in c.items() if k != "seed"}, rulespec.MalformedRecord),
        (lambda c: {**c, "seed": "1"}, rulespec.MalformedRecord),
        (lambda c: {**c, "seed": True}, rulespec.MalformedRecord),
        (lambda c: {**c, "seed": 2**63}, rulespec.MalformedRecord),
        (lambda c: {**c, "seed": -1}, rulespec.MalformedRecord),
        (lambda c: {**c, "seed": 10**5000}, rulespec.MalformedRecord),
        (lambda c: {**c, "guards": [0]}, rulespec.MalformedRecord),
        (lambda c: {**c, "guards": [0, 10**6]}, rulespec.MalformedRecord),
        (lambda c: {**c, "guards": [None, 0]}, rulespec.MalformedRecord),
        (lambda c: {k: v for k, v in c.items() if k != "seats"}, rulespec.MalformedRecord),
        (lambda c: {**c, "actions": [[]], "seats": [0]}, rulespec.MalformedRecord),
        (lambda c: {**c, "actions": [{}], "seats": [None]}, rulespec.MalformedRecord),
        (lambda c: {**c, "actions": {}, "seats": []}, rulespec.MalformedRecord),
        (lambda c: {**c, "actions": [], "seats": [0]}, rulespec.MalformedRecord),
        (lambda c: {**c, "position": []}, rulespec.MalformedRecord),
        (lambda c: {**c, "game": "lotus"}, rulespec.MalformedRecord),
        (lambda c: {**c, "settings": {"players": 3}}, rulespec.MalformedRecord),
        (lambda c: {**c, "settings": {"players": "/etc/passwd"}}, rulespec.UnknownVariant),
        (lambda c: {**c, "game": "/etc/passwd"}, rulespec.MalformedRecord),
        (lambda c: {**c, "position": {**c["position"], "turn": -1}}, rulespec.MalformedPosition),
        (lambda c: {**c, "position": {**c["position"], "step": 1.5}}, rulespec.MalformedPosition),
        (lambda c: c["position"], rulespec.MalformedRecord),
        (
            lambda c: {"game": "mandala", "settings": {"players": 2}, "seed": 1, "actions": "x"},
            rulespec.MalformedRecord,
        ),
        (
            lambda c: {"game": "mandala", "settings": {"players": 2}, "seed": 1, "actions": []},
            rulespec.MalformedRecord,  # a record of new_game's chance, not a session's
        ),
        (
            lambda c: {
                "game": "mandala",
                "settings": {"players": 2},
                "seed": 1,
                "actions": [],
                "draws": "step",
                "seats": [0],
            },
            rulespec.MalformedRecord,
        ),
        (lambda c: "checkpoint.json", rulespec.InvalidArgument),
        (lambda c: [c], rulespec.InvalidArgument),
    ],
)
def test_resume_refuses_bad_data_with_an_error_that_has_a_code(change: Any, error: type) -> None:
    with pytest.raises(error) as caught:
        rulespec.resume(change(_checkpoint()))
    _strict(caught.value.to_json())


def test_a_checkpoint_reads_its_actions_when_the_record_is_asked_for() -> None:
    """Resuming a checkpoint parses no action (it costs the position alone); an action
    that names nothing of the game is a MalformedRecord when the record is built."""
    data = {**_checkpoint(), "actions": [{"type": "x"}], "seats": [0]}
    table = rulespec.resume(data)
    with pytest.raises(rulespec.MalformedRecord, match=r"actions\[0\]"):
        table.record()


def test_a_record_of_another_seat_order_does_not_replay() -> None:
    table = rulespec.session("mandala", seed=1, players=2)
    _play(table, random.Random(1), until=table.step + 10)
    data = table.record().to_json()
    assert data["seats"]
    data["seats"] = [1 - s for s in data["seats"]]
    with pytest.raises(rulespec.MalformedRecord):
        rulespec.resume(data)


# --- the guard in rounds of secret choices (issue 20) -----------------------------------

FIRST_COLUMNS = [(spec.id, spec.variants(options=False)) for spec in rulespec.GAMES]


def _rounds(game_id: str, settings_: dict[str, Any], seed: int, limit: int = 400) -> Any:
    """Tables (as checkpoints) at the start of each round of secret choices met in one
    seeded random game, at most 3."""
    table = rulespec.session(game_id, seed=seed, **settings_)
    rng = random.Random(seed)
    found = []
    while not table.is_over and table.step < limit and len(found) < 3:
        if len(table.to_act) > 1:
            found.append(table.checkpoint())
            owing = sorted(table.to_act)
            for seat in owing:  # the round, in seat order
                view = table.view(seat)
                table.submit(
                    seat, rng.choice(expand(view["legal_actions"])), expect_step=view["step"]
                )
            continue
        _play(table, rng, until=table.step + 1)
    return found


@pytest.mark.parametrize(
    ("game_id", "settings_"),
    [(g, c) for g, columns in FIRST_COLUMNS for c in columns],
    ids=str,
)
def test_every_seat_of_a_secret_round_submits_on_the_view_it_saw_in_any_order(
    game_id: str, settings_: dict[str, Any]
) -> None:
    """Issue 20: once one seat commits, the others' choices made on the same view are not
    stale. A game without rounds of secret choices has nothing to check here."""
    rounds = _rounds(game_id, settings_, seed=11)
    assert rounds or game_id != "lotus"  # White Lotus has them (bids, sides, combat)
    for saved in rounds:
        start = rulespec.resume(saved)
        owing = sorted(start.to_act)
        views = {p: start.view(p) for p in owing}
        rng = random.Random(len(owing))
        choice = {p: rng.choice(expand(views[p]["legal_actions"])) for p in owing}
        for order in (owing, owing[::-1], rng.sample(owing, len(owing))):
            table = rulespec.resume(saved)
            for k, seat in enumerate(order):
                rest = order[k + 1 :]
                table.submit(seat, choice[seat], expect_step=views[seat]["step"])
                for other in rest:  # still on the view it decided on
                    assert table.guard(other) <= views[other]["step"]
                    assert table.view(other)["legal_actions"] == views[other]["legal_actions"]
                    assert table.view(other)["guard"] == views[other]["guard"]
            assert all(table.guard(p) == table.step for p in range(table.game.players))


def test_the_repro_of_issue_20_lotus_de_3_seats_seed_11() -> None:
    table = rulespec.session("lotus", seed=11, settings={"edition": "de", "players": 3})
    rng = random.Random(11)
    while len(table.to_act) < 2:
        _play(table, rng, until=table.step + 1)
    first, second = sorted(table.to_act)[:2]
    mine, theirs = table.view(first), table.view(second)
    table.submit(first, expand(mine["legal_actions"])[0], expect_step=mine["step"])
    assert table.step == mine["step"] + 1
    table.submit(second, expand(theirs["legal_actions"])[0], expect_step=theirs["step"])


def test_a_choice_made_before_a_visible_change_is_stale() -> None:
    # sequential: the seat to act next decided before the other seat moved
    table = rulespec.session("mandala", seed=4, players=2)
    seat = min(table.to_act)
    other = 1 - seat
    early = table.view(other)
    view = table.view(seat)
    table.submit(seat, expand(view["legal_actions"])[0], expect_step=view["step"])
    assert other in table.to_act
    with pytest.raises(rulespec.StaleAction):
        table.submit(
            other, expand(table.view(other)["legal_actions"])[0], expect_step=early["step"]
        )
    # a round of secret choices that ended: what was chosen before its reveal is stale
    (saved, *_) = _rounds("lotus", {"edition": "de", "players": 3}, seed=11)
    table = rulespec.resume(saved)
    before = {p: table.view(p) for p in range(3)}
    for seat in sorted(table.to_act):  # the whole round: then its choices are revealed
        table.submit(seat, expand(table.view(seat)["legal_actions"])[0], unguarded=True)
    seat = min(table.to_act)
    assert table.guard(seat) > before[seat]["step"]
    with pytest.raises(rulespec.StaleAction) as caught:
        table.submit(
            seat, expand(table.view(seat)["legal_actions"])[0], expect_step=before[seat]["step"]
        )
    assert caught.value.to_json()["since"] == table.guard(seat)


@pytest.mark.parametrize(
    ("game_id", "settings_"),
    [
        *TABLES,
        ("lotus", {"edition": "de", "players": 6}),
        ("lotus", {"edition": "de", "players": 4, "negotiation": "on"}),
    ],
)
def test_a_guard_stays_only_while_the_seat_may_still_send_the_same_choices(
    game_id: str, settings_: dict[str, Any]
) -> None:
    """What the guard promises: while a seat's guard stays, its legal actions do not
    change (a choice made on its view means what it meant), and it stays only for a seat
    that owed a choice and still owes it."""
    table = rulespec.session(game_id, seed=8, **settings_)
    rng = random.Random(8)
    players = table.game.players
    while not table.is_over:
        guards = [table.guard(p) for p in range(players)]
        legal = [table.view(p)["legal_actions"] for p in range(players)]
        owing = table.to_act
        seat = rng.choice(sorted(owing))
        row = table.submit(seat, rng.choice(expand(legal[seat])), expect_step=guards[seat])
        assert row.guards == tuple(table.guard(p) for p in range(players))
        for p in range(players):
            if table.guard(p) == guards[p]:
                assert p != seat
                assert p in owing
                assert p in table.to_act
                assert table.view(p)["legal_actions"] == legal[p]
            else:
                assert table.guard(p) == table.step


# --- the guard is never off by accident, a seat is always a seat (issues 19, 20) ----------


def test_expect_step_is_required_and_null_is_no_step() -> None:
    table = rulespec.session("mandala", seed=1, players=2)
    seat = min(table.to_act)
    action = table.state.legal_actions(player=seat)[0]
    before = table.checkpoint()
    for kwargs in (
        {"expect_step": None},
        {},
        {"expect_step": table.step, "unguarded": True},
        {"unguarded": 1},
        {"unguarded": None},
        {"expect_step": 10**5000},
        {"expect_step": -1},
        {"expect_step": float(table.step)},
    ):
        with pytest.raises(rulespec.InvalidArgument):
            table.submit(seat, action, **kwargs)
        assert table.checkpoint() == before
    with pytest.raises(rulespec.InvalidArgument):  # r01: no ValueError from a huge step
        table.state.apply(action, expect_step=10**5000)
    assert table.submit(seat, action, unguarded=True) > before["position"]["step"]


BAD_SEATS = [None, -1, 4, True, 1.0, "0", [0], 10**5000]


@pytest.mark.parametrize("bad", BAD_SEATS, ids=lambda b: type(b).__name__)
def test_a_seat_that_is_not_one_is_an_invalid_argument_everywhere(bad: object) -> None:
    """Issue 19, r05: ``submit(None, ...)`` applied the action for whoever was to act."""
    table = rulespec.session("oriente", seed=3, players=4)
    seat = min(table.to_act)
    action = table.state.legal_actions(player=seat)[0].to_json()
    before = table.checkpoint()
    calls = [
        lambda: table.submit(bad, action, expect_step=table.step),  # type: ignore[arg-type]
        lambda: table.submit(bad, action, unguarded=True),  # type: ignore[arg-type]
        lambda: table.view(bad),  # type: ignore[arg-type]
        lambda: table.view_json(bad),  # type: ignore[arg-type]
        lambda: table.guard(bad),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(rulespec.InvalidArgument) as caught:
            call()
        _strict(caught.value.to_json())
    assert table.checkpoint() == before


def test_a_record_row_with_a_seat_that_is_not_one_is_refused() -> None:
    table = rulespec.session("mandala", seed=1, players=2)
    seat = min(table.to_act)
    row = table.submit(seat, table.state.legal_actions(player=seat)[0], unguarded=True)
    for bad in (None, 2, True):
        with pytest.raises(rulespec.MalformedRecord):
            record_from_rows(table.game, table.seed, [{**row.to_json(), "seat": bad}])


# --- spectators (issue 20) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "settings_"), [(g, c) for g, columns in FIRST_COLUMNS for c in columns[:2]], ids=str
)
def test_a_spectator_sees_what_every_seat_sees_alike_and_nothing_hidden(
    game_id: str, settings_: dict[str, Any]
) -> None:
    """The spectator's observation is the public part of every seat's observation (so it
    holds nothing a seat does not see), and it is the same for every state a seat cannot
    tell from the true one (a redrawn hand, deck or secret choice changes nothing in it)."""
    table = rulespec.session(game_id, seed=2, **settings_)
    rng = random.Random(2)
    players = table.game.players
    checked = 0
    while True:
        view = table.spectator_view()
        assert _strict(view) == view
        assert table.spectator_view_json() == json.dumps(view, allow_nan=False)
        assert view["seat"] is None
        assert view["legal_actions"] == []
        assert view["to_act"] == sorted(table.to_act)
        state = table.state
        for p in range(players):
            assert view["observation"] == state.observation(p).public()
        if table.step % 9 == 0 and not table.is_over:
            for p in range(players):
                try:
                    other = state.resample(p, random.Random(p))
                except rulespec.RulespecError:  # no other state, or a sampler's own defect
                    continue
                if other.observation(p).to_json() != state.observation(p).to_json():
                    continue  # a sampler's defect (issue 20), not the spectator's
                assert other.observation(0).public() == view["observation"]
                checked += 1
        if table.is_over:
            assert view["outcome"] == table.state.outcome().to_json()
            break
        seat = rng.choice(sorted(table.to_act))
        table.submit(seat, rng.choice(table.state.legal_actions(player=seat)), unguarded=True)
    assert checked


# --- seeds (issues 19 r01, r14; 20) --------------------------------------------------------

BAD_SEEDS = [-1, 2**63, 2**64 - 1, 10**5000, True, 1.5, "1", [1], {"a": 1}, b"1"]


@pytest.mark.parametrize("bad", BAD_SEEDS, ids=lambda b: type(b).__name__)
def test_one_seed_type_everywhere(bad: object) -> None:
    with pytest.raises(rulespec.InvalidArgument):
        rulespec.session("mandala", seed=bad, players=2)  # type: ignore[arg-type]
    with pytest.raises(rulespec.InvalidArgument):
        rulespec.game("castle", players=2).new_game(seed=bad)  # type: ignore[arg-type]
    with pytest.raises(rulespec.InvalidArgument):
        rulespec.simulate("mandala", settings={"players": 2}, seeds=[bad])  # type: ignore[list-item]
    record = {"game": "mandala", "settings": {"players": 2}, "seed": bad, "actions": []}
    with pytest.raises(rulespec.MalformedRecord):
        rulespec.load_record(record)
    with pytest.raises(rulespec.MalformedRecord):
        rulespec.resume({**record, "draws": "step", "seats": []})


def test_the_seed_range_is_a_signed_64_bit_integer_that_is_not_negative() -> None:
    for seed in (0, 2**63 - 1):
        table = rulespec.session("mandala", seed=seed, players=2)
        assert rulespec.resume(_strict(table.checkpoint())).state == table.state
        assert rulespec.resume(_strict(table.record().to_json())).state == table.state
        assert rulespec.game("mandala", players=2).new_game(seed=seed).step > 0
    drawn = [rulespec.session("mandala", players=2).seed for _ in range(20)]
    assert all(type(s) is int and 0 <= s < 2**63 for s in drawn)
    assert rulespec.game("mandala", players=2).new_game(seed=None).step > 0


def test_settings_and_the_seed_are_kept_apart() -> None:
    asked = {"edition": "de", "players": 3}
    table = rulespec.session("lotus", seed=5, settings=asked)
    assert table.state == rulespec.session("lotus", seed=5, **asked).state
    with pytest.raises(rulespec.InvalidArgument, match="seed"):
        rulespec.session("lotus", seed=5, settings={**asked, "seed": 1})
    with pytest.raises(rulespec.InvalidArgument):
        rulespec.session("lotus", seed=5, settings=asked, players=3)
    with pytest.raises(rulespec.InvalidArgument):
        rulespec.session("lotus", seed=5, settings=[("players", 3)])  # type: ignore[arg-type]
    with pytest.raises(rulespec.UnknownVariant):
        rulespec.session("lotus", seed=5, settings={**asked, "sed": 1})


# --- what a store appends (issue 20) ------------------------------------------------------


@pytest.mark.parametrize(("game_id", "settings_"), TABLES)
def test_the_rows_submit_returns_rebuild_the_record_and_the_chance(
    game_id: str, settings_: dict[str, Any]
) -> None:
    table = rulespec.session(game_id, seed=13, **settings_)
    rng = random.Random(13)
    start = table.step
    rows = []
    while not table.is_over:
        seat = rng.choice(sorted(table.to_act))
        view = table.view(seat)
        sent = rng.choice(expand(view["legal_actions"]))
        row = table.submit(seat, sent, expect_step=view["step"])
        assert row == row.step == table.step  # still the new step, as before issue 20
        assert row.seat == seat
        assert row.action.to_json() == sent
        rows.append(_strict(row.to_json()))
    rebuilt = record_from_rows(table.game, table.seed, rows)
    assert rebuilt == table.record()
    assert rulespec.replay(rebuilt) == table.state
    again = rulespec.resume(rebuilt)
    assert [again.guard(p) for p in range(table.game.players)] == rows[-1]["guards"]
    # the chance in the rows is the chance drawn: setup, then each row's decision and draws
    game = table.game
    state: Any = rulespec.session(game_id, seed=13, **settings_).state
    assert state.step == start
    for row in rows:
        state = state.apply(game.action_from_json(row["action"]), player=row["seat"])
        for outcome in row["chance"]:
            assert state.is_chance
            state = state.apply(game.action_from_json(outcome))
        assert not state.is_chance
        assert state.step == row["step"]
    assert state == table.state


# --- errors and listings a server needs (issue 20) ----------------------------------------


def test_every_error_class_has_an_http_status_a_client_error_is_4xx() -> None:
    codes = {code: (cls, status) for code, cls, status in rulespec.codes.error_codes()}
    assert "bad_input" not in codes  # a private base class, never raised
    for code, (cls, status) in codes.items():
        assert cls.code == code
        assert status in (400, 404, 409, 500)
    client = ["illegal_action", "malformed_action", "malformed_notation", "invalid_argument"]
    client += ["malformed_record", "malformed_position", "unknown_game", "unknown_variant"]
    assert all(codes[c][1] == 400 for c in client)
    assert codes["stale_action"][1] == codes["not_your_turn"][1] == 409
    assert codes["game_not_over"][1] == 409  # "not yet" (issue 32)
    assert codes["unknown_rule"][1] == 404
    assert codes["bad_rulebook"][1] == codes["rulespec_error"][1] == 500


@pytest.mark.parametrize(
    ("settings_", "setting", "choices", "valid"),
    [
        (
            {"players": 3, "final_mandalas": "some"},
            "final_mandalas",
            ["all", "two_others"],
            ["all", "two_others"],
        ),
        (
            {"players": 3, "bogus": 1},
            "bogus",
            [],
            ["players", "final_mandalas", "no_tiles", "reshuffle"],
        ),
        ({"players": 9}, "players", [2, 3, 4], [{"players": 2}, {"players": 3}, {"players": 4}]),
        ({"players": "3"}, "players", [2, 3, 4], [{"players": 2}, {"players": 3}, {"players": 4}]),
    ],
)
def test_an_unknown_variant_gives_the_valid_values_as_data(
    settings_: dict[str, Any], setting: str, choices: list[Any], valid: list[Any]
) -> None:
    """Every field in every case, one shape each (issue 32); ``valid`` as in 1.0.0."""
    with pytest.raises(rulespec.UnknownVariant) as caught:
        rulespec.session("mandala", seed=1, settings=settings_)
    data = _strict(caught.value.to_json())
    assert data["setting"] == data["argument"] == setting
    assert data["choices"] == choices
    assert data["names"] == ["players", "final_mandalas", "no_tiles", "reshuffle"]
    assert data["valid"] == valid
    assert "'" not in data["message"]  # JSON quoting, never Python's


def test_a_missing_axis_names_the_setting_and_its_values() -> None:
    with pytest.raises(rulespec.UnknownVariant) as caught:
        rulespec.game("lotus", players=3)
    data = _strict(caught.value.to_json())
    assert (data["setting"], data["valid"]) == ("edition", ["de", "fr"])


@pytest.mark.parametrize("spec", rulespec.GAMES, ids=lambda s: s.id)
def test_every_setting_a_game_offers_makes_a_table(spec: rulespec.GameSpec) -> None:
    """``offered()`` is strict JSON, and every variant with every value of each option
    (one changed at a time) is a game; together they are ``variants()``."""
    offered = spec.offered()
    assert _strict(offered) == offered
    made = []
    for variant in offered["variants"]:
        defaults = {o["key"]: o["default"] for o in offered["options"]}
        made.append({**variant["settings"], **defaults})
    for option in offered["options"]:
        assert option["default"] in [c["value"] for c in option["choices"]]
        assert all(c["meaning"] for c in option["choices"])
        for choice in option["choices"]:
            if choice["value"] == option["default"]:
                continue
            for variant in offered["variants"]:
                defaults = {o["key"]: o["default"] for o in offered["options"]}
                made.append({**variant["settings"], **defaults, option["key"]: choice["value"]})
    assert made == list(spec.variants())
    for settings_ in made[: len(offered["variants"])]:
        given = rulespec.game(spec.id, **settings_).settings()
        assert {k: given[k] for k in settings_} == settings_  # (and the data settings)


def test_a_row_copies_and_pickles_whole() -> None:
    import copy  # noqa: PLC0415
    import pickle  # noqa: PLC0415

    table = rulespec.session("mandala", seed=1, players=2)
    seat = min(table.to_act)
    row = table.submit(seat, table.state.legal_actions(player=seat)[0], unguarded=True)
    for again in (pickle.loads(pickle.dumps(row)), copy.copy(row), copy.deepcopy(row)):
        assert again == row
        assert again.to_json() == row.to_json()
