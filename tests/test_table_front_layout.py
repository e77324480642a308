"""The table's layout in Chromium, as a player's review measured it (the
front end loaded as in ``test_table_front.py``): a long hint and the
estimate show whole, above the choices and off the "You" plate (the strip
grows, the felt with it); the resume offer is a strip above the felt,
covering no seat; the side plates keep each label with its value.
"""

from __future__ import annotations

from typing import Any

import pytest
from front_support import (
    copy_state,
    hinted_bid_state,
    open_table,
    tid,
)

from spadeslib.table.app import SpadesTable


@pytest.fixture(scope="module")
def hinted_bid() -> dict[str, Any]:
    return hinted_bid_state()


# ------------------------------------------------ the third review's fixes
# Where a text box lies against the rest of the table: its box, the part of
# it its scrolling or clipping ancestors leave on screen, and what of the
# table's other things (seats, buttons, cards, the trick) it overlaps. A
# seat's and a hinted button's ring (3 px of box-shadow) counts as theirs.
CLEAR_JS = """(id) => {
  const el = document.querySelector(`[data-testid="${id}"]`);
  const r = el.getBoundingClientRect();
  const clipped = [];
  for (let a = el.parentElement; a && !a.classList.contains('spt');
       a = a.parentElement) {
    const cs = getComputedStyle(a);
    if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
    const b = a.getBoundingClientRect();
    if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5 || r.left < b.left - 0.5
        || r.right > b.right + 0.5) clipped.push(a.className);
  }
  const others = [...document.querySelectorAll(
      '.spt-seat, .spt-actions .spt-btn, .spt-hand .spt-card, .spt-played,'
      + ' .spt-spades')]
    .filter((o) => o.getClientRects().length && !o.contains(el) && !el.contains(o));
  const hits = others.filter((o) => {
    const ring = o.matches('.spt-seat, .spt-btn') ? 3 : 0;
    const b = o.getBoundingClientRect();
    return b.left - ring < r.right - 0.5 && r.left < b.right + ring - 0.5
      && b.top - ring < r.bottom - 0.5 && r.top < b.bottom + ring - 0.5;
  }).map((o) => `${o.className} ${o.dataset.testid || ''}`);
  const acts = document.querySelector('.spt-actions').getBoundingClientRect();
  return {box: [r.top, r.bottom, r.left, r.right], height: r.height, clipped,
          hits, actionsTop: acts.top, actionsHeight: acts.height};
}"""

# the sizes of the third review: a phone (the table zoomed to 370 px) and
# 1280x800 with the table as wide as the classroom page lays it out beside
# its side panels (630), and as the other tests have it
SIZES = [
    (370, (390, 844)),
    (630, (1280, 800)),
    (760, (1280, 800)),
    (900, (1280, 800)),
    (1240, (1280, 800)),
]


@pytest.fixture(scope="module")
def long_hints() -> dict[str, dict[str, Any]]:
    """cards4net deals whose coach's hint runs to four lines on a phone:
    bidding (the hand looked at), and playing the first card; with 2024's
    hint also the estimate, "How good is my hand?"."""
    found = {}
    for seed in (47937, 2024):
        table = SpadesTable("cards4net", seed=seed, speed="instant")
        if table.state["hand"]["hidden"]:
            table.look()
        table.hint()
        found[f"bid-{seed}"] = table.state
        if seed == 2024:
            table.estimate()
            found["estimate"] = table.state
        table.bid(3)
        assert table.state["hand"]["playable"]
        table.hint()
        found[f"play-{seed}"] = table.state
    return found


@pytest.mark.parametrize(("width", "viewport"), SIZES)
@pytest.mark.parametrize("case", ["bid-47937", "bid-2024", "play-47937", "play-2024"])
def test_a_long_hint_is_wholly_visible_and_pushes_what_follows_down(
    browser: Any,
    long_hints: dict[str, dict[str, Any]],
    case: str,
    width: int,
    viewport: tuple[int, int],
) -> None:
    """Third review, 390x844: the hint's last line lay under the bid buttons
    (the strip scrolled, cut to its height), and while playing the hint box
    ran under the "You" plate. The whole hint shows, clipped by nothing, and
    touches no seat (nor its turn ring), button or card."""
    state = long_hints[case]
    assert state["hint"]
    page = open_table(browser, state, width, viewport)
    box = page.evaluate(CLEAR_JS, "hint-text")
    assert box["height"] > 0
    assert not box["clipped"], f"the hint is cut: {box}"
    assert not box["hits"], f"the hint lies on {box['hits']}: {box}"
    if box["actionsHeight"]:
        assert box["box"][1] <= box["actionsTop"] + 0.5, box
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize(("width", "viewport"), SIZES)
def test_how_good_is_my_hand_shows_above_the_bid_buttons(
    browser: Any,
    long_hints: dict[str, dict[str, Any]],
    width: int,
    viewport: tuple[int, int],
) -> None:
    """Third review, 1280x800 (the table 630 px wide beside the classroom
    page's panels): the estimate, under a hint, sat under the bid buttons.
    Both show whole, above the buttons, on nothing else."""
    state = long_hints["estimate"]
    assert state["hint"] and state["estimate"]
    page = open_table(browser, state, width, viewport)
    for name in ("estimate-text", "hint-text"):
        box = page.evaluate(CLEAR_JS, name)
        assert box["height"] > 0
        assert not box["clipped"], f"{name} is cut: {box}"
        assert not box["hits"], f"{name} lies on {box['hits']}: {box}"
        assert box["box"][1] <= box["actionsTop"] + 0.5, (name, box)
    assert not page.errors, page.errors
    page.close()


BANNER_JS = """() => {
  const q = (s) => document.querySelector(s);
  const root = q('.spt');
  const zoom = Number(getComputedStyle(root).zoom || 1);
  const banner = q('[data-testid=resume-banner]');
  const b = banner.getBoundingClientRect();
  const text = banner.querySelector('.spt-resume-text, span').getBoundingClientRect();
  const hits = [...document.querySelectorAll(
      '.spt-seat, [data-testid=prompt], .spt-actions, .spt-hand .spt-card,'
      + ' .spt-played, .spt-spades')]
    .filter((o) => o.getClientRects().length).filter((o) => {
      const r = o.getBoundingClientRect();
      return r.left < b.right - 0.5 && b.left < r.right - 0.5
        && r.top < b.bottom - 0.5 && b.top < r.bottom - 0.5;
    }).map((o) => `${o.className} ${o.dataset.testid || ''}`);
  const inside = [...banner.querySelectorAll('button')].every((x) => {
    const r = x.getBoundingClientRect();
    return r.left >= b.left && r.right <= b.right + 0.5 && r.bottom <= b.bottom + 0.5
      && (r.top >= text.bottom - 0.5 || r.left >= text.right - 0.5);
  });
  const line = parseFloat(getComputedStyle(banner).lineHeight) * zoom;
  return {banner: b.toJSON(), hits, inside, lines: text.height / line,
          textWidth: text.width, rootWidth: root.getBoundingClientRect().width,
          feltTop: q('[data-testid=felt]').getBoundingClientRect().top};
}"""


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize(("width", "viewport"), [SIZES[0], SIZES[1], SIZES[4]])
def test_the_resume_offer_is_a_strip_above_the_felt(
    browser: Any,
    states: Any,
    width: int,
    viewport: tuple[int, int],
    large: bool,
) -> None:
    """Third review: the resume offer floated over the table: at 1280 on
    North, at 390 squeezed to a word or two a line over North, West and
    East. It is a strip as wide as the table above the felt, its words on
    few lines, its buttons beside or under them, on no seat, prompt or card."""
    kept = SpadesTable("classic", seed=2024, speed="instant").state["table"]
    here = SpadesTable("cards4net", seed=2007, speed="instant").state
    here["prefs"]["large_print"] = large
    page = open_table(browser, here, width, viewport)
    saved = {"summary": kept["summary"], "deal": kept["deal"]}
    page.evaluate(
        """([s, t]) => {
        const b = document.querySelector('[data-testid=resume-banner]');
        b.innerHTML = resumeBanner(s, t); b.hidden = false; }""",
        [saved, here["table"]],
    )
    box = page.evaluate(BANNER_JS)
    assert tid(page, "resume-yes").is_visible() and tid(page, "resume-no").is_visible()
    assert not box["hits"], f"the offer lies on {box['hits']}: {box}"
    assert box["banner"]["bottom"] <= box["feltTop"] + 0.5, box
    assert box["banner"]["width"] >= box["rootWidth"] - 1, f"not full width: {box}"
    assert box["textWidth"] >= 0.6 * box["banner"]["width"], f"squeezed: {box}"
    assert box["lines"] <= (4.2 if width < 760 else 2.2), box
    assert box["inside"], f"a button lies outside the offer or on its words: {box}"
    assert not page.errors, page.errors
    page.close()


# each line of a box as rendered: its characters grouped by where they lie
LINES_JS = """(sel) => {
  const el = document.querySelector(sel);
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const chars = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (let i = 0; i < n.data.length; i++) {
      const range = document.createRange();
      range.setStart(n, i);
      range.setEnd(n, i + 1);
      const r = range.getClientRects()[0];
      if (r && r.width > 0) chars.push([r.top + r.height / 2, r.left, n.data[i]]);
    }
  }
  chars.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const lines = [];
  for (const c of chars) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(c[0] - last.mid) < 6) last.chars.push(c);
    else lines.push({mid: c[0], chars: [c]});
  }
  const text = (l) => l.chars.sort((a, b) => a[1] - b[1]).map((c) => c[2]).join('');
  return {lines: lines.map(text),
          overflow: el.scrollWidth - el.clientWidth};
}"""


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("which", ["classic", "novice"])
def test_the_side_plates_keep_each_label_with_its_value(
    browser: Any,
    states: Any,
    hinted_bid: dict[str, Any],
    which: str,
    large: bool,
) -> None:
    """Third review, 390x844: West's and East's plates wrapped "rule / bot",
    and in large print "won / 0 · cards / 13". Each pair stays on one line
    (the plates wrap between them), and nothing sticks out of a plate."""
    source = states["bidding"] if which == "classic" else hinted_bid
    state = copy_state(source)
    state["prefs"]["large_print"] = large
    page = open_table(browser, state, 390 - 20, (390, 844))
    for seat in ("W", "E"):
        got = page.evaluate(LINES_JS, f"[data-testid=seat-{seat}]")
        lines = [line.strip() for line in got["lines"]]
        for line in lines:
            assert not line.endswith(("bid", "won", "cards", "rule", "novice")), (
                seat,
                lines,
            )
            assert not line.startswith(("bot", "0", "1", "–", "13")), (seat, lines)
        assert got["overflow"] <= 0, (seat, got)
    assert not page.errors, page.errors
    page.close()
