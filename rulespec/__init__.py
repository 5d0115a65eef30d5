"""rulespec: the executable, cited rules of four board games.

>>> import rulespec
>>> g = rulespec.game("mandala", players=3)
>>> state = g.new_game(seed=1)
>>> state.current_player
0
>>> len(state.legal_actions()) > 0
True
"""

from rulespec.catalog import GAMES, explain, game, load_record, replay, rule, rulebook, rules, spec
from rulespec.core.api import (
    CHANCE,
    TERMINAL,
    Explanation,
    Game,
    GameSpec,
    Node,
    Outcome,
    State,
)
from rulespec.core.play import advance, playout, random_step
from rulespec.core.record import Record
from rulespec.core.rules import Citation, Rule, RuleKind
from rulespec.errors import (
    GameNotOver,
    IllegalAction,
    MalformedAction,
    MalformedPosition,
    MalformedRecord,
    NotYourTurn,
    RulebookError,
    RulespecError,
    UnknownGame,
    UnknownRule,
    UnknownVariant,
    VariantTableError,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "GAMES",
    "TERMINAL",
    "Citation",
    "Explanation",
    "Game",
    "GameNotOver",
    "GameSpec",
    "IllegalAction",
    "MalformedAction",
    "MalformedPosition",
    "MalformedRecord",
    "Node",
    "NotYourTurn",
    "Outcome",
    "Record",
    "Rule",
    "RuleKind",
    "RulebookError",
    "RulespecError",
    "State",
    "UnknownGame",
    "UnknownRule",
    "UnknownVariant",
    "VariantTableError",
    "__version__",
    "advance",
    "explain",
    "game",
    "load_record",
    "playout",
    "random_step",
    "replay",
    "rule",
    "rulebook",
    "rules",
    "spec",
]
