"""The play chapter in a real browser: JupyterLab and Voila, Debian's Chromium.

Each test starts a server on localhost that serves a temporary copy of
``notebooks/11_play.ipynb``, opens it in headless Chromium (driven by
Playwright, never with Playwright's own browser download), and plays a whole
game at the table by clicking its buttons: the blind decision, the bids,
every card, *Next hand* between hands. Before the game it uses the options
panel to shorten the bots' pause and the target (a full game to 150
points: two or three hands). After every hand it checks the score sheet
against the message line and the running totals; screenshots go to
``test-artifacts/`` and their paths are printed.

``/usr/bin/chromium`` comes from Debian's ``chromium`` package, which
``.ci/run`` installs. If it is missing the tests fail (they do not skip):
a browser test that quietly skips proves nothing.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import (
    CHROMIUM,
    KERNEL_IDLE_JS,
    lab_and_voila,
    launch_chromium,
    new_page,
    screenshot,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from spadeslib import Card

pytestmark = pytest.mark.browser

NOTEBOOK = "11_play.ipynb"
TARGET = 150
PAUSE = "0.05"
GAME_TIMEOUT = 150.0
SNAPSHOT_JS = """(root) => {
  const all = (css) => Array.from(document.querySelectorAll(root + ' ' + css));
  const live = (e) => e.offsetParent !== null && !e.disabled;
  const status = document.querySelector(root + ' .spt-status');
  const prompt = document.querySelector(root + ' .spades-prompt');
  return {
    moves: status ? Number(status.dataset.moves) : -1,
    prompt: prompt ? prompt.innerText.trim() : '',
    look: all('.spades-look').filter(live).length > 0,
    bids: all('.spades-bid:not(.spades-look)').filter(live)
      .map((e) => e.innerText.trim()),
    keep: all('.spades-keep').filter(live).length > 0,
    confirm: all('.spades-confirm').filter((e) => e.offsetParent !== null).length > 0,
    cards: all('.spades-card').filter(live).map(
      (e) => (e.className.match(/spades-card-(\\S+)/) || [])[1]),
  };
}"""


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, int]]:
    """JupyterLab and Voila on localhost, started together (saves a startup)."""
    with lab_and_voila(tmp_path_factory.mktemp("servers"), NOTEBOOK) as ports:
        yield ports


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser test drives Debian's Chromium. "
            "Install it with `apt-get install chromium` (.ci/run does this as root)."
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


class ClickingLearner:
    """Plays the table in the page by clicking, as a learner would."""

    def __init__(self, page: Any, root: str) -> None:
        self.page = page
        self.root = root
        self.clicks = 0
        self.keys = 0
        self.missed = 0
        self.by_keyboard = False
        self.named_checked = False

    def sel(self, css: str) -> str:
        return f"{self.root} {css}"

    def text(self, css: str) -> str:
        return str(self.page.inner_text(self.sel(css)))

    def moves(self) -> int:
        value = self.page.get_attribute(self.sel(".spt-status"), "data-moves")
        return int(value or 0)

    def snapshot(self) -> dict[str, Any]:
        """What can be clicked now, read in one round trip to the page."""
        return dict(self.page.evaluate(SNAPSHOT_JS, self.root))

    def click(self, css: str, timeout: float = 10.0) -> None:
        """A real click (mouse events) on the one element ``css`` names."""
        self.page.locator(self.sel(css)).click(timeout=timeout * 1000)
        self.clicks += 1

    def try_click(self, css: str) -> bool:
        """Click if the element is still there: the page may have moved on
        since the snapshot (the table then refuses or never sees the click)."""
        try:
            self.click(css, timeout=2.0)
        except PlaywrightTimeout:
            self.missed += 1
            return False
        return True

    def wait_moves_change(self, before: int, timeout: float = 30.0) -> None:
        self.page.wait_for_function(
            "([sel, n]) => { const el = document.querySelector(sel);"
            " return !!el && Number(el.dataset.moves) !== n; }",
            arg=[self.sel(".spt-status"), before],
            timeout=timeout * 1000,
            polling=50,
        )

    def set_options(self, target: int, pause: str) -> None:
        """Open the options panel, set the target and the pause, start a new game."""
        self.click(".jupyter-widget-Collapse-header")
        for css, value in (
            (".spades-opt-pause input", pause),
            (".spades-opt-target input", str(target)),
        ):
            box = self.page.locator(self.sel(css))
            box.fill(value)
            box.press("Enter")
        assert f"target {target}" not in self.text(".spt-status")
        self.click(".spades-new-game")
        self.page.wait_for_function(
            "([sel, t]) => { const el = document.querySelector(sel);"
            " return !!el && el.innerText.includes(t) ; }",
            arg=[self.sel(".spt-status"), f"target {target}"],
            timeout=20000,
        )

    def try_key(self, css: str) -> bool:
        """Focus the button and press Enter, as a keyboard user does."""
        try:
            self.page.locator(self.sel(css)).press("Enter", timeout=2000)
        except PlaywrightTimeout:
            self.missed += 1
            return False
        self.keys += 1
        return True

    def check_cards_name_themselves(self) -> None:
        """Each card button shows rank and suit symbol and names the card in
        words (its title), so no card is told by colour alone."""
        cards = self.page.evaluate(
            "(root) => Array.from(document.querySelectorAll(root + ' .spades-card'))"
            ".filter((e) => e.offsetParent !== null)"
            ".map((e) => [e.innerText.trim(), e.title])",
            self.root,
        )
        assert cards, "no card buttons on the table"
        for text, title in cards:
            card = Card.parse(text.removeprefix("✓ "))
            assert title.split(":")[0] == card.name, (text, title)

    def decide(self, state: dict[str, Any]) -> str:
        """Take one decision from a snapshot; return what was clicked ("" if
        nothing could be)."""
        if state["look"]:
            return "look" if self.try_click(".spades-look") else ""
        if state["bids"]:
            labels = state["bids"]
            wanted = next((b for b in ("3", "2", "4", "1") if b in labels), labels[0])
            css = {"Nil": "nil", "Blind Nil": "blind_nil", "Blind Seven": "blind_seven"}
            ok = self.try_click(f".spades-bid-{css.get(wanted, wanted)}")
            return f"bid {wanted}" if ok else ""
        if state["keep"]:
            return "keep" if self.try_click(".spades-keep") else ""
        if state["confirm"]:
            found = re.search(r"choose (\d+) cards", state["prompt"])
            need = int(found.group(1)) if found else 0
            for card in state["cards"][:need]:
                self.click(f".spades-card-{card}")
            self.page.wait_for_function(
                "([sel, n]) => document.querySelectorAll(sel).length >= n",
                arg=[self.sel(".spades-card.mod-info"), need],
                timeout=10000,
            )
            self.click(".spades-confirm")
            return f"pass or discard {need}"
        if state["cards"]:
            if not self.named_checked:
                self.check_cards_name_themselves()
                self.named_checked = True
            css = f".spades-card-{state['cards'][0]}"
            self.by_keyboard = not self.by_keyboard
            if self.by_keyboard:  # every other card: Tab-style focus, then Enter
                return "play by keyboard" if self.try_key(css) else ""
            return "play" if self.try_click(css) else ""
        return ""

    def play_hand(self, deadline: float) -> str:
        """Decide until the hand (or the game) is over; return the prompt then."""
        while time.monotonic() < deadline:
            state = self.snapshot()
            prompt = state["prompt"]
            if "is over" in prompt or "Game over" in prompt:
                return str(prompt)
            if not prompt.startswith("Your turn"):
                time.sleep(0.05)
                continue
            if self.decide(state):
                try:
                    self.wait_moves_change(state["moves"], timeout=10.0)
                except PlaywrightTimeout:  # a click on a stale snapshot, refused
                    self.missed += 1
            assert self.missed < 20, "too many clicks missed their target"
        path = screenshot(self.page, "stuck")
        prompt, message = self.text(".spades-prompt"), self.text(".spades-message")
        raise AssertionError(
            f"the hand did not finish in time; prompt: {prompt!r}; "
            f"message: {message!r}; screenshot {path}"
        )

    def check_score_sheet(self, hand_number: int) -> None:
        """The sheet has a row for the hand whose points and total agree with
        the message line and the status bar."""
        rows = self.page.query_selector_all(self.sel(".spades-sheet tr"))
        cells = [
            [c.inner_text().strip() for c in r.query_selector_all("td")] for r in rows
        ]
        body = [c for c in cells if c]
        assert len(body) == hand_number, body
        row = body[-1]
        assert row[0] == str(hand_number)
        ns_points, ns_total = int(row[4]), int(row[6])
        ew_points, ew_total = int(row[9]), int(row[11])
        message = self.text(".spades-message")
        assert (
            f"North-South (you): {ns_points:+d} this hand, {ns_total} in all" in message
        )
        assert f"East-West: {ew_points:+d} this hand, {ew_total} in all" in message
        status = self.text(".spt-status")
        assert f"North-South (you): {ns_total} points" in status, status
        assert f"East-West: {ew_total} points" in status, status

    def play_game(self, name: str, timeout: float = GAME_TIMEOUT) -> int:
        """Play hands until the game is over; return the number of hands."""
        deadline = time.monotonic() + timeout
        hands = 0
        while True:
            prompt = self.play_hand(deadline)
            hands += 1
            self.check_score_sheet(hands)
            if hands == 1:
                screenshot(self.page, f"{name}-hand-over")
            if "Game over" in prompt:
                sheet = self.text(".spades-sheet")
                assert "Winner:" in sheet, sheet
                return hands
            before = self.moves()
            self.click(".spades-next-hand")
            self.page.wait_for_function(
                "(sel) => !document.querySelector(sel).innerText.includes('is over')",
                arg=self.sel(".spades-prompt"),
                timeout=20000,
            )
            assert self.moves() >= before


def _play_full_game(page: Any, root: str, name: str) -> int:
    learner = ClickingLearner(page, root)
    learner.set_options(TARGET, PAUSE)
    screenshot(page, f"{name}-start")
    hands = learner.play_game(name)
    learner.click(".spades-check")
    page.wait_for_selector(learner.sel(".spades-review-entry"), timeout=30000)
    screenshot(page, f"{name}-game-over-review")
    assert learner.keys > 0, "no card was played from the keyboard"
    assert learner.named_checked
    print(
        f"{name}: a whole game of {hands} hands, {learner.clicks} clicks and "
        f"{learner.keys} key presses ({learner.missed} missed a page that had moved on)"
    )
    return hands


def test_full_game_in_jupyterlab(browser: Any, servers: dict[str, int]) -> None:
    start = time.monotonic()
    page = new_page(browser)
    page.goto(
        f"http://127.0.0.1:{servers['lab']}/lab/tree/{NOTEBOOK}?reset", timeout=60000
    )
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=60000)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=60000, polling=100)
    page.click("li.lm-MenuBar-item:has-text('Run')")
    page.click("li.lm-Menu-item[data-command='runmenu:run-all']")
    root = ".jp-NotebookPanel .spades-table-play"
    page.wait_for_selector(f"{root} .spt-status", timeout=60000)
    hands = _play_full_game(page, root, "lab")
    page.close()
    assert hands >= 1
    print(f"jupyterlab test: {time.monotonic() - start:.1f} s")


def test_full_game_in_voila(browser: Any, servers: dict[str, int]) -> None:
    start = time.monotonic()
    page = new_page(browser)
    page.goto(f"http://127.0.0.1:{servers['voila']}/", timeout=120000)
    root = ".spades-table-play"
    page.wait_for_selector(f"{root} .spt-status", timeout=120000)
    assert "import SpadesTable" not in page.inner_text("body"), "Voila shows code"
    hands = _play_full_game(page, root, "voila")
    page.close()
    assert hands >= 1
    print(f"voila test: {time.monotonic() - start:.1f} s")
