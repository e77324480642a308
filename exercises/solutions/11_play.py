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
# # Exercises · Chapter 11 · Play
#
# These exercises go with
# [Chapter 11 · Play](../../notebooks/11_play.ipynb).
# They use the library the way the play chapter does: play hands with bots
# in every seat, review a finished hand, load a saved game at a table, and
# check a beginner's play with the search coach. Each needs a few lines of
# code, all shown in chapter 11.
#
# **How it works.** First run the code cell just below this one: it loads the
# exercises (without it, Python stops with `NameError: name 'q1' is not
# defined`; run it again after a kernel restart). `q1.show()` prints an
# exercise. Replace `____` with your answer and run the cell:
# `q1.check(answer)` says *Correct*, or tells you what
# went wrong. Stuck? Uncomment `q1.hint()` for a hint, or `q1.solution()` for
# the answer and its explanation.
#
# Every exercise is built from the seed below, so your teacher may give you
# your own seed; the checks follow it.
#
# **Solutions: every answer is filled in and checked**, for this seed. <!-- SOLUTION -->
# Another seed changes the exercises: `q1.solution()` answers them. <!-- SOLUTION -->

# %%
from spadeslib import Game, Rules, Seat
from spadeslib.exercises import load

SEED = 1
q1, q2, q3, q4 = load("11_play", seed=SEED)

# %% [markdown]
# ## Exercise 11.1 · Play two hands with the bots
#
# Write the code in the empty cell, then give the score.

# %%
q1.show()

# %%
# SOLUTION CODE
from spadeslib.bots import make_bot, play_until

game = Game("cards4net", seed=q1.game_seed)
bots = {seat: make_bot("rule") for seat in game.hand.seats}
play_until(game, bots, hands=2)

# %%
answer = game.scores["NS"]  # SOLUTION
q1.check(answer)

# %%
# q1.hint()
# q1.solution()

# %%
# SOLUTION
q1.solution()

# %% [markdown]
# ## Exercise 11.2 · Review a hand: tricks won by trumping
#
# Read the tricks of a finished hand.

# %%
q2.show()

# %%
answer = "7"  # SOLUTION
q2.check(answer)

# %%
# q2.hint()
# q2.solution()

# %%
# SOLUTION
q2.solution()

# %% [markdown]
# ## Exercise 11.3 · Read a game record
#
# A saved game is a record: JSON text that *Save* writes and *Load* reads
# back at a table.

# %%
q3.show()

# %%
# SOLUTION CODE
from spadeslib.table import SpadesTable

table = SpadesTable(seed=1, speed="instant")  # any seed: the record replaces its game
table.from_json(q3.record)
print(table.game)

# %%
answer = table.game.scores["EW"]  # SOLUTION
q3.check(answer)

# %%
# q3.hint()
# q3.solution()

# %%
# SOLUTION
q3.solution()

# %% [markdown]
# ## Exercise 11.4 · Check my play with the coach
#
# Let the search coach review the hand, as chapter 11 does, and find the
# tricks where it rates South's card a mistake or a blunder.

# %%
q4.show()

# %%
# SOLUTION CODE
from spadeslib.coach import Coach

review = Coach("search", seed="ch10").review(q4.hand, "S")
print(review.summary)
lost = ", ".join(
    v.where
    for v in review.verdicts
    if v.where.startswith("trick") and v.rating in ("mistake", "blunder")
)
lost

# %%
answer = lost  # SOLUTION
q4.check(answer)

# %%
# q4.hint()
# q4.solution()

# %%
# SOLUTION
q4.solution()

# %% [markdown]
# ## What next?
#
# Back to the chapter:
# [Chapter 11 · Play](../../notebooks/11_play.ipynb).
# That was the last chapter: well done!
# The chapter ends with where to go from here.
