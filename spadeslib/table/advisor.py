"""One adviser for the table: the hint, the hand estimate and the review.

The table asks for advice in three places: *Hint* (what would a strong
player do now, and why), *How good is my hand?* during bidding (expected
tricks and a suggested bid), and the review of a finished hand (per
decision: your choice, the best one, what it cost). All three go through
:class:`Advisor`, so the hint and the review never disagree about what
"best" means: one :class:`~spadeslib.coach.Coach` answers all three, and
its analysis of a decision (seeded by the decision, see
:func:`~spadeslib.coach.decision_key`) is computed once and shared by the
hint, the estimate and the review.

With ``ahead=True`` the advisor starts on the learner's decision as soon as
it is the learner's turn (:meth:`Advisor.foresee`), in one background
thread that touches nothing but the coach's own copy (:class:`Foresight`):
the hint is then ready when asked, and the review at the end of the hand,
which needs the same analysis of every decision, reuses it. The analysis
is the same whether computed ahead or when asked: seeded by the decision,
never by the thread or the order of calls.

>>> from spadeslib import Hand
>>> hand = Hand(seed=3, dealer="W")
>>> hand.apply("look")  # North, the first bidder, declines a blind nil
>>> advisor = Advisor("rule", seed=1)
>>> tip = advisor.hint(hand.view(hand.turn))
>>> tip.action in hand.legal_actions(), tip.reason.startswith("On average")
(True, True)
>>> estimate = advisor.estimate(hand.view(hand.turn))
>>> 0 <= estimate.tricks <= 13, estimate.bid in hand.legal_actions()
(True, True)
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, Bid
from ..bots import Suggestion
from ..bots.studies.bids import BidStudy
from ..coach import LEVELS, NOISE_SHOWN, Advice, Coach, decision_key
from ..coach.explain import describe, points
from ..coach.ratings import Verdict, loss_points
from ..display import cards_text
from ..errors import SpadesError
from ..hand import Hand, Phase
from ..names import name_key
from ..seats import Seat
from ..view import PlayerView
from .bid_reasons import BidReason, bids_note, bids_title
from .words import bid_ruled

__all__ = [
    "Advisor",
    "Foresight",
    "HandEstimate",
    "ReviewRow",
    "TableReview",
    "check_coach_level",
    "lost_figures",
]

NOISE_WORDS = (
    'Where a row says "less the noise", its rating reads that figure: the '
    "average loss less what chance in the coach's sampled deals of the unseen "
    "cards could account for."
)
"""What a review at the table adds when a row gives the figure its rating
reads (``ReviewRow.rated``)."""


@dataclass(frozen=True)
class HandEstimate:
    """What a hand is worth before bidding: expected tricks, a suggested bid."""

    tricks: float
    bid: Action
    text: str


def _noisy(verdict: Verdict) -> bool:
    """Whether ``verdict``'s row gives the loss its rating reads, less the
    noise of the deals, beside the average (a best choice's does not)."""
    return verdict.rating != "best" and verdict.loss - verdict.rated >= NOISE_SHOWN


def lost_figures(verdict: Verdict) -> tuple[str, str | None]:
    """The points ``verdict`` loses as its text says them, without the unit:
    the average and, where the text gives it, the figure the rating reads
    (less the noise of the deals), each rounded by the helper that words it
    (:func:`~spadeslib.coach.explain.points`, whole points, or
    :func:`~spadeslib.coach.ratings.loss_points`, to a tenth where whole
    points would land on a bound of the scale from above), so that the
    review's column and its text agree: a loss of 24.46 is "24", as its text
    says "about 24 points", never "24.5".

    >>> from spadeslib import Card
    >>> def rated(loss, rating, less):
    ...     return Verdict(Card.parse("2C"), Card.parse("AC"), loss, rating, "",
    ...                    "trick 1", rated=less)
    >>> lost_figures(rated(24.46, "mistake", 24.46))
    ('24', None)
    >>> lost_figures(rated(24.46, "mistake", 15.38))  # noise taken off
    ('24', '15.4')
    >>> lost_figures(rated(15.38, "mistake", 15.38))  # a bound: to a tenth
    ('15.4', None)
    >>> lost_figures(rated(1.02, "good", 1.02))  # even the tenth lands on it
    ('just over 1', None)

    A choice rated best gives no figure less the noise: its text says the
    difference is too small for the deals to tell apart, whatever the noise.

    >>> lost_figures(rated(4.6, "best", 0.4))
    ('5', None)
    """
    noisy = _noisy(verdict)
    if noisy or verdict.rating == "best":  # as the verdict words them
        loss = points(verdict.loss, sign=False)
    else:
        loss = loss_points(verdict.loss)
    rated = loss_points(verdict.rated) if noisy else None
    return loss.rsplit(" ", 1)[0], None if rated is None else rated.rsplit(" ", 1)[0]


@dataclass(frozen=True)
class ReviewRow:
    """One reviewed decision."""

    when: str
    """``"bidding"`` or ``"trick 3"``."""
    yours: str
    best: str
    loss: float | None
    """Expected points lost against the best choice (``None``: not measured)."""
    rating: str
    """``"best"``, ``"good"``, ``"inaccuracy"``, ``"mistake"``, ``"blunder"``,
    or ``"unmeasured"`` (a decision the coach leaves to the book: no loss)."""
    text: str
    rated: float | None = None
    """The loss the rating reads, :attr:`loss` less the noise of the coach's
    deals, where it differs (``None``: the rating reads :attr:`loss`, or the
    decision is not rated by the coach)."""
    lost: str = ""
    """:attr:`loss` as :attr:`text` says it, without its unit (``"24"``, not
    the 24.5 it rounds to a tenth; :func:`lost_figures`): the review's
    column."""
    lost_rated: str | None = None
    """:attr:`rated` as :attr:`text` says it, where it gives it."""

    @property
    def best_label(self) -> str:
        """The best column in words: ``"A♥"``, or ``"A♥ (yours is as good)"``
        when the learner's choice is rated best without being the coach's.

        >>> ReviewRow("trick 2", "9♥", "A♥", 0.0, "best", "").best_label
        'A♥ (yours is as good)'
        """
        if self.rating == "best" and self.yours != self.best:
            return f"{self.best} (yours is as good)"
        return self.best


@dataclass
class TableReview:
    """A finished hand's review, ready for the table."""

    number: int
    level: str
    rows: list[ReviewRow]
    summary: str
    points_lost: float | None
    counts: dict[str, int] = field(default_factory=dict)
    source: Any = None
    """The coach's or the bot review's own object, for notebook users."""
    bids: list[BidReason] = field(default_factory=list)
    """Why the others bid: each bot's bid with the textbook's reason and its
    cards (:func:`~spadeslib.table.bid_reasons.bid_reasons`), in bidding
    order; the table fills it in, knowing the bots' levels."""

    def __iter__(self) -> Iterator[ReviewRow]:
        """The rows, in the order of the decisions."""
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __str__(self) -> str:
        text = str(self.source) if self.source is not None else self.summary
        if not self.bids:
            return text
        lines = [
            f"{r.text} {r.seat.full}'s cards: {cards_text(r.cards)}."
            if r.cards
            else r.text
            for r in self.bids
        ]
        players = len(self.bids) + 1  # the others' bids and the learner's
        return "\n".join(
            [
                text,
                "",
                f"{bids_title(players)}. {bids_note(players, self.bids)}",
                *lines,
            ]
        )


def check_coach_level(level: Any) -> str:
    """The coach level ``level`` names, read as :class:`~spadeslib.coach.Coach`
    reads it (:func:`~spadeslib.names.name_key`), else :class:`SpadesError`
    in one line.

    >>> check_coach_level(" Search "), check_coach_level("search_lite")
    ('search', 'search-lite')
    >>> check_coach_level("serach")
    Traceback (most recent call last):
    spadeslib.errors.SpadesError: unknown coach level 'serach': choose from
    novice, rule, search-lite, search, expert

    The table's coach takes a level alone: its budget is the level's.

    >>> check_coach_level("search:16")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    spadeslib.errors.SpadesError: unknown coach level 'search:16': choose from
    novice, ... (the table's coach takes a level without a budget)
    """
    if not isinstance(level, str):
        raise SpadesError(f"a coach level is a name such as 'rule', not {level!r}")
    key = name_key(level)
    if key not in LEVELS:
        hint = (
            " (the table's coach takes a level without a budget)" if ":" in key else ""
        )
        raise SpadesError(
            f"unknown coach level {level!r}: choose from {', '.join(LEVELS)}" + hint
        )
    return key


KEEP = 256
"""Analyses kept per table (more decisions than a game to 500 has)."""


class Foresight:
    """Analyses of decisions computed ahead, one at a time, in a background
    thread with its own :class:`~spadeslib.coach.Coach` (same level and
    seed, so the same analysis as the table's coach computes).

    The thread runs only while there is work (none is left behind idle), the
    newest decision first (the one the learner faces now); it never touches
    the table, only this object's queue and results, under a lock.
    :meth:`take` hands a result to the table's thread, waiting for a
    decision being analysed, or taking back one not started yet (the table
    then analyses it at once itself). :meth:`close` drops the queue and the
    results, and a result still being computed is thrown away."""

    def __init__(self, level: str, seed: int | str) -> None:
        self.level = level
        self.seed = seed
        self._lock = threading.Condition()
        self._wanted: OrderedDict[str, PlayerView] = OrderedDict()
        self._running: str | None = None
        self._done: OrderedDict[str, Advice] = OrderedDict()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.computed = 0
        """Analyses the thread finished (for tests and measurements)."""

    def want(self, key: str, view: PlayerView) -> None:
        """Analyse the decision ``view`` (named ``key``) in the background."""
        with self._lock:
            if (
                self._closed
                or key in self._done
                or key in self._wanted
                or key == self._running
            ):
                return
            self._wanted[key] = view
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._work, name="spadeslib-coach-ahead", daemon=True
                )
                self._thread.start()

    def take(self, key: str) -> Advice | None:
        """The analysis of ``key`` if computed (waiting for it while it is
        being computed), else ``None``: the caller computes it."""
        with self._lock:
            while key == self._running:
                self._lock.wait()
            self._wanted.pop(key, None)
            return self._done.pop(key, None)

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until the thread has stopped (nothing left to analyse, or
        closed); ``False`` if it still runs after ``timeout`` seconds."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def close(self) -> None:
        """Forget every analysis and stop after the one being computed."""
        with self._lock:
            self._closed = True
            self._wanted.clear()
            self._done.clear()
            self._lock.notify_all()

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called (nothing more is analysed)."""
        return self._closed

    @property
    def running(self) -> bool:
        """Whether the background thread is alive."""
        with self._lock:
            return self._thread is not None

    def _work(self) -> None:
        try:
            coach = Coach(self.level, seed=self.seed)
            while True:
                with self._lock:
                    if self._closed or not self._wanted:
                        self._thread = None  # under the lock: want() sees it
                        self._lock.notify_all()
                        return
                    key, view = self._wanted.popitem(last=True)  # the newest first
                    self._running = key
                advice: Advice | None = None
                try:
                    advice = coach.advise(view)
                except Exception:  # the table asks again and shows the failure
                    advice = None
                finally:
                    with self._lock:
                        self._running = None
                        if advice is not None and not self._closed:
                            self._done[key] = advice
                            self.computed += 1
                            while len(self._done) > KEEP:
                                self._done.popitem(last=False)
                        self._lock.notify_all()
        finally:  # stopped by a failure: a later want() starts a new thread
            with self._lock:
                if self._thread is threading.current_thread():
                    self._thread = None
                self._lock.notify_all()


class _TableCoach(Coach):
    """The table's coach: its analysis of a decision is taken from a
    :class:`Foresight` when one computed it ahead (the coach itself shares
    one analysis between the hint, the estimate and the review)."""

    def __init__(
        self, level: str, seed: int | str, foresight: Foresight | None
    ) -> None:
        super().__init__(level, seed=seed, cache=KEEP)
        self.foresight = foresight

    def _advise(self, view: PlayerView) -> Advice:
        found = None
        if self.foresight is not None:
            found = self.foresight.take(decision_key(view))
        return found if found is not None else super()._advise(view)


class Advisor:
    """Hints, hand estimates and reviews from one level and seed.

    One :class:`~spadeslib.coach.Coach` serves all three (its analysis of a
    decision is computed once), so a hint and the review of the same
    decision agree. ``level`` is read by :func:`check_coach_level` (a level
    the coach does not know is refused). ``ahead``: analyse the learner's
    decisions in a background thread as soon as they are asked to
    :meth:`foresee` (the same analysis, sooner); :meth:`close` stops it."""

    def __init__(
        self, level: str = "rule", seed: int | str = 0, *, ahead: bool = False
    ) -> None:
        self.seed = seed
        self.level = check_coach_level(level)
        self.foresight = Foresight(self.level, seed) if ahead else None
        self._coach = _TableCoach(self.level, seed, self.foresight)

    # ------------------------------------------------------------- ahead
    def foresee(self, view: PlayerView) -> None:
        """Start on the decision ``view`` in the background (with ``ahead``;
        else nothing): a later hint, estimate or review of it takes the
        result instead of computing it."""
        if self.foresight is None or not view.legal or len(view.legal) == 1:
            return
        self.foresight.want(decision_key(view), view)

    def close(self) -> None:
        """Stop analysing ahead (a result being computed is thrown away)."""
        if self.foresight is not None:
            self.foresight.close()

    # ------------------------------------------------------------------ hint
    def hint(self, view: PlayerView) -> Suggestion:
        """What to do now from ``view``, and why: the coach's whole analysis
        (the reason), and its main point in one line (the brief; ``""`` when
        the analysis is that line)."""
        advice = self._coach.advise(view)
        reason, brief = advice.explain(head=False), advice.brief(head=False)
        return Suggestion(
            advice.best, reason, self.level, brief if brief != reason else ""
        )

    # -------------------------------------------------------------- estimate
    def estimate(self, view: PlayerView) -> HandEstimate:
        """Expected tricks of the hand in ``view`` and a suggested bid."""
        if view.holding is None:
            raise SpadesError("your cards are face down: look at them first")
        from ..bots.sim import deck_for
        from ..bots.valuation import evaluate

        deck = deck_for(view.rules)
        tricks = max(0.0, min(13.0, evaluate(deck, deck.mask(view.holding))))
        bid: Action = Bid(_counted(tricks))
        reason = ""
        advice = None
        if view.legal and view.phase is Phase.BIDDING:
            advice = self._coach.advise(view)
            bid = advice.best
            counted = _played_for_tricks(advice)
            if counted is not None:
                tricks = counted
            if advice.nil_pays is not None:
                reason = str(advice.nil_pays).rstrip(".") + "."
            if isinstance(bid, Bid) and bid.is_nil and advice.taken is not None:
                # the hand's tricks are the ones it takes playing for them;
                # ducking for the Nil it takes fewer (a learner read "About
                # 0.5 tricks in your hand" of a hand the book counts 1.6)
                reason = (
                    f"Playing for the {bid.label()} (ducking), you take "
                    f"{advice.taken:.1f} tricks on average. {reason}"
                )
        tricks = round(tricks, 1)  # as shown
        expect = _counted(tricks)
        number = bid.tricks if isinstance(bid, Bid) and not bid.is_nil else None
        ruled = bid_ruled(view)
        if ruled:
            # the rules decide the number: no advice on bidding under or over
            reason, number = f"{ruled} {reason}", None
        if number is not None and number == expect - 1:
            # one under: said, as the book says it (chapter 9 measures it)
            reason = (
                "A little under what you expect: a contract one trick short "
                "loses every point bid, a trick over costs only a bag. " + reason
            )
        elif number is not None and number < expect:
            # well under: the coach's deals say why (the partner's bid, the
            # contract), against the bid that counts the tricks (a player asked)
            near = Bid(expect)
            why = _against(advice, near)
            if why:
                reason = (
                    f"Under what you expect. Against bid {near.label()}: {why} "
                    + reason
                )
        elif number is not None and number > tricks:
            # why over the tricks shown: the coach's deals say so, against the
            # bid under what you expect (a learner asked)
            near = Bid(math.floor(tricks))
            why = _against(advice, near)
            if why:
                reason = (
                    f"Rounded up, not down. Against bid {near.label()}: {why} " + reason
                )
        expected = f"{tricks:.1f}".removesuffix(".0")
        text = (
            f"About {expected} tricks in your hand; suggested bid: "
            f"{describe(bid).removeprefix('bid ')}. {reason}"
        ).strip()
        return HandEstimate(round(tricks, 1), bid, text)

    # ---------------------------------------------------------------- review
    def review(
        self,
        hand: Hand,
        seat: Seat,
        made_for: Collection[tuple[int, Action]] = (),
    ) -> TableReview:
        """Each of ``seat``'s decisions in the finished ``hand``, rated, but
        those ``made_for`` it (the timer's: see :meth:`Coach.review
        <spadeslib.coach.Coach.review>`), which are counted."""
        review = self._coach.review(hand, seat, made_for=made_for)
        # decisions the coach leaves to the book get a row too, with no loss
        placed = [*zip(review.positions, review.verdicts, strict=True)]
        placed += review.unrated
        # a bid made face down is two decisions at one place: look, then bid
        placed.sort(key=lambda item: (item[0], item[1].where != "blind"))
        rows = [
            ReviewRow(
                v.where,
                describe(v.action, hand.rules.players),
                describe(v.best, hand.rules.players),
                None if v.rating == "unmeasured" else round(float(v.loss), 1),
                v.rating,
                v.text,
                # the figure the rating reads, where the text gives it too
                round(v.rated, 1) if _noisy(v) else None,
                *(("", None) if v.rating == "unmeasured" else lost_figures(v)),
            )
            for _, v in placed
        ]
        counts = {k: n for k, n in review.counts.items() if n}
        if review.forced:
            counts["forced"] = review.forced
        if review.unmeasured:
            counts["not measured"] = review.unmeasured
        if review.made_for:
            counts["made by the timer"] = review.made_for
        summary = review.summary.splitlines()[0]
        if any(row.rated is not None for row in rows):  # say what it means
            summary += f" {NOISE_WORDS}"
        total = round(sum(review.counted_loss.values()), 1)
        return TableReview(
            hand.number, self.level, rows, summary, total, counts, review
        )


def _counted(tricks: float) -> int:
    """The whole tricks an estimate counts: the figure it shows (to a tenth)
    rounded half up, as a learner reads "About 5.5 tricks" (Python's round
    goes to the even number).

    >>> _counted(5.46), _counted(4.5), round(4.5)
    (6, 5, 4)
    """
    return math.floor(round(tricks, 1) + 0.5)


def _played_for_tricks(advice: Advice) -> float | None:
    """The tricks the hand takes on average in the coach's deals when it
    plays for them: after the best bid, or, where the best is a Nil (whose
    tricks are the ones it fails to duck), after the best number bid;
    ``None`` where the coach did not weigh the bids."""
    best, study = advice.best, advice.study
    if not (isinstance(best, Bid) and best.is_nil):
        return advice.taken
    if not isinstance(study, BidStudy):
        return None
    numbers = [
        a
        for a in advice.values
        if isinstance(a, Bid) and not a.is_nil and a in study.tricks
    ]
    if not numbers:
        return None
    check = advice.nil_pays
    number = (
        check.numeric
        if check is not None and check.numeric in numbers
        else max(numbers, key=lambda a: advice.values[a].mean)
    )
    taken = study.tricks[number]
    return sum(taken) / len(taken)


def _against(advice: Advice | None, other: Bid) -> str:
    """The coach's verdict on bidding ``other`` instead, without its opening
    ("Best: bid 5, about 6 points better: ..."), or that it does as well;
    ``""`` where the coach did not weigh ``other``."""
    if advice is None or other not in advice.values:
        return ""
    verdict = advice.rate(other)
    if verdict.rating == "best":
        return f"bid {other.label()} does as well in the coach's deals."
    # after "You bid 4.", and without the textbook's reason for it (the
    # estimate weighs the bid that counts the tricks, not the book's)
    return verdict.text.partition(". ")[2].removesuffix(advice.book_text(other))
