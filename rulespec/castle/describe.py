"""The White Castle's actions in a player's words, given the state they are meant for.

``Resolve(task, option)`` means nothing without the state: which effect heads the task
and what its option number picks (``effects.options`` lists them in a fixed order). This
module mirrors that order in words: ``2.1`` reads "take 1 iron and 1 food", ``0.3`` reads
"move a courtier from the gate to level 1, room 2 (l1-03) (pay 2 pearls)". Rooms are
numbered 0-4 as in the notation (``@2``). Used by ``state.describe(action)``, the
``rulespec play`` log, ``explain`` and the golden playthroughs.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.castle import rival, turn
from rulespec.castle.actions import (
    Action,
    Deal,
    End,
    Exchange,
    Pick,
    Pile,
    PlaceDie,
    Resolve,
    Skip,
    TakeDie,
)
from rulespec.castle.components import COLOURS, Colour, Effect, GardenKind, Symbol
from rulespec.castle.effects import ascent_moves, influence_stops
from rulespec.castle.effects import options as effect_options
from rulespec.castle.fields import covered
from rulespec.castle.rules import resource_splits
from rulespec.castle.state import Family, Phase, State
from rulespec.castle.tables import FIELD_FAMILY
from rulespec.castle.words import (
    LEVEL_NAMES,
    ROW_NAMES,
    cost_words,
    effect_words,
    effects_words,
    field_words,
    room_words,
)
from rulespec.core import trace
from rulespec.core.words import count


def _garden_slot(s: State, slot: int) -> str:
    bridge = COLOURS[slot // 2].label
    kind = GardenKind(slot % 2).label
    g = s.gardens[slot] if 0 <= slot < len(s.gardens) else None
    if g is None:
        return f"the {kind} garden of the {bridge} bridge"
    garden = s.game.data.gardens[g]
    return f"the {kind} garden {garden.id} of the {bridge} bridge ({effects_words(garden.action)})"


def _sections(s: State, colour: Colour | None, light: bool) -> list[str]:
    """In ``effects.options`` order: the sections a LIGHT or tile symbol may activate."""
    t = s.game.tables
    out = []
    for room, card in enumerate(s.rooms):
        if card is None:
            continue
        if light:
            ks: Sequence[int] = t.light_sections(card)
        else:
            ks = [k for k, c in enumerate(s.room_tiles(room)) if colour is None or c is colour]
        for k in ks:
            effects = t.cards[card].sections[k].effects
            out.append(f"section {k} of {room_words(s, room)}: {effects_words(effects)}")
    return out


def option_words(s: State, seat: int, head: Effect, option: int) -> str:
    """What option ``option`` of ``head`` does for ``seat`` (without its cost)."""
    sym = head.symbol
    t, data = s.game.tables, s.game.data
    if sym is Symbol.ANY_RESOURCE:
        splits = resource_splits(min(head.amount, 7))
        if 0 <= option < len(splits):
            parts = [
                count(k, n)
                for k, n in zip(splits[option], ("iron", "food", "pearl"), strict=True)
                if k
            ]
            chosen = " and ".join(parts) if parts else "nothing"
            return f"take {chosen} (as your choice of {count(head.amount, 'resource')})"
    elif sym is Symbol.CHOICE:
        if 0 <= option < len(head.options):
            return "choose: " + effect_words(Effect(head.options[option], 1))
    elif sym is Symbol.CASTLE:
        return "take the castle action (an audience, then an ascent)"
    elif sym is Symbol.AUDIENCE:
        return "send a courtier to the castle gate"
    elif sym is Symbol.ASCENT:
        moves = ascent_moves(s, s.family(seat).court)
        if 0 <= option < len(moves):
            level, steps, room = moves[option]
            to = level + steps  # room None: the Daimyo's hall on level 3
            where = "level 3 (the Daimyo)" if room is None else f"level {to}, {room_words(s, room)}"
            return f"move a courtier from {LEVEL_NAMES[level]} to {where}"
    elif sym is Symbol.SECTION:
        card = t.cards[head.amount]
        ks = t.light_sections(head.amount)
        if 0 <= option < len(ks):
            effects = card.sections[ks[option]].effects
            return f"take section {ks[option]} of {card.id}: {effects_words(effects)}"
    elif sym is Symbol.DAIMYO:
        free = [i for i, owner in enumerate(s.daimyo) if owner is None]
        if not free:
            return "lay the courtier beside the full Daimyo card"
        if 0 <= option < len(free) and s.level3 is not None:
            space = data.level3[s.level3].spaces[free[option]]
            return f"take Daimyo space {free[option]}: {effects_words(space)}"
    elif sym is Symbol.TRAINING:
        if 0 <= option < len(data.board.grounds):
            ground = data.board.grounds[option]
            return f"train a warrior on training ground {option} ({count(ground.points, 'point')})"
    elif sym is Symbol.GARDEN:
        fam = s.family(seat)
        slots = [slot for slot in range(len(s.gardens)) if slot not in fam.gardens]
        if 0 <= option < len(slots):
            return f"place a gardener in {_garden_slot(s, slots[option])}"
    elif sym is Symbol.FAMILY:
        if 0 <= option < 3:
            return f"activate the {ROW_NAMES[option]}"
    elif sym in (Symbol.LIGHT, Symbol.ANY_TILE, Symbol.RED_TILE, Symbol.BLACK_TILE):
        colour = {Symbol.RED_TILE: Colour.RED, Symbol.BLACK_TILE: Colour.BLACK}.get(sym)
        found = _sections(s, colour, sym is Symbol.LIGHT)
        if 0 <= option < len(found):
            return "activate " + found[option]
    elif sym is Symbol.WHITE_TILE:
        found = _sections(s, Colour.WHITE, False)
        if 0 <= option < len(found):
            return "activate " + found[option]
    elif sym is Symbol.INFLUENCE:
        stops = influence_stops(s, seat, head.amount)
        if 0 <= option < len(stops):
            to, _ = stops[option]
            stop = " (stopping before a tree)" if option < len(stops) - 1 else ""
            return f"move the marker to space {to} of the seasons track{stop}"
    elif option == 0:
        return effect_words(head)
    return f"{effect_words(head)}, option {option}"


def _resolve(s: State, a: Resolve) -> str:
    if s.phase is Phase.RIVAL and s.solo is not None:
        return _rival(s, a.option)
    frame = s.agenda[-1] if s.agenda else ()
    if not 0 <= a.task < len(frame) or not frame[a.task]:
        return str(a)
    task = frame[a.task]
    head = task[0]
    words = option_words(s, s.actor, head, a.option)
    if head.symbol in (Symbol.PAY_COINS, Symbol.PAY_SEALS):
        rest = effects_words(task[1:])
        words = f"{words} to {rest}" if task[1:] else words
    else:
        found = effect_options(s, s.actor, head)
        if 0 <= a.option < len(found):
            cost = cost_words(found[a.option][0])
            if cost:
                words += f" (pay {cost})"
    return words + _which(frame, a.task)


def _which(frame: Sequence[Sequence[Effect]], task: int) -> str:
    """`` (task 2)`` when another task of the frame starts with the same symbol, so two
    legal actions never read alike."""
    head = frame[task][0]
    if any(i != task and t and t[0] == head for i, t in enumerate(frame)):
        return f" (task {task}: {effects_words(frame[task])})"
    return ""


def _skip(s: State, a: Skip) -> str:
    frame = s.agenda[-1] if s.agenda else ()
    if not 0 <= a.task < len(frame) or not frame[a.task]:
        return str(a)
    task = frame[a.task]
    head = task[0]
    if head.symbol in (Symbol.PAY_COINS, Symbol.PAY_SEALS):
        rest = f" and give up: {effects_words(task[1:])}" if task[1:] else ""
        return f"do not {effect_words(head)}{rest}" + _which(frame, a.task)
    return f"skip: {effect_words(head)}" + _which(frame, a.task)


def _rival(s: State, i: int) -> str:
    assert s.solo is not None
    if not 0 <= i < len(s.solo.choices) or not s.solo.tasks:
        return f"choose the rival's candidate {i}"
    choice = s.solo.choices[i]
    if s.solo.tasks[0].symbol is Symbol.GARDEN:
        return f"the rival places a gardener in {_garden_slot(s, choice)}"
    if choice < 0:
        return "the rival's courtier goes up to level 3"
    return f"the rival's courtier goes up to {room_words(s, choice)}"


def _place(s: State, a: PlaceDie) -> str:
    where = field_words(s, a.field)
    colour, value = COLOURS[s.held[0]], s.held[1]
    if not value or not 0 <= a.field < FIELD_FAMILY + 3:
        return f"place the die on {where}"
    delta = value - covered(s, a.field, s.actor)
    money = ""
    if delta > 0:
        money = f" (take {count(delta, 'coin')})"
    elif delta < 0:
        money = f" (pay {count(-delta, 'coin')})"
    return f"place the {colour.label} {value} on {where}{money}"


def _take(s: State, a: TakeDie) -> str:
    bridge = s.bridges[a.colour]
    i = 0 if a.end is End.LEFT else len(bridge) - 1
    value = bridge[i] if bridge else 0
    lantern = " (and take the lantern bonus)" if a.end is End.LEFT else ""
    if not value:
        return str(a)
    return f"take the {a.colour.label} {value} from the {a.end.value} end{lantern}"


def _pick(s: State, a: Pick) -> str:
    res, act = s.display[a.pair] if 0 <= a.pair < len(s.display) else (None, None)
    if res is None or act is None:  # no such pair, or taken
        return str(a)
    data = s.game.data
    card = data.resources[res]
    return (
        f"pick pair {a.pair}: {card.id} ({effects_words(card.gains)}) and action card "
        f"{data.actions[act].id}"
    )


_PILE_ITEM = {
    Pile.LEVEL1: lambda s, i: s.game.tables.cards[i].id,
    Pile.LEVEL2: lambda s, i: s.game.tables.cards[i].id,
    Pile.LEVEL3: lambda s, i: s.game.data.level3[i].id,
    Pile.TILE: lambda s, i: s.game.data.die_tiles[i].id,
    Pile.GARDEN: lambda s, i: s.game.data.gardens[i].id,
    Pile.TRAINING: lambda s, i: s.game.data.training[i].id,
    Pile.RESOURCE: lambda s, i: s.game.data.resources[i].id,
    Pile.ACTION: lambda s, i: s.game.data.actions[i].id,
    Pile.SOLO: lambda s, i: s.game.data.solo[i].id,
}


def _deal(s: State, a: Deal) -> str:
    if a.pile is Pile.SEAT:
        return f"deal: seat {a.item} is drawn"
    if a.item < 0:
        return str(a)
    try:
        return f"deal {a.pile.value} {_PILE_ITEM[a.pile](s, a.item)}"
    except IndexError:
        return str(a)


def describe(s: State, action: Action) -> str:
    """``action`` in words a player uses, for the state ``s`` it is meant for (an action
    that is not legal there is described as well as ``s`` allows), with what the rest of
    the step changes on top (``then_words``)."""
    return _words(s, action) + then_words(s, action)


def _words(s: State, action: Action) -> str:
    if isinstance(action, Resolve):
        return _resolve(s, action)
    if isinstance(action, Skip):
        return _skip(s, action)
    if isinstance(action, PlaceDie) and s.phase is Phase.PLACE:
        return _place(s, action)
    if isinstance(action, TakeDie):
        return _take(s, action)
    if isinstance(action, Pick):
        return _pick(s, action)
    if isinstance(action, Deal):
        return _deal(s, action)
    return str(action)


COUNTERS = ("coins", "seals", "iron", "food", "pearl", "points", "track")
"""The counters of a family a step can change, in the order the words name them."""
_NOUNS = {"coins": "coin", "seals": "seal", "iron": "iron", "food": "food", "pearl": "pearl"}


def counters(fam: Family) -> tuple[int, ...]:
    """A family's :data:`COUNTERS`."""
    iron, food, pearl = fam.resources
    return (fam.coins, fam.seals, iron, food, pearl, fam.points, fam.track)


def own_effect(s: State, action: Action) -> State | None:
    """The state after what ``action`` itself does, which its words name, before the
    step works out what follows (:func:`rulespec.castle.rounds.settle`): the gains taken
    at once, the solo rival's turn, a round's end; None where nothing follows."""
    if isinstance(action, Resolve):
        if s.phase is Phase.RIVAL:
            return rival.choose(s, action.option)
        return turn.resolved(s, action.task, action.option)
    if isinstance(action, Skip):
        return turn.skipped(s, action.task)
    if isinstance(action, Exchange):
        return turn.exchanged(s, action.into)
    if isinstance(action, PlaceDie):
        return turn.placed(s, action.field)
    if isinstance(action, Pick):
        return turn.picked(s, action.pair)
    if isinstance(action, TakeDie):
        return None
    return s  # a chance outcome's words name no counter


def then_words(s: State, action: Action) -> str:
    """What the step does to the families' counters beyond the action's own words:
    ``"; then +3 coins (coins from 16 to 17)"`` when coins at the head of a task come in at once
    after the courtier's payment, ``"; the rival: +3 coins, +1 point"`` for the solo
    rival's turn played in the same step. Empty for an illegal action and when nothing
    else changes, so every coin of the step is accounted for in its description."""
    if s.is_terminal or s.violation(action) is not None:
        return ""
    if trace.TRACING:  # a description decides nothing: its look ahead is counted apart
        with trace.tracing():
            return _then(s, action)
    return _then(s, action)


def _then(s: State, action: Action) -> str:
    own = own_effect(s, action)
    if own is None:
        return ""
    after = s.apply(action)
    actor = None if s.is_chance else s.actor
    seats = sorted(range(s.players + (s.rival is not None)), key=lambda p: p != actor)
    parts = []
    for p in seats:
        mid, end = counters(own.family(p)), counters(after.family(p))
        changed = [k for k in range(len(COUNTERS)) if mid[k] != end[k]]
        if not changed:
            continue
        gains = ", ".join(_change(k, mid[k], end[k]) for k in changed)
        if p == actor:
            start = counters(s.family(p))
            totals = ", ".join(f"{COUNTERS[k]} from {start[k]} to {end[k]}" for k in changed)
            parts.append(f"then {gains} ({totals})")
        else:
            parts.append(f"{'the rival' if s.is_rival(p) else f'seat {p}'}: {gains}")
    return "".join(f"; {part}" for part in parts)


def _change(k: int, before: int, after: int) -> str:
    """One counter's change in words: ``+3 coins``, ``-9 coins``, ``marker to space 5``."""
    name = COUNTERS[k]
    if name == "track":
        return f"marker to space {after}"
    amount = after - before
    noun = count(abs(amount), "point" if name == "points" else _NOUNS[name])
    return f"{'+' if amount > 0 else '-'}{noun}"
