"""The rule-based level: a sound club player.

It bids by counting likely tricks (top spades and spade length, guarded
side honours, ruffs from short suits with spare spades), bids nil with
hands that have no dangerous high cards, adjusts when its partner bids nil,
and plays by the book: cheapest winning card, low when it cannot win, never
over its partner's sure winner, covers a partner's nil, attacks the
opponents' nil, ducks overtricks once the contract is made (pushing the
bags onto the opponents) and plays to the game score near the end.

>>> from spadeslib import Hand
>>> hand = Hand(seed=4, dealer="W")
>>> bot = RuleBot()
>>> bot.act(hand.view(hand.turn)) in hand.legal_actions()
True
"""

from __future__ import annotations

from typing import Any, TypedDict

from ..actions import KEEP, LOOK, TAKE_NEXT, Action, Bid, Discard, Exchange
from ..bidding import refuse_bid, restricting_rule, trumps_held
from ..cards import Card
from ..display import plural
from ..errors import SpadesError
from ..hand import Phase
from ..rule_ids import RuleId
from ..scoring import side_of
from ..seats import Seat
from ..view import PlayerView
from .base import Suggestion
from .knowledge import state_from_view
from .policy import choose_card
from .reasons import card_reason
from .sim import TRUMP, Deck, deck_for
from .valuation import Part, evaluate, nil_danger

__all__ = [
    "RuleBot",
    "bid_decision",
    "draw_keeps",
    "forced_bid_reason",
    "rule_decision",
]

#: a hand with nil danger at most this is a nil (before adjustments)
NIL_THRESHOLD = 1.0
#: added to the expected tricks before rounding to a bid (a little under
#: the expectation: a set costs more than a bag; tuned by duplicate matches)
BID_SHIFT = {4: -0.4, 2: -1.2}
#: a nil hand is worth at most this many tricks by :func:`.valuation.evaluate`
NIL_MAX_TRICKS = {4: 2.0, 2: 2.9}
#: added to the trick count when the partner has bid nil (the covering
#: partner wins extra tricks by playing high)
NIL_PARTNER_BONUS = 0.6


class _Options(TypedDict):
    """A rule bot's tuning, passed on to :func:`rule_decision`."""

    bid_shift: float | None
    nil_threshold: float
    nil_partner_bonus: float


class RuleBot:
    """The rule-based bot. Deterministic: the same view gives the same action.

    >>> RuleBot().name
    'rule'
    """

    name = "rule"
    #: its policy never overtakes a partner's sure winner nor leaves a
    #: partner's nil uncovered when it can cover: those blunders are excluded
    #: by construction (see :mod:`.match`)
    filters_blunders = True

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        bid_shift: float | None = None,
        nil_threshold: float = NIL_THRESHOLD,
        nil_partner_bonus: float = NIL_PARTNER_BONUS,
    ) -> None:
        self.seed = seed
        self.options: _Options = {
            "bid_shift": bid_shift,
            "nil_threshold": nil_threshold,
            "nil_partner_bonus": nil_partner_bonus,
        }
        self._blind: dict[tuple[int, int, int], bool] = {}

    def act(self, view: PlayerView) -> Action:
        """The action for ``view`` (one of ``view.legal``), the same as
        :meth:`explain`'s; the reason is worked out only when asked for."""
        return rule_decision(view, self._blind, reason=False, **self.options)[0]

    def explain(self, view: PlayerView) -> Suggestion:
        """The action with its reason."""
        action, reason = rule_decision(view, self._blind, **self.options)
        return Suggestion(action, reason, self.name)

    def reset(self) -> None:
        """Forget the two-player blind-nil declarations remembered."""
        self._blind.clear()


def rule_decision(
    view: PlayerView,
    memory: dict[tuple[int, int, int], bool] | None = None,
    *,
    reason: bool = True,
    person: int = 2,
    **options: Any,
) -> tuple[Action, str]:
    """The rule bot's action for a view and the reason in words.

    A two-player double-nil declaration is read from the public
    ``view.declared_blind``, so a bot rebuilt for each decision keeps to it;
    ``memory`` also records the declarations this bot made (for views built
    without that field). ``reason=False`` skips the wording of the
    card play and bid reasons (the action is the same). A reason is said to
    the player ("you bid your 4 spades"); ``person=3`` says a bid's or a
    look's reason about the seat, for someone else ("it bids its 4 spades":
    the table's *Why the others bid*, whose line names the seat).

    >>> from spadeslib import Hand
    >>> east = Hand("classic+mirror", "N", seed=4).view("E")
    >>> rule_decision(east)
    (Bid(4), 'Bid 4: under mirror you bid your 4 spades')
    >>> rule_decision(east, person=3)
    (Bid(4), 'Bid 4: under mirror it bids its 4 spades')
    """
    legal = view.legal
    if not legal:
        raise SpadesError(f"{view.seat.full} is not to move")
    key = (view.number, int(view.dealer), int(view.seat))
    phase = view.phase
    if len(legal) == 1:
        action = legal[0]
        if phase is Phase.PLAYING:
            assert isinstance(action, Card)  # the legal actions of play are cards
            return action, f"The {action.symbol} is your only legal card"
        if isinstance(action, Bid):
            return action, forced_bid_reason(view, action, person) if reason else ""
        return action, f"{_label(action)} is the only choice here"
    if phase is Phase.PLAYING:
        return _play(view, reason)
    if phase is Phase.BIDDING or (phase is Phase.DRAW and view.holding is None):
        if view.holding is None:
            action, why = _blind(view, person)
            if memory is not None and phase is Phase.DRAW:
                memory[key] = action == Bid.BLIND_NIL
            return action, why
        return _bid(view, explain=reason, person=person, **options)
    if phase is Phase.DRAW:
        declared = view.seat in view.declared_blind or bool(memory and memory.get(key))
        return _draw(view, declared)
    if phase is Phase.EXCHANGE:
        return _exchange(view)
    if phase is Phase.BLIND_DISCARD:
        return _blind_discard(view)
    return legal[0], "the only choice"


def _say(person: int, you: str, it: str) -> str:
    """A reason's words to the player (``you``, second person) or, for
    ``person=3``, about the seat (``it``)."""
    return it if person == 3 else you


def _label(action: Action) -> str:
    if isinstance(action, Bid):
        return f"Bid {action.label()}"
    if isinstance(action, Card):
        return action.symbol
    return str(action).capitalize()


# ------------------------------------------------------------------- play
def _play(view: PlayerView, reason: bool = True) -> tuple[Action, str]:
    st = state_from_view(view)
    seat = int(view.seat)
    card_id, code = choose_card(st, seat)
    card = st.deck.card[card_id]
    assert card is not None
    return card, card_reason(view, st, card, code) if reason else ""


# ---------------------------------------------------------------- bidding
def _side_deficit(view: PlayerView) -> int:
    """How many points the view's side is behind (negative when ahead)."""
    mine = view.scores[view.side]
    other = max(v for s, v in view.scores.items() if s != view.side)
    return other - mine


def _blind(view: PlayerView, person: int = 2) -> tuple[Action, str]:
    legal = view.legal
    deficit = _side_deficit(view)
    rules = view.rules
    others = [v for s, v in view.scores.items() if s != view.side]
    near_end = max(others) >= rules.target - 120
    if Bid.BLIND_NIL in legal and (deficit >= 200 or (near_end and deficit >= 100)):
        return Bid.BLIND_NIL, (
            "Bid Blind Nil: "
            + _say(person, "you are", "its side is" if rules.players == 4 else "it is")
            + f" {deficit} points behind"
            + (
                f" and {_say(person, 'the', 'its')} opponents are close to winning"
                if near_end
                else ""
            )
            + f", so the {rules.blind_nil_value}-point gamble is worth it"
        )
    if Bid.BLIND_SEVEN in legal and (deficit >= 150 or (near_end and deficit >= 80)):
        return Bid.BLIND_SEVEN, (
            f"Declare blind seven: {deficit} points behind, a "
            f"{rules.blind_seven_value}-point swing is needed"
        )
    if LOOK in legal:
        if deficit > 0:
            why = f"only {deficit} points behind: not worth a blind gamble"
        else:
            why = "not behind: no need for a blind gamble"
        look = _say(
            person,
            LOOK.label(rules.players).capitalize(),
            "It draws its cards" if rules.players == 2 else "It looks at its cards",
        )
        return LOOK, f"{look} ({why})"
    return legal[0], f"{_label(legal[0])} is required"


def _describe_parts(deck: Deck, parts: list[Part]) -> str:
    words = []
    for kind, ids, value in parts:
        cards = [deck.card[i] for i in ids]
        if kind == "trumps":
            n = round(value)
            noun = "trick" if n == 1 else "tricks"
            words.append(f"{n} likely spade {noun}" if n >= 1 else "a chance in spades")
        elif kind == "honours":
            text = "".join(c.symbol.rstrip("♠♥♦♣") for c in cards if c)
            suit = cards[0].suit.symbol if cards and cards[0] else ""
            if value >= 0.9:
                words.append(f"{text}{suit}")
            elif value >= 0.4:
                words.append(f"{text}{suit} (half a trick)")
            else:
                words.append(f"{text}{suit} (a small chance)")
        elif kind == "ruffs":
            words.append("ruffs in a short suit")
    return ", ".join(words) if words else "no sure tricks"


def _bid(view: PlayerView, **options: Any) -> tuple[Action, str]:
    deck = deck_for(view.rules)
    return bid_decision(
        deck,
        deck.mask(view.holding or ()),
        [b for b in view.legal if isinstance(b, Bid)],
        view.bids,
        view.seat,
        view.scores,
        view.bags,
        **options,
    )


def forced_bid_reason(view: PlayerView, bid: Bid, person: int = 2) -> str:
    """The reason for ``bid``, the seat's only legal bid: the rule that
    forces it, as the engine's refusal of another bid names it; said to the
    player, or about it for ``person=3`` (:func:`rule_decision`).

    >>> from spadeslib import Hand
    >>> hand = Hand("classic+mirror", "N", seed=4)
    >>> view = hand.view("E")
    >>> view.legal
    (Bid(4),)
    >>> forced_bid_reason(view, Bid(4))
    'Bid 4: under mirror you bid your 4 spades'
    >>> hand = Hand("classic+suicide", "N", seed=4)
    >>> hand.apply(3); hand.apply(2)  # East and South
    >>> forced_bid_reason(hand.view("W"), Bid.NIL)
    'Bid Nil: under suicide one partner bids Nil: East bid 3, so you bid Nil'
    >>> forced_bid_reason(hand.view("W"), Bid.NIL, person=3)
    'Bid Nil: under suicide one partner bids Nil: East bid 3, so it bids Nil'
    """
    rules = view.rules
    situation = view.bid_situation()
    head = f"Bid {bid.label()}: "
    refusal = restricting_rule(situation)
    if refusal is None:  # not forced after all: the rules allow another bid
        return head + "the rules allow it"
    rule, text = refusal
    why = text.partition(": ")[2]
    held = trumps_held(rules, view.holding) if view.holding is not None else None
    spades = plural(held, "spade") if held is not None else ""
    partner = view.partner
    partner_bid = view.bids.get(partner) if partner is not None else None
    if rule is RuleId.MIRROR and held is not None:
        if not held:
            return (
                head
                + "under mirror a player with no spades bids Nil, and "
                + _say(person, "you hold none", "it holds none")
            )
        return head + _say(
            person,
            f"under mirror you bid your {spades}",
            f"under mirror it bids its {spades}",
        )
    if rule is RuleId.WHIZ and held is not None:
        if bid.is_nil:
            return head + _say(
                person,
                "under whiz you bid your spades or Nil, and you hold no spades",
                "under whiz it bids its spades or Nil, and it holds no spades",
            )
        nil = refuse_bid(situation, Bid.NIL)
        closed = (
            f", and Nil is closed to {_say(person, 'you', 'it')}: "
            f"{nil[1].partition(': ')[2]}"
            if nil
            else ""
        )
        return head + _say(
            person,
            f"under whiz you bid your {spades} or Nil{closed}",
            f"under whiz it bids its {spades} or Nil{closed}",
        )
    if rule is RuleId.SUICIDE and partner is not None and partner_bid is not None:
        return head + (
            f"under suicide one partner bids Nil: {partner.full} bid "
            f"{partner_bid.label()}, so {_say(person, 'you bid', 'it bids')} Nil"
        )
    if rule is RuleId.BLIND_NIL_DECLARED:
        return head + _say(
            person,
            "you declared Blind Nil before drawing, so it is your only bid",
            "it declared Blind Nil before drawing, so that is its only bid",
        )
    if rule is RuleId.BLIND_SEVEN and partner is not None:
        return head + (
            f"{partner.full} declared Blind Seven for the team, so "
            + _say(person, "you bid it too", "it bids Blind Seven too")
        )
    return head + f"it is the only bid the rules allow: {why}"


def bid_decision(
    deck: Deck,
    hand: int,
    legal: list[Bid],
    bids: dict[Seat, Bid],
    seat: Seat,
    scores: dict[str, int],
    bags: dict[str, int],
    bid_shift: float | None = None,
    nil_threshold: float = NIL_THRESHOLD,
    nil_partner_bonus: float = NIL_PARTNER_BONUS,
    explain: bool = True,
    person: int = 2,
) -> tuple[Bid, str]:
    """The rule bid for a hand (a card mask of ``deck``) among ``legal``,
    given the bids so far and the game score, with its reason (to the
    player, or about it for ``person=3``: :func:`rule_decision`)."""
    rules = deck.rules
    parts: list[Part] | None = [] if explain else None
    estimate = evaluate(deck, hand, parts)
    basis = _describe_parts(deck, parts) if parts is not None else ""
    if bid_shift is None:
        bid_shift = BID_SHIFT[rules.players]
    adj = estimate + bid_shift
    notes: list[str] = []
    partner = seat.partner if rules.players == 4 else None
    partner_bid = bids.get(partner) if partner is not None else None
    if partner_bid is not None and partner_bid.is_nil:
        adj += nil_partner_bonus
        notes.append(
            _say(
                person,
                "partner bid Nil, so you carry the contract and win extra tricks "
                "covering",
                "its partner bid Nil, so it carries the contract and wins extra "
                "tricks covering",
            )
        )
    others = sum(b.tricks for b in bids.values() if not b.is_nil)
    if adj + others > 13.5:
        adj -= 0.5 * (adj + others - 13)
        notes.append(f"the table has already bid {others}")
    side = side_of(rules, seat)
    own_bags = bags[side]
    if own_bags >= rules.bag_limit - 3:
        adj += 0.35
        notes.append(f"{_say(person, 'your', 'its')} side has {own_bags} bags")
    mine = scores[side]
    deficit = max(v for s, v in scores.items() if s != side) - mine
    low = 0 if rules.numeric_zero else 1
    number = max(low, int(adj + 0.45))
    if number == 0 and estimate >= 0.25:
        number = 1
    partner_tricks = partner_bid.tricks if partner_bid is not None else 0
    if (
        deficit < 0
        and number > 1
        and (mine + 10 * (number - 1 + partner_tricks) >= rules.target)
    ):
        number -= 1
        notes.append(
            "a made contract wins the game, so "
            + _say(person, "bid one safe trick less", "it bids one safe trick less")
        )
    numeric = [b for b in legal if not b.is_nil]
    # nil?
    if Bid.NIL in legal:
        danger = nil_danger(deck, hand)
        limit = nil_threshold
        if partner_bid is not None and not partner_bid.is_nil:
            if partner_bid.tricks >= 4:
                limit += 0.3
            elif partner_bid.tricks <= 2:
                limit -= 0.4
        if deficit >= 150:
            limit += 0.3
        forced_pair = rules.suicide and partner_bid is None
        if forced_pair:
            limit += 0.6
        if not numeric or (
            danger <= limit
            and estimate <= NIL_MAX_TRICKS[rules.players] + (0.5 if forced_pair else 0)
        ):
            why = (
                "no high cards that could be forced to win"
                if danger < 0.5
                else ("few cards that could be forced to win")
            )
            if not numeric:
                return Bid.NIL, f"Bid Nil: the rules leave no other bid ({why})"
            return Bid.NIL, f"Bid Nil: {why} (hand worth about {estimate:.1f} tricks)"
    if not numeric:
        return legal[0], f"{_label(legal[0])} is required"
    choice = min(numeric, key=lambda b: (abs(b.tricks - number), b.tricks))
    if len(numeric) == 1:
        reason = (
            f"Bid {choice.label()}: the rules fix it ({rules.bid_rule or 'forced'})"
        )
        if rules.bid_rule in ("mirror", "whiz"):
            reason = f"Bid {choice.label()}: under {rules.bid_rule} " + _say(
                person, "you bid your spades", "it bids its spades"
            )
        return choice, reason
    reason = f"Bid {choice.label()}: {basis}"
    if parts:  # the parts are rounded: say what they add up to, and what
        # such a count takes in play (measured by self-play: valuation.SCALE)
        counted = sum(value for _, _, value in parts)
        total = min(estimate, float(rules.hand_size))
        reason += f" (counted {counted:.1f}, worth about {total:.1f} tricks in play"
        reason += ", bid a little under)" if choice.tricks < round(total) else ")"
    if notes:
        reason += "; " + "; ".join(notes)
    return choice, reason


# ------------------------------------------------------ exchange and draws
def _danger_key(card: Card, deck: Deck) -> tuple[int, int]:
    cid = deck.id_of_card(card)
    rank = 14 - deck.top[cid]
    return (rank + (3 if cid >> 4 == TRUMP else 0), cid)


def _exchange(view: PlayerView) -> tuple[Action, str]:
    deck = deck_for(view.rules)
    n = view.rules.exchange
    hand = list(view.holding or ())
    bid = view.bids.get(view.seat)
    if bid is not None and bid.is_nil:
        chosen = sorted(hand, key=lambda c: _danger_key(c, deck), reverse=True)[:n]
        names = " and ".join(c.symbol for c in chosen)
        action = Exchange.of(tuple(chosen))
        return action, f"Pass your most dangerous cards ({names}) to your partner"
    chosen = sorted(hand, key=lambda c: _danger_key(c, deck))[:n]
    names = " and ".join(c.symbol for c in chosen)
    return Exchange.of(
        tuple(chosen)
    ), f"Pass your lowest cards ({names}) to help the Nil"


def draw_keeps(deck: Deck, card: int, declared: bool) -> bool:
    """Whether the rule level keeps the top card of the two-player stock
    (card id ``card`` of ``deck``): a trick winner, or a low card for a
    player who declared double nil."""
    rank = 14 - deck.top[card]
    trump = card >> 4 == TRUMP
    if declared:
        return (not trump and rank <= 7) or (trump and rank <= 4)
    return (trump and rank >= 7) or (not trump and rank >= 12)


def _draw(view: PlayerView, declared: bool) -> tuple[Action, str]:
    card = view.drawn
    assert card is not None
    deck = deck_for(view.rules)
    keep = draw_keeps(deck, deck.id_of_card(card), declared)
    if declared:
        if keep:
            return KEEP, f"Keep the {card.symbol}: low cards protect your Blind Nil"
        return TAKE_NEXT, f"Discard the {card.symbol}: too high for a Blind Nil"
    if keep:
        return KEEP, f"Keep the {card.symbol}: it should win a trick"
    return (
        TAKE_NEXT,
        f"Take the next card: the {card.symbol} is unlikely to win a trick",
    )


def _blind_discard(view: PlayerView) -> tuple[Action, str]:
    deck = deck_for(view.rules)
    n = view.rules.blind_nil_discards
    hand = list(view.holding or ())
    ranked = sorted(hand, key=lambda c: _danger_key(c, deck), reverse=True)
    chosen = [c for c in ranked[:n] if _danger_key(c, deck)[0] >= 11]
    action = Discard.of(tuple(chosen))
    if action not in view.legal:
        action = Discard.of(())
    if not chosen:
        return action, "Keep your cards: none is dangerous for the Blind Nil"
    names = ", ".join(c.symbol for c in chosen)
    return action, f"Discard {names}: high cards are the danger to a Blind Nil"
