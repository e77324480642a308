"""A learner's review of the classroom page, third round (the Python side).

The how-to follows the rules the table plays, not only the link's; the
two-player log names the card that went to the discard pile (its drawer
saw it); the draw and the Blind Nil before the draw are said as they are;
the hand estimate says why it bids under what it expects; and a hint for
the textbook card gives the rule player's reason in cards first.
"""

from __future__ import annotations

import math
import re

from spadeslib.actions import KEEP, LOOK, TAKE_NEXT, Bid
from spadeslib.hand import Phase
from spadeslib.table import HandEstimate, SpadesTable, TableSession
from spadeslib.table.classroom import COACH_WORDS, how_to, how_to_panel
from spadeslib.table.state import table_state


def _markdown(panel) -> str:
    return panel.outputs[-1]["data"]["text/markdown"]


def test_the_how_to_follows_a_new_game_under_other_rules() -> None:
    table = SpadesTable("classic", seed=3, speed="step")
    try:
        panel = how_to_panel(table)
        assert "Classic: bids 1 to 13 or Nil" in _markdown(panel)
        table.new_game("two-player")
        assert len(panel.outputs) == 1  # written again, not added to
        text = _markdown(panel)
        assert "one bot sits North and plays against you" in text
        assert "your partner" not in text
        before = panel.outputs
        table.session.act(LOOK)  # a move under the same rules: not rewritten
        assert panel.outputs is before
    finally:
        table.close()


def test_the_how_to_says_what_the_coachs_words_mean_but_not_on_paper() -> None:
    assert COACH_WORDS in how_to("cards4net")
    assert COACH_WORDS not in how_to("cards4net", coach=False)
    for word in ("sampled deals", "less the noise", "textbook", "Elo"):
        assert word in COACH_WORDS


def _drawing(seed: int) -> TableSession:
    table = TableSession("two-player", seed=seed, speed="step")
    table.act(LOOK)
    return table


def test_the_log_names_the_card_that_went_to_the_discard_pile() -> None:
    table = _drawing(5)
    lines: list[str] = []
    for action in (KEEP, TAKE_NEXT):
        while not table.learner_to_move():
            table.step()
        top = table.view.drawn
        assert top is not None
        table.act(action)
        lines.append(next(line for line in reversed(table.log) if "You " in line))
        gone = table.game.hand.known_discards[table.seat][-1]
        if action is TAKE_NEXT:
            assert gone == top  # the top card, seen, thrown
    keep, take = lines
    assert re.fullmatch(
        r"You keep \S+; the next card, \S+, goes to the discard pile\.", keep
    )
    assert re.fullmatch(
        r"You discard the top card, \S+, and take the next one: \S+\.", take
    )


def test_the_draw_prompt_says_what_taking_the_next_card_means() -> None:
    prompt = table_state(_drawing(5))["prompt"]
    assert "discard pile" in prompt and "which you must keep" in prompt


def test_a_blind_nil_declared_before_the_draw_is_said_so_when_it_is_bid() -> None:
    """The prompt compared a tuple with a list, so it never said it."""
    for seed in range(1, 30):
        table = TableSession("two-player", seed=seed, speed="step")
        if Bid.BLIND_NIL not in table.view.legal:
            continue
        table.act(Bid.BLIND_NIL)
        for _ in range(200):
            view = table.view
            if view.phase is Phase.BIDDING and table.learner_to_move():
                assert tuple(view.legal) == (Bid.BLIND_NIL,)
                assert (
                    "your Blind Nil, declared before the draw, is your bid"
                    in (table_state(table)["prompt"])
                )
                return
            if table.learner_to_move():
                table.act(view.legal[0])
            else:
                table.step()
    raise AssertionError("no two-player Blind Nil reached its bid")


def _first_estimates(seeds: range) -> list[HandEstimate]:
    """The estimate of South's first bid of each seed's game (cards4net)."""
    out = []
    for seed in seeds:
        table = TableSession("cards4net", seed=seed, speed="step")
        while not table.learner_to_move():
            table.step()
        if LOOK in table.view.legal:
            table.act(LOOK)
        out.append(table.estimate())
    return out


def test_the_estimate_says_why_it_bids_under_or_over_what_it_expects() -> None:
    """One under: the book's reason. Further under (a strong player: "About
    3.6 tricks in your hand; suggested bid: 1. A little under ..." beside
    North's 7), and over (a learner: "About 3.6 tricks in your hand;
    suggested bid: 4." said nothing of why it rounds up): the coach's
    verdict on the bid that counts the tricks."""
    seen = {"little": 0, "under": 0, "over": 0}
    for estimate in _first_estimates(range(16)):
        assert ".0 tricks" not in estimate.text
        number = isinstance(estimate.bid, Bid) and not estimate.bid.is_nil
        # the tricks the estimate shows, rounded half up
        short = math.floor(estimate.tricks + 0.5) - estimate.bid.tricks if number else 0
        said = {
            "little": "A little under what you expect" in estimate.text,
            "under": "Under what you expect. Against bid " in estimate.text,
            "over": "Rounded up, not down. Against bid " in estimate.text,
        }
        expected = {
            "little": short == 1,
            "under": short > 1,
            "over": number and estimate.bid.tricks > estimate.tricks,
        }
        assert said == expected, estimate.text
        for name, flag in said.items():
            seen[name] += flag
    assert seen["little"] and seen["over"], seen
    # a bid well under what the hand takes, beside a partner's big bid
    table = TableSession("classic", seed=200, speed="step", partner="expert")
    while not table.learner_to_move():
        table.step()
    estimate = table.estimate()
    near = math.floor(estimate.tricks + 0.5)
    assert estimate.bid == Bid(1) and near >= 3, estimate.text
    assert f"Under what you expect. Against bid {near}: Best: bid 1" in estimate.text
    assert "your side makes its contract in" in estimate.text
