"""The rules an Oriente state keeps about its cards, workers and the parts of a season
under way, as a table of named checks (:data:`INVARIANTS`).

A hand-written position is checked against them when it is read
(``rulespec.oriente.position.load``), and a state's ``problems()`` runs them on any
state; who may be asked or act in each phase is checked after them, once they all hold
(``rulespec.oriente.position.invariant_problems``). Each check is tied to the rule it
enforces, and each refusal names it; what the books do not state but a position as data
must keep (an announcement in force between actions) is ``oriente.position.format``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rulespec.core.invariants import Invariant
from rulespec.oriente.actions import Act
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
from rulespec.oriente.state import Phase, State

Problems = Iterator[str]

FORMAT = "oriente.position.format"
"""The ruling for what a position as data must keep where the books state no rule."""

SETUP = (Phase.TREASURES, Phase.RESIDENTS)
"""The phases of the set-up, before every seat has a resident."""

NEEDS_ACT: dict[Phase, frozenset[Act] | None] = {
    Phase.PRIVILEGE: None,
    Phase.INVITE: frozenset({Act.ATTACK}),
    Phase.SUPPORT: frozenset({Act.ATTACK}),
    Phase.REINFORCE: frozenset({Act.ATTACK}),
    Phase.PICK: frozenset({Act.ATTACK}),
    Phase.REDRAW: frozenset({Act.ATTACK, Act.ASSASSINATE}),
    Phase.INCOME: frozenset({Act.INCOME}),
    Phase.TRADE: frozenset({Act.TRADE}),
    Phase.JOIN: frozenset({Act.REVOLUTION}),
    Phase.LOOT: frozenset({Act.REVOLUTION}),
    Phase.SHARE: frozenset({Act.REVOLUTION}),
}
"""The phases that run inside an announced action, with the acts that lead there (None:
any act)."""


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


def _total(state: State) -> Pile:
    values = {
        "bonus": state.bonus,
        "parked": state.parked,
        "haul": state.haul,
        "piles": state.piles,
        "residents": state.residents,
        "boosts": state.boosts,
    }
    total = plus(placed(values), state.deck.pool)
    for u in state.deck.under:
        total = plus(total, u)
    return total


# --- the cards ----------------------------------------------------------------------------


def _treasure_supply(state: State) -> Problems:
    total = _total(state)
    for card in CARDS:
        if TREASURES[card] and total[card] > TREASURES[card]:
            yield f"cards: {total[card]} {card.label} in play; there are {TREASURES[card]}"


def _cards(state: State) -> Problems:
    total = _total(state)
    for card in CARDS:
        if TREASURES[card]:
            continue
        if card is Card.GEISHA and state.phase is Phase.OVER and total[card] == 0:
            continue  # drawn: it ended the game (oriente.end.geisha)
        if total[card] != DECK_CARDS[card]:
            yield (
                f"cards: {total[card]} {card.label} in all, not {DECK_CARDS[card]} "
                "(oriente.components.cards)"
            )


def _treasures_dealt(state: State) -> Problems:
    in_play = sum(TREASURES) - state.game.variant.boxed  # one per player (oriente.setup.discs)
    dealt = state.seat if state.phase is Phase.TREASURES else in_play
    total = _total(state)
    treasures = sum(total[c] for c in CARDS if TREASURES[c])
    if treasures != dealt:
        yield f"cards: {treasures} treasures in play; {dealt} are dealt (oriente.setup.discs)"


def _no_treasure_in_deck(state: State) -> Problems:
    if any(state.deck.pool[c] for c in CARDS if TREASURES[c]):
        yield "deck: treasures never enter the deck"


def _segments(state: State) -> Problems:
    deck = state.deck
    if sum(deck.pool) != deck.top + deck.middle + deck.bottom:
        yield (
            f"deck: the segments hold {deck.top} + {deck.middle} + {deck.bottom} cards but the "
            f"pool {sum(deck.pool)} (oriente.setup.deck)"
        )
    if deck.pool[Card.SHOGUN] + deck.pool[Card.NINJA] > deck.top:
        yield "deck: the Shōgun and the Ninjas left must fit in the top segment"
    if deck.pool[Card.GEISHA] > deck.middle:
        yield "deck: a Geisha left in the deck lies in the middle segment"
    if deck.middle < MIDDLE and deck.top:
        yield "deck: the middle segment is drawn only after the top one"
    if deck.bottom < BOTTOM and (deck.top or deck.middle):
        yield "deck: the bottom segment is drawn only after the others"


def _piles_under(state: State) -> Problems:
    for i, u in enumerate(state.deck.under):
        if not any(u):
            yield f"deck.under[{i}]: an empty pile"


def _treasure_drawn(state: State) -> Problems:
    """Treasures are dealt to the players and never enter the deck, so they are never a
    resident, a reinforcement, a bonus card or in a pile under the deck."""
    for name, cards in (("residents", state.residents), ("boosts", state.boosts)):
        for seat, card in enumerate(cards):
            if card is not None and TREASURES[card]:
                yield f"{name}[{seat}]: a treasure is never drawn from the deck"


def _treasure_piles(state: State) -> Problems:
    piles = [("bonus", state.bonus), ("parked", state.parked)]
    piles += [(f"deck.under[{i}]", u) for i, u in enumerate(state.deck.under)]
    for name, pile in piles:
        if any(pile[c] for c in CARDS if TREASURES[c]):
            yield f"{name}: treasures never enter the deck (oriente.setup.discs)"


# --- workers, residents and discs ---------------------------------------------------------


def _hut(state: State) -> Problems:
    if state.hut and not state.game.variant.hut:
        yield "hut: with 4-7 players there is no hut (oriente.nofu.incite)"


def _workers(state: State) -> Problems:
    if state.hut + state.square > WORKERS:
        yield f"workers: {state.hut} in the hut and {state.square} on the square; there are 6"


def _residents(state: State) -> Problems:
    replacing = state.phase in (Phase.PICK, Phase.REDRAW)
    if state.phase not in SETUP and state.phase is not Phase.OVER:
        for seat, resident in enumerate(state.residents):
            if resident is None and not (replacing and seat == state.seat):
                yield f"residents[{seat}]: every seat has a resident"


def _geisha(state: State) -> Problems:
    for seat, resident in enumerate(state.residents):
        if resident is Card.GEISHA and state.phase is not Phase.OVER:
            yield f"residents[{seat}]: the Geisha ends the game when drawn"


def _face_up_resident(state: State) -> Problems:
    for seat, resident in enumerate(state.residents):
        if resident is None and state.face_up[seat]:
            yield f"face_up[{seat}]: no resident to show"


def _announcer_has_disc(state: State) -> Problems:
    if state.phase is Phase.ANNOUNCE and not state.discs[state.seat]:
        yield f"seat: seat {state.seat} is asked to announce but has no disc"


def _act_in_force(state: State) -> Problems:
    if state.phase in NEEDS_ACT and state.act is None:
        yield f"act: phase {state.phase.value} needs the announcement in force"


def _announcer_face_up(state: State) -> Problems:
    stone, acting = state.stone, state.phase in NEEDS_ACT and state.act is not None
    if acting and not state.face_up[stone] and state.residents[stone] is not None:
        yield "face_up: the announcer's resident is face up"


def _asked_to_claim(state: State) -> Problems:
    if state.phase is Phase.PRIVILEGE and not state.discs[state.seat]:
        yield (
            f"seat: seat {state.seat} is asked to claim a privilege (oriente.privilege.rank) "
            "but has no disc"
        )


def _asked_to_support(state: State) -> Problems:
    if state.phase is Phase.SUPPORT and not state.discs[state.seat]:
        yield (
            f"seat: seat {state.seat} is asked to support a side (oriente.fight.support) but "
            "has no disc"
        )


def _asked_to_join(state: State) -> Problems:
    if state.phase is Phase.JOIN and not state.discs[state.seat]:
        yield (
            f"seat: seat {state.seat} is asked to join the revolution "
            "(oriente.nofu.revolution_join) but has no disc"
        )


def _announcer_disc(state: State) -> Problems:
    if state.phase is Phase.PRIVILEGE and not state.discs[state.stone]:
        yield (
            f"discs: announcer seat {state.stone} lays his disc down only when he fulfils "
            "(oriente.fulfil.disc)"
        )


def _act_only_in_action(state: State) -> Problems:
    if state.phase not in NEEDS_ACT and state.act is not None:
        yield f"act: no announcement is in force in phase {state.phase.value}"


def _parked(state: State) -> Problems:
    if any(state.parked) and state.act is None and state.phase is not Phase.OVER:
        yield "parked: bonus cards lie under the stone only during an action"


def _loot(state: State) -> Problems:
    if state.phase is Phase.LOOT and not 1 <= state.loot_left <= state.cards(state.seat):
        yield "count: a victim gives up at least one card, at most what he has"


def _invitations(state: State) -> Problems:
    if any(state.invited) and state.phase not in (Phase.INVITE, Phase.SUPPORT):
        yield "invited: invitations stand only while support is sought"


def _winner(state: State) -> Problems:
    if state.winner is not None and state.phase is not Phase.OVER:
        yield "winner: only at the end"


INVARIANTS: tuple[Invariant[State], ...] = (
    Invariant("oriente.components.treasures", _treasure_supply),
    Invariant("oriente.components.cards", _cards),
    Invariant("oriente.setup.discs", _treasures_dealt),
    Invariant("oriente.setup.deck", _no_treasure_in_deck),
    Invariant("oriente.setup.deck", _segments),
    Invariant("oriente.fight.under_order", _piles_under),
    Invariant("oriente.nofu.incite", _hut),
    Invariant("oriente.components.workers", _workers),
    Invariant("oriente.setup.resident", _residents),
    Invariant("oriente.end.geisha", _geisha),
    Invariant(FORMAT, _face_up_resident),
    Invariant("oriente.season.asking", _announcer_has_disc),
    Invariant(FORMAT, _act_in_force),
    Invariant("oriente.season.announce", _announcer_face_up),
    Invariant("oriente.privilege.rank", _asked_to_claim),
    Invariant("oriente.fight.support", _asked_to_support),
    Invariant("oriente.nofu.revolution_join", _asked_to_join),
    Invariant("oriente.fulfil.disc", _announcer_disc),
    Invariant(FORMAT, _act_only_in_action),
    Invariant("oriente.fulfil.bonus", _parked),
    Invariant("oriente.nofu.revolution_loot", _loot),
    Invariant(FORMAT, _invitations),
    Invariant(FORMAT, _winner),
    Invariant("oriente.setup.deck", _treasure_drawn),
    Invariant("oriente.setup.discs", _treasure_piles),
)
"""The rules every Oriente state keeps about its cards and the parts of a season under
way, in the order they are checked."""
