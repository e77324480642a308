"""A match paired by deal with an earlier one: did a change of level help?

Two duplicate matches on the same deals against the same opponent (``spades
match A B --seed S --deals N --json > before.json``, then ``spades match A2
B --seed S --deals N --paired-with before.json``) differ only where ``A2``
decides otherwise than ``A``: the difference of their margins, deal by deal,
has a far narrower interval than either margin. That is how a variant of a
level is measured (docs/coach.md's tables of variants).

>>> from spadeslib.bots.match import duplicate_match
>>> before = duplicate_match("rule", "random", deals=3, seed=1).to_dict()
>>> now = duplicate_match("novice", "random", deals=3, seed=1)
>>> paired = pair_with(now.to_dict(), before)
>>> paired.deals, round(paired.mean, 3) == round(now.mean - before["mean_diff"], 3)
(3, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import SpadesError
from .match import level_label
from .stats import t_interval

__all__ = ["SAME", "Paired", "check_pairable", "pair_with"]

#: what two reports must share to be paired by deal
SAME = ("rules", "seed", "deals", "b", "b_options")


@dataclass(frozen=True)
class Paired:
    """This match's margin minus the earlier one's, deal by deal."""

    earlier: str
    """The earlier match's first level (with its options)."""
    deals: int
    mean: float
    low: float
    high: float
    differ: int
    """Deals whose margin changed."""

    def line(self) -> str:
        """One line for the report."""
        return (
            f"  paired by deal with {self.earlier}: {self.mean:+.1f} per deal, "
            f"95% CI [{self.low:+.1f}, {self.high:+.1f}] ({self.differ} of "
            f"{self.deals} deals differ)"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "with": self.earlier,
            "mean": self.mean,
            "ci95": [self.low, self.high],
            "differ": self.differ,
        }


def check_pairable(match: Mapping[str, Any], earlier: Mapping[str, Any]) -> None:
    """Refuse ``earlier`` unless it played the deals ``match`` plays (the
    keys of :data:`SAME`, as ``spades match --json`` writes them) against
    the same second level: checked before a match is played, and after."""
    for key in SAME:
        mine, theirs = match.get(key), earlier.get(key)
        if key == "seed":  # a seed given as 5 or "5" deals the same
            mine, theirs = str(mine), str(theirs)
        if (mine or None) != (theirs or None):
            raise SpadesError(
                f"the earlier match cannot be paired with this one: its {key} is "
                f"{theirs!r}, this one's {mine!r} (pair matches of the same "
                "rules, seed and deals against the same second level)"
            )


def pair_with(report: Mapping[str, Any], earlier: Mapping[str, Any]) -> Paired:
    """``report`` (``MatchReport.to_dict()``, with ``a_options`` and
    ``b_options`` as ``spades match --json`` writes them) paired by deal
    with ``earlier`` (the same, from another run): refused unless both
    played the same deals against the same opponent."""
    check_pairable(report, earlier)
    now, then = report.get("diffs"), earlier.get("diffs")
    if not isinstance(then, list) or not all(isinstance(x, int | float) for x in then):
        raise SpadesError(
            "the earlier match holds no per-deal margins ('diffs'): write it "
            "with spades match --json"
        )
    assert isinstance(now, list)
    if len(now) != len(then):
        raise SpadesError(
            f"the earlier match has {len(then)} deals' margins, this one {len(now)}"
        )
    deltas = [float(x) - float(y) for x, y in zip(now, then, strict=True)]
    mean, low, high = t_interval(deltas)
    return Paired(
        level_label(str(earlier.get("a")), earlier.get("a_options") or {}),
        len(deltas),
        mean,
        low,
        high,
        sum(1 for d in deltas if d != 0),
    )
