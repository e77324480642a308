"""The named rule sets: the presets, the modifiers a preset takes, the pairs
that cannot be combined, the two orders of trumps, and how a rules text
writes them (``"classic+mirror+bag_limit=5"``). :class:`~spadeslib.Rules`
reads them (``Rules("classic", ["mirror"])``); ``RULES.md`` is the
specification they follow.

>>> sorted(PRESETS), len(MODIFIERS)
(['cards4net', 'classic', 'two-player', 'yppedia'], 5)
>>> PRESETS["classic"][1]["target"] = 50  # read-only: Rules() always reads these
Traceback (most recent call last):
...
TypeError: 'mappingproxy' object does not support item assignment
>>> [str(c) for c in JOKER_TRUMPS[:4]]
['BJ', 'LJ', '2S', 'AS']
>>> list(MODIFIER_WORDS) == list(MODIFIERS)  # every modifier has its words
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .cards import Card, Rank, Suit
from .errors import InvalidRules

__all__ = [
    "INCOMPATIBLE",
    "JOKER_TRUMPS",
    "MODIFIERS",
    "MODIFIER_WORDS",
    "NIL_REQUIRED",
    "PRESETS",
    "PRESET_WORDS",
    "STANDARD_TRUMPS",
    "combination_error",
    "modifier_text",
    "preset_text",
    "setting_text",
]

STANDARD_TRUMPS: tuple[Card, ...] = tuple(
    Card(rank, Suit.SPADES) for rank in sorted(Rank, reverse=True) if rank <= Rank.ACE
)
JOKER_TRUMPS: tuple[Card, ...] = (
    Card(Rank.BIG_JOKER, Suit.JOKER),
    Card(Rank.LITTLE_JOKER, Suit.JOKER),
    Card(Rank.TWO, Suit.SPADES),
    *STANDARD_TRUMPS[:-1],
)

_Registry = Mapping[str, tuple[str, Mapping[str, Any]]]
"""Name -> (one-line summary, parameters): a read-only mapping of read-only
parameters, so that no script changes what every later rule set reads."""


def _frozen(table: dict[str, tuple[str, dict[str, Any]]]) -> _Registry:
    return MappingProxyType(
        {
            name: (summary, MappingProxyType(params))
            for name, (summary, params) in table.items()
        }
    )


PRESETS: _Registry = _frozen(
    {
        "cards4net": (
            "Cards4.net (default): bids 0-13, Nil while partner has not bid, Blind Nil "
            "for the first bidder; nil tricks count for the team",
            {},
        ),
        "classic": (
            "Classic (pagat): bids 1-13 or Nil, Blind Nil when 100 behind with a "
            "two-card exchange; a nil bidder's tricks are bags",
            dict(
                numeric_zero=False,
                nil_before_partner_only=False,
                double_nil=True,
                blind_nil="trailing",
                blind_nils_per_team=2,
                exchange=2,
                nil_tricks="bags",
            ),
        ),
        "yppedia": (
            "YPPedia: as classic, Nil 50 and Blind Nil 100, one blind nil per team, "
            "failed-nil tricks ignored, the game also ends when a side falls to "
            "-200 or below (the higher score wins)",
            dict(
                numeric_zero=False,
                nil_before_partner_only=False,
                double_nil=True,
                blind_nil="trailing",
                blind_nils_per_team=1,
                exchange=2,
                nil_tricks="ignored",
                nil_value=50,
                blind_nil_value=100,
                losing_threshold=-200,
            ),
        ),
        "two-player": (
            "Two players: draw-and-discard instead of a deal, each scores alone, "
            "0 is Nil, double nil before drawing",
            dict(
                players=2,
                numeric_zero=False,
                nil_before_partner_only=False,
                blind_nil="before_draw",
                blind_nil_discards=3,
            ),
        ),
    }
)
"""Preset name -> (one-line summary, parameters that differ from the defaults)."""

PRESET_WORDS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "cards4net": (
            "Cards4.net",
            "bids 0 to 13; Nil only while your partner has not bid; Blind Nil for "
            "the first bidder; a nil bidder's tricks count for the team",
        ),
        "classic": (
            "Classic",
            "bids 1 to 13 or Nil; Blind Nil when your team is {blind_nil_margin} "
            "behind, with a {exchange}-card exchange; a nil bidder's tricks are bags",
        ),
        "yppedia": (
            "YPPedia",
            "as Classic, but Nil is worth {nil_value} and Blind Nil "
            "{blind_nil_value}, one Blind Nil per team, and the game also ends "
            "when a team falls to {losing_threshold} or below, the higher score "
            "winning (YPPedia tables use a move timer: set one in Options)",
        ),
        "two-player": (
            "Two players",
            "you against one bot: draw and discard instead of a deal, each scores "
            "alone, double nil is declared before drawing",
        ),
    }
)
"""Preset name -> (title, what it means in words), for a learner: the
table's options, rules and narration. As in :data:`MODIFIER_WORDS`, the
words name a rule set's values as fields: read them through
:func:`preset_text`."""
assert set(PRESET_WORDS) == set(PRESETS), "every preset needs words"

MODIFIERS: _Registry = _frozen(
    {
        "mirror": (
            "each player bids exactly the spades held; no spades bids Nil",
            dict(bid_rule="mirror", blind_nil="none"),
        ),
        "whiz": (
            "each player bids the spades held or Nil",
            dict(bid_rule="whiz"),
        ),
        "suicide": (
            "each partnership has exactly one Nil",
            dict(suicide=True),
        ),
        "ten_for_200": (
            "a team contract of exactly 10 scores +200 made, -200 set",
            dict(ten_for_200=True),
        ),
        "jokers": (
            "Barmore jokers: Big and Little Joker replace 2C and 2H, 2S third trump, "
            "dealer leads, no breaking, no Nil, Blind Seven +140/-140",
            dict(
                jokers=True,
                removed_cards=(Card.parse("2C"), Card.parse("2H")),
                trump_order=JOKER_TRUMPS,
                dealer_leads=True,
                must_break_spades=False,
                nil=False,
                blind_nil="none",
                blind_seven=True,
            ),
        ),
    }
)
"""Modifier name -> (one-line summary, parameters it sets)."""

MODIFIER_WORDS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "mirror": (
            "Mirror",
            "everyone bids exactly the spades they hold; a hand without spades "
            "bids Nil",
        ),
        "whiz": ("Whiz", "everyone bids the spades they hold, or Nil"),
        "suicide": ("Suicide", "each partnership bids exactly one Nil"),
        "ten_for_200": (
            "Ten for 200",
            "a team contract of exactly 10 scores +{ten_for_200_value} when made, "
            "-{ten_for_200_value} when set",
        ),
        "jokers": (
            "Jokers",
            "Big and Little Joker replace 2♣ and 2♥ as the top trumps; the dealer "
            "leads; no Nil; Blind Seven scores ±{blind_seven_value}",
        ),
    }
)
"""Modifier name -> (title, what it means in words), for a learner: the
table's options and narration, and the rules sheet's words. The words name
a rule set's values as fields (``{ten_for_200_value}``): read them through
:func:`modifier_text`."""


def modifier_text(modifier: str, rules: Any) -> tuple[str, str]:
    """The title and words of ``modifier`` (:data:`MODIFIER_WORDS`) with the
    values of ``rules`` (a :class:`~spadeslib.Rules`) in them.

    >>> from spadeslib import Rules
    >>> modifier_text("ten_for_200", Rules.parse("classic+ten_for_200"))[1]
    'a team contract of exactly 10 scores +200 when made, -200 when set'
    >>> rules = Rules.parse("classic+ten_for_200+ten_for_200_value=300")
    >>> modifier_text("ten_for_200", rules)[1][-36:]
    'scores +300 when made, -300 when set'
    """
    title, words = MODIFIER_WORDS[modifier]
    values = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    return title, words.format_map(values)


def preset_text(rules: Any) -> tuple[str, str]:
    """The title and words of the preset of ``rules`` (a
    :class:`~spadeslib.Rules`, :data:`PRESET_WORDS`) with its values in them.

    >>> from spadeslib import Rules
    >>> preset_text(Rules("classic"))[1][:50]
    'bids 1 to 13 or Nil; Blind Nil when your team is 1'
    >>> "Nil is worth 75" in preset_text(Rules.parse("yppedia+nil_value=75"))[1]
    True
    """
    title, words = PRESET_WORDS[rules.preset]
    values = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    return title, words.format_map(values)


_PRESET_ALIASES = MappingProxyType(
    {
        "cards4net": "cards4net",
        "cards4.net": "cards4net",
        "default": "cards4net",
        "classic": "classic",
        "pagat": "classic",
        "yppedia": "yppedia",
        "two-player": "two-player",
        "twoplayer": "two-player",
        "two": "two-player",
        "2p": "two-player",
    }
)

INCOMPATIBLE = (
    ("mirror", "whiz", "a bid cannot follow both rules"),
    ("mirror", "suicide", "mirror fixes every bid, so a Nil cannot be required"),
    ("jokers", "mirror", "the joker rules have no Nil for a hand without spades"),
    ("jokers", "whiz", "the joker rules have no Nil"),
    ("jokers", "suicide", "the joker rules have no Nil"),
    ("jokers", "two-player", "Blind Seven and the joker deck are partnership rules"),
    ("suicide", "two-player", "suicide needs partnerships"),
)
"""Pairs that cannot be combined (a modifier, then a modifier or a preset),
and why: :class:`Rules` refuses them, the table greys them out."""

NIL_REQUIRED: Mapping[str, str] = MappingProxyType(
    {
        "suicide": "each partnership must have exactly one Nil",
        "mirror": "a hand without spades must bid Nil under mirror",
        "whiz": "under whiz a hand without spades can only bid Nil",
    }
)
"""Modifiers whose bids need Nil: ``nil=false`` cannot be combined with them."""


def combination_error(
    preset: str,
    modifiers: tuple[str, ...],
    *,
    nil: bool,
    players: int,
    jokers: bool,
    bid_rule: str = "free",
    suicide: bool = False,
) -> str | None:
    """Why a preset, its modifiers and settings cannot go together (``None``:
    they can). ``jokers``: ``jokers=true`` written without the modifier;
    ``bid_rule`` and ``suicide``: the settings in force, which a house rule
    (``bid_rule=mirror``, ``suicide=true``) may set without the modifier and
    is refused with the same pairs.

    >>> combination_error("classic", ("whiz",), nil=False, players=4, jokers=False)
    'nil=false cannot be combined with whiz: under whiz a hand without spades ...'
    >>> print(combination_error("classic", ("mirror",), nil=True, players=4,
    ...     jokers=False, bid_rule="mirror", suicide=True))
    mirror cannot be combined with suicide=true: mirror fixes every bid, so a
    Nil cannot be required
    """
    # each rule in force, named as written: a modifier, else its setting
    named = {m: m for m in modifiers}
    if bid_rule != "free":  # mirror or whiz, as the modifier of that name
        named.setdefault(bid_rule, f"bid_rule={bid_rule}")
    if suicide:
        named.setdefault("suicide", "suicide=true")
    named.setdefault(preset, preset)
    for a, b, why in INCOMPATIBLE:
        if a in named and b in named and a != b:
            return f"{named[a]} cannot be combined with {named[b]}: {why}"
    for mod, why in NIL_REQUIRED.items():
        if mod in named and not nil:
            return f"nil=false cannot be combined with {named[mod]}: {why}"
    if players == 2 and preset != "two-player":
        return (
            "players=2 is the two-player preset's own game (its draw and its "
            "bidding): write two-player, not a four-player preset with players=2"
        )
    if jokers and "jokers" not in modifiers:
        return (
            f"jokers=true alone adds no jokers: write the jokers modifier ({preset}"
            "+jokers), which also removes two cards and sets the trump order"
        )
    return None


def _spec_parts(text: str) -> list[str]:
    """The names of ``"PRESET+MODIFIER+..."`` (or of modifiers alone); an
    empty name (``"classic+"``, ``"a++b"``) is refused."""
    parts = text.replace(" ", "").split("+")
    if any(parts) and not all(parts):
        raise InvalidRules(
            f"{text!r} has an empty name between its '+' signs: write "
            "PRESET+MODIFIER, e.g. classic+mirror"
        )
    return [part for part in parts if part]


def setting_text(value: Any) -> str:
    """A setting's value as a rules text writes it (:meth:`Rules.parse`
    reads it back).

    >>> setting_text(None), setting_text(False), setting_text(50)
    ('none', 'false', '50')
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_MODIFIER_ALIASES = MappingProxyType(
    {
        "10_for_200": "ten_for_200",
        "tenfor200": "ten_for_200",
        "joker": "jokers",
    }
)


def _modifier_name(name: str) -> str:
    key = name.strip().lower().replace("-", "_")
    key = _MODIFIER_ALIASES.get(key, key)
    if key not in MODIFIERS:
        raise InvalidRules(
            f"unknown modifier {name!r}: choose from {', '.join(MODIFIERS)}"
        )
    return key
