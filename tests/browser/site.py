"""The built docs site served on 127.0.0.1 and Debian's chromium driven by selenium.

Shared by the browser tests (``tests/browser``) and the browser bench (``bench.py``
beside this file). Nothing here reaches beyond this machine: the site is served from
``docs/_build/html`` on a free port of the loopback address, and chromium starts with a
fresh profile and its background networking off.
"""

from __future__ import annotations

import functools
import html.parser
import http.server
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
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

    def log_message(self, format: str, *args: Any) -> None:
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
    if found is None or driver_path is None:
        raise RuntimeError(missing())
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


# --- what the built site holds ------------------------------------------------------------


def pages(site: Path = SITE) -> list[str]:
    """Every built HTML page, as a path from the site's root (``games/mandala.html``)."""
    skip = {"_static", "_sources", "_images", "_witnesses"}
    return sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*.html")
        if not skip & set(p.relative_to(site).parts)
    )


class _Elements(html.parser.HTMLParser):
    """The attributes of every element of one kind with one class, in document order."""

    def __init__(self, tag: str, cls: str) -> None:
        super().__init__()
        self.tag, self.cls = tag, cls
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == self.tag and self.cls in values.get("class", "").split():
            self.found.append(values)


def elements(page: str, tag: str, cls: str, site: Path = SITE) -> list[dict[str, str]]:
    """The attributes of each ``<tag class="cls">`` of a built page, in document order."""
    parser = _Elements(tag, cls)
    parser.feed((site / page).read_text(encoding="utf-8"))
    return parser.found


# --- driving a page -------------------------------------------------------------------------


def click(driver: Any, element: Any) -> None:
    """Scroll ``element`` to the middle of the window at once (the theme scrolls smoothly,
    which would move it under the pointer) and click it as a reader would; once more if
    the page moved under the pointer meanwhile (a picture still decoding above it)."""
    from selenium.common.exceptions import ElementClickInterceptedException  # noqa: PLC0415

    for attempt in range(3):
        driver.execute_script(
            "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element
        )
        try:
            element.click()
            return
        except ElementClickInterceptedException:
            if attempt == 2:
                raise


def wait(driver: Any, until: Callable[[Any], Any], what: str, seconds: float = 20) -> Any:
    """``until(driver)`` once it is truthy; a failure says what was awaited."""
    from selenium.common.exceptions import TimeoutException  # noqa: PLC0415
    from selenium.webdriver.support.ui import WebDriverWait  # noqa: PLC0415

    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.05).until(until)
    except TimeoutException:
        raise AssertionError(f"waited {seconds} s for {what}") from None


PYODIDE_SECONDS = 180
"""How long a first "Try it" may take to start Python (a shared, loaded machine)."""


# --- how a page is laid out ----------------------------------------------------------------

_OVERFLOW = """
const done = arguments[arguments.length - 1];
const images = [...document.images];
for (const image of images) image.loading = "eager";
const loaded = (i) => new Promise((r) => { i.onload = i.onerror = r; });
Promise.all(images.map((i) => i.complete ? null : loaded(i)))
  .then(() => {
    const limit = document.documentElement.clientWidth;
    const content = document.querySelector("article") || document.body;
    const out = [];
    if (document.documentElement.scrollWidth > limit) {
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide`);
    }
    let last = null;
    for (const el of content.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= limit + 1 || (last && last.contains(el))) continue;
      let inBox = false;  // inside a box that scrolls sideways on its own: it fits
      for (let up = el.parentElement; up && up !== content.parentElement; up = up.parentElement) {
        const style = getComputedStyle(up).overflowX;
        const fits = up.getBoundingClientRect().right <= limit + 1;
        if ((style === "auto" || style === "scroll") && fits) {
          inBox = true;
          break;
        }
      }
      if (inBox) continue;
      last = el;
      const name = el.tagName.toLowerCase() + (el.className && typeof el.className === "string"
        ? "." + el.className.trim().split(/\\s+/).join(".") : "");
      const what = (el.textContent || el.getAttribute("src") || "").trim().slice(0, 60);
      out.push(`${name} ends at ${Math.round(box.right)} px: ${what}`);
    }
    done(out);
  });
"""


def overflowing(driver: Any) -> list[str]:
    """What runs past the window's right edge (every picture loaded first): the page
    itself, or an element of its content that is not inside a box scrolling on its own
    (a code block or a wide table may scroll inside its box; text and pictures that the
    theme's column cuts off may not)."""
    found: list[str] = driver.execute_async_script(_OVERFLOW)
    return found


def height(driver: Any) -> int:
    """The page's height in pixels."""
    tall: int = driver.execute_script("return document.documentElement.scrollHeight")
    return tall
