"""The fixes of a user's review who played the table (the front end loaded as
in ``test_table_front.py``): Load asks before it replaces a game in play; an
armed button says what its second press loses; "Look at my cards" comes
before the blind bids, which ask for a second press naming their stake;
Escape closes the Options panel; the open panel leaves the felt's choices
and hand clickable, and every one of its controls reachable; on a phone the
toolbar's buttons are tall enough to touch and the hand's cards show whole.
"""

from __future__ import annotations

from typing import Any

import pytest
from front_support import FOCUSED, copy_state, open_table, push, tid

from spadeslib.table.app import SpadesTable

pytestmark = pytest.mark.browser

SENT = "() => window.sent"
# a spy on the hidden file input: how many times the file picker was opened
SPY = """() => { window.picked = 0;
  document.querySelector('[data-testid=load-file]').click = () => window.picked++; }"""


@pytest.fixture(scope="module")
def blind_first() -> dict[str, Any]:
    """cards4net, seed 3: the learner bids first, face down (Blind Nil or
    Look at my cards)."""
    state = SpadesTable("cards4net", seed=3, speed="instant").state
    assert state["hand"]["hidden"]
    return state


# ------------------------------------------------------------------ Load


def test_load_asks_first_when_a_game_is_in_play(browser: Any, states: Any) -> None:
    assert states["after-bid"]["table"]["in_play"]
    page = open_table(browser, states["after-bid"])
    page.evaluate(SPY)
    load = tid(page, "load")
    name = load.get_attribute("aria-label")
    load.click()
    assert page.evaluate("() => window.picked") == 0, "Load replaced the game at once"
    assert load.inner_text() == "Click again: load over this game"
    assert load.get_attribute("aria-label") == "press again to load over this game"
    assert "it replaces this game" in tid(page, "live").inner_text()
    load.click()
    assert page.evaluate("() => window.picked") == 1
    assert load.inner_text() == "Load" and load.get_attribute("aria-label") == name
    assert not page.errors, page.errors
    page.close()


def test_load_opens_the_picker_at_once_when_no_hand_is_under_way(
    browser: Any, states: Any
) -> None:
    assert not states["bidding"]["table"]["in_play"]
    page = open_table(browser, states["bidding"])
    page.evaluate(SPY)
    tid(page, "load").click()
    assert page.evaluate("() => window.picked") == 1
    assert tid(page, "load").inner_text() == "Load"
    page.close()


# ------------------------------------------------------------ blind bids


def test_look_comes_first_and_blind_bids_carry_their_stake() -> None:
    """Python orders the choices (Look first) and gives a blind bid the
    words of its confirmation; a Blind Nil the rules leave as the only bid
    (declared before the two-player draw) asks nothing."""
    for spec in ("cards4net", "two-player", "cards4net+jokers"):
        buttons = SpadesTable(spec, seed=3, speed="instant").state["buttons"]
        assert buttons[0]["action"] == "look", (spec, buttons)
        blind = [b for b in buttons if b["action"].startswith("blind")]
        assert blind, (spec, buttons)
        for b in blind:
            value = "200" if b["action"] == "blind_nil" else "140"
            assert f"plus or minus {value}" in b["confirm"]["words"], b
            assert b["confirm"]["what"] == f"bid {b['label']} (±{value})", b
            assert not b["key"], "a blind bid has no key of its own"
        assert all("confirm" not in b for b in buttons if b not in blind)
    table = SpadesTable("two-player", seed=5, speed="instant")
    table.bid("blind_nil")
    for _ in range(60):
        s = table.state
        if s["table"]["phase"] == "bidding":
            break
        if s["hand"]["choose"]:
            table._handle_custom_msg({"type": "choose", "cards": []}, [])
        else:
            action = s["buttons"][0]["action"]
            table._handle_custom_msg({"type": "act", "action": action}, [])
    assert [b["action"] for b in table.state["buttons"]] == ["blind_nil"]
    assert "confirm" not in table.state["buttons"][0]


def test_blind_nil_needs_two_clicks_and_look_is_first(
    browser: Any, blind_first: dict[str, Any]
) -> None:
    page = open_table(browser, blind_first, 912)
    first = page.locator(".spt-actions button").first
    assert first.get_attribute("data-testid") == "act-look"
    blind = tid(page, "bid-blind_nil")
    name = blind.get_attribute("aria-label")
    assert blind.get_attribute("aria-keyshortcuts") is None
    blind.click()
    assert not [m for m in page.evaluate(SENT) if m["type"] == "act"]
    assert blind.inner_text() == "Click again: bid Blind Nil (±200)"
    assert blind.get_attribute("aria-label") == "press again to bid Blind Nil (±200)"
    live = tid(page, "live").inner_text()
    assert "plus or minus 200" in live and "before seeing your cards" in live
    blind.click()
    assert page.evaluate(SENT)[-1] == {"type": "act", "action": "blind_nil"}
    assert (
        blind.inner_text() == "Blind Nil" and blind.get_attribute("aria-label") == name
    )
    assert not page.errors, page.errors
    page.close()


def test_blind_nil_by_keyboard_asks_too(
    browser: Any, blind_first: dict[str, Any]
) -> None:
    page = open_table(browser, blind_first, 912)
    blind = tid(page, "bid-blind_nil")
    blind.focus()
    page.keyboard.press("Enter")
    assert not [m for m in page.evaluate(SENT) if m["type"] == "act"]
    page.keyboard.press("Tab")  # the focus leaves: disarmed
    assert blind.inner_text() == "Blind Nil"
    blind.focus()
    page.keyboard.press("Space")
    assert not [m for m in page.evaluate(SENT) if m["type"] == "act"]
    page.keyboard.press("Space")
    assert page.evaluate(SENT)[-1] == {"type": "act", "action": "blind_nil"}
    page.close()


# ----------------------------------------------------------- Options


@pytest.mark.parametrize("inside", ["opt-seed", "opt-preset", "new-game", None])
def test_escape_closes_the_options(
    browser: Any, states: Any, inside: str | None
) -> None:
    page = open_table(browser, states["bidding"])
    tid(page, "options-toggle").click()
    assert tid(page, "options").is_visible()
    if inside:
        tid(page, inside).focus()
    page.keyboard.press("Escape")
    assert tid(page, "options").is_hidden()
    assert tid(page, "options-toggle").get_attribute("aria-expanded") == "false"
    assert page.evaluate(FOCUSED) == "options-toggle"
    assert not page.errors, page.errors
    page.close()


# what a click at the centre of each bid and at a visible point of each
# card hits: the point of each card is the first, from its left edge, where
# the card itself is on top
HITS_JS = """(points) => {
  const hit = (x, y) => {
    const e = document.elementFromPoint(x, y);
    const b = e && e.closest('[data-testid]');
    return b ? b.dataset.testid : null;
  };
  if (!points) {
    points = [];
    for (const b of document.querySelectorAll('.spt-actions [data-action]')) {
      const r = b.getBoundingClientRect();
      points.push([b.dataset.testid, r.left + r.width / 2, r.top + r.height / 2]);
    }
    for (const c of document.querySelectorAll('.spt-hand [data-code]')) {
      const r = c.getBoundingClientRect();
      const y = r.top + r.height / 2;
      for (let x = r.left + 3; x < r.right; x += 2) {
        if (hit(x, y) !== c.dataset.testid) continue;
        points.push([c.dataset.testid, x, y]);
        break;
      }
    }
  }
  return points.map(([id, x, y]) => [id, x, y, hit(x, y)]);
}"""


@pytest.mark.parametrize(
    ("width", "viewport"),
    [(912, (1280, 800)), (1240, (1280, 800)), (1000, (1024, 700))],
)
def test_the_open_options_leave_the_bids_and_the_hand_clickable(
    browser: Any, states: Any, width: int, viewport: tuple[int, int]
) -> None:
    """1280x800: the panel lay over East's seat, the bids 11 to 13 and the
    right of the hand. Open, it covers none of them."""
    page = open_table(browser, states["bidding"], width, viewport)
    before = page.evaluate(HITS_JS, None)
    assert len(before) == 14 + 13, before  # bids 1-13 and Nil, 13 cards
    assert all(id_ == got for id_, _, _, got in before), before
    tid(page, "options-toggle").click()
    assert tid(page, "options").is_visible()
    after = page.evaluate(HITS_JS, [p[:3] for p in before])
    covered = [p for p in after if p[0] != p[3]]
    assert not covered, f"the Options panel lies on {covered}"
    east = tid(page, "seat-E").bounding_box()
    panel = tid(page, "options").bounding_box()
    assert east and panel and panel["x"] >= east["x"] + east["width"], (east, panel)
    page.close()


@pytest.mark.parametrize(
    ("width", "viewport"),
    [(912, (1280, 800)), (1240, (1280, 800)), (700, (768, 900)), (370, (390, 844))],
)
def test_every_option_is_reachable_after_changing_the_levels(
    browser: Any, states: Any, width: int, viewport: tuple[int, int]
) -> None:
    """After "Change the bots' levels" the panel grew and Large print lay
    below its own scroll area. Each control, scrolled to, is on top at its
    centre."""
    page = open_table(browser, states["bidding"], width, viewport)
    tid(page, "options-toggle").click()
    tid(page, "apply-levels").click()
    waiting = copy_state(states["bidding"])
    waiting["options"]["pending_levels"] = (
        "From the next hand: partner rule, opponents expert."
    )
    push(page, waiting)
    assert tid(page, "opt-pending-levels").is_visible()
    lost = page.evaluate(
        """() => {
        const panel = document.querySelector('[data-testid=options]');
        const out = [];
        for (const el of panel.querySelectorAll('input, select, button')) {
          if (!el.getClientRects().length) continue;
          el.scrollIntoView({block: 'nearest'});
          const r = el.getBoundingClientRect();
          const p = panel.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          const e = document.elementFromPoint(x, y);
          const ok = e && (e === el || e.contains(el) && e.tagName === 'LABEL'
            || el.contains(e)) && y >= p.top && y <= p.bottom;
          if (!ok) out.push([el.dataset.testid, e && e.outerHTML.slice(0, 60)]);
        }
        return out;
    }"""
    )
    assert not lost, lost
    page.close()


# ------------------------------------------------------------- a phone


def test_a_phone_s_buttons_can_be_touched_and_its_cards_show(
    browser: Any, states: Any
) -> None:
    """390x844: the table is zoomed to fit; its toolbar's buttons were 21 px
    tall and each card of the fan showed some 20 px. Now each button is 40 px
    tall or more on screen, and most of each card shows (two rows), with no
    sideways scrolling."""
    page = open_table(browser, states["bidding"], 370, (390, 844))
    sizes = page.evaluate(
        """() => [...document.querySelectorAll(
            '.spt-tools .spt-btn, .spt-actions .spt-btn')]
          .filter((b) => b.getClientRects().length)
          .map((b) => [b.dataset.testid, b.getBoundingClientRect().height])"""
    )
    assert len(sizes) > 15
    short = [(t, h) for t, h in sizes if h < 40]
    assert not short, short
    shown = page.evaluate(
        """() => [...document.querySelectorAll('.spt-hand [data-code]')].map((c) => {
          const r = c.getBoundingClientRect();
          let mine = 0, all = 0;
          for (let i = 1; i < 10; i++) for (let j = 1; j < 10; j++) {
            all++;
            const e = document.elementFromPoint(r.left + r.width * i / 10,
                                                r.top + r.height * j / 10);
            if (e && e.closest('[data-code]') === c) mine++;
          }
          return [c.dataset.code, mine / all, r.width];
        })"""
    )
    assert len(shown) == 13
    hidden = [s for s in shown if s[1] < 0.6 or s[2] < 40]
    assert not hidden, f"cards mostly covered or narrow: {hidden}"
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= 390, scroll
    assert not page.errors, page.errors
    page.close()
