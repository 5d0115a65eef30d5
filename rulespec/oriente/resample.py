"""What Oriente hides from a seat, and how :meth:`State.resample` redraws it, exactly.

Hidden from seat ``p`` (ruling oriente.info.public): the other seats' face-down residents,
the bonus cards (beside the deck, under the stone, or put under the deck by ruling
under_deck), and the deck. A card comes from one of two kinds of *source*: the original
deck, whose places lie in three segments (the Shōgun and the Ninjas only among the top 32,
the Geisha only among the middle five, oriente.setup.deck), or a pile of reinforcement cards
put under the deck, whose content everyone saw (oriente.fight.reinforcement_pick). Every
card a seat has not seen lies in one of the *unknown places* of its source: a draw ``p``
did not see whose card has not shown since, or a place still in the deck.

The distribution sampled: the fair shuffle of the setup, conditioned on everything ``p``
has seen. Under that shuffle every arrangement of a source's unseen cards over its unknown
places that respects the segments is equally likely (the cards ``p`` saw only fix their
own places), so one is drawn uniformly: the Geisha among the middle places, the Shōgun and
Ninjas among the top places, the ordinary cards over the rest. The hidden draws of the
history are replaced by the cards the arrangement puts at their places. An arrangement
that puts the Geisha where drawing her face down would have ended the game (as a
resident, or as a bonus card under geisha = any_exit) is refused, so what is kept is
uniform among the consistent arrangements. Choices of other seats are not evidence:
announcements reveal the resident, and the asking never depends on it.

Nothing is replayed per draw (:func:`rulespec.core.resample.sample`): a ``_Tracker``
reads the history once per (history, seat) and follows where each hidden card lies at the
end (a face-down resident, the bonus pile, under the stone, a pile under the deck), so the
drawn history's state is the state with those cards, the deck's pool and the public piles
under it changed to match (``_placed``). ``tests/test_resample.py`` checks that from
every seed this draws what history substitution draws (:func:`plan`: the history replayed
with each step checked against ``p``'s views), which is exact by construction.

A state read from a position has no past: its hidden cards (other seats' face-down
residents, bonus cards) and the deck's original segments are redrawn together from the
cards ``p`` cannot see, the hidden cards as if from the top segment (never the Geisha);
piles under such a deck are kept as written. Such a card that shows during the history
played from the position (a face-down resident turned up, the parked bonus card) is known
from then on, as a drawn card that shows is; a position with a history after it is drawn
by history substitution.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rulespec.core import resample as core
from rulespec.oriente import deck as decks
from rulespec.oriente.actions import DRAWS, Draw
from rulespec.oriente.components import CARDS, FULL_DECK, KINDS, Card, Pile, add, minus, plus
from rulespec.oriente.secrecy import seen_by
from rulespec.oriente.state import Phase, State
from rulespec.oriente.variant import GeishaExit

ORIGINAL = -1
"""The source id of the original deck (piles put under it are numbered from 0)."""
ROOT_PLACE = "root"
"""The segment of a position's hidden resident (never the Geisha)."""
ROOT_BONUS = "root_bonus"
"""The segment of a position's hidden bonus card (beside the deck or under the stone): the
Geisha may lie there under player_draws, where drawing her as a bonus card ends nothing."""
_SPECIAL = frozenset((Card.SHOGUN, Card.NINJA))


def resample(state: State, player: int, rng: random.Random) -> State:
    """:meth:`State.resample`, the seat checked."""
    found: State = core.sample(state, player, rng, build, plan)
    return found


Location = tuple[str, int]
"""Where a hidden card lies at the end: ``("resident", seat)``, ``("bonus", 0)``,
``("parked", 0)``, or ``("under", k)`` (the ``k``-th pile under the deck)."""


def build(past: core.Past) -> core.Sampler | None:
    """The sampler, drawing the arrangement directly (see the module's docstring); ``None``
    (drawn by :func:`plan`, history substitution) for a position with a history after it,
    or a history whose hidden cards the tracker cannot place at the end."""
    state: State = past.state
    player = past.player
    root: State = past.root
    if root.phase is not Phase.TREASURES:
        return _position(state, player) if not past.moves else None
    states = past.states
    track = _Tracker(player, root, past.actions, states)
    if not track.slots:
        return _same
    where = track.locations()
    if where is None:
        return None
    places = _places(track, track.end, root, [])
    sources = {source: track.pile(source) for source in places if source != ORIGINAL}
    any_exit = state.game.options.geisha is GeishaExit.ANY_EXIT
    ending = {
        i for i in (*track.slots, *track.forced) if _geisha_ends(states[i].phase, any_exit=any_exit)
    }
    forced = [(i, holds) for i, holds in track.forced.items() if holds in track.slots]

    def draw(rng: random.Random) -> core.Drawn | None:
        new: dict[int, int] = {}
        for source, (cards, at) in places.items():
            found = _arrange(cards, at, rng, original=source == ORIGINAL)
            if found is None:
                return None
            for place, card in zip(at, found, strict=True):
                if place[1] >= 0:
                    new[place[1]] = card
        changes: dict[int, Any] = {}
        for i in track.slots:
            card = new[i]
            if card == GEISHA and i in ending:
                return None  # she would have ended the game there
            if card != track.card(i):
                changes[i] = DRAWS[card]
        for i, holds in forced:
            card = new[holds]
            if card == GEISHA and i in ending:
                return None
            if card != track.card(i):
                changes[i] = DRAWS[card]
        if not changes:
            return core.SAME
        return core.Drawn(changes, _placed(state, track, where, sources, new))

    return draw


GEISHA = int(Card.GEISHA)


def _geisha_ends(phase: Phase, *, any_exit: bool) -> bool:
    """Whether the Geisha, drawn face down in ``phase``, ends the game (oriente.end.geisha):
    as a resident always, as a bonus card unless she leaves the deck only by a player's
    draw (option geisha)."""
    return phase in (Phase.RESIDENTS, Phase.REDRAW) or (phase is Phase.BONUS and any_exit)


def _placed(
    state: State,
    track: _Tracker,
    where: Mapping[int, Location],
    sources: Mapping[int, int | None],
    new: Mapping[int, int],
) -> State:
    """``state`` with the hidden draws' cards ``new`` where they lie, and the deck's
    unseen cards (the pool, a public pile under the deck) changed to match."""
    residents = list(state.residents)
    bonus = list(state.bonus)
    parked = list(state.parked)
    pool = list(state.deck.pool)
    under = [list(u) for u in state.deck.under]
    for i, (source, _) in track.slots.items():
        was, card = track.card(i), new[i]
        if was == card:
            continue
        kind, k = where[i]
        if kind == "resident":
            residents[k] = CARDS[card]
        else:
            held = bonus if kind == "bonus" else parked if kind == "parked" else under[k]
            held[was] -= 1
            held[card] += 1
        at = sources.get(source)
        if source == ORIGINAL or at is not None:  # (a pile used up keeps no cards)
            pile = pool if at is None else under[at]
            pile[was] += 1
            pile[card] -= 1
    return state.but(
        residents=tuple(residents),
        bonus=_pile(bonus),
        parked=_pile(parked),
        deck=state.deck.but(pool=_pile(pool), under=tuple(_pile(u) for u in under)),
    )


def _pile(counts: Sequence[int]) -> Pile:
    return tuple(counts)  # type: ignore[return-value]


def _position(state: State, player: int) -> core.Sampler:
    """A position without history: its hidden cards and the deck's pool redrawn together
    from the cards ``player`` cannot see, kept if the position is sound and looks the
    same to ``player``."""
    track = _Tracker(player, state, (), (state,))
    root_hidden = _root_hidden(state, player, track)
    if not root_hidden:
        return _same
    places = _places(track, state, state, root_hidden)
    geisha = (ROOT_BONUS,) if state.game.options.geisha is GeishaExit.PLAYER_DRAWS else ()
    seen = state.observation(player)

    def draw(rng: random.Random) -> core.Drawn | None:
        cards, at = places[ORIGINAL]
        found = _arrange(cards, at, rng, original=True, geisha=geisha)
        if found is None:
            return None
        drawn = {(ORIGINAL, place[1]): card for place, card in zip(at, found, strict=True)}
        new = _new_root(state, drawn, root_hidden)
        if new is None or new.observation(player) != seen:
            return None
        return core.SAME if new == state else core.Drawn({}, new, new)

    return draw


def _same(rng: random.Random) -> core.Drawn:
    return core.SAME


class _Tracker:
    """Replays a history once and notes, for seat ``p``, every hidden draw still hidden at
    the end, with its source and segment, and every draw forced to repeat one of them."""

    def __init__(
        self,
        player: int,
        root: State,
        actions: Sequence[Any],
        states: Sequence[State] | None = None,
    ) -> None:
        """``states``: the history's states from ``root`` on, if known (else replayed)."""
        self.player = player
        self.slots: dict[int, tuple[int, str]] = {}
        """History index → (source, segment) of a hidden draw still hidden."""
        self.forced: dict[int, int] = {}
        """History index of a draw from a hidden under pile → the draw it repeats."""
        self.known: dict[int, Pile] = {}
        """Per source: the cards ``p`` knows came out of it (seen or shown since)."""
        self.content: dict[int, Pile] = {}
        """Per public under pile: what was put there."""
        self.root_slots: list[tuple[str, int]] = []
        """A position's hidden cards: ("resident", seat), ("bonus", 0), ("parked", 0)."""
        self._at: dict[tuple[str, int], int | list[int]] = {}
        self._under: list[tuple[int, int | None]] = []
        """Per pile under the deck, in deck order: its source id, and for a hidden pile
        (an unclaimed bonus card) the draw it holds."""
        self._serial = 0
        self._spent = 0
        """1 if the current step's draw used up the first pile under the deck."""
        self._cards: dict[int, int] = {}
        self.root_shown: set[int] = set()
        """Seats whose face-down resident at the root has shown since."""
        self.root_parked_shown = False
        self.end = self._replay(root, actions, states)

    def locations(self) -> dict[int, Location] | None:
        """Where each hidden draw's card lies at the end; ``None`` unless every one is
        placed once and the piles under the deck are followed one to one."""
        out: dict[int, Location] = {}
        for (kind, seat), held in self._at.items():
            for slot in held if isinstance(held, list) else [held]:
                if slot in self.slots:
                    if slot in out:
                        return None
                    out[slot] = (kind, seat)
        for k, (_, holds) in enumerate(self._under):
            if holds is not None and holds in self.slots:
                if holds in out:
                    return None
                out[holds] = ("under", k)
        if out.keys() != self.slots.keys() or len(self._under) != len(self.end.deck.under):
            return None
        return out

    def pile(self, source: int) -> int | None:
        """The index under the deck, at the end, of public pile ``source``; ``None`` if it
        is gone."""
        for k, (serial, _) in enumerate(self._under):
            if serial == source:
                return k
        return None

    def card(self, index: int) -> int:
        """The card of draw ``index`` in the original history."""
        return self._cards[index]

    def _note(self, source: int, card: int) -> None:
        known = self.known.get(source)
        base: Pile = known if known is not None else (0,) * KINDS  # type: ignore[assignment]
        lst = list(base)
        lst[card] += 1
        self.known[source] = tuple(lst)  # type: ignore[assignment]

    def _pin(self, index: int) -> None:
        """A hidden draw's card has shown itself: no longer unknown."""
        where = self.slots.pop(index, None)
        if where is not None:
            self._note(where[0], self._cards[index])

    def _replay(self, root: State, actions: Sequence[Any], states: Sequence[State] | None) -> State:
        p = self.player
        self._root_marks(root)
        self._under = [(self._new_pile(u, public=True), None) for u in root.deck.under]
        state = root
        for i, action in enumerate(actions):
            before = state
            state = before.apply(action) if states is None else states[i + 1]
            self._spent = 0
            if type(action) is Draw and _from_deck(before.phase):
                self._draw(i, before, state, action, p)
            self._moves(before, state)
        return state

    def _root_marks(self, root: State) -> None:
        p = self.player
        for seat, card in enumerate(root.residents):
            if card is not None and seat != p and not root.face_up[seat]:
                self.root_slots.append(("resident", seat))
                self._at[("resident", seat)] = -1 - seat  # negative: a root place
        self.root_bonus = root.bonus
        self.root_parked = root.parked

    def _new_pile(self, content: Pile, *, public: bool) -> int:
        serial = self._serial
        self._serial += 1
        if public:
            self.content[serial] = content
        return serial

    def _draw(self, i: int, before: State, after: State, action: Draw, p: int) -> None:
        segment = decks.segment(before.deck)
        seen = seen_by(before, action)
        hidden = seen is not None and p not in seen
        card = int(action.card)
        self._cards[i] = card
        if segment == "under":
            source, holds = self._under[0]
            first = before.deck.under[0]
            if sum(first) == 1:
                self._under.pop(0)
                self._spent = 1
            if holds is not None:  # a hidden pile: this draw repeats an earlier one
                self.forced[i] = holds
                self._cards[i] = self._cards[holds]
                if hidden:
                    self._place(before, i, holds)
                else:
                    self._pin(holds)
                return
        else:
            source = ORIGINAL
        if hidden:
            self.slots[i] = (source, segment)
            self._place(before, i, i)
        else:
            self._note(source, card)

    def _place(self, before: State, i: int, slot: int) -> None:
        """Where the hidden card of draw ``slot`` lies after draw ``i``."""
        phase = before.phase
        if phase in (Phase.RESIDENTS, Phase.REDRAW):
            self._at[("resident", before.seat)] = slot
        elif phase is Phase.BONUS:
            held = self._at.setdefault(("bonus", 0), [])
            assert isinstance(held, list)
            held.append(slot)

    def _moves(self, before: State, after: State) -> None:
        """Follow hidden cards as the step moves or shows them. A pile put under the deck
        is one more than were left once this step's draw used up the first (a Geisha
        turned up from a pile under the deck goes under it again at once)."""
        piled = len(after.deck.under) > len(before.deck.under) - self._spent
        for key, slot in list(self._at.items()):
            kind, seat = key
            if kind == "resident" and (after.face_up[seat] or after.residents[seat] is None):
                del self._at[key]
                if isinstance(slot, int) and slot >= 0:
                    self._pin(slot)
                elif isinstance(slot, int):
                    self.root_shown.add(seat)
        bonus = self._at.get(("bonus", 0))
        if any(before.bonus) and not any(after.bonus):
            if any(after.parked) and after.parked == before.bonus:
                self._at[("parked", 0)] = bonus if bonus is not None else []
            elif piled:
                held = bonus if isinstance(bonus, list) else []
                for slot in held:
                    self._under.append((self._new_pile(after.deck.under[-1], public=False), slot))
                if not held:  # a position's bonus card: kept as written
                    self._under.append((self._new_pile(after.deck.under[-1], public=True), None))
            else:  # taken straight into a victory pile, face up
                for slot in bonus if isinstance(bonus, list) else []:
                    self._pin(slot)
            self._at.pop(("bonus", 0), None)
        parked = self._at.get(("parked", 0))
        if any(before.parked) and not any(after.parked):
            for slot in parked if isinstance(parked, list) else []:
                self._pin(slot)
            self._at.pop(("parked", 0), None)
            self.root_parked_shown = True
        if piled and not (any(before.bonus) and not any(after.bonus)):
            self._under.append((self._new_pile(after.deck.under[-1], public=True), None))


def _from_deck(phase: Phase) -> bool:
    return phase in (
        Phase.RESIDENTS,
        Phase.BONUS,
        Phase.REINFORCE,
        Phase.REDRAW,
        Phase.INCOME,
    )


def plan(state: State, player: int, root: State, actions: Sequence[Any]) -> core.Proposer:
    """The proposer for history substitution of ``state``'s history from ``root`` (see the
    module's docstring)."""
    track = _Tracker(player, root, actions)
    end = track.end
    root_hidden = _root_hidden(root, player, track)
    if not track.slots and not root_hidden:
        return lambda rng: {}
    places = _places(track, end, root, root_hidden)
    geisha = (ROOT_BONUS,) if state.game.options.geisha is GeishaExit.PLAYER_DRAWS else ()

    def propose(rng: random.Random) -> Mapping[int, core.Replacement] | None:
        out: dict[int, core.Replacement] = {}
        drawn: dict[Any, int] = {}
        for source, (cards, where) in places.items():
            found = _arrange(cards, where, rng, original=source == ORIGINAL, geisha=geisha)
            if found is None:
                return None
            for place, card in zip(where, found, strict=True):
                drawn[(source, place[1])] = card
        for i, (source, _) in track.slots.items():
            card = drawn[(source, i)]
            if card != track.card(i):
                out[i] = DRAWS[card]
        for i, holds in track.forced.items():
            if holds in track.slots:
                card = drawn[(track.slots[holds][0], holds)]
                if card != track.card(i):
                    out[i] = DRAWS[card]
        if root_hidden:
            new_root = _new_root(root, drawn, root_hidden)
            if new_root is None:
                return None
            if new_root != root:
                out[core.ROOT] = new_root
        return out

    return propose


def _root_hidden(root: State, player: int, track: _Tracker) -> list[tuple[str, int]]:
    """A position's own hidden cards that never showed during the history."""
    out = [k for k in track.root_slots if k[1] not in track.root_shown]
    if root.phase in (Phase.TREASURES,):
        return []
    if any(root.bonus):
        out.append(("bonus", 0))
    if any(root.parked) and not track.root_parked_shown:
        out.append(("parked", 0))
    return out


Place = tuple[str, int]
"""(segment, id): a hidden draw's history index, or a place still in the deck, or a
position's hidden card."""


def _places(
    track: _Tracker, end: State, root: State, root_hidden: list[tuple[str, int]]
) -> dict[int, tuple[Pile, list[Place]]]:
    """Per source: the unseen cards and their unknown places."""
    out: dict[int, tuple[Pile, list[Place]]] = {}
    orig_total: Pile = FULL_DECK if root.phase is Phase.TREASURES else _root_original(root)
    if root.phase is not Phase.TREASURES:
        # a face-down resident at the root that the seat knows (its own, or another's
        # that has shown since) is no unseen card, so it needs no unknown place
        for seat in {track.player} | track.root_shown:
            card = root.residents[seat]
            if card is not None and not root.face_up[seat]:
                orig_total = add(orig_total, card, -1)
        if track.root_parked_shown:  # the position's parked card has shown since
            orig_total = minus(orig_total, root.parked)
    where: list[Place] = [(seg, i) for i, (src, seg) in track.slots.items() if src == ORIGINAL]
    deck = end.deck
    pool_places = (
        [("top", -1 - k) for k in range(deck.top)]
        + [("middle", -100 - k) for k in range(deck.middle)]
        + [("bottom", -200 - k) for k in range(deck.bottom)]
    )
    where.extend(pool_places)
    ids = root_places(root, root_hidden)
    kinds = [
        kind
        for kind, _ in root_hidden
        for _ in range(1 if kind == "resident" else sum(getattr(root, kind)))
    ]
    where.extend(
        (ROOT_PLACE if kind == "resident" else ROOT_BONUS, place)
        for kind, place in zip(kinds, ids, strict=True)
    )
    known = track.known.get(ORIGINAL, (0,) * KINDS)
    cards = minus(orig_total, known)  # type: ignore[arg-type]
    out[ORIGINAL] = (cards, where)
    for serial, content in track.content.items():
        slots = [(seg, i) for i, (src, seg) in track.slots.items() if src == serial]
        if not slots:
            continue
        left = _left_in(end, serial, track)
        places: list[Place] = slots + [("under", -5000 - k) for k in range(left)]
        out[serial] = (minus(content, track.known.get(serial, (0,) * KINDS)), places)  # type: ignore[arg-type]
    return out


def root_places(root: State, root_hidden: list[tuple[str, int]]) -> list[int]:
    """The place ids of a position's hidden cards, in the order of ``root_hidden``."""
    out: list[int] = []
    for kind, _ in root_hidden:
        count = 1 if kind == "resident" else sum(root.bonus if kind == "bonus" else root.parked)
        base = len(out)
        out.extend([-1000 - base - k for k in range(count)])
    return out


def _left_in(end: State, serial: int, track: _Tracker) -> int:
    """Cards still in public under pile ``serial`` at the end."""
    piles = [s for s, _ in track._under]
    if serial not in piles:
        return 0
    return sum(end.deck.under[piles.index(serial)])


def _root_original(root: State) -> Pile:
    """The cards of the original deck's group at a position: the pool and its hidden cards
    (other seats' face-down residents and bonus cards are added by the places)."""
    total = root.deck.pool
    total = plus(total, root.bonus)
    total = plus(total, root.parked)
    for seat, card in enumerate(root.residents):
        if card is not None and not root.face_up[seat]:
            lst = list(total)
            lst[card] += 1
            total = tuple(lst)  # type: ignore[assignment]
    return total


def _arrange(
    cards: Pile,
    where: list[Place],
    rng: random.Random,
    *,
    original: bool = True,
    geisha: tuple[str, ...] = (),
) -> list[int] | None:
    """A uniform arrangement of ``cards`` over ``where``; for the original deck with the
    Geisha in a middle place and the Shōgun and Ninjas in top places (or a position's
    hidden places). A pile put under the deck has no segments: a Geisha turned up as a
    reinforcement under player_draws goes there and may lie anywhere in it. ``geisha``
    names the further segments the Geisha may lie in (a position's hidden bonus card under
    player_draws)."""
    if sum(cards) != len(where) or min(cards) < 0:
        return None
    out: list[int | None] = [None] * len(where)
    free = list(range(len(where)))
    if not original:
        every = [int(c) for c in CARDS for _ in range(cards[c])]
        rng.shuffle(every)
        return every
    if cards[Card.GEISHA]:
        middle = [k for k in free if where[k][0] in ("middle", *geisha)]
        if not middle:
            return None
        k = rng.choice(middle)
        out[k] = int(Card.GEISHA)
        free.remove(k)
    specials = [int(c) for c in CARDS if c in _SPECIAL for _ in range(cards[c])]
    if specials:
        tops = [k for k in free if where[k][0] in ("top", ROOT_PLACE, ROOT_BONUS)]
        if len(tops) < len(specials):
            return None
        chosen = rng.sample(tops, len(specials))
        rng.shuffle(specials)
        for k, card in zip(chosen, specials, strict=True):
            out[k] = card
        taken = set(chosen)
        free = [k for k in free if k not in taken]
    ordinary = [
        int(c) for c in CARDS if c not in _SPECIAL and c is not Card.GEISHA for _ in range(cards[c])
    ]
    rng.shuffle(ordinary)
    for k, card in zip(free, ordinary, strict=True):
        out[k] = card
    return [c for c in out if c is not None]


def _new_root(
    root: State, drawn: dict[Any, int], root_hidden: list[tuple[str, int]]
) -> State | None:
    """The position with its hidden cards and its deck's pool redrawn."""
    residents = list(root.residents)
    bonus = [0] * KINDS
    parked = [0] * KINDS
    ids = iter(root_places(root, root_hidden))
    for kind, seat in root_hidden:
        count = 1 if kind == "resident" else sum(root.bonus if kind == "bonus" else root.parked)
        for _ in range(count):
            card = drawn[(ORIGINAL, next(ids))]
            if kind == "resident":
                residents[seat] = CARDS[card]
            elif kind == "bonus":
                bonus[card] += 1
            else:
                parked[card] += 1
    if any(r is Card.GEISHA for r in residents):
        return None
    total = _root_original(root)
    taken = [0] * KINDS
    for seat, resident in enumerate(residents):
        if resident is not None and not root.face_up[seat]:
            taken[resident] += 1
    for k in range(KINDS):
        taken[k] += bonus[k] + parked[k]
    pool = tuple([t - x for t, x in zip(total, taken, strict=True)])
    if min(pool) < 0:
        return None
    new = root.but(
        residents=tuple(residents),
        bonus=tuple(bonus) if any(root.bonus) else root.bonus,
        parked=tuple(parked) if any(root.parked) else root.parked,
        deck=root.deck.but(pool=pool),
    )
    if new.problems():
        return None
    return new
