"""What one White Lotus player may see (ruling lotus.info.hidden).

Hidden from a player: the other players' card points (cards are kept face down), the
other players' secret commitments until they are revealed, and the face-down neutral
chips (only how many are left). Everything else is on the table: the board with every
chip and marker, the emperor, the leader, victory-point chips, the open card piles, who
has already committed in a secret step, and the last reveal.
"""

from __future__ import annotations

from typing import Any

import attrs

from rulespec.core.api import JSON, Node
from rulespec.lotus.actions import Bid
from rulespec.lotus.components import Building, Chip, Side
from rulespec.lotus.position import dump_reveal
from rulespec.lotus.state import Phase, State
from rulespec.lotus.variant import SideReveal


@attrs.frozen
class LotusObservation:
    """One player's view of a state; equal views mean the player cannot tell them apart."""

    player: int
    phase: Phase
    to_act: int | Node
    year: int
    emperor: int
    leader: int | None
    chips: tuple[Chip | None, ...]
    claims: tuple[frozenset[int], ...]
    influence: int
    """This player's own influence points."""
    combat: int
    """This player's own combat points."""
    bank: tuple[int, int]
    vp: tuple[int, ...]
    unseen_chips: int
    """How many neutral chips are still face down."""
    area: int | None
    committed: tuple[int, ...]
    """Seats that have committed in the current secret step (what they chose is hidden)."""
    own_bid: Bid | None
    sides: tuple[tuple[int, Side], ...]
    """Rebellion sides this player may see: his own, or everyone's once revealed."""
    own_combat: int | None
    tied: frozenset[int]
    queue: tuple[int, ...]
    slots: tuple[tuple[int, bool], ...]
    drawn: Building | None
    """The chip just drawn: face up in the German rules; in the French only the drawer
    looks, but nobody acts before it is placed face up, so every view shows it."""
    final: bool
    last: tuple[tuple[str, Any], ...]

    def to_json(self) -> JSON:
        """The view as JSON, in the same vocabulary as a position."""
        return {
            "player": self.player,
            "phase": self.phase.value,
            "to_act": self.to_act if isinstance(self.to_act, int) else self.to_act.value,
            "year": self.year,
            "emperor": self.emperor,
            "leader": self.leader,
            "chips": [
                None if c is None else {"building": c.building.label, "owner": c.owner}
                for c in self.chips
            ],
            "claims": [sorted(c) for c in self.claims],
            "influence": self.influence,
            "combat": self.combat,
            "bank": {"influence": self.bank[0], "combat": self.bank[1]},
            "vp": list(self.vp),
            "unseen_chips": self.unseen_chips,
            "area": self.area,
            "committed": list(self.committed),
            "own_bid": None if self.own_bid is None else self.own_bid.to_json(),
            "sides": [[s, side.value] for s, side in self.sides],
            "own_combat": self.own_combat,
            "tied": sorted(self.tied),
            "queue": list(self.queue),
            "slots": [[s, extra] for s, extra in self.slots],
            "drawn": None if self.drawn is None else self.drawn.label,
            "final": self.final,
            "last": [[k, _plain(v)] for k, v in self.last],
        }


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def observe(state: State, player: int) -> LotusObservation:
    """The view of ``state`` for seat ``player``."""
    if not 0 <= player < state.players:
        raise ValueError(f"no seat {player}; seats are 0 to {state.players - 1}")
    c, r, e = state.conflict, state.rebellion, state.expansion
    all_sides = () if r is None else r.sides
    sides_public = state.phase is Phase.REWARD or (
        state.phase is Phase.COMBAT and state.game.variant.side_reveal is SideReveal.BEFORE_COMBAT
    )
    sides = all_sides if sides_public else tuple((s, x) for s, x in all_sides if s == player)
    bids = () if c is None else c.bids
    commits = () if r is None else r.commits
    if state.phase is Phase.BID:
        committed = tuple(s for s, _ in bids)
    elif state.phase is Phase.SIDE:
        committed = tuple(s for s, _ in all_sides)
    elif state.phase is Phase.COMBAT:
        committed = tuple(s for s, _ in commits)
    else:
        committed = ()
    return LotusObservation(
        player=player,
        phase=state.phase,
        to_act=state.current_player,
        year=state.year,
        emperor=state.emperor,
        leader=None if r is None else r.leader,
        chips=state.chips,
        claims=state.claims,
        influence=state.influence[player],
        combat=state.combat[player],
        bank=state.bank,
        vp=state.vp,
        unseen_chips=sum(state.unseen),
        area=None if c is None else c.area,
        committed=committed,
        own_bid=dict(bids).get(player),
        sides=sides,
        own_combat=dict(commits).get(player),
        tied=frozenset() if c is None else c.tied,
        queue=state.start_areas_left() if state.phase is Phase.SETUP else state.queue,
        slots=() if e is None else e.slots,
        drawn=None if e is None else e.drawn,
        final=state.final,
        last=tuple((k, _frozen(v)) for k, v in dump_reveal(state)),
    )


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value
