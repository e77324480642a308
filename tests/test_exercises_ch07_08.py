"""A learner's review of the exercises of chapters 7 and 8.

7.3 accepted an answer that left the bag penalty out and gave the whole answer
on the first wrong try; 8.1 had no diagnosis for its two likely mistakes, a
hint about three presets when one is asked, and a solution that did not say
which tricks count; 8.4 scored "0 taken as a number" under the two-player
rules themselves (where 0 is Nil), so that answer always equalled the key and
its diagnosis never fired; 8.5 diagnosed a card deciding the first lead and
showed a code name.
"""

from __future__ import annotations

import dataclasses
import functools

import pytest

from spadeslib import Bid, Rules, Seat
from spadeslib.exercises import load, spec_of
from spadeslib.exercises.answers import NOBODY
from spadeslib.exercises.ch07_winning import PenaltyBeforeWin
from spadeslib.exercises.ch08_variants import (
    JokerFirstLead,
    SameHandPresets,
    TwoPlayer,
)
from spadeslib.scoring import game_over, score_hand

SEEDS = range(1, 151)


@functools.cache
def penalty_before_win(seed: int) -> PenaltyBeforeWin:
    return PenaltyBeforeWin(seed)


@functools.cache
def same_hand(seed: int) -> SameHandPresets:
    return SameHandPresets(seed)


# ------------------------------------------------------------------ 7.3
def _winner_without_penalty(q: PenaltyBeforeWin) -> str:
    result = q.result()
    scores = {
        s: q.scores[s] + result[s].points + result[s].penalty_points
        for s in ("NS", "EW")
    }
    return game_over(q.rules, scores)[1] or NOBODY


def test_penalty_before_win_the_penalty_changes_the_winner() -> None:
    """Seed 1 was NS 499 with 7 bags, bid 10, won 13: 502 with the penalty,
    602 without, NS won either way and forgetting the penalty was 'Correct'."""
    for seed in SEEDS:
        q = penalty_before_win(seed)
        assert q.result()[q.side].penalties, seed
        wrong = _winner_without_penalty(q)
        assert wrong != q.expected, (seed, q.key_text)
        verdict = q.feedback(wrong)
        assert verdict.status == "incorrect" and verdict.mistake == "no-penalty"
        assert verdict.message.startswith("you forgot the bag penalty: ")


def test_penalty_before_win_keys_vary() -> None:
    keys = {penalty_before_win(seed).key_text for seed in SEEDS}
    assert keys == {"NS", "EW", NOBODY}


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
def test_penalty_before_win_first_miss_keeps_the_answer(seed: int) -> None:
    """'none' on seed 1 got '... North-South still end on 502 ... they win'."""
    q = penalty_before_win(seed)
    after = q.new_scores()
    unpenalised = q.new_scores(penalty=False)
    totals = {str(v) for v in (*after.values(), *unpenalised.values())}
    for answer in ("NS", "EW", "none"):
        verdict = q.feedback(answer)
        if verdict.correct:
            continue
        assert verdict.mistake is not None, (seed, answer)
        assert not any(total in verdict.message for total in totals), verdict
        assert " win" not in verdict.message, verdict
    solution = q.solution_text()
    assert all(str(after[s]) in solution for s in after)


# ------------------------------------------------------------------ 8.1
def test_same_hand_presets_seed_1_likely_mistakes() -> None:
    q = spec_of(load("08_variants", seed=1)[0])
    assert q.preset == "cards4net" and q.key_text == "-60"
    dropped = q.feedback(-140)
    assert dropped.mistake == "nil-tricks-dropped"
    assert "East's 2 tricks" in dropped.message and "cards4net" in dropped.message
    no_nil = q.feedback(40)
    assert no_nil.mistake == "no-nil" and "East's Nil" in no_nil.message
    for verdict in (dropped, no_nil):
        assert "that is not it" not in verdict.message
        assert "-60" not in verdict.message
    assert "East's 2 tricks as nil bidder included under cards4net" in (q.explain())


def test_same_hand_presets_mistakes_come_from_the_library() -> None:
    for seed in SEEDS:
        q = same_hand(seed)
        s = q.score()
        wrong = {m.id: m.answer for m in q.mistakes()}
        assert wrong["no-nil"] == s.points - s.nil_points
        if q.rules.nil_tricks == "team":
            ignored = dataclasses.replace(q.rules, nil_tricks="ignored")
            assert wrong["nil-tricks-dropped"] == q.score(ignored).points
        else:
            team = dataclasses.replace(q.rules, nil_tricks="team")
            assert wrong["nil-tricks-counted"] == q.score(team).points
        for mistake in ("no-nil", "nil-tricks-dropped", "nil-tricks-counted"):
            if mistake in wrong and wrong[mistake] != q.expected:
                assert q.feedback(wrong[mistake]).status == "incorrect"


def test_same_hand_presets_hint_is_about_the_preset_asked() -> None:
    for seed in range(1, 31):
        q = same_hand(seed)
        hint = q.hint()
        assert q.preset in hint, seed
        others = {"cards4net", "classic", "yppedia"} - {q.preset}
        assert not any(other in hint for other in others), (seed, hint)
        assert "these presets" not in hint


def test_same_hand_presets_solution_says_which_tricks_count() -> None:
    seen = set()
    for seed in SEEDS:
        q = same_hand(seed)
        line = q.explain().split("\n")[0]
        nil = q.nil_seat
        won = q.tricks[nil]
        trick = "1 trick" if won == 1 else f"{won} tricks"
        if Rules(q.preset).nil_tricks == "team":
            assert f"{nil.full}'s {trick} as nil bidder included under" in line
        else:
            verb = "does" if won == 1 else "do"
            assert f"{nil.full}'s {trick} as nil bidder {verb} not count" in line
        seen.add((q.preset, won))
    assert {("yppedia", 1), ("classic", 2)} <= seen


def test_same_hand_presets_seed_2_grammar() -> None:
    """Seed 2 said "North's 1 as nil bidder do not count"."""
    q = same_hand(2)
    assert "North's 1 trick as nil bidder does not count under yppedia" in (q.explain())
    assert "1 as nil bidder do not" not in q.solution_text()


# ------------------------------------------------------------------ 8.4
def test_two_player_seed_1_zero_and_made_are_diagnosed() -> None:
    """Seed 1: South bid 0 and won 2 (key -100); 0 and 100 got only the
    generic "that is not it"."""
    q = spec_of(load("08_variants", seed=1)[3])
    assert isinstance(q, TwoPlayer)
    assert q.side == "S" and q.bids[Seat.SOUTH].is_nil and q.tricks[Seat.SOUTH] == 2
    assert q.key_text == "-100"
    zero = q.feedback(0)
    assert zero.mistake == "zero-as-number"
    assert "a contract of 0" in zero.message and "a bid of 0 is Nil" in zero.message
    made = q.feedback("100")
    assert made.mistake == "nil-as-made"
    assert "South won 2 tricks" in made.message and "costs 100" in made.message
    for verdict in (zero, made):
        assert verdict.status == "incorrect"
        assert "that is not it" not in verdict.message


def test_two_player_nil_mistakes_come_from_the_library() -> None:
    """The numeric 0 is scored as chapter 6 teaches it (a contract of 0, with
    the two-player rules given a numeric zero); "made" is the Nil's value."""
    seen = set()
    for seed in SEEDS:
        q = TwoPlayer(seed)
        me = Seat.parse(q.side)
        wrong = {m.id: m.answer for m in q.mistakes()}
        if not q.bids[me].is_nil:
            assert "zero-as-number" not in wrong and "nil-as-made" not in wrong
            continue
        numeric = dict(q.bids)
        numeric[me] = Bid(0)
        rules = dataclasses.replace(q.rules, numeric_zero=True)
        assert (
            wrong["zero-as-number"]
            == score_hand(rules, numeric, q.tricks, {})[q.side].points
        )
        assert wrong["zero-as-number"] == 0 != q.expected
        s = q.score()
        assert wrong["nil-as-made"] == s.points - s.nil_points + q.rules.nil_value
        failed = q.tricks[me] > 0
        assert q.expected == (-100 if failed else 100)
        for mistake in ("zero-as-number", "nil-as-made"):
            if wrong[mistake] != q.expected:
                assert q.feedback(wrong[mistake]).mistake == mistake, (seed, mistake)
        seen.add(failed)
    assert seen == {True, False}


# ------------------------------------------------------------------ 8.5
def test_joker_first_lead_feedback_says_the_dealer_leads_in_words() -> None:
    for seed in range(1, 21):
        q = JokerFirstLead(seed)
        dealer = q.hand.dealer
        for seat in (dealer.left, dealer.partner, dealer.right):
            verdict = q.feedback(seat.letter)
            assert verdict.status == "incorrect" and verdict.mistake, seat
            text = verdict.message
            assert "the dealer leads the first trick" in text
            assert seat.full in text
            for banned in ("`", "dealer_leads", "2♣", "Big Joker", "card"):
                assert banned not in text, (seed, seat, text)
        assert "`" not in q.explain()
        assert q.feedback(dealer.letter).correct


# ------------------------------------------ lessons and checks agree (review)
@pytest.mark.parametrize(
    "answer",
    ["nobody yet", "No one yet.", "nobody", "no winner", "play on", "another hand"],
)
def test_no_winner_is_read_in_chapter_7s_words(answer: str) -> None:
    for number in (3, 4, 5):
        keys = [load("07", seed=seed)[number - 1] for seed in range(1, 40)]
        nobody = next(q for q in keys if spec_of(q).expected == NOBODY)
        assert nobody.feedback(answer).correct, (number, answer)
        winner = next(q for q in keys if spec_of(q).expected != NOBODY)
        assert winner.feedback(answer).status == "incorrect"


def test_a_side_is_read_with_wins_after_it() -> None:
    for number in (3, 4, 5):
        q = next(
            q
            for seed in range(1, 40)
            if spec_of(q := load("07", seed=seed)[number - 1]).expected == "NS"
        )
        for answer in ("NS wins", "North-South wins", "north-south win"):
            assert q.feedback(answer).correct, (number, answer)
        assert q.feedback("EW wins").status == "incorrect"


def test_none_asks_for_the_word_in_quotes() -> None:
    for number in (3, 4, 5):
        verdict = load("07", seed=1)[number - 1].feedback(None)
        assert verdict.status == "unreadable"
        assert 'write the answer in quotes, such as "nobody yet"' in verdict.message


def test_house_rules_exercise_always_has_house_rules() -> None:
    for seed in range(1, 101):
        spec = spec_of(load("07", seed=seed)[1])
        rules = spec.rules
        assert (rules.bag_limit, rules.bag_penalty) != (10, 100), seed
        assert "house rules" in spec.prompt(), seed


def test_house_limit_with_the_standard_penalty_is_diagnosed() -> None:
    seen = 0
    for seed in range(1, 41):
        q = load("07", seed=seed)[1]
        spec = spec_of(q)
        if spec.rules.bag_penalty == 100:
            continue
        rules = Rules(
            spec.rules.preset, bag_limit=spec.rules.bag_limit, bag_penalty=100
        )
        wrong = spec.result(rules)[spec.side].points
        assert wrong != spec.expected
        verdict = q.feedback(wrong)
        assert verdict.mistake in ("standard-penalty", "standard-bags"), seed
        if spec.rules.bag_limit != 10:
            assert verdict.mistake == "standard-penalty"
            assert "but the standard penalty of 100" in verdict.message
        seen += 1
    assert seen >= 5


@pytest.mark.parametrize("number", [3, 6])
def test_made_scored_as_set_and_set_as_made_are_diagnosed(number: int) -> None:
    made = set_ = 0
    for seed in range(1, 41):
        q = load("08", seed=seed)[number - 1]
        s = spec_of(q).score()
        verdict = q.feedback(-s.contract_points)
        assert verdict.status == "incorrect"
        if s.made:
            # Blind Seven: -140 is also a contract of 7 + 7 = 14, never made
            fourteen = number == 3 and not s.overtricks
            assert verdict.mistake == ("contract-14" if fourteen else "set-when-made")
            assert "is made" in verdict.message
            made += 1
        else:
            assert verdict.mistake == "made-when-set", seed
            assert "is set" in verdict.message
            set_ += 1
    assert made and set_


def test_chapter_7_hands_leave_each_side_at_least_two_tricks() -> None:
    """A side taking all 13 tricks (7.3 seeds 3 and 4 did) reads like a misprint."""
    for seed in range(1, 41):
        for q in load("07_bags_and_winning", seed=seed):
            spec = spec_of(q)
            hands = getattr(spec, "hands", None) or [(spec.bids, spec.tricks)]
            for _, tricks in hands:
                ns = tricks[Seat.NORTH] + tricks[Seat.SOUTH]
                assert 2 <= ns <= 11, (spec.label, seed, tricks)


# --------------------------------------------- 7.1, 7.4: answers in words
@pytest.mark.parametrize("answer", ["both", "Both sides.", "NS and EW", "EW & NS"])
def test_both_sides_is_read_and_told_only_one_side_wins(answer: str) -> None:
    """'both' (both sides over the target, 7.4's misconception) was 'not a side'."""
    for seed in (1, 2):  # seed 1: East-West win; seed 2: a tie at 530
        q = spec_of(load("07", seed=seed)[3])
        verdict = q.feedback(answer)
        assert verdict.status == "incorrect" and verdict.mistake == "both", verdict
        assert "you named both sides, but only one side" in verdict.message
        after = q.new_scores()
        if q.expected == NOBODY:
            assert f"{after['NS']}" in verdict.message, verdict
        else:  # the totals would give the answer away
            assert not any(str(v) in verdict.message for v in after.values())
            assert f"reach the target of {q.rules.target}" in verdict.message, verdict
    for number in (3, 5):
        verdict = load("07", seed=1)[number - 1].feedback(answer)
        assert verdict.mistake == "both", verdict


@pytest.mark.parametrize("answer", ["none", "None.", "no bags", "zero", "Zero bags"])
def test_no_bags_reads_as_zero(answer: str) -> None:
    q = load("07", seed=7)[0]
    assert spec_of(q).expected == 0
    assert q.feedback(answer).correct, answer
    assert load("07", seed=1)[0].feedback(answer).mistake == "reset"
    # points are no count: "none" is still no number of points
    assert load("07", seed=1)[1].feedback(answer).status == "unreadable"
