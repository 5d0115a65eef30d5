"""Phase 5: new cards. Everyone is paid in turn order from the emperor; a palace owner
first chooses influence or combat for each palace. With card_supply = 'pro_rata' every
palace owner chooses first and a short bank is then shared in proportion to what each
player is owed (lotus.income.supply_limit)."""

from __future__ import annotations

import functools

from rulespec.core import trace
from rulespec.core.kernel import Problem, enter
from rulespec.core.rules import rule_of
from rulespec.core.trace import decided
from rulespec.core.words import count, listing
from rulespec.lotus import rules as steps
from rulespec.lotus.actions import Action, PalaceIncome
from rulespec.lotus.components import Building
from rulespec.lotus.state import IncomeReveal, Phase, State
from rulespec.lotus.variant import CardSupply


def begin(s: State) -> State:
    """Income for everyone, the emperor first."""
    if trace.TRACING:
        decided(
            "lotus.income.order",
            "phase 5: everyone is paid in turn from the emperor: seats "
            + ", ".join(map(str, s.order_from_emperor())),
        )
    if s.game.options.card_supply is CardSupply.PRO_RATA:
        return _next_pro_rata(s, s.order_from_emperor(), IncomeReveal())
    return _next(s, s.order_from_emperor())


def _next(s: State, queue: tuple[int, ...], chosen: tuple[int, int] | None = None) -> State:
    """Pay everyone in ``queue``, in turn order from the emperor (lotus.income.order); a
    palace owner first chooses (lotus.income.palace). ``chosen`` is a palace owner's
    choice just made, (seat, palaces paying combat), paid first. Every payment goes into
    the one new state made where the paying stops."""
    influence, combat, bank = list(s.influence), list(s.combat), list(s.bank)
    limited = s.game.options.card_supply is CardSupply.LIMITED

    def pay(seat: int, combat_palaces: int) -> None:
        """One player's income, as far as the bank lasts (lotus.income.supply_limit)."""
        gain_i, gain_c = steps.income(s.held(seat), combat_palaces)
        if trace.TRACING:
            _trace_income(seat, s.held(seat), combat_palaces)
            if gain_i > bank[0] or gain_c > bank[1]:  # the bank runs short: the option decides
                decided(
                    "lotus.income.supply_limit",
                    f"seat {seat} is owed {gain_i} influence and {gain_c} combat, but the bank "
                    f"holds {max(bank[0], 0)} and {max(bank[1], 0)}: "
                    + ("he gets what is left" if limited else "he is paid in full all the same"),
                )
        if limited:
            gain_i = min(gain_i, max(bank[0], 0))
            gain_c = min(gain_c, max(bank[1], 0))
        influence[seat] += gain_i
        combat[seat] += gain_c
        bank[0] -= gain_i
        bank[1] -= gain_c

    if chosen is not None:
        pay(*chosen)
    for k, seat in enumerate(queue):
        if s.held(seat)[Building.PALACE]:
            return s.but(
                phase=Phase.PALACE_INCOME,
                seat=seat,
                queue=queue[k:],
                influence=tuple(influence),
                combat=tuple(combat),
                bank=(bank[0], bank[1]),
            )
        pay(seat, 0)
    state = s.but(
        queue=(), influence=tuple(influence), combat=tuple(combat), bank=(bank[0], bank[1])
    )
    return enter(state, Phase.DRAW)


def _next_pro_rata(s: State, queue: tuple[int, ...], record: IncomeReveal) -> State:
    """card_supply = 'pro_rata': the next palace owner in ``queue`` chooses (his choice is
    public, kept in ``record``); once nobody is left to choose, everyone is paid at once."""
    for k, seat in enumerate(queue):
        if s.held(seat)[Building.PALACE]:
            return s.but(phase=Phase.PALACE_INCOME, seat=seat, queue=queue[k:], last=record)
    chosen = dict(record.choices)
    owed = {seat: steps.income(s.held(seat), chosen.get(seat, 0)) for seat in range(s.players)}
    if trace.TRACING:
        for seat in range(s.players):
            _trace_income(seat, s.held(seat), chosen.get(seat, 0))
    influence = steps.pro_rata([owed[seat][0] for seat in range(s.players)], s.bank[0])
    combat = steps.pro_rata([owed[seat][1] for seat in range(s.players)], s.bank[1])
    short = influence != [i for i, _ in owed.values()] or combat != [c for _, c in owed.values()]
    if short and trace.TRACING:
        decided(
            "lotus.income.supply_limit",
            f"the bank holds {s.bank[0]} influence and {s.bank[1]} combat, less than the "
            f"{sum(i for i, _ in owed.values())} and {sum(c for _, c in owed.values())} owed: "
            "it is shared out pro rata",
        )
    record = record.but(
        owed=tuple((seat, i, c) for seat, (i, c) in owed.items()),
        paid=tuple((seat, influence[seat], combat[seat]) for seat in range(s.players)),
    )
    state = s.but(
        queue=(),
        influence=tuple(h + g for h, g in zip(s.influence, influence, strict=True)),
        combat=tuple(h + g for h, g in zip(s.combat, combat, strict=True)),
        bank=(s.bank[0] - sum(influence), s.bank[1] - sum(combat)),
        last=record,
    )
    return enter(state, Phase.DRAW)


def legal(s: State) -> tuple[Action, ...]:
    """How many of one's palaces pay combat instead of influence: none to all."""
    return _palace_choices(s.held(s.seat)[Building.PALACE])


def check(s: State, a: PalaceIncome) -> Problem:
    """At most as many palaces as one owns (lotus.income.palace)."""
    palaces = s.held(s.seat)[Building.PALACE]
    if not 0 <= a.combat <= palaces:
        return rule_of(
            "lotus.income.palace"
        ), f"seat {s.seat} owns {palaces} palace(s), cannot take {a.combat} as combat"
    return None


def palace_income(s: State, a: PalaceIncome) -> State:
    """The palace owner is paid as he chose (with pro-rata income, his choice is noted and
    everyone is paid later); the next is paid."""
    if trace.TRACING:
        palaces = s.held(s.seat)[Building.PALACE]
        decided(
            "lotus.income.palace",
            f"seat {s.seat} chose how his {count(palaces, 'palace')} pay: {a.combat} with 1 "
            f"combat each, {palaces - a.combat} with 2 influence each",
        )
    if s.game.options.card_supply is CardSupply.PRO_RATA:
        assert isinstance(s.last, IncomeReveal)
        record = s.last.but(choices=(*s.last.choices, (s.seat, a.combat)))
        return _next_pro_rata(s, s.queue[1:], record)
    return _next(s, s.queue[1:], (s.seat, a.combat))


def _trace_income(seat: int, held: tuple[int, ...], combat_palaces: int) -> None:
    """Count the income rules one payment follows, in words (only while tracing)."""
    gain_i, gain_c = steps.income(held, combat_palaces)
    decided(
        "lotus.income.base",
        f"seat {seat} receives 10 influence and 2 combat, {gain_i} and {gain_c} in all with "
        "his buildings",
    )
    if held[Building.TEMPLE]:
        decided(
            "lotus.income.temple",
            f"seat {seat} owns {_owned(held[Building.TEMPLE], Building.TEMPLE)}: 3 influence "
            "for each",
        )
    if held[Building.RICE]:
        decided(
            "lotus.income.rice",
            f"seat {seat} owns {_owned(held[Building.RICE], Building.RICE)}: 1 influence and 1 "
            "combat for each",
        )
    if held[Building.FORTRESS]:
        decided(
            "lotus.income.fortress",
            f"seat {seat} owns {_owned(held[Building.FORTRESS], Building.FORTRESS)}: 2 combat "
            "for each",
        )
    if held[Building.VILLAGE]:
        decided(
            "lotus.income.village",
            f"seat {seat} owns {_owned(held[Building.VILLAGE], Building.VILLAGE)}: nothing for "
            "them",
        )
    if max(held) > 1:
        many = listing(_owned(k, b) for b, k in zip(Building, held, strict=True) if k > 1)
        decided("lotus.income.per_building", f"seat {seat} is paid for each of his {many}")


def _owned(k: int, building: Building) -> str:
    """``2 temples``, ``1 rice field``."""
    return count(k, {"rice": "rice field"}.get(building.label, building.label))


@functools.lru_cache(maxsize=64)  # values: the same tuple serves every owner of that many palaces
def _palace_choices(palaces: int) -> tuple[Action, ...]:
    return tuple(PalaceIncome(k) for k in range(palaces + 1))
