"""spadeslib: exact, fast Spades rules for every common rule set.

>>> from spadeslib import Game
>>> game = Game("cards4net", seed=42)
>>> game.hand.phase.value, len(game.legal_actions()) > 0
('bidding', True)

The core (cards, rules, hands, games, scoring, records) depends on nothing
outside the standard library. Bots live in :mod:`spadeslib.bots`, the
notebook table in :mod:`spadeslib.table` and exercise checks in
:mod:`spadeslib.exercises`; the core never imports them.
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
from .cards import FULL_DECK, Card, Rank, Suit
from .errors import IllegalAction, InvalidCard, InvalidRecord, InvalidRules, SpadesError
from .game import Game
from .hand import Hand, Phase
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
    "InvalidRecord",
    "InvalidRules",
    "Phase",
    "PlayerView",
    "Rank",
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
