"""Whether a Nil pays (:class:`NilCheck`, in a bid's hint) and why a Nil
fails, in cards (:func:`nil_killers`: the spades of a hand sure to take a
trick, said by a Nil bid's verdict and the "Nil does not pay" line).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Bid
from ..bots.reasons import sure_and_top
from ..bots.sim import TRUMP, deck_for
from ..bots.valuation import nil_danger
from ..display import and_list
from ..view import PlayerView
from .explain import points
from .ratings import Estimate

__all__ = ["NilCheck", "margin_words", "nil_dangers", "nil_killers"]

_NUMBERS: tuple[str, ...] = ("one", "two", "three", "four", "five", "six", "seven")
_NUMBERS += ("eight", "nine", "ten", "eleven", "twelve", "thirteen")


def _number(n: int) -> str:
    """``n`` (1 or more) in words, up to thirteen."""
    return _NUMBERS[n - 1] if n <= len(_NUMBERS) else str(n)


DANGER = 0.25
"""The danger (:func:`~spadeslib.bots.valuation.nil_danger`'s share of one
card) from which :func:`nil_dangers` names a card."""


def nil_dangers(view: PlayerView) -> str:
    """The cards most likely to win a trick for a Nil from ``view``'s hand
    (at most three, most dangerous first), and a long spade holding, as the
    rule level counts a Nil's danger; ``""`` when none.

    >>> from spadeslib import Hand
    >>> hand = Hand(deal={"S": "2C 5C 10C QC KC 6D 7D 10D JD 6H 9H 6S QS",
    ...                   "N": "3C 4C 6C 7C 8C 9C JC AC 2D 3D 4D 5D 8D",
    ...                   "E": "9D QD KD AD 2H 3H 4H 5H 7H 8H 10H JH QH",
    ...                   "W": "KH AH 2S 3S 4S 5S 7S 8S 9S 10S JS KS AS"},
    ...             dealer="E")
    >>> hand.apply("look")
    >>> nil_dangers(hand.view("S"))
    'the Q♠, K♣ and Q♣'
    >>> print(nil_dangers(hand.view("W")))  # A♥ over one guard, eleven spades
    the A♠, K♠ and A♥, and eleven spades
    >>> low = Hand(deal={"S": "2S 3S 4S 5S 2C 3C 4C 2D 3D 4D 2H 3H 4H",
    ...                  "N": "6S 7S 8S 9S 5C 6C 7C 5D 6D 7D 5H 6H 7H",
    ...                  "E": "10S JS QS 8C 9C 10C JC 8D 9D 10D 8H 9H 10H",
    ...                  "W": "KS AS QC KC AC JD QD KD AD JH QH KH AH"},
    ...            dealer="E")
    >>> low.apply("look")
    >>> nil_dangers(low.view("S"))  # no card, only the length
    'four spades'
    """
    if not view.holding:
        return ""
    deck = deck_for(view.rules)
    parts: list[tuple[int, float]] = []
    nil_danger(deck, deck.mask(view.holding), parts)
    cards = sorted(((d, c) for c, d in parts if c >= 0 and d >= DANGER), reverse=True)
    named = [card.symbol for _, c in cards[:3] if (card := deck.card[c])]
    out = f"the {and_list(named)}" if named else ""
    if any(c < 0 for c, _ in parts):
        spades = sum(1 for c in view.holding if view.rules.is_trump(c))
        out += (", and " if out else "") + f"{_number(spades)} spades"
    return out


def nil_killers(view: PlayerView) -> str:
    """Why a Nil from ``view``'s hand fails, in cards: the spades sure to
    take a trick (the A♠, a spade each higher one of which the seat holds
    too, or more spades than the others hold above them), or a long spade
    holding, likely forced to win one; ``""`` when neither, or before the
    seat has seen its cards.

    >>> from spadeslib import Hand
    >>> hand = Hand(deal={"N": "AS 9S 7S 5S 4S JC 3D 4D 7D 9D 10D 6H 7H",
    ...                   "E": "KS QS JS 10S 8S 6S 3S 2S AC KC QC 10C 9C",
    ...                   "S": "8C 7C 6C 5C 4C 3C 2C AD KD QD JD 8D 6D",
    ...                   "W": "5D 2D AH KH QH JH 10H 9H 8H 5H 4H 3H 2H"},
    ...             dealer="W")
    >>> nil_killers(hand.view("N"))  # not looked at yet
    ''
    >>> hand.apply("look")
    >>> print(nil_killers(hand.view("N")))
    the A♠ always takes a trick, so a Nil cannot be made; with five spades
    you may also be forced to win a trick with another
    >>> print(nil_killers(hand.view("E")))  # eight spades against five
    with eight spades you must win at least three tricks with them, so a Nil
    cannot be made
    """
    if not view.holding:
        return ""
    deck = deck_for(view.rules)
    mine = deck.mask(view.holding)
    # the top spades, above every spade of the others, are sure by name;
    # the rest of the sure ones only by number (which of them wins is open)
    sure, top = sure_and_top(deck, mine, deck.full & ~mine)
    more = len(sure) - len(top)
    count = (mine & deck.suit_mask[TRUMP]).bit_count()
    held = _number(count)
    out = []
    if sure:
        says = []
        if top:
            cards = and_list([c.symbol for c in top])
            verb = "always takes a trick" if len(top) == 1 else "always take tricks"
            says.append(f"the {cards} {verb}")
        if more:
            least = f"at least {_number(more)} {'more ' if top else ''}trick"
            says.append(
                f"with {held} spades you must win {least}{'s' * (more > 1)} with them"
            )
        out.append(", and ".join(says) + ", so a Nil cannot be made")
    if not more and count - len(top) >= (4 if top else 5):
        if top:
            out.append(
                f"with {held} spades you may also be forced to win a trick with another"
            )
        else:
            out.append(
                f"with {held} spades you are likely to be forced to win a trick "
                "with one"
            )
    return "; ".join(out)


def margin_words(margin: float, other: str = "") -> str:
    """A margin in words, against ``other`` (said after "ahead of", "behind"
    or "level with"): "9 points behind the other side", "27 points ahead".

    >>> margin_words(-9.4, " the other side"), margin_words(27.0)
    ('9 points behind the other side', '27 points ahead')
    >>> margin_words(0.4, " you")
    'level with you'
    >>> margin_words(0.2)
    'level'
    """
    if round(margin) == 0:
        return f"level with{other}" if other else "level"
    where = ("ahead of" if other else "ahead") if margin > 0 else "behind"
    return f"{points(abs(margin), sign=False)} {where}{other}"


@dataclass(frozen=True)
class NilCheck:
    """Whether Nil pays: its value against the best numeric bid.

    Its text never contradicts the advice: it says where Nil would leave
    your side against the other side on average (the hand's margin, as the
    coach values it, not a score), and whether the coach is sure of the
    difference.

    >>> from spadeslib.coach.ratings import Estimate
    >>> nil, two = Estimate(-9.0, -40.0, 20.0), Estimate(-27.0, -40.0, -10.0)
    >>> print(NilCheck(True, nil, Bid(2), two, 0.4, sure=False))
    Nil would leave your side 9 points behind the other side on average (made in
    40% of deals), against 27 points behind with bid 2: too close for the sampled
    deals to tell apart, so the coach is not sure Nil pays and keeps bid 2
    >>> one = Estimate(-13.0, -30.0, 4.0)  # Nil chosen for beating the book's 2
    >>> print(NilCheck(True, Estimate(2.0, -9.0, 13.0), Bid(1), one, 0.7,
    ...                sure=False, chosen=True, book=Bid(2)))
    Nil leaves your side 2 points ahead of the other side on average, against 13
    points behind with bid 1; it is made in 70% of deals; against bid 1 the
    difference is too small for the sampled deals to tell apart, but Nil clearly
    beats the textbook's bid 2
    >>> even = Estimate(0.2, -5.0, 5.0)
    >>> print(NilCheck(False, even, Bid(1), nil, 0.5, alone=True))
    Nil would leave you level with your opponent on average (made in 50% of
    deals), against 9 points behind with bid 1: Nil does not pay
    """

    pays: bool
    """Nil's mean is above the numeric bid's."""
    nil: Estimate
    numeric: Bid
    numeric_value: Estimate
    success: float
    """Share of worlds in which the nil was made."""
    sure: bool = True
    """The difference is larger than the sampled deals' noise (the margin the
    coach asks of any action before it leaves the textbook one)."""
    chosen: bool = False
    """Nil is the coach's bid."""
    why: str = ""
    """Why a Nil from this hand fails, in cards (:func:`nil_killers`): said
    when Nil does not pay."""
    dangers: str = ""
    """The hand's cards most likely to win a trick for a Nil
    (:func:`nil_dangers`): said when Nil is bid, or does not pay and no card
    is sure to break it."""
    alone: bool = False
    """Two players: "you" and "your opponent", not the sides."""
    book: Bid | None = None
    """The textbook's bid where it is not Nil: Nil chosen over it, though
    too close to the best number to tell apart, is chosen for beating it."""

    def _margins(self) -> str:
        """Nil's margin and the numeric bid's, in words: "Nil would leave your
        side 9 points behind the other side on average (made in 40% of
        deals), against 27 points ahead with bid 2". Nil chosen, its share
        made comes last, after a semicolon, where the hint's one line cuts
        it: "Nil leaves your side ...; it is made in 60% of deals"."""
        who, other = (
            ("you", "your opponent") if self.alone else ("your side", "the other side")
        )
        made = f"made in {100 * self.success:.0f}% of deals"
        nil = f"{who} {margin_words(self.nil.mean, f' {other}')} on average"
        num = f"against {margin_words(self.numeric_value.mean)} with {self._bid}"
        if self.chosen:
            return f"Nil leaves {nil}, {num}; it is {made}"
        return f"Nil would leave {nil} ({made}), {num}"

    @property
    def _bid(self) -> str:
        """The numeric bid in words."""
        if self.numeric.tricks == 0:  # cards4net's numeric 0: a contract
            return "bid 0 (no Nil bonus)"
        return f"bid {self.numeric.label()}"

    def __str__(self) -> str:
        if self.chosen:
            # no colon: the hint's one line (brief) cuts it at its first
            # semicolon, after the two margins
            text = self._margins()
            if self.dangers:
                text += f" (its dangers are {self.dangers})"
            if self.sure and self.pays:
                return text
            if self.book is not None:
                return (
                    text + f"; against {self._bid} the difference is too small "
                    "for the sampled deals to tell apart, but Nil clearly beats "
                    f"the textbook's bid {self.book.label()}"
                )
            return (
                text + "; the difference is too small for the sampled deals to "
                "tell apart, so the textbook Nil stands"
            )
        text = self._margins()
        if not self.pays:
            why = self.why or (
                f"the Nil's dangers: {self.dangers}" if self.dangers else ""
            )
            return text + ": Nil does not pay" + (f" ({why})" if why else "")
        if not self.sure:
            return (
                text + ": too close for the sampled deals to tell apart, so the "
                f"coach is not sure Nil pays and keeps {self._bid}"
            )
        return (
            text
            + ", but another bid came out higher still, so the coach keeps "
            + self._bid
        )
