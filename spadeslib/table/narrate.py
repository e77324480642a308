"""Plain-English sentences for what just happened at the table.

Every sentence is computed from the engine's state (the hand's tricks, its
``spades_broken`` flag, its scored result), never from rules written again
here. The table calls :func:`narrate` after each action it applies; the
learner's own private information (cards drawn, passed or received) is
described only for the learner.

>>> from spadeslib import Hand, Seat
>>> hand = Hand(deal={"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
...                   "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
...                   "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
...                   "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"})
>>> for bid in (1, 1, 1, 1): hand.apply(bid)
>>> for card in ("AH", "2D", "2C"):
...     hand.apply(card)
>>> before = Snapshot.of(hand)
>>> hand.apply("2S")
>>> for line in narrate(hand, before, Seat.NORTH, Card.parse("2S"), Seat.SOUTH):
...     print(line)
North (partner) plays 2♠.
Spades are broken: North (partner) trumped the heart lead.
North (partner) wins the trick with 2♠ (the only spade, trumping the heart lead).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..actions import Action, Bid, BidKind, Discard, Draw, Exchange, Look
from ..cards import Card, Suit
from ..game import Game
from ..hand import Hand, Phase
from ..rule_sets import PRESET_WORDS
from ..rules import Rules
from ..scoring import SideScore, side_of, side_seats, sides, why_over
from ..seats import Seat
from .words import MODIFIER_WORDS, plural

__all__ = [
    "Snapshot",
    "bag_words",
    "describe_action",
    "describe_dealer",
    "describe_hand_over",
    "describe_new_game",
    "describe_result",
    "describe_trick",
    "house_rule_words",
    "house_rules_words",
    "narrate",
    "retell",
    "rules_title",
    "seat_name",
    "side_name",
    "start_words",
    "winner_words",
]


def seat_name(seat: Seat, learner: Seat | None, rules: Rules) -> str:
    """``"You"`` for the learner, ``"North (partner)"`` for the learner's
    partner, else the seat's name.

    >>> from spadeslib import Rules
    >>> r = Rules()
    >>> seat_name(Seat.NORTH, Seat.SOUTH, r), seat_name(Seat.EAST, Seat.SOUTH, r)
    ('North (partner)', 'East')
    """
    if seat == learner:
        return "You"
    if learner is not None and rules.players == 4 and seat == learner.partner:
        return f"{seat.full} (partner)"
    return seat.full


def side_name(side: str, learner: Seat | None, rules: Rules) -> str:
    """A side in words: ``"North-South (you)"``, ``"East-West"``, or for two
    players ``"You"`` / ``"North"``."""
    seats = side_seats(rules, side)
    if rules.players == 2:
        return seat_name(seats[0], learner, rules)
    words = "-".join(s.full for s in seats)
    return f"{words} (you)" if learner in seats else words


def _verb(name: str, you: str, other: str) -> str:
    return you if name == "You" else other


@dataclass(frozen=True)
class Snapshot:
    """What the narrator compares with after an action: the learner-visible
    facts of the hand before it."""

    tricks: int
    spades_broken: bool
    hand_cards: tuple[Card, ...] | None
    phase: Phase
    hidden: bool

    @classmethod
    def of(cls, hand: Hand, learner: Seat | None = None) -> Snapshot:
        """Take a snapshot of ``hand`` (with ``learner``'s own cards)."""
        own = None
        hidden = False
        if learner is not None and learner in hand.seats:
            seen = hand.view(learner).holding  # what the learner's seat may see
            hidden = seen is None
            own = None if seen is None else tuple(sorted(seen))
        return cls(len(hand.tricks), hand.spades_broken, own, hand.phase, hidden)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards) or "no cards"


def describe_action(
    hand: Hand, before: Snapshot, seat: Seat, action: Action, learner: Seat | None
) -> str:
    """One sentence for an action just applied to ``hand``."""
    rules = hand.rules
    who = seat_name(seat, learner, rules)
    mine = seat == learner
    if isinstance(action, Card):
        return f"{who} {_verb(who, 'play', 'plays')} {action.symbol}."
    if isinstance(action, Look) and before.phase is Phase.DRAW:
        # two players, before the first draw: looking declines Blind Nil
        return f"{who} {_verb(who, 'start', 'starts')} drawing (no Blind Nil)."
    if isinstance(action, Look):
        return f"{who} {_verb(who, 'look', 'looks')} at the cards."
    if isinstance(action, Bid):
        if before.phase is Phase.DRAW:
            return (
                f"{who} {_verb(who, 'declare', 'declares')} Blind Nil before "
                "drawing: to take no tricks, without seeing a card."
            )
        if action.kind is BidKind.NUMBER:
            what = f"{action.tricks} trick" + ("" if action.tricks == 1 else "s")
        else:
            what = action.label()
        looked = " (after looking)" if before.hidden and not action.is_blind else ""
        return f"{who} {_verb(who, 'bid', 'bids')} {what}{looked}."
    if isinstance(action, Draw):
        if not mine:
            return f"{who} draws."
        now = tuple(sorted(hand.view(seat).holding or ()))
        gained = [c for c in now if c not in (before.hand_cards or ())]
        kept = gained[0].symbol if gained else "a card"
        # the card that went to the discard pile: the drawer saw it (the
        # last of the seat's known discards)
        gone = hand.known_discards.get(seat)
        thrown = gone[-1].symbol if gone else ""
        if action.keep:
            return (
                f"You keep {kept}; the next card, {thrown}, goes to the discard pile."
                if thrown
                else f"You keep {kept}; the next card goes to the discard pile."
            )
        top = f"the top card, {thrown}," if thrown else "the top card"
        return f"You discard {top} and take the next one: {kept}."
    if isinstance(action, Exchange):
        partner = seat_name(seat.partner, learner, rules)
        done = seat.partner in hand.exchanges  # the cards change hands now
        if mine:
            said = f"You pass {_cards(action.cards)} to {partner}"
        else:
            count = len(action.cards)
            verb = "passes" if done else "picks"
            said = f"{who} {verb} {count} cards"
            said += " to pass" if not done else ""
            said += f" to {_verb(partner, 'you', partner)}"
            if not done and seat.partner == learner:
                said += " (face down: they reach you when you have passed yours)"
        if done and learner in (seat, seat.partner):
            giver = learner.partner
            got = hand.exchanges[giver]
            said += (
                f"; you receive {_cards(got)} from {seat_name(giver, learner, rules)}"
            )
        return said + "."
    if isinstance(action, Discard):
        count = len(action.cards)
        if mine:
            got = hand.blind_discards.get(seat, ((), ()))[1]
            return (
                f"You discard {_cards(action.cards)} and draw {_cards(got)} "
                "from the discard pile."
            )
        return (
            f"{who} discards {count} card{'s' if count != 1 else ''} and draws as many."
        )
    return f"{who}: {action}."


def describe_trick(
    rules: Rules, plays: Sequence[tuple[Seat, Card]], winner: Seat, learner: Seat | None
) -> str:
    """Who won a trick, with which card and why (trumped, or highest of the
    suit led)."""
    card = dict(plays)[winner]
    led = rules.trick_suit(plays[0][1])
    who = seat_name(winner, learner, rules)
    trumps = [c for _, c in plays if rules.is_trump(c)]
    if rules.is_trump(card) and led is not Suit.SPADES:
        how = "the only spade" if len(trumps) == 1 else "the highest spade"
        why = f"{how}, trumping the {led.singular} lead"
    elif led is Suit.SPADES:
        why = "the highest trump" if rules.jokers else "the highest spade"
    elif len({rules.trick_suit(c) for _, c in plays}) == 1:
        why = f"the highest {led.singular}"
    else:
        why = f"the highest {led.singular}, the suit led"
    return f"{who} {_verb(who, 'win', 'wins')} the trick with {card.symbol} ({why})."


def _contract_sentence(
    rules: Rules, hand: Hand, side: str, score: SideScore, learner: Seat | None
) -> str | None:
    name = side_name(side, learner, rules)
    if score.made is None:
        return None
    seats = side_seats(rules, side)
    blind_seven = any(hand.bids.get(s) == Bid.BLIND_SEVEN for s in seats)
    kind = (
        " (Blind Seven)"
        if blind_seven
        else (" (10 for 200)" if rules.ten_for_200 and score.contract == 10 else "")
    )
    took = f"took {score.counted_tricks}"
    if score.counted_tricks != score.tricks:
        took += f" (a nil bidder's {score.tricks - score.counted_tricks} not counted)"
    if score.made:
        bags = ""
        if score.overtricks:
            bags = (
                f", {score.overtricks} overtrick{'s' if score.overtricks != 1 else ''}"
            )
            bags += " (bags)"
        return (
            f"{name} bid {score.contract}{kind} and {took}: contract made, "
            f"{score.contract_points:+d}{bags}."
        )
    points = score.contract_points
    return f"{name} bid {score.contract}{kind} and {took}: set, {points:+d}."


def describe_result(
    hand: Hand, learner: Seat | None, totals: dict[str, int] | None = None
) -> list[str]:
    """Sentences for a scored hand: contracts made or set, nils, bags and
    penalties, points. ``totals`` are the running scores after the hand."""
    assert hand.result is not None, "the hand is not scored yet"
    rules = hand.rules
    sides = list(hand.result)
    if learner is not None:
        mine = side_of(rules, learner)
        sides.sort(key=lambda s: s != mine)
    lines = []
    for side in sides:
        score = hand.result[side]
        name = side_name(side, learner, rules)
        sentence = _contract_sentence(rules, hand, side, score, learner)
        if sentence:
            lines.append(sentence)
        for nil in score.nils:
            who = seat_name(nil.seat, learner, rules)
            own = "your" if who == "You" else f"{who}'s"
            if nil.made:
                lines.append(
                    f"{own[0].upper() + own[1:]} {nil.bid.label()} is made: "
                    f"{nil.points:+d}."
                )
            else:
                lines.append(
                    f"{own[0].upper() + own[1:]} {nil.bid.label()} failed "
                    f"({plural(nil.tricks, 'trick')}): "
                    f"{nil.points:+d}."
                )
        if score.nil_trick_bags:
            n = score.nil_trick_bags
            bidders = "the nil bidders" if len(score.nils) > 1 else "the nil bidder"
            lines.append(
                f"{name}: {plural(n, 'trick')} of {bidders} "
                f"count{'s' if n == 1 else ''} as bag{'s' if n != 1 else ''}, {n:+d}."
            )
        if score.penalties:
            lines.append(
                f"{name} reached {rules.bag_limit} bags: bag penalty "
                f"{-score.penalty_points:+d}, {plural(score.bags_after, 'bag')} "
                "carried."
            )
        total = f", {totals[side]} in all" if totals and side in totals else ""
        lines.append(f"{name}: {score.points:+d} this hand{total}; {bag_words(score)}.")
    return lines


def bag_words(score: SideScore) -> str:
    """A side's bags, saying which are whose: ``"2 bags this hand, 7 bags
    in all"`` (``"7 bags in all"`` when the hand added none); "in all" is
    what the side carries into the next hand, after any bag penalty."""
    total = f"{plural(score.bags_after, 'bag')} in all"
    if not score.bags_gained:
        return total
    return f"{plural(score.bags_gained, 'bag')} this hand, {total}"


def house_rule_words(rules: Rules) -> list[str]:
    """Each house rule that a text can hold, in words: ``["bag limit 5"]``.

    >>> from spadeslib import Rules
    >>> house_rule_words(Rules.parse("classic+bag_limit=5")), house_rule_words(Rules())
    (['bag limit 5'], [])
    """
    return [
        text.replace("=", " ").replace("_", " ")
        for text in rules.house_rule_texts
        if "=" in text
    ]


def rules_title(rules: Rules) -> str:
    """The rule set by the names the Options panel uses, house rules last:
    ``"Cards4.net + Mirror + bag limit 5"``.

    >>> rules_title(Rules.parse("classic+bag_limit=5"))
    'Classic + bag limit 5'
    """
    names = [PRESET_WORDS[rules.preset][0]]
    names += [MODIFIER_WORDS[m][0] for m in rules.modifiers]
    names += house_rule_words(rules)
    return " + ".join(names)


def house_rules_words(rules: Rules) -> str:
    """The house rules in words, ``""`` when there are none:
    ``"House rules: bag limit 5, bag penalty 50."``"""
    words = house_rule_words(rules)
    return f"House rules: {', '.join(words)}." if words else ""


def narrate(
    hand: Hand,
    before: Snapshot,
    seat: Seat,
    action: Action,
    learner: Seat | None,
    totals: dict[str, int] | None = None,
) -> list[str]:
    """The sentences for ``seat``'s ``action``, just applied to ``hand``:
    the action, spades breaking, a trick won, and the hand's result."""
    rules = hand.rules
    lines = [describe_action(hand, before, seat, action, learner)]
    if rules.must_break_spades and hand.spades_broken and not before.spades_broken:
        who = seat_name(seat, learner, rules)
        who = "you" if who == "You" else who  # after a colon
        plays = (
            hand.tricks[-1].plays if len(hand.tricks) > before.tricks else hand.trick
        )
        if plays and plays[0][0] == seat:
            lines.append(f"Spades are broken: {who} led a spade, holding only spades.")
        elif plays:
            led = rules.trick_suit(plays[0][1])
            lines.append(f"Spades are broken: {who} trumped the {led.singular} lead.")
    if len(hand.tricks) > before.tricks:
        trick = hand.tricks[-1]
        assert trick.winner is not None
        lines.append(describe_trick(rules, trick.plays, trick.winner, learner))
    if hand.is_over and before.phase is not Phase.OVER:
        lines.extend(describe_result(hand, learner, totals))
    return lines


def describe_dealer(hand: Hand, learner: Seat | None) -> str:
    """``"Hand 2: you deal."`` or ``"Hand 2: West deals."``."""
    who = seat_name(hand.dealer, learner, hand.rules)
    if who == "You":
        return f"Hand {hand.number}: you deal."
    return f"Hand {hand.number}: {who} deals."


def describe_new_game(game: Game, learner: Seat | None) -> str:
    """``"New game: Classic, seed 3. Hand 1: East deals."``: the first line of
    a game's log, the rules named as the Options panel and the "Loaded" and
    "Resumed" lines name them (:func:`rules_title`)."""
    first = describe_dealer(game.hands[0], learner)
    start = start_words(game.rules, game.start_scores, game.start_bags, learner)
    start = f" Starting from {start}." if start else ""
    return f"New game: {rules_title(game.rules)}, seed {game.seed}.{start} {first}"


def start_words(
    rules: Rules,
    scores: Mapping[str, int] | None,
    bags: Mapping[str, int] | None,
    learner: Seat | None,
) -> str:
    """Where a game starts, in words (``""``: at 0, every side's score and
    bags; a side left out is at 0).

    >>> start_words(Rules("classic"), {"NS": 440, "EW": 470}, {"NS": 8}, Seat.SOUTH)
    'North-South (you) 440 (8 bags), East-West 470'
    """
    scores, bags = scores or {}, bags or {}
    if not any(scores.values()) and not any(bags.values()):
        return ""
    return ", ".join(
        f"{side_name(s, learner, rules)} {scores.get(s, 0)}"
        + (f" ({plural(bags[s], 'bag')})" if bags.get(s) else "")
        for s in sides(rules)
    )


def winner_words(game: Game, learner: Seat | None) -> str:
    """``"East-West won, 527 to 59: East-West reached the target of 500"``
    (``"no winner"`` while the game goes on)."""
    if game.winner is None:
        return "no winner"
    rules = game.rules
    winner = side_name(game.winner, learner, rules)
    others = [s for s in game.scores if s != game.winner]
    score = " to ".join(str(game.scores[s]) for s in (game.winner, *others))
    why = why_over(rules, game.scores)
    if why is None:
        return f"{winner} won, {score}"
    kind, side = why
    who = side_name(side, learner, rules)
    reason = (
        f"{who} reached the target of {rules.target}"
        if kind == "target"
        else f"{who} fell to {game.scores[side]}, at or below the losing "
        f"threshold of {rules.losing_threshold}"
    )
    return f"{winner} won, {score}: {reason}"


def describe_hand_over(
    hand: Hand,
    following: Hand | None,
    learner: Seat | None,
    *,
    auto_next: bool,
    game_over: str | None = None,
) -> str:
    """The line after a hand's result: ``"Game over: ..."`` (``game_over``
    is :func:`winner_words`), the next hand's dealer (``auto_next``: it is
    dealt at once), or ``"Hand 1 is over. Press Next hand to deal hand 2."``."""
    if game_over is not None:
        return f"Game over: {game_over}."
    if following is None:
        raise ValueError(f"hand {hand.number} is over but no hand follows it")
    if auto_next:
        return describe_dealer(following, learner)
    return (
        f"Hand {hand.number} is over. Press Next hand to deal hand {following.number}."
    )


class Aside(NamedTuple):
    """A line of the log that the moves do not hold (a hint, a review, a
    take-back), with its place: after ``moves`` moves of the game's hand
    ``hand`` (an index). ``of_move``: it tells of the move that follows (the
    timer's choice), and goes when that move is taken back."""

    hand: int
    moves: int
    text: str
    of_move: bool = False

    @staticmethod
    def place(hand: Hand) -> tuple[int, int]:
        """Where a line said now stands in ``hand``: ``(index, moves made)``."""
        return hand.number - 1, len(hand.history)


def retell(
    game: Game,
    learner: Seat | None,
    *,
    auto_next: bool = False,
    between: bool = False,
    asides: Sequence[Aside] = (),
) -> list[str]:
    """Every line the table writes for ``game``'s moves, in order, as it
    wrote them live (for a game loaded or resumed, whose log is not kept
    with it): the new game, each hand's deal, each action (the same
    :func:`narrate`), each hand's end. ``auto_next``: the table deals each
    next hand at once; ``between``: the last hand is dealt but the table
    still shows the one before (its deal is not told yet). What the moves
    do not hold (hints, estimates, reviews, undos) is told only as
    ``asides``, each after its number of moves of its hand (after the hand's
    end, once all are made).

    >>> from spadeslib import Game
    >>> game = Game("classic", seed=3)
    >>> for bid in (3, 4): game.apply(bid)
    >>> retell(game, Seat.SOUTH)  # doctest: +NORMALIZE_WHITESPACE
    ['New game: Classic, seed 3. Hand 1: East deals.', 'You bid 3 tricks.',
     'West bids 4 tricks.']
    """
    lines = [describe_new_game(game, learner)]
    placed: dict[tuple[int, int], list[str]] = {}
    for aside in asides:
        placed.setdefault((aside.hand, aside.moves), []).append(aside.text)
    hands = game.hands
    for index, hand in enumerate(hands):
        last = index == len(hands) - 1
        if index and not auto_next and not (between and last):
            lines.append(describe_dealer(hand, learner))
        replay = hand.at_deal()
        totals = (
            game.running_scores[index] if index < len(game.running_scores) else None
        )
        made = len(hand.history)
        for moves, (seat, action, _) in enumerate(hand.history):
            lines.extend(placed.get((index, moves), ()))  # said before this move
            before = Snapshot.of(replay, learner)
            replay.apply(action, seat, check=False)
            done = replay.history[-1][1]
            lines.extend(narrate(replay, before, seat, done, learner, totals=totals))
        over = game.is_over and last
        if replay.is_over and (over or not last):
            lines.append(
                describe_hand_over(
                    replay,
                    None if last else hands[index + 1],
                    learner,
                    auto_next=auto_next,
                    game_over=winner_words(game, learner) if over else None,
                )
            )
        lines.extend(placed.get((index, made), ()))
    return lines
