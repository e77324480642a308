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
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Chapter 11 · Play
#
# ## What you will learn
#
# - how to play whole hands and games of Spades at an interactive table, with
#   a bot partner against two bot opponents, under any rule set of the course;
# - how to read the table: whose turn it is, the bids, the tricks won, the
#   last trick, the score sheet and the message line that explains each event;
# - how to ask for a hint, and how to **check your play** after a hand: the
#   table replays the hand and marks each decision where a strong bot would
#   have chosen differently, with its reason.
#
# You sit **South**. Your partner is **North**; **East** and **West** play
# against you.

# %% [markdown]
# ## How to use the table
#
# - **Bidding.** The buttons above your cards offer exactly the bids the rules
#   allow you now: numbers, Nil, Blind Nil (while your cards are still face
#   down: press *Look at my cards* to see them instead), Blind Seven with the
#   joker deck, or the one bid that mirror, whiz or suicide leaves you.
# - **Playing.** Your cards are buttons, sorted by suit. The cards you may
#   play are enabled; hover over a disabled card (or read its tooltip with a
#   screen reader) to learn why it cannot be played. Every card names itself
#   in words ("queen of hearts"), not only by colour. With the keyboard: *Tab*
#   to a card, *Enter* to play it; or type a move in the box (`QH`, `4`,
#   `nil`, `look`).
# - **Special decisions.** Under `classic` and `yppedia` a Blind Nil bidder and
#   partner pass two cards each (click two cards, then *Pass*). In the
#   two-player game you draw: keep the card shown or take the next one.
# - **Buttons.** *Hint* asks a bot what it would do, and why. *Next hand* deals
#   the next hand once one is over. *Check my play* reviews the last hand.
# - **Options** (the panel at the bottom): the rule set and its modifiers, the
#   level of your partner and of your opponents, the seed (type one to replay
#   a game your teacher chose; otherwise *New game* deals a fresh one), the
#   target score (a short game to 200, say), a four-colour deck, a move timer
#   (a random legal move is played for you when it runs out, as on YPPedia
#   tables), the bots' pause, and *New game*. *Save* and *Load* keep a game
#   in a record file, to finish it another day.
#
# These bot levels are installed:

# %%
from IPython.display import Markdown, display

from spadeslib.bots import BOTS

rows = [f"| `{name}` | {summary} |" for name, (summary, _) in BOTS.items()]
display(Markdown("\n".join(["| level | how it plays |", "| --- | --- |", *rows])))

# %% [markdown]
# ## Your table
#
# Run the next cell and play. The bots wait a little between their moves so
# that you can follow them; everything that happens is explained in the
# message line under the table.

# %%
from spadeslib.table import SpadesTable

table = SpadesTable("cards4net", seed=2024, pause=0.6)
table

# %% [markdown]
# Want another rule set? Open the options panel, or start a table in a new
# cell, for example `SpadesTable("classic+mirror", partner="random")` or
# `SpadesTable("two-player")`.

# %% [markdown]
# ## Playing from code
#
# The buttons call the same methods that you can call yourself:
# `table.bid(4)`, `table.bid("nil")`, `table.look()`, `table.play("QH")`,
# `table.keep()`, `table.take_next()`, `table.exchange("2C 3D")`,
# `table.hint()`, `table.new_hand()`, `table.save("game.json")`. That makes
# it easy to show a whole hand here. Our learner plays like many beginners:
# they look at their cards, bid 3 whatever they hold, and always play their
# lowest legal card. (A second table, with no pause, so the bots answer at
# once.)

# %%
demo = SpadesTable("cards4net", seed=11, pause=0)


def beginner_move(table):
    """Look, bid 3, then always play the lowest legal card."""
    view = table.view
    if view.hand is None:
        return table.look()
    if view.phase.value == "bidding":
        return table.bid(3)
    return table.play(min(view.legal, key=lambda card: card.rank))


print(demo.message)

# %% [markdown]
# The message line tells what happened since our last decision: here, the
# deal and East's bid. Now it is our turn; we bid, and the message line
# reports our bid and everything the bots did after it, up to our next turn:

# %%
beginner_move(demo)
print(demo.message)

# %% [markdown]
# A refused move changes nothing and says why:

# %%
accepted = demo.play("AS")
print(accepted, "-", demo.message.splitlines()[0])

# %% [markdown]
# Let us play the hand to its end.

# %%
while not demo.between_hands:
    beginner_move(demo)
print(demo.message)

# %% [markdown]
# The score sheet keeps bids, tricks, points, bags and totals for each hand:

# %%
print(demo.game)

# %% [markdown]
# ## Check my play: reviewing a finished hand
#
# After a hand, press **Check my play** (or call `table.review()`). The table
# rebuilds, for each of your decisions, exactly what you could see at that
# moment (your cards, the bids, the cards played so far, never the other
# hands) by replaying the hand from the deal, and asks a strong bot what it
# would have done. ✗ marks a decision where the bot would have chosen
# differently, with its choice and its reason; ≈ a different card that makes
# no difference (two cards next to each other in rank); · a move that was
# forced.

# %%
review = demo.review()
review

# %% [markdown]
# On the table the review goes trick by trick with *Previous* and *Next*;
# here is the first trick, then the decisions worth a second look:

# %%
print(review.step_text(1))

# %%
for entry in review.differences[:5]:
    print(f"{entry.label:>8}: {entry.sentence()}")

# %% [markdown]
# ## A classroom page without code
#
# For a class, serve this chapter as a web page that shows the table without
# any code, with [Voila](https://voila.readthedocs.io) (installed by the
# optional `voila` extra, which `make lab` and `make test` include). From the
# project folder run:
#
# ```bash
# make voila
# ```
#
# and open the address it prints (by default http://localhost:8866).

# %% [markdown]
# ## Summary
#
# - `SpadesTable()` is a Spades table for one learner, with bots in the other
#   seats, for every rule set of the course; it explains every event and every
#   refusal.
# - Options choose the rules, the bots, the seed, a four-colour deck and a
#   move timer; games can be saved and loaded as record files.
# - *Hint* shows what a bot would do and why; *Check my play* marks, trick by
#   trick, the decisions where a strong bot would have chosen differently.
# - Everything the buttons do can be done from code, which is how this
#   chapter (and the tests) play.
#
# **Exercises:** [exercises for chapter 11](../exercises/11_play.ipynb).
# Back to the start: [Chapter 1 · Welcome](01_welcome.ipynb).
