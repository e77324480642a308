"""The classroom page: the link's options, the offline Voila configuration,
and (with a real Voila on localhost) visitors that never share a game or
reach the server's disk, even when they bypass the page's JavaScript.

The last tests start the classroom page as ``make voila`` does and talk to
its kernels the way the page's JavaScript does (``tests/loadtest.py``'s
``TableClient``), so they are marked ``browser`` with the other tests that
need a server.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    VOILA_DIR,
    files_under,
    prepare_notebooks,
    served_port,
    serving,
    start_voila,
    wait_pool,
)
from loadtest import TableClient, crowd

from spadeslib import Rules
from spadeslib.table.classroom import MAX_SEED, how_to, page_options
from spadeslib.table.progress import read_class

PAGE = "table.ipynb"


# ------------------------------------------------------------ the link
def test_options_from_a_teachers_link() -> None:
    options = page_options("rules=classic+mirror&seed=2024&opponents=search")
    assert (options.rules, options.seed, options.opponents) == (
        "classic+mirror",
        2024,
        "search",
    )
    assert options.problems == ()
    assert options.table_arguments() == {"seed": 2024, "opponents": "search"}


@pytest.mark.parametrize(
    ("query", "rules"),
    [
        ("rules=classic mirror", "classic+mirror"),  # + decoded to a space
        ("rules=classic%2Bmirror", "classic+mirror"),
        ("rules=yppedia,whiz", "yppedia+whiz"),
        ("rules=classic&rules=classic", "classic"),  # the same twice: no problem
        ("", "cards4net"),
    ],
)
def test_rules_spellings(query: str, rules: str) -> None:
    assert page_options(query).rules == rules
    assert page_options(query).problems == ()


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("rules=two-player+jokers", "jokers cannot be combined with two-player"),
        ("rules=", "empty rules"),
        ("seed=-3", "not a whole number"),
        (f"seed={MAX_SEED + 1}", "not a whole number"),
        ("seed=", "not a whole number"),
        ("partner=expert9", "not a bot level"),
        ("file=/etc/passwd", "not an option of this page"),
    ],
)
def test_bad_links_are_explained_and_ignored(query: str, says: str) -> None:
    options = page_options(query)
    assert len(options.problems) == 1 and says in options.problems[0]
    assert options.problems[0].startswith(f"The link's {query.split('=')[0]}=")
    assert (options.rules, options.seed, options.partner) == ("cards4net", None, None)


@pytest.mark.parametrize(
    "query",
    ["rules=two-player&partner=expert", "partner=expert&rules=two-player&seed=3"],
)
def test_a_partner_in_a_two_player_game_is_explained_and_ignored(query: str) -> None:
    options = page_options(query)
    assert options.rules == "two-player" and options.partner is None
    assert len(options.problems) == 1
    assert options.problems[0].startswith("The link's partner=expert ")
    assert "no partner" in options.problems[0]
    assert "partner" not in options.table_arguments()


def test_a_partner_in_a_four_player_game_is_kept() -> None:
    options = page_options("rules=classic&partner=expert")
    assert options.partner == "expert" and options.problems == ()


def test_a_link_without_a_seed_gives_every_student_a_new_deal() -> None:
    from spadeslib.table import TableSession

    options = page_options("")
    seeds = {
        TableSession(options.rules, **options.table_arguments()).seed for _ in range(6)
    }
    assert len(seeds) > 1  # every student got seed 359330


def test_a_link_starts_every_student_from_the_same_score() -> None:
    """The end of a game for the whole class: ``scores`` and ``bags`` in
    the link, as ``spades play --scores`` writes them (``:`` for ``=`` too,
    sides in any case)."""
    from spadeslib.table import TableSession

    options = page_options("rules=classic&seed=3&scores=ns:440,ew:470&bags=NS=8")
    assert options.problems == ()
    assert options.table_arguments() == {
        "seed": 3,
        "scores": {"NS": 440, "EW": 470},
        "bags": {"NS": 8},
    }
    table = TableSession(options.rules, **options.table_arguments())
    assert table.game.scores == {"NS": 440, "EW": 470}
    assert table.game.bags == {"NS": 8, "EW": 0}
    start = "Starting from North-South (you) 440 (8 bags), East-West 470."
    assert start in table.log[0]


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("scores=NS440", "is not each side's number, such as scores=NS=440,EW=470"),
        ("bags=NS=eight", "is not each side's number, such as bags=NS=8; every side"),
        ("scores=NS=510", "a game cannot start with NS at 510: the target"),
        ("bags=EW=10", "a game cannot start with EW carrying 10 bags"),
        ("scores=N=400", "'N' is not a side of a 4-player game"),
    ],
)
def test_a_start_the_rules_refuse_is_explained_and_left_out(
    query: str, says: str
) -> None:
    options = page_options("rules=classic&" + query)
    assert len(options.problems) == 1 and says in options.problems[0]
    assert options.problems[0].startswith(f"The link's {query}")
    assert options.problems[0].endswith(("from 0 points.", "no bags."))
    assert options.scores is None and options.bags is None
    assert page_options("rules=two-player&scores=N=400").scores == {"N": 400}


def test_a_key_given_twice_is_told_and_the_last_counts() -> None:
    """``scores=NS=440&scores=EW=470`` reads as one start of 440 to 470 to a
    teacher, but a query string keeps the last value: the page says so. A
    key repeated with the same value changes nothing and says nothing."""
    options = page_options("rules=classic&scores=NS=440&seed=3&scores=EW=470")
    assert options.scores == {"EW": 470}
    assert options.problems == (
        "The link gives scores 2 times (scores=NS=440, scores=EW=470); only "
        "the last counts.",
    )
    assert page_options("seed=3&seed=3").problems == ()
    assert "gives seed 2 times" in page_options("seed=3&seed=4").problems[0]


# ------------------------------------------------------ the Voila config
def test_voila_config_loads_only_installed_extensions() -> None:
    """The page loads Voila's own widget manager and anywidget's front end,
    nothing else: an allow-list naming an extension that is not installed
    (or leaving out the widget manager) leaves the table undrawn."""
    import voila

    config = json.loads((VOILA_DIR / "voila.json").read_text())["VoilaConfiguration"]
    allowed = config["extension_allowlist"]
    installed = {
        json.loads(p.read_text())["name"]
        for root in (
            Path(voila.__file__).parent / "labextensions",
            Path(voila.__file__).parents[4] / "share/jupyter/labextensions",
        )
        for p in root.glob("**/package.json")
        if "node_modules" not in p.parts
    }
    assert "@voila-dashboards/widgets-manager8" in allowed and "anywidget" in allowed
    assert set(allowed) <= installed, set(allowed) - installed
    assert config["template"] == "spades" and config["preheat_kernel"] is True


def test_template_names_no_address_off_the_server() -> None:
    template = VOILA_DIR / "voila" / "templates" / "spades"
    for path in template.rglob("*"):
        if path.is_file():
            text = path.read_text()
            assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text), path


# ------------------------------------------------- visitors on one server
@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("classroom")
    folder = prepare_notebooks(tmp, [PAGE])
    # the class folder (make voila VOILA_CLASS=...) lies outside the root, where
    # no visitor may write
    class_dir = tmp_path_factory.mktemp("class")
    server, port = start_voila(
        folder / PAGE, tmp / "home", pool_size=3, class_dir=class_dir
    )
    with serving(server):
        port = served_port(server)
        wait_pool(server)
        yield {"url": f"http://127.0.0.1:{port}/", "root": tmp, "class": class_dir}


@pytest.mark.browser
def test_visitors_get_their_own_tables(page: dict[str, Any]) -> None:
    visits = asyncio.run(crowd(page["url"], [11, 12, 13], timeout=120))
    assert [v.error for v in visits] == ["", "", ""]
    assert len({v.kernel for v in visits}) == 3, "two visitors share a kernel"
    # served with a class folder (make voila VOILA_CLASS=...), a table opened
    # and left adds no line to the teacher's view
    assert not {11, 12, 13} & {row.seed for row in read_class(page["class"])}


@pytest.mark.browser
def test_a_student_who_plays_appears_in_the_teachers_view(
    page: dict[str, Any],
) -> None:
    async def bid() -> None:
        client = TableClient(page["url"], timeout=120)
        await client.open("rules=classic&seed=21")
        await client.send(
            {"type": "speed", "speed": "fast"},
            until=lambda state: state["table"]["to_move"] == "you",
        )
        await client.send(
            {"type": "act", "action": "3"},
            until=lambda state: state["table"]["to_move"] != "you",
        )
        client.close()

    asyncio.run(bid())
    # the kernel writes the line when it has taken the bid; the page may hear
    # of the bid a moment before that
    deadline = time.monotonic() + 30
    while not (rows := [r for r in read_class(page["class"]) if r.seed == 21]):
        assert time.monotonic() < deadline, "no line for the student who bid"
        time.sleep(0.2)
    (row,) = rows
    assert (row.rules, row.game, row.name) == ("Classic", 1, "")
    assert row.decisions >= 1


@pytest.mark.browser
def test_a_visitor_bypassing_the_page_cannot_reach_the_disk(
    page: dict[str, Any],
) -> None:
    """Messages the page's JavaScript would never send, straight to the
    kernel: a 10 MB upload, a malformed one named like a server path, a
    save with a path, a seed that is a path. Each is refused or harmless;
    no file appears anywhere under the server's folder."""
    before = files_under(page["root"])

    async def attack() -> list[str]:
        client = TableClient(page["url"], timeout=120)
        await client.open("rules=classic&seed=5")
        await client.send(
            {"type": "speed", "speed": "step"},
            until=lambda state: state["options"]["speed"] == "step",
        )
        start = client.state["hand"]
        notices = []
        for message in (
            {"type": "upload", "name": "../../big.json", "text": "x" * 10_000_000},
            {"type": "upload", "name": "/etc/passwd", "text": '{"hands": [1]'},
            {"type": "upload", "name": "a", "text": {"not": "text"}},
            {"type": "save", "path": "../outside.json"},
            {"type": "card", "card": "../../etc/passwd"},
            {"type": "nonsense"},
        ):
            said = client.state["notice"]
            quiet = message["type"] == "save"
            state = await client.send(
                message, until=lambda s, said=said, q=quiet: q or s["notice"] != said
            )
            notices.append(state["notice"] or "")
        assert client.state["hand"] == start, "an attack changed the hand"
        client.close()
        return notices

    notices = asyncio.run(attack())
    assert "big.json" in notices[0] and "passwd" in notices[1], notices
    assert all("root:" not in n for n in notices), notices
    # the kernels keep their IPython history under the server's home on their
    # own schedule (a transient "-journal" file while sqlite writes): not a
    # visitor's file
    assert kernel_free(files_under(page["root"])) == kernel_free(before), (
        "a visitor wrote a file"
    )


def kernel_free(paths: set[str]) -> set[str]:
    """``paths`` without the IPython history files the kernels write."""
    return {p for p in paths if "/profile_default/history.sqlite" not in p}


@pytest.mark.parametrize("spec", ["cards4net", "classic+jokers", "two-player+mirror"])
def test_the_how_to_is_written_for_the_rules_in_the_link(spec: str) -> None:
    """The page's how-to said "you may not lead a spade until spades are
    broken" and "your partner sits North" under every rule set."""

    rules = Rules.parse(spec)
    text = how_to(spec)
    assert ("until spades are broken" in text) == rules.must_break_spades
    assert ("The dealer leads" in text) == rules.dealer_leads
    assert ("your partner" in text) == (rules.players == 4)
    assert ("Nil bets" in text) == rules.nil
    assert rules.trump_order[0].symbol in text or "A♠ highest" in text
