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
# # Chapter 5 · Breaking spades
#
# ## What you will learn
#
# - why you may not *lead* a spade at the start of a hand;
# - the one exception: a leader who holds nothing but spades;
# - what "breaks" spades, so that they may be led from then on;
# - that trumping is always allowed, broken or not;
# - the first trick under each rule set, and when spades break in practice,
#   measured over many hands played by bots.

# %%
# %matplotlib inline
from collections import Counter

import matplotlib.pyplot as plt
from IPython.display import Markdown, display

from spadeslib import PRESETS, Game, Hand, Phase, Rules
from spadeslib.bots import make_bot, play_until
from spadeslib.display import cards_text, wrapped

plt.rcParams.update({"figure.dpi": 96, "savefig.dpi": 96, "font.size": 11})
BLUE, ORANGE, GREEN, RED = "#0072B2", "#E69F00", "#009E73", "#D55E00"


def show_table(headers, rows):
    """Display rows as a Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    display(Markdown("\n".join(lines)))


def symbols(cards):
    """Cards as a short string such as '2♣ K♥ A♠'."""
    return " ".join(card.symbol for card in cards)


# %% [markdown]
# ## Spades may not be led until they are broken
#
# Here is a hand dealt by West, so North leads the first trick. North holds
# four spades, but the library does not offer any of them as a lead:

# %%
deal = {
    "N": "AC KC QC 3C AH 4H AD 5D 4D KS 8S 6S 5S",
    "E": "KH QH JH 10H 9H KD QD 9D 8D AS QS 3S 2S",
    "S": "JC 10C 9C 8C 7C 8H 7H 6H JD 10D 7D 9S 7S",
    "W": "6C 5C 4C 2C 5H 3H 2H 6D 3D 2D JS 10S 4S",
}
hand = Hand(Rules(), dealer="W", deal=deal)
for bid in (4, 5, 1, 2):
    hand.apply(bid)
print("North holds:   ", cards_text(hand.holding[hand.turn]))
print("North may lead:", symbols(hand.legal_actions()))
print("spades broken? ", hand.spades_broken)

# %%
print(wrapped(hand.why_illegal("KS")))

# %% [markdown]
# ## A discard does not break spades
#
# North leads the ace of clubs. East has no clubs. Look at East's legal
# cards: the spades are there! The rule is about **leading** only; a player
# who cannot follow suit may always trump.

# %%
hand.apply("AC")
print("East holds:   ", cards_text(hand.holding[hand.turn]))
print("East may play:", symbols(hand.legal_actions()))

# %% [markdown]
# East decides not to trump and throws away a heart instead. No spade has
# been played, so spades are still not broken:

# %%
for card in ["9H", "7C", "2C"]:
    hand.apply(card)
print(hand.tricks[-1])
print("spades broken?", hand.spades_broken)
print("North may lead:", symbols(hand.legal_actions()))

# %% [markdown]
# ## Trumping breaks spades
#
# North leads the king of clubs, and this time East trumps with the two of
# spades. The moment a spade is played on a trick led in another suit,
# spades are *broken*:

# %%
hand.apply("KC")
hand.apply("2S")
print("spades broken?", hand.spades_broken)
for card in ["8C", "4C"]:
    hand.apply(card)
print(hand.tricks[-1])

# %% [markdown]
# East won the trick and leads the next one. Now the spades are among East's
# legal leads:

# %%
print("East may lead:", symbols(hand.legal_actions()))
print(hand.why_illegal("AS"))

# %% [markdown]
# `why_illegal` returns `None`: leading the ace of spades is legal now.

# %% [markdown]
# ## The exception: nothing but spades
#
# A leader who holds only spades must be able to lead *something*, so a
# spade may be led even before spades are broken. Leading it breaks spades
# (source 001 says so explicitly). In this deal North holds twelve spades and
# the ace of hearts:

# %%
only = {
    "N": "AH AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S",
    "E": "KH QH JH AC KC QC JC 10C AD KD QD JD 10D",
    "S": "10H 9H 8H 9C 8C 7C 6C 5C 9D 8D 7D 6D 5D",
    "W": "7H 6H 5H 4H 3H 2H 4C 3C 2C 4D 3D 2D 2S",
}
hand = Hand(Rules(), dealer="W", deal=only)
for bid in (8, 4, 1, 1):
    hand.apply(bid)
print("first trick, North may lead:", symbols(hand.legal_actions()))
for card in ["AH", "KH", "10H", "7H"]:
    hand.apply(card)
print(hand.tricks[-1])

# %% [markdown]
# North won the first trick and now holds only spades, which are not broken
# yet. The library offers every spade, and leading one breaks spades:

# %%
print("spades broken?", hand.spades_broken)
print("North may lead:", symbols(hand.legal_actions()))
hand.apply("AS")
print("after leading A♠, spades broken?", hand.spades_broken)

# %% [markdown]
# The extreme case is a player dealt thirteen spades: then even the first
# trick may be led with a spade.

# %%
thirteen = {
    "N": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
    "E": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
}
hand = Hand(Rules(), dealer="W", deal=thirteen)
for bid in (13, 0, 0, 0):
    hand.apply(bid)
print("North may lead:", symbols(hand.legal_actions()))

# %% [markdown]
# ## The first trick under each rule set
#
# Some sources add "the first trick may never be led with a spade". With the
# breaking rule that is automatic: nobody can have broken spades before the
# first lead. The joker variant (chapter 8) is different: there the dealer
# leads, and any card may be led at any time. Let us deal a hand from the
# same seed under several rule sets and ask who leads first and which
# trumps that player may lead. (The joker deck swaps two low cards for two
# jokers, which are trumps: chapter 8. The cell prints which.)

# %%
specs = [name for name in PRESETS if Rules(name).players == 4]
specs += ["cards4net+jokers"]
rows = []
for spec in specs:
    rules = Rules.parse(spec)
    game = Game(rules, seed=3, dealer="W")
    hand = game.hand
    while hand.phase is Phase.BIDDING:  # everybody bids 3 (or what they must)
        legal = hand.legal_actions()
        hand.apply(3 if hand.is_legal(3) else legal[0])
    leads = hand.legal_actions()
    trumps = [card for card in leads if rules.is_trump(card)]
    held = [card for card in hand.holding[hand.turn] if rules.is_trump(card)]
    rows.append(
        (
            spec,
            "yes" if rules.must_break_spades else "no",
            hand.turn.full,
            len(held),
            symbols(trumps) or "none",
        )
    )
    if rules.jokers:
        jokers_in = ", ".join(c.symbol for c in rules.deck if c.is_joker)
        print(f"{spec}: {symbols(rules.removed_cards)} are swapped for {jokers_in}")
show_table(
    [
        "rules",
        "spades must be broken first?",
        "first leader",
        "trumps in leader's hand",
        "trumps it may lead",
    ],
    rows,
)

# %% [markdown]
# ## When do spades break in a real game?
#
# Let four robot players play many hands, and note, for each hand, the first
# trick with a spade in it and how spades were broken: by **trumping** a
# trick led in another suit, or by a leader who had **only spades** left.

# %%
LEVEL = "rule"
HANDS = 300
game = Game("cards4net", seed=55)
bots = {seat: make_bot(LEVEL, seed=f"ch5/{seat.letter}") for seat in game.hand.seats}
broken_at = Counter()
how = Counter()
never = 0
played = 0
while played < HANDS:
    if game.is_over:
        game = Game("cards4net", seed=f"55/{played}")
    play_until(game, bots, hands=1)
    hand = game.finished_hands[-1]
    played += 1
    rules = hand.rules
    first = next(
        (i for i, t in enumerate(hand.tricks, 1) if any(map(rules.is_trump, t.cards))),
        None,
    )
    if first is None:
        never += 1
        continue
    broken_at[first] += 1
    led = hand.tricks[first - 1].cards[0]
    how["only spades left to lead" if rules.is_trump(led) else "trumped"] += 1
print(f"{played} hands played by {LEVEL!r} bots")
print("how spades were broken:", dict(sorted(how.items())))
print("hands in which no spade was ever played:", never)

# %%
tricks = list(range(1, 14))
fig, ax = plt.subplots(figsize=(8, 4))
ax.bar(tricks, [broken_at[t] / played for t in tricks], color=BLUE)
ax.set_title(f"Trick in which spades are broken ({played} hands, {LEVEL} bots)")
ax.set_xlabel("trick number")
ax.set_ylabel("share of hands")
ax.set_xticks(tricks)
plt.show()
early = sum(broken_at[t] for t in range(1, 5)) / played
print(f"spades broken within the first four tricks: {early:.0%} of the hands")

# %% [markdown]
# Nearly always, spades are broken by trumping: a player who runs out of
# the suit led may play a spade, and the bots often do. A discard (like
# East's heart above) leaves spades unbroken, so they can stay unbroken
# after the first void. Counting which suits have been played (chapter 10) tells you
# when a player is about to run out.

# %% [markdown]
# ## Quick quiz
#
# Four questions on this chapter. Click an answer and the quiz tells you at once whether it is right (where widgets do not show, answer with `quiz.check(1, "b")`).

# %%
from spadeslib import Hand, Rules
from spadeslib.quiz import Question, Quiz

deal = {
    "N": "AS KS QS AH KH QH JH AD KD QD JD AC KC",
    "E": "JS 10S 9S 10H 9H 8H 7H 10D 9D 8D 7D QC JC",
    "S": "8S 7S 6S 5S 4S 7C 6C 6D 5D 4D 10C 9C 8C",
    "W": "3S 2S 6H 5H 4H 3H 2H 3D 2D 5C 4C 3C 2C",
}
hand = Hand(deal=deal)  # North deals: East leads first
for bid in (3, 3, 3, 4):
    hand.apply(bid)
east_may_lead_spade = hand.is_legal("JS")
for card in ("10H", "4S", "2H", "AH"):  # South has no hearts and trumps
    hand.apply(card)
south_may_lead_spade = hand.is_legal("5S")  # South won the trick
jokers = Rules.parse("classic+jokers")
quiz = Quiz(
    "Quick quiz: chapter 5",
    [
        Question(
            "First trick: East holds spades and three other suits. "
            "May East lead the J♠?",
            ["yes", "no"],
            answer="yes" if east_may_lead_spade else "no",
            why="Spades are not broken yet, and East holds other suits.",
        ),
        Question(
            "East leads the 10♥; South, who has no hearts, wins it with the 4♠. "
            "May South now lead a spade?",
            ["yes", "no"],
            answer="yes" if south_may_lead_spade else "no",
            why="Trumping is always allowed, and the 4♠ broke spades.",
        ),
        Question(
            "With the joker variant (chapter 8), must spades be broken before they "
            "are led?",
            ["yes", "no"],
            answer="yes" if jokers.must_break_spades else "no",
            why="With the jokers any card may be led at any time.",
        ),
        Question(
            "With the joker variant (chapter 8), who leads the first trick?",
            ["the dealer", "the player left of the dealer"],
            answer="the dealer"
            if jokers.dealer_leads
            else "the player left of the dealer",
            why="With the jokers the dealer leads the first trick (source 004).",
        ),
    ],
)
quiz.show()


# %% [markdown]
# ## Summary
#
# - You may not lead a spade until spades are broken, unless you hold
#   nothing but spades.
# - Spades break when a spade is played on a trick led in another suit, or
#   when a leader with only spades leads one.
# - The rule is only about leading: when you cannot follow suit you may
#   always trump.
# - The first trick therefore opens with another suit (save for a hand of
#   thirteen spades); the joker variant drops the rule altogether.
#
# **Exercises:** [exercises for chapter 5](../exercises/05_breaking_spades.ipynb).
# Next: [Chapter 6 · Scoring a hand](06_scoring.ipynb).
