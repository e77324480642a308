"""The anywidget table driven as the browser drives it: messages from the front
end (``_handle_custom_msg``), the synced state, downloads, uploads, the
resume message, and the shipped JavaScript's documented protocol."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from spadeslib import Phase
from spadeslib.record import hand_record
from spadeslib.table import SpadesTable, TableSession
from spadeslib.table.app import _STATIC, FRONT_PARTS, front_module

#: the whole front end, as anywidget serves it (every part, joined)
JS = front_module()


def msg(table: SpadesTable, **content: Any) -> dict[str, Any]:
    """Send a message as the front end does; return the new state."""
    table._handle_custom_msg(content, [])
    return table.state


def make(spec: str = "classic", seed: int = 2024, **kw: Any) -> SpadesTable:
    return SpadesTable(spec, seed=seed, speed="instant", **kw)


def test_a_whole_hand_by_messages() -> None:
    table = make()
    rng = random.Random(1)
    while not table.between_hands:
        state = table.state
        assert state["table"]["to_move"] == "you"
        if state["buttons"]:
            msg(table, type="act", action=rng.choice(state["buttons"])["action"])
        elif state["hand"]["choose"]:
            c = state["hand"]["choose"]
            cards = [x["code"] for x in state["hand"]["cards"]][: c["max"]]
            msg(table, type="choose", cards=cards)
        else:
            legal = [c["code"] for c in state["hand"]["cards"] if c["legal"]]
            msg(table, type="card", card=rng.choice(legal))
        assert table.state["notice"] is None, table.state["notice"]
    state = table.state
    assert state["table"]["phase"] == "between" and state["controls"]["next_hand"]
    assert state["review"] is not None and state["review"]["state"] == "ready"
    assert state["review"]["rows"] and state["review"]["summary"].startswith("Hand 1")
    # the review opens with the hand's result as the log told it, totals too
    told = table.session.log
    assert "in all" in state["review"]["result"]
    assert state["review"]["result"] in " ".join(told), state["review"]["result"]
    state = msg(table, type="next_hand")
    assert state["review"] is None and state["table"]["hand"] == 2


def test_an_illegal_card_is_refused_by_the_engine_with_its_reason() -> None:
    table = make("cards4net", 3)
    rng = random.Random(3)
    while True:
        view = table.view
        if view.phase is Phase.PLAYING and len(view.legal) < len(view.holding or ()):
            break
        table.act(rng.choice(view.legal))
    card = next(c for c in table.state["hand"]["cards"] if not c["legal"])
    before = table.to_json()
    state = msg(table, type="card", card=card["code"])
    assert state["notice"] == card["why"] and state["notice"].startswith("You ")
    assert table.to_json() == before
    msg(table, type="hint")  # the refusal stays until the next decision
    assert table.state["notice"] == card["why"]
    legal = next(c for c in table.state["hand"]["cards"] if c["legal"])
    assert msg(table, type="card", card=legal["code"])["notice"] is None


def test_controls_by_message() -> None:
    table = make("cards4net", 5)
    if table.view.holding is None:
        msg(table, type="act", action="look")
    state = msg(table, type="estimate")
    assert (
        state["estimate"] is not None and "suggested bid" in state["estimate"]["text"]
    )
    state = msg(table, type="hint")
    assert state["hint"]["action"] in {b["action"] for b in state["buttons"]}
    before = table.to_json()
    msg(table, type="act", action=state["buttons"][0]["action"])
    assert table.to_json() != before and table.state["controls"]["undo"]
    assert msg(table, type="undo")["notice"] is None
    assert table.to_json() == before
    msg(table, type="speed", speed="step")
    assert table.state["options"]["speed"] == "step"
    msg(table, type="pause", paused=True)
    assert table.state["options"]["paused"]
    msg(table, type="prefs", four_colour=True, large_print=True)
    assert table.state["prefs"]["four_colour"] and table.state["prefs"]["large_print"]


def test_new_game_message_honours_the_seed_in_the_box() -> None:
    table = make("classic", 1)
    state = msg(
        table,
        type="new_game",
        preset="yppedia",
        modifiers=["ten_for_200"],
        seed="2024",
        partner="rule",
        opponents="novice",
    )
    assert state["table"]["seed"] == 2024 and state["table"]["rules"] == (
        "yppedia+ten_for_200"
    )
    deal = hand_record(table.game.hand)["deal"]
    again = msg(
        table, type="new_game", preset="yppedia", modifiers=["ten_for_200"], seed="2024"
    )
    assert again["table"]["seed"] == 2024
    assert hand_record(table.game.hand)["deal"] == deal
    fresh = msg(table, type="new_game", preset="classic", modifiers=[], seed="")
    assert fresh["table"]["seed"] != 2024
    bad = msg(table, type="new_game", preset="classic", modifiers=["mirror", "whiz"])
    assert bad["notice"].startswith("Cannot start these rules: ")
    assert "mirror" in bad["notice"] and "whiz" in bad["notice"]
    # a page offers the menu's levels: a budget sent by hand is refused
    before = table.session.to_json()
    greedy = msg(table, type="new_game", preset="classic", opponents="search:9999")
    assert greedy["notice"].startswith("The bots play at one of the menu's levels")
    assert "'search:9999'" in greedy["notice"] and table.session.to_json() == before


def test_save_sends_the_record_to_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    table = make()
    sent: list[Any] = []
    monkeypatch.setattr(
        table, "send", lambda content, buffers=None: sent.append(content)
    )
    msg(table, type="save")
    assert len(sent) == 1 and sent[0]["type"] == "download"
    assert sent[0]["filename"].endswith(".json") and "/" not in sent[0]["filename"]
    assert json.loads(sent[0]["text"]) == json.loads(table.to_json())
    other = make("two-player", 9)
    assert (
        msg(other, type="upload", name="game.json", text=sent[0]["text"])["notice"]
        is None
    )
    assert other.to_json() == table.to_json()


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("x" * 10_000_000, "too large"),
        ('{"rules": "classic", "hands": [', "not JSON"),
        ("../outside.json", "not JSON"),
        ("/etc/passwd", "not JSON"),
        (12, "JSON text"),
    ],
)
def test_uploads_are_refused_in_one_line_and_change_nothing(
    text: Any, why: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    table = make()
    before = table.to_json()
    state = msg(table, type="upload", name="x.json", text=text)
    assert (
        state["notice"].startswith("Could not load x.json:") and why in state["notice"]
    )
    assert table.to_json() == before
    assert list(tmp_path.iterdir()) == []


def test_no_message_names_a_server_path() -> None:
    """The page has no path box: save and load only move text to and from the
    visitor's browser, and a message with a path field is just refused."""
    assert "path" not in json.dumps(make().state["controls"])
    assert JS.count('type="text"') == 2  # the seed box and the move timer
    table = make()
    before = table.to_json()
    for content in (
        {"type": "save", "path": "../outside.json"},
        {"type": "load", "path": "/etc/passwd"},
        {"type": "upload", "path": "/etc/passwd"},
    ):
        table._handle_custom_msg(content, [])
        assert table.to_json() == before


def test_resume_message_rebuilds_the_game_kept_in_the_browser() -> None:
    table = make("classic", 8)
    rng = random.Random(8)
    for _ in range(20):
        if table.between_hands:
            break
        table.act(rng.choice(table.view.legal))
    token = table.state["resume"]
    assert token is not None and json.dumps(token)
    reloaded = make("cards4net", 1)  # a page reload: a new table, then resume
    state = msg(reloaded, type="resume", token=token)
    assert state["notice"] is None and reloaded.to_json() == table.to_json()
    broken = dict(token, hands=[["13", "13", "13", "13", "13"]])
    before = reloaded.to_json()
    state = msg(reloaded, type="resume", token=broken)
    assert (
        state["notice"].startswith("Could not resume") and reloaded.to_json() == before
    )


def test_malformed_messages_are_refused() -> None:
    table = make()
    before = table.to_json()
    for content in ("hello", {"type": "explode"}, {"type": "card", "card": 7}, {}):
        table._handle_custom_msg(content, [])
        assert table.state["notice"] and table.to_json() == before
    table._handle_custom_msg({"type": "choose", "cards": list(range(40))}, [])
    assert table.to_json() == before


def test_the_api_stays_on_the_table_object(tmp_path: Path) -> None:
    table = make("yppedia", 4)
    if table.view.holding is None:
        assert table.look()
    assert table.bid(3) and table.view.bids[table.seat].label() == "3"
    assert table.undo() and table.seat not in table.view.bids
    assert table.hint() is not None and table.bid(2)
    path = tmp_path / "g.json"
    assert table.save(path) and make("classic", 1).load(path)
    assert isinstance(table.session, TableSession)
    assert repr(table) == "SpadesTable(rules='yppedia', seed=4, seat=South)"


def test_the_front_end_is_its_parts_joined_each_once() -> None:
    parts = {name: (_STATIC / name).read_text(encoding="utf-8") for name in FRONT_PARTS}
    assert set(parts) == {p.name for p in _STATIC.glob("*.js")}  # none left out
    assert "\n".join(parts.values()) == JS
    for name, text in parts.items():
        assert JS.count(text) == 1, name
        assert text.startswith(f"// spadeslib table, {name}") or name == "table.js"
        assert len(text.splitlines()) <= 600, name  # split one by what it holds
        assert ("export " in text) == (name == "table.js"), name
    assert FRONT_PARTS[-1] == "table.js"


def test_the_front_end_documents_every_message_it_sends() -> None:
    # the protocol is the comment at the top of table.js
    header = (_STATIC / "table.js").read_text(encoding="utf-8").split("\nconst ")[0]
    handled = set(SpadesTable._HANDLERS)
    documented = set(re.findall(r'\{type:"(\w+)"', header))
    assert handled <= documented, handled - documented
    sent = set(re.findall(r'type: "(\w+)"', JS))
    assert sent <= handled | {"download"}, sent - handled
    assert "https://" not in JS and "http://" not in JS  # nothing from a CDN
    assert "@import" not in (_STATIC / "table.css").read_text(encoding="utf-8")


def test_every_control_has_words_and_a_testid() -> None:
    buttons = re.findall(r"button\(\s*\"([\w-]+)\",\s*\"[^\"]*\",\s*\"([^\"]+)\"", JS)
    assert len(buttons) >= 15
    assert all(label.strip() for _, label in buttons)
    for tag in re.findall(r"<(?:button|select|input)\s[^>]*>", JS):
        assert "aria-label" in tag and "data-testid" in tag, tag
