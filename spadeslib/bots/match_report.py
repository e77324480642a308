"""What a duplicate match reports: each deal's points, each level's counts
(contracts, nils, bags, blunders, points lost to exact play) and decision
times, with the margin's confidence interval (see :mod:`.match`).

>>> report = MatchReport("rule", "novice", "cards4net", 0, 2)
>>> report.results.append(DealResult(0, "W", 130, 90, ({}, {}), ({}, {})))
>>> report.results.append(DealResult(1, "N", 100, 80, ({}, {}), ({}, {})))
>>> report.diffs, report.mean
([20.0, 10.0], 15.0)
"""

from __future__ import annotations

import math
import statistics
from dataclasses import asdict, dataclass, field
from typing import Any

from ..display import plural
from ..errors import SpadesError
from .stats import latency, t_interval, t_quantile

__all__ = ["PARTS", "BotStats", "DealResult", "MatchReport"]

#: where a side's bag-adjusted points come from: its contract (made or set,
#: blind seven included), its nils (and blind nils), and its overtricks and
#: bags (+1 each as scored, -10 each for the bag; nil tricks counted as bags)
PARTS = ("contract", "nil", "bags")


@dataclass
class BotStats:
    """What one level did over a match (counted per side and hand).

    >>> stats = BotStats(hands=2, contracts=2, made=1, set=1, bags=3)
    >>> stats.add(BotStats(hands=2, contracts=2, made=2, bags=1, overtakes=1))
    >>> stats.made_rate, stats.bags_per_hand, stats.blunders, BotStats().made_rate
    (0.75, 1.0, 1, nan)
    """

    hands: int = 0
    points: int = 0
    contracts: int = 0
    made: int = 0
    set: int = 0
    nils: int = 0
    nils_made: int = 0
    blind_nils: int = 0
    blind_nils_made: int = 0
    bags: int = 0
    tricks: int = 0
    overtakes: int = 0
    uncovered: int = 0
    exact_loss: float = 0.0
    """Points lost against exact analysis in the final tricks (summed)."""
    exact_decisions: int = 0
    """Card decisions checked against exact analysis."""
    filters_blunders: bool = False
    """The level never tries the moves counted as blunders."""
    wall: list[float] = field(default_factory=list, compare=False, repr=False)
    """Seconds (wall clock) of each decision with more than one legal action."""
    cpu: list[float] = field(default_factory=list, compare=False, repr=False)
    """Process CPU seconds of the same decisions."""

    @property
    def made_rate(self) -> float:
        """Share of contracts (team contracts above 0) made."""
        return self.made / self.contracts if self.contracts else float("nan")

    @property
    def set_rate(self) -> float:
        """Share of contracts set."""
        return self.set / self.contracts if self.contracts else float("nan")

    @property
    def nil_rate(self) -> float:
        """Share of nil bids (not blind) made."""
        return self.nils_made / self.nils if self.nils else float("nan")

    @property
    def blind_nil_rate(self) -> float:
        """Share of blind nil bids made."""
        return (
            self.blind_nils_made / self.blind_nils if self.blind_nils else float("nan")
        )

    @property
    def bags_per_hand(self) -> float:
        """Bags taken per hand played."""
        return self.bags / self.hands if self.hands else float("nan")

    @property
    def blunders(self) -> int:
        """Overtakes of a partner's sure winner plus uncovered partner nils."""
        return self.overtakes + self.uncovered

    def add(self, other: BotStats) -> None:
        """Add another count into this one."""
        for name in self.__dataclass_fields__:
            if name == "filters_blunders":
                self.filters_blunders = self.filters_blunders or other.filters_blunders
                continue
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def blunder_text(self, deals: int) -> str:
        """The blunder count in words (never a bare 0 for a filtering level)."""
        if self.filters_blunders:
            return (
                f"blunders {self.blunders} (excluded by construction: this level "
                "never tries those moves)"
            )
        return (
            f"blunders {self.blunders} ({self.overtakes} overtakes, {self.uncovered} "
            f"uncovered nils; {100 * self.blunders / max(1, deals):.2f} per 100 deals)"
        )


@dataclass
class DealResult:
    """One deal played twice. ``points_a``/``points_b`` are each level's
    bag-adjusted points summed over its two plays.

    >>> from spadeslib.bots.match import duplicate_match
    >>> deal = duplicate_match("rule", "novice", deals=1, seed=1).results[0]
    >>> deal.bids  # rule sits North-South in the first play, East-West next
    ({'N': '3', 'E': '1', 'S': '1', 'W': '3'}, {'N': '2', 'E': '1', 'S': '2', 'W': '5'})
    >>> deal.points_a, deal.points_b, deal.diff, deal.parts_a
    (55, -36, 45.5, {'contract': 105, 'nil': 0, 'bags': -50})
    """

    deal: int
    dealer: str
    points_a: int
    points_b: int
    bids: tuple[dict[str, str], dict[str, str]]
    tricks: tuple[dict[str, int], dict[str, int]]
    loss_a: float = 0.0
    """Points ``a`` lost against exact analysis (final tricks, both plays)."""
    loss_b: float = 0.0
    parts_a: dict[str, int] = field(default_factory=dict)
    """``a``'s points over both plays by source (:data:`PARTS`); they sum to
    ``points_a``."""
    parts_b: dict[str, int] = field(default_factory=dict)

    @property
    def diff(self) -> float:
        """``a`` minus ``b`` per deal (half the two-play difference)."""
        return (self.points_a - self.points_b) / 2


@dataclass
class MatchReport:
    """The result of :func:`duplicate_match`; plot from :attr:`diffs` or
    :attr:`results`.

    >>> from spadeslib.bots.match import duplicate_match
    >>> report = duplicate_match("rule", "novice", deals=2, seed=1)
    >>> report.diffs, report.mean, report.per_deal("rule") - report.per_deal("novice")
    ([45.5, 17.0], 31.25, 31.25)
    >>> print(report.line())  # a 95% CI this wide needs more than 2 deals
    rule - novice: +31.2 [-149.8, +212.3] per deal over 2 deals (... s)
    """

    a: str
    b: str
    rules: str
    seed: Any
    deals: int
    results: list[DealResult] = field(default_factory=list)
    stats: dict[str, BotStats] = field(default_factory=dict)
    seconds: float = 0.0
    decisions: int = 0
    check_tricks: int = 0
    """Final tricks of every hand checked against exact analysis."""

    @property
    def diffs(self) -> list[float]:
        """Per-deal differences, ``a`` minus ``b``."""
        return [r.diff for r in self.results]

    @property
    def mean(self) -> float:
        """Mean bag-adjusted points per deal, ``a`` minus ``b``."""
        d = self.diffs
        return sum(d) / len(d) if d else float("nan")

    @property
    def stderr(self) -> float:
        """Standard error of :attr:`mean`."""
        d = self.diffs
        if len(d) < 2:
            return float("nan")
        return statistics.stdev(d) / math.sqrt(len(d))

    @property
    def ci(self) -> tuple[float, float]:
        """95% confidence interval of :attr:`mean` (Student's t)."""
        n = len(self.results)
        if n < 2:
            return (float("nan"), float("nan"))
        half = t_quantile(0.975, n - 1) * self.stderr
        return (self.mean - half, self.mean + half)

    def _ci_text(self) -> str:
        low, high = self.ci
        if math.isnan(low):
            return "no 95% CI (it needs at least 2 deals)"
        return f"95% CI [{low:+.1f}, {high:+.1f}]"

    def line(self) -> str:
        """One line: the margin per deal with its 95% CI and the time taken.

        >>> MatchReport("search", "rule", "cards4net", 0, 2).line()
        'search - rule: no deal played'
        """
        if not self.results:
            return f"{self.a} - {self.b}: no deal played"
        low, high = self.ci
        took = (
            f"{self.seconds:.0f} s"
            if self.seconds < 120
            else f"{self.seconds / 60:.0f} min"
        )
        return (
            f"{self.a} - {self.b}: {self.mean:+.1f} [{low:+.1f}, {high:+.1f}] "
            f"per deal over {len(self.results)} deals ({took})"
        )

    def per_deal(self, level: str) -> float:
        """Mean points per deal of one level (``"a"`` or ``"b"``, or its name)."""
        key = self._side(level)
        total = sum(r.points_a if key == "a" else r.points_b for r in self.results)
        return total / 2 / len(self.results) if self.results else float("nan")

    def exact_loss(self, level: str) -> tuple[float, float, float]:
        """Points per deal (one play of the hand) that a level's card play lost
        against exact analysis in the final tricks: mean and 95% CI."""
        key = self._side(level)
        per = [(r.loss_a if key == "a" else r.loss_b) / 2 for r in self.results]
        return t_interval(per)

    def _side(self, level: str) -> str:
        """``"a"`` or ``"b"`` for a side named by its letter or its level;
        a level on both sides, or on neither, is refused.

        >>> from spadeslib.bots.match import duplicate_match
        >>> report = duplicate_match("rule", "rule", deals=1, seed=1)
        >>> report.per_deal("a") == report.per_deal("b")
        True
        >>> report.per_deal("rule")
        Traceback (most recent call last):
        ...
        spadeslib.errors.SpadesError: both sides are 'rule': name the side, 'a' or 'b'
        """
        if level in ("a", "b"):
            return level
        if self.a == self.b == level:
            raise SpadesError(f"both sides are {level!r}: name the side, 'a' or 'b'")
        if level not in (self.a, self.b):
            raise SpadesError(
                f"{level!r} did not play in this match: name 'a' ({self.a}) or "
                f"'b' ({self.b})"
            )
        return "a" if level == self.a else "b"

    def dump(self) -> dict[str, Any]:
        """Everything, every deal and every decision's time included, as
        JSON-ready data that :meth:`load` reads back.

        >>> from spadeslib.bots.match import duplicate_match
        >>> report = duplicate_match("rule", "random", deals=1, seed=1)
        >>> MatchReport.load(report.dump()) == report
        True
        """
        return asdict(self)

    @classmethod
    def load(cls, data: dict[str, Any]) -> MatchReport:
        """The report :meth:`dump` wrote (after a JSON round trip too)."""
        fields = dict(data)
        fields["results"] = [
            DealResult(**{**r, "bids": tuple(r["bids"]), "tricks": tuple(r["tricks"])})
            for r in data["results"]
        ]
        fields["stats"] = {k: BotStats(**v) for k, v in data["stats"].items()}
        return cls(**fields)

    def breakdown(self) -> dict[str, tuple[float, float, float]]:
        """Where the margin comes from: for each of :data:`PARTS`, ``a``
        minus ``b`` per deal with its 95% CI (the means add up to
        :attr:`mean`). Empty for a report saved before parts were kept."""
        if not self.results or not all(r.parts_a for r in self.results):
            return {}
        return {
            part: t_interval(
                [(r.parts_a[part] - r.parts_b[part]) / 2 for r in self.results]
            )
            for part in PARTS
        }

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain JSON-ready data."""
        low, high = self.ci
        out: dict[str, Any] = {
            "a": self.a,
            "b": self.b,
            "rules": self.rules,
            "seed": self.seed,
            "deals": self.deals,
            "mean_diff": self.mean,
            "ci95": [low, high],
            "points_per_deal": {"a": self.per_deal("a"), "b": self.per_deal("b")},
            "seconds": self.seconds,
            "decisions": self.decisions,
            "stats": {},
            "diffs": self.diffs,
            "breakdown": {k: list(v) for k, v in self.breakdown().items()},
        }
        for key, st in self.stats.items():
            data = asdict(st)
            del data["wall"], data["cpu"]
            data.update(
                ms_per_decision=latency(st.wall),
                cpu_ms_per_decision=latency(st.cpu),
                made_rate=st.made_rate,
                set_rate=st.set_rate,
                nil_rate=st.nil_rate,
                blind_nil_rate=st.blind_nil_rate,
                bags_per_hand=st.bags_per_hand,
                blunders=st.blunders,
                blunders_per_100_deals=100 * st.blunders / max(1, self.deals),
                exact_loss_per_deal=list(self.exact_loss(key)),
            )
            out["stats"][key] = data
        return out

    def text(self) -> str:
        """A readable summary."""
        lines = [
            f"duplicate match {self.a} vs {self.b}, {self.rules}, "
            f"{plural(self.deals, 'deal')} "
            f"(each played twice), seed {self.seed}",
            f"  {self.a} - {self.b}: {self.mean:+.1f} bag-adjusted points per deal, "
            f"{self._ci_text()}",
        ]
        parts = self.breakdown()
        if parts:
            lines.append(
                "  from: "
                + "; ".join(
                    f"{part} {m:+.1f}"
                    + ("" if math.isnan(lo) else f" [{lo:+.1f}, {hi:+.1f}]")
                    for part, (m, lo, hi) in parts.items()
                )
            )
        # one column for both levels, however long their names
        width = max(16, len(f"{self.a} (a)"), len(f"{self.b} (b)"))
        for key, name in (("a", self.a), ("b", self.b)):
            st = self.stats[key]
            label = f"{name} ({key})"
            nil = (
                f"nil {st.nils_made}/{st.nils} ({_pct(st.nil_rate)})"
                if st.nils
                else "nil 0/0"
            )
            blind = (
                f", blind nil {st.blind_nils_made}/{st.blind_nils}"
                if st.blind_nils
                else ""
            )
            lines.append(
                f"  {label:<{width}} {self.per_deal(key):+7.1f} pts/deal; "
                f"contracts made {_pct(st.made_rate)}, set {_pct(st.set_rate)}; "
                f"{nil}{blind}; "
                f"bags/hand {st.bags_per_hand:.2f}; {st.blunder_text(self.deals)}"
            )
            if st.exact_decisions:
                mean, low_, high_ = self.exact_loss(key)
                lines.append(
                    f"  {label:<{width}} lost to exact analysis in the last "
                    f"{self.check_tricks} tricks: "
                    f"{mean:.1f} points per deal [{low_:.1f}, {high_:.1f}] "
                    f"({st.exact_decisions} cards checked)"
                )
        if self.decisions:
            lines.append(
                f"  {self.decisions} decisions in {self.seconds:.1f} s "
                f"({1000 * self.seconds / self.decisions:.2f} ms per decision)"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.1f}%"
