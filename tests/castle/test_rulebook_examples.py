"""Every worked example of The White Castle rulebook (shared/rulebooks/white-castle.de.txt),
replayed on the default component data.

Each test builds the example's position through the game's own position loading
(``game.state_from_json``) or plays it out from one, then takes the example's steps with
the public actions and checks the book's numbers. The comments say in our own words what
the book's example shows and cite its lines (castle.de:<line>).

Seats follow the book's names: Lara (red) is seat 0, Max (green) seat 1, Anna (blue) seat 2,
Tim (yellow) seat 3; all examples are played with four families unless a test says so.
Decisions inside a turn are picked by what they do (``choose``), never by an option number,
so the tests depend on the rules, not on how the engine numbers its options.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

import rulespec
from rulespec.castle import CastleGame, Deal, PlaceDie, Resolve, Skip, State, TakeDie
from rulespec.castle.actions import End, Pile
from rulespec.castle.components import Colour, Symbol
from rulespec.castle.state import Phase

LARA, MAX, ANNA, TIM = 0, 1, 2, 3

# Board fields as the engine numbers them (rulespec.castle.actions.FIELD_NAMES).
ROOM = (0, 1, 2, 3, 4)
OUTSIDE_LEFT, OUTSIDE_RIGHT, WELL = 5, 6, 7
COURTIER_ROW, GARDENER_ROW, WARRIOR_ROW = 8, 9, 10

# Garden slots: 2 * bridge + kind (plant 0, stone 1); bridges red 0, black 1, white 2.
RED_PLANT, RED_STONE, BLACK_PLANT, BLACK_STONE, WHITE_PLANT, WHITE_STONE = range(6)

RED, BLACK, WHITE = Colour.RED, Colour.BLACK, Colour.WHITE
LEFT, RIGHT = End.LEFT, End.RIGHT

# A layout of the die tiles in which every room shows two colours: the ♦ slots (red,
# black, white on the three level 1 rooms), then numbered slots 1-10, then the two well
# slots 11 and 12. Tests swap tiles where their example needs another layout.
DIAMOND = ("red-1", "black-1", "white-1")
TILES = (
    "black-2",  # 1  room 1 (red ♦)
    "white-2",  # 2
    "red-2",  # 3  room 2 (black ♦)
    "white-3",  # 4
    "red-3",  # 5  room 3 (white ♦)
    "black-3",  # 6
    "red-4",  # 7  room 4 (level 2)
    "black-4",  # 8
    "white-4",  # 9  room 5 (level 2)
    "red-5",  # 10
    "black-5",  # 11 the well
    "white-5",  # 12 the well
)
ROOMS = ("l1-01", "l1-02", "l1-03", "l2-01", "l2-02")
GARDENS = ("plant-1", "stone-1", "plant-2", "stone-3", "plant-4", "stone-2")
TRAINING = ("t1", "t2", "t3", "t4")  # 5-iron ground: blue slot, beige slot; then 3, 1 iron
FULL = ((1, 2, 3, 4, 5), (1, 2, 3, 4, 5), (1, 2, 3, 4, 5))
# Each seat's starting pair, distinct as the picks deal them: Lara's a1 and r2 (the lantern
# bonus one pearl), the other families' cards without a bonus card.
STARTING_ACTIONS = ("a1", "a2", "a3", "a4")
STARTING_RESOURCES = ("r2", "r3", "r5", "r6")


# --- building positions --------------------------------------------------------------


def game(players: int = 4) -> CastleGame:
    made = rulespec.game("castle", players=players)
    assert isinstance(made, CastleGame)
    return made


def ids(items: Iterable[Any]) -> list[str]:
    return [item.id for item in items]


def position(
    players: int = 4,
    *,
    rooms: tuple[str, ...] = ROOMS,
    diamond: tuple[str, ...] = DIAMOND,
    tiles: tuple[str, ...] = TILES,
    gardens: tuple[str, ...] = GARDENS,
    training: tuple[str, ...] = TRAINING,
    level3: str = "l3-03",
    daimyo: tuple[int | None, ...] = (None, None, None),
    bridges: tuple[tuple[int, ...], ...] = FULL,
    actor: int = 0,
    order: tuple[int, ...] | None = None,
    turns: int = 0,
    round_: int = 1,
    families: Mapping[int, Mapping[str, Any]] | None = None,
    **fields: Any,
) -> State:
    """A position at the start of ``actor``'s turn (a die to take), loaded through the
    game's position reader, so every invariant it checks holds."""
    g = game(players)
    data, t = g.data, g.tables
    cards = ids(t.cards)
    room_cards = [cards.index(c) for c in rooms]
    order = order if order is not None else tuple(range(players))
    base = copy.deepcopy(g.new_game(seed=0).to_json())
    base.update(
        phase="take",
        stage="turn",
        round=round_,
        actor=actor,
        turns=turns,
        order=list(order),
        picking=[],
        rooms=room_cards,
        deck1=[i for i, lv in enumerate(t.level_of) if lv == 1 and i not in room_cards],
        deck2=[i for i, lv in enumerate(t.level_of) if lv == 2 and i not in room_cards],
        level3=ids(data.level3).index(level3),
        daimyo=list(daimyo),
        diamond=[ids(data.die_tiles).index(x) for x in diamond],
        tiles=[ids(data.die_tiles).index(x) for x in tiles],
        gardens=[ids(data.gardens).index(x) for x in gardens],
        training=[ids(data.training).index(x) for x in training],
        bridges=[list(b) for b in bridges],
        agenda=[],
        held=[0, 0, 0],
        stamp=players,
    )
    # each family its own starting pair, as the picks leave them (castle.setup.pairs), and
    # the pair nobody took still laid out; a card lies in one place (castle.components.counts)
    display: list[list[int | None]] = [[None, None] for _ in base["display"]]
    display[-1] = [ids(data.resources).index("r9"), ids(data.actions).index("a6")]
    base.update(display=display)
    base.update(fields)
    for seat, fam in enumerate(base["families"]):
        fam.update(
            card=ids(data.actions).index(STARTING_ACTIONS[seat]),
            lantern=[ids(data.resources).index(STARTING_RESOURCES[seat])],
            height=players - order.index(seat),
        )
        fam.update((families or {}).get(seat, {}))
    return g.state_from_json(base)


# --- playing -------------------------------------------------------------------------


def heads(s: State) -> tuple[Symbol, ...]:
    """The symbols at the head of each task of the top agenda frame."""
    return tuple(task[0].symbol for task in s.agenda[-1]) if s.agenda else ()


def resolve_head(s: State, symbol: Symbol, what: Callable[[State], bool] | None = None) -> State:
    """Resolve the task headed by ``symbol``; with ``what``, the option with that result."""
    task = heads(s).index(symbol)
    options = [a for a in s.legal_actions() if isinstance(a, Resolve) and a.task == task]
    assert options, f"{symbol} cannot be resolved now"
    if what is None:
        assert len(options) == 1, f"{symbol} has several options"
        return s.apply(options[0])
    found = [after for a in options if what(after := s.apply(a))]
    assert found, f"no option of {symbol} has that result"
    return found[0]


def skip_rest(s: State) -> State:
    """Skip whatever is left of the acting seat's agenda (the rest of its turn)."""
    seat, stage = s.actor, s.stage
    while s.phase is Phase.RESOLVE and s.agenda and (s.actor, s.stage) == (seat, stage):
        s = s.apply(Skip(0))
    return s


def skip_rest_of_frame(s: State) -> State:
    """Skip the tasks of the top frame only."""
    seat, depth = s.actor, len(s.agenda)
    while s.phase is Phase.RESOLVE and (s.actor, len(s.agenda)) == (seat, depth):
        s = s.apply(Skip(0))
    return s


def coins(s: State, seat: int) -> int:
    return s.family(seat).coins


def card_index(g: CastleGame, card: str) -> int:
    return ids(g.tables.cards).index(card)


# --- castle.de:186: covering a printed value or a die --------------------------------


def test_l186_a_higher_die_earns_the_difference_a_lower_one_pays_it() -> None:
    # The book: a red 5 put on a field printed 3 earns 2 coins; whoever later puts a 1
    # on that 5 pays 4 coins. Room 1 is printed 3 and has the red ♦ tile.
    s = position(
        bridges=((1, 2, 3, 4, 5), (1, 2, 3, 4, 5), (1, 2, 3, 4, 5)),
        families={LARA: {"coins": 0}, MAX: {"coins": 6}},
    )
    s = s.apply(TakeDie(RED, RIGHT)).apply(PlaceDie(ROOM[0]))
    assert coins(s, LARA) == 0 + 2
    s = skip_rest(s)
    assert s.actor == MAX
    s = s.apply(TakeDie(RED, LEFT))
    s = s.apply(PlaceDie(ROOM[0]))
    assert coins(s, MAX) == 6 - 4
    assert s.fields[ROOM[0]] == 1
    assert s.stacked[ROOM[0]] == 2


# --- castle.de:249-251: a white die in a room ----------------------------------------


@pytest.mark.rule("castle.fields.room_example", "castle.fields.rooms")
@pytest.mark.parametrize("iron_first", [True, False])
def test_l249_l251_a_white_die_does_the_sections_beside_the_white_tiles(
    iron_first: bool,
) -> None:
    # The book: a white 5 goes into a room printed 3 (2 coins). The room's card has a
    # white tile beside its top section (pay a seal, then the castle action) and beside
    # its bottom one (2 iron); the middle section lies beside a tile of another colour
    # and is not done. The player orders the two freely.
    tiles = list(TILES)
    tiles[3], tiles[5] = tiles[5], tiles[3]  # room 3: white ♦, red-3, white-3
    s = position(
        rooms=("l1-01", "l1-02", "l1-05", "l2-01", "l2-02"),
        tiles=tuple(tiles),
        families={LARA: {"coins": 1, "seals": 1, "resources": [0, 0, 0]}},
    )
    assert s.room_tiles(ROOM[2]) == (WHITE, RED, WHITE)
    s = s.apply(TakeDie(WHITE, RIGHT)).apply(PlaceDie(ROOM[2]))
    assert coins(s, LARA) == 1 + 2
    assert sorted(heads(s)) == sorted((Symbol.PAY_SEALS, Symbol.IRON))
    assert Symbol.INFLUENCE not in heads(s)
    if iron_first:
        s = resolve_head(s, Symbol.IRON)
        assert s.family(LARA).resources == (2, 0, 0)
    s = resolve_head(s, Symbol.PAY_SEALS)
    assert s.family(LARA).seals == 0
    assert Symbol.CASTLE in heads(s)
    s = resolve_head(s, Symbol.CASTLE)
    assert sorted(heads(s)) == sorted((Symbol.AUDIENCE, Symbol.ASCENT))
    s = skip_rest_of_frame(s)
    if not iron_first:
        assert heads(s) == (Symbol.IRON,)
        s = resolve_head(s, Symbol.IRON)
    assert s.family(LARA).resources == (2, 0, 0)
    assert s.actor == MAX


# --- castle.de:279: outside the walls ------------------------------------------------


def test_l279_a_full_outside_field_sends_the_die_to_the_other_one() -> None:
    # The book: the left field outside the walls already holds two dice, the most it
    # can take, so a black die goes on the right field, printed 5: a black 4 costs one
    # coin, and the player picks the castle action of the two offered.
    s = position(
        bridges=((1, 2, 3, 5, 5), (1, 2, 3, 4, 4), (1, 2, 3, 4, 5)),
        families={LARA: {"coins": 0}, MAX: {"coins": 0}, ANNA: {"coins": 3}},
    )
    for seat in (LARA, MAX):
        assert s.actor == seat
        s = skip_rest(s.apply(TakeDie(RED, RIGHT)).apply(PlaceDie(OUTSIDE_LEFT)))
    assert s.stacked[OUTSIDE_LEFT] == 2
    assert s.actor == ANNA
    s = s.apply(TakeDie(BLACK, RIGHT))
    assert PlaceDie(OUTSIDE_LEFT) not in s.legal_actions()
    verdict = rulespec.explain(s, PlaceDie(OUTSIDE_LEFT))
    assert not verdict.legal
    assert verdict.rule is not None
    assert verdict.rule.id == "castle.turn.stacking"
    s = s.apply(PlaceDie(OUTSIDE_RIGHT))
    assert coins(s, ANNA) == 3 - 1
    assert heads(s) == (Symbol.CHOICE,)
    s = resolve_head(s, Symbol.CHOICE, lambda t: heads(t) == (Symbol.CASTLE,))
    s = resolve_head(s, Symbol.CASTLE)
    assert sorted(heads(s)) == sorted((Symbol.AUDIENCE, Symbol.ASCENT))


# --- castle.de:295: the well ---------------------------------------------------------


def test_l295_a_black_3_on_the_well() -> None:
    # The book: a black 3 on the well earns 2 coins (the well is always worth 1), one
    # seal, and what the two face-down tiles show: a pearl and a resource of choice. A
    # red die placed there before changes nothing.
    tiles = list(TILES)
    tiles[5], tiles[10] = tiles[10], tiles[5]  # the well: black-3 (pearl), white-5 (any)
    s = position(
        tiles=tuple(tiles),
        bridges=((1, 2, 3, 4, 6), (1, 2, 2, 3, 3), (1, 2, 3, 4, 5)),
        families={LARA: {"coins": 0}, MAX: {"coins": 0, "seals": 0, "resources": [0, 0, 0]}},
    )
    s = skip_rest(s.apply(TakeDie(RED, RIGHT)).apply(PlaceDie(WELL)))
    assert coins(s, LARA) == 6 - 1
    assert s.actor == MAX
    s = s.apply(TakeDie(BLACK, RIGHT)).apply(PlaceDie(WELL))
    assert coins(s, MAX) == 2
    assert sorted(heads(s)) == sorted((Symbol.SEALS, Symbol.PEARL, Symbol.ANY_RESOURCE))
    s = resolve_head(s, Symbol.SEALS)
    s = resolve_head(s, Symbol.PEARL)
    s = resolve_head(s, Symbol.ANY_RESOURCE, lambda t: t.family(MAX).resources == (0, 1, 1))
    assert s.family(MAX).seals == 1
    assert s.family(MAX).resources == (0, 1, 1)
    assert coins(s, MAX) == 2
    assert s.actor == ANNA


# --- castle.de:320: the family board -------------------------------------------------


def test_l320_a_red_3_on_the_courtier_row() -> None:
    # The book: a red 3 on the family board's courtier row, printed 6, costs 3 coins.
    # With two courtiers gone, the uncovered rewards (3 food and 2 coins) come first,
    # then the action card's courtier action: one seal and one resource of choice.
    s = position(
        bridges=((1, 1, 2, 3, 3), (1, 2, 3, 4, 5), (1, 2, 3, 4, 5)),
        families={
            LARA: {
                "coins": 5,
                "seals": 0,
                "resources": [0, 0, 0],
                "left": [3, 5, 5],
                "court": [2, 0, 0, 0],
            }
        },
    )
    s = s.apply(TakeDie(RED, RIGHT)).apply(PlaceDie(COURTIER_ROW))
    # the 2 coins of the uncovered reward are paid at once (coin gains commute)
    assert coins(s, LARA) == 5 - 3 + 2
    assert heads(s) == (Symbol.FOOD,)  # the card's action waits for the rewards
    s = resolve_head(s, Symbol.FOOD)
    assert s.family(LARA).resources == (0, 3, 0)
    assert heads(s) == (Symbol.SEALS,)
    s = resolve_head(s, Symbol.SEALS)
    s = resolve_head(s, Symbol.ANY_RESOURCE, lambda t: t.family(LARA).resources == (1, 3, 0))
    fam = s.family(LARA)
    assert (fam.coins, fam.seals, fam.resources) == (4, 1, (1, 3, 0))
    assert s.actor == MAX


# --- castle.de:338: the training ground ----------------------------------------------


def test_l338_lara_trains_on_the_five_iron_ground() -> None:
    # The book: Lara's training action moves her leftmost warrior to the top left
    # ground for 5 iron. Its two tiles both act, in her order: the light blue one lets
    # her do an action beside a black die tile in the castle (she takes the one worth
    # 2 points and the well's action), the beige one moves her marker 2 spaces.
    tiles = list(TILES)
    tiles[6], tiles[7] = tiles[7], tiles[6]  # room 4: black-4 beside its top section
    s = position(
        rooms=("l1-01", "l1-02", "l1-03", "l2-07", "l2-02"),
        tiles=tuple(tiles),
        training=("t5", "t6", "t1", "t2"),
        bridges=((1, 2, 3, 4, 5), (1, 2, 3, 4, 5), (1, 2, 3, 4, 5)),
        families={
            LARA: {"coins": 0, "seals": 0, "points": 0, "resources": [5, 0, 0], "track": 0},
        },
    )
    s = s.apply(TakeDie(RED, RIGHT)).apply(PlaceDie(OUTSIDE_RIGHT))
    s = resolve_head(s, Symbol.CHOICE, lambda t: heads(t) == (Symbol.TRAINING,))
    s = resolve_head(s, Symbol.TRAINING, lambda t: t.family(LARA).grounds == (1, 0, 0))
    fam = s.family(LARA)
    assert fam.resources[0] == 0
    assert fam.left == (5, 5, 4)
    assert sorted(heads(s)) == sorted((Symbol.BLACK_TILE, Symbol.INFLUENCE))
    s = resolve_head(s, Symbol.BLACK_TILE, lambda t: t.family(LARA).points == 2)
    assert s.family(LARA).points == 2
    assert heads(s) == (Symbol.WELL,)
    s = resolve_head(s, Symbol.WELL)
    assert Symbol.SEALS in heads(s)
    s = resolve_head(s, Symbol.SEALS)
    assert s.family(LARA).seals == 1
    s = skip_rest_of_frame(s)
    s = resolve_head(s, Symbol.INFLUENCE, lambda t: t.family(LARA).track == 2)
    assert s.family(LARA).track == 2


# --- castle.de:351: the garden -------------------------------------------------------


def test_l351_tim_places_a_gardener_below_the_white_bridge() -> None:
    # The book: Tim's garden action moves his leftmost gardener to the plant garden
    # below the white bridge for 4 food; he then pays that garden's 3 coins for the
    # castle action. He could not use the stone garden at the top left, where one of his
    # gardeners already stands.
    s = position(
        actor=TIM,
        order=(TIM, LARA, MAX, ANNA),
        families={
            TIM: {
                "coins": 3,
                "resources": [0, 4, 0],
                "left": [5, 4, 5],
                "gardens": [RED_STONE],
            }
        },
    )
    s = s.apply(TakeDie(RED, RIGHT)).apply(PlaceDie(OUTSIDE_LEFT))
    s = resolve_head(s, Symbol.CHOICE, lambda t: heads(t) == (Symbol.GARDEN,))
    places = []
    for a in s.legal_actions():
        if isinstance(a, Resolve):
            places.append(set(s.apply(a).family(TIM).gardens) - {RED_STONE})
    assert {RED_STONE} not in places
    assert {WHITE_PLANT} in places
    s = resolve_head(s, Symbol.GARDEN, lambda t: t.family(TIM).gardens == (RED_STONE, WHITE_PLANT))
    fam = s.family(TIM)
    assert fam.resources == (0, 0, 0)
    assert fam.left == (5, 3, 5)
    assert heads(s) == (Symbol.PAY_COINS,)
    s = resolve_head(s, Symbol.PAY_COINS)
    assert coins(s, TIM) == 0
    assert heads(s) == (Symbol.CASTLE,)


# --- castle.de:401 and 405: the castle action ----------------------------------------


def test_l401_anna_requests_an_audience_and_ascends_to_level_2() -> None:
    # castle.de:401: Anna's castle action: 2 coins put her leftmost courtier on the
    # gate, beside a courtier of hers already there; 2 pearls move her courtier on
    # level 1 up one level. Her action card goes to her lantern area face down, the
    # room's card becomes her action card, and she does one light section of it: 3
    # resources of her choice. The room gets a new card.
    g = game()
    s = position(
        rooms=("l1-01", "l1-02", "l1-03", "l2-08", "l2-02"),
        level3="l3-03",
        daimyo=(LARA, None, None),
        actor=ANNA,
        order=(ANNA, MAX, LARA, TIM),
        families={
            ANNA: {
                "coins": 2,
                "resources": [0, 0, 2],
                "left": [3, 5, 5],
                "court": [1, 1, 0, 0],
            },
            LARA: {"left": [4, 5, 5], "court": [0, 0, 0, 1]},
        },
    )
    room = ROOM[3]
    l2_08 = card_index(g, "l2-08")
    # Anna
    s = s.apply(TakeDie(RED, RIGHT)).apply(PlaceDie(OUTSIDE_LEFT))
    s = resolve_head(s, Symbol.CHOICE, lambda t: heads(t) == (Symbol.CASTLE,))
    s = resolve_head(s, Symbol.CASTLE)
    s = resolve_head(s, Symbol.AUDIENCE)
    fam = s.family(ANNA)
    assert (fam.coins, fam.left[0], fam.court) == (0, 2, (2, 1, 0, 0))
    lantern_before = fam.lantern
    s = resolve_head(
        s,
        Symbol.ASCENT,
        lambda t: t.family(ANNA).court == (2, 0, 1, 0) and t.rooms[room] is None,
    )
    fam = s.family(ANNA)
    assert fam.resources == (0, 0, 0)
    assert g.tables.rows_of_card[fam.card] == g.tables.rows_of_card[len(g.data.actions) + l2_08]
    assert len(fam.lantern) == len(lantern_before) + 1
    action = ids(g.data.actions).index(STARTING_ACTIONS[ANNA])  # her starting action card
    assert g.tables.lantern[fam.lantern[-1]] == g.data.actions[action].lantern
    # castle.de:387-388: one light section of the card taken, then the room's new card
    assert heads(s) == (Symbol.SECTION,)
    assert s.rooms[room] is None
    s = resolve_head(s, Symbol.SECTION)  # l2-08 has one light section: 3 resources
    s = resolve_head(s, Symbol.ANY_RESOURCE, lambda t: t.family(ANNA).resources == (1, 1, 1))
    assert s.family(ANNA).resources == (1, 1, 1)
    # the room is refilled from the level 2 deck (a chance outcome)
    assert s.phase is Phase.REFILL
    new = card_index(g, "l2-05")
    s = s.apply(Deal(Pile.LEVEL2, new))
    assert s.rooms[room] == new
    s = skip_rest(s)
    assert s.actor == MAX


def test_l405_max_ascends_from_level_1_to_the_daimyo() -> None:
    # castle.de:405: after Anna, Max does only the ascent of the castle action: 5 pearls
    # take his courtier from level 1 straight to the Daimyo's hall, where he gets his
    # lantern bonus and then one of the Daimyo card's rewards still free: 2 seals.
    s = position(
        level3="l3-03",
        daimyo=(LARA, None, None),
        actor=MAX,
        order=(ANNA, MAX, LARA, TIM),
        turns=1,
        # Anna's turn took a die: the white bridge's left one (its neighbour moved out)
        bridges=((1, 2, 3, 4, 5), (1, 2, 3, 4, 5), (2, 0, 3, 4, 5)),
        families={
            MAX: {
                "coins": 0,
                "seals": 0,
                "resources": [0, 0, 5],
                "left": [4, 5, 5],
                "court": [0, 1, 0, 0],
                "lantern": [2],  # his starting resource card r3, its back: one pearl
            },
            LARA: {"left": [4, 5, 5], "court": [0, 0, 0, 1]},
        },
    )
    s = s.apply(TakeDie(BLACK, RIGHT)).apply(PlaceDie(OUTSIDE_LEFT))
    assert coins(s, MAX) == 0
    s = resolve_head(s, Symbol.CHOICE, lambda t: heads(t) == (Symbol.CASTLE,))
    s = resolve_head(s, Symbol.CASTLE)
    s = s.apply(Skip(heads(s).index(Symbol.AUDIENCE)))
    s = resolve_head(s, Symbol.ASCENT, lambda t: t.family(MAX).court == (0, 0, 0, 1))
    assert s.family(MAX).resources == (0, 0, 0)
    assert heads(s) == (Symbol.LANTERN,)
    s = resolve_head(s, Symbol.LANTERN)
    s = resolve_head(s, Symbol.PEARL)  # the lantern bonus: r3's back
    assert s.family(MAX).resources == (0, 0, 1)
    assert heads(s) == (Symbol.DAIMYO,)
    free = [a for a in s.legal_actions() if isinstance(a, Resolve)]
    assert len(free) == 2  # Lara holds the first space
    s = resolve_head(s, Symbol.DAIMYO, lambda t: t.daimyo[2] == MAX)
    s = resolve_head(s, Symbol.SEALS)
    assert s.family(MAX).seals == 2
    assert s.daimyo == (LARA, None, MAX)


# --- castle.de:459: gardeners at the end of a round ----------------------------------


def test_l459_only_gardeners_beside_a_bridge_with_a_die_act() -> None:
    # The book: at the end of a round Lara, Max and Anna activate their gardeners, their
    # bridges still holding a die; Tim activates only his gardener on the black bridge's
    # plant garden, the white bridge being empty.
    s = position(
        bridges=((3, 0, 0, 0, 0), (2, 0, 0, 0, 5), (4, 0, 0, 0, 0)),
        actor=LARA,
        order=(TIM, ANNA, MAX, LARA),  # Lara's is the round's last turn
        turns=11,
        families={
            LARA: {"track": 4, "left": [5, 4, 5], "gardens": [RED_PLANT], "coins": 3},
            MAX: {"track": 3, "left": [5, 4, 5], "gardens": [BLACK_STONE]},
            ANNA: {"track": 2, "left": [5, 4, 5], "gardens": [RED_STONE]},
            TIM: {"track": 1, "left": [5, 3, 5], "gardens": [BLACK_PLANT, WHITE_STONE]},
        },
    )
    s = skip_rest(s.apply(TakeDie(WHITE, LEFT)).apply(PlaceDie(WELL)))
    assert s.dice_left() == 3
    assert not any(s.bridges[WHITE])
    # the new order (castle.de:449) comes first: furthest on the track first
    assert s.order == (LARA, MAX, ANNA, TIM)
    tim_coins = coins(s, TIM)
    assert s.stage.value == "gardeners"
    seen: dict[int, int] = {}
    while s.stage.value == "gardeners" and s.phase is Phase.RESOLVE:
        seat = s.actor
        seen[seat] = len(s.agenda[-1])
        if seat == TIM:
            # only the black plant garden's action (pay 4 coins, a family row)
            assert heads(s) == (Symbol.PAY_COINS,)
            assert s.agenda[-1] == (g_action(s, BLACK_PLANT),)
        s = skip_rest_of_frame(s)
    assert seen == {LARA: 1, MAX: 1, ANNA: 1, TIM: 1}
    assert list(seen) == [LARA, MAX, ANNA, TIM]  # in the new order
    # the white stone garden (3 coins) was not activated
    assert coins(s, TIM) == tim_coins
    assert (s.round, s.phase) == (2, Phase.ROLL)


def g_action(s: State, slot: int) -> tuple[Any, ...]:
    return s.game.data.gardens[s.gardens[slot]].action


# --- castle.de:503: final scoring ----------------------------------------------------


def test_l503_anna_scores_76() -> None:
    # The book: Anna ends with 8 points from play, 1 for her 7 coins, 3 for her
    # resources, 6 for her marker in the third season, 25 for her courtiers (two on
    # level 3, one on level 1, two at the gate), 18 for warriors worth 2+2+1+1 times her
    # 3 courtiers inside the castle, and 15 for gardeners on gardens worth 5, 3 and 7:
    # 76 in all. The last turn of round 3 (Lara's, on the well) ends the game.
    g = game()
    third_season = g.data.board.track.trees[1].after + 1
    s = position(
        round_=3,
        turns=11,
        actor=LARA,
        order=(TIM, MAX, ANNA, LARA),
        bridges=((3, 0, 0, 0, 0), (2, 0, 0, 0, 5), (4, 0, 0, 0, 0)),
        daimyo=(ANNA, ANNA, None),
        families={
            ANNA: {
                "points": 8,
                "coins": 7,
                "seals": 0,
                "resources": [3, 4, 5],
                "track": third_season,
                "left": [0, 2, 1],
                "court": [2, 1, 0, 2],
                "grounds": [2, 1, 1],
                "gardens": [RED_PLANT, RED_STONE, BLACK_PLANT],
            },
        },
    )
    assert [s.game.data.gardens[s.gardens[x]].points for x in (2, 1, 0)] == [5, 3, 7]
    assert [gr.points for gr in g.data.board.grounds] == [2, 1, 1]
    s = skip_rest(s.apply(TakeDie(WHITE, LEFT)).apply(PlaceDie(WELL)))
    assert s.is_terminal
    assert s.outcome().scores[ANNA] == 76
