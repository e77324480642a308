"""What a card does in the trick, in words (:func:`card_words`), on
positions written out here and played with the engine: leads, follows,
trumps and discards, each Nil (the seat's own, its partner's, an
opponent's), jokers and two players; and the one-line hint that says it
when the coach's card is not the textbook's."""

from __future__ import annotations

from typing import Any

import pytest

from spadeslib import Card, Hand
from spadeslib.bots import make_bot
from spadeslib.coach import Coach
from spadeslib.coach.brief import LIMIT
from spadeslib.coach.card_words import card_words
from spadeslib.phase import Phase
from spadeslib.view import PlayerView

# North: the top clubs, hearts and diamonds; West: long diamonds, one club
DEAL = {
    "N": "AS KS 2S AH KH 3H 2H AD 2D AC KC 3C 2C",
    "E": "QS JS 3S QH JH 4H KD QD JD QC JC 10C 9C",
    "S": "10S 9S 4S 10H 9H 5H 10D 9D 3D 8C 7C 6C 5C",
    "W": "8S 7S 6S 5S 8H 7H 6H 8D 7D 6D 5D 4D 4C",
}
# North and East hold no heart, South the top hearts, West the rest
TRUMPS = {
    "N": "AS 5S 3S AD KD QD JD 10D AC KC QC JC 2C",
    "E": "KS 9S 4S 9D 8D 7D 6D 5D 10C 9C 8C 7C 3C",
    "S": "QS JS 10S 8S AH KH QH JH 10H 4D 3D 2D 6C",
    "W": "7S 6S 2S 9H 8H 7H 6H 5H 4H 3H 2H 5C 4C",
}
# the jokers' deck has no 2♣ or 2♥: North holds the Big Joker, West the Little
JOKERS = {
    seat: cards.replace("2C", "BJ").replace("2H", "LJ")
    for seat, cards in TRUMPS.items()
}
FIRST = ["AC", "QC", "8C", "4C"]  # North wins the A♣; West shows out of clubs next
# North's Nil with the A♠, sure to take a trick
DOOMED = "your Nil cannot be made (your spades are sure to take a trick)"


def view(
    bids: list[Any],
    plays: list[str],
    deal: dict[str, str] = DEAL,
    rules: str = "classic",
) -> PlayerView:
    """The view of the seat to play after ``bids`` and ``plays`` (the
    dealer West: North bids and leads first, but the jokers' dealer leads)."""
    hand = Hand(rules, deal=deal, dealer="W")
    for action in [*bids, *plays]:
        hand.apply(action)
    return hand.view(hand.turn)


def words(bids: list[Any], plays: list[str], card: str, **kw: Any) -> str:
    return card_words(view(bids, plays, **kw), Card.parse(card))


BIDS = [4, 3, 3, 2]
CASES = [
    # leads
    (BIDS, [], "AC", "it cashes a club winner"),
    (BIDS, [], "2C", "it leads a low club (9 higher clubs are still out)"),
    (BIDS, [], "3H", "it leads a middle heart (9 higher hearts are still out)"),
    # second hand, third hand (the partner winning), fourth
    (BIDS, ["AC"], "9C", "it plays low under North's A♣"),
    (BIDS, ["AC"], "QC", "it sheds a high club under North's A♣"),
    (
        BIDS,
        ["AC", "QC"],
        "8C",
        "it stays under your partner's winning A♣ (West can still trump the A♣)",
    ),
    (BIDS, ["2H", "4H"], "5H", "it beats East's 4♥ (West can still beat it)"),
    (BIDS, ["2H", "4H", "10H"], "6H", "it plays low under South's 10♥"),
    (BIDS, ["3H", "4H", "5H"], "8H", "it beats South's 5♥ and takes the trick"),
    (
        BIDS,
        ["2H", "4H", "5H", "7H", "8H", "3H"],
        "JH",
        "it overtakes your partner's 8♥ (South can still beat it)",
    ),
    (
        BIDS,
        ["2C", "10C", "7C", "4C", "9C", "6C", "4D"],
        "3C",
        "it ducks under East's 9♣",
    ),
    # West has shown out of clubs: a discard, a trump, a lead into the void
    (
        BIDS,
        [*FIRST, "KC", "9C", "5C"],
        "4D",
        "it throws away a loser instead of trumping North's K♣",
    ),
    (
        BIDS,
        [*FIRST, "KC", "9C", "5C"],
        "5S",
        "it trumps North's K♣ and takes the trick",
    ),
    (
        ["nil", 3, 3, 2],  # North's Nil broken on trick 2: no Nil words
        ["2C", "QC", "5C", "4C", "10C", "6C", "8H", "KC"],
        "3C",
        "it leads a low club (4 higher clubs are still out; West has shown out of "
        "clubs and may trump it)",
    ),
]
NILS = [
    # the seat's own Nil (North's A♠ is sure to take a trick: said first)
    (["nil", 3, 3, 2], [], "AC", f"{DOOMED}: it cashes a club winner"),
    (
        [4, "nil", 3, 2],
        ["AC"],
        "QC",
        "it sheds a high club under North's A♣ to keep your Nil",
    ),
    (
        [4, 3, "nil", 2],
        ["AH", "QH"],
        "10H",
        "it stays under your partner's winning A♥ to keep your Nil (West can still "
        "trump the A♥)",
    ),
    (
        [2, 3, 3, "nil"],
        ["2H", "4H", "5H"],
        "8H",
        "it beats South's 5♥ and loses your Nil",
    ),
    (
        [2, 3, "nil", 3],
        ["2H", "4H"],
        "10H",
        "it beats East's 4♥ and risks your Nil (West can still beat it)",
    ),
    # the partner's Nil
    (
        [3, 3, "nil", 2],
        [],
        "AC",
        "it covers your partner's Nil and cashes a club winner",
    ),
    (
        [3, 3, "nil", 2],
        [],
        "2C",
        "it leads a low club and leaves your partner's Nil to get under it (9 higher "
        "clubs are still out)",
    ),
    (
        [3, 3, 3, "nil"],
        ["3C"],
        "9C",
        "it beats North's 3♣ to cover your partner's Nil (South can still beat it)",
    ),
    (
        [3, "nil", 3, 2],
        ["KC", "QC", "5C", "4C", "2C", "10C", "6C"],
        "5S",
        "it trumps your partner's 10♣ and takes the trick to save their Nil",
    ),
    (
        [3, "nil", 3, 2],
        ["3C", "JC", "5C"],
        "4C",
        "it stays under your partner's winning J♣ and your partner's Nil takes the "
        "trick",
    ),
    # an opponent's Nil: attacked, let off, left to win
    (
        [3, "nil", 3, 2],
        ["2H", "4H", "9H", "7H"],
        "5C",
        "it leads a low club against East's Nil (three lower clubs left)",
    ),
    (
        [3, 3, 3, "nil"],
        ["AD", "KD", "3D", "4D", "AH", "4H", "5H", "6H"],
        "2H",
        "it leads a low heart that West's Nil cannot play under (no lower heart is "
        "left)",
    ),
    (
        [3, "nil", 3, 2],
        ["2H", "4H", "9H", "8H", "10H", "6H"],
        "KH",
        "it overtakes your partner's 10♥ (East can still trump it; East's Nil can "
        "still play under the K♥)",
    ),
    (
        [3, "nil", 3, 2],
        ["AH", "JH", "10H", "7H", "3H", "4H"],
        "5H",
        "it beats East's 4♥ and lets East's Nil off this trick (West can still "
        "beat it)",
    ),
    (
        [3, 3, 3, "nil"],
        ["3H", "4H", "10H", "7H", "3D", "7D"],
        "AD",
        "it beats West's 7♦ and lets West's Nil off this trick (East can still "
        "trump it)",
    ),
    (
        [3, "nil", 3, 2],
        ["2C", "JC"],
        "5C",
        "it plays low under East's J♣ and leaves their Nil winning for now",
    ),
]


# North's spades swapped with South's: North's Nil can still be made
NIL_DEAL = {
    **DEAL,
    "N": DEAL["N"].replace("AS KS 2S", "10S 9S 4S"),
    "S": DEAL["S"].replace("10S 9S 4S", "AS KS 2S"),
}
OWN_NILS = [
    (
        ["nil", 3, 3, 2],
        "2C",
        "it leads a low club to keep your Nil (9 higher clubs are still out)",
    ),
    (["nil", 3, 3, 2], "AC", "it cashes a club winner and risks your Nil"),
    # one Nil said, the seat's own first (East's was said after it)
    (
        ["nil", "nil", 3, 2],
        "3H",
        "it leads a middle heart to keep your Nil (9 higher hearts are still out)",
    ),
]


@pytest.mark.parametrize(("bids", "plays", "card", "said"), CASES + NILS)
def test_what_a_card_does(
    bids: list[Any], plays: list[str], card: str, said: str
) -> None:
    assert words(bids, plays, card) == said


@pytest.mark.parametrize(("bids", "card", "said"), OWN_NILS)
def test_a_nil_of_one_s_own_leads(bids: list[Any], card: str, said: str) -> None:
    assert words(bids, [], card, deal=NIL_DEAL) == said


TRICK_2 = ["2C", "3C", "6C", "4C", "AH", "2H"]  # South leads the A♥, West follows


@pytest.mark.parametrize(
    ("plays", "card", "said"),
    [
        (TRICK_2, "5S", "it trumps your partner's A♥ (East can still beat it)"),
        (
            TRICK_2,
            "AS",
            "it trumps your partner's A♥ (no one left to play can beat it)",
        ),
        (
            TRICK_2,
            "AD",
            "it throws away a winner under your partner's A♥ (East can still trump "
            "the A♥)",
        ),
        ([*TRICK_2, "5S"], "9S", "it over-trumps North's 5♠ and takes the trick"),
        ([*TRICK_2, "5S"], "4S", "it under-trumps North's 5♠"),
        (
            [*TRICK_2, "5S"],
            "5D",
            "it throws away a loser instead of over-trumping North's 5♠",
        ),
    ],
)
def test_trumps(plays: list[str], card: str, said: str) -> None:
    assert words([4, 3, 4, 2], plays, card, deal=TRUMPS) == said


def test_spades_broken_by_a_lead() -> None:
    """North, with nothing but spades left, leads them unbroken."""
    deal = {
        "N": "AS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AC",
        "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H KS",
        "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
        "W": "KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C 2H",
    }
    north = view([10, 1, 1, 1], ["AC", "3H", "2D", "2C"], deal=deal)
    assert not north.spades_broken
    assert card_words(north, Card.parse("AS")) == (
        "it breaks spades and cashes a sure winner (no spade left beats it)"
    )
    assert card_words(north, Card.parse("2S")) == (
        "it breaks spades and leads a spade that only one higher spade can beat"
    )


def test_jokers() -> None:
    """The jokers rank over the spades (the 2♠ too), and lead as spades."""
    north = view(
        [4, 3, 4, 2], ["4C", "AC", "3C", "6C"], deal=JOKERS, rules="classic+jokers"
    )
    assert card_words(north, Card.parse("BJ")) == (
        "it cashes a sure winner (no spade left beats it)"
    )
    assert card_words(north, Card.parse("AS")) == (
        "it leads a spade that only two higher spades can beat"
    )
    south = view(
        [4, 3, 4, 2],
        ["4C", "AC", "3C", "6C", "KC", "7C"],
        deal=JOKERS,
        rules="classic+jokers",
    )
    assert card_words(south, Card.parse("QS")) == (
        "it trumps your partner's K♣ (West can still beat it)"
    )


def test_two_players() -> None:
    """Two players: no partner, the opponent named."""
    hand = Hand("two-player", seed=3)
    bot = make_bot("rule")
    while not (hand.phase is Phase.PLAYING and hand.view(hand.turn).trick):
        hand.apply(bot.act(hand.view(hand.turn)))
    seen = hand.view(hand.turn)
    ((leader, led),) = seen.trick
    said = {card_words(seen, c) for c in seen.legal if isinstance(c, Card)}
    assert all(f"{leader.full}'s {led.symbol}" in s for s in said), said
    assert not any("partner" in s for s in said), said


def test_only_the_seat_to_play() -> None:
    hand = view(BIDS, [])
    assert card_words(hand, Card.parse("QS")) == ""  # not in North's hand
    assert card_words(view(BIDS, ["AC"]), Card.parse("2C")) == ""  # not East's


def test_the_line_says_what_the_coach_s_card_does() -> None:
    """cards4net seed 13, North to lead against East's Nil: the coach
    leaves the textbook 2♦ for a low heart, and the line says so in cards
    before the analysis's figures (it said only the figures)."""
    hand = Hand(seed=13, dealer="W")
    bot = make_bot("rule")
    while hand.phase is not Phase.PLAYING:
        hand.apply(bot.act(hand.view(hand.turn)))
    advice = Coach("search", seed=1, samples=8).advise(hand.view("N"))
    assert advice.textbook is not None and not advice.book
    line = advice.brief()
    assert len(line) <= LIMIT
    assert line.startswith("Play 6♥: it leads a low heart against East's Nil; "), line
    assert "breaks the opponents' nil" in line, line
    # the whole hint says it too, bracket and all
    said = card_words(advice.view, Card.parse("6H"))
    assert advice.explain().startswith(f"Play 6♥: {said}. On average"), advice.explain()


def test_a_nil_taking_a_trick_no_one_can_beat_is_lost() -> None:
    """North's Nil wins the heart over East and South, both out of spades."""
    deal = {
        "N": "2S AH KH QH JH 10H AD KD QD JD AC KC QC",
        "E": "9H 8H 7H 6H 5H 4H 3H 10D 9D 8D 7D 6D 5D",
        "S": "4D 3D 2D JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
        "W": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H",
    }
    plays = ["AD", "5D", "2D", "3S", "KS", "2S", "6D", "3C", "2H"]
    assert words(["nil", 3, 3, 4], plays, "AH", deal=deal) == (
        "it beats West's 2♥ and loses your Nil (no one left to play can beat it)"
    )


def test_a_nil_sure_to_take_a_trick_is_said_lost_first() -> None:
    """North's A♠ is sure to take a trick: its Nil is said lost, then neither
    kept nor risked; East, who cannot see North's spades, still sees it
    standing."""
    assert words(["nil", 3, 3, 2], [], "2C") == (
        f"{DOOMED}: it leads a low club (9 higher clubs are still out)"
    )
    assert words(["nil", 3, 3, 2], ["2C"], "9C") == (
        "it beats North's 2♣ and lets North's Nil off this trick (South can still "
        "beat it)"
    )
    assert words(["nil", 3, 3, 2], [], "2C", deal=NIL_DEAL) == (
        "it leads a low club to keep your Nil (9 higher clubs are still out)"
    )


@pytest.mark.parametrize(
    ("plays", "card", "said"),
    [
        # West's only club
        (["AC", "QC", "8C"], "4C", "it follows with your only club under North's A♣"),
        # East's J♥ from Q♥ J♥ is its lowest, but high: the K♥ alone is out
        (
            ["2H", "4H", "5H", "6H", "8H", "AH"],
            "JH",
            "it sheds a high heart under North's A♥",
        ),
    ],
)
def test_a_follow_that_cannot_play_low(plays: list[str], card: str, said: str) -> None:
    assert words(BIDS, plays, card) == said


def test_the_seats_out_of_a_suit_said_once() -> None:
    """North and East have shown out of hearts: one note; a suit no one else
    holds needs none."""
    plays = ["2C", "3C", "6C", "4C", "AH", "2H", "5S", "9D", "AD", "8D", "4D", "2S"]
    assert words([4, 3, 4, 2], plays, "3H", deal=TRUMPS) == (
        "it leads a low heart (4 higher hearts are still out; North and your partner "
        "have shown out of hearts and may trump it)"
    )
    diamonds = ["AD", "JD", "3D", "4D", "2D", "QD", "9D", "5D", "KD", "10D", "8D"]
    plays = [*diamonds, "2C", "4H", "5H", "6H", "3H"]
    assert words(BIDS, plays, "7D") == "it leads a diamond no one else holds"


def test_your_partner_is_named_first() -> None:
    # East's own Nil, second to play: West (its partner) plays after South
    said = words([4, "nil", 3, 2], ["2C"], "QC")
    assert said == (
        "it beats North's 2♣ and risks your Nil "
        "(your partner or South can still beat it)"
    )


def test_a_nil_the_coach_finds_all_but_lost_is_said_so_first() -> None:
    """Suicide, South's forced Nil with five spades: the hint read "K♠. It
    trumps your partner's 7♣ and risks your Nil" where the coach's deals
    made the Nil in 2% at best, whatever South played."""
    from spadeslib.table import TableSession

    table = TableSession("classic+suicide", seed=4, coach="rule", speed="step")
    while not (table.learner_to_move() and len(table.view.tricks) == 5):
        if table.learner_to_move():  # the coach's card, as the learner played
            hint = table.hint()
            assert hint is not None and table.act(hint.action)
        else:
            table.step()
    south = table.view
    assert south.bids[south.seat].is_nil and not south.tricks_won[south.seat]
    card = next(c for c in south.legal if c.symbol == "K♠")
    assert "risks your Nil" in card_words(south, card), "a chance left"
    said = card_words(south, card, nil_odds=0.02)
    assert said == (
        "your Nil is all but lost (made in 2% of deals at best): it trumps your "
        "partner's 7♣ (West can still beat it)"
    ), said
    assert card_words(south, card, nil_odds=0.0).startswith(
        "your Nil is all but lost (made in none of the deals): it trumps"
    )
    # the coach's hint says it, in one line, from its own deals
    advice = Coach("rule", seed=1).advise(south)
    line = advice.brief(head=False)
    assert advice.best == card and line.startswith(
        "Your Nil is all but lost (made in 2% of deals at best); "
    ), line
    assert len(line) <= LIMIT
