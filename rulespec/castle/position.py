"""White Castle positions as JSON: ``state.to_json()`` writes every field, ``load`` reads
them back, checking types and ranges field by field and the rules' invariants, and
reports every problem at once in a :class:`~rulespec.MalformedPosition`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from rulespec.castle.codec import CODEC
from rulespec.castle.state import State
from rulespec.core.convert import Reader
from rulespec.core.positions import check_header
from rulespec.errors import MalformedPosition

if TYPE_CHECKING:
    from rulespec.castle.game import CastleGame


def load(game: CastleGame, data: Mapping[str, Any]) -> State:
    """Read a position for ``game``; every problem at once."""
    if not isinstance(data, Mapping):
        raise MalformedPosition([f"a position must be a JSON object, got {type(data).__name__}"])
    reader = Reader(game)
    check_header(reader, data, game)
    values = CODEC.fields(State, data, reader, extra=("game", "settings"))
    if reader.problems:
        raise MalformedPosition(reader.problems)
    state = State(game=game, **values)
    problems = invariant_problems(state)
    if problems:
        raise MalformedPosition(list(problems))
    return state


def invariant_problems(state: State) -> list[str]:
    """Every invariant of the rules ``state`` breaks (empty for any state play reaches)."""
    out: list[str] = []
    game = state.game
    t, data, n = game.tables, game.data, state.players
    seats = n + (1 if game.variant.solo else 0)
    if (state.rival is None) == game.variant.solo:
        out.append("rival: present exactly in solo play")
    if (state.solo is None) == game.variant.solo:
        out.append("solo: present exactly in solo play")
    if len(state.rooms) != len(t.room_level):
        out.append(f"rooms: {len(t.room_level)} rooms expected")
    cards = len(t.cards)
    for i, c in enumerate(state.rooms):
        if not -1 <= c < cards:
            out.append(f"rooms[{i}]: no castle card {c}")
        elif c >= 0 and t.level_of[c] != t.room_level[i]:
            out.append(f"rooms[{i}]: card {c} is not of level {t.room_level[i]}")
    placed = [c for c in state.rooms if c >= 0]
    for name, deck, level in (("deck1", state.deck1, 1), ("deck2", state.deck2, 2)):
        if list(deck) != sorted(set(deck)):
            out.append(f"{name}: card indices sorted, each once")
        for c in deck:
            if not 0 <= c < cards or t.level_of[c] != level:
                out.append(f"{name}: {c} is no level {level} card")
            elif c in placed:
                out.append(f"{name}: card {c} also lies in a room")
    if len(state.bridges) != 3 or any(
        len(b) not in (0, game.variant.dice_per_colour) for b in state.bridges
    ):
        out.append(f"bridges: three bridges of {game.variant.dice_per_colour} slots")
    for c, b in enumerate(state.bridges):
        dice = [v for v in b if v]
        if any(not 0 <= v <= 6 for v in b):
            out.append(f"bridges[{c}]: die values run from 1 to 6 (0: empty)")
        elif dice != sorted(dice):
            out.append(f"bridges[{c}]: dice lie sorted from left to right (castle.setup.dice)")
        elif b and dice and not b[0] and b[-1] and len(dice) > 1:
            out.append(f"bridges[{c}]: a middle die closes an emptied end (castle.turn.take)")
    if len(state.families) != n:
        out.append(f"families: one per seat ({n})")
    for p in range(seats):
        fam = state.family(p) if p < n or state.rival is not None else None
        if fam is None:
            continue
        where = f"families[{p}]" if p < n else "rival"
        if fam.coins < 0:
            out.append(f"{where}.coins: never below 0")
        if p < n and not 0 <= fam.seals <= 5 and state.phase.value != "exchange":
            out.append(f"{where}.seals: at most 5 outside a forced exchange (castle.seals.cap)")
        if any(not 0 <= r <= 7 for r in fam.resources):
            out.append(f"{where}.resources: each 0-7 (castle.resources.cap)")
        for k, name in enumerate(("courtiers", "gardeners", "warriors")):
            placed_k = (sum(fam.court), len(fam.gardens), sum(fam.grounds))[k]
            if fam.left[k] < 0 or fam.left[k] + placed_k != 5:
                out.append(f"{where}: {name} on the board and placed add up to 5")
        if len(fam.grounds) != len(data.board.grounds):
            out.append(f"{where}.grounds: one count per training ground")
        if any(not 0 <= g < len(state.gardens) for g in fam.gardens) or len(
            set(fam.gardens)
        ) != len(fam.gardens):
            out.append(f"{where}.gardens: distinct garden slots (castle.actions.garden)")
        if not 0 <= fam.track <= data.board.track.last:
            out.append(f"{where}.track: a space of the seasons track")
        if not -1 <= fam.card < len(t.rows_of_card):
            out.append(f"{where}.card: no row card {fam.card}")
        if any(not 0 <= s < len(t.lantern) for s in fam.lantern):
            out.append(f"{where}.lantern: no lantern source")
    if state.level3 >= len(data.level3):
        out.append("level3: no such card")
    for i, owner in enumerate(state.daimyo):
        if not -1 <= owner < seats:
            out.append(f"daimyo[{i}]: a seat or -1")
    if len(state.beside) != seats:
        out.append(f"beside: one count per seat ({seats})")
    elif not state.agenda:
        # while LANTERN/DAIMYO are pending a courtier stands in the hall without a space
        for p in range(seats):
            fam = state.family(p) if p < n or state.rival is not None else None
            if fam is None or len(fam.court) != 4:
                continue
            held = state.daimyo.count(p) + state.beside[p]
            if fam.court[3] != held:
                where = f"families[{p}]" if p < n else "rival"
                out.append(
                    f"{where}: {fam.court[3]} courtiers on level 3 but {held} on Daimyo spaces "
                    "or beside the card (castle.actions.level3)"
                )
    out.extend(dice_taken_problems(state))
    out.extend(stray_none_problems(state))
    out.extend(asked_seat_problems(state))
    out.extend(refill_wait_problems(state))
    return out


def refill_wait_problems(state: State) -> list[str]:
    """A refill waits only for a room that waits for a card, with the book's order of steps,
    while the light section taken with the card is still on the agenda
    (castle.actions.refill_timing)."""
    if state.refill_wait == 0:
        return []
    after = state.game.options.refill_timing.value == "after_section"
    if state.refill < 0 or not after or len(state.agenda) < state.refill_wait:
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


NONE_FIELDS = frozenset({"rooms", "level3", "daimyo", "tiles", "gardens", "training"})
"""State fields whose -1 means an empty place (besides ``display``, ``refill``, a
family's ``card`` and the solo ``top``, which are checked by name below)."""


def stray_none_problems(state: State) -> list[str]:
    """-1 stands for "none" only where a field says so; anywhere else (a solo card in the
    row, a lantern source, a garden slot ...) Python would read it as the last item."""
    out: list[str] = []
    allowed = NONE_FIELDS | {"display", "refill"}
    for f in attrs.fields(State):
        if f.name in ("game", "families", "rival", "solo") or f.name in allowed:
            continue
        _stray(getattr(state, f.name), f.name, out)
    for p, fam in enumerate(state.families):
        _stray_fields(fam, f"families[{p}]", {"card"}, out)
    if state.rival is not None:
        _stray_fields(state.rival, "rival", {"card"}, out)
    solo = state.solo
    if solo is not None:
        _stray_fields(solo, "solo", {"top"}, out)
        drawing = state.phase.value in ("setup", "roll", "solo_draw")
        if solo.top < 0 and not drawing and state.stage.value == "turn":
            out.append("solo.top: the deck shows a top card during the round (castle.solo.reveal)")
    return out


def _stray_fields(record: Any, where: str, allowed: set[str], out: list[str]) -> None:
    for f in attrs.fields(type(record)):
        if f.name not in allowed:
            _stray(getattr(record, f.name), f"{where}.{f.name}", out)


def _stray(value: Any, where: str, out: list[str]) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if value == -1:
            out.append(f"{where}: -1 where no empty place is meant")
    elif isinstance(value, tuple):
        for i, v in enumerate(value):
            _stray(v, f"{where}[{i}]", out)
    elif attrs.has(type(value)):
        _stray_fields(value, where, set(), out)
