"""Keeping a game at the headless table (``TableSession``): save and load,
uploads, the resume token the page keeps, and the refusals of each, which
change nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from session_support import frozen, mid_game, play_random

from spadeslib import Game, Seat
from spadeslib.table import TableSession
from spadeslib.table.saving import MAX_UPLOAD
from spadeslib.table.state import table_state


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    session = TableSession("yppedia", seed=8)
    play_random(session, random.Random(3), hands=1)
    session.new_hand()
    session.act(session.view.legal[0])
    path = tmp_path / "game.json"
    assert session.save(path)
    other = TableSession("two-player", seed=1)
    assert other.load(path)
    assert other.to_json() == session.to_json()
    assert other.rules.spec == "yppedia"
    third = TableSession(seed=2)
    assert third.from_json(session.to_json())
    assert third.to_json() == session.to_json()


@pytest.mark.parametrize(
    ("spec", "between"), [("yppedia", False), ("two-player", True)]
)
def test_a_loaded_or_resumed_game_keeps_its_story(spec: str, between: bool) -> None:
    session = TableSession(spec, seed=8)
    play_random(session, random.Random(3), hands=1)
    if not between:
        session.new_hand()
        session.act(session.view.legal[0])
    told = session.log[session.log_start :]  # told live, line for line
    loaded = TableSession("classic", seed=1)
    assert loaded.from_json(session.to_json())
    assert loaded.log[loaded.log_start : -1] == told
    assert loaded.log[-1].startswith("Loaded the file")
    resumed = TableSession("classic", seed=1)
    assert resumed.resume(session.resume_token())
    assert resumed.log[resumed.log_start : -1] == told


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("x" * (10 * MAX_UPLOAD), "too large"),
        ("/etc/passwd", "not JSON"),
        ("../outside.json", "not JSON"),
        ('{"rules": "classic", "hands": [{"dealer": "Q"}]}', "hand 1"),
        ("[" * 50_000, "nested too deeply"),
        (b"\xff\xfe", "not UTF-8"),
        (None, "JSON text"),
    ],
)
def test_uploads_are_validated_and_refused_in_one_line(
    text: Any, why: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    session = TableSession("classic", seed=4)
    before = frozen(session)
    assert session.from_json(text, name="upload.json") is False
    assert session.notice.startswith("Could not load upload.json: ")
    assert why in session.notice and "\n" not in session.notice
    assert frozen(session) == before
    assert list(tmp_path.iterdir()) == []  # nothing written beside the page


@pytest.mark.parametrize(
    "spec", ["cards4net", "classic", "yppedia+suicide", "two-player", "classic+jokers"]
)
def test_resume_token_rebuilds_the_game(spec: str) -> None:
    session = mid_game(spec, 6, 30)
    token = session.resume_token()
    assert token is not None
    fresh = TableSession("cards4net", seed=99)
    assert fresh.resume(json.dumps(token))
    assert fresh.to_json() == session.to_json()
    assert fresh.between == session.between and fresh.levels == session.levels


def test_resume_refuses_bad_tokens_and_changes_nothing() -> None:
    session = mid_game("classic", 3, 12)
    token = session.resume_token()
    assert token is not None
    fresh = TableSession("yppedia", seed=5)
    before = frozen(fresh)
    tampered = json.loads(json.dumps(token))
    tampered["hands"][0][-1] = "AS" if tampered["hands"][0][-1] != "AS" else "2C"
    wrong_seat = dict(token, seat="N")
    for bad in (tampered, wrong_seat, "{", "x" * (2 * MAX_UPLOAD), [1], {"v": 2}):
        assert fresh.resume(bad) is False
        assert fresh.notice.startswith("Could not resume the saved game")
        assert frozen(fresh) == before


def test_loaded_record_from_elsewhere_has_no_resume_token() -> None:
    game = Game("classic", seed=1)
    game.new_hand(
        deal={
            "N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
            "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
            "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
            "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
        }
    )
    from spadeslib import record

    session = TableSession(seed=3)
    assert session.from_json(record.dumps(game))
    assert session.resume_token() is None


@pytest.mark.parametrize("spec", ["two-player", "classic", "cards4net"])
def test_a_tables_own_save_loaded_again_resumes_exactly(spec: str) -> None:
    session = mid_game(spec, 42, 40)  # two-player: well past the draw
    other = TableSession(spec, seed=1)
    assert other.from_json(session.to_json())
    token = other.resume_token()
    assert token is not None  # two-player: None once the draw was complete
    fresh = TableSession(spec, seed=5)
    assert fresh.resume(token)
    assert fresh.to_json() == other.to_json()


def test_a_record_whose_bots_chose_otherwise_has_no_resume_token() -> None:
    """classic, seed 9, every seat played at random: resuming from the token
    let the table's bots pass other cards (North's 3D 9D became 8S QS)."""
    from spadeslib import record

    game = Game("classic", seed=9)
    rng = random.Random(9)
    for _ in range(rng.randrange(20, 90)):
        game.apply(rng.choice(game.legal_actions()))
    assert any(hand.exchanges for hand in game.hands)
    session = TableSession("classic", seed=1)
    assert session.from_json(record.dumps(game))
    assert session.resume_token() is None
    assert table_state(session)["resume"] is None


def test_save_names_the_bad_path_and_a_later_save_clears_the_notice(
    tmp_path: Path,
) -> None:
    session = TableSession("classic", seed=3)
    assert session.save("") is False
    assert session.notice == "Could not save: the file name is empty."
    assert session.save(tmp_path) is False
    assert (
        session.notice
        == f"Could not save to {tmp_path}: it is a folder, not a file name."
    )
    assert session.load("") is False
    assert session.notice == "Could not load: the file name is empty."
    assert session.load(tmp_path) is False
    assert session.notice == f"Could not read {tmp_path}: it is a folder, not a file."
    assert session.save(tmp_path / "game.json")
    assert session.notice is None and "Could not" not in session.message


def test_a_saved_file_keeps_the_bots_levels(tmp_path: Path) -> None:
    """Save names who played each seat; a table that loads the file plays
    on with those bots (levels it cannot play, names from elsewhere, leave
    its own)."""
    session = TableSession("cards4net", seed=5, partner="search", opponents="expert")
    assert session.act(session.view.legal[0])
    path = tmp_path / "game.json"
    assert session.save(path)
    players = json.loads(path.read_text(encoding="utf-8"))["players"]
    assert players == {"N": "search", "E": "expert", "S": "you", "W": "expert"}
    other = TableSession("cards4net", seed=1)
    assert other.load(path), other.notice
    assert other.levels == session.levels
    assert other.to_json() == session.to_json()
    data = json.loads(session.to_json())
    data["players"] = {"N": "search:samples=9999", "E": "Bob", "W": "Bob"}
    third = TableSession("cards4net", seed=1, opponents="novice")
    assert third.from_json(json.dumps(data)), third.notice
    # a name that is no level leaves the table's; a level loses its options
    assert set(third.levels.values()) == {"search", "novice"}
    two = TableSession("two-player", seed=3, opponents="search-lite")
    assert json.loads(two.to_json())["players"] == {"N": "search-lite", "S": "you"}
    again = TableSession("two-player", seed=1)
    assert again.from_json(two.to_json())
    assert again.levels == {Seat.NORTH: "search-lite"}
