"""The teacher's view of a class at the classroom page.

Voila gives every visitor a kernel of their own, and kernels share nothing;
so each table that is told a class folder (``make voila
VOILA_CLASS=class-7b``, which sets :data:`CLASS_ENV`) writes one small JSON
file there after every change worth telling: the name the student typed,
the rules and seed, the hands played, the score, and the coach's ratings of
the hands reviewed. ``spades class FOLDER`` reads the folder and prints one
line per table, again every few seconds with ``--watch``.

Nothing else leaves the kernel: no card, no move, nothing of the other
tables. A file is written whole or not at all (a temporary file renamed),
and a table whose folder cannot be written plays on without it.

>>> import tempfile
>>> from spadeslib.table import SpadesTable
>>> folder = tempfile.mkdtemp()
>>> table = SpadesTable("classic", seed=2024, speed="instant")
>>> board = ClassProgress.attach(table.session, folder, name="Ana")
>>> table.bid(3)
True
>>> [row.name for row in read_class(folder)]
['Ana']
"""

from __future__ import annotations

import json
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..coach import RATINGS
from ..display import plural
from ..scoring import sides
from .narrate import rules_title

__all__ = [
    "CLASS_ENV",
    "ClassProgress",
    "TableRow",
    "class_folder",
    "class_text",
    "name_box",
    "read_class",
]

CLASS_ENV = "SPADES_CLASS_DIR"
"""The environment variable naming the class folder of the classroom page."""

MAX_NAME = 40
"""Characters of a student's name kept (the rest is cut)."""


def class_folder() -> Path | None:
    """The class folder the classroom page writes to (``None``: no teacher's
    view; :data:`CLASS_ENV` is unset or empty)."""
    value = os.environ.get(CLASS_ENV, "").strip()
    return Path(value) if value else None


def _clean_name(name: object) -> str:
    text = " ".join(str(name).split())
    return "".join(c for c in text if c.isprintable())[:MAX_NAME]


@dataclass
class ClassProgress:
    """One table's progress file in a class folder (see the module text).

    ``visitor`` names the file: random, so that two tables never share one
    and nothing in it says who sits there; ``name`` is what the student
    typed (:meth:`rename`)."""

    session: Any
    folder: Path
    name: str = ""
    visitor: str = field(default_factory=lambda: secrets.token_hex(8))
    reviews: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    failed: str | None = None
    _last: Any = None

    @classmethod
    def attach(
        cls, session: Any, folder: str | Path, *, name: str = ""
    ) -> ClassProgress:
        """Write ``session``'s progress to ``folder`` now and after every
        change of it (the folder is made if missing)."""
        progress = cls(session, Path(folder), _clean_name(name))
        session.on_change(progress.update)
        progress.update()
        return progress

    @property
    def path(self) -> Path:
        return self.folder / f"table-{self.visitor}.json"

    def rename(self, name: str) -> None:
        """The student's name, as typed (spaces tidied, at most
        :data:`MAX_NAME` characters), written at once."""
        self.name = _clean_name(name)
        self._last = None
        self.update()

    def update(self) -> None:
        """Write the file if what it tells has changed since the last write."""
        session = self.session
        review = session.last_review
        if review is not None:
            key = (session.games_started, review.number)
            self.reviews[key] = {
                "counts": {r: review.counts.get(r, 0) for r in RATINGS},
                "points_lost": review.points_lost,
            }
        row = self.row()
        if row == self._last:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            part = self.path.with_suffix(".part")
            part.write_text(json.dumps(row), encoding="utf-8")
            os.replace(part, self.path)
        except OSError as error:  # the table plays on without the teacher's view
            self.failed = f"{self.path}: {error.strerror or error}"
            return
        self._last = row

    def row(self) -> dict[str, Any]:
        """What the file holds (see :class:`TableRow`)."""
        session = self.session
        game = session.game
        mine = [v for (g, _), v in self.reviews.items() if g == session.games_started]
        counts = {r: sum(v["counts"][r] for v in mine) for r in RATINGS}
        lost = sum(v["points_lost"] or 0.0 for v in mine)
        side = game.hand.side_of(session.seat)
        return {
            "name": self.name,
            "rules": rules_title(game.rules),
            "seed": game.seed,
            "games": session.games_started,
            "hands": len(game.finished_hands),
            "you": game.scores[side],
            "them": max(game.scores[s] for s in sides(game.rules) if s != side),
            "over": game.is_over,
            "won": game.is_over and game.winner == side,
            "reviewed": len(mine),
            "ratings": counts,
            "points_lost": round(lost, 1),
            "updated": round(time.time()),
        }


def name_box(progress: ClassProgress) -> Any:
    """The box above the table where a student types the name the teacher's
    view shows (written when the box is left or Enter is pressed)."""
    import ipywidgets as widgets

    box = widgets.Text(
        value=progress.name,
        placeholder="your name",
        description="Your name, for your teacher's list:",
        style={"description_width": "initial"},
        layout={"width": "32em"},
        continuous_update=False,
    )
    box.observe(lambda change: progress.rename(change["new"]), names="value")
    return box


@dataclass(frozen=True)
class TableRow:
    """One table of the class, as its file tells it."""

    name: str
    rules: str
    seed: Any
    games: int
    hands: int
    you: int
    them: int
    over: bool
    won: bool
    reviewed: int
    ratings: dict[str, int]
    points_lost: float
    updated: float

    @property
    def lost_per_hand(self) -> float | None:
        """Points lost to the coach's ratings per reviewed hand."""
        return self.points_lost / self.reviewed if self.reviewed else None


def read_class(folder: str | Path) -> list[TableRow]:
    """The tables of a class folder, by name (unnamed last), then by file;
    a file that is not a table's (half written, edited, foreign) is left
    out."""
    rows: list[tuple[str, str, TableRow]] = []
    for path in sorted(Path(folder).glob("table-*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            row = TableRow(**data)
        except (OSError, ValueError, TypeError):
            continue
        rows.append((row.name.lower() or "\uffff", path.name, row))
    return [row for _, _, row in sorted(rows, key=lambda r: r[:2])]


def class_text(rows: list[TableRow], now: float | None = None) -> str:
    """The class as a table of text, one line per table.

    >>> row = TableRow("Ana", "Classic", 2024, 1, 3, 212, 180, False, False, 3,
    ...     {"best": 20, "good": 4, "inaccuracy": 2, "mistake": 1, "blunder": 0},
    ...     31.5, 0)
    >>> print(class_text([row], now=30))
    name  rules    seed  hands  score      rated  mistakes  blunders  lost/hand  seen
    Ana   Classic  2024      3  212 - 180     27         1         0       10.5  now
    1 table; 3 hands played; the coach rated 27 decisions: 1 mistake, 0 blunders.
    """
    if not rows:
        return "No table has written to this folder yet."
    now = time.time() if now is None else now
    head = ["name", "rules", "seed", "hands", "score", "rated"]
    head += ["mistakes", "blunders", "lost/hand", "seen"]
    lines = []
    for row in rows:
        rated = sum(row.ratings.values())
        per_hand = row.lost_per_hand
        score = f"{row.you} - {row.them}" + (
            (" won" if row.won else " lost") if row.over else ""
        )
        lines.append(
            [
                row.name or "(no name)",
                row.rules,
                str(row.seed),
                str(row.hands),
                score,
                str(rated),
                str(row.ratings.get("mistake", 0)),
                str(row.ratings.get("blunder", 0)),
                "-" if per_hand is None else f"{per_hand:.1f}",
                _ago(now - row.updated),
            ]
        )
    right = {3, 5, 6, 7, 8}
    widths = [max(len(x) for x in col) for col in zip(head, *lines, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    hands = sum(r.hands for r in rows)
    rated = sum(sum(r.ratings.values()) for r in rows)
    mistakes = sum(r.ratings.get("mistake", 0) for r in rows)
    blunders = sum(r.ratings.get("blunder", 0) for r in rows)
    total = (
        f"{plural(len(rows), 'table')}; {plural(hands, 'hand')} played; the coach "
        f"rated {plural(rated, 'decision')}: {plural(mistakes, 'mistake')}, "
        f"{plural(blunders, 'blunder')}."
    )
    return "\n".join([line(head), *map(line, lines), total])


def _ago(seconds: float) -> str:
    if seconds < 60:
        return "now"
    minutes = int(seconds // 60)
    return f"{minutes} min ago" if minutes < 120 else f"{minutes // 60} h ago"
