"""One name, one meaning, one shape across the public API: a card's symbol
is a property like its suit's, a hand's bids, tricks won and holdings are
mappings by seat like a view's, the seat to act is ``turn`` everywhere, and
a hand, a game and a view answer the same questions by the same names."""

from __future__ import annotations

import pytest

from spadeslib import (
    Card,
    Game,
    Hand,
    Rank,
    Rules,
    Seat,
    SpadesError,
    Suit,
    score_hand,
)
from spadeslib.bots import make_bot


def test_card_symbol_is_a_property_like_the_suits() -> None:
    card = Card.parse("AS")
    assert card.symbol == "A♠" and card.suit.symbol == "♠"
    assert f"{card.symbol}" == "A♠"


def test_suit_and_rank_print_as_a_card_code_writes_them() -> None:
    assert (str(Suit.CLUBS), str(Rank.TEN), str(Rank.QUEEN)) == ("C", "10", "Q")
    for card in Rules().deck:
        assert f"{card.rank}{card.suit}" == str(card)


def test_a_hands_holding_cannot_be_changed_through_the_property() -> None:
    hand = Hand("classic", dealer="N", seed=4)
    held = hand.holding
    before = held[Seat.EAST]
    with pytest.raises(AttributeError):
        held[Seat.EAST].reverse()  # type: ignore[attr-defined]
    held[Seat.EAST] = ()
    assert hand.holding[Seat.EAST] == before and len(before) == 13
    while not hand.is_over:  # the hand still plays to the end
        hand.apply(hand.legal_actions()[0])
    assert hand.holding == {s: () for s in hand.seats}


def test_a_hand_and_its_views_agree_on_names_and_shapes() -> None:
    hand = Hand("two-player", dealer="N", seed=3)
    while not hand.is_over and len(hand.tricks) < 4:
        hand.apply(hand.legal_actions()[-1])
    for seat in hand.seats:
        view = hand.view(seat)
        assert view.turn == hand.turn
        assert view.holding == hand.holding[seat]
        assert view.bids == hand.bids and view.tricks_won == hand.tricks_won
    assert (
        set(hand.bids)
        == set(hand.tricks_won)
        == set(hand.seats)
        == {
            Seat.NORTH,
            Seat.SOUTH,
        }
    )


def test_bids_leave_out_the_seats_yet_to_bid() -> None:
    hand = Hand("classic", dealer="N", seed=5)
    hand.apply(4)
    assert hand.bids == {Seat.EAST: hand.bids[Seat.EAST]}
    assert hand.bids.get(Seat.SOUTH) is None


def test_game_and_view_answer_as_the_hand_does() -> None:
    game = Game("classic", seed=1)
    view = game.view(game.hand.turn)  # type: ignore[arg-type]
    assert view.legal_actions() == game.legal_actions() == game.hand.legal_actions()
    other = game.hand.turn.left  # type: ignore[union-attr]
    assert game.is_legal(4) and not game.is_legal(4, seat=other)
    assert game.legal_cards() == view.legal_cards() == []
    while game.hand.phase.value == "bidding":
        game.apply(game.legal_actions()[0])
    view = game.view(game.hand.turn)  # type: ignore[arg-type]
    assert game.legal_cards() == view.legal_cards() == game.hand.legal_cards()
    assert game.legal_cards() and all(game.is_legal(c) for c in game.legal_cards())


def test_score_hand_given_the_tricks_played_names_what_to_pass() -> None:
    hand = Hand(seed=2)
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    with pytest.raises(SpadesError, match=r"hand\.tricks_won.*not the tricks played"):
        score_hand(hand.rules, hand.bids, hand.tricks, {})  # type: ignore[arg-type]
    assert score_hand(hand.rules, hand.bids, hand.tricks_won, {}) == hand.result


def test_make_bot_takes_its_level_by_keyword() -> None:
    assert make_bot(level="random", seed=1).name == "random"
