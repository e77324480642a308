"""Dealing and card play: following suit, trumping, breaking spades, trick
winners, the joker rules, and every way a play can be refused."""

from __future__ import annotations

import re

import pytest

from conftest import (
    SPADE_COUNT_DEAL,
    E,
    N,
    S,
    W,
    assert_rejected,
    bid_all,
    deal_of,
    play,
    scripted_hand,
    snapshot,
)
from spadeslib import (
    LOOK,
    Bid,
    Card,
    Hand,
    IllegalAction,
    Phase,
    Rules,
    Seat,
    SpadesError,
    Suit,
    trick_winner,
)
from spadeslib.errors import InvalidDeal

C = Card.parse


def hand_ready_to_play(rules: str = "cards4net", dealer: Seat = W, deal=None) -> Hand:
    hand = Hand(rules, dealer, deal=deal or SPADE_COUNT_DEAL)
    while hand.phase is Phase.BIDDING:
        hand.apply(LOOK) if hand.hidden[hand.turn] else hand.apply(2)
    return hand


# ------------------------------------------------------------------ dealing
@pytest.mark.parametrize("preset", ["cards4net", "classic", "classic+jokers"])
def test_deal_gives_13_distinct_cards_each_from_the_rules_deck(preset: str) -> None:
    for seed in range(20):
        hand = Hand(preset, Seat(seed % 4), seed=seed)
        everything = [c for h in hand.holding.values() for c in h]
        assert all(len(h) == 13 for h in hand.holding.values())
        assert sorted(everything) == sorted(hand.rules.deck)
        assert hand.initial == {s: tuple(hand.holding[s]) for s in Seat}


def test_deal_starts_left_of_the_dealer() -> None:
    """The same shuffle dealt by the next dealer gives every packet to the
    next seat: the first card always goes to the dealer's left."""
    for seed in range(10):
        hands = {d: Hand("classic", d, seed=seed) for d in Seat}
        for dealer in Seat:
            nxt = dealer.left
            for seat in Seat:
                assert hands[dealer].holding[seat] == hands[nxt].holding[seat.left]


def test_seeded_deals_are_reproducible_and_differ_by_seed() -> None:
    a = Hand("classic", N, seed=123)
    b = Hand("classic", N, seed=123)
    c = Hand("classic", N, seed=124)
    assert a.holding == b.holding
    assert a.holding != c.holding
    assert (
        Hand("classic", N, seed="x/1").holding == Hand("classic", N, seed="x/1").holding
    )
    with pytest.raises(
        SpadesError, match=r"a seed is a whole number or a text.*not \[1\]"
    ):
        Hand("classic", N, seed=[1])  # type: ignore[arg-type]


def test_given_deal_is_validated() -> None:
    good = {s.letter: [str(c) for c in cards] for s, cards in SPADE_COUNT_DEAL.items()}
    short = dict(good, N=good["N"][:12])
    with pytest.raises(InvalidDeal, match="North has 12 cards"):
        Hand("classic", N, deal=short)
    with pytest.raises(InvalidDeal, match="North has 1 card, not 13"):
        Hand("classic", N, deal=dict(good, N="AS"))
    twice = dict(good, N=[*good["N"][:12], good["E"][0]])
    with pytest.raises(InvalidDeal, match="appears twice"):
        Hand("classic", N, deal=twice)
    joker = dict(good, N=[*good["N"][:12], "BJ"])
    with pytest.raises(InvalidDeal, match="BJ is not in the classic deck"):
        Hand("classic", N, deal=joker)
    with pytest.raises(InvalidDeal, match="bad deal"):
        Hand("classic", N, deal=dict(good, N="AS XX"))
    with pytest.raises(SpadesError, match="stock"):
        Hand("two-player", N, deal=good)
    with pytest.raises(SpadesError, match="North and South"):
        Hand("two-player", E, seed=1)


def test_deal_accepts_strings_and_seat_names() -> None:
    deal = {s.full: " ".join(map(str, c)) for s, c in SPADE_COUNT_DEAL.items()}
    hand = Hand("classic", N, deal=deal)
    assert list(hand.holding[N]) == sorted(SPADE_COUNT_DEAL[N])


# ---------------------------------------------------------- following suit
def test_first_lead_cannot_be_a_spade_and_trumping_breaks_spades() -> None:
    hand = hand_ready_to_play()  # dealer West: North leads
    assert hand.turn is N and not hand.spades_broken
    assert hand.legal_actions() == Card.parse_many("2H 3H 4H 5H 6H 7H 8H 9H 10H JH")
    error = assert_rejected(
        hand, "AS", "spades-not-broken", "North", "ace of spades", "not broken",
        "first trick",
    )  # fmt: skip
    assert error.seat is N and error.action is C("AS")
    hand.apply("2H")
    # East holds hearts: must follow
    assert hand.legal_actions() == Card.parse_many("QH KH AH")
    assert_rejected(
        hand, "2D", "follow-suit", "East", "two of diamonds",
        "East holds hearts and must follow the heart lead",
    )  # fmt: skip
    assert_rejected(hand, "JS", "follow-suit", "East", "jack of spades", "hearts")
    hand.apply("QH")  # no need to beat the highest card
    # South has no hearts: any card, a spade included (trumping)
    assert len(hand.legal_actions()) == 13
    hand.apply("2S")
    assert hand.spades_broken, "a spade on a heart lead breaks spades"
    hand.apply("AC")
    assert hand.tricks[-1].winner is S, "the lowest spade beats the queen of hearts"
    assert hand.tricks_won[S] == 1 and hand.turn is S, "the winner leads next"
    assert C("3S") in hand.legal_actions(), "spades may be led once broken"
    hand.apply("3S")
    assert len(hand.legal_actions()) == 12, "West, void in spades, plays anything"
    hand.apply("2C")
    assert hand.legal_actions() == Card.parse_many("QS KS AS")


def test_discarding_when_void_does_not_break_spades() -> None:
    hand = hand_ready_to_play()
    play(hand, "2H QH 8D AC")
    assert not hand.spades_broken
    assert hand.tricks[-1].winner is E
    # East leads: spades still not broken, East holds hearts and diamonds
    assert all(c.suit is not Suit.SPADES for c in hand.legal_actions())
    assert_rejected(hand, "JS", "spades-not-broken", "East", "jack of spades")


def test_a_hand_of_only_spades_may_lead_a_spade_which_breaks_spades() -> None:
    """Source 001: the leader holding nothing but spades may lead one, even on
    the first trick, and that breaks spades."""
    deal = deal_of(
        N="AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
        E="AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        S="AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
        W="AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    )
    hand = hand_ready_to_play("classic", W, deal)
    assert hand.turn is N
    assert len(hand.legal_actions()) == 13
    hand.apply("2S")
    assert hand.spades_broken
    play(hand, "2H 2D 2C")
    assert hand.tricks[0].winner is N


def test_leader_left_with_only_spades_breaks_them_mid_hand() -> None:
    deal = deal_of(
        N="2S 3S 4S 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
        E="AS KS QS JS 10S 9S 8S 7S 6S 5S QH KH AH",
        S="AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
        W="AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    )
    hand = hand_ready_to_play("cards4net", W, deal)
    play(hand, "2H AH 2D 2C")
    assert hand.turn is E
    assert hand.legal_actions() == Card.parse_many("QH KH")
    assert_rejected(hand, "AS", "spades-not-broken", "East", "ace of spades")
    play(hand, "KH 3D 3C 3H  QH 4D 4C 4H")
    assert hand.turn is E and not hand.spades_broken
    assert len(hand.legal_actions()) == 10, "East holds only spades now"
    hand.apply("5S")
    assert hand.spades_broken
    play(hand, "5D 5C")
    assert hand.legal_actions() == Card.parse_many("2S 3S 4S"), "North follows spades"


def test_two_player_trick_and_lead() -> None:
    hand = Hand("two-player", S, seed=3)
    while hand.phase is Phase.DRAW:
        hand.apply(LOOK if hand.hidden[hand.turn] else "keep")
    bid_all(hand, 3, 4)
    assert hand.turn is N, "the non-dealer leads first"
    hand.apply(hand.legal_actions()[0])
    assert hand.turn is S
    hand.apply(hand.legal_actions()[0])
    assert len(hand.tricks) == 1 and len(hand.tricks[0].plays) == 2
    assert hand.turn is hand.tricks[0].winner


# ------------------------------------------------------------ trick winners
@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("KH AH 2H 3H", E),  # highest of the led suit
        ("KH AD AC QH", N),  # aces of other suits do not win
        ("KH AH 2S 3H", S),  # the lowest spade beats any heart
        ("KH 3S 2S AS", W),  # the highest spade wins
        ("2C 3C 4C 5C", W),
        ("AS KS QS 2S", N),
    ],
)
def test_trick_winner(cards: str, winner: Seat) -> None:
    plays = list(zip(Seat, Card.parse_many(cards), strict=True))
    assert trick_winner(Rules(), plays) is winner


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("AS 2S KS QS", E),  # 2S is the third trump
        ("2S LJ AS KS", E),
        ("AH LJ BJ 2S", S),  # jokers trump a heart lead; Big beats Little
        ("LJ 3S AH 2D", N),  # a joker led counts as a spade
        ("3H 3S AH KH", E),
    ],
)
def test_trick_winner_barmore(cards: str, winner: Seat) -> None:
    rules = Rules("classic", ["jokers"])
    plays = list(zip(Seat, Card.parse_many(cards), strict=True))
    assert trick_winner(rules, plays) is winner


# ------------------------------------------------------------------ jokers
JOKER_DEAL = deal_of(
    N="BJ 2S 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
    E="LJ AS 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    S="KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S AC AH",
    W="AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
)


def test_jokers_dealer_leads_anything_and_jokers_follow_as_spades() -> None:
    hand = hand_ready_to_play("classic+jokers", N, JOKER_DEAL)
    assert hand.turn is N, "the dealer leads the first trick"
    assert C("2S") in hand.legal_actions() and C("BJ") in hand.legal_actions()
    hand.apply("2S")  # a spade led on the first trick: no breaking rule
    assert hand.legal_actions() == Card.parse_many("AS LJ"), "the joker follows spades"
    assert_rejected(hand, "3H", "follow-suit", "East", "three of hearts", "spades")
    play(hand, "LJ 3S 2D")
    assert hand.tricks[0].winner is E, "Little Joker beats the 2 of spades"
    hand.apply("AS")
    play(hand, "4S")
    assert hand.turn is W
    hand.apply("3D")
    assert hand.legal_actions() == [C("BJ")], "North must follow spades with the joker"
    assert_rejected(hand, "3C", "follow-suit", "North", "spades")
    hand.apply("BJ")
    assert hand.tricks[1].winner is N, "Big Joker beats the ace of spades"


def test_jokers_lead_a_joker_and_trump_with_one() -> None:
    hand = hand_ready_to_play("classic+jokers", N, JOKER_DEAL)
    hand.apply("BJ")
    assert hand.legal_actions() == Card.parse_many("AS LJ")
    play(hand, "AS KS 2D")
    assert hand.tricks[0].winner is N
    hand.apply("3C")
    assert C("LJ") in hand.legal_actions(), "East, void in clubs, may trump"
    play(hand, "LJ AC 3D")
    assert hand.tricks[1].winner is E


# --------------------------------------------------------------- rejections
def test_every_play_rejection_leaves_the_hand_unchanged() -> None:
    hand = hand_ready_to_play()
    assert_rejected(hand, "AC", "card-not-held", "North", "ace of clubs")
    assert_rejected(hand, "ZZ", "unreadable", "North", "'ZZ'")
    assert_rejected(hand, 3, "wrong-phase", "North", "bid 3", "playing")
    assert_rejected(hand, "nil", "wrong-phase", "North", "Nil")
    assert_rejected(hand, "look", "wrong-phase", "North", "look")
    assert_rejected(hand, "2H", "not-your-turn", "East", "two of hearts", "North",
                    seat=E)  # fmt: skip
    error = assert_rejected(hand, "QH", "not-your-turn", "East", seat="E")
    assert error.seat is E


def test_a_finished_hand_refuses_everything() -> None:
    hand = scripted_hand("classic", N, {N: 4, E: 3, S: 3, W: 3}, bids=[3, 3, 3, 4])
    assert hand.is_over and hand.turn is None and hand.legal_actions() == []
    error = assert_rejected(hand, "AS", "hand-over", "hand is over", "ace of spades")
    assert error.seat is None
    assert_rejected(hand, "AS", "not-your-turn", "hand is over", "North", seat=N)


def test_check_does_not_apply() -> None:
    hand = hand_ready_to_play()
    before = snapshot(hand)
    assert (
        hand.check("2H") is None and hand.is_legal("2H") and not hand.why_illegal("2H")
    )
    assert isinstance(hand.check("AS"), IllegalAction)
    assert snapshot(hand) == before


def test_legal_cards_helper() -> None:
    hand = hand_ready_to_play()
    assert hand.legal_cards() == hand.legal_actions()
    assert hand.legal_cards(E) == []
    hand2 = Hand("classic", N, seed=1)
    assert hand2.legal_cards() == []


def test_unchecked_fast_path_plays_the_same_hand() -> None:
    a = hand_ready_to_play()
    b = hand_ready_to_play()
    for card in Card.parse_many("2H QH 2S AC 3S 2C AS 8S"):
        a.apply(card)
        b.apply(card, check=False)
    assert snapshot(a) == snapshot(b)


def test_random_action_is_legal_and_seeded() -> None:
    import random

    hand = hand_ready_to_play()
    assert hand.random_action(random.Random(1)) in hand.legal_actions()
    assert hand.random_action(random.Random(5)) == hand.random_action(random.Random(5))


def test_bids_and_plays_are_recorded_in_history() -> None:
    hand = Hand("classic", N, deal=SPADE_COUNT_DEAL)
    bid_all(hand, 4, "nil", 2, 3)
    hand.apply("2D")
    assert [(s, a) for s, a, _ in hand.history] == [
        (E, Bid(4)),
        (S, Bid.NIL),
        (W, Bid(2)),
        (N, Bid(3)),
        (E, C("2D")),
    ]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"deal": ["AS"] * 4}, "a deal maps each seat to its 13 cards"),
        ({"deal": 5}, "a deal maps each seat"),
        ({"deal": dict.fromkeys("NESW")}, "None is not a list of cards"),
        ({"scores": "abc"}, "scores map each side (NS, EW) to a whole number"),
        ({"scores": {"NS": None}}, "scores map each side"),
        ({"scores": {"XX": 1}}, "scores map each side"),
        ({"bags": {"NS": 1.5}}, "bags map each side"),
        ({"number": "x"}, "a hand's number is a whole number from 1"),
        ({"number": 0}, "a hand's number is a whole number from 1"),
    ],
)
def test_a_hand_made_of_bad_parts_is_refused_by_name(
    arguments: dict[str, object], words: str
) -> None:
    with pytest.raises(SpadesError, match=re.escape(words)):
        Hand("classic", N, seed=1, **arguments)  # type: ignore[arg-type]


def test_seats_outside_a_two_player_game_are_refused_by_name() -> None:
    hand = Hand("two-player", N, seed=1)
    for ask in (hand.view, hand.side_of):
        with pytest.raises(SpadesError, match="East does not play in a 2-player game"):
            ask("E")
    with pytest.raises(SpadesError, match="7 is not a seat"):
        Hand(seed=1).side_of(7)  # type: ignore[arg-type]
    with pytest.raises(InvalidDeal, match="bad stock: 3 is not a list of cards"):
        Hand("two-player", N, stock=3)  # type: ignore[arg-type]
