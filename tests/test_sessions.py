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
from rulespec.core.compact import compact, count, expand

VARIANTS = [(spec.id, settings) for spec in rulespec.GAMES for settings in spec.variants()]
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
        table.submit(seat, rng.choice(table.state.legal_actions(player=seat)), expect_step=None)
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
    for old in (view["step"] - 1, view["step"] + 1, 0):
        with pytest.raises(rulespec.StaleAction) as caught:
            table.submit(seat, action, expect_step=old)
        assert caught.value.to_json()["step"] == view["step"]
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
        ends.append(table.checkpoint())
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


def test_a_table_resumed_from_a_checkpoint_has_no_record_of_the_past() -> None:
    table = rulespec.resume(rulespec.session("mandala", seed=1, players=2).checkpoint())
    with pytest.raises(rulespec.InvalidArgument, match="checkpoint"):
        table.record()


def _checkpoint() -> dict[str, Any]:
    return json.loads(json.dumps(rulespec.session("mandala", seed=1, players=2).checkpoint()))


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (lambda c: {**c, "extra": 1}, rulespec.MalformedRecord),
        (lambda c: {k: v for k, v in c.items() if k != "seed"}, rulespec.MalformedRecord),
        (lambda c: {**c, "seed": "1"}, rulespec.MalformedRecord),
        (lambda c: {**c, "seed": True}, rulespec.MalformedRecord),
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


def test_a_record_of_another_seat_order_does_not_replay() -> None:
    table = rulespec.session("mandala", seed=1, players=2)
    _play(table, random.Random(1), until=table.step + 10)
    data = table.record().to_json()
    assert data["seats"]
    data["seats"] = [1 - s for s in data["seats"]]
    with pytest.raises(rulespec.MalformedRecord):
        rulespec.resume(data)
