"""Phase 5: new cards. Everyone is paid in turn order from the emperor; a palace owner
first chooses influence or combat for each palace."""

from __future__ import annotations

import functools

from rulespec.core.immutable import put
from rulespec.core.kernel import Problem
from rulespec.lotus import expansion
from rulespec.lotus import rules as steps
from rulespec.lotus.actions import Action, PalaceIncome
from rulespec.lotus.components import Building
from rulespec.lotus.rulebook import RULEBOOK
from rulespec.lotus.state import Phase, State
from rulespec.lotus.variant import CardSupply

R_PALACE = RULEBOOK.get("lotus.income.palace")


def begin(s: State) -> State:
    """Income for everyone, the emperor first."""
    return _next(s.but(queue=s.order_from_emperor()))


def _next(s: State) -> State:
    """Pay everyone in turn order from the emperor (lotus.income.order); a palace
    owner first chooses (lotus.income.palace)."""
    state = s
    while state.queue:
        seat = state.queue[0]
        if state.held(seat)[Building.PALACE]:
            return state.but(phase=Phase.PALACE_INCOME, seat=seat)
        state = _pay(state, seat, 0).but(queue=state.queue[1:])
    return expansion.begin(state)


def _pay(s: State, seat: int, combat_palaces: int) -> State:
    """One player's income, as far as the bank lasts (lotus.income.supply_limit)."""
    gain_i, gain_c = steps.income(s.held(seat), combat_palaces)
    if s.game.options.card_supply is CardSupply.LIMITED:
        gain_i = min(gain_i, max(s.bank[0], 0))
        gain_c = min(gain_c, max(s.bank[1], 0))
    return s.but(
        influence=put(s.influence, seat, s.influence[seat] + gain_i),
        combat=put(s.combat, seat, s.combat[seat] + gain_c),
        bank=(s.bank[0] - gain_i, s.bank[1] - gain_c),
    )


def legal(s: State) -> tuple[Action, ...]:
    """How many of one's palaces pay combat instead of influence: none to all."""
    return _palace_choices(s.held(s.seat)[Building.PALACE])


def check(s: State, a: PalaceIncome) -> Problem:
    """At most as many palaces as one owns (lotus.income.palace)."""
    palaces = s.held(s.seat)[Building.PALACE]
    if not 0 <= a.combat <= palaces:
        return R_PALACE, f"seat {s.seat} owns {palaces} palace(s), cannot take {a.combat} as combat"
    return None


def palace_income(s: State, a: PalaceIncome) -> State:
    """The palace owner is paid as he chose; the next is paid."""
    return _next(_pay(s, s.seat, a.combat).but(queue=s.queue[1:]))


@functools.lru_cache(maxsize=64)  # values: the same tuple serves every owner of that many palaces
def _palace_choices(palaces: int) -> tuple[Action, ...]:
    return tuple(PalaceIncome(k) for k in range(palaces + 1))
