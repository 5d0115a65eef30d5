"""White Lotus's composition root: the game's declarative record and its ``Game`` class
(an edition, a player count, a board), which binds the variant table, the phase table and
the views to the states."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from rulespec.core.api import ChanceMode, Dynamics, GameSpec, Information, Utility
from rulespec.core.game import BaseGame, Parts, Setting
from rulespec.errors import UnknownVariant, bounded
from rulespec.lotus import board as boards
from rulespec.lotus import picture
from rulespec.lotus.actions import Pass
from rulespec.lotus.board import Board
from rulespec.lotus.state import State
from rulespec.lotus.variant import (
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


BOARDS = ("schematic",)
"""The boards a game may name in its settings."""


def _board(board: object, variant: object = None) -> Board:
    """The board a ``board`` setting names or holds; anything else is an
    :class:`~rulespec.UnknownVariant`. It is never a file name: settings may come from a
    client (a record, a position), and a server must not open files a client names. A
    host program reads a file with :func:`rulespec.lotus.board.load_board` and passes the
    board."""
    if isinstance(board, Board):
        return board
    if board == "schematic":
        return boards.schematic()
    if isinstance(board, Mapping):
        return boards.from_json(board)
    raise UnknownVariant(
        f"board: expected one of {', '.join(map(bounded, BOARDS))} or a board's data (an "
        f"object), got {bounded(board)}; rulespec reads no file named in settings: read it "
        "with rulespec.lotus.board.load_board(path) and pass the board",
        setting="board",
        choices=BOARDS,
    )


def _board_setting(board: Board) -> object:
    """The shipped board by its name, any other as data, so a record replays anywhere."""
    return "schematic" if board == boards.schematic() else board.to_json()


BOARD = Setting(
    "board",
    "the board data: schematic (the shipped stand-in)",
    default="schematic",
    read=_board,
    write=_board_setting,
    choices=BOARDS,
    beyond_cli="or a board object",
)
"""``rulespec.game("lotus", edition="fr", players=6, board=…)``: ``"schematic"``, a
board's data (the JSON object of :doc:`/lotus-board`) or a
:class:`~rulespec.lotus.board.Board`."""


@attrs.frozen(repr=False)  # BaseGame's repr: the rulespec.game(...) call
class LotusGame(
    BaseGame[State],
    parts=Parts.of(
        "rulespec.lotus",
        spec=SPEC,
        passes=(Pass,),
        draw=picture.svg,
        extra=(BOARD,),
    ),
):
    """White Lotus for one edition and player count on one board."""

    variant: LotusVariant
    options: LotusOptions
    board: Board
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

    def __attrs_post_init__(self) -> None:
        areas = self.board.areas
        index = {a.id: i for i, a in enumerate(areas)}
        everything = self.variant.areas_in_play is AreasInPlay.ALL
        in_play = tuple(i for i, a in enumerate(areas) if everything or not a.brown)
        adjacency = tuple(frozenset(index[n] for n in a.adjacent) for a in areas)
        chosen = self.options.side_reveal
        reveal = (
            self.variant.side_reveal
            if chosen is SideRevealChoice.BOOK
            else SideReveal(chosen.value)
        )
        values = {
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


GAME = LotusGame
"""``rulespec.game("lotus", edition=…, players=…, board=…, …)`` ends up in ``GAME.make``."""
