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
# # Exercises · Chapter 9 · Strategy I: bidding
#
# These exercises go with
# [Chapter 9 · Strategy I: bidding](../notebooks/09_strategy_bidding.ipynb).
# They put numbers on bidding decisions: what a Nil is worth on average,
# when it beats a safe bid, what underbidding costs in bags, and a bid of
# your own, rated by the coach.
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
q1, q2, q3, q4 = load("09_strategy_bidding", seed=SEED)

# %% [markdown]
# ## Exercise 9.1 · What a Nil is worth on average
#
# An average over many hands: the expected value.

# %%
q1.show()

# %%
answer = ____
q1.check(answer)

# %%
# q1.hint()
# q1.solution()

# %% [markdown]
# ## Exercise 9.2 · When does a Nil beat a safe bid?
#
# The break-even probability of a Nil.

# %%
q2.show()

# %%
answer = ____
q2.check(answer)

# %%
# q2.hint()
# q2.solution()

# %% [markdown]
# ## Exercise 9.3 · What underbidding costs
#
# Overtricks look free, but they are bags.

# %%
q3.show()

# %%
answer = ____
q3.check(answer)

# %%
# q3.hint()
# q3.solution()

# %% [markdown]
# ## Exercise 9.4 · Choose a bid
#
# There is no single right bid: the coach (`spadeslib.coach`) values every
# bid over 320 deals of the unseen cards (more than the 40 or 160 the
# coach deals in chapter 10: a whole hand rides on a bid, so its value
# varies widely from deal to deal, and more deals keep the check steady),
# and the check accepts a bid it rates best or good (at most 5 points
# worse than its best bid once the noise of its deals is taken off), or
# one that those deals cannot tell from a good one.

# %%
q4.show()

# %%
answer = ____
q4.check(answer)

# %%
# q4.hint()
# q4.solution()

# %% [markdown]
# ## What next?
#
# Back to the chapter:
# [Chapter 9 · Strategy I: bidding](../notebooks/09_strategy_bidding.ipynb).
# Next: read chapter 10, [Strategy II: card play](../notebooks/10_strategy_play.ipynb),
# then do its exercises, [10_strategy_play](10_strategy_play.ipynb).
