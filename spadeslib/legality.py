"""Which cards may be played, and why any other decision is refused.

The follow-suit and breaking-spades rules are written once, in
:func:`playable`: the hand's legal actions, its ``legal_cards`` and the
refusal messages all derive from it. The other refusals (the two-player
draw, the exchange, blind-nil discards, a decision of the wrong phase) are
functions of the rules and plain values too; the bidding rules live in
:mod:`spadeslib.bidding`.

>>> from spadeslib import Card, Rules, Seat
>>> rules = Rules()
>>> held = Card.parse_many("2C 5H AS")
>>> suits = split_by_suit(rules, held)
>>> playable(rules, held, suits, None, spades_broken=False)
([Card.parse('2C'), Card.parse('5H')], <RuleId.SPADES_NOT_BROKEN: 'spades-not-broken'>)
>>> rule, why = refuse_card(rules, Seat.EAST, Card.parse("AS"), held, suits,
...                         led=None, spades_broken=False, tricks_done=3)
>>> why
'East cannot lead the ace of spades: spades are not broken and East holds other suits'
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import LOOK, Bid, Discard, Draw, Exchange, Look
from .cards import Card, Suit
from .phase import Phase
from .rule_ids import RuleId
from .rules import Rules
from .seats import Seat

__all__ = [
    "EXPECTED",
    "describe",
    "playable",
    "refuse_card",
    "refuse_cards",
    "refuse_draw",
    "replacement_problem",
    "split_by_suit",
    "verb",
]

_SPADES = int(Suit.SPADES)

EXPECTED: dict[Phase, tuple[type, ...]] = {
    Phase.PLAYING: (Card,),
    Phase.BIDDING: (Bid, Look),
    Phase.DRAW: (Draw, Look, Bid),
    Phase.EXCHANGE: (Exchange,),
    Phase.BLIND_DISCARD: (Discard,),
}
"""The kinds of action each phase asks for."""

_VERBS = {
    Phase.PLAYING: "play",
    Phase.BIDDING: "bid",
    Phase.DRAW: "draw",
    Phase.EXCHANGE: "pass cards",
    Phase.BLIND_DISCARD: "discard",
}


def verb(phase: Phase) -> str:
    """What the player to move does in ``phase``: ``"bid"``, ``"play"``, ...

    >>> verb(Phase.BIDDING), verb(Phase.EXCHANGE), verb(Phase.OVER)
    ('bid', 'pass cards', 'act')
    """
    return _VERBS.get(phase, "act")


def describe(action: object) -> str:
    """What an action does, for messages: ``"play the ace of spades"``.

    >>> describe(Card.parse("AS")), describe(Bid.NIL), describe(LOOK)
    ('play the ace of spades', 'bid Nil', 'look at the cards')
    >>> describe(Exchange.of("AS 2C"))
    'pass the two of clubs and the ace of spades'
    """
    if isinstance(action, Card):
        return f"play the {action.name}"
    if isinstance(action, Bid):
        return f"bid {action.label()}"
    if isinstance(action, Look):
        return "look at the cards"
    if isinstance(action, Draw):
        return "keep the top card" if action.keep else "discard the top card"
    if isinstance(action, Exchange):
        return "pass " + _card_names(action.cards)
    if isinstance(action, Discard):
        return "discard " + (_card_names(action.cards) or "no cards")
    return f"do {action!r}"


def _card_names(cards: Sequence[Card]) -> str:
    """``"the king of hearts and the two of clubs"``."""
    names = [f"the {card.name}" for card in cards]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def split_by_suit(rules: Rules, held: Sequence[Card]) -> list[list[Card]]:
    """The cards by the suit they follow as: clubs, diamonds, hearts, then
    spades (with the jokers). Sorted cards stay sorted.

    >>> split_by_suit(Rules.parse("cards4net+jokers"), Card.parse_many("3C 5H AS BJ"))
    [[Card.parse('3C')], [], [Card.parse('5H')], [Card.parse('AS'), Card.parse('BJ')]]
    """
    suit_of = rules._suit_of
    lists: list[list[Card]] = [[], [], [], []]
    for card in held:
        lists[suit_of[card.index]].append(card)
    return lists


def playable(
    rules: Rules,
    held: list[Card],
    suits: list[list[Card]],
    led: int | None,
    spades_broken: bool,
) -> tuple[list[Card], RuleId | None]:
    """The cards a seat may play, and the rule that keeps the others out
    (``None`` when every card held may be played).

    ``held`` is the seat's cards, ``suits`` the same split by
    :func:`split_by_suit`, ``led`` the suit led to the trick (``None`` when
    the seat leads). The lists returned may be ``held`` or a list of
    ``suits`` itself: copy them before changing them.

    >>> rules, held = Rules(), Card.parse_many("2C 5H 9H AS")
    >>> suits = split_by_suit(rules, held)
    >>> playable(rules, held, suits, Suit.HEARTS, spades_broken=False)
    ([Card.parse('5H'), Card.parse('9H')], <RuleId.FOLLOW_SUIT: 'follow-suit'>)
    >>> len(playable(rules, held, suits, Suit.DIAMONDS, spades_broken=False)[0])
    4
    """
    if led is not None:
        follow = suits[led]
        if follow:
            return follow, (RuleId.FOLLOW_SUIT if len(follow) < len(held) else None)
        return held, None
    if not spades_broken and rules.must_break_spades:
        trumps = suits[_SPADES]
        if trumps and len(trumps) < len(held):
            return suits[0] + suits[1] + suits[2], RuleId.SPADES_NOT_BROKEN
    return held, None


def refuse_card(
    rules: Rules,
    seat: Seat,
    card: Card,
    held: list[Card],
    suits: list[list[Card]],
    led: int | None,
    spades_broken: bool,
    tricks_done: int,
) -> tuple[RuleId, str] | None:
    """``(rule, message)`` if ``seat`` may not play ``card`` now, else ``None``.

    >>> rules, held = Rules(), Card.parse_many("2C 5H 9H AS")
    >>> rule, why = refuse_card(rules, Seat.EAST, Card.parse("AS"), held,
    ...     split_by_suit(rules, held), Suit.HEARTS, spades_broken=True, tricks_done=3)
    >>> print(rule.value); print(why)
    follow-suit
    East cannot play the ace of spades: East holds hearts and must follow the heart lead
    """
    name = seat.full
    if card not in held:
        return (RuleId.CARD_NOT_HELD, f"{name} does not hold the {card.name}")
    allowed, rule = playable(rules, held, suits, led, spades_broken)
    if rule is None or card in allowed:
        return None
    if rule is RuleId.FOLLOW_SUIT:
        assert led is not None  # a suit was led: there is one to follow
        suit = Suit(led)
        return (
            rule,
            f"{name} cannot play the {card.name}: {name} "
            f"holds {suit.plural} and must follow the {suit.singular} lead",
        )
    first = ""
    if not tricks_done:
        first = (
            " (a spade opens the first trick only from a hand of nothing but spades)"
        )
    return (
        rule,
        f"{name} cannot lead the {card.name}: spades "
        f"are not broken and {name} holds other suits{first}",
    )


def refuse_draw(
    seat: Seat, action: Draw | Look | Bid, hidden: bool
) -> tuple[RuleId, str] | None:
    """Why a two-player draw decision is refused (``hidden``: the seat has not
    looked yet, so it first decides on Blind Nil).

    >>> from spadeslib import KEEP
    >>> refuse_draw(Seat.SOUTH, KEEP, hidden=False) is None
    True
    >>> refuse_draw(Seat.SOUTH, Bid(3), hidden=False)[1]
    'South cannot bid 3: South is drawing, so keep the top card or take the next'
    """
    name = seat.full
    what = describe(action)
    if hidden:
        if isinstance(action, Draw):
            return (
                RuleId.BLIND_DECISION,
                f"{name} cannot {what} yet: {name} must "
                "first decide on Blind Nil (double nil): declare it, or look "
                "and draw",
            )
        if action is LOOK or action == Bid.BLIND_NIL:
            return None
        return (
            RuleId.BLIND_DECISION,
            f"{name} cannot {what}: before the first "
            "card, only Blind Nil (double nil) or look",
        )
    if isinstance(action, Draw):
        return None
    if action == Bid.BLIND_NIL:
        return (
            RuleId.BLIND_NIL_BEFORE_DRAW,
            f"{name} cannot {what}: Blind Nil "
            "(double nil) is declared before taking the first card",
        )
    if action is LOOK:
        return (
            RuleId.ALREADY_LOOKED,
            f"{name} cannot look: {name} has already looked",
        )
    return (
        RuleId.DRAW,
        f"{name} cannot {what}: {name} is drawing, so keep the "
        "top card or take the next",
    )


def refuse_cards(
    seat: Seat,
    cards: tuple[Card, ...],
    held: Sequence[Card],
    low: int,
    high: int,
    rule: RuleId,
) -> tuple[RuleId, str] | None:
    """Why passing (``rule`` exchange) or discarding (blind-discard) ``cards``
    is refused: between ``low`` and ``high`` different cards, all held.

    >>> held = Card.parse_many("2C 5H 9H AS")
    >>> refuse_cards(Seat.NORTH, (Card.parse("2C"),), held, 2, 2, RuleId.EXCHANGE)[1]
    'North cannot pass 2♣: North must pass exactly 2 different cards, not 1'
    """
    what = "pass" if rule is RuleId.EXCHANGE else "discard"
    shown = " ".join(c.symbol for c in cards) or "no cards"
    count = f"exactly {low}" if low == high else f"{low} to {high}"
    if not low <= len(cards) <= high:
        return (
            rule,
            f"{seat.full} cannot {what} {shown}: {seat.full} must "
            f"{what} {count} different cards, not {len(cards)}",
        )
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        return (
            rule,
            f"{seat.full} cannot {what} {shown}: the {twice.name} is named twice, "
            f"and {seat.full} must {what} {count} different cards",
        )
    for card in cards:
        if card not in held:
            return (
                RuleId.CARD_NOT_HELD,
                f"{seat.full} cannot {what} {shown}: "
                f"{seat.full} does not hold the {card.name}",
            )
    return None


def replacement_problem(
    got: tuple[Card, ...], thrown: tuple[Card, ...], pile: Sequence[Card]
) -> str | None:
    """What is wrong with ``got`` as the replacements of the cards ``thrown``
    in a two-player blind-nil discard (from the discard ``pile`` before it),
    or ``None``.

    >>> pile = Card.parse_many("3C 4D")
    >>> replacement_problem((Card.parse("AS"),), (Card.parse("2C"),), pile)
    'AS not in the pile'
    """

    def named(cards: Sequence[Card]) -> str:
        return ", ".join(str(c) for c in cards) or "none"

    if len(got) != len(thrown):
        return f"{len(got)} given ({named(got)})"
    repeated = sorted({c for c in got if got.count(c) > 1})
    if repeated:
        return f"{named(repeated)} given twice"
    outside = [c for c in got if c not in pile]
    if outside:
        just = [c for c in outside if c in thrown]
        where = "just thrown" if len(just) == len(outside) else "not in the pile"
        return f"{named(outside)} {where}"
    return None
