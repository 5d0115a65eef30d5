"""The example server of the docs' "Serving games" page, played over real HTTP: several
tables of both games to the end, a crash mid-game, and every error as JSON."""

from __future__ import annotations

import http.client
import importlib.util
import itertools
import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import rulespec
from rulespec.core.compact import expand

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "server.py"
TABLES = [
    ("lotus", {"edition": "de", "players": 3}),
    ("lotus", {"edition": "fr", "players": 5}),
    ("lotus", {"edition": "de", "players": 4, "negotiation": "on"}),
    ("mandala", {"players": 2}),
    ("mandala", {"players": 4}),
]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulespec_example_server", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


server = _load()


class Client:
    """HTTP to a running example server."""

    def __init__(self, port: int) -> None:
        self.port = port

    def call(self, method: str, path: str, body: object = None, token: str = "") -> Any:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        if isinstance(body, bytes):
            data = body
        else:
            data = b"" if body is None else json.dumps(body).encode()
        headers = {"Authorization": f"Bearer {token}", "Content-Length": str(len(data))}
        connection.request(method, path, body=data, headers=headers)
        answer = connection.getresponse()
        status, text = answer.status, answer.read()
        connection.close()
        return status, json.loads(text)


class Running:
    """The example server on a free port of localhost, in a thread; ``crash()`` throws it
    away with every session it held in memory and starts a new one on the same store."""

    def __init__(self, store: dict[str, str], seeds: Iterator[int]) -> None:
        self.store = store
        self.seeds = seeds
        self.start()

    def start(self) -> None:
        self.app = server.App(self.store, new_seed=lambda: next(self.seeds))
        self.httpd = server.server(self.app)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.client = Client(self.httpd.server_address[1])

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join()

    def crash(self) -> None:
        self.stop()
        self.start()


@pytest.fixture
def running() -> Iterator[Running]:
    live = Running({}, itertools.count(100))
    yield live
    live.stop()


def _play(live: Running, crash_after: int | None) -> list[Any]:
    """Every table of TABLES to the end, the decisions drawn from one seeded generator;
    with ``crash_after``, the server crashes after that many moves. Returns per table its
    final view for seat 0 and its last saved checkpoint."""
    rng = random.Random(7)
    tables = []
    for game_id, settings in TABLES:
        status, made = live.client.call("POST", "/tables", {"game": game_id, "settings": settings})
        assert status == 201
        tables.append(made)
    moves = 0
    open_tables = list(range(len(tables)))
    while open_tables:
        i = rng.choice(open_tables)
        table_id, tokens = tables[i]["table"], tables[i]["tokens"]
        status, view = live.client.call("GET", f"/tables/{table_id}", token=tokens[0])
        assert status == 200
        if view["outcome"] is not None:
            open_tables.remove(i)
            continue
        seat = rng.choice(view["to_act"])
        status, mine = live.client.call("GET", f"/tables/{table_id}", token=tokens[seat])
        assert status == 200
        action = rng.choice(expand(mine["legal_actions"]))
        request = {"action": action, "expect_step": mine["step"]}
        status, after = live.client.call("POST", f"/tables/{table_id}", request, tokens[seat])
        assert status == 200, after
        assert after["step"] > mine["step"]
        moves += 1
        if moves == crash_after:
            live.crash()
            assert live.app.tables == {}  # nothing in memory: every table from the store
    out = []
    for made in tables:
        _, view = live.client.call("GET", f"/tables/{made['table']}", token=made["tokens"][0])
        out.append((view, json.loads(live.store[made["table"]])["checkpoint"]))
    return out


def test_tables_played_to_the_end_resume_identically_after_a_crash() -> None:
    calm = Running({}, itertools.count(100))
    try:
        uninterrupted = _play(calm, crash_after=None)
    finally:
        calm.stop()
    stormy = Running({}, itertools.count(100))
    try:
        crashed = _play(stormy, crash_after=700)
    finally:
        stormy.stop()
    assert len(crashed) == len(TABLES)
    for (view, checkpoint), (view_again, checkpoint_again) in zip(
        uninterrupted, crashed, strict=True
    ):
        assert view["outcome"] is not None
        assert view_again == view
        assert checkpoint_again == checkpoint  # the same position: the same chance drawn
        final = rulespec.resume(checkpoint).state
        assert final.is_terminal
        assert final.to_json() == checkpoint["position"]
        # the checkpoint kept the table's whole history, across the crash too
        assert rulespec.replay(rulespec.resume(checkpoint_again).record()) == final


def _table(live: Running, game_id: str = "lotus", **settings: Any) -> tuple[str, list[str]]:
    settings = settings or {"edition": "de", "players": 3}
    _, made = live.client.call("POST", "/tables", {"game": game_id, "settings": settings})
    return made["table"], made["tokens"]


def test_errors_come_back_as_json_with_their_codes(running: Running) -> None:
    call = running.client.call
    table_id, tokens = _table(running)
    path = f"/tables/{table_id}"
    _, view = call("GET", path, token=tokens[0])
    seat = view["to_act"][0]
    other = (seat + 1) % 3
    _, mine = call("GET", path, token=tokens[seat])
    action = expand(mine["legal_actions"])[0]
    step = mine["step"]
    cases = [
        (("POST", path, {"action": action, "expect_step": step + 1}, tokens[seat]),
         409, "stale_action"),
        (("POST", path, {"action": action, "expect_step": step}, tokens[other]),
         409, "not_your_turn"),
        (("POST", path, {"action": {"type": "nonsense"}, "expect_step": step}, tokens[seat]),
         400, "malformed_action"),
        (("POST", path, {"action": "@@", "expect_step": step}, tokens[seat]),
         400, "malformed_notation"),
        (("POST", path, {"action": {"type": "place_marker", "area": "nowhere"},
                         "expect_step": step}, tokens[seat]), 400, "illegal_action"),
        (("POST", path, {"action": action, "expect_step": "3"}, tokens[seat]),
         400, "invalid_argument"),
        (("POST", path, {"action": action}, tokens[seat]), 400, "invalid_argument"),
        (("POST", path, {"action": action, "expect_step": None}, tokens[seat]),
         400, "invalid_argument"),
        (("POST", path, {"action": action, "expect_step": 2**63}, tokens[seat]),
         400, "invalid_argument"),
        (("POST", path, b'{"action": "x", "expect_step": 1' + b"0" * 5000 + b"}", tokens[seat]),
         400, "bad_json"),  # Python's own JSON reader refuses over 4,300 digits
        (("POST", path, [], tokens[seat]), 400, "bad_request"),
        (("POST", path, b"{not json", tokens[seat]), 400, "bad_json"),
        (("GET", path, None, "not-a-token"), 403, "forbidden"),
        (("GET", "/tables/0000", None, tokens[0]), 404, "unknown_table"),
        (("GET", "/tables/..%2f..%2fetc", None, tokens[0]), 404, "unknown_table"),
        (("POST", "/tables", {"game": "chess"}, ""), 400, "unknown_game"),
        (("POST", "/tables", {"game": "lotus", "settings": {"players": 9}}, ""),
         400, "unknown_variant"),
        (("POST", "/tables", {"game": "lotus", "settings": {"seed": 1}}, ""),
         400, "invalid_argument"),
        (("POST", "/tables", {"game": "lotus", "settings": []}, ""), 400, "bad_request"),
    ]  # fmt: skip
    for (method, where, body, token), status, code in cases:
        got_status, data = call(method, where, body, token)
        assert (got_status, data["code"]) == (status, code), (where, body, data)
        assert data["message"]
        if code in ("stale_action", "not_your_turn"):
            assert data == {**data, "code": code}
    # nothing was applied: the seat decides at the same step
    assert call("GET", path, token=tokens[seat])[1] == mine


def test_secret_choices_are_sent_in_any_order_over_http(running: Running) -> None:
    table_id, tokens = _table(running, "lotus", edition="de", players=5)
    path = f"/tables/{table_id}"
    rng = random.Random(3)
    while True:  # play on until three or more seats owe a secret choice at once
        _, view = running.client.call("GET", path, token=tokens[0])
        if len(view["to_act"]) >= 3:
            break
        seat = view["to_act"][0]
        _, mine = running.client.call("GET", path, token=tokens[seat])
        request = {"action": rng.choice(expand(mine["legal_actions"])), "expect_step": mine["step"]}
        assert running.client.call("POST", path, request, tokens[seat])[0] == 200
    order = sorted(view["to_act"], reverse=True)  # the last in the fixed order first
    # every seat looks first, then each sends the choice it made on that view (issue 20)
    seen = {seat: running.client.call("GET", path, token=tokens[seat])[1] for seat in order}
    for k, seat in enumerate(order):
        mine = seen[seat]
        assert mine["legal_actions"]
        request = {"action": expand(mine["legal_actions"])[0], "expect_step": mine["step"]}
        status, after = running.client.call("POST", path, request, tokens[seat])
        assert status == 200, after
        if k < len(order) - 1:  # (after the last, the next round may ask this seat again)
            assert after["to_act"] == sorted(order[k + 1 :])


def test_a_spectator_sees_the_public_view_without_a_token(running: Running) -> None:
    table_id, _ = _table(running, "lotus", edition="de", players=3)
    status, public = running.client.call("GET", f"/tables/{table_id}/spectator")
    assert status == 200
    assert public["seat"] is None
    assert public["legal_actions"] == []
    table = running.app.tables[table_id][0]
    for seat in range(3):
        assert public["observation"] == table.state.observation(seat).public()
    status, data = running.client.call("GET", "/tables/0000/spectator")
    assert (status, data["code"]) == (404, "unknown_table")
