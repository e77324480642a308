"""The published scale: a decision is rated by the points it is expected to
lose against the best decision, allowing for the noise of the deals.

Points are *bag-adjusted* (contract and nil points as scored, every bag
-10, no bag penalty) and counted as a margin: your side's points minus the
opponents' for the hand, the measure of a duplicate match. The thresholds:

=============  ==========================  ==================================
rating         loss the rating reads       what it usually is
=============  ==========================  ==================================
best           at most 1                   the best card or bid, or as good within noise
good           more than 1, at most 5      a fraction of a bag: a close call
inaccuracy     more than 5, at most 15     about one bag or one overtrick given away
mistake        more than 15, at most 40    a trick of a contract, a bid one off
blunder        more than 40                a set contract or a broken nil
=============  ==========================  ==================================

Why these: one bag is worth 10 bag-adjusted points, one contract trick 10 to
20 (the trick's 10 and the risk of a set), a set contract 2 x 10 x bid (50 to
150) and a nil 200 of margin. A loss of one bag or less is an inaccuracy; a
loss that turns a made contract into a coin flip is a mistake; losing a
contract or a nil is a blunder.

The loss a rating reads is the expected loss less one standard error of its
estimate (:func:`rated_loss`): the coach values each card over a few dozen
sampled deals, and rated by the bare estimate about one card in five that a
640-deal analysis calls good or best was called an inaccuracy or worse
(``spades steadiness``, ``docs/coach.md``). With every card placed the
estimate is exact and the rating reads it as it is.

Within one decision the ratings keep the order of the losses
(:func:`rated_losses`): an action that loses more on average is never
rated better than one that loses less. Less its own noise, a loss with a
wide interval can read less than a smaller loss with a narrow one (near the
end of a game, where each deal counts 400 points for the game won or lost,
a card losing 17 points with a standard error of 20 would read 0, "best",
beside one losing 16 with an error of 12, read 4.5, "good"); the loss a
rating reads is therefore the largest of its own, less the noise, and
those of the actions of the same decision that lose no more on average.
It never reads more than the action's own average loss.

>>> rating_for(0.4), rating_for(3), rating_for(12), rating_for(25), rating_for(90)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from ..actions import Action
from ..bots.studies.estimate import Estimate, mean_ci
from .explain import points

__all__ = [
    "NOISE",
    "NOISE_SHOWN",
    "RATINGS",
    "THRESHOLDS",
    "Estimate",
    "Verdict",
    "loss_points",
    "mean_ci",
    "rated_loss",
    "rated_losses",
    "rating_for",
    "scale_text",
]

A = TypeVar("A")
"""An action of a decision (or any key naming one)."""

#: upper bound of the loss (points, less the noise: :func:`rated_loss`) of
#: each rating but the last
THRESHOLDS: dict[str, float] = {
    "best": 1.0,
    "good": 5.0,
    "inaccuracy": 15.0,
    "mistake": 40.0,
}
#: standard errors of its estimate taken off a loss before it is rated
NOISE = 1.0
#: a verdict gives the loss its rating reads beside the average loss when
#: the two differ by at least this many points
NOISE_SHOWN = 0.5
#: every rating, from best to worst
RATINGS: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")


def rating_for(loss: float) -> str:
    """The rating of a loss in points (see the module table): the loss the
    rating reads, :func:`rated_loss`.

    >>> rating_for(1.0), rating_for(1.2), rating_for(40.0)  # bounds included
    ('best', 'good', 'mistake')
    >>> rating_for(rated_loss((2.0, 14.0)))  # 8 lost on average, 4.9 less the noise
    'good'
    """
    for name, bound in THRESHOLDS.items():
        if loss <= bound:
            return name
    return "blunder"


def rated_loss(ci: tuple[float, float], noise: float = NOISE) -> float:
    """The loss a rating reads, from the 95% interval of the expected loss
    (paired over the same deals): its middle less ``noise`` standard errors
    (:data:`NOISE`; the interval spans 1.96 each side), and never below 0.

    >>> round(rated_loss((2.0, 14.0)), 1), rated_loss((8.0, 8.0))
    (4.9, 8.0)
    >>> rated_loss((-6.0, 4.0)), rated_loss((2.0, 14.0), noise=0)
    (0.0, 8.0)
    """
    low, high = ci
    middle, half = (low + high) / 2, (high - low) / 2
    return max(0.0, middle - noise * half / 1.96)


def rated_losses(
    losses: Mapping[A, tuple[float, tuple[float, float]]], noise: float = NOISE
) -> dict[A, tuple[float, A]]:
    """The loss each rating of one decision reads, from every action's
    ``(average loss, 95% interval)``: the largest :func:`rated_loss` among
    the actions whose average loss is at most its own, so that ratings keep
    the order of the losses; with the action whose noise-less loss it reads
    (the action itself unless one that loses less reads more).

    Near the end of a game: the J♦ loses 17.5 on average but its deals
    disagree (a standard error of 20), the 8♦ loses 16.0 (an error of 11.6).
    Alone, the J♦ would read 0 and be rated best beside a good 8♦:

    >>> near = {"2D": (0.0, (0.0, 0.0)), "8D": (16.0, (-6.7, 38.7)),
    ...         "JD": (17.5, (-21.7, 56.7))}
    >>> {a: (round(r, 1), why) for a, (r, why) in rated_losses(near).items()}
    {'2D': (0.0, '2D'), '8D': (4.4, '8D'), 'JD': (4.4, '8D')}
    >>> rated_loss(near["JD"][1]), rating_for(4.4)
    (0.0, 'good')
    """
    own = {a: rated_loss(ci, noise) for a, (_, ci) in losses.items()}
    out = {}
    for action, (loss, _) in losses.items():
        below = [b for b, (other, _) in losses.items() if other <= loss]
        # the action itself on a tie: it names another only when that reads more
        top = max(below, key=lambda b: (own[b], b == action))
        out[action] = (own[top], top)
    return out


def scale_text() -> str:
    """The scale as a small table of text, read from :data:`THRESHOLDS`.

    >>> print(scale_text())
    rating      points lost, less the noise
    best        at most 1
    good        more than 1, at most 5
    inaccuracy  more than 5, at most 15
    mistake     more than 15, at most 40
    blunder     more than 40
    """
    lines = ["rating      points lost, less the noise"]
    low = None
    for rating in RATINGS:
        high = THRESHOLDS.get(rating)
        bounds = [f"more than {low:g}"] if low is not None else []
        bounds += [f"at most {high:g}"] if high is not None else []
        lines.append(f"{rating:<11} {', '.join(bounds)}")
        low = high
    return "\n".join(lines)


def loss_points(loss: float) -> str:
    """A loss in words, in whole points, but to a tenth where rounding would
    land on a bound of the scale from above: a loss rated at 15.4 is a
    mistake, and "15 points" would read as an inaccuracy; "just over" where
    even the tenth would.

    >>> loss_points(12.4), loss_points(15.4), loss_points(14.6), loss_points(40.02)
    ('12 points', '15.4 points', '15 points', 'just over 40 points')
    >>> loss_points(1.02)
    'just over 1 point'
    """
    whole = round(loss)
    if whole not in THRESHOLDS.values() or loss <= whole:
        return points(loss, sign=False)
    text = f"{loss:.1f}"
    if float(text) > whole:
        return f"{text} points"
    return f"just over {points(whole, sign=False)}"


@dataclass(frozen=True)
class Verdict:
    """One decision rated: what was done, the best action, the expected loss
    in points, the rating on the published scale and the reason in words.
    ``where`` says where in the hand (``"bid"``, ``"trick 3"``).

    >>> from spadeslib import Hand
    >>> from spadeslib.coach import Coach
    >>> hand = Hand(seed=4, dealer="W"); hand.apply("look")  # North to bid
    >>> v = Coach("rule", seed=1, samples=4).advise(hand).rate(1)  # bid 1
    >>> v.where, v.best, round(v.loss), round(v.rated), v.rating  # less the noise
    ('bid', Bid(3), 23, 10, 'inaccuracy')
    """

    action: Action
    best: Action
    loss: float
    rating: str
    text: str
    where: str = ""
    loss_ci: tuple[float, float] = (0.0, 0.0)
    """95% interval of the loss (paired over the same worlds)."""
    exact: bool = False
    rated: float = math.nan
    """The loss the rating reads: :attr:`loss` less the deals' noise
    (:func:`rated_loss`), or the most an action of the same decision that
    loses no more reads (:func:`rated_losses`); a verdict made without it
    reads :attr:`loss`."""

    def __post_init__(self) -> None:
        if math.isnan(self.rated):
            object.__setattr__(self, "rated", self.loss)

    def __str__(self) -> str:
        head = f"{self.where}: " if self.where else ""
        return f"{head}{self.rating} - {self.text}"
