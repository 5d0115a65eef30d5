"""Integer action ids: a stable, documented numbering of every action of a variant.

Game frameworks (OpenSpiel, PettingZoo, RL libraries) index policies and masks by integers.
Each game lists every decision and every chance outcome a variant can ever have, in blocks
of one action type each (:class:`Block`), in a documented order; an action's id is its
place in that list. Decisions and chance outcomes are numbered separately, from 0 each,
as OpenSpiel does: ``num_distinct_actions`` decisions and ``num_chance_outcomes`` chance
outcomes.

The numbering is part of the documented format: it changes only with a minor release
(never a patch), and ``tests/test_action_ids.py`` pins a digest of it for every variant.
Where a quantity has no natural bound (White Lotus points with an unlimited card supply),
the game's ``bounds`` module derives the cap the numbering uses.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from rulespec.errors import InvalidArgument, bounded


@attrs.frozen
class Block:
    """One action type's run of ids: ``actions`` in order, the first at ``first``."""

    kind: str
    """The action type's JSON ``type``."""
    varies: str
    """How the actions inside the block are ordered, in words (``mandala, then colour,
    then count``), for the documentation."""
    first: int
    actions: tuple[Any, ...]

    @property
    def last(self) -> int:
        """The id of the block's last action."""
        return self.first + len(self.actions) - 1


@attrs.frozen
class Listing:
    """What a game's enumeration gives per action type: the actions in order and, in
    words, the order they vary in."""

    actions: tuple[Any, ...]
    varies: str


def listing(actions: Iterable[Any], varies: str) -> Listing:
    """A :class:`Listing` of ``actions`` (consumed once, in order)."""
    return Listing(tuple(actions), varies)


class ActionIds:
    """The numbering of one variant: decisions and chance outcomes, each from 0."""

    __slots__ = (
        "_by_identity",
        "_chance_id",
        "_decision_id",
        "chance",
        "chance_blocks",
        "decision_blocks",
        "decisions",
    )

    def __init__(self, decisions: Sequence[Listing], chance: Sequence[Listing]) -> None:
        self.decision_blocks = _blocks(decisions)
        self.chance_blocks = _blocks(chance)
        self.decisions: tuple[Any, ...] = tuple(a for b in self.decision_blocks for a in b.actions)
        self.chance: tuple[Any, ...] = tuple(a for b in self.chance_blocks for a in b.actions)
        self._decision_id = {a: i for i, a in enumerate(self.decisions)}
        self._chance_id = {a: i for i, a in enumerate(self.chance)}
        if len(self._decision_id) != len(self.decisions) or len(self._chance_id) != len(
            self.chance
        ):
            raise ValueError("an action is listed twice in the action ids")
        if not self._decision_id.keys().isdisjoint(self._chance_id):
            raise ValueError("an action is listed both as a decision and as a chance outcome")
        self._by_identity = ByIdentity(self.decisions, self._decision_id)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # rebuilt from the listings: the identity memos hold ids of this process's objects
        return _rebuild, (
            tuple(Listing(b.actions, b.varies) for b in self.decision_blocks),
            tuple(Listing(b.actions, b.varies) for b in self.chance_blocks),
        )

    def decision_ids(self, actions: tuple[Any, ...]) -> tuple[int, ...]:
        """The ids of a tuple of decisions (legal actions, typically), in its order: the
        hot path of every adapter. Looked up by identity first (:class:`ByIdentity`), by
        value otherwise; a value that is no decision is refused as :meth:`decision_id`
        does."""
        return self._by_identity.ids(actions)

    def id(self, action: object) -> int:
        """The id of a decision or of a chance outcome (each numbered from 0)."""
        try:
            found = self._decision_id.get(action)
            if found is None:
                found = self._chance_id[action]
        except (KeyError, TypeError):
            raise InvalidArgument(
                f"action_id: {bounded(action)} is no action of this variant"
            ) from None
        return found

    def decision_id(self, action: object) -> int:
        """The id of a decision; a chance outcome or a foreign value is refused."""
        try:
            return self._decision_id[action]
        except (KeyError, TypeError):
            raise InvalidArgument(
                f"action_id: {bounded(action)} is no decision of this variant"
            ) from None

    def chance_id(self, action: object) -> int:
        """The id of a chance outcome; a decision or a foreign value is refused."""
        try:
            return self._chance_id[action]
        except (KeyError, TypeError):
            raise InvalidArgument(
                f"chance_outcome_id: {bounded(action)} is no chance outcome of this variant"
            ) from None

    def decision(self, i: object) -> Any:
        """The decision with id ``i``."""
        return self.decisions[_index(i, len(self.decisions), "action")]

    def outcome(self, i: object) -> Any:
        """The chance outcome with id ``i``."""
        return self.chance[_index(i, len(self.chance), "chance_outcome")]

    def digest(self) -> str:
        """A SHA-256 of the whole numbering (each action's JSON, in id order), which the
        tests pin per variant: any renumbering changes it."""
        h = hashlib.sha256()
        for part, actions in (("decisions", self.decisions), ("chance", self.chance)):
            h.update(part.encode())
            for a in actions:
                h.update(json.dumps(a.to_json(), sort_keys=True).encode())
                h.update(b"\n")
        return h.hexdigest()


def _rebuild(decisions: Sequence[Listing], chance: Sequence[Listing]) -> ActionIds:
    return ActionIds(decisions, chance)


MEMO_LIMIT = 4096
"""How many tuples (and, apart, how many unlisted action objects) a :class:`ByIdentity`
remembers before it forgets them all."""


class ByIdentity:
    """Decision ids looked up by object identity, which costs no ``__hash__`` call (an
    attrs action hashes in Python).

    Games hand out the same objects again: legal actions come from caches (a Mandala
    hand's plays, a Lotus bidder's bids), so a tuple seen before gets its ids back at
    once, and an action object seen before (listed, or met in a legal tuple) is found by
    its ``id()``. Everything remembered is kept alive, so a hit on an ``id()`` is that
    very object (an ``id()`` is unique among live objects); the memos are emptied at
    :data:`MEMO_LIMIT` entries each. Not pickled (ids are per process)."""

    __slots__ = ("_by_value", "_decisions", "_id_of", "_kept", "_tuples")

    def __init__(self, decisions: tuple[Any, ...], by_value: Mapping[Any, int]) -> None:
        self._decisions = decisions
        self._by_value = by_value
        self._id_of = {id(a): i for i, a in enumerate(decisions)}
        self._kept: list[Any] = []
        self._tuples: dict[int, tuple[tuple[Any, ...], tuple[int, ...]]] = {}

    def ids(self, actions: tuple[Any, ...]) -> tuple[int, ...]:
        """The ids of ``actions``, in order."""
        tuples = self._tuples
        found = tuples.get(id(actions))
        if found is not None:
            return found[1]
        try:
            made = tuple(map(self._id_of.__getitem__, map(id, actions)))
        except KeyError:
            made = tuple([self._one(a) for a in actions])
        if len(tuples) >= MEMO_LIMIT:
            tuples.clear()
        tuples[id(actions)] = (actions, made)
        return made

    def _one(self, action: Any) -> int:
        """One action's id: by identity if met before, else by value, then remembered."""
        i = self._id_of.get(id(action))
        if i is not None:
            return i
        try:
            i = self._by_value[action]
        except (KeyError, TypeError):
            raise InvalidArgument(
                f"action_id: {bounded(action)} is no decision of this variant"
            ) from None
        if len(self._kept) >= MEMO_LIMIT:
            self._id_of = {id(a): k for k, a in enumerate(self._decisions)}
            self._kept = []
        self._kept.append(action)
        self._id_of[id(action)] = i
        return i


def _blocks(listings: Sequence[Listing]) -> tuple[Block, ...]:
    out = []
    first = 0
    for item in listings:
        if not item.actions:
            continue
        kinds = {type(a).KIND for a in item.actions}
        if len(kinds) != 1:
            raise ValueError(f"a block of action ids mixes action types {sorted(kinds)}")
        out.append(Block(kinds.pop(), item.varies, first, item.actions))
        first += len(item.actions)
    return tuple(out)


def _index(i: object, n: int, what: str) -> int:
    if type(i) is not int or not 0 <= i < n:
        raise InvalidArgument(
            f"{what}: expected an id, a whole number from 0 to {n - 1}, got {bounded(i)}"
        )
    return i


def describe(ids: ActionIds) -> Mapping[str, tuple[Block, ...]]:
    """The blocks, for documentation: ``{"decisions": …, "chance outcomes": …}``."""
    return {"decisions": ids.decision_blocks, "chance outcomes": ids.chance_blocks}
