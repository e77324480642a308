"""A small progress bar for long runs (stderr, no dependencies).

It counts what is done (hands, games, deals, jobs) and, once a few are done,
the time left; :func:`spadeslib.parallel.run` draws one on every backend.

>>> import io
>>> out = io.StringIO()
>>> with Progress(4, "hands", stream=out, enabled=True) as bar:
...     for _ in range(4): bar.update()
>>> out.getvalue().split("\\r")[-1]
'hands [##############################] 4/4 in ...s\\n'
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """Draws ``label [####      ] done/total ~12s left`` on one line of
    ``stream``, and ``label [##########] total/total in 3.4s`` at the end.

    ``enabled=None`` shows the bar only on a terminal. Redraws at most ten
    times a second (and whenever the bar grows), so updating is cheap.
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
        if enabled is None:
            isatty = getattr(self.stream, "isatty", None)
            enabled = bool(isatty and isatty())
        self.enabled = enabled
        self.width = width
        self.done = 0
        self.start = time.perf_counter()
        self._drawn = -1
        self._last = 0.0
        self._length = 0

    def update(self, step: int = 1) -> None:
        """Advance by ``step`` and redraw when the bar has visibly moved."""
        self.done = min(self.done + step, self.total)
        if not self.enabled:
            return
        filled = self.width * self.done // self.total
        now = time.perf_counter()
        if filled != self._drawn or now - self._last >= 0.1:
            self._draw(filled, now)

    def _draw(self, filled: int, now: float) -> None:
        self._drawn = filled
        self._last = now
        bar = "#" * filled + " " * (self.width - filled)
        elapsed = now - self.start
        if self.done >= self.total:
            tail = f" in {elapsed:.1f}s"
        elif self.done and elapsed > 1:
            tail = f" ~{elapsed * (self.total - self.done) / self.done:.0f}s left"
        else:
            tail = ""
        line = f"{self.label} [{bar}] {self.done}/{self.total}{tail}"
        pad = " " * max(0, self._length - len(line))  # rub out a longer line
        self._length = len(line)
        self.stream.write(f"\r{line}{pad}")
        self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
