"""Cards, suits, ranks, seats and the action values (RULES.md "Common ground")."""

from __future__ import annotations

import pickle

import pytest

from spadeslib import (
    FULL_DECK,
    KEEP,
    LOOK,
    SIDES,
    TAKE_NEXT,
    Bid,
    BidKind,
    Card,
    Discard,
    Exchange,
    InvalidCard,
    Rank,
    Seat,
    SpadesError,
    Suit,
)


# ------------------------------------------------------------------ cards
@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", Rank.ACE, Suit.SPADES),
        ("as", Rank.ACE, Suit.SPADES),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("th", Rank.TEN, Suit.HEARTS),
        ("A♠", Rank.ACE, Suit.SPADES),
        ("♠A", Rank.ACE, Suit.SPADES),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("Q♣", Rank.QUEEN, Suit.CLUBS),
        ("2♢", Rank.TWO, Suit.DIAMONDS),
        ("  kd ", Rank.KING, Suit.DIAMONDS),
        ("BJ", Rank.BIG_JOKER, Suit.JOKER),
        ("lj", Rank.LITTLE_JOKER, Suit.JOKER),
    ],
)
def test_card_parse(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit)


@pytest.mark.parametrize("text", ["", "1S", "11H", "AX", "A", "S", "JJ", "10", "AS KS"])
def test_card_parse_rejects_garbage(text: str) -> None:
    with pytest.raises(InvalidCard, match=repr(text).replace("\\", "\\\\")):
        Card.parse(text)


def test_card_parse_rejects_non_strings() -> None:
    with pytest.raises(InvalidCard, match="strings"):
        Card.parse(14)  # type: ignore[arg-type]


def test_str_round_trips_every_card() -> None:
    every = [*FULL_DECK, Card.parse("LJ"), Card.parse("BJ")]
    for card in every:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol.replace("★", "")) is card
        assert eval(repr(card), {"Card": Card}) is card
        assert pickle.loads(pickle.dumps(card)) is card


def test_card_text_forms() -> None:
    assert str(Card.parse("TH")) == "10H"
    assert Card.parse("10H").symbol == "10♥"
    assert Card.parse("AS").name == "ace of spades"
    assert Card.parse("BJ").name == "big joker"
    assert Card.parse("LJ").name == "little joker"
    assert Card.parse("QC").name == "queen of clubs"
    assert str(Card.parse("BJ")) == "BJ"


def test_cards_are_immutable_interned_values() -> None:
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]
    assert Card(14, 3) is card
    assert {card: 1}[Card.parse("A♠")] == 1


def test_card_without_a_real_identity_is_refused() -> None:
    with pytest.raises(InvalidCard):
        Card(Rank.BIG_JOKER, Suit.SPADES)
    with pytest.raises(InvalidCard):
        Card(Rank.ACE, Suit.JOKER)


@pytest.mark.parametrize(
    ("rank", "suit", "message"),
    [
        ("A", "S", "Card('A', 'S') is not a card: write Card.parse('AS') or "
         "Card(Rank.ACE, Suit.SPADES)"),
        ("10", "h", "Card('10', 'h') is not a card: write Card.parse('10H') or "
         "Card(Rank.TEN, Suit.HEARTS)"),
        (1, 3, "Card(1, 3) is not a card: write Card.parse('AS') or "
         "Card(Rank.ACE, Suit.SPADES)"),
        ([14], 3, "Card([14], 3) is not a card: write Card.parse('AS')"),
    ],
)  # fmt: skip
def test_card_from_a_rank_and_suit_that_are_not_ones_names_the_way(
    rank: object, suit: object, message: str
) -> None:
    # a SpadesError as every error of the library, not Rank's bare ValueError
    with pytest.raises(InvalidCard) as raised:
        Card(rank, suit)  # type: ignore[arg-type]
    assert str(raised.value).startswith(message)


def test_full_deck_is_52_distinct_sorted_cards() -> None:
    assert len(FULL_DECK) == 52
    assert len(set(FULL_DECK)) == 52
    assert list(FULL_DECK) == sorted(FULL_DECK)
    assert not any(c.is_joker for c in FULL_DECK)
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES):
        assert sum(c.suit is suit for c in FULL_DECK) == 13


def test_rank_order_within_a_suit_is_ace_high() -> None:
    """A K Q J 10 9 8 7 6 5 4 3 2 in every suit."""
    order = Card.parse_many("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H")
    assert order == sorted(order, reverse=True)
    assert Card.parse("2S") < Card.parse("3S") < Card.parse("AS")


def test_sort_order_is_suit_then_rank_jokers_last() -> None:
    mixed = Card.parse_many("BJ AS 2C KD LJ 3H")
    assert sorted(mixed) == Card.parse_many("2C KD 3H AS LJ BJ")


def test_parse_many_accepts_strings_commas_and_iterables() -> None:
    assert Card.parse_many("AS, KS 2H") == Card.parse_many(["AS", "KS", "2H"])
    assert Card.parse_many([Card.parse("AS"), "2C"]) == Card.parse_many("AS 2C")
    assert Card.parse_many("") == []


def test_suit_parse_and_properties() -> None:
    assert Suit.parse("♥") is Suit.HEARTS
    assert Suit.parse("clubs") is Suit.CLUBS
    assert Suit.parse("♤") is Suit.SPADES
    assert Suit.parse("Diamond") is Suit.DIAMONDS
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red
    assert not Suit.SPADES.is_red and not Suit.CLUBS.is_red
    assert Suit.SPADES.plural == "spades" and Suit.SPADES.singular == "spade"
    with pytest.raises(InvalidCard, match="not a suit"):
        Suit.parse("X")


def test_rank_labels() -> None:
    assert [r.label for r in Rank] == [
        *["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "LJ", "BJ"],
    ]
    assert Rank.QUEEN.word == "queen"
    assert Rank.BIG_JOKER.word == "big joker"


# ------------------------------------------------------------------ seats
def test_seats_clockwise_and_partnerships() -> None:
    """North, East, South, West clockwise; N-S and E-W are partners."""
    assert list(Seat) == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    assert [s.left for s in Seat] == [Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]
    assert [s.right for s in Seat] == [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]
    assert Seat.NORTH.partner is Seat.SOUTH and Seat.EAST.partner is Seat.WEST
    assert SIDES == ("NS", "EW")


def test_seat_text() -> None:
    assert str(Seat.SOUTH) == "S" and Seat.SOUTH.letter == "S"
    assert Seat.SOUTH.full == "South"
    for text in ("w", "W", "west", "WEST", 3, Seat.WEST):
        assert Seat.parse(text) is Seat.WEST
    for bad in ("x", 4, -1, True, None):
        with pytest.raises(SpadesError, match="not a seat"):
            Seat.parse(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------- actions
@pytest.mark.parametrize(
    ("text", "bid"),
    [
        (4, Bid(4)),
        ("4", Bid(4)),
        ("nil", Bid.NIL),
        ("Nil", Bid.NIL),
        ("blind nil", Bid.BLIND_NIL),
        ("blind_nil", Bid.BLIND_NIL),
        ("double nil", Bid.BLIND_NIL),
        ("blind-seven", Bid.BLIND_SEVEN),
        ("blind 7", Bid.BLIND_SEVEN),
        (Bid(2), Bid(2)),
    ],
)
def test_bid_parse(text: object, bid: Bid) -> None:
    assert Bid.parse(text) == bid  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["pass", "", "four", True, 2.5, None])
def test_bid_parse_rejects(text: object) -> None:
    with pytest.raises(SpadesError, match="not a bid"):
        Bid.parse(text)  # type: ignore[arg-type]


def test_bid_properties_and_json() -> None:
    assert Bid.NIL.is_nil and Bid.BLIND_NIL.is_nil and not Bid(0).is_nil
    assert Bid.BLIND_NIL.is_blind and Bid.BLIND_SEVEN.is_blind
    assert not Bid.NIL.is_blind and not Bid(3).is_blind
    assert Bid.BLIND_SEVEN.tricks == 7 and Bid.BLIND_SEVEN.kind is BidKind.BLIND_SEVEN
    assert Bid(0) != Bid.NIL
    for bid in (Bid(0), Bid(13), Bid.NIL, Bid.BLIND_NIL, Bid.BLIND_SEVEN):
        assert Bid.parse(bid.to_json()) == bid
        assert eval(repr(bid), {"Bid": Bid}) == bid
    assert [b.label() for b in (Bid(4), Bid.NIL, Bid.BLIND_NIL, Bid.BLIND_SEVEN)] == [
        "4",
        "Nil",
        "Blind Nil",
        "Blind Seven",
    ]


def test_other_actions() -> None:
    assert str(LOOK) == "look" and repr(LOOK) == "LOOK"
    assert KEEP.keep and not TAKE_NEXT.keep
    assert (str(KEEP), str(TAKE_NEXT)) == ("keep", "discard")
    ex = Exchange.of("AS 2C")
    assert ex.cards == (Card.parse("2C"), Card.parse("AS"))
    assert Exchange.of(ex.cards) == ex
    assert str(ex) == "pass 2C AS"
    assert eval(repr(ex), {"Exchange": Exchange}) == ex
    assert str(Discard.of("")) == "discard none"
    assert Discard.of("4H 3H").cards == (Card.parse("3H"), Card.parse("4H"))


def test_cards_compare_only_with_cards() -> None:
    with pytest.raises(TypeError, match="not supported between instances of 'Card'"):
        assert Card.parse("AS") < "KS"  # type: ignore[operator]


def test_a_suit_typed_with_an_emoji_picker_is_read() -> None:
    # "♠" followed by U+FE0F, the emoji presentation selector many pickers add
    assert Card.parse("10\u2660\ufe0f") is Card.parse("10S")
    assert Card.parse("\u2665\ufe0fQ") is Card.parse("QH")
