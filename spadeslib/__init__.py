"""spadeslib: exact, fast Spades rules for every common rule set.

>>> from spadeslib import Game
>>> game = Game("cards4net", seed=42)
>>> game.hand.phase.value, len(game.legal_actions()) > 0
('bidding', True)

The core depends on nothing outside the standard library and is layered,
bottom first: plain values (:mod:`~spadeslib.errors`,
:mod:`~spadeslib.rule_ids`, :mod:`~spadeslib.phase`); cards and seats; rules
and actions; bidding, tricks, scoring, card legality and dealing as
functions of the rules and plain values; the per-seat view; the hand's state
machine (:mod:`~spadeslib.hand_state`) and the validated
:class:`~spadeslib.hand.Hand`; the :class:`~spadeslib.game.Game`. Records,
display, the command line, bots (:mod:`spadeslib.bots`), the notebook table
(:mod:`spadeslib.table`) and exercise checks (:mod:`spadeslib.exercises`)
are built on it; the core never imports them (``tests/test_layers.py``).
"""

from .actions import (
    KEEP,
    LOOK,
    TAKE_NEXT,
    Action,
    Bid,
    BidKind,
    Discard,
    Draw,
    Exchange,
)
from .cards import FULL_DECK, SUIT_DISPLAY_ORDER, Card, Rank, Suit
from .errors import (
    IllegalAction,
    InvalidCard,
    InvalidDeal,
    InvalidRecord,
    InvalidRules,
    SpadesError,
)
from .game import Game
from .hand import Hand, Phase
from .rule_ids import RuleId
from .rules import MODIFIERS, PRESETS, Rules
from .scoring import SideScore, game_over, score_hand, side_of, sides
from .seats import SIDES, Seat
from .tricks import Trick, trick_winner
from .view import PlayerView

__version__ = "0.1.0"

__all__ = [
    "FULL_DECK",
    "KEEP",
    "LOOK",
    "MODIFIERS",
    "PRESETS",
    "SIDES",
    "SUIT_DISPLAY_ORDER",
    "TAKE_NEXT",
    "Action",
    "Bid",
    "BidKind",
    "Card",
    "Discard",
    "Draw",
    "Exchange",
    "Game",
    "Hand",
    "IllegalAction",
    "InvalidCard",
    "InvalidDeal",
    "InvalidRecord",
    "InvalidRules",
    "Phase",
    "PlayerView",
    "Rank",
    "RuleId",
    "Rules",
    "Seat",
    "SideScore",
    "SpadesError",
    "Suit",
    "Trick",
    "game_over",
    "score_hand",
    "side_of",
    "sides",
    "trick_winner",
]
