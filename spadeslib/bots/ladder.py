"""The ladder: the bot levels a learner climbs, weakest first.

Each level beats the one below it in a duplicate round-robin
(:func:`spadeslib.bots.tournament.round_robin`, ``spades ladder``); the
table's level menu lists these names.

>>> list(LADDER)
['novice', 'rule', 'search-lite', 'search', 'expert']
"""

from __future__ import annotations

__all__ = ["LADDER"]

LADDER: dict[str, str] = {
    "novice": "knows the rules, judges like a beginner: bids aces and kings, "
    "wins every trick it can, leads spades early",
    "rule": "a sound club player: counts tricks, covers and attacks nils, ducks bags",
    "search-lite": "tries each card in 6 deals of the unseen cards, played out "
    "by the rule player",
    "search": "the same search with 40 deals per decision, blind bids by search",
    "expert": "the coach's choice: 48 deals read with the ducks of the play, "
    "the last three tricks solved exactly",
}
"""Level name (as :func:`~spadeslib.bots.make_bot` takes it) -> one line."""
