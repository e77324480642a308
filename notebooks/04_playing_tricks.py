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
# # Chapter 4 · Playing tricks
#
# ## What you will learn
#
# - what a *trick* is and who leads it;
# - the one duty of every player: **follow suit** if you can;
# - what you may do when you cannot follow: trump with a spade or throw any
#   other card away;
# - who wins a trick;
# - how to ask the library which cards are legal, and why a card is not.

# %%
from IPython.display import Markdown, display

from spadeslib import Card, Hand, IllegalAction, Rules, Seat, trick_winner
from spadeslib.display import cards_text, wrapped


def show_table(headers, rows):
    """Display rows as a Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join(str(x) for x in row) + " |" for row in rows]
    display(Markdown("\n".join(lines)))


def symbols(cards):
    """Cards as a short string such as '2♣ K♥ A♠'."""
    return " ".join(card.symbol for card in cards)


# %% [markdown]
# ## A hand to play
#
# We deal a hand ourselves, so that the story is easy to follow. West is the
# dealer, so North, on West's left, bids first and leads the first trick.
# (Bidding is chapter 3; here everybody simply bids something.)

# %%
deal = {
    "N": "KH QH 4H AC KC 5C 3C QD 7D 5D KS 6S 3S",
    "E": "AH 9H 8H 7H 6H QC JC 9C AD 3D QS 8S 4S",
    "S": "10C 8C 7C 6C 4C KD JD 10D 9D 8D 6D 2S 5S",
    "W": "JH 10H 5H 3H 2H 2C 4D 2D AS JS 10S 9S 7S",
}
hand = Hand(Rules(), dealer="W", deal=deal)
for bid in (3, 3, 2, 4):
    hand.apply(bid)
print(hand)

# %% [markdown]
# ## Leading
#
# A trick is one card from each player, in clockwise order. The first card
# is the *lead*. North may lead these cards:

# %%
print(hand.turn.full, "may lead:", symbols(hand.legal_actions()))
print(hand.turn.full, "holds:   ", cards_text(hand.holding[hand.turn]))

# %% [markdown]
# Every card except the spades! Leading spades has its own rule, the subject
# of chapter 5. North leads the king of hearts.

# %%
hand.apply("KH")

# %% [markdown]
# ## Following suit
#
# Hearts were led, and East holds hearts. So East must play a heart, any
# heart: the library lists exactly the hearts.

# %%
print("East may play:", symbols(hand.legal_actions()))

# %% [markdown]
# What if East tries a club anyway? `why_illegal` answers in words, and
# `apply` refuses the card (leaving the hand unchanged):

# %%
print(hand.why_illegal("QC"))
try:
    hand.apply("QC")
except IllegalAction as error:
    print(f"refused: rule {error.rule!r}, seat {error.seat.full}, card {error.action}")
print("cards in the trick so far:", symbols(card for _, card in hand.trick))

# %% [markdown]
# Note that East does **not** have to beat the king: the six of hearts is
# just as legal as the ace. East plays the ace, which beats the king.

# %%
hand.apply("AH")

# %% [markdown]
# ## When you cannot follow: trumping
#
# South has no hearts at all (South is *void* in hearts). Then any card is
# legal, a spade included:

# %%
print("South holds:  ", cards_text(hand.holding[Seat.SOUTH]))
print("South may play:", symbols(hand.legal_actions()))
print("all 13 cards legal:", len(hand.legal_actions()) == len(hand.holding[Seat.SOUTH]))

# %% [markdown]
# South *trumps* ("cuts") with the lowest spade. West still has hearts, so
# West must follow.

# %%
hand.apply("2S")
print("West may play:", symbols(hand.legal_actions()))
hand.apply("2H")

# %% [markdown]
# ## Who won?
#
# The highest spade in a trick wins it; if there is no spade, the highest
# card of the suit led wins. The little 2♠ beat the ace of hearts:

# %%
first = hand.tricks[0]
print(first)
print("winner:", first.winner.full, "with", first.card_of(first.winner).name)
print("next to lead:", hand.turn.full)

# %% [markdown]
# The winner of a trick leads the next one. Let us play three more tricks.
# South leads a club; West has a single club and must play it; North takes
# the trick with the ace.

# %%
for card in ["4C", "2C", "AC", "9C"]:
    hand.apply(card)
print(hand.tricks[-1])

# %% [markdown]
# ## Throwing a card away
#
# North leads the king of clubs. West has no club left. West could trump,
# but chooses to throw away (*discard*) a small heart. A card of another
# suit that is not a spade can never win: North keeps the trick.

# %%
for card in ["KC", "JC", "6C"]:
    hand.apply(card)
print("West holds:  ", cards_text(hand.holding[Seat.WEST]))
print("West may play:", symbols(hand.legal_actions()))
hand.apply("3H")
print(hand.tricks[-1])

# %% [markdown]
# This time West trumps with the seven of spades and wins:

# %%
for card in ["5C", "QC", "10C", "7S"]:
    hand.apply(card)
print(hand.tricks[-1])

# %% [markdown]
# Here are the four tricks so far, the winner in bold, and the tricks each
# player has won:

# %%
for trick in hand.tricks:
    display(trick)
print({seat.full: won for seat, won in hand.tricks_won.items()})

# %% [markdown]
# Everybody at the table saw who could not follow. Each player's *view* of
# the hand (what that player is allowed to see) keeps track of the suits
# each seat has *shown out of* (a player shows out of a suit by not
# following it: everyone then knows that player holds none of it). Chapter
# 10 uses this to read the cards.

# %%
voids = hand.view("N").voids()
for seat, suits in voids.items():
    print(
        f"{seat.full:<5} has shown out of: {', '.join(s.plural for s in suits) or '-'}"
    )

# %% [markdown]
# ## Who wins? A table of tricks
#
# `trick_winner(rules, plays)` decides any trick. Each row below is a trick
# led by North; the library names the winner.

# %%
rules = Rules()
tricks = [
    ("a low spade beats an ace", "KH AH 2S 2H"),
    ("a trump beats the suit led", "5C QC 10C 7S"),
    ("a discard never wins", "KC JC 6C 3H"),
    ("a higher spade overtrumps", "QH 6H 5S 9S"),
    ("an ace of another suit does not win", "3D AC KH 4D"),
    ("no spade, no void: highest of the suit led", "4D 2D 3D AD"),
    ("spades led: the highest spade", "10S JS 3S 2S"),
]
rows = []
for label, cards in tricks:
    plays = list(zip(Seat, Card.parse_many(cards), strict=True))
    winner = trick_winner(rules, plays)
    shown = " · ".join(f"{seat}:{card.symbol}" for seat, card in plays)
    rows.append((label, shown, f"{winner.full} ({dict(plays)[winner].symbol})"))
show_table(["what it shows", "trick (N leads)", "winner"], rows)

# %% [markdown]
# ## Other mistakes the library catches
#
# Every refusal carries a short rule name (`error.rule`), useful when you
# write your own programs, and a sentence for people:

# %%
attempts = [("E", "AD"), ("W", "KD"), ("W", "XX")]
for seat, card in attempts:
    error = hand.check(card, seat=seat)
    print(wrapped(f"{seat} plays {card}: {error.rule:<14} {error}", indent=29))
print("legal for West now:", symbols(hand.legal_actions()))

# %% [markdown]
# West's spades are in that list although North could not lead a spade at
# the start: South's 2♠ in the first trick *broke* spades, and from then on
# anyone may lead them (chapter 5).
#
# For a legal card, `check` returns `None` (and `why_illegal` too). West
# leads the next trick and may lead the jack of hearts:

# %%
print(hand.check("JH", seat="W"))

# %% [markdown]
# ## Quick quiz
#
# Four questions on this chapter. Click an answer and the quiz tells you at once whether it is right (where widgets do not show, answer with `quiz.check(1, "b")`).

# %%
from spadeslib import Card, Hand, Rules, Seat, trick_winner
from spadeslib.quiz import Question, Quiz

N, E, S, W = Seat


def winner(*cards):
    """The winner of a trick led by North, cards given in play order."""
    plays = list(zip([N, E, S, W], map(Card.parse, cards), strict=True))
    return trick_winner(Rules(), plays).full


deal = {
    "N": "AS KS QS AH KH QH JH AD KD QD JD AC KC",
    "E": "JS 10S 9S 10H 9H 8H 7H 10D 9D 8D 7D QC JC",
    "S": "8S 7S 6S 5S 4S 6H 5H 6D 5D 4D 10C 9C 8C",
    "W": "3S 2S 4H 3H 2H 3D 2D 7C 6C 5C 4C 3C 2C",
}
hand = Hand(deal=deal)  # North deals: East bids and leads first
for bid in (3, 3, 3, 4):
    hand.apply(bid)
hand.apply("10H")  # East leads a heart; South holds hearts
must_follow = hand.is_legal("8S")
for card in ("6H", "4H", "AH"):
    hand.apply(card)
after = hand
seats = [seat.full for seat in Seat]
quiz = Quiz(
    "Quick quiz: chapter 4",
    [
        Question(
            "North leads the K♥; East plays 3♠, South A♥, West 2♥. Who wins?",
            seats,
            answer=winner("KH", "3S", "AH", "2H"),
            why="A spade (trump) beats every card of the suit led.",
            wrong={
                "North": "The K♥ led is beaten twice: by the A♥ and by a trump.",
                "South": "The A♥ is the highest heart, but East played a spade.",
                "West": "The 2♥ is the lowest card of the trick.",
            },
        ),
        Question(
            "North leads the 5♦; East plays A♣, South 9♦, West 2♦. Who wins?",
            seats,
            answer=winner("5D", "AC", "9D", "2D"),
            why="The A♣ is a discard: only diamonds (or trumps) can win.",
            wrong={
                "North": "The 9♦ is higher than the 5♦ led.",
                "East": "The A♣ is neither a diamond nor a spade: a discard never "
                "wins, however high.",
                "West": "The 2♦ is the lowest diamond of the trick.",
            },
        ),
        Question(
            "East leads the 10♥. South holds two hearts. May South play the 8♠?",
            ["yes", "no"],
            answer="yes" if must_follow else "no",
            why="You must follow suit when you can.",
        ),
        Question(
            "East leads the 10♥; South plays the 6♥, West the 4♥ and North the "
            "A♥. Who leads next?",
            seats,
            answer=after.turn.full,
            why="The winner of a trick leads the next one.",
            hint="The lead does not go round the table: who won the trick?",
        ),
    ],
)
quiz.show()


# %% [markdown]
# ## Summary
#
# - A trick is one card from each player, clockwise; the winner of a trick
#   leads the next one.
# - If you hold the suit led, you must play it, but you never have to beat
#   the cards already played.
# - If you cannot follow, you may play anything: a spade (trumping) or a card
#   of another suit (a discard, which can never win).
# - The highest spade wins the trick; with no spade in it, the highest card
#   of the suit led.
# - `hand.legal_actions()` lists the legal cards; `hand.why_illegal(card)`
#   explains a refusal.
#
# **Exercises:** [exercises for chapter 4](../exercises/04_playing_tricks.ipynb).
# Next: [Chapter 5 · Breaking spades](05_breaking_spades.ipynb).
