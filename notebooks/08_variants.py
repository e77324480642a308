# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: kernelspec,jupytext,-jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Chapter 8 · The variants
#
# ## What you will learn
#
# - the four rule sets (*presets*) of the course and exactly how they differ;
# - the blind-nil card exchange of `classic` and `yppedia`;
# - the five *modifiers* that change a preset: `mirror`, `whiz`, `suicide`,
#   `ten_for_200` and `jokers` (with Blind Seven), and which ones cannot be
#   combined;
# - one deal played under every rule set, side by side;
# - the two-player game, where the cards are drawn instead of dealt.

# %%
# %matplotlib inline
import itertools
import random

import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from spadeslib import (
    KEEP,
    MODIFIERS,
    PRESETS,
    Bid,
    Card,
    Discard,
    Exchange,
    Hand,
    InvalidRules,
    Phase,
    Rules,
    Seat,
    Suit,
    score_hand,
)
from spadeslib.bots import make_bot
from spadeslib.display import cards_text, wrapped
from spadeslib.sheet import differences

plt.rcParams.update({"figure.dpi": 96, "savefig.dpi": 96, "font.size": 11})
BLUE, ORANGE = "#0072B2", "#E69F00"


def show_table(headers, rows):
    """Display rows as a Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    display(Markdown("\n".join(lines)))


def labels(actions):
    """Actions as short words: '3 Nil look'."""
    return " ".join(a.label() if isinstance(a, Bid) else str(a) for a in actions)


def spades_held(hand, seat):
    """How many trumps (spades, and jokers with the joker deck) a seat holds."""
    return sum(1 for card in hand.holding[seat] if hand.rules.is_trump(card))


def short(value):
    """A rule parameter in a few characters (cards as '2C 2H')."""
    if isinstance(value, tuple):
        return " ".join(map(str, value)) if len(value) < 4 else f"{len(value)} cards"
    return repr(value)


# %% [markdown]
# ## The presets
#
# A preset is a complete rule set, named after its source. The library keeps
# a one-line summary of each:

# %%
show_table(
    ["preset", "summary"],
    [(f"**{name}**", summary) for name, (summary, _) in PRESETS.items()],
)

# %% [markdown]
# Below, every rule in which a preset differs from the default `cards4net`,
# read from the `Rules` values themselves: first in plain words, then the
# name of the rule's parameter, which you only need to build rules in code
# (chapter 7 built `Rules("yppedia", target=250, losing_threshold=-100)`).
# The words come from `spadeslib.sheet.differences`, which also writes the
# rules sheets.

# %%
default = Rules("cards4net")
rows = []
for name in PRESETS:
    rules = Rules(name)
    for field, words in differences(rules):
        rows.append((f"**{name}**", words, f"`{field}={short(getattr(rules, field))}`"))
show_table(["preset", "differs from cards4net: in plain words", "parameter"], rows)

# %% [markdown]
# The table lists only what differs from `cards4net`. So a rule that
# `classic` changes but `yppedia` keeps from `cards4net` shows under
# `classic` alone. The library finds such rules; here they are under every
# preset:

# %%
rows = [
    (f"`{field}`", *(short(getattr(Rules(name), field)) for name in PRESETS))
    for field in sorted(
        {f for f, _ in differences(Rules("classic"))}
        - {f for f, _ in differences(Rules("yppedia"))}
    )
]
show_table(["parameter", *PRESETS], rows)

# %% [markdown]
# ### The blind-nil exchange (`classic` and `yppedia`)
#
# Under `classic` and `yppedia`, Blind Nil is open only to a team that is at
# least 100 points behind (chapter 3), and it comes with a card exchange:
# after the bids, the blind-nil bidder and the partner each pass two cards
# face down. The bidder gets rid of dangerous high cards; the partner sends
# low ones. Here North-South trail 0 to 150:

# %%
hand = Hand("classic", dealer="W", seed=21, scores={"NS": 0, "EW": 150})
print("North, cards still face down, may:", labels(hand.legal_actions()))
hand.apply(Bid.BLIND_NIL)
for bid in (3, 4, 3):
    hand.apply(bid)
print(
    "phase:",
    hand.phase.value,
    "| to act:",
    hand.turn.full,
    f"| {len(hand.legal_actions())} possible pairs of cards to pass",
)


def danger(card):
    """Order for a nil: spades first, then by rank (high = dangerous)."""
    return (card.suit is Suit.SPADES, card.rank)


north_before = list(hand.holding[Seat.NORTH])
hand.apply(Exchange.of(sorted(north_before, key=danger)[-2:]))
hand.apply(Exchange.of(sorted(hand.holding[Seat.SOUTH], key=danger)[:2]))
north = hand.view("N")
print(
    "North passed  ",
    " ".join(c.symbol for c in north.passed),
    "and received",
    " ".join(c.symbol for c in north.received),
)
print("North before: ", cards_text(north_before))
print("North after:  ", cards_text(north.holding))
print("phase:", hand.phase.value, "| first lead:", hand.turn.full)

# %% [markdown]
# ## The modifiers
#
# A modifier is added to a preset with `+`, as in `classic+mirror`. Each one
# sets a few parameters:

# %%
rows = []
for name, (summary, params) in MODIFIERS.items():
    settings = ", ".join(f"`{k}={short(v)}`" for k, v in params.items())
    rows.append((f"**{name}**", summary, settings))
show_table(["modifier", "summary", "sets"], rows)

# %% [markdown]
# Some combinations make no sense, and the library refuses them with a
# reason. Let us try every pair:

# %%
rows = []
for a, b in itertools.combinations([*MODIFIERS, "two-player"], 2):
    spec = f"two-player+{a}" if b == "two-player" else f"cards4net+{a}+{b}"
    try:
        Rules.parse(spec)
    except InvalidRules as error:
        rows.append((f"`{spec}`", str(error)))
show_table(["combination", "refused because"], rows)
print(f"{len(rows)} refused; every other pair is allowed")

# %% [markdown]
# ## Mirror: bid your spades
#
# Under `mirror`, each player must bid exactly the number of spades held,
# and a player without spades bids Nil. The library leaves only that one
# bid:


# %%
def bidding_options(spec, seed, choose=None):
    """Walk through the bidding of a hand, printing each seat's options."""
    hand = Hand(spec, dealer="W", seed=seed)
    while hand.phase is Phase.BIDDING:
        seat = hand.turn
        if hand.hidden[seat]:
            hand.apply("look")
        legal = hand.legal_actions()
        print(
            f"{seat.full:<6} {spades_held(hand, seat)} spades, may bid: {labels(legal)}"
        )
        bid = choose(hand, legal) if choose else legal[0]
        hand.apply(bid)
    return hand


mirror = bidding_options("cards4net+mirror", seed=9)

# %%
hand = Hand("cards4net+mirror", dealer="W", seed=9)
print(hand.why_illegal(Bid(5)))

# %% [markdown]
# ## Whiz: your spades or Nil
#
# `whiz` allows two bids: the number of spades held, or Nil. Nil still obeys
# the preset's own rule, so under `cards4net` it is offered only while the
# partner has not bid (here everybody who may bid Nil does):

# %%
whiz = bidding_options("cards4net+whiz", seed=9, choose=lambda hand, legal: legal[-1])
print({seat.full: bid.label() for seat, bid in whiz.bids.items()})

# %% [markdown]
# ## With no spades: mirror and whiz differ
#
# Both modifiers tie a bid to the spades held, but a hand without spades
# comes out differently, and the preset matters:
#
# - **mirror**: bid exactly your spades, and with none, bid Nil. So a player
#   without spades bids Nil under every preset; under `cards4net` even after
#   the partner has bid, when Nil is otherwise no longer offered.
# - **whiz**: bid your spades, or Nil. Under `cards4net` a bid of 0 is a real
#   number of tricks, so a player without spades bids 0, and may choose Nil
#   instead only while the partner has not bid (the preset's own Nil rule).
#   Under `classic`, `yppedia` and `two-player` there is no numeric 0 (0 means
#   Nil), so Nil is the only bid left.
#
# Here South holds no spades; every player before South bids their spades:

# %%
NO_SPADES = {  # South holds no spades
    "N": "AS KS QS JS 10S AH KH QH JH 10H AD KD QD",
    "E": "9S 8S 7S 6S 9H 8H 7H 6H 5H 4H 3H 2H JD",
    "S": "AC KC QC JC 10C 9C 8C 7C 10D 9D 8D 7D 6D",
    "W": "5S 4S 3S 2S 6C 5C 4C 3C 2C 5D 4D 3D 2D",
}


def south_bids(spec, dealer):
    """South's possible bids, every seat before South bidding its spades."""
    hand = Hand(spec, deal=NO_SPADES, dealer=dealer)
    while hand.turn is not Seat.SOUTH:
        if hand.hidden[hand.turn]:
            hand.apply("look")
        hand.apply(Bid(spades_held(hand, hand.turn)))
    if hand.hidden[Seat.SOUTH]:
        hand.apply("look")
    bids = [bid for bid in hand.legal_actions() if isinstance(bid, Bid)]
    return " or ".join(bid.label() for bid in bids)


no_spades_rows = [
    (
        spec,
        south_bids(spec, dealer="E"),  # South bids first
        south_bids(spec, dealer="W"),  # North, then East, then South
    )
    for spec in (
        "cards4net+mirror",
        "cards4net+whiz",
        "classic+mirror",
        "classic+whiz",
        "yppedia+whiz",
    )
]
show_table(
    ["rule set", "South bids first", "South bids after North (partner)"],
    no_spades_rows,
)

# %% [markdown]
# ## Suicide: one Nil per partnership
#
# Under `suicide`, each partnership must have exactly one Nil: if the first
# partner to bid does not bid Nil, the second **must**, even under
# `cards4net`, whose own rule closes Nil once the partner has bid: suicide
# overrides it. Here the first two players bid their spades, so their
# partners are forced:

# %%
suicide = bidding_options(
    "cards4net+suicide",
    seed=9,
    choose=lambda hand, legal: next(
        (b for b in legal if b == Bid(spades_held(hand, hand.turn))), legal[0]
    ),
)
print({seat.full: bid.label() for seat, bid in suicide.bids.items()})

# %%
hand = Hand("cards4net+suicide", dealer="W", seed=9)
for bid in (3, 4):
    hand.apply(bid)
print(wrapped(hand.why_illegal(Bid(2))))

# %% [markdown]
# ## Ten for 200
#
# With `ten_for_200`, a team contract of exactly 10 is worth 200 when made
# and costs 200 when set; overtricks still count 1 point and 1 bag each.

# %%
bids = {Seat.NORTH: Bid(6), Seat.SOUTH: Bid(4), Seat.EAST: Bid(1), Seat.WEST: Bid(1)}
rows = []
for won in (9, 10, 11):
    tricks = {Seat.NORTH: won, Seat.SOUTH: 0, Seat.EAST: 13 - won, Seat.WEST: 0}
    cells = [
        f"{score_hand(Rules.parse(spec), bids, tricks, {})['NS'].points:+d}"
        for spec in ("cards4net", "cards4net+ten_for_200")
    ]
    rows.append((won, *cells))
show_table(["NS tricks (contract 10)", "cards4net", "cards4net+ten_for_200"], rows)

# %% [markdown]
# ## Jokers (and Blind Seven)
#
# The joker variant of source 004 (Dennis Barmore's) adds a Big and a Little
# Joker and removes the two of clubs and the two of hearts, so the deck
# still has 52 cards. The jokers and the two of spades become the top
# trumps:

# %%
jokers = Rules.parse("cards4net+jokers")
print(
    "deck:",
    len(jokers.deck),
    "cards; removed:",
    short(jokers.removed_cards),
    "; added:",
    " ".join(str(c) for c in jokers.deck if c.is_joker),
)
print("trumps, high to low:", ", ".join(c.symbol for c in jokers.trump_order))
two, ace = Card.parse("2S"), Card.parse("AS")
print(
    "does 2♠ beat A♠?",
    jokers.beats(two, ace, Suit.SPADES),
    "| under cards4net:",
    default.beats(two, ace, Suit.SPADES),
)
print("a joker follows suit as:", jokers.trick_suit(Card.parse("BJ")).plural)

# %% [markdown]
# The dealer leads the first trick, any card may be led at any time (there
# is no breaking rule), and there is no Nil. Instead, the first partner of
# each team to bid may declare **Blind Seven** before either partner has
# looked: a contract of 7 for the team, worth 140 either way.

# %%
hand = Hand(jokers, dealer="W", seed=2)
print("North, not looked yet, may:", labels(hand.legal_actions()))
hand.apply(Bid.BLIND_SEVEN)
print("East may:                  ", labels(hand.legal_actions()))
hand.apply("look")  # East looks instead: no Blind Seven for East-West
hand.apply(3)
print("South must:                ", labels(hand.legal_actions()))
print("   ", hand.why_illegal(Bid(4)))
hand.apply(Bid.BLIND_SEVEN)
print("West may:                  ", labels(hand.legal_actions()))
print("   ", hand.why_illegal("nil"))
hand.apply(4)
print("first to lead:", hand.turn.full, "(the dealer)")
print("may lead:", " ".join(c.symbol for c in hand.legal_actions()))

# %%
blind = {
    Seat.NORTH: Bid.BLIND_SEVEN,
    Seat.SOUTH: Bid.BLIND_SEVEN,
    Seat.EAST: Bid(3),
    Seat.WEST: Bid(4),
}
for won in (7, 8, 6):
    tricks = {Seat.NORTH: won, Seat.SOUTH: 0, Seat.EAST: 13 - won, Seat.WEST: 0}
    ns = score_hand(jokers, blind, tricks, {})["NS"]
    print(f"Blind Seven, {won} tricks: {ns.points:+d} ({ns.bags_after} bag(s))")

# %% [markdown]
# ## One deal, every rule set
#
# Now the same cards, dealt by West, played by four `rule` bots under each
# four-player rule set. For the joker deck, the two removed cards (2♣ and
# 2♥) are replaced by the Little and the Big Joker in the same hands. The
# bids change with the rules, so the play and the score change too. (On
# most deals several rule sets give the same score; we chose a deal, seed
# 197, on which they disagree a lot.)

# %%
base = Hand("cards4net", dealer="W", seed=197)
deal = {seat: list(cards) for seat, cards in base.initial.items()}
swap = {Card.parse("2C"): Card.parse("LJ"), Card.parse("2H"): Card.parse("BJ")}
joker_deal = {seat: [swap.get(c, c) for c in cards] for seat, cards in deal.items()}
for seat in Seat:
    print(f"{seat.full:<6}{cards_text(deal[seat])}")

SPECS = ["cards4net", "classic", "yppedia", *(f"cards4net+{m}" for m in MODIFIERS)]


def play_deal(spec):
    """Play the deal under `spec` with four rule bots; return the finished hand."""
    rules = Rules.parse(spec)
    cards = joker_deal if rules.jokers else deal
    hand = Hand(rules, dealer="W", deal=cards)
    bots = {seat: make_bot("rule", seed=f"ch8/{seat.letter}") for seat in Seat}
    while not hand.is_over:
        hand.apply(bots[hand.turn].act(hand.view(hand.turn)))
    return hand


played = {spec: play_deal(spec) for spec in SPECS}
rows = []
for spec, hand in played.items():
    bids = {s: b.label() for s, b in hand.bids.items()}
    won = hand.tricks_won
    ns, ew = hand.result["NS"], hand.result["EW"]
    rows.append(
        (
            spec,
            f"{bids[Seat.NORTH]} + {bids[Seat.SOUTH]}",
            f"{bids[Seat.EAST]} + {bids[Seat.WEST]}",
            f"{won[Seat.NORTH]} + {won[Seat.SOUTH]}",
            f"{won[Seat.EAST]} + {won[Seat.WEST]}",
            f"{ns.points:+d}",
            f"{ew.points:+d}",
        )
    )
show_table(
    ["rules", "NS bids", "EW bids", "NS tricks", "EW tricks", "NS points", "EW points"],
    rows,
)

# %%
fig, ax = plt.subplots(figsize=(9, 4.5))
x = range(len(SPECS))
ns_points = [played[s].result["NS"].points for s in SPECS]
ew_points = [played[s].result["EW"].points for s in SPECS]
ax.bar([i - 0.2 for i in x], ns_points, width=0.4, color=BLUE, label="North-South")
ax.bar([i + 0.2 for i in x], ew_points, width=0.4, color=ORANGE, label="East-West")
ax.axhline(0, color="black", linewidth=0.8)
ax.set_xticks(list(x), [s.replace("cards4net+", "+") for s in SPECS], rotation=20)
ax.set_title("The same deal under each rule set (four rule bots)")
ax.set_xlabel("rule set (+modifier means cards4net with that modifier)")
ax.set_ylabel("points for the hand")
ax.legend()
fig.tight_layout()
plt.show()

# %% [markdown]
# Two things change from row to row. The **bids**: `mirror`, `whiz` and
# `suicide` dictate them, and the presets differ on who may bid Nil
# (chapter 3). And the **scoring** of the same tricks: compare `cards4net`
# with `ten_for_200` (same bids, same tricks), or `classic` with `yppedia`
# (same bids, same tricks, different nil values and nil-trick rules).

# %% [markdown]
# ## Two players: drawing instead of dealing
#
# With two players (source 001) the cards are not dealt. The stock is
# shuffled and the players take turns: look at the top card, then **keep**
# it (the next card goes face down to the discard pile, unseen by the
# opponent) or **discard** it and take the next one without choosing.
# North draws first here (call North the dealer); the players swap roles
# every hand.

# %%
two = Hand("two-player", dealer="N", seed=12)
print("phase:", two.phase.value, "| to act:", two.turn.full)
print("options:", labels(two.legal_actions()))
two.apply("look")
view = two.view("N")
print(
    "North sees the top card:",
    view.drawn.symbol,
    "| options:",
    labels(two.legal_actions()),
)
two.apply(KEEP)
print("now", two.turn.full, "draws; North holds", cards_text(two.holding[Seat.NORTH]))

# %% [markdown]
# Let two `rule` bots finish the draw. Each ends with 13 cards; the other 26
# are out of play. Then the non-dealer (South) bids first and leads first.

# %%
bots = {seat: make_bot("rule", seed=f"two/{seat.letter}") for seat in two.seats}
while two.phase is Phase.DRAW:
    two.apply(bots[two.turn].act(two.view(two.turn)))
for seat in two.seats:
    print(f"{seat.full:<6}{cards_text(two.holding[seat])}")
print(
    "out of play:",
    len(two.discard_pile),
    "cards | bidding order:",
    [s.full for s in two.bid_order],
)
kept = sum(two.draws)
print(f"top cards kept: {kept} of {len(two.draws)} draws")

# %%
while not two.is_over:
    two.apply(bots[two.turn].act(two.view(two.turn)))
print("first lead by:", two.tricks[0].leader.full)
for side, result in two.result.items():
    print(
        f"{side}: bid {two.bids[Seat.parse(side)].label()}, won {result.tricks}, "
        f"{result.points:+d} points"
    )

# %% [markdown]
# Each player is a side of one, scored as a partnership would be, with the
# Nil values below; a failed Nil's tricks are not bags (there is no partner
# for them to help either):

# %%
two_rules = Rules("two-player")
print(
    f"Nil: +{two_rules.nil_value} / -{two_rules.nil_value}; double nil: "
    f"+{two_rules.blind_nil_value} / -{two_rules.blind_nil_value}"
)
failed = score_hand(
    two_rules,
    {Seat.NORTH: Bid.NIL, Seat.SOUTH: Bid(4)},
    {Seat.NORTH: 2, Seat.SOUTH: 11},
    {},
)["N"]
print(f"North's Nil fails with 2 tricks: {failed.points:+d}, {failed.bags_gained} bags")

# %% [markdown]
# **Double nil** (Blind Nil for two players) is declared before drawing the
# first card. After the draw, that player may throw away up to three cards
# and gets replacements at random from the discard pile:

# %%
dn = Hand("two-player", dealer="N", seed=12)
dn.apply(Bid.BLIND_NIL)
while dn.phase is Phase.DRAW:
    dn.apply(bots[dn.turn].act(dn.view(dn.turn)))
print("phase:", dn.phase.value, "| to act:", dn.turn.full)
print("North holds:", cards_text(dn.holding[Seat.NORTH]))
print("possible discards:", len(dn.legal_actions()), "(none, or any 1, 2 or 3 cards)")
worst = sorted(dn.holding[Seat.NORTH], key=lambda c: (c.suit is Suit.SPADES, c.rank))[
    -3:
]
dn.apply(Discard.of(worst))
thrown, received = dn.blind_discards[Seat.NORTH]
print(
    "threw away",
    " ".join(c.symbol for c in thrown),
    "and received",
    " ".join(c.symbol for c in received),
)
dn.apply(bots[dn.turn].act(dn.view(dn.turn)))  # South bids first
print(
    "South bid",
    dn.bids[Seat.SOUTH].label(),
    "| North must bid:",
    labels(dn.legal_actions()),
)

# %% [markdown]
# ## The move timer (yppedia tables)
#
# YPPedia tables give each player limited time; when it runs out, a random
# legal card is played. The timer is a rule parameter, and the random legal
# move comes from the library. The table of chapter 11 does the same in the
# play. YPPedia says nothing of the bidding, so there the table's timer makes
# a safe choice for you: if you have not looked at your cards it turns them
# up (it never bids Blind Nil for you), and otherwise it makes the rule bot's
# bid.

# %%
timed = Rules("yppedia", move_timer=30)
hand = Hand(timed, dealer="W", seed=5)
for bid in (3, 3, 3, 3):
    hand.apply(bid)
rng = random.Random(1)
print(
    f"timer: {timed.move_timer} s | time out, so {hand.turn.full} plays",
    hand.random_action(rng).symbol,
)

# %% [markdown]
# ## Quick quiz
#
# Four questions on this chapter. Click an answer and the quiz tells you at once whether it is right (where widgets do not show, answer with `quiz.check(1, "b")`).

# %%
from spadeslib.quiz import Question, Quiz

ten = score_hand(
    Rules.parse("cards4net+ten_for_200"),
    dict(zip(Seat, map(Bid, [6, 3, 4, 3]), strict=True)),
    dict(zip(Seat, [6, 2, 4, 1], strict=True)),
    {},
)["NS"]
choices = ["0", "Nil", "0 or Nil"]
quiz = Quiz(
    "Quick quiz: chapter 8",
    [
        Question(
            "cards4net+mirror: South holds no spades; North, South's partner, has "
            "bid. What may South bid?",
            choices,
            answer=south_bids("cards4net+mirror", dealer="W"),
            why="Mirror turns no spades into Nil, under every preset.",
            hint="Under mirror your bid is your spades; what if you hold none?",
            wrong={
                "0": "Under mirror no spades means Nil, not the number 0, under "
                "every preset.",
                "0 or Nil": "Mirror leaves no choice: your bid is your spades, "
                "and with none it is Nil.",
            },
        ),
        Question(
            "cards4net+whiz, the same cards, North has bid: what may South bid?",
            choices,
            answer=south_bids("cards4net+whiz", dealer="W"),
            hint="Has North, South's partner, bid yet? What does cards4net say "
            "about Nil then?",
            why="Whiz: your spades (0 is a real bid here) or Nil, and cards4net "
            "offers Nil only before the partner bids.",
        ),
        Question(
            "classic+whiz, the same cards: what may South bid?",
            choices,
            answer=south_bids("classic+whiz", dealer="W"),
            hint="Does classic have a numeric 0?",
            why="classic has no numeric 0, so the only bid left is Nil.",
        ),
        Question(
            "ten_for_200: North-South bid 6 + 4 and win exactly 10. Their points?",
            [100, 110, 200],
            answer=ten.points,
            why="ten_for_200: a contract of exactly 10 made scores 200.",
            wrong={
                100: "100 is the usual score of a 10 contract; ten_for_200 changes it.",
                110: "No overtrick here, and ten_for_200 changes the contract's score.",
            },
        ),
    ],
)
quiz.show()


# %% [markdown]
# ## Summary
#
# - Four presets: `cards4net` (default), `classic`, `yppedia`, `two-player`;
#   the library lists exactly which parameters each one changes.
# - Five modifiers: `mirror` (bid your spades), `whiz` (your spades or
#   Nil), `suicide` (one Nil per team), `ten_for_200`, and `jokers` (two
#   jokers above 2♠ and the other spades, dealer leads, no breaking, no Nil,
#   Blind Seven for ±140).
# - The same cards can give very different scores under different rules,
#   mostly because the bids change.
# - Two players draw their cards: keep or discard, until each has 13; the
#   other 26 cards are not used.
#
# **Exercises:** [exercises for chapter 8](../exercises/08_variants.ipynb).
# Next: [Chapter 9 · Strategy I: bidding](09_strategy_bidding.ipynb).
