"""The review of a hand for one seat: :class:`Review`, one verdict per
decision, with the points lost to each rating."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..display import plural
from ..hand import Hand
from ..seats import Seat
from .explain import describe
from .ratings import RATINGS, Verdict

__all__ = ["Review"]


@dataclass
class Review:
    """A hand reviewed for one seat: one verdict per decision, in order.

    >>> from spadeslib import Hand
    >>> from spadeslib.coach import Coach
    >>> hand = Hand(seed=4, dealer="W"); hand.apply("look"); hand.apply(1)
    >>> review = Coach("rule", seed=1, samples=4).review(hand, "N")
    >>> print(review)  # the look and the bid of 1, rated
    Hand 1, North: 2 decisions rated by the coach (1 best, 1 inaccuracy; 0
    forced). About 10 points lost in all, less the noise of the deals: 10 to
    an inaccuracy.
      bid: inaccuracy, -23. You bid 1. Best: bid 3, about 23 points better ...
    """

    hand: Hand
    seat: Seat
    level: str
    verdicts: list[Verdict]
    forced: int = 0
    """Decisions with a single legal choice (not rated)."""
    positions: list[int] = field(default_factory=list)
    """For each verdict, how many actions of the hand came before it."""
    unrated: list[tuple[int, Verdict]] = field(default_factory=list)
    """Decisions the coach leaves to the textbook (not rated), each
    with how many actions came before it and its ``"unmeasured"`` verdict
    (what was done, the book's choice)."""
    made_for: int = 0
    """Decisions made for the seat, not by it (a table's move timer): not
    rated, so that no one is blamed for them."""

    @property
    def unmeasured(self) -> int:
        """How many decisions the coach left to the book."""
        return len(self.unrated)

    @property
    def points_lost(self) -> dict[str, float]:
        """Expected points lost, summed by rating."""
        out = dict.fromkeys(RATINGS, 0.0)
        for v in self.verdicts:
            out[v.rating] += v.loss
        return out

    @property
    def counted_loss(self) -> dict[str, float]:
        """Points lost by the scale, summed by rating but "best": each loss as
        its rating reads it (less the noise of the deals, ``v.rated``), and a
        best decision, within a point of the best, as nothing (the summary's
        and the table's totals add these up)."""
        out = {r: 0.0 for r in RATINGS if r != "best"}
        for v in self.verdicts:
            if v.rating in out:
                out[v.rating] += v.rated
        return out

    @property
    def counts(self) -> dict[str, int]:
        """How many decisions got each rating."""
        out = dict.fromkeys(RATINGS, 0)
        for v in self.verdicts:
            out[v.rating] += 1
        return out

    def __iter__(self) -> Iterator[Verdict]:
        """The verdicts, in the order of the decisions."""
        return iter(self.verdicts)

    def __len__(self) -> int:
        return len(self.verdicts)

    @property
    def off_book(self) -> list[str]:
        """The decisions left to the book (not measured) where the seat did
        not do as the book does, each in words: ``"bid Blind Nil, where the
        textbook would draw your cards"``."""
        players = self.hand.rules.players
        return [
            f"{describe(v.action, players)}, where the textbook would "
            f"{describe(v.best, players)}"
            for _, v in self.unrated
            if v.action != v.best
        ]

    @property
    def summary(self) -> str:
        """The hand in a few lines: counts, points lost, the worst decisions
        (a property, as on the table's review)."""
        counts = self.counts
        # whole points per rating, so that the parts shown add up to the total
        lost = {r: round(v) for r, v in self.counted_loss.items()}
        total = sum(lost.values())
        parts = [
            f"{counts[r]} {_PLURAL[r] if counts[r] > 1 and r in _COUNTED else r}"
            for r in RATINGS
            if counts[r]
        ]
        off = self.off_book
        lines = [
            f"Hand {self.hand.number}, {self.seat.full}: "
            f"{plural(len(self.verdicts), 'decision')} rated by the coach "
            f"({', '.join(parts) or 'none'}; "
            f"{self.forced} forced"
            + (f", {self.unmeasured} not measured" if self.unmeasured else "")
            + (f", {self.made_for} made by the timer" if self.made_for else "")
            + ")."
            + (
                f" About {total} points lost in all, less the noise of the deals: "
                + ", ".join(
                    f"{lost[r]} to {_lost_to(r, counts[r])}" for r in lost if lost[r]
                )
                + "."
                if total
                else " No points lost" + (" in the decisions rated." if off else ".")
            )
            + (f" Not measured, off the textbook: {'; '.join(off)}." if off else "")
        ]
        flagged = [v for v in self.verdicts if v.rating in _COUNTED]
        worst = sorted(flagged, key=lambda v: (RATINGS.index(v.rating), v.rated))
        for v in reversed(worst[-3:]):
            lines.append(f"  {v.where}: {v.rating}, -{v.loss:.0f}. {v.text}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary


#: ratings counted as nouns ("2 mistakes"; "2 best" stays as it is)
_COUNTED = frozenset({"inaccuracy", "mistake", "blunder"})
_PLURAL = {
    "best": "best choices",
    "good": "good choices",
    "inaccuracy": "inaccuracies",
    "mistake": "mistakes",
    "blunder": "blunders",
}


def _lost_to(rating: str, count: int) -> str:
    """What the summary says points were lost to: one or more of a rating,
    a good choice by the rating its rows show, with what the scale calls it
    (a close call).

    >>> _lost_to("mistake", 1), _lost_to("inaccuracy", 1), _lost_to("good", 3)
    ('a mistake', 'an inaccuracy', 'good choices (close calls)')
    """
    if rating == "good":
        return (
            "a good choice (a close call)"
            if count == 1
            else "good choices (close calls)"
        )
    if count == 1:
        return ("an " if rating[0] in "aeiou" else "a ") + rating
    return _PLURAL[rating]
