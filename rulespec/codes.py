"""Every error code rulespec defines (:func:`error_codes`): the data behind the docs' table
of error codes, for a server's own.

The error classes are defined in :mod:`rulespec.errors`, the bottom layer, and a few in
the modules that raise them; this module, above them all, imports those so that the list
is whole.
"""

from __future__ import annotations

from rulespec.castle import data as _castle_data
from rulespec.core import resample as _resample
from rulespec.errors import RulespecError
from rulespec.lotus import board as _lotus_board
from rulespec.scale import batch as _batch
from rulespec.scale import executors as _executors

_RAISED_ELSEWHERE = (_castle_data, _resample, _lotus_board, _batch, _executors)
"""The modules that define error classes of their own, imported so that their classes
exist when :func:`error_codes` lists the subclasses of :class:`~rulespec.RulespecError`."""


def error_codes() -> list[tuple[str, type[RulespecError], int]]:
    """Every error class rulespec defines as ``(code, class, http_status)``, by status
    then code."""
    seen: dict[str, type[RulespecError]] = {}
    todo: list[type[RulespecError]] = [RulespecError]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("rulespec") and not cls.__name__.startswith("_"):
            seen.setdefault(cls.code, cls)
    return sorted(((c, cls, cls.http_status) for c, cls in seen.items()), key=_by_status)


def _by_status(entry: tuple[str, type[RulespecError], int]) -> tuple[int, str]:
    return entry[2], entry[0]
