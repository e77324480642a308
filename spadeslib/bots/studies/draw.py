"""The value of keeping or passing the top card in the two-player draw.

Worlds deal the cards the seat has not seen: the opponent's cards so far,
the cards it sent to the discard pile, and the stock under the top card. In
each world the seat keeps the top card or takes the next one; both players
then finish the draw as the rule level would
(:func:`spadeslib.bots.rule_bot.draw_keeps`), bid as the rule level would (a
player who declared double nil bids Blind Nil), and the hand is played out
by the rule policy. The blind-nil discard after the draw is not played out:
a declared player's hand is valued as drawn.

>>> import random
>>> from spadeslib import KEEP, LOOK, Hand
>>> hand = Hand("two-player", "N", seed=3)
>>> hand.apply(LOOK); hand.apply(KEEP)  # North draws; South is to draw
>>> hand.apply(LOOK)
>>> study = study_draw(hand.view(hand.turn), random.Random(1), samples=4)
>>> sorted(map(str, study.values)), study.worlds
(['discard', 'keep'], 4)
"""

from __future__ import annotations

import random

from ...actions import KEEP, Bid
from ...errors import SpadesError
from ...phase import Phase
from ...seats import Seat
from ...view import PlayerView
from ..knowledge import state_from_view
from ..playout import later_bids, play_state, playout
from ..rule_bot import draw_keeps, rule_decision
from ..sim import Deck, bits, deck_for
from .bids import BidStudy, _leader, _made

__all__ = ["draw_world", "study_draw"]


def draw_world(view: PlayerView, rng: random.Random) -> tuple[int, int, list[int]]:
    """One world of the cards ``view.seat`` has not seen, as card ids of
    :func:`~spadeslib.bots.sim.deck_for`: the opponent's cards so far (a
    mask), the cards it sent to the discard pile (a mask), and the stock
    under the top card, in order (a list)."""
    deck = deck_for(view.rules)
    me, opp = view.seat, view.seat.partner
    assert view.drawn is not None
    known = deck.mask(view.holding or ()) | deck.mask(view.known_discards)
    known |= 1 << deck.id_of_card(view.drawn)
    pool = bits(deck.full & ~known)
    rng.shuffle(pool)
    held = view.cards_left[opp]
    hand = gone = 0
    for c in pool[:held]:
        hand |= 1 << c
    for c in pool[held : 2 * held]:
        gone |= 1 << c
    assert len(pool) - 2 * held == 52 - 2 * (view.cards_left[me] + held) - 1
    return hand, gone, pool[2 * held :]


def _finish_draw(
    deck: Deck,
    hands: dict[Seat, int],
    gone: dict[Seat, int],
    stock: list[int],
    turn: Seat,
    declared: tuple[Seat, ...],
) -> None:
    """Both players draw the rest of ``stock`` in turn, as the rule level."""
    for pos in range(0, len(stock) - 1, 2):
        top, nxt = stock[pos], stock[pos + 1]
        if draw_keeps(deck, top, turn in declared):
            kept, thrown = top, nxt
        else:
            kept, thrown = nxt, top
        hands[turn] |= 1 << kept
        gone[turn] |= 1 << thrown
        turn = turn.partner


def study_draw(view: PlayerView, rng: random.Random, samples: int = 40) -> BidStudy:
    """Value keeping the top card against taking the next one (see the
    module docstring); the outcomes are the seat's points minus the
    opponent's, bag-adjusted (and the end of the game when it can come this
    hand: :func:`~spadeslib.bots.playout.leaf_value`), per world."""
    rules = view.rules
    if rules.players != 2 or view.phase is not Phase.DRAW or view.drawn is None:
        raise SpadesError(
            "the draw study needs a two-player draw with the top card seen"
        )
    deck = deck_for(rules)
    me, opp = view.seat, view.seat.partner
    mine = deck.mask(view.holding or ())
    top = deck.id_of_card(view.drawn)
    seen = deck.mask(view.known_discards)
    declared = tuple(view.declared_blind)
    rule_action, _ = rule_decision(view, reason=False)
    legal = list(view.legal)
    study = BidStudy.of(view, rule_action, legal)
    st0 = state_from_view(view)
    leader = _leader(view)
    for _ in range(max(1, samples)):
        theirs, their_gone, stock = draw_world(view, rng)
        for action in legal:
            first, second = (top, stock[0]) if action == KEEP else (stock[0], top)
            hands = {me: mine | 1 << first, opp: theirs}
            gone = {me: seen | 1 << second, opp: their_gone}
            _finish_draw(deck, hands, gone, stock[1:], opp, declared)
            world = [0, 0, 0, 0]
            for seat, mask in hands.items():
                world[int(seat)] = mask
            bids: dict[Seat, Bid] = {s: Bid.BLIND_NIL for s in declared}
            later_bids(view, world, bids, view.bid_order)
            sim = play_state(deck, world, bids, st0, view.bid_order, leader)
            sim.seen[int(me)], sim.seen[int(opp)] = gone[me], gone[opp]
            playout(sim)
            study.record(action, sim, int(me))
            study.made[action].append(_made(sim, int(me)))
    study.worlds = max(1, samples)
    return study
