"""Text and HTML rendering of cards, hands, tricks and score sheets.

Imported only when something is displayed, so ``import spadeslib`` stays
fast. ``four_colour=True`` draws clubs green and diamonds blue; without it
the HTML renderers read :data:`options` (``options.four_colour = True``
draws a notebook's cards and hands in four colours, and a table opened
afterwards starts with its four-colour box ticked; the box itself changes
only that table, in the browser).

>>> from spadeslib import Card
>>> card_html(Card.parse("QH"))
'<span class="spades-card" style="color:#c0392b" title="queen of hearts">Q♥</span>'
"""

from __future__ import annotations

import html
import re
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import SUIT_DISPLAY_ORDER, Card, Suit
from .phase import Phase
from .scoring import sides

if TYPE_CHECKING:
    from .game import Game
    from .hand import Hand
    from .tricks import Trick

__all__ = [
    "and_list",
    "card_html",
    "cards_text",
    "hand_html",
    "hand_text",
    "inline_html",
    "options",
    "plural",
    "score_sheet_html",
    "score_sheet_text",
    "suit_colour",
    "trick_html",
    "wrapped",
]


def plural(n: int, word: str, words: str | None = None) -> str:
    """A count with its noun: ``"1 trick"``, ``"2 tricks"``, and ``words``
    where the plural is not the noun and an s.

    >>> plural(1, "bag"), plural(0, "trick"), plural(2, "penalty", "penalties")
    ('1 bag', '0 tricks', '2 penalties')
    """
    return f"{n} {word if n == 1 else (words or word + 's')}"


def wrapped(text: str, width: int = 88, indent: int = 0) -> str:
    """``text`` broken into lines of at most ``width`` characters between
    words (each of its own lines apart), the lines after the first of each
    indented by ``indent`` spaces: printed prose that a notebook does not
    break in the middle of a word.

    >>> print(wrapped("North  Bid 4: two aces, a king and a long suit", 24, 7))
    North  Bid 4: two aces,
           a king and a long
           suit
    """
    return "\n".join(
        textwrap.fill(line, width, subsequent_indent=" " * indent) or line
        for line in text.split("\n")
    )


def and_list(words: list[str]) -> str:
    """Words as a list in a sentence: ``"A"``, ``"A and B"``, ``"A, B and C"``.

    >>> and_list(["3♥"]), and_list(["East", "West"]), and_list(["a", "b", "c"])
    ('3♥', 'East and West', 'a, b and c')
    """
    return ", ".join(words[:-1]) + " and " + words[-1] if words[1:] else words[0]


@dataclass
class DisplayOptions:
    """Rendering switches: the defaults of the renderers' keywords (a card's
    or a hand's ``_repr_html_`` passes none)."""

    four_colour: bool = False


options = DisplayOptions()

# Black suits take the page's own text colour ("inherit"): black on a light
# page, light on a dark theme (a fixed near-black vanished on JupyterLab
# Dark). The jokers' purple reads on both, 4.7:1 on white, 4:1 on #111
# (the old #6c3483 was 2.2:1 on dark).
_BLACK = "inherit"
_TWO_COLOUR = {
    Suit.CLUBS: _BLACK,
    Suit.DIAMONDS: "#c0392b",
    Suit.HEARTS: "#c0392b",
    Suit.SPADES: _BLACK,
    Suit.JOKER: "#9b59b6",
}
_FOUR_COLOUR = {
    Suit.CLUBS: "#1e8449",
    Suit.DIAMONDS: "#1f5fbf",
    Suit.HEARTS: "#c0392b",
    Suit.SPADES: _BLACK,
    Suit.JOKER: "#9b59b6",
}


def inline_html(text: str) -> str:
    """A line of the course's Markdown as HTML: ``**bold**``, ``*italic*``
    and ``code``, the rest escaped (printed pages: handouts, sheets).

    >>> inline_html("Press *Check my play*, then `q1.check(2*3*4)` & **go**")
    'Press <i>Check my play</i>, then <code>q1.check(2*3*4)</code> &amp; <b>go</b>'
    """
    parts = re.split(r"(`[^`]+`)", text)  # code spans are left as they are
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append(f"<code>{html.escape(part[1:-1])}</code>")
            continue
        part = html.escape(part)
        part = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", part)
        out.append(re.sub(r"(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])", r"<i>\1</i>", part))
    return "".join(out)


def suit_colour(suit: Suit, four_colour: bool | None = None) -> str:
    """The CSS colour of a suit (red/black, or four colours; ``None``: as
    :data:`options` says); the black suits are ``"inherit"``, the text
    colour of the page they are shown on.

    >>> suit_colour(Suit.DIAMONDS), suit_colour(Suit.DIAMONDS, four_colour=True)
    ('#c0392b', '#1f5fbf')
    >>> suit_colour(Suit.SPADES)
    'inherit'
    """
    four = options.four_colour if four_colour is None else four_colour
    return (_FOUR_COLOUR if four else _TWO_COLOUR)[suit]


def card_html(card: Card, four_colour: bool | None = None) -> str:
    """One card as a coloured HTML span whose title names it in words; a
    black suit's span has no colour of its own (it takes the page's).
    ``four_colour``: as :func:`suit_colour`.

    >>> card_html(Card.parse("BJ"))
    '<span class="spades-card" style="color:#9b59b6" title="big joker">Big Joker</span>'
    >>> card_html(Card.parse("2S"))
    '<span class="spades-card" title="two of spades">2♠</span>'
    >>> card_html(Card.parse("2C"), four_colour=True)
    '<span class="spades-card" style="color:#1e8449" title="two of clubs">2♣</span>'
    """
    colour = suit_colour(card.suit, four_colour)
    style = "" if colour == _BLACK else f' style="color:{colour}"'
    return (
        f'<span class="spades-card"{style} '
        f'title="{card.name}">{html.escape(card.symbol)}</span>'
    )


def cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards grouped by suit, spades first: ``"♠ A 10 4  ♥ K 2  ..."``.

    >>> cards_text(Card.parse_many("4S AS 10S KH 2H 3C")), cards_text([])
    ('♠ A 10 4  ♥ K 2  ♣ 3', '-')
    """
    parts = []
    for suit in SUIT_DISPLAY_ORDER:
        ranks = [c.rank.label for c in sorted(cards, reverse=True) if c.suit is suit]
        if ranks:
            parts.append(f"{suit.symbol} {' '.join(ranks)}")
    return "  ".join(parts) or "-"


def _cards_html(
    cards: list[Card] | tuple[Card, ...], four_colour: bool | None = None
) -> str:
    order = SUIT_DISPLAY_ORDER
    ordered = sorted(cards, key=lambda c: (order.index(c.suit), -c.rank))
    return " ".join(card_html(c, four_colour) for c in ordered) or "&ndash;"


def hand_text(hand: Hand) -> str:
    """A plain-text picture of a hand: holdings, bids, tricks and the trick.

    >>> from spadeslib import Hand
    >>> hand = Hand(seed=7, dealer="W"); hand.apply(3)
    >>> print(hand_text(hand))
    Hand 1 (cards4net), dealer West, bidding, East to act
      North ♠ Q 5 4 3  ♥ A 8 3  ♣ 8  ♦ K 10 7 6 3        bid 3           tricks 0
      East  ♠ A K 10 7 6 2  ♥ J 10 5  ♣ K 7  ♦ A 4       bid -           tricks 0
      South ♠ 9  ♥ K 9 7 6  ♣ J 9 6 4 3 2  ♦ J 5         bid -           tricks 0
      West  ♠ J 8  ♥ Q 4 2  ♣ A Q 10 5  ♦ Q 9 8 2        bid -           tricks 0
    """
    lines = [
        f"Hand {hand.number} ({hand.rules.full_spec}), dealer {hand.dealer.full}, "
        f"{hand.phase.value}"
        + (f", {hand.turn.full} to act" if hand.turn is not None else "")
    ]
    for seat in hand.seats:
        bid = hand.bids.get(seat)
        lines.append(
            f"  {seat.full:<5} {cards_text(hand.holding[seat]):<44} "
            f"bid {bid.label() if bid else '-':<11} tricks {hand.tricks_won[seat]}"
        )
    if hand.trick:
        lines.append("  trick: " + " ".join(f"{s}:{c.symbol}" for s, c in hand.trick))
    if hand.result:
        for side, score in hand.result.items():
            lines.append(f"  {side}: {score.points:+d} points, {score.bags_after} bags")
    return "\n".join(lines)


_STYLE = (
    "<style>.spades-table td,.spades-table th{padding:2px 8px;text-align:left}"
    ".spades-card{font-weight:600;font-size:1.05em}</style>"
)


def hand_html(hand: Hand, four_colour: bool | None = None) -> str:
    """A table of the four holdings, bids and tricks, plus the trick in play
    (``four_colour``: as :func:`suit_colour`).

    >>> from spadeslib import Hand
    >>> hand_html(Hand(seed=7, dealer="W"))
    '<style>...</style><div>...dealer West, bidding, North to act<table...'
    """
    rows = []
    for seat in hand.seats:
        bid = hand.bids.get(seat)
        rows.append(
            f"<tr><th>{seat.full}</th>"
            f"<td>{_cards_html(hand.holding[seat], four_colour)}</td>"
            f"<td>{bid.label() if bid else '&ndash;'}</td>"
            f"<td>{hand.tricks_won[seat]}</td></tr>"
        )
    trick = ""
    if hand.trick:
        trick = (
            "<p>Trick: "
            + " ".join(f"{s.full} {card_html(c, four_colour)}" for s, c in hand.trick)
            + "</p>"
        )
    turn = f", {hand.turn.full} to act" if hand.turn is not None else ""
    spec = html.escape(hand.rules.full_spec)
    return (
        f"{_STYLE}<div><b>Hand {hand.number}</b> ({spec}), "
        f"dealer {hand.dealer.full}, {hand.phase.value}{turn}"
        "<table class='spades-table'><tr><th>Seat</th><th>Cards</th><th>Bid</th>"
        f"<th>Tricks</th></tr>{''.join(rows)}</table>{trick}</div>"
    )


def trick_html(trick: Trick, four_colour: bool | None = None) -> str:
    """A trick as seat: card pairs, the winner in bold (``four_colour``: as
    :func:`suit_colour`).

    >>> from spadeslib import Seat, Trick
    >>> trick_html(Trick(Seat.EAST, ((Seat.EAST, Card.parse("2C")),
    ...                              (Seat.SOUTH, Card.parse("AC"))), Seat.SOUTH))
    '<span>East <span ...>2♣</span> &middot; <b>South <span ...>A♣</span></b></span>'
    """
    cells = []
    for seat, card in trick.plays:
        text = f"{seat.full} {card_html(card, four_colour)}"
        cells.append(f"<b>{text}</b>" if seat == trick.winner else text)
    return "<span>" + " &middot; ".join(cells) + "</span>"


def _sheet_rows(
    game: Game,
) -> list[tuple[int, str, dict[str, tuple[str, str, int, int, int]]]]:
    rows = []
    totals = game.start_scores  # 0 unless the game started elsewhere
    for hand in game.finished_hands:
        assert hand.result is not None
        per_side = {}
        for side, score in hand.result.items():
            totals[side] += score.points
            bids = "+".join(
                hand.bids[s].label()  # all bid
                for s in hand.seats
                if hand.side_of(s) == side
            )
            per_side[side] = (
                bids,
                str(score.tricks),
                score.points,
                score.bags_after,
                totals[side],
            )
        rows.append((hand.number, hand.dealer.letter, per_side))
    return rows


def _progress(game: Game) -> str:
    """Where an unfinished game stands: the hand in its bidding (its draw,
    its exchange) or being played, or, between hands, the one just scored
    and the one dealt next."""
    hand = game.hand
    if not (hand.history or hand.number == 1):
        return f"hand {hand.number - 1} scored, hand {hand.number} dealt"
    if hand.phase is Phase.PLAYING:
        return f"playing hand {hand.number}"
    return f"hand {hand.number}: {hand.phase.value.replace('_', ' ')}"


def score_sheet_text(game: Game) -> str:
    """The score sheet as text: per hand and side, bids, tricks, points, bags,
    total. The bids column is as wide as its widest label (at least 13), so
    ``Blind Nil+Blind Nil`` keeps the columns in line.

    >>> from spadeslib import Game
    >>> game = Game("classic", seed=3)
    >>> while len(game.hands) < 2:  # random play to the end of hand 1
    ...     game.apply(game.hand.random_action(game.rng), check=False)
    >>> print(score_sheet_text(game))
    hand dealer | NS bids       tricks points bags total | EW bids ... total
       1      E | 6+6                8   -120    0  -120 | 1+6 ...
    totals: NS -120, EW -70  bags: NS 0, EW 0  hand 1 scored, hand 2 dealt
    """
    names = sides(game.rules)
    rows = _sheet_rows(game)
    width = max([13] + [len(per_side[s][0]) for _, _, per_side in rows for s in names])
    head = "hand dealer " + " ".join(
        f"| {f'{s:<2} bids':<{width}} tricks points bags total" for s in names
    )
    lines = [head]
    if game.started_elsewhere:
        lines.append(f"start: {_totals(game.start_scores, game.start_bags)}")
    for number, dealer, per_side in rows:
        cells = " ".join(
            f"| {b:<{width}} {t:>6} {p:>+6d} {g:>4} {tot:>5}"
            for b, t, p, g, tot in (per_side[s] for s in names)
        )
        lines.append(f"{number:>4} {dealer:>6} {cells}")
    end = f"winner: {game.winner}" if game.is_over else _progress(game)
    lines.append(f"totals: {_totals(game.scores, game.bags)}  {end}")
    return "\n".join(lines)


def _totals(scores: dict[str, int], bags: dict[str, int]) -> str:
    """``"NS 460, EW 430  bags: NS 0, EW 8"``."""
    totals = ", ".join(f"{s} {v}" for s, v in scores.items())
    return f"{totals}  bags: {', '.join(f'{s} {v}' for s, v in bags.items())}"


def score_sheet_html(game: Game) -> str:
    """The score sheet as an HTML table (penalties shown in red).

    >>> from spadeslib import Game
    >>> sheet = score_sheet_html(Game("classic", seed=3))
    >>> sheet[sheet.index("<p>") :]
    '<p>Hand 1: bidding &middot; classic, target 500</p>'
    """
    names = sides(game.rules)
    head = "".join(f"<th colspan=5>{s}</th>" for s in names)
    sub = "".join(
        "<th>bids</th><th>tricks</th><th>points</th><th>bags</th><th>total</th>"
        for _ in names
    )
    body = []
    if game.started_elsewhere:
        cells = "".join(
            f"<td colspan=3></td><td>{game.start_bags[s]}</td>"
            f"<td><b>{game.start_scores[s]}</b></td>"
            for s in names
        )
        body.append(f"<tr><td colspan=2>start</td>{cells}</tr>")
    for number, dealer, per_side in _sheet_rows(game):
        cells = ""
        for s in names:
            b, t, p, g, tot = per_side[s]
            colour = " style='color:#c0392b'" if p < 0 else ""
            cells += (
                f"<td>{html.escape(b)}</td><td>{t}</td><td{colour}>{p:+d}</td>"
                f"<td>{g}</td><td><b>{tot}</b></td>"
            )
        body.append(f"<tr><td>{number}</td><td>{dealer}</td>{cells}</tr>")
    status = (
        f"Winner: <b>{game.winner}</b>"
        if game.is_over
        else _progress(game).capitalize()
    )
    return (
        f"{_STYLE}<table class='spades-table'><tr><th rowspan=2>hand</th>"
        f"<th rowspan=2>dealer</th>{head}</tr><tr>{sub}</tr>{''.join(body)}</table>"
        f"<p>{status} &middot; {html.escape(game.rules.full_spec)}, target "
        f"{game.rules.target}</p>"
    )
