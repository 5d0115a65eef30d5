"""Actions say what they do (issue 22): ``state.describe(action)`` for every game.

A description is what a player reads in the REPL, in ``rulespec play`` and in
``explain``: it must be words (not the action's class and fields), the same words in all
three (an Oriente pass is "stay out of the fight" everywhere, not only in the log), and no
two legal actions of one state may read alike, or a player could not tell which to choose.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import rulespec
from rulespec.castle import describe as describe_castle
from rulespec.castle.actions import PlaceDie, Resolve, Skip
from tests.variants import label, played

DUMP = re.compile(r"^[A-Z]\w*\(|\w+=")
"""An attrs repr such as ``Resolve(task=0, option=1)``."""

CASES = played()


@pytest.mark.parametrize(("game_id", "settings"), CASES, ids=[label(*c) for c in CASES])
def test_every_legal_action_of_random_play_is_described_in_distinct_words(
    game_id: str, settings: dict[str, object]
) -> None:
    game = rulespec.game(game_id, **settings)
    for seed in range(2):
        rng = random.Random(seed)
        state = game.initial_state()
        while not state.is_terminal:
            if not state.is_chance:
                legal = state.legal_actions()
                words = [state.describe(a) for a in legal]
                for action, text in zip(legal, words, strict=True):
                    assert text.strip(), f"{game_id} seed {seed}: {action!r} has no description"
                    assert not DUMP.search(text), f"{game_id}: {text!r} reads like a repr"
                twice = {w for w in words if words.count(w) > 1}
                assert not twice, f"{game_id} seed {seed}: two legal actions read {twice}"
            action = (
                state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
            )
            after = state.apply(action)
            if not state.is_chance:  # the same words in explain and in the play log
                text = state.describe(action)
                assert text in state.explain(action).reason, f"{game_id} seed {seed}: {text!r}"
                log = game.narrate(state, action, after)
                assert text in log, f"{game_id} seed {seed}: the log says {log!r}, not {text!r}"
            state = after


NUMBERED: dict[str, tuple[tuple[str, str, bool], ...]] = {
    "castle": ((r"^@(\d+)$", r"\b(?:room|field) (\d+)\b", True),),
    "mandala": ((r"@(\d+)$", r"\bmandala (\d+)\b", True),),
    "lotus": (
        (r"^[+@=]?(a\d\d)$", r"\b(a\d\d)\b", True),
        (r"^\d+(?:\+0)?>(\d+)$", r"\bseat (\d+)\b", False),
    ),
    "oriente": ((r">(\d+)", r"\bseat (\d+)\b", False),),
}
"""Per game, how its notation numbers a place and how the words name it: (the notation's
number, the words' number, whether ``explain``'s reason is held to it as well as
``describe``). A reason may name the acting seat beside the target, so seat numbers are
held in the description only."""


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=rulespec.GAMES.ids)
def test_reasons_and_descriptions_number_places_as_the_notation_does(
    spec: rulespec.GameSpec,
) -> None:
    """Issue 34: ``@0`` of The White Castle was "room 0" in its description and "room 1"
    in its reason. For every legal action and a sample of illegal ones along seeded play,
    every place the words name is the one the notation names."""
    assert spec.id in NUMBERED, f"declare how {spec.id}'s notation numbers places"
    forms = [(re.compile(a), re.compile(b), both) for a, b, both in NUMBERED[spec.id]]
    table = spec.table()
    defaults = {o.key: o.default for o in table.options}
    checked = 0
    for column in table.columns:
        game = rulespec.game(spec.id, **dict(column.axes), **defaults)
        states = _played_states(game, seed=4)
        pool = list(dict.fromkeys(a for s in states if not s.is_chance for a in s.legal_actions()))
        rng = random.Random(5)
        for state in states[::3]:
            if state.is_chance or state.is_terminal:
                continue
            legal = state.legal_actions()
            for action in (*legal, *rng.sample(pool, min(len(pool), 15))):
                text = game.format_action(action)
                for notation, words, both in forms:
                    m = notation.search(text)
                    if m is None:
                        continue
                    said = [state.describe(action)]
                    reason = state.explain(action).reason
                    if both and " is not an action of the " not in reason:
                        said.append(reason)
                    for line in said:
                        named = set(words.findall(line))
                        assert named <= {m[1]}, f"{text}: {line!r} names {named - {m[1]}}"
                    checked += 1
    assert checked > 100


def _played_states(game: Any, seed: int, steps: int = 400) -> list[Any]:
    rng = random.Random(seed)
    state = game.initial_state()
    out = [state]
    while not state.is_terminal and len(out) < steps:
        state = rulespec.random_step(state, rng)
        out.append(state)
    return out


@pytest.mark.rule("mandala.play.face_up_if_new")
def test_a_mandala_play_says_face_up_or_face_down_as_the_rule_decides() -> None:
    """Issue 34: a play's description (and so ``explain`` and the play log) says whether
    its cards go face up, which they do only in a colour new to the mandala (neither a
    tile's nor a face-up card's colour there), and the state after it agrees."""
    seen = set()
    for players in (2, 3, 4):
        game = rulespec.game("mandala", players=players)
        for state in _played_states(game, seed=players, steps=300):
            if state.is_chance or state.phase.value != "play":
                continue
            for action in state.legal_actions():
                area = state.mandalas[action.mandala]
                new = action.colour not in {t.colour for t in area.tiles} and not any(
                    up[action.colour] for up in area.up
                )
                side = "face up" if new else "face down"
                words = state.describe(action)
                assert side in words, words
                assert words in state.explain(action).reason
                after = state.apply(action).mandalas[action.mandala]
                seat, colour = state.seat, action.colour
                placed = after.up[seat][colour] + after.down[seat][colour]
                if placed > area.up[seat][colour] + area.down[seat][colour]:  # not resolved at once
                    assert (after.up[seat][colour] > area.up[seat][colour]) == new
                seen.add(new)
    assert seen == {True, False}


def _castle_states(players: int, seed: int) -> list[Any]:
    game = rulespec.game(
        "castle", players=players, **({"difficulty": "easy"} if players == 1 else {})
    )
    rng = random.Random(seed)
    state = game.initial_state()
    out = []
    while not state.is_terminal:
        out.append(state)
        state = rulespec.random_step(state, rng)
    out.append(state)
    return out


def test_castle_resolve_and_skip_say_what_they_do_not_which_number_they_are() -> None:
    seen = 0
    for state in _castle_states(2, 1):
        if state.is_chance or state.is_terminal:
            continue
        for action in state.legal_actions():
            if isinstance(action, Resolve | Skip):
                text = state.describe(action)
                assert "task" not in text.split(" (task")[0], text
                assert "option" not in text, text
                seen += 1
    assert seen > 50


def test_castle_explain_uses_the_description() -> None:
    for state in _castle_states(3, 2):
        resolves = [a for a in state.legal_actions() if isinstance(a, Resolve)]
        if resolves and not state.is_chance:
            break
    action = resolves[0]
    explained = state.explain(action)
    assert explained.legal
    assert state.describe(action) in explained.reason
    assert "pending task" not in explained.reason


def test_castle_rooms_are_numbered_as_the_notation_numbers_them() -> None:
    game = rulespec.game("castle", players=2)
    assert game.format_action(PlaceDie(3)) == "@3"
    assert str(PlaceDie(3)) == "place the die on room 3"
    assert str(PlaceDie(0)) == "place the die on room 0"
    state = game.new_game(0)
    text = str(state)
    assert "room 0 (level 1)" in text
    assert "room 5" not in text


@pytest.mark.parametrize("players", [1, 2])
def test_a_finished_castle_game_shows_the_final_scores(players: int) -> None:
    end = _castle_states(players, 3)[-1]
    assert end.is_terminal
    outcome = end.outcome()
    text = str(end)
    for seat, score in enumerate(outcome.scores):
        assert f"seat {seat}: final score {score}," in text
    if players == 1:
        assert f"rival: final score {outcome.rival}," in text
    picture = end.game.svg(end)
    for score in outcome.scores:
        assert f"final score {score}" in picture


@pytest.mark.parametrize(
    ("game_id", "settings"),
    [("mandala", {"players": 2}), ("lotus", {"players": 3, "edition": "de"})],
)
def test_a_finished_game_of_the_first_two_games_shows_the_final_scores(
    game_id: str, settings: dict[str, object]
) -> None:
    end, _ = rulespec.playout(rulespec.game(game_id, **settings).new_game(1), random.Random(1))
    text = str(end)
    for seat, score in enumerate(end.outcome().scores):
        line = next(x for x in text.splitlines() if x.strip().startswith(f"seat {seat}:"))
        assert f"{score} points" in line or f"final score {score}" in line, line


# --- a White Castle step names every counter it changes (issue 27) ---------------------------

CASTLE_COLUMNS = rulespec.spec("castle").variants(options=False)


def _then_changes(text: str) -> dict[str, dict[str, int]]:
    """The changes a description's ``then`` part names, by who (``""`` for the seat that
    acted): counter -> amount (the track: the space reached)."""
    out: dict[str, dict[str, int]] = {}
    for part in text.split("; ")[1:]:
        if part.startswith("then "):
            who, gains = "", part[len("then ") :].rsplit(" (", 1)[0]
        elif ": " in part and part.startswith(("the rival", "seat ")):
            who, gains = part.split(": ", 1)
        else:
            continue
        found = out.setdefault(who, {})
        for gain in gains.split(", "):
            if gain.startswith("marker to space "):
                found["track"] = int(gain.rsplit(" ", 1)[1])
                continue
            amount, noun = gain.split(" ", 1)
            name = {"coin": "coins", "seal": "seals", "point": "points"}.get(noun, noun)
            name = name if name in describe_castle.COUNTERS else name + "s"
            found[name] = int(amount)
    return out


@pytest.mark.rule("castle.coins.unlimited")
@pytest.mark.parametrize(
    "settings", CASTLE_COLUMNS, ids=lambda c: str(c["players"]) + c["difficulty"]
)
def test_a_castle_steps_description_accounts_for_every_counter_it_changes(
    settings: dict[str, object],
) -> None:
    """Every counter of every family a step changes (coins, seals, resources, points, the
    track) is named by its description: the action's own words name what the action
    itself does, and whatever the rest of the step adds (coins and points at a task's head,
    taken at once; the solo rival's turn; a round's end) is named after them, amount by
    amount, with the acting seat's totals, so the coins of a step add up (issue 27: a
    courtier sent to the gate for 2 coins and a purse going from 16 to 17)."""
    game = rulespec.game("castle", **settings)
    named = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.initial_state()
        while not state.is_terminal:
            action = (
                state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
            )
            after = state.apply(action)
            own = describe_castle.own_effect(state, action)
            text = state.describe(action)
            changes = _then_changes(text)
            named += bool(changes)
            base = state if own is None else own
            actor = None if state.is_chance else state.actor
            for p in range(state.players + (state.rival is not None)):
                who = "" if p == actor else ("the rival" if state.is_rival(p) else f"seat {p}")
                mid = describe_castle.counters(base.family(p))
                end = describe_castle.counters(after.family(p))
                want = {
                    name: (end[k] if name == "track" else end[k] - mid[k])
                    for k, name in enumerate(describe_castle.COUNTERS)
                    if end[k] != mid[k]
                }
                assert changes.get(who, {}) == want, (seed, text, who, want)
                if p == actor and want:
                    start = describe_castle.counters(state.family(p))
                    for k, name in enumerate(describe_castle.COUNTERS):
                        if name in want:
                            assert f"{name} from {start[k]} to {end[k]}" in text, text
            state = after
    assert named, "no step of these games takes anything at once: the check sees nothing"


def test_the_castle_gate_payment_and_the_coins_that_follow_it_are_both_named() -> None:
    """The shape the outside referees met (greedy solo games): the audience is the last
    task of its frame, and the frame under it starts with 3 coins, taken at once."""
    game = rulespec.game("castle", players=2)
    data = {
        "game": "castle",
        "settings": {"players": 2},
        "bridges": {"red": [2, 2, 4], "black": [1, 3, 6], "white": [1, 0, 5]},
        "families": [{"coins": 16}, {}],
        "pending": {"seat": 0, "resolve": ["audience"], "under": [["coins 3"]]},
    }
    state = game.state_from_json(data)
    (gate,) = [a for a in state.legal_actions() if isinstance(a, Resolve)]
    text = state.describe(gate)
    assert text == (
        "send a courtier to the castle gate (pay 2 coins); then +3 coins (coins from 16 to 17)"
    )
    assert state.apply(gate).family(0).coins == 17
    assert text in state.explain(gate).reason
