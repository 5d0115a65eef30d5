"""Messages read as English in every game (issue 34): what ``describe``, ``explain``, the
play log, the text picture and the errors say along seeded play is checked for the slips
that were found by hand ("a die already lie there", "a Oriente state", "a Akindo cannot
succession", "1 cards", a card named ``treasure_4``).

Each check is a pattern of one class of slip; a message that trips one is reported with
the game, the action and the text, so the fix is one grep away.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import rulespec

SLIPS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("'a' before a vowel", re.compile(r"(?<![\w'-])a (?!one\b|uni|use)[aeiouAEIOUĀŌ]\w")),
    ("'an' before a consonant", re.compile(r"(?<![\w'-])an (?![aeiouAEIOUĀŌ])[A-Za-z]")),
    (
        "one thing counted in the plural",
        re.compile(
            r"(?<!seat )(?<!room )(?<!field )(?<!mandala )(?<![\w.-])1 "
            r"(?:cards|coins|points|seals|dice|tiles|steps|levels|markers|chips|workers|"
            r"resources|pearls|players|areas|seats|buildings|gardeners|warriors|courtiers)\b"
        ),
    ),
    ("a die that lie", re.compile(r"\b(?:a|one|1) die (?:already )?lie\b")),
    ("dice that lies", re.compile(r"\b(?:two|\d+) dice (?:already )?lies\b")),
    ("a noun used as a verb", re.compile(r"\bcannot (?:income|succession|revolution)\b")),
    ("'got None'", re.compile(r"\bgot None\b")),
)
"""(what the slip is, the pattern that finds it)."""

_IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
"""A name as the code writes it (``treasure_4``, ``pay_seals``): players read words."""
_RULE = re.compile(r"\[[a-z]+\.[^\]]*\]|\b[a-z]+(?:\.[a-z0-9_]+)+\b")
"""A rule id, or an explanation's closing ``[rule: title]``: ids are meant as written."""


def _identifiers(text: str, phases: frozenset[str]) -> set[str]:
    """Code names in ``text`` outside rule ids. A phase keeps its name (``phase
    game_over``, ``the choose_conflict step``): it is what ``advance_until(phase=...)``
    and the position's ``phase`` take."""
    text = _RULE.sub("", text)
    return {m[0] for m in _IDENTIFIER.finditer(text) if m[0] not in phases}


def _games(spec: rulespec.GameSpec) -> list[Any]:
    table = spec.table()
    defaults = {o.key: o.default for o in table.options}
    return [rulespec.game(spec.id, **dict(c.axes), **defaults) for c in table.columns]


def _messages(game: Any, seed: int) -> Iterator[tuple[str, str]]:
    """(where, text) along one seeded game: descriptions and explanations of the legal
    actions and of actions legal elsewhere, the log entries, the text pictures."""
    rng = random.Random(seed)
    state = game.initial_state()
    pool: dict[Any, None] = {}
    step = 0
    while not state.is_terminal and step < 400:
        legal = state.legal_actions()
        pool.update(dict.fromkeys(legal))
        if not state.is_chance and step % 3 == 0:
            others = rng.sample(list(pool), min(len(pool), 12))
            for action in (*legal[:20], *others):
                where = f"{game!r} step {step}: {game.format_action(action)}"
                yield where, state.describe(action)
                yield where, state.explain(action).reason
        action = state.sample_chance(rng) if state.is_chance else rng.choice(legal)
        after = state.apply(action)
        yield f"{game!r} step {step} log", game.narrate(state, action, after)
        if step % 40 == 0:
            yield f"{game!r} step {step} picture", str(state)
        state, step = after, step + 1
    yield f"{game!r} end", str(state)


def _check(messages: Iterator[tuple[str, str]], phases: frozenset[str]) -> list[str]:
    found: dict[tuple[str, str], str] = {}
    for where, text in messages:
        for what, pattern in SLIPS:
            m = pattern.search(text)
            if m is not None:
                found.setdefault((what, m[0]), f"{what}: {m[0]!r} in {text!r} ({where})")
        for name in _identifiers(text, phases):
            found.setdefault(("code name", name), f"code name {name!r} in {text!r} ({where})")
    return sorted(found.values())


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=rulespec.GAMES.ids)
def test_what_play_says_has_none_of_the_slips(spec: rulespec.GameSpec) -> None:
    slips: list[str] = []
    for game in _games(spec):
        phases = frozenset(str(p.value) for p in type(game.initial_state().phase))
        slips += _check(_messages(game, seed=2), phases)
    assert not slips, "\n".join(dict.fromkeys(slips))


def test_errors_about_another_games_actions_read_as_english() -> None:
    """``a Oriente state`` came from the message for an action of another game."""
    games = {spec.id: _games(spec)[0] for spec in rulespec.GAMES}
    starts = {gid: rulespec.advance_until(g.initial_state()) for gid, g in games.items()}
    said = []
    for gid, state in starts.items():
        for other, theirs in starts.items():
            if other == gid:
                continue
            with pytest.raises(rulespec.InvalidArgument) as caught:
                state.explain(theirs.legal_actions()[0])
            said.append((f"{gid} state, {other} action", str(caught.value)))
        for text in ("zz", "@", "~", "99", "a7"):
            try:
                said.append((f"{gid} notation {text!r}", state.explain(text).reason))
            except rulespec.MalformedNotation as exc:  # lists notation tokens (maho_tsukai)
                said.append((f"{gid} notation {text!r}", _IDENTIFIER.sub("", str(exc))))
    assert not _check(iter(said), frozenset())


@pytest.mark.parametrize(
    "slip",
    [
        "a die already lie there",
        "a Oriente state",
        "a Akindo cannot trade",
        "an Samurai",
        "seat 0 (rank 3, 1 cards)",
        "two dice already lies there",
        "a Daimyō cannot succession",
        "credit names another seat, got None",
    ],
)
def test_each_slip_found_by_hand_is_caught(slip: str) -> None:
    """The checks are not vacuous: each slip of the issue trips one."""
    assert _check(iter([("by hand", slip)]), frozenset())


def test_code_names_are_caught_outside_rule_ids_and_steps() -> None:
    assert _identifiers("seat 1 has no treasure_4", frozenset()) == {"treasure_4"}
    phases = frozenset({"choose_conflict"})
    assert not _identifiers("[oriente.abilities.lost: x] the choose_conflict step", phases)
