""" "Try it" in headless chromium, for every game: the position opens live, ten legal moves
play, undo goes back, a typed move plays, and an illegal move typed gets its rule id, its
reason and its citations ("why not?" and "play" alike), all from rulespec running in the
page; nothing is fetched from anywhere but the site.

Each game is tried on its own pages, at the witness with the earliest position (the rule
entries carry one ``rs-tryit`` element per witness: issue 29's chapters, branch
``docs-read``). While no game page carries one, the game is tried at its example on the
lab page (``.. rulespec-tryit-examples::``); the test's id names the page it ran on.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import rulespec
from tests.browser import live, site

GAMES = rulespec.GAMES.ids


def host(driver: Any, index: int) -> Any:
    hosts = live.by_css(driver, "div.rs-tryit")
    assert len(hosts) > index, f"the page has {len(hosts)} Try it elements"
    return hosts[index]


def earliest_on_the_game_pages(game: str) -> tuple[str, int] | None:
    """The game page and the index of its ``rs-tryit`` element with the earliest position
    reached in play (a position written by hand says step 0 however near the end it is,
    as Mandala's stalled game does, so those come last)."""
    best: tuple[int, str, int] | None = None
    for page in site.pages():
        if not page.startswith("games/"):
            continue
        for i, div in enumerate(site.elements(page, "div", "rs-tryit")):
            if div.get("data-game") != game:
                continue
            step = json.loads(div["data-position"]).get("step") or 10**9
            if best is None or (step, page, i) < best:
                best = (step, page, i)
    return None if best is None else (best[1], best[2])


def where(game: str) -> tuple[str, int]:
    """Where to try the game: its own pages' earliest witness, or, while no game page
    carries one, the lab page's example (the test id names the page either way)."""
    found = earliest_on_the_game_pages(game)
    if found is not None:
        return found
    divs = site.elements("lab.html", "div", "rs-tryit") if site.missing() is None else []
    games = [d["data-game"] for d in divs]
    return "lab.html", games.index(game) if game in games else 0


CASES = [
    pytest.param(game, *where(game), id=f"{game}-{where(game)[0]}")
    for game in GAMES
    if site.missing() is None
] or [pytest.param("", "", 0, id="no-site")]


@pytest.mark.parametrize(("game", "page", "index"), CASES)
def test_try_it(
    request: pytest.FixtureRequest, root: str, game: str, page: str, index: int
) -> None:
    if page == "lab.html":  # the lab's own browser: its page is loaded once for all
        driver = request.getfixturevalue("lab")
    else:
        driver = request.getfixturevalue("driver")
        driver.get(root + page)
    live.exercise(driver, root, host(driver, index), game)


def test_a_page_loads_no_python_until_a_reader_asks(driver: Any, root: str) -> None:
    """The script on every page is small; Pyodide and the wheels wait for a click."""
    driver.get(root + "lab.html")
    site.wait(driver, lambda d: live.by_css(d, "button.rs-tryit-button"), "the Try it buttons")
    fetched = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
    )
    assert [url for url in fetched if "/_static/tryit/" in url] == []
