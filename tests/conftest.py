"""Hypothesis profiles, chosen with HYPOTHESIS_PROFILE (default: dev).

- ``ci``: derandomized (the same examples every run, so CI is reproducible), no database.
- ``dev``: the same, with the example database on, for local work.
- ``deep``: ten times the examples, random seeds: for hunting rare counterexamples.

It also checks the ids of the ``rule`` marker (registered in ``pyproject.toml``) when a
marked test runs, and leaves ``tests/browser`` out of a run that does not name it: those
tests read the built docs site, which ``make test`` builds after the plain pytest run
(``make browser`` runs them).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import rulespec

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "deep",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

collect_ignore = ["browser"]
"""Collected only when named (``pytest tests/browser``): see the module docstring."""


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked ``@pytest.mark.rule(...)`` fails at once if a marked id is not a
    registered rule (with the closest id suggested), even when it is run on its own. That
    every rule has a marked test is checked by ``tests/test_registry.py``."""
    for marker in item.iter_markers("rule"):
        if not marker.args or marker.kwargs:
            pytest.fail("@pytest.mark.rule takes one or more rule ids and nothing else")
        for rule_id in marker.args:
            if not isinstance(rule_id, str):
                pytest.fail(f"@pytest.mark.rule({rule_id!r}): a rule id is a string")
            try:
                rulespec.rule(rule_id)
            except rulespec.UnknownRule as exc:
                pytest.fail(f"@pytest.mark.rule({rule_id!r}): {exc}")
