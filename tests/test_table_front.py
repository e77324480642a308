"""The table's front end (``static/*.js`` joined, and ``table.css``) in Chromium,
without a Jupyter server: the module is loaded into a bare page with a small
stand-in for the widget model, and fed states built by
:func:`~spadeslib.table.state.table_state` from real sessions.

Checked here: a redraw keeps what the learner is typing in the Options panel
(a seed typed while the bots play survives to New game); the trick note is
one line and never reaches the prompt, and the top seat's box is not cut, at
cell widths from 760 to 1240 px and at 1024x700; a pressed button (the speed
in use) keeps WCAG AA contrast, under the mouse too; a refused new game, a
replay, a narrow page, a long hint, the chosen count, game over, the focus
after a bid and the review's keyboard behave; the two-player draw shows its
top card. The fixes of the outside reviews are checked in
``test_table_front_reviews.py``; the page and the states in
``front_support.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from front_support import contrast, copy_state, open_table, push, tid

from spadeslib.bots.ladder import level_label
from spadeslib.table.app import SpadesTable

pytestmark = pytest.mark.browser


def test_a_redraw_keeps_the_seed_being_typed(browser: Any, states: Any) -> None:
    page = open_table(browser, states["bidding"])
    tid(page, "options-toggle").click()
    # the level menu names each level with its measured rating
    expert = tid(page, "opt-opponents").locator('option[value="expert"]')
    assert expert.inner_text() == level_label("expert") != "expert"
    seed = tid(page, "opt-seed")
    seed.click()
    seed.type("2024")
    page.evaluate(
        "() => { window.seedBox = document.querySelector('[data-testid=opt-seed]'); }"
    )
    push(page, states["after-bid"])  # a bot moves while the learner types
    seed.type("7")
    assert seed.input_value() == "20247"
    assert page.evaluate(
        "() => window.seedBox === document.querySelector('[data-testid=opt-seed]')"
        " && document.activeElement === window.seedBox"
    ), "the redraw replaced the box being typed in"
    tid(page, "opt-opponents").select_option("novice")
    tid(page, "status").click()  # focus leaves the panel: the edits stay
    push(page, states["to-follow"])
    push(page, states["after-bid"])
    assert seed.input_value() == "20247"
    assert tid(page, "opt-opponents").input_value() == "novice"
    # an untouched control follows the state
    shown = dict(
        states["to-follow"], prefs={**states["to-follow"]["prefs"], "four_colour": True}
    )
    push(page, shown)
    assert tid(page, "opt-four-colour").is_checked()
    # the learner has bid: New game asks first, as Replay does
    assert states["after-bid"]["table"]["in_play"]
    tid(page, "new-game").click()
    # armed, it says what the second press loses, in the same words
    assert tid(page, "new-game").inner_text() == "Click again: end this game"
    assert tid(page, "new-game").get_attribute("aria-label") == (
        "press again to end this game"
    )
    assert "press again to end this game" in tid(page, "live").inner_text()
    assert not [
        m for m in page.evaluate("() => window.sent") if m["type"] == "new_game"
    ]
    tid(page, "new-game").click()
    sent = [m for m in page.evaluate("() => window.sent") if m["type"] == "new_game"]
    assert sent and sent[-1]["seed"] == "20247" and sent[-1]["opponents"] == "novice"
    assert tid(page, "new-game").inner_text() == "New game"
    started = copy_state(states["bidding"])
    started["table"]["game"] += 1
    push(page, started)  # the new game started: the panel closes
    assert tid(page, "options").is_hidden()
    # opened again, the panel starts from the state, not from old edits
    tid(page, "options-toggle").click()
    assert tid(page, "opt-seed").input_value() == ""
    assert (
        tid(page, "opt-opponents").input_value()
        == states["bidding"]["options"]["opponents"]
    )
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize(
    ("width", "viewport"),
    [(760, (1280, 800)), (900, (1280, 800)), (1000, (1024, 700)), (1240, (1280, 800))],
)
def test_trick_note_and_top_seat_never_overlap(
    browser: Any, states: Any, width: int, viewport: tuple[int, int]
) -> None:
    state = copy_state(states["to-follow"])
    state["trick"]["note"] = "North (partner) is winning with the 10♣ (a long note)"
    for seat in state["seats"]:
        seat["turn"] = seat["pos"] == "top"
    page = open_table(browser, state, width, viewport)
    box = page.evaluate(
        """() => {
        const q = (id) => document.querySelector(`[data-testid="${id}"]`);
        const r = (id) => q(id).getBoundingClientRect();
        const note = q('trick-note');
        const top = document.querySelector('.spt-pos-top');
        const north = document.querySelector('[data-testid=trick-card-N]');
        return {note: r('trick-note'), prompt: r('prompt'),
                noteLines: note.scrollHeight, top: top.getBoundingClientRect(),
                topFull: top.scrollHeight <= top.clientHeight,
                north: north ? north.getBoundingClientRect() : null,
                spades: r('spades-broken'), felt: r('felt')};
    }"""
    )
    assert box["note"]["height"] <= 20 and box["noteLines"] <= 20, box
    assert box["note"]["bottom"] <= box["prompt"]["top"] + 0.5, box
    assert box["topFull"], "the top seat's box is cut"
    if box["north"]:
        assert box["top"]["bottom"] <= box["north"]["top"] + 0.5, box
    assert box["spades"]["right"] <= box["top"]["left"], "the spades badge hides North"
    assert box["felt"]["right"] <= viewport[0], "the felt is off the screen"
    assert not page.errors, page.errors
    page.close()


def test_pressed_speed_button_is_readable_under_the_mouse(
    browser: Any, states: Any
) -> None:
    state = copy_state(states["after-bid"])
    state["options"]["speed"] = "fast"
    page = open_table(browser, state)
    fast = tid(page, "speed-fast")
    assert fast.get_attribute("aria-pressed") == "true"
    for hovered in (False, True):
        if hovered:
            fast.hover()
        fg, bg = fast.evaluate(
            "(b) => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]"
        )
        assert contrast(fg, bg) >= 4.5, (hovered, fg, bg)
    normal = tid(page, "speed-normal")
    normal.hover()
    fg, bg = normal.evaluate(
        "(b) => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]"
    )
    assert normal.get_attribute("aria-pressed") == "false" and contrast(fg, bg) >= 4.5
    page.close()


@pytest.mark.parametrize("viewport", [(1280, 800), (1024, 700)])
def test_review_at_the_end_of_a_hand_leaves_next_hand_clear(
    browser: Any, states: Any, viewport: tuple[int, int]
) -> None:
    state = states["hand-over"]
    assert state["table"]["phase"] == "between" and state["review"], state["table"]
    page = open_table(browser, state, viewport[0] - 40, viewport)
    review = tid(page, "review").bounding_box()
    button = tid(page, "next-hand").bounding_box()
    felt = tid(page, "felt").bounding_box()
    assert review and button and felt
    assert review["y"] + review["height"] <= button["y"], (review, button)
    assert button["y"] + button["height"] <= felt["y"] + felt["height"]
    assert review["height"] >= 0.75 * felt["height"], "the review has room to spare"
    tid(page, "next-hand").click()
    assert page.evaluate("() => window.sent.at(-1)") == {"type": "next_hand"}
    page.close()


def test_a_refused_new_game_keeps_the_options_open(browser: Any, states: Any) -> None:
    page = open_table(browser, states["bidding"])
    tid(page, "options-toggle").click()
    tid(page, "opt-mod-suicide").check()
    tid(page, "opt-preset").select_option("two-player")  # suicide stays ticked
    tid(page, "new-game").click()
    refused = copy_state(states["bidding"])
    refused["notice"] = "Could not start: suicide cannot be combined with two-player."
    push(page, refused)  # the same game: refused
    assert tid(page, "options").is_visible()
    assert "suicide cannot be combined" in tid(page, "opt-notice").inner_text()
    assert tid(page, "opt-mod-suicide").is_checked(), "the learner's choice is kept"
    assert not page.errors, page.errors
    page.close()


def test_replay_asks_before_it_throws_the_hand_away(browser: Any, states: Any) -> None:
    page = open_table(browser, states["to-follow"])
    replay = tid(page, "replay")
    replay.click()
    sent = page.evaluate("() => window.sent")
    assert {"type": "replay"} not in sent and "again" in replay.inner_text()
    replay.click()
    assert page.evaluate("() => window.sent.at(-1)") == {"type": "replay"}
    page.close()


@pytest.mark.parametrize("width", [400, 700])
def test_a_narrow_page_shows_the_whole_table(
    browser: Any, states: Any, width: int
) -> None:
    page = open_table(browser, states["to-follow"], width, (width + 16, 900))
    box = page.evaluate(
        """() => {
        const all = [...document.querySelectorAll('.spt-seat, .spt-card, .spt-btn')]
            .filter((e) => e.offsetParent !== null);
        const felt = document.querySelector('[data-testid=felt]');
        const side = document.querySelector('.spt-side');
        const root = document.querySelector('.spt');
        const zoom = Number(getComputedStyle(root).zoom || 1);
        const log = document.querySelector('.spt-log');
        const text = parseFloat(getComputedStyle(log).fontSize);
        return {right: Math.max(...all.map((e) => e.getBoundingClientRect().right)),
                text: text * zoom,
                feltBottom: felt.getBoundingClientRect().bottom,
                sideTop: side.getBoundingClientRect().top,
                scroll: document.documentElement.scrollWidth};
    }"""
    )
    assert box["right"] <= width + 8 + 1, box  # the box starts 8 px in
    assert box["scroll"] <= width + 16, box
    assert box["sideTop"] >= box["feltBottom"], "the side panel goes under the table"
    assert box["text"] >= 10, f"text {box['text']:.1f} px on screen: too small to read"
    assert not page.errors, page.errors
    page.close()


def test_a_long_hint_is_read_whole(browser: Any, states: Any) -> None:
    state = copy_state(states["bidding"])
    state["hint"] = {
        "action": "6",
        "label": "bid 6",
        "text": "Bid 6: worth +38 points to your side over 24 deals of the unseen "
        "cards; bid 5 came out at +47 in these deals, a lead small enough to be "
        "chance, so the coach keeps the textbook bid. Nil does not pay: -144 "
        "against +38 for bid 6; made in 0% of deals.",
    }
    page = open_table(browser, state)
    strip = page.evaluate(
        """() => { const s = document.querySelector('.spt-strip');
        return [s.scrollHeight, s.clientHeight]; }"""
    )
    assert strip[0] <= strip[1] + 1, f"the hint is cut: {strip}"
    assert not page.errors, page.errors
    page.close()


def test_a_two_player_game_after_a_four_player_one_shows_two_seats(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, states["bidding"])
    two = SpadesTable("two-player", seed=5, speed="instant").state
    push(page, two)
    shown = page.evaluate(
        """() => [...document.querySelectorAll('.spt-seat')]
        .filter((e) => !e.hidden && e.textContent.trim()).length"""
    )
    assert shown == 2, "a seat nobody sits at is still drawn"
    assert not page.errors, page.errors
    page.close()


def test_the_chosen_count_follows_each_click(browser: Any, states: Any) -> None:
    state = copy_state(states["bidding"])
    state["hand"]["choose"] = {"min": 2, "max": 2, "verb": "pass", "label": "Pass"}
    page = open_table(browser, state)
    cards = tid(page, "hand").locator("[data-code]")
    cards.nth(0).click()
    cards.nth(1).click()
    assert "(2 chosen)" in page.locator(".spt-choose-note").inner_text()
    assert tid(page, "confirm-choice").inner_text() == "Pass 2"
    cards.nth(2).click()  # a third card: the most is two
    assert tid(page, "confirm-choice").inner_text() == "Pass 2"
    said = "You pass exactly 2 cards: click a chosen card to put it back."
    assert tid(page, "live").inner_text() == said
    note = tid(page, "choose-note")
    assert note.inner_text() == said, "the refused click must show on screen"
    box, row = note.bounding_box(), page.locator(".spt-actions").bounding_box()
    assert box and row and box["height"] <= row["height"], "the note is cut"
    assert tid(page, "confirm-choice").is_visible()
    cards.nth(1).click()  # put one back: not ready to pass
    assert tid(page, "confirm-choice").is_disabled()
    assert "(1 chosen)" in note.inner_text()
    page.close()


def test_game_over_offers_a_new_game_and_a_move_timer(
    browser: Any, states: Any
) -> None:
    state = copy_state(states["hand-over"])
    state["table"]["phase"] = "over"
    state["table"]["in_play"] = False  # a game over asks nothing
    state["controls"].update(next_hand=False, new_game=True)
    state["review"] = None
    page = open_table(browser, state)
    tid(page, "game-over-new").click()
    assert tid(page, "options").is_visible()
    assert page.evaluate("() => document.activeElement.dataset.testid") == "new-game"
    tid(page, "opt-timer").fill("30")
    tid(page, "new-game").click()
    sent = page.evaluate("() => window.sent.at(-1)")
    assert sent["type"] == "new_game" and sent["timer"] == "30"
    page.close()


def test_focus_stays_in_the_table_after_a_bid(browser: Any, states: Any) -> None:
    page = open_table(browser, states["bidding"])
    bid = page.locator("[data-action]").first
    bid.focus()
    page.keyboard.press("Enter")
    push(page, states["after-bid"])  # the bid buttons are gone
    assert page.evaluate(
        "() => document.querySelector('[data-testid=spades-table]')"
        ".contains(document.activeElement)"
    ), "focus fell out of the table: its keys stop working"
    page.close()


def test_escape_closes_the_review(browser: Any, states: Any) -> None:
    page = open_table(browser, states["hand-over"])
    assert tid(page, "review").is_visible()
    tid(page, "next-hand").focus()
    page.keyboard.press("Escape")
    assert tid(page, "review").is_hidden()
    page.close()


def test_the_review_takes_the_focus_when_it_opens(browser: Any, states: Any) -> None:
    page = open_table(browser, states["to-follow"])
    push(page, states["hand-over"])
    focused = "() => document.activeElement.dataset.testid"
    assert page.evaluate(focused) == "review", "a screen reader would not hear it"
    page.keyboard.press("Escape")
    assert tid(page, "review").is_hidden()
    assert page.evaluate(focused) == "next-hand"
    page.close()


def test_a_variant_that_cannot_go_with_the_choice_is_greyed_out(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, states["bidding"])
    tid(page, "options-toggle").click()
    assert tid(page, "opt-mod-whiz").is_enabled()
    tid(page, "opt-mod-jokers").check()
    assert tid(page, "opt-mod-whiz").is_disabled()
    assert tid(page, "opt-mod-why-whiz").inner_text() == (
        " (not with jokers: the joker rules have no Nil)"
    )
    assert tid(page, "opt-mod-ten_for_200").is_enabled()
    tid(page, "opt-mod-jokers").uncheck()
    assert tid(page, "opt-mod-whiz").is_enabled()
    tid(page, "opt-preset").select_option("two-player")
    assert tid(page, "opt-mod-suicide").is_disabled()
    assert tid(page, "opt-mod-jokers").is_disabled()
    assert not page.errors, page.errors
    page.close()


def test_the_two_player_draw_shows_the_top_card_face_up(browser: Any) -> None:
    table = SpadesTable("two-player", seed=3, speed="instant")
    table.look()
    state = table.state
    assert state["trick"]["drawn"]["code"] == "4H"
    page = open_table(browser, state)
    card = tid(page, "drawn-card")
    assert card.is_visible() and card.get_attribute("aria-label") == (
        "top of the stock: four of hearts"
    )
    assert "you hold 0 of your 13 cards" in tid(page, "trick-note").inner_text()
    assert not page.errors, page.errors
    page.close()
