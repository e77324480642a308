"""Bidding under every preset and modifier (RULES.md), blind decisions and
the classic/yppedia card exchange; the two-player draw and bidding are in
``test_bidding_two_player.py``."""

from __future__ import annotations

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
)
from spadeslib import (
    KEEP,
    LOOK,
    Bid,
    Exchange,
    Hand,
    IllegalAction,
    Phase,
    Rules,
    Seat,
)

NUMBERS_0_13 = [Bid(n) for n in range(14)]
NUMBERS_1_13 = [Bid(n) for n in range(1, 14)]


def looked(hand: Hand) -> Hand:
    """Let a seat that is offered a blind bid look, so it bids normally."""
    if hand.turn is not None and hand.hidden[hand.turn]:
        hand.apply(LOOK)
    return hand


# ----------------------------------------------------------- common ground
@pytest.mark.parametrize("dealer", list(Seat))
def test_bidding_starts_left_of_dealer_and_goes_clockwise(dealer: Seat) -> None:
    hand = Hand("classic", dealer, seed=1)
    order = [Seat((dealer + 1 + i) % 4) for i in range(4)]
    assert hand.bid_order == tuple(order)
    assert hand.phase is Phase.BIDDING
    for seat in order:
        assert hand.turn is seat
        hand.apply(2)
    assert hand.phase is Phase.PLAYING
    assert hand.turn is dealer.left, "left of the dealer leads the first trick"


def test_bids_need_not_total_13_and_are_final() -> None:
    hand = Hand("classic", N, seed=2)
    bid_all(hand, 5, 5, 5, 5)
    assert hand.bids == {E: Bid(5), S: Bid(5), W: Bid(5), N: Bid(5)}
    assert hand.phase is Phase.PLAYING
    hand2 = Hand("classic", N, seed=2)
    hand2.apply(4)
    assert_rejected(hand2, 3, "not-your-turn", "East", "bid 3", "South", seat=E)


def test_no_passing() -> None:
    hand = Hand("classic", N, seed=3)
    error = assert_rejected(hand, "pass", "unreadable", "East", "'pass'", "not a bid")
    assert error.seat is E


def test_source_004_bidding_example() -> None:
    """Source 004: South deals; West 3, North 1, East 4, South 4. North-South
    need 5 tricks (4+1), East-West 7 (4+3)."""
    hand = Hand("classic", S, seed=4)
    assert hand.bid_order == (W, N, E, S)
    bid_all(hand, 3, 1, 4, 4)
    view = hand.view(N)
    assert view.team_contract("NS") == 5
    assert view.team_contract("EW") == 7


# --------------------------------------------------------------- cards4net
def test_cards4net_numeric_zero_is_not_nil() -> None:
    """Source 000: a bid is 0 to 13, Nil or Blind Nil; a numeric 0 is not Nil."""
    hand = looked(Hand("cards4net", S, seed=5))
    assert hand.legal_actions() == [*NUMBERS_0_13, Bid.NIL]
    hand.apply(0)
    assert hand.bids[W] == Bid(0) and not hand.bids[W].is_nil
    hand.apply("nil")
    assert hand.bids[N] == Bid.NIL


def test_cards4net_nil_only_before_partner_bids() -> None:
    hand = looked(Hand("cards4net", S, seed=6))  # W N E S
    hand.apply(3)
    assert Bid.NIL in hand.legal_actions(), "North: South has not bid yet"
    hand.apply(4)
    hand.apply(2)
    # South's partner North has bid: no Nil for South
    assert hand.legal_actions() == NUMBERS_0_13
    error = assert_rejected(
        hand, "nil", "nil-after-partner", "South", "Nil", "North", "partner has not bid"
    )
    assert error.seat is S and error.action == Bid.NIL


def test_cards4net_east_nil_refused_after_west_bid() -> None:
    hand = looked(Hand("cards4net", S, seed=6))
    bid_all(hand, 3, 4)
    assert Bid.NIL not in hand.legal_actions()
    assert_rejected(hand, Bid.NIL, "nil-after-partner", "East", "Nil", "West", "3")


def test_cards4net_blind_nil_only_for_the_first_bidder() -> None:
    """Blind Nil is offered only to the first bidder, before anyone bids and
    before that player looks."""
    hand = Hand("cards4net", S, seed=7)
    assert hand.turn is W and hand.hidden == [False, False, False, True]
    assert hand.view(W).holding is None
    assert hand.legal_actions() == [Bid.BLIND_NIL, LOOK]
    hand.apply(Bid.BLIND_NIL)
    assert hand.bids[W] == Bid.BLIND_NIL
    assert hand.turn is N and not hand.hidden[N]
    assert_rejected(
        hand, "blind_nil", "blind-nil-first-bidder", "North", "Blind Nil", "West"
    )
    assert Bid.BLIND_NIL not in hand.legal_actions()
    hand.apply(3)
    hand.apply(4)  # East: partner West bid blind nil, so East has no Nil
    assert_rejected(hand, "nil", "nil-after-partner", "South", "North")


def test_cards4net_blind_nil_needs_the_cards_unseen() -> None:
    hand = Hand("cards4net", S, seed=8)
    hand.apply(LOOK)
    assert not hand.hidden[W] and hand.view(W).holding is not None
    assert_rejected(
        hand, Bid.BLIND_NIL, "blind-after-look", "West", "Blind Nil", "looked"
    )
    assert_rejected(hand, LOOK, "already-looked", "West", "look")
    assert hand.legal_actions() == [*NUMBERS_0_13, Bid.NIL]


def test_cards4net_ordinary_bid_when_offered_blind_looks_implicitly() -> None:
    hand = Hand("cards4net", S, seed=9)
    hand.apply(4)
    assert hand.bids[W] == Bid(4) and not hand.hidden[W]


def test_cards4net_no_team_has_two_nils() -> None:
    hand = Hand("cards4net", N, seed=10)  # E S W N
    bid_all(hand, "nil", 3)
    # West's partner East bid Nil (and has bid): no nil for West
    assert Bid.NIL not in hand.legal_actions()
    assert_rejected(hand, Bid.NIL, "nil-after-partner", "West", "East")


@pytest.mark.parametrize("bid", [14, -1, 99])
def test_bid_out_of_range(bid: int) -> None:
    hand = looked(Hand("cards4net", N, seed=11))
    assert_rejected(hand, bid, "bid-range", "East", f"bid {bid}", "0 to 13")


# ----------------------------------------------------------------- classic
def test_classic_zero_is_nil() -> None:
    """Source 004: 1 to 13 or Nil; a bid of 0 is Nil, there is no numeric zero."""
    hand = Hand("classic", N, seed=12)
    assert hand.legal_actions() == [*NUMBERS_1_13, Bid.NIL]
    hand.apply(0)
    assert hand.bids[E] == Bid.NIL
    hand.apply("0")
    assert hand.bids[S] == Bid.NIL


def test_classic_both_partners_may_bid_nil() -> None:
    hand = Hand("classic", N, seed=13)
    bid_all(hand, "nil", 4)
    assert Bid.NIL in hand.legal_actions()  # West, partner East bid Nil
    bid_all(hand, "nil", 2)
    assert hand.bids[E] == hand.bids[W] == Bid.NIL


def test_classic_nil_after_partner_bid() -> None:
    hand = Hand("classic", N, seed=13)
    bid_all(hand, 5, 4)
    assert Bid.NIL in hand.legal_actions()


@pytest.mark.parametrize("preset", ["classic", "yppedia"])
def test_blind_nil_needs_trailing_by_100_at_hand_start(preset: str) -> None:
    """Blind Nil only for a team behind by at least 100 when the hand starts."""
    hand = Hand(preset, N, seed=14, scores={"NS": 250, "EW": 150})  # EW 100 behind
    assert hand.hidden == [False, True, False, True]
    assert hand.turn is E and hand.legal_actions() == [Bid.BLIND_NIL, LOOK]
    hand.apply(LOOK)
    hand.apply(3)
    assert hand.turn is S and not hand.hidden[S]
    assert_rejected(
        hand, "blind nil", "blind-nil-trailing", "South", "Blind Nil", "100"
    )
    hand.apply(3)
    assert hand.turn is W and hand.hidden[W]
    assert hand.legal_actions() == [Bid.BLIND_NIL, LOOK]
    hand.apply(Bid.BLIND_NIL)
    assert hand.bids[W] == Bid.BLIND_NIL


@pytest.mark.parametrize("preset", ["classic", "yppedia"])
def test_blind_nil_not_offered_when_99_behind(preset: str) -> None:
    hand = Hand(preset, N, seed=15, scores={"NS": 249, "EW": 150})
    assert not any(hand.hidden)
    assert Bid.BLIND_NIL not in hand.legal_actions()
    assert_rejected(hand, Bid.BLIND_NIL, "blind-nil-trailing", "East", "NS 249, EW 150")


def test_blind_nil_margin_is_a_parameter() -> None:
    rules = Rules("classic", blind_nil_margin=200)
    hand = Hand(rules, N, seed=15, scores={"NS": 250, "EW": 100})
    assert not any(hand.hidden)
    assert_rejected(hand, Bid.BLIND_NIL, "blind-nil-trailing", "East", "200")
    hand = Hand(rules, N, seed=15, scores={"NS": 300, "EW": 100})
    assert hand.legal_actions() == [Bid.BLIND_NIL, LOOK]


def test_classic_both_partners_may_bid_blind_nil() -> None:
    hand = Hand("classic", N, seed=16, scores={"NS": 0, "EW": -100})
    bid_all(hand, Bid.BLIND_NIL, 3)
    assert hand.legal_actions() == [Bid.BLIND_NIL, LOOK]
    bid_all(hand, Bid.BLIND_NIL, 4)
    assert hand.phase is Phase.EXCHANGE


def test_yppedia_one_blind_nil_per_team() -> None:
    """Source 003: only one player of a team may bid blind nil."""
    hand = Hand("yppedia", N, seed=16, scores={"NS": 0, "EW": -100})
    bid_all(hand, Bid.BLIND_NIL, 3)
    assert hand.turn is W and not hand.hidden[W]
    assert Bid.BLIND_NIL not in hand.legal_actions()
    assert Bid.NIL in hand.legal_actions(), "an ordinary Nil is still allowed"
    assert_rejected(
        hand, Bid.BLIND_NIL, "blind-nil-one-per-team", "West", "Blind Nil", "East"
    )


def test_classic_exchange_after_blind_nil() -> None:
    """After the bids, the blind-nil bidder and partner each pick two of their
    own cards face down; then the picks swap hands; then West (left of North)
    leads."""
    hand = Hand("classic", N, seed=17, scores={"NS": 0, "EW": -150})
    bid_all(hand, 3, 4, Bid.BLIND_NIL, 2)  # E, S, W blind nil, N
    assert hand.phase is Phase.EXCHANGE and hand.turn is W
    legal = hand.legal_actions()
    assert len(legal) == 78 and all(len(x.cards) == 2 for x in legal)  # 13 choose 2
    west = list(hand.holding[W])
    east = list(hand.holding[E])
    assert_rejected(hand, Exchange.of(west[:3]), "exchange", "West", "exactly 2")
    assert_rejected(hand, Exchange.of(west[:1]), "exchange", "West", "exactly 2")
    twice = f"pass {west[0]} {west[0]}"  # said "must pass exactly 2 cards, not 2"
    assert_rejected(
        hand, twice, "exchange", "West", f"the {west[0].name} is named twice"
    )
    assert_rejected(hand, Exchange.of(east[:2]), "card-not-held", "West", east[0].name)
    hand.apply(Exchange.of(west[:2]))
    assert list(hand.holding[W]) == west, "the picks swap only when both have chosen"
    assert hand.view(E).received == () and hand.view(W).passed == tuple(west[:2])
    assert hand.turn is E
    assert_rejected(hand, Exchange.of(west[2:4]), "card-not-held", "East", west[2].name)
    hand.apply(f"pass {east[-1]} {east[-2]}")
    assert sorted(hand.holding[W]) == sorted([*west[2:], *east[-2:]])
    assert sorted(hand.holding[E]) == sorted([*east[:-2], *west[:2]])
    assert hand.view(E).received == tuple(west[:2])
    assert hand.view(W).received == tuple(sorted(east[-2:]))
    assert hand.exchanges == {W: tuple(west[:2]), E: tuple(sorted(east[-2:]))}
    assert hand.phase is Phase.PLAYING and hand.turn is E
    assert all(len(h) == 13 for h in hand.holding.values())


def test_exchange_between_two_blind_nil_partners() -> None:
    hand = Hand("classic", N, seed=18, scores={"NS": 0, "EW": -150})
    bid_all(hand, Bid.BLIND_NIL, 3, Bid.BLIND_NIL, 2)
    assert hand.phase is Phase.EXCHANGE and hand.turn is E
    hand.apply(hand.legal_actions()[0])
    assert hand.turn is W
    hand.apply(hand.legal_actions()[-1])
    assert hand.phase is Phase.PLAYING


def test_no_exchange_without_blind_nil_or_in_cards4net() -> None:
    hand = Hand("classic", N, seed=19)
    bid_all(hand, "nil", 3, 4, 5)
    assert hand.phase is Phase.PLAYING
    hand = Hand("cards4net", W, seed=19)
    bid_all(hand, Bid.BLIND_NIL, 3, 4, 5)
    assert hand.phase is Phase.PLAYING, "cards4net has no card exchange"


# ---------------------------------------------------------------- modifiers
def test_mirror_bids_the_spades_held() -> None:
    """Each player must bid exactly the spades held; no spades bids Nil."""
    hand = Hand("cards4net+mirror", W, deal=SPADE_COUNT_DEAL)  # N E S W
    assert not any(hand.hidden), "mirror has no blind nil"
    assert hand.legal_actions() == [Bid(3)]
    assert_rejected(hand, 4, "mirror", "North", "bid 4", "exactly 3")
    assert_rejected(hand, "nil", "mirror", "North", "Nil", "exactly 3, the spades")
    hand.apply(3)
    assert hand.legal_actions() == [Bid(4)]
    hand.apply(4)
    assert hand.legal_actions() == [Bid(6)]
    hand.apply(6)
    assert hand.legal_actions() == [Bid.NIL], "West holds no spades"
    assert_rejected(hand, 0, "mirror", "West", "bid 0", "Nil (no spades held)")
    hand.apply("nil")
    assert hand.bids == {N: Bid(3), E: Bid(4), S: Bid(6), W: Bid.NIL}


def test_mirror_under_classic() -> None:
    hand = Hand("classic+mirror", W, deal=SPADE_COUNT_DEAL)
    bid_all(hand, 3, 4, 6)
    hand.apply(0)  # 0 is Nil under classic
    assert hand.bids[W] == Bid.NIL


def test_whiz_bids_spades_held_or_nil() -> None:
    hand = Hand("classic+whiz", W, deal=SPADE_COUNT_DEAL)
    assert hand.legal_actions() == [Bid(3), Bid.NIL]
    assert_rejected(hand, 2, "whiz", "North", "bid 2", "3 (the spades held) or Nil")
    hand.apply("nil")
    assert hand.legal_actions() == [Bid(4), Bid.NIL]
    hand.apply(4)
    hand.apply(6)
    assert hand.legal_actions() == [Bid.NIL], "no spades, no numeric zero: Nil"
    # not "must bid 0 (the spades held) or Nil": 0 is no bid under classic
    assert_rejected(hand, 1, "whiz", "West", "bid 1", "must bid Nil (no spades held)")
    hand.apply(Bid.NIL)


def test_whiz_under_cards4net_keeps_its_nil_restriction() -> None:
    hand = Hand("cards4net+whiz", W, deal=SPADE_COUNT_DEAL)
    assert hand.legal_actions() == [Bid.BLIND_NIL, LOOK]
    hand.apply(LOOK)
    bid_all(hand, 3, 4)
    assert hand.legal_actions() == [Bid(6)], "North (South's partner) has bid"
    assert_rejected(hand, "nil", "nil-after-partner", "South", "Nil")
    hand.apply(6)
    assert hand.legal_actions() == [Bid(0)], "a numeric zero is the spades held"


@pytest.mark.parametrize("preset", ["cards4net", "classic", "yppedia"])
def test_suicide_second_partner_must_bid_nil(preset: str) -> None:
    """Each partnership must have exactly one Nil: if the first partner to bid
    does not bid Nil, the second must."""
    hand = looked(Hand(f"{preset}+suicide", N, seed=23))  # E S W N
    bid_all(hand, 4, "nil")
    assert hand.legal_actions() == [Bid.NIL]  # West: East bid 4
    assert_rejected(hand, 3, "suicide", "West", "bid 3", "East bid 4", "must bid Nil")
    hand.apply("nil")
    # North: South bid Nil, so North must bid a number
    assert Bid.NIL not in hand.legal_actions()
    assert_rejected(hand, "nil", "suicide", "North", "Nil", "exactly one Nil")
    hand.apply(5)
    assert sum(b.is_nil for b in hand.bids.values()) == 2


def test_suicide_with_blind_nil_counts_as_the_nil() -> None:
    hand = Hand("cards4net+suicide", W, seed=24)  # N E S W
    hand.apply(Bid.BLIND_NIL)
    hand.apply(3)
    assert Bid.NIL not in hand.legal_actions() and Bid.BLIND_NIL not in (
        hand.legal_actions()
    )
    hand.apply(2)
    assert hand.legal_actions() == [Bid.NIL]


def test_jokers_have_no_nil() -> None:
    hand = Hand("cards4net+jokers", N, seed=25)
    hand.apply(LOOK)
    assert hand.legal_actions() == NUMBERS_0_13
    assert_rejected(hand, "nil", "no-nil", "East", "Nil", "no Nil")
    assert_rejected(hand, Bid.BLIND_NIL, "no-blind-nil", "East", "Blind Nil")
    classic = Hand("classic+jokers", N, seed=25)
    classic.apply(LOOK)
    assert classic.legal_actions() == NUMBERS_1_13
    assert_rejected(classic, 0, "zero-is-nil", "East", "bid 0", "at least 1")


def test_blind_seven_declared_by_first_partner_partner_forced() -> None:
    """A team whose partners have not looked may declare Blind Seven; the
    partner then bids it too, without looking."""
    hand = Hand("classic+jokers", N, seed=26)  # E S W N
    assert hand.hidden == [True, True, True, True], "nobody has looked yet"
    assert hand.view(W).holding is None
    assert hand.legal_actions() == [Bid.BLIND_SEVEN, LOOK]
    hand.apply(Bid.BLIND_SEVEN)
    assert hand.hidden[E]
    assert hand.turn is S and hand.legal_actions() == [Bid.BLIND_SEVEN, LOOK]
    hand.apply(LOOK)
    hand.apply(4)
    assert hand.turn is W and hand.hidden[W]
    assert hand.legal_actions() == [Bid.BLIND_SEVEN]
    assert_rejected(
        hand, 3, "blind-seven", "West", "bid 3", "East declared Blind Seven"
    )
    assert_rejected(hand, LOOK, "blind-seven", "West", "look", "without looking")
    hand.apply(Bid.BLIND_SEVEN)
    assert hand.turn is N and not hand.hidden[N], "South bid normally: North looks"
    assert_rejected(hand, Bid.BLIND_SEVEN, "blind-seven", "North", "Blind Seven")
    hand.apply(2)
    assert hand.phase is Phase.PLAYING and not any(hand.hidden)
    assert hand.turn is N, "under the joker rules the dealer leads"
    assert hand.view(E).team_contract() == 7


def test_blind_seven_refused_after_looking_and_without_jokers() -> None:
    hand = Hand("cards4net+jokers", N, seed=27)
    hand.apply(LOOK)
    assert_rejected(hand, Bid.BLIND_SEVEN, "blind-after-look", "East", "Blind Seven")
    plain = Hand("classic", N, seed=27)
    assert_rejected(plain, Bid.BLIND_SEVEN, "no-blind-seven", "East", "Blind Seven")


def test_hidden_seat_of_an_unoffered_team_looks_at_its_turn() -> None:
    """When the first partner bid a number, the second is offered no blind bid
    and simply looks when its turn comes."""
    hand = Hand("classic+jokers", N, seed=28)
    bid_all(hand, LOOK, 3, LOOK, 4)
    assert hand.turn is W and not hand.hidden[W]
    assert Bid.BLIND_SEVEN not in hand.legal_actions()


# ------------------------------------------------------------ wrong moves
def test_bidding_phase_rejects_cards_and_other_actions() -> None:
    hand = looked(Hand("classic", N, seed=29))
    card = hand.holding[E][0]
    assert_rejected(hand, card, "wrong-phase", "East", card.name, "bidding")
    assert_rejected(hand, KEEP, "wrong-phase", "East", "keep the top card")
    assert_rejected(hand, "3", "not-your-turn", "West", "bid 3", "East", seat="W")


def test_deal_with_known_holdings() -> None:
    hand = Hand(
        "classic",
        N,
        deal=deal_of(
            **{s.letter: " ".join(map(str, c)) for s, c in SPADE_COUNT_DEAL.items()}
        ),
    )
    assert list(hand.holding[W]) == sorted(SPADE_COUNT_DEAL[W])


def test_custom_single_nil_per_team() -> None:
    """double_nil=False with nil_before_partner_only=False: a Nil is open after
    the partner's numeric bid, but not after the partner's Nil."""
    rules = Rules("classic", double_nil=False)
    hand = Hand(rules, N, seed=40, scores={"NS": 0, "EW": -100})  # E S W N
    hand.apply(LOOK)
    bid_all(hand, "nil", 3)
    assert hand.turn is W and Bid.NIL not in hand.legal_actions()
    assert hand.legal_actions() == NUMBERS_1_13, "no Blind Nil either"
    assert_rejected(hand, "nil", "double-nil", "West", "Nil", "East already bid Nil")
    assert_rejected(hand, Bid.BLIND_NIL, "double-nil", "West", "Blind Nil")
    hand.apply(4)
    assert Bid.NIL in hand.legal_actions(), "North: South bid a number"


def test_suicide_blind_nil_after_partner_nil_is_refused() -> None:
    hand = Hand("classic+suicide", N, seed=41, scores={"NS": 0, "EW": -100})
    bid_all(hand, Bid.BLIND_NIL, 3)
    assert hand.turn is W and not hand.hidden[W]
    assert_rejected(hand, Bid.BLIND_NIL, "suicide", "West", "Blind Nil", "exactly one")


def test_trailing_blind_nil_with_nil_before_partner_only() -> None:
    rules = Rules("classic", nil_before_partner_only=True)
    hand = Hand(rules, N, seed=42, scores={"NS": 0, "EW": -100})
    bid_all(hand, LOOK, 3, 4)
    assert hand.turn is W and not hand.hidden[W]
    assert_rejected(hand, Bid.BLIND_NIL, "nil-after-partner", "West", "East has bid 3")


def test_two_player_draw_phase_refuses_bids() -> None:
    hand = Hand("two-player", N, seed=43)
    hand.apply(LOOK)
    assert_rejected(hand, 3, "draw", "North", "bid 3", "keep the top card")
    assert_rejected(
        hand,
        "pass 2C 3C",
        "wrong-phase",
        "North",
        "pass the two of clubs and the three of clubs",
    )


class _Index:
    """A whole number of another integer type (as numpy's int64)."""

    def __index__(self) -> int:
        return 3


def test_bids_of_other_types_are_read_or_refused_never_stored_as_given() -> None:
    from spadeslib import Game, record
    from spadeslib.actions import Bid, BidKind
    from spadeslib.errors import SpadesError

    game = Game("classic", seed=3)
    for text in ("²", "³"):  # digits to str.isdigit, not to int()
        with pytest.raises(IllegalAction, match="is not a bid"):
            game.apply(text)
    with pytest.raises(
        SpadesError, match=r"3\.0 is not a bid: a bid is a whole number"
    ):
        Bid(3.0)  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="True is not a bid"):
        Bid(True)
    with pytest.raises(SpadesError, match=r"write Bid\.NIL"):
        Bid(3, BidKind.NIL)  # was refused at play time as "bids go from 1 to 13"
    assert Bid(_Index()) == Bid(3) and Bid(_Index()).tricks.__class__ is int  # type: ignore[arg-type]
    game.apply(_Index())  # type: ignore[arg-type]
    assert record.loads(record.dumps(game)).hand.bids == game.hand.bids


def test_a_refusal_does_not_tell_a_player_who_has_not_looked_their_spades() -> None:
    # under mirror the bid is forced and no blind bid is offered: nothing to hide
    spec = "cards4net+whiz"  # the first bidder may still bid Blind Nil
    from spadeslib import Game, Suit

    game = Game(spec, seed=3)
    seat = game.hand.turn
    assert Bid.BLIND_NIL in game.hand.legal_actions()  # South has not looked
    spades = sum(c.suit is Suit.SPADES for c in game.hand.holding[seat])
    with pytest.raises(IllegalAction) as refused:
        game.apply(13 if spades != 13 else 12)
    text = str(refused.value)
    assert "has not looked at the cards yet" in text
    assert str(spades) not in text.replace("13", "").replace("12", "")
    assert Bid.BLIND_NIL in game.hand.legal_actions()
