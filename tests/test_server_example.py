"""The example server of the docs' "Serving games" page, played over real HTTP on
127.0.0.1: tables of all four games played to the end by concurrent clients that wait on
server-sent events, White Lotus secret rounds committed in random orders, a spectator,
and the server killed (SIGKILL) and restarted in the middle; then every error as JSON."""

from __future__ import annotations

import ast
import http.client
import importlib.util
import io
import itertools
import json
import random
import re
import signal
import subprocess
import sys
import threading
import time
import tokenize
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import rulespec
from rulespec.core.compact import expand
from rulespec.host.session import record_from_rows

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "server.py"
TABLES = [
    ("lotus", {"edition": "de", "players": 4}),
    ("lotus", {"edition": "fr", "players": 3}),
    ("mandala", {"players": 2}),
    ("oriente", {"players": 4}),
    ("castle", {"players": 2}),
]
"""The tables of the crash test: every game, and White Lotus twice for its secret rounds."""
KILL_AFTER = 150
"""The server is killed once the clients have had this many moves acknowledged."""
DEADLINE = 120.0
"""Seconds the crash test waits for every table to end before it fails (a guard against a
hang, not a speed assertion: the games take a few seconds)."""


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulespec_example_server", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


server = _load()


def code_lines(path: Path) -> int:
    """The lines of a Python file that hold code: not blank, not only a comment, not in a
    docstring (a string standing alone as a statement)."""
    text = path.read_text(encoding="utf-8")
    docs: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            docs.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    code: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type not in skip and tok.type != tokenize.ENDMARKER:
            code.update(range(tok.start[0], tok.end[0] + 1))
    return len(code - docs)


def test_the_docs_count_the_servers_lines_of_code() -> None:
    """The figure the docs give is the file's (so it cannot go stale), and under 120: the
    same features took 201 lines on the session API of 1.0.0 (issue 32)."""
    count = code_lines(EXAMPLE)
    page = (ROOT / "docs" / "server-example.rst").read_text(encoding="utf-8")
    said = re.search(r"(\d+) lines of code", page)
    assert said is not None, "docs/server-example.rst names the server's lines of code"
    assert int(said.group(1)) == count
    assert count < 120


# --- HTTP clients ---------------------------------------------------------------------------


def call(port: int, method: str, path: str, body: object = None, token: str = "") -> Any:
    """One request; (status, JSON answer)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        data = (
            body if isinstance(body, bytes) else b"" if body is None else json.dumps(body).encode()
        )
        headers = {"Authorization": f"Bearer {token}", "Content-Length": str(len(data))}
        connection.request(method, path, body=data, headers=headers)
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def events(port: int, path: str, token: str = "") -> Iterator[Any]:
    """The views a server-sent event stream pushes, until it ends."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers={"Authorization": f"Bearer {token}"})
        answer = connection.getresponse()
        assert answer.status == 200, answer.read()
        assert answer.getheader("Content-Type") == "text/event-stream"
        while line := answer.readline():
            if line.startswith(b"data: "):
                yield json.loads(line[len(b"data: ") :])
    finally:
        connection.close()


# --- the crash test -------------------------------------------------------------------------


DOWN = (OSError, http.client.HTTPException, ValueError)
"""What a client meets while the server is down or dies mid-answer: a refused or reset
connection, an answer cut short (its JSON then does not parse)."""


class Live:
    """The example server as a subprocess on a free port of 127.0.0.1, on a store folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.process: subprocess.Popen[str] | None = None
        self.port = 0
        self.up = threading.Event()
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(EXAMPLE), "--port", "0", "--store", str(self.folder)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # the request log
            text=True,
            cwd=ROOT,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        self.port = int(line.rsplit(":", 1)[1])
        self.up.set()

    def kill(self) -> None:
        """SIGKILL: no handler runs, whatever was not written is lost."""
        assert self.process is not None
        self.up.clear()
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.kill()


class Seat(threading.Thread):
    """One player: waits on the seat's event stream, and whenever its view offers legal
    actions sends one of them (after a random pause, so secret choices arrive in random
    orders) for the step of that view. Across the crash it reconnects."""

    def __init__(self, live: Live, table: str, token: str, rng: random.Random, log: Log) -> None:
        super().__init__(daemon=True)
        self.live, self.table, self.token, self.rng, self.log = live, table, token, rng, log
        self.last: Any = None

    def run(self) -> None:
        try:
            self.play()
        except BaseException as exc:  # reported by the test, not lost in a thread
            self.log.failures.append(f"{self.table}: {type(exc).__name__}: {exc}")

    def play(self) -> None:
        path, seen = f"/tables/{self.table}", -1
        while self.last is None or self.last["outcome"] is None:
            self.live.up.wait(DEADLINE)
            try:
                for view in events(self.live.port, path + "/events", self.token):
                    self.last = view
                    if view["step"] < seen or not view["legal_actions"]:
                        continue  # pushed before our own move was made, or not ours to make
                    time.sleep(self.rng.random() * 0.004)
                    action = self.rng.choice(expand(view["legal_actions"]))
                    request = {"action": action, "expect_step": view["step"]}
                    status, answer = call(self.live.port, "POST", path, request, self.token)
                    if status != 200:  # a legal action on the seat's current view
                        self.log.refused.append((status, answer, view["step"], action))
                        continue
                    seen = answer["step"]
                    self.log.acknowledged(self.table, view["seat"], action, view["step"], seen)
            except DOWN:
                time.sleep(0.02)  # the server is down: wait for the new one


class Log:
    """What the clients saw, kept under a lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.acks: list[tuple[str, int, Any, int, int]] = []
        self.refused: list[Any] = []
        self.failures: list[str] = []
        self.spectated: list[Any] = []

    def acknowledged(self, table: str, seat: int, action: Any, sent: int, answer: int) -> None:
        """A move acknowledged: made on the view of step ``sent``, answered at ``answer``."""
        with self.lock:
            self.acks.append((table, seat, action, sent, answer))


def _spectate(live: Live, table: str, log: Log) -> None:
    try:
        while not log.spectated or log.spectated[-1]["outcome"] is None:
            live.up.wait(DEADLINE)
            try:
                log.spectated.extend(events(live.port, f"/tables/{table}/events"))
            except DOWN:
                time.sleep(0.02)
    except BaseException as exc:
        log.failures.append(f"spectator: {type(exc).__name__}: {exc}")


def _rows(folder: Path, table: str) -> tuple[Any, list[Any]]:
    made, *rows = map(json.loads, (folder / f"{table}.jsonl").read_text().splitlines())
    return made, rows


def test_concurrent_tables_survive_a_kill_with_no_move_lost_and_no_valid_choice_refused(
    tmp_path: Path,
) -> None:
    live = Live(tmp_path)
    log = Log()
    rng = random.Random(32)
    try:
        status, lobby = call(live.port, "GET", "/games")
        assert status == 200
        assert sorted(lobby) == sorted(rulespec.GAMES.ids)
        made = []
        for game_id, settings in TABLES:
            offered = [v["settings"] for v in lobby[game_id]["variants"]]
            assert any(settings.items() <= v.items() for v in offered)  # from the lobby
            status, table = call(
                live.port, "POST", "/tables", {"game": game_id, "settings": settings}
            )
            assert status == 201, table
            made.append(table)
        seats = [
            Seat(live, t["table"], token, random.Random(rng.random()), log)
            for t in made
            for token in t["tokens"]
        ]
        watcher = threading.Thread(
            target=_spectate, args=(live, made[0]["table"], log), daemon=True
        )
        for thread in [*seats, watcher]:
            thread.start()
        deadline = time.monotonic() + DEADLINE
        while len(log.acks) < KILL_AFTER and time.monotonic() < deadline:
            time.sleep(0.01)
        live.kill()  # in the middle of play: requests in flight, streams open
        killed_at = len(log.acks)
        live.start()
        for thread in [*seats, watcher]:
            thread.join(max(0.0, deadline - time.monotonic()))
        assert not log.failures, log.failures
        assert all(not t.is_alive() for t in [*seats, watcher]), "a table did not end in time"
    finally:
        live.stop()
    assert 0 < killed_at < len(log.acks)  # moves were made on both sides of the kill
    assert log.refused == []  # not one legal choice made on a seat's current view refused
    for table in made:
        head, rows = _rows(tmp_path, table["table"])
        # no acknowledged move lost: each is a stored row between the step it was sent
        # for and the step of the answer
        stored = {
            (row["seat"], json.dumps(row["action"], sort_keys=True), row["step"]) for row in rows
        }
        for table_id, seat, action, sent, answer in log.acks:
            if table_id == table["table"]:
                key = json.dumps(action, sort_keys=True)
                assert any((seat, key, s) in stored for s in range(sent + 1, answer + 1)), action
        # the rows are the table's whole history: every row replays and agrees
        game = rulespec.game(head["checkpoint"]["game"], **head["checkpoint"]["settings"])
        record = record_from_rows(game, head["checkpoint"]["seed"], rows)
        final = rulespec.replay(record)
        assert final.is_terminal
        assert rulespec.resume(head["checkpoint"], rows=rows).state == final
    # the spectator saw the public part of every step it was shown, and nothing else
    head, rows = _rows(tmp_path, made[0]["table"])
    steps = [view["step"] for view in log.spectated]
    assert steps == sorted(steps)
    assert log.spectated[-1]["outcome"] is not None
    for view in log.spectated[:: max(1, len(log.spectated) // 25)]:
        upto = [row for row in rows if row["step"] <= view["step"]]
        assert rulespec.resume(head["checkpoint"], rows=upto).spectator_view() == view
    # White Lotus's secret rounds came in other orders than the fixed one
    orders = _secret_orders([_rows(tmp_path, t["table"])[1] for t in made[:2]])
    assert any(order != sorted(order) for order in orders), orders


def _secret_orders(tables: list[list[Any]]) -> list[list[int]]:
    """The seats in the order they committed, for each run of rows where several seats
    owed a choice at once."""
    orders: list[list[int]] = []
    for rows in tables:
        run: list[int] = []
        for before, row in itertools.pairwise(rows):
            if len(before["to_act"]) > 1 and row["seat"] in before["to_act"]:
                run = run or [before["seat"]]
                run.append(row["seat"])
            elif run:
                orders.append(run)
                run = []
    return [o for o in orders if len(o) > 2]


# --- the same server in this process: every error a client can cause -----------------------


class Running:
    """The example server in a thread of this process, on a free port."""

    def __init__(self, folder: Path) -> None:
        self.app = server.App(folder)
        self.httpd = server.server(self.app)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def call(self, method: str, path: str, body: object = None, token: str = "") -> Any:
        return call(self.port, method, path, body, token)

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join()


@pytest.fixture
def running(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Running]:
    monkeypatch.setattr(server.Handler, "log_message", lambda *args: None, raising=False)
    live = Running(tmp_path)
    yield live
    live.stop()


def _table(live: Running, game_id: str = "lotus", **settings: Any) -> tuple[str, list[str]]:
    settings = settings or {"edition": "de", "players": 3}
    _, made = live.call("POST", "/tables", {"game": game_id, "settings": settings})
    return made["table"], made["tokens"]


def test_errors_come_back_as_json_with_their_codes(running: Running) -> None:
    call_ = running.call
    table_id, tokens = _table(running)
    path = f"/tables/{table_id}"
    _, view = call_("GET", path)
    seat = view["to_act"][0]
    other = (seat + 1) % 3
    _, mine = call_("GET", path, token=tokens[seat])
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
        (("POST", path, {"expect_step": step}, tokens[seat]), 400, "malformed_action"),
        (("POST", path, {"action": action, "expect_step": step, "x": 1}, tokens[seat]),
         400, "invalid_argument"),
        (("POST", path, {"action": action, "expect_step": None}, tokens[seat]),
         400, "invalid_argument"),
        (("POST", path, {"action": action, "expect_step": 2**63}, tokens[seat]),
         400, "invalid_argument"),
        (("POST", path, b'{"action": "x", "expect_step": 1' + b"0" * 5000 + b"}", tokens[seat]),
         400, "bad_json"),  # Python's own JSON reader refuses over 4,300 digits
        (("POST", path, [], tokens[seat]), 400, "invalid_argument"),
        (("POST", path, b"{not json", tokens[seat]), 400, "bad_json"),
        (("POST", path, b"x" * (server.MAX_BODY + 1), tokens[seat]), 413, "too_large"),
        (("POST", path, {"action": action, "expect_step": step}, ""), 403, "forbidden"),
        (("GET", path, None, "not-a-token"), 403, "forbidden"),
        (("GET", "/tables/0000", None, tokens[0]), 404, "unknown_table"),
        (("GET", "/tables/..%2f..%2fetc", None, tokens[0]), 404, "unknown_table"),
        (("GET", "/nowhere", None, ""), 404, "not_found"),
        (("GET", f"{path}/spectator", None, ""), 404, "not_found"),
        (("POST", "/tables", {"game": "chess"}, ""), 400, "unknown_game"),
        (("POST", "/tables", {"game": "lotus", "settings": {"players": 9}}, ""),
         400, "unknown_variant"),
        (("POST", "/tables", {"game": "lotus", "settings": {"seed": 1}}, ""),
         400, "invalid_argument"),
        (("POST", "/tables", {"game": "lotus", "settings": []}, ""), 400, "invalid_argument"),
        (("POST", "/tables", ["lotus"], ""), 400, "bad_request"),
    ]  # fmt: skip
    for (method, where, body, token), status, code in cases:
        got_status, data = call_(method, where, body, token)
        assert (got_status, data["code"]) == (status, code), (where, body, data)
        assert data["message"]
    # the error data a client acts on, every field there (issue 32)
    _, missing = call_("POST", path, {"action": action}, tokens[seat])
    assert missing["argument"] == "expect_step"
    assert "missing" in missing["message"]
    _, chess = call_("POST", "/tables", {"game": "chess"})
    assert chess["setting"] == "game"
    assert chess["choices"] == list(rulespec.GAMES.ids)
    _, nine = call_("POST", "/tables", {"game": "lotus", "settings": {"players": 9}})
    assert (nine["setting"], nine["choices"]) == ("players", [3, 4, 5, 6])
    # nothing was applied: the seat decides at the same step
    assert call_("GET", path, token=tokens[seat])[1] == mine


def test_a_move_whose_row_cannot_be_stored_is_not_made(
    running: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, tokens = _table(running, "mandala", players=2)
    path = f"/tables/{table_id}"
    before = running.call("GET", path)[1]
    seat = before["to_act"][0]
    mine = running.call("GET", path, token=tokens[seat])[1]

    def full(table_id: str, data: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(running.app, "append", full)
    request = {"action": expand(mine["legal_actions"])[0], "expect_step": mine["step"]}
    with pytest.raises((http.client.HTTPException, OSError)):  # the server answers nothing
        running.call("POST", path, request, tokens[seat])
    assert running.call("GET", path, token=tokens[seat])[1] == mine
    assert running.call("GET", path)[1] == before
    monkeypatch.undo()
    assert running.call("POST", path, request, tokens[seat])[0] == 200


def test_a_spectator_sees_the_public_view_without_a_token(running: Running) -> None:
    table_id, _ = _table(running, "lotus", edition="de", players=3)
    status, public = running.call("GET", f"/tables/{table_id}")
    assert status == 200
    assert public["seat"] is None
    assert public["legal_actions"] == []
    table = running.app.tables[table_id][0]
    for seat in range(3):
        assert public["observation"] == table.state.observation(seat).public()
    status, data = running.call("GET", "/tables/0000")
    assert (status, data["code"]) == (404, "unknown_table")


def test_the_event_stream_pushes_each_step_once_then_ends_with_the_game(running: Running) -> None:
    table_id, tokens = _table(running, "mandala", players=2)
    pushed: list[Any] = []
    reader = threading.Thread(
        target=lambda: pushed.extend(events(running.port, f"/tables/{table_id}/events", tokens[0]))
    )
    reader.start()
    rng = random.Random(4)
    table = running.app.tables[table_id][0]
    while not table.is_over:
        seat = table.to_act[0]
        mine = running.call("GET", f"/tables/{table_id}", token=tokens[seat])[1]
        request = {"action": rng.choice(expand(mine["legal_actions"])), "expect_step": mine["step"]}
        assert running.call("POST", f"/tables/{table_id}", request, tokens[seat])[0] == 200
    reader.join(30)
    assert not reader.is_alive()
    steps = [view["step"] for view in pushed]
    assert steps == sorted(set(steps))  # never the same step twice, never back
    assert pushed[-1]["outcome"] is not None
    assert pushed[-1] == json.loads(table.view_json(0))
