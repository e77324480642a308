"""A game saved and resumed shows the log the learner saw before saving.

The log is rebuilt from the game's moves by the narration the live table
uses (``narrate.retell``), so a save file needs no log of its own. What the
moves do not hold (hints, undos) is not told again from a file; the page's
resume token keeps it beside the moves, and a reload tells it in its place.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from spadeslib import Rules
from spadeslib.actions import Bid
from spadeslib.table import TableSession


def play(session: TableSession, rng: random.Random, hands: int = 99) -> None:
    """The learner bids Nil when offered (a nil in every hand), else plays
    seeded random legal moves, until the game ends or ``hands`` are done."""
    while not session.game.is_over and len(session.game.finished_hands) < hands:
        if session.between:
            assert session.new_hand()
            continue
        legal = session.view.legal
        action = Bid.NIL if Bid.NIL in legal else rng.choice(legal)
        assert session.act(action), session.notice


def live(session: TableSession) -> list[str]:
    return session.log[session.log_start :]


def reopened(session: TableSession, tmp_path: Path) -> list[tuple[str, list[str]]]:
    """The log of ``session``'s game loaded from a file, from its JSON and
    resumed from its token, each at a new table with the same settings."""
    path = tmp_path / "game.json"
    assert session.save(path)
    out = []
    for how in ("load", "json", "token"):
        other = TableSession("classic", seed=1, auto_next=session.auto_next)
        if how == "load":
            assert other.load(path), other.notice
            assert other.log[-1].startswith(f"Loaded {path}")
        elif how == "json":
            assert other.from_json(session.to_json()), other.notice
            assert other.log[-1].startswith("Loaded the file")
        else:
            assert other.resume(session.resume_token()), other.notice
            assert other.log[-1].startswith("Resumed your game")
        assert other.to_json() == session.to_json()
        assert other.between == session.between
        out.append((how, other.log[other.log_start : -1]))
    return out


GAMES = [
    ("classic", False),
    ("classic", True),
    ("two-player", False),
    ("cards4net", False),
]


@pytest.mark.parametrize(("spec", "auto_next"), GAMES)
def test_resumed_log_is_the_live_log_line_for_line(
    spec: str, auto_next: bool, tmp_path: Path
) -> None:
    base = Rules.parse(spec)
    rules = Rules(base.preset, base.modifiers, target=250)
    session = TableSession(rules, seed=21, auto_next=auto_next)
    rng = random.Random(spec)
    checked = 0
    # mid-hand, between hands (or just dealt), several hands in, game over
    for hands in (0, 1, 2, 99):
        play(session, rng, hands)
        if hands == 0:  # a few moves into the first hand
            for _ in range(5):
                assert session.act(rng.choice(session.view.legal))
        # the live log but the lines of earlier saves (not moves of the game)
        saved = [line for line in live(session) if not line.startswith("Saved ")]
        for how, log in reopened(session, tmp_path):
            assert log == saved, f"{how} after {hands} hands"
            checked += 1
    assert session.game.is_over and len(session.game.finished_hands) >= 4
    told = "\n".join(live(session))
    assert saved[-1].startswith("Game over:")
    assert "Nil" in told and ("is made" in told or "failed" in told)
    assert checked == 12


def test_between_hands_the_next_deal_is_not_told() -> None:
    session = TableSession("classic", seed=4)
    play(session, random.Random(1), hands=1)
    assert session.between
    assert live(session)[-1].startswith("Hand 1 is over. Press Next hand")
    other = TableSession("classic", seed=1)
    assert other.resume(session.resume_token())
    assert other.between and other.log[other.log_start : -1] == live(session)


def test_what_the_moves_do_not_hold_is_left_out() -> None:
    """Hints and undos are not in the record: the resumed log is the game's
    own story, as if played straight."""
    session = TableSession("classic", seed=9, coach="rule")
    rng = random.Random(2)
    play(session, rng, hands=1)
    session.new_hand()
    straight = list(live(session))
    assert session.hint() is not None
    first = session.view.legal[0]
    assert session.act(first)
    assert session.undo()
    assert session.act(first)
    extra = {"Hint:", "You took back"}
    assert any(line.startswith(tuple(extra)) for line in live(session))
    other = TableSession("classic", seed=1)
    assert other.from_json(session.to_json())
    rebuilt = other.log[other.log_start : -1]
    assert rebuilt[: len(straight)] == straight
    took_back = next(
        i for i, line in enumerate(live(session)) if line.startswith("You took back")
    )
    assert rebuilt[len(straight) :] == live(session)[took_back + 1 :]


@pytest.mark.parametrize("hands", [1, 99])
def test_a_hand_just_over_shows_its_review_again(hands: int, tmp_path: Path) -> None:
    """With ``auto_review``, the review that opened when the hand ended opens
    again on a resumed or loaded game (between hands, or the game over),
    the same review; mid-hand nothing opens."""
    rules = Rules("classic", target=150)
    session = TableSession(rules, seed=4, coach="rule", auto_review=True)
    play(session, random.Random(3), hands)
    assert session.between or session.game.is_over
    shown = session.last_review
    assert shown is not None and session.review_state == "ready"
    path = tmp_path / "game.json"
    assert session.save(path)
    for how in ("token", "load"):
        other = TableSession("classic", seed=1, coach="rule", auto_review=True)
        if how == "token":
            assert other.resume(session.resume_token()), other.notice
        else:
            assert other.load(path), other.notice
        again = other.last_review
        assert other.review_state == "ready" and again is not None, how
        assert (again.number, again.summary) == (shown.number, shown.summary)
        # told once: the token's log has it, a file's is told it again
        told = other.log[other.log_start :]
        assert told.count(shown.summary) == 1
        assert told[-1 if how == "load" else -2] == shown.summary
    if session.between:  # a move into the next hand: no review opens
        assert session.new_hand()
        assert session.act(session.view.legal[0])
        other = TableSession("classic", seed=1, coach="rule", auto_review=True)
        assert other.resume(session.resume_token())
        assert other.last_review is None and other.review_state == "none"


# ------------------------------------------------ what the moves do not hold


def resumed(session: TableSession) -> list[str]:
    """The log of ``session``'s game resumed from its token at a new table
    (without the line that says it was resumed)."""
    other = TableSession("classic", seed=1, coach="rule")
    assert other.resume(json.dumps(session.resume_token())), other.notice
    assert other.log[-1].startswith("Resumed your game")
    return other.log[other.log_start : -1]


def test_a_reload_tells_hints_estimates_and_reviews_again_in_place() -> None:
    """The browser's copy keeps what the moves do not hold, so a reload
    shows the learner the log they had, line for line."""
    session = TableSession("classic+target=300", seed=9, coach="rule")
    assert session.new_game("cards4net", seed=5)  # "House rules kept ..."
    rng = random.Random(4)
    asked = 0
    while not session.game.finished_hands:
        if session.view.phase.name == "BIDDING" and session.estimate() is not None:
            asked += 1
        if len(session.view.legal) > 1 and rng.random() < 0.4:
            assert session.hint() is not None
            asked += 1
        assert session.act(rng.choice(session.view.legal)), session.notice
    assert session.review() is not None
    assert session.new_hand() and session.hint() is not None
    said = live(session)
    kinds = ("House rules kept", "Hint:", "suggested bid", "Hand 1, South:")
    assert all(any(k in line for line in said) for k in kinds), said
    assert asked >= 4 and len(session.asides) == asked + 3
    assert resumed(session) == said


def test_a_reload_after_a_take_back_tells_the_line_played() -> None:
    """The moves taken back are not in the game, nor their hints: the log
    resumed is the live one without the lines of the moves taken back."""
    session = TableSession("classic", seed=9, coach="rule")
    play(session, random.Random(2), hands=1)
    assert session.new_hand()
    assert session.hint() is not None
    first = session.view.legal[0]
    before = len(live(session))
    assert session.act(first)
    if session.learner_to_move():
        assert session.hint() is not None  # after the move taken back: gone
    assert session.undo()
    assert session.act(first)
    said = live(session)
    back = next(i for i, line in enumerate(said) if line.startswith("You took back"))
    assert back > before + 1 and resumed(session) == said[:before] + said[back:]


def test_a_token_s_lines_out_of_place_are_dropped() -> None:
    session = TableSession("classic", seed=9, coach="rule")
    assert session.hint() is not None
    token = session.resume_token()
    hint = [0, 2, session.log[-1]]  # after the two bots' bids
    assert token is not None and token["asides"] == [hint]
    token["asides"] += [[0, 5, "a move not made"], [-1, 0, "x"], [0, 2, 7], "junk"]
    token["asides"] += [[0, 1, "before the hint"], [0, 2, "x" * 2001], [0, 2, ""]]
    other = TableSession("classic", seed=1)
    assert other.resume(token), other.notice
    assert [tuple(a[:3]) for a in other.asides] == [tuple(hint)]
    assert other.log[other.log_start : -1] == live(session)


def test_a_hint_asked_again_is_shown_not_told_again() -> None:
    session = TableSession("classic", seed=9, coach="rule")
    tips = [session.hint() for _ in range(3)]
    assert tips[0] is not None and tips.count(tips[0]) == 3
    assert len(session.asides) == 1
    assert sum(line.startswith("Hint:") for line in live(session)) == 1


def test_with_auto_review_the_review_is_told_after_the_hand_s_end() -> None:
    """Without an event loop the review comes at once: after the last card
    and the score, as a reload tells it."""
    session = TableSession("classic", seed=9, coach="rule", auto_review=True)
    play(session, random.Random(5), hands=1)
    said = live(session)
    review = session.last_review
    assert review is not None and said[-1] == review.summary
    assert said[-2].startswith("Hand 1 is over")
    assert resumed(session) == said


def test_the_timer_s_line_goes_with_the_move_it_made() -> None:
    """The timer chose a bid for you, you took it back: a reload does not
    tell the timer's line either (a hint asked before it stays)."""
    session = TableSession("classic", seed=9, coach="rule")
    assert session.hint() is not None
    assert session.timeout() is not None
    assert any(line.startswith("Time is up:") for line in live(session))
    token = session.resume_token()
    assert token is not None and token["asides"][-1][3] is True  # of the move
    assert session.undo()
    told = resumed(session)
    assert not any(line.startswith("Time is up:") for line in told)
    assert any(line.startswith("Hint:") for line in told)
    assert told[-1].startswith("You took back")


def test_a_review_asked_in_the_next_hand_is_told_after_its_hand() -> None:
    """Check my play for hand 1, asked during hand 2: a reload tells it after
    hand 1's end, and a take-back in hand 2 does not lose it."""
    session = TableSession("classic", seed=9, coach="rule")
    rng = random.Random(6)
    play(session, rng, hands=1)
    assert session.new_hand()
    while not session.can_undo():
        assert session.act(rng.choice(session.view.legal))
    review = session.review()
    assert review is not None and review.number == 1
    assert session.undo()
    told = resumed(session)
    assert told.count(review.summary) == 1
    end = next(i for i, line in enumerate(told) if line.startswith("Hand 1 is over"))
    assert told[end + 1] == review.summary
    assert session.review() is not None
    assert live(session).count(review.summary) == 1  # not logged again


def test_a_full_list_of_asides_keeps_the_line_just_said() -> None:
    """With the most lines kept, a review placed before them all still stays
    (the oldest other line goes), so asking again does not log it twice."""
    from spadeslib.table.keeping import MAX_ASIDES
    from spadeslib.table.narrate import Aside

    session = TableSession("classic", seed=9, coach="rule")
    play(session, random.Random(6), hands=1)
    assert session.new_hand()
    session.asides = [Aside(1, 0, f"line {i}") for i in range(MAX_ASIDES)]
    review = session.review()
    assert review is not None and len(session.asides) == MAX_ASIDES
    assert session.asides[0].text == review.summary
    assert session.asides[1].text == "line 1"
    session.last_review = None
    assert session.review() is not None
    assert live(session).count(review.summary) == 1
