"""The table's words: refusals in the second person, counts, options explained.

The engine explains a refusal in the third person ("South cannot play the
nine of hearts: South holds clubs ..."), which is right for a record or a
log. The learner at the table is "you": :func:`refusal` rephrases an
:class:`~spadeslib.IllegalAction` from its stable ``rule``, its ``action``
and the learner's :class:`~spadeslib.PlayerView`, never from rules written
again here.

>>> from spadeslib import Hand
>>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"}, dealer="W")
>>> for bid in (1, 1, 1, 1): hand.apply(bid)
>>> hand.apply("AS"); hand.apply("AH")
>>> refusal(hand.check("2S", "S"), hand.view("S"))
'You do not hold the 2♠.'
>>> plural(1, "bag"), plural(2, "trick")
('1 bag', '2 tricks')
"""

from __future__ import annotations

import re

from ..actions import Bid, BidKind
from ..bidding import restricting_rule
from ..cards import Card
from ..display import and_list, plural
from ..errors import IllegalAction
from ..hand import Phase
from ..rule_ids import RuleId
from ..rule_sets import MODIFIER_WORDS, MODIFIERS, modifier_text, preset_text
from ..rules import Rules
from ..seats import Seat
from ..view import PlayerView

__all__ = [
    "MODIFIER_WORDS",
    "bid_rule_words",
    "bid_ruled",
    "blind_words",
    "led_words",
    "modifier_words",
    "nil_closed",
    "plural",
    "refusal",
    "rules_in_words",
    "step_words",
    "suicide_words",
    "you",
    "you_text",
    "zero_words",
]


def rules_in_words(rules: Rules) -> list[str]:
    """The rule set in sentences: the preset, each modifier, the target.

    The variants come first: they change the preset's rules (a learner reads
    "no Nil" before the preset's Nil).

    >>> lines = rules_in_words(Rules.parse("classic+ten_for_200"))
    >>> print(lines[0]); print(lines[1][-34:])
    Ten for 200: a team contract of exactly 10 scores +200 when made, -200 when set.
    except where a variant changes it.
    """
    lines = []
    for mod in rules.modifiers:
        name, text = modifier_text(mod, rules)
        lines.append(f"{name}: {text}.")
    title, words = preset_text(rules)
    but = ", except where a variant changes it" if rules.modifiers else ""
    lines.append(f"{title}: {words}{but}.")
    end = f"First to {rules.target} points wins"
    if rules.losing_threshold is not None:
        end += f"; a side at {rules.losing_threshold} loses"
    lines.append(
        f"{end}. Every {plural(rules.bag_limit, 'bag')} cost "
        f"{rules.bag_penalty} points."
    )
    if rules.move_timer:
        lines.append(
            f"Move timer: {rules.move_timer:g} seconds per decision. When time "
            "is up in the play, a random legal card is played for you; in the "
            "bidding this table turns your face-down cards up, or makes the rule "
            "bot's bid for you."
        )
    return lines


def _names(cards: list[Card]) -> str:
    symbols = [c.symbol for c in cards]
    if len(symbols) == 1:
        return f"the {symbols[0]}"
    return and_list(symbols)


_VERBS = (
    ("cannot", "cannot"),
    ("does not", "do not"),
    ("must", "must"),
    ("holds", "hold"),
    ("has", "have"),
    ("is", "are"),
    ("declared", "declared"),
    ("bids", "bid"),
)


def you(text: str, seat: Seat) -> str:
    """Rewrite an engine sentence about ``seat`` in the second person.

    >>> you("South cannot bid 5: under mirror South must bid exactly 3", Seat.SOUTH)
    'You cannot bid 5: under mirror you must bid exactly 3.'
    """
    name = seat.full
    for verb, mine in _VERBS:
        text = re.sub(rf"\b{name} {verb}\b", f"you {mine}", text)
    text = re.sub(rf"\(\s*{name}\s*\)", "(you)", text)
    text = re.sub(rf"\b{name}'s\b", "your", text)
    text = re.sub(rf"\b{name}\b", "you", text)
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] + "."


def refusal(error: IllegalAction, view: PlayerView) -> str:
    """Why the learner (the seat of ``view``) may not do ``error.action``,
    in the second person, from the engine's refusal."""
    rule = error.rule
    action = error.action
    seat = view.seat
    if rule == "follow-suit" and isinstance(action, Card) and view.trick:
        led = view.rules.trick_suit(view.trick[0][1])
        # the cards that follow are the legal ones: the engine has chosen them
        same = sorted((c for c in view.legal if isinstance(c, Card)), reverse=True)
        return (
            f"You must follow {led.plural}: you hold {_names(same)}, so the "
            f"{action.symbol} has to wait."
        )
    if rule == "spades-not-broken" and isinstance(action, Card):
        # the card as the table shows it (the engine names it in words)
        said = you(str(error), seat).replace(action.name, action.symbol, 1)
        return said.removesuffix(".") + (
            ". Lead another suit: spades may be led once someone has trumped."
        )
    if rule == "card-not-held" and isinstance(action, Card):
        return f"You do not hold the {action.symbol}."
    if rule == "not-your-turn" or (error.seat is not None and error.seat != seat):
        mover = view.turn
        if mover is None:
            return "This hand is over: press Next hand to deal the next one."
        who = "your partner" if mover == view.partner else mover.full
        return f"Please wait: it is {who}'s turn, not yours."
    if rule == "unreadable":  # "South: None is not a bid", as bid(None) says
        text = str(error).removeprefix(f"{seat.full}: ").strip().rstrip(".")
        return text[:1].upper() + text[1:] + "."
    return you(str(error), seat)


def you_text(text: str) -> str:
    """A parse error as a sentence for the learner."""
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] + "."


def zero_words(view: PlayerView) -> str:
    """Where 0 is a number (cards4net), what it is beside Nil, so that a "0"
    button with no Nil beside it is not taken for a Nil.

    >>> from spadeslib import Hand
    >>> hand = Hand(seed=4, dealer="W")
    >>> hand.apply(2)  # North bids 2: East may still bid Nil
    >>> print(zero_words(hand.view("E")))
     (0 is a number: no trick towards your side's contract. Nil is a bet of
     its own that you take no trick at all.)
    >>> hand.apply(3)  # East bids 3: South's partner, North, has bid
    >>> print(zero_words(hand.view("S")))
     (0 is a number: ... Nil is closed: your partner has bid.)
    """
    legal = view.legal
    if Bid(0) not in legal or not view.rules.numeric_zero:
        return ""
    zero = "0 is a number: no trick towards your side's contract."
    if Bid.NIL in legal:
        return f" ({zero} Nil is a bet of its own that you take no trick at all.)"
    if nil_closed(view):
        return f" ({zero} Nil is closed: your partner has bid.)"
    return f" ({zero})"


def nil_closed(view: PlayerView) -> bool:
    """Whether Nil is out only because the partner has already bid."""
    rules = view.rules
    return (
        Bid.NIL not in view.legal
        and rules.nil
        and rules.nil_before_partner_only
        and view.seat.partner in view.bids
    )


def bid_rule_words(view: PlayerView) -> str:
    """Under whiz or mirror, the rule that leaves these bids; under rules
    with no Nil, that there is none, and the rule that takes it away.

    >>> from spadeslib import Hand
    >>> print(bid_rule_words(Hand("cards4net+whiz", seed=4, dealer="W").view("N")))
     (Whiz: everyone bids the spades they hold, or Nil.)
    >>> hand = Hand("classic+jokers", seed=5, dealer="W"); hand.apply("look")
    >>> print(bid_rule_words(hand.view("N")))
     (Jokers: no Nil; bid 1 to 13.)
    """
    rules = view.rules
    mods = [m for m in rules.modifiers if m in ("whiz", "mirror")]
    said = "".join(f" ({modifier_words(m, rules)}.)" for m in mods)
    numbers = [
        b.tricks for b in view.legal if isinstance(b, Bid) and b.kind is BidKind.NUMBER
    ]
    if not rules.nil and len(numbers) > 1:
        # the modifier that closes Nil, by its parameters (else the rule set)
        closing = [m for m in rules.modifiers if MODIFIERS[m][1].get("nil") is False]
        who = f"{modifier_text(closing[0], rules)[0]}: no Nil" if closing else "No Nil"
        said += f" ({who}; bid {min(numbers)} to {max(numbers)}.)"
    return said


#: the rules that decide a bid's number (the others leave it to the player)
_DECIDING = frozenset(
    {
        RuleId.MIRROR,
        RuleId.WHIZ,
        RuleId.SUICIDE,
        RuleId.BLIND_NIL_DECLARED,
        RuleId.BLIND_SEVEN,
    }
)


def bid_ruled(view: PlayerView) -> str:
    """Where the rules decide the learner's bid (one legal bid, or one number
    and Nil), the rule that does, in the second person from the engine's
    refusal of another bid; ``""`` where the number is the learner's choice.

    >>> from spadeslib import Hand
    >>> print(bid_ruled(Hand("classic+mirror", seed=3, dealer="W").view("N")))
    Under mirror you must bid exactly 3, the spades held.
    >>> bid_ruled(Hand("classic", seed=3, dealer="W").view("N"))
    ''
    """
    if view.phase is not Phase.BIDDING or view.holding is None:
        return ""
    numbers = {
        b.tricks for b in view.legal if isinstance(b, Bid) and b.kind is BidKind.NUMBER
    }
    if len(numbers) > 1:
        return ""
    refused = restricting_rule(view.bid_situation())
    if refused is None or refused[0] not in _DECIDING:
        return ""
    return you(refused[1].partition(": ")[2], view.seat)


def led_words(rules: Rules, card: Card) -> str:
    """What was led, for the learner's turn to play: the suit, or a card led
    as a suit not its own (a joker: spades).

    >>> led_words(Rules(), Card.parse("4H"))
    'hearts were led'
    >>> led_words(Rules("classic", ["jokers"]), Card.parse("BJ"))
    'the Big Joker was led (jokers count as spades)'
    """
    suit = rules.trick_suit(card)
    if card.suit is suit:
        return f"{suit.plural} were led"
    which = card.suit.plural if card.is_joker else "it"
    counts = "count" if card.is_joker else "counts"
    return f"the {card.symbol} was led ({which} {counts} as {suit.plural})"


def modifier_words(modifier: str, rules: Rules) -> str:
    """``"Whiz: everyone bids the spades they hold, or Nil"``, with the
    values of ``rules`` (:func:`~spadeslib.rule_sets.modifier_text`)."""
    title, words = modifier_text(modifier, rules)
    return f"{title}: {words}"


def suicide_words(view: PlayerView) -> str:
    """Under suicide, what the first partner's bid leaves the second.

    >>> from spadeslib import Hand
    >>> hand = Hand("classic+suicide", seed=4, dealer="W")
    >>> print(suicide_words(hand.view("N")))
     (Suicide: if you do not bid Nil, your partner must.)
    """
    if not view.rules.suicide or view.seat.partner in view.bids:
        return ""
    if Bid.NIL not in view.legal:
        return ""
    return " (Suicide: if you do not bid Nil, your partner must.)"


def blind_words(view: PlayerView) -> str:
    """What the blind bids open to this seat are, and which rule opens them.

    >>> from spadeslib import Hand
    >>> print(blind_words(Hand(seed=4, dealer="W").view("N")))
     Blind Nil (you bid first, so the rules let you bid it): you promise
     to take no trick, for plus or minus 200.
    """
    rules = view.rules
    parts = []
    if Bid.BLIND_NIL in view.legal:
        if rules.blind_nil == "trailing":
            why = (
                f"your side is at least {rules.blind_nil_margin} points behind, "
                "so the rules let you bid it"
            )
        else:
            why = "you bid first, so the rules let you bid it"
        said = (
            f" Blind Nil ({why}): you promise to take no trick, for plus or "
            f"minus {rules.blind_nil_value}"
        )
        if rules.exchange:
            said += (
                f"; then you and your partner pass each other {rules.exchange} "
                "cards face down"
            )
        parts.append(said + ".")
    if Bid.BLIND_SEVEN in view.legal:
        parts.append(
            " Blind Seven (neither you nor your partner has looked): your side "
            f"promises 7 tricks, for plus or minus {rules.blind_seven_value}, and "
            "your partner's only bid is then Blind Seven too."
        )
    return "".join(parts)


def step_words(view: PlayerView) -> str:
    """Why Next move (key s) is off on the learner's own turn: it lets a
    bot move, and what the learner does instead."""
    if view.phase is Phase.BIDDING:
        do = "bid with a button, or type the number"
    elif view.phase is Phase.DRAW and view.drawn is not None:
        do = "keep the top card or take the next one"
    elif view.phase is Phase.PLAYING:
        do = "play a card with Enter"
    else:
        do = "make your choice with the buttons"
    return f"Next move is for the bots' turns: it is your turn ({do})."
