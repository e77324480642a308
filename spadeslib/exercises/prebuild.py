"""Chapters of a class set built on several processes (``spades exercises
--jobs N``), the same exercises as one process builds.

Each worker builds one chapter for one seed, with its answer key (the slow
part: exercise 11.4 searches for a deal), and sends back the exercises'
declarations, whose scenario and remembered work pickle; the exercises
themselves keep their declaration off the object, so they are rebuilt here
around them (:func:`chapters`). A chapter whose declarations keep what
cannot pickle (chapter 10's puzzles keep their solvers) is left for the
caller to build.

>>> from spadeslib.exercises import key_text, load
>>> built = chapters([("06", 3), ("01", 3), ("10", 3)], jobs=2)
>>> sorted(built)  # chapter 10 left out
[('01_welcome', 3), ('06_scoring', 3)]
>>> [key_text(q) for q in built["06_scoring", 3]] == [
...     key_text(q) for q in load("06", seed=3)
... ]
True
"""

from __future__ import annotations

import pickle
from collections.abc import Sequence

from . import Chapter, Exercise, load, resolve, spec_of
from .specs import Spec

__all__ = ["chapters"]


def chapters(
    wanted: Sequence[tuple[str, int]], jobs: int
) -> dict[tuple[str, int], Chapter]:
    """The chapters of ``wanted`` (name, seed), built with their keys on
    ``jobs`` processes, keyed by name (resolved: ``("06_scoring", 3)``) and
    seed; those whose exercises cannot travel between processes are left
    out."""
    from ..parallel import run

    pairs = list(dict.fromkeys((resolve(name), seed) for name, seed in wanted))
    done = run(_build, pairs, jobs=jobs, progress=False)
    return {
        (name, seed): Chapter(name, title, seed, tuple(map(Exercise, specs)))
        for (name, seed), found in zip(pairs, done, strict=True)
        if found is not None
        for title, specs in [found]
    }


def _build(pair: tuple[str, int]) -> tuple[str, list[Spec]] | None:
    """A worker's job: chapter ``pair`` (name, seed), its key worked out;
    its title and its exercises' declarations (``None``: they do not
    pickle)."""
    chapter = load(*pair)
    chapter.accepted()
    specs = [spec_of(q) for q in chapter]
    try:
        pickle.dumps(specs)
    except (TypeError, pickle.PicklingError, AttributeError):
        return None
    return chapter.title, specs
