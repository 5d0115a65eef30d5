"""Histories and information states, for every game of ``GAMES`` (first variant each and
the largest player count)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import rulespec
from rulespec.core import history as histories
from rulespec.core.leaves import compact, delta, leaves
from tests import variants


def played_cases() -> list[tuple[str, dict[str, object]]]:
    """Every variant column with the default options, and every other option value once
    (the golden playthroughs' cases)."""
    return variants.played()


def cases() -> list[tuple[str, dict[str, object]]]:
    out = []
    for spec in rulespec.GAMES:
        columns = spec.variants(options=False)
        for settings in (columns[0], columns[-1]):
            out.append((spec.id, dict(settings)))
    return out


def played(game: Any, seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(
            state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
    return state


@pytest.mark.parametrize(("game_id", "settings"), cases(), ids=str)
def test_a_history_replays_from_its_root_to_the_same_state(
    game_id: str, settings: dict[str, object]
) -> None:
    game = rulespec.game(game_id, **settings)
    state = played(game, 5, 300)
    assert state.root() == game.initial_state()
    again = state.root()
    for action in state.history():
        again = again.apply(action)
    assert again == state
    assert len(state.history()) == 300 or state.is_terminal


def test_positions_and_pickles_start_a_history_of_their_own() -> None:
    game = rulespec.game("mandala", players=2)
    state = played(game, 1, 40)
    for copy in (pickle.loads(pickle.dumps(state)), game.state_from_json(state.to_json())):
        assert copy == state
        assert copy.history() == ()
        assert copy.root() is copy
        assert copy.information_state(0).steps == ()
    assert state.apply(state.legal_actions()[0]).history()[:-1] == state.history()


@pytest.mark.parametrize(("game_id", "settings"), cases(), ids=str)
def test_a_seat_tells_two_histories_apart_exactly_when_its_views_differ(
    game_id: str, settings: dict[str, object]
) -> None:
    """At chance nodes and decisions along random play, two different next actions give a
    seat equal information states exactly when they give it equal views and it saw
    neither action (its own, or a public one, it tells apart: issue 28's r28), only
    their kind."""
    game = rulespec.game(game_id, **settings)
    rng = random.Random(11)
    state = game.initial_state()
    checked = 0
    while not state.is_terminal and checked < 40:
        options = list(state.legal_actions())
        if len(options) >= 2:
            first, second = rng.sample(options, 2)
            a, b = state.apply(first), state.apply(second)
            for p in range(game.players):
                same_view = a.observation(p) == b.observation(p)
                own = state.current_player == p
                unseen = all(
                    (seen := game.seen_by(state, x)) is not None
                    and p not in seen
                    and not game.reveals(state, after)
                    for x, after in ((first, a), (second, b))
                )
                same_kind = type(first) is type(second)
                same_info = str(a.information_state(p)) == str(b.information_state(p))
                assert same_info == (same_view and not own and unseen and same_kind), (
                    p,
                    first,
                    second,
                )
                assert (a.information_state(p) == b.information_state(p)) == same_info
            checked += 1
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(options))
    assert checked == 40


@pytest.mark.parametrize(
    ("game_id", "settings"),
    played_cases(),
    ids=[variants.label(g, s) for g, s in played_cases()],
)
def test_what_the_rules_make_public_shows_in_every_seats_view(
    game_id: str, settings: dict[str, object]
) -> None:
    """A step every seat sees (the game's ``seen_by`` says so, from its rules: a public
    decision or chance outcome) shows in every seat's view: two different public steps
    from the same state that lead to different states give every seat, whether it acted
    or not, different observations. Every variant column and every option value (found
    after issue 19: White Lotus's public gifts between two other seats changed nothing
    in a third seat's view)."""
    game = rulespec.game(game_id, **settings)
    rng = random.Random(5)
    state = game.initial_state()
    checked = 0
    while not state.is_terminal and checked < 150:
        if state.is_chance:
            options = [a for a, _ in state.chance_outcomes()]
        else:
            options = list(state.legal_actions())
        shown = [a for a in options if game.seen_by(state, a) is None]
        if len(shown) >= 2:
            first, second = rng.sample(shown, 2)
            a, b = state.apply(first), state.apply(second)
            if a != b:
                for p in range(game.players):
                    assert a.observation(p) != b.observation(p), (p, first, second)
            checked += 1
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(options))
    assert checked >= 50


def test_a_seats_own_decisions_are_in_its_information_state_and_nobody_elses() -> None:
    game = rulespec.game("mandala", players=3)
    state = played(game, 2, 120)
    root, actions = state.root(), state.history()
    actors = []
    current = root
    for action in actions:
        actors.append(current.current_player)
        current = current.apply(action)
    for p in range(3):
        info = state.information_state(p)
        assert len(info.steps) == len(actions)
        for seen, actor, action in zip(info.steps, actors, actions, strict=True):
            assert (seen.acted == action.to_json()) if actor == p else seen.acted is None
        assert info.to_json()["player"] == p
        assert str(info).startswith(f"seat {p}\n")


@pytest.mark.parametrize("bad", [-1, 3, "0", 1.0, None])
def test_information_state_of_a_seat_that_does_not_exist(bad: Any) -> None:
    state = rulespec.game("mandala", players=3).new_game(seed=1)
    with pytest.raises(rulespec.InvalidArgument, match="information_state"):
        state.information_state(bad)


def twin_histories(game: Any, seed: int) -> list[tuple[Any, Any]]:
    """Pairs of states reached by two histories that differ in one action some seat did
    not see (a hidden draw or a secret commitment), then go on with the same actions
    for as long as those stay legal in both."""
    rng = random.Random(seed)
    state = game.initial_state()
    pairs: list[tuple[Any, Any]] = []
    while not state.is_terminal and len(pairs) < 400:
        options = list(state.legal_actions())
        chosen = state.sample_chance(rng) if state.is_chance else rng.choice(options)
        seen = game.seen_by(state, chosen)
        swaps = [a for a in options if a != chosen and type(a) is type(chosen)]
        if seen is not None and swaps:
            a, b = state.apply(chosen), state.apply(rng.choice(swaps))
            for _ in range(60):
                pairs.append((a, b))
                if a.is_terminal or b.is_terminal:
                    break
                step = a.sample_chance(rng) if a.is_chance else rng.choice(a.legal_actions())
                if a.is_chance != b.is_chance or b.explain(step).legal is False:
                    break
                a, b = a.apply(step), b.apply(step)
        state = state.apply(chosen)
    return pairs


@pytest.mark.parametrize(("game_id", "settings"), cases(), ids=str)
def test_information_state_tensors_agree_with_the_information_states(
    game_id: str, settings: dict[str, object]
) -> None:
    """Along twin histories, a seat's two information-state tensors are equal exactly
    when its two information states are: what it could not see never shows in its
    tensor, and what it saw (its views, its own actions, secrets once revealed) always
    does, even after the view that showed it has moved on."""
    game = rulespec.game(game_id, **settings)
    pairs = twin_histories(game, 3)
    if game_id == "castle" and not any(a.observation(0) == b.observation(0) for a, b in pairs):
        pytest.skip("castle's default data tells every solo card by its bridge side: nothing hides")
    assert pairs
    differ = same = 0
    for a, b in pairs[::7]:
        for p in range(game.players):
            ia, ib = a.information_state(p), b.information_state(p)
            ta, tb = ia.tensor(), ib.tensor()
            assert len(ta) == len(tb) == game.information_state_shape()[0]
            assert (ia == ib) == (ta == tb), (p, len(a.history()))
            differ += ia != ib
            same += ia == ib
    assert differ
    assert same


def columns() -> list[tuple[str, dict[str, object]]]:
    """Every variant column of every game, with the default options."""
    return [(spec.id, dict(c)) for spec in rulespec.GAMES for c in spec.variants(options=False)]


@pytest.mark.parametrize(
    ("game_id", "settings"), columns(), ids=[variants.label(g, s) for g, s in columns()]
)
def test_equal_information_states_equal_text_json_and_tensor(
    game_id: str, settings: dict[str, object]
) -> None:
    """Issue 28, r28: for every seat, two information states are equal exactly when
    their texts are, their JSON is and their tensors are. Checked on siblings (every pair
    of next actions or chance outcomes, up to a few, from states along random play), where
    the histories differ in one step only: the tensor then tells exactly what the text
    does (who acted, the kind of action, which action where the seat saw it, the view)."""
    game = rulespec.game(game_id, **settings)
    rng = random.Random(29)
    state = game.initial_state()
    checked = equal = 0
    while not state.is_terminal and state.step < 160:
        if state.is_chance:
            options = [a for a, _ in state.chance_outcomes()]
        else:
            options = list(state.legal_actions())
        pairs = [(a, b) for i, a in enumerate(options) for b in options[i + 1 :]]
        alike = [(a, b) for a, b in pairs if type(a) is type(b)]  # the likelier to look alike
        for a, b in rng.sample(alike, min(2, len(alike))) + rng.sample(pairs, min(1, len(pairs))):
            sa, sb = state.apply(a), state.apply(b)
            for p in range(game.players):
                ia, ib = sa.information_state(p), sb.information_state(p)
                same = ia == ib
                assert (str(ia) == str(ib)) == same, (p, state.step, a, b)
                assert (ia.to_json() == ib.to_json()) == same, (p, state.step, a, b)
                assert (ia.tensor() == ib.tensor()) == same, (p, state.step, a, b)
                assert hash(ia) == hash(ib) or not same
                checked += 1
                equal += same
        state = state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(options))
    assert checked > equal, "no pair told apart"


def test_a_variant_with_a_huge_max_game_length_still_offers_a_small_tensor() -> None:
    """White Lotus with negotiation may last about 1.5 million steps (any number of gifts
    per window): the tensor keeps the latest steps only, so it is offered, and small."""
    game = rulespec.game("lotus", edition="de", players=6, negotiation="on")
    assert game.bounds().max_game_length > 1_000_000
    size = game.information_state_shape()[0]
    assert size < game.observation_shape()[0] + 2_000
    state = played(game, 4, 30)
    tensor = state.information_state(0).tensor()
    assert len(tensor) == size
    assert all(0.0 <= x <= 1.0 for x in tensor)


def replayed(state: Any, player: int) -> tuple[str, list[list[int]]]:
    """The information state by its definition, with nothing kept between questions: the
    seat's view of the root, then per step (replayed from the root) its own action if it
    acted and the leaves of its view that changed, as text; and per step the tensor's
    codes (actor, action type, id plus one once this seat knows which action it was)."""
    game = state.game
    kinds = {t: i for i, t in enumerate(histories.kinds(game))}
    before = state.root()
    view = leaves(before.observation(player).to_json())
    lines = [f"seat {player}", f"start {compact(before.observation(player).to_json())}"]
    codes: list[list[int]] = []
    pending: list[int] = []
    for i, action in enumerate(state.history(), 1):
        after = before.apply(action)
        now = leaves(after.observation(player).to_json())
        own = before.current_player == player
        seen = game.seen_by(before, action)
        hidden = not (own or seen is None or player in seen)
        actor = before.current_player
        shown = action.to_json()
        if hidden and not game.reveals(before, after):
            shown = {"type": shown["type"]}
        who = "" if own else f"seat {actor} " if isinstance(actor, int) else "chance "
        lines.append(f"{i} {who}did {compact(shown)} saw {compact(delta(view, now))}")
        known = game.action_ids().id(action) + 1
        codes.append([actor if isinstance(actor, int) else game.players, kinds[type(action)], 0])
        codes[-1][2] = 0 if hidden else known
        if hidden:
            pending.append(i - 1)
        if game.reveals(before, after):
            for j in pending:
                codes[j][2] = game.action_ids().id(state.history()[j]) + 1
            pending.clear()
        before, view = after, now
    return "\n".join(lines), codes


@pytest.mark.parametrize(("game_id", "settings"), cases(), ids=str)
def test_information_states_kept_as_play_goes_are_the_replayed_ones(
    game_id: str, settings: dict[str, object]
) -> None:
    """Asked as OpenSpiel asks (every seat, every state, on branches and clones too), the
    information state worked out step by step is the one replayed from the root: the same
    text, hence equal exactly when the replayed ones are, and a tensor whose slots hold
    the replayed codes of the latest steps."""
    game = rulespec.game(game_id, **settings)
    rng = random.Random(17)
    state = game.initial_state()
    width = histories.slot_width(game)
    base = game.observation_shape()[0] + 1
    scale = histories._id_count(game)
    checked = 0
    while not state.is_terminal and checked < 120:
        step = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        branch = state.apply(rng.choice(state.legal_actions())) if not state.is_chance else None
        state = state.apply(step)
        seats = range(game.players) if checked % 3 else [rng.randrange(game.players)]
        for p in seats:
            for s in (state, branch):
                if s is None or (checked % 5 and s is branch):
                    continue
                text, codes = replayed(s, p)
                info = s.information_state(p)
                assert str(info) == text
                assert len(info) == len(codes) == len(info.steps)
                tensor = info.tensor()
                for i, (actor, kind, known) in enumerate(
                    reversed(codes[-histories.horizon(game) :])
                ):
                    slot = tensor[base + i * width : base + (i + 1) * width]
                    assert slot[actor] == 1.0
                    assert slot[game.players + 1 + kind] == 1.0
                    assert round(slot[-1] * scale) == known
        checked += 1
    assert checked > 20


def addressed_to(state: Any, probe: object, seat: int) -> tuple[str, ...]:
    """What ``seat`` learns from sending ``probe``: whether ``apply`` took it and, if
    not, the error (its class and ``to_json()``); and ``explain``'s answer."""
    try:
        state.apply(probe, player=seat)
        applied: tuple[str, ...] = ("applied",)
    except rulespec.RulespecError as exc:
        applied = (type(exc).__name__, repr(sorted(exc.to_json().items())))
    try:
        explained = str(state.explain(probe, player=seat))
    except rulespec.RulespecError as exc:
        explained = f"{type(exc).__name__}: {exc}"
    return (*applied, explained)


def probes(game: Any, a: Any, b: Any) -> list[object]:
    """Actions and texts a client may send: both states' legal actions (a seat may
    guess another's), their notations with a typo, and text that names nothing."""
    found = list(dict.fromkeys([*a.legal_actions()[:8], *b.legal_actions()[:8]]))
    texts = [game.format_action(x) + "?" for x in found[:4]]
    return [*found, *texts, "x", "", "99"]


@pytest.mark.rule("oriente.info.public", "lotus.info.hidden")
@pytest.mark.parametrize(("game_id", "settings"), cases(), ids=str)
def test_errors_and_explanations_to_a_seat_are_equal_in_states_it_cannot_tell_apart(
    game_id: str, settings: dict[str, object]
) -> None:
    """Issue 19, r15: an error or explanation addressed to seat ``p`` (``apply`` and
    ``explain`` with ``player=p``) never shows what ``p`` may not see. Along twin
    histories (one action ``p`` did not see swapped), whenever ``p``'s information states
    are equal, every probe gets the same answer in both: the same refusal with the same
    message, or both applied. (A malformed notation used to suggest the legal actions of
    the seat to act, which in Oriente name its face-down resident.)"""
    game = rulespec.game(game_id, **settings)
    checked = 0
    for a, b in twin_histories(game, 3)[::5]:
        for p in range(game.players):
            if str(a.information_state(p)) != str(b.information_state(p)):
                continue
            for probe in probes(game, a, b):
                assert addressed_to(a, probe, p) == addressed_to(b, probe, p), (p, probe)
                checked += 1
    if game_id == "castle" and not checked:
        pytest.skip("castle's default data tells every solo card by its bridge side: nothing hides")
    assert checked
