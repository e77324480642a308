"""The table in a real browser: the classroom page in Voila and chapter 11 in
JupyterLab, at 1280x800, in Debian's Chromium driven by Playwright (never
Playwright's own browser download).

Each environment gets one server for the module: Voila with the classroom
configuration of ``make voila`` (a small kernel pool), and JupyterLab. In
each, a learner plays a whole hand: cards by clicking, one trick by the
keyboard alone, an illegal card clicked and its reason read on the page,
undo, a hint, the coach's estimate, the review of the finished hand, save
(a download) and load (an upload), the four-colour deck. Every page is
watched: no error may be thrown in it and no request may leave the machine;
the hand and the trick must lie inside the first screen. In Voila, a second
visitor sits at another table meanwhile, the first tries the old attacks
(paths in every text box, a 10 MB upload, a malformed upload) and then
reloads the page, which must offer to resume the game kept in the browser.
Screenshots go to ``test-artifacts/`` (their paths are printed), and so does
the time from opening the page to a playable table.

``/usr/bin/chromium`` comes from Debian's ``chromium`` package, which
``.ci/run`` installs. If it is missing the tests fail (they do not skip):
a browser test that quietly skips proves nothing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    CHROMIUM,
    KERNEL_IDLE_JS,
    SCREEN,
    Learner,
    PageWatch,
    files_under,
    launch_chromium,
    new_page,
    prepare_notebooks,
    screenshot,
    served_port,
    serving,
    start_lab,
    start_voila,
    wait_pool,
)

pytestmark = pytest.mark.browser

PAGE = "table.ipynb"
LAB_NOTEBOOK = "11_play.ipynb"
FOUR_COLOUR = {"C": "#1e8449", "D": "#1f5fbf"}


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


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The classroom page on localhost, two kernels preheated (two visitors)."""
    tmp = tmp_path_factory.mktemp("voila")
    folder = prepare_notebooks(tmp, [PAGE])
    server, port = start_voila(folder / PAGE, tmp / "home", pool_size=2)
    with serving(server):
        port = served_port(server)
        wait_pool(server)
        yield {"url": f"http://127.0.0.1:{port}/", "folder": folder, "server": server}


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """JupyterLab on localhost, serving a copy of chapter 11 (Play)."""
    tmp = tmp_path_factory.mktemp("lab")
    folder = prepare_notebooks(tmp, [LAB_NOTEBOOK])
    server, port = start_lab(folder, tmp / "home")
    with serving(server):
        port = served_port(server)
        server.wait_until(f"http://127.0.0.1:{port}/api/status", timeout=120)
        yield {"url": f"http://127.0.0.1:{port}/", "folder": folder}


def open_page(browser: Any, url: str) -> tuple[Any, PageWatch, Learner, float]:
    """Open the classroom page; wait until its table is playable (the hand
    drawn and the table waiting for someone); return the seconds it took."""
    page, watch = new_page(browser)
    start = time.monotonic()
    page.goto(url, timeout=120_000)
    learner = Learner(page)
    learner.tid("hand").locator("[data-code], .spt-back").first.wait_for(
        timeout=120_000
    )
    learner.wait_for("t.dataset.toMove !== '' || t.dataset.phase !== ''", 60)
    return page, watch, learner, time.monotonic() - start


def assert_clean(watch: PageWatch, where: str) -> None:
    """No error thrown in the page, no request beyond this machine (the
    console's errors are printed, for the record)."""
    for line in watch.console:
        print(f"{where}: console error: {line[:200]}")
    assert not watch.errors, f"{where}: errors in the page: {watch.errors}"
    assert not watch.external, f"{where}: requests off this machine: {watch.external}"


def four_colour_check(learner: Learner) -> None:
    """The four-colour deck draws clubs green and diamonds blue; off again."""
    learner.tid("options-toggle").click()
    box = learner.tid("opt-four-colour")
    box.wait_for()
    for on in (True, False):
        before = learner.seq()
        box.set_checked(on)
        learner.wait_redraw(before)
        fills = (
            learner.tid("hand")
            .locator("svg path")
            .evaluate_all("(els) => els.map((e) => e.getAttribute('fill'))")
        )
        suits = {c["code"][-1] for c in learner.hand()}
        wanted = {FOUR_COLOUR[s] for s in suits if s in FOUR_COLOUR}
        assert wanted, "no club or diamond in the hand to check the colours"
        assert bool(wanted & set(fills)) is on, (on, wanted, set(fills))
    learner.tid("options-toggle").click()


def bidding_round(learner: Learner, name: str) -> None:
    """Estimate, hint, a bid by clicking, undo, the bid again by keyboard."""
    phase = learner.wait_my_turn()
    assert phase == "bidding", learner.snapshot()
    if learner.tid("act-look").count():
        learner.click("act-look")
        learner.wait_my_turn()
    screenshot(learner.page, f"{name}-bidding")
    assert learner.inside_screen("hand"), "the hand is not on the first screen"
    hidden = [c["code"] for c in learner.hand() if not learner.card_point(c["code"])]
    assert not hidden, f"cards of the hand that cannot be seen: {hidden}"
    four_colour_check(learner)
    learner.click("estimate")
    learner.tid("estimate-text").wait_for()
    assert "trick" in learner.text("estimate-text"), learner.text("estimate-text")
    learner.click("hint")
    learner.tid("hint-text").wait_for()
    assert learner.text("hint-text").startswith("Hint:"), learner.text("hint-text")
    bid = learner.bid()
    learner.tid("undo").wait_for()
    learner.wait_for("!t.querySelector('[data-testid=undo]').disabled")
    learner.click("undo")
    # a bot's move may redraw first: wait for the bid to come back
    learner.wait_for("t.dataset.phase === 'bidding'")
    learner.wait_my_turn()
    assert learner.data("phase") == "bidding", learner.snapshot()
    assert learner.tid(f"bid-{bid}").count() == 1, "undo did not give the bid back"
    # the same bid again, from the keyboard: focus in the table, then digits
    learner.table.locator('[data-testid="hand"] [tabindex="0"]').focus()
    before = learner.seq()
    learner.page.keyboard.type(bid if bid.isdigit() else "n")
    learner.wait_redraw(before)


def playing(learner: Learner, name: str) -> dict[str, bool]:
    """Play the hand out: an illegal card clicked once (its reason read on
    the page), one trick by keyboard, the rest by clicking."""
    done = {"illegal": False, "keyboard": False, "mid-trick": False}
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        phase = learner.wait_my_turn(timeout=90)
        if phase in ("between", "over"):
            return done
        if phase != "playing":
            if learner.tid("confirm-choice").count():
                learner.choose_and_confirm()
            else:
                learner.bid()
            continue
        cards = learner.hand()
        focused = learner.page.evaluate(
            "() => document.activeElement?.dataset?.code || null"
        )
        if focused is not None and not done["illegal"]:
            # the keyboard was left in the hand when it bid by digits
            legal = [c["code"] for c in cards if c["legal"]]
            assert focused in legal, f"the focus waits on {focused}, not playable"
        on_table = learner.table.locator('[data-testid^="trick-card-"]').count()
        if not done["mid-trick"] and on_table >= 2:
            screenshot(learner.page, f"{name}-mid-trick")
            assert learner.inside_screen("hand"), "hand below the first screen"
            assert learner.inside_screen("trick"), "trick outside the first screen"
            done["mid-trick"] = True
        dimmed = [c for c in cards if c["dimmed"]]
        if not done["illegal"] and dimmed:
            illegal_click(learner, dimmed[0], name)
            done["illegal"] = True
            continue
        if not done["keyboard"] and len(cards) < 13:
            learner.play_by_keyboard()
            done["keyboard"] = True
            continue
        learner.play_legal()
    raise AssertionError(f"the hand did not end in time: {learner.snapshot()}")


def illegal_click(learner: Learner, card: dict[str, Any], name: str) -> None:
    """Click a dimmed card: the table says why, in the second person, keeps
    the card and the turn, and the reason stays until the next action."""
    learner.click_card(card["code"])
    notice = learner.text("notice")
    assert notice.startswith("You ") and len(notice) > 25, notice
    screenshot(learner.page, f"{name}-illegal-click")
    assert card["code"] in [c["code"] for c in learner.hand()], "a refused card left"
    assert learner.data("to-move") == "you", "a refused card ended the turn"
    learner.page.wait_for_timeout(1000)
    assert learner.text("notice") == notice, "the reason vanished before an action"
    learner.play_legal()
    assert learner.text("notice") != notice, "the reason outlived the next action"


def hand_over(learner: Learner, name: str, tmp: Path) -> None:
    """Review the hand, save it (a download) and load it back (an upload)."""
    if learner.tid("review").is_hidden():
        learner.tid("review-open").click()
    learner.tid("review-row").first.wait_for(timeout=120_000)
    screenshot(learner.page, f"{name}-hand-over-review")
    rows = learner.tid("review-row").count()
    summary = learner.table.locator(".spt-review-summary").inner_text()
    decisions = "decision" if rows == 1 else "decisions"
    assert rows >= 1 and f"{rows} {decisions} rated" in summary, (rows, summary)
    # a hand writes more log lines than a state carries (LOG_TAIL): the page
    # asks for the older ones, and the log still opens with the game's start
    learner.wait_for(
        "t.querySelectorAll('[data-testid=log] > div').length > 60 && "
        "t.querySelector('[data-testid=log] > div').textContent.startsWith('New game')"
    )
    with learner.page.expect_download() as download:
        learner.tid("save").click()
    saved = tmp / f"{name}-game.json"
    download.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert len(record["hands"]) >= 1 and record["hands"][0]["plays"], record.keys()
    first_row = learner.tid("score-sheet").locator("tbody tr").first
    row = first_row.inner_text()
    seq = learner.seq()
    learner.tid("load-file").set_input_files(str(saved))
    learner.wait_redraw(seq)
    learner.wait_for("t.dataset.phase !== ''")
    assert first_row.inner_text() == row, "the loaded game scored hand 1 otherwise"
    assert "seed 2024" in learner.text("status") or name == "lab"


def play_one_hand(learner: Learner, name: str, tmp: Path) -> None:
    learner.tid("speed-fast").click()
    bidding_round(learner, name)
    done = playing(learner, name)
    assert all(done.values()), done
    hand_over(learner, name, tmp)


def test_classroom_page_in_voila(
    browser: Any, voila: dict[str, Any], tmp_path: Path
) -> None:
    url = voila["url"]
    other, other_watch, other_table, _ = open_page(browser, f"{url}?seed=77")
    other_table.wait_my_turn()
    other_before = other_table.snapshot()
    page, watch, learner, took = open_page(browser, f"{url}?rules=classic&seed=2024")
    print(f"voila: page to playable table {took:.1f} s (1280x800)")
    assert "Classic · seed 2024" in learner.text("status")  # the rule set by name
    assert "import" not in page.inner_text("body"), "the page shows code"
    howto = page.locator(".celltag_howto").first
    box, table_box = howto.bounding_box(), learner.table.bounding_box()
    assert box and table_box and box["x"] >= table_box["x"] + table_box["width"] - 1
    assert box["x"] + box["width"] <= SCREEN["width"], "the how-to is off screen"
    assert "Classic: bids 1 to 13 or Nil" in howto.inner_text()  # the link's rules
    play_one_hand(learner, "voila", tmp_path)
    files = files_under(voila["folder"].parent)
    attacks(learner, page, voila["folder"])
    assert files_under(voila["folder"].parent) == files, "a visitor wrote a file"
    resume_after_reload(learner, page)
    how_to_follows_the_rules(Learner(page), page)
    assert other_table.snapshot() == other_before, "another visitor's table changed"
    assert_clean(watch, "voila")
    voila_page_is_quiet(watch, voila["server"])
    assert_clean(other_watch, "voila, second visitor")
    page.context.close()
    other.context.close()


def voila_page_is_quiet(watch: PageWatch, server: Any) -> None:
    """The classroom page loads every widget class it needs (the widget
    manager's base widgets are allowed: without them each load logged "No
    version of module @jupyter-widgets/base is registered"), and a reload
    shuts the old page's kernel down (Voila's beacon carries the _xsrf
    cookie the template sets: without it the POST was refused with a 403)."""
    unregistered = [line for line in watch.console if "is registered" in line]
    assert not unregistered, unregistered
    refused = [line for line in watch.console if "403" in line]
    assert not refused, refused
    log = server.log.read_text(errors="replace")
    assert "_xsrf" not in log, server.tail()
    assert "Kernel shutdown" in log, "the reloaded page's kernel lives on"


def attacks(learner: Learner, page: Any, folder: Path) -> None:
    """The old attacks: server paths typed in every text box, a 10 MB
    upload, a malformed upload. None may reach the disk or change the game."""
    before = learner.snapshot()
    learner.tid("options-toggle").click()
    learner.tid("options").wait_for()
    boxes = page.locator("input:not([type=file]):not([type=checkbox]), textarea")
    assert boxes.count() >= 1
    for i in range(boxes.count()):
        label = (boxes.nth(i).get_attribute("aria-label") or "").lower()
        assert "file" not in label and "path" not in label, label
        for text in ("../outside.json", "/etc/passwd"):
            boxes.nth(i).fill(text)
            boxes.nth(i).press("Enter")
        boxes.nth(i).fill("")
    learner.tid("options-toggle").click()
    assert not (folder.parent / "outside.json").exists()
    assert "root:" not in page.inner_text("body")
    for name, payload in (
        ("huge.json", b" " * (10 * 2**20)),
        ("bad.json", b'{"rules": "classic", "hands": [{"deal": 5}'),
        ("passwd", b"root:x:0:0:root:/root:/bin/bash\n"),
    ):
        learner.tid("load-file").set_input_files(
            {"name": name, "mimeType": "application/json", "buffer": payload}
        )
        notice = "t.querySelector('[data-testid=notice]').innerText"
        learner.wait_for(f"{notice}.includes({json.dumps(name)})", 30)
    assert learner.snapshot() == before, "an attack changed the game"


def resume_after_reload(learner: Learner, page: Any) -> None:
    """Next hand, a bid and two cards; then reload: the page offers the game
    kept in this browser, and resumes it where it was."""
    if learner.tid("next-hand").count():
        learner.click("next-hand")
    played = 0
    while played < 2:
        phase = learner.wait_my_turn()
        if phase == "playing":
            learner.play_legal()
            played += 1
        elif learner.tid("confirm-choice").count():
            learner.choose_and_confirm()
        else:
            learner.bid()
    learner.wait_my_turn()
    before = learner.snapshot()
    page.reload(timeout=120_000)
    fresh = Learner(page)
    fresh.tid("resume-banner").wait_for(timeout=120_000)
    banner = fresh.tid("resume-banner").bounding_box()
    prompt = fresh.tid("prompt").bounding_box()
    assert banner and prompt, "no banner or prompt"
    assert banner["y"] + banner["height"] <= prompt["y"], "the banner hides the prompt"
    seq = fresh.seq()
    fresh.tid("resume-yes").click()
    fresh.wait_redraw(seq)
    fresh.wait_for(f"t.dataset.hand === '{before['hand']}'", 30)
    fresh.wait_my_turn()
    assert fresh.snapshot() == before, "the reloaded page lost the game"


def how_to_follows_the_rules(learner: Learner, page: Any) -> None:
    """Options: another rule set and New game (twice: a game is in play): the
    how-to beside the table describes the new rules, not the link's."""
    howto = page.locator(".celltag_howto").first
    assert "Classic: bids 1 to 13 or Nil" in howto.inner_text()
    learner.tid("options-toggle").click()
    learner.tid("opt-preset").select_option("cards4net")
    learner.tid("new-game").click()
    if not learner.tid("options").is_hidden():
        learner.tid("new-game").click()  # the second click of a game in play
    learner.wait_for("t.querySelector('[data-testid=options]').hidden")
    learner.wait_for(
        "t.querySelector('[data-testid=status]').innerText.includes('Cards4.net')"
    )
    page.wait_for_function(
        "() => document.querySelector('.celltag_howto').innerText"
        ".includes('Cards4.net: bids 0 to 13')",
        timeout=30_000,
    )
    assert "Classic: bids" not in howto.inner_text()


def new_game_with_seed(learner: Learner, seed: str) -> None:
    """Options: type a seed, press New game: the table deals that seed.
    (The bots keep playing meanwhile: a redraw keeps the seed being typed.)"""
    learner.tid("options-toggle").click()
    learner.tid("opt-seed").fill(seed)
    before = learner.seq()
    learner.tid("new-game").click()
    learner.wait_redraw(before)
    learner.wait_for(
        f"t.querySelector('[data-testid=status]').innerText.includes('seed {seed} ')"
    )
    # the new game has started when the panel closes (the page may have
    # shown this seed already: the chapter's own table deals it too)
    learner.wait_for("t.querySelector('[data-testid=options]').hidden")


def test_chapter_in_jupyterlab(
    browser: Any, lab: dict[str, Any], tmp_path: Path
) -> None:
    page, watch = new_page(browser)
    start = time.monotonic()
    page.goto(f"{lab['url']}lab/tree/{LAB_NOTEBOOK}?reset", timeout=120_000)
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=120_000)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=120_000, polling=100)
    page.click("li.lm-MenuBar-item:has-text('Run')")
    page.click("li.lm-Menu-item[data-command='runmenu:run-all']")
    learner = Learner(page, scroll=True)
    learner.tid("hand").locator("[data-code], .spt-back").first.wait_for(
        timeout=120_000
    )
    took = time.monotonic() - start
    print(f"jupyterlab: chapter opened to playable table {took:.1f} s")
    # the chapter's later cells run too; the table answers once they are done
    page.wait_for_function(KERNEL_IDLE_JS, timeout=120_000, polling=100)
    new_game_with_seed(learner, "2024")
    play_one_hand(learner, "lab", tmp_path)
    assert_clean(watch, "jupyterlab")
    page.context.close()
