"""Reasons in plain words for the card-play decisions of :mod:`.policy`.

>>> from spadeslib import Hand
>>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"}, dealer="W")
>>> for bid in (13, 1, 1, 1): hand.apply(bid)
>>> from spadeslib.bots.knowledge import state_from_view
>>> view = hand.view("N")
>>> card_reason(view, state_from_view(view), Card.parse("AS"), "only")
'The A♠ is your only legal card'
"""

from __future__ import annotations

from ..cards import Card, Rank
from ..display import and_list
from ..scoring import side_of
from ..seats import Seat
from ..view import PlayerView
from .sim import TRUMP, Deck, State

__all__ = ["card_reason", "sure_and_top", "sure_winners"]

_WINNING = {
    "win_cheap",
    "ruff",
    "overruff",
    "cash_boss",
    "draw_trumps",
    "third_hand_high",
    "lead_low",
    "lead_short",
    "lead_trump_low",
    "lead_partner_ruff",
}


def card_reason(view: PlayerView, st: State, card: Card, code: str) -> str:
    """A short sentence for playing ``card`` for the reason ``code``."""
    c = card.symbol
    win = view.winning()
    best = win[1].symbol if win else ""
    who = win[0] if win else None
    whose = f"{who.full}'s {best}" if who is not None else f"the {best}"
    partner = view.partner
    opp_nil = next(
        (
            s
            for s, b in view.bids.items()
            if b.is_nil and s != view.seat and s != partner and view.tricks_won[s] == 0
        ),
        None,
    )
    nil_name = opp_nil.full if opp_nil is not None else "the nil bidder"
    opp_nil_word = _nil_word(view, opp_nil)
    opp = f"{nil_name}'s {opp_nil_word}"  # "West's Nil"
    them = _them(view)
    mine = _nil_word(view, view.seat)
    partners = _nil_word(view, partner)
    texts = {
        "only": f"The {c} is your only legal card",
        # own nil
        "nil_lead_low": f"Protect your {mine}: lead "
        + (
            f"the {c}, a low card others can beat"
            if _is_low(card)
            else f"{_lowest_words(view, card)}, a card others can beat"
        ),
        "nil_under": f"Protect your {mine}: play the {c} under the {best}",
        "nil_forced": f"Your {mine} fails on this trick: every card you may play "
        f"beats the {best}; shed your highest, the {c}",
        "nil_forced_low": f"Protect your {mine}: play your lowest, the {c}, and "
        "hope it is beaten",
        "nil_discard": f"Protect your {mine}: discard the {c}, a dangerous card "
        "(others still hold lower cards that can force it to win)",
        "nil_discard_safe": f"Protect your {mine}: discard the {c}; no one else "
        "holds a lower card of its suit, so it could win only if you led it",
        # partner's nil
        "cover_beat": f"Cover partner's {partners}: win this with the {c}",
        "cover_high": f"Cover partner's {partners}: play the {c} high so partner "
        "can duck",
        "cover_ruff": f"Cover partner's {partners}: trump with the {c}",
        "cover_safe": f"Partner's {partners} is safe on this trick; play the {c}",
        "cover_low": f"Partner can play under the {best}; keep your high cards: "
        f"play the {c}",
        "cover_keep_trumps": f"Your partner's {partners} is safe on this trick: "
        f"throw away the {c} and keep your spades to cover it later",
        # opponents' nil
        "attack_lead_low": f"Attack {opp}: lead "
        + (f"the low {c}" if _is_low(card) else _lowest_words(view, card)),
        "attack_under": f"{opp} is winning this trick with the {best}: "
        f"stay under with the {c}",
        "attack_low": f"Attack {opp}: play low with the {c} so the trick "
        f"stays cheap for {nil_name} to win",
        "attack_discard": f"Attack {opp}: "
        + (
            f"do not trump, so the trick stays cheap for {nil_name} to win; "
            if any(isinstance(x, Card) and view.rules.is_trump(x) for x in view.legal)
            else "you cannot follow suit; "
        )
        + f"throw away the {c} and keep your low cards to lead "
        f"under {opp} later",
        "attack_keep_low": f"{opp} is safe on this trick (nothing "
        f"{nil_name} can hold beats the {best}): drop the {c} and keep your low "
        f"{_suit_words(view, card)} to lead later, when {nil_name} may have to "
        "win with a higher one",
        # partner winning
        "partner_winning": f"Your partner's {best} is winning: no need to beat it, "
        f"play the {c}",
        # high over the partner's card, or over an opponent's (then the
        # danger is to a cheaper winner: "could beat the 10♥" named North's)
        "third_hand_high": f"Play the {c} high: a later opponent could beat the {best}"
        if who == partner
        else f"Beat {whose} with the {c}, high: a later opponent could beat a "
        "lower card",
        "ruff_protect": f"Trump with the {c}: partner's {best} could still be beaten",
        # winning
        "win_cheap": f"Win with the {c}, the cheapest card that takes the trick",
        "second_hand_low": f"Second hand low: keep your high cards, play the {c}",
        "cannot_win": f"You cannot win this trick; play the {c}",
        "ruff": f"Trump with the {c}: the cheapest spade that wins",
        "overruff": f"Overtrump with the {c}",
        "cash_boss": f"Cash the {c}: it is the highest card left in its suit",
        "draw_trumps": f"Lead the {c}, the highest spade left, to draw trumps",
        "lead_trump_low": f"Lead the low {c} to draw the opponents' spades",
        "lead_low": f"Lead the {c}, low from a suit where you hold no sure winner",
        "lead_short": f"Lead your singleton {c} so you can trump that suit later",
        "lead_partner_ruff": f"Lead the {c}: partner is out of that suit and can trump",
        # not wanting tricks
        "push_bags": f"Both contracts are made: play the {c} and let {them} take "
        "the bags",
        "forced_win": f"Every card you hold wins here; take it with the {c}",
        "forced_low": f"Play your lowest, the {c}, and let someone else win",
        "need": f"Play the {c}",
        "set": f"Play the {c}",
        "set_game": f"Play the {c}",
    }
    seat = int(view.seat)
    if code.startswith("nil_") or (
        st.nil[seat] and not st.tricks_won[seat] and code != "only"
    ):
        # a nil code, or the book plays for the contract: its nil is lost
        lost = _own_nil_lost(view, st, card, code)
        if lost:
            return lost
    if code == "cover_lead_high":
        text = _cover_lead(view, st, card)
    elif code in ("duck", "push_bags") and _no_contract(view):
        text = _for_nothing(view, st, card)
    elif code == "duck":
        text = _duck(view, st, card)
    elif code == "draw_trumps" and not _others_hold_trumps(view, st):
        text = (
            f"Lead the {c}: no one else holds a spade, so your spades are all winners"
        )
    elif code in ("win_cheap", "ruff") and _cheaper_winner(view, card) and _later(view):
        # not the cheapest winner: one high enough to hold the trick
        # against the seats still to play
        text = _high_enough(view, card, code)
    elif code == "push_bags" and not view.trick:
        text = (
            f"Both contracts are made: lead low with the {c} and let {them} take "
            "the bags"
        )
    else:
        text = texts.get(code, f"Play the {c}")
    if code in _WINNING:
        from .policy import _want
        from .seat_context import SeatContext

        if st.turn == seat:
            _, why = _want(st, seat, SeatContext(st, seat))
            if why == "set_game":
                wins = (
                    "The opponents win the game if they make their contract"
                    if view.partner is not None
                    else f"{them} wins the game if {them} makes the contract"
                )
                text = f"{wins}. {text}"
            elif why == "set":
                text = f"Try to set {them}. {text}"
    if who is not None and code == "partner_winning" and who != partner:
        text = f"Play low with the {c}"
    elif code == "partner_winning" and win is not None and _beats_now(view, card):
        # every card this seat may play beats the partner's (the book takes
        # the cheapest): never "no need to beat it"
        text = (
            f"Every card you may play beats your partner's {best}: take the "
            f"trick with your lowest, the {c}"
        )
    if who is not None and who == partner and not code.startswith(("cover_", "nil_")):
        # the partner's nil is winning this trick, and nothing here beats it
        # (a card that could would be the cover's): never "no need to beat it"
        nil = _partner_nil(view)
        lost = _partner_nil_lost(view, card, code, nil) if nil else ""
        if lost:
            return lost
    if (
        code == "push_bags"
        and view.bags[view.side] >= view.rules.bag_limit - 3
        and not _no_contract(view)
    ):
        text += f" (your side has {view.bags[view.side]} bags)"
    return text


# ------------------------------------------------------------------ helpers
def sure_winners(
    hand: int, others: int, trumps: int, card_of: list[Card | None]
) -> list[Card]:
    """The trumps of ``hand`` sure to take a trick, highest first: each card
    of ``others`` (the trumps the other seats may still play) can beat at
    most one of them, and only one below it. ``trumps`` is the mask of the
    trump suit, ``card_of`` a deck's cards by id (see
    :class:`~spadeslib.bots.sim.Deck`).

    >>> from spadeslib import Rules
    >>> from spadeslib.bots.sim import TRUMP, deck_for
    >>> deck = deck_for(Rules())
    >>> mine = deck.mask(Card.parse_many("AS 9S 7S 5S 4S"))
    >>> trumps = deck.suit_mask[TRUMP]
    >>> sure_winners(mine, trumps & ~mine, trumps, deck.card)
    [Card.parse('AS')]
    >>> mine = deck.mask(Card.parse_many("5S 4S 3S 2S"))
    >>> sure_winners(mine, deck.mask(Card.parse_many("7S 6S")), trumps, deck.card)
    [Card.parse('3S'), Card.parse('2S')]
    """
    free = 0  # the others' trumps above, not yet matched to a card of ours
    sure: list[Card] = []
    for i in range(63, -1, -1):
        bit = 1 << i
        if not bit & trumps:
            continue
        if bit & others:
            free += 1
        elif bit & hand:
            if free:
                free -= 1
            else:
                card = card_of[i]
                assert card is not None
                sure.append(card)
    return sure


def sure_and_top(deck: Deck, hand: int, others: int) -> tuple[list[Card], list[Card]]:
    """The trumps of ``hand`` sure to take a trick (:func:`sure_winners`,
    against the trumps of ``others``), and those of them above every trump
    of ``others`` (sure by name; the rest are sure only by number)."""
    trumps = deck.suit_mask[TRUMP]
    sure = sure_winners(hand, others & trumps, trumps, deck.card)
    top = [c for c in sure if not others & trumps & deck.above[deck.id_of_card(c)]]
    return sure, top


def _sure_now(view: PlayerView, st: State) -> tuple[list[Card], list[Card]]:
    """The seat's trumps sure to take a trick, as it knows the hand now, and
    those of them above every trump left to the others."""
    deck = st.deck
    hand = st.hands[int(view.seat)]
    on_table = deck.mask(c for _, c in view.trick)
    return sure_and_top(deck, hand, deck.full & ~hand & (~st.played | on_table))


def _cards_text(cards: list[Card]) -> str:
    return and_list([c.symbol for c in cards])


def _own_nil_lost(view: PlayerView, st: State, card: Card, code: str) -> str:
    """The reason for a nil card once the seat's nil has failed or is sure to
    fail (a trump nobody can beat takes a trick), or ``""`` while the nil
    can still be made: "protect your nil" would then mislead."""
    bid = view.bids.get(view.seat)
    name = bid.label() if bid is not None and bid.is_nil else "Nil"
    if view.tricks_won[view.seat]:
        head = f"Your {name} has failed"
    else:
        sure, top = _sure_now(view, st)
        if not sure:
            return ""
        if len(top) == 1:  # named: nothing left above them
            what = f"the {_cards_text(top)} is sure to take a trick"
        elif top:
            what = f"the {_cards_text(top)} are sure to take tricks"
        else:  # by number: more spades than the others can beat
            tricks = "one trick" if len(sure) == 1 else f"{len(sure)} tricks"
            what = f"your spades are sure to take at least {tricks}"
        head = f"Your {name} cannot be made ({what})"
    c = card.symbol
    win = view.winning()
    best = win[1].symbol if win else ""
    plain = {
        "nil_lead_low": f"lead the low {c}"
        if _is_low(card)
        else "lead " + _lowest_words(view, card),
        "nil_under": f"play the {c} under the {best}",
        "nil_forced": f"every card you may play beats the {best}; shed your "
        f"highest, the {c}",
        "nil_forced_low": f"play your lowest, the {c}, and let someone else win",
        "nil_discard": f"throw away the {c}, a card that could win a trick later",
        "nil_discard_safe": f"throw away the {c}, a card that could win a trick later",
    }.get(code, f"play the {c}")
    how = view.rules.nil_tricks
    if how == "bags":
        return f"{head}, and every trick you take is a bag for your side: {plain}"
    if how == "ignored" and view.partner is not None:
        return (
            f"{head}, and the tricks you take count for nothing: leave them to "
            f"your partner and {plain}"
        )
    # the tricks count for the side's contract: the card's ordinary reason
    # when the ordinary play (as if no nil were bid) chooses it too
    from .policy import choose_card

    ordinary = st.copy()
    ordinary.nil[int(view.seat)] = 0
    chosen, why = choose_card(ordinary, int(view.seat))
    if chosen == st.deck.id_of_card(card) and not why.startswith("nil_"):
        return f"{head}. " + card_reason(view, ordinary, card, why)
    if _no_contract(view):
        return (
            f"{head}; you have no contract, so your tricks count for nothing: {plain}"
        )
    return f"{head}, and your tricks now count for your side's contract: {plain}"


def _nil_word(view: PlayerView, seat: Seat | None) -> str:
    """``"Nil"`` or ``"Blind Nil"``: the nil ``seat`` bid (``"Nil"`` when
    it bid none, or for no seat)."""
    bid = view.bids.get(seat) if seat is not None else None
    return bid.label() if bid is not None and bid.is_nil else "Nil"


def _is_low(card: Card) -> bool:
    """Whether ``card`` is low in its own right (a seven or below): a lead
    of a J♠ is the lowest spade, not a low one."""
    return card.rank <= Rank.SEVEN


def _lowest_words(view: PlayerView, card: Card) -> str:
    """``"your lowest spade, the J♠"``: a lowest card that is not low."""
    return f"your lowest {view.rules.trick_suit(card).singular}, the {card.symbol}"


def _suit_words(view: PlayerView, card: Card) -> str:
    """The plural name of ``card``'s suit for the trick (``"hearts"``)."""
    return view.rules.trick_suit(card).plural


def _duck(view: PlayerView, st: State, card: Card) -> str:
    """The reason for a card meant to lose, the contract made: a lead, a
    discard, a card that cannot win anyway, or a duck (only when the seat
    holds a card that would win: the glossary's duck). Where the opponents
    still need more than half the tricks left, it says so: the card may set
    them too (a reviewer found "more tricks are bags" where the card's gain
    was a set)."""
    c = card.symbol
    rules = view.rules
    bags = view.bags[view.side]
    note = f" (your side has {bags} bags)" if bags >= rules.bag_limit - 3 else ""
    made = f"Your contract is made and more tricks are bags{note}"
    opp = 1 - st.side(int(view.seat))
    contract, need = st.contract(opp), st.need(opp)
    left = rules.hand_size - st.tricks_done
    if contract and left < 2 * need <= 2 * left:  # more than half: a set in reach
        made += f"; {_them(view)} still need {need} of the {left} tricks left"
    if not view.trick:
        return (
            f"Your contract is made: lead low with the {c} to give the lead away "
            f"and avoid a bag{note}"
        )
    win = view.winning()
    assert win is not None
    who, best = win
    led = rules.trick_suit(view.trick[0][1])
    could_win = bool(_winners_now(view))
    if rules.trick_suit(card) != led and not rules.is_trump(card):
        throw = f"throw away the {c} so it cannot win a trick later"
        if could_win:  # a trump would win: the discard ducks the trick
            throw = "do not trump; " + throw
        return f"{made}: {throw}"
    if could_win:
        return f"Your contract is made: duck with the {c} to avoid bags{note}"
    if who == view.partner:
        return (
            f"{made}. Your partner's {best.symbol} is winning: shed the {c} "
            "under it so it cannot win a trick later"
        )
    return (
        f"{made}. You cannot beat {who.full}'s {best.symbol}: shed the {c} now "
        "so it cannot win a trick later"
    )


def _them(view: PlayerView) -> str:
    """The opponent by name for two players, else ``"the opponents"``."""
    if view.partner is None:
        return next(s for s in view.seats if s != view.seat).full
    return "the opponents"


def _no_contract(view: PlayerView) -> bool:
    """Whether the seat's side has no contract of its own, so that its
    tricks count for nothing: each bid of the side a nil or 0 (for two
    players, the seat's own Nil), and no nil's tricks counted as bags."""
    if view.team_contract():
        return False
    return view.rules.nil_tricks != "bags" or not any(
        b.is_nil for s, b in view.bids.items() if side_of(view.rules, s) == view.side
    )


def _for_nothing(view: PlayerView, st: State, card: Card) -> str:
    """The reason for a card meant to lose when the seat's side has no
    contract (:func:`_no_contract`): the tricks it lets go are the
    opponents' bags, or, their contract not made, a set it cannot expect."""
    c = card.symbol
    them = _them(view)
    opp = 1 - st.side(int(view.seat))
    contract, need = st.contract(opp), st.need(opp)
    text = "You have no contract, so your tricks count for nothing. "
    if contract and need > 0:
        left = view.rules.hand_size - st.tricks_done
        text += (
            f"To set {them} you would need {left - need + 1} of the {left} tricks "
            f"left; let {them} take them instead, each trick past {contract} a "
            f"bag for {them}. "
        )
    elif contract:
        theirs = f"{them}'s" if view.partner is None else "The opponents'"
        text += f"{theirs} contract is made: each trick more is a bag for {them}. "
    if not view.trick:
        return text + f"Lead low with the {c}"
    win = view.winning()
    assert win is not None
    who, best = win
    rules = view.rules
    could_win = bool(_winners_now(view))
    if rules.trick_suit(card) != rules.trick_suit(view.trick[0][1]):
        if rules.is_trump(card):  # every card the seat may play is a trump
            return text + f"Play the {c} under the {best.symbol}"
        throw = f"throw away the {c} so it cannot win a trick later"
        if could_win:  # a trump would win: the discard ducks the trick
            throw = "do not trump; " + throw
        return text + throw[0].upper() + throw[1:]
    if could_win:
        return text + f"Duck with the {c}"
    if who == view.partner:
        return text + f"Your partner's {best.symbol} is winning: shed the {c} under it"
    return (
        text + f"You cannot beat {who.full}'s {best.symbol}: shed the {c} now so it "
        "cannot win a trick later"
    )


def _later(view: PlayerView) -> list[str]:
    """The opponents still to play to this trick after the viewer, by name
    (the partner is no threat to a trick the side holds)."""
    return [s.full for s in view.still_to_play() if s != view.partner]


def _beats_now(view: PlayerView, card: Card) -> bool:
    """Whether ``card`` beats the card winning the trick as it stands."""
    win = view.winning()
    if win is None or not view.trick:
        return False
    return view.rules.beats(card, win[1], view.rules.trick_suit(view.trick[0][1]))


def _winners_now(view: PlayerView) -> list[Card]:
    """The seat's legal cards that beat the card winning the trick."""
    return [x for x in view.legal if isinstance(x, Card) and _beats_now(view, x)]


def _left_to_others(view: PlayerView, st: State) -> int:
    """The cards still in other hands (not played, not the seat's)."""
    return st.deck.full & ~st.played & ~st.hands[int(view.seat)]


def _others_hold_trumps(view: PlayerView, st: State) -> bool:
    """Whether a trump is left in another hand."""
    return bool(_left_to_others(view, st) & st.deck.suit_mask[TRUMP])


def _cheaper_winner(view: PlayerView, card: Card) -> bool:
    """Whether the viewer holds a lower card of ``card``'s suit that would
    also win the trick as it stands (``card`` is then chosen to hold it)."""
    if not view.trick:
        return False
    rules = view.rules
    led = rules.trick_suit(view.trick[0][1])
    suit = rules.trick_suit(card)
    return any(
        x != card and rules.trick_suit(x) == suit and rules.beats(card, x, led)
        for x in _winners_now(view)
    )


def _high_enough(view: PlayerView, card: Card, code: str) -> str:
    """A winner chosen over a cheaper one: high enough to hold the trick."""
    c = card.symbol
    seats = _later(view)
    later = and_list(seats)
    verb = "are" if len(seats) > 1 else "is"
    if code == "ruff":
        return (
            f"Trump with the {c}: a lower spade would win for now, but this one "
            f"is high enough that {later} {verb} unlikely to overtrump it"
        )
    rules = view.rules
    suit = rules.trick_suit(card)
    higher = [
        x
        for x in view.unseen_cards()
        if rules.trick_suit(x) == suit and rules.beats(x, card, suit)
    ]
    if higher:
        return (
            f"Win with the {c}: a lower card would win for now, but this one is "
            f"high enough that {later} {verb} unlikely to beat it"
        )
    # the highest of its suit left: only a trump beats it, if anything
    if rules.is_trump(card):
        return (
            f"Win with the {c}: a lower spade would win for now, but {later} "
            f"could beat it; no spade left beats the {c}"
        )
    return (
        f"Win with the {c}: a lower card would win for now, but {later} could "
        f"beat it; no {suit.singular} left beats the {c}, only a spade can"
    )


def _cover_lead(view: PlayerView, st: State, card: Card) -> str:
    """Leading for the partner's nil: the card partner plays under (said
    safe only when nothing left in its suit beats it), or throws a card on
    (the partner has shown out of its suit)."""
    c = card.symbol
    deck = st.deck
    i = deck.id_of_card(card)
    out = _left_to_others(view, st)
    suit = view.rules.trick_suit(card)
    head = f"Cover partner's {_nil_word(view, view.partner)}: lead the {c}"
    throw = "can throw away a card that could win a trick later"
    partner = view.partner
    if partner is not None and st.voids[int(partner)] >> int(suit) & 1:
        return f"{head}: your partner is out of {suit.plural} and {throw}"
    if not out & deck.suit_mask[int(suit)]:
        return f"{head}: no one else holds a {suit.singular}, so partner {throw}"
    if not out & deck.above[i]:
        return (
            f"{head}, the highest card left in its suit, so partner can safely "
            "play under it"
        )
    lead = (
        f"Cover partner's {_nil_word(view, partner)}: lead your highest "
        f"{suit.singular}, the {c}"
    )
    if not out & deck.below[i]:  # every card of the suit still out is higher
        return (
            f"{lead}, though every {suit.singular} still out is higher: it "
            "covers partner only if an opponent plays over it"
        )
    return f"{lead}, so partner can play under it"


def _partner_nil(view: PlayerView) -> str:
    """``"North's Blind Nil"`` while the partner's nil stands, else ``""``."""
    partner = view.partner
    if partner is None:
        return ""
    bid = view.bids.get(partner)
    if bid is None or not bid.is_nil or view.tricks_won[partner]:
        return ""
    return f"{partner.full}'s {bid.label()}"


def _partner_nil_lost(view: PlayerView, card: Card, code: str, nil: str) -> str:
    """The partner's nil is winning this trick and nothing the seat holds
    beats it (``""`` when a card could)."""
    c = card.symbol
    win = view.winning()
    assert win is not None
    _, best = win
    rules = view.rules
    partner = view.partner
    assert partner is not None
    theirs = f"{partner.full}'s {best.symbol}"
    if code == "only" and _beats_now(view, card):
        return (
            f"The {c} is your only legal card, and it beats {theirs}: {nil} "
            "survives this trick"
        )
    if _winners_now(view):
        return ""  # a card could save it: not this text's position
    played = {s for s, _ in view.trick} | {view.seat}
    later = [s.full for s in rules.seats if s not in played]
    fate = "is lost on this trick"
    if later:  # one opponent, the partner having played before this seat
        fate += f" unless {' or '.join(later)} beats it"
    if code == "only":
        return (
            f"The {c} is your only legal card, and it cannot beat {theirs}: "
            f"{nil} {fate}"
        )
    return f"Nothing you hold beats {theirs}: {nil} {fate}; play the {c}"
