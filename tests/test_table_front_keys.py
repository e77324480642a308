"""The table's keys and focus after a keyboard and screen-reader review in
JupyterLab, checked in Chromium: the notebook's shortcuts stop at the table,
Up and Down move along the hand and the bids, ``s`` is Next move, the focus
comes back to the hand when the learner's turn makes Next move unavailable,
stays where a card was played and on a bid when the hint redraws the bids;
the trick just won stays in the middle; the rings beat JupyterLab's; cards are
said in words; no text under 12px. Page and states: ``front_support.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from front_support import FOCUSED, FRAMES, copy_state, open_table, push, tid

from spadeslib.table.app import SpadesTable

pytestmark = pytest.mark.browser


def _step_to_my_turn(table: SpadesTable, play: bool = False) -> None:
    for _ in range(20):
        s = table.state
        if s["table"]["to_move"] == "you" and (s["hand"]["playable"] or not play):
            return
        table.step()
    raise AssertionError("the learner's turn never came")


# ------------------------------------------------------ 1. the host's keys


def test_the_hosts_shortcuts_stop_at_the_table(browser: Any, states: Any) -> None:
    """JupyterLab (Lumino) hears keys on the document, after the table: b,
    x, m, d d, the arrows and Shift+Enter pressed in the table never reach
    it (they added, cut, converted and deleted cells); Ctrl+S still does."""
    page = open_table(browser, states["to-follow"])
    page.evaluate(
        """() => { window.heard = [];
        document.addEventListener('keydown', (e) => window.heard.push(
          (e.ctrlKey ? 'Ctrl+' : '') + (e.shiftKey ? 'Shift+' : '') + e.key)); }"""
    )
    code = states["to-follow"]["hand"]["cards"][0]["code"]
    tid(page, f"card-{code}").focus()
    for key in ("b", "x", "m", "d", "d", "ArrowDown", "ArrowUp", "Shift+Enter"):
        page.keyboard.press(key)
    tid(page, "hint").focus()
    page.keyboard.press("a")
    tid(page, "options-toggle").click()
    tid(page, "opt-seed").focus()
    page.keyboard.press("b")
    assert tid(page, "opt-seed").input_value().endswith("b")  # typed, not lost
    assert page.evaluate("() => window.heard") == []
    page.keyboard.press("Control+s")
    assert page.evaluate("() => window.heard")[-1] == "Ctrl+s"
    page.close()


def test_up_and_down_move_along_the_hand_as_left_and_right(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, states["to-follow"])
    codes = [c["code"] for c in states["to-follow"]["hand"]["cards"]]
    tid(page, f"card-{codes[0]}").focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate(FOCUSED) == f"card-{codes[1]}"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUSED) == f"card-{codes[1]}"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == f"card-{codes[2]}"
    assert not page.evaluate("() => window.sent")  # a move, not a play
    page.close()


def test_the_arrows_move_along_the_bids(browser: Any, states: Any) -> None:
    page = open_table(browser, states["bidding"])
    tid(page, "bid-3").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == "bid-4"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUSED) == "bid-2"
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED) == "bid-nil"
    assert not page.evaluate("() => window.sent")
    page.close()


# ------------------------------------------------------ 3. Next move


def test_s_is_next_move_and_the_turn_brings_the_focus_back_to_the_hand(
    browser: Any,
) -> None:
    table = SpadesTable("classic", seed=2024, speed="step")
    _step_to_my_turn(table)
    table.bid(3)
    assert table.state["controls"]["step"]
    page = open_table(browser, table.state)
    assert tid(page, "step").get_attribute("aria-keyshortcuts") == "s"
    tid(page, "step").focus()
    page.keyboard.press("s")
    assert page.evaluate("() => window.sent") == [{"type": "step"}]
    _step_to_my_turn(table, play=True)
    state = table.state
    assert not state["controls"]["step"]
    push(page, state)
    page.evaluate(FRAMES)
    focused = page.evaluate(FOCUSED)
    assert focused.startswith("card-"), focused
    assert tid(page, focused).get_attribute("data-legal") == "true"
    # s pressed while Next move is unavailable sends nothing and says why
    page.keyboard.press("s")
    assert page.evaluate("() => window.sent") == [{"type": "step"}]
    said = state.get("unavailable", {}).get("step") or "Next move is not available"
    page.wait_for_function(
        "(said) => document.querySelector('[data-testid=notice]')"
        ".textContent.includes(said)",
        arg=said[:40],
    )
    assert not page.errors, page.errors
    page.close()


# ------------------------------------------------------ 6. the played card


def test_the_focus_stays_where_the_card_was_played(browser: Any) -> None:
    table = SpadesTable("classic", seed=2024, speed="step")
    _step_to_my_turn(table)
    table.bid(3)
    _step_to_my_turn(table, play=True)
    state = table.state
    cards = state["hand"]["cards"]
    i, card = next((i, c) for i, c in enumerate(cards) if c["legal"] and i > 2)
    page = open_table(browser, state)
    tid(page, f"card-{card['code']}").focus()
    page.keyboard.press("Enter")
    assert {"type": "card", "card": card["code"]} in page.evaluate("() => window.sent")
    assert table.play(card["code"])
    push(page, table.state)
    page.evaluate(FRAMES)
    assert page.evaluate(FOCUSED) == f"card-{cards[i + 1]['code']}"
    page.close()


# ------------------------------------------------------ 10. the bids


def test_a_hint_keeps_the_focus_on_the_same_bid(browser: Any) -> None:
    table = SpadesTable("classic", seed=2024, speed="instant")
    page = open_table(browser, table.state)
    tid(page, "bid-1").focus()
    table.hint()
    hinted = table.state
    assert hinted["hint"]["action"] != "1"
    push(page, hinted)
    page.evaluate(FRAMES)
    assert page.evaluate(FOCUSED) == "bid-1"
    page.close()


# ------------------------------------------------------ 2. the trick just won


def test_the_trick_just_won_stays_in_the_middle(browser: Any) -> None:
    table = SpadesTable("classic", seed=2024, speed="instant")
    table.bid(3)
    for _ in range(60):
        s = table.state
        if s["hand"]["playable"] and s["trick"]["last"]:
            break
        table.play(next(c["code"] for c in s["hand"]["cards"] if c["legal"]))
    state = table.state
    last = state["trick"]["last"]
    page = open_table(browser, state)
    trick = tid(page, "trick")
    assert "spt-finished" in trick.get_attribute("class")
    assert trick.get_attribute("aria-label").startswith("the last trick: ")
    for p in last["plays"]:
        assert tid(page, f"trick-card-{p['seat']}").is_visible()
    assert tid(page, "trick-note").get_attribute("data-text") == last["text"]
    # the learner leads: the cards to play and the turn are shown
    assert page.locator('[data-legal="true"]').count() > 0
    assert "your turn" in tid(page, "seat-S").inner_text()
    table.play(next(c["code"] for c in state["hand"]["cards"] if c["legal"]))
    playing = copy_state(table.state)
    playing["trick"]["last"] = None  # a card of the next trick is down
    playing["trick"]["current"] = playing["trick"]["done"][-1]["plays"][:1]
    push(page, playing)
    assert "spt-finished" not in trick.get_attribute("class")
    assert trick.get_attribute("aria-label") == "the trick in play"
    page.close()


# ------------------------------------------------------ 4. the focus rings

JUPYTERLAB_RING = """.jp-ThemedContainer button:focus-visible {outline-width: 1px;
  outline-color: rgb(0, 0, 255); outline-style: solid; outline-offset: -1px;}"""


def test_the_tables_rings_beat_jupyterlabs(browser: Any, states: Any) -> None:
    page = open_table(browser, states["to-follow"])
    page.add_style_tag(content=JUPYTERLAB_RING)
    page.evaluate(
        "() => document.getElementById('box').classList.add('jp-ThemedContainer')"
    )
    code = states["to-follow"]["hand"]["cards"][0]["code"]
    ring = "(e) => [getComputedStyle(e).outlineWidth, getComputedStyle(e).outlineColor]"
    for name in (f"card-{code}", "hint", "options-toggle"):
        tid(page, name).focus()
        page.keyboard.press("Shift")  # a keyboard focus: :focus-visible
        width, colour = tid(page, name).evaluate(ring)
        assert width == "3px" and colour != "rgb(0, 0, 255)", (name, width, colour)
    page.close()


# ------------------------------------------------------ 5. cards said in words


def test_cards_are_said_in_words_and_shown_with_symbols(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, states["bidding"])
    state = copy_state(states["to-follow"])
    push(page, state)
    said = tid(page, "live").inner_text()
    assert " plays " in said and not any(s in said for s in "♣♦♥♠"), said
    hinted = copy_state(state)
    hinted["hint"] = {"action": "AC", "label": "A♣", "text": "Win it with the A♣."}
    push(page, hinted)
    hint = tid(page, "hint-text")
    assert (
        hint.locator('[aria-hidden="true"]').inner_text()
        == "Hint: A♣. Win it with the A♣."
    )
    heard = hint.locator(".spt-sr").inner_text()
    assert heard == "Hint: ace of clubs. Win it with the ace of clubs.", heard
    refused = dict(hinted, notice="You hold 10♥, Q♦ and 2♠ (♠ spades broken).")
    push(page, refused)
    assert tid(page, "notice").locator(".spt-sr").inner_text() == (
        "You hold ten of hearts, queen of diamonds and two of spades (spades broken)."
    )
    page.close()


# ------------------------------------------------------ 8, 9. print sizes


def test_no_text_under_12px_and_the_dealer_in_the_seats_name(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, states["to-follow"])
    size = "(e) => parseFloat(getComputedStyle(e).fontSize)"
    for sel in (
        ".spt-who",
        ".spt-dealer",
        "[data-testid=spades-broken]",
        ".spt-sheet small",
    ):
        el = page.locator(sel).first
        assert el.count(), sel
        assert el.evaluate(size) >= 12, (sel, el.evaluate(size))
    dealer = next(s for s in states["to-follow"]["seats"] if s["dealer"])
    seat = tid(page, f"seat-{dealer['seat']}")
    assert ", dealer" in seat.get_attribute("aria-label")
    assert seat.locator(".spt-dealer").get_attribute("aria-hidden") == "true"
    page.close()


def test_large_print_keeps_the_log_and_the_sheets_status(
    browser: Any, states: Any
) -> None:
    state = copy_state(states["reviewed"])
    state["prefs"] = {**state.get("prefs", {}), "large_print": True}
    page = open_table(browser, states["to-follow"], width=1240)
    push(page, state)
    page.evaluate(FRAMES)
    log = tid(page, "log").bounding_box()
    assert log["height"] >= 85, log  # was squeezed to 70px
    sheet = tid(page, "score-sheet").bounding_box()
    status = page.locator(".spt-sheet-status").bounding_box()
    assert status["y"] >= sheet["y"] - 1
    assert status["y"] + status["height"] <= sheet["y"] + sheet["height"] + 1
    page.close()
