"""What the command line and the package say about themselves: ``--version``,
each command's ``--help`` (its line, each option's default), what ``spades
play`` and ``replay --moves`` print about a game stopped early, and the
library's quick start as the README and docs/developers.md give it."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest

import spadeslib
from spadeslib import Game, record
from spadeslib.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version_prints_the_package_version(capsys) -> None:
    code, out, err = run(capsys, "--version")
    assert (code, out, err) == (0, f"spades {spadeslib.__version__}\n", "")


def commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (sub,) = parser._subparsers._group_actions  # type: ignore[union-attr]
    return dict(sub.choices)  # type: ignore[arg-type]


COMMANDS = commands()


def option_entries(help_text: str) -> dict[str, str]:
    """Each option's entry in ``--help``, by its first name, on one line."""
    section = help_text.split("\noptions:\n", 1)[1]
    entries = re.split(r"\n(?=  -)", section)
    return {e.split()[0].rstrip(","): " ".join(e.split()) for e in entries}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_says_what_it_does_and_each_default(name: str) -> None:
    parser = COMMANDS[name]
    help_text = parser.format_help()
    assert parser.description, f"spades {name} --help has no description"
    assert "\n\n" + parser.description.split()[0] in help_text
    entries = option_entries(help_text)
    for action in parser._actions:
        says = action.default not in (None, argparse.SUPPRESS) and action.nargs != 0
        if action.option_strings and says:
            entry = entries[action.option_strings[0]]
            assert "(default: " in entry, f"spades {name}: {entry}"
    assert not re.search(r"\(default [^:]", " ".join(help_text.split()))


@pytest.mark.parametrize(
    "name", sorted(n for n, p in COMMANDS.items() if "--rules" in p.format_help())
)
def test_rules_options_say_the_settings_too(name: str) -> None:
    """``--rules`` takes house rules too, as docs/cli.md says, and says where
    they are listed (it said ``PRESET[+MODIFIER...]``)."""
    entry = option_entries(COMMANDS[name].format_help())["--rules"]
    assert "PRESET[+MODIFIER...][+SETTING=VALUE...]" in entry, entry
    assert "spades rules lists them" in entry and "(default: cards4net)" in entry


def test_play_help_says_where_to_play_yourself() -> None:
    text = " ".join(COMMANDS["play"].format_help().split())
    assert "Play seeded games between bots. To play yourself, open chapter 11" in text
    assert "(notebooks/11_play.ipynb) or the classroom page (make voila)." in text


def test_bots_says_which_commands_take_budget(capsys) -> None:
    code, out, _ = run(capsys, "bots")
    assert code == 0
    assert "--budget N of spades match and bench-bots sets it for every" in out


def test_a_game_stopped_by_hands_says_so(capsys) -> None:
    code, out, _ = run(capsys, "play", "--seed", "0")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("cards4net, bots random, seed 0: 1 hand, NS ")
    assert first.endswith("; game not over, stopped at --hands 1 (raise it to play on)")


def test_moves_of_a_record_saved_in_the_bidding_say_so(capsys, tmp_path) -> None:
    game = Game("classic", seed=3)
    game.apply(3)
    path = tmp_path / "bidding.json"
    record.save(game, path)
    code, out, _ = run(capsys, "replay", "--moves", str(path))
    assert code == 0
    assert "hand 1, East deals\n  bids: South 3\n" in out
    assert "  the bidding under way, West to act\n" in out


def test_moves_of_a_record_saved_before_the_first_card_say_so(capsys, tmp_path) -> None:
    game = Game("classic", seed=3)
    for _ in game.seats:
        game.apply(3)
    assert game.hand.turn is not None and not game.hand.trick
    path = tmp_path / "bids.json"
    record.save(game, path)
    code, out, _ = run(capsys, "replay", "--moves", str(path))
    assert code == 0
    bids = "  bids: South 3, West 3, North 3, East 3\n"
    assert f"{bids}  the play under way, {game.hand.turn.full} to lead\n\n" in out


def test_the_records_are_reached_from_the_package() -> None:
    """``import spadeslib`` gives ``spadeslib.record`` (imported on first
    use), as ``help(spadeslib)`` and ``__all__`` list it."""
    code = "import spadeslib; print(spadeslib.record.__name__, spadeslib.__all__)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.startswith("spadeslib.record ["), done.stderr
    assert "'record'" in done.stdout


@pytest.mark.parametrize(
    ("page", "heading"),
    [
        ("README.md", "### Use the library"),
        ("docs/developers.md", "## Using the library"),
    ],
)
def test_the_library_examples_run(
    page: str, heading: str, tmp_path: Path, monkeypatch, capsys
) -> None:
    section = (ROOT / page).read_text(encoding="utf-8").split(heading + "\n", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    monkeypatch.chdir(tmp_path)
    exec(code.group(1), {})
    if page == "README.md":
        printed = capsys.readouterr().out
        assert printed.startswith("spades-not-broken | East cannot lead the three")
        assert "[Card.parse('2H'), Card.parse('5H'), Card.parse('AH')]" in printed
        assert record.load(tmp_path / "game.json").hand.trick
