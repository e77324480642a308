"""A small progress bar for long command-line runs (stderr, no dependencies).

>>> import io
>>> out = io.StringIO()
>>> with Progress(4, "hands", stream=out, enabled=True) as bar:
...     for _ in range(4): bar.update()
>>> out.getvalue().splitlines()[-1].strip()
'hands [##############################] 4/4'
"""

from __future__ import annotations

import sys
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """Draws ``label [####      ] done/total`` on one line of ``stream``.

    ``enabled=None`` shows the bar only on a terminal.
    """

    def __init__(
        self,
        total: int,
        label: str = "",
        *,
        stream: TextIO | None = None,
        enabled: bool | None = None,
        width: int = 30,
    ) -> None:
        self.total = max(total, 1)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.width = width
        self.done = 0
        self._drawn = -1

    def update(self, step: int = 1) -> None:
        """Advance by ``step`` and redraw when the bar has visibly moved."""
        self.done = min(self.done + step, self.total)
        filled = self.width * self.done // self.total
        if self.enabled and (filled != self._drawn or self.done == self.total):
            self._drawn = filled
            bar = "#" * filled + " " * (self.width - filled)
            self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total}")
            self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
