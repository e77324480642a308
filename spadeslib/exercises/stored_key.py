"""Grading by a class set's stored answer key where this spadeslib builds
another exercise from a student's seed than the spadeslib that wrote the
set (a new version may generate a scenario differently from the same seed).

``answer_key.json`` holds, per student and chapter, each exercise's key and
every answer its check accepted (``answers``, ``accepted``), and the
version of spadeslib that computed them (``spadeslib_version``, per chapter,
as a later run into the same folder may be another version; absent from a
key written before it was recorded). :func:`by_stored_key` judges an answer by those
accepted answers, read as this version's check reads an answer, where that
reading does not depend on the scenario. The key also says, per chapter,
whether its notebooks were written with their solutions off
(``solutions_off``; :func:`solutions_note`).

>>> from spadeslib.exercises import load
>>> q = load("06_scoring", seed=1)[0]
>>> print(by_stored_key(q, 53, StoredKey("53", ("53",))))
Correct: by the stored answer key, which accepts 53 (this spadeslib builds
another exercise from the seed).
>>> print(by_stored_key(q, "53 points", StoredKey("63", ("63",))))
Incorrect: by the stored answer key, which accepts 63 (this spadeslib builds
another exercise from the seed).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import __version__
from ..display import and_list
from .exercise import Exercise, spec_of
from .feedback import Feedback
from .reading import AnswerError, means_all
from .specs import SetSpec, Spec

__all__ = [
    "SOLUTIONS_FIELD",
    "SOLUTIONS_OFF_NOTE",
    "VERSION_FIELD",
    "StoredKey",
    "by_stored_key",
    "drift_note",
    "solutions_note",
    "stored_keys",
    "written_by",
]

VERSION_FIELD = "spadeslib_version"
"""The field of a student's entry in ``answer_key.json`` naming, per
chapter, the version of spadeslib that computed its key (absent from a key
written before it was recorded)."""


@dataclass(frozen=True)
class StoredKey:
    """One exercise's key as ``answer_key.json`` stores it: the key, and
    every answer the check accepted, the key first."""

    key: str
    accepted: tuple[str, ...]


def stored_keys(entry: Mapping[str, Any], chapter: str) -> dict[str, StoredKey]:
    """Per exercise label, chapter ``chapter``'s stored key in a student's
    entry of ``answer_key.json`` (none when it holds no answers for it; an
    exercise without accepted answers accepts its key).

    >>> stored_keys({"answers": {"01_welcome": {"1.1": "N"}}}, "01_welcome")
    {'1.1': StoredKey(key='N', accepted=('N',))}
    """
    answers = _part(entry, "answers", chapter)
    accepted = _part(entry, "accepted", chapter)
    out = {}
    for label, key in answers.items():
        if not isinstance(key, str):
            continue
        texts = accepted.get(label)
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            texts = []
        out[label] = StoredKey(key, tuple(dict.fromkeys([key, *texts])))
    return out


def _part(entry: Mapping[str, Any], part: str, chapter: str) -> dict[str, Any]:
    chapters = entry.get(part)
    found = chapters.get(chapter) if isinstance(chapters, dict) else None
    return found if isinstance(found, dict) else {}


def written_by(entry: Mapping[str, Any], chapter: str) -> str | None:
    """The version of spadeslib that wrote chapter ``chapter``'s key in a
    student's entry (``None`` for a key that does not record it).

    >>> written_by({VERSION_FIELD: {"01_welcome": "0.1.0"}}, "01_welcome")
    '0.1.0'
    >>> written_by({"seed": 3}, "01_welcome") is None
    True
    """
    versions = entry.get(VERSION_FIELD)
    version = versions.get(chapter) if isinstance(versions, dict) else None
    return version if isinstance(version, str) else None


def _reads_alone(spec: Spec, answer: Any) -> bool:
    """Whether ``spec``'s check reads ``answer`` without its scenario, and
    accepts exactly the answers its key lists: its answer kind's reading
    (no ``parse`` or ``feedback`` of its own: those may read "hearts" as
    the hand's hearts, "tie" by the totals, or a count against the key),
    "all" not read as every item of the scenario, and no ``diagnose`` that
    may accept an answer its ``candidates`` (the accepted answers' source)
    do not list."""
    kind = type(spec)
    if kind.feedback is not Spec.feedback:
        return False
    if kind.parse not in (Spec.parse, SetSpec.parse):
        return False
    if (
        isinstance(spec, SetSpec)
        and means_all(answer)
        and spec.everything() is not None
    ):
        return False
    return kind.diagnose in (Spec.diagnose, SetSpec.diagnose) or (
        kind.candidates is not Spec.candidates
    )


def by_stored_key(q: Exercise, answer: Any, stored: StoredKey) -> Feedback | None:
    """The verdict on ``answer`` by ``stored``: correct when this version's
    check reads it as one of the stored accepted answers (read the same way:
    ``"North"`` is ``N``, ``5.0`` is ``5``), incorrect when it reads it as
    another answer, and the check's own words when it cannot read it.
    ``None`` where that is not sound: the check reads answers by its
    scenario (see :func:`_reads_alone`), or cannot read a stored answer (its
    kind of answer changed)."""
    spec = spec_of(q)
    if isinstance(answer, str) and not answer.strip() and spec.empty_means:
        answer = spec.empty_means
    if not _reads_alone(spec, answer):
        return None
    try:
        accepted = [spec.parse(text) for text in stored.accepted]
    except AnswerError:
        return None
    if answer is None or (isinstance(answer, str) and not answer.strip()):
        return spec.feedback(answer)  # an empty answer, in the check's words
    try:
        parsed = spec.parse(answer)
    except AnswerError:
        return spec.feedback(answer)  # the refusal of its kind, not its scenario
    right = any(spec.same(parsed, value) for value in accepted)
    return Feedback(
        "correct" if right else "incorrect",
        f"by the stored answer key, which accepts {' or '.join(stored.accepted)} "
        "(this spadeslib builds another exercise from the seed)",
    )


def drift_note(
    student: str,
    chapter: str,
    drifted: Sequence[tuple[str, str, str]],
    version: str | None,
) -> str:
    """The report's note on a student's chapter whose exercises this
    spadeslib builds differently from the stored key: ``drifted`` holds
    ``(label, stored key, rebuilt key)``, the stored key ``""`` for an
    exercise new in this spadeslib and the rebuilt one ``""`` for one it no
    longer builds; ``version`` wrote the key, if known.

    >>> print(drift_note("ann", "07_winning", [("7.3", "NS", "none")], None))
    ... # doctest: +NORMALIZE_WHITESPACE
    ann's 07_winning: the class set was written by another version of
    spadeslib (its answer key does not record which), and this one, ...,
    builds other exercises from ann's seed: 7.3 stored key 'NS', rebuilt
    'none'. Graded by the stored key ("not read" where its check cannot be)
    """
    exact = ""
    if version is None:
        by = "another version of spadeslib (its answer key does not record which)"
    elif version == __version__:
        by = f"spadeslib {version} too, but a changed copy of it"
    else:
        by = f"spadeslib {version}"
        exact = f"; spadeslib {version} grades them exactly"
    which = "; ".join(_drifted_words(*item) for item in drifted)
    return (
        f"{student}'s {chapter}: the class set was written by {by}, and this "
        f"one, {__version__}, builds other exercises from {student}'s seed: "
        f'{which}. Graded by the stored key ("not read" where its check cannot '
        f"be){exact}"
    )


def _drifted_words(label: str, old: str, new: str) -> str:
    """One exercise of :func:`drift_note`.

    >>> _drifted_words("7.3", "NS", "none")
    "7.3 stored key 'NS', rebuilt 'none'"
    >>> _drifted_words("7.7", "", "NS")
    "7.7 new, not in the stored key (rebuilt 'NS'; not read)"
    >>> _drifted_words("7.6", "NS", "")
    "7.6 stored key 'NS', no longer built (its answer is not graded)"
    """
    if not old:
        return f"{label} new, not in the stored key (rebuilt {new!r}; not read)"
    if not new:
        return f"{label} stored key {old!r}, no longer built (its answer is not graded)"
    return f"{label} stored key {old!r}, rebuilt {new!r}"


SOLUTIONS_OFF_NOTE = (
    "**Solutions are off** in this set's notebooks{which}: their setup cell "
    "calls `graded()`, so `q1.solution()` says so (hints and checks stay). It "
    "is no lock: a determined student can still compute an answer with the "
    "library."
)
"""The answer key's note on a class set written with ``--no-solutions``
(``which``: the chapters, where not all of them)."""

SOLUTIONS_FIELD = "solutions_off"
"""The field of a student's entry in ``answer_key.json`` saying, per chapter,
whether its notebook was written with ``--no-solutions`` (a set written in
two runs may mix them: chapter 1 to practise, chapter 6 to mark)."""


def solutions_note(data: Mapping[str, Any], chapters: Sequence[str]) -> str | None:
    """The answer key's note on the chapters written with their solutions off
    (:data:`SOLUTIONS_FIELD` of any student; ``None``: none).

    >>> print(solutions_note({"ann": {SOLUTIONS_FIELD: {"06_scoring": True,
    ...     "01_welcome": False}}}, ["01_welcome", "06_scoring"]))
    **Solutions are off** in this set's notebooks of 06_scoring (the others
    keep them): their setup cell calls `graded()`, ...
    """
    off = [
        name
        for name in chapters
        if any(
            isinstance(entry.get(SOLUTIONS_FIELD), dict)
            and entry[SOLUTIONS_FIELD].get(name) is True
            for entry in data.values()
        )
    ]
    if not off:
        return None
    which = (
        ""
        if len(off) == len(chapters)
        else f" of {and_list(off)} (the others keep them)"
    )
    return SOLUTIONS_OFF_NOTE.format(which=which)
