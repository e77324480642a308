"""A value estimated over sampled worlds: its mean and 95% interval, in
bag-adjusted points of margin (the unit of every study and of the coach).

>>> mean_ci([1.0, 2.0, 3.0]).mean, mean_ci([5.0, 5.0]).exact
(2.0, True)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import SpadesError

__all__ = ["Estimate", "mean_ci", "standard_error"]


@dataclass(frozen=True)
class Estimate:
    """The value of one action in bag-adjusted points of margin for the
    seat's side, with a 95% confidence interval (``low``, ``high``); an
    ``exact`` value has ``low == mean == high``: every deal gave the same
    value (solved with every card known, or sampled deals that agree).

    >>> Estimate(12.0, 8.5, 15.5, False)
    Estimate(mean=12.0, low=8.5, high=15.5, exact=False)
    >>> print(Estimate(12.0, 8.5, 15.5), Estimate(-4.0, -4.0, -4.0, True))
    +12.0 [+8.5, +15.5] -4 (the same in every deal)
    """

    mean: float
    low: float
    high: float
    exact: bool = False

    def __str__(self) -> str:
        if self.exact:
            return f"{self.mean:+.0f} (the same in every deal)"
        return f"{self.mean:+.1f} [{self.low:+.1f}, {self.high:+.1f}]"


def mean_ci(values: Sequence[float]) -> Estimate:
    """Mean of sampled values with a 95% normal-approximation interval
    (``exact`` when every value is the same, as when only one world fits).

    >>> mean_ci([1.0, 2.0, 3.0]).mean, mean_ci([5.0, 5.0]).exact
    (2.0, True)
    """
    n = len(values)
    if n == 0:
        raise SpadesError("no values to estimate from")
    mean = sum(values) / n
    if n == 1 or max(values) == min(values):
        return Estimate(mean, mean, mean, n > 1 or max(values) == min(values))
    half = 1.96 * statistics.stdev(values) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, False)


def standard_error(diffs: Sequence[float]) -> float:
    """The standard error of the mean of ``diffs`` (0 for fewer than two):
    how far a paired difference between two actions may be off.

    >>> round(standard_error([1.0, 3.0, 5.0]), 3), standard_error([4.0])
    (1.155, 0.0)
    """
    if len(diffs) < 2:
        return 0.0
    return statistics.stdev(diffs) / math.sqrt(len(diffs))
