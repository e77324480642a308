"""Chapter 10's lessons are what the coach finds.

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

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "notebooks" / "10_strategy_play.py"

LESSONS: dict[str, tuple[set[str], dict[str, float]]] = {
    # deal name: (cards the lesson calls best, {card: at least these points lost})
    "COUNTING": ({"KC", "KH", "JH"}, {"8C": 5, "10C": 5, "3H": 5, "8S": 5}),
    "VOIDS": ({"3C", "5C", "6C", "9C", "10C", "JC"}, {"8S": 15, "9S": 15}),
    "COVER": ({"3S", "4S"}, {"10S": 15, "AS": 40, "2C": 100, "KD": 100}),
    "ATTACK": ({"7D"}, {"JD": 15, "6H": 15, "4S": 10}),
    "SET": ({"7C", "JC"}, {"10S": 15, "QS": 40}),
    "DUCK": ({"6H", "JH"}, {"10S": 15, "JS": 15}),
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


def test_judge_asks_for_a_card_first() -> None:
    nb = jupytext.read(SCRIPT, fmt="py:percent")
    source = next(c.source for c in nb.cells if "def judge(" in c.source)
    assert "if choice is None:" in source and "Pick a card first" in source
    choices = [c.source for c in nb.cells if c.source.startswith("choice = ")]
    assert len(choices) == 6
    assert all(c.startswith("choice = None") for c in choices)
