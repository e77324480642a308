"""spadeslib: exact, fast Spades rules for every common rule set.

A seeded game, four bids, a card refused with the rule that forbids it, a
card played, and the game saved and read back by :mod:`~spadeslib.record`
(``record.save(game, "game.json")`` and ``record.load`` do it with a file):

>>> from spadeslib import Game, IllegalAction, record
>>> game = Game("classic", seed=1)  # the same deals for the same seed
>>> game.hand.dealer.full, game.hand.turn.full
('North', 'East')
>>> for bid in (4, 3, 3, 3):  # East, South, West, North
...     game.apply(bid)
>>> try:
...     game.apply("3S")
... except IllegalAction as refusal:
...     print(refusal.rule, "|", refusal)  # doctest: +ELLIPSIS
spades-not-broken | East cannot lead the three of spades: spades are not broken...
>>> game.apply("KH")  # East leads the king of hearts
>>> game.legal_actions()  # South follows suit
[Card.parse('2H'), Card.parse('5H'), Card.parse('AH')]
>>> record.loads(record.dumps(game)).hand.trick == game.hand.trick
True

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

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from . import record

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
    "record",
    "score_hand",
    "side_of",
    "sides",
    "trick_winner",
]


def __getattr__(name: str) -> Any:
    """``spadeslib.record``, imported on first use: the records' JSON and
    temporary files would make ``import spadeslib`` a fifth slower."""
    if name == "record":
        import importlib

        return importlib.import_module(".record", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
