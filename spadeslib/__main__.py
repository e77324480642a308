"""``python -m spadeslib`` runs the ``spades`` command line."""

from .cli import main

raise SystemExit(main())
