"""Wrong answers a learner gives, and what the checks of chapters 1, 2, 4
and 11 say to them: 11.4 names the search coach's answer under another seed
as such; 11.1 and 11.3 refuse ``game.scores`` itself and 11.1 names the game
of the wrong seed; 1.4 says what 'deal' means; 4.1 reads a suit as its cards;
4.3 names a discard; 2.4 names the complement; chapter 1's messages end with
a full stop."""

from __future__ import annotations

import functools

import pytest

from spadeslib.exercises import Spec, exercise_classes
from spadeslib.exercises.advice import LEVEL, SEED
from spadeslib.exercises.ch11_check_my_play import DEMO_SEED

PlayWithBots, Trumping, ReadRecord, CheckMyPlay = exercise_classes("11")
Partner, FirstBidder, SideTricks, Glossary = exercise_classes("01")
CountSpades, _, _, AtLeastSpades, _ = exercise_classes("02")
FollowSuit, _, TrickWinner, *_ = exercise_classes("04")


@functools.cache
def build(cls: type[Spec], seed: int) -> Spec:
    return cls(seed)


# ------------------------------------------------------------------ 11.4
def test_check_my_play_names_the_search_coach_with_another_seed() -> None:
    """11.4's key holds under the seeds a learner is likely to use (0, 1,
    chapter 11's ``demo.seed``): the deal is chosen so. Where another seed
    still gives another answer, it is named as such."""
    q = build(CheckMyPlay, 1)
    assert q.flagged(DEMO_SEED) == q.expected  # chapter 11's Coach(..., seed=11)
    answer = frozenset({1, 2, 3, 4}) - q.expected
    q.other_coaches()
    q._cache["others"] = [("other-seed", answer)]  # as another seed would say
    verdict = q.feedback(" ".join(map(str, sorted(answer))))
    assert verdict.mistake == "other-seed", str(verdict)
    assert "another seed" in verdict.message
    assert f'Coach("{LEVEL}", seed="{SEED}")' in verdict.message


# ------------------------------------------------------------ 11.1, 11.3
def test_scores_dict_is_refused_with_one_side_named() -> None:
    q1 = build(PlayWithBots, 1)
    verdict = q1.feedback({"NS": 123, "EW": 101})
    assert verdict.status == "unreadable"
    assert "game.scores['NS']" in verdict.message and "not a number" not in str(verdict)
    q3 = build(ReadRecord, 1)
    verdict = q3.feedback(q3.game().scores)
    assert "table.game.scores['EW']" in verdict.message


def test_play_with_bots_names_the_game_of_the_exercise_seed() -> None:
    q = build(PlayWithBots, 1)
    wrong = q.play(q.seed).scores["NS"]  # Game("cards4net", seed=SEED)
    assert wrong != q.expected
    verdict = q.feedback(wrong)
    assert verdict.mistake == "exercise-seed", str(verdict)
    assert "q1.game_seed" in verdict.message


# ------------------------------------------------------------------- 1.x
def test_glossary_says_what_deal_means() -> None:
    for seed in range(1, 200):
        q = build(Glossary, seed)
        if q.word == "carteador":
            break
    else:  # pragma: no cover
        pytest.fail("no seed asks for 'carteador'")
    text = q.feedback("deal").message
    assert "'reparto'" in text and "'distribuição'" in text and "'mano'" in text
    assert "'hand' (or 'deal')" not in text
    for seed in range(1, 200):
        q = build(Glossary, seed)
        if q.expected == "hand":
            assert q.feedback("deal").correct
            break


def test_glossary_near_misses_point_to_the_term() -> None:
    """'bet' for 'apostas' (seed 7) and 'partners' for 'dupla' (seed 12) got
    only "that is not it" and a word about a single partner."""
    bet = build(Glossary, 7)
    assert bet.word == "apostas"
    verdict = bet.feedback("bet")
    assert verdict.status == "incorrect" and verdict.mistake == "near:bet"
    assert "in Spades a bet is called a bid" in verdict.message
    pair = build(Glossary, 12)
    assert pair.word == "dupla"
    for answer in ("partners", "partner"):
        verdict = pair.feedback(answer)
        assert verdict.mistake == "near:partner", verdict
        assert "'partnership'" in verdict.message and "pair" in verdict.message


@pytest.mark.parametrize("cls", [Partner, FirstBidder, SideTricks, Glossary])
def test_chapter_1_mistakes_end_with_a_full_stop(cls: type[Spec]) -> None:
    for seed in (1, 2, 3):
        for mistake in build(cls, seed).mistakes():
            assert mistake.message.endswith("."), mistake.message


def test_side_tricks_solution_uses_what_the_exercise_shows() -> None:
    text = build(SideTricks, 1).solution_text()
    assert "tricks_by_seat" not in text and "won by" in text


# ------------------------------------------------------------------- 2.x
def test_count_spades_solution_lists_them_as_the_deal_prints() -> None:
    q = build(CountSpades, 1)
    spades = sorted(c for c in q.hand.holding[q.seat] if c.suit.name == "SPADES")
    listed = " ".join(c.symbol for c in reversed(spades))
    assert listed in q.solution_text()


def test_at_least_spades_names_the_complement() -> None:
    q = build(AtLeastSpades, 1)
    verdict = q.feedback(round(1 - q.expected, 3))
    assert verdict.mistake == "complement", str(verdict)
    assert f"fewer than {q.k}" in verdict.message


# ------------------------------------------------------------------- 4.x
@pytest.mark.parametrize(
    "words", ["{p}", "all {p}", "any {s}", "All the {p}.", "every {s}"]
)
def test_follow_suit_reads_a_suit_as_its_cards(words: str) -> None:
    q = build(FollowSuit, 1)
    led = q.led
    verdict = q.feedback(words.format(p=led.plural, s=led.singular))
    assert verdict.correct, str(verdict)
    other = next(s for s in type(led) if s is not led and s.plural != "spades")
    verdict = q.feedback(f"all {other.plural}")
    assert not verdict.correct and "is not a card" not in verdict.message


def test_trick_winner_names_a_discard() -> None:
    seen = 0
    for seed in range(1, 60):
        q = build(TrickWinner, seed)
        led = q.plays[0][1].suit
        top = max(q.plays, key=lambda p: (p[1].rank, p[1].suit is led))[0]
        for seat, card in q.plays:
            if card.suit not in (led, type(led).SPADES) and seat != top:
                verdict = q.feedback(seat.letter)
                assert verdict.mistake == "discard", str(verdict)
                assert "a discard never wins" in verdict.message
                seen += 1
    assert seen
