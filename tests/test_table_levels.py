"""The bots' levels changed during a game (``TableSession.set_levels``): at
once in a hand nobody has moved in, else from the next hand; refusals that
change nothing; the resume token that keeps each change (and a pending one)
and replays the bots' private choices at the level of their hand; undo
across a hand's end; records that keep each hand's levels; the page's
message and its button."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from front_support import copy_state, open_table, tid
from session_support import frozen

from spadeslib import Seat
from spadeslib.actions import Action
from spadeslib.game import Game
from spadeslib.table import SpadesTable, TableSession
from spadeslib.table.state import table_state

N, E, W = Seat.NORTH, Seat.EAST, Seat.WEST


def finish_hand(session: TableSession, rng: random.Random) -> None:
    """The learner plays seeded random legal moves until the hand is over."""
    number = session.game.hand.number
    while not session.between and session.game.hand.number == number:
        assert session.act(rng.choice(session.view.legal)), session.notice


def moves(session: TableSession, rng: random.Random, count: int) -> None:
    for _ in range(count):
        assert session.act(rng.choice(session.view.legal)), session.notice


def watched(session: TableSession) -> list[tuple[int, Seat, str]]:
    """Each bot move from now on, as ``(hand, seat, level it played at)``."""
    seen: list[tuple[int, Seat, str]] = []
    move = session._bot_move

    def record(game: Game, seat: Seat, level: str) -> Action:
        seen.append((game.hand.number, seat, level))
        return move(game, seat, level)

    session._bot_move = record  # type: ignore[method-assign]
    return seen


def test_a_change_between_hands_applies_at_once() -> None:
    session = TableSession("classic", seed=11, partner="rule", opponents="rule")
    rng = random.Random(1)
    finish_hand(session, rng)
    assert session.between and not session.game.hand.history
    assert session.set_levels(opponents="novice")
    assert session.levels == {N: "rule", E: "novice", W: "novice"}
    assert session.pending_levels is None
    assert session.level_changes == [(2, {N: "rule", E: "novice", W: "novice"})]
    assert session.log[-1] == "From hand 2, East and West play at the novice level."
    assert session.game.seated == {Seat.SOUTH: "you", **session.levels}
    # changed again before anyone moves: the change of hand 2 is replaced
    assert session.set_levels(partner="novice")
    assert session.log[-1] == "From hand 2, North (partner) plays at the novice level."
    assert session.level_changes == [(2, {N: "novice", E: "novice", W: "novice"})]
    seen = watched(session)
    assert session.new_hand()
    moves(session, rng, 2)
    assert seen and {level for _, _, level in seen} == {"novice"}


def test_the_seat_plates_show_the_levels_of_the_hand_on_the_felt() -> None:
    """A change between hands applies to the next hand at once, but the felt
    still shows the hand just played, by the bots at their old levels: its
    seat plates say those (they said "expert bot" over a hand rule bots
    played) until the next hand is dealt."""
    session = TableSession("classic", seed=11, partner="rule", opponents="rule")
    finish_hand(session, random.Random(1))
    assert session.set_levels(opponents="expert")

    def plates() -> dict[str, str]:
        return {s["seat"]: s["level"] for s in table_state(session)["seats"]}

    assert plates() == {"N": "rule", "E": "rule", "S": "", "W": "rule"}
    assert session.new_hand()
    assert plates() == {"N": "rule", "E": "expert", "S": "", "W": "expert"}


@pytest.mark.parametrize("auto_next", [False, True])
def test_a_change_during_a_hand_waits_for_the_next_hand(auto_next: bool) -> None:
    session = TableSession(
        "classic", seed=12, partner="rule", opponents="rule", auto_next=auto_next
    )
    rng = random.Random(2)
    moves(session, rng, 3)
    seen = watched(session)
    assert session.set_levels(partner="novice", opponents="novice")
    said = "From hand 2, North (partner), East and West play at the novice level."
    assert session.log[-1] == said
    assert session.levels == {N: "rule", E: "rule", W: "rule"}  # not mid-hand
    assert session.pending_levels == {N: "novice", E: "novice", W: "novice"}
    options = table_state(session)["options"]
    assert options["pending_levels"] == (
        "From the next hand: partner novice, opponents novice."
    )
    assert options["partner"] == options["opponents"] == "novice"
    # the same change again: said, nothing recorded
    before = (session.resume_token(), len(session.log))
    assert not session.set_levels(partner="novice", opponents="novice")
    assert session.notice == (
        "The bots play at these levels from hand 2: partner novice, opponents novice."
    )
    assert (session.resume_token(), len(session.log)) == before
    finish_hand(session, rng)
    if not auto_next:
        assert session.new_hand()
    moves(session, rng, 3)
    assert session.levels == {N: "novice", E: "novice", W: "novice"}
    assert session.pending_levels is None
    assert session.level_changes == [(2, dict(session.levels))]
    assert table_state(session)["options"]["pending_levels"] == ""
    hand_one = {level for number, _, level in seen if number == 1}
    hand_two = {level for number, _, level in seen if number == 2}
    assert hand_one == {"rule"} and hand_two == {"novice"}
    # said when asked, and again right after hand 1's end, as it applies
    assert session.log.count(said) == 2
    again = session.log.index(said, session.log.index(said) + 1)
    assert session.log[again - 1].startswith(("Hand 1 is over", "Hand 2: "))


def test_a_pending_change_set_back_is_cancelled() -> None:
    session = TableSession("classic", seed=12, opponents="rule")
    moves(session, random.Random(2), 2)
    assert session.set_levels(opponents="novice")
    assert session.set_levels(opponents="rule")
    assert session.pending_levels is None
    assert "cancelled" in session.log[-1]
    assert not session.set_levels(opponents="rule")
    assert session.notice is not None and "now" in session.notice


def test_refusals_change_nothing() -> None:
    session = TableSession("classic", seed=13, opponents="rule")
    moves(session, random.Random(3), 2)
    assert session.set_levels(opponents="novice")
    before = (
        frozen(session),
        dict(session.levels),
        session.pending_levels,
        len(session.log),
        session.resume_token(),
    )
    for partner, opponents, why in [
        ("nope", None, "unknown bot level 'nope': choose from novice, rule"),
        (None, "grandmaster", "unknown bot level 'grandmaster': choose from"),
        (None, "expert:x=1", "bad bot level 'expert:x=1'"),
        (None, 3, "a bot level is a name"),
    ]:
        assert session.set_levels(partner, opponents) is False  # type: ignore[arg-type]
        assert session.notice is not None and why in session.notice
        assert "\n" not in session.notice
        after = (
            frozen(session),
            dict(session.levels),
            session.pending_levels,
            len(session.log),
            session.resume_token(),
        )
        assert after == before
    two = TableSession("two-player", seed=3, opponents="rule")
    assert two.set_levels(partner="novice") is False
    assert two.notice == (
        "A two-player game has no partner: choose only your opponent's level."
    )
    assert two.levels == {N: "rule"} and two.level_changes == []


def play_changed(spec: str, seed: int) -> TableSession:
    """A game with a change between hands, one pending mid-hand."""
    session = TableSession(spec, seed=seed, opponents="novice")
    rng = random.Random(seed)
    finish_hand(session, rng)
    assert session.set_levels(opponents="expert")  # from hand 2, at once
    assert session.new_hand()
    moves(session, rng, 6)
    assert session.set_levels(opponents="rule")  # from hand 3
    assert session.level_changes and session.pending_levels is not None
    return session


@pytest.mark.parametrize("spec", ["two-player", "classic"])
def test_the_resume_token_keeps_the_changes(spec: str) -> None:
    session = play_changed(spec, 21)
    token = session.resume_token()
    assert token is not None
    mine = "N" if spec == "two-player" else "E"
    assert token["changes"][0][0] == 2 and token["changes"][0][1][mine] == "expert"
    assert token["pending"][mine] == "rule"
    fresh = SpadesTable("cards4net", seed=99, speed="instant")
    fresh._handle_custom_msg({"type": "resume", "token": json.dumps(token)}, [])
    resumed = fresh.session
    assert resumed.notice is None, resumed.notice
    assert resumed.to_json() == session.to_json()
    assert resumed.levels == session.levels
    assert resumed.first_levels == session.first_levels
    assert resumed.level_changes == session.level_changes
    assert resumed.pending_levels == session.pending_levels
    assert resumed.log[resumed.log_start : -1] == session.log[session.log_start :]
    assert resumed.resume_token() == token
    saved = session.to_json()
    if spec == "two-player":  # the bots' private draws follow their levels
        control = TableSession("classic", seed=1)
        assert control.resume(json.loads(json.dumps(token)))
        assert control.to_json() == saved  # the token as it is rebuilds the game
        other = TableSession("classic", seed=1)
        assert other.resume({k: v for k, v in token.items() if k != "changes"})
        assert other.to_json() != saved  # without its changes, another game
    # the pending change applies at the next hand after the reload too
    for table in (session, resumed):
        finish_hand(table, random.Random(5))
    assert resumed.to_json() == session.to_json()
    assert resumed.levels[Seat.parse(mine)] == "rule" and not resumed.pending_levels


def test_an_old_token_without_changes_still_replays() -> None:
    session = TableSession("two-player", seed=8, opponents="rule")
    rng = random.Random(8)
    finish_hand(session, rng)
    session.new_hand()
    moves(session, rng, 4)
    token = session.resume_token()
    assert token is not None and "changes" not in token and "pending" not in token
    fresh = TableSession("classic", seed=1)
    assert fresh.resume(token), fresh.notice
    assert fresh.to_json() == session.to_json()
    assert fresh.levels == {N: "rule"} and fresh.level_changes == []
    assert fresh.pending_levels is None


@pytest.mark.parametrize(
    ("changes", "pending", "why"),
    [
        ("x", None, "its changes of levels are not a list"),
        ([[0, {"E": "rule", "N": "rule", "W": "rule"}]], None, "from hand 0"),
        ([[9, {"E": "rule", "N": "rule", "W": "rule"}]], None, "from hand 9"),
        ([[True, {"E": "rule", "N": "rule", "W": "rule"}]], None, "from hand True"),
        (
            [
                [2, {"E": "rule", "N": "rule", "W": "rule"}],
                [2, {"E": "novice", "N": "rule", "W": "rule"}],
            ],
            None,
            "from hand 2, not a later hand",
        ),
        ([[2, {"E": "rule", "S": "rule", "W": "rule"}]], None, "bot seats"),
        ([[2, {"E": "rule", "N": "hal", "W": "rule"}]], None, "unknown bot level"),
        ([[2, ["rule"]]], None, "not levels seat by seat"),
        ([[2]], None, "not [hand, levels]"),
        ([], {"E": "rule"}, "bot seats"),
        ([], {"E": "hal", "N": "rule", "W": "rule"}, "unknown bot level"),
    ],
)
def test_a_token_with_bad_changes_is_refused_in_one_line(
    changes: Any, pending: Any, why: str
) -> None:
    session = TableSession("classic", seed=14)
    finish_hand(session, random.Random(4))
    session.new_hand()
    moves(session, random.Random(4), 2)
    token = session.resume_token()
    assert token is not None and len(token["hands"]) == 2
    bad = dict(token, changes=changes)
    if pending is not None:
        bad["pending"] = pending
    fresh = TableSession("yppedia", seed=5)
    before = (frozen(fresh), dict(fresh.levels), len(fresh.log))
    assert fresh.resume(bad) is False
    assert fresh.notice is not None
    assert fresh.notice.startswith("Could not resume the saved game: ")
    assert why in fresh.notice and "\n" not in fresh.notice
    assert (frozen(fresh), dict(fresh.levels), len(fresh.log)) == before


def test_undo_across_a_hands_end_puts_the_levels_back() -> None:
    session = TableSession("classic", seed=15, partner="rule", opponents="rule")
    rng = random.Random(6)
    finish_hand(session, rng)
    assert session.set_levels(opponents="novice")  # hand 2, at once
    said = "From hand 2, East and West play at the novice level."
    assert session.can_undo() and session.undo()  # back into hand 1
    assert session.levels == {N: "rule", E: "rule", W: "rule"}
    assert session.level_changes == []
    assert session.pending_levels == {N: "rule", E: "novice", W: "novice"}
    assert session.log[-1] == said  # pending again, and said so
    # a save names hand 1's bots, and those the game goes on with
    assert session.game.seated_hands[1][E] == "rule"
    assert session.game.seated[E] == "novice"
    finish_hand(session, rng)
    assert session.level_changes == [(2, {N: "rule", E: "novice", W: "novice"})]
    # "Replay this deal" of hand 1 from between hands: the same
    assert session.replay_deal()
    assert session.game.hand.number == 1 and session.levels[E] == "rule"
    assert session.pending_levels is not None and session.pending_levels[E] == "novice"
    token = session.resume_token()
    fresh = TableSession("classic", seed=1)
    assert fresh.resume(token), fresh.notice
    assert fresh.pending_levels == session.pending_levels
    assert fresh.to_json() == session.to_json()


@pytest.mark.parametrize("spec", ["two-player", "classic"])
def test_a_saved_record_keeps_the_changes(spec: str, tmp_path: Path) -> None:
    """A record names each hand's bots where they were not those the game
    goes on with (a pending change's): a table that loads it has the same
    levels, changes and pending change, and its resume token rebuilds it,
    the two-player bots' private draws decided again at their hand's level."""
    session = play_changed(spec, 21)
    path = tmp_path / "game.json"
    assert session.save(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    bot = "N" if spec == "two-player" else "E"
    assert saved["players"][bot] == "rule"  # the pending change: it goes on
    assert [h["players"][bot] for h in saved["hands"]] == ["novice", "expert"]
    other = TableSession(spec, seed=1, opponents="search")
    assert other.load(path), other.notice
    assert (other.first_levels, other.level_changes, other.pending_levels) == (
        session.first_levels,
        session.level_changes,
        session.pending_levels,
    )
    assert other.levels == session.levels
    assert other.to_json() == session.to_json()
    token = other.resume_token()
    assert token is not None and token["changes"] and token["pending"]
    fresh = TableSession("classic", seed=2)
    assert fresh.resume(token) and fresh.to_json() == session.to_json()
    for table in (session, other):  # the pending change applies in both
        finish_hand(table, random.Random(5))
    assert other.to_json() == session.to_json()
    assert other.levels[Seat.parse(bot)] == "rule"


def test_a_record_without_its_hands_levels_gets_no_token() -> None:
    """Stripped of its hands' levels, a two-player record names only those
    the game goes on with: hand 1's draws, made by the novice, do not
    replay at that level, and the loaded game gets no token (the rule for
    records from elsewhere)."""
    session = play_changed("two-player", 21)
    data = json.loads(session.to_json())
    for hand in data["hands"]:
        hand.pop("players", None)
    other = TableSession("two-player", seed=1)
    assert other.from_json(json.dumps(data)), other.notice
    assert other.level_changes == [] and other.pending_levels is None
    assert other.levels == {N: "rule"}
    assert other.resume_token() is None
    assert table_state(other)["resume"] is None


def test_new_game_clears_the_changes() -> None:
    session = play_changed("classic", 22)
    # New game keeps the bots last chosen (the pending ones), without changes
    assert session.new_game()
    assert session.levels == {N: "rule", E: "rule", W: "rule"}
    assert session.level_changes == [] and session.pending_levels is None
    assert session.first_levels == session.levels
    assert session.game.seated_hands == {}


def test_the_page_message_changes_the_levels() -> None:
    table = SpadesTable("classic", seed=16, speed="instant", opponents="rule")
    table._handle_custom_msg(
        {"type": "levels", "partner": "", "opponents": "novice"}, []
    )
    session = table.session
    assert session.notice is None
    assert (session.pending_levels or session.levels)[E] == "novice"
    assert "East and West play at the novice level" in session.log[-1]
    before = session.resume_token()
    table._handle_custom_msg({"type": "levels", "opponents": "random"}, [])
    assert session.notice is not None and "menu's levels" in session.notice
    table._handle_custom_msg({"type": "levels", "opponents": ["x"]}, [])
    assert session.resume_token() == before
    assert table.set_levels(partner="novice")
    assert table.state["options"]["partner"] == "novice"


def test_a_two_player_game_says_the_partner_level_waits() -> None:
    """The panel sends its partner menu too: a game of two changes the
    opponent's level and says the partner's waits for a game of four."""
    table = SpadesTable("two-player", seed=3, speed="instant", opponents="rule")
    msg = {"type": "levels", "partner": "novice", "opponents": "expert"}
    table._handle_custom_msg(msg, [])
    session = table.session
    assert session.notice is None, session.notice
    assert (session.pending_levels or session.levels)[Seat.NORTH] == "expert"
    assert session.log[-1] == (
        "The partner's level (novice) waits for a new game of four: this game "
        "has two players."
    )


@pytest.mark.browser
def test_the_button_sends_the_chosen_levels(browser: Any, states: Any) -> None:
    state = copy_state(states["after-bid"])
    page = open_table(browser, state)
    tid(page, "options-toggle").click()
    assert tid(page, "opt-pending-levels").is_hidden()
    button = tid(page, "apply-levels")
    assert "levels" in (button.get_attribute("aria-label") or "")
    tid(page, "opt-opponents").select_option("expert")
    tid(page, "opt-partner").select_option("novice")
    button.click()
    sent = page.evaluate("() => window.sent")
    assert sent[-1] == {"type": "levels", "partner": "novice", "opponents": "expert"}
    pending = copy_state(state)
    pending["options"]["pending_levels"] = (
        "From the next hand: partner novice, opponents expert."
    )
    page.evaluate("(s) => window.setState(s)", pending)
    line = tid(page, "opt-pending-levels")
    assert line.is_visible()
    assert line.inner_text() == "From the next hand: partner novice, opponents expert."
    assert not page.errors, page.errors
    page.close()


def test_a_change_waiting_when_the_game_ends_is_for_a_new_game() -> None:
    """A change asked for in the last hand waits for New game: a resumed or
    loaded game does not promise it "from hand 2" of a game that is over."""
    session = TableSession("classic+target=30", seed=3, opponents="rule")
    rng = random.Random(3)
    while not session.game.is_over:
        if session.between:
            assert session.new_hand()
            continue
        assert session.act(rng.choice(session.view.legal)), session.notice
        if session.pending_levels is None and not session.game.is_over:
            other = "novice" if session.levels[E] == "rule" else "rule"
            assert session.set_levels(opponents=other)  # from the next hand
    assert session.pending_levels is not None
    waiting = session.pending_levels[E]
    words = session.levels_words()
    assert f"A new game starts with partner rule, opponents {waiting}." in words
    assert "From hand" not in words
    options = table_state(session)["options"]  # the menus show them, no line
    assert options["pending_levels"] == "" and options["opponents"] == waiting
    token = session.resume_token()
    fresh = TableSession("classic", seed=1)
    assert fresh.resume(token), fresh.notice
    assert fresh.log[-1].endswith(f"starts with partner rule, opponents {waiting}.")
    two = TableSession("two-player", seed=4, opponents="rule")
    assert two.levels_words() == "The bot: opponent rule."
