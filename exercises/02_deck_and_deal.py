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
# # Exercises · Chapter 2 · The deck and the deal
#
# These exercises go with
# [Chapter 2 · The deck and the deal](../notebooks/02_deck_and_deal.ipynb).
# They practise reading a deal, the dealing order and the dealer's
# rotation, and one exact probability.
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

# %%
from spadeslib import Game, Rules, Seat
from spadeslib.exercises import ____, load

SEED = 1
q1, q2, q3, q4, q5 = load("02_deck_and_deal", seed=SEED)

# %% [markdown]
# ## Exercise 2.1 · Reading a deal: count the spades
#
# Each row of a deal is one player's cards, grouped by suit.

# %%
q1.show()

# %%
answer = ____
q1.check(answer)

# %%
# q1.hint()
# q1.solution()

# %% [markdown]
# ## Exercise 2.2 · Dealing one card at a time
#
# The cards go out one at a time, clockwise, from the dealer's left.

# %%
q2.show()

# %%
answer = ____
q2.check(answer)

# %%
# q2.hint()
# q2.solution()

# %% [markdown]
# ## Exercise 2.3 · Voids
#
# A void is a suit a player holds no card of.

# %%
q3.show()

# %%
answer = ____
q3.check(answer)

# %%
# q3.hint()
# q3.solution()

# %% [markdown]
# ## Exercise 2.4 · The chance of a long spade holding
#
# Chapter 2 gives the exact chance of each spade length in a table: add up
# the rows you need, or compute each chance with `math.comb`, as the
# chapter does.

# %%
q4.show()

# %%
answer = ____
q4.check(answer)

# %%
# q4.hint()
# q4.solution()

# %% [markdown]
# ## Exercise 2.5 · The deal moves round the table
#
# After every hand the deal passes to the left.

# %%
q5.show()

# %%
answer = ____
q5.check(answer)

# %%
# q5.hint()
# q5.solution()

# %% [markdown]
# ## What next?
#
# Back to the chapter:
# [Chapter 2 · The deck and the deal](../notebooks/02_deck_and_deal.ipynb).
# Next: read chapter 3, [Bidding](../notebooks/03_bidding.ipynb),
# then do its exercises, [03_bidding](03_bidding.ipynb).
