"""The coach: one analysis layer for hints, reviews and exercise verdicts.

:class:`Coach` (``advise`` a decision, ``review`` a hand) at one of the
:data:`LADDER` levels (the bot levels, weakest first, with a line each; the
same list as :data:`spadeslib.bots.LADDER`). See ``docs/coach.md``.

>>> from spadeslib import Hand
>>> from spadeslib.coach import Coach
>>> hand = Hand(seed=4, dealer="W")
>>> for bid in (3, 3, 3, 3): hand.apply(bid)
>>> advice = Coach("rule", seed=2024).advise(hand.view(hand.turn))
>>> advice.rate(advice.best).rating
'best'
"""

from __future__ import annotations

from ..bots.ladder import LADDER
from .coach import LEVELS, Advice, Coach, NilCheck, Review, decision_key
from .ratings import (
    NOISE,
    NOISE_SHOWN,
    RATINGS,
    THRESHOLDS,
    Estimate,
    Verdict,
    loss_points,
    rated_loss,
    rating_for,
    scale_text,
)

__all__ = [
    "LADDER",
    "LEVELS",
    "NOISE",
    "NOISE_SHOWN",
    "RATINGS",
    "THRESHOLDS",
    "Advice",
    "Coach",
    "Estimate",
    "NilCheck",
    "Review",
    "Verdict",
    "decision_key",
    "loss_points",
    "rated_loss",
    "rating_for",
    "scale_text",
]
