"""What White Lotus hides from a seat, and how :meth:`State.resample` redraws it.

Hidden from seat ``p`` along a history (checked against the views in
:mod:`rulespec.lotus.observation`):

- the other seats' secret commitments not revealed yet: this round's conflict bids, the
  rebellion's sides (until the combat, or until the combat is revealed: the variant's
  ``side_reveal``) and its combat commitments. Once revealed they are public and kept.

Not hidden, so never redrawn: the other seats' card points (they start public and change
only by public income, revealed payments, the open banks and, with the negotiation
option, gifts, which every view shows: ruling lotus.variant.negotiation_window; so they
follow from ``p``'s views) and the face-down neutral chips' composition (the 68 chips
less those dealt and drawn, all face up). One case is left as played: with the limited
card supply, when both banks run dry during one income round, a palace owner's choice
between influence and combat can leave the banks as they would be otherwise; it is not
redrawn.

A seat's legal commitments depend only on its own points and public facts, so each
pending commitment is redrawn uniformly among that seat's legal ones at its point of the
history: this is exactly uniform over the consistent assignments. A pending commitment
shows only in the record of the round under way (``conflict.bids``, ``rebellion.sides``
and ``rebellion.commits``), so the drawn history's state is the state with those entries
replaced: nothing is replayed (:func:`rulespec.core.resample.sample`).

A state read from a position (no history) has hidden card points of its own: the other
seats' influence and combat are redrawn uniformly among the splits of what the banks and
``p``'s own points leave, jointly with the pending commitments (uniform over the pairs).
When such a position has a history after it, what was played since is evidence about the
points (a bid needs the influence it names), so that rare case is drawn by history
substitution (:func:`rulespec.core.resample.resample`: a replay per proposal).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rulespec.core import history as histories
from rulespec.core import resample as core
from rulespec.lotus import secrecy
from rulespec.lotus.actions import Bid, ChooseSide, CommitCombat
from rulespec.lotus.components import COMBAT_POINTS, INFLUENCE_POINTS, Side
from rulespec.lotus.state import Phase, State
from rulespec.lotus.variant import SideReveal

SECRET = (Bid, ChooseSide, CommitCombat)
"""The secret commitments."""


def resample(state: State, player: int, rng: random.Random) -> State:
    """:meth:`State.resample`, the seat checked."""
    found: State = core.sample(state, player, rng, build, plan)
    return found


def build(past: core.Past) -> core.Sampler | None:
    """The sampler: each pending commitment of another seat drawn uniformly among its
    seat's legal ones, the round's record changed to match; for a position without a
    history, its points and commitments drawn together (:func:`deal`); ``None`` for a
    position with a history after it (drawn by :func:`plan`)."""
    state: State = past.state
    player = past.player
    if past.moves and _has_hidden_points(past.root):
        return None
    if not past.moves:
        if not _has_hidden_points(state):
            return _same
        seen = state.observation(player)

        def dealt(rng: random.Random) -> core.Drawn | None:
            new = deal(state, player, rng)
            if new is None or new.observation(player) != seen:
                return None
            return core.SAME if new == state else core.Drawn({}, new, new)

        return dealt
    pending = []
    states = past.states
    for i in _pending(past):
        mover = histories.acting(states[i], past.moves[i][1])
        pending.append((i, mover.seat, past.moves[i][0], mover.legal_actions()))
    if not pending:
        return _same

    def draw(rng: random.Random) -> core.Drawn:
        changes = {}
        for i, _, was, legal in pending:
            drawn = legal[rng.randrange(len(legal))]
            if drawn != was:
                changes[i] = drawn
        if not changes:
            return core.SAME
        made = [(seat, changes.get(i, was)) for i, seat, was, _ in pending]
        return core.Drawn(changes, _recorded(state, made))

    return draw


def _same(rng: random.Random) -> core.Drawn:
    return core.SAME


def _pending(past: core.Past) -> list[int]:
    """The history indices of the other seats' commitments not revealed yet."""
    pending: list[int] = []
    states = past.states
    for i, (action, seat) in enumerate(past.moves):
        before, after = states[i], states[i + 1]
        if isinstance(action, SECRET) and histories.acting(before, seat).seat != past.player:
            pending.append(i)
        if secrecy.reveals(before, after):
            pending.clear()
    return pending


def _recorded(state: State, made: Sequence[tuple[int, Any]]) -> State:
    """``state`` with the round's record showing the commitments ``made`` (seat, action)."""
    bids = {seat: a for seat, a in made if type(a) is Bid}
    sides = {seat: a.side for seat, a in made if type(a) is ChooseSide}
    commits = {seat: a.combat for seat, a in made if type(a) is CommitCombat}
    c, r = state.conflict, state.rebellion
    if bids:
        assert c is not None
        state = state.but(conflict=c.but(bids=tuple((s, bids.get(s, b)) for s, b in c.bids)))
    if sides or commits:
        assert r is not None
        state = state.but(
            rebellion=r.but(
                sides=tuple((s, sides.get(s, x)) for s, x in r.sides),
                commits=tuple((s, commits.get(s, x)) for s, x in r.commits),
            )
        )
    return state


def plan(state: State, player: int, root: State, actions: Sequence[Any]) -> core.Proposer:
    """The proposer for history substitution (a position with hidden points and a history
    after it): the pending commitments as :func:`build` finds them, and the position's
    points and commitments drawn by :func:`deal`."""
    hidden: dict[int, core.Replacement] = dict.fromkeys(_pending(core.Past(state, player)), _LEGAL)

    def propose(rng: random.Random) -> Mapping[int, core.Replacement] | None:
        new_root = deal(root, player, rng)
        if new_root is None:
            return None
        return {core.ROOT: new_root, **hidden}

    return propose


_LEGAL = core.Choices(lambda before: before.legal_actions())
"""Any legal action of the step's seat (a secret commitment: all keep the view)."""


def _has_hidden_points(root: State) -> bool:
    """True if ``root`` is not a game's initial state (a position, whose other seats'
    points are hidden)."""
    return bool(root != root.game.initial_state())


# --- a state without history -------------------------------------------------------------


def deal(state: State, player: int, rng: random.Random) -> State | None:
    """The other seats' points and pending commitments of a position, redrawn uniformly
    over the (points, commitments) pairs consistent with ``player``'s view; ``None`` if
    this draw is rejected (one of the rejection steps that make it uniform)."""
    others = [s for s in range(state.players) if s != player]
    influence = list(state.influence)
    combat = list(state.combat)
    left_i = INFLUENCE_POINTS - state.bank[0] - state.influence[player]
    left_c = COMBAT_POINTS - state.bank[1] - state.combat[player]
    for seat, x in zip(others, _split(left_i, len(others), rng), strict=True):
        influence[seat] = x
    for seat, x in zip(others, _split(left_c, len(others), rng), strict=True):
        combat[seat] = x
    new = state.but(influence=tuple(influence), combat=tuple(combat))
    top = new.but(influence=(max(left_i, 0),) * new.players, combat=(max(left_c, 0),) * new.players)
    c, r = new.conflict, new.rebellion
    if new.phase is Phase.BID and c is not None:
        bids = []
        for seat, old in c.bids:
            drawn = old if seat == player else _uniform(new, top, seat, rng)
            if not isinstance(drawn, Bid):
                return None
            bids.append((seat, drawn))
        new = new.but(conflict=c.but(bids=tuple(bids)))
    elif r is not None and new.phase in {Phase.SIDE, Phase.COMBAT}:
        hide = new.phase is Phase.SIDE or new.game.side_reveal is SideReveal.WITH_COMBAT
        sides = tuple(
            (seat, rng.choice(_SIDES) if hide and seat != player else side)
            for seat, side in r.sides
        )
        commits = []
        for seat, points in r.commits:
            drawn = CommitCombat(points) if seat == player else _uniform(new, top, seat, rng)
            if not isinstance(drawn, CommitCombat):
                return None
            commits.append((seat, drawn.combat))
        new = new.but(rebellion=r.but(sides=sides, commits=tuple(commits)))
    return new


_SIDES = (Side.EMPEROR, Side.REBELS)


def _uniform(state: State, top: State, seat: int, rng: random.Random) -> Any:
    """A legal commitment of ``seat`` drawn uniformly, or ``None``: rejected with
    probability 1 - (its legal commitments) / (those it would have with every point
    left), which makes the (points, commitment) pairs uniform."""
    legal = state.but(seat=seat).legal_actions()
    if rng.randrange(len(top.but(seat=seat).legal_actions())) >= len(legal):
        return None
    return rng.choice(legal)


def _split(total: int, parts: int, rng: random.Random) -> list[int]:
    """``total`` split into ``parts`` whole numbers of at least 0, every split equally
    likely (stars and bars)."""
    if parts == 0:
        return []
    bars = sorted(rng.sample(range(total + parts - 1), parts - 1))
    out, last = [], -1
    for b in [*bars, total + parts - 1]:
        out.append(b - last - 1)
        last = b
    return out
