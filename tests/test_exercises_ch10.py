"""Chapter 10's lessons are what the coach finds; chapter 10's exercises.

The six positions are read from the chapter's script (the deal dictionaries
and ``position(...)`` calls, nothing else is run), and for each the coach's
best card must be one the lesson names, every card the lesson warns against
must lose at least the points it says, and ``judge(None)`` asks for a card.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import jupytext
import pytest

from spadeslib import Card, Hand, Rules
from spadeslib.coach import Coach
from spadeslib.exercises.ch10_strategy_play import (
    CoverNil,
    Ending,
    PartnerWinning,
    ReadVoids,
)

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "notebooks" / "10_strategy_play.py"

LESSONS: dict[str, tuple[set[str], dict[str, float]]] = {
    # deal name: (cards the lesson calls best, {card: at least these points lost})
    # the deals cannot show what the other cards cost: the lesson warns of none
    "COUNTING": ({"KC", "KH", "JH"}, {}),
    "VOIDS": ({"3C", "5C", "6C", "9C", "10C", "JC"}, {"8S": 15, "9S": 15}),
    "COVER": ({"3S", "4S", "10S", "JS"}, {"AS": 40, "2C": 100, "KD": 100}),
    "ATTACK": ({"7D"}, {"6H": 15, "JH": 15}),
    "SET": ({"7C", "JC"}, {"10S": 15, "QS": 40}),
    "DUCK": ({"4S", "7S"}, {"JS": 15}),
}


def position(deal: dict[str, str], actions: str = "", dealer: str = "W") -> Hand:
    """As the chapter's helper: a hand after the given bids and cards."""
    hand = Hand(Rules.parse("cards4net"), dealer=dealer, deal=deal)
    for action in actions.split():
        hand.apply(action)
    return hand


def chapter_positions() -> dict[str, Hand]:
    """Each deal name of the chapter with the hand its cell builds."""
    nb = jupytext.read(SCRIPT, fmt="py:percent")
    found: dict[str, Hand] = {}
    names: dict[str, Any] = {"position": position}
    for cell in nb.cells:
        if cell.cell_type != "code" or "position(" not in cell.source:
            continue
        code = "\n".join(
            line for line in cell.source.split("\n") if not line.startswith("%")
        )
        tree = ast.parse(code)
        keep = []
        for node in tree.body:
            if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                continue
            target = node.targets[0]
            value = node.value
            if isinstance(value, (ast.Dict, ast.Constant, ast.JoinedStr)) or (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id == "position"
                and isinstance(target, ast.Name)
                and target.id == "hand"
            ):
                keep.append(node)
        if not keep:
            continue
        exec(compile(ast.Module(keep, []), str(SCRIPT), "exec"), names)
        call = next(
            (
                n
                for n in keep
                if isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Name)
            ),
            None,
        )
        if call is None:
            continue
        first = call.value.args[0]  # type: ignore[attr-defined]
        if isinstance(first, ast.Name) and first.id in LESSONS:
            found.setdefault(first.id, names["hand"])
    return found


@pytest.fixture(scope="module")
def positions() -> dict[str, Hand]:
    return chapter_positions()


def test_the_chapter_has_its_six_positions(positions: dict[str, Hand]) -> None:
    assert set(positions) == set(LESSONS)
    for hand in positions.values():
        assert hand.turn is not None and hand.turn.letter == "S"


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_lesson_is_what_the_coach_finds(name: str, positions: dict[str, Hand]) -> None:
    hand = positions[name]
    best, worse = LESSONS[name]
    advice = Coach("search", seed="ch10").advise(hand.view(hand.turn), hand=hand)
    assert str(advice.best) in best, (name, advice.explain())
    for code in best:
        card = Card.parse(code)
        if card in hand.legal_cards():
            assert advice.rate(card).loss <= 5, (name, code)
    for code, points in worse.items():
        verdict = advice.rate(Card.parse(code))
        assert verdict.loss >= points, (name, code, verdict.text)
        assert verdict.text.startswith("You played")


def test_the_duck_lesson_is_about_bags(positions: dict[str, Hand]) -> None:
    """Section 6 teaches ducking a bag: in the coach's deals the duck leaves
    North-South fewer bags and East-West's set rate where it was, so the
    points it saves are bags, not a set (an earlier position's were a set)."""
    hand = positions["DUCK"]
    advice = Coach("search", seed="ch10").advise(hand.view(hand.turn), hand=hand)
    study = advice.study

    def mean(card: str, what: str) -> float:
        outcomes = study.outcomes[study.reps[Card.parse(card)]]
        return sum(float(getattr(o, what) or 0) for o in outcomes) / len(outcomes)

    assert mean("JS", "bags") - mean("7S", "bags") >= 1
    assert abs(mean("JS", "set_them") - mean("7S", "set_them")) <= 0.05
    assert mean("7S", "trick") == 0 and mean("JS", "trick") == 1


def test_the_ending_counts_bags_as_the_chapter_does() -> None:
    """Both contracts made, South to lead (seed 27): Q♠ wins the trick and
    then gives the last two away; a duck now leaves North-South the last
    tricks. The feedback counts bags as the coach does, so the duck reads as
    more bags (chapter 10, section 6), not as an overtrick lost."""
    q = Ending(27)
    assert q.best == {Card.parse("QS")}
    text = q.feedback("9C").message
    assert "your side takes 2 more tricks (bags)" in text
    assert "each bag counted -10" in text


def test_judge_asks_for_a_card_first() -> None:
    nb = jupytext.read(SCRIPT, fmt="py:percent")
    source = next(c.source for c in nb.cells if "def judge(" in c.source)
    assert "if choice is None:" in source and "Pick a card first" in source
    choices = [c.source for c in nb.cells if c.source.startswith("choice = ")]
    assert len(choices) == 6
    assert all(c.startswith("choice = None") for c in choices)


# ------------------------------------------------ the exercises (learner review)

PUZZLES = (PartnerWinning, CoverNil, Ending)
ESTIMATES = ("The coach", "deals of the unseen cards", "%")


@pytest.mark.parametrize("cls", PUZZLES, ids=lambda c: c.__name__)
@pytest.mark.parametrize("seed", (1, 2))
def test_puzzle_feedback_quotes_only_the_exact_analysis(cls: type, seed: int) -> None:
    q = cls(seed)
    texts = [q.feedback(str(card)).message for card in q.hand.legal_cards()]
    texts.append(q.solution_text())
    for text in texts:
        assert not any(word in text for word in ESTIMATES), text
        # what the worth measures, said once
        assert text.count("(Worth: ") == 1, text
        assert "minus" in text and "for this hand" in text
    for card in q.hand.legal_cards():
        assert q.verdict(card).text not in q.feedback(str(card)).message


@pytest.mark.parametrize("cls", PUZZLES, ids=lambda c: c.__name__)
@pytest.mark.parametrize("seed", (1, 2))
def test_lines_of_play_break_between_tricks(cls: type, seed: int) -> None:
    q = cls(seed)
    players = q.hand.rules.players
    for card in q.hand.legal_cards():
        tricks = q.play_text(card).split(" | ")
        first = players - len(q.hand.trick) - 1
        assert len(tricks) == len(q.hand.holding[q.mover])  # to the end of the hand
        for i, text in enumerate(tricks):
            plays = [w for w in text.split() if ":" in w]
            assert len(plays) == (first if i == 0 else players), text
            assert text.endswith("wins)") or text.endswith("wins this trick"), text
            seats = [w.split(":")[0] for w in plays]
            assert len(set(seats)) == len(seats), text  # nobody plays twice


def test_a_line_reads_trick_by_trick() -> None:
    q = PartnerWinning(1)
    assert q.play_text(Card.parse("AC")).startswith(
        "W:7♣ (North wins) | N:4♣ E:3♣ S:K♥ W:K♣ (West wins) | "
    )
    assert f"after A♣ (then, for example: {q.play_text(Card.parse('AC'))})" in (
        q.feedback("AC").message
    )


@pytest.mark.parametrize("seed", (1, 2, 3, 4))
def test_partner_winning_hint_is_true_of_the_position(seed: int) -> None:
    q = PartnerWinning(seed)
    hint = q.hint()
    assert "rarely helps" not in hint
    seat, card = q.partner_winning(q.hand)
    assert f"Your partner {seat.full} is winning this trick so far with" in hint
    assert card.symbol in hint
    over = [c for c in q.hand.legal_cards() if q.beats(q.hand, c)]
    named = hint.split("of your cards, ")[1].split(" would beat it")[0].split()
    assert sorted(named) == sorted(c.symbol for c in over)
    # the answer is among the cards the hint does not name
    assert not q.best & set(over)


@pytest.mark.parametrize("seed", (1, 2, 3, 4))
def test_read_voids_does_not_name_a_left_out_suit(seed: int) -> None:
    q = ReadVoids(seed)
    assert q.feedback("none").correct is False
    verdict = q.feedback("none")
    assert "you left out" in verdict.message
    assert "did not follow the suit led" in verdict.message
    for suit in q.expected:
        assert suit.plural not in verdict.message
        assert suit.singular not in verdict.message
    assert "trick " not in verdict.message
    # the solution gives the detail
    for suit in q.expected:
        assert q.evidence(suit) in q.solution_text()


def test_spades_out_counts_what_is_left_out_without_naming_it() -> None:
    from spadeslib.exercises.ch10_strategy_play import SpadesOut

    for seed in (1, 2, 3):
        q = SpadesOut(seed)
        missing, *rest = sorted(q.expected, key=str)
        message = q.feedback(" ".join(str(c) for c in rest)).message
        assert "you left out 1 spade" in message
        assert missing.symbol not in message, "that gives the spade away"


def test_spades_out_asks_for_the_spades_and_reads_bare_ranks() -> None:
    from spadeslib.exercises.ch10_strategy_play import SpadesOut

    assert SpadesOut.title == "Name the spades still out"
    for seed in (1, 2, 3, 4):
        q = SpadesOut(seed)
        ranks = [str(c)[:-1] for c in sorted(q.expected, key=lambda c: -c.rank)]
        for answer in (" ".join(ranks), ", ".join(ranks), ranks, f"♠ {ranks[0]}"):
            if answer == f"♠ {ranks[0]}" and len(ranks) > 1:
                assert q.feedback(answer).status == "incorrect"
                continue
            assert q.feedback(answer).correct, (seed, answer)


def test_spades_out_answers_a_count_with_whether_it_is_right() -> None:
    from spadeslib.exercises.ch10_strategy_play import SpadesOut

    q = SpadesOut(1)
    right = len(q.expected)
    for answer in (right, str(right)):
        verdict = q.feedback(answer)
        assert not verdict.correct
        assert verdict.message.startswith(f"{right} is the right count; now name")
    verdict = q.feedback(right + 1)
    assert verdict.status == "incorrect"
    assert verdict.message.startswith(f"{right + 1} is not the number of spades")
    assert "name them" in verdict.message


# ---------------------------------------- the exercise review (10.1, 10.3, 10.5)
def test_spades_out_hint_is_code_the_learner_can_run() -> None:
    """10.1's hint named `view.unseen_cards()`, but `q1.view` raised
    AttributeError: the exercise offers its view, and the hint's code runs."""
    from spadeslib.exercises import load
    from spadeslib.exercises.ch10_strategy_play import SpadesOut

    q1 = load("10_strategy_play", seed=1)[0]
    assert "`q1.view.unseen_cards()`" in SpadesOut(1).hint()
    spades = [c for c in q1.view.unseen_cards() if c.suit.name == "SPADES"]
    assert q1.feedback(spades).correct


def test_trumping_a_partners_winner_with_a_top_spade_says_it_wins_later() -> None:
    """10.3 (seed 1): K♠ on the partner's 9♦ with West, void in diamonds,
    still to play: the feedback says West could trump, but K♠ is the top
    spade and spent now frees the opponents' spades. Said only where true."""
    q = PartnerWinning(1)
    text = q.feedback("KS").message
    assert "West, still to play, has no diamonds but has spades" in text
    assert "K♠, the highest spade left, wins a trick whenever you play it" in text
    assert "the opponents' 10♠ 8♠ free to win tricks later" in text
    for seed in (2, 3):  # a spade lead, or no opponent to trump: not said
        q = PartnerWinning(seed)
        for card in q.hand.legal_cards():
            assert "still to play" not in q.feedback(card).message


def test_ending_hint_is_built_from_the_position() -> None:
    """10.5's hint was the same words for every seed: it counts each side's
    tricks and names the opponents' top cards, never the answer."""
    hints = set()
    for seed in (1, 2, 3):
        q = Ending(seed)
        hint = q.hint()
        hints.add(hint)
        h = q.hand
        won = sum(h.tricks_won[s] for s in h.seats if s.letter in q.side)
        assert hint.startswith(f"{'East-West' if q.side == 'EW' else 'North-South'}")
        assert f"have won {won} (bid " in hint
        assert q.expected.symbol not in hint
    assert len(hints) == 3
    assert "they need 3 more of the 3 tricks left" in Ending(1).hint()
