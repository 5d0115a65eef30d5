"""Witnesses: every rule and ruling shown deciding a real situation of seeded play.

A witness is where a rule was seen at work: a game (variant and options), a seed, and how
many steps of seeded random play lead to the position where the rule decided (the
convention of :mod:`rulespec.core.play`: chance sampled with the same generator as the
decisions). The steps start from the initial state, or, for a rule too rare for the
searched games (an emptied deck, a shared win), from a position written by hand: each
game's ``witness_positions.json`` holds such positions as data (in the game's own
position JSON: the short form for The White Castle, the deck by its segments for Oriente),
each with the rules it is written to show and the seed of the steps after it. The search
uses a hand-written position only for a rule seeded play from the setup did not show, so
seeded play stays preferred, and its witness is replayed and checked like any other: the
rule must still decide at that step.

The rule-coverage hooks (:func:`rulespec.core.trace.decided`) say which rules decided at
each step, and many say in words what they decided. The witness kept for a rule is one
where the rule said its words if it ever does (a hook gives words on the branch that shows
the rule's point: cards going face down, a tie broken), then where the fewest other rules
decided, the earliest of those, so it shows the rule as plainly as play allows (from a
hand-written position: the earliest step, the situation it was written for).
:meth:`Example.in_words` tells a witness in the game's terms: who does what, and what the
rule decided.

Kinds, by where the rule decided:

``applied``
    while the step's action or chance outcome was applied: the state after shows it;
``legal``
    while the legal actions of the position were listed: the rule shaped them;
``refused``
    the rule refuses an action there, under its id (:meth:`State.explain`). Searched for
    the rules that play never saw deciding, so a rule that forbids something is shown
    forbidding it;
``scoring``
    while the final outcome was scored, after the last step;
``setup``
    while the initial state was built, before any chance (step 0, no action).

Rules whose value is an option of the variant table get one witness per value (a ruling
shown under each reading). A rule with no witness is listed with its reason: no decision
point in play (:data:`rulespec.scale.coverage.NOT_DECIDING`), or neither reached by the
searched games nor shown by a hand-written position. The witnesses live as data in each
game's package (``rulespec/<game>/witnesses.json``), rewritten by ``make witnesses``
(``python -m rulespec.witnesses``; the hand-written positions are read, never written)
and replayed by ``tests/test_witnesses.py`` and ``rulespec verify``, which check that the
same rule still decides at each.

>>> import rulespec
>>> ex = rulespec.rule("mandala.draw.reshuffle").example()
>>> ex.rule.id, ex.witness.kind in ("applied", "legal", "refused", "scoring")
('mandala.draw.reshuffle', True)
>>> shared = rulespec.rule("mandala.winner.shared").example()  # from a hand-written position
>>> shared.witness.position, shared.witness.step, shared.result.winners
('equal points, equal hands', 0, frozenset({0, 1}))
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from rulespec import catalog
from rulespec.core import trace
from rulespec.core.api import Action, Explanation, Game, Outcome, State
from rulespec.core.rules import Rule, provide_examples
from rulespec.errors import InvalidArgument, RulespecError
from rulespec.host.playthrough import cases
from rulespec.scale.coverage import NOT_DECIDING

FORMAT = 2
"""The version of the witness files' layout (2: a witness may name a hand-written
position, ``"position"``, its steps start from)."""
POSITIONS_FORMAT = 1
"""The version of the hand-written positions' files (``witness_positions.json``)."""
SEEDS = 20
"""Seeded games searched per case (every column with the default options, then every
other option value once: the golden playthroughs' cases)."""
MAX_STEPS = 20_000
MORE_SEEDS = 200
"""Seeds searched at most, while a rule with a decision point still has no witness: rare
situations (an emptied deck, a blocked track) take many games to arise."""
STALE = 100
"""The extra search stops after this many seeds in a row found no new witness."""
REFUSAL_SEEDS = 3
REFUSAL_STEPS = 400
"""For rules still without a witness: games per case, and steps per game, in which every
illegal action of every decision is explained, looking for one the rule refuses."""
NOT_REACHED = (
    "has a decision point in play, but the searched seeded games did not reach it; its "
    "marked tests build the situation by hand"
)
BY_HAND = "from a position written by hand (see the rule's tests)"
"""How a witness from a hand-written position is introduced, wherever one is shown."""
KINDS = ("setup", "applied", "legal", "refused", "scoring")
LEGAL_SHOWN = 4
"""The legal actions a ``legal`` witness lists by name."""
WORDS_SHOWN = 4
"""The words a rule said at its witness that are shown (the rest are counted)."""


_HEADING = re.compile(r"^=+\s*(.+?)\s*=+$")
"""A heading line of a game's log (``== year 2 ==``)."""


def _sentences(parts: Sequence[str]) -> list[str]:
    """Each part as a sentence: capitalised, ending in a full stop."""
    out = []
    for part in parts:
        text = " ".join(part.split())
        if not text:
            continue
        text = text[0].upper() + text[1:]
        out.append(text if text[-1] in ".!?" else text + ".")
    return out


def variant_words(game_id: str, settings: Mapping[str, object]) -> str:
    """A game's settings in words: the variant column's title, then every option and
    setting that differs from its default (``German edition, 4 players, card_supply =
    unlimited``)."""
    table = catalog.spec(game_id).table()
    axes = {k: settings.get(k) for k in table.axes}
    title = next(
        (c.title for c in table.columns if dict(c.axes) == axes),
        ", ".join(f"{k} = {v}" for k, v in axes.items()),
    )
    defaults = {o.key: o.default for o in table.options}
    defaults |= {s.name: s.default for s in catalog.game_type(game_id).extra}
    changed = [
        f"{k} = {_value(v)}"
        for k, v in settings.items()
        if k in defaults and _value(v) != _value(defaults[k])
    ]
    return ", ".join([title, *changed])


def _value(value: object) -> str:
    """A setting's value as written: enums by their value, mappings as ``a: b``."""
    value = getattr(value, "value", value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {_value(v)}" for k, v in value.items()) or "none"
    return str(value)


@attrs.frozen
class Witness:
    """Where one rule (for an option's rule: under one value) was seen deciding."""

    rule: str
    value: str | None
    """The option value the witness shows, for a rule with an option; else None."""
    settings: Mapping[str, object]
    seed: int
    step: int
    """Random steps from the initial state to the position shown."""
    kind: str
    action: str | None
    """The action or chance outcome in notation: the one applied (``applied``,
    ``legal``), the one refused (``refused``); None for ``scoring``."""
    others: tuple[str, ...] = ()
    """The other rules that decided at the same step."""
    position: str | None = None
    """The name of the hand-written position (:class:`HandPosition`) the steps start
    from; None for the initial state of seeded play."""

    @property
    def game(self) -> str:
        """The game id (the rule id's first part)."""
        return self.rule.split(".", 1)[0]

    @property
    def key(self) -> str:
        """``rule`` or ``rule=value``: what the witness files are keyed by."""
        return self.rule if self.value is None else f"{self.rule}={self.value}"

    @property
    def where(self) -> str:
        """Where the steps start and how many lead to the position, in words."""
        steps = f"seed {self.seed}, after {self.step} random steps"
        if self.position is None:
            return steps
        return f"{BY_HAND}, {self.position!r}, then {steps}"

    def __str__(self) -> str:
        return f"{self.key}: {self.kind}, {self.where}"

    def to_json(self) -> dict[str, Any]:
        """The witness as a row of its game's file."""
        out: dict[str, Any] = {
            "rule": self.rule,
            "settings": dict(self.settings),
            "seed": self.seed,
            "step": self.step,
            "kind": self.kind,
            "action": self.action,
            "others": list(self.others),
        }
        if self.value is not None:
            out["value"] = self.value
        if self.position is not None:
            out["position"] = self.position
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Witness:
        """A row of a witness file (files ship with rulespec; they are not client data)."""
        return cls(
            rule=str(data["rule"]),
            value=None if data.get("value") is None else str(data["value"]),
            settings=dict(data["settings"]),
            seed=int(data["seed"]),
            step=int(data["step"]),
            kind=str(data["kind"]),
            action=None if data.get("action") is None else str(data["action"]),
            others=tuple(str(o) for o in data.get("others", ())),
            position=None if data.get("position") is None else str(data["position"]),
        )


@attrs.frozen
class Example:
    """A witness as live objects, for a rules lawyer to start from and change one thing.

    ``state`` is the position, ``action`` the action or chance outcome (None for final
    scoring), and ``result`` what the rule decided: the state after the action, the
    refusal's :class:`~rulespec.Explanation`, or the final :class:`~rulespec.Outcome`.
    """

    rule: Rule
    witness: Witness
    game: Game[Any]
    state: State[Any]
    action: Action | None
    result: State[Any] | Explanation | Outcome
    words: tuple[str, ...] = ()
    """What the rule said it decided at the step, in the game's words (its hook's)."""

    def in_words(self) -> str:
        """The witness told in the game's terms: the game and where the steps start, who
        does what (the game's own descriptions and log), and what the rule decided.
        Settings are named where they differ from the defaults."""
        return " ".join([f"{self.setting()}:", *self.happening(), *_sentences(self.said())])

    def said(self) -> list[str]:
        """The rule's words at the step, at most :data:`WORDS_SHOWN` of them (a scoring
        rule speaks once per tile or area counted)."""
        if len(self.words) <= WORDS_SHOWN:
            return list(self.words)
        more = len(self.words) - WORDS_SHOWN + 1
        return [*self.words[: WORDS_SHOWN - 1], f"and {more} more like these"]

    def setting(self) -> str:
        """``3 players, reshuffle = when_empty; seed 4, after 31 random steps``."""
        w = self.witness
        return f"{variant_words(w.game, w.settings)}; {w.where}"

    @property
    def outcome(self) -> str:
        """What the rule decided here, in words: its hook's words, else what the step
        did (the refusal's reason, the final scores, the log of the step)."""
        if self.words:
            return " ".join(_sentences(self.said()))
        return " ".join(self.happening())

    def happening(self) -> list[str]:
        """Who does what at the step, in sentences."""
        state, w, result = self.state, self.witness, self.result
        if w.kind == "setup":
            return ["as the game is set up, before any chance is drawn."]
        if isinstance(result, Outcome):
            return _sentences([f"the game is over: {result.summary()}"])
        seat = state.current_player
        if isinstance(result, Explanation):
            assert self.action is not None
            what = state.describe(self.action)
            reason = result.reason
            reason = reason if not reason.startswith(what) else reason[len(what) :]
            return _sentences(
                [f"seat {seat} may not make the move “{what}”: {reason.lstrip(' :')}"]
            )
        assert self.action is not None
        told = [line.strip() for line in self.game.narrate(state, self.action, result).splitlines()]
        if w.kind == "legal":
            legal = state.legal_actions()
            shown = "; ".join(state.describe(a) for a in legal[:LEGAL_SHOWN])
            more = f"; and {len(legal) - LEGAL_SHOWN} more" if len(legal) > LEGAL_SHOWN else ""
            told.insert(0, f"seat {seat} may choose among {len(legal)}: {shown}{more}")
        return _sentences(told)

    def __str__(self) -> str:
        w = self.witness
        where = f"{self.game!r}, {w.where}"
        value = f" (option value {w.value})" if w.value is not None else ""
        lines = [f"{self.rule.id}{value}: {self.rule.title}", f"  position: {where}"]
        if w.kind == "setup":
            lines.append("  decided while the game was set up (the initial state)")
        elif isinstance(self.result, Explanation):
            lines.append(f"  refused: {w.action}: {self.result}")
        elif isinstance(self.result, Outcome):
            lines.append(f"  final scoring: scores {list(self.result.scores)}")
        else:
            mover = "chance" if self.state.is_chance else f"seat {self.state.current_player}"
            lines.append(f"  {mover} plays {w.action}: {self.action}")
            if w.kind == "legal":
                lines.append("  the rule shaped the legal actions of this position")
        if w.others:
            lines.append(f"  also deciding here: {', '.join(w.others)}")
        cites = "; ".join(str(c) for c in self.rule.cites)
        lines.append(f"  cited: {cites}")
        return "\n".join(lines)


@attrs.frozen
class HandPosition:
    """A position written by hand, where seeded steps show a rule too rare for seeded
    play from the setup (a row of the game's ``witness_positions.json``)."""

    name: str
    rules: tuple[str, ...]
    """The witness keys (``rule`` or ``rule=value``) it is written to show."""
    position: Mapping[str, Any]
    """The position in the game's JSON (``game.state_from_json``); its ``settings`` are
    the game's."""
    seed: int
    """The seed of the random steps after it (chance and decisions alike)."""
    note: str = ""
    """What the position is, in a sentence."""

    @property
    def settings(self) -> Mapping[str, Any]:
        """The game's options, as the position names them."""
        return dict(self.position.get("settings", {}))

    def state(self, game: Game[Any]) -> State[Any]:
        """The position, read by the game (a :class:`~rulespec.MalformedPosition` if it
        no longer fits the rules)."""
        state: State[Any] = game.state_from_json(self.position)
        return state

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandPosition:
        """A row of a hand-written positions file (they ship with rulespec)."""
        return cls(
            name=str(data["name"]),
            rules=tuple(str(r) for r in data["rules"]),
            position=dict(data["position"]),
            seed=int(data["seed"]),
            note=str(data.get("note", "")),
        )


@attrs.frozen
class Witnesses:
    """One game's witness file: the witnesses by key, and the rules without one."""

    game: str
    found: Mapping[str, Witness]
    without: Mapping[str, str]
    """Rule id (or ``rule=value``) -> why it has no witness."""

    def to_json(self) -> dict[str, Any]:
        """The file's content."""
        return {
            "format": FORMAT,
            "game": self.game,
            "witnesses": [self.found[k].to_json() for k in sorted(self.found)],
            "without": dict(sorted(self.without.items())),
        }


def keys(rule: Rule) -> list[tuple[str, str | None]]:
    """(key, option value) wanted for a rule: one per value of its option, if it has one
    in the variant table, else one."""
    if rule.option is not None:
        table = catalog.spec(rule.game).table()
        for option in table.options:
            if option.key == rule.option:
                return [(f"{rule.id}={v}", str(v)) for v in option.values]
    return [(rule.id, None)]


def _shipped(game_id: str, name: str, version: int) -> Mapping[str, Any] | None:
    """A data file of a game's package, checked for its layout version (None if absent)."""
    try:
        text = resources.files(f"rulespec.{game_id}").joinpath(name).read_text()
    except FileNotFoundError:
        return None
    data: Mapping[str, Any] = json.loads(text)
    if data.get("format") != version:
        raise ValueError(f"rulespec/{game_id}/{name}: format {data.get('format')}, not {version}")
    return data


def load(game_id: str) -> Witnesses:
    """The shipped witnesses of one game (an empty set if none are written yet)."""
    data = _shipped(game_id, "witnesses.json", FORMAT)
    if data is None:
        return Witnesses(game_id, {}, {})
    found = {w.key: w for w in map(Witness.from_json, data["witnesses"])}
    return Witnesses(game_id, found, dict(data["without"]))


def load_positions(game_id: str) -> dict[str, HandPosition]:
    """The hand-written positions of one game by name (none if it has no file)."""
    data = _shipped(game_id, "witness_positions.json", POSITIONS_FORMAT)
    if data is None:
        return {}
    rows = [HandPosition.from_json(row) for row in data["positions"]]
    out = {p.name: p for p in rows}
    if len(out) != len(rows):
        raise ValueError(f"rulespec/{game_id}/witness_positions.json: a name used twice")
    return out


_LOADED: dict[str, Witnesses] = {}


def witnesses(game_id: str) -> Witnesses:
    """:func:`load`, once per game and process."""
    if game_id not in _LOADED:
        _LOADED[game_id] = load(game_id)
    return _LOADED[game_id]


_POSITIONS: dict[str, dict[str, HandPosition]] = {}


def positions(game_id: str) -> dict[str, HandPosition]:
    """:func:`load_positions`, once per game and process."""
    if game_id not in _POSITIONS:
        _POSITIONS[game_id] = load_positions(game_id)
    return _POSITIONS[game_id]


def start(w: Witness) -> tuple[Game[Any], State[Any]]:
    """The game and the state the witness's steps start from: the initial state, or its
    hand-written position."""
    game = catalog.game(w.game, **w.settings)
    if w.position is None:
        return game, game.initial_state()
    hand = positions(w.game).get(w.position)
    if hand is None:
        raise InvalidArgument(f"{w.key}: no hand-written position named {w.position!r}")
    return game, hand.state(game)


def position(w: Witness) -> tuple[Game[Any], State[Any], random.Random]:
    """The game, the position after ``w.step`` seeded random steps, and the generator as
    it stands there (the next draw picks the step's action)."""
    game, state = start(w)
    rng = random.Random(w.seed)
    for _ in range(w.step):
        state = _step(state, rng)[1]
    return game, state, rng


def _step(state: State[Any], rng: random.Random) -> tuple[Action, State[Any]]:
    action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
    return action, state.apply(action)


def replay(w: Witness) -> Example:
    """The witness as live objects (:class:`Example`), with the words its rule said."""
    rule = catalog.rule(w.rule)
    game, state, rng = position(w)
    action: Action | None = None
    result: State[Any] | Explanation | Outcome
    with trace.tracing() as decisions:
        if w.kind == "setup":
            result = game.initial_state()
        elif w.kind == "scoring":
            result = state.outcome()
        elif w.kind == "refused":
            assert w.action is not None
            action = game.parse_action(w.action, state)
            result = state.explain(action)
        else:
            if not state.is_chance:
                state.legal_actions()
            action, result = _step(state, rng)
    if w.kind == "setup":
        result = state
    words = tuple(dict.fromkeys(decisions.words.get(w.rule, ())))
    return Example(rule, w, game, state, action, result, words)


def example(rule_id: str, value: object = None) -> Example | None:
    """The witness of a rule as live objects, or None for a rule listed without one
    (:func:`why_no_example` says why).

    For a rule whose reading is an option, ``value`` picks the option value shown (the
    default value when omitted).
    """
    rule, key = _asked(rule_id, value)
    w = witnesses(rule.game).found.get(key)
    return None if w is None else replay(w)


def why_no_example(rule_id: str, value: object = None) -> str | None:
    """Why :func:`example` gives None for the rule (and option value): no decision point
    in play, or none reached by the seeded games searched; None when it has a witness.
    The same words as ``rulespec explain ID --example``."""
    rule, key = _asked(rule_id, value)
    shown = witnesses(rule.game)
    if key in shown.found:
        return None
    return shown.without.get(key, NOT_REACHED)


def _asked(rule_id: str, value: object) -> tuple[Rule, str]:
    """The rule and the witness key :func:`example` looks up for ``value``."""
    rule = catalog.rule(rule_id)
    wanted = keys(rule)
    if value is None:
        key = wanted[0][0]
        if rule.option is not None:
            table = catalog.spec(rule.game).table()
            default = next(o.default for o in table.options if o.key == rule.option)
            key = f"{rule.id}={default}"
        return rule, key
    key = f"{rule.id}={value}"
    if key not in dict(wanted):
        choices = ", ".join(v for _, v in wanted if v is not None) or "none"
        raise InvalidArgument(f"{rule.id} has no option value {value!r} (values: {choices})")
    return rule, key


def decided_at(w: Witness, *, through_json: bool = False) -> Counter[str]:
    """The rules that decide at the witness's step, traced anew (for the replay test);
    ``through_json``: from the position as its JSON reads back (``state_from_json``), so a
    rules lawyer who writes it down sees the same rule decide."""
    game, state, rng = position(w)
    if through_json:
        state = game.state_from_json(json.loads(json.dumps(state.to_json())))
    with trace.tracing() as counts:
        if w.kind == "setup":
            game.initial_state()
        elif w.kind == "scoring":
            state.outcome()
        elif w.kind == "refused":
            assert w.action is not None
            explained = state.explain(game.parse_action(w.action, state))
            if not explained.legal and explained.rule is not None:
                trace.decided(explained.rule.id)
        else:
            if not state.is_chance:
                state.legal_actions()
            _step(state, rng)
    return counts


def holds(w: Witness) -> bool:
    """Whether the witness's rule still decides at its step; False too when its
    hand-written position no longer loads or its steps can no longer be taken (the rules
    changed under it): the check ``rulespec verify`` and the tests make."""
    try:
        return w.rule in decided_at(w)
    except RulespecError:
        return False


# --- the search ---------------------------------------------------------------------------


def _key(
    rule_id: str, options: Mapping[str, str], values: Mapping[str, object]
) -> tuple[str, str | None]:
    option = options.get(rule_id)
    if option is None:
        return rule_id, None
    value = str(values[option])
    return f"{rule_id}={value}", value


def _play(
    best: dict[str, tuple[tuple[int, ...], Witness]],
    game: Game[Any],
    seed: int,
    hand: HandPosition | None = None,
) -> None:
    """One seeded random game with tracing; every rule that decides is offered as a
    witness, kept where fewer other rules decide (then earlier). From a hand-written
    position, only the keys it is written to show are offered, and the earliest step is
    kept: the situation the position was written for."""
    game_id = game.spec.id
    settings = dict(game.settings())
    options = {r.id: r.option for r in catalog.rules(game_id) if r.option is not None}

    def offer(
        counts: Counter[str],
        also: Counter[str],
        step: int,
        kind: str,
        text: str | None,
        *,
        said: Mapping[str, list[str]],
    ) -> None:
        for rule_id in counts:
            key, value = _key(rule_id, options, settings)
            if hand is not None and key not in hand.rules:
                continue
            others = tuple(sorted((set(counts) | set(also)) - {rule_id}))
            mute = 0 if said.get(rule_id) else 1  # a step where the rule said its point
            rank = (mute, len(others), step) if hand is None else (step, mute, len(others))
            held = best.get(key)
            if held is None or rank < held[0]:
                name = None if hand is None else hand.name
                w = Witness(rule_id, value, settings, seed, step, kind, text, others, name)
                best[key] = (rank, w)

    rng = random.Random(seed)
    state: State[Any]
    if hand is None:
        with trace.tracing() as built:
            state = game.initial_state()
        offer(built, Counter(), 0, "setup", None, said=built.words)
    else:
        state = hand.state(game)
    step = 0
    while not state.is_terminal:
        if step > MAX_STEPS:
            raise RuntimeError(f"{game!r}: no end after {MAX_STEPS} steps")
        legal = trace.Decisions()
        if not state.is_chance:
            with trace.tracing() as legal:
                state.legal_actions()
        with trace.tracing() as applied:
            action, state = _step(state, rng)
        text = game.format_action(action)
        offer(applied, legal, step, "applied", text, said=applied.words)
        offer(
            Counter({r: n for r, n in legal.items() if r not in applied}),
            applied,
            step,
            "legal",
            text,
            said=legal.words,
        )
        step += 1
    with trace.tracing() as scored:
        state.outcome()
    offer(scored, Counter(), step, "scoring", None, said=scored.words)


def _refusals(
    best: dict[str, tuple[tuple[int, ...], Witness]],
    missing: set[str],
    game: Any,
    seed: int,
) -> None:
    """Seeded random play again, asking at each decision which rule refuses each illegal
    action (:meth:`State.explain`): a rule still missing a witness that refuses one gets
    that refusal as its witness (a forbidding rule shown forbidding)."""
    settings = dict(game.settings())
    options = {r.id: r.option for r in catalog.rules(game.spec.id) if r.option is not None}
    every: Sequence[Action] = game.action_ids().decisions
    rng = random.Random(seed)
    state: State[Any] = game.initial_state()
    step = 0
    while not state.is_terminal and missing and step < REFUSAL_STEPS:
        if not state.is_chance:
            legal = set(state.legal_actions())
            for action in every:
                if action in legal:
                    continue
                explained = state.explain(action)
                if explained.legal or explained.rule is None:
                    continue
                key, value = _key(explained.rule.id, options, settings)
                if key in missing:
                    text = game.format_action(action)
                    w = Witness(explained.rule.id, value, settings, seed, step, "refused", text)
                    best[key] = ((0, 0, step), w)
                    missing.discard(key)
        state = _step(state, rng)[1]
        step += 1


def _rare(wanted: Mapping[str, Rule], best: Mapping[str, object]) -> list[str]:
    """The keys of rules with a decision point in play that still have no witness."""
    return [k for k, r in wanted.items() if k not in best and r.id not in NOT_DECIDING]


def _could_show(game: Game[Any], key: str, rule: Rule) -> bool:
    """Whether ``game`` could show the witness ``key`` of ``rule``: any game for a plain
    rule, one with the option value the key names for an option's rule."""
    if rule.option is None:
        return True
    return key == f"{rule.id}={game.settings().get(rule.option)}"


def search(game_id: str, seeds: int = SEEDS) -> Witnesses:
    """Play the cases of one game with tracing and keep the best witness per key; then
    look for refusals by the rules still without one."""
    best: dict[str, tuple[tuple[int, ...], Witness]] = {}
    wanted = {k: r for r in catalog.rules(game_id) for k, _ in keys(r)}
    games = [catalog.game(game_id, **dict(c.settings)) for c in cases() if c.game == game_id]
    for seed in range(seeds):
        for game in games:
            _play(best, game, seed)
    # rare situations: more seeds, only for the cases that could show a missing key (an
    # option value's key only where the option has that value), until one comes or
    # STALE seeds in a row bring none
    seed, since = seeds, 0
    while seed < MORE_SEEDS and since < STALE:
        rare = _rare(wanted, best)
        hopeful = [g for g in games if any(_could_show(g, k, wanted[k]) for k in rare)]
        if not hopeful:
            break
        before = len(best)
        for game in hopeful:
            _play(best, game, seed)
        since = 0 if len(best) > before else since + 1
        seed += 1
    missing = set(wanted) - set(best)
    for case in cases():
        if case.game == game_id and missing:
            game = catalog.game(game_id, **dict(case.settings))
            for seed in range(min(seeds, REFUSAL_SEEDS)):
                _refusals(best, missing, game, seed)
    found = {key: w for key, (_, w) in best.items() if key in wanted}
    found.update(_by_hand(game_id, set(wanted) - set(found)))
    without = {k: NOT_DECIDING.get(r.id, NOT_REACHED) for k, r in wanted.items() if k not in found}
    return Witnesses(game_id, found, without)


def _by_hand(game_id: str, missing: set[str]) -> dict[str, Witness]:
    """Witnesses from the game's hand-written positions, for the keys in ``missing``
    only (seeded play from the setup is preferred); a position that does not show a key
    it is written for is reported, and the key stays without a witness."""
    best: dict[str, tuple[tuple[int, ...], Witness]] = {}
    for hand in positions(game_id).values():
        if missing & set(hand.rules):
            _play(best, catalog.game(game_id, **hand.settings), hand.seed, hand)
            for key in sorted(missing & set(hand.rules) - set(best)):
                print(f"{game_id}: hand-written position {hand.name!r} does not show {key}")
    return {key: w for key, (_, w) in best.items() if key in missing}


def path_of(game_id: str) -> Path:
    """Where a game's witness file lives in a checkout."""
    return Path(__file__).resolve().parent / game_id / "witnesses.json"


def _shown(rule_id: str, found: Mapping[str, Witness]) -> list[Witness]:
    return [w for k, w in found.items() if k == rule_id or k.startswith(f"{rule_id}=")]


def counts() -> dict[str, tuple[int, int]]:
    """Per game: (rules and rulings with a witness, from seeded play from the setup or
    from a hand-written position, rules and rulings in all)."""
    out: dict[str, tuple[int, int]] = {}
    for spec in catalog.GAMES:
        found = witnesses(spec.id).found
        ids = [r.id for r in catalog.rules(spec.id)]
        out[spec.id] = (sum(1 for i in ids if _shown(i, found)), len(ids))
    return out


def by_hand() -> dict[str, int]:
    """Per game: the rules and rulings shown only from hand-written positions (each
    witness of theirs starts from one), a part of :func:`counts`' first number."""
    out: dict[str, int] = {}
    for spec in catalog.GAMES:
        found = witnesses(spec.id).found
        shown = (_shown(r.id, found) for r in catalog.rules(spec.id))
        out[spec.id] = sum(1 for ws in shown if ws and all(w.position for w in ws))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rulespec.witnesses [GAME ...]``: search and write the witness files."""
    parser = argparse.ArgumentParser(prog="python -m rulespec.witnesses")
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--seeds", type=int, default=SEEDS, help="games per case")
    args = parser.parse_args(argv)
    for game_id in args.games or list(catalog.GAMES.ids):
        found = search(game_id, args.seeds)
        path = path_of(game_id)
        path.write_text(json.dumps(found.to_json(), indent=1, sort_keys=False) + "\n")
        print(f"{path}: {len(found.found)} witnesses, {len(found.without)} without")
    return 0


class _Lookup:
    """This module's lookup, handed down to ``Rule.example`` when it is loaded."""

    example = staticmethod(example)
    why_no_example = staticmethod(why_no_example)


provide_examples(_Lookup())


if __name__ == "__main__":
    raise SystemExit(main())
