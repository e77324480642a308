"""What a review of chapters 1-9's self-checking exercises found: a crash on a
card already played, reasons that did not fit the answer, answers written
in a reasonable way that were not read, and wrong answers that deserved
their own message."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from spadeslib import Bid, Hand, Rules, Seat, Suit
from spadeslib.exercises import key_text, load, spec_of
from spadeslib.exercises.reading import card_codes

ROOT = Path(__file__).resolve().parents[1]


def _spec(chapter: str, number: int, seed: int = 1) -> Any:
    return spec_of(load(chapter, seed=seed)[number - 1])


# ------------------------------------------------------------ 1: 4.5 crash
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_card_already_played_gets_a_verdict_not_an_error(seed: int) -> None:
    spec = _spec("04_playing_tricks", 5, seed)
    for seat, card in spec.hand.trick:
        for answer in (card_codes([*spec.expected, card]), str(card)):
            verdict = spec.feedback(answer)
            assert verdict.status == "incorrect", verdict
            assert verdict.message.startswith(
                f"{card.symbol} does not belong: {spec.mover.full} does not hold "
                f"the {card.name} ({seat.full} played it)"
            ), verdict.message
            assert "it would win" not in verdict.message


def test_a_card_not_held_is_not_said_to_win() -> None:
    spec = _spec("04_playing_tricks", 5)
    gone = [c for c in spec.hand.rules.deck if c not in spec.held()]
    for card in gone:
        message = spec.feedback(card_codes([*spec.expected, card])).message
        assert "does not hold" in message and "it would win" not in message
    # a card held but not playable that would win still says so
    said = [spec.feedback(card_codes([*spec.expected, c])).message for c in spec.held()]
    assert any("it would win, but it cannot be played" in m for m in said)


# ------------------------------------------------------- 2: 4.2's reasons
ANY_CARD = (
    "so any card may be played: a spade to trump, or any other card to throw "
    "away; trumping is allowed, never required"
)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_void_gives_the_any_card_reason_unless_only_spades_are_missing(
    seed: int,
) -> None:
    spec = _spec("04_playing_tricks", 2, seed)
    spades = [c for c in spec.expected if c.suit is Suit.SPADES]
    others = [c for c in spec.expected if c.suit is not Suit.SPADES]
    assert spades and others
    only_spades_missing = spec.feedback(card_codes(others)).message
    assert "so may trump with any spade" in only_spades_missing
    assert ANY_CARD not in only_spades_missing
    for answer in (spades, others[1:], spades[1:] + others[1:]):
        message = spec.feedback(card_codes(answer) or "none").message
        assert ANY_CARD in message, message
        assert "may trump with any spade" not in message


# ------------------------------------------------------- 3: 1.4's words
def _glossary_seed(term: str) -> int:
    return next(
        s for s in range(1, 60) if key_text(load("01_welcome", seed=s)[3]) == term
    )


@pytest.mark.parametrize(
    ("term", "answer"),
    [
        ("bag", "sandbags"),
        ("bag", "Sandbags."),
        ("partnership", "teams"),
        ("partnership", "the teams"),
        ("hand", "one deal"),
        ("hand", "One deal."),
        ("bid", "to bid"),
    ],
)
def test_glossary_reads_the_other_words_of_a_row(term: str, answer: str) -> None:
    q = load("01_welcome", seed=_glossary_seed(term))[3]
    assert str(q.feedback(answer)) == "Correct.", q.feedback(answer)


def test_glossary_aliases_are_words_of_chapter_one_glossary_rows() -> None:
    rows = re.findall(
        r"^\| \*\*(.+?)\*\* \|",
        (ROOT / "docs/glossary.en.md").read_text(encoding="utf-8"),
        flags=re.M,
    )
    aliases = _spec("01_welcome", 4).answer.aliases
    assert aliases
    for alias, term in aliases.items():
        assert any(alias in row and re.search(rf"\b{term}\b", row) for row in rows), (
            alias,
            term,
        )


# --------------------------------------------- 4: answers read alike
@pytest.mark.parametrize(
    ("chapter", "number", "answer"),
    [
        ("01_welcome", 1, "{full}."),
        ("01_welcome", 2, "{lower}."),
        ("02_deck_and_deal", 3, "clubs."),
        ("02_deck_and_deal", 3, "C."),
        ("03_bidding", 5, "{key} tricks"),
        ("09_strategy_bidding", 1, "{key:g} points"),
        ("09_strategy_bidding", 1, "{key:.1f} points."),
    ],
)
def test_a_full_stop_or_a_unit_is_not_read(
    chapter: str, number: int, answer: str
) -> None:
    spec = _spec(chapter, number)
    key = spec.expected
    if isinstance(key, Seat):
        text = answer.format(full=key.full, lower=key.letter.lower())
    else:
        text = answer.format(key=key)
    if chapter.startswith("02"):
        assert key_text(load(chapter, seed=1)[number - 1]) == "C"
    assert spec.feedback(text).correct, (text, spec.feedback(text))


def test_a_bid_written_with_a_decimal_point_is_that_bid() -> None:
    spec = _spec("09_strategy_bidding", 4)
    assert spec.parse("3.0") == Bid(3) == spec.parse(3.0)
    assert spec.feedback("2.5").status == "unreadable"
    assert "'2.5' is not a bid" in spec.feedback("2.5").message


def test_all_seats_is_read_as_every_seat() -> None:
    spec = _spec("03_bidding", 4)
    for answer in ("all", "All of them."):
        verdict = spec.feedback(answer)
        assert verdict == spec.feedback("N E S W"), verdict
        assert verdict.status == "incorrect"


def test_a_percentage_for_points_is_named() -> None:
    verdict = _spec("09_strategy_bidding", 1).feedback("80%")
    assert verdict.status == "unreadable"
    assert "'80%' is a percentage: the answer is a number of points" in str(verdict)


# ------------------------------------------------- 5: specific feedback
def test_score_sheet_names_the_totals_a_learner_may_copy() -> None:
    for seed in range(1, 6):
        spec = _spec("07_bags_and_winning", 6, seed)
        hands = spec.running()
        other = "NS" if spec.side == "EW" else "EW"
        wrong = {
            "other-side": spec.totals()[other],
            "after-hand-2": hands[1][1][spec.side],
            "hand-3-alone": hands[2][0][spec.side],
        }
        for mistake, value in wrong.items():
            if value == spec.expected or any(
                m.answer == value and m.id != mistake for m in spec.mistakes()
            ):
                continue
            verdict = spec.feedback(value)
            assert verdict.mistake == mistake, (seed, value, verdict)


def test_bags_of_the_other_side_are_named() -> None:
    spec = _spec("07_bags_and_winning", 1)
    other = "NS" if spec.side == "EW" else "EW"
    verdict = spec.feedback(spec.result()[other].bags_after)
    assert verdict.mistake == "other-side"
    assert "'s bags; the question asks for" in verdict.message


def test_two_player_hint_says_zero_is_nil_only_beside_a_zero() -> None:
    said = {True: 0, False: 0}
    for seed in range(1, 9):
        spec = _spec("08_variants", 4, seed)
        zero = spec.bids[Seat.parse(spec.side)].is_nil
        assert ("0 is Nil" in spec.hint()) == zero, (seed, spec.hint())
        said[zero] += 1
        other = spec.other_side_score()
        assert spec.feedback(other[2]).mistake in (
            "other-side",
            *(m.id for m in spec.mistakes()),
        )
    assert all(said.values())


def test_quick_count_names_one_long_spade_too_few_or_many() -> None:
    spec = _spec("03_bidding", 5)
    assert spec.feedback(spec.expected - 1).mistake == "long-spades-fewer"
    assert spec.feedback(spec.expected + 1).mistake == "long-spades-more"
    assert (
        "each spade beyond the third counts 1"
        in spec.feedback(spec.expected + 1).message
    )


@pytest.mark.parametrize(
    ("chapter", "number", "answers", "words"),
    [
        ("02_deck_and_deal", 1, (-6, 14, "14 cards"), "a hand has 13, so the answer"),
        ("05_breaking_spades", 3, (0, 14, "trick 0"), "a hand has 13 tricks, so"),
    ],
)
def test_an_impossible_number_is_a_format_message(
    chapter: str, number: int, answers: tuple[Any, ...], words: str
) -> None:
    spec = _spec(chapter, number)
    for answer in answers:
        verdict = spec.feedback(answer)
        assert verdict.status == "unreadable", verdict
        assert words in verdict.message and "cannot be" in verdict.message
    assert spec.feedback(13).status != "unreadable"


# --------------------------------------------------------- 6: wording
def test_preset_left_out_reads_whatever_the_partner_bid_as_an_aside() -> None:
    seen = 0
    for seed in range(1, 40):
        spec = _spec("03_bidding", 3, seed)
        for preset in spec.expected:
            text = spec.left_out(preset)
            if "whatever the partner bid" in text:
                assert "whatever the partner bid, allows it" in text
                seen += 1
    assert seen


def test_blind_nil_refusal_says_are_for_a_side() -> None:
    hand = Hand(Rules("classic"), "W", seed=1, scores={"NS": 0, "EW": 90})
    reason = hand.why_illegal(Bid.BLIND_NIL)
    assert reason is not None and "and NS are not (NS 0, EW 90)" in reason


def test_nobody_offered_blind_nil_is_told_in_two_sentences() -> None:
    seen = 0
    for seed in range(1, 12):
        spec = _spec("03_bidding", 4, seed)
        if spec.expected:
            continue
        text = spec.explain()
        assert text.startswith("Nobody. ")
        assert "at least 100 and " not in text and "Blind Nil and " not in text
        assert text.count(". ") == 2, text
        seen += 1
    assert seen


def test_numeric_zero_left_out_is_said_plainly() -> None:
    spec = _spec("03_bidding", 2)
    assert "0" in spec.expected and spec.hand.rules.preset == "cards4net"
    assert str(spec.feedback(["nil", "blind nil"])) == (
        "Incorrect: you left out 1 option: 0 is an ordinary numeric bid under "
        "cards4net."
    )
