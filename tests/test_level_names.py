"""Level and objective names are read alike everywhere (``name_key``); the
table's coach refuses a level it does not know instead of coaching at
another; a bot of your own is imported when it is made (never by reading
its name), with the current folder searched for that import only; and the
table says it offers the built-in levels only."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from spadeslib import SpadesError
from spadeslib.analysis import Solver, solve
from spadeslib.analysis.bench import random_position
from spadeslib.bots import level_options, make_bot, parse_level
from spadeslib.coach import Coach
from spadeslib.names import name_key
from spadeslib.table.advisor import Advisor
from spadeslib.table.options import check_level
from spadeslib.table.session import TableSession


# ------------------------------------------------------------ one reading
@pytest.mark.parametrize("text", ["search-lite", "Search_Lite", " SEARCH-lite "])
def test_bot_and_coach_levels_read_alike(text: str) -> None:
    assert name_key(text) == "search-lite"
    assert parse_level(text) == ("search-lite", {})
    assert parse_level(text + ":4") == ("search-lite", {"samples": 4})
    assert make_bot(text).name == "search-lite"
    assert Coach(text).level == "search-lite"
    assert check_level(text) == "search-lite"  # the table keeps it so too
    assert check_level(text + ":4") == "search-lite:4"


def test_solver_objectives_read_alike() -> None:
    hand = random_position(1, 2)
    for text, objective in (
        ("Tricks", "tricks"),
        ("bag_adjusted", "bag-adjusted"),
        (" Bag-Adjusted ", "bag-adjusted"),
        ("bags", "bag-adjusted"),
    ):
        assert Solver(hand, text).objective == objective
    assert solve(hand, "POINTS").objective == "points"
    with pytest.raises(SpadesError, match=r"unknown objective 'score': choose one"):
        Solver(hand, "score")
    with pytest.raises(SpadesError, match="unknown objective"):
        Solver(hand, 3)  # type: ignore[arg-type]
    for empty in ("", " "):  # not the default ("points"): refused like a typo
        with pytest.raises(SpadesError, match=r"unknown objective '\s*': choose"):
            solve(hand, empty)
        with pytest.raises(SpadesError, match="unknown objective"):
            Solver(hand, empty)
    assert solve(hand).objective == "points"  # left out, it is the default


# ------------------------------------------------------ the table's coach
@pytest.mark.parametrize(
    "level, words",
    [
        ("serach", "unknown coach level 'serach': choose from novice, rule, "),
        ("random", "unknown coach level 'random': choose from"),
        ("search:16", "takes a level without a budget"),
        (3, "a coach level is a name"),
    ],
)
def test_the_table_refuses_a_coach_level_it_does_not_know(
    level: object, words: str
) -> None:
    with pytest.raises(SpadesError) as error:
        TableSession("classic", seed=1, coach=level)  # type: ignore[arg-type]
    assert words in str(error.value) and "\n" not in str(error.value)
    with pytest.raises(SpadesError, match="coach level"):
        Advisor(level)  # type: ignore[arg-type]


def test_the_table_keeps_the_coach_level_it_uses() -> None:
    session = TableSession("classic", seed=2, coach=" Search_Lite ")
    assert session.coach_level == session.advisor.level == "search-lite"
    assert TableSession("classic", seed=2).coach_level == "rule"  # the default
    rng = random.Random(1)
    for _ in range(6):
        assert session.act(rng.choice(session.view.legal)), session.notice
    token = session.resume_token()
    other = TableSession("classic", seed=3, coach="Search")
    assert other.resume(token)
    assert other.coach_level == other.advisor.level == "search"  # its own coach
    assert other.from_json(session.to_json())
    assert other.advisor.level == "search"
    assert other.new_game()
    assert other.coach_level == other.advisor.level == "search"


def test_a_resumed_table_keeps_levels_as_its_menu_names_them() -> None:
    """A token whose levels were typed ``"Search"`` (kept so by an earlier
    version) came back as ``"Search"``, a name the level menu does not hold."""
    session = TableSession(seed=4, opponents="search")
    token = session.resume_token()
    assert token is not None
    token["levels"] = {
        seat: ("Search" if level == "search" else level)
        for seat, level in token["levels"].items()
    }
    other = TableSession(seed=5)
    assert other.resume(token), other.notice
    assert "Search" not in other.levels.values()
    assert "search" in other.levels.values()


# ------------------------------------------------------- a bot of your own
BOT = """
import builtins
builtins.LEVELS_FIX_IMPORTS = getattr(builtins, "LEVELS_FIX_IMPORTS", 0) + 1
from spadeslib.bots import RandomBot


class Mine(RandomBot):
    pass
"""


def test_a_bot_of_your_own_is_imported_when_made_and_leaves_sys_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import builtins

    (tmp_path / "levels_fix_bot.py").write_text(BOT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    # as the `spades` command: the current folder is not searched
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".")])
    monkeypatch.delitem(sys.modules, "levels_fix_bot", raising=False)
    monkeypatch.setattr(builtins, "LEVELS_FIX_IMPORTS", 0, raising=False)
    before = list(sys.path)
    assert parse_level("levels_fix_bot.Mine:2") == (
        "levels_fix_bot.Mine",
        {"samples": 2},
    )
    assert "levels_fix_bot" not in sys.modules
    assert builtins.LEVELS_FIX_IMPORTS == 0  # type: ignore[attr-defined]
    bot = make_bot("levels_fix_bot.Mine", seed=1)
    assert type(bot).__name__ == "Mine"
    assert level_options("levels_fix_bot.Mine") == ()
    assert builtins.LEVELS_FIX_IMPORTS == 1  # type: ignore[attr-defined]
    assert sys.path == before  # the folder was searched for the import only
    monkeypatch.delitem(sys.modules, "levels_fix_bot")
    with pytest.raises(SpadesError, match="cannot import 'no_such_levels_mod'"):
        make_bot("no_such_levels_mod.Bot")
    assert sys.path == before
    monkeypatch.delitem(sys.modules, "levels_fix_bot", raising=False)


def test_the_table_says_it_offers_the_built_in_levels() -> None:
    with pytest.raises(SpadesError) as error:
        TableSession("classic", seed=1, opponents="mybot.CountBot")
    words = str(error.value)
    assert words.startswith("unknown bot level 'mybot.CountBot': the table offers")
    assert "novice, rule, search-lite, search, expert" in words
    assert "spades match" in words and "make_bot" in words
    session = TableSession("classic", seed=1)
    assert session.set_levels(opponents="os.system") is False
    assert session.notice is not None and "the table offers" in session.notice


def test_table_keeps_a_level_as_its_menu_names_it() -> None:
    """``opponents="Search"`` was accepted but kept as typed, a name the
    level menu does not hold."""
    session = TableSession(seed=3, opponents="Search", partner=" RULE ")
    assert set(session.levels.values()) == {"search", "rule"}
