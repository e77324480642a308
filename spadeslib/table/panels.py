"""The state of the table's panels: the score sheet and the status line, the
review of a hand, and the Options panel (parts of :func:`~.state.table_state`).

>>> from spadeslib.table.session import TableSession
>>> sheet = sheet_state(TableSession("classic", seed=2024))
>>> sheet["status"], [side["name"] for side in sheet["sides"]]
('Hand 1: bidding.', ['North-South (you)', 'East-West'])
"""

from __future__ import annotations

from typing import Any

from ..actions import Bid
from ..bots.ladder import level_label
from ..hand import Phase
from ..rule_sets import modifier_text, preset_text
from ..rules import INCOMPATIBLE, MODIFIERS, PRESETS, Rules
from ..scoring import side_of, sides
from .advisor import NOISE_WORDS
from .bid_reasons import bids_json, bids_note, bids_title
from .levels import levels_summary
from .narrate import (
    describe_result,
    house_rule_words,
    house_rules_words,
    rules_title,
    side_name,
    start_words,
)
from .options import ladder, level_seats
from .session import SPEEDS, TableSession
from .words import plural, rules_in_words

__all__ = [
    "deal_words",
    "options_state",
    "review_state",
    "sheet_bags",
    "sheet_state",
    "summary",
]

_DOING = {
    Phase.BIDDING: "bidding",
    Phase.DRAW: "drawing the cards",
    Phase.EXCHANGE: "passing cards",
    Phase.BLIND_DISCARD: "Blind Nil discards",
}
"""What the status line says a hand in each phase (but play) is at."""


def sheet_state(session: TableSession) -> dict[str, Any]:
    """The score sheet: a row per finished hand, the totals, the status line
    and the rules in words."""
    game = session.game
    rules = game.rules
    names = sides(rules)
    rows = []
    totals = game.start_scores  # 0 unless the game started elsewhere
    start_bags = game.start_bags
    for hand in game.finished_hands:
        assert hand.result is not None
        cells = {}
        for side, score in hand.result.items():
            totals[side] += score.points
            made = [hand.bids[s] for s in hand.seats if side_of(rules, s) == side]
            bids = "+".join(b.label() for b in made)
            if len(made) > 1 and all(b == Bid.BLIND_SEVEN for b in made):
                bids = "Blind Seven (side 7)"  # one contract of 7, not 7+7
            elif rules.ten_for_200 and score.contract == 10:
                bids += " (10 for 200)"
            cells[side] = {
                "bids": bids,
                "tricks": plural(score.tricks, "trick"),
                "points": score.points,
                "bags": sheet_bags(score.bags_gained, score.bags_after),
                "bags_hand": score.bags_gained,
                "bags_total": score.bags_after,
                "penalty": bool(score.penalties),
                "total": totals[side],
            }
        rows.append({"hand": hand.number, "dealer": hand.dealer.full, "sides": cells})
    status = _status(session)
    return {
        "sides": [
            {
                "id": s,
                "name": side_name(s, session.seat, rules),
                "mine": s == side_of(rules, session.seat),
            }
            for s in names
        ],
        "rows": rows,
        "start": (
            {
                s: {
                    "total": game.start_scores[s],
                    "bags": _carried(start_bags[s]),
                }
                for s in names
            }
            if game.started_elsewhere
            else None
        ),
        "scores": {s: game.scores[s] for s in names},
        "bags": {s: f"{plural(game.bags[s], 'bag')} in all" for s in names},
        "status": status,
        "rules": rules_in_words(rules)
        + ([house_rules_words(rules)] if house_rule_words(rules) else []),
    }


def _carried(bags: int) -> str:
    """A side's bags at the start of a game, ``"8 bags carried"`` (``""``
    for none: the start row stays one line)."""
    return f"{plural(bags, 'bag')} carried" if bags else ""


def sheet_bags(this_hand: int, in_all: int) -> str:
    """A score sheet row's bags: ``"2 bags this hand, 7 in all"``, or
    ``"7 bags in all"`` for a hand that added none.

    >>> sheet_bags(2, 7), sheet_bags(0, 7), sheet_bags(1, 1)
    ('2 bags this hand, 7 in all', '7 bags in all', '1 bag this hand, 1 in all')
    """
    if not this_hand:
        return f"{plural(in_all, 'bag')} in all"
    return f"{plural(this_hand, 'bag')} this hand, {in_all} in all"


def _status(session: TableSession) -> str:
    game = session.game
    if game.is_over:
        return f"Game over: {session._winner_words()}."
    if session.between:
        return f"Hand {session.shown_hand.number} over; hand {game.hand.number} next."
    hand = game.hand
    if hand.phase is Phase.PLAYING:
        trick = min(len(hand.tricks) + 1, hand.rules.hand_size)
        doing = f"trick {trick} of {hand.rules.hand_size}"
    else:
        doing = _DOING.get(hand.phase, hand.phase.value.replace("_", " "))
    return f"Hand {hand.number}: {doing}."


def summary(session: TableSession, deal: str | None = None) -> str:
    """The game in one line, for the offer to resume it after a reload:
    ``"Classic, seed 3. Hand 1 over; hand 2 next. Your side 142, East-West
    52."`` (``deal``: :func:`deal_words`, when the caller has it already)."""
    game = session.game
    scores = ", ".join(
        f"{side_name(side, session.seat, game.rules)} {points}"
        for side, points in sorted(
            game.scores.items(),
            key=lambda item: item[0] != side_of(game.rules, session.seat),
        )
    )
    deal = deal_words(session) if deal is None else deal
    return f"{deal}. {_status(session)} {scores}."


def deal_words(session: TableSession) -> str:
    """What the table deals, ``"Classic, seed 3"``, and where the game
    starts when not at 0 (``", from North-South (you) 440 (8 bags),
    East-West 470"``): the resume offer tells a kept game's from the page's
    with it."""
    game = session.game
    start = start_words(game.rules, game.start_scores, game.start_bags, session.seat)
    return f"{rules_title(game.rules)}, seed {game.seed}" + (
        f", from {start}" if start else ""
    )


def review_state(session: TableSession) -> dict[str, Any] | None:
    """The review of a hand, when open: pending, or ready with its rows."""
    if not session.review_open:
        return None
    review = session.last_review
    hand = session.shown_hand
    if review is not None and review.number != hand.number:  # asked in the next hand
        hand = next(
            (h for h in session.game.finished_hands if h.number == review.number), hand
        )
    # the hand's result heads the review, so opening it hides nothing: as
    # the log told it, with the totals after that hand
    game = session.game
    totals = next(
        (
            t
            for h, t in zip(game.finished_hands, game.running_scores, strict=True)
            if h is hand
        ),
        None,
    )
    result = (
        " ".join(describe_result(hand, session.seat, totals)) if hand.result else ""
    )
    if session.review_state == "pending" or review is None:
        return {"state": "pending", "hand": hand.number, "result": result}
    return {
        "state": "ready",
        "hand": review.number,
        "result": result,
        "level": review.level,
        "summary": review.summary,
        # what the live region says at the hand's end: the summary without
        # the paragraph on reading "less the noise" (the review shows it)
        "said": review.summary.replace(f" {NOISE_WORDS}", ""),
        "points_lost": review.points_lost,
        "counts": review.counts,
        "rows": [
            {
                "when": r.when,
                "yours": r.yours,
                "best": r.best_label,
                "loss": r.loss,
                "rated": r.rated,
                # the column's figures, as the row's text says them
                "lost": r.lost,
                "lost_rated": r.lost_rated,
                "rating": r.rating,
                "text": r.text,
            }
            for r in review.rows
        ],
        # why the others bid (a finished hand's: its cards are all shown)
        "bids_title": bids_title(hand.rules.players) if review.bids else "",
        "bids_note": bids_note(hand.rules.players, review.bids) if review.bids else "",
        "bids": bids_json(review.bids),
    }


def options_state(session: TableSession) -> dict[str, Any]:
    """What the Options panel shows and offers."""
    rules = session.rules
    levels = ladder()
    partner, opponent = level_seats(rules, session.seat)
    # the selects show the levels last chosen: a pending change's
    chosen = session.pending_levels or session.levels
    pending = session.pending_levels is not None and not session.game.is_over
    return {
        "preset": rules.preset,
        "rules": rules.full_spec,
        # kept by New game when the preset and modifiers are unchanged (and
        # those the new rule set accepts when they change); said in the log
        "house_rules": house_rules_words(rules),
        # where the game started, kept by New game with the same rules (the
        # status line says it too)
        "start": start_words(
            rules, session.game.start_scores, session.game.start_bags, session.seat
        ),
        "presets": [
            {"id": p, "title": title, "words": words}
            for p in PRESETS
            for title, words in [preset_text(Rules(p))]
        ],
        "modifiers": [
            {"id": m, "title": title, "words": words, "on": m in rules.modifiers}
            for m in MODIFIERS
            for title, words in [modifier_text(m, rules)]
        ],
        # what cannot be combined, and why: the panel greys a variant out
        # while its partner in the pair is chosen (the rule is the library's)
        "conflicts": [{"a": a, "b": b, "why": why} for a, b, why in INCOMPATIBLE],
        "levels": levels,
        "level_labels": {level: level_label(level) for level in levels},
        "partner": "" if partner is None else chosen.get(partner, ""),
        "opponents": chosen.get(opponent, ""),
        # the change of the bots' levels waiting for the next hand, in words
        "pending_levels": (
            f"From the next hand: {levels_summary(chosen, rules, session.seat)}."
            if pending
            else ""
        ),
        "timer": session.timer or "",
        "speed": session.speed,
        "speeds": [s for s in SPEEDS if s != "instant"],
        "paused": session.paused,
        "coach": session.coach_level,
    }
