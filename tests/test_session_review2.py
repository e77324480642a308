"""The table's second learner review: the move timer's safe default, house
rules kept, bags named, the whole log, undo to a real choice, and the small
wording fixes (status, file names, the two-player draw)."""

from __future__ import annotations

import json
import random

import pytest

from spadeslib import LOOK, Bid, Phase, Rules
from spadeslib.bots import make_bot
from spadeslib.table import SpadesTable, TableSession
from spadeslib.table.narrate import bag_words, house_rules_words
from spadeslib.table.state import LOG_LINES, LOG_TAIL, table_state
from spadeslib.table.turns import bot_choice


def face_down(preset: str) -> TableSession:
    """A table whose learner is first to decide, cards face down."""
    for seed in range(60):
        session = TableSession(preset, seed=seed)
        if session.learner_to_move() and LOOK in session.view.legal:
            return session
    raise AssertionError(f"no seed of {preset} starts with a blind choice")


def play_rule(session: TableSession, hands: int = 99) -> None:
    """The learner plays the rule bot's moves until ``hands`` are over."""
    n = 0
    while not session.game.is_over and len(session.game.finished_hands) < hands:
        if session.between:
            assert session.new_hand()
            continue
        action = make_bot("rule", seed=n).act(session.game.view(session.seat))
        assert session.act(action), session.notice
        n += 1


# ----------------------------------------------------------- 1. the timer
@pytest.mark.parametrize("preset", ["cards4net", "two-player"])
def test_timeout_looks_at_face_down_cards_and_never_bids_blind(preset: str) -> None:
    session = face_down(preset)
    assert any(isinstance(a, Bid) and a.is_blind for a in session.view.legal)
    assert session.timeout() is LOOK
    hand = session.game.hand
    assert not hand.hidden[session.seat]
    assert all(not (isinstance(b, Bid) and b.is_blind) for b in hand.bids.values())
    said = [line for line in session.log if line.startswith("Time is up")]
    assert said and "a blind bid is never made for you" in said[0]
    assert "at random" not in said[0]


def test_timeout_after_looking_makes_the_rule_bots_bid() -> None:
    session = face_down("cards4net")
    assert session.look()
    while session.learner_to_move() and session.game.hand.phase is Phase.BIDDING:
        expected, failure = bot_choice(session.game, session.seat, "rule")
        assert failure is None
        assert session.timeout() == expected


# ----------------------------------------------------- 2. the house rules
def test_house_rules_are_named_in_the_state_and_the_log() -> None:
    session = TableSession("classic+bag_limit=5", seed=2024)
    state = table_state(session)
    assert state["table"]["rules"] == "classic+bag_limit=5"
    assert state["table"]["title"] == "Classic + bag limit 5"
    assert state["table"]["house_rules"] == "House rules: bag limit 5."
    assert state["options"]["house_rules"] == "House rules: bag limit 5."
    assert "House rules: bag limit 5." in state["sheet"]["rules"]
    # the offer to resume names the rules as the page does, and the seed
    assert state["table"]["summary"].startswith(
        "Classic + bag limit 5, seed 2024. Hand 1"
    )
    assert session.log[0].startswith("New game: Classic + bag limit 5, seed 2024.")
    plain = table_state(TableSession("classic", seed=1))
    assert plain["table"]["house_rules"] == "" and plain["table"]["title"] == "Classic"


def test_new_game_from_options_keeps_the_house_rules() -> None:
    session = TableSession("classic+bag_limit=5", seed=2024)
    # the Options panel sends the preset and the modifiers only
    assert session.new_game(Rules("classic", []), seed=7)
    assert session.rules.full_spec == "classic+bag_limit=5"
    assert "House rules kept from the last game: bag_limit=5." in session.log
    assert session.new_game(seed=8)  # no rules: the same, house rules included
    assert session.rules.full_spec == "classic+bag_limit=5"
    assert session.new_game(Rules("classic", ["jokers"]), seed=9)
    assert session.rules.full_spec == "classic+jokers+bag_limit=5"
    assert session.new_game("classic", seed=9, house_rules=False)
    assert session.rules.full_spec == "classic"


def test_new_rules_that_refuse_a_house_rule_drop_it_and_say_so() -> None:
    session = TableSession("classic+blind_nil=first_bidder+bag_limit=5", seed=1)
    assert session.rules.blind_nil == "first_bidder"
    assert session.new_game(Rules("two-player", []), seed=3)
    kept = [line for line in session.log if line.startswith("House rules kept")]
    dropped = [line for line in session.log if line.startswith("House rules dropp")]
    assert kept and "bag_limit=5" in kept[-1]
    assert dropped and "blind_nil=first_bidder (" in dropped[-1]
    assert session.rules.full_spec == "two-player+bag_limit=5"


def test_house_rules_survive_added_modifiers() -> None:
    session = TableSession("classic+bag_limit=5", modifiers=["jokers"], seed=1)
    assert session.rules.full_spec == "classic+jokers+bag_limit=5"


# ------------------------------------------------------------- 3. the bags
def test_bags_say_this_hand_or_in_all() -> None:
    session = TableSession("classic", seed=5)
    play_rule(session, hands=3)
    for hand in session.game.finished_hands:
        assert hand.result is not None
        for score in hand.result.values():
            words = bag_words(score)
            assert words.endswith("in all")
            assert ("this hand" in words) == bool(score.bags_gained)
    results = [
        line for line in session.log if " this hand, " in line and "in all;" in line
    ]
    assert results and all(line.endswith(" in all.") for line in results)
    assert not any(
        line.endswith(" bag).") or line.endswith(" bags).") for line in results
    )
    state = table_state(session)
    for row, hand in zip(
        state["sheet"]["rows"], session.game.finished_hands, strict=True
    ):
        assert hand.result is not None
        for side, cell in row["sides"].items():
            score = hand.result[side]
            assert cell["bags_hand"] == score.bags_gained
            assert cell["bags_total"] == score.bags_after
            assert cell["bags"].endswith("in all")
            assert ("this hand" in cell["bags"]) == bool(score.bags_gained)
    assert all(text.endswith("in all") for text in state["sheet"]["bags"].values())


# --------------------------------------------------------------- 4. the log
def test_the_state_carries_the_games_last_lines_and_the_table_the_rest() -> None:
    """A state carries the log's last lines (it is sent after every move);
    the page asks once for the older ones, which come in a message."""
    table = SpadesTable("cards4net", seed=11, speed="instant")
    play_rule(table.session)
    session = table.session
    state = table_state(session)
    game = session.log[session.log_start :]
    assert len(game) > 2 * LOG_TAIL
    assert [e["text"] for e in state["log"]] == game[-LOG_TAIL:]
    assert state["log_from"] == session.log_start
    assert state["log"][0]["n"] == len(session.log) - LOG_TAIL
    assert len(json.dumps(state)) < 40_000
    sent: list[dict] = []
    table.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    table.handle({"type": "log"})
    assert [m["type"] for m in sent] == ["log"]
    lines = sent[0]["lines"]
    assert [e["text"] for e in lines] == game
    assert lines[0]["text"].startswith("New game: Cards4.net, seed 11.")
    assert [e["n"] for e in lines] == list(range(session.log_start, len(session.log)))
    assert len(lines) < LOG_LINES


# --------------------------------------------------------------- 5. undo
def test_undo_after_the_game_ends_takes_back_a_real_choice() -> None:
    session = TableSession("classic", seed=5, opponents="rule", partner="rule")
    rng = random.Random(1)
    while not session.game.is_over:
        if session.between:
            assert session.new_hand()
            continue
        assert session.act(rng.choice(session.view.legal))
    hand = session.game.hand
    last_mine = [i for i, (s, _, _) in enumerate(hand.history) if s == session.seat]
    assert session.undo()
    assert not session.game.is_over and session.learner_to_move()
    assert len(session.view.legal) > 1, "undo stopped at a forced card"
    assert len(hand.history) <= last_mine[-1]


def forced_after_a_choice() -> tuple[TableSession, int]:
    """A table where the learner just played a forced card (one legal card)
    after a real choice, and where in the hand's history that choice was."""
    for seed in range(40):
        session = TableSession("classic", seed=seed)
        rng = random.Random(seed)
        choice = None
        while session.learner_to_move():
            legal = session.view.legal
            if len(legal) == 1 and choice is not None:
                assert session.act(legal[0])
                return session, choice
            choice = len(session.game.hand.history)
            assert session.act(rng.choice(legal))
    raise AssertionError("no forced card found")


def test_undo_mid_hand_takes_back_the_forced_cards_after_the_choice() -> None:
    session, at = forced_after_a_choice()
    hand = session.shown_hand
    assert session.undo()
    assert session.game.hand is hand and len(hand.history) == at
    assert session.learner_to_move() and len(session.view.legal) > 1
    assert session.log[-1].startswith("You took back") and "forced" in session.log[-1]


def test_nothing_to_undo_without_a_real_choice() -> None:
    session = TableSession("classic", seed=1)
    assert not session.undo()
    assert session.notice is not None and "not made a choice" in session.notice


# ------------------------------------------------------- 6. small things
def test_status_names_the_phase() -> None:
    session = TableSession("classic", seed=2024)
    assert table_state(session)["sheet"]["status"] == "Hand 1: bidding."
    while session.view.phase is Phase.BIDDING:
        assert session.bid(3) or session.look()
    assert table_state(session)["sheet"]["status"].startswith("Hand 1: trick 1 of 13")


def test_file_name_names_the_last_finished_hand() -> None:
    session = TableSession("classic+bag_limit=5", seed=2024)
    assert session.file_name() == "spades-classic-bag_limit5-seed2024-hand1.json"
    play_rule(session, hands=1)
    assert session.between
    assert session.file_name().endswith("-after-hand1.json")
    assert session.new_hand()  # hand 2 dealt: the bots may have bid, or not yet
    assert session.file_name().endswith("-hand2.json")
    play_rule(session, hands=2)
    assert session.file_name().endswith("-after-hand2.json")


def test_two_player_draw_explains_blind_nil_and_offers_to_draw() -> None:
    session = face_down("two-player")
    state = table_state(session)
    assert "double nil" not in state["prompt"]
    assert "take no tricks" in state["prompt"]
    labels = {b["action"]: b["label"] for b in state["buttons"]}
    assert labels["look"] == "Draw my cards"
    assert session.look()
    assert any(line == "You start drawing (no Blind Nil)." for line in session.log)
    assert house_rules_words(session.rules) == ""


def test_a_zero_bid_is_told_apart_from_nil_where_zero_is_a_number() -> None:
    """cards4net: a "0" button with no Nil beside it (the partner has bid) is
    not a Nil; the prompt says what 0 is and why Nil is missing."""
    session = TableSession("cards4net", seed=11, speed="instant")
    prompt = table_state(session)["prompt"]
    view = session.game.view(session.seat)
    if Bid.NIL in view.legal:
        assert "Nil is a bet of its own" in prompt
    else:
        assert "Nil is closed: your partner has bid." in prompt
    assert "0 is a number" in prompt
    classic = TableSession("classic", seed=11, speed="instant")
    assert "0 is a number" not in table_state(classic)["prompt"]


def test_the_review_does_not_rate_what_the_timer_chose() -> None:
    """The move timer's choices (a random card in the play, the rule bot's
    bid, a look) are not the learner's: the review counts them as "made by
    the timer" and rates only the rest; a reload's review says the same."""
    session = TableSession("yppedia", seed=4, coach="rule")
    assert session.timeout() is not None  # the bid
    timed = 1
    while not session.game.finished_hands:
        if session.learner_to_move():
            if len(session.view.legal) > 1 and timed < 4:
                assert session.timeout() is not None
                timed += 1
            else:
                assert session.act(session.view.legal[0])
    review = session.review()
    assert review is not None
    hand = session.game.finished_hands[-1]
    mine = sum(who == session.seat for who, _, _ in hand.history)
    assert review.counts["made by the timer"] == timed
    assert len(review.source.verdicts) + review.source.forced == mine - timed
    assert f"{timed} made by the timer" in review.summary
    said = [line for line in session.log if line.startswith("Time is up: ")]
    assert len(said) == timed and "was played for you" in said[-1]
    other = TableSession("classic", seed=1, coach="rule")
    assert other.resume(session.resume_token()), other.notice
    again = other.review()
    assert again is not None and again.counts == review.counts


def test_a_look_the_timer_made_is_not_rated_but_the_bid_after_it_is() -> None:
    session = face_down("cards4net")
    assert session.timeout() is LOOK
    said = [line for line in session.log if line.startswith("Time is up: ")]
    assert said == [
        "Time is up: the timer turns your cards up (a blind bid is never made for you)."
    ]
    while not session.game.finished_hands:
        if session.learner_to_move():
            assert session.act(session.view.legal[0])
    review = session.review()
    assert review is not None and review.counts["made by the timer"] == 1
    whens = [row.when for row in review.rows]
    assert "blind" not in whens and "bid" in whens, whens  # the bid is theirs
