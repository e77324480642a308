"""The review's points-lost column gives each figure as the row's text
says it: a loss of 24.46 read "24.5" beside "about 24 points better"
(:func:`~spadeslib.table.advisor.lost_figures`, one rounding for both)."""

from __future__ import annotations

import re

from spadeslib.table.app import SpadesTable


def test_the_column_s_figures_are_the_text_s() -> None:
    table = SpadesTable("classic", seed=2024, speed="instant")
    table.bid(3)
    while table.state["hand"]["playable"]:
        cards = table.state["hand"]["cards"]
        table.play(next(c["code"] for c in cards if c["legal"]))
    review = table.review()
    assert review is not None
    said = 0
    for row in review.rows:
        # the average lost ("about 24 points better", or the best's lead
        # over a choice as good: "came out 2 points higher"), and the figure
        # the rating reads where the text gives it
        better = re.search(
            r"(?:about|came out) ([\d.]+) points? (?:better|higher)", row.text
        )
        if "yours came out" in row.text:  # the learner's card came out ahead
            assert row.lost == "0", (row.lost, row.text)
        elif better:
            said += 1
            assert row.lost == better[1], (row.lost, row.text)
        noise = re.search(r"better \(([\d.]+) points? once the noise", row.text)
        if noise:
            assert row.lost_rated == noise[1], (row.lost_rated, row.text)
    assert said >= 2, [row.text for row in review.rows]
