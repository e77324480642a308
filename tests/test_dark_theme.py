"""A dark theme (JupyterLab Dark, Voila dark) and a narrow cell, as a
JupyterLab review found them: the table's words (its status, the score
sheet, the bids, the trick viewer) were dark on the theme's dark page; the
Nil bid was cut off at the right of the choices' row (1280x800, the file
browser open: the row is 570 px wide); the cards written by ``display`` and
the quiz's feedback were near-black or dim on a dark page.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from front_support import contrast, copy_state, open_table

from spadeslib import Card, Suit
from spadeslib.display import card_html, suit_colour
from spadeslib.quiz import Question, Quiz, _answer
from spadeslib.table.app import SpadesTable

DARK_PAGE = "#111111"  # JupyterLab Dark's --jp-layout-color0
DARK_TEXT = "#dedede"  # its --jp-content-font-color1 (white at 0.87) on it

#: the colour of an element's words and the first opaque background under
#: them (the element's own, else an ancestor's, else the page's)
SEEN_JS = """(sel) => {
  const el = document.querySelector(sel);
  let bg = null;
  for (let a = el; a; a = a.parentElement) {
    const c = getComputedStyle(a).backgroundColor;
    if (c && c !== 'transparent' && !/rgba\\(.*, 0\\)$/.test(c)) { bg = c; break; }
  }
  return [getComputedStyle(el).color, bg || 'rgb(255, 255, 255)', el.textContent];
}"""

#: what of the table a dark theme once hid: the status line, the score
#: sheet's title and status, the rules' summary, the bids, the trick viewer
WORDS = [
    ".spt-status",
    ".spt-sheet-box summary",
    ".spt-sheet-status",
    ".spt-sheet-status + details summary",
    ".spt-bids",
    ".spt-viewer",
]


@pytest.fixture(scope="module")
def nil_bid() -> dict[str, Any]:
    """The learner's bid in cards4net, seed 3055: 0 to 13 and Nil."""
    table = SpadesTable("cards4net", seed=3055, speed="instant")
    if table.state["hand"]["hidden"]:
        table.look()
    state = table.state
    labels = [b["label"] for b in state["buttons"]]
    assert labels == [str(n) for n in range(14)] + ["Nil"], labels
    return state


def _dark(page: Any) -> None:
    """The page as JupyterLab Dark draws a cell's output."""
    page.evaluate(
        "([bg, fg]) => { document.body.dataset.jpThemeLight = 'false';"
        " document.body.style.background = bg; document.body.style.color = fg; }",
        [DARK_PAGE, DARK_TEXT],
    )


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("large", [False, True])
def test_the_tables_words_read_in_either_theme(
    browser: Any, nil_bid: dict[str, Any], theme: str, large: bool
) -> None:
    s = copy_state(nil_bid)
    s.setdefault("prefs", {})["large_print"] = large
    page = open_table(browser, s, width=849)
    if theme == "dark":
        _dark(page)
    for sel in WORDS:
        colour, bg, text = page.evaluate(SEEN_JS, sel)
        assert text.strip(), sel
        assert contrast(colour, bg) >= 4.5, (sel, colour, bg, text)
    # the table is its own light page, and its controls are light ones
    spt = page.evaluate(
        "() => { const c = getComputedStyle(document.querySelector('.spt'));"
        " return [c.backgroundColor, c.colorScheme]; }"
    )
    assert spt == ["rgb(255, 255, 255)", "light"], spt
    assert not page.errors, page.errors
    page.close()


# the choices' row: 570 px (1280x800, JupyterLab's file browser open), the
# narrowest table's 508 px, in large print too, and a phone (zoomed)
ROWS = [
    ("lab 570", 849, (1280, 800), False, 1),
    ("lab 570 large", 849, (1280, 800), True, 1),
    ("narrowest", 760, (1024, 700), False, 1),
    ("narrowest large", 760, (1024, 700), True, 2),
    ("phone", 374, (390, 844), False, 2),
    ("phone large", 374, (390, 844), True, 2),
]


@pytest.mark.parametrize(("name", "width", "viewport", "large", "most"), ROWS)
def test_every_bid_is_whole_in_the_choices_row(
    browser: Any,
    nil_bid: dict[str, Any],
    name: str,
    width: int,
    viewport: tuple[int, int],
    large: bool,
    most: int,
) -> None:
    s = copy_state(nil_bid)
    s.setdefault("prefs", {})["large_print"] = large
    page = open_table(browser, s, width=width, viewport=viewport)
    got = page.evaluate(
        """() => {
      const row = document.querySelector('.spt-actions');
      const a = row.getBoundingClientRect();
      const bs = [...row.querySelectorAll('button')].map((b) => {
        const r = b.getBoundingClientRect();
        return [b.textContent, r.left, r.right, r.top, r.bottom]; });
      return {row: [a.left, a.right, a.top, a.bottom], width: a.width, bs,
              scroll: row.scrollWidth - row.clientWidth,
              hand: document.querySelector('[data-testid="hand"]')
                .getBoundingClientRect().top}; }"""
    )
    left, right, top, bottom = got["row"]
    if name.startswith("lab 570"):
        assert 560 <= got["width"] <= 571, got["width"]
    assert [b[0] for b in got["bs"]][-1] == "Nil"
    for label, b_left, b_right, b_top, b_bottom in got["bs"]:
        assert b_left >= left - 0.5 and b_right <= right + 0.5, (name, label, got)
        assert b_top >= top - 0.5 and b_bottom <= bottom + 0.5, (name, label, got)
    assert got["scroll"] <= 0, (name, got["scroll"])  # nothing scrolled away
    rows = len({round(b[3]) for b in got["bs"]})
    assert rows <= most, (name, rows)
    assert bottom <= got["hand"] + 0.5, "the choices lie on the hand"
    assert not page.errors, page.errors
    page.close()


# ------------------------------------------------ display: cards in a cell
def test_black_suits_take_the_page_s_colour() -> None:
    # in the four-colour deck the clubs are green: the spades stay black
    for four, codes in ((False, ("AS", "2S", "KC", "10C")), (True, ("AS", "2S"))):
        for code in codes:
            out = card_html(Card.parse(code), four_colour=four)
            assert "style" not in out, out
            assert not re.search(r"#[0-9a-f]{3,6}", out, re.I), out
    assert suit_colour(Suit.SPADES) == suit_colour(Suit.CLUBS) == "inherit"


def test_the_other_suits_read_on_white_and_on_dark() -> None:
    """Red and the jokers' purple: 4.5:1 on white; the purple 4:1 on a dark
    page too (it was 2.2:1)."""
    for code in ("KH", "QD", "BJ", "LJ"):
        out = card_html(Card.parse(code))
        colour = re.search(r'style="color:(#[0-9a-f]{6})"', out)
        assert colour, out
        assert contrast(colour[1], "#ffffff") >= 4.5, (code, colour[1])
    joker = suit_colour(Suit.JOKER)
    assert contrast(joker, DARK_PAGE) >= 4.0, joker


# ------------------------------------------------- the quiz's feedback
def _feedback(right: bool) -> str:
    class Result:
        value = ""

    quiz = Quiz("q", [Question("Who?", ["North", "South"], answer="South")])
    result = Result()
    _answer(quiz, 1, 1 if right else 0, result)(None)
    return result.value


def _srgb(colour: str) -> tuple[float, float, float, float]:
    """A computed colour (``rgb()``, ``rgba()``, ``color(srgb ...)``) as
    0-255 channels and an alpha."""
    nums = [float(x) for x in re.findall(r"[\d.]+", colour)]
    if colour.startswith("color("):
        r, g, b = (x * 255 for x in nums[:3])
    else:
        r, g, b = nums[:3]
    alpha = nums[3] if len(nums) > 3 else 1.0
    return r, g, b, alpha


@pytest.mark.parametrize(
    ("bg", "fg"), [("#ffffff", "rgba(0, 0, 0, 0.87)"), (DARK_PAGE, DARK_TEXT)]
)
def test_the_quiz_feedback_reads_on_either_theme(
    browser: Any, bg: str, fg: str
) -> None:
    page = browser.new_page()
    body = "".join(f"<p>{_feedback(right)}</p>" for right in (True, False))
    page.set_content(
        f"<body style='background:{bg};color:{fg}'>{body}</body>", wait_until="load"
    )
    colours = page.evaluate(
        "() => [...document.querySelectorAll('p > span')]"
        ".map((s) => getComputedStyle(s).color)"
    )
    assert len(colours) == 2, body
    back = tuple(int(bg[i : i + 2], 16) for i in (1, 3, 5))
    for colour, right in zip(colours, (True, False), strict=True):
        r, g, b, alpha = _srgb(colour)
        seen = tuple(
            c * alpha + k * (1 - alpha) for c, k in zip((r, g, b), back, strict=True)
        )
        assert contrast(seen, bg) >= 4.5, (right, colour, bg)  # type: ignore[arg-type]
    # green and orange stay apart: right and wrong do not look alike
    assert colours[0] != colours[1]
    page.close()


def test_the_quiz_feedback_keeps_a_plain_colour_first() -> None:
    """A browser without color-mix() drops the second colour and keeps the
    first; the words are still escaped."""
    out = _feedback(False)
    assert out.startswith('<span style="color:#b35900;color:color-mix(')
    assert html.unescape(re.sub(r"<[^>]+>", "", out)).strip()
