"""What a White Castle state keeps in its cards, dice, families and the board's places,
as a table of named checks (:data:`INVARIANTS`).

A hand-written position is checked against them when it is read
(``rulespec.castle.position.load``), once its lists have the lengths the tables give
(``rulespec.castle.position.shape_problems``), and a state's ``problems()`` runs them on
any state, before the checks of the cards, the agenda, chance and the turn
(``rulespec.castle.position.invariant_problems``). Each check is tied to the rule it
enforces, and each refusal names it; what the books do not state but a position as data
must keep (an index that names no card, no source, no slot) is ``castle.position.format``.
"""

from __future__ import annotations

from collections.abc import Iterator

from rulespec.castle.state import Family, State
from rulespec.core.invariants import Invariant

Problems = Iterator[str]

FORMAT = "castle.position.format"
"""The ruling for what a position as data must keep where the books state no rule."""


def _room_card_ids(state: State) -> Problems:
    cards = len(state.game.tables.cards)
    for i, c in enumerate(state.rooms):
        if c is not None and not 0 <= c < cards:
            yield f"rooms[{i}]: no castle card {c}"


def _room_levels(state: State) -> Problems:
    t = state.game.tables
    for i, c in enumerate(state.rooms):
        if c is not None and 0 <= c < len(t.cards) and t.level_of[c] != t.room_level[i]:
            yield (
                f"rooms[{i}]: card {t.cards[c].id} is not of level {t.room_level[i]} "
                "(castle.setup.room_cards)"
            )


def _decks(state: State) -> Iterator[tuple[str, tuple[int, ...], int]]:
    return iter((("deck1", state.deck1, 1), ("deck2", state.deck2, 2)))


def _decks_sorted(state: State) -> Problems:
    for name, deck, _ in _decks(state):
        if list(deck) != sorted(set(deck)):
            yield f"{name}: card indices sorted, each once"


def _deck_levels(state: State) -> Problems:
    t = state.game.tables
    for name, deck, level in _decks(state):
        for c in deck:
            if not 0 <= c < len(t.cards) or t.level_of[c] != level:
                yield f"{name}: {c} is no level {level} card"


def _deck_cards_once(state: State) -> Problems:
    t, placed = state.game.tables, {c for c in state.rooms if c is not None}
    for name, deck, level in _decks(state):
        for c in deck:
            if 0 <= c < len(t.cards) and t.level_of[c] == level and c in placed:
                yield f"{name}: card {c} also lies in a room"


def _bridges(state: State) -> Problems:
    per = state.game.variant.dice_per_colour
    if len(state.bridges) != 3 or any(len(b) not in (0, per) for b in state.bridges):
        yield f"bridges: three bridges of {per} slots"


def _die_values(state: State) -> Problems:
    for c, b in enumerate(state.bridges):
        if any(not 0 <= v <= 6 for v in b):
            yield f"bridges[{c}]: die values run from 1 to 6 (0: empty)"


def _valued(bridge: tuple[int, ...]) -> bool:
    return all(0 <= v <= 6 for v in bridge)


def _dice_sorted(state: State) -> Problems:
    for c, b in enumerate(state.bridges):
        dice = [v for v in b if v]
        if _valued(b) and dice != sorted(dice):
            yield f"bridges[{c}]: dice lie sorted from left to right (castle.setup.dice)"


def _ends_taken(state: State) -> Problems:
    for c, b in enumerate(state.bridges):
        dice = [v for v in b if v]
        if _valued(b) and dice == sorted(dice) and b and not b[0] and b[-1] and len(dice) > 1:
            yield f"bridges[{c}]: a middle die closes an emptied end (castle.turn.take)"


def _families(state: State) -> Problems:
    if len(state.families) != state.players:
        yield f"families: one per seat ({state.players})"


def _each_family(state: State) -> Iterator[tuple[int, str, Family]]:
    """Every family, the solo rival's too, with where a position writes it."""
    n = state.players
    for p in range(n + (1 if state.game.variant.solo else 0)):
        if p < n or state.rival is not None:
            yield p, f"families[{p}]" if p < n else "rival", state.family(p)


def _coins(state: State) -> Problems:
    for _, where, fam in _each_family(state):
        if fam.coins < 0:
            yield f"{where}.coins: never below 0"


def _seals(state: State) -> Problems:
    for p, where, fam in _each_family(state):
        if p < state.players and not 0 <= fam.seals <= 5 and state.phase.value != "exchange":
            yield f"{where}.seals: at most 5 outside a forced exchange (castle.seals.cap)"


def _resources(state: State) -> Problems:
    for _, where, fam in _each_family(state):
        if any(not 0 <= r <= 7 for r in fam.resources):
            yield f"{where}.resources: each 0-7 (castle.resources.cap)"


def _figures(state: State) -> Problems:
    for _, where, fam in _each_family(state):
        for k, name in enumerate(("courtiers", "gardeners", "warriors")):
            placed = (sum(fam.court), len(fam.gardens), sum(fam.grounds))[k]
            if fam.left[k] < 0 or fam.left[k] + placed != 5:
                yield f"{where}: {name} on the board and placed add up to 5"


def _grounds(state: State) -> Problems:
    for _, where, fam in _each_family(state):
        if len(fam.grounds) != len(state.game.data.board.grounds):
            yield f"{where}.grounds: one count per training ground"


def _gardens(state: State) -> Problems:
    for _, where, fam in _each_family(state):
        slots = fam.gardens
        if any(not 0 <= g < len(state.gardens) for g in slots) or len(set(slots)) != len(slots):
            yield f"{where}.gardens: distinct garden slots (castle.actions.garden)"


def _track(state: State) -> Problems:
    for _, where, fam in _each_family(state):
        if not 0 <= fam.track <= state.game.data.board.track.last:
            yield f"{where}.track: a space of the seasons track"


def _row_card(state: State) -> Problems:
    for _, where, fam in _each_family(state):
        if fam.card is not None and not 0 <= fam.card < len(state.game.tables.rows_of_card):
            yield f"{where}.card: no row card {fam.card}"


def _lantern(state: State) -> Problems:
    for _, where, fam in _each_family(state):
        if any(not 0 <= s < len(state.game.tables.lantern) for s in fam.lantern):
            yield f"{where}.lantern: no lantern source"


def _level3(state: State) -> Problems:
    if state.level3 is not None and state.level3 >= len(state.game.data.level3):
        yield "level3: no such card"


def _daimyo(state: State) -> Problems:
    seats = state.players + (1 if state.game.variant.solo else 0)
    for i, owner in enumerate(state.daimyo):
        if owner is not None and not 0 <= owner < seats:
            yield f"daimyo[{i}]: a seat or null"


def _beside(state: State) -> Problems:
    seats = state.players + (1 if state.game.variant.solo else 0)
    if len(state.beside) != seats:
        yield f"beside: one count per seat ({seats})"


INVARIANTS: tuple[Invariant[State], ...] = (
    Invariant(FORMAT, _room_card_ids),
    Invariant("castle.setup.room_cards", _room_levels),
    Invariant(FORMAT, _decks_sorted),
    Invariant("castle.setup.room_cards", _deck_levels),
    Invariant("castle.components.counts", _deck_cards_once),
    Invariant("castle.setup.dice", _bridges),
    Invariant(FORMAT, _die_values),
    Invariant("castle.setup.dice", _dice_sorted),
    Invariant("castle.turn.take", _ends_taken),
    Invariant("castle.setup.family", _families),
    Invariant("castle.coins.costs", _coins),
    Invariant("castle.seals.cap", _seals),
    Invariant("castle.resources.cap", _resources),
    Invariant("castle.components.counts", _figures),
    Invariant(FORMAT, _grounds),
    Invariant("castle.actions.garden", _gardens),
    Invariant(FORMAT, _track),
    Invariant(FORMAT, _row_card),
    Invariant(FORMAT, _lantern),
    Invariant(FORMAT, _level3),
    Invariant(FORMAT, _daimyo),
    Invariant(FORMAT, _beside),
)
"""The rules every White Castle state keeps in its cards, dice and families, in the order
they are checked."""
