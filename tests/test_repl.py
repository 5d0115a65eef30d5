"""The REPL (issue 8): short reprs, a game's repr that rebuilds it, a state's full record
that round-trips through JSON, ``rulings`` and ``search``, and ``print(rule)`` saying
what kind of entry it is."""

from __future__ import annotations

import random

import pytest

import rulespec
from rulespec.core.play import random_step


def test_nothing_in_the_repl_prints_a_whole_rulebook_or_board() -> None:
    """The issue measured 94 KB for rules("lotus"), 96 KB for rulebook("lotus"), 7.7 KB for
    a Lotus game and 1.4 KB of unlabelled tuples for a Mandala state."""
    assert repr(rulespec.GAMES) == "GAMES('castle', 'lotus', 'mandala', 'oriente')"
    assert "lambda" not in repr(rulespec.GAMES) + repr(list(rulespec.GAMES))
    for spec in rulespec.GAMES:
        assert len(repr(spec)) < 80
        assert len(repr(rulespec.rulebook(spec.id))) < 120
        assert len(repr(rulespec.rules(spec.id))) < 50 * len(rulespec.rules(spec.id))
        for settings in spec.variants():
            game = rulespec.game(spec.id, **settings)
            assert len(repr(game)) < 120
            assert len(repr(game.new_game(seed=1))) <= 100


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_a_games_repr_is_the_call_that_makes_it(spec: rulespec.GameSpec) -> None:
    for settings in spec.variants():
        game = rulespec.game(spec.id, **settings)
        text = repr(game)
        assert text.startswith(f"rulespec.game({spec.id!r}, ")
        assert eval(text, {"rulespec": rulespec}) == game


def test_a_games_repr_leaves_out_the_defaults() -> None:
    assert repr(rulespec.game("mandala", players=3)) == "rulespec.game('mandala', players=3)"
    assert (
        repr(rulespec.game("lotus", edition="de", players=5, card_supply="limited"))
        == "rulespec.game('lotus', edition='de', players=5, card_supply='limited')"
    )


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_a_states_repr_is_its_header_and_its_json_round_trips(spec: rulespec.GameSpec) -> None:
    """The documented decision (docs/repl.rst, "What the REPL shows"): a one-line summary
    as the repr, the JSON position as the full record."""
    game = rulespec.game(spec.id, **spec.variants()[0])
    state = game.initial_state()
    rng = random.Random(5)
    for _ in range(150):
        text = repr(state)
        assert text == f"<State: {str(state).splitlines()[0]}>"
        assert spec.title in text
        assert "\n" not in text
        data = state.to_json()
        assert rulespec.game(data["game"], **data["settings"]).state_from_json(data) == state
        if state.is_terminal:
            break
        state = random_step(state, rng)


def test_print_rule_says_rule_ruling_or_ambiguity() -> None:
    kinds = {}
    for spec in rulespec.GAMES:
        for r in rulespec.rules(spec.id):
            kinds.setdefault(r.kind, r)
            assert str(r).startswith(f"{r.kind.value} {r.id}: {r.title} [")
            assert repr(r) == f"<{r.kind.value.capitalize()} {r.id}>"
    assert set(kinds) == set(rulespec.RuleKind)
    assert str(rulespec.rule("mandala.draw.exact_count")).startswith(
        "ambiguity mandala.draw.exact_count: "
    )
    assert repr(rulespec.rule("mandala.end.stalled")) == "<Ruling mandala.end.stalled>"


def test_a_rulebooks_repr_counts_its_entries() -> None:
    book = rulespec.rulebook("mandala")
    text = repr(book)
    assert text.startswith(f"<Rulebook mandala: {len(book.rules)} entries (")
    assert f"{sum(r.kind is rulespec.RuleKind.AMBIGUITY for r in book.rules)} ambiguities" in text
    assert "books mandala.de" in text


def test_rulings_are_the_rulings_and_ambiguities_in_order() -> None:
    for spec in rulespec.GAMES:
        found = rulespec.rulings(spec.id)
        assert found == tuple(r for r in rulespec.rules(spec.id) if r.is_ruling)
        assert found
    with pytest.raises(rulespec.UnknownGame):
        rulespec.rulings("chess")


def test_search_finds_ids_titles_and_paraphrases() -> None:
    # by id, across games, with '.' and '_' ignored and words matched at their start
    assert rulespec.search("max markers")[0].id == "lotus.claim.max_markers"
    assert rulespec.search("lotus.claim.max_mark")[0].id == "lotus.claim.max_markers"
    # by title, one game only
    found = rulespec.search("tie", game="mandala")
    assert found
    assert all(r.game == "mandala" for r in found)
    assert "mandala.majority.tie_keeps" in [r.id for r in found]
    # every word must match somewhere; id and title matches come before paraphrase ones
    for r in rulespec.search("half"):
        assert "half" in f"{r.id} {r.title} {r.text}".casefold()
    title_hits = [r for r in found if "tie" in f"{r.id} {r.title}".casefold()]
    assert list(found[: len(title_hits)]) == title_hits
    assert rulespec.search("zzz nothing like this") == ()


def test_search_matches_the_paraphrase_too() -> None:
    rule = rulespec.rule("mandala.draw.one_card_up_to_four")
    word = next(w for w in rule.text.split() if len(w) > 6 and w.isalpha())
    assert rule in rulespec.search(word, game="mandala")


@pytest.mark.parametrize("bad", ["", "   ", None, 3])
def test_search_needs_words(bad: object) -> None:
    with pytest.raises(rulespec.InvalidArgument, match="search: expected some words"):
        rulespec.search(bad)  # type: ignore[arg-type]


def test_search_of_an_unknown_game_lists_the_games() -> None:
    with pytest.raises(rulespec.UnknownGame, match="lotus, mandala"):
        rulespec.search("tie", game="mandale")
