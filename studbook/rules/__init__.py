"""The rules engine: variants as data, hand evaluators, pots, and the betting state machine."""
