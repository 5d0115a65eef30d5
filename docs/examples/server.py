"""A minimal move-validating game server on rulespec: the standard library only.

Run it with ``python server.py --port 8000 --store tables/``; the "Serving games" page of
the docs explains every part. Requests and answers are JSON:

* ``POST /tables`` with ``{"game": "lotus", "settings": {"players": 3}}``: a new table;
  answers ``{"table": id, "tokens": [...]}``, one secret token per seat (hand each player
  theirs; a token is how the server knows the seat, never the client's word);
* ``GET /tables/<id>`` with ``Authorization: Bearer <token>``: that seat's view;
* ``GET /tables/<id>/spectator``: what anyone may see (public information only);
* ``POST /tables/<id>`` with ``{"action": ..., "expect_step": n}`` and the token: the
  seat's decision, as JSON or notation, for the step of the view it decided on; answers
  the seat's new view.

Errors answer ``{"code": ..., "message": ...}`` (rulespec's ``to_json()`` and a few of
the server's own). Every table is saved after every move (its checkpoint, which holds
its record, and its tokens), so a restarted server goes on where it stopped, with the same
chance to come and its history.
"""

from __future__ import annotations

import argparse
import json
import secrets
import threading
from collections.abc import Callable, Iterator, MutableMapping
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import rulespec

MAX_BODY = 64 * 1024
"""The largest request body read (an action is a few hundred bytes)."""

STATUS = {
    "unknown_table": HTTPStatus.NOT_FOUND,
    "not_found": HTTPStatus.NOT_FOUND,
    "forbidden": HTTPStatus.FORBIDDEN,
}
"""The status of the server's own errors by code (any other is a 400 Bad Request);
rulespec's errors carry theirs (``error.http_status``)."""


class Refused(Exception):
    """An error of the server's own (not rulespec's), with its code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class App:
    """The tables: sessions in memory, each saved to ``store`` after every change.

    ``store`` maps a table id to its saved JSON text (a dict, a :class:`Files`, or a
    database behind the same interface). ``new_seed`` draws each table's seed: from
    ``secrets``, never from a client (whoever knows the seed knows every hidden card).
    """

    def __init__(
        self,
        store: MutableMapping[str, str],
        new_seed: Callable[[], int] = lambda: secrets.randbelow(2**63),
    ) -> None:
        self.store = store
        self.new_seed = new_seed
        self.tables: dict[str, tuple[rulespec.Session, list[str], threading.Lock]] = {}
        self.lock = threading.Lock()

    def handle(self, method: str, path: str, token: str, body: bytes) -> tuple[int, Any]:
        """One request: (HTTP status, JSON answer)."""
        try:
            if method == "POST" and path == "/tables":
                return HTTPStatus.CREATED, self.create(_json(body))
            table_id = path.removeprefix("/tables/")
            if path.startswith("/tables/") and path.endswith("/spectator") and method == "GET":
                table, _, lock = self.table(table_id.removesuffix("/spectator"))
                with lock:
                    return HTTPStatus.OK, table.spectator_view()
            if path.startswith("/tables/") and method in ("GET", "POST"):
                table, tokens, lock = self.table(table_id)
                with lock:  # one request at a time per table
                    seat = _seat_of(token, tokens)
                    if method == "POST":
                        self.submit(table_id, table, tokens, seat, _json(body))
                    return HTTPStatus.OK, table.view(seat)
            raise Refused("not_found", f"no {method} {path[:60]}")
        except rulespec.RulespecError as error:
            return error.http_status, error.to_json()
        except Refused as error:
            status = STATUS.get(error.code, HTTPStatus.BAD_REQUEST)
            return status, {"code": error.code, "message": str(error)}

    def create(self, request: Any) -> dict[str, Any]:
        """A new table of the game and settings asked for, its seed drawn here."""
        settings = request.get("settings", {}) if isinstance(request, dict) else None
        if not isinstance(settings, dict):
            raise Refused("bad_request", 'expected {"game": ..., "settings": {...}}')
        # settings= keeps the client's settings apart from the seed, which is ours
        table = rulespec.session(request.get("game"), seed=self.new_seed(), settings=settings)
        tokens = [secrets.token_urlsafe(16) for _ in range(table.game.players)]
        table_id = secrets.token_hex(8)
        self.save(table_id, table, tokens)
        with self.lock:
            self.tables[table_id] = (table, tokens, threading.Lock())
        return {"table": table_id, "tokens": tokens}

    def table(self, table_id: str) -> tuple[rulespec.Session, list[str], threading.Lock]:
        """The table in memory, or resumed from the store (after a restart)."""
        with self.lock:
            found = self.tables.get(table_id)
            if found is None:
                saved = self.store.get(table_id)
                if saved is None:
                    raise Refused("unknown_table", "no such table")
                data = json.loads(saved)
                found = (rulespec.resume(data["checkpoint"]), data["tokens"], threading.Lock())
                self.tables[table_id] = found
            return found

    def submit(
        self,
        table_id: str,
        table: rulespec.Session,
        tokens: list[str],
        seat: int,
        request: Any,
    ) -> None:
        """The seat's decision, applied if legal on the view it saw, then saved. (A
        missing or null ``expect_step`` is no step: rulespec refuses it.)"""
        if not isinstance(request, dict):
            raise Refused("bad_request", 'expected {"action": ..., "expect_step": n}')
        table.submit(seat, request.get("action"), expect_step=request.get("expect_step"))
        self.save(table_id, table, tokens)

    def save(self, table_id: str, table: rulespec.Session, tokens: list[str]) -> None:
        """Write the table where a restarted server finds it."""
        self.store[table_id] = json.dumps({"checkpoint": table.checkpoint(), "tokens": tokens})


def _json(body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError:  # also bad UTF-8
        raise Refused("bad_json", "the request body is not JSON") from None


def _seat_of(token: str, tokens: list[str]) -> int:
    for seat, known in enumerate(tokens):
        if secrets.compare_digest(token, known):
            return seat
    raise Refused("forbidden", "no seat at this table has that token")


class Handler(BaseHTTPRequestHandler):
    """HTTP around :meth:`App.handle`."""

    app: App

    def do_GET(self) -> None:
        self.answer("GET")

    def do_POST(self) -> None:
        self.answer("POST")

    def answer(self, method: str) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            status, data = HTTPStatus.REQUEST_ENTITY_TOO_LARGE, {"code": "too_large"}
        else:
            token = self.headers.get("Authorization", "").removeprefix("Bearer ")
            status, data = self.app.handle(method, self.path, token, self.rfile.read(length))
        body = json.dumps(data, allow_nan=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet; log to your own system here


class Files(MutableMapping[str, str]):
    """A store of one file per table in a directory (a database does better)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def _path(self, table_id: str) -> Path:
        if not table_id.isalnum():  # ids are hex: nothing else names a file
            raise KeyError(table_id)
        return self.folder / f"{table_id}.json"

    def __getitem__(self, table_id: str) -> str:
        try:
            return self._path(table_id).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise KeyError(table_id) from None

    def __setitem__(self, table_id: str, text: str) -> None:
        path = self._path(table_id)
        path.with_suffix(".tmp").write_text(text, encoding="utf-8")
        path.with_suffix(".tmp").replace(path)  # a crash never leaves half a file

    def __delitem__(self, table_id: str) -> None:
        self._path(table_id).unlink()

    def __iter__(self) -> Iterator[str]:
        return (p.stem for p in self.folder.glob("*.json"))

    def __len__(self) -> int:
        return sum(1 for _ in self)


def server(app: App, port: int = 0, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """An HTTP server for ``app`` (port 0: any free port, ``server_address`` says which)."""
    handler = type("BoundHandler", (Handler,), {"app": app})
    return ThreadingHTTPServer((host, port), handler)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--store", type=Path, default=Path("tables"))
    args = parser.parse_args()
    httpd = server(App(Files(args.store)), args.port)
    print(f"serving on http://127.0.0.1:{httpd.server_address[1]}")
    httpd.serve_forever()


if __name__ == "__main__":
    main()
