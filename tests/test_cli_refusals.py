"""Bad input to the command line and the public API: one line naming it,
never a traceback (found by an outside review)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spadeslib import Game, Rules, record
from spadeslib.bots import make_bot
from spadeslib.cli import main
from spadeslib.coach import Coach
from spadeslib.errors import InvalidRecord, InvalidRules, SpadesError
from spadeslib.rules import SETTINGS
from spadeslib.table.classroom import page_options


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("rules", "--sheet", "classic", "--out", "/nonexistent/r.html"), "r.html"),
        (("rules", "--sheet", "classic", "--out", "/tmp"), "/tmp: Is a directory"),
        (("rules", "--out", "r.html"), "give --sheet RULES"),
        (("ladder", "--levels", "rule", "--deals", "1"), "at least two levels"),
        (("ladder", "--levels", "novice,rule", "--deals", "1"), "at least 2 deals"),
        (("ladder", "--levels", "foo"), "unknown bot 'foo'"),
        (("play", "--hands", "1", "--record", ""), "--record is empty"),
        (("play", "--hands", "1", "--jobs", "2"), "needs --games 2 or more"),
        (
            ("ladder", "--deals", "2", "--save", "pyproject.toml"),
            "a file, not a folder",
        ),
        (("play", "--bots", ",rule", "--hands", "1"), "item 1 of the levels"),
        (("play", "--bots", "rule,,rule,rule", "--hands", "1"), "item 2 of the"),
        (
            (
                "ladder",
                "--levels",
                "novice,rule",
                "--deals",
                "2",
                "--save",
                "/dev/null/x",
            ),
            "/dev/null/x",
        ),
        (("play", "--bots", "search:1.5", "--hands", "1"), "not 1.5"),
        (("play", "--rules", "classic+", "--hands", "1"), "empty name"),
        (("exercises", "--list", "--seed", "abc"), "--seed for --list is a whole"),
        (("play", "--seed", "", "--hands", "1"), "--seed: must be a number or a"),
        (("match", "rule", "rule", "--seed", " "), "not ' '"),
        (("exercises", "--list", "--seed", ""), "--seed: must be a number or a"),
        (("play", "--seed", "x" * 201, "--hands", "1"), "at most 200 characters"),
        (
            ("play", "--scores", "NS=460,NS=10"),
            "argument --scores: NS is given twice in 'NS=460,NS=10'",
        ),
        (("play", "--bags", "NS=3,EW=2,NS=1"), "--bags: NS is given twice in"),
        (
            ("play", "--bots", "human"),
            "unknown bot 'human': choose from random, novice, rule, search-lite, "
            "search, expert, or name your own bot's class as module.Class; "
            "spades play plays bots against bots: to play yourself, open "
            "chapter 11 (notebooks/11_play.ipynb) or the classroom page "
            "(make voila)",
        ),
    ],
)
def test_the_command_line_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: tuple[str, ...],
    words: str,
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and words in err and err.count("\n") == 1, err
    assert not Path("r.html").exists()


def test_bench_solver_without_checks_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("bench-solver", "--positions", "1", "--cards", "2", "--deals", "0")
    code, out, _ = run(capsys, *argv, "--checks", "0")
    assert code == 0 and "DDS comparison skipped: --checks 0" in out
    assert "agreement" not in out


def test_each_game_of_play_games_prints_its_own_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "play", "--games", "2", "--hands", "1", "--jobs", "1")
    assert code == 0
    assert "game 1: cards4net, bots random, seed 0/1: 1 hand," in out
    assert "game 2: cards4net, bots random, seed 0/2: 1 hand," in out
    # the printed seed replays that game
    code, again, _ = run(capsys, "play", "--seed", "0/2", "--hands", "1")
    line = next(x for x in out.splitlines() if x.startswith("game 2"))
    assert again.splitlines()[0] == line.removeprefix("game 2: ")


def test_the_score_sheet_prints_totals_as_words() -> None:
    text = str(Game(seed=1))
    assert "totals: NS 0, EW 0  bags: NS 0, EW 0" in text


def test_a_seed_of_other_digits_is_not_a_number() -> None:
    options = page_options("seed=%C2%B2")
    assert options.problems and "is not a whole number" in options.problems[0]


def test_records_refuse_what_is_not_a_record(tmp_path: Path) -> None:
    for bad in (None, 5):
        with pytest.raises(InvalidRecord, match="text or bytes"):
            record.loads(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidRecord, match="is a path"):
            record.load(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidRecord, match="max_bytes"):
        record.loads("{}", max_bytes="x")  # type: ignore[arg-type]
    target = tmp_path / "missing" / "n.json"
    with pytest.raises(FileNotFoundError) as info:
        record.save(Game(seed=1), target)
    assert info.value.filename == str(target)


def test_levels_rules_and_budgets_are_checked_when_made() -> None:
    for level in (None, 5):
        with pytest.raises(SpadesError, match="a bot level is a name"):
            make_bot(level)  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="given twice"):
        make_bot("expert:samples=24,samples=30")
    with pytest.raises(SpadesError, match="time_limit"):
        make_bot("search:time_limit=-1")
    with pytest.raises(SpadesError, match="whole number from 1 to 10000, not 'x'"):
        Coach("rule", samples="x")  # type: ignore[arg-type]
    for spec in ("classic+", "classic++mirror"):
        with pytest.raises(InvalidRules, match="empty name"):
            Rules.parse(spec)
    assert Rules.parse("classic + mirror").spec == "classic+mirror"


@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_a_table_refused_when_made_leaves_no_error_behind(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import gc

    from spadeslib.table import SpadesTable

    with pytest.raises(InvalidRules):
        SpadesTable(rules="hearts")
    gc.collect()
    assert "Exception ignored" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("ladder", "--levels", "rule,rule", "--deals", "1"), "named twice"),
        (("ladder", "--levels", "", "--deals", "1"), "--levels is empty"),
        (("play", "--bogus"), "--bogus (spades play --help lists the options)"),
        (
            ("exercises", "--students", "Alice,alice", "--chapters", "01"),
            "ignores case",
        ),
    ],
)
def test_more_one_line_refusals(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: tuple[str, ...],
    words: str,
) -> None:
    extra = ("--out", str(tmp_path / "set")) if argv[0] == "exercises" else ()
    code, _, err = run(capsys, *argv, *extra)
    assert code == 2 and words in err and err.count("\n") == 1, err


def test_a_match_of_one_deal_has_no_interval(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "match", "rule", "novice", "--deals", "1")
    assert code == 0 and "nan" not in out
    assert "no 95% CI (it needs at least 2 deals)" in out and "1 deal (each" in out


def test_course_helpers_and_job_seeds_name_what_is_wrong() -> None:
    from spadeslib.counting import (
        holding_chance,
        nil_average,
        nil_break_even,
        quick_tricks,
    )
    from spadeslib.experiments import HandJob
    from spadeslib.parallel import job_seed
    from spadeslib.seats import Seat

    with pytest.raises(ValueError, match="from 0 to 13, not 14"):
        holding_chance(14)
    with pytest.raises(ValueError, match="above 0 points, not 0"):
        nil_break_even(0, 30)
    with pytest.raises(ValueError, match=r"probability from 0 to 1, not 1\.5"):
        nil_average(1.5, 100)
    assert quick_tricks("AS KS") == quick_tricks(["AS", "KS"]) == 2.0
    with pytest.raises(SpadesError, match="whole number from 0, not -1"):
        job_seed("a", -1)
    with pytest.raises(SpadesError, match="not None"):
        job_seed(None, 0)
    assert HandJob("x", nil="N").nil is Seat.NORTH
    with pytest.raises(SpadesError, match="'Q' is not a seat"):
        HandJob("x", nil="Q")
    with pytest.raises(InvalidRules, match="exchange must be at most 13 cards, not 99"):
        Rules("classic", exchange=99)


def test_a_long_seed_for_many_games_is_named_as_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    seed = "x" * 199
    code, _, err = run(capsys, "play", "--games", "2", "--hands", "1", "--seed", seed)
    assert code == 2 and "at most 198 characters, not 199" in err
    assert "/1" not in err


def test_a_two_player_hand_job_needs_no_dealer() -> None:
    from spadeslib.experiments import HandJob, play_hand

    outcome = play_hand(HandJob("x", rules="two-player"))
    assert sum(outcome.tricks_won.values()) == 13


RULES_COMMANDS = [
    ("play",),
    ("match", "rule", "novice"),
    ("ladder",),
    ("bench",),
    ("bench-bots",),
    ("bench-solver",),
    ("calibrate",),
    ("steadiness",),
]


@pytest.mark.parametrize("argv", RULES_COMMANDS)
def test_bad_rules_name_the_option(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    """A rule set refused is named as argparse names its own options, before
    any work starts (it was a bare ``spades: error: target must be ...``)."""
    code, out, err = run(capsys, *argv, "--rules", "classic+target=abc")
    assert (code, out, err.count("\n")) == (2, "", 1), err
    assert err.startswith(
        "spades: error: argument --rules: target must be a whole number of at "
        "least 1, not 'abc' ("
    )
    assert f"spades {argv[0]} --help" in err


def test_a_bad_sheet_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "--sheet", "classic+mirror+mirror")
    assert (code, out) == (2, "") and "argument --sheet: a modifier is repeated" in err


def test_an_unknown_setting_lists_only_what_a_rules_text_can_set() -> None:
    with pytest.raises(InvalidRules, match="unknown rule setting 'colour'") as info:
        Rules.parse("classic+colour=3")
    listed = str(info.value).split("settings are: ")[1].split(", ")
    assert listed == sorted(SETTINGS)
    with pytest.raises(InvalidRules, match="a list of cards"):
        Rules.parse("classic+trump_order=AS")
