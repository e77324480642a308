"""The table's one synced state: plain JSON built from the learner's view.

:func:`table_state` turns a :class:`~spadeslib.table.session.TableSession`
into one JSON-ready dict that the front end draws from, and nothing else.
It reads the learner's :class:`~spadeslib.PlayerView` (own cards, public
bids and tricks), the finished hands (whose cards were all played in
public) and the session's messages; never another seat's hand, the stock
or a bot's private choice. ``tests/test_table_state.py`` checks that over
whole games.

>>> from spadeslib.table.session import TableSession
>>> state = table_state(TableSession("classic", seed=2024))
>>> state["table"]["phase"], len(state["hand"]["cards"]), state["seats"][0]["pos"]
('bidding', 13, 'bottom')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..actions import LOOK, Action, Bid, BidKind, Draw
from ..cards import SUIT_DISPLAY_ORDER, Card, Suit
from ..coach.explain import describe
from ..hand import Phase
from ..scoring import side_of
from ..seats import Seat
from ..view import PlayerView
from .narrate import (
    house_rules_words,
    rules_title,
    seat_name,
)
from .panels import deal_words, options_state, review_state, sheet_state, summary
from .session import TableSession
from .tools import TOOLS
from .words import (
    bid_rule_words,
    blind_words,
    led_words,
    modifier_words,
    nil_closed,
    plural,
    refusal,
    suicide_words,
    zero_words,
)

__all__ = [
    "LOG_LINES",
    "LOG_TAIL",
    "SUIT_ORDER",
    "card_json",
    "display_order",
    "log_first",
    "log_lines",
    "table_state",
]

SUIT_ORDER = SUIT_DISPLAY_ORDER
"""The learner's hand is shown in this suit order (colours alternate)."""

LOG_LINES = 5000
"""At most this many of the current game's latest log lines reach the page: a
safety cap far above a whole game (a 500-point game of about ten hands
writes some 1,000 lines), so the learner can scroll back to its start."""

LOG_TAIL = 60
"""Each state carries only the game's last lines (a hand writes some 60 to
100); the page keeps the lines it has seen, by number, and asks once for the
older ones it lacks (a page opened or reloaded mid-game), which the table
sends in a message of their own (:func:`log_lines`). A state of a long game
stays small: it is sent after every move."""


def log_first(session: TableSession, tail: int = LOG_LINES) -> int:
    """The number of the first of the current game's last ``tail`` log lines
    (at most :data:`LOG_LINES`)."""
    return max(session.log_start, len(session.log) - min(tail, LOG_LINES))


def log_lines(session: TableSession, tail: int = LOG_LINES) -> list[dict[str, Any]]:
    """The current game's last ``tail`` log lines (at most :data:`LOG_LINES`),
    each with its number, which never changes: ``{"n": 12, "text": ...}``."""
    log = session.log
    return [{"n": n, "text": log[n]} for n in range(log_first(session, tail), len(log))]


_VERB = {
    Phase.PLAYING: "to play",
    Phase.BIDDING: "to bid",
    Phase.DRAW: "to draw",
    Phase.EXCHANGE: "to pass cards",
    Phase.BLIND_DISCARD: "to discard",
}


def display_order(cards: Any) -> list[Card]:
    """Cards sorted for display: by suit (:data:`SUIT_ORDER`), high to low."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c.suit), -c.rank))


def card_json(card: Card) -> dict[str, str]:
    """A card for the front end: code, rank, suit letter, words.

    >>> card_json(Card.parse("10H"))
    {'code': '10H', 'rank': '10', 'suit': 'H', 'name': 'ten of hearts', 'symbol': '10♥'}
    """
    suit = "J" if card.suit is Suit.JOKER else card.suit.letter
    return {
        "code": str(card),
        "rank": card.rank.label,
        "suit": suit,
        "name": card.name,
        "symbol": card.symbol,
    }


def _positions(session: TableSession) -> dict[Seat, str]:
    me = session.seat
    if session.rules.players == 2:
        return {me: "bottom", me.partner: "top"}
    return {me: "bottom", me.left: "left", me.partner: "top", me.right: "right"}


def _bid_words(bid: Bid) -> str:
    if bid.kind is BidKind.NUMBER:
        return f"bid {plural(bid.tricks, 'trick')}"
    return f"bid {bid.label()}"


def _action_button(action: Action, view: PlayerView) -> dict[str, Any]:
    """A bidding or drawing button: what it sends, its label, its words.

    A blind bid (a gamble made before seeing a card) also carries
    ``confirm``: the front end asks for a second press, in these words,
    before it sends it; not when the rules leave it the only bid (a Blind
    Nil declared before the two-player draw)."""
    if action is LOOK and view.phase is Phase.DRAW:
        # two players, before the first draw: no card is held yet
        return {
            "action": "look",
            "label": "Draw my cards",
            "aria": "start drawing your cards (no Blind Nil)",
            "key": "l",
        }
    if action is LOOK:
        return {
            "action": "look",
            "label": "Look at my cards",
            "aria": "look at my cards (no blind bid)",
            "key": "l",
        }
    if isinstance(action, Draw):
        if action.keep:
            shown = view.drawn.symbol if view.drawn else "the card"
            words = view.drawn.name if view.drawn else "the top card"
            return {
                "action": "keep",
                "label": f"Keep {shown}",
                "aria": f"keep the {words}",
                "key": "k",
            }
        return {
            "action": "take_next",
            "label": "Take the next card",
            "aria": "discard this card and take the next one unseen",
            "key": "t",
        }
    assert isinstance(action, Bid)
    rules = view.rules
    aria = _bid_words(action)
    if action == Bid.NIL:
        aria += f": win no tricks, plus or minus {rules.nil_value}"
    elif action == Bid.BLIND_NIL and rules.blind_nil == "before_draw":
        aria += f", declared before the draw: plus or minus {rules.blind_nil_value}"
    elif action == Bid.BLIND_NIL:
        aria += f" without looking: plus or minus {rules.blind_nil_value}"
    elif action == Bid.BLIND_SEVEN:
        aria += (
            f" for the team, without looking: plus or minus {rules.blind_seven_value}"
        )
    key = (
        str(action.tricks)
        if action.kind is BidKind.NUMBER and action.tricks < 10
        else ""
    )
    if action == Bid.NIL:
        key = "n"
    button: dict[str, Any] = {
        "action": str(action),
        "label": action.label(),
        "aria": aria,
        "key": key,
    }
    if action in (Bid.BLIND_NIL, Bid.BLIND_SEVEN) and len(view.legal) > 1:
        stake = (
            rules.blind_nil_value
            if action == Bid.BLIND_NIL
            else rules.blind_seven_value
        )
        when = (
            "declared before the draw"
            if action == Bid.BLIND_NIL and rules.blind_nil == "before_draw"
            else "before seeing your cards"
        )
        button["confirm"] = {
            # the armed button reads "Click again: bid Blind Nil (±200)"
            "what": f"bid {action.label()} (±{stake})",
            "words": f"{action.label()}: plus or minus {stake}, {when}. "
            "Press again to bid it.",
        }
    return button


def _prompt(session: TableSession, view: PlayerView) -> str:
    game = session.game
    if game.is_over:
        won = game.winner == side_of(game.rules, session.seat)
        return (
            f"Game over, you {'won' if won else 'lost'}: {session._winner_words()}. "
            "Press New game to play again."
        )
    if session.between:
        return (
            f"Hand {session.shown_hand.number} is over. Press Next hand to deal "
            f"hand {game.hand.number}."
        )
    if session.paused:
        if session.learner_to_move():  # the bots wait, the learner need not
            return "Paused, and it is your turn: play when ready (the bots wait)."
        return "Paused: press Play on to let the bots move."
    if not session.learner_to_move():
        assert game.turn is not None
        who = seat_name(game.turn, session.seat, game.rules)
        if session.speed == "step":
            return f"{who} is to move: press Next move."
        return f"{who} is thinking…"
    phase = view.phase
    if phase is Phase.BIDDING and tuple(view.legal) == (Bid.BLIND_SEVEN,):
        return (
            "Your turn to bid: your partner declared Blind Seven, so your only "
            "bid is Blind Seven too, without looking (your side promises 7 "
            f"tricks, for plus or minus {view.rules.blind_seven_value})."
        )
    if phase is Phase.BIDDING and view.holding is None:
        return (
            "Your turn: bid blind (without looking), or look at your cards."
            + blind_words(view)
        )
    if phase is Phase.DRAW and view.holding is None:
        rules = view.rules
        return (
            "Your turn: declare Blind Nil before drawing (you promise to take no "
            f"tricks without seeing a card: plus or minus {rules.blind_nil_value}"
            + (
                f"; after the draw you may swap up to {rules.blind_nil_discards} cards"
                if rules.blind_nil_discards
                else ""
            )
            + "), or draw your cards."
        )
    if phase is Phase.BIDDING and tuple(view.legal) == (Bid.BLIND_NIL,):
        # two players: the Blind Nil declared before drawing is the bid
        return (
            "Your turn to bid: your Blind Nil, declared before the draw, is your bid."
        )
    if phase is Phase.BIDDING and len(view.legal) == 1:
        only = view.legal[0]
        assert isinstance(only, Bid)
        why = [modifier_words(m, view.rules) for m in view.rules.modifiers]
        mirror = view.rules.bid_rule == "mirror"  # Nil only with no spades
        if only.kind is BidKind.NUMBER and not mirror and nil_closed(view):
            why.append("Nil is closed: your partner has bid")
        return f"Your turn to bid: the rules leave you one bid, {only.label()}" + (
            f" ({'; '.join(why)})." if why else "."
        )
    if phase is Phase.BIDDING:
        return (
            "Your turn to bid: how many tricks will you take?"
            + zero_words(view)
            + suicide_words(view)
            + bid_rule_words(view)
        )
    if phase is Phase.DRAW:
        assert view.drawn is not None
        card = view.drawn.symbol
        return (
            f"Your turn to draw: keep the {card} (the next card goes to the "
            f"discard pile), or discard the {card} and take the next card, which "
            "you must keep."
        )
    if phase is Phase.EXCHANGE:
        partner = seat_name(session.seat.partner, session.seat, view.rules)
        return (
            f"Your turn: choose {view.rules.exchange} cards to pass to {partner}, "
            "then press Pass."
        )
    if phase is Phase.BLIND_DISCARD:
        return (
            f"Your turn: choose up to {view.rules.blind_nil_discards} cards to "
            "discard (or none), then press Discard."
        )
    if view.trick:
        return f"Your turn to play: {led_words(view.rules, view.trick[0][1])}."
    if _spades_closed(view):
        return "Your turn to lead: any card but a spade (spades are not broken yet)."
    return (
        "Your turn to lead: play any card you may (a card you may not play "
        'now is dimmed, and its name says "not playable now").'
    )


def _spades_closed(view: PlayerView) -> bool:
    """The learner leads, holds spades (jokers count), and the engine allows
    none of them: on a lead, that is spades not broken yet."""
    trump = view.rules.is_trump
    legal = [a for a in view.legal if isinstance(a, Card)]
    held = any(trump(c) for c in view.holding or ())
    return bool(legal) and held and not any(trump(c) for c in legal)


def _seats(session: TableSession, view: PlayerView) -> list[dict[str, Any]]:
    where = _positions(session)
    rules = view.rules
    over = session.game.is_over or view.phase is Phase.OVER
    levels = session.levels_at(session.shown_hand.number)
    out = []
    order = sorted(
        view.seats, key=lambda s: ("bottom", "left", "top", "right").index(where[s])
    )
    for seat in order:
        bid = view.bids.get(seat)
        if seat == session.seat:
            role = "you"
        elif rules.players == 4 and seat == session.seat.partner:
            role = "partner"
        else:
            role = "opponent"
        out.append(
            {
                "seat": seat.letter,
                "pos": where[seat],
                "name": seat.full,
                "title": seat_name(seat, session.seat, rules),
                "role": role,
                # the levels of the hand on the felt: a change between hands
                # shows once the next hand is dealt
                "level": levels.get(seat, ""),
                "bid": bid.label() if bid is not None else None,
                "tricks": view.tricks_won.get(seat, 0),
                "cards": view.cards_left[seat],
                "dealer": seat == view.dealer,
                "turn": view.turn == seat and not over and not session.between,
                "verb": _VERB.get(view.phase, ""),
            }
        )
    return out


def _hand(session: TableSession, view: PlayerView) -> dict[str, Any]:
    mine = session.learner_to_move()
    legal = set(view.legal) if mine else set()
    playing = view.phase is Phase.PLAYING and mine
    choosing = mine and view.phase in (Phase.EXCHANGE, Phase.BLIND_DISCARD)
    cards = []
    hand = session.game.hand
    for card in display_order(view.holding or ()):
        item: dict[str, Any] = card_json(card)
        item["legal"] = card in legal or choosing
        why = None
        if playing and card not in legal:
            error = hand.check(card, session.seat)
            why = refusal(error, view) if error is not None else None
        item["why"] = why
        cards.append(item)
    choose = None
    if choosing:
        if view.phase is Phase.EXCHANGE:
            n = view.rules.exchange
            choose = {"verb": "pass", "min": n, "max": n, "label": "Pass"}
        else:
            n = view.rules.blind_nil_discards
            choose = {"verb": "discard", "min": 0, "max": n, "label": "Discard"}
    hidden = view.holding is None
    return {
        "cards": cards,
        "hidden": hidden,
        "hidden_count": view.cards_left.get(session.seat, 0) if hidden else 0,
        "playable": playing,
        "choose": choose,
        "passed": [card_json(c) for c in view.passed],
        "received": [card_json(c) for c in view.received],
        # two players: the cards the learner saw go to the discard pile
        "discards": [card_json(c) for c in display_order(view.known_discards)],
        "discards_words": _pile_words(session, view),
    }


def _pile_words(session: TableSession, view: PlayerView) -> str:
    """What the cards the learner saw go to the discard pile are: out of
    play, unless another player's Blind Nil may draw some back."""
    if view.phase is Phase.BLIND_DISCARD and view.seat in view.declared_blind:
        return "Seen going to the discard pile (your replacements come from it)"
    other = next((s for s in view.declared_blind if s != view.seat), None)
    if view.rules.blind_nil_discards and other is not None:
        who = seat_name(other, session.seat, view.rules)
        return f"Seen going to the discard pile ({who}'s Blind Nil may draw some back)"
    return "Out of play (you saw them go to the discard pile)"


def _plays(session: TableSession, plays: Any) -> list[dict[str, Any]]:
    where = _positions(session)
    return [
        {
            "seat": s.letter,
            "pos": where[s],
            "who": seat_name(s, session.seat, session.rules),
            **{"card": card_json(c)},
        }
        for s, c in plays
    ]


def _tricks(session: TableSession, view: PlayerView) -> dict[str, Any]:
    rules = view.rules
    done = []
    for n, trick in enumerate(view.tricks, 1):
        assert trick.winner is not None
        done.append(
            {
                "n": n,
                "plays": _plays(session, trick.plays),
                "winner": trick.winner.letter,
                "winner_name": seat_name(trick.winner, session.seat, rules),
            }
        )
    winning = view.winning()
    note = ""
    if winning is not None:
        who = seat_name(winning[0], session.seat, rules)
        verb = "are" if who == "You" else "is"
        note = f"{who} {verb} winning with {winning[1].symbol}"
    elif view.phase is Phase.PLAYING and not view.tricks:
        note = "First trick"
    elif view.phase is Phase.OVER:
        note = "Game over" if session.game.is_over else "Hand over"
    elif view.phase is not Phase.PLAYING:
        note = view.phase.value.replace("_", " ").capitalize()
    broken = None
    if view.phase is Phase.PLAYING and rules.must_break_spades:
        broken = view.spades_broken
    # the two-player draw: the top card the learner decides on, face up
    drawn = None
    if view.phase is Phase.DRAW and view.drawn is not None and view.legal:
        drawn = card_json(view.drawn)
        held = len(view.holding or ())
        note = f"Top of the stock: you hold {held} of your {rules.hand_size} cards"
    last = _last_trick(session, view)
    if last is not None:
        note = (
            last["text"] if view.phase is Phase.PLAYING else f"{note} · {last['text']}"
        )
    return {
        "current": _plays(session, view.trick),
        "last": last,
        "drawn": drawn,
        "done": done,
        "note": note,
        "spades_broken": broken,
        "number": len(view.tricks) + (1 if view.trick else 0),
    }


def _last_trick(session: TableSession, view: PlayerView) -> dict[str, Any] | None:
    """The trick just won, left in the middle of the table (as at a real
    table) until the next card is played, and at the hand's end: its cards
    and who won it, ``"East won with A♦"``; ``None`` while a trick is in play
    or before the first one is won."""
    if view.trick or not view.tricks or view.phase not in (Phase.PLAYING, Phase.OVER):
        return None
    trick = view.tricks[-1]
    assert trick.winner is not None
    who = seat_name(trick.winner, session.seat, view.rules)
    card = trick.card_of(trick.winner)
    assert card is not None
    return {
        "plays": _plays(session, trick.plays),
        "winner": trick.winner.letter,
        "text": f"{who} won with {card.symbol}",
    }


def _bids(session: TableSession, view: PlayerView) -> list[dict[str, str]]:
    rules = view.rules
    return [
        {
            "seat": s.letter,
            "who": seat_name(s, session.seat, rules),
            "bid": view.bids[s].label(),
        }
        for s in view.bid_order
        if s in view.bids
    ]


def table_state(
    session: TableSession, prefs: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The whole table as JSON-ready data, from the learner's view only.

    ``prefs`` are display settings the front end keeps (``four_colour``,
    ``large_print``, ``sheet_open``), passed through unchanged."""
    game = session.game
    view = session.view
    mine = session.learner_to_move()
    buttons = []
    if mine and view.phase in (Phase.BIDDING, Phase.DRAW):
        # "Look at my cards" first: the blind bids (a gamble of 100s of
        # points) never lie where the eye and the mouse start
        buttons = sorted(
            (_action_button(a, view) for a in view.legal if not isinstance(a, Card)),
            key=lambda b: b["action"] != "look",
        )
    tip = session.hint_shown
    estimate = session.estimate_shown
    left = session.timer_left()
    unavailable = session.unavailable()  # why each tool that is off is off
    controls = {tool: tool not in unavailable for tool in TOOLS}
    controls["step"] = controls["step"] and session.speed == "step"
    controls["next_hand"] = session.between and not game.is_over
    controls["new_game"] = game.is_over
    deal = deal_words(session)
    return {
        "v": 1,
        "table": {
            "rules": game.rules.full_spec,
            "title": rules_title(game.rules),
            "house_rules": house_rules_words(game.rules),
            "seed": session.seed,
            "hand": session.shown_hand.number,
            "summary": summary(session, deal),
            "deal": deal,
            # a game the learner has played in and not finished: New game asks
            "in_play": not game.is_over and session.decisions_made > 0,
            "game": session.games_started,
            "dealer": view.dealer.full,
            "phase": "over"
            if game.is_over
            else ("between" if session.between else view.phase.value),
            "players": game.rules.players,
            # the game has the two-player draw (keys k and t: Keep, Take next)
            "draw": game.rules.players == 2,
            "you": session.seat.letter,
            "to_move": "you" if mine else ("bot" if session.bot_to_move() else None),
            "target": game.rules.target,
        },
        "prompt": _prompt(session, view),
        "notice": session.notice,
        "notice_id": session.refusals,  # the same refusal twice is said twice
        "seats": _seats(session, view),
        "hand": _hand(session, view),
        "buttons": buttons,
        "bids": _bids(session, view),
        "trick": _tricks(session, view),
        "sheet": sheet_state(session),
        "log": log_lines(session, LOG_TAIL),
        "log_from": log_first(session),
        "hint": None
        if tip is None
        else {
            "action": str(tip.action),
            "label": describe(tip.action, view.rules.players),
            # the main point in one line; the whole analysis behind "Why?"
            # ("" when the line is all of it)
            "text": tip.line,
            "more": tip.more,
        },
        "estimate": None
        if estimate is None
        else {
            "tricks": estimate.tricks,
            "bid": describe(estimate.bid),
            "text": estimate.text,
        },
        "review": review_state(session),
        "timer": None
        if left is None
        else {"seconds": session.timer, "left": round(left, 1)},
        "controls": controls,
        # why each tool that is off is off: said when it is pressed anyway
        # (it stays in the Tab order, aria-disabled)
        "unavailable": unavailable,
        "options": options_state(session),
        "resume": session.resume_token(),
        "prefs": dict(prefs or {}),
    }
