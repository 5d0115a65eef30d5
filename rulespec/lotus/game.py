"""White Lotus's composition root: the game's declarative record and its ``Game`` class
(an edition, a player count, a board), which binds the variant table, the phase table and
the views to the states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

import attrs

from rulespec.core.api import ChanceMode, Dynamics, GameSpec, Information, Utility
from rulespec.core.game import BaseGame
from rulespec.core.kernel import Views
from rulespec.errors import UnknownVariant, bounded
from rulespec.lotus import (
    actions,
    bounds,
    notation,
    observation,
    picture,
    position,
    render,
    resample,
    secrecy,
)
from rulespec.lotus import board as boards
from rulespec.lotus.board import Board
from rulespec.lotus.codec import CODEC
from rulespec.lotus.phases import TABLE
from rulespec.lotus.state import State
from rulespec.lotus.variant import (
    TYPED,
    AreasInPlay,
    LotusOptions,
    LotusVariant,
    SideReveal,
    SideRevealChoice,
)

SPEC = GameSpec(
    id="lotus",
    title="White Lotus",
    names=(("de", "Der weiße Lotus"), ("fr", "Le Lotus Blanc"), ("en", "White Lotus")),
    designers=("Martin Wallace",),
    year=2000,
    players=(3, 6),
    dynamics=Dynamics.SEQUENTIAL,
    chance=ChanceMode.EXPLICIT,
    information=Information.IMPERFECT,
    utility=Utility.WIN_SHARE,
    chance_note="the start chips' places and every neutral chip drawn in phase 6, from the "
    "unordered face-down supply",
    information_note="card points are kept face down; conflict bids, rebellion sides and "
    "combat commitments are secret until revealed together; the neutral chips are face down",
)


@attrs.frozen(repr=False)  # BaseGame's repr: the rulespec.game(...) call
class LotusGame(BaseGame[State]):
    """White Lotus for one edition and player count on one board."""

    variant: LotusVariant
    options: LotusOptions
    board: Board
    board_setting: object = attrs.field(init=False, eq=False, repr=False)
    """The ``board`` of :meth:`settings`: ``"schematic"`` or the board's data."""
    area_ids: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    area_index: Mapping[str, int] = attrs.field(init=False, eq=False, repr=False)
    in_play: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    in_play_set: frozenset[int] = attrs.field(init=False, eq=False, repr=False)
    start_areas: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    index_adjacency: tuple[frozenset[int], ...] = attrs.field(init=False, eq=False, repr=False)
    adjacency: Mapping[int, frozenset[int]] = attrs.field(init=False, eq=False, repr=False)
    side_reveal: SideReveal = attrs.field(init=False, eq=False, repr=False)
    """When the rebellion's sides are revealed in this game: the option ``side_reveal``,
    or the edition's reading (the variant row) when the option is ``book``."""

    spec = SPEC
    typed = TYPED
    table = TABLE
    views = Views.of(observation, position, render)
    codec = CODEC
    numbering = staticmethod(actions.numbering)
    bounds_of = staticmethod(bounds.bounds)
    seen_by = staticmethod(secrecy.seen_by)
    reveals = staticmethod(secrecy.reveals)
    resampler = staticmethod(resample.resample)
    notate = staticmethod(notation.format)
    denote = staticmethod(notation.parse)
    draw = staticmethod(picture.svg)
    passes = (actions.Pass,)

    def __attrs_post_init__(self) -> None:
        areas = self.board.areas
        index = {a.id: i for i, a in enumerate(areas)}
        everything = self.variant.areas_in_play is AreasInPlay.ALL
        in_play = tuple(i for i, a in enumerate(areas) if everything or not a.brown)
        adjacency = tuple(frozenset(index[n] for n in a.adjacent) for a in areas)
        shipped = self.board == boards.schematic()
        chosen = self.options.side_reveal
        reveal = (
            self.variant.side_reveal
            if chosen is SideRevealChoice.BOOK
            else SideReveal(chosen.value)
        )
        values = {
            "board_setting": "schematic" if shipped else self.board.to_json(),
            "area_ids": tuple(a.id for a in areas),
            "area_index": index,
            "in_play": in_play,
            "in_play_set": frozenset(in_play),
            "start_areas": tuple(i for i in in_play if areas[i].lotus),
            "index_adjacency": adjacency,
            "adjacency": dict(enumerate(adjacency)),
            "side_reveal": reveal,
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @classmethod
    def make(cls, board: object = "schematic", **settings: Any) -> Self:
        """``rulespec.game("lotus", edition="fr", players=6, board=…, …)`` ends up here.

        ``board`` is ``"schematic"`` (the shipped stand-in), a board's data (the JSON
        object of :doc:`/lotus-board`) or a :class:`~rulespec.lotus.board.Board`. It is
        never a file name: settings may come from a client (a record, a position), and a
        server must not open files a client names. A host program reads a file with
        :func:`rulespec.lotus.board.load_board` and passes the board.
        """
        variant, options = cls.typed.split(settings)
        return cls(variant, options, _board(board))

    def settings(self) -> Mapping[str, object]:
        """Arguments for ``rulespec.game("lotus", …)`` that rebuild this game: the board by
        its name if it is the shipped one, else as data, so a record replays anywhere."""
        out = dict(self.typed.settings(self.variant, self.options))
        axes = {k: out.pop(k) for k in ("edition", "players")}
        return {**axes, "board": self.board_setting, **out}


BOARDS = ("schematic",)
"""The boards a game may name in its settings."""


def _board(board: object) -> Board:
    """The board a ``board`` setting names or holds; anything else is an
    :class:`~rulespec.UnknownVariant`."""
    if isinstance(board, Board):
        return board
    if board == "schematic":
        return boards.schematic()
    if isinstance(board, Mapping):
        return boards.from_json(board)
    raise UnknownVariant(
        f"board: expected one of {', '.join(map(bounded, BOARDS))} or a board's data (an "
        f"object), got {bounded(board)}; rulespec reads no file named in settings: read it "
        "with rulespec.lotus.board.load_board(path) and pass the board"
    )


SETTING_TITLES = {"board": "the board data: schematic (the shipped stand-in) or a board object"}
"""What ``make``'s keywords beyond the variant table mean (``rulespec play --help``)."""

make = LotusGame.make
"""``rulespec.game("lotus", edition=…, players=…, board=…, …)`` ends up here."""
