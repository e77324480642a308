"""The hint at the table, in Chromium (the bare page of ``front_support``):
one line, the coach's main point; Why?, a real button reached with Tab and
pressed with Enter or Space, whose aria-expanded says whether the coach's
whole analysis is open under it; and the trick's cards keep their size and
place while it is, at 1280x800 and 1366x768, in normal and large print.
"""

from __future__ import annotations

from typing import Any

import pytest
from front_support import FOCUSED, copy_state, open_table, push, tid

from spadeslib.table.app import SpadesTable

pytestmark = pytest.mark.browser

#: each card of the trick: x, y, width and height, to a tenth of a px
CARDS_JS = """() => [...document.querySelectorAll('[data-testid^=trick-card] svg')]
  .map((c) => { const r = c.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10); })"""

#: how many lines an element's words take
LINES_JS = """(el) => el.getBoundingClientRect().height
  / parseFloat(getComputedStyle(el.closest('.spt-hint')).lineHeight)"""

#: the box of the table at each size checked: a JupyterLab cell's width
WIDTHS = {(1280, 800): 1085, (1366, 768): 1170}


@pytest.fixture(scope="module")
def hinted() -> tuple[dict[str, Any], dict[str, Any]]:
    """The learner to follow to a lead (classic, seed 2024, hand 1), before
    and after Hint: the coach leaves the textbook card there, and its whole
    analysis takes some 700 characters."""
    table = SpadesTable("classic", seed=2024, speed="instant")
    table.bid(3)
    while not (table.state["trick"]["current"] and table.state["hand"]["playable"]):
        cards = table.state["hand"]["cards"]
        table.play(next(c["code"] for c in cards if c["legal"]))
    before = table.state
    table.hint()
    return before, table.state


def test_the_hint_is_one_line_and_why_opens_the_rest(
    browser: Any, hinted: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    _, state = hinted
    hint = state["hint"]
    assert len(hint["more"]) > 2 * len(hint["text"])  # a long analysis behind Why?
    page = open_table(browser, state, width=1085)
    line = tid(page, "hint-text")
    assert line.get_attribute("data-text") == f"Hint: {hint['label']}. {hint['text']}"
    assert line.evaluate(LINES_JS) <= 2.2  # one sentence: it wrapped to 6 lines
    more, why = tid(page, "hint-more"), tid(page, "hint-why")
    assert more.is_hidden() and why.is_visible()
    assert why.evaluate("(b) => b.tagName") == "BUTTON"
    assert why.get_attribute("aria-expanded") == "false"
    assert why.get_attribute("aria-controls") == more.get_attribute("id")
    # Tab from the trick reaches it (the prompt and the notice are words)
    tid(page, "trick").focus()
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "hint-why"
    page.keyboard.press("Enter")
    assert why.get_attribute("aria-expanded") == "true"
    assert more.is_visible() and more.get_attribute("data-text") == hint["more"]
    page.keyboard.press(" ")
    assert why.get_attribute("aria-expanded") == "false" and more.is_hidden()
    # w opens it from anywhere in the table, and puts the focus on Why?
    # (Tab from Hint went through the whole toolbar and out of the table)
    tid(page, "hint").focus()
    page.keyboard.press("w")
    assert why.get_attribute("aria-expanded") == "true" and more.is_visible()
    assert page.evaluate(FOCUSED) == "hint-why"
    assert why.get_attribute("aria-keyshortcuts") == "w"
    page.keyboard.press("w")
    assert why.get_attribute("aria-expanded") == "false" and more.is_hidden()
    why.click()
    assert more.is_visible()
    # the next hint (another position) comes shut
    other = copy_state(state)
    other["hint"] = dict(hint, more=hint["more"] + " Another position.")
    push(page, other)
    assert why.get_attribute("aria-expanded") == "false" and more.is_hidden()
    assert not page.errors, page.errors
    page.close()


def test_a_hint_that_is_one_line_has_no_why(
    browser: Any, hinted: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    """A reason short already (a forced card, a bot's reason: no ``more``)
    is shown as it is, without Why?."""
    _, state = hinted
    short = copy_state(state)
    short["hint"] = {"action": "2C", "label": "2♣", "text": "Play it.", "more": ""}
    page = open_table(browser, short, width=1085)
    assert tid(page, "hint-text").get_attribute("data-text") == "Hint: 2♣. Play it."
    assert tid(page, "hint-why").is_hidden() and tid(page, "hint-more").is_hidden()
    page.close()


@pytest.mark.parametrize("viewport", list(WIDTHS))
@pytest.mark.parametrize("large", [False, True])
def test_why_keeps_the_trick_s_cards(
    browser: Any,
    hinted: tuple[dict[str, Any], dict[str, Any]],
    viewport: tuple[int, int],
    large: bool,
) -> None:
    """A late game's analysis (some 900 characters and more) opened under
    the hint: the trick's cards neither shrink nor move (the felt grows), the
    analysis is there whole, every line in sight on the felt (it scrolled
    past four lines in a box whose scroll bar Chromium hides: the sentence
    cut off was the one that mattered), and it never lies on the "You"
    plate."""
    before, state = copy_state(hinted[0]), copy_state(hinted[1])
    before["prefs"]["large_print"] = state["prefs"]["large_print"] = large
    state["hint"]["more"] = " ".join([state["hint"]["more"]] * 2)
    page = open_table(browser, before, width=WIDTHS[viewport], viewport=viewport)
    cards = page.evaluate(CARDS_JS)
    assert cards, "no card in the trick"
    push(page, state)
    assert page.evaluate(CARDS_JS) == cards  # the line fits: nothing moves
    tid(page, "hint-why").click()
    more = tid(page, "hint-more")
    assert more.is_visible()
    assert page.evaluate(CARDS_JS) == cards, "the analysis moved the trick"
    scrolled = more.evaluate("(m) => [m.scrollHeight, m.clientHeight]")
    assert scrolled[0] <= scrolled[1], scrolled  # nothing scrolled out of sight
    lines = more.evaluate(LINES_JS)
    assert lines >= 5, lines  # it stopped at 4 (3 in large print)
    whole, felt = more.bounding_box(), page.locator(".spt-felt").bounding_box()
    assert whole and felt and whole["y"] + whole["height"] <= felt["y"] + felt["height"]
    box = tid(page, "hint-box").bounding_box()
    you = page.locator(".spt-pos-bottom").bounding_box()
    assert box and you and box["y"] + box["height"] <= you["y"]
    tid(page, "hint-why").click()  # shut: the trick as it was
    assert page.evaluate(CARDS_JS) == cards
    assert not page.errors, page.errors
    page.close()
