"""The coach behind every strategy exercise's verdict.

One :class:`~spadeslib.coach.Coach`, at :data:`LEVEL` with :data:`SEED` (the
level and seed chapter 10's ``judge()`` uses), judges every choice the
strategy exercises rate: a bid (9.4), a card of a puzzle (10.3-10.5), the cards
of a reviewed hand (11.4). The coach seeds its analysis of a decision by the
decision itself, so the same decision always gets the same verdict, here, in
the chapter and at a table coached at the same level and seed. The instance is
shared (:func:`coach`), so an exercise that asks twice pays once.

>>> from spadeslib import Hand
>>> hand = Hand(seed=4, dealer="W")
>>> verdict = rate(hand.view(hand.turn), hand.legal_actions()[0])
>>> verdict.rating in RATINGS, verdict.best in hand.legal_actions()
(True, True)
>>> accepted(rate(hand.view(hand.turn), verdict.best))
True
"""

from __future__ import annotations

import functools

from ..actions import Action
from ..coach import RATINGS, THRESHOLDS, Coach, Verdict
from ..hand import Hand
from ..view import PlayerView

__all__ = [
    "ACCEPTED",
    "BID_SAMPLES",
    "LEVEL",
    "RATINGS",
    "SEED",
    "accepted",
    "bid_coach",
    "coach",
    "rate",
    "within_noise",
]

LEVEL = "search"
"""The coach level of every exercise verdict."""

SEED = "ch10"
"""The coach seed of every exercise verdict (chapter 10's ``judge()`` too)."""

ACCEPTED = ("best", "good")
"""Ratings an exercise accepts as a sound choice (at most 5 points lost once
the noise of the coach's deals is taken off)."""

BID_SAMPLES = 320
"""Deals over which exercise 9.4 values the bids: eight times the search
coach's 40. A whole hand rides on a bid, so its values spread widely from
deal to deal; at 40 deals the key of one hand in three changed with the
deals drawn (a bid 6 points worse at 40 deals was the best at 200)."""


@functools.cache
def coach() -> Coach:
    """The one coach of the exercises (shared, so its analyses are cached)."""
    return Coach(LEVEL, seed=SEED)


def rate(view: PlayerView, action: Action, hand: Hand | None = None) -> Verdict:
    """The coach's verdict on ``action`` in the decision ``view`` faces
    (``hand``, the whole hand then, adds the values with every card known)."""
    return coach().advise(view, hand=hand).rate(action)


@functools.cache
def bid_coach() -> Coach:
    """The coach of exercise 9.4: :func:`coach`'s level and seed, valuing
    bids over :data:`BID_SAMPLES` deals, never more (twice what the coach
    deals for a bid its deals disagree on widely)."""
    return Coach(LEVEL, seed=SEED, samples=BID_SAMPLES, steady=False)


def accepted(verdict: Verdict) -> bool:
    """Whether the verdict calls the choice sound (best or good)."""
    return verdict.rating in ACCEPTED


def within_noise(verdict: Verdict) -> bool:
    """Whether a choice rated worse than good may still be good: the 95%
    interval of its loss reaches down to the bound of "good" (5 points), so
    the deals drawn cannot tell it from a good one."""
    return not accepted(verdict) and verdict.loss_ci[0] <= THRESHOLDS["good"]
