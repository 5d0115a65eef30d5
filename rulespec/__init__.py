"""rulespec: the executable, cited rules of White Lotus, Oriente, Mandala and The White Castle.

>>> import rulespec
>>> g = rulespec.game("mandala", players=3)
>>> state = g.new_game(seed=1)
>>> state.current_player
0
>>> len(state.legal_actions()) > 0
True

``import rulespec`` loads nothing but this module: each public name is imported from the
module that defines it on first use (PEP 562), and each game's package only when that game
is first asked for. A frontend that plays one game pays for that game alone.
"""

from __future__ import annotations

import sys as _sys

TYPE_CHECKING = False  # not ``typing.TYPE_CHECKING``: importing typing costs 6 ms; mypy
# treats any ``TYPE_CHECKING`` as true
if TYPE_CHECKING:
    import types as _types

    from rulespec.catalog import (
        GAMES,
        explain,
        game,
        load_record,
        replay,
        rule,
        rulebook,
        rules,
        rulings,
        search,
        spec,
    )
    from rulespec.core.api import (
        CHANCE,
        TERMINAL,
        ChanceMode,
        Dynamics,
        Explanation,
        Game,
        GameSpec,
        Information,
        Node,
        Outcome,
        State,
        Utility,
    )
    from rulespec.core.play import advance, advance_until, playout, random_step
    from rulespec.core.record import Record
    from rulespec.core.rules import Citation, Rule, RuleKind
    from rulespec.errors import (
        GameNotOver,
        IllegalAction,
        InvalidArgument,
        MalformedAction,
        MalformedNotation,
        MalformedPosition,
        MalformedRecord,
        NotYourTurn,
        RulebookError,
        RulespecError,
        SettingIgnored,
        StaleAction,
        UnknownGame,
        UnknownRule,
        UnknownVariant,
        VariantTableError,
    )
    from rulespec.host.session import Session, Submitted, resume, session
    from rulespec.scale.batch import simulate

__version__ = "1.0.0"

_HOMES: dict[str, tuple[str, ...]] = {
    "rulespec.catalog": (
        "GAMES", "explain", "game", "load_record", "replay", "rule", "rulebook", "rules",
        "rulings", "search", "spec",
    ),
    "rulespec.core.api": (
        "CHANCE", "TERMINAL", "ChanceMode", "Dynamics", "Explanation", "Game", "GameSpec",
        "Information", "Node", "Outcome", "State", "Utility",
    ),
    "rulespec.core.play": ("advance", "advance_until", "playout", "random_step"),
    "rulespec.core.record": ("Record",),
    "rulespec.core.rules": ("Citation", "Rule", "RuleKind"),
    "rulespec.host.session": ("Session", "Submitted", "resume", "session"),
    "rulespec.scale.batch": ("simulate",),
    "rulespec.errors": (
        "GameNotOver", "IllegalAction", "InvalidArgument", "MalformedAction", "MalformedPosition",
        "MalformedRecord", "NotYourTurn", "RulebookError", "RulespecError", "UnknownGame",
        "MalformedNotation", "SettingIgnored", "StaleAction",
        "UnknownRule", "UnknownVariant", "VariantTableError",
    ),
}  # fmt: skip
"""Where each public name is defined (the imports above, for type checkers, list the same;
``tests/test_packaging.py`` checks that they agree)."""

_HOME = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "CHANCE", "GAMES", "TERMINAL", "ChanceMode", "Citation", "Dynamics", "Explanation",
    "Game", "GameNotOver", "GameSpec", "IllegalAction", "Information", "InvalidArgument",
    "MalformedAction", "MalformedNotation",
    "MalformedPosition", "MalformedRecord", "Node", "NotYourTurn", "Outcome", "Record",
    "Rule", "RuleKind", "RulebookError", "RulespecError", "Session", "SettingIgnored",
    "StaleAction", "State",
    "Submitted",
    "UnknownGame",
    "UnknownRule", "UnknownVariant", "Utility", "VariantTableError", "__version__",
    "advance", "advance_until", "explain", "game", "load_record", "playout", "random_step",
    "replay", "resume", "rule", "rulebook", "rules", "rulings", "search", "session", "simulate",
    "spec",
]  # fmt: skip
"""Every public name (``tests/test_packaging.py`` checks it against ``_HOMES``)."""


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'rulespec' has no attribute {name!r}")
    value = getattr(__import__(module, fromlist=[name]), name)
    globals()[name] = value
    rules = _sys.modules.get("rulespec.core.rules")
    if rules is not None and "rulespec.witnesses" not in _sys.modules:
        rules.provide_examples(_Witnesses())
    return value


class _Witnesses:
    """The witness lookup handed down to ``Rule.example`` (``rulespec.core.rules`` sits
    below the witnesses, so it cannot import them): loads ``rulespec.witnesses`` on first
    use, which then hands itself down."""

    def example(self, rule_id: str, value: object = None) -> object:
        return _witnesses().example(rule_id, value)

    def why_no_example(self, rule_id: str, value: object = None) -> str | None:
        reason: str | None = _witnesses().why_no_example(rule_id, value)
        return reason


def _witnesses() -> _types.ModuleType:
    return __import__("rulespec.witnesses", fromlist=["example"])


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})
