"""The teacher's view of a class (``spadeslib.table.progress``, ``spades
class``): each table's file says what the teacher reads, after every hand
and review, and nothing of the cards; the command prints one line a table."""

from __future__ import annotations

import json
import threading
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spadeslib.cli import main
from spadeslib.table import SpadesTable
from spadeslib.table.progress import (
    MAX_NAME,
    ClassProgress,
    TableRow,
    class_text,
    read_class,
)

KEYS = {
    "name", "rules", "seed", "game", "hands", "you", "them", "over", "won",
    "reviews", "updated", "decisions", "earlier", "started",
}  # fmt: skip


def play_hand(table: SpadesTable) -> None:
    """The learner bids 3 (or looks first) and plays the first legal card."""
    session = table.session
    while not session.between and not session.game.is_over:
        state = table.state
        if state["hand"]["playable"]:
            table.play(next(c["code"] for c in state["hand"]["cards"] if c["legal"]))
        elif session.learner_to_move():
            view = session.game.view(session.seat)
            table.act(view.legal[0] if len(view.legal) == 1 else _a_bid(view))
        else:  # pragma: no cover - instant bots never leave the turn to a bot
            raise AssertionError("the bots did not move")


def _a_bid(view: Any) -> Any:
    numbers = [a for a in view.legal if getattr(a, "tricks", None) == 3]
    return numbers[0] if numbers else view.legal[0]


@pytest.fixture(autouse=True)
def tables_closed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every table a test opens is closed after it, its coach's thread
    stopped: no thread outlives the test (another module counts them)."""
    made: list[SpadesTable] = []
    opened = SpadesTable.__init__

    def tracked(self: SpadesTable, *args: Any, **kwargs: Any) -> None:
        opened(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(SpadesTable, "__init__", tracked)
    yield
    for made_table in made:
        made_table.close()
    for thread in threading.enumerate():
        if thread.name == "spadeslib-coach-ahead":
            thread.join(30)


@pytest.fixture
def table() -> SpadesTable:
    return SpadesTable("classic", seed=2024, speed="instant", auto_review=True)


def test_a_hand_and_its_review_reach_the_teachers_file(
    table: SpadesTable, tmp_path: Path
) -> None:
    progress = ClassProgress.attach(table.session, tmp_path / "class", name="Ana")
    (first,) = read_class(tmp_path / "class")
    assert (first.name, first.hands, first.reviewed) == ("Ana", 0, 0)
    play_hand(table)
    data = json.loads(progress.path.read_text(encoding="utf-8"))
    assert set(data) == KEYS  # what the teacher reads, no card and no move
    game, review = table.session.game, table.session.last_review
    assert review is not None and review.number == 1
    assert data["hands"] == 1 and data["seed"] == 2024 and data["rules"] == "Classic"
    assert (data["you"], data["them"]) == (game.scores["NS"], game.scores["EW"])
    (row,) = read_class(tmp_path / "class")
    assert row.reviewed == 1 and row.points_lost == round(review.points_lost, 1)
    rated = {k: v for k, v in review.counts.items() if k in row.ratings}
    assert {k: v for k, v in row.ratings.items() if v} == rated


def test_a_page_opened_and_left_adds_no_line(
    table: SpadesTable, tmp_path: Path
) -> None:
    ClassProgress.attach(table.session, tmp_path)
    assert read_class(tmp_path) == []
    table.bid(3)  # the student's first decision
    (row,) = read_class(tmp_path)
    assert row.decisions == 1 and row.hands == 0
    table.play(next(c for c in table.state["hand"]["cards"] if c["legal"])["code"])
    assert read_class(tmp_path)[0].decisions == 2  # "seen" follows each decision


def test_a_reloaded_page_that_resumes_writes_the_same_line(tmp_path: Path) -> None:
    """The file's name and the student's travel with the game the browser
    keeps; the reviews counted before the reload stay counted."""
    first = SpadesTable("classic", seed=2024, speed="instant", auto_review=True)
    ClassProgress.attach(first.session, tmp_path, name="Zoë")
    play_hand(first)
    token = first.session.resume_token()
    assert token is not None and token["extras"]["class"]["name"] == "Zoë"
    again = SpadesTable("classic", seed=99, speed="instant", auto_review=True)
    progress = ClassProgress.attach(again.session, tmp_path)
    named: list[str] = []
    progress.on_rename(named.append)
    assert again.session.resume(json.dumps(token))
    assert named == ["Zoë"]  # the name box shows it again
    (row,) = read_class(tmp_path)
    assert (row.name, row.seed, row.hands, row.reviewed) == ("Zoë", 2024, 1, 1)
    again.new_hand()
    play_hand(again)
    (row,) = read_class(tmp_path)
    assert (row.hands, row.reviewed) == (2, 2)


def test_a_token_from_elsewhere_cannot_name_another_file(tmp_path: Path) -> None:
    first = SpadesTable("classic", seed=2024, speed="instant")
    ClassProgress.attach(first.session, tmp_path, name="Ana")
    first.bid(3)
    token = first.session.resume_token()
    assert token is not None
    token["extras"]["class"]["visitor"] = "../../etc/passwd"
    again = SpadesTable("classic", seed=5, speed="instant")
    progress = ClassProgress.attach(again.session, tmp_path)
    assert again.session.resume(token)
    assert progress.path.parent == tmp_path and "passwd" not in progress.path.name


def test_a_name_is_tidied_and_written_at_once(
    table: SpadesTable, tmp_path: Path
) -> None:
    progress = ClassProgress.attach(table.session, tmp_path)
    progress.rename("  Ana \n  María\x07" + "x" * 100)
    (row,) = read_class(tmp_path)
    assert row.name.startswith("Ana María") and len(row.name) == MAX_NAME


def test_a_new_game_is_the_next_game_of_the_line(
    table: SpadesTable, tmp_path: Path
) -> None:
    """The line shows the game going on, and keeps the lesson: the hands
    and the coach's ratings of the games before it stay counted."""
    ClassProgress.attach(table.session, tmp_path)
    play_hand(table)
    (first,) = read_class(tmp_path)
    assert first.reviewed == 1
    table.new_game(seed=7)
    (row,) = read_class(tmp_path)
    assert (row.seed, row.game, row.hands, row.all_hands) == (7, 2, 0, 1)
    assert (row.reviewed, row.ratings, row.points_lost) == (
        1,
        first.ratings,
        first.points_lost,
    )
    assert row.won_games == (0, 0) and row.games == 2
    table.new_game(seed=8)  # a game begun and left before a decision
    table.new_game(seed=9)
    (row,) = read_class(tmp_path)
    assert (row.game, row.games, row.all_hands, row.reviewed) == (4, 2, 1, 1)
    assert "1 hand played in 2 games" in class_text([row])


def test_a_resumed_page_keeps_the_games_before(tmp_path: Path) -> None:
    first = SpadesTable("classic", seed=2024, speed="instant", auto_review=True)
    ClassProgress.attach(first.session, tmp_path, name="Ana")
    play_hand(first)
    first.new_game(seed=7)
    first.bid(3)
    token = first.session.resume_token()
    again = SpadesTable("classic", seed=99, speed="instant", auto_review=True)
    ClassProgress.attach(again.session, tmp_path)
    assert again.session.resume(json.dumps(token))
    (row,) = read_class(tmp_path)
    assert (row.name, row.game, row.all_hands, row.reviewed) == ("Ana", 2, 1, 1)


def test_two_players_see_the_opponents_score(tmp_path: Path) -> None:
    table = SpadesTable("two-player", seed=3, speed="instant")
    ClassProgress.attach(table.session, tmp_path)
    play_hand(table)
    (row,) = read_class(tmp_path)
    scores = table.session.game.scores
    assert (row.you, row.them) == (scores["S"], scores["N"])


def test_a_folder_that_is_a_file_leaves_the_table_playing(
    table: SpadesTable, tmp_path: Path
) -> None:
    blocked = tmp_path / "class"
    blocked.write_text("not a folder", encoding="utf-8")
    progress = ClassProgress.attach(table.session, blocked)
    play_hand(table)
    assert progress.failed and table.session.between
    assert not table.session.errors


def _row(name: str, **changes: Any) -> dict[str, Any]:
    review = {
        "counts": {"best": 5, "good": 1, "mistake": 1, "blunder": 1},
        "points_lost": 40.0,
    }
    row = {
        "name": name, "rules": "Classic", "seed": 1, "game": 1, "hands": 2,
        "you": 120, "them": -90, "over": False, "won": False,
        "reviews": {"1": review, "2": review}, "updated": 1000.0,
    }  # fmt: skip
    row.update(changes)
    return row


def test_the_class_is_read_by_name_and_broken_files_are_left_out(
    tmp_path: Path,
) -> None:
    names = ["bob", "", "Émile", "Ana", "Zoë", "李小龍", "Zoe\u0308x"]
    for i, name in enumerate(names):
        row = _row(name, over=name == "Ana", won=True)
        (tmp_path / f"table-{i}.json").write_text(json.dumps(row), encoding="utf-8")
    (tmp_path / "table-half.json").write_text('{"name": "Eve", "ru', encoding="utf-8")
    (tmp_path / "table-odd.json").write_text('{"name": "Eve"}', encoding="utf-8")
    bad = _row("Eve", reviews={"1": {"counts": "x"}})
    (tmp_path / "table-bad.json").write_text(json.dumps(bad), encoding="utf-8")
    worse = {**_row("Eve"), "earlier": {"counts": 3}}
    (tmp_path / "table-worse.json").write_text(json.dumps(worse), encoding="utf-8")
    rows = read_class(tmp_path)
    # accents aside, as a teacher sorts; unnamed last
    assert [r.name for r in rows] == [
        "Ana",
        "bob",
        "Émile",
        "Zoë",
        "Zoe\u0308x",
        "李小龍",
        "",
    ]
    lines = class_text(rows, now=1000 + 600).splitlines()
    assert lines[1].split()[:4] == ["Ana", "Classic", "1", "1,"] and "won" in lines[1]
    assert lines[4].startswith("Zoë ")  # composed, its columns in line
    seen = {_columns(line[: line.rindex("10 min ago")]) for line in lines[1:-1]}
    assert len(seen) == 1, lines  # a wide name keeps the columns in line
    assert lines[7].startswith("(no name)")
    assert "40.0" in lines[2]  # points lost per reviewed hand
    assert lines[-1] == (
        "7 tables; 14 hands played in 7 games; the coach rated 112 decisions: "
        "14 mistakes, "
        "14 blunders."
    )
    assert TableRow(**_row("x", reviews={})).lost_per_hand is None


def _columns(text: str) -> int:
    """The terminal columns ``text`` takes (wide characters two, combining
    marks none)."""
    return sum(
        0 if unicodedata.combining(c) else 1 + (unicodedata.east_asian_width(c) in "WF")
        for c in text
    )


def test_two_tables_with_one_name_are_numbered(tmp_path: Path) -> None:
    """The first to sit down keeps the plain name, whatever the files are
    called (a new namesake is "Ana (2)", and stays so)."""
    first, second = _row("Ana", seed=1, started=100.0), _row("Ana", seed=2)
    second["started"] = 200.0
    (tmp_path / "table-ffff.json").write_text(json.dumps(first), encoding="utf-8")
    (tmp_path / "table-0000.json").write_text(json.dumps(second), encoding="utf-8")
    lines = class_text(read_class(tmp_path)).splitlines()[1:3]
    assert [line.split()[:3] for line in lines] == [
        ["Ana", "Classic", "1"],
        ["Ana", "(2)", "Classic"],
    ]


def test_a_numbered_name_never_meets_a_student_of_that_name() -> None:
    rows = [TableRow(**_row(n)) for n in ("Ana", "Ana", "Ana (2)")]
    names = [line.split("  ")[0] for line in class_text(rows).splitlines()[1:4]]
    assert sorted(names) == ["Ana", "Ana (2)", "Ana (3)"]


def test_a_line_keeps_when_it_began(table: SpadesTable, tmp_path: Path) -> None:
    progress = ClassProgress.attach(table.session, tmp_path, name="Ana")
    began = read_class(tmp_path)[0].started
    assert began > 0
    table.bid(3)
    (row,) = read_class(tmp_path)
    assert row.started == began and row.updated >= began
    token = table.session.resume_token()
    again = SpadesTable("classic", seed=9, speed="instant")
    ClassProgress.attach(again.session, tmp_path)
    assert again.session.resume(json.dumps(token))
    assert read_class(tmp_path)[0].started == began
    assert progress.path.exists()


def test_spades_class_prints_the_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["class", str(tmp_path)]) == 0
    assert "No table has written" in capsys.readouterr().out
    (tmp_path / "table-1.json").write_text(json.dumps(_row("Ana")), encoding="utf-8")
    assert main(["class", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].startswith("Ana") and "1 table;" in out
    assert main(["class", str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert "does not exist (yet)" in err and err.count("\n") == 1


def test_spades_class_writes_a_spreadsheets_csv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import csv

    folder, out = tmp_path / "class", tmp_path / "class.csv"
    folder.mkdir()
    row = _row('Zoë, "Z"', over=True, won=True, started=1.0)
    (folder / "table-1.json").write_text(json.dumps(row), encoding="utf-8")
    assert main(["class", str(folder), "--csv", str(out)]) == 0
    assert capsys.readouterr().out.startswith("name")  # the text still printed
    (folder / "table-2.json").write_text(json.dumps(row), encoding="utf-8")
    (folder / "table-3.json").write_text(json.dumps(_row("")), encoding="utf-8")
    assert main(["class", str(folder), "--csv", str(out)]) == 0
    capsys.readouterr()
    assert out.read_bytes().startswith(
        b"\xef\xbb\xbfname,"
    )  # UTF-8 a spreadsheet reads
    line, again, nobody = csv.DictReader(out.open(encoding="utf-8-sig"))
    # the names as the terminal shows them: a shared one numbered
    assert (again["name"], nobody["name"]) == ('Zoë, "Z" (2)', "(no name)")
    assert line["name"] == 'Zoë, "Z"' and line["won"] == "1" and line["rated"] == "16"
    assert (line["points_lost"], line["lost_per_hand"]) == ("80.0", "40.0")
    assert line["started"] == "1970-01-01T00:00:01Z"
    assert main(["class", str(folder), "--csv", str(tmp_path / "no" / "x.csv")]) == 2
    err = capsys.readouterr().err
    assert "could not write" in err and err.count("\n") == 1
    assert not (tmp_path / "no").exists()  # nothing half written left
    # a name a spreadsheet would run as a formula stays text
    evil = _row('=HYPERLINK("http://x","a")', started=9.0)
    (folder / "table-4.json").write_text(json.dumps(evil), encoding="utf-8")
    assert main(["class", str(folder), "--csv", str(out)]) == 0
    names = [r["name"] for r in csv.DictReader(out.open(encoding="utf-8-sig"))]
    assert '\'=HYPERLINK("http://x","a")' in names


def test_spades_class_watch_waits_for_the_first_student(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Started before the class (the folder not made yet), --watch waits and
    shows each table as it appears, until Ctrl-C."""
    import time

    folder = tmp_path / "class-7b"
    rounds: list[float] = []

    def sleep(seconds: float) -> None:
        rounds.append(seconds)
        if len(rounds) == 1:  # the first student opens the page
            folder.mkdir()
            (folder / "table-1.json").write_text(json.dumps(_row("Ana")), "utf-8")
        else:
            raise KeyboardInterrupt

    monkeypatch.setattr(time, "sleep", sleep)
    assert main(["class", str(folder), "--watch", "5"]) == 130
    out = capsys.readouterr().out
    assert rounds == [5, 5] and "waiting for the first student" in out
    assert "\nAna " in out and "1 table;" in out


def test_the_classroom_page_asks_a_name_when_served_for_a_class(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """notebooks/table.py, run as Voila runs it: with a class folder, a name
    box above the table, and the table's file in the folder; without one,
    neither."""
    import IPython.display
    import ipywidgets

    code = (Path(__file__).parents[1] / "notebooks" / "table.py").read_text()
    for folder in (tmp_path / "class", None):
        shown: list[Any] = []
        monkeypatch.setattr(IPython.display, "display", shown.append)
        if folder is None:
            monkeypatch.delenv("SPADES_CLASS_DIR", raising=False)
        else:
            monkeypatch.setenv("SPADES_CLASS_DIR", str(folder))
        exec(compile(code, "table.py", "exec"), {})
        boxes = [w for w in shown if isinstance(w, ipywidgets.Text)]
        if folder is None:
            assert not boxes
            continue
        assert len(boxes) == 1 and "teacher" in boxes[0].description
        boxes[0].value = "Ana"  # typed, then Enter
        (row,) = read_class(folder)
        assert row.name == "Ana" and row.rules == "Cards4.net"
