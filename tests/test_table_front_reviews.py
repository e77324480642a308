"""The table's front end (``static/*.js`` joined, and ``table.css``) in Chromium,
without a Jupyter server: the module is loaded into a bare page with a small
stand-in for the widget model, and fed states built by
:func:`~spadeslib.table.state.table_state` from real sessions.

Checked here (the fixes of two outside reviews): the face-down hand and a
hand of five suits lie on the felt; Check my play reopens a closed review
without asking Python again; the resume banner, the hint and the two-player
Options panel leave the prompt, the side seats and every setting in view;
the page asks once for the older log lines; the side seats end above the
prompt (normal and large print, 1280x800, 800x600, a phone) and a scrolling
strip ends on a whole line; the score sheet's headings stay in view; a card
too many in an exchange says so on screen; the two-player draw keeps the
keyboard on its buttons; the review fits a phone's felt. The third
review's layout fixes are in ``test_table_front_layout.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from front_support import (
    copy_state,
    hinted_bid_state,
    open_table,
    push,
    tid,
)

from spadeslib.table.app import SpadesTable

pytestmark = pytest.mark.browser


# ------------------------------------------------ the learner's review fixes
INSIDE_FELT_JS = """(sel) => {
  const felt = document.querySelector('[data-testid=felt]').getBoundingClientRect();
  return [...document.querySelectorAll(sel)].map((c) => c.getBoundingClientRect())
    .filter((r) => r.left < felt.left - 0.5 || r.right > felt.right + 0.5)
    .map((r) => [Math.round(r.left), Math.round(r.right), felt.left, felt.right]);
}"""


def _face_down(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` with the learner's 13 cards face down (a blind bid offered)."""
    state = copy_state(state)
    state["hand"].update(hidden=True, hidden_count=13, cards=[], playable=False)
    return state


@pytest.mark.parametrize("large", [False, True])
def test_the_face_down_hand_fits_after_a_hand(
    browser: Any, states: Any, large: bool
) -> None:
    """Next hand after a hand played out (0 cards left): the 13 backs lie on
    the felt, as on a first load (a count left from the last hand spread
    them past both edges)."""
    over = copy_state(states["hand-over"])
    over["prefs"]["large_print"] = large
    page = open_table(browser, over, 912)
    down = _face_down(states["bidding"])
    down["prefs"]["large_print"] = large
    push(page, down)
    assert page.locator(".spt-back").count() == 13
    assert page.evaluate(INSIDE_FELT_JS, ".spt-back") == []
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize("large", [False, True])
def test_a_hand_of_five_suits_fits_on_the_felt(
    browser: Any, states: Any, large: bool
) -> None:
    """Jokers make a fifth group in the hand: with the gaps between the suits
    the Little Joker at the left edge is not cut."""
    table = SpadesTable("cards4net", modifiers=["jokers"], seed=77, speed="instant")
    if table.state["hand"]["hidden"]:
        table.look()
    state = table.state
    suits = [c["suit"] for c in state["hand"]["cards"]]
    assert "J" in suits and len(set(suits)) >= 4, suits
    state["prefs"]["large_print"] = large
    page = open_table(browser, state, 912)
    assert page.evaluate(INSIDE_FELT_JS, ".spt-hand [data-code]") == []
    page.close()


def test_check_my_play_reopens_a_closed_review_without_asking_again(
    browser: Any, states: Any
) -> None:
    """Between hands, a review closed and asked for again opens at once, and
    Python is not asked again (asking logged its summary once more)."""
    page = open_table(browser, states["reviewed"])
    rows = states["reviewed"]["review"]["rows"]
    lost = tid(page, "review-row").locator('[data-label="lost"]').all_inner_texts()
    noisy = [r["rated"] is not None for r in rows]
    assert any(noisy)  # the figure the rating reads, where it is not the average
    for row, cell, differs in zip(rows, lost, noisy, strict=True):
        assert ("less the noise" in cell) is differs, (row, cell)
        if row["loss"] is not None:  # the figures the row's text gives
            assert cell.split()[0] == row["lost"], cell
        if differs:
            assert f"({row['lost_rated']} less the noise)" in cell, cell
    # why the others bid: after the rows, closed; its summary opens it from
    # the keyboard, and it stays open when the review is drawn again
    bids = states["reviewed"]["review"]["bids"]
    box = tid(page, "review-bids")
    assert len(bids) == 3 and not box.evaluate("el => el.open")
    assert box.evaluate("el => !!el.previousElementSibling.querySelector('table')")
    box.locator("summary").focus()
    page.keyboard.press("Enter")
    assert box.evaluate("el => el.open")
    assert tid(page, "review-bid").all_inner_texts()[0].startswith(bids[0]["text"])
    page.evaluate("s => window.setState(s)", copy_state(states["reviewed"]))
    assert tid(page, "review-bids").evaluate("el => el.open")
    tid(page, "review-close").click()
    assert tid(page, "review").is_hidden()
    for _ in range(3):
        tid(page, "review-open").click()
        assert tid(page, "review").is_visible()
        assert tid(page, "review-row").count() > 0
        tid(page, "review-close").click()
    assert {"type": "review"} not in page.evaluate("() => window.sent")
    page.close()


def test_check_my_play_during_the_next_hand_shows_the_last_review(
    browser: Any, states: Any
) -> None:
    """In the next hand Check my play asks Python once; the review of the
    last finished hand it answers with opens, even after that review was
    closed at the end of its hand, and leaves the learner's hand clear."""
    page = open_table(browser, states["reviewed"])
    tid(page, "review-close").click()
    nxt = copy_state(states["bidding"])
    nxt["controls"]["review"] = True
    push(page, nxt)
    tid(page, "review-open").click()
    assert page.evaluate("() => window.sent.at(-1)") == {"type": "review"}
    nxt["review"] = states["reviewed"]["review"]
    push(page, nxt)
    assert tid(page, "review").is_visible()
    assert tid(page, "review-row").count() > 0
    review = tid(page, "review").bounding_box()
    hand = tid(page, "hand").bounding_box()
    assert review and hand and review["y"] + review["height"] <= hand["y"]
    page.close()


def test_the_resume_banner_leaves_the_prompt_and_choices_clear(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, _face_down(states["bidding"]))
    page.evaluate(
        """() => { const b = document.querySelector('[data-testid=resume-banner]');
        b.innerHTML = '<span>This browser kept your last game: cards4net. Hand 3 in'
          + ' play. North-South (you) -19, East-West 80. Resume it?</span>'
          + '<button class="spt-btn">Resume</button>'
          + '<button class="spt-btn">No, keep this table</button>';
        b.hidden = false; }"""
    )
    banner = tid(page, "resume-banner").bounding_box()
    assert banner
    for name in ("prompt", "hand"):
        box = tid(page, name).bounding_box()
        assert box and banner["y"] + banner["height"] <= box["y"], (name, banner, box)
    actions = page.locator(".spt-actions").bounding_box()
    assert actions and banner["y"] + banner["height"] <= actions["y"]
    page.close()


def test_the_resume_offer_says_when_this_page_deals_another_game(
    browser: Any,
) -> None:
    """A kept game from last lesson's link, on this lesson's page: the offer
    names both deals, so that nobody resumes last week's by mistake."""
    kept = SpadesTable("classic", seed=2024, speed="instant").state["table"]
    here = SpadesTable("cards4net", seed=2007, speed="instant").state
    page = open_table(browser, here)
    saved = {"summary": kept["summary"], "deal": kept["deal"]}
    other = page.evaluate("([s, t]) => resumeText(s, t)", [saved, here["table"]])
    assert other == (
        f"This browser kept your last game: {kept['summary']} This page deals "
        "Cards4.net, seed 2007: resume your last game instead?"
    )
    same = page.evaluate("([s, t]) => resumeText(s, t)", [saved, kept])
    assert same == f"This browser kept your last game: {kept['summary']} Resume it?"
    older = {"summary": kept["summary"]}  # kept before pages said their deal
    said = page.evaluate("([s, t]) => resumeText(s, t)", [older, here["table"]])
    assert said.endswith("Resume it?")
    assert not page.errors
    page.close()


def test_the_hint_leaves_the_side_seats_in_place(browser: Any) -> None:
    table = SpadesTable("cards4net", seed=528432, speed="instant")
    if table.state["hand"]["hidden"]:
        table.look()
    before = table.state
    table.hint()
    table.estimate()
    after = table.state
    assert after["hint"] and after["estimate"]
    page = open_table(browser, before, 912)
    seats = (
        "() => ['seat-W', 'seat-E'].map((id) => document"
        ".querySelector(`[data-testid=${id}]`).getBoundingClientRect().top)"
    )
    where = page.evaluate(seats)
    push(page, after)
    assert page.evaluate(seats) == where
    west = tid(page, "seat-W").bounding_box()
    strip = page.locator(".spt-strip").bounding_box()
    assert west and strip and west["y"] + west["height"] <= strip["y"]
    page.close()


def test_two_player_options_have_no_partner_and_show_every_setting(
    browser: Any, states: Any
) -> None:
    """Two players: no partner's level (hidden, and not sent with New game),
    in a two-player game and when the rule set is chosen in a four-player
    one; the last setting (Large print) is inside the panel, not cut."""
    page = open_table(browser, states["bidding"], 912)
    tid(page, "options-toggle").click()
    assert tid(page, "opt-partner").is_visible()
    tid(page, "opt-preset").select_option("two-player")
    assert tid(page, "opt-partner").is_hidden()
    tid(page, "new-game").click()
    assert page.evaluate("() => window.sent.at(-1)")["partner"] == ""
    push(page, SpadesTable("two-player", seed=5, speed="instant").state)
    assert tid(page, "opt-partner").is_hidden()
    panel = tid(page, "options").bounding_box()
    large = tid(page, "opt-large-print").bounding_box()
    assert panel and large
    assert large["y"] + large["height"] <= panel["y"] + panel["height"], (panel, large)
    tid(page, "opt-preset").select_option("classic")
    assert tid(page, "opt-partner").is_visible()
    page.close()


def test_the_page_asks_once_for_the_older_log_lines(browser: Any) -> None:
    """A state carries the log's last lines; a page opened mid-game asks for
    the older ones once ({type: "log"}), shows them when they come, and
    keeps every line it has seen as the game goes on."""
    table = SpadesTable("classic", seed=2024, speed="instant")
    table.bid(3)
    while table.state["hand"]["playable"]:
        s = table.state
        table.play(next(c["code"] for c in s["hand"]["cards"] if c["legal"]))
    state = table.state
    assert state["log"][0]["n"] > state["log_from"], "the state has the whole log"
    page = open_table(browser, state)
    log = page.get_by_test_id("log")
    asked = [m for m in page.evaluate("() => window.sent") if m["type"] == "log"]
    assert asked == [{"type": "log"}]
    assert log.locator("div").count() == len(state["log"])
    sent: list[dict[str, Any]] = []
    table.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    table.handle({"type": "log"})
    page.evaluate("(m) => window.sendMsg(m)", sent[0])
    whole = table.session.log[table.session.log_start :]
    assert log.locator("div").all_inner_texts() == whole
    table.session.new_hand()
    page.evaluate("(s) => window.setState(s)", table.state)
    texts = log.locator("div").all_inner_texts()
    assert texts[: len(whole)] == whole and len(texts) > len(whole)
    asked = [m for m in page.evaluate("() => window.sent") if m["type"] == "log"]
    assert len(asked) == 1, "nothing is missing: no second request"
    assert not page.errors
    page.close()


# ------------------------------------------------ the second review's fixes
SEATS_AND_STRIP_JS = """() => {
  const q = (s) => document.querySelector(s);
  const r = (s) => q(s).getBoundingClientRect();
  const strip = q('.spt-strip');
  const hint = q('[data-testid=hint-text]');
  const cs = getComputedStyle(hint);
  const box = strip.getBoundingClientRect();
  const k = box.height / strip.offsetHeight;  // a phone's zoom
  return {seats: ['W', 'E'].map((k) => r(`[data-testid=seat-${k}]`).bottom),
          prompt: r('[data-testid=prompt]').top, actions: r('.spt-actions').top,
          stripBottom: box.top + (strip.clientTop + strip.clientHeight) * k,
          scrolls: strip.scrollHeight > strip.clientHeight + 1,
          hintTop: hint.getBoundingClientRect().top + parseFloat(cs.paddingTop) * k,
          line: parseFloat(cs.lineHeight) * k};
}"""


@pytest.fixture(scope="module")
def hinted_bid() -> dict[str, Any]:
    return hinted_bid_state()


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("viewport", [(1280, 800), (800, 600), (390, 844)])
@pytest.mark.parametrize("turn", [False, True])
def test_the_side_seats_never_lie_on_the_prompt(
    browser: Any,
    hinted_bid: dict[str, Any],
    large: bool,
    viewport: tuple[int, int],
    turn: bool,
) -> None:
    """Large print wrapped East's box (dealer's badge, "novice bot") to four
    lines, 10 px into the prompt; and the strip, a fixed 112 px, cut the
    hint's third line in half over the bid buttons. The side seats end
    above the prompt at every size, and the strip, when it scrolls, ends on
    a whole line of the hint."""
    state = copy_state(hinted_bid)
    state["prefs"]["large_print"] = large
    for seat in state["seats"]:
        if seat["seat"] == "E" and turn:  # a third line: "bids..."
            seat["turn"] = True
    page = open_table(browser, state, viewport[0] - 16, viewport)
    box = page.evaluate(SEATS_AND_STRIP_JS)
    assert max(box["seats"]) <= box["prompt"] + 0.5, box
    assert box["stripBottom"] <= box["actions"] + 0.5, box
    if box["scrolls"]:
        lines = (box["stripBottom"] - box["hintTop"]) / box["line"]
        assert lines >= 1 and abs(lines - round(lines)) < 0.1, f"half a line: {box}"
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize("large", [False, True])
def test_the_score_sheet_keeps_its_headings_in_view(
    browser: Any, states: Any, large: bool
) -> None:
    """After four hands and more the sheet scrolls to its newest rows (under
    its title): the column headings (North-South (you), East-West) stay in
    view at the top of its scrolling part."""
    state = copy_state(states["reviewed"])
    row = state["sheet"]["rows"][0]
    state["sheet"]["rows"] = [dict(row, hand=n) for n in range(1, 8)]
    state["prefs"]["large_print"] = large
    page = open_table(browser, state)
    box = page.evaluate(
        """() => {
        const box = document.querySelector('[data-testid=score-sheet]');
        const th = [...box.querySelectorAll('thead th')];
        const b = box.getBoundingClientRect();
        const seen = th.map((h) => { const r = h.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            return [r.top, r.bottom, h.contains(document.elementFromPoint(x, y))]; });
        return {scrolled: box.scrollTop, top: b.top + box.clientTop,
                bottom: b.bottom, seen, names: th.map((h) => h.textContent)};
    }"""
    )
    assert box["scrolled"] > 0, "the sheet is short: nothing to check"
    assert "North-South (you)" in box["names"], box["names"]
    for top, bottom, on_top in box["seen"]:
        # against the top border: no row shows above the headings
        assert box["top"] - 0.5 <= top <= box["top"] + 0.5, box
        assert bottom <= box["bottom"], box
        assert on_top, "a row covers the headings"
    page.close()


def test_the_draw_keeps_the_keyboard_on_its_buttons(browser: Any) -> None:
    """Two players: after Enter on Take the next card (or Keep) the focus
    comes back to the draw's buttons, also after a state in which the other
    player draws (no buttons: the focus waits on the hand)."""
    table = SpadesTable("two-player", seed=3, speed="instant")
    table.look()
    first = table.state
    table.take_next()
    second = table.state
    assert [b["action"] for b in second["buttons"]] == ["keep", "take_next"]
    waiting = copy_state(second)
    waiting["buttons"] = []
    waiting["table"]["to_move"] = "opponent"
    page = open_table(browser, first)
    focused = "() => document.activeElement.dataset.testid"
    tid(page, "act-take_next").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.sent.at(-1)") == {
        "type": "act",
        "action": "take_next",
    }
    push(page, waiting)  # the other player draws
    assert page.evaluate(focused).startswith("card-")
    push(page, second)
    assert page.evaluate(focused) == "act-take_next"
    page.keyboard.press("Shift+Tab")  # to Keep, and keep the card
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.sent.at(-1)")["action"] == "keep"
    push(page, first)  # straight to the next draw
    assert page.evaluate(focused) == "act-keep"
    # once the draw is over, the focus goes where it goes after any bid: the
    # learner's bid is next here, so to the prompt's choice (a bid button)
    over = copy_state(second)
    over["table"]["phase"] = "bidding"
    over["buttons"] = [dict(b, action=str(n)) for n, b in enumerate(over["buttons"])]
    page.keyboard.press("Enter")
    push(page, over)
    assert page.evaluate(focused) == "bid-0"
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize("large", [False, True])
def test_the_review_fits_a_phone(browser: Any, states: Any, large: bool) -> None:
    """390x844: the review's table was 424 px wide in a 341 px dialog, and
    the seats behind showed at its left edge. Now it covers the felt edge to
    edge, nothing in it is wider than it, and Next hand stays clear."""
    state = copy_state(states["reviewed"])
    state["prefs"]["large_print"] = large
    page = open_table(browser, state, 390 - 16, (390, 844))
    box = page.evaluate(
        """() => {
        const q = (s) => document.querySelector(s);
        const rv = q('[data-testid=review]');
        const r = rv.getBoundingClientRect();
        const widest = Math.max(...[...rv.querySelectorAll('*')]
            .map((e) => e.getBoundingClientRect().right));
        return {left: r.left, right: r.right, bottom: r.bottom, widest,
                wide: rv.scrollWidth - rv.clientWidth,
                felt: q('[data-testid=felt]').getBoundingClientRect().toJSON(),
                next: q('[data-testid=next-hand]').getBoundingClientRect().toJSON(),
                rows: rv.querySelectorAll('[data-testid=review-row]').length};
    }"""
    )
    assert box["rows"] > 0
    assert box["left"] <= box["felt"]["left"] + 0.5, box
    assert box["right"] >= box["felt"]["right"] - 0.5, box
    assert box["wide"] <= 0 and box["widest"] <= box["right"] + 0.5, box
    assert box["bottom"] <= box["next"]["top"], "the review lies on Next hand"
    assert box["next"]["bottom"] <= box["felt"]["bottom"], box
    page.close()
