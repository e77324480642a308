"""The ``spades`` command line and its fixed contract."""

from __future__ import annotations

import dataclasses
import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ALL_SPECS
from spadeslib import record
from spadeslib.cli import main
from spadeslib.cli_play import GameJob, _bots_for, play_job
from spadeslib.rules import MODIFIERS, PRESETS, Rules
from spadeslib.seats import Seat


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rules_lists_every_preset_and_modifier(capsys) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    for name in [*PRESETS, *MODIFIERS]:
        assert f"  {name} " in out


SINGLE_MODIFIER_SPECS = [s for s in ALL_SPECS if s.count("+") <= 1]


@pytest.mark.parametrize("spec", SINGLE_MODIFIER_SPECS)
def test_play_then_replay_agrees_for_every_rule_set(
    capsys, tmp_path: Path, spec: str
) -> None:
    out_file = tmp_path / "game.json"
    code, out, _ = run(
        capsys,
        "play",
        "--rules",
        spec,
        "--bots",
        "random",
        "--hands",
        "4",
        "--seed",
        "3",
        "--record",
        str(out_file),
    )
    assert code == 0 and "record written" in out
    game = record.load(out_file)
    code, out, err = run(capsys, "replay", str(out_file), "--json")
    assert code == 0 and err == ""
    summary = json.loads(out)
    assert set(summary) == {"hands", "winner"}
    assert len(summary["hands"]) == len(game.finished_hands) >= 1
    seats = {s.letter for s in game.hand.seats}
    sides = set(game.scores)
    running = dict.fromkeys(sides, 0)
    for entry, hand in zip(summary["hands"], game.finished_hands, strict=True):
        assert set(entry) == {"tricks", "points", "bags", "scores"}
        assert set(entry["tricks"]) == seats and sum(entry["tricks"].values()) == 13
        assert (
            set(entry["points"]) == set(entry["bags"]) == set(entry["scores"]) == sides
        )
        for side in sides:
            running[side] += entry["points"][side]
            assert entry["bags"][side] == hand.result[side].bags_after
        assert entry["scores"] == running
    assert running == game.scores
    assert summary["winner"] == game.winner


def test_same_seed_same_game(capsys, tmp_path: Path) -> None:
    for name in ("a.json", "b.json"):
        run(
            capsys,
            "play",
            "--hands",
            "3",
            "--seed",
            "11",
            "--record",
            str(tmp_path / name),
        )
    a = json.loads((tmp_path / "a.json").read_text())
    b = json.loads((tmp_path / "b.json").read_text())
    assert a == b


def test_several_games_write_several_records(capsys, tmp_path: Path) -> None:
    code, out, _ = run(
        capsys,
        "play",
        "--games",
        "2",
        "--hands",
        "2",
        "--seed",
        "1",
        "--record",
        str(tmp_path / "g.json"),
    )
    assert code == 0 and out.count("record written") == 2
    assert (tmp_path / "g-1.json").exists() and (tmp_path / "g-2.json").exists()


def test_bad_options_exit_2_with_one_line(capsys) -> None:
    code, out, err = run(capsys, "play", "--rules", "classic+jokers+mirror")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "jokers cannot be combined with mirror" in err
    code, _, err = run(capsys, "play", "--bots", "random,random")
    assert code == 2 and "--bots needs one level or 4" in err
    code, _, err = run(capsys, "play", "--bots", "search:samples=2,depth=3")
    assert code == 2 and err.count("\n") == 1
    assert "bad options for bot 'search': no option 'depth' (it takes samples" in err


def test_bots_with_several_options_each(capsys) -> None:
    # a comma followed by name=value is another option of the same level
    spec = "rule,search:samples=2,bid_samples=1,novice,search-lite:samples=1"
    code, out, _ = run(capsys, "play", "--bots", spec, "--hands", "1", "--seed", "1")
    assert code == 0 and f"bots {spec}, seed 1: 1 hand, " in out
    code, out, _ = run(capsys, "play", "--bots", "search:samples=1,bid_samples=1")
    assert code == 0 and "bots search:samples=1,bid_samples=1," in out
    bots = _bots_for(spec, Rules.parse("cards4net"), 1)
    names = [(b.name, getattr(b, "samples", None)) for b in bots.values()]
    assert names == [
        ("rule", None),
        ("search", 2),
        ("novice", None),
        ("search-lite", 1),
    ]
    assert bots[Seat.EAST].bid_samples == 1


def test_illegal_move_exits_2_naming_hand_move_seat_card_rule(tmp_path: Path) -> None:
    deal = {
        "N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
        "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
        "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    }
    bad = {
        "rules": "classic",
        "hands": [
            {"dealer": "W", "deal": deal, "bids": [4, 3, 3, 3], "plays": ["AS", "2C"]}
        ],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    proc = subprocess.run(
        [sys.executable, "-m", "spadeslib", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    for word in ("hand 1", "move 6", "East", "2C", "card-not-held"):
        assert word in lines[0]


def test_bench_prints_figures(capsys) -> None:
    code, out, _ = run(capsys, "bench", "--hands", "20", "--repeat", "1", "--no-peer")
    assert code == 0 and "hands/s" in out


def test_play_games_gives_the_same_output_and_records_for_any_jobs(
    capsys, tmp_path: Path
) -> None:
    outputs = []
    for jobs in ("1", "2"):
        folder = tmp_path / jobs
        folder.mkdir()
        argv = ["play", "--games", "4", "--hands", "3", "--seed", "5", "--jobs", jobs]
        code, out, _ = run(capsys, *argv, "--record", str(folder / "g.json"))
        assert code == 0
        outputs.append(out.replace(str(folder), "DIR"))
    assert outputs[0] == outputs[1]
    lines = outputs[0].splitlines()
    assert [line[:7] for line in lines[:4]] == [f"game {i}:" for i in range(1, 5)]
    assert "stats:" in outputs[0]
    for i in range(1, 5):
        assert (tmp_path / "1" / f"g-{i}.json").read_text() == (
            tmp_path / "2" / f"g-{i}.json"
        ).read_text()


def assert_one_error_line(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("spades: error: "), err
    for word in words:
        assert word in err, (word, err)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"[" * 100_000, "nested too deeply"),
        (b'{"rules": "classic", "hands": []}\xff', "not UTF-8 text: byte 0xff"),
        (b"", "empty"),
        (b'{"rules": "classic", "hands": [], "x": 1}', 'unknown key "x"'),
    ],
)
def test_replay_refuses_bad_files_with_one_line(
    capsys, tmp_path: Path, content: bytes, words: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert_one_error_line(*run(capsys, "replay", str(path)), "bad.json", words)


def test_replay_refuses_folders_and_missing_files(capsys, tmp_path: Path) -> None:
    assert_one_error_line(*run(capsys, "replay", str(tmp_path)), "Is a directory")
    missing = str(tmp_path / "missing.json")
    assert_one_error_line(*run(capsys, "replay", missing), "No such file")


def test_deep_json_exits_2_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    proc = subprocess.run(
        [sys.executable, "-m", "spadeslib", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


def test_unwritable_record_path_changes_nothing(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "a-folder.json"
    folder.mkdir()
    missing = tmp_path / "no" / "g.json"
    for target, games, words in (
        (folder, "1", "it is a folder"),
        (missing, "1", "No such file"),
        (missing, "3", "g-1.json"),
    ):
        argv = ["play", "--hands", "2", "--games", games, "--record", str(target)]
        assert_one_error_line(*run(capsys, *argv), "cannot write the record", words)
    assert [p.name for p in tmp_path.iterdir()] == ["a-folder.json"]
    assert list(folder.iterdir()) == []


def test_bad_jobs_and_long_messages(capsys, tmp_path: Path) -> None:
    assert_one_error_line(*run(capsys, "play", "--games", "2", "--jobs", "0"), "--jobs")
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"rules": "classic", "hands": [], "k" * 5000: 1}))
    code, out, err = run(capsys, "replay", str(path))
    assert_one_error_line(code, out, err, "unknown key")
    assert len(err) < 600


@pytest.mark.parametrize(
    ("argv", "option", "wanted"),
    [
        (("play", "--hands", "0"), "--hands", "at least 1, not '0'"),
        (("play", "--games", "-2"), "--games", "at least 1, not '-2'"),
        (("bench", "--hands", "0"), "--hands", "at least 1"),
        (("bench", "--repeat", "0"), "--repeat", "at least 1"),
        (("bench-bots", "--hands", "0"), "--hands", "at least 1"),
        (("bench-bots", "--budget", "-1"), "--budget", "at least 0"),
        (("match", "rule", "novice", "--deals", "0"), "--deals", "at least 1"),
        (("match", "rule", "novice", "--deals", "ten"), "--deals", "not 'ten'"),
        (
            ("match", "rule", "novice", "--check-tricks", "99"),
            "--check-tricks",
            "from 0 to 13",
        ),
        (
            ("match", "rule", "novice", "--check-tricks", "-1"),
            "--check-tricks",
            "from 0 to 13",
        ),
        (("ladder", "--deals", "-1"), "--deals", "at least 1"),
        (("ladder", "--jobs", "0"), "--jobs", "at least 1"),
        (("bench-solver", "--cards", "14"), "--cards", "from 1 to 13"),
        (("bench-solver", "--checks", "-1"), "--checks", "at least 0"),
        (("exercises", "--count", "0"), "--count", "at least 1"),
        (("steadiness", "--deals", "0"), "--deals", "at least 1"),
        (("steadiness", "--reference", "0"), "--reference", "at least 1"),
    ],
)
def test_bad_counts_are_refused_before_any_work(
    capsys, argv: tuple[str, ...], option: str, wanted: str
) -> None:
    """A count out of range is one line naming the option and the range
    (it was a traceback, a division by zero or a silent empty run)."""
    code, out, err = run(capsys, *argv)
    assert_one_error_line(code, out, err, f"argument {option}:", wanted)
    assert f"spades {argv[0]} --help" in err


def test_argument_errors_and_help_return_their_status(capsys) -> None:
    code, out, err = run(capsys, "play", "--preset", "classic")
    assert_one_error_line(code, out, err, "unrecognized arguments: --preset classic")
    assert run(capsys, "match", "--help")[0] == 0


def test_replay_refuses_a_huge_file_without_reading_it_all(
    capsys, tmp_path: Path
) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(record.MAX_BYTES + 10)  # sparse: no time to write
    assert_one_error_line(*run(capsys, "replay", str(path)), "too large")


def test_freezing_finished_hands_changes_no_result() -> None:
    """A one-game ``spades play`` process moves each finished hand out of the
    collector's reach; the game played is the same."""
    job = GameJob("cards4net", "random", "11", hands=6, record=True)
    plain = play_job(job)
    before = gc.get_freeze_count()
    try:
        frozen = play_job(dataclasses.replace(job, freeze=True))
        assert gc.get_freeze_count() > before
    finally:
        gc.unfreeze()
    assert frozen == plain


def test_exercises_help_names_the_class_set_options(capsys) -> None:
    """``spades exercises`` grades returned notebooks, writes sets for given
    seeds and without solutions, and shows progress."""
    code, out, _ = run(capsys, "exercises", "--help")
    assert code == 0
    for option in ("--grade DIR", "--csv FILE", "--execute", "--seeds SEEDS"):
        assert option in out, option
    for option in ("--no-solutions", "--progress", "--no-progress"):
        assert option in out, option


def test_exercises_grade_without_a_class_set_is_one_error_line(
    capsys, tmp_path: Path
) -> None:
    code, out, err = run(capsys, "exercises", "--grade", str(tmp_path))
    assert_one_error_line(code, out, err, "holds no class set", str(tmp_path))


@pytest.mark.parametrize(
    "spec", ["cards4net", "classic", "two-player", "cards4net+jokers"]
)
def test_replay_moves_prints_every_trick_as_the_record_played_it(
    capsys, tmp_path: Path, spec: str
) -> None:
    """`spades replay --moves`: each hand's bids in order, each trick with its
    cards and winner as the record has them, then a hand under way."""
    from spadeslib import LOOK, Bid, Game
    from spadeslib.bots import make_bot, play_until

    game = Game(spec, seed=4)
    bots = {seat: make_bot("rule") for seat in game.seats}
    play_until(game, bots, hands=1)
    play_until(game, bots, stop=lambda g: len(g.hand.trick) == 1)  # mid-trick
    path = tmp_path / "game.json"
    record.save(game, path)
    code, out, err = run(capsys, "replay", str(path), "--moves")
    assert code == 0 and err == ""
    first = game.finished_hands[0]
    bids = [
        f"{seat.full} {action.label()}" if isinstance(action, Bid) else seat.full
        for seat, action, _ in first.history
        if isinstance(action, Bid) or (action == LOOK and game.rules.players == 4)
    ]
    bids = [b if " " in b else f"{b} looks" for b in bids]
    assert f"  bids: {', '.join(bids)}\n" in out
    for number, trick in enumerate(first.tricks, 1):
        plays = "  ".join(f"{s.letter} {c.symbol}" for s, c in trick.plays)
        assert f"  trick {number}: {plays}  ({trick.winner.full} wins)" in out
    assert "(under way)" in out and f"hand {game.hand.number}," in out
