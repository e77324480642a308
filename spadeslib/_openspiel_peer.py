"""OpenSpiel peer for the benchmark: random full hands of its C++ ``spades``.

Optional: needs the ``bench`` extra (``open_spiel``). Nothing here is imported by
the rest of the package; ``pyspiel`` is imported lazily so that the module
imports (and doctests run) without it. The file also runs on its own, as the
process the benchmark times against ``spades play``
(``python _openspiel_peer.py HANDS SEED``): it imports nothing of spadeslib.
"""

from __future__ import annotations

import random
import sys
import time


def play_random_hands(hands: int, seed: int) -> bool:
    """Play ``hands`` random full hands of OpenSpiel's spades (``False``
    without ``pyspiel``).

    One hand = ``game.new_initial_state()``; 52 chance nodes (the deal, one
    card per node, outcome drawn uniformly from ``chance_outcomes()``); 4 bids;
    52 card plays, each action drawn uniformly from ``legal_actions()`` by a
    ``random.Random(seed)``; then ``returns()`` read at the terminal state.
    OpenSpiel's ``spades`` state is always a single hand (max game length
    4 + 52 moves): its game-level parameters (``win_threshold``,
    ``use_mercy_rule``, ...) only affect that hand's scoring, so the defaults
    are used.
    """
    try:
        import pyspiel
    except ImportError:
        return False
    rng = random.Random(seed)
    choice = rng.choice
    game = pyspiel.load_game("spades")
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = choice(state.chance_outcomes())[0]
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
        state.returns()
    return True


def openspiel_hands_per_second(hands: int, seed: int) -> float | None:
    """Random hands per second of CPU time (see :func:`play_random_hands`);
    ``None`` if ``pyspiel`` is not importable."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return None
    start = time.process_time()
    play_random_hands(hands, seed)
    elapsed = time.process_time() - start
    return hands / elapsed if elapsed > 0 else float("inf")


if __name__ == "__main__":
    sys.exit(0 if play_random_hands(int(sys.argv[1]), int(sys.argv[2])) else 3)
