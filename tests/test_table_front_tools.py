"""The toolbar's unavailable tools and a hand's end, for a keyboard and a
screen reader, checked in Chromium: a tool that cannot be used now stays in
the Tab order (aria-disabled), sends nothing when pressed and says why, in
the words the table refuses it with; a hand's end reaches the live region as
one announcement, the score with the review's summary. The page and the
states are those of ``front_support.py``.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from front_support import (
    FOCUSED,
    FRAMES,
    contrast,
    copy_state,
    open_table,
    push,
    rgb,
    tid,
)

from spadeslib.table.app import SpadesTable

pytestmark = pytest.mark.browser


# ------------------------------------- 10. tools unavailable, still found

TOOLS = ("hint", "estimate", "undo", "replay", "review-open", "step")


def _tab_order(page: Any, start: str, stop: str) -> list[str]:
    """The controls Tab reaches from ``start`` until ``stop``."""
    tid(page, start).focus()
    seen = [start]
    for _ in range(30):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(FOCUSED))
        if seen[-1] == stop:
            break
    return seen


def _every_tool_off(state: dict[str, Any]) -> dict[str, Any]:
    """The state with every tool of the toolbar off, Next move shown."""
    off = copy_state(state)
    off["options"]["speed"] = "step"
    for key in ("hint", "estimate", "undo", "replay", "review", "step"):
        off["controls"][key] = False
    return off


def test_unavailable_tools_stay_in_the_tab_order(browser: Any, states: Any) -> None:
    """Hint, the estimate, Undo, Replay, Check my play and Next move, while
    they cannot be used: aria-disabled, never disabled, so Tab reaches them
    and a screen reader hears them as unavailable."""
    page = open_table(browser, _every_tool_off(states["after-bid"]))
    for name in TOOLS:
        tool = tid(page, name)
        assert tool.get_attribute("aria-disabled") == "true", name
        assert tool.evaluate("(b) => !b.disabled && !b.hasAttribute('disabled')")
    order = _tab_order(page, "hint", "save")
    assert [n for n in order if n in TOOLS] == list(TOOLS), order
    # available again: no aria-disabled left
    push(page, states["after-bid"])
    assert tid(page, "undo").get_attribute("aria-disabled") is None
    assert not page.errors, page.errors
    page.close()


def test_an_unavailable_tool_sends_nothing_and_says_why(
    browser: Any, states: Any
) -> None:
    s = _every_tool_off(states["after-bid"])
    s["unavailable"] = {
        "hint": "No hint now: it is not your turn.",
        "undo": "Nothing to undo: you have not made a choice in this hand yet.",
    }
    page = open_table(browser, s)
    notice = tid(page, "notice")
    seq = tid(page, "spades-table").get_attribute("data-seq")
    # the keyboard: Enter and Space on each tool
    for name in TOOLS:
        tid(page, name).focus()
        page.keyboard.press("Enter")
        page.keyboard.press(" ")
    # the mouse (a real click: Playwright waits for an enabled control)
    for name in TOOLS:
        box = tid(page, name).bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        said = notice.inner_text()
        if name in ("hint", "undo"):
            assert said == s["unavailable"][name], said
        else:  # no reason in the state: its name
            assert said.endswith(" is not available now."), said
    assert page.evaluate("() => window.sent") == []
    assert tid(page, "spades-table").get_attribute("data-seq") == seq  # no redraw
    assert tid(page, "replay").inner_text() == "Replay this deal"  # never armed
    assert tid(page, "review").is_hidden()
    tid(page, "undo").click(force=True)
    assert notice.inner_text() == s["unavailable"]["undo"]
    # the same words again are said again: emptied, then written
    page.evaluate(
        """() => { window.texts = [];
        const n = document.querySelector('[data-testid=notice]');
        new MutationObserver(() => window.texts.push(n.textContent))
          .observe(n, { childList: true, characterData: true, subtree: true }); }"""
    )
    tid(page, "undo").click(force=True)
    page.wait_for_function("window.texts.length >= 2")
    assert page.evaluate("() => window.texts") == ["", s["unavailable"]["undo"]]
    tid(page, "estimate").click(force=True)
    assert notice.inner_text() == "The estimate is not available now."
    # kept while the estimate stays unavailable (a bot moves), cleared once
    # it is available again
    still = copy_state(states["after-bid"])
    still["unavailable"]["estimate"] = "The estimate is for your bid."
    push(page, still)
    assert notice.inner_text() == "The estimate is not available now."
    again = copy_state(states["after-bid"])
    again["unavailable"].pop("estimate", None)
    push(page, again)
    assert notice.inner_text() == ""
    assert page.evaluate("() => window.sent") == []
    assert not page.errors, page.errors
    page.close()


def test_the_table_says_why_a_tool_is_off(states: Any) -> None:
    """The state's reasons, for the tools that are off and no other, are
    the words the table refuses each with when it is pressed anyway."""
    table = SpadesTable("classic", seed=2024, speed="step")
    session = table.session
    state = table.state
    assert state["table"]["to_move"] == "bot"
    why = state["unavailable"]
    assert why["hint"].startswith("Please wait: it is ") and "turn" in why["hint"]
    assert why["estimate"] == why["hint"]  # the same: it is not your turn
    assert why["undo"].startswith("There is nothing to undo")
    assert "step" not in why  # a bot is to move: Next move is on
    pressed = {
        "hint": session.hint,
        "estimate": session.estimate,
        "undo": session.undo,
        "replay": session.replay_deal,
        "review": session.review,
    }
    for tool, words in why.items():
        pressed[tool]()
        assert table.state["notice"] == words, tool
    table.close()
    over = states["reviewed"]["unavailable"]["hint"]
    assert over == "This hand is over: press Next hand to deal the next one."
    for s in (state, *states.values()):
        off = {k for k, on in s["controls"].items() if not on}
        assert set(s["unavailable"]) == off - {"next_hand", "new_game"}


def test_an_unavailable_tool_looks_unavailable_and_stays_readable(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, _every_tool_off(states["after-bid"]))
    look = """(b) => { const c = getComputedStyle(b);
      return [c.color, c.backgroundColor, c.cursor, c.borderTopStyle, c.opacity]; }"""
    on = tid(page, "save").evaluate(look)
    for name in TOOLS:
        colour, background, cursor, border, opacity = tid(page, name).evaluate(look)
        ratio = contrast(rgb(colour), rgb(background))
        assert 3 <= ratio < contrast(rgb(on[0]), rgb(on[1])), (name, ratio)
        assert cursor == "not-allowed" and border == "dashed", (name, cursor, border)
        assert opacity == "1", opacity  # the focus ring is not faded
    # the mouse over it changes nothing
    before = tid(page, "undo").evaluate(look)
    tid(page, "undo").hover(force=True)
    assert tid(page, "undo").evaluate(look) == before
    page.close()


def test_an_unavailable_tool_keeps_the_focus(browser: Any, states: Any) -> None:
    """Undo focused, then a redraw makes it unavailable: the focus stays on
    it (an aria-disabled tool is no lost focus)."""
    page = open_table(browser, states["after-bid"])
    tid(page, "undo").focus()
    off = copy_state(states["after-bid"])
    off["controls"]["undo"] = False
    push(page, off)
    page.evaluate(FRAMES)
    assert page.evaluate(FOCUSED) == "undo"
    page.close()


# ------------------------------------------- 11. a hand's end, said once


def _hand_end_states() -> list[dict[str, Any]]:
    """Classic, seed 2024, played in an event loop as in Jupyter: every
    state from the learner's last card on; the hand is scored with the
    review pending, and the review comes some 50 ms later."""
    seen: list[dict[str, Any]] = []

    async def play() -> None:
        table = SpadesTable("classic", seed=2024, speed="instant")
        table.observe(lambda ch: seen.append(copy_state(ch["new"])), names="state")
        table.bid(3)
        for _ in range(500):
            s = table.state
            if s["review"]:
                break
            if s["hand"]["playable"]:
                table.play(next(c["code"] for c in s["hand"]["cards"] if c["legal"]))
            await asyncio.sleep(0.005)
        for _ in range(100):
            if table.state["review"]["state"] == "ready":
                break
            await asyncio.sleep(0.01)
        table.close()  # the bots' task and the coach's thread

    # in a thread of its own: Playwright's sync API runs an event loop here
    worker = threading.Thread(target=lambda: asyncio.run(play()))
    worker.start()
    worker.join()
    last = max(i for i, s in enumerate(seen) if s["hand"]["playable"])
    out = seen[last:]
    assert [s["review"] and s["review"]["state"] for s in out][-2:] == [
        "pending",
        "ready",
    ]
    return [out[0], out[-2], out[-1]]


WRITES = """() => { window.writes = [];
  const live = document.querySelector('[data-testid=live]');
  new MutationObserver((records) => { for (const r of records)
      for (const n of r.addedNodes) window.writes.push(n.textContent); })
    .observe(live, { childList: true, characterData: true, subtree: true }); }"""


@pytest.fixture(scope="module")
def hand_end() -> list[dict[str, Any]]:
    return _hand_end_states()


def test_a_hands_end_is_one_announcement(browser: Any, hand_end: Any) -> None:
    """The score line and the review's summary reach the live region in
    one write, though the review comes 74 ms after the score."""
    playing, pending, ready = hand_end
    result, summary = ready["review"]["result"], ready["review"]["said"]
    page = open_table(browser, playing)
    page.evaluate(WRITES)
    push(page, pending)
    page.wait_for_timeout(74)
    push(page, ready)
    page.wait_for_timeout(50)
    writes = page.evaluate("() => window.writes")
    assert len(writes) == 1, writes
    said = writes[0]
    assert result in said and summary in said, said
    # the score first, then the last trick, the summary, what comes next;
    # not the review's paragraph on "less the noise" (it shows it)
    assert said.startswith(result), said
    assert said.index(result) < said.index(summary), said
    assert said.endswith(ready["prompt"]), said
    assert "wins the trick" in said[len(result) : said.index(summary)], said
    assert "less the noise" in ready["review"]["summary"]
    assert 'Where a row says "less the noise"' not in said, said
    assert "♠" not in said and "♥" not in said, said
    # the review took the focus; nothing more is said
    push(page, ready)
    page.wait_for_timeout(50)
    assert page.evaluate("() => window.writes") == writes
    assert not page.errors, page.errors
    page.close()


def test_a_hand_ended_again_is_announced_again(browser: Any, hand_end: Any) -> None:
    """After Undo or Replay the same hand ends again, with new lines of the
    log: its end is said again, whole, with its review."""
    playing, _, ready = hand_end
    result, summary = ready["review"]["result"], ready["review"]["said"]
    page = open_table(browser, playing)
    page.evaluate(WRITES)
    push(page, ready)
    again = copy_state(ready)
    again["log"] = [{**e, "n": e["n"] + 1000} for e in ready["log"]]
    push(page, again)
    writes = page.evaluate("() => window.writes")
    assert len(writes) == 2, writes
    assert all(result in w and summary in w for w in writes), writes
    assert not page.errors, page.errors
    page.close()


def test_a_held_key_asks_for_one_hint(browser: Any, states: Any) -> None:
    page = open_table(browser, states["bidding"])
    tid(page, "spades-table").focus()
    page.keyboard.down("h")
    page.evaluate(
        """() => { const t = document.querySelector('[data-testid=spades-table]');
        for (let i = 0; i < 5; i++) t.dispatchEvent(new KeyboardEvent('keydown',
          { key: 'h', repeat: true, bubbles: true })); }"""
    )
    page.keyboard.up("h")
    sent = page.evaluate("() => window.sent")
    assert [m["type"] for m in sent] == ["hint"], sent
    page.close()


def test_a_hands_end_is_said_alone_when_the_review_is_late(
    browser: Any, hand_end: Any
) -> None:
    playing, pending, ready = hand_end
    result, summary = ready["review"]["result"], ready["review"]["said"]
    page = open_table(browser, playing)
    page.clock.install()
    page.evaluate(WRITES)
    push(page, pending)
    assert page.evaluate("() => window.writes") == []  # waits for the review
    page.clock.run_for(2000)
    writes = page.evaluate("() => window.writes")
    assert len(writes) == 1 and result in writes[0], writes
    push(page, ready)  # later: the summary alone, the score not again
    writes = page.evaluate("() => window.writes")
    assert len(writes) == 2 and summary in writes[1] and result not in writes[1]
    assert not page.errors, page.errors
    page.close()


def test_a_hands_end_with_its_review_in_one_state_is_one_announcement(
    browser: Any, states: Any
) -> None:
    """Without an event loop the review is ready with the score: the same
    one text, the score whole (not cut to the last lines)."""
    over = states["reviewed"]
    assert over["review"]["state"] == "ready"
    page = open_table(browser, states["to-follow"])
    page.evaluate(WRITES)
    push(page, over)
    writes = page.evaluate("() => window.writes")
    assert len(writes) == 1, writes
    assert over["review"]["result"] in writes[0], writes
    assert over["review"]["said"] in writes[0], writes
    page.close()


def test_the_timer_s_badge_counts_down_and_says_when_time_is_up(
    browser: Any, states: Any
) -> None:
    """The badge counts whole seconds down; at 0 the table's choice is on its
    way from Python, and the badge says so instead of "0 s"."""
    timed = copy_state(states["after-bid"])
    timed["timer"] = {"seconds": 30, "left": 12.3}
    page = open_table(browser, timed)
    badge = tid(page, "timer")
    assert badge.is_visible() and badge.text_content() == "Time left: 13 s"
    timed["timer"] = {"seconds": 30, "left": 0.0}
    push(page, timed)
    assert badge.text_content() == "Time is up"
    assert "spt-urgent" in (badge.get_attribute("class") or "")
    assert not page.errors, page.errors
    page.close()
