"""The built docs site served on 127.0.0.1 and Debian's chromium driven by selenium.

Shared by the browser tests (``tests/browser``) and the browser bench (``bench.py``
beside this file). Nothing here reaches beyond this machine: the site is served from
``docs/_build/html`` on a free port of the loopback address, and chromium starts with a
fresh profile and its background networking off.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("RULESPEC_SITE", ROOT / "docs" / "_build" / "html"))
"""The built site (``make docs``); ``RULESPEC_SITE`` names another."""
CHROMIUM = ("chromium", "chromium-browser")
DRIVER = "chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
"""Chromium's flags (the profile is a fresh ``--user-data-dir`` each time)."""


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not (SITE / "index.html").is_file():
        return f"no built site at {SITE} (make docs builds it)"
    if browser() is None or shutil.which(DRIVER) is None:
        return "no chromium here: apt-get install chromium chromium-driver"
    try:
        import selenium  # noqa: F401, PLC0415
    except ImportError:
        return "selenium is not installed (the test extra has it)"
    return None


def browser() -> str | None:
    """The chromium binary, if one is installed."""
    return next((found for name in CHROMIUM if (found := shutil.which(name))), None)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012  (the base class's own table, extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@contextmanager
def served(site: Path = SITE) -> Iterator[str]:
    """The site over HTTP on 127.0.0.1 (a free port); yields its root address."""
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@contextmanager
def chromium(width: int = 1280, height: int = 900) -> Iterator[Any]:
    """A headless chromium (selenium's ``webdriver.Chrome``) with a fresh profile."""
    from selenium import webdriver  # noqa: PLC0415
    from selenium.webdriver.chrome.service import Service  # noqa: PLC0415

    found = browser()
    driver_path = shutil.which(DRIVER)
    assert found is not None and driver_path is not None, missing()
    with tempfile.TemporaryDirectory(prefix="rulespec-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = found
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        options.add_argument(f"--window-size={width},{height}")
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        try:
            driver.set_window_size(width, height)
            yield driver
        finally:
            driver.quit()
