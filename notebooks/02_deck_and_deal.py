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
# # Chapter 2 · The deck and the deal
#
# ## What you will learn
#
# - the 52 cards, their ranks, and why spades are special (trumps);
# - how the cards are dealt, who bids and leads first, and how the deal moves
#   round the table;
# - what a random hand looks like: how many spades you can expect, worked out
#   exactly with a formula **and** by dealing thousands of hands with the
#   library, side by side.

# %%
# %matplotlib inline
import math
from collections import Counter
from functools import cmp_to_key

import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from spadeslib import Card, Game, Hand, Rules, Seat, Suit
from spadeslib.bots import make_bot, play_until

plt.rcParams.update({"figure.dpi": 96, "savefig.dpi": 96, "font.size": 11})
BLUE, ORANGE, GREEN, RED = "#0072B2", "#E69F00", "#009E73", "#D55E00"


def show_table(headers, rows):
    """Display rows as a Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    display(Markdown("\n".join(lines)))


# %% [markdown]
# ## The deck
#
# Every rule set lives in a `Rules` value. The default one is `cards4net`
# (the rules of the Cards4.net guide, text 000 of
# [the rule texts](../docs/sources.md)). Its deck is a normal 52-card pack
# without jokers:

# %%
rules = Rules()
print(rules.spec, "deck:", len(rules.deck), "cards")
for suit, count in sorted(Counter(card.suit for card in rules.deck).items()):
    print(f"  {suit.symbol} {suit.plural:<8} {count}")

# %% [markdown]
# Cards are written as a rank and a suit letter: `AS` is the ace of spades,
# `10H` the ten of hearts. The library reads many spellings and prints the
# card back in words:

# %%
for text in ["AS", "10h", "TH", "Q♣", "♦7"]:
    card = Card.parse(text)
    print(f"{text!r:>7} -> {card!s:<4} {card.symbol:<4} {card.name}")

# %% [markdown]
# ### Rank order
#
# Inside a suit, which card is higher? Instead of writing the order down,
# let us **ask the rules**: `rules.beats(card, best, led_suit)` says whether
# `card` beats `best` in a trick led with `led_suit`. Sorting the hearts with
# that test gives the rank order, from highest to lowest (you need not
# follow the Python of this cell: the order it prints is what matters):

# %%
hearts = [card for card in rules.deck if card.suit is Suit.HEARTS]


def compare_in_hearts(a, b):
    """-1 if a beats b in a heart trick, 1 if b beats a."""
    return -1 if rules.beats(a, b, Suit.HEARTS) else 1


ranked = sorted(hearts, key=cmp_to_key(compare_in_hearts))
print(" > ".join(card.rank.label for card in ranked))

# %% [markdown]
# ### Spades are trumps
#
# Spades are *always* trump: a spade beats every card of the other suits,
# even the lowest spade against an ace. The rules list the trumps from the
# highest down:

# %%
print("trumps, high to low:", " ".join(card.symbol for card in rules.trump_order))
print("is 2♠ a trump?", rules.is_trump(Card.parse("2S")))
print("is A♥ a trump?", rules.is_trump(Card.parse("AH")))

# %% [markdown]
# Here is a small duel table. Each row asks: *in a trick led with hearts,
# does the first card beat the second?*

# %%
duels = [("2S", "AH"), ("AH", "2S"), ("3S", "2S"), ("KH", "QH"), ("AC", "2H")]
rows = []
for a, b in duels:
    first, second = Card.parse(a), Card.parse(b)
    verdict = "yes" if rules.beats(first, second, Suit.HEARTS) else "no"
    rows.append((first.symbol, second.symbol, verdict))
show_table(["card", "against", "beats it? (hearts led)"], rows)

# %% [markdown]
# The last row is worth a second look: the ace of clubs does **not** beat the
# two of hearts when hearts were led. A card of another suit that is not a
# spade can never win the trick. Chapter 4 comes back to this.

# %% [markdown]
# ## The deal
#
# A `Hand` is one deal of Spades. We choose the dealer and a seed; the seed
# makes the shuffle the same every time we run this notebook.

# %%
hand = Hand(rules, dealer=Seat.SOUTH, seed=2024)
print(hand)

# %% [markdown]
# Every player has 13 cards and every card of the deck was dealt exactly
# once:

# %%
print({seat.full: len(cards) for seat, cards in hand.initial.items()})
dealt = sorted(card for cards in hand.initial.values() for card in cards)
print("all 52 cards dealt once:", dealt == sorted(rules.deck))

# %% [markdown]
# The cards are dealt one at a time, clockwise, starting with the player on
# the dealer's left. The same player is the first to bid. The library keeps
# the bidding order of the hand, and it tells us who leads the first trick
# once the four bids are in (here we let every player bid 3 just to get
# there):

# %%
print("dealer:          ", hand.dealer.full)
print("on its left:     ", hand.dealer.left.full)
print("bidding order:   ", [seat.full for seat in hand.bid_order])
for _ in range(4):
    hand.apply(3)
print("first to lead:   ", hand.turn.full)

# %% [markdown]
# ### The deal moves clockwise
#
# In a game, the first dealer is drawn at random (from the game's seed), and
# after each hand the deal passes to the left. Let four robot players (the
# `rule` bot, which plays like a sensible club player) play six hands and
# look at who dealt each one:

# %%
game = Game(rules, seed=7)
bots = {seat: make_bot("rule", seed=f"ch2/{seat.letter}") for seat in Seat}
play_until(game, bots, hands=6)
print("first dealer drawn:", game.first_dealer.full)
print("dealers:", " -> ".join(h.dealer.full for h in game.hands[:6]))

# %% [markdown]
# The first dealer really depends on the seed. Here are the first dealers of
# games with seeds 1 to 8:

# %%
print({seed: Game(rules, seed=seed).first_dealer.letter for seed in range(1, 9)})

# %% [markdown]
# ## What does a random hand look like?
#
# How many spades will you get? There are two ways to find out.
#
# **Exactly.** Your 13 cards are a random 13 out of 52; 13 of the 52 are
# spades. The chance of holding exactly $k$ spades is the *hypergeometric*
# probability
#
# $$P(k) = \frac{\binom{13}{k}\binom{39}{13-k}}{\binom{52}{13}}.$$
#
# (Each $\binom{n}{k}$, read "n choose k", counts the ways to pick $k$
# cards out of $n$; Python computes it as `math.comb(n, k)`. You may skip
# the formula: the table below gives its results.)

# %%
exact = {
    k: math.comb(13, k) * math.comb(39, 13 - k) / math.comb(52, 13) for k in range(14)
}
print(f"P(no spade at all) = {exact[0]:.4f}")
print(f"P(exactly 3)       = {exact[3]:.4f}")

# %% [markdown]
# **By simulation.** Deal many hands with the library (each from its own
# seed) and count. Each deal gives four hands of 13 cards.

# %%
DEALS = 4000
counts = Counter()
for i in range(DEALS):
    deal = Hand(rules, seed=f"spade-length/{i}")
    for seat in Seat:
        counts[sum(1 for card in deal.initial[seat] if card.suit is Suit.SPADES)] += 1
hands_dealt = sum(counts.values())
simulated = {k: counts[k] / hands_dealt for k in range(14)}
print(f"{DEALS} deals, {hands_dealt} hands of 13 cards")

# %%
rows = [
    (k, f"{exact[k]:.4f}", f"{simulated[k]:.4f}", counts[k])
    for k in range(9)
    if exact[k] >= 0.0005
]
show_table(["spades held", "exact", "simulated", "hands"], rows)
mean_exact = sum(k * p for k, p in exact.items())
mean_sim = sum(k * n for k, n in counts.items()) / hands_dealt
print(f"average number of spades: exact {mean_exact:.3f}, simulated {mean_sim:.3f}")

# %%
ks = list(range(10))
fig, ax = plt.subplots(figsize=(8, 4))
ax.bar(
    [k - 0.2 for k in ks],
    [exact[k] for k in ks],
    width=0.4,
    color=BLUE,
    label="exact (hypergeometric)",
)
ax.bar(
    [k + 0.2 for k in ks],
    [simulated[k] for k in ks],
    width=0.4,
    color=ORANGE,
    label=f"simulated ({hands_dealt} hands)",
)
ax.set_title("How many spades does a 13-card hand hold?")
ax.set_xlabel("number of spades in the hand")
ax.set_ylabel("probability")
ax.set_xticks(ks)
ax.legend()
plt.show()

# %% [markdown]
# (The simulated average is *exactly* 3.25, not just close: the four hands
# of a deal always share the same 13 spades.)
#
# The two bars agree closely: the library deals fair hands. Most hands hold
# 2, 3 or 4 spades; about one hand in a hundred has none, and five or more is
# not rare at all.

# %% [markdown]
# ### Hand shapes
#
# Players describe a hand by its *shape*: the four suit lengths from the
# longest down, such as 4-4-3-2. The exact chance of a shape counts the ways
# to pick that many cards of each suit, times the ways to give the lengths to
# the four suits.


# %%
def shape_of(cards):
    """Suit lengths from longest to shortest, for example (4, 3, 3, 3)."""
    lengths = Counter(card.suit for card in cards)
    return tuple(
        sorted((lengths[s] for s in Suit if s is not Suit.JOKER), reverse=True)
    )


def exact_shape(shape):
    """Probability of a shape for a random 13-card hand."""
    ways_per_suit = math.prod(math.comb(13, n) for n in shape)
    suit_orders = math.factorial(4) // math.prod(
        math.factorial(c) for c in Counter(shape).values()
    )
    return ways_per_suit * suit_orders / math.comb(52, 13)


shapes = Counter()
for i in range(DEALS):
    deal = Hand(rules, seed=f"spade-length/{i}")
    for seat in Seat:
        shapes[shape_of(deal.initial[seat])] += 1

common = sorted(shapes, key=lambda s: (-exact_shape(s), s))[:8]
rows = [
    ("-".join(map(str, s)), f"{exact_shape(s):.4f}", f"{shapes[s] / hands_dealt:.4f}")
    for s in common
]
show_table(["shape", "exact", f"simulated ({hands_dealt} hands)"], rows)
void = sum(n for s, n in shapes.items() if s[-1] == 0) / hands_dealt
print(f"hands with a void (a suit missing entirely): {void:.3f}")
even = common.index((4, 3, 3, 3)) + 1
print(f'the "even" shape 4-3-3-3 is number {even} of the list')

# %% [markdown]
# The "even" shape 4-3-3-3 is *not* the most common one: the shapes above it
# in the list are all more likely. Voids and long suits matter a lot when you
# bid, as chapter 9 shows.

# %% [markdown]
# ## Quick quiz
#
# Four questions on this chapter. Click an answer and the quiz tells you at once whether it is right (where widgets do not show, answer with `quiz.check(1, "b")`).

# %%
from spadeslib import Card, Hand, Rules, Seat, Suit
from spadeslib.quiz import Question, Quiz

rules = Rules()
yes_no = ["yes", "no"]
beats = rules.beats(Card.parse("2S"), Card.parse("AH"), Suit.HEARTS)
higher = rules.beats(Card.parse("10D"), Card.parse("QD"), Suit.DIAMONDS)
quiz = Quiz(
    "Quick quiz: chapter 2",
    [
        Question(
            "Hearts are led. Does the 2♠ beat the A♥?",
            yes_no,
            answer="yes" if beats else "no",
            why="Spades are trumps: the lowest spade beats any other suit.",
        ),
        Question(
            "Diamonds are led. Which card is higher, the 10♦ or the Q♦?",
            ["10♦", "Q♦"],
            answer="10♦" if higher else "Q♦",
            why="Within a suit: A K Q J 10 9 ... 2.",
        ),
        Question(
            "East deals. Who bids first?",
            [seat.full for seat in Seat],
            answer=Hand(dealer="E", seed=1).bid_order[0].full,
            why="Bidding, like the deal, starts at the dealer's left.",
            wrong={
                "East": "The dealer bids last: bidding starts at the dealer's left.",
                "North": "North sits at East's right; play goes to the left.",
                "West": "West is East's partner, across the table.",
            },
        ),
        Question(
            "How many spades are there in the deck?",
            [4, 12, 13, 14],
            answer=sum(card.suit is Suit.SPADES for card in rules.deck),
            why="Each suit has thirteen cards, A K Q J 10 9 8 7 6 5 4 3 2.",
            wrong={
                4: "Four is the number of suits, not of cards in one.",
                12: "Count again from the ace down to the 2.",
                14: "Without the jokers every suit has thirteen cards.",
            },
        ),
    ],
)
quiz.show()


# %% [markdown]
# ## Summary
#
# - The deck has 52 cards, 13 per suit, ranked A K Q J 10 … 2; spades are
#   always trump, so even 2♠ beats an ace of another suit.
# - All 52 cards are dealt, one at a time, clockwise from the dealer's left;
#   that player also bids first and leads first. The deal moves one seat to
#   the left after every hand.
# - A hand holds 3.25 spades on average; the exact (hypergeometric) numbers
#   and the library's simulated deals agree.
#
# **Exercises:** [exercises for chapter 2](../exercises/02_deck_and_deal.ipynb).
# Next: [Chapter 3 · Bidding](03_bidding.ipynb).
