"""What Mandala hides from a seat, and how :meth:`State.resample` redraws it.

Hidden from seat ``p`` (ruling mandala.info.public, :mod:`rulespec.mandala.observation`):
the colours of the cards the other seats draw (in the deal and in step 2) and so their
hands, and the draw pile's composition. Everything else is public: plays, tiles, the
discard pile, hand and pile sizes.

The distribution sampled: the draw pile as a fair shuffle deals it, card by card,
conditioned on everything ``p`` has seen. The history is cut into *epochs*: the first
starts with the full deck (or, for a history from a position, with every card ``p``
cannot see at the root: the other hands and the draw pile), each later one with the
discard pile shuffled into a new draw pile when the old one ran out (its composition is
public). An epoch's cards are dealt in a uniformly random order to its draws and, in the
last epoch, to the cards still in the pile; ``p``'s own draws are conditioned on (their
colours are fixed). The other seats' plays are evidence only of feasibility (a seat must
hold the cards it plays): choices are not modelled. A history where some seat could not
have made one of its public plays is rejected and the deal redrawn, so the result is
exactly the fair shuffle conditioned on ``p``'s information state.

A state without history (read from a position) has no past: the cards ``p`` cannot see
are dealt uniformly to the other hands and the draw pile (sizes as shown).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rulespec.core import resample as core
from rulespec.mandala.actions import DRAWS, DrawCard
from rulespec.mandala.components import COLOURS, FULL_DECK, NUM_COLOURS, Counts, plus
from rulespec.mandala.state import State


def resample(state: State, player: int, rng: random.Random) -> State:
    """:meth:`State.resample`, the seat checked."""
    found: State = core.resample(state, player, rng, plan)
    return found


def unseen(state: State, player: int) -> list[int]:
    """Per colour, the cards ``player`` cannot see: the other hands and the draw pile."""
    seen = plus(state.hands[player], state.discard)
    for area in state.mandalas:
        for counts in (*area.up, *area.down):
            seen = plus(seen, counts)
    return [full - s for full, s in zip(FULL_DECK, seen, strict=True)]


class Problem:
    """The hidden draws of a history and what the public plays demand of them."""

    def __init__(self, player: int, root: State, actions: Sequence[Any]) -> None:
        n = root.players
        self.player = player
        self.root = root
        # slots: the hidden cards in time order, each (history index or ROOT, seat, epoch)
        self.slots: list[tuple[int, int, int]] = []
        for seat in range(n):
            if seat != player:
                self.slots.extend([(core.ROOT, seat, 0)] * sum(root.hands[seat]))
        self.epochs: list[list[int]] = [unseen(root, player)]  # cards dealt in each epoch
        self.original: list[int] = []  # the colour each slot has in the history
        for seat in range(n):
            if seat != player:
                for c in COLOURS:
                    self.original.extend([c] * root.hands[seat][c])
        # per seat: checks (slots of the seat so far, colour, cards needed from them)
        self.checks: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        public = [[0] * NUM_COLOURS for _ in range(n)]  # hand changes seen by everyone
        own = [sum(root.hands[s]) if s != player else 0 for s in range(n)]
        before = root
        for i, action in enumerate(actions):
            after = before.apply(action)
            drawer = -1
            if isinstance(action, DrawCard):
                drawer = before.seat
                if not any(before.deck):  # a reshuffle: a new epoch, its cards public
                    self.epochs.append(list(before.discard))
                if drawer == player:
                    self.epochs[-1][action.colour] -= 1
                else:
                    self.slots.append((i, drawer, len(self.epochs) - 1))
                    self.original.append(action.colour)
                    own[drawer] += 1
            for seat in range(n):
                if seat == player:
                    continue
                changed = False
                for c in COLOURS:
                    d = after.hands[seat][c] - before.hands[seat][c]
                    if seat == drawer and c == action.colour:
                        d -= 1
                    if d:
                        public[seat][c] += d
                        changed = changed or d < 0
                if changed:
                    for c in COLOURS:
                        if public[seat][c] < 0:
                            self.checks[seat].append((own[seat], c, -public[seat][c]))
            before = after
        self.remainder = sum(before.deck)  # cards still in the last epoch's pile
        self.final = before

        self.of_seat: list[list[int]] = [[] for _ in range(n)]  # slot numbers per seat
        for k, (_, seat, _) in enumerate(self.slots):
            self.of_seat[seat].append(k)

    def feasible(self, colours: Sequence[int]) -> bool:
        """True if every seat held the cards of each of its public plays."""
        return all(self.holds(seat, colours) for seat in range(len(self.checks)))

    def holds(self, seat: int, colours: Sequence[int]) -> bool:
        """True if ``seat`` held the cards of each of its public plays."""
        mine = self.of_seat[seat]
        counts = [0] * NUM_COLOURS
        done = 0
        for k, c, need in self.checks[seat]:
            while done < k:
                counts[colours[mine[done]]] += 1
                done += 1
            if counts[c] < need:
                return False
        return True

    def start(self, rng: random.Random) -> tuple[list[int], list[int]] | None:
        """A feasible deal found without looking at the history's own cards: the slots in
        time order, each given a random colour its epoch still has, backtracking where a
        seat could no longer cover a public play with the slots it has left. ``None`` if
        :data:`START_BUDGET` choices do not find one. Returns the slots' colours and the
        last epoch's pile."""
        left = [list(e) for e in self.epochs]
        seats = [seat for _, seat, _ in self.slots]
        epochs = [e for _, _, e in self.slots]
        counts = [[0] * NUM_COLOURS for _ in self.checks]
        done = [0] * len(self.checks)
        colours: list[int] = []
        options: list[list[int]] = []
        budget = START_BUDGET
        while len(colours) < len(self.slots):
            k = len(colours)
            if len(options) == k:
                order: list[int] = [c for c in COLOURS if left[epochs[k]][c] > 0]
                rng.shuffle(order)
                # colours the seat will be short of come last, so they are tried first
                wanted = self._wanted(seats[k], counts[seats[k]], done[seats[k]])
                order.sort(key=lambda c: c in wanted)
                options.append(order)
            seat, epoch = seats[k], epochs[k]
            placed = False
            while options[k] and budget > 0:
                c = options[k].pop()
                budget -= 1
                counts[seat][c] += 1
                done[seat] += 1
                if self._coverable(seat, counts[seat], done[seat]):
                    left[epoch][c] -= 1
                    colours.append(c)
                    placed = True
                    break
                counts[seat][c] -= 1
                done[seat] -= 1
            if placed:
                continue
            if budget <= 0 or k == 0:
                return None
            options.pop()
            c = colours.pop()  # backtrack: take back the previous slot's colour
            prev = len(colours)
            counts[seats[prev]][c] -= 1
            done[seats[prev]] -= 1
            left[epochs[prev]][c] += 1
        last = left[len(self.epochs) - 1]
        rest: list[int] = [c for c in COLOURS for _ in range(last[c])]
        return colours, rest

    def _wanted(self, seat: int, counts: Sequence[int], done: int) -> set[int]:
        """The colours ``seat`` still needs for a later public play."""
        return {c for k, c, need in self.checks[seat] if k > done and counts[c] < need}

    def _coverable(self, seat: int, counts: Sequence[int], done: int) -> bool:
        """Whether ``seat``, holding ``counts`` from its first ``done`` slots, passed every
        public play so far and can still cover each later one with the slots it has left
        before it."""
        short = [0] * NUM_COLOURS
        for k, c, need in self.checks[seat]:
            if k < done:
                continue  # checked when the seat had exactly k slots
            if k == done:
                if counts[c] < need:
                    return False
                continue
            short[c] = max(short[c], need - counts[c])
            if sum(short) > k - done:
                return False
        return True

    def mix(self, rng: random.Random, sweeps: int) -> list[int]:
        """A Markov chain on the hidden colours: swap two cards of one epoch (two hidden
        draws, or a draw and a card still in the last pile), kept if every seat still
        holds what it plays. Symmetric, so the uniform distribution over feasible deals
        is its stationary one; ``sweeps`` proposals per card. It starts from a deal found
        by :meth:`start`, which never looks at the history's own cards, and from the
        history's own deal only if that search runs out of budget (common with 3 or 4
        seats past the early game), then with :data:`SWEEPS_FROM_HISTORY` proposals per
        card. Measured on mid-game histories (2, 3, 4 seats), the share of hidden cards
        left at their true colour after 20 sweeps from the history's own deal was 0.24,
        0.23 and 0.25, against 0.23, 0.22 and 0.24 after 400: the chain forgets its start
        within a few sweeps, but the sample is close to, not exactly, uniform."""
        found = self.start(rng)
        if found is not None:
            colours, rest = found
        else:
            colours = list(self.original)
            rest = [c for c in COLOURS for _ in range(self.final.deck[c])]
            sweeps = max(sweeps, SWEEPS_FROM_HISTORY)
        last = len(self.epochs) - 1
        groups: list[list[int]] = [[] for _ in self.epochs]
        for k, (_, _, e) in enumerate(self.slots):
            groups[e].append(k)
        groups[last].extend(range(-1, -len(rest) - 1, -1))  # -1 - j: the pile's card j
        positions = [(e, k) for e, group in enumerate(groups) for k in group]
        seats = [seat for _, seat, _ in self.slots]
        for _ in range(sweeps * len(positions)):
            e, a = positions[rng.randrange(len(positions))]
            group = groups[e]
            if len(group) < 2:
                continue
            b = group[rng.randrange(len(group) - 1)]
            if b == a:
                b = group[-1]
            ca = colours[a] if a >= 0 else rest[-1 - a]
            cb = colours[b] if b >= 0 else rest[-1 - b]
            if ca == cb:
                continue
            for k, c in ((a, cb), (b, ca)):
                if k >= 0:
                    colours[k] = c
                else:
                    rest[-1 - k] = c
            touched = {seats[k] for k in (a, b) if k >= 0}
            if not all(self.holds(seat, colours) for seat in touched):
                for k, c in ((a, ca), (b, cb)):
                    if k >= 0:
                        colours[k] = c
                    else:
                        rest[-1 - k] = c
        return colours

    def deal(self, rng: random.Random) -> tuple[list[int], list[list[int]]]:
        """Each epoch's cards in a uniformly random order: the colours of the hidden
        slots, and the cards left in each epoch's pile (only the last keeps any)."""
        per_epoch: list[list[int]] = [[] for _ in self.epochs]
        for k, (_, _, e) in enumerate(self.slots):
            per_epoch[e].append(k)
        colours = [0] * len(self.slots)
        rests = []
        for e, cards in enumerate(self.epochs):
            pile = [c for c in COLOURS for _ in range(cards[c])]
            rng.shuffle(pile)
            slots = per_epoch[e]
            for k, c in zip(slots, pile, strict=False):
                colours[k] = c
            rest = [0] * NUM_COLOURS
            for c in pile[len(slots) :]:
                rest[c] += 1
            rests.append(rest)
        return colours, rests


START_BUDGET = 5_000
"""Colour choices the chain's starting search may try before it gives up."""
EXACT_TRIES = 200
"""Fair deals tried (exact rejection sampling) before falling back on :meth:`Problem.mix`."""
SWEEPS = 20
"""Swap proposals per hidden card in the fallback chain."""
SWEEPS_FROM_HISTORY = 50
"""Swap proposals per hidden card when the chain starts from the history's own deal."""


def plan(state: State, player: int, root: State, actions: Sequence[Any]) -> core.Proposer:
    """The proposer for ``state``'s history from ``root``."""
    problem = Problem(player, root, actions)
    tries = [0]

    def propose(rng: random.Random) -> Mapping[int, core.Replacement] | None:
        tries[0] += 1
        if tries[0] <= EXACT_TRIES:
            colours, _ = problem.deal(rng)
            if not problem.feasible(colours):
                return None
        else:
            colours = problem.mix(rng, SWEEPS)
        out: dict[int, core.Replacement] = {}
        hands = [[0] * NUM_COLOURS for _ in range(root.players)]
        for (i, seat, _), c, was in zip(problem.slots, colours, problem.original, strict=True):
            if i == core.ROOT:
                hands[seat][c] += 1
            elif c != was:
                out[i] = DRAWS[c]
        if any(map(any, hands)):
            new_hands = tuple(
                root.hands[s] if s == player else _counts(hands[s]) for s in range(root.players)
            )
            cards = unseen(root, player)
            deck = [
                cards[c] - sum(h[c] for s, h in enumerate(hands) if s != player) for c in COLOURS
            ]
            new_root = root.but(hands=new_hands, deck=_counts(deck))
            if new_root != root:
                out[core.ROOT] = new_root
        return out

    return propose


def _counts(values: Sequence[int]) -> Counts:
    return tuple(values)  # type: ignore[return-value]
