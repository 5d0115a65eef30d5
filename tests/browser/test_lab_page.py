"""The position lab in headless chromium: a game and variant picked, a position pasted
(JSON, or The White Castle's short form), played on and asked about; a bad paste gets the
library's message; the page fits a phone with a position open."""

from __future__ import annotations

import json
import random
from typing import Any

import rulespec
from rulespec.host import lab as facade
from tests.browser import live, site


def the_form(driver: Any) -> Any:
    """The lab's form, emptied of what an earlier test pasted (the tests share one page)."""
    form = live.by_css(driver, "div.rs-lab")[0]
    paste(driver, form, "")
    return form


def pick(driver: Any, within: Any, css: str, value: str) -> None:
    from selenium.webdriver.support.ui import Select  # noqa: PLC0415

    Select(live.by_css(within, css)[0]).select_by_value(value)


def paste(driver: Any, form: Any, text: str) -> None:
    box = live.by_css(form, "textarea.rs-lab-position")[0]
    box.clear()
    # send_keys types character by character; a position is long, so set it at once
    driver.execute_script("arguments[0].value = arguments[1]", box, text)


def press_open(driver: Any, form: Any) -> Any:
    site.click(driver, live.by_css(form, "button.rs-lab-open")[0])
    return live.ready(driver, live.by_css(driver, ".rs-lab-live")[0])


def a_short_position(seed: int) -> dict[str, Any]:
    """The White Castle's short form of a position of seeded play (between turns)."""
    view = facade.answer({"op": "open", "game": "castle", "settings": {"players": 3}, "seed": seed})
    shown, rng = view["view"], random.Random(seed)
    while shown["short"] is None or shown["step"] < 20:
        if shown["to_move"] == "chance":
            reply = facade.answer({"op": "chance", "position": shown["position"], "seed": seed})
        else:
            move = rng.choice(shown["moves"])["move"]
            reply = facade.answer({"op": "play", "position": shown["position"], "move": move})
        shown = reply["view"]
    short: dict[str, Any] = shown["short"]
    return short


def test_the_lab_reads_the_white_castles_short_form_and_plays_on(lab: Any) -> None:
    form = the_form(lab)
    pick(lab, form, "select.rs-lab-game", "castle")
    short = a_short_position(8)
    paste(lab, form, json.dumps(short, indent=1))
    panel = press_open(lab, form)
    assert panel.get_attribute("data-game") == "castle"
    expected = facade.answer({"op": "open", "position": short})["view"]
    assert live.position(panel) == expected["short"]
    assert live.by_css(panel, ".rs-live-status")[0].text == expected["status"]
    live.play_legal(lab, panel, 3, seed=8)
    move, why = live.illegal_move("castle", live.position(panel))
    live.type_move(lab, panel, move, "why")
    live.check_refusal(lab, panel, why)
    assert live.console_errors(lab) == []


def test_a_pasted_position_names_its_own_game_and_settings(lab: Any) -> None:
    form = the_form(lab)
    pick(lab, form, "select.rs-lab-game", "mandala")  # the position says White Lotus
    game = rulespec.game("lotus", edition="fr", players=6)
    state = rulespec.advance(game.new_game(seed=4), random.Random(4))
    paste(lab, form, json.dumps(state.to_json()))
    panel = press_open(lab, form)
    assert panel.get_attribute("data-game") == "lotus"
    assert live.position(panel) == state.to_json()
    live.play_legal(lab, panel, 2, seed=4)


def test_a_new_game_from_the_pickers_deals_with_the_seed_given(lab: Any) -> None:
    form = the_form(lab)
    pick(lab, form, "select.rs-lab-game", "oriente")
    offered = rulespec.spec("oriente").offered()
    index, variant = next(
        (i, v) for i, v in enumerate(offered["variants"]) if v["settings"]["players"] == 8
    )
    pick(lab, form, "select.rs-lab-variant", str(index))
    seed = live.by_css(form, "input.rs-lab-seed")[0]
    seed.clear()
    seed.send_keys("5")
    panel = press_open(lab, form)
    expected = facade.answer(
        {"op": "open", "game": "oriente", "settings": variant["settings"], "seed": 5}
    )
    assert live.position(panel) == expected["view"]["position"]


def test_a_bad_paste_gets_the_librarys_message(lab: Any) -> None:
    form = the_form(lab)
    pick(lab, form, "select.rs-lab-game", "mandala")
    paste(lab, form, '{"game": "mandala", "hands": ')
    site.click(lab, live.by_css(form, "button.rs-lab-open")[0])
    answer = site.wait(
        lab, lambda d: live.by_css(d, ".rs-lab-live .rs-answer-error"), "the refusal",
        site.PYODIDE_SECONDS,
    )[0]  # fmt: skip
    assert "malformed position" in answer.text
    assert "not JSON" in answer.text


def test_the_lab_with_a_position_open_fits_a_phone(lab: Any) -> None:
    lab.set_window_size(390, 844)
    form = the_form(lab)
    pick(lab, form, "select.rs-lab-game", "castle")
    panel = press_open(lab, form)
    live.play_legal(lab, panel, 2, seed=1)
    assert site.overflowing(lab) == []
