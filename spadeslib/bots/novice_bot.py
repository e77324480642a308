"""The novice level: legal play with a beginner's judgement.

A novice knows the rules (every card it plays is legal) but judges like a
beginner:

- it bids its high cards only: one trick per ace and king (a king of spades
  or an ace anywhere), ignoring spade length, ruffs and the score, and
  never bids Nil unless the rules leave nothing else;
- it plays to win every trick it can: when following, the highest card
  that wins, even over its partner's winning card;
- it leads its highest spade as soon as spades may be led;
- otherwise it plays as the rule level (covering, ducking when it cannot win).

>>> from spadeslib import Hand
>>> hand = Hand(seed=4, dealer="W")
>>> bot = NoviceBot()
>>> hand.apply(bot.act(hand.view(hand.turn)))  # look
>>> bot.act(hand.view(hand.turn)) in hand.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import Action, Bid
from ..cards import Card, Rank, Suit
from ..errors import SpadesError
from ..hand import Phase
from ..tricks import trick_winner
from ..view import PlayerView
from .base import Suggestion
from .rule_bot import rule_decision

__all__ = ["NoviceBot", "aces_and_kings"]


class NoviceBot:
    """A beginner who knows the rules. Deterministic.

    >>> NoviceBot().name
    'novice'
    """

    name = "novice"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self._blind: dict[tuple[int, int, int], bool] = {}

    def act(self, view: PlayerView) -> Action:
        """The action for ``view`` (one of ``view.legal``)."""
        return self.explain(view).action

    def explain(self, view: PlayerView) -> Suggestion:
        """The action with the beginner's reason."""
        legal = view.legal
        if not legal:
            raise SpadesError(f"{view.seat.full} is not to move")
        if len(legal) > 1 and view.holding is not None:
            if view.phase is Phase.BIDDING:
                return Suggestion(*_bid(view), self.name)
            if view.phase is Phase.PLAYING:
                found = _play(view)
                if found is not None:
                    return Suggestion(*found, self.name)
        action, reason = rule_decision(view, self._blind)
        return Suggestion(action, reason, self.name)

    def reset(self) -> None:
        """Forget the two-player blind-nil declarations remembered."""
        self._blind.clear()


def aces_and_kings(cards: Iterable[Card]) -> int:
    """The beginner's count of a hand, which its bid is nearest to.

    >>> aces_and_kings(Card.parse_many("AS KH QD 2C"))
    2
    """
    return sum(1 for c in cards if c.rank in (Rank.ACE, Rank.KING))


def _bid(view: PlayerView) -> tuple[Action, str]:
    high = aces_and_kings(view.holding or ())
    numeric = [b for b in view.legal if isinstance(b, Bid) and not b.is_nil]
    if not numeric:
        return view.legal[0], "the rules leave no other bid"
    choice = min(numeric, key=lambda b: (abs(b.tricks - high), b.tricks))
    return choice, f"Bid {choice.label()}: I count my aces and kings"


def _play(view: PlayerView) -> tuple[Action, str] | None:
    rules = view.rules
    legal = [c for c in view.legal if isinstance(c, Card)]
    bid = view.bids.get(view.seat)
    if bid is not None and bid.is_nil:
        return None  # even a beginner ducks with a nil
    if not view.trick:
        spades = [c for c in legal if rules.trick_suit(c) is Suit.SPADES]
        if spades:
            top = min(spades, key=rules.trump_order.index)
            return top, f"Lead the {top.symbol}: spades are the strongest suit"
        return None
    led = rules.trick_suit(view.trick[0][1])
    trick = list(view.trick)
    winners = []
    for card in legal:
        if trick_winner(rules, [*trick, (view.seat, card)]) == view.seat:
            winners.append(card)
    if not winners:
        return None
    top = max(winners, key=lambda c: _power(view, c, led))
    return top, f"Play the {top.symbol}: it wins the trick"


def _power(view: PlayerView, card: Card, led: Suit) -> int:
    rules = view.rules
    if rules.trick_suit(card) is Suit.SPADES:
        return 100 - rules.trump_order.index(card)
    return int(card.rank)
