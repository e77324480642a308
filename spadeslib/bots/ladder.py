"""The ladder: the bot levels a learner climbs, weakest first.

Each level beats the one below it in a duplicate round-robin
(:func:`spadeslib.bots.tournament.round_robin`, ``spades ladder``); the
table's level menu lists these names.

>>> list(LADDER)
['novice', 'rule', 'search-lite', 'search', 'expert']

:data:`ELO` holds the ratings the last full ladder printed (the level menus
show them); ``spades ladder`` measures them again.
"""

from __future__ import annotations

__all__ = ["ELO", "LADDER", "level_label"]

LADDER: dict[str, str] = {
    "novice": "knows the rules, judges like a beginner: bids aces and kings, "
    "wins every trick it can, leads spades early",
    "rule": "a sound club player: counts tricks, covers and attacks nils, ducks bags",
    "search-lite": "tries each card in 6 deals of the unseen cards, played out "
    "by the rule player",
    "search": "the same search with 16 deals per decision, blind bids by search",
    "expert": "the coach's choice: 48 deals read with the ducks and the "
    "opponents' plays, the last three tricks solved exactly",
}
"""Level name (as :func:`~spadeslib.bots.make_bot` takes it) -> one line."""

ELO: dict[str, int] = {
    "novice": 1129,
    "rule": 1500,
    "search-lite": 1606,
    "search": 1638,
    "expert": 1689,
}
"""Level -> Elo-style rating (rule = 1500), as printed by the ladder run
quoted in ``docs/coach.md`` and the README: ``spades ladder --deals 500
--seed 2026 --pairs adjacent --jobs 2 --check-tricks 4`` on 6 December 2026
(the expert reading the plays with walks that settle). Run it again after
changing a level, and copy the ratings here."""


def level_label(level: str) -> str:
    """A level's name with its measured rating, for menus.

    >>> level_label("rule")
    'rule (Elo 1500)'
    >>> level_label("random")
    'random'
    """
    rating = ELO.get(level)
    return level if rating is None else f"{level} (Elo {rating})"
