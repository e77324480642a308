"""The search level: determinized Monte Carlo with rule-based playouts.

For a card play, the bot deals the unseen cards many times consistently
with what it has seen (:mod:`.sampler`), plays each candidate card in every
world and finishes the hand with the rule-based policy for all four seats,
then picks the card with the best average outcome (its side's bag-adjusted
points minus the opponents', plus a large bonus or malus when the hand ends
the game). Candidate cards that are equivalent (no unseen card between
them) are tried once; moves that are blunders by the match's definition
(overtaking a partner's sure winner, leaving a partner's nil uncovered) are
not tried.

For a bid, it deals the unseen cards, lets the later seats bid as the rule
bot would, plays the hand out for each candidate bid (the rule bid, one
more, one less, and nil when the hand could be a nil) and keeps the best.
A blind decision (look, or bid blind nil or blind seven) is searched the
same way, the seat's own cards dealt too
(:func:`spadeslib.bots.studies.bids.study_blind`).
So are the blind-nil exchange (:func:`search_exchange`) and the two-player
draw (:func:`search_draw`: keep the top card or take the next).

The budget is ``samples`` worlds per decision (deterministic for a seed);
``time_limit`` (seconds) optionally stops early.

>>> from spadeslib import Hand
>>> hand = Hand(seed=4, dealer="W")
>>> bot = SearchBot(seed=1, samples=2)
>>> bot.act(hand.view(hand.turn)) in hand.legal_actions()
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

from ..actions import KEEP, LOOK, Action, Bid, Exchange
from ..errors import SpadesError, is_whole
from ..hand import Phase
from ..view import PlayerView
from .base import Suggestion
from .candidates import candidates, played_by_seat, representative
from .knowledge import state_from_view
from .playout import later_bids, leaf_value, play_state, playout
from .policy import choose_card
from .reasons import card_reason
from .rule_bot import bid_decision, rule_decision
from .sampler import sample_worlds
from .seat_context import partner_sure
from .sim import TRUMP, State, deck_for
from .studies.estimate import standard_error
from .valuation import nil_danger

__all__ = [
    "DEFAULT_SAMPLES",
    "LITE_SAMPLES",
    "SearchBot",
    "search_bid",
    "search_card",
]

#: worlds per decision at the default budget
DEFAULT_SAMPLES = 16
#: worlds per decision of the ``search-lite`` level
LITE_SAMPLES = 6
#: points the rule bot's own choice is preferred by, so noise does not
#: replace it
RULE_BONUS = 1.0


class SearchBot:
    """Determinized Monte Carlo search over rule-based playouts.

    >>> SearchBot(samples=8).name
    'search'
    """

    name = "search"
    #: moves the match counts as blunders are never tried (see :func:`_blunders`)
    filters_blunders = True

    def __init__(
        self,
        seed: int | str | None = None,
        samples: int = DEFAULT_SAMPLES,
        bid_samples: int | None = None,
        time_limit: float | None = None,
        confidence: float = 1.0,
    ) -> None:
        for name, count in (("samples", samples), ("bid_samples", bid_samples)):
            if count is not None and (not is_whole(count) or count < 0):
                raise SpadesError(
                    f"{name} must be a whole number at least 0 (0: play as the "
                    f"rule level), not {count!r}"
                )
        if time_limit is not None and not time_limit > 0:
            raise SpadesError(f"time_limit must be above 0 seconds, not {time_limit!r}")
        if not confidence >= 0:  # standard errors (NaN refused too)
            raise SpadesError(f"confidence must be at least 0, not {confidence!r}")
        self.seed = seed
        self.samples = samples
        self.bid_samples = bid_samples if bid_samples is not None else samples
        self.time_limit = time_limit
        self.confidence = confidence
        self._blind: dict[tuple[int, int, int], bool] = {}

    def act(self, view: PlayerView) -> Action:
        """The action for ``view`` (one of ``view.legal``)."""
        return self.explain(view).action

    def explain(self, view: PlayerView) -> Suggestion:
        """The action, with the rule-style reason and the search's estimate."""
        legal = view.legal
        if not legal:
            raise SpadesError(f"{view.seat.full} is not to move")
        rng = random.Random(f"{self.seed}/{_view_key(view)}")
        searched = self._search(view, rng) if len(legal) > 1 else None
        action, reason = searched or rule_decision(view, self._blind)
        return Suggestion(action, reason, self.name)

    def _search(
        self, view: PlayerView, rng: random.Random
    ) -> tuple[Action, str] | None:
        """The searched action and reason, or ``None`` where this level
        follows the rule level (no budget, or a decision it does not search)."""
        phase = view.phase
        four = view.rules.players == 4
        if phase is Phase.PLAYING:
            if not self.samples:
                return None
            return search_card(
                view, rng, self.samples, self.time_limit, self.confidence
            )
        if not self.bid_samples:
            return None
        samples = self.bid_samples
        if phase is Phase.BIDDING and view.holding is not None:
            return search_bid(view, rng, samples, self.time_limit, self.confidence)
        if phase is Phase.BIDDING and four:
            return search_blind(view, rng, samples)
        if phase is Phase.EXCHANGE and four:
            return search_exchange(view, rng, samples)
        if phase is Phase.DRAW and view.drawn is not None:
            return search_draw(view, rng, samples)
        return None

    def reset(self) -> None:
        """Forget the two-player blind-nil declarations remembered."""
        self._blind.clear()


def _view_key(view: PlayerView) -> str:
    played = "".join(str(c) for c in view.played_cards())
    bids = ",".join(f"{s.letter}{b}" for s, b in view.bids.items())
    return f"{view.number}/{view.seat.letter}/{view.phase.value}/{bids}/{played}"


# ------------------------------------------------------------------- cards
def _blunders(st: State, seat: int, cands: list[int]) -> set[int]:
    """Candidates that would be blunders by the match's definition."""
    if st.n != 4 or not st.trick:
        return set()
    partner = seat ^ 2
    wseat, best = st.winning()
    if wseat != partner:
        return set()

    def beats(c: int) -> bool:
        if c >> 4 == best >> 4:
            return c > best
        return c >> 4 == TRUMP

    beating = {c for c in cands if beats(c)}
    if not beating or len(beating) == len(cands):
        return set()
    if st.nil[partner]:
        if st.tricks_won[partner] == 0 and not st.nil[seat]:
            return set(cands) - beating  # leaving the nil uncovered
        return set()
    if partner_sure(st, seat):
        return beating
    return set()


def _worlds(
    st: State,
    seat: int,
    rng: random.Random,
    samples: int,
    time_limit: float | None,
    **options: Any,
) -> Iterator[list[int]]:
    """Sampled worlds: all at once, or in small batches under a time limit
    (the caller stops drawing when time is up)."""
    if time_limit is None:
        yield from sample_worlds(st, seat, rng, samples, **options)
        return
    left = samples
    while left > 0:
        batch = min(4, left)
        yield from sample_worlds(st, seat, rng, batch, **options)
        left -= batch


def _pick(values: list[list[float]], rule: int | None, confidence: float) -> int:
    """The candidate to play: the best on average, but the rule's choice
    unless the best beats it by more than :data:`RULE_BONUS` plus
    ``confidence`` standard errors of the paired differences (the same
    worlds are used for every candidate)."""
    n = len(values[0])
    means = [sum(v) / n for v in values]
    best = max(range(len(values)), key=lambda i: means[i])
    if rule is None or best == rule:
        return best
    diffs = [a - b for a, b in zip(values[best], values[rule], strict=True)]
    gain = sum(diffs) / n
    return best if gain > RULE_BONUS + confidence * standard_error(diffs) else rule


def search_card(
    view: PlayerView,
    rng: random.Random,
    samples: int,
    time_limit: float | None = None,
    confidence: float = 1.0,
) -> tuple[Action, str]:
    """The search's card for ``view`` and a reason."""
    start = time.perf_counter()
    st = state_from_view(view)
    seat = int(view.seat)
    deck = st.deck
    rule_id, code = choose_card(st, seat)
    rule_card = deck.card[rule_id]
    assert rule_card is not None
    cands = candidates(st, seat)
    bad = _blunders(st, seat, cands)
    if bad and len(bad) < len(cands):
        cands = [c for c in cands if c not in bad]
    rule_rep = representative(st, seat, rule_id, cands)
    if len(cands) == 1:
        if cands[0] == rule_rep:
            return rule_card, card_reason(view, st, rule_card, code)
        card = deck.card[cands[0]]
        assert card is not None
        return card, f"Play the {card.symbol}: the only sensible choice"
    played_by = played_by_seat(view, deck)
    worlds = _worlds(st, seat, rng, samples, time_limit, played_by=played_by)
    side = st.side(seat)
    rules = deck.rules
    values: list[list[float]] = [[] for _ in cands]
    for world in worlds:
        base = st.copy()
        base.hands = world[:]
        for i, c in enumerate(cands):
            sim = base.copy()
            sim.play(seat, c)
            playout(sim)
            values[i].append(leaf_value(sim, side, rules))
        if time_limit is not None and time.perf_counter() - start > time_limit:
            break
    used = len(values[0])
    rule_index = cands.index(rule_rep) if rule_rep in cands else None
    best = _pick(values, rule_index, confidence)
    mean = sum(values[best]) / used
    if best == rule_index:
        return rule_card, card_reason(view, st, rule_card, code) + (
            f" (search agrees: {mean:+.0f} on average)"
        )
    card = deck.card[cands[best]]
    assert card is not None
    reason = f"Play the {card.symbol}: over {used} deals of the unseen cards it scores"
    if rule_index is not None:
        gain = mean - sum(values[rule_index]) / used
        reason += f" {gain:.0f} points better on average than the {rule_card.symbol}"
    else:
        reason += " best on average"
    return card, reason + f" (expected {mean:+.0f})"


# -------------------------------------------------------------------- bids
def _choose(study: Any) -> tuple[Action, float]:
    """A study's action (the rule's unless another is clearly better, as for
    cards) and its mean value."""
    options = list(study.outcomes)
    rule = options.index(study.rule_action)
    best = _pick([study.outcomes[a] for a in options], rule, 1.0)
    action = options[best]
    return action, sum(study.outcomes[action]) / len(study.outcomes[action])


def search_blind(
    view: PlayerView, rng: random.Random, samples: int
) -> tuple[Action, str]:
    """Look or bid blind: each choice played out over worlds dealing every
    card (the seat's own too); the rule's choice unless another is clearly
    better (as for cards)."""
    from .studies.bids import study_blind

    study = study_blind(view, rng, samples)
    action, mean = _choose(study)
    word = (
        LOOK.label(view.rules.players).capitalize()
        if action not in (Bid.BLIND_NIL, Bid.BLIND_SEVEN)
        else ("Bid blind nil" if action == Bid.BLIND_NIL else "Declare blind seven")
    )
    return action, f"{word}: over {study.worlds} deals it scores {mean:+.0f} on average"


def search_draw(
    view: PlayerView, rng: random.Random, samples: int
) -> tuple[Action, str]:
    """The two-player draw: keep the top card or take the next, each played
    out over the same worlds (:func:`spadeslib.bots.studies.draw.study_draw`)."""
    from .studies.draw import study_draw

    study = study_draw(view, rng, samples)
    action, mean = _choose(study)
    assert view.drawn is not None  # the caller's condition
    card = view.drawn.symbol
    word = (
        f"Keep the {card}" if action == KEEP else f"Discard the {card}, take the next"
    )
    return action, f"{word}: over {study.worlds} deals it scores {mean:+.0f} on average"


def search_exchange(
    view: PlayerView, rng: random.Random, samples: int
) -> tuple[Action, str]:
    """The blind-nil exchange: a few sensible passes played out over the same
    worlds (:func:`spadeslib.bots.studies.exchange.study_exchange`)."""
    from .studies.exchange import study_exchange

    study = study_exchange(view, rng, samples)
    action, mean = _choose(study)
    assert isinstance(action, Exchange)  # every candidate pass is one
    return action, (
        f"Pass {' and '.join(c.symbol for c in action.cards)}: over "
        f"{study.worlds} deals it scores {mean:+.0f} on average"
    )


def search_bid(
    view: PlayerView,
    rng: random.Random,
    samples: int,
    time_limit: float | None = None,
    confidence: float = 1.0,
) -> tuple[Action, str]:
    """The search's bid for ``view`` and a reason."""
    start = time.perf_counter()
    rules = view.rules
    deck = deck_for(rules)
    me = view.seat
    hand = deck.mask(view.holding or ())
    legal = [b for b in view.legal if isinstance(b, Bid)]
    rule_bid, rule_reason = bid_decision(
        deck, hand, legal, view.bids, me, view.scores, view.bags
    )
    numeric = sorted((b for b in legal if not b.is_nil), key=lambda b: b.tricks)
    cands: list[Bid] = []
    if rule_bid.is_nil:
        base = max(0 if rules.numeric_zero else 1, 1)
    else:
        base = rule_bid.tricks
    for b in numeric:
        if abs(b.tricks - base) <= 1 or len(numeric) == 1:
            cands.append(b)
    if Bid.NIL in legal and (rule_bid.is_nil or nil_danger(deck, hand) <= 2.2):
        cands.append(Bid.NIL)
    if rule_bid not in cands:
        cands.append(rule_bid)
    if len(cands) == 1:
        return rule_bid, rule_reason
    # the hidden cards, dealt from this seat's knowledge
    st0 = state_from_view(view)
    st0.hands[int(me)] = hand
    order = view.bid_order
    bidders = [int(s) for s in view.bids]
    worlds = _worlds(
        st0, int(me), rng, samples, time_limit, played_by=[0, 0, 0, 0], bidders=bidders
    )
    later = list(order[order.index(me) + 1 :])
    values: list[list[float]] = [[] for _ in cands]
    side = st0.side(int(me))
    if rules.players == 4:
        leader = view.dealer if rules.dealer_leads else view.dealer.left
    else:
        leader = view.dealer.partner
    for world in worlds:
        for i, mine in enumerate(cands):
            bids = dict(view.bids)
            bids[me] = mine
            later_bids(view, world, bids, later)
            sim = play_state(deck, world, bids, st0, order, int(leader))
            playout(sim)
            values[i].append(leaf_value(sim, side, rules))
        if time_limit is not None and time.perf_counter() - start > time_limit:
            break
    used = len(values[0])
    rule_index = cands.index(rule_bid)
    best = _pick(values, rule_index, confidence)
    choice = cands[best]
    mean = sum(values[best]) / used
    if best == rule_index:
        return choice, rule_reason + f" (search agrees: {mean:+.0f} on average)"
    rule_mean = sum(values[rule_index]) / used
    what = "nil" if choice.is_nil else choice.label()
    return choice, (
        f"Bid {what}: over {used} deals of the unseen cards it scores "
        f"{mean - rule_mean:.0f} points better on average than "
        f"{rule_bid.label()} ({mean:+.0f})"
    )
