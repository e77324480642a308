"""What a card does in the trick, in words: :func:`card_words`, said from
the seat's view only (its hand, the cards played, the bids and the suits a
seat has shown out of; never a hidden card). The one-line hint says it when
the coach's card is not the textbook's, whose reason says it otherwise.

>>> from spadeslib import Hand
>>> hand = Hand("classic", dealer="W", deal={
...     "N": "AS 5S 3S AD KD QD JD 10D AC KC QC JC 2C",
...     "E": "KS 9S 4S 9D 8D 7D 6D 5D 10C 9C 8C 7C 3C",
...     "S": "QS JS 10S 8S AH KH QH JH 10H 4D 3D 2D 6C",
...     "W": "7S 6S 2S 9H 8H 7H 6H 5H 4H 3H 2H 5C 4C"})
>>> for action in (4, 3, 4, 2, "2C", "3C", "6C", "4C", "AH", "2H"):
...     hand.apply(action)  # South has won the clubs and leads the A♥
>>> north = hand.view("N")  # no heart left
>>> card_words(north, Card.parse("5S"))
"it trumps your partner's A♥ (East can still beat it)"
>>> card_words(north, Card.parse("AD"), notes=False)
"it throws away a winner under your partner's A♥"
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cmp_to_key
from typing import Any

from ..cards import Card, Suit
from ..display import and_list
from ..phase import Phase
from ..seats import Seat
from ..tricks import trick_winner
from ..view import PlayerView

__all__ = ["NIL_ALL_BUT_LOST", "card_words", "own_nil_lost"]


def card_words(
    view: PlayerView, card: Card, *, notes: bool = True, nil_odds: float | None = None
) -> str:
    """What ``card`` does in the trick as the seat to play sees it: a lead
    (a sure winner, the highest card left of its suit, low against a Nil,
    into a suit a seat has shown out of), a follow (beats or overtakes the
    card winning, sure to win or not, ducks or stays under it), a trump
    (trumps, over-trumps, under-trumps) or a discard (a loser, a high
    card), with what it does to a Nil still standing (the seat's own, its
    partner's, an opponent's), and in brackets what makes it so (the
    cards still out, who can still beat it), unless ``notes=False``. ``""``
    unless ``card`` is the seat's to play.

    The seat's own Nil, not yet failed, is said first where it is lost:
    sure to take a trick, or made in under :data:`NIL_ALL_BUT_LOST` of the
    coach's deals (``nil_odds``: how often at best, whatever the seat plays);
    the card's words then do not weigh it.
    """
    if view.phase is not Phase.PLAYING or card not in view.legal:
        return ""
    nils = _nils(view)
    lost = own_nil_lost(view, nil_odds)
    if lost:
        nils.pop(view.seat, None)
    text, said = (_follow if view.trick else _lead)(view, card, nils)
    if notes and said:
        text += f" ({'; '.join(said)})"
    return f"{lost}: it {text}" if lost else f"it {text}"


#: under this chance in the coach's deals, the seat's own Nil is all but lost
NIL_ALL_BUT_LOST = 0.05


def own_nil_lost(view: PlayerView, odds: float | None) -> str:
    """That the seat's own Nil, not yet failed, is lost: sure to take a
    trick (:func:`_nil_doomed`), or made in under :data:`NIL_ALL_BUT_LOST`
    of the coach's deals whatever the seat plays (``odds``); ``""`` else."""
    bid = view.committed_bids().get(view.seat)
    if bid is None or not bid.is_nil or view.tricks_won[view.seat]:
        return ""
    if _nil_doomed(view):
        return (
            f"your {bid.label()} cannot be made (your spades are sure to take a trick)"
        )
    if odds is not None and odds < NIL_ALL_BUT_LOST:
        chance = "none of the" if round(100 * odds) == 0 else f"{100 * odds:.0f}% of"
        at_best = "" if chance == "none of the" else " at best"
        return f"your {bid.label()} is all but lost (made in {chance} deals{at_best})"
    return ""


# ------------------------------------------------------------------ facts
def _nils(view: PlayerView) -> dict[Seat, str]:
    """The Nils that stand, ``{West: "Nil"}``: a Nil stands until it wins a
    trick (a public fact). :func:`card_words` drops the seat's own where
    :func:`own_nil_lost` says it is lost."""
    return {
        s: b.label()
        for s, b in view.committed_bids().items()
        if b.is_nil and not view.tricks_won[s]
    }


def _nil_doomed(view: PlayerView) -> bool:
    """Whether the seat's spades are sure to take a trick: each spade the
    others may still play beats at most one of them (the bots' reckoning,
    :func:`~spadeslib.bots.nil_play.nil_doomed`, on what the seat knows)."""
    from ..bots.knowledge import state_from_view
    from ..bots.nil_play import nil_doomed

    return nil_doomed(state_from_view(view), int(view.seat))


def _whose(view: PlayerView, seat: Seat) -> str:
    """``"your partner's"`` or ``"West's"``."""
    return f"{_who(view, seat)}'s"


def _above(view: PlayerView, card: Card) -> list[Card]:
    """The unseen cards of ``card``'s suit that beat it, lowest first."""
    rules = view.rules
    suit = rules.trick_suit(card)
    return sorted(
        (
            c
            for c in view.unseen_cards()
            if rules.trick_suit(c) == suit and rules.beats(c, card, suit)
        ),
        key=_order(view, suit),
    )


def _order(view: PlayerView, suit: Suit) -> Callable[[Card], Any]:
    """A sort key for cards of ``suit``, lowest first, as the rules rank
    them (a house rule may rank a deuce or a joker high)."""
    return cmp_to_key(lambda a, b: 1 if view.rules.beats(a, b, suit) else -1)


def _below(view: PlayerView, card: Card) -> list[Card]:
    """The unseen cards of ``card``'s suit it beats."""
    rules = view.rules
    suit = rules.trick_suit(card)
    return [
        c
        for c in view.unseen_cards()
        if rules.trick_suit(c) == suit and rules.beats(card, c, suit)
    ]


def _can_beat(view: PlayerView, seat: Seat, best: Card, led: Suit) -> bool:
    """Whether ``seat`` may hold an unseen card that beats ``best`` (one of
    a suit it has not shown out of)."""
    rules, out = view.rules, view.voids()[seat]
    return any(
        rules.trick_suit(c) not in out and rules.beats(c, best, led)
        for c in view.unseen_cards()
    )


def _out_of(view: PlayerView, suit: Suit) -> list[Seat]:
    """The other seats that have shown out of ``suit``."""
    voids = view.voids()
    return [s for s in view.seats if s != view.seat and suit in voids[s]]


def _count(cards: list[Card], which: str, suit: Suit) -> str:
    """``"3 lower clubs"`` in words up to three: ``"one lower club"``."""
    n = len(cards)
    said = ("one", "two", "three")[n - 1] if 1 <= n <= 3 else str(n)
    return f"{said} {which} {suit.plural if n > 1 else suit.singular}"


def _who(view: PlayerView, seat: Seat) -> str:
    """``"your partner"`` or ``"West"``."""
    return "your partner" if seat == view.partner else seat.full


def _under(
    view: PlayerView, seat: Seat, label: str, top: Card
) -> tuple[str, list[str]]:
    """What ``top``, left winning, does to ``seat``'s Nil (its ``label``,
    "Nil" or "Blind Nil") still to play (not shown out of the suit led),
    said as a fact, never as the card's aim: it cannot play under a card no
    unseen one of the suit led is below."""
    rules, led = view.rules, view.rules.trick_suit(view.trick[0][1])
    nil = f"{seat.full}'s {label}"
    if rules.trick_suit(top) != led:  # trumped: any card of the suit led is under
        return "", []
    if not _below(view, top):
        return f" that {nil} cannot play under", []
    return "", [f"{nil} can still play under the {top.symbol}"]


# ------------------------------------------------------------------ leads
def _lead(view: PlayerView, card: Card, nils: dict[Seat, str]) -> tuple[str, list[str]]:
    rules = view.rules
    suit = rules.trick_suit(card)
    above, below = _above(view, card), _below(view, card)
    partner = view.partner
    notes: list[str] = []
    mine = [x for x in view.holding or () if rules.trick_suit(x) == suit]
    if not above and rules.is_trump(card):
        text = "cashes a sure winner"
        notes.append(f"no {suit.singular} left beats it")
    elif not above and not below:
        text = f"leads a {suit.singular} no one else holds"
    elif not above:
        text = f"cashes a {suit.singular} winner"
    elif len(above) <= 2:
        # counted, not named: the hint never names a card the seat has not
        # seen (the table's state is checked for that)
        higher = _count(above, "higher", suit)
        text = f"leads a {suit.singular} that only {higher} can beat"
    elif min(mine, key=_order(view, suit)) == card:
        text = f"leads a low {suit.singular}"
        notes.append(f"{_count(above, 'higher', suit)} are still out")
    else:
        text = f"leads a middle {suit.singular}"
        notes.append(f"{_count(above, 'higher', suit)} are still out")
    if rules.is_trump(card) and not view.spades_broken and rules.must_break_spades:
        text = "breaks spades and " + text
    if not rules.is_trump(card) and (above or below):  # others hold the suit
        voids = view.voids()
        trumps = [
            _who(view, s) for s in _out_of(view, suit) if Suit.SPADES not in voids[s]
        ]
        if trumps:  # a seat with no spade left cannot trump
            have = "has" if len(trumps) == 1 else "have"
            notes.append(
                f"{and_list(trumps)} {have} shown out of {suit.plural} and may trump it"
            )
    # one Nil said: the seat's own, else its partner's, else an opponent's
    if view.seat in nils:
        nil = f"your {nils[view.seat]}"
        text += f" to keep {nil}" if above else f" and risks {nil}"
    elif partner in nils:
        nil = f"your partner's {nils[partner]}"
        if not above:
            text = f"covers {nil} and {text}"
        elif len(above) <= 2:
            text += f" for {nil} to play under"
        else:
            text += f" and leaves {nil} to get under it"
    else:
        for seat, label in nils.items():  # an opponent's Nil
            if suit in view.voids()[seat]:
                continue
            nil = f"{seat.full}'s {label}"
            if not below:
                text += f" that {nil} cannot play under"
                notes = [f"no lower {suit.singular} is left"]
            elif above and (len(below) <= 3 or text.startswith("leads a low")):
                text += f" against {nil}"
                notes = [f"{_count(below, 'lower', suit)} left"]
            break
    return text, notes


# ---------------------------------------------------------------- follows
def _follow(
    view: PlayerView, card: Card, nils: dict[Seat, str]
) -> tuple[str, list[str]]:
    rules = view.rules
    led = rules.trick_suit(view.trick[0][1])
    win = view.winning()
    assert win is not None  # a trick under way
    holder, best = win
    theirs = f"{_whose(view, holder)} {best.symbol}"
    takes = trick_winner(rules, (*view.trick, (view.seat, card))) == view.seat
    later = view.still_to_play()
    top = card if takes else best
    partner = view.partner
    # who may still beat it: for the seat's own Nil its partner too
    # your partner named first: "your partner or West can still beat it"
    threats = [
        _who(view, s)
        for s in sorted(later, key=lambda s: s != partner)
        if (s != partner or view.seat in nils) and _can_beat(view, s, top, led)
    ]
    # how a later seat may beat it: in the suit led, else only by trumping
    beat = "beat" if _above(view, top) else "trump"
    # a later opponent's Nil, which must play under the card left winning
    their_nil = next(
        (s for s in later if s in nils and s != partner and led not in view.voids()[s]),
        None,
    )
    trump = rules.is_trump(card) and led != rules.trick_suit(card)
    if takes:
        if trump and rules.is_trump(best):
            text = f"over-trumps {theirs}"
        elif trump:
            text = f"trumps {theirs}"
        else:
            text = f"{'overtakes' if holder == partner else 'beats'} {theirs}"
        notes: list[str] = []
        # one Nil said: the seat's own, else its partner's, else an opponent's
        if view.seat in nils:
            mine = nils[view.seat]
            text += f" and risks your {mine}" if threats else f" and loses your {mine}"
        else:
            if not later:
                text += " and takes the trick"
            if holder in nils and holder == partner:
                text += f" to save their {nils[holder]}"
            elif partner in later and partner in nils:
                text += f" to cover your partner's {nils[partner]}"
            elif holder in nils:
                text += f" and lets {holder.full}'s {nils[holder]} off this trick"
            elif their_nil is not None:
                said, notes = _under(view, their_nil, nils[their_nil], card)
                text += said
        if threats:
            return text, [f"{' or '.join(threats)} can still {beat} it", *notes]
        if not later:
            return text, notes
        anyone = (
            "no opponent" if partner in later and view.seat not in nils else "no one"
        )
        return text, [f"{anyone} left to play can beat it", *notes]
    # the card stays under the one winning
    legal = [x for x in view.legal if isinstance(x, Card)]
    winners = [
        x
        for x in legal
        if trick_winner(rules, (*view.trick, (view.seat, x))) == view.seat
    ]
    keep = f" to keep your {nils[view.seat]}" if view.seat in nils else ""
    if trump:
        text = f"under-trumps {theirs}{keep}"
    elif rules.trick_suit(card) != led:
        above = _above(view, card)
        what = (
            "a winner" if not above else "a high card" if len(above) <= 2 else "a loser"
        )
        text = f"throws away {what}"
        if keep:
            text += keep
        elif holder == partner:
            text += f" under {theirs}"
        elif any(rules.is_trump(x) for x in winners):
            over = "over-trumping" if rules.is_trump(best) else "trumping"
            text += f" instead of {over} {theirs}"
        else:
            text += f" and leaves {theirs} winning"
    elif holder == partner:
        text = f"stays under your partner's winning {best.symbol}{keep}"
    elif winners:
        text = f"ducks under {theirs}{keep}"
    elif len(legal) == 1:
        text = f"follows with your only {led.singular} under {theirs}{keep}"
    elif _high(view, card):
        text = f"sheds a high {led.singular} under {theirs}{keep}"
    elif card == min(legal, key=_order(view, led)):  # all of the suit led
        text = f"plays low under {theirs}{keep}"
    else:
        text = f"stays under {theirs}{keep}"
    if keep:
        notes = []
    elif holder in nils:
        if later:
            return f"{text} and leaves their {nils[holder]} winning for now", []
        return f"{text} and {_whose(view, holder)} {nils[holder]} takes the trick", []
    elif their_nil is not None and holder != partner:
        said, notes = _under(view, their_nil, nils[their_nil], best)
        text += said
    else:
        notes = []
    if threats and holder == partner:
        return text, [f"{' or '.join(threats)} can still {beat} the {best.symbol}"]
    return text, notes


def _high(view: PlayerView, card: Card) -> bool:
    """Whether at most two cards left to play beat ``card`` in its suit (the
    seat's own counted: the K♣ from K♣ A♣ is high)."""
    rules, suit = view.rules, view.rules.trick_suit(card)
    own = [
        x
        for x in view.holding or ()
        if rules.trick_suit(x) == suit and rules.beats(x, card, suit)
    ]
    return len(_above(view, card)) + len(own) <= 2
