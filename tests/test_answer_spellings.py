"""Answers a learner writes in another reasonable way are read, and format
messages quote what was typed (found by an outside review of the course)."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from spadeslib import Rules, Seat
from spadeslib.exercises import key_text, load
from spadeslib.exercises.answer_lists import Suits
from spadeslib.exercises.answers import Choice, Decimal, Halves, Whole, Word


def feedback(chapter: str, number: int, seed: int, answer: object) -> str:
    return str(load(chapter, seed=seed)[number - 1].feedback(answer))


@pytest.mark.parametrize(
    ("seed", "answer"),
    [(1, "the dealer"), (1, "a dealer"), (1, "Dealer."), (8, "sandbag"), (3, "team")],
)
def test_glossary_words_with_articles_and_synonyms(seed: int, answer: str) -> None:
    assert feedback("01", 4, seed, answer) == "Correct."


def test_halves_read_commas_and_fractions() -> None:
    h = Halves("tricks")
    assert [h.parse(x) for x in ("5,5", "11/2", "5 1/2", "2½", "½")] == [
        5.5,
        5.5,
        5.5,
        2.5,
        0.5,
    ]


def test_decimals_read_a_decimal_comma() -> None:
    assert Decimal(3).parse("0,052") == pytest.approx(0.052)
    assert Decimal(1).parse("80,0") == 80.0
    assert Decimal(1, "a number of points").text == "a number of points to 1 decimal"


def test_format_messages_quote_what_was_typed() -> None:
    with pytest.raises(Exception, match=r"^True is not"):
        Choice({"no": ()}).parse(True)
    assert Whole("a trick number").text == "a trick number (a whole number)"
    assert Whole("tricks").text == "a whole number of tricks"
    assert Suits().parse("[]") == frozenset() == Suits().parse("none")


def test_word_reads_the_article_and_full_stop_only() -> None:
    assert Word().parse("The Dealer.") == "dealer"
    assert Word().parse("theory") == "theory"


def test_every_hint_names_only_what_an_exercise_notebook_has() -> None:
    """Code quoted in a hint of chapters 1-8 runs in the exercise notebook,
    which imports Rules and Seat (and the learner may import math)."""
    names = {"Rules": Rules, "Seat": Seat, "math": __import__("math")}
    for chapter in ("01", "02", "03", "04", "05", "06", "07", "08"):
        for seed in (1, 2, 3):
            for q in load(chapter, seed=seed):
                out = io.StringIO()
                with contextlib.redirect_stdout(out):
                    q.hint()
                for code in re.findall(r"`([^`]+)`", out.getvalue()):
                    if not code.isidentifier():
                        eval(code, names)  # raises NameError if it cannot run


def test_feedback_only_cites_what_the_exercise_shows() -> None:
    """3.3: a preset's refusal quotes the scores, and they are the prompt's."""
    cited = 0
    for seed in (1, 2, 3, 4, 5):
        q = load("03", seed=seed)[2]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            q.show()
        shown = re.search(r"Scores before the hand: (NS \d+, EW \d+)\.", out.getvalue())
        assert shown, out.getvalue()
        for preset in ("cards4net", "classic", "yppedia"):
            for scores in re.findall(r"\((NS \d+, EW \d+)\)", str(q.feedback(preset))):
                assert scores == shown.group(1), (seed, preset)
                cited += 1
    assert cited
    assert "even when North wins no trick" not in feedback("06", 6, 1, 130)


def test_an_impossible_trick_count_is_named() -> None:
    for answer in (14, "-7"):
        text = feedback("01", 3, 1, answer)
        assert "cannot be: a hand has 13, so the answer is from 0 to 13" in text
    assert Whole("tricks", most=13).parse(" 13 ") == 13


def test_chapters_10_and_11_read_their_answers_as_written() -> None:
    assert feedback("10", 2, 1, "C").startswith("Incorrect: clubs do not belong")
    assert feedback("11", 4, 1, "trick 1, trick 4") == feedback("11", 4, 1, "1 4")
    text = feedback("10", 1, 1, "____")
    assert "((" not in text and "e.g. 'QH 10H' (or 'none'))" not in text


def test_exercise_notebooks_import_what_their_prompts_use() -> None:
    from pathlib import Path

    setup = Path("exercises/11_play.py").read_text(encoding="utf-8")
    assert "from spadeslib import Game, Rules, Seat" in setup
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        load("11", seed=1)[3].show()
    assert "from spadeslib.coach import Coach" in shown.getvalue()


def test_record_exercise_names_the_first_hand_result() -> None:
    from spadeslib import record

    for seed in range(1, 6):
        q3 = load("11_play", seed=seed)[2]
        results = record.loads(q3.record).results()
        first, total = results[0]["EW"].points, sum(r["EW"].points for r in results)
        if first != total and first != results[-1]["EW"].points:
            message = str(q3.feedback(str(first)))
            assert "hand 1 only" in message and "2 hands" in message, message
            return
    raise AssertionError("no seed tells hand 1 from the total")


# ------------------------------------- a learner's review of chapters 1 to 6
def test_a_seat_refusal_says_the_seats_once() -> None:
    assert feedback("01", 1, 1, "EW") == (
        "Check the format of your answer: 'EW' is not a seat. "
        "Expected a seat: 'N', 'E', 'S' or 'W'."
    )


_QUOTED = re.compile(r"'([^']*)'|\"([^\"]*)\"")


def _options(text: str) -> set[str]:
    return {w for pair in _QUOTED.findall(text) for part in pair for w in part.split()}


@pytest.mark.parametrize("chapter", ["01", "02", "03", "04", "05", "06", "07"])
def test_no_format_message_repeats_what_is_expected(chapter: str) -> None:
    """A check that cannot read an answer says what is wrong, then "Expected"
    and the answer's format: the first part repeats neither the format nor
    any of its options."""
    bad = ["EW", "xyz", "maybe", 3.7, "3.7", "QQ", "ZZ ZZ", "[1,", {"a": 1}, "2½x"]
    for q in load(chapter, seed=1):
        for answer in bad:
            verdict = q.feedback(answer)
            if verdict.status != "unreadable":
                continue
            said, _, expected = verdict.message.partition(". Expected ")
            assert expected, verdict.message
            assert expected.rstrip(".") not in said, verdict.message
            typed = _options(repr(answer))
            assert not (_options(said) - typed) & _options(expected), verdict.message


@pytest.mark.parametrize("answer", ["yes", "y", "true", "Yes", True])
def test_a_yes_to_may_the_leader_lead_a_spade_asks_which_rule(answer: object) -> None:
    """5.1 wants 'no', 'broken' or 'only spades'; a plain yes gets told which
    yes-answer means what, not a format error that lists the options twice."""
    for seed in (1, 2, 3):
        q = load("05", seed=seed)[0]
        text = str(q.feedback(answer))
        assert "is not one of" not in text and "Expected" not in text, text
        assert "'broken' when spades have been broken" in text, text
        assert "'only spades' when" in text and "nothing but spades" in text, text


def test_glossary_exercise_uses_the_words_of_chapter_1() -> None:
    import re
    from pathlib import Path

    from spadeslib.exercises.ch01_welcome import GLOSSARY

    chapter = Path("notebooks/01_welcome.py").read_text(encoding="utf-8")
    table = chapter[chapter.index("GLOSSARY = [") :]
    for _, spanish, portuguese in GLOSSARY:
        for word in (spanish, portuguese):
            assert re.search(rf"\b{word}\b", table), word


def test_answers_written_as_a_learner_says_them() -> None:
    """A second review's list: each was refused, or misread."""
    from spadeslib.exercises.answer_lists import Seats, TrickNumbers
    from spadeslib.exercises.answers import CardAnswer, Side
    from spadeslib.exercises.reading import AnswerError, parse_cards

    assert Whole("a trick number").parse("trick 6") == 6
    assert Whole("points").parse("70 points") == 70
    with pytest.raises(AnswerError, match="a sum written as text"):
        Whole("tricks").parse("3+4")  # was read as 34
    assert Side().parse("East and West") == "EW"
    assert Seats().parse("North and South") == {Seat.NORTH, Seat.SOUTH}
    assert TrickNumbers().parse("tricks 1 and 4") == {1, 4}
    assert str(CardAnswer().parse("the king of hearts")) == "KH"
    assert {str(c) for c in parse_cards("AH JH 4H 2H.")} == {"AH", "JH", "4H", "2H"}
    assert LEAD_CHOICE.parse("Yes, broken.") == "broken"


LEAD_CHOICE = Choice({"no": (), "broken": ("yes broken",)})


@pytest.mark.parametrize("spelling", ["minus {}", "- {}", "Minus {} points", "−{}"])
def test_a_negative_score_is_read_with_its_sign_in_words(spelling: str) -> None:
    from spadeslib.exercises.reading import parse_int

    for seed in range(1, 8):
        q = load("06", seed=seed)[1]  # 6.2: a contract set, a negative score
        key = int(key_text(q))
        assert key < 0
        assert q.feedback(spelling.format(-key)).correct, (seed, spelling)
    assert Whole("points").parse("minus 50") == -50 == parse_int("- 50")
