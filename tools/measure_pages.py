"""Measure the built site in headless Chromium: every page's height at 1280 px and any
horizontal overflow at 390 px (the widest element past the viewport's right edge).

    python tools/measure_pages.py docs/_build/html [PAGE ...]

Needs selenium and Debian's chromium and chromium-driver. Serves the site on 127.0.0.1
itself, so nothing is fetched from elsewhere. A developer's tool, not a test: the browser
tests of the suite live in tests/.
"""

from __future__ import annotations

import functools
import http.server
import sys
import tempfile
import threading
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

OVERFLOW = """
const w = document.documentElement.clientWidth;
const article = document.querySelector('article') || document.body;
const out = [], boxes = new Set();
for (const el of document.querySelectorAll('body *')) {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.right <= w + 1) continue;
  // an element in a fixed drawer (the theme's menus wait off screen) does not count; one
  // inside a small box of the text that scrolls sideways (a wide table) is listed apart
  let p = el, excused = false;
  while (p && p !== document.body) {
    const s = getComputedStyle(p);
    if (s.position === 'fixed') { excused = true; break; }
    if (p !== el && article.contains(p) && p !== article && ['auto', 'scroll'].includes(s.overflowX)) {
      if (p.scrollWidth > p.clientWidth + 1) boxes.add(p);
      excused = true; break;
    }
    p = p.parentElement;
  }
  if (!excused) out.push(el.tagName.toLowerCase() + '.' + el.className + ' ' + Math.round(r.right));
}
const scrolls = [...boxes].map(b => b.tagName.toLowerCase() + '.' + b.className);
return [document.documentElement.scrollWidth, w, out.slice(0, 5), out.length, scrolls];
"""


LOAD = """
const done = arguments[arguments.length - 1];
for (const img of document.images) img.loading = 'eager';
const waits = [...document.images].map(img => img.complete ? null : new Promise(ok => {
  img.addEventListener('load', ok); img.addEventListener('error', ok);
}));
Promise.all(waits).then(() => done(document.documentElement.scrollHeight));
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def driver(width: int) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={tempfile.mkdtemp(prefix='measure-chromium-')}",
    ):
        options.add_argument(flag)
    if width < 800:  # a phone: the viewport is exactly this wide (no scroll bar)
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": width, "height": 844, "pixelRatio": 3}}
        )
    else:
        options.add_argument(f"--window-size={width},900")
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


def main(argv: list[str]) -> int:
    root = Path(argv[0])
    pages = argv[1:] or sorted(
        str(p.relative_to(root))
        for p in root.rglob("*.html")
        if not any(part.startswith("_") for part in p.relative_to(root).parts)
        and p.name not in ("genindex.html", "search.html", "py-modindex.html")
    )
    handler = functools.partial(Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    wide, narrow = driver(1280), driver(390)
    for d in (wide, narrow):
        d.set_script_timeout(120)
    try:
        bad = 0
        for page in pages:
            wide.get(base + page)
            height = wide.execute_async_script(LOAD)
            narrow.get(base + page)
            narrow.execute_async_script(LOAD)
            scroll, width, over, many, boxes = narrow.execute_script(OVERFLOW)
            flag = "" if scroll <= width and not over else f"  OVERFLOW {many}: {over}"
            bad += bool(flag)
            if boxes:
                flag += f"  ({len(boxes)} boxes scroll sideways: {sorted(set(boxes))[:3]})"
            print(f"{height:>8} px  {page}{flag}", flush=True)
        return 1 if bad else 0
    finally:
        wide.quit()
        narrow.quit()
        server.shutdown()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
