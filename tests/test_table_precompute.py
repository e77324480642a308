"""The coach starts on the learner's decision ahead of the hint.

With ``precompute`` a background thread analyses each of the learner's
decisions as soon as it is the learner's turn; the hint and the review take
that analysis. It must be the very analysis computed without it (seeded by
the decision), the thread must touch nothing but its own results, stop when
there is no work, and leave nothing behind when the table closes or a new
game starts.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest

from spadeslib.bots import Suggestion
from spadeslib.coach import Coach, decision_key
from spadeslib.table import SpadesTable, TableSession
from spadeslib.table.advisor import Advisor, Foresight

NAME = "spadeslib-coach-ahead"

#: coach threads of tables other test modules left open in this process
#: (their tables are not this module's to close)
_BEFORE: set[threading.Thread] = set()


def ahead_threads() -> list[threading.Thread]:
    """This module's coach threads still running."""
    return [t for t in threading.enumerate() if t.name == NAME and t not in _BEFORE]


@pytest.fixture(scope="module", autouse=True)
def others_left_before() -> None:
    _BEFORE.update(t for t in threading.enumerate() if t.name == NAME)


@pytest.fixture(autouse=True)
def no_thread_left() -> Iterator[None]:
    assert not ahead_threads()
    yield
    for thread in ahead_threads():
        thread.join(30)
    assert not ahead_threads(), "a coach thread was left running"


def settle(session: TableSession) -> None:
    """Wait until the coach's thread has analysed what it was given."""
    foresight = session.advisor.foresight
    assert foresight is not None
    assert foresight.idle(30)


@pytest.fixture
def main_analyses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the threads that analysed a decision (not forced)."""
    seen: list[str] = []
    plain = Coach._advise

    def counted(self: Coach, view):  # type: ignore[no-untyped-def]
        if len(view.legal) > 1:
            seen.append(threading.current_thread().name)
        return plain(self, view)

    monkeypatch.setattr(Coach, "_advise", counted)
    return seen


def play_hand(
    session: TableSession, rng: random.Random, wait: bool
) -> list[tuple[int, Suggestion]]:
    """Ask a hint at each of the learner's decisions of one hand and play a
    seeded random move; returns the hints, each with its place in the hand."""
    tips = []
    number = session.game.hand.number
    while session.game.hand.number == number and not session.between:
        assert session.learner_to_move()
        if wait:
            settle(session)
        tip = session.hint()
        assert tip is not None, session.notice
        tips.append((len(session.game.hand.history), tip))
        assert session.act(rng.choice(session.view.legal))
    return tips


def test_a_session_without_precompute_runs_no_thread() -> None:
    session = TableSession("classic", seed=3, coach="rule")
    assert session.advisor.foresight is None
    play_hand(session, random.Random(1), wait=False)
    assert not ahead_threads()
    session.close()


def test_the_hint_and_the_review_take_the_analysis_made_ahead(
    main_analyses: list[str],
) -> None:
    session = TableSession("classic", seed=3, coach="rule", precompute=True)
    play_hand(session, random.Random(1), wait=True)
    review = session.review()
    assert review is not None
    # every decision analysed once, by the thread: none on the table's thread
    assert main_analyses and set(main_analyses) == {NAME}
    assert len(main_analyses) == session.advisor.foresight.computed
    session.close()


def test_precomputed_advice_is_the_advice_computed_when_asked() -> None:
    """The same hints and the same review, with and without the thread, and
    the same as a coach asked afresh about each decision."""
    fore = TableSession("cards4net", seed=12, coach="search", precompute=True)
    plain = TableSession("cards4net", seed=12, coach="search")
    tips_fore = play_hand(fore, random.Random(5), wait=True)
    tips_plain = play_hand(plain, random.Random(5), wait=False)
    assert tips_fore == tips_plain
    rows = [(r.best, r.loss, r.rating, r.text) for r in fore.review() or ()]
    assert rows == [(r.best, r.loss, r.rating, r.text) for r in plain.review() or ()]
    assert fore.to_json() == plain.to_json()
    fresh = Advisor("search", seed=12)
    hand = fore.game.finished_hands[-1]
    assert fresh.review(hand, fore.seat).rows == fore.last_review.rows  # type: ignore[union-attr]
    fore.close()


def test_the_hint_agrees_with_the_review_of_its_decision() -> None:
    session = TableSession("classic", seed=8, coach="rule", precompute=True)
    tips = dict(play_hand(session, random.Random(2), wait=False))  # while busy
    review = session.review()
    assert review is not None
    source = review.source
    assert len(source.verdicts) >= 5
    for place, verdict in zip(source.positions, source.verdicts, strict=True):
        assert verdict.best == tips[place].action, f"decision {place}"
    session.close()


def test_the_learner_acting_first_keeps_the_analysis_for_the_review(
    main_analyses: list[str],
) -> None:
    session = TableSession("classic", seed=3, coach="rule", precompute=True)
    rng = random.Random(1)
    number = session.game.hand.number
    while session.game.hand.number == number and not session.between:
        assert session.act(rng.choice(session.view.legal))  # no hint asked
    settle(session)
    computed = session.advisor.foresight.computed
    assert computed > 0
    assert session.review() is not None
    # the review took what the thread had made, and made only the rest
    assert main_analyses.count(NAME) == computed
    assert session.advisor.foresight.computed == computed
    session.close()


def test_a_new_game_or_a_load_drops_the_analyses_of_the_old_one() -> None:
    session = TableSession("classic", seed=3, coach="rule", precompute=True)
    old = session.advisor.foresight
    assert old is not None
    saved = session.to_json()
    assert session.new_game(seed=4)
    assert session.advisor.foresight is not old and old.closed
    assert old.take("anything") is None
    assert old.idle(30)
    loaded = session.advisor.foresight
    assert session.from_json(saved)
    assert loaded is not None and loaded.closed
    assert session.hint() is not None
    session.close()
    assert session.advisor.foresight.closed


def test_a_refused_new_game_keeps_the_coach() -> None:
    session = TableSession("classic", seed=3, coach="rule", precompute=True)
    foresight = session.advisor.foresight
    assert not session.new_game(partner="no-such-bot")
    assert session.advisor.foresight is foresight
    assert not foresight.closed
    session.close()


def test_the_thread_stops_when_idle_and_never_touches_the_table() -> None:
    session = TableSession("classic", seed=5, coach="rule", precompute=True)
    callers: list[threading.Thread] = []
    session.on_change(lambda: callers.append(threading.current_thread()))
    for _ in range(3):
        settle(session)
        assert not session.advisor.foresight.running  # type: ignore[union-attr]
        assert session.act(session.view.legal[0])
    session.close()
    assert callers and set(callers) == {threading.current_thread()}


def test_foresight_take_waits_for_a_decision_being_analysed() -> None:
    session = TableSession("classic", seed=6, coach="rule")
    view = session.game.view(session.seat)
    foresight = Foresight("rule", 6)
    key = decision_key(view)
    foresight.want(key, view)
    advice = foresight.take(key)  # running, queued or done: never lost
    if advice is None:  # taken back before it started: the caller computes
        advice = Coach("rule", seed=6).advise(view)
    assert advice.best == Coach("rule", seed=6).advise(view).best
    foresight.close()
    assert foresight.idle(30)


def test_the_widget_precomputes() -> None:
    table = SpadesTable("classic", seed=7, speed="instant", coach="rule")
    assert table.session.precompute
    assert table.session.advisor.foresight is not None
    table.close()
    assert table.session.advisor.foresight.idle(30)
