"""The teacher's view of a class (``spadeslib.table.progress``, ``spades
class``): each table's file says what the teacher reads, after every hand
and review, and nothing of the cards; the command prints one line a table."""

from __future__ import annotations

import json
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
    "name", "rules", "seed", "games", "hands", "you", "them", "over", "won",
    "reviewed", "ratings", "points_lost", "updated",
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
    assert data["reviewed"] == 1
    rated = {k: v for k, v in review.counts.items() if k in data["ratings"]}
    assert {k: v for k, v in data["ratings"].items() if v} == rated
    assert data["points_lost"] == round(review.points_lost, 1)


def test_a_name_is_tidied_and_written_at_once(
    table: SpadesTable, tmp_path: Path
) -> None:
    progress = ClassProgress.attach(table.session, tmp_path)
    progress.rename("  Ana \n  María\x07" + "x" * 100)
    (row,) = read_class(tmp_path)
    assert row.name.startswith("Ana María") and len(row.name) == MAX_NAME


def test_a_new_game_starts_a_new_line_of_counts(
    table: SpadesTable, tmp_path: Path
) -> None:
    ClassProgress.attach(table.session, tmp_path)
    play_hand(table)
    assert read_class(tmp_path)[0].reviewed == 1
    table.new_game(seed=7)
    (row,) = read_class(tmp_path)
    assert (row.seed, row.games, row.hands, row.reviewed) == (7, 2, 0, 0)


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
    row = {
        "name": name, "rules": "Classic", "seed": 1, "games": 1, "hands": 2,
        "you": 120, "them": 90, "over": False, "won": False, "reviewed": 2,
        "ratings": {"best": 10, "good": 2, "inaccuracy": 1, "mistake": 1,
                    "blunder": 1},
        "points_lost": 80.0, "updated": 1000.0,
    }  # fmt: skip
    row.update(changes)
    return row


def test_the_class_is_read_by_name_and_broken_files_are_left_out(
    tmp_path: Path,
) -> None:
    for i, row in enumerate([_row("bob"), _row(""), _row("Ana", over=True, won=True)]):
        (tmp_path / f"table-{i}.json").write_text(json.dumps(row), encoding="utf-8")
    (tmp_path / "table-half.json").write_text('{"name": "Eve", "ru', encoding="utf-8")
    (tmp_path / "table-odd.json").write_text('{"name": "Eve"}', encoding="utf-8")
    rows = read_class(tmp_path)
    assert [r.name for r in rows] == ["Ana", "bob", ""]
    text = class_text(rows, now=1000 + 600)
    lines = text.splitlines()
    assert lines[1].startswith("Ana ") and "120 - 90 won" in lines[1]
    assert lines[3].startswith("(no name)") and lines[3].endswith("10 min ago")
    assert "40.0" in lines[2]  # points lost per reviewed hand
    assert lines[-1] == (
        "3 tables; 6 hands played; the coach rated 45 decisions: 3 mistakes, "
        "3 blunders."
    )
    assert TableRow(**_row("x", reviewed=0)).lost_per_hand is None


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
    assert "is not a folder" in err and err.count("\n") == 1


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
