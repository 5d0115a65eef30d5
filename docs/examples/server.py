"""A move-validating game server on rulespec and the standard library alone.

Run it with ``python server.py --port 8000 --store tables/``; the "Serving games" page of
the docs explains every part. Requests and answers are JSON:

* ``GET /games``: the lobby, every game's variants and options (``spec.offered()``);
* ``POST /tables`` with ``{"game": "lotus", "settings": {...}}``: a new table; answers
  ``{"table": id, "tokens": [...]}``, one secret token per seat (hand each player
  theirs: the token, never the client's word, says which seat a request is from);
* ``GET /tables/<id>`` with ``Authorization: Bearer <token>``: that seat's view; without
  a token, what a spectator sees;
* ``POST /tables/<id>`` with ``{"action": ..., "expect_step": n}`` and the token: the
  seat's decision, as JSON or notation, for the step of the view it decided on; answers
  the seat's new view;
* ``GET /tables/<id>/events`` (with a token or without): server-sent events, the view
  now and again each time the table moves, until the game is over.

Errors answer ``{"code": ..., "message": ...}`` (rulespec's ``to_json()``, or a few codes
of the server's own). Each table is a file of JSON lines: the table as it was made (its
checkpoint and tokens), then one row per move, written before the move is made (a row
that could not be written is a move never made). A restarted server resumes each table
from its file when it is first asked for: the same chance to come, the same history.
"""

import argparse
import contextlib
import json
import secrets
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import rulespec
from rulespec.host.session import read_request

MAX_BODY = 64 * 1024
"""The largest request body read (an action is a few hundred bytes)."""


class Refused(Exception):
    """An error of the server's own (not rulespec's), with its status and code."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code = status, code


def seat_of(token: str, tokens: list[str]) -> int | None:
    """The seat a token is for; no token: a spectator (None)."""
    seats = [seat for seat, known in enumerate(tokens) if secrets.compare_digest(token, known)]
    if token and not seats:
        raise Refused(403, "forbidden", "no seat at this table has that token")
    return seats[0] if seats else None


class App:
    """The tables: each a session, its seat tokens and the lock that serialises the calls
    on it, in memory and in ``folder``, one file of JSON lines per table: the table as it
    was made, then one row per move. ``new_seed`` draws each table's seed, from
    ``secrets``, never from a client (whoever knows the seed knows every hidden card)."""

    def __init__(self, folder: Path, new_seed: Callable[[], int] | None = None) -> None:
        self.folder, self.new_seed = folder, new_seed or (lambda: secrets.randbelow(2**63))
        self.tables: dict[str, tuple[rulespec.Session, list[str], threading.Lock]] = {}
        self.lock = threading.Lock()
        folder.mkdir(parents=True, exist_ok=True)

    def append(self, table_id: str, data: object) -> None:
        """Add a line to the table's file, in one write: a killed server leaves no half."""
        with (self.folder / f"{table_id}.jsonl").open("ab", buffering=0) as file:
            file.write(json.dumps(data).encode() + b"\n")

    def create(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            raise Refused(400, "bad_request", 'expected {"game": ..., "settings": {...}}')
        settings = request.get("settings", {})  # settings= keeps the seed ours, not theirs
        table = rulespec.session(request.get("game"), seed=self.new_seed(), settings=settings)
        table_id, tokens = secrets.token_hex(8), [secrets.token_urlsafe(16) for _ in table.guards]
        self.append(table_id, {"checkpoint": table.checkpoint(), "tokens": tokens})
        with self.lock:
            self.tables[table_id] = (table, tokens, threading.Lock())
        return {"table": table_id, "tokens": tokens}

    def table(self, table_id: str) -> tuple[rulespec.Session, list[str], threading.Lock]:
        path = self.folder / f"{table_id}.jsonl"
        with self.lock:
            if table_id not in self.tables:  # after a restart: resumed from its file
                if not (table_id.isalnum() and path.exists()):  # ids are hex: no other file
                    raise Refused(404, "unknown_table", "no such table")
                made, *rows = map(json.loads, path.read_text(encoding="utf-8").splitlines())
                table = rulespec.resume(made["checkpoint"], rows=rows)
                self.tables[table_id] = (table, made["tokens"], threading.Lock())
            return self.tables[table_id]


class Handler(BaseHTTPRequestHandler):
    """HTTP around :class:`App`: a route is the method and the parts of the path."""

    app: App

    def do_GET(self) -> None:  # and do_POST
        token = self.headers.get("Authorization", "").removeprefix("Bearer ")
        route = (self.command, *self.path.strip("/").split("/"))
        try:
            if route == ("GET", "games"):
                self.send(200, json.dumps({s.id: s.offered() for s in rulespec.GAMES}))
            elif route == ("POST", "tables"):
                self.send(201, json.dumps(self.app.create(self.body())))
            elif route[1:2] != ("tables",) or route[3:] not in ((), ("events",)):
                raise Refused(404, "not_found", f"no {self.command} {self.path[:60]}")
            else:
                table, tokens, lock = self.app.table(route[2])
                seat = seat_of(token, tokens)
                if route[3:]:  # the events of a seat, or of a spectator
                    self.events(table.stream(seat, lock=lock, timeout=10))
                    return
                if self.command == "POST":
                    self.submit(route[2], table, lock, seat)
                with lock:
                    view = table.spectator_view_json() if seat is None else table.view_json(seat)
                self.send(200, view)
        except rulespec.RulespecError as error:
            self.send(error.http_status, json.dumps(error.to_json()))
        except Refused as error:
            self.send(error.status, json.dumps({"code": error.code, "message": str(error)}))

    do_POST = do_GET  # noqa: N815 (the name http.server looks for)

    def submit(self, table_id: str, table: rulespec.Session, lock: Any, seat: int | None) -> None:
        if seat is None:
            raise Refused(403, "forbidden", "a spectator sends no moves")
        request = read_request(self.body())  # {"action": ..., "expect_step": n}
        with lock:  # the row is stored first: a row not stored is a move not made
            store = lambda row: self.app.append(table_id, row.to_json())  # noqa: E731
            table.submit(seat, **request, store=store)

    def body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            raise Refused(413, "too_large", f"a request body is at most {MAX_BODY} bytes")
        try:
            return json.loads(self.rfile.read(length))
        except ValueError:  # also bad UTF-8
            raise Refused(400, "bad_json", "the request body is not JSON") from None

    def send(self, status: int, text: str, kind: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.end_headers()
        self.wfile.write(text.encode())

    def events(self, views: Any) -> None:
        """Server-sent events: each view as it comes, a comment while none does (the
        write that fails once the client has gone ends the stream)."""
        self.send(200, "", "text/event-stream")
        with contextlib.suppress(OSError):  # the client left
            for view in views:
                self.wfile.write(b": waiting\n\n" if view is None else f"data: {view}\n\n".encode())
                self.wfile.flush()


def server(app: App, port: int = 0, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """An HTTP server for ``app`` (port 0: any free port, ``server_address`` says which)."""
    return ThreadingHTTPServer((host, port), type("Bound", (Handler,), {"app": app}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--store", type=Path, default=Path("tables"))
    args = parser.parse_args()
    httpd = server(App(args.store), args.port)
    print(f"serving on http://127.0.0.1:{httpd.server_address[1]}", flush=True)
    httpd.serve_forever()


if __name__ == "__main__":
    main()
