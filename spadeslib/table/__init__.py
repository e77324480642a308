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

from typing import TYPE_CHECKING, Any

from .advisor import Advisor, HandEstimate, ReviewRow, TableReview
from .narrate import describe_result, describe_trick, narrate
from .options import ladder
from .saving import parse_record
from .session import SPEEDS, TableSession
from .state import table_state
from .words import refusal

if TYPE_CHECKING:
    from .app import SpadesTable

__all__ = [
    "SPEEDS",
    "Advisor",
    "HandEstimate",
    "ReviewRow",
    "SpadesTable",
    "TableReview",
    "TableSession",
    "describe_result",
    "describe_trick",
    "ladder",
    "narrate",
    "parse_record",
    "refusal",
    "table_state",
]


def __getattr__(name: str) -> Any:
    """``SpadesTable`` is imported when first asked for: it needs the widget
    packages (the ``course`` extra), which the headless table, the command
    line and the bots do not."""
    if name == "SpadesTable":
        from .app import SpadesTable

        return SpadesTable
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
