"""Hints: what a bot level would do in a learner's seat, and why.

>>> from spadeslib import Hand
>>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"}, dealer="S")
>>> hand.apply("look"); hand.apply(1)  # West looks (no blind nil) and bids 1
>>> hint = suggest(hand.view("N"))
>>> hint.action, hint.level
(Bid(13), 'rule')
>>> print(hint.reason)  # doctest: +NORMALIZE_WHITESPACE
Bid 13: 13 likely spade tricks (counted 13.0, worth about 13.0 tricks in
play); the table has already bid 1
"""

from __future__ import annotations

from typing import Any

from ..errors import SpadesError
from ..view import PlayerView
from .base import Suggestion

__all__ = ["suggest"]


def suggest(
    view: PlayerView, level: str = "rule", seed: int | str | None = 0, **options: Any
) -> Suggestion:
    """The action ``level`` would take for the seat of ``view``, with a short
    reason for a learner. ``options`` go to the bot (``samples=`` for
    ``search``). The same view, level and seed give the same hint.

    >>> from spadeslib import Hand
    >>> hand = Hand(seed=2, dealer="N"); hand.apply("look")  # East to bid
    >>> suggest(hand.view("E"), "novice")
    Suggestion(action=Bid(1), reason='Bid 1: I count my aces and kings', level='novice')
    >>> print(suggest(hand.view("E"), "search", samples=2).reason)
    Bid 3: 2 likely spade tricks, ... (search agrees: +28 on average)
    """
    from . import make_bot

    if not isinstance(view, PlayerView):
        hint = " such as hand.view('N')" if hasattr(view, "view") else ""
        raise SpadesError(f"suggest reads a seat's view{hint}, not {view!r}")
    if not view.legal:
        raise SpadesError(
            f"{view.seat.full} is not to move: there is nothing to suggest"
        )
    return make_bot(level, seed=seed, **options).explain(view)
