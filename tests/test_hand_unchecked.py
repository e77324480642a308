"""``apply(check=False)``: the fast path for actions taken from
``legal_actions()``. Anything else given there is read as the checked path
reads it (text), and an action refused leaves the hand (and its game) exactly
as it was: its log included, so ``undo`` keeps working."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from spadeslib import Bid, Card, Game, Hand, IllegalAction, Phase, Rules, SpadesError
from spadeslib.actions import LOOK


def snapshot(hand: Hand) -> dict[str, Any]:
    """Everything a hand holds but its caches (worked out again on demand)."""
    hand._log()  # the log brought up to date, as reading history does
    state = {k: v for k, v in vars(hand).items() if k not in ("_legal", "_bases")}
    return copy.deepcopy({k: v for k, v in state.items() if k != "_on_over"})


def playing_hand() -> Hand:
    hand = Hand(seed=3)
    for bid in (3, 4, 3, 2):
        hand.apply(bid)
    assert hand.phase is Phase.PLAYING
    return hand


def test_text_is_read_on_the_unchecked_path() -> None:
    hand = Hand(seed=1, dealer="N")  # East may bid blind nil, or look
    hand.apply("look", check=False)
    assert hand.history == [(hand.bid_order[0], LOOK, None)]
    hand.apply("3", check=False)
    assert hand.bids[hand.bid_order[0]] == Bid(3)
    for _ in range(3):
        hand.apply(hand.legal_actions()[0], check=False)
    card = hand.legal_cards()[0]
    hand.apply(str(card), check=False)
    assert hand.trick == ((hand.history[-1][0], card),)
    assert hand.undo() is card
    assert hand.undo() == hand.legal_actions()[0]  # the last bid


@pytest.mark.parametrize(
    ("make", "action", "seat", "rule"),
    [
        (lambda: Hand(seed=1, dealer="N"), "AS", None, "wrong-phase"),
        (lambda: Hand(seed=1, dealer="N"), Card.parse("AS"), None, "wrong-phase"),
        (lambda: Hand(seed=1, dealer="N"), "pass", None, "unreadable"),
        (lambda: Hand(seed=1, dealer="N"), object(), None, "unreadable"),
        (lambda: Hand(seed=1, dealer="N"), "look", "S", "not-your-turn"),
        (lambda: Hand(seed=1, dealer="N"), "look", "Q", "unreadable"),
        (playing_hand, "nil", None, "wrong-phase"),
        (playing_hand, Bid(3), None, "wrong-phase"),
        (playing_hand, "zz", None, "unreadable"),
    ],
)
def test_a_refused_unchecked_action_changes_nothing(
    make: Any, action: object, seat: str | None, rule: str
) -> None:
    hand = make()
    before = snapshot(hand)
    with pytest.raises(IllegalAction) as raised:
        hand.apply(action, seat, check=False)  # type: ignore[arg-type]
    assert raised.value.rule == rule
    assert snapshot(hand) == before
    if hand.history:
        hand.undo()  # the log is still the hand's own


def test_a_card_not_held_is_refused_unchecked_as_checked() -> None:
    hand = playing_hand()
    mover = hand.turn
    assert mover is not None
    other = next(c for s in hand.seats if s is not mover for c in hand.holding[s])
    before = snapshot(hand)
    for given in (other, str(other)):
        with pytest.raises(IllegalAction) as raised:
            hand.apply(given, check=False)
        assert raised.value.rule == "card-not-held"
        assert str(raised.value) == str(hand.check(other))
        assert snapshot(hand) == before
    hand.apply(hand.legal_actions()[0], check=False)  # the hand plays on


def test_the_game_delegates_to_its_hand_and_refuses_the_same() -> None:
    game = Game(seed=1)  # cards4net: the first bidder may bid blind nil
    hand = game.hand
    before = snapshot(hand)
    for action in ("AS", "pass", object()):
        with pytest.raises(SpadesError):
            game.apply(action, check=False)  # type: ignore[arg-type]
        assert snapshot(hand) == before
    assert game.hand.history == []
    game.apply("look", check=False)  # text, read
    game.apply("4", check=False)
    assert game.hand.bids[game.hand.bid_order[0]] == Bid(4)
    assert [a for _, a, _ in game.hand.history] == [LOOK, Bid(4)]
    while len(game.hands) < 3:  # hands end, are scored and dealt as before
        game.apply(game.hand.random_action(game.rng), check=False)
    assert len(game.running_scores) == 2


def test_an_unchecked_action_after_the_game_is_refused_as_checked() -> None:
    from spadeslib.bots import make_bot, play_until

    game = Game(Rules("classic", target=50), seed=2)
    play_until(game, {s: make_bot("rule") for s in "NESW"})
    assert game.is_over
    for check in (True, False):
        with pytest.raises(IllegalAction, match="the game is over") as raised:
            game.apply(3, "N", check=check)
        assert raised.value.rule == "game-over"


def test_cards_passed_are_checked_even_unchecked() -> None:
    """An exchange naming a card another seat holds was accepted unchecked,
    and the partner's legal exchange then broke the hand (a ValueError)."""
    from spadeslib.actions import Exchange

    hand = next(
        h
        for seed in range(200)
        for h in [Hand("classic", dealer="W", seed=seed, scores={"NS": 0, "EW": 200})]
        if Bid.BLIND_NIL in h.legal_actions()
    )
    hand.apply(Bid.BLIND_NIL)
    while hand.phase is Phase.BIDDING:
        hand.apply(hand.legal_actions()[0])
    assert hand.phase is Phase.EXCHANGE
    mover = hand.turn
    assert mover is not None
    other = next(c for s in hand.seats if s is not mover for c in hand.holding[s])
    bad = Exchange(tuple(sorted([other, hand.holding[mover][0]])))
    before = snapshot(hand)
    with pytest.raises(IllegalAction):
        hand.apply(bad, check=False)
    assert snapshot(hand) == before
    hand.apply(hand.legal_actions()[0], check=False)  # a legal one goes through
    assert hand.turn is not mover
