"""The chapters' prose and their outputs agree: every measured figure the
text quotes (a share such as "72%", a signed difference such as "+67", a
margin such as "17 ± 13") is one the chapter's own cells printed, as they
are stored (nbval checks that the stored outputs are what the cells print).

A bot or coach change moves the figures of the strategy chapters; this
test names each sentence that still quotes the old ones (it caught seven
in chapters 9 and 10 when the textbook's Nil play changed).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted(Path(__file__).parent.parent.glob("notebooks/[0-9]*.ipynb"))

#: a share, a signed number, or a number with its standard error
FIGURE = re.compile(r"(?<![\w.])([+−-]?\d+(?:\.\d+)?%|[+−]\d+(?:\.\d+)?|\d+ ± \d+)")

#: figures the prose gives as rules, not as measurements
RULES = {"10_strategy_play.ipynb": {"−10"}}  # each bag counted −10


def _outputs(notebook: dict[str, object]) -> str:
    """Every text a cell printed or displayed, one space between words and
    the minus sign as the prose writes it."""
    parts: list[str] = []
    for cell in notebook["cells"]:  # type: ignore[attr-defined]
        for output in cell.get("outputs", []):
            parts.append("".join(output.get("text", "")))
            for kind, data in output.get("data", {}).items():
                if kind.startswith("text/"):
                    parts.append("".join(data))
    return re.sub(r"\s+", " ", " ".join(parts)).replace("-", "−")


def _quoted(notebook: dict[str, object]) -> list[tuple[str, str]]:
    """Each figure of the markdown cells, with the words around it."""
    found = []
    for cell in notebook["cells"]:  # type: ignore[attr-defined]
        if cell["cell_type"] != "markdown":
            continue
        text = re.sub(r"\s+", " ", "".join(cell["source"]))
        for match in FIGURE.finditer(text):
            figure = match.group(1).replace("-", "−")
            found.append((figure, text[max(0, match.start() - 70) : match.end() + 10]))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_figure_the_prose_quotes_was_printed(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    printed = _outputs(notebook)
    allowed = RULES.get(path.name, set())
    stale = [
        f"{figure!r} in “…{words}…”"
        for figure, words in _quoted(notebook)
        if figure not in printed and figure not in allowed
    ]
    assert not stale, "\n".join(stale)


def test_the_check_finds_a_figure_no_cell_printed() -> None:
    """The check can fail: a sentence quoting a share no output shows."""
    notebook = {
        "cells": [
            {"cell_type": "code", "outputs": [{"text": "made in 72% of deals"}]},
            {"cell_type": "markdown", "source": ["made in 72%, set in 28%"]},
        ]
    }
    printed = _outputs(notebook)
    assert [f for f, _ in _quoted(notebook) if f not in printed] == ["28%"]
