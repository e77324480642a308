"""The card and bid reasons in words, on the positions a strong player
found them wrong in (each position written out here, played with the
engine): a partner's nil that nothing can save, a nil that cannot be made,
"duck" said only of a card that ducks, a cover lead that claims no safety it
lacks, and a Nil bid's verdict that names the card that breaks it.

The rule level's reason (:class:`~spadeslib.bots.RuleBot`) is the coach's
"book" reason: the hint says it first when the coach's card is the rule's.
"""

from __future__ import annotations

from typing import Any

from spadeslib import Card, Hand, Rules
from spadeslib.bots import RuleBot
from spadeslib.bots.reasons import sure_winners
from spadeslib.bots.sim import TRUMP, deck_for
from spadeslib.coach import Coach

# North (a nil hand) holds 7♦ 5♦; South holds no diamond above the 7♦
NIL = {
    "N": "7D 5D 2C 3C 4C 5C 2H 3H 4H 5H 2S 3S 4S",
    "E": "4D 8D 9D 10D AC KC QC AH KH QH 5S 6S 7S",
    "S": "2D 6D 6C 7C 8C 9C 6H 7H 8H 9H 8S 9S 10S",
    "W": "3D JD QD KD AD 10C JC 10H JH JS QS KS AS",
}
# South: the review's Nil hand, the A♠ and four small spades
OWN = {
    "S": "AS 4S 5S 7S 9S JC 3D 4D 7D 9D 10D 6H 7H",
    "W": "KS QS JS 10S 8S 6S 3S 2S AC KC QC 10C 9C",
    "N": "8C 7C 6C 5C 4C 3C 2C AD KD QD JD 8D 6D",
    "E": "5D 2D AH KH QH JH 10H 9H 8H 5H 4H 3H 2H",
}
# North: clubs and diamonds; South: the top hearts; West: the top spades
D1 = {
    "N": "AC KC QC JC 10C AD KD QD 9H 8H 2S 3S 4S",
    "E": "9C 8C 7C JD 10D 9D 8D QH JH 10H 5S 6S 7S",
    "S": "6C 5C 4C 7D 6D 5D AH KH 7H 6H 8S 9S 10S",
    "W": "3C 2C 4D 3D 2D 5H 4H 3H 2H JS QS KS AS",
}
# the first three tricks of D1: North wins with the A♣, K♣, Q♣ (and NS,
# bidding 1 and 1, have made their contract)
THREE_CLUBS = ["AC", "7C", "4C", "2C", "KC", "8C", "5C", "3C", "QC", "9C", "6C", "2D"]


def swap(deal: dict[str, str], a: str, b: str) -> dict[str, str]:
    """``deal`` with the cards ``a`` and ``b`` changing hands."""
    trade = {a: b, b: a}
    return {
        seat: " ".join(trade.get(c, c) for c in cards.split())
        for seat, cards in deal.items()
    }


def setup(
    deal: dict[str, str],
    actions: list[Any],
    *,
    rules: str = "cards4net",
    dealer: str = "W",
    **kwargs: Any,
) -> Hand:
    hand = Hand(rules, dealer, deal=deal, **kwargs)
    for action in actions:
        hand.apply(action)
    return hand


def rule(hand: Hand, seat: str = "S") -> tuple[Any, str]:
    hint = RuleBot().explain(hand.view(seat))
    return hint.action, hint.reason


# ----------------------------------------------- 1. the partner's nil, lost
def test_partner_nil_winning_a_trick_nothing_beats_is_lost_not_safe():
    # West leads (South dealt), North bid Nil: W 3♦, N 7♦, E 4♦, South last
    hand = setup(NIL, [4, "nil", 3, 3, "3D", "7D", "4D"], dealer="S")
    card, reason = rule(hand)
    assert card == Card.parse("2D")
    assert reason == (
        "Nothing you hold beats North's 7♦: North's Nil is lost on this trick; "
        "play the 2♦"
    )
    assert "no need to beat" not in reason


def test_partner_nil_lost_unless_the_last_opponent_beats_it():
    # North leads the 7♦ into East's 4♦; West plays after South
    hand = setup(NIL, ["nil", 3, 3, 4, "7D", "4D"])
    card, reason = rule(hand)
    assert card == Card.parse("2D")
    assert reason == (
        "Nothing you hold beats North's 7♦: North's Nil is lost on this trick "
        "unless West beats it; play the 2♦"
    )


def test_partner_nil_is_covered_when_a_card_beats_it():
    hand = setup(swap(NIL, "6D", "8D"), [4, "nil", 3, 3, "3D", "7D", "4D"], dealer="S")
    card, reason = rule(hand)
    assert card == Card.parse("8D")
    assert reason == "Cover partner's Nil: win this with the 8♦"


def test_the_coach_hint_says_the_partner_nil_is_lost():
    hand = setup(NIL, [4, "nil", 3, 3, "3D", "7D", "4D"], dealer="S")
    text = Coach("search", seed=1, samples=8).advise(hand).explain()
    assert text.startswith(
        "Play 2♦. Nothing you hold beats North's 7♦: North's Nil is lost on this "
        "trick; play the 2♦."
    )
    assert "no need to beat" not in text


# ------------------------------------------- 2. a nil that cannot be made
def test_sure_winners_match_each_higher_trump_to_one_card():
    deck = deck_for(Rules())
    trumps = deck.suit_mask[TRUMP]
    mine = deck.mask(Card.parse_many("AS 9S 7S 5S 4S"))
    assert sure_winners(mine, trumps & ~mine, trumps, deck.card) == [Card.parse("AS")]
    mine = deck.mask(Card.parse_many("AS KS 2S"))
    assert sure_winners(mine, trumps & ~mine, trumps, deck.card) == [
        Card.parse("AS"),
        Card.parse("KS"),
    ]
    mine = deck.mask(Card.parse_many("9S 7S 5S 4S"))
    assert sure_winners(mine, trumps & ~mine, trumps, deck.card) == []


def test_a_nil_holding_the_ace_of_spades_is_not_protected():
    # East deals: South bids first and leads
    hand = setup(OWN, ["look", "nil", 3, 3, 3], dealer="E")
    card, reason = rule(hand)
    # cards4net: the nil bidder's tricks count for the side: play for them
    assert card == Card.parse("JC")
    assert reason == (
        "Your Nil cannot be made (the A♠ is sure to take a trick). Lead your "
        "singleton J♣ so you can trump that suit later"
    )
    assert "Protect your Nil" not in reason


def test_a_lost_nil_says_its_tricks_are_bags_where_they_are():
    hand = setup(OWN, ["nil", 3, 3, 3], rules="classic", dealer="E")
    assert rule(hand)[1] == (
        "Your Nil cannot be made (the A♠ is sure to take a trick), and every "
        "trick you take is a bag for your side: lead the low 3♦"
    )
    # South wins the first trick with the 10♦: the nil has failed
    hand = setup(
        OWN, ["nil", 3, 3, 3, "10D", "AC", "8D", "5D"], rules="classic", dealer="E"
    )
    card, reason = rule(hand)
    assert card == Card.parse("3D")
    assert reason == (
        "Your Nil has failed, and every trick you take is a bag for your side: "
        "lead the low 3♦"
    )
    hand = setup(
        OWN, ["nil", 3, 3, 3, "10D", "AC", "8D", "5D"], rules="yppedia", dealer="E"
    )
    assert rule(hand)[1].startswith(
        "Your Nil has failed, and the tricks you take count for nothing"
    )


def test_a_nil_that_can_still_be_made_is_protected():
    # the 2♠ for the A♠: no spade of South's is sure to win
    hand = setup(swap(OWN, "AS", "2S"), ["look", "nil", 3, 3, 3], dealer="E")
    assert rule(hand)[1] == (
        "Protect your Nil: lead the 3♦, a low card others can beat"
    )


def test_the_nil_bid_verdict_names_the_ace_of_spades():
    hand = setup(OWN, ["look"], dealer="E")
    advice = Coach("rule", seed=1, samples=4).advise(hand)
    verdict = advice.rate("nil")
    assert verdict.rating == "blunder"
    assert (
        ": the A♠ always takes a trick, so a Nil cannot be made; with five spades "
        "you may also be forced to win a trick with another; "
    ) in verdict.text
    assert "Nil does not pay (the A♠ always takes a trick" in str(advice.nil_pays)


# ------------------------------------------------------------- 3. "duck"
def test_a_card_that_could_win_ducks():
    hand = setup(D1, [1, 1, 1, 1, *THREE_CLUBS, "9H", "10H"], bags={"NS": 8, "EW": 0})
    assert rule(hand) == (
        Card.parse("7H"),
        "Your contract is made: duck with the 7♥ to avoid bags (your side has 8 bags)",
    )


def test_a_lead_meant_to_lose_gives_the_lead_away():
    # South wins the fourth trick with the A♥ and leads
    hand = setup(D1, [1, 1, 1, 1, *THREE_CLUBS, "8H", "QH", "AH", "2H"])
    card, reason = rule(hand)
    assert card == Card.parse("5D")
    assert reason == (
        "Your contract is made: lead low with the 5♦ to give the lead away and "
        "avoid a bag"
    )
    assert "duck" not in reason


def test_a_discard_is_thrown_away():
    # North leads the J♣, East trumps with the 5♠: South could overtrump
    hand = setup(D1, [1, 1, 1, 1, *THREE_CLUBS, "JC", "5S"])
    card, reason = rule(hand)
    assert card == Card.parse("AH")
    assert reason == (
        "Your contract is made and more tricks are bags: do not trump; throw "
        "away the A♥ so it cannot win a trick later"
    )
    # South's spades all below East's 10♠: nothing to hold back
    low = swap(swap(swap(D1, "5S", "8S"), "6S", "9S"), "7S", "10S")
    card, reason = rule(setup(low, [1, 1, 1, 1, *THREE_CLUBS, "JC", "10S"]))
    assert card == Card.parse("AH")
    assert reason == (
        "Your contract is made and more tricks are bags: throw away the A♥ so it "
        "cannot win a trick later"
    )


def test_a_card_that_cannot_win_does_not_duck():
    # East's A♦ over North's K♦: South's diamonds cannot beat it
    hand = setup(swap(D1, "AD", "8D"), [1, 1, 1, 1, *THREE_CLUBS, "KD", "AD"])
    card, reason = rule(hand)
    assert card == Card.parse("7D")
    assert reason == (
        "Your contract is made and more tricks are bags. You cannot beat East's "
        "A♦: shed the 7♦ now so it cannot win a trick later"
    )
    # under the partner's A♦
    card, reason = rule(setup(D1, [1, 1, 1, 1, *THREE_CLUBS, "AD", "8D"]))
    assert card == Card.parse("7D")
    assert reason == (
        "Your contract is made and more tricks are bags. Your partner's A♦ is "
        "winning: shed the 7♦ under it so it cannot win a trick later"
    )


# ------------------------------------------------- 4. the cover lead's words
def test_a_cover_lead_claims_safety_only_for_the_highest_card_left():
    # South wins the first trick with the 6♦ and leads for North's nil
    plays = ["nil", 3, 3, 4, "5D", "4D", "6D", "3D"]
    card, reason = rule(setup(NIL, plays))
    assert card == Card.parse("9C")  # the A♣ K♣ Q♣ J♣ 10♣ are out
    assert reason == (
        "Cover partner's Nil: lead your highest club, the 9♣, so partner can "
        "play under it"
    )
    card, reason = rule(setup(swap(NIL, "9C", "AC"), plays))
    assert card == Card.parse("AC")
    assert reason == (
        "Cover partner's Nil: lead the A♣, the highest card left in its suit, so "
        "partner can safely play under it"
    )
    # South's last diamond, the 2♦, under North's 7♦: nothing to play under
    low = NIL
    for high in range(6, 10):  # South's clubs and hearts for North's lower ones
        for suit in "CH":
            low = swap(low, f"{high}{suit}", f"{high - 4}{suit}")
    card, reason = rule(setup(low, plays))
    assert card == Card.parse("2D")
    assert reason == (
        "Cover partner's Nil: lead your highest diamond, the 2♦, though every "
        "diamond still out is higher: it covers partner only if an opponent "
        "plays over it"
    )


def test_a_nil_broken_by_length_names_no_card():
    # eight spades against five higher: three of them must win, none by name
    long = {
        "S": "2S 3S 4S 5S 6S 7S 8S 9S 3D 4D 7D 6H 7H",
        "W": "AH QS JS 10S KS AS 9D 2D AC KC QC 10C 9C",
        "N": "8C 7C 6C 5C 4C 3C 2C AD KD QD JD 8D 6D",
        "E": "5D 10D JC KH QH JH 10H 9H 8H 5H 4H 3H 2H",
    }
    hand = setup(long, ["nil", 3, 3, 3], rules="classic", dealer="E")
    assert rule(hand)[1].startswith(
        "Your Nil cannot be made (your spades are sure to take at least 3 tricks)"
    )
    # the A♠ and K♠: both named
    top = swap(OWN, "4S", "KS")
    hand = setup(top, ["nil", 3, 3, 3], rules="classic", dealer="E")
    assert rule(hand)[1].startswith(
        "Your Nil cannot be made (the A♠ and K♠ are sure to take tricks)"
    )


def test_a_nil_line_names_the_hands_dangers() -> None:
    """A strong player's reading of a Nil hand: the Q♠ over one small spade
    and K♣ Q♣ in five clubs are its risks, said beside its odds."""
    hand = Hand(
        deal={
            "S": "2C 5C 10C QC KC 6D 7D 10D JD 6H 9H 6S QS",
            "N": "3C 4C 6C 7C 8C 9C JC AC 2D 3D 4D 5D 8D",
            "E": "9D QD KD AD 2H 3H 4H 5H 7H 8H 10H JH QH",
            "W": "KH AH 2S 3S 4S 5S 7S 8S 9S 10S JS KS AS",
        },
        dealer="E",
    )
    hand.apply("look")
    check = Coach("rule", seed=1, samples=8).advise(hand).nil_pays
    assert check is not None
    assert "(the Nil's dangers: the Q♠, K♣ and Q♣)" in str(check), str(check)


# a winner that is not the cheapest one (a learner at the table: "the
# cheapest card that takes the trick" named the K♣ over a J♣ that also won)
CLUBS = {
    "E": "5C 2D 3D 4D 5D 6D 7D 8D 9D 10D 2S 3S 4S",
    "S": "JC KC 2H 3H 4H 5H 6H 7H 8H 9H 10H 5S 6S",
    "W": "QC AC JH QH KH AH JD QD KD AD 7S 8S 9S",
    "N": "2C 3C 4C 6C 7C 8C 9C 10C 10S JS QS KS AS",
}


def test_a_winner_above_the_cheapest_says_why_it_is_high():
    from spadeslib.bots.knowledge import state_from_view
    from spadeslib.bots.reasons import card_reason

    hand = setup(CLUBS, [3, 3, 3, 3, "5C"], dealer="N")
    view = hand.view("S")
    st = state_from_view(view)
    high = card_reason(view, st, Card.parse("KC"), "win_cheap")
    assert high == (  # the partner, North, is no threat to it
        "Win with the K♣: a lower card would win for now, but this one is high "
        "enough that West is unlikely to beat it"
    )
    assert "cheapest" not in high
    low = card_reason(view, st, Card.parse("JC"), "win_cheap")
    assert low == "Win with the J♣, the cheapest card that takes the trick"


def test_the_highest_card_left_is_not_called_unlikely_to_be_beaten() -> None:
    # a learner at the table: "West is unlikely to beat it" of an A♥
    from spadeslib.bots.knowledge import state_from_view
    from spadeslib.bots.reasons import card_reason

    deal = {
        **CLUBS,
        "S": CLUBS["S"].replace("KC", "AC"),
        "W": CLUBS["W"].replace("AC", "KC"),
    }
    hand = setup(deal, [3, 3, 3, 3, "5C"], dealer="N")
    view = hand.view("S")
    high = card_reason(view, state_from_view(view), Card.parse("AC"), "win_cheap")
    assert high == (
        "Win with the A♣: a lower card would win for now, but West could beat "
        "it; no club left beats the A♣, only a spade can"
    )


def test_a_hint_that_leaves_the_textbook_card_says_which_and_why() -> None:
    """A learner at the table: the hint trumped the partner's winning card,
    compared it with another trump, and never said why not the textbook
    discard. A hint that leaves the rule player's card names it, with its
    reason, and what the deals say against it."""
    from spadeslib import Game, Seat
    from spadeslib.bots import make_bot

    game = Game(seed=2)
    hand, bot = game.hand, make_bot("rule")
    coach = Coach("search", seed=1, prefer=1.0)  # leaves the book more often
    departed = kept = 0
    while not hand.is_over and len(hand.tricks) < 8:
        if hand.turn == Seat.SOUTH and hand.phase.value == "playing":
            advice = coach.advise(hand.view("S"), hand=hand)
            book, _ = rule(hand)
            if advice.textbook is None:
                kept += advice.best == book or len(hand.legal_actions()) == 1
            else:
                departed += 1
                card, why = advice.textbook
                assert card == book != advice.best
                text = advice.explain()
                # a bracketed reason follows a colon (no nested brackets)
                mark = ":" if "(" in why else " ("
                named = f"The textbook card is the {card.symbol}{mark}"
                above = f"The {card.symbol} compared above is the textbook card{mark}"
                assert named in text or above in text, text
                assert why.split(":")[0][1:] in text, (why, text)  # its reason
        hand.apply(bot.act(hand.view(hand.turn)))
    assert departed and kept


# South holds every spade: forced to trump its partner, and its spades all win
SPADES = {
    "S": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
    "N": "9C 8C 7C 6C 5C 4C 3C AD KD QD JD 10D 9D",
    "E": "2C 10C JC QC KC AC 8D 7D 6D 5D 4D 3D 2D",
    "W": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
}


def test_forced_to_beat_the_partner_is_never_no_need_to_beat_it() -> None:
    from spadeslib.bots.knowledge import state_from_view
    from spadeslib.bots.reasons import card_reason

    # North leads the 9♣ (West dealt), East plays the 2♣: South has only spades
    hand = setup(SPADES, [3, 0, 2, 13, "9C", "2C"], rules="classic", dealer="W")
    view = hand.view("S")
    text = card_reason(view, state_from_view(view), Card.parse("2S"), "partner_winning")
    assert text == (
        "Every card you may play beats your partner's 9♣: take the trick with "
        "your lowest, the 2♠"
    )


def test_drawing_trumps_no_one_else_holds_says_they_all_win() -> None:
    from spadeslib.bots.knowledge import state_from_view
    from spadeslib.bots.reasons import card_reason

    hand = setup(SPADES, [13, 2, 3, 0], rules="classic", dealer="E")
    view = hand.view("S")
    text = card_reason(view, state_from_view(view), Card.parse("AS"), "draw_trumps")
    assert text == (
        "Lead the A♠: no one else holds a spade, so your spades are all winners"
    )


def test_third_hand_high_over_an_opponent_names_whose_card_it_beats() -> None:
    """Seed 2, East's 36th action: North's 10♦ is winning and East plays the
    Q♦ high. The reason said "a later opponent could beat the 10♦", North's
    own card; it names the card East beats, and the danger to a lower one.
    Over the partner's card the reason stays as it was."""
    from spadeslib.bots.rule_bot import rule_decision

    hand = Hand(seed=2)
    said = []
    while hand.turn is not None:
        view = hand.view(hand.turn)
        action, why = rule_decision(view)
        if "high" in why and ("later opponent" in why):
            said.append((view.winning()[0] == view.partner, why))
        hand.apply(action)
    assert (
        False,
        "Beat North's 10♦ with the Q♦, high: a later opponent could beat a lower card",
    ) in said
    for partners, why in said:
        assert partners == why.startswith("Play the "), why


def test_a_duck_says_when_the_opponents_contract_still_hangs_on_it() -> None:
    """Exercise 10.3, seed 2: East-West have made their contract, North-South
    need 2 of the 3 tricks left. Throwing the 8♥ under West's K♦ keeps
    West on lead and sets them; the reason said only "more tricks are bags",
    and now says what the opponents still need."""
    from spadeslib.bots.rule_bot import rule_decision
    from spadeslib.exercises import load
    from spadeslib.exercises.exercise import spec_of

    hand = spec_of(load("10_strategy_play", seed=2)[2]).hand
    card, why = rule_decision(hand.view(hand.turn))
    assert card == Card.parse("8H")
    assert why.startswith(
        "Your contract is made and more tricks are bags; the opponents still "
        "need 2 of the 3 tricks left: do not trump; throw away the 8♥"
    ), why
