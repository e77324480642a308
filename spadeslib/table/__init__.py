"""The interactive table: play Spades in Jupyter against (and beside) bots.

>>> from spadeslib.table import TableSession
>>> table = TableSession("classic", seed=5)
>>> table.seat.full, table.rules.full_spec
('South', 'classic')

:class:`TableSession` is the table without a screen (the game, the bots,
the turn loop, undo, save and load, hints and reviews); :class:`SpadesTable`
is the same table drawn in the notebook (an anywidget whose JavaScript and
CSS ship in ``spadeslib/table/static``). Both take the same actions:
``table.bid(4)``, ``table.play("QH")``, ``table.undo()``, ``table.hint()``,
``table.review()``; hints, the hand estimate and the review all come from
one :class:`~spadeslib.coach.Coach` (see :class:`Advisor`).
"""

from .advisor import Advisor, HandEstimate, ReviewRow, TableReview, Tip
from .app import SpadesTable
from .narrate import describe_result, describe_trick, narrate
from .options import ladder
from .saving import parse_record
from .session import SPEEDS, TableSession
from .state import table_state
from .words import refusal

__all__ = [
    "SPEEDS",
    "Advisor",
    "HandEstimate",
    "ReviewRow",
    "SpadesTable",
    "TableReview",
    "TableSession",
    "Tip",
    "describe_result",
    "describe_trick",
    "ladder",
    "narrate",
    "parse_record",
    "refusal",
    "table_state",
]
