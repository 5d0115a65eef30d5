"""The White Lotus :class:`~rulespec.core.api.Game`: an edition, a player count, a board."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.core.api import Action, GameSpec
from rulespec.core.play import advance
from rulespec.core.record import Record
from rulespec.errors import UnknownVariant
from rulespec.lotus import actions, position
from rulespec.lotus import board as boards
from rulespec.lotus import variant as variants
from rulespec.lotus.board import Board
from rulespec.lotus.state import State
from rulespec.lotus.variant import AreasInPlay, LotusOptions, LotusVariant


@attrs.frozen
class LotusGame:
    """White Lotus for one edition and player count on one board."""

    variant: LotusVariant
    options: LotusOptions
    board: Board
    board_source: str = "schematic"
    """``"schematic"`` for the shipped stand-in, else the path the board was read from."""
    area_index: Mapping[str, int] = attrs.field(init=False, eq=False, repr=False)
    in_play: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    in_play_set: frozenset[int] = attrs.field(init=False, eq=False, repr=False)
    start_areas: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    index_adjacency: tuple[frozenset[int], ...] = attrs.field(init=False, eq=False, repr=False)
    adjacency: Mapping[int, frozenset[int]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        areas = self.board.areas
        index = {a.id: i for i, a in enumerate(areas)}
        everything = self.variant.areas_in_play is AreasInPlay.ALL
        in_play = tuple(i for i, a in enumerate(areas) if everything or not a.brown)
        adjacency = tuple(frozenset(index[n] for n in a.adjacent) for a in areas)
        values = {
            "area_index": index,
            "in_play": in_play,
            "in_play_set": frozenset(in_play),
            "start_areas": tuple(i for i in in_play if areas[i].lotus),
            "index_adjacency": adjacency,
            "adjacency": dict(enumerate(adjacency)),
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @property
    def spec(self) -> GameSpec:
        """The declarative record of White Lotus."""
        from rulespec.lotus import SPEC

        return SPEC

    @property
    def players(self) -> int:
        """Number of seats (3–6)."""
        return self.variant.players

    def settings(self) -> Mapping[str, object]:
        """Arguments for ``rulespec.game("lotus", …)`` that rebuild this game."""
        o = self.options
        return {
            "edition": self.variant.edition.value,
            "players": self.players,
            "board": self.board_source,
            "card_supply": o.card_supply.value,
            "vp_chips": o.vp_chips.value,
            "chip_supply": o.chip_supply.value,
            "reward_choice": o.reward_choice.value,
            "negotiation": o.negotiation.value,
        }

    def initial_state(self) -> State:
        """Before setup chance: the start chips are still to be dealt."""
        return State.initial(self)

    def new_game(self, seed: int | None = None, *, rng: random.Random | None = None) -> State:
        """The first decision (the emperor's first claim), start chips sampled."""
        if rng is None:
            rng = random.Random(seed)
        return advance(self.initial_state(), rng)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Load a position (:mod:`rulespec.lotus.position`), all problems at once."""
        return position.load(self, data)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Read one action from JSON."""
        return actions.action_from_json(data)

    def record(self, played: tuple[Action, ...], seed: int | None = None) -> Record:
        """A replayable record of ``played`` (decisions only when ``seed`` is given)."""
        return Record.of(self, played, seed)


def make(
    edition: str | None = None,
    players: int | None = None,
    board: str | Board = "schematic",
    **options: object,
) -> LotusGame:
    """``rulespec.game("lotus", edition="fr", players=6, board=…, …)`` ends up here.

    ``board`` is ``"schematic"`` (the shipped stand-in), a path to a board file, or a
    :class:`~rulespec.lotus.board.Board`.
    """
    if edition is None or players is None:
        raise UnknownVariant("lotus needs edition='de' or 'fr' and players=3, 4, 5 or 6")
    if isinstance(board, Board):
        loaded, source = board, board.name
    elif board == "schematic":
        loaded, source = boards.schematic(), "schematic"
    else:
        loaded, source = boards.load(board), str(board)
    return LotusGame(
        variants.variant(str(edition), players), variants.options(**options), loaded, source
    )
