"""Finishing a sampled world: the bids still to come, the blind-nil
exchange, the rule-based play of the hand, and its value to one side.

Every search (:mod:`.search_bot`) and every study of the coach
(:mod:`spadeslib.coach`) values a decision by dealing worlds of the unseen
cards and playing each out from here: the later seats bid as the rule bot
would (:func:`world_bid`), the hand is set up from the bids
(:func:`play_state`), and the rule policy plays every seat to the end
(:func:`playout`); :func:`leaf_value` scores the outcome.

>>> from spadeslib import Hand
>>> from spadeslib.bots.knowledge import state_from_hand
>>> hand = Hand(seed=4, dealer="W")
>>> for bid in (3, 3, 3, 3): hand.apply(bid)
>>> st = state_from_hand(hand)
>>> playout(st)
>>> st.tricks_done, sum(st.tricks_won)
(13, 13)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..actions import Bid, BidKind
from ..rules import Rules
from ..seats import Seat
from ..view import PlayerView
from .policy import choose_card
from .rule_bot import bid_decision
from .sim import TRUMP, Deck, State, bid_code, bits, deck_for

__all__ = [
    "GAME_WEIGHT",
    "game_in_reach",
    "game_result",
    "game_weight",
    "hand_outcome",
    "hand_reach",
    "later_bids",
    "leaf_value",
    "play_state",
    "playout",
    "sim_legal_bids",
    "world_bid",
]

#: value of ending the game as the winner (or loser) in a playout: about
#: what a won game is worth over the rest of a game that went on instead
#: (docs/coach.md, "When the game can end this hand")
GAME_WEIGHT = 400


def hand_reach(rules: Rules) -> int:
    """The most points one side can gain, or lose, in one hand under
    ``rules``: a nil from each of its seats at the larger nil value, the
    largest contract (13 tricks, ten for 200, blind seven), thirteen bags
    and a bag penalty. A game whose scores are further than this from the
    target and the losing threshold cannot end this hand.

    >>> from spadeslib import Rules
    >>> hand_reach(Rules("classic")), hand_reach(Rules("two-player"))
    (713, 513)
    """
    nils = 2 if rules.players == 4 else 1
    nil = max(rules.nil_value, rules.blind_nil_value)
    contract = max(130, rules.ten_for_200_value, rules.blind_seven_value)
    return nils * nil + contract + 13 + rules.bag_penalty


def game_in_reach(rules: Rules, scores: Sequence[int]) -> bool:
    """Whether the game can end this hand, from the running scores of the
    two sides (side 0 first): either is within :func:`hand_reach` of the
    target, or of the losing threshold. (A fixed 130 points missed a made
    Nil and a contract from 350, which end a game to 500.)

    >>> from spadeslib import Rules
    >>> game_in_reach(Rules(), [0, 0]), game_in_reach(Rules(), [-300, -250])
    (True, False)
    >>> game_in_reach(Rules.parse("classic+target=1000"), [250, 0])
    False
    """
    target = rules.target
    reach = hand_reach(rules)
    return max(scores) + reach >= target or (
        rules.losing_threshold is not None
        and min(scores) - reach <= rules.losing_threshold
    )


def game_result(st: State, side: int, rules: Rules) -> bool | None:
    """Whether ``side`` wins (``True``) or loses (``False``) the game with
    this finished hand, its real points (bag penalties included) added to
    the running scores; ``None`` while the game goes on."""
    return hand_outcome(st, side, rules)[1]


def leaf_value(st: State, side: int, rules: Rules) -> float:
    """The side's bag-adjusted points minus the other side's, with a bonus
    of :data:`GAME_WEIGHT` for finishing the game as the winner (a malus as
    the loser: :func:`game_result`)."""
    return hand_outcome(st, side, rules)[0]


def hand_outcome(
    st: State, side: int, rules: Rules
) -> tuple[float, bool | None, int, int]:
    """:func:`leaf_value`, :func:`game_result` and the bag penalties the side
    and the other side pay with this finished hand (counted where the game
    can end with it, :func:`game_in_reach`; 0 elsewhere, where a bag counts
    -10), all from one scoring of each side's hand (the coach's studies
    record them all)."""
    mine, gained = st.hand_points(side)
    theirs, their_gained = st.hand_points(1 - side)
    value = float((mine - 10 * gained) - (theirs - 10 * their_gained))
    scores = st.scores
    if not game_in_reach(rules, scores):  # a quick bound: the game goes on
        return value, None, 0, 0
    limit, penalty, bags = rules.bag_limit, rules.bag_penalty, st.bags
    paid = penalty if gained and bags[side] + gained >= limit else 0
    their_paid = (
        penalty if their_gained and bags[1 - side] + their_gained >= limit else 0
    )
    real_mine = scores[side] + mine - ((bags[side] + gained) // limit) * penalty
    real_theirs = (
        scores[1 - side] + theirs - ((bags[1 - side] + their_gained) // limit) * penalty
    )
    top, bottom = max(real_mine, real_theirs), min(real_mine, real_theirs)
    threshold = rules.losing_threshold
    ended = top >= rules.target or (threshold is not None and bottom <= threshold)
    if not ended or real_mine == real_theirs:
        return value, None, paid, their_paid
    won = real_mine > real_theirs
    value += GAME_WEIGHT if won else -GAME_WEIGHT
    return value, won, paid, their_paid


def game_weight(rules: Rules, scores: Sequence[int]) -> int:
    """The exact solver's ``game`` option for a hand from ``scores``:
    :data:`GAME_WEIGHT` where the game can end with it, else 0."""
    return GAME_WEIGHT if game_in_reach(rules, scores) else 0


def playout(st: State) -> None:
    """Finish the hand with the rule policy for every seat."""
    choose = choose_card
    play = st.play
    while st.tricks_done < 13:
        seat = st.turn
        card, _ = choose(st, seat)
        play(seat, card)


def sim_legal_bids(
    rules: Rules, seat: Seat, bids: dict[Seat, Bid], trumps: int
) -> list[Bid]:
    """The bids a seat that has looked may make (as the engine's
    ``bidding.legal_bids``), from the bids so far and its number of trumps."""
    partner = seat.partner if rules.players == 4 else None
    pbid = bids.get(partner) if partner is not None else None
    if pbid is not None and pbid.kind is BidKind.BLIND_SEVEN:
        return [Bid.BLIND_SEVEN]
    nil_ok = rules.nil
    if pbid is not None:
        if rules.nil_before_partner_only:
            nil_ok = False
        if pbid.is_nil and not rules.double_nil:
            nil_ok = False
    if rules.suicide and pbid is not None:
        if pbid.is_nil:
            nil_ok = False
        else:
            return [Bid.NIL]
    low = 0 if rules.numeric_zero else 1
    if rules.bid_rule == "mirror":
        return [Bid(trumps)] if trumps else [Bid.NIL]
    if rules.bid_rule == "whiz":
        if trumps < low:
            return [Bid.NIL]
        return [Bid(trumps)] + ([Bid.NIL] if nil_ok else [])
    return [Bid(n) for n in range(low, 14)] + ([Bid.NIL] if nil_ok else [])


def later_bids(
    view: PlayerView, world: list[int], bids: dict[Seat, Bid], seats: Iterable[Seat]
) -> None:
    """Fill in ``bids`` for each of ``seats`` not in it yet, as the rule bot
    would bid holding its cards in ``world`` (card masks by seat), in turn."""
    for seat in seats:
        if seat not in bids:
            bids[seat] = world_bid(view, world, bids, seat)


def world_bid(
    view: PlayerView,
    world: list[int],
    bids: dict[Seat, Bid],
    seat: Seat,
    *,
    blind: bool = True,
) -> Bid:
    """The rule bot's bid for ``seat`` holding its cards in ``world`` after
    ``bids`` (``blind=False``: the seat has looked, so Blind Nil is out)."""
    rules = view.rules
    deck = deck_for(rules)
    trumps = (world[int(seat)] & deck.suit_mask[TRUMP]).bit_count()
    options = sim_legal_bids(rules, seat, bids, trumps)
    if not blind:
        options = [b for b in options if b.kind is not BidKind.BLIND_NIL]
    if len(options) == 1:
        return options[0]
    bid, _ = bid_decision(
        deck,
        world[int(seat)],
        options,
        bids,
        seat,
        view.scores,
        view.bags,
        explain=False,
    )
    return bid


def exchange_masks(
    deck: Deck,
    hands: list[int],
    bids: dict[Seat, Bid],
    order: tuple[Seat, ...],
    st: State,
) -> None:
    """The rule bots' blind-nil exchange, on masks."""
    n = deck.rules.exchange
    done: set[Seat] = set()
    top = deck.top

    def danger(c: int) -> tuple[int, int]:
        return (14 - top[c] + (3 if c >> 4 == TRUMP else 0), c)

    for seat in order:
        bid = bids.get(seat)
        if bid is None or bid.kind is not BidKind.BLIND_NIL or seat in done:
            continue
        partner = seat.partner
        done |= {seat, partner}
        s, p = int(seat), int(partner)
        give = sorted(bits(hands[s]), key=danger, reverse=True)[:n]
        if bids.get(partner) is not None and bids[partner].is_nil:
            back = sorted(bits(hands[p]), key=danger, reverse=True)[:n]
        else:
            back = sorted(bits(hands[p]), key=danger)[:n]
        gm = sum(1 << c for c in give)
        bm = sum(1 << c for c in back)
        hands[s] = (hands[s] & ~gm) | bm
        hands[p] = (hands[p] & ~bm) | gm
        st.known[s] |= gm
        st.known[p] |= bm


def play_state(
    deck: Deck,
    world: list[int],
    bids: dict[Seat, Bid],
    st0: State,
    order: tuple[Seat, ...],
    leader: int,
) -> State:
    st = State(deck)
    st.hands = world[:]
    for seat, bid in bids.items():
        tricks, nil = bid_code(bid)
        st.bid[int(seat)] = tricks
        st.nil[int(seat)] = nil
        if bid.kind is BidKind.BLIND_SEVEN:
            st.blind7[st.side(int(seat))] = True
    if deck.rules.exchange and any(b.kind is BidKind.BLIND_NIL for b in bids.values()):
        exchange_masks(deck, st.hands, bids, order, st)
    st.seen = st0.seen[:]
    st.scores = st0.scores
    st.bags = st0.bags
    st.turn = leader
    return st
