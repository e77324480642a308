"""A bot of your own that fails, and levels named nearly right: the match,
the ladder and ``spades play`` name the level as typed, the seat, the deal
and its seed and the trick in one line (exit 2), never a traceback, on one
process or two; a bot answering with text is measured as one answering
with objects (found by a developer following docs/developers.md)."""

from __future__ import annotations

import itertools
import re
import sys
from pathlib import Path

import pytest

from spadeslib import Game, SpadesError
from spadeslib.bench import BenchResult
from spadeslib.bots import BotError, make_bot, parse_level, play_until
from spadeslib.bots.match import duplicate_match
from spadeslib.bots.match_report import BotStats, MatchReport
from spadeslib.cli import main

BOTS = """
import random
from spadeslib.bots import Suggestion

class FirstBot:
    name = "first"
    def __init__(self, seed=None):
        self.rng = random.Random(seed)
    def reset(self): pass
    def act(self, view):
        return self.rng.choice(view.legal)
    def explain(self, view):
        return Suggestion(self.act(view), "random", self.name)

class StrBot(FirstBot):
    def act(self, view):
        return str(self.rng.choice(view.legal))

class IllegalBot(FirstBot):
    name = "illegal"
    def act(self, view):
        if view.phase.value == "playing":
            return "AS"
        return view.legal[0]

class RaiseBot(FirstBot):
    name = "raise"
    def act(self, view):
        if view.phase.value == "playing" and len(view.tricks) == 3:
            raise KeyError("oops")
        return view.legal[0]

class InitRaise(FirstBot):
    def __init__(self, seed=None):
        raise RuntimeError("cannot start")
"""

COUNT_BOT = """
def helper():
    pass

class CountBot:
    name = "count"
    def reset(self): pass
    def act(self, view): return view.legal[0]
"""

_numbers = itertools.count()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def module(folder: Path, text: str, stem: str = "bots") -> str:
    """Write a module under a name no other test imported; its name."""
    name = f"{stem}{next(_numbers)}"
    (folder / f"{name}.py").write_text(text)
    return name


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    err = capsys.readouterr().err
    return code, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    return err


# ----------------------------------------------- 1. a seed given as an option
@pytest.mark.parametrize(
    "argv",
    [
        ("match", "rule:seed=3", "rule", "--deals", "2", "--jobs", "1"),
        ("match", "rule", "search:seed=3", "--deals", "2", "--jobs", "1"),
        ("ladder", "--levels", "rule:seed=3,novice", "--deals", "2", "--jobs", "1"),
        ("play", "--bots", "rule:seed=3", "--hands", "1"),
    ],
)
def test_a_seed_option_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    err = refused(capsys, *argv)
    assert "'seed'" in err and "--seed" in err


def test_a_seed_option_of_your_own_bot_is_refused(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    name = module(folder, BOTS)
    err = refused(capsys, "match", f"{name}.FirstBot:seed=3", "rule", "--deals", "2")
    assert "the seed comes from --seed" in err
    with pytest.raises(SpadesError, match="seed comes from"):
        parse_level("rule:seed=3")
    with pytest.raises(SpadesError, match="seed"):
        duplicate_match("rule", "rule", deals=1, a_options={"seed": 3})


# ----------------------------------------- 2. text answers measured as objects
def test_a_bot_answering_in_text_is_measured_as_one_answering_objects(
    folder: Path,
) -> None:
    name = module(folder, BOTS)
    kept = {}
    for cls in ("FirstBot", "StrBot"):
        report = duplicate_match(
            f"{name}.{cls}", "rule", deals=3, seed=2, check_tricks=3
        )
        kept[cls] = report
    objects, text = kept["FirstBot"].stats["a"], kept["StrBot"].stats["a"]
    assert objects.blunders > 0 and objects.exact_decisions > 0
    for field in ("overtakes", "uncovered", "exact_loss", "exact_decisions"):
        assert getattr(text, field) == getattr(objects, field), field

    def words(report: MatchReport) -> list[str]:  # but the time taken
        lines = report.text().replace("StrBot", "FirstBot").splitlines()[:-1]
        return [" ".join(line.split()) for line in lines]

    assert words(kept["StrBot"]) == words(kept["FirstBot"])


def test_each_exact_loss_line_names_its_level() -> None:
    report = MatchReport("a-level-with-a-long-name.Bot", "rule", "cards4net", 0, 1)
    report.check_tricks = 3
    report.stats = {
        key: BotStats(hands=2, exact_decisions=5, exact_loss=1.0) for key in "ab"
    }
    lines = report.text().splitlines()
    loss = [line for line in lines if "lost to exact analysis" in line]
    assert loss[0].startswith("  a-level-with-a-long-name.Bot (a) lost")
    assert loss[1].startswith("  rule (b)")
    # the points of both levels in one column, however long the names
    points = [line.index("pts/deal") for line in lines if "pts/deal" in line]
    assert len(points) == 2 and points[0] == points[1]


# ------------------------------------------ 3. and 4. a bot that fails in play
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bot_that_raises_is_named_in_one_line(
    capsys: pytest.CaptureFixture[str], folder: Path, jobs: str
) -> None:
    name = module(folder, BOTS)
    argv = ("match", f"{name}.RaiseBot", "rule", "--deals", "2", "--seed", "1")
    err = refused(capsys, *argv, "--jobs", jobs)
    assert re.search(
        rf"bot '{name}.RaiseBot' at \w+, deal (\d) \(seed 1/deal/\1\), trick 4: "
        r"KeyError: 'oops' \(SPADES_DEBUG=1 shows the bot's traceback\)",
        err,
    ), err


def test_bench_bots_names_a_bot_that_raises_in_one_line(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    name = module(folder, BOTS)
    argv = ("bench-bots", "--levels", f"{name}.RaiseBot", "--hands", "1")
    err = refused(capsys, *argv)
    assert f"bot '{name}.RaiseBot' at " in err and "trick 4): KeyError: 'oops'" in err


def test_the_bots_exception_is_chained(folder: Path) -> None:
    name = module(folder, BOTS)
    with pytest.raises(BotError, match="KeyError") as caught:
        duplicate_match(f"{name}.RaiseBot", "rule", deals=1, seed=1)
    assert isinstance(caught.value.__cause__, KeyError)
    assert caught.value.raised == "KeyError"
    game = Game(seed=4)
    with pytest.raises(BotError, match=r"hand 1 \(seed 4/1\), trick 4: KeyError"):
        play_until(game, {s: make_bot(f"{name}.RaiseBot") for s in game.seats})


def test_spades_play_names_the_level_as_typed(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    name = module(folder, BOTS)
    err = refused(capsys, "play", "--bots", f"{name}.RaiseBot", "--hands", "1")
    assert f"bot '{name}.RaiseBot' at " in err and "KeyError: 'oops'" in err, err
    err = refused(capsys, "play", "--bots", f"{name}.IllegalBot", "--hands", "1")
    assert f"bot '{name}.IllegalBot' at " in err and "[rule: card-not-held]" in err


def test_a_bot_that_fails_when_made_is_named(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    name = module(folder, BOTS)
    err = refused(capsys, "match", "rule", f"{name}.InitRaise", "--deals", "2")
    assert f"bot '{name}.InitRaise' failed when made" in err
    assert "RuntimeError: cannot start" in err
    err = refused(
        capsys, "ladder", "--levels", f"rule,novice,{name}.InitRaise", "--deals", "2"
    )
    assert "RuntimeError: cannot start" in err
    assert "rule - novice" not in err  # refused before the first match


def test_an_illegal_action_names_the_deal_the_trick_and_the_rule(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    name = module(folder, BOTS)
    err = refused(
        capsys, "match", f"{name}.IllegalBot", "rule", "--deals", "1", "--seed", "1"
    )
    assert f"bot '{name}.IllegalBot' at " in err
    assert "deal 0 (seed 1/deal/0), trick 1: chose 'AS': " in err
    assert "[rule: card-not-held]" in err


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("def x(:\n    pass\n", "SyntaxError: invalid syntax"),
        ("raise RuntimeError('boom')\n", "RuntimeError: boom"),
    ],
)
def test_a_module_that_fails_on_import_is_named(
    capsys: pytest.CaptureFixture[str], folder: Path, text: str, words: str
) -> None:
    name = module(folder, text)
    for jobs in ("1", "2"):
        err = refused(
            capsys, "match", f"{name}.X", "rule", "--deals", "2", "--jobs", jobs
        )
        assert f"bot '{name}.X' failed to import ({name}.py): {words}" in err


# ------------------------------------------------ 5. a missing dependency
def test_a_missing_dependency_of_the_bot_is_named(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    name = module(folder, "import nosuchdep\n", "brokendep")
    err = refused(capsys, "match", f"{name}.X", "rule", "--deals", "2")
    assert f"{name}.py imports nosuchdep, which is not installed" in err
    assert "run from the folder" not in err


# ------------------------------------------------------- 6. near-miss names
@pytest.mark.parametrize(
    "typed",
    ["{m}:CountBot", "{m}.py:CountBot", "{m}.py", "{m}.countbot"],
)
def test_a_near_miss_offers_the_import_path(
    capsys: pytest.CaptureFixture[str], folder: Path, typed: str
) -> None:
    name = module(folder, COUNT_BOT, "count")
    spec = typed.format(m=name)
    err = refused(capsys, "match", spec, "rule", "--deals", "2")
    assert f"{name}.CountBot" in err
    assert "has no 'py'" not in err


def test_a_module_of_the_standard_library_hiding_the_file_is_named(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    assert "calendar" in sys.modules or __import__("calendar")
    (folder / "calendar.py").write_text(BOTS)
    err = refused(capsys, "match", "calendar.FirstBot", "rule", "--deals", "2")
    assert "standard library" in err and "rename your file" in err


# ---------------------------------------------------------------- 8. output
def test_the_bench_report_lines_up_and_says_which_way_the_ratio_goes() -> None:
    result = BenchResult(
        hands=100,
        rules="cards4net",
        fast=3000.0,
        checked=2000.0,
        openspiel=1500.0,
        play_one_game=2.0,
        play_many_games=4.0,
        openspiel_process=3.0,
    )
    lines = result.report().splitlines()
    engine = lines[2:6]
    process = lines[7:10]
    for block in (engine, process):
        assert len({line.index(" : ") for line in block}) == 1, block
    assert "OpenSpiel takes 1.50× this time" in lines[8]
    assert "OpenSpiel takes 0.75× this time" in lines[9]


def test_bench_solver_has_a_heading_and_counts_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bench-solver", "--positions", "1", "--cards", "2", "--deals", "0"]
    assert main([*argv, "--checks", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("exact solver bench (cards4net)")
    assert "(1 position)" in out[1] and "(1 positions)" not in out[1]


def test_bench_bots_help_shows_the_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench-bots", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "(default: random,rule,search)" in out and "(default: 4)" in out
