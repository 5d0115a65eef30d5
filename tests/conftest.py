"""Hypothesis profiles, chosen with HYPOTHESIS_PROFILE (default: dev).

- ``ci``: derandomized (the same examples every run, so CI is reproducible), no database.
- ``dev``: the same, with the example database on, for local work.
- ``deep``: ten times the examples, random seeds: for hunting rare counterexamples.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
