"""A bot of your own, named by its import path (``module.Class``) wherever a
level is named: the example in docs/examples plays every preset legally,
from Python and from the command line, and a bot that cannot be imported or
lacks a method is refused with what is wrong."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from spadeslib import Game, SpadesError
from spadeslib.bots import (
    BotError,
    UnknownBot,
    level_options,
    make_bot,
    parse_level,
    play_until,
)
from spadeslib.bots.match import duplicate_match

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
DOCS = EXAMPLES.parent / "developers.md"


@pytest.fixture
def in_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.syspath_prepend(str(EXAMPLES))


@pytest.mark.parametrize(
    "rules",
    [
        "cards4net",
        "classic",
        "yppedia",
        "two-player",
        "classic+mirror",
        "cards4net+jokers",
    ],
)
def test_the_example_bot_plays_every_preset(in_examples: None, rules: str) -> None:
    game = Game(rules, seed=3)
    play_until(
        game,
        {seat: make_bot("count_bot.CountBot") for seat in game.seats},
        hands=2,
    )
    assert len(game.finished_hands) == 2


def test_the_example_bot_plays_a_match(in_examples: None) -> None:
    report = duplicate_match("count_bot.CountBot", "rule", deals=4, seed=1)
    assert (report.a, report.b) == ("count_bot.CountBot", "rule")
    assert len(report.results) == 4
    assert parse_level("count_bot.CountBot") == ("count_bot.CountBot", {})
    assert level_options("count_bot.CountBot") == ()


def test_the_command_line_imports_it_from_the_current_folder() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-P",  # as the `spades` command: the current folder is not searched
            "-m",
            "spadeslib",
            "match",
            "count_bot.CountBot",
            "rule",
            "--deals",
            "2",
            "--seed",
            "1",
        ],
        cwd=EXAMPLES,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "count_bot.CountBot - rule:" in done.stdout


def test_the_docs_example_runs(in_examples: None) -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## Writing a bot") :]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    scope: dict[str, object] = {}
    exec(code.group(1), scope)  # the documented example itself
    assert len(scope["game"].finished_hands) == 10  # type: ignore[attr-defined]


class NoReset:
    name = "no-reset"

    def act(self, view):
        return view.legal[0]

    def explain(self, view):
        return None


def test_bad_bots_are_refused_with_what_is_wrong() -> None:
    with pytest.raises(SpadesError, match="cannot import 'no_such_module'"):
        make_bot("no_such_module.Bot")
    with pytest.raises(SpadesError, match="has no 'Nope'"):
        make_bot("test_custom_bots.Nope")
    with pytest.raises(SpadesError, match=r"lacks reset\(\).*act\(view\)"):
        make_bot("test_custom_bots.NoReset")
    with pytest.raises(UnknownBot, match=r"unknown bot .rules.*module\.Class"):
        make_bot("rules")
    for near_miss in ("rule.RuleBot", "count_bot.py"):  # named, not imported
        with pytest.raises(UnknownBot, match=f"unknown bot {near_miss!r}"):
            make_bot(near_miss)


class Broken(NoReset):
    def __init__(self) -> None:
        self.table = {}["x"]  # a bug of the bot's own, not a bad option

    def reset(self) -> None:
        pass


def test_a_bug_in_your_bot_is_not_called_a_bad_option() -> None:
    # named as the bot's own failure, its exception chained
    with pytest.raises(BotError, match=r"failed when made.*KeyError") as caught:
        make_bot("test_custom_bots.Broken")
    assert isinstance(caught.value.__cause__, KeyError)
    assert "bad options" not in str(caught.value)
    with pytest.raises(SpadesError, match=r"bad options.*'depth'"):
        make_bot("test_custom_bots.Broken:depth=2")


@pytest.mark.parametrize(
    "spec, words",
    [
        (".Foo", "not an import path"),
        ("..Foo", "not an import path"),
        ("search.8", r"options follow a colon \(search:8\)"),
    ],
)
def test_names_that_are_no_import_path(spec: str, words: str) -> None:
    with pytest.raises(SpadesError, match=words):
        make_bot(spec)
