"""The table's front end in Chromium (the bare page of ``front_support``):
the fixes of an outside review played in JupyterLab.

- The game kept in the browser is found after a reload whose address
  JupyterLab rewrote (``/lab/tree/notebooks/11_play.ipynb`` became
  ``/lab/tree/notebooks``): the key is the page the kernel names (the
  model's ``page``, :func:`~spadeslib.table.app.page_identity`) and the
  table's name, never the address; a game kept under the address by an
  older table is still found; the game already on screen is never offered.
- Another hand's review opens at its top.
- Large print keeps the toolbar on one line in a JupyterLab cell at
  1280x800 and 1366x768, and a display setting ticked in the Options panel
  stays in view.
- A hint does not move or shrink the trick's cards.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from front_support import copy_state, open_table, push, table_page, tid

pytestmark = pytest.mark.browser

ORIGIN = "http://spades.test"
NOTEBOOK = "/srv/course/notebooks/11_play.ipynb"


class Served:
    """Pages at ``ORIGIN`` (one origin: one localStorage) in one browser
    context: each load serves the table drawn from ``state``, in the page
    ``page`` (the model's ``page``)."""

    def __init__(self, browser: Any) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.html = ""
        self.context.route(
            f"{ORIGIN}/**",
            lambda route: route.fulfill(
                status=200, content_type="text/html", body=self.html
            ),
        )

    def serve(self, state: dict[str, Any], page: str, before: str = "") -> None:
        before = f"window.tablePage = {json.dumps(page)};{before}"
        self.html = table_page(state, before=before)

    def open(
        self, path: str, state: dict[str, Any], page: str = NOTEBOOK, before: str = ""
    ) -> Any:
        """A new tab at ``path``; ``before``: a script run before the table's."""
        self.serve(state, page, before)
        tab = self.context.new_page()
        tab.goto(f"{ORIGIN}{path}")
        tab.wait_for_function("window.ready === true", timeout=10_000)
        return tab


def test_a_reload_at_another_address_finds_the_kept_game(
    browser: Any, states: Any
) -> None:
    """The learner plays at /lab/tree/notebooks/11_play.ipynb; JupyterLab
    rewrites the address to /lab/tree/notebooks; the page is reloaded (or
    the kernel restarted and the cell run again: a fresh table): the table
    offers the game kept before, and resumes it."""
    served = Served(browser)
    playing = states["to-follow"]
    tab = served.open("/lab/tree/notebooks/11_play.ipynb", playing)
    assert tid(tab, "resume-banner").is_hidden()  # nothing kept yet
    tab.evaluate("() => history.replaceState(null, '', '/lab/tree/notebooks')")
    served.serve(states["bidding"], NOTEBOOK)  # the fresh table, hand 1
    tab.reload()
    tab.wait_for_function("window.ready === true", timeout=10_000)
    assert tab.evaluate("() => location.pathname") == "/lab/tree/notebooks"
    banner = tid(tab, "resume-banner")
    assert banner.is_visible(), "the game kept before the reload is lost"
    assert playing["table"]["summary"] in banner.inner_text()
    tid(tab, "resume-yes").click()
    sent = tab.evaluate("() => window.sent")
    resumed = [m for m in sent if m["type"] == "resume"]
    assert resumed and resumed[0]["token"] == playing["resume"], sent
    # another notebook's table of the same name keeps its own game
    other = served.open("/lab/tree/notebooks", states["bidding"], "/srv/other.ipynb")
    assert tid(other, "resume-banner").is_hidden()
    served.context.close()


def test_a_game_kept_under_the_address_is_still_found(
    browser: Any, states: Any
) -> None:
    """A game kept by the table before this change (under the page's
    address) is offered."""
    served = Served(browser)
    playing = states["to-follow"]
    kept = {
        "token": playing["resume"],
        "rules": playing["table"]["rules"],
        "hand": playing["table"]["hand"],
        "summary": playing["table"]["summary"],
    }
    old = json.dumps("spadeslib-table:/lab/tree/x.ipynb:front-test")
    keep = f"localStorage.setItem({old}, {json.dumps(json.dumps(kept))});"
    tab = served.open("/lab/tree/x.ipynb", states["bidding"], before=keep)
    assert tid(tab, "resume-banner").is_visible()
    assert playing["table"]["summary"] in tid(tab, "resume-banner").inner_text()
    served.context.close()


def test_the_game_on_screen_is_never_offered(browser: Any, states: Any) -> None:
    """The browser keeps the very game the table shows (the same moves; a
    hint asked then is told in its log): no offer (it offered "Hand 1:
    bidding, 0-0" over the same hand 1 after a kernel restart)."""
    served = Served(browser)
    fresh = states["bidding"]
    token = copy_state(fresh["resume"])
    assert sum(len(h) for h in token["hands"]) > 0  # the bots have bid
    token["asides"] = [[0, 1, "Hint: bid 3."]]
    kept = json.dumps(
        {"token": token, "rules": "classic", "hand": 1, "summary": "Hand 1."}
    )
    path = "/lab/tree/notebooks/11_play.ipynb"
    keep = "".join(
        f"localStorage.setItem({json.dumps(f'spadeslib-table:{where}:front-test')},"
        f" {json.dumps(kept)});"
        for where in (NOTEBOOK, path)  # the table's key, and the address's
    )
    tab = served.open(path, fresh, before=keep)
    assert tid(tab, "resume-banner").is_hidden(), "it offers the game on screen"
    served.context.close()


def test_an_offer_made_before_the_table_reaches_the_kept_game_goes(
    browser: Any, states: Any
) -> None:
    """After a kernel restart a fresh table draws before its bots have bid
    (no moves yet: the kept game is offered), then reaches the very game
    kept: the offer must go (it stayed up over the same game: a recheck in
    JupyterLab)."""
    served = Served(browser)
    fresh = states["bidding"]
    early = copy_state(fresh)
    early["resume"]["hands"] = [[]]  # the table before the bots' bids
    kept = json.dumps(
        {"token": copy_state(fresh["resume"]), "rules": "classic", "hand": 1}
        | {"summary": "Hand 1."}
    )
    key = json.dumps(f"spadeslib-table:{NOTEBOOK}:front-test")
    keep = f"localStorage.setItem({key}, {json.dumps(kept)});"
    tab = served.open("/lab/tree/notebooks/11_play.ipynb", early, before=keep)
    assert tid(tab, "resume-banner").is_visible(), "the kept game is offered"
    later = copy_state(fresh)
    later["seq"] = early.get("seq", 0) + 1
    push(tab, later)
    assert tid(tab, "resume-banner").is_hidden(), "the offer stayed over the game"
    served.context.close()


# ------------------------------------------------------------ the review
SCROLL_JS = "(y) => { const r = document.querySelector('[data-testid=review]');"
SCROLL_JS += " if (y !== null) r.scrollTop = y; return r.scrollTop; }"


def test_another_hands_review_opens_at_its_top(browser: Any, states: Any) -> None:
    """Hand 2's review opened 278 px down, where hand 1's was left: its
    summary out of sight. The same hand's review, redrawn, keeps its place."""
    reviewed = copy_state(states["reviewed"])
    reviewed["review"]["rows"] = reviewed["review"]["rows"] * 3  # a long one
    page = open_table(browser, reviewed, width=1085)
    assert tid(page, "review").is_visible()
    assert page.evaluate(SCROLL_JS, 278) == 278, "the review does not scroll"
    push(page, reviewed)  # a redraw: the learner reads on
    assert page.evaluate(SCROLL_JS, None) == 278
    nxt = copy_state(reviewed)
    nxt["review"]["hand"] = reviewed["review"]["hand"] + 1
    nxt["table"]["hand"] = nxt["review"]["hand"]
    push(page, nxt)
    assert page.evaluate(SCROLL_JS, None) == 0, "hand 2's review opens scrolled"
    page.close()


# ----------------------------------------------------------- large print
@pytest.mark.parametrize("width", [1085, 1171])  # a JupyterLab cell, 1280 and 1366
def test_large_print_keeps_the_toolbar_on_one_line(
    browser: Any, states: Any, width: int
) -> None:
    """At Step speed (Next move shown too) and paused (Play on): every tool
    on one line, Options inside the table."""
    state = copy_state(states["to-follow"])
    state["prefs"]["large_print"] = True
    state["options"].update(speed="step", paused=True)
    page = open_table(browser, state, width=width)
    tops = page.evaluate(
        """() => [...document.querySelectorAll('.spt-tools .spt-btn')]
        .filter((b) => b.offsetParent)
        .map((b) => Math.round(b.getBoundingClientRect().top))"""
    )
    assert len(tops) == 14 and len(set(tops)) == 1, tops
    tools = page.locator(".spt-tools").bounding_box()
    options = tid(page, "options-toggle").bounding_box()
    assert tools and options
    assert options["x"] + options["width"] <= tools["x"] + tools["width"]
    # the shorter "Replay" keeps its whole name; no word under 12 px
    replay = tid(page, "replay")
    assert replay.inner_text() == "Replay"
    assert "this deal" in (replay.get_attribute("aria-label") or "")
    assert replay.get_attribute("title") == "Replay this deal"
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.spt-tools .spt-btn')]
        .map((b) => parseFloat(getComputedStyle(b).fontSize))"""
    )
    assert min(sizes) >= 12, sizes


def test_the_replay_question_gives_the_label_back(browser: Any, states: Any) -> None:
    """Replay asks first ("Click again: ..."); then its words come back as
    they were, the part large print hides too."""
    state = copy_state(states["bidding"])
    page = open_table(browser, state)
    replay = tid(page, "replay")
    assert replay.inner_text() == "Replay this deal"
    replay.click()
    assert replay.inner_text().startswith("Click again")
    tid(page, "hint").focus()  # the focus leaves: the question ends
    assert replay.inner_text() == "Replay this deal"
    page.close()


def test_a_ticked_setting_stays_in_view(browser: Any, states: Any) -> None:
    """Options scrolled to its foot, Large print ticked: the table redraws
    in large print (every line above the box taller) and the box is still
    in view in the panel. Without the browser's scroll anchoring (Safari
    has none; in JupyterLab it did not hold) the box went out of view."""
    state = copy_state(states["to-follow"])
    page = open_table(browser, state, width=1085)
    page.add_style_tag(content=".spt-options { overflow-anchor: none; }")
    tid(page, "options-toggle").click()
    page.evaluate(
        "() => { const p = document.querySelector('[data-testid=options]');"
        " p.scrollTop = p.scrollHeight; }"
    )
    tid(page, "opt-large-print").click()
    assert {"type": "prefs", "large_print": True} in page.evaluate("() => window.sent")
    large = copy_state(state)
    large["prefs"]["large_print"] = True
    push(page, large)
    inside = page.evaluate(
        """() => { const q = (id) => document.querySelector(`[data-testid=${id}]`);
        const p = q('options').getBoundingClientRect();
        const b = q('opt-large-print').closest('label').getBoundingClientRect();
        return [b.top >= p.top, b.bottom <= p.bottom, b.top, b.bottom, p.top, p.bottom];
        }"""
    )
    assert inside[0] and inside[1], inside


# ------------------------------------------------------------------ the hint
CARDS_JS = """() => [...document.querySelectorAll('[data-testid^=trick-card] svg')]
  .map((c) => { const r = c.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map(Math.round); })"""


@pytest.mark.parametrize("large", [False, True])
def test_a_hint_does_not_move_the_trick(browser: Any, states: Any, large: bool) -> None:
    """The learner's turn to play; Hint: a four-line hint appears under the
    prompt. The trick's cards keep their place and size (they moved up 5 to
    8 px and lost a fifth of their size). In large print the hint takes
    five lines, more than the empty row of choices gives it in a table of
    600 px (large print's height since it fits 1366x768): the cards give
    way a little, from 81 to 71 px tall, never under normal print's 70
    (they once lost a quarter of their size)."""
    state = copy_state(states["to-follow"])
    state["prefs"]["large_print"] = large
    page = open_table(browser, state, width=1085)
    before = page.evaluate(CARDS_JS)
    assert before, "no card in the trick"
    hinted = copy_state(state)
    code = next(c for c in state["hand"]["cards"] if c["legal"])["code"]
    words = (
        "Win with the K♣, the cheapest card that takes the trick. On average your"
        " side ends the hand 67 points ahead of the other side (over 160 deals of"
        " the unseen cards); A♣ is the same card here (no card between them is"
        " left to play); 2♣ came out 4 points higher in these deals, but that"
        " difference is too small for 160 sampled deals to tell apart: the two"
        " are as good, and the coach keeps the textbook card, K♣."
    )
    hinted["hint"] = {"action": code, "label": "K♣", "text": words}
    push(page, hinted)
    assert tid(page, "hint-text").is_visible()
    lines = page.evaluate(
        "() => { const h = document.querySelector('[data-testid=hint-text]');"
        " const line = parseFloat(getComputedStyle(h).lineHeight);"
        " return h.getBoundingClientRect().height / line; }"
    )
    assert lines >= 3.5, lines
    after = page.evaluate(CARDS_JS)
    # x, y, width, height: how far each may change (large print: a little)
    give = (12, 12, 10, 12) if large else (0, 0, 0, 0)
    for was, now in zip(before, after, strict=True):
        moved = [abs(a - b) for a, b in zip(was, now, strict=True)]
        assert all(m <= g for m, g in zip(moved, give, strict=True)), (before, after)
        assert now[3] >= 70 or not large, (before, after)
    hint = tid(page, "hint-text").bounding_box()
    you = page.locator(".spt-pos-bottom").bounding_box()
    assert hint and you and hint["y"] + hint["height"] <= you["y"]
