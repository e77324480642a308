"""A one-page printable rules summary of a rule set, written from its :class:`Rules`.

Every rule statement is built from the fields of a :class:`Rules` value, and
every example score is computed by :func:`~spadeslib.scoring.score_hand`, so
the sheet cannot drift from the engine. ``spades rules --sheet PRESET`` writes
it; the course links the sheets of the four presets in ``docs/sheets/``.

>>> lines = dict(sheet_sections("yppedia"))
>>> lines["Scoring a hand"][2]
'Nil: +50 if the bidder wins no trick, -50 if not; Blind Nil: +100 / -100.'
>>> "game also ends when a side falls to -200" in " ".join(lines["Winning"])
True
>>> differences("two-player")[0]
('players', '2 players, each scoring alone')
>>> html = rules_sheet("classic+ten_for_200")
>>> "@page" in html and "size: A4" in html and "+200" in html
True
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .actions import Bid
from .cards import Card
from .rule_sets import modifier_text
from .rules import PRESETS, Rules
from .scoring import apply_bags, score_hand
from .seats import Seat

__all__ = [
    "SHEET_PRESETS",
    "differences",
    "parameter_words",
    "rules_markdown",
    "rules_sheet",
    "sheet_sections",
    "write_sheets",
]

SHEET_PRESETS: tuple[str, ...] = tuple(PRESETS)
"""The rule sets whose sheets the course publishes (``docs/sheets/NAME.html``)."""

N, E, S, W = Seat


def _rules(spec: str | Rules) -> Rules:
    return spec if isinstance(spec, Rules) else Rules.parse(spec)


def _signed(n: int) -> str:
    return f"{n:+d}"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _team_points(rules: Rules, bids: dict[Seat, Bid], tricks: dict[Seat, int]) -> int:
    """Points of North's side for a hand with these bids and tricks."""
    side = "NS" if rules.players == 4 else "N"
    return score_hand(rules, bids, tricks, {})[side].points


def _example(rules: Rules, bid: int, won: int) -> int:
    """Points of a side that bid ``bid`` and won ``won`` tricks (no nil)."""
    if rules.players == 2:
        return _team_points(rules, {N: Bid(bid), S: Bid(1)}, {N: won, S: 13 - won})
    north = min(bid, 4)
    rest = 13 - won
    return _team_points(
        rules,
        {N: Bid(north), S: Bid(bid - north), E: Bid(1), W: Bid(1)},
        {N: won, S: 0, E: rest - rest // 2, W: rest // 2},
    )


def _players(rules: Rules) -> list[str]:
    if rules.players == 2:
        who = "Two players, North and South, each scoring alone."
    else:
        who = (
            "Four players: North and South play against East and West; "
            "partners sit opposite. Play goes clockwise."
        )
    deck = f"{len(rules.deck)} cards"
    if rules.jokers:
        deck += (
            f": the Big and Little Joker replace {_cards(rules.removed_cards)}; "
            "the jokers count as spades"
        )
    else:
        deck += ", no jokers"
    return [
        who,
        f"Deck: {deck}. Each suit ranks A K Q J 10 9 8 7 6 5 4 3 2"
        + (
            f" (no {' or '.join(c.symbol for c in rules.removed_cards)} here)."
            if rules.removed_cards
            else "."
        ),
        f"Trumps, high to low: {_cards(rules.trump_order)}. A trump beats any "
        "card of another suit.",
    ]


def _deal(rules: Rules) -> list[str]:
    if rules.players == 2:
        return [
            "No deal: the stock is shuffled. In turn, each player takes the top "
            "card and keeps it (the next one goes to the discard pile) or discards "
            "it and keeps the next one, until each holds 13 cards. Discards are "
            "face down: the drawer sees them, the opponent does not.",
            "The first to draw swaps every hand; the other player bids first and "
            "leads first.",
        ]
    return [
        f"All {len(rules.deck)} cards are dealt one at a time, clockwise from "
        f"the dealer's left: {rules.hand_size} each. The deal passes clockwise.",
    ]


def _bidding(rules: Rules) -> list[str]:
    first = (
        "the player who drew second"
        if rules.players == 2
        else "the player left of the dealer"
    )
    out = [f"One round of bids, starting with {first}; no passing."]
    low = 0 if rules.numeric_zero else 1
    if not rules.nil:
        zero = "; no Nil" + ("" if rules.numeric_zero else ", so no bid of 0")
    elif rules.numeric_zero:
        zero = " or Nil (0 is a number of tricks, not Nil)"
    else:
        zero = " or Nil (a bid of 0 is Nil)"
    out.append(f"Bids: {low} to 13 tricks{zero}.")
    if rules.players == 4:
        out.append(
            "Partners' bids add up to the side's contract; the four bids need not "
            "total 13."
        )
    if rules.nil:
        if rules.nil_before_partner_only:
            out.append("Nil is offered only while your partner has not bid.")
        elif rules.players == 4 and not rules.suicide:
            both = "may" if rules.double_nil else "may not"
            out.append(f"Both partners {both} bid Nil; each nil is scored alone.")
    out.extend(_blind(rules))
    if rules.bid_rule == "mirror":
        even = ", even after your partner has bid" * rules.nil_before_partner_only
        out.append(
            f"Mirror: bid exactly the spades you hold; with no spades your bid is "
            f"Nil{even}."
        )
    elif rules.bid_rule == "whiz":
        if rules.numeric_zero:
            none = "with no spades you bid 0 (or Nil while Nil is offered)"
        else:
            none = "with no spades your bid is Nil"
        out.append(f"Whiz: bid the spades you hold, or Nil; {none}.")
    if rules.suicide:
        out.append(
            "Suicide: each side has exactly one Nil: if the first partner to bid "
            "does not bid Nil, the second must."
        )
    if rules.blind_seven:
        out.append(
            "Blind Seven: before either partner looks, the first of a side to bid "
            "may declare it; the partner then bids it too. Contract 7."
        )
    return out


def _blind(rules: Rules) -> list[str]:
    if not rules.nil or rules.blind_nil == "none":
        return ["No Blind Nil."]
    if rules.blind_nil == "first_bidder":
        when = "only by the first bidder, before anyone bids"
    elif rules.blind_nil == "trailing":
        when = (
            f"only by a player whose side is at least {rules.blind_nil_margin} "
            "points behind when the hand starts"
        )
    else:
        when = "before taking the first card"
    text = f"Blind Nil is declared before looking at the cards, {when}."
    if rules.blind_nils_per_team == 1 and rules.players == 4:
        text += " One per side."
    if rules.exchange:
        text += (
            f" After the bids, the blind-nil bidder and partner exchange "
            f"{rules.exchange} cards face down."
        )
    if rules.blind_nil_discards:
        text += (
            f" After the draw, that player may discard up to "
            f"{rules.blind_nil_discards} cards and replace them at random from the "
            "discard pile, never taking back the cards just thrown."
        )
    return [text]


def _play(rules: Rules) -> list[str]:
    if rules.dealer_leads:
        first = "The dealer leads the first trick"
    elif rules.players == 2:
        first = "The player who drew second leads the first trick"
    else:
        first = "The player left of the dealer leads the first trick"
    out = [
        f"{first}. Follow the suit led if you can; if not, play any card, a trump "
        "included.",
        "The highest trump wins the trick; with no trump in it, the highest card "
        "of the suit led. The winner leads next.",
    ]
    if rules.must_break_spades:
        out.append(
            "You may not lead a spade until spades are broken (a spade played on "
            "another suit, or led by a player holding only spades), unless you "
            "hold only spades. Trumping is always allowed."
        )
    else:
        out.append("Any card may be led at any time: spades need not be broken.")
    if rules.move_timer:
        out.append(
            f"Move timer: after {rules.move_timer:g} s a random legal card is "
            "played for you."
        )
    return out


def _scoring(rules: Rules) -> list[str]:
    who = "a side" if rules.players == 4 else "a player"
    made, over, short = _example(rules, 7, 7), _example(rules, 7, 8), (7, 6)
    out = [
        f"Contract made: 10 points per trick bid, +1 per overtrick (a bag). "
        f"Bid 7, win 7: {_signed(made)}; win 8: {_signed(over)}.",
        f"Contract set: -10 per trick bid, whatever was won. Bid {short[0]}, win "
        f"{short[1]}: {_signed(_example(rules, *short))}.",
    ]
    if rules.nil:
        blind = ""
        if rules.blind_nil != "none":
            blind = (
                f"; Blind Nil: {_signed(rules.blind_nil_value)} / "
                f"{_signed(-rules.blind_nil_value)}"
            )
        out.append(
            f"Nil: {_signed(rules.nil_value)} if the bidder wins no trick, "
            f"{_signed(-rules.nil_value)} if not{blind}."
        )
        out.append(_nil_tricks(rules))
    if rules.players == 4 and rules.numeric_zero:
        zero = _team_points(
            rules,
            {N: Bid(0), S: Bid(0), E: Bid(6), W: Bid(5)},
            {N: 1, S: 1, E: 6, W: 5},
        )
        out.append(
            f"A side contract of 0 scores nothing and gives no bags (bid 0 + 0, "
            f"win 2: {zero} points)."
        )
    if rules.ten_for_200:
        out.append(
            f"Ten for 200: {who} contract of exactly 10 scores "
            f"{_signed(_example(rules, 10, 10))} made, "
            f"{_signed(_example(rules, 10, 9))} set; overtricks are still bags."
        )
    if rules.blind_seven:
        seven = {N: Bid.BLIND_SEVEN, S: Bid.BLIND_SEVEN, E: Bid(3), W: Bid(3)}
        ok = _team_points(rules, seven, {N: 4, S: 3, E: 3, W: 3})
        bad = _team_points(rules, seven, {N: 3, S: 3, E: 4, W: 3})
        out.append(f"Blind Seven: {_signed(ok)} made, {_signed(bad)} set.")
    return out


def _nil_tricks(rules: Rules) -> str:
    if rules.players == 2:
        return "A failed Nil's tricks are not bags."
    bids = {N: Bid.NIL, S: Bid(3), E: Bid(4), W: Bid(4)}
    points = _team_points(rules, bids, {N: 1, S: 2, E: 5, W: 5})
    fate = {
        "team": "count towards the partner's contract",
        "bags": "do not count for the partner; each is a bag worth 1 point",
        "ignored": "count neither for the partner nor as bags",
    }[rules.nil_tricks]
    return (
        f"A nil bidder's tricks {fate}. Nil fails with 1 trick, partner bid 3 "
        f"and won 2: the side scores {_signed(points)}."
    )


def _bags(rules: Rules) -> list[str]:
    penalties, left = apply_bags(rules, rules.bag_limit - 2, 3)
    return [
        "Bags (overtricks) add up from hand to hand.",
        f"Each time they reach {rules.bag_limit}, lose {rules.bag_penalty} points "
        f"and keep the rest: {rules.bag_limit - 2} bags + 3 = {penalties} penalty, "
        f"{left} bag carried.",
        "The bag penalty comes before the check for a winner.",
    ]


def _winning(rules: Rules) -> list[str]:
    side = "side" if rules.players == 4 else "player"
    out = [
        f"After each hand: a {side} at {rules.target} points or more has won; if "
        f"both are, the higher score wins; equal scores play another hand."
    ]
    if rules.losing_threshold is not None:
        out.append(
            f"The game also ends when a {side} falls to {rules.losing_threshold} "
            "or below; the higher score wins."
        )
    return out


def parameter_words(rules: Rules, name: str) -> str:
    """The rule parameter ``name`` of ``rules`` in plain words, with its value.

    >>> parameter_words(Rules("yppedia"), "nil_value")
    'a Nil is worth 50 points'
    >>> parameter_words(Rules.parse("classic+mirror"), "bid_rule")
    'everyone bids exactly the spades they hold; a hand without spades bids Nil'
    """
    value = getattr(rules, name)
    side = "side" if rules.players == 4 else "player"
    team = "team" if rules.players == 4 else "player"

    def cards(value: tuple[Card, ...]) -> str:
        return " ".join(str(c) for c in value) or "nothing"

    words: dict[str, Callable[[Any], str]] = {
        "players": lambda v: f"{v} players, each scoring alone",
        "target": lambda v: f"the game is played to {v} points",
        "losing_threshold": lambda v: (
            f"the game also ends when a {side} falls to "
            f"{v} or below; the higher score wins"
        ),
        "bag_limit": lambda v: f"every {v} bags cost the bag penalty",
        "bag_penalty": lambda v: f"the bag penalty is {v} points",
        "numeric_zero": lambda v: (
            "0 is a bid of its own" if v else "there is no bid of 0: zero is Nil"
        ),
        "nil": lambda v: "Nil may be bid" if v else "no Nil",
        "nil_before_partner_only": lambda v: (
            "Nil only while your partner has not bid"
            if v
            else "Nil even after your partner has bid"
        ),
        "double_nil": lambda v: (
            "both partners may bid Nil" if v else "one Nil per team"
        ),
        "bid_rule": lambda v: {
            None: "bids as you choose",
            "mirror": modifier_text("mirror", rules)[1],
            "whiz": modifier_text("whiz", rules)[1],
        }.get(v, f"bids by the {v} rule"),
        "suicide": lambda v: (
            modifier_text("suicide", rules)[1] if v else "no partnership must bid Nil"
        ),
        "nil_value": lambda v: f"a Nil is worth {v} points",
        "blind_nil": lambda v: {
            "none": "no Blind Nil",
            "first_bidder": "Blind Nil for the first bidder only",
            "trailing": f"Blind Nil only for a {team} {rules.blind_nil_margin} or "
            "more points behind",
            "before_draw": "Blind Nil is declared before drawing any card",
        }[v],
        "blind_nil_margin": lambda v: (
            f"Blind Nil needs a {team} {v} or more points behind"
        ),
        "blind_nil_value": lambda v: f"a Blind Nil is worth {v} points",
        "blind_nils_per_team": lambda v: f"up to {v} Blind Nil bids per {team}",
        "exchange": lambda v: (
            f"after a Blind Nil, bidder and partner pass {v} cards each"
        ),
        "blind_nil_discards": lambda v: (
            "after a Blind Nil, the bidder may discard "
            f"up to {v} cards and draw new ones from the discard pile"
        ),
        "nil_tricks": lambda v: {
            "team": "a Nil bidder's tricks count towards the team's contract",
            "bags": "a Nil bidder's tricks are bags for the team",
            "ignored": "a failed Nil bidder's tricks count for nothing",
        }[v],
        "ten_for_200": lambda v: (
            f"a {'team ' * (rules.players == 4)}contract of exactly 10 scores "
            f"±{rules.ten_for_200_value}"
            if v
            else "a contract of 10 scores as any other"
        ),
        "ten_for_200_value": lambda v: f"ten for 200 scores ±{v}",
        "blind_seven": lambda v: (
            f"Blind Seven may be declared (±{rules.blind_seven_value})"
            if v
            else "no Blind Seven"
        ),
        "blind_seven_value": lambda v: f"a Blind Seven is worth {v} points",
        "jokers": lambda v: (
            "Big and Little Joker are the top trumps" if v else "no jokers"
        ),
        "removed_cards": lambda v: f"removed from the deck: {cards(v)}",
        "trump_order": lambda v: f"trumps from the highest: {cards(v[:4])} and on",
        "dealer_leads": lambda v: (
            "the dealer leads the first trick"
            if v
            else "the player after the dealer leads the first trick"
        ),
        "must_break_spades": lambda v: (
            "spades may not be led until broken"
            if v
            else "spades may be led at any time"
        ),
        "move_timer": lambda v: (
            f"{v:g} seconds per decision, then a random legal move"
            if v
            else "no time limit per decision"
        ),
    }
    if name not in words:
        raise KeyError(f"no plain words for the rule parameter {name!r}")
    return words[name](value)


def differences(
    spec: str | Rules, base: str | Rules = "cards4net"
) -> list[tuple[str, str]]:
    """``(parameter, words)`` for each rule parameter in which ``spec`` differs
    from ``base``, in the order of :class:`Rules`' fields. A two-player rule
    set leaves out what concerns a partner (it has none)."""
    rules, other = _rules(spec), _rules(base)
    out = []
    for field in dataclasses.fields(Rules):
        name = field.name
        if not field.init or name in ("preset", "modifiers"):
            continue
        if getattr(rules, name) == getattr(other, name):
            continue
        if rules.players == 2 and name == "nil_before_partner_only":
            continue
        out.append((name, parameter_words(rules, name)))
    return out


def sheet_sections(spec: str | Rules) -> list[tuple[str, list[str]]]:
    """The sheet as ``(heading, sentences)`` sections, every value from ``spec``.

    >>> print(dict(sheet_sections("cards4net"))["Bags"][1])
    Each time they reach 10, lose 100 points and keep the rest: 8 bags + 3 =
    1 penalty, 1 bag carried.
    """
    rules = _rules(spec)
    return [
        ("Players and cards", _players(rules)),
        ("The deal" if rules.players == 4 else "The draw", _deal(rules)),
        ("Bidding", _bidding(rules)),
        ("Playing tricks", _play(rules)),
        ("Scoring a hand", _scoring(rules)),
        ("Bags", _bags(rules)),
        ("Winning", _winning(rules)),
    ]


_CSS = """
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { font: 10pt/1.35 "DejaVu Sans", Arial, sans-serif; color: #111;
       max-width: 186mm; margin: 0 auto; padding: 6mm 0; }
h1 { font-size: 15pt; margin: 0 0 1mm; }
.sub { margin: 0 0 3mm; color: #444; }
.cols { column-count: 2; column-gap: 7mm; }
section { break-inside: avoid; margin: 0 0 3mm; }
h2 { font-size: 11pt; margin: 0 0 1mm; border-bottom: 1px solid #999; }
ul { margin: 0; padding-left: 4.5mm; }
li { margin: 0 0 1mm; }
footer { margin-top: 3mm; font-size: 8pt; color: #555; }
@media print {
  body { padding: 0; max-width: none; }
  a { color: inherit; text-decoration: none; }
}
""".strip()


def _subtitle(rules: Rules) -> str:
    """Preset, modifiers and changed parameters, read from ``rules``.

    >>> _subtitle(Rules("classic", ["mirror"], target=300))
    'Preset classic, modifier mirror, target 300'
    """
    parts = [f"Preset {rules.preset}"]
    if rules.modifiers:
        word = "modifier" if len(rules.modifiers) == 1 else "modifiers"
        parts.append(f"{word} {' + '.join(rules.modifiers)}")
    changed = rules.to_json()
    if isinstance(changed, dict):
        parts += [
            f"{name.replace('_', ' ')} {value}"
            for name, value in changed.items()
            if name not in ("preset", "modifiers")
        ]
    return ", ".join(parts)


def rules_sheet(spec: str | Rules) -> str:
    """The sheet as a standalone HTML page that prints on one A4 page.

    >>> page = rules_sheet("two-player")
    >>> page.startswith("<!DOCTYPE html>") and "two-player" in page
    True
    """
    rules = _rules(spec)
    subtitle = _subtitle(rules)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8">',
        f"<title>Spades rules: {html.escape(rules.full_spec)}</title>",
        f"<style>\n{_CSS}\n</style></head>",
        "<body>",
        f"<h1>Spades: the rules of <code>{html.escape(rules.full_spec)}</code></h1>",
        f'<p class="sub">{html.escape(subtitle)}.</p>',
        '<div class="cols">',
    ]
    for heading, lines in sheet_sections(rules):
        parts.append(f"<section><h2>{html.escape(heading)}</h2><ul>")
        parts.extend(f"<li>{html.escape(line)}</li>" for line in lines)
        parts.append("</ul></section>")
    parts += [
        "</div>",
        "<footer>Written by spadeslib from the rule set itself "
        f"(<code>spades rules --sheet {html.escape(rules.full_spec)}</code>); every "
        "example score is computed by the library.</footer>",
        "</body>",
        "</html>",
        "",
    ]
    return "\n".join(parts)


def rules_markdown(spec: str | Rules) -> str:
    """The same sheet as Markdown, for reading on GitHub (print the HTML).

    >>> print(rules_markdown("classic").splitlines()[0])
    # Spades: the rules of `classic`
    """
    rules = _rules(spec)
    lines = [
        f"# Spades: the rules of `{rules.full_spec}`",
        "",
        f"{_subtitle(rules)}. To print it on one page, open "
        f"[{rules.full_spec}.html]({rules.full_spec}.html) in a browser.",
    ]
    for heading, sentences in sheet_sections(rules):
        lines += ["", f"## {heading}", ""]
        lines += [f"- {sentence}" for sentence in sentences]
    lines += [
        "",
        f"Written by spadeslib from the rule set itself (`spades rules --sheet "
        f"{rules.full_spec}`); every example score is computed by the library.",
        "",
    ]
    return "\n".join(lines)


def write_sheets(
    folder: str | Path, specs: Iterable[str] = SHEET_PRESETS
) -> list[Path]:
    """Write ``NAME.html`` and ``NAME.md`` for each rule set into ``folder``."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for spec in specs:
        name = _rules(spec).full_spec
        for path, text in (
            (out / f"{name}.html", rules_sheet(spec)),
            (out / f"{name}.md", rules_markdown(spec)),
        ):
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written
