"""Seeded mass simulation: many games on all cores or on a Ray cluster, with statistics
and rule coverage (:func:`rulespec.simulate`, ``rulespec simulate``).

Kept out of ``rulespec.core`` because nothing in the rules depends on it: it only plays
games through the public contract, and imports its executors' machinery (process pools,
Ray) on first use.
"""
