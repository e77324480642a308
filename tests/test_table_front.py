"""The table's front end (``static/table.js`` and ``table.css``) in Chromium,
without a Jupyter server: the module is loaded into a bare page with a small
stand-in for the widget model, and fed states built by
:func:`~spadeslib.table.state.table_state` from real sessions.

Checked here: a redraw keeps what the learner is typing in the Options panel
(a seed typed while the bots play survives to New game); the trick note is
one line and never reaches the prompt, and the top seat's box is not cut, at
cell widths from 760 to 1240 px and at 1024x700; a pressed button (the speed
in use) keeps WCAG AA contrast, under the mouse too; the face-down hand
and a hand of five suits lie on the felt; Check my play reopens a closed
review without asking Python again; the resume banner, the hint and the
two-player Options panel leave the prompt, the side seats and every setting
in view; the side seats end above the prompt (normal and large print,
1280x800, 800x600, a phone) and a scrolling strip ends on a whole line; the
score sheet's headings stay in view; a card too many in an exchange says so
on screen; the two-player draw keeps the keyboard on its buttons; the review
fits a phone's felt.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import CHROMIUM, launch_chromium

from spadeslib.bots.ladder import level_label
from spadeslib.table.app import SpadesTable

pytestmark = pytest.mark.browser

STATIC = Path(__file__).parent.parent / "spadeslib" / "table" / "static"

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<style>body {{ margin: 0; padding: 8px; }} #box {{ width: {width}px; }}</style>
<style>{css}</style></head><body><div id="box"></div>
<script>
window.sent = [];
window.model = {{
  st: null, cb: null,
  get(k) {{ return k === "state" ? this.st : k === "name" ? "front-test" : null; }},
  on(e, f) {{
    if (e === "change:state") this.cb = f;
    if (e === "msg:custom") this.msgcb = f;
  }},
  off() {{}},
  send(m) {{ window.sent.push(m); }},
}};
window.setState = (s) => {{ model.st = s; model.cb && model.cb(); }};
window.sendMsg = (m) => {{ model.msgcb && model.msgcb(m); }};
</script>
<script type="module">{js}
model.st = {state};
render({{ model, el: document.getElementById("box") }});
window.ready = true;
</script></body></html>"""


def _states() -> dict[str, dict[str, Any]]:
    """Table states from one seeded classic game: bidding, two successive
    states while the bots play, the learner to play a card after a lead, and
    the hand over with its review (maybe still pending), and with the review
    done."""
    table = SpadesTable("classic", seed=2024, speed="instant")
    states = {"bidding": table.state}
    table.bid(3)
    states["after-bid"] = table.state
    for _ in range(60):
        s = table.state
        if s["trick"]["current"] and s["hand"]["playable"]:
            break
        table.play(next(c["code"] for c in s["hand"]["cards"] if c["legal"]))
    states["to-follow"] = table.state
    while table.state["hand"]["playable"]:
        s = table.state
        table.play(next(c["code"] for c in s["hand"]["cards"] if c["legal"]))
    states["hand-over"] = table.state
    if table.state["review"]["state"] != "ready":  # the coach answers later
        table.review()
    states["reviewed"] = table.state
    return states


@pytest.fixture(scope="module")
def states() -> dict[str, dict[str, Any]]:
    return _states()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


def open_table(
    browser: Any,
    state: dict[str, Any],
    width: int = 1240,
    viewport: tuple[int, int] = (1280, 800),
) -> Any:
    """A page with the table drawn from ``state`` in a box ``width`` wide."""
    js = (STATIC / "table.js").read_text(encoding="utf-8")
    js = js.replace("export default { render };", "").replace(
        "export function", "function"
    )
    css = (STATIC / "table.css").read_text(encoding="utf-8")
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_content(
        PAGE.format(width=width, css=css, js=js, state=json.dumps(state)),
        wait_until="load",
    )
    page.wait_for_function("window.ready === true", timeout=10_000)
    page.errors = errors
    return page


def tid(page: Any, name: str) -> Any:
    return page.locator(f'[data-testid="{name}"]')


def push(page: Any, state: dict[str, Any]) -> None:
    """A new state from Python, as when a bot has moved."""
    page.evaluate("(s) => window.setState(s)", state)


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
    tid(page, "new-game").click()
    sent = [m for m in page.evaluate("() => window.sent") if m["type"] == "new_game"]
    assert sent and sent[-1]["seed"] == "20247" and sent[-1]["opponents"] == "novice"
    started = json.loads(json.dumps(states["bidding"]))
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
    state = json.loads(json.dumps(states["to-follow"]))
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


def _contrast(fg: str, bg: str) -> float:
    def lum(colour: str) -> float:
        parts = colour[colour.index("(") + 1 : colour.index(")")].split(",")
        channels = [int(float(p)) / 255 for p in parts[:3]]
        lin = [
            c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
            for c in channels
        ]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    a, b = sorted((lum(fg), lum(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_pressed_speed_button_is_readable_under_the_mouse(
    browser: Any, states: Any
) -> None:
    state = json.loads(json.dumps(states["after-bid"]))
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
        assert _contrast(fg, bg) >= 4.5, (hovered, fg, bg)
    normal = tid(page, "speed-normal")
    normal.hover()
    fg, bg = normal.evaluate(
        "(b) => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]"
    )
    assert normal.get_attribute("aria-pressed") == "false" and _contrast(fg, bg) >= 4.5
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
    refused = json.loads(json.dumps(states["bidding"]))
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
    state = json.loads(json.dumps(states["bidding"]))
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
    state = json.loads(json.dumps(states["bidding"]))
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
    state = json.loads(json.dumps(states["hand-over"]))
    state["table"]["phase"] = "over"
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


# ------------------------------------------------ the learner's review fixes
INSIDE_FELT_JS = """(sel) => {
  const felt = document.querySelector('[data-testid=felt]').getBoundingClientRect();
  return [...document.querySelectorAll(sel)].map((c) => c.getBoundingClientRect())
    .filter((r) => r.left < felt.left - 0.5 || r.right > felt.right + 0.5)
    .map((r) => [Math.round(r.left), Math.round(r.right), felt.left, felt.right]);
}"""


def _face_down(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` with the learner's 13 cards face down (a blind bid offered)."""
    state = json.loads(json.dumps(state))
    state["hand"].update(hidden=True, hidden_count=13, cards=[], playable=False)
    return state


@pytest.mark.parametrize("large", [False, True])
def test_the_face_down_hand_fits_after_a_hand(
    browser: Any, states: Any, large: bool
) -> None:
    """Next hand after a hand played out (0 cards left): the 13 backs lie on
    the felt, as on a first load (a count left from the last hand spread
    them past both edges)."""
    over = json.loads(json.dumps(states["hand-over"]))
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
    nxt = json.loads(json.dumps(states["bidding"]))
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
    """The learner's bid in cards4net (seed 3, novice opponents) with the
    coach's hint shown: East deals, and "novice bot" wraps its box."""
    table = SpadesTable("cards4net", seed=3, opponents="novice", speed="instant")
    if table.state["hand"]["hidden"]:
        table.look()
    table.hint()
    state = table.state
    assert state["hint"] and any(
        s["dealer"] for s in state["seats"] if s["seat"] == "E"
    )
    return state


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
    state = json.loads(json.dumps(hinted_bid))
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
    """After four hands and more the sheet scrolls to its newest rows: the
    column headings (North-South (you), East-West) stay in view."""
    state = json.loads(json.dumps(states["reviewed"]))
    row = state["sheet"]["rows"][0]
    state["sheet"]["rows"] = [dict(row, hand=n) for n in range(1, 8)]
    state["prefs"]["large_print"] = large
    page = open_table(browser, state)
    box = page.evaluate(
        """() => {
        const box = document.querySelector('[data-testid=sheet-toggle]');
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
    waiting = json.loads(json.dumps(second))
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
    # once the draw is over, the focus goes to the hand as after any bid
    over = json.loads(json.dumps(second))
    over["table"]["phase"] = "bidding"
    over["buttons"] = [dict(b, action=str(n)) for n, b in enumerate(over["buttons"])]
    page.keyboard.press("Enter")
    push(page, over)
    assert page.evaluate(focused).startswith("card-")
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize("large", [False, True])
def test_the_review_fits_a_phone(browser: Any, states: Any, large: bool) -> None:
    """390x844: the review's table was 424 px wide in a 341 px dialog, and
    the seats behind showed at its left edge. Now it covers the felt edge to
    edge, nothing in it is wider than it, and Next hand stays clear."""
    state = json.loads(json.dumps(states["reviewed"]))
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
