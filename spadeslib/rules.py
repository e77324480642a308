"""Rule sets: the presets and modifiers of ``RULES.md`` as frozen values.

A :class:`Rules` value holds every parameter the engine reads. Build one from
a preset name, optional modifiers and keyword overrides:

>>> rules = Rules("classic", modifiers=["ten_for_200"], target=300)
>>> rules.spec, rules.target, rules.nil_tricks
('classic+ten_for_200', 300, 'bags')
>>> Rules.parse("cards4net+whiz").bid_rule
'whiz'
>>> Rules("classic", bag_limit=0)
Traceback (most recent call last):
...
spadeslib.errors.InvalidRules: bag_limit must be a whole number of at least 1, not 0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import FULL_DECK, Card, Rank, Suit
from .errors import InvalidRules, is_number, is_whole
from .rule_sets import (
    _PRESET_ALIASES,
    INCOMPATIBLE,
    JOKER_TRUMPS,
    MODIFIERS,
    PRESETS,
    STANDARD_TRUMPS,
    _modifier_name,
    _spec_parts,
    combination_error,
    setting_text,
)
from .seats import Seat

__all__ = [
    "INCOMPATIBLE",
    "JOKER_TRUMPS",
    "MODIFIERS",
    "PRESETS",
    "SETTINGS",
    "STANDARD_TRUMPS",
    "Rules",
    "bid_words",
    "rules_of",
    "setting_text",
]

BlindNilPolicy = Literal["none", "first_bidder", "trailing", "before_draw"]
NilTricks = Literal["team", "bags", "ignored"]
BidRule = Literal["free", "mirror", "whiz"]


@dataclass(frozen=True, init=False)
class Rules:
    """Every parameter of a rule set: a preset, its modifiers applied in order,
    then overrides: ``Rules("classic", ["mirror"], target=300)``;
    :meth:`parse` reads ``"classic+mirror"``. ``rules.preset`` is the
    preset's name.

    >>> Rules("classic", ["mirror"]) == Rules.parse("classic+mirror")
    True
    >>> Rules(modifiers=["jokers"]).nil  # the modifier's parameters apply
    False

    The fields, grouped:

    - who plays: ``players`` (4 in partnerships, or 2 each for themselves);
    - winning: ``target``, ``losing_threshold`` (or ``None``), ``bag_limit``,
      ``bag_penalty``;
    - bids: ``numeric_zero`` (is 0 a bid, or is 0 Nil?), ``nil``,
      ``nil_before_partner_only``, ``double_nil`` (may both partners bid nil),
      ``bid_rule`` (``free``, ``mirror`` or ``whiz``), ``suicide``;
    - nil: ``nil_value``, ``blind_nil`` (``none``, ``first_bidder``,
      ``trailing`` by ``blind_nil_margin``, ``before_draw``),
      ``blind_nil_value``, ``blind_nils_per_team``, ``exchange`` (cards passed
      between a blind-nil bidder and partner), ``blind_nil_discards``
      (two-player), ``nil_tricks`` (how a nil bidder's tricks count: towards
      the ``team`` contract, as ``bags``, or ``ignored``);
    - contracts: ``ten_for_200`` with ``ten_for_200_value``, ``blind_seven``
      with ``blind_seven_value``;
    - cards and play: ``jokers``, ``removed_cards``, ``trump_order`` (high to
      low), ``dealer_leads``, ``must_break_spades``; ``move_timer`` (seconds,
      or ``None``) for tables that play a random legal card on time-out.
    """

    preset: str = "cards4net"
    modifiers: tuple[str, ...] = ()
    players: int = 4
    target: int = 500
    losing_threshold: int | None = None
    bag_limit: int = 10
    bag_penalty: int = 100
    numeric_zero: bool = True
    nil: bool = True
    nil_before_partner_only: bool = True
    double_nil: bool = False
    bid_rule: BidRule = "free"
    suicide: bool = False
    nil_value: int = 100
    blind_nil: BlindNilPolicy = "first_bidder"
    blind_nil_margin: int = 100
    blind_nil_value: int = 200
    blind_nils_per_team: int = 1
    exchange: int = 0
    blind_nil_discards: int = 0
    nil_tricks: NilTricks = "team"
    ten_for_200: bool = False
    ten_for_200_value: int = 200
    blind_seven: bool = False
    blind_seven_value: int = 140
    jokers: bool = False
    removed_cards: tuple[Card, ...] = ()
    trump_order: tuple[Card, ...] = STANDARD_TRUMPS
    dealer_leads: bool = False
    must_break_spades: bool = True
    move_timer: float | None = None

    # Derived look-up tables (not part of equality), worked out once here so
    # that the engine never recomputes them: indexed by Card.index ...
    deck: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    _suit_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _power: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # ... the deck as one bit per Card.index (a membership test) ...
    _in_deck: int = field(init=False, repr=False, compare=False)
    # ... where each suit's run of the sorted deck ends (clubs, diamonds,
    # hearts; jokers count with the spades) ...
    _suit_bounds: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # ... and, indexed by Seat: the seats in play, the next seat clockwise,
    # the bidding order and the first leader for each dealer.
    _seats: tuple[Seat, ...] = field(init=False, repr=False, compare=False)
    _next_seat: tuple[Seat | None, ...] = field(init=False, repr=False, compare=False)
    _bid_orders: tuple[tuple[Seat, ...] | None, ...] = field(
        init=False, repr=False, compare=False
    )
    _first_leaders: tuple[Seat | None, ...] = field(
        init=False, repr=False, compare=False
    )

    def __init__(
        self,
        preset: str = "cards4net",
        modifiers: Iterable[str] = (),
        **overrides: Any,
    ) -> None:
        # written out (not the dataclass's) so that a call applies the
        # preset's and the modifiers' parameters before the overrides;
        # ``dataclasses.replace`` passes every field, which lands here too
        key, mods, params = _parameters(preset, modifiers, overrides)
        object.__setattr__(self, "preset", key)
        object.__setattr__(self, "modifiers", mods)
        for f in dataclasses.fields(self):
            if f.init and f.name not in ("preset", "modifiers"):
                object.__setattr__(self, f.name, params.get(f.name, f.default))
        self._check_combination()  # first: its reasons name what was written
        self._build()

    def _build(self) -> None:
        for name in ("removed_cards", "trump_order"):
            value = getattr(self, name)
            try:
                cards = tuple(Card.parse_many(value))
            except ValueError as error:
                raise InvalidRules(f"{name}: {error}") from None
            object.__setattr__(self, name, cards)
        self._validate()
        deck = [c for c in FULL_DECK if c not in self.removed_cards]
        deck += _ALL_CARDS[len(FULL_DECK) :] if self.jokers else ()
        object.__setattr__(self, "deck", tuple(deck))
        object.__setattr__(self, "_in_deck", sum(1 << c.index for c in deck))
        suit_of = [int(Suit.SPADES) if c.is_joker else int(c.suit) for c in _ALL_CARDS]
        power = [0] * len(_ALL_CARDS)
        for c in _ALL_CARDS:
            power[c.index] = int(c.rank)
        for i, c in enumerate(reversed(self.trump_order)):
            power[c.index] = 100 + i
        object.__setattr__(self, "_suit_of", tuple(suit_of))
        object.__setattr__(self, "_power", tuple(power))
        object.__setattr__(
            self,
            "_suit_bounds",
            tuple(sum(1 for c in deck if suit_of[c.index] <= s) for s in range(3)),
        )
        self._seat_tables()

    def _seat_tables(self) -> None:
        n, e, s, w = Seat
        if self.players == 4:
            seats: tuple[Seat, ...] = (n, e, s, w)
            following: tuple[Seat | None, ...] = (e, s, w, n)
            orders: tuple[tuple[Seat, ...] | None, ...] = tuple(
                tuple(Seat((d + 1 + i) % 4) for i in range(4)) for d in range(4)
            )
            lead = 0 if self.dealer_leads else 1
            leaders: tuple[Seat | None, ...] = tuple(
                Seat((d + lead) % 4) for d in range(4)
            )
        else:
            seats, following = (n, s), (s, None, n, None)
            orders, leaders = ((s, n), None, (n, s), None), (s, None, n, None)
        object.__setattr__(self, "_seats", seats)
        object.__setattr__(self, "_next_seat", following)
        object.__setattr__(self, "_bid_orders", orders)
        object.__setattr__(self, "_first_leaders", leaders)

    # ----------------------------------------------------------- construction
    @classmethod
    def parse(cls, spec: str | Rules, **overrides: Any) -> Rules:
        """Parse ``"PRESET[+MODIFIER...][+SETTING=VALUE...]"``, as the CLI's
        ``--rules`` takes it; a setting is a house rule (:attr:`full_spec`
        writes them back).

        >>> Rules.parse("yppedia+mirror").modifiers
        ('mirror',)
        >>> r = Rules.parse("classic+bag_limit=5+bag_penalty=50")
        >>> r.bag_limit, r.bag_penalty, r.full_spec
        (5, 50, 'classic+bag_limit=5+bag_penalty=50')
        """
        if isinstance(spec, Rules):
            if not overrides:
                return spec
            _check_overrides(overrides)
            return dataclasses.replace(spec, **overrides)
        if not isinstance(spec, str):
            raise InvalidRules(
                f"rules are written as text such as 'cards4net' or "
                f"'classic+jokers', not {spec!r}"
            )
        parts = _spec_parts(spec)
        if not parts:
            raise InvalidRules("empty rules: write a preset such as 'cards4net'")
        names = [part for part in parts if "=" not in part]
        if "=" in parts[0] or not names:
            raise InvalidRules(
                f"{spec!r} starts with a setting: write the preset first, such as "
                "classic+bag_penalty=50"
            )
        written: dict[str, Any] = {}
        for part in parts:
            if "=" in part:
                key, value = _setting(part)
                if key in written:
                    raise InvalidRules(f"{key} is set twice in {spec!r}")
                written[key] = value
        return cls(names[0], names[1:], **{**written, **overrides})

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> Rules:
        """Rules from a record's ``"rules"`` entry (a spec string or an object)."""
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, Mapping) or "preset" not in data:
            raise InvalidRules('rules must be a preset name or an object with "preset"')
        rest = {k: v for k, v in data.items() if k not in ("preset", "modifiers")}
        modifiers = data.get("modifiers", [])
        if isinstance(modifiers, str) or not isinstance(modifiers, list):
            raise InvalidRules('"modifiers" must be a list of modifier names')
        return cls(data["preset"], modifiers, **rest)

    def to_json(self) -> str | dict[str, Any]:
        """The shortest record form: the spec string, or an object with overrides.

        >>> Rules("classic", target=250).to_json()
        {'preset': 'classic', 'modifiers': [], 'target': 250}
        """
        base = Rules(self.preset, self.modifiers)
        changed = {}
        for f in dataclasses.fields(self):
            if f.name in _OVERRIDABLE and getattr(self, f.name) != getattr(
                base, f.name
            ):
                value = getattr(self, f.name)
                if isinstance(value, tuple):
                    value = [str(c) for c in value]
                changed[f.name] = value
        if not changed:
            return self.spec
        return {"preset": self.preset, "modifiers": list(self.modifiers), **changed}

    @property
    def spec(self) -> str:
        """``"preset+modifier+..."``, as :meth:`parse` reads it."""
        return "+".join((self.preset, *self.modifiers))

    @property
    def house_rules(self) -> dict[str, Any]:
        """The settings that differ from the preset and its modifiers, as
        :meth:`to_json` writes them (a card list as a list of codes).

        >>> Rules.parse("classic+bag_limit=5").house_rules, Rules().house_rules
        ({'bag_limit': 5}, {})
        """
        data = self.to_json()
        if isinstance(data, str):
            return {}
        return {k: v for k, v in data.items() if k not in ("preset", "modifiers")}

    @property
    def house_rule_texts(self) -> list[str]:
        """Each house rule as text, ``key=value`` as :meth:`parse` reads it; a
        changed card list (the trump order, removed cards), which a text
        cannot hold, by its key alone.

        >>> Rules.parse("classic+bag_limit=5+bag_penalty=50").house_rule_texts
        ['bag_limit=5', 'bag_penalty=50']
        """
        return [
            key if isinstance(value, list) else f"{key}={setting_text(value)}"
            for key, value in self.house_rules.items()
        ]

    @property
    def full_spec(self) -> str:
        """:attr:`spec` with the house rules that differ from the preset and
        its modifiers, as :meth:`parse` reads them back (rules that a text
        cannot hold, a changed trump order or removed cards, are left out:
        :meth:`to_json` keeps everything).

        >>> Rules("cards4net", ["mirror"], target=300).full_spec
        'cards4net+mirror+target=300'
        """
        settings = [text for text in self.house_rule_texts if "=" in text]
        return "+".join((self.spec, *settings))

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in play, clockwise from North.

        >>> [s.letter for s in Rules("two-player").seats]
        ['N', 'S']
        """
        return self._seats

    # -------------------------------------------------------------- card play
    @property
    def hand_size(self) -> int:
        """Cards each player holds after the deal (13)."""
        return 13

    def trick_suit(self, card: Card) -> Suit:
        """The suit a card counts as for following (jokers count as spades)."""
        return Suit(self._suit_of[card.index])

    def is_trump(self, card: Card) -> bool:
        """True for spades and, with jokers, the jokers."""
        return self._suit_of[card.index] == Suit.SPADES

    def beats(self, card: Card, best: Card, led: Suit) -> bool:
        """Whether ``card`` beats ``best`` in a trick led with suit ``led``.

        >>> r = Rules("classic", ["jokers"])
        >>> r.beats(Card.parse("2S"), Card.parse("AS"), Suit.HEARTS)
        True
        """
        s_card, s_best = self._suit_of[card.index], self._suit_of[best.index]
        if s_card == s_best:
            return self._power[card.index] > self._power[best.index]
        return s_card == Suit.SPADES or (s_best != Suit.SPADES and s_card == led)

    # ------------------------------------------------------------- validation
    def _validate(self) -> None:
        for f in dataclasses.fields(self):  # switches are booleans, nothing else
            if not f.init:
                continue  # the look-up tables, worked out after validation
            value = getattr(self, f.name)
            if isinstance(f.default, bool) and not isinstance(value, bool):
                raise InvalidRules(f"{f.name} must be true or false, not {value!r}")

        def at_least(name: str, low: int) -> None:
            value = getattr(self, name)
            if not is_whole(value) or value < low:
                raise InvalidRules(
                    f"{name} must be a whole number of at least {low}, not {value!r}"
                )

        if self.players not in (2, 4):
            raise InvalidRules(f"players must be 2 or 4, not {self.players!r}")
        at_least("target", 1)
        at_least("bag_limit", 1)
        for name in (
            "bag_penalty",
            "nil_value",
            "blind_nil_value",
            "blind_nil_margin",
            "ten_for_200_value",
            "blind_seven_value",
            "exchange",
            "blind_nil_discards",
            "blind_nils_per_team",
        ):
            at_least(name, 0)
        for name in ("exchange", "blind_nil_discards"):
            if getattr(self, name) > 13:
                raise InvalidRules(
                    f"{name} must be at most 13 cards, not {getattr(self, name)}"
                )
        if self.losing_threshold is not None and (
            not is_whole(self.losing_threshold) or self.losing_threshold >= 0
        ):
            # games start at 0: a threshold of 0 or more would end the game
            # with the first hand, whoever played better
            raise InvalidRules(
                "losing_threshold must be a negative integer (a score to fall "
                f"to, such as -200), not {self.losing_threshold!r}"
            )
        for name, allowed in (
            ("blind_nil", ("none", "first_bidder", "trailing", "before_draw")),
            ("nil_tricks", ("team", "bags", "ignored")),
            ("bid_rule", ("free", "mirror", "whiz")),
        ):
            if getattr(self, name) not in allowed:
                value = getattr(self, name)
                raise InvalidRules(
                    f"{name} must be one of {', '.join(allowed)}, not {value!r}"
                )
        if (self.blind_nil == "before_draw") != (
            self.players == 2
        ) and self.blind_nil != "none":
            raise InvalidRules(
                "blind_nil 'before_draw' is the two-player rule, and only it: for "
                "two players use the two-player preset"
            )
        if self.move_timer is not None and (
            not is_number(self.move_timer) or not self.move_timer > 0
        ):
            raise InvalidRules(
                f"move_timer must be positive seconds, not {self.move_timer!r}"
            )
        if len(self.removed_cards) != (2 if self.jokers else 0):
            raise InvalidRules(
                "a joker deck removes exactly two cards to keep 52"
                if self.jokers
                else "cards are removed only to make room for jokers"
            )
        deck = set(FULL_DECK) - set(self.removed_cards)
        deck |= set(_ALL_CARDS[len(FULL_DECK) :] if self.jokers else ())
        trumps = {c for c in deck if c.suit in (Suit.SPADES, Suit.JOKER)}
        if set(self.trump_order) != trumps or len(self.trump_order) != len(trumps):
            raise InvalidRules(
                "trump_order must list every spade (and joker) in the deck exactly once"
            )

    def _check_combination(self) -> None:
        why = combination_error(
            self.preset,
            self.modifiers,
            nil=bool(self.nil),
            players=self.players,
            jokers=bool(self.jokers) and not self.removed_cards,
            bid_rule=self.bid_rule,
            suicide=bool(self.suicide),
        )
        if why:
            raise InvalidRules(why)


_ALL_CARDS: tuple[Card, ...] = (
    *FULL_DECK,
    Card(Rank.LITTLE_JOKER, Suit.JOKER),
    Card(Rank.BIG_JOKER, Suit.JOKER),
)

_OVERRIDABLE = {
    f.name
    for f in dataclasses.fields(Rules)
    if f.init and f.name not in ("preset", "modifiers")
}

#: settings that hold cards (a rules text cannot write them)
_CARD_LISTS = {
    f.name for f in dataclasses.fields(Rules) if f.init and "tuple" in str(f.type)
}
#: the house rules a rules text may set (``classic+bag_penalty=50``)
SETTINGS: tuple[str, ...] = tuple(sorted(_OVERRIDABLE - _CARD_LISTS))


def _setting(part: str) -> tuple[str, Any]:
    """``"bag_penalty=50"`` read as ``("bag_penalty", 50)``: whole numbers,
    ``true``/``false``, ``none``, or a word (the rule set then checks it)."""
    key, _, text = part.partition("=")
    key = key.strip().lower().replace("-", "_")
    if key not in _OVERRIDABLE:
        raise InvalidRules(
            f"unknown rule setting {key!r} in {part!r}; settings are: "
            f"{', '.join(SETTINGS)}"
        )
    if key in _CARD_LISTS:
        raise InvalidRules(
            f"{key} is a list of cards, which a rules text cannot hold: give it "
            f"in Python (Rules(..., {key}=...)) or in a record"
        )
    word = text.strip().lower()
    if word in ("true", "yes", "on"):
        return key, True
    if word in ("false", "no", "off"):
        return key, False
    if word == "none":  # blind_nil=none is a word of its own, not "no value"
        return key, "none" if key == "blind_nil" else None
    if word.lstrip("-").isdigit():
        return key, int(word)
    return key, text.strip()


def rules_of(rules: object, what: str) -> Rules:
    """``rules``, or a rules text read as :class:`~spadeslib.game.Game` reads
    it; anything else is refused, naming the function ``what``.

    >>> rules_of("classic+mirror", "score_hand").spec
    'classic+mirror'
    """
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.parse(rules)
    why = f"{what} takes the Rules (or a rules text such as 'classic') first"
    raise InvalidRules(f"{why}, not {rules!r:.60}")


def bid_words(rules: Rules) -> str:
    """The bids of a rule set in words, for a refusal of unreadable text.

    >>> bid_words(Rules("cards4net"))
    "a number of tricks from 0 to 13, 'nil' or 'blind nil'"
    >>> bid_words(Rules.parse("cards4net+jokers"))
    "a number of tricks from 0 to 13 or 'blind seven'"
    >>> bid_words(Rules.parse("classic+jokers"))  # no numeric zero, no Nil
    "a number of tricks from 1 to 13 or 'blind seven'"
    """
    low = 0 if rules.numeric_zero else 1  # without it, 0 is Nil or nothing
    words = [f"a number of tricks from {low} to {rules.hand_size}"]
    if rules.nil:
        words.append("'nil'")
        if rules.blind_nil != "none":
            words.append("'blind nil'")
    if rules.blind_seven:
        words.append("'blind seven'")
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def _parameters(
    name: str, modifiers: Iterable[str], overrides: Mapping[str, Any]
) -> tuple[str, tuple[str, ...], dict[str, Any]]:
    """The preset's key, the modifiers' names and the parameters they set,
    overrides last; every name checked."""
    if not isinstance(name, str):
        raise InvalidRules(
            f"a preset is named by text, one of {', '.join(PRESETS)}; not {name!r}"
        )
    if isinstance(modifiers, str):  # "mirror" or "mirror+whiz"
        modifiers = _spec_parts(modifiers)
    if isinstance(modifiers, Iterable):
        modifiers = list(modifiers)
    if not isinstance(modifiers, list) or not all(
        isinstance(m, str) for m in modifiers
    ):
        raise InvalidRules(
            f"modifiers are a list of names from {', '.join(MODIFIERS)}; "
            f"not {modifiers!r}"
        )
    key = _PRESET_ALIASES.get(name.strip().lower().replace("_", "-"), name)
    if key not in PRESETS:
        raise InvalidRules(
            f"unknown preset {name!r}: choose one of {', '.join(PRESETS)}"
        )
    params: dict[str, Any] = dict(PRESETS[key][1])
    mods = tuple(_modifier_name(m) for m in modifiers)
    if len(set(mods)) != len(mods):
        raise InvalidRules(f"a modifier is repeated in {'+'.join(mods)}")
    for mod in mods:
        params.update(MODIFIERS[mod][1])
    _check_overrides(overrides)
    params.update(overrides)
    return key, mods, params


def _check_overrides(overrides: Mapping[str, Any]) -> None:
    """Refuse a parameter that a rule set cannot override (the preset, the
    modifiers and the deck follow from the spec)."""
    unknown = set(overrides) - _OVERRIDABLE
    if unknown:
        raise InvalidRules(
            f"unknown rule parameter {sorted(unknown)[0]!r}; "
            f"parameters are: {', '.join(sorted(_OVERRIDABLE))}"
        )
