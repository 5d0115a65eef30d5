"""z3 proofs of the rules: claims per game, checked by :func:`run`.

Run ``python -m proofs [GAME]`` from the repository root, or ``rulespec verify`` with
the package installed (the wheel ships this package as ``rulespec.proofs``). Every claim
names the rule it is about; ``tests/proofs`` ties each z3 encoding to the Python code it
encodes, so a proof here is a proof about rulespec's own functions.
"""

from __future__ import annotations

import rulespec

from . import lotus, mandala
from .harness import Claim, Expect, Status, Verdict, check, check_all

CLAIMS: dict[str, tuple[Claim, ...]] = {"mandala": mandala.CLAIMS, "lotus": lotus.CLAIMS}
"""Every game's claims, canaries included, by game id."""


def run(game: str | None = None, *, timeout_ms: int = 10_000) -> list[Verdict]:
    """Check every claim of ``game`` (all games if None), each within ``timeout_ms``.

    An unknown game id raises :class:`rulespec.UnknownGame`; a game without claims yet
    gives an empty list.
    """
    if game is None:
        return [v for g in CLAIMS for v in check_all(CLAIMS[g], timeout_ms=timeout_ms)]
    if game not in CLAIMS:
        rulespec.spec(game)  # raises UnknownGame, listing the games
        return []
    return check_all(CLAIMS[game], timeout_ms=timeout_ms)


__all__ = ["CLAIMS", "Claim", "Expect", "Status", "Verdict", "check", "check_all", "run"]
