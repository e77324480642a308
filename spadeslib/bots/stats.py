"""Small statistics for matches: Student's t quantiles, confidence
intervals of a mean, latency percentiles.

>>> t_interval([1.0, 2.0, 3.0])[0]
2.0
"""

from __future__ import annotations

import math
import statistics

__all__ = ["latency", "quantile", "t_interval", "t_quantile"]


#: two-sided 95% quantiles of Student's t for 1 to 30 degrees of freedom
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile: a table for ``p = 0.975`` up to 30 degrees of
    freedom, else the Cornish-Fisher expansion (within 0.001 from 30 on).

    >>> t_quantile(0.975, 1), round(t_quantile(0.975, 40), 3)
    (12.706, 2.021)
    """
    if df <= 0:
        return float("inf")
    if p == 0.975 and df <= len(_T975):
        return _T975[df - 1]
    z = statistics.NormalDist().inv_cdf(p)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def latency(seconds: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum of decision times, in ms.

    >>> latency([0.001, 0.002, 0.003])["p50"]
    2.0
    """
    if not seconds:
        return {"p50": float("nan"), "p95": float("nan"), "max": float("nan")}
    ms = [1000 * s for s in seconds]
    return {"p50": quantile(ms, 0.5), "p95": quantile(ms, 0.95), "max": max(ms)}


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values``, linear between the two nearest
    (NaN for no values).

    >>> quantile([1.0, 2.0, 3.0, 4.0], 0.5), quantile([5.0], 0.95)
    (2.5, 5.0)
    """
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def t_interval(values: list[float]) -> tuple[float, float, float]:
    """Mean of ``values`` and its 95% confidence interval (Student's t).

    >>> mean, low, high = t_interval([10.0, 12.0, 11.0, 13.0, 9.0])
    >>> mean, round(low, 2), round(high, 2)
    (11.0, 9.04, 12.96)
    >>> t_interval([4.0])  # one value: a mean, but no interval
    (4.0, nan, nan)
    """
    n = len(values)
    if n == 0:
        return (float("nan"),) * 3
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan"), float("nan")
    half = t_quantile(0.975, n - 1) * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half
