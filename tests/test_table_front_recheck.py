"""The table after a second keyboard check in JupyterLab, in Chromium: Tab
from the end-of-hand review reaches the one Next hand; the trick's names never lie
under its note; the last card played leaves the focus on the trick; the top
plate's turn mark and the spades badge are whole in large print; Shift and
the keys of steps the game lacks do nothing; the hand's end says "Last
trick:"; large print's score sheet shows the newest row whole. Page and
states: ``front_support.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from front_support import FOCUSED, FRAMES, copy_state, open_table, push, tid

from spadeslib.table.app import SpadesTable

pytestmark = pytest.mark.browser

#: the narrowest side-by-side table, JupyterLab's cell at 1280x800 with the
#: file browser open, and a wide page
WIDTHS = (760, 850, 1240)


def _legal(state: dict[str, Any]) -> str:
    return next(c["code"] for c in state["hand"]["cards"] if c["legal"])


def _rect(page: Any, selector: str) -> dict[str, float]:
    return page.evaluate(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,"
        " height: r.height}; }",
        selector,
    )


# ------------------------------------------------------ 1. Next hand by Tab


def test_tab_from_the_review_reaches_next_hand(browser: Any, states: Any) -> None:
    """One Next hand, under the review (a second one in the review's header
    showed two to a sighted learner): Tab from the review's Close reaches
    it after the review's one control (why the others bid), and Escape
    closes the review onto it."""
    page = open_table(browser, states["reviewed"])
    page.evaluate(FRAMES)
    shown = page.evaluate(
        """() => [...document.querySelectorAll('.spt button')]
        .filter((b) => b.textContent.trim() === 'Next hand')
        .filter((b) => b.getClientRects().length)
        .map((b) => b.dataset.testid)"""
    )
    assert shown == ["next-hand"], shown
    assert page.evaluate(FOCUSED) == "review"
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "review-close"
    page.keyboard.press("Tab")  # the review's last control: why the others bid
    assert (
        page.evaluate(
            "() => document.activeElement.closest('[data-testid]').dataset.testid"
        )
        == "review-bids"
    )
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "next-hand"
    assert tid(page, "review").is_visible()  # the review stays open meanwhile
    page.keyboard.press("Enter")
    assert {"type": "next_hand"} in page.evaluate("() => window.sent")
    # Escape still closes the review, the focus left on Next hand
    page.keyboard.press("Escape")
    page.evaluate(FRAMES)
    assert tid(page, "review").is_hidden()
    assert page.evaluate(FOCUSED) == "next-hand"
    page.close()


# ------------------------------------------------- 2. the trick's names


def _finished_trick() -> dict[str, Any]:
    table = SpadesTable("classic", seed=2024, speed="instant")
    table.bid(3)
    for _ in range(60):
        s = table.state
        if s["hand"]["playable"] and s["trick"]["last"]:
            return s
        table.play(_legal(s))
    raise AssertionError("no finished trick")


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("width", WIDTHS)
def test_the_trick_note_never_lies_on_the_names(
    browser: Any, width: int, large: bool
) -> None:
    state = copy_state(_finished_trick())
    state["prefs"]["large_print"] = large
    page = open_table(browser, state, width=width)
    note = _rect(page, '[data-testid="trick-note"]')
    for p in state["trick"]["last"]["plays"]:
        who = _rect(page, f'[data-testid="trick-card-{p["seat"]}"] .spt-who')
        assert who["height"] < 20, (p["who"], who)  # one line: no wrap
        if p["pos"] == "bottom":
            assert who["bottom"] <= note["top"] + 0.5, (who, note)
    page.close()


def test_large_print_draws_the_trick_no_smaller(browser: Any) -> None:
    """Large print's taller plates and hand had left the trick's cards about
    45 px tall (70 in normal print): the table is taller in large print."""
    heights = {}
    for large in (False, True):
        state = copy_state(_finished_trick())
        state["prefs"]["large_print"] = large
        page = open_table(browser, state, width=1240)
        heights[large] = _rect(page, ".spt-played .spt-face")["height"]
        page.close()
    assert heights[True] >= heights[False] >= 60, heights


# ------------------------------------------ 3. the focus after the last card


def test_the_last_card_played_leaves_the_focus_on_the_trick(browser: Any) -> None:
    table = SpadesTable("classic", seed=2024, speed="step")
    for _ in range(300):
        s = table.state
        if s["table"]["to_move"] == "you" and s["hand"]["playable"]:
            if len(s["hand"]["cards"]) == 1:
                break
            table.play(_legal(s))
        elif s["table"]["to_move"] == "you":
            table.bid(3)
        else:
            table.step()
    state = table.state
    code = _legal(state)
    page = open_table(browser, state)
    tid(page, f"card-{code}").focus()
    assert table.play(code)
    after = table.state
    if after["table"]["to_move"] != "bot":  # the learner played last: no wait
        pytest.skip("the learner's card ended the trick")
    push(page, after)
    page.evaluate(FRAMES)
    assert page.evaluate(FOCUSED) == "trick"
    page.close()


# ------------------------------------------- 4. the top plate in large print


def test_large_print_top_plate_shows_its_turn_and_the_badge(browser: Any) -> None:
    table = SpadesTable("classic", seed=2024, speed="step")
    for _ in range(300):
        s = table.state
        top = next(p for p in s["seats"] if p["pos"] == "top")
        if top["turn"] and s["table"]["phase"] == "playing" and s["trick"]["current"]:
            break
        if s["table"]["to_move"] == "you":
            table.bid(3) if s["table"]["phase"] == "bidding" else table.play(_legal(s))
        else:
            table.step()
    state = copy_state(table.state)
    state["prefs"]["large_print"] = True
    assert state["trick"]["spades_broken"] is False
    for width in WIDTHS:
        page = open_table(browser, state, width=width)
        seat = tid(page, "seat-N")
        assert "to play" in seat.inner_text()
        clipped = page.evaluate(
            """() => [...document.querySelectorAll('.spt-pos-top > *')]
            .some((e) => e.scrollWidth > e.clientWidth + 1)"""
        )
        assert not clipped
        mark = _rect(page, ".spt-pos-top .spt-turn-mark")
        plate = _rect(page, ".spt-pos-top")
        assert mark["bottom"] <= plate["bottom"] and mark["right"] <= plate["right"]
        badge = _rect(page, '[data-testid="spades-broken"]')
        assert badge["right"] <= plate["left"] or badge["bottom"] <= plate["top"]
        # the badge's words are all in its box
        assert not page.evaluate(
            "() => { const b = document.querySelector('[data-testid=spades-broken]');"
            " return b.scrollWidth > b.clientWidth + 1; }"
        )
        # the trick's cards still show, under the plate
        assert _rect(page, '[data-testid="trick"]')["top"] >= plate["bottom"] - 1
        page.close()


# the widths the layout tests draw the table at (a phone's 370 is zoomed)
PLATE_WIDTHS = (370, 630, *WIDTHS)

PLATE_JS = """() => {
  const box = (sel) => document.querySelector(sel).getBoundingClientRect();
  const plate = document.querySelector('.spt-pos-top');
  const cut = [plate, ...plate.querySelectorAll('*')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1
      || e.scrollHeight > e.clientHeight + 1)
    .map((e) => e.className);
  return {plate: box('.spt-pos-top').toJSON(), table: box('.spt').toJSON(),
          felt: box('[data-testid=felt]').toJSON(),
          trick: box('[data-testid=trick]').toJSON(),
          badge: box('[data-testid=spades-broken]').toJSON(), cut};
}"""


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("width", PLATE_WIDTHS)
def test_the_top_plate_is_whole_at_every_width(
    browser: Any, states: Any, width: int, large: bool
) -> None:
    """At 760 px (the middle column 208 px wide) the top plate's name line
    was cut by a few px, "▶ to play" and large print's facts by more. The
    longest plate (the dealer, to play, the longest level's name, a blind
    nil) wraps between its facts: it lies inside the table and the felt,
    nothing in it is cut, and the trick lies under it."""
    state = copy_state(states["to-follow"])
    state["prefs"]["large_print"] = large
    top = next(p for p in state["seats"] if p["pos"] == "top")
    top.update(dealer=True, turn=True, level="search-lite", bid="Blind Nil")
    top.update(tricks=10, cards=13)
    page = open_table(browser, state, width, (390, 844) if width < 600 else (1280, 800))
    got = page.evaluate(PLATE_JS)
    plate = got["plate"]
    for outer in ("table", "felt"):
        box = got[outer]
        for low, high in (("left", "right"), ("top", "bottom")):
            assert box[low] - 0.5 <= plate[low], (outer, got)
            assert plate[high] <= box[high] + 0.5, (outer, got)
    assert not got["cut"], f"cut at {width} px: {got}"
    text = tid(page, "seat-N").inner_text()
    assert "search-lite bot" in text and "to play" in text and "cards 13" in text
    assert got["trick"]["top"] >= plate["bottom"] - 1, got
    badge = got["badge"]
    assert badge["right"] <= plate["left"] or badge["bottom"] <= plate["top"], got
    assert not page.errors, page.errors
    page.close()


# what large print must show without scrolling, the table at the window's
# top: the learner's hand and choices (bids, the draw's buttons)
FIT_JS = """() => {
  document.querySelector('.spt').scrollIntoView();
  const top = document.querySelector('.spt').getBoundingClientRect().top;
  const bottom = (sel) => Math.max(0, ...[...document.querySelectorAll(sel)]
    .filter((e) => e.getClientRects().length)
    .map((e) => e.getBoundingClientRect().bottom - top));
  return {hand: bottom('.spt-hand .spt-card'), choices: bottom('.spt-actions > *'),
          cards: document.querySelectorAll('.spt-hand .spt-card').length,
          room: innerHeight - top};
}"""


#: the widths at 1280x800 and 1366x768: the standalone page's table, and
#: JupyterLab's cell with the file browser open
FITS = [
    (1240, (1280, 800)),
    (1326, (1366, 768)),
    (850, (1280, 800)),
    (936, (1366, 768)),
]


@pytest.mark.parametrize(("width", "viewport"), FITS)
def test_large_print_shows_the_hand_and_choices_without_scrolling(
    browser: Any, width: int, viewport: tuple[int, int]
) -> None:
    """Large print's table is 600 px tall (690 once). At 1280x800 and 1366x768, the
    table scrolled to the window's top, the hand and the choices (under the
    coach's hint and the estimate, the strip at its tallest) end within the
    window, and within what JupyterLab leaves its notebook there (its menu,
    tabs, notebook toolbar and status bar take some 116 px): measured, they
    end 551 px below the table's top (617 once), 570 px under a hint and
    the estimate in a table 850 px wide (649 once)."""
    bidding, playing = _bidding_and_playing(hint_in_play=True)
    notebook = viewport[1] - 116
    for state in (bidding, playing):
        state["prefs"]["large_print"] = True
        page = open_table(browser, state, width, viewport)
        got = page.evaluate(FIT_JS)
        assert got["cards"] == 13, got
        assert got["choices"] or state is playing, got
        assert max(got["hand"], got["choices"]) <= min(got["room"], notebook), got
        assert not page.errors, page.errors
        page.close()


def _bidding_and_playing(hint_in_play: bool) -> tuple[Any, Any]:
    """cards4net seed 2024's table states: South bidding under the hint and
    the estimate, then playing its first card (under a hint too, or not)."""
    table = SpadesTable("cards4net", seed=2024, speed="instant")
    if table.state["hand"]["hidden"]:
        table.look()
    table.hint()
    table.estimate()
    bidding = copy_state(table.state)
    table.bid(3)
    if hint_in_play:
        table.hint()
    return bidding, copy_state(table.state)


#: each card of the hand: its corner's rank (the one part of a card the
#: fan leaves to see), the card under that point, and the point
INDEX_JS = """() => [...document.querySelectorAll('.spt-hand .spt-card')].map((c) => {
  const r = c.querySelector('.spt-index text').getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const under = document.elementFromPoint(x, y)?.closest('.spt-card');
  return {code: c.dataset.code, under: under?.dataset.code ?? null, x, y};
})"""


@pytest.mark.parametrize("width", [1170, 936])  # JupyterLab at 1366x768
def test_large_print_fits_a_projector_at_1366x768(browser: Any, width: int) -> None:
    """Large print at 1366x768, JupyterLab's cell with the file browser
    closed and open: the table is 600 px tall, as in normal print (it was
    690: with the browser's and JupyterLab's bars, the hand and the choices
    were under the window's edge). The hand, the choices and the tools end
    within its 600 px; the cards keep their size (80 x 112 px) and each
    card's corner index is its own: a click there reaches that card, the
    leftmost and the rightmost too (the fan overlaps more, beside the
    learner's plate)."""
    bidding, playing = _bidding_and_playing(hint_in_play=False)
    for state in (bidding, playing):
        state["prefs"]["large_print"] = True
        page = open_table(browser, state, width, (1366, 768))
        got = page.evaluate(FIT_JS)
        assert got["cards"] == 13, got
        assert got["choices"] or state is playing, got
        table_box = page.locator(".spt").bounding_box()
        tools = page.locator(".spt-tools").bounding_box()
        assert table_box and tools
        assert table_box["height"] <= 600, table_box
        assert max(got["hand"], got["choices"]) <= 560, got
        assert tools["y"] + tools["height"] - table_box["y"] <= 600, tools
        size = tid(page, f"card-{state['hand']['cards'][0]['code']}").evaluate(
            "(c) => [c.offsetWidth, c.offsetHeight]"
        )
        assert size == [80, 112], size
        cards = page.evaluate(INDEX_JS)
        assert [c["under"] for c in cards] == [c["code"] for c in cards], cards
        page.evaluate(
            "() => { window.clicked = []; document.addEventListener('click', (e) =>"
            " window.clicked.push(e.target.closest('[data-code]')?.dataset.code),"
            " true); }"
        )
        for card in (cards[0], cards[-1]):
            page.mouse.click(card["x"], card["y"])
        assert page.evaluate("() => window.clicked") == [
            cards[0]["code"],
            cards[-1]["code"],
        ]
        assert not page.errors, page.errors
        page.close()


# ------------------------------------------------------------- 5. the keys


def test_shift_letters_and_absent_steps_do_nothing(browser: Any, states: Any) -> None:
    state = states["to-follow"]
    assert state["table"]["draw"] is False
    page = open_table(browser, state)
    tid(page, f"card-{_legal(state)}").focus()
    for key in ("Shift+K", "Shift+T", "Shift+H", "Shift+U", "k", "t", "l"):
        page.keyboard.press(key)
    assert page.evaluate("() => window.sent") == []
    page.keyboard.press("h")  # the table's keys still work
    assert page.evaluate("() => window.sent") == [{"type": "hint"}]
    page.close()


def test_k_asks_python_in_a_game_with_the_draw(browser: Any) -> None:
    table = SpadesTable("two-player", seed=5, speed="instant")
    state = table.state
    assert state["table"]["draw"] is True
    page = open_table(browser, state)
    tid(page, "options-toggle").focus()
    page.keyboard.press("k")
    assert page.evaluate("() => window.sent") == [{"type": "act", "action": "keep"}]
    page.close()


def test_s_on_my_turn_says_next_move_is_for_the_bots(browser: Any) -> None:
    table = SpadesTable("classic", seed=2024, speed="step")
    for _ in range(20):
        if table.state["table"]["to_move"] == "you":
            break
        table.step()
    table.bid(3)
    for _ in range(20):
        s = table.state
        if s["table"]["to_move"] == "you" and s["hand"]["playable"]:
            break
        table.step()
    state = table.state
    said = state["unavailable"]["step"]
    assert said.startswith("Next move is for the bots' turns: it is your turn")
    assert "play a card" in said
    page = open_table(browser, state)
    tid(page, f"card-{_legal(state)}").focus()
    page.keyboard.press("s")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=notice]')"
        ".textContent.startsWith('Next move is for the bots')"
    )
    assert page.evaluate("() => window.sent") == []
    page.close()


# ------------------------------------------------- 6. the hand's end in words


def test_the_hands_end_says_last_trick_after_the_score(browser: Any) -> None:
    table = SpadesTable("classic", seed=2024, speed="instant")
    table.bid(3)
    while len(table.state["hand"]["cards"]) > 1:
        table.play(_legal(table.state))
    before = table.state
    page = open_table(browser, before)
    table.play(_legal(before))
    if table.state["review"]["state"] != "ready":
        table.review()
    end = table.state
    push(page, end)
    live = tid(page, "live").text_content()
    result = end["review"]["result"]
    assert live.index("Last trick: ") > live.index(result[:30]), live
    page.close()


def test_large_print_sheet_shows_the_newest_row_whole(
    browser: Any, states: Any
) -> None:
    state = copy_state(states["reviewed"])
    state["prefs"]["large_print"] = True
    state["prefs"]["sheet_open"] = True
    for width in WIDTHS:
        page = open_table(browser, state, width=width)
        page.evaluate(FRAMES)
        gap = page.evaluate(
            """() => { const body = document.querySelector('[data-testid=score-sheet]');
            const rows = body.querySelectorAll('tbody tr:not(.spt-total)');
            const row = rows[rows.length - 1].getBoundingClientRect();
            const head = body.querySelector('thead th').getBoundingClientRect();
            return row.top - head.bottom; }"""
        )
        assert gap >= -0.5, gap
        page.close()
