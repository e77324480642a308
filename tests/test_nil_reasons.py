"""The rule level's Nil reasons on the positions a reviewer found wrong in
(each replayed from its seed and actions): a cover lead into a suit the
partner has shown out of, a lowest card called low, a safe Nil's "it"
with no antecedent once the brief keeps what follows the last colon, and a
textbook reason's bracket inside the coach's bracket."""

from __future__ import annotations

from typing import Any

from spadeslib import Card, Hand
from spadeslib.bots import RuleBot
from spadeslib.coach.reasoning import textbook_text


def rule(preset: str, seed: int, dealer: str, actions: str) -> tuple[Any, str]:
    hand = Hand(preset, seed=seed, dealer=dealer)
    for action in actions.split():
        hand.apply(action)
    hint = RuleBot().explain(hand.view(hand.turn))
    return hint.action, hint.reason


# classic seed 203: East leads for West's Nil after West showed out of diamonds
TRICKS_203 = (
    "4 nil nil 3 AC 10C QC 5C KC 2C JC 6C 9C AD 8C 7C KD 10D 7D 2D QD KH 4D 6D "
    "AH 10H QH 4H 9D 7H JH JD"
)


def test_a_cover_lead_into_the_partners_void_says_it_can_throw_a_card() -> None:
    card, reason = rule("classic", 203, "E", TRICKS_203)
    assert card == Card.parse("8D")
    assert reason == (
        "Cover partner's Nil: lead the 8♦: your partner is out of diamonds and "
        "can throw away a card that could win a trick later"
    )


def test_a_spade_cover_lead_to_a_partner_with_no_spade() -> None:
    actions = (
        "look 1 5 nil nil KD AD QD 10D KH JH 10H QH 8H 3H 7H 5S JD 8D 5D 9D 7D 2S "
        "AH 2D 6H 2H AC 6D 5H 9H KC 8S 4D 3S 7C JC 4H 2C 9C QC AS KS QS JS 9S 7S "
        "8C 10C"
    )
    card, reason = rule("cards4net+suicide", 505, "E", actions)
    assert card == Card.parse("4S")
    assert "play under it" not in reason
    assert reason.endswith(
        "your partner is out of spades and can throw away a "
        "card that could win a trick later"
    )


def test_the_lowest_of_high_cards_is_not_called_low() -> None:
    actions = "look nil nil 3 6 2C 9C 7C JC AH JD 2H 3H QC 10C 2S AC 4D QD 2D 9D KH"
    actions += " 6H 7D 5H JH 8H 8C QH 8D 10D 4S 5D 6C 5C 7H KC 10H 9H 4C 8S 9S 6S 10S"
    card, reason = rule("cards4net", 102, "W", actions + " 7S")
    assert card == Card.parse("JS")
    assert reason == "Attack North's Nil: lead your lowest spade, the J♠"
    # a Nil lost: its lead said the same way
    lost = TRICKS_203 + " 8D 3D 3S 8H 7S 6S AS QS 2S 5S 9S 4C"
    card, reason = rule("classic", 203, "E", lost)
    assert card == Card.parse("10S")
    assert reason.endswith(": lead your lowest spade, the 10♠")


def test_a_safe_nil_names_the_bidder_after_the_last_colon() -> None:
    # the brief keeps what follows a long reason's last colon: no "it"
    actions = (
        "look 4 2 nil nil JH AH 10H QH KH 8H 9H 3H 7H 6H 5H 9S AS 6S 5S 8S KS "
        "10S 3S 7S QS JS KC 4S 10C 4C 8C 9C 7C 5C 6C AC QD 3D 4D 2D QC 2C JD JC "
        "AD 5D"
    )
    card, reason = rule("cards4net+suicide", 503, "W", actions)
    assert card == Card.parse("10D")
    assert reason.rsplit(": ", 1)[1] == (
        "drop the 10♦ and keep your low diamonds to lead later, when South may "
        "have to win with a higher one"
    )
    assert reason.startswith("South's Nil is safe on this trick (nothing South ")


def test_a_nil_lost_by_one_spade_is_sure_to_take_one_trick() -> None:
    actions = (
        "look discard look discard discard discard discard keep keep discard "
        "discard discard discard discard discard discard keep discard keep keep "
        "keep discard keep keep discard keep discard discard nil 4"
    )
    _, reason = rule("two-player", 402, "S", actions)
    assert reason.startswith(
        "Your Nil cannot be made (your spades are sure to take at least one trick)"
    )


def test_a_nil_every_card_breaks_says_it_fails_on_this_trick() -> None:
    actions = (
        "look discard look discard discard keep discard keep keep discard keep "
        "discard discard discard discard discard discard discard discard keep "
        "discard keep keep discard discard discard discard discard 6 nil 2H"
    )
    card, reason = rule("two-player", 403, "N", actions)
    assert card == Card.parse("AH")
    assert reason == (
        "Your Nil fails on this trick: every card you may play beats the 2♥; "
        "shed your highest, the A♥"
    )


class _Advice:
    """What :func:`textbook_text` reads of an advice: the textbook K♥ with
    a bracketed reason, 15 points below the coach's K♠."""

    def __init__(self, why: str) -> None:
        self.best = Card.parse("KS")
        self.textbook = (Card.parse("KH"), why)
        self.study = object()
        self.values = {Card.parse("KH"): 0.0, Card.parse("KS"): 15.0}

    def _same(self, card: Card) -> bool:
        return card == self.best

    def _name(self, card: Card) -> str:
        return card.symbol

    def _rep(self, card: Card) -> Card:
        return card

    def _paired(self, card: Card) -> tuple[float, float]:
        return 15.0, 0.0

    def _rated(self, card: Card) -> float:
        return 15.0

    def _reasons(self, card: Card) -> list[str]:
        return ["it wins this trick"]


def test_a_bracketed_textbook_reason_is_not_put_in_brackets() -> None:
    why = (
        "Your Nil cannot be made (your spades are sure to take at least 2 "
        "tricks), and every trick you take is a bag for your side: throw away "
        "the K♥, a card that could win a trick later"
    )
    text = textbook_text(_Advice(why), [])  # type: ignore[arg-type]
    assert "((" not in text and "K♥ (your" not in text, text
    assert text.startswith(
        ". The textbook card is the K♥: your Nil cannot be made (your spades are "
        "sure to take at least 2 tricks), and every trick"
    ), text
    assert "later. In these deals the K♥ came out 15 points lower" in text, text
    plain = textbook_text(_Advice("Lead the K♥"), [])  # type: ignore[arg-type]
    assert plain.startswith(". The textbook card is the K♥ (lead the K♥), but "), plain
