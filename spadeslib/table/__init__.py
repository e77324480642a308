"""The interactive table: play Spades in Jupyter against (and beside) bots.

>>> from spadeslib.table import SpadesTable
>>> table = SpadesTable("classic", seed=5, pause=0)
>>> table.seat.full, table.rules.spec
('South', 'classic')

Display ``table`` in a notebook to play by clicking; drive it from code with
``table.bid(4)``, ``table.play("QH")`` and friends (the same methods the
buttons call). :func:`review_hand` checks a finished hand's decisions against
a bot, from the views the learner had.
"""

from .hints import available_level, hint
from .narrate import describe_result, describe_trick, narrate
from .review import Decision, Review, ReviewEntry, decisions, equivalent, review_hand
from .widget import SpadesTable

__all__ = [
    "Decision",
    "Review",
    "ReviewEntry",
    "SpadesTable",
    "available_level",
    "decisions",
    "describe_result",
    "describe_trick",
    "equivalent",
    "hint",
    "narrate",
    "review_hand",
]
