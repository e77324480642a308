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
import re
import secrets
import time
import unicodedata
from collections.abc import Callable
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
    "class_csv",
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
    """A typed name, tidied: one space between words, no control character,
    composed accents (NFC), at most :data:`MAX_NAME` characters."""
    text = unicodedata.normalize("NFC", " ".join(str(name).split()))
    return "".join(c for c in text if c.isprintable())[:MAX_NAME]


_VISITOR = re.compile(r"[0-9a-f]{16}")


@dataclass
class ClassProgress:
    """One table's progress file in a class folder (see the module text).

    ``visitor`` names the file: random, so that two tables never share one
    and nothing in it says who sits there; ``name`` is what the student
    typed (:meth:`rename`). Both are kept with the game in the browser (the
    session's ``extras``), so that a reloaded page which resumes the game
    writes the same line again. Nothing is written before the student types
    a name or makes a decision: a page opened and left adds no line."""

    session: Any
    folder: Path
    name: str = ""
    visitor: str = field(default_factory=lambda: secrets.token_hex(8))
    game: int = 1
    """The game's number at this table (a new game or a load is the next)."""
    reviews: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The coach's review of each finished hand of this game, by number."""
    earlier: dict[str, Any] = field(default_factory=dict)
    """The games played before this one at this table, summed
    (:func:`_summed`): a new game does not wipe the student's lesson."""
    failed: str | None = None
    _started: int = 0
    _written: bool = False
    _started_at: float | None = None
    _last: Any = None
    _now: dict[str, Any] | None = None
    _listeners: list[Callable[[str], None]] = field(default_factory=list)

    @classmethod
    def attach(
        cls, session: Any, folder: str | Path, *, name: str = ""
    ) -> ClassProgress:
        """Write ``session``'s progress to ``folder`` (made if missing) after
        every change of it that the teacher's view shows."""
        progress = cls(session, Path(folder), _clean_name(name))
        progress._started = session.games_started
        progress._keep()
        session.on_change(progress.update)
        progress.update()
        return progress

    @property
    def path(self) -> Path:
        return self.folder / f"table-{self.visitor}.json"

    def on_rename(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(name)`` when the name changes (a resume brings the
        name typed before the reload)."""
        self._listeners.append(callback)

    def rename(self, name: str) -> None:
        """The student's name, as typed (see :func:`_clean_name`), written
        at once."""
        name = _clean_name(name)
        if name != self.name:
            self.name = name
            self._keep()
            for callback in list(self._listeners):
                callback(name)
        self.update()

    def _keep(self) -> None:
        """Keep the file's name, the student's and the game's number with the
        game in the browser (the session's resume token)."""
        self.session.extras["class"] = {
            "visitor": self.visitor,
            "name": self.name,
            "game": str(self.game),
        }

    def _adopt(self, kept: dict[str, str]) -> None:
        """A resumed game: write the line of the table it was played at."""
        self.visitor = kept["visitor"]
        game = kept.get("game", "1")
        self.game = int(game) if game.isdigit() else 1
        self.reviews, self.earlier = {}, {}
        self._started_at = None  # the line's own, or none yet
        try:  # what that line had counted, if it is this game's
            old = TableRow.read(self.path)
            self._started_at = old.started or None
            if (old.seed, old.game) == (self.session.game.seed, self.game):
                self.reviews, self.earlier = dict(old.reviews), dict(old.earlier)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass
        self._written = self.path.exists()
        self.rename(kept.get("name", ""))

    def update(self) -> None:
        """Write the file if what it shows has changed since the last write."""
        session = self.session
        kept = session.extras.get("class", {})
        if kept.get("visitor") != self.visitor and _VISITOR.fullmatch(
            str(kept.get("visitor"))
        ):
            self._started = session.games_started
            self._adopt(kept)
        elif session.games_started != self._started:  # a new game, or a load
            self._started = session.games_started
            if self._now is not None and self._now["decisions"]:
                self.earlier = _summed(self.earlier, self._now)
            self.game += 1
            self.reviews = {}
            self._keep()
        review = session.last_review
        if review is not None:
            self.reviews[str(review.number)] = {
                "counts": {r: review.counts.get(r, 0) for r in RATINGS},
                "points_lost": round(review.points_lost or 0.0, 1),
            }
        row = self._now = self.row()
        if not (self._written or self.name or row["decisions"]):
            return
        if row == self._last:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            part = self.path.with_suffix(".part")
            now = time.time()
            if self._started_at is None:  # the line's first write: its place
                self._started_at = now  # among namesakes ("Ana", "Ana (2)")
            stamps = {"updated": now, "started": self._started_at}
            part.write_text(json.dumps({**row, **stamps}), "utf-8")
            os.replace(part, self.path)
        except OSError as error:  # the table plays on without the teacher's view
            self.failed = f"{self.path}: {error.strerror or error}"
            return
        self._written, self._last = True, row

    def row(self) -> dict[str, Any]:
        """What the file holds but the time (see :class:`TableRow`)."""
        game = self.session.game
        side = game.hand.side_of(self.session.seat)
        return {
            "name": self.name,
            "rules": rules_title(game.rules),
            "seed": game.seed,
            "game": self.game,
            "hands": len(game.finished_hands),
            "you": game.scores[side],
            "them": max(game.scores[s] for s in sides(game.rules) if s != side),
            "over": game.is_over,
            "won": game.is_over and game.winner == side,
            "reviews": dict(self.reviews),
            "decisions": self.session.decisions_made,
            "earlier": dict(self.earlier),
        }


def _summed(earlier: dict[str, Any], row: dict[str, Any]) -> dict[str, Any]:
    """``earlier`` (the games before, summed) with the game of ``row`` added:
    games, games finished and won, hands, decisions, and the coach's
    ratings of the reviewed hands (counts by rating, points lost, hands
    reviewed)."""
    reviews = row["reviews"].values()
    counts = dict(earlier.get("counts", {}))
    for review in reviews:
        for rating, n in review["counts"].items():
            counts[rating] = counts.get(rating, 0) + n
    return {
        "games": earlier.get("games", 0) + 1,
        "finished": earlier.get("finished", 0) + row["over"],
        "won": earlier.get("won", 0) + row["won"],
        "hands": earlier.get("hands", 0) + row["hands"],
        "decisions": earlier.get("decisions", 0) + row["decisions"],
        "reviewed": earlier.get("reviewed", 0) + len(row["reviews"]),
        "counts": counts,
        "points_lost": round(
            earlier.get("points_lost", 0.0) + sum(r["points_lost"] for r in reviews), 1
        ),
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
        layout={"width": "32em", "max_width": "100%"},
        continuous_update=False,
    )
    box.observe(lambda change: progress.rename(change["new"]), names="value")
    progress.on_rename(lambda name: setattr(box, "value", name))
    return box


@dataclass(frozen=True)
class TableRow:
    """One table of the class, as its file tells it."""

    name: str
    rules: str
    seed: Any
    game: int
    hands: int
    you: int
    them: int
    over: bool
    won: bool
    reviews: dict[str, dict[str, Any]]
    updated: float
    decisions: int = 0
    earlier: dict[str, Any] = field(default_factory=dict)
    """The games before this one at the table, summed (games, finished,
    won, hands, decisions, reviewed, counts, points_lost)."""
    started: float = 0.0
    """When the line was first written (the first of two namesakes keeps
    the plain name)."""

    @classmethod
    def read(cls, path: Path) -> TableRow:
        """The row a table's file holds; ``ValueError`` (and the like) for a
        file that is not one (half written, edited, foreign)."""
        row = cls(**json.loads(path.read_text(encoding="utf-8")))
        row.ratings, row.points_lost, row.won_games  # noqa: B018 (well formed)
        return row

    @property
    def reviewed(self) -> int:
        """Hands the coach reviewed at this table, in every game."""
        return len(self.reviews) + int(self.earlier.get("reviewed", 0))

    @property
    def ratings(self) -> dict[str, int]:
        """How many decisions got each rating, over the reviewed hands of
        every game at this table."""
        before = self.earlier.get("counts", {})
        return {
            r: sum(int(v["counts"].get(r, 0)) for v in self.reviews.values())
            + int(before.get(r, 0))
            for r in RATINGS
        }

    @property
    def points_lost(self) -> float:
        """Points lost to the coach's ratings, over the reviewed hands of
        every game at this table."""
        now = sum(float(v["points_lost"]) for v in self.reviews.values())
        return now + float(self.earlier.get("points_lost", 0.0))

    @property
    def lost_per_hand(self) -> float | None:
        """Points lost to the coach's ratings per reviewed hand."""
        return self.points_lost / self.reviewed if self.reviewed else None

    @property
    def all_hands(self) -> int:
        """Hands finished at this table, in every game."""
        return self.hands + int(self.earlier.get("hands", 0))

    @property
    def games(self) -> int:
        """Games played at this table: this one, and those before it in which
        the student made a decision."""
        return int(self.earlier.get("games", 0)) + 1

    @property
    def won_games(self) -> tuple[int, int]:
        """``(won, finished)``: the games this table finished, and won."""
        won = int(self.earlier.get("won", 0)) + self.won
        return won, int(self.earlier.get("finished", 0)) + self.over


def read_class(folder: str | Path) -> list[TableRow]:
    """The tables of a class folder, by name (accents aside; unnamed last),
    then by when each line began; a file that is not a table's (half
    written, edited, foreign) is left out."""
    rows: list[tuple[str, tuple[float, str], TableRow]] = []
    for path in sorted(Path(folder).glob("table-*.json")):
        try:
            row = TableRow.read(path)
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            continue
        rows.append((_sort_key(row.name), (float(row.started), path.name), row))
    return [row for _, _, row in sorted(rows, key=lambda r: r[:2])]


def _sort_key(name: str) -> str:
    if not name:
        return "\uffff"
    plain = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal: wide (CJK, emoji) characters
    two, combining marks none."""
    return sum(
        0
        if unicodedata.combining(c)
        else 2
        if unicodedata.east_asian_width(c) in "WF"
        else 1
        for c in text
    )


def class_text(rows: list[TableRow], now: float | None = None) -> str:
    """The class as a table of text, one line per table: "game", "hands"
    and the score (the student's side first) are the game at the table now;
    "won" counts the games the table finished and won; "rated" and after
    count the decisions the coach rated in the reviewed hands of every game
    at the table, and "lost/hand" the points its ratings say a reviewed
    hand lost on average; a name two tables share is numbered.

    >>> reviews = {"1": {"counts": {"good": 4, "mistake": 1}, "points_lost": 31.5}}
    >>> ana = TableRow("Ana", "Classic", 2024, 1, 3, 212, -80, False, False,
    ...     reviews, 0)
    >>> before = {"games": 1, "finished": 1, "won": 1, "hands": 6, "reviewed": 1,
    ...     "counts": {"good": 9, "blunder": 1}, "points_lost": 60.5}
    >>> bob = TableRow("Bob", "Classic", 2024, 2, 3, 212, -80, False, False,
    ...     reviews, 0, earlier=before)
    >>> print(class_text([ana, ana, bob], now=30))
    name     rules    seed  game  hands  you  them   won  rated  mistakes  blunders  lost/hand  seen
    Ana      Classic  2024  1         3  212   -80     -      5         1         0       31.5  now
    Ana (2)  Classic  2024  1         3  212   -80     -      5         1         0       31.5  now
    Bob      Classic  2024  2         3  212   -80  1 of 1     15         1         1       46.0  now
    3 tables; 15 hands played in 4 games; the coach rated 25 decisions: 3 mistakes, 1 blunder.
    """  # noqa: E501 (the table printed is as wide as it is)
    if not rows:
        return "No table has written to this folder yet."
    now = time.time() if now is None else now
    head = ["name", "rules", "seed", "game", "hands", "you", "them", "won", "rated"]
    head += ["mistakes", "blunders", "lost/hand", "seen"]
    lines = []
    for row, name in zip(rows, _shown_names(rows), strict=True):
        per_hand = row.lost_per_hand
        game = f"{row.game}" + ((", won" if row.won else ", lost") if row.over else "")
        won, finished = row.won_games
        lines.append(
            [
                name,
                row.rules,
                str(row.seed),
                game,
                str(row.hands),
                str(row.you),
                str(row.them),
                f"{won} of {finished}" if finished else "-",
                str(sum(row.ratings.values())),
                str(row.ratings["mistake"]),
                str(row.ratings["blunder"]),
                "-" if per_hand is None else f"{per_hand:.1f}",
                _ago(now - row.updated),
            ]
        )
    right = {4, 5, 6, 7, 8, 9, 10, 11}
    widths = [max(map(_width, col)) for col in zip(head, *lines, strict=True)]

    def line(cells: list[str]) -> str:
        padded = [
            " " * (w - _width(c)) + c if i in right else c + " " * (w - _width(c))
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(padded).rstrip()

    hands = sum(r.all_hands for r in rows)
    games = sum(r.games for r in rows)
    rated = sum(sum(r.ratings.values()) for r in rows)
    mistakes = sum(r.ratings["mistake"] for r in rows)
    blunders = sum(r.ratings["blunder"] for r in rows)
    total = (
        f"{plural(len(rows), 'table')}; {plural(hands, 'hand')} played in "
        f"{plural(games, 'game')}; the coach "
        f"rated {plural(rated, 'decision')}: {plural(mistakes, 'mistake')}, "
        f"{plural(blunders, 'blunder')}."
    )
    return "\n".join([line(head), *map(line, lines), total])


CSV_COLUMNS = (
    "name", "rules", "seed", "game", "hands", "you", "them", "games", "finished",
    "won", "hands_all_games", "rated", "mistakes", "blunders", "points_lost",
    "lost_per_hand", "started", "updated",
)  # fmt: skip
"""The columns of :func:`class_csv`: the game going on (``game`` to
``them``), then every game at the table, then the line's times (UTC)."""


def class_csv(rows: list[TableRow]) -> str:
    """The class as CSV, one row per table (see :data:`CSV_COLUMNS`), in the
    order and with the names of :func:`class_text`.

    >>> ana = TableRow("Ana", "Classic", 2024, 1, 3, 212, -80, False, False,
    ...     {}, 1_700_000_000.0)
    >>> print(class_csv([ana]).splitlines()[1])
    Ana,Classic,2024,1,3,212,-80,1,0,0,3,0,0,0,0.0,,,2023-11-14T22:13:20Z
    """
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row, name in zip(rows, _shown_names(rows), strict=True):
        won, finished = row.won_games
        per_hand = row.lost_per_hand
        writer.writerow(
            [
                _text_cell(name), _text_cell(row.rules), row.seed, row.game,
                row.hands, row.you, row.them, row.games, finished, won, row.all_hands,
                sum(row.ratings.values()), row.ratings["mistake"],
                row.ratings["blunder"], round(row.points_lost, 1),
                "" if per_hand is None else round(per_hand, 1),
                _utc(row.started), _utc(row.updated),
            ]
        )  # fmt: skip
    return out.getvalue()


def _text_cell(text: str) -> str:
    """A typed text as a spreadsheet cell: one a spreadsheet would read as a
    formula (``=HYPERLINK(...)``, a name a student typed) gets a leading
    ``'``, so it stays text."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _shown_names(rows: list[TableRow]) -> list[str]:
    """The rows' names as the teacher reads them: "(no name)" for none, and
    a name two tables share numbered in order ("Ana", "Ana (2)")."""
    taken = {row.name for row in rows}
    seen: dict[str, int] = {}
    names = []
    for row in rows:
        name = row.name or "(no name)"
        if row.name:
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:  # numbered, past a student who is "Ana (2)"
                n = seen[name]
                while f"{name} ({n})" in taken:
                    n += 1
                name = f"{name} ({n})"
                taken.add(name)
        names.append(name)
    return names


def _utc(stamp: float) -> str:
    if not stamp:
        return ""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp))


def _ago(seconds: float) -> str:
    if seconds < 60:
        return "now"
    minutes = int(seconds // 60)
    return f"{minutes} min ago" if minutes < 120 else f"{minutes // 60} h ago"
