"""The Mandala state and its transitions: setup, the four turn steps, resolution, the end.

A :class:`State` is frozen; :meth:`State.apply <rulespec.mandala.State.apply>` checks the
action against the rules (raising :class:`~rulespec.IllegalAction` with the deciding rule,
the state untouched) and builds the next state. Between decisions the state passes through
chance nodes: dealing and drawing cards one at a time, revealing tiles, choosing the order
of the final resolution. Steps without a decision (the majority check, completion,
flowers, discards) happen inside ``apply``."""

from __future__ import annotations

import enum
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from rulespec.core.api import CHANCE, TERMINAL, Explanation, Node, Outcome
from rulespec.core.chance import pick_weighted, weighted
from rulespec.core.immutable import field_names, put, replace
from rulespec.core.rules import Rule
from rulespec.errors import GameNotOver, IllegalAction, NotYourTurn
from rulespec.mandala import rules as steps
from rulespec.mandala import scoring
from rulespec.mandala.actions import (
    DRAWS,
    PLAYS,
    Action,
    DrawCard,
    Play,
    ResolveNext,
    RevealTile,
    TakeTile,
)
from rulespec.mandala.components import (
    COLOURS,
    DARK_TILES,
    FULL_DECK,
    LIGHT_TILES,
    NO_CARDS,
    NUM_MANDALAS,
    TILE_ORDER,
    Back,
    Colour,
    Counts,
    Tile,
    add,
    plus,
)
from rulespec.mandala.rulebook import RULEBOOK
from rulespec.mandala.scoring import Holdings
from rulespec.mandala.variant import FinalMandalas

if TYPE_CHECKING:
    from rulespec.mandala.game import MandalaGame
    from rulespec.mandala.observation import MandalaObservation

R = RULEBOOK.get
R_ORDER = R("mandala.turn.order")
R_PLAY = R("mandala.play.one_colour_one_mandala")
R_AT_LEAST_ONE = R("mandala.play.at_least_one")
R_NEVER_EMPTY = R("mandala.hand.never_empty")
R_PICK = R("mandala.resolve.holder_picks")
R_SHUFFLE = R("mandala.setup.shuffle")
R_RESHUFFLE = R("mandala.draw.reshuffle")
R_SETUP_TILES = R("mandala.setup.tiles")
R_NEW_MANDALA = R("mandala.resolve.new_mandala")
R_FINAL = R("mandala.end.final_resolution")
R_WINNER = R("mandala.winner.most_points")


class Phase(enum.Enum):
    """Where the game stands; the phase decides who acts and what may be applied."""

    SETUP_TILES = "setup_tiles"
    """Chance: the six starting tiles, dark then light for mandalas 0, 1, 2."""
    DEAL = "deal"
    """Chance: starting hands, one card at a time, seat by seat."""
    PLAY = "play"
    """Step 1: the seat to act plays cards."""
    DRAW = "draw"
    """Step 2, chance: the seat to act draws one card at a time."""
    TAKE_TILE = "take_tile"
    """The marker holder of the mandala being resolved chooses a tile."""
    NEW_TILES = "new_tiles"
    """Chance: a resolved mandala gets a new dark, then light, tile."""
    FINAL_ORDER = "final_order"
    """Chance: which mandala the final resolution takes next."""
    GAME_OVER = "game_over"
    """Terminal."""


_CHANCE_PHASES = frozenset(
    {Phase.SETUP_TILES, Phase.DEAL, Phase.DRAW, Phase.NEW_TILES, Phase.FINAL_ORDER}
)


@attrs.frozen
class Area:
    """One mandala: its tiles, its marker and every seat's cards, face up and face down."""

    tiles: tuple[Tile, ...]
    """Dark tile first; empty only after the tiles ran out (mandala.end.no_tiles)."""
    marker: int | None
    """The seat holding the majority marker, or None if it lies in the centre."""
    up: tuple[Counts, ...]
    """Face-up cards per seat and colour."""
    down: tuple[Counts, ...]
    """Face-down cards per seat and colour (their colours were shown to all)."""

    @classmethod
    def empty(cls, players: int, tiles: tuple[Tile, ...] = ()) -> Area:
        """A mandala with no cards and the marker in the centre."""
        return cls(tiles, None, (NO_CARDS,) * players, (NO_CARDS,) * players)

    def colours(self) -> frozenset[Colour]:
        """Colours present: tiles and face-up cards (face-down cards never add one)."""
        found = {t.colour for t in self.tiles}
        found.update(
            c for c, col in zip(COLOURS, zip(*self.up, strict=True), strict=True) if any(col)
        )
        return frozenset(found)

    def totals(self) -> tuple[int, ...]:
        """Cards per seat, face up and down together."""
        return tuple(sum(u) + sum(d) for u, d in zip(self.up, self.down, strict=True))

    def ups(self) -> tuple[int, ...]:
        """Face-up cards per seat."""
        return tuple(sum(u) for u in self.up)

    def is_empty(self) -> bool:
        """True if no seat has a card here."""
        return not any(map(any, self.up)) and not any(map(any, self.down))

    def _but(self, **changes: Any) -> Area:
        """A copy with some fields replaced (a cheap ``attrs.evolve`` for the hot path)."""
        return replace(self, _AREA_FIELDS, changes)


@attrs.frozen
class State:
    """A Mandala position. Build one with ``rulespec.game("mandala", players=n)``.

    Seats are numbered clockwise from the starting player (ruling
    mandala.setup.first_player). Card piles are :data:`~rulespec.mandala.components.Counts`.
    """

    game: MandalaGame = attrs.field(repr=False)
    phase: Phase
    seat: int
    """The seat whose turn it is (during setup: the seat being dealt)."""
    turn: int
    """Turns begun so far; seat 0 begins every round (mandala.end.round)."""
    pending: int
    """Cards or tiles still to come in the current chance step."""
    played: int
    """Mandala played into this turn, -1 before step 1."""
    resolving: int
    """Mandala being resolved or refilled, -1 when none."""
    deck: Counts
    discard: Counts
    hands: tuple[Counts, ...]
    mandalas: tuple[Area, ...]
    dark: frozenset[Tile]
    """Dark-backed tiles still in their stack."""
    light: frozenset[Tile]
    """Light-backed tiles still in their stack."""
    holdings: tuple[Holdings, ...]
    final: tuple[int, ...] | None
    """During the final resolution: the mandalas still to resolve; None before."""
    last_completed: int
    """The mandala completed most recently, -1 if none yet."""

    # --- construction --------------------------------------------------------------

    @classmethod
    def initial(cls, game: MandalaGame) -> State:
        """Before any chance: full deck and stacks, empty hands (mandala.setup.shuffle)."""
        n = game.players
        return cls(
            game=game,
            phase=Phase.SETUP_TILES,
            seat=0,
            turn=0,
            pending=2 * NUM_MANDALAS,
            played=-1,
            resolving=-1,
            deck=FULL_DECK,
            discard=NO_CARDS,
            hands=(NO_CARDS,) * n,
            mandalas=tuple(Area.empty(n) for _ in range(NUM_MANDALAS)),
            dark=DARK_TILES,
            light=LIGHT_TILES,
            holdings=(Holdings(),) * n,
            final=None,
            last_completed=-1,
        )

    # --- the contract --------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.game.players

    @property
    def current_player(self) -> int | Node:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        phase = self.phase
        if phase is Phase.PLAY:
            return self.seat
        if phase is Phase.TAKE_TILE:
            holder = self.mandalas[self.resolving].marker
            assert holder is not None
            return holder
        if phase is Phase.GAME_OVER:
            return TERMINAL
        return CHANCE

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
        phase = self.phase
        if phase is Phase.PLAY:
            return _legal_plays(self.hands[self.seat], self._cards_available() > 0)
        if phase is Phase.TAKE_TILE:
            return tuple(TakeTile(t) for t in self.mandalas[self.resolving].tiles)
        if phase is Phase.GAME_OVER:
            return ()
        return tuple(a for a, _ in self.chance_outcomes())

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Each chance outcome with its exact probability; empty at a decision node."""
        phase = self.phase
        if phase in (Phase.DEAL, Phase.DRAW):
            pile = self._draw_pile()
            return weighted([(DRAWS[c], pile[c]) for c in COLOURS])
        if phase in (Phase.SETUP_TILES, Phase.NEW_TILES):
            stack = sorted(self._tile_stack(), key=TILE_ORDER.__getitem__)
            return weighted([(RevealTile(t), 1) for t in stack])
        if phase is Phase.FINAL_ORDER:
            assert self.final is not None
            return weighted([(ResolveNext(m), 1) for m in self.final])
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome with its probability (no fractions on this fast path)."""
        phase = self.phase
        if phase in (Phase.DEAL, Phase.DRAW):
            pile = self._draw_pile()
            return DRAWS[pick_weighted(list(zip(COLOURS, pile, strict=True)), rng)]
        if phase in (Phase.SETUP_TILES, Phase.NEW_TILES):
            return RevealTile(rng.choice(sorted(self._tile_stack(), key=TILE_ORDER.__getitem__)))
        if phase is Phase.FINAL_ORDER:
            assert self.final is not None
            return ResolveNext(rng.choice(self.final))
        raise ValueError(f"not a chance node: {self.phase.value}")

    def apply(self, action: Action, *, player: int | None = None) -> State:
        """The state after ``action``; ``player``, if given, must be the one to act."""
        if player is not None and player != self.current_player:
            raise NotYourTurn(
                R_PICK if self.phase is Phase.TAKE_TILE else R_ORDER,
                f"seat {player} submitted {action}, but it is "
                f"{_actor_text(self.current_player)} to act",
                action,
            )
        problem = self._violation(action)
        if problem is not None:
            raise IllegalAction(problem[0], problem[1], action)
        phase = self.phase
        if phase is Phase.PLAY:
            assert isinstance(action, Play)
            return self._play(action)
        if phase is Phase.DRAW or phase is Phase.DEAL:
            assert isinstance(action, DrawCard)
            return self._draw(action.colour)
        if phase is Phase.TAKE_TILE:
            assert isinstance(action, TakeTile)
            return self._resolve(self.resolving, action.tile)
        if phase is Phase.SETUP_TILES or phase is Phase.NEW_TILES:
            assert isinstance(action, RevealTile)
            return self._reveal(action.tile)
        assert isinstance(action, ResolveNext)
        assert self.final is not None
        rest = tuple(m for m in self.final if m != action.mandala)
        return self._but(final=rest)._start_resolution(action.mandala)

    def explain(self, action: Action) -> Explanation:
        """Whether ``action`` is legal here and, if not, the rule that forbids it."""
        return Explanation.of(action, self._violation(action))

    def observation(self, player: int) -> MandalaObservation:
        """Exactly what ``player`` may see (ruling mandala.info.public)."""
        from rulespec.mandala.observation import observe

        return observe(self, player)

    def scores(self) -> tuple[int, ...]:
        """Points each seat's tiles are worth right now."""
        return tuple(scoring.score(h) for h in self.holdings)

    def outcome(self) -> Outcome:
        """Final scores and winners (mandala.winner.*); only at the end."""
        if not self.is_terminal:
            raise GameNotOver(
                f"the game is not over (phase {self.phase.value}); [{R_WINNER.id}] "
                "decides only at the end"
            )
        return scoring.outcome(self.holdings, tuple(sum(h) for h in self.hands))

    def to_json(self) -> dict[str, object]:
        """The whole state as a JSON position (see :mod:`rulespec.mandala.position`)."""
        from rulespec.mandala.position import dump

        return dump(self)

    def problems(self) -> tuple[str, ...]:
        """Every rule invariant this state breaks (see :mod:`rulespec.mandala.position`)."""
        from rulespec.mandala.position import invariant_problems

        return tuple(invariant_problems(self))

    def __str__(self) -> str:
        from rulespec.mandala.render import render

        return render(self)

    # --- rule checks ---------------------------------------------------------------

    def _violation(self, action: object) -> tuple[Rule, str] | None:
        """The rule an action breaks and why, or None if it is legal (one place for
        ``apply`` and ``explain``)."""
        phase = self.phase
        if phase is Phase.PLAY:
            if not isinstance(action, Play):
                return R_ORDER, f"seat {self.seat} must play cards (step 1), not {action}"
            return self._play_violation(action)
        if phase is Phase.GAME_OVER:
            return R_FINAL, f"the game is over; {action} cannot be applied"
        if phase is Phase.TAKE_TILE:
            area = self.mandalas[self.resolving]
            if not isinstance(action, TakeTile):
                return R_PICK, (
                    f"seat {area.marker} must take one of mandala {self.resolving}'s tiles"
                )
            if action.tile not in area.tiles:
                shown = " or ".join(t.label for t in area.tiles)
                return R_PICK, f"{action.tile.label} is not in mandala {self.resolving}: {shown}"
            return None
        # chance nodes
        if phase in (Phase.DEAL, Phase.DRAW):
            rule = R_SHUFFLE if phase is Phase.DEAL else R_RESHUFFLE
            if not isinstance(action, DrawCard):
                return rule, f"a card must be drawn for seat {self.seat}, not {action}"
            if not self._draw_pile()[action.colour]:
                return rule, f"no {action.colour.label} card is left to draw"
            return None
        if phase in (Phase.SETUP_TILES, Phase.NEW_TILES):
            rule = R_SETUP_TILES if phase is Phase.SETUP_TILES else R_NEW_MANDALA
            back = self._next_back()
            if not isinstance(action, RevealTile):
                return rule, f"a {back.value} tile must be revealed, not {action}"
            if action.tile not in self._tile_stack():
                return rule, f"{action.tile.label} is not in the {back.value} stack"
            return None
        assert self.final is not None
        if not isinstance(action, ResolveNext) or action.mandala not in self.final:
            left = ", ".join(map(str, self.final))
            return R_FINAL, f"the next mandala to resolve must be one of {left}, not {action}"
        return None

    def _play_violation(self, play: Play) -> tuple[Rule, str] | None:
        if not 0 <= play.mandala < NUM_MANDALAS:
            return R_PLAY, f"there is no mandala {play.mandala}; they are numbered 0, 1, 2"
        if play.count < 1:
            return R_AT_LEAST_ONE, f"{play.count} cards is not a play; play at least one"
        hand = self.hands[self.seat]
        if hand[play.colour] < play.count:
            return R_PLAY, (
                f"seat {self.seat} holds {hand[play.colour]} {play.colour.label} "
                f"card(s), not {play.count}"
            )
        if steps.leaves_hand_empty(sum(hand), play.count, self._cards_available()):
            return R_NEVER_EMPTY, (
                f"playing all {play.count} cards would leave seat {self.seat} "
                "with no card after drawing"
            )
        return None

    # --- transitions ---------------------------------------------------------------

    def _play(self, play: Play) -> State:
        """Step 1, then step 2's draw count (mandala.play.*, mandala.draw.*)."""
        seat, colour, count = self.seat, play.colour, play.count
        hand = add(self.hands[seat], colour, -count)
        area = self.mandalas[play.mandala]
        if steps.plays_face_up(colour, area.colours()):
            area = area._but(up=_bump(area.up, seat, colour, count))
        else:
            area = area._but(down=_bump(area.down, seat, colour, count))
        draws = steps.draw_count(sum(hand), count, self._cards_available())
        state = self._but(
            hands=put(self.hands, seat, hand),
            mandalas=put(self.mandalas, play.mandala, area),
            played=play.mandala,
            phase=Phase.DRAW,
            pending=draws,
        )
        return state if draws else state._after_draw()

    def _draw(self, colour: Colour) -> State:
        """One card into the hand of ``seat`` (setup deal or step 2)."""
        deck, discard = self.deck, self.discard
        if not any(deck):  # mandala.draw.reshuffle, at the moment of need
            deck, discard = discard, NO_CARDS
        hands = put(self.hands, self.seat, add(self.hands[self.seat], colour, 1))
        state = self._but(
            deck=add(deck, colour, -1), discard=discard, hands=hands, pending=self.pending - 1
        )
        if state.pending:
            return state
        if self.phase is Phase.DRAW:
            return state._after_draw()
        # setup deal: next seat, or the first turn
        nxt = self.seat + 1
        if nxt < self.players:
            return state._but(seat=nxt, pending=self.game.variant.starting_hands[nxt])
        return state._but(seat=0, phase=Phase.PLAY, turn=1)

    def _after_draw(self) -> State:
        """Steps 3 and 4: the majority check, then completion."""
        m = self.played
        area = self.mandalas[m]
        holder = steps.new_holder(self.seat, area.marker, area.totals(), area.ups())
        state = self
        if holder != area.marker:
            area = area._but(marker=holder)
            state = self._but(mandalas=put(self.mandalas, m, area))
        if steps.is_complete(area.colours()):
            return state._but(last_completed=m)._start_resolution(m)
        return state._end_turn()

    def _start_resolution(self, m: int) -> State:
        """Resolve mandala ``m``: ask the holder to choose, or hand out the tiles at once."""
        area = self.mandalas[m]
        claim = steps.claim(
            area.marker, area.totals(), area.ups(), self.game.variant.runner_up_min_share
        )
        if claim.runner_up is not None:
            return self._but(phase=Phase.TAKE_TILE, resolving=m)
        return self._resolve(m, None)

    def _resolve(self, m: int, chosen: Tile | None) -> State:
        """Hand out mandala ``m``'s tiles, form flowers, discard or take back the cards."""
        area = self.mandalas[m]
        claim = steps.claim(
            area.marker, area.totals(), area.ups(), self.game.variant.runner_up_min_share
        )
        holdings = list(self.holdings)
        if claim.holder is not None:
            if claim.runner_up is None:  # mandala.resolve.holder_takes_both
                for t in area.tiles:
                    holdings[claim.holder] = holdings[claim.holder].receive(t)
            else:  # mandala.resolve.holder_picks, mandala.resolve.second_place
                assert chosen is not None
                (other,) = (t for t in area.tiles if t != chosen)
                holdings[claim.holder] = holdings[claim.holder].receive(chosen)
                holdings[claim.runner_up] = holdings[claim.runner_up].receive(other)
            tiles: tuple[Tile, ...] = ()
        else:  # mandala.end.final_no_holder: the tiles stay
            assert self.final is not None, "a completed mandala always has a marker holder"
            tiles = area.tiles
        discard, hands = self.discard, list(self.hands)
        for seat in range(self.players):
            cards = plus(area.up[seat], area.down[seat])
            if seat in claim.takers:  # mandala.resolve.discard_winners
                discard = plus(discard, cards)
            else:  # mandala.resolve.take_back
                hands[seat] = plus(hands[seat], cards)
        state = self._but(
            holdings=tuple(holdings),
            discard=discard,
            hands=tuple(hands),
            mandalas=put(self.mandalas, m, Area.empty(self.players, tiles)),
            resolving=m,
        )
        if self.final is not None:
            return state._continue_final()
        if state.dark and state.light:  # mandala.resolve.new_mandala
            return state._but(phase=Phase.NEW_TILES, pending=2)
        return state._begin_final()  # mandala.end.no_tiles, at once

    def _reveal(self, tile: Tile) -> State:
        """A tile from its stack into the mandala being set up or restarted."""
        if tile.back is Back.DARK:
            state = self._but(dark=self.dark - {tile})
        else:
            state = self._but(light=self.light - {tile})
        if self.phase is Phase.SETUP_TILES:
            m = (2 * NUM_MANDALAS - self.pending) // 2
        else:
            m = self.resolving
        area = self.mandalas[m]
        area = area._but(tiles=(*area.tiles, tile))
        state = state._but(mandalas=put(self.mandalas, m, area), pending=self.pending - 1)
        if state.pending:
            return state
        if self.phase is Phase.SETUP_TILES:  # then the starting hands
            return state._but(phase=Phase.DEAL, seat=0, pending=self.game.variant.starting_hands[0])
        return state._but(resolving=-1)._end_turn()

    def _end_turn(self) -> State:
        """Next seat clockwise, or the end after the round of a third flower."""
        base = self._but(played=-1, resolving=-1, pending=0)
        last_seat = self.seat == self.players - 1
        if last_seat and any(h.flower_count >= 3 for h in self.holdings):
            return base._begin_final()  # mandala.end.third_flower, mandala.end.round
        nxt = (self.seat + 1) % self.players
        if sum(self.hands[nxt]) == 1 and not self._cards_available():
            return base._begin_final()  # mandala.end.stalled: no legal play exists
        return base._but(phase=Phase.PLAY, seat=nxt, turn=self.turn + 1)

    def _begin_final(self) -> State:
        """The game ends: choose which mandalas the final resolution covers."""
        in_play = [m for m in range(NUM_MANDALAS) if self.mandalas[m].tiles]
        if self.game.options.final_mandalas is FinalMandalas.TWO_OTHERS:
            in_play = [m for m in in_play if m != self.last_completed]
        return self._but(final=tuple(in_play), resolving=-1)._continue_final()

    def _continue_final(self) -> State:
        """Resolve the next mandala (a chance node when more than one is left)."""
        assert self.final is not None
        if not self.final:
            return self._but(phase=Phase.GAME_OVER, resolving=-1, pending=0)
        if len(self.final) == 1:
            return self._but(final=())._start_resolution(self.final[0])
        return self._but(phase=Phase.FINAL_ORDER, resolving=-1, pending=0)

    # --- helpers ---------------------------------------------------------------------

    def _but(self, **changes: Any) -> State:
        """A copy with some fields replaced (a cheap ``attrs.evolve`` for the hot path)."""
        return replace(self, _FIELDS, changes)

    def _cards_available(self) -> int:
        """Cards that step 2 could draw: draw pile plus discard pile."""
        return sum(self.deck) + sum(self.discard)

    def _draw_pile(self) -> Counts:
        """The pile the next card comes from (the discard pile, if the deck is empty)."""
        return self.deck if any(self.deck) else self.discard

    def _next_back(self) -> Back:
        """Dark first, then light, for each mandala being set up or restarted."""
        return Back.DARK if self.pending % 2 == 0 else Back.LIGHT

    def _tile_stack(self) -> frozenset[Tile]:
        return self.dark if self._next_back() is Back.DARK else self.light


_FIELDS = field_names(State)
_AREA_FIELDS = field_names(Area)


def _bump(per_seat: tuple[Counts, ...], seat: int, colour: Colour, n: int) -> tuple[Counts, ...]:
    return put(per_seat, seat, add(per_seat[seat], colour, n))


_PLAY_CACHE: dict[tuple[Counts, bool], tuple[Play, ...]] = {}


def _legal_plays(hand: Counts, can_draw: bool) -> tuple[Play, ...]:
    """Every legal play for a hand (cached: it depends only on the hand and whether any
    card is left to draw)."""
    key = (hand, can_draw)
    found = _PLAY_CACHE.get(key)
    if found is None:
        size = sum(hand)
        available = 1 if can_draw else 0
        found = tuple(
            PLAYS[m][c][n]
            for m in range(NUM_MANDALAS)
            for c in COLOURS
            for n in range(1, hand[c] + 1)
            if n < size or not steps.leaves_hand_empty(size, n, available)
        )
        if len(_PLAY_CACHE) > 200_000:
            _PLAY_CACHE.clear()
        _PLAY_CACHE[key] = found
    return found


def _actor_text(actor: int | Node) -> str:
    return f"seat {actor}" if isinstance(actor, int) else actor.name.lower()
