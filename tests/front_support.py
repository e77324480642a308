"""What the front-end tests share (``test_table_front*.py``): the table's
module loaded into a bare page with a stand-in for the widget model, states
from one seeded classic game, and a headless Chromium.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import CHROMIUM, launch_chromium

from spadeslib.table.app import SpadesTable, front_module

STATIC = Path(__file__).parent.parent / "spadeslib" / "table" / "static"

#: the test id (or tag) of the focused element
FOCUSED = (
    "() => document.activeElement.dataset.testid || document.activeElement.tagName"
)
# the browser moves a focus off a disabled or hidden control at its next frame
FRAMES = (
    "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
)

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<style>body {{ margin: 0; padding: 8px; }} #box {{ width: {width}px; }}</style>
<style>{css}</style></head><body><div id="box"></div>
<script>{before}
window.sent = [];
window.model = {{
  st: null, cb: null,
  get(k) {{
    if (k === "page") return window.tablePage ?? "";
    return k === "state" ? this.st : k === "name" ? "front-test" : null;
  }},
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
window.resumeText = resumeText;
window.resumeBanner = resumeBanner;
model.st = {state};
render({{ model, el: document.getElementById("box") }});
window.ready = true;
</script></body></html>"""


def table_states() -> dict[str, dict[str, Any]]:
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


def chromium_browser() -> Iterator[Any]:
    """One headless Chromium for a test module (its ``browser`` fixture)."""
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
    before: str = "",
) -> Any:
    """A page with the table drawn from ``state`` in a box ``width`` wide;
    ``before``, a script run before the table's module (a stand-in for the
    browser's storage)."""
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_content(table_page(state, width, before), wait_until="load")
    page.wait_for_function("window.ready === true", timeout=10_000)
    page.errors = errors
    return page


def table_page(state: dict[str, Any], width: int = 1240, before: str = "") -> str:
    """The HTML of the page :func:`open_table` opens (``before`` may set
    ``window.tablePage``, the page the kernel names: the model's ``page``)."""
    js = front_module().replace("export default { render };", "")
    css = (STATIC / "table.css").read_text(encoding="utf-8")
    return PAGE.format(
        width=width, css=css, js=js, state=json.dumps(state), before=before
    )


def tid(page: Any, name: str) -> Any:
    return page.locator(f'[data-testid="{name}"]')


def push(page: Any, state: dict[str, Any]) -> None:
    """A new state from Python, as when a bot has moved."""
    page.evaluate("(s) => window.setState(s)", state)


def hinted_bid_state() -> dict[str, Any]:
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


def copy_state(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a state, to change before pushing it."""
    return json.loads(json.dumps(state))


Colour = str | tuple[float, float, float]


def rgb(colour: Colour) -> tuple[float, float, float]:
    """``"#f1c40f"``, ``"rgb(241, 196, 15)"`` or a tuple, as red, green, blue."""
    if isinstance(colour, tuple):
        return colour
    if colour.startswith("#"):
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        return (r, g, b)
    r, g, b = (float(x) for x in re.findall(r"[\d.]+", colour)[:3])
    return (r, g, b)


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""

    def luminance(colour: Colour) -> float:
        channels = [c / 255 for c in rgb(colour)]
        r, g, b = (
            c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
            for c in channels
        )
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
