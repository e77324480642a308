"""What a check says: the ``____`` placeholder a learner replaces, the
:class:`Feedback` on one answer, and the :class:`Mistake` a typical wrong
answer shows.

>>> from spadeslib.exercises.feedback import Feedback
>>> print(Feedback("incorrect", "you forgot the bag penalty: 8 + 3 bags crosses 10"))
Incorrect: you forgot the bag penalty: 8 + 3 bags crosses 10.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

__all__ = ["Feedback", "Mistake", "Placeholder", "Status", "____"]


class Placeholder:
    """The blank a learner replaces with an answer (printed as ``____``)."""

    _instance: ClassVar[Placeholder | None] = None

    def __new__(cls) -> Placeholder:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "____"

    def __bool__(self) -> bool:
        return False


____ = Placeholder()
"""Write your answer in place of this."""

Status = Literal["correct", "incorrect", "not attempted", "unreadable"]

_LABELS = {
    "correct": "Correct",
    "incorrect": "Incorrect",
    "not attempted": "Not attempted",
    "unreadable": "Check the format of your answer",
}


@dataclass(frozen=True)
class Feedback:
    """What a check says about one answer.

    ``mistake`` names the diagnosed mistake (``None`` if none was recognised);
    ``label`` replaces the status's word where a right answer needs a nuance
    (``"Accepted"``: not the best, but no worse than the check can tell).
    """

    status: Status
    message: str
    mistake: str | None = None
    label: str | None = None

    @property
    def correct(self) -> bool:
        """True when the answer is right."""
        return self.status == "correct"

    def __str__(self) -> str:
        label = self.label or _LABELS[self.status]
        text = self.message
        if text and not text.rstrip(")'\"").endswith((".", "!", "?")):
            text += "."  # every verdict a whole sentence
        return f"{label}: {text}" if text else f"{label}."


@dataclass(frozen=True)
class Mistake:
    """A typical wrong answer, computed with the library, and what it shows."""

    id: str
    answer: Any
    message: str
