"""Oriente positions as JSON: the documented format and its validation.

``state.to_json()`` writes every field; ``load`` reads the same, lets a hand-written
position leave out what has a default, and checks the conservation of the 41 deck cards and
the treasures in play, the deck's segments, the workers and every invariant the rules keep,
reporting every problem at once in a :class:`~rulespec.MalformedPosition`. A position play
cannot reach is refused too, naming the rule it breaks: a question put to a seat the phase's
rule does not ask (the target asked for a privilege, a fighter asked to support, anybody
asked to pay with payments off), an announcement whose target is missing or out of range,
a chance node with nothing to draw (an empty deck, an empty pile to trade from, an empty
pool to share), a treasure where only deck cards lie. A minimal
position (four players, mid-season, the deck "rest": every resident not placed elsewhere,
spread over the segments as the setup does)::

    {"game": "oriente", "settings": {"players": 4},
     "residents": ["daimyo", "samurai", "nofu", "ninja"],
     "piles": [{"treasure_2": 1}, {"treasure_3": 1}, {"treasure_4": 1}, {"treasure_2": 1}]}

Defaults: phase ``announce``, seat and stone 0, every disc held, residents face down, no
bonus card beside the deck, no workers moved, nothing in a fight.

Inside an action, ``act`` is the announcement in force, in the notation (``"attack>4"``,
``"give>2:nofu"``) or as its JSON object (``"type"`` may be left out). ``sides`` gives each
seat's part: 0 out, 1 with the attacker (or in the revolution), 2 with the defender (or a
victim of the revolution). What the action settles need not be written: left out, the
sides are the announcer's and his target's, and ``discs`` and ``face_up`` are what the
announcement, the fight and its supporters require (the announcer has laid his disc down
once he acts and shows his resident; the defender shows his; a supporter or joiner has
laid his disc down and shows his resident; everyone shows once a revolution breaks out).
A disc laid down or a resident shown earlier in the season is written as such. A fight in
which seat 2 attacks seat 4, seat 3 backs the attacker and seat 5 the defender, and seat 0
is asked::

    {"phase": "support", "seat": 0, "stone": 2, "act": "attack>4",
     "sides": [0, 0, 1, 1, 2, 2], ...}

A deck late in the game need not be written card by card. Give it by its segments, as
``{"left": 6}`` (in draw order: the bottom four, then the middle five, then the top) or
``{"top": 0, "middle": 2}`` (a segment left out follows from the draw order), with the
cards that matter in ``holds`` (``{"geisha": 1}``: the Geisha is still in the middle
segment) and the piles put under it in ``under``; write ``null`` for the piles (or leave
``piles`` out) that should take the cards drawn before. rulespec fills in the rest
deterministically, and each pile left out gets one treasure. rulespec keeps no order in
the deck (the next card is drawn with the odds of what is left,
:mod:`rulespec.oriente.deck`), so a position names which cards are left, not in what
order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulespec.core.convert import Reader
from rulespec.core.invariants import check
from rulespec.core.positions import check_header
from rulespec.errors import MalformedAction, MalformedPosition, bounded
from rulespec.oriente import abilities, announcing, fight, season
from rulespec.oriente.actions import TARGETED, Act, Announce
from rulespec.oriente.codec import CODEC
from rulespec.oriente.components import (
    BOTTOM,
    CARDS,
    DECK_CARDS,
    MIDDLE,
    NO_CARDS,
    TOP,
    TREASURES,
    Card,
    add,
    plus,
)
from rulespec.oriente.invariants import INVARIANTS, NEEDS_ACT, SETUP, placed
from rulespec.oriente.state import ATTACKER, DEFENDER, OUT, Deck, Phase, State
from rulespec.oriente.variant import Payments, SupportOrder

if TYPE_CHECKING:
    from rulespec.oriente.game import OrienteGame


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
    raw["act"] = _announcement(game, raw["act"], reader.at("act"))
    rest = raw.get("deck", "rest") == "rest"
    short = raw["deck"] if isinstance(raw.get("deck"), Mapping) else None
    if short is not None and "pool" in short:
        short = None  # the full form, as rulespec writes it
    if rest:
        raw["deck"] = {"pool": {}, "top": 0, "middle": 0, "bottom": 0}
    elif short is not None:
        raw["deck"] = _short_deck(short, reader)
    open_piles = _open_piles(raw, game.players)
    values = CODEC.fields(State, raw, reader, extra=("game", "settings"))
    if reader.problems or any(v is None and k in _NEEDED for k, v in values.items()):
        raise MalformedPosition(reader.problems or ["a position needs residents and piles"])
    problems: list[str] = []
    if open_piles:
        _deal_treasures(game, values, open_piles)
    if rest:
        values["deck"] = _rest(values)
    elif short is not None:
        values["deck"] = _complete(short, values, open_piles, problems)
    elif open_piles:
        problems.append(
            "piles: a pile left out (null) takes the cards the deck does not hold; give the "
            'deck as "rest" or by its segments ({"left": …}), not card by card'
        )
    if problems:
        raise MalformedPosition(problems)
    _follow_the_action(values, given=frozenset(data))
    state = State(game=game, **values)
    after = settled(state)
    problems = invariant_problems(state, settling=after is not state)
    if not problems and after is not state:
        problems, state = invariant_problems(after), after
    if problems:
        raise MalformedPosition(problems)
    return state


# --- what follows from the action in force -----------------------------------------------


def _announcement(game: OrienteGame, act: object, reader: Reader) -> object:
    """The announcement in force as its JSON: given in the notation (``"attack>4"``) or as
    an object that may leave out ``"type"`` (an announcement is the only kind)."""
    if isinstance(act, str):
        try:
            found = game.parse_action(act)
        except MalformedAction as bad:
            for problem in bad.problems:
                reader.bad(problem)
            return None
        if not isinstance(found, Announce):
            reader.bad(f"{bounded(act)} is no announcement (such as attack>4, income, incite)")
            return None
        return found.to_json()
    if isinstance(act, Mapping) and "type" not in act:
        return {"type": "announce", **act}
    return act


_FIGHT = (Phase.INVITE, Phase.SUPPORT, Phase.REINFORCE, Phase.PICK)


def _follow_the_action(values: dict[str, Any], given: frozenset[str]) -> None:
    """Fill in what a hand-written position left out and the action in force settles:
    the fighters' sides (the announcer attacks, the target defends; the announcing Nōfu
    leads a revolution), the discs laid down (the announcer's once he acts, every
    supporter's and joiner's) and the residents shown (the announcer's, the defender's,
    every supporter's and joiner's; everyone's once a revolution breaks out)."""
    act, phase, stone = values["act"], values["phase"], values["stone"]
    residents = values["residents"]
    n = len(residents)
    if act is None or phase not in NEEDS_ACT or not 0 <= stone < n:
        return
    target = act.target if act.target is not None and 0 <= act.target < n else None
    fight_phase = phase in _FIGHT or (phase is Phase.REDRAW and act.act is Act.ATTACK)
    if "sides" not in given:
        sides = [OUT] * n
        if fight_phase and act.act is Act.ATTACK and target is not None and target != stone:
            sides[stone], sides[target] = ATTACKER, DEFENDER
        elif phase in _REVOLT:
            sides[stone] = ATTACKER
        values["sides"] = tuple(sides)
    sides = values["sides"]
    revolt = phase in _REVOLT
    joined = [
        k not in (stone, target)
        and (sides[k] == ATTACKER if revolt else sides[k] != OUT and fight_phase)
        for k in range(n)
    ]
    if "discs" not in given:
        values["discs"] = tuple(
            not joined[k] and not (k == stone and phase is not Phase.PRIVILEGE) for k in range(n)
        )
    if "face_up" not in given:
        shown = [joined[k] or k == stone or (k == target and fight_phase) for k in range(n)]
        everyone = revolt and phase is not Phase.JOIN
        values["face_up"] = tuple(
            (shown[k] or everyone) and residents[k] is not None for k in range(n)
        )


# --- completing a deck that names only what matters ---------------------------------------

SEGMENTS = (("top", TOP), ("middle", MIDDLE), ("bottom", BOTTOM))
_SHORT_KEYS = frozenset({"left", "top", "middle", "bottom", "holds", "under"})
ORDINARY = (Card.NOFU, Card.AKINDO, Card.SAMURAI, Card.DAIMYO, Card.MAHO_TSUKAI, Card.SORYO)
"""The cards that may lie in any segment, in the order a completed deck takes them."""


def _short_deck(short: Mapping[str, Any], reader: Reader) -> dict[str, Any]:
    """The deck's JSON for the converter: the named cards as its pool (checked as cards),
    its segments worked out later by :func:`_complete`."""
    for key in sorted(set(short) - _SHORT_KEYS):
        reader.at("deck").bad(
            f"unknown key {key!r}; a deck by its segments has left, top, middle, bottom, "
            "holds, under"
        )
    return {"pool": short.get("holds", {}), "top": 0, "middle": 0, "bottom": 0,
            "under": short.get("under", [])}  # fmt: skip


def _open_piles(raw: dict[str, Any], players: int) -> list[int]:
    """The seats whose pile is left out (``null``, or no ``piles`` at all): they take the
    treasures not placed and the cards the deck does not hold."""
    piles = raw.get("piles")
    if piles is None:
        raw["piles"] = [{}] * players
        return list(range(players))
    if not isinstance(piles, list):
        return []
    raw["piles"] = [{} if p is None else p for p in piles]
    return [k for k, p in enumerate(piles) if p is None]


def _deal_treasures(game: OrienteGame, values: dict[str, Any], open_piles: list[int]) -> None:
    """The treasures in play and not placed go to the open piles, one each in seat order,
    values 2, 3, 4 in turn as far as the box allows (oriente.setup.discs)."""
    in_play = sum(TREASURES) - game.variant.boxed
    dealt = values["seat"] if values["phase"] is Phase.TREASURES else in_play
    held = placed(values)
    kinds = [c for c in CARDS if TREASURES[c]]
    supply = {c: TREASURES[c] - held[c] for c in kinds}
    missing = dealt - sum(held[c] for c in kinds)
    piles = list(values["piles"])
    turn = 0
    for i in range(max(0, missing)):
        for _ in kinds:
            kind = kinds[turn % len(kinds)]
            turn += 1
            if supply[kind] > 0:
                break
        else:
            break  # none left: the treasure count is reported by the invariants
        supply[kind] -= 1
        seat = open_piles[i % len(open_piles)]
        piles[seat] = add(piles[seat], kind)
    values["piles"] = tuple(piles)


def _segments(short: Mapping[str, Any], problems: list[str]) -> tuple[int, int, int] | None:
    """The three segments' sizes: from ``left`` in draw order (the top first), or as
    given, a segment left out following from the draw order (the top empty, the middle
    full unless the bottom has been reached, the bottom full)."""
    sizes: dict[str, int] = {}
    for key, most in (("left", BOTTOM + MIDDLE + TOP), *SEGMENTS):
        if key in short:
            v = short[key]
            if type(v) is not int or not 0 <= v <= most:
                problems.append(f"deck.{key}: a whole number from 0 to {most}, got {v!r}")
            else:
                sizes[key] = v
    if problems:
        return None
    if "left" in sizes:
        if len(sizes) > 1:
            problems.append("deck.left: give the cards left or the segments, not both")
            return None
        left = sizes["left"]
        bottom = min(BOTTOM, left)
        middle = min(MIDDLE, left - bottom)
        return left - bottom - middle, middle, bottom
    bottom = sizes.get("bottom", BOTTOM)
    middle = sizes.get("middle", MIDDLE if bottom == BOTTOM else 0)
    return sizes.get("top", 0), middle, bottom


def _complete(
    short: Mapping[str, Any], values: dict[str, Any], open_piles: list[int], problems: list[str]
) -> Deck:
    """The deck a position names by its segments, completed deterministically.

    Its pool holds the named cards (``holds``), then the cards placed nowhere else: the
    Geisha if the middle segment has room for it, the ordinary residents one kind at a
    time in turn (Nōfu, Akindo, Samurai, Daimyō, Mahō-Tsukai, Sōryo, Nōfu, …), and the
    Shōgun and the Ninjas if the top segment still has room (oriente.setup.deck). What
    is left is dealt to the open piles, a card at a time in seat order, kind by kind."""
    named: Deck = values["deck"]
    sizes = _segments(short, problems)
    if sizes is None:
        return named
    top, middle, bottom = sizes
    holds = named.pool
    under = NO_CARDS
    for u in named.under:
        under = plus(under, u)
    out = placed(values)
    free = [DECK_CARDS[c] - out[c] - holds[c] - under[c] for c in CARDS]
    for card in CARDS:
        if free[card] < 0 and not TREASURES[card] and (holds[card] or under[card]):
            named_here = holds[card] + under[card]
            problems.append(
                f"deck.holds: {named_here} {card.label} named in the deck, but only "
                f"{named_here + free[card]} are placed nowhere else; there are "
                f"{DECK_CARDS[card]} (oriente.components.cards)"
            )
    if holds[Card.SHOGUN] + holds[Card.NINJA] > top:
        problems.append(
            "deck.holds: the Shōgun and the Ninjas lie in the top segment only (oriente.setup.deck)"
        )
    if holds[Card.GEISHA] > min(1, middle):
        problems.append("deck.holds: the Geisha lies in the middle segment (oriente.setup.deck)")
    room = top + middle + bottom - sum(holds)
    if room < 0:
        problems.append(
            f"deck.holds: {sum(holds)} cards named, but the segments hold {top + middle + bottom}"
            " (oriente.setup.deck)"
        )
    if problems:
        return named
    pool = list(holds)
    free = [0 if TREASURES[c] else max(0, free[c]) for c in CARDS]

    def take(card: Card) -> None:
        nonlocal room
        pool[card] += 1
        free[card] -= 1
        room -= 1

    if free[Card.GEISHA] and middle and room:
        take(Card.GEISHA)
    while room and any(free[c] for c in ORDINARY):
        for card in ORDINARY:
            if room and free[card]:
                take(card)
    for card in (Card.SHOGUN, Card.NINJA, Card.NINJA, Card.NINJA):
        if room and free[card] and pool[Card.SHOGUN] + pool[Card.NINJA] < top:
            take(card)
    if room:
        problems.append(
            f"deck: the segments hold {top + middle + bottom} cards, but only {sum(pool)} can "
            "lie there (the others are placed, or are the Shōgun and Ninjas with no room in "
            "the top segment) (oriente.setup.deck)"
        )
    if free[Card.GEISHA]:
        problems.append(
            "deck: the Geisha is placed nowhere and the middle segment has no room for it: "
            "place it, or keep cards in the middle segment (oriente.end.geisha)"
        )
    if any(free) and not open_piles and not problems:
        problems.append(
            f"piles: {sum(free)} cards are neither placed nor in the deck; name them, or leave "
            "a pile out (null) to take them (oriente.components.cards)"
        )
    if problems:
        return named
    piles = list(values["piles"])
    turn = 0
    for card in CARDS:
        for _ in range(free[card]):
            seat = open_piles[turn % len(open_piles)]
            piles[seat] = add(piles[seat], card)
            turn += 1
    values["piles"] = tuple(piles)
    return named.but(pool=tuple(pool), top=top, middle=middle, bottom=bottom)


_NEEDED = ("residents", "piles", "deck", "discs", "face_up")


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


def invariant_problems(state: State, *, settling: bool = False) -> list[str]:
    """Every rule invariant ``state`` breaks (empty for any state reachable by play):
    the table of :mod:`rulespec.oriente.invariants`, then, once it holds (the later
    checks read the cards as the rules place them), who may be asked or act;
    ``settling``: ``load`` settles the situations play passes through inside a step
    (:func:`settled`), so it does not report them."""
    return check(state, INVARIANTS) or _turn_problems(state, settling)


def settled(state: State) -> State:
    """``state``, or where play goes from it at once: a position the rules decide on the
    spot, which play passes through inside one step, loads as written and the ruling
    decides (issue 27): a card due from an empty deck ends the game
    (oriente.end.empty_deck); an Akindo's trade against a seat without a victory card is
    over at once (oriente.akindo.empty_target)."""
    phase, a = state.phase, state.act
    if phase in _DECK_DRAWS and phase is not Phase.RESIDENTS and not state.deck.size():
        return season.empty_deck(state)
    t = None if a is None else a.target
    if phase is Phase.TRADE and t is not None and not any(state.piles[t]):
        assert a is not None
        return season.finish(abilities.empty_trade(state, t, a.gift))
    return state


_DECK_DRAWS = (Phase.RESIDENTS, Phase.BONUS, Phase.REINFORCE, Phase.REDRAW, Phase.INCOME)
_REVOLT = (Phase.JOIN, Phase.LOOT, Phase.SHARE)


def _turn_problems(state: State, settling: bool = False) -> list[str]:
    """Who may be asked or act in the phase, and what its chance needs: a position that
    play cannot reach is refused, every problem naming its rule."""
    out: list[str] = []
    phase, stone, a = state.phase, state.stone, state.act
    n = state.players
    if phase in _DECK_DRAWS and not state.deck.size() and not settling:
        out.append(
            f"deck: phase {phase.value} draws from an empty deck; play ends the game "
            "instead (oriente.end.empty_deck); the loader settles it"
        )
    if a is None:
        if phase in NEEDS_ACT:
            return out  # reported above: the phase needs the announcement in force
        return out + _between_actions(state)
    acts = NEEDS_ACT.get(phase, frozenset())
    if acts is not None and a.act not in acts:
        out.append(
            f"act: phase {phase.value} does not follow an announced {a.act.value} "
            "(oriente.season.announce)"
        )
        return out
    t = a.target
    if (a.act in TARGETED) != (t is not None) or (t is not None and not 0 <= t < n):
        out.append(
            f"act.target: {a.act.value} names "
            + (f"another seat (0 to {n - 1})" if a.act in TARGETED else "no seat")
            + f", got {t} (oriente.season.announce)"
        )
        return out
    if t == stone:
        out.append(f"act.target: seat {stone} cannot target himself (oriente.season.announce)")
        return out
    if state.residents[stone] is not None:
        found = announcing.problem(state, stone, a)
        if found is not None:
            rule, why = found
            out.append(f"act: the announcer cannot make it: {why} ({rule.id})")
            return out
    out.extend(_asked(state, t, settling))
    return out


def _between_actions(state: State) -> list[str]:
    """Nobody fights or revolts, and only with payments on is anybody asked to pay."""
    out: list[str] = []
    fighting = any(state.sides) or any(b is not None for b in state.boosts) or any(state.haul)
    if fighting and state.phase is not Phase.OVER:  # a Geisha may end the game mid-fight
        out.append("sides: fights and revolutions happen only during an action")
    if state.phase is Phase.PAY:
        if state.game.options.payments is not Payments.PAYMENTS:
            out.append("phase: nobody pays with payments off (oriente.deals.payments)")
        if state.payments_done >= state.players:
            out.append("count: every seat has had its turn to pay (oriente.deals.payments)")
    if state.phase is Phase.ANNOUNCE and state.passes >= sum(state.discs):
        out.append("count: every disc holder has passed: the season is over (oriente.season.end)")
    if state.phase is Phase.RESIDENTS:
        for k, r in enumerate(state.residents):
            if (r is None) != (k >= state.seat):
                out.append(
                    f"residents[{k}]: seats before seat {state.seat} have their first "
                    "resident, the others not yet (oriente.setup.resident)"
                )
    if state.phase in (*SETUP, Phase.BONUS):
        if not all(state.discs) or state.won_bonus or state.acted:
            out.append(
                f"discs: phase {state.phase.value} starts a season, with every disc back and "
                "nobody having acted (oriente.season.renewal)"
            )
        if state.phase is Phase.BONUS and state.seat != state.stone:
            out.append("seat: the holder of the stone draws the bonus card (oriente.setup.bonus)")
    if state.phase is Phase.TREASURES and any(r is not None for r in state.residents):
        out.append("residents: dealt only after the treasures (oriente.setup.resident)")
    return out


def _asked(state: State, t: int | None, settling: bool = False) -> list[str]:
    """Inside an action: the seat asked or dealt to is one the phase's rule names."""
    out: list[str] = []
    phase, seat, stone = state.phase, state.seat, state.stone
    sides, n = state.sides, state.players
    if phase is Phase.PRIVILEGE:
        if seat == stone:
            out.append(
                "seat: the announcer is not asked about his own announcement "
                "(oriente.privilege.ask)"
            )
        if seat == t:
            out.append(f"seat: seat {t}, the target, may not claim (oriente.privilege.not_target)")
        if any(sides) or any(state.haul):
            out.append("sides: nothing has happened yet while privileges are asked")
        return out
    if state.discs[stone]:
        out.append(f"discs: announcer seat {stone} laid his disc down to act (oriente.fulfil.disc)")
    if phase in (Phase.INCOME, Phase.TRADE):
        if seat != stone:
            out.append(f"seat: the announcer, seat {stone}, draws ({_RULE[phase]})")
        if phase is Phase.TRADE and t is not None and not any(state.piles[t]) and not settling:
            out.append(
                f"piles[{t}]: nothing to draw from; such a trade is over at once "
                "(oriente.akindo.empty_target); the loader settles it"
            )
        if any(sides) or any(state.haul):
            out.append("sides: no fight or revolution during " + phase.value)
        return out
    if phase in _REVOLT:
        return out + _revolting(state)
    if a_is_assassination(state):
        if phase is not Phase.REDRAW or seat != t:
            out.append(f"seat: the assassinated seat {t} draws (oriente.ninja.assassinate)")
        elif any(sides) or any(b is not None for b in state.boosts):
            out.append("sides: an assassination is no fight")
        elif state.residents[seat] is not None:
            out.append(f"residents[{seat}]: replaced only once taken (oriente.ninja.assassinate)")
        return out
    assert t is not None
    if sides[stone] != ATTACKER or sides[t] != DEFENDER:
        out.append(f"sides: seat {stone} attacks seat {t} (oriente.fight.reveal)")
        return out
    for k in range(n):
        if k in (stone, t):
            continue
        if sides[k] != OUT and (state.discs[k] or not state.face_up[k]):
            out.append(
                f"sides[{k}]: a supporter lays down his disc and reveals (oriente.fight.support)"
            )
    if not state.face_up[t] and state.residents[t] is not None:
        out.append(f"face_up[{t}]: the defender reveals (oriente.fight.reveal)")
    out.extend(_fight_seat(state, t))
    return out


def a_is_assassination(state: State) -> bool:
    """Whether the action in force is an assassination."""
    return state.act is not None and state.act.act is Act.ASSASSINATE


_RULE = {
    Phase.INCOME: "oriente.daimyo.income",
    Phase.TRADE: "oriente.akindo.trade",
}


def _fight_seat(state: State, t: int) -> list[str]:
    """The seat asked or drawing in a fight, and the reinforcement cards turned up."""
    out: list[str] = []
    phase, seat, stone = state.phase, state.seat, state.stone
    boosts, sides = state.boosts, state.sides
    fighters = (stone, t)
    invited = state.game.options.support_order is SupportOrder.INVITED
    if any(state.invited):
        if not invited:
            out.append(
                "invited: nobody is invited with support_order open (oriente.fight.support_order)"
            )
        if any(state.invited[k] for k in fighters):
            out.append("invited: a fighter is never invited to support")
    if phase is Phase.INVITE:
        if not invited:
            out.append(
                "phase: nobody invites with support_order open (oriente.fight.support_order)"
            )
        if seat not in fighters:
            out.append(
                f"seat: only the fighters, seats {stone} and {t}, invite "
                "(oriente.fight.support_order)"
            )
    if phase is Phase.SUPPORT:
        if seat in fighters:
            out.append(f"seat: fighter seat {seat} is not asked to support (oriente.fight.support)")
        if invited and not state.invited[seat]:
            out.append(
                f"seat: only invited seats answer, not seat {seat} (oriente.fight.support_order)"
            )
    if phase in (Phase.INVITE, Phase.SUPPORT) and any(b is not None for b in boosts):
        out.append("boosts: reinforcements come once support is settled (oriente.fight.samurai)")
    if phase is Phase.REINFORCE:
        order = [(stone + k) % state.players for k in range(state.players)]
        done = order[: order.index(seat)]
        if sides[seat] == OUT or state.residents[seat] is not Card.SAMURAI:
            out.append(f"seat: seat {seat} has no Samurai in the fight (oriente.fight.samurai)")
        for k in order:
            samurai = sides[k] != OUT and state.residents[k] is Card.SAMURAI
            if (boosts[k] is not None) != (samurai and k in done):
                out.append(
                    f"boosts[{k}]: each Samurai in the fight turns up one card, clockwise "
                    f"from the attacker (oriente.fight.samurai)"
                )
    if phase in (Phase.PICK, Phase.REDRAW):
        if seat not in fighters or state.residents[seat] is not None:
            out.append(
                "seat: the fight's loser, whose resident was taken, replaces it "
                "(oriente.fight.capture)"
            )
        if any(state.residents[k] is None for k in range(state.players) if k != seat):
            out.append("residents: only the loser's resident is taken (oriente.fight.capture)")
    if phase is Phase.PICK:
        if not fight.pickable(state):
            out.append("boosts: no reinforcement card to pick (oriente.fight.reinforcement_pick)")
        if any(boosts[k] is not None for k in range(state.players) if sides[k] == OUT):
            out.append("boosts: reinforcements belong to Samurai in the fight")
    elif phase is Phase.REDRAW and any(b is not None for b in boosts):
        out.append(
            "boosts: a loser with reinforcement cards picks one instead of drawing "
            "(oriente.fight.reinforcement_pick)"
        )
    return out


def _revolting(state: State) -> list[str]:
    """Join, loot and share: the revolution's sides and who is asked or dealt to."""
    out: list[str] = []
    phase, seat, stone, sides = state.phase, state.seat, state.stone, state.sides
    if sides[stone] != ATTACKER:
        out.append(
            f"sides[{stone}]: the announcing Nōfu leads the revolution "
            "(oriente.nofu.revolution_join)"
        )
    if any(b is not None for b in state.boosts) or any(state.invited):
        out.append("boosts: a revolution is no fight")
    for k, side in enumerate(sides):
        if k == stone or side != ATTACKER:
            continue
        if state.residents[k] is not Card.NOFU or state.discs[k] or not state.face_up[k]:
            out.append(
                f"sides[{k}]: a joiner shows a Nōfu and lays down his disc "
                "(oriente.nofu.revolution_join)"
            )
    if phase is Phase.JOIN:
        if seat == stone:
            out.append("seat: the announcing Nōfu asks the others (oriente.nofu.revolution_join)")
        if DEFENDER in sides or any(state.haul):
            out.append(
                "sides: victims are found only after everyone was asked "
                "(oriente.nofu.revolution_strength)"
            )
        return out
    if not all(state.face_up[k] for k, r in enumerate(state.residents) if r is not None):
        out.append(
            "face_up: everyone reveals once the revolution breaks out "
            "(oriente.nofu.revolution_victims)"
        )
    if phase is Phase.LOOT and sides[seat] != DEFENDER:
        out.append(
            f"seat: only victims give up cards, not seat {seat} (oriente.nofu.revolution_loot)"
        )
    if phase is Phase.SHARE:
        if sides[seat] != ATTACKER:
            out.append(
                f"seat: the pool goes to revolutionaries, not seat {seat} "
                "(oriente.nofu.revolution_share)"
            )
        if not any(state.haul):
            out.append("haul: the deal ends when the pool is empty (oriente.nofu.revolution_share)")
    return out
