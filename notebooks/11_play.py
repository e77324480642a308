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
#   tricks of the hand, the score sheet and the log that explains each event;
# - how to ask the coach for a hint or for what your hand is worth, how to
#   undo a decision or replay a deal, and how to **check your play** after a
#   hand: the coach rates each of your decisions by the points it was
#   expected to lose, with its reason.
#
# You sit **South**. Your partner is **North**; **East** and **West** play
# against you.

# %% [markdown]
# ## How to use the table
#
# - **The table.** Your cards are fanned at the bottom, sorted by suit; your
#   partner sits at the top, the opponents left and right, each with their
#   level, bid, tricks won and cards left; a yellow frame and ▶ mark whose turn
#   it is. The trick in play is in the middle, with who played what. Beside
#   the felt: the score sheet (click its title to fold it), the bids in
#   bidding order, the tricks of this hand (◀ ▶ to look back at each one) and
#   a log of what happened.
# - **Bidding.** The buttons offer exactly the bids the rules allow you now:
#   numbers, Nil, Blind Nil (while your cards are still face down: press
#   *Look at my cards* to see them instead), Blind Seven with the joker deck,
#   or the one bid that mirror, whiz or suicide leaves you. *How good is my
#   hand?* gives the coach's estimate: the tricks you can expect and a bid.
# - **Playing.** Click a card. The cards you may not play now are dimmed;
#   click one anyway and the table tells you why ("You must follow clubs: you
#   hold the 9♣ ..."); the message stays until your next move.
# - **Keyboard.** Arrows move between your cards, *Enter* plays the card in
#   focus; digits bid (two quick digits for 10-13), *n* bids Nil, *l* looks,
#   *h* asks for a hint, *u* undoes. Every card and button names itself in
#   words for a screen reader ("king of spades"), and each play is announced.
# - **Special decisions.** Under `classic` and `yppedia` a Blind Nil bidder and
#   partner pass two cards each (click two cards, then *Pass*). In the
#   two-player game you draw: keep the card shown or take the next one.
# - **Controls.** *Hint* asks the coach what it would do, and why. *Undo*
#   takes back your last decision (the bots then answer exactly as before, so
#   you can try another card); *Replay this deal* plays the hand again from
#   the same cards. The bots' speed is *Step* (press *Next move* for each
#   bot move), *Slow*, *Normal* or *Fast*; *Pause* stops them. *Check my play*
#   opens the coach's review of the last hand (it also opens by itself when a
#   hand ends).
# - **Options**: the rule set and its variants (each explained in words), the
#   level of your partner and of your opponents, a seed (type the number your
#   teacher gave you: *New game* deals exactly that game; leave it empty for
#   a fresh deal), a four-colour deck and large print. *Save* downloads the
#   game to your computer as a record file and *Load* opens one; a game in
#   progress is also kept in your own browser, so reloading the page offers
#   to resume it.
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
# that you can follow them (change the speed under the table); everything
# that happens is written in the log beside the table.

# %%
from spadeslib.table import SpadesTable

table = SpadesTable("cards4net", seed=2024)
table

# %% [markdown]
# Want another rule set? Open *Options*, or start a table in a new cell, for
# example `SpadesTable("classic+mirror", partner="novice")` or
# `SpadesTable("two-player")`.

# %% [markdown]
# ## Playing from code
#
# The buttons send the same requests as these methods, which you can call
# yourself: `table.bid(4)`, `table.bid("nil")`, `table.look()`,
# `table.play("QH")`, `table.keep()`, `table.exchange("2C 3D")`,
# `table.hint()`, `table.estimate()`, `table.undo()`, `table.replay_deal()`,
# `table.new_hand()`, `table.review()`, `table.save("game.json")`. That makes
# it easy to show a whole hand here. Our learner plays like many beginners:
# they look at their cards, bid 3 whatever they hold, and always play their
# lowest legal card. (A second table, at the `instant` speed, so the bots
# answer at once.)

# %%
demo = SpadesTable("cards4net", seed=11, speed="instant")


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
# The message tells what happened since our last decision: here, the deal
# and the bids before ours. Before bidding we may ask the coach how good our
# hand is:

# %%
print(demo.estimate().text)

# %% [markdown]
# We bid; the message reports our bid and everything the bots did after it,
# up to our next turn:

# %%
beginner_move(demo)
print(demo.message)

# %% [markdown]
# A refused move changes nothing and says why, to you:

# %%
accepted = demo.play("AS")
print(accepted, "-", demo.message.splitlines()[0])

# %% [markdown]
# *Undo* takes a decision back; the bots are seeded by the position, so if
# we make the same decision again they answer exactly as before:

# %%
before = demo.to_json()
beginner_move(demo)
after = demo.to_json()
demo.undo()
print("back where we were:", demo.to_json() == before)
beginner_move(demo)
print("same answers from the bots:", demo.to_json() == after)

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
# When a hand ends, the table opens the coach's review (or call
# `table.review()`). For each of your decisions the coach rebuilds exactly
# what you could see at that moment (your cards, the bids, the cards played
# so far, never the other hands), plays out many deals of the unseen cards,
# and says how many points your choice was expected to lose against the
# best one. Each decision gets a rating on a published scale: best, good,
# inaccuracy, mistake, blunder (forced moves are not rated).

# %%
review = demo.review()
print(review.summary)
print(review.counts)

# %% [markdown]
# Decision by decision (on the table the same rows are in the review panel):

# %%
for row in review.rows[:8]:
    lost = "" if row.loss is None else f"-{row.loss:.0f}" if round(row.loss) else "0"
    print(f"{row.when:>8}: you {row.yours:<6} best {row.best:<6} {row.rating} {lost}")

# %% [markdown]
# and the worst one explained:

# %%
worst = max(review.rows, key=lambda row: row.loss or 0)
print(worst.text)

# %% [markdown]
# ## A classroom page without code
#
# For a class, `make voila` serves a page with just the table (no code),
# built from the same widget. From the project folder run:
#
# ```bash
# make voila
# ```
#
# and open the address it prints (by default http://localhost:8866). Each
# visitor gets their own table; a link such as `?rules=classic&seed=2024`
# gives the whole class the same deal. Save and Load move record files
# between the page and the visitor's own computer, never the server's disk.

# %% [markdown]
# ## Summary
#
# - `SpadesTable()` is a Spades table for one learner, with bots in the other
#   seats, for every rule set of the course; it explains every event, and
#   every refused move in the second person.
# - Options choose the rules, the bots, the seed (the same seed deals the
#   same game), a four-colour deck and large print; the bots' speed, undo and
#   *Replay this deal* let you study a hand; games can be saved and loaded.
# - *Hint* and *How good is my hand?* ask the coach; *Check my play* rates
#   each of your decisions by the points it was expected to lose.
# - Everything the buttons do can be done from code, which is how this
#   chapter (and the tests) play; `TableSession` is the same table without a
#   screen.
#
# **Exercises:** [exercises for chapter 11](../exercises/11_play.ipynb).
# Back to the start: [Chapter 1 · Welcome](01_welcome.ipynb).
