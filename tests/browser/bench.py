"""How fast the rules run in the page: Pyodide's start and the time per move, in chromium.

``make bench-browser`` (``python -m tests.browser.bench``) serves the built site
(``make docs``) on 127.0.0.1, opens the position lab in headless chromium and, for each
game, reloads the page, clicks the game's "Try it" and plays ``--moves`` legal moves
(chance outcomes included) by clicking them. It reports, in milliseconds:

* **start**: from the click to the first position shown (Pyodide, the wheels, the
  import of rulespec and the first answer): the first game of a run starts with an empty
  cache, the others with the files in the browser's cache, as a reader's next page does;
* **open**: the first answer alone (the game's package imported, its tables read);
* **move**: per move, the call into rulespec and the page updated, median and 90th
  percentile; **python** the call alone.

Reported, never asserted: timings on a shared machine say little on their own.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from typing import Any

import rulespec
from tests.browser import live, site


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bench_game(driver: Any, root: str, game: str, moves: int) -> dict[str, float]:
    divs = site.elements("lab.html", "div", "rs-tryit")
    index = [d["data-game"] for d in divs].index(game)
    driver.get(root + "lab.html")
    host = live.by_css(driver, "div.rs-tryit")[index]
    button = live.by_css(host, "button.rs-tryit-button")[0]
    driver.execute_script(
        "arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", button
    )
    began = time.perf_counter()
    button.click()
    panel = live.ready(driver, host)
    start = (time.perf_counter() - began) * 1000
    played = 0
    while played < moves and live.by_css(panel, live.MOVES):
        live.play_legal(driver, panel, 1, seed=played)
        played += 1
    times = driver.execute_script("return window.rulespecTryitTimes")
    calls = [c["ms"] for c in times["calls"] if c["op"] in ("play", "chance")]
    per_move = [m["ms"] for m in times["moves"]]
    return {
        "start": start,
        "open": next(c["ms"] for c in times["calls"] if c["op"] == "open"),
        "moves": played,
        "move": statistics.median(per_move),
        "move90": percentile(per_move, 0.9),
        "python": statistics.median(calls),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=30, help="moves played per game")
    args = parser.parse_args(argv)
    reason = site.missing()
    if reason is not None:
        print(f"bench-browser: {reason}")
        return 1
    print(f"rulespec {rulespec.__version__} in headless chromium, {args.moves} moves a game")
    print(f"{'game':10} {'start':>8} {'open':>7} {'move':>7} {'move90':>7} {'python':>7}  ms")
    with site.served() as root, site.chromium(1280, 900) as driver:
        for game in rulespec.GAMES.ids:
            got = bench_game(driver, root, game, args.moves)
            print(
                f"{game:10} {got['start']:8.0f} {got['open']:7.0f} {got['move']:7.1f} "
                f"{got['move90']:7.1f} {got['python']:7.1f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
