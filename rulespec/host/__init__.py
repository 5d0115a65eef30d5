"""What serves hosts, above the catalog: tables that seat players and survive a restart
(:mod:`~rulespec.host.session`), their benchmark, the golden playthroughs and the
conformance vectors. These name games by id, so they import :mod:`rulespec.catalog`;
:mod:`rulespec.core` below the games never does."""
