"""The negotiation variant: a public window before each secret stage in which players,
in turn from the emperor, may give one another cards, then pass
(lotus.variant.negotiation_window). Promises are never enforced."""

from __future__ import annotations

from rulespec.core.immutable import put
from rulespec.core.kernel import Problem, enter
from rulespec.core.rules import rule_of
from rulespec.core.trace import decided
from rulespec.lotus.actions import Action, Give, Pass
from rulespec.lotus.state import Gift, Phase, State

_PASS = Pass()


def open_window(s: State, resume: Phase) -> State:
    """Each player in turn from the emperor may give cards, then passes; ``resume`` is
    the secret stage that follows."""
    order = s.order_from_emperor()
    decided("lotus.variant.negotiation", "negotiation is on: a window for gifts opens first")
    decided(
        "lotus.variant.negotiation_window",
        "before the secret stage each player in turn from the emperor may give cards, "
        "openly, then passes",
    )
    return s.but(phase=Phase.NEGOTIATE, seat=order[0], queue=order[1:], resume=resume, gifts=())


def legal(s: State) -> tuple[Action, ...]:
    """Pass, or give another seat some influence or some combat points."""
    out: list[Action] = [_PASS]
    for to in range(s.players):
        if to == s.seat:
            continue
        out.extend(Give(to, k, 0) for k in range(1, s.influence[s.seat] + 1))
        out.extend(Give(to, 0, k) for k in range(1, s.combat[s.seat] + 1))
    return tuple(out)


def check_give(s: State, a: Give) -> Problem:
    """A positive amount of one kind of points, to another seat, from what one holds."""
    if a.to == s.seat or not 0 <= a.to < s.players:
        return rule_of(
            "lotus.variant.negotiation_window"
        ), f"seat {s.seat} can only give to another seat"
    if a.influence < 0 or a.combat < 0 or (a.influence > 0) == (a.combat > 0):
        return rule_of("lotus.variant.negotiation_window"), (
            "a gift is a positive number of influence points or of combat points; "
            "give both as two gifts"
        )
    if a.influence > s.influence[s.seat] or a.combat > s.combat[s.seat]:
        return rule_of("lotus.cards.points_model"), f"seat {s.seat} does not hold that many points"
    return None


def give(s: State, a: Give) -> State:
    """The points change hands at once, in public: the window's record of gifts
    (``State.gifts``) shows them to every seat."""
    giver, to = s.seat, a.to
    influence = put(s.influence, giver, s.influence[giver] - a.influence)
    influence = put(influence, to, influence[to] + a.influence)
    combat = put(s.combat, giver, s.combat[giver] - a.combat)
    combat = put(combat, to, combat[to] + a.combat)
    return s.but(influence=influence, combat=combat, gifts=_recorded(s.gifts, giver, a))


def _recorded(gifts: tuple[Gift, ...], giver: int, a: Give) -> tuple[Gift, ...]:
    """``gifts`` with ``a`` added to the total of its pair (a new pair goes last)."""
    for i, (g, to, influence, combat) in enumerate(gifts):
        if (g, to) == (giver, a.to):
            return put(gifts, i, (g, to, influence + a.influence, combat + a.combat))
    return (*gifts, (giver, a.to, a.influence, a.combat))


def pass_(s: State, a: Pass) -> State:
    """The next player's turn in the window, or the secret stage."""
    if s.queue:
        return s.but(seat=s.queue[0], queue=s.queue[1:])
    assert s.resume is not None
    return enter(s, s.resume)
