"""Refusals name the seat, the action and the rule, on every path (found by
a review that tried bad input of every kind on the library, the command line
and the table)."""

from __future__ import annotations

from spadeslib import Bid, Game, Rules, Seat, record
from spadeslib.bots import make_bot, play_until
from spadeslib.cli import hand_moves
from spadeslib.errors import IllegalAction
from spadeslib.rule_ids import RuleId
from spadeslib.table.session import TableSession


def test_a_move_after_the_game_names_the_seat_the_action_and_the_score() -> None:
    game = Game(Rules("classic", target=50), seed=2)
    play_until(game, {s: make_bot("rule") for s in "NESW"})
    assert game.is_over
    error = game.check(3, "N")
    assert isinstance(error, IllegalAction)
    assert error.seat is Seat.NORTH and error.rule == RuleId.GAME_OVER
    winner = game.winner
    loser = next(s for s in game.scores if s != winner)
    assert str(error) == (
        f"North cannot bid 3: the game is over ({winner} won "
        f"{game.scores[winner]} to {game.scores[loser]})"
    )
    over = f"the game is over ({winner} won {game.scores[winner]} to "
    assert str(game.check("AS")).startswith(over), game.check("AS")
    assert str(game.check("AS")).endswith(": nobody can play the ace of spades")
    assert game.why_illegal(3, "X") == game.why_illegal(3)


def test_a_bad_seat_says_what_was_tried() -> None:
    game = Game("classic", seed=1)
    assert game.why_illegal(3, seat="Q") == (
        "cannot bid 3 as 'Q' is not a seat: use N, E, S or W"
    )
    shown = game.why_illegal(3, seat=object())
    assert shown is not None and "0x" not in shown and "<object>" in shown
    before = record.dumps(game)
    assert game.why_illegal("zz", seat="Q") == "'Q' is not a seat: use N, E, S or W"
    assert record.dumps(game) == before


def test_the_tables_bid_never_plays_a_card() -> None:
    table = TableSession("classic", seed=0)
    while not (table.learner_to_move() and table.game.hand.phase.name == "PLAYING"):
        assert table.act(table.view.legal[0])
    played = len(table.game.hand.history)
    assert not table.bid_on_sight("6C")
    assert table.notice == "'6C' is not a bid: it would play the six of clubs."
    assert not table.bid("look")
    assert not table.bid("banana") and table.notice == "'banana' is not a bid."
    assert len(table.game.hand.history) == played


def test_replay_moves_shows_two_player_declarations_with_the_draw() -> None:
    game = Game("two-player", seed=5)
    game.apply(Bid.BLIND_NIL)  # declared before drawing
    play_until(game, {s: make_bot("random", seed=5) for s in "NS"}, hands=1)
    lines = hand_moves(game.finished_hands[0])
    draws = next(line for line in lines if line.startswith("  draws:"))
    bids = next(line for line in lines if line.startswith("  bids:"))
    assert "declares Blind Nil" in draws
    assert len(bids.removeprefix("  bids: ").split(", ")) == 2, bids


def test_a_typed_move_may_say_play_or_bid() -> None:
    """ "pass 2C 3C" worked, "play AS" and "bid 3" were "not a card"."""
    table = TableSession("classic", seed=0)
    assert not table.command("play AS")
    assert "cannot play the ace of spades now" in (table.notice or "")
    assert table.command("bid 3")
    assert Bid(3) in table.game.hand.bids.values()
    assert not table.command("play 4") and "not a card" in (table.notice or "")


def test_a_please_wait_notice_goes_when_the_turn_it_names_is_over() -> None:
    """ "Please wait: it is West's turn." stayed in red beside "▶ your turn"."""
    table = TableSession("classic", seed=3, speed="step")
    while table.learner_to_move():
        assert table.act(table.view.legal[0])
    assert not table.act(Bid(3))
    assert table.notice == "Please wait: it is West's turn."
    table.step()
    assert table.notice is None
