"""The value of every bid (and of the blind decisions) from the seat's view.

For a bid, worlds of the unseen cards are dealt consistently with the bids
so far; in each, the seat bids each candidate, the later seats bid as the
rule level would, and the hand is played out by the rule policy. The
candidates played out are the rule's bid, the numbers next to it and Nil
when the hand could make one; every other bid is scored on the play of the
nearest candidate (the play hardly depends on a bid far from what the hand
is worth; a Nil scored so is the Nil of a hand played to win tricks). Few
candidates keep the best bid from being one that drew lucky worlds.

For a blind decision (the seat has not looked), the seat's own cards are
unknown too: every world deals all four hands; looking is valued as looking
and then bidding as the rule level would.

>>> import random
>>> from spadeslib import Hand
>>> hand = Hand(seed=4, dealer="W")
>>> hand.apply("look")
>>> study = study_bids(hand.view(hand.turn), random.Random(1), samples=4)
>>> set(study.values) == set(hand.legal_actions()), study.worlds
(True, 4)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from ...actions import LOOK, Action, Bid
from ...errors import SpadesError
from ...seats import Seat
from ...view import PlayerView
from ..knowledge import state_from_view
from ..playout import (
    hand_outcome,
    later_bids,
    play_state,
    playout,
    world_bid,
)
from ..rule_bot import bid_decision
from ..sampler import sample_worlds
from ..sim import State, bid_code, bits, deck_for
from ..valuation import nil_danger
from .estimate import Estimate, mean_ci

__all__ = ["BidStudy", "study_bids", "study_blind", "tricks_distribution"]

#: numeric bids within this many tricks of the rule's bid are played out
SPAN = 1
#: Nil is played out when the hand's nil danger is at most this (or the rule
#: bids it); otherwise it is scored on the play of the nearest number
NIL_DANGER = 2.2


@dataclass
class BidStudy:
    """Every candidate's value per world, and the seat's tricks."""

    view: PlayerView
    rule_action: Action
    outcomes: dict[Action, list[float]] = field(default_factory=dict)
    tricks: dict[Action, list[int]] = field(default_factory=dict)
    """Tricks the seat took in each world after each bid played out."""
    made: dict[Action, list[bool]] = field(default_factory=dict)
    """Whether the bid (the side's contract, or the nil) was made, per world."""
    game: dict[Action, list[bool | None]] = field(default_factory=dict)
    """Whether the side won (``True``) or lost (``False``) the game with the
    hand, per world; ``None`` while it goes on, and whenever the game could
    not end this hand (:func:`~spadeslib.bots.playout.game_result`)."""
    penalty: dict[Action, list[int]] = field(default_factory=dict)
    """Points the bag penalty took from the side (its bags reached the bag
    limit; 0 when they did not), per world."""
    their_penalty: dict[Action, list[int]] = field(default_factory=dict)
    """Points the bag penalty took from the opponents, per world."""
    worlds: int = 0
    played: set[Action] = field(default_factory=set)
    """The actions played out (the others are scored on a neighbour's play)."""

    @classmethod
    def of(
        cls, view: PlayerView, rule_action: Action, actions: list[Action]
    ) -> BidStudy:
        """An empty study of ``actions``, all of them played out."""
        study = cls(view, rule_action, played=set(actions))
        for action in actions:
            study.start(action)
        return study

    def start(self, action: Action) -> None:
        """Make room for the worlds of ``action``."""
        self.outcomes[action], self.tricks[action], self.made[action] = [], [], []
        self.game[action], self.penalty[action], self.their_penalty[action] = [], [], []

    def record(self, action: Action, sim: State, seat: int) -> None:
        """One world's outcome of ``action``, finished in ``sim``, for ``seat``
        (its side's value as :func:`~spadeslib.bots.playout.leaf_value` has
        it; the bag penalties only when the game can end this hand)."""
        side = sim.side(seat)
        rules = sim.deck.rules
        value, won, mine, theirs = hand_outcome(sim, side, rules)
        self.outcomes[action].append(value)
        self.tricks[action].append(sim.tricks_won[seat])
        self.game[action].append(won)
        self.penalty[action].append(mine)
        self.their_penalty[action].append(theirs)

    @property
    def values(self) -> dict[Action, Estimate]:
        """The estimate of every legal action."""
        return {a: mean_ci(v) for a, v in self.outcomes.items()}

    def paired(self, a: Action, b: Action) -> list[float]:
        """Per-world value of ``a`` minus that of ``b``."""
        return [x - y for x, y in zip(self.outcomes[a], self.outcomes[b], strict=True)]

    @property
    def ends_game(self) -> bool:
        """Whether some world ends the game (after some bid): its values then
        count the game won or lost."""
        return any(g is not None for gs in self.game.values() for g in gs)

    def joined(self, more: BidStudy) -> BidStudy:
        """This study and ``more`` (the same decision, other worlds) as one."""

        def both(mine: dict[Action, list[Any]], theirs: dict[Action, list[Any]]) -> Any:
            return {a: [*v, *theirs[a]] for a, v in mine.items()}

        return replace(
            self,
            outcomes=both(self.outcomes, more.outcomes),
            tricks=both(self.tricks, more.tricks),
            made=both(self.made, more.made),
            game=both(self.game, more.game),
            penalty=both(self.penalty, more.penalty),
            their_penalty=both(self.their_penalty, more.their_penalty),
            worlds=self.worlds + more.worlds,
        )


def _later_bids(
    view: PlayerView, world: list[int], bids: dict[Seat, Bid], after: Seat
) -> None:
    """The bids after ``after`` in ``world``, as the rule bot would make them."""
    order = view.bid_order
    later_bids(view, world, bids, order[order.index(after) + 1 :])


def _leader(view: PlayerView) -> int:
    rules = view.rules
    if rules.players == 4:
        return int(view.dealer if rules.dealer_leads else view.dealer.left)
    return int(view.dealer.partner)


def _made(sim: State, seat: int) -> bool:
    if sim.nil[seat]:
        return sim.tricks_won[seat] == 0
    side = sim.side(seat)
    return sim.contract(side) == 0 or sim.need(side) <= 0


def study_bids(view: PlayerView, rng: random.Random, samples: int = 40) -> BidStudy:
    """Value every legal bid of ``view`` (the seat has looked)."""
    rules = view.rules
    deck = deck_for(rules)
    me = view.seat
    hand = deck.mask(view.holding or ())
    legal = [b for b in view.legal if isinstance(b, Bid)]
    rule_bid, _ = bid_decision(deck, hand, legal, view.bids, me, view.scores, view.bags)
    numeric = sorted((b for b in legal if not b.is_nil), key=lambda b: b.tricks)
    base = (
        rule_bid.tricks
        if not rule_bid.is_nil
        else (numeric[0].tricks if numeric else 0)
    )
    played = [b for b in numeric if abs(b.tricks - base) <= SPAN]
    if rule_bid.is_nil or nil_danger(deck, hand) <= NIL_DANGER or not numeric:
        played += [b for b in legal if b.is_nil]
    if rule_bid not in played:
        played.append(rule_bid)
    study = BidStudy(view, rule_bid, played=set(played))
    st0 = state_from_view(view)
    st0.hands[int(me)] = hand
    bidders = [int(s) for s in view.bids]
    worlds = sample_worlds(
        st0, int(me), rng, max(1, samples), played_by=[0, 0, 0, 0], bidders=bidders
    )
    for b in legal:
        study.start(b)
    leader = _leader(view)
    for world in worlds:
        finals: dict[Bid, State] = {}
        for mine in played:
            bids = dict(view.bids)
            bids[me] = mine
            _later_bids(view, world, bids, me)
            sim = play_state(deck, world, bids, st0, view.bid_order, leader)
            playout(sim)
            finals[mine] = sim
        numbers = [b for b in played if not b.is_nil]
        for b in legal:
            if b in finals:
                sim = finals[b]
            else:  # scored on the play of the nearest number played out
                near = min(numbers, key=lambda x: (abs(x.tricks - b.tricks), x.tricks))
                sim = finals[near]
            old = sim.bid[int(me)], sim.nil[int(me)]
            sim.bid[int(me)], sim.nil[int(me)] = bid_code(b)
            study.record(b, sim, int(me))
            study.made[b].append(_made(sim, int(me)))
            sim.bid[int(me)], sim.nil[int(me)] = old
    study.worlds = len(worlds)
    return study


def _deal_all(view: PlayerView, rng: random.Random) -> list[int]:
    """Deal every unseen card (the seat's own included) at random."""
    deck = deck_for(view.rules)
    pool = bits(deck.full & ~deck.mask(view.known_discards))
    rng.shuffle(pool)
    hands = [0, 0, 0, 0]
    pos = 0
    for seat in view.seats:
        n = view.cards_left[seat]
        for c in pool[pos : pos + n]:
            hands[int(seat)] |= 1 << c
        pos += n
    return hands


def study_blind(view: PlayerView, rng: random.Random, samples: int = 40) -> BidStudy:
    """Value looking against each blind bid for a seat that has not looked
    (four players): looking is followed by the rule level's bid."""
    rules = view.rules
    if rules.players != 4:
        raise SpadesError("the blind study needs a four-player hand")
    deck = deck_for(rules)
    me = view.seat
    legal = list(view.legal)
    from ..rule_bot import rule_decision

    rule_action, _ = rule_decision(view)
    study = BidStudy.of(view, rule_action, legal)
    st0 = state_from_view(view)
    leader = _leader(view)
    for _ in range(max(1, samples)):
        world = _deal_all(view, rng)
        for action in legal:
            bids = dict(view.bids)
            if action == LOOK:
                bids[me] = world_bid(view, world, bids, me, blind=False)
            else:
                assert isinstance(action, Bid)
                bids[me] = action
            _later_bids(view, world, bids, me)
            sim = play_state(deck, world, bids, st0, view.bid_order, leader)
            playout(sim)
            study.record(action, sim, int(me))
            study.made[action].append(_made(sim, int(me)))
    study.worlds = max(1, samples)
    return study


def tricks_distribution(counts: list[int]) -> dict[int, float]:
    """Share of worlds in which the seat took each number of tricks.

    >>> tricks_distribution([2, 3, 3, 4])
    {2: 0.25, 3: 0.5, 4: 0.25}
    """
    out: dict[int, float] = {}
    for n in sorted(counts):
        out[n] = out.get(n, 0.0) + 1 / len(counts)
    return out
