"""The White Lotus state and its transitions: setup, the six phases of a year, the end.

A :class:`State` is frozen; :meth:`State.apply <rulespec.lotus.State.apply>` checks the
action against the rules (raising :class:`~rulespec.IllegalAction` with the deciding rule,
the state untouched) and builds the next state. Steps without a decision (awards,
payments, reveals, the emperor's point, income without a palace, the emperor checks)
happen inside ``apply``.

Secret simultaneous choices (conflict bids, rebellion sides and combat) are taken one
player at a time in turn order from the emperor and stored in the state, where
:meth:`State.observation` hides them from everyone else until the reveal.
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from rulespec.core.api import CHANCE, TERMINAL, Explanation, Node, Outcome
from rulespec.core.chance import pick_weighted, weighted
from rulespec.core.immutable import field_names, put, replace
from rulespec.core.rules import Rule
from rulespec.errors import GameNotOver, IllegalAction, NotYourTurn
from rulespec.lotus import rules as steps
from rulespec.lotus.actions import (
    Action,
    Bid,
    ChooseConflict,
    ChooseSide,
    CommitCombat,
    DeclineExtra,
    DrawChip,
    Give,
    Lead,
    PalaceIncome,
    Pass,
    PlaceChip,
    PlaceMarker,
    Remove,
    StartChip,
    TakeArea,
    TakeExtra,
    TakeVictoryPoint,
)
from rulespec.lotus.components import (
    BASIC_MARKERS,
    BUILDINGS,
    COMBAT_POINTS,
    INFLUENCE_POINTS,
    NEUTRAL,
    NEUTRAL_CHIPS,
    OWNED,
    START_COMBAT,
    START_INFLUENCE,
    VP_CHIPS,
    Building,
    Chip,
    Side,
    chips_fit,
)
from rulespec.lotus.rulebook import RULEBOOK
from rulespec.lotus.variant import (
    CardSupply,
    ChipSupply,
    Negotiation,
    RewardChoice,
    TempleExtra,
    VpChips,
)

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame
    from rulespec.lotus.observation import LotusObservation

R = RULEBOOK.get
R_PHASES = R("lotus.year.phases")
R_START = R("lotus.setup.start_chips")
R_NEUTRAL_ONLY = R("lotus.claim.neutral_only")
R_ONE_PER_COLOUR = R("lotus.claim.one_per_colour")
R_CHIP_SUPPLY = R("lotus.claim.chip_supply")
R_EXTRA = R("lotus.claim.extra_rounds")
R_MANDATORY = R("lotus.claim.mandatory")
R_ORDERS = R("lotus.resolve.emperor_orders")
R_TARGET = R("lotus.conflict.target_present")
R_BID = R("lotus.conflict.bid")
R_ZERO = R("lotus.conflict.zero_card")
R_TIE = R("lotus.conflict.tie_emperor")
R_ASK = R("lotus.rebellion.asking_order")
R_SIDES = R("lotus.rebellion.sides")
R_COMBAT = R("lotus.rebellion.combat_commit")
R_ADJACENT = R("lotus.rebellion.adjacent_only")
R_ONE_LOSS = R("lotus.rebellion.one_loss")
R_REWARDS = R("lotus.rebellion.rewards")
R_REWARD_CHIPS = R("lotus.rebellion.chip_supply")
R_VP_CHOICE = R("lotus.rebellion.reward_vp_by_choice")
R_PALACE = R("lotus.income.palace")
R_TEMPLE = R("lotus.expand.temple_extra")
R_DRAW = R("lotus.expand.draw_place")
R_EXPAND_ADJ = R("lotus.expand.adjacency")
R_NEGOTIATE = R("lotus.variant.negotiation_window")
R_WINNER = R("lotus.score.winner")
R_POINTS = R("lotus.cards.points_model")


class Phase(enum.Enum):
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


_CHANCE_PHASES = frozenset({Phase.SETUP, Phase.DRAW})
_SECRET_PHASES = frozenset({Phase.BID, Phase.SIDE, Phase.COMBAT})


@attrs.frozen
class State:
    """A White Lotus position. Build one with ``rulespec.game("lotus", edition=…, players=…)``.

    Seats are numbered clockwise from the first emperor (ruling
    lotus.setup.first_emperor_seat). Areas are indexed in board order; ``chips[i]`` is the
    chip on ``game.board.areas[i]`` (None: empty or out of play).
    """

    game: LotusGame = attrs.field(repr=False)
    phase: Phase
    year: int
    emperor: int
    seat: int
    """The seat to act at a decision (the drawer at a draw)."""
    chips: tuple[Chip | None, ...]
    unseen: tuple[int, ...]
    """Neutral chips not yet on the board, by building (the face-down supply)."""
    influence: tuple[int, ...]
    combat: tuple[int, ...]
    bank: tuple[int, int]
    """Influence and combat points in the open piles (negative: beyond the box, only with
    the unlimited card supply)."""
    vp: tuple[int, ...]
    claims: tuple[frozenset[int], ...]
    """Seats with a claim marker on each area (phases 1–2)."""
    declined: frozenset[int]
    """Phase 1: seats that declined their extra markers this year."""
    cursor: int
    """Phase 1: the placement position (round × players + offset from the emperor)."""
    queue: tuple[int, ...]
    """Seats still to act in the current step, in order."""
    area: int
    """The area being fought over, -1 when none."""
    bids: tuple[tuple[int, Bid], ...]
    """The current round's secret bids, in commit order."""
    tied: frozenset[int]
    """Seats the emperor must choose between (phase REMOVE)."""
    leader: int
    """The rebel leader, -1 when there is no rebellion."""
    sides: tuple[tuple[int, Side], ...]
    commits: tuple[tuple[int, int], ...]
    """Secret combat commitments, in commit order."""
    winners: Side | None
    """The side that won the rebellion being rewarded."""
    hit: frozenset[int]
    """Losers who already lost an area in this rebellion (lotus.rebellion.one_loss)."""
    palace_taker: int
    """The winner who took a palace from the emperor in this rebellion, -1 if none."""
    slots: tuple[tuple[int, bool], ...]
    """Phase 6: (seat, is a temple extra) still to come."""
    drawn: Building | None
    """Phase 6: the chip drawn and not yet placed."""
    singles_pending: bool
    """Year 1: single claimants are awarded after the palace conflict."""
    resume: Phase | None
    """After a negotiation window, the secret stage that opens."""
    final: bool
    """Every area in play is owned: the game ends after this year's rebellion."""
    last: tuple[tuple[str, Any], ...]
    """The last public reveal (conflict round or rebellion), for views and logs."""

    # --- construction --------------------------------------------------------------

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
            declined=frozenset(),
            cursor=0,
            queue=game.start_areas,
            area=-1,
            bids=(),
            tied=frozenset(),
            leader=-1,
            sides=(),
            commits=(),
            winners=None,
            hit=frozenset(),
            palace_taker=-1,
            slots=(),
            drawn=None,
            singles_pending=False,
            resume=None,
            final=False,
            last=(),
        )

    # --- the contract --------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.game.players

    @property
    def current_player(self) -> int | Node:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        if self.phase in _CHANCE_PHASES:
            return CHANCE
        if self.phase is Phase.GAME_OVER:
            return TERMINAL
        return self.seat

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.phase is Phase.GAME_OVER

    @property
    def is_chance(self) -> bool:
        """True at a chance node."""
        return self.phase in _CHANCE_PHASES

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, in a fixed order; the chance outcomes at a chance node."""
        if self.is_chance:
            return tuple(a for a, _ in self.chance_outcomes())
        return _LEGAL[self.phase](self)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Each chance outcome with its exact probability; empty at a decision node."""
        if self.phase is Phase.SETUP:
            pool = self._start_pool()
            return weighted([(StartChip(b), pool[b]) for b in BUILDINGS])
        if self.phase is Phase.DRAW:
            return weighted([(DrawChip(b), self.unseen[b]) for b in BUILDINGS])
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome with its probability."""
        if self.phase is Phase.SETUP:
            pool = self._start_pool()
            return StartChip(pick_weighted(list(zip(BUILDINGS, pool, strict=True)), rng))
        if self.phase is Phase.DRAW:
            return DrawChip(pick_weighted(list(zip(BUILDINGS, self.unseen, strict=True)), rng))
        raise ValueError(f"not a chance node: {self.phase.value}")

    def apply(self, action: Action, *, player: int | None = None) -> State:
        """The state after ``action``; ``player``, if given, must be the one to act."""
        if player is not None and player != self.current_player:
            raise NotYourTurn(
                R_PHASES,
                f"seat {player} submitted {action}, but {_actor(self.current_player)} is to act",
                action,
            )
        problem = self._violation(action)
        if problem is not None:
            raise IllegalAction(problem[0], problem[1], action)
        return _APPLY[type(action)](self, action)

    def explain(self, action: Action) -> Explanation:
        """Whether ``action`` is legal here and, if not, the rule that forbids it."""
        return Explanation.of(action, self._violation(action))

    def observation(self, player: int) -> LotusObservation:
        """Exactly what ``player`` may see (ruling lotus.info.hidden)."""
        from rulespec.lotus.observation import observe

        return observe(self, player)

    def held(self, seat: int) -> tuple[int, ...]:
        """Buildings ``seat`` owns on the board, counted by :class:`Building`."""
        counts = [0] * len(BUILDINGS)
        for chip in self.chips:
            if chip is not None and chip.owner == seat:
                counts[chip.building] += 1
        return tuple(counts)

    def owned(self, seat: int) -> tuple[int, ...]:
        """Indices of the areas ``seat`` owns."""
        return tuple(
            i for i, chip in enumerate(self.chips) if chip is not None and chip.owner == seat
        )

    def scores(self) -> tuple[int, ...]:
        """Points each seat would score if the game ended now (lotus.score.*)."""
        board = self.game.board
        adjacency = self.game.adjacency
        measure = self.game.variant.territory_measure
        groups = [
            steps.largest_group(self.owned(s), adjacency, measure) for s in range(self.players)
        ]
        bonus = steps.territory_winner(groups)
        out = []
        for s in range(self.players):
            dragons = sum(1 for i in self.owned(s) if board.areas[i].dragon)
            out.append(steps.score(self.held(s), dragons, self.vp[s], bonus == s))
        return tuple(out)

    def outcome(self) -> Outcome:
        """Final scores and winners (lotus.score.winner); only at the end."""
        if not self.is_terminal:
            raise GameNotOver(
                f"the game is not over (year {self.year}, phase {self.phase.value}); "
                f"[{R_WINNER.id}] decides only at the end"
            )
        scores = self.scores()
        palaces = tuple(self.held(s)[Building.PALACE] for s in range(self.players))
        return Outcome(
            scores=scores,
            tiebreaks=tuple((int(s == self.emperor), palaces[s]) for s in range(self.players)),
            winners=steps.winners(scores, self.emperor, palaces),
        )

    def to_json(self) -> dict[str, Any]:
        """The whole state as a JSON position (see :mod:`rulespec.lotus.position`)."""
        from rulespec.lotus.position import dump

        return dump(self)

    def problems(self) -> tuple[str, ...]:
        """Every rule invariant this state breaks (see :mod:`rulespec.lotus.position`)."""
        from rulespec.lotus.position import invariant_problems

        return tuple(invariant_problems(self))

    def __str__(self) -> str:
        from rulespec.lotus.render import render

        return render(self)

    # --- helpers for rules and views ---------------------------------------------------

    def area_id(self, index: int) -> str:
        """The board id of area ``index``."""
        return self.game.board.areas[index].id

    def order_from_emperor(self, seats: Iterable[int] | None = None) -> tuple[int, ...]:
        """``seats`` (default: all) in turn order starting with the emperor."""
        n = self.players
        pool = range(n) if seats is None else seats
        return tuple(sorted(pool, key=lambda s: steps.clockwise(s, self.emperor, n)))

    def claim_areas(self, seat: int) -> tuple[int, ...]:
        """Areas ``seat`` may place a marker on now (lotus.claim.neutral_only,
        lotus.claim.one_per_colour, lotus.claim.chip_supply)."""
        fits = [True] * len(BUILDINGS)
        if self.game.options.chip_supply is ChipSupply.LIMITED:
            held = list(self.held(seat))
            for i, c in enumerate(self.claims):
                chip = self.chips[i]
                if seat in c and chip is not None:
                    held[chip.building] += 1
            for b in BUILDINGS:
                held[b] += 1
                fits[b] = chips_fit(held)
                held[b] -= 1
        chips, claims = self.chips, self.claims
        return tuple(
            i
            for i in self.game.in_play
            if (chip := chips[i]) is not None
            and chip.owner is None
            and seat not in claims[i]
            and fits[chip.building]
        )

    def markers_allowed(self, seat: int) -> int:
        """Markers ``seat`` places this year (lotus.claim.rice_extra)."""
        rice = self.held(seat)[Building.RICE]
        return steps.markers_allowed(
            rice,
            self.year,
            self.game.variant.rice_extra_from_year,
            self.game.variant.max_markers,
        )

    def reward_areas(self, seat: int) -> tuple[int, ...]:
        """Areas a rebellion winner may take now (lotus.rebellion.adjacent_only,
        lotus.rebellion.landless, lotus.rebellion.one_loss, lotus.rebellion.same_building)."""
        losing = Side.REBELS if self.winners is Side.EMPEROR else Side.EMPEROR
        losers = {s for s, side in self._all_sides() if side is losing} - self.hit
        mine = set(self.owned(seat))
        adjacency = self.game.index_adjacency
        limited = self.game.options.chip_supply is ChipSupply.LIMITED
        held = list(self.held(seat))
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
        return tuple(out)

    def placement_areas(self) -> tuple[int, ...]:
        """Empty areas in play next to an area holding a chip (lotus.expand.adjacency)."""
        adjacency = self.game.index_adjacency
        return tuple(
            i
            for i in self.game.in_play
            if self.chips[i] is None and any(self.chips[j] is not None for j in adjacency[i])
        )

    def _all_sides(self) -> tuple[tuple[int, Side], ...]:
        """Everyone's side in the current rebellion, the emperor and leader included."""
        return ((self.emperor, Side.EMPEROR), (self.leader, Side.REBELS), *self.sides)

    def _start_pool(self) -> tuple[int, ...]:
        """Start chips not yet dealt to a lotus area."""
        pool = [0] * len(BUILDINGS)
        for b in self.game.variant.start_chips:
            pool[b] += 1
        for i in self.game.start_areas:
            chip = self.chips[i]
            if chip is not None:
                pool[chip.building] -= 1
        return tuple(pool)

    def _but(self, **changes: Any) -> State:
        """A copy with some fields replaced (a cheap ``attrs.evolve`` for the hot path)."""
        return replace(self, _FIELDS, changes)

    # --- rule checks ---------------------------------------------------------------

    def _violation(self, action: object) -> tuple[Rule, str] | None:
        """The rule an action breaks and why, or None if it is legal."""
        check = _CHECKS.get((self.phase, type(action)))
        if check is None:
            return R_PHASES, (
                f"{action} is not an action of the {self.phase.value} step; "
                f"{_actor(self.current_player)} must act now"
            )
        return check(self, action)

    # --- phase 1: claims -------------------------------------------------------------

    def _begin_claims(self) -> State:
        state = self._but(
            phase=Phase.CLAIM,
            claims=(frozenset(),) * len(self.chips),
            declined=frozenset(),
            cursor=0,
            area=-1,
            last=(),
        )
        return state._next_claim(0)

    def _next_claim(self, position: int) -> State:
        """The next placement: rounds 1–3 for everyone, 4–5 for rice extras
        (lotus.claim.three_rounds, lotus.claim.extra_rounds); a seat with no legal area
        skips (lotus.claim.no_legal_area)."""
        n = self.players
        limit = self.game.variant.max_markers * n
        for p in range(position, limit):
            seat = (self.emperor + p % n) % n
            rnd = p // n + 1
            if rnd > BASIC_MARKERS:
                extras = self.markers_allowed(seat) - BASIC_MARKERS
                if seat in self.declined or extras < rnd - BASIC_MARKERS:
                    continue
            if self.claim_areas(seat):
                return self._but(cursor=p, seat=seat)
        return self._begin_resolution()

    def _place_marker(self, action: PlaceMarker) -> State:
        i = self.game.area_index[action.area]
        claims = put(self.claims, i, self.claims[i] | {self.seat})
        return self._but(claims=claims)._next_claim(self.cursor + 1)

    def _decline_claim(self) -> State:
        return self._but(declined=self.declined | {self.seat})._next_claim(self.cursor + 1)

    # --- phase 2: resolution ---------------------------------------------------------

    def _begin_resolution(self) -> State:
        """Year 1: the palace area first (lotus.resolve.palace_first_year1); then the
        single claimants all at once (lotus.resolve.uncontested_first)."""
        state = self._but(cursor=0, declined=frozenset())
        if self.year == 1:
            for i in self.game.in_play:
                chip = self.chips[i]
                if chip is not None and chip.neutral and chip.building is Building.PALACE:
                    if len(self.claims[i]) >= 2:
                        return state._but(singles_pending=True)._start_conflict(i)
                    break
            # an unclaimed palace changes nothing (lotus.resolve.palace_unclaimed_year1)
        return state._award_singles()._next_conflict()

    def _award(self, i: int, seat: int) -> State:
        """``seat`` takes area ``i``: his chip replaces the neutral one
        (lotus.resolve.uncontested, lotus.conflict.award)."""
        chip = self.chips[i]
        assert chip is not None
        return self._but(
            chips=put(self.chips, i, OWNED[seat][chip.building]),
            claims=put(self.claims, i, frozenset()),
        )

    def _award_singles(self) -> State:
        state = self
        for i, c in enumerate(self.claims):
            if len(c) == 1:
                (seat,) = c
                state = state._award(i, seat)
        return state._check_emperor()

    def _check_emperor(self) -> State:
        """More palaces than the emperor makes a player emperor at once
        (lotus.resolve.emperor_change)."""
        palaces = [self.held(s)[Building.PALACE] for s in range(self.players)]
        return self._but(emperor=steps.emperor_after_gain(palaces, self.emperor))

    def _next_conflict(self) -> State:
        contested = [i for i, c in enumerate(self.claims) if len(c) >= 2]
        if not contested:
            return self._end_resolution()
        if len(contested) == 1:
            return self._start_conflict(contested[0])
        return self._but(phase=Phase.CHOOSE_CONFLICT, seat=self.emperor, area=-1)

    def _start_conflict(self, i: int) -> State:
        """Only the claimants of the area fight for it (lotus.conflict.participants)."""
        return self._but(area=i)._open_round()

    def _open_round(self) -> State:
        """A conflict round: negotiation window first if the variant is on, then the
        secret bids in turn order from the emperor (lotus.secret.commit_order)."""
        if self.game.options.negotiation is Negotiation.ON:
            return self._open_window(Phase.BID)
        return self._open_bids()

    def _open_bids(self) -> State:
        order = self.order_from_emperor(self.claims[self.area])
        return self._but(phase=Phase.BID, queue=order[1:], seat=order[0], bids=(), resume=None)

    def _bid(self, action: Bid) -> State:
        bids = (*self.bids, (self.seat, action))
        if self.queue:
            return self._but(bids=bids, seat=self.queue[0], queue=self.queue[1:])
        plain = {s: (b.target, b.influence) for s, b in bids}
        candidates = steps.removal_candidates(plain)
        reveal = (  # lotus.conflict.reveal: everything is public from here on
            ("conflict", self.area_id(self.area)),
            ("bids", tuple((s, b.target, b.influence, b.zero_card) for s, b in bids)),
            ("totals", tuple(sorted(steps.totals_against(plain).items()))),
        )
        state = self._but(bids=bids, queue=(), last=reveal)
        if len(candidates) == 1:
            (loser,) = candidates
            return state._remove(loser)
        # lotus.conflict.tie_emperor: the emperor chooses, even in his own favour
        return state._but(phase=Phase.REMOVE, seat=self.emperor, tied=candidates)

    def _remove(self, loser: int) -> State:
        """The loser leaves and keeps half his bid; everyone else pays all
        (lotus.conflict.loser_refund, lotus.conflict.others_pay, lotus.conflict.repeat)."""
        plain = {s: (b.target, b.influence) for s, b in self.bids}
        paid = steps.payments(plain, loser, self.game.variant.loser_refund)
        influence = list(self.influence)
        for seat, amount in paid.items():
            influence[seat] -= amount
        claims = put(self.claims, self.area, self.claims[self.area] - {loser})
        reveal = (*self.last, ("loser", loser), ("paid", tuple(sorted(paid.items()))))
        state = self._but(
            influence=tuple(influence),
            bank=(self.bank[0] + sum(paid.values()), self.bank[1]),
            claims=claims,
            bids=(),
            tied=frozenset(),
            last=reveal,
        )
        if len(claims[self.area]) == 1:
            (winner,) = claims[self.area]
            state = state._award(self.area, winner)._check_emperor()._but(area=-1)
            if state.singles_pending:
                state = state._but(singles_pending=False)._award_singles()
            return state._next_conflict()
        return state._open_round()

    def _end_resolution(self) -> State:
        """End of phase 2: the end trigger (lotus.end.trigger), then phase 3's point for
        the emperor (lotus.tribute.emperor_point) and the rebellion."""
        final = all((c := self.chips[i]) is not None and not c.neutral for i in self.game.in_play)
        state = self._but(final=final, area=-1)._give_vp(self.emperor)
        return state._begin_rebellion()

    def _give_vp(self, seat: int) -> State:
        """One victory-point chip, unless the limited supply is gone
        (lotus.components.vp_supply)."""
        if self.game.options.vp_chips is VpChips.LIMITED and sum(self.vp) >= VP_CHIPS:
            return self
        return self._but(vp=put(self.vp, seat, self.vp[seat] + 1))

    # --- phase 4: rebellion -------------------------------------------------------

    def _begin_rebellion(self) -> State:
        villages = [self.held(s)[Building.VILLAGE] for s in range(self.players)]
        ask = steps.leader_ask_order(villages, self.emperor, self.game.variant.leader_candidate_tie)
        if not ask:
            return self._after_rebellion()
        return self._but(phase=Phase.LEAD, seat=ask[0], queue=ask[1:])

    def _lead(self, action: Lead) -> State:
        if not action.accept:
            if self.queue:
                return self._but(seat=self.queue[0], queue=self.queue[1:])
            return self._after_rebellion()
        state = self._but(leader=self.seat, queue=(), sides=(), commits=())
        if self.game.options.negotiation is Negotiation.ON:
            return state._open_window(Phase.SIDE)
        return state._open_sides()

    def _open_sides(self) -> State:
        choosers = self.order_from_emperor(
            s for s in range(self.players) if s not in (self.emperor, self.leader)
        )
        if not choosers:
            return self._open_combat()
        return self._but(phase=Phase.SIDE, seat=choosers[0], queue=choosers[1:], resume=None)

    def _choose_side(self, action: ChooseSide) -> State:
        sides = (*self.sides, (self.seat, action.side))
        if self.queue:
            return self._but(sides=sides, seat=self.queue[0], queue=self.queue[1:])
        return self._but(sides=sides)._open_combat()

    def _open_combat(self) -> State:
        order = self.order_from_emperor()
        return self._but(phase=Phase.COMBAT, seat=order[0], queue=order[1:], resume=None)

    def _commit_combat(self, action: CommitCombat) -> State:
        commits = (*self.commits, (self.seat, action.combat))
        if self.queue:
            return self._but(commits=commits, seat=self.queue[0], queue=self.queue[1:])
        return self._but(commits=commits, queue=())._fight()

    def _fight(self) -> State:
        """Reveal, count (lotus.rebellion.emperor_bonus, lotus.rebellion.leader_bonus),
        decide (lotus.rebellion.winner), discard every card (lotus.rebellion.discard_all)
        and line up the rewards (lotus.rebellion.reward_order)."""
        committed = dict(self.commits)
        sides = dict(self._all_sides())
        emperor_total, rebels_total = steps.rebellion_totals(
            sides,
            committed,
            self.held(self.emperor)[Building.PALACE],
            self.held(self.leader)[Building.VILLAGE],
        )
        winner = steps.rebellion_winner(emperor_total, rebels_total)
        combat = tuple(self.combat[s] - committed.get(s, 0) for s in range(self.players))
        head = self.emperor if winner is Side.EMPEROR else self.leader
        allies = [s for s, side in sides.items() if side is winner and s != head]
        order = steps.reward_order(
            head, allies, committed, self.players, self.game.variant.reward_tie
        )
        reveal = (
            ("rebellion", self.leader),
            ("sides", tuple((seat, side.value) for seat, side in sorted(sides.items()))),
            ("combat", tuple(sorted(committed.items()))),
            ("totals", (emperor_total, rebels_total)),
            ("winner", winner.value),
        )
        state = self._but(
            combat=combat,
            bank=(self.bank[0], self.bank[1] + sum(committed.values())),
            winners=winner,
            hit=frozenset(),
            palace_taker=-1,
            queue=order,
            last=reveal,
        )
        return state._next_reward()

    def _next_reward(self) -> State:
        """Each winner in order takes a loser's area, or a VP chip when none is legal
        (lotus.rebellion.rewards, lotus.rebellion.vp_fallback)."""
        state = self
        while state.queue:
            seat = state.queue[0]
            if state.reward_areas(seat):
                return state._but(phase=Phase.REWARD, seat=seat)
            state = state._give_vp(seat)._but(queue=state.queue[1:])
        return state._finish_rebellion()

    def _take_area(self, action: TakeArea) -> State:
        i = self.game.area_index[action.area]
        chip = self.chips[i]
        assert chip is not None
        assert chip.owner is not None
        taker = self.palace_taker
        if chip.building is Building.PALACE and chip.owner == self.emperor:
            taker = self.seat
        return self._but(
            chips=put(self.chips, i, OWNED[self.seat][chip.building]),
            hit=self.hit | {chip.owner},
            palace_taker=taker,
            queue=self.queue[1:],
        )._next_reward()

    def _take_vp(self) -> State:
        return self._give_vp(self.seat)._but(queue=self.queue[1:])._next_reward()

    def _finish_rebellion(self) -> State:
        """The new emperor (lotus.rebellion.new_emperor); no point for him now
        (lotus.tribute.only_phase3)."""
        palaces = [self.held(s)[Building.PALACE] for s in range(self.players)]
        emperor = steps.new_emperor(
            palaces,
            self.emperor,
            None if self.palace_taker < 0 else self.palace_taker,
            self.game.variant.emperor_after_rebellion,
        )
        state = self._but(
            emperor=emperor,
            leader=-1,
            sides=(),
            commits=(),
            winners=None,
            hit=frozenset(),
            palace_taker=-1,
        )
        return state._after_rebellion()

    def _after_rebellion(self) -> State:
        if self.final:
            return self._but(phase=Phase.GAME_OVER, queue=(), seat=self.emperor)
        return self._begin_income()

    # --- phase 5: new cards --------------------------------------------------------

    def _begin_income(self) -> State:
        return self._but(queue=self.order_from_emperor())._next_income()

    def _next_income(self) -> State:
        """Pay everyone in turn order from the emperor (lotus.income.order); a palace
        owner first chooses (lotus.income.palace)."""
        state = self
        while state.queue:
            seat = state.queue[0]
            if state.held(seat)[Building.PALACE]:
                return state._but(phase=Phase.PALACE_INCOME, seat=seat)
            state = state._pay(seat, 0)._but(queue=state.queue[1:])
        return state._begin_expansion()

    def _pay(self, seat: int, combat_palaces: int) -> State:
        """One player's income, as far as the bank lasts (lotus.income.supply_limit)."""
        gain_i, gain_c = steps.income(self.held(seat), combat_palaces)
        if self.game.options.card_supply is CardSupply.LIMITED:
            gain_i = min(gain_i, max(self.bank[0], 0))
            gain_c = min(gain_c, max(self.bank[1], 0))
        return self._but(
            influence=put(self.influence, seat, self.influence[seat] + gain_i),
            combat=put(self.combat, seat, self.combat[seat] + gain_c),
            bank=(self.bank[0] - gain_i, self.bank[1] - gain_c),
        )

    def _palace_income(self, action: PalaceIncome) -> State:
        return self._pay(self.seat, action.combat)._but(queue=self.queue[1:])._next_income()

    # --- phase 6: new areas --------------------------------------------------------

    def _begin_expansion(self) -> State:
        """One chip per player from the emperor, then one more per temple in further
        rounds (lotus.expand.draw_place, lotus.expand.temple_order)."""
        order = self.order_from_emperor()
        temples = {s: self.held(s)[Building.TEMPLE] for s in order}
        slots = [(s, False) for s in order]
        for k in range(1, max(temples.values(), default=0) + 1):
            slots.extend((s, True) for s in order if temples[s] >= k)
        return self._but(slots=tuple(slots), queue=())._next_slot()

    def _next_slot(self) -> State:
        """The next chip to draw; none when no empty area can take one
        (lotus.expand.no_space)."""
        if not self.slots or not self.placement_areas() or not any(self.unseen):
            return self._next_year()
        seat, extra = self.slots[0]
        if extra and self.game.variant.temple_extra is TempleExtra.MAY:
            return self._but(phase=Phase.TEMPLE_EXTRA, seat=seat)
        return self._but(phase=Phase.DRAW, seat=seat)

    def _draw(self, action: DrawChip) -> State:
        unseen = put(self.unseen, action.building, self.unseen[action.building] - 1)
        return self._but(phase=Phase.PLACE, unseen=unseen, drawn=action.building)

    def _place_chip(self, action: PlaceChip) -> State:
        assert self.drawn is not None
        i = self.game.area_index[action.area]
        return self._but(
            chips=put(self.chips, i, NEUTRAL[self.drawn]), drawn=None, slots=self.slots[1:]
        )._next_slot()

    def _take_extra(self) -> State:
        return self._but(phase=Phase.DRAW)

    def _decline_extra_chip(self) -> State:
        return self._but(slots=self.slots[1:])._next_slot()

    def _next_year(self) -> State:
        """The year ends; the next begins with claims (lotus.year.phases)."""
        return self._but(year=self.year + 1, slots=(), drawn=None)._begin_claims()

    # --- the negotiation variant -----------------------------------------------------

    def _open_window(self, resume: Phase) -> State:
        """A public negotiation window before a secret stage
        (lotus.variant.negotiation_window): each player in turn from the emperor may give
        cards, then passes."""
        order = self.order_from_emperor()
        return self._but(phase=Phase.NEGOTIATE, seat=order[0], queue=order[1:], resume=resume)

    def _give(self, action: Give) -> State:
        s, t = self.seat, action.to
        influence = put(self.influence, s, self.influence[s] - action.influence)
        influence = put(influence, t, influence[t] + action.influence)
        combat = put(self.combat, s, self.combat[s] - action.combat)
        combat = put(combat, t, combat[t] + action.combat)
        return self._but(influence=influence, combat=combat)

    def _pass(self) -> State:
        if self.queue:
            return self._but(seat=self.queue[0], queue=self.queue[1:])
        if self.resume is Phase.BID:
            return self._open_bids()
        return self._open_sides()

    def _setup_chip(self, action: StartChip) -> State:
        i = self.queue[0]
        state = self._but(chips=put(self.chips, i, NEUTRAL[action.building]), queue=self.queue[1:])
        if state.queue:
            return state
        return state._begin_claims()


_FIELDS = field_names(State)


def _actor(actor: int | Node) -> str:
    return f"seat {actor}" if isinstance(actor, int) else actor.name.lower()


# --- legal actions per phase -----------------------------------------------------------


def _legal_claim(s: State) -> tuple[Action, ...]:
    out: list[Action] = [PlaceMarker(s.area_id(i)) for i in s.claim_areas(s.seat)]
    if s.cursor // s.players >= BASIC_MARKERS:
        out.append(DeclineExtra())
    return tuple(out)


def _legal_choose(s: State) -> tuple[Action, ...]:
    return tuple(ChooseConflict(s.area_id(i)) for i, c in enumerate(s.claims) if len(c) >= 2)


def _legal_bid(s: State) -> tuple[Action, ...]:
    targets = tuple(sorted(s.claims[s.area] - {s.seat}))
    return _bids(targets, s.influence[s.seat], s.game.variant.zero_cards)


@functools.lru_cache(maxsize=4096)
def _bids(targets: tuple[int, ...], influence: int, zero_cards: bool) -> tuple[Action, ...]:
    """Every bid against ``targets`` with up to ``influence`` points (cached: bids are
    values, and a conflict offers the same list round after round)."""
    zero = (False, True) if zero_cards else (False,)
    return tuple(
        Bid(t, points, z) for t in targets for points in range(influence + 1) for z in zero
    )


def _legal_remove(s: State) -> tuple[Action, ...]:
    return tuple(Remove(t) for t in sorted(s.tied))


def _legal_lead(s: State) -> tuple[Action, ...]:
    return (Lead(True), Lead(False))


def _legal_side(s: State) -> tuple[Action, ...]:
    return (ChooseSide(Side.EMPEROR), ChooseSide(Side.REBELS))


def _legal_combat(s: State) -> tuple[Action, ...]:
    return tuple(CommitCombat(c) for c in range(s.combat[s.seat] + 1))


def _legal_reward(s: State) -> tuple[Action, ...]:
    out: list[Action] = [TakeArea(s.area_id(i)) for i in s.reward_areas(s.seat)]
    if s.game.options.reward_choice is RewardChoice.PLAYER_CHOICE:
        out.append(TakeVictoryPoint())
    return tuple(out)


def _legal_palace(s: State) -> tuple[Action, ...]:
    return tuple(PalaceIncome(k) for k in range(s.held(s.seat)[Building.PALACE] + 1))


def _legal_temple(s: State) -> tuple[Action, ...]:
    return (TakeExtra(), DeclineExtra())


def _legal_place(s: State) -> tuple[Action, ...]:
    return tuple(PlaceChip(s.area_id(i)) for i in s.placement_areas())


def _legal_negotiate(s: State) -> tuple[Action, ...]:
    out: list[Action] = [Pass()]
    for to in range(s.players):
        if to == s.seat:
            continue
        out.extend(Give(to, k, 0) for k in range(1, s.influence[s.seat] + 1))
        out.extend(Give(to, 0, k) for k in range(1, s.combat[s.seat] + 1))
    return tuple(out)


def _none(s: State) -> tuple[Action, ...]:
    return ()


_LEGAL: dict[Phase, Callable[[State], tuple[Action, ...]]] = {
    Phase.CLAIM: _legal_claim,
    Phase.CHOOSE_CONFLICT: _legal_choose,
    Phase.NEGOTIATE: _legal_negotiate,
    Phase.BID: _legal_bid,
    Phase.REMOVE: _legal_remove,
    Phase.LEAD: _legal_lead,
    Phase.SIDE: _legal_side,
    Phase.COMBAT: _legal_combat,
    Phase.REWARD: _legal_reward,
    Phase.PALACE_INCOME: _legal_palace,
    Phase.TEMPLE_EXTRA: _legal_temple,
    Phase.PLACE: _legal_place,
    Phase.GAME_OVER: _none,
}


# --- rule checks per (phase, action type) ------------------------------------------------

Problem = tuple[Rule, str] | None


def _area_of(s: State, area: str) -> int | None:
    return s.game.area_index.get(area)


def _check_marker(s: State, a: PlaceMarker) -> Problem:
    i = _area_of(s, a.area)
    if i is None or i not in s.game.in_play_set:
        return R_NEUTRAL_ONLY, f"{a.area} is not an area in play"
    chip = s.chips[i]
    if chip is None or not chip.neutral:
        return R_NEUTRAL_ONLY, f"{a.area} holds no neutral chip; only neutral areas are claimed"
    if s.seat in s.claims[i]:
        return R_ONE_PER_COLOUR, f"seat {s.seat} already has a marker on {a.area}"
    if i not in s.claim_areas(s.seat):
        return R_CHIP_SUPPLY, (
            f"seat {s.seat} could not show a {chip.building.label} chip if he won {a.area} "
            "and every area he already claims"
        )
    return None


def _check_decline_claim(s: State, a: DeclineExtra) -> Problem:
    if s.cursor // s.players < BASIC_MARKERS:
        return R_MANDATORY, "the three basic markers must be placed; only extras may be declined"
    return None


def _check_choose(s: State, a: ChooseConflict) -> Problem:
    i = _area_of(s, a.area)
    if i is None or len(s.claims[i]) < 2:
        return R_ORDERS, f"{a.area} is not a contested area still to be settled"
    return None


def _check_bid(s: State, a: Bid) -> Problem:
    if a.target == s.seat or a.target not in s.claims[s.area]:
        others = ", ".join(str(t) for t in sorted(s.claims[s.area] - {s.seat}))
        return R_TARGET, f"the dragon card must name another claimant of the area ({others})"
    if not 0 <= a.influence <= s.influence[s.seat]:
        return R_BID, f"seat {s.seat} has {s.influence[s.seat]} influence, cannot bid {a.influence}"
    if a.zero_card and not s.game.variant.zero_cards:
        return R_ZERO, "this edition does not use the 0-value influence cards"
    return None


def _check_remove(s: State, a: Remove) -> Problem:
    if a.seat not in s.tied:
        tied = ", ".join(str(t) for t in sorted(s.tied))
        return R_TIE, f"the emperor must choose one of the tied seats {tied}"
    return None


def _check_any(s: State, a: object) -> Problem:
    return None


def _check_combat(s: State, a: CommitCombat) -> Problem:
    if not 0 <= a.combat <= s.combat[s.seat]:
        return R_COMBAT, f"seat {s.seat} has {s.combat[s.seat]} combat, cannot commit {a.combat}"
    return None


def _check_take(s: State, a: TakeArea) -> Problem:
    i = _area_of(s, a.area)
    if i is not None and i in s.reward_areas(s.seat):
        return None
    chip = None if i is None else s.chips[i]
    losing = Side.REBELS if s.winners is Side.EMPEROR else Side.EMPEROR
    losers = {t for t, side in s._all_sides() if side is losing}
    if i is None or chip is None or chip.owner not in losers:
        return R_REWARDS, f"{a.area} does not belong to a player of the losing side"
    if chip.owner in s.hit:
        return R_ONE_LOSS, f"seat {chip.owner} has already lost an area in this rebellion"
    mine = set(s.owned(s.seat))
    if mine and not (s.game.index_adjacency[i] & mine):
        return R_ADJACENT, f"{a.area} is not adjacent to an area of seat {s.seat}"
    return R_REWARD_CHIPS, (
        f"seat {s.seat} has no {chip.building.label} chip left to show, and the building "
        "never changes (lotus.rebellion.same_building)"
    )


def _check_take_vp(s: State, a: TakeVictoryPoint) -> Problem:
    if s.game.options.reward_choice is not RewardChoice.PLAYER_CHOICE:
        return R_VP_CHOICE, "a winner who can take an area must take one"
    return None


def _check_palace(s: State, a: PalaceIncome) -> Problem:
    palaces = s.held(s.seat)[Building.PALACE]
    if not 0 <= a.combat <= palaces:
        return R_PALACE, f"seat {s.seat} owns {palaces} palace(s), cannot take {a.combat} as combat"
    return None


def _check_place(s: State, a: PlaceChip) -> Problem:
    i = _area_of(s, a.area)
    if i is None or i not in s.placement_areas():
        return R_EXPAND_ADJ, f"{a.area} is not an empty area in play next to an area with a chip"
    return None


def _check_give(s: State, a: Give) -> Problem:
    if a.to == s.seat or not 0 <= a.to < s.players:
        return R_NEGOTIATE, f"seat {s.seat} can only give to another seat"
    if a.influence < 0 or a.combat < 0 or (a.influence > 0) == (a.combat > 0):
        return R_NEGOTIATE, (
            "a gift is a positive number of influence points or of combat points; "
            "give both as two gifts"
        )
    if a.influence > s.influence[s.seat] or a.combat > s.combat[s.seat]:
        return R_POINTS, f"seat {s.seat} does not hold that many points"
    return None


def _check_start(s: State, a: StartChip) -> Problem:
    if not s._start_pool()[a.building]:
        return R_START, f"no {a.building.label} is left among the start chips"
    return None


def _check_draw(s: State, a: DrawChip) -> Problem:
    if not s.unseen[a.building]:
        return R_DRAW, f"no neutral {a.building.label} chip is left to draw"
    return None


_CHECKS: dict[tuple[Phase, type], Callable[[State, Any], Problem]] = {
    (Phase.SETUP, StartChip): _check_start,
    (Phase.CLAIM, PlaceMarker): _check_marker,
    (Phase.CLAIM, DeclineExtra): _check_decline_claim,
    (Phase.CHOOSE_CONFLICT, ChooseConflict): _check_choose,
    (Phase.NEGOTIATE, Give): _check_give,
    (Phase.NEGOTIATE, Pass): _check_any,
    (Phase.BID, Bid): _check_bid,
    (Phase.REMOVE, Remove): _check_remove,
    (Phase.LEAD, Lead): _check_any,
    (Phase.SIDE, ChooseSide): _check_any,
    (Phase.COMBAT, CommitCombat): _check_combat,
    (Phase.REWARD, TakeArea): _check_take,
    (Phase.REWARD, TakeVictoryPoint): _check_take_vp,
    (Phase.PALACE_INCOME, PalaceIncome): _check_palace,
    (Phase.TEMPLE_EXTRA, TakeExtra): _check_any,
    (Phase.TEMPLE_EXTRA, DeclineExtra): _check_any,
    (Phase.DRAW, DrawChip): _check_draw,
    (Phase.PLACE, PlaceChip): _check_place,
}


def _apply_decline(s: State, a: DeclineExtra) -> State:
    return s._decline_claim() if s.phase is Phase.CLAIM else s._decline_extra_chip()


_APPLY: dict[type, Callable[[State, Any], State]] = {
    StartChip: State._setup_chip,
    PlaceMarker: State._place_marker,
    DeclineExtra: _apply_decline,
    ChooseConflict: lambda s, a: s._start_conflict(s.game.area_index[a.area]),
    Bid: State._bid,
    Remove: lambda s, a: s._remove(a.seat),
    Lead: State._lead,
    ChooseSide: State._choose_side,
    CommitCombat: State._commit_combat,
    TakeArea: State._take_area,
    TakeVictoryPoint: lambda s, a: s._take_vp(),
    PalaceIncome: State._palace_income,
    TakeExtra: lambda s, a: s._take_extra(),
    DrawChip: State._draw,
    PlaceChip: State._place_chip,
    Give: State._give,
    Pass: lambda s, a: s._pass(),
}
