"""One or more tests per rule of rulespec/oriente/rulebook.toml, each naming its rule id:
what the rule allows is accepted, what it forbids is rejected with the rule named and the
state untouched."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

import rulespec
from rulespec.core import trace
from rulespec.oriente import (
    Act,
    Announce,
    Card,
    Give,
    Invite,
    Join,
    Pass,
    Phase,
    Pick,
    State,
    Support,
)
from rulespec.oriente.components import DECK_CARDS, TREASURES, VALUE
from rulespec.oriente.state import FRESH_DECK

from . import draw, game, position


def refused(s: State, action: Any, rule_id: str) -> None:
    """``action`` is illegal at ``s`` by ``rule_id``, and ``s`` is unchanged."""
    before = s.to_json()
    with pytest.raises(rulespec.IllegalAction) as info:
        s.apply(action)
    assert info.value.rule.id == rule_id, info.value
    assert s.to_json() == before


def short_deck(pool: dict[str, int], top: int, middle: int, bottom: int, **fields: Any) -> State:
    """A four-player position whose deck holds ``pool``; every other resident lies in seat
    3's victory cards."""
    residents = fields.setdefault("residents", ["nofu"] * 4)
    used = dict(pool)
    for r in residents:
        used[r] = used.get(r, 0) + 1
    rest = {c.label: DECK_CARDS[c] - used.get(c.label, 0) for c in Card if DECK_CARDS[c]}
    rest = {k: v for k, v in rest.items() if v}
    if "geisha" not in pool:
        rest.pop("geisha", None)
    piles = [{"treasure_2": 1}, {"treasure_2": 1}, {"treasure_2": 1}, {"treasure_3": 1, **rest}]
    deck = {"pool": pool, "top": top, "middle": middle, "bottom": bottom}
    return position(4, piles=piles, deck=deck, **fields)


def kinds(s: State, seat: int) -> set[Card]:
    return {k for k in Card if s.piles[seat][k]}


# --- components and setup -----------------------------------------------------------------


@pytest.mark.rule(
    "oriente.components.cards", "oriente.components.treasures", "oriente.components.value"
)
def test_the_cards_their_counts_and_values() -> None:
    assert sum(DECK_CARDS) == 41
    assert DECK_CARDS[Card.NOFU] == 12
    assert DECK_CARDS[Card.SHOGUN] == DECK_CARDS[Card.GEISHA] == 1
    assert sum(TREASURES) == 12
    assert [VALUE[c] for c in (Card.SHOGUN, Card.SORYO, Card.NINJA, Card.TREASURE_4)] == [
        7,
        6,
        0,
        4,
    ]


@pytest.mark.rule("oriente.components.workers", "oriente.setup.discs", "oriente.setup.players")
def test_setup_deals_a_treasure_each_and_boxes_the_rest() -> None:
    g = game(5)
    s = g.new_game(seed=2)
    assert sum(sum(p[9:]) for p in s.piles) == 5
    assert all(s.discs)
    assert (s.hut, s.square, s.beside()) == (0, 0, 6)
    assert g.variant.boxed == 7
    for bad in (3, 13):
        with pytest.raises(rulespec.UnknownVariant):
            rulespec.game("oriente", players=bad)


@pytest.mark.rule("oriente.setup.stone", "oriente.setup.resident", "oriente.setup.bonus")
def test_seat_0_holds_the_stone_and_each_seat_a_face_down_resident() -> None:
    s = game(4).new_game(seed=1)
    assert s.stone == 0
    assert s.phase is Phase.ANNOUNCE
    assert s.seat == 0
    assert all(r is not None for r in s.residents)
    assert not any(s.face_up)
    assert sum(s.bonus) == 1
    for p in range(4):
        assert s.observation(p).resident == s.residents[p]
        assert s.observation(p).bonus == 1


@pytest.mark.rule("oriente.setup.stone")
def test_the_first_stone_holder_is_a_setting_kept_in_records_and_positions() -> None:
    g = game(5, first_stone=3)
    s = g.new_game(seed=1)
    assert (s.stone, s.seat, s.phase) == (3, 3, Phase.ANNOUNCE)
    assert g.settings()["first_stone"] == 3
    assert "first_stone=3" in repr(g)
    again = rulespec.game("oriente", **g.settings())
    assert again == g
    loaded = g.state_from_json(s.to_json())
    assert loaded.game == g
    assert loaded.stone == 3
    with pytest.raises(rulespec.MalformedPosition):
        game(5).state_from_json(s.to_json())  # the position says first_stone 3
    for bad in (5, -1, "3", True, None):
        with pytest.raises(
            rulespec.UnknownVariant, match=r"first_stone: expected a seat from 0 to 4"
        ):
            game(5, first_stone=bad)
    assert game(12, first_stone=11).new_game(seed=2).stone == 11
    table = rulespec.session("oriente", seed=4, players=5, first_stone=3)
    assert table.state.stone == 3
    table.submit(3, table.state.legal_actions()[0], expect_step=table.step)
    record = rulespec.load_record(table.record().to_json())
    assert dict(record.settings)["first_stone"] == 3
    replayed = record.replay(rulespec.game("oriente", **dict(record.settings)))
    assert replayed.to_json() == table.state.to_json()


@pytest.mark.rule("oriente.setup.deck")
def test_the_deck_has_three_segments() -> None:
    """The first card comes from the top 32: never the Geisha; the Shōgun 1 in 32."""
    s = game(4).new_game(seed=1)
    assert (FRESH_DECK.top, FRESH_DECK.middle, FRESH_DECK.bottom) == (32, 5, 4)
    first = game(4).initial_state()
    for _ in range(4):
        first = first.apply(first.legal_actions()[0])
    odds = dict(first.chance_outcomes())
    assert draw(Card.GEISHA) not in odds
    assert odds[draw(Card.SHOGUN)] == Fraction(1, 32)
    assert odds[draw(Card.NINJA)] == Fraction(3, 32)
    assert odds[draw(Card.NOFU)] == Fraction(28, 32) * Fraction(12, 36)
    assert s.deck.size() == 41 - 5


# --- seasons ------------------------------------------------------------------------------


@pytest.mark.rule("oriente.season.asking", "oriente.season.actions")
def test_only_disc_holders_are_asked_and_may_announce() -> None:
    s = position(4, discs=[True, False, True, True], residents=["samurai", "nofu", "nofu", "nofu"])
    assert s.legal_actions()[0] == Pass()
    assert {type(a) for a in s.legal_actions()} == {Pass, Announce}
    s = s.apply(Pass())
    assert s.seat == 2  # seat 1 has no disc
    bad = position(4, discs=[False, True, True, True], seat=1)
    refused_state = bad.but(seat=0)
    refused(refused_state, Announce(Act.ATTACK, 1), "oriente.season.asking")


@pytest.mark.rule("oriente.season.end", "oriente.season.renewal", "oriente.season.resume")
def test_a_season_ends_when_every_disc_holder_passes_and_discs_come_back() -> None:
    s = position(4, discs=[True, False, True, False], residents=["samurai", "nofu", "nofu", "nofu"])
    s = s.apply(Pass())
    assert s.phase is Phase.ANNOUNCE
    s = s.apply(Pass())
    assert s.phase is Phase.BONUS  # both holders passed in a row
    s = s.apply(draw(Card.AKINDO))
    assert all(s.discs)
    assert s.seat == s.stone == 0
    assert sum(s.bonus) == 1


@pytest.mark.rule("oriente.season.resume")
def test_after_a_fulfilment_asking_resumes_to_the_fulfillers_left() -> None:
    s = position(4, residents=["nofu", "nofu", "nofu", "nofu"], options={"payments": "off"})
    s = s.apply(Pass())  # seat 0 passes
    s = s.apply(Announce(Act.INCITE))  # seat 1
    s = s.apply(Pass()).apply(Pass()).apply(Pass())  # no claims: seat 1 fulfils
    assert s.phase is Phase.ANNOUNCE
    assert s.seat == 2
    assert s.square == 1
    s = s.apply(Pass()).apply(Pass())
    assert s.seat == 0  # seat 0 passed before; passing is not final
    assert s.phase is Phase.ANNOUNCE


@pytest.mark.rule("oriente.season.unclaimed_bonus")
@pytest.mark.parametrize("reading", ["accumulate", "under_deck"])
def test_an_unclaimed_bonus_card_stays_or_goes_under_the_deck(reading: str) -> None:
    s = position(4, options={"unclaimed_bonus": reading}, bonus={"samurai": 1})
    for _ in range(4):
        s = s.apply(Pass())
    assert s.phase is Phase.BONUS
    if reading == "accumulate":
        assert s.bonus[Card.SAMURAI] == 1
        assert s.deck.under == ()
    else:
        assert not any(s.bonus)
        assert s.deck.under[-1][Card.SAMURAI] == 1
    s = s.apply(draw(Card.NOFU))
    assert sum(s.bonus) == (2 if reading == "accumulate" else 1)


# --- privilege ----------------------------------------------------------------------------


@pytest.mark.rule("oriente.privilege.rank", "oriente.privilege.displaced")
def test_a_claim_needs_a_higher_rank_or_the_same_rank_and_fewer_cards() -> None:
    s = position(
        4,
        residents=["samurai", "daimyo", "samurai", "nofu"],
        piles=[
            {"treasure_2": 1, "nofu": 1},
            {"treasure_2": 1},
            {"treasure_2": 1},
            {"treasure_2": 1},
        ],
        options={"payments": "off"},
    )
    s = s.apply(Announce(Act.ATTACK, 3))
    assert s.seat == 1
    claim = Announce(Act.INCOME)
    assert claim in s.legal_actions()  # Daimyō 4 > Samurai 3
    t = s.apply(Pass())
    assert t.seat == 2  # Samurai 3 = 3, and one card against two: may claim
    assert Announce(Act.ATTACK, 0) in t.legal_actions()
    s = s.apply(claim)
    assert s.stone == 1
    assert s.discs[0]  # the displaced keeps his disc
    assert s.seat == 2
    refused(s, Announce(Act.ATTACK, 0), "oriente.privilege.rank")
    assert s.legal_actions() == (Pass(),)


@pytest.mark.rule("oriente.privilege.revolution_rank")
@pytest.mark.parametrize(
    ("square", "akindo_cards", "may"), [(1, 2, False), (1, 1, True), (0, 2, True)]
)
def test_against_a_revolution_equal_rank_still_needs_fewer_cards(
    square: int, akindo_cards: int, may: bool
) -> None:
    """L74 says 'at least' the Nōfu's rank (1 plus the square's workers); the L80 example
    refuses an Akindo (2) of equal rank with more cards (ruling: the example's reading)."""
    piles = [
        {"treasure_2": 1, "nofu": 1},
        {"treasure_2": 1, "nofu": akindo_cards - 1},
        {"treasure_3": 1},
        {"treasure_4": 1},
    ]
    s = position(4, residents=["nofu", "akindo", "nofu", "nofu"], piles=piles, square=square)
    s = s.apply(Announce(Act.REVOLUTION))
    assert s.phase is Phase.PRIVILEGE
    assert s.seat == 1
    claim = Announce(Act.CREDIT, 2)
    if may:
        assert claim in s.legal_actions()
    else:
        refused(s, claim, "oriente.privilege.revolution_rank")


@pytest.mark.rule("oriente.privilege.nofu_rank")
def test_a_nofu_claims_at_rank_one() -> None:
    s = position(4, residents=["ninja", "nofu", "nofu", "nofu"], square=3)
    s = s.apply(Announce(Act.ASSASSINATE, 2))
    assert s.seat == 1
    assert Announce(Act.REVOLUTION) in s.legal_actions()  # 1 > 0
    s = s.apply(Announce(Act.REVOLUTION))
    assert s.seat == 2  # the target of the first announcement is asked now
    assert s.legal_actions() == (Pass(),)  # a Nōfu (1) cannot outrank 1 + 3 workers


# --- fulfilling ---------------------------------------------------------------------------


@pytest.mark.rule("oriente.fulfil.disc", "oriente.fulfil.piles_face_up")
def test_the_fulfiller_lays_down_his_disc() -> None:
    s = position(
        4, residents=["nofu", "samurai", "samurai", "samurai"], options={"payments": "off"}
    )
    s = s.apply(Announce(Act.INCITE)).apply(Pass()).apply(Pass()).apply(Pass())
    assert not s.discs[0]
    assert s.won_bonus
    for p in range(4):
        assert s.observation(p).piles == s.piles


@pytest.mark.rule("oriente.fulfil.bonus")
def test_only_the_first_fulfiller_wins_the_bonus() -> None:
    s = position(
        4,
        residents=["nofu", "nofu", "samurai", "samurai"],
        bonus={"soryo": 1},
        options={"payments": "off"},
    )
    s = s.apply(Announce(Act.INCITE)).apply(Pass()).apply(Pass()).apply(Pass())
    assert s.piles[0][Card.SORYO] == 1
    s = s.apply(Announce(Act.INCITE)).apply(Pass()).apply(Pass())
    assert s.piles[1][Card.SORYO] == 0


# --- fights -------------------------------------------------------------------------------


@pytest.mark.rule("oriente.fight.reveal", "oriente.fight.support_order", "oriente.fight.support")
def test_the_defender_reveals_and_disc_holders_are_asked_from_the_attackers_left() -> None:
    s = position(
        5,
        residents=["samurai", "nofu", "nofu", "nofu", "nofu"],
        discs=[True, True, True, False, True],
    )
    s = s.apply(Announce(Act.ATTACK, 2))
    while s.phase is Phase.PRIVILEGE:
        s = s.apply(Pass())
    assert s.face_up[2]
    assert s.phase is Phase.SUPPORT
    asked = []
    while s.phase is Phase.SUPPORT:
        asked.append(s.seat)
        assert set(s.legal_actions()) == {Pass(), Support(0), Support(2)}
        refused(s, Support(3), "oriente.fight.support")
        s = s.apply(Pass())
    assert asked == [1, 4]  # seat 3 has no disc


@pytest.mark.rule("oriente.fight.support_order", "oriente.fight.support")
def test_by_invitation_the_fighters_invite_and_the_invited_answer_clockwise() -> None:
    s = position(
        6,
        residents=["samurai", "maho_tsukai", "nofu", "nofu", "nofu", "nofu"],
        options={"support_order": "invited", "payments": "off"},
    )
    s = s.apply(Announce(Act.ATTACK, 1))
    while s.phase is Phase.PRIVILEGE:
        s = s.apply(Pass())
    assert s.phase is Phase.INVITE
    assert s.seat == 0  # the attacker first
    assert set(s.legal_actions()) == {Pass(), Invite(2), Invite(3), Invite(4), Invite(5)}
    refused(s, Invite(1), "oriente.fight.support_order")  # the defender
    s = s.apply(Invite(4))
    refused(s, Invite(4), "oriente.fight.support_order")  # already invited
    s = s.apply(Pass())
    assert s.seat == 1  # then the defender
    s = s.apply(Invite(2)).apply(Invite(4)).apply(Pass())
    assert s.phase is Phase.SUPPORT
    assert s.seat == 2  # the invited answer clockwise from the attacker's left
    assert set(s.legal_actions()) == {Pass(), Support(1)}
    refused(s, Support(0), "oriente.fight.support_order")
    s = s.apply(Support(1))
    assert s.seat == 4
    assert set(s.legal_actions()) == {Pass(), Support(0), Support(1)}
    s = s.apply(Support(0))
    assert s.phase is Phase.REINFORCE  # seats 3 and 5 were never asked
    assert s.discs[3]
    assert s.discs[5]
    assert not any(s.invited)


@pytest.mark.rule("oriente.fight.result", "oriente.fight.capture")
def test_the_attacker_wins_with_a_higher_sum() -> None:
    s = position(
        4, residents=["daimyo", "akindo", "nofu", "nofu"], discs=[True, True, False, False]
    )
    s = s.apply(Announce(Act.ATTACK, 1))
    assert s.phase is Phase.REDRAW  # nobody asked; 4 beats 2
    assert s.seat == 1
    assert s.piles[0][Card.AKINDO] == 1
    s = s.apply(draw(Card.NOFU))
    assert s.residents[1] is Card.NOFU
    assert not s.face_up[1]


@pytest.mark.rule(
    "oriente.fight.samurai",
    "oriente.fight.reinforcement_pick",
    "oriente.fight.reinforcement_face_up",
    "oriente.fight.under_order",
)
def test_samurai_reinforce_and_the_loser_picks_one_of_the_cards() -> None:
    s = position(
        4, residents=["samurai", "samurai", "nofu", "nofu"], discs=[True, True, False, False]
    )
    s = s.apply(Announce(Act.ATTACK, 1))
    assert s.phase is Phase.REINFORCE
    assert s.seat == 0
    s = s.apply(draw(Card.NINJA))  # 3 + 0
    assert s.seat == 1
    s = s.apply(draw(Card.DAIMYO))  # 3 + 4: the attacker loses
    assert s.phase is Phase.PICK
    assert s.seat == 0
    refused(s, Pick(Card.SORYO), "oriente.fight.reinforcement_pick")
    s = s.apply(Pick(Card.DAIMYO))
    assert s.residents[0] is Card.DAIMYO
    assert s.face_up[0]
    assert s.piles[1][Card.SAMURAI] == 1
    assert s.piles[1][Card.NINJA] == 1  # a Ninja left over goes to the winner
    assert s.deck.under == ()
    t = position(
        4, residents=["samurai", "samurai", "nofu", "nofu"], discs=[True, True, False, False]
    )
    t = t.apply(Announce(Act.ATTACK, 1)).apply(draw(Card.DAIMYO)).apply(draw(Card.NOFU))
    assert t.phase is Phase.PICK
    assert t.seat == 1
    t = t.apply(Pick(Card.NOFU))
    assert t.deck.under[-1][Card.DAIMYO] == 1  # the rest under the deck


# --- abilities ----------------------------------------------------------------------------


@pytest.mark.rule("oriente.abilities.lost")
def test_user_defined_lost_abilities_use_the_books_abilities() -> None:
    """Setting abilities (ruling oriente.abilities.lost, reading custom): the Sōryo acts as
    an Akindo, the Mahō-Tsukai as a Ninja; the Shōgun, left undefined, only attacks."""
    options = {"abilities": {"soryo": "akindo", "maho_tsukai": "ninja"}}
    piles = [{"treasure_2": 1}, {"treasure_2": 1, "nofu": 1}, {"treasure_2": 1}, {"treasure_2": 1}]
    acts = {}
    for card in ("soryo", "maho_tsukai", "shogun"):
        s = position(4, options, residents=[card, "nofu", "nofu", "nofu"], piles=piles)
        acts[card] = {a.act for a in s.legal_actions() if isinstance(a, Announce)}
    assert acts["soryo"] == {Act.ATTACK, Act.CREDIT, Act.TRADE}
    assert acts["maho_tsukai"] == {Act.ATTACK, Act.ASSASSINATE}
    assert acts["shogun"] == {Act.ATTACK}
    s = position(4, options, residents=["soryo", "nofu", "nofu", "nofu"], piles=piles)
    refused(s, Announce(Act.INCOME), "oriente.abilities.lost")
    after = s.apply(Announce(Act.CREDIT, 1))  # the Akindo's credit, by the Sōryo
    while after.phase is Phase.PRIVILEGE:
        after = after.apply(Pass())
    assert after.piles[0][Card.NOFU] == 1
    # kept in the settings, so in records and positions; shown in the game's repr
    g = s.game
    assert g.settings()["abilities"] == {"maho_tsukai": "ninja", "soryo": "akindo"}
    assert rulespec.game("oriente", **g.settings()) == g
    assert g.state_from_json(after.to_json()).to_json() == after.to_json()
    with pytest.raises(rulespec.MalformedPosition):
        game(4).state_from_json(after.to_json())
    assert "abilities=" in repr(g)
    assert game(4, abilities="soryo=akindo,maho_tsukai=ninja") == g
    assert game(4).settings()["abilities"] == "none"


@pytest.mark.rule("oriente.abilities.lost")
def test_bad_ability_definitions_are_refused_with_every_problem() -> None:
    with pytest.raises(rulespec.UnknownVariant) as info:
        game(4, abilities={"daimyo": "akindo", "soryo": "wizard", "maho_tsukai": "samurai"})
    text = str(info.value)
    assert "no character with a lost ability" in text
    assert '"wizard" is no ability' in text
    assert "changes a fight" in text
    with pytest.raises(rulespec.UnknownVariant, match="abilities: soryo is defined twice"):
        game(4, abilities="soryo=akindo,soryo=ninja")


@pytest.mark.rule("oriente.abilities.fight_only", "oriente.abilities.lost")
@pytest.mark.parametrize("ability", ["daimyo", "akindo", "nofu", "ninja", "samurai"])
def test_no_definition_gives_the_shogun_an_action_ability(ability: str) -> None:
    """L131: a player with the Shōgun can only attack. Issue 18's repro (six players,
    {"shogun": "daimyo"}, random play from Random(0)) offered a Shōgun "income" at step 326;
    any definition for the Shōgun is now refused when the game is made."""
    with pytest.raises(rulespec.UnknownVariant) as info:
        game(6, abilities={"shogun": ability})
    assert "oriente.abilities.fight_only" in str(info.value)
    with pytest.raises(rulespec.UnknownVariant, match=r"oriente\.abilities\.fight_only"):
        game(6, abilities=f"soryo=akindo,shogun={ability}")
    assert game(6, abilities={"shogun": "none"}) == game(6)  # nothing defined: allowed


@pytest.mark.rule("oriente.abilities.lost")
@pytest.mark.parametrize(
    "value",
    [
        "x" * 100_000,
        ",".join(["soryo=akindo"] * 1000),
        {f"x{i}": "akindo" for i in range(100_000)},
        {"x" * 100_000: "y" * 100_000},
        {"soryo": "z" * 100_000, "maho_tsukai": ["a"] * 100_000},
    ],
    ids=["long-text", "repeated", "many-keys", "long-key", "long-values"],
)
def test_oversize_ability_definitions_get_a_short_error(value: object) -> None:
    """Issue 19, r02: whatever the size of the input, the error is short (well under the
    10 KB any message keeps to) and oversize input is refused before it is read."""
    with pytest.raises(rulespec.UnknownVariant) as info:
        game(4, abilities=value)
    assert len(str(info.value)) < 1000
    assert len(str(info.value.to_json())) < 2000


@pytest.mark.rule("oriente.daimyo.succession", "oriente.abilities.lost")
@pytest.mark.parametrize("shown", [True, False])
def test_a_succession_by_a_defined_character_lays_down_its_own_card(shown: bool) -> None:
    """Issue 19, r06: a Mahō-Tsukai using the Daimyō's abilities swaps itself, not a Daimyō
    it does not have, for the Shōgun: every kind of card keeps its count."""
    piles = [{"treasure_2": 1}, {"treasure_2": 1}, {"treasure_2": 1}, {"treasure_2": 1}]
    if not shown:
        piles[1] = {"treasure_2": 1, "shogun": 1}
    s = position(
        4,
        {"abilities": {"maho_tsukai": "daimyo"}},
        residents=["maho_tsukai", "shogun" if shown else "nofu", "nofu", "nofu"],
        face_up=[False, shown, False, False],
        discs=[True, False, False, False],
        piles=piles,
    )
    t = s.apply(Announce(Act.SUCCESSION, 1))
    assert t.residents[0] is Card.SHOGUN
    if shown:
        assert t.residents[1] is Card.MAHO_TSUKAI
    else:
        assert t.piles[1][Card.MAHO_TSUKAI] == 1
        assert t.piles[1][Card.SHOGUN] == 0
    assert t.problems() == ()


@pytest.mark.rule("oriente.abilities.one", "oriente.abilities.fight_only", "oriente.abilities.lost")
def test_which_residents_have_which_actions() -> None:
    for card, acts in [
        ("daimyo", {Act.ATTACK, Act.INCOME, Act.SUCCESSION}),
        ("akindo", {Act.ATTACK, Act.CREDIT, Act.TRADE}),
        ("nofu", {Act.ATTACK, Act.INCITE, Act.REVOLUTION}),
        ("ninja", {Act.ATTACK, Act.ASSASSINATE}),
        ("shogun", {Act.ATTACK}),
        ("samurai", {Act.ATTACK}),
        ("soryo", {Act.ATTACK}),
        ("maho_tsukai", {Act.ATTACK}),
    ]:
        s = position(
            4,
            residents=[card, "nofu", "nofu", "nofu"],
            piles=[
                {"treasure_2": 1, "shogun": 0},
                {"treasure_2": 1, "nofu": 1},
                {"treasure_2": 1},
                {"treasure_2": 1},
            ],
        )
        found = {a.act for a in s.legal_actions() if isinstance(a, Announce)}
        assert found <= acts
        assert Act.ATTACK in found
    refused(
        position(4, residents=["shogun", "nofu", "nofu", "nofu"]),
        Announce(Act.INCOME),
        "oriente.abilities.fight_only",
    )
    refused(
        position(4, residents=["soryo", "nofu", "nofu", "nofu"]),
        Announce(Act.INCOME),
        "oriente.abilities.lost",
    )
    refused(
        position(4, residents=["daimyo", "nofu", "nofu", "nofu"]),
        Announce(Act.INCITE),
        "oriente.abilities.one",
    )


@pytest.mark.rule("oriente.daimyo.income")
def test_income_takes_the_top_card() -> None:
    s = position(
        4, residents=["daimyo", "samurai", "samurai", "samurai"], options={"payments": "off"}
    )
    s = s.apply(Announce(Act.INCOME)).apply(Pass()).apply(Pass()).apply(Pass())
    assert s.phase is Phase.INCOME
    s = s.apply(draw(Card.SORYO))
    assert s.piles[0][Card.SORYO] == 1


@pytest.mark.rule("oriente.daimyo.succession")
def test_succession_swaps_for_a_face_up_or_captured_shogun() -> None:
    s = position(
        4,
        residents=["daimyo", "shogun", "nofu", "nofu"],
        face_up=[False, True, False, False],
        discs=[True, True, False, False],
        options={"payments": "off"},
    )
    refused(s, Announce(Act.SUCCESSION, 2), "oriente.daimyo.succession")
    t = s.apply(Announce(Act.SUCCESSION, 1))
    t = t.apply(Pass())  # seat 1 is the target: only... it is never asked
    assert t.residents[0] is Card.SHOGUN
    assert t.residents[1] is Card.DAIMYO


@pytest.mark.rule("oriente.akindo.credit", "oriente.akindo.not_against_akindo")
def test_credit_takes_every_nofu_but_never_from_a_face_up_akindo() -> None:
    s = position(
        4,
        residents=["akindo", "samurai", "akindo", "nofu"],
        face_up=[False, False, True, False],
        discs=[True, False, False, False],
        piles=[
            {"treasure_2": 1},
            {"treasure_2": 1, "nofu": 2},
            {"treasure_2": 1, "nofu": 1},
            {"treasure_2": 1},
        ],
        options={"payments": "off"},
    )
    refused(s, Announce(Act.CREDIT, 2), "oriente.akindo.not_against_akindo")
    t = s.apply(Announce(Act.CREDIT, 1))
    assert t.piles[0][Card.NOFU] == 2
    assert t.piles[1][Card.NOFU] == 0


@pytest.mark.rule("oriente.akindo.trade", "oriente.akindo.gift_first")
def test_trade_draws_a_random_card_and_gives_the_named_one() -> None:
    s = position(
        4,
        residents=["akindo", "samurai", "nofu", "nofu"],
        discs=[True, False, False, False],
        piles=[
            {"treasure_2": 1},
            {"treasure_3": 1, "soryo": 1},
            {"treasure_2": 1},
            {"treasure_4": 1},
        ],
        options={"payments": "off"},
    )
    refused(s, Announce(Act.TRADE, 1), "oriente.akindo.trade")  # he has a card to give
    refused(s, Announce(Act.TRADE, 1, Card.NOFU), "oriente.akindo.trade")
    t = s.apply(Announce(Act.TRADE, 1, Card.TREASURE_2))
    assert t.phase is Phase.TRADE
    assert dict(t.chance_outcomes()) == {
        draw(Card.TREASURE_3): Fraction(1, 2),
        draw(Card.SORYO): Fraction(1, 2),
    }
    t = t.apply(draw(Card.SORYO))
    assert kinds(t, 0) == {Card.SORYO}
    assert kinds(t, 1) == {Card.TREASURE_3, Card.TREASURE_2}


@pytest.mark.rule("oriente.akindo.empty_target", "oriente.abilities.no_effect")
@pytest.mark.parametrize("reading", ["nothing", "gift"])
@pytest.mark.parametrize("no_effect", ["allowed", "forbidden"])
def test_a_trade_against_a_player_without_cards(reading: str, no_effect: str) -> None:
    """L206 is silent when the opponent has no victory card (ruling
    oriente.akindo.empty_target): nothing changes hands, or the Akindo's named card still
    goes over; under no_effect = forbidden only a trade that moves nothing is refused."""
    options = {"empty_trade": reading, "no_effect": no_effect}
    piles = [{"treasure_2": 1}, {}, {"treasure_2": 1}, {"treasure_3": 1, "treasure_4": 1}]
    s = position(
        4,
        options,
        residents=["akindo", "samurai", "nofu", "nofu"],
        discs=[True, False, False, False],
        piles=piles,
    )
    trade = Announce(Act.TRADE, 1, Card.TREASURE_2)
    if reading == "nothing" and no_effect == "forbidden":
        refused(s, trade, "oriente.abilities.no_effect")
        return
    with trace.tracing() as counts:
        t = s.apply(trade)
    assert counts["oriente.akindo.empty_target"] == 1
    assert t.phase is Phase.BONUS  # no draw: the action is over (and with it the season)
    if reading == "nothing":
        assert t.piles[0][Card.TREASURE_2] == 1
        assert t.cards(1) == 0
    else:
        assert t.cards(0) == 0
        assert t.piles[1][Card.TREASURE_2] == 1
    poor = position(  # an Akindo without cards gives nothing (L206): the trade moves nothing
        4,
        options,
        residents=["akindo", "samurai", "nofu", "nofu"],
        discs=[True, False, False, False],
        piles=[{}, {}, {"treasure_2": 1}, {"treasure_2": 1, "treasure_3": 1, "treasure_4": 1}],
    )
    assert (Announce(Act.TRADE, 1) in poor.legal_actions()) == (no_effect == "allowed")


@pytest.mark.rule("oriente.nofu.incite")
@pytest.mark.parametrize("players", [4, 8])
def test_incitement_moves_a_worker(players: int) -> None:
    s = position(players, discs=[True] + [False] * (players - 1), options={"payments": "off"})
    s = s.apply(Announce(Act.INCITE))
    if players < 8:
        assert (s.hut, s.square) == (0, 1)
    else:
        assert (s.hut, s.square) == (1, 0)
        s = position(
            players, discs=[True] + [False] * (players - 1), hut=1, options={"payments": "off"}
        )
        s = s.apply(Announce(Act.INCITE))
        assert (s.hut, s.square) == (0, 1)


@pytest.mark.rule("oriente.ninja.assassinate", "oriente.ninja.not_against_ninja")
def test_the_ninja_takes_a_resident_but_never_a_face_up_ninja() -> None:
    s = position(
        4,
        residents=["ninja", "ninja", "soryo", "nofu"],
        face_up=[False, True, False, False],
        discs=[True, False, False, False],
        options={"payments": "off"},
    )
    refused(s, Announce(Act.ASSASSINATE, 1), "oriente.ninja.not_against_ninja")
    t = s.apply(Announce(Act.ASSASSINATE, 2))
    assert t.piles[0][Card.SORYO] == 1
    assert t.phase is Phase.REDRAW
    assert t.seat == 2


@pytest.mark.rule("oriente.abilities.no_effect")
def test_abilities_without_effect_are_allowed_or_forbidden() -> None:
    fields: dict[str, Any] = {
        "residents": ["akindo", "samurai", "nofu", "nofu"],
        "piles": [{"treasure_2": 1}, {"treasure_2": 1}, {"treasure_2": 1}, {"treasure_2": 1}],
    }
    allowed = position(4, **fields)
    assert Announce(Act.CREDIT, 1) in allowed.legal_actions()
    strict = position(4, options={"no_effect": "forbidden"}, **fields)
    refused(strict, Announce(Act.CREDIT, 1), "oriente.abilities.no_effect")


# --- deals --------------------------------------------------------------------------------


@pytest.mark.rule("oriente.deals.public", "oriente.deals.payments")
def test_payments_are_off_by_default_as_the_ban_on_gifts_wants() -> None:
    """L135 bans gifts of victory cards, and a payment cannot be told from one: by default
    nobody pays; under payments each seat in turn may hand over cards, one at a time."""
    assert game(4).options.payments.value == "off"
    plain = position(4, discs=[True, False, False, False])
    plain = plain.apply(Announce(Act.INCITE))
    assert plain.phase is Phase.BONUS  # no payments; the season is over
    with pytest.raises(rulespec.MalformedPosition, match=r"oriente\.deals\.payments"):
        position(4, phase="pay")  # nobody is asked to pay when payments are off
    paying = position(4, {"payments": "payments"}, discs=[True, False, False, False])
    paying = paying.apply(Announce(Act.INCITE))
    assert paying.phase is Phase.PAY
    assert paying.seat == 0
    s = position(4, {"payments": "payments"}, phase="pay")
    assert set(s.legal_actions()) == {
        Pass(),
        Give(1, Card.TREASURE_2),
        Give(2, Card.TREASURE_2),
        Give(3, Card.TREASURE_2),
    }
    refused(s, Give(0, Card.TREASURE_2), "oriente.deals.payments")
    refused(s, Give(1, Card.NOFU), "oriente.deals.payments")


# --- the end ------------------------------------------------------------------------------


@pytest.mark.rule("oriente.end.geisha", "oriente.end.score")
def test_drawing_the_geisha_ends_the_game_at_once() -> None:
    s = short_deck(
        {"geisha": 1, "nofu": 3, "akindo": 2},
        0,
        2,
        4,
        residents=["ninja", "nofu", "nofu", "nofu"],
        discs=[True, False, False, False],
    )
    assert s.deck.middle == 2
    s = s.apply(Announce(Act.ASSASSINATE, 1))
    s = s.apply(draw(Card.GEISHA))
    assert s.is_terminal
    result = s.outcome()
    assert result.scores[0] == 2 + 1  # his treasure, the captured Nōfu and his Ninja (0)
    assert result.scores[1] == 2  # seat 1's resident was taken; its new one never came


@pytest.mark.rule("oriente.end.score", "oriente.info.public")
def test_at_the_end_every_resident_is_shown_since_it_counts() -> None:
    """Issue 22: the residents count with the victory cards, so the end turns them up and
    every seat's view shows them (a picture of the end could not show a final score for a
    face-down resident otherwise); a seat whose resident was taken shows none."""
    s = short_deck(
        {"geisha": 1, "nofu": 3, "akindo": 2},
        0,
        2,
        4,
        residents=["ninja", "nofu", "samurai", "akindo"],
        discs=[True, False, False, False],
    )
    assert not any(s.face_up)
    s = s.apply(Announce(Act.ASSASSINATE, 1)).apply(draw(Card.GEISHA))
    assert s.is_terminal
    assert s.face_up == (True, False, True, True)
    for seat in range(4):
        seen = s.observation(seat).residents
        assert seen == (Card.NINJA, None, Card.SAMURAI, Card.AKINDO)


def _as(reading: str, s: State) -> State:
    """The same position under another reading of the Geisha's exit."""
    data = {**s.to_json(), "settings": {"players": 4, "geisha": reading}}
    return game(4, geisha=reading).state_from_json(data)


@pytest.mark.rule("oriente.end.geisha_exit", "oriente.end.empty_deck")
def test_a_geisha_drawn_as_bonus_ends_only_under_any_exit() -> None:
    for reading, ends in (("any_exit", True), ("player_draws", False)):
        s = _as(reading, short_deck({"geisha": 1, "nofu": 5}, 0, 2, 4, phase="bonus"))
        s = s.apply(draw(Card.GEISHA))
        assert s.is_terminal is ends
    # the Geisha gone as a bonus card, a draw from the empty deck ends the game
    s = short_deck(
        {},
        0,
        0,
        0,
        residents=["ninja", "nofu", "nofu", "nofu"],
        discs=[True, False, False, False],
        bonus={"geisha": 1},
    )
    s = _as("player_draws", s).apply(Announce(Act.ASSASSINATE, 1))
    assert s.is_terminal
    assert s.piles[0][Card.GEISHA] == 1  # the bonus card, worth nothing


@pytest.mark.rule("oriente.season.unclaimed_bonus", "oriente.end.idle_season")
@pytest.mark.parametrize("geisha", ["any_exit", "player_draws"])
@pytest.mark.parametrize("reading", ["accumulate", "under_deck"])
def test_an_idle_season_ends_the_game_only_where_play_could_loop(reading: str, geisha: str) -> None:
    """Nobody acts: under_deck puts the bonus under the deck and play goes on, except with
    player_draws, where idle seasons could cycle the deck for ever (our ruling)."""
    options = {"unclaimed_bonus": reading, "geisha": geisha}
    s = position(4, options=options, bonus={"nofu": 1})
    for _ in range(4):
        s = s.apply(Pass())
    if reading == "under_deck" and geisha == "player_draws":
        assert s.is_terminal
        return
    assert not s.is_terminal
    assert s.phase is Phase.BONUS
    if reading == "under_deck":
        assert not any(s.bonus)
        assert s.deck.under[-1][Card.NOFU] == 1
    else:
        assert s.bonus[Card.NOFU] == 1


def test_idle_seasons_under_under_deck_and_any_exit_end_by_the_geisha() -> None:
    """Every seat always passes: the deck cycles until the Geisha comes up as a bonus card."""
    s = game(4, unclaimed_bonus="under_deck").initial_state()
    rng = random.Random(3)
    seasons = 0
    while not s.is_terminal:
        if s.is_chance:
            seasons += s.phase is Phase.BONUS
            s = s.apply(s.sample_chance(rng))
            continue
        s = s.apply(Pass())
    assert s.deck.under  # the bonus cards went under the deck
    assert s.deck.pool[Card.GEISHA] == 0  # and the Geisha, come up as a bonus card, ended it
    assert seasons <= 41 - 4


@pytest.mark.rule("oriente.end.tie")
def test_ties_by_counts_of_values() -> None:
    base: dict[str, Any] = {
        "residents": ["daimyo", "daimyo", "nofu", "nofu"],
        "piles": [
            {"treasure_4": 1, "soryo": 1},  # 4 + 6 + 4 (resident) = 14: values 6, 4, 4
            {"treasure_3": 1, "shogun": 1},  # 3 + 7 + 4 = 14: values 7, 4, 3
            {"treasure_2": 1},
            {"treasure_2": 1},
        ],
        "phase": "over",
    }
    down = position(4, **base).outcome()
    assert down.scores[:2] == (14, 14)
    assert down.winners == {1}  # a 7 beats a 6
    assert position(4, options={"tie": "top_value"}, **base).outcome().winners == {1}
    # both hold one 6; below it 4, 4 against 3, 3, 2: descending breaks it, top_value not
    close: dict[str, Any] = {
        **base,
        "piles": [
            {"treasure_4": 1, "soryo": 1},
            {"treasure_3": 1, "treasure_2": 1, "soryo": 1},
            {"treasure_2": 1},
            {"nofu": 1},
        ],
        "residents": ["daimyo", "samurai", "nofu", "nofu"],
    }
    assert position(4, **close).outcome().scores[:2] == (14, 14)
    assert position(4, **close).outcome().winners == {0}
    assert position(4, options={"tie": "top_value"}, **close).outcome().winners == {0, 1}
    even: dict[str, Any] = {
        **base,
        "piles": [
            {"treasure_4": 1, "soryo": 1},
            {"treasure_4": 1, "soryo": 1},
            {"treasure_2": 1},
            {"treasure_2": 1},
        ],
    }
    assert position(4, **even).outcome().winners == {0, 1}  # shared


@pytest.mark.rule("oriente.end.ninjas")
def test_three_ninjas_at_a_seasons_end_win_outright() -> None:
    s = position(
        4,
        residents=["nofu", "daimyo", "nofu", "nofu"],
        discs=[True, False, False, False],
        piles=[
            {"treasure_2": 1},
            {"treasure_2": 1, "ninja": 3},
            {"treasure_2": 1},
            {"treasure_2": 1},
        ],
    )
    s = s.apply(Pass())
    assert s.is_terminal
    assert s.outcome().winners == {1}


@pytest.mark.rule("oriente.info.public")
def test_what_each_seat_sees() -> None:
    s = position(
        4,
        residents=["daimyo", "soryo", "nofu", "nofu"],
        face_up=[False, True, False, False],
        bonus={"samurai": 1},
    )
    for p in range(4):
        view = s.observation(p)
        assert view.resident == s.residents[p]
        assert view.residents == (None, Card.SORYO, None, None)
        assert view.bonus == 1
        assert "samurai" not in str(view.to_json()["bonus"])


def _asked_without_disc(phase: str) -> dict[str, Any]:
    act = (
        {"type": "announce", "act": "revolution"}
        if phase == "join"
        else {"type": "announce", "act": "attack", "target": 1}
    )
    return {
        "phase": phase,
        "seat": 2,
        "stone": 0,
        "act": act,
        "discs": [False, True, False, True],
        "face_up": [True, phase == "support", False, False],
        "residents": ["nofu", "nofu", "soryo" if phase != "join" else "nofu", "nofu"],
        "sides": {"privilege": [0] * 4, "support": [1, 2, 0, 0], "join": [1, 0, 0, 0]}[phase],
    }


@pytest.mark.rule("oriente.privilege.rank", "oriente.fight.support", "oriente.nofu.revolution_join")
@pytest.mark.parametrize("phase", ["privilege", "support", "join"])
def test_a_position_never_asks_a_seat_without_its_disc(phase: str) -> None:
    """Claim, support and join need the disc (L194 a, ruling oriente.fight.support, L68);
    the announcer keeps his until he fulfils (L54, L202): every problem is named at once."""
    with pytest.raises(rulespec.MalformedPosition) as info:
        position(4, **_asked_without_disc(phase))
    text = str(info.value)
    assert "seat 2 is asked" in text
    assert ("announcer seat 0" in text) == (phase == "privilege")


@pytest.mark.rule("oriente.privilege.rank", "oriente.fight.support", "oriente.nofu.revolution_join")
@pytest.mark.parametrize(
    ("phase", "action", "rule_id"),
    [
        ("privilege", Announce(Act.ATTACK, 3), "oriente.privilege.rank"),
        ("support", Support(0), "oriente.fight.support"),
        ("join", Join(), "oriente.nofu.revolution_join"),
    ],
)
def test_claim_support_and_join_refuse_a_seat_without_its_disc(
    phase: str, action: Any, rule_id: str
) -> None:
    fields = _asked_without_disc(phase)
    fields["discs"] = [phase == "privilege", True, True, True]  # a valid position first
    s = position(4, **fields)
    assert action in s.legal_actions()
    s = s.but(discs=(fields["discs"][0], True, False, True))
    assert s.legal_actions() == (Pass(),)
    refused(s, action, rule_id)


@pytest.mark.rule("oriente.end.geisha", "oriente.end.geisha_exit")
def test_a_geisha_turned_up_as_reinforcement_ends_the_game_under_any_exit() -> None:
    s = short_deck(
        {"geisha": 1, "nofu": 3, "akindo": 2},
        0,
        2,
        4,
        residents=["samurai", "nofu", "nofu", "nofu"],
        discs=[True, False, False, False],
    )
    s = s.apply(Announce(Act.ATTACK, 1))
    assert s.phase is Phase.REINFORCE
    with trace.tracing() as counts:
        s = s.apply(draw(Card.GEISHA))
    assert s.is_terminal
    assert counts["oriente.end.geisha"] >= 1
    assert counts["oriente.end.geisha_exit"] >= 1
