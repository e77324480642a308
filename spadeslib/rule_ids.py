"""The stable identifiers of the rules an action can break, listed once.

:class:`~spadeslib.errors.IllegalAction` carries one of these as ``rule``
(a plain string, so ``error.rule == "follow-suit"`` keeps working); tests,
exercises and the table match on them to explain a refusal.

>>> RuleId.FOLLOW_SUIT.value, RuleId("spades-not-broken").name
('follow-suit', 'SPADES_NOT_BROKEN')
>>> RuleId.FOLLOW_SUIT == "follow-suit"
True
"""

from __future__ import annotations

import enum

__all__ = ["RuleId"]


class RuleId(str, enum.Enum):
    """Why an action was refused. The value is the id in messages and records."""

    # whose turn, and what the input is
    UNREADABLE = "unreadable"
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    HAND_OVER = "hand-over"
    HAND_IN_PROGRESS = "hand-in-progress"
    GAME_OVER = "game-over"
    # card play
    CARD_NOT_HELD = "card-not-held"
    FOLLOW_SUIT = "follow-suit"
    SPADES_NOT_BROKEN = "spades-not-broken"
    # bidding
    BID_RANGE = "bid-range"
    ZERO_IS_NIL = "zero-is-nil"
    NO_NIL = "no-nil"
    NIL_AFTER_PARTNER = "nil-after-partner"
    DOUBLE_NIL = "double-nil"
    SUICIDE = "suicide"
    MIRROR = "mirror"
    WHIZ = "whiz"
    # blind bids and looking
    ALREADY_LOOKED = "already-looked"
    BLIND_AFTER_LOOK = "blind-after-look"
    BLIND_SEVEN = "blind-seven"
    NO_BLIND_SEVEN = "no-blind-seven"
    NO_BLIND_NIL = "no-blind-nil"
    BLIND_NIL_FIRST_BIDDER = "blind-nil-first-bidder"
    BLIND_NIL_TRAILING = "blind-nil-trailing"
    BLIND_NIL_BEFORE_DRAW = "blind-nil-before-draw"
    BLIND_NIL_ONE_PER_TEAM = "blind-nil-one-per-team"
    BLIND_NIL_DECLARED = "blind-nil-declared"
    # two-player draw, exchange and blind-nil discards
    BLIND_DECISION = "blind-decision"
    DRAW = "draw"
    EXCHANGE = "exchange"
    BLIND_DISCARD = "blind-discard"

    def __str__(self) -> str:
        return self.value
