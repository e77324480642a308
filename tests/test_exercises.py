"""Tests of the self-checking exercises (spadeslib.exercises).

For every exercise of every chapter: the right answer (and the answer key's
text) passes, every typical wrong answer the library computes fails with its
own diagnosis, a placeholder is "not attempted", junk never raises; seeded
variants are reproducible and differ; the committed solution and exercise
notebooks are what the template renders from the declarations. The teacher
command (class sets, answer keys, refusals) is tested in
``test_exercises_teacher.py``.
The 100-seed checks (spread of keys, spellings, named mistakes, one method per
taught quantity) are in ``test_exercises_seeds.py``.
"""

from __future__ import annotations

import functools
import json
import random
import re
from pathlib import Path

import nbformat
import pytest

from spadeslib import Card, Hand, Rules, Seat, score_hand
from spadeslib import analysis as dd
from spadeslib.exercises import (
    CHAPTERS,
    DEFAULT_SEED,
    Exercise,
    Feedback,
    Placeholder,
    Spec,
    ____,
    exercise_classes,
    key_text,
    load,
    student_seed,
)
from spadeslib.exercises.class_sets import key_markdown, student_notebook, write_class
from spadeslib.exercises.notebooks import check_built, to_exercise, to_exercise_source
from spadeslib.exercises.scenarios import position

ROOT = Path(__file__).resolve().parents[1]
CLASSES = [cls for name in CHAPTERS for cls in exercise_classes(name)]
SEEDS = (DEFAULT_SEED, 2, 3)


def _id(cls: type[Spec]) -> str:
    return f"{cls.chapter[:2]}.{cls.number}-{cls.__name__}"


@functools.cache
def build(cls: type[Spec], seed: int) -> Spec:
    """Exercises are deterministic: build each (class, seed) once per session."""
    return cls(seed)


# ------------------------------------------------------------------ chapters
def test_every_chapter_has_three_to_eight_exercises() -> None:
    for name in CHAPTERS:
        classes = exercise_classes(name)
        assert 3 <= len(classes) <= 8, name
        assert [c.number for c in classes] == list(range(1, len(classes) + 1))
        assert all(c.chapter == name for c in classes)


def test_load_unpacks_and_names_exercises() -> None:
    chapter = load("06", seed=DEFAULT_SEED)
    q1, *_ = chapter
    assert chapter.name == "06_scoring" and len(chapter) == 6
    assert chapter.q1 is q1 and chapter[0] is q1 and q1.label == "6.1"
    with pytest.raises(AttributeError):
        _ = chapter.q9


# --------------------------------------------------------------------- checks
@pytest.mark.parametrize("cls", CLASSES, ids=_id)
@pytest.mark.parametrize("seed", SEEDS)
def test_right_answer_and_key_pass(cls: type[Spec], seed: int) -> None:
    q = build(cls, seed)
    verdict = q.feedback(q.expected)
    assert verdict.correct, verdict
    assert q.feedback(q.key_text).correct, f"key {q.key_text!r} fails its check"
    assert str(verdict).startswith("Correct")


@pytest.mark.parametrize("cls", CLASSES, ids=_id)
@pytest.mark.parametrize("seed", SEEDS)
def test_typical_mistakes_get_their_diagnosis(cls: type[Spec], seed: int) -> None:
    q = build(cls, seed)
    wrong = [m for m in q.mistakes() if not q.feedback(m.answer).correct]
    assert wrong, f"{q.label} seed {seed}: no typical wrong answer is diagnosed"
    exact = [m for m in wrong if q.feedback(m.answer).message == m.message]
    assert exact, f"{q.label} seed {seed}: no mistake gets its own message"
    for mistake in wrong:
        verdict = q.feedback(mistake.answer)
        assert verdict.status == "incorrect"
        first = next(
            m
            for m in q.mistakes()
            if q.same(m.answer, mistake.answer) and not q.same(m.answer, q.expected)
        )
        # set answers and puzzles are diagnosed item by item / card by card;
        # the message then starts with the same specific reason
        if verdict.mistake == first.id:
            assert verdict.message == first.message or verdict.message.startswith(
                first.message.rstrip(".")
            )
        assert verdict.message and "wrong" not in verdict.message.lower().split()


@pytest.mark.parametrize("cls", CLASSES, ids=_id)
def test_placeholder_is_not_attempted(
    cls: type[Spec], capsys: pytest.CaptureFixture[str]
) -> None:
    spec = build(cls, DEFAULT_SEED)
    q = Exercise(spec)
    assert q.feedback(____).status == "not attempted"
    assert q.feedback().status == "not attempted"
    q.check(____)
    q.hint()
    q.solution()
    q.show()
    out = capsys.readouterr().out
    assert out.startswith("Not attempted: replace ____ with your answer")
    assert "Hint: " in out and f"Solution: {spec.key_text}" in out
    assert q.title in out


@pytest.mark.parametrize("cls", CLASSES, ids=_id)
def test_junk_answers_never_raise(cls: type[Spec]) -> None:
    q = build(cls, DEFAULT_SEED)
    for junk in (
        None,
        "zzz",
        -1,
        [],
        {"a": 1},
        3.7,
        "[1, 2",
        True,
        Seat.NORTH,
        object(),
    ):
        verdict = q.feedback(junk)
        assert isinstance(verdict, Feedback)
        assert verdict.correct or verdict.status in ("incorrect", "unreadable")
        assert verdict.correct or verdict.message


def test_placeholder_is_a_singleton() -> None:
    assert Placeholder() is ____ and repr(____) == "____" and not ____


# ----------------------------------------------------- the brief's diagnoses
def test_nil_tricks_counted_towards_contract_under_classic() -> None:
    q = build(exercise_classes("06")[3], DEFAULT_SEED)
    mistake = next(m for m in q.mistakes() if m.id == "nil-tricks-team")
    verdict = q.feedback(mistake.answer)
    assert verdict.mistake == "nil-tricks-team"
    assert "you counted the nil bidder's tricks" in verdict.message
    assert "under classic they do not count" in verdict.message


def test_forgotten_bag_penalty_is_named() -> None:
    q = build(exercise_classes("07")[1], DEFAULT_SEED)
    s = q.result()[q.side]
    verdict = q.feedback(s.points + s.penalty_points)
    assert verdict.mistake == "no-penalty"
    total = s.bags_before + s.bags_gained
    verb = "reaches" if total == q.rules.bag_limit else "passes"
    assert (
        f"you forgot the bag penalty: {s.bags_before} + {s.bags_gained} = {total} "
        f"{verb} the limit of {q.rules.bag_limit}"
    ) in verdict.message


def test_spade_lead_before_breaking_is_explained() -> None:
    q = build(exercise_classes("05")[1], DEFAULT_SEED)
    spade = next(c for c in q.hand.holding[q.leader] if c.suit.name == "SPADES")
    verdict = q.feedback(" ".join(str(c) for c in q.expected | {spade}))
    assert verdict.status == "incorrect"
    assert verdict.message.startswith(f"{spade.symbol} does not belong: ")
    assert "spades are not broken" in verdict.message


def test_scoring_under_another_preset_is_recognised() -> None:
    q = build(exercise_classes("08")[0], DEFAULT_SEED)
    others = [p for p in ("cards4net", "classic", "yppedia") if p != q.preset]
    for other in others:
        verdict = q.feedback(q.score(Rules(other)).points)
        assert verdict.message.startswith(f"that is the score under {other}")


def test_follow_suit_message_comes_from_the_engine() -> None:
    q = build(exercise_classes("04")[0], DEFAULT_SEED)
    off = next(c for c in q.hand.holding[q.mover] if c not in q.expected)
    verdict = q.feedback(" ".join(str(c) for c in q.expected | {off}))
    assert q.hand.why_illegal(off) in verdict.message
    assert "must follow" in verdict.message


def test_wrong_answers_do_not_reveal_the_answer() -> None:
    q = build(exercise_classes("06")[0], DEFAULT_SEED)
    for answer in (q.expected + 1, q.expected - 7, 0):
        assert str(q.expected) not in q.feedback(answer).message.split()


# ------------------------------------------------------------------- seeds
@pytest.mark.parametrize("cls", CLASSES, ids=_id)
def test_same_seed_same_exercise(cls: type[Spec]) -> None:
    a, b = build(cls, DEFAULT_SEED), cls(DEFAULT_SEED)
    assert a.prompt() == b.prompt() and a.key_text == b.key_text


@pytest.mark.parametrize("cls", CLASSES, ids=_id)
def test_different_seeds_different_exercises(cls: type[Spec]) -> None:
    questions = {build(cls, seed).prompt() for seed in (*SEEDS, 4, 5, 6)}
    assert len(questions) >= 2


def test_numeric_exercises_vary_widely() -> None:
    q = exercise_classes("06")[0]
    assert len({q(seed).prompt() for seed in range(20)}) == 20


@pytest.mark.parametrize("student", ["alice", "bob", "chen"])
def test_student_keys_pass_their_checks(student: str) -> None:
    seed = student_seed(2026, student)
    for cls in CLASSES:
        q = build(cls, seed)
        assert q.feedback(q.key_text).correct, (student, q.label, q.key_text)


# ------------------------------------------------------ the puzzle solver
def _brute(hand: Hand) -> dict[Card, int]:
    """Card values without the equivalence shortcut (every card tried)."""
    return dd.card_values(hand, solver=dd.Solver(hand, grouping=False))


def test_solver_shortcuts_agree_with_brute_force() -> None:
    rng = random.Random(7)
    for i in range(12):
        preset = ("cards4net", "classic", "yppedia")[i % 3]
        hand = position(
            Rules(preset),
            rng,
            lambda h, i=i: (
                len(h.tricks) == 9 + (i % 2)
                and h.phase.value == "playing"
                and len(h.trick) == i % 4
            ),
        )
        exact = _brute(hand)
        assert dd.card_values(hand) == exact
        best, value = dd.best_cards(hand)
        assert value == max(exact.values())
        assert best == {c for c, v in exact.items() if v == value}


def test_solver_values_a_simple_ending() -> None:
    hand = Hand(
        deal={
            "N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
            "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
            "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
            "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
        },
        dealer="W",
    )
    for bid in (13, 1, 1, 1):
        hand.apply(bid)
    for _ in range(40):
        hand.apply(hand.legal_actions()[0])
    # North holds every trump and wins every trick, whatever is played
    final = {Seat.NORTH: 13, Seat.EAST: 0, Seat.SOUTH: 0, Seat.WEST: 0}
    result = score_hand(hand.rules, hand.bids, final, hand.bags)
    ns_minus_ew = result["NS"].points - result["EW"].points
    sign = 1 if hand.turn in (Seat.NORTH, Seat.SOUTH) else -1
    assert set(dd.card_values(hand).values()) == {sign * ns_minus_ew}


def test_puzzle_accepts_every_best_card_and_explains_worse_ones() -> None:
    for cls in exercise_classes("10")[2:]:
        q = build(cls, DEFAULT_SEED)
        legal = q.hand.legal_cards()
        values = dd.card_values(q.hand)  # as scored: the same best cards
        top = max(values.values())
        # the worths quoted count bags as the coach does (-10 each)
        worth = max(dd.card_values(q.hand, "bag-adjusted").values())
        for card in legal:
            verdict = q.feedback(str(card))
            assert verdict.correct == (values[card] == top), (q.label, card)
            if not verdict.correct:
                assert f"the best card is worth {worth:+d}" in verdict.message
        illegal = [c for c in q.hand.holding[q.mover] if c not in legal]
        for card in illegal:
            verdict = q.feedback(card)
            assert verdict.mistake == "illegal"
            assert verdict.message == q.hand.why_illegal(card)
        # the coach agrees: its best card is a best card and it rates exactly
        # the best cards sound; with every card shown, the feedback quotes the
        # exact analysis only, not the coach's estimate over hidden cards
        assert q.advice.best in q.best and q.expected == q.advice.best
        for card in legal:
            verdict = q.advice.rate(card)
            assert (verdict.rating in ("best", "good")) == (card in q.best)
            assert verdict.text not in q.feedback(str(card)).message


def test_choose_bid_is_judged_by_the_coach() -> None:
    from spadeslib.coach import Coach
    from spadeslib.exercises.advice import BID_SAMPLES, LEVEL, SEED

    cls = exercise_classes("09")[3]
    for seed in (1, 2, 3):
        q = build(cls, seed)
        view = q.hand.view(q.hand.turn)
        # a fresh coach at the exercise's level, seed and budget agrees
        advice = Coach(LEVEL, seed=SEED, samples=BID_SAMPLES).advise(view)
        assert q.expected == advice.best
        for bid in q.hand.legal_actions():
            verdict = advice.rate(bid)
            feedback = q.feedback(bid)
            sound = verdict.rating in ("best", "good") or verdict.loss_ci[0] <= 5
            assert feedback.correct == sound, bid
            assert verdict.text in feedback.message
        assert all(not q.feedback(m.answer).correct for m in q.mistakes())


def test_check_my_play_is_the_coach_review() -> None:
    from spadeslib.coach import Coach
    from spadeslib.exercises.advice import LEVEL, SEED

    cls = exercise_classes("11")[3]
    for seed in (1, 2):
        q = build(cls, seed)
        review = Coach(LEVEL, seed=SEED).review(q.hand, "S")
        cards = [v for v in review.verdicts if v.where.startswith("trick")]
        lost = {
            int(v.where.split()[1]) for v in cards if v.rating not in ("best", "good")
        }
        assert q.expected == lost and 0 < len(lost) < 4
        wrong = q.feedback(sorted(set(range(1, 5)) - lost)[:1])
        assert not wrong.correct
        first = min(lost)
        text = next(v.text for v in cards if v.where == f"trick {first}")
        assert text.rstrip(".") in q.solution_text()


def test_partner_and_nil_puzzles_teach_their_theme() -> None:
    partner, nil = (build(c, DEFAULT_SEED) for c in exercise_classes("10")[2:4])
    themed = [m for m in partner.mistakes() if m.id == "themed"]
    assert themed and all("is winning this trick so far" in m.message for m in themed)
    themed = [m for m in nil.mistakes() if m.id == "themed"]
    assert themed and all(
        "bid Nil" in m.message and "unless you overtake" in m.message for m in themed
    )


# --------------------------------------------------------------- notebooks
def test_blanking_rules() -> None:
    assert to_exercise_source("answer = 93  # SOLUTION\nq1.check(answer)") == (
        "answer = ____\nq1.check(answer)"
    )
    assert to_exercise_source("    x, y = f()  # SOLUTION") == "    x, y = ____"
    assert to_exercise_source("print(1)  # SOLUTION\nz = 2") == "z = 2"
    assert to_exercise_source("from spadeslib.exercises import load") == (
        "from spadeslib.exercises import ____, load"
    )
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Title\n\nSolutions! <!-- SOLUTION -->"),
        nbformat.v4.new_code_cell("# SOLUTION\nq1.solution()"),
        nbformat.v4.new_code_cell("# SOLUTION CODE\nx = compute()"),
        nbformat.v4.new_markdown_cell("<!-- SOLUTION -->\nWhy it works."),
        nbformat.v4.new_code_cell("answer = x  # SOLUTION\nq1.check(answer)"),
    ]
    ex = to_exercise(nb)
    assert [c.source for c in ex.cells] == [
        "# Title",
        "# Your code here",
        "answer = ____\nq1.check(answer)",
    ]
    assert all(not c.get("outputs") for c in ex.cells if c.cell_type == "code")


def test_committed_exercises_match_the_generator() -> None:
    assert check_built(ROOT) == [], "run: python -m spadeslib.exercises build"


@pytest.mark.parametrize("name", CHAPTERS)
def test_notebook_pairs_exist_and_link_to_their_chapter(name: str) -> None:
    for folder in ("exercises", "exercises/solutions"):
        for suffix in (".ipynb", ".py"):
            assert (ROOT / folder / f"{name}{suffix}").exists()
    exercise = nbformat.read(ROOT / "exercises" / f"{name}.ipynb", as_version=4)
    text = "\n".join(c.source for c in exercise.cells)
    assert f"(../notebooks/{name}.ipynb)" in text
    solution = (ROOT / "exercises" / "solutions" / f"{name}.py").read_text("utf-8")
    assert f"(../../notebooks/{name}.ipynb)" in solution
    assert "____" in text and "# SOLUTION" not in text and "Solutions:" not in text
    n = len(exercise_classes(name))
    for i in range(1, n + 1):
        assert f"q{i}.check(answer)" in text and f"# q{i}.solution()" in text


@pytest.mark.parametrize("name", CHAPTERS)
def test_solution_notebooks_store_correct_outputs(name: str) -> None:
    nb = nbformat.read(ROOT / "exercises" / "solutions" / f"{name}.ipynb", as_version=4)
    verdicts = [
        o.get("text", "")
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.get("output_type") == "stream"
    ]
    checks = [
        t for t in verdicts if t.startswith(("Correct", "Incorrect", "Not attempted"))
    ]
    assert len(checks) == len(exercise_classes(name))
    assert all(t.startswith("Correct") for t in checks)
    assert nb.metadata["kernelspec"]["name"] == "python3"


def test_student_notebook_sets_seed_and_name() -> None:
    nb = student_notebook("06_scoring", 4242, "Ada")
    text = "\n".join(c.source for c in nb.cells)
    assert "SEED = 4242" in text and "SEED = 1\n" not in text
    assert "**Exercises for Ada** (seed 4242)" in nb.cells[0].source
    # a student's seed is theirs to keep (the teacher marks against it), not
    # one to swap, as the course's notebooks say of theirs
    assert "your own: keep it as" in nb.cells[0].source
    assert "may give you" not in nb.cells[0].source


def test_key_markdown_lists_library_answers() -> None:
    text = key_markdown([("ada", 5)], ["06_scoring"])
    for q in load("06_scoring", seed=5):
        assert f"| {q.label} {q.title} | `{key_text(q)}` |" in text


# ------------------------------------------------- the reviewer's findings
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _relative_links(path: Path) -> list[str]:
    """The relative link targets of a notebook's markdown cells."""
    nb = nbformat.read(path, as_version=4)
    found = []
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        for target in _LINK.findall(cell.source):
            if re.match(r"^[a-z][a-z0-9+.-]*:|^#", target):
                continue  # an address (https:, mailto:) or an anchor
            found.append(target.split("#", 1)[0])
    return found


def _dead_links(paths: list[Path]) -> list[str]:
    dead = []
    for path in paths:
        for target in _relative_links(path):
            if not (path.parent / target).exists():
                dead.append(f"{path}: {target}")
    return dead


def test_every_relative_link_of_a_generated_notebook_resolves(
    tmp_path: Path,
) -> None:
    """Solutions linked ../notebooks/ from exercises/solutions/ (which is
    exercises/notebooks/), and class sets linked the course and "Next"
    chapters that are not next to them."""
    repo = sorted((ROOT / "exercises").glob("*.ipynb"))
    repo += sorted((ROOT / "exercises" / "solutions").glob("*.ipynb"))
    assert len(repo) == 2 * len(CHAPTERS)
    assert sum(len(_relative_links(p)) for p in repo) >= 4 * len(CHAPTERS)
    assert _dead_links(repo) == []

    write_class(["ada"], 7, tmp_path / "all")
    write_class(["ada", "bo"], 7, tmp_path / "some", ["08", "06", "11"])
    written = sorted(tmp_path.glob("*/*/*.ipynb"))
    assert len(written) == len(CHAPTERS) + 6
    assert _dead_links(written) == []
    some = tmp_path / "some" / "ada"
    assert _relative_links(some / "06_scoring.ipynb") == ["08_variants.ipynb"]
    assert _relative_links(some / "08_variants.ipynb") == ["11_play.ipynb"]
    assert _relative_links(some / "11_play.ipynb") == []
    text = "\n".join(
        c.source for c in nbformat.read(some / "06_scoring.ipynb", 4).cells
    )
    assert "chapter 6 of the course, *Scoring a hand*" in text
    assert "the exercises of chapter 8" in text


def test_answer_key_lists_every_answer_the_check_accepts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """student01's key gave 9.4 = 4 where 4 and 5 pass, 10.4 = 9S where 9S and
    10S pass; student02's 10.5 gave 2D where JD passes too."""
    from spadeslib.cli import main
    from spadeslib.exercises import accepted_texts, spec_of

    out = tmp_path / "class"
    args = ["exercises", "--count", "2", "--seed", "7", "--out", str(out)]
    assert main([*args, "--chapters", "09,10"]) == 0
    key = (out / "answer_key.md").read_text(encoding="utf-8")
    data = json.loads((out / "answer_key.json").read_text(encoding="utf-8"))
    several = 0
    for student, entry in data.items():
        for name in ("09_strategy_bidding", "10_strategy_play"):
            for q in load(name, seed=entry["seed"]):
                spec = spec_of(q)
                options = [spec.expected]
                if q.label in ("9.4", "10.3", "10.4", "10.5"):
                    options = list(spec.hand.legal_actions())  # bids or cards
                passing = {
                    spec.format_answer(a) for a in options if q.feedback(a).correct
                }
                listed = entry["accepted"][name][q.label]
                assert set(listed) == passing, (student, q.label, listed, passing)
                assert listed[0] == key_text(q) == entry["answers"][name][q.label]
                assert listed == accepted_texts(q)
                cell = " or ".join(f"`{a}`" for a in listed)
                assert f"| {q.label} {q.title} | {cell} |" in key, (student, q.label)
                several += len(listed) > 1
    first = data["student01"]["accepted"]
    assert first["09_strategy_bidding"]["9.4"] == ["4", "5"]
    assert first["10_strategy_play"]["10.4"] == ["9S", "10S"]
    assert data["student02"]["accepted"]["10_strategy_play"]["10.5"] == ["2D", "JD"]
    assert several >= 4


@pytest.mark.parametrize("cls", CLASSES, ids=_id)
def test_an_empty_answer_is_never_correct(cls: type[Spec]) -> None:
    """A blank or None passed where the key is 'none' (7.3-7.5, 3.4)."""
    for seed in SEEDS:
        q = build(cls, seed)
        for blank in ("", " ", "\n\t", None):
            verdict = q.feedback(blank)
            if q.empty_means and blank is not None:  # a recipe's '' (11.4)
                assert not verdict.correct and "reads as" in verdict.message
                continue
            assert verdict.status == "unreadable", (q.label, seed, blank, verdict)
            assert str(verdict).startswith("Check the format of your answer: ")
            assert "empty answer" in verdict.message


def test_the_reported_empty_answers() -> None:
    for name, seed in (("07_bags_and_winning", 2), ("03_bidding", 7)):
        q4 = load(name, seed=seed).q4
        assert key_text(q4) == "none" and q4.feedback("none").correct
        for blank in ("", " ", None):
            assert q4.feedback(blank).status == "unreadable", (name, blank)


SEAT_CLASSES = [
    cls for cls in CLASSES if type(cls.answer).__name__ in ("SeatAnswer", "Seats")
]


@pytest.mark.parametrize("cls", SEAT_CLASSES, ids=_id)
def test_a_number_is_not_a_seat(cls: type[Spec]) -> None:
    """1.1 seed 1 (key E) took 1, seed 7 (key N) took 0: Seat.parse reads
    0-3 as seats, a learner's number is no seat."""
    for seed in SEEDS:
        q = build(cls, seed)
        lists = [[0, 2], "1 3"] if type(cls.answer).__name__ == "Seats" else []
        for number in (0, 1, 2, 3, 1.0, "1", " 2 ", *lists):
            verdict = q.feedback(number)
            assert verdict.status == "unreadable", (q.label, seed, number)
            assert "give the seat as a letter N, E, S, W or its name" in (
                verdict.message
            )
        assert q.feedback(q.key_text).correct


def test_seat_exercises_of_the_report_refuse_numbers() -> None:
    labels = {f"{int(c.chapter[:2])}.{c.number}" for c in SEAT_CLASSES}
    assert {"1.1", "1.2", "2.2", "2.5", "4.3", "4.4", "8.2", "8.5"} <= labels
    assert key_text(load("01", seed=1).q1) == "E"
    assert not load("01", seed=1).q1.feedback(1).correct
    assert key_text(load("01", seed=7).q1) == "N"
    assert not load("01", seed=7).q1.feedback(0).correct


def test_joker_first_lead_mistake_names_no_two_of_clubs() -> None:
    """8.5 said the first lead 'does not go to a card (the Big Joker or the
    2♣)', but the joker deck has no 2♣ and the course never said a card
    decides the lead: the partner's seat is answered with the rule in words."""
    cls = exercise_classes("08")[4]
    for seed in SEEDS:
        q = build(cls, seed)
        assert Card.parse("2C") not in q.hand.rules.deck
        message = next(m.message for m in q.mistakes() if m.id == "dealer-partner")
        assert "2♣" not in message and "Big Joker" not in message
        assert "the dealer leads the first trick" in message
        verdict = q.feedback(q.hand.dealer.partner.letter)
        assert verdict.mistake == "dealer-partner" and verdict.message == message


def test_overtricks_forgotten_beside_a_nil_are_named() -> None:
    """6.3 and 6.5: -40 for -39 got only 'that is not it' (learner review)."""
    nil, blind = exercise_classes("06")[2], exercise_classes("06")[4]
    seen = 0
    for cls in (nil, blind):
        for seed in range(1, 11):
            q = build(cls, seed) if seed in SEEDS else cls(seed)
            over = q.score().overtricks
            if over:
                seen += 1
                assert q.feedback(q.expected - over).mistake == "no-overtricks"
    assert seen >= 5


@pytest.mark.parametrize("chapter, index", [("04", 0), ("04", 1), ("05", 1)])
def test_a_legal_card_left_out_is_counted_not_named(chapter: str, index: int) -> None:
    """Naming the card left out handed the answer over (learner review)."""
    for seed in SEEDS:
        q = build(exercise_classes(chapter)[index], seed)
        if len(q.expected) < 2:
            continue
        missing, *rest = sorted(q.expected, key=str)
        message = q.feedback(" ".join(str(c) for c in rest)).message
        assert "you left out 1 card" in message
        assert missing.symbol not in message


def test_every_verdict_prints_as_a_whole_sentence() -> None:
    """Some messages ended without a full stop (teacher review): printed,
    each verdict ends with one, never doubled after a closing bracket."""
    from spadeslib.exercises import Feedback

    assert str(Feedback("incorrect", "add South's")) == "Incorrect: add South's."
    assert str(Feedback("incorrect", "one (see above).")).endswith("above).")
    assert str(Feedback("correct", "best (as it says.)")).endswith("says.)")
    assert str(Feedback("correct", "")) == "Correct."
    quoted = Feedback("incorrect", "it is 'trick 2'")
    assert str(quoted) == "Incorrect: it is 'trick 2'."
