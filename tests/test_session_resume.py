"""A game saved and resumed shows the log the learner saw before saving.

The log is rebuilt from the game's moves by the narration the live table
uses (``narrate.retell``), so a save file needs no log of its own. What the
moves do not hold (hints, undos) is not told again.
"""

from __future__ import annotations

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
    rules = Rules.preset(base.preset, base.modifiers, target=250)
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
    rules = Rules.preset("classic", target=150)
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
        assert other.log[-1] == shown.summary
    if session.between:  # a move into the next hand: no review opens
        assert session.new_hand()
        assert session.act(session.view.legal[0])
        other = TableSession("classic", seed=1, coach="rule", auto_review=True)
        assert other.resume(session.resume_token())
        assert other.last_review is None and other.review_state == "none"
