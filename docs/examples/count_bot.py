"""A bot of your own: bids its aces, kings and long spades; plays its
lowest card, unless a card up to the queen wins the trick.

    spades match count_bot.CountBot rule --deals 100    # from this folder
"""

from spadeslib import LOOK, BidKind, Phase, PlayerView, Rank, Suit, trick_winner
from spadeslib.bots import Suggestion

TRUMPS = (Suit.SPADES, Suit.JOKER)  # the jokers, in the joker deck, are spades


class CountBot:
    name = "count"

    def __init__(self, seed=None):  # make_bot passes a seed; use it for chance
        self.seed = seed

    def reset(self):  # called before each game: forget what you remembered
        pass

    def act(self, view: PlayerView):
        return self.explain(view).action

    def explain(self, view: PlayerView) -> Suggestion:
        if view.phase is Phase.BIDDING:
            if LOOK in view.legal:  # offered a blind bid: look at the cards
                return Suggestion(LOOK, "look at my cards first", self.name)
            return self._bid(view)
        if view.phase is Phase.PLAYING:
            return self._card(view)
        # the other phases (an exchange, the two-player draw): the first choice
        return Suggestion(view.legal[0], "the first legal choice", self.name)

    def _bid(self, view: PlayerView) -> Suggestion:
        honours = sum(c.rank in (Rank.ACE, Rank.KING) for c in view.holding)
        spades = sum(c.suit in TRUMPS for c in view.holding)  # jokers are spades
        want = honours + max(0, spades - 3)
        numbers = [b for b in view.legal if b.kind is BidKind.NUMBER]
        if not numbers:  # a rule fixes the bid (mirror, a partner's Blind Seven)
            return Suggestion(view.legal[0], "the only bid", self.name)
        bid = min(numbers, key=lambda b: abs(b.tricks - want))
        return Suggestion(bid, f"I count {want} tricks", self.name)

    def _card(self, view: PlayerView) -> Suggestion:
        for card in sorted(view.legal, key=lambda c: c.rank):
            if card.rank <= Rank.QUEEN and view.trick:
                plays = [*view.trick, (view.seat, card)]
                if trick_winner(view.rules, plays) == view.seat:
                    return Suggestion(card, "it wins the trick cheaply", self.name)
        low = min(view.legal, key=lambda c: (c.suit in TRUMPS, c.rank))
        return Suggestion(low, "my lowest card", self.name)
