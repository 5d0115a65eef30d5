"""The variants the generic suites play: the same cases as the golden playthroughs.

Every column of every variant table with the default options, then every non-default
value of each option once, on the table's first column (``rulespec.host.playthrough``'s
cases). So every option value is still played by every generic test, while the count
grows with the options rather than with options times columns. The full cross of options
and columns (``spec.variants()``) is still played by ``rulespec verify`` (``make run``) and
keeps its pinned action numbering in ``test_action_ids.py``.
"""

from __future__ import annotations

import rulespec
from rulespec.host.playthrough import cases


def played() -> list[tuple[str, dict[str, object]]]:
    """(game id, full settings: the case's settings over the table's defaults)."""
    out: list[tuple[str, dict[str, object]]] = []
    for case in cases():
        table = rulespec.spec(case.game).table()
        settings: dict[str, object] = {o.key: o.default for o in table.options}
        settings.update(dict(case.settings))
        out.append((case.game, settings))
    return out


def label(game_id: str, settings: dict[str, object]) -> str:
    """A test id: ``lotus-de-3-off-…``, the values in table order."""
    return f"{game_id}-" + "-".join(str(v) for v in settings.values())
