"""Driving one live position ("Try it" or the lab) as a reader does, and what it must show.

The expected answers come from the same facade run in this process
(:mod:`rulespec.host.lab` under CPython): the page must say what the library says.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from rulespec.host import lab
from tests.browser import site

LIVE = ".rs-live"
MOVES = ".rs-live-moves button.rs-live-move"


def by_css(within: Any, css: str) -> list[Any]:
    from selenium.webdriver.common.by import By  # noqa: PLC0415

    found: list[Any] = within.find_elements(By.CSS_SELECTOR, css)
    return found


def open_live(driver: Any, host: Any) -> Any:
    """Click the element's "Try it" and wait for Python to start; the live panel."""
    buttons = by_css(host, "button.rs-tryit-button")
    assert len(buttons) == 1, f"expected one Try it button, found {len(buttons)}"
    site.click(driver, buttons[0])
    site.wait(
        driver,
        lambda d: by_css(host, ".rs-live-progress") or by_css(host, ".rs-live-status"),
        "a progress indicator while Python starts",
        5,
    )
    return ready(driver, host)


def ready(driver: Any, host: Any) -> Any:
    """The live panel inside ``host`` once its first position is shown."""
    site.wait(
        driver,
        lambda d: by_css(host, f"{LIVE} .rs-live-status") or by_css(host, ".rs-answer-error"),
        "Python to start and the position to show",
        site.PYODIDE_SECONDS,
    )
    errors = by_css(host, ".rs-answer-error")
    assert not errors, errors[0].text
    live = by_css(host, LIVE)[0]
    assert by_css(live, ".rs-live-picture img"), "no picture"
    return live


def step(live: Any) -> int:
    return int(live.get_attribute("data-step"))


def position(live: Any) -> dict[str, Any]:
    """The position the panel shows (its "position as JSON" box)."""
    text = by_css(live, "textarea.rs-live-json")[0].get_attribute("value")
    found: dict[str, Any] = json.loads(text)
    return found


def play_legal(driver: Any, live: Any, count: int, seed: int = 0) -> list[str]:
    """Click ``count`` of the listed legal moves (chance outcomes too), one after the
    other; each must advance the position by one step and be logged."""
    rng = random.Random(seed)
    played: list[str] = []
    for _ in range(count):
        before = step(live)
        buttons = by_css(live, MOVES)
        assert buttons, (
            f"no legal move listed after {played}: {by_css(live, '.rs-live-status')[0].text}"
        )
        button = rng.choice(buttons)
        move = button.get_attribute("data-move")
        site.click(driver, button)
        site.wait(driver, lambda d, b=before: step(live) == b + 1, f"the move {move} to apply")
        logged = by_css(live, ".rs-live-log li code")
        assert logged, f"{move} is not in the log"
        assert logged[-1].text == move
        assert not by_css(live, ".rs-answer"), by_css(live, ".rs-answer")[0].text
        played.append(move)
    return played


def undo(driver: Any, live: Any) -> None:
    before = step(live)
    site.click(driver, by_css(live, "button.rs-live-undo")[0])
    site.wait(driver, lambda d: step(live) == before - 1, "undo to go back one step")


def type_move(driver: Any, live: Any, move: str, button: str) -> None:
    """Type a move into the notation box and press Play or Why not?."""
    box = by_css(live, "input.rs-live-input")[0]
    box.clear()
    box.send_keys(move)
    site.click(driver, by_css(live, f"button.rs-live-{button}")[0])


def illegal_move(game: str, shown: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A move that is legal later in seeded play from this position but not in it, and the
    facade's answer about it (``{"legal": false, "rule": ..., ...}``)."""
    view = lab.answer({"op": "open", "game": game, "position": shown})["view"]
    later = view
    rng = random.Random(7)
    for _ in range(400):
        for m in later["moves"]:
            if m["p"] is not None:  # a chance outcome: not what a reader types
                continue
            why = lab.answer({"op": "why", "game": game, "position": shown, "move": m["move"]})
            if not why["why"]["legal"]:
                return m["move"], why["why"]
        if later["to_move"] == "over":
            break
        if later["to_move"] == "chance":
            reply = lab.answer({"op": "chance", "position": later["position"], "seed": 1})
        else:
            move = rng.choice(later["moves"])["move"]
            reply = lab.answer({"op": "play", "position": later["position"], "move": move})
        later = reply["view"]
    raise AssertionError(f"no later move of {game} is illegal at the position shown")


def check_refusal(driver: Any, live: Any, expected: dict[str, Any], previous: Any = None) -> Any:
    """The answer (a new one, if there was a ``previous``) names the rule, linked to its
    entry, the reason and the citations."""

    def new_answer(d: Any) -> bool:
        found = by_css(live, ".rs-answer")
        return bool(found) and (previous is None or found[0].id != previous.id)

    site.wait(driver, new_answer, "an answer")
    answer = by_css(live, ".rs-answer")[0]
    rule = expected["rule"]
    assert "rs-answer-illegal" in answer.get_attribute("class").split(), answer.text
    assert answer.get_attribute("data-rule") == rule["id"]
    assert by_css(answer, ".rs-rule-id")[0].text == rule["id"]
    assert by_css(answer, ".rs-answer-reason")[0].text == expected["reason"]
    cites = [c.get_attribute("data-ref") for c in by_css(answer, ".rs-cite")]
    assert cites == [c["ref"] for c in rule["cites"]]
    assert [c.text for c in by_css(answer, ".rs-cite")] == [c["text"] for c in rule["cites"]]
    links = by_css(answer, ".rs-answer-rule a")
    assert links, f"{rule['id']}: no link to the rule's entry"
    target = urlsplit(links[0].get_attribute("href"))
    page = site.SITE / Path(target.path.lstrip("/"))
    assert f'id="{target.fragment}"' in page.read_text(encoding="utf-8"), target
    return answer


def same_origin(driver: Any, root: str) -> list[str]:
    """Every address the page fetched that is not on the site's own server."""
    fetched: list[str] = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
    )
    return [url for url in fetched if not url.startswith(root)]


def console_errors(driver: Any) -> list[str]:
    """The browser console's errors (the missing favicon aside: the site has none)."""
    return [
        entry["message"]
        for entry in driver.get_log("browser")
        if entry["level"] == "SEVERE" and "favicon.ico" not in entry["message"]
    ]


def exercise(driver: Any, root: str, host: Any, game: str) -> None:
    """The whole reader's path through one "Try it": open, ten legal moves, undo, a move
    typed and played, an illegal move typed: "why not?" and "play" both refuse it with
    its rule and citations, and the position stays; nothing fetched from elsewhere."""
    live = open_live(driver, host)
    assert live.get_attribute("data-game") == game
    play_legal(driver, live, 10, seed=len(game))
    undo(driver, live)
    shown = position(live)
    first = lab.answer({"op": "open", "game": game, "position": shown})["view"]["moves"]
    assert first, "the game ended within ten moves of the witness"
    before = step(live)
    type_move(driver, live, first[0]["move"], "play")
    site.wait(driver, lambda d: step(live) == before + 1, f"the typed move {first[0]['move']}")
    shown = position(live)
    move, expected = illegal_move(game, shown)
    type_move(driver, live, move, "why")
    answer = check_refusal(driver, live, expected)
    before = step(live)
    type_move(driver, live, move, "play")
    check_refusal(driver, live, expected, previous=answer)
    assert step(live) == before
    assert same_origin(driver, root) == []
    assert console_errors(driver) == []
