"""Game-agnostic pieces shared by every game: rules registry, variant tables, chance,
the state contract, game records. Nothing here knows about any particular game."""
