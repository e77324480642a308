"""The declaration of an exercise: :class:`Spec`, and :class:`SetSpec` for an
answer that is a set of items.

An exercise is built from ``(chapter, number, seed)``: its scenario (a deal, a
trick, bids and tricks to score...) comes from a random generator seeded with
those three, so the same seed always gives the same exercise. The right answer
is computed with the library; so are the *typical wrong answers*, by running
the library under a mistaken reading of the rules (another preset's nil rule,
no bag penalty, the 2 of spades ranked low under jokers, ...). A learner's
answer that equals one of them gets that mistake's diagnosis.

>>> from spadeslib.exercises.ch06_scoring import EXERCISES
>>> spec = EXERCISES[0](seed=3)
>>> spec.label, spec.feedback(spec.key_text).correct
('6.1', True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ..cards import Card, Suit
from .answers import Answer
from .feedback import Feedback, Mistake, Placeholder, ____
from .reading import AnswerError, means_all, plural, said_once
from .scenarios import cap

__all__ = ["DEFAULT_SEED", "SetSpec", "Spec", "exercise_label", "not_attempted"]

DEFAULT_SEED = 1
"""The seed the course's exercise notebooks use."""


def not_attempted(answer_format: str) -> Feedback:
    """The verdict on a blank answer (``____``) of an exercise answered
    ``answer_format``."""
    return Feedback(
        "not attempted",
        f"replace ____ with your answer, {answer_format}, and run the cell again.",
    )


class Spec:
    """The declaration of one exercise: its scenario, key, prompt, typical
    mistakes, hint and explanation. A learner never holds a ``Spec``: they get
    an :class:`Exercise` built from it, which cannot reach the key.

    Subclasses set the class attributes and implement :meth:`generate` (the
    scenario from a seeded ``rng``), :meth:`key` (the right answer, computed with
    the library), :meth:`prompt`, :meth:`mistakes` (typical wrong answers,
    computed with the library under a mistaken reading), :meth:`hint` and
    :meth:`explain`. ``answer`` (a kind from :mod:`.answers`) reads, writes and
    compares answers.

    ``must_catch`` lists mistake ids the scenario must tell apart from the key:
    :meth:`generate` is retried (with the same random stream) until each of them
    gives a different answer, so the exercise always tests its rule.
    ``public`` names the scenario attributes a learner may use in code
    (``q.hand``). ``intro`` is the paragraph above the exercise in its
    notebook; ``worked`` is a code cell the solution shows (blank in the
    exercise) and ``answer_code`` the expression it answers with.
    """

    chapter: ClassVar[str] = ""
    number: ClassVar[int] = 0
    title: ClassVar[str] = ""
    intro: ClassVar[str] = ""
    answer: ClassVar[Any] = None
    must_catch: ClassVar[tuple[str, ...]] = ()
    public: ClassVar[tuple[str, ...]] = ()
    worked: ClassVar[str] = ""
    answer_code: ClassVar[str] = ""
    #: what :meth:`other_side_score` gives for a side, as a wrong answer
    #: names it ("that is East-West's score")
    side_quantity: ClassVar[str] = "score"
    #: how an empty text reads (``"none"``) where a worked recipe gives one
    #: for "nothing" (a join of no items); blank: an empty answer
    empty_means: ClassVar[str] = ""

    def __init__(self, seed: int = DEFAULT_SEED) -> None:
        self.seed = seed
        rng = random.Random(f"{self.chapter}/{self.number}/{seed}")
        for _ in range(1000):
            self._cache: dict[str, Any] = {}
            self.generate(rng)
            if self.acceptable():
                break
        else:  # pragma: no cover - generators are built to succeed quickly
            raise RuntimeError(
                f"exercise {self.label} found no scenario for seed {seed}"
            )

    # ------------------------------------------------------------ to define
    def generate(self, rng: random.Random) -> None:
        """Build the scenario from ``rng`` (store it on ``self``)."""
        raise NotImplementedError

    def key(self) -> Any:
        """The right answer, computed with the library."""
        raise NotImplementedError

    def prompt(self) -> str:
        """The scenario and the question, as text."""
        raise NotImplementedError

    def mistakes(self) -> list[Mistake]:
        """Typical wrong answers for this scenario, computed with the library."""
        return []

    def hint(self) -> str:
        """A nudge that does not give the answer away."""
        raise NotImplementedError

    def explain(self) -> str:
        """Why the answer is what it is (shown by the solution)."""
        raise NotImplementedError

    @property
    def answer_format(self) -> str:
        """How the answer is written, in words."""
        return str(self.answer.text)

    def parse(self, answer: Any) -> Any:
        """Read a learner's answer (raise :class:`AnswerError` if impossible)."""
        return self.answer.parse(answer)

    def format_answer(self, value: Any) -> str:
        """The answer as it would be typed (for the solution and the key)."""
        return str(self.answer.format(value))

    def same(self, a: Any, b: Any) -> bool:
        """Whether two parsed answers are the same answer."""
        if self.answer is None:
            return bool(a == b)
        return bool(self.answer.same(a, b))

    def spellings(self) -> list[Any]:
        """Natural ways to write the key (the tests check every one passes)."""
        if self.answer is None or type(self.answer).spellings is Answer.spellings:
            return [self.expected, self.key_text]
        return list(self.answer.spellings(self.expected))

    def literal(self) -> str:
        """The key as Python source (the solution notebook's ``answer = ...``)."""
        text = self.key_text
        if self.answer is None or type(self.answer) is Answer:
            return (
                text if text.startswith("[") else json.dumps(text, ensure_ascii=False)
            )
        return str(self.answer.literal(self.expected))

    def fallback(self, parsed: Any) -> str:
        """The message for a wrong answer that matches no known mistake."""
        return "that is not it. Hint: " + cap(self.hint())

    def diagnose(self, parsed: Any) -> Feedback | None:
        """A custom verdict before the standard comparison (``None``: no opinion)."""
        return None

    def other_side_score(self) -> tuple[str, str, Any] | None:
        """For a question about one side's points: (that side's name, the
        other side's name, the other side's answer), so that the other
        side's points are named as such; ``None`` for other questions."""
        return None

    def praise(self) -> str:
        """A short reason shown with "Correct"."""
        return ""

    # ----------------------------------------------------------- machinery
    def acceptable(self) -> bool:
        """Whether the generated scenario is a good exercise (see ``must_catch``)."""
        if not self.must_catch:
            return True
        answer = self.expected
        wrong = {m.id: m.answer for m in self.mistakes()}
        return all(
            i in wrong and not self.same(wrong[i], answer) for i in self.must_catch
        )

    @property
    def expected(self) -> Any:
        """The right answer (computed once)."""
        if "expected" not in self._cache:
            self._cache["expected"] = self.key()
        return self._cache["expected"]

    @property
    def key_text(self) -> str:
        """The right answer as text, for answer keys."""
        return self.format_answer(self.expected)

    @property
    def label(self) -> str:
        """``"6.3"``: chapter number and exercise number."""
        return exercise_label(type(self))

    def feedback(self, answer: Any = ____) -> Feedback:
        """The verdict on ``answer``: correct, a diagnosed mistake, not attempted,
        or unreadable."""
        if isinstance(answer, Placeholder) or answer is Ellipsis:
            return not_attempted(self.answer_format)
        none_text = getattr(self.answer, "none_text", lambda: None)()
        if answer is None and none_text:
            return Feedback("unreadable", none_text + ".")
        if isinstance(answer, str) and not answer.strip() and self.empty_means:
            verdict = self.feedback(self.empty_means)
            return Feedback(
                verdict.status,
                f"{answer!r} (nothing listed) reads as {self.empty_means!r}: "
                f"{verdict.message}",
                verdict.mistake,
            )
        if answer is None or (isinstance(answer, str) and not answer.strip()):
            empty = "None" if answer is None else repr(answer)
            return Feedback(
                "unreadable",
                f"{empty} is an empty answer. Expected {self.answer_format}.",
            )
        try:
            parsed = self.parse(answer)
        except AnswerError as error:
            # the refusal without what "Expected ..." says after it anyway
            refusal = said_once(str(error), self.answer_format)
            return Feedback("unreadable", f"{refusal}. Expected {self.answer_format}.")
        return self.judge(parsed)

    def judge(self, parsed: Any) -> Feedback:
        """The verdict on an answer already read by :meth:`parse` (the part of
        :meth:`feedback` that compares; :meth:`accepted` uses it too)."""
        verdict = self.diagnose(parsed)
        if verdict is not None:
            return verdict
        if self.same(parsed, self.expected):
            return Feedback("correct", self.praise())
        for mistake in self.mistakes():
            if self.same(parsed, mistake.answer) and not self.same(
                mistake.answer, self.expected
            ):
                return Feedback("incorrect", mistake.message, mistake.id)
        sides = self.other_side_score()
        if sides is not None and self.same(parsed, sides[2]):
            return Feedback(
                "incorrect",
                f"that is {sides[1]}'s {self.side_quantity}; the question asks "
                f"for {sides[0]}'s",
                "other-side",
            )
        return Feedback("incorrect", self.fallback(parsed))

    def candidates(self) -> list[Any]:
        """The answers (read, as :meth:`parse` returns them) the check might
        accept: the key, and every value of an answer kind with only a few
        (a seat, a side, ...). An exercise whose :meth:`diagnose` accepts
        other answers than the key lists the answers it may accept (every
        legal card, every legal bid)."""
        kinds = self.answer.candidates() if self.answer is not None else []
        return [self.expected, *kinds]

    def accepted(self) -> list[Any]:
        """Every answer the check accepts, the key first: each candidate is
        judged by :meth:`judge`, the code that checks a learner's answer."""
        if "accepted" not in self._cache:
            out: list[Any] = []
            for value in self.candidates():
                if any(self.same(value, v) for v in out):
                    continue
                if self.judge(value).correct:
                    out.append(value)
            self._cache["accepted"] = out
        return list(self._cache["accepted"])

    @property
    def accepted_texts(self) -> list[str]:
        """Every accepted answer as text, the key first (for answer keys)."""
        texts = [self.format_answer(value) for value in self.accepted()]
        return list(dict.fromkeys([self.key_text, *texts]))

    def show_text(self) -> str:
        """The exercise as printed: title, scenario, question, answer format."""
        return (
            f"Exercise {self.label}: {self.title}\n\n{self.prompt()}\n\n"
            f"Answer with {self.answer_format}."
        )

    def solution_text(self) -> str:
        """The answer and why."""
        return f"Solution: {self.key_text}\n{cap(self.explain())}"


def exercise_label(spec: type[Spec]) -> str:
    """``"6.3"``: the chapter number and the exercise number of ``spec``."""
    return f"{int(spec.chapter[:2])}.{spec.number}"


class SetSpec(Spec):
    """An exercise whose answer is a set of items (cards, bids, seats, suits).

    Wrong answers are diagnosed item by item: an item that does not belong is
    explained by :meth:`why_not`, a missing one by :meth:`why_yes`.
    """

    #: whether a wrong answer names an item left out (naming it gives part
    #: of the answer away; off, :meth:`missing_text` counts them)
    names_missing: bool = True
    #: the items' noun when they are counted (``"spade"``)
    noun: str = "item"
    #: whether a wrong answer names an item listed that does not belong (off:
    #: :meth:`extra_text` names none, as where naming it gives the answer away)
    names_extra: bool = True

    def universe(self) -> Sequence[Any]:
        """Every item a learner might list (to build typical wrong answers)."""
        raise NotImplementedError

    def why_not(self, item: Any) -> str:
        """Why ``item`` is not in the answer."""
        raise NotImplementedError

    def why_yes(self, item: Any) -> str:
        """Why ``item`` is in the answer."""
        raise NotImplementedError

    def left_out(self, item: Any) -> str:
        """Why ``item`` belongs, in words that do not name it (what a wrong
        answer says when :attr:`names_missing` is off); :meth:`why_yes` by
        default."""
        return self.why_yes(item)

    def everything(self) -> frozenset[Any] | None:
        """What "all" (``"every card"``, ``"all of them"``) means in an answer:
        every card of the learner's hand, say. ``None`` (the default): "all"
        is not read."""
        return None

    def parse(self, answer: Any) -> Any:
        """Read a learner's answer; "all" is every item of :meth:`everything`
        where the exercise knows them."""
        every = self.everything()
        if every is not None and means_all(answer):
            return frozenset(every)
        return super().parse(answer)

    def spellings(self) -> list[Any]:
        out = super().spellings()
        every = self.everything()
        if every is not None and self.expected == frozenset(every):
            out += ["all", "All of them.", "every card"]
        return out

    def item_text(self, item: Any) -> str:
        """How an item is named in messages."""
        return item.symbol if isinstance(item, Card) else str(item)

    @staticmethod
    def _does(item: Any) -> str:
        """The verb for an item: suits are named in the plural ("clubs")."""
        return "do" if isinstance(item, Suit) else "does"

    def extra_text(self, extra: Sequence[Any]) -> list[str]:
        """What is wrong with listing ``extra`` (items not in the answer)."""
        item = extra[0]
        text = self.item_text(item)
        others = len(extra) - 1
        verb = "does" if others == 1 else "do"
        more = f", nor {verb} {plural(others, 'other')} you listed" if others else ""
        return [f"{text} {self._does(item)} not belong{more}: {self.why_not(item)}"]

    def missing_text(self, missing: Sequence[Any]) -> str:
        """What is wrong with leaving ``missing`` out: the first one named, or
        only counted when :attr:`names_missing` is off."""
        if not self.names_missing:
            return (
                f"you left out {plural(len(missing), self.noun)}: "
                f"{self.left_out(missing[0])}"
            )
        item = missing[0]
        more = f" (and {plural(len(missing) - 1, 'other')})" if len(missing) > 1 else ""
        return f"you left out {self.item_text(item)}{more}: {self.why_yes(item)}"

    def diagnose(self, parsed: Any) -> Feedback | None:
        expected = self.expected
        if parsed == expected:
            return None
        extra = sorted(parsed - expected, key=self._order)
        missing = sorted(expected - parsed, key=self._order)
        parts = self.extra_text(extra) if extra else []
        if missing:
            parts.append(self.missing_text(missing))
        first = (extra or missing)[0]
        mistake = self._mistake_id(first, extra=bool(extra))
        return Feedback("incorrect", "; ".join(parts) + ".", mistake)

    def _mistake_id(self, item: Any, *, extra: bool) -> str:
        """The id of a wrong answer about ``item``: it names the item only
        where the message does (the feedback, id included, is the learner's)."""
        named = self.names_extra if extra else self.names_missing
        return f"item:{item}" if named else f"item:{'extra' if extra else 'missing'}"

    def _order(self, item: Any) -> Any:
        return str(item)

    def mistakes(self) -> list[Mistake]:
        """One wrong answer per item: the answer with that item added or removed."""
        expected = self.expected
        out = []
        for item in self.universe():
            extra = item not in expected
            if not extra:
                wrong, text = expected - {item}, self.missing_text([item])
            else:
                wrong, text = expected | {item}, "; ".join(self.extra_text([item]))
            mistake = self._mistake_id(item, extra=extra)
            out.append(Mistake(mistake, frozenset(wrong), text + "."))
        return out
