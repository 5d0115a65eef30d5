"""z3 proofs of the rules: claims per game, checked by :func:`run`.

Run ``python -m proofs [GAME]`` from the repository root; with the package installed (the
wheel ships this package as ``rulespec.proofs``) run ``python -m rulespec.proofs [GAME]``, or
``rulespec verify``, which plays random games too. Every claim
names the rule it is about; ``tests/proofs`` ties each z3 encoding to the Python code it
encodes, so a proof here is a proof about rulespec's own functions.

The games are discovered, not listed here: every id of :data:`rulespec.GAMES` has a
module ``proofs/<id>.py`` of this package exporting ``CLAIMS`` (a tuple of
:class:`Claim`, empty for a game without proofs yet), imported the first time its claims
are asked for. A listed game without that module is a :class:`MissingProofs` error.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

import rulespec

from .harness import (
    DEFAULT_RLIMIT,
    DEFAULT_TIMEOUT_MS,
    Claim,
    Expect,
    Status,
    Verdict,
    check,
    check_all,
)


class MissingProofs(rulespec.RulespecError, LookupError):
    """A game of :data:`rulespec.GAMES` has no ``proofs/<id>.py`` with ``CLAIMS``."""

    code = "missing_proofs"


def claims(game_id: str) -> tuple[Claim, ...]:
    """The claims of a listed game, canaries included, from its module ``<id>``.

    The module is imported by name relative to this package, so the same code finds
    ``proofs.mandala`` in a checkout and ``rulespec.proofs.mandala`` in the wheel. An id
    not in :data:`rulespec.GAMES` raises :class:`rulespec.UnknownGame` (listing the
    games); a listed game without the module or its ``CLAIMS`` raises
    :class:`MissingProofs`.
    """
    if game_id not in rulespec.GAMES.ids:
        rulespec.spec(game_id)  # raises UnknownGame, listing the games
    name = f"{__name__}.{game_id}"  # proofs.<id>, or rulespec.proofs.<id> in the wheel
    where = f"{__name__.replace('.', '/')}/{game_id}.py"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module exists but imports something missing (z3, say)
        raise MissingProofs(
            f"the game {game_id!r} is in rulespec.GAMES but has no proofs module {where}; "
            "add one defining CLAIMS, a tuple of proofs.Claim"
        ) from None
    found = getattr(module, "CLAIMS", None)
    if not isinstance(found, tuple) or not all(isinstance(c, Claim) for c in found):
        raise MissingProofs(
            f"the proofs module {where} of the game {game_id!r} must define CLAIMS as a "
            f"tuple of proofs.Claim, found {type(found).__name__}"
        )
    return found


class _Claims(Mapping[str, tuple[Claim, ...]]):
    """Every listed game's claims by game id, in :data:`rulespec.GAMES` order; a game's
    module is imported only when its claims are looked up."""

    def __getitem__(self, game_id: str) -> tuple[Claim, ...]:
        if game_id not in rulespec.GAMES.ids:
            raise KeyError(game_id)
        return claims(game_id)

    def __contains__(self, game_id: object) -> bool:
        return game_id in rulespec.GAMES.ids

    def __iter__(self) -> Iterator[str]:
        return iter(rulespec.GAMES.ids)

    def __len__(self) -> int:
        return len(rulespec.GAMES.ids)

    def __repr__(self) -> str:
        return f"CLAIMS{rulespec.GAMES.ids!r}"


CLAIMS: Mapping[str, tuple[Claim, ...]] = _Claims()
"""Every game's claims, canaries included, by game id (discovered from
:data:`rulespec.GAMES`; tests may replace it with a plain dict)."""


def run(game: str | None = None, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> list[Verdict]:
    """Check every claim of ``game`` (all games if None), each within its budget of z3
    resource units (:attr:`Claim.rlimit`, the same on every machine) and the wall-clock
    safety net ``timeout_ms`` (for a slow machine, not for a hard claim).

    An unknown game id raises :class:`rulespec.UnknownGame`; a listed game without a
    proofs module raises :class:`MissingProofs`; a game whose ``CLAIMS`` is empty gives
    an empty list.
    """
    if game is None:
        return [v for g in CLAIMS for v in check_all(CLAIMS[g], timeout_ms=timeout_ms)]
    if game not in CLAIMS:
        rulespec.spec(game)  # raises UnknownGame, listing the games
        return []
    return check_all(CLAIMS[game], timeout_ms=timeout_ms)


__all__ = [
    "CLAIMS",
    "DEFAULT_RLIMIT",
    "DEFAULT_TIMEOUT_MS",
    "Claim",
    "Expect",
    "MissingProofs",
    "Status",
    "Verdict",
    "check",
    "check_all",
    "claims",
    "run",
]
