"""The headless table (TableSession): whole games for every rule set, refusals,
undo, replay of a deal, seeds, the timer, speeds, hints, the estimate and the
review. Save, load, uploads and the resume token: ``test_session_keeping.py``."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from session_support import frozen, mid_game, play_random, short

from conftest import ALL_COMBOS
from spadeslib import LOOK, Card, Game, Phase, Rules, Seat
from spadeslib.coach.explain import describe
from spadeslib.record import hand_record
from spadeslib.table import TableSession
from spadeslib.table.turns import bot_choice, timeout_choice


@pytest.mark.parametrize("rules", ALL_COMBOS, ids=lambda r: r.spec)
def test_whole_game_through_the_api(rules: Rules) -> None:
    session = TableSession(short(rules), seed=11, partner="rule", opponents="rule")
    play_random(session, random.Random(rules.spec), hands=8)
    game = session.game
    assert game.finished_hands
    totals = {side: 0 for side in game.scores}
    for hand in game.finished_hands:
        assert hand.result is not None
        for side, score in hand.result.items():
            totals[side] += score.points
    assert totals == game.scores
    assert not session.errors
    if game.is_over:
        assert game.winner is not None and "Game over" in session.log[-1]


def test_every_api_verb_plays_a_hand() -> None:
    session = TableSession("classic", seed=2024)
    if session.view.holding is None:
        assert session.look()
    assert session.bid(3)
    while not session.between:
        assert session.play(str(session.view.legal[0]))
    assert session.message.splitlines()[-1].startswith("Hand 1 is over")
    assert session.new_hand()
    assert session.shown_hand.number == 2


def test_refusals_leave_everything_unchanged() -> None:
    session = TableSession("classic", seed=5)
    if session.view.holding is None:
        session.look()
    before = frozen(session)
    for attempt, expected in (
        (lambda: session.bid(20), "You cannot bid 20"),
        (lambda: session.bid("sixty"), "'sixty' is not a bid"),
        (lambda: session.play("QH"), "You cannot play the queen of hearts now"),
        (lambda: session.command("zz"), ""),
        (lambda: session.new_hand(), "Finish this hand first"),
        (lambda: session.keep(), "You cannot"),
    ):
        assert attempt() is False
        assert session.notice is not None and session.notice.startswith(expected)
        assert "South" not in session.notice
        assert frozen(session) == before
    assert session.undo() is False  # nothing decided yet
    assert frozen(session) == before


def _to_follow(seed: int) -> tuple[TableSession, Card]:
    """A session where the learner must follow suit and holds another suit."""
    session = TableSession("cards4net", seed=seed)
    rng = random.Random(seed)
    while not session.between:
        view = session.view
        if view.phase is Phase.PLAYING and view.trick:
            led = view.rules.trick_suit(view.trick[0][1])
            other = [c for c in view.holding or () if view.rules.trick_suit(c) != led]
            if other and len(other) < len(view.holding or ()):
                return session, other[0]
        session.act(rng.choice(view.legal))
    raise AssertionError("no follow-suit position")


def test_illegal_card_is_explained_in_the_second_person() -> None:
    session, card = _to_follow(3)
    view = session.view
    led = view.rules.trick_suit(view.trick[0][1])
    before = frozen(session)
    assert session.play(card) is False
    assert session.notice.startswith(f"You must follow {led.plural}: you hold")
    held = [c for c in view.holding or () if view.rules.trick_suit(c) == led]
    assert all(c.symbol in session.notice for c in held)
    assert frozen(session) == before
    # the refusal stays while nothing else happens, and goes with the next play
    assert session.notice is not None
    assert session.play(view.legal[0])
    assert session.notice is None


def test_undo_takes_back_the_last_decision_and_bots_replay_exactly() -> None:
    session = TableSession("cards4net", seed=21)
    rng = random.Random(4)
    for _ in range(6):
        session.act(rng.choice(session.view.legal))
    before = session.to_json()
    action = rng.choice(session.view.legal)
    assert session.act(action)
    after = session.to_json()
    assert session.undo()
    assert session.to_json() == before
    assert session.learner_to_move()
    assert session.act(action)
    assert session.to_json() == after  # the bots answered exactly as before


def test_undo_at_the_end_of_a_hand_reopens_it() -> None:
    session = TableSession("classic", seed=8)
    play_random(session, random.Random(1), hands=1)
    assert session.between and session.shown_hand.number == 1
    assert session.undo()
    assert not session.between and session.game.hand.number == 1
    assert session.learner_to_move() and not session.game.finished_hands


def test_replay_this_deal_deals_the_same_cards_again() -> None:
    session = TableSession("yppedia", seed=13)
    rng = random.Random(2)
    for _ in range(9):
        session.act(rng.choice(session.view.legal))
    deal = hand_record(session.game.hand)["deal"]
    first = session.game.hand.history[0]
    assert session.replay_deal()
    hand = session.game.hand
    assert hand_record(hand)["deal"] == deal and hand.number == 1
    assert all(seat != session.seat for seat, _, _ in hand.history)
    assert session.learner_to_move()
    if hand.history:
        assert hand.history[0] == first


def test_new_game_deals_exactly_the_seed_given() -> None:
    session = TableSession("classic", seed=1)
    assert session.new_game(seed=2024)
    deal = hand_record(session.game.hand)["deal"]
    assert session.seed == 2024
    assert deal == hand_record(Game("classic", seed=2024).hand)["deal"]
    assert session.new_game(seed=2024)  # the same seed again: the same deal
    assert hand_record(session.game.hand)["deal"] == deal
    assert session.new_game()  # no seed: a fresh deal
    assert session.seed != 2024
    assert session.new_game("two-player", seed="teacher")
    assert session.rules.players == 2 and session.seed == "teacher"


def test_timeout_bids_as_the_rule_bot_and_plays_a_random_legal_card() -> None:
    """RULES.md (yppedia): when the timer runs out, a random legal card is
    played. The bidding, of which it says nothing, gets the rule bot's bid."""
    session = TableSession("yppedia", seed=4)
    legal = session.view.legal
    expected, failure = bot_choice(session.game, session.seat, "rule")
    assert failure is None
    assert session.timeout() == expected and expected in legal
    said = f"Time is up: {describe(expected)} was chosen for you (the rule bot"
    assert any(line.startswith(said) for line in session.log)
    # in the play: a card drawn at random among the legal ones (the bots
    # move at once without an event loop), the same again in the same place
    while session.game.hand.phase is not Phase.PLAYING:
        assert session.timeout() is not None
    legal = session.view.legal
    card = session.timeout()
    assert card in legal
    said = [line for line in session.log if line.startswith("Time is up")]
    assert said[-1].endswith("(a random legal card, as the move timer plays it).")
    assert session.undo() and session.timeout() == card


def test_the_timer_s_cards_are_random_not_the_rule_bot_s() -> None:
    """Over the first plays of 12 yppedia deals, the timer's card is legal,
    always the same in the same position, and not the rule bot's card at
    every choice (a check that passes on the rule bot's card checks
    nothing)."""
    differ = choices = 0
    for seed in range(12):
        game = Game("yppedia", seed=seed)
        while game.hand.phase is not Phase.PLAYING:
            game.apply(bot_choice(game, game.turn, "rule")[0])
        for _ in range(8):
            seat, legal = game.turn, game.legal_actions()
            card, why = timeout_choice(game, seat)
            assert card in legal and timeout_choice(game, seat) == (card, why)
            if len(legal) > 1:
                choices += 1
                differ += card != bot_choice(game, seat, "rule")[0]
            game.apply(card)
    assert choices > 40 and differ > choices // 3, (differ, choices)


def test_move_timer_runs_on_the_event_loop() -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        session = TableSession("yppedia", seed=4, timer=0.05, speed="fast", loop=loop)
        for _ in range(400):
            if any(line.startswith("Time is up") for line in session.log):
                break
            await asyncio.sleep(0.02)
        session.close()
        assert any(line.startswith("Time is up") for line in session.log)

    asyncio.run(main())


def test_step_speed_waits_for_each_bot_move_and_pause_stops_the_bots() -> None:
    session = TableSession("cards4net", seed=10, speed="step")
    rng = random.Random(1)
    while session.learner_to_move() and not session.game.hand.history:
        session.act(rng.choice(session.view.legal))
    if session.learner_to_move():
        session.act(rng.choice(session.view.legal))
    moves = len(session.game.hand.history)
    assert session.bot_to_move()
    assert session.step()
    assert len(session.game.hand.history) == moves + 1
    session.pause()
    session.set_speed("fast")  # without a loop "fast" plays at once, but paused
    assert session.bot_to_move() or session.learner_to_move()
    paused_at = len(session.game.hand.history)
    assert len(session.game.hand.history) == paused_at
    session.pause(False)
    assert session.learner_to_move() or session.between


def test_hint_estimate_and_review_come_from_the_same_coach() -> None:
    session = TableSession("cards4net", seed=2024)
    if session.view.holding is None:
        session.look()
    estimate = session.estimate()
    assert estimate is not None and 0 <= estimate.tricks <= 13
    assert "suggested bid" in estimate.text
    assert session.state_key() == session.state_key()  # still our turn
    tips: dict[int, str] = {}
    rng = random.Random(5)
    while not session.between:
        view = session.view
        if view.phase is Phase.PLAYING and len(view.legal) > 1 and len(tips) < 3:
            tip = session.hint()
            assert tip is not None and tip.action in view.legal
            tips[len(view.tricks) + 1] = describe(tip.action)
        session.act(rng.choice(view.legal))
    review = session.review()
    assert review is not None and review.number == 1
    best = {row.when: row.best for row in review.rows}
    for trick, advised in tips.items():
        assert best[f"trick {trick}"] == advised
    assert review.summary.startswith("Hand 1")


def test_review_opens_when_a_hand_ends_and_closes_with_the_next() -> None:
    session = TableSession("classic", seed=31, auto_review=True)
    play_random(session, random.Random(7), hands=1)
    assert session.review_open and session.review_state == "ready"
    assert session.last_review is not None and session.last_review.number == 1
    assert session.new_hand()
    assert not session.review_open


def test_bots_are_seeded_by_the_position() -> None:
    a = mid_game("classic", 17, 25)
    b = mid_game("classic", 17, 25)
    assert a.to_json() == b.to_json()


def test_two_player_seat_and_unknown_levels_are_refused() -> None:
    with pytest.raises(ValueError, match="North or South"):
        TableSession("two-player", seat="E")
    session = TableSession(seed=1)
    before = frozen(session)
    assert session.new_game(partner="genius") is False
    assert "genius" in session.notice and frozen(session) == before
    assert session.seat == Seat.SOUTH


def test_a_table_without_a_seed_deals_a_fresh_seed_it_shows() -> None:
    seeds = {TableSession("classic").seed for _ in range(6)}
    assert len(seeds) > 1  # was 359330 for every seedless table
    session = TableSession("classic")
    assert f"seed {session.seed}" in session.log[0]
    # the seed shown replays the game
    assert (
        hand_record(session.game.hand)["deal"]
        == hand_record(Game("classic", seed=session.seed).hand)["deal"]
    )
    fresh = set()
    for _ in range(6):
        assert session.new_game()
        fresh.add(session.seed)
    assert len(fresh) > 1  # "New game" was always 793458, then 470768


@pytest.mark.parametrize("level", ["rule:garbage", "expert:x=1", "random:3", 5])
def test_malformed_bot_levels_are_refused(level: Any) -> None:
    from spadeslib import SpadesError

    with pytest.raises(SpadesError, match="bot level"):
        TableSession("classic", seed=3, partner=level)
    with pytest.raises(SpadesError, match="bot level"):
        TableSession("classic", seed=3, opponents=level)
    session = TableSession("classic", seed=3)
    before, levels = frozen(session), dict(session.levels)
    assert session.new_game(opponents=level) is False
    assert "bot level" in session.notice and frozen(session) == before
    assert session.levels == levels and not session.errors
    # a resume token naming the level is refused too, nothing changed
    token = session.resume_token()
    assert token is not None
    token["levels"] = dict(token["levels"], W=level)
    before = frozen(session)
    assert session.resume(token) is False
    assert "bot level" in session.notice and frozen(session) == before
    assert session.levels == levels


@pytest.mark.parametrize("timer", ["x", [1], -1, float("nan"), float("inf"), True])
def test_a_bad_move_timer_is_refused(timer: Any) -> None:
    from spadeslib import SpadesError

    async def main() -> None:
        loop = asyncio.get_running_loop()
        with pytest.raises(SpadesError, match="move timer"):
            TableSession("yppedia", seed=3, loop=loop, timer=timer)
        session = TableSession("yppedia", seed=3, loop=loop, timer=30)
        before = frozen(session)
        assert session.new_game(timer=timer) is False
        assert "move timer" in session.notice and frozen(session) == before
        assert session.timer == 30 and session.learner_to_move()
        session.close()

    asyncio.run(main())


def test_timer_zero_means_no_timer() -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        session = TableSession("yppedia", seed=3, loop=loop, timer=0)
        assert session.timer == 0 and session.timer_left() is None
        assert session.new_game(timer=2.5) and session.timer == 2.5
        assert session.timer_left() is not None
        session.close()

    asyncio.run(main())


def test_cards_and_file_names_of_the_wrong_type_are_refused_in_one_line() -> None:
    from spadeslib import SpadesError

    session = TableSession("classic", seed=3)
    calls = [
        (session.exchange, None, "not a list of cards"),
        (session.exchange, 5, "not a list of cards"),
        (session.discard, None, "not a list of cards"),
        (session.save, None, "Could not save: None is not a file name"),
        (session.save, 5, "Could not save: 5 is not a file name"),
        (session.load, None, "Could not load: None is not a file name"),
        (session.load, 5, "Could not load: 5 is not a file name"),
    ]
    for method, argument, says in calls:
        before = frozen(session)
        assert method(argument) is False
        assert says in session.notice and "\n" not in session.notice
        assert frozen(session) == before
    with pytest.raises(SpadesError, match="unknown speed"):
        session.set_speed([])  # type: ignore[arg-type]
    assert session.speed == "instant"


def test_act_and_bid_word_an_unreadable_bid_alike() -> None:
    session = TableSession("classic", seed=3)
    for value in (None, "zz"):
        before = frozen(session)
        assert session.bid(value) is False  # type: ignore[arg-type]
        said = session.notice
        assert session.act(value) is False  # type: ignore[arg-type]
        assert session.notice == said and not said.startswith("You:")
        assert frozen(session) == before


def test_review_of_a_hand_that_is_not_a_number_is_refused_in_words() -> None:
    session = TableSession("classic", seed=3)
    assert session.review("x") is None  # type: ignore[arg-type]
    assert session.notice == (
        "There is no hand 'x' to review: give a hand's number, such as 1."
    )
    assert session.review(3) is None and session.notice == "Hand 3 is not finished."


def test_pause_takes_only_true_or_false() -> None:
    from spadeslib import SpadesError

    session = TableSession("classic", seed=3)
    with pytest.raises(SpadesError, match="not 'no'"):
        session.pause("no")  # type: ignore[arg-type]
    assert session.paused is False
    session.pause(True)
    assert session.paused is True


def test_a_number_is_not_bid_on_cards_still_face_down() -> None:
    """The table's keys and buttons: a digit pressed before looking was bid
    at once, on cards the learner never saw."""
    session = next(
        s
        for s in (TableSession("cards4net", seed=n, speed="instant") for n in range(40))
        if s.learner_to_move() and LOOK in s.game.hand.legal_actions()
    )
    before = frozen(session)
    assert session.bid_on_sight(3) is False
    assert session.notice == (
        "Your cards are face down: look at them first (press l) before you bid "
        "3, or bid Blind Nil without looking."
    )
    assert frozen(session) == before
    assert session.bid_on_sight("blind nil")


def test_the_game_over_says_who_won_by_how_much_and_why() -> None:
    rules = Rules("yppedia")
    session = TableSession(rules, seed=1, speed="instant")
    game = session.game  # its state is read-only from outside: set its own
    game._scores.update(NS=-420, EW=153)
    game._is_over, game._winner = True, "EW"
    assert session._winner_words() == (
        "East-West won, 153 to -420: North-South (you) fell to -420, at or below the "
        "losing threshold of -200"
    )


def test_two_players_keep_the_opponents_level_on_load_and_new_game() -> None:
    """The opponent sits across the table: a load and a new game looked for
    it on the left (West, not in play) and fell back to the default level."""
    table = TableSession("two-player", seed=1, opponents="novice")
    table.from_json(table.to_json())
    assert table.levels == {Seat.NORTH: "novice"}
    table.new_game()
    assert table.levels == {Seat.NORTH: "novice"}
    table.new_game("classic")  # the opponent's level now faces you from both sides
    assert table.levels[Seat.EAST] == table.levels[Seat.WEST] == "novice"


def test_a_new_game_keeps_the_move_timer_of_the_same_rules() -> None:
    table = TableSession("classic", seed=1, timer=30)
    table.new_game()
    assert table.timer == 30
    table.new_game(timer=0)
    assert not table.timer
