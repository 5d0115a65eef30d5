"""``python -m rulespec``: the ``rulespec`` command (:mod:`rulespec.cli`)."""

from rulespec.cli import main

raise SystemExit(main())
