"""What the coach says is true and in a learner's words: the reasons of a
hint about this trick, the margin a value stands for, the textbook choice
kept, whether Nil pays, and no ladder jargon in hints and reviews."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from spadeslib import Game, Hand, Rules
from spadeslib.actions import Bid
from spadeslib.bots.rule_bot import rule_decision
from spadeslib.bots.studies.cards import Outcome
from spadeslib.cards import Card
from spadeslib.coach import Coach, NilCheck
from spadeslib.coach.explain import card_reasons
from spadeslib.coach.ratings import Estimate, rating_for
from spadeslib.seats import Seat
from spadeslib.table.advisor import Advisor, ReviewRow
from spadeslib.table.session import TableSession
from spadeslib.tricks import trick_winner

#: South's cards in hand 1 of the classroom link (classic+bag_limit=5, seed
#: 2024), as the learner played them after bidding Nil
LINK_PLAYS = [
    "2C",
    "9H",
    "KC",
    "9D",
    "KD",
    "JC",
    "QH",
    "10D",
    "AH",
    "AC",
    "3S",
    "QS",
    "KS",
]
JARGON = (
    "rule level",
    "rule coach",
    "rule bot",
    "search-lite",
    "'s book",
    "decide that",
)


def _link_table(until: int) -> TableSession:
    """The classroom link's table, South to play card ``until`` (from 0)."""
    table = TableSession(Rules.parse("classic+bag_limit=5"), seed=2024, seat="S")
    table.bid("nil")
    for card in LINK_PLAYS[:until]:
        assert table.play(card), table.notice
    return table


def _cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def test_link_trick_11_the_3_of_spades_does_not_win_the_trick() -> None:
    """West 6♠, North 4♠, East 10♠; South holds K♠ Q♠ 3♠. The hint said the
    3♠ "wins this trick in 100% of deals, against 0% after the Q♠"."""
    table = _link_table(10)
    view = table.view
    assert [(s, c) for s, c in view.trick] == [
        (Seat.WEST, Card.parse("6S")),
        (Seat.NORTH, Card.parse("4S")),
        (Seat.EAST, Card.parse("10S")),
    ]
    assert sorted(view.holding) == sorted(_cards("KS QS 3S"))
    advice = table.advisor._coach.advise(view)
    study = advice.study
    assert study is not None
    for card, wins in (("3S", False), ("QS", True), ("KS", True)):
        outs = study.outcomes[study.reps[Card.parse(card)]]
        assert {o.trick for o in outs} == {wins}, card
    text = table.hint().reason
    assert table.hint().action.symbol == "3♠"
    assert "wins this trick" not in text, text
    assert "than Q♠, the next best" in text, text
    # the Q♠ rated against the 3♠: now it is the Q♠ that wins this trick
    verdict = advice.rate("QS")
    assert "wins this trick" not in verdict.text, verdict.text


def _last_to_play(players: int, hands: int) -> list:
    """Views of seats playing the last card of a trick, from hands played by
    the rule level."""
    spec = "two-player" if players == 2 else "classic"
    found = []
    for seed in range(hands):
        hand = Hand(Rules.parse(spec), seed=seed)
        while not hand.is_over:
            seat = hand.turn
            view = hand.view(seat)
            if (
                view.phase.name == "PLAYING"
                and len(view.trick) == players - 1
                and len({c.suit for c in view.legal}) > 1  # real choices
            ):
                found.append(view)
            hand.apply(rule_decision(view, reason=False)[0], seat)
    return found


@pytest.mark.parametrize("players", [4, 2])
def test_a_statement_about_this_trick_is_true_when_the_table_decides_it(
    players: int,
) -> None:
    """The seat's card completes the trick: in every world, "wins this
    trick" is what the cards on the table say."""
    views = _last_to_play(players, 3)[:6]
    assert views
    coach = Coach("rule", seed=1, samples=4)
    for view in views:
        advice = coach.advise(view)
        study = advice.study
        side = {view.seat, view.seat.partner} if players == 4 else {view.seat}
        for card in view.legal:
            won = trick_winner(view.rules, [*view.trick, (view.seat, card)]) in side
            outs = study.outcomes[study.reps[card]]
            rep_won = trick_winner(
                view.rules, [*view.trick, (view.seat, study.reps[card])]
            )
            assert (rep_won in side) == won  # touching cards win alike
            assert {o.trick for o in outs} == {won}, (view, card)


def test_the_table_hint_does_not_name_the_action_twice() -> None:
    """The table shows "Hint: J♦." before the text: the text does not open
    with "Play J♦:" again; the coach's own explain() still does."""
    table = _link_table(0)
    tip = table.hint()
    card = tip.action.symbol
    assert not tip.reason.startswith(f"Play {card}"), tip.reason
    advice = table.advisor._coach.advise(table.view)
    # the textbook card: the rule player's reason first, in cards, then figures
    assert advice.book and tip.reason.startswith(advice.book + ". On average"), (
        tip.reason
    )
    assert advice.explain().startswith(f"Play {card}. {advice.book}. On average")


def test_a_card_that_is_not_the_textbooks_has_no_book_reason() -> None:
    """The rule player's reason is given only for its own card: a hint for
    another card never borrows it."""
    from spadeslib import Game
    from spadeslib.bots import make_bot
    from spadeslib.bots.rule_bot import rule_decision
    from spadeslib.coach import Coach

    coach, seen = Coach("rule"), {True: 0, False: 0}
    for seed in range(4):
        game = Game("cards4net", seed=seed)
        bot = make_bot("rule", seed=seed)
        while game.phase.name != "PLAYING" or len(game.hand.tricks) < 2:
            game.apply(bot.act(game.view(game.turn)))
        for _ in range(16):
            view = game.view(game.turn)
            if len(view.legal) > 1:
                advice = coach.advise(view)
                rule_card, reason = rule_decision(view)
                textbook = advice.best == rule_card
                seen[textbook] += 1
                assert advice.book == (reason if textbook else ""), view
                assert (reason in advice.explain()) is textbook
            game.apply(bot.act(view))
    assert seen[True] and seen[False], seen


def test_a_value_is_an_average_margin_against_the_other_side() -> None:
    text = _link_table(10).hint().reason
    assert (
        "On average your side ends the hand 91 points behind the other side "
        "(over 96 deals of the unseen cards, each solved exactly)"
    ) in text, text
    assert "worth" not in text and "to your side" not in text


def test_two_players_say_you_and_your_opponent() -> None:
    table = TableSession("two-player", seed=5, coach="rule")
    texts = []
    while table.learner_to_move() and len(texts) < 30:
        tip = table.hint()
        texts.append(tip.reason)
        table.act(tip.action)
    review = table.review()
    assert review is not None
    texts += [row.text for row in review.rows]
    assert any("you end the hand" in t and "your opponent" in t for t in texts)
    for text in texts:
        assert "your side" not in text and "the other side" not in text, text


def test_the_textbook_bid_kept_says_why() -> None:
    """ "bid 5 came out at +47 ... a lead small enough to be chance" said
    nothing of why the textbook bid stands."""
    text = TableSession("classic", seed=2010).hint().reason
    assert (
        "bid 2 came out 1 point higher in these deals, but that difference is "
        "too small for 96 sampled deals to tell apart: the two are as good, and the "
        "coach keeps the textbook bid"
    ) in text, text


def test_the_nil_line_never_contradicts_the_recommendation() -> None:
    """ "Nil pays: -9 against -27 for bid 2" while the coach recommended bid 2."""
    nil, two = Estimate(-9.0, -40.0, 20.0), Estimate(-27.0, -50.0, 0.0)
    unsure = str(NilCheck(True, nil, Bid(2), two, 0.4, sure=False))
    assert unsure == (
        "Nil would leave your side 9 points behind the other side on average "
        "(made in 40% of deals), against 27 points behind with bid 2: too close "
        "for the sampled deals to tell apart, so the coach is not sure Nil pays "
        "and keeps bid 2"
    )
    worse = str(NilCheck(False, two, Bid(2), nil, 0.1))
    assert worse.endswith(": Nil does not pay") and "Nil pays" not in worse
    chosen = str(NilCheck(True, nil, Bid(2), two, 0.6, chosen=True))
    assert chosen == (
        "Nil leaves your side 9 points behind the other side on average, against "
        "27 points behind with bid 2; it is made in 60% of deals"
    )
    close = str(NilCheck(False, two, Bid(2), nil, 0.3, sure=False, chosen=True))
    assert close.endswith("so the textbook Nil stands")


def test_the_nil_line_says_a_margin_not_a_score() -> None:
    """ "Nil would score -37 on average ..., against +68 for bid 1": the
    figures are the margin of the hand, your side's points minus the other
    side's, which a learner read as the side's own score."""
    behind, ahead = Estimate(-37.0, -50.0, -20.0), Estimate(68.0, 50.0, 80.0)
    text = str(NilCheck(False, behind, Bid(1), ahead, 0.08))
    assert text == (
        "Nil would leave your side 37 points behind the other side on average "
        "(made in 8% of deals), against 68 points ahead with bid 1: Nil does not pay"
    )
    level, one = Estimate(0.4, -5.0, 5.0), Estimate(1.0, -5.0, 5.0)
    chosen = str(NilCheck(True, ahead, Bid(1), level, 0.9, chosen=True))
    assert chosen.startswith("Nil leaves your side 68 points ahead of the other ")
    assert chosen.endswith("against level with bid 1; it is made in 90% of deals")
    alone = str(NilCheck(False, level, Bid(2), one, 0.5, alone=True))
    assert alone.startswith("Nil would leave you level with your opponent on ")
    assert "against 1 point ahead with bid 2" in alone
    assert "score" not in text + chosen + alone


def _outs(value: float, tricks: int, made: bool | None, bags: int) -> list[Outcome]:
    return [Outcome(value, False, tricks, made, None, None, None, bags)] * 4


def test_a_tricks_remark_speaks_of_the_whole_hand_and_why() -> None:
    """ "A♥ ... (it takes 0.4 fewer tricks)" read as the ace taking fewer."""
    fewer = card_reasons(_outs(0, 6, None, 0), _outs(-10, 7, None, 0), "Q♥")
    assert fewer == [
        "over the whole hand your side takes 1.0 fewer tricks on average, and "
        "tricks your side did not bid for are bags"
    ]
    # fewer tricks and the contract lost more often: not a reason, left out
    assert card_reasons(_outs(0, 6, False, 0), _outs(-10, 7, True, 0), "Q♥") == []
    more = card_reasons(_outs(0, 8, True, 0), _outs(-10, 7, True, 0), "Q♥", alone=True)
    assert more == ["over the whole hand you take 1.0 more tricks on average"]
    bags = card_reasons(_outs(0, 7, True, 0), _outs(-10, 8, True, 1), "Q♥")
    assert bags == [
        "over the whole hand your side takes 1.0 fewer bags on average, each a "
        "step toward the bag penalty"
    ]


def test_the_exact_check_after_the_fact_in_plain_words() -> None:
    """ "With every card known, K♠ is not the best: the hidden cards decide
    that" left the learner guessing."""
    advice = _link_table(10).advisor._coach.advise(_link_table(10).view)
    three, queen = Card.parse("3S"), Card.parse("QS")
    assert advice.best == three
    known = replace(advice, known={three: -120.0, queen: -100.0})
    mine = known.rate(three).text
    assert mine.endswith(
        "With every card known, another card does better than 3♠ as the cards "
        "lie, but nobody could tell that without seeing the hidden cards."
    ), mine
    other = known.rate(queen).text
    assert other.endswith(
        "With every card known, your Q♠ scores 20 points more than 3♠ as the "
        "cards lie, but you could not tell that without seeing the hidden cards."
    ), other


def test_no_ladder_jargon_in_hints_and_the_review() -> None:
    table = _link_table(0)
    texts = []
    for card in LINK_PLAYS:
        if len(table.view.legal) > 1:
            texts.append(table.hint().reason)
        assert table.play(card)
    review = Advisor("rule", seed=2024).review(table.game.hands[0], Seat.SOUTH)
    texts += [review.summary, *(row.text for row in review.rows)]
    assert "decisions rated by the coach (" in review.summary
    for text in texts:
        for word in JARGON:
            assert word not in text, (word, text)


def test_an_unmeasured_decision_names_the_textbook_choice() -> None:
    table = TableSession("two-player", seed=2, coach="rule")
    text = table.hint().reason
    assert text.endswith(
        "That is the textbook choice: the coach does not score this decision."
    ), text
    for word in JARGON:
        assert word not in text


def test_the_review_best_column_in_words() -> None:
    row = ReviewRow("trick 2", "9♥", "A♥", 0.0, "best", "")
    assert row.best_label == "A♥ (yours is as good)"
    assert ReviewRow("trick 2", "A♥", "A♥", 0.0, "best", "").best_label == "A♥"
    assert ReviewRow("trick 2", "9♥", "A♥", 9.0, "mistake", "").best_label == "A♥"


def test_a_loss_in_words_reads_on_its_ratings_side_of_the_scale() -> None:
    """ "about 40 points better" beside a blunder (more than 40): a loss that
    whole points would round onto a bound is given to a tenth, so the number
    a learner reads is rated as the coach rates it. Where the noise of the
    deals moves the loss the rating reads, the verdict says that one too."""
    checked = 0
    for seed in range(1, 7):
        hand = Hand("classic", seed=seed)
        rng = random.Random(seed)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        review = Coach("rule", seed=1, samples=8).review(hand, "S")
        for verdict in review.verdicts:
            said = re.search(
                r"about ([\d.]+) points? better(?: \(([\d.]+) points? once the "
                r"noise of the deals is taken off\))?",
                verdict.text,
            )
            if said is None:
                continue
            rated = said.group(2) or said.group(1)
            assert rating_for(float(rated)) == verdict.rating, verdict.text
            checked += 1
    assert checked >= 10


def test_made_says_what_is_made_a_contract_or_a_nil() -> None:
    """ "it is made in 71% of deals, against 100% if you bid 0" did not say
    what "it" was; a Nil against a number now says what each one keeps.
    (The words, not the deals: 24 of them, as before bids got more.)"""
    coach = Coach("search-lite", seed=1, steady=False)
    blind = Hand(seed=1, dealer="W")  # West decides blind, before looking
    text = coach.advise(blind).rate("blind nil").text
    assert (
        "if you bid Blind Nil, your Blind Nil is made in only 17% of deals; "
        "the bid you make after looking is made in 92%"
    ) in text, text
    blind.apply("look")
    text = coach.advise(blind).rate("0").text
    assert "it is made" not in text
    assert (
        "your side makes its contract in 71% of deals, against 100% if you "
        "bid 0, but bid 4 comes out higher"
    ) in text, text


def test_a_card_level_with_the_best_says_why_the_coach_keeps_the_textbook_one() -> None:
    """Your card came out a point higher than the coach's, within the noise:
    the review says the coach keeps the textbook card unless another is
    clearly better (as the hint does), not only that it prefers it."""
    game = Game("classic", seed=1)
    rng = random.Random(1)
    hand = game.hand
    while len(hand.history) < 7:
        hand.apply(rng.choice(hand.view(hand.turn).legal))
    advice = Coach("search-lite", seed=1).advise(hand.view(hand.turn))
    verdict = advice.rate(Card.parse("JC"))
    assert verdict.rating == "best" and advice.best == Card.parse("7C")
    assert verdict.text.startswith(
        "You played J♣: as good as 7♣, the textbook choice the coach keeps unless "
        "another is clearly better: yours came out 1 point higher in these deals"
    )


def test_a_nil_never_made_is_made_in_none_of_the_deals() -> None:
    """ "your Nil is made in only 0% of deals" (a strong player) read oddly."""
    hand = Hand(seed=1, dealer="W")
    hand.apply("look")
    text = Coach("rule", seed=1, samples=8).advise(hand).rate("nil").text
    assert "if you bid Nil, your Nil is made in none of the deals;" in text, text
    assert "only 0%" not in text
