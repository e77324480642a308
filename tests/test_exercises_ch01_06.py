"""A learner's review of the exercises of chapters 1 to 6, second round.

A list answer left incomplete is counted, not named (2.3, 3.2, 3.3, 3.4);
3.3 asks only what chapter 3 teaches (one situation under the three
presets); "all" reads as every card of the hand where the exercise knows it;
hints are plain words, without code; and the likely slips of 2.2, 2.4 and
2.5 get their own diagnosis.
"""

from __future__ import annotations

import functools
import re

import pytest

from spadeslib import Hand, Rules
from spadeslib.actions import LOOK, Bid
from spadeslib.exercises import CHAPTERS, SetSpec, Spec, exercise_classes
from spadeslib.exercises.answer_lists import Names
from spadeslib.exercises.reading import means_all

SEEDS = range(1, 31)


def _cls(label: str) -> type[Spec]:
    chapter, number = label.split(".")
    return exercise_classes(f"{int(chapter):02d}")[int(number) - 1]


@functools.cache
def specs(label: str) -> tuple[Spec, ...]:
    return tuple(_cls(label)(seed) for seed in SEEDS)


# ------------------------------------------------- counted, not named
@pytest.mark.parametrize(
    ("label", "noun"),
    [("2.3", "void"), ("3.2", "option"), ("3.3", "preset"), ("3.4", "seat")],
)
def test_an_item_left_out_is_counted_not_named(label: str, noun: str) -> None:
    seen = 0
    for spec in specs(label):
        assert isinstance(spec, SetSpec)
        if not spec.expected:
            continue
        ordered = sorted(spec.expected, key=spec._order)
        missing, rest = ordered[0], frozenset(ordered[1:])
        verdict = spec.judge(rest)
        assert verdict.status == "incorrect", (label, spec.seed)
        message = verdict.message
        assert message.startswith(f"you left out 1 {noun}: "), message
        assert spec.item_text(missing) not in message, (label, spec.seed, message)
        # the reason is the kind of thing left out, not "that is not it"
        assert "not it" not in message and len(message) > 40, message
        seen += 1
    assert seen >= 5, label


def test_two_items_left_out_are_counted_together() -> None:
    spec = next(s for s in specs("3.4") if len(s.expected) == 2)
    message = spec.feedback("none").message
    assert message.startswith("you left out 2 seats: ")
    assert "North" not in message and "East" not in message
    assert "both players of a side that trails by at least 100" in message


def test_a_void_left_out_says_what_a_void_looks_like() -> None:
    spec = next(s for s in specs("2.3") if len(s.expected) == 1)
    message = spec.feedback("none").message
    assert "holds no card at all is a void too" in message
    assert "does not appear in" in message


# ------------------------------------------------------ 3.3: chapter 3 only
def test_preset_exercise_asks_only_what_chapter_3_teaches() -> None:
    for spec in specs("3.3"):
        texts = [
            spec.show_text(),
            spec.hint(),
            spec.explain(),
            spec.intro,
            spec.title,
            *(m.message for m in spec.mistakes()),
        ]
        for text in texts:
            for word in ("mirror", "whiz", "suicide", "chapter 8", "modifier"):
                assert word not in text.lower(), (spec.seed, word, text)
        assert "cards4net, classic and yppedia" in spec.prompt()


def _allowed(spec: Spec, preset: str) -> bool:
    """The bid asked about, judged by a hand of ``preset`` built from the
    prompt's situation (dealer, scores, bids so far)."""
    hand = Hand(Rules(preset), spec.dealer, seed=0, scores=spec.scores)
    for bid in spec.before:
        if not bid.is_blind and LOOK in hand.legal_actions():
            hand.apply(LOOK)
        hand.apply(bid)
    bid = Bid.NIL if spec.asked == "nil" else Bid.BLIND_NIL
    if not bid.is_blind and LOOK in hand.legal_actions():
        hand.apply(LOOK)
    return hand.is_legal(bid)


def test_preset_exercise_key_is_the_engines_verdict() -> None:
    keys = set()
    for spec in specs("3.3"):
        expected = {p for p in ("cards4net", "classic", "yppedia") if _allowed(spec, p)}
        assert spec.expected == expected, spec.seed
        keys.add(spec.key_text)
    assert len(keys) >= 4, keys


def test_preset_exercise_diagnoses_a_preset_wrongly_included() -> None:
    spec = next(s for s in specs("3.3") if "cards4net" not in s.expected)
    verdict = spec.feedback(["cards4net", *spec.expected])
    assert verdict.status == "incorrect"
    assert verdict.message.startswith("cards4net does not belong: ")
    assert "under cards4net" in verdict.message


def test_preset_exercise_tells_yppedia_from_classic_by_blind_nils() -> None:
    spec = next(s for s in specs("3.3") if s.key_text == "classic")
    verdict = spec.feedback("classic yppedia")
    assert "only one Blind Nil per team" in verdict.message
    assert spec.feedback("Classic.").correct


def test_preset_names_are_read_in_any_reasonable_way() -> None:
    kind = Names(("cards4net", "classic", "yppedia"), "presets")
    both = frozenset({"classic", "yppedia"})
    for answer in ("classic yppedia", "Yppedia, Classic", "classic and yppedia"):
        assert kind.parse(answer) == both
    assert kind.parse(["classic", "yppedia"]) == both
    for answer in ("all", "All three", "all of them"):
        assert kind.parse(answer) == frozenset(kind.options)
    assert kind.parse("none") == frozenset()


# ------------------------------------------------------------ "all" is read
def test_all_means_every_card_when_every_card_is_legal() -> None:
    for label in ("4.2", "5.4"):
        every = [s for s in specs(label) if s.expected == s.everything()]
        assert every, label
        for spec in every[:5]:
            for answer in ("all", "All of them.", "every card", "  ALL ", ["all"]):
                assert spec.feedback(answer).correct, (label, spec.seed, answer)


def test_all_is_a_wrong_answer_not_a_format_error_where_a_card_is_illegal() -> None:
    spec = specs("4.1")[0]
    assert spec.expected != spec.everything()
    verdict = spec.feedback("all")
    assert verdict.status == "incorrect"
    assert "does not belong" in verdict.message


def test_all_is_not_read_where_the_exercise_has_no_hand() -> None:
    spec = specs("2.3")[0]
    assert spec.feedback("all").status == "unreadable"
    assert means_all("Every card.") and not means_all("AS KS")


# ------------------------------------------------------------ hints in words
_CODE = re.compile(r"`|\b\w+\.\w+\(|\b[a-z]+_[a-z_]+\b|\bRules\b|\bSeat\.")


@pytest.mark.parametrize("chapter", CHAPTERS[:6])
def test_hints_of_chapters_1_to_6_name_no_code(chapter: str) -> None:
    assert chapter[:2] in {"01", "02", "03", "04", "05", "06"}
    for cls in exercise_classes(chapter):
        for seed in (1, 2, 3, 4, 5):
            hint = cls(seed).hint()
            assert not _CODE.search(hint), (cls.__name__, seed, hint)


# ----------------------------------------------------- slips of chapter 2
def test_deal_order_one_seat_too_far() -> None:
    for spec in specs("2.2")[:10]:
        wrong = spec.after(spec.dealer, spec.k + 1)
        verdict = spec.feedback(wrong.letter)
        assert verdict.mistake == "one-too-far", (spec.seed, verdict)
        assert "one seat too far" in verdict.message
        assert f"card {spec.k} is {spec.k} steps from {spec.dealer.full}" in (
            verdict.message
        )


def test_dealer_rotation_one_move_short() -> None:
    for spec in specs("2.5")[:10]:
        wrong = spec.dealer_of(spec.n - 1)
        verdict = spec.feedback(wrong.full)
        assert verdict.mistake == "one-short", (spec.seed, verdict)
        assert f"that is the dealer of hand {spec.n - 1}" in verdict.message
        assert f"moves {spec.n - 1} times, not {spec.n - 2}" in verdict.message


def test_every_wrong_seat_of_2_2_and_2_5_gets_a_diagnosis() -> None:
    from spadeslib import Seat

    for label in ("2.2", "2.5"):
        for spec in specs(label):
            for seat in Seat:
                if seat is not spec.expected:
                    assert spec.feedback(seat).mistake, (label, spec.seed, seat)


def _chance(k: int) -> Spec:
    return next(s for s in specs("2.4") if s.k == k)


def test_chance_summed_from_one_too_low() -> None:
    spec = _chance(5)
    verdict = spec.feedback(round(spec.at_least(4), 3))
    assert verdict.mistake == "from-k-minus-1"
    assert "that is the chance of at least 4" in verdict.message
    assert "start it at j = 5" in verdict.message


@pytest.mark.parametrize("answer", ["0.41", "41%"])
def test_chance_rounded_to_two_decimals_or_a_whole_percent(answer: str) -> None:
    spec = _chance(4)  # 0.4149...: the key is 0.415
    verdict = spec.feedback(answer)
    assert verdict.mistake == "two-decimals", verdict
    assert "rounded to two decimals (a whole percentage)" in verdict.message
    assert spec.feedback("41.5%").correct


def test_chance_cut_off_instead_of_rounded() -> None:
    spec = _chance(6)  # 0.05164...: the key is 0.052
    verdict = spec.feedback("0.051")
    assert verdict.mistake == "truncated"
    assert "round it instead" in verdict.message
    assert spec.feedback(0.052).correct


# --------------------------------------------- lessons and checks agree (review)
def test_nil_options_asks_about_the_turn_when_the_cards_are_unseen() -> None:
    """3.2 asked what West "may make now" before the look, when the engine
    offers only Blind Nil and the look: the question now says 0 and Nil come
    after looking, as the key counts them."""
    hidden = [s for s in specs("3.2") if s.hand.hidden[s.seat]]
    assert hidden
    for spec in hidden:
        prompt = spec.prompt()
        assert "in this turn, either now or after looking at the cards?" in prompt
        assert "Nil (bid after looking) and Blind Nil (bid before looking)" in prompt
        assert "make now?" not in prompt
        assert "first choice is Blind Nil or a look" in spec.explain()


def test_nil_options_gives_a_reason_for_each_option_left_out() -> None:
    seen = 0
    for spec in specs("3.2"):
        if len(spec.expected) < 2:
            continue
        message = spec.judge(frozenset()).message
        reasons = message.split(": ", 1)[1].rstrip(".").split("; ")
        assert len(reasons) == len(spec.expected), message
        if "0" in spec.expected:
            assert "0 is an ordinary numeric bid under " in message
        if "blind nil" in spec.expected:
            assert "before looking at the cards" in message
        for item in spec.expected:
            assert spec.item_text(item) not in message
        seen += 1
    assert seen >= 3


def test_scoring_fallback_says_the_bags_carried_in_do_not_matter_only_when_true() -> (
    None
):
    from spadeslib.exercises.ch06_scoring import ScoringExercise
    from spadeslib.scoring import score_hand

    for cls in exercise_classes("06"):
        assert issubclass(cls, ScoringExercise)
        for seed in range(1, 51):
            spec = cls(seed)
            text = spec.fallback(12345)
            side = {"NS": "North-South", "EW": "East-West"}[spec.side]
            assert f"here {side}'s bags do not reach the limit" in text
            # the prompt says so of the side asked about only: the other side
            # may cross the limit (6.2, seed 1: East-West go from 9 bags to 14)
            assert f"does not change {side}'s points here" in spec.prompt()
            s = spec.score()
            assert s.penalties == 0, (cls.__name__, seed)
            assert s.bags_before + s.bags_gained < spec.rules.bag_limit
            zero = score_hand(spec.rules, spec.bids, spec.tricks, {"NS": 0, "EW": 0})
            assert zero[spec.side].points == s.points, (cls.__name__, seed)


@pytest.mark.parametrize(
    ("label", "seed", "answer", "said"),
    [
        ("6.2", 1, -30, "a set costs 10 for every trick bid: the contract of 5"),
        ("6.2", 2, -60, "10 for each of the 6 tricks won"),
        ("6.4", 7, -143, "under classic each is a bag, worth +1 point now"),
        ("6.6", 7, 40, "you left out the overtricks"),
        ("6.6", 7, 60, "you scored 10 for every trick won"),
    ],
)
def test_scoring_names_the_beginners_mistakes(
    label: str, seed: int, answer: int, said: str
) -> None:
    """A set taken off per trick won, a failed classic Nil's bags taken off,
    a 0 bidder's overtricks or every trick at 10: each named, not answered
    with the generic "work in steps"."""
    from spadeslib.exercises import load

    chapter = load("06_scoring", seed=seed)
    q = next(q for q in chapter if q.label == label)
    feedback = q.feedback(answer)
    assert not feedback.correct and said in str(feedback), str(feedback)
    assert "Work in steps" not in str(feedback)


def test_failed_nil_under_classic_intro_says_what_the_library_computes() -> None:
    spec = specs("6.4")[0]
    assert "toward the partner's contract" in spec.intro
    assert "1 point and 1 bag" in spec.intro
    assert "they do not" not in spec.intro
    for spec in specs("6.4"):
        s = spec.score()
        nil_won = spec.tricks[spec.nil_seat]
        assert s.nil_trick_bags == nil_won  # each trick a bag...
        assert s.counted_tricks == spec.tricks[spec.partner]  # ...not the contract's


@pytest.mark.parametrize(
    "answer",
    [
        "nothing but spades",
        "spades only",
        "only spades",
        "holds only spades",
        "yes, only spades",
        "exception",
        "Yes, nothing but spades.",
    ],
)
def test_only_spades_is_read_in_the_lessons_words(answer: str) -> None:
    spec = next(s for s in specs("5.1") if s.expected == "only spades")
    assert spec.feedback(answer).correct, answer
    broken = next(s for s in specs("5.1") if s.expected == "broken")
    assert broken.feedback("yes, broken").correct
    assert broken.feedback(answer).mistake == "holds-others"


def test_all_leads_says_no_spade_may_be_led() -> None:
    for spec in specs("5.2"):
        for answer in ("all", "All of them."):
            verdict = spec.feedback(answer)
            assert verdict.status == "incorrect"
            assert verdict.message.startswith(
                "no spade may be led: spades are not broken"
            ), verdict.message
            assert "does not belong" not in verdict.message
    spec = next(s for s in specs("5.2") if len(s.everything() - s.expected) > 1)
    verdict = spec.feedback(list(spec.everything()))
    assert "no spade may be led" in verdict.message


# ------------------------------------------------ answers with more words
@pytest.mark.parametrize(
    "answer", ["Classic only", "only classic", "just classic", "classic, only"]
)
def test_preset_list_reads_past_filler_words(answer: str) -> None:
    spec = next(s for s in specs("3.3") if s.key_text == "classic")
    assert spec.feedback(answer).correct, answer
    other = next(s for s in specs("3.3") if s.key_text != "classic")
    assert other.feedback(answer).status == "incorrect"
    assert spec.feedback("only").status == "unreadable"


def test_blind_nil_at_exactly_the_margin_says_at_least_includes_it() -> None:
    spec = specs("3.4")[1]  # seed 2: NS 130, EW 230 under classic
    assert spec.hand.scores == {"NS": 130, "EW": 230}
    message = spec.feedback("none").message
    assert "the side behind trails by exactly 100" in message, message
    assert "North" not in message  # a seat left out is not named
    assert "'at least 100' includes 100" in message
    wider = next(
        s for s in specs("3.4") if s.expected and s.gap_text() != "NS 130, EW 230"
    )
    assert "exactly" not in wider.feedback("none").message


@pytest.mark.parametrize("answer", ["no, not broken", "No. Not broken.", "no - cannot"])
def test_a_no_answer_may_go_on_with_words(answer: str) -> None:
    spec = next(s for s in specs("5.1") if s.expected == "no")
    assert spec.feedback(answer).correct, answer
    broken = next(s for s in specs("5.1") if s.expected == "broken")
    assert broken.feedback(answer).mistake == "broken"
    verdict = spec.feedback("no, only spades")
    assert verdict.status == "unreadable"
    assert "both 'no' and 'only spades'" in verdict.message, verdict
