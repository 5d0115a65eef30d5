"""The White Lotus state: the frozen record of a position and the queries the rules ask.

Data that lives only during one part of the year sits in a sub-record that is ``None``
the rest of the time: :class:`ClaimRound` (phase 1), :class:`Conflict` (a contested area in
phase 2), :class:`Rebellion` (phase 4) and :class:`Expansion` (phase 6). What a public
reveal showed is kept as a typed record (:class:`ConflictReveal`,
:class:`RebellionReveal`, and with pro-rata income :class:`IncomeReveal`).

What happens in each phase is in one module per phase (:mod:`~rulespec.lotus.claims`,
:mod:`~rulespec.lotus.conflicts`, :mod:`~rulespec.lotus.rebellion`,
:mod:`~rulespec.lotus.income`, :mod:`~rulespec.lotus.expansion`,
:mod:`~rulespec.lotus.negotiation`), tied together by the phase table in
:mod:`rulespec.lotus.phases`; the contract comes from
:class:`rulespec.core.kernel.Kernel`.

Secret simultaneous choices (conflict bids, rebellion sides and combat) are taken one
player at a time in turn order from the emperor and stored in the state, where the
observation hides them from everyone else until the reveal.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, ClassVar

import attrs

from rulespec.core import trace
from rulespec.core.api import Outcome
from rulespec.core.convert import PER_SEAT, Range, Seat, Tagged, checked_fields
from rulespec.core.immutable import by_identity
from rulespec.core.kernel import Evolve, Kernel, PhaseEnum
from rulespec.core.seats import order_from
from rulespec.core.tensor import PerKey, Slots
from rulespec.core.trace import decided
from rulespec.core.words import count, did_you_mean, seats
from rulespec.errors import GameNotOver
from rulespec.lotus import rules as steps
from rulespec.lotus.actions import Action, Bid
from rulespec.lotus.codec import (
    BY_BUILDING,
    CHIPS_BY_AREA,
    CLAIMS_BY_AREA,
    CODEC,
    AreaIndex,
    Bank,
)
from rulespec.lotus.components import (
    BUILDINGS,
    COMBAT_POINTS,
    INFLUENCE_POINTS,
    NEUTRAL_CHIPS,
    SCORE,
    START_COMBAT,
    START_INFLUENCE,
    Building,
    Chip,
    Side,
    chips_fit,
)
from rulespec.lotus.variant import ChipSupply, Negotiation

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame


Points = Annotated[int, Range(0, 100_000)]
"""A number of influence or combat points a player holds or plays."""
PalaceCount = Annotated[int, Range(0, NEUTRAL_CHIPS[Building.PALACE])]
"""A number of palaces one player owns: at most the five palace chips there are."""


class Phase(PhaseEnum):
    """Where the year stands; the phase decides who acts and what may be applied."""

    SETUP = "setup"
    """Chance: the start chips, one lotus area at a time (lotus.setup.start_chips)."""
    CLAIM = "claim"
    """Phase 1: the seat to act places a marker (or declines an extra one)."""
    CHOOSE_CONFLICT = "choose_conflict"
    """Phase 2: the emperor names the next contested area."""
    NEGOTIATE = "negotiate"
    """Negotiation variant: players in turn give cards, then pass."""
    BID = "bid"
    """Phase 2, secret: each claimant commits a target and influence."""
    REMOVE = "remove"
    """Phase 2: the emperor decides a tie for most influence."""
    LEAD = "lead"
    """Phase 4: a candidate accepts or declines to lead a rebellion."""
    SIDE = "side"
    """Phase 4, secret: every other player picks a side."""
    COMBAT = "combat"
    """Phase 4, secret: everyone commits combat points."""
    REWARD = "reward"
    """Phase 4: a winner chooses the area he takes."""
    PALACE_INCOME = "palace_income"
    """Phase 5: a palace owner chooses influence or combat per palace."""
    TEMPLE_EXTRA = "temple_extra"
    """Phase 6, German: a temple owner takes or declines an extra chip."""
    DRAW = "draw"
    """Phase 6, chance: the neutral chip drawn."""
    PLACE = "place"
    """Phase 6: the drawer places the chip."""
    GAME_OVER = "game_over"
    """Terminal."""


# --- the parts of the year ---------------------------------------------------------------


BY_SEAT = {"tensor": PerKey()}
"""As an observation tensor, a tuple of (seat, …) entries is each seat's entry or absent."""
EXPANSION_SLOTS = {"tensor": Slots(lambda game: game.players + len(game.area_ids))}
"""As an observation tensor, the expansion's slots are places for at most one chip per
player and one per temple extra (never more extras than areas)."""


def _gift_places(game: LotusGame) -> int:
    """One per ordered pair of seats with the negotiation option; none without it."""
    return game.players * (game.players - 1) if game.options.negotiation is Negotiation.ON else 0


GIFT_PAIRS = {"tensor": Slots(_gift_places)}
"""As an observation tensor, a window's gifts are places for one total per ordered pair of
seats (each pair is listed once); none without the negotiation option, which has no gifts."""

Gift = tuple[Seat, Seat, Points, Points]
"""(giver, receiver, influence, combat): what one seat gave another in a negotiation window."""


@attrs.frozen
class ClaimRound(Evolve):
    """Phase 1: how far the placing has come, and who gave up his extra markers."""

    cursor: Annotated[int, Range(0, 100)]
    """The placement position: round × players + offset from the emperor."""
    declined: frozenset[Seat] = frozenset()
    """Seats that declined their extra markers this year."""


@attrs.frozen
class Conflict(Evolve):
    """Phase 2: the area being fought over and its current round."""

    area: AreaIndex
    """The area's index on the board."""
    bids: tuple[tuple[Seat, Bid], ...] = ()
    """This round's secret bids, by seat (whatever order they came in)."""
    tied: frozenset[Seat] = frozenset()
    """Seats the emperor must choose between (phase REMOVE)."""


@attrs.frozen
class Rebellion(Evolve):
    """Phase 4, from the moment a leader accepts until the new emperor is known."""

    leader: Seat
    sides: tuple[tuple[Seat, Side], ...] = ()
    """Secret sides of everyone but the emperor and the leader, by seat."""
    commits: tuple[tuple[Seat, Points], ...] = ()
    """Secret combat commitments, by seat."""
    winners: Side | None = None
    """The side that won, once the combat is revealed."""
    hit: frozenset[Seat] = frozenset()
    """Losers who already lost an area (lotus.rebellion.one_loss)."""
    palace_taker: Seat | None = None
    """The winner who took a palace from the emperor, if any."""

    def all_sides(self, emperor: int) -> tuple[tuple[int, Side], ...]:
        """Everyone's side, the emperor and the leader included."""
        return ((emperor, Side.EMPEROR), (self.leader, Side.REBELS), *self.sides)


@attrs.frozen
class Expansion(Evolve):
    """Phase 6: the chips still to draw and place, and the one drawn."""

    slots: tuple[tuple[Seat, bool], ...] = attrs.field(default=(), metadata=EXPANSION_SLOTS)
    """(seat, is a temple extra) still to come, in order."""
    drawn: Building | None = None
    """The chip drawn and not yet placed."""


@attrs.frozen(field_transformer=checked_fields)
class ConflictReveal(Tagged, Evolve, codec=CODEC):
    """What a conflict round showed everyone (lotus.conflict.reveal)."""

    KIND: ClassVar[str] = "conflict"

    area: AreaIndex
    bids: tuple[tuple[Seat, Seat, Points, bool], ...] = attrs.field(metadata=BY_SEAT)
    """(seat, target, influence, 0-card) per bidder, in commit order."""
    totals: tuple[tuple[Seat, Points], ...] = attrs.field(metadata=BY_SEAT)
    """(seat, influence bid against it) per claimant, by seat."""
    loser: Seat | None = None
    """Who left the area (known once a tie is decided)."""
    paid: tuple[tuple[Seat, Points], ...] = attrs.field(default=(), metadata=BY_SEAT)
    """(seat, influence paid) per bidder, by seat."""


@attrs.frozen(field_transformer=checked_fields)
class RebellionReveal(Tagged, Evolve, codec=CODEC):
    """What a rebellion showed everyone once the combat was revealed (lotus.rebellion.winner)."""

    KIND: ClassVar[str] = "rebellion"

    leader: Seat
    sides: tuple[tuple[Seat, Side], ...] = attrs.field(metadata=BY_SEAT)
    """Everyone's side, by seat."""
    combat: tuple[tuple[Seat, Points], ...] = attrs.field(metadata=BY_SEAT)
    """(seat, combat committed), by seat."""
    totals: tuple[int, int]
    """The emperor's side and the rebels' side, bonuses included."""
    winner: Side


@attrs.frozen
class IncomeReveal(Tagged, Evolve, codec=CODEC):
    """Phase 5 with card_supply = 'pro_rata' (lotus.income.supply_limit), every year, short
    bank or not: empty when phase 5 begins, then the palace owners' choices, public as they
    are made (the payout waits for them all), and once everyone has chosen what each seat
    was owed and what the bank paid it. As ``state.last`` it replaces the year's conflict or
    rebellion record. The other supply options pay as they go and keep no such record."""

    KIND: ClassVar[str] = "income"

    choices: tuple[tuple[Seat, PalaceCount], ...] = attrs.field(default=(), metadata=BY_SEAT)
    """(seat, palaces taken as combat) per palace owner who has chosen, in turn order."""
    owed: tuple[tuple[Seat, Points, Points], ...] = attrs.field(default=(), metadata=BY_SEAT)
    """(seat, influence, combat) each seat's income comes to, by seat (once paid)."""
    paid: tuple[tuple[Seat, Points, Points], ...] = attrs.field(default=(), metadata=BY_SEAT)
    """(seat, influence, combat) each seat received, by seat (once paid)."""


Reveal = ConflictReveal | RebellionReveal | IncomeReveal
"""The last public reveal: a conflict round's or a rebellion's (or, with pro-rata income,
phase 5's payout)."""


# --- the state ------------------------------------------------------------------------


@attrs.frozen(repr=False)  # Kernel's short repr: the state's header line
class State(Kernel[Action], Evolve):
    """A White Lotus position. Build one with ``rulespec.game("lotus", edition=…, players=…)``.

    Seats are numbered clockwise from the first emperor (ruling
    lotus.setup.first_emperor_seat). Areas are indexed in board order; ``chips[i]`` is the
    chip on ``game.board.areas[i]`` (None: empty or out of play).
    """

    game: LotusGame = attrs.field(repr=False, metadata={"json": None})
    phase: Phase
    year: Annotated[int, Range(1, 1000)]
    emperor: Seat
    seat: Seat
    """The seat to act at a decision (the drawer at a draw)."""
    chips: Annotated[tuple[Chip | None, ...], CHIPS_BY_AREA]
    unseen: Annotated[tuple[Annotated[int, Range(0, 17)], ...], BY_BUILDING]
    """Neutral chips not yet on the board, by building (the face-down supply)."""
    influence: Annotated[tuple[Points, ...], PER_SEAT]
    combat: Annotated[tuple[Points, ...], PER_SEAT]
    bank: Bank
    """Influence and combat points in the open piles (negative: beyond the box, only with
    the unlimited card supply)."""
    vp: Annotated[tuple[Annotated[int, Range(0, 10_000)], ...], PER_SEAT]
    claims: Annotated[tuple[frozenset[Seat], ...], CLAIMS_BY_AREA]
    """Seats with a claim marker on each area (phases 1–2)."""
    queue: tuple[Seat, ...]
    """Seats still to act in the current step, in order."""
    claiming: ClaimRound | None
    conflict: Conflict | None
    rebellion: Rebellion | None
    expansion: Expansion | None
    singles_pending: bool
    """Year 1: single claimants are awarded after the palace conflict."""
    resume: Phase | None
    """After a negotiation window, the secret stage that opens."""
    final: bool
    """Every area in play is owned (or, with chip_supply = 'limited_at_award', the year cap
    of ruling lotus.end.year_cap is reached): the game ends after this year's rebellion."""
    last: Reveal | None
    """The last public reveal (conflict round, rebellion or pro-rata payout), for views and
    logs."""
    gifts: tuple[Gift, ...] = attrs.field(default=(), metadata=GIFT_PAIRS)
    """Negotiation variant: the points given in the current window (the latest one once it
    has closed), totalled per giver and receiver, in the order each pair first gave. Gifts
    are public (ruling lotus.variant.negotiation_window), so every view shows them."""

    @classmethod
    def initial(cls, game: LotusGame) -> State:
        """Before any chance: the start chips are still to be dealt (lotus.setup.*)."""
        n = game.players
        unseen = list(NEUTRAL_CHIPS)
        for b in game.variant.start_chips:
            unseen[b] -= 1
        areas = len(game.board.areas)
        return cls(
            game=game,
            phase=Phase.SETUP,
            year=1,
            emperor=0,
            seat=0,
            chips=(None,) * areas,
            unseen=tuple(unseen),
            influence=(START_INFLUENCE,) * n,
            combat=(START_COMBAT,) * n,
            bank=(INFLUENCE_POINTS - START_INFLUENCE * n, COMBAT_POINTS - START_COMBAT * n),
            vp=(0,) * n,
            claims=(frozenset(),) * areas,
            queue=(),
            claiming=None,
            conflict=None,
            rebellion=None,
            expansion=None,
            singles_pending=False,
            resume=None,
            final=False,
            last=None,
        )

    # --- queries ---------------------------------------------------------------------

    def held(self, seat: int) -> tuple[int, ...]:
        """Buildings ``seat`` owns on the board, counted by :class:`Building`."""
        return _facts(self.chips, self.game).held(seat)

    def owned(self, seat: int) -> tuple[int, ...]:
        """Indices of the areas ``seat`` owns."""
        return _facts(self.chips, self.game).owned(seat)

    def scores(self) -> tuple[int, ...]:
        """Points each seat would score if the game ended now (lotus.score.*)."""
        board = self.game.board
        adjacency = self.game.adjacency
        measure = self.game.variant.territory_measure
        groups = [
            steps.largest_group(self.owned(s), adjacency, measure) for s in range(self.players)
        ]
        bonus = steps.territory_winner(groups)
        if trace.TRACING:
            self._trace_scores(groups, bonus)
        out = []
        for s in range(self.players):
            dragons = sum(1 for i in self.owned(s) if board.areas[i].dragon)
            if dragons and trace.TRACING:
                decided(
                    "lotus.score.dragons",
                    f"seat {s} owns {dragons} dragon area{'s' if dragons > 1 else ''}: "
                    f"+{2 * dragons}",
                )
            out.append(steps.score(self.held(s), dragons, self.vp[s], bonus == s))
        return tuple(out)

    def _trace_scores(self, groups: Sequence[int], bonus: int | None) -> None:
        """The final scoring's rules in words (only while tracing)."""
        for s in range(self.players):
            held = self.held(s)
            worth = sum(SCORE[b] * held[b] for b in Building)
            decided(
                "lotus.score.buildings",
                f"seat {s}'s buildings score {worth}: {count(held[Building.PALACE], 'palace')} "
                f"at 3, {count(held[Building.TEMPLE], 'temple')} at 2, the other "
                f"{count(sum(held) - held[Building.PALACE] - held[Building.TEMPLE], 'area')} at 1",
            )
        if bonus is not None:
            decided(
                "lotus.score.largest_territory",
                f"seat {bonus} alone has the largest territory, {groups[bonus]} areas: +3",
            )
            sizes = ", ".join(f"seat {s} {g}" for s, g in enumerate(groups))
            decided(
                "lotus.score.territory_measure",
                f"each player's largest group of connected areas, counted in areas: {sizes}",
            )
        if any(self.vp):
            chips = ", ".join(f"seat {s} {v}" for s, v in enumerate(self.vp) if v)
            decided("lotus.score.vp_chips", f"victory-point chips add one each: {chips}")

    def outcome(self) -> Outcome:
        """Final scores and winners (lotus.score.winner); only at the end."""
        if not self.is_terminal:
            raise GameNotOver(
                f"the game is not over (year {self.year}, phase {self.phase.value}); "
                "[lotus.score.winner] decides only at the end"
            )
        scores = self.scores()
        palaces = tuple(self.held(s)[Building.PALACE] for s in range(self.players))
        if trace.TRACING:
            best = max(scores)
            tied = [s for s, p in enumerate(scores) if p == best]
            decided(
                "lotus.score.winner",
                f"seat {tied[0]} has the most points, {best}"
                if len(tied) == 1
                else f"{seats(tied)} tie at {best} points: the emperor, then the most "
                "palaces, decide",
            )
        return Outcome(
            scores=scores,
            tiebreaks=tuple((int(s == self.emperor), palaces[s]) for s in range(self.players)),
            winners=steps.winners(scores, self.emperor, palaces),
        )

    def area_id(self, index: int) -> str:
        """The board id of area ``index``."""
        return self.game.board.areas[index].id

    def order_from_emperor(self, seats: Iterable[int] | None = None) -> tuple[int, ...]:
        """``seats`` (default: all) in turn order starting with the emperor."""
        if seats is None or isinstance(seats, frozenset):
            return _order_from(self.emperor, self.players, seats)
        return order_from(self.emperor, self.players, seats)

    def claim_areas(self, seat: int) -> tuple[int, ...]:
        """Areas ``seat`` may place a marker on now (lotus.claim.neutral_only,
        lotus.claim.one_per_colour, lotus.claim.chip_supply)."""
        return _facts(self.chips, self.game).claim_areas(self.claims, seat)

    def markers_allowed(self, seat: int) -> int:
        """Markers ``seat`` places this year (lotus.claim.rice_extra)."""
        rice = self.held(seat)[Building.RICE]
        return steps.markers_allowed(
            rice,
            self.year,
            self.game.variant.rice_extra_from_year,
            self.game.variant.max_markers,
        )

    def losers(self) -> frozenset[int]:
        """The seats of the rebellion's losing side who have not lost an area yet."""
        r = self.rebellion
        assert r is not None
        losing = Side.REBELS if r.winners is Side.EMPEROR else Side.EMPEROR
        return frozenset(s for s, side in r.all_sides(self.emperor) if side is losing) - r.hit

    def reward_areas(self, seat: int) -> tuple[int, ...]:
        """Areas a rebellion winner may take now (lotus.rebellion.adjacent_only,
        lotus.rebellion.landless, lotus.rebellion.one_loss, lotus.rebellion.same_building)."""
        facts = _facts(self.chips, self.game)
        # kept per rebellion record: the effect that finds the next winner asks first, then
        # legal_actions and the rule check ask again on the next state, which shares it
        key = (id(self.rebellion), self.emperor, seat)
        hit = facts.rewards.get(key)
        if hit is not None and hit[0] is self.rebellion:
            return hit[1]
        losers = self.losers()
        mine = set(facts.owned(seat))
        adjacency = self.game.index_adjacency
        limited = self.game.options.chip_supply.limited
        held = list(facts.held(seat))
        out = []
        for i, chip in enumerate(self.chips):
            if chip is None or chip.owner not in losers:
                continue
            if mine and not (adjacency[i] & mine):
                continue
            if limited:
                held[chip.building] += 1
                fits = chips_fit(held)
                held[chip.building] -= 1
                if not fits:
                    continue
            out.append(i)
        if len(facts.rewards) >= _KEPT // 2:
            facts.rewards.clear()
        facts.rewards[key] = (self.rebellion, tuple(out))
        return facts.rewards[key][1]

    def placement_areas(self) -> tuple[int, ...]:
        """Empty areas in play next to an area holding a chip (lotus.expand.adjacency)."""
        return _facts(self.chips, self.game).placement_areas()

    def start_pool(self) -> tuple[int, ...]:
        """Start chips not yet dealt to a lotus area."""
        pool = [0] * len(BUILDINGS)
        for b in self.game.variant.start_chips:
            pool[b] += 1
        for i in self.game.start_areas:
            chip = self.chips[i]
            if chip is not None:
                pool[chip.building] -= 1
        return tuple(pool)

    def start_areas_left(self) -> tuple[int, ...]:
        """The lotus areas still waiting for their start chip, in board order."""
        return tuple(i for i in self.game.start_areas if self.chips[i] is None)


# --- what the queries derive from the chips ----------------------------------------------


class _Facts:
    """What the queries derive from one ``chips`` tuple of one game, each part computed when
    first asked and then kept (see :func:`_facts`): successive states share their ``chips``
    until a chip moves, a few dozen times a game, while the rules ask these queries
    hundreds of times."""

    __slots__ = (
        "_claimable",
        "_held",
        "_neutral",
        "_owned",
        "_placement",
        "chips",
        "game",
        "rewards",
    )

    def __init__(self, chips: tuple[Chip | None, ...], game: LotusGame) -> None:
        self.chips = chips
        self.game = game
        self._held: dict[int | None, tuple[int, ...]] | None = None
        self._owned: dict[int, tuple[int, ...]] = {}
        self._neutral: tuple[tuple[int, Building], ...] | None = None
        self._placement: tuple[int, ...] | None = None
        # (id of a claims tuple, seat) -> (that claims tuple, the claimable areas)
        self._claimable: dict[tuple[int, int], tuple[tuple[frozenset[int], ...], tuple[int, ...]]]
        self._claimable = {}
        # (id of a rebellion record, emperor, seat) -> (that record, State.reward_areas)
        self.rewards: dict[tuple[int, int, int], tuple[Rebellion | None, tuple[int, ...]]] = {}

    def held(self, seat: int) -> tuple[int, ...]:
        """:meth:`State.held`."""
        table = self._held
        if table is None:  # every owner in one pass: the rules mostly ask about all seats
            rows: dict[int | None, list[int]] = {}
            for chip in self.chips:
                if chip is not None:
                    row = rows.get(chip.owner)
                    if row is None:
                        row = rows[chip.owner] = [0] * len(BUILDINGS)
                    row[chip.building] += 1
            table = self._held = {owner: tuple(row) for owner, row in rows.items()}
        return table.get(seat, _NONE_HELD)

    def owned(self, seat: int) -> tuple[int, ...]:
        """:meth:`State.owned`."""
        found = self._owned.get(seat)
        if found is None:
            found = self._owned[seat] = tuple(
                i for i, chip in enumerate(self.chips) if chip is not None and chip.owner == seat
            )
        return found

    def neutral(self) -> tuple[tuple[int, Building], ...]:
        """The areas in play holding a neutral chip, with its building, in board order."""
        if self._neutral is None:
            chips = self.chips
            self._neutral = tuple(
                (i, chip.building)
                for i in self.game.in_play
                if (chip := chips[i]) is not None and chip.owner is None
            )
        return self._neutral

    def placement_areas(self) -> tuple[int, ...]:
        """:meth:`State.placement_areas`."""
        if self._placement is None:
            chips, touching = self.chips, _touching(self.game)
            near: set[int] = set()  # the areas with an area holding a chip among their neighbours
            for i, chip in enumerate(chips):
                if chip is not None:
                    near.update(touching[i])
            self._placement = tuple(i for i in self.game.in_play if chips[i] is None and i in near)
        return self._placement

    def claim_areas(self, claims: tuple[frozenset[int], ...], seat: int) -> tuple[int, ...]:
        """:meth:`State.claim_areas` for these ``claims`` (kept for the last few claims
        tuples: the effect that finds the next claimant asks first, then ``legal_actions``
        and the rule check ask again on the next state, which shares the same tuples)."""
        hit = self._claimable.get((id(claims), seat))
        if hit is not None and hit[0] is claims:
            return hit[1]
        fits = _ALL_FIT
        if self.game.options.chip_supply is ChipSupply.LIMITED:
            chips = self.chips
            held = list(self.held(seat))
            for i in [i for i, c in enumerate(claims) if seat in c]:
                chip = chips[i]
                if chip is not None:
                    held[chip.building] += 1
            fits = _fits_one_more(tuple(held))
        areas = tuple([i for i, b in self.neutral() if fits[b] and seat not in claims[i]])
        if len(self._claimable) >= _KEPT // 2:
            self._claimable.clear()
        self._claimable[id(claims), seat] = (claims, areas)
        return areas


_ALL_FIT = (True,) * len(BUILDINGS)

# the same few orders are asked for every conflict round and every phase of every year
_order_from = functools.lru_cache(maxsize=1024)(order_from)
_NONE_HELD = (0,) * len(BUILDINGS)


@functools.lru_cache(maxsize=16384)  # a few thousand counts occur; each is five chips_fit calls
def _fits_one_more(held: tuple[int, ...]) -> tuple[bool, ...]:
    """Per building: whether one colour's chips could show ``held`` plus one more of it."""
    return tuple(chips_fit([h + (b == k) for k, h in enumerate(held)]) for b in BUILDINGS)


_FACTS: dict[int, _Facts] = {}
_KEPT = 32
"""At most this many chips tuples have their facts kept, and half as many claims tuples or
rebellion records per chips tuple (see :func:`_facts`)."""


@by_identity  # derived once per game
def _touching(game: LotusGame) -> tuple[frozenset[int], ...]:
    """Per area, the areas that list it as adjacent (the same as its own neighbours on any
    board that was loaded, which checks that adjacency is symmetric)."""
    adjacency = game.index_adjacency
    return tuple(
        frozenset(j for j, near in enumerate(adjacency) if i in near) for i in range(len(adjacency))
    )


def area_hint(s: State, area: str, among: Iterable[int]) -> str:
    """`` (did you mean a07, a17?)`` for an id that is no area of the board (``a7``),
    among the areas ``among`` (by index) the step would take; else empty."""
    if area in s.game.area_index:
        return ""
    ids = s.game.area_ids
    return did_you_mean(area, (ids[i] for i in among))


def place_chips(s: State, placed: Mapping[int, Chip]) -> tuple[Chip | None, ...]:
    """``s.chips`` with the chips in ``placed`` (area index → chip) put down.

    The building counts and placement areas already derived from ``s.chips`` carry over
    to the new tuple, changed by the chips placed, instead of being found again over every
    area.
    """
    chips = list(s.chips)
    for i, chip in placed.items():
        chips[i] = chip
    new = tuple(chips)
    before = _FACTS.get(id(s.chips))
    if before is None or before.chips is not s.chips or before.game is not s.game:
        return new
    after = _facts(new, s.game)
    if before._held is not None:
        held = dict(before._held)
        for i, chip in placed.items():
            for c, change in ((s.chips[i], -1), (chip, 1)):
                if c is not None:
                    row = list(held.get(c.owner, _NONE_HELD))
                    row[c.building] += change
                    held[c.owner] = tuple(row)
        after._held = held
    if before._placement is not None:
        # an empty area stops being one; its empty neighbours in play now touch a chip
        filled = [i for i in placed if s.chips[i] is None]
        if not filled:
            after._placement = before._placement
        else:
            found = set(before._placement).difference(filled)
            in_play, touching = s.game.in_play_set, _touching(s.game)
            found.update(j for i in filled for j in touching[i] if new[j] is None and j in in_play)
            after._placement = tuple(sorted(found))
    return new


def _facts(chips: tuple[Chip | None, ...], game: LotusGame) -> _Facts:
    """The :class:`_Facts` of ``chips`` on ``game``, kept by the identity of the chips tuple
    (which the entry keeps alive, so the id is not reused)."""
    found = _FACTS.get(id(chips))
    if found is None or found.chips is not chips or found.game is not game:
        # few: play needs the current tuple and the one before; keeping more keeps old
        # states' tuples alive, which the garbage collector then scans again and again
        if len(_FACTS) >= _KEPT:
            _FACTS.clear()
        found = _FACTS[id(chips)] = _Facts(chips, game)
    return found
