"""A game started from given scores and bags (``Game(scores=..., bags=...)``)
keeps its start through a record, the table's resume token, a new game at
the table and ``spades play``."""

from __future__ import annotations

import json
import random

import pytest

from conftest import game_snapshot
from spadeslib import Game, InvalidRecord, SpadesError, record
from spadeslib.bots import make_bot
from spadeslib.cli import main
from spadeslib.cli_play import GameJob, play_job
from spadeslib.table import TableSession
from spadeslib.table.state import table_state

START = {"NS": 460, "EW": 430}


def played(game: Game, moves: int, seed: int = 1) -> Game:
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_record_keeps_the_start_and_replays_to_the_same_totals() -> None:
    game = played(Game("classic", seed=4, scores=START, bags={"EW": 8}), 70)
    assert len(game.hands) == 2 and not game.is_over  # saved in hand 2
    text = record.dumps(game)
    assert json.loads(text)["start"] == {
        "scores": START,
        "bags": {"NS": 0, "EW": 8},
    }
    again = record.loads(text)
    assert game_snapshot(again) == game_snapshot(game)
    assert (again.start_scores, again.start_bags) == (START, {"NS": 0, "EW": 8})
    assert again.running_scores == game.running_scores
    assert record.dumps(again) == text


def test_a_record_without_a_start_starts_at_0() -> None:
    data = record.to_record(played(Game("classic", seed=4), 60))
    assert "start" not in data  # as every record before it was written
    game = record.from_record(data)
    assert game.start_scores == game.start_bags == {"NS": 0, "EW": 0}
    first = game.hands[0].result
    assert first is not None
    assert game.running_scores[0] == {s: first[s].points for s in ("NS", "EW")}


@pytest.mark.parametrize(
    ("start", "words"),
    [
        ({"scores": {"NS": 500}}, '"start": a game cannot start with NS at 500'),
        ({"bags": {"EW": 12}}, '"start": a game cannot start with EW carrying 12'),
        ({"scores": {"NS": 4.0}}, '"start": scores: NS is 4.0, not a whole number'),
        ({"score": {"NS": 4}}, '"start" has an unknown key "score"'),
        ({"scores": None}, '"start" maps "scores" and "bags" to each side'),
        ([460, 430], '"start" maps "scores" and "bags" to each side'),
    ],
)
def test_a_bad_start_in_a_record_is_refused(start: object, words: str) -> None:
    data = record.to_record(Game("classic", seed=4))
    data["start"] = start
    with pytest.raises(InvalidRecord) as error:
        record.from_record(data)
    assert words in str(error.value)


def test_the_table_starts_there_and_a_new_game_keeps_the_start() -> None:
    table = TableSession("classic", seed=3, scores=START, bags={"EW": 8})
    assert table.game.scores == START and table.game.bags == {"NS": 0, "EW": 8}
    assert table.log[0] == (
        "New game: Classic, seed 3. Starting from North-South (you) 460, "
        "East-West 430 (8 bags). Hand 1: East deals."
    )
    assert table.new_game(seed=5) and table.game.scores == START  # the same rules
    assert table.game.bags == {"NS": 0, "EW": 8}
    assert table.new_game(scores={"NS": 300}) and table.game.scores["NS"] == 300
    assert table.game.bags == {"NS": 0, "EW": 0}  # given: the rest from 0
    assert table.new_game("two-player") and table.game.scores == {"N": 0, "S": 0}


def test_a_start_the_rules_refuse_is_refused_at_the_table() -> None:
    with pytest.raises(SpadesError, match="NS at 520: the target of classic is 500"):
        TableSession("classic", seed=3, scores={"NS": 520})
    table = TableSession("classic", seed=3)
    game = table.game
    assert not table.new_game(bags={"NS": 10})
    assert table.notice == (
        "A game cannot start with NS carrying 10 bags: a side carries 0 to 9 "
        "under classic (bag_limit 10: every 10 bags cost 100 points)."
    )
    assert table.game is game  # nothing changed


def test_the_table_s_save_and_resume_keep_the_start() -> None:
    table = TableSession("classic", seed=3, scores=START, bags={"EW": 8})
    table.bid(3)
    token = table.resume_token()
    assert token is not None and token["start"]["scores"] == START
    resumed = TableSession("classic", seed=1)
    assert resumed.resume(json.dumps(token)), resumed.notice
    assert game_snapshot(resumed.game) == game_snapshot(table.game)
    loaded = TableSession("classic", seed=1)
    assert loaded.from_json(table.to_json()), loaded.notice
    assert loaded.game.start_bags == {"NS": 0, "EW": 8}
    assert loaded.resume_token() == table.resume_token()  # rebuilt, so kept
    token["start"] = {"scores": {"NS": 600}}
    assert not TableSession("classic", seed=1).resume(token)


def test_spades_play_starts_its_games_there(capsys: pytest.CaptureFixture[str]) -> None:
    job = GameJob("classic", "rule", "7", 1, record=True, scores=START, bags={"EW": 8})
    summary = play_job(job)
    game = record.from_record(summary.record)
    assert (game.start_scores, game.start_bags) == (START, {"NS": 0, "EW": 8})
    assert game.scores == summary.scores and game.running_scores == [summary.scores]
    assert main(["play", "--rules", "classic", "--scores", "NS=500"]) == 2
    assert (
        "spades: error: a game cannot start with NS at 500" in capsys.readouterr().err
    )


def test_the_table_s_score_sheet_counts_from_the_start() -> None:
    table = TableSession("classic", seed=3, scores=START, bags={"EW": 8})
    sheet = table_state(table)["sheet"]
    assert sheet["start"] == {
        "NS": {"total": 460, "bags": ""},
        "EW": {"total": 430, "bags": "8 bags carried"},
    }
    while not table.game.finished_hands:  # the learner plays the book
        assert table.act(make_bot("rule").act(table.game.view(table.seat)))
    sheet = table_state(table)["sheet"]
    (row,) = sheet["rows"]
    hand = table.game.finished_hands[0]
    assert hand.result is not None
    for side, cell in row["sides"].items():
        assert cell["total"] == START[side] + hand.result[side].points
        assert cell["total"] == table.game.scores[side]
    assert table_state(TableSession("classic", seed=3))["sheet"]["start"] is None


def test_the_options_panel_s_new_game_keeps_the_start_of_the_same_rules() -> None:
    """A practice table (the classroom link's ``scores=``): New game with
    the rules unchanged deals another game from the same start; other rules
    start from 0."""
    from spadeslib.table import SpadesTable

    table = SpadesTable("classic", seed=3, speed="instant", scores=START)
    new_game = {"type": "new_game", "preset": "classic", "modifiers": [], "seed": ""}
    table._handle_custom_msg(new_game, [])
    assert table.session.games_started == 2 and table.game.scores == START
    table._handle_custom_msg({**new_game, "modifiers": ["mirror"]}, [])
    assert table.session.games_started == 3
    assert table.game.scores == {"NS": 0, "EW": 0}
    table.close()


def test_the_table_says_where_its_game_started() -> None:
    """The resume offer's words name the start (a kept game from 0 differs
    from the link's practice), so does the status line, the Options panel
    says New game keeps it, and other rules say they drop it."""
    table = TableSession("classic", seed=3, scores=START, bags={"EW": 8})
    state = table_state(table)
    start = "North-South (you) 460, East-West 430 (8 bags)"
    assert state["table"]["deal"] == f"Classic, seed 3, from {start}"
    assert state["options"]["start"] == start
    fresh = table_state(TableSession("classic", seed=3))
    assert fresh["table"]["deal"] == "Classic, seed 3"
    assert fresh["options"]["start"] == ""
    assert table.new_game("classic+mirror", seed=3)
    assert f"Other rules start from 0, not from {start}." in table.log
    assert table_state(table)["options"]["start"] == ""
