"""The interactive table: play Spades in Jupyter against (and beside) bots.

>>> from spadeslib.table import TableSession
>>> table = TableSession("classic", seed=5)
>>> table.seat.full, table.rules.spec
('South', 'classic')

:class:`TableSession` is the table without a screen (the game, the bots,
the turn loop, undo, save and load, hints and reviews); :class:`SpadesTable`
is the same table drawn in the notebook (an anywidget whose JavaScript and
CSS ship in ``spadeslib/table/static``). Both take the same actions:
``table.bid(4)``, ``table.play("QH")``, ``table.undo()``, ``table.hint()``,
``table.review()``. :func:`review_hand` checks a finished hand's decisions
against a bot, from the views the learner had.
"""

from .advisor import Advisor, Estimate, ReviewRow, TableReview, Tip
from .app import SpadesTable
from .hints import available_level, hint
from .narrate import describe_result, describe_trick, narrate
from .review import Decision, Review, ReviewEntry, decisions, equivalent, review_hand
from .saving import parse_record
from .session import SPEEDS, TableSession, ladder
from .state import table_state
from .words import refusal

__all__ = [
    "SPEEDS",
    "Advisor",
    "Decision",
    "Estimate",
    "Review",
    "ReviewEntry",
    "ReviewRow",
    "SpadesTable",
    "TableReview",
    "TableSession",
    "Tip",
    "available_level",
    "decisions",
    "describe_result",
    "describe_trick",
    "equivalent",
    "hint",
    "ladder",
    "narrate",
    "parse_record",
    "refusal",
    "review_hand",
    "table_state",
]
