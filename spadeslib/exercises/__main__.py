"""``python -m spadeslib.exercises``: build the exercise notebooks from the
solutions, check they are up to date, list the exercises, or write a class set.

    python -m spadeslib.exercises build [--execute] [CHAPTER ...]
    python -m spadeslib.exercises check
    python -m spadeslib.exercises list [--seed S]
    python -m spadeslib.exercises class --students alice,bob --seed 2026 --out DIR
"""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
