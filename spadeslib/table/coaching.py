"""The coach at the table: hints, the hand estimate and the review.

:class:`Coaching` is the part of :class:`~spadeslib.table.session.TableSession`
that asks its :class:`~spadeslib.table.advisor.Advisor`: *Hint* (what to do
now, shown until the position changes), *How good is my hand?* (during
bidding) and *Check my play* (a finished hand's decisions rated, and why
the others bid, opened by itself when a hand ends if ``auto_review`` is
on). A failure of the coach is shown as one line on the table and never
stops the game.

With ``precompute`` (the widget's default) the coach starts on the
learner's decision as soon as it is the learner's turn, in a background
thread (:meth:`Coaching._foresee`): the hint is then ready when asked, and
the review of the hand reuses the same analysis of each decision. The
thread computes the coach's analysis only; the table, its log and the
widget are changed on the table's own thread, when the learner asks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ..actions import LOOK, Action
from ..bots import Suggestion
from ..coach.explain import describe
from ..errors import is_whole
from .advisor import HandEstimate, TableReview
from .bid_reasons import bid_reasons
from .turns import TIMED, TIMED_LOOK

if TYPE_CHECKING:
    from ..hand import Hand
    from .host import Host

__all__ = ["Coaching"]

_T = TypeVar("_T")


class Coaching:
    """Hints, estimates and reviews (a mixin of the session)."""

    notice: str | None
    _coach_notice: str | None
    last_review: TableReview | None
    review_state: str
    _tip: tuple[tuple[Any, ...], Suggestion] | None
    _estimate: tuple[tuple[Any, ...], HandEstimate] | None

    def hint(self: Host) -> Suggestion | None:
        """What the coach would do now, and why (also shown on the table)."""
        why = self.why_unavailable("hint")
        if why is not None:
            self._refused(why)
            return None
        key = self.state_key()
        if self._tip is not None and self._tip[0] == key:  # asked again: shown
            self._answered()
            self.changed()
            return self._tip[1]
        tip = self._advice(self.advisor.hint, self.game.view(self.seat))
        if tip is None:
            return None
        self._tip = (key, tip)
        self._answered()
        self._aside(
            # the line the table shows (and a screen reader hears); the whole
            # analysis is behind Why?
            f"Hint: {describe(tip.action, self.rules.players)}. {tip.line}",
            recent=False,
        )
        self.changed()
        return tip

    def estimate(self: Host) -> HandEstimate | None:
        """How good is my hand? Expected tricks and a suggested bid (bidding)."""
        why = self.why_unavailable("estimate")
        if why is not None:
            self._refused(why)
            return None
        key = self.state_key()
        if self._estimate is not None and self._estimate[0] == key:  # shown
            self._answered()
            self.changed()
            return self._estimate[1]
        estimate = self._advice(self.advisor.estimate, self.game.view(self.seat))
        if estimate is None:
            return None
        self._estimate = (key, estimate)
        self._answered()
        self._aside(estimate.text, recent=False)
        self.changed()
        return estimate

    def review(self: Host, number: int | None = None) -> TableReview | None:
        """Check my play: the coach's review of a finished hand (default: the
        last one), decision by decision."""
        finished = self.game.finished_hands
        if number is not None and not is_whole(number):
            self._refused(
                f"There is no hand {number!r} to review: give a hand's number, "
                "such as 1."
            )
            return None
        hand = (
            (finished[-1] if finished else None)
            if number is None
            else next((h for h in finished if h.number == number), None)
        )
        if hand is None:
            self._refused(
                self.why_unavailable("review") or ""
                if number is None
                else f"Hand {number} is not finished."
            )
            return None
        fresh = self.last_review is None or self.last_review.number != hand.number
        if fresh:
            made_for = self._made_for(hand)
            review = self._advice(self.advisor.review, hand, self.seat, made_for)
            if review is None:
                self.review_state = "none"
                return None
            # why the others bid: the hand is over, its cards all shown
            levels = self.levels_at(hand.number)
            review.bids = self._advice(bid_reasons, hand, self.seat, levels) or []
            self.last_review = review
            # logged once: asked again, or opened again on a resumed table
            # whose log tells it already, the panel opens, the log is not repeated
            if all(aside.text != review.summary for aside in self.asides):
                self._aside(review.summary, recent=False, after=hand)
        self.review_state = "ready"
        self._answered()
        self.changed()
        return self.last_review

    def _made_for(self: Host, hand: Hand) -> set[tuple[int, Action]]:
        """The learner's decisions in ``hand`` that the move timer made, as
        the log's lines of them say (kept by a reload's token too): each
        (how many actions came before it, the action)."""
        made: set[tuple[int, Action]] = set()
        for aside in self.asides:
            if not (
                aside.of_move
                and aside.hand == hand.number - 1
                and aside.text.startswith(TIMED)
            ):
                continue
            if aside.text.startswith(TIMED_LOOK):
                made.add((aside.moves, LOOK))
            elif aside.moves < len(hand.history):
                who, action, _ = hand.history[aside.moves]
                if who == self.seat:
                    made.add((aside.moves, action))
        return made

    def _foresee(self: Host) -> None:
        """Let the coach start on the learner's decision in the background
        (with ``precompute``; a forced move or a bot's turn needs nothing)."""
        if self.learner_to_move():
            self.advisor.foresee(self.game.view(self.seat))

    def _advice(self: Host, ask: Callable[..., _T], *args: Any) -> _T | None:
        """Ask the coach; a failure is shown as one line, never raised."""
        try:
            return ask(*args)
        except Exception as error:  # the game goes on without the advice
            text = f"The coach could not answer: {type(error).__name__}: {error}"
            self.errors.append(text)
            self._refused(text)
            return None

    def _refused(self: Host, text: str) -> None:
        """Refuse a request to the coach; a later answer to one clears it (a
        refused move stays shown until the next decision)."""
        self.refuse(text)
        self._coach_notice = self.notice

    def _answered(self: Host) -> None:
        if self.notice is not None and self.notice == self._coach_notice:
            self.notice = None

    def _review_soon(self: Host) -> None:
        if self._loop is None:
            self.review_state = "pending"
            self.review()
            return
        self.review_state = "pending"
        epoch = self._epoch
        number = self.game.finished_hands[-1].number

        def later() -> None:
            if epoch == self._epoch and self.review_state == "pending":
                try:
                    self.review(number)
                except Exception as error:  # never lost in a callback
                    self.review_state = "none"
                    self.refuse(f"The review failed: {type(error).__name__}: {error}")

        self._loop.call_later(0.05, later)
