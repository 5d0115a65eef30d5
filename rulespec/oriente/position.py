"""Oriente positions as JSON: the documented format and its validation.

``state.to_json()`` writes every field; ``load`` reads the same, lets a hand-written
position leave out what has a default, and checks the conservation of the 41 deck cards and
the treasures in play, the deck's segments, the workers and every invariant the rules keep,
reporting every problem at once in a :class:`~rulespec.MalformedPosition`. A minimal
position (four players, mid-season, the deck "rest": every resident not placed elsewhere,
spread over the segments as the setup does)::

    {"game": "oriente", "settings": {"players": 4},
     "residents": ["daimyo", "samurai", "nofu", "ninja"],
     "piles": [{"treasure_2": 1}, {"treasure_3": 1}, {"treasure_4": 1}, {"treasure_2": 1}]}

Defaults: phase ``announce``, seat and stone 0, every disc held, residents face down, no
bonus card beside the deck, no workers moved, nothing in a fight.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulespec.core.convert import Reader
from rulespec.core.positions import check_header
from rulespec.errors import MalformedPosition
from rulespec.oriente.codec import CODEC
from rulespec.oriente.components import (
    BOTTOM,
    CARDS,
    DECK_CARDS,
    MIDDLE,
    TREASURES,
    WORKERS,
    Card,
    Pile,
    add,
    plus,
)
from rulespec.oriente.state import OUT, Deck, Phase, State

if TYPE_CHECKING:
    from rulespec.oriente.game import OrienteGame

SETUP = (Phase.TREASURES, Phase.RESIDENTS)
_FIGHT = (Phase.INVITE, Phase.SUPPORT)


def _with_defaults(data: Mapping[str, Any], players: int) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "phase": "announce",
        "seat": 0,
        "stone": 0,
        "count": 0,
        "act": None,
        "discs": [True] * players,
        "face_up": [False] * players,
        "bonus": {},
        "parked": {},
        "won_bonus": False,
        "acted": False,
        "hut": 0,
        "square": 0,
        "sides": [OUT] * players,
        "boosts": [None] * players,
        "invited": [0] * players,
        "haul": {},
        "winner": None,
        **data,
    }
    return raw


def load(game: OrienteGame, data: Mapping[str, Any]) -> State:
    """Read a position for ``game``; every problem at once."""
    if not isinstance(data, Mapping):
        raise MalformedPosition([f"a position must be a JSON object, got {type(data).__name__}"])
    reader = Reader(game)
    check_header(reader, data, game)
    raw = _with_defaults(data, game.players)
    rest = raw.get("deck", "rest") == "rest"
    if rest:
        raw["deck"] = {"pool": {}, "top": 0, "middle": 0, "bottom": 0}
    values = CODEC.fields(State, raw, reader, extra=("game", "settings"))
    if reader.problems or any(v is None and k in _NEEDED for k, v in values.items()):
        raise MalformedPosition(reader.problems or ["a position needs residents and piles"])
    if rest:
        values["deck"] = _rest(values)
    state = State(game=game, **values)
    problems = invariant_problems(state)
    if problems:
        raise MalformedPosition(problems)
    return state


_NEEDED = ("residents", "piles", "deck", "discs", "face_up")


def placed(values: Mapping[str, Any]) -> Pile:
    """Every card lying outside the deck: residents, piles, bonus cards, reinforcements, the
    revolution's pool."""
    total = plus(plus(values["bonus"], values["parked"]), values["haul"])
    for pile in values["piles"]:
        total = plus(total, pile)
    for card in (*values["residents"], *values["boosts"]):
        if card is not None:
            total = add(total, card)
    return total


def _rest(values: Mapping[str, Any]) -> Deck:
    """The deck as the unplaced residents, spread over the segments from the top down
    (the Geisha, if unplaced, in the middle)."""
    out = placed(values)
    pool = tuple([max(0, d - o) for d, o in zip(DECK_CARDS, out, strict=True)])
    size = sum(pool)
    bottom = min(BOTTOM, max(0, size - pool[Card.GEISHA] - pool[Card.SHOGUN] - pool[Card.NINJA]))
    rest = size - bottom
    middle = min(MIDDLE, rest) if pool[Card.GEISHA] else 0
    if pool[Card.GEISHA] and middle < MIDDLE:
        middle = min(rest, MIDDLE)
    top = size - bottom - middle
    return Deck(pool, top, middle, bottom)  # type: ignore[arg-type]


def invariant_problems(state: State) -> list[str]:
    """Every rule invariant ``state`` breaks (empty for any state reachable by play)."""
    out: list[str] = []
    values = {
        "bonus": state.bonus,
        "parked": state.parked,
        "haul": state.haul,
        "piles": state.piles,
        "residents": state.residents,
        "boosts": state.boosts,
    }
    deck = state.deck
    total = plus(placed(values), deck.pool)
    for u in deck.under:
        total = plus(total, u)
    in_play = sum(TREASURES) - state.game.variant.boxed  # one per player (oriente.setup.discs)
    dealt_treasures = state.seat if state.phase is Phase.TREASURES else in_play
    for card in CARDS:
        want = DECK_CARDS[card]
        if TREASURES[card]:
            if total[card] > TREASURES[card]:
                out.append(
                    f"cards: {total[card]} {card.label} in play; there are {TREASURES[card]}"
                )
            continue
        if card is Card.GEISHA and state.phase is Phase.OVER and total[card] == 0:
            continue  # drawn: it ended the game (oriente.end.geisha)
        if total[card] != want:
            out.append(
                f"cards: {total[card]} {card.label} in all, not {want} (oriente.components.cards)"
            )
    treasures = sum(total[c] for c in CARDS if TREASURES[c])
    if treasures != dealt_treasures:
        out.append(
            f"cards: {treasures} treasures in play; {dealt_treasures} are dealt "
            "(oriente.setup.discs)"
        )
    if any(deck.pool[c] for c in CARDS if TREASURES[c]):
        out.append("deck: treasures never enter the deck")
    if sum(deck.pool) != deck.top + deck.middle + deck.bottom:
        out.append(
            f"deck: the segments hold {deck.top} + {deck.middle} + {deck.bottom} cards but the "
            f"pool {sum(deck.pool)} (oriente.setup.deck)"
        )
    if deck.pool[Card.SHOGUN] + deck.pool[Card.NINJA] > deck.top:
        out.append("deck: the Shōgun and the Ninjas left must fit in the top segment")
    if deck.pool[Card.GEISHA] > deck.middle:
        out.append("deck: a Geisha left in the deck lies in the middle segment")
    if deck.middle < MIDDLE and deck.top:
        out.append("deck: the middle segment is drawn only after the top one")
    if deck.bottom < BOTTOM and (deck.top or deck.middle):
        out.append("deck: the bottom segment is drawn only after the others")
    for i, u in enumerate(deck.under):
        if not any(u):
            out.append(f"deck.under[{i}]: an empty pile")
    if state.hut and not state.game.variant.hut:
        out.append("hut: with 4-7 players there is no hut (oriente.nofu.incite)")
    if state.hut + state.square > WORKERS:
        out.append(f"workers: {state.hut} in the hut and {state.square} on the square; there are 6")
    phase = state.phase
    replacing = phase in (Phase.PICK, Phase.REDRAW)
    if phase not in SETUP and phase is not Phase.OVER:
        for seat, resident in enumerate(state.residents):
            if resident is None and not (replacing and seat == state.seat):
                out.append(f"residents[{seat}]: every seat has a resident")
    for seat, resident in enumerate(state.residents):
        if resident is Card.GEISHA and phase is not Phase.OVER:
            out.append(f"residents[{seat}]: the Geisha ends the game when drawn")
        if resident is None and state.face_up[seat]:
            out.append(f"face_up[{seat}]: no resident to show")
    if phase in (Phase.ANNOUNCE,) and not state.discs[state.seat]:
        out.append(f"seat: seat {state.seat} is asked to announce but has no disc")
    if phase in (
        Phase.PRIVILEGE,
        Phase.INVITE,
        Phase.SUPPORT,
        Phase.REINFORCE,
        Phase.PICK,
        Phase.TRADE,
    ) or (phase in (Phase.JOIN, Phase.LOOT, Phase.SHARE)):
        if state.act is None:
            out.append(f"act: phase {phase.value} needs the announcement in force")
        elif not state.face_up[state.stone] and state.residents[state.stone] is not None:
            out.append("face_up: the announcer's resident is face up")
    asked = {
        Phase.PRIVILEGE: "to claim a privilege (oriente.privilege.rank)",
        Phase.SUPPORT: "to support a side (oriente.fight.support)",
        Phase.JOIN: "to join the revolution (oriente.nofu.revolution_join)",
    }.get(phase)
    if asked is not None and not state.discs[state.seat]:
        out.append(f"seat: seat {state.seat} is asked {asked} but has no disc")
    if phase is Phase.PRIVILEGE and not state.discs[state.stone]:
        out.append(
            f"discs: announcer seat {state.stone} lays his disc down only when he fulfils "
            "(oriente.fulfil.disc)"
        )
    if phase is Phase.ANNOUNCE and state.act is not None:
        out.append("act: no announcement is in force while seats are asked to announce")
    if any(state.parked) and state.act is None and phase is not Phase.OVER:
        out.append("parked: bonus cards lie under the stone only during an action")
    if phase is Phase.LOOT and not 1 <= state.count <= state.cards(state.seat):
        out.append("count: a victim gives up at least one card, at most what he has")
    if any(state.invited) and phase not in (Phase.INVITE, Phase.SUPPORT):
        out.append("invited: invitations stand only while support is sought")
    target = None if state.act is None else state.act.target
    fighters = () if target is None else (state.stone, target)
    if phase in _FIGHT and any(state.invited[seat] for seat in fighters):
        out.append("invited: a fighter is never invited to support")
    if state.winner is not None and phase is not Phase.OVER:
        out.append("winner: only at the end")
    return out
