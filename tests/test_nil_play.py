"""The rule-based level's nil play, each on a constructed deal: the nil
bidder's discard, the attack on an opponent's nil, the cover of the
partner's nil and a nil surely lost.

Deals are written out in full; the dealer is given to let the nil bidder
bid before its partner (cards4net).
"""

from __future__ import annotations

from typing import Any

from spadeslib import Card, Hand
from spadeslib.bots import RuleBot

# South (nil) holds every club below the J♣: no one can play under it; the
# 8♥ has six hearts below it in other hands
DISCARD = {
    "N": "AC KC QC AH KH QH JH 10H 9H AS KS QS JS",
    "E": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    "S": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC 8H 2S 3S",
    "W": "2H 3H 4H 5H 6H 7H 10S 9S 8S 7S 6S 5S 4S",
}
# West bids nil and leads a club; North takes it and the next club, then
# leads to East's ace
ATTACK = {
    "N": "AC KC 2H 2D 3D 4D 5D 6D 7D 8D 9D 10D JD",
    "E": "3C 4C 5C AH 4H 5H QD KD AD 2S 3S 4S 5S",
    "S": "6C 7C 8C 9C 10C QH 3H 6S 7S 8S 9S 10S JS",
    "W": "2C JC QC KH JH 10H 9H 8H 7H 6H QS KS AS",
}
# North and South are out of diamonds; East leads them
RUFF = {
    "N": "2C 3C 4C 2H 3H 4H 5H 6H 7H 8H 9H 2S 3S",
    "E": "AC KC QC AD KD QD JD 10D 9D AH KH 4S 5S",
    "S": "5C 6C 7C 8C 9C 10C JC 10H JH AS KS QS JS",
    "W": "8D 7D 6D 5D 4D 3D 2D QH 10S 9S 8S 7S 6S",
}
TWO_CLUBS = ["2C", "AC", "3C", "6C", "KC", "4C", "7C", "JC"]
# cards4net seed 123, hand 1: North bids Nil and shows out of diamonds on
# the second diamond; by trick 8 South is out of diamonds too
SEED_123 = {
    "N": "9S 5S 4S JH 3H 2H QC 10C 9C 7C 5C 2C 6D",
    "E": "KS QS 6S 7H 6H KC JC 4C AD JD 7D 5D 2D",
    "S": "JS 7S 2S AH KH 10H 8H 4H 8C 6C 9D 8D 4D",
    "W": "AS 10S 8S 3S QH 9H 5H AC 3C KD QD 10D 3D",
}
# tricks 1-7, four cards each
SEED_123_PLAYS = (
    "3C 2C KC 6C  2D 9D 10D 6D  3D JH AD 4D  JD 8D QD 9C  "
    "5H 3H 6H 8H  AH 9H 2H 7H  KH QH QC QS"
)


def rule(
    deal: dict[str, str], dealer: str, bids: list[Any], plays: list[str]
) -> tuple[Any, str]:
    hand = Hand("cards4net", dealer, deal=deal)
    for action in [*bids, *plays]:
        hand.apply(action)
    view = hand.view("S")
    hint = RuleBot().explain(view)
    assert hint.action in view.legal
    return hint.action, hint.reason


def test_nil_discards_the_card_others_can_play_under():
    card, reason = rule(DISCARD, "N", [4, "nil", 3, 3], ["AD"])
    assert card == Card.parse("8H")  # not the J♣: no club is left below it
    assert reason.startswith("Protect your Nil: discard the 8♥, a dangerous card")


def test_attack_discard_is_not_called_playing_low():
    card, reason = rule(ATTACK, "S", ["nil", 1, 4, 1], [*TWO_CLUBS, "2D", "QD"])
    assert isinstance(card, Card) and card.suit.letter != "S"
    assert "play low" not in reason
    assert reason.startswith("Attack West's Nil: do not trump")


def test_attack_keeps_low_cards_when_the_nil_is_safe():
    # East's A♥ wins: nothing West can hold beats it
    card, reason = rule(ATTACK, "S", ["nil", 1, 4, 1], [*TWO_CLUBS, "2H", "AH"])
    assert card == Card.parse("QH")
    assert reason == (
        "West's Nil is safe on this trick (nothing West can hold beats the A♥): "
        "drop the Q♥ and keep your low hearts to lead later, when West may have "
        "to win with a higher one"
    )


def test_no_cover_ruff_when_partner_can_discard():
    # North showed out of diamonds but still holds hearts: no need to trump
    # high for the nil; South ruffs cheaply for its own contract
    plays = ["2C", "AC", "5C", "2D", "AD", "10H", "3D", "9H", "KD"]
    card, reason = rule(RUFF, "W", ["nil", 4, 4, 3], plays)
    assert card == Card.parse("JS")
    assert not reason.startswith("Cover")


def test_keeps_its_spades_for_partners_nil_when_the_trick_can_wait():
    # East leads the 5♦ at trick 8; North, out of diamonds, still holds
    # clubs to throw, and South's 10♥ and 4♥ are winners for its contract:
    # the J♠ stays to cover North's spades later (the rule level used to
    # trump with it)
    plays = [*SEED_123_PLAYS.split(), "5D"]
    card, reason = rule(SEED_123, "S", [4, "nil", 4, 3], plays)
    assert isinstance(card, Card) and card.suit.letter != "S"
    assert reason == (
        f"Your partner's Nil is safe on this trick: throw away the {card.symbol} "
        "and keep your spades to cover it later"
    )


def test_nil_surely_lost_plays_for_the_contract():
    # South's A♠ is sure to take a trick: its tricks now count for the side
    plays = ["5C", "2D", "2C", "AC", "AD"]
    card, reason = rule(RUFF, "E", ["nil", 3, 3, 4], plays)
    assert card == Card.parse("JS")  # ruffs the A♦ rather than discard
    assert reason.startswith("Your Nil cannot be made")
    assert "textbook" not in reason
