"""The rule-based level's behaviours, each on a constructed deal.

Deals are written out in full; dealer West, so North bids and leads first,
unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

from spadeslib import KEEP, LOOK, TAKE_NEXT, Bid, Card, Discard, Exchange, Hand, Seat
from spadeslib.bots import RuleBot, make_bot, suggest
from spadeslib.hand import Phase

# North: clubs and diamonds; South: the top hearts; West: the top spades.
D1 = {
    "N": "AC KC QC JC 10C AD KD QD 9H 8H 2S 3S 4S",
    "E": "9C 8C 7C JD 10D 9D 8D QH JH 10H 5S 6S 7S",
    "S": "6C 5C 4C 7D 6D 5D AH KH 7H 6H 8S 9S 10S",
    "W": "3C 2C 4D 3D 2D 5H 4H 3H 2H JS QS KS AS",
}
# as D1, but North holds the Q♥ and East the 9♥
D1Q = {
    "N": "AC KC QC JC 10C AD KD QD QH 8H 2S 3S 4S",
    "E": "9C 8C 7C JD 10D 9D 8D 9H JH 10H 5S 6S 7S",
    "S": "6C 5C 4C 7D 6D 5D AH KH 7H 6H 8S 9S 10S",
    "W": "3C 2C 4D 3D 2D 5H 4H 3H 2H JS QS KS AS",
}
# North: a nil hand; East: aces and kings; South: middle cards; West: spades
D2 = {
    "N": "2C 3C 5C 6C 2D 3D 4D 2H 3H 4H 5H 2S 3S",
    "E": "AC KC QC 4C AD KD 5D AH KH 6H 4S 5S 6S",
    "S": "JC 10C 9C 8C QD JD 10D 6D QH JH 7H 7S 8S",
    "W": "7C 9D 8D 7D 10H 9H 8H 9S 10S JS QS KS AS",
}
# as D2 with the 3♣ in South's hand and the 4♣ with East
D3 = {
    "N": "2C 5C 6C 7C 2D 3D 4D 2H 3H 4H 5H 2S 3S",
    "E": "AC KC QC 4C AD KD 5D AH KH 6H 4S 5S 6S",
    "S": "JC 10C 9C 3C QD JD 10D 6D QH JH 7H 7S 8S",
    "W": "8C 9D 8D 7D 10H 9H 8H 9S 10S JS QS KS AS",
}
# South has no hearts; North leads the A♥
D5 = {
    "N": "AH KH QH 2C 3C 4C 5C 2D 3D 4D 5D 2S 3S",
    "E": "JH 10H 9H 6C 7C 8C 6D 7D 8D 4S 5S 6S 7S",
    "S": "AC KC QC JC AD KD QD JD 8S 9S 10S JS QS",
    "W": "8H 7H 6H 5H 4H 3H 2H 9C 10C 9D 10D KS AS",
}

# the first three tricks of D1: North wins with the A♣, K♣, Q♣
THREE_CLUBS = ["AC", "7C", "4C", "2C", "KC", "8C", "5C", "3C", "QC", "9C", "6C", "2D"]


def setup(
    deal: dict[str, str],
    bids: list[Any],
    plays: list[str],
    *,
    rules: str = "cards4net",
    dealer: str = "W",
    **kwargs: Any,
) -> Hand:
    hand = Hand(rules, dealer, deal=deal, **kwargs)
    for bid in bids:
        hand.apply(bid)
    for card in plays:
        hand.apply(card)
    return hand


def rule(hand: Hand, seat: str = "S") -> tuple[Any, str]:
    view = hand.view(seat)
    hint = RuleBot().explain(view)
    assert hint.action in view.legal
    return hint.action, hint.reason


def test_partners_ace_is_winning_so_it_is_not_trumped():
    hand = setup(D5, [3, 2, 5, 2], ["AH", "9H"])
    card, reason = rule(hand)
    assert isinstance(card, Card) and card.suit.letter != "S"
    assert reason.startswith("Your partner's A♥ is winning")


def test_last_seat_does_not_overtake_partners_winner():
    # South deals: West leads the 2♥, North plays the Q♥, East the 10♥
    hand = setup(D1Q, [3, 4, 2, 3], ["2H", "QH", "10H"], dealer="S")
    card, reason = rule(hand)
    assert card == Card.parse("6H")
    assert reason == "Your partner's Q♥ is winning: no need to beat it, play the 6♥"


def test_wins_cheaply_in_last_seat():
    hand = setup(D1Q, [3, 4, 2, 3], ["2H", "8H", "JH"], dealer="S")
    card, reason = rule(hand)
    assert card == Card.parse("KH")
    assert "cheapest" in reason


def test_follows_low_when_it_cannot_win():
    hand = setup(D3, [3, 3, 3, 3], ["2H", "AH"])
    card, reason = rule(hand)
    assert card == Card.parse("7H")
    assert "cannot win" in reason


def test_covers_partners_nil():
    hand = setup(D2, ["nil", 3, 4, 3], ["6C", "4C"])
    card, reason = rule(hand)
    assert card == Card.parse("8C")  # the cheapest club over partner's 6♣
    assert reason == "Cover partner's Nil: win this with the 8♣"


def test_nil_bidder_plays_under():
    hand = setup(D3, [3, "nil", 3, 3], ["5C"])
    card, reason = rule(hand, "E")
    assert card == Card.parse("4C")
    assert "Nil" in reason


def test_attacks_opponents_nil_by_staying_under():
    hand = setup(D3, [3, "nil", 3, 3], ["2C", "4C"])
    card, reason = rule(hand)
    assert card == Card.parse("3C")
    assert reason.startswith("East's Nil is winning this trick")


def test_attacks_opponents_nil_with_a_low_lead():
    # East deals: the bids go South, West (nil), North, East; South leads
    hand = setup(D3, [3, "nil", 3, 3], [], dealer="E")
    assert hand.turn == Seat.SOUTH
    card, reason = rule(hand)
    assert hand.bids[Seat.WEST] == Bid.NIL
    assert isinstance(card, Card)
    assert card.rank <= 7
    assert reason.startswith("Attack West's Nil")


def test_ducks_overtricks_when_bags_are_near_the_limit():
    plays = [*THREE_CLUBS, "9H", "10H"]
    hand = setup(D1, [1, 1, 1, 1], plays, bags={"NS": 8, "EW": 0})
    card, reason = rule(hand)
    assert card == Card.parse("7H")
    assert reason == (
        "Your contract is made: duck with the 7♥ to avoid bags (your side has 8 bags)"
    )
    # with tricks still needed it wins the trick instead
    needy = setup(D1, [5, 1, 4, 1], plays)
    assert rule(needy)[0] == Card.parse("KH")


def test_pushes_bags_onto_the_opponents():
    # West trumps the third club with the A♠: both sides have made their bids
    plays = ["AC", "7C", "4C", "2C", "KC", "8C", "5C", "3C", "QC", "9C", "6C", "AS"]
    hand = setup(D1, [1, 1, 1, 0], [*plays, "2H", "9H", "10H"])
    card, reason = rule(hand)
    assert card == Card.parse("7H")
    assert "let the opponents take the bags" in reason


def test_sets_opponents_who_would_win_the_game():
    plays = [*THREE_CLUBS, "9H", "10H"]
    hand = setup(D1, [1, 1, 1, 1], plays, scores={"NS": 0, "EW": 490})
    card, reason = rule(hand)
    assert card == Card.parse("KH")
    assert reason.startswith("The opponents win the game if they make their contract")


def test_bids_nil_with_a_suitable_hand():
    hand = setup(D3, ["look"], [])
    bid, reason = rule(hand, "N")
    assert bid == Bid.NIL
    assert reason.startswith("Bid Nil")
    # East's aces and kings are no nil
    hand.apply(bid)
    bid, reason = rule(hand, "E")
    assert not bid.is_nil and bid.tricks >= 5
    assert "AKQ♣" in reason


def test_counts_tricks_for_its_bid():
    hand = setup(D2, [], [], dealer="S")  # West bids first
    hand.apply(LOOK)
    bid, reason = rule(hand, "W")  # six spades with A K Q J
    assert isinstance(bid, Bid) and 4 <= bid.tricks <= 6
    assert "spade tricks" in reason


def test_adjusts_bid_when_partner_bids_nil():
    south = "AC 10C 9C 8C QD JD 10D 6D AH JH 7H 7S 8S"
    deal = {
        "N": "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 2S 3S",
        "E": "6C 7C QC 7D 8D 9D 5H 6H 8H 9H 4S 5S 6S",
        "S": south,
        "W": "JC KC KD AD 10H QH KH 9S 10S JS QS KS AS",
    }
    after_nil = rule(setup(deal, ["nil", 3], []))
    after_three = rule(setup(deal, [3, 3], []))
    assert after_nil[0].tricks == after_three[0].tricks + 1
    assert "partner bid Nil" in after_nil[1]


def test_bids_safely_when_a_made_contract_wins():
    plain = rule(setup(D2, [LOOK], [], dealer="S"), "W")[0]
    hand = setup(D2, [], [], dealer="S", scores={"NS": 100, "EW": 460})
    hand.apply(LOOK)
    safe, reason = rule(hand, "W")
    assert safe.tricks == plain.tricks - 1
    assert "wins the game" in reason


def test_blind_nil_only_when_far_behind():
    assert rule(setup(D3, [], []), "N")[0] == LOOK
    far = setup(D3, [], [], scores={"NS": 100, "EW": 400})
    action, reason = rule(far, "N")
    assert action == Bid.BLIND_NIL
    assert "300 points behind" in reason


def test_blind_nil_exchange_passes_high_and_low():
    hand = setup(
        D3, [Bid.BLIND_NIL, 3, 4, 3], [], rules="classic", scores={"NS": 0, "EW": 200}
    )
    assert hand.phase is Phase.EXCHANGE
    passed, reason = rule(hand, "N")
    assert isinstance(passed, Exchange)
    assert passed == Exchange.of("7C 3S")  # North's two most dangerous cards
    assert "dangerous" in reason
    hand.apply(passed)
    passed, reason = rule(hand, "S")
    assert passed == Exchange.of("3C 6D")
    assert "lowest" in reason


def test_two_player_draw_keeps_winners_and_discards_small_cards():
    from spadeslib import FULL_DECK

    def stock(first: str) -> list[Card]:
        top = Card.parse(first)
        return [top, *[c for c in FULL_DECK if c is not top]]

    for first, expected in (("AS", KEEP), ("3C", TAKE_NEXT), ("KH", KEEP)):
        hand = Hand("two-player", "N", stock=stock(first))
        assert rule(hand, "N")[0] == LOOK  # not behind: no blind nil
        hand.apply(LOOK)
        action, reason = rule(hand, "N")
        assert action == expected, (first, reason)


def test_two_player_blind_nil_when_far_behind_then_discards_high():
    hand = Hand("two-player", "N", seed=4, scores={"N": 100, "S": 420})
    bots = {Seat.NORTH: make_bot("rule"), Seat.SOUTH: make_bot("rule")}
    first = bots[Seat.NORTH].act(hand.view("N"))
    assert first == Bid.BLIND_NIL
    hand.apply(first)
    while hand.phase is Phase.DRAW:
        seat = hand.turn
        assert seat is not None
        hand.apply(bots[seat].act(hand.view(seat)))
    assert hand.phase is Phase.BLIND_DISCARD
    discard = bots[Seat.NORTH].act(hand.view("N"))
    assert isinstance(discard, Discard)
    for card in discard.cards:
        assert card.rank >= 11 or (card.suit.letter == "S" and card.rank >= 8)
    # the blind-nil bidder kept low cards while drawing
    kept = hand.holding[Seat.NORTH]
    assert sum(c.rank for c in kept) / len(kept) < 8


def test_hint_reasons_name_the_cards():
    hint = suggest(setup(D2, ["nil", 3, 4, 3], ["6C", "4C"]).view("S"))
    assert hint.level == "rule" and "8♣" in hint.reason
    hint = suggest(setup(D1Q, [3, 4, 2, 3], ["2H", "QH", "10H"], dealer="S").view("S"))
    assert hint.reason == (
        "Your partner's Q♥ is winning: no need to beat it, play the 6♥"
    )
    hint = suggest(setup(D5, [3, 2], []).view("S"))
    assert hint.reason.startswith("Bid ") and "AKQ♣" in hint.reason


def test_rule_bot_is_deterministic_and_only_reads_the_view():
    hand = setup(D2, ["nil", 3, 4, 3], ["6C"])
    view = hand.view("E")
    first = RuleBot(seed=1).act(view)
    assert all(RuleBot(seed=s).act(view) == first for s in (2, "x", None))


def test_two_player_blind_nil_kept_by_a_bot_rebuilt_for_each_decision():
    # the table rebuilds its bots per decision: the declaration must come from
    # the public view (declared_blind), not from the bot's own memory
    def play(fresh: bool) -> list[Any]:
        hand = Hand("two-player", "N", seed=4, scores={"N": 100, "S": 420})
        kept = {Seat.NORTH: make_bot("rule"), Seat.SOUTH: make_bot("rule")}
        actions = []
        while hand.phase in (Phase.DRAW, Phase.BIDDING) and hand.turn is not None:
            seat = hand.turn
            bot = make_bot("rule") if fresh else kept[seat]
            action = bot.act(hand.view(seat))
            if hand.phase is Phase.DRAW and hand.view(seat).holding is not None:
                actions.append((seat, action, seat in hand.view(seat).declared_blind))
            hand.apply(action)
        return actions

    fresh, remembered = play(True), play(False)
    assert any(declared for _, _, declared in fresh)  # North declared double nil
    assert fresh == remembered
