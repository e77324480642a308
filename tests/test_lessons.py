"""The lesson plans (docs/lessons.md) against the library and the README.

Every classroom link of the plans must open without a problem, and the fact
each lesson states about its deal must hold: :data:`CHECKS` maps each link's
query to a function that recomputes it, at a table built as the classroom
page builds it (``page_options`` then ``TableSession``, South, the page's
default bots). Each lesson's minutes must be the README's and add up to at
most the lesson's length.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

from spadeslib import Seat
from spadeslib.actions import LOOK, Bid
from spadeslib.cards import Card, Suit
from spadeslib.counting import quick_tricks
from spadeslib.phase import Phase
from spadeslib.rules import Rules
from spadeslib.table.classroom import page_options
from spadeslib.table.session import TableSession

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "docs" / "lessons.md"
README = ROOT / "README.md"
SOUTH, NORTH, EAST, WEST = Seat.SOUTH, Seat.NORTH, Seat.EAST, Seat.WEST

LINK = re.compile(r"`http://HOST:8866/\?([^`\s]+)`")


def text() -> str:
    return LESSONS.read_text(encoding="utf-8")


def lessons() -> list[tuple[str, int, str]]:
    """(title, length in minutes, body) of each lesson section."""
    parts = re.split(r"^## ", text(), flags=re.M)[1:]
    found = []
    for part in parts:
        title, _, body = part.partition("\n")
        length = re.search(r"\((\d+) minutes\)$", title)
        assert length, f"lesson {title!r} gives no length in minutes"
        found.append((title, int(length.group(1)), body))
    return found


def table(query: str) -> TableSession:
    """The classroom page's table for ``query``, as the page builds it."""
    options = page_options(query)
    assert options.problems == ()
    return TableSession(options.rules, **options.table_arguments())


def south_cards(t: TableSession) -> list[Card]:
    return list(t.game.hand.holding[SOUTH])


def bids_before_south(t: TableSession) -> dict[Seat, Bid]:
    """The bots' bids when the table first waits for South (who bids last)."""
    hand = t.game.hand
    assert hand.dealer == SOUTH and t.learner_to_move()
    assert hand.phase is Phase.BIDDING
    bids = {s: hand.bids[s] for s in (NORTH, EAST, WEST)}
    assert all(b is not None for b in bids.values()), bids
    return bids  # type: ignore[return-value]


def after_south_bids(query: str, bid: int | str) -> TableSession:
    t = table(query)
    if LOOK in t.game.hand.legal_actions():
        assert t.look(), t.notice
    assert t.bid(bid), t.notice
    return t


def spades(cards: list[Card]) -> list[Card]:
    return [c for c in cards if c.suit == Suit.SPADES]


def always_set(ns: int, ew: int) -> bool:
    """Every split of the 13 tricks leaves a side short of its contract."""
    return all(x < ns or 13 - x < ew for x in range(14))


def always_bagged(ns: int, ew: int, limit: int) -> bool:
    """Every split of the 13 tricks gives a side ``limit`` bags or more."""
    return all(max(x - ns, 13 - x - ew) >= limit for x in range(14))


def numbers(bids: dict[Seat, Bid]) -> dict[Seat, int]:
    assert not any(b.is_nil or b.is_blind for b in bids.values()), bids
    return {s: b.tricks for s, b in bids.items()}  # type: ignore[misc]


# ----------------------------------------------------------- the facts


def lesson_1(query: str) -> None:
    """East deals; South bids first and leads the first trick."""
    t = table(query)
    hand = t.game.hand
    assert hand.dealer == EAST and t.learner_to_move()
    assert not hand.bids
    for bid in (1, 4, 13):
        t = after_south_bids(query, bid)
        assert t.game.hand.phase is Phase.PLAYING and t.learner_to_move()
        assert not t.game.hand.trick


def lesson_2(query: str) -> None:
    """South deals (bids last), holds only the 6 of spades, nothing above a
    jack, a quick count of 0, and may bid Nil."""
    t = table(query)
    bids_before_south(t)
    cards = south_cards(t)
    assert spades(cards) == [Card.parse("6S")]
    assert max(c.rank for c in cards) == 11
    assert quick_tricks(cards) == 0
    assert Bid.NIL in t.game.hand.legal_actions()


def lesson_3(query: str) -> None:
    """East deals; South holds four spades and no club, leads the first
    trick and may not lead a spade."""
    t = table(query)
    assert t.game.hand.dealer == EAST
    cards = south_cards(t)
    assert len(spades(cards)) == 4 and Card.parse("QS") in cards
    assert not any(c.suit == Suit.CLUBS for c in cards)
    for bid in (1, 5):
        t = after_south_bids(query, bid)
        assert t.game.hand.phase is Phase.PLAYING and t.learner_to_move()
        legal = t.game.hand.legal_cards(SOUTH)
        assert legal and not spades(legal)


def lesson_4(query: str) -> None:
    """North 2, East 4, West 5; a quick count of 3; a bid of 3 or more sets
    a side whatever is played (and a bid of 2 does not have to)."""
    t = table(query)
    bids = numbers(bids_before_south(t))
    assert bids == {NORTH: 2, EAST: 4, WEST: 5}
    assert quick_tricks(south_cards(t)) == 3
    ew = bids[EAST] + bids[WEST]
    assert ew == 9
    for bid in range(3, 14):
        assert always_set(bids[NORTH] + bid, ew)
    assert not always_set(bids[NORTH] + 2, ew)


def lesson_5(query: str) -> None:
    """Three bags cost 100 in a 200-point game; North 1, East 3, West 2; a
    quick count of 6.5; a bid of 1 or 2 bags a side whatever is played."""
    t = table(query)
    rules = t.rules
    assert (rules.bag_limit, rules.bag_penalty, rules.target) == (3, 100, 200)
    bids = numbers(bids_before_south(t))
    assert bids == {NORTH: 1, EAST: 3, WEST: 2}
    assert quick_tricks(south_cards(t)) == 6.5
    ew = bids[EAST] + bids[WEST]
    for bid in (1, 2):
        assert bids[NORTH] + bid + ew <= 8
        assert always_bagged(bids[NORTH] + bid, ew, rules.bag_limit)
    assert not always_bagged(bids[NORTH] + 3, ew, rules.bag_limit)


def lesson_variants(query: str) -> None:
    """Mirror: South deals, holds no spade, may only bid Nil; the bids are
    the spades held and add up to 13."""
    t = table(query)
    assert Rules.parse(t.rules.full_spec).modifiers == ("mirror",)
    bids = bids_before_south(t)
    assert not spades(south_cards(t))
    assert t.game.hand.legal_actions() == [Bid.NIL]
    holding = t.game.hand.holding
    for seat, bid in bids.items():
        assert bid.tricks == len(spades(list(holding[seat])))
    assert sum(b.tricks or 0 for b in bids.values()) == 13


def lesson_6(query: str) -> None:
    """North 2, East 3, West 3; South's quick count is 4 (AD, AH, KH, KC, KS)."""
    t = table(query)
    assert numbers(bids_before_south(t)) == {NORTH: 2, EAST: 3, WEST: 3}
    cards = south_cards(t)
    assert quick_tricks(cards) == 4
    honours = {c for c in cards if c.rank >= 13}
    assert honours == set(Card.parse_many("AD AH KH KC KS"))


def lesson_7(query: str) -> None:
    """North (the partner) bids Nil before South; East 5, West 3."""
    t = table(query)
    bids = bids_before_south(t)
    assert bids[NORTH] == Bid.NIL
    assert numbers({EAST: bids[EAST], WEST: bids[WEST]}) == {EAST: 5, WEST: 3}


def lesson_8(query: str) -> None:
    """Expert opponents; North 1, East 5, West 3: 6 tricks set East-West."""
    t = table(query)
    assert t.levels == {NORTH: "rule", EAST: "expert", WEST: "expert"}
    bids = numbers(bids_before_south(t))
    assert bids == {NORTH: 1, EAST: 5, WEST: 3}
    ew = bids[EAST] + bids[WEST]
    assert 13 - 6 < ew <= 13 - 5  # taking 6 sets them, 5 does not


CHECKS: dict[str, Callable[[str], None]] = {
    "rules=cards4net&seed=2007": lesson_1,
    "rules=classic&seed=474": lesson_2,
    "rules=cards4net&seed=416": lesson_3,
    "rules=classic&seed=134": lesson_4,
    "rules=classic+bag_limit=3+target=200&seed=194": lesson_5,
    "rules=classic+mirror&seed=213": lesson_variants,
    "rules=cards4net&seed=951": lesson_6,
    "rules=classic&seed=119": lesson_7,
    "rules=cards4net&seed=2028&opponents=expert": lesson_8,
}


def test_the_page_default_bots_are_rule() -> None:
    """The plans say the page's bots are ``rule`` unless the link says so."""
    t = table("rules=classic&seed=474")
    assert set(t.levels.values()) == {"rule"} and "`rule` at every seat" in text()


def test_every_lesson_has_one_checked_link() -> None:
    links = [LINK.findall(body) for _, _, body in lessons()]
    assert all(len(found) == 1 for found in links), links
    assert [found[0] for found in links] == list(CHECKS)


@pytest.mark.parametrize("query", list(CHECKS))
def test_link_opens_without_problems(query: str) -> None:
    options = page_options(query)
    assert options.problems == ()
    assert options.seed is not None


@pytest.mark.parametrize("query", list(CHECKS))
def test_the_deal_shows_the_point(query: str) -> None:
    CHECKS[query](query)


# ----------------------------------------------------------- the handouts

COMMAND = re.compile(r"```bash\n(.*?)```", re.S)
ADDRESS = "192.0.2.7"  # what the teacher sets ADDRESS to


def handout_command(block: str) -> list[str]:
    """The command of a ```bash block, as the shell runs it: ``ADDRESS`` set,
    lines joined (the line that sets ADDRESS is left out)."""
    lines = [line for line in block.splitlines() if not line.startswith("ADDRESS=")]
    script = "\n".join(lines).replace("${ADDRESS}", ADDRESS)
    return shlex.split(script.replace("\\\n", " "))


def questions(body: str) -> list[str]:
    """A lesson's questions: the bullets of its last list, before the handout."""
    before = body.split("The handout (")[0].rstrip()
    bullets = before.split("\n\n")[-1]
    return [" ".join(q.split()) for q in re.split(r"(?m)^- ", bullets) if q.strip()]


@pytest.mark.parametrize("title,body", [(t, b) for t, _, b in lessons()])
def test_each_lesson_has_a_handout_command_to_paste(
    title: str, body: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command prints the lesson's link and its questions, as they are
    written above it, and runs as pasted."""
    from spadeslib.cli import main

    (block,) = COMMAND.findall(body)
    # nothing else the shell would expand inside the double quotes
    assert not set(block.replace("${ADDRESS}", "")) & set("$`!")
    argv = handout_command(block)
    assert argv[:2] == [".venv/bin/spades", "handout"], argv
    link, rest = argv[2], argv[3:]
    (query,) = LINK.findall(body)
    assert link == f"http://{ADDRESS}:8866/?{query}"
    asked = [rest[i + 1] for i, word in enumerate(rest) if word == "--question"]
    assert asked == questions(body) and len(asked) >= 2
    out = tmp_path / rest[rest.index("--out") + 1]
    monkeypatch.chdir(tmp_path)  # where the pasted command writes
    assert main(["handout", link, *rest]) == 0
    page = out.read_text(encoding="utf-8")
    assert ADDRESS in page and all(q.split()[0] in page for q in asked)


def test_the_first_lessons_command_is_the_one_before_the_first_lesson() -> None:
    before = text().split("### Before the first lesson")[1].split("\n## ")[0]
    (block,) = COMMAND.findall(before.replace("\n  ", "\n"))
    assert block.startswith("ADDRESS=")
    first = lessons()[0][2]
    assert handout_command(block) == handout_command(COMMAND.findall(first)[0])


# ----------------------------------------------------------- the minutes


def readme_minutes() -> dict[int, tuple[int, int]]:
    """Chapter number -> (chapter, exercises) minutes, from the README."""
    rows = re.findall(
        r"\[(\d+) [^\]]+\]\(notebooks/\d\d_\w+\.ipynb\).*?\| (\d+) min \| (\d+) min \|",
        README.read_text(encoding="utf-8"),
    )
    return {int(n): (int(c), int(e)) for n, c, e in rows}


def test_readme_table_is_read() -> None:
    assert sorted(readme_minutes()) == list(range(1, 12))


def _hours(minutes: int) -> str:
    return f"{minutes // 60} h {minutes % 60} min"


def test_readme_totals_add_up_its_table() -> None:
    """The totals above the README's path table, and the core's time in its
    "New here?" box, are the sums of the table's minutes."""
    minutes = readme_minutes()
    every = list(minutes.values())
    core = [minutes[n] for n in range(1, 8)]
    text = README.read_text(encoding="utf-8")
    path = " ".join(text.split("## The path", 1)[1].split("\n|", 1)[0].split())
    assert (
        f"about {_hours(sum(c for c, _ in every))} of chapters and "
        f"{_hours(sum(e for _, e in every))} of exercises in all, "
        f"{_hours(sum(c for c, _ in core))} and {_hours(sum(e for _, e in core))} "
        "for the core (chapters 1 to 7)"
    ) in path
    box = text.split("> **New here?**", 1)[1].split("\n\n", 1)[0]
    box = " ".join(box.replace("\n>", " ").split())
    assert (
        f"chapters 1 to 7, takes about {_hours(sum(c for c, _ in core))}, "
        f"and its exercises {_hours(sum(e for _, e in core))}"
    ) in box


ITEM = re.compile(r"^- \*\*(Chapter|Exercises) (\d+)\*\*.*: (\d+) min$", re.M)
PLAY = re.compile(r"^- \*\*Play\*\*: (\d+) min$", re.M)
HOMEWORK = re.compile(r"exercises (\d+) \((\d+) min")


@pytest.mark.parametrize("title", [title for title, _, _ in lessons()])
def test_minutes_are_the_readmes_and_fit(title: str) -> None:
    readme = readme_minutes()
    length, body = next((n, b) for t, n, b in lessons() if t == title)
    assert length in (45, 60)
    total = 0
    for kind, chapter, minutes in ITEM.findall(body):
        expected = readme[int(chapter)][0 if kind == "Chapter" else 1]
        assert int(minutes) == expected, (kind, chapter)
        total += int(minutes)
    plays = [int(m) for m in PLAY.findall(body)]
    assert len(plays) == 1 and 10 <= plays[0] <= 15
    assert total + plays[0] <= length
    for line in re.findall(r"^- Homework: .*$", body, flags=re.M):
        for chapter, minutes in HOMEWORK.findall(line):
            assert int(minutes) == readme[int(chapter)][1], line


def test_every_chapter_and_exercise_set_is_placed() -> None:
    done = set()
    for _, _, body in lessons():
        done |= {(k, int(n)) for k, n, _ in ITEM.findall(body)}
        for line in re.findall(r"^- Homework: .*$", body, flags=re.M):
            done |= {("Exercises", int(n)) for n, _ in HOMEWORK.findall(line)}
    chapters = range(1, 12)
    assert {("Chapter", n) for n in chapters} <= done
    assert {("Exercises", n) for n in chapters} <= done


def test_local_links_resolve() -> None:
    for link in re.findall(r"\]\(([^)#:]+)(?:#([\w-]+))?\)", text()):
        path, anchor = LESSONS.parent / link[0], link[1]
        assert path.exists(), link
        if anchor:
            headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M)
            slugs = {
                re.sub(r"[^\w -]", "", h).lower().replace(" ", "-") for h in headings
            }
            assert anchor in slugs, link
