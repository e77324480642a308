"""The rule level's reasons under variants, on the positions a learner found
them wrong in: a two-player Nil that has failed leaves no contract of its
own (its tricks are not bags: RULES.md, decisions), and a forced bid names
the rule that forces it.
"""

from __future__ import annotations

from typing import Any

from spadeslib import KEEP, LOOK, Bid, Card, Hand, Rules
from spadeslib.bots import RuleBot
from spadeslib.hand import Phase

# two players: North (the dealer) holds the top clubs, diamonds and hearts;
# South bids Nil with the A♠, sure to take a trick
NORTH = "AC KC QC JC AD KD QD JD 2H KH QH KS QS"
SOUTH = "AS 2S 3D 4D 5D 9D 2C 3C 4C 5C AH 3H 4H"


def two_player(plays: list[str], bids: tuple[Any, Any] = ("nil", 8)) -> Hand:
    """The hand after the draw (each player keeping every card offered:
    North the cards of NORTH, South those of SOUTH), the bids and ``plays``."""
    mine = {*NORTH.split(), *SOUTH.split()}
    rest = [str(c) for c in Rules("two-player").deck if str(c) not in mine]
    stock = []
    for n, s in zip(NORTH.split(), SOUTH.split(), strict=True):
        stock += [n, rest.pop(), s, rest.pop()]
    hand = Hand("two-player", "N", stock=stock)
    while hand.phase is Phase.DRAW:
        turn = hand.turn
        assert turn is not None
        hand.apply(LOOK if hand.hidden[turn] else KEEP)
    for action in [*bids, *plays]:
        hand.apply(action)
    return hand


def rule(hand: Hand, seat: str = "S") -> tuple[Any, str]:
    hint = RuleBot().explain(hand.view(seat))
    return hint.action, hint.reason


# ------------------------------------------ 1. a two-player Nil, lost
def test_a_two_player_nil_sure_to_fail_has_no_contract_to_make() -> None:
    card, reason = rule(two_player([]))
    assert card == Card.parse("2C")
    assert reason == (
        "Your Nil cannot be made (the A♠ is sure to take a trick). You have no "
        "contract, so your tricks count for nothing. To set North you would need "
        "6 of the 13 tricks left; let North take them instead, each trick past 8 "
        "a bag for North. Lead low with the 2♣"
    )


def test_a_failed_two_player_nil_takes_no_bags() -> None:
    # South wins the second trick with the A♥: its Nil has failed
    hand = two_player(["2C", "AC", "QH", "AH", "3C", "KC", "KH"])
    assert hand.tricks_won[hand.seats[1]] == 1
    card, reason = rule(hand)
    assert card == Card.parse("4H")
    assert reason == (
        "You have no contract, so your tricks count for nothing. To set North "
        "you would need 5 of the 10 tricks left; let North take them instead, "
        "each trick past 8 a bag for North. You cannot beat North's K♥: shed "
        "the 4♥ now so it cannot win a trick later"
    )
    assert "contract is made" not in reason


def test_the_two_player_opponent_made_takes_the_bags() -> None:
    hand = two_player([])
    north, south = hand.seats
    while (
        hand.tricks_won[north] < 8
        or hand.turn is not south
        or len(hand.legal_actions()) == 1
    ):
        turn = hand.turn
        assert turn is not None
        hand.apply(rule(hand, turn.letter)[0])
    _, reason = rule(hand)
    assert "North's contract is made: each trick more is a bag for North." in reason
    assert "Both contracts" not in reason and "the opponents" not in reason


def test_a_two_player_set_names_the_opponent() -> None:
    # North bids 12: the A♠ and A♥ are enough to set it
    card, reason = rule(two_player([], bids=("nil", 12)))
    assert card == Card.parse("AH")
    assert reason == (
        "Your Nil cannot be made (the A♠ is sure to take a trick). Try to set "
        "North. Cash the A♥: it is the highest card left in its suit"
    )


# ------------------------------------------------- 2. a forced bid's rule
def test_a_mirror_bid_names_the_spades() -> None:
    hand = Hand("classic+mirror", "N", seed=4)
    assert hand.legal_actions() == [Bid(4)]
    assert rule(hand, "E") == (Bid(4), "Bid 4: under mirror you bid your 4 spades")
    spadeless = Hand("two-player+mirror", "N", stock=_no_spades_for_south())
    while spadeless.phase is Phase.DRAW:
        spadeless.apply(KEEP)
    assert rule(spadeless) == (
        Bid.NIL,
        "Bid Nil: under mirror a player with no spades bids Nil, and you hold none",
    )


def _no_spades_for_south() -> list[Card]:
    deck = list(Rules("two-player").deck)
    spades = [c for c in deck if c.suit.letter == "S"]
    others = [c for c in deck if c.suit.letter != "S"]
    stock = []
    for _ in range(13):  # North keeps a spade while they last, South never
        stock += [(spades or others).pop(), others.pop(), others.pop(), others.pop()]
    return stock


def test_a_suicide_nil_names_the_partners_bid() -> None:
    hand = Hand("classic+suicide", "N", seed=4)
    hand.apply(3)  # East
    hand.apply(2)  # South
    assert rule(hand, "W") == (
        Bid.NIL,
        "Bid Nil: under suicide one partner bids Nil: East bid 3, so you bid Nil",
    )


def test_a_declared_two_player_blind_nil_is_the_only_bid() -> None:
    hand = Hand("two-player", "N", seed=4)
    hand.apply(Bid.BLIND_NIL)
    while hand.phase is not Phase.BIDDING or hand.turn is not hand.seats[0]:
        turn = hand.turn
        assert turn is not None
        hand.apply(RuleBot().act(hand.view(turn)))
    assert rule(hand, "N") == (
        Bid.BLIND_NIL,
        "Bid Blind Nil: you declared Blind Nil before drawing, so it is your only bid",
    )


def test_a_whiz_bid_says_why_nil_is_closed() -> None:
    hand = Hand("cards4net+whiz", "W", seed=6)
    while hand.turn is not hand.seats[2] or hand.phase is not Phase.BIDDING:
        turn = hand.turn  # North looks and bids, then East
        assert turn is not None
        hand.apply(RuleBot().act(hand.view(turn)))
    assert rule(hand) == (
        Bid(3),
        "Bid 3: under whiz you bid your 3 spades or Nil, and Nil is closed to you: "
        "under cards4net Nil is offered only while the partner has not bid, and "
        "North has bid 2",
    )
