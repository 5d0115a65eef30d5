"""The converter's annotations for forms a person writes by hand (issue 33: Castle's short
position from one declaration): a component by its id, a list bounded before it is read,
fields left out when they hold their default, and a sparse record built from placeholders
so the checks across its fields go on."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Annotated, Any, ClassVar

import attrs
import jsonschema

from rulespec.core.convert import (
    LEFT_OUT,
    AtMost,
    ComponentId,
    Converter,
    LeftOut,
    Length,
    Range,
    Reader,
)

GAME = SimpleNamespace(cards=("c1", "c2", "c3"), most=2)
Card = Annotated[int, ComponentId("a card", lambda game: game.cards)]
Die = Annotated[int, Range(1, 6)]


@attrs.frozen
class Stack:
    top: Die
    dice: Annotated[int, Range(1, 4)] = 1


@attrs.frozen
class Hand:
    SPARSE: ClassVar[bool] = True

    coins: Annotated[int, Range(0, 9)] = 0
    card: Card | LeftOut | None = LEFT_OUT
    cards: Annotated[tuple[Card, ...], AtMost(lambda game: game.most, "two (a rule)")] = ()
    three: Annotated[tuple[Die, ...], Length(3, "slot")] = (1, 1, 1)
    die: Die | Stack | LeftOut = LEFT_OUT


CODEC = Converter()


def read(raw: Any) -> tuple[Any, list[str]]:
    reader = Reader(GAME)
    return CODEC.load(raw, Hand, reader), reader.problems


def test_a_component_is_held_by_its_number_and_written_by_its_id() -> None:
    hand, problems = read({"card": "c2", "cards": ["c3", "c1"]})
    assert not problems
    assert hand == Hand(card=1, cards=(2, 0))
    assert CODEC.dump(hand, Hand, GAME) == {"card": "c2", "cards": ["c3", "c1"]}
    _, problems = read({"card": "c9"})
    assert problems == ['card: expected the id of a card (c1, c2, c3, …), got "c9"']


def test_what_holds_its_default_is_left_out_and_left_out_differs_from_null() -> None:
    assert CODEC.dump(Hand(), Hand, GAME) == {}
    assert read({})[0].card is LEFT_OUT
    assert read({"card": None})[0].card is None
    assert CODEC.dump(Hand(card=None), Hand, GAME) == {"card": None}


def test_a_list_longer_than_allowed_is_refused_unread() -> None:
    _, problems = read({"cards": ["bad"] * 5000})
    assert problems == ["cards: 5000 entries; at most 2: two (a rule)"]


def test_a_sparse_record_read_with_problems_is_built_from_placeholders() -> None:
    hand, problems = read({"coins": 99, "card": "c3"})
    assert problems == ["coins: expected a whole number from 0 to 9, got 99"]
    assert hand == Hand(coins=0, card=2)


def test_a_union_names_the_problem_inside_the_member_of_the_value_s_json_type() -> None:
    assert read({"die": {"top": 5, "dice": 2}})[0].die == Stack(5, 2)
    assert read({"die": 4})[0].die == 4
    assert read({"die": {"top": 9}})[1] == ["die.top: expected a whole number from 1 to 6, got 9"]
    assert read({"die": "x"})[1] == ['die: expected a whole number or an object, got "x"']


def test_the_schema_says_the_same() -> None:
    schema = CODEC.schema(Hand, GAME)
    props = schema["properties"]
    assert props["card"] == {"anyOf": [{"type": "null"}, {"enum": ["c1", "c2", "c3"]}]}
    assert props["cards"]["maxItems"] == 2
    assert props["three"]["minItems"] == props["three"]["maxItems"] == 3
    assert "required" not in schema
    every = CODEC.schema(Hand, None)
    assert every["properties"]["card"]["anyOf"][1] == {"type": "string", "description":
                                                       "the id of a card"}  # fmt: skip
    assert every["properties"]["three"]["maxItems"] == 3  # a fixed length in every game
    validator = jsonschema.Draft202012Validator(schema)
    written = CODEC.dump(Hand(coins=3, card=0, cards=(1,), die=Stack(2, 3)), Hand, GAME)
    assert validator.is_valid(written)
    assert not validator.is_valid({**written, "cards": ["c1"] * 3})
