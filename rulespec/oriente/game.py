"""Oriente's composition root: the game's declarative record and its ``Game`` class, which
binds the variant table, the phase table and the views to the states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from rulespec.core.api import ChanceMode, Dynamics, GameSpec, Information, Outcome, Utility
from rulespec.core.game import BaseGame, Parts, Setting
from rulespec.errors import UnknownVariant, bounded
from rulespec.oriente import picture, scoring
from rulespec.oriente.actions import Pass
from rulespec.oriente.components import CARDS, Card
from rulespec.oriente.state import State
from rulespec.oriente.variant import OrienteOptions, OrienteVariant

SPEC = GameSpec(
    id="oriente",
    title="Oriente",
    names=(("de", "Oriente"), ("it", "Oriente")),
    designers=("Luca Coppola",),
    year=2004,
    players=(4, 12),
    dynamics=Dynamics.SEQUENTIAL,
    chance=ChanceMode.EXPLICIT,
    information=Information.IMPERFECT,
    utility=Utility.WIN_SHARE,
    chance_note="the treasure deal, every card drawn from the deck (its segments' odds), the "
    "Akindo's trade draw, the revolution's takings and its pooled deal",
    information_note="face-down residents (seen by their owners), the bonus cards and the deck "
    "are hidden; victory cards and revealed residents are public",
)


FIRST_STONES = tuple(range(12))
"""The seats a ``first_stone`` setting may name (fewer with fewer players)."""


LOST = (Card.SHOGUN, Card.SORYO, Card.MAHO_TSUKAI)
"""The characters whose abilities the transcription lost (oriente.abilities.lost)."""
ABILITIES = (Card.DAIMYO, Card.AKINDO, Card.NOFU, Card.NINJA)
"""The characters whose book abilities the Sōryo or the Mahō-Tsukai may use (the Shōgun's
lost ability works in fights only, L131, so he gets none): the action abilities. The
Samurai's is refused: it changes a fight, which the L100 example forbids for the Shōgun
(and the Mahō-Tsukai), and L131 makes the Sōryo's and the Mahō-Tsukai's actions."""
MAX_ABILITIES_TEXT = 200
"""The longest ``abilities`` text read (three definitions take under 60 characters);
longer input is refused before it is split, so the work and the message stay small."""


def read_abilities(value: object) -> tuple[tuple[Card, Card], ...]:
    """The definitions an ``abilities`` setting gives (``"none"``, a mapping, or the text
    ``soryo=akindo,maho_tsukai=ninja``); every problem at once in one
    :class:`~rulespec.UnknownVariant`, client values shown through
    :func:`~rulespec.errors.bounded` and oversize input refused before it is read."""
    if value == "none":
        return ()
    if isinstance(value, str):
        if len(value) > MAX_ABILITIES_TEXT:
            raise UnknownVariant(
                f"abilities: at most {MAX_ABILITIES_TEXT} characters, got {len(value)} "
                f"({bounded(value)})"
            )
        pairs: list[tuple[object, object]] = []
        for part in value.split(","):
            name, eq, what = part.strip().partition("=")
            pairs.append((name.strip(), what.strip() if eq else None))
        if len(pairs) > len(LOST):
            raise UnknownVariant(
                f"abilities: at most {len(LOST)} definitions, one per lost character, got "
                f"{len(pairs)} ({bounded(value)})"
            )
    elif isinstance(value, Mapping):
        if len(value) > len(LOST):
            raise UnknownVariant(
                f"abilities: at most {len(LOST)} definitions, one per lost character "
                f"({', '.join(c.label for c in LOST)}), got {len(value)}"
            )
        pairs = list(value.items())
    else:
        raise UnknownVariant(
            f'abilities: expected "none" or definitions such as {{"soryo": "akindo"}}, got '
            f"{bounded(value)}"
        )
    return _definitions(pairs)


def _definitions(pairs: list[tuple[object, object]]) -> tuple[tuple[Card, Card], ...]:
    """The checked definitions of ``(character, ability)`` pairs: at most a few, each
    problem a short line, so the message stays small."""
    lost = ", ".join(c.label for c in LOST)
    usable = ", ".join(["none", *(c.label for c in ABILITIES)])
    problems: list[str] = []
    out: dict[Card, Card] = {}
    for key, ability in pairs:
        character = next((c for c in LOST if c.label == key), None)
        shown = bounded(key) if character is None else character.label
        if character is None:
            problems.append(f"{shown} is no character with a lost ability ({lost})")
        elif character in out:
            problems.append(f"{shown} is defined twice")
        if ability == "none":
            continue
        if character is Card.SHOGUN:
            problems.append(
                "shogun: the Shōgun's ability works only in fights, so a player with him can "
                "only attack; it cannot be defined (oriente.abilities.fight_only, L131)"
            )
            continue
        used = next((c for c in ABILITIES if c.label == ability), None)
        if used is None:
            if ability == Card.SAMURAI.label:
                problems.append(
                    f"{shown}: the Samurai's ability changes a fight; the lost abilities may "
                    "use only the book's action abilities (L100 keeps its result, L131)"
                )
            else:
                problems.append(f"{shown}: {bounded(ability)} is no ability to use ({usable})")
        elif character is not None:
            out[character] = used
    if problems:
        raise UnknownVariant("abilities: " + "; ".join(problems))
    return tuple(sorted(out.items()))


def abilities_setting(abilities: tuple[tuple[Card, Card], ...]) -> object:
    """The ``abilities`` setting that gives ``abilities``: ``"none"`` or a mapping."""
    if not abilities:
        return "none"
    return {c.label: used.label for c, used in abilities}


def _first_stone(seat: object, variant: OrienteVariant) -> int:
    """The seat a ``first_stone`` setting names; anything else is an
    :class:`~rulespec.UnknownVariant` naming the setting and the range."""
    players = variant.players
    if type(seat) is not int or not 0 <= seat < players:
        raise UnknownVariant(
            f"first_stone: expected a seat from 0 to {players - 1} (players={players}), "
            f"got {bounded(seat)}",
            setting="first_stone",
            choices=list(range(players)),
        )
    return seat


FIRST_STONE = Setting(
    "first_stone",
    "the seat that holds the stone of destiny first (0 to players - 1)",
    default=0,
    read=_first_stone,
    write=int,
    choices=FIRST_STONES,
)
"""``rulespec.game("oriente", players=5, first_stone=3)``: the seat (0 to players - 1)
that the owner of the game chose to hold the stone of destiny first (oriente.de:90,
ruling oriente.setup.stone); seats are numbered clockwise whoever it is."""

ABILITIES_SETTING = Setting(
    "abilities",
    "none, or lost abilities defined as soryo=akindo,maho_tsukai=ninja "
    "(ruling oriente.abilities.lost)",
    default="none",
    read=lambda value, _variant: read_abilities(value),
    write=abilities_setting,
)
"""``abilities="none"`` (the lost abilities are not invented) or the user's definitions,
e.g. ``{"soryo": "akindo", "maho_tsukai": "ninja"}`` or, on the command line,
``soryo=akindo,maho_tsukai=ninja``: the Shōgun, the Sōryo or the Mahō-Tsukai acts with the
book's abilities of the Daimyō, the Akindo, the Nōfu or the Ninja (ruling
oriente.abilities.lost)."""


@attrs.frozen(repr=False)
class OrienteGame(
    BaseGame[State],
    parts=Parts.of(
        "rulespec.oriente",
        spec=SPEC,
        draw=picture.svg_picture,
        passes=(Pass,),
        score=scoring.outcome,
        extra=(FIRST_STONE, ABILITIES_SETTING),
    ),
):
    """Oriente for a given player count; makes states, reads positions and actions."""

    variant: OrienteVariant
    options: OrienteOptions = OrienteOptions()
    first_stone: int = 0
    """The seat that holds the stone of destiny first (setting ``first_stone``, ruling
    oriente.setup.stone)."""
    abilities: tuple[tuple[Card, Card], ...] = ()
    """The lost abilities a user defined (setting ``abilities``, ruling
    oriente.abilities.lost): each pair a lost character and the character whose book
    abilities it uses; empty for ``"none"``."""
    acting: Mapping[Card | None, Card | None] = attrs.field(init=False, eq=False, repr=False)
    """Whose abilities each resident uses: itself unless ``abilities`` says otherwise."""
    score: ClassVar[staticmethod[[Any], Outcome]]
    """``score(state)`` (``scoring.outcome``, bound by :class:`~rulespec.core.game.Parts`):
    the result of a finished game, so the state record never imports the scoring."""

    def __attrs_post_init__(self) -> None:
        acting: dict[Card | None, Card | None] = {c: c for c in CARDS}
        acting[None] = None
        acting.update(self.abilities)
        object.__setattr__(self, "acting", acting)


GAME = OrienteGame
"""``rulespec.game("oriente", players=…, first_stone=…, abilities=…, …)`` ends up in
``GAME.make``."""
