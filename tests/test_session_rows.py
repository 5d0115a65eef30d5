"""What a server's store needs from a session, for every game (issue 32): a move stored
before the table makes it, rows that resume the table at about the cost of a checkpoint,
rows that cannot lie (r27), and a way to wait for the next step."""

from __future__ import annotations

import asyncio
import copy
import json
import pickle
import random
import threading
import warnings
from typing import Any

import pytest

import rulespec
import rulespec.codes
from rulespec.core.compact import expand
from rulespec.core.seats import Seats
from rulespec.host.session import POSITION_EVERY, read_request, record_from_rows

GAMES = [(spec.id, dict(spec.variants(options=False)[0])) for spec in rulespec.GAMES]
"""One table per game: its variant table's first column."""
MORE = [
    ("lotus", {"edition": "de", "players": 5, "negotiation": "on"}),  # secret rounds
    ("castle", {"players": 1, "difficulty": "hard"}),  # the solo rival
    ("oriente", {"players": 9}),
]
MOVES = 120
"""Decisions played at most in a table of these tests."""


def _move(table: rulespec.Session, rng: random.Random) -> tuple[int, Any, int]:
    """A random seat owing a decision, a random legal action of its view, and the step."""
    seat = rng.choice(list(table.to_act))
    view = table.view(seat)
    return seat, rng.choice(expand(view["legal_actions"])), view["step"]


def _everything(table: rulespec.Session) -> Any:
    """All a table shows: step, guards, who is to act, every view, the checkpoint and the
    record."""
    return (
        table.step,
        table.guards,
        table.to_act,
        [table.view_json(p) for p in range(table.game.players)],
        table.spectator_view_json(),
        json.dumps(table.checkpoint(), sort_keys=True),
        table.record(),
    )


def _played(game_id: str, settings: dict[str, Any], seed: int) -> tuple[Any, Any, list[Any]]:
    """A table played (at most MOVES decisions), its checkpoint when it was made, and the
    rows ``submit`` returned, as JSON."""
    table = rulespec.session(game_id, seed=seed, **settings)
    made = json.loads(json.dumps(table.checkpoint()))
    rng = random.Random(seed)
    rows: list[Any] = []
    while not table.is_over and len(rows) < MOVES:
        seat, action, step = _move(table, rng)
        table.submit(seat, action, expect_step=step, store=lambda row: rows.append(row.to_json()))
    return table, made, json.loads(json.dumps(rows))


# --- a move stored before it is made ------------------------------------------------------


class Full(Exception):
    """A store that cannot take the row (a full disk, a constraint)."""


@pytest.mark.parametrize(("game_id", "settings"), GAMES + MORE, ids=str)
def test_a_store_that_raises_leaves_the_table_as_it_was(game_id: str, settings: Any) -> None:
    table = rulespec.session(game_id, seed=5, **settings)
    rng = random.Random(5)
    heard: list[int] = []
    table.listen(lambda row: heard.append(row.step))
    while not table.is_over and table.step < 400:
        seat, action, step = _move(table, rng)
        before = _everything(table)

        def full(row: Any) -> None:
            raise Full(row.step)

        with pytest.raises(Full):
            table.submit(seat, action, expect_step=step, store=full)
        assert _everything(table) == before
        prepared = table.prepare(seat, action, expect_step=step)
        assert _everything(table) == before  # prepared, not made
        assert table.commit(prepared) == prepared.step == table.step
        assert heard[-1] == table.step
    assert len(heard) == len(table.record().actions)


def test_a_prepared_row_is_committed_once_and_only_where_it_was_prepared() -> None:
    table = rulespec.session("lotus", seed=2, edition="de", players=4)
    other = rulespec.session("lotus", seed=2, edition="de", players=4)
    seat, action, step = _move(table, random.Random(2))
    row = table.prepare(seat, action, expect_step=step)
    with pytest.raises(rulespec.InvalidArgument, match="row"):
        other.commit(row)
    for copied in (copy.copy(row), pickle.loads(pickle.dumps(row))):
        assert copied.to_json() == row.to_json()
        with pytest.raises(rulespec.InvalidArgument):
            table.commit(copied)  # a copy is a row, not a move to make
    first = table.prepare(seat, action, expect_step=step)
    table.commit(row)
    with pytest.raises(rulespec.InvalidArgument):
        table.commit(row)  # made already
    with pytest.raises(rulespec.StaleAction):
        table.commit(first)  # prepared on the table before that move
    assert len(table.record().actions) == 1


@pytest.mark.parametrize(("game_id", "settings"), GAMES, ids=str)
def test_a_row_says_who_is_to_act_and_whether_the_game_is_over(game_id: str, settings: Any) -> None:
    table, _, rows = _played(game_id, settings, 7)
    assert rows[-1]["to_act"] == list(table.to_act) == table.view(0)["to_act"]
    assert rows[-1]["is_over"] is table.is_over
    assert rows[-1]["guards"] == list(table.guards)
    assert [i for i, row in enumerate(rows) if "position" in row] == [
        i for i in range(len(rows)) if (i + 1) % POSITION_EVERY == 0
    ]


def test_to_act_is_a_frozenset_that_reads_as_the_views_sorted_list() -> None:
    """One shape (issue 34): what 1.0.0 code did with the frozenset still works."""
    table = rulespec.session("lotus", seed=11, edition="de", players=3)
    rng = random.Random(11)
    while len(table.to_act) < 2:
        seat, action, step = _move(table, rng)
        table.submit(seat, action, expect_step=step)
    to_act = table.to_act
    assert isinstance(to_act, frozenset)
    assert to_act == frozenset(table.state.to_act)
    assert list(to_act) == table.view(0)["to_act"] == sorted(to_act)
    assert to_act[0] == min(to_act)
    assert to_act[-1] == max(to_act)
    assert to_act | {7} == frozenset({*to_act, 7})
    assert pickle.loads(pickle.dumps(to_act)) == to_act
    assert repr(Seats({2, 0})) == "Seats([0, 2])"


# --- resuming from rows -------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "settings"), GAMES + MORE, ids=str)
def test_rows_resume_the_table_from_where_it_was_made_or_from_any_checkpoint(
    game_id: str, settings: Any
) -> None:
    table = rulespec.session(game_id, seed=3, **settings)
    made = json.loads(json.dumps(table.checkpoint()))
    rng = random.Random(3)
    rows: list[Any] = []
    saved: list[tuple[int, Any, Any]] = [(0, made, _everything(table))]
    while not table.is_over and len(rows) < MOVES:
        seat, action, step = _move(table, rng)
        rows.append(table.submit(seat, action, expect_step=step).to_json())
        if rng.random() < 0.2:
            saved.append(
                (len(rows), json.loads(json.dumps(table.checkpoint())), _everything(table))
            )
    rows = json.loads(json.dumps(rows))
    for cut in sorted({len(rows), *rng.sample(range(len(rows) + 1), min(6, len(rows)))}):
        then = [s for s in saved if s[0] <= cut]
        count, checkpoint, _ = then[-1]
        again = rulespec.resume(made, rows=rows[:cut])
        since = rulespec.resume(checkpoint, rows=rows[count:cut])
        every = rulespec.resume(checkpoint, rows=rows[:cut])  # all the rows, any checkpoint
        assert again.state == since.state == every.state
        assert _everything(again) == _everything(since) == _everything(every)
        assert rulespec.replay(again.record()) == again.state
        assert again.record().actions == (
            record_from_rows(table.game, table.seed, rows[:cut]).actions
        )
    assert _everything(rulespec.resume(made, rows=rows)) == _everything(table)
    header = {"game": made["game"], "settings": made["settings"], "seed": made["seed"]}
    assert _everything(rulespec.resume(header, rows=rows)) == _everything(table)


def test_a_resumed_table_goes_on_as_the_one_that_wrote_the_rows() -> None:
    table, made, rows = _played("mandala", {"players": 3}, 9)
    again = rulespec.resume(made, rows=rows)
    rng = random.Random(99)
    while not table.is_over:
        seat, action, step = _move(table, rng)
        assert again.submit(seat, action, expect_step=step).to_json() == (
            table.submit(seat, action, expect_step=step).to_json()
        )
    assert _everything(again) == _everything(table)


def test_rows_the_checkpoint_holds_must_be_all_or_none_of_its_history() -> None:
    table, made, rows = _played("lotus", {"edition": "fr", "players": 3}, 4)
    table = rulespec.resume(made, rows=rows[:20])
    checkpoint = table.checkpoint()
    rulespec.resume(checkpoint, rows=rows)  # all
    rulespec.resume(checkpoint, rows=rows[20:])  # none
    with pytest.raises(rulespec.MalformedRecord, match=r"rows\[18\]"):
        rulespec.resume(checkpoint, rows=rows[1:])
    with pytest.raises(rulespec.MalformedRecord, match=r"rows\[0\]"):
        rulespec.resume(checkpoint, rows=rows[21:])  # one missing after it


# --- rows cannot lie (r27) ----------------------------------------------------------------


def _tamperings(rows: list[Any], players: int, rng: random.Random) -> list[tuple[str, int, Any]]:
    """(what, the index that must be named, the rows) for a row dropped, two rows swapped,
    and each field of a row changed."""
    out: list[tuple[str, int, Any]] = []
    for i in sorted(rng.sample(range(len(rows) - 1), 4)):
        out.append(("dropped", i, rows[:i] + rows[i + 1 :]))
        out.append(("swapped", i, [*rows[:i], rows[i + 1], rows[i], *rows[i + 2 :]]))
        row = rows[i]
        changes = {
            "step": row["step"] + 1,
            "seat": (row["seat"] + 1) % players,
            "chance": row["chance"][1:] if row["chance"] else rows[i + 1]["chance"][:1] or [{}],
            "guards": [g - 1 if g else g + 1 for g in row["guards"]],
            "to_act": [p for p in range(players) if p not in row["to_act"]][:1],
            "is_over": not row["is_over"],
        }
        if "position" in row:
            changes["position"] = {**row["position"], "step": row["position"]["step"] + 1}
        for key, value in changes.items():
            if value != row[key]:
                out.append((key, i, [*rows[:i], {**row, key: value}, *rows[i + 1 :]]))
    return out


@pytest.mark.parametrize(("game_id", "settings"), GAMES + MORE, ids=str)
def test_a_row_missing_moved_or_changed_is_refused_naming_it(game_id: str, settings: Any) -> None:
    """r27: every row is compared with the replay, so a store that lost or altered a row
    never resumes into another game."""
    table, made, rows = _played(game_id, settings, 1)
    assert record_from_rows(table.game, table.seed, rows) == table.record()
    rng = random.Random(len(rows))
    last_position = max(i for i, row in enumerate(rows) if "position" in row)
    for what, i, tampered in _tamperings(rows, table.game.players, rng):
        with pytest.raises(rulespec.MalformedRecord) as caught:
            record_from_rows(table.game, table.seed, tampered)
        assert f"rows[{i}]" in str(caught.value), (what, i, str(caught.value))
        if what in ("dropped", "swapped") or i > last_position:
            # resume replays only the rows after the last position; before it, it sees a
            # gap or a move in the steps
            with pytest.raises(rulespec.MalformedRecord):
                rulespec.resume(made, rows=tampered)


def test_the_repro_of_r27_a_dropped_lotus_row_is_refused() -> None:
    table, made, rows = _played("lotus", {"edition": "de", "players": 5, "negotiation": "on"}, 0)
    for i in range(len(rows) - 1):
        tampered = rows[:i] + rows[i + 1 :]
        with pytest.raises(rulespec.MalformedRecord, match=rf"rows\[{i}\]"):
            record_from_rows(table.game, table.seed, tampered)
        with pytest.raises(rulespec.MalformedRecord):
            rulespec.resume(made, rows=tampered)


@pytest.mark.parametrize(("game_id", "settings"), GAMES, ids=str)
@pytest.mark.parametrize(
    "rows",
    [
        None,
        5,
        "rows",
        b"rows",
        {"step": 1},
        [None] * 3,
        [[]],
        [{"seat": 0, "action": {"type": "nope"}}] * 1000,
        [{"step": 1, "seat": 0, "action": {"type": "nope"}, "chance": [], "guards": [0]}] * 1000,
        [{"step": 10**400, "seat": True, "action": [], "chance": {}, "guards": None}] * 1000,
        [{"x" * 10_000: 1}] * 1000,
    ],
    ids=lambda r: type(r).__name__,
)
def test_junk_rows_are_a_malformed_record_of_a_few_kb(
    game_id: str, settings: Any, rows: object
) -> None:
    """r21, r24: anything but rows is a MalformedRecord, whose text and JSON stay under
    10 KB however many bad rows there are; the same from resume."""
    game = rulespec.game(game_id, **settings)
    made = rulespec.session(game_id, seed=1, **settings).checkpoint()
    for attempt in (
        lambda: record_from_rows(game, 1, rows),
        lambda: rulespec.resume(made, rows=rows),
    ):  # type: ignore[arg-type]
        with pytest.raises(rulespec.MalformedRecord) as caught:
            attempt()
        assert len(str(caught.value)) < 10_000
        assert len(json.dumps(caught.value.to_json())) < 10_000


def test_record_from_rows_takes_a_game_and_a_seed() -> None:
    with pytest.raises(rulespec.InvalidArgument, match="game"):
        record_from_rows("mandala", 1, [])  # type: ignore[arg-type]
    with pytest.raises(rulespec.InvalidArgument, match="seed"):
        record_from_rows(rulespec.game("mandala", players=2), -1, [])


# --- waiting for the next step --------------------------------------------------------------


def test_wait_returns_once_the_table_moves_and_a_listener_hears_each_move() -> None:
    table = rulespec.session("oriente", seed=3, players=4)
    heard: list[Any] = []
    stop = table.listen(heard.append)
    start = table.step
    assert table.wait(start - 1) == start  # already past
    assert table.wait(start, timeout=0.01) == start  # nothing moved: the timeout
    woke: list[int] = []
    waiter = threading.Thread(target=lambda: woke.append(table.wait(start)))
    waiter.start()
    seat, action, step = _move(table, random.Random(3))
    row = table.submit(seat, action, expect_step=step)
    waiter.join(10)
    assert woke == [row.step]
    assert heard == [row]
    stop()
    stop()  # twice is harmless
    seat, action, step = _move(table, random.Random(4))
    table.submit(seat, action, expect_step=step)
    assert heard == [row]
    with pytest.raises(rulespec.InvalidArgument):
        table.wait(None)  # type: ignore[arg-type]


def test_a_listener_that_raises_does_not_undo_the_move(caplog: pytest.LogCaptureFixture) -> None:
    table = rulespec.session("mandala", seed=3, players=2)
    heard: list[int] = []

    def broken(row: Any) -> None:
        raise RuntimeError("listener")

    table.listen(broken)
    table.listen(lambda row: heard.append(row.step))
    seat, action, step = _move(table, random.Random(3))
    row = table.submit(seat, action, expect_step=step)
    assert heard == [row.step] == [table.step]
    assert "listener" in caplog.text


def test_wait_async_returns_when_another_thread_moves_the_table() -> None:
    table = rulespec.session("lotus", seed=3, edition="fr", players=3)
    start = table.step

    async def main() -> int:
        seat, action, step = _move(table, random.Random(3))
        mover = threading.Timer(0.05, lambda: table.submit(seat, action, expect_step=step))
        mover.start()
        moved = await asyncio.wait_for(table.wait_async(start), 10)
        mover.join()
        return moved

    assert asyncio.run(main()) == table.step > start


def test_a_stream_pushes_every_step_once_to_each_client_until_the_end() -> None:
    table = rulespec.session("mandala", seed=8, players=2)
    lock = threading.Lock()
    seen: dict[Any, list[Any]] = {0: [], 1: [], None: []}

    def client(seat: int | None) -> None:
        for text in table.stream(seat, lock=lock, timeout=5):
            assert text is not None, "no move for 5 s"
            seen[seat].append(json.loads(text))

    clients = [threading.Thread(target=client, args=(seat,)) for seat in seen]
    for c in clients:
        c.start()
    rng = random.Random(8)
    while not table.is_over:
        with lock:
            seat, action, step = _move(table, rng)
            table.submit(seat, action, expect_step=step)
    for c in clients:
        c.join(30)
        assert not c.is_alive()
    for seat, views in seen.items():
        steps = [v["step"] for v in views]
        assert steps == sorted(set(steps))
        assert views[-1]["outcome"] is not None
        final = table.spectator_view() if seat is None else table.view(seat)
        assert views[-1] == json.loads(json.dumps(final))
    assert list(table.stream(0, timeout=0)) == [table.view_json(0)]  # over: one view, no wait


# --- a client's request -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "error", "argument"),
    [
        ({"action": "x"}, rulespec.InvalidArgument, "expect_step"),
        ({"expect_step": 3}, rulespec.MalformedAction, None),
        ({"action": "x", "expect_step": 3, "seat": 1}, rulespec.InvalidArgument, "seat"),
        ([], rulespec.InvalidArgument, "request"),
        (None, rulespec.InvalidArgument, "request"),
        ("x", rulespec.InvalidArgument, "request"),
    ],
)
def test_a_request_names_what_is_missing_or_extra(
    body: Any, error: type, argument: str | None
) -> None:
    with pytest.raises(error) as caught:
        read_request(body)
    if argument is not None:
        assert caught.value.to_json()["argument"] == argument
    assert read_request({"action": "x", "expect_step": None}) == {
        "action": "x",
        "expect_step": None,
    }


def test_a_request_without_expect_step_hears_it_is_missing_and_a_null_that_it_is_no_step() -> None:
    table = rulespec.session("mandala", seed=2024, players=2)
    with pytest.raises(rulespec.InvalidArgument, match="expect_step: missing"):
        table.submit(0, **read_request({"action": "1B@0"}))
    with pytest.raises(rulespec.InvalidArgument, match="null is no step"):
        table.submit(0, **read_request({"action": "1B@0", "expect_step": None}))
    assert table.submit(0, **read_request({"action": "1B@0", "expect_step": 17})) > 17


# --- settings: one class, one shape (issues 27, 34) ------------------------------------------


def _refusals() -> list[tuple[str, dict[str, Any], str]]:
    """(game, settings, the setting at fault) for every kind of refused setting of every game."""
    out: list[tuple[str, dict[str, Any], str]] = []
    for spec in rulespec.GAMES:
        column = dict(spec.variants(options=False)[0])
        axis = spec.table().axes[-1]
        out.append((spec.id, {**column, "bogus": 1}, "bogus"))
        out.append((spec.id, {**column, axis: "nonsense"}, axis))
        out.append((spec.id, {**column, "players": str(column["players"])}, "players"))
        out.append((spec.id, {**column, "players": 99}, "players"))
        for option in spec.table().options:
            out.append((spec.id, {**column, option.key: "nonsense"}, option.key))
        for extra in rulespec.catalog.game_type(spec.id).extra:
            out.append((spec.id, {**column, extra.name: 12345}, extra.name))
    out.append(("oriente", {"players": 5, "abilities": {"shogun": "akindo"}}, "abilities"))
    return out


@pytest.mark.parametrize(("game_id", "settings", "setting"), _refusals(), ids=str)
def test_every_refused_setting_is_an_unknown_variant_and_an_invalid_argument(
    game_id: str, settings: dict[str, Any], setting: str
) -> None:
    """The same class in every game for every refused setting, caught as either class,
    and its data in one shape with every field (the docs' error table lists them)."""
    for make in (
        lambda: rulespec.game(game_id, **settings),
        lambda: rulespec.session(game_id, seed=1, settings=settings),
    ):
        with pytest.raises(rulespec.InvalidArgument) as caught:
            make()
        error = caught.value
        assert isinstance(error, rulespec.UnknownVariant)
        data = json.loads(json.dumps(error.to_json(), allow_nan=False))
        assert set(data) == {"code", "message", *type(error).fields}
        assert data["code"] == "unknown_variant"
        assert data["setting"] == data["argument"] == setting
        assert data["names"] == rulespec.catalog.game_type(game_id).setting_names()
        assert isinstance(data["choices"], list)
        assert all(isinstance(c, str | int) for c in data["choices"])


def test_a_number_written_as_text_is_told_it_is_a_number() -> None:
    with pytest.raises(
        rulespec.UnknownVariant, match=r'players takes a whole number: players=5, not "5"'
    ):
        rulespec.game("castle", players="5")
    with pytest.raises(rulespec.UnknownVariant, match=r"players=2, not 2.0"):
        rulespec.game("mandala", players=2.0)


def test_an_option_that_does_nothing_in_the_variant_is_a_warning() -> None:
    with pytest.warns(rulespec.errors.SettingIgnored, match="rival_choices"):
        game = rulespec.game("castle", players=2, rival_choices="first")
    assert game.settings()["rival_choices"] == "first"  # made as before, records replay
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rulespec.game("castle", players=1, difficulty="easy", rival_choices="first")
        rulespec.game("castle", **rulespec.game("castle", players=2).settings())
    offered = {o["key"]: o for o in rulespec.spec("castle").offered()["options"]}
    assert offered["rival_choices"]["columns"] == ["1p-easy", "1p-medium", "1p-hard"]


def _instance(cls: type) -> rulespec.RulespecError:
    """An error of class ``cls``, built as the library builds one."""
    rule = rulespec.rule("mandala.turn.order")
    if issubclass(cls, rulespec.NotYourTurn):
        return cls(rule, "not now", None, player=1, to_act=frozenset({0}))
    if issubclass(cls, rulespec.IllegalAction):
        return cls(rule, "no")
    if issubclass(cls, rulespec.StaleAction):
        return cls(3, 5)
    if issubclass(cls, rulespec.errors._ProblemsError):
        return cls(["a.b: wrong"])
    made: rulespec.RulespecError = cls("something went wrong")
    return made


def test_every_error_gives_every_field_it_documents_and_no_other() -> None:
    """One shape per field, every field present (issue 32): what the error table lists."""
    for code, cls, _ in rulespec.codes.error_codes():
        data = json.loads(json.dumps(_instance(cls).to_json(), allow_nan=False))
        assert set(data) == {"code", "message", *cls.fields}, code
        assert data["code"] == code
    stale = rulespec.session("mandala", seed=1, players=2)
    with pytest.raises(rulespec.StaleAction) as caught:
        stale.state.apply(stale.state.legal_actions()[0], expect_step=0)
    assert caught.value.to_json()["since"] is None  # outside a session
    with pytest.raises(rulespec.IllegalAction) as illegal:
        stale.state.apply(stale.state.legal_actions()[0], player=1)
    assert set(illegal.value.to_json()) == {"code", "message", *type(illegal.value).fields}


# --- memory a long-running server keeps (issue 28) -----------------------------------------


def test_the_one_cache_that_grows_with_play_stays_bounded() -> None:
    """Over 400 Mandala sessions the only memory that grew was the legal-plays cache
    (tracemalloc; issue 28): it holds at most PLAY_CACHE_HANDS hands, however many
    different hands a long-running server meets."""
    from rulespec.mandala import phases  # noqa: PLC0415 (the game's own module)

    bound = phases.PLAY_CACHE_HANDS
    hands = (
        (a, b, c, d, e, f)
        for a in range(9)
        for b in range(9)
        for c in range(9)
        for d in range(9)
        for e in range(9)
        for f in range(1, 9)
    )
    for _, hand in zip(range(bound + 10), hands, strict=False):
        phases._legal_plays(hand, True)  # type: ignore[arg-type]
        assert len(phases._PLAY_CACHE) <= bound
    phases._PLAY_CACHE.clear()


@pytest.mark.parametrize("spec", rulespec.GAMES, ids=lambda s: s.id)
def test_playout_counts_the_steps_the_state_counts(spec: Any) -> None:
    """playout's steps are what the states' own step says (issue 34 kept playout's
    (state, steps) beside advance_until's state and documents this)."""
    start = rulespec.game(spec.id, **spec.variants(options=False)[0]).initial_state()
    final, steps = rulespec.playout(start, random.Random(1))
    assert steps == final.step - start.step


@pytest.mark.parametrize(("game_id", "settings"), GAMES, ids=str)
def test_tables_of_equal_settings_share_one_game(game_id: str, settings: Any) -> None:
    """Issue 28's watch: every table made its own game object, and the memos keyed by a
    game's identity kept each alive (up to 256, 64 KB each in White Lotus). Equal settings
    now give the same object, so a server's memory does not grow with its tables."""
    first = rulespec.session(game_id, seed=1, **settings).game
    again = [rulespec.session(game_id, seed=s, settings=settings).game for s in range(5)]
    assert all(g is first for g in again)
    assert rulespec.resume(rulespec.session(game_id, seed=2, **settings).checkpoint()).game is first


def test_games_made_from_data_are_kept_within_a_bound() -> None:
    """Settings that carry data (a board, castle data) make a new game each time; the
    games kept for reuse stay bounded however many are made."""
    import gc  # noqa: PLC0415
    import weakref  # noqa: PLC0415

    from rulespec.core import game as games  # noqa: PLC0415

    board = rulespec.game("lotus", edition="de", players=3).board.to_json()
    made = [weakref.ref(rulespec.game("lotus", edition="de", players=3, board=dict(board)))]
    for _ in range(games._MADE_KEPT + 5):
        rulespec.game("lotus", edition="de", players=3, board=dict(board))
    assert len(games._MADE) <= games._MADE_KEPT
    gc.collect()
    assert made[0]() is None  # dropped once it was the oldest


@pytest.mark.parametrize(
    "value",
    [[[1]], [0] * 10_000, 10**5000, float("nan"), True, "5" * 100, {"players": 2}],
    ids=["nested", "long", "huge", "nan", "true", "long text", "object"],
)
def test_no_hint_for_what_is_no_number_written_otherwise(value: object) -> None:
    """The hint reads only short scalars: client data of any size or depth is refused
    plainly (the fuzz found a list nested 10,000 deep)."""
    with pytest.raises(rulespec.UnknownVariant) as caught:
        rulespec.game("castle", players=value)
    assert "takes a whole number" not in str(caught.value)
