"""White Castle positions as JSON: ``state.to_json()`` writes every field, ``load`` reads
them back, or reads the short form a person writes (:mod:`rulespec.castle.short`; written
back by :func:`short`), checking types and ranges field by field and the rules' invariants, and
reports every problem at once in a :class:`~rulespec.MalformedPosition`.

What loads plays on: the engine, the views and the tensor index by the state's lists and
component numbers, so their lengths and ranges are checked first (:func:`shape_problems`),
then what setup and play keep true (cards and tiles where setup puts them, agenda tasks
the game's actions end with, one turn per die taken, a chance node with an outcome), and
finally, through :meth:`State.problems`, that the next step can be worked out.

Found after issue 19: a board field holds at most the dice stacking allows (two with three
or four players, one with one or two, castle.turn.stacking) and no more dice lie on fields
than left the bridges; and the loader alone (:func:`count_problems`) refuses coins, points
or a stamp the rest of a game could push past their range of 10,000, by the per-game bound
:func:`rulespec.castle.bounds.count_bounds` derives from the rules and the data.

Found after issue 22: each card lies in one place at most in the engine form too
(:func:`card_problems`, one of the invariants): the rulebook-example fixtures had given
every family the same starting pair."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from rulespec.castle import rival as rivals
from rulespec.castle import short as shortform
from rulespec.castle.actions import MAX_TASKS
from rulespec.castle.bounds import (
    add,
    agenda_depth,
    count_bounds,
    lantern_most,
    rival_tasks_most,
    times,
)
from rulespec.castle.codec import CODEC
from rulespec.castle.components import COLOURS, Symbol
from rulespec.castle.invariants import INVARIANTS
from rulespec.castle.state import Phase, Solo, Stage, State
from rulespec.castle.tables import BOARD_FIELDS, GARDENS, TILE_SLOTS
from rulespec.core.convert import Reader
from rulespec.core.invariants import check
from rulespec.core.positions import check_header
from rulespec.errors import MalformedPosition, bounded

if TYPE_CHECKING:
    from rulespec.castle.game import CastleGame

FIGURES = 5
"""Figures of each kind per family (castle.setup.family)."""


def load(game: CastleGame, data: Mapping[str, Any]) -> State:
    """Read a position for ``game``; every problem at once."""
    if not isinstance(data, Mapping):
        raise MalformedPosition([f"a position must be a JSON object, got {type(data).__name__}"])
    reader = Reader(game)
    check_header(reader, data, game)
    if shortform.is_short(data):
        if reader.problems:
            raise MalformedPosition(reader.problems)
        return _checked(shortform.load(game, data, reader))
    values = CODEC.fields(State, old_empty_places(data), reader, extra=("game", "settings"))
    if reader.problems:
        raise MalformedPosition(reader.problems)
    return _checked(State(game=game, **values))


COUNT_TOP = 10_000
"""The top of the range of coins, points and the stamp (``state.Count``)."""


def count_problems(state: State) -> list[str]:
    """Coins, points and the marker stamp low enough that the rest of a game cannot push
    them past :data:`COUNT_TOP` (:func:`rulespec.castle.bounds.count_bounds`; found after
    issue 19). Checked on loading only: play from an accepted position may pass these
    caps, never the range."""
    b = count_bounds(state.game)
    why = (
        "castle.turn.place, castle.fields.*, castle.lantern.bonus, castle.actions.*, "
        "castle.round.gardeners, castle.seals.exchange"
    )
    out = []
    tasks = [task for frame in state.agenda for task in frame]
    sources = range(len(state.game.tables.lantern))
    moves = b.stamp
    for p in range(_seats(state)):
        fam = state.family(p)
        rival = p >= state.players
        where = "rival" if rival else f"families[{p}]"
        # beyond the bound: the tasks already on the agenda, for the seat acting, and a
        # lantern area holding more than play puts there, each time its bonus is taken
        if rival:
            extra = add(*(b.closure.rival(x) for x in (state.solo.tasks if state.solo else ())))
        else:
            pending = b.pending(tasks) if p == state.actor else b.pending(())
            area = b.lanterns(i for i in fam.lantern if i in sources)
            extra = add(pending, times(b.game[4] + pending[4], area))
        moves += extra[3]
        coins = b.coins + extra[0] + extra[2]
        if fam.coins > COUNT_TOP - coins:
            out.append(
                f"{where}.coins: {fam.coins} above {COUNT_TOP - coins}: the rest of a game "
                f"can add up to {coins} coins ({why}) and coins stay within {COUNT_TOP}"
            )
        points = fam.points + (fam.coins if rival else 0)
        gain = b.points + extra[1] + (extra[0] if rival else 0)
        if points > COUNT_TOP - gain:
            what = "points and coins" if rival else "points"
            also = ", the rival's coins become points, castle.solo.round_end" if rival else ""
            out.append(
                f"{where}.points: {what} {points} above {COUNT_TOP - gain}: the rest of a "
                f"game can add up to {gain} points ({why}{also}) and points stay within "
                f"{COUNT_TOP}"
            )
    if state.stamp > COUNT_TOP - moves:
        out.append(
            f"stamp: {state.stamp} above {COUNT_TOP - moves}: the rest of a game can move "
            f"markers up to {moves} times, each adding one (castle.track.influence) and "
            f"the stamp stays within {COUNT_TOP}"
        )
    return out


def _checked(state: State) -> State:
    """``state`` if it keeps every invariant: all or nothing, the rules' invariants and
    that play can go on (a decision with a legal action, a chance node with an outcome),
    so problems() of a loaded state is ()."""
    problems = [*(() if shape_problems(state) else count_problems(state)), *state.problems()]
    if problems:
        raise MalformedPosition(list(problems))
    return state


def short(state: State) -> dict[str, Any]:
    """``state`` as a short position (:func:`rulespec.castle.short.short`)."""
    return shortform.short(state)


def _old(value: Any) -> Any:
    return None if type(value) is int and value == -1 else value


def _old_list(value: Any) -> Any:
    if not isinstance(value, list):
        return value
    return [None if type(v) is int and v == -1 else v for v in value]  # no call per entry


def old_empty_places(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data`` with the -1 that positions written before issue 21 put in an empty place
    read as null, the empty place now: the rooms, level 3 card, Daimyo spaces, die tile,
    garden and training slots, starting pairs, the room to refill, a family's row card and
    the solo deck's top card. Anywhere else a -1 stays, and is refused as out of range."""
    out = dict(data)
    for key in ("rooms", "daimyo", "tiles", "gardens", "training"):
        out[key] = _old_list(out.get(key))
    for key in ("level3", "refill"):
        if key in out:
            out[key] = _old(out[key])
    if isinstance(out.get("display"), list):
        out["display"] = [_old_list(pair) for pair in out["display"]]
    if isinstance(out.get("families"), list):
        out["families"] = [_old_card(f) for f in out["families"]]
    out["rival"] = _old_card(out.get("rival"))
    solo = out.get("solo")
    if isinstance(solo, Mapping) and "top" in solo:
        out["solo"] = {**solo, "top": _old(solo["top"])}
    return {k: v for k, v in out.items() if k in data}


def _old_card(family: Any) -> Any:
    if isinstance(family, Mapping) and "card" in family:
        return {**family, "card": _old(family["card"])}
    return family


def invariant_problems(state: State) -> list[str]:
    """Every invariant of the rules ``state`` breaks (empty for any state play reaches)."""
    shape = shape_problems(state)
    if shape:
        return shape  # the checks below index by these lists
    return [
        *check(state, INVARIANTS),
        *dice_taken_problems(state),
        *stray_none_problems(state),
        *asked_seat_problems(state),
        *refill_wait_problems(state),
        *card_problems(state),
        *pair_problems(state),
        *component_problems(state),
        *agenda_problems(state),
        *chance_problems(state),
        *turn_problems(state),
    ]


def card_problems(state: State) -> list[str]:
    """Each card lies in one place at most (castle.components.counts): a starting card in
    the display, beside one family's rows or in one lantern area (a bonus card comes with
    the one resource card showing it, as the data loader checks); a castle card a family
    holds in no room and no deck (castle.actions.card_swap); and no ♦ castle card with one
    or two players (castle.setup.two_player_cards). Die tiles, gardens, training tiles and
    the solo cards have one list each, checked by :func:`shape_problems`. Both forms are
    checked here, on every state play reaches (a few microseconds)."""
    out: list[str] = []
    game = state.game
    t, actions = game.tables, len(game.data.actions)
    rows, sources = len(t.rows_of_card), len(t.lantern)
    owner: dict[int, str] = {}  # lantern source: where its card lies
    for k, (r, a) in enumerate(state.display):
        if r is not None:
            owner[t.resource_source + r] = f"display[{k}]"
        if a is not None:
            owner[t.action_source + a] = f"display[{k}]"
    held: list[tuple[str, int]] = []  # (path, lantern source)
    for p in range(_seats(state)):
        if p >= state.players and state.rival is None:
            continue
        fam = state.family(p)
        where = f"families[{p}]" if p < state.players else "rival"
        card = fam.card
        if card is not None and 0 <= card < rows:
            source = t.action_source + card if card < actions else t.castle_source + card - actions
            held.append((f"{where}.card", source))
        held.extend(
            (f"{where}.lantern[{i}]", x) for i, x in enumerate(fam.lantern) if 0 <= x < sources
        )
    for path, source in held:
        if source in owner:
            out.append(
                f"{path}: the card also lies at {owner[source]}; each card is in one place "
                "(castle.components.counts)"
            )
        else:
            owner[source] = path
        if source >= t.castle_source:
            c = source - t.castle_source
            place = _castle_card_place(state, c)
            if place is not None:
                out.append(
                    f"{path}: castle card {t.cards[c].id} also lies in {place}; a family takes "
                    "a room's card, which a deck replaces (castle.actions.card_swap)"
                )
    if not game.variant.diamond_cards and t.three_four:
        found = [
            *(f"rooms[{i}]" for i, c in enumerate(state.rooms) if c in t.three_four),
            *(
                f"deck{n}"
                for n, d in ((1, state.deck1), (2, state.deck2))
                if not t.three_four.isdisjoint(d)
            ),
            *(path for path, x in held if x - t.castle_source in t.three_four),
        ]
        out.extend(
            f"{path}: a ♦ castle card, used with three or four families only "
            "(castle.setup.two_player_cards)"
            for path in found
        )
    return out


def pair_problems(state: State) -> list[str]:
    """Once setup has dealt, each starting pair is whole in the display or taken whole,
    and a bonus card lies in the lantern area of the family whose resource card shows it,
    beside that card (found after issue 28: half a pair loaded, and picking it failed; a
    bonus card without its resource card was handed out again with it;
    castle.setup.pairs)."""
    if state.stage is Stage.SETUP:
        return []  # the pairs are still being dealt
    out = [
        f"display[{k}]: half a starting pair; a pair lies whole or is taken whole "
        "(castle.setup.pairs)"
        for k, (r, a) in enumerate(state.display)
        if (r is None) != (a is None)
    ]
    t, data = state.game.tables, state.game.data
    bonus_of = {t.bonus_source + i: b.id for i, b in enumerate(data.bonuses)}
    shows = {
        t.resource_source + i: r.bonus
        for i, r in enumerate(data.resources)
        if r.bonus in set(bonus_of.values())
    }
    seats = (*state.families, *(() if state.rival is None else (state.rival,)))
    for p, fam in enumerate(seats):
        where = f"families[{p}]" if p < len(state.families) else "rival"
        held = set(fam.lantern)
        given = {shows[x] for x in held if x in shows}
        bonuses = {bonus_of[x] for x in held if x in bonus_of}
        if given != bonuses:
            out.append(
                f"{where}.lantern: bonus cards {sorted(bonuses)}, but its resource cards show "
                f"{sorted(given)}; a bonus card comes with the resource card showing it "
                "(castle.setup.pairs)"
            )
    return out


def _castle_card_place(state: State, card: int) -> str | None:
    """The room or deck castle card ``card`` lies in, if any."""
    if card in state.rooms:
        return f"rooms[{state.rooms.index(card)}]"
    if card in state.deck1:
        return "deck1"
    if card in state.deck2:
        return "deck2"
    return None


def _seats(state: State) -> int:
    """Seats including the solo rival (seat ``players``)."""
    return state.players + (1 if state.game.variant.solo else 0)


def _indices(
    out: list[str], where: str, values: Sequence[int | None], size: int, empty: bool
) -> None:
    """Each of ``values`` indexes a list of ``size`` (or is None if ``empty``), none twice."""
    bad = [v for v in values if (v is None and not empty) or (v is not None and not 0 <= v < size)]
    if bad:
        out.append(f"{where}: {bounded(bad)} out of range 0 to {size - 1}")
    placed = [v for v in values if v is not None]
    if len(set(placed)) != len(placed):
        out.append(f"{where}: a component lies in two places (castle.components.counts)")


def shape_problems(state: State) -> list[str]:
    """Every list of the wrong length and every index that names no component: what the
    engine, the views and the tensor index by (checked before any rule)."""
    out: list[str] = []
    game = state.game
    t, data, variant = game.tables, game.data, game.variant
    seats = _seats(state)
    expect = {
        "rooms": (state.rooms, len(t.room_level)),
        "tiles": (state.tiles, TILE_SLOTS),
        "gardens": (state.gardens, GARDENS),
        "training": (state.training, len(t.ground_of_slot)),
        "fields": (state.fields, BOARD_FIELDS),
        "stacked": (state.stacked, BOARD_FIELDS),
        "beside": (state.beside, seats),
    }
    for name, (values, length) in expect.items():
        if len(values) != length:
            out.append(f"{name}: {len(values)} entries, expected {length}")
    if (state.rival is None) == variant.solo:
        out.append("rival: present exactly in solo play")
    if (state.solo is None) == variant.solo:
        out.append("solo: present exactly in solo play")
    if len(state.families) != state.players:
        out.append(f"families: one per seat ({state.players})")
    out.extend(size_problems(state))
    if out:
        return out
    if not state.actor < seats:
        out.append(f"actor: seat {state.actor}, but there are {seats} seats")
    if len(state.order) > seats or sorted(state.order) != sorted(set(state.order)):
        out.append(f"order: each seat of 0 to {seats - 1} at most once")
    elif any(not 0 <= p < seats for p in state.order):
        out.append(f"order: seats run from 0 to {seats - 1}")
    elif state.phase is not Phase.SETUP and len(state.order) != seats:
        out.append(f"order: every seat once after setup ({seats})")
    # seats to pick a pair (not the rival, who gets none), or to activate gardeners
    pickers = state.players if state.stage is Stage.PICKS and not variant.solo else 0
    waiting = seats if state.stage is Stage.GARDENERS else pickers
    if len(set(state.picking)) != len(state.picking) or any(
        not 0 <= p < waiting for p in state.picking
    ):
        out.append(
            f"picking: distinct seats of the {waiting} still to pick a starting pair or to "
            "activate gardeners (castle.setup.pairs, castle.round.gardeners)"
        )
    _indices(out, "tiles", state.tiles, len(data.die_tiles), True)
    _indices(out, "diamond", state.diamond, len(data.die_tiles), False)
    if len(state.diamond) > len(COLOURS):
        out.append(f"diamond: at most {len(COLOURS)} die tiles")
    _indices(out, "rooms", state.rooms, len(t.cards), True)
    _indices(out, "gardens", state.gardens, len(data.gardens), True)
    _indices(out, "training", state.training, len(data.training), True)
    pairs = variant.pairs if not variant.solo else 0
    if len(state.display) > pairs:
        out.append(f"display: at most {pairs} starting pairs")
    _indices(out, "display", [r for r, _ in state.display], len(data.resources), True)
    _indices(out, "display", [a for _, a in state.display], len(data.actions), True)
    if any(not 0 <= v <= 6 for v in state.fields):
        out.append("fields: die values 0 (none) to 6")
    stack = variant.stack
    if any(not 0 <= k <= stack for k in state.stacked):
        out.append(
            f"stacked: 0 to {stack} dice per board field with {state.players} player(s) "
            "(castle.turn.stacking; the solo rival's die goes to the well instead, "
            "castle.solo.place)"
        )
    taken = len(COLOURS) * variant.dice_per_colour - state.dice_left()
    off = sum(state.stacked) + sum(1 for f in state.families for d in f.dice if d)
    off += 1 if state.held[1] else 0
    if state.phase is not Phase.ROLL and off > taken:
        out.append(
            f"stacked: {off} dice on board fields, family rows or in hand, but {taken} "
            "taken from the bridges this round (castle.turn.place)"
        )
    out.extend(cleared_dice_problems(state))
    if any((v == 0) != (k == 0) for v, k in zip(state.fields, state.stacked, strict=True)):
        out.append("fields, stacked: a field shows a die exactly when dice lie on it")
    colour, value, left = state.held
    if not (0 <= colour < len(COLOURS) and 0 <= value <= 6 and left in (0, 1)):
        out.append("held: a colour 0-2, a value 0-6 (0: none) and 0 or 1 for the end")
    elif (state.phase is Phase.PLACE) != (value > 0) or (not value and (colour or left)):
        out.append("held: a die is held exactly while it is to be placed (castle.turn.take)")
    if any(not 0 <= b <= FIGURES for b in state.beside):
        out.append(f"beside: 0 to {FIGURES} courtiers per seat")
    level3 = state.level3
    spaces = (
        len(data.level3[level3].spaces) if level3 is not None and level3 < len(data.level3) else 0
    )
    if len(state.daimyo) != spaces:
        out.append(f"daimyo: one entry per space of the level 3 card ({spaces})")
    if state.refill is not None and state.refill >= len(t.room_level):
        out.append(f"refill: a room 0 to {len(t.room_level) - 1}, or null")
    for p, fam in enumerate((*state.families, *(() if state.rival is None else (state.rival,)))):
        where = f"families[{p}]" if p < state.players else "rival"
        if list(fam.gardens) != sorted(set(fam.gardens)):
            out.append(f"{where}.gardens: garden slots sorted, each once")
    if state.solo is not None:
        out.extend(_solo_shape(state, state.solo))
    return out


def size_problems(state: State) -> list[str]:
    """Lists no longer than the book's components let them grow (found after issue 28:
    a position of 3,000 pending tasks loaded and paid one seat 3,000 coins in a turn):
    the agenda's frames (:func:`~rulespec.castle.bounds.agenda_depth`, castle.turn.field_actions),
    the tasks of a frame (what a decision can name, castle.actions.order), a lantern area
    (:func:`~rulespec.castle.bounds.lantern_most`, castle.actions.card_swap) and the solo
    rival's actions waiting (castle.solo.actions). Checked before anything reads them."""
    out: list[str] = []
    game = state.game
    depth = agenda_depth(game)
    if len(state.agenda) > depth:
        out.append(
            f"agenda: {len(state.agenda)} frames; what a die placed starts and the actions "
            f"it sets off stack at most {depth} deep (castle.turn.field_actions)"
        )
    else:
        for f, frame in enumerate(state.agenda):
            if len(frame) > MAX_TASKS:
                out.append(
                    f"agenda[{f}]: {len(frame)} tasks; a frame holds at most {MAX_TASKS} "
                    "(castle.actions.order)"
                )
                break
    most = lantern_most(game)
    seats = (*state.families, *(() if state.rival is None else (state.rival,)))
    for p, fam in enumerate(seats):
        if len(fam.lantern) > most:
            where = f"families[{p}]" if p < len(state.families) else "rival"
            out.append(
                f"{where}.lantern: {len(fam.lantern)} cards; a lantern area holds a starting "
                f"pair's resource and bonus cards and a row card for each landing of a "
                f"courtier on level 1 or 2, at most {most} (castle.actions.card_swap)"
            )
    if state.solo is not None and len(state.solo.tasks) > rival_tasks_most(game):
        out.append(
            f"solo.tasks: {len(state.solo.tasks)} actions; the rival does those of its last "
            f"two cards, at most {rival_tasks_most(game)} (castle.solo.actions)"
        )
    return out


def cleared_dice_problems(state: State) -> list[str]:
    """Until a round's dice are rolled (setup, the picks, the roll) no die lies on a board
    field, a family row or in hand: those of the round before are cleared first (found
    after issue 28: one die left on a family row loaded and broke the count of dice
    taken once the bridges were rolled; castle.round.reroll); and the solo rival never
    has a die on a family row (castle.solo.place)."""
    out = []
    if state.rival is not None and any(state.rival.dice):
        out.append(
            "rival.dice: the solo rival has no family board; its die goes to a board field "
            "or the well (castle.solo.place)"
        )
    if state.stage not in (Stage.SETUP, Stage.PICKS) and state.phase is not Phase.ROLL:
        return out
    off = (
        sum(state.stacked)
        + sum(1 for fam in state.families for d in fam.dice if d)
        + (1 if state.held[1] else 0)
    )
    if off or any(state.fields):
        out.append(
            f"stacked: {off} dice on board fields, family rows or in hand in phase "
            f"{state.phase.value}, stage {state.stage.value}: the dice of the round before "
            "are cleared before the roll (castle.round.reroll)"
        )
    return out


def _solo_shape(state: State, solo: Solo) -> list[str]:
    out: list[str] = []
    cards = len(state.game.data.solo)
    if list(solo.hidden) != sorted(set(solo.hidden)):
        out.append("solo.hidden: card indices sorted, each once (one canonical form)")
    top = solo.top
    places = (*solo.hidden, *solo.bottom, *solo.row, *((top,) if top is not None else ()))
    _indices(out, "solo", places, cards, False)
    if not out and len(places) != cards:
        out.append(
            f"solo: {len(places)} cards in the deck, its top, the row and under it; "
            f"the solo deck has {cards} (castle.solo.deck)"
        )
    if top is not None and top >= cards:
        out.append(f"solo.top: a solo card 0 to {cards - 1}, or null")
    if solo.known and top is None:
        out.append("solo.known: only a drawn top card can be known")
    rival = {e for c in state.game.data.solo for e in c.actions}
    if any(e not in rival for e in solo.tasks):
        out.append("solo.tasks: the rival's actions come from the solo cards")
    return out


def component_problems(state: State) -> list[str]:
    """Die tiles, gardens and rooms as setup lays them out (castle.setup.*)."""
    out: list[str] = []
    data = state.game.data
    for slot, tile in enumerate(state.diamond):
        colour = COLOURS[slot]
        if data.die_tiles[tile].colour is not colour:
            out.append(
                f"diamond[{slot}]: die tile {data.die_tiles[tile].id} is not {colour.label}; "
                "the ♦ slots take "
                "a red, a black and a white tile (castle.setup.die_tiles)"
            )
    if set(state.diamond) & set(state.tiles):
        out.append("tiles: a die tile also lies on a ♦ slot (castle.setup.die_tiles)")
    for slot, garden in enumerate(state.gardens):
        if garden is not None and int(data.gardens[garden].kind) != slot % 2:
            out.append(
                f"gardens[{slot}]: garden {data.gardens[garden].id} is of the other kind "
                "(slot 2 * bridge + kind; castle.setup.gardens)"
            )
    if state.phase is not Phase.SETUP:
        missing = [i for i, c in enumerate(state.rooms) if c is None]
        if missing and missing != ([state.refill] if state.refill is not None else []):
            out.append("rooms: after setup only the room waiting for a refill is empty")
        if None in state.tiles or len(state.diamond) < len(COLOURS):
            out.append("tiles: every die tile slot is filled after setup")
        if None in state.gardens or None in state.training or state.level3 is None:
            out.append("gardens, training, level3: laid out after setup")
    if state.refill is not None and state.rooms[state.refill] is not None:
        out.append(f"refill: room {state.refill} still holds a card")
    if state.phase is Phase.ROLL:
        rolled = [len(b) == state.game.variant.dice_per_colour and all(b) for b in state.bridges]
        empty = [not any(b) for b in state.bridges]
        if not all(r or e for r, e in zip(rolled, empty, strict=True)) or rolled != sorted(
            rolled, reverse=True
        ):
            out.append("bridges: while rolling, the rolled bridges are full, in colour order")
    return out


def agenda_problems(state: State) -> list[str]:
    """Each task on the agenda is what the engine puts there (or what is left of it), a
    starting card's goods while pairs are picked; no frame is empty (play drops them)."""
    if state.agenda and state.stage in (Stage.SETUP, Stage.OVER):
        return [f"agenda: empty in stage {state.stage.value}"]
    known = (
        shortform.goods(state.game) if state.stage is Stage.PICKS else shortform.tasks(state.game)
    )
    for f, frame in enumerate(state.agenda):
        if not frame:
            return [f"agenda[{f}]: an empty frame (play drops them)"]
        for k, task in enumerate(frame):
            if task not in known:
                return [
                    f"agenda[{f}][{k}]: no action of the game ends with these effects "
                    "(castle.symbols.meanings)"
                ]
    return []


def chance_problems(state: State) -> list[str]:
    """A chance node play reaches always has something to deal or roll."""
    phase = state.phase
    if phase is Phase.ROLL and all(any(b) for b in state.bridges):
        return ["phase roll: every bridge is already rolled (castle.setup.dice)"]
    if phase is Phase.REFILL:
        if state.refill is None:
            return ["phase refill: no room waits for a card (castle.actions.card_swap)"]
        level = state.game.tables.room_level[state.refill]
        if not (state.deck1 if level == 1 else state.deck2):
            return [
                f"phase refill: the level {level} deck is empty, so the room stays empty "
                "(castle.actions.empty_deck)"
            ]
    if phase is Phase.SOLO_DRAW and (state.solo is None or not state.solo.hidden):
        return ["phase solo_draw: no hidden card left to draw (castle.solo.deck)"]
    return []


_DIE_TAKEN = frozenset({Phase.PLACE, Phase.RESOLVE, Phase.EXCHANGE, Phase.REFILL, Phase.RIVAL})
"""Phases of a turn after its die was taken."""


_RIVAL_PHASES = frozenset({Phase.ROLL, Phase.SOLO_DRAW, Phase.RIVAL, Phase.REFILL, Phase.GAME_OVER})
"""Phases in which the solo rival may be the seat to act (chance, or seat 0 choosing)."""


def turn_problems(state: State) -> list[str]:
    """Turns, Daimyo spaces and the rival's open choice agree with the rest of the state."""
    out: list[str] = []
    dice = len(COLOURS) * state.game.variant.dice_per_colour
    taken = dice - state.dice_left()
    if state.stage in (Stage.SETUP, Stage.PICKS) or state.phase is Phase.ROLL:
        turns = 0
    elif state.stage is Stage.TURN and state.phase in _DIE_TAKEN:
        turns = taken - 1  # the turn in progress has taken its die
    else:
        turns = taken
    if state.turns != turns:
        out.append(
            f"turns: {state.turns}, but {taken} of the round's {dice} dice are taken, one "
            "per turn (castle.round.end)"
        )
    pending = sum(
        1 for frame in state.agenda for task in frame for e in task if e.symbol is Symbol.DAIMYO
    )
    for p in range(_seats(state)):
        if p >= state.players and state.rival is None:
            continue
        fam = state.family(p)
        held = state.daimyo.count(p) + state.beside[p]
        extra = pending if p == state.actor else 0
        if not held <= fam.court[3] <= held + extra:
            where = f"families[{p}]" if p < state.players else "rival"
            out.append(
                f"{where}: {fam.court[3]} courtiers on level 3 but {held} on Daimyo spaces "
                "or beside the card (castle.actions.level3)"
            )
    solo = state.solo
    if solo is not None:
        rival = state.actor == state.players
        if rival and state.phase not in _RIVAL_PHASES:
            out.append(
                f"actor: the rival never acts in phase {state.phase.value}; seat 0 decides "
                "for it (castle.solo.free_choices)"
            )
        if solo.row and not (rival and state.phase is Phase.SOLO_DRAW):
            out.append(
                "solo.row: cards lie revealed only while the rival draws (castle.solo.reveal)"
            )
        if solo.tasks and not (rival and state.phase in (Phase.RIVAL, Phase.REFILL)):
            out.append(
                "solo.tasks: the rival's actions wait only in its own turn (castle.solo.actions)"
            )
        rival_turn = state.phase is Phase.RIVAL
        if rival_turn and not (
            state.actor == state.players
            and solo.tasks
            and len(solo.choices) > 1
            and solo.choices == rivals.candidates(state, solo.tasks[0])
        ):
            out.append("solo.choices: the rival's equal choices for its next action")
        elif not rival_turn and solo.choices:
            out.append("solo.choices: empty unless seat 0 chooses for the rival")
    return out


def refill_wait_problems(state: State) -> list[str]:
    """A refill waits only for a room that waits for a card, with the book's order of steps,
    while the light section taken with the card is still on the agenda
    (castle.actions.refill_timing)."""
    if state.refill_wait == 0:
        return []
    after = state.game.options.refill_timing.value == "after_section"
    if state.refill is None or not after or len(state.agenda) < state.refill_wait:
        return [
            f"refill_wait: {state.refill_wait} with refill {state.refill} and "
            f"{len(state.agenda)} frames: a refill waits only for the section taken with its "
            "card, refill_timing 'after_section' (castle.actions.refill_timing)"
        ]
    return []


DECISIONS = frozenset({"pick", "take", "place", "resolve", "exchange"})
"""Phases whose decision is the acting seat's (``rival``: seat 0 decides for the rival)."""


def asked_seat_problems(state: State) -> list[str]:
    """A pending decision goes only to a seat the rules let decide it: the seat whose turn
    it is, the seat picking, a seat activating its gardeners, a seat over five seals, and
    for the solo rival, whose own turn decides nothing, seat 0 among equal choices."""
    phase, stage, actor = state.phase.value, state.stage.value, state.actor
    if phase not in DECISIONS and phase != "rival":
        return []
    where = f"actor: seat {actor} is asked in phase {phase}"
    if phase == "rival":
        solo = state.solo
        if solo is None or actor != state.players or len(solo.choices) < 2:
            return [
                "phase rival: seat 0 chooses among two or more of the rival's candidates, "
                "in solo play during the rival's turn (castle.solo.free_choices)"
            ]
        if state.game.options.rival_choices.value != "player":
            return [
                "phase rival: with rival_choices 'first' the rival takes the first "
                "candidate, nobody is asked (castle.solo.free_choices)"
            ]
        return []
    if actor >= state.players:
        return [f"{where}, but the solo rival decides nothing; its cards do (castle.solo.actions)"]
    if phase == "exchange":
        if state.family(actor).seals <= 5:
            return [f"{where} with {state.family(actor).seals} seals (castle.seals.cap)"]
        return []
    if phase == "pick" or stage == "picks":
        if phase == "pick" and (not state.picking or state.picking[0] != actor):
            return [
                f"{where}, but the next to pick is {list(state.picking[:1])} (castle.setup.pairs)"
            ]
        if phase != "pick" and actor in state.picking:
            return [f"{where} before picking a pair (castle.setup.pairs)"]
        return []
    if stage == "gardeners":
        if phase in ("take", "place") or actor in state.picking:
            return [f"{where} while gardeners are activated in order (castle.round.gardeners)"]
        return []
    if stage == "turn" and state.order:
        due = state.order[state.turns % len(state.order)]
        if actor != due:
            return [f"{where}, but it is seat {due}'s turn (castle.turn.rounds)"]
    return []


def dice_taken_problems(state: State) -> list[str]:
    """Every turn takes exactly one die, so each seat (the solo rival too) takes three
    per round (castle.turn.rounds, castle.round.end, castle.solo.reveal): the dice gone
    from the bridges are the turns finished plus the die of a turn under way."""
    if state.stage.value not in ("turn", "gardeners", "over") or state.phase.value == "roll":
        return []  # the picks, or the dice still being rolled
    seats = len(state.order)
    total = 3 * state.game.variant.dice_per_colour
    gone = total - state.dice_left()
    if state.stage.value != "turn":
        if gone != 3 * seats or state.turns != 3 * seats:
            return [
                f"turns: {state.turns} turns and {gone} dice taken at a round's end, where "
                f"each of {seats} seats takes three (castle.round.end)"
            ]
        return []
    under_way = 0 if state.phase.value in ("take", "solo_draw") else 1
    if state.turns >= 3 * seats or gone != state.turns + under_way:
        return [
            f"turns: {gone} dice taken after {state.turns} finished turns in phase "
            f"{state.phase.value}; every turn takes exactly one die (castle.turn.rounds)"
        ]
    return []


NONE_FIELDS = frozenset(
    {"rooms", "level3", "daimyo", "tiles", "gardens", "training", "display", "refill"}
)
"""State fields where None means an empty place (besides a family's ``card`` and the solo
``top``, which are checked by name below)."""


def stray_none_problems(state: State) -> list[str]:
    """None stands for an empty place only where a field says so; anywhere else (a solo
    card in the row, a lantern source, a garden slot ...) it is a value missing. The old
    sentinel -1 is refused everywhere: Python would read it as the last item."""
    out: list[str] = []
    for f in attrs.fields(State):
        if f.name not in ("game", "families", "rival", "solo"):
            _stray(getattr(state, f.name), f.name, out, f.name in NONE_FIELDS)
    for p, fam in enumerate(state.families):
        _stray_fields(fam, f"families[{p}]", {"card"}, out)
    if state.rival is not None:
        _stray_fields(state.rival, "rival", {"card"}, out)
    solo = state.solo
    if solo is not None:
        _stray_fields(solo, "solo", {"top"}, out)
        drawing = state.phase.value in ("setup", "roll", "solo_draw")
        # after the deck ran out (hidden empty) the round may go on without a top card
        if solo.top is None and solo.hidden and not drawing and state.stage.value == "turn":
            out.append("solo.top: the deck shows a top card during the round (castle.solo.reveal)")
        elif solo.top is None and not solo.hidden and state.phase.value != "setup":
            out.append(
                "solo.top: nothing is hidden, so the deck's top card is the first of its bottom "
                "(castle.solo.deck_runs_out)"
            )
    return out


def _stray_fields(record: Any, where: str, allowed: set[str], out: list[str]) -> None:
    for f in attrs.fields(type(record)):
        _stray(getattr(record, f.name), f"{where}.{f.name}", out, f.name in allowed)


def _stray(value: Any, where: str, out: list[str], empty_ok: bool = False) -> None:
    if value is None:
        if not empty_ok:
            out.append(f"{where}: null where no empty place is meant")
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        if value == -1:
            out.append(f"{where}: -1, the old empty place (now null), or a value missing")
    elif isinstance(value, tuple):
        for i, v in enumerate(value):
            _stray(v, f"{where}[{i}]", out, empty_ok)
    elif attrs.has(type(value)):
        _stray_fields(value, where, set(), out)
