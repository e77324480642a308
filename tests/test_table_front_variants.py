"""The table's front end for the variants, as a reviewer who played each one
in Chromium found it: after a classic (or YPPedia) Blind Nil exchange
nothing showed which two cards came from the partner; the Big and the
Little Joker had the same corner ("J ★", read as a jack) and "LITTLE JOKER"
ran into the turned corner's star; the score sheet, a few hands in, scrolled
its title (the toggle) and hand 1 out of sight.

Checked here, in headless Chromium (``front_support.open_table``): the
received cards are marked in the hand (an outline, a badge, their names),
the passed ones where the partner plays them (the trick, the tricks viewer),
and the bids panel names both; the marks read on the felt in a dark theme;
the jokers' corners differ and their words stay clear of the corners; the
sheet's title and headings stay in view over its newest rows.

A two-player learner sees, under the bids, the cards it saw go to the
discard pile (``known_discards`` of its view): out of play for the hand.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from front_support import contrast, copy_state, open_table, push, tid

from spadeslib.table.app import SpadesTable
from spadeslib.table.state import display_order

pytestmark = pytest.mark.browser

# classic, seed 1: three hands played (South's side 210 behind), West deals
# the fourth and North has bid Blind Nil: South may bid it too. Each hand:
# its dealer, its bids, who looked first (a blind bid was open), the cards
# of N, E, S and W, and the plays
_HANDS: list[tuple[str, list[Any], list[str], list[str], str]] = [
    (
        "N",
        [7, 3, 2, 1],
        [],
        [
            "7C 8C JC QC KC 2D KD 7H 8H 9H JH QH 10S",
            "3C 5C 7D 3H 4H KH 3S 4S 5S 7S 9S QS KS",
            "2C AC 3D 4D 5D 9D 10D AD 2H 5H AH 2S 6S",
            "4C 6C 9C 10C 6D 8D JD QD 6H 10H 8S JS AS",
        ],
        (
            "7D 10D QD KD 2D 3S 3D 6D 3C AC 4C 7C 4D 8D 10S QS "
            "5C 2C 6C 8C KC 4S 6S 9C 2H 6H QH KH 3H AH 10H 7H "
            "9D JD 8H 4H AS 9H 5S 2S 10C JC KS AD 7S 5D 8S JH "
            "JS QC 9S 5H"
        ),
    ),
    (
        "E",
        [7, 3, 1, 3],
        ["W", "E"],
        [
            "3C 10C JC 3D 7D 10D JD QD KD 9H 2S 7S JS",
            "4C 7C 2D 5D 3H 6H 7H 10H AH 5S 6S 9S QS",
            "2C 5C QC AC 4D 6D 8H QH KH 3S 4S 8S KS",
            "6C 8C 9C KC 8D 9D AD 2H 4H 5H JH 10S AS",
        ],
        (
            "2C 6C JC 4C 9H AH KH 2H 7C QC KC 3C AD 3D 2D 6D "
            "8D 10D 5D 4D 10C 5S 5C 8C 3H QH 4H 7D AC 9C JD 6S "
            "9S 3S AS 2S 9D QD QS 8H 6H KS 5H KD 4S 10S JS 7H "
            "7S 10H 8S JH"
        ),
    ),
    (
        "S",
        [5, 2, 2, 11],
        [],
        [
            "3C 10C QC AC 2D 6D 8D 9D KD 3H 8H 4S 5S",
            "6C 8C JC 3D 4D QD 6H 7H KH 2S 3S 6S 7S",
            "4C 5C 5D JD 2H 4H 5H 10H JH 8S 9S 10S QS",
            "2C 7C 9C KC 7D 10D AD 9H QH AH JS KS AS",
        ],
        (
            "AD 2D 3D 5D AH 3H 6H 10H 7D KD 4D JD AC 6C 4C 2C "
            "8H KH JH 9H QD QS 10D 6D 8S JS 4S 2S KC 3C 8C 5C "
            "QH 5S 7H 4H QC JC 5H 7C 10C 3S 10S 9C 2H KS 8D 6S "
            "AS 9D 7S 9S"
        ),
    ),
    (
        "W",
        ["blind_nil", 2],
        [],
        [
            "2C 4C 8C AC 8D 10D 7H JH KH 2S 5S JS AS",
            "3C 6C 9C 5D 6D 7D QD 2H 5H 10H AH 6S KS",
            "10C QC KC 9D KD AD 4H 6H 8H 9H 3S 9S QS",
            "5C 7C JC 2D 3D 4D JD 3H QH 4S 7S 8S 10S",
        ],
        "",
    ),
]


def _record() -> str:
    hands = []
    for dealer, bids, looked, deal, plays in _HANDS:
        hand: dict[str, Any] = {
            "dealer": dealer,
            "deal": dict(zip("NESW", deal, strict=True)),
            "bids": bids,
            "plays": plays.split(),
        }
        if looked:
            hand["looked"] = looked
        hands.append(hand)
    players = {"N": "rule", "E": "rule", "S": "you", "W": "rule"}
    return json.dumps(
        {
            "format": "spadeslib-record/1",
            "rules": "classic",
            "seed": 1,
            "players": players,
            "hands": hands,
        }
    )


def _exchange_table() -> SpadesTable:
    """South bids Blind Nil too, passes Q♠ 9♠ to North and receives A♠ J♠;
    then it is South's turn to follow clubs."""
    table = SpadesTable("classic", seed=1, speed="instant")
    assert table.from_json(_record())
    table.bid("blind nil")
    assert table.state["hand"]["choose"]["verb"] == "pass"
    table.exchange(["QS", "9S"])
    return table


@pytest.fixture(scope="module")
def exchanged() -> dict[str, Any]:
    state = _exchange_table().state
    assert {c["code"] for c in state["hand"]["received"]} == {"AS", "JS"}
    assert {c["code"] for c in state["hand"]["passed"]} == {"QS", "9S"}
    return state


MARK_JS = """(code) => {
  const b = document.querySelector(`[data-testid="card-${code}"]`);
  const badge = b.querySelector('.spt-swap-badge');
  const r = badge && badge.getBoundingClientRect();
  const seen = r && badge === document.elementFromPoint(
      r.left + 3, r.top + r.height / 2);
  return {cls: b.className, label: b.getAttribute('aria-label'),
          outline: getComputedStyle(b.querySelector('.spt-face')).outlineStyle,
          badge: badge ? badge.textContent : null, seen: !!seen,
          hidden: badge ? badge.getAttribute('aria-hidden') : null};
}"""


def test_the_cards_received_from_the_partner_are_marked(
    browser: Any, exchanged: dict[str, Any]
) -> None:
    page = open_table(browser, exchanged)
    for code in ("AS", "JS"):
        got = page.evaluate(MARK_JS, code)
        assert "spt-received" in got["cls"], got
        assert "received from your partner" in got["label"], got
        assert got["outline"] == "dashed", got
        # a badge the eye sees (the next card does not cover it), which a
        # screen reader skips: the card's name says it
        assert got["badge"] and got["seen"] and got["hidden"] == "true", (code, got)
    for card in exchanged["hand"]["cards"]:
        if card["code"] in ("AS", "JS"):
            continue
        got = page.evaluate(MARK_JS, card["code"])
        assert "received" not in got["label"] and got["badge"] is None, got
    # the bids panel says which cards went each way, for the whole hand
    words = tid(page, "exchange").inner_text()
    assert "North (partner)" in words, words
    assert "passed 9♠ Q♠" in words and "received J♠ A♠" in words, words
    # a bot moves: the marks stay
    later = copy_state(exchanged)
    later["prompt"] = "West is to play."
    push(page, later)
    assert "spt-received" in page.evaluate(MARK_JS, "AS")["cls"]
    assert not page.errors, page.errors
    page.close()


VIEWER_JS = """() => [...document.querySelectorAll('.spt-mini')].map(
    (m) => [m.getAttribute('aria-label'), m.className])"""


def test_a_passed_card_is_marked_where_the_partner_plays_it(browser: Any) -> None:
    """South plays its first legal card until North plays a card South passed
    it (trick 7: South leads the A♠ it received, North drops the Q♠): both
    are marked in the tricks viewer, and in the trick while it lies there."""
    table = _exchange_table()
    while table.state["hand"]["playable"]:
        s = table.state
        table.play(next(c["code"] for c in s["hand"]["cards"] if c["legal"]))
        last = table.state["trick"]["done"][-1]["plays"]
        if any(p["seat"] == "N" and p["card"]["code"] in ("QS", "9S") for p in last):
            break
    state = table.state
    page = open_table(browser, state)
    minis = page.evaluate(VIEWER_JS)
    marks = {m[1].split()[-1]: m[0] for m in minis if m[1].endswith("ed")}
    assert "queen of spades, passed by you to your partner" in marks["spt-passed"]
    assert "ace of spades, received from your partner" in marks["spt-received"]
    labels = [m[0] for m in minis]
    assert sum("partner" in x.split(":")[1] for x in labels) == 2, labels
    # the same trick, still on the table
    shown = copy_state(state)
    shown["trick"]["current"] = state["trick"]["done"][-1]["plays"]
    push(page, shown)
    north, south = tid(page, "trick-card-N"), tid(page, "trick-card-S")
    assert "passed by you to your partner" in north.get_attribute("aria-label")
    assert "spt-passed" in north.get_attribute("class")
    assert "received from your partner" in south.get_attribute("aria-label")
    for seat in "EW":
        assert "partner" not in tid(page, f"trick-card-{seat}").get_attribute(
            "aria-label"
        )
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize("dark", [False, True])
def test_the_exchange_marks_read_on_the_felt(
    browser: Any, exchanged: dict[str, Any], dark: bool
) -> None:
    page = open_table(browser, exchanged)
    if dark:
        page.evaluate(
            "() => { document.body.dataset.jpThemeLight = 'false';"
            " document.body.style.background = '#111111';"
            " document.body.style.color = '#dedede'; }"
        )
    got = page.evaluate(
        """() => {
        const b = document.querySelector('[data-testid="card-AS"]');
        const badge = b.querySelector('.spt-swap-badge');
        const css = (sel) => getComputedStyle(document.querySelector(sel));
        const s = getComputedStyle(badge);
        return {text: s.color, bg: s.backgroundColor,
                felt: css('.spt-felt').backgroundColor,
                outline: getComputedStyle(b.querySelector('.spt-face')).outlineColor,
                swap: css('.spt-swap').color, swapBg: css('.spt').backgroundColor};
    }"""
    )
    assert contrast(got["text"], got["bg"]) >= 4.5, got
    assert contrast(got["outline"], got["felt"]) >= 3, got
    assert contrast(got["swap"], got["swapBg"]) >= 4.5, got
    page.close()


def _joker_state() -> dict[str, Any]:
    table = SpadesTable("cards4net", modifiers=["jokers"], seed=77, speed="instant")
    if table.state["hand"]["hidden"]:
        table.look()
    state = copy_state(table.state)
    cards = state["hand"]["cards"]
    little = next(c for c in cards if c["code"] == "LJ")
    big = {
        **little,
        "code": "BJ",
        "rank": "BJ",
        "name": "big joker",
        "symbol": "Big Joker",
    }
    state["hand"]["cards"] = [big, *cards[:-1]]
    return state


JOKER_JS = """(code) => {
  const svg = document.querySelector(`[data-testid="card-${code}"] svg`);
  const box = (el) => { const r = el.getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom]; };
  const index = [...svg.querySelectorAll('.spt-index > *')];
  const corners = [...svg.querySelectorAll('.spt-index text')];
  const art = [...svg.querySelectorAll('.spt-art text')];
  const word = art[art.length - 1];
  return {corner: corners[0].textContent, star: corners[1].textContent,
          starSize: corners[1].getBoundingClientRect().height,
          word: word.textContent, wordBox: box(word),
          cornerBoxes: corners.map(box), card: box(svg)};
}"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("large", [False, True])
def test_the_jokers_corners_differ_and_their_words_fit(
    browser: Any, large: bool
) -> None:
    state = _joker_state()
    state["prefs"]["large_print"] = large
    page = open_table(browser, state)
    big = page.evaluate(JOKER_JS, "BJ")
    little = page.evaluate(JOKER_JS, "LJ")
    # the corner, all a tight fan shows: not a jack's "J", and not the same
    assert big["corner"] != little["corner"], (big, little)
    assert big["corner"] != "J" and little["corner"] != "J"
    assert big["starSize"] > little["starSize"] * 1.3, (big, little)
    for joker in (big, little):
        assert "JOKER" in joker["word"], joker
        card = joker["card"]
        w = joker["wordBox"]
        assert card[0] <= w[0] and w[2] <= card[2] and w[3] <= card[3], joker
        for corner in joker["cornerBoxes"]:
            assert not _overlap(w, corner), ("the word runs into a corner", joker)
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize("large", [False, True])
def test_the_score_sheet_keeps_its_title_over_its_newest_rows(
    browser: Any, states: Any, large: bool
) -> None:
    """Seven hands in: the sheet shows its newest rows and the totals, under
    its title (the toggle) and its column headings, which no row covers."""
    state = copy_state(states["reviewed"])
    row = state["sheet"]["rows"][0]
    state["sheet"]["rows"] = []
    page = open_table(browser, state)
    state["sheet"]["rows"] = [dict(row, hand=n) for n in range(1, 8)]
    state["prefs"]["large_print"] = large
    push(page, state)  # a hand is over: the sheet grows
    got = page.evaluate(
        """() => {
        const box = document.querySelector('[data-testid=sheet-toggle]');
        const title = box.querySelector('summary');
        const b = box.getBoundingClientRect();
        const onTop = (el) => { const r = el.getBoundingClientRect();
            const x = r.left + Math.min(20, r.width / 2), y = r.top + r.height / 2;
            return el.contains(document.elementFromPoint(x, y)); };
        const th = [...box.querySelectorAll('thead th')];
        const total = box.querySelector('.spt-total');
        const t = total.getBoundingClientRect();
        const tb = title.getBoundingClientRect();
        return {title: onTop(title), titleBox: [tb.top, tb.bottom],
                box: [b.top, b.bottom], heads: th.map(onTop),
                headTop: Math.min(...th.map((h) => h.getBoundingClientRect().top)),
                total: [t.top, t.bottom], totalSeen: onTop(total.cells[0]),
                scrolled: box.querySelector('.spt-sheet').scrollTop};
    }"""
    )
    assert got["scrolled"] > 0, got
    assert got["title"], ("the title is out of sight", got)
    assert got["box"][0] <= got["titleBox"][0], got
    assert all(got["heads"]), ("a row covers the headings", got)
    assert got["headTop"] >= got["titleBox"][1] - 0.5, got
    assert got["totalSeen"] and got["total"][1] <= got["box"][1] + 0.5, got
    assert not page.errors, page.errors
    page.close()


def test_a_two_player_learner_sees_the_cards_gone_to_the_pile(browser: Any) -> None:
    """They were only in the log: a learner counting cards had to scroll."""
    table = SpadesTable("two-player", seed=7, speed="instant")
    table.look()
    while table.state["table"]["phase"] == "draw":
        assert table.keep()
    state = table.state
    gone = state["hand"]["discards"]
    view = table.session.view
    # in the hand's order: by suit as the hand shows them, high to low
    assert [c["code"] for c in gone] == [
        str(c) for c in display_order(view.known_discards)
    ]
    assert gone and not {c["code"] for c in gone} & {
        c["code"] for c in state["hand"]["cards"]
    }
    page = open_table(browser, state)
    words = tid(page, "discards").inner_text()
    assert words.startswith("Out of play"), words
    for card in gone:
        assert card["symbol"] in words, (card, words)
    assert not page.errors, page.errors
    page.close()


def test_a_game_started_elsewhere_shows_its_start_on_the_sheet(
    browser: Any, states: Any
) -> None:
    """A practice game from 460 to 430: the sheet's first row is the start,
    above the hands, and the status line names it; a game from 0 has no such
    row and no such words."""
    state = copy_state(states["reviewed"])
    sides = [d["id"] for d in state["sheet"]["sides"]]
    page = open_table(browser, state)
    assert page.locator(".spt-start").count() == 0
    state["sheet"]["start"] = {
        side: {"total": total, "bags": bags}
        for side, total, bags in zip(
            sides, (460, 430), ("0 bags carried", "8 bags carried"), strict=True
        )
    }
    push(page, state)
    rows = page.locator("[data-testid=score-sheet] tbody tr")
    first = rows.first.inner_text()
    assert first.startswith("start") and "460" in first and "8 bags carried" in first
    assert " · started from " not in tid(page, "status").inner_text()
    tid(page, "options-toggle").click()
    assert tid(page, "opt-start").count() == 0  # no start in the options: no line
    state["options"]["start"] = "North-South (you) 460 (8 bags), East-West 430"
    push(page, state)
    status = tid(page, "status")  # the status line says it too, last
    said = " · started from North-South (you) 460 (8 bags), East-West 430"
    assert status.inner_text().endswith(said), status.inner_text()
    assert status.get_attribute("title") == status.inner_text()  # whole on hover
    said = tid(page, "opt-start").inner_text()
    assert said.startswith("This game started from North-South (you) 460 (8 bags)")
    assert "New game with these rules starts there again" in said
    page.close()
