"""The blind-nil exchange valued by search.

The seat passing cards (the blind-nil bidder or its partner) chooses among
a few sensible passes: the rule level's and its variants (for the nil
bidder: its most dangerous cards, its highest spades, its highest side
cards; for the partner: its lowest cards, its lowest side cards, its lowest
cards of its longest suit). Each pass is played out over the same worlds,
the partner passing as the rule level would, and the hand finished by the
rule policy.

>>> import random
>>> from spadeslib import Hand
>>> hand = Hand("classic", seed=6, dealer="W", scores={"NS": 0, "EW": 300})
>>> hand.apply("blind_nil"); hand.apply(3); hand.apply(4); hand.apply(3)
>>> view = hand.view(hand.turn)
>>> view.phase.value
'exchange'
>>> study = study_exchange(view, random.Random(1), samples=3)
>>> study.rule_action in study.outcomes, study.worlds
(True, 3)
"""

from __future__ import annotations

import random
from typing import cast

from ...actions import Action, Exchange
from ...cards import Card
from ...view import PlayerView
from ..knowledge import state_from_view
from ..playout import playout
from ..rule_bot import rule_decision
from ..sampler import sample_worlds
from ..sim import TRUMP, Deck, State, bits, deck_for
from .bids import BidStudy, _leader

__all__ = ["study_exchange"]


def _danger(deck: Deck, c: int) -> tuple[int, int]:
    return (14 - deck.top[c] + (3 if c >> 4 == TRUMP else 0), c)


def _candidates(view: PlayerView, deck: Deck) -> list[Action]:
    n = view.rules.exchange
    ids = [deck.id_of_card(c) for c in view.holding or ()]
    bid = view.bids.get(view.seat)
    nil = bid is not None and bid.is_nil
    by_danger = sorted(ids, key=lambda c: _danger(deck, c), reverse=nil)
    side = [c for c in by_danger if c >> 4 != TRUMP]
    trumps = [c for c in by_danger if c >> 4 == TRUMP]
    suits: dict[int, list[int]] = {}
    for c in by_danger:
        suits.setdefault(c >> 4, []).append(c)
    longest = max(suits.values(), key=len)
    picks = [by_danger[:n], side[:n], trumps[:n], longest[:n]]
    out: list[Action] = []
    for pick in picks:
        if len(pick) == n:
            # ids of cards in hand: never a gap (None) of deck.card
            cards = cast("tuple[Card, ...]", tuple(deck.card[c] for c in pick))
            action = Exchange.of(cards)
            if action in view.legal and action not in out:
                out.append(action)
    return out


def _partner_pass(deck: Deck, hand: int, nil: bool, n: int) -> int:
    ranked = sorted(bits(hand), key=lambda c: _danger(deck, c), reverse=nil)
    return sum(1 << c for c in ranked[:n])


def study_exchange(
    view: PlayerView,
    rng: random.Random,
    samples: int = 40,
    extra: tuple[Action, ...] = (),
) -> BidStudy:
    """Value the sensible passes of ``view`` (see the module docstring), and
    the ``extra`` ones (a learner's pass to rate) over the same worlds."""
    rules = view.rules
    deck = deck_for(rules)
    me = int(view.seat)
    partner = me ^ 2
    rule_action, _ = rule_decision(view)
    cands = _candidates(view, deck)
    if rule_action not in cands:
        cands.insert(0, rule_action)
    cands += [a for a in extra if a not in cands and a in view.legal]
    study = BidStudy(view, rule_action, played=set(cands))
    for a in cands:
        study.start(a)
    st0 = state_from_view(view)
    worlds = sample_worlds(st0, me, rng, max(1, samples))
    n = rules.exchange
    partner_nil = bool(st0.nil[partner])
    passed_back = view.received  # known only once both have passed
    for world in worlds:
        for action in cands:
            assert isinstance(action, Exchange)
            give = deck.mask(action.cards)
            hands = world[:]
            if passed_back:
                back = deck.mask(passed_back)
            else:
                back = _partner_pass(deck, hands[partner], partner_nil, n)
            hands[me] = (hands[me] & ~give) | back
            hands[partner] = (hands[partner] & ~back) | give
            sim = _start(st0, hands, _leader(view))
            sim.known[me] |= give
            sim.known[partner] |= back
            playout(sim)
            study.record(action, sim, me)
            nil_ok = all(sim.tricks_won[s] == 0 for s in (me, partner) if sim.nil[s])
            study.made[action].append(nil_ok)
    study.worlds = len(worlds)
    return study


def _start(st0: State, hands: list[int], leader: int) -> State:
    sim = State(st0.deck)
    sim.hands = hands
    sim.bid = st0.bid[:]
    sim.nil = st0.nil[:]
    sim.blind7 = st0.blind7[:]
    sim.seen = st0.seen[:]
    sim.scores = st0.scores
    sim.bags = st0.bags
    sim.turn = leader
    return sim
