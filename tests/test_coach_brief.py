"""The hint in one line (:meth:`Advice.brief`): the action and its main
reason in one sentence of at most :data:`~spadeslib.coach.brief.LIMIT`
characters, drawn from the analysis :meth:`Advice.explain` says whole, and
the table's hint that carries both (``Suggestion.brief``, the state's
``hint.text`` and ``hint.more``)."""

from __future__ import annotations

import re

import pytest
from test_coach_game_end import LATE, NINE_BAGS, _trick_9

from spadeslib import Bid, Card, Hand
from spadeslib.bots import Suggestion, make_bot
from spadeslib.coach import Advice, Coach
from spadeslib.coach.brief import LIMIT
from spadeslib.coach.card_words import card_words
from spadeslib.table.app import SpadesTable


def _card() -> Advice:
    """Trick 1, West to lead after four bids of 3 (cards4net, seed 4)."""
    hand = Hand(seed=4, dealer="W")
    for bid in (3, 3, 3, 3):
        hand.apply(bid)
    return Coach("rule", seed=1, samples=8).advise(hand.view(hand.turn))


def _bid() -> Advice:
    hand = Hand(seed=4, dealer="W")
    hand.apply("look")
    return Coach("rule", seed=1, samples=8).advise(hand.view("N"))


def _nil() -> Advice:
    """A hand the coach bids Nil with (cards4net, seed 28, North first)."""
    hand = Hand(seed=28, dealer="W")
    hand.apply("look")
    return Coach("rule", seed=1, samples=8).advise(hand.view("N"))


def _late_card() -> Advice:
    """Trick 9 of a classic game North-South on 470 with 9 bags, East and
    West each on a Blind Nil: the coach leaves the textbook card for the
    game (an outside reviewer's position, test_coach_game_end)."""
    return Coach("rule", seed=1, samples=16).advise(_trick_9(LATE, NINE_BAGS))


def _late_bid() -> Advice:
    hand = Hand("classic", "E", seed=5, scores=LATE, bags=NINE_BAGS)
    return Coach("rule", seed=1, samples=16).advise(hand.view("S"))


POSITIONS = {
    "card": _card,
    "bid": _bid,
    "nil": _nil,
    "late card": _late_card,
    "late bid": _late_bid,
}


@pytest.mark.parametrize("name", POSITIONS)
def test_a_brief_is_one_short_sentence_naming_explain_s_action(name: str) -> None:
    advice = POSITIONS[name]()
    full, brief = advice.explain(), advice.brief()
    assert len(brief) <= LIMIT < len(full), (brief, full)
    assert brief.endswith(".") and ". " not in brief, brief
    # the action explain() opens with, named by the brief
    action = advice.words(advice.best).removeprefix("bid ")
    assert action in full.split(":")[0].split(".")[0], (action, full)
    assert action in brief, (action, brief)
    # the reason is one explain() gives (or the book's, which it opens with)
    # as the analysis says it: the brief names the card it is set against
    # ("the textbook 5♣"), where the analysis has said which that is
    said = re.sub(r", against the [^,]+$", "", advice.brief(head=False).rstrip("."))
    said = said.replace("the textbook ", "the ")
    if not advice.book and isinstance(advice.best, Card):
        # not the textbook card: what it does in the trick first, as
        # explain() says it (the brief may leave out its bracket, or the
        # words where they and the reason would not fit together)
        does, _, rest = said.partition("; ")
        words = {card_words(advice.view, advice.best, notes=n) for n in (True, False)}
        if does[:1].lower() + does[1:] in words:
            assert does.lower() in full.lower(), (does, full)
            said = rest
        else:
            # left out only where its first clause would not fit beside them
            first = said.split(", ")[0]
            assert len(f"Play {advice.best}: {min(words, key=len)}; {first}.") > LIMIT
    if " is as good in these deals" in said:  # no reason tells the two apart
        runner = said.rpartition("; ")[2]  # after the tricks a bid takes
        runner = runner.split(" is as good")[0]
        assert runner.lower() in full.lower() and "as good" in full, (said, full)
    else:
        assert said.lower() in full.lower(), (said, full)


def test_the_brief_s_reasons_by_position() -> None:
    """What each position's line says: the book's reason in cards, the
    tricks a bid takes, what Nil scores, and late in the game the game."""
    card = _card()
    assert card.book and card.brief() == card.book + "."
    bid = _bid()
    assert re.search(r"tricks on average|is as good", bid.brief())
    nil = _nil()
    assert nil.best == Bid.NIL
    assert nil.brief().startswith("Bid Nil: Nil leaves your side ")
    assert "points ahead of the other side" in nil.brief()
    late = _late_card()
    assert re.match(
        r"Play K♠: it over-trumps your partner's J♠ and takes the trick; your side "
        r"wins the game in \d+% of deals",
        late.brief(),
    )
    assert "after the textbook 5♣" in late.brief()  # the textbook card it leaves
    assert _late_bid().brief().startswith("Bid 4: your side wins the game in")


def test_a_forced_choice_is_said_so() -> None:
    hand = Hand(seed=4, dealer="W")
    for bid in (3, 3, 3, 3):
        hand.apply(bid)
    while len(hand.legal_actions()) > 1:
        hand.apply(make_bot("rule").act(hand.view(hand.turn)))
    advice = Coach("rule", seed=1, samples=4).advise(hand.view(hand.turn))
    assert advice.forced
    assert advice.brief().endswith(": it is your only legal choice.")
    assert advice.brief(head=False) == "It is your only legal choice."


def test_a_bot_s_suggestion_is_its_own_line() -> None:
    """A bot's reason is short: no brief, the reason is the line, and the
    record shows the three fields it always did."""
    hand = Hand(seed=2, dealer="N")
    hand.apply("look")
    tip = make_bot("rule").explain(hand.view("E"))
    assert tip.brief == "" and tip.line == tip.reason
    assert repr(tip).startswith("Suggestion(action=Bid(3), reason=")
    assert "brief" not in repr(tip)
    assert Suggestion(Bid(3), "whole", "rule", "short").line == "short"


def test_the_table_s_hint_carries_the_line_and_the_analysis() -> None:
    """The session's hint: the reason is the whole analysis, the brief its
    line; the state shows the line and keeps the rest of the analysis for
    Why? (without the line again where it opens the analysis); the log,
    which a screen reader hears, says the line."""
    table = SpadesTable("classic", seed=2024, speed="instant")
    table.bid(3)
    while not (table.state["trick"]["current"] and table.state["hand"]["playable"]):
        cards = table.state["hand"]["cards"]
        table.play(next(c["code"] for c in cards if c["legal"]))
    tip = table.hint()
    assert tip is not None and tip.brief and len(tip.brief) <= LIMIT
    assert len(tip.reason) > len(tip.brief)
    hint = table.state["hint"]
    assert hint["text"] == tip.brief and hint["more"] == tip.more
    assert tip.reason.endswith(tip.more) and tip.brief not in hint["more"]
    assert table.state["log"][-1]["text"].endswith(tip.brief)


def test_a_blind_nil_s_line_says_how_often_it_is_made() -> None:
    """A strong player: "bid Blind Nil. You take 0.4 tricks on average if you
    bid Blind Nil." hid the risk, which only Why? gave. The line says how
    often the Blind Nil is made, and never half a contrast ("if you look,
    made in 89%" without the "but" that turns it)."""
    hand = Hand("classic", "W", seed=0, scores={"NS": -200, "EW": 0})
    advice = Coach("rule", seed=1, samples=16).advise(hand.view(hand.turn))
    assert advice.best == Bid.BLIND_NIL
    line = advice.brief()
    assert re.fullmatch(
        r"Bid Blind Nil: your Blind Nil is made in \d+% of deals\.", line
    )
    assert line.removeprefix("Bid Blind Nil: ").rstrip(".") in advice.explain()


def test_small_differences_say_what_they_are_set_against() -> None:
    """classic seed 202, trick 8, South after North's A♠: the coach's Q♠ and
    the textbook 4♠ differ only a little, and the line, cut after the
    card's words, said "; a close call." with nothing after it."""
    hand = Hand("classic", seed=202, dealer="N")
    for action in [
        "nil",
        "4",
        "3",
        "6",
        "4H",
        "3H",
        "KH",
        "2H",
        "AC",
        "9C",
        "8C",
        "2C",
        "QC",
        "3S",
        "7C",
        "3C",
        "2D",
        "5D",
        "QD",
        "KD",
        "JC",
        "7S",
        "6C",
        "KC",
        "AD",
        "JD",
        "7H",
        "3D",
        "AS",
        "6S",
    ]:
        hand.apply(action)
    advice = Coach("search", seed=1).advise(hand.view(hand.turn))
    assert advice.brief() == (
        "Play Q♠: it stays under your partner's winning A♠; slightly better than "
        "the textbook 4♠."
    )


def test_a_cautious_bid_says_what_the_next_bid_up_risks() -> None:
    """Hand 5, West: the coach bids 2 though West takes 3.0 tricks on
    average; the hint no longer stops there (read as "so bid 3") but says
    what bid 3 risks, as the analysis computed it."""
    hand = Hand(seed=5)
    coach = Coach("expert")
    while hand.turn is not None and hand.turn.letter != "W":
        hand.apply(coach.advise(hand.view(hand.turn)).best)
    advice = coach.advise(hand.view("W"))
    assert advice.best == Bid(2) and advice.taken is not None and advice.taken > 2.5
    made = advice.study.made  # type: ignore[union-attr]
    two, three = (f"{100 * sum(made[Bid(n)]) / len(made[Bid(n)]):.0f}%" for n in (2, 3))
    assert advice.brief() == (
        f"Bid 2: you take {advice.taken:.1f} tricks on average if you bid 2, but "
        f"your side makes its contract in {two} of deals, against {three} if you "
        "bid 3."
    )
