"""The accessibility review of the table (keyboard only, a screen reader, low
vision), checked in Chromium: the focus stays on a control of the table after
Replay, New game and the review's Close; the confirm says itself in the
button's name and waits for the focus to leave; the hand's buttons survive
bot moves (the focused card is not announced again); the log is not a second
voice; the focus ring on the felt and the dimmed cards keep their contrast;
the seats are labelled groups and the prompt a paragraph of its own; a card
that may not be played says so in its name; the refusal's region is always
in the page; the resume offer is announced. The page and the states are
those of ``front_support.py``.
"""

from __future__ import annotations

import json
import re
import struct
import zlib
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

IN_TABLE = """() => { const r = document.querySelector('[data-testid=spades-table]');
  const a = document.activeElement; return r.contains(a) && a !== r; }"""


def _keys_work(page: Any) -> None:
    """The table's letter keys still answer: h asks for a hint."""
    before = len(page.evaluate("() => window.sent"))
    page.keyboard.press("h")
    assert {"type": "hint"} in page.evaluate("() => window.sent")[before:]


# ------------------------------------------------------------ 1. the focus


def test_focus_stays_on_a_control_after_replay_is_confirmed(browser: Any) -> None:
    """Cards4net: Replay pressed twice while playing; the deal starts again
    with the cards face down and Replay unavailable: it keeps the focus
    (aria-disabled, not disabled), and the table's keys still work."""
    table = SpadesTable("cards4net", seed=3, speed="instant")
    table.look()
    table.bid(3)
    page = open_table(browser, table.state)
    tid(page, "replay").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert {"type": "replay"} in page.evaluate("() => window.sent")
    table.replay_deal()
    assert not table.state["controls"]["replay"]
    push(page, table.state)
    page.evaluate(FRAMES)
    assert page.evaluate(IN_TABLE), page.evaluate(FOCUSED)
    assert page.evaluate(FOCUSED) == "replay"
    assert tid(page, "replay").get_attribute("aria-disabled") == "true"
    _keys_work(page)
    assert not page.errors, page.errors
    page.close()


def test_focus_stays_on_a_control_after_new_game_is_confirmed(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, states["after-bid"])
    tid(page, "options-toggle").click()
    tid(page, "new-game").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert any(m["type"] == "new_game" for m in page.evaluate("() => window.sent"))
    started = copy_state(states["bidding"])
    started["table"]["game"] += 1
    push(page, started)  # the game started: the panel (and New game) closes
    assert tid(page, "options").is_hidden()
    page.evaluate(FRAMES)
    assert page.evaluate(IN_TABLE), page.evaluate(FOCUSED)
    assert page.evaluate(FOCUSED).startswith("bid-"), page.evaluate(FOCUSED)
    _keys_work(page)
    page.close()


def test_the_reviews_close_button_gives_the_focus_back(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, states["reviewed"])
    tid(page, "review-close").focus()
    page.keyboard.press("Enter")
    assert tid(page, "review").is_hidden()
    page.evaluate(FRAMES)
    assert page.evaluate(FOCUSED) == "next-hand"
    _keys_work(page)
    page.close()


# ---------------------------------------------------------- 2. the confirm


def test_the_confirm_says_itself_and_waits_for_the_focus_to_leave(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, states["to-follow"])
    page.clock.install()
    replay = tid(page, "replay")
    name = replay.get_attribute("aria-label")
    replay.focus()
    page.keyboard.press("Enter")
    assert replay.inner_text() == "Click again: replay the deal"
    assert replay.get_attribute("aria-label") == "press again to replay the deal"
    assert (
        "press again to throw the hand in play away" in tid(page, "live").inner_text()
    )
    page.clock.run_for(8000)  # longer than the 4 s it once waited
    assert replay.get_attribute("aria-label") == "press again to replay the deal"
    page.keyboard.press("Enter")
    assert {"type": "replay"} in page.evaluate("() => window.sent")
    assert replay.get_attribute("aria-label") == name
    assert replay.inner_text() == "Replay this deal"
    # armed again: the focus leaving disarms it
    page.keyboard.press("Enter")
    assert replay.get_attribute("aria-label") != name
    page.keyboard.press("Tab")
    assert replay.get_attribute("aria-label") == name
    assert replay.inner_text() == "Replay this deal"
    # armed again: after 10 s it is disarmed
    replay.focus()
    page.keyboard.press("Enter")
    page.clock.run_for(10_500)
    assert replay.get_attribute("aria-label") == name
    assert replay.inner_text() == "Replay this deal"
    # armed, then disabled by a redraw (nothing left to replay): disarmed
    page.keyboard.press("Enter")
    assert replay.inner_text() == "Click again: replay the deal"
    off = copy_state(states["to-follow"])
    off["controls"]["replay"] = False
    push(page, off)
    assert replay.get_attribute("aria-disabled") == "true"
    assert replay.inner_text() == "Replay this deal"
    assert replay.get_attribute("aria-label") == name
    assert not page.errors, page.errors
    page.close()


# ------------------------------------------------------- 3. the hand stays


def _bot_states() -> list[dict[str, Any]]:
    """Classic, seed 2024, one bot move a state: after the learner's bid
    the bots bid and lead until the learner's turn to play."""
    table = SpadesTable("classic", seed=2024, speed="step")
    while table.state["table"]["to_move"] != "you":
        table.step()
    table.bid(3)
    out = [table.state]
    while not table.state["hand"]["playable"]:
        table.step()
        out.append(table.state)
    assert len(out) >= 4
    return out


def test_bot_moves_do_not_refocus_the_focused_card(browser: Any) -> None:
    moves = _bot_states()
    page = open_table(browser, moves[0])
    page.evaluate(
        """() => { window.focusins = [];
        document.querySelector('[data-testid=hand]').addEventListener('focusin',
          (e) => window.focusins.push(e.target.dataset.code)); }"""
    )
    first = moves[0]["hand"]["cards"][0]["code"]
    tid(page, f"card-{first}").focus()
    page.evaluate(
        "() => { window.focusins = []; window.card = document.activeElement; }"
    )
    for s in moves[:-1]:  # only bots move
        push(page, s)
    assert page.evaluate("() => window.focusins") == []
    assert page.evaluate("() => window.card === document.activeElement")
    # the learner's turn comes, the focused card may not be played: the
    # focus moves once, to the first card that may
    last = moves[-1]
    assert not next(c for c in last["hand"]["cards"] if c["code"] == first)["legal"]
    push(page, last)
    legal = next(c["code"] for c in last["hand"]["cards"] if c["legal"])
    assert page.evaluate("() => window.focusins") == [legal]
    push(page, last)  # the same state again: no focus move
    assert page.evaluate("() => window.focusins") == [legal]
    assert tid(page, f"card-{first}").get_attribute("data-legal") == "false"
    assert not page.errors, page.errors
    page.close()


# ------------------------------------------------------------------ 4. log


def test_the_log_is_not_a_second_voice_and_keeps_its_lines(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, states["bidding"])
    log = tid(page, "log")
    assert log.get_attribute("role") == "log"
    assert log.get_attribute("aria-live") == "off"  # the live region speaks
    page.evaluate(
        "() => { window.line0 = document.querySelector('[data-testid=log] div'); }"
    )
    push(page, states["after-bid"])
    assert page.evaluate(
        "() => window.line0 === document.querySelector('[data-testid=log] div')"
    ), "the log's lines were drawn anew"
    shown = log.locator("div").all_inner_texts()
    assert shown == [e["text"] for e in states["after-bid"]["log"]][-len(shown) :]
    page.close()


# ------------------------------------------------------ 5. the focus ring


@pytest.mark.parametrize(
    "state, testid", [("bidding", "bid-3"), ("reviewed", "next-hand")]
)
def test_the_focus_ring_on_the_felt_stands_out(
    browser: Any, states: Any, state: str, testid: str
) -> None:
    page = open_table(browser, states[state])
    button = tid(page, testid)
    if testid == "next-hand":  # Close gives the focus to Next hand
        tid(page, "review-close").focus()
        page.keyboard.press("Enter")
    else:
        button.focus()
    assert button.evaluate("(b) => b.matches(':focus-visible')")
    ring = button.evaluate(
        "(b) => { const c = getComputedStyle(b);"
        " return [c.outlineStyle, c.outlineWidth, c.outlineColor]; }"
    )
    felt = page.evaluate(
        "() => getComputedStyle(document.querySelector('.spt'))"
        ".getPropertyValue('--felt').trim()"
    )
    assert ring[0] == "solid" and float(ring[1].rstrip("px")) >= 2, ring
    assert contrast(rgb(ring[2]), rgb(felt)) >= 3, (ring, felt)
    page.close()


def test_the_felts_buttons_on_look_and_game_over_have_the_same_ring(
    browser: Any,
) -> None:
    table = SpadesTable("cards4net", seed=3, speed="instant")
    assert table.state["hand"]["hidden"]
    page = open_table(browser, table.state)
    look = tid(page, "act-look")
    look.focus()
    colour = look.evaluate("(b) => getComputedStyle(b).outlineColor")
    assert contrast(rgb(colour), rgb("#17603a")) >= 3, colour
    over = table.state
    over = copy_state(over)
    over["controls"]["new_game"] = True
    push(page, over)
    tid(page, "game-over-new").focus()
    colour = tid(page, "game-over-new").evaluate(
        "(b) => getComputedStyle(b).outlineColor"
    )
    assert contrast(rgb(colour), rgb("#17603a")) >= 3, colour
    page.close()


# -------------------------------------------------- 6. seats and the prompt


def test_seats_are_labelled_groups_and_the_prompt_stands_alone(
    browser: Any, states: Any
) -> None:
    page = open_table(browser, states["to-follow"])
    for seat in states["to-follow"]["seats"]:
        snap = tid(page, f"seat-{seat['seat']}").aria_snapshot()
        assert re.match(f"- '?group \"{re.escape(seat['title'])}", snap), snap
    felt = tid(page, "felt").aria_snapshot()
    prompt = states["to-follow"]["prompt"]
    lines = [line.strip() for line in felt.splitlines() if prompt in line]
    assert lines and all(line.startswith("- paragraph:") for line in lines), felt
    page.close()


# --------------------------------------------- 7, 8. cards you may not play


def test_a_card_you_may_not_play_says_so_in_its_name(browser: Any, states: Any) -> None:
    s = states["to-follow"]
    bad = next(c for c in s["hand"]["cards"] if not c["legal"])
    good = next(c for c in s["hand"]["cards"] if c["legal"])
    page = open_table(browser, s)
    card = tid(page, f"card-{bad['code']}")
    assert card.get_attribute("aria-label") == f"{bad['name']}, not playable now"
    assert card.get_attribute("aria-description") == bad["why"]
    assert card.get_attribute("title") == f"{bad['name']}: {bad['why']}"
    ok = tid(page, f"card-{good['code']}")
    assert ok.get_attribute("aria-label") == good["name"]
    assert ok.get_attribute("title") is None  # it only repeated the name
    page.close()


def test_a_dimmed_card_keeps_its_indices_readable_and_is_marked(
    browser: Any, states: Any
) -> None:
    s = copy_state(states["to-follow"])
    # a red card the learner may not play (hearts or diamonds)
    bad = next(c for c in s["hand"]["cards"] if not c["legal"] and c["suit"] in "HD")
    good = next(c for c in s["hand"]["cards"] if c["legal"])
    page = open_table(browser, s)
    card = tid(page, f"card-{bad['code']}")
    # the index's ink as drawn: its colour, faded by every opacity above it,
    # on the white card (and no filter greys it)
    ink = card.evaluate(
        """(b) => { const t = b.querySelector('text'); let o = 1, f = [];
        for (let e = t; e && e !== b.parentElement; e = e.parentElement) {
          const c = getComputedStyle(e); o *= Number(c.opacity);
          if (c.filter !== 'none') f.push(c.filter); }
        return { fill: getComputedStyle(t).fill, opacity: o, filters: f }; }"""
    )
    assert not [f for f in ink["filters"] if "grayscale" in f or "opacity" in f], ink
    fill = rgb(ink["fill"])
    drawn = tuple(ink["opacity"] * c + (1 - ink["opacity"]) * 255 for c in fill)
    assert contrast(drawn, (255, 255, 255)) >= 4.5, ink
    # a sign that is not colour: on the dimmed card only
    mark = "(b) => getComputedStyle(b, '::after').content"
    assert card.evaluate(mark) not in ("none", "normal")
    assert tid(page, f"card-{good['code']}").evaluate(mark) in ("none", "normal")
    # and its pips fade: it stays apart from a card you may play
    art = "(b) => Number(getComputedStyle(b.querySelector('.spt-art')).opacity)"
    assert card.evaluate(art) <= 0.6
    assert tid(page, f"card-{good['code']}").evaluate(art) == 1
    page.close()


# ------------------------------------------------------ 9. the refusal


def test_the_refusal_region_is_always_in_the_page(browser: Any, states: Any) -> None:
    s = states["to-follow"]
    assert not s["notice"]
    page = open_table(browser, s)
    notice = tid(page, "notice")
    assert notice.get_attribute("hidden") is None
    assert notice.get_attribute("aria-live") == "assertive"
    assert notice.evaluate("(n) => getComputedStyle(n).display") != "none"
    box = notice.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1  # no box
    bad = next(c for c in s["hand"]["cards"] if not c["legal"])
    refused = dict(s, notice=bad["why"])
    prompt = tid(page, "prompt").bounding_box()
    push(page, refused)
    # seen with the suits' symbols, heard with the cards named in words
    assert notice.is_visible() and notice.get_attribute("data-text") == bad["why"]
    seen = notice.locator('[aria-hidden="true"]').inner_text()
    heard = notice.locator(".spt-sr").inner_text()
    assert seen == bad["why"] and "♣" in seen, seen
    assert "♣" not in heard and "ace of clubs" in heard, heard
    assert notice.bounding_box()["height"] > 10
    push(page, s)
    assert notice.inner_text() == "" and notice.get_attribute("hidden") is None
    assert tid(page, "prompt").bounding_box() == prompt
    page.close()


def test_the_same_refusal_twice_is_said_twice(browser: Any) -> None:
    """Clicking one unplayable card twice: the engine refuses it twice (the
    state counts refusals) and the region is emptied, then filled again, so
    a screen reader speaks it again."""
    table = SpadesTable("classic", seed=2024, speed="instant")
    table.bid(3)
    state = table.state
    bad = next(c for c in state["hand"]["cards"] if not c["legal"])["code"]
    assert not table.play(bad)
    once = table.state
    assert not table.play(bad)
    twice = table.state
    assert once["notice"] == twice["notice"]
    assert twice["notice_id"] == once["notice_id"] + 1
    page = open_table(browser, once)
    page.evaluate(
        """() => { window.texts = [];
        const n = document.querySelector('[data-testid=notice]');
        new MutationObserver(() => window.texts.push(n.dataset.text))
          .observe(n, { childList: true, characterData: true, subtree: true }); }"""
    )
    push(page, twice)
    page.wait_for_function("window.texts.length >= 2")
    assert page.evaluate("() => window.texts") == ["", once["notice"]]
    push(page, twice)  # the same state again (a redraw): nothing said
    page.wait_for_timeout(100)
    assert page.evaluate("() => window.texts") == ["", once["notice"]]
    assert not page.errors, page.errors
    page.close()


# --------------------------------------------------- the resume offer


def test_the_resume_offer_is_announced(browser: Any, states: Any) -> None:
    """The offer appears with the page: a screen reader hears its words."""
    kept = {
        "token": {"hands": [["x"]]},
        "rules": "classic",
        "hand": 2,
        "summary": "Classic, hand 2.",
    }
    storage = (
        "Object.defineProperty(window, 'localStorage', { value: {"
        " getItem: (k) => k.endsWith(':front-test')"
        f" ? {json.dumps(json.dumps(kept))} : null,"
        " setItem() {} } });"
    )
    page = open_table(browser, states["after-bid"], before=storage)
    assert tid(page, "resume-banner").is_visible()
    said = tid(page, "live").inner_text()
    assert said.startswith("This browser kept your last game: Classic, hand 2."), said
    assert not page.errors, page.errors
    page.close()


# ---------------------------------- 12. the ring inside the choices' row


def _outside(el: Any) -> dict[str, float]:
    """How far the focus ring and the shadows reach out of the element's
    border box, on each side (px)."""
    return el.evaluate(
        """(b) => { const c = getComputedStyle(b);
        const ring = c.outlineStyle === 'none' ? 0
          : parseFloat(c.outlineOffset) + parseFloat(c.outlineWidth);
        let out = { left: ring, right: ring, top: ring, bottom: ring };
        const shadows = c.boxShadow === 'none' ? []
          : c.boxShadow.split(/,(?![^(]*\\))/);
        for (const sh of shadows) {
          if (/inset/.test(sh)) continue;
          const [x, y, blur, spread] = (sh.replace(/rgba?\\([^)]*\\)/, '')
            .match(/-?[\\d.]+px/g) || []).map(parseFloat).concat([0, 0, 0, 0]);
          const r = (blur || 0) + (spread || 0);
          out = { left: Math.max(out.left, r - x), right: Math.max(out.right, r + x),
                  top: Math.max(out.top, r - y), bottom: Math.max(out.bottom, r + y) };
        }
        return out; }"""
    )


@pytest.mark.parametrize("hinted", [False, True])
def test_the_first_choices_ring_is_not_cut(
    browser: Any, states: Any, hinted: bool
) -> None:
    s = copy_state(states["bidding"])
    first = s["buttons"][0]["action"]
    if hinted:
        s["hint"] = {"action": first, "label": "bid it", "text": "Bid it."}
    page = open_table(browser, s)
    acts = page.locator(".spt-actions")
    button = acts.locator("button").first
    box_before = acts.bounding_box()
    button.focus()
    assert button.evaluate("(b) => b.matches(':focus-visible')")
    clip = acts.evaluate(
        "(a) => { const r = a.getBoundingClientRect();"
        " const x = r.left + a.clientLeft, y = r.top + a.clientTop;"
        " return [getComputedStyle(a).overflowX, x, y,"
        " x + a.clientWidth, y + a.clientHeight]; }"
    )
    assert clip[0] != "visible", clip  # the row clips what leaves it
    b = button.bounding_box()
    out = _outside(button)
    assert b["x"] - out["left"] >= clip[1] - 0.01, (b, out, clip)
    assert b["y"] - out["top"] >= clip[2] - 0.01, (b, out, clip)
    assert b["x"] + b["width"] + out["right"] <= clip[3] + 0.01, (b, out, clip)
    assert b["y"] + b["height"] + out["bottom"] <= clip[4] + 0.01, (b, out, clip)
    # the same ring: white and solid, with a dark line inside it
    ring = button.evaluate(
        "(b) => { const c = getComputedStyle(b);"
        " return [c.outlineStyle, c.outlineWidth, c.outlineColor, c.boxShadow]; }"
    )
    assert ring[0] == "solid" and float(ring[1].rstrip("px")) >= 2, ring
    assert contrast(rgb(ring[2]), rgb("#17603a")) >= 7, ring
    assert "inset" in ring[3] and "rgb(22, 24, 29)" in ring[3], ring
    # the pixels: the button's left column is the white ring, and the row's
    # box has not moved
    shot = page.screenshot(
        clip={"x": b["x"], "y": b["y"] + b["height"] / 2, "width": 2, "height": 1}
    )
    assert _first_pixel(shot) == (255, 255, 255), _first_pixel(shot)
    assert acts.bounding_box() == box_before
    page.close()


def test_the_hinted_first_choice_s_yellow_ring_is_not_cut(
    browser: Any, states: Any
) -> None:
    """Unfocused, the hinted choice's yellow ring is drawn inside the button
    too: nothing of it leaves the row's clip, and the button's edge is yellow."""
    s = copy_state(states["bidding"])
    s["hint"] = {"action": s["buttons"][0]["action"], "label": "bid", "text": "Bid."}
    page = open_table(browser, s)
    button = page.locator(".spt-actions button").first
    assert "spt-hinted" in (button.get_attribute("class") or "")
    out = _outside(button)
    assert max(out.values()) <= 0, out
    b = button.bounding_box()
    shot = page.screenshot(
        clip={"x": b["x"], "y": b["y"] + b["height"] / 2, "width": 2, "height": 1}
    )
    assert _first_pixel(shot) == rgb("#f1c40f"), _first_pixel(shot)
    page.close()


def _first_pixel(png: bytes) -> tuple[int, int, int]:
    """The top left pixel of a screenshot (a PNG, 8 bits a channel): on the
    first line every PNG filter leaves the first pixel's bytes as they are."""
    pos, data = 8, b""
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        if png[pos + 4 : pos + 8] == b"IDAT":
            data += png[pos + 8 : pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(data)  # a filter byte, then the pixels
    return (raw[1], raw[2], raw[3])
